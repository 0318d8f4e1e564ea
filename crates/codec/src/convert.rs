//! Older apiVersions that tutorials still use (`extensions/v1beta1`
//! Deployments, `autoscaling/v1` HPAs, …): the deprecation warning the API
//! server sends for them, and their conversion to the served version,
//! done on the located tree so errors in converted fields still point at
//! what the user wrote. Old versions defaulted some fields differently
//! (selectors from template labels, `OnDelete` update strategies); those
//! defaults are applied here, because the served version's defaulting
//! would otherwise give the object a behaviour it never had.

use crate::error::Warning;
use crate::tree::{Entry, Node, NodeValue};
use kubeplay_model::kind::ApiVersionStatus;
use kubeplay_model::Kind;
use serde_json::json;

/// `(apiVersion, deprecated in, removed in)` from the API types'
/// prerelease-lifecycle tags (`zz_generated.prerelease-lifecycle.go`).
/// Alpha versions carry no lifecycle and get a shorter message.
const LIFECYCLE: &[(&str, &str, &str)] = &[
    ("extensions/v1beta1", "1.8", "1.16"),
    ("apps/v1beta1", "1.8", "1.16"),
    ("apps/v1beta2", "1.9", "1.16"),
    ("batch/v1beta1", "1.21", "1.25"),
    ("autoscaling/v2beta1", "1.22", "1.25"),
    ("autoscaling/v2beta2", "1.23", "1.26"),
    ("discovery.k8s.io/v1beta1", "1.21", "1.25"),
    ("storage.k8s.io/v1beta1", "1.19", "1.22"),
    ("scheduling.k8s.io/v1beta1", "1.14", "1.22"),
    ("policy/v1beta1", "1.21", "1.25"),
    ("certificates.k8s.io/v1beta1", "1.19", "1.22"),
];

/// The API server's deprecation warning (apiserver/pkg/endpoints/deprecation).
pub fn deprecation_message(api_version: &str, kind: Kind) -> String {
    let served = kind.info().api_version();
    match LIFECYCLE.iter().find(|(v, _, _)| *v == api_version) {
        Some((_, dep, removed)) => format!("{api_version} {kind} is deprecated in v{dep}+, unavailable in v{removed}+; use {served} {kind}"),
        None => format!("{api_version} {kind} is deprecated; use {served} {kind}"),
    }
}

/// Converts `node` (a whole object) from `api_version` to the served
/// version of `kind`, adding the warnings the API server would send.
pub(crate) fn convert(kind: Kind, api_version: &str, status: ApiVersionStatus, node: &mut Node, warnings: &mut Vec<Warning>) {
    // autoscaling/v1 is a served, stable version: converted without warning.
    if status == ApiVersionStatus::Deprecated && api_version != "autoscaling/v1" {
        warnings.push(Warning::Deprecated {
            api_version: api_version.to_string(),
            kind: kind.name().to_string(),
            message: deprecation_message(api_version, kind),
        });
    }
    match (kind, api_version) {
        (Kind::Deployment, "extensions/v1beta1") => {
            default_selector_and_labels(node);
            drop_field(node, "rollbackTo");
            let Some(spec) = child_map(node, "spec") else { return };
            // extensions/v1beta1 kept every revision and had no progress deadline.
            set_if_absent(spec, "revisionHistoryLimit", json!(i32::MAX));
            set_if_absent(spec, "progressDeadlineSeconds", json!(i32::MAX));
            let rolling = matches!(spec.get("strategy").and_then(|s| s.get("type")).and_then(Node::as_str), None | Some("RollingUpdate"));
            if rolling {
                if let Some(ru) = child_map(spec, "strategy").and_then(|s| child_map(s, "rollingUpdate")) {
                    set_if_absent(ru, "maxUnavailable", json!(1));
                    set_if_absent(ru, "maxSurge", json!(1));
                }
            }
        }
        (Kind::Deployment, "apps/v1beta1") => {
            default_selector_and_labels(node);
            drop_field(node, "rollbackTo");
            if let Some(spec) = child_map(node, "spec") {
                set_if_absent(spec, "revisionHistoryLimit", json!(2));
            }
        }
        (Kind::ReplicaSet, "extensions/v1beta1") => default_selector_and_labels(node),
        (Kind::DaemonSet, "extensions/v1beta1") => {
            default_selector_and_labels(node);
            drop_field(node, "templateGeneration");
            if let Some(us) = child_map(node, "spec").and_then(|s| child_map(s, "updateStrategy")) {
                set_if_absent(us, "type", json!("OnDelete"));
            }
        }
        (Kind::StatefulSet, "apps/v1beta1") => {
            default_selector_and_labels(node);
            if let Some(us) = child_map(node, "spec").and_then(|s| child_map(s, "updateStrategy")) {
                set_if_absent(us, "type", json!("OnDelete"));
            }
        }
        (Kind::HorizontalPodAutoscaler, "autoscaling/v1") => hpa_from_v1(node, warnings),
        (Kind::HorizontalPodAutoscaler, "autoscaling/v2beta1") => hpa_metrics_from_v2beta1(node),
        (Kind::EndpointSlice, "discovery.k8s.io/v1beta1") => slice_topology_from_v1beta1(node),
        (Kind::Deployment, _) => unknown_in_served(node, "rollbackTo", warnings),
        (Kind::HorizontalPodAutoscaler, _) => unknown_in_served(node, "targetCPUUtilizationPercentage", warnings),
        _ => {}
    }
}

/// Whether [`convert`] may change `node`. When false, converting leaves the
/// node exactly as written (it may still add a deprecation warning), so the
/// caller can decode it and then take it apart for its raw JSON instead of
/// copying it first. Must answer true for every arm of `convert` that can
/// edit the node (decode_object checks this in debug builds).
pub(crate) fn may_change(kind: Kind, api_version: &str, node: &Node) -> bool {
    let in_spec = |field: &str| node.get("spec").is_some_and(|s| s.get(field).is_some());
    match (kind, api_version) {
        (Kind::Deployment, "extensions/v1beta1" | "apps/v1beta1")
        | (Kind::ReplicaSet | Kind::DaemonSet, "extensions/v1beta1")
        | (Kind::StatefulSet, "apps/v1beta1")
        | (Kind::HorizontalPodAutoscaler, "autoscaling/v1" | "autoscaling/v2beta1")
        | (Kind::EndpointSlice, "discovery.k8s.io/v1beta1") => true,
        (Kind::Deployment, _) => in_spec("rollbackTo"),
        (Kind::HorizontalPodAutoscaler, _) => in_spec("targetCPUUtilizationPercentage"),
        _ => false,
    }
}

/// A child map, created when absent or null; `None` when the child is
/// something else (typed decoding reports that where it was written).
fn child_map<'n>(node: &'n mut Node, key: &str) -> Option<&'n mut Node> {
    if node.get(key).is_none_or(Node::is_null) {
        node.set(key, NodeValue::Map(Vec::new()));
    }
    node.get_mut(key).filter(|c| matches!(c.value, NodeValue::Map(_)))
}

fn set_if_absent(node: &mut Node, key: &str, value: serde_json::Value) {
    if node.get(key).is_none_or(Node::is_null) {
        let v = Node::from_json(&value, node.line, node.column);
        node.set(key, v.value);
    }
}

fn drop_field(node: &mut Node, key: &str) {
    if let Some(spec) = node.get_mut("spec") {
        spec.remove(key);
    }
}

/// extensions/v1beta1 and apps/v1beta1 defaulted a missing selector, and
/// empty object labels, from the pod template's labels.
fn default_selector_and_labels(node: &mut Node) {
    let labels = node
        .get("spec")
        .and_then(|s| s.get("template"))
        .and_then(|t| t.get("metadata"))
        .and_then(|m| m.get("labels"))
        .filter(|l| matches!(&l.value, NodeValue::Map(e) if !e.is_empty()))
        .cloned();
    let Some(labels) = labels else { return };
    if let Some(spec) = child_map(node, "spec") {
        if spec.get("selector").is_none_or(Node::is_null) {
            let mut selector = Node::new(NodeValue::Map(Vec::new()), labels.line, labels.column);
            selector.set("matchLabels", labels.value.clone());
            spec.set("selector", selector.value);
        }
    }
    let Some(meta) = child_map(node, "metadata") else { return };
    let empty = match meta.get("labels").map(|l| &l.value) {
        None | Some(NodeValue::Null) => true,
        Some(NodeValue::Map(e)) => e.is_empty(),
        Some(_) => false,
    };
    if empty {
        meta.set("labels", labels.value);
    }
}

/// A field that only older versions had: in the served version it is unknown.
fn unknown_in_served(node: &mut Node, field: &str, warnings: &mut Vec<Warning>) {
    let Some(spec) = node.get_mut("spec") else { return };
    if let Some(e) = spec.remove(field) {
        warnings.push(Warning::UnknownField { path: format!("spec.{field}"), line: e.key_line, column: e.key_column, suggestion: None });
    }
}

/// autoscaling/v1 → v2: `targetCPUUtilizationPercentage: N` becomes a
/// Resource metric on cpu with an Utilization target of N; v2-only spec
/// fields are unknown in v1.
fn hpa_from_v1(node: &mut Node, warnings: &mut Vec<Warning>) {
    let Some(spec) = node.get_mut("spec") else { return };
    for field in ["metrics", "behavior"] {
        if let Some(e) = spec.remove(field) {
            warnings.push(Warning::UnknownField { path: format!("spec.{field}"), line: e.key_line, column: e.key_column, suggestion: None });
        }
    }
    let Some(target) = spec.get("targetCPUUtilizationPercentage") else { return };
    let pct = match target.value {
        NodeValue::Null => None,
        NodeValue::Int(i) => Some(json!(i)),
        NodeValue::Uint(u) => Some(json!(u)),
        // Anything else stays for typed decoding to report where it is.
        _ => return,
    };
    let (line, column) = (target.line, target.column);
    spec.remove("targetCPUUtilizationPercentage");
    if let Some(pct) = pct {
        let metrics = json!([{"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": pct}}}]);
        spec.set("metrics", Node::from_json(&metrics, line, column).value);
    }
}

/// autoscaling/v2beta1 metric sources had flat `target*` fields; v2 has a
/// `metric` identifier and a `target` of a type (Go's v2beta1 conversion).
fn hpa_metrics_from_v2beta1(node: &mut Node) {
    let Some(NodeValue::Seq(metrics)) = node.get_mut("spec").and_then(|s| s.get_mut("metrics")).map(|m| &mut m.value) else {
        return;
    };
    for metric in metrics.iter_mut() {
        if let Some(r) = metric.get_mut("resource") {
            resource_target(r);
        }
        if let Some(r) = metric.get_mut("containerResource") {
            resource_target(r);
        }
        if let Some(p) = metric.get_mut("pods") {
            let name = p.remove("metricName");
            let selector = p.remove("selector");
            set_metric_id(p, name, selector);
            if let Some(avg) = p.remove("targetAverageValue") {
                set_target(p, "AverageValue", "averageValue", avg);
            }
        }
        if let Some(o) = metric.get_mut("object") {
            if let Some(t) = o.remove("target") {
                o.set("describedObject", t.value.value);
            }
            let name = o.remove("metricName");
            let selector = o.remove("selector");
            set_metric_id(o, name, selector);
            let value = o.remove("targetValue");
            match (o.remove("averageValue"), value) {
                (Some(avg), _) => set_target(o, "AverageValue", "averageValue", avg),
                (None, Some(v)) => set_target(o, "Value", "value", v),
                (None, None) => {}
            }
        }
        if let Some(x) = metric.get_mut("external") {
            let name = x.remove("metricName");
            let selector = x.remove("metricSelector");
            set_metric_id(x, name, selector);
            let value = x.remove("targetValue");
            match (x.remove("targetAverageValue"), value) {
                (Some(avg), _) => set_target(x, "AverageValue", "averageValue", avg),
                (None, Some(v)) => set_target(x, "Value", "value", v),
                (None, None) => {}
            }
        }
    }
}

fn resource_target(r: &mut Node) {
    if let Some(u) = r.remove("targetAverageUtilization") {
        set_target(r, "Utilization", "averageUtilization", u);
    } else if let Some(v) = r.remove("targetAverageValue") {
        set_target(r, "AverageValue", "averageValue", v);
    }
}

fn set_metric_id(node: &mut Node, name: Option<Entry>, selector: Option<Entry>) {
    if name.is_none() && selector.is_none() {
        return;
    }
    let mut id = Node::new(NodeValue::Map(Vec::new()), node.line, node.column);
    if let Some(n) = name {
        id.set("name", n.value.value);
    }
    if let Some(s) = selector {
        id.set("selector", s.value.value);
    }
    node.set("metric", id.value);
}

fn set_target(node: &mut Node, type_: &str, field: &str, value: Entry) {
    let mut target = Node::new(NodeValue::Map(Vec::new()), value.key_line, value.key_column);
    target.set("type", NodeValue::Str(type_.to_string()));
    if let NodeValue::Map(entries) = &mut target.value {
        entries.push(Entry { key: field.to_string(), ..value });
    }
    node.set("target", target.value);
}

/// discovery.k8s.io/v1beta1 endpoints carried `topology`; v1 has `nodeName`
/// and `zone` (what the v1beta1→v1 conversion fills from those labels).
fn slice_topology_from_v1beta1(node: &mut Node) {
    let Some(NodeValue::Seq(endpoints)) = node.get_mut("endpoints").map(|e| &mut e.value) else { return };
    for ep in endpoints.iter_mut() {
        let Some(topology) = ep.remove("topology") else { continue };
        for (label, field) in [("kubernetes.io/hostname", "nodeName"), ("topology.kubernetes.io/zone", "zone")] {
            if let Some(v) = topology.value.get(label) {
                if ep.get(field).is_none() {
                    ep.set(field, v.value.clone());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deprecation_messages_match_the_api_server() {
        assert_eq!(
            deprecation_message("extensions/v1beta1", Kind::Deployment),
            "extensions/v1beta1 Deployment is deprecated in v1.8+, unavailable in v1.16+; use apps/v1 Deployment"
        );
        assert_eq!(
            deprecation_message("apps/v1beta2", Kind::DaemonSet),
            "apps/v1beta2 DaemonSet is deprecated in v1.9+, unavailable in v1.16+; use apps/v1 DaemonSet"
        );
        assert_eq!(
            deprecation_message("batch/v1beta1", Kind::CronJob),
            "batch/v1beta1 CronJob is deprecated in v1.21+, unavailable in v1.25+; use batch/v1 CronJob"
        );
        assert_eq!(
            deprecation_message("autoscaling/v2beta2", Kind::HorizontalPodAutoscaler),
            "autoscaling/v2beta2 HorizontalPodAutoscaler is deprecated in v1.23+, unavailable in v1.26+; use autoscaling/v2 HorizontalPodAutoscaler"
        );
        assert_eq!(
            deprecation_message("policy/v1beta1", Kind::PodDisruptionBudget),
            "policy/v1beta1 PodDisruptionBudget is deprecated in v1.21+, unavailable in v1.25+; use policy/v1 PodDisruptionBudget"
        );
    }

    #[test]
    fn every_legacy_version_has_a_message_naming_the_served_version() {
        for k in Kind::ALL {
            for v in k.info().legacy_api_versions {
                let m = deprecation_message(v, *k);
                assert!(m.ends_with(&format!("; use {} {}", k.info().api_version(), k.name())), "{m}");
            }
        }
    }
}
