//! Tables ported from upstream's `pkg/controller/daemon/daemon_controller_test.go`
//! (v1.32): what one sync creates and deletes, and the status it counts.

use super::eligibility::{add_daemon_tolerations, should_run};
use super::upstream_harness::*;
use super::HASH_LABEL;
use kubeplay_model::api::{DaemonSet, PodSpec};
use kubeplay_model::{IntOrString, Time};
use serde_json::json;

/// Runs `setup` once per update strategy and expects one sync's numbers.
fn expect_per_strategy(name: &str, want: (usize, usize, usize), setup: impl Fn(&mut Cluster)) {
    for ds in strategies() {
        let strategy = ds.spec.update_strategy.as_ref().and_then(|s| s.type_.clone()).unwrap_or_default();
        let mut c = Cluster::new(ds);
        setup(&mut c);
        assert_eq!(c.sync(), want, "{name} ({strategy})");
    }
}

fn node_selector(ds: &mut DaemonSet, labels: &[(&str, &str)]) {
    ds.spec.template.spec.node_selector = labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
}

fn tolerate(ds: &mut DaemonSet, key: &str, effect: &str) {
    ds.spec.template.spec.tolerations.push(serde_json::from_value(json!({"key": key, "value": "user1", "effect": effect})).unwrap());
}

fn affinity_in(key: &str, value: &str) -> serde_json::Value {
    json!({"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": key, "operator": "In", "values": [value]}]}
    ]}}})
}

// TestSimpleDaemonSetLaunchesPods, TestNoNodesDoesNothing,
// TestOneNodeDaemonLaunchesPod, TestNotReadyNodeDaemonDoesLaunchPod,
// TestNetworkUnavailableNodeDaemonLaunchesPod.
#[test]
fn launches_on_every_node_whatever_its_conditions() {
    expect_per_strategy("five nodes", (5, 0, 0), |c| c.add_nodes(0, 5, &[]));
    expect_per_strategy("no nodes", (0, 0, 0), |_| {});
    expect_per_strategy("one node", (1, 0, 0), |c| c.nodes.push(new_node("only-node", &[])));
    for (condition, status) in [("Ready", "False"), ("NetworkUnavailable", "True")] {
        expect_per_strategy(condition, (1, 0, 0), |c| {
            let mut n = new_node("n", &[]);
            n.status.conditions = vec![serde_json::from_value(json!({"type": condition, "status": status})).unwrap()];
            c.nodes.push(n);
        });
    }
}

// TestInsufficientCapacityNodeDaemonDoesNotUnscheduleRunningPod,
// TestNoPortConflictNodeDaemonLaunchesPod, TestPortConflictWithSameDaemonPodDoesNotDeletePod:
// resources and host ports are the scheduler's business, and a pod that
// is not the DaemonSet's does not count.
#[test]
fn capacity_and_ports_are_left_to_the_scheduler() {
    for node in ["too-much-mem", "no-port-conflict"] {
        expect_per_strategy(node, (1, 0, 0), |c| {
            c.ds.spec.template.spec.node_name = Some(node.into());
            c.nodes.push(new_node(node, &[]));
            let other = c.new_pod(node, &[], false);
            c.pods.push(other);
        });
    }
    expect_per_strategy("port conflict with its own pod", (0, 0, 0), |c| {
        c.ds.spec.template.spec.node_name = Some("port-conflict".into());
        c.nodes.push(new_node("port-conflict", &[]));
        c.add_pods("port-conflict", DS_LABELS, 1);
    });
}

// TestInsufficientCapacityNodeSufficientCapacityWithNodeLabelDaemonLaunchPod.
#[test]
fn only_the_labelled_node_gets_a_pod() {
    let mut ds = new_ds("foo");
    node_selector(&mut ds, NODE_LABELS);
    let mut c = Cluster::new(ds);
    c.nodes.push(new_node("not-enough-resource", &[]));
    c.nodes.push(new_node("enough-resource", NODE_LABELS));
    assert_eq!(c.sync(), (1, 0, 0));
}

// TestDontDoAnythingIfBeingDeleted.
#[test]
fn a_daemonset_being_deleted_does_nothing() {
    expect_per_strategy("being deleted", (0, 0, 0), |c| {
        c.ds.metadata.deletion_timestamp = Some(Time::from_millis(1));
        c.ds.spec.template.spec.node_name = Some("not-too-much-mem".into());
        c.nodes.push(new_node("not-too-much-mem", &[]));
    });
}

// TestPodIsNotDeletedByDaemonsetWithEmptyLabelSelector: one SelectingAll event.
#[test]
fn an_empty_selector_only_warns() {
    expect_per_strategy("empty selector", (0, 0, 1), |c| {
        c.ds.spec.selector = serde_json::from_value(json!({})).unwrap();
        node_selector(&mut c.ds, &[("foo", "bar")]);
        c.nodes.push(new_node("node1", &[]));
        let mut p = c.new_pod("node1", &[("bang", "boom")], false);
        p.metadata.labels.insert("bang".into(), "boom".into());
        c.pods.push(p);
    });
}

// TestDealsWithExistingPods, TestSelectorDaemonDeletesUnselectedPods,
// TestSelectorDaemonDealsWithExistingPods: pods whose labels no longer
// match are released, not counted; extra pods go, the oldest stays.
#[test]
fn existing_pods_table() {
    expect_per_strategy("TestDealsWithExistingPods", (2, 5, 0), |c| {
        c.add_nodes(0, 5, &[]);
        c.add_pods("node-1", DS_LABELS, 1);
        c.add_pods("node-2", DS_LABELS, 2);
        c.add_pods("node-3", DS_LABELS, 5);
        c.add_pods("node-4", DS_LABELS2, 2);
    });
    expect_per_strategy("TestSelectorDaemonDeletesUnselectedPods", (5, 4, 0), |c| {
        node_selector(&mut c.ds, NODE_LABELS);
        c.add_nodes(0, 5, &[]);
        c.add_nodes(5, 5, NODE_LABELS);
        c.add_pods("node-0", DS_LABELS2, 2);
        c.add_pods("node-1", DS_LABELS, 3);
        c.add_pods("node-1", DS_LABELS2, 1);
        c.add_pods("node-4", DS_LABELS, 1);
    });
    expect_per_strategy("TestSelectorDaemonDealsWithExistingPods", (3, 20, 0), |c| {
        node_selector(&mut c.ds, NODE_LABELS);
        c.add_nodes(0, 5, &[]);
        c.add_nodes(5, 5, NODE_LABELS);
        c.add_pods("node-0", DS_LABELS, 1);
        c.add_pods("node-1", DS_LABELS, 3);
        c.add_pods("node-1", DS_LABELS2, 2);
        c.add_pods("node-2", DS_LABELS, 4);
        c.add_pods("node-6", DS_LABELS, 13);
        c.add_pods("node-7", DS_LABELS2, 4);
        c.add_pods("node-9", DS_LABELS, 1);
        c.add_pods("node-9", DS_LABELS2, 1);
    });
}

// TestSelectorDaemonLaunchesPods, TestBadSelectorDaemonDoesNothing,
// TestNameDaemonSetLaunchesPods, TestBadNameDaemonSetDoesNothing,
// TestNameAndSelectorDaemonSetLaunchesPods,
// TestInconsistentNameSelectorDaemonSetDoesNothing,
// TestSelectorDaemonSetLaunchesPods, TestNodeAffinityDaemonLaunchesPods:
// four plain nodes and three labelled ones (node-4..node-6).
#[test]
fn selector_name_and_affinity_table() {
    type Setup = fn(&mut DaemonSet);
    let cases: [(&str, Setup, usize); 7] = [
        ("selector", |ds| node_selector(ds, NODE_LABELS), 3),
        ("bad selector", |ds| node_selector(ds, NODE_LABELS2), 0),
        ("name", |ds| ds.spec.template.spec.node_name = Some("node-0".into()), 1),
        ("bad name", |ds| ds.spec.template.spec.node_name = Some("node-10".into()), 0),
        (
            "name and selector",
            |ds| {
                node_selector(ds, NODE_LABELS);
                ds.spec.template.spec.node_name = Some("node-6".into());
            },
            1,
        ),
        (
            "inconsistent name and selector",
            |ds| {
                node_selector(ds, NODE_LABELS);
                ds.spec.template.spec.node_name = Some("node-0".into());
            },
            0,
        ),
        ("node affinity", |ds| ds.spec.template.spec.affinity = serde_json::from_value(affinity_in("color", "blue")).unwrap(), 3),
    ];
    for (name, setup, creates) in cases {
        expect_per_strategy(name, (creates, 0, 0), |c| {
            setup(&mut c.ds);
            c.add_nodes(0, 4, &[]);
            c.add_nodes(4, 3, NODE_LABELS);
        });
    }
}

// TestNumberReadyStatus, plus the other counts of the same status.
#[test]
fn number_ready_status() {
    for ds in strategies() {
        let mut c = Cluster::new(ds);
        c.add_nodes(0, 2, NODE_LABELS);
        c.add_pods("node-0", DS_LABELS, 1);
        c.add_pods("node-1", DS_LABELS, 1);
        assert_eq!(c.sync(), (0, 0, 0));
        let st = c.status();
        assert_eq!((st.desired_number_scheduled, st.current_number_scheduled, st.number_ready), (2, 2, 0));
        assert_eq!((st.number_available, st.number_unavailable, st.updated_number_scheduled), (None, Some(2), Some(2)), "zeros are omitted, as Go's omitempty does");
        c.mark_ready();
        assert_eq!(c.sync(), (0, 0, 0));
        let st = c.status();
        assert_eq!((st.number_ready, st.number_available, st.number_unavailable), (2, Some(2), None));
    }
}

// TestSimpleDaemonSetUpdatesStatusAfterLaunchingPods and
// TestSimpleDaemonSetPodCreateErrors' status: the pods just created count
// as scheduled and up to date.
#[test]
fn status_after_launching_pods() {
    for ds in strategies() {
        let mut c = Cluster::new(ds);
        c.add_nodes(0, 5, &[]);
        assert_eq!(c.sync(), (5, 0, 0));
        let st = c.status();
        assert_eq!((st.desired_number_scheduled, st.current_number_scheduled, st.updated_number_scheduled), (5, 5, Some(5)));
    }
}

// A pod on a node it should not run on is misscheduled, and a node with
// only such pods is not scheduled (updateDaemonSetStatus).
#[test]
fn misscheduled_pods_are_counted_apart() {
    let mut ds = new_ds("foo");
    node_selector(&mut ds, NODE_LABELS);
    let mut c = Cluster::new(ds);
    c.add_nodes(0, 2, &[]);
    c.add_nodes(2, 1, NODE_LABELS);
    c.add_pods("node-0", DS_LABELS, 1);
    let st = c.status();
    assert_eq!((st.desired_number_scheduled, st.current_number_scheduled, st.number_misscheduled), (1, 0, 1));
}

// TestDaemonKillFailedPods: (failed, normal) pods on one node → (creates, deletes, events).
#[test]
fn kill_failed_pods_table() {
    let cases = [
        ("normal (do nothing)", 0, 1, (0, 0, 0)),
        ("no pods (create 1)", 0, 0, (1, 0, 0)),
        ("1 failed pod (kill 1), 0 normal pod (create 0; will create in the next sync)", 1, 0, (0, 1, 1)),
        ("1 failed pod (kill 1), 3 normal pods (kill 2)", 1, 3, (0, 3, 1)),
    ];
    for (name, failed, normal, want) in cases {
        expect_per_strategy(name, want, |c| {
            c.add_nodes(0, 1, &[]);
            c.add_failed_pods("node-0", DS_LABELS, failed);
            c.add_pods("node-0", DS_LABELS, normal);
        });
    }
}

// TestNoScheduleTaintedDoesntEvicitRunningIntolerantPod,
// TestNoExecuteTaintedDoesEvicitRunningIntolerantPod,
// TestTaintedNodeDaemonDoesNotLaunchIntolerantPod,
// TestTaintedNodeDaemonLaunchesToleratePod, TestNotReadyNodeDaemonLaunchesPod,
// TestUnreachableNodeDaemonLaunchesPod, TestNodeDaemonLaunchesToleratePod,
// TestTaintPressureNodeDaemonLaunchesPod.
#[test]
fn taints_table() {
    let tainted = |c: &mut Cluster, taints: &[(&str, &str)], pod: bool| {
        let mut n = new_node("tainted", &[]);
        for (k, e) in taints {
            taint(&mut n, k, e);
        }
        c.nodes.push(n);
        if pod {
            c.add_pods("tainted", DS_LABELS, 1);
        }
    };
    expect_per_strategy("NoSchedule keeps a running pod", (0, 0, 0), |c| tainted(c, &[("dedicated", "NoSchedule")], true));
    expect_per_strategy("NoExecute evicts a running pod", (0, 1, 0), |c| tainted(c, &[("dedicated", "NoExecute")], true));
    expect_per_strategy("NoSchedule keeps an intolerant pod off", (0, 0, 0), |c| tainted(c, &[("dedicated", "NoSchedule")], false));
    expect_per_strategy("a tolerated NoSchedule", (1, 0, 0), |c| {
        tolerate(&mut c.ds, "dedicated", "NoSchedule");
        tainted(c, &[("dedicated", "NoSchedule")], false);
    });
    expect_per_strategy("not-ready", (1, 0, 0), |c| tainted(c, &[("node.kubernetes.io/not-ready", "NoExecute")], false));
    expect_per_strategy("unreachable", (1, 0, 0), |c| tainted(c, &[("node.kubernetes.io/unreachable", "NoExecute")], false));
    expect_per_strategy("tolerations on an untainted node", (1, 0, 0), |c| {
        tolerate(&mut c.ds, "dedicated", "NoSchedule");
        c.add_nodes(0, 1, &[]);
    });
    let pressure = [
        ("node.kubernetes.io/disk-pressure", "NoSchedule"),
        ("node.kubernetes.io/memory-pressure", "NoSchedule"),
        ("node.kubernetes.io/pid-pressure", "NoSchedule"),
    ];
    expect_per_strategy("pressure", (1, 0, 0), |c| {
        c.ds.metadata.namespace = "kube-system".into();
        tainted(c, &pressure, false);
    });
}

// TestDaemonSetRespectsTermination: a pod being deleted is neither
// replaced nor deleted again.
#[test]
fn a_terminating_pod_is_waited_for() {
    expect_per_strategy("terminating", (0, 0, 0), |c| {
        c.add_nodes(0, 1, NODE_LABELS);
        let mut p = c.new_pod("node-0", DS_LABELS, true);
        p.metadata.deletion_timestamp = Some(c.now);
        c.pods.push(p);
    });
}

// TestDeleteUnscheduledPodForNotExistingNode: a pod bound to a missing
// node is pod GC's; one only pinned to it is deleted here.
#[test]
fn unscheduled_pod_for_missing_node_is_deleted() {
    expect_per_strategy("missing node", (0, 1, 0), |c| {
        c.add_nodes(0, 1, &[]);
        c.add_pods("node-0", DS_LABELS, 1);
        c.add_pods("node-1", DS_LABELS, 1);
        let mut p = c.new_pod("", DS_LABELS, true);
        p.spec_mut().affinity = serde_json::from_value(json!({"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
            {"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["node-2"]}]}
        ]}}}))
        .unwrap();
        c.pods.push(p);
    });
}

// TestGetNodesToDaemonPods "exclude deleted terminal pods": finished pods
// count until they are also being deleted.
#[test]
fn nodes_to_daemon_pods_excludes_deleted_terminal_pods() {
    let mut c = Cluster::new(new_ds("foo"));
    c.add_nodes(0, 2, &[]);
    let mut wanted = Vec::new();
    for (node, phase, deleted, keep) in [
        ("node-0", None, false, true),
        ("node-1", None, false, true),
        ("node-0", Some("Succeeded"), false, true),
        ("node-1", Some("Failed"), false, true),
        ("node-0", Some("Succeeded"), true, false),
        ("node-1", Some("Failed"), true, false),
    ] {
        let mut p = c.new_pod(node, DS_LABELS, true);
        p.status.phase = phase.map(Into::into);
        if deleted {
            p.metadata.deletion_timestamp = Some(c.now);
        }
        if keep {
            wanted.push(p.metadata.name.clone());
        }
        c.pods.push(p);
    }
    // Orphans that match are adopted; other labels or owners are not this set's.
    for node in ["node-0", "node-1"] {
        let p = c.new_pod(node, DS_LABELS, false);
        wanted.push(p.metadata.name.clone());
        c.pods.push(p);
        let p = c.new_pod(node, DS_LABELS2, false);
        c.pods.push(p);
    }
    let mut other = c.new_pod("node-0", DS_LABELS, true);
    other.metadata.owner_references[0].uid = "uid-foo2".into();
    c.pods.push(other);
    let mut non_matching = c.new_pod("node-0", DS_LABELS2, true);
    non_matching.metadata.labels.insert(HASH_LABEL.into(), "x".into());
    c.pods.push(non_matching);
    let view = super::node_view(&c.ds, &c.claimed(), &c.nodes, &c.hash(), c.now);
    let mut got: Vec<String> = view.values().flat_map(|n| n.pods.iter().map(|p| p.name.clone())).collect();
    got.sort();
    wanted.sort();
    assert_eq!(got, wanted);
}

fn surge_ds() -> DaemonSet {
    let mut ds = new_ds("foo");
    rolling(&mut ds, IntOrString::Int(0), Some(IntOrString::Int(1)));
    ds
}

/// A pod of an older revision (no hash label), created and ready at the given seconds.
fn old_pod(c: &mut Cluster, node: &str, created_s: i64, ready: Option<bool>) -> String {
    let mut p = c.new_pod(node, DS_LABELS, true);
    p.metadata.labels.remove(HASH_LABEL);
    p.metadata.creation_timestamp = Some(Time::from_millis(created_s * 1000));
    if let Some(r) = ready {
        set_ready(&mut p, r, Time::from_millis(1000));
    }
    let name = p.metadata.name.clone();
    c.pods.push(p);
    name
}

fn deleted_names(before: &[String], c: &Cluster) -> Vec<String> {
    before.iter().filter(|n| !c.pods.iter().any(|p| &p.metadata.name == *n)).cloned().collect()
}

fn names(c: &Cluster) -> Vec<String> {
    c.pods.iter().map(|p| p.metadata.name.clone()).collect()
}

// TestSurgeDealsWithExistingPods.
#[test]
fn surge_deals_with_existing_pods() {
    let mut c = Cluster::new(surge_ds());
    c.add_nodes(0, 5, &[]);
    c.add_pods("node-1", DS_LABELS, 1);
    c.add_pods("node-2", DS_LABELS, 2);
    c.add_pods("node-3", DS_LABELS, 5);
    c.add_pods("node-4", DS_LABELS2, 2);
    assert_eq!(c.sync(), (2, 5, 0));
}

/// node-1 holds a current pod created at 100 s (ready since `new_ready_s`
/// when given), an old pod created at 50 s (ready as given) and an old
/// ready pod created at 60 s; node-2 a current pod.
fn surge_node_one(c: &mut Cluster, new_ready_s: Option<i64>, old50_ready: bool) -> (String, String) {
    c.add_nodes(0, 5, &[]);
    let mut p = c.new_pod("node-1", DS_LABELS, true);
    p.metadata.creation_timestamp = Some(Time::from_millis(100_000));
    if let Some(s) = new_ready_s {
        set_ready(&mut p, true, Time::from_millis(s * 1000));
    }
    c.pods.push(p);
    let old50 = old_pod(c, "node-1", 50, Some(old50_ready));
    let old60 = old_pod(c, "node-1", 60, Some(true));
    c.add_pods("node-2", DS_LABELS, 1);
    (old50, old60)
}

// TestSurgePreservesReadyOldPods, TestSurgeDeletesUnreadyOldPods,
// TestSurgePreservesOldReadyWithUnsatisfiedMinReady,
// TestSurgeDeletesOldReadyWithUnsatisfiedMinReady.
#[test]
fn surge_old_pod_table() {
    // (name, minReadySeconds, clock s, new pod ready since, old50 ready, deletes old50)
    let cases = [
        ("preserves ready old pods", 0, 1_000, None, true, false),
        ("deletes unready old pods", 0, 1_000, None, false, true),
        ("preserves old ready with unsatisfied minReady", 15, 60, Some(50), true, false),
        ("deletes old ready with satisfied minReady", 15, 70, Some(50), true, true),
    ];
    for (name, min_ready, clock_s, new_ready, old50_ready, delete_old50) in cases {
        let mut ds = surge_ds();
        ds.spec.min_ready_seconds = Some(min_ready);
        let mut c = Cluster::new(ds);
        c.now = Time::from_millis(clock_s * 1000);
        let (old50, old60) = surge_node_one(&mut c, new_ready, old50_ready);
        let before = names(&c);
        let deletes = if delete_old50 { 2 } else { 1 };
        assert_eq!(c.sync(), (3, deletes, 0), "{name}");
        let mut want = vec![old60];
        if delete_old50 {
            want.insert(0, old50);
        }
        let mut got = deleted_names(&before, &c);
        got.sort();
        want.sort();
        assert_eq!(got, want, "{name}");
    }
}

// TestSurgeCreatesNewPodWhenAtMaxSurgeAndOldPodDeleted.
#[test]
fn surge_creates_a_pod_where_the_old_one_is_deleting() {
    let mut c = Cluster::new(surge_ds());
    c.add_nodes(0, 5, &[]);
    let mut p = c.new_pod("node-0", DS_LABELS, true);
    p.metadata.creation_timestamp = Some(Time::from_millis(100_000));
    set_ready(&mut p, false, Time::from_millis(1000));
    c.pods.push(p);
    old_pod(&mut c, "node-0", 50, Some(true));
    for i in 1..5 {
        let name = old_pod(&mut c, &format!("node-{i}"), 1, Some(true));
        if i == 4 {
            let p = c.pods.iter_mut().find(|p| p.metadata.name == name).unwrap();
            p.metadata.deletion_timestamp = Some(Time::from_millis(31_000));
            p.metadata.deletion_grace_period_seconds = Some(30);
        }
    }
    assert_eq!(c.sync(), (1, 0, 0));
}

/// The predicates of `NodeShouldRunDaemonPod` see the template with the
/// daemon tolerations added (`NewPod`).
fn run(spec: &PodSpec, node: &kubeplay_model::api::Node) -> (bool, bool) {
    let mut spec = spec.clone();
    add_daemon_tolerations(&mut spec);
    should_run(&spec, node)
}

// TestNodeShouldRunDaemonPod: node "test-node" labelled simpleDaemonSetLabel;
// resources and host ports no longer matter (the scheduler's concern).
#[test]
fn node_should_run_daemon_pod_table() {
    let with = |v: serde_json::Value| -> PodSpec { serde_json::from_value(v).unwrap() };
    let resources = json!({"requests": {"memory": "200M", "cpu": "0.5"}});
    let cases = [
        ("ShouldRunDaemonPod", with(json!({"containers": [{"name": "c", "resources": {"requests": {"memory": "50M", "cpu": "0.5"}}}]})), false, (true, true)),
        ("InsufficientResourceError", with(json!({"containers": [{"name": "c", "resources": resources}]})), false, (true, true)),
        ("ErrPodNotMatchHostName", with(json!({"nodeName": "other-node", "containers": [{"name": "c"}]})), false, (false, false)),
        ("ErrPodNotFitsHostPorts", with(json!({"containers": [{"name": "c", "ports": [{"hostPort": 666, "containerPort": 666}]}]})), false, (true, true)),
        ("ErrNodeSelectorNotMatch", with(json!({"nodeSelector": map(DS_LABELS2), "containers": [{"name": "c"}]})), false, (false, false)),
        ("ShouldRunDaemonPod (selector)", with(json!({"nodeSelector": map(DS_LABELS), "containers": [{"name": "c"}]})), false, (true, true)),
        ("ErrPodAffinityNotMatch", with(json!({"affinity": affinity_in("type", "test"), "containers": [{"name": "c"}]})), false, (false, false)),
        ("ShouldRunDaemonPod (affinity)", with(json!({"affinity": affinity_in("type", "production"), "containers": [{"name": "c"}]})), false, (true, true)),
        ("ShouldRunDaemonPodOnUnschedulableNode", with(json!({"containers": [{"name": "c"}]})), true, (true, true)),
    ];
    for (name, spec, unschedulable, want) in cases {
        let mut node = new_node("test-node", DS_LABELS);
        node.spec.unschedulable = Some(unschedulable);
        assert_eq!(run(&spec, &node), want, "{name}");
    }
}

// TestUpdateNode: a node update wakes a DaemonSet only when its answer
// for the node changes.
#[test]
fn update_node_table() {
    let mut selecting = new_ds("ds");
    node_selector(&mut selecting, NODE_LABELS);
    let plain = new_node("node1", &[]);
    let mut tainted = plain.clone();
    taint(&mut tainted, "dedicated", "NoSchedule");
    let mut allocatable = plain.clone();
    allocatable.status.allocatable = serde_json::from_value(json!({"cpu": "200m", "memory": "200M"})).unwrap();
    let cases = [
        ("Nothing changed, should not enqueue", &selecting, &plain, &plain, false),
        ("Node labels changed", &selecting, &plain, &new_node("node1", NODE_LABELS), true),
        ("Node taints changed", &new_ds("ds"), &tainted, &plain, true),
        ("Node Allocatable changed", &new_ds("ds"), &plain, &allocatable, false),
    ];
    for (name, ds, old, new, wake) in cases {
        assert_eq!(super::node_change_wakes(ds, Some(old), new), wake, "{name}");
    }
}

// TestShouldIgnoreNodeUpdate.
#[test]
fn should_ignore_node_update_table() {
    let plain = new_node("node1", &[]);
    let mut tainted = plain.clone();
    taint(&mut tainted, "dedicated", "NoSchedule");
    assert!(super::node_update_ignored(&plain, &plain.clone()), "Nothing changed");
    assert!(!super::node_update_ignored(&plain, &new_node("node1", NODE_LABELS)), "Node labels changed");
    assert!(!super::node_update_ignored(&tainted, &plain), "Node taints changed");
}

// TestAddNode: an added node wakes only the DaemonSets that should run on it.
#[test]
fn add_node_wakes_only_matching_daemonsets() {
    let mut ds = new_ds("ds");
    node_selector(&mut ds, NODE_LABELS);
    assert!(!super::node_change_wakes(&ds, None, &new_node("node1", &[])));
    assert!(super::node_change_wakes(&ds, None, &new_node("node2", NODE_LABELS)));
}

// TestDontDoAnythingIfBeingDeleted, through the real controller: a
// DaemonSet held by a finalizer while being deleted neither replaces a
// deleted pod nor rewrites its status (`syncDaemonSet` returns early).
#[test]
fn a_daemonset_being_deleted_keeps_its_status() {
    use crate::{client, Engine, DEFAULT_SETTLE_MS};
    use kubeplay_apiserver::DeleteOptions;
    use kubeplay_model::{Kind, ObjectKey};
    let mut e = Engine::with_default_cluster(31);
    let ds = json!({"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "agent", "namespace": "default", "finalizers": ["example.com/hold"]},
        "spec": {"selector": {"matchLabels": {"app": "agent"}}, "template": {"metadata": {"labels": {"app": "agent"}}, "spec": {"containers": [{"name": "a", "image": "agent:1"}]}}}});
    client::create(&mut e, kubeplay_codec::object_from_json(&ds).unwrap()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let key = ObjectKey::new(Kind::DaemonSet, "default", "agent");
    let status = |e: &Engine| e.store().get(&key).and_then(|o| o.as_daemon_set().map(|d| d.status.clone())).unwrap();
    let before = status(&e);
    assert_eq!(before.current_number_scheduled, 3);
    client::delete(&mut e, &key, DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let owned = |e: &Engine| -> Vec<ObjectKey> {
        e.store().list(Kind::Pod, Some("default")).filter(|p| p.meta().controller_ref().is_some_and(|r| r.name == "agent")).map(|p| p.key()).collect()
    };
    let pods = owned(&e);
    assert_eq!(pods.len(), 3, "background deletion waits for the owner to go: {pods:?}");
    client::delete(&mut e, &pods[0], DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(status(&e), before);
}

/// Three DaemonSets in an engine's store (foo3 selecting other labels),
/// for the event handlers' tables.
fn handler_engine() -> crate::Engine {
    let mut e = crate::Engine::with_default_cluster(32);
    for (name, labels) in [("foo1", DS_LABELS), ("foo2", DS_LABELS), ("foo3", DS_LABELS2)] {
        let ds = json!({"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": name, "namespace": "default"},
            "spec": {"selector": {"matchLabels": map(labels)}, "template": {"metadata": {"labels": map(labels)}, "spec": {"containers": [{"name": "a", "image": "foo/bar"}]}}}});
        crate::client::create(&mut e, kubeplay_codec::object_from_json(&ds).unwrap()).unwrap();
    }
    e
}

/// A pod on node-0 labelled simpleDaemonSetLabel, owned by `owner` (a
/// DaemonSet in the store) when given.
fn handler_pod(e: &crate::Engine, name: &str, owner: Option<&str>) -> kubeplay_model::api::Pod {
    let mut meta = json!({"name": name, "namespace": "default", "labels": map(DS_LABELS)});
    if let Some(o) = owner {
        let key = kubeplay_model::ObjectKey::new(kubeplay_model::Kind::DaemonSet, "default", o);
        let uid = e.store().get(&key).unwrap().meta().uid.to_string();
        meta["ownerReferences"] = json!([{"apiVersion": "apps/v1", "kind": "DaemonSet", "name": o, "uid": uid, "controller": true}]);
    }
    serde_json::from_value(json!({"metadata": meta, "spec": {"nodeName": "node-0", "containers": [{"name": "c", "image": "foo/bar"}]}})).unwrap()
}

/// The DaemonSets a pod event wakes, as the work queue holds them.
fn woken(e: &crate::Engine, old: Option<&kubeplay_model::api::Pod>, new: Option<&kubeplay_model::api::Pod>) -> Vec<String> {
    use crate::controller::Controller;
    use kubeplay_apiserver::{Change, ChangeType};
    use kubeplay_model::Object;
    use std::sync::Arc;
    let pod = new.or(old).unwrap();
    let wrap = |p: Option<&kubeplay_model::api::Pod>| p.map(|p| Arc::new(Object::Pod(Box::new(p.clone()))));
    let type_ = match (old, new) {
        (None, _) => ChangeType::Added,
        (_, None) => ChangeType::Deleted,
        _ => ChangeType::Modified,
    };
    let change = Change {
        type_,
        key: kubeplay_model::ObjectKey::new(kubeplay_model::Kind::Pod, "default", &pod.metadata.name),
        old: wrap(old),
        new: wrap(new),
        resource_version: 0,
    };
    let mut keys = Vec::new();
    super::DaemonSetController.watch(&change, e.store(), &mut |k| keys.push(k.name.to_string()));
    keys.sort();
    keys.dedup();
    keys
}

// TestAddPod, TestAddPodOrphan, TestUpdatePod, TestUpdatePodOrphanSameLabels,
// TestUpdatePodOrphanWithNewLabels, TestUpdatePodChangeControllerRef,
// TestUpdatePodControllerRefRemoved, TestDeletePod, TestDeletePodOrphan.
#[test]
fn pod_event_handlers_table() {
    let e = handler_engine();
    let owned1 = handler_pod(&e, "pod1", Some("foo1"));
    let owned2 = handler_pod(&e, "pod2", Some("foo2"));
    let orphan = handler_pod(&e, "pod1", None);
    let mut relabelled = orphan.clone();
    relabelled.metadata.labels = [("foo2".to_string(), "bar2".to_string())].into_iter().collect::<std::collections::BTreeMap<_, _>>().into();
    let prev_owned2 = handler_pod(&e, "pod1", Some("foo2"));
    let both = vec!["foo1".to_string(), "foo2".to_string()];
    assert_eq!(woken(&e, None, Some(&owned1)), ["foo1"], "TestAddPod");
    assert_eq!(woken(&e, None, Some(&owned2)), ["foo2"], "TestAddPod");
    assert_eq!(woken(&e, None, Some(&orphan)), both, "TestAddPodOrphan");
    assert_eq!(woken(&e, Some(&owned1), Some(&owned1)), ["foo1"], "TestUpdatePod");
    assert_eq!(woken(&e, Some(&owned2), Some(&owned2)), ["foo2"], "TestUpdatePod");
    assert_eq!(woken(&e, Some(&orphan), Some(&orphan)), Vec::<String>::new(), "TestUpdatePodOrphanSameLabels");
    assert_eq!(woken(&e, Some(&relabelled), Some(&orphan)), both, "TestUpdatePodOrphanWithNewLabels");
    assert_eq!(woken(&e, Some(&prev_owned2), Some(&owned1)), both, "TestUpdatePodChangeControllerRef");
    assert_eq!(woken(&e, Some(&owned1), Some(&orphan)), both, "TestUpdatePodControllerRefRemoved");
    assert_eq!(woken(&e, Some(&owned1), None), ["foo1"], "TestDeletePod");
    assert_eq!(woken(&e, Some(&owned2), None), ["foo2"], "TestDeletePod");
    assert_eq!(woken(&e, Some(&orphan), None), Vec::<String>::new(), "TestDeletePodOrphan");
}

// TestDeleteNoDaemonPod: deleting pods that are not a DaemonSet's (plain,
// under another kind of controller, or unscheduled) wakes nothing.
#[test]
fn deleting_non_daemon_pods_wakes_nothing() {
    let e = handler_engine();
    let mut plain = handler_pod(&e, "pod_0", None);
    plain.metadata.labels = Default::default();
    let mut controlled = plain.clone();
    controlled.metadata.owner_references = serde_json::from_value(json!([{"apiVersion": "", "kind": "", "name": "", "uid": "", "controller": true}])).unwrap();
    let mut unscheduled = plain.clone();
    unscheduled.metadata.name = "pod_5".into();
    unscheduled.spec_mut().node_name = None;
    for p in [plain, controlled, unscheduled] {
        assert_eq!(woken(&e, Some(&p), None), Vec::<String>::new(), "{}", p.metadata.name);
    }
}
