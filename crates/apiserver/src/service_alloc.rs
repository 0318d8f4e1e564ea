//! ClusterIP and NodePort allocation for Services, as the API server's
//! registry does it: random free addresses from the service CIDR
//! (10.96.0.0/12, upper band first) and random free ports from
//! 30000–32767 (upper band first), with the real error texts.

use crate::error::ApiError;
use crate::store::Store;
use kubeplay_model::api::Service;
use kubeplay_model::{Kind, Object};
use std::collections::{BTreeMap, BTreeSet};

/// 10.96.0.0/12
const CIDR_BASE: u32 = 10 << 24 | 96 << 16;
const CIDR_SIZE: u32 = 1 << 20;
/// ServiceIPStaticSubrange: min(max(16, size/16), 256).
const IP_OFFSET: u32 = 256;
const PORT_BASE: i32 = 30000;
const PORT_SIZE: i32 = 2768;
/// ServiceNodePortStaticSubrange: min(max(16, size/32), 128) = 86.
const PORT_OFFSET: i32 = 86;

pub fn ip_to_string(ip: u32) -> String {
    format!("{}.{}.{}.{}", ip >> 24, (ip >> 16) & 255, (ip >> 8) & 255, ip & 255)
}

fn parse_ip(s: &str) -> Option<u32> {
    let parts: Vec<u32> = s.split('.').map(|p| p.parse::<u32>().ok().filter(|v| *v < 256)).collect::<Option<_>>()?;
    (parts.len() == 4).then(|| parts[0] << 24 | parts[1] << 16 | parts[2] << 8 | parts[3])
}

fn used_ips(store: &Store) -> BTreeSet<u32> {
    store
        .list(Kind::Service, None)
        .filter_map(|s| s.as_service().and_then(|s| s.spec.cluster_ip.as_deref()).and_then(parse_ip))
        .collect()
}

fn used_ports(store: &Store) -> BTreeSet<i32> {
    store
        .list(Kind::Service, None)
        .filter_map(|s| s.as_service())
        .flat_map(|s| s.spec.ports.iter().filter_map(|p| p.node_port).chain(s.spec.health_check_node_port).collect::<Vec<_>>())
        .collect()
}

fn invalid(svc: &Service, field: &str, detail: String) -> ApiError {
    ApiError::invalid(Kind::Service, &svc.metadata.name, [format!("{field}: {detail}")])
}

/// Picks a random free value in [lo, hi) of the upper band, falling back to the lower band.
fn pick(rng: &mut dyn FnMut() -> u64, lo_band: (u64, u64), hi_band: (u64, u64), used: &dyn Fn(u64) -> bool) -> Option<u64> {
    for (lo, hi) in [hi_band, lo_band] {
        if hi <= lo {
            continue;
        }
        let n = hi - lo;
        let start = rng() % n;
        // Linear probe from a random start, as the bitmap allocator does.
        for i in 0..n {
            let v = lo + (start + i) % n;
            if !used(v) {
                return Some(v);
            }
        }
    }
    None
}

/// The IP family fields on this single-stack IPv4 cluster, as the
/// registry's initIPFamilyFields sets and checks them. A headless Service
/// without a selector is the exception: it may ask for dual-stack, and
/// asking nothing means RequireDualStack with both families. Any other
/// Service that demands dual-stack, or names IPv6, is refused.
fn ip_families(svc: &mut Service) -> Result<(), ApiError> {
    let headless = svc.spec.cluster_ip.as_deref() == Some("None");
    if headless && svc.spec.selector.is_empty() {
        let policy = svc.spec.ip_family_policy.get_or_insert_with(|| "RequireDualStack".into()).clone();
        let families = svc.spec.ip_families.get_or_insert_with(|| vec!["IPv4".into()]);
        if families.len() == 1 && policy != "SingleStack" {
            let other = if families[0] == "IPv4" { "IPv6" } else { "IPv4" };
            families.push(other.into());
        }
        return Ok(());
    }
    // The registry's loose pre-validation comes first: SingleStack with
    // two families is refused as such, not for the second family.
    let families = svc.spec.ip_families.as_deref().unwrap_or_default();
    if svc.spec.ip_family_policy.as_deref() == Some("SingleStack") && families.len() > 1 {
        return Err(ApiError::invalid(Kind::Service, &svc.metadata.name, ["spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified".to_string()]));
    }
    let mut errs = Vec::new();
    if svc.spec.ip_family_policy.as_deref() == Some("RequireDualStack") {
        errs.push("spec.ipFamilyPolicy: Invalid value: \"RequireDualStack\": this cluster is not configured for dual-stack services".to_string());
    }
    for (i, family) in svc.spec.ip_families.iter().flatten().enumerate() {
        if family != "IPv4" {
            errs.push(format!("spec.ipFamilies[{i}]: Invalid value: \"{family}\": not configured on this cluster"));
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(ApiError::invalid(Kind::Service, &svc.metadata.name, errs))
    }
}

/// Allocates (or checks) the cluster IP and node ports of a new Service.
pub fn allocate(store: &Store, obj: &mut Object, rng: &mut dyn FnMut() -> u64) -> Result<(), ApiError> {
    let Object::Service(svc) = obj else { return Ok(()) };
    allocate_missing(store, svc, None, rng)
}

/// Gives a Service what its type needs and it has not got yet: a cluster
/// IP (or checks the one it asks for), its IP family fields, node ports
/// and a load balancer's health check port. `old` is the Service this
/// write replaces (none on create): asking again for what it held is not
/// a clash.
fn allocate_missing(store: &Store, svc: &mut Service, old: Option<&Service>, rng: &mut dyn FnMut() -> u64) -> Result<(), ApiError> {
    let creating = old.is_none();
    let own_ip = old.and_then(|o| o.spec.cluster_ip.as_deref());
    let own_ports = old.map(node_ports).unwrap_or_default();
    let own_hc = old.and_then(|o| o.spec.health_check_node_port).filter(|p| *p != 0);
    let type_ = type_of(svc).to_string();
    if type_ == "ExternalName" {
        return Ok(());
    }
    ip_families(svc)?;
    // Cluster IP.
    match svc.spec.cluster_ip.clone().filter(|s| !s.is_empty()) {
        Some(ip) if ip == "None" => {
            svc.spec.cluster_ips = vec!["None".into()];
        }
        Some(ip) if own_ip == Some(ip.as_str()) => {
            if svc.spec.cluster_ips.is_empty() {
                svc.spec.cluster_ips = vec![ip];
            }
        }
        Some(ip) => {
            let Some(v) = parse_ip(&ip) else {
                return Err(invalid(svc, "spec.clusterIPs[0]", format!("Invalid value: \"{ip}\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)")));
            };
            if !(CIDR_BASE < v && v < CIDR_BASE + CIDR_SIZE - 1) {
                return Err(invalid(
                    svc,
                    "spec.clusterIPs",
                    format!("Invalid value: []string{{\"{ip}\"}}: failed to allocate IP {ip}: provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12"),
                ));
            }
            if used_ips(store).contains(&v) {
                return Err(invalid(svc, "spec.clusterIPs", format!("Invalid value: []string{{\"{ip}\"}}: failed to allocate IP {ip}: provided IP is already allocated")));
            }
            svc.spec.cluster_ips = vec![ip];
        }
        None => {
            let used = used_ips(store);
            let lo = (CIDR_BASE as u64 + 1, CIDR_BASE as u64 + IP_OFFSET as u64);
            let hi = (CIDR_BASE as u64 + IP_OFFSET as u64, CIDR_BASE as u64 + CIDR_SIZE as u64 - 1);
            let v = pick(rng, lo, hi, &|v| used.contains(&(v as u32)))
                .ok_or_else(|| ApiError::InternalError { message: "failed to allocate a serviceIP: range is full".into() })?;
            let ip = ip_to_string(v as u32);
            svc.spec.cluster_ip = Some(ip.clone());
            svc.spec.cluster_ips = vec![ip];
        }
    }
    // A single-stack IPv4 cluster: every other non-ExternalName Service,
    // headless included, is recorded as such (see `ip_families`).
    svc.spec.ip_families.get_or_insert_with(|| vec!["IPv4".into()]);
    svc.spec.ip_family_policy.get_or_insert_with(|| "SingleStack".into());
    // Node ports.
    let mut used = used_ports(store);
    if !matches!(type_.as_str(), "NodePort" | "LoadBalancer") {
        if let Some(i) = svc.spec.ports.iter().position(|p| p.node_port.is_some_and(|n| n != 0)) {
            return Err(invalid(svc, &format!("spec.ports[{i}].nodePort"), format!("Forbidden: may not be used when `type` is '{type_}'")));
        }
        return Ok(());
    }
    // A port asked for by number is taken if free; one left out is drawn,
    // unless a load balancer allocates none. On create, ports that share
    // a port number (TCP and UDP of one service) share a node port.
    let mut by_number: BTreeMap<i32, i32> = BTreeMap::new();
    // An update takes a port once, however many of its ports name it.
    let mut taken_here: BTreeSet<i32> = BTreeSet::new();
    let mut take = |svc: &Service, i: usize, p: i32, used: &mut BTreeSet<i32>| -> Result<(), ApiError> {
        if own_ports.contains(&p) || (!creating && taken_here.contains(&p)) {
            used.insert(p);
            return Ok(());
        }
        taken_here.insert(p);
        let field = format!("spec.ports[{i}].nodePort");
        if !(PORT_BASE..PORT_BASE + PORT_SIZE).contains(&p) {
            return Err(invalid(svc, &field, format!("Invalid value: {p}: provided port is not in the valid range. The range of valid ports is 30000-32767")));
        }
        if !used.insert(p) {
            return Err(invalid(svc, &field, format!("Invalid value: {p}: provided port is already allocated")));
        }
        Ok(())
    };
    for i in 0..svc.spec.ports.len() {
        let requested = svc.spec.ports[i].node_port.filter(|p| *p != 0);
        if requested.is_none() && !needs_node_ports(svc) {
            continue;
        }
        let number = svc.spec.ports[i].port;
        let shared = if creating { by_number.get(&number).copied() } else { None };
        let port = match (shared, requested) {
            (Some(s), None) => s,
            (Some(s), Some(p)) if s == p => p,
            (_, Some(p)) => {
                take(svc, i, p, &mut used)?;
                p
            }
            (None, None) => {
                // A later port of the same number may name the node port.
                let named = if creating { svc.spec.ports[i..].iter().filter(|q| q.port == number).find_map(|q| q.node_port.filter(|n| *n != 0)) } else { None };
                match named {
                    Some(p) => {
                        take(svc, i, p, &mut used)?;
                        p
                    }
                    None => next_port(&mut used, rng)?,
                }
            }
        };
        by_number.entry(number).or_insert(port);
        svc.spec.ports[i].node_port = Some(port);
    }
    if needs_hc_node_port(svc) {
        match svc.spec.health_check_node_port.filter(|p| *p != 0) {
            Some(p) if own_hc == Some(p) => {}
            Some(p) => {
                let refusal = if !(PORT_BASE..PORT_BASE + PORT_SIZE).contains(&p) {
                    Some("provided port is not in the valid range. The range of valid ports is 30000-32767")
                } else if used.contains(&p) {
                    Some("provided port is already allocated")
                } else {
                    None
                };
                if let Some(why) = refusal {
                    // The registry wraps it with NewInternalError: a 500
                    // with reason InternalError, not a field error.
                    return Err(ApiError::InternalError { message: format!("failed to allocate requested HealthCheck NodePort {p}: {why}") });
                }
            }
            None => svc.spec.health_check_node_port = Some(next_port(&mut used, rng)?),
        }
    }
    Ok(())
}

/// A free node port drawn at random, upper band first.
fn next_port(used: &mut BTreeSet<i32>, rng: &mut dyn FnMut() -> u64) -> Result<i32, ApiError> {
    let lo = (PORT_BASE as u64, (PORT_BASE + PORT_OFFSET) as u64);
    let hi = ((PORT_BASE + PORT_OFFSET) as u64, (PORT_BASE + PORT_SIZE) as u64);
    // Upstream answers 500 with no field: the request is valid.
    let full = || ApiError::InternalError { message: "failed to allocate a nodePort: range is full".into() };
    let port = pick(rng, lo, hi, &|v| used.contains(&(v as i32))).ok_or_else(full)? as i32;
    used.insert(port);
    Ok(port)
}

fn type_of(svc: &Service) -> &str {
    svc.spec.type_.as_deref().filter(|t| !t.is_empty()).unwrap_or("ClusterIP")
}

fn needs_cluster_ip(svc: &Service) -> bool {
    type_of(svc) != "ExternalName"
}

fn needs_node_ports(svc: &Service) -> bool {
    match type_of(svc) {
        "NodePort" => true,
        "LoadBalancer" => svc.spec.allocate_load_balancer_node_ports != Some(false),
        _ => false,
    }
}

/// `serviceapi.ExternallyAccessible`.
fn externally_accessible(svc: &Service) -> bool {
    matches!(type_of(svc), "NodePort" | "LoadBalancer") || (type_of(svc) == "ClusterIP" && !svc.spec.external_ips.is_empty())
}

fn node_ports(svc: &Service) -> BTreeSet<i32> {
    svc.spec.ports.iter().filter_map(|p| p.node_port).filter(|p| *p != 0).collect()
}

/// An update of a Service, as the registry makes it before validation:
/// values the client left out are kept from the live Service where its
/// type still needs them (`patchAllocatedValues`), values the new type no
/// longer uses are dropped if the client did not change them
/// (`dropTypeDependentFields`), and what the new type needs and has not
/// got is allocated.
pub fn update(store: &Store, old: &Object, new: &mut Object, rng: &mut dyn FnMut() -> u64) -> Result<(), ApiError> {
    let (Object::Service(o), Object::Service(n)) = (old, new) else { return Ok(()) };
    patch_allocated_values(o, n);
    drop_type_dependent_fields(o, n);
    allocate_missing(store, n, Some(o), rng)
}

fn patch_allocated_values(old: &Service, new: &mut Service) {
    if needs_cluster_ip(old) && needs_cluster_ip(new) {
        if new.spec.cluster_ip.as_deref().unwrap_or("").is_empty() {
            new.spec.cluster_ip = old.spec.cluster_ip.clone();
        }
        if new.spec.cluster_ips.is_empty() {
            new.spec.cluster_ips = old.spec.cluster_ips.clone();
        }
    }
    if matches!(type_of(old), "NodePort" | "LoadBalancer") && matches!(type_of(new), "NodePort" | "LoadBalancer") {
        // Node ports the new version keeps are not given to other ports;
        // the others come back by port name.
        let taken: BTreeSet<i32> = node_ports(old).intersection(&node_ports(new)).copied().collect();
        for p in &mut new.spec.ports {
            if p.node_port.unwrap_or(0) == 0 {
                let by_name = old.spec.ports.iter().find(|q| q.name == p.name).and_then(|q| q.node_port).filter(|v| !taken.contains(v));
                if by_name.is_some() {
                    p.node_port = by_name;
                }
            }
        }
    }
    if needs_hc_node_port(old) && needs_hc_node_port(new) && new.spec.health_check_node_port.unwrap_or(0) == 0 {
        new.spec.health_check_node_port = old.spec.health_check_node_port;
    }
}

fn needs_hc_node_port(svc: &Service) -> bool {
    type_of(svc) == "LoadBalancer" && svc.spec.external_traffic_policy.as_deref() == Some("Local")
}

/// Clears what the new type does not use, unless the client changed it
/// too (validation then refuses it).
fn drop_type_dependent_fields(old: &Service, new: &mut Service) {
    if needs_cluster_ip(old) && !needs_cluster_ip(new) {
        if old.spec.cluster_ip == new.spec.cluster_ip && old.spec.cluster_ips == new.spec.cluster_ips {
            new.spec.cluster_ip = None;
            new.spec.cluster_ips.clear();
        }
        if old.spec.ip_families == new.spec.ip_families {
            new.spec.ip_families = None;
        }
        if old.spec.ip_family_policy == new.spec.ip_family_policy {
            new.spec.ip_family_policy = None;
        }
    }
    let was_nodeport = matches!(type_of(old), "NodePort" | "LoadBalancer");
    let is_nodeport = matches!(type_of(new), "NodePort" | "LoadBalancer");
    if was_nodeport && !is_nodeport && node_ports(old).is_superset(&node_ports(new)) {
        for p in &mut new.spec.ports {
            p.node_port = None;
        }
    }
    if needs_hc_node_port(old) && !needs_hc_node_port(new) && old.spec.health_check_node_port == new.spec.health_check_node_port {
        new.spec.health_check_node_port = None;
    }
    if type_of(old) == "LoadBalancer" && type_of(new) != "LoadBalancer" {
        if new.spec.allocate_load_balancer_node_ports.is_some() && new.spec.allocate_load_balancer_node_ports == old.spec.allocate_load_balancer_node_ports {
            new.spec.allocate_load_balancer_node_ports = None;
        }
        if new.spec.load_balancer_class == old.spec.load_balancer_class {
            new.spec.load_balancer_class = None;
        }
        // The load balancer goes with the type.
        new.status.load_balancer = Default::default();
    }
    if externally_accessible(old) && !externally_accessible(new) && old.spec.external_traffic_policy == new.spec.external_traffic_policy {
        new.spec.external_traffic_policy = None;
    }
}

#[cfg(test)]
#[path = "service_alloc_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ip_round_trip() {
        assert_eq!(parse_ip("10.96.0.1"), Some(CIDR_BASE + 1));
        assert_eq!(ip_to_string(CIDR_BASE + 1), "10.96.0.1");
        assert_eq!(ip_to_string(CIDR_BASE + CIDR_SIZE - 2), "10.111.255.254");
        assert_eq!(parse_ip("10.96.0"), None);
        assert_eq!(parse_ip("256.1.1.1"), None);
    }
}
