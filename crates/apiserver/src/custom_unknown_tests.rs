//! `unknown_fields`: what a create would prune from a custom resource,
//! the paths the decoder's strict field validation names.

use super::{kind_of, unknown_fields};
use crate::store::Store;
use kubeplay_model::api::{CustomObject, CustomResourceDefinition};
use kubeplay_model::{Kind, Object};
use serde_json::{json, Value};

fn crd() -> CustomResourceDefinition {
    let v = json!({
        "metadata": {"name": "gizmos.unknown.example.com"},
        "spec": {
            "group": "unknown.example.com", "scope": "Namespaced",
            "names": {"plural": "gizmos", "singular": "gizmo", "kind": "Gizmo"},
            "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
                "type": "object",
                "properties": {"spec": {"type": "object", "properties": {"size": {"type": "integer"}, "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}}}}
            }}}]
        },
        "status": {"conditions": [{"type": "Established", "status": "True"}]}
    });
    kubeplay_codec::from_json(&v).expect("crd")
}

fn gizmo(kind: Kind, spec: Value) -> Object {
    let mut o = CustomObject::empty(kind);
    o.api_version = "unknown.example.com/v1".into();
    o.metadata.name = "g".into();
    o.metadata.namespace = "default".into();
    o.content.insert("spec".into(), spec);
    Object::Custom(Box::new(o))
}

#[test]
fn fields_a_create_would_prune() {
    for (spec, want) in [
        (json!({"size": 1}), vec![]),
        (json!({"size": 1, "color": "blue"}), vec!["spec.color"]),
        // Below x-kubernetes-preserve-unknown-fields nothing is pruned.
        (json!({"free": {"anything": 1}, "x": {"y": 2}}), vec!["spec.x"]),
    ] {
        let crd = crd();
        let kind = kind_of(&crd).expect("registered");
        let mut store = Store::new();
        let mut n = 0u64;
        let mut rng = move || {
            n += 1;
            n
        };
        // Created, then established through its status, as the API
        // server's own controller does.
        let created = store.create(Object::CustomResourceDefinition(Box::new(crd.clone())), &mut crate::store::WriteCtx { now: kubeplay_model::time::EPOCH, rng: &mut rng }).expect("crd created");
        let Object::CustomResourceDefinition(mut stored) = (*created).clone() else { unreachable!("a CRD") };
        stored.status = crd.status.clone();
        store.update_status(Object::CustomResourceDefinition(stored), &mut crate::store::WriteCtx { now: kubeplay_model::time::EPOCH, rng: &mut rng }).expect("crd established");
        assert_eq!(unknown_fields(&store, &gizmo(kind, spec.clone())), want, "{spec}");
    }
    // Built-in kinds are the decoder's business.
    assert!(unknown_fields(&Store::new(), &Object::Pod(Box::default())).is_empty());
}
