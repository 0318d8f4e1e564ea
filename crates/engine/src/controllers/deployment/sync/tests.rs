//! Upstream's `sync_test.go` tables (TestScale, cleanupDeployment) and the
//! new-ReplicaSet bookkeeping of `getNewReplicaSet`, on the fake API.

use super::*;
use crate::controllers::deployment::fake::{deployment, rs, Action, FakeApi};
use kubeplay_model::{IntOrString, LabelSelector, Time};
use std::collections::BTreeMap;

const NEW: Time = Time::from_millis(1_463_709_600_000); // 2016-05-20T02:00:00Z
const OLD: Time = Time::from_millis(1_463_706_000_000); // 2016-05-20T01:00:00Z
const OLDER: Time = Time::from_millis(1_463_702_400_000); // 2016-05-20T00:00:00Z

fn foo(replicas: i32) -> Deployment {
    deployment("foo", replicas, None, None, None, &[])
}

fn foo_surge(replicas: i32, surge: i32) -> Deployment {
    deployment("foo", replicas, None, Some(IntOrString::Int(surge)), None, &[])
}

struct ScaleCase {
    name: &'static str,
    d: Deployment,
    old_d: Deployment,
    new_rs: Option<ReplicaSet>,
    olds: Vec<ReplicaSet>,
    want_new: Option<i32>,
    want_old: Vec<i32>,
    /// Names whose update fails (upstream's "wasntUpdated").
    fail: Vec<&'static str>,
    /// Desired-replicas annotations that differ from the old Deployment's.
    desired: Vec<(&'static str, i32)>,
}

fn case(name: &'static str, d: Deployment, old_d: Deployment, new_rs: Option<ReplicaSet>, olds: Vec<ReplicaSet>, want_new: Option<i32>, want_old: Vec<i32>) -> ScaleCase {
    ScaleCase { name, d, old_d, new_rs, olds, want_new, want_old, fail: vec![], desired: vec![] }
}

fn scale_cases() -> Vec<ScaleCase> {
    let mut updated_template = foo(14);
    updated_template.spec.template.metadata.labels.insert("another".into(), "label".into());
    let mut broken = rs("foo-v2", 2, &[], NEW);
    broken.status.available_replicas = Some(0);
    let mut failed = case(
        "failed rs update",
        foo(5),
        foo(5),
        Some(rs("foo-v3", 2, &[], NEW)),
        vec![rs("foo-v2", 1, &[], OLD), rs("foo-v1", 1, &[], OLDER)],
        Some(2),
        vec![2, 1],
    );
    failed.fail = vec!["foo-v3", "foo-v1"];
    failed.desired = vec![("foo-v2", 3)];
    vec![
        case("normal scaling event: 10 -> 12", foo(12), foo(10), Some(rs("foo-v1", 10, &[], NEW)), vec![], Some(12), vec![]),
        case("normal scaling event: 10 -> 5", foo(5), foo(10), Some(rs("foo-v1", 10, &[], NEW)), vec![], Some(5), vec![]),
        case("proportional scaling: 5 -> 10", foo(10), foo(5), Some(rs("foo-v2", 2, &[], NEW)), vec![rs("foo-v1", 3, &[], OLD)], Some(4), vec![6]),
        case("proportional scaling: 5 -> 3", foo(3), foo(5), Some(rs("foo-v2", 2, &[], NEW)), vec![rs("foo-v1", 3, &[], OLD)], Some(1), vec![2]),
        case("proportional scaling: 9 -> 4", foo(4), foo(9), Some(rs("foo-v2", 8, &[], NEW)), vec![rs("foo-v1", 1, &[], OLD)], Some(4), vec![0]),
        case(
            "proportional scaling: 7 -> 10",
            foo(10),
            foo(7),
            Some(rs("foo-v3", 2, &[], NEW)),
            vec![rs("foo-v2", 3, &[], OLD), rs("foo-v1", 2, &[], OLDER)],
            Some(3),
            vec![4, 3],
        ),
        case(
            "proportional scaling: 13 -> 8",
            foo(8),
            foo(13),
            Some(rs("foo-v3", 2, &[], NEW)),
            vec![rs("foo-v2", 8, &[], OLD), rs("foo-v1", 3, &[], OLDER)],
            Some(1),
            vec![5, 2],
        ),
        // Scales up the new replica set.
        case(
            "leftover distribution: 3 -> 4",
            foo(4),
            foo(3),
            Some(rs("foo-v3", 1, &[], NEW)),
            vec![rs("foo-v2", 1, &[], OLD), rs("foo-v1", 1, &[], OLDER)],
            Some(2),
            vec![1, 1],
        ),
        // Scales down the older replica set.
        case(
            "leftover distribution: 3 -> 2",
            foo(2),
            foo(3),
            Some(rs("foo-v3", 1, &[], NEW)),
            vec![rs("foo-v2", 1, &[], OLD), rs("foo-v1", 1, &[], OLDER)],
            Some(1),
            vec![1, 0],
        ),
        // Scales up the latest replica set first.
        case("proportional scaling (no new rs): 4 -> 5", foo(5), foo(4), None, vec![rs("foo-v2", 2, &[], OLD), rs("foo-v1", 2, &[], OLDER)], None, vec![3, 2]),
        case(
            "proportional scaling: 6 -> 0",
            foo(0),
            foo(6),
            Some(rs("foo-v3", 3, &[], NEW)),
            vec![rs("foo-v2", 2, &[], OLD), rs("foo-v1", 1, &[], OLDER)],
            Some(0),
            vec![0, 0],
        ),
        case(
            "proportional scaling: 0 -> 6",
            foo(6),
            foo(6),
            Some(rs("foo-v3", 0, &[], NEW)),
            vec![rs("foo-v2", 0, &[], OLD), rs("foo-v1", 0, &[], OLDER)],
            Some(6),
            vec![0, 0],
        ),
        failed,
        case("deployment with surge pods", foo_surge(20, 2), foo_surge(10, 2), Some(rs("foo-v2", 6, &[], NEW)), vec![rs("foo-v1", 6, &[], OLD)], Some(11), vec![11]),
        case("change both surge and size", foo_surge(50, 6), foo_surge(10, 3), Some(rs("foo-v2", 5, &[], NEW)), vec![rs("foo-v1", 8, &[], OLD)], Some(22), vec![34]),
        case(
            "change both size and template",
            updated_template,
            foo(10),
            None,
            vec![rs("foo-v2", 7, &[], NEW), rs("foo-v1", 3, &[], OLD)],
            None,
            vec![10, 4],
        ),
        case(
            "saturated but broken new replica set does not affect old pods",
            deployment("foo", 2, None, Some(IntOrString::Int(1)), Some(IntOrString::Int(1)), &[]),
            deployment("foo", 2, None, Some(IntOrString::Int(1)), Some(IntOrString::Int(1)), &[]),
            Some(broken),
            vec![rs("foo-v1", 1, &[], OLD)],
            Some(2),
            vec![1],
        ),
    ]
}

// TestScale.
#[test]
fn scale_table() {
    for c in scale_cases() {
        let mut rss: Vec<ReplicaSet> = Vec::new();
        for mut r in c.new_rs.clone().into_iter().chain(c.olds.clone()) {
            let desired = c.desired.iter().find(|(n, _)| *n == r.metadata.name).map(|(_, v)| *v).unwrap_or(replicas(&c.old_d));
            set_replicas_annotations(&mut r, desired, desired + max_surge(&c.old_d));
            rss.push(r);
        }
        let new = c.new_rs.as_ref().map(|_| 0);
        let olds: Vec<usize> = (new.map_or(0, |_| 1)..rss.len()).collect();
        let mut api = FakeApi::at(NEW);
        api.fail_updates = c.fail.iter().map(|s| s.to_string()).collect();
        let mut dc = Dc::new(&mut api);
        let result = dc.scale(&c.d, &mut rss, new, &olds);
        if c.fail.is_empty() {
            assert!(result.is_ok(), "{}: {result:?}", c.name);
        }
        let sizes = api.sizes();
        let size_of = |r: &ReplicaSet| sizes.get(&r.metadata.name).copied().unwrap_or(rs_replicas(r));
        if let (Some(want), Some(n)) = (c.want_new, &c.new_rs) {
            assert_eq!(size_of(n), want, "{}: new", c.name);
        }
        let got: Vec<i32> = c.olds.iter().map(size_of).collect();
        assert_eq!(got, c.want_old, "{}: old", c.name);
    }
}

#[test]
fn scaling_events_read_like_the_real_ones() {
    let mut rss = vec![rs("foo-v2", 2, &[], NEW), rs("foo-v1", 3, &[], OLD)];
    for r in &mut rss {
        set_replicas_annotations(r, 5, 5);
    }
    let mut api = FakeApi::at(NEW);
    Dc::new(&mut api).scale(&foo(10), &mut rss, Some(0), &[1]).unwrap();
    assert_eq!(api.event_messages(), vec!["Scaled up replica set foo-v1 from 3 to 6", "Scaled up replica set foo-v2 from 2 to 4"]);
    // Every active ReplicaSet now records the new desired and max replicas.
    for r in &rss {
        assert_eq!((annotation_i32(r, DESIRED_REPLICAS), annotation_i32(r, MAX_REPLICAS)), (Some(10), Some(10)));
    }
}

fn rs_with_status(name: &str, spec: i32, status: i32, revision: i64) -> ReplicaSet {
    let mut r = rs(name, spec, &[("foo", "bar")], OLD.plus_secs(revision));
    r.status.replicas = status;
    r.metadata.annotations.insert(REVISION.into(), revision.to_string());
    r
}

// TestDeploymentController_cleanupDeployment.
#[test]
fn cleanup_deployment_table() {
    let mut deleting = rs_with_status("foo-1", 0, 0, 1);
    deleting.metadata.deletion_timestamp = Some(NEW);
    let cases: Vec<(Vec<ReplicaSet>, i32, Vec<&str>)> = vec![
        (vec![rs_with_status("foo-1", 0, 0, 1), rs_with_status("foo-2", 0, 0, 2), rs_with_status("foo-3", 0, 0, 3)], 1, vec!["foo-1", "foo-2"]),
        // Only a ReplicaSet with no pods wanted or present goes.
        (
            vec![rs_with_status("foo-1", 0, 0, 1), rs_with_status("foo-2", 0, 1, 2), rs_with_status("foo-3", 1, 0, 3), rs_with_status("foo-4", 1, 1, 4)],
            0,
            vec!["foo-1"],
        ),
        (vec![rs_with_status("foo-1", 0, 0, 1), rs_with_status("foo-2", 0, 0, 2)], 0, vec!["foo-1", "foo-2"]),
        (vec![rs_with_status("foo-1", 1, 1, 1), rs_with_status("foo-2", 1, 1, 2)], 0, vec![]),
        (vec![deleting], 0, vec![]),
        (vec![rs_with_status("foo-1", 0, 0, 1), rs_with_status("foo-2", 0, 0, 2), rs_with_status("foo-3", 0, 0, 3)], i32::MAX, vec![]),
    ];
    for (n, (olds, limit, want)) in cases.into_iter().enumerate() {
        let d = deployment("foo", 1, Some(limit), None, None, &[("foo", "bar")]);
        let idx: Vec<usize> = (0..olds.len()).collect();
        let mut api = FakeApi::at(NEW);
        Dc::new(&mut api).cleanup_deployment(&d, &olds, &idx).unwrap();
        let deleted: Vec<String> = api.actions.iter().filter_map(|a| if let Action::DeleteRs(n) = a { Some(n.clone()) } else { None }).collect();
        assert_eq!(deleted, want, "scenario {n}");
    }
}

// TestDeploymentController_cleanupDeploymentOrder: creation order is
// foo-1 < foo-2 < foo-3 < foo-4 throughout; revisions decide what goes.
#[test]
fn cleanup_deployment_order_table() {
    let mk = |name: &str, replicas: i32, minutes: i64, revision: &str| {
        let mut r = rs(name, replicas, &[("foo", "bar")], NEW.plus_secs(minutes * 60));
        if !revision.is_empty() {
            r.metadata.annotations.insert(REVISION.into(), revision.into());
        }
        r
    };
    let cases: Vec<(&str, Vec<ReplicaSet>, i32, Vec<&str>)> = vec![
        ("revision order rs1 < rs2", vec![mk("foo-1", 0, -1, "1"), mk("foo-2", 0, 0, "2")], 1, vec!["foo-1"]),
        ("revision order rs2 < rs1", vec![mk("foo-1", 0, -1, "2"), mk("foo-2", 0, 0, "1")], 1, vec!["foo-2"]),
        ("rs2 has no revision", vec![mk("foo-1", 0, -1, "1"), mk("foo-2", 0, 0, "")], 1, vec!["foo-2"]),
        ("rs1 has no revision", vec![mk("foo-1", 0, -1, ""), mk("foo-2", 0, 0, "2")], 1, vec!["foo-1"]),
        ("rs1 has replicas", vec![mk("foo-1", 1, -1, "1"), mk("foo-2", 0, 0, "2"), mk("foo-3", 0, 1, "3")], 1, vec!["foo-2"]),
        ("rs1 and rs2 have replicas", vec![mk("foo-1", 1, -1, "1"), mk("foo-2", 1, 0, "2"), mk("foo-3", 0, 1, "3")], 1, vec![]),
        (
            "revision order rs2 < rs4 < rs1 < rs3",
            vec![mk("foo-1", 0, -1, "3"), mk("foo-2", 0, 0, "1"), mk("foo-3", 0, 1, "4"), mk("foo-4", 0, 2, "2")],
            2,
            vec!["foo-2", "foo-4"],
        ),
    ];
    for (name, olds, limit, want) in cases {
        let d = deployment("foo", 1, Some(limit), None, None, &[("foo", "bar")]);
        let idx: Vec<usize> = (0..olds.len()).collect();
        let mut api = FakeApi::at(NEW);
        Dc::new(&mut api).cleanup_deployment(&d, &olds, &idx).unwrap();
        let mut deleted: Vec<String> = api.actions.iter().filter_map(|a| if let Action::DeleteRs(n) = a { Some(n.clone()) } else { None }).collect();
        deleted.sort();
        assert_eq!(deleted, want, "{name}");
    }
}

/// Upstream's `HasRevisionHistoryLimit`: an unset limit (the API server
/// defaults it to 10) prunes nothing.
#[test]
fn an_unset_revision_history_limit_prunes_nothing() {
    let olds = vec![rs_with_status("foo-1", 0, 0, 1), rs_with_status("foo-2", 0, 0, 2)];
    let d = deployment("foo", 1, None, None, None, &[("foo", "bar")]);
    let mut api = FakeApi::at(NEW);
    Dc::new(&mut api).cleanup_deployment(&d, &olds, &[0, 1]).unwrap();
    assert!(api.actions.is_empty());
}

#[test]
fn cleanup_waits_until_the_scale_down_was_observed() {
    let mut r = rs_with_status("foo-1", 0, 0, 1);
    r.metadata.generation = 3;
    r.status.observed_generation = Some(2);
    let d = deployment("foo", 1, Some(0), None, None, &[("foo", "bar")]);
    let mut api = FakeApi::at(NEW);
    Dc::new(&mut api).cleanup_deployment(&d, &[r], &[0]).unwrap();
    assert!(api.actions.is_empty());
}

fn live(replicas: i32) -> Deployment {
    let mut d = deployment("nginx", replicas, None, Some(IntOrString::Str("25%".into())), Some(IntOrString::Str("25%".into())), &[("app", "nginx")]);
    d.spec.progress_deadline_seconds = Some(600);
    d
}

#[test]
fn a_new_template_gets_a_new_replica_set_with_the_next_revision() {
    let mut d = live(3);
    d.metadata.annotations.insert(CHANGE_CAUSE.into(), "kubectl set image".into());
    let mut old = rs("nginx-old", 3, &[("app", "nginx")], OLD);
    old.metadata.annotations.insert(REVISION.into(), "1".into());
    old.spec.template.spec.containers = vec![Default::default()].into();
    let mut rss = vec![old];
    let mut api = FakeApi::at(NEW.plus_millis(700));
    let (new, olds) = Dc::new(&mut api).new_and_old(&mut d, &mut rss, true).unwrap();
    assert_eq!((new, olds), (Some(1), vec![0]));
    let created = &rss[1];
    let hash = compute_hash(&d.spec.template, None);
    assert_eq!(created.metadata.name, format!("nginx-{hash}"));
    assert_eq!(created.spec.template.metadata.labels.get(HASH_LABEL), Some(&hash));
    assert_eq!(created.spec.selector.as_ref().and_then(|s| s.match_labels.get(HASH_LABEL)), Some(&hash));
    // 3 replicas + surge 1 = 4 pods, 3 of them old: the new one starts at 1.
    assert_eq!(created.spec.replicas, Some(1));
    let ann = |k: &str| created.metadata.annotations.get(k).map(String::as_str);
    assert_eq!((ann(REVISION), ann(DESIRED_REPLICAS), ann(MAX_REPLICAS), ann(CHANGE_CAUSE)), (Some("2"), Some("3"), Some("4"), Some("kubectl set image")));
    assert_eq!(api.event_messages(), vec![format!("Scaled up replica set nginx-{hash} from 0 to 1")]);
    assert_eq!(d.metadata.annotations.get(REVISION).map(String::as_str), Some("2"));
    let c = get_condition(&d.status, PROGRESSING).unwrap();
    assert_eq!((c.status.as_str(), c.reason.as_deref(), c.message.as_deref().map(str::to_string)), ("True", Some(NEW_RS_CREATED), Some(format!("Created new replica set \"nginx-{hash}\""))));
    assert_eq!(c.last_update_time, Some(NEW), "times are whole seconds");
    // The revision and the condition go in one UpdateStatus, as upstream's
    // getNewReplicaSet writes them; a full update would bump the generation.
    assert!(matches!(api.actions.as_slice(), [Action::CreateRs(_), Action::UpdateStatus(u)] if u.metadata.annotations.get(REVISION).map(String::as_str) == Some("2")));
}

#[test]
fn an_old_template_coming_back_takes_the_next_revision_and_remembers_its_old_one() {
    let mut d = live(3);
    let mut back = rs("nginx-a", 0, &[("app", "nginx")], OLDER);
    back.spec.template = d.spec.template.clone();
    back.metadata.annotations.insert(REVISION.into(), "1".into());
    let mut other = rs("nginx-b", 3, &[("app", "nginx")], OLD);
    other.metadata.annotations.insert(REVISION.into(), "2".into());
    let mut rss = vec![back, other];
    let mut api = FakeApi::at(NEW);
    let (new, _) = Dc::new(&mut api).new_and_old(&mut d, &mut rss, true).unwrap();
    assert_eq!(new, Some(0));
    let ann = |k: &str| rss[0].metadata.annotations.get(k).cloned();
    assert_eq!((ann(REVISION), ann(REVISION_HISTORY)), (Some("3".into()), Some("1".into())));
    // That update ends this pass; the Deployment's revision follows on the next.
    assert!(matches!(api.actions.as_slice(), [Action::UpdateRs(_)]));
    let mut api = FakeApi::at(NEW);
    Dc::new(&mut api).new_and_old(&mut d, &mut rss, true).unwrap();
    assert_eq!(d.metadata.annotations.get(REVISION).map(String::as_str), Some("3"));
    assert!(matches!(api.actions.as_slice(), [Action::UpdateStatus(_)]), "{:?}", api.actions);
    let c = get_condition(&d.status, PROGRESSING).unwrap();
    assert_eq!((c.reason.as_deref(), c.message.as_deref()), (Some(FOUND_NEW_RS), Some("Found new replica set \"nginx-a\"")));
}

#[test]
fn a_hash_collision_bumps_collision_count() {
    let mut d = live(1);
    let hash = compute_hash(&d.spec.template, None);
    let mut squatter = rs(&format!("nginx-{hash}"), 1, &[("app", "nginx")], OLD);
    squatter.spec.template.spec.containers = vec![Default::default(), Default::default()].into();
    squatter.metadata.owner_references.clear();
    let mut api = FakeApi::at(NEW);
    api.rss = vec![squatter];
    let mut rss = vec![];
    let err = Dc::new(&mut api).new_and_old(&mut d, &mut rss, true).unwrap_err();
    assert!(matches!(err, SyncError::Api(ApiError::AlreadyExists { .. })));
    assert_eq!(d.status.collision_count, Some(1));
    assert_ne!(compute_hash(&d.spec.template, d.status.collision_count), hash, "the next name differs");
}

#[test]
fn a_failed_create_marks_progressing_false() {
    struct Refusing(FakeApi);
    impl super::super::Api for Refusing {
        fn now(&self) -> Time {
            self.0.now
        }
        fn replica_set_candidates(&self, d: &Deployment) -> Vec<ReplicaSet> {
            self.0.replica_set_candidates(d)
        }
        fn pods_controlled_by(&self, uid: &str) -> Vec<kubeplay_model::api::Pod> {
            self.0.pods_controlled_by(uid)
        }
        fn get_rs(&self, ns: &str, name: &str) -> Option<ReplicaSet> {
            self.0.get_rs(ns, name)
        }
        fn create_rs(&mut self, _: ReplicaSet) -> Result<ReplicaSet, ApiError> {
            Err(ApiError::Forbidden { message: "exceeded quota: rs-quota".into() })
        }
        fn update_rs(&mut self, rs: ReplicaSet) -> Result<ReplicaSet, ApiError> {
            self.0.update_rs(rs)
        }
        fn delete_rs(&mut self, rs: &ReplicaSet) -> Result<(), ApiError> {
            self.0.delete_rs(rs)
        }
        fn update_deployment(&mut self, d: &Deployment) -> Result<Deployment, ApiError> {
            self.0.update_deployment(d)
        }
        fn update_status(&mut self, d: &Deployment) -> Result<Deployment, ApiError> {
            self.0.update_status(d)
        }
        fn event(&mut self, d: &Deployment, t: &str, r: &str, m: String) {
            self.0.event(d, t, r, m)
        }
        fn requeue_after(&mut self, ms: i64) {
            self.0.requeue_after(ms)
        }
        fn check_deadline_after(&mut self, ms: i64) {
            self.0.check_deadline_after(ms)
        }
    }
    let mut d = live(1);
    let mut api = Refusing(FakeApi::at(NEW));
    let result = Dc::new(&mut api).new_and_old(&mut d, &mut vec![], true);
    assert!(result.is_err());
    let hash = compute_hash(&d.spec.template, None);
    let msg = format!("Failed to create new replica set \"nginx-{hash}\": exceeded quota: rs-quota");
    let c = get_condition(&d.status, PROGRESSING).unwrap();
    assert_eq!((c.status.as_str(), c.reason.as_deref(), c.message.as_deref()), ("False", Some(FAILED_RS_CREATE), Some(msg.as_str())));
    assert_eq!(api.0.events, vec![("Warning".to_string(), FAILED_RS_CREATE.to_string(), msg)]);
}

#[test]
fn status_sums_the_replica_sets_and_judges_availability() {
    let d = live(3);
    let mut new_rs = rs("new", 2, &[], NEW);
    new_rs.status.ready_replicas = Some(2);
    new_rs.status.available_replicas = Some(1);
    let mut old = rs("old", 2, &[], OLD);
    old.status.ready_replicas = Some(2);
    let s = calculate_status(&[&old, &new_rs], Some(&new_rs), &d, NEW);
    assert_eq!(
        (s.replicas, s.updated_replicas, s.ready_replicas, s.available_replicas, s.unavailable_replicas),
        (Some(4), Some(2), Some(4), Some(3), Some(1))
    );
    let a = get_condition(&s, AVAILABLE).unwrap();
    assert_eq!((a.status.as_str(), a.reason.as_deref(), a.message.as_deref()), ("True", Some(MIN_AVAILABLE), Some("Deployment has minimum availability.")));
    let s = calculate_status(&[&rs("x", 3, &[], NEW)], None, &live(5), NEW);
    let a = get_condition(&s, AVAILABLE).unwrap();
    assert_eq!((a.status.as_str(), a.reason.as_deref(), a.message.as_deref()), ("False", Some(MIN_UNAVAILABLE), Some("Deployment does not have minimum availability.")));
    // More available than wanted (scaling down): unavailable is 0, and left out.
    let s = calculate_status(&[&rs("x", 2, &[], NEW)], None, &live(1), NEW);
    assert_eq!(s.unavailable_replicas, None);
}

#[test]
fn a_scaling_event_is_a_desired_replicas_annotation_that_differs() {
    let mut d = live(5);
    let mut r = rs("nginx-a", 3, &[("app", "nginx")], OLD);
    r.spec.template = d.spec.template.clone();
    r.metadata.annotations.insert(REVISION.into(), "1".into());
    d.metadata.annotations.insert(REVISION.into(), "1".into());
    set_replicas_annotations(&mut r, 3, 4);
    d.status.conditions.push(new_condition(PROGRESSING, "True", NEW_RS_AVAILABLE, "x".into(), OLD));
    let mut rss = vec![r.clone()];
    let mut api = FakeApi::at(NEW);
    assert!(Dc::new(&mut api).is_scaling_event(&mut d, &mut rss).unwrap());
    set_replicas_annotations(&mut rss[0], 5, 7);
    assert!(!Dc::new(&mut api).is_scaling_event(&mut d, &mut rss).unwrap());
}

#[test]
fn pausing_and_resuming_mark_progressing_unknown() {
    let mut d = live(1);
    d.spec.paused = Some(true);
    let mut api = FakeApi::at(NEW);
    Dc::new(&mut api).check_paused_conditions(&mut d).unwrap();
    let c = get_condition(&d.status, PROGRESSING).unwrap().clone();
    assert_eq!((c.status.as_str(), c.reason.as_deref(), c.message.as_deref()), ("Unknown", Some(PAUSED), Some("Deployment is paused")));
    d.spec.paused = None;
    Dc::new(&mut api).check_paused_conditions(&mut d).unwrap();
    let c = get_condition(&d.status, PROGRESSING).unwrap();
    assert_eq!((c.status.as_str(), c.reason.as_deref(), c.message.as_deref()), ("Unknown", Some(RESUMED), Some("Deployment is resumed")));
    // A timed-out rollout keeps its condition through a pause.
    d.status.conditions = vec![new_condition(PROGRESSING, "False", TIMED_OUT, "x".into(), OLD)];
    d.spec.paused = Some(true);
    let before = api.actions.len();
    Dc::new(&mut api).check_paused_conditions(&mut d).unwrap();
    assert_eq!(api.actions.len(), before);
}

#[test]
fn an_empty_selector_selects_everything_so_nothing_is_done() {
    let mut d = live(1);
    d.spec.selector = Some(LabelSelector::default());
    d.metadata.generation = 2;
    let mut api = FakeApi::at(NEW);
    api.rss = vec![rs("someone-else", 1, &[], OLD)];
    Dc::new(&mut api).sync_deployment(d).unwrap();
    assert_eq!(api.events, vec![("Warning".into(), "SelectingAll".into(), "This deployment is selecting all pods. A non-empty selector is required.".into())]);
    assert!(matches!(api.actions.as_slice(), [Action::UpdateStatus(d)] if d.status.observed_generation == Some(2)));
}

#[test]
fn the_deprecated_rollback_to_annotation_rolls_the_template_back() {
    let mut d = live(2);
    d.metadata.annotations.insert(ROLLBACK_TO.into(), "0".into());
    d.metadata.annotations.insert(REVISION.into(), "2".into());
    d.metadata.annotations.insert(CHANGE_CAUSE.into(), "second".into());
    d.status.conditions.push(new_condition(PROGRESSING, "True", NEW_RS_AVAILABLE, "x".into(), OLD));
    let mut first = rs("nginx-1", 0, &[("app", "nginx")], OLDER);
    first.metadata.owner_references = vec![crate::controllers::deployment::claim::deployment_ref(&d)].into();
    first.metadata.labels = BTreeMap::from([("app".to_string(), "nginx".to_string())]).into();
    first.spec.template = d.spec.template.clone();
    first.spec.template.spec.containers[0].image = Some("nginx:1".into());
    first.spec.template.metadata.labels.insert(HASH_LABEL.into(), "abc".into());
    first.metadata.annotations = BTreeMap::from([(REVISION.to_string(), "1".to_string()), (CHANGE_CAUSE.to_string(), "first".to_string())]).into();
    let mut second = first.clone();
    second.metadata.name = "nginx-2".into();
    second.metadata.uid = "nginx-2-uid".into();
    second.spec.replicas = Some(2);
    second.spec.template = d.spec.template.clone();
    second.metadata.annotations = BTreeMap::from([(REVISION.to_string(), "2".to_string()), (CHANGE_CAUSE.to_string(), "second".to_string())]).into();
    let mut api = FakeApi::at(NEW);
    api.rss = vec![first, second];
    Dc::new(&mut api).sync_deployment(d).unwrap();
    let updated = api.actions.iter().rev().find_map(|a| if let Action::UpdateDeployment(d) = a { Some(d.clone()) } else { None }).unwrap();
    assert_eq!(updated.spec.template.spec.containers[0].image.as_deref(), Some("nginx:1"));
    assert!(!updated.spec.template.metadata.labels.contains_key(HASH_LABEL));
    assert!(!updated.metadata.annotations.contains_key(ROLLBACK_TO));
    assert_eq!(updated.metadata.annotations.get(CHANGE_CAUSE).map(String::as_str), Some("first"));
    assert_eq!(updated.metadata.annotations.get(REVISION).map(String::as_str), Some("2"), "the revision moves on the next sync");
    assert_eq!(api.events.last(), Some(&("Normal".into(), "DeploymentRollback".into(), "Rolled back deployment \"nginx\" to revision 1".into())));

    // Nothing to go back to: a warning, and the request is dropped.
    let mut d = live(1);
    d.metadata.annotations.insert(ROLLBACK_TO.into(), "0".into());
    let mut api = FakeApi::at(NEW);
    Dc::new(&mut api).sync_deployment(d).unwrap();
    assert!(api.events.contains(&("Warning".into(), "DeploymentRollbackRevisionNotFound".into(), "Unable to find last revision.".into())));
    let last = api.actions.iter().rev().find_map(|a| if let Action::UpdateDeployment(d) = a { Some(d) } else { None }).unwrap();
    assert!(!last.metadata.annotations.contains_key(ROLLBACK_TO));
}
