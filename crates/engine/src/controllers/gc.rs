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
        let dependents = dependents_of(ctx.store(), key, &uid);
        let o = &*owner;
        match () {
            _ if o.meta().finalizers.iter().any(|f| f == "orphan") => {
                for d in &dependents {
                    let mut freed = (**d).clone();
                    freed.meta_mut().owner_references.retain(|r| r.uid != uid);
                    let _ = ctx.update(freed);
                }
                remove_finalizer(ctx, o, "orphan");
                ctx.explain(format!("orphan deletion: released {} dependents of {} and let it go", dependents.len(), key.name));
            }
            _ if o.meta().finalizers.iter().any(|f| f == "foregroundDeletion") => {
                let blocking: Vec<_> = dependents.iter().filter(|d| d.meta().owner_references.iter().any(|r| r.uid == uid && r.block_owner_deletion == Some(true))).cloned().collect();
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
    candidate_dependents(store, owner)
        .filter(|o| o.meta().owner_references.iter().any(|r| r.uid == uid))
        .collect()
}

/// Dependents whose owner reference names this key, for an owner already gone.
fn dangling_dependents(store: &Store, owner: &ObjectKey) -> Vec<Arc<Object>> {
    candidate_dependents(store, owner)
        .filter(|o| {
            o.meta().owner_references.iter().any(|r| {
                r.kind == owner.kind.name() && r.name == owner.name && store.get(owner).is_none_or(|live| live.meta().uid != r.uid)
            })
        })
        .collect()
}

fn candidate_dependents<'a>(store: &'a Store, owner: &'a ObjectKey) -> impl Iterator<Item = Arc<Object>> + 'a {
    let kinds: &[Kind] = match owner.kind {
        Kind::Deployment => &[Kind::ReplicaSet],
        Kind::ReplicaSet | Kind::ReplicationController | Kind::Job | Kind::Node => &[Kind::Pod],
        Kind::DaemonSet => &[Kind::Pod, Kind::ControllerRevision],
        // StatefulSet claims under whenScaled=Delete are owned by their pod.
        Kind::Pod => &[Kind::PersistentVolumeClaim],
        Kind::StatefulSet => &[Kind::Pod, Kind::ControllerRevision, Kind::PersistentVolumeClaim],
        Kind::CronJob => &[Kind::Job],
        Kind::Service => &[Kind::EndpointSlice],
        _ => &[],
    };
    let ns = if owner.kind.namespaced() { Some(owner.namespace.as_str()) } else { None };
    kinds.iter().flat_map(move |k| store.list(*k, ns).cloned())
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
