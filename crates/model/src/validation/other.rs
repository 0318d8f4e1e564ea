//! The smaller API groups: HorizontalPodAutoscaler (autoscaling/v2),
//! PodDisruptionBudget (policy/v1), PriorityClass, StorageClass and
//! EndpointSlice.

use super::common::{self, Errs};
use super::field::{go_int_or_string, BadValue, FieldError, Path, GO_POINTER};
use super::meta;
use crate::api::{EndpointSlice, HorizontalPodAutoscaler, HpaScalingRules, MetricTarget, PodDisruptionBudget, PriorityClass, StorageClass};
use crate::intstr::IntOrString;
use crate::names::{self, NameRule};

const METRIC_SOURCE_TYPES: &[&str] = &["ContainerResource", "External", "Object", "Pods", "Resource"];
const MAX_PERIOD_SECONDS: i32 = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS: i32 = 3600;
/// Priorities above this are reserved for the built-in `system-` classes.
const HIGHEST_USER_DEFINABLE_PRIORITY: i32 = 1_000_000_000;
const SYSTEM_PRIORITY_CLASSES: &[(&str, i32)] = &[("system-node-critical", 2_000_001_000), ("system-cluster-critical", 2_000_000_000)];

/// `ValidateHorizontalPodAutoscaler`.
pub(super) fn hpa(h: &HorizontalPodAutoscaler) -> Errs {
    let mut errs = meta::object_meta(&h.metadata, true, NameRule::DnsSubdomain);
    errs.extend(hpa_spec(h));
    errs
}

pub(super) fn hpa_update(new: &HorizontalPodAutoscaler, old: &HorizontalPodAutoscaler) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(hpa_spec(new));
    errs
}

fn hpa_spec(h: &HorizontalPodAutoscaler) -> Errs {
    let sp = Path::new("spec");
    let s = &h.spec;
    let mut errs = Vec::new();
    if let Some(min) = s.min_replicas.filter(|m| *m < 1) {
        errs.push(FieldError::invalid(&sp.child("minReplicas"), BadValue::int(min), "must be greater than or equal to 1"));
    }
    if s.max_replicas < 1 {
        errs.push(FieldError::invalid(&sp.child("maxReplicas"), BadValue::int(s.max_replicas), "must be greater than 0"));
    }
    if s.min_replicas.is_some_and(|min| s.max_replicas < min) {
        errs.push(FieldError::invalid(&sp.child("maxReplicas"), BadValue::int(s.max_replicas), "must be greater than or equal to `minReplicas`"));
    }
    let rp = sp.child("scaleTargetRef");
    for (name, v) in [("kind", &s.scale_target_ref.kind), ("name", &s.scale_target_ref.name)] {
        if v.is_empty() {
            errs.push(FieldError::required(&rp.child(name), ""));
        } else {
            errs.extend(common::path_segment_name(v, &rp.child(name)));
        }
    }
    for (i, m) in s.metrics.iter().enumerate() {
        let metrics_path = sp.child("metrics");
        let mp = metrics_path.index(i);
        let t = m.type_.as_str();
        if t.is_empty() {
            errs.push(FieldError::required(&mp.child("type"), "must specify a metric source type"));
        }
        if !METRIC_SOURCE_TYPES.contains(&t) {
            errs.push(FieldError::not_supported(&mp.child("type"), BadValue::str(t), METRIC_SOURCE_TYPES));
        }
        let present: Vec<&str> = [("object", m.object.is_some()), ("pods", m.pods.is_some()), ("resource", m.resource.is_some()), ("external", m.external.is_some()), ("containerResource", m.container_resource.is_some())]
            .into_iter()
            .filter(|(_, p)| *p)
            .map(|(n, _)| n)
            .collect();
        if present.first() == Some(&"resource") {
            if let Some(r) = &m.resource {
                let rp = mp.child("resource");
                if r.name.is_empty() {
                    errs.push(FieldError::required(&rp.child("name"), "must specify a resource name"));
                } else {
                    errs.extend(common::container_resource_name(&r.name, &rp.child("name")));
                }
                errs.extend(metric_target(&r.target, &rp.child("target")));
                if r.target.average_utilization.is_none() && r.target.average_value.is_none() {
                    errs.push(FieldError::required(&rp.child("target").child("averageUtilization"), "must set either a target raw value or a target utilization"));
                }
                if r.target.average_utilization.is_some() && r.target.average_value.is_some() {
                    errs.push(FieldError::forbidden(&rp.child("target").child("averageValue"), "may not set both a target raw value and a target utilization"));
                }
            }
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
            for p in present.iter().filter(|p| Some(**p) != expected) {
                errs.push(FieldError::forbidden(&mp.child(p), "must populate the given metric source only"));
            }
        }
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

/// `ValidatePodDisruptionBudget`.
pub(super) fn pdb(p: &PodDisruptionBudget) -> Errs {
    let mut errs = meta::object_meta(&p.metadata, true, NameRule::DnsSubdomain);
    errs.extend(pdb_spec(p));
    errs
}

pub(super) fn pdb_update(new: &PodDisruptionBudget, old: &PodDisruptionBudget) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(pdb_spec(new));
    errs
}

fn pdb_spec(p: &PodDisruptionBudget) -> Errs {
    let sp = Path::new("spec");
    let s = &p.spec;
    let mut errs = Vec::new();
    if s.min_available.is_some() && s.max_unavailable.is_some() {
        // `%#v` of the spec struct: its pointer fields print as addresses.
        let ptr = |set: bool, ty: &str| format!("(*{ty})({})", if set { GO_POINTER } else { "nil" });
        let value = format!(
            "policy.PodDisruptionBudgetSpec{{MinAvailable:{}, Selector:{}, MaxUnavailable:{}, UnhealthyPodEvictionPolicy:{}}}",
            ptr(true, "intstr.IntOrString"),
            ptr(s.selector.is_some(), "v1.LabelSelector"),
            ptr(true, "intstr.IntOrString"),
            ptr(s.unhealthy_pod_eviction_policy.is_some(), "policy.UnhealthyPodEvictionPolicyType"),
        );
        errs.push(FieldError::invalid(&sp, BadValue::GoSyntax(value), "minAvailable and maxUnavailable cannot be both set"));
    }
    for (name, v) in [("minAvailable", &s.min_available), ("maxUnavailable", &s.max_unavailable)] {
        let Some(v) = v else { continue };
        let p = sp.child(name);
        match v {
            IntOrString::Str(text) => {
                for m in names::is_valid_percent(text) {
                    errs.push(FieldError::invalid(&p, BadValue::GoSyntax(go_int_or_string(v)), m));
                }
                if let Some(pct) = text.strip_suffix('%').and_then(|n| n.parse::<i64>().ok()).filter(|n| *n > 100) {
                    let _ = pct;
                    errs.push(FieldError::invalid(&p, BadValue::GoSyntax(go_int_or_string(v)), "must not be greater than 100%"));
                }
            }
            IntOrString::Int(i) => errs.extend(common::nonnegative(*i as i64, &p)),
        }
    }
    errs.extend(common::label_selector(s.selector.as_ref(), false, &sp.child("selector")));
    if let Some(policy) = &s.unhealthy_pod_eviction_policy {
        if policy != "AlwaysAllow" && policy != "IfHealthyBudget" {
            errs.push(FieldError::not_supported(&sp.child("unhealthyPodEvictionPolicy"), BadValue::str(policy.as_str()), &["AlwaysAllow", "IfHealthyBudget"]));
        }
    }
    errs
}

/// `ValidatePriorityClass`.
pub(super) fn priority_class(pc: &PriorityClass) -> Errs {
    let mut errs = meta::object_meta(&pc.metadata, false, NameRule::DnsSubdomain);
    let name = pc.metadata.name.as_str();
    if name.starts_with("system-") {
        let known = SYSTEM_PRIORITY_CLASSES.iter().find(|(n, _)| *n == name);
        let problem = match known {
            None => Some(format!("{name} is not a known system priority class")),
            Some((_, v)) if *v != pc.value => Some(format!("value of {name} PriorityClass must be {v}")),
            _ => None,
        };
        if let Some(p) = problem {
            errs.push(FieldError::forbidden(&Path::new("metadata").child("name"), format!("priority class names with 'system-' prefix are reserved for system use only. error: {p}")));
        }
    } else if pc.value > HIGHEST_USER_DEFINABLE_PRIORITY {
        errs.push(FieldError::forbidden(&Path::new("value"), format!("maximum allowed value of a user defined priority is {HIGHEST_USER_DEFINABLE_PRIORITY}")));
    }
    if let Some(pp) = &pc.preemption_policy {
        errs.extend(super::pod::preemption_policy(pp, &Path::new("preemptionPolicy")));
    }
    errs
}

pub(super) fn priority_class_update(new: &PriorityClass, old: &PriorityClass) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    if new.value != old.value {
        errs.push(FieldError::forbidden(&Path::new("value"), "may not be changed in an update."));
    }
    if new.preemption_policy != old.preemption_policy {
        errs.push(super::common::immutable(BadValue::str(new.preemption_policy.as_deref().unwrap_or("")), &Path::new("preemptionPolicy")));
    }
    errs
}

/// `ValidateStorageClass`.
pub(super) fn storage_class(sc: &StorageClass) -> Errs {
    let mut errs = meta::object_meta(&sc.metadata, false, NameRule::DnsSubdomain);
    let p = Path::new("provisioner");
    if sc.provisioner.is_empty() {
        errs.push(FieldError::required(&p, ""));
    } else {
        errs.extend(common::qualified_name(&sc.provisioner.to_lowercase(), &p));
    }
    if let Some(rp) = sc.reclaim_policy.as_deref().filter(|r| !r.is_empty()) {
        if rp != "Delete" && rp != "Retain" {
            errs.push(FieldError::not_supported(&Path::new("reclaimPolicy"), BadValue::str(rp), &["Delete", "Retain"]));
        }
    }
    match sc.volume_binding_mode.as_deref() {
        None => errs.push(FieldError::required(&Path::new("volumeBindingMode"), "")),
        Some("Immediate" | "WaitForFirstConsumer") => {}
        Some(other) => errs.push(FieldError::not_supported(&Path::new("volumeBindingMode"), BadValue::str(other), &["Immediate", "WaitForFirstConsumer"])),
    }
    errs
}

/// `ValidateStorageClassUpdate`: only metadata and allowVolumeExpansion may change.
pub(super) fn storage_class_update(new: &StorageClass, old: &StorageClass) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(storage_class(new).into_iter().filter(|e| !e.field.starts_with("metadata.")));
    if new.parameters != old.parameters {
        errs.push(FieldError::forbidden(&Path::new("parameters"), "updates to parameters are forbidden."));
    }
    if new.provisioner != old.provisioner {
        errs.push(FieldError::forbidden(&Path::new("provisioner"), "updates to provisioner are forbidden."));
    }
    if new.reclaim_policy != old.reclaim_policy {
        errs.push(FieldError::forbidden(&Path::new("reclaimPolicy"), "updates to reclaimPolicy are forbidden."));
    }
    if new.volume_binding_mode != old.volume_binding_mode {
        errs.push(FieldError::forbidden(&Path::new("volumeBindingMode"), "field is immutable"));
    }
    errs
}

/// `ValidateEndpointSlice`.
pub(super) fn endpoint_slice(es: &EndpointSlice) -> Errs {
    let mut errs = meta::object_meta(&es.metadata, true, NameRule::DnsSubdomain);
    let at = es.address_type.as_str();
    if !["FQDN", "IPv4", "IPv6"].contains(&at) {
        errs.push(FieldError::not_supported(&Path::new("addressType"), BadValue::str(at), &["FQDN", "IPv4", "IPv6"]));
    }
    for (i, ep) in es.endpoints.iter().enumerate() {
        let endpoints_path = Path::new("endpoints");
        let p = endpoints_path.index(i);
        let ap = p.child("addresses");
        if ep.addresses.is_empty() {
            errs.push(FieldError::required(&ap, "must contain at least 1 address"));
        } else if ep.addresses.len() > 100 {
            errs.push(FieldError::too_many(&ap, ep.addresses.len(), 100));
        }
        for (j, a) in ep.addresses.iter().enumerate() {
            let aj = ap.index(j);
            match at {
                "IPv4" if a.parse::<std::net::Ipv4Addr>().is_err() => errs.push(FieldError::invalid(&aj, BadValue::str(a.as_str()), "must be a valid IPv4 address")),
                "IPv6" if a.parse::<std::net::Ipv6Addr>().is_err() => errs.push(FieldError::invalid(&aj, BadValue::str(a.as_str()), "must be a valid IPv6 address")),
                "FQDN" => errs.extend(common::dns1123_subdomain(a, &aj)),
                _ => {}
            }
        }
        if let Some(h) = ep.hostname.as_deref() {
            errs.extend(common::dns1123_label(h, &p.child("hostname")));
        }
        if let Some(n) = ep.node_name.as_deref() {
            errs.extend(common::dns1123_subdomain(n, &p.child("nodeName")));
        }
    }
    let mut seen = Vec::new();
    for (i, port) in es.ports.iter().enumerate() {
        let ports_path = Path::new("ports");
        let p = ports_path.index(i);
        let name = port.name.as_deref().unwrap_or("");
        if !name.is_empty() {
            errs.extend(common::dns1123_label(name, &p.child("name")));
        }
        if seen.contains(&name) {
            errs.push(FieldError::duplicate(&p.child("name"), BadValue::str(name)));
        }
        seen.push(name);
        match port.protocol.as_deref() {
            None => errs.push(FieldError::required(&p.child("protocol"), "")),
            Some("SCTP" | "TCP" | "UDP") => {}
            Some(other) => errs.push(FieldError::not_supported(&p.child("protocol"), BadValue::str(other), &["SCTP", "TCP", "UDP"])),
        }
        if let Some(ap) = &port.app_protocol {
            errs.extend(common::qualified_name(ap, &p.child("appProtocol")));
        }
    }
    errs
}
