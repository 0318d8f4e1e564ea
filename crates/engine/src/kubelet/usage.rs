//! Resource usage as metrics-server would report it (`kubectl top`, the
//! HPA): each running container's process uses its idle figure, or what
//! `sim load` puts on its workload, plus what pods looping on requests to
//! a Service cost the pods behind it; CPU is throttled at the limit.

use super::runtime::Run;
use crate::sim::{Load, LoadTarget};
use crate::world::World;
use kubeplay_model::api::{Container, Node, Pod};
use kubeplay_model::{Kind, Object};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContainerUsage {
    pub name: String,
    pub cpu_milli: i64,
    pub memory_bytes: i64,
}

/// What the system daemons (containerd, the kubelet) use on a node, beyond
/// its pods. The control plane's components run as static pods, counted
/// as pods (4m and 360Mi idle): the control-plane node's figures are the
/// rest of what it uses.
const SYSTEM_CPU_MILLI: i64 = 40;
const SYSTEM_MEMORY: i64 = 250 * 1024 * 1024;
const CONTROL_PLANE_CPU_MILLI: i64 = 176;
const CONTROL_PLANE_MEMORY: i64 = 440 * 1024 * 1024;

/// The `sim load` that applies to a pod: its own, else its share of its
/// owners' (a ReplicaSet's, then its Deployment's). A workload's load is
/// its total demand, shared evenly by its Running and Ready pods — so more
/// replicas mean less per pod, as with real traffic behind a Service; a
/// pod that is running but not ready serves nothing and gets no share.
pub fn load_for(world: &World, pod: &Pod) -> Option<Load> {
    let (target, load) = load_target(world, pod)?;
    if target.kind == Kind::Pod {
        return Some(load);
    }
    if !serving(pod) {
        return Some(Load { cpu_milli: load.cpu_milli.map(|_| 0), memory_bytes: load.memory_bytes.map(|_| 0) });
    }
    let sharing = world
        .store
        .list(Kind::Pod, Some(&pod.metadata.namespace))
        .filter_map(|o| o.as_pod())
        .filter(|p| serving(p) && load_target(world, p).is_some_and(|(t, _)| t == target))
        .count()
        .max(1) as i64;
    Some(Load { cpu_milli: load.cpu_milli.map(|c| c / sharing), memory_bytes: load.memory_bytes.map(|m| m / sharing) })
}

fn serving(p: &Pod) -> bool {
    p.phase() == "Running" && p.is_ready() && p.metadata.deletion_timestamp.is_none()
}

/// Where the load on a pod is set: the pod itself or its nearest loaded owner.
fn load_target(world: &World, pod: &Pod) -> Option<(LoadTarget, Load)> {
    let loads = &world.sim.loads;
    if loads.is_empty() {
        return None;
    }
    let ns = pod.metadata.namespace.to_string();
    let mut target = LoadTarget { namespace: ns.clone(), kind: Kind::Pod, name: pod.metadata.name.clone() };
    let mut meta = pod.metadata.clone();
    for _ in 0..4 {
        if let Some(l) = loads.get(&target) {
            return Some((target, *l));
        }
        let owner = meta.controller_ref()?.clone();
        let kind = Kind::ALL.iter().copied().find(|k| k.name() == owner.kind)?;
        target = LoadTarget { namespace: ns.clone(), kind, name: owner.name.clone() };
        meta = world.store.get_by(kind, &ns, &owner.name).map(|o| o.meta().clone()).unwrap_or_default();
    }
    None
}

/// Memory `sim load` makes a running instance use, if any (the first
/// container carries the pod's load).
pub fn loaded_memory(world: &World, pod: &Pod, run: &Run) -> Option<i64> {
    let is_first = world.sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).and_then(|rt| rt.app.first()).and_then(|c| c.run.as_ref()).is_some_and(|r| r.id == run.id);
    load_for(world, pod).and_then(|l| l.memory_bytes).filter(|_| is_first)
}

/// Per-container usage of a running pod; None when metrics-server would
/// have no metrics for it (not running, or its node is down).
pub fn pod_usage(world: &World, pod: &Pod) -> Option<Vec<ContainerUsage>> {
    let out: Vec<ContainerUsage> = container_usages(world, pod)?.map(|(name, cpu_milli, memory_bytes)| ContainerUsage { name: name.to_string(), cpu_milli, memory_bytes }).collect();
    (!out.is_empty()).then_some(out)
}

/// [`pod_usage`] summed over the containers, (cpu milli, memory bytes),
/// without naming each: the autoscaler reads it for every pod it targets.
pub fn pod_usage_total(world: &World, pod: &Pod) -> Option<(i64, i64)> {
    let mut total = None;
    for (_, cpu, mem) in container_usages(world, pod)? {
        let (c, m) = total.get_or_insert((0, 0));
        *c += cpu;
        *m += mem;
    }
    total
}

/// (container name, cpu milli, memory bytes) of each running container.
fn container_usages<'a>(world: &'a World, pod: &'a Pod) -> Option<impl Iterator<Item = (&'a str, i64, i64)> + 'a> {
    let node = pod.node_name()?;
    if world.sim.failed_nodes.contains(node) || pod.phase() != "Running" {
        return None;
    }
    let rt = world.sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|r| r.uid == pod.metadata.uid)?;
    let load = load_for(world, pod);
    let served = client_cpu(world, pod);
    Some(pod.spec.containers.iter().zip(&rt.app).enumerate().filter_map(move |(i, (c, ctr))| {
        let run = ctr.running()?;
        let (mut cpu, mut mem) = (run.plan.cpu_milli, run.plan.memory_bytes);
        if i == 0 {
            if let Some(l) = load {
                cpu = l.cpu_milli.unwrap_or(cpu);
                mem = l.memory_bytes.unwrap_or(mem);
            }
            cpu += served;
        }
        if let Some(limit) = c.resources.limits.get("cpu").map(|q| q.milli_value()).filter(|l| *l > 0) {
            cpu = cpu.min(limit);
        }
        Some((c.name.as_str(), cpu, mem))
    }))
}

/// CPU a whole request loop's traffic costs the pods behind a Service, by
/// the image serving it; images not listed cost nothing noticeable. The
/// HPA walkthrough's hpa-example computes a million square roots per
/// request: one client looping on it keeps about 700m busy (its page's
/// Deployment ends at 7 replicas of 200m requested, 50% each).
fn request_cost(image: &str) -> Option<i64> {
    let repo = super::image::ImageRef::parse(image).ok()?.repository();
    match repo.as_str() {
        "registry.k8s.io/hpa-example" => Some(700),
        _ => None,
    }
}

/// The Services a container's command keeps requesting in an endless
/// loop (see `shell::endless_requests`): (service, namespace if named).
pub fn request_targets(c: &Container) -> Vec<(String, Option<String>)> {
    let argv: Vec<String> = if c.command.is_empty() { c.args.clone() } else { c.command.iter().chain(&c.args).cloned().collect() };
    match super::shell::shell_script(&argv) {
        Some(script) if script.contains("while") => super::shell::endless_requests(script),
        _ => Vec::new(),
    }
}

/// The CPU that running request loops (`SimState::clients`) make a
/// serving pod use: each loop's cost, shared evenly by the serving pods
/// of the Service it requests, as kube-proxy spreads the connections.
fn client_cpu(world: &World, pod: &Pod) -> i64 {
    if world.sim.clients.is_empty() || !serving(pod) {
        return 0;
    }
    let Some(cost) = pod.spec.containers.first().and_then(|c| c.image.as_deref()).and_then(request_cost) else { return 0 };
    let ns = pod.metadata.namespace.as_str();
    let mut total = 0;
    for slot in &world.sim.clients {
        let Some((cns, cname)) = slot.split_once('/') else { continue };
        let Some(client) = world.store.get_by(Kind::Pod, cns, cname).and_then(|o| o.as_pod()) else { continue };
        let looping = client.phase() == "Running"
            && world.sim.pods.of_pod(cns, cname).filter(|rt| rt.uid == client.metadata.uid).and_then(|rt| rt.app.first()).and_then(|c| c.running()).is_some_and(|r| r.plan.exit == super::process::Exit::Never);
        let Some(c) = client.spec.containers.first().filter(|_| looping) else { continue };
        for (service, sns) in request_targets(c) {
            if sns.as_deref().unwrap_or(cns) != ns {
                continue;
            }
            let Some(svc) = world.store.get_by(Kind::Service, ns, &service).and_then(|o| o.as_service()) else { continue };
            let selects = |p: &Pod| !svc.spec.selector.is_empty() && svc.spec.selector.iter().all(|(k, v)| p.metadata.labels.get(k) == Some(v));
            if !selects(pod) {
                continue;
            }
            let sharing = world.store.list(Kind::Pod, Some(ns)).filter_map(|o| o.as_pod()).filter(|p| serving(p) && selects(p)).count().max(1) as i64;
            total += cost / sharing;
        }
    }
    total
}

fn is_control_plane(n: &Node) -> bool {
    n.metadata.labels.contains_key("node-role.kubernetes.io/control-plane")
}

/// Memory the node's system daemons use.
pub fn system_memory(n: &Node) -> i64 {
    if is_control_plane(n) { CONTROL_PLANE_MEMORY } else { SYSTEM_MEMORY }
}

fn system_cpu(n: &Node) -> i64 {
    if is_control_plane(n) { CONTROL_PLANE_CPU_MILLI } else { SYSTEM_CPU_MILLI }
}

/// A node's usage: its pods plus the system daemons; None when it is down.
pub fn node_usage(world: &World, node: &str) -> Option<(i64, i64)> {
    let obj = world.store.get_by(Kind::Node, "", node)?;
    if world.sim.failed_nodes.contains(node) {
        return None;
    }
    let n = obj.as_node()?;
    let (mut cpu, mut mem) = (system_cpu(n), system_memory(n));
    for p in world.store.pods_on_node(node) {
        let Object::Pod(pod) = &**p else { continue };
        if pod.node_name() != Some(node) {
            continue;
        }
        if let Some((c, m)) = pod_usage_total(world, pod) {
            cpu += c;
            mem += m;
        }
    }
    Some((cpu, mem))
}

#[cfg(test)]
#[path = "usage_tests.rs"]
mod tests;
