//! The smaller API groups: PodDisruptionBudget (policy/v1), PriorityClass,
//! StorageClass and EndpointSlice.

use super::common::{self, Errs};
use super::field::{go_int_or_string, BadValue, FieldError, Path, GO_POINTER};
use super::meta;
use crate::api::{EndpointSlice, PodDisruptionBudget, PriorityClass, StorageClass};
use crate::intstr::IntOrString;
use crate::names::{self, NameRule};

/// Priorities above this are reserved for the built-in `system-` classes.
const HIGHEST_USER_DEFINABLE_PRIORITY: i32 = 1_000_000_000;
const SYSTEM_PRIORITY_CLASSES: &[(&str, i32)] = &[("system-node-critical", 2_000_001_000), ("system-cluster-critical", 2_000_000_000)];

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
            // Neither built-in class is the global default.
            Some(_) if pc.global_default == Some(true) => Some(format!("globalDefault of {name} PriorityClass must be false")),
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
    errs.extend(provisioner_parameters(&sc.parameters, &Path::new("parameters")));
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

/// `validateParameters` (empty allowed): at most 512 entries and 256 KiB in all.
fn provisioner_parameters(params: &std::collections::BTreeMap<String, String>, path: &Path) -> Errs {
    const MAX_LEN: usize = 512;
    const MAX_SIZE: usize = 256 * 1024;
    if params.len() > MAX_LEN {
        return vec![FieldError::too_long(path, MAX_LEN)];
    }
    let mut errs = Vec::new();
    if params.contains_key("") {
        errs.push(FieldError::invalid(path, BadValue::str(""), "field can not be empty."));
    }
    if params.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>() > MAX_SIZE {
        errs.push(FieldError::too_long(path, MAX_SIZE));
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

const MAX_SLICE_ENDPOINTS: usize = 1000;
const MAX_SLICE_PORTS: usize = 20000;
const MAX_ZONE_HINTS: usize = 8;

/// `validation.IsFullyQualifiedDomainName`: one error at most.
fn fully_qualified_domain_name(name: &str, path: &Path) -> Errs {
    if name.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let name = name.strip_suffix('.').unwrap_or(name);
    let msgs = names::is_dns1123_subdomain(name);
    if !msgs.is_empty() {
        return vec![FieldError::invalid(path, BadValue::str(name), msgs.join(","))];
    }
    if !name.contains('.') {
        return vec![FieldError::invalid(path, BadValue::str(name), "should be a domain with at least two segments separated by dots")];
    }
    for label in name.split('.') {
        let msgs = names::is_dns1123_label(label);
        if !msgs.is_empty() {
            return vec![FieldError::invalid(path, BadValue::str(label), msgs.join(","))];
        }
    }
    Vec::new()
}

/// `validateHints`: at most 8 zones, each a distinct label value.
fn endpoint_hints(hints: &serde_json::Value, path: &Path) -> Errs {
    let fz = path.child("forZones");
    let zones: Vec<&str> = hints.get("forZones").and_then(serde_json::Value::as_array).map(|a| a.iter().map(|z| z.get("name").and_then(serde_json::Value::as_str).unwrap_or("")).collect()).unwrap_or_default();
    if zones.len() > MAX_ZONE_HINTS {
        return vec![FieldError::too_many(&fz, zones.len(), MAX_ZONE_HINTS)];
    }
    let mut errs = Vec::new();
    for (i, z) in zones.iter().enumerate() {
        let zi = fz.index(i);
        let zp = zi.child("name");
        if zones[..i].contains(z) {
            errs.push(FieldError::duplicate(&zp, BadValue::str(*z)));
        }
        errs.extend(common::each(&zp, z, names::is_valid_label_value(z)));
    }
    errs
}

/// `ValidateEndpointSlice`.
pub(super) fn endpoint_slice(es: &EndpointSlice) -> Errs {
    let mut errs = meta::object_meta(&es.metadata, true, NameRule::DnsSubdomain);
    let at = es.address_type.as_str();
    if at.is_empty() {
        errs.push(FieldError::required(&Path::new("addressType"), ""));
    } else if !["FQDN", "IPv4", "IPv6"].contains(&at) {
        errs.push(FieldError::not_supported(&Path::new("addressType"), BadValue::str(at), &["FQDN", "IPv4", "IPv6"]));
    }
    let endpoints_path = Path::new("endpoints");
    if es.endpoints.len() > MAX_SLICE_ENDPOINTS {
        errs.push(FieldError::too_many(&endpoints_path, es.endpoints.len(), MAX_SLICE_ENDPOINTS));
    }
    for (i, ep) in es.endpoints.iter().enumerate().take_while(|_| es.endpoints.len() <= MAX_SLICE_ENDPOINTS) {
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
                "IPv4" | "IPv6" => errs.extend(common::non_special_ip(a, &aj)),
                "FQDN" => errs.extend(fully_qualified_domain_name(a, &aj)),
                _ => {}
            }
        }
        if let Some(h) = ep.hostname.as_deref() {
            errs.extend(common::dns1123_label(h, &p.child("hostname")));
        }
        if let Some(n) = ep.node_name.as_deref() {
            errs.extend(common::dns1123_subdomain(n, &p.child("nodeName")));
        }
        if let Some(h) = &ep.hints {
            errs.extend(endpoint_hints(h, &p.child("hints")));
        }
    }
    let mut seen = Vec::new();
    let ports_path = Path::new("ports");
    if es.ports.len() > MAX_SLICE_PORTS {
        errs.push(FieldError::too_many(&ports_path, es.ports.len(), MAX_SLICE_PORTS));
        return errs;
    }
    for (i, port) in es.ports.iter().enumerate() {
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
