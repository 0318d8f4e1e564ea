//! NodePorts: two pods can't claim the same hostPort (same protocol,
//! overlapping hostIP) on one node.

use crate::scheduler::cache::NodeView;
use crate::scheduler::framework::{ClusterEvent, Code, Cx, CycleState, FilterResult, Plugin, PreFilterResult, Status};

pub const NAME: &str = "NodePorts";
pub const ERR_REASON: &str = "node(s) didn't have free ports for the requested pod ports";

pub struct NodePorts;

impl Plugin for NodePorts {
    fn name(&self) -> &'static str {
        NAME
    }
    fn pre_filter(&self, cx: &Cx, _state: &mut CycleState) -> PreFilterResult {
        if cx.pod.host_ports.is_empty() {
            PreFilterResult::skip()
        } else {
            PreFilterResult::ok()
        }
    }
    fn filter(&self, cx: &Cx, _state: &CycleState, node: &NodeView) -> FilterResult {
        let taken = cx.pod.host_ports.iter().any(|want| node.used_ports.keys().any(|used| want.conflicts(used)));
        if taken {
            Err(Status::new(Code::Unschedulable, ERR_REASON))
        } else {
            Ok(())
        }
    }
    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::AssignedPodDelete, ClusterEvent::NodeAdd]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;

    #[test]
    fn node_ports_table() {
        // Upstream TestNodePorts: (incoming pod's ports, ports already used on the node, fits).
        let cases: &[(&[&str], &[&str], bool)] = &[
            (&[], &[], true),
            (&["UDP/127.0.0.1/8080"], &["UDP/127.0.0.1/9090"], true),
            (&["UDP/127.0.0.1/8080"], &["UDP/127.0.0.1/8080"], false),
            (&["TCP/127.0.0.1/8080"], &["TCP/127.0.0.1/8081"], true),
            (&["TCP/127.0.0.1/8080"], &["TCP/127.0.0.1/8080"], false),
            (&["TCP/127.0.0.1/8001", "UDP/127.0.0.1/8080"], &["UDP/127.0.0.1/8080"], false),
            (&["TCP/127.0.0.1/8001", "UDP/127.0.0.1/8081"], &["UDP/127.0.0.1/8080", "TCP/127.0.0.1/8001"], false),
            (&["UDP/127.0.0.1/8080"], &["TCP/127.0.0.1/8080"], true),
            (&["UDP/127.0.0.1/8080"], &["UDP/127.0.0.2/8080"], true),
            (&["TCP/0.0.0.0/8001"], &["TCP/127.0.0.1/8001"], false),
            (&["TCP/10.0.10.10/8001", "TCP/0.0.0.0/8001"], &["TCP/127.0.0.1/8001"], false),
            (&["TCP/127.0.0.1/8001"], &["TCP/0.0.0.0/8001"], false),
            (&["UDP/127.0.0.1/8001"], &["TCP/0.0.0.0/8001"], true),
            (&["UDP/0.0.0.0/8001"], &["TCP/0.0.0.0/8001", "UDP/127.0.0.1/8001"], false),
            // More of upstream's v1.32 table: different host IPs over TCP,
            // a conflict on the second UDP port, and on a 0.0.0.0 UDP port.
            (&["TCP/127.0.0.1/8080"], &["TCP/127.0.0.2/8080"], true),
            (&["UDP/127.0.0.1/8000", "UDP/127.0.0.1/8080"], &["UDP/127.0.0.1/8080"], false),
            (&["UDP/127.0.0.1/8001"], &["TCP/0.0.0.0/8001", "UDP/0.0.0.0/8001"], false),
            // Upstream TestFits.
            (&["TCP/127.0.0.1/80"], &["TCP/127.0.0.1/9090"], true),
            (&["TCP/127.0.0.1/80", "TCP/127.0.1.1/80", "TCP/127.0.1.1/90", "TCP/127.0.1.1/100"], &["TCP/127.0.0.1/9090", "TCP/127.0.0.1/9191", "TCP/127.0.1.1/8080"], true),
            (&["TCP/127.0.0.1/80"], &["UDP/127.0.0.1/80"], true),
            (&["TCP/127.0.0.1/80"], &["TCP/127.0.0.1/80"], false),
            (&["TCP/127.0.0.1/80", "TCP/127.0.1.1/80", "TCP/127.0.1.1/90", "TCP/127.0.1.1/100"], &["TCP/127.0.0.1/9090", "TCP/127.0.1.1/90", "TCP/127.0.1.1/8080"], false),
        ];
        for (want, used, fits) in cases {
            let p = pod_with_ports("new", want);
            // A pod with no host ports: PreFilter says Skip (upstream "skip filter").
            if want.is_empty() {
                let info = crate::scheduler::cache::PodInfo::new(std::sync::Arc::new(kubeplay_model::Object::Pod(Box::new(p.clone()))));
                let w = World::new(vec![node("n1", &[])], vec![]);
                assert_eq!(NodePorts.pre_filter(&w.cx(&info), &mut crate::scheduler::framework::CycleState::default()).status.code, Code::Skip);
            }
            let existing = assigned(pod_with_ports("old", used), "n1");
            let w = World::new(vec![node("n1", &[])], vec![existing]);
            let s = w.filter(&NodePorts, &p, "n1");
            assert_eq!(s.is_success(), *fits, "{want:?} vs {used:?}");
            if !fits {
                assert_eq!(s.code, Code::Unschedulable);
                assert_eq!(s.reasons, [ERR_REASON]);
            }
        }
    }
}
