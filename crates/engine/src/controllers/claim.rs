//! Claiming dependents (upstream `ControllerRefManager`): an owner keeps
//! what it controls and still matches its selector, adopts matching
//! orphans, and releases what no longer matches. Reads go through the
//! store's controller index, so a claim costs what the owner owns.

use crate::controller::Ctx;
use crate::controllers::controller_ref;
use kubeplay_model::{Kind, LabelSelector, Object};
use std::sync::Arc;

/// The objects of `kind` that `owner` controls after adopting and releasing.
pub fn claim(ctx: &mut Ctx, owner: &Object, kind: Kind, selector: Option<&LabelSelector>) -> Vec<Arc<Object>> {
    let uid = owner.meta().uid.clone();
    let ns = owner.namespace().to_string();
    let Some(sel) = selector.and_then(|s| s.to_selector().ok()).filter(|s| !s.is_empty()) else {
        return Vec::new();
    };
    let owner_deleting = owner.meta().deletion_timestamp.is_some();
    let mine: Vec<Arc<Object>> = ctx.store().controlled_by(kind, &uid).cloned().collect();
    let orphans: Vec<Arc<Object>> = ctx.store().orphans(kind, &ns).filter(|o| sel.matches(&o.meta().labels)).cloned().collect();
    let mut owned = Vec::new();
    for o in mine {
        if sel.matches(&o.meta().labels) || o.meta().deletion_timestamp.is_some() {
            owned.push(o);
        } else {
            let mut released = (*o).clone();
            released.meta_mut().owner_references.retain(|r| r.uid != uid);
            let _ = ctx.update(released);
        }
    }
    if !owner_deleting {
        for o in orphans {
            if o.meta().deletion_timestamp.is_some() {
                continue;
            }
            let mut adopted = (*o).clone();
            adopted.meta_mut().owner_references.push(controller_ref(owner));
            if let Ok(a) = ctx.update(adopted) {
                owned.push(a);
            }
        }
    }
    owned.sort_by(|a, b| a.name().cmp(b.name()));
    owned
}
