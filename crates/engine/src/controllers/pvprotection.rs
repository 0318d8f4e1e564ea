//! The PV protection controller (`pkg/controller/volume/pvprotection`): a
//! volume carries the `kubernetes.io/pv-protection` finalizer, and a
//! deleted volume keeps it while its phase is `Bound`. The volume
//! controller moves a volume whose claim went to `Released` first, which
//! is what lets its deletion finish.

use super::pvcprotection::{is_deletion_candidate, needs_finalizer, write_finalizer};
use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, Store};
use kubeplay_model::{Kind, Object, ObjectKey};

pub struct PvProtectionController;

pub const FINALIZER: &str = "kubernetes.io/pv-protection";

fn bound(obj: &Object) -> bool {
    obj.as_pv().is_some_and(|pv| pv.status.phase.as_deref() == Some("Bound"))
}

impl Controller for PvProtectionController {
    fn id(&self) -> ControllerId {
        ControllerId::PvProtection
    }
    fn component(&self) -> &'static str {
        "persistentvolume-protection-controller"
    }

    fn watch(&self, change: &Change, _store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind != Kind::PersistentVolume || change.type_ == ChangeType::Deleted {
            return;
        }
        let meta = change.object().meta();
        if is_deletion_candidate(meta, FINALIZER) || needs_finalizer(meta, FINALIZER) {
            enqueue(change.key.clone());
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!("volume {} is gone", key.name));
            return;
        };
        ctx.desired(format!("volume {} protected by {FINALIZER} while it is Bound", key.name));
        if is_deletion_candidate(obj.meta(), FINALIZER) {
            if bound(&obj) {
                ctx.observed(format!("volume {} is being deleted but is Bound", key.name));
                ctx.explain(format!("kept volume {}: it is Bound to a claim, so {FINALIZER} stays", key.name));
                return;
            }
            ctx.observed(format!("volume {} is being deleted and is not Bound", key.name));
            if write_finalizer(ctx, &obj, FINALIZER, false) {
                ctx.explain(format!("removed {FINALIZER} from volume {}: it is not Bound, so its deletion goes ahead", key.name));
            }
        } else if needs_finalizer(obj.meta(), FINALIZER) {
            ctx.observed(format!("volume {} has no {FINALIZER} finalizer", key.name));
            if write_finalizer(ctx, &obj, FINALIZER, true) {
                ctx.explain(format!("added {FINALIZER} to volume {}", key.name));
            }
        } else {
            ctx.explain(format!("volume {} needs nothing", key.name));
        }
    }
}
