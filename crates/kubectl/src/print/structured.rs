//! `-o yaml`, `-o json` and `-o name`: the object's JSON form handed to the
//! codec's kubectl-exact printers, `List` wrapping for several objects, and
//! the name printer's `kind.group/name`.

use kubeplay_model::{Kind, Object};
use serde_json::{json, Value};

/// The object as kubectl prints it: without `metadata.managedFields`
/// unless `--show-managed-fields`. kubectl reads objects as unstructured
/// maps (get, apply, label, patch… build with `Unstructured()`), and Go
/// encodes a map with its keys sorted, so `-o json` lists every map's keys
/// in byte order, as `-o yaml` does.
pub fn object_value(obj: &Object, show_managed_fields: bool) -> Value {
    let mut v = typed_value(obj, show_managed_fields);
    sort_keys(&mut v);
    v
}

/// The object in its Go struct's field order: what a command that decodes
/// the server's answer into a typed object (the `create` generators,
/// `autoscale`) prints.
pub fn typed_value(obj: &Object, show_managed_fields: bool) -> Value {
    let mut v = match obj {
        // Read through events.k8s.io/v1: the server converts the one stored Event.
        Object::Event(e) if kubeplay_model::api::events_v1::requested() => kubeplay_model::api::events_v1::to_json(e),
        _ => obj.to_json(),
    };
    if !show_managed_fields {
        if let Some(m) = v.get_mut("metadata").and_then(|m| m.as_object_mut()) {
            m.remove("managedFields");
        }
    }
    // Go's TypeMeta is `kind`, then `apiVersion`.
    if let Value::Object(m) = &mut v {
        if let Some(kind) = m.shift_remove("kind") {
            m.shift_insert(0, "kind".into(), kind);
        }
    }
    v
}

/// Every map's keys in byte order (Go's map encoding).
pub fn sort_keys(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.sort_keys();
            m.values_mut().for_each(sort_keys);
        }
        Value::Array(items) => items.iter_mut().for_each(sort_keys),
        _ => {}
    }
}

/// kubectl's `List` wrapper for several objects (or none).
pub fn list_value(items: Vec<Value>) -> Value {
    json!({"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}})
}

/// `-o yaml`.
pub fn yaml(v: &Value) -> String {
    kubeplay_codec::to_yaml(v)
}

/// `-o yaml` as kubectl's YAML printer does it, failing where it fails:
/// sigs.k8s.io/yaml re-reads the JSON it marshalled with go-yaml's reader,
/// which refuses DEL, the C1 controls but NEL, U+FFFE and U+FFFF in a
/// key or a string (JSON escapes only the controls below U+0020).
pub fn yaml_checked(v: &Value) -> Result<String, String> {
    fn refused(v: &Value) -> bool {
        let bad = |s: &str| s.chars().any(|c| matches!(c, '\u{7f}'..='\u{84}' | '\u{86}'..='\u{9f}' | '\u{fffe}' | '\u{ffff}'));
        match v {
            Value::String(s) => bad(s),
            Value::Array(items) => items.iter().any(refused),
            Value::Object(m) => m.iter().any(|(k, x)| bad(k) || refused(x)),
            _ => false,
        }
    }
    if refused(v) {
        return Err("yaml: control characters are not allowed".into());
    }
    Ok(yaml(v))
}

/// `-o json` (four-space indent, trailing newline).
pub fn json(v: &Value) -> String {
    kubeplay_codec::to_json(v)
}

/// The name printer's `deployment.apps/web` (`pod/web` in the core group).
pub fn name(kind: Kind, name: &str) -> String {
    format!("{}/{name}", kind_prefix(kind))
}

/// `deployment.apps`, `pod`: how kubectl names a kind in its messages, as
/// the command's request named its group (an Event read through
/// events.k8s.io/v1 is `event.events.k8s.io`).
pub fn kind_prefix(kind: Kind) -> String {
    if kind == Kind::Event && kubeplay_model::api::events_v1::requested() {
        return format!("event.{}", kubeplay_model::api::events_v1::GROUP);
    }
    kind.info().name_prefix()
}

/// `-o name` for an object.
pub fn object_name(obj: &Object) -> String {
    name(obj.kind(), obj.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::Deployment;

    #[test]
    fn names_and_lists() {
        assert_eq!(name(Kind::Deployment, "web"), "deployment.apps/web");
        assert_eq!(name(Kind::Pod, "web"), "pod/web");
        assert_eq!(name(Kind::HorizontalPodAutoscaler, "web"), "horizontalpodautoscaler.autoscaling/web");
        let mut d = Deployment::default();
        d.metadata.name = "web".into();
        d.metadata.managed_fields = Some(Box::new(json!([{"manager": "kubectl"}])));
        let obj = Object::from(d);
        assert!(object_value(&obj, false)["metadata"].get("managedFields").is_none());
        assert!(object_value(&obj, true)["metadata"].get("managedFields").is_some());
        assert_eq!(list_value(vec![])["kind"], "List");
    }

    // `kubectl create configmap c --from-literal=k=$'a\u0080b' --dry-run=client -o yaml`
    // (v1.32): go-yaml refuses the C1 control; NEL, BOM and U+FFFD pass.
    #[test]
    fn yaml_refuses_what_go_yaml_reads_as_control_characters() {
        for s in ["a\u{7f}", "a\u{80}b", "\u{9f}", "\u{fffe}", "\u{ffff}"] {
            assert_eq!(yaml_checked(&json!({"data": {"k": s}})), Err("yaml: control characters are not allowed".to_string()), "{s:?}");
            assert!(yaml_checked(&json!({"data": {s: "v"}})).is_err());
            assert!(yaml_checked(&json!({"l": [1, s]})).is_err());
        }
        assert_eq!(yaml_checked(&json!({"k": "\u{85}\u{feff}\u{fffd}\u{10ffff}\t"})), Ok(yaml(&json!({"k": "\u{85}\u{feff}\u{fffd}\u{10ffff}\t"}))));
    }
}
