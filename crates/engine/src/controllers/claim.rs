//! Claiming dependents for every workload controller (upstream
//! `ControllerRefManager`): candidates come from the store's controller
//! index (what the owner owns, plus orphans in its namespace), and each is
//! kept, adopted, released or ignored by upstream's `ClaimObject` rules
//! (`replicaset::claim::decide`).

use crate::controller::Ctx;
use crate::controllers::controller_ref;
use crate::controllers::replicaset::claim::{adopt, decide, release, Claim};
use kubeplay_model::{Kind, LabelSelector, Object};
use std::sync::Arc;

/// The objects of `kind` that `owner` controls after adopting and releasing.
pub fn claim(ctx: &mut Ctx, owner: &Object, kind: Kind, selector: Option<&LabelSelector>) -> Vec<Arc<Object>> {
    claim_adding(ctx, owner, kind, selector, None)
}

/// [`claim`], the adoption patch also adding `finalizer` (the Job
/// controller's ControllerRefManager adds its tracking finalizer).
pub fn claim_adding(ctx: &mut Ctx, owner: &Object, kind: Kind, selector: Option<&LabelSelector>, finalizer: Option<&str>) -> Vec<Arc<Object>> {
    let Some(sel) = selector.and_then(|s| s.to_selector().ok()).filter(|s| !s.is_empty()) else {
        return Vec::new();
    };
    let uid = owner.meta().uid.clone();
    let ns = owner.namespace().to_string();
    let mut candidates: Vec<Arc<Object>> = ctx.store().controlled_by(kind, &uid).cloned().collect();
    candidates.extend(ctx.store().orphans(kind, &ns).cloned());
    let mut owned = Vec::new();
    for o in candidates {
        match decide(owner.meta(), o.meta(), sel.matches(&o.meta().labels)) {
            Claim::Keep => owned.push(o),
            Claim::Ignore => {}
            Claim::Adopt => {
                let mut a = (*o).clone();
                adopt(a.meta_mut(), controller_ref(owner));
                if let Some(f) = finalizer.filter(|f| !a.meta().finalizers.iter().any(|x| x == f)) {
                    a.meta_mut().finalizers.push(f.into());
                }
                if let Ok(a) = ctx.update(a) {
                    owned.push(a);
                }
            }
            Claim::Release => {
                let mut r = (*o).clone();
                release(r.meta_mut(), &uid);
                let _ = ctx.update(r);
            }
        }
    }
    kubeplay_model::sort::sort_by(&mut owned, |a, b| a.name().cmp(b.name()));
    owned
}

/// [`claim`] for pods.
pub fn claim_pods(ctx: &mut Ctx, owner: &Object, selector: Option<&LabelSelector>) -> Vec<Arc<Object>> {
    claim(ctx, owner, Kind::Pod, selector)
}
