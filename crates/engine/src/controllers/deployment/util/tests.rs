//! Upstream's `deployment_util_test.go` tables, as our own tests.

use super::*;
use kubeplay_model::api::{Container, DeploymentSpec, DeploymentStrategy, PodSpec, ReplicaSetSpec, RollingUpdateDeployment};
use kubeplay_model::ObjectMeta;
use std::collections::BTreeMap;

fn s(v: &str) -> IntOrString {
    IntOrString::Str(v.into())
}
fn i(v: i32) -> IntOrString {
    IntOrString::Int(v)
}

fn rolling(replicas: i32, surge: IntOrString, unavailable: IntOrString) -> Deployment {
    Deployment {
        spec: DeploymentSpec {
            replicas: Some(replicas),
            strategy: Some(DeploymentStrategy {
                type_: Some("RollingUpdate".into()),
                rolling_update: Some(RollingUpdateDeployment { max_surge: Some(surge), max_unavailable: Some(unavailable) }),
            }),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn recreate(replicas: i32) -> Deployment {
    Deployment {
        spec: DeploymentSpec { replicas: Some(replicas), strategy: Some(DeploymentStrategy { type_: Some("Recreate".into()), rolling_update: None }), ..Default::default() },
        ..Default::default()
    }
}

fn rs_sized(replicas: i32) -> ReplicaSet {
    ReplicaSet { spec: ReplicaSetSpec { replicas: Some(replicas), ..Default::default() }, ..Default::default() }
}

// TestResolveFenceposts.
#[test]
fn resolve_fenceposts_table() {
    type Case = (Option<&'static str>, Option<&'static str>, i32, Result<(i32, i32), ()>);
    let cases: [Case; 7] = [
        (Some("0%"), Some("0%"), 0, Ok((0, 1))),
        (Some("39%"), Some("39%"), 10, Ok((4, 3))),
        (Some("oops"), Some("39%"), 10, Err(())),
        (Some("55%"), Some("urg"), 10, Err(())),
        (None, Some("39%"), 10, Ok((0, 3))),
        (Some("39%"), None, 10, Ok((4, 0))),
        (None, None, 10, Ok((0, 1))),
    ];
    for (surge, unavailable, desired, want) in cases {
        let (surge, unavailable) = (surge.map(s), unavailable.map(s));
        let got = resolve_fenceposts(surge.as_ref(), unavailable.as_ref(), desired).map_err(|_| ());
        assert_eq!(got, want, "{surge:?} {unavailable:?} {desired}");
    }
}

#[test]
fn fenceposts_of_the_default_strategy() {
    // 25%/25% of 3: surge rounds up to 1, unavailable rounds down to 0.
    let d = rolling(3, s("25%"), s("25%"));
    assert_eq!((max_surge(&d), max_unavailable(&d), min_available(&d)), (1, 0, 3));
    let d = rolling(10, s("25%"), s("25%"));
    assert_eq!((max_surge(&d), max_unavailable(&d)), (3, 2));
    // Unset fields read as the API defaults.
    let mut d = rolling(4, i(0), i(0));
    d.spec.strategy = None;
    assert_eq!((max_surge(&d), max_unavailable(&d)), (1, 1));
}

// TestNewRSNewReplicas: the other ReplicaSet has 5 replicas.
#[test]
fn new_rs_new_replicas_table() {
    let cases = [
        ("can not scale up - to newRSReplicas", false, 1, 5, 1, 5),
        ("scale up - to depReplicas", false, 6, 2, 10, 6),
        ("recreate - to depReplicas", true, 3, 1, 1, 3),
    ];
    for (name, is_recreate, dep, new_size, surge, want) in cases {
        let mut d = rolling(dep, i(surge), i(1));
        if is_recreate {
            d.spec.strategy = Some(DeploymentStrategy { type_: Some("Recreate".into()), rolling_update: None });
        }
        let rs5 = rs_sized(5);
        let new = rs_sized(new_size);
        assert_eq!(new_rs_new_replicas(&d, &[&rs5], &new), Ok(want), "{name}");
    }
    let mut d = rolling(1, i(1), i(1));
    d.spec.strategy = Some(DeploymentStrategy { type_: Some("Canary".into()), rolling_update: None });
    assert_eq!(new_rs_new_replicas(&d, &[], &rs_sized(0)), Err("deployment type Canary isn't supported".into()));
}

// TestMaxUnavailable.
#[test]
fn max_unavailable_table() {
    let cases = [
        ("less than replicas", rolling(10, i(1), i(5)), 5),
        ("equal replicas", rolling(10, i(1), i(10)), 10),
        ("greater than replicas", rolling(5, i(1), i(10)), 5),
        ("replicas is 0", rolling(0, i(1), i(10)), 0),
        ("Recreate", recreate(1), 0),
        ("less than replicas with percents", rolling(10, i(1), s("50%")), 5),
        ("equal replicas with percents", rolling(10, i(1), s("100%")), 10),
        ("greater than replicas with percents", rolling(5, i(1), s("100%")), 5),
    ];
    for (name, d, want) in cases {
        assert_eq!(max_unavailable(&d), want, "{name}");
    }
}

// TestMinAvailable.
#[test]
fn min_available_table() {
    let cases = [
        ("replicas greater than maxUnavailable", rolling(10, i(1), i(5)), 5),
        ("replicas equal maxUnavailable", rolling(10, i(1), i(10)), 0),
        ("replicas less than maxUnavailable", rolling(5, i(1), i(10)), 0),
        ("replicas is 0", rolling(0, i(1), i(10)), 0),
        ("Recreate", recreate(10), 0),
        ("greater with percents", rolling(10, i(1), s("60%")), 4),
        ("equal with percents", rolling(10, i(1), s("100%")), 0),
        ("less with percents", rolling(5, i(1), s("100%")), 0),
    ];
    for (name, d, want) in cases {
        assert_eq!(min_available(&d), want, "{name}");
    }
}

fn status(replicas: i32, updated: i32, ready: i32, available: i32) -> DeploymentStatus {
    DeploymentStatus {
        replicas: Some(replicas),
        updated_replicas: Some(updated),
        ready_replicas: Some(ready),
        available_replicas: Some(available),
        ..Default::default()
    }
}

// TestDeploymentComplete.
#[test]
fn deployment_complete_table() {
    let cases = [
        ("min but not all pods become available", (5, 5, 5, 4, 1, 0), false),
        ("min availability is not honored", (5, 5, 5, 3, 1, 0), false),
        ("complete", (5, 5, 5, 5, 0, 0), true),
        ("all pods are available but not updated", (5, 5, 4, 5, 0, 0), false),
        ("still running old pods", (1, 2, 1, 1, 0, 1), false),
        ("one replica deployment never comes up", (1, 1, 1, 0, 1, 1), false),
    ];
    for (name, (desired, current, updated, available, unavailable, surge), want) in cases {
        let mut d = rolling(desired, i(surge), i(unavailable));
        d.status = status(current, updated, 0, available);
        assert_eq!(deployment_complete(&d, &d.status), want, "{name}");
    }
}

// TestDeploymentProgressing.
#[test]
fn deployment_progressing_table() {
    let cases = [
        ("updated pods", (10, 4, 4, 4), (10, 6, 4, 4), true),
        ("not progressing", (10, 4, 4, 4), (10, 4, 4, 4), false),
        ("old pods removed", (10, 4, 6, 6), (8, 4, 6, 6), true),
        ("less new pods", (10, 7, 3, 3), (10, 6, 3, 3), false),
        ("less overall but more new pods", (10, 4, 7, 7), (8, 8, 5, 5), true),
        ("more ready pods", (10, 10, 9, 8), (10, 10, 10, 8), true),
        ("more available pods", (10, 10, 10, 9), (10, 10, 10, 10), true),
    ];
    for (name, old, new, want) in cases {
        let d = Deployment { status: status(old.0, old.1, old.2, old.3), ..Default::default() };
        assert_eq!(deployment_progressing(&d, &status(new.0, new.1, new.2, new.3)), want, "{name}");
    }
}

fn at(min: i64, sec: i64) -> Time {
    // 2016-01-01T00:min:sec
    Time::from_millis((1_451_606_400 + min * 60 + sec) * 1000)
}

// TestDeploymentTimedOut.
#[test]
fn deployment_timed_out_table() {
    let cond = |reason: &str, from: Option<Time>| Condition {
        type_: PROGRESSING.into(),
        status: "True".into(),
        reason: Some(reason.into()),
        last_update_time: from,
        ..Default::default()
    };
    let cases = [
        ("nil progressDeadlineSeconds", None, cond("", Some(at(1, 9))), at(1, 20), false),
        // Unset reads as no deadline at all, not as the default 600 s.
        ("nil progressDeadlineSeconds, long past 600s", None, cond("", Some(at(1, 9))), at(59, 0), false),
        ("infinite progressDeadlineSeconds", Some(i32::MAX), cond("", Some(at(1, 9))), at(1, 20), false),
        ("10s, now - started = 11s", Some(10), cond("", Some(at(1, 9))), at(1, 20), true),
        ("10s, now - started = 9s", Some(10), cond("", Some(at(1, 11))), at(1, 20), false),
        ("previous status was a complete deployment", Some(10), cond(NEW_RS_AVAILABLE, None), at(1, 20), false),
        ("already timed out", Some(10), cond(TIMED_OUT, Some(at(1, 19))), at(1, 20), true),
    ];
    for (name, pds, c, now, want) in cases {
        let mut d = Deployment::default();
        d.spec.progress_deadline_seconds = pds;
        d.status.conditions = vec![c];
        assert_eq!(deployment_timed_out(&d, &d.status, now), want, "{name}");
    }
}

// TestGetReplicaCountForReplicaSets: the spec and actual columns (the
// terminating column and its feature gate came after v1.32).
#[test]
fn replica_count_for_replica_sets_table() {
    let mk = |spec: i32, status: i32| {
        let mut r = rs_sized(spec);
        r.status.replicas = status;
        r
    };
    let (rs1, rs2, rs3, rs4) = (mk(1, 2), mk(2, 3), mk(3, 0), mk(1, 1));
    let cases: [(&str, Vec<&ReplicaSet>, i32, i32); 6] = [
        ("scaling down rs1", vec![&rs1], 1, 2),
        ("scaling down rs1 and rs2", vec![&rs1, &rs2], 3, 5),
        ("scaling up rs3", vec![&rs3], 3, 0),
        ("scaling down rs1 and rs2 and scaling up rs3", vec![&rs1, &rs2, &rs3], 6, 5),
        ("rs4 alone", vec![&rs4], 1, 1),
        ("rs4 with rs1, rs2 and rs3", vec![&rs1, &rs2, &rs3, &rs4], 7, 6),
    ];
    for (name, sets, count, actual) in cases {
        assert_eq!((total_spec(&sets), total_actual(&sets)), (count, actual), "{name}");
    }
}

// TestGetReplicaSetFraction (surge given, maxUnavailable 1).
#[test]
fn replica_set_fraction_table() {
    // (name, replicas, status replicas, maxSurge, ReplicaSet size, max-replicas annotation, fraction)
    type Case = (&'static str, i32, i32, i32, i32, Option<&'static str>, i32);
    let cases: [Case; 9] = [
        ("empty deployment always scales to 0", 0, 0, 0, 10, None, -10),
        ("missing max-replicas and no pods: no scaling", 10, 0, 0, 5, None, 0),
        ("max-replicas zeroed and no pods: no scaling", 10, 0, 0, 5, Some("0"), 0),
        ("missing max-replicas: status replicas are the base", 120, 100, 0, 50, None, 10),
        ("zeroed max-replicas: status replicas are the base", 120, 100, 0, 50, Some("0"), 10),
        ("scale up by 1/5", 120, 0, 0, 50, Some("100"), 10),
        ("scale up with surge by about 1/5", 120, 0, 10, 50, Some("110"), 9),
        ("scale down by 1/6", 10, 0, 0, 6, Some("12"), -1),
        ("scale down with surge by about 1/6", 100, 0, 10, 50, Some("130"), -8),
    ];
    for (name, replicas, status_replicas, surge, size, max_ann, want) in cases {
        let mut d = rolling(replicas, i(surge), i(1));
        d.status.replicas = Some(status_replicas);
        let mut r = rs_sized(size);
        if let Some(m) = max_ann {
            r.metadata.annotations.insert(MAX_REPLICAS.into(), m.into());
        }
        assert_eq!(fraction(&r, &d), want, "{name}");
    }
}

#[test]
fn proportion_is_bounded_by_what_is_left_to_add() {
    let d = rolling(10, i(0), i(1));
    let mut r = rs_sized(3);
    r.metadata.annotations.insert(MAX_REPLICAS.into(), "5".into());
    // fraction: round(3 * 10 / 5) - 3 = 3
    assert_eq!(proportion(&r, &d, 5, 0), 3);
    assert_eq!(proportion(&r, &d, 5, 4), 1);
    assert_eq!(proportion(&r, &d, 5, 5), 0);
    assert_eq!(proportion(&rs_sized(0), &d, 5, 0), 0, "never scale up from zero");
    assert_eq!(proportion(&r, &d, 0, 0), 0);
}

// TestGetNonNegativeInt32FromAnnotation.
#[test]
fn non_negative_annotation_table() {
    let cases: [(Option<&str>, Option<i32>); 8] = [
        (None, None),
        (Some("invalid"), None),
        (Some("-1"), None),
        (Some("+1"), None),
        (Some("0"), Some(0)),
        (Some("13"), Some(13)),
        (Some("2147483647"), Some(i32::MAX)),
        (Some("2147483648"), None),
    ];
    for (v, want) in cases {
        let mut r = rs_sized(1);
        if let Some(v) = v {
            r.metadata.annotations.insert("test".into(), v.into());
        }
        r.metadata.annotations.insert("foo".into(), "2".into());
        assert_eq!(annotation_i32(&r, "test"), want, "{v:?}");
    }
}

// TestAnnotationUtils: revisions 11..20 with a 5-character history limit.
#[test]
fn new_rs_annotations_keep_a_bounded_revision_history() {
    let mut d = rolling(1, i(1), i(1));
    d.metadata.annotations.insert(REVISION.into(), "1".into());
    let mut r = rs_sized(0);
    for n in 10..20 {
        let next = (n + 1).to_string();
        set_new_rs_annotations(&d, &mut r, &next, true, 5);
        if n >= 12 {
            assert_eq!(r.metadata.annotations.get(REVISION_HISTORY).map(String::as_str), Some(format!("{},{}", n - 1, n).as_str()));
        }
        assert_eq!(r.metadata.annotations.get(REVISION), Some(&next));
    }
    // Replicas annotations are set only for a ReplicaSet about to be created.
    assert!(!r.metadata.annotations.contains_key(DESIRED_REPLICAS));
    assert!(set_replicas_annotations(&mut r, 10, 11));
    assert_eq!(r.metadata.annotations.get(DESIRED_REPLICAS).map(String::as_str), Some("10"));
    assert_eq!(r.metadata.annotations.get(MAX_REPLICAS).map(String::as_str), Some("11"));
    assert!(!set_replicas_annotations(&mut r, 10, 11));
}

#[test]
fn revision_history_starts_with_the_first_reused_revision_and_never_lowers() {
    let d = rolling(1, i(1), i(1));
    let mut r = rs_sized(0);
    r.metadata.annotations.insert(REVISION.into(), "1".into());
    assert!(set_new_rs_annotations(&d, &mut r, "3", true, MAX_REV_HISTORY_CHARS));
    assert_eq!(r.metadata.annotations.get(REVISION_HISTORY).map(String::as_str), Some("1"));
    assert!(set_new_rs_annotations(&d, &mut r, "5", true, MAX_REV_HISTORY_CHARS));
    assert_eq!(r.metadata.annotations.get(REVISION_HISTORY).map(String::as_str), Some("1,3"));
    // A lower proposed revision changes nothing.
    assert!(!set_new_rs_annotations(&d, &mut r, "4", true, MAX_REV_HISTORY_CHARS));
    assert_eq!(r.metadata.annotations.get(REVISION).map(String::as_str), Some("5"));
    // A garbled revision: upstream gives up and reports no change.
    r.metadata.annotations.insert(REVISION.into(), "x".into());
    assert!(!set_new_rs_annotations(&d, &mut r, "9", true, MAX_REV_HISTORY_CHARS));
}

#[test]
fn deployment_annotations_are_copied_except_the_skipped_ones() {
    let mut d = rolling(1, i(1), i(1));
    for (k, v) in [(CHANGE_CAUSE, "kubectl set image"), (REVISION, "7"), (LAST_APPLIED, "{}"), ("team", "a")] {
        d.metadata.annotations.insert(k.into(), v.into());
    }
    let mut r = rs_sized(0);
    assert!(copy_deployment_annotations(&d, &mut r));
    let keys: Vec<&str> = r.metadata.annotations.keys().map(String::as_str).collect();
    assert_eq!(keys, vec![CHANGE_CAUSE, "team"]);
    assert!(!copy_deployment_annotations(&d, &mut r));
    // And back on rollback: the Deployment keeps only its skipped ones.
    let mut back = rolling(1, i(1), i(1));
    back.metadata.annotations.insert(REVISION.into(), "7".into());
    back.metadata.annotations.insert("stale".into(), "x".into());
    set_deployment_annotations_to(&mut back, &r);
    let keys: Vec<&str> = back.metadata.annotations.keys().map(String::as_str).collect();
    assert_eq!(keys, vec![REVISION, CHANGE_CAUSE, "team"]);
}

// TestReplicasAnnotationsNeedUpdate (desired 10, max 20).
#[test]
fn replicas_annotations_need_update_table() {
    let with = |d: Option<&str>, m: Option<&str>| {
        let mut r = rs_sized(0);
        if let Some(d) = d {
            r.metadata.annotations.insert(DESIRED_REPLICAS.into(), d.into());
        }
        if let Some(m) = m {
            r.metadata.annotations.insert(MAX_REPLICAS.into(), m.into());
        }
        r
    };
    assert!(replicas_annotations_need_update(&with(None, None), 10, 20));
    assert!(replicas_annotations_need_update(&with(Some("8"), Some("20")), 10, 20));
    assert!(replicas_annotations_need_update(&with(Some("10"), Some("16")), 10, 20));
    assert!(!replicas_annotations_need_update(&with(Some("10"), Some("20")), 10, 20));
}

fn template(name: &str, node: &str, annotations: &[(&str, &str)], labels: &[(&str, &str)]) -> PodTemplateSpec {
    let map = |kv: &[(&str, &str)]| kv.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<BTreeMap<_, _>>();
    PodTemplateSpec {
        metadata: ObjectMeta { name: name.into(), annotations: map(annotations).into(), labels: map(labels).into(), ..Default::default() },
        spec: PodSpec { node_name: Some(node.into()), ..Default::default() },
    }
}

// TestEqualIgnoreHash (each case both ways round).
#[test]
fn equal_ignore_hash_table() {
    let h = HASH_LABEL;
    let cases = [
        ("same spec, same labels", template("foo", "n", &[], &[(h, "v1"), ("something", "else")]), template("foo", "n", &[], &[(h, "v1"), ("something", "else")]), true),
        ("only the hash differs", template("foo", "n", &[], &[(h, "v1"), ("something", "else")]), template("foo", "n", &[], &[(h, "v2"), ("something", "else")]), true),
        ("one has no hash", template("foo", "n", &[], &[("something", "else")]), template("foo", "n", &[], &[(h, "v2"), ("something", "else")]), true),
        ("labels differ, one has no hash, same count", template("foo", "n", &[], &[("something", "else")]), template("foo", "n", &[], &[(h, "v2")]), false),
        ("labels differ, same hash", template("foo", "n", &[], &[(h, "v1")]), template("foo", "n", &[], &[(h, "v1"), ("something", "else")]), false),
        ("different spec, same labels", template("foo", "n", &[("former", "value")], &[(h, "v1")]), template("foo", "n", &[("latter", "value")], &[(h, "v1")]), false),
        ("different spec, different hash", template("foo-1", "n", &[], &[(h, "v1")]), template("foo-2", "n", &[], &[(h, "v2")]), false),
        ("different node, different labels", template("foo", "n1", &[], &[("something", "else")]), template("foo", "n2", &[], &[("nothing", "else")]), false),
    ];
    for (name, a, b, want) in cases {
        assert_eq!(equal_ignore_hash(&a, &b), want, "{name}");
        assert_eq!(equal_ignore_hash(&b, &a), want, "{name} (reversed)");
    }
}

fn nginx_rs(name: &str, container: &str, created: Time) -> ReplicaSet {
    ReplicaSet {
        metadata: ObjectMeta { name: name.into(), creation_timestamp: Some(created), ..Default::default() },
        spec: ReplicaSetSpec {
            replicas: Some(1),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: BTreeMap::from([("name".into(), "nginx".into())]).into(), ..Default::default() },
                spec: PodSpec { containers: vec![Container { name: container.into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() },
            },
            ..Default::default()
        },
        status: Default::default(),
    }
}

// TestFindNewReplicaSet and TestFindOldReplicaSets.
#[test]
fn find_new_and_old_replica_sets() {
    let now = Time::from_millis(1_000_000_000);
    let mut d = Deployment::default();
    d.spec.template = nginx_rs("x", "nginx", now).spec.template;
    let mut new_rs = nginx_rs("new", "nginx", now.plus_secs(60));
    new_rs.spec.template.metadata.labels.insert(HASH_LABEL.into(), "hash".into());
    let mut dup = nginx_rs("dup", "nginx", now);
    dup.spec.template.metadata.labels.insert(HASH_LABEL.into(), "different-hash".into());
    let mut old = nginx_rs("old", "nginx-old-1", now.plus_secs(-60));
    old.spec.replicas = Some(0);

    assert_eq!(find_new(&d, &[&new_rs, &old]).map(|r| r.metadata.name.as_str()), Some("new"));
    assert_eq!(find_new(&d, &[&new_rs, &old, &dup]).map(|r| r.metadata.name.as_str()), Some("dup"), "the oldest of two equal templates");
    assert!(find_new(&d, &[&old]).is_none());

    let names = |v: Vec<&ReplicaSet>| v.into_iter().map(|r| r.metadata.name.clone()).collect::<Vec<_>>();
    let (req, all) = find_old(&d, &[&new_rs, &old]);
    assert_eq!((names(req), names(all)), (vec![], vec!["old".to_string()]));
    let (req, all) = find_old(&d, &[&old, &new_rs, &dup]);
    assert_eq!((names(req), names(all)), (vec!["new".to_string()], vec!["old".to_string(), "new".to_string()]));
    let (req, all) = find_old(&d, &[&new_rs]);
    assert!(req.is_empty() && all.is_empty());
}

#[test]
fn replica_set_orders() {
    let t = Time::from_millis(10_000_000);
    let mk = |name: &str, size: i32, created: Time, rev: Option<&str>| {
        let mut r = rs_sized(size);
        r.metadata.name = name.into();
        r.metadata.creation_timestamp = Some(created);
        if let Some(v) = rev {
            r.metadata.annotations.insert(REVISION.into(), v.into());
        }
        r
    };
    // Created within the same second: the times tie and names decide.
    let a = mk("a", 2, t.plus_millis(900), Some("2"));
    let b = mk("b", 2, t, Some("1"));
    let c = mk("c", 5, t.plus_secs(-10), Some("x"));
    let sorted = |f: fn(&ReplicaSet, &ReplicaSet) -> Ordering| {
        let mut v = vec![&a, &b, &c];
        kubeplay_model::sort::sort_by(&mut v, |x, y| f(x, y));
        v.into_iter().map(|r| r.metadata.name.as_str()).collect::<Vec<_>>()
    };
    assert_eq!(sorted(by_creation), vec!["c", "a", "b"]);
    assert_eq!(sorted(by_size_older), vec!["c", "a", "b"]);
    assert_eq!(sorted(by_size_newer), vec!["c", "b", "a"]);
    assert_eq!(by_revision(&b, &a), Ordering::Less);
    assert_eq!(by_revision(&c, &a), Ordering::Less, "an unreadable revision falls back to creation order");
    assert_eq!((max_revision(&[&a, &b, &c]), last_revision(&[&a, &b, &c])), (2, 1));
}

#[test]
fn active_or_latest() {
    let t = Time::from_millis(10_000_000);
    let mk = |name: &str, size: i32, secs: i64| {
        let mut r = rs_sized(size);
        r.metadata.name = name.into();
        r.metadata.creation_timestamp = Some(t.plus_secs(secs));
        r
    };
    let (new, o1, o2) = (mk("new", 0, 20), mk("o1", 0, 0), mk("o2", 0, 10));
    assert_eq!(find_active_or_latest(Some(&new), &mut [&o1, &o2]).map(|r| r.metadata.name.as_str()), Some("new"));
    assert_eq!(find_active_or_latest(None, &mut [&o1, &o2]).map(|r| r.metadata.name.as_str()), Some("o2"), "the newest old one");
    let busy = mk("busy", 3, 0);
    assert_eq!(find_active_or_latest(Some(&new), &mut [&busy, &o2]).map(|r| r.metadata.name.as_str()), Some("busy"));
    let busy2 = mk("busy2", 1, 5);
    assert!(find_active_or_latest(Some(&new), &mut [&busy, &busy2]).is_none());
    assert!(find_active_or_latest(None, &mut []).is_none());
}

// TestAnnotationUtils/IsSaturated and its negatives.
#[test]
fn saturation() {
    let d = rolling(1, i(1), i(1));
    let mut r = rs_sized(1);
    r.metadata.annotations.insert(DESIRED_REPLICAS.into(), "1".into());
    r.status.available_replicas = Some(1);
    assert!(is_saturated(&d, Some(&r)));
    r.status.available_replicas = Some(0);
    assert!(!is_saturated(&d, Some(&r)), "not all available");
    r.status.available_replicas = Some(1);
    r.metadata.annotations.insert(DESIRED_REPLICAS.into(), "2".into());
    assert!(!is_saturated(&d, Some(&r)), "sized for another replica count");
    assert!(!is_saturated(&d, None));
}

// TestGetCondition, TestSetCondition, TestRemoveCondition.
#[test]
fn conditions() {
    let cond = |t: &str, s: &str, r: &str| Condition { type_: t.into(), status: s.into(), reason: Some(r.into()), ..Default::default() };
    let progressing = cond(PROGRESSING, "False", "ForSomeReason");
    let progressing2 = cond(PROGRESSING, "True", "BecauseItIs");
    let available = cond(AVAILABLE, "True", "AwesomeController");
    let mut st = DeploymentStatus::default();
    set_condition(&mut st, available.clone());
    assert_eq!(st.conditions, vec![available.clone()]);
    let mut st = DeploymentStatus { conditions: vec![progressing.clone()], ..Default::default() };
    set_condition(&mut st, available.clone());
    assert_eq!(st.conditions, vec![progressing.clone(), available.clone()]);
    assert!(get_condition(&st, AVAILABLE).is_some() && get_condition(&st, REPLICA_FAILURE).is_none());
    let mut st = DeploymentStatus { conditions: vec![progressing.clone()], ..Default::default() };
    set_condition(&mut st, progressing2.clone());
    assert_eq!(st.conditions, vec![progressing2.clone()]);
    // Same status and reason: nothing changes, not even the message.
    let mut again = progressing2.clone();
    again.message = Some("new words".into());
    set_condition(&mut st, again);
    assert_eq!(st.conditions, vec![progressing2]);
    // Same status, new reason: the transition time is kept, the condition moves last.
    let mut st = DeploymentStatus::default();
    set_condition(&mut st, new_condition(PROGRESSING, "True", NEW_RS_CREATED, "a".into(), Time::from_millis(5_000)));
    set_condition(&mut st, available.clone());
    set_condition(&mut st, new_condition(PROGRESSING, "True", RS_UPDATED, "b".into(), Time::from_millis(9_500)));
    assert_eq!(st.conditions[0].type_, AVAILABLE);
    assert_eq!((st.conditions[1].last_transition_time, st.conditions[1].last_update_time), (Some(Time::from_millis(5_000)), Some(Time::from_millis(9_000))));
    remove_condition(&mut st, PROGRESSING);
    remove_condition(&mut st, REPLICA_FAILURE);
    assert_eq!(st.conditions, vec![available]);
}

// TestComputeHash.
#[test]
fn hashes_are_safe_encoded_and_collisions_change_them() {
    let t = nginx_rs("x", "nginx", Time::from_millis(0)).spec.template;
    let h = compute_hash(&t, None);
    assert!(h.bytes().all(|b| b"bcdfghjklmnpqrstvwxz2456789".contains(&b)), "{h}");
    assert_eq!(h, compute_hash(&t, None), "deterministic");
    assert_ne!(compute_hash(&t, Some(1)), compute_hash(&t, Some(2)));
    assert_ne!(compute_hash(&t, None), compute_hash(&t, Some(i32::MAX)));
    // Digits are bytes 48..57 and 48 % 27 = 21, the index of '4'.
    assert_eq!(safe_encode("0123456789"), "456789bcdf");
}

/// Upstream hashes the template's Go struct, so how a manifest orders a
/// volume mount's keys cannot move the hash (it did while mounts were
/// free-form JSON, kept in the order they were written).
#[test]
fn a_mounts_key_order_does_not_change_the_hash() {
    let with_mount = |yaml: &str| -> PodTemplateSpec {
        let mut t = nginx_rs("x", "nginx", Time::from_millis(0)).spec.template;
        t.spec.containers[0].volume_mounts = serde_json::from_str(yaml).unwrap();
        t
    };
    let a = with_mount(r#"[{"name": "cfg", "mountPath": "/etc/cfg", "readOnly": true}]"#);
    let b = with_mount(r#"[{"readOnly": true, "mountPath": "/etc/cfg", "name": "cfg"}]"#);
    assert_eq!(compute_hash(&a, None), compute_hash(&b, None));
    let c = with_mount(r#"[{"name": "cfg", "mountPath": "/etc/other", "readOnly": true}]"#);
    assert_ne!(compute_hash(&a, None), compute_hash(&c, None), "a different mount is a different template");
}

#[test]
fn revisions_parse_like_go() {
    let mut r = rs_sized(0);
    assert_eq!(revision(&r), Ok(0));
    r.metadata.annotations.insert(REVISION.into(), "12".into());
    assert_eq!(revision(&r), Ok(12));
    r.metadata.annotations.insert(REVISION.into(), "1 2".into());
    assert!(revision(&r).is_err());
    assert_eq!(parse_go_int("-3"), Some(-3));
    assert_eq!(parse_go_int("+3"), Some(3));
    assert_eq!(parse_go_int(""), None);
}
