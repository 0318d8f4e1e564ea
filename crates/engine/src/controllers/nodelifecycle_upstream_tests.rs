//! Upstream's tables for the taint-eviction and node lifecycle
//! controllers, ported: pkg/controller/tainteviction/taint_eviction_test.go
//! (driven through the engine: the taint manager's work queue is this
//! controller's per-pod reconciles and virtual timers) and the zone states
//! of pkg/controller/nodelifecycle/node_lifecycle_controller_test.go.

use super::*;
use crate::Engine;
use kubeplay_model::api::PodSpec;
use kubeplay_model::ObjectMeta;

const NODE: &str = "kubeplay-worker3";

fn engine() -> Engine {
    Engine::with_default_cluster(1)
}

/// upstream createNoExecuteTaint(i): testTaint<i>=test<i>:NoExecute.
fn test_taint(i: usize) -> Taint {
    Taint {
        key: format!("testTaint{i}"),
        value: Some(format!("test{i}")),
        effect: "NoExecute".into(),
        time_added: None,
    }
}

/// upstream addToleration(pod, i, secs): a toleration of testTaint<i>
/// (operator unset, so Equal), forever when `secs` is negative.
fn toleration(i: usize, secs: i64) -> Toleration {
    Toleration {
        key: Some(format!("testTaint{i}")),
        operator: None,
        value: Some(format!("test{i}")),
        effect: Some("NoExecute".into()),
        toleration_seconds: (secs >= 0).then_some(secs),
    }
}

fn node(e: &Engine, name: &str) -> Node {
    e.store()
        .get_by(Kind::Node, "", name)
        .and_then(|n| n.as_node().cloned())
        .unwrap()
}

fn get(e: &Engine, name: &str) -> Option<Pod> {
    e.store()
        .get_by(Kind::Pod, "default", name)
        .and_then(|o| o.as_pod().cloned())
}

/// Deleted, or on its way out (the kubelet may not have finished yet).
fn deleted(e: &Engine, name: &str) -> bool {
    get(e, name).is_none_or(|p| p.metadata.deletion_timestamp.is_some())
}

/// Marked with the DisruptionTarget condition before the deletion (the
/// "patch" upstream expects with PodDisruptionConditions, GA since v1.31).
/// Read from the trace: the kubelet may have removed the pod since.
fn patched(e: &Engine, name: &str) -> bool {
    e.trace()
        .iter()
        .flat_map(|s| &s.writes)
        .filter(|w| w.key.kind == Kind::Pod && w.key.name == name)
        .filter_map(|w| w.after.as_deref().and_then(Object::as_pod))
        .any(|p| {
            p.status.conditions.iter().any(|c| {
                c.type_ == "DisruptionTarget"
                    && c.reason.as_deref() == Some("DeletionByTaintManager")
            })
        })
}

fn set_taints(e: &mut Engine, taints: &[Taint]) {
    let mut n = node(e, NODE);
    let others: Vec<Taint> = n
        .spec
        .taints
        .iter()
        .filter(|t| !t.key.starts_with("testTaint"))
        .cloned()
        .collect();
    n.spec.taints = others.into_iter().chain(taints.iter().cloned()).collect();
    e.user("taint", ObjectKey::new(Kind::Node, "", NODE), |ctx| {
        ctx.update(Object::Node(Box::new(n))).map(|_| ())
    })
    .unwrap();
    e.advance(0);
}

/// upstream testutil.NewPod on NODE, or unschedulable (a node selector
/// nothing matches) when `on` is None.
fn add_pod(e: &mut Engine, name: &str, on: Option<&str>, tolerations: Vec<Toleration>) {
    let mut spec = PodSpec {
        containers: vec![kubeplay_model::api::Container {
            name: "c".into(),
            image: Some("nginx:1.25".into()),
            ..Default::default()
        }]
        .into(),
        node_name: on.map(Into::into),
        tolerations: tolerations.into(),
        ..Default::default()
    };
    if on.is_none() {
        spec.node_selector =
            std::collections::BTreeMap::from([("no-such-label".to_string(), "x".to_string())]);
    }
    let pod = Pod {
        metadata: ObjectMeta {
            name: name.into(),
            namespace: "default".into(),
            ..Default::default()
        },
        spec: spec.into(),
        status: Default::default(),
    };
    let key = ObjectKey::new(Kind::Pod, "default", name);
    e.user("create", key, |ctx| {
        ctx.create(Object::Pod(Box::new(pod))).map(|_| ())
    })
    .unwrap();
    e.advance(0);
}

fn set_tolerations(e: &mut Engine, name: &str, tolerations: Vec<Toleration>) {
    let mut p = get(e, name).unwrap();
    // Keep the defaults admission added; replace the test's own.
    let kept: Vec<Toleration> = p
        .spec
        .tolerations
        .iter()
        .filter(|t| !t.key.as_deref().unwrap_or("").starts_with("testTaint"))
        .cloned()
        .collect();
    p.spec_mut().tolerations = kept
        .into_iter()
        .chain(tolerations)
        .collect::<Vec<_>>()
        .into();
    let key = ObjectKey::new(Kind::Pod, "default", name);
    e.user("update", key, |ctx| {
        ctx.update(Object::Pod(Box::new(p))).map(|_| ())
    })
    .unwrap();
    e.advance(0);
}

// taint_eviction_test.go's TestCreatePod: (description, bound to NODE,
// NODE's taints, tolerations, expect patch and delete).
#[test]
fn create_pod() {
    type Case = (&'static str, bool, Vec<usize>, Vec<Toleration>, bool);
    let cases: Vec<Case> = vec![
        ("not scheduled - ignore", false, vec![], vec![], false),
        ("scheduled on untainted Node", true, vec![], vec![], false),
        ("schedule on tainted Node", true, vec![1], vec![], true),
        (
            "schedule on tainted Node with finite toleration",
            true,
            vec![1],
            vec![toleration(1, 100)],
            false,
        ),
        (
            "schedule on tainted Node with infinite toleration",
            true,
            vec![1],
            vec![toleration(1, -1)],
            false,
        ),
        (
            "schedule on tainted Node with infinite ivalid toleration",
            true,
            vec![1],
            vec![toleration(2, -1)],
            true,
        ),
    ];
    for (name, bound, taints, tolerations, expect) in cases {
        let mut e = engine();
        set_taints(
            &mut e,
            &taints.iter().map(|i| test_taint(*i)).collect::<Vec<_>>(),
        );
        add_pod(&mut e, "pod1", bound.then_some(NODE), tolerations);
        e.advance(1_000);
        assert_eq!(
            (patched(&e, "pod1"), deleted(&e, "pod1")),
            (expect, expect),
            "{name}"
        );
    }
}

// taint_eviction_test.go's TestUpdatePod, the cases a real API server
// allows (removing a toleration is forbidden by pod update validation).
#[test]
fn update_pod() {
    // "scheduling onto tainted Node" (with and without the disruption
    // condition) and "... with toleration".
    for (tolerations, expect) in [(vec![], true), (vec![toleration(1, -1)], false)] {
        let mut e = engine();
        set_taints(&mut e, &[test_taint(1)]);
        add_pod(&mut e, "pod1", Some(NODE), tolerations);
        e.advance(500);
        assert_eq!((patched(&e, "pod1"), deleted(&e, "pod1")), (expect, expect));
    }
    // "lengthening toleration shouldn't work": the eviction scheduled for
    // 1 s stands after the toleration grows to 100 s.
    let mut e = engine();
    set_taints(&mut e, &[test_taint(1)]);
    let t0 = e.now();
    add_pod(&mut e, "pod1", Some(NODE), vec![toleration(1, 1)]);
    e.advance(500);
    set_tolerations(&mut e, "pod1", vec![toleration(1, 100)]);
    assert!(!deleted(&e, "pod1"));
    e.advance(t0.millis() + 1_000 - e.now().millis());
    assert!(
        deleted(&e, "pod1"),
        "evicted when the first toleration ran out"
    );
}

// The other way round, which upstream's processPodOnNode also implies: a
// shorter toleration does not bring a scheduled eviction forward.
#[test]
fn shortening_a_toleration_keeps_the_scheduled_eviction() {
    let mut e = engine();
    set_taints(&mut e, &[test_taint(1)]);
    let t0 = e.now();
    add_pod(&mut e, "pod1", Some(NODE), vec![toleration(1, 100)]);
    e.advance(10_000);
    set_tolerations(&mut e, "pod1", vec![toleration(1, 20)]);
    e.advance(t0.millis() + 99_999 - e.now().millis());
    assert!(!deleted(&e, "pod1"));
    e.advance(1);
    assert!(deleted(&e, "pod1"));
}

// taint_eviction_test.go's TestCreateNode: a node created with the taint
// (here: tainted while the pod is already bound to it).
#[test]
fn create_node() {
    for (tolerations, expect) in [
        (vec![], false),
        (vec![], true),
        (vec![toleration(1, -1)], false),
    ] {
        let mut e = engine();
        add_pod(&mut e, "pod1", Some(NODE), tolerations.clone());
        // The first case is the untainted node.
        let tainted = expect || !tolerations.is_empty();
        if tainted {
            set_taints(&mut e, &[test_taint(1)]);
        }
        e.advance(500);
        assert_eq!(
            (patched(&e, "pod1"), deleted(&e, "pod1")),
            (expect, expect),
            "tainted={tainted}"
        );
    }
}

// taint_eviction_test.go's TestUpdateNode: (description, pod tolerations,
// old taints, new taints, wait in ms, expect delete).
#[test]
fn update_node() {
    type Case = (
        &'static str,
        Vec<Toleration>,
        Vec<usize>,
        Vec<usize>,
        i64,
        bool,
    );
    let cases: Vec<Case> = vec![
        ("Added taint", vec![], vec![], vec![1], 500, true),
        (
            "Added tolerated taint",
            vec![toleration(1, 100)],
            vec![],
            vec![1],
            500,
            false,
        ),
        (
            "Only one added taint tolerated",
            vec![toleration(1, 100)],
            vec![],
            vec![1, 2],
            500,
            true,
        ),
        (
            "Taint removed",
            vec![toleration(1, 1)],
            vec![1],
            vec![],
            1_500,
            false,
        ),
        (
            "Pod with multiple tolerations are evicted when first one runs out",
            vec![toleration(1, 1), toleration(2, 100)],
            vec![],
            vec![1, 2],
            1_500,
            true,
        ),
    ];
    for (name, tolerations, old, new, wait, expect) in cases {
        let mut e = engine();
        set_taints(
            &mut e,
            &old.iter().map(|i| test_taint(*i)).collect::<Vec<_>>(),
        );
        add_pod(&mut e, "pod1", Some(NODE), tolerations);
        set_taints(
            &mut e,
            &new.iter().map(|i| test_taint(*i)).collect::<Vec<_>>(),
        );
        e.advance(wait);
        assert_eq!(deleted(&e, "pod1"), expect, "{name}");
    }
}

// taint_eviction_test.go's TestUpdateNodeWithMultipleTaints.
#[test]
fn update_node_with_multiple_taints() {
    let mut e = engine();
    let exists = |i: usize, secs: Option<i64>| Toleration {
        key: Some(format!("testTaint{i}")),
        operator: Some("Exists".into()),
        value: None,
        effect: Some("NoExecute".into()),
        toleration_seconds: secs,
    };
    add_pod(
        &mut e,
        "pod1",
        Some(NODE),
        vec![exists(1, None), exists(2, Some(60))],
    );
    let queued = |e: &Engine| e.world().sim.evictions.contains_key("default/pod1");
    assert!(!queued(&e), "no taint");
    set_taints(&mut e, &[test_taint(1)]);
    assert!(!queued(&e), "permanently tolerated taint");
    set_taints(&mut e, &[test_taint(1), test_taint(2)]);
    assert!(queued(&e), "temporarily tolerated taint added");
    set_taints(&mut e, &[test_taint(1)]);
    assert!(!queued(&e), "temporarily tolerated taint removed");
    e.advance(120_000);
    assert!(!deleted(&e, "pod1"));
}

// taint_eviction_test.go's TestUpdateNodeWithMultiplePods: (taints,
// deletion time in ms of pod1 (no toleration), pod2 (1 s), pod3 (forever)).
#[test]
fn update_node_with_multiple_pods() {
    for (taints, want) in [
        (vec![1], [Some(0), Some(1_000), None]),
        (vec![1, 2], [Some(0), Some(0), Some(0)]),
    ] {
        let mut e = engine();
        add_pod(&mut e, "pod1", Some(NODE), vec![]);
        add_pod(&mut e, "pod2", Some(NODE), vec![toleration(1, 1)]);
        add_pod(&mut e, "pod3", Some(NODE), vec![toleration(1, -1)]);
        let t0 = e.now();
        set_taints(
            &mut e,
            &taints.iter().map(|i| test_taint(*i)).collect::<Vec<_>>(),
        );
        let mut when = [None; 3];
        for _ in 0..30 {
            for (i, w) in when.iter_mut().enumerate() {
                if w.is_none() && deleted(&e, &format!("pod{}", i + 1)) {
                    *w = Some(e.now().millis() - t0.millis());
                }
            }
            e.advance(100);
        }
        assert_eq!(when, want, "taints {taints:?}");
    }
}

// taint_eviction_test.go's TestGetMinTolerationTime, through
// toleration_time: each toleration matches its own taint.
#[test]
fn min_toleration_time() {
    let one = |i: usize, secs: Option<i64>| Toleration {
        key: Some(format!("k{i}")),
        operator: Some("Exists".into()),
        value: None,
        effect: None,
        toleration_seconds: secs,
    };
    let taints = |n: usize| {
        (0..n)
            .map(|i| Taint {
                key: format!("k{i}"),
                value: None,
                effect: "NoExecute".into(),
                time_added: None,
            })
            .collect::<Vec<_>>()
    };
    let cases: Vec<(Vec<Toleration>, Option<Option<i64>>)> = vec![
        (vec![], Some(Some(0))),
        (vec![one(0, None)], Some(None)),
        (vec![one(0, Some(1)), one(1, Some(2))], Some(Some(1_000))),
        (vec![one(0, Some(1)), one(1, None)], Some(Some(1_000))),
        (vec![one(0, None), one(1, Some(1))], Some(Some(1_000))),
    ];
    for (tolerations, want) in cases {
        assert_eq!(
            toleration_time(&tolerations, &taints(tolerations.len())),
            want,
            "{tolerations:?}"
        );
    }
}

// node_lifecycle_controller_test.go's zone states (ComputeZoneState as
// TestMonitorNodeHealthEvictPodsWithDisruption sees it): (ready,
// not ready) => state.
#[test]
fn zone_states() {
    use ZoneState::*;
    for ((ready, not_ready), want) in [
        ((0, 1), FullDisruption),
        ((0, 2), FullDisruption),
        ((1, 0), Normal),
        ((1, 1), Normal),
        ((2, 3), PartialDisruption),
        ((1, 2), Normal),
        ((3, 3), Normal),
        ((2, 3), PartialDisruption),
        ((9, 11), PartialDisruption),
        ((10, 11), Normal),
        ((0, 0), Normal),
    ] {
        assert_eq!(
            zone_state(ready, not_ready),
            want,
            "{ready} ready, {not_ready} not ready"
        );
    }
    // ReducedQPSFunc reads the zone's size: a small disrupted zone stops,
    // a large one slows to the secondary rate; a zone entirely down
    // while others are up (HealthyQPSFunc) keeps the normal rate.
    assert_eq!(taint_interval(PartialDisruption, 50), None);
    assert_eq!(
        taint_interval(PartialDisruption, 51),
        Some(SECONDARY_TAINT_INTERVAL_MS)
    );
    assert_eq!(taint_interval(FullDisruption, 3), Some(TAINT_INTERVAL_MS));
    assert_eq!(taint_interval(Normal, 3), Some(TAINT_INTERVAL_MS));
}

fn no_execute_on(e: &Engine, name: &str) -> bool {
    node(e, name)
        .spec
        .taints
        .iter()
        .any(|t| (t.key == UNREACHABLE || t.key == NOT_READY) && t.effect == "NoExecute")
}

fn workers(e: &Engine) -> Vec<String> {
    e.store()
        .list(Kind::Node, None)
        .map(|n| n.name().to_string())
        .collect()
}

// TestMonitorNodeHealthEvictPodsWithDisruption's "Network Disruption:
// One zone is down - eviction should take place".
#[test]
fn one_zone_down_is_tainted() {
    let mut e = engine();
    e.sim_node_fail(NODE).unwrap();
    e.advance(NODE_MONITOR_GRACE_MS);
    assert!(no_execute_on(&e, NODE));
}

// "Network Disruption: Both zones down - eviction shouldn't take place",
// then "Initially both zones down, one comes back - eviction should take
// place".
#[test]
fn every_zone_down_evicts_nothing_until_one_comes_back() {
    let mut e = engine();
    let all = workers(&e);
    for n in &all {
        e.sim_node_fail(n).unwrap();
        // Apart by more than the rate limit: without the disruption rule
        // each would be tainted in turn.
        e.advance(20_000);
    }
    e.advance(NODE_MONITOR_GRACE_MS);
    for n in &all {
        assert_eq!(ready_status(&node(&e, n)), "Unknown", "{n}");
        assert!(
            !no_execute_on(&e, n),
            "{n}: no NoExecute taint while every node is down"
        );
    }
    let back = "kubeplay-worker";
    e.sim_node_recover(back).unwrap();
    e.advance(60_000);
    assert!(!no_execute_on(&e, back));
    for n in all.iter().filter(|n| n.as_str() != back) {
        assert!(
            no_execute_on(&e, n),
            "{n}: tainted once a zone is healthy again"
        );
    }
}

// Partial disruption: a zone of more than 2 and at least 55% not-ready
// nodes in a small zone stops evicting (upstream's ReducedQPSFunc; the
// test swaps in its own enterPartialDisruptionFunc). Nodes that go silent
// together are weighed together, as in upstream's single health pass.
#[test]
fn a_partially_disrupted_small_zone_stops_tainting() {
    for (failing, want_tainted) in [(3, 0), (2, 2)] {
        let mut e = engine();
        let zone_x: Vec<String> = (0..4).map(|i| format!("x{i}")).collect();
        for n in &zone_x {
            let over = crate::sim::NodeOverrides {
                labels: vec![("topology.kubernetes.io/zone".into(), "zone-x".into())],
                ..Default::default()
            };
            e.sim_node_add_with(Some(n), &over).unwrap();
        }
        e.advance(10_000);
        for n in &zone_x[..failing] {
            e.sim_node_fail(n).unwrap();
        }
        e.advance(NODE_MONITOR_GRACE_MS + 60_000);
        let tainted = zone_x[..failing]
            .iter()
            .filter(|n| no_execute_on(&e, n))
            .count();
        assert_eq!(tainted, want_tainted, "{failing} of 4 nodes down");
    }
}

fn add_zone_nodes(e: &mut Engine, names: &[&str]) {
    for n in names {
        let over = crate::sim::NodeOverrides {
            labels: vec![("topology.kubernetes.io/zone".into(), "zone-x".into())],
            ..Default::default()
        };
        e.sim_node_add_with(Some(n), &over).unwrap();
    }
    e.advance(10_000);
}

// node_lifecycle_controller_test.go's TestSwapUnreachableNotReadyTaints:
// a node tainted unreachable whose Ready condition turns False (or the
// other way round) trades its NoExecute taint at once, whatever the
// zone's rate limiter says. The simulated kubelet never posts False, so
// the taints are worked out for a node as such a kubelet would leave it.
#[test]
fn swap_unreachable_and_not_ready_taints() {
    let mut e = engine();
    add_zone_nodes(&mut e, &["x0", "x1", "x2"]);
    let now = e.now();
    // The limiter has just tainted another node in the zone.
    e.world_mut()
        .sim
        .taint_limiter
        .insert("zone-x".into(), now.plus_millis(TAINT_INTERVAL_MS));
    for (from, status, to) in [
        (UNREACHABLE, "False", NOT_READY),
        (NOT_READY, "Unknown", UNREACHABLE),
    ] {
        let mut n = node(&e, "x0");
        for c in n
            .status
            .conditions
            .iter_mut()
            .filter(|c| c.type_ == "Ready")
        {
            c.status = status.into();
        }
        n.spec.taints = vec![
            Taint {
                key: from.into(),
                value: None,
                effect: "NoSchedule".into(),
                time_added: Some(now),
            },
            Taint {
                key: from.into(),
                value: None,
                effect: "NoExecute".into(),
                time_added: Some(now),
            },
        ];
        let (taints, _) = e.user("look", ObjectKey::new(Kind::Node, "", "x0"), |ctx| {
            desired_taints(ctx, &n, now)
        });
        let keys: Vec<(&str, &str)> = taints
            .iter()
            .map(|t| (t.key.as_str(), t.effect.as_str()))
            .collect();
        assert_eq!(
            keys,
            [(to, "NoSchedule"), (to, "NoExecute")],
            "{from} -> {to}"
        );
    }
    // Without a NoExecute taint to trade, the new one waits its turn.
    let mut n = node(&e, "x0");
    for c in n
        .status
        .conditions
        .iter_mut()
        .filter(|c| c.type_ == "Ready")
    {
        c.status = "False".into();
    }
    let (taints, _) = e.user("look", ObjectKey::new(Kind::Node, "", "x0"), |ctx| {
        desired_taints(ctx, &n, now)
    });
    assert!(!taints.iter().any(|t| t.effect == "NoExecute"));
}

// node_lifecycle_controller_test.go's TestMonitorNodeHealthUpdateStatus,
// the two cases where the controller writes: (conditions posted) => the
// Unknown conditions as (type, reason, heartbeat, transition).
#[test]
fn monitor_node_health_update_status() {
    let created = Time::from_millis(1_325_376_000_000); // 2012-01-01T00:00:00Z
    let posted = Time::from_millis(1_420_113_600_000); // 2015-01-01T12:00:00Z
    let now = posted.plus_millis(3_600_000);
    let never = |t: &str| {
        (
            t.to_string(),
            "NodeStatusNeverUpdated".to_string(),
            "Kubelet never posted node status.".to_string(),
            Some(created),
            Some(now),
        )
    };
    let ready = Condition {
        type_: "Ready".into(),
        status: "True".into(),
        last_heartbeat_time: Some(posted),
        last_transition_time: Some(posted),
        ..Default::default()
    };
    let cases = [
        // Node created long time ago, without status.
        (
            vec![],
            vec![
                never("Ready"),
                never("MemoryPressure"),
                never("DiskPressure"),
                never("PIDPressure"),
            ],
        ),
        // Node created long time ago, with status updated by kubelet
        // exceeding the grace period.
        (
            vec![ready],
            vec![
                (
                    "Ready".to_string(),
                    "NodeStatusUnknown".to_string(),
                    "Kubelet stopped posting node status.".to_string(),
                    Some(posted),
                    Some(now),
                ),
                never("MemoryPressure"),
                never("DiskPressure"),
                never("PIDPressure"),
            ],
        ),
    ];
    for (conditions, want) in cases {
        let mut n = Node {
            metadata: ObjectMeta {
                name: "node0".into(),
                creation_timestamp: Some(created),
                ..Default::default()
            },
            ..Default::default()
        };
        n.status.conditions = conditions;
        mark_unknown(&mut n, now);
        let got: Vec<_> = n
            .status
            .conditions
            .iter()
            .map(|c| {
                assert_eq!(c.status, "Unknown");
                (
                    c.type_.to_string(),
                    c.reason.as_deref().unwrap_or("").to_string(),
                    c.message.as_deref().unwrap_or("").to_string(),
                    c.last_heartbeat_time,
                    c.last_transition_time,
                )
            })
            .collect();
        assert_eq!(got, want);
    }
    // A condition already Unknown is left as it was.
    let mut n = Node::default();
    let unknown = Condition {
        type_: "Ready".into(),
        status: "Unknown".into(),
        last_transition_time: Some(posted),
        ..Default::default()
    };
    n.status.conditions = vec![unknown.clone()];
    mark_unknown(&mut n, now);
    assert_eq!(n.status.conditions[0], unknown);
}

// node_lifecycle_controller_test.go's TestTaintsNodeByCondition
// (doNoScheduleTaintingPass), with v1.32's condition set (no OutOfDisk):
// (conditions as (type, status)) => the NoSchedule taints, as a set.
#[test]
fn taints_node_by_condition() {
    let mut e = engine();
    let now = e.now();
    let cases: [(&[(&str, &str)], &[&str]); 5] = [
        (
            &[("Ready", "True"), ("NetworkUnavailable", "True")],
            &["node.kubernetes.io/network-unavailable"],
        ),
        (
            &[
                ("Ready", "True"),
                ("NetworkUnavailable", "True"),
                ("MemoryPressure", "True"),
            ],
            &[
                "node.kubernetes.io/memory-pressure",
                "node.kubernetes.io/network-unavailable",
            ],
        ),
        (
            &[
                ("Ready", "True"),
                ("NetworkUnavailable", "True"),
                ("MemoryPressure", "Unknown"),
            ],
            &["node.kubernetes.io/network-unavailable"],
        ),
        (&[("Ready", "False")], &[NOT_READY]),
        (
            &[
                ("Ready", "Unknown"),
                ("DiskPressure", "True"),
                ("PIDPressure", "True"),
            ],
            &[
                "node.kubernetes.io/disk-pressure",
                "node.kubernetes.io/pid-pressure",
                UNREACHABLE,
            ],
        ),
    ];
    for (conditions, want) in cases {
        let mut n = node(&e, NODE);
        n.status.conditions = conditions
            .iter()
            .map(|(t, s)| Condition {
                type_: (*t).into(),
                status: (*s).into(),
                ..Default::default()
            })
            .collect();
        let (taints, _) = e.user("look", ObjectKey::new(Kind::Node, "", NODE), |ctx| {
            desired_taints(ctx, &n, now)
        });
        let mut got: Vec<&str> = taints
            .iter()
            .filter(|t| t.effect == "NoSchedule")
            .map(|t| t.key.as_str())
            .collect();
        got.sort_unstable();
        assert_eq!(got, want, "{conditions:?}");
    }
}
