//! `kubectl describe hpa` (autoscaling/v2): target, metrics as
//! `( current / target )`, bounds, behaviour, replica counts, conditions.

use super::{annotations_multiline, finish_with_events, labels_multiline, Writer};
use crate::print::duration::rfc1123z;
use kubeplay_model::api::{Event, HorizontalPodAutoscaler, HpaScalingRules, MetricSpec, MetricStatus};
use kubeplay_model::{Quantity, Time};
use serde_json::Value;

/// A quantity kept as JSON, printed as Go prints a `*Quantity` (`<nil>`
/// when unset).
fn quantity(v: Option<&Value>) -> String {
    let q = match v {
        Some(Value::String(s)) => Quantity::parse(s).ok(),
        Some(Value::Number(n)) => Quantity::parse(&n.to_string()).ok(),
        _ => None,
    };
    q.map_or_else(|| "<nil>".to_string(), |q| q.to_string())
}

fn text<'a>(v: Option<&'a Value>, path: &[&str]) -> &'a str {
    path.iter().try_fold(v, |v, k| Some(v?.get(*k))).flatten().and_then(Value::as_str).unwrap_or("")
}

/// One row of `Metrics:`, as describeHorizontalPodAutoscalerV2 lays out
/// each metric source type. The model keeps only Resource metric
/// statuses, so the other types' current values read `<unknown>`.
fn metric_line(w: &mut Writer, spec: &MetricSpec, status: Option<&MetricStatus>) {
    const UNKNOWN: &str = "<unknown>";
    let current_resource = status.and_then(|s| s.resource.as_ref()).map(|r| &r.current);
    match spec.type_.as_str() {
        "External" => {
            let e = spec.external.as_ref();
            let name = crate::gofmt::quote(text(e, &["metric", "name"]));
            let target = e.and_then(|e| e.get("target"));
            match target.and_then(|t| t.get("averageValue")) {
                Some(avg) => w.write(1, &format!("{name} (target average value):\t{UNKNOWN} / {}\n", quantity(Some(avg)))),
                None => w.write(1, &format!("{name} (target value):\t{UNKNOWN} / {}\n", quantity(target.and_then(|t| t.get("value"))))),
            }
        }
        "Pods" => {
            let p = spec.pods.as_ref();
            let target = quantity(p.and_then(|p| p.get("target")).and_then(|t| t.get("averageValue")));
            w.write(1, &format!("{} on pods:\t{UNKNOWN} / {target}\n", crate::gofmt::quote(text(p, &["metric", "name"]))));
        }
        "Object" => {
            let o = spec.object.as_ref();
            w.write(1, &format!("\"{}\" on {}/{} ", text(o, &["metric", "name"]), text(o, &["describedObject", "kind"]), text(o, &["describedObject", "name"])));
            let target = o.and_then(|o| o.get("target"));
            if text(target, &["type"]) == "AverageValue" {
                w.write(0, &format!("(target average value):\t{UNKNOWN} / {}\n", quantity(target.and_then(|t| t.get("averageValue")))));
            } else {
                w.write(0, &format!("(target value):\t{UNKNOWN} / {}\n", quantity(target.and_then(|t| t.get("value")))));
            }
        }
        "Resource" => {
            let Some(r) = &spec.resource else { return };
            w.write(1, &format!("resource {} on pods", r.name));
            if let Some(avg) = &r.target.average_value {
                let cur = current_resource.map_or(UNKNOWN.to_string(), |c| c.average_value.as_ref().map_or("<nil>".to_string(), |q| q.to_string()));
                w.write(0, &format!(":\t{cur} / {avg}\n"));
            } else {
                let cur = match current_resource {
                    Some(c) if c.average_utilization.is_some() => {
                        format!("{}% ({})", c.average_utilization.unwrap_or(0), c.average_value.as_ref().map_or("<nil>".to_string(), |q| q.to_string()))
                    }
                    _ => UNKNOWN.to_string(),
                };
                let tgt = r.target.average_utilization.map_or("<auto>".to_string(), |u| format!("{u}%"));
                w.write(1, &format!("(as a percentage of request):\t{cur} / {tgt}\n"));
            }
        }
        "ContainerResource" => {
            let c = spec.container_resource.as_ref();
            w.write(1, &format!("resource {} of container \"{}\" on pods", text(c, &["name"]), text(c, &["container"])));
            let target = c.and_then(|c| c.get("target"));
            match target.and_then(|t| t.get("averageValue")) {
                Some(avg) => w.write(0, &format!(":\t{UNKNOWN} / {}\n", quantity(Some(avg)))),
                None => {
                    let tgt = target.and_then(|t| t.get("averageUtilization")).and_then(Value::as_i64).map_or("<auto>".to_string(), |u| format!("{u}%"));
                    w.write(1, &format!("(as a percentage of request):\t{UNKNOWN} / {tgt}\n"));
                }
            }
        }
        other => w.write(1, &format!("<unknown metric type {}>\n", crate::gofmt::quote(other))),
    }
}

/// `printDirectionBehavior`.
fn direction(w: &mut Writer, name: &str, rules: Option<&HpaScalingRules>) {
    let Some(r) = rules else { return };
    w.write(1, &format!("{name}:\n"));
    if let Some(s) = r.stabilization_window_seconds {
        w.write(2, &format!("Stabilization Window: {s} seconds\n"));
    }
    if !r.policies.is_empty() {
        w.write(2, &format!("Select Policy: {}\n", r.select_policy.as_deref().unwrap_or("Max")));
        w.write(2, "Policies:\n");
        for p in &r.policies {
            w.write(3, &format!("- Type: {}\tValue: {}\tPeriod: {} seconds\n", p.type_, p.value, p.period_seconds));
        }
    }
}

/// `describeHorizontalPodAutoscalerV2`.
pub fn describe_hpa(h: &HorizontalPodAutoscaler, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &h.metadata;
    let target = &h.spec.scale_target_ref;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("CreationTimestamp:\t{}\n", rfc1123z(m.creation_timestamp)));
    w.write(0, &format!("Reference:\t{}/{}\n", target.kind, target.name));
    w.write(0, "Metrics:\t( current / target )\n");
    for (i, spec) in h.spec.metrics.iter().enumerate() {
        let status = h.status.current_metrics.get(i);
        metric_line(&mut w, spec, status);
    }
    let min = h.spec.min_replicas.map_or("<unset>".to_string(), |m| m.to_string());
    w.write(0, &format!("Min replicas:\t{min}\n"));
    w.write(0, &format!("Max replicas:\t{}\n", h.spec.max_replicas));
    if let Some(b) = &h.spec.behavior {
        w.write(0, "Behavior:\n");
        direction(&mut w, "Scale Up", b.scale_up.as_ref());
        direction(&mut w, "Scale Down", b.scale_down.as_ref());
    }
    w.write(0, &format!("{} pods:\t", target.kind));
    w.write(0, &format!("{} current / {} desired\n", h.status.current_replicas, h.status.desired_replicas));
    if !h.status.conditions.is_empty() {
        w.write(0, "Conditions:\n");
        w.write(1, "Type\tStatus\tReason\tMessage\n");
        w.write(1, "----\t------\t------\t-------\n");
        for c in &h.status.conditions {
            w.write(1, &format!("{}\t{}\t{}\t{}\n", c.type_, c.status, c.reason.as_deref().unwrap_or(""), c.message.as_deref().unwrap_or("")));
        }
    }
    finish_with_events(w, events, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{MetricTarget, MetricValueStatus, ResourceMetricSource, ResourceMetricStatus};

    #[test]
    fn utilization_line_reads_like_kubectl() {
        let mut h = HorizontalPodAutoscaler::default();
        h.metadata.name = "php-apache".into();
        h.metadata.namespace = "default".into();
        h.metadata.creation_timestamp = Some(kubeplay_model::time::EPOCH);
        h.spec.scale_target_ref.kind = "Deployment".into();
        h.spec.scale_target_ref.name = "php-apache".into();
        h.spec.min_replicas = Some(1);
        h.spec.max_replicas = 10;
        h.spec.metrics.push(MetricSpec {
            type_: "Resource".into(),
            resource: Some(ResourceMetricSource { name: "cpu".into(), target: MetricTarget { type_: "Utilization".into(), average_utilization: Some(50), ..Default::default() } }),
            ..Default::default()
        });
        let unknown = describe_hpa(&h, None, kubeplay_model::time::EPOCH);
        assert!(unknown.contains("\nMetrics:                                               ( current / target )\n  resource cpu on pods  (as a percentage of request):  <unknown> / 50%\n"), "{unknown}");
        h.status.current_metrics.push(MetricStatus {
            type_: "Resource".into(),
            resource: Some(ResourceMetricStatus { name: "cpu".into(), current: MetricValueStatus { average_utilization: Some(0), average_value: Some(Quantity::parse("1m").unwrap()), value: None } }),
        });
        h.status.current_replicas = 1;
        h.status.desired_replicas = 1;
        let page = describe_hpa(&h, None, kubeplay_model::time::EPOCH);
        // As the Kubernetes HPA walkthrough shows it.
        assert!(page.contains("  resource cpu on pods  (as a percentage of request):  0% (1m) / 50%\nMin replicas:                                          1\nMax replicas:                                          10\nDeployment pods:                                       1 current / 1 desired\n"), "{page}");
    }
}
