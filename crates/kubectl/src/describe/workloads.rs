//! `kubectl describe deployment`, `replicaset`, `replicationcontroller`,
//! `statefulset` and `daemonset`.

use super::{annotations_multiline, controlled_by, describe_events, finish_with_events, describe_pod_template, labels_multiline, Writer};
use crate::print::duration::rfc1123z;
use crate::print::format::{label_selector, selector_string};
use kubeplay_model::api::{DaemonSet, Deployment, Event, PersistentVolumeClaim, Pod, PodTemplateSpec, ReplicaSet, ReplicaSetSpec, ReplicationController, StatefulSet};
use kubeplay_model::Time;

/// `printReplicaSetsByLabels`: `name (current/desired replicas created)`, comma-joined.
fn replica_sets_text(rss: &[&ReplicaSet]) -> String {
    if rss.is_empty() {
        return "<none>".into();
    }
    rss.iter().map(|rs| format!("{} ({}/{} replicas created)", rs.metadata.name, rs.status.replicas, rs.spec.replicas.unwrap_or(1))).collect::<Vec<_>>().join(", ")
}

/// `describeDeployment`. `old`/`new` are the deployment's old and current
/// ReplicaSets (as `deploymentutil.GetAllReplicaSets` finds them).
pub fn describe_deployment(d: &Deployment, old: &[&ReplicaSet], new: Option<&ReplicaSet>, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &d.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    w.write(0, &format!("CreationTimestamp:\t{}\n", rfc1123z(m.creation_timestamp)));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("Selector:\t{}\n", selector_string(d.spec.selector.as_ref()).unwrap_or_default()));
    let s = &d.status;
    w.write(
        0,
        &format!(
            "Replicas:\t{} desired | {} updated | {} total | {} available | {} unavailable\n",
            d.spec.replicas.unwrap_or(1),
            s.updated_replicas.unwrap_or(0),
            s.replicas.unwrap_or(0),
            s.available_replicas.unwrap_or(0),
            s.unavailable_replicas.unwrap_or(0)
        ),
    );
    let strategy = d.spec.strategy.clone().unwrap_or_default();
    w.write(0, &format!("StrategyType:\t{}\n", strategy.type_.as_deref().unwrap_or("")));
    w.write(0, &format!("MinReadySeconds:\t{}\n", d.spec.min_ready_seconds.unwrap_or(0)));
    if let Some(ru) = &strategy.rolling_update {
        let f = |v: &Option<kubeplay_model::IntOrString>| v.as_ref().map(|x| x.to_string()).unwrap_or_else(|| "0".into());
        w.write(0, &format!("RollingUpdateStrategy:\t{} max unavailable, {} max surge\n", f(&ru.max_unavailable), f(&ru.max_surge)));
    }
    describe_pod_template(&mut w, &d.spec.template);
    if !s.conditions.is_empty() {
        w.write(0, "Conditions:\n  Type\tStatus\tReason\n");
        w.write(1, "----\t------\t------\n");
        for c in &s.conditions {
            w.write(1, &format!("{} \t{}\t{}\n", c.type_, c.status, c.reason.as_deref().unwrap_or("")));
        }
    }
    // Every old ReplicaSet is listed, scaled to zero or not (describe takes
    // GetAllReplicaSets' full old list); neither line without any.
    if !old.is_empty() || new.is_some() {
        w.write(0, &format!("OldReplicaSets:\t{}\n", replica_sets_text(old)));
        w.write(0, &format!("NewReplicaSet:\t{}\n", replica_sets_text(&new.into_iter().collect::<Vec<_>>())));
    }
    finish_with_events(w, events, now)
}

/// `getPodStatusForController`: pods controlled by `uid`, counted by phase
/// (running, waiting, succeeded, failed).
pub fn pod_status_counts(pods: &[&Pod], uid: &str) -> (usize, usize, usize, usize) {
    let mut c = (0, 0, 0, 0);
    for p in pods {
        if p.metadata.controller_ref().is_none_or(|o| o.uid != uid) {
            continue;
        }
        match p.phase() {
            "Running" => c.0 += 1,
            "Pending" => c.1 += 1,
            "Succeeded" => c.2 += 1,
            "Failed" => c.3 += 1,
            _ => {}
        }
    }
    c
}

/// `describeReplicaSet`; `pods` are the namespace's pods matching its selector.
pub fn describe_replica_set(rs: &ReplicaSet, pods: &[&Pod], events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &rs.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    w.write(0, &format!("Selector:\t{}\n", label_selector(rs.spec.selector.as_ref())));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    if let Some(c) = controlled_by(m) {
        w.write(0, &format!("Controlled By:\t{c}\n"));
    }
    replicas_and_pods(&mut w, rs, Some(&rs.spec.template), pods, events, now);
    w.finish()
}

/// `describeReplicationController`: the ReplicaSet page with an
/// equality-based selector, no Controlled By line, and a template that may
/// be unset.
pub fn describe_replication_controller(rc: &ReplicationController, pods: &[&Pod], events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &rc.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    // labels.FormatLabels: sorted k=v pairs, <none> when empty.
    let selector = if rc.spec.selector.is_empty() { "<none>".to_string() } else { rc.spec.selector.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",") };
    w.write(0, &format!("Selector:\t{selector}\n"));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    let as_rs = ReplicaSet { metadata: rc.metadata.clone(), spec: ReplicaSetSpec { replicas: rc.spec.replicas, ..Default::default() }, status: rc.status.clone() };
    replicas_and_pods(&mut w, &as_rs, rc.spec.template.as_ref(), pods, events, now);
    w.finish()
}

/// `describeStatefulSet`; `pods` are the namespace's pods (those it
/// controls are counted by phase).
pub fn describe_stateful_set(ss: &StatefulSet, pods: &[&Pod], events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &ss.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    w.write(0, &format!("CreationTimestamp:\t{}\n", rfc1123z(m.creation_timestamp)));
    w.write(0, &format!("Selector:\t{}\n", selector_string(ss.spec.selector.as_ref()).unwrap_or_default()));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("Replicas:\t{} desired | {} total\n", ss.spec.replicas.unwrap_or(1), ss.status.replicas));
    let strategy = ss.spec.update_strategy.clone().unwrap_or_default();
    w.write(0, &format!("Update Strategy:\t{}\n", strategy.type_.as_deref().unwrap_or("")));
    // kubectl prints maxUnavailable only under a partition.
    if let Some(partition) = strategy.rolling_update.as_ref().and_then(|ru| ru.partition.map(|p| (p, ru))) {
        w.write(1, &format!("Partition:\t{}\n", partition.0));
        if let Some(mu) = &partition.1.max_unavailable {
            w.write(1, &format!("MaxUnavailable:\t{mu}\n"));
        }
    }
    pods_status(&mut w, pods, &m.uid);
    describe_pod_template(&mut w, &ss.spec.template);
    volume_claim_templates(&mut w, &ss.spec.volume_claim_templates);
    finish_with_events(w, events, now)
}

/// `describeVolumeClaimTemplates`. Labels and annotations are both
/// printed as `k=v` (kubectl uses its label printer for the two).
fn volume_claim_templates(w: &mut Writer, templates: &[PersistentVolumeClaim]) {
    if templates.is_empty() {
        w.write(0, "Volume Claims:\t<none>\n");
        return;
    }
    w.write(0, "Volume Claims:\n");
    for pvc in templates {
        w.write(1, &format!("Name:\t{}\n", pvc.metadata.name));
        let class = super::storage::storage_class(&pvc.metadata, pvc.spec.storage_class_name.as_deref());
        w.write(1, &format!("StorageClass:\t{class}\n"));
        super::labels_multiline_indented(w, "  ", "Labels", &pvc.metadata.labels);
        super::labels_multiline_indented(w, "  ", "Annotations", &pvc.metadata.annotations);
        match pvc.spec.resources.requests.get("storage") {
            Some(q) => w.write(1, &format!("Capacity:\t{q}\n")),
            None => w.write(1, "Capacity:\t<default>\n"),
        }
        // A Go slice printed with %s: `[ReadWriteOnce]`.
        w.write(1, &format!("Access Modes:\t[{}]\n", pvc.spec.access_modes.join(" ")));
    }
}


/// `describeDaemonSet`; `pods` are the namespace's pods.
pub fn describe_daemon_set(ds: &DaemonSet, pods: &[&Pod], events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &ds.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    w.write(0, &format!("Selector:\t{}\n", selector_string(ds.spec.selector.as_ref()).unwrap_or_default()));
    let node_selector = &ds.spec.template.spec.node_selector;
    w.write(0, &format!("Node-Selector:\t{}\n", if node_selector.is_empty() { "<none>".to_string() } else { node_selector.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",") }));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    let st = &ds.status;
    // Not tab-aligned: kubectl writes these with a plain space.
    w.write(0, &format!("Desired Number of Nodes Scheduled: {}\n", st.desired_number_scheduled));
    w.write(0, &format!("Current Number of Nodes Scheduled: {}\n", st.current_number_scheduled));
    w.write(0, &format!("Number of Nodes Scheduled with Up-to-date Pods: {}\n", st.updated_number_scheduled.unwrap_or(0)));
    w.write(0, &format!("Number of Nodes Scheduled with Available Pods: {}\n", st.number_available.unwrap_or(0)));
    w.write(0, &format!("Number of Nodes Misscheduled: {}\n", st.number_misscheduled));
    pods_status(&mut w, pods, &m.uid);
    describe_pod_template(&mut w, &ds.spec.template);
    finish_with_events(w, events, now)
}

/// `Pods Status:` with the controller's pods counted by phase.
fn pods_status(w: &mut Writer, pods: &[&Pod], uid: &str) {
    let (running, waiting, succeeded, failed) = pod_status_counts(pods, uid);
    w.write(0, &format!("Pods Status:\t{running} Running / {waiting} Waiting / {succeeded} Succeeded / {failed} Failed\n"));
}

/// What both pages print after the labels: replica counts, pods by phase,
/// the pod template, conditions and events.
fn replicas_and_pods(w: &mut Writer, rs: &ReplicaSet, template: Option<&PodTemplateSpec>, pods: &[&Pod], events: Option<&[&Event]>, now: Time) {
    w.write(0, &format!("Replicas:\t{} current / {} desired\n", rs.status.replicas, rs.spec.replicas.unwrap_or(1)));
    pods_status(w, pods, &rs.metadata.uid);
    match template {
        Some(t) => describe_pod_template(w, t),
        None => {
            w.write(0, "Pod Template:\n");
            w.write(1, "<unset>");
        }
    }
    if !rs.status.conditions.is_empty() {
        w.write(0, "Conditions:\n  Type\tStatus\tReason\n");
        w.write(1, "----\t------\t------\n");
        for c in &rs.status.conditions {
            w.write(1, &format!("{} \t{}\t{}\n", c.type_, c.status, c.reason.as_deref().unwrap_or("")));
        }
    }
    if let Some(ev) = events {
        describe_events(w, ev, now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::*;
    use kubeplay_model::{Condition, IntOrString, LabelSelector, OwnerReference};

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn template() -> PodTemplateSpec {
        let mut t = PodTemplateSpec::default();
        t.metadata.labels.insert("app".into(), "nginx".into());
        t.spec.containers.push(Container {
            name: "nginx".into(),
            image: Some("nginx:1.14.2".into()),
            ports: vec![ContainerPort { container_port: 80, protocol: Some("TCP".into()), ..Default::default() }],
            ..Default::default()
        });
        t
    }

    fn selector() -> Option<LabelSelector> {
        let mut s = LabelSelector::default();
        s.match_labels.insert("app".into(), "nginx".into());
        Some(s)
    }

    /// The nginx-deployment of the Kubernetes Deployment tutorial, rolled out.
    fn deployment() -> Deployment {
        let mut d = Deployment::default();
        d.metadata.name = "nginx-deployment".into();
        d.metadata.namespace = "default".into();
        d.metadata.creation_timestamp = Some(NOW);
        d.metadata.labels.insert("app".into(), "nginx".into());
        d.metadata.annotations.insert("deployment.kubernetes.io/revision".into(), "1".into());
        d.spec.replicas = Some(3);
        d.spec.selector = selector();
        d.spec.template = template();
        d.spec.min_ready_seconds = Some(0);
        d.spec.strategy = Some(DeploymentStrategy {
            type_: Some("RollingUpdate".into()),
            rolling_update: Some(RollingUpdateDeployment { max_unavailable: Some(IntOrString::Str("25%".into())), max_surge: Some(IntOrString::Str("25%".into())) }),
        });
        d.status = DeploymentStatus { replicas: Some(3), updated_replicas: Some(3), ready_replicas: Some(3), available_replicas: Some(3), ..Default::default() };
        d.status.conditions = vec![
            Condition { type_: "Available".into(), status: "True".into(), reason: Some("MinimumReplicasAvailable".into()), ..Default::default() },
            Condition { type_: "Progressing".into(), status: "True".into(), reason: Some("NewReplicaSetAvailable".into()), ..Default::default() },
        ];
        d
    }

    fn replica_set(name: &str, spec: i32, status: i32) -> ReplicaSet {
        let mut rs = ReplicaSet::default();
        rs.metadata.name = name.into();
        rs.metadata.namespace = "default".into();
        rs.metadata.uid = format!("uid-{name}").into();
        rs.spec.replicas = Some(spec);
        rs.status.replicas = status;
        rs.spec.selector = selector();
        rs.spec.template = template();
        rs
    }

    // Layout of describe.go's describeDeployment for the tutorial's Deployment.
    #[test]
    fn deployment_page() {
        let new = replica_set("nginx-deployment-7fb96c846b", 3, 3);
        let ev = Event {
            type_: Some("Normal".into()),
            reason: Some("ScalingReplicaSet".into()),
            message: Some("Scaled up replica set nginx-deployment-7fb96c846b to 3".into()),
            source: Some(EventSource { component: Some("deployment-controller".into()), host: None }),
            first_timestamp: Some(NOW),
            last_timestamp: Some(NOW),
            count: Some(1),
            ..Default::default()
        };
        let out = describe_deployment(&deployment(), &[], Some(&new), Some(&[&ev]), NOW.plus_secs(14));
        let want = "\
Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:00 +0000
Labels:                 app=nginx
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=nginx
Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx:1.14.2
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   nginx-deployment-7fb96c846b (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  14s   deployment-controller  Scaled up replica set nginx-deployment-7fb96c846b to 3
";
        assert_eq!(out, want);
    }

    #[test]
    fn replica_set_page() {
        let mut rs = replica_set("nginx-deployment-7fb96c846b", 3, 3);
        rs.metadata.labels.insert("app".into(), "nginx".into());
        rs.metadata.owner_references.push(OwnerReference { api_version: "apps/v1".into(), kind: "Deployment".into(), name: "nginx-deployment".into(), controller: Some(true), ..Default::default() });
        let pod = |phase: &str, owner: &str| {
            let mut p = Pod::default();
            p.status.phase = Some(phase.into());
            p.metadata.owner_references.push(OwnerReference { uid: owner.into(), controller: Some(true), ..Default::default() });
            p
        };
        let pods = [pod("Running", "uid-nginx-deployment-7fb96c846b"), pod("Running", "uid-nginx-deployment-7fb96c846b"), pod("Pending", "uid-nginx-deployment-7fb96c846b"), pod("Running", "other")];
        let refs: Vec<&Pod> = pods.iter().collect();
        let out = describe_replica_set(&rs, &refs, Some(&[]), NOW);
        let want = "\
Name:           nginx-deployment-7fb96c846b
Namespace:      default
Selector:       app=nginx
Labels:         app=nginx
Annotations:    <none>
Controlled By:  Deployment/nginx-deployment
Replicas:       3 current / 3 desired
Pods Status:    2 Running / 1 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx:1.14.2
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:            <none>
";
        assert_eq!(out, want);
    }

    // describe.go's describeReplicationController: FormatLabels of the
    // selector map, no Controlled By line, pods counted by phase among
    // those it controls; a missing template is `<unset>` with no newline;
    // a condition's type cell ends in a space ("%v \t").
    #[test]
    fn replication_controller_page() {
        let mut rc = ReplicationController::default();
        rc.metadata.name = "nginx".into();
        rc.metadata.namespace = "default".into();
        rc.metadata.uid = "uid-rc".into();
        rc.metadata.labels.insert("app".into(), "nginx".into());
        rc.spec.replicas = Some(3);
        rc.spec.selector.insert("app".into(), "nginx".into());
        rc.spec.selector.insert("tier".into(), "web".into());
        rc.status.replicas = 2;
        rc.status.conditions.push(Condition { type_: "ReplicaFailure".into(), status: "True".into(), reason: Some("FailedCreate".into()), ..Default::default() });
        let mut running = Pod::default();
        running.status.phase = Some("Running".into());
        running.metadata.owner_references.push(OwnerReference { uid: "uid-rc".into(), controller: Some(true), ..Default::default() });
        let out = describe_replication_controller(&rc, &[&running], None, NOW);
        let want = "\
Name:         nginx
Namespace:    default
Selector:     app=nginx,tier=web
Labels:       app=nginx
Annotations:  <none>
Replicas:     2 current / 3 desired
Pods Status:  1 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  <unset>Conditions:
  Type             Status  Reason
  ----             ------  ------
  ReplicaFailure   True    FailedCreate
";
        assert_eq!(out, want);
        rc.spec.template = Some(template());
        rc.status.conditions.clear();
        let out = describe_replication_controller(&rc, &[], Some(&[]), NOW);
        assert!(out.contains("Pod Template:\n  Labels:  app=nginx\n  Containers:\n   nginx:\n"), "{out}");
        assert!(out.ends_with("  Tolerations:     <none>\nEvents:            <none>\n"), "{out}");
    }

    /// describeStatefulSet's lines (upstream's format strings; the first
    /// block aligns at `CreationTimestamp:` plus kubectl's two spaces).
    #[test]
    fn stateful_set_page_follows_kubectl() {
        let mut ss = StatefulSet::default();
        ss.metadata.name = "web".into();
        ss.metadata.namespace = "default".into();
        ss.spec.replicas = Some(3);
        ss.spec.selector = selector();
        ss.spec.template = template();
        ss.spec.update_strategy = Some(StatefulSetUpdateStrategy {
            type_: Some("RollingUpdate".into()),
            rolling_update: Some(RollingUpdateStatefulSet { partition: Some(1), max_unavailable: Some(IntOrString::Str("50%".into())) }),
        });
        let mut claim = PersistentVolumeClaim::default();
        claim.metadata.name = "www".into();
        claim.metadata.labels.insert("a".into(), "1".into());
        claim.metadata.labels.insert("b".into(), "2".into());
        claim.spec.access_modes = vec!["ReadWriteOnce".into(), "ReadOnlyMany".into()];
        ss.spec.volume_claim_templates.push(claim);
        ss.status.replicas = 2;
        let mut pod = Pod::default();
        pod.metadata.owner_references.push(OwnerReference { controller: Some(true), uid: ss.metadata.uid.clone(), ..Default::default() });
        pod.status.phase = Some("Running".into());
        let out = describe_stateful_set(&ss, &[&pod], None, NOW);
        assert!(out.starts_with("Name:               web\nNamespace:          default\nCreationTimestamp:  "), "{out}");
        assert!(out.contains("\nSelector:           app=nginx\nLabels:             <none>\nAnnotations:        <none>\nReplicas:           3 desired | 2 total\n"), "{out}");
        assert!(out.contains("\nUpdate Strategy:    RollingUpdate\n  Partition:        1\n  MaxUnavailable:   50%\nPods Status:        1 Running / 0 Waiting / 0 Succeeded / 0 Failed\n"), "{out}");
        // Without a capacity request, <default>; the access modes as a Go slice.
        assert!(
            out.contains("Volume Claims:\n  Name:          www\n  StorageClass:  \n  Labels:        a=1\n                 b=2\n  Annotations:   <none>\n  Capacity:      <default>\n  Access Modes:  [ReadWriteOnce ReadOnlyMany]\n"),
            "{out}"
        );
    }

    /// describeDaemonSet: the node counts are written with a space, not a
    /// tab, so they stand outside the aligned blocks.
    #[test]
    fn daemon_set_page_follows_kubectl() {
        let mut ds = DaemonSet::default();
        ds.metadata.name = "agent".into();
        ds.metadata.namespace = "kube-system".into();
        ds.spec.selector = selector();
        ds.spec.template = template();
        ds.spec.template.spec.node_selector.insert("disk".into(), "ssd".into());
        ds.status.desired_number_scheduled = 2;
        ds.status.current_number_scheduled = 2;
        ds.status.updated_number_scheduled = Some(1);
        ds.status.number_available = Some(1);
        let out = describe_daemon_set(&ds, &[], None, NOW);
        assert!(out.starts_with("Name:           agent\nNamespace:      kube-system\nSelector:       app=nginx\nNode-Selector:  disk=ssd\n"), "{out}");
        assert!(
            out.contains(
                "\nDesired Number of Nodes Scheduled: 2\nCurrent Number of Nodes Scheduled: 2\nNumber of Nodes Scheduled with Up-to-date Pods: 1\nNumber of Nodes Scheduled with Available Pods: 1\nNumber of Nodes Misscheduled: 0\nPods Status:  0 Running / 0 Waiting / 0 Succeeded / 0 Failed\nPod Template:\n"
            ),
            "{out}"
        );
    }
}
