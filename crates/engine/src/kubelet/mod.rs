//! The simulated kubelets: for each pod bound to a node, drive its status
//! the way a node's kubelet would — pull images, create and start
//! containers, report readiness, and stop containers on deletion.
//!
//! Minimal first version (pull → start → ready; graceful stop), plus the
//! small `exits` hook so containers can finish (Jobs). Probes, init
//! containers and node failure come with the kubelet work.

mod exits;

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{ContainerState, ContainerStateRunning, ContainerStateWaiting, ContainerStatus, IpEntry, Pod};
use kubeplay_model::meta::set_condition;
use kubeplay_model::{Condition, Kind, Object, ObjectKey, Time};

pub struct Kubelet;

/// Simulated pull time for an image not yet on the node.
const PULL_MS: i64 = 2_000;

impl Controller for Kubelet {
    fn id(&self) -> ControllerId {
        ControllerId::Kubelet
    }
    fn component(&self) -> &'static str {
        "kubelet"
    }

    fn watch(&self, change: &Change, _store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind != Kind::Pod {
            return;
        }
        if let Some(Object::Pod(p)) = change.new.as_deref() {
            let newly_bound = change.old.as_deref().and_then(Object::as_pod).is_none_or(|o| o.node_name().is_none());
            let deleting = p.metadata.deletion_timestamp.is_some()
                && change.old.as_deref().is_some_and(|o| o.meta().deletion_timestamp.is_none());
            if p.node_name().is_some() && (newly_bound || deleting) {
                enqueue(change.key.clone());
            }
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else { return };
        let Object::Pod(pod) = &*obj else { return };
        let Some(node) = pod.node_name().map(str::to_string) else { return };
        if ctx.world().sim.failed_nodes.contains(&node) {
            ctx.explain(format!("the kubelet on {node} is down; nothing happens to {}", pod.metadata.name));
            return;
        }
        let now = ctx.now();
        if pod.metadata.deletion_timestamp.is_some() {
            stop(ctx, &obj, pod, &node);
            return;
        }
        if matches!(pod.phase(), "Succeeded" | "Failed") {
            ctx.explain(format!("{} has finished ({}); its containers stay stopped", pod.metadata.name, pod.phase()));
            return;
        }
        if pod.status.container_statuses.is_empty() {
            begin(ctx, &obj, pod, &node, now);
            return;
        }
        let creating = pod.status.container_statuses.iter().any(|c| {
            c.state.waiting.as_ref().is_some_and(|w| w.reason.as_deref() == Some("ContainerCreating"))
        });
        if creating {
            start(ctx, &obj, pod, &node, now);
        } else if !exits::advance(ctx, &obj, pod, &node, now) {
            ctx.explain(format!("{} is running on {node}", pod.metadata.name));
        }
    }
}

pub(crate) fn cond(type_: &str, status: &str, now: Time) -> Condition {
    Condition { type_: type_.into(), status: status.into(), last_transition_time: Some(now), ..Default::default() }
}

fn pod_ip(ctx: &mut Ctx, node: &str) -> String {
    // The node's pod CIDR (10.244.N.0/24) gives the network part.
    let prefix = ctx
        .store()
        .get_by(Kind::Node, "", node)
        .and_then(|n| n.as_node().and_then(|n| n.spec.pod_cidr.clone()))
        .and_then(|c| c.strip_suffix(".0/24").map(str::to_string))
        .unwrap_or_else(|| "10.244.0".into());
    let sim = &mut ctx.world_mut().sim;
    let host = sim.next_pod_ip.get(node).copied().unwrap_or(2);
    sim.next_pod_ip.insert(node.to_string(), if host >= 254 { 2 } else { host + 1 });
    format!("{prefix}.{host}")
}

fn node_ip(ctx: &Ctx, node: &str) -> String {
    ctx.store()
        .get_by(Kind::Node, "", node)
        .and_then(|n| n.as_node().and_then(|n| n.status.addresses.iter().find(|a| a.type_ == "InternalIP").map(|a| a.address.clone())))
        .unwrap_or_default()
}

/// First sight of a bound pod: sandbox up, images pulling.
fn begin(ctx: &mut Ctx, obj: &Object, pod: &Pod, node: &str, now: Time) {
    let mut p = pod.clone();
    let ip = pod_ip(ctx, node);
    let host_ip = node_ip(ctx, node);
    p.status.phase = Some("Pending".into());
    p.status.host_ip = Some(host_ip.clone());
    p.status.host_ips = vec![IpEntry { ip: host_ip }];
    p.status.pod_ip = Some(ip.clone());
    p.status.pod_ips = vec![IpEntry { ip }];
    p.status.start_time = Some(now);
    p.status.qos_class = Some(qos_class(pod).into());
    let names: Vec<String> = pod.spec.containers.iter().map(|c| c.name.clone()).collect();
    for (t, s) in [("Initialized", "True"), ("Ready", "False"), ("ContainersReady", "False")] {
        let mut c = cond(t, s, now);
        if s == "False" {
            c.reason = Some("ContainersNotReady".into());
            c.message = Some(format!("containers with unready status: [{}]", names.join(" ")));
        }
        set_condition(&mut p.status.conditions, c);
    }
    p.status.container_statuses = pod
        .spec
        .containers
        .iter()
        .map(|c| ContainerStatus {
            name: c.name.clone(),
            state: ContainerState { waiting: Some(ContainerStateWaiting { reason: Some("ContainerCreating".into()), message: None }), ..Default::default() },
            image: c.image.clone().unwrap_or_default(),
            started: Some(false),
            ..Default::default()
        })
        .collect();
    let mut pull = 0;
    for c in &pod.spec.containers {
        let image = c.image.clone().unwrap_or_default();
        let cached = ctx.world().sim.image_cache.get(node).is_some_and(|s| s.contains(&image));
        let always = c.image_pull_policy.as_deref() == Some("Always");
        if !cached || always {
            ctx.event(obj, "Normal", "Pulling", format!("Pulling image \"{image}\""));
            pull = PULL_MS;
        }
    }
    let _ = ctx.update_status(Object::Pod(p));
    ctx.requeue_after(obj.key(), pull);
    ctx.explain(format!("kubelet on {node} set up {}'s sandbox and is pulling its images", pod.metadata.name));
}

/// Images are in: create and start every container.
fn start(ctx: &mut Ctx, obj: &Object, pod: &Pod, node: &str, now: Time) {
    let mut p = pod.clone();
    for c in &pod.spec.containers {
        let image = c.image.clone().unwrap_or_default();
        let cached = ctx.world().sim.image_cache.get(node).is_some_and(|s| s.contains(&image));
        if cached && c.image_pull_policy.as_deref() != Some("Always") {
            ctx.event(obj, "Normal", "Pulled", format!("Container image \"{image}\" already present on machine"));
        } else {
            ctx.event(obj, "Normal", "Pulled", format!("Successfully pulled image \"{image}\" in 2s (2s including waiting)"));
            let sim = &mut ctx.world_mut().sim;
            let mut set = sim.image_cache.get(node).cloned().unwrap_or_default();
            set.insert(image.clone());
            sim.image_cache.insert(node.to_string(), set);
        }
        ctx.event(obj, "Normal", "Created", format!("Created container {}", c.name));
        ctx.event(obj, "Normal", "Started", format!("Started container {}", c.name));
    }
    for cs in &mut p.status.container_statuses {
        cs.state = ContainerState { running: Some(ContainerStateRunning { started_at: Some(now) }), ..Default::default() };
        cs.ready = true;
        cs.started = Some(true);
        cs.image_id = format!("docker.io/library/{}", cs.image);
        cs.container_id = Some(format!("containerd://{:016x}", ctx.world_mut().rng.next_u64()));
    }
    p.status.phase = Some("Running".into());
    for t in ["Ready", "ContainersReady"] {
        set_condition(&mut p.status.conditions, cond(t, "True", now));
    }
    let _ = ctx.update_status(Object::Pod(p));
    exits::schedule_next(ctx, &obj.key(), pod, now);
    ctx.explain(format!("kubelet on {node} pulled the images and started {}'s containers; the pod is Running and Ready", pod.metadata.name));
}

/// Deletion requested: stop the containers, then remove the pod.
fn stop(ctx: &mut Ctx, obj: &Object, pod: &Pod, node: &str) {
    let running = pod.status.container_statuses.iter().any(|c| c.state.running.is_some());
    if running && !pod.status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "False" && c.reason.as_deref() == Some("PodTerminating")) {
        for c in &pod.spec.containers {
            ctx.event(obj, "Normal", "Killing", format!("Stopping container {}", c.name));
        }
        let mut p = pod.clone();
        let now = ctx.now();
        for t in ["Ready", "ContainersReady"] {
            let mut c = cond(t, "False", now);
            c.reason = Some("PodTerminating".into());
            set_condition(&mut p.status.conditions, c);
        }
        for cs in &mut p.status.container_statuses {
            cs.ready = false;
        }
        let _ = ctx.update_status(Object::Pod(p));
        ctx.requeue_after(obj.key(), 1_000);
        ctx.explain(format!("kubelet on {node} is stopping {}'s containers", pod.metadata.name));
        return;
    }
    exits::mark_terminated_on_delete(ctx, pod);
    let _ = ctx.delete(&obj.key(), DeleteOptions { grace_period_seconds: Some(0), ..Default::default() });
    ctx.explain(format!("kubelet on {node}: {}'s containers have stopped, so the pod object is removed", pod.metadata.name));
}

/// Guaranteed, Burstable or BestEffort, from requests and limits.
fn qos_class(pod: &Pod) -> &'static str {
    let cs = &pod.spec.containers;
    let none = cs.iter().all(|c| c.resources.requests.is_empty() && c.resources.limits.is_empty());
    if none {
        return "BestEffort";
    }
    let guaranteed = cs.iter().all(|c| {
        ["cpu", "memory"].iter().all(|r| {
            let l = c.resources.limits.get(*r);
            l.is_some() && c.resources.requests.get(*r).is_none_or(|q| Some(q) == l)
        })
    });
    if guaranteed { "Guaranteed" } else { "Burstable" }
}
