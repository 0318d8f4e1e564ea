//! The fields each kind can be selected on with `--field-selector`, as the
//! v1.32 API server has them. Two lists decide it and they differ: the
//! field-label conversion func of the served version says which labels a
//! request may use (and rewrites legacy ones), and the registry's
//! `ToSelectableFields` says which values an object has. A label accepted
//! but never set (a pod's `status.podIPs`) reads as "" when matched.

use kubeplay_model::selector::{FieldSelector, FieldTerm};
use kubeplay_model::{Kind, Object};
use std::collections::BTreeMap;

const POD: &[&str] = &[
    "metadata.name",
    "metadata.namespace",
    "spec.nodeName",
    "spec.restartPolicy",
    "spec.schedulerName",
    "spec.serviceAccountName",
    "spec.hostNetwork",
    "status.phase",
    "status.podIP",
    "status.podIPs",
    "status.nominatedNodeName",
];
const EVENT: &[&str] = &[
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
    "metadata.namespace",
    "metadata.name",
];
// Cluster-scoped kinds with their own func do not take metadata.namespace.
const NODE: &[&str] = &["metadata.name", "spec.unschedulable"];
const NAMESPACE: &[&str] = &["status.phase", "metadata.name"];
const SECRET: &[&str] = &["type", "metadata.namespace", "metadata.name"];
const SERVICE: &[&str] = &["metadata.namespace", "metadata.name", "spec.clusterIP", "spec.type"];
const REPLICATION_CONTROLLER: &[&str] = &["metadata.name", "metadata.namespace", "status.replicas"];
const JOB: &[&str] = &["metadata.name", "metadata.namespace", "status.successful"];
const METADATA: [&str; 2] = ["metadata.name", "metadata.namespace"];

/// `Scheme.ConvertFieldLabel` for the version kubectl lists: the label the
/// registry matches on, or the conversion func's error. apps/v1 registers
/// no func, so a ReplicaSet gets the generic one although its registry
/// would have `status.replicas`.
fn convert_label(kind: Kind, label: &str) -> Result<&str, String> {
    let accepted = match kind {
        Kind::Pod if label == "spec.host" => return Ok("spec.nodeName"),
        Kind::Pod => POD,
        Kind::Event => EVENT,
        Kind::Node => NODE,
        Kind::Namespace => NAMESPACE,
        Kind::Secret => SECRET,
        Kind::Service => SERVICE,
        Kind::ReplicationController => REPLICATION_CONTROLLER,
        Kind::Job => JOB,
        _ if METADATA.contains(&label) => return Ok(label),
        _ => {
            return Err(format!(
                "{} is not a known field selector: only {}, {}",
                quote(label),
                quote(METADATA[0]),
                quote(METADATA[1])
            ))
        }
    };
    if accepted.contains(&label) {
        Ok(label)
    } else if kind == Kind::Job {
        Err(format!("field label {} not supported for Job", quote(label)))
    } else {
        Err(format!("field label not supported: {label}"))
    }
}

fn quote(s: &str) -> String {
    crate::gofmt::quote(s)
}

/// The API server's `fields.Selector.Transform` of a list's selector: every
/// term's label converted, in the parsed (sorted) order, so the first bad
/// one is the one reported.
pub fn convert(kind: Kind, selector: &FieldSelector) -> Result<FieldSelector, String> {
    let mut terms = Vec::with_capacity(selector.terms.len());
    for t in &selector.terms {
        let field = convert_label(kind, &t.field)?;
        terms.push(FieldTerm { field: field.to_string(), value: t.value.clone(), negated: t.negated });
    }
    Ok(FieldSelector { terms })
}

/// The object's selectable field values (its registry's `ToSelectableFields`).
pub fn field_set(obj: &Object) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    let meta = obj.meta();
    m.insert("metadata.name".to_string(), meta.name.to_string());
    if obj.kind().namespaced() {
        m.insert("metadata.namespace".to_string(), meta.namespace.to_string());
    }
    let mut put = |k: &str, v: &str| {
        m.insert(k.to_string(), v.to_string());
    };
    match obj {
        Object::Pod(p) => {
            put("spec.nodeName", p.spec.node_name.as_deref().unwrap_or_default());
            put("spec.restartPolicy", p.spec.restart_policy.as_deref().unwrap_or_default());
            put("spec.schedulerName", p.spec.scheduler_name.as_deref().unwrap_or_default());
            put("spec.serviceAccountName", p.spec.service_account_name.as_deref().unwrap_or_default());
            put("spec.hostNetwork", if p.spec.host_network.unwrap_or(false) { "true" } else { "false" });
            put("status.phase", p.status.phase.as_deref().unwrap_or_default());
            // The first of podIPs, which is podIP; `status.podIPs` itself is
            // never set.
            put("status.podIP", p.status.pod_ip.as_deref().unwrap_or_default());
            put("status.nominatedNodeName", p.status.nominated_node_name.as_deref().unwrap_or_default());
        }
        Object::Event(e) => {
            let o = &e.involved_object;
            put("involvedObject.kind", o.kind.as_deref().unwrap_or_default());
            put("involvedObject.namespace", o.namespace.as_deref().unwrap_or_default());
            put("involvedObject.name", o.name.as_deref().unwrap_or_default());
            put("involvedObject.uid", o.uid.as_deref().unwrap_or_default());
            put("involvedObject.apiVersion", o.api_version.as_deref().unwrap_or_default());
            put("involvedObject.resourceVersion", o.resource_version.as_deref().unwrap_or_default());
            put("involvedObject.fieldPath", o.field_path.as_deref().unwrap_or_default());
            put("reason", e.reason.as_deref().unwrap_or_default());
            let reporting = e.reporting_component.as_deref().unwrap_or_default();
            put("reportingComponent", reporting);
            // An events.k8s.io writer leaves source empty: the registry
            // falls back to the reporting controller.
            let source = e.source.as_ref().and_then(|s| s.component.as_deref()).filter(|c| !c.is_empty()).unwrap_or(reporting);
            put("source", source);
            put("type", e.type_.as_deref().unwrap_or_default());
        }
        Object::Secret(s) => put("type", s.type_.as_deref().unwrap_or_default()),
        Object::Namespace(n) => put("status.phase", n.status.phase.as_deref().unwrap_or_default()),
        Object::Service(s) => {
            put("spec.clusterIP", s.spec.cluster_ip.as_deref().unwrap_or_default());
            put("spec.type", s.spec.type_.as_deref().unwrap_or_default());
        }
        Object::ReplicationController(rc) => put("status.replicas", &rc.status.replicas.to_string()),
        Object::Job(j) => put("status.successful", &j.status.succeeded.unwrap_or(0).to_string()),
        Object::Node(n) => put("spec.unschedulable", if n.spec.unschedulable.unwrap_or(false) { "true" } else { "false" }),
        _ => {}
    }
    m
}

#[cfg(test)]
#[path = "fields_upstream_tests.rs"]
mod upstream_tests;
