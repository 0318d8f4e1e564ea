//! Other apiVersions than the served one: those a v1.32 API server still
//! serves (`autoscaling/v1` HPAs, `events.k8s.io/v1` Events, beta
//! admission policies) are converted to the served version on the located
//! tree, so errors in converted fields still point at what the user wrote,
//! with the deprecation warning the server sends. The versions older
//! tutorials use that are gone since (`extensions/v1beta1` Deployments,
//! `batch/v1beta1` CronJobs, …) are not served: the mapper finds no match,
//! as on a real cluster, and [`removed_in`] tells the playground's hint
//! when each went.

use crate::error::Warning;
use crate::tree::{Node, NodeValue};
use kubeplay_model::kind::ApiVersionStatus;
use kubeplay_model::Kind;
use serde_json::json;

/// `(apiVersion, deprecated in, removed in)` from the API types'
/// prerelease-lifecycle tags (`zz_generated.prerelease-lifecycle.go`): all
/// removed before v1.32.
const LIFECYCLE: &[(&str, &str, &str)] = &[
    ("extensions/v1beta1", "1.8", "1.16"),
    ("apps/v1beta1", "1.8", "1.16"),
    ("apps/v1beta2", "1.9", "1.16"),
    ("batch/v1beta1", "1.21", "1.25"),
    ("autoscaling/v2beta1", "1.22", "1.25"),
    ("autoscaling/v2beta2", "1.23", "1.26"),
    ("discovery.k8s.io/v1beta1", "1.21", "1.25"),
    ("storage.k8s.io/v1beta1", "1.19", "1.22"),
    ("scheduling.k8s.io/v1beta1", "1.14", "1.22"),
    ("policy/v1beta1", "1.21", "1.25"),
    ("certificates.k8s.io/v1beta1", "1.19", "1.22"),
];

/// The Kubernetes release that stopped serving `api_version` (`1.16` for
/// `extensions/v1beta1`), if it is one the playground knows was removed.
pub fn removed_in(api_version: &str) -> Option<&'static str> {
    LIFECYCLE.iter().find(|(v, _, _)| *v == api_version).map(|(_, _, removed)| *removed)
}

/// The API server's deprecation warning (apiserver/pkg/endpoints/deprecation).
pub fn deprecation_message(api_version: &str, kind: Kind) -> String {
    let served = kind.info().api_version();
    match LIFECYCLE.iter().find(|(v, _, _)| *v == api_version) {
        Some((_, dep, removed)) => format!("{api_version} {kind} is deprecated in v{dep}+, unavailable in v{removed}+; use {served} {kind}"),
        None => format!("{api_version} {kind} is deprecated; use {served} {kind}"),
    }
}

/// Converts `node` (a whole object) from `api_version` to the served
/// version of `kind`, adding the warnings the API server would send.
pub(crate) fn convert(kind: Kind, api_version: &str, status: ApiVersionStatus, node: &mut Node, warnings: &mut Vec<Warning>) {
    // autoscaling/v1 is a served, stable version: converted without warning.
    if status == ApiVersionStatus::Deprecated && api_version != "autoscaling/v1" {
        warnings.push(Warning::Deprecated {
            api_version: api_version.to_string(),
            kind: kind.name().to_string(),
            message: deprecation_message(api_version, kind),
        });
    }
    match (kind, api_version) {
        (Kind::HorizontalPodAutoscaler, "autoscaling/v1") => hpa_from_v1(node, warnings),
        (Kind::Event, kubeplay_model::api::events_v1::API_VERSION) => event_from_events_v1(node),
        (Kind::Deployment, _) => unknown_in_served(node, "rollbackTo", warnings),
        (Kind::HorizontalPodAutoscaler, _) => unknown_in_served(node, "targetCPUUtilizationPercentage", warnings),
        _ => {}
    }
}

/// Whether [`convert`] may change `node`. When false, converting leaves the
/// node exactly as written (it may still add a deprecation warning), so the
/// caller can decode it and then take it apart for its raw JSON instead of
/// copying it first. Must answer true for every arm of `convert` that can
/// edit the node (decode_object checks this in debug builds).
pub(crate) fn may_change(kind: Kind, api_version: &str, node: &Node) -> bool {
    let in_spec = |field: &str| node.get("spec").is_some_and(|s| s.get(field).is_some());
    match (kind, api_version) {
        (Kind::HorizontalPodAutoscaler, "autoscaling/v1") | (Kind::Event, kubeplay_model::api::events_v1::API_VERSION) => true,
        (Kind::Deployment, _) => in_spec("rollbackTo"),
        (Kind::HorizontalPodAutoscaler, _) => in_spec("targetCPUUtilizationPercentage"),
        _ => false,
    }
}



/// `Convert_v1_Event_To_core_Event`: the events.k8s.io/v1 names of the
/// stored Event's fields, renamed in place (so errors still point at what
/// was written).
fn event_from_events_v1(node: &mut Node) {
    const RENAMES: &[(&str, &str)] = &[
        ("regarding", "involvedObject"),
        ("note", "message"),
        ("reportingController", "reportingComponent"),
        ("deprecatedSource", "source"),
        ("deprecatedFirstTimestamp", "firstTimestamp"),
        ("deprecatedLastTimestamp", "lastTimestamp"),
        ("deprecatedCount", "count"),
    ];
    if let NodeValue::Map(entries) = &mut node.value {
        for e in entries.iter_mut() {
            if let Some((_, core)) = RENAMES.iter().find(|(v1, _)| *v1 == e.key) {
                e.key = core.to_string();
            }
        }
    }
}



/// A field that only older versions had: in the served version it is unknown.
fn unknown_in_served(node: &mut Node, field: &str, warnings: &mut Vec<Warning>) {
    let Some(spec) = node.get_mut("spec") else { return };
    if let Some(e) = spec.remove(field) {
        warnings.push(Warning::UnknownField { path: format!("spec.{field}"), line: e.key_line, column: e.key_column, suggestion: None });
    }
}

/// autoscaling/v1 → v2: `targetCPUUtilizationPercentage: N` becomes a
/// Resource metric on cpu with an Utilization target of N; v2-only spec
/// fields are unknown in v1.
fn hpa_from_v1(node: &mut Node, warnings: &mut Vec<Warning>) {
    let Some(spec) = node.get_mut("spec") else { return };
    for field in ["metrics", "behavior"] {
        if let Some(e) = spec.remove(field) {
            warnings.push(Warning::UnknownField { path: format!("spec.{field}"), line: e.key_line, column: e.key_column, suggestion: None });
        }
    }
    let Some(target) = spec.get("targetCPUUtilizationPercentage") else { return };
    let pct = match target.value {
        NodeValue::Null => None,
        NodeValue::Int(i) => Some(json!(i)),
        NodeValue::Uint(u) => Some(json!(u)),
        // Anything else stays for typed decoding to report where it is.
        _ => return,
    };
    let (line, column) = (target.line, target.column);
    spec.remove("targetCPUUtilizationPercentage");
    if let Some(pct) = pct {
        let metrics = json!([{"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": pct}}}]);
        spec.set("metrics", Node::from_json(&metrics, line, column).value);
    }
}






#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deprecation_messages_match_the_api_server() {
        assert_eq!(
            deprecation_message("extensions/v1beta1", Kind::Deployment),
            "extensions/v1beta1 Deployment is deprecated in v1.8+, unavailable in v1.16+; use apps/v1 Deployment"
        );
        assert_eq!(
            deprecation_message("apps/v1beta2", Kind::DaemonSet),
            "apps/v1beta2 DaemonSet is deprecated in v1.9+, unavailable in v1.16+; use apps/v1 DaemonSet"
        );
        assert_eq!(
            deprecation_message("batch/v1beta1", Kind::CronJob),
            "batch/v1beta1 CronJob is deprecated in v1.21+, unavailable in v1.25+; use batch/v1 CronJob"
        );
        assert_eq!(
            deprecation_message("autoscaling/v2beta2", Kind::HorizontalPodAutoscaler),
            "autoscaling/v2beta2 HorizontalPodAutoscaler is deprecated in v1.23+, unavailable in v1.26+; use autoscaling/v2 HorizontalPodAutoscaler"
        );
        assert_eq!(
            deprecation_message("policy/v1beta1", Kind::PodDisruptionBudget),
            "policy/v1beta1 PodDisruptionBudget is deprecated in v1.21+, unavailable in v1.25+; use policy/v1 PodDisruptionBudget"
        );
    }

    #[test]
    fn every_legacy_version_has_a_message_naming_the_served_version() {
        for k in Kind::ALL {
            for v in k.info().legacy_api_versions {
                let m = deprecation_message(v, *k);
                assert!(m.ends_with(&format!("; use {} {}", k.info().api_version(), k.name())), "{m}");
            }
        }
    }
}
