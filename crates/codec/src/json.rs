//! Typed values from JSON that the product computed itself: an apply's
//! three-way merge, a patch, a stored revision's template, a generator's
//! object.
//!
//! They are decoded by the same deserializer as pasted manifests, on
//! purpose: serde's derived decoders are generic over the deserializer, so
//! decoding model types from `serde_json::Value` as well would compile every
//! one of them twice. In the web build that second copy was about a tenth of
//! the code. One path also means one set of error messages.

use crate::de::{self, DeError};
use crate::error::Warning;
use crate::tree::Node;
use kubeplay_model::{Kind, Object};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Decodes `value` into `T`, ignoring unknown fields (as the JSON decoding
/// of the API server's own objects does).
///
/// ```
/// use kubeplay_model::api::PodTemplateSpec;
/// let t: PodTemplateSpec = kubeplay_codec::from_json(&serde_json::json!({
///     "metadata": {"labels": {"app": "web"}},
///     "spec": {"containers": [{"name": "web", "image": "nginx"}]},
/// })).unwrap();
/// assert_eq!(t.spec.containers[0].image.as_deref(), Some("nginx"));
///
/// let err = kubeplay_codec::from_json::<PodTemplateSpec>(&serde_json::json!({
///     "spec": {"containers": [{"name": 7}]},
/// })).unwrap_err();
/// assert_eq!(err, "spec.containers[0].name: expected string, got integer 7");
/// ```
pub fn from_json<T: DeserializeOwned>(value: &Value) -> Result<T, String> {
    de::decode(&Node::from_json(value, 0, 0), false).map(|(v, _)| v).map_err(message)
}

/// Decodes a whole object (`apiVersion` and `kind` included) from JSON.
pub fn object_from_json(value: &Value) -> Result<Object, String> {
    decode_object(value, false).map(|(o, _)| o)
}

/// [`object_from_json`] with the fields it dropped, as the API server's
/// decoder reports them to a request without strict validation (a patch
/// whose result has `spec.strategy.$retainKeys`: `unknown field
/// "spec.strategy.$retainKeys"`).
pub fn object_from_json_warned(value: &Value) -> Result<(Object, Vec<Warning>), String> {
    decode_object(value, true)
}

/// `warn`: also look for unknown fields in the free-form subtrees, which
/// costs a walk the product's own objects do not need.
fn decode_object(value: &Value, warn: bool) -> Result<(Object, Vec<Warning>), String> {
    let kind = value.get("kind").and_then(Value::as_str).ok_or("Object 'Kind' is missing")?;
    let api = value.get("apiVersion").and_then(Value::as_str).unwrap_or("");
    let (kind, _) = Kind::from_api_version_kind(api, kind).map_err(|_| format!("no kind {kind:?} is registered for version {api:?}"))?;
    let node = Node::from_json(value, 0, 0);
    let (mut obj, mut warnings) = de::decode_with(&node, true, |d| Object::deserialize_kind(kind, d)).map_err(message)?;
    if warn {
        crate::subtrees::check(kind, &node, &mut warnings);
    }
    // A custom resource keeps the version it names.
    if let Object::Custom(c) = &mut obj {
        api.clone_into(&mut c.api_version);
    }
    Ok((obj, warnings))
}

/// `path: what went wrong`, or only the latter at the top level.
fn message(e: DeError) -> String {
    match e.at {
        Some(at) if !at.path.is_empty() => format!("{}: {}", at.path, e.kind),
        _ => e.kind.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::NodeSelectorTerm;
    use serde_json::json;

    #[test]
    fn objects_round_trip_through_their_json() {
        let v = json!({
            "apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": "web", "namespace": "default", "labels": {"app": "web"}},
            "spec": {
                "replicas": 3,
                "selector": {"matchLabels": {"app": "web"}},
                "strategy": {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}},
                "template": {
                    "metadata": {"labels": {"app": "web"}},
                    "spec": {"containers": [{"name": "web", "image": "nginx", "resources": {"requests": {"cpu": "100m", "memory": 64}}}]},
                },
            },
        });
        let o = object_from_json(&v).unwrap();
        assert_eq!(o.key().name.as_ref(), "web");
        assert_eq!(object_from_json(&o.to_json()).unwrap(), o);
        let Object::Deployment(d) = &o else { panic!("a Deployment, got {:?}", o.kind()) };
        assert_eq!(d.spec.replicas, Some(3));
    }

    #[test]
    fn errors_name_the_field_and_the_kind_lookup() {
        assert_eq!(object_from_json(&json!({"apiVersion": "v1"})).unwrap_err(), "Object 'Kind' is missing");
        assert_eq!(object_from_json(&json!({"apiVersion": "v9", "kind": "Pod"})).unwrap_err(), r#"no kind "Pod" is registered for version "v9""#);
        let bad = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"}, "spec": {"replicas": "three"}});
        assert_eq!(object_from_json(&bad).unwrap_err(), r#"spec.replicas: expected integer, got string "three""#);
    }

    #[test]
    fn dropped_fields_are_reported_by_path() {
        let cases = [
            (json!({"spec": {"strategy": {"$retainKeys": ["type"], "type": "Recreate"}}}), vec!["unknown field \"spec.strategy.$retainKeys\""]),
            (json!({"spec": {"foo": 1}}), vec!["unknown field \"spec.foo\""]),
            (json!({"spec": {"replicas": 2}}), vec![]),
        ];
        for (extra, want) in cases {
            let mut v = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"}});
            v["spec"] = extra["spec"].clone();
            let (o, warnings) = object_from_json_warned(&v).unwrap();
            assert_eq!(o.key().name.as_ref(), "web");
            assert_eq!(warnings.iter().map(ToString::to_string).collect::<Vec<_>>(), want, "{extra}");
        }
    }

    #[test]
    fn values_decode_with_unknown_fields_ignored() {
        let t: Vec<NodeSelectorTerm> = from_json(&json!([{"matchExpressions": [{"key": "zone", "operator": "In", "values": ["a"]}], "extra": 1}])).unwrap();
        assert_eq!(t[0].match_expressions[0].values, vec!["a".to_string()]);
    }
}
