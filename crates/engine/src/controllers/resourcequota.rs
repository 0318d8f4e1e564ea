//! The resource quota controller (`pkg/controller/resourcequota`): keeps
//! each quota's `status.hard` and `status.used` current, so `kubectl
//! describe quota` shows what the namespace uses. Admission (in the API
//! server) enforces the limits and records each increase as it admits it;
//! this sync is what releases usage (deletes, pods that finish) and undoes
//! a charge whose write then failed.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::quota::{usage_of, used_in};
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::{Kind, Object, ObjectKey};

pub struct ResourceQuotaController;

impl Controller for ResourceQuotaController {
    fn id(&self) -> ControllerId {
        ControllerId::ResourceQuota
    }
    fn component(&self) -> &'static str {
        "resourcequota-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind == Kind::ResourceQuota {
            enqueue(change.key.clone());
            return;
        }
        if !change.key.kind.namespaced() {
            return;
        }
        // Only changes that move a counted figure matter, and only where a
        // quota exists (most namespaces have none: skip the counting).
        let mut quotas = store.list(Kind::ResourceQuota, Some(&change.key.namespace)).peekable();
        if quotas.peek().is_none() {
            return;
        }
        let before = change.old.as_deref().map(usage_of).unwrap_or_default();
        let after = change.new.as_deref().map(usage_of).unwrap_or_default();
        if before == after {
            return;
        }
        for q in quotas {
            enqueue(q.key());
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else { return };
        let Object::ResourceQuota(rq) = &*obj else { return };
        let used = used_in(ctx.store(), &key.namespace, rq);
        let summary: Vec<String> = rq.spec.hard.iter().map(|(k, h)| format!("{k} {}/{h}", used.get(k).map(|q| q.to_string()).unwrap_or_default())).collect();
        ctx.observed(summary.join(", "));
        if rq.status.hard == rq.spec.hard && rq.status.used == used {
            ctx.explain(format!("quota {} is up to date: {}", key.name, summary.join(", ")));
            return;
        }
        let mut q = rq.clone();
        q.status.hard = rq.spec.hard.clone();
        q.status.used = used;
        let _ = ctx.update_status(Object::ResourceQuota(q));
        ctx.explain(format!("quota {} now records what namespace {} uses: {}", key.name, key.namespace, summary.join(", ")));
    }
}
