//! TaintToleration: a node's NoSchedule/NoExecute taints keep out pods that
//! don't tolerate them (Filter); PreferNoSchedule taints only lower the
//! node's score, by how many of them the pod doesn't tolerate (Score).

use crate::scheduler::cache::NodeView;
use crate::scheduler::domain_ids::GroupVerdicts;
use crate::scheduler::framework::{add_weighted, default_normalize, ClusterEvent, Code, Cx, CycleState, FilterResult, HotGate, Plugin, PreFilterResult, Status, MAX_NODE_SCORE};
use kubeplay_model::api::{Taint, Toleration};

pub const NAME: &str = "TaintToleration";

pub struct TaintToleration;

pub use kubeplay_model::api::tolerates;

/// The first NoSchedule/NoExecute taint no toleration tolerates.
pub fn first_untolerated<'a>(taints: &'a [Taint], tolerations: &[Toleration]) -> Option<&'a Taint> {
    taints
        .iter()
        .filter(|t| t.effect == "NoSchedule" || t.effect == "NoExecute")
        .find(|taint| !tolerations.iter().any(|t| tolerates(t, taint)))
}

impl Plugin for TaintToleration {
    fn name(&self) -> &'static str {
        NAME
    }
    /// Not upstream's (TaintToleration has no PreFilter): it only makes
    /// room for the cycle's verdicts per taint group, and never skips or
    /// rejects.
    fn pre_filter(&self, cx: &Cx, state: &mut CycleState) -> PreFilterResult {
        state.taint_memo = GroupVerdicts::for_groups(cx.cache.domain_ids.taint_groups());
        PreFilterResult::ok()
    }
    fn hot_gate<'s>(&self, _cx: &Cx, state: &'s CycleState) -> Option<HotGate<'s>> {
        Some(HotGate { taints: Some(&state.taint_memo), ..HotGate::default() })
    }
    fn filter(&self, cx: &Cx, state: &CycleState, node: &NodeView) -> FilterResult {
        if !node.hot.tainted {
            return Ok(());
        }
        // Nodes with the same taints get the same answer: one per group
        // per cycle, without reading the node again (the message is
        // written only for a rejection, wanted only when no node fits).
        let group = node.hot.domains.taints;
        if state.taint_memo.get(group) == Some(true) {
            return Ok(());
        }
        let untolerated = first_untolerated(&node.node().spec.taints, &cx.pod.pod().spec.tolerations);
        state.taint_memo.set(group, untolerated.is_none());
        match untolerated {
            None => Ok(()),
            Some(t) => Err(Status::new(
                Code::UnschedulableAndUnresolvable,
                format!("node(s) had untolerated taint {{{}: {}}}", t.key, t.value.as_deref().unwrap_or("")),
            )),
        }
    }
    fn score(&self, cx: &Cx, _state: &CycleState, node: &NodeView) -> i64 {
        if !node.hot.prefer_tainted {
            return 0;
        }
        let prefer = |t: &&Toleration| t.effect.as_deref().unwrap_or("").is_empty() || t.effect.as_deref() == Some("PreferNoSchedule");
        let tolerations = &cx.pod.pod().spec.tolerations;
        node.node()
            .spec
            .taints
            .iter()
            .filter(|t| t.effect == "PreferNoSchedule")
            .filter(|taint| !tolerations.iter().filter(prefer).any(|t| tolerates(t, taint)))
            .count() as i64
    }
    fn normalize(&self, _cx: &Cx, _state: &CycleState, _nodes: &[&NodeView], scores: &mut [i64]) {
        default_normalize(MAX_NODE_SCORE, true, scores);
    }
    /// With no PreferNoSchedule taint on any node in the cache (the nodes a
    /// cycle scores), every node gets the maximum (see `add_scores`), a
    /// score of that node alone.
    fn scores_alone(&self, cx: &Cx) -> bool {
        cx.cache.prefer_tainted_nodes() == 0
    }
    /// The maximum, for every node, when no node has such a taint.
    fn uniform_score(&self, cx: &Cx, _state: &CycleState) -> Option<i64> {
        (cx.cache.prefer_tainted_nodes() == 0).then_some(MAX_NODE_SCORE)
    }
    /// Nodes without PreferNoSchedule taints score 0, and when every node
    /// does, normalizing (reversed) gives each the maximum: without such a
    /// taint on a scored node, nothing need be scored.
    fn add_scores(&self, cx: &Cx, state: &CycleState, nodes: &[&NodeView], weight: i64, totals: &mut [i64], scratch: &mut Vec<i64>) {
        if nodes.iter().any(|n| n.hot.prefer_tainted) {
            scratch.clear();
            self.score_many(cx, state, nodes, scratch);
            self.normalize(cx, state, nodes, scratch);
            add_weighted(totals, scratch, weight);
        } else {
            totals.iter_mut().for_each(|t| *t += MAX_NODE_SCORE * weight);
        }
    }
    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::NodeAdd, ClusterEvent::NodeUpdate]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;

    #[test]
    fn one_cycle_answers_each_taint_group_once_and_the_same_as_each_node() {
        use crate::scheduler::cache::{NodeView, PodInfo};
        let tainted = |name: &str, taints: Vec<Taint>| {
            let mut n = node(name, &[]);
            n.spec.taints = taints;
            n
        };
        let batch = || vec![taint("dedicated", "batch", "NoSchedule")];
        let w = World::new(vec![tainted("a", batch()), tainted("b", batch()), tainted("c", vec![taint("gpu", "", "NoSchedule")]), node("d", &[])], vec![]);
        let views: Vec<NodeView> = ["a", "b", "c", "d"].iter().map(|x| NodeView::new(w.cache.node(x).unwrap().clone())).collect();
        assert_eq!(views[0].hot.domains.taints, views[1].hot.domains.taints);
        assert_ne!(views[0].hot.domains.taints, views[2].hot.domains.taints);
        let run = |tolerations: Vec<Toleration>| {
            let mut p = pod("p", &[]);
            p.spec_mut().tolerations = tolerations.into();
            let info = PodInfo::new(std::sync::Arc::new(kubeplay_model::Object::Pod(Box::new(p))));
            let cx = w.cx(&info);
            let mut state = CycleState::default();
            assert!(TaintToleration.pre_filter(&cx, &mut state).status.is_success());
            // Twice over, so the second pass reads what the first recorded.
            let messages = views.iter().chain(&views).map(|v| crate::scheduler::framework::filter_status(TaintToleration.filter(&cx, &state, v)).message()).collect::<Vec<_>>();
            // Each taint group's verdict was recorded, and is Filter's.
            for v in views.iter().filter(|v| v.hot.tainted) {
                assert_eq!(state.taint_memo.get(v.hot.domains.taints), Some(TaintToleration.filter(&cx, &state, v).is_ok()), "{}", v.name);
            }
            messages
        };
        let twice = |v: [&str; 4]| -> Vec<String> { v.iter().chain(&v).map(|s| s.to_string()).collect() };
        let (b, g) = ("node(s) had untolerated taint {dedicated: batch}", "node(s) had untolerated taint {gpu: }");
        assert_eq!(run(vec![]), twice([b, b, g, ""]));
        assert_eq!(run(vec![toleration("dedicated", "Equal", "batch", "NoSchedule")]), twice(["", "", g, ""]));
        assert_eq!(run(vec![toleration("gpu", "Exists", "", "")]), twice([b, b, "", ""]));
    }

    #[test]
    fn filter_table() {
        // Upstream TestTaintTolerationFilter.
        let cases: Vec<(Vec<Toleration>, Vec<Taint>, Option<&str>)> = vec![
            (vec![], vec![taint("dedicated", "user1", "NoSchedule")], Some("node(s) had untolerated taint {dedicated: user1}")),
            (vec![toleration("dedicated", "Equal", "user1", "NoSchedule")], vec![taint("dedicated", "user1", "NoSchedule")], None),
            // As upstream writes it: no operator (Equal).
            (vec![toleration("dedicated", "", "user1", "NoSchedule")], vec![taint("dedicated", "user1", "NoSchedule")], None),
            (vec![toleration("dedicated", "Equal", "user2", "NoSchedule")], vec![taint("dedicated", "user1", "NoSchedule")], Some("node(s) had untolerated taint {dedicated: user1}")),
            (vec![toleration("foo", "Exists", "", "NoSchedule")], vec![taint("foo", "bar", "NoSchedule")], None),
            (
                vec![toleration("dedicated", "Equal", "user2", "NoSchedule"), toleration("foo", "Exists", "", "NoSchedule")],
                vec![taint("dedicated", "user2", "NoSchedule"), taint("foo", "bar", "NoSchedule")],
                None,
            ),
            (vec![toleration("foo", "Equal", "bar", "PreferNoSchedule")], vec![taint("foo", "bar", "NoSchedule")], Some("node(s) had untolerated taint {foo: bar}")),
            (vec![toleration("foo", "Equal", "bar", "")], vec![taint("foo", "bar", "NoSchedule")], None),
            (vec![toleration("dedicated", "Equal", "user2", "NoSchedule")], vec![taint("dedicated", "user1", "PreferNoSchedule")], None),
            (vec![], vec![taint("dedicated", "user1", "PreferNoSchedule")], None),
            (vec![], vec![taint("node.kubernetes.io/not-ready", "", "NoExecute")], Some("node(s) had untolerated taint {node.kubernetes.io/not-ready: }")),
            // An empty key with Exists tolerates everything.
            (vec![toleration("", "Exists", "", "")], vec![taint("a", "b", "NoSchedule"), taint("c", "", "NoExecute")], None),
            // The control-plane taint, as the default cluster has it.
            (vec![], vec![taint("node-role.kubernetes.io/control-plane", "", "NoSchedule")], Some("node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }")),
        ];
        for (tols, taints, want) in cases {
            let mut n = node("n1", &[]);
            n.spec.taints = taints.clone();
            let mut p = pod("p", &[]);
            p.spec_mut().tolerations = tols.clone().into();
            let w = World::new(vec![n], vec![]);
            let s = w.filter(&TaintToleration, &p, "n1");
            match want {
                None => assert!(s.is_success(), "{tols:?} {taints:?}: {s:?}"),
                Some(r) => {
                    assert_eq!(s.code, Code::UnschedulableAndUnresolvable);
                    assert_eq!(s.reasons, [r]);
                }
            }
        }
    }

    #[test]
    fn score_table() {
        // Upstream TestTaintTolerationScore.
        type Case = (Vec<Toleration>, Vec<Vec<Taint>>, Vec<i64>);
        let cases: Vec<Case> = vec![
            (
                vec![toleration("foo", "Equal", "bar", "PreferNoSchedule")],
                vec![vec![taint("foo", "bar", "PreferNoSchedule")], vec![taint("foo", "blah", "PreferNoSchedule")]],
                vec![100, 0],
            ),
            (
                vec![toleration("cpu-type", "Equal", "arm64", "PreferNoSchedule"), toleration("disk-type", "Equal", "ssd", "PreferNoSchedule")],
                vec![vec![], vec![taint("cpu-type", "arm64", "PreferNoSchedule")], vec![taint("cpu-type", "arm64", "PreferNoSchedule"), taint("disk-type", "ssd", "PreferNoSchedule")]],
                vec![100, 100, 100],
            ),
            (
                vec![toleration("foo", "Equal", "bar", "PreferNoSchedule")],
                vec![vec![], vec![taint("cpu-type", "arm64", "PreferNoSchedule")], vec![taint("cpu-type", "arm64", "PreferNoSchedule"), taint("disk-type", "ssd", "PreferNoSchedule")]],
                vec![100, 50, 0],
            ),
            (
                vec![toleration("cpu-type", "Equal", "arm64", "NoSchedule"), toleration("disk-type", "Equal", "ssd", "NoSchedule")],
                vec![vec![], vec![taint("cpu-type", "arm64", "NoSchedule")], vec![taint("cpu-type", "arm64", "PreferNoSchedule"), taint("disk-type", "ssd", "PreferNoSchedule")]],
                vec![100, 100, 0],
            ),
            (vec![], vec![vec![], vec![taint("cpu-type", "arm64", "PreferNoSchedule")]], vec![100, 0]),
            // Ours: tainted nodes without a PreferNoSchedule taint score as
            // untainted ones (the cycle then scores none of them).
            (vec![], vec![vec![], vec![taint("cpu-type", "arm64", "NoSchedule")], vec![taint("gpu", "", "NoExecute")]], vec![100, 100, 100]),
        ];
        for (tols, node_taints, want) in cases {
            let names: Vec<String> = (0..node_taints.len()).map(|i| format!("n{i}")).collect();
            let nodes = node_taints
                .iter()
                .zip(&names)
                .map(|(t, name)| {
                    let mut n = node(name, &[]);
                    n.spec.taints = t.clone();
                    n
                })
                .collect();
            let mut p = pod("p", &[]);
            p.spec_mut().tolerations = tols.into();
            let w = World::new(nodes, vec![]);
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            assert_eq!(w.scores(&TaintToleration, &p, &refs), Some(want));
        }
    }
}
