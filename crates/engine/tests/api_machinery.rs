//! API machinery through the whole engine: LimitRange defaults and bounds,
//! ResourceQuota admission and status, cascading deletion in its three
//! modes, and namespace deletion.

use kubeplay_apiserver::{DeleteOptions, Propagation};
use kubeplay_engine::client;
use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta, OwnerReference, Quantity};
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
            template: PodTemplateSpec { metadata: ObjectMeta { labels: labels.into(), ..Default::default() }, spec: PodSpec { containers: vec![c].into(), ..Default::default() } },
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
        spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() }.into(),
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

fn owner_ref(owner: &Object, block: Option<bool>) -> OwnerReference {
    OwnerReference {
        api_version: owner.kind().info().api_version().into(),
        kind: owner.kind().name().into(),
        name: owner.name().into(),
        uid: owner.meta().uid.clone(),
        controller: None,
        block_owner_deletion: block,
    }
}

fn config_map(name: &str, ns: &str, owners: Vec<OwnerReference>) -> Object {
    Object::ConfigMap(Box::new(ConfigMap {
        metadata: ObjectMeta { name: name.into(), namespace: ns.into(), owner_references: owners.into(), ..Default::default() },
        ..Default::default()
    }))
}

fn live(e: &Engine, kind: Kind, ns: &str, name: &str) -> Option<std::sync::Arc<Object>> {
    e.store().get_by(kind, ns, name).cloned()
}

// TestAttemptToDeleteItem (garbagecollector_test.go): a pod whose owner,
// a ReplicationController, is not found is deleted.
#[test]
fn pod_with_missing_owner_is_collected() {
    let mut e = Engine::with_default_cluster(4);
    let mut p = Pod { metadata: ObjectMeta { name: "orphan".into(), namespace: "default".into(), ..Default::default() }, ..Default::default() };
    p.metadata.owner_references.push(OwnerReference {
        api_version: "v1".into(),
        kind: "ReplicationController".into(),
        name: "never-was".into(),
        uid: "0a5d5b8e-0000-4000-8000-000000000001".into(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    });
    p.spec_mut().containers.push(Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() });
    client::create(&mut e, Object::Pod(Box::new(p))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(live(&e, Kind::Pod, "default", "orphan").is_none());
    // A reference to a kind the cluster does not serve is left alone, as
    // upstream retries it rather than deleting.
    let cm = config_map("cr-owned", "default", vec![OwnerReference { api_version: "example.com/v1".into(), kind: "Widget".into(), name: "w".into(), uid: "u".into(), controller: None, block_owner_deletion: None }]);
    client::create(&mut e, cm).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(live(&e, Kind::ConfigMap, "default", "cr-owned").is_some());
}

// attemptToDeleteItem: with one solid owner the object stays, and only
// its references to absent owners are removed.
#[test]
fn dependent_with_a_live_second_owner_keeps_it() {
    let mut e = Engine::with_default_cluster(5);
    let a = client::create(&mut e, deploy("a", "default", 0, &[])).unwrap();
    let b = client::create(&mut e, deploy("b", "default", 0, &[])).unwrap();
    client::create(&mut e, config_map("shared", "default", vec![owner_ref(&a, None), owner_ref(&b, None)])).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &a.key(), DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let cm = live(&e, Kind::ConfigMap, "default", "shared").expect("kept: b still owns it");
    assert_eq!(cm.meta().owner_references.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["b"]);
    client::delete(&mut e, &b.key(), DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(live(&e, Kind::ConfigMap, "default", "shared").is_none(), "its last owner went");
}

#[test]
fn configmap_owned_by_deployment_is_collected() {
    let mut e = Engine::with_default_cluster(6);
    let web = client::create(&mut e, deploy("web", "default", 1, &[])).unwrap();
    client::create(&mut e, config_map("settings", "default", vec![owner_ref(&web, Some(true))])).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &web.key(), DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(live(&e, Kind::ConfigMap, "default", "settings").is_none());
    assert_eq!(e.store().list(Kind::ReplicaSet, Some("default")).count(), 0);
}

// TestConflictingData "bad child in ns1 -> owner pod in ns2": looked up in
// the child's namespace the owner is absent, so the child is deleted, with
// a Warning on it (graph_builder.go reportInvalidNamespaceOwnerRef). A
// cluster-scoped child of a namespaced owner is reported and kept.
#[test]
fn owner_in_other_namespace_counts_as_absent() {
    let mut e = Engine::with_default_cluster(7);
    client::create(&mut e, Object::Namespace(Box::new(Namespace { metadata: ObjectMeta { name: "ns2".into(), ..Default::default() }, ..Default::default() }))).unwrap();
    let owner = client::create(&mut e, config_map("owner", "ns2", vec![])).unwrap();
    let uid = owner.meta().uid.clone();
    client::create(&mut e, config_map("child", "default", vec![owner_ref(&owner, None)])).unwrap();
    let pv = PersistentVolume {
        metadata: ObjectMeta { name: "pv-child".into(), owner_references: vec![owner_ref(&owner, None)].into(), ..Default::default() },
        spec: PvSpec { capacity: quantities(&[("storage", "1Gi")]), access_modes: vec!["ReadWriteOnce".into()], host_path: Some(serde_json::json!({"path": "/tmp"})), ..Default::default() },
        ..Default::default()
    };
    client::create(&mut e, Object::PersistentVolume(Box::new(pv))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(live(&e, Kind::ConfigMap, "default", "child").is_none());
    assert!(live(&e, Kind::ConfigMap, "ns2", "owner").is_some());
    assert!(live(&e, Kind::PersistentVolume, "", "pv-child").is_some(), "a cluster-scoped child is not deleted");
    let mut got = events(&e, "OwnerRefInvalidNamespace");
    got.sort();
    assert_eq!(
        got,
        [
            format!("ownerRef [v1/ConfigMap, namespace: , name: owner, uid: {uid}] does not exist in namespace \"\""),
            format!("ownerRef [v1/ConfigMap, namespace: default, name: owner, uid: {uid}] does not exist in namespace \"default\""),
        ]
    );
}

// processTransitions: an owner entering foreground deletion queues all its
// dependents; only those with blockOwnerDeletion hold it back.
#[test]
fn foreground_deletion_deletes_non_blocking_dependents_at_once() {
    let mut e = Engine::with_default_cluster(8);
    let web = client::create(&mut e, deploy("web", "default", 1, &[])).unwrap();
    client::create(&mut e, config_map("loose", "default", vec![owner_ref(&web, None)])).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &web.key(), DeleteOptions { grace_period_seconds: None, propagation: Propagation::Foreground }).unwrap();
    // Step until the collector has acted once on the deployment.
    while live(&e, Kind::ConfigMap, "default", "loose").is_some() {
        assert!(e.step().is_some(), "the collector deleted the config map");
    }
    assert!(live(&e, Kind::Deployment, "default", "web").is_some(), "the deployment waits for its ReplicaSet");
    e.settle(DEFAULT_SETTLE_MS);
    assert!(live(&e, Kind::Deployment, "default", "web").is_none());
}

// ServiceAccountsController and the root CA publisher: a new namespace
// gets both; a deleted or edited one is put back; a namespace being
// deleted is left alone (they skip namespaces that are not active).
#[test]
fn namespaces_get_a_default_service_account_and_the_root_ca() {
    let mut e = Engine::with_default_cluster(9);
    for ns in ["default", "kube-system", "kube-public", "kube-node-lease"] {
        assert!(live(&e, Kind::ServiceAccount, ns, "default").is_some(), "{ns}");
        assert!(live(&e, Kind::ConfigMap, ns, "kube-root-ca.crt").is_some(), "{ns}");
    }
    client::create(&mut e, Object::Namespace(Box::new(Namespace { metadata: ObjectMeta { name: "team".into(), ..Default::default() }, ..Default::default() }))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(live(&e, Kind::ServiceAccount, "team", "default").is_some());
    let ca = live(&e, Kind::ConfigMap, "team", "kube-root-ca.crt").expect("published");
    let Object::ConfigMap(cm) = &*ca else { panic!() };
    assert!(cm.data["ca.crt"].starts_with("-----BEGIN CERTIFICATE-----\n"));
    let mut edited = (*ca).clone();
    if let Object::ConfigMap(c) = &mut edited {
        c.data.insert("ca.crt".into(), "tampered".into());
    }
    client::replace(&mut e, edited).unwrap();
    client::delete(&mut e, &ObjectKey::new(Kind::ServiceAccount, "team", "default"), DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(live(&e, Kind::ServiceAccount, "team", "default").is_some(), "made again");
    let ca = live(&e, Kind::ConfigMap, "team", "kube-root-ca.crt").unwrap();
    let Object::ConfigMap(c) = &*ca else { panic!() };
    assert!(c.data["ca.crt"].starts_with("-----BEGIN CERTIFICATE-----"), "put back");
    client::delete(&mut e, &ObjectKey::new(Kind::Namespace, "", "team"), DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(live(&e, Kind::Namespace, "", "team").is_none(), "the namespace went, nothing came back to hold it");
    assert!(live(&e, Kind::ServiceAccount, "team", "default").is_none());
}
