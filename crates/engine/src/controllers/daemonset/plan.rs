//! The DaemonSet controller's decisions as pure functions over a per-node
//! view of its pods (upstream `daemon_controller.go` podsShouldBeOnNode
//! and `update.go` rollingUpdate): which nodes need a pod, which pods
//! go, and how far a rolling update may go within maxUnavailable or
//! maxSurge.

use kubeplay_model::{IntOrString, Time};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A daemon pod as the decisions need it.
#[derive(Clone, Debug, PartialEq)]
pub struct DaemonPod {
    pub name: String,
    /// Carries the current revision's hash.
    pub updated: bool,
    pub ready: bool,
    /// Ready for at least minReadySeconds.
    pub available: bool,
    pub terminating: bool,
    pub phase: String,
    pub scheduled: bool,
    pub created: Time,
}

/// One node's situation.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeView {
    pub should_run: bool,
    pub should_continue: bool,
    pub pods: Vec<DaemonPod>,
}

/// What to do this sync.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub create_on: Vec<String>,
    pub delete: Vec<(String, Reason)>,
    /// A failed pod was left alone because its node is backing off: sync
    /// again after this many milliseconds.
    pub retry_after_ms: Option<i64>,
}

/// `failedPodsBackoff`: the first failed-pod deletion on a node waits 1 s,
/// each further one twice as long as the last, up to 15 minutes.
pub const FAILED_POD_BACKOFF_INITIAL_MS: i64 = 1_000;
pub const FAILED_POD_BACKOFF_MAX_MS: i64 = 15 * 60_000;

/// One node's failed-pod back-off (client-go `flowcontrol.Backoff` entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    pub delay_ms: i64,
    pub last_update: Time,
}

impl Backoff {
    /// An entry untouched for twice the maximum counts as forgotten.
    pub fn expired(&self, now: Time) -> bool {
        now.millis() - self.last_update.millis() > 2 * FAILED_POD_BACKOFF_MAX_MS
    }

    /// `IsInBackOffSinceUpdate`.
    pub fn in_backoff(entry: Option<&Backoff>, now: Time) -> bool {
        entry.is_some_and(|b| !b.expired(now) && now.millis() - b.last_update.millis() < b.delay_ms)
    }

    /// `Next`: start at the initial delay, else double up to the maximum.
    pub fn next(entry: Option<&Backoff>, now: Time) -> Backoff {
        let delay_ms = match entry {
            Some(b) if !b.expired(now) => (b.delay_ms * 2).min(FAILED_POD_BACKOFF_MAX_MS),
            _ => FAILED_POD_BACKOFF_INITIAL_MS,
        };
        Backoff { delay_ms, last_update: now }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Failed,
    Succeeded,
    Excess,
    NotEligible,
    Update,
}

/// `podByCreationTimestampAndPhase`: scheduled first, then oldest, then name.
pub fn by_age(a: &DaemonPod, b: &DaemonPod) -> Ordering {
    b.scheduled.cmp(&a.scheduled).then(a.created.cmp(&b.created)).then(a.name.cmp(&b.name))
}

/// `podsShouldBeOnNode` for every node: creations for nodes without a
/// pod, deletions of failed, succeeded, excess and misplaced pods. A
/// failed pod is deleted only when its node (in `backoff`, by node name)
/// is not backing off, which keeps the controller from fighting a kubelet
/// that keeps rejecting the pod. `allows_surge` is upstream's `AllowsSurge`.
pub fn manage(nodes: &BTreeMap<String, NodeView>, allows_surge: bool, backoff: &mut BTreeMap<String, Backoff>, now: Time) -> Plan {
    let mut plan = Plan::default();
    for (name, n) in nodes {
        let live: Vec<&DaemonPod> = n.pods.iter().filter(|p| !p.terminating).collect();
        if n.should_run && n.pods.is_empty() {
            plan.create_on.push(name.clone());
            continue;
        }
        if !n.should_continue {
            plan.delete.extend(live.iter().map(|p| (p.name.clone(), Reason::NotEligible)));
            continue;
        }
        let mut running: Vec<&DaemonPod> = Vec::new();
        for p in live {
            match p.phase.as_str() {
                "Failed" => {
                    if Backoff::in_backoff(backoff.get(name), now) {
                        let delay = backoff.get(name).map_or(0, |b| b.delay_ms);
                        plan.retry_after_ms = Some(plan.retry_after_ms.map_or(delay, |r| r.min(delay)));
                        continue;
                    }
                    let next = Backoff::next(backoff.get(name), now);
                    backoff.insert(name.clone(), next);
                    plan.delete.push((p.name.clone(), Reason::Failed));
                }
                "Succeeded" => plan.delete.push((p.name.clone(), Reason::Succeeded)),
                _ => running.push(p),
            }
        }
        kubeplay_model::sort::sort_by(&mut running, |a, b| by_age(a, b));
        if !allows_surge {
            plan.delete.extend(running.iter().skip(1).map(|p| (p.name.clone(), Reason::Excess)));
            continue;
        }
        if running.is_empty() {
            if n.should_run {
                plan.create_on.push(name.clone());
            }
            continue;
        }
        // With surge, one old and one new pod may overlap; the old one goes
        // once it is not ready or the new one is available.
        let mut oldest_new: Option<&DaemonPod> = None;
        let mut oldest_old: Option<&DaemonPod> = None;
        for p in running {
            let slot = if p.updated { &mut oldest_new } else { &mut oldest_old };
            if slot.is_none() {
                *slot = Some(p);
            } else {
                plan.delete.push((p.name.clone(), Reason::Excess));
            }
        }
        if let (Some(new), Some(old)) = (oldest_new, oldest_old) {
            if !old.ready || new.available {
                plan.delete.push((old.name.clone(), Reason::Update));
            }
        }
    }
    plan
}

/// The rolling-update budget (`updatedDesiredNodeCounts`): both limits
/// scale against the desired count rounding UP; if both are 0,
/// maxUnavailable becomes 1.
pub fn limits(max_surge: Option<&IntOrString>, max_unavailable: Option<&IntOrString>, desired: i32) -> Result<(i32, i32), String> {
    let surge = max_surge.map(|v| v.scaled_value(desired, true)).transpose()?.unwrap_or(0);
    let mut unavailable = max_unavailable.map(|v| v.scaled_value(desired, true)).transpose()?.unwrap_or(1);
    if desired > 0 && surge == 0 && unavailable == 0 {
        unavailable = 1;
    }
    Ok((surge, unavailable))
}

/// The node's one old and one new live pod; None when it has more than
/// one of either (the manage loop cleans that up first).
fn old_and_new(pods: &[DaemonPod]) -> Option<(Option<&DaemonPod>, Option<&DaemonPod>)> {
    let mut old = None;
    let mut new = None;
    for p in pods.iter().filter(|p| !p.terminating) {
        let slot = if p.updated { &mut new } else { &mut old };
        if slot.is_some() {
            return None;
        }
        *slot = Some(p);
    }
    Some((old, new))
}

/// `rollingUpdate`: old pods to delete (maxSurge 0) or nodes to surge a
/// new pod onto (maxSurge > 0). Nodes are visited in name order.
pub fn rolling_update(nodes: &BTreeMap<String, NodeView>, desired: i32, max_surge: i32, max_unavailable: i32) -> Plan {
    let mut plan = Plan::default();
    if max_surge == 0 {
        let mut unavailable = 0;
        let mut must_replace = Vec::new();
        let mut candidates = Vec::new();
        // `updatedDesiredNodeCounts` gives every eligible node an entry, so
        // one still waiting for its pod counts as unavailable.
        for (_, n) in nodes.iter().filter(|(_, n)| n.should_run || !n.pods.is_empty()) {
            match old_and_new(&n.pods) {
                None | Some((None, None)) | Some((Some(_), Some(_))) => unavailable += 1,
                Some((None, Some(new))) => {
                    if !new.available {
                        unavailable += 1;
                    }
                }
                Some((Some(old), None)) => {
                    if !old.available {
                        // Replaced whatever the budget, but it spends it too,
                        // so available old pods wait.
                        must_replace.push(old.name.clone());
                        unavailable += 1;
                    } else if unavailable < max_unavailable {
                        candidates.push(old.name.clone());
                    }
                }
            }
        }
        let budget = (max_unavailable - unavailable).max(0) as usize;
        plan.delete.extend(must_replace.into_iter().map(|n| (n, Reason::Update)));
        plan.delete.extend(candidates.into_iter().take(budget).map(|n| (n, Reason::Update)));
        return plan;
    }
    let mut surging = 0;
    let mut available = 0;
    let mut allowed = Vec::new();
    let mut candidates = Vec::new();
    let mut misplaced = Vec::new();
    for (name, n) in nodes.iter().filter(|(_, n)| !n.pods.is_empty()) {
        let Some((old, new)) = old_and_new(&n.pods) else {
            surging += 1;
            continue;
        };
        if old.or(new).is_some_and(|p| p.available) {
            available += 1;
        }
        match (old, new) {
            (None, _) => {}
            (Some(old), None) => {
                if !old.available {
                    if n.should_run {
                        allowed.push(name.clone());
                    } else {
                        plan.delete.push((old.name.clone(), Reason::NotEligible));
                    }
                } else if !n.should_run {
                    misplaced.push(old.name.clone());
                } else if surging < max_surge {
                    candidates.push(name.clone());
                }
            }
            (Some(old), Some(new)) => {
                if new.available {
                    plan.delete.push((old.name.clone(), Reason::Update));
                } else {
                    surging += 1;
                }
            }
        }
    }
    // Pods on nodes no longer eligible go only once others are available.
    let deletable = (available - desired).max(0) as usize;
    plan.delete.extend(misplaced.into_iter().take(deletable).map(|n| (n, Reason::NotEligible)));
    let budget = (max_surge - surging).max(0) as usize;
    plan.create_on.extend(allowed);
    plan.create_on.extend(candidates.into_iter().take(budget));
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> IntOrString {
        IntOrString::Str(v.into())
    }

    // TestGetUnavailableNumbers (daemonset.md §5): (surge, unavailable).
    #[test]
    fn limit_vectors() {
        let i = IntOrString::Int;
        assert_eq!(limits(None, Some(&i(0)), 0), Ok((0, 0)));
        assert_eq!(limits(None, Some(&i(1)), 2), Ok((0, 1)));
        assert_eq!(limits(None, Some(&i(0)), 2), Ok((0, 1)));
        assert_eq!(limits(Some(&i(0)), Some(&i(0)), 2), Ok((0, 1)));
        assert_eq!(limits(None, Some(&s("50%")), 2), Ok((0, 1)));
        assert_eq!(limits(Some(&s("50%")), Some(&i(0)), 2), Ok((1, 0)));
        assert_eq!(limits(Some(&s("100%")), Some(&i(0)), 2), Ok((2, 0)));
        assert_eq!(limits(None, Some(&s("50%")), 3), Ok((0, 2)));
    }

    fn pod(name: &str, updated: bool, ready: bool, t: i64) -> DaemonPod {
        DaemonPod { name: name.into(), updated, ready, available: ready, terminating: false, phase: "Running".into(), scheduled: true, created: Time::from_millis(t) }
    }

    fn node(pods: Vec<DaemonPod>) -> NodeView {
        NodeView { should_run: true, should_continue: true, pods }
    }

    fn nodes(v: Vec<Vec<DaemonPod>>) -> BTreeMap<String, NodeView> {
        v.into_iter().enumerate().map(|(i, p)| (format!("node-{i}"), node(p))).collect()
    }

    // TestDaemonKillFailedPodsBackoff: the first sync deletes the failed
    // pod and starts the back-off; an immediate second sync is held back
    // without raising the delay; the delay lasts exactly its length.
    #[test]
    fn failed_pod_deletion_backs_off() {
        let mut failed = pod("f", true, false, 1);
        failed.phase = "Failed".into();
        let v = nodes(vec![vec![failed]]);
        let mut backoff = BTreeMap::new();
        let t0 = 1_000_000;
        assert_eq!(manage(&v, false, &mut backoff, Time::from_millis(t0)).delete, vec![("f".to_string(), Reason::Failed)]);
        let initial = backoff["node-0"].delay_ms;
        assert_eq!(initial, 1_000);
        let held = manage(&v, false, &mut backoff, Time::from_millis(t0));
        assert_eq!((held.delete.len(), held.create_on.len(), held.retry_after_ms), (0, 0, Some(1_000)));
        assert_eq!(backoff["node-0"].delay_ms, initial, "waiting does not raise the delay");
        assert!(Backoff::in_backoff(backoff.get("node-0"), Time::from_millis(t0 + initial - 1)));
        assert!(!Backoff::in_backoff(backoff.get("node-0"), Time::from_millis(t0 + initial)));
        assert_eq!(manage(&v, false, &mut backoff, Time::from_millis(t0 + initial)).delete.len(), 1);
        // Each deletion doubles the delay, up to 15 minutes.
        assert_eq!(backoff["node-0"].delay_ms, 2_000);
        let mut b = backoff["node-0"];
        let mut delays = Vec::new();
        for _ in 0..12 {
            b = Backoff::next(Some(&b), Time::from_millis(b.last_update.millis() + b.delay_ms));
            delays.push(b.delay_ms / 1000);
        }
        assert_eq!(delays, [4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
        // Quiet for twice the maximum: forgotten, back to 1 s.
        let later = Time::from_millis(b.last_update.millis() + 2 * FAILED_POD_BACKOFF_MAX_MS + 1);
        assert!(!Backoff::in_backoff(Some(&b), later));
        assert_eq!(Backoff::next(Some(&b), later).delay_ms, 1_000);
    }
}
