//! The garbage collector (`pkg/controller/garbagecollector`): deletes
//! objects whose owners are gone (background), deletes dependents before
//! their owner (foreground), or strips owner references (orphan).
//!
//! Any object may own any other: owners and dependents are found through
//! the store's index of owner references (by owner uid, and by owner kind
//! and name for owners that are gone), never by kind. What upstream's
//! graph builder queues for `attemptToDeleteItem`, the watch enqueues: an
//! object whose owner references name an owner that is not solidly there
//! (absent, another uid, in another namespace, being deleted in the
//! foreground), a deleted object that had dependents, an owner being
//! deleted with the `orphan` or `foregroundDeletion` finalizer, and a
//! foreground owner when one of its blocking dependents goes.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, DeleteOptions, Propagation, Store};
use kubeplay_model::{Kind, Object, ObjectKey, OwnerReference};
use std::sync::Arc;

pub struct GarbageCollector;

const ORPHAN: &str = "orphan";
const FOREGROUND: &str = "foregroundDeletion";

fn has_finalizer(o: &Object, f: &str) -> bool {
    o.meta().finalizers.iter().any(|x| x == f)
}

/// Being deleted in the foreground: what upstream calls "deleting dependents".
fn deleting_dependents(o: &Object) -> bool {
    o.meta().deletion_timestamp.is_some() && has_finalizer(o, FOREGROUND)
}

/// apiVersions a v1.32 cluster serves besides each kind's own.
const ALSO_SERVED: [(Kind, &str); 1] = [(Kind::HorizontalPodAutoscaler, "autoscaling/v1")];

/// The kind an owner reference names, if the cluster serves it at the
/// reference's apiVersion: upstream's REST mapper knows no other, so a
/// reference through a version no longer served (`extensions/v1beta1`)
/// cannot be judged, and its dependent stays.
fn owner_kind(store: &Store, r: &OwnerReference) -> Option<Kind> {
    let (group, version) = r.api_version.rsplit_once('/').unwrap_or(("", &r.api_version));
    let builtin = Kind::ALL.iter().copied().find(|k| {
        let info = k.info();
        k.name() == r.kind && ((info.group == group && info.version == version) || ALSO_SERVED.contains(&(*k, &*r.api_version)))
    });
    // A kind a CRD serves at that version.
    builtin.or_else(|| {
        store.list(Kind::CustomResourceDefinition, None).filter_map(|o| o.as_crd()).find_map(|crd| {
            let serves = crd.spec.group == group && crd.spec.names.kind == r.kind && crd.spec.versions.iter().any(|v| v.served && v.name == version);
            serves.then(|| kubeplay_apiserver::custom::kind_of(crd)).flatten()
        })
    })
}

/// Where an owner reference of `dependent` points: a namespaced owner is
/// looked up in the dependent's namespace (a reference has no namespace).
fn owner_key(dependent: &Object, kind: Kind, r: &OwnerReference) -> ObjectKey {
    let ns = if kind.namespaced() { dependent.namespace() } else { "" };
    ObjectKey::new(kind, ns, &r.name)
}

/// How one owner reference stands (`classifyReferences`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    /// The owner is there, with this uid.
    Solid,
    /// The owner is there and waits for its dependents to go (foreground).
    Waiting,
    /// No such owner in the dependent's namespace, or another uid.
    Dangling,
    /// The reference cannot be judged: a kind the cluster does not serve
    /// (upstream retries), or a namespaced owner of a cluster-scoped
    /// object (upstream reports it and gives up). The dependent stays.
    Unresolvable,
}

fn standing(store: &Store, dependent: &Object, r: &OwnerReference) -> Standing {
    let Some(kind) = owner_kind(store, r) else { return Standing::Unresolvable };
    if kind.namespaced() && !dependent.kind().namespaced() {
        return Standing::Unresolvable;
    }
    match store.get(&owner_key(dependent, kind, r)) {
        Some(o) if o.meta().uid == r.uid => {
            if deleting_dependents(o) {
                Standing::Waiting
            } else {
                Standing::Solid
            }
        }
        _ => Standing::Dangling,
    }
}

impl Controller for GarbageCollector {
    fn id(&self) -> ControllerId {
        ControllerId::GarbageCollector
    }
    fn component(&self) -> &'static str {
        "garbage-collector-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind == Kind::Event {
            return;
        }
        let obj = change.object();
        let no_refs: &[OwnerReference] = &[];
        let old_refs = change.old.as_deref().map_or(no_refs, |o| &o.meta().owner_references);
        let new_refs = change.new.as_deref().map_or(no_refs, |o| &o.meta().owner_references);
        if change.type_ == ChangeType::Deleted {
            // Its dependents are looked at under its key (they may be
            // found by name only, if it comes back with a new uid).
            if store.dependents(&obj.meta().uid).next().is_some() {
                enqueue(change.key.clone());
            }
        } else {
            let finalizing = deleting_dependents(obj) || (obj.meta().deletion_timestamp.is_some() && has_finalizer(obj, ORPHAN));
            let unsure_owner = old_refs != new_refs && new_refs.iter().any(|r| standing(store, obj, r) != Standing::Solid);
            if finalizing || unsure_owner {
                enqueue(change.key.clone());
            }
        }
        // A foreground owner waits for its blocking dependents: one that
        // went, or stopped pointing at it, may let it go.
        if change.type_ == ChangeType::Deleted || old_refs != new_refs {
            for r in old_refs.iter().filter(|r| r.block_owner_deletion == Some(true)) {
                let Some(kind) = owner_kind(store, r) else { continue };
                let key = owner_key(obj, kind, r);
                if store.get(&key).is_some_and(|o| o.meta().uid == r.uid && deleting_dependents(o)) {
                    enqueue(key);
                }
            }
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let mut done = Vec::new();
        // References are by uid: what points at this name with another uid
        // (all of it, if the owner is gone) points at an owner that is no
        // more, even if one was created again under the name.
        let live = ctx.get(key);
        let dangling = dangling_dependents(ctx.store(), key);
        let what = format!("{} {}", key.kind.name(), key.name);
        match &live {
            None => ctx.observed(format!("{what} is gone; {} dependents still name it as owner", dangling.len())),
            Some(_) => ctx.observed(format!("{what} exists; {} dependents name an owner of that name that is gone", dangling.len())),
        }
        ctx.desired("no object whose every owner is gone");
        for d in dangling {
            attempt_to_delete(ctx, &d, &mut done);
        }
        let Some(o) = live else {
            explain(ctx, &done, format!("{} is gone", key.name));
            return;
        };
        let uid = o.meta().uid.clone();
        if o.meta().deletion_timestamp.is_some() && has_finalizer(&o, ORPHAN) {
            let dependents = dependents_of(ctx.store(), key, &uid);
            ctx.observed(format!("{what} is being deleted with the orphan finalizer; {} dependents", dependents.len()));
            ctx.desired(format!("the dependents released (their owner reference removed), then {} deleted", key.name));
            for d in &dependents {
                let mut freed = (**d).clone();
                freed.meta_mut().owner_references.retain(|r| r.uid != uid);
                let _ = ctx.update(freed);
            }
            remove_finalizer(ctx, &o, ORPHAN);
            ctx.explain(format!("orphan deletion: released {} dependents of {} and let it go", dependents.len(), key.name));
        } else if deleting_dependents(&o) {
            ctx.observed(format!("{what} is being deleted in the foreground; {} dependents", dependents_of(ctx.store(), key, &uid).len()));
            ctx.desired(format!("every dependent deleted, then {} (held only by dependents that block it)", key.name));
            // Every dependent goes now; only the blocking ones hold the owner.
            for d in dependents_of(ctx.store(), key, &uid) {
                attempt_to_delete(ctx, &d, &mut done);
            }
            let blocking = dependents_of(ctx.store(), key, &uid)
                .into_iter()
                .filter(|d| d.meta().owner_references.iter().any(|r| r.uid == uid && r.block_owner_deletion == Some(true)))
                .count();
            if blocking == 0 {
                remove_finalizer(ctx, &o, FOREGROUND);
                explain(ctx, &done, format!("foreground deletion: no blocking dependents of {} remain, so it is deleted", key.name));
            } else {
                explain(ctx, &done, format!("foreground deletion: {} waits for {blocking} dependents to be deleted first", key.name));
            }
        } else {
            attempt_to_delete(ctx, &o, &mut done);
            explain(ctx, &done, format!("{} has the owners it names", key.name));
        }
    }
}

/// `attemptToDeleteItem` for one object: keep it while one of its owners
/// is solidly there (dropping its references to the others), else delete
/// it. What it did is added to `done`.
fn attempt_to_delete(ctx: &mut Ctx, obj: &Arc<Object>, done: &mut Vec<String>) {
    // Being deleted is a one-way trip: its dependents are seen to when it goes.
    if obj.meta().deletion_timestamp.is_some() && !deleting_dependents(obj) {
        return;
    }
    let refs = &obj.meta().owner_references;
    let mut standings = Vec::with_capacity(refs.len());
    for r in refs {
        let s = standing(ctx.store(), obj, r);
        if s == Standing::Dangling || s == Standing::Unresolvable {
            report_invalid_namespace(ctx, obj, r);
        }
        if s == Standing::Unresolvable {
            return;
        }
        standings.push(s);
    }
    if refs.is_empty() {
        return;
    }
    let name = format!("{} {}", obj.kind().name().to_lowercase(), obj.name());
    if standings.contains(&Standing::Solid) {
        if standings.iter().all(|s| *s == Standing::Solid) {
            return;
        }
        let mut kept = (**obj).clone();
        let mut i = 0;
        kept.meta_mut().owner_references.retain(|_| {
            i += 1;
            standings[i - 1] == Standing::Solid
        });
        if ctx.update(kept).is_ok() {
            done.push(format!("{name} keeps its other owner and loses its references to owners that are gone"));
        }
        return;
    }
    let has_dependents = !dependents_of(ctx.store(), &obj.key(), &obj.meta().uid).is_empty();
    let propagation = if standings.contains(&Standing::Waiting) && has_dependents {
        Propagation::Foreground
    } else if has_finalizer(obj, ORPHAN) {
        Propagation::Orphan
    } else if has_finalizer(obj, FOREGROUND) {
        Propagation::Foreground
    } else {
        Propagation::Background
    };
    if ctx.delete(&obj.key(), DeleteOptions { grace_period_seconds: None, propagation }).is_ok() {
        let why = if standings.contains(&Standing::Waiting) { "its owner is being deleted in the foreground" } else { "none of its owners exists" };
        done.push(format!("deleted {name}: {why}"));
    }
}

/// `OwnerRefInvalidNamespace` (graph_builder.go): the reference's uid is
/// an object of the named kind and name, but in another namespace than
/// the dependent's (or the dependent is cluster-scoped and the owner not).
fn report_invalid_namespace(ctx: &mut Ctx, obj: &Object, r: &OwnerReference) {
    let Some(kind) = owner_kind(ctx.store(), r) else { return };
    let elsewhere = if kind.namespaced() {
        let namespaces: Vec<String> = ctx.store().list(Kind::Namespace, None).map(|n| n.name().to_string()).collect();
        namespaces
            .iter()
            .filter(|ns| ns.as_str() != obj.namespace() || !obj.kind().namespaced())
            .any(|ns| ctx.store().get_by(kind, ns, &r.name).is_some_and(|o| o.meta().uid == r.uid))
    } else {
        false
    };
    if elsewhere {
        let ns = if obj.kind().namespaced() { obj.namespace() } else { "" };
        let message = format!("ownerRef [{}/{}, namespace: {ns}, name: {}, uid: {}] does not exist in namespace {ns:?}", r.api_version, r.kind, r.name, r.uid);
        ctx.event(obj, "Warning", "OwnerRefInvalidNamespace", message);
    }
}

fn explain(ctx: &mut Ctx, done: &[String], otherwise: String) {
    if done.is_empty() {
        ctx.explain(otherwise);
    } else {
        ctx.explain(done.join("; "));
    }
}

/// Objects with an owner reference to `uid` that resolves to `owner`: in
/// its namespace, or anywhere for a cluster-scoped owner. In key order.
fn dependents_of(store: &Store, owner: &ObjectKey, uid: &str) -> Vec<Arc<Object>> {
    in_scope(owner, store.dependents(uid))
}

/// Objects with an owner reference to `owner`'s kind and name but a uid
/// other than the live owner's (any uid when the owner is gone).
fn dangling_dependents(store: &Store, owner: &ObjectKey) -> Vec<Arc<Object>> {
    let live_uid = store.get(owner).map(|live| live.meta().uid.as_str());
    in_scope(owner, store.dependents_named(owner.kind.name(), &owner.name, live_uid))
}

fn in_scope<'a>(owner: &ObjectKey, objects: impl Iterator<Item = &'a Arc<Object>>) -> Vec<Arc<Object>> {
    objects.filter(|o| !owner.kind.namespaced() || (o.kind().namespaced() && o.namespace() == owner.namespace)).cloned().collect()
}

fn remove_finalizer(ctx: &mut Ctx, obj: &Object, finalizer: &str) {
    let mut o = obj.clone();
    o.meta_mut().finalizers.retain(|f| f != finalizer);
    let _ = ctx.update(o);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{client, Engine, DEFAULT_SETTLE_MS};
    use serde_json::json;
    use std::collections::BTreeSet;

    /// The plain walks the indexed lookups replace: every object, of any
    /// kind, with a reference that resolves to the owner.
    fn walk_dependents_of(store: &Store, owner: &ObjectKey, uid: &str) -> Vec<Arc<Object>> {
        in_scope(owner, store.iter().filter(|o| o.meta().owner_references.iter().any(|r| r.uid == uid)))
    }

    fn walk_dangling(store: &Store, owner: &ObjectKey) -> Vec<Arc<Object>> {
        let refers = |o: &Object| {
            o.meta().owner_references.iter().any(|r| {
                r.kind == owner.kind.name() && r.name == owner.name && store.get(owner).is_none_or(|live| live.meta().uid != r.uid)
            })
        };
        in_scope(owner, store.iter().filter(|o| refers(o)))
    }

    fn same(got: Vec<Arc<Object>>, want: Vec<Arc<Object>>, what: &str) {
        let keys = |v: &[Arc<Object>]| v.iter().map(|o| o.key()).collect::<Vec<_>>();
        assert_eq!(keys(&got), keys(&want), "{what}");
        assert!(got.iter().zip(&want).all(|(a, b)| Arc::ptr_eq(a, b)), "{what}: not the stored objects");
    }

    /// Every owner the collector could be asked about — each object, and
    /// each (kind, name) and uid an owner reference names, live or not —
    /// gets the same dependents, in the same order, as the walk.
    fn check(store: &Store) -> usize {
        let mut owners: BTreeSet<ObjectKey> = store.iter().map(|o| o.key()).collect();
        let mut uids: BTreeSet<(ObjectKey, kubeplay_model::Uid)> = BTreeSet::new();
        for o in store.iter() {
            for r in &o.meta().owner_references {
                if let Some(kind) = Kind::ALL.iter().copied().find(|k| k.name() == r.kind) {
                    let key = ObjectKey::new(kind, o.namespace(), &r.name);
                    owners.insert(key.clone());
                    uids.insert((key, r.uid.clone()));
                }
            }
        }
        for owner in &owners {
            same(dangling_dependents(store, owner), walk_dangling(store, owner), &format!("dangling dependents of {owner:?}"));
            if let Some(live) = store.get(owner) {
                uids.insert((owner.clone(), live.meta().uid.clone()));
            }
        }
        let mut found = 0;
        for (owner, uid) in &uids {
            let got = dependents_of(store, owner, uid);
            found += got.len();
            same(got, walk_dependents_of(store, owner, uid), &format!("dependents of {owner:?} ({uid})"));
        }
        found
    }

    fn obj(v: serde_json::Value) -> Object {
        kubeplay_codec::object_from_json(&v).unwrap()
    }

    fn template(app: &str) -> serde_json::Value {
        json!({"metadata": {"labels": {"app": app}}, "spec": {"containers": [{"name": "c", "image": "nginx:1.14.2"}]}})
    }

    #[test]
    fn indexed_dependents_match_the_walk() {
        let mut e = Engine::with_default_cluster(7);
        e.set_record_history(true);
        client::create(&mut e, obj(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "other"}}))).unwrap();
        for ns in ["default", "other"] {
            let sel = |app: &str| json!({"matchLabels": {"app": app}});
            for o in [
                json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": ns},
                       "spec": {"replicas": 3, "selector": sel("web"), "template": template("web")}}),
                json!({"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "db", "namespace": ns},
                       "spec": {"replicas": 2, "serviceName": "db", "selector": sel("db"), "template": template("db"),
                                "persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Delete", "whenScaled": "Delete"},
                                "volumeClaimTemplates": [{"metadata": {"name": "data"},
                                    "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}}}]}}),
                json!({"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "agent", "namespace": ns},
                       "spec": {"selector": sel("agent"), "template": template("agent")}}),
                json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "once", "namespace": ns},
                       "spec": {"template": {"metadata": {}, "spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "busybox"}]}}}}),
                json!({"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "tick", "namespace": ns},
                       "spec": {"schedule": "* * * * *", "jobTemplate": {"spec": {"template": {"metadata": {},
                           "spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "busybox"}]}}}}}}),
                json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web", "namespace": ns},
                       "spec": {"selector": {"app": "web"}, "ports": [{"port": 80}]}}),
            ] {
                client::create(&mut e, obj(o)).unwrap();
            }
        }
        e.settle(DEFAULT_SETTLE_MS);
        e.advance(90_000);
        let settled = e.recorded();
        assert!(check(e.store()) > 20, "the workloads own their objects");
        // A ReplicaSet deleted and created again under its name (a new uid)
        // before the collector runs: its pods dangle, by name.
        let rs = e.store().list(Kind::ReplicaSet, Some("default")).next().unwrap().clone();
        client::delete(&mut e, &rs.key(), DeleteOptions::default()).unwrap();
        let mut again = (*rs).clone();
        again.meta_mut().uid = Default::default();
        again.meta_mut().resource_version = Default::default();
        client::create(&mut e, again).unwrap();
        assert!(!dangling_dependents(e.store(), &rs.key()).is_empty());
        check(e.store());
        // Owner references changed: an orphan deletion releases a
        // Deployment's ReplicaSets, a foreground one deletes dependents first.
        let web = ObjectKey::new(Kind::Deployment, "other", "web");
        client::delete(&mut e, &web, DeleteOptions { grace_period_seconds: None, propagation: Propagation::Orphan }).unwrap();
        check(e.store());
        let db = ObjectKey::new(Kind::StatefulSet, "other", "db");
        client::delete(&mut e, &db, DeleteOptions { grace_period_seconds: None, propagation: Propagation::Foreground }).unwrap();
        for _ in 0..200 {
            if e.step().is_none() {
                break;
            }
            check(e.store());
        }
        e.settle(DEFAULT_SETTLE_MS);
        check(e.store());
        // Time travel: the store as it was, and a fork from there.
        assert!(e.jump(settled));
        assert!(check(e.store()) > 20);
        client::delete(&mut e, &ObjectKey::new(Kind::DaemonSet, "default", "agent"), DeleteOptions::default()).unwrap();
        e.settle(DEFAULT_SETTLE_MS);
        check(e.store());
    }
}

#[cfg(test)]
#[path = "gc_upstream_tests.rs"]
mod upstream_tests;
