//! `-o yaml`, `-o json` and `-o name`: the object's JSON form handed to the
//! codec's kubectl-exact printers, `List` wrapping for several objects, and
//! the name printer's `kind.group/name`.

use kubeplay_model::{Kind, Object};
use serde_json::{json, Value};

/// The object as kubectl prints it: without `metadata.managedFields`
/// unless `--show-managed-fields`.
pub fn object_value(obj: &Object, show_managed_fields: bool) -> Value {
    let mut v = obj.to_json();
    if !show_managed_fields {
        if let Some(m) = v.get_mut("metadata").and_then(|m| m.as_object_mut()) {
            m.remove("managedFields");
        }
    }
    v
}

/// kubectl's `List` wrapper for several objects (or none).
pub fn list_value(items: Vec<Value>) -> Value {
    json!({"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}})
}

/// `-o yaml`.
pub fn yaml(v: &Value) -> String {
    kubeplay_codec::to_yaml(v)
}

/// `-o json` (four-space indent, trailing newline).
pub fn json(v: &Value) -> String {
    kubeplay_codec::to_json(v)
}

/// The name printer's `deployment.apps/web` (`pod/web` in the core group).
pub fn name(kind: Kind, name: &str) -> String {
    format!("{}/{name}", kind.info().name_prefix())
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
        d.metadata.managed_fields = Some(json!([{"manager": "kubectl"}]));
        let obj = Object::from(d);
        assert!(object_value(&obj, false)["metadata"].get("managedFields").is_none());
        assert!(object_value(&obj, true)["metadata"].get("managedFields").is_some());
        assert_eq!(list_value(vec![])["kind"], "List");
    }
}
