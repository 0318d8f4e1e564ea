//! VolumeRestrictions, its ReadWriteOncePod part (upstream
//! volume_restrictions.go): a claim whose access modes include
//! ReadWriteOncePod is one pod's at a time, so while a scheduled pod uses
//! it no node fits another (the Change the Access Mode of a
//! PersistentVolume to ReadWriteOncePod page's Deployment keeps one pod
//! of three). Preemption's what-if runs do not recount, so a lower
//! priority holder is not found as a victim (upstream's RemovePod would).

use crate::scheduler::framework::{ClusterEvent, Code, Cx, CycleState, FilterResult, Plugin, PreFilterResult, Status};
use kubeplay_model::{Kind, Object};

pub const NAME: &str = "VolumeRestrictions";
pub const ERR_RWOP_CONFLICT: &str = "node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode";

pub struct VolumeRestrictions;

impl Plugin for VolumeRestrictions {
    fn name(&self) -> &'static str {
        NAME
    }

    fn pre_filter(&self, cx: &Cx, state: &mut CycleState) -> PreFilterResult {
        let pod = cx.pod.pod();
        let ns = cx.pod.namespace();
        let rwop: Vec<String> = crate::controllers::ephemeral::pod_claims(pod)
            .map(|(name, _)| name)
            .filter(|name| {
                matches!(cx.store.get_by(Kind::PersistentVolumeClaim, ns, name).map(|o| &**o),
                    Some(Object::PersistentVolumeClaim(c)) if c.spec.access_modes.iter().any(|m| m == "ReadWriteOncePod"))
            })
            .collect();
        if rwop.is_empty() {
            return PreFilterResult::skip();
        }
        // Every scheduled pod (the cache's, assumed ones too) using one of them.
        let conflicts = cx
            .all_nodes()
            .flat_map(|n| n.pods.values())
            .filter(|p| p.namespace() == ns && p.pod().metadata.uid != pod.metadata.uid)
            .filter(|p| crate::controllers::ephemeral::pod_claims(p.pod()).any(|(c, _)| rwop.contains(&c)))
            .count();
        state.rwop_conflicts = conflicts;
        PreFilterResult::ok()
    }

    fn filter(&self, _cx: &Cx, state: &CycleState, _node: &crate::scheduler::cache::NodeView) -> FilterResult {
        if state.rwop_conflicts > 0 {
            return Err(Status::new(Code::Unschedulable, ERR_RWOP_CONFLICT));
        }
        Ok(())
    }

    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::AssignedPodDelete, ClusterEvent::StorageChange]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::api::*;
    use kubeplay_model::ObjectMeta;

    fn claim(name: &str, mode: &str) -> Object {
        Object::PersistentVolumeClaim(Box::new(PersistentVolumeClaim {
            metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
            spec: PvcSpec {
                access_modes: vec![mode.into()],
                resources: ResourceRequirements { requests: std::collections::BTreeMap::from([("storage".to_string(), kubeplay_model::Quantity::parse("1Gi").unwrap())]).into(), ..Default::default() },
                ..Default::default()
            },
            ..Default::default()
        }))
    }

    fn using(name: &str, claim: &str) -> Pod {
        let mut p = pod(name, &[]);
        p.spec_mut().volumes = vec![Volume { name: "data".into(), persistent_volume_claim: Some(Box::new(PvcVolumeSource { claim_name: claim.into(), read_only: None })), ..Default::default() }].into();
        p
    }

    // Upstream volume_restrictions_test.go's ReadWriteOncePod cases: a
    // claim another scheduled pod uses fails every node; a ReadWriteOnce
    // claim, or one no other pod uses, does not.
    #[test]
    fn read_write_once_pod_claims_are_one_pods() {
        let nodes = || vec![node("n1", &[]), node("n2", &[])];
        let held = || World::new(nodes(), vec![assigned(using("holder", "rwop"), "n1")]).with(crate::testing::namespace("default")).with(claim("rwop", "ReadWriteOncePod")).with(claim("rwo", "ReadWriteOnce"));
        for n in ["n1", "n2"] {
            let s = held().filter(&VolumeRestrictions, &using("second", "rwop"), n);
            assert_eq!((s.code, s.reasons.into_vec()), (Code::Unschedulable, vec![crate::scheduler::framework::Reason::from(ERR_RWOP_CONFLICT)]), "{n}");
        }
        assert!(held().filter(&VolumeRestrictions, &using("second", "rwo"), "n1").is_success());
        let free = World::new(nodes(), vec![assigned(using("other", "rwo"), "n1")]).with(crate::testing::namespace("default")).with(claim("rwop", "ReadWriteOncePod"));
        assert!(free.filter(&VolumeRestrictions, &using("first", "rwop"), "n1").is_success());
    }
}
