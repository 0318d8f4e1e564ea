//! NodeUnschedulable: cordoned nodes (`spec.unschedulable`) take no new
//! pods, unless the pod tolerates the `node.kubernetes.io/unschedulable`
//! NoSchedule taint (DaemonSet pods do).

use crate::scheduler::cache::NodeView;
use crate::scheduler::framework::{ClusterEvent, Code, Cx, CycleState, FilterResult, HotGate, Plugin, Status};
use crate::scheduler::plugins::taint_toleration::tolerates;
use kubeplay_model::api::Taint;

pub const NAME: &str = "NodeUnschedulable";
pub const ERR_REASON: &str = "node(s) were unschedulable";

pub struct NodeUnschedulable;

impl Plugin for NodeUnschedulable {
    fn name(&self) -> &'static str {
        NAME
    }
    fn hot_gate<'s>(&self, _cx: &Cx, _state: &'s CycleState) -> Option<HotGate<'s>> {
        Some(HotGate { uncordoned: true, ..HotGate::default() })
    }
    fn filter(&self, cx: &Cx, _state: &CycleState, node: &NodeView) -> FilterResult {
        if !node.hot.unschedulable {
            return Ok(());
        }
        let taint = Taint { key: "node.kubernetes.io/unschedulable".into(), value: None, effect: "NoSchedule".into(), time_added: None };
        if cx.pod.pod().spec.tolerations.iter().any(|t| tolerates(t, &taint)) {
            return Ok(());
        }
        Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON))
    }
    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::NodeAdd, ClusterEvent::NodeUpdate]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::api::Toleration;

    #[test]
    fn node_unschedulable_table() {
        // Upstream TestNodeUnschedulable.
        let tolerating = Toleration { key: Some("node.kubernetes.io/unschedulable".into()), effect: Some("NoSchedule".into()), ..Default::default() };
        let cases: [(Option<bool>, Vec<Toleration>, Code); 4] = [
            (Some(false), vec![], Code::Success),
            (None, vec![], Code::Success),
            (Some(true), vec![], Code::UnschedulableAndUnresolvable),
            (Some(true), vec![tolerating], Code::Success),
        ];
        for (unsched, tol, want) in cases {
            let mut n = node("n1", &[]);
            n.spec.unschedulable = unsched;
            let mut p = pod("p", &[]);
            p.spec_mut().tolerations = tol.into();
            let w = World::new(vec![n], vec![]);
            let s = w.filter(&NodeUnschedulable, &p, "n1");
            assert_eq!(s.code, want);
            if want != Code::Success {
                assert_eq!(s.reasons, [ERR_REASON]);
            }
        }
    }
}
