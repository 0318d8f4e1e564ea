//! Upstream's TestSortingActivePods and TestSortingActivePodsWithRanks
//! (controller_utils_test.go) and TestGetPodsToDelete (replica_set_test.go),
//! as our tests, with upstream's pods and expected orders.

use super::*;
use kubeplay_model::api::{ContainerStatus, PodSpec, PodStatus};
use kubeplay_model::{Condition, ObjectMeta};
use std::collections::BTreeMap;

const NOW: Time = Time::from_millis(1_735_689_600_000);
const HOUR: i64 = 3_600_000;
const MONTH: i64 = 30 * 24 * HOUR;

fn t(ago_ms: i64) -> Option<Time> {
    Some(NOW.plus_millis(-ago_ms))
}

struct P {
    name: &'static str,
    node: &'static str,
    phase: &'static str,
    ready: bool,
    restarts: Vec<i32>,
    ready_since: Option<Time>,
    created: Option<Time>,
    cost: Option<&'static str>,
}

fn p(name: &'static str, node: &'static str, phase: &'static str, ready: bool) -> P {
    P { name, node, phase, ready, restarts: vec![], ready_since: None, created: None, cost: None }
}

impl P {
    fn restarts(mut self, r: &[i32]) -> P {
        self.restarts = r.to_vec();
        self
    }
    fn since(mut self, ready: Option<Time>, created: Option<Time>) -> P {
        self.ready_since = ready;
        self.created = created;
        self
    }
    fn cost(mut self, c: &'static str) -> P {
        self.cost = Some(c);
        self
    }
    fn pod(&self) -> Pod {
        let mut annotations = BTreeMap::new();
        if let Some(c) = self.cost {
            annotations.insert(DELETION_COST.to_string(), c.to_string());
        }
        Pod {
            metadata: ObjectMeta { name: self.name.into(), creation_timestamp: self.created, annotations: annotations.into(), ..Default::default() },
            spec: PodSpec { node_name: (!self.node.is_empty()).then(|| kubeplay_model::Atom::from(self.node)), ..Default::default() }.into(),
            status: PodStatus {
                phase: Some(self.phase.into()),
                conditions: if self.ready {
                    vec![Condition { type_: "Ready".into(), status: "True".into(), last_transition_time: self.ready_since, ..Default::default() }]
                } else {
                    vec![]
                },
                container_statuses: self.restarts.iter().map(|r| ContainerStatus { restart_count: *r, ..Default::default() }).collect(),
                ..Default::default()
            }.into(),
        }
    }
}

// TestSortingActivePods: the listed order is the deletion order.
#[test]
fn sorting_active_pods() {
    let pods: Vec<Pod> = [
        p("unscheduled", "", "Pending", false),
        p("scheduledButPending", "bar", "Pending", false),
        p("unknownPhase", "foo", "Unknown", false),
        p("runningButNotReady", "foo", "Running", false),
        p("runningNoLastTransitionTime", "foo", "Running", true).restarts(&[3, 0]),
        p("runningWithLastTransitionTime", "foo", "Running", true).restarts(&[3, 0]).since(t(0), None),
        p("runningLongerTime", "foo", "Running", true).restarts(&[3, 0]).since(t(MONTH), None),
        p("lowerContainerRestartCount", "foo", "Running", true).restarts(&[2, 1]).since(t(MONTH), t(0)),
        p("oldest", "foo", "Running", true).restarts(&[2, 1]).since(t(MONTH), t(MONTH)),
    ]
    .iter()
    .map(P::pod)
    .collect();
    let want: Vec<&str> = pods.iter().map(|p| p.metadata.name.as_str()).collect();
    // A reversed and a rotated input, then upstream's 20 shuffles (here
    // from a fixed linear congruential sequence), all sort back.
    let mut seed = 0x2545_f491_u64;
    let mut shuffled = || {
        let mut v: Vec<&Pod> = pods.iter().collect();
        for i in (1..v.len()).rev() {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            v.swap(i, (seed >> 33) as usize % (i + 1));
        }
        v
    };
    let mut starts = vec![pods.iter().rev().collect::<Vec<_>>(), pods.iter().cycle().skip(4).take(pods.len()).collect()];
    starts.extend((0..20).map(|_| shuffled()));
    for start in starts {
        let mut v: Vec<&Pod> = start;
        sort_by_less(&mut v, &|a: &&Pod, b: &&Pod| active_less(a, b));
        assert_eq!(v.iter().map(|p| p.metadata.name.as_str()).collect::<Vec<_>>(), want);
    }
}

// TestSortingActivePodsWithRanks.
#[test]
fn sorting_active_pods_with_ranks() {
    let unscheduled = p("unscheduled", "", "Pending", false).pod();
    let pending = p("pending", "node", "Pending", false).pod();
    let unknown = p("unknown-phase", "node", "Unknown", false).pod();
    let not_ready = p("not-ready", "node", "Running", false).pod();
    let ready_no_ltt = p("ready-no-last-transition-time", "node", "Running", true).pod();
    let ready_now = p("ready-now", "node", "Running", true).since(t(0), t(0)).pod();
    let ready_then = p("ready-then", "node", "Running", true).since(t(MONTH), t(MONTH)).pod();
    let high_restarts = p("ready-high-restarts", "node", "Running", true).restarts(&[9001]).since(t(0), t(0)).pod();
    let created_then = p("ready-now-created-then", "node", "Running", true).since(t(0), t(MONTH)).pod();
    let low_cost = p("low-deletion-cost", "node", "Running", true).since(t(0), t(MONTH)).cost("10").pod();
    let high_cost = p("high-deletion-cost", "node", "Running", true).since(t(0), t(MONTH)).cost("100").pod();
    let unsched_5h = p("unscheduled-5-hours", "", "Pending", false).since(t(5 * HOUR), t(5 * HOUR)).pod();
    let unsched_8h = p("unscheduled-10-hours", "", "Pending", false).since(t(8 * HOUR), t(8 * HOUR)).pod();
    let ready_2h = p("ready-2-hours", "", "Running", true).since(t(2 * HOUR), t(MONTH)).pod();
    let ready_5h = p("ready-5-hours", "", "Running", true).since(t(5 * HOUR), t(MONTH)).pod();
    let ready_8h = p("ready-10-hours", "", "Running", true).since(t(8 * HOUR), t(MONTH)).pod();

    let all = [
        &unscheduled, &pending, &unknown, &not_ready, &ready_no_ltt, &ready_now, &ready_then, &high_restarts, &created_then, &low_cost, &high_cost,
        &unsched_5h, &unsched_8h, &ready_2h, &ready_5h, &ready_8h,
    ];
    for pod in all {
        assert!(!ranked_less(pod, 1, pod, 1, NOW), "{} is not less than itself", pod.metadata.name);
    }
    for (a, b) in [(&unsched_5h, &unsched_8h), (&ready_5h, &ready_8h)] {
        assert!(!ranked_less(a, 1, b, 1, NOW) && !ranked_less(b, 1, a, 1, NOW), "{} ~ {}", a.metadata.name, b.metadata.name);
    }
    let lesser = [
        (&unscheduled, 1, &pending, 2),
        (&unscheduled, 2, &pending, 1),
        (&pending, 1, &unknown, 2),
        (&unknown, 1, &not_ready, 2),
        (&not_ready, 1, &ready_no_ltt, 1),
        (&ready_no_ltt, 1, &ready_now, 1),
        (&ready_now, 2, &ready_no_ltt, 1),
        (&ready_now, 1, &ready_then, 1),
        (&ready_now, 2, &ready_then, 1),
        (&high_restarts, 1, &ready_now, 1),
        (&ready_now, 2, &high_restarts, 1),
        (&ready_now, 1, &created_then, 1),
        (&created_then, 2, &ready_now, 1),
        (&low_cost, 2, &high_cost, 1),
        (&ready_2h, 1, &ready_5h, 1),
    ];
    for (a, ra, b, rb) in lesser {
        assert!(ranked_less(a, ra, b, rb, NOW), "{} ({ra}) < {} ({rb})", a.metadata.name, b.metadata.name);
        assert!(!ranked_less(b, rb, a, ra, NOW), "not {} ({rb}) < {} ({ra})", b.metadata.name, a.metadata.name);
    }
}

#[test]
fn age_buckets_are_powers_of_two_nanoseconds() {
    for (ago, bucket) in [(2 * HOUR, 42), (5 * HOUR, 44), (8 * HOUR, 44), (MONTH, 51)] {
        assert_eq!(log_bucket(NOW.plus_millis(-ago), NOW), bucket, "{ago} ms");
    }
    assert_eq!(log_bucket(NOW, NOW), -1);
}

#[test]
fn deletion_cost_parsing() {
    let with = |v: &str| {
        let mut pod = Pod::default();
        pod.metadata.annotations.insert(DELETION_COST.into(), v.into());
        deletion_cost(&pod)
    };
    for (v, want) in [("10", 10), ("-5", -5), ("0", 0), ("+10", 0), ("008", 0), ("", 0), ("-", 0), ("abc", 0), ("2147483648", 0), ("-2147483648", i32::MIN)] {
        assert_eq!(with(v), want, "{v:?}");
    }
    assert_eq!(deletion_cost(&Pod::default()), 0);
}

// TestGetPodsToDelete.
#[test]
fn pods_to_delete_table() {
    let u = p("U", "", "Pending", false).pod();
    let sp = p("SP", "fake-node", "Pending", false).pod();
    let nr = p("NR", "fake-node", "Running", false).pod();
    let r1 = p("R1", "fake-node-1", "Running", true).pod();
    let r2 = p("R2", "fake-node-2", "Running", true).pod();
    let names = |v: Vec<&Pod>| v.iter().map(|p| p.metadata.name.clone()).collect::<Vec<_>>();
    type Case<'a> = (&'static str, Vec<&'a Pod>, Option<Vec<&'a Pod>>, usize, Vec<&'static str>);
    let cases: Vec<Case> = vec![
        ("empty", vec![], None, 0, vec![]),
        ("diff = len", vec![&nr, &r1], None, 2, vec!["NR", "R1"]),
        ("diff < len", vec![&r1, &nr], None, 1, vec!["NR"]),
        ("various, diff = len", vec![&r1, &r1, &r2, &nr, &sp, &u], None, 6, vec!["R1", "R1", "R2", "NR", "SP", "U"]),
        ("various, diff = len, no related", vec![&r1, &r1, &r2, &nr, &sp, &u], Some(vec![]), 6, vec!["R1", "R1", "R2", "NR", "SP", "U"]),
        ("scheduled vs unscheduled", vec![&sp, &u], None, 1, vec!["U"]),
        ("ready vs not-ready", vec![&r1, &nr, &nr], None, 2, vec!["NR", "NR"]),
        ("colocated", vec![&r1, &r2], Some(vec![&r1, &r2, &r2]), 1, vec!["R2"]),
        ("pending vs running", vec![&sp, &nr], None, 1, vec!["SP"]),
        ("various, diff < len", vec![&r1, &r2, &nr, &sp, &u], None, 3, vec!["U", "SP", "NR"]),
    ];
    for (name, pods, related, diff, want) in cases {
        let related = related.unwrap_or_else(|| pods.clone());
        assert_eq!(names(pods_to_delete(&pods, &NodeRanks::of(&related), diff, NOW)), want, "{name}");
    }
}

/// A pod's rank counts the active related pods on its node, itself
/// included if related; unscheduled pods count together; finished pods
/// do not count; a node no related pod is on ranks 0.
#[test]
fn node_ranks_count_active_related_pods() {
    let a1 = p("A1", "node-1", "Running", true).pod();
    let a2 = p("A2", "node-1", "Pending", false).pod();
    let done = p("D", "node-1", "Succeeded", false).pod();
    let b = p("B", "node-10", "Running", true).pod();
    let u1 = p("U1", "", "Pending", false).pod();
    let u2 = p("U2", "", "Pending", false).pod();
    let stranger = p("S", "node-2", "Running", true).pod();
    let ranks = NodeRanks::of(&[&u1, &a1, &b, &done, &a2, &u2]);
    for (pod, want) in [(&a1, 2), (&a2, 2), (&done, 2), (&b, 1), (&u1, 2), (&stranger, 0)] {
        assert_eq!(ranks.rank(pod), want, "{}", pod.metadata.name);
    }
    assert_eq!(NodeRanks::of(&[]).rank(&a1), 0);
}

#[test]
fn sidecar_restarts_break_ties_after_regular_ones() {
    let mut a = p("a", "n", "Running", true).since(t(HOUR), t(HOUR)).pod();
    let b = a.clone();
    a.spec_mut().init_containers = vec![kubeplay_model::api::Container { name: "proxy".into(), restart_policy: Some("Always".into()), ..Default::default() }].into();
    a.status.init_container_statuses = vec![ContainerStatus { name: "proxy".into(), restart_count: 4, ..Default::default() }];
    assert!(ranked_less(&a, 1, &b, 1, NOW));
    assert!(!ranked_less(&b, 1, &a, 1, NOW));
}

/// The merge sort as it was written first: a new vector per merge. The
/// one-buffer version must make the same decisions, so the same order,
/// for any "less", total or not.
fn sort_by_less_reference<T>(items: &mut Vec<T>, less: &impl Fn(&T, &T) -> bool) {
    if items.len() < 2 {
        return;
    }
    let mut right = items.split_off(items.len() / 2);
    let mut left = std::mem::take(items);
    sort_by_less_reference(&mut left, less);
    sort_by_less_reference(&mut right, less);
    let mut l = left.into_iter().peekable();
    let mut r = right.into_iter().peekable();
    loop {
        let take_right = match (l.peek(), r.peek()) {
            (Some(a), Some(b)) => less(b, a),
            (Some(_), None) => false,
            (None, Some(_)) => true,
            (None, None) => break,
        };
        items.extend(if take_right { r.next() } else { l.next() });
    }
}

proptest::proptest! {
    #[test]
    fn sort_by_less_orders_as_the_reference(keys in proptest::collection::vec((0u8..6, 0u8..6), 0..200), total in proptest::bool::ANY) {
        // Not total: comparable only when the second keys differ by parity.
        let less = |a: &(usize, (u8, u8)), b: &(usize, (u8, u8))| if total { a.1 .0 < b.1 .0 } else { a.1 .0 < b.1 .0 && (a.1 .1 + b.1 .1) % 2 == 1 };
        let mut got: Vec<(usize, (u8, u8))> = keys.iter().copied().enumerate().collect();
        let mut want = got.clone();
        sort_by_less(&mut got, &less);
        sort_by_less_reference(&mut want, &less);
        proptest::prop_assert_eq!(got, want);
    }
}
