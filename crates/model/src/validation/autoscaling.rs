//! HorizontalPodAutoscaler (`pkg/apis/autoscaling/validation`): the spec's
//! replica bounds, scale target, each metric source and the scaling
//! behavior.
//!
//! The Object, Pods, External and ContainerResource sources are kept as
//! opaque JSON on the typed object (the simulator only reads Resource
//! metrics), so they are read into the small views below just to be
//! validated; a view that does not decode is validated as empty, which
//! reports its required fields.

use super::common::{self, Errs};
use super::field::{BadValue, FieldError, Path};
use super::meta;
use crate::api::{CrossVersionObjectReference, HorizontalPodAutoscaler, HpaScalingRules, MetricSpec, MetricTarget};
use crate::names::NameRule;
use crate::quantity::Quantity;
use serde_json::Value;

const METRIC_SOURCE_TYPES: &[&str] = &["ContainerResource", "External", "Object", "Pods", "Resource"];
const MAX_PERIOD_SECONDS: i32 = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS: i32 = 3600;

#[derive(Default)]
struct Identifier {
    name: String,
}

#[derive(Default)]
struct Target {
    type_: String,
    value: Option<Quantity>,
    average_value: Option<Quantity>,
    average_utilization: Option<i32>,
}

impl From<Target> for MetricTarget {
    fn from(t: Target) -> MetricTarget {
        MetricTarget { type_: t.type_, value: t.value, average_value: t.average_value, average_utilization: t.average_utilization }
    }
}

#[derive(Default)]
struct ObjectSource {
    described_object: CrossVersionObjectReference,
    metric: Identifier,
    target: Target,
}

/// The Pods and External sources share this shape.
#[derive(Default)]
struct IdentifiedSource {
    metric: Identifier,
    target: Target,
}

#[derive(Default)]
struct ContainerResourceSource {
    name: String,
    container: String,
    target: Target,
}

// The views are read by hand rather than through serde: decoding through
// serde_json's Value would compile a second copy of every decoder they
// reach into the download. A field of the wrong type reads as absent.
fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or_default().to_string()
}

fn quantity(v: &Value, key: &str) -> Option<Quantity> {
    match v.get(key)? {
        Value::String(s) => Quantity::parse(s).ok(),
        Value::Number(n) => Quantity::parse(&n.to_string()).ok(),
        _ => None,
    }
}

fn identifier(v: &Value) -> Identifier {
    Identifier { name: v.get("metric").map(|m| text(m, "name")).unwrap_or_default() }
}

fn target(v: &Value) -> Target {
    let Some(t) = v.get("target") else { return Target::default() };
    Target {
        type_: text(t, "type"),
        value: quantity(t, "value"),
        average_value: quantity(t, "averageValue"),
        average_utilization: t.get("averageUtilization").and_then(Value::as_i64).and_then(|n| i32::try_from(n).ok()),
    }
}

fn object_view(v: &Value) -> ObjectSource {
    let d = v.get("describedObject");
    let described_object = CrossVersionObjectReference {
        kind: d.map(|d| text(d, "kind")).unwrap_or_default(),
        name: d.map(|d| text(d, "name")).unwrap_or_default(),
        api_version: d.map(|d| text(d, "apiVersion")).unwrap_or_default(),
    };
    ObjectSource { described_object, metric: identifier(v), target: target(v) }
}

fn identified_view(v: &Value) -> IdentifiedSource {
    IdentifiedSource { metric: identifier(v), target: target(v) }
}

fn container_resource_view(v: &Value) -> ContainerResourceSource {
    ContainerResourceSource { name: text(v, "name"), container: text(v, "container"), target: target(v) }
}

/// `ValidateHorizontalPodAutoscaler`: HPAScaleToZero is off by default,
/// so minReplicas must be at least 1.
pub(super) fn hpa(h: &HorizontalPodAutoscaler) -> Errs {
    let mut errs = meta::object_meta(&h.metadata, true, NameRule::DnsSubdomain);
    errs.extend(hpa_spec(h, 1));
    errs
}

/// An object already stored with minReplicas 0 may keep it.
pub(super) fn hpa_update(new: &HorizontalPodAutoscaler, old: &HorizontalPodAutoscaler) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    let lower = if old.spec.min_replicas == Some(0) { 0 } else { 1 };
    errs.extend(hpa_spec(new, lower));
    errs
}

fn hpa_spec(h: &HorizontalPodAutoscaler, min_replicas_lower_bound: i32) -> Errs {
    let sp = Path::new("spec");
    let s = &h.spec;
    let mut errs = Vec::new();
    if let Some(min) = s.min_replicas.filter(|m| *m < min_replicas_lower_bound) {
        errs.push(FieldError::invalid(&sp.child("minReplicas"), BadValue::int(min), format!("must be greater than or equal to {min_replicas_lower_bound}")));
    }
    if s.max_replicas < 1 {
        errs.push(FieldError::invalid(&sp.child("maxReplicas"), BadValue::int(s.max_replicas), "must be greater than 0"));
    }
    if s.min_replicas.is_some_and(|min| s.max_replicas < min) {
        errs.push(FieldError::invalid(&sp.child("maxReplicas"), BadValue::int(s.max_replicas), "must be greater than or equal to `minReplicas`"));
    }
    errs.extend(cross_version_object_reference(&s.scale_target_ref, &sp.child("scaleTargetRef")));
    let metrics_path = sp.child("metrics");
    for (i, m) in s.metrics.iter().enumerate() {
        errs.extend(metric_spec(m, &metrics_path.index(i)));
    }
    if s.min_replicas == Some(0) && !s.metrics.iter().any(|m| m.type_ == "Object" || m.type_ == "External") {
        errs.push(FieldError::forbidden(&metrics_path, "must specify at least one Object or External metric to support scaling to zero replicas"));
    }
    if let Some(b) = &s.behavior {
        let bp = sp.child("behavior");
        for (name, rules) in [("scaleUp", &b.scale_up), ("scaleDown", &b.scale_down)] {
            if let Some(r) = rules {
                errs.extend(scaling_rules(r, &bp.child(name)));
            }
        }
    }
    errs
}

/// `ValidateCrossVersionObjectReference`.
fn cross_version_object_reference(r: &CrossVersionObjectReference, path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (name, v) in [("kind", &r.kind), ("name", &r.name)] {
        if v.is_empty() {
            errs.push(FieldError::required(&path.child(name), ""));
        } else {
            errs.extend(common::path_segment_name(v, &path.child(name)));
        }
    }
    errs
}

/// `validateMetricSpec`: only the first source present (in upstream's
/// order) is validated; the others are reported as extra.
fn metric_spec(m: &MetricSpec, mp: &Path) -> Errs {
    let mut errs = Vec::new();
    let t = m.type_.as_str();
    if t.is_empty() {
        errs.push(FieldError::required(&mp.child("type"), "must specify a metric source type"));
    }
    if !METRIC_SOURCE_TYPES.contains(&t) {
        errs.push(FieldError::not_supported(&mp.child("type"), BadValue::str(t), METRIC_SOURCE_TYPES));
    }
    let present: Vec<&str> =
        [("object", m.object.is_some()), ("external", m.external.is_some()), ("pods", m.pods.is_some()), ("resource", m.resource.is_some()), ("containerResource", m.container_resource.is_some())]
            .into_iter()
            .filter(|(_, p)| *p)
            .map(|(n, _)| n)
            .collect();
    match present.first().copied() {
        Some("object") => errs.extend(m.object.as_ref().map(|v| object_source(&object_view(v), &mp.child("object"))).unwrap_or_default()),
        Some("external") => errs.extend(m.external.as_ref().map(|v| external_source(&identified_view(v), &mp.child("external"))).unwrap_or_default()),
        Some("pods") => errs.extend(m.pods.as_ref().map(|v| pods_source(&identified_view(v), &mp.child("pods"))).unwrap_or_default()),
        Some("resource") => {
            if let Some(r) = &m.resource {
                let rp = mp.child("resource");
                // Unlike ContainerResource, upstream checks only that a name is given.
                if r.name.is_empty() {
                    errs.push(FieldError::required(&rp.child("name"), "must specify a resource name"));
                }
                errs.extend(utilization_target(&r.target, &rp.child("target")));
            }
        }
        Some(_) => errs.extend(m.container_resource.as_ref().map(|v| container_resource_source(container_resource_view(v), &mp.child("containerResource"))).unwrap_or_default()),
        None => {}
    }
    let expected = match t {
        "Object" => Some("object"),
        "Pods" => Some("pods"),
        "Resource" => Some("resource"),
        "External" => Some("external"),
        "ContainerResource" => Some("containerResource"),
        _ => None,
    };
    match expected {
        Some(e) if !present.contains(&e) => errs.push(FieldError::required(&mp.child(e), "must populate information for the given metric source")),
        Some(_) => {}
        None => errs.push(FieldError::not_supported(&mp.child("type"), BadValue::str(t), METRIC_SOURCE_TYPES)),
    }
    if present.len() != 1 {
        let mut extra: Vec<&str> = present.iter().copied().filter(|p| Some(*p) != expected).collect();
        extra.sort_unstable();
        for p in extra {
            errs.push(FieldError::forbidden(&mp.child(p), "must populate the given metric source only"));
        }
    }
    errs
}

fn object_source(src: &ObjectSource, path: &Path) -> Errs {
    let mut errs = cross_version_object_reference(&src.described_object, &path.child("describedObject"));
    errs.extend(metric_identifier(&src.metric, &path.child("metric")));
    let target = path.child("target");
    errs.extend(metric_target(&target_of(&src.target), &target));
    if src.target.value.is_none() && src.target.average_value.is_none() {
        errs.push(FieldError::required(&target.child("averageValue"), "must set either a target value or averageValue"));
    }
    errs
}

fn external_source(src: &IdentifiedSource, path: &Path) -> Errs {
    let mut errs = metric_identifier(&src.metric, &path.child("metric"));
    let target = path.child("target");
    errs.extend(metric_target(&target_of(&src.target), &target));
    match (&src.target.value, &src.target.average_value) {
        (None, None) => errs.push(FieldError::required(&target.child("averageValue"), "must set either a target value for metric or a per-pod target")),
        (Some(_), Some(_)) => errs.push(FieldError::forbidden(&target.child("value"), "may not set both a target value for metric and a per-pod target")),
        _ => {}
    }
    errs
}

fn pods_source(src: &IdentifiedSource, path: &Path) -> Errs {
    let mut errs = metric_identifier(&src.metric, &path.child("metric"));
    let target = path.child("target");
    errs.extend(metric_target(&target_of(&src.target), &target));
    if src.target.average_value.is_none() {
        errs.push(FieldError::required(&target.child("averageValue"), "must specify a positive target averageValue"));
    }
    errs
}

fn container_resource_source(src: ContainerResourceSource, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if src.name.is_empty() {
        errs.push(FieldError::required(&path.child("name"), "must specify a resource name"));
    } else {
        errs.extend(common::container_resource_name(&src.name, &path.child("name")));
    }
    if src.container.is_empty() {
        errs.push(FieldError::required(&path.child("container"), "must specify a container"));
    } else {
        errs.extend(common::dns1123_label(&src.container, &path.child("container")));
    }
    errs.extend(utilization_target(&src.target.into(), &path.child("target")));
    errs
}

fn target_of(t: &Target) -> MetricTarget {
    MetricTarget { type_: t.type_.clone(), value: t.value.clone(), average_value: t.average_value.clone(), average_utilization: t.average_utilization }
}

/// The target rules shared by the Resource and ContainerResource sources.
fn utilization_target(t: &MetricTarget, path: &Path) -> Errs {
    let mut errs = metric_target(t, path);
    match (t.average_utilization, &t.average_value) {
        (None, None) => errs.push(FieldError::required(&path.child("averageUtilization"), "must set either a target raw value or a target utilization")),
        (Some(_), Some(_)) => errs.push(FieldError::forbidden(&path.child("averageValue"), "may not set both a target raw value and a target utilization")),
        _ => {}
    }
    errs
}

fn metric_identifier(id: &Identifier, path: &Path) -> Errs {
    if id.name.is_empty() {
        return vec![FieldError::required(&path.child("name"), "must specify a metric name")];
    }
    common::path_segment_name(&id.name, &path.child("name"))
}

fn metric_target(t: &MetricTarget, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if t.type_.is_empty() {
        errs.push(FieldError::required(&path.child("type"), "must specify a metric target type"));
    }
    if !["Utilization", "Value", "AverageValue"].contains(&t.type_.as_str()) {
        errs.push(FieldError::invalid(&path.child("type"), BadValue::str(t.type_.as_str()), "must be either Utilization, Value, or AverageValue"));
    }
    for (name, v) in [("value", &t.value), ("averageValue", &t.average_value)] {
        if let Some(q) = v.as_ref().filter(|q| q.sign() != 1) {
            errs.push(FieldError::invalid(&path.child(name), BadValue::GoSyntax(q.to_string()), "must be positive"));
        }
    }
    if let Some(u) = t.average_utilization.filter(|u| *u < 1) {
        errs.push(FieldError::invalid(&path.child("averageUtilization"), BadValue::int(u), "must be greater than 0"));
    }
    errs
}

fn scaling_rules(r: &HpaScalingRules, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if let Some(w) = r.stabilization_window_seconds {
        if w < 0 {
            errs.push(FieldError::invalid(&path.child("stabilizationWindowSeconds"), BadValue::int(w), "must be greater than or equal to zero"));
        }
        if w > MAX_STABILIZATION_WINDOW_SECONDS {
            errs.push(FieldError::invalid(&path.child("stabilizationWindowSeconds"), BadValue::int(w), format!("must be less than or equal to {MAX_STABILIZATION_WINDOW_SECONDS}")));
        }
    }
    if let Some(sp) = &r.select_policy {
        if !["Disabled", "Max", "Min"].contains(&sp.as_str()) {
            errs.push(FieldError::not_supported(&path.child("selectPolicy"), BadValue::str(sp.as_str()), &["Disabled", "Max", "Min"]));
        }
    }
    let pp = path.child("policies");
    if r.policies.is_empty() {
        errs.push(FieldError::required(&pp, "must specify at least one Policy"));
    }
    for (i, p) in r.policies.iter().enumerate() {
        let ip = pp.index(i);
        if p.type_ != "Pods" && p.type_ != "Percent" {
            errs.push(FieldError::not_supported(&ip.child("type"), BadValue::str(p.type_.as_str()), &["Percent", "Pods"]));
        }
        if p.value <= 0 {
            errs.push(FieldError::invalid(&ip.child("value"), BadValue::int(p.value), "must be greater than zero"));
        }
        if p.period_seconds <= 0 {
            errs.push(FieldError::invalid(&ip.child("periodSeconds"), BadValue::int(p.period_seconds), "must be greater than zero"));
        }
        if p.period_seconds > MAX_PERIOD_SECONDS {
            errs.push(FieldError::invalid(&ip.child("periodSeconds"), BadValue::int(p.period_seconds), format!("must be less than or equal to {MAX_PERIOD_SECONDS}")));
        }
    }
    errs
}
