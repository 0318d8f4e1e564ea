//! API machinery through the whole engine: LimitRange defaults and bounds,
//! ResourceQuota admission and status, cascading deletion in its three
//! modes, and namespace deletion.

use kubeplay_apiserver::{DeleteOptions, Propagation};
use kubeplay_engine::client;
use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity};
use std::collections::BTreeMap;

fn deploy(name: &str, ns: &str, replicas: i32, requests: &[(&str, &str)]) -> Object {
    let labels = BTreeMap::from([("app".to_string(), name.to_string())]);
    let mut c = Container { name: "web".into(), image: Some("nginx:1.14.2".into()), ..Default::default() };
    for (k, v) in requests {
        c.resources.requests.insert(k.to_string(), Quantity::parse(v).unwrap());
    }
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: name.into(), namespace: ns.into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec { metadata: ObjectMeta { labels, ..Default::default() }, spec: PodSpec { containers: vec![c], ..Default::default() } },
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn quantities(pairs: &[(&str, &str)]) -> BTreeMap<String, Quantity> {
    pairs.iter().map(|(k, v)| (k.to_string(), Quantity::parse(v).unwrap())).collect()
}

fn pods(e: &Engine, ns: &str) -> Vec<Pod> {
    e.store().list(Kind::Pod, Some(ns)).filter_map(|p| p.as_pod().cloned()).collect()
}

fn events(e: &Engine, reason: &str) -> Vec<String> {
    e.store().list(Kind::Event, None).filter_map(|o| o.as_event().cloned()).filter(|ev| ev.reason.as_deref() == Some(reason)).filter_map(|ev| ev.message).collect()
}

#[test]
fn limit_range_fills_in_defaults_and_rejects_what_exceeds_max() {
    let mut e = Engine::with_default_cluster(1);
    let lr = LimitRange {
        metadata: ObjectMeta { name: "limits".into(), namespace: "default".into(), ..Default::default() },
        spec: LimitRangeSpec {
            limits: vec![LimitRangeItem {
                type_: "Container".into(),
                default: quantities(&[("cpu", "500m")]),
                default_request: quantities(&[("cpu", "250m")]),
                max: quantities(&[("cpu", "1")]),
                ..Default::default()
            }],
        },
    };
    client::create(&mut e, Object::LimitRange(Box::new(lr))).unwrap();
    client::apply(&mut e, &deploy("web", "default", 1, &[]), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let p = &pods(&e, "default")[0];
    let r = &p.spec.containers[0].resources;
    assert_eq!(r.requests.get("cpu").map(|q| q.to_string()).as_deref(), Some("250m"));
    assert_eq!(r.limits.get("cpu").map(|q| q.to_string()).as_deref(), Some("500m"));
    assert_eq!(
        p.metadata.annotations.get("kubernetes.io/limit-ranger").map(String::as_str),
        Some("LimitRanger plugin set: cpu request for container web; cpu limit for container web")
    );
    // A container asking for more than max is refused; the ReplicaSet reports it.
    let mut big = deploy("big", "default", 1, &[]);
    if let Object::Deployment(d) = &mut big {
        d.spec.template.spec.containers[0].resources.limits.insert("cpu".into(), Quantity::parse("2").unwrap());
    }
    client::apply(&mut e, &big, None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let failed = events(&e, "FailedCreate");
    assert!(failed.iter().any(|m| m.contains("is forbidden: maximum cpu usage per Container is 1, but limit is 2")), "{failed:?}");
}

#[test]
fn resource_quota_stops_pods_beyond_its_limit_and_records_usage() {
    let mut e = Engine::with_default_cluster(1);
    let rq = ResourceQuota {
        metadata: ObjectMeta { name: "pod-quota".into(), namespace: "default".into(), ..Default::default() },
        spec: ResourceQuotaSpec { hard: quantities(&[("pods", "2")]), ..Default::default() },
        status: Default::default(),
    };
    client::create(&mut e, Object::ResourceQuota(Box::new(rq))).unwrap();
    client::apply(&mut e, &deploy("web", "default", 3, &[]), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(pods(&e, "default").len(), 2);
    let failed = events(&e, "FailedCreate");
    assert!(
        failed.iter().any(|m| m.starts_with("Error creating: pods \"web-") && m.ends_with("is forbidden: exceeded quota: pod-quota, requested: pods=1, used: pods=2, limited: pods=2")),
        "{failed:?}"
    );
    let q = e.store().get_by(Kind::ResourceQuota, "default", "pod-quota").unwrap();
    let Object::ResourceQuota(q) = &**q else { unreachable!() };
    assert_eq!(q.status.used.get("pods").map(|v| v.to_string()).as_deref(), Some("2"));
    let rs = e.store().list(Kind::ReplicaSet, Some("default")).filter_map(|r| r.as_replica_set().cloned()).next().unwrap();
    assert!(rs.status.conditions.iter().any(|c| c.type_ == "ReplicaFailure" && c.reason.as_deref() == Some("FailedCreate")));
}

#[test]
fn compute_quota_requires_requests() {
    let mut e = Engine::with_default_cluster(1);
    let rq = ResourceQuota {
        metadata: ObjectMeta { name: "compute".into(), namespace: "default".into(), ..Default::default() },
        spec: ResourceQuotaSpec { hard: quantities(&[("requests.cpu", "1")]), ..Default::default() },
        status: Default::default(),
    };
    client::create(&mut e, Object::ResourceQuota(Box::new(rq))).unwrap();
    let bare = Pod {
        metadata: ObjectMeta { name: "bare".into(), namespace: "default".into(), ..Default::default() },
        spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }], ..Default::default() }.into(),
        status: Default::default(),
    };
    let err = client::create(&mut e, Object::Pod(Box::new(bare))).unwrap_err();
    assert_eq!(err.to_string(), "pods \"bare\" is forbidden: failed quota: compute: must specify requests.cpu for: c");
    client::apply(&mut e, &deploy("web", "default", 3, &[("cpu", "400m")]), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(pods(&e, "default").len(), 2, "a third 400m pod would use 1200m of 1");
}

fn cascade(propagation: Propagation) -> (usize, usize) {
    let mut e = Engine::with_default_cluster(2);
    client::apply(&mut e, &deploy("web", "default", 2, &[]), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let key = ObjectKey::new(Kind::Deployment, "default", "web");
    client::delete(&mut e, &key, DeleteOptions { grace_period_seconds: None, propagation }).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key).is_none(), "the deployment itself is gone");
    (e.store().list(Kind::ReplicaSet, Some("default")).count(), pods(&e, "default").len())
}

#[test]
fn background_and_foreground_deletion_remove_dependents() {
    assert_eq!(cascade(Propagation::Background), (0, 0));
    assert_eq!(cascade(Propagation::Foreground), (0, 0));
}

#[test]
fn orphan_deletion_keeps_dependents_without_owner_references() {
    let mut e = Engine::with_default_cluster(2);
    client::apply(&mut e, &deploy("web", "default", 2, &[]), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let key = ObjectKey::new(Kind::Deployment, "default", "web");
    client::delete(&mut e, &key, DeleteOptions { grace_period_seconds: None, propagation: Propagation::Orphan }).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key).is_none());
    let rss: Vec<_> = e.store().list(Kind::ReplicaSet, Some("default")).cloned().collect();
    assert_eq!(rss.len(), 1);
    assert!(rss[0].meta().owner_references.is_empty(), "orphaned");
    assert_eq!(pods(&e, "default").len(), 2, "its pods keep running");
}

#[test]
fn deleting_a_namespace_deletes_everything_in_it() {
    let mut e = Engine::with_default_cluster(3);
    let ns = Namespace { metadata: ObjectMeta { name: "team".into(), ..Default::default() }, ..Default::default() };
    client::create(&mut e, Object::Namespace(Box::new(ns))).unwrap();
    client::apply(&mut e, &deploy("web", "team", 2, &[]), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let key = ObjectKey::new(Kind::Namespace, "", "team");
    let deleting = client::delete(&mut e, &key, DeleteOptions::default()).unwrap();
    assert_eq!(deleting.as_namespace().and_then(|n| n.status.phase.clone()).as_deref(), Some("Terminating"));
    // New content is refused while it terminates.
    let err = client::apply(&mut e, &deploy("late", "team", 1, &[]), None).unwrap_err();
    assert!(err.to_string().contains("unable to create new content in namespace team because it is being terminated"), "{err}");
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key).is_none());
    assert_eq!(pods(&e, "team").len(), 0);
}
