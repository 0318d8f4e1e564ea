//! Services (`ValidateService`, `ValidateServiceUpdate`): ports, types,
//! node ports, cluster IPs and IP families, session affinity, traffic policies.

use super::common::{self, Errs};
use super::field::{go_int_or_string, go_quote, BadValue, FieldError, Path};
use super::meta;
use crate::api::{Service, ServicePort};
use crate::intstr::IntOrString;
use crate::names::{self, NameRule};
use serde_json::Value;
use std::collections::BTreeSet;

const PROTOCOLS: &[&str] = &["SCTP", "TCP", "UDP"];
const SERVICE_TYPES: &[&str] = &["ClusterIP", "ExternalName", "LoadBalancer", "NodePort"];
const TOPOLOGY_MODE: &str = "service.kubernetes.io/topology-mode";
const TOPOLOGY_AWARE_HINTS: &str = "service.kubernetes.io/topology-aware-hints";
const LB_SOURCE_RANGES_ANNOTATION: &str = "service.beta.kubernetes.io/load-balancer-source-ranges";
/// Longest ClientIP session affinity, in seconds.
const MAX_CLIENT_IP_AFFINITY_SECONDS: i64 = 86400;

static SPEC: Path<'static> = Path::new("spec");

fn spec() -> &'static Path<'static> {
    &SPEC
}

fn type_of(s: &Service) -> &str {
    s.spec.type_.as_deref().unwrap_or("")
}

/// `clusterIP: None` (after the API server copied clusterIP into clusterIPs).
fn is_headless(s: &Service) -> bool {
    s.spec.cluster_ips.len() == 1 && s.spec.cluster_ips[0] == "None"
}

/// NodePort and LoadBalancer services, and ClusterIP ones with external IPs.
fn externally_accessible(s: &Service) -> bool {
    matches!(type_of(s), "LoadBalancer" | "NodePort") || (type_of(s) == "ClusterIP" && !s.spec.external_ips.is_empty())
}

fn go_service_port_key(p: &ServicePort) -> String {
    // Only protocol and port take part in the duplicate check; the other fields print zero.
    format!(
        "core.ServicePort{{Name:\"\", Protocol:{}, AppProtocol:(*string)(nil), Port:{}, TargetPort:{}, NodePort:0}}",
        go_quote(p.protocol.as_deref().unwrap_or("")),
        p.port,
        go_int_or_string(&IntOrString::Int(0))
    )
}

/// `ValidateService`.
pub(super) fn service(s: &Service) -> Errs {
    let mut errs = meta::object_meta(&s.metadata, true, NameRule::Dns1035Label);
    // The topology-mode annotation replaced topology-aware-hints; both may be set only if they agree.
    let annotations = &s.metadata.annotations;
    if let (Some(mode), Some(hints)) = (annotations.get(TOPOLOGY_MODE), annotations.get(TOPOLOGY_AWARE_HINTS)) {
        if mode != hints {
            let metadata = Path::new("metadata");
            let ap = metadata.child("annotations");
            errs.push(FieldError::invalid(&ap.key(TOPOLOGY_MODE), BadValue::str(mode.as_str()), format!("must match annotations[{TOPOLOGY_AWARE_HINTS}] when both are specified")));
        }
    }
    let sp = spec();
    let ty = type_of(s);
    let headless = is_headless(s);
    if s.spec.ports.is_empty() && !headless && ty != "ExternalName" {
        errs.push(FieldError::required(&sp.child("ports"), ""));
    }
    match ty {
        "LoadBalancer" | "NodePort" if headless => {
            errs.push(FieldError::invalid(&sp.child("clusterIPs").index(0), BadValue::str("None"), format!("may not be set to 'None' for {ty} services")));
        }
        "ExternalName" => {
            if !s.spec.cluster_ips.is_empty() {
                errs.push(FieldError::forbidden(&sp.child("clusterIPs"), "may not be set for ExternalName services"));
            }
            if s.spec.ip_families.as_ref().is_some_and(|f| !f.is_empty()) {
                errs.push(FieldError::forbidden(&sp.child("ipFamilies"), "may not be set for ExternalName services"));
            }
            if s.spec.ip_family_policy.is_some() {
                errs.push(FieldError::forbidden(&sp.child("ipFamilyPolicy"), "may not be set for ExternalName services"));
            }
            let cname = s.spec.external_name.as_deref().unwrap_or("");
            let cname = cname.strip_suffix('.').unwrap_or(cname);
            if cname.is_empty() {
                errs.push(FieldError::required(&sp.child("externalName"), ""));
            } else {
                errs.extend(common::dns1123_subdomain(cname, &sp.child("externalName")));
            }
        }
        _ => {}
    }
    let mut port_names = BTreeSet::new();
    for (i, p) in s.spec.ports.iter().enumerate() {
        errs.extend(service_port(p, s.spec.ports.len() > 1, &mut port_names, &sp.child("ports").index(i)));
    }
    errs.extend(common::labels(&s.spec.selector, &sp.child("selector")));
    let affinity = s.spec.session_affinity.as_deref().unwrap_or("");
    match affinity {
        "" => errs.push(FieldError::required(&sp.child("sessionAffinity"), "")),
        "ClientIP" | "None" => {}
        other => errs.push(FieldError::not_supported(&sp.child("sessionAffinity"), BadValue::str(other), &["ClientIP", "None"])),
    }
    let cfg_path = sp.child("sessionAffinityConfig");
    if affinity == "ClientIP" {
        errs.extend(client_ip_config(s.spec.session_affinity_config.as_ref(), &cfg_path));
    } else if affinity == "None" && s.spec.session_affinity_config.is_some() {
        errs.push(FieldError::forbidden(&cfg_path, "must not be set when session affinity is None"));
    }
    errs.extend(cluster_ips(s));
    for (i, ip) in s.spec.external_ips.iter().enumerate() {
        let external_ips = sp.child("externalIPs");
        let p = external_ips.index(i);
        let e = common::valid_ip(ip, &p);
        errs.extend(if e.is_empty() { common::non_special_ip(ip, &p) } else { e });
    }
    match ty {
        "" => errs.push(FieldError::required(&sp.child("type"), "")),
        t if !SERVICE_TYPES.contains(&t) => errs.push(FieldError::not_supported(&sp.child("type"), BadValue::str(t), SERVICE_TYPES)),
        _ => {}
    }
    if ty == "ClusterIP" {
        for (i, p) in s.spec.ports.iter().enumerate() {
            if p.node_port.unwrap_or(0) != 0 {
                errs.push(FieldError::forbidden(&sp.child("ports").index(i).child("nodePort"), "may not be used when `type` is 'ClusterIP'"));
            }
        }
    }
    let mut node_ports = BTreeSet::new();
    for (i, p) in s.spec.ports.iter().enumerate() {
        let np = p.node_port.unwrap_or(0);
        if np != 0 && !node_ports.insert((p.protocol.clone(), np)) {
            errs.push(FieldError::duplicate(&sp.child("ports").index(i).child("nodePort"), BadValue::int(np)));
        }
    }
    let mut ports = BTreeSet::new();
    for (i, p) in s.spec.ports.iter().enumerate() {
        if !ports.insert((p.protocol.clone(), p.port)) {
            errs.push(FieldError::duplicate(&sp.child("ports").index(i), BadValue::GoSyntax(go_service_port_key(p))));
        }
    }
    let ranges: Vec<&str> = s.spec.load_balancer_source_ranges.as_ref().and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    if !ranges.is_empty() {
        // Upstream's path really is capitalized here.
        let p = sp.child("LoadBalancerSourceRanges");
        if ty != "LoadBalancer" {
            errs.push(FieldError::forbidden(&p, "may only be used when `type` is 'LoadBalancer'"));
        }
        for (i, r) in ranges.iter().enumerate() {
            errs.extend(common::valid_cidr(r.trim(), &p.index(i)));
        }
    } else if let Some(val) = annotations.get(LB_SOURCE_RANGES_ANNOTATION) {
        // The annotation that preceded the field: the same rules, reported at the annotation.
        let metadata = Path::new("metadata");
        let annotations_path = metadata.child("annotations");
        let p = annotations_path.key(LB_SOURCE_RANGES_ANNOTATION);
        if ty != "LoadBalancer" {
            errs.push(FieldError::forbidden(&p, "may only be used when `type` is 'LoadBalancer'"));
        }
        let val = val.trim();
        if !val.is_empty() {
            for r in val.split(',') {
                errs.extend(common::valid_cidr(r.trim(), &p));
            }
        }
    }
    if s.spec.allocate_load_balancer_node_ports.is_some() && ty != "LoadBalancer" {
        errs.push(FieldError::forbidden(&sp.child("allocateLoadBalancerNodePorts"), "may only be used when `type` is 'LoadBalancer'"));
    }
    if ty == "LoadBalancer" && s.spec.allocate_load_balancer_node_ports.is_none() {
        errs.push(FieldError::required(&Path::new("allocateLoadBalancerNodePorts"), ""));
    }
    if let Some(class) = &s.spec.load_balancer_class {
        if ty == "LoadBalancer" {
            errs.extend(common::qualified_name(class, &sp.child("loadBalancerClass")));
        } else {
            errs.push(FieldError::forbidden(&sp.child("loadBalancerClass"), "may only be used when `type` is 'LoadBalancer'"));
        }
    }
    errs.extend(traffic_policies(s));
    errs
}

/// `validateServicePort`.
fn service_port(p: &ServicePort, require_name: bool, seen: &mut BTreeSet<String>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let name = p.name.as_deref().unwrap_or("");
    if require_name && name.is_empty() {
        errs.push(FieldError::required(&path.child("name"), ""));
    } else if !name.is_empty() {
        errs.extend(common::dns1123_label(name, &path.child("name")));
        if !seen.insert(name.to_string()) {
            errs.push(FieldError::duplicate(&path.child("name"), BadValue::str(name)));
        }
    }
    for m in names::is_valid_port_num(p.port as i64) {
        errs.push(FieldError::invalid(&path.child("port"), BadValue::int(p.port), m));
    }
    match p.protocol.as_deref().unwrap_or("") {
        "" => errs.push(FieldError::required(&path.child("protocol"), "")),
        proto if !PROTOCOLS.contains(&proto) => errs.push(FieldError::not_supported(&path.child("protocol"), BadValue::str(proto), PROTOCOLS)),
        _ => {}
    }
    let tp = path.child("targetPort");
    match p.target_port.as_ref().unwrap_or(&IntOrString::Int(0)) {
        IntOrString::Int(n) => errs.extend(names::is_valid_port_num(*n as i64).into_iter().map(|m| FieldError::invalid(&tp, BadValue::int(*n), m))),
        IntOrString::Str(s) => errs.extend(common::each(&tp, s, names::is_valid_port_name(s))),
    }
    if let Some(ap) = &p.app_protocol {
        errs.extend(common::qualified_name(ap, &path.child("appProtocol")));
    }
    errs
}

/// `validateClientIPAffinityConfig`.
fn client_ip_config(cfg: Option<&Value>, path: &Path) -> Errs {
    const WHEN: &str = "when session affinity type is ClientIP";
    let Some(cfg) = cfg else { return vec![FieldError::required(path, WHEN)] };
    let Some(client) = cfg.get("clientIP").filter(|v| !v.is_null()) else { return vec![FieldError::required(&path.child("clientIP"), WHEN)] };
    let client_ip = path.child("clientIP");
    let tp = client_ip.child("timeoutSeconds");
    match client.get("timeoutSeconds").and_then(Value::as_i64) {
        None => vec![FieldError::required(&tp, WHEN)],
        Some(t) if t <= 0 || t > MAX_CLIENT_IP_AFFINITY_SECONDS => vec![FieldError::invalid(&tp, BadValue::int(t), format!("must be greater than 0 and less than {MAX_CLIENT_IP_AFFINITY_SECONDS}"))],
        Some(_) => Vec::new(),
    }
}

/// `ValidateServiceClusterIPsRelatedFields`.
fn cluster_ips(s: &Service) -> Errs {
    if type_of(s) == "ExternalName" {
        return Vec::new();
    }
    let sp = spec();
    let ips = &s.spec.cluster_ips;
    let ips_path = sp.child("clusterIPs");
    let mut errs = Vec::new();
    match s.spec.cluster_ip.as_deref().unwrap_or("") {
        "" => {
            if !ips.is_empty() {
                errs.push(FieldError::invalid(&ips_path, BadValue::list(ips), "must be empty when `clusterIP` is not specified"));
            }
        }
        ip => {
            if ips.is_empty() {
                errs.push(FieldError::required(&ips_path, ""));
            } else if ips[0] != ip {
                errs.push(FieldError::invalid(&ips_path, BadValue::list(ips), "first value must match `clusterIP`"));
            }
        }
    }
    let families = s.spec.ip_families.clone().unwrap_or_default();
    let mut seen = BTreeSet::new();
    for (i, f) in families.iter().enumerate() {
        if f != "IPv4" && f != "IPv6" {
            errs.push(FieldError::not_supported(&sp.child("ipFamilies").index(i), BadValue::str(f.as_str()), &["IPv4", "IPv6"]));
        }
        if !seen.insert(f) {
            errs.push(FieldError::duplicate(&sp.child("ipFamilies").index(i), BadValue::str(f.as_str())));
        }
    }
    if let Some(policy) = &s.spec.ip_family_policy {
        if !["PreferDualStack", "RequireDualStack", "SingleStack"].contains(&policy.as_str()) {
            errs.push(FieldError::not_supported(&sp.child("ipFamilyPolicy"), BadValue::str(policy.as_str()), &["PreferDualStack", "RequireDualStack", "SingleStack"]));
        }
    }
    let mut invalid_ips = false;
    for (i, ip) in ips.iter().enumerate() {
        if i == 0 && ip == "None" {
            if ips.len() > 1 {
                invalid_ips = true;
                errs.push(FieldError::invalid(&ips_path, BadValue::list(ips), "'None' must be the first and only value"));
            }
            continue;
        }
        let e = common::valid_ip(ip, &ips_path.index(i));
        invalid_ips |= !e.is_empty();
        errs.extend(e);
    }
    if ips.len() > 2 {
        errs.push(FieldError::invalid(&ips_path, BadValue::list(ips), "may only hold up to 2 values"));
    }
    if invalid_ips {
        return errs;
    }
    let is_v6 = |ip: &str| ip.parse::<std::net::Ipv6Addr>().is_ok();
    if ips.len() > 1 && is_v6(&ips[0]) == is_v6(&ips[1]) {
        errs.push(FieldError::invalid(&ips_path, BadValue::list(ips), "may specify no more than one IP for each IP family"));
    }
    if !is_headless(s) {
        for (i, (ip, fam)) in ips.iter().zip(&families).enumerate() {
            if fam == "IPv4" && is_v6(ip) {
                errs.push(FieldError::invalid(&ips_path.index(i), BadValue::str(ip.as_str()), format!("expected an IPv4 value as indicated by `ipFamilies[{i}]`")));
            }
            if fam == "IPv6" && !is_v6(ip) {
                errs.push(FieldError::invalid(&ips_path.index(i), BadValue::str(ip.as_str()), format!("expected an IPv6 value as indicated by `ipFamilies[{i}]`")));
            }
        }
    }
    errs
}

/// External and internal traffic policies, health check port, traffic distribution.
fn traffic_policies(s: &Service) -> Errs {
    let sp = spec();
    let mut errs = Vec::new();
    let etp = s.spec.external_traffic_policy.as_deref().unwrap_or("");
    if !externally_accessible(s) {
        if !etp.is_empty() {
            errs.push(FieldError::invalid(&sp.child("externalTrafficPolicy"), BadValue::str(etp), "may only be set for externally-accessible services"));
        }
    } else if etp.is_empty() {
        errs.push(FieldError::required(&sp.child("externalTrafficPolicy"), ""));
    } else if etp != "Cluster" && etp != "Local" {
        errs.push(FieldError::not_supported(&sp.child("externalTrafficPolicy"), BadValue::str(etp), &["Cluster", "Local"]));
    }
    let needs_health_check = type_of(s) == "LoadBalancer" && etp == "Local";
    let hc = s.spec.health_check_node_port.unwrap_or(0);
    if !needs_health_check && hc != 0 {
        errs.push(FieldError::invalid(&sp.child("healthCheckNodePort"), BadValue::int(hc), "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
    }
    // An unset port here is allocated by the API server before storing, as upstream allocates before validating.
    if needs_health_check && hc != 0 {
        for m in names::is_valid_port_num(hc as i64) {
            errs.push(FieldError::invalid(&sp.child("healthCheckNodePort"), BadValue::int(hc), m));
        }
    }
    match &s.spec.internal_traffic_policy {
        None if matches!(type_of(s), "NodePort" | "LoadBalancer" | "ClusterIP") => errs.push(FieldError::required(&sp.child("internalTrafficPolicy"), "")),
        Some(p) if p != "Cluster" && p != "Local" => errs.push(FieldError::not_supported(&sp.child("internalTrafficPolicy"), BadValue::str(p.as_str()), &["Cluster", "Local"])),
        _ => {}
    }
    if let Some(td) = &s.spec.traffic_distribution {
        if td != "PreferClose" {
            errs.push(FieldError::not_supported(&sp.child("trafficDistribution"), BadValue::str(td.as_str()), &["PreferClose"]));
        }
    }
    errs
}

/// `ValidateServiceUpdate`: cluster IPs and IP families stay (except when
/// moving to or from ExternalName), the load balancer class stays.
pub(super) fn service_update(new: &Service, old: &Service) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    let ext = type_of(new) == "ExternalName" || type_of(old) == "ExternalName";
    let ips_path = spec().child("clusterIPs");
    let (n, o) = (&new.spec.cluster_ips, &old.spec.cluster_ips);
    if !(ext || is_headless(new) && is_headless(old)) {
        if n.len() == o.len() {
            for (i, ip) in o.iter().enumerate() {
                if *ip != n[i] {
                    errs.push(FieldError::invalid(&ips_path.index(i), BadValue::list(n), "may not change once set"));
                }
            }
        } else if o.len() > n.len() {
            if n.is_empty() {
                errs.push(FieldError::invalid(&ips_path.index(0), BadValue::list(n), "primary clusterIP can not be unset"));
            }
            if !o.is_empty() && !n.is_empty() && n[0] != o[0] {
                errs.push(FieldError::invalid(&ips_path.index(0), BadValue::list(n), "may not change once set"));
            }
            if n.len() == 1 && new.spec.ip_family_policy.as_deref() != Some("SingleStack") {
                errs.push(FieldError::invalid(&spec().child("ipFamilyPolicy"), policy_value(new), "must be set to 'SingleStack' when releasing the secondary clusterIP"));
            }
        } else if !o.is_empty() && n[0] != o[0] {
            errs.push(FieldError::invalid(&ips_path.index(0), BadValue::list(n), "may not change once set"));
        }
    }
    if !ext && is_headless(new) == is_headless(old) && !is_headless(new) {
        let (nf, of) = (new.spec.ip_families.clone().unwrap_or_default(), old.spec.ip_families.clone().unwrap_or_default());
        let ip_families_path = spec().child("ipFamilies");
        let fp = ip_families_path.index(0);
        if nf.len() == of.len() {
            if nf != of {
                errs.push(FieldError::invalid(&fp, BadValue::list(&nf), "may not change once set"));
            }
        } else if of.len() > nf.len() {
            if n.is_empty() {
                errs.push(FieldError::invalid(&fp, BadValue::list(&nf), "primary ipFamily can not be unset"));
            }
            if !nf.is_empty() && nf[0] != of[0] {
                errs.push(FieldError::invalid(&fp, BadValue::list(n), "may not change once set"));
            }
            if nf.len() == 1 && new.spec.ip_family_policy.as_deref() != Some("SingleStack") {
                errs.push(FieldError::invalid(&spec().child("ipFamilyPolicy"), policy_value(new), "must be set to 'SingleStack' when releasing the secondary ipFamily"));
            }
        } else if !of.is_empty() && !nf.is_empty() && nf[0] != of[0] {
            errs.push(FieldError::invalid(&fp, BadValue::list(n), "may not change once set"));
        }
    }
    if type_of(new) == "LoadBalancer" && type_of(old) == "LoadBalancer" && new.spec.load_balancer_class != old.spec.load_balancer_class {
        let v = new.spec.load_balancer_class.as_deref().map(BadValue::str).unwrap_or(BadValue::Plain("null".into()));
        errs.push(FieldError::invalid(&spec().child("loadBalancerClass"), v, "may not change once set"));
    }
    let etp = |s: &Service| type_of(s) == "LoadBalancer" && s.spec.external_traffic_policy.as_deref() == Some("Local");
    if etp(new) && etp(old) && new.spec.health_check_node_port != old.spec.health_check_node_port {
        errs.push(FieldError::forbidden(&spec().child("healthCheckNodePort"), "field is immutable"));
    }
    errs.extend(service(new));
    errs
}

fn policy_value(s: &Service) -> BadValue {
    s.spec.ip_family_policy.as_deref().map(BadValue::str).unwrap_or(BadValue::Plain("null".into()))
}
