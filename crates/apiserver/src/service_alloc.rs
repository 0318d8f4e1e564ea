//! ClusterIP and NodePort allocation for Services, as the API server's
//! registry does it: random free addresses from the service CIDR
//! (10.96.0.0/12, upper band first) and random free ports from
//! 30000–32767 (upper band first), with the real error texts.

use crate::error::ApiError;
use crate::store::Store;
use kubeplay_model::api::Service;
use kubeplay_model::{Kind, Object};
use std::collections::BTreeSet;

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
        .flat_map(|s| s.spec.ports.iter().filter_map(|p| p.node_port).collect::<Vec<_>>())
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

/// Allocates (or checks) the cluster IP and node ports of a new Service.
pub fn allocate(store: &Store, obj: &mut Object, rng: &mut dyn FnMut() -> u64) -> Result<(), ApiError> {
    let Object::Service(svc) = obj else { return Ok(()) };
    let type_ = svc.spec.type_.clone().unwrap_or_else(|| "ClusterIP".into());
    if type_ == "ExternalName" {
        return Ok(());
    }
    // Cluster IP.
    match svc.spec.cluster_ip.clone().filter(|s| !s.is_empty()) {
        Some(ip) if ip == "None" => {
            svc.spec.cluster_ips = vec!["None".into()];
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
                .ok_or_else(|| invalid(svc, "spec.clusterIPs", "Internal error: range is full".into()))?;
            let ip = ip_to_string(v as u32);
            svc.spec.cluster_ip = Some(ip.clone());
            svc.spec.cluster_ips = vec![ip];
        }
    }
    // A single-stack IPv4 cluster: every non-ExternalName Service, headless
    // included, is recorded as such.
    svc.spec.ip_families.get_or_insert_with(|| vec!["IPv4".into()]);
    svc.spec.ip_family_policy.get_or_insert_with(|| "SingleStack".into());
    // Node ports.
    let wants_node_ports = type_ == "NodePort" || (type_ == "LoadBalancer" && svc.spec.allocate_load_balancer_node_ports != Some(false));
    let mut used = used_ports(store);
    for i in 0..svc.spec.ports.len() {
        let requested = svc.spec.ports[i].node_port.filter(|p| *p != 0);
        if !wants_node_ports {
            if requested.is_some() {
                return Err(invalid(svc, &format!("spec.ports[{i}].nodePort"), format!("Forbidden: may not be used when `type` is '{type_}'")));
            }
            continue;
        }
        let port = match requested {
            Some(p) if !(PORT_BASE..PORT_BASE + PORT_SIZE).contains(&p) => {
                return Err(invalid(
                    svc,
                    &format!("spec.ports[{i}].nodePort"),
                    format!("Invalid value: {p}: provided port is not in the valid range. The range of valid ports is 30000-32767"),
                ));
            }
            Some(p) if used.contains(&p) => {
                return Err(invalid(svc, &format!("spec.ports[{i}].nodePort"), format!("Invalid value: {p}: provided port is already allocated")));
            }
            Some(p) => p,
            None => {
                let lo = (PORT_BASE as u64, (PORT_BASE + PORT_OFFSET) as u64);
                let hi = ((PORT_BASE + PORT_OFFSET) as u64, (PORT_BASE + PORT_SIZE) as u64);
                pick(rng, lo, hi, &|v| used.contains(&(v as i32)))
                    .ok_or_else(|| invalid(svc, &format!("spec.ports[{i}].nodePort"), "Internal error: range is full".into()))? as i32
            }
        };
        used.insert(port);
        svc.spec.ports[i].node_port = Some(port);
    }
    Ok(())
}

/// On update, a Service keeps the IP and node ports it was given when the
/// new version leaves them out (as `kubectl apply` of the original manifest does).
pub fn keep_allocations(old: &Object, new: &mut Object) {
    let (Object::Service(o), Object::Service(n)) = (old, new) else { return };
    if n.spec.cluster_ip.as_deref().unwrap_or("").is_empty() {
        n.spec.cluster_ip = o.spec.cluster_ip.clone();
        n.spec.cluster_ips = o.spec.cluster_ips.clone();
    }
    if n.spec.ip_families.is_none() {
        n.spec.ip_families = o.spec.ip_families.clone();
    }
    if n.spec.ip_family_policy.is_none() {
        n.spec.ip_family_policy = o.spec.ip_family_policy.clone();
    }
    for p in &mut n.spec.ports {
        if p.node_port.is_none() {
            p.node_port = o.spec.ports.iter().find(|q| q.port == p.port && q.protocol == p.protocol).and_then(|q| q.node_port);
        }
    }
}

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
