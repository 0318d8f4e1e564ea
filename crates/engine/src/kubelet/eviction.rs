//! Node-pressure eviction (`pkg/kubelet/eviction`): when a node runs short
//! of memory the kubelet reports MemoryPressure and evicts one pod per
//! pass, ranked as the real eviction manager ranks them — pods using more
//! than they requested first, then lower priority, then the largest use
//! above request — until the hard threshold `memory.available<100Mi` is no
//! longer met. The condition stays True for the 5-minute pressure
//! transition period after the threshold was last met.
//!
//! Memory is what the runtime sees: each running container's process, or
//! what `sim load` puts on it, plus the node's system daemons. Nothing
//! polls: a pass is armed (at the next 10 s monitoring tick) when a
//! container starts or a load changes and the node is short, and while a
//! pass has something left to do.

use super::runtime::PodRuntime;
use super::terminate::stop_time;
use super::{node::node_key, pod_slot, usage};
use crate::controller::Ctx;
use crate::world::{ControllerId, World};
use kubeplay_model::api::{Node, Pod, Taint};
use kubeplay_model::{Condition, Kind, Object, Quantity, Time};

/// `--eviction-hard` default for Linux: `memory.available<100Mi`.
pub const MEMORY_THRESHOLD: i64 = 100 * 1024 * 1024;
/// The eviction manager's monitoring interval.
pub const MONITORING_MS: i64 = 10_000;
/// `--eviction-pressure-transition-period` default.
pub const PRESSURE_TRANSITION_MS: i64 = 300_000;
/// Hard evictions give the pod this grace period (the runtime still
/// gives every container at least 2 s).
pub const EVICTION_GRACE_MS: i64 = 1_000;
/// Pods at or above `system-cluster-critical` are never evicted.
pub const CRITICAL_PRIORITY: i32 = 2_000_000_000;
/// The eviction manager polls every second for an evicted pod's cleanup.
const CLEANUP_POLL_MS: i64 = 1_000;

/// The eviction manager's memory of one node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeEviction {
    /// When `memory.available<100Mi` was last observed.
    pub memory_last_met: Option<Time>,
    /// The next pass armed for this node.
    pub next: Option<Time>,
}

/// One pod as the ranking sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// `namespace/name`.
    pub name: String,
    pub priority: i32,
    /// Working set, None when the pod has no stats (no sandbox yet).
    pub usage: Option<i64>,
    pub request: i64,
}

/// `rankMemoryPressure`: pods without stats first, then those using more
/// than they request, then lower priority, then the larger use above
/// request. Ties keep the input order.
pub fn rank(pods: &mut [Candidate]) {
    // Each comparison puts a pod without stats first, as upstream does.
    let by_stats = |a: &Candidate, b: &Candidate, f: &dyn Fn(i64, i64) -> std::cmp::Ordering| match (a.usage, b.usage) {
        (Some(x), Some(y)) => f(x, y),
        (x, y) => x.is_some().cmp(&y.is_some()),
    };
    kubeplay_model::sort::sort_by(pods, |a, b| {
        by_stats(a, b, &|x, y| (y > b.request).cmp(&(x > a.request)))
            .then(a.priority.cmp(&b.priority))
            .then_with(|| by_stats(a, b, &|x, y| (y - b.request).cmp(&(x - a.request))))
    });
}

/// The 10 s monitoring tick after `now`.
pub fn next_tick(now: Time) -> Time {
    let ms = now.millis();
    Time::from_millis((ms.div_euclid(MONITORING_MS) + 1) * MONITORING_MS)
}

/// Memory of each container of a pod's running instances, as cAdvisor
/// measures it: (container name, bytes). The first container carries the
/// pod's `sim load`.
fn container_memory<'r>(world: &World, pod: &Pod, rt: &'r PodRuntime) -> impl Iterator<Item = (&'r str, i64)> + 'r {
    let load = usage::load_for(world, pod).and_then(|l| l.memory_bytes);
    let app = rt.app.iter().enumerate().filter_map(move |(i, ctr)| {
        let run = ctr.running()?;
        Some((ctr.name.as_str(), if i == 0 { load.unwrap_or(run.plan.memory_bytes) } else { run.plan.memory_bytes }))
    });
    let init = rt.init.iter().filter_map(|ctr| ctr.running().map(|run| (ctr.name.as_str(), run.plan.memory_bytes)));
    app.chain(init)
}

/// The working set of a pod's running containers.
fn pod_memory(world: &World, pod: &Pod, rt: &PodRuntime) -> i64 {
    container_memory(world, pod, rt).map(|(_, b)| b).sum()
}

/// The pods a node's kubelet runs, with their runtime state.
fn pods_with_runtime<'w>(world: &'w World, node: &'w str) -> impl Iterator<Item = (&'w Pod, &'w PodRuntime)> + 'w {
    super::runtimes_on(world, node).filter(move |(p, rt)| rt.uid == p.metadata.uid)
}

/// `memory.available` on a node (capacity minus the working set of its
/// pods and system daemons, never below 0); None when the node or its
/// kubelet is gone.
pub fn memory_available(world: &World, node: &str) -> Option<i64> {
    let obj = world.store.get_by(Kind::Node, "", node)?;
    let n = obj.as_node()?;
    if world.sim.failed_nodes.contains(node) {
        return None;
    }
    let capacity = n.status.capacity.get("memory").map(Quantity::value)?;
    let system = usage::system_memory(n);
    let pods: i64 = pods_with_runtime(world, node).map(|(p, rt)| pod_memory(world, p, rt)).sum();
    // A machine cannot use more memory than it has (a `sim load` may ask
    // for more): the kernel reports nothing available.
    Some((capacity - system - pods).max(0))
}

/// A pod's memory request (`GetResourceRequestQuantity`): the sum over
/// its containers, or its largest init container if that is more.
fn memory_request(pod: &Pod) -> i64 {
    let req = |c: &kubeplay_model::api::Container| c.resources.requests.get("memory").map(Quantity::value).unwrap_or(0);
    let app: i64 = pod.spec.containers.iter().map(req).sum();
    pod.spec.init_containers.iter().map(req).max().unwrap_or(0).max(app)
}

/// A container started, or a load changed: if the node is now short of
/// memory, the eviction manager looks at it at its next tick.
pub fn poke(ctx: &mut Ctx, node: &str) {
    let Some(available) = memory_available(ctx.world(), node) else { return };
    if available >= MEMORY_THRESHOLD {
        return;
    }
    let tick = next_tick(ctx.now());
    let state = ctx.world().sim.eviction.get(node).cloned().unwrap_or_default();
    if state.next.is_some_and(|t| t <= tick) {
        return;
    }
    arm(ctx, node, state, tick);
}

fn arm(ctx: &mut Ctx, node: &str, mut state: NodeEviction, at: Time) {
    let key = node_key(node);
    if let Some(old) = state.next.filter(|t| *t != at) {
        ctx.world_mut().cancel_timer(old, ControllerId::Kubelet, &key, false);
    }
    if state.next != Some(at) {
        let now = ctx.now();
        ctx.requeue_after(key, (at.millis() - now.millis()).max(1));
    }
    state.next = Some(at);
    ctx.world_mut().sim.eviction.insert(node.to_string(), state);
}

/// One pass of the eviction manager (`synchronize`), if one is due: the
/// MemoryPressure condition, and at most one eviction. Returns what it did.
pub fn synchronize(ctx: &mut Ctx, node: &Node) -> Option<String> {
    let name = node.metadata.name.clone();
    let now = ctx.now();
    let mut state = ctx.world().sim.eviction.get(&name).cloned()?;
    if state.next.is_some_and(|t| t > now) {
        return None;
    }
    state.next = None;
    let Some(available) = memory_available(ctx.world(), &name) else {
        ctx.world_mut().sim.eviction.remove(&name);
        return None;
    };
    let met = available < MEMORY_THRESHOLD;
    if met {
        state.memory_last_met = Some(now);
    }
    let pressure = state.memory_last_met.is_some_and(|t| now.millis() - t.millis() < PRESSURE_TRANSITION_MS);
    let mut notes = Vec::new();
    if let Some(note) = set_condition(ctx, node, pressure) {
        notes.push(note);
    }
    let mut next = None;
    if met {
        let obj = Object::Node(Box::new(node.clone()));
        ctx.event_from(&obj, "Warning", "EvictionThresholdMet", "Attempting to reclaim memory", "kubelet", Some(name.clone()));
        match evict_one(ctx, &name, available) {
            Some((pod, cleaned_up)) => {
                notes.push(format!("evicts {pod}, the first in the eviction ranking: memory.available is {}, below the 100Mi hard threshold", Quantity::from_bytes_binary(available)));
                next = Some(cleaned_up);
            }
            None => {
                notes.push(format!("finds memory.available at {}, below the 100Mi hard threshold, but no pod it may evict", Quantity::from_bytes_binary(available)));
                next = Some(now.plus_millis(MONITORING_MS));
            }
        }
    } else if pressure {
        // Nothing to do until the condition may clear.
        next = state.memory_last_met.map(|t| t.plus_millis(PRESSURE_TRANSITION_MS));
    }
    match next {
        Some(at) => arm(ctx, &name, state, at),
        None => {
            ctx.world_mut().sim.eviction.remove(&name);
        }
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// Writes the MemoryPressure condition (and the event the kubelet
/// records when it changes).
fn set_condition(ctx: &mut Ctx, node: &Node, pressure: bool) -> Option<String> {
    let (status, reason, message, event) = if pressure {
        ("True", "KubeletHasInsufficientMemory", "kubelet has insufficient memory available", "NodeHasInsufficientMemory")
    } else {
        ("False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available", "NodeHasSufficientMemory")
    };
    let current = node.status.conditions.iter().find(|c| c.type_ == "MemoryPressure")?;
    if current.status == status {
        return None;
    }
    let now = ctx.now();
    let mut n = node.clone();
    for c in &mut n.status.conditions {
        c.last_heartbeat_time = Some(now);
        if c.type_ == "MemoryPressure" {
            *c = Condition {
                type_: c.type_.clone(),
                status: status.into(),
                last_heartbeat_time: Some(now),
                last_transition_time: Some(now),
                reason: Some(reason.into()),
                message: Some(message.into()),
                ..Default::default()
            };
        }
    }
    let name = n.metadata.name.clone();
    let written = ctx.update_status(Object::Node(Box::new(n))).ok()?;
    ctx.event_from(&written, "Normal", event, format!("Node {name} status is now: {event}"), "kubelet", Some(name.clone()));
    Some(format!("reports MemoryPressure {status}"))
}

/// Ranks the node's active pods and evicts the first that is not
/// critical. Returns the pod and when its cleanup will have finished.
fn evict_one(ctx: &mut Ctx, node: &str, available: i64) -> Option<(String, Time)> {
    let world = ctx.world();
    let active: Vec<(Pod, PodRuntime)> = pods_with_runtime(world, node)
        .filter(|(p, rt)| !matches!(p.phase(), "Succeeded" | "Failed") && p.metadata.deletion_timestamp.is_none() && !rt.finished && rt.evicted.is_none() && !rt.deadline_exceeded)
        .map(|(p, rt)| (p.clone(), rt.clone()))
        .collect();
    let mut candidates: Vec<Candidate> = active
        .iter()
        .map(|(p, rt)| Candidate {
            name: pod_slot(&p.metadata.namespace, &p.metadata.name),
            priority: p.spec.priority.unwrap_or(0),
            usage: rt.sandbox.then(|| pod_memory(world, p, rt)),
            request: memory_request(p),
        })
        .collect();
    rank(&mut candidates);
    let victim = candidates.iter().find(|c| c.priority < CRITICAL_PRIORITY)?;
    let (pod, mut rt) = active.iter().find(|(p, _)| pod_slot(&p.metadata.namespace, &p.metadata.name) == victim.name).cloned()?;
    let message = message(&pod, &container_memory(world, &pod, &rt).collect::<Vec<_>>(), available);
    let now = ctx.now();
    // The pod is killed with a 1 s grace period; the manager waits for
    // its cleanup, polling every second, before its next pass.
    let stopped = pod
        .spec
        .containers
        .iter()
        .zip(&rt.app)
        .chain(pod.spec.init_containers.iter().zip(&rt.init))
        .filter_map(|(c, ctr)| ctr.running().map(|run| stop_time(run, c, EVICTION_GRACE_MS, now).0))
        .max()
        .unwrap_or(now);
    let waited = (stopped.millis() - now.millis()).max(0);
    let cleaned_up = now.plus_millis((waited / CLEANUP_POLL_MS + 1) * CLEANUP_POLL_MS);
    let obj = Object::Pod(Box::new(pod.clone()));
    ctx.event(&obj, "Warning", "Evicted", message.clone());
    rt.evicted = Some(message);
    let slot = pod_slot(&pod.metadata.namespace, &pod.metadata.name);
    ctx.world_mut().sim.pods.insert(slot.clone(), rt.into());
    ctx.enqueue(ControllerId::Kubelet, obj.key());
    Some((slot, cleaned_up))
}

/// The eviction manager's admission check (`Admit`): under memory
/// pressure alone only BestEffort pods that do not tolerate the
/// memory-pressure taint are refused; under any other pressure every pod
/// is; critical pods always get in. Returns the rejection message.
pub fn admission_rejection(pod: &Pod, node: &Node) -> Option<String> {
    let pressures: Vec<&str> = node
        .status
        .conditions
        .iter()
        .filter(|c| c.status == "True" && matches!(c.type_.as_str(), "MemoryPressure" | "DiskPressure" | "PIDPressure"))
        .map(|c| c.type_.as_str())
        .collect();
    if pressures.is_empty() || pod.spec.priority.unwrap_or(0) >= CRITICAL_PRIORITY {
        return None;
    }
    if pressures == ["MemoryPressure"] {
        let taint = Taint { key: "node.kubernetes.io/memory-pressure".into(), value: None, effect: "NoSchedule".into(), time_added: None };
        if super::status::qos_class(&pod.spec) != "BestEffort" || pod.spec.tolerations.iter().any(|t| crate::controllers::nodelifecycle::tolerates(t, &taint)) {
            return None;
        }
    }
    Some(format!("The node had condition: [{}]. ", pressures.join(" ")))
}

/// `evictionMessage` for memory.
pub fn message(pod: &Pod, containers: &[(&str, i64)], available: i64) -> String {
    let mut m = format!(
        "The node was low on resource: memory. Threshold quantity: {}, available: {}. ",
        Quantity::from_bytes_binary(MEMORY_THRESHOLD),
        Quantity::from_bytes_binary(available)
    );
    for (name, used) in containers {
        let Some(c) = pod.spec.containers.iter().chain(&pod.spec.init_containers).find(|c| c.name == *name) else { continue };
        let request = c.resources.requests.get("memory").cloned().unwrap_or_default();
        if *used > request.value() {
            m.push_str(&format!("Container {name} was using {}, request is {request}, has larger consumption of memory. ", Quantity::from_bytes_binary(*used)));
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(name: &str, priority: i32, usage: Option<i64>, request: i64) -> Candidate {
        Candidate { name: name.into(), priority, usage, request }
    }

    fn order(mut pods: Vec<Candidate>) -> Vec<String> {
        rank(&mut pods);
        pods.into_iter().map(|c| c.name).collect()
    }

    const MI: i64 = 1024 * 1024;

    // eviction/helpers_test.go TestOrderedByExceedsRequestMemory: the pod
    // above its request goes first.
    #[test]
    fn above_request_first() {
        let below = cand("below-requests", 0, Some(99 * MI), 100 * MI);
        let above = cand("above-requests", 0, Some(101 * MI), 100 * MI);
        assert_eq!(order(vec![below, above]), ["above-requests", "below-requests"]);
    }

    // TestOrderedByPriority: lower priority first.
    #[test]
    fn lower_priority_first() {
        let low = cand("low-priority", 1, Some(0), 0);
        let mid = cand("mid-priority", 2, Some(0), 0);
        let high = cand("high-priority", 3, Some(0), 0);
        assert_eq!(order(vec![high, mid, low]), ["low-priority", "mid-priority", "high-priority"]);
    }

    // TestOrderedbyMemory's pods: the largest use above request goes
    // first (700, 500, 300, 200 Mi above; then 200 and 800 Mi below).
    #[test]
    fn largest_use_above_request() {
        let pods = vec![
            cand("best-effort-high", 0, Some(500 * MI), 0),
            cand("best-effort-low", 0, Some(300 * MI), 0),
            cand("burstable-high", 0, Some(800 * MI), 100 * MI),
            cand("burstable-low", 0, Some(300 * MI), 100 * MI),
            cand("guaranteed-high", 0, Some(800 * MI), 1024 * MI),
            cand("guaranteed-low", 0, Some(200 * MI), 1024 * MI),
        ];
        assert_eq!(order(pods), ["burstable-high", "best-effort-high", "best-effort-low", "burstable-low", "guaranteed-high", "guaranteed-low"]);
    }

    // TestRankMemoryPressure: exceeding requests beats priority, which
    // beats usage.
    #[test]
    fn exceeding_beats_priority_beats_usage() {
        let pods = vec![
            cand("high-priority-high-usage", 1, Some(900 * MI), 100 * MI),
            cand("low-priority-low-usage", 0, Some(200 * MI), 100 * MI),
            cand("low-priority-below", 0, Some(50 * MI), 100 * MI),
            cand("low-priority-high-usage", 0, Some(800 * MI), 100 * MI),
        ];
        assert_eq!(order(pods), ["low-priority-high-usage", "low-priority-low-usage", "high-priority-high-usage", "low-priority-below"]);
    }

    #[test]
    fn pods_without_stats_go_first() {
        let pods = vec![cand("measured", 0, Some(900 * MI), 0), cand("no-stats", 5, None, 0)];
        assert_eq!(order(pods), ["no-stats", "measured"]);
    }

    // eviction_manager_test.go TestMemoryPressure's admission cases: under
    // memory pressure BestEffort pods are refused unless they tolerate the
    // taint; Burstable pods and critical pods are admitted.
    #[test]
    fn admission_under_pressure() {
        let mut node = Node::default();
        node.status.conditions = vec![Condition { type_: "MemoryPressure".into(), status: "True".into(), ..Default::default() }];
        let best_effort = Pod { spec: kubeplay_model::api::PodSpec { containers: vec![Default::default()].into(), ..Default::default() }.into(), ..Default::default() };
        assert_eq!(admission_rejection(&best_effort, &node).as_deref(), Some("The node had condition: [MemoryPressure]. "));
        let mut burstable = best_effort.clone();
        burstable.spec_mut().containers[0].resources.requests.insert("memory".into(), Quantity::parse("64Mi").unwrap());
        assert_eq!(admission_rejection(&burstable, &node), None);
        let mut tolerant = best_effort.clone();
        tolerant.spec_mut().tolerations = vec![kubeplay_model::api::Toleration {
            key: Some("node.kubernetes.io/memory-pressure".into()),
            operator: Some("Exists".into()),
            effect: Some("NoSchedule".into()),
            ..Default::default()
        }].into();
        assert_eq!(admission_rejection(&tolerant, &node), None);
        let mut critical = best_effort.clone();
        critical.spec_mut().priority = Some(2_000_001_000);
        assert_eq!(admission_rejection(&critical, &node), None);
        node.status.conditions.push(Condition { type_: "DiskPressure".into(), status: "True".into(), ..Default::default() });
        assert_eq!(admission_rejection(&burstable, &node).as_deref(), Some("The node had condition: [MemoryPressure DiskPressure]. "));
        node.status.conditions.iter_mut().for_each(|c| c.status = "False".into());
        assert_eq!(admission_rejection(&best_effort, &node), None);
    }

    #[test]
    fn ticks() {
        assert_eq!(next_tick(Time::from_millis(0)), Time::from_millis(10_000));
        assert_eq!(next_tick(Time::from_millis(9_999)), Time::from_millis(10_000));
        assert_eq!(next_tick(Time::from_millis(10_000)), Time::from_millis(20_000));
    }

    // helpers.go formats: "The node was low on resource: %v. ",
    // "Threshold quantity: %v, available: %v. ", and per container "Container
    // %s was using %s, request is %s, has larger consumption of %v. ".
    #[test]
    fn eviction_message() {
        let mut pod = Pod::default();
        let mut hog = kubeplay_model::api::Container { name: "hog".into(), ..Default::default() };
        hog.resources.requests.insert("memory".into(), Quantity::parse("64Mi").unwrap());
        let idle = kubeplay_model::api::Container { name: "sidecar".into(), ..Default::default() };
        pod.spec_mut().containers = vec![hog, idle].into();
        let msg = message(&pod, &[("hog", 7900 * MI), ("sidecar", 0)], 51200 * 1024);
        assert_eq!(
            msg,
            "The node was low on resource: memory. Threshold quantity: 100Mi, available: 50Mi. Container hog was using 7900Mi, request is 64Mi, has larger consumption of memory. "
        );
        let no_request = message(&pod, &[("sidecar", 1_000_000)], 1_000);
        assert_eq!(no_request, "The node was low on resource: memory. Threshold quantity: 100Mi, available: 1k. Container sidecar was using 1000000, request is 0, has larger consumption of memory. ");
    }
}
