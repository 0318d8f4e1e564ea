//! VolumeBinding (basics): a pod's PersistentVolumeClaims must exist (an
//! ephemeral volume's once its controller has made it, and owned by the
//! pod); a
//! bound claim's volume must be reachable from the node (its node
//! affinity); an unbound claim is fine only if its StorageClass waits for
//! the first consumer and a matching volume exists or can be provisioned.
//! At binding the scheduler marks such claims with the chosen node.

use crate::scheduler::cache::{NodeInfo, NodeView};
use crate::scheduler::framework::{ClusterEvent, Code, Cx, CycleState, FilterResult, Plugin, PreFilterResult, Status};
use crate::scheduler::plugins::node_affinity::{terms_from_json, Term};
use kubeplay_model::api::{PersistentVolume, PersistentVolumeClaim};
use kubeplay_model::{Kind, Object};
use std::sync::Arc;

pub const NAME: &str = "VolumeBinding";
pub const ERR_UNBOUND_IMMEDIATE: &str = "pod has unbound immediate PersistentVolumeClaims";
pub const ERR_NODE_CONFLICT: &str = "node(s) had volume node affinity conflict";
pub const ERR_BIND_CONFLICT: &str = "node(s) didn't find available persistent volumes to bind";
/// The annotation telling the provisioner which node the pod went to.
pub const SELECTED_NODE: &str = "volume.kubernetes.io/selected-node";

pub struct VolumeBinding;

#[derive(Clone, Debug, Default)]
pub struct State {
    /// Node affinity of the volumes bound claims use.
    bound_terms: Vec<Vec<Term>>,
    /// Unbound WaitForFirstConsumer claims, with whether their class can provision.
    pub unbound: Vec<(Arc<Object>, bool)>,
}

fn pv_terms(pv: &PersistentVolume) -> Option<Vec<Term>> {
    pv.spec.node_affinity.as_ref().and_then(terms_from_json)
}

fn storage_request(pvc: &PersistentVolumeClaim) -> i64 {
    pvc.spec.resources.requests.get("storage").map(|q| q.value()).unwrap_or(0)
}

/// A volume an unbound claim could bind to on this node.
fn matching_pv<'a>(cx: &'a Cx, pvc: &PersistentVolumeClaim, node: &NodeInfo) -> Option<&'a Arc<Object>> {
    let class = pvc.spec.storage_class_name.clone().unwrap_or_default();
    cx.store.list(Kind::PersistentVolume, None).find(|o| {
        let Object::PersistentVolume(pv) = &***o else { return false };
        let free = pv.spec.claim_ref.is_none() && pv.metadata.deletion_timestamp.is_none();
        let same_class = pv.spec.storage_class_name.clone().unwrap_or_default() == class;
        let big_enough = pv.spec.capacity.get("storage").map(|q| q.value()).unwrap_or(0) >= storage_request(pvc);
        let modes = pvc.spec.access_modes.iter().all(|m| pv.spec.access_modes.contains(m));
        let reachable = pv_terms(pv).is_none_or(|ts| ts.iter().any(|t| t.matches(&node.name, node.labels())));
        free && same_class && big_enough && modes && reachable
    })
}

impl Plugin for VolumeBinding {
    fn name(&self) -> &'static str {
        NAME
    }

    fn pre_filter(&self, cx: &Cx, state: &mut CycleState) -> PreFilterResult {
        let pod = cx.pod.pod();
        if !pod.spec.volumes.iter().any(|v| v.persistent_volume_claim.is_some() || v.ephemeral.is_some()) {
            return PreFilterResult::skip();
        }
        let mut s = State::default();
        let mut immediate_unbound = false;
        for (name, ephemeral) in crate::controllers::ephemeral::pod_claims(pod) {
            let unresolvable = |m: String| PreFilterResult::fail(Status::new(Code::UnschedulableAndUnresolvable, m));
            let Some(obj) = cx.store.get_by(Kind::PersistentVolumeClaim, cx.pod.namespace(), &name) else {
                // Normal right after a pod with an ephemeral volume is made.
                if ephemeral {
                    return unresolvable(format!("waiting for ephemeral volume controller to create the persistentvolumeclaim \"{name}\""));
                }
                return unresolvable(format!("persistentvolumeclaim \"{name}\" not found"));
            };
            let Object::PersistentVolumeClaim(pvc) = &**obj else { continue };
            if pvc.metadata.deletion_timestamp.is_some() {
                return unresolvable(format!("persistentvolumeclaim \"{name}\" is being deleted"));
            }
            if ephemeral {
                if let Err(e) = crate::controllers::ephemeral::volume_is_for_pod(pod, pvc) {
                    return unresolvable(e);
                }
            }
            if let Some(vol) = pvc.spec.volume_name.as_deref().filter(|v| !v.is_empty()) {
                if let Some(Object::PersistentVolume(pv)) = cx.store.get_by(Kind::PersistentVolume, "", vol).map(|o| &**o) {
                    if let Some(t) = pv_terms(pv) {
                        s.bound_terms.push(t);
                    }
                }
                continue;
            }
            let class = pvc.spec.storage_class_name.as_deref().unwrap_or("");
            let sc = cx.store.get_by(Kind::StorageClass, "", class).and_then(|o| if let Object::StorageClass(sc) = &**o { Some(sc.clone()) } else { None });
            match sc {
                Some(sc) if sc.volume_binding_mode.as_deref() == Some("WaitForFirstConsumer") => {
                    s.unbound.push((obj.clone(), sc.provisioner != "kubernetes.io/no-provisioner"));
                }
                _ => immediate_unbound = true,
            }
        }
        if immediate_unbound {
            return PreFilterResult::fail(Status::new(Code::UnschedulableAndUnresolvable, ERR_UNBOUND_IMMEDIATE));
        }
        state.volume_binding = Some(s);
        PreFilterResult::ok()
    }

    fn filter(&self, cx: &Cx, state: &CycleState, node: &NodeView) -> FilterResult {
        let Some(s) = &state.volume_binding else { return Ok(()) };
        let labels = node.labels();
        if s.bound_terms.iter().any(|ts| !ts.iter().any(|t| t.matches(&node.name, labels))) {
            return Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_NODE_CONFLICT));
        }
        for (obj, provisionable) in &s.unbound {
            let Object::PersistentVolumeClaim(pvc) = &**obj else { continue };
            // A claim another pod's binding already gave a node is
            // provisioned there: only that node fits (binder.go's
            // FindPodVolumes), so a Deployment's pods sharing a new
            // local-path claim all land beside its volume.
            if let Some(selected) = pvc.metadata.annotations.get(SELECTED_NODE) {
                if *selected != node.name {
                    return Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_BIND_CONFLICT));
                }
                continue;
            }
            if !provisionable && matching_pv(cx, pvc, node).is_none() {
                return Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_BIND_CONFLICT));
            }
        }
        Ok(())
    }

    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::StorageChange, ClusterEvent::NodeAdd, ClusterEvent::NodeUpdate]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::api::*;
    use kubeplay_model::ObjectMeta;

    fn pvc(name: &str, class: &str, volume: Option<&str>) -> Object {
        Object::PersistentVolumeClaim(Box::new(PersistentVolumeClaim {
            metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
            spec: PvcSpec {
                storage_class_name: Some(class.into()),
                volume_name: volume.map(str::to_string),
                access_modes: vec!["ReadWriteOnce".into()],
                resources: ResourceRequirements { requests: std::collections::BTreeMap::from([("storage".to_string(), kubeplay_model::Quantity::parse("1Gi").unwrap())]).into(), ..Default::default() },
                ..Default::default()
            },
            ..Default::default()
        }))
    }
    fn class(name: &str, provisioner: &str, mode: &str) -> Object {
        Object::StorageClass(Box::new(StorageClass {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            provisioner: provisioner.into(),
            volume_binding_mode: Some(mode.into()),
            ..Default::default()
        }))
    }
    fn with_claim(claim: &str) -> Pod {
        let mut p = pod("p", &[]);
        p.spec_mut().volumes = vec![Volume { name: "data".into(), persistent_volume_claim: Some(Box::new(PvcVolumeSource { claim_name: claim.into(), read_only: None })), ..Default::default() }].into();
        p
    }
    fn ns() -> Object {
        Object::Namespace(Box::new(Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() }))
    }

    #[test]
    fn volume_binding_basics() {
        let w = || World::new(vec![node("n1", &[("zone", "a")]), node("n2", &[("zone", "b")])], vec![]).with(ns());
        // Missing claim.
        let s = w().filter(&VolumeBinding, &with_claim("data"), "n1");
        assert_eq!((s.code, s.reasons.into_vec()), (Code::UnschedulableAndUnresolvable, vec![crate::scheduler::framework::Reason::from("persistentvolumeclaim \"data\" not found")]));
        // Unbound claim of an Immediate class.
        let s = w().with(class("fast", "example.com/csi", "Immediate")).with(pvc("data", "fast", None)).filter(&VolumeBinding, &with_claim("data"), "n1");
        assert_eq!(s.reasons, [ERR_UNBOUND_IMMEDIATE]);
        // WaitForFirstConsumer with a provisioner: fits anywhere.
        let s = w().with(class("wffc", "example.com/csi", "WaitForFirstConsumer")).with(pvc("data", "wffc", None)).filter(&VolumeBinding, &with_claim("data"), "n1");
        assert!(s.is_success());
        // Local volumes without a provisioner: only where a free PV is.
        let local_pv = Object::PersistentVolume(Box::new(PersistentVolume {
            metadata: ObjectMeta { name: "pv1".into(), ..Default::default() },
            spec: PvSpec {
                storage_class_name: Some("local".into()),
                capacity: [("storage".to_string(), kubeplay_model::Quantity::parse("5Gi").unwrap())].into(),
                access_modes: vec!["ReadWriteOnce".into()],
                local: Some(serde_json::json!({"path": "/mnt/disks/ssd1"})),
                node_affinity: Some(serde_json::json!({"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "zone", "operator": "In", "values": ["b"]}]}]}})),
                ..Default::default()
            },
            ..Default::default()
        }));
        let w2 = || w().with(class("local", "kubernetes.io/no-provisioner", "WaitForFirstConsumer")).with(pvc("data", "local", None)).with(local_pv.clone());
        assert_eq!(w2().filter(&VolumeBinding, &with_claim("data"), "n1").reasons, [ERR_BIND_CONFLICT]);
        assert!(w2().filter(&VolumeBinding, &with_claim("data"), "n2").is_success());
        // A claim a pod's binding gave a node (provisioning there): only
        // that node fits the next pod using it (binder.go's FindPodVolumes).
        let mut picked = pvc("data", "wffc", None);
        picked.meta_mut().annotations.insert(SELECTED_NODE.into(), "n2".into());
        let w4 = || w().with(class("wffc", "example.com/csi", "WaitForFirstConsumer")).with(picked.clone());
        assert_eq!(w4().filter(&VolumeBinding, &with_claim("data"), "n1").reasons, [ERR_BIND_CONFLICT]);
        assert!(w4().filter(&VolumeBinding, &with_claim("data"), "n2").is_success());
        // A bound claim follows its volume's node affinity.
        let w3 = || w().with(local_pv.clone()).with(pvc("data", "local", Some("pv1")));
        assert_eq!(w3().filter(&VolumeBinding, &with_claim("data"), "n1").reasons, [ERR_NODE_CONFLICT]);
        assert!(w3().filter(&VolumeBinding, &with_claim("data"), "n2").is_success());
    }
}
