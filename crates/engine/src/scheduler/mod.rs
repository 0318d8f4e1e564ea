//! The scheduler (kube-scheduler's default profile): picks a node for each
//! pending pod by filtering out nodes that cannot run it and scoring the
//! rest, then binds the pod.
//!
//! Minimal first version: NodeUnschedulable, TaintToleration (NoSchedule),
//! NodeAffinity (nodeSelector), NodeResourcesFit filters and a
//! LeastAllocated score. The full plugin framework replaces it.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::api::{Node, Pod, Taint, Toleration};
use kubeplay_model::meta::set_condition;
use kubeplay_model::{Condition, Kind, Object, ObjectKey};
use std::collections::BTreeMap;

pub struct Scheduler;

pub const SCHEDULER_NAME: &str = "default-scheduler";

impl Controller for Scheduler {
    fn id(&self) -> ControllerId {
        ControllerId::Scheduler
    }
    fn component(&self) -> &'static str {
        "default-scheduler"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::Pod => {
                if let Some(Object::Pod(p)) = change.new.as_deref() {
                    if wants_scheduling(p) {
                        enqueue(change.key.clone());
                    }
                }
                // A pod leaving frees room: pending pods may fit now.
                if change.new.is_none() || change.new.as_deref().is_some_and(|n| n.meta().deletion_timestamp.is_some()) {
                    enqueue_pending(store, enqueue);
                }
            }
            Kind::Node => enqueue_pending(store, enqueue),
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else { return };
        let Object::Pod(pod) = &*obj else { return };
        if !wants_scheduling(pod) {
            return;
        }
        let nodes: Vec<Node> = ctx.store().list(Kind::Node, None).filter_map(|n| n.as_node().cloned()).collect();
        let requested = requested_per_node(ctx.store(), &nodes);
        let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
        let mut feasible: Vec<(&Node, i64)> = Vec::new();
        for node in &nodes {
            match filter(pod, node, requested.get(&node.metadata.name)) {
                Ok(()) => feasible.push((node, score(pod, node, requested.get(&node.metadata.name)))),
                Err(r) => *reasons.entry(r).or_default() += 1,
            }
        }
        ctx.observed(format!("pod {} is not bound; {} of {} nodes can run it", pod.metadata.name, feasible.len(), nodes.len()));
        ctx.desired("the pod bound to the best feasible node");
        if feasible.is_empty() {
            let mut parts: Vec<String> = reasons.iter().map(|(r, n)| format!("{n} {r}")).collect();
            parts.sort();
            let msg = format!(
                "0/{} nodes are available: {}. preemption: 0/{} nodes are available: {} Preemption is not helpful for scheduling.",
                nodes.len(),
                parts.join(", "),
                nodes.len(),
                nodes.len()
            );
            let mut p = pod.clone();
            set_condition(
                &mut p.status.conditions,
                Condition {
                    type_: "PodScheduled".into(),
                    status: "False".into(),
                    last_probe_time: None,
                    last_transition_time: Some(ctx.now()),
                    reason: Some("Unschedulable".into()),
                    message: Some(msg.clone()),
                    ..Default::default()
                },
            );
            p.status.phase = Some("Pending".into());
            let _ = ctx.update_status(Object::Pod(p));
            ctx.event(&obj, "Warning", "FailedScheduling", msg.clone());
            ctx.explain(format!("no node can run {}: {}", pod.metadata.name, msg));
            return;
        }
        let best = feasible.iter().map(|(_, s)| *s).max().unwrap_or(0);
        let top: Vec<&Node> = feasible.iter().filter(|(_, s)| *s == best).map(|(n, _)| *n).collect();
        // Ties are broken at random, as upstream's selectHost does.
        let pick = top[ctx.world_mut().rng.below(top.len() as u64) as usize];
        let node_name = pick.metadata.name.clone();
        if ctx.bind(key, &node_name).is_err() {
            return;
        }
        ctx.event(&obj, "Normal", "Scheduled", format!("Successfully assigned {}/{} to {node_name}", pod.metadata.namespace, pod.metadata.name));
        ctx.explain(format!("{} fits on {} nodes; {node_name} scored best ({best}), so the pod is bound there", pod.metadata.name, feasible.len()));
    }
}

fn wants_scheduling(p: &Pod) -> bool {
    p.node_name().is_none()
        && p.metadata.deletion_timestamp.is_none()
        && p.spec.scheduler_name.as_deref().unwrap_or(SCHEDULER_NAME) == SCHEDULER_NAME
        && !matches!(p.phase(), "Succeeded" | "Failed")
}

fn enqueue_pending(store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
    for p in store.pods_on_node("") {
        if p.as_pod().is_some_and(wants_scheduling) {
            enqueue(p.key());
        }
    }
}

#[derive(Default, Clone, Copy)]
struct Requested {
    cpu_milli: i64,
    memory: i64,
    pods: i64,
}

fn pod_requests(p: &Pod) -> (i64, i64) {
    let mut cpu = 0;
    let mut mem = 0;
    for c in &p.spec.containers {
        cpu += c.resources.requests.get("cpu").map(|q| q.milli_value()).unwrap_or(0);
        mem += c.resources.requests.get("memory").map(|q| q.value()).unwrap_or(0);
    }
    (cpu, mem)
}

fn requested_per_node(store: &Store, nodes: &[Node]) -> BTreeMap<String, Requested> {
    let mut m: BTreeMap<String, Requested> = BTreeMap::new();
    for p in nodes.iter().flat_map(|n| store.pods_on_node(&n.metadata.name)) {
        let Some(pod) = p.as_pod() else { continue };
        if matches!(pod.phase(), "Succeeded" | "Failed") {
            continue;
        }
        if let Some(n) = pod.node_name() {
            let (c, mem) = pod_requests(pod);
            let r = m.entry(n.to_string()).or_default();
            r.cpu_milli += c;
            r.memory += mem;
            r.pods += 1;
        }
    }
    m
}

fn tolerates(tolerations: &[Toleration], taint: &Taint) -> bool {
    tolerations.iter().any(|t| {
        let effect_ok = t.effect.as_deref().unwrap_or("").is_empty() || t.effect.as_deref() == Some(taint.effect.as_str());
        let key = t.key.as_deref().unwrap_or("");
        match t.operator.as_deref().unwrap_or("Equal") {
            "Exists" => effect_ok && (key.is_empty() || key == taint.key),
            _ => effect_ok && key == taint.key && t.value.as_deref().unwrap_or("") == taint.value.as_deref().unwrap_or(""),
        }
    })
}

fn filter(pod: &Pod, node: &Node, used: Option<&Requested>) -> Result<(), String> {
    if node.spec.unschedulable == Some(true) {
        return Err("node(s) were unschedulable".into());
    }
    for t in &node.spec.taints {
        if (t.effect == "NoSchedule" || t.effect == "NoExecute") && !tolerates(&pod.spec.tolerations, t) {
            let v = t.value.as_deref().unwrap_or("");
            return Err(format!("node(s) had untolerated taint {{{}: {}}}", t.key, v));
        }
    }
    if !crate::controllers::daemonset::eligibility::node_affinity_matches(&pod.spec, node) {
        return Err("node(s) didn't match Pod's node affinity/selector".into());
    }
    let used = used.copied().unwrap_or_default();
    let (cpu, mem) = pod_requests(pod);
    let alloc = |r: &str| node.status.allocatable.get(r);
    if let Some(max) = alloc("pods") {
        if used.pods + 1 > max.value() {
            return Err("Too many pods".into());
        }
    }
    if let Some(max) = alloc("cpu") {
        if cpu > 0 && used.cpu_milli + cpu > max.milli_value() {
            return Err("Insufficient cpu".into());
        }
    }
    if let Some(max) = alloc("memory") {
        if mem > 0 && used.memory + mem > max.value() {
            return Err("Insufficient memory".into());
        }
    }
    Ok(())
}

/// LeastAllocated over cpu and memory (with upstream's non-zero defaults of
/// 100m and 200Mi for pods that request nothing), 0–100.
fn score(pod: &Pod, node: &Node, used: Option<&Requested>) -> i64 {
    let used = used.copied().unwrap_or_default();
    let (cpu, mem) = pod_requests(pod);
    let cpu = if cpu == 0 { 100 } else { cpu };
    let mem = if mem == 0 { 200 * 1024 * 1024 } else { mem };
    let cap_cpu = node.status.allocatable.get("cpu").map(|q| q.milli_value()).unwrap_or(0);
    let cap_mem = node.status.allocatable.get("memory").map(|q| q.value()).unwrap_or(0);
    let least = |req: i64, cap: i64| if cap == 0 || req > cap { 0 } else { (cap - req) * 100 / cap };
    (least(used.cpu_milli + cpu, cap_cpu) + least(used.memory + mem, cap_mem)) / 2
}
