//! A ReplicaSet's status (`replica_set_utils.go` calculateStatus and
//! `pkg/api/v1/pod` IsPodAvailable): counts of its active pods, and the
//! ReplicaFailure condition when creating or deleting pods failed.

use kubeplay_apiserver::PodGroup;
use kubeplay_model::api::{Pod, ReplicaSet, ReplicaSetStatus};
use kubeplay_model::{Condition, Time};
use std::collections::BTreeMap;

pub const REPLICA_FAILURE: &str = "ReplicaFailure";

pub fn ready_condition(pod: &Pod) -> Option<&Condition> {
    pod.status.conditions.iter().find(|c| c.type_ == "Ready")
}

/// Ready for longer than `min_ready_seconds` (`IsPodAvailable`). The
/// condition's time is read to the second, as the API serves it.
pub fn is_available(pod: &Pod, min_ready_seconds: i32, now: Time) -> bool {
    true_ready_condition(pod).is_some_and(|c| ready_long_enough(c, min_ready_seconds, now))
}

fn true_ready_condition(pod: &Pod) -> Option<&Condition> {
    ready_condition(pod).filter(|c| c.is_true())
}

fn ready_long_enough(ready: &Condition, min_ready_seconds: i32, now: Time) -> bool {
    if min_ready_seconds <= 0 {
        return true;
    }
    match ready.last_transition_time {
        Some(t) => {
            let t = t.millis() - t.millis().rem_euclid(1000);
            Time::from_millis(t).plus_secs(min_ready_seconds as i64) < now
        }
        None => false,
    }
}

/// Why managing replicas failed, for the ReplicaFailure condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailedOp {
    Create,
    Delete,
}

/// What a ReplicaSet's status counts of the active pods it owns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub replicas: usize,
    /// Pods carrying every label of the template.
    pub fully_labeled: usize,
    pub ready: usize,
    /// Ready for longer than `minReadySeconds`.
    pub available: usize,
}

fn fully_labeled(template: &BTreeMap<String, String>, labels: &BTreeMap<String, String>) -> bool {
    template.iter().all(|(k, v)| labels.get(k) == Some(v))
}

impl Counts {
    /// Counts by reading each pod.
    pub fn of_pods(rs: &ReplicaSet, pods: &[&Pod], now: Time) -> Counts {
        let template = &rs.spec.template.metadata.labels;
        let min_ready = rs.spec.min_ready_seconds.unwrap_or(0);
        // One pass, reading each pod's Ready condition once: with ten
        // thousand pods a pass costs its cache misses, not its arithmetic.
        let mut counts = Counts { replicas: pods.len(), ..Counts::default() };
        for p in pods {
            counts.fully_labeled += fully_labeled(template, &p.metadata.labels) as usize;
            if let Some(c) = true_ready_condition(p) {
                counts.ready += 1;
                counts.available += ready_long_enough(c, min_ready, now) as usize;
            }
        }
        counts
    }

    /// Counts from the store's groups of active pods by label set, without
    /// reading a pod. None when they cannot tell: availability needs each
    /// pod's Ready time once `minReadySeconds` is set.
    pub fn of_groups<'a>(rs: &ReplicaSet, groups: impl Iterator<Item = &'a PodGroup>) -> Option<Counts> {
        if rs.spec.min_ready_seconds.unwrap_or(0) > 0 {
            return None;
        }
        let template = &rs.spec.template.metadata.labels;
        let mut counts = Counts::default();
        for g in groups {
            counts.replicas += g.active;
            counts.fully_labeled += if fully_labeled(template, &g.labels) { g.active } else { 0 };
            counts.ready += g.ready;
        }
        counts.available = counts.ready;
        Some(counts)
    }
}

/// `calculateStatus`: the counts of the ReplicaSet's active pods; sets
/// ReplicaFailure when managing replicas failed (and none is set yet),
/// clears it when it succeeded.
pub fn calculate(rs: &ReplicaSet, counts: Counts, failure: Option<(FailedOp, String)>, now: Time) -> ReplicaSetStatus {
    let mut status = rs.status.clone();
    let has_failure = status.conditions.iter().any(|c| c.type_ == REPLICA_FAILURE);
    match failure {
        Some((op, message)) if !has_failure => {
            let reason = match op {
                FailedOp::Create => "FailedCreate",
                FailedOp::Delete => "FailedDelete",
            };
            status.conditions.push(Condition {
                type_: REPLICA_FAILURE.into(),
                status: "True".into(),
                last_transition_time: Some(Time::from_millis(now.millis() - now.millis().rem_euclid(1000))),
                reason: Some(reason.into()),
                message: Some(message.into()),
                ..Default::default()
            });
        }
        None if has_failure => status.conditions.retain(|c| c.type_ != REPLICA_FAILURE),
        _ => {}
    }
    // Zero counts are omitted, as the Go struct's `omitempty` omits them.
    let nz = |n: usize| (n != 0).then_some(n as i32);
    status.replicas = counts.replicas as i32;
    status.fully_labeled_replicas = nz(counts.fully_labeled);
    status.ready_replicas = nz(counts.ready);
    status.available_replicas = nz(counts.available);
    status
}

/// `updateReplicaSetStatus`'s steady-state test: nothing to write when the
/// counts and conditions are unchanged and this generation was observed.
pub fn needs_write(rs: &ReplicaSet, new: &ReplicaSetStatus) -> bool {
    let old = &rs.status;
    let n = |v: Option<i32>| v.unwrap_or(0);
    !(old.replicas == new.replicas
        && n(old.fully_labeled_replicas) == n(new.fully_labeled_replicas)
        && n(old.ready_replicas) == n(new.ready_replicas)
        && n(old.available_replicas) == n(new.available_replicas)
        && rs.metadata.generation == old.observed_generation.unwrap_or(0)
        && old.conditions == new.conditions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{PodSpec, PodStatus, PodTemplateSpec, ReplicaSetSpec};
    use kubeplay_model::ObjectMeta;
    use std::collections::BTreeMap;

    const NOW: Time = Time::from_millis(1_000_000);

    fn pod(labels: &[(&str, &str)], ready_since: Option<Time>) -> Pod {
        Pod {
            metadata: ObjectMeta { labels: labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), ..Default::default() },
            spec: PodSpec::default().into(),
            status: PodStatus {
                conditions: vec![Condition {
                    type_: "Ready".into(),
                    status: if ready_since.is_some() { "True" } else { "False" }.into(),
                    last_transition_time: ready_since,
                    ..Default::default()
                }],
                ..Default::default()
            }.into(),
        }
    }

    fn rs(min_ready: i32) -> ReplicaSet {
        ReplicaSet {
            metadata: ObjectMeta { generation: 2, ..Default::default() },
            spec: ReplicaSetSpec {
                replicas: Some(3),
                min_ready_seconds: Some(min_ready),
                selector: None,
                template: PodTemplateSpec {
                    metadata: ObjectMeta { labels: BTreeMap::from([("app".into(), "a".into()), ("tier".into(), "t".into())]).into(), ..Default::default() },
                    spec: PodSpec::default(),
                },
            },
            status: Default::default(),
        }
    }

    #[test]
    fn counts_fully_labeled_ready_and_available() {
        let full = [("app", "a"), ("tier", "t"), ("extra", "x")];
        let pods = [pod(&full, Some(Time::from_millis(0))), pod(&[("app", "a")], Some(NOW)), pod(&full, None)];
        let refs: Vec<&Pod> = pods.iter().collect();
        let s = calculate(&rs(10), Counts::of_pods(&rs(10), &refs, NOW), None, NOW);
        assert_eq!((s.replicas, s.fully_labeled_replicas, s.ready_replicas, s.available_replicas), (3, Some(2), Some(2), Some(1)));
    }

    #[test]
    fn counts_from_label_groups_equal_counts_from_pods_without_min_ready() {
        let full = [("app", "a"), ("tier", "t")];
        let pods = [pod(&full, Some(Time::from_millis(0))), pod(&full, None), pod(&full, Some(NOW)), pod(&[("app", "a")], Some(NOW)), pod(&[("app", "a")], None)];
        let refs: Vec<&Pod> = pods.iter().collect();
        let group = |labels: &[(&str, &str)], active, ready| PodGroup {
            namespace: "default".into(),
            labels: labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            active,
            ready,
        };
        let groups = [group(&full, 3, 2), group(&[("app", "a")], 2, 1)];
        let from_groups = Counts::of_groups(&rs(0), groups.iter()).expect("no minReadySeconds: the groups tell");
        assert_eq!(from_groups, Counts { replicas: 5, fully_labeled: 3, ready: 3, available: 3 });
        assert_eq!(from_groups, Counts::of_pods(&rs(0), &refs, NOW));
        // Availability needs each pod's Ready time.
        assert_eq!(Counts::of_groups(&rs(10), groups.iter()), None);
    }

    #[test]
    fn availability_needs_strictly_more_than_min_ready_seconds_on_whole_seconds() {
        // Ready at 10.9 s reads as 10 s; with minReadySeconds 5 it is
        // available only after 15 s, strictly.
        let p = pod(&[], Some(Time::from_millis(10_900)));
        assert!(!is_available(&p, 5, Time::from_millis(15_000)));
        assert!(is_available(&p, 5, Time::from_millis(15_001)));
        assert!(is_available(&p, 0, Time::from_millis(0)));
        assert!(!is_available(&pod(&[], None), 0, NOW));
    }

    #[test]
    fn replica_failure_is_set_once_and_cleared_on_success() {
        let mut r = rs(0);
        let s = calculate(&r, Counts::default(), Some((FailedOp::Create, "pods \"x\" is forbidden: exceeded quota".into())), NOW);
        let c = s.conditions.iter().find(|c| c.type_ == REPLICA_FAILURE).unwrap();
        assert_eq!((c.status.as_str(), c.reason.as_deref()), ("True", Some("FailedCreate")));
        r.status = s.clone();
        // A second failure keeps the first condition as it is.
        let again = calculate(&r, Counts::default(), Some((FailedOp::Delete, "other".into())), Time::from_millis(5_000_000));
        assert_eq!(again.conditions, s.conditions);
        let ok = calculate(&r, Counts::default(), None, NOW);
        assert!(ok.conditions.is_empty());
    }

    #[test]
    fn steady_state_needs_no_write_only_when_generation_was_observed() {
        let mut r = rs(0);
        let s = calculate(&r, Counts::default(), None, NOW);
        assert!(needs_write(&r, &s), "generation 2 not observed yet");
        r.status = s.clone();
        r.status.observed_generation = Some(2);
        let s = calculate(&r, Counts::default(), None, NOW);
        assert!(!needs_write(&r, &s));
    }
}
