//! Rows for the workload kinds: Deployment, ReplicaSet,
//! ReplicationController, StatefulSet, DaemonSet, Job, CronJob,
//! ControllerRevision, HorizontalPodAutoscaler, PodDisruptionBudget and
//! PodTemplate.

use crate::print::duration::{self, since};
use crate::print::format::{container_cells, label_selector, labels, selector_string};
use crate::print::table::{col, name_col, wide, Column};
use kubeplay_model::api::*;
use kubeplay_model::meta::find_condition;
use kubeplay_model::{Quantity, Time};
use serde_json::Value;

pub const DEPLOYMENT: &[Column] = &[name_col(), col("Ready"), col("Up-to-date"), col("Available"), col("Age"), wide("Containers"), wide("Images"), wide("Selector")];
pub const REPLICA_SET: &[Column] = &[name_col(), col("Desired"), col("Current"), col("Ready"), col("Age"), wide("Containers"), wide("Images"), wide("Selector")];
pub const STATEFUL_SET: &[Column] = &[name_col(), col("Ready"), col("Age"), wide("Containers"), wide("Images")];
pub const DAEMON_SET: &[Column] = &[
    name_col(),
    col("Desired"),
    col("Current"),
    col("Ready"),
    col("Up-to-date"),
    col("Available"),
    col("Node Selector"),
    col("Age"),
    wide("Containers"),
    wide("Images"),
    wide("Selector"),
];
pub const JOB: &[Column] = &[name_col(), col("Status"), col("Completions"), col("Duration"), col("Age"), wide("Containers"), wide("Images"), wide("Selector")];
pub const CRON_JOB: &[Column] = &[
    name_col(),
    col("Schedule"),
    col("Timezone"),
    col("Suspend"),
    col("Active"),
    col("Last Schedule"),
    col("Age"),
    wide("Containers"),
    wide("Images"),
    wide("Selector"),
];
pub const CONTROLLER_REVISION: &[Column] = &[name_col(), col("Controller"), col("Revision"), col("Age")];
pub const HPA: &[Column] = &[name_col(), col("Reference"), col("Targets"), col("MinPods"), col("MaxPods"), col("Replicas"), col("Age")];
pub const PDB: &[Column] = &[name_col(), col("Min Available"), col("Max Unavailable"), col("Allowed Disruptions"), col("Age")];

/// `printPodTemplate`: no age, the template's pods' labels.
pub const POD_TEMPLATE: &[Column] = &[name_col(), col("Containers"), col("Images"), col("Pod Labels")];

pub fn pod_template(t: &PodTemplate) -> Vec<String> {
    let (names, images) = container_cells(&t.template.spec.containers);
    vec![t.metadata.name.clone(), names, images, labels(&t.template.metadata.labels)]
}

pub fn deployment(d: &Deployment, now: Time) -> Vec<String> {
    let s = &d.status;
    let (names, images) = container_cells(&d.spec.template.spec.containers);
    vec![
        d.metadata.name.clone(),
        format!("{}/{}", s.ready_replicas.unwrap_or(0), d.spec.replicas.unwrap_or(1)),
        s.updated_replicas.unwrap_or(0).to_string(),
        s.available_replicas.unwrap_or(0).to_string(),
        since(now, d.metadata.creation_timestamp),
        names,
        images,
        selector_string(d.spec.selector.as_ref()).unwrap_or_else(|| "<invalid>".into()),
    ]
}

pub fn replica_set(r: &ReplicaSet, now: Time) -> Vec<String> {
    let (names, images) = container_cells(&r.spec.template.spec.containers);
    vec![
        r.metadata.name.clone(),
        r.spec.replicas.unwrap_or(1).to_string(),
        r.status.replicas.to_string(),
        r.status.ready_replicas.unwrap_or(0).to_string(),
        since(now, r.metadata.creation_timestamp),
        names,
        images,
        label_selector(r.spec.selector.as_ref()),
    ]
}

pub fn replication_controller(r: &ReplicationController, now: Time) -> Vec<String> {
    let containers = r.spec.template.as_ref().map(|t| t.spec.containers.as_slice()).unwrap_or(&[]);
    let (names, images) = container_cells(containers);
    vec![
        r.metadata.name.clone(),
        r.spec.replicas.unwrap_or(1).to_string(),
        r.status.replicas.to_string(),
        r.status.ready_replicas.unwrap_or(0).to_string(),
        since(now, r.metadata.creation_timestamp),
        names,
        images,
        labels(&r.spec.selector),
    ]
}

pub fn stateful_set(s: &StatefulSet, now: Time) -> Vec<String> {
    let (names, images) = container_cells(&s.spec.template.spec.containers);
    vec![
        s.metadata.name.clone(),
        format!("{}/{}", s.status.ready_replicas.unwrap_or(0), s.spec.replicas.unwrap_or(1)),
        since(now, s.metadata.creation_timestamp),
        names,
        images,
    ]
}

pub fn daemon_set(d: &DaemonSet, now: Time) -> Vec<String> {
    let s = &d.status;
    let (names, images) = container_cells(&d.spec.template.spec.containers);
    vec![
        d.metadata.name.clone(),
        s.desired_number_scheduled.to_string(),
        s.current_number_scheduled.to_string(),
        s.number_ready.to_string(),
        s.updated_number_scheduled.unwrap_or(0).to_string(),
        s.number_available.unwrap_or(0).to_string(),
        labels(&d.spec.template.spec.node_selector),
        since(now, d.metadata.creation_timestamp),
        names,
        images,
        label_selector(d.spec.selector.as_ref()),
    ]
}

fn job_condition(conds: &[kubeplay_model::Condition], type_: &str) -> bool {
    find_condition(conds, type_).is_some_and(|c| c.is_true())
}

pub fn job(j: &Job, now: Time) -> Vec<String> {
    let s = &j.status;
    let succeeded = s.succeeded.unwrap_or(0);
    let completions = match j.spec.completions {
        Some(c) => format!("{succeeded}/{c}"),
        None if j.spec.parallelism.unwrap_or(0) > 1 => format!("{succeeded}/1 of {}", j.spec.parallelism.unwrap_or(0)),
        None => format!("{succeeded}/1"),
    };
    let dur = match (s.start_time, s.completion_time) {
        (None, _) => String::new(),
        (Some(st), None) => duration::human(now.millis() - st.millis()),
        (Some(st), Some(ct)) => duration::human(ct.millis() - st.millis()),
    };
    let status = if job_condition(&s.conditions, "Complete") {
        "Complete"
    } else if job_condition(&s.conditions, "Failed") {
        "Failed"
    } else if j.metadata.deletion_timestamp.is_some() {
        "Terminating"
    } else if job_condition(&s.conditions, "Suspended") {
        "Suspended"
    } else if job_condition(&s.conditions, "FailureTarget") {
        "FailureTarget"
    } else {
        "Running"
    };
    let (names, images) = container_cells(&j.spec.template.spec.containers);
    vec![j.metadata.name.clone(), status.into(), completions, dur, since(now, j.metadata.creation_timestamp), names, images, label_selector(j.spec.selector.as_ref())]
}

pub fn cron_job(c: &CronJob, now: Time) -> Vec<String> {
    let last = match c.status.last_schedule_time {
        Some(t) => since(now, Some(t)),
        None => "<none>".into(),
    };
    let suspend = match c.spec.suspend {
        Some(true) => "True",
        Some(false) => "False",
        None => "<unset>",
    };
    let tmpl = &c.spec.job_template.spec;
    let (names, images) = container_cells(&tmpl.template.spec.containers);
    vec![
        c.metadata.name.clone(),
        c.spec.schedule.clone(),
        c.spec.time_zone.clone().unwrap_or_else(|| "<none>".into()),
        suspend.into(),
        c.status.active.len().to_string(),
        last,
        since(now, c.metadata.creation_timestamp),
        names,
        images,
        label_selector(tmpl.selector.as_ref()),
    ]
}

pub fn controller_revision(r: &ControllerRevision, now: Time) -> Vec<String> {
    let controller = match r.metadata.controller_ref() {
        None => "<none>".to_string(),
        Some(o) => {
            let group = o.api_version.split_once('/').map(|(g, _)| g).unwrap_or("");
            let kind = if group.is_empty() { o.kind.to_string() } else { format!("{}.{group}", o.kind) };
            format!("{}/{}", kind.to_lowercase(), o.name)
        }
    };
    vec![r.metadata.name.clone(), controller, r.revision.to_string(), since(now, r.metadata.creation_timestamp)]
}

/// A quantity from an opaque JSON field, canonicalized as the server would.
fn json_quantity(v: Option<&Value>) -> Option<String> {
    let v = v?;
    let raw = match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    Some(Quantity::parse(&raw).map(|q| q.to_string()).unwrap_or(raw))
}

/// `formatHPAMetrics`: at most two targets, then ` + N more...`.
pub fn hpa_targets(h: &HorizontalPodAutoscaler) -> String {
    let specs = &h.spec.metrics;
    if specs.is_empty() {
        return "<none>".into();
    }
    let statuses = &h.status.current_metrics;
    let unknown = || "<unknown>".to_string();
    let mut list: Vec<String> = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let status = statuses.get(i);
        let opaque = |v: &Option<Value>| v.as_ref().and_then(|x| x.get("target")).cloned();
        let item = match spec.type_.as_str() {
            "External" | "Object" => {
                let target = opaque(if spec.type_ == "External" { &spec.external } else { &spec.object });
                match json_quantity(target.as_ref().and_then(|t| t.get("averageValue"))) {
                    Some(avg) => format!("{}/{avg} (avg)", unknown()),
                    None => format!("{}/{}", unknown(), json_quantity(target.as_ref().and_then(|t| t.get("value"))).unwrap_or_default()),
                }
            }
            "Pods" => format!("{}/{}", unknown(), json_quantity(opaque(&spec.pods).as_ref().and_then(|t| t.get("averageValue"))).unwrap_or_default()),
            "Resource" => match &spec.resource {
                None => "<unknown type>".into(),
                Some(r) => {
                    let current = status.and_then(|s| s.resource.as_ref()).map(|s| &s.current);
                    match &r.target.average_value {
                        Some(avg) => format!("{}: {}/{avg}", r.name, current.and_then(|c| c.average_value.as_ref()).map(|q| q.to_string()).unwrap_or_else(unknown)),
                        None => {
                            let cur = current.and_then(|c| c.average_utilization).map(|u| format!("{u}%")).unwrap_or_else(unknown);
                            let target = r.target.average_utilization.map(|u| format!("{u}%")).unwrap_or_else(|| "<auto>".into());
                            format!("{}: {cur}/{target}", r.name)
                        }
                    }
                }
            },
            "ContainerResource" => {
                let cr = spec.container_resource.as_ref();
                let name = cr.and_then(|c| c.get("name")).and_then(|n| n.as_str()).unwrap_or("");
                let target = cr.and_then(|c| c.get("target"));
                match json_quantity(target.and_then(|t| t.get("averageValue"))) {
                    Some(avg) => format!("{name}: {}/{avg}", unknown()),
                    None => {
                        let t = target.and_then(|t| t.get("averageUtilization")).and_then(|u| u.as_i64()).map(|u| format!("{u}%")).unwrap_or_else(|| "<auto>".into());
                        format!("{name}: {}/{t}", unknown())
                    }
                }
            }
            _ => "<unknown type>".into(),
        };
        list.push(item);
    }
    let count = list.len();
    if count > 2 {
        list.truncate(2);
        return format!("{} + {} more...", list.join(", "), count - 2);
    }
    list.join(", ")
}

pub fn hpa(h: &HorizontalPodAutoscaler, now: Time) -> Vec<String> {
    vec![
        h.metadata.name.clone(),
        format!("{}/{}", h.spec.scale_target_ref.kind, h.spec.scale_target_ref.name),
        hpa_targets(h),
        h.spec.min_replicas.map(|m| m.to_string()).unwrap_or_else(|| "<unset>".into()),
        h.spec.max_replicas.to_string(),
        h.status.current_replicas.to_string(),
        since(now, h.metadata.creation_timestamp),
    ]
}

pub fn pdb(p: &PodDisruptionBudget, now: Time) -> Vec<String> {
    vec![
        p.metadata.name.clone(),
        p.spec.min_available.as_ref().map(|v| v.to_string()).unwrap_or_else(|| "N/A".into()),
        p.spec.max_unavailable.as_ref().map(|v| v.to_string()).unwrap_or_else(|| "N/A".into()),
        p.status.disruptions_allowed.to_string(),
        since(now, p.metadata.creation_timestamp),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::{Condition, LabelSelector};
    use serde_json::json;

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn selector_foo_bar() -> Option<LabelSelector> {
        let mut s = LabelSelector::default();
        s.match_labels.insert("foo".into(), "bar".into());
        Some(s)
    }

    fn two_containers() -> Vec<Container> {
        vec![
            Container { name: "fake-container1".into(), image: Some("fake-image1".into()), ..Default::default() },
            Container { name: "fake-container2".into(), image: Some("fake-image2".into()), ..Default::default() },
        ]
    }

    // TestPrintDeployment.
    #[test]
    fn deployment_row() {
        let mut d = Deployment::default();
        d.metadata.name = "test1".into();
        d.metadata.creation_timestamp = Some(NOW);
        d.spec.replicas = Some(5);
        d.spec.selector = selector_foo_bar();
        d.spec.template.spec.containers = two_containers().into();
        d.status = DeploymentStatus { replicas: Some(10), updated_replicas: Some(2), available_replicas: Some(1), unavailable_replicas: Some(4), ..Default::default() };
        assert_eq!(deployment(&d, NOW), ["test1", "0/5", "2", "1", "0s", "fake-container1,fake-container2", "fake-image1,fake-image2", "foo=bar"]);
    }

    // TestPrintDaemonSet / TestPrintReplicaSet / TestPrintStatefulSet.
    #[test]
    fn daemon_replica_stateful_rows() {
        let mut ds = DaemonSet::default();
        ds.metadata.name = "test1".into();
        ds.metadata.creation_timestamp = Some(NOW);
        ds.spec.selector = selector_foo_bar();
        ds.spec.template.spec.containers = two_containers().into();
        ds.status = DaemonSetStatus { current_number_scheduled: 2, desired_number_scheduled: 3, number_ready: 1, updated_number_scheduled: Some(2), number_available: Some(0), ..Default::default() };
        assert_eq!(daemon_set(&ds, NOW), ["test1", "3", "2", "1", "2", "0", "<none>", "0s", "fake-container1,fake-container2", "fake-image1,fake-image2", "foo=bar"]);

        let mut rs = ReplicaSet::default();
        rs.metadata.name = "test1".into();
        rs.metadata.creation_timestamp = Some(NOW);
        rs.spec.replicas = Some(5);
        rs.status = ReplicaSetStatus { replicas: 5, ready_replicas: Some(2), ..Default::default() };
        assert_eq!(replica_set(&rs, NOW)[..5], ["test1", "5", "5", "2", "0s"]);

        let mut sts = StatefulSet::default();
        sts.metadata.name = "test1".into();
        sts.metadata.creation_timestamp = Some(NOW);
        sts.spec.replicas = Some(5);
        sts.status.ready_replicas = Some(2);
        assert_eq!(stateful_set(&sts, NOW)[..3], ["test1", "2/5", "0s"]);
    }

    // TestPrintJob (STATUS column as in v1.30+ printers).
    #[test]
    fn job_rows() {
        let ten_years = 10 * 365 * 86_400;
        let mut j1 = Job::default();
        j1.metadata.name = "job1".into();
        j1.metadata.creation_timestamp = Some(NOW);
        j1.spec.completions = Some(2);
        j1.status.succeeded = Some(1);
        assert_eq!(job(&j1, NOW)[..5], ["job1", "Running", "1/2", "", "0s"]);

        let mut j2 = Job::default();
        j2.metadata.name = "job2".into();
        j2.metadata.creation_timestamp = Some(NOW.plus_secs(-ten_years));
        assert_eq!(job(&j2, NOW)[..5], ["job2", "Running", "0/1", "", "10y"]);

        let mut j3 = j2.clone();
        j3.metadata.name = "job3".into();
        j3.status.start_time = Some(NOW.plus_secs(60));
        j3.status.completion_time = Some(NOW.plus_secs(31 * 60));
        j3.status.conditions.push(Condition { type_: "Complete".into(), status: "True".into(), ..Default::default() });
        assert_eq!(job(&j3, NOW)[..5], ["job3", "Complete", "0/1", "30m", "10y"]);

        let mut j4 = j2.clone();
        j4.metadata.name = "job4".into();
        j4.status.start_time = Some(NOW.plus_secs(-20 * 60));
        assert_eq!(job(&j4, NOW)[..5], ["job4", "Running", "0/1", "20m", "10y"]);

        let mut par = j2.clone();
        par.spec.parallelism = Some(3);
        assert_eq!(job(&par, NOW)[2], "0/1 of 3");
    }

    // TestPrintCronJob.
    #[test]
    fn cron_job_rows() {
        let mut c = CronJob::default();
        c.metadata.name = "cronjob1".into();
        c.metadata.creation_timestamp = Some(NOW);
        c.spec.schedule = "0/5 * * * ?".into();
        c.spec.suspend = Some(false);
        c.status.last_schedule_time = Some(NOW);
        assert_eq!(cron_job(&c, NOW)[..7], ["cronjob1", "0/5 * * * ?", "<none>", "False", "0", "0s", "0s"]);
        c.metadata.creation_timestamp = Some(NOW.plus_secs(-300));
        c.status.last_schedule_time = Some(NOW.plus_secs(-30));
        assert_eq!(cron_job(&c, NOW)[5..7], ["30s", "5m"]);
        c.status.last_schedule_time = None;
        c.spec.time_zone = Some("Europe/Paris".into());
        assert_eq!(cron_job(&c, NOW)[2..7], ["Europe/Paris", "False", "0", "<none>", "5m"]);
    }

    // TestPrintHPA, with the v1.30+ resource-name prefix on Resource metrics.
    #[test]
    fn hpa_rows() {
        let mut h = HorizontalPodAutoscaler::default();
        h.metadata.name = "some-hpa".into();
        h.spec.scale_target_ref = CrossVersionObjectReference { kind: "ReplicationController".into(), name: "some-rc".into(), api_version: String::new() };
        h.spec.max_replicas = 10;
        h.status.current_replicas = 4;
        assert_eq!(hpa(&h, NOW), ["some-hpa", "ReplicationController/some-rc", "<none>", "<unset>", "10", "4", "<unknown>"]);

        let util = |target: i32| MetricSpec {
            type_: "Resource".into(),
            resource: Some(ResourceMetricSource { name: "cpu".into(), target: MetricTarget { type_: "Utilization".into(), average_utilization: Some(target), ..Default::default() } }),
            ..Default::default()
        };
        h.spec.metrics = vec![util(80)];
        assert_eq!(hpa_targets(&h), "cpu: <unknown>/80%");
        h.status.current_metrics = vec![MetricStatus {
            type_: "Resource".into(),
            resource: Some(ResourceMetricStatus { name: "cpu".into(), current: MetricValueStatus { average_utilization: Some(50), average_value: Some(Quantity::parse("10m").unwrap()), ..Default::default() } }),
        }];
        assert_eq!(hpa_targets(&h), "cpu: 50%/80%");
        let external = MetricSpec { type_: "External".into(), external: Some(json!({"metric": {"name": "q"}, "target": {"type": "AverageValue", "averageValue": "100m"}})), ..Default::default() };
        let pods = MetricSpec { type_: "Pods".into(), pods: Some(json!({"metric": {"name": "p"}, "target": {"type": "AverageValue", "averageValue": "100m"}})), ..Default::default() };
        h.spec.metrics = vec![external.clone()];
        h.status.current_metrics.clear();
        assert_eq!(hpa_targets(&h), "<unknown>/100m (avg)");
        h.spec.metrics = vec![pods.clone()];
        assert_eq!(hpa_targets(&h), "<unknown>/100m");
        h.spec.metrics = vec![util(80), external, pods];
        assert_eq!(hpa_targets(&h), "cpu: <unknown>/80%, <unknown>/100m (avg) + 1 more...");
        let mut auto = util(80);
        if let Some(r) = auto.resource.as_mut() {
            r.target.average_utilization = None;
        }
        h.spec.metrics = vec![auto];
        assert_eq!(hpa_targets(&h), "cpu: <unknown>/<auto>");
    }

    #[test]
    fn pdb_and_revision_rows() {
        let mut p = PodDisruptionBudget::default();
        p.metadata.name = "pdb1".into();
        p.spec.min_available = Some(kubeplay_model::IntOrString::Int(22));
        p.status.disruptions_allowed = 5;
        assert_eq!(pdb(&p, NOW), ["pdb1", "22", "N/A", "5", "<unknown>"]);
        let mut r = ControllerRevision::default();
        r.metadata.name = "web-7d9f".into();
        r.revision = 2;
        r.metadata.owner_references.push(kubeplay_model::OwnerReference { api_version: "apps/v1".into(), kind: "DaemonSet".into(), name: "web".into(), controller: Some(true), ..Default::default() });
        assert_eq!(controller_revision(&r, NOW), ["web-7d9f", "daemonset.apps/web", "2", "<unknown>"]);
    }
}

#[cfg(test)]
mod upstream_tables {
    //! Cases of upstream's TestPrintReplicationController, TestPrintReplicaSet(List),
    //! TestPrintStatefulSet, TestPrintDaemonSetList, TestPrintJob(List),
    //! TestPrintCronJob(List), TestPrintHPA, TestPrintPodDisruptionBudget and
    //! TestPrintControllerRevision (pkg/printers/internalversion) that the
    //! first test module does not already cover, with their cells.
    use super::*;
    use kubeplay_model::{Condition, IntOrString, LabelSelector, OwnerReference};
    use serde_json::json;

    const NOW: Time = kubeplay_model::time::EPOCH;

    /// `time.Now().Add(1.9e9)`: 1.9s in the future, which prints "0s".
    fn soon() -> Option<Time> {
        Some(Time::from_millis(NOW.millis() + 1900))
    }

    fn selector(k: &str, v: &str) -> Option<LabelSelector> {
        let mut s = LabelSelector::default();
        s.match_labels.insert(k.into(), v.into());
        Some(s)
    }

    fn containers(prefix: &str) -> Vec<Container> {
        (1..=2).map(|i| Container { name: format!("fake-{prefix}container{i}").into(), image: Some(format!("fake-{prefix}image{i}").into()), ..Default::default() }).collect()
    }

    #[test]
    fn replication_controllers() {
        let mut rc = ReplicationController::default();
        rc.metadata.name = "rc1".into();
        rc.spec.replicas = Some(0);
        rc.spec.selector.insert("a".into(), "b".into());
        let mut t = PodTemplateSpec::default();
        t.spec.containers = vec![Container { name: "test".into(), image: Some("test_image".into()), ..Default::default() }].into();
        rc.spec.template = Some(t);
        assert_eq!(replication_controller(&rc, NOW)[..5], ["rc1", "0", "0", "0", "<unknown>"]);
        rc.spec.replicas = Some(5);
        rc.status.replicas = 3;
        rc.status.ready_replicas = Some(1);
        assert_eq!(replication_controller(&rc, NOW), ["rc1", "5", "3", "1", "<unknown>", "test", "test_image", "a=b"]);

        let mut empty = ReplicationController::default();
        empty.spec.replicas = Some(0);
        assert_eq!(replication_controller(&empty, NOW), ["", "0", "0", "0", "<unknown>", "", "", "<none>"]);
    }

    #[test]
    fn replica_sets_stateful_sets_daemon_sets() {
        let mut rs = ReplicaSet::default();
        rs.metadata.name = "test1".into();
        rs.metadata.creation_timestamp = soon();
        rs.spec.replicas = Some(5);
        rs.spec.template.spec.containers = containers("").into();
        rs.spec.selector = selector("foo", "bar");
        rs.status = ReplicaSetStatus { replicas: 5, ready_replicas: Some(2), ..Default::default() };
        assert_eq!(replica_set(&rs, NOW), ["test1", "5", "5", "2", "0s", "fake-container1,fake-container2", "fake-image1,fake-image2", "foo=bar"]);

        let mut rs2 = ReplicaSet::default();
        rs2.metadata.name = "replicaset2".into();
        rs2.metadata.creation_timestamp = soon();
        rs2.spec.replicas = Some(4);
        rs2.status = ReplicaSetStatus { replicas: 3, ready_replicas: Some(1), ..Default::default() };
        assert_eq!(replica_set(&rs2, NOW)[..5], ["replicaset2", "4", "3", "1", "0s"]);

        let mut sts = StatefulSet::default();
        sts.metadata.name = "test1".into();
        sts.metadata.creation_timestamp = soon();
        sts.spec.replicas = Some(5);
        sts.spec.template.spec.containers = containers("").into();
        sts.status.ready_replicas = Some(2);
        assert_eq!(stateful_set(&sts, NOW), ["test1", "2/5", "0s", "fake-container1,fake-container2", "fake-image1,fake-image2"]);

        let mut ds = DaemonSet::default();
        ds.metadata.name = "daemonset2".into();
        ds.metadata.creation_timestamp = soon();
        ds.spec.selector = selector("foo", "bar");
        ds.status = DaemonSetStatus { current_number_scheduled: 4, desired_number_scheduled: 2, number_ready: 9, updated_number_scheduled: Some(3), number_available: Some(3), ..Default::default() };
        assert_eq!(daemon_set(&ds, NOW)[..8], ["daemonset2", "2", "4", "9", "3", "3", "<none>", "0s"]);
    }

    // TestPrintJob and TestPrintJobList.
    #[test]
    fn jobs() {
        let mut j1 = Job::default();
        j1.metadata.name = "job1".into();
        j1.metadata.creation_timestamp = soon();
        j1.spec.completions = Some(2);
        j1.spec.template.spec.containers = containers("job-").into();
        j1.spec.selector = selector("job-label", "job-label-value");
        j1.status.succeeded = Some(1);
        assert_eq!(
            job(&j1, NOW),
            ["job1", "Running", "1/2", "", "0s", "fake-job-container1,fake-job-container2", "fake-job-image1,fake-job-image2", "job-label=job-label-value"]
        );

        // Started and completed, but no Complete condition: still "Running".
        let mut j3 = Job::default();
        j3.metadata.name = "job3".into();
        j3.metadata.creation_timestamp = Some(NOW.plus_secs(-10 * 365 * 86_400));
        j3.status.start_time = Some(NOW.plus_secs(60));
        j3.status.completion_time = Some(NOW.plus_secs(31 * 60));
        assert_eq!(job(&j3, NOW)[..5], ["job3", "Running", "0/1", "30m", "10y"]);

        let with_condition = |name: &str, type_: &str| {
            let mut j = Job::default();
            j.metadata.name = name.into();
            j.metadata.creation_timestamp = soon();
            j.status.conditions.push(Condition { type_: type_.into(), status: "True".into(), ..Default::default() });
            j
        };
        for (name, type_, want) in [("job5", "Complete", "Complete"), ("job6", "Failed", "Failed"), ("job7", "Suspended", "Suspended"), ("job8", "FailureTarget", "FailureTarget")] {
            assert_eq!(job(&with_condition(name, type_), NOW)[..5], [name, want, "0/1", "", "0s"]);
        }
        let mut j9 = Job::default();
        j9.metadata.name = "job9".into();
        j9.metadata.creation_timestamp = soon();
        j9.metadata.deletion_timestamp = soon();
        assert_eq!(job(&j9, NOW)[..5], ["job9", "Terminating", "0/1", "", "0s"]);

        let mut j2 = Job::default();
        j2.metadata.name = "job2".into();
        j2.metadata.creation_timestamp = soon();
        j2.spec.completions = Some(2);
        j2.status.succeeded = Some(2);
        j2.status.start_time = Some(NOW.plus_secs(-20 * 60));
        assert_eq!(job(&j2, NOW)[..5], ["job2", "Running", "2/2", "20m", "0s"]);
    }

    // TestPrintCronJob and TestPrintCronJobList.
    #[test]
    fn cron_jobs() {
        let mut c = CronJob::default();
        c.metadata.name = "cronjob1".into();
        c.metadata.creation_timestamp = soon();
        c.spec.schedule = "0/5 * * * ?".into();
        c.spec.suspend = Some(false);
        c.spec.job_template.spec.completions = Some(2);
        c.spec.job_template.spec.template.spec.containers = containers("job-").into();
        c.spec.job_template.spec.selector = selector("a", "b");
        c.status.last_schedule_time = soon();
        assert_eq!(
            cron_job(&c, NOW),
            ["cronjob1", "0/5 * * * ?", "<none>", "False", "0", "0s", "0s", "fake-job-container1,fake-job-container2", "fake-job-image1,fake-job-image2", "a=b"]
        );
        c.spec.time_zone = Some("LOCAL".into());
        assert_eq!(cron_job(&c, NOW)[..7], ["cronjob1", "0/5 * * * ?", "LOCAL", "False", "0", "0s", "0s"]);

        let mut c2 = CronJob::default();
        c2.metadata.name = "cronjob2".into();
        c2.metadata.creation_timestamp = soon();
        c2.spec.schedule = "4/5 1 1 1 ?".into();
        c2.spec.suspend = Some(false);
        c2.status.last_schedule_time = Some(NOW.plus_secs(-20 * 60));
        assert_eq!(cron_job(&c2, NOW)[..7], ["cronjob2", "4/5 1 1 1 ?", "<none>", "False", "0", "20m", "0s"]);
    }

    // TestPrintHPA. Skipped: the cases with a current value for External,
    // Pods, Object and ContainerResource metrics (MetricStatus models only
    // Resource), and "multiple specs" (its first current is a Pods value).
    #[test]
    fn hpa_targets_per_metric_type() {
        let base = || {
            let mut h = HorizontalPodAutoscaler::default();
            h.metadata.name = "some-hpa".into();
            h.spec.scale_target_ref = CrossVersionObjectReference { kind: "ReplicationController".into(), name: "some-rc".into(), api_version: String::new() };
            h.spec.min_replicas = Some(2);
            h.spec.max_replicas = 10;
            h.status.current_replicas = 4;
            h.status.desired_replicas = 5;
            h
        };
        let row = |spec: MetricSpec, status: Option<MetricStatus>| {
            let mut h = base();
            h.spec.metrics = vec![spec];
            h.status.current_metrics = status.into_iter().collect();
            hpa(&h, NOW)
        };
        let want = |targets: &str| vec!["some-hpa".to_string(), "ReplicationController/some-rc".into(), targets.into(), "2".into(), "10".into(), "4".into(), "<unknown>".into()];
        let opaque = |type_: &str, v: serde_json::Value| {
            let mut m = MetricSpec { type_: type_.into(), ..Default::default() };
            match type_ {
                "External" => m.external = Some(v),
                "Pods" => m.pods = Some(v),
                "Object" => m.object = Some(v),
                _ => m.container_resource = Some(v),
            }
            m
        };
        let ext_avg = json!({"metric": {"name": "some-external-metric", "selector": {"matchLabels": {"label": "value"}}}, "target": {"type": "AverageValue", "averageValue": "100m"}});
        assert_eq!(row(opaque("External", ext_avg), None), want("<unknown>/100m (avg)"));
        let ext_val = json!({"metric": {"name": "some-service-metric"}, "target": {"type": "Value", "value": "100m"}});
        assert_eq!(row(opaque("External", ext_val), None), want("<unknown>/100m"));
        let pods = json!({"metric": {"name": "some-pods-metric"}, "target": {"type": "AverageValue", "averageValue": "100m"}});
        assert_eq!(row(opaque("Pods", pods), None), want("<unknown>/100m"));
        let object = json!({"describedObject": {"kind": "Service", "name": "some-service"}, "metric": {"name": "some-service-metric"}, "target": {"type": "Value", "value": "100m"}});
        assert_eq!(row(opaque("Object", object), None), want("<unknown>/100m"));

        let resource = |target: MetricTarget| MetricSpec { type_: "Resource".into(), resource: Some(ResourceMetricSource { name: "cpu".into(), target }), ..Default::default() };
        let current = |c: MetricValueStatus| MetricStatus { type_: "Resource".into(), resource: Some(ResourceMetricStatus { name: "cpu".into(), current: c }) };
        let avg = MetricTarget { type_: "AverageValue".into(), average_value: Some(Quantity::parse("100m").unwrap()), ..Default::default() };
        assert_eq!(row(resource(avg.clone()), None), want("cpu: <unknown>/100m"));
        let fifty = MetricValueStatus { average_value: Some(Quantity::parse("50m").unwrap()), ..Default::default() };
        assert_eq!(row(resource(avg), Some(current(fifty))), want("cpu: 50m/100m"));
        let util = MetricTarget { type_: "Utilization".into(), average_utilization: Some(80), ..Default::default() };
        assert_eq!(row(resource(util.clone()), None), want("cpu: <unknown>/80%"));
        let measured = MetricValueStatus { average_utilization: Some(50), average_value: Some(Quantity::parse("40m").unwrap()), ..Default::default() };
        assert_eq!(row(resource(util), Some(current(measured))), want("cpu: 50%/80%"));

        let cr_avg = json!({"name": "cpu", "container": "application", "target": {"type": "AverageValue", "averageValue": "100m"}});
        assert_eq!(row(opaque("ContainerResource", cr_avg), None), want("cpu: <unknown>/100m"));
        let cr_util = json!({"name": "cpu", "container": "application", "target": {"type": "Utilization", "averageUtilization": 80}});
        assert_eq!(row(opaque("ContainerResource", cr_util), None), want("cpu: <unknown>/80%"));
    }

    #[test]
    fn pdbs_and_controller_revisions() {
        let mut p = PodDisruptionBudget::default();
        p.metadata.name = "pdb2".into();
        p.metadata.creation_timestamp = soon();
        p.spec.max_unavailable = Some(IntOrString::Int(11));
        p.status.disruptions_allowed = 5;
        assert_eq!(pdb(&p, NOW), ["pdb2", "N/A", "11", "5", "0s"]);

        let revision = |name: &str, n: i64, owners: Vec<OwnerReference>| {
            let mut r = ControllerRevision::default();
            r.metadata.name = name.into();
            r.metadata.creation_timestamp = soon();
            r.metadata.owner_references = owners.into();
            r.revision = n;
            controller_revision(&r, NOW)
        };
        let ds = OwnerReference { api_version: "apps/v1".into(), kind: "DaemonSet".into(), name: "foo".into(), controller: Some(true), ..Default::default() };
        assert_eq!(revision("test1", 1, vec![ds]), ["test1", "daemonset.apps/foo", "1", "0s"]);
        let not_controller = OwnerReference { kind: "ABC".into(), name: "foo".into(), controller: Some(false), ..Default::default() };
        assert_eq!(revision("test2", 2, vec![not_controller]), ["test2", "<none>", "2", "0s"]);
        assert_eq!(revision("test3", 3, vec![]), ["test3", "<none>", "3", "0s"]);
    }
}
