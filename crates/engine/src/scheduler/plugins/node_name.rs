//! NodeName: a pod that names a node (`spec.nodeName`) fits only there.

use crate::scheduler::cache::NodeView;
use crate::scheduler::framework::{ClusterEvent, Code, Cx, CycleState, FilterResult, HotGate, Plugin, Status};

pub const NAME: &str = "NodeName";
pub const ERR_REASON: &str = "node(s) didn't match the requested node name";

pub struct NodeName;

impl Plugin for NodeName {
    fn name(&self) -> &'static str {
        NAME
    }
    fn passes_all(&self, cx: &Cx, _state: &CycleState) -> bool {
        cx.pod.pod().node_name().is_none()
    }
    fn hot_gate<'s>(&self, cx: &Cx, state: &'s CycleState) -> Option<HotGate<'s>> {
        self.passes_all(cx, state).then(HotGate::default)
    }
    fn filter(&self, cx: &Cx, _state: &CycleState, node: &NodeView) -> FilterResult {
        match cx.pod.pod().node_name() {
            Some(n) if n != node.name => Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON)),
            _ => Ok(()),
        }
    }
    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::NodeAdd]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;

    #[test]
    fn node_name_table() {
        // Upstream TestNodeName.
        for (want_node, on, code) in [(None, "foo", Code::Success), (Some("foo"), "foo", Code::Success), (Some("bar"), "foo", Code::UnschedulableAndUnresolvable)] {
            let mut p = pod("p", &[]);
            p.spec_mut().node_name = want_node.map(kubeplay_model::Atom::from);
            let w = World::new(vec![node(on, &[])], vec![]);
            let s = w.filter(&NodeName, &p, on);
            assert_eq!(s.code, code);
        }
    }
}
