//! `kubectl describe hpa` (autoscaling/v2): target, metrics as
//! `( current / target )`, bounds, behaviour, replica counts, conditions.

use super::{annotations_multiline, finish_with_events, labels_multiline, Writer};
use crate::print::duration::rfc1123z;
use kubeplay_model::api::{Event, HorizontalPodAutoscaler, HpaScalingRules};
use kubeplay_model::Time;

/// Whether this page can show every metric of `h` (Resource metrics; the
/// other kinds get the generic page).
pub fn supported(h: &HorizontalPodAutoscaler) -> bool {
    h.spec.metrics.iter().all(|m| m.type_ == "Resource" && m.resource.is_some())
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

/// `describeHorizontalPodAutoscalerV2`, for Resource metrics.
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
        let Some(r) = &spec.resource else { continue };
        let current = h.status.current_metrics.get(i).and_then(|c| c.resource.as_ref()).map(|c| &c.current);
        w.write(1, &format!("resource {} on pods", r.name));
        if let Some(avg) = &r.target.average_value {
            let cur = current.and_then(|c| c.average_value.as_ref()).map_or("<unknown>".to_string(), |q| q.to_string());
            w.write(0, &format!(":\t{cur} / {avg}\n"));
        } else {
            let cur = match current {
                Some(c) if c.average_utilization.is_some() => {
                    format!("{}% ({})", c.average_utilization.unwrap_or(0), c.average_value.as_ref().map(|q| q.to_string()).unwrap_or_else(|| "0".into()))
                }
                _ => "<unknown>".to_string(),
            };
            let tgt = r.target.average_utilization.map_or("<auto>".to_string(), |u| format!("{u}%"));
            w.write(1, &format!("(as a percentage of request):\t{cur} / {tgt}\n"));
        }
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
    use kubeplay_model::api::{MetricSpec, MetricStatus, MetricTarget, MetricValueStatus, ResourceMetricSource, ResourceMetricStatus};
    use kubeplay_model::Quantity;

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
