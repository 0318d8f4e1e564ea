//! Upstream's garbage-collector cases, ported as whole-cluster scenarios:
//! pkg/controller/garbagecollector/garbagecollector_test.go
//! (TestAttemptToDeleteItem, TestConflictingData's namespace and API
//! version cases, TestDeleteOwnerRefPatch, the orphan / foreground /
//! background / blockOwnerDeletion flows) and the graph
//! builder's OwnerRefInvalidNamespace report. ConfigMaps stand in for
//! upstream's pods where grace periods would only add noise.

use super::*;
use crate::{client, Engine, DEFAULT_SETTLE_MS};
use serde_json::{json, Value};

fn obj(v: Value) -> Object {
    kubeplay_codec::object_from_json(&v).unwrap()
}

fn engine() -> Engine {
    let mut e = Engine::with_default_cluster(7);
    client::create(&mut e, obj(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "ns2"}}))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    e
}

fn cm(ns: &str, name: &str, owners: Value) -> Object {
    obj(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name, "namespace": ns, "ownerReferences": owners}}))
}

fn uid(e: &Engine, key: &ObjectKey) -> String {
    e.store().get(key).unwrap().meta().uid.to_string()
}

fn key(ns: &str, name: &str) -> ObjectKey {
    ObjectKey::new(Kind::ConfigMap, ns, name)
}

fn events(e: &Engine, reason: &str) -> Vec<(String, String)> {
    e.store()
        .iter()
        .filter_map(|o| match &**o {
            Object::Event(ev) if ev.reason.as_deref() == Some(reason) => {
                Some((ev.involved_object.name.as_deref().unwrap_or("").to_string(), ev.message.clone().unwrap_or_default()))
            }
            _ => None,
        })
        .collect()
}

/// TestAttemptToDeleteItem: the owner ReplicationController (by uid) is
/// not found, so the dependent is deleted.
#[test]
fn dependent_of_absent_owner_is_deleted() {
    let mut e = engine();
    client::create(&mut e, cm("default", "child", json!([{"apiVersion": "v1", "kind": "ReplicationController", "name": "rc1", "uid": "123"}])))
        .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "child")).is_none());
}

/// An owner with the referenced name but another uid counts as absent.
#[test]
fn owner_with_other_uid_is_absent() {
    let mut e = engine();
    client::create(&mut e, cm("default", "owner", json!([]))).unwrap();
    client::create(&mut e, cm("default", "child", json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": "not-the-owner"}]))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "child")).is_none());
    assert!(e.store().get(&key("default", "owner")).is_some());
}

/// classifyReferences: one solid owner keeps the object; the reference
/// to the absent owner is removed (the deleteOwnerRefPatch).
#[test]
fn solid_owner_keeps_dependent_and_drops_dangling_reference() {
    let mut e = engine();
    client::create(&mut e, cm("default", "owner", json!([]))).unwrap();
    let owner_uid = uid(&e, &key("default", "owner"));
    client::create(
        &mut e,
        cm(
            "default",
            "child",
            json!([
                {"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": owner_uid},
                {"apiVersion": "v1", "kind": "ConfigMap", "name": "gone", "uid": "gone-uid"}
            ]),
        ),
    )
    .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let child = e.store().get(&key("default", "child")).expect("kept: one owner is solid");
    let refs: Vec<&str> = child.meta().owner_references.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(refs, ["owner"]);
}

/// Orphan: the owner's orphan finalizer strips the references from its
/// dependents, which survive; then the owner goes.
#[test]
fn orphan_finalizer_releases_dependents() {
    let mut e = engine();
    client::create(&mut e, cm("default", "owner", json!([]))).unwrap();
    let owner_uid = uid(&e, &key("default", "owner"));
    client::create(&mut e, cm("default", "child", json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": owner_uid, "blockOwnerDeletion": true}])))
        .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &key("default", "owner"), DeleteOptions { grace_period_seconds: None, propagation: Propagation::Orphan }).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "owner")).is_none());
    let child = e.store().get(&key("default", "child")).expect("orphaned, not deleted");
    assert!(child.meta().owner_references.is_empty());
}

/// Foreground: the owner stays (deletionTimestamp, foregroundDeletion)
/// while a dependent with blockOwnerDeletion=true remains; a dependent
/// that does not block is deleted without holding it.
#[test]
fn foreground_owner_waits_for_blocking_dependents_only() {
    let mut e = engine();
    client::create(&mut e, cm("default", "owner", json!([]))).unwrap();
    let owner_uid = uid(&e, &key("default", "owner"));
    let r = |block: bool| json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": owner_uid, "blockOwnerDeletion": block}]);
    let mut blocking = cm("default", "blocking", r(true));
    blocking.meta_mut().finalizers.push("example.com/hold".into());
    client::create(&mut e, blocking).unwrap();
    client::create(&mut e, cm("default", "free", r(false))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &key("default", "owner"), DeleteOptions { grace_period_seconds: None, propagation: Propagation::Foreground }).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let owner = e.store().get(&key("default", "owner")).expect("held by its blocking dependent");
    assert!(owner.meta().deletion_timestamp.is_some());
    assert!(has_finalizer(owner, FOREGROUND));
    assert!(e.store().get(&key("default", "free")).is_none(), "non-blocking dependent deleted too");
    let held = e.store().get(&key("default", "blocking")).unwrap();
    assert!(held.meta().deletion_timestamp.is_some(), "blocking dependent is being deleted");
    client::update_with(&mut e, &key("default", "blocking"), "release", |o| {
        o.meta_mut().finalizers.clear();
        Ok(())
    })
    .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "blocking")).is_none());
    assert!(e.store().get(&key("default", "owner")).is_none(), "no blocking dependents left: owner goes");
}

/// Foreground with only non-blocking dependents: nothing holds the owner.
#[test]
fn foreground_owner_without_blocking_dependents_goes() {
    let mut e = engine();
    client::create(&mut e, cm("default", "owner", json!([]))).unwrap();
    let owner_uid = uid(&e, &key("default", "owner"));
    let mut child = cm("default", "child", json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": owner_uid}]));
    child.meta_mut().finalizers.push("example.com/hold".into());
    client::create(&mut e, child).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &key("default", "owner"), DeleteOptions { grace_period_seconds: None, propagation: Propagation::Foreground }).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "owner")).is_none());
    assert!(e.store().get(&key("default", "child")).unwrap().meta().deletion_timestamp.is_some());
}

/// TestConflictingData "bad child in ns1 -> owner in ns2": the owner is
/// looked up in the child's namespace, so it is absent: the child is
/// deleted, with a Warning OwnerRefInvalidNamespace on it.
#[test]
fn owner_in_other_namespace_is_absent_and_reported() {
    let mut e = engine();
    client::create(&mut e, cm("ns2", "owner", json!([]))).unwrap();
    let owner_uid = uid(&e, &key("ns2", "owner"));
    client::create(&mut e, cm("default", "child", json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": owner_uid}]))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "child")).is_none());
    assert!(e.store().get(&key("ns2", "owner")).is_some());
    let want = format!("ownerRef [v1/ConfigMap, namespace: default, name: owner, uid: {owner_uid}] does not exist in namespace \"default\"");
    assert!(events(&e, "OwnerRefInvalidNamespace").contains(&("child".to_string(), want)));
}

/// TestConflictingData "bad cluster-scoped child -> namespaced owner": a
/// cluster-scoped object cannot have a namespaced owner; it is reported
/// (namespace "") and never deleted.
#[test]
fn cluster_scoped_dependent_of_namespaced_owner_is_kept_and_reported() {
    let mut e = engine();
    client::create(&mut e, cm("ns2", "owner", json!([]))).unwrap();
    let owner_uid = uid(&e, &key("ns2", "owner"));
    client::create(
        &mut e,
        obj(json!({"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "value": 10,
                   "metadata": {"name": "child", "ownerReferences": [{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": owner_uid}]}})),
    )
    .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&ObjectKey::new(Kind::PriorityClass, "", "child")).is_some());
    let want = format!("ownerRef [v1/ConfigMap, namespace: , name: owner, uid: {owner_uid}] does not exist in namespace \"\"");
    assert!(events(&e, "OwnerRefInvalidNamespace").contains(&("child".to_string(), want)), "{:?}", events(&e, "OwnerRefInvalidNamespace"));
}

/// TestConflictingData "good child -> cluster-scoped owner": a namespaced
/// child of a Node is kept while the Node is there.
#[test]
fn namespaced_child_of_cluster_scoped_owner_is_kept() {
    let mut e = engine();
    let node = e.store().list(Kind::Node, None).next().unwrap().clone();
    client::create(&mut e, cm("ns2", "child", json!([{"apiVersion": "v1", "kind": "Node", "name": node.name(), "uid": node.meta().uid.to_string()}]))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("ns2", "child")).is_some());
}

/// attemptToDeleteItem: a dependent whose only owner waits for its
/// dependents, and which has dependents itself, is deleted in the
/// foreground too, so the wait cascades down the tree.
#[test]
fn foreground_cascades_through_dependents_with_dependents() {
    let mut e = engine();
    client::create(&mut e, cm("default", "top", json!([]))).unwrap();
    let top = uid(&e, &key("default", "top"));
    client::create(&mut e, cm("default", "mid", json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "top", "uid": top, "blockOwnerDeletion": true}]))).unwrap();
    let mid = uid(&e, &key("default", "mid"));
    let mut leaf = cm("default", "leaf", json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "mid", "uid": mid, "blockOwnerDeletion": true}]));
    leaf.meta_mut().finalizers.push("example.com/hold".into());
    client::create(&mut e, leaf).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &key("default", "top"), DeleteOptions { grace_period_seconds: None, propagation: Propagation::Foreground }).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let m = e.store().get(&key("default", "mid")).expect("mid waits for leaf");
    assert!(deleting_dependents(m), "mid deleted with foreground propagation");
    assert!(deleting_dependents(e.store().get(&key("default", "top")).unwrap()));
    client::update_with(&mut e, &key("default", "leaf"), "release", |o| {
        o.meta_mut().finalizers.clear();
        Ok(())
    })
    .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    for n in ["leaf", "mid", "top"] {
        assert!(e.store().get(&key("default", n)).is_none(), "{n} gone");
    }
}

fn deployment(e: &mut Engine, name: &str) -> String {
    let d = obj(json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name, "namespace": "default"},
        "spec": {"replicas": 0, "selector": {"matchLabels": {"app": name}},
                 "template": {"metadata": {"labels": {"app": name}}, "spec": {"containers": [{"name": "c", "image": "nginx:1.25"}]}}}}));
    client::create(e, d).unwrap();
    uid(e, &ObjectKey::new(Kind::Deployment, "default", name))
}

/// TestConflictingData "child -> existing owner with inaccessible API
/// version": a reference through `extensions/v1beta1`, which no longer
/// serves Deployments, cannot be judged; the child stays, before and
/// after its owner goes, and nothing is reported.
#[test]
fn owner_reference_through_an_unserved_api_version_keeps_the_child() {
    let mut e = engine();
    let owner = deployment(&mut e, "deployment1");
    client::create(&mut e, cm("default", "child", json!([{"apiVersion": "extensions/v1beta1", "kind": "Deployment", "name": "deployment1", "uid": owner}])))
        .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "child")).is_some());
    client::delete(&mut e, &ObjectKey::new(Kind::Deployment, "default", "deployment1"), DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&ObjectKey::new(Kind::Deployment, "default", "deployment1")).is_none());
    assert!(e.store().get(&key("default", "child")).is_some(), "unresolvable reference: kept");
    assert!(events(&e, "OwnerRefInvalidNamespace").is_empty());
}

/// TestConflictingData "child -> non-existent owner with inaccessible API
/// version": of two children of an absent Deployment, the one referring
/// through `apps/v1` is deleted, the one through `extensions/v1beta1`
/// stays.
#[test]
fn absent_owner_deletes_only_the_child_of_the_served_version() {
    let mut e = engine();
    client::create(&mut e, cm("default", "pod1", json!([{"apiVersion": "extensions/v1beta1", "kind": "Deployment", "name": "deployment1", "uid": "deploymentuid1"}])))
        .unwrap();
    client::create(&mut e, cm("default", "pod2", json!([{"apiVersion": "apps/v1", "kind": "Deployment", "name": "deployment1", "uid": "deploymentuid1"}])))
        .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "pod1")).is_some());
    assert!(e.store().get(&key("default", "pod2")).is_none());
}

/// TestConflictingData "good child -> existing owner with non-preferred
/// accessible API version": in v1.32, HorizontalPodAutoscalers are still
/// served as `autoscaling/v1`. The child stays while its owner is there
/// and goes with it.
#[test]
fn owner_reference_through_a_served_older_version_is_followed() {
    let mut e = engine();
    deployment(&mut e, "web");
    let hpa = obj(json!({"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "role1", "namespace": "default"},
        "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"}, "minReplicas": 1, "maxReplicas": 2}}));
    client::create(&mut e, hpa).unwrap();
    let hpa_key = ObjectKey::new(Kind::HorizontalPodAutoscaler, "default", "role1");
    let owner = uid(&e, &hpa_key);
    client::create(&mut e, cm("default", "child", json!([{"apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler", "name": "role1", "uid": owner}])))
        .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "child")).is_some());
    client::delete(&mut e, &hpa_key, DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "child")).is_none());
}

/// TestDeleteOwnerRefPatch: of owners 1, 2 and 3, only 1 is there; the
/// patch leaves the reference to 1 alone.
#[test]
fn only_references_to_absent_owners_are_removed() {
    let mut e = engine();
    client::create(&mut e, cm("default", "one", json!([]))).unwrap();
    let one = uid(&e, &key("default", "one"));
    let refs = json!([
        {"apiVersion": "v1", "kind": "ConfigMap", "name": "one", "uid": one},
        {"apiVersion": "v1", "kind": "ConfigMap", "name": "two", "uid": "2"},
        {"apiVersion": "v1", "kind": "ConfigMap", "name": "three", "uid": "3"}
    ]);
    client::create(&mut e, cm("default", "dependent", refs)).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let d = e.store().get(&key("default", "dependent")).expect("kept by its solid owner");
    let uids: Vec<&str> = d.meta().owner_references.iter().map(|r| r.uid.as_str()).collect();
    assert_eq!(uids, [one.as_str()]);
}

/// attemptToDeleteItem with a solid owner and one waiting for its
/// dependents (foreground): the reference to the waiting owner is
/// removed, so that owner is not held, and the dependent stays.
#[test]
fn solid_owner_keeps_dependent_and_releases_the_foreground_owner() {
    let mut e = engine();
    client::create(&mut e, cm("default", "solid", json!([]))).unwrap();
    client::create(&mut e, cm("default", "leaving", json!([]))).unwrap();
    let (solid, leaving) = (uid(&e, &key("default", "solid")), uid(&e, &key("default", "leaving")));
    let refs = json!([
        {"apiVersion": "v1", "kind": "ConfigMap", "name": "solid", "uid": solid},
        {"apiVersion": "v1", "kind": "ConfigMap", "name": "leaving", "uid": leaving, "blockOwnerDeletion": true}
    ]);
    client::create(&mut e, cm("default", "dependent", refs)).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &key("default", "leaving"), DeleteOptions { grace_period_seconds: None, propagation: Propagation::Foreground }).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "leaving")).is_none(), "no longer held by the dependent");
    let d = e.store().get(&key("default", "dependent")).expect("kept by its solid owner");
    assert!(d.meta().deletion_timestamp.is_none());
    let uids: Vec<&str> = d.meta().owner_references.iter().map(|r| r.uid.as_str()).collect();
    assert_eq!(uids, [solid.as_str()]);
}

/// The orphan flow (attemptToOrphanWorker, orphanDependents): each
/// dependent loses only its reference to the deleted owner; one with
/// another owner keeps that reference.
#[test]
fn orphaning_removes_only_the_deleted_owners_reference() {
    let mut e = engine();
    client::create(&mut e, cm("default", "owner", json!([]))).unwrap();
    client::create(&mut e, cm("default", "other", json!([]))).unwrap();
    let (owner, other) = (uid(&e, &key("default", "owner")), uid(&e, &key("default", "other")));
    let to = |name: &str, uid: &str| json!({"apiVersion": "v1", "kind": "ConfigMap", "name": name, "uid": uid});
    client::create(&mut e, cm("default", "only", json!([to("owner", &owner)]))).unwrap();
    client::create(&mut e, cm("default", "shared", json!([to("owner", &owner), to("other", &other)]))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &key("default", "owner"), DeleteOptions { grace_period_seconds: None, propagation: Propagation::Orphan }).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "owner")).is_none());
    let refs = |name: &str| e.store().get(&key("default", name)).map(|o| o.meta().owner_references.iter().map(|r| r.name.clone()).collect::<Vec<_>>());
    assert_eq!(refs("only"), Some(vec![]));
    assert_eq!(refs("shared"), Some(vec!["other".to_string()]));
}

/// Background propagation: the owner goes at once, then its dependents,
/// whether or not their references block owner deletion.
#[test]
fn background_deletion_removes_owner_first_then_dependents() {
    let mut e = engine();
    client::create(&mut e, cm("default", "owner", json!([]))).unwrap();
    let owner = uid(&e, &key("default", "owner"));
    for (name, block) in [("blocking", true), ("free", false)] {
        client::create(&mut e, cm("default", name, json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": owner, "blockOwnerDeletion": block}])))
            .unwrap();
    }
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &key("default", "owner"), DeleteOptions { grace_period_seconds: None, propagation: Propagation::Background }).unwrap();
    assert!(e.store().get(&key("default", "owner")).is_none(), "not held in the background");
    assert!(e.store().get(&key("default", "blocking")).is_some(), "the collector has not run yet");
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&key("default", "blocking")).is_none());
    assert!(e.store().get(&key("default", "free")).is_none());
}
