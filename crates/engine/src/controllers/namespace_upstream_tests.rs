//! Upstream's namespace deleter conditions, ported: the reasons and
//! messages of pkg/controller/namespace/deletion/status_condition_utils.go
//! as namespaced_resources_deleter_test.go checks them (a terminating
//! namespace's status update carries the deleter's condition types), plus
//! the "what remains" totals the deleter reports between passes.
//! Discovery and content-deletion failures are not modelled (every kind
//! is served and every delete is accepted), so those stay False.

use super::*;
use crate::{client, Engine, DEFAULT_SETTLE_MS};
use kubeplay_apiserver::Propagation;
use serde_json::json;

fn cond<'a>(status: &'a NamespaceStatus, type_: &str) -> &'a Condition {
    status.conditions.iter().find(|c| &*c.type_ == type_).unwrap_or_else(|| panic!("missing condition {type_}"))
}

fn triple(c: &Condition) -> (String, String, String) {
    (c.status.to_string(), c.reason.as_deref().unwrap_or("").to_string(), c.message.as_deref().unwrap_or("").to_string())
}

fn t(s: &str) -> (String, String, String) {
    let mut p = s.splitn(3, '|').map(str::to_string);
    (p.next().unwrap(), p.next().unwrap(), p.next().unwrap())
}

/// Nothing left: every maintained type is there, False, with upstream's
/// "ok" reason and message, in upstream's order.
#[test]
fn all_content_removed_sets_every_ok_condition() {
    let mut status = NamespaceStatus::default();
    assert!(update_conditions(&mut status, &wanted_conditions(&Remaining::default()), Time::default()));
    let types: Vec<&str> = status.conditions.iter().map(|c| &*c.type_).collect();
    assert_eq!(
        types,
        [
            "NamespaceDeletionDiscoveryFailure",
            "NamespaceDeletionGroupVersionParsingFailure",
            "NamespaceDeletionContentFailure",
            "NamespaceContentRemaining",
            "NamespaceFinalizersRemaining"
        ]
    );
    assert_eq!(triple(cond(&status, "NamespaceDeletionDiscoveryFailure")), t("False|ResourcesDiscovered|All resources successfully discovered"));
    assert_eq!(triple(cond(&status, "NamespaceDeletionGroupVersionParsingFailure")), t("False|ParsedGroupVersions|All legacy kube types successfully parsed"));
    assert_eq!(
        triple(cond(&status, "NamespaceDeletionContentFailure")),
        t("False|ContentDeleted|All content successfully deleted, may be waiting on finalization")
    );
    assert_eq!(triple(cond(&status, "NamespaceContentRemaining")), t("False|ContentRemoved|All content successfully removed"));
    assert_eq!(triple(cond(&status, "NamespaceFinalizersRemaining")), t("False|ContentRemoved|All content successfully removed"));
    // The same again: nothing changes, so no status write.
    assert!(!update_conditions(&mut status, &wanted_conditions(&Remaining::default()), Time::default()));
}

/// ProcessContentTotals: "<resource>.<group> has N resource instances"
/// (the core group leaves a trailing dot) and "<finalizer> in N resource
/// instances", each list sorted.
#[test]
fn remaining_content_and_finalizers_messages() {
    let mut r = Remaining::default();
    r.by_resource.insert("pods.".into(), 2);
    r.by_resource.insert("deployments.apps".into(), 1);
    r.by_finalizer.insert("foregroundDeletion".into(), 1);
    r.by_finalizer.insert("example.com/hold".into(), 3);
    let mut status = NamespaceStatus::default();
    assert!(update_conditions(&mut status, &wanted_conditions(&r), Time::default()));
    assert_eq!(
        triple(cond(&status, "NamespaceContentRemaining")),
        t("True|SomeResourcesRemain|Some resources are remaining: deployments.apps has 1 resource instances, pods. has 2 resource instances")
    );
    assert_eq!(
        triple(cond(&status, "NamespaceFinalizersRemaining")),
        t("True|SomeFinalizerRemain|Some finalizers are remaining: example.com/hold in 3 resource instances, foregroundDeletion in 1 resource instances")
    );
    assert_eq!(cond(&status, "NamespaceDeletionContentFailure").status.to_string(), "False");
}

/// updateConditions: a changed message keeps the transition time; a
/// flipped status moves it.
#[test]
fn transition_time_moves_only_when_status_flips() {
    let t0 = Time::default();
    let t1 = Time::from_millis(1_000_000);
    let mut r = Remaining::default();
    r.by_resource.insert("pods.".into(), 2);
    let mut status = NamespaceStatus::default();
    update_conditions(&mut status, &wanted_conditions(&r), t0);
    r.by_resource.insert("pods.".into(), 1);
    assert!(update_conditions(&mut status, &wanted_conditions(&r), t1));
    let c = cond(&status, "NamespaceContentRemaining");
    assert_eq!(c.message.as_deref(), Some("Some resources are remaining: pods. has 1 resource instances"));
    assert_eq!(c.last_transition_time, Some(t0));
    assert!(update_conditions(&mut status, &wanted_conditions(&Remaining::default()), t1));
    let c = cond(&status, "NamespaceContentRemaining");
    assert_eq!(&*c.status, "False");
    assert_eq!(c.last_transition_time, Some(t1));
    assert_eq!(cond(&status, "NamespaceDeletionDiscoveryFailure").last_transition_time, Some(t0));
}

/// A terminating namespace whose content is held by a finalizer reports
/// it in its status, and goes once the finalizer is removed.
#[test]
fn terminating_namespace_reports_held_content() {
    let mut e = Engine::with_default_cluster(7);
    let obj = |v: serde_json::Value| kubeplay_codec::object_from_json(&v).unwrap();
    client::create(&mut e, obj(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "doomed"}}))).unwrap();
    client::create(
        &mut e,
        obj(json!({"apiVersion": "v1", "kind": "ConfigMap",
                   "metadata": {"name": "held", "namespace": "doomed", "finalizers": ["example.com/hold"]}})),
    )
    .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let ns_key = ObjectKey::new(Kind::Namespace, "", "doomed");
    client::delete(&mut e, &ns_key, DeleteOptions { grace_period_seconds: None, propagation: Propagation::Background }).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let Some(Object::Namespace(ns)) = e.store().get(&ns_key).map(|o| (**o).clone()) else { panic!("namespace gone too early") };
    assert_eq!(
        triple(cond(&ns.status, "NamespaceContentRemaining")),
        t("True|SomeResourcesRemain|Some resources are remaining: configmaps. has 1 resource instances")
    );
    assert_eq!(
        triple(cond(&ns.status, "NamespaceFinalizersRemaining")),
        t("True|SomeFinalizerRemain|Some finalizers are remaining: example.com/hold in 1 resource instances")
    );
    let cm = ObjectKey::new(Kind::ConfigMap, "doomed", "held");
    client::update_with(&mut e, &cm, "remove finalizer", |o| {
        o.meta_mut().finalizers.clear();
        Ok(())
    })
    .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get(&cm).is_none());
    assert!(e.store().get(&ns_key).is_none(), "namespace finalized once empty");
}
