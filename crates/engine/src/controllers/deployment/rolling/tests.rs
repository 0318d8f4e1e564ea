//! Upstream's `rolling_test.go` tables, on the fake API.

use super::*;
use crate::controllers::deployment::fake::{deployment, rs, FakeApi};
use kubeplay_model::{IntOrString, Time};

const NO_TIME: Time = Time::from_millis(0);

fn d(replicas: i32, surge: i32, unavailable: i32) -> Deployment {
    deployment("foo", replicas, None, Some(IntOrString::Int(surge)), Some(IntOrString::Int(unavailable)), &[])
}

// TestDeploymentController_reconcileNewReplicaSet (maxUnavailable 0).
#[test]
fn reconcile_new_replica_set_table() {
    let cases = [
        ("should not scale up", 10, 0, 10, 0, None),
        ("surge 2 above 10 old", 10, 2, 10, 0, Some(2)),
        ("surge 2 above 5 old", 10, 2, 5, 0, Some(7)),
        ("already at the surge", 10, 2, 10, 2, None),
        ("should scale down", 10, 2, 2, 11, Some(10)),
    ];
    for (name, replicas, surge, old, new, want) in cases {
        let mut rss = vec![rs("foo-v2", new, &[], NO_TIME), rs("foo-v1", old, &[], NO_TIME)];
        let mut api = FakeApi::at(NO_TIME);
        let scaled = Dc::new(&mut api).reconcile_new_replica_set(&d(replicas, surge, 0), &mut rss, &[1, 0], 0).unwrap();
        assert_eq!(scaled, want.is_some(), "{name}");
        let updates: Vec<i32> = api.rs_updates().iter().map(|r| rs_replicas(r)).collect();
        assert_eq!(updates, want.into_iter().collect::<Vec<_>>(), "{name}");
    }
}

// TestDeploymentController_reconcileOldReplicaSets (10 replicas, surge 0).
#[test]
fn reconcile_old_replica_sets_table() {
    let cases = [
        ("unavailable 0 resolves to 1", 0, 10, 0, 10, 0, Some(9)),
        ("two may go", 2, 10, 0, 10, 0, Some(8)),
        ("unhealthy old replicas are cleaned up", 2, 10, 0, 8, 0, Some(8)),
        ("one unhealthy cleaned, one ready scaled down", 2, 10, 0, 9, 0, Some(8)),
        ("unavailable new pods use up the budget", 2, 8, 2, 8, 0, None),
    ];
    for (name, unavailable, old, new, ready_old, ready_new, want) in cases {
        let mut old_rs = rs("foo-old", old, &[("foo", "old")], NO_TIME);
        old_rs.status.available_replicas = Some(ready_old);
        let mut new_rs = rs("foo-new", new, &[("foo", "new")], NO_TIME);
        new_rs.status.available_replicas = Some(ready_new);
        let mut rss = vec![old_rs, new_rs];
        let mut api = FakeApi::at(NO_TIME);
        let scaled = Dc::new(&mut api).reconcile_old_replica_sets(&d(10, 0, unavailable), &mut rss, &[0, 1], &[0], 1).unwrap();
        assert_eq!(scaled, want.is_some(), "{name}");
        if let Some(w) = want {
            assert_eq!(rs_replicas(&rss[0]), w, "{name}");
        }
    }
}

// reconcileOldReplicaSets returns (false, nil) when a scale-down fails, so
// rolloutRolling carries on to cleanup and status instead of failing the sync.
#[test]
fn a_failed_scale_down_of_old_replica_sets_is_not_a_sync_error() {
    for ready_old in [10, 8] {
        let mut old_rs = rs("foo-old", 10, &[("foo", "old")], NO_TIME);
        old_rs.status.available_replicas = Some(ready_old);
        let mut rss = vec![old_rs, rs("foo-new", 0, &[("foo", "new")], NO_TIME)];
        let mut api = FakeApi::at(NO_TIME);
        api.fail_updates.insert("foo-old".into());
        let mut dc = Dc::new(&mut api);
        assert!(!dc.reconcile_old_replica_sets(&d(10, 0, 2), &mut rss, &[0, 1], &[0], 1).unwrap(), "ready {ready_old}");
        assert!(dc.did.iter().any(|s| s.contains("scaling down an old ReplicaSet failed")), "{:?}", dc.did);
        assert_eq!(rs_replicas(&rss[0]), 10);
    }
}

// TestDeploymentController_cleanupUnhealthyReplicas (10 old replicas).
#[test]
fn cleanup_unhealthy_replicas_table() {
    for (ready, max_cleanup, want) in [(8, 1, 1), (8, 3, 2), (8, 0, 0), (10, 3, 0)] {
        let mut old = rs("foo-v2", 10, &[], NO_TIME);
        old.status.available_replicas = Some(ready);
        let mut rss = vec![old];
        let mut api = FakeApi::at(NO_TIME);
        let cleaned = Dc::new(&mut api).cleanup_unhealthy_replicas(&d(10, 2, 2), &mut rss, &[0], max_cleanup).unwrap();
        assert_eq!(cleaned, want, "ready {ready}, max {max_cleanup}");
        assert_eq!(rs_replicas(&rss[0]), 10 - want);
    }
}

// TestDeploymentController_scaleDownOldReplicaSetsForRollingUpdate (10 replicas, surge 0).
#[test]
fn scale_down_old_for_rolling_update_table() {
    let cases = [(0, 10, 10, Some(9)), (2, 10, 10, Some(8)), (2, 8, 10, None), (2, 10, 0, None), (2, 1, 10, None)];
    for (unavailable, ready, old, want) in cases {
        let mut r = rs("foo-v2", old, &[("foo", "bar")], NO_TIME);
        r.status.available_replicas = Some(ready);
        let mut rss = vec![r];
        let mut api = FakeApi::at(NO_TIME);
        let scaled = Dc::new(&mut api).scale_down_old_for_rolling_update(&d(10, 0, unavailable), &mut rss, &[0], &[0]).unwrap();
        assert_eq!(scaled > 0, want.is_some(), "unavailable {unavailable}, ready {ready}, old {old}");
        let updates: Vec<i32> = api.rs_updates().iter().map(|r| rs_replicas(r)).collect();
        assert_eq!(updates, want.into_iter().collect::<Vec<_>>());
    }
}

#[test]
fn old_replica_sets_shrink_oldest_first() {
    let t = Time::from_millis(100_000_000);
    let mut newer = rs("foo-b", 2, &[], t.plus_secs(60));
    newer.status.available_replicas = Some(2);
    let mut older = rs("foo-a", 2, &[], t);
    older.status.available_replicas = Some(2);
    let new_rs = rs("foo-c", 0, &[], t.plus_secs(120));
    let mut rss = vec![newer, older, new_rs];
    let mut api = FakeApi::at(t);
    // 3 replicas, maxUnavailable 1: 4 available, 2 may go — both from the older.
    let scaled = Dc::new(&mut api).scale_down_old_for_rolling_update(&d(3, 1, 1), &mut rss, &[0, 1, 2], &[0, 1]).unwrap();
    assert_eq!(scaled, 2);
    assert_eq!((rs_replicas(&rss[0]), rs_replicas(&rss[1])), (2, 0));
    assert_eq!(api.event_messages(), vec!["Scaled down replica set foo-a from 2 to 0"]);
}
