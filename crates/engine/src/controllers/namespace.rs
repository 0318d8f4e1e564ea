//! The namespace controller: a namespace being deleted has its contents
//! deleted, then its `kubernetes` finalizer removed so it goes too.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::{Kind, Object, ObjectKey};

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
        let contents: Vec<ObjectKey> = Kind::ALL
            .iter()
            .filter(|k| k.namespaced())
            .flat_map(|k| ctx.store().list(*k, Some(&key.name)).map(|o| o.key()).collect::<Vec<_>>())
            .collect();
        ctx.observed(format!("namespace {} is terminating with {} objects in it", key.name, contents.len()));
        ctx.desired(format!("every object in {} deleted, then the namespace itself", key.name));
        if contents.is_empty() {
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
        ctx.explain(format!("namespace {} is terminating: deleting {n} objects in it ({} remain)", key.name, contents.len()));
    }
}
