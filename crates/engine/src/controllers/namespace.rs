//! The namespace controller: a namespace being deleted has its contents
//! deleted, then its `kubernetes` finalizer removed so it goes too.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::NamespaceStatus;
use kubeplay_model::{Condition, Kind, Object, ObjectKey, Time};
use std::collections::BTreeMap;

pub struct NamespaceController;

impl Controller for NamespaceController {
    fn id(&self) -> ControllerId {
        ControllerId::Namespace
    }
    fn component(&self) -> &'static str {
        "namespace-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind == Kind::Namespace {
            enqueue(change.key.clone());
        } else if change.new.is_none() && change.key.kind.namespaced() {
            // Something went away: its namespace may now be empty.
            if let Some(ns) = store.get_by(Kind::Namespace, "", &change.key.namespace) {
                if ns.meta().deletion_timestamp.is_some() {
                    enqueue(ns.key());
                }
            }
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.observed(format!("namespace {} is gone", key.name));
            ctx.desired("nothing to clean up");
            return;
        };
        let Object::Namespace(ns) = &*obj else { return };
        if ns.metadata.deletion_timestamp.is_none() {
            ctx.observed(format!("namespace {} is active", key.name));
            ctx.desired("nothing to do until it is deleted");
            ctx.explain(format!("namespace {} is active", key.name));
            return;
        }
        let custom: Vec<Kind> = ctx.store().custom_kinds().collect();
        let contents: Vec<ObjectKey> = Kind::ALL
            .iter()
            .chain(&custom)
            .filter(|k| k.namespaced())
            .flat_map(|k| ctx.store().list(*k, Some(&key.name)).map(|o| o.key()).collect::<Vec<_>>())
            .collect();
        ctx.observed(format!("namespace {} is terminating with {} objects in it", key.name, contents.len()));
        ctx.desired(format!("every object in {} deleted, then the namespace itself", key.name));
        if contents.is_empty() {
            // Upstream's deleteAllContent updates the conditions on every
            // pass, the last one (nothing left: all False) included,
            // before the namespace is finalized.
            report_conditions(ctx, ns, &Remaining::default());
            let _ = ctx.finalize_namespace(&key.name);
            ctx.explain(format!("namespace {} is empty: removing its finalizer so it is deleted", key.name));
            return;
        }
        let mut n = 0;
        for k in &contents {
            let live = ctx.get(k);
            if live.is_some_and(|o| o.meta().deletion_timestamp.is_none()) && ctx.delete(k, DeleteOptions::default()).is_ok() {
                n += 1;
            }
        }
        // What is left after this pass (objects held by finalizers, pods
        // terminating gracefully) is reported in the namespace's conditions.
        let mut remaining = Remaining::default();
        for k in &contents {
            if let Some(o) = ctx.get(k) {
                let info = k.kind.info();
                *remaining.by_resource.entry(format!("{}.{}", info.plural, info.group)).or_default() += 1;
                for f in &o.meta().finalizers {
                    *remaining.by_finalizer.entry(f.to_string()).or_default() += 1;
                }
            }
        }
        report_conditions(ctx, ns, &remaining);
        ctx.explain(format!("namespace {} is terminating: deleting {n} objects in it ({} remain)", key.name, contents.len()));
    }
}

/// What a deletion pass left in a namespace: instances per
/// `<resource>.<group>` and per finalizer (upstream allGVRDeletionMetadata).
#[derive(Default)]
struct Remaining {
    by_resource: BTreeMap<String, usize>,
    by_finalizer: BTreeMap<String, usize>,
}

/// The condition types the namespace deleter maintains, in upstream's
/// order (status_condition_utils.go conditionTypes), with the reason and
/// message each has when nothing is wrong (status False).
const CONDITION_TYPES: [(&str, &str, &str); 5] = [
    ("NamespaceDeletionDiscoveryFailure", "ResourcesDiscovered", "All resources successfully discovered"),
    ("NamespaceDeletionGroupVersionParsingFailure", "ParsedGroupVersions", "All legacy kube types successfully parsed"),
    ("NamespaceDeletionContentFailure", "ContentDeleted", "All content successfully deleted, may be waiting on finalization"),
    ("NamespaceContentRemaining", "ContentRemoved", "All content successfully removed"),
    ("NamespaceFinalizersRemaining", "ContentRemoved", "All content successfully removed"),
];

/// The conditions a pass reports (ProcessContentTotals): discovery never
/// fails and every delete is accepted here, so only the remaining content
/// and finalizers can be True. Lists are sorted, as upstream sorts them.
fn wanted_conditions(remaining: &Remaining) -> Vec<(&'static str, bool, String, String)> {
    CONDITION_TYPES
        .iter()
        .map(|&(type_, ok_reason, ok_message)| {
            let failing = match type_ {
                "NamespaceContentRemaining" if !remaining.by_resource.is_empty() => {
                    let mut parts: Vec<String> = remaining.by_resource.iter().map(|(r, n)| format!("{r} has {n} resource instances")).collect();
                    parts.sort();
                    Some(("SomeResourcesRemain", format!("Some resources are remaining: {}", parts.join(", "))))
                }
                "NamespaceFinalizersRemaining" if !remaining.by_finalizer.is_empty() => {
                    let mut parts: Vec<String> = remaining.by_finalizer.iter().map(|(f, n)| format!("{f} in {n} resource instances")).collect();
                    parts.sort();
                    // Upstream's reason is singular here ("SomeFinalizerRemain").
                    Some(("SomeFinalizerRemain", format!("Some finalizers are remaining: {}", parts.join(", "))))
                }
                _ => None,
            };
            match failing {
                Some((reason, message)) => (type_, true, reason.to_string(), message),
                None => (type_, false, ok_reason.to_string(), ok_message.to_string()),
            }
        })
        .collect()
}

/// upstream updateConditions: add the missing types, rewrite the changed
/// ones (the transition time moves only when the status flips). True when
/// anything changed.
fn update_conditions(status: &mut NamespaceStatus, wanted: &[(&str, bool, String, String)], now: Time) -> bool {
    let mut changed = false;
    for (type_, failing, reason, message) in wanted {
        let c = Condition {
            type_: (*type_).into(),
            status: if *failing { "True" } else { "False" }.into(),
            last_transition_time: Some(now),
            reason: Some(reason.as_str().into()),
            message: Some(message.as_str().into()),
            ..Default::default()
        };
        changed |= kubeplay_model::meta::set_condition(&mut status.conditions, c);
    }
    changed
}

fn report_conditions(ctx: &mut Ctx, ns: &kubeplay_model::api::Namespace, remaining: &Remaining) {
    let mut updated = ns.clone();
    if update_conditions(&mut updated.status, &wanted_conditions(remaining), ctx.now()) {
        let _ = ctx.update_status(Object::Namespace(Box::new(updated)));
    }
}

#[cfg(test)]
#[path = "namespace_upstream_tests.rs"]
mod upstream_tests;
