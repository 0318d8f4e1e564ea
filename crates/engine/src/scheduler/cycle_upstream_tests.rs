//! Upstream's tables (v1.32) for the cycle and the words it fails with:
//! framework types_test.go's TestFitError_Error, and schedule_one_test.go's
//! TestFindFitAllError, TestFindFitSomeError, TestFindFitPredicateCallCounts,
//! TestPreferNominatedNodeFilterCallCounts, TestFairEvaluationForNodes,
//! TestSchedulerFailedSchedulingReasons and a case of TestSchedulerSchedulePod;
//! runtime framework_test.go's TestRunPreFilterPlugins (a result leaving no node);
//! the queue's TestPriorityQueue_calculateBackoffDuration and TestBackOffFlow.
//!
//! Upstream's fake plugins are written here as small Filter plugins run by a
//! hand-made profile.

use super::*;
use crate::scheduler::cache::Cache;
use crate::scheduler::config::SchedulerConfig;
use crate::scheduler::framework::{fit_error_message, FilterResult, Plugin, Profile, Reason, Status};
use crate::scheduler::plugins::testutil::{self, node_alloc, pod_req, World};
use kubeplay_model::api::Pod;
use kubeplay_model::Object;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicU32, Ordering};

/// `tf.ErrReasonFake`.
const ERR_REASON_FAKE: &str = "Nodes failed the fake plugin";

/// `TrueFilter`: every node passes.
struct TrueFilter;

impl Plugin for TrueFilter {
    fn name(&self) -> &'static str {
        "TrueFilter"
    }
}

/// `MatchFilter`: only the node named as the pod passes.
struct MatchFilter;

impl Plugin for MatchFilter {
    fn name(&self) -> &'static str {
        "MatchFilter"
    }
    fn filter(&self, cx: &Cx, _state: &CycleState, node: &NodeView) -> FilterResult {
        if node.name == cx.pod.key.name.as_str() {
            Ok(())
        } else {
            Err(Status::new(Code::Unschedulable, ERR_REASON_FAKE))
        }
    }
}

/// `FakeFilterPlugin`: fails the nodes listed, and counts its calls.
struct FakeFilter {
    fail: Vec<&'static str>,
    calls: AtomicU32,
}

impl Plugin for FakeFilter {
    fn name(&self) -> &'static str {
        "FakeFilter"
    }
    fn filter(&self, _cx: &Cx, _state: &CycleState, node: &NodeView) -> FilterResult {
        self.calls.fetch_add(1, Ordering::Relaxed);
        if self.fail.contains(&node.name.as_str()) {
            Err(Status::new(Code::Unschedulable, ERR_REASON_FAKE))
        } else {
            Ok(())
        }
    }
}

fn fake_filter(fail: &[&'static str]) -> &'static FakeFilter {
    Box::leak(Box::new(FakeFilter { fail: fail.to_vec(), calls: AtomicU32::new(0) }))
}

fn filters_only(filters: Vec<&'static dyn Plugin>) -> Profile {
    Profile { filters, scorers: Vec::new() }
}

fn info(p: Pod) -> PodInfo {
    PodInfo::new(Arc::new(Object::Pod(Box::new(p))))
}

fn named_pod(name: &str) -> Pod {
    testutil::pod(name, &[])
}

fn nodes(names: &[&str]) -> World {
    World::new(names.iter().map(|n| testutil::node(n, &[])).collect(), vec![])
}

/// One cycle of `pod` over the world's nodes, from `next_start`.
fn run(w: &World, profile: &Profile, pod: &PodInfo, percentage: u32, next_start: usize, nominated: Option<NominatedOn>) -> (CycleOutcome, usize) {
    let mut cache: Cache = w.cache.clone();
    let (order, infos) = (cache.order(), cache.ordered_infos());
    let cx = Cx { pod, cache: &cache, store: &w.store, profile: &w.profile };
    let input = CycleInput { order: &order, infos: &infos, percentage, next_start, nominated };
    schedule_pod(profile, &cx, &mut CycleState::default(), &input, &mut |_| 1)
}

fn status(code: Code, reasons: &[&str]) -> Status {
    Status::with_reasons(code, reasons.iter().map(|r| Reason::from(r.to_string())).collect())
}

// types_test.go's TestFitError_Error
#[test]
fn fit_error_error() {
    let pre = "Node(s) failed PreFilter plugin FalsePreFilter";
    let post = "Error running PostFilter plugin FailedPostFilter";
    let all = |r: &str| -> BTreeMap<String, Status> { ["node1", "node2", "node3"].iter().map(|n| (n.to_string(), status(Code::Unschedulable, &[r]))).collect() };
    let f1 = "Node(s) failed Filter plugin FalseFilter-1";
    let mut two = all(f1);
    two.insert("node3".into(), status(Code::Unschedulable, &["Node(s) failed Filter plugin FalseFilter-2"]));
    let one = |r: &str| -> BTreeMap<String, Status> { BTreeMap::from([("node1".to_string(), status(Code::Unschedulable, &[r]))]) };
    // Nodes left out get UnschedulableAndUnresolvable with no reason.
    let absent = Status::with_reasons(Code::UnschedulableAndUnresolvable, Vec::new());
    // (name, nodes, PreFilter message, statuses, PostFilter message, want)
    type Case<'a> = (&'a str, usize, &'a str, BTreeMap<String, Status>, &'a str, &'a str);
    let cases: Vec<Case> = vec![
        ("nodes failed Prefilter plugin", 3, pre, all(pre), "", "0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter."),
        (
            "nodes failed Prefilter plugin and the preemption also failed",
            3,
            pre,
            all(pre),
            post,
            "0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter. Error running PostFilter plugin FailedPostFilter",
        ),
        ("nodes failed one Filter plugin with an empty PostFilterMsg", 3, "", all(f1), "", "0/3 nodes are available: 3 Node(s) failed Filter plugin FalseFilter-1."),
        (
            "nodes failed one Filter plugin with a non-empty PostFilterMsg",
            3,
            "",
            all(f1),
            post,
            "0/3 nodes are available: 3 Node(s) failed Filter plugin FalseFilter-1. Error running PostFilter plugin FailedPostFilter",
        ),
        (
            "nodes failed two Filter plugins with an empty PostFilterMsg",
            3,
            "",
            two.clone(),
            "",
            "0/3 nodes are available: 1 Node(s) failed Filter plugin FalseFilter-2, 2 Node(s) failed Filter plugin FalseFilter-1.",
        ),
        (
            "nodes failed two Filter plugins with a non-empty PostFilterMsg",
            3,
            "",
            two,
            post,
            "0/3 nodes are available: 1 Node(s) failed Filter plugin FalseFilter-2, 2 Node(s) failed Filter plugin FalseFilter-1. Error running PostFilter plugin FailedPostFilter",
        ),
        ("failed to Permit on node", 1, "", one("Node failed Permit plugin Permit-1"), "", "0/1 nodes are available: 1 Node failed Permit plugin Permit-1."),
        ("failed to Reserve on node", 1, "", one("Node failed Reserve plugin Reserve-1"), "", "0/1 nodes are available: 1 Node failed Reserve plugin Reserve-1."),
    ];
    for (name, num, pre_msg, statuses, post_msg, want) in cases {
        assert_eq!(fit_error_message(num, pre_msg, &statuses, Some(&absent), post_msg), want, "{name}");
    }
}

// schedule_one_test.go's TestFindFitAllError
#[test]
fn find_fit_all_error() {
    let w = nodes(&["3", "2", "1"]);
    let profile = filters_only(vec![&TrueFilter, &MatchFilter]);
    let (outcome, _) = run(&w, &profile, &info(named_pod("")), 0, 0, None);
    let CycleOutcome::Failed(f) = outcome else { panic!("scheduled: {outcome:?}") };
    let got: Vec<(&str, &str, Code, Vec<String>)> = f.statuses.iter().map(|(n, s)| (n.as_str(), s.plugin, s.code, s.reasons.iter().map(|r| r.to_string()).collect())).collect();
    let want: Vec<(&str, &str, Code, Vec<String>)> = ["1", "2", "3"].iter().map(|n| (*n, "MatchFilter", Code::Unschedulable, vec![ERR_REASON_FAKE.to_string()])).collect();
    assert_eq!(got, want);
    assert_eq!(f.plugins, BTreeSet::from(["MatchFilter"]));
    assert_eq!(fit_error_message(f.num_nodes, "", &f.statuses, f.absent.as_ref(), ""), "0/3 nodes are available: 3 Nodes failed the fake plugin.");
}

// schedule_one_test.go's TestFindFitSomeError: the cycle keeps no
// rejections once a node fits, so the two other nodes' verdicts are read
// node by node; all three were examined.
#[test]
fn find_fit_some_error() {
    let w = nodes(&["3", "2", "1"]);
    let profile = filters_only(vec![&TrueFilter, &MatchFilter]);
    let pod = info(named_pod("1"));
    let (outcome, _) = run(&w, &profile, &pod, 0, 0, None);
    let CycleOutcome::Scheduled { node, feasible, examined, .. } = outcome else { panic!("failed: {outcome:?}") };
    assert_eq!((node.as_str(), feasible, examined), ("1", 1, 3));
    let cx = w.cx(&pod);
    for n in ["2", "3"] {
        let s = profile.run_filters(&cx, &CycleState::default(), &NodeView::new(w.cache.node(n).unwrap().clone()));
        assert_eq!((s.plugin, s.reasons.to_vec()), ("MatchFilter", vec![Reason::from(ERR_REASON_FAKE)]), "{n}");
    }
}

// schedule_one_test.go's TestFindFitPredicateCallCounts
#[test]
fn find_fit_predicate_call_counts() {
    let (low, mid, high) = (0, 100, 1000);
    for (name, priority, want) in
        [("nominated pods have lower priority, predicate is called once", high, 1), ("nominated pods have higher priority, predicate is called twice", low, 2)]
    {
        let w = nodes(&["1"]);
        let plugin = fake_filter(&[]);
        let profile = filters_only(vec![plugin]);
        let mut p = named_pod("1");
        p.spec_mut().priority = Some(priority);
        let mut nominated = named_pod("nominated");
        nominated.spec_mut().priority = Some(mid);
        let nominated = Arc::new(info(nominated));
        let on = |n: &str| {
            if n == "1" {
                vec![nominated.clone()]
            } else {
                Vec::new()
            }
        };
        run(&w, &profile, &info(p), 0, 0, Some(&on));
        assert_eq!(plugin.calls.load(Ordering::Relaxed), want, "{name}");
    }
}

// schedule_one_test.go's TestPreferNominatedNodeFilterCallCounts
#[test]
fn prefer_nominated_node_filter_call_counts() {
    for (name, nominated, fail, want) in [
        ("pod has the nominated node set, filter is called only once", true, &[][..], 1),
        ("pod without the nominated pod, filter is called for each node", false, &[][..], 3),
        ("nominated pod cannot pass the filter, filter is called for each node", true, &["node1"][..], 4),
    ] {
        let w = nodes(&["node1", "node2", "node3"]);
        let plugin = fake_filter(fail);
        let profile = filters_only(vec![plugin]);
        let mut p = named_pod("p");
        p.spec_mut().priority = Some(1000);
        if nominated {
            p.status.nominated_node_name = Some("node1".into());
        }
        run(&w, &profile, &info(p), 0, 0, None);
        assert_eq!(plugin.calls.load(Ordering::Relaxed), want, "{name}");
    }
}

// schedule_one_test.go's TestFairEvaluationForNodes
#[test]
fn fair_evaluation_for_nodes() {
    let all = 500;
    let names: Vec<String> = (0..all).map(|i| i.to_string()).collect();
    let w = nodes(&names.iter().map(String::as_str).collect::<Vec<_>>());
    let profile = filters_only(vec![&TrueFilter]);
    // 30% so that 500 is not a multiple of the nodes to find.
    let to_find = num_feasible_nodes_to_find(30, all);
    assert_eq!(to_find, 150);
    let pod = info(named_pod("p"));
    let mut next = 0;
    // Round all the nodes more than twice.
    for i in 0..2 * (all / to_find + 1) {
        let (outcome, n) = run(&w, &profile, &pod, 30, next, None);
        let CycleOutcome::Scheduled { feasible, .. } = outcome else { panic!("failed: {outcome:?}") };
        assert_eq!(feasible, to_find, "cycle {i}");
        assert_eq!(n, (i + 1) * to_find % all, "cycle {i}");
        next = n;
    }
}

// schedule_one_test.go's TestSchedulerFailedSchedulingReasons: a hundred
// nodes too small in cpu and memory roll up into two counts.
#[test]
fn scheduler_failed_scheduling_reasons() {
    let nodes: Vec<_> = (0..100).map(|i| node_alloc(&format!("node{i}"), &[("cpu", "2"), ("memory", "100"), ("pods", "10")])).collect();
    let w = World::new(nodes, vec![]);
    let profile = Profile::new(&w.profile);
    let pod = info(pod_req("bar", &[("cpu", "4"), ("memory", "500")]));
    let (outcome, _) = run(&w, &profile, &pod, 0, 0, None);
    let CycleOutcome::Failed(f) = outcome else { panic!("scheduled: {outcome:?}") };
    assert_eq!(f.statuses.len(), 100);
    for (n, s) in &f.statuses {
        assert_eq!(
            (s.code, s.plugin, s.reasons.to_vec()),
            (Code::Unschedulable, "NodeResourcesFit", vec![Reason::from("Insufficient cpu"), Reason::from("Insufficient memory")]),
            "{n}"
        );
    }
    assert_eq!(f.plugins, BTreeSet::from(["NodeResourcesFit"]));
    let msg = fit_error_message(f.num_nodes, "", &f.statuses, f.absent.as_ref(), "");
    assert_eq!(msg, "0/100 nodes are available: 100 Insufficient cpu, 100 Insufficient memory.");
    assert!(msg.len() <= 150, "message is too spammy: {}", msg.len());
}

// schedule_one_test.go's TestSchedulerSchedulePod, "test prefilter plugin
// returned an invalid node": NodeAffinity is the PreFilter that names nodes
// here (a metadata.name field term), so it is the plugin the message names.
#[test]
fn prefilter_naming_an_unknown_node_leaves_every_node_out() {
    use kubeplay_model::api::{Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm};
    let w = nodes(&["1", "2"]);
    let profile = Profile::new(&w.profile);
    let mut p = named_pod("test-prefilter");
    let term = NodeSelectorTerm {
        match_fields: vec![NodeSelectorRequirement { key: "metadata.name".into(), operator: "In".into(), values: vec!["invalid-node".into()] }],
        ..Default::default()
    };
    let required = NodeSelector { node_selector_terms: vec![term] };
    p.spec_mut().affinity = Some(Box::new(Affinity {
        node_affinity: Some(NodeAffinity { required_during_scheduling_ignored_during_execution: Some(required), ..Default::default() }),
        ..Default::default()
    }));
    let (outcome, _) = run(&w, &profile, &info(p), 0, 0, None);
    let CycleOutcome::Failed(f) = outcome else { panic!("scheduled: {outcome:?}") };
    assert!(f.statuses.is_empty());
    assert_eq!(f.num_nodes, 2);
    assert_eq!(f.plugins, BTreeSet::from(["NodeAffinity"]));
    assert_eq!(fit_error_message(f.num_nodes, "", &f.statuses, f.absent.as_ref(), ""), "0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity].");
}

// scheduling_queue_test.go's TestPriorityQueue_calculateBackoffDuration
// (nanoseconds there, milliseconds here: the doubling is the same).
#[test]
fn calculate_backoff_duration() {
    for (name, initial, max, attempts, want) in
        [("normal", 1, 32, 16, 32), ("overflow_32bit", 1, i32::MAX as i64, 32, i32::MAX as i64), ("overflow_64bit", 1, i64::MAX, 64, i64::MAX)]
    {
        let c = SchedulerConfig { pod_initial_backoff_ms: initial, pod_max_backoff_ms: max, ..SchedulerConfig::default() };
        assert_eq!(c.backoff_ms(attempts), want, "{name}");
    }
}

// scheduling_queue_test.go's TestBackOffFlow: with the default 1s and 10s,
// each failed attempt doubles the wait until it reaches the cap.
#[test]
fn back_off_flow() {
    let c = SchedulerConfig::default();
    let got: Vec<i64> = (1..=7).map(|a| c.backoff_ms(a)).collect();
    assert_eq!(got, [1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
}

// schedule_one.go's truncateMessage: an Event note is at most 1024 bytes.
#[test]
fn a_failed_scheduling_note_is_cut_at_one_kib() {
    use crate::scheduler::truncate_note;
    let short = "0/3 nodes are available: 3 Insufficient cpu.".to_string();
    assert_eq!(truncate_note(short.clone()), short);
    let exact = "x".repeat(1024);
    assert_eq!(truncate_note(exact.clone()), exact);
    let long = "y".repeat(1025);
    let cut = truncate_note(long);
    assert_eq!(cut.len(), 1024);
    assert!(cut.ends_with("y ..."));
    // A cut inside a character backs off to its start instead of panicking.
    let wide = format!("{}é{}", "z".repeat(1019), "z".repeat(10));
    let cut = truncate_note(wide);
    assert_eq!(cut, format!("{} ...", "z".repeat(1019)));
}

/// A PreFilter that names the only nodes worth trying.
struct Names(&'static str, &'static [&'static str]);

impl Plugin for Names {
    fn name(&self) -> &'static str {
        self.0
    }
    fn pre_filter(&self, _cx: &Cx, _state: &mut CycleState) -> crate::scheduler::framework::PreFilterResult {
        crate::scheduler::framework::PreFilterResult { status: Status::success(), node_names: Some(self.1.iter().map(|n| n.to_string()).collect()) }
    }
}

/// A PreFilter that says Skip (its Filter is then not run).
struct SkipPreFilter;

impl Plugin for SkipPreFilter {
    fn name(&self) -> &'static str {
        "skip"
    }
    fn pre_filter(&self, _cx: &Cx, _state: &mut CycleState) -> crate::scheduler::framework::PreFilterResult {
        crate::scheduler::framework::PreFilterResult::skip()
    }
}

// framework_test.go's TestRunPreFilterPlugins, "all nodes are filtered out
// by prefilter result, but other plugins aren't executed because we
// consider a Pod is UnschedulableAndUnresolvable", and the same with two
// plugins whose node sets do not meet (RunPreFilterPlugins' wording).
#[test]
fn a_prefilter_result_that_leaves_no_node_is_unresolvable() {
    let w = nodes(&["node1", "node2"]);
    let pod = info(named_pod("p"));
    let cx = w.cx(&pod);
    let reject_all = Names("reject-all-nodes", &[]);
    let profile = filters_only(vec![Box::leak(Box::new(reject_all)), &SkipPreFilter]);
    let mut state = CycleState::default();
    let r = profile.run_pre_filter(&cx, &mut state);
    assert_eq!((r.status.code, r.status.message()), (Code::UnschedulableAndUnresolvable, "node(s) didn't satisfy plugin reject-all-nodes".to_string()));
    // The plugin after it never ran: its Skip was not recorded.
    assert_eq!(state.skip_filter_mask, 0);
    let (a, b) = (Names("A", &["node1"]), Names("B", &["node2"]));
    let profile = filters_only(vec![Box::leak(Box::new(a)), Box::leak(Box::new(b))]);
    let r = profile.run_pre_filter(&cx, &mut CycleState::default());
    assert_eq!((r.status.code, r.status.message()), (Code::UnschedulableAndUnresolvable, "node(s) didn't satisfy plugin(s) [A B] simultaneously".to_string()));
}
