//! The PVC protection controller (`pkg/controller/volume/pvcprotection`):
//! a claim carries the `kubernetes.io/pvc-protection` finalizer (the
//! admission plugin adds it on create; this controller adds it to any
//! claim that lacks it), and a deleted claim keeps it — so stays
//! `Terminating` — while a scheduled pod still names it in a volume.
//! Once no such pod is left, the finalizer goes and the claim with it.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, Store};
use kubeplay_model::api::Pod;
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta};

pub struct PvcProtectionController;

pub const FINALIZER: &str = "kubernetes.io/pvc-protection";

/// `protectionutil.IsDeletionCandidate`: being deleted and still held.
pub fn is_deletion_candidate(meta: &ObjectMeta, finalizer: &str) -> bool {
    meta.deletion_timestamp.is_some() && meta.finalizers.iter().any(|f| f == finalizer)
}

/// `protectionutil.NeedToAddFinalizer`: live and not yet held.
pub fn needs_finalizer(meta: &ObjectMeta, finalizer: &str) -> bool {
    meta.deletion_timestamp.is_none() && !meta.finalizers.iter().any(|f| f == finalizer)
}

/// Writes the object with `finalizer` added (`hold`) or removed; whether
/// the write went through.
pub(super) fn write_finalizer(ctx: &mut Ctx, obj: &Object, finalizer: &str, hold: bool) -> bool {
    let mut o = obj.clone();
    let finalizers = &mut o.meta_mut().finalizers;
    if hold {
        finalizers.push(finalizer.into());
    } else {
        finalizers.retain(|f| f != finalizer);
    }
    ctx.update(o).is_ok()
}

/// Whether the pod uses the claim as upstream decides it: only a pod
/// bound to a node counts (the kubelet refuses to start a pod whose
/// claim is being deleted), and in v1.32 a persistentVolumeClaim volume
/// counts even once the pod has finished: the kubelet may still have it
/// mounted until the pod object goes.
fn uses_claim(pod: &Pod, claim: &str) -> bool {
    pod.node_name().is_some() && super::ephemeral::pod_claims(pod).any(|(c, _)| c == claim)
}

/// The first pod that keeps the claim from going.
fn user_of<'a>(mut pods: impl Iterator<Item = &'a Pod>, claim: &str) -> Option<&'a Pod> {
    pods.find(|p| uses_claim(p, claim))
}

fn claim_to_process(store: &Store, namespace: &str, name: &str) -> bool {
    store.get_by(Kind::PersistentVolumeClaim, namespace, name).is_some_and(|o| is_deletion_candidate(o.meta(), FINALIZER) || needs_finalizer(o.meta(), FINALIZER))
}

impl Controller for PvcProtectionController {
    fn id(&self) -> ControllerId {
        ControllerId::PvcProtection
    }
    fn component(&self) -> &'static str {
        "persistentvolumeclaim-protection-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::PersistentVolumeClaim if change.type_ != ChangeType::Deleted && claim_to_process(store, &change.key.namespace, &change.key.name) => {
                enqueue(change.key.clone());
            }
            Kind::Pod => {
                // Upstream queues a pod's claims when the pod can no longer
                // hold one (deleted, finished or not scheduled); only claims
                // waiting on their finalizer can change, so only those.
                let Some(pod) = change.object().as_pod() else { return };
                let deleted = change.type_ == ChangeType::Deleted;
                let finished = matches!(pod.status.phase.as_deref(), Some("Succeeded" | "Failed"));
                if !deleted && !finished && pod.node_name().is_some() {
                    return;
                }
                for (claim, _) in super::ephemeral::pod_claims(pod) {
                    if claim_to_process(store, &pod.metadata.namespace, &claim) {
                        enqueue(ObjectKey::new(Kind::PersistentVolumeClaim, &pod.metadata.namespace, &claim));
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!("claim {} is gone", key.name));
            return;
        };
        ctx.desired(format!("claim {} protected by {FINALIZER} while a pod uses it", key.name));
        if is_deletion_candidate(obj.meta(), FINALIZER) {
            let user = user_of(ctx.store().list(Kind::Pod, Some(&key.namespace)).filter_map(|o| o.as_pod()), &key.name).map(|p| p.metadata.name.to_string());
            if let Some(pod) = user {
                ctx.observed(format!("claim {} is being deleted; pod {pod} still uses it", key.name));
                ctx.explain(format!("kept claim {}: pod {pod} uses it, so its {FINALIZER} finalizer stays until that pod is gone", key.name));
                return;
            }
            ctx.observed(format!("claim {} is being deleted and no pod uses it", key.name));
            if write_finalizer(ctx, &obj, FINALIZER, false) {
                ctx.explain(format!("removed {FINALIZER} from claim {}: no pod uses it, so its deletion goes ahead", key.name));
            }
        } else if needs_finalizer(obj.meta(), FINALIZER) {
            ctx.observed(format!("claim {} has no {FINALIZER} finalizer", key.name));
            if write_finalizer(ctx, &obj, FINALIZER, true) {
                ctx.explain(format!("added {FINALIZER} to claim {}", key.name));
            }
        } else {
            ctx.explain(format!("claim {} needs nothing", key.name));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{PvcVolumeSource, Volume};

    fn pod(claim: &str, node: Option<&str>, phase: &str) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = "pod1".into();
        p.spec_mut().node_name = node.map(Into::into);
        p.spec_mut().volumes.push(Volume { name: "v".into(), persistent_volume_claim: Some(Box::new(PvcVolumeSource { claim_name: claim.into(), read_only: None })), ..Default::default() });
        p.status.phase = Some(phase.into());
        p
    }

    // pvc_protection_controller_test.go's TestPVCProtectionController:
    // which pods keep a deleted claim's finalizer.
    #[test]
    fn which_pods_hold_a_deleted_claim() {
        let cases = [
            ("pod with the PVC exists -> finalizer is not removed", vec![pod("pvc1", Some("node1"), "Running")], true),
            ("pod with unrelated PVC exists -> finalizer is removed", vec![pod("unrelatedPVC", Some("node1"), "Running")], false),
            ("pod with the PVC finished but is not deleted -> not removed", vec![pod("pvc1", Some("node1"), "Failed")], true),
            ("updated finished Pod -> finalizer is not removed", vec![pod("pvc1", Some("node1"), "Succeeded")], true),
            ("updated unscheduled Pod -> finalizer is removed", vec![pod("pvc1", None, "Pending")], false),
            ("deleted running Pod -> finalizer is removed", vec![], false),
        ];
        for (name, pods, held) in cases {
            assert_eq!(user_of(pods.iter(), "pvc1").is_some(), held, "{name}");
        }
    }

    // protectionutil's IsDeletionCandidate / NeedToAddFinalizer.
    #[test]
    fn finalizer_bookkeeping() {
        let mut m = ObjectMeta::default();
        assert!(needs_finalizer(&m, FINALIZER) && !is_deletion_candidate(&m, FINALIZER));
        m.finalizers.push(FINALIZER.into());
        assert!(!needs_finalizer(&m, FINALIZER) && !is_deletion_candidate(&m, FINALIZER));
        m.deletion_timestamp = Some(kubeplay_model::Time::from_millis(1));
        assert!(is_deletion_candidate(&m, FINALIZER) && !needs_finalizer(&m, FINALIZER));
        m.finalizers.retain(|f| f != FINALIZER);
        assert!(!is_deletion_candidate(&m, FINALIZER) && !needs_finalizer(&m, FINALIZER));
    }
}
