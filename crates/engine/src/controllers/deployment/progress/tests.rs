//! Upstream's `progress_test.go` tables: TestRequeueStuckDeployment and
//! TestSyncRolloutStatus.

use super::*;
use crate::controllers::deployment::fake::FakeApi;
use kubeplay_model::api::{DeploymentSpec, DeploymentStrategy, ReplicaSetSpec};
use kubeplay_model::ObjectMeta;

/// 2017-02-15T18:49:00Z.
const T: Time = Time::from_millis(1_487_184_540_000);

fn current(pds: Option<i32>, replicas: i32, status_replicas: i32, updated: i32, available: i32, conditions: Vec<Condition>) -> Deployment {
    Deployment {
        metadata: ObjectMeta { name: "progress-test".into(), ..Default::default() },
        spec: DeploymentSpec {
            progress_deadline_seconds: pds,
            replicas: Some(replicas),
            strategy: Some(DeploymentStrategy { type_: Some("Recreate".into()), rolling_update: None }),
            ..Default::default()
        },
        status: DeploymentStatus {
            replicas: Some(status_replicas),
            updated_replicas: Some(updated),
            available_replicas: Some(available),
            conditions,
            ..Default::default()
        },
    }
}

fn status(replicas: i32, updated: i32, available: i32) -> DeploymentStatus {
    DeploymentStatus { replicas: Some(replicas), updated_replicas: Some(updated), available_replicas: Some(available), ..Default::default() }
}

fn cond(status: &str, reason: &str, at: Option<Time>) -> Condition {
    Condition {
        type_: PROGRESSING.into(),
        status: status.into(),
        reason: Some(reason.into()),
        last_update_time: at,
        last_transition_time: at,
        ..Default::default()
    }
}

// TestRequeueStuckDeployment (deadline 60 s, last progress at T).
#[test]
fn requeue_stuck_table() {
    let pds = Some(60);
    let failed = vec![cond("False", TIMED_OUT, None)];
    let stuck = vec![cond("True", "", Some(T))];
    let cases = [
        ("nil progressDeadlineSeconds", current(None, 4, 3, 3, 2, vec![]), status(3, 3, 2), T, -1),
        ("infinite progressDeadlineSeconds", current(Some(i32::MAX), 4, 3, 3, 2, vec![]), status(3, 3, 2), T, -1),
        // Unset is no deadline even with a stuck Progressing condition.
        ("nil progressDeadlineSeconds, stuck", current(None, 3, 3, 3, 1, stuck.clone()), status(3, 3, 1), T.plus_secs(30), -1),
        ("no progressing condition", current(pds, 4, 3, 3, 2, vec![]), status(3, 3, 2), T, -1),
        ("complete deployment", current(pds, 3, 3, 3, 3, vec![]), status(3, 3, 3), T, -1),
        ("already failed", current(pds, 3, 3, 3, 0, failed), status(3, 3, 0), T, -1),
        ("stuck - 30s", current(pds, 3, 3, 3, 1, stuck.clone()), status(3, 3, 1), T.plus_secs(30), 30_000),
        ("stuck - 1s", current(pds, 3, 3, 3, 1, stuck.clone()), status(3, 3, 1), T.plus_secs(59), 1_000),
        ("less than a second => now", current(pds, 3, 3, 3, 1, stuck.clone()), status(3, 3, 1), T.plus_millis(59_001), 0),
        ("deadline now", current(pds, 3, 3, 3, 1, stuck.clone()), status(3, 3, 1), T.plus_secs(60), 0),
        ("1s after deadline", current(pds, 3, 3, 3, 1, stuck.clone()), status(3, 3, 1), T.plus_secs(61), 0),
        ("60s after deadline", current(pds, 3, 3, 3, 1, stuck), status(3, 3, 1), T.plus_secs(120), 0),
    ];
    for (name, d, st, now, want) in cases {
        assert_eq!(requeue_stuck_after(&d, &st, now), want, "{name}");
    }
}

fn rs_with_available(name: &str, spec: i32, replicas: i32, available: i32) -> ReplicaSet {
    let mut r = ReplicaSet {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: ReplicaSetSpec { replicas: Some(spec), ..Default::default() },
        status: Default::default(),
    };
    r.status.replicas = replicas;
    r.status.available_replicas = Some(available);
    r
}

// TestSyncRolloutStatus: (status, reason) of Progressing after the sync, and
// whether its update/transition times stayed at T.
#[test]
fn sync_rollout_status_table() {
    let pds = Some(60);
    let timed_out = cond("False", TIMED_OUT, None);
    let available = cond("True", NEW_RS_AVAILABLE, Some(T));
    let updated = cond("True", RS_UPDATED, Some(T));
    type Case = (&'static str, Deployment, Vec<ReplicaSet>, Option<ReplicaSet>, Option<(&'static str, &'static str)>, bool, bool);
    let cases: Vec<Case> = vec![
        ("no deadline: the condition is removed", current(None, 3, 2, 2, 2, vec![updated.clone()]), vec![rs_with_available("bar", 0, 1, 1)], Some(rs_with_available("foo", 3, 2, 2)), None, false, false),
        ("one active ReplicaSet: no estimate", current(pds, 3, 3, 3, 3, vec![available.clone()]), vec![rs_with_available("bar", 3, 3, 3)], None, Some(("True", NEW_RS_AVAILABLE)), true, true),
        ("progressing keeps the transition time of Progressing=True", current(pds, 3, 2, 2, 2, vec![updated.clone()]), vec![rs_with_available("bar", 0, 1, 1)], Some(rs_with_available("foo", 3, 2, 2)), Some(("True", RS_UPDATED)), false, true),
        ("progressing after Progressing=False updates everything", current(pds, 3, 2, 2, 2, vec![timed_out.clone()]), vec![rs_with_available("bar", 0, 1, 1)], Some(rs_with_available("foo", 3, 2, 2)), Some(("True", RS_UPDATED)), false, false),
        ("progressing creates the condition", current(pds, 3, 2, 2, 2, vec![]), vec![rs_with_available("bar", 0, 1, 1)], Some(rs_with_available("foo", 3, 2, 2)), Some(("True", RS_UPDATED)), false, false),
        ("complete keeps the transition time of Progressing=True", current(pds, 3, 3, 3, 3, vec![updated.clone()]), vec![], Some(rs_with_available("foo", 3, 3, 3)), Some(("True", NEW_RS_AVAILABLE)), false, true),
        ("complete after Progressing=False updates everything", current(pds, 3, 3, 3, 3, vec![timed_out.clone()]), vec![], Some(rs_with_available("foo", 3, 3, 3)), Some(("True", NEW_RS_AVAILABLE)), false, false),
        ("complete creates the condition", current(pds, 3, 3, 3, 3, vec![]), vec![], Some(rs_with_available("foo", 3, 3, 3)), Some(("True", NEW_RS_AVAILABLE)), false, false),
        ("complete without a new ReplicaSet", current(pds, 0, 3, 3, 3, vec![updated.clone()]), vec![rs_with_available("foo", 0, 0, 0)], None, Some(("True", NEW_RS_AVAILABLE)), false, true),
        ("past the deadline: timed out", current(pds, 3, 2, 2, 2, vec![updated.clone()]), vec![], Some(rs_with_available("foo", 3, 2, 2)), Some(("False", TIMED_OUT)), false, false),
        ("already timed out stays as it was", current(pds, 3, 2, 2, 2, vec![cond("False", TIMED_OUT, Some(T))]), vec![], Some(rs_with_available("foo", 3, 2, 2)), Some(("False", TIMED_OUT)), true, true),
    ];
    for (name, mut d, olds, new, want, same_update, same_transition) in cases {
        let mut rss = olds;
        let old_idx: Vec<usize> = (0..rss.len()).collect();
        let new_idx = new.map(|n| {
            rss.push(n);
            rss.len() - 1
        });
        let mut api = FakeApi::at(T.plus_secs(3600));
        Dc::new(&mut api).sync_rollout_status(&mut d, &rss, new_idx, &old_idx).unwrap();
        let got = get_condition(&d.status, PROGRESSING);
        match want {
            None => assert!(got.is_none(), "{name}"),
            Some((st, reason)) => {
                let c = got.unwrap_or_else(|| panic!("{name}: no Progressing condition"));
                assert_eq!((c.status.as_str(), c.reason.as_deref()), (st, Some(reason)), "{name}");
                assert_eq!(c.last_update_time == Some(T), same_update, "{name}: lastUpdateTime");
                assert_eq!(c.last_transition_time == Some(T), same_transition, "{name}: lastTransitionTime");
            }
        }
    }
}

#[test]
fn messages_name_the_new_replica_set_or_the_deployment() {
    let pds = Some(60);
    let d = current(pds, 3, 2, 1, 1, vec![]);
    let foo = rs_with_available("foo", 3, 2, 2);
    let (s, p) = rollout_status(&[&foo], Some(&foo), &d, T);
    assert_eq!(p, Progress::Progressing);
    assert_eq!(get_condition(&s, PROGRESSING).and_then(|c| c.message.as_deref()), Some("ReplicaSet \"foo\" is progressing."));
    let d = current(pds, 3, 2, 2, 2, vec![cond("True", RS_UPDATED, Some(T))]);
    let (s, p) = rollout_status(&[&foo], Some(&foo), &d, T.plus_secs(61));
    assert_eq!(p, Progress::TimedOut);
    assert_eq!(get_condition(&s, PROGRESSING).and_then(|c| c.message.as_deref()), Some("ReplicaSet \"foo\" has timed out progressing."));
    let (s, _) = rollout_status(&[&rs_with_available("foo", 0, 0, 0)], None, &current(pds, 0, 0, 0, 0, vec![]), T);
    assert_eq!(get_condition(&s, PROGRESSING).and_then(|c| c.message.as_deref()), Some("Deployment \"progress-test\" has successfully progressed."));
}

#[test]
fn replica_failures_surface_on_the_deployment_new_first() {
    let failing = |name: &str, msg: &str| {
        let mut r = rs_with_available(name, 1, 0, 0);
        r.status.conditions.push(Condition {
            type_: REPLICA_FAILURE.into(),
            status: "True".into(),
            reason: Some("FailedCreate".into()),
            message: Some(msg.into()),
            last_transition_time: Some(T),
            ..Default::default()
        });
        r
    };
    let d = current(Some(60), 1, 0, 0, 0, vec![]);
    let (old, new) = (failing("old", "old trouble"), failing("new", "pods \"new-x\" is forbidden: exceeded quota"));
    let (s, _) = rollout_status(&[&old, &new], Some(&new), &d, T);
    let c = get_condition(&s, REPLICA_FAILURE).unwrap();
    assert_eq!((c.reason.as_deref(), c.message.as_deref(), c.last_update_time), (Some("FailedCreate"), Some("pods \"new-x\" is forbidden: exceeded quota"), Some(T)));
    let (s, _) = rollout_status(&[&old], None, &d, T);
    assert_eq!(get_condition(&s, REPLICA_FAILURE).and_then(|c| c.message.as_deref()), Some("old trouble"));
    let mut with = d.clone();
    with.status = s;
    let (s, _) = rollout_status(&[&rs_with_available("ok", 1, 0, 0)], None, &with, T);
    assert!(get_condition(&s, REPLICA_FAILURE).is_none(), "cleared when no ReplicaSet fails");
}

#[test]
fn an_unchanged_stuck_status_schedules_the_deadline_check() {
    let mut d = current(Some(60), 3, 3, 3, 1, vec![cond("True", RS_UPDATED, Some(T))]);
    let rss = vec![rs_with_available("foo", 3, 3, 1)];
    let mut api = FakeApi::at(T.plus_secs(20));
    // First pass writes the Available condition; the second changes nothing.
    Dc::new(&mut api).sync_rollout_status(&mut d, &rss, Some(0), &[]).unwrap();
    Dc::new(&mut api).sync_rollout_status(&mut d, &rss, Some(0), &[]).unwrap();
    // 40 s left, plus a second of slack.
    assert_eq!(api.requeues, vec![41_000]);
}
