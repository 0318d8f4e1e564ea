//! The API server's own CustomResourceDefinition controllers
//! (apiextensions-apiserver's `status/naming_controller.go`,
//! `establish/establishing_controller.go` and
//! `finalizer/crd_finalizer.go`), as one loop over a CRD:
//! - its names are accepted unless another CRD of the group already uses
//!   them (`NamesAccepted`), and once accepted it is `Established`: only
//!   then are its objects served;
//! - deleted, it first deletes every object of its kind, then lets go of
//!   its cleanup finalizer.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::custom::{kind_of, set_condition, CLEANUP_FINALIZER};
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{CustomResourceDefinition, CustomResourceDefinitionNames};
use kubeplay_model::goquote::quote;
use kubeplay_model::{Kind, Object, ObjectKey};

pub struct CrdController;

/// The names the CRD asks for, with the defaults the API server gives
/// (singular and listKind from the kind).
fn requested(crd: &CustomResourceDefinition) -> CustomResourceDefinitionNames {
    let mut n = crd.spec.names.clone();
    if n.singular.is_empty() {
        n.singular = n.kind.to_ascii_lowercase();
    }
    if n.list_kind.is_empty() && !n.kind.is_empty() {
        n.list_kind = format!("{}List", n.kind);
    }
    n
}

/// Why another CRD of the same group keeps this one from its names
/// (`getAcceptedNamesForGroup` and `calculateNamesAndConditions`): the
/// reason and message of a NamesAccepted=False, or None.
fn conflict(crd: &CustomResourceDefinition, store: &Store) -> Option<(&'static str, String)> {
    let want = requested(crd);
    let others: Vec<CustomResourceDefinitionNames> = store
        .list(Kind::CustomResourceDefinition, None)
        .filter_map(|o| o.as_crd())
        .filter(|o| o.metadata.name != crd.metadata.name && o.spec.group == crd.spec.group)
        .map(|o| o.status.accepted_names.clone())
        .collect();
    fn resources(o: &CustomResourceDefinitionNames) -> Vec<&str> {
        vec![o.plural.as_str(), o.singular.as_str()]
    }
    fn shorts(o: &CustomResourceDefinitionNames) -> Vec<&str> {
        o.short_names.iter().map(String::as_str).collect()
    }
    fn kinds(o: &CustomResourceDefinitionNames) -> Vec<&str> {
        vec![o.kind.as_str(), o.list_kind.as_str()]
    }
    let used = |f: fn(&CustomResourceDefinitionNames) -> Vec<&str>, name: &str| !name.is_empty() && others.iter().any(|o| f(o).contains(&name));
    if used(resources, &want.plural) {
        return Some(("PluralConflict", format!("{} is already in use", quote(&want.plural))));
    }
    if used(resources, &want.singular) {
        return Some(("SingularConflict", format!("{} is already in use", quote(&want.singular))));
    }
    for s in &want.short_names {
        if used(shorts, s) {
            return Some(("ShortNamesConflict", format!("{} is already in use", quote(s))));
        }
    }
    if used(kinds, &want.kind) {
        return Some(("KindConflict", format!("{} is already in use", quote(&want.kind))));
    }
    if used(kinds, &want.list_kind) {
        return Some(("ListKindConflict", format!("{} is already in use", quote(&want.list_kind))));
    }
    None
}

impl Controller for CrdController {
    fn id(&self) -> ControllerId {
        ControllerId::Crd
    }
    fn component(&self) -> &'static str {
        "apiextensions-apiserver"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::CustomResourceDefinition => {
                enqueue(change.key.clone());
                // A CRD that goes frees its names for the rest of its group.
                if change.new.is_none() {
                    for o in store.list(Kind::CustomResourceDefinition, None) {
                        if o.as_crd().is_some_and(|c| !kubeplay_apiserver::custom::established(c)) {
                            enqueue(o.key());
                        }
                    }
                }
            }
            // The last object of a deleted CRD's kind gone: its finalizer can go.
            Kind::Custom(_) if change.new.is_none() => {
                if let Some(crd) = kubeplay_apiserver::custom::crd_for(store, change.key.kind) {
                    if crd.metadata.deletion_timestamp.is_some() {
                        enqueue(ObjectKey::new(Kind::CustomResourceDefinition, "", &crd.metadata.name));
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        ctx.desired("a CRD's names accepted and its kind served; a deleted CRD's objects deleted before it goes");
        let Some(obj) = ctx.get(key) else {
            ctx.observed(format!("CustomResourceDefinition {} is gone", key.name));
            ctx.explain(format!("CustomResourceDefinition {} is gone: nothing to do", key.name));
            return;
        };
        let Object::CustomResourceDefinition(crd) = &*obj else { return };
        if crd.metadata.deletion_timestamp.is_some() {
            self.finalize(key, crd, ctx);
            return;
        }
        let now = ctx.now();
        let mut updated = (**crd).clone();
        let conflict = conflict(crd, ctx.store());
        match &conflict {
            None => {
                updated.status.accepted_names = requested(crd);
                set_condition(&mut updated, "NamesAccepted", "True", "NoConflicts", "no conflicts found", now);
                if !kubeplay_apiserver::custom::established(crd) {
                    set_condition(&mut updated, "Established", "True", "InitialNamesAccepted", "the initial names have been accepted", now);
                }
            }
            Some((reason, message)) => {
                set_condition(&mut updated, "NamesAccepted", "False", reason, message, now);
                if !kubeplay_apiserver::custom::established(crd) {
                    set_condition(&mut updated, "Established", "False", "NotAccepted", "not all names are accepted", now);
                }
            }
        }
        if updated.status == crd.status {
            ctx.observed(format!("CustomResourceDefinition {} is established as {}", key.name, crd.spec.names.kind));
            ctx.explain(format!("CustomResourceDefinition {}: its status is current", key.name));
            return;
        }
        if let Err(e) = ctx.update_status(Object::CustomResourceDefinition(Box::new(updated))) {
            ctx.requeue_rate_limited(key.clone());
            ctx.explain(format!("updating CustomResourceDefinition {} failed ({e}); retrying with back-off", key.name));
            return;
        }
        match conflict {
            None => {
                let _ = kind_of(crd);
                ctx.observed(format!("CustomResourceDefinition {}: no other CRD of group {} uses its names", key.name, crd.spec.group));
                ctx.explain(format!("CustomResourceDefinition {}: names accepted, established: {} objects are served now", key.name, crd.spec.names.kind));
            }
            Some((_, message)) => {
                ctx.observed(format!("CustomResourceDefinition {}: {message}", key.name));
                ctx.explain(format!("CustomResourceDefinition {}: its names are not accepted ({message}), so its kind is not served", key.name));
            }
        }
    }
}

impl CrdController {
    /// `crd_finalizer.go`: delete every object of the kind, then remove
    /// the finalizer.
    fn finalize(&self, key: &ObjectKey, crd: &CustomResourceDefinition, ctx: &mut Ctx) {
        if !crd.metadata.finalizers.iter().any(|f| f == CLEANUP_FINALIZER) {
            ctx.observed(format!("CustomResourceDefinition {} is being deleted", key.name));
            ctx.explain(format!("CustomResourceDefinition {}: waiting for other finalizers", key.name));
            return;
        }
        let kind = kind_of(crd);
        let objects: Vec<ObjectKey> = kind.map(|k| ctx.store().list(k, None).map(|o| o.key()).collect()).unwrap_or_default();
        let now = ctx.now();
        if !objects.is_empty() {
            ctx.observed(format!("CustomResourceDefinition {} is being deleted with {} left", key.name, crate::controllers::plural(objects.len(), "object")));
            let mut deleting = 0;
            for k in &objects {
                let gone = ctx.get(k).is_some_and(|o| o.meta().deletion_timestamp.is_some());
                if !gone && ctx.delete(k, DeleteOptions::default()).is_ok() {
                    deleting += 1;
                }
            }
            let mut updated = crd.clone();
            set_condition(&mut updated, "Terminating", "True", "InstanceDeletionInProgress", "CustomResource deletion is in progress", now);
            if updated.status != crd.status {
                let _ = ctx.update_status(Object::CustomResourceDefinition(Box::new(updated)));
            }
            ctx.explain(format!("CustomResourceDefinition {}: deleting its {} objects before it goes", key.name, deleting));
            return;
        }
        let mut updated = crd.clone();
        updated.metadata.finalizers.retain(|f| f != CLEANUP_FINALIZER);
        set_condition(&mut updated, "Terminating", "False", "InstanceDeletionCompleted", "removed all instances", now);
        ctx.observed(format!("CustomResourceDefinition {} is being deleted and no objects of its kind are left", key.name));
        if let Err(e) = ctx.update(Object::CustomResourceDefinition(Box::new(updated))) {
            ctx.requeue_rate_limited(key.clone());
            ctx.explain(format!("removing the finalizer of CustomResourceDefinition {} failed ({e}); retrying", key.name));
            return;
        }
        ctx.explain(format!("CustomResourceDefinition {}: every object is gone; removing its finalizer so it is deleted", key.name));
    }
}
