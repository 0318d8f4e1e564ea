//! `kubectl describe pod`.

use super::containers::{describe_containers, describe_topology_spread, describe_volumes, seccomp_profile};
use super::{annotations_multiline, controlled_by, finish_with_events, labels_multiline, tolerations_multiline, Writer};
use crate::print::duration::{rfc1123z, since};
use kubeplay_model::api::{Container, Event, Pod};
use kubeplay_model::Time;

/// `qos.GetPodQOS`: the recorded class, or the one the rules give.
pub fn qos_class(pod: &Pod) -> String {
    if let Some(q) = pod.status.qos_class.as_deref().filter(|q| !q.is_empty()) {
        return q.to_string();
    }
    let all: Vec<&Container> = pod.spec.containers.iter().chain(pod.spec.init_containers.iter()).collect();
    let tracked = |name: &str| name == "cpu" || name == "memory";
    let any = all.iter().any(|c| c.resources.requests.keys().chain(c.resources.limits.keys()).any(|k| tracked(k) && !c.resources.requests.get(k).or(c.resources.limits.get(k)).is_some_and(|q| q.is_zero())));
    if !any {
        return "BestEffort".into();
    }
    let guaranteed = all.iter().all(|c| {
        ["cpu", "memory"].iter().all(|r| match (c.resources.requests.get(*r), c.resources.limits.get(*r)) {
            (Some(req), Some(lim)) => req == lim,
            (None, Some(_)) => true,
            _ => false,
        })
    });
    if guaranteed {
        "Guaranteed".into()
    } else {
        "Burstable".into()
    }
}

/// The pod's ephemeral containers as the containers they mirror, as
/// describe converts them (their target is not shown).
fn ephemeral_containers(pod: &Pod) -> Vec<Container> {
    pod.spec.ephemeral_containers.iter().map(|e| e.container.clone()).collect()
}

/// `describePod`; `events` is None when `--show-events=false`.
pub fn describe_pod(pod: &Pod, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let (spec, status, meta) = (&pod.spec, &pod.status, &pod.metadata);
    w.write(0, &format!("Name:\t{}\n", meta.name));
    w.write(0, &format!("Namespace:\t{}\n", meta.namespace));
    if let Some(p) = spec.priority {
        w.write(0, &format!("Priority:\t{p}\n"));
    }
    if let Some(pc) = spec.priority_class_name.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("Priority Class Name:\t{pc}\n"));
    }
    if let Some(rc) = spec.runtime_class_name.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("Runtime Class Name:\t{rc}\n"));
    }
    if let Some(sa) = spec.service_account_name.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("Service Account:\t{sa}\n"));
    }
    match pod.node_name() {
        None => w.write(0, "Node:\t<none>\n"),
        Some(n) => w.write(0, &format!("Node:\t{n}/{}\n", status.host_ip.as_deref().unwrap_or(""))),
    }
    if let Some(t) = status.start_time {
        w.write(0, &format!("Start Time:\t{}\n", rfc1123z(Some(t))));
    }
    labels_multiline(&mut w, "Labels", &meta.labels);
    annotations_multiline(&mut w, "Annotations", &meta.annotations);
    let phase = status.phase.as_deref().unwrap_or("");
    if meta.deletion_timestamp.is_some() && phase != "Failed" && phase != "Succeeded" {
        w.write(0, &format!("Status:\tTerminating (lasts {})\n", since(now, meta.deletion_timestamp)));
        w.write(0, &format!("Termination Grace Period:\t{}s\n", meta.deletion_grace_period_seconds.unwrap_or(0)));
    } else {
        w.write(0, &format!("Status:\t{phase}\n"));
    }
    if let Some(r) = status.reason.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("Reason:\t{r}\n"));
    }
    if let Some(m) = status.message.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("Message:\t{m}\n"));
    }
    if let Some((t, localhost)) = seccomp_profile(spec.security_context.as_deref()) {
        w.write(0, &format!("SeccompProfile:\t{t}\n"));
        if let Some(l) = localhost {
            w.write(0, &format!("LocalhostProfile:\t{l}\n"));
        }
    }
    w.write(0, &format!("IP:\t{}\n", status.pod_ip.as_deref().unwrap_or("")));
    if status.pod_ips.is_empty() {
        w.write(0, "IPs:\t<none>\n");
    } else {
        w.write(0, "IPs:\n");
        for ip in &status.pod_ips {
            w.write(1, &format!("IP:\t{}\n", ip.ip));
        }
    }
    if let Some(c) = controlled_by(meta) {
        w.write(0, &format!("Controlled By:\t{c}\n"));
    }
    if let Some(n) = status.nominated_node_name.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("NominatedNodeName:\t{n}\n"));
    }
    if !spec.init_containers.is_empty() {
        describe_containers(&mut w, "Init Containers", &spec.init_containers, Some(&status.init_container_statuses), Some(pod), "");
    }
    describe_containers(&mut w, "Containers", &spec.containers, Some(&status.container_statuses), Some(pod), "");
    let ephemeral = ephemeral_containers(pod);
    if !ephemeral.is_empty() {
        describe_containers(&mut w, "Ephemeral Containers", &ephemeral, Some(&status.ephemeral_container_statuses), Some(pod), "");
    }
    let gates: Vec<String> = spec
        .readiness_gates
        .as_ref()
        .and_then(|g| g.as_array())
        .map(|a| a.iter().filter_map(|g| g.get("conditionType").and_then(|c| c.as_str()).map(str::to_string)).collect())
        .unwrap_or_default();
    if !gates.is_empty() {
        w.write(0, "Readiness Gates:\n  Type\tStatus\n");
        for g in gates {
            let st = status.conditions.iter().find(|c| c.type_ == g).map(|c| c.status.clone()).unwrap_or_else(|| "<none>".into());
            w.write(1, &format!("{g} \t{st} \n"));
        }
    }
    if !status.conditions.is_empty() {
        w.write(0, "Conditions:\n  Type\tStatus\n");
        for c in &status.conditions {
            w.write(1, &format!("{} \t{} \n", c.type_, c.status));
        }
    }
    describe_volumes(&mut w, &spec.volumes, "");
    w.write(0, &format!("QoS Class:\t{}\n", qos_class(pod)));
    labels_multiline(&mut w, "Node-Selectors", &spec.node_selector);
    tolerations_multiline(&mut w, "Tolerations", &spec.tolerations);
    describe_topology_spread(&mut w, &spec.topology_spread_constraints, "");
    finish_with_events(w, events, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::*;
    use kubeplay_model::{Condition, OwnerReference, Quantity};

    const NOW: Time = kubeplay_model::time::EPOCH;

    /// A running nginx pod as a kind cluster reports it.
    fn nginx_pod() -> Pod {
        let mut p = Pod::default();
        p.metadata.name = "nginx-deployment-7fb96c846b-8xkzq".into();
        p.metadata.namespace = "default".into();
        p.metadata.labels.insert("app".into(), "nginx".into());
        p.metadata.labels.insert("pod-template-hash".into(), "7fb96c846b".into());
        p.metadata.owner_references.push(OwnerReference { api_version: "apps/v1".into(), kind: "ReplicaSet".into(), name: "nginx-deployment-7fb96c846b".into(), controller: Some(true), ..Default::default() });
        p.spec_mut().node_name = Some("kind-worker".into());
        p.spec_mut().service_account_name = Some("default".into());
        p.spec_mut().priority = Some(0);
        p.spec_mut().containers.push(Container {
            name: "nginx".into(),
            image: Some("nginx:1.14.2".into()),
            ports: vec![ContainerPort { container_port: 80, protocol: Some("TCP".into()), ..Default::default() }],
            ..Default::default()
        });
        p.spec_mut().tolerations = vec![
            Toleration { key: Some("node.kubernetes.io/not-ready".into()), operator: Some("Exists".into()), effect: Some("NoExecute".into()), toleration_seconds: Some(300), value: None },
            Toleration { key: Some("node.kubernetes.io/unreachable".into()), operator: Some("Exists".into()), effect: Some("NoExecute".into()), toleration_seconds: Some(300), value: None },
        ].into();
        p.status.phase = Some("Running".into());
        p.status.host_ip = Some("172.18.0.2".into());
        p.status.pod_ip = Some("10.244.1.2".into());
        p.status.pod_ips = vec![IpEntry { ip: "10.244.1.2".into() }];
        p.status.start_time = Some(NOW);
        p.status.qos_class = Some("BestEffort".into());
        for t in ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"] {
            p.status.conditions.push(Condition { type_: t.into(), status: "True".into(), ..Default::default() });
        }
        p.status.container_statuses.push(ContainerStatus {
            name: "nginx".into(),
            state: ContainerState { running: Some(ContainerStateRunning { started_at: Some(NOW.plus_secs(5)) }), ..Default::default() },
            ready: true,
            restart_count: 0,
            image: "docker.io/library/nginx:1.14.2".into(),
            image_id: "docker.io/library/nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d".into(),
            container_id: Some("containerd://4c2b5a".into()),
            started: Some(true),
            ..Default::default()
        });
        p
    }

    // The layout of `kubectl describe pod` from describe.go's describePod,
    // for the kind of pod the nginx Deployment tutorial creates.
    #[test]
    fn running_pod_page() {
        let p = nginx_pod();
        let ev = Event {
            type_: Some("Normal".into()),
            reason: Some("Scheduled".into()),
            message: Some("Successfully assigned default/nginx-deployment-7fb96c846b-8xkzq to kind-worker".into()),
            source: Some(EventSource { component: Some("default-scheduler".into()), host: None }),
            first_timestamp: Some(NOW),
            last_timestamp: Some(NOW),
            count: Some(1),
            ..Default::default()
        };
        let out = describe_pod(&p, Some(&[&ev]), NOW.plus_secs(10));
        let want = "\
Name:             nginx-deployment-7fb96c846b-8xkzq
Namespace:        default
Priority:         0
Service Account:  default
Node:             kind-worker/172.18.0.2
Start Time:       Wed, 01 Jan 2025 00:00:00 +0000
Labels:           app=nginx
                  pod-template-hash=7fb96c846b
Annotations:      <none>
Status:           Running
IP:               10.244.1.2
IPs:
  IP:           10.244.1.2
Controlled By:  ReplicaSet/nginx-deployment-7fb96c846b
Containers:
  nginx:
    Container ID:   containerd://4c2b5a
    Image:          nginx:1.14.2
    Image ID:       docker.io/library/nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:05 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:         <none>
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 True 
  Ready                       True 
  ContainersReady             True 
  PodScheduled                True 
Volumes:                      <none>
QoS Class:                    BestEffort
Node-Selectors:               <none>
Tolerations:                  node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                              node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  10s   default-scheduler  Successfully assigned default/nginx-deployment-7fb96c846b-8xkzq to kind-worker
";
        assert_eq!(out, want);
    }

    #[test]
    fn terminating_and_no_events() {
        let mut p = nginx_pod();
        p.metadata.deletion_timestamp = Some(NOW);
        p.metadata.deletion_grace_period_seconds = Some(30);
        let out = describe_pod(&p, Some(&[]), NOW.plus_secs(3));
        assert!(out.contains("Status:                    Terminating (lasts 3s)\nTermination Grace Period:  30s\n"), "{out}");
        assert!(out.ends_with("Events:                       <none>\n"), "{out}");
        assert!(!describe_pod(&p, None, NOW).contains("Events:"));
    }

    #[test]
    fn qos_rules() {
        let mut p = nginx_pod();
        p.status.qos_class = None;
        assert_eq!(qos_class(&p), "BestEffort");
        let q = |s: &str| Quantity::parse(s).unwrap();
        p.spec_mut().containers[0].resources.requests.insert("cpu".into(), q("100m"));
        assert_eq!(qos_class(&p), "Burstable");
        for r in ["cpu", "memory"] {
            p.spec_mut().containers[0].resources.limits.insert(r.into(), q("1"));
            p.spec_mut().containers[0].resources.requests.insert(r.into(), q("1"));
        }
        assert_eq!(qos_class(&p), "Guaranteed");
    }
}
