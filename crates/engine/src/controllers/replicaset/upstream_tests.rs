//! Upstream's tables for the ReplicaSet controller, ported:
//! pkg/controller/replicaset/replica_set_utils_test.go (calculateStatus),
//! the replica_set_test.go cases that need no fake HTTP server (driven
//! through the engine, whose store stands in for the informers and the
//! fake pod control), and controller_utils_test.go's pod filtering.

use super::status::{self, Counts, FailedOp, REPLICA_FAILURE};
use super::*;
use crate::{client, Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::{
    Container, PodSpec, PodStatus, PodTemplateSpec, ResourceQuota, ResourceQuotaSpec,
};
use kubeplay_model::{Condition, ObjectMeta, Quantity, Time};
use std::collections::BTreeMap;

const NOW: Time = Time::from_millis(1_735_689_600_000);

fn labels(kv: &[(&str, &str)]) -> BTreeMap<String, String> {
    kv.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// upstream newReplicaSet(replicas, selector): template labels
/// name=foo,type=production whatever the selector.
fn new_replica_set(replicas: i32, selector: &[(&str, &str)]) -> ReplicaSet {
    ReplicaSet {
        metadata: ObjectMeta {
            name: "foobar".into(),
            namespace: "default".into(),
            uid: "rs-uid".into(),
            ..Default::default()
        },
        spec: ReplicaSetSpec {
            replicas: Some(replicas),
            min_ready_seconds: None,
            selector: Some(LabelSelector {
                match_labels: labels(selector),
                match_expressions: vec![],
            }),
            template: PodTemplateSpec {
                metadata: ObjectMeta {
                    labels: labels(&[("name", "foo"), ("type", "production")]).into(),
                    ..Default::default()
                },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "c".into(),
                        image: Some("foo/bar".into()),
                        ..Default::default()
                    }]
                    .into(),
                    ..Default::default()
                },
            },
        },
        status: Default::default(),
    }
}

/// upstream newPod(name, rs, phase, nil, true): the selector's labels,
/// Ready (with a zero transition time) when Running.
fn new_pod(name: &str, rs: &ReplicaSet, phase: &str) -> Pod {
    let ready = phase == "Running";
    Pod {
        metadata: ObjectMeta {
            name: name.into(),
            namespace: rs.metadata.namespace.clone(),
            labels: rs
                .spec
                .selector
                .as_ref()
                .map(|s| s.match_labels.clone())
                .unwrap_or_default()
                .into(),
            ..Default::default()
        },
        spec: PodSpec::default().into(),
        status: PodStatus {
            phase: Some(phase.into()),
            conditions: if ready {
                vec![Condition {
                    type_: "Ready".into(),
                    status: "True".into(),
                    ..Default::default()
                }]
            } else {
                vec![]
            },
            ..Default::default()
        }
        .into(),
    }
}

fn calculate(
    rs: &ReplicaSet,
    pods: &[Pod],
    failure: Option<(FailedOp, String)>,
) -> ReplicaSetStatus {
    let refs: Vec<&Pod> = pods.iter().collect();
    status::calculate(rs, Counts::of_pods(rs, &refs, NOW), failure, NOW)
}

// replica_set_utils_test.go's TestCalculateStatus: (name, rs, pods) =>
// (replicas, fullyLabeled, ready, available).
#[test]
fn calculate_status() {
    let not_fully_labelled = new_replica_set(1, &[("name", "foo")]);
    let fully_labelled = new_replica_set(2, &[("name", "foo"), ("type", "production")]);
    let mut long_min_ready = new_replica_set(1, &[("name", "foo"), ("type", "production")]);
    long_min_ready.spec.min_ready_seconds = Some(3600);
    let (full, notfull, long) = (&fully_labelled, &not_fully_labelled, &long_min_ready);
    type Case<'a> = (&'a str, &'a ReplicaSet, Vec<Pod>, (i32, i32, i32, i32));
    let cases: Vec<Case> = vec![
        (
            "1 fully labelled pod",
            full,
            vec![new_pod("pod1", full, "Running")],
            (1, 1, 1, 1),
        ),
        (
            "1 not fully labelled pod",
            notfull,
            vec![new_pod("pod1", notfull, "Running")],
            (1, 0, 1, 1),
        ),
        (
            "2 fully labelled pods",
            full,
            vec![
                new_pod("pod1", full, "Running"),
                new_pod("pod2", full, "Running"),
            ],
            (2, 2, 2, 2),
        ),
        (
            "2 not fully labelled pods",
            notfull,
            vec![
                new_pod("pod1", notfull, "Running"),
                new_pod("pod2", notfull, "Running"),
            ],
            (2, 0, 2, 2),
        ),
        (
            "1 fully labelled pod, 1 not fully labelled pod",
            notfull,
            vec![
                new_pod("pod1", notfull, "Running"),
                new_pod("pod2", full, "Running"),
            ],
            (2, 1, 2, 2),
        ),
        (
            "1 non-ready pod",
            full,
            vec![new_pod("pod1", full, "Pending")],
            (1, 1, 0, 0),
        ),
        (
            "1 ready but non-available pod",
            long,
            vec![new_pod("pod1", long, "Running")],
            (1, 1, 1, 0),
        ),
    ];
    for (name, rs, pods, want) in cases {
        let s = calculate(rs, &pods, None);
        let n = |v: Option<i32>| v.unwrap_or(0);
        assert_eq!(
            (
                s.replicas,
                n(s.fully_labeled_replicas),
                n(s.ready_replicas),
                n(s.available_replicas)
            ),
            want,
            "{name}"
        );
    }
}

// replica_set_utils_test.go's TestCalculateStatusConditions. Upstream
// picks the reason by the sign of (pods - replicas); here manageReplicas
// says which operation failed, which is the same thing.
#[test]
fn calculate_status_conditions() {
    let rs = new_replica_set(2, &[("name", "foo")]);
    let mut replica_failure_rs = new_replica_set(10, &[("name", "foo")]);
    replica_failure_rs.status.conditions = vec![Condition {
        type_: REPLICA_FAILURE.into(),
        status: "True".into(),
        ..Default::default()
    }];
    let err = || "fake manageReplicasErr".to_string();
    let pods = |rs: &ReplicaSet, n: usize| {
        (1..=n)
            .map(|i| new_pod(&format!("pod{i}"), rs, "Running"))
            .collect::<Vec<_>>()
    };
    let failed = |reason: &str| {
        vec![(
            REPLICA_FAILURE.to_string(),
            "True".to_string(),
            Some(reason.to_string()),
            Some(err()),
        )]
    };
    type Want = Vec<(String, String, Option<String>, Option<String>)>;
    type Case<'a> = (
        &'a str,
        &'a ReplicaSet,
        usize,
        Option<(FailedOp, String)>,
        Want,
    );
    let cases: Vec<Case> = vec![
        (
            "manageReplicasErr != nil && failureCond == nil, diff < 0",
            &rs,
            1,
            Some((FailedOp::Create, err())),
            failed("FailedCreate"),
        ),
        (
            "manageReplicasErr != nil && failureCond == nil, diff > 0",
            &rs,
            3,
            Some((FailedOp::Delete, err())),
            failed("FailedDelete"),
        ),
        (
            "manageReplicasErr == nil && failureCond != nil",
            &replica_failure_rs,
            1,
            None,
            vec![],
        ),
        (
            "manageReplicasErr != nil && failureCond != nil",
            &replica_failure_rs,
            1,
            Some((FailedOp::Create, err())),
            vec![(REPLICA_FAILURE.into(), "True".into(), None, None)],
        ),
        (
            "manageReplicasErr == nil && failureCond == nil",
            &rs,
            1,
            None,
            vec![],
        ),
    ];
    for (name, rs, n, failure, want) in cases {
        let s = calculate(rs, &pods(rs, n), failure);
        let got: Want = s
            .conditions
            .iter()
            .map(|c| {
                (
                    c.type_.to_string(),
                    c.status.to_string(),
                    c.reason.as_deref().map(str::to_string),
                    c.message.as_deref().map(str::to_string),
                )
            })
            .collect();
        assert_eq!(got, want, "{name}");
    }
}

// controller_utils_test.go's TestActivePodFiltering and
// TestFilterActivePods: Succeeded and Failed pods are not active.
#[test]
fn active_pod_filtering() {
    let rs = new_replica_set(0, &[("foo", "bar")]);
    let phases = [
        ("pod-1", "Succeeded"),
        ("pod-2", "Failed"),
        ("pod-3", "Running"),
        ("pod-4", "Running"),
        ("pod-5", "Running"),
    ];
    let pods: Vec<Pod> = phases.iter().map(|(n, ph)| new_pod(n, &rs, ph)).collect();
    let active: Vec<&str> = pods
        .iter()
        .filter(|p| p.is_active())
        .map(|p| p.metadata.name.as_str())
        .collect();
    assert_eq!(active, ["pod-3", "pod-4", "pod-5"]);
}

// ------------------------------------------------- through the engine

fn rs_object(name: &str, replicas: i32, selector: &[(&str, &str)]) -> Object {
    let mut rs = new_replica_set(replicas, selector);
    rs.metadata.name = name.into();
    rs.metadata.uid = Default::default();
    rs.spec.template.metadata.labels = labels(selector).into();
    rs.spec.template.spec.containers[0].image = Some("nginx:1.25".into());
    Object::ReplicaSet(Box::new(rs))
}

fn rs_pods(e: &Engine, rs: &str) -> Vec<Pod> {
    let uid = e
        .store()
        .get_by(Kind::ReplicaSet, "default", rs)
        .map(|o| o.meta().uid.clone())
        .unwrap();
    e.store()
        .list(Kind::Pod, Some("default"))
        .filter_map(|p| p.as_pod())
        .filter(|p| p.is_active() && p.metadata.controller_ref().is_some_and(|r| r.uid == uid))
        .cloned()
        .collect()
}

/// The ReplicaSet controller's pod writes since `from` in the trace.
fn rs_pod_writes(e: &Engine, from: usize) -> Vec<(crate::Verb, String)> {
    e.trace()[from..]
        .iter()
        .filter(|s| s.controller == ControllerId::ReplicaSet)
        .flat_map(|s| &s.writes)
        .filter(|w| {
            w.key.kind == Kind::Pod && matches!(w.verb, crate::Verb::Create | crate::Verb::Delete)
        })
        .map(|w| (w.verb, w.key.name.to_string()))
        .collect()
}

// replica_set_test.go's TestSyncReplicaSetDoesNothing: 2 pods for 2
// replicas, a sync creates and deletes nothing.
#[test]
fn sync_replica_set_does_nothing() {
    let mut e = Engine::with_default_cluster(1);
    client::create(&mut e, rs_object("foobar", 2, &[("foo", "bar")])).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(rs_pods(&e, "foobar").len(), 2);
    let from = e.trace().len();
    let key = ObjectKey::new(Kind::ReplicaSet, "default", "foobar");
    // Any change enqueues a sync; an annotation changes nothing else.
    let mut rs = e.store().get(&key).unwrap().as_ref().clone();
    rs.meta_mut().annotations.insert("touch".into(), "1".into());
    e.user("annotate", key, |ctx| ctx.update(rs).map(|_| ()))
        .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(
        e.trace()[from..]
            .iter()
            .any(|s| s.controller == ControllerId::ReplicaSet),
        "a sync ran"
    );
    assert!(rs_pod_writes(&e, from).is_empty());
}

// replica_set_test.go's TestSyncReplicaSetDeletes: 2 pods too many, 2
// deleted; and TestSyncReplicaSetCreates' scale up from 0 to 2.
#[test]
fn sync_replica_set_creates_and_deletes() {
    let mut e = Engine::with_default_cluster(1);
    client::create(&mut e, rs_object("foobar", 2, &[("foo", "bar")])).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let created = rs_pod_writes(&e, 0);
    assert_eq!(
        created
            .iter()
            .filter(|(v, _)| *v == crate::Verb::Create)
            .count(),
        2
    );
    let key = ObjectKey::new(Kind::ReplicaSet, "default", "foobar");
    let mut rs = e.store().get(&key).unwrap().as_ref().clone();
    if let Object::ReplicaSet(r) = &mut rs {
        r.spec.replicas = Some(4);
    }
    e.user("scale", key.clone(), |ctx| ctx.update(rs).map(|_| ()))
        .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let from = e.trace().len();
    let mut rs = e.store().get(&key).unwrap().as_ref().clone();
    if let Object::ReplicaSet(r) = &mut rs {
        r.spec.replicas = Some(2);
    }
    e.user("scale", key, |ctx| ctx.update(rs).map(|_| ()))
        .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let writes = rs_pod_writes(&e, from);
    assert_eq!(
        writes
            .iter()
            .filter(|(v, _)| *v == crate::Verb::Delete)
            .count(),
        2,
        "{writes:?}"
    );
    assert_eq!(rs_pods(&e, "foobar").len(), 2);
}

// replica_set_test.go's TestSyncReplicaSetCreateFailures: 100 replicas
// against a limit of 10 (a quota here, FakePodControl.CreateLimit
// upstream): the first sync makes 10 pods and no more create calls than
// the slow-start batches that reach past the limit (1 + 2 + 4 + 8).
#[test]
fn sync_replica_set_create_failures() {
    let mut e = Engine::with_default_cluster(1);
    let rq = ResourceQuota {
        metadata: ObjectMeta {
            name: "pods".into(),
            namespace: "default".into(),
            ..Default::default()
        },
        spec: ResourceQuotaSpec {
            hard: BTreeMap::from([("pods".to_string(), Quantity::parse("10").unwrap())]),
            ..Default::default()
        },
        status: Default::default(),
    };
    client::create(&mut e, Object::ResourceQuota(Box::new(rq))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let from = e.trace().len();
    client::create(&mut e, rs_object("foobar", 100, &[("foo", "bar")])).unwrap();
    e.advance(0);
    let first = e.trace()[from..]
        .iter()
        .find(|s| s.controller == ControllerId::ReplicaSet)
        .expect("a sync ran");
    let calls: Vec<&str> = first
        .events
        .iter()
        .map(|ev| ev.reason.as_str())
        .filter(|r| *r == "SuccessfulCreate" || *r == "FailedCreate")
        .collect();
    assert_eq!(
        calls.iter().filter(|r| **r == "SuccessfulCreate").count(),
        10
    );
    let mut limit = 0;
    let mut pass = 0;
    while limit <= 10 {
        limit += manage::SLOW_START_INITIAL_BATCH << pass;
        pass += 1;
    }
    assert!(
        calls.len() <= limit,
        "{} create calls, at most {limit}",
        calls.len()
    );
    let rs = e
        .store()
        .get_by(Kind::ReplicaSet, "default", "foobar")
        .and_then(|o| o.as_replica_set().cloned())
        .unwrap();
    assert!(rs
        .status
        .conditions
        .iter()
        .any(|c| c.type_ == REPLICA_FAILURE && c.reason.as_deref() == Some("FailedCreate")));
}

// replica_set_test.go's TestPodControllerLookup (getPodReplicaSets):
// (ReplicaSets as (name, namespace, selector), pod namespace, pod labels)
// => the one ReplicaSet an orphan is offered to.
#[test]
fn pod_controller_lookup() {
    type Case = (
        Vec<(
            &'static str,
            &'static str,
            Vec<(&'static str, &'static str)>,
        )>,
        &'static str,
        Vec<(&'static str, &'static str)>,
        Option<&'static str>,
    );
    let cases: Vec<Case> = vec![
        // Pods without labels match no ReplicaSet (upstream's has no
        // selector, which validation refuses: one that selects something).
        (
            vec![("basic", "default", vec![("foo", "bar")])],
            "default",
            vec![],
            None,
        ),
        // Matching labels, not namespace.
        (
            vec![("foo", "default", vec![("foo", "bar")])],
            "ns",
            vec![("foo", "bar")],
            None,
        ),
        // Matching namespace and labels.
        (
            vec![("bar", "ns", vec![("foo", "bar")])],
            "ns",
            vec![("foo", "bar")],
            Some("bar"),
        ),
    ];
    for (rss, ns, pod_labels, want) in cases {
        let mut objs = vec![crate::testing::namespace("ns")];
        for (name, rs_ns, sel) in &rss {
            let mut rs = new_replica_set(1, sel);
            rs.metadata.name = name.to_string();
            rs.metadata.namespace = (*rs_ns).into();
            rs.spec.template.metadata.labels = labels(sel).into();
            objs.push(Object::ReplicaSet(Box::new(rs)));
        }
        let store = crate::testing::store_with(objs);
        let pod = Pod {
            metadata: ObjectMeta {
                name: "foo1".into(),
                namespace: ns.into(),
                labels: labels(&pod_labels).into(),
                ..Default::default()
            },
            spec: PodSpec::default().into(),
            status: Default::default(),
        };
        let got: Vec<String> = selecting(&store, Kind::ReplicaSet, &Object::Pod(Box::new(pod)))
            .iter()
            .map(|k| k.name.to_string())
            .collect();
        assert_eq!(
            got,
            want.into_iter().map(str::to_string).collect::<Vec<_>>()
        );
    }
}

// replica_set_test.go's TestUpdatePods (updatePod): which ReplicaSets a
// pod update enqueues. (old labels, old owner, new labels, new owner) =>
// ReplicaSets synced; rs1 selects foo=bar, rs2 bar=foo.
#[test]
fn update_pods() {
    let (map1, map2) = (vec![("foo", "bar")], vec![("bar", "foo")]);
    let mut store = crate::testing::store_with([]);
    let mut refs = Vec::new();
    for (name, sel) in [("foobar", &map1), ("barfoo", &map2)] {
        let mut rs = new_replica_set(1, sel);
        rs.metadata.name = name.into();
        rs.metadata.uid = Default::default();
        rs.spec.template.metadata.labels = labels(sel).into();
        let rs = crate::testing::create_at(&mut store, Object::ReplicaSet(Box::new(rs)), 0);
        refs.push(crate::controllers::controller_ref(&rs));
    }
    let pod = |l: &[(&str, &str)], owner: Option<usize>| {
        Arc::new(Object::Pod(Box::new(Pod {
            metadata: ObjectMeta {
                name: "pod0".into(),
                namespace: "default".into(),
                labels: labels(l).into(),
                owner_references: owner.map(|i| refs[i].clone()).into_iter().collect(),
                ..Default::default()
            },
            spec: PodSpec::default().into(),
            status: Default::default(),
        })))
    };
    type Case<'a> = (
        &'a str,
        (&'a [(&'a str, &'a str)], Option<usize>),
        (&'a [(&'a str, &'a str)], Option<usize>),
        Vec<&'a str>,
    );
    let cases: Vec<Case> = vec![
        (
            "pod with a ControllerRef, labels change",
            (&map1, Some(0)),
            (&map2, Some(0)),
            vec!["foobar"],
        ),
        (
            "ControllerRef removed: the former owner, which also matches",
            (&map2, Some(1)),
            (&map2, None),
            vec!["barfoo"],
        ),
        (
            "ControllerRef removed: the former owner and the matching one",
            (&map2, Some(0)),
            (&map2, None),
            vec!["barfoo", "foobar"],
        ),
        (
            "ControllerRef kept, labels change: the owner",
            (&map1, Some(1)),
            (&map2, Some(1)),
            vec!["barfoo"],
        ),
    ];
    for (name, (old_l, old_o), (new_l, new_o), want) in cases {
        let change = Change {
            type_: kubeplay_apiserver::ChangeType::Modified,
            key: ObjectKey::new(Kind::Pod, "default", "pod0"),
            old: Some(pod(old_l, old_o)),
            new: Some(pod(new_l, new_o)),
            resource_version: 2,
        };
        let mut got = BTreeSet::new();
        watch(Kind::ReplicaSet, &change, &store, &mut |k| {
            got.insert(k.name.to_string());
        });
        assert_eq!(got.into_iter().collect::<Vec<_>>(), want, "{name}");
    }
}

// replica_set_test.go's TestControllerBurstReplicas (doTestControllerBurst
// Replicas with the default BurstReplicas): a sync creates at most 500
// pods, and deletes at most 500.
#[test]
fn burst_replicas() {
    let mut e = Engine::with_default_cluster(1);
    client::create(&mut e, rs_object("foobar", 600, &[("foo", "bar")])).unwrap();
    let rs_step_writes = |e: &mut Engine, verb: crate::Verb| loop {
        let s = e.step().expect("a step");
        if s.controller == ControllerId::ReplicaSet {
            break s
                .writes
                .iter()
                .filter(|w| w.key.kind == Kind::Pod && w.verb == verb)
                .count();
        }
    };
    assert_eq!(rs_step_writes(&mut e, crate::Verb::Create), BURST_REPLICAS);
    assert_eq!(rs_step_writes(&mut e, crate::Verb::Create), 100);
    let key = ObjectKey::new(Kind::ReplicaSet, "default", "foobar");
    let mut rs = e.store().get(&key).unwrap().as_ref().clone();
    if let Object::ReplicaSet(r) = &mut rs {
        r.spec.replicas = Some(0);
    }
    e.user("scale", key, |ctx| ctx.update(rs).map(|_| ()))
        .unwrap();
    assert_eq!(rs_step_writes(&mut e, crate::Verb::Delete), BURST_REPLICAS);
}
