//! When a pending pod is tried again: after a back-off of 1s doubling to
//! 10s once an event a rejecting plugin cares about comes
//! (scheduling_queue_test.go's TestBackOffFlow, seen through the engine),
//! after podMaxInUnschedulablePodsDuration (5 minutes) when no event comes,
//! after each back-off when no plugin rejected it; and which node updates
//! are such events (events_test.go's tables).

use crate::engine::Engine;
use kubeplay_model::api::{Container, Pod, PodSpec};
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta, Quantity, Time};

const POD: &str = "huge";

fn huge_pod() -> Pod {
    let mut p = Pod {
        metadata: ObjectMeta { name: POD.into(), namespace: "default".into(), ..Default::default() },
        spec: PodSpec { containers: vec![Container { name: "app".into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() }.into(),
        ..Default::default()
    };
    p.spec_mut().containers[0].resources.requests.insert("cpu".into(), Quantity::parse("10").unwrap());
    p
}

/// Steps until `until`; the times of the pod's FailedScheduling events.
fn failures_until(e: &mut Engine, until: Time) -> Vec<i64> {
    let mut at = Vec::new();
    while let Some(s) = e.step_until(until) {
        if s.events.iter().any(|ev| ev.reason == "FailedScheduling" && ev.object.name == POD) {
            at.push(s.time.millis());
        }
    }
    at
}

/// A label on a worker: a Node update, which NodeResourcesFit (one of the
/// plugins that rejected the pod) asks to hear about.
fn touch_worker(e: &mut Engine, n: usize) {
    let key = ObjectKey::new(Kind::Node, "", "kubeplay-worker");
    e.user("label", key.clone(), |ctx| {
        let Some(Object::Node(mut node)) = ctx.get(&key).map(|o| (*o).clone()) else {
            return;
        };
        node.metadata.labels.insert("touched".into(), n.to_string());
        let _ = ctx.update(Object::Node(node));
    });
}

#[test]
fn a_rejected_pod_waits_out_a_doubling_back_off_after_each_event() {
    let mut e = Engine::with_default_cluster(3);
    let obj = Object::Pod(Box::new(huge_pod()));
    let key = obj.key();
    e.user("create", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
    let soon = e.now().plus_millis(1);
    let first = failures_until(&mut e, soon);
    assert_eq!(first.len(), 1, "{first:?}");
    let mut last = first[0];
    // Each event comes right after a failure: the retry waits for the
    // back-off, which doubles from 1s and stops at 10s.
    for (n, backoff) in [1_000, 2_000, 4_000, 8_000, 10_000, 10_000].into_iter().enumerate() {
        touch_worker(&mut e, n);
        let got = failures_until(&mut e, Time::from_millis(last + backoff + 500));
        assert_eq!(got, [last + backoff], "attempt {}", n + 2);
        last = got[0];
    }
}

#[test]
fn a_rejected_pod_with_no_event_is_retried_after_five_minutes() {
    let mut e = Engine::with_default_cluster(4);
    let obj = Object::Pod(Box::new(huge_pod()));
    let key = obj.key();
    e.user("create", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
    let soon = e.now().plus_millis(1);
    let first = failures_until(&mut e, soon);
    assert_eq!(first.len(), 1, "{first:?}");
    let five_minutes = 5 * 60 * 1000;
    let got = failures_until(&mut e, Time::from_millis(first[0] + five_minutes + 30_000));
    // Upstream's flush runs every 30s and moves pods waiting longer than
    // five minutes: the retry comes after five minutes, within 30s more.
    assert_eq!(got.len(), 1, "{got:?}");
    assert!((first[0] + five_minutes..=first[0] + five_minutes + 30_000).contains(&got[0]), "{got:?}");
}

// scheduling_queue_test.go's rule for a pod no plugin rejected
// (determineSchedulingHintForInFlightPod: no rejector plugins, so back-off):
// with no nodes at all the pod is tried again after each back-off, not
// parked until an event.
#[test]
fn a_pod_with_no_nodes_to_try_is_retried_after_each_back_off() {
    let mut e = Engine::empty(5);
    let ns = Object::Namespace(Box::new(kubeplay_model::api::Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() }));
    let ns_key = ns.key();
    e.user("create", ns_key, |ctx| ctx.create(ns).map(|_| ())).unwrap();
    let obj = Object::Pod(Box::new(huge_pod()));
    let key = obj.key();
    e.user("create", key.clone(), |ctx| ctx.create(obj).map(|_| ())).unwrap();
    let start = e.now().millis();
    let got = failures_until(&mut e, Time::from_millis(start + 30_000));
    let after: Vec<i64> = got.iter().map(|t| t - got[0]).collect();
    assert_eq!(after, [0, 1_000, 3_000, 7_000, 15_000, 25_000]);
    let pod = e.store().get(&key).and_then(|o| o.as_pod().cloned()).unwrap();
    let cond = pod.status.conditions.iter().find(|c| c.type_ == "PodScheduled").unwrap();
    assert_eq!((cond.reason.as_deref(), cond.message.as_deref()), (Some("Unschedulable"), Some("no nodes available to schedule pods")));
}

mod node_updates {
    use crate::scheduler::node_update_matters;
    use crate::scheduler::plugins::testutil::{node, taint};
    use kubeplay_model::api::Node;
    use kubeplay_model::{Condition, Quantity, Time};

    fn cond(type_: &str, status: &str, heartbeat: i64) -> Condition {
        Condition { type_: type_.into(), status: status.into(), last_heartbeat_time: Some(Time::from_millis(heartbeat * 1000)), ..Default::default() }
    }

    fn with_conditions(c: Vec<Condition>) -> Node {
        let mut n = node("n", &[]);
        n.status.conditions = c;
        n
    }

    fn with_allocatable(a: &[(&str, &str)]) -> Node {
        let mut n = node("n", &[]);
        n.status.allocatable = a.iter().map(|(r, q)| (r.to_string(), Quantity::parse(q).unwrap())).collect();
        n
    }

    fn with_taints(t: Vec<kubeplay_model::api::Taint>) -> Node {
        let mut n = node("n", &[]);
        n.spec.taints = t;
        n
    }

    fn cordoned(on: bool) -> Node {
        let mut n = node("n", &[]);
        n.spec.unschedulable = Some(on);
        n
    }

    // events_test.go's TestNodeAllocatableChange, TestNodeLabelsChange,
    // TestNodeTaintsChange and TestNodeConditionsChange: (old, new, changed).
    #[test]
    fn each_kind_of_node_change() {
        let cases: Vec<(&str, Node, Node, bool)> = vec![
            ("no allocatable resources changed", with_allocatable(&[("memory", "1Ki")]), with_allocatable(&[("memory", "1Ki")]), false),
            ("new node has more allocatable resources", with_allocatable(&[("memory", "1Ki")]), with_allocatable(&[("memory", "1Ki"), ("storage", "1Ki")]), true),
            ("no labels changed", node("n", &[("foo", "bar")]), node("n", &[("foo", "bar")]), false),
            ("new object has more labels", node("n", &[("foo", "bar")]), node("n", &[("foo", "bar"), ("test", "value")]), true),
            ("no taint changed", with_taints(vec![taint("key", "value", "")]), with_taints(vec![taint("key", "value", "")]), false),
            ("taint value changed", with_taints(vec![taint("key", "value1", "")]), with_taints(vec![taint("key", "value2", "")]), true),
            ("no condition changed", with_conditions(vec![cond("DiskPressure", "True", 0)]), with_conditions(vec![cond("DiskPressure", "True", 0)]), false),
            ("only LastHeartbeatTime changed", with_conditions(vec![cond("DiskPressure", "True", 1)]), with_conditions(vec![cond("DiskPressure", "True", 2)]), false),
            ("new node has more healthy conditions", with_conditions(vec![]), with_conditions(vec![cond("Ready", "True", 0)]), true),
            ("new node has less unhealthy conditions", with_conditions(vec![cond("DiskPressure", "True", 0)]), with_conditions(vec![]), true),
            ("condition status changed", with_conditions(vec![cond("Ready", "False", 0)]), with_conditions(vec![cond("Ready", "True", 0)]), true),
        ];
        for (name, old, new, want) in cases {
            assert_eq!(node_update_matters(&old, &new), want, "{name}");
        }
    }

    // events_test.go's TestNodeSchedulingPropertiesChange (without "only
    // node annotation changed": upstream reports it, but no default plugin
    // listens for it, so no pod moves either way), plus the cordon that
    // upstream ignores and the image list it never looks at.
    #[test]
    fn node_scheduling_properties_change() {
        let unschedulable_taint = |v: &str| taint("node.kubernetes.io/unschedulable", v, "NoSchedule");
        let mut both = node("n", &[("foo", "bar")]);
        both.spec.taints = vec![unschedulable_taint("")];
        let mut imaged = node("n", &[]);
        imaged.status.images = vec![Default::default()];
        let cases: Vec<(&str, Node, Node, bool)> = vec![
            ("no specific changed applied", cordoned(false), cordoned(false), false),
            ("only node spec unavailable changed", cordoned(true), cordoned(false), true),
            ("a cordon", cordoned(false), cordoned(true), false),
            (
                "only node allocatable changed",
                with_allocatable(&[("cpu", "1000m"), ("memory", "100m"), ("example.com/foo", "2")]),
                with_allocatable(&[("cpu", "1000m"), ("memory", "100m"), ("example.com/foo", "1")]),
                true,
            ),
            ("only node label changed", node("n", &[("foo", "fuz")]), node("n", &[("foo", "bar")]), true),
            ("only node taint changed", with_taints(vec![unschedulable_taint("foo")]), with_taints(vec![unschedulable_taint("")]), true),
            ("only node condition changed", with_conditions(vec![cond("Ready", "True", 0)]), node("n", &[]), true),
            ("both node label and node taint changed", with_taints(vec![unschedulable_taint("foo")]), both, true),
            ("only the images changed", node("n", &[]), imaged, false),
        ];
        for (name, old, new, want) in cases {
            assert_eq!(node_update_matters(&old, &new), want, "{name}");
        }
    }
}
