//! The Job controller's arithmetic, free of the store (upstream
//! `job_controller.go` manageJob/pastBackoffLimitOnFailure and
//! `backoff_utils.go`): how many pods should run, when the Job is done or
//! has failed, and how long failed pods hold back replacements.

use kubeplay_model::api::{Job, Pod};
use kubeplay_model::meta::find_condition;
use kubeplay_model::Time;
use std::cmp::Ordering;

/// `DefaultJobPodFailureBackOff`.
pub const DEFAULT_BACKOFF_MS: i64 = 10_000;
/// `MaxJobPodFailureBackOff` (10 min since v1.27; older releases used 6 min).
pub const MAX_BACKOFF_MS: i64 = 600_000;
/// `MaxPodCreateDeletePerSync`.
pub const MAX_CREATE_DELETE_PER_SYNC: usize = 500;
/// The finalizer that keeps finished pods until the Job has counted them.
pub const TRACKING_FINALIZER: &str = "batch.kubernetes.io/job-tracking";
pub const INDEX_ANNOTATION: &str = "batch.kubernetes.io/job-completion-index";
pub const INDEX_FAILURE_COUNT: &str = "batch.kubernetes.io/job-index-failure-count";
pub const INDEX_IGNORED_FAILURE_COUNT: &str = "batch.kubernetes.io/job-index-ignored-failure-count";

/// The Job's spec with the API server's defaults filled in
/// (`SetDefaults_Job`), so the controller works on objects the defaulting
/// stage has not seen.
#[derive(Clone, Debug, PartialEq)]
pub struct Effective {
    pub parallelism: i32,
    pub completions: Option<i32>,
    pub backoff_limit: i32,
    pub indexed: bool,
    pub backoff_limit_per_index: Option<i32>,
    pub max_failed_indexes: Option<i32>,
    pub suspended: bool,
    pub active_deadline_seconds: Option<i64>,
    pub restart_policy: String,
    /// podReplacementPolicy Failed: replacements wait until terminating pods are gone.
    pub only_replace_failed: bool,
}

impl Effective {
    pub fn of(job: &Job) -> Effective {
        let s = &job.spec;
        let completions = match (s.completions, s.parallelism) {
            (None, None) => Some(1),
            (c, _) => c,
        };
        let per_index = s.backoff_limit_per_index;
        Effective {
            parallelism: s.parallelism.unwrap_or(1).max(0),
            completions,
            backoff_limit: s.backoff_limit.unwrap_or(if per_index.is_some() { i32::MAX } else { 6 }),
            indexed: s.completion_mode.as_deref() == Some("Indexed"),
            backoff_limit_per_index: per_index,
            max_failed_indexes: s.max_failed_indexes,
            suspended: s.suspend == Some(true),
            active_deadline_seconds: s.active_deadline_seconds,
            restart_policy: s.template.spec.restart_policy.as_deref().unwrap_or("Never").to_string(),
            only_replace_failed: s.pod_replacement_policy.as_deref() == Some("Failed") || s.pod_failure_policy.is_some(),
        }
    }
}

/// How many pods should be running (`manageJob`'s wantActive).
pub fn want_active(completions: Option<i32>, parallelism: i32, succeeded: i32, active: i32) -> i32 {
    match completions {
        // A work queue: keep what runs once anything succeeded.
        None => {
            if succeeded > 0 {
                active
            } else {
                parallelism
            }
        }
        Some(c) => (c - succeeded).clamp(0, parallelism.max(0)),
    }
}

/// Whether the Job has all its successes and nothing left running.
pub fn is_complete(completions: Option<i32>, succeeded: i32, active: i32) -> bool {
    match completions {
        None => succeeded > 0 && active == 0,
        Some(c) => succeeded >= c && active == 0,
    }
}

/// restartPolicy OnFailure: container restarts count against backoffLimit
/// (`pastBackoffLimitOnFailure`). Only Pending and Running pods count.
pub fn past_backoff_limit_on_failure(restart_policy: &str, backoff_limit: i32, pods: &[&Pod]) -> bool {
    if restart_policy != "OnFailure" {
        return false;
    }
    let restarts: i64 = pods
        .iter()
        .filter(|p| matches!(p.phase(), "Running" | "Pending"))
        .flat_map(|p| p.status.init_container_statuses.iter().chain(p.status.container_statuses.iter()))
        .map(|c| c.restart_count as i64)
        .sum();
    if backoff_limit == 0 {
        restarts > 0
    } else {
        restarts >= backoff_limit as i64
    }
}

/// `pastActiveDeadline`: active at least activeDeadlineSeconds (never while suspended).
pub fn past_active_deadline(deadline_s: Option<i64>, start: Option<Time>, now: Time, suspended: bool) -> bool {
    match (deadline_s, start) {
        (Some(d), Some(s)) if !suspended => now.millis() - s.millis() >= d.saturating_mul(1000),
        _ => false,
    }
}

/// When a pod finished (`getFinishedTime`): the last container finish if
/// all finished (sidecars, restartable init containers, included: they
/// stop after the others), else when Ready turned False, else when it was
/// deleted, else its creation.
pub fn finish_time(p: &Pod) -> Time {
    let sidecar = |name: &str| p.spec.init_containers.iter().any(|c| c.name == name && c.restart_policy.as_deref() == Some("Always"));
    let sidecars = p.status.init_container_statuses.iter().filter(|c| sidecar(&c.name));
    let from_containers = p.status.container_statuses.iter().chain(sidecars).try_fold(None::<Time>, |acc, c| {
        let t = c.state.terminated.as_ref()?.finished_at?;
        Some(Some(acc.map_or(t, |a| a.max(t))))
    });
    if let Some(Some(t)) = from_containers {
        return t;
    }
    if let Some(t) = find_condition(&p.status.conditions, "Ready").filter(|c| c.status == "False").and_then(|c| c.last_transition_time) {
        return t;
    }
    if let Some(d) = p.metadata.deletion_timestamp {
        return d.plus_secs(p.metadata.deletion_grace_period_seconds.unwrap_or(0).saturating_neg());
    }
    p.metadata.creation_timestamp.unwrap_or_default()
}

/// Failures since the latest success, and when the last one happened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BackoffRecord {
    pub failures_after_last_success: i32,
    pub last_failure: Option<Time>,
}

/// The back-off record from every finished pod's (finish time, succeeded).
/// Upstream keeps it in memory from newly finished pods; finished pods
/// stay in the store, so it can be rebuilt from them.
pub fn backoff_record(finished: &[(Time, bool)]) -> BackoffRecord {
    let last_success = finished.iter().filter(|(_, ok)| *ok).map(|(t, _)| *t).max();
    let failures: Vec<Time> = finished.iter().filter(|(t, ok)| !*ok && last_success.is_none_or(|s| *t > s)).map(|(t, _)| *t).collect();
    BackoffRecord { failures_after_last_success: failures.len() as i32, last_failure: failures.iter().max().copied() }
}

/// The back-off after `failures` consecutive failures: `default`, doubled
/// per further failure, capped at `max`.
pub fn backoff_delay_ms(failures: i32, default_ms: i64, max_ms: i64) -> i64 {
    if failures <= 0 {
        return 0;
    }
    let mut d = default_ms;
    for _ in 1..failures {
        d = d.saturating_mul(2);
        if d >= max_ms {
            return max_ms;
        }
    }
    d
}

/// How long until a replacement may be created (`getRemainingTimeForFailuresCount`).
pub fn remaining_backoff_ms(failures: i32, last_failure: Option<Time>, now: Time, default_ms: i64, max_ms: i64) -> i64 {
    let Some(last) = last_failure else { return 0 };
    let d = backoff_delay_ms(failures, default_ms, max_ms);
    let elapsed = now.millis() - last.millis();
    if d < elapsed {
        0
    } else {
        d - elapsed
    }
}

/// `controller.ActivePods` order: the pod to delete first sorts first —
/// unscheduled, then pending before unknown before running, not ready
/// before ready, ready for less time, more restarts, newer.
pub fn active_pods_order(a: &Pod, b: &Pod) -> Ordering {
    let phase_rank = |p: &Pod| match p.phase() {
        "Pending" | "" => 0,
        "Unknown" => 1,
        _ => 2,
    };
    let ready_since = |p: &Pod| find_condition(&p.status.conditions, "Ready").filter(|c| c.is_true()).and_then(|c| c.last_transition_time);
    let restarts = |p: &Pod| p.status.container_statuses.iter().map(|c| c.restart_count).max().unwrap_or(0);
    a.node_name()
        .is_some()
        .cmp(&b.node_name().is_some())
        .then(phase_rank(a).cmp(&phase_rank(b)))
        .then(a.is_ready().cmp(&b.is_ready()))
        .then_with(|| match (ready_since(a), ready_since(b)) {
            (Some(x), Some(y)) => y.cmp(&x),
            _ => Ordering::Equal,
        })
        .then(restarts(b).cmp(&restarts(a)))
        .then(b.metadata.creation_timestamp.cmp(&a.metadata.creation_timestamp))
        .then(a.metadata.name.cmp(&b.metadata.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{ContainerState, ContainerStateTerminated, ContainerStatus};

    const T0: Time = Time::from_millis(1_000_000_000);

    // TestGetRemainingBackoffTime (backoff_utils_test.go): default 5 s, max 700 s.
    #[test]
    fn remaining_backoff_vectors() {
        let cases = [(0, 0, 0), (1, 0, 5_000), (1, 1_000, 4_000), (1, 5_000, 0), (1, 6_000, 0), (3, 0, 20_000), (8, 0, 640_000), (9, 0, 700_000)];
        for (failures, elapsed, want) in cases {
            let last = if failures == 0 { None } else { Some(T0) };
            let got = remaining_backoff_ms(failures, last, T0.plus_millis(elapsed), 5_000, 700_000);
            assert_eq!(got, want, "failures {failures} elapsed {elapsed}");
        }
    }

    #[test]
    fn real_defaults_double_from_ten_seconds_to_ten_minutes() {
        let got: Vec<i64> = (1..=8).map(|n| backoff_delay_ms(n, DEFAULT_BACKOFF_MS, MAX_BACKOFF_MS) / 1000).collect();
        assert_eq!(got, vec![10, 20, 40, 80, 160, 320, 600, 600]);
    }

    // newBackoffRecord: a success resets the count to the failures after it.
    #[test]
    fn backoff_record_counts_failures_after_the_last_success() {
        let t = |s: i64| T0.plus_secs(s);
        assert_eq!(backoff_record(&[]), BackoffRecord::default());
        assert_eq!(backoff_record(&[(t(1), false), (t(2), false)]), BackoffRecord { failures_after_last_success: 2, last_failure: Some(t(2)) });
        assert_eq!(backoff_record(&[(t(1), false), (t(3), true)]), BackoffRecord { failures_after_last_success: 0, last_failure: None });
        assert_eq!(backoff_record(&[(t(1), false), (t(3), true), (t(5), false)]), BackoffRecord { failures_after_last_success: 1, last_failure: Some(t(5)) });
    }

    // Rows of TestControllerSyncJob (job_cronjob.md §A4): (parallelism,
    // completions, succeeded, active) → pods wanted.
    #[test]
    fn want_active_vectors() {
        let cases = [
            (2, Some(5), 0, 0, 2),  // job start
            (2, None, 0, 0, 2),     // WQ job start
            (2, Some(5), 1, 1, 2),  // too few active pods
            (2, None, 0, 1, 2),     // too few active, dynamic (WQ)
            (2, Some(5), 0, 3, 2),  // too many active pods
            (2, None, 1, 1, 1),     // WQ job finishing: no new pods
            (2, Some(5), 0, 10, 2), // more active than parallelism
            (3, Some(4), 2, 3, 2),  // more active than remaining completions
            (2, Some(5), 5, 0, 0),  // job finish
        ];
        for (par, comp, succ, active, want) in cases {
            assert_eq!(want_active(comp, par, succ, active), want, "par {par} comp {comp:?} succ {succ} active {active}");
        }
    }

    #[test]
    fn completion_vectors() {
        assert!(is_complete(Some(5), 5, 0)); // job finish
        assert!(!is_complete(Some(5), 4, 0));
        assert!(!is_complete(None, 1, 1)); // WQ job finishing
        assert!(is_complete(None, 2, 0)); // WQ all finished
        assert!(is_complete(None, 1, 0)); // WQ all finished despite one failure
    }

    fn pod(phase: &str, restarts: &[i32]) -> Pod {
        let mut p = Pod::default();
        p.status.phase = Some(phase.into());
        p.status.container_statuses = restarts.iter().map(|r| ContainerStatus { restart_count: *r, ..Default::default() }).collect();
        p
    }

    // TestJobBackoffForOnFailure (job_cronjob.md §A6).
    #[test]
    fn on_failure_backoff_vectors() {
        let cases: [(i32, &[i32], &str, usize, bool); 9] = [
            (0, &[0], "Running", 1, false),
            (1, &[0], "Running", 1, false),
            (1, &[1], "Running", 1, true),
            (1, &[1], "Pending", 1, true),
            (2, &[2], "Running", 1, true),
            (2, &[2], "Pending", 1, true),
            (2, &[1], "Running", 2, true),
            (2, &[1], "Pending", 2, true),
            (3, &[1], "Running", 2, false),
        ];
        for (limit, restarts, phase, n, want) in cases {
            let pods: Vec<Pod> = (0..n).map(|_| pod(phase, restarts)).collect();
            let refs: Vec<&Pod> = pods.iter().collect();
            assert_eq!(past_backoff_limit_on_failure("OnFailure", limit, &refs), want, "limit {limit} restarts {restarts:?} x{n} {phase}");
        }
        let p = pod("Running", &[5]);
        assert!(!past_backoff_limit_on_failure("Never", 1, &[&p]));
    }

    // TestSyncJobPastDeadline (§A5): ">=" and never while suspended.
    #[test]
    fn active_deadline() {
        assert!(past_active_deadline(Some(10), Some(T0), T0.plus_secs(15), false));
        assert!(past_active_deadline(Some(10), Some(T0), T0.plus_secs(10), false));
        assert!(!past_active_deadline(Some(10), Some(T0), T0.plus_secs(9), false));
        assert!(!past_active_deadline(Some(10), Some(T0), T0.plus_secs(15), true));
        assert!(!past_active_deadline(None, Some(T0), T0.plus_secs(15), false));
    }

    #[test]
    fn defaults_as_the_api_server_sets_them() {
        let mut j = Job::default();
        let e = Effective::of(&j);
        assert_eq!((e.parallelism, e.completions, e.backoff_limit, e.indexed), (1, Some(1), 6, false));
        j.spec.parallelism = Some(3);
        assert_eq!(Effective::of(&j).completions, None, "parallelism alone makes a work-queue Job");
        j.spec.backoff_limit_per_index = Some(1);
        assert_eq!(Effective::of(&j).backoff_limit, i32::MAX);
    }

    #[test]
    fn finish_time_prefers_container_finish() {
        let mut p = Pod::default();
        p.metadata.creation_timestamp = Some(T0);
        assert_eq!(finish_time(&p), T0);
        p.metadata.deletion_timestamp = Some(T0.plus_secs(40));
        p.metadata.deletion_grace_period_seconds = Some(30);
        assert_eq!(finish_time(&p), T0.plus_secs(10));
        p.status.container_statuses = vec![
            ContainerStatus { state: ContainerState { terminated: Some(Box::new(ContainerStateTerminated { finished_at: Some(T0.plus_secs(3)), ..Default::default() })), ..Default::default() }, ..Default::default() },
            ContainerStatus { state: ContainerState { terminated: Some(Box::new(ContainerStateTerminated { finished_at: Some(T0.plus_secs(5)), ..Default::default() })), ..Default::default() }, ..Default::default() },
        ];
        assert_eq!(finish_time(&p), T0.plus_secs(5));
    }

    // TestGetFinishedTime's fallbacks: a container terminated without a
    // finish time makes the containers' answer unknown; then a Ready=False
    // condition's transition counts, and failing that the creation time.
    #[test]
    fn finish_time_fallbacks() {
        let mut p = Pod::default();
        p.metadata.creation_timestamp = Some(T0);
        p.status.container_statuses = vec![ContainerStatus { state: ContainerState { terminated: Some(Box::new(ContainerStateTerminated::default())), ..Default::default() }, ..Default::default() }];
        assert_eq!(finish_time(&p), T0, "fallback to creationTimestamp");
        p.status.conditions = vec![kubeplay_model::Condition { type_: "Ready".into(), status: "False".into(), last_transition_time: Some(T0.plus_secs(7)), ..Default::default() }];
        assert_eq!(finish_time(&p), T0.plus_secs(7), "Ready=False condition");
    }
}
