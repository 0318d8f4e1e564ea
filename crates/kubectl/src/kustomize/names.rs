//! `namespace`, `namePrefix` and `nameSuffix`. Each resource keeps the
//! names it had, so the back references fixed at the end still find it.

use super::res::Res;
use serde_json::Value;

/// Whether the playground's kind registry knows `kind` as cluster-scoped
/// (kustomize too treats kinds it does not know as namespaced).
pub fn cluster_scoped(r: &Res) -> bool {
    match kubeplay_model::Kind::from_api_version_kind(r.api_version(), r.kind()) {
        Ok((k, _)) => !k.namespaced(),
        Err(_) => CLUSTER_SCOPED.contains(&r.kind()),
    }
}

/// Built-in cluster-scoped kinds, for apiVersions the registry does not serve.
const CLUSTER_SCOPED: &[&str] = &[
    "APIService",
    "CertificateSigningRequest",
    "ClusterRole",
    "ClusterRoleBinding",
    "ComponentStatus",
    "CSIDriver",
    "CSINode",
    "CustomResourceDefinition",
    "FlowSchema",
    "IngressClass",
    "MutatingWebhookConfiguration",
    "Namespace",
    "Node",
    "PersistentVolume",
    "PodSecurityPolicy",
    "PriorityClass",
    "PriorityLevelConfiguration",
    "RuntimeClass",
    "StorageClass",
    "ValidatingAdmissionPolicy",
    "ValidatingAdmissionPolicyBinding",
    "ValidatingWebhookConfiguration",
    "VolumeAttachment",
];

/// `namespace`: namespaced resources move into it, a Namespace object is
/// renamed to it, and bindings' subjects named `default` follow it.
pub fn namespace(list: &mut [Res], ns: &str) -> Result<(), String> {
    if ns.is_empty() {
        return Ok(());
    }
    for r in list.iter_mut() {
        if r.kind() == "Namespace" {
            r.set_name(ns.to_string());
            continue;
        }
        if matches!(r.kind(), "RoleBinding" | "ClusterRoleBinding") {
            if let Some(Value::Array(subjects)) = r.obj.get_mut("subjects") {
                for s in subjects.iter_mut().filter_map(Value::as_object_mut) {
                    if s.get("name").and_then(Value::as_str) == Some("default")
                        && s.get("kind").and_then(Value::as_str) == Some("ServiceAccount")
                    {
                        s.insert("namespace".into(), Value::String(ns.to_string()));
                    }
                }
            }
        }
        if r.kind() == "CustomResourceDefinition" {
            let svc = r
                .obj
                .get_mut("spec")
                .and_then(|s| s.pointer_mut("/conversion/webhook/clientConfig/service"));
            if let Some(Value::Object(svc)) = svc {
                svc.insert("namespace".into(), Value::String(ns.to_string()));
            }
        }
        if !cluster_scoped(r) {
            r.set_namespace(ns);
        }
    }
    // Two resources that differed only by namespace are now one id.
    for (i, a) in list.iter().enumerate() {
        if let Some(b) = list[i + 1..].iter().find(|b| {
            b.kind() == a.kind()
                && b.group_version().0 == a.group_version().0
                && b.name() == a.name()
                && b.namespace() == a.namespace()
        }) {
            // kustomize prints both objects as JSON (with its internal
            // annotations); the playground names them.
            return Err(format!(
                "namespace transformation produces ID conflict: [{} {}]",
                a.id(),
                b.id()
            ));
        }
    }
    Ok(())
}

/// `namePrefix` and `nameSuffix`: not for Namespaces and
/// CustomResourceDefinitions, whose names others depend on.
pub fn prefix_suffix(list: &mut [Res], prefix: &str, suffix: &str) {
    if prefix.is_empty() && suffix.is_empty() {
        return;
    }
    for r in list {
        if matches!(r.kind(), "Namespace" | "CustomResourceDefinition") {
            continue;
        }
        let name = format!("{prefix}{}{suffix}", r.name());
        r.set_name(name);
        if !prefix.is_empty() {
            r.prefixes.push(prefix.to_string());
        }
        if !suffix.is_empty() {
            r.suffixes.push(suffix.to_string());
        }
    }
}
