//! Core (`v1`) defaults other than pods: Service, volumes and claims,
//! Secret, Namespace, Node, Endpoints, LimitRange, ResourceQuota
//! (`pkg/apis/core/v1/defaults.go`).

use super::{round_resources, round_shared};
use crate::api::{Endpoints, LimitRange, Namespace, Node, PersistentVolume, PersistentVolumeClaim, ResourceQuota, Secret, Service};
use crate::intstr::IntOrString;
use serde_json::{json, Value};

/// `v1.DefaultClientIPServiceAffinitySeconds`: three hours.
const CLIENT_IP_AFFINITY_SECONDS: i64 = 10800;
/// `v1.LabelMetadataName`.
pub(super) const NAMESPACE_NAME_LABEL: &str = "kubernetes.io/metadata.name";

/// `SetDefaults_Service`. Cluster IPs, IP families and node ports are
/// allocated by the API server's Service registry, not here.
pub(super) fn service(svc: &mut Service) {
    let s = &mut svc.spec;
    if s.session_affinity.as_deref().unwrap_or("").is_empty() {
        s.session_affinity = Some("None".into());
    }
    match s.session_affinity.as_deref() {
        Some("None") => s.session_affinity_config = None,
        Some("ClientIP") => {
            let has_timeout = s.session_affinity_config.as_ref().and_then(|c| c.get("clientIP")).and_then(|c| c.get("timeoutSeconds")).is_some_and(|t| !t.is_null());
            if !has_timeout {
                s.session_affinity_config = Some(json!({"clientIP": {"timeoutSeconds": CLIENT_IP_AFFINITY_SECONDS}}));
            }
        }
        _ => {}
    }
    if s.type_.as_deref().unwrap_or("").is_empty() {
        s.type_ = Some("ClusterIP".into());
    }
    for p in &mut s.ports {
        if p.protocol.as_deref().unwrap_or("").is_empty() {
            p.protocol = Some("TCP".into());
        }
        let unset = match &p.target_port {
            None => true,
            Some(IntOrString::Int(0)) => true,
            Some(IntOrString::Str(v)) => v.is_empty(),
            Some(IntOrString::Int(_)) => false,
        };
        if unset {
            p.target_port = Some(IntOrString::Int(p.port));
        }
    }
    let type_ = s.type_.clone().unwrap_or_default();
    // `service.ExternallyAccessible`.
    let external = type_ == "LoadBalancer" || type_ == "NodePort" || (type_ == "ClusterIP" && !s.external_ips.is_empty());
    if external && s.external_traffic_policy.as_deref().unwrap_or("").is_empty() {
        s.external_traffic_policy = Some("Cluster".into());
    }
    if s.internal_traffic_policy.is_none() && matches!(type_.as_str(), "NodePort" | "LoadBalancer" | "ClusterIP") {
        s.internal_traffic_policy = Some("Cluster".into());
    }
    // `status.loadBalancer` is a struct, not a pointer, in the Go type:
    // every Service carries one, empty until a load balancer is assigned.
    svc.status.load_balancer.get_or_insert_with(Default::default);
    if type_ == "LoadBalancer" {
        s.allocate_load_balancer_node_ports.get_or_insert(true);
        if let Some(lb) = &mut svc.status.load_balancer {
            for ing in &mut lb.ingress {
                if ing.ip.as_deref().is_some_and(|ip| !ip.is_empty()) && ing.ip_mode.is_none() {
                    ing.ip_mode = Some("VIP".into());
                }
            }
        }
    }
}

/// `SetDefaults_PersistentVolumeClaim` and `…ClaimSpec`: phase Pending,
/// volumeMode Filesystem.
pub(super) fn pvc(p: &mut PersistentVolumeClaim) {
    if p.status.phase.as_deref().unwrap_or("").is_empty() {
        p.status.phase = Some("Pending".into());
    }
    p.spec.volume_mode.get_or_insert_with(|| "Filesystem".into());
    round_shared(&mut p.spec.resources.limits);
    round_shared(&mut p.spec.resources.requests);
    round_resources(&mut p.status.capacity);
}

/// `SetDefaults_PersistentVolume`: phase Pending, reclaim policy Retain,
/// volumeMode Filesystem.
pub(super) fn pv(p: &mut PersistentVolume) {
    if p.status.phase.as_deref().unwrap_or("").is_empty() {
        p.status.phase = Some("Pending".into());
    }
    if p.spec.persistent_volume_reclaim_policy.as_deref().unwrap_or("").is_empty() {
        p.spec.persistent_volume_reclaim_policy = Some("Retain".into());
    }
    p.spec.volume_mode.get_or_insert_with(|| "Filesystem".into());
    if let Some(Value::Object(h)) = &mut p.spec.host_path {
        if h.get("type").is_none_or(Value::is_null) {
            h.insert("type".into(), json!(""));
        }
    }
    round_resources(&mut p.spec.capacity);
}

/// `SetDefaults_Secret` (type Opaque), plus the v1→internal conversion that
/// merges `stringData` into `data` (string values win), so `stringData` is
/// never stored or returned.
pub(super) fn secret(s: &mut Secret) {
    if s.type_.as_deref().unwrap_or("").is_empty() {
        s.type_ = Some("Opaque".into());
    }
    for (k, v) in std::mem::take(&mut s.string_data) {
        s.data.insert(k, base64(v.as_bytes()));
    }
}

/// `SetDefaults_Namespace` (the `kubernetes.io/metadata.name` label) and
/// `SetDefaults_NamespaceStatus` (phase Active).
pub(super) fn namespace(ns: &mut Namespace) {
    if !ns.metadata.name.is_empty() {
        ns.metadata.labels.insert(NAMESPACE_NAME_LABEL.into(), ns.metadata.name.clone());
    }
    if ns.status.phase.as_deref().unwrap_or("").is_empty() {
        ns.status.phase = Some("Active".into());
    }
}

/// `SetDefaults_NodeStatus`: allocatable is the capacity when not reported.
pub(super) fn node(n: &mut Node) {
    round_resources(&mut n.status.capacity);
    round_resources(&mut n.status.allocatable);
    if n.status.allocatable.is_empty() && !n.status.capacity.is_empty() {
        n.status.allocatable = n.status.capacity.clone();
    }
}

/// `SetDefaults_Endpoints`: port protocol TCP.
pub(super) fn endpoints(ep: &mut Endpoints) {
    for p in ep.subsets.iter_mut().flat_map(|s| s.ports.iter_mut()) {
        if p.protocol.as_deref().unwrap_or("").is_empty() {
            p.protocol = Some("TCP".into());
        }
    }
}

/// `SetDefaults_LimitRangeItem`: for Container limits, default ← max,
/// defaultRequest ← default, then defaultRequest ← min.
pub(super) fn limit_range(lr: &mut LimitRange) {
    for item in &mut lr.spec.limits {
        if item.type_ == "Container" {
            for (k, v) in &item.max {
                item.default.entry(k.clone()).or_insert_with(|| v.clone());
            }
            for (k, v) in &item.default {
                item.default_request.entry(k.clone()).or_insert_with(|| v.clone());
            }
            for (k, v) in &item.min {
                item.default_request.entry(k.clone()).or_insert_with(|| v.clone());
            }
        }
        for list in [&mut item.max, &mut item.min, &mut item.default, &mut item.default_request, &mut item.max_limit_request_ratio] {
            round_resources(list);
        }
    }
}

/// Resource lists are rounded up to milli-units.
pub(super) fn resource_quota(q: &mut ResourceQuota) {
    round_resources(&mut q.spec.hard);
    round_resources(&mut q.status.hard);
    round_resources(&mut q.status.used);
}

/// Standard base64 with padding, as Go's JSON encoding of `[]byte`.
pub(crate) fn base64(bytes: &[u8]) -> String {
    crate::base64::encode(bytes)
}
