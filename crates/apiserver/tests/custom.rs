//! The API server's handling of custom resources: served only while their
//! CRD is established, status kept by the main resource with the status
//! subresource on, versions in Kubernetes' priority order, a CRD's delete
//! held by its cleanup finalizer.

use kubeplay_apiserver::{custom, ApiError, DeleteOptions, Store, WriteCtx};
use kubeplay_model::api::*;
use kubeplay_model::{time::EPOCH, Kind, Object, ObjectMeta};
use serde_json::json;

fn rng() -> impl FnMut() -> u64 {
    let mut n = 0u64;
    move || {
        n += 1;
        n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

fn crd(versions: &[(&str, bool, bool)], status_subresource: bool) -> CustomResourceDefinition {
    let mut c = CustomResourceDefinition::default();
    c.metadata.name = "gizmos.test.example.com".into();
    c.spec.group = "test.example.com".into();
    c.spec.scope = "Namespaced".into();
    c.spec.names = CustomResourceDefinitionNames { plural: "gizmos".into(), kind: "Gizmo".into(), ..Default::default() };
    c.spec.versions = versions
        .iter()
        .map(|(name, served, storage)| CustomResourceDefinitionVersion {
            name: name.to_string(),
            served: *served,
            storage: *storage,
            subresources: status_subresource.then(|| CustomResourceSubresources { status: Some(Default::default()), scale: None }),
            schema: Some(CustomResourceValidation {
                open_api_v3_schema: Some(Box::new(JsonSchemaProps { type_: Some("object".into()), x_kubernetes_preserve_unknown_fields: Some(true), ..Default::default() })),
            }),
            ..Default::default()
        })
        .collect();
    c
}

fn established(mut c: CustomResourceDefinition) -> CustomResourceDefinition {
    custom::set_condition(&mut c, "Established", "True", "InitialNamesAccepted", "the initial names have been accepted", EPOCH);
    c
}

fn setup(c: CustomResourceDefinition) -> (Store, impl FnMut() -> u64, Kind) {
    let mut r = rng();
    let mut s = Store::new();
    let ns = Object::Namespace(Box::new(Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() }));
    s.create(ns, &mut WriteCtx { now: EPOCH, rng: &mut r }).unwrap();
    let kind = custom::kind_of(&c).unwrap();
    // A create resets status, as the CRD strategy does; the controller's
    // conditions come after, through the status subresource.
    let created = s.create(Object::CustomResourceDefinition(Box::new(c.clone())), &mut WriteCtx { now: EPOCH, rng: &mut r }).unwrap();
    if !c.status.conditions.is_empty() {
        let mut with_status = created.as_crd().cloned().unwrap();
        with_status.status.conditions = c.status.conditions;
        s.update_status(Object::CustomResourceDefinition(Box::new(with_status)), &mut WriteCtx { now: EPOCH, rng: &mut r }).unwrap();
    }
    (s, r, kind)
}

fn gizmo(kind: Kind, version: &str, content: serde_json::Value) -> Object {
    let mut o = CustomObject::empty(kind);
    o.api_version = format!("test.example.com/{version}");
    o.metadata.name = "g".into();
    o.metadata.namespace = "default".into();
    o.set_content_from(content);
    Object::Custom(Box::new(o))
}

#[test]
fn objects_are_served_only_once_the_crd_is_established() {
    let (mut s, mut r, kind) = setup(crd(&[("v1", true, true)], false));
    let refused = s.create(gizmo(kind, "v1", json!({"spec": {"a": 1}})), &mut WriteCtx { now: EPOCH, rng: &mut r });
    assert!(matches!(refused, Err(ApiError::NotFound { .. })), "{refused:?}");
    let c = established(s.get_by(Kind::CustomResourceDefinition, "", "gizmos.test.example.com").and_then(|o| o.as_crd()).cloned().unwrap());
    s.update_status(Object::CustomResourceDefinition(Box::new(c)), &mut WriteCtx { now: EPOCH, rng: &mut r }).unwrap();
    let created = s.create(gizmo(kind, "v1", json!({"spec": {"a": 1}})), &mut WriteCtx { now: EPOCH, rng: &mut r }).unwrap();
    assert_eq!(created.meta().generation, 1);
    assert_eq!(s.list(kind, Some("default")).count(), 1);
    // A version the CRD does not serve is not found either.
    let mut other = gizmo(kind, "v2", json!({}));
    other.meta_mut().name = "h".into();
    assert!(matches!(s.create(other, &mut WriteCtx { now: EPOCH, rng: &mut r }), Err(ApiError::NotFound { .. })));
}

#[test]
fn with_the_status_subresource_the_main_resource_keeps_the_stored_status() {
    let (mut s, mut r, kind) = setup(established(crd(&[("v1", true, true)], true)));
    let created = s.create(gizmo(kind, "v1", json!({"spec": {"a": 1}, "status": {"ready": true}})), &mut WriteCtx { now: EPOCH, rng: &mut r }).unwrap();
    assert_eq!(created.to_json().get("status"), None, "a create drops status");
    let mut with_status = (*created).clone();
    if let Object::Custom(c) = &mut with_status {
        c.content.insert("status".into(), json!({"ready": true}));
    }
    let written = s.update_status(with_status, &mut WriteCtx { now: EPOCH, rng: &mut r }).unwrap();
    assert_eq!(written.to_json()["status"], json!({"ready": true}));
    assert_eq!(written.meta().generation, 1, "a status write keeps the generation");
    let mut spec_edit = (*written).clone();
    if let Object::Custom(c) = &mut spec_edit {
        c.content.insert("spec".into(), json!({"a": 2}));
        c.content.insert("status".into(), json!({"ready": false}));
    }
    let updated = s.update(spec_edit, &mut WriteCtx { now: EPOCH, rng: &mut r }).unwrap();
    assert_eq!(updated.to_json()["status"], json!({"ready": true}), "the main resource cannot write status");
    assert_eq!(updated.meta().generation, 2);
}

#[test]
fn discovery_lists_served_versions_in_priority_order() {
    let (s, _, kind) = setup(established(crd(&[("v1alpha1", true, false), ("v1", true, true), ("v2beta1", true, false), ("v3", false, false)], false)));
    let served = custom::served(&s);
    assert_eq!(served.len(), 1);
    assert_eq!(served[0].kind, kind);
    assert_eq!(served[0].versions, ["v1", "v2beta1", "v1alpha1"]);
    assert_eq!(served[0].storage_version, "v1");
    assert_eq!(served[0].singular, "gizmo");
}

#[test]
fn deleting_a_crd_adds_its_cleanup_finalizer_first() {
    let (mut s, mut r, _) = setup(established(crd(&[("v1", true, true)], false)));
    let key = kubeplay_model::ObjectKey::new(Kind::CustomResourceDefinition, "", "gizmos.test.example.com");
    let deleted = s.delete(&key, &DeleteOptions::default(), &mut WriteCtx { now: EPOCH, rng: &mut r }).unwrap();
    let c = deleted.as_crd().unwrap();
    assert!(c.metadata.deletion_timestamp.is_some());
    assert_eq!(c.metadata.finalizers.to_vec(), [custom::CLEANUP_FINALIZER]);
    let terminating = c.status.conditions.iter().find(|c| c.type_ == "Terminating").unwrap();
    assert_eq!((terminating.status.as_str(), terminating.reason.as_deref().map(|r| r.to_string())), ("True", Some("InstanceDeletionPending".to_string())));
    assert!(s.get(&key).is_some(), "held by the finalizer");
}

#[test]
fn a_crd_made_again_with_another_kind_defines_another_kind() {
    let c = crd(&[("v1", true, true)], false);
    let first = custom::kind_of(&c).unwrap();
    let mut renamed = c.clone();
    renamed.spec.names.kind = "Widget2".into();
    let second = custom::kind_of(&renamed).unwrap();
    assert_ne!(first, second);
    let (s, _, _) = setup(renamed);
    assert!(custom::crd_for(&s, first).is_none());
    assert!(custom::crd_for(&s, second).is_some());
}
