//! Which pods go first when a controller has too many
//! (`controller_utils.go` ActivePodsWithRanks and ActivePods, and
//! `replica_set.go` getPodsToDelete): pods that matter least to users —
//! unscheduled, starting, not ready, cheap to delete, crowded onto one
//! node, ready most recently, crashing, newest — are deleted first.
//! The PodDeletionCost and LogarithmicScaleDown gates are on, as in every
//! supported release.

use super::status::ready_condition;
use kubeplay_model::api::Pod;
use kubeplay_model::Time;
use kubeplay_model::hashed;

/// `controller.kubernetes.io/pod-deletion-cost`.
pub const DELETION_COST: &str = "controller.kubernetes.io/pod-deletion-cost";

/// `GetDeletionCostFromPodAnnotations`: an int32; "+10", "008", "-" and
/// garbage are invalid and count as 0.
pub fn deletion_cost(pod: &Pod) -> i32 {
    let Some(v) = pod.metadata.annotations.get(DELETION_COST) else { return 0 };
    let first_ok = match v.as_bytes().first() {
        Some(b'-') => true,
        Some(b'0') => v == "0",
        Some(b) => b.is_ascii_digit(),
        None => false,
    };
    let digits = v.strip_prefix('-').unwrap_or(v);
    if !first_ok || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return 0;
    }
    v.parse::<i32>().unwrap_or(0)
}

fn phase_ordinal(pod: &Pod) -> u8 {
    match pod.phase() {
        "Unknown" => 1,
        "Running" => 2,
        // Pending, and anything unexpected, sort as Pending.
        _ => 0,
    }
}

fn assigned(pod: &Pod) -> bool {
    pod.node_name().is_some()
}

/// When the pod became ready, to the second; None if not ready or unknown.
fn ready_time(pod: &Pod) -> Option<Time> {
    ready_condition(pod).filter(|c| c.is_true()).and_then(|c| c.last_transition_time).map(whole_seconds)
}

fn created(pod: &Pod) -> Option<Time> {
    pod.metadata.creation_timestamp.map(whole_seconds)
}

fn whole_seconds(t: Time) -> Time {
    Time::from_millis(t.millis() - t.millis().rem_euclid(1000))
}

/// `afterOrZero`: t1 after t2, a zero time counting as the latest.
fn after_or_zero(t1: Option<Time>, t2: Option<Time>) -> bool {
    match (t1, t2) {
        (None, _) | (_, None) => t1.is_none(),
        (Some(a), Some(b)) => a > b,
    }
}

/// floor(log2(now − t)) in nanoseconds as Go computes it through a float64
/// (the float's binary exponent), or −1 if t is not in the past.
fn log_bucket(t: Time, now: Time) -> i64 {
    let d = (now.millis() as i128 - t.millis() as i128) * 1_000_000;
    if d <= 0 {
        return -1;
    }
    let f = d as f64;
    ((f.to_bits() >> 52) & 0x7ff) as i64 - 1023
}

/// Max restart count of regular containers, then of restartable init
/// containers (sidecars), as `maxContainerRestarts` splits them.
fn restarts(pod: &Pod) -> (i32, i32) {
    let regular = pod.status.container_statuses.iter().map(|c| c.restart_count).max().unwrap_or(0);
    let sidecars: Vec<&str> = pod
        .spec
        .init_containers
        .iter()
        .filter(|c| c.restart_policy.as_deref() == Some("Always"))
        .map(|c| c.name.as_str())
        .collect();
    let sidecar = pod
        .status
        .init_container_statuses
        .iter()
        .filter(|c| sidecars.contains(&c.name.as_str()))
        .map(|c| c.restart_count)
        .max()
        .unwrap_or(0);
    (regular, sidecar)
}

/// What `ActivePodsWithRanks.Less` reads of one pod, worked out once per
/// pod rather than once per comparison (a big scale-down sorts thousands).
struct RankKeys<'a> {
    /// `spec.nodeName` as written, and whether it names a node.
    node: &'a Option<kubeplay_model::Atom>,
    assigned: bool,
    rank: usize,
    phase: u8,
    ready: bool,
    cost: i32,
    ready_at: Option<Time>,
    restarts: (i32, i32),
    created: Option<Time>,
    uid: &'a str,
}

impl<'a> RankKeys<'a> {
    fn of(p: &'a Pod, rank: usize) -> RankKeys<'a> {
        let ready = p.is_ready();
        RankKeys {
            node: &p.spec.node_name,
            assigned: assigned(p),
            rank,
            phase: phase_ordinal(p),
            ready,
            cost: deletion_cost(p),
            ready_at: if ready { ready_time(p) } else { None },
            restarts: restarts(p),
            created: created(p),
            uid: &p.metadata.uid,
        }
    }
}

/// Rules 6 and 8 with LogarithmicScaleDown: times in the same power-of-two
/// age bucket tie, and the tie goes by uid.
fn log_less(ua: &str, ub: &str, ta: Option<Time>, tb: Option<Time>, now: Time) -> bool {
    match (ta, tb) {
        (Some(x), Some(y)) => {
            let diff = log_bucket(x, now) - log_bucket(y, now);
            if diff == 0 {
                ua < ub
            } else {
                diff < 0
            }
        }
        _ => after_or_zero(ta, tb),
    }
}

fn keys_less(a: &RankKeys, b: &RankKeys, now: Time) -> bool {
    // 1. Unassigned before assigned. (Two assigned pods never differ
    // here: the node names are compared only when one is not.)
    if (!a.assigned || !b.assigned) && a.node != b.node {
        return !a.assigned;
    }
    // 2. Pending < Unknown < Running.
    if a.phase != b.phase {
        return a.phase < b.phase;
    }
    // 3. Not ready before ready.
    if a.ready != b.ready {
        return !a.ready;
    }
    // 4. Lower deletion cost first.
    if a.cost != b.cost {
        return a.cost < b.cost;
    }
    // 5. More crowded node first.
    if a.rank != b.rank {
        return a.rank > b.rank;
    }
    // 6. Ready more recently first (log buckets).
    if a.ready && b.ready && a.ready_at != b.ready_at {
        return log_less(a.uid, b.uid, a.ready_at, b.ready_at, now);
    }
    // 7. More restarts first.
    if a.restarts.0 != b.restarts.0 {
        return a.restarts.0 > b.restarts.0;
    }
    if a.restarts.1 != b.restarts.1 {
        return a.restarts.1 > b.restarts.1;
    }
    // 8. Newer first (log buckets).
    if a.created != b.created {
        return log_less(a.uid, b.uid, a.created, b.created, now);
    }
    false
}

/// `ActivePodsWithRanks.Less`: whether `a` (with rank `ra`, the number of
/// related active pods on its node) should be deleted before `b`.
pub fn ranked_less(a: &Pod, ra: usize, b: &Pod, rb: usize, now: Time) -> bool {
    keys_less(&RankKeys::of(a, ra), &RankKeys::of(b, rb), now)
}

/// `ActivePods.Less`, the older order without ranks, deletion cost or
/// log buckets (still used by some controllers).
pub fn active_less(a: &Pod, b: &Pod) -> bool {
    if (!assigned(a) || !assigned(b)) && a.spec.node_name != b.spec.node_name {
        return !assigned(a);
    }
    if phase_ordinal(a) != phase_ordinal(b) {
        return phase_ordinal(a) < phase_ordinal(b);
    }
    if a.is_ready() != b.is_ready() {
        return !a.is_ready();
    }
    if a.is_ready() && b.is_ready() {
        let (ta, tb) = (ready_time(a), ready_time(b));
        if ta != tb {
            return after_or_zero(ta, tb);
        }
    }
    let (ra, rb) = (restarts(a), restarts(b));
    if ra.0 != rb.0 {
        return ra.0 > rb.0;
    }
    let (ca, cb) = (created(a), created(b));
    if ca != cb {
        return after_or_zero(ca, cb);
    }
    false
}

// Upstream's deletion order is not always total (uid tie-breaks inside
// age buckets): the model's "less"-driven merge sort, whose exact merge
// the tests' reference reproduces.
pub use kubeplay_model::sort::sort_by_less;

/// A pod's rank: how many active related pods (the pods of every
/// ReplicaSet sharing this one's owner) share its node.
pub struct NodeRanks<'a> {
    /// (hash of the node name, node name, active related pods there), in
    /// that order: ranking a big scale-down looks up thousands of pods
    /// among a thousand nodes whose names share a prefix.
    counts: Vec<(u64, &'a str, usize)>,
}

impl<'a> NodeRanks<'a> {
    pub fn of(related: &[&'a Pod]) -> NodeRanks<'a> {
        let mut nodes: Vec<(u64, &str)> = related.iter().filter(|p| p.is_active()).map(|p| node_of(p)).map(|n| (hashed::hash(n), n)).collect();
        nodes.sort_unstable();
        let mut counts: Vec<(u64, &str, usize)> = Vec::new();
        for (h, n) in nodes {
            match counts.last_mut() {
                Some(last) if (last.0, last.1) == (h, n) => last.2 += 1,
                _ => counts.push((h, n, 1)),
            }
        }
        NodeRanks { counts }
    }

    pub fn rank(&self, pod: &Pod) -> usize {
        let n = node_of(pod);
        let h = hashed::hash(n);
        self.counts.binary_search_by(|&(ch, cn, _)| (ch, cn).cmp(&(h, n))).map_or(0, |i| self.counts[i].2)
    }
}

/// The node a pod is counted under: unassigned pods share "".
fn node_of(pod: &Pod) -> &str {
    pod.spec.node_name.as_deref().unwrap_or("")
}

/// `getPodsToDelete`: the first `diff` of `pods` in deletion order. When
/// every pod goes there is nothing to choose and the list is not sorted.
pub fn pods_to_delete<'a>(pods: &[&'a Pod], ranks: &NodeRanks, diff: usize, now: Time) -> Vec<&'a Pod> {
    if diff >= pods.len() {
        return pods.to_vec();
    }
    let mut ranked: Vec<(&Pod, RankKeys)> = pods.iter().map(|p| (*p, RankKeys::of(p, ranks.rank(p)))).collect();
    sort_by_less(&mut ranked, &|a: &(&Pod, RankKeys), b: &(&Pod, RankKeys)| keys_less(&a.1, &b.1, now));
    ranked.into_iter().take(diff).map(|(p, _)| p).collect()
}

/// In a few words, why a pod was among the first to go.
pub fn victim_reason(pod: &Pod, rank: usize) -> String {
    if !assigned(pod) {
        "not scheduled".into()
    } else if phase_ordinal(pod) < 2 {
        format!("still {}", if pod.phase().is_empty() { "Pending" } else { pod.phase() })
    } else if !pod.is_ready() {
        "not ready".into()
    } else if deletion_cost(pod) != 0 {
        format!("deletion cost {}", deletion_cost(pod))
    } else if rank > 1 {
        format!("{rank} related pods on its node")
    } else {
        "ready most recently".into()
    }
}

#[cfg(test)]
mod tests;
