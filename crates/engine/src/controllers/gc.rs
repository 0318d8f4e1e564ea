//! The garbage collector (`pkg/controller/garbagecollector`): deletes
//! dependents whose owners are gone (background), deletes dependents
//! before their owner (foreground), or strips owner references (orphan).

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, DeleteOptions, Propagation, Store};
use kubeplay_model::{Kind, Object, ObjectKey};
use std::sync::Arc;

pub struct GarbageCollector;

/// Kinds that can own others in the playground.
const OWNER_KINDS: &[Kind] = &[
    Kind::Deployment,
    Kind::ReplicaSet,
    Kind::StatefulSet,
    Kind::DaemonSet,
    Kind::Job,
    Kind::CronJob,
    Kind::ReplicationController,
    Kind::Service,
    Kind::Node,
    Kind::Pod,
];

impl Controller for GarbageCollector {
    fn id(&self) -> ControllerId {
        ControllerId::GarbageCollector
    }
    fn component(&self) -> &'static str {
        "garbage-collector-controller"
    }

    fn watch(&self, change: &Change, _store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        let obj = change.object();
        if !OWNER_KINDS.contains(&change.key.kind) {
            return;
        }
        let gone = change.type_ == ChangeType::Deleted;
        let finalizing = obj.meta().deletion_timestamp.is_some()
            && obj.meta().finalizers.iter().any(|f| f == "foregroundDeletion" || f == "orphan");
        if gone || finalizing {
            enqueue(change.key.clone());
        }
        // A dependent whose owner finished foreground deletion wakes the owner.
        if gone {
            for r in &obj.meta().owner_references {
                if let Some(kind) = Kind::ALL.iter().copied().find(|k| k.name() == r.kind) {
                    enqueue(ObjectKey::new(kind, obj.namespace(), &r.name));
                }
            }
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        // References are by uid: an owner deleted and re-created under the
        // same name before this sync ran is a different owner, and what
        // still points at the old one is dangling all the same (upstream's
        // absent-owner check compares the live object's uid).
        let dangling = dangling_dependents(ctx.store(), key);
        let Some(owner) = ctx.get(key) else {
            ctx.observed(format!("{} {} is gone; {} dependents still name it as owner", key.kind.name(), key.name, dangling.len()));
            ctx.desired("no object owned by a deleted owner");
            delete_all(ctx, key, dangling, Propagation::Background);
            return;
        };
        let mut stale = Vec::new();
        for d in dangling.iter().filter(|d| d.meta().deletion_timestamp.is_none()) {
            if ctx.delete(&d.key(), DeleteOptions { grace_period_seconds: None, propagation: Propagation::Background }).is_ok() {
                stale.push(d.name().to_string());
            }
        }
        if !stale.is_empty() {
            ctx.explain(format!(
                "{} was deleted and created again (a new uid): deleting {}, which still belonged to the old one",
                key.name,
                stale.join(", ")
            ));
        }
        let uid = owner.meta().uid.clone();
        let o = &*owner;
        ctx.observed(format!("{} {} exists; {} dependents name an older {} of that name", key.kind.name(), key.name, dangling.len(), key.kind.name()));
        ctx.desired("dependents only of live owners");
        match () {
            _ if o.meta().finalizers.iter().any(|f| f == "orphan") => {
                let dependents = dependents_of(ctx.store(), key, &uid);
                ctx.observed(format!("{} {} is being deleted with the orphan finalizer; {} dependents", key.kind.name(), key.name, dependents.len()));
                ctx.desired(format!("the dependents released (their owner reference removed), then {} deleted", key.name));
                for d in &dependents {
                    let mut freed = (**d).clone();
                    freed.meta_mut().owner_references.retain(|r| r.uid != uid);
                    let _ = ctx.update(freed);
                }
                remove_finalizer(ctx, o, "orphan");
                ctx.explain(format!("orphan deletion: released {} dependents of {} and let it go", dependents.len(), key.name));
            }
            _ if o.meta().finalizers.iter().any(|f| f == "foregroundDeletion") => {
                let blocking: Vec<_> = dependents_of(ctx.store(), key, &uid).iter().filter(|d| d.meta().owner_references.iter().any(|r| r.uid == uid && r.block_owner_deletion == Some(true))).cloned().collect();
                ctx.observed(format!("{} {} is being deleted in the foreground; {} dependents block it", key.kind.name(), key.name, blocking.len()));
                ctx.desired(format!("every blocking dependent deleted first, then {}", key.name));
                if blocking.is_empty() {
                    remove_finalizer(ctx, o, "foregroundDeletion");
                    ctx.explain(format!("foreground deletion: no dependents of {} remain, so it is deleted", key.name));
                } else {
                    let pending: Vec<_> = blocking.iter().filter(|d| d.meta().deletion_timestamp.is_none()).cloned().collect();
                    delete_all(ctx, key, pending, Propagation::Foreground);
                    ctx.explain(format!("foreground deletion: {} waits for {} dependents to be deleted first", key.name, blocking.len()));
                }
            }
            _ => ctx.explain(format!("{} still exists; its dependents stay", key.name)),
        }
    }
}

fn dependents_of(store: &Store, owner: &ObjectKey, uid: &str) -> Vec<Arc<Object>> {
    // The store's uid index holds exactly the objects with a reference to
    // `uid`; only the candidate kinds and the namespace remain to check.
    candidates(owner, store.dependents(uid))
}

/// Dependents whose owner reference names this key with a uid other than
/// the live owner's (any uid when the owner is gone).
fn dangling_dependents(store: &Store, owner: &ObjectKey) -> Vec<Arc<Object>> {
    let live_uid = store.get(owner).map(|live| live.meta().uid.as_str());
    candidates(owner, store.dependents_named(owner.kind.name(), &owner.name, live_uid))
}

/// The kinds an owner of this kind can have as dependents, in the order
/// they are collected.
fn dependent_kinds(owner: Kind) -> &'static [Kind] {
    match owner {
        Kind::Deployment => &[Kind::ReplicaSet],
        Kind::ReplicaSet | Kind::ReplicationController | Kind::Job | Kind::Node => &[Kind::Pod],
        Kind::DaemonSet => &[Kind::Pod, Kind::ControllerRevision],
        // StatefulSet claims under whenScaled=Delete are owned by their pod.
        Kind::Pod => &[Kind::PersistentVolumeClaim],
        Kind::StatefulSet => &[Kind::Pod, Kind::ControllerRevision, Kind::PersistentVolumeClaim],
        Kind::CronJob => &[Kind::Job],
        Kind::Service => &[Kind::EndpointSlice],
        _ => &[],
    }
}

/// The objects (in key order) that could be dependents of `owner`: of a
/// kind it can own and, for a namespaced owner, in its namespace; ordered
/// by kind as `dependent_kinds` lists them, then by key, as listing each
/// kind of the namespace in turn would give them.
fn candidates<'a>(owner: &ObjectKey, objects: impl Iterator<Item = &'a Arc<Object>>) -> Vec<Arc<Object>> {
    let kinds = dependent_kinds(owner.kind);
    let in_scope = |o: &Object| {
        let k = o.kind();
        kinds.contains(&k) && (!owner.kind.namespaced() || !k.namespaced() || o.namespace() == owner.namespace)
    };
    let found: Vec<&Arc<Object>> = objects.filter(|o| in_scope(o)).collect();
    kinds.iter().flat_map(|k| found.iter().filter(move |o| o.kind() == *k).map(|o| (*o).clone())).collect()
}

fn delete_all(ctx: &mut Ctx, owner: &ObjectKey, deps: Vec<Arc<Object>>, propagation: Propagation) {
    let mut names = Vec::new();
    for d in deps {
        if d.meta().deletion_timestamp.is_some() {
            continue;
        }
        if ctx.delete(&d.key(), DeleteOptions { grace_period_seconds: None, propagation }).is_ok() {
            names.push(d.name().to_string());
        }
    }
    if names.is_empty() {
        ctx.explain(format!("{} is gone and has no dependents left", owner.name));
    } else {
        ctx.explain(format!("owner {} is gone: deleting its dependents {}", owner.name, names.join(", ")));
    }
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

    /// The plain walk the indexed lookups replace: every object of the
    /// candidate kinds in the owner's namespace.
    fn candidate_dependents<'a>(store: &'a Store, owner: &'a ObjectKey) -> impl Iterator<Item = Arc<Object>> + 'a {
        let ns = if owner.kind.namespaced() { Some(owner.namespace.as_str()) } else { None };
        dependent_kinds(owner.kind).iter().flat_map(move |k| store.list(*k, ns).cloned())
    }

    fn walk_dependents_of(store: &Store, owner: &ObjectKey, uid: &str) -> Vec<Arc<Object>> {
        candidate_dependents(store, owner).filter(|o| o.meta().owner_references.iter().any(|r| r.uid == uid)).collect()
    }

    fn walk_dangling(store: &Store, owner: &ObjectKey) -> Vec<Arc<Object>> {
        candidate_dependents(store, owner)
            .filter(|o| {
                o.meta().owner_references.iter().any(|r| {
                    r.kind == owner.kind.name() && r.name == owner.name && store.get(owner).is_none_or(|live| live.meta().uid != r.uid)
                })
            })
            .collect()
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
        let mut uids: BTreeSet<(ObjectKey, String)> = BTreeSet::new();
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
        again.meta_mut().uid.clear();
        again.meta_mut().resource_version.clear();
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
