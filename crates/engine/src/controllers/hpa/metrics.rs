//! The resource metrics API as the HPA reads it (metrics-server): each
//! Running pod's cpu and memory use. A workload's `sim load` is its total
//! demand, shared evenly by its Running and Ready pods — so more replicas
//! mean less per pod, as with real traffic behind a Service; pods that are
//! running but not ready serve nothing and use nothing. Pods that are not
//! Running (or on a failed node) have no metrics.
//!
//! This is the one place the HPA gets usage from; the numbers are the
//! kubelet's (`kubelet::usage`). No custom or external metrics adapter
//! runs here: [`unserved`] fails those metrics as such a cluster does.

use crate::world::World;
use kubeplay_model::api::{MetricSpec, Pod};
use serde_json::Value;
use kubeplay_model::{Kind, ObjectMeta};

/// The workload a pod belongs to: (kind, name), following controller
/// references up (Pod → ReplicaSet → Deployment) to the outermost owner.
pub fn workload_of(world: &World, meta: &ObjectMeta) -> Option<(String, String)> {
    let mut current = meta.controller_ref()?.clone();
    for _ in 0..4 {
        let kind = Kind::ALL.iter().copied().find(|k| k.name() == current.kind)?;
        let owner = world.store.get_by(kind, &meta.namespace, &current.name);
        match owner.and_then(|o| o.meta().controller_ref().cloned()) {
            Some(up) => current = up,
            None => break,
        }
    }
    Some((current.kind.to_string(), current.name))
}

/// The pod's usage of `resource` in milli-units (millicores; bytes × 1000),
/// or None when metrics-server has no sample for it: the kubelet's usage
/// model, summed over the pod's containers.
pub fn pod_usage(world: &World, pod: &Pod, resource: &str) -> Option<i64> {
    let (cpu, memory) = crate::kubelet::usage::pod_usage_total(world, pod)?;
    Some(match resource {
        "cpu" => cpu,
        "memory" => memory.saturating_mul(1000),
        _ => 0,
    })
}

/// What a cluster without a custom or external metrics adapter answers
/// for a Pods, Object or External metric (the playground runs none), as
/// (event reason, the metric's error, the error as the sync reports it):
/// the texts of `GetMetricReplicas`, `GetObjectMetricReplicas` and
/// `GetExternalMetricReplicas` around the metrics clients' failures.
pub fn unserved(spec: &MetricSpec, namespace: &str) -> (&'static str, String, String) {
    const CUSTOM: &str = "unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered";
    let text = |v: Option<&Value>, path: &[&str]| path.iter().try_fold(v, |v, k| Some(v?.get(*k))).flatten().and_then(Value::as_str).unwrap_or("").to_string();
    match spec.type_.as_str() {
        "Pods" => {
            let inner = format!("unable to get metric {}: {CUSTOM}", text(spec.pods.as_ref(), &["metric", "name"]));
            ("FailedGetPodsMetric", inner.clone(), format!("failed to get pods metric value: {inner}"))
        }
        "Object" => {
            let o = spec.object.as_ref();
            let (metric, kind, name) = (text(o, &["metric", "name"]), text(o, &["describedObject", "kind"]), text(o, &["describedObject", "name"]));
            // Upstream's format puts the object after the metric's name.
            let inner = format!("unable to get metric {metric}: {kind} on {namespace} {name}/{CUSTOM}");
            ("FailedGetObjectMetric", inner.clone(), format!("failed to get object metric value: {inner}"))
        }
        "External" => {
            let e = spec.external.as_ref();
            let metric = text(e, &["metric", "name"]);
            let selector = go_label_selector(e.and_then(|e| e.get("metric")).and_then(|m| m.get("selector")));
            let inner = format!(
                "unable to get external metric {namespace}/{metric}/{selector}: unable to fetch metrics from external metrics API: the server could not find the requested resource (get {metric}.external.metrics.k8s.io)"
            );
            let per_pod = e.and_then(|e| e.get("target")).and_then(|t| t.get("averageValue")).is_some_and(|v| !v.is_null());
            let outer = if per_pod { format!("failed to get {metric} external metric: {inner}") } else { format!("failed to get external metric {metric}: {inner}") };
            ("FailedGetExternalMetric", inner, outer)
        }
        // ContainerResource is served by metrics-server upstream; the
        // playground does not compute it.
        other => {
            let inner = format!("invalid metric source type {other:?}");
            ("InvalidMetricSourceType", inner.clone(), inner)
        }
    }
}

/// A `*metav1.LabelSelector` as Go's `%+v` prints it (its generated
/// `String`): `nil`, or `&LabelSelector{MatchLabels:map[string]string{k: v,},MatchExpressions:[]LabelSelectorRequirement{…},}`.
fn go_label_selector(v: Option<&Value>) -> String {
    let Some(v) = v.filter(|v| v.is_object()) else { return "nil".into() };
    let mut labels: Vec<(&String, &Value)> = v.get("matchLabels").and_then(Value::as_object).map(|m| m.iter().collect()).unwrap_or_default();
    kubeplay_model::sort::sort_by(&mut labels, |a, b| a.0.cmp(b.0));
    let labels: String = labels.iter().map(|(k, v)| format!("{k}: {},", v.as_str().unwrap_or(""))).collect();
    let expressions: String = v
        .get("matchExpressions")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|r| {
                    let field = |k: &str| r.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                    let values: Vec<&str> = r.get("values").and_then(Value::as_array).map(|v| v.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
                    format!("LabelSelectorRequirement{{Key:{},Operator:{},Values:[{}],}},", field("key"), field("operator"), values.join(" "))
                })
                .collect()
        })
        .unwrap_or_default();
    format!("&LabelSelector{{MatchLabels:map[string]string{{{labels}}},MatchExpressions:[]LabelSelectorRequirement{{{expressions}}},}}")
}
