//! Upstream's node affinity tables (v1.32) beyond those in
//! `node_affinity.rs`: TestNodeAffinity's PreFilter verdicts and the rows
//! that table leaves out, and component-helpers nodeaffinity's
//! TestNodeSelectorMatch, TestPreferredSchedulingTermsScore and
//! TestNodeSelectorRequirementsAsSelector.

use super::*;
use crate::scheduler::cache::{NodeView, PodInfo};
use crate::scheduler::framework::filter_status;
use crate::scheduler::plugins::testutil::{labels, node, pod, World};
use kubeplay_model::api::{Affinity, NodeAffinity as ApiNodeAffinity, NodeSelector, PreferredSchedulingTerm};
use std::sync::Arc;

fn req(key: &str, op: &str, values: &[&str]) -> NodeSelectorRequirement {
    NodeSelectorRequirement { key: key.into(), operator: op.into(), values: values.iter().map(|s| s.to_string()).collect() }
}

fn exprs(e: Vec<NodeSelectorRequirement>) -> NodeSelectorTerm {
    NodeSelectorTerm { match_expressions: e, match_fields: vec![] }
}

fn fields(f: Vec<NodeSelectorRequirement>) -> NodeSelectorTerm {
    NodeSelectorTerm { match_expressions: vec![], match_fields: f }
}

fn name_in(names: &[&str]) -> NodeSelectorRequirement {
    req("metadata.name", "In", names)
}

/// A pod with this node affinity (None: an affinity without node affinity).
fn with_affinity(na: Option<ApiNodeAffinity>) -> Pod {
    let mut p = pod("p", &[]);
    p.spec_mut().affinity = Some(Box::new(Affinity { node_affinity: na, ..Default::default() }));
    p
}

fn required(terms: Vec<NodeSelectorTerm>) -> Pod {
    with_affinity(Some(ApiNodeAffinity { required_during_scheduling_ignored_during_execution: Some(NodeSelector { node_selector_terms: terms }), ..Default::default() }))
}

fn info(p: &Pod) -> PodInfo {
    PodInfo::new(Arc::new(kubeplay_model::Object::Pod(Box::new(p.clone()))))
}

// node_affinity_test.go's TestNodeAffinity: what PreFilter answers (its
// code and the node names it limits the cycle to), then Filter after it,
// for the rows whose PreFilter verdict the table in node_affinity.rs
// does not check.
#[test]
fn pre_filter_verdicts_then_filter() {
    type Case = (&'static str, Pod, &'static str, &'static [(&'static str, &'static str)], Code, Option<&'static [&'static str]>, bool);
    let mut selector_only = pod("p", &[]);
    selector_only.spec_mut().node_selector = labels(&[("foo", "bar")]);
    let cases: Vec<Case> = vec![
        ("missing labels", selector_only.clone(), "n1", &[], Code::Success, None, false),
        ("same labels", selector_only, "n1", &[("foo", "bar")], Code::Success, None, true),
        ("Pod with no Affinity will schedule onto a node", pod("p", &[]), "n1", &[("foo", "bar")], Code::Skip, None, true),
        ("Pod with Affinity but nil NodeSelector will schedule onto a node", with_affinity(Some(ApiNodeAffinity::default())), "n1", &[("foo", "bar")], Code::Skip, None, true),
        ("an Affinity without node affinity", with_affinity(None), "n1", &[("foo", "bar")], Code::Skip, None, true),
        ("Pod with matchFields using In operator that matches the existing node", required(vec![fields(vec![name_in(&["node1"])])]), "node1", &[], Code::Success, Some(&["node1"]), true),
        ("Pod with matchFields using In operator that does not match the existing node", required(vec![fields(vec![name_in(&["node1"])])]), "node2", &[], Code::Success, Some(&["node1"]), false),
        (
            "Pod with two terms: matchFields does not match, but matchExpressions matches",
            required(vec![fields(vec![name_in(&["node1"]), name_in(&["node2"])]), exprs(vec![req("foo", "In", &["bar"])])]),
            "node2",
            &[("foo", "bar")],
            Code::Success,
            None,
            true,
        ),
        (
            "Pod with one term: matchFields does not match, but matchExpressions matches",
            required(vec![NodeSelectorTerm { match_fields: vec![name_in(&["node1"])], match_expressions: vec![req("foo", "In", &["bar"])] }]),
            "node2",
            &[("foo", "bar")],
            Code::Success,
            Some(&["node1"]),
            false,
        ),
        (
            "Pod with one term: both matchFields and matchExpressions match",
            required(vec![NodeSelectorTerm { match_fields: vec![name_in(&["node1"])], match_expressions: vec![req("foo", "In", &["bar"])] }]),
            "node1",
            &[("foo", "bar")],
            Code::Success,
            Some(&["node1"]),
            true,
        ),
        (
            "Pod with two terms: both matchFields and matchExpressions do not match",
            required(vec![fields(vec![name_in(&["node1"])]), exprs(vec![req("foo", "In", &["not-match-to-bar"])])]),
            "node2",
            &[("foo", "bar")],
            Code::Success,
            None,
            false,
        ),
        (
            "Pod with two terms of node.Name affinity",
            required(vec![fields(vec![name_in(&["node1"])]), fields(vec![name_in(&["node2"])])]),
            "node2",
            &[],
            Code::Success,
            Some(&["node1", "node2"]),
            true,
        ),
        (
            "Pod with two conflicting mach field requirements",
            required(vec![fields(vec![name_in(&["node1"]), name_in(&["node2"])])]),
            "node2",
            &[("foo", "bar")],
            Code::UnschedulableAndUnresolvable,
            None,
            false,
        ),
    ];
    for (name, p, node_name, node_labels, want_code, want_names, fits) in cases {
        let w = World::new(vec![node(node_name, node_labels)], vec![]);
        let pi = info(&p);
        let cx = w.cx(&pi);
        let mut state = CycleState::default();
        let pre = NodeAffinity.pre_filter(&cx, &mut state);
        assert_eq!(pre.status.code, want_code, "{name}");
        if want_code == Code::UnschedulableAndUnresolvable {
            assert_eq!(pre.status.reasons, [ERR_REASON_CONFLICT], "{name}");
        }
        assert_eq!(pre.node_names, want_names.map(|n| n.iter().map(|s| s.to_string()).collect()), "{name}");
        // Upstream runs Filter after PreFilter whatever it said.
        let view = NodeView::new(w.cache.node(node_name).unwrap().clone());
        let s = filter_status(NodeAffinity.filter(&cx, &state, &view));
        assert_eq!(s.is_success(), fits, "{name}");
        if !fits {
            assert_eq!((s.code, s.reasons.to_vec()), (Code::UnschedulableAndUnresolvable, vec![ERR_REASON_POD.into()]), "{name}");
        }
    }
}

// TestNodeAffinity's "Matches node selector / node affinity correctly even
// if PreFilter is not called".
#[test]
fn filter_without_pre_filter() {
    let mut selector = pod("p", &[]);
    selector.spec_mut().node_selector = labels(&[("foo", "bar")]);
    let gpu = required(vec![exprs(vec![req("GPU", "Exists", &[]), req("GPU", "NotIn", &["AMD", "INTER"])])]);
    for (p, node_labels) in [(selector, &[("foo", "bar"), ("baz", "blah")][..]), (gpu, &[("GPU", "NVIDIA-GRID-K1")][..])] {
        let w = World::new(vec![node("n1", node_labels)], vec![]);
        let pi = info(&p);
        let view = NodeView::new(w.cache.node("n1").unwrap().clone());
        assert!(NodeAffinity.filter(&w.cx(&pi), &CycleState::default(), &view).is_ok());
    }
}

/// Whether a node named `name` with `node_labels` matches the term.
fn term_matches(t: &NodeSelectorTerm, name: &str, node_labels: &[(&str, &str)]) -> bool {
    Term::parse(t).matches(name, &labels(node_labels))
}

// nodeaffinity_test.go's TestNodeSelectorMatch. Its first row builds a
// selector from three terms, two of them invalid, and expects an error;
// the scheduler's selector is the lazy one, for which a term that does not
// parse matches no node while the others still count.
#[test]
fn node_selector_match() {
    let label_and_name = NodeSelectorTerm { match_expressions: vec![req("label_1", "In", &["label_1_val"])], match_fields: vec![name_in(&["host_1"])] };
    // matchFields In with two values: a field selector takes one.
    let two_names = fields(vec![name_in(&["host_1", "host_2"])]);
    let bad_key = exprs(vec![req("invalid key", "In", &["label_value"])]);
    assert!(!term_matches(&two_names, "host_1", &[]));
    assert!(!term_matches(&two_names, "host_2", &[]));
    assert!(!term_matches(&fields(vec![req("metadata.name", "NotIn", &["host_1", "host_2"])]), "host_3", &[]));
    assert!(!term_matches(&bad_key, "host_1", &[("invalid key", "label_value")]));
    let all = |node_name: &str, node_labels: &[(&str, &str)]| RequiredAffinity::of(&required(vec![two_names.clone(), label_and_name.clone(), bad_key.clone()])).matches(&node(node_name, node_labels));
    assert!(all("host_1", &[("label_1", "label_1_val")]));
    assert!(!all("host_2", &[("label_1", "label_1_val")]));

    // node matches field selector, but not labels
    assert!(!term_matches(&label_and_name, "host_1", &[]));
    // node matches field selector and label selector
    assert!(term_matches(&label_and_name, "host_1", &[("label_1", "label_1_val")]));
    // second term matches
    let terms = required(vec![exprs(vec![req("label_1", "In", &["label_1_val"])]), fields(vec![name_in(&["host_1"])])]);
    assert!(RequiredAffinity::of(&terms).matches(&node("host_1", &[])));
}

// nodeaffinity_test.go's TestPreferredSchedulingTermsScore: the weights of
// the terms a node matches add up. (Its first row, terms that do not
// parse, is an error upstream that fails the cycle's PreScore; here such
// a term matches no node.)
#[test]
fn preferred_scheduling_terms_score() {
    let raw = |prefs: Vec<PreferredSchedulingTerm>, node_name: &str, node_labels: &[(&str, &str)]| {
        let p = with_affinity(Some(ApiNodeAffinity { preferred_during_scheduling_ignored_during_execution: prefs, ..Default::default() }));
        let w = World::new(vec![node(node_name, node_labels)], vec![]);
        let pi = info(&p);
        let cx = w.cx(&pi);
        let view = NodeView::new(w.cache.node(node_name).unwrap().clone());
        let mut state = CycleState::default();
        assert!(NodeAffinity.pre_score(&cx, &mut state, &[&view]).is_success());
        NodeAffinity.score(&cx, &state, &view)
    };
    let pref = |weight: i32, preference: NodeSelectorTerm| PreferredSchedulingTerm { weight, preference };
    // invalid field selector but no weight, error not reported
    assert_eq!(raw(vec![pref(0, fields(vec![name_in(&["host_1", "host_2"])]))], "host_1", &[]), 0);
    // first and third term match
    let prefs =
        vec![pref(5, fields(vec![name_in(&["host_1"])])), pref(7, exprs(vec![req("unknown_label", "In", &["unknown_label_val"])])), pref(11, exprs(vec![req("label_1", "In", &["label_1_val"])]))];
    assert_eq!(raw(prefs, "host_1", &[("label_1", "label_1_val")]), 16);
}

// nodeaffinity_test.go's TestNodeSelectorRequirementsAsSelector: no
// requirements select nothing; In, Gt and Lt as labels selectors read
// them; Exists with values is an error (the term matches no node).
#[test]
fn node_selector_requirements_as_selector() {
    assert!(!term_matches(&exprs(vec![]), "n", &[("foo", "bar")]));
    let foo_in = exprs(vec![req("foo", "In", &["bar", "baz"])]);
    assert!(term_matches(&foo_in, "n", &[("foo", "baz")]));
    assert!(!term_matches(&foo_in, "n", &[("foo", "qux")]));
    assert!(!term_matches(&exprs(vec![req("foo", "Exists", &["bar", "baz"])]), "n", &[("foo", "bar")]));
    let gt = exprs(vec![req("foo", "Gt", &["1"])]);
    assert!(term_matches(&gt, "n", &[("foo", "2")]));
    assert!(!term_matches(&gt, "n", &[("foo", "1")]));
    let lt = exprs(vec![req("bar", "Lt", &["7"])]);
    assert!(term_matches(&lt, "n", &[("bar", "6")]));
    assert!(!term_matches(&lt, "n", &[("bar", "7")]));
}
