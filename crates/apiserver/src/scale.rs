//! The `scale` subresource of the scalable kinds: the autoscaling/v1
//! Scale the API server serves for them (`scaleFromDeployment` and its
//! siblings), and a Scale written back as the object's `spec.replicas`.

use crate::error::ApiError;
use crate::store::Store;
use kubeplay_model::api::CustomResourceSubresourceScale;
use kubeplay_model::{LabelSelector, Object};
use serde_json::{json, Map, Value};

/// The object's replicas, status replicas and selector, if its kind has a
/// scale subresource.
fn parts(obj: &Object) -> Option<(Option<i32>, i32, Option<LabelSelector>)> {
    Some(match obj {
        Object::Deployment(d) => (
            d.spec.replicas,
            d.status.replicas.unwrap_or(0),
            d.spec.selector.clone(),
        ),
        Object::ReplicaSet(r) => (r.spec.replicas, r.status.replicas, r.spec.selector.clone()),
        Object::StatefulSet(s) => (s.spec.replicas, s.status.replicas, s.spec.selector.clone()),
        Object::ReplicationController(r) => (
            r.spec.replicas,
            r.status.replicas,
            Some(LabelSelector {
                match_labels: r.spec.selector.clone(),
                match_expressions: Vec::new(),
            }),
        ),
        _ => return None,
    })
}

/// The Scale served for `obj`, keys sorted (kubectl prints it
/// unstructured), or `None` when its kind has no scale subresource.
pub fn scale_of(obj: &Object) -> Option<Value> {
    if let Object::Custom(c) = obj {
        return custom_scale(c, &kubeplay_model::custom_kind::served_kind(c.kind)?.scale?);
    }
    let (replicas, status_replicas, selector) = parts(obj)?;
    let selector = selector
        .and_then(|s| s.to_selector().ok())
        .map(|s| s.to_string())
        .unwrap_or_default();
    Some(scale_value(obj.meta(), i64::from(replicas.unwrap_or(0)), i64::from(status_replicas), &selector))
}

/// The autoscaling/v1 Scale of an object with this metadata, replicas and
/// selector (empty: none).
fn scale_value(m: &kubeplay_model::ObjectMeta, replicas: i64, status_replicas: i64, selector: &str) -> Value {
    let mut meta = Map::new();
    meta.insert(
        "creationTimestamp".into(),
        m.creation_timestamp
            .map_or(Value::Null, |t| Value::String(t.rfc3339())),
    );
    meta.insert("name".into(), json!(m.name.as_str()));
    if !m.namespace.is_empty() {
        meta.insert("namespace".into(), json!(m.namespace.as_str()));
    }
    if !m.resource_version.is_empty() {
        meta.insert("resourceVersion".into(), json!(m.resource_version.as_str()));
    }
    if !m.uid.is_empty() {
        meta.insert("uid".into(), json!(m.uid.as_str()));
    }
    // ScaleSpec's replicas is omitempty; ScaleStatus's is not.
    let spec = match replicas {
        0 => json!({}),
        n => json!({ "replicas": n }),
    };
    let mut status = Map::new();
    status.insert("replicas".into(), json!(status_replicas));
    if !selector.is_empty() {
        status.insert("selector".into(), json!(selector));
    }
    json!({"apiVersion": "autoscaling/v1", "kind": "Scale", "metadata": meta, "spec": spec, "status": status})
}

/// `obj` with the replicas a written Scale asks for: what the scale
/// subresource's update stores. A resourceVersion in the Scale is the
/// update's precondition.
pub fn apply_scale(obj: &Object, scale: &Value) -> Result<Object, ApiError> {
    apply_scale_at(obj, scale, None)
}

/// [`apply_scale`] for a caller outside kubectl's published discovery
/// (the engine's controllers): a custom resource's paths come from its
/// CRD in `store`.
pub fn apply_scale_in(store: &Store, obj: &Object, scale: &Value) -> Result<Object, ApiError> {
    apply_scale_at(obj, scale, custom_paths(store, obj))
}

/// [`scale_of`] for a caller outside kubectl's published discovery.
pub fn scale_of_in(store: &Store, obj: &Object) -> Option<Value> {
    match obj {
        Object::Custom(c) => custom_scale(c, &custom_paths(store, obj)?),
        _ => scale_of(obj),
    }
}

/// The scale paths of a custom resource's CRD, at its preferred version,
/// as the scale client reaches it through discovery.
fn custom_paths(store: &Store, obj: &Object) -> Option<CustomResourceSubresourceScale> {
    let Object::Custom(c) = obj else { return None };
    crate::custom::served(store).into_iter().find(|s| s.kind == c.kind)?.scale
}

fn apply_scale_at(obj: &Object, scale: &Value, paths: Option<CustomResourceSubresourceScale>) -> Result<Object, ApiError> {
    let bad = |message: &str| ApiError::BadRequest {
        message: message.to_string(),
    };
    let replicas = match scale.pointer("/spec/replicas") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| bad("spec.replicas in body must be of type integer"))?,
    };
    let mut out = obj.clone();
    if let Object::Custom(c) = &mut out {
        let paths = paths.or_else(|| kubeplay_model::custom_kind::served_kind(c.kind).and_then(|s| s.scale)).ok_or_else(|| bad("the object has no scale subresource"))?;
        set_path(c, &crate::custom::pointer(&paths.spec_replicas_path), json!(replicas));
    }
    match &mut out {
        Object::Custom(_) => {}
        Object::Deployment(d) => d.spec.replicas = Some(replicas),
        Object::ReplicaSet(r) => r.spec.replicas = Some(replicas),
        Object::StatefulSet(s) => s.spec.replicas = Some(replicas),
        Object::ReplicationController(r) => r.spec.replicas = Some(replicas),
        _ => return Err(bad("the object has no scale subresource")),
    }
    if let Some(rv) = scale
        .pointer("/metadata/resourceVersion")
        .and_then(Value::as_str)
    {
        out.meta_mut().resource_version = rv.into();
    }
    Ok(out)
}

/// `scaleFromCustomResource`: the Scale of a custom resource whose CRD
/// has the scale subresource, read at the CRD's paths.
fn custom_scale(c: &kubeplay_model::api::CustomObject, paths: &CustomResourceSubresourceScale) -> Option<Value> {
    let whole = c.to_value();
    let at = |p: &str| whole.pointer(&crate::custom::pointer(p)).cloned();
    let replicas = at(&paths.spec_replicas_path).and_then(|v| v.as_i64()).unwrap_or(0);
    let status_replicas = at(&paths.status_replicas_path).and_then(|v| v.as_i64()).unwrap_or(0);
    let selector = match paths.label_selector_path.as_deref().and_then(at) {
        Some(Value::String(sel)) => sel,
        _ => String::new(),
    };
    Some(scale_value(&c.metadata, replicas, status_replicas, &selector))
}

/// Sets the value at a JSON pointer under a custom resource's content,
/// making the objects on the way.
fn set_path(c: &mut kubeplay_model::api::CustomObject, pointer: &str, value: Value) {
    let mut parts = pointer.split('/').skip(1);
    let Some(first) = parts.next() else { return };
    let mut slot = c.content.entry(first.to_string()).or_insert(Value::Null);
    for p in parts {
        if !slot.is_object() {
            *slot = Value::Object(Map::new());
        }
        let Value::Object(m) = slot else { return };
        slot = m.entry(p.to_string()).or_insert(Value::Null);
    }
    *slot = value;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deployment(replicas: Option<i32>) -> Object {
        let v = json!({
            "apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": "web", "namespace": "default", "resourceVersion": "7", "uid": "u1"},
            "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": "web", "tier": "fe"}}, "template": {"metadata": {"labels": {"app": "web", "tier": "fe"}}, "spec": {"containers": [{"name": "c", "image": "nginx"}]}}},
            "status": {"replicas": 2}
        });
        kubeplay_codec::object_from_json(&v).expect("a valid deployment")
    }

    // deployment/storage/storage_test.go's TestScaleGet: the Scale carries
    // the object's identity, its replicas and its selector as a string.
    #[test]
    fn scale_of_a_deployment() {
        let s = scale_of(&deployment(Some(3))).unwrap();
        assert_eq!(s["kind"], "Scale");
        assert_eq!(s["apiVersion"], "autoscaling/v1");
        assert_eq!(s["metadata"]["resourceVersion"], "7");
        assert_eq!(s["spec"], json!({"replicas": 3}));
        assert_eq!(
            s["status"],
            json!({"replicas": 2, "selector": "app=web,tier=fe"})
        );
        assert_eq!(scale_of(&deployment(Some(0))).unwrap()["spec"], json!({}));
    }

    // storage_test.go's TestScaleUpdate: the Scale's replicas become the
    // object's; its resourceVersion is the precondition.
    #[test]
    fn apply_scale_sets_replicas() {
        let d = deployment(Some(3));
        let out = apply_scale(
            &d,
            &json!({"spec": {"replicas": 5}, "metadata": {"resourceVersion": "1"}}),
        )
        .unwrap();
        assert_eq!(scale_of(&out).unwrap()["spec"]["replicas"], 5);
        assert_eq!(out.meta().resource_version.as_str(), "1");
        assert!(apply_scale(&d, &json!({"spec": {"replicas": "x"}})).is_err());
    }

    // apiextensions' customresource etcd_test.go TestScaleGet and
    // TestScaleUpdate: the Scale is read at the CRD's paths (replicas 7,
    // selector "a=b"), and a written Scale lands at specReplicasPath.
    #[test]
    fn scale_of_a_custom_resource_at_its_paths() {
        let paths = CustomResourceSubresourceScale { spec_replicas_path: ".spec.replicas".into(), status_replicas_path: ".status.replicas".into(), label_selector_path: Some(".status.labelSelector".into()) };
        let mut c = kubeplay_model::api::CustomObject::empty(kubeplay_model::Kind::Pod);
        c.metadata.name = "foo".into();
        c.metadata.namespace = "default".into();
        c.content.insert("spec".into(), json!({"replicas": 7}));
        c.content.insert("status".into(), json!({"replicas": 7, "labelSelector": "a=b"}));
        let s = custom_scale(&c, &paths).unwrap();
        assert_eq!(s["spec"], json!({"replicas": 7}));
        assert_eq!(s["status"], json!({"replicas": 7, "selector": "a=b"}));
        let out = apply_scale_at(&Object::Custom(Box::new(c)), &json!({"spec": {"replicas": 10}}), Some(paths)).unwrap();
        let Object::Custom(c) = out else { panic!("a custom resource") };
        assert_eq!(c.content["spec"], json!({"replicas": 10}));
    }
}
