//! One StatefulSet sync as a pure function (upstream
//! `stateful_set_control.go` updateStatefulSet): fill missing ordinals in
//! order, remove condemned ordinals from the top, then roll outdated pods
//! from the highest ordinal down to the partition. With OrderedReady
//! (monotonic) every step waits for all lower ordinals to be Running and
//! Ready and makes at most one change; Parallel does not wait.

use std::collections::BTreeMap;

/// A pod as the plan needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct PodState {
    pub name: String,
    pub ordinal: i32,
    pub phase: String,
    /// Running and Ready.
    pub ready: bool,
    /// Ready for minReadySeconds.
    pub available: bool,
    pub terminating: bool,
    /// The ControllerRevision name in its `controller-revision-hash` label.
    pub revision: String,
    /// Its pod-name label names it (`identityMatches`); a sync puts a
    /// removed or changed one back.
    pub identity_ok: bool,
}

impl PodState {
    fn healthy(&self) -> bool {
        self.ready && !self.terminating
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    pub start: i32,
    pub replicas: i32,
    /// OrderedReady.
    pub monotonic: bool,
    /// RollingUpdate (else OnDelete).
    pub rolling: bool,
    pub partition: i32,
    /// maxUnavailable when the MaxUnavailableStatefulSet gate is on.
    pub max_unavailable: Option<i32>,
    pub update_revision: String,
    pub pods: Vec<PodState>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Create the pod (and its claims) for this ordinal.
    Create(i32),
    /// Make sure a pending pod's claims exist.
    EnsureClaims(i32),
    /// Put the pod's identity labels back (`UpdateStatefulPod`).
    Restore(String),
    Delete { name: String, why: Why },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The pod Failed or Succeeded.
    Finished,
    ScaleDown,
    Update,
}

/// The actions of one sync and, when it stopped early, why.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub actions: Vec<Action>,
    pub waiting_on: Option<String>,
}

/// Parallel creations and deletions use slow-start batches, at most this many per sync.
pub const MAX_BATCH: usize = 500;

pub fn plan(inp: &Input) -> Plan {
    let mut out = Plan::default();
    let end = inp.start.saturating_add(inp.replicas.max(0));
    // Pods by ordinal; slots are visited lazily so a huge replica count
    // costs nothing beyond the pods that exist and one batch of creations.
    let in_range: BTreeMap<i32, &PodState> = inp.pods.iter().filter(|p| p.ordinal >= inp.start && p.ordinal < end).map(|p| (p.ordinal, p)).collect();
    let mut condemned: Vec<&PodState> = inp.pods.iter().filter(|p| p.ordinal >= end || p.ordinal < inp.start).collect();
    kubeplay_model::sort::sort_by_key(&mut condemned, |p| std::cmp::Reverse(p.ordinal));
    let first_unhealthy: Option<&PodState> = in_range
        .values()
        .copied()
        .find(|p| !p.healthy())
        .or_else(|| condemned.iter().rev().copied().find(|p| !p.healthy()));

    let mut created = 0;
    for ordinal in inp.start..end {
        if created >= MAX_BATCH {
            break;
        }
        match in_range.get(&ordinal) {
            // `processReplica`: a pod that finished, Failed or Succeeded
            // (an evicted or rebooted pod's phase follows its exit code), is
            // deleted; its replacement comes on a later sync, once the old
            // pod is gone from the store.
            Some(p) if p.phase == "Failed" || p.phase == "Succeeded" => {
                if !p.terminating {
                    out.actions.push(Action::Delete { name: p.name.clone(), why: Why::Finished });
                }
                if inp.monotonic {
                    out.waiting_on = Some(format!("{} to be removed so it can be recreated", p.name));
                    return out;
                }
            }
            None => {
                out.actions.push(Action::Create(ordinal));
                created += 1;
                if inp.monotonic {
                    return out;
                }
            }
            Some(p) => {
                if p.phase == "Pending" || p.phase.is_empty() {
                    out.actions.push(Action::EnsureClaims(ordinal));
                }
                if inp.monotonic {
                    if p.terminating {
                        out.waiting_on = Some(format!("{} to finish terminating", p.name));
                        return out;
                    }
                    if !p.ready {
                        out.waiting_on = Some(format!("{} to be Running and Ready", p.name));
                        return out;
                    }
                    if !p.available {
                        out.waiting_on = Some(format!("{} to be available (minReadySeconds)", p.name));
                        return out;
                    }
                }
                if !p.identity_ok {
                    out.actions.push(Action::Restore(p.name.clone()));
                }
            }
        }
    }

    for p in &condemned {
        if p.terminating {
            if inp.monotonic {
                out.waiting_on = Some(format!("{} to finish terminating", p.name));
                return out;
            }
            continue;
        }
        let is_first_unhealthy = first_unhealthy.is_some_and(|u| u.name == p.name);
        if inp.monotonic && (!p.ready || !p.available) && !is_first_unhealthy {
            out.waiting_on = Some(format!("{} to be Running and Ready before scaling down", first_unhealthy.map_or(p.name.as_str(), |u| u.name.as_str())));
            return out;
        }
        out.actions.push(Action::Delete { name: p.name.clone(), why: Why::ScaleDown });
        if inp.monotonic {
            return out;
        }
    }

    if !inp.rolling {
        return out;
    }
    let lowest = inp.start.saturating_add(inp.partition.max(0));
    // A slot without a pod gets one in this sync (Parallel) at the update
    // revision, unready: upstream's loop stops at it, as at any unhealthy pod.
    let missing = |ordinal: i32| format!("the pod of ordinal {ordinal} to be created and Ready before updating further");
    match inp.max_unavailable {
        None => {
            let mut expect = end - 1;
            for (&ordinal, p) in in_range.range(lowest..).rev() {
                if ordinal != expect {
                    out.waiting_on = Some(missing(expect));
                    return out;
                }
                if p.revision != inp.update_revision && !p.terminating {
                    out.actions.push(Action::Delete { name: p.name.clone(), why: Why::Update });
                    return out;
                }
                if !p.healthy() {
                    out.waiting_on = Some(format!("{} to be Running and Ready before updating further", p.name));
                    return out;
                }
                expect = ordinal - 1;
            }
            if expect >= lowest {
                out.waiting_on = Some(missing(expect));
            }
        }
        Some(max) => {
            let absent = (end - inp.start) as i64 - in_range.len() as i64;
            let unavailable = in_range.values().filter(|p| !p.healthy()).count() as i64 + absent;
            if unavailable >= max as i64 {
                out.waiting_on = Some(format!("{unavailable} unavailable pods (maxUnavailable {max})"));
                return out;
            }
            let budget = (max as i64 - unavailable) as usize;
            let outdated = in_range.range(lowest..).rev().map(|(_, p)| *p).filter(|p| p.revision != inp.update_revision && !p.terminating).take(budget);
            out.actions.extend(outdated.map(|p| Action::Delete { name: p.name.clone(), why: Why::Update }));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod(ord: i32, ready: bool, rev: &str) -> PodState {
        PodState { name: format!("web-{ord}"), ordinal: ord, phase: if ready { "Running" } else { "Pending" }.into(), ready, available: ready, terminating: false, revision: rev.into(), identity_ok: true }
    }

    fn input(replicas: i32, monotonic: bool, pods: Vec<PodState>) -> Input {
        Input { start: 0, replicas, monotonic, rolling: true, partition: 0, max_unavailable: None, update_revision: "web-r1".into(), pods }
    }

    /// Runs syncs until nothing changes: created pods start unready and
    /// become ready on the next sync; deleted pods vanish; returns the log
    /// of (action) per sync and asserts the OrderedReady invariant.
    fn converge(mut inp: Input, check_order: bool) -> (Vec<Vec<Action>>, Input) {
        let mut log = Vec::new();
        for _ in 0..100 {
            // Pods created last sync become Running and Ready now.
            for p in &mut inp.pods {
                p.ready = true;
                p.available = true;
                p.phase = "Running".into();
            }
            let plan = plan(&inp);
            let acts: Vec<Action> = plan.actions.into_iter().filter(|a| !matches!(a, Action::EnsureClaims(_))).collect();
            if acts.is_empty() {
                return (log, inp);
            }
            for a in &acts {
                match a {
                    Action::Create(o) => inp.pods.push(PodState { name: format!("web-{o}"), ordinal: *o, phase: "Pending".into(), ready: false, available: false, terminating: false, revision: inp.update_revision.clone(), identity_ok: true }),
                    Action::Delete { name, .. } => inp.pods.retain(|p| &p.name != name),
                    Action::EnsureClaims(_) | Action::Restore(_) => {}
                }
            }
            if check_order {
                // assertMonotonicInvariants: no pod is ready while a lower ordinal is not.
                let mut sorted = inp.pods.clone();
                kubeplay_model::sort::sort_by_key(&mut sorted, |p| p.ordinal);
                for w in sorted.windows(2) {
                    assert!(!w[1].ready || w[0].ready, "{:?}", sorted);
                }
            }
            log.push(acts);
        }
        panic!("did not converge");
    }

    #[test]
    fn ordered_ready_creates_one_pod_at_a_time_in_order() {
        let (log, end) = converge(input(3, true, vec![]), true);
        assert_eq!(log, vec![vec![Action::Create(0)], vec![Action::Create(1)], vec![Action::Create(2)]]);
        assert_eq!(end.pods.len(), 3);
    }

    #[test]
    fn ordered_ready_waits_for_the_previous_pod() {
        let p = plan(&input(3, true, vec![pod(0, false, "web-r1")]));
        assert!(p.actions.iter().all(|a| matches!(a, Action::EnsureClaims(_))));
        assert_eq!(p.waiting_on.as_deref(), Some("web-0 to be Running and Ready"));
    }

    #[test]
    fn parallel_creates_everything_at_once() {
        let p = plan(&input(3, false, vec![]));
        assert_eq!(p.actions, vec![Action::Create(0), Action::Create(1), Action::Create(2)]);
    }

    #[test]
    fn scale_down_removes_the_highest_ordinal_first_one_at_a_time() {
        let pods = (0..3).map(|o| pod(o, true, "web-r1")).collect();
        let (log, end) = converge(input(1, true, pods), true);
        assert_eq!(
            log,
            vec![vec![Action::Delete { name: "web-2".into(), why: Why::ScaleDown }], vec![Action::Delete { name: "web-1".into(), why: Why::ScaleDown }]]
        );
        assert_eq!(end.pods.len(), 1);
    }

    #[test]
    fn scale_down_waits_while_a_remaining_pod_is_unhealthy() {
        let p = plan(&input(1, true, vec![pod(0, true, "web-r1"), pod(1, true, "web-r1"), pod(2, false, "web-r1")]));
        // web-2 is the first unhealthy pod: it may go.
        assert_eq!(p.actions, vec![Action::Delete { name: "web-2".into(), why: Why::ScaleDown }]);
        let p = plan(&input(1, true, vec![pod(0, false, "web-r1"), pod(1, true, "web-r1")]));
        assert!(p.actions.iter().all(|a| matches!(a, Action::EnsureClaims(_))));
    }

    // TestStatefulSetControlReplacesPods / processReplica since v1.31: a
    // finished pod is deleted and the sync stops; the pod is created again
    // only once the old one has left the store.
    #[test]
    fn failed_pods_are_recreated() {
        let mut failed = pod(1, false, "web-r1");
        failed.phase = "Failed".into();
        let p = plan(&input(3, true, vec![pod(0, true, "web-r1"), failed.clone()]));
        assert_eq!(p.actions, vec![Action::Delete { name: "web-1".into(), why: Why::Finished }]);
        // Still terminating: OrderedReady waits, nothing is created.
        failed.terminating = true;
        let p = plan(&input(3, true, vec![pod(0, true, "web-r1"), failed]));
        assert_eq!((p.actions, p.waiting_on.as_deref()), (vec![], Some("web-1 to be removed so it can be recreated")));
        // Gone: the next sync creates it.
        let p = plan(&input(3, true, vec![pod(0, true, "web-r1")]));
        assert_eq!(p.actions, vec![Action::Create(1)]);
    }

    // PR #121389: Succeeded pods are replaced too, instead of OrderedReady
    // waiting for ever on a pod that will never be Ready again.
    #[test]
    fn succeeded_pods_are_recreated() {
        let mut done = pod(0, false, "web-r1");
        done.phase = "Succeeded".into();
        let p = plan(&input(2, true, vec![done.clone(), pod(1, true, "web-r1")]));
        assert_eq!(p.actions, vec![Action::Delete { name: "web-0".into(), why: Why::Finished }]);
        // Parallel deletes it and carries on with the other ordinals.
        let p = plan(&input(3, false, vec![done, pod(1, true, "web-r1")]));
        assert_eq!(p.actions, vec![Action::Delete { name: "web-0".into(), why: Why::Finished }, Action::Create(2)]);
    }

    // RollingUpdate "monotonic image update": highest ordinal first, one at a time.
    #[test]
    fn rolling_update_goes_from_the_highest_ordinal_down() {
        let pods = (0..3).map(|o| pod(o, true, "web-r0")).collect();
        let (log, end) = converge(input(3, true, pods), false);
        let deleted: Vec<String> = log.iter().flatten().filter_map(|a| if let Action::Delete { name, .. } = a { Some(name.clone()) } else { None }).collect();
        assert_eq!(deleted, ["web-2", "web-1", "web-0"]);
        assert!(end.pods.iter().all(|p| p.revision == "web-r1"));
    }

    // RollingUpdateWithPartition: partition 2 of 3 updates only web-2.
    #[test]
    fn partition_protects_lower_ordinals() {
        let pods = (0..3).map(|o| pod(o, true, "web-r0")).collect();
        let mut inp = input(3, true, pods);
        inp.partition = 2;
        let (_, end) = converge(inp, false);
        let revs: Vec<&str> = {
            let mut v: Vec<&PodState> = end.pods.iter().collect();
            kubeplay_model::sort::sort_by_key(&mut v, |p| p.ordinal);
            v.into_iter().map(|p| p.revision.as_str()).collect()
        };
        assert_eq!(revs, ["web-r0", "web-r0", "web-r1"]);
    }

    #[test]
    fn on_delete_never_deletes_for_updates() {
        let pods = (0..3).map(|o| pod(o, true, "web-r0")).collect();
        let mut inp = input(3, true, pods);
        inp.rolling = false;
        assert_eq!(plan(&inp), Plan::default());
    }

    // RollingUpdateWithMaxUnavailable (gate on): 6 pods, partition 3,
    // maxUnavailable 2 → the first sync deletes web-5 and web-4 together.
    #[test]
    fn max_unavailable_deletes_several_from_the_top() {
        let pods = (0..6).map(|o| pod(o, true, "web-r0")).collect();
        let mut inp = input(6, true, pods);
        inp.partition = 3;
        inp.max_unavailable = Some(2);
        let p = plan(&inp);
        assert_eq!(p.actions, vec![Action::Delete { name: "web-5".into(), why: Why::Update }, Action::Delete { name: "web-4".into(), why: Why::Update }]);
    }

    #[test]
    fn a_huge_replica_count_costs_one_batch() {
        let p = plan(&input(1_000_000_000, false, vec![]));
        assert_eq!(p.actions.len(), MAX_BATCH);
        let p = plan(&input(i32::MAX, true, vec![]));
        assert_eq!(p.actions, vec![Action::Create(0)]);
    }

    #[test]
    fn start_ordinal_shifts_names() {
        let mut inp = input(3, false, vec![]);
        inp.start = 2;
        assert_eq!(plan(&inp).actions, vec![Action::Create(2), Action::Create(3), Action::Create(4)]);
    }
}
