//! The other core kinds: Namespace, Node, ConfigMap, Secret,
//! ServiceAccount, ResourceQuota, LimitRange, Endpoints, Event
//! (PersistentVolumes and their claims are in `storage`).

use super::common::{self, immutable, Errs};
use super::field::{go_quote, BadValue, FieldError, Path};
use super::meta;
use super::scheduling;
use crate::api::{ConfigMap, Endpoints, Event, LimitRange, Namespace, Node, ResourceQuota, Secret, ServiceAccount};
use crate::names::{self, NameRule};
use crate::quantity::Quantity;

/// Upstream's `MaxSecretSize`, also the ConfigMap limit: 1 MiB.
const MAX_DATA_SIZE: usize = 1024 * 1024;

/// `ValidateNamespace`.
pub(super) fn namespace(ns: &Namespace) -> Errs {
    let mut errs = meta::object_meta(&ns.metadata, false, NameRule::DnsLabel);
    let spec_path = Path::new("spec");
    let fp = spec_path.child("finalizers");
    for f in &ns.spec.finalizers {
        errs.extend(common::qualified_name(f, &fp));
        errs.extend(meta::kube_finalizer_name(f, &fp));
    }
    errs
}

/// `ValidateNode`: taints are reported under `metadata.taints`, as upstream does.
pub(super) fn node(n: &Node) -> Errs {
    let mut errs = meta::object_meta(&n.metadata, false, NameRule::DnsSubdomain);
    errs.extend(scheduling::node_taints(&n.spec.taints, &Path::new("metadata").child("taints")));
    errs.extend(node_resources(n));
    errs.extend(node_pod_cidrs(n));
    errs
}

/// The pod CIDRs must be valid and form at most one dual-stack pair.
fn node_pod_cidrs(n: &Node) -> Errs {
    let mut errs = Vec::new();
    let spec_path = Path::new("spec");
    let cp = spec_path.child("podCIDRs");
    let cidrs = pod_cidrs(n);
    for (i, c) in cidrs.iter().enumerate() {
        errs.extend(common::valid_cidr(c, &cp.index(i)));
    }
    if cidrs.len() > 1 {
        let v6 = |c: &String| c.contains(':');
        if cidrs.len() > 2 || v6(&cidrs[0]) == v6(&cidrs[1]) {
            errs.push(FieldError::invalid(&cp, BadValue::list(&cidrs), "may specify no more than one CIDR for each IP family"));
        }
        for (i, c) in cidrs.iter().enumerate() {
            if cidrs[..i].contains(c) {
                errs.push(FieldError::duplicate(&cp.index(i), BadValue::str(c.as_str())));
            }
        }
    }
    errs
}

/// The node's pod CIDRs as upstream validates them: v1's singular
/// `podCIDR` becomes the first of `podCIDRs` on conversion.
fn pod_cidrs(n: &Node) -> Vec<String> {
    match (&n.spec.pod_cidrs[..], n.spec.pod_cidr.as_deref()) {
        ([], Some(c)) if !c.is_empty() => vec![c.to_string()],
        (list, _) => list.to_vec(),
    }
}

fn node_resources(n: &Node) -> Errs {
    let mut errs = Vec::new();
    for (field, list) in [("capacity", &n.status.capacity), ("allocatable", &n.status.allocatable)] {
        for (k, q) in list {
            errs.extend(common::resource_quantity(k, q, &Path::new("status").child(field).child(k)));
        }
    }
    errs
}

/// `ValidateNodeUpdate`: podCIDRs and providerID can only be set once.
pub(super) fn node_update(new: &Node, old: &Node) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(node_resources(new));
    errs.extend(node_pod_cidrs(new));
    for (i, a) in new.status.addresses.iter().enumerate() {
        if new.status.addresses[..i].contains(a) {
            errs.push(FieldError::duplicate(&Path::new("status").child("addresses").index(i), BadValue::GoSyntax(format!("core.NodeAddress{{Type:{:?}, Address:{:?}}}", a.type_, a.address))));
        }
    }
    let old_cidrs = pod_cidrs(old);
    if !old_cidrs.is_empty() && old_cidrs != pod_cidrs(new) {
        errs.push(FieldError::forbidden(&Path::new("spec").child("podCIDRs"), "node updates may not change podCIDR except from \"\" to valid"));
    }
    let old_pid = old.spec.provider_id.as_deref().unwrap_or("");
    if !old_pid.is_empty() && old_pid != new.spec.provider_id.as_deref().unwrap_or("") {
        errs.push(FieldError::forbidden(&Path::new("spec").child("providerID"), "node updates may not change providerID except from \"\" to valid"));
    }
    errs.extend(scheduling::node_taints(&new.spec.taints, &Path::new("metadata").child("taints")));
    errs
}

/// Decoded size of a base64 value (the API stores Secret data encoded).
fn decoded_len(b64: &str) -> usize {
    let pad = b64.bytes().rev().take_while(|b| *b == b'=').count();
    (b64.len() / 4 * 3).saturating_sub(pad)
}

/// `ValidateConfigMap`.
pub(super) fn config_map(cm: &ConfigMap) -> Errs {
    let mut errs = meta::object_meta(&cm.metadata, true, NameRule::DnsSubdomain);
    let mut total = 0;
    for (k, v) in &cm.data {
        let data_path = Path::new("data");
        let p = data_path.key(k);
        errs.extend(common::each(&p, k, names::is_config_map_key(k)));
        if cm.binary_data.contains_key(k) {
            errs.push(FieldError::invalid(&p, BadValue::str(k.as_str()), "duplicate of key present in binaryData"));
        }
        total += v.len();
    }
    for (k, v) in &cm.binary_data {
        errs.extend(common::each(&Path::new("binaryData").key(k), k, names::is_config_map_key(k)));
        total += decoded_len(v);
    }
    if total > MAX_DATA_SIZE {
        // Upstream reports this against an empty path, which prints as "[]".
        errs.push(FieldError::too_long(&Path::new("[]"), MAX_DATA_SIZE));
    }
    errs
}

fn immutable_data<T: PartialEq>(new_immutable: Option<bool>, old_immutable: Option<bool>, fields: &[(&str, &T, &T)]) -> Errs {
    let mut errs = Vec::new();
    if old_immutable == Some(true) {
        if new_immutable != Some(true) {
            errs.push(FieldError::forbidden(&Path::new("immutable"), "field is immutable when `immutable` is set"));
        }
        for (name, n, o) in fields {
            if n != o {
                errs.push(FieldError::forbidden(&Path::new(name), "field is immutable when `immutable` is set"));
            }
        }
    }
    errs
}

pub(super) fn config_map_update(new: &ConfigMap, old: &ConfigMap) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(immutable_data(new.immutable, old.immutable, &[("data", &new.data, &old.data), ("binaryData", &new.binary_data, &old.binary_data)]));
    errs.extend(config_map(new));
    errs
}

/// `ValidateSecret`: keys, total size, and the keys each secret type needs.
pub(super) fn secret(s: &Secret) -> Errs {
    let mut errs = meta::object_meta(&s.metadata, true, NameRule::DnsSubdomain);
    let dp = Path::new("data");
    let mut total = 0;
    for (k, v) in &s.data {
        errs.extend(common::each(&dp.key(k), k, names::is_config_map_key(k)));
        total += decoded_len(v);
    }
    if total > MAX_DATA_SIZE {
        errs.push(FieldError::too_long(&dp, MAX_DATA_SIZE));
    }
    let has = |k: &str| s.data.contains_key(k);
    match s.type_.as_deref().unwrap_or("") {
        "kubernetes.io/service-account-token" if s.metadata.annotation("kubernetes.io/service-account.name").unwrap_or("").is_empty() => {
            errs.push(FieldError::required(&Path::new("metadata").child("annotations").key("kubernetes.io/service-account.name"), ""));
        }
        t @ ("kubernetes.io/dockercfg" | "kubernetes.io/dockerconfigjson") => {
            let key = if t == "kubernetes.io/dockercfg" { ".dockercfg" } else { ".dockerconfigjson" };
            match s.data.get(key) {
                None => errs.push(FieldError::required(&dp.key(key), "")),
                // The payload must be a JSON object; Go's decoding error is the detail.
                Some(v) => {
                    if let Err(e) = crate::base64::decode_strict(v).map_or(Ok(()), |b| super::gojson::unmarshal_map(&b)) {
                        errs.push(FieldError::invalid(&dp.key(key), BadValue::str("<secret contents redacted>"), e));
                    }
                }
            }
        }
        "kubernetes.io/basic-auth" if !has("username") && !has("password") => {
            errs.push(FieldError::required(&dp.key("username"), ""));
            errs.push(FieldError::required(&dp.key("password"), ""));
        }
        "kubernetes.io/ssh-auth" if s.data.get("ssh-privatekey").is_none_or(|v| v.is_empty()) => errs.push(FieldError::required(&dp.key("ssh-privatekey"), "")),
        "kubernetes.io/tls" => {
            for k in ["tls.crt", "tls.key"] {
                if !has(k) {
                    errs.push(FieldError::required(&dp.key(k), ""));
                }
            }
        }
        _ => {}
    }
    errs
}

pub(super) fn secret_update(new: &Secret, old: &Secret) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    if new.type_ != old.type_ {
        errs.push(immutable(BadValue::str(new.type_.as_deref().unwrap_or("")), &Path::new("type")));
    }
    errs.extend(immutable_data(new.immutable, old.immutable, &[("data", &new.data, &old.data)]));
    errs.extend(secret(new));
    errs
}

pub(super) fn service_account(sa: &ServiceAccount) -> Errs {
    meta::object_meta(&sa.metadata, true, NameRule::DnsSubdomain)
}

const QUOTA_RESOURCES_EXTRA: &[&str] = &["count/"];

/// `ValidateResourceQuota`: resource names usable in a quota, non-negative amounts.
pub(super) fn resource_quota(q: &ResourceQuota) -> Errs {
    let mut errs = meta::object_meta(&q.metadata, true, NameRule::DnsSubdomain);
    for (field, list) in [("spec.hard", &q.spec.hard), ("status.hard", &q.status.hard), ("status.used", &q.status.used)] {
        let (a, b) = field.split_once('.').unwrap_or((field, ""));
        for (k, v) in list {
            let top = Path::new(a);
            let list_path = top.child(b);
            let p = list_path.key(k);
            let mut name_errs = common::resource_name(k, &p);
            if name_errs.is_empty() && !k.contains('/') && !is_standard_quota_resource(k) {
                name_errs.push(FieldError::invalid(&p, BadValue::str(k.as_str()), "must be a standard resource for quota"));
            }
            errs.extend(name_errs);
            errs.extend(common::resource_quantity(k, v, &p));
        }
    }
    errs.extend(quota_scopes(q));
    errs.extend(quota_scope_selector(q));
    errs
}

/// The scopes a quota can be limited to (`IsStandardResourceQuotaScope`).
const QUOTA_SCOPES: [&str; 6] = ["Terminating", "NotTerminating", "BestEffort", "NotBestEffort", "PriorityClass", "CrossNamespacePodAffinity"];

/// `validateResourceQuotaScopes`: known scopes, each valid for every
/// standard resource the quota limits (BestEffort pods use no compute, so
/// that scope only counts pods), and no scope beside its opposite. Each
/// error shows the whole list, as upstream's does.
fn quota_scopes(q: &ResourceQuota) -> Errs {
    let scopes = q.spec.scope_names();
    let mut errs = Errs::new();
    if scopes.is_empty() {
        return errs;
    }
    let spec = Path::new("spec");
    let path = spec.child("scopes");
    let listed = scopes_value(&scopes);
    for scope in &scopes {
        if !QUOTA_SCOPES.contains(scope) {
            errs.push(FieldError::invalid(&path, listed.clone(), "unsupported scope"));
        }
        for k in q.spec.hard.keys().filter(|k| is_standard_quota_resource(k)) {
            if !scope_valid_for(scope, k) {
                errs.push(FieldError::invalid(&path, listed.clone(), "unsupported scope applied to resource"));
            }
        }
    }
    for pair in [["BestEffort", "NotBestEffort"], ["Terminating", "NotTerminating"]] {
        if pair.iter().all(|s| scopes.contains(s)) {
            errs.push(FieldError::invalid(&path, listed.clone(), "conflicting scopes"));
        }
    }
    errs
}

/// `spec.scopes` as Go's `%#v` prints the `[]core.ResourceQuotaScope`
/// (nil when empty).
fn scopes_value(scopes: &[&str]) -> BadValue {
    if scopes.is_empty() {
        return BadValue::GoSyntax("[]core.ResourceQuotaScope(nil)".into());
    }
    BadValue::GoSyntax(format!("[]core.ResourceQuotaScope{{{}}}", scopes.iter().map(|s| go_quote(s)).collect::<Vec<_>>().join(", ")))
}

/// Whether a scope can limit a standard quota resource
/// (`IsResourceQuotaScopeValidForResource`): the pod scopes limit pods
/// and compute, BestEffort pods only.
fn scope_valid_for(scope: &str, resource: &str) -> bool {
    let pod_resources = ["pods", "cpu", "memory", "limits.cpu", "limits.memory", "requests.cpu", "requests.memory"];
    match scope {
        "BestEffort" => resource == "pods",
        s if QUOTA_SCOPES.contains(&s) => pod_resources.contains(&resource),
        _ => true,
    }
}

/// `validateScopedResourceSelectorRequirement`: each requirement's scope
/// known and valid for every limited resource, an operator that suits
/// the scope, values as the operator needs, and no opposite scopes.
/// Whole-selector errors show it as Go's `%#v` of the struct.
fn quota_scope_selector(q: &ResourceQuota) -> Errs {
    let mut errs = Errs::new();
    if q.spec.scope_selector.is_none() {
        return errs;
    }
    let reqs = q.spec.scope_selector_requirements();
    let spec = Path::new("spec");
    let selector_path = spec.child("scopeSelector");
    let path = selector_path.child("matchExpressions");
    let strings = |v: &[&str]| if v.is_empty() { "[]string(nil)".to_string() } else { format!("[]string{{{}}}", v.iter().map(|s| go_quote(s)).collect::<Vec<_>>().join(", ")) };
    let whole = BadValue::GoSyntax(format!(
        "core.ScopeSelector{{MatchExpressions:[]core.ScopedResourceSelectorRequirement{{{}}}}}",
        reqs.iter()
            .map(|r| format!("core.ScopedResourceSelectorRequirement{{ScopeName:{}, Operator:{}, Values:{}}}", go_quote(r.scope_name), go_quote(r.operator), strings(&r.values)))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    for r in &reqs {
        if !QUOTA_SCOPES.contains(&r.scope_name) {
            errs.push(FieldError::invalid(&path.child("scopeName"), BadValue::str(r.scope_name), "unsupported scope"));
        }
        for k in q.spec.hard.keys().filter(|k| is_standard_quota_resource(k)) {
            if !scope_valid_for(r.scope_name, k) {
                errs.push(FieldError::invalid(&path, whole.clone(), "unsupported scope applied to resource"));
            }
        }
        if ["BestEffort", "NotBestEffort", "Terminating", "NotTerminating", "CrossNamespacePodAffinity"].contains(&r.scope_name) && r.operator != "Exists" {
            errs.push(FieldError::invalid(
                &path.child("operator"),
                BadValue::str(r.operator),
                "must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
            ));
        }
        match r.operator {
            "In" | "NotIn" if r.values.is_empty() => errs.push(FieldError::required(&path.child("values"), "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector")),
            "Exists" | "DoesNotExist" if !r.values.is_empty() => errs.push(FieldError::invalid(
                &path.child("values"),
                BadValue::GoSyntax(strings(&r.values)),
                "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector",
            )),
            "In" | "NotIn" | "Exists" | "DoesNotExist" => {}
            other => errs.push(FieldError::invalid(&path.child("operator"), BadValue::str(other), "not a valid selector operator")),
        }
    }
    let names: Vec<&str> = reqs.iter().map(|r| r.scope_name).collect();
    // Upstream shows `spec.scopes` here, whatever it holds.
    let scopes = q.spec.scope_names();
    let listed = scopes_value(&scopes);
    for pair in [["BestEffort", "NotBestEffort"], ["Terminating", "NotTerminating"]] {
        if pair.iter().all(|s| names.contains(s)) {
            errs.push(FieldError::invalid(&path, listed.clone(), "conflicting scopes"));
        }
    }
    errs
}

/// `ValidateResourceQuotaUpdate`'s own rule: the scopes cannot change.
pub(super) fn resource_quota_update(new: &ResourceQuota, old: &ResourceQuota) -> Errs {
    let mut errs = Errs::new();
    let (a, b): (std::collections::BTreeSet<&str>, std::collections::BTreeSet<&str>) = (new.spec.scope_names().into_iter().collect(), old.spec.scope_names().into_iter().collect());
    if a != b {
        let scopes = new.spec.scope_names();
        errs.push(FieldError::invalid(&Path::new("spec").child("scopes"), scopes_value(&scopes), "field is immutable"));
    }
    errs
}

fn is_standard_quota_resource(name: &str) -> bool {
    let standard = [
        "cpu",
        "memory",
        "ephemeral-storage",
        "requests.cpu",
        "requests.memory",
        "requests.storage",
        "requests.ephemeral-storage",
        "limits.cpu",
        "limits.memory",
        "limits.ephemeral-storage",
        "pods",
        "resourcequotas",
        "services",
        "replicationcontrollers",
        "secrets",
        "persistentvolumeclaims",
        "configmaps",
        "services.nodeports",
        "services.loadbalancers",
    ];
    standard.contains(&name) || name.starts_with("hugepages-") || name.starts_with("requests.hugepages-") || QUOTA_RESOURCES_EXTRA.iter().any(|p| name.starts_with(p))
}

/// `ValidateLimitRange`: types, resource names, and min ≤ default request ≤ default ≤ max.
pub(super) fn limit_range(lr: &LimitRange) -> Errs {
    let mut errs = meta::object_meta(&lr.metadata, true, NameRule::DnsSubdomain);
    let spec_path = Path::new("spec");
    let lp = spec_path.child("limits");
    let mut types = Vec::new();
    for (i, item) in lr.spec.limits.iter().enumerate() {
        let p = lp.index(i);
        let t = item.type_.as_str();
        let type_errs = common::qualified_name(t, &p.child("type"));
        if type_errs.is_empty() && !t.contains('/') && !["Pod", "Container", "PersistentVolumeClaim"].contains(&t) {
            errs.push(FieldError::invalid(&p.child("type"), BadValue::str(t), "must be a standard limit type or fully qualified"));
        }
        errs.extend(type_errs);
        if types.contains(&t) {
            errs.push(FieldError::duplicate(&p.child("type"), BadValue::str(t)));
        }
        types.push(t);
        let name_check = |k: &str, path: &Path| if t == "Pod" || t == "Container" { common::container_resource_name(k, path) } else { common::resource_name(k, path) };
        for (field, list) in [("max", &item.max), ("min", &item.min)] {
            for k in list.keys() {
                errs.extend(name_check(k, &p.child(field).key(k)));
            }
        }
        if t == "Pod" {
            if !item.default.is_empty() {
                errs.push(FieldError::forbidden(&p.child("default"), "may not be specified when `type` is 'Pod'"));
            }
            if !item.default_request.is_empty() {
                errs.push(FieldError::forbidden(&p.child("defaultRequest"), "may not be specified when `type` is 'Pod'"));
            }
        } else {
            for (field, list) in [("default", &item.default), ("defaultRequest", &item.default_request)] {
                for k in list.keys() {
                    errs.extend(name_check(k, &p.child(field).key(k)));
                }
            }
        }
        if t == "PersistentVolumeClaim" && !item.min.contains_key("storage") && !item.max.contains_key("storage") {
            errs.push(FieldError::required(&p.child("limits"), "either minimum or maximum storage value is required, but neither was provided"));
        }
        for k in item.max_limit_request_ratio.keys() {
            errs.extend(name_check(k, &p.child("maxLimitRequestRatio").key(k)));
        }
        let keys: std::collections::BTreeSet<&String> = item.max.keys().chain(item.min.keys()).chain(item.default.keys()).chain(item.default_request.keys()).chain(item.max_limit_request_ratio.keys()).collect();
        for k in keys {
            let (min, max, def, req, ratio) = (item.min.get(k), item.max.get(k), item.default.get(k), item.default_request.get(k), item.max_limit_request_ratio.get(k));
            let q = |x: &Quantity| BadValue::str(x.to_string());
            if let (Some(mn), Some(mx)) = (min, max) {
                if mn > mx {
                    errs.push(FieldError::invalid(&p.child("min").key(k), q(mn), format!("min value {mn} is greater than max value {mx}")));
                }
            }
            if let (Some(r), Some(mn)) = (req, min) {
                if mn > r {
                    errs.push(FieldError::invalid(&p.child("defaultRequest").key(k), q(r), format!("min value {mn} is greater than default request value {r}")));
                }
            }
            if let (Some(r), Some(mx)) = (req, max) {
                if r > mx {
                    errs.push(FieldError::invalid(&p.child("defaultRequest").key(k), q(r), format!("default request value {r} is greater than max value {mx}")));
                }
            }
            if let (Some(r), Some(d)) = (req, def) {
                if r > d {
                    errs.push(FieldError::invalid(&p.child("defaultRequest").key(k), q(r), format!("default request value {r} is greater than default limit value {d}")));
                }
            }
            if let (Some(d), Some(mn)) = (def, min) {
                if mn > d {
                    errs.push(FieldError::invalid(&p.child("default").key(k), q(mn), format!("min value {mn} is greater than default value {d}")));
                }
            }
            if let (Some(d), Some(mx)) = (def, max) {
                if d > mx {
                    errs.push(FieldError::invalid(&p.child("default").key(k), q(mx), format!("default value {d} is greater than max value {mx}")));
                }
            }
            if let Some(r) = ratio {
                if *r < Quantity::from_value(1) {
                    errs.push(FieldError::invalid(&p.child("maxLimitRequestRatio").key(k), q(r), format!("ratio {r} is less than 1")));
                }
                if let (Some(mn), Some(mx)) = (min, max) {
                    // Upstream compares in milli-units unless one of them would overflow them.
                    const MAX_MILLI_VALUE: i64 = i64::MAX / 1000;
                    let (ratio, lo, hi) = if r.value() < MAX_MILLI_VALUE && mn.value() < MAX_MILLI_VALUE && mx.value() < MAX_MILLI_VALUE {
                        (r.milli_value() as f64 / 1000.0, mn.milli_value(), mx.milli_value())
                    } else {
                        (r.value() as f64, mn.value(), mx.value())
                    };
                    let limit = hi as f64 / lo as f64;
                    if ratio > limit {
                        errs.push(FieldError::invalid(&p.child("maxLimitRequestRatio").key(k), q(r), format!("ratio {r} is greater than max/min = {limit:.6}")));
                    }
                }
            }
        }
    }
    errs
}

/// `ValidateEndpoints`.
pub(super) fn endpoints(ep: &Endpoints) -> Errs {
    let mut errs = meta::object_meta(&ep.metadata, true, NameRule::DnsSubdomain);
    for (i, ss) in ep.subsets.iter().enumerate() {
        let subsets_path = Path::new("subsets");
        let p = subsets_path.index(i);
        if ss.addresses.is_empty() && ss.not_ready_addresses.is_empty() {
            errs.push(FieldError::required(&p, "must specify `addresses` or `notReadyAddresses`"));
        }
        for (name, list) in [("addresses", &ss.addresses), ("notReadyAddresses", &ss.not_ready_addresses)] {
            for (j, a) in list.iter().enumerate() {
                let addresses = p.child(name);
                let ap = addresses.index(j);
                let ip_errs = common::valid_ip(&a.ip, &ap.child("ip"));
                errs.extend(if ip_errs.is_empty() { common::non_special_ip(&a.ip, &ap.child("ip")) } else { ip_errs });
                if let Some(h) = a.hostname.as_deref().filter(|h| !h.is_empty()) {
                    errs.extend(common::dns1123_label(h, &ap.child("hostname")));
                }
                if let Some(n) = a.node_name.as_deref().filter(|n| !n.is_empty()) {
                    errs.extend(common::dns1123_subdomain(n, &ap.child("nodeName")));
                }
            }
        }
        for (j, port) in ss.ports.iter().enumerate() {
            let ports_path = p.child("ports");
            let pp = ports_path.index(j);
            let name = port.name.as_deref().unwrap_or("");
            if ss.ports.len() > 1 && name.is_empty() {
                errs.push(FieldError::required(&pp.child("name"), ""));
            } else if !name.is_empty() {
                errs.extend(common::dns1123_label(name, &pp.child("name")));
            }
            for m in names::is_valid_port_num(port.port as i64) {
                errs.push(FieldError::invalid(&pp.child("port"), BadValue::int(port.port), m));
            }
            match port.protocol.as_deref().unwrap_or("") {
                "" => errs.push(FieldError::required(&pp.child("protocol"), "")),
                pr if !["SCTP", "TCP", "UDP"].contains(&pr) => errs.push(FieldError::not_supported(&pp.child("protocol"), BadValue::str(pr), &["SCTP", "TCP", "UDP"])),
                _ => {}
            }
            if let Some(ap) = &port.app_protocol {
                errs.extend(common::qualified_name(ap, &pp.child("appProtocol")));
            }
        }
    }
    errs
}

pub(super) fn event(e: &Event) -> Errs {
    meta::object_meta(&e.metadata, true, NameRule::DnsSubdomain)
}
