//! Defaults of the kinds outside core and apps/batch: HorizontalPodAutoscaler
//! (`autoscaling/v2`), StorageClass, PriorityClass, EndpointSlice.

use crate::api::{RoleRef, Subject, RBAC_GROUP, EndpointSlice, HorizontalPodAutoscaler, IngressClass, HpaScalingPolicy, HpaScalingRules, MetricSpec, MetricTarget, PriorityClass, ResourceMetricSource, StorageClass};

/// `autoscaling.DefaultCPUUtilization`.
const DEFAULT_CPU_UTILIZATION: i32 = 80;

/// `SetDefaults_HorizontalPodAutoscaler` (v2): minReplicas 1, a CPU
/// utilisation metric at 80% when none is given, and a behavior filled in
/// from the defaults when one is given. An `autoscaling/v1` target
/// (`targetCPUUtilizationPercentage`) is first converted to that metric,
/// as the server stores every version in the v2 shape.
pub(super) fn hpa(h: &mut HorizontalPodAutoscaler) {
    let s = &mut h.spec;
    s.min_replicas.get_or_insert(1);
    let v1_target = s.target_cpu_utilization_percentage.take();
    if s.metrics.is_empty() {
        s.metrics = vec![MetricSpec {
            type_: "Resource".into(),
            resource: Some(ResourceMetricSource {
                name: "cpu".into(),
                target: MetricTarget { type_: "Utilization".into(), average_utilization: Some(v1_target.unwrap_or(DEFAULT_CPU_UTILIZATION)), ..Default::default() },
            }),
            ..Default::default()
        }];
    }
    if let Some(b) = &mut s.behavior {
        b.scale_up = Some(merge_rules(b.scale_up.take(), scale_up_defaults()));
        b.scale_down = Some(merge_rules(b.scale_down.take(), scale_down_defaults()));
    }
}

fn policy(type_: &str, value: i32) -> HpaScalingPolicy {
    HpaScalingPolicy { type_: type_.into(), value, period_seconds: 15 }
}

/// Scale up by at most 4 pods or 100% per 15 s, whichever is more, at once.
fn scale_up_defaults() -> HpaScalingRules {
    HpaScalingRules { stabilization_window_seconds: Some(0), select_policy: Some("Max".into()), policies: vec![policy("Pods", 4), policy("Percent", 100)], tolerance: None }
}

/// Scale down by up to 100% per 15 s; the window is left to the controller's flag.
fn scale_down_defaults() -> HpaScalingRules {
    HpaScalingRules { stabilization_window_seconds: None, select_policy: Some("Max".into()), policies: vec![policy("Percent", 100)], tolerance: None }
}

/// `copyHPAScalingRules`: the given fields over the defaults. A policy
/// list given empty is "given" in Go only when non-nil; an empty list
/// cannot be told from an absent one here, so it takes the defaults.
fn merge_rules(given: Option<HpaScalingRules>, mut to: HpaScalingRules) -> HpaScalingRules {
    let Some(from) = given else { return to };
    if from.select_policy.is_some() {
        to.select_policy = from.select_policy;
    }
    if from.stabilization_window_seconds.is_some() {
        to.stabilization_window_seconds = from.stabilization_window_seconds;
    }
    if !from.policies.is_empty() {
        to.policies = from.policies;
    }
    if from.tolerance.is_some() {
        to.tolerance = from.tolerance;
    }
    to
}

/// `SetDefaults_StorageClass`: reclaim Delete, bind Immediate.
pub(super) fn storage_class(sc: &mut StorageClass) {
    sc.reclaim_policy.get_or_insert_with(|| "Delete".into());
    sc.volume_binding_mode.get_or_insert_with(|| "Immediate".into());
}

/// `SetDefaults_PriorityClass`: PreemptLowerPriority.
/// `SetDefaults_IngressClass`: parameters without a scope are the cluster's.
pub(super) fn ingress_class(c: &mut IngressClass) {
    if let Some(p) = &mut c.spec.parameters {
        p.scope.get_or_insert_with(|| "Cluster".into());
    }
}

/// `SetDefaults_NetworkPolicy` and `SetDefaults_NetworkPolicyPort`: a
/// policy naming no types isolates ingress, and egress too when it has
/// egress rules; a port without a protocol is TCP.
pub(super) fn network_policy(p: &mut crate::api::NetworkPolicy) {
    let spec = &mut p.spec;
    if spec.policy_types.is_empty() {
        spec.policy_types.push("Ingress".into());
        if !spec.egress.is_empty() {
            spec.policy_types.push("Egress".into());
        }
    }
    let ingress = spec.ingress.iter_mut().flat_map(|r| r.ports.iter_mut());
    let egress = spec.egress.iter_mut().flat_map(|r| r.ports.iter_mut());
    for port in ingress.chain(egress) {
        port.protocol.get_or_insert_with(|| "TCP".into());
    }
}

/// `SetDefaults_RoleBinding`, `SetDefaults_ClusterRoleBinding` and
/// `SetDefaults_Subject`: the role reference and User and Group subjects
/// are in the RBAC group; a ServiceAccount is in the core group.
pub(super) fn role_binding(role_ref: &mut RoleRef, subjects: &mut [Subject]) {
    if role_ref.api_group.is_empty() {
        role_ref.api_group = RBAC_GROUP.into();
    }
    for s in subjects.iter_mut().filter(|s| s.api_group.is_empty()) {
        if s.kind == "User" || s.kind == "Group" {
            s.api_group = RBAC_GROUP.into();
        }
    }
}

pub(super) fn priority_class(pc: &mut PriorityClass) {
    pc.preemption_policy.get_or_insert_with(|| "PreemptLowerPriority".into());
}

/// `SetDefaults_EndpointPort` (discovery/v1): name "" and protocol TCP.
pub(super) fn endpoint_slice(es: &mut EndpointSlice) {
    for p in &mut es.ports {
        p.name.get_or_insert_with(String::new);
        p.protocol.get_or_insert_with(|| "TCP".into());
    }
}
