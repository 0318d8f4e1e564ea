//! NodeAffinity: the pod's `nodeSelector` and required node affinity must
//! both match the node's labels (Filter); preferred terms add their weights
//! to the node's score (Score). Also the node-selector matching other
//! plugins share (topology spread's nodeAffinityPolicy, volume node affinity).

use crate::scheduler::cache::{LabelLookup, NodeView};
use crate::scheduler::domain_ids::{GroupMemo, GroupVerdicts, HOSTNAME};
use crate::scheduler::framework::{default_normalize, ClusterEvent, Code, Cx, CycleState, FilterResult, HotGate, Plugin, PreFilterResult, Status, MAX_NODE_SCORE};
use kubeplay_model::api::{Node, NodeSelectorRequirement, NodeSelectorTerm, Pod};
use kubeplay_model::names;
use std::collections::{BTreeMap, BTreeSet};

pub const NAME: &str = "NodeAffinity";
pub const ERR_REASON_POD: &str = "node(s) didn't match Pod's node affinity/selector";
pub const ERR_REASON_CONFLICT: &str = "pod affinity terms conflict";

pub struct NodeAffinity;

#[derive(Clone, Debug, PartialEq)]
enum Op {
    In(BTreeSet<String>),
    NotIn(BTreeSet<String>),
    Exists,
    DoesNotExist,
    Gt(i64),
    Lt(i64),
}

#[derive(Clone, Debug, PartialEq)]
struct Req {
    key: String,
    op: Op,
}

impl Req {
    fn parse(r: &NodeSelectorRequirement, field: bool) -> Option<Req> {
        let values = || r.values.iter().cloned().collect::<BTreeSet<String>>();
        let one_int = || if r.values.len() == 1 { r.values[0].parse::<i64>().ok() } else { None };
        let op = match r.operator.as_str() {
            "In" if !r.values.is_empty() => Op::In(values()),
            "NotIn" if !r.values.is_empty() => Op::NotIn(values()),
            "Exists" if !field && r.values.is_empty() => Op::Exists,
            "DoesNotExist" if !field && r.values.is_empty() => Op::DoesNotExist,
            "Gt" if !field => Op::Gt(one_int()?),
            "Lt" if !field => Op::Lt(one_int()?),
            _ => return None,
        };
        // A field requirement becomes one field selector term (name = value
        // or name != value), so upstream rejects In/NotIn with more values.
        if field && (r.key != "metadata.name" || r.values.len() != 1) {
            return None;
        }
        // A label requirement is built as labels.NewRequirement builds it,
        // which rejects a key that is no qualified name and values that are
        // no label values: upstream's term then matches no node. (Parsed
        // once per cycle, not per node.)
        if !field && (!names::is_qualified_name(&r.key).is_empty() || r.values.iter().any(|v| !names::is_valid_label_value(v).is_empty())) {
            return None;
        }
        Some(Req { key: r.key.clone(), op })
    }

    fn matches(&self, value: Option<&str>) -> bool {
        match &self.op {
            Op::In(vs) => value.is_some_and(|v| vs.contains(v)),
            Op::NotIn(vs) => value.is_none_or(|v| !vs.contains(v)),
            Op::Exists => value.is_some(),
            Op::DoesNotExist => value.is_none(),
            Op::Gt(n) => value.and_then(|v| v.parse::<i64>().ok()).is_some_and(|v| v > *n),
            Op::Lt(n) => value.and_then(|v| v.parse::<i64>().ok()).is_some_and(|v| v < *n),
        }
    }
}

/// One node selector term: label expressions and `metadata.name` fields,
/// all ANDed. An empty term, or one with an invalid requirement, matches
/// no node.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    exprs: Vec<Req>,
    fields: Vec<Req>,
    valid: bool,
}

impl Term {
    pub fn parse(t: &NodeSelectorTerm) -> Term {
        let exprs: Vec<Option<Req>> = t.match_expressions.iter().map(|r| Req::parse(r, false)).collect();
        let fields: Vec<Option<Req>> = t.match_fields.iter().map(|r| Req::parse(r, true)).collect();
        let valid = exprs.iter().chain(&fields).all(Option::is_some);
        Term { exprs: exprs.into_iter().flatten().collect(), fields: fields.into_iter().flatten().collect(), valid }
    }

    /// Reads only labels other than the hostname (so every node of a label
    /// group gets the same answer).
    fn group_invariant(&self) -> bool {
        self.fields.is_empty() && self.exprs.iter().all(|r| r.key != HOSTNAME)
    }

    pub fn matches(&self, node_name: &str, labels: &impl LabelLookup) -> bool {
        if !self.valid || (self.exprs.is_empty() && self.fields.is_empty()) {
            return false;
        }
        self.exprs.iter().all(|r| r.matches(labels.label(&r.key))) && self.fields.iter().all(|r| r.matches(Some(node_name)))
    }
}

/// A pod's nodeSelector plus required node affinity (upstream
/// `RequiredNodeAffinity`): both must match.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct RequiredAffinity {
    selector: BTreeMap<String, String>,
    /// None: no required node affinity; Some(terms): ORed.
    terms: Option<Vec<Term>>,
}

impl RequiredAffinity {
    pub fn of(pod: &Pod) -> RequiredAffinity {
        let terms = pod
            .spec
            .affinity
            .as_ref()
            .and_then(|a| a.node_affinity.as_ref())
            .and_then(|na| na.required_during_scheduling_ignored_during_execution.as_ref())
            .map(|ns| ns.node_selector_terms.iter().map(Term::parse).collect());
        RequiredAffinity { selector: pod.spec.node_selector.clone(), terms }
    }

    /// No nodeSelector and no required terms: every node matches, so
    /// per-domain aggregates can stand in for a walk over the nodes.
    pub fn matches_every_node(&self) -> bool {
        self.selector.is_empty() && self.terms.is_none()
    }

    pub fn matches(&self, node: &Node) -> bool {
        self.matches_labels(&node.metadata.name, &*node.metadata.labels)
    }

    fn group_invariant(&self) -> bool {
        !self.selector.contains_key(HOSTNAME) && self.terms.iter().flatten().all(Term::group_invariant)
    }

    pub fn matches_labels(&self, node_name: &str, labels: &impl LabelLookup) -> bool {
        if !self.selector.iter().all(|(k, v)| labels.label(k) == Some(v.as_str())) {
            return false;
        }
        match &self.terms {
            None => true,
            Some(terms) => terms.iter().any(|t| t.matches(node_name, labels)),
        }
    }
}

/// Terms of a PV's or other object's required node selector given as raw
/// JSON (`{"required": {"nodeSelectorTerms": [...]}}`).
pub fn terms_from_json(v: &serde_json::Value) -> Option<Vec<Term>> {
    let terms = v.get("required")?.get("nodeSelectorTerms")?;
    let parsed: Vec<NodeSelectorTerm> = kubeplay_codec::from_json(terms).ok()?;
    Some(parsed.iter().map(Term::parse).collect())
}

/// A memo when the answers are the same across a label group.
fn memo_if(invariant: bool) -> Option<GroupMemo<i64>> {
    invariant.then(GroupMemo::default)
}

impl Plugin for NodeAffinity {
    fn name(&self) -> &'static str {
        NAME
    }

    fn pre_filter(&self, cx: &Cx, state: &mut CycleState) -> PreFilterResult {
        let pod = cx.pod.pod();
        let required = pod.spec.affinity.as_ref().and_then(|a| a.node_affinity.as_ref()).and_then(|na| na.required_during_scheduling_ignored_during_execution.as_ref());
        if required.is_none() && pod.spec.node_selector.is_empty() {
            return PreFilterResult::skip();
        }
        let req = RequiredAffinity::of(pod);
        state.node_affinity_memo = req.group_invariant().then(|| GroupVerdicts::for_groups(cx.cache.domain_ids.label_groups()));
        state.node_affinity = Some(req);
        let Some(required) = required.filter(|r| !r.node_selector_terms.is_empty()) else { return PreFilterResult::ok() };
        // Terms that name nodes (metadata.name In [...]) limit the nodes worth filtering.
        let mut names: Option<BTreeSet<String>> = None;
        for t in &required.node_selector_terms {
            let mut term_names: Option<BTreeSet<String>> = None;
            for r in t.match_fields.iter().filter(|r| r.key == "metadata.name" && r.operator == "In") {
                let s: BTreeSet<String> = r.values.iter().cloned().collect();
                term_names = Some(match term_names {
                    None => s,
                    Some(prev) => prev.intersection(&s).cloned().collect(),
                });
            }
            let Some(term_names) = term_names else { return PreFilterResult::ok() };
            names.get_or_insert_with(BTreeSet::new).extend(term_names);
        }
        match names {
            Some(n) if n.is_empty() => PreFilterResult::fail(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON_CONFLICT)),
            n => PreFilterResult { status: Status::success(), node_names: n },
        }
    }

    /// A group-invariant requirement's recorded verdicts.
    fn hot_gate<'s>(&self, _cx: &Cx, state: &'s CycleState) -> Option<HotGate<'s>> {
        state.node_affinity_memo.as_ref().map(|v| HotGate { labels: Some(v), ..HotGate::default() })
    }

    fn filter(&self, cx: &Cx, state: &CycleState, node: &NodeView) -> FilterResult {
        let owned;
        let req = match &state.node_affinity {
            Some(r) => r,
            None => {
                owned = RequiredAffinity::of(cx.pod.pod());
                &owned
            }
        };
        let fits = match &state.node_affinity_memo {
            Some(memo) => {
                let group = node.hot.domains.group;
                memo.get(group).unwrap_or_else(|| {
                    let fits = req.matches_labels(&node.name, node);
                    memo.set(group, fits);
                    fits
                })
            }
            None => req.matches_labels(&node.name, node),
        };
        if fits {
            Ok(())
        } else {
            Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON_POD))
        }
    }

    fn pre_score(&self, cx: &Cx, state: &mut CycleState, _nodes: &[&NodeView]) -> Status {
        let preferred = cx.pod.pod().spec.affinity.as_ref().and_then(|a| a.node_affinity.as_ref()).map(|na| &na.preferred_during_scheduling_ignored_during_execution);
        match preferred {
            Some(p) if !p.is_empty() => {
                let terms: Vec<(i32, Term)> = p.iter().map(|t| (t.weight, Term::parse(&t.preference))).collect();
                state.node_affinity_score_memo = memo_if(terms.iter().all(|(_, t)| t.group_invariant()));
                state.node_affinity_score = Some(terms);
                Status::success()
            }
            _ => Status::skip(),
        }
    }

    fn score(&self, _cx: &Cx, state: &CycleState, node: &NodeView) -> i64 {
        let Some(terms) = &state.node_affinity_score else { return 0 };
        let sum = || terms.iter().filter(|(_, t)| t.matches(&node.name, node)).map(|(w, _)| *w as i64).sum();
        match &state.node_affinity_score_memo {
            Some(memo) => memo.get_or(node.hot.domains.group, sum),
            None => sum(),
        }
    }

    fn normalize(&self, _cx: &Cx, _state: &CycleState, _nodes: &[&NodeView], scores: &mut [i64]) {
        default_normalize(MAX_NODE_SCORE, false, scores);
    }

    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::NodeAdd, ClusterEvent::NodeUpdate]
    }
}

#[cfg(test)]
#[path = "node_affinity_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::api::{Affinity, NodeAffinity as ApiNodeAffinity, NodeSelector, PreferredSchedulingTerm};

    #[test]
    fn one_cycle_answers_each_label_group_once_and_the_same_as_each_node() {
        use crate::scheduler::cache::{NodeView, PodInfo};
        // a and b differ only by hostname (one label group); c has another disk.
        let n = |name: &str, disk: &str| node(name, &[(HOSTNAME, name), ("disk", disk)]);
        let w = World::new(vec![n("a", "ssd"), n("b", "ssd"), n("c", "hdd")], vec![]);
        let views: Vec<NodeView> = ["a", "b", "c"].iter().map(|x| NodeView::new(w.cache.node(x).unwrap().clone())).collect();
        assert_eq!(views[0].hot.domains.group, views[1].hot.domains.group);
        assert_ne!(views[0].hot.domains.group, views[2].hot.domains.group);
        let run = |selector: &[(&str, &str)]| {
            let mut p = pod("p", &[]);
            p.spec_mut().node_selector = selector.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            let info = PodInfo::new(std::sync::Arc::new(kubeplay_model::Object::Pod(Box::new(p))));
            let cx = w.cx(&info);
            let mut state = CycleState::default();
            assert_eq!(NodeAffinity.pre_filter(&cx, &mut state).status.code, Code::Success);
            // Twice over, so the second pass reads what the first recorded.
            let fits: Vec<bool> = views.iter().chain(&views).map(|v| NodeAffinity.filter(&cx, &state, v).is_ok()).collect();
            (state.node_affinity_memo.is_some(), fits)
        };
        let twice = |v: [bool; 3]| [v, v].concat();
        assert_eq!(run(&[("disk", "ssd")]), (true, twice([true, true, false])));
        assert_eq!(run(&[("disk", "hdd")]), (true, twice([false, false, true])));
        // A selector on the hostname differs inside a group: no memo.
        assert_eq!(run(&[(HOSTNAME, "b")]), (false, twice([false, true, false])));
    }

    fn req(key: &str, op: &str, values: &[&str]) -> NodeSelectorRequirement {
        NodeSelectorRequirement { key: key.into(), operator: op.into(), values: values.iter().map(|s| s.to_string()).collect() }
    }
    fn term(exprs: Vec<NodeSelectorRequirement>) -> NodeSelectorTerm {
        NodeSelectorTerm { match_expressions: exprs, match_fields: vec![] }
    }
    fn with_required(mut p: kubeplay_model::api::Pod, terms: Vec<NodeSelectorTerm>) -> kubeplay_model::api::Pod {
        p.spec_mut().affinity = Some(Box::new(Affinity {
            node_affinity: Some(ApiNodeAffinity { required_during_scheduling_ignored_during_execution: Some(NodeSelector { node_selector_terms: terms }), ..Default::default() }),
            ..Default::default()
        }));
        p
    }

    #[test]
    fn filter_table() {
        // Upstream TestNodeAffinity: (nodeSelector, required terms, node name, node labels, fits).
        type Case<'a> = (&'a [(&'a str, &'a str)], Option<Vec<NodeSelectorTerm>>, &'a str, &'a [(&'a str, &'a str)], bool);
        let name_in = |n: &str| NodeSelectorTerm { match_expressions: vec![], match_fields: vec![req("metadata.name", "In", &[n])] };
        let cases: Vec<Case> = vec![
            (&[], None, "n1", &[], true),
            (&[("foo", "bar")], None, "n1", &[], false),
            (&[("foo", "bar")], None, "n1", &[("foo", "bar")], true),
            (&[("foo", "bar")], None, "n1", &[("foo", "bar"), ("baz", "blah")], true),
            (&[("foo", "bar"), ("baz", "blah")], None, "n1", &[("foo", "bar")], false),
            (&[], Some(vec![term(vec![req("foo", "In", &["bar", "value2"])])]), "n1", &[("foo", "bar")], true),
            (&[], Some(vec![term(vec![req("kernel-version", "Gt", &["0204"])])]), "n1", &[("kernel-version", "0206")], true),
            (&[], Some(vec![term(vec![req("mem-type", "NotIn", &["DDR", "DDR2"])])]), "n1", &[("mem-type", "DDR3")], true),
            (&[], Some(vec![term(vec![req("GPU", "Exists", &[])])]), "n1", &[("GPU", "NVIDIA-GRID-K1")], true),
            (&[], Some(vec![term(vec![req("foo", "In", &["value1", "value2"])])]), "n1", &[("foo", "bar")], false),
            (&[], Some(vec![]), "n1", &[("foo", "bar")], false),
            (&[], Some(vec![term(vec![])]), "n1", &[("foo", "bar")], false),
            (&[], Some(vec![term(vec![req("GPU", "Exists", &[]), req("GPU", "NotIn", &["AMD", "INTER"])])]), "n1", &[("GPU", "NVIDIA-GRID-K1")], true),
            (&[], Some(vec![term(vec![req("GPU", "Exists", &[]), req("GPU", "In", &["AMD", "INTER"])])]), "n1", &[("GPU", "NVIDIA-GRID-K1")], false),
            (
                &[],
                Some(vec![term(vec![req("foo", "In", &["bar", "value2"])]), term(vec![req("diffkey", "In", &["wrong", "value2"])])]),
                "n1",
                &[("foo", "bar")],
                true,
            ),
            (&[], Some(vec![term(vec![req("foo", "Exists", &[])])]), "n1", &[("foo", "bar")], true),
            (&[("foo", "bar")], Some(vec![term(vec![req("foo", "Exists", &[])])]), "n1", &[("foo", "bar")], true),
            (&[("foo", "bar")], Some(vec![term(vec![req("foo", "NotIn", &["bar"])])]), "n1", &[("foo", "bar")], false),
            (&[], Some(vec![term(vec![req("foo", "DoesNotExist", &[])])]), "n1", &[("foo", "bar")], false),
            (&[], Some(vec![term(vec![req("foo", "DoesNotExist", &[])])]), "n1", &[("fuzz", "bar")], true),
            (&[], Some(vec![term(vec![req("mem", "Lt", &["abc"])])]), "n1", &[("mem", "1")], false),
            (&[], Some(vec![term(vec![req("mem", "Lt", &["10"])])]), "n1", &[("mem", "9")], true),
            (&[], Some(vec![name_in("node1")]), "node1", &[], true),
            (&[], Some(vec![name_in("node1")]), "node2", &[], false),
            (
                &[],
                Some(vec![NodeSelectorTerm { match_expressions: vec![req("foo", "In", &["bar"])], match_fields: vec![req("metadata.name", "In", &["node1"])] }]),
                "node1",
                &[("foo", "bar")],
                true,
            ),
            (
                &[],
                Some(vec![NodeSelectorTerm { match_expressions: vec![req("foo", "In", &["bar"])], match_fields: vec![req("metadata.name", "In", &["node1"])] }]),
                "node1",
                &[("foo", "bar1")],
                false,
            ),
            (&[], Some(vec![name_in("node2"), term(vec![req("foo", "In", &["bar"])])]), "node1", &[("foo", "bar")], true),
            // More of upstream's TestNodeAffinity (v1.32): nodeSelector and
            // affinity both satisfied, or the nodeSelector not.
            (&[("foo", "bar")], Some(vec![term(vec![req("foo", "Exists", &[])])]), "n1", &[("foo", "barrrrrr")], false),
            // A value that is no label value: the term matches no node,
            // though NotIn would otherwise pass foo=bar.
            (&[], Some(vec![term(vec![req("foo", "NotIn", &["invalid value: ___@#$%^"])])]), "n1", &[("foo", "bar")], false),
            // Nor does a key that is no qualified name.
            (&[], Some(vec![term(vec![req("invalid key", "In", &["bar"])])]), "n1", &[("invalid key", "bar")], false),
            // One term: matchFields don't match, matchExpressions do.
            (
                &[],
                Some(vec![NodeSelectorTerm { match_expressions: vec![req("foo", "In", &["bar"])], match_fields: vec![req("metadata.name", "In", &["node1"])] }]),
                "node2",
                &[("foo", "bar")],
                false,
            ),
            // Two terms: neither matches.
            (&[], Some(vec![name_in("node1"), term(vec![req("foo", "In", &["not-match-to-bar"])])]), "node2", &[("foo", "bar")], false),
            // Two terms naming nodes: either node.
            (&[], Some(vec![name_in("node1"), name_in("node2")]), "node2", &[], true),
        ];
        for (i, (sel, terms, name, node_labels, fits)) in cases.into_iter().enumerate() {
            let mut p = pod("p", &[]);
            p.spec_mut().node_selector = labels(sel);
            if let Some(t) = terms {
                p = with_required(p, t);
            }
            let w = World::new(vec![node(name, node_labels)], vec![]);
            let s = w.filter(&NodeAffinity, &p, name);
            assert_eq!(s.is_success(), fits, "case {i}: {s:?}");
            if !fits && s.code == Code::UnschedulableAndUnresolvable {
                assert_eq!(s.reasons, [ERR_REASON_POD], "case {i}");
            }
        }
    }

    #[test]
    fn pre_filter_names_nodes_from_metadata_name_fields() {
        let field = |vals: &[&str]| NodeSelectorTerm { match_expressions: vec![], match_fields: vec![req("metadata.name", "In", vals)] };
        let w = World::new(vec![node("node1", &[])], vec![]);
        let run = |terms| {
            let p = with_required(pod("p", &[]), terms);
            let info = crate::scheduler::cache::PodInfo::new(std::sync::Arc::new(kubeplay_model::Object::Pod(Box::new(p))));
            NodeAffinity.pre_filter(&w.cx(&info), &mut CycleState::default())
        };
        let r = run(vec![field(&["node1"]), field(&["node2"])]);
        assert_eq!(r.node_names, Some(["node1".to_string(), "node2".to_string()].into()));
        // A term without name fields admits every node.
        let r = run(vec![field(&["node1"]), term(vec![req("foo", "Exists", &[])])]);
        assert_eq!(r.node_names, None);
        // Conflicting name fields in one term.
        let both = NodeSelectorTerm { match_expressions: vec![], match_fields: vec![req("metadata.name", "In", &["node1"]), req("metadata.name", "In", &["node2"])] };
        let r = run(vec![both.clone()]);
        assert_eq!(r.status.code, Code::UnschedulableAndUnresolvable);
        assert_eq!(r.status.reasons, [ERR_REASON_CONFLICT]);
        // Filter alone rejects the node too (upstream's case runs both).
        let w2 = World::new(vec![node("node2", &[("foo", "bar")])], vec![]);
        let info = crate::scheduler::cache::PodInfo::new(std::sync::Arc::new(kubeplay_model::Object::Pod(Box::new(with_required(pod("p", &[]), vec![both])))));
        let view = crate::scheduler::cache::NodeView::new(w2.cache.node("node2").unwrap().clone());
        let s = crate::scheduler::framework::filter_status(NodeAffinity.filter(&w2.cx(&info), &CycleState::default(), &view));
        assert_eq!((s.code, s.reasons.to_vec()), (Code::UnschedulableAndUnresolvable, vec![ERR_REASON_POD.into()]));
        // A term with expressions and a name field names that node.
        let r = run(vec![NodeSelectorTerm { match_expressions: vec![req("foo", "In", &["bar"])], match_fields: vec![req("metadata.name", "In", &["node1"])] }]);
        assert_eq!(r.node_names, Some(["node1".to_string()].into()));
    }

    #[test]
    fn score_table() {
        // Upstream TestNodeAffinityPriority.
        let pref = |w: i32, exprs: Vec<NodeSelectorRequirement>| PreferredSchedulingTerm { weight: w, preference: term(exprs) };
        let affinity1 = vec![pref(2, vec![req("foo", "In", &["bar"])])];
        let affinity2 = vec![
            pref(2, vec![req("foo", "In", &["bar"])]),
            pref(4, vec![req("key", "In", &["value"])]),
            pref(5, vec![req("foo", "In", &["bar"]), req("key", "In", &["value"]), req("az", "In", &["az1"])]),
        ];
        let label1: &[(&str, &str)] = &[("foo", "bar")];
        let label2: &[(&str, &str)] = &[("key", "value")];
        let label3: &[(&str, &str)] = &[("az", "az1")];
        let label4: &[(&str, &str)] = &[("abc", "az11"), ("def", "az22")];
        let label5: &[(&str, &str)] = &[("foo", "bar"), ("key", "value"), ("az", "az1")];
        type Case<'a> = (Option<Vec<PreferredSchedulingTerm>>, [&'a [(&'a str, &'a str)]; 3], Option<[i64; 3]>);
        let cases: Vec<Case> = vec![
            (None, [label1, label2, label3], None),
            (Some(affinity1.clone()), [label4, label2, label3], Some([0, 0, 0])),
            (Some(affinity1), [label1, label2, label3], Some([100, 0, 0])),
            (Some(affinity2), [label1, label5, label2], Some([18, 100, 36])),
        ];
        for (prefs, node_labels, want) in cases {
            let mut p = pod("p", &[]);
            if let Some(prefs) = prefs {
                p.spec_mut().affinity = Some(Box::new(Affinity {
                    node_affinity: Some(ApiNodeAffinity { preferred_during_scheduling_ignored_during_execution: prefs, ..Default::default() }),
                    ..Default::default()
                }));
            }
            let nodes = vec![node("n1", node_labels[0]), node("n2", node_labels[1]), node("n3", node_labels[2])];
            let w = World::new(nodes, vec![]);
            assert_eq!(w.scores(&NodeAffinity, &p, &["n1", "n2", "n3"]), want.map(|a| a.to_vec()));
        }
    }
}
