//! The fields each kind can be selected on with `--field-selector`, as the
//! API server's registries expose them (`ToSelectableFields` and the
//! field-label conversion funcs), and the server's error for any other.

use kubeplay_model::{Kind, Object};
use std::collections::BTreeMap;

/// The extra selectable fields of a kind (every kind has `metadata.name`
/// and `metadata.namespace`). `None`: the kind has no conversion func, so
/// the generic "not a known field selector" error applies.
fn extra_fields(kind: Kind) -> Option<&'static [&'static str]> {
    Some(match kind {
        Kind::Pod => &[
            "spec.nodeName",
            "spec.restartPolicy",
            "spec.schedulerName",
            "spec.serviceAccountName",
            "spec.hostNetwork",
            "status.phase",
            "status.podIP",
            "status.podIPs",
            "status.nominatedNodeName",
        ],
        Kind::Event => &[
            "involvedObject.kind",
            "involvedObject.namespace",
            "involvedObject.name",
            "involvedObject.uid",
            "involvedObject.apiVersion",
            "involvedObject.resourceVersion",
            "involvedObject.fieldPath",
            "reason",
            "reportingComponent",
            "source",
            "type",
        ],
        Kind::Secret => &["type"],
        Kind::Namespace => &["status.phase"],
        Kind::ReplicaSet | Kind::ReplicationController => &["status.replicas"],
        Kind::Job => &["status.successful"],
        Kind::Node => &["spec.unschedulable"],
        _ => return None,
    })
}

/// Checks that every field of a selector is selectable on `kind`; the
/// error is the server's message.
pub fn check_fields<'a>(kind: Kind, fields: impl IntoIterator<Item = &'a str>) -> Result<(), String> {
    for f in fields {
        if f == "metadata.name" || f == "metadata.namespace" {
            continue;
        }
        match extra_fields(kind) {
            Some(extra) if extra.contains(&f) => {}
            Some(_) => return Err(format!("field label not supported: {f}")),
            None => return Err(format!("\"{f}\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\"")),
        }
    }
    Ok(())
}

/// The object's selectable field values.
pub fn field_set(obj: &Object) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    let meta = obj.meta();
    m.insert("metadata.name".to_string(), meta.name.clone());
    if obj.kind().namespaced() {
        m.insert("metadata.namespace".to_string(), meta.namespace.to_string());
    }
    let mut put = |k: &str, v: String| {
        m.insert(k.to_string(), v);
    };
    match obj {
        Object::Pod(p) => {
            put("spec.nodeName", p.spec.node_name.as_deref().unwrap_or_default().to_string());
            put("spec.restartPolicy", p.spec.restart_policy.as_deref().unwrap_or_default().to_string());
            put("spec.schedulerName", p.spec.scheduler_name.as_deref().unwrap_or_default().to_string());
            put("spec.serviceAccountName", p.spec.service_account_name.as_deref().unwrap_or_default().to_string());
            put("spec.hostNetwork", p.spec.host_network.unwrap_or(false).to_string());
            put("status.phase", p.status.phase.as_deref().unwrap_or_default().to_string());
            let ip = p.status.pod_ip.as_deref().unwrap_or_default().to_string();
            put("status.podIP", ip.clone());
            // The registry indexes the first podIPs entry, which is podIP.
            put("status.podIPs", ip);
            put("status.nominatedNodeName", p.status.nominated_node_name.as_deref().unwrap_or_default().to_string());
        }
        Object::Event(e) => {
            let o = &e.involved_object;
            put("involvedObject.kind", o.kind.as_deref().unwrap_or_default().to_string());
            put("involvedObject.namespace", o.namespace.as_deref().unwrap_or_default().to_string());
            put("involvedObject.name", o.name.as_deref().unwrap_or_default().to_string());
            put("involvedObject.uid", o.uid.as_deref().unwrap_or_default().to_string());
            put("involvedObject.apiVersion", o.api_version.as_deref().unwrap_or_default().to_string());
            put("involvedObject.resourceVersion", o.resource_version.as_deref().unwrap_or_default().to_string());
            put("involvedObject.fieldPath", o.field_path.as_deref().unwrap_or_default().to_string());
            put("reason", e.reason.as_deref().unwrap_or_default().to_string());
            put("reportingComponent", e.reporting_component.as_deref().unwrap_or_default().to_string());
            put("source", e.source.as_ref().and_then(|s| s.component.as_deref()).unwrap_or_default().to_string());
            put("type", e.type_.as_deref().unwrap_or_default().to_string());
        }
        Object::Secret(s) => put("type", s.type_.clone().unwrap_or_default()),
        Object::Namespace(n) => put("status.phase", n.status.phase.clone().unwrap_or_default()),
        Object::ReplicaSet(rs) => put("status.replicas", rs.status.replicas.to_string()),
        Object::ReplicationController(rc) => put("status.replicas", rc.status.replicas.to_string()),
        Object::Job(j) => put("status.successful", j.status.succeeded.unwrap_or(0).to_string()),
        Object::Node(n) => put("spec.unschedulable", n.spec.unschedulable.unwrap_or(false).to_string()),
        _ => {}
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    // Messages as the API server words them (field-selectors concept page,
    // `Unable to find … : field label not supported: message` for events).
    #[test]
    fn unknown_fields_are_rejected_in_the_servers_words() {
        assert_eq!(check_fields(Kind::Pod, ["status.phase", "metadata.name"]), Ok(()));
        assert_eq!(check_fields(Kind::Event, ["message"]), Err("field label not supported: message".into()));
        assert_eq!(
            check_fields(Kind::Deployment, ["foo.bar"]),
            Err("\"foo.bar\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\"".into())
        );
        assert_eq!(check_fields(Kind::Deployment, ["metadata.namespace"]), Ok(()));
    }
}
