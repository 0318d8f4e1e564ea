//! Pod, pod template and container defaults (`SetDefaults_Pod`,
//! `SetDefaults_PodSpec`, `SetDefaults_Container`, probes, volumes, and
//! the declarative defaults the generated `SetObjectDefaults_Pod` applies).

use super::image::default_pull_policy;
use super::{round_resources, round_shared};
use crate::api::{Container, HttpGetAction, Pod, PodSpec, PodTemplateSpec, Probe, Volume};
use serde_json::{json, Map, Value};
use std::sync::Arc;

/// `v1.DefaultTerminationGracePeriodSeconds`.
const DEFAULT_GRACE_SECONDS: i64 = 30;
/// 0644, the mode of files projected from Secrets, ConfigMaps and the downward API.
const DEFAULT_FILE_MODE: i32 = 0o644;

/// `SetObjectDefaults_Pod`: the pod-only rules (requests from limits,
/// service links, host-network ports), then everything a template gets.
pub(super) fn pod(p: &mut Pod) {
    let spec = p.spec_mut();
    for c in spec.containers.iter_mut().chain(spec.init_containers.iter_mut()) {
        // Writing through the shared map copies it: only when a limit
        // has no request yet.
        let missing: Vec<_> = c.resources.limits.iter().filter(|(k, _)| !c.resources.requests.contains_key(*k)).map(|(k, v)| (k.clone(), v.clone())).collect();
        if !missing.is_empty() {
            c.resources.requests.extend(missing);
        }
    }
    if p.spec.enable_service_links.is_none() {
        p.spec_mut().enable_service_links = Some(true);
    }
    if p.spec.host_network == Some(true) {
        let spec = p.spec_mut();
        for c in spec.containers.iter_mut().chain(spec.init_containers.iter_mut()) {
            for port in &mut c.ports {
                if port.host_port.unwrap_or(0) == 0 {
                    port.host_port = Some(port.container_port);
                }
            }
        }
    }
    pod_spec(p.spec_mut());
}

/// The defaults every pod template gets (no `SetDefaults_Pod`).
pub(super) fn template(t: &mut PodTemplateSpec) {
    pod_spec(&mut t.spec);
}

/// `SetDefaults_PodSpec` plus the nested defaults of its volumes and containers.
pub(super) fn pod_spec(s: &mut PodSpec) {
    if s.dns_policy.as_deref().unwrap_or("").is_empty() {
        s.dns_policy = Some("ClusterFirst".into());
    }
    if s.restart_policy.as_deref().unwrap_or("").is_empty() {
        s.restart_policy = Some("Always".into());
    }
    if s.security_context.is_none() {
        s.security_context = Some(Box::new(Value::Object(Map::new())));
    }
    if s.termination_grace_period_seconds.is_none() {
        s.termination_grace_period_seconds = Some(DEFAULT_GRACE_SECONDS);
    }
    if s.scheduler_name.as_deref().unwrap_or("").is_empty() {
        s.scheduler_name = Some("default-scheduler".into());
    }
    for v in &mut s.volumes {
        volume(v);
    }
    for c in s.init_containers.iter_mut().chain(s.containers.iter_mut()) {
        container(c);
    }
    // `SetDefaults_EphemeralContainer`; most pods have none, and writing
    // through the shared empty list would copy it.
    if !s.ephemeral_containers.is_empty() {
        for c in s.ephemeral_containers.iter_mut() {
            container(&mut c.container);
        }
    }
    if let Some(o) = &mut s.overhead {
        round_resources(o);
    }
    if let Some(r) = &mut s.resources {
        round_shared(&mut r.limits);
        round_shared(&mut r.requests);
    }
}

/// `SetDefaults_Container` and the defaults of its parts.
pub(super) fn container(c: &mut Container) {
    if c.image_pull_policy.as_deref().unwrap_or("").is_empty() {
        c.image_pull_policy = Some(default_pull_policy(c.image.as_deref().unwrap_or("")).into());
    }
    if c.termination_message_path.as_deref().unwrap_or("").is_empty() {
        c.termination_message_path = Some("/dev/termination-log".into());
    }
    if c.termination_message_policy.as_deref().unwrap_or("").is_empty() {
        c.termination_message_policy = Some("File".into());
    }
    for p in &mut c.ports {
        if p.protocol.as_deref().unwrap_or("").is_empty() {
            p.protocol = Some("TCP".into());
        }
    }
    for e in &mut c.env {
        if let Some(from) = &mut e.value_from {
            if let Some(f) = &mut from.field_ref {
                field_ref(f);
            }
            if let Some(r) = &mut from.resource_field_ref {
                resource_field_ref(r);
            }
        }
    }
    round_shared(&mut c.resources.limits);
    round_shared(&mut c.resources.requests);
    for p in [&mut c.liveness_probe, &mut c.readiness_probe, &mut c.startup_probe].into_iter().flatten() {
        probe(p);
    }
    if let Some(l) = &mut c.lifecycle {
        for h in [&mut l.post_start, &mut l.pre_stop].into_iter().flatten() {
            if let Some(g) = h.get_mut("httpGet") {
                http_get_json(g);
            }
        }
    }
}

/// `SetDefaults_Probe` and its handler's defaults.
fn probe(p: &mut Probe) {
    for (field, default) in [(&mut p.timeout_seconds, 1), (&mut p.period_seconds, 10), (&mut p.success_threshold, 1), (&mut p.failure_threshold, 3)] {
        if field.unwrap_or(0) == 0 {
            *field = Some(default);
        }
    }
    if let Some(g) = &mut p.http_get {
        http_get(g);
    }
    if let Some(Value::Object(g)) = &mut p.grpc {
        // `+default=""`
        if g.get("service").is_none_or(Value::is_null) {
            g.insert("service".into(), json!(""));
        }
    }
}

/// `SetDefaults_HTTPGetAction`.
fn http_get(g: &mut HttpGetAction) {
    if g.path.as_deref().unwrap_or("").is_empty() {
        g.path = Some("/".into());
    }
    if g.scheme.as_deref().unwrap_or("").is_empty() {
        g.scheme = Some("HTTP".into());
    }
}

fn http_get_json(g: &mut Value) {
    if let Value::Object(m) = g {
        for (k, d) in [("path", "/"), ("scheme", "HTTP")] {
            if m.get(k).and_then(Value::as_str).unwrap_or("").is_empty() {
                m.insert(k.into(), json!(d));
            }
        }
    }
}

/// `SetDefaults_ObjectFieldSelector`: `apiVersion: v1`.
fn field_ref(f: &mut Value) {
    if let Value::Object(m) = f {
        if m.get("apiVersion").and_then(Value::as_str).unwrap_or("").is_empty() {
            m.insert("apiVersion".into(), json!("v1"));
        }
    }
}

/// `ResourceFieldSelector.divisor` is a non-pointer Quantity, so the API
/// always prints it: `"0"` when unset.
fn resource_field_ref(r: &mut Value) {
    if let Value::Object(m) = r {
        if m.get("divisor").is_none_or(Value::is_null) {
            m.insert("divisor".into(), json!("0"));
        }
    }
}

/// `SetDefaults_Volume` and the defaults of each volume source.
fn volume(v: &mut Volume) {
    let has_source = v.config_map.is_some()
        || v.secret.is_some()
        || v.persistent_volume_claim.is_some()
        || v.empty_dir.is_some()
        || v.host_path.is_some()
        || v.projected.is_some()
        || v.downward_api.is_some()
        || v.nfs.is_some()
        || v.csi.is_some()
        || v.ephemeral.is_some();
    if !has_source {
        v.empty_dir = Some(Arc::new(Value::Object(Map::new())));
    }
    if let Some(c) = &mut v.config_map {
        c.default_mode.get_or_insert(DEFAULT_FILE_MODE);
    }
    if let Some(s) = &mut v.secret {
        s.default_mode.get_or_insert(DEFAULT_FILE_MODE);
    }
    shared_source(&mut v.host_path, |h| {
        // `SetDefaults_HostPathVolumeSource`: type "" (HostPathUnset).
        if let Value::Object(h) = h {
            if h.get("type").is_none_or(Value::is_null) {
                h.insert("type".into(), json!(""));
            }
        }
    });
    shared_source(&mut v.downward_api, |d| {
        if let Value::Object(d) = d {
            default_mode(d);
            downward_items(d);
        }
    });
    shared_source(&mut v.projected, |p| {
        let Value::Object(p) = p else { return };
        default_mode(p);
        if let Some(Value::Array(sources)) = p.get_mut("sources") {
            for s in sources {
                if let Some(Value::Object(d)) = s.get_mut("downwardAPI") {
                    downward_items(d);
                }
                if let Some(Value::Object(t)) = s.get_mut("serviceAccountToken") {
                    // `SetDefaults_ServiceAccountTokenProjection`: one hour.
                    if t.get("expirationSeconds").is_none_or(Value::is_null) {
                        t.insert("expirationSeconds".into(), json!(3600));
                    }
                }
            }
        }
    });
    shared_source(&mut v.ephemeral, |e| {
        if let Some(Value::Object(s)) = e.get_mut("volumeClaimTemplate").and_then(|t| t.get_mut("spec")) {
            if s.get("volumeMode").is_none_or(Value::is_null) {
                s.insert("volumeMode".into(), json!("Filesystem"));
            }
        }
    });
}

/// Defaults a volume source that other versions may share. A shared one
/// (every pod's token volume, a template's volumes in the pods made from
/// it) almost always has its defaults already: it is defaulted on a copy,
/// which replaces it only if defaulting changed something.
fn shared_source(source: &mut Option<Arc<Value>>, default: impl FnOnce(&mut Value)) {
    let Some(shared) = source else { return };
    if let Some(own) = Arc::get_mut(shared) {
        default(own);
        return;
    }
    let mut copy = Value::clone(shared);
    default(&mut copy);
    if copy != **shared {
        *shared = Arc::new(copy);
    }
}

fn default_mode(m: &mut Map<String, Value>) {
    if m.get("defaultMode").is_none_or(Value::is_null) {
        m.insert("defaultMode".into(), json!(DEFAULT_FILE_MODE));
    }
}

fn downward_items(d: &mut Map<String, Value>) {
    if let Some(Value::Array(items)) = d.get_mut("items") {
        for item in items {
            if let Some(f) = item.get_mut("fieldRef") {
                field_ref(f);
            }
            if let Some(r) = item.get_mut("resourceFieldRef") {
                resource_field_ref(r);
            }
        }
    }
}
