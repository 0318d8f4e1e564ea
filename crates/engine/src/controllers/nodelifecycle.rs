//! The node lifecycle controller, the taint-eviction controller and pod GC
//! (`pkg/controller/nodelifecycle`, `tainteviction`, and `podgc`, in
//! its own module).
//!
//! A node whose kubelet stops posting status is marked Unknown (kubectl:
//! NotReady) once the node-monitor grace period has passed, its pods are
//! marked not ready, and it gets the `node.kubernetes.io/unreachable`
//! NoSchedule and NoExecute taints. The taint-eviction part then deletes
//! each pod on it when its toleration of that taint runs out — 300 s for
//! the default tolerations admission adds — and the pod's controller
//! recreates it elsewhere. When the kubelet comes back the taints go and
//! pending evictions are cancelled. Pods on a deleted node are removed
//! after pod GC's 40 s quarantine.
//!
//! Heartbeats are not polled: `sim node fail` records when the kubelet
//! went quiet and asks this controller to look again when the grace
//! period ends.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, DeleteOptions, Store};
use kubeplay_model::api::{Node, Pod, Taint, Toleration};
use kubeplay_model::{Condition, Kind, Object, ObjectKey, Time};
use std::sync::Arc;

#[path = "podgc.rs"]
mod podgc;
pub use podgc::{OUT_OF_SERVICE, PODGC_QUARANTINE_MS, TERMINATED_POD_GC_THRESHOLD};

/// `--node-monitor-grace-period`: 50 s since v1.32 (40 s before).
pub const NODE_MONITOR_GRACE_MS: i64 = 50_000;
/// `--node-eviction-rate` 0.1: one node tainted NoExecute per 10 s per zone.
pub const TAINT_INTERVAL_MS: i64 = 10_000;
/// `--secondary-node-eviction-rate` 0.01: the rate in a partially
/// disrupted zone of more than `LARGE_CLUSTER_THRESHOLD` nodes.
pub const SECONDARY_TAINT_INTERVAL_MS: i64 = 100_000;
/// `--unhealthy-zone-threshold`: a zone with more than 2 and at least 55%
/// not-ready nodes (but not all) is partially disrupted.
const UNHEALTHY_ZONE_THRESHOLD: f32 = 0.55;
/// `--large-cluster-size-threshold`, compared with the zone's size: a
/// partially disrupted zone this small stops evicting altogether.
const LARGE_CLUSTER_THRESHOLD: usize = 50;

pub const UNREACHABLE: &str = "node.kubernetes.io/unreachable";
pub const NOT_READY: &str = "node.kubernetes.io/not-ready";
pub const UNSCHEDULABLE: &str = "node.kubernetes.io/unschedulable";
/// `TaintNodesByCondition`: a node condition that is True gets a
/// NoSchedule taint, so the scheduler keeps new pods away.
const CONDITION_TAINTS: [(&str, &str); 4] = [
    ("MemoryPressure", "node.kubernetes.io/memory-pressure"),
    ("DiskPressure", "node.kubernetes.io/disk-pressure"),
    ("NetworkUnavailable", "node.kubernetes.io/network-unavailable"),
    ("PIDPressure", "node.kubernetes.io/pid-pressure"),
];
const TAINT_EVICTION: &str = "taint-eviction-controller";

pub struct NodeLifecycleController;

impl Controller for NodeLifecycleController {
    fn id(&self) -> ControllerId {
        ControllerId::NodeLifecycle
    }
    fn component(&self) -> &'static str {
        "node-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::Node => {
                let old = change.old.as_deref().and_then(Object::as_node);
                let new = change.new.as_deref().and_then(Object::as_node);
                // A change of the Ready condition's status (monitorNodeHealth
                // looks at every node each period): Ready again, or NotReady
                // as posted. Unknown only this controller writes, and it
                // taints the node in the same reconcile.
                let ready_changed = old.map(ready_status) != new.map(ready_status) && new.map(ready_status) != Some("Unknown");
                let cordon_changed = old.map(|n| n.spec.unschedulable) != new.map(|n| n.spec.unschedulable);
                let pressure_changed = old.map(condition_taints) != new.map(condition_taints);
                let out_of_service_changed = old.map(podgc::out_of_service) != new.map(podgc::out_of_service);
                if change.type_ != ChangeType::Modified || ready_changed || cordon_changed || pressure_changed || out_of_service_changed {
                    enqueue(change.key.clone());
                }
                // Entering or leaving a disruption of every node changes
                // what every node's taints should be (`handleDisruption`).
                if old.map(is_ready) != new.map(is_ready) && disruption_edge(store, new) {
                    for n in store.list(Kind::Node, None) {
                        enqueue(n.key());
                    }
                }
                // The taint manager looks at every pod of a node whose
                // NoExecute taints changed.
                if old.map(no_execute) != new.map(no_execute) {
                    for p in store.pods_on_node(&change.key.name) {
                        enqueue(p.key());
                    }
                }
            }
            Kind::Pod => {
                let old = change.old.as_deref().and_then(Object::as_pod);
                let Some(new) = change.new.as_deref().and_then(Object::as_pod) else { return };
                // Pod GC weighs the terminated pods when one more ends.
                if store.terminated_pod_count() > TERMINATED_POD_GC_THRESHOLD && podgc::is_terminated(new) && !old.is_some_and(podgc::is_terminated) {
                    enqueue(podgc::sweep_key());
                }
                let deleting = new.metadata.deletion_timestamp.is_some() && old.is_none_or(|o| o.metadata.deletion_timestamp.is_none());
                let Some(node) = new.node_name() else {
                    // Pod GC force-deletes a terminating pod never scheduled.
                    if deleting {
                        enqueue(change.key.clone());
                    }
                    return;
                };
                // Most pod writes are status writes sharing the old spec:
                // nothing to look at, and no node to look up.
                let relevant = old.is_none_or(|o| !Arc::ptr_eq(&o.spec, &new.spec) && (o.node_name() != new.node_name() || o.spec.tolerations != new.spec.tolerations));
                if !relevant && !deleting {
                    return;
                }
                match store.get_by(Kind::Node, "", node).and_then(|n| n.as_node()) {
                    // Bound to a node that does not exist: pod GC's quarantine starts.
                    None if relevant => enqueue(ObjectKey::new(Kind::Node, "", node)),
                    Some(n) if relevant && n.spec.taints.iter().any(|t| t.effect == "NoExecute") => enqueue(change.key.clone()),
                    Some(n) if deleting && podgc::out_of_service(n) => enqueue(change.key.clone()),
                    _ => {}
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        match key.kind {
            Kind::Node => reconcile_node(key, ctx),
            Kind::Pod if key.name.is_empty() => podgc::sweep_terminated(ctx),
            Kind::Pod => reconcile_pod(key, ctx),
            _ => {}
        }
    }
}

fn is_ready(n: &Node) -> bool {
    n.status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True")
}

/// The node's kubelet has been silent for the whole grace period.
fn silent_past_grace(ctx: &Ctx, node: &str, now: Time) -> bool {
    let sim = &ctx.world().sim;
    sim.failed_nodes.contains(node) && sim.node_failed_at.get(node).is_some_and(|t| t.plus_millis(NODE_MONITOR_GRACE_MS) <= now)
}

/// Whether every node is NotReady (none with a Ready condition True);
/// false without nodes.
fn all_not_ready(store: &Store) -> bool {
    let mut nodes = store.list(Kind::Node, None).filter_map(|n| n.as_node()).peekable();
    nodes.peek().is_some() && nodes.all(|n| !is_ready(n))
}

/// After a node's readiness changed: every node is now NotReady, or this
/// node is the only Ready one.
fn disruption_edge(store: &Store, changed: Option<&Node>) -> bool {
    match changed {
        Some(n) if is_ready(n) => store.list(Kind::Node, None).filter_map(|o| o.as_node()).all(|o| o.metadata.name == n.metadata.name || !is_ready(o)),
        _ => all_not_ready(store),
    }
}

fn ready_status(n: &Node) -> &str {
    n.status.conditions.iter().find(|c| c.type_ == "Ready").map(|c| c.status.as_str()).unwrap_or("Unknown")
}

fn no_execute(n: &Node) -> Vec<Taint> {
    n.spec.taints.iter().filter(|t| t.effect == "NoExecute").map(|t| Taint { time_added: None, ..t.clone() }).collect()
}

/// The taint keys the node's True conditions call for, in condition order.
fn condition_taints(n: &Node) -> Vec<&'static str> {
    n.status
        .conditions
        .iter()
        .filter(|c| c.status == "True")
        .filter_map(|c| CONDITION_TAINTS.iter().find(|(t, _)| *t == c.type_).map(|(_, key)| *key))
        .collect()
}

fn zone(n: &Node) -> String {
    n.metadata.labels.get("topology.kubernetes.io/zone").cloned().unwrap_or_default()
}

fn pods_on(store: &Store, node: &str) -> Vec<Pod> {
    store.pods_on_node(node).filter_map(|p| p.as_pod()).filter(|p| p.node_name() == Some(node)).cloned().collect()
}

fn clock(t: Time) -> String {
    t.rfc3339().get(11..19).unwrap_or_default().to_string()
}

fn reconcile_node(key: &ObjectKey, ctx: &mut Ctx) {
    let name = key.name.to_string();
    let now = ctx.now();
    let Some(obj) = ctx.get(key) else {
        podgc::gc_orphans(&name, ctx);
        return;
    };
    let Object::Node(node) = &*obj else { return };
    ctx.world_mut().sim.orphaned_nodes.remove(&name);
    let mut node = node.clone();
    let mut notes = Vec::new();
    let taint_list = |n: &Node| if n.spec.taints.is_empty() { "none".to_string() } else { n.spec.taints.iter().map(|t| format!("{}:{}", t.key, t.effect)).collect::<Vec<_>>().join(", ") };
    let silent = ctx.world().sim.node_failed_at.get(&name).filter(|_| ctx.world().sim.failed_nodes.contains(&name)).map(|t| format!(", no status posted since {}", clock(*t))).unwrap_or_default();
    ctx.observed(format!("{name} Ready={}, taints: {}{silent}", ready_status(&node), taint_list(&node)));
    ctx.desired(format!("conditions Unknown once a node is silent for {}s, and the taints its conditions call for", NODE_MONITOR_GRACE_MS / 1000));

    if let Some(failed_at) = ctx.world().sim.node_failed_at.get(&name).copied().filter(|_| ctx.world().sim.failed_nodes.contains(&name)) {
        let deadline = failed_at.plus_millis(NODE_MONITOR_GRACE_MS);
        if now < deadline {
            ctx.requeue_after(key.clone(), deadline.millis() - now.millis());
            ctx.explain(format!(
                "{name} has not posted status since {}; if it stays silent for the {}s grace period it is marked NotReady at {}",
                clock(failed_at),
                NODE_MONITOR_GRACE_MS / 1000,
                clock(deadline)
            ));
            return;
        }
        if ready_status(&node) != "Unknown" {
            let was_ready = is_ready(&node);
            mark_unknown(&mut node, now);
            if let Ok(written) = ctx.update_status(Object::Node(node.clone())) {
                if let Object::Node(n) = &*written {
                    node = n.clone();
                }
            }
            let silent = (now.millis() - failed_at.millis()) / 1000;
            // The event and the pods' Ready go with the step from Ready
            // only; a node already NotReady had its pods marked then.
            if was_ready {
                ctx.event(&obj, "Normal", "NodeNotReady", format!("Node {name} status is now: NodeNotReady"));
                let marked = mark_pods_not_ready(ctx, &name);
                notes.push(format!("{name} stopped posting status {silent}s ago, so its conditions are now Unknown (NotReady) and its {marked} pod(s) are marked not ready"));
            } else {
                notes.push(format!("{name} stopped posting status {silent}s ago, so its conditions are now Unknown"));
            }
        }
    }

    let (taints, taint_notes) = desired_taints(ctx, &node, now);
    notes.extend(taint_notes);
    notes.extend(podgc::gc_terminating(ctx, &node));
    let wanted = if taints.is_empty() { "none".to_string() } else { taints.iter().map(|t| format!("{}:{}", t.key, t.effect)).collect::<Vec<_>>().join(", ") };
    ctx.desired(format!("Ready={} with taints: {wanted}", ready_status(&node)));
    if taints != node.spec.taints {
        let mut n = node.clone();
        n.spec.taints = taints;
        let _ = ctx.update(Object::Node(n));
    }
    ctx.explain(if notes.is_empty() { format!("{name} is {}; its taints are as they should be", if is_ready(&node) { "Ready" } else { "not Ready" }) } else { notes.join("; ") });
}

/// Sets every condition the kubelet owns to Unknown, as the controller
/// does when a kubelet stops posting status (`tryUpdateNodeHealth`): a
/// condition already Unknown is left alone, one never posted is added with
/// the node's creation as its heartbeat.
fn mark_unknown(node: &mut Node, now: Time) {
    for type_ in ["Ready", "MemoryPressure", "DiskPressure", "PIDPressure"] {
        match node.status.conditions.iter_mut().find(|o| o.type_ == type_) {
            Some(c) if c.status == "Unknown" => {}
            Some(c) => {
                c.status = "Unknown".into();
                c.reason = Some("NodeStatusUnknown".into());
                c.message = Some("Kubelet stopped posting node status.".into());
                c.last_transition_time = Some(now);
            }
            None => node.status.conditions.push(Condition {
                type_: type_.into(),
                status: "Unknown".into(),
                last_heartbeat_time: node.metadata.creation_timestamp,
                last_transition_time: Some(now),
                reason: Some("NodeStatusNeverUpdated".into()),
                message: Some("Kubelet never posted node status.".into()),
                ..Default::default()
            }),
        }
    }
}

/// `MarkPodsNotReady`: Ready becomes False on every pod of the node.
fn mark_pods_not_ready(ctx: &mut Ctx, node: &str) -> usize {
    let now = ctx.now();
    let mut n = 0;
    for mut pod in pods_on(ctx.store(), node) {
        let Some(c) = pod.status.conditions.iter_mut().find(|c| c.type_ == "Ready") else { continue };
        if c.status == "False" {
            continue;
        }
        c.status = "False".into();
        c.last_transition_time = Some(now);
        if let Ok(written) = ctx.update_status(Object::Pod(Box::new(pod))) {
            ctx.event(&written, "Warning", "NodeNotReady", "Node is not ready");
            n += 1;
        }
    }
    n
}

/// The taints the controller wants on a node: `unreachable` or
/// `not-ready` by its Ready condition (NoSchedule at once; NoExecute rate
/// limited per zone and not while a zone or the whole cluster is down),
/// and `unschedulable` while cordoned.
fn desired_taints(ctx: &mut Ctx, node: &Node, now: Time) -> (Vec<Taint>, Vec<String>) {
    let name = node.metadata.name.clone();
    let mut notes = Vec::new();
    let want = match ready_status(node) {
        "True" => None,
        "False" => Some(NOT_READY),
        _ => Some(UNREACHABLE),
    };
    let ours = |k: &str| k == UNREACHABLE || k == NOT_READY;
    let mut taints: Vec<Taint> = node.spec.taints.iter().filter(|t| !ours(&t.key) || Some(t.key.as_str()) == want).cloned().collect();
    // Every node down looks like the control plane's own network failing:
    // upstream marks every node reachable again (`markNodeAsReachable`),
    // which takes the NoExecute taints off and cancels the evictions.
    let everything_down = want.is_some() && all_not_ready(ctx.store());
    if everything_down && taints.iter().any(|t| ours(&t.key) && t.effect == "NoExecute") {
        taints.retain(|t| !(ours(&t.key) && t.effect == "NoExecute"));
        notes.push(format!("every node is NotReady, so {name}'s NoExecute taint is removed and its pods' evictions are cancelled"));
    }
    let removed = node.spec.taints.len() - taints.len();
    // Unreachable and not-ready trade places at once, bypassing the rate
    // limiter (`SwapNodeControllerTaint`): the node was already chosen
    // for eviction.
    let swapped = !everything_down && want.is_some() && node.spec.taints.iter().any(|t| ours(&t.key) && t.effect == "NoExecute" && Some(t.key.as_str()) != want);
    if removed > 0 && want.is_none() {
        notes.push(format!("{name} is Ready again, so its {removed} node-controller taint(s) are removed"));
    }
    let has = |ts: &[Taint], key: &str, effect: &str| ts.iter().any(|t| t.key == key && t.effect == effect);
    let taint = |key: &str, effect: &str| Taint { key: key.into(), value: None, effect: effect.into(), time_added: Some(now) };
    if let Some(key) = want {
        if !has(&taints, key, "NoSchedule") {
            taints.push(taint(key, "NoSchedule"));
            notes.push(format!("{name} gets the {key}:NoSchedule taint so no new pods land on it"));
        }
        if !has(&taints, key, "NoExecute") && swapped {
            taints.push(taint(key, "NoExecute"));
            notes.push(format!("{name}'s NoExecute taint becomes {key}:NoExecute, as its Ready condition changed"));
        } else if !has(&taints, key, "NoExecute") {
            match no_execute_allowed(ctx, node, now) {
                Ok(()) => {
                    taints.push(taint(key, "NoExecute"));
                    let z = zone(node);
                    ctx.world_mut().sim.taint_limiter.insert(z, now.plus_millis(TAINT_INTERVAL_MS));
                    notes.push(format!("{name} gets the {key}:NoExecute taint: pods that do not tolerate it are evicted once their toleration runs out"));
                }
                Err(why) => notes.push(why),
            }
        }
    } else if has(&taints, UNREACHABLE, "NoExecute") || has(&taints, NOT_READY, "NoExecute") {
        // Unreachable: handled above by filtering.
    }
    let wanted = condition_taints(node);
    for (condition, key) in CONDITION_TAINTS {
        let present = has(&taints, key, "NoSchedule");
        if wanted.contains(&key) && !present {
            taints.push(taint(key, "NoSchedule"));
            notes.push(format!("{name} reports {condition}, so it gets the {key}:NoSchedule taint"));
        } else if !wanted.contains(&key) && present {
            taints.retain(|t| t.key != key);
            notes.push(format!("{name} no longer reports {condition}, so the {key} taint is removed"));
        }
    }
    let cordoned = node.spec.unschedulable == Some(true);
    if cordoned && !has(&taints, UNSCHEDULABLE, "NoSchedule") {
        taints.push(taint(UNSCHEDULABLE, "NoSchedule"));
        notes.push(format!("{name} is cordoned, so it gets the {UNSCHEDULABLE}:NoSchedule taint"));
    } else if !cordoned && has(&taints, UNSCHEDULABLE, "NoSchedule") {
        taints.retain(|t| t.key != UNSCHEDULABLE);
        notes.push(format!("{name} is uncordoned, so the {UNSCHEDULABLE} taint is removed"));
    }
    (taints, notes)
}

/// A zone's health (`ComputeZoneState`) from its ready and not-ready
/// node counts; a node without a Ready condition counts as not ready.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneState {
    Normal,
    PartialDisruption,
    FullDisruption,
}

pub fn zone_state(ready: usize, not_ready: usize) -> ZoneState {
    if ready == 0 && not_ready > 0 {
        ZoneState::FullDisruption
    } else if not_ready > 2 && not_ready as f32 / (ready + not_ready) as f32 >= UNHEALTHY_ZONE_THRESHOLD {
        ZoneState::PartialDisruption
    } else {
        ZoneState::Normal
    }
}

/// How often a zone may have a node tainted NoExecute (`setLimiterInZone`
/// with `ReducedQPSFunc` for partial disruption and `HealthyQPSFunc` for
/// a zone that is entirely down while others are not); None when
/// evictions there stop.
pub fn taint_interval(state: ZoneState, zone_size: usize) -> Option<i64> {
    match state {
        ZoneState::Normal | ZoneState::FullDisruption => Some(TAINT_INTERVAL_MS),
        ZoneState::PartialDisruption if zone_size > LARGE_CLUSTER_THRESHOLD => Some(SECONDARY_TAINT_INTERVAL_MS),
        ZoneState::PartialDisruption => None,
    }
}

/// Whether a NoExecute taint may be added to `node` now; Err says why not
/// (and arms a retry when it is only the rate limit).
fn no_execute_allowed(ctx: &mut Ctx, node: &Node, now: Time) -> Result<(), String> {
    let nodes: Vec<Node> = ctx.store().list(Kind::Node, None).filter_map(|n| n.as_node().cloned()).collect();
    // Upstream updates every node's health in one pass before it weighs
    // the zones; here nodes are reconciled one at a time, so a node whose
    // grace period ran out at this instant counts as NotReady already.
    let is_ready = |n: &Node| is_ready(n) && !silent_past_grace(ctx, &n.metadata.name, now);
    if !nodes.is_empty() && nodes.iter().all(|n| !is_ready(n)) {
        return Err("every node is NotReady, which looks like a control-plane or network problem rather than node failures, so no pods are evicted".into());
    }
    let z = zone(node);
    let in_zone: Vec<&Node> = nodes.iter().filter(|n| zone(n) == z).collect();
    let not_ready = in_zone.iter().filter(|n| !is_ready(n)).count();
    let Some(interval) = taint_interval(zone_state(in_zone.len() - not_ready, not_ready), in_zone.len()) else {
        return Err(format!("zone {z:?} is partially disrupted ({not_ready} of {} nodes NotReady), so evictions there are paused", in_zone.len()));
    };
    // The limiter's next free slot was set by the last taint at the rate
    // then in force; a slower rate now spaces this one from that taint.
    let next = ctx.world().sim.taint_limiter.get(&z).map(|t| t.plus_millis(interval - TAINT_INTERVAL_MS)).filter(|t| *t > now);
    if let Some(next) = next {
        ctx.requeue_after(ObjectKey::new(Kind::Node, "", &node.metadata.name), next.millis() - now.millis());
        return Err(format!("evictions in zone {z:?} are rate-limited to one node per {}s; tainting waits until {}", interval / 1000, clock(next)));
    }
    Ok(())
}

fn set_condition(conds: &mut Vec<Condition>, type_: &str, reason: &str, message: &str, now: Time) {
    let c = Condition { type_: type_.into(), status: "True".into(), last_transition_time: Some(now), reason: Some(reason.into()), message: Some(message.into()), ..Default::default() };
    match conds.iter_mut().find(|o| o.type_ == type_) {
        Some(o) if o.status == "True" => {}
        Some(o) => *o = c,
        None => conds.push(c),
    }
}

pub use kubeplay_model::api::tolerates;

/// How long a pod may stay on a node with these NoExecute taints: None if
/// some taint is not tolerated (evict now), Some(None) forever,
/// Some(Some(ms)) that long (`GetMatchingTolerations` + `getMinTolerationTime`).
pub fn toleration_time(tolerations: &[Toleration], taints: &[Taint]) -> Option<Option<i64>> {
    let mut used = Vec::new();
    for taint in taints {
        used.push(tolerations.iter().find(|t| tolerates(t, taint))?);
    }
    if used.is_empty() {
        return Some(Some(0));
    }
    let mut min: Option<i64> = None;
    for t in used {
        if let Some(s) = t.toleration_seconds {
            let ms = s.max(0) * 1000;
            min = Some(min.map_or(ms, |m| m.min(ms)));
        }
    }
    Some(min)
}

/// The taint manager for one pod.
fn reconcile_pod(key: &ObjectKey, ctx: &mut Ctx) {
    let slot = format!("{}/{}", key.namespace, key.name);
    let now = ctx.now();
    ctx.desired("every pod that does not tolerate its node's NoExecute taints evicted, once its tolerationSeconds pass");
    let Some(obj) = ctx.get(key) else {
        ctx.observed(format!("pod {slot} is gone"));
        ctx.world_mut().sim.evictions.remove(&slot);
        ctx.explain(format!("pod {slot} is gone; nothing to evict"));
        return;
    };
    let Object::Pod(pod) = &*obj else { return };
    let name = format!("{}/{}", pod.metadata.namespace, pod.metadata.name);
    let taints = pod.node_name().and_then(|n| ctx.store().get_by(Kind::Node, "", n)).and_then(|n| n.as_node().map(no_execute)).unwrap_or_default();
    let on = pod.node_name().unwrap_or("no node");
    ctx.observed(if taints.is_empty() {
        format!("{name} on {on}, which has no NoExecute taints")
    } else {
        format!("{name} on {on}, tainted {}", taints.iter().map(|t| format!("{}:{}", t.key, t.effect)).collect::<Vec<_>>().join(", "))
    });
    if pod.metadata.deletion_timestamp.is_some() {
        ctx.world_mut().sim.evictions.remove(&slot);
        if podgc::gc_terminating_pod(ctx, pod) {
            ctx.explain(format!("{name} is terminating where no kubelet will finish it (never scheduled, or its node is out of service), so pod GC force-deleted it"));
        } else {
            ctx.explain(format!("{name} is already being deleted; no eviction needed"));
        }
        return;
    }
    let cancel = |ctx: &mut Ctx, why: &str| -> bool {
        let had = ctx.world_mut().sim.evictions.remove(&slot).is_some();
        if had {
            ctx.event_from(&obj, "Normal", "TaintManagerEviction", format!("Cancelling deletion of Pod {name}"), TAINT_EVICTION, None);
            ctx.explain(format!("the eviction of {name} is cancelled: {why}"));
        }
        had
    };
    if taints.is_empty() {
        if !cancel(ctx, "its node has no NoExecute taints any more") {
            ctx.explain(format!("{name}'s node has no NoExecute taints, so it stays"));
        }
        return;
    }
    let keys: Vec<String> = taints.iter().map(|t| format!("{}:{}", t.key, t.effect)).collect();
    let due = match toleration_time(&pod.spec.tolerations, &taints) {
        None => now,
        Some(None) => {
            if !cancel(ctx, "it tolerates the taints forever") {
                ctx.explain(format!("{name} tolerates {} forever, so it stays", keys.join(", ")));
            }
            return;
        }
        // An eviction already scheduled keeps its time when the
        // tolerations change: upstream's `processPodOnNode` keeps the
        // queued work, so neither a longer nor a shorter toleration moves it.
        Some(Some(ms)) => *ctx.world_mut().sim.evictions.entry(slot.clone()).or_insert(now.plus_millis(ms)),
    };
    if now < due {
        ctx.requeue_after(key.clone(), due.millis() - now.millis());
        ctx.explain(format!("{name} tolerates {} for {}s: unless the taint goes, it is evicted at {}", keys.join(", "), (due.millis() - now.millis()) / 1000, clock(due)));
        return;
    }
    ctx.event_from(&obj, "Normal", "TaintManagerEviction", format!("Marking for deletion Pod {name}"), TAINT_EVICTION, None);
    let mut p = pod.clone();
    set_condition(&mut p.status.conditions, "DisruptionTarget", "DeletionByTaintManager", "Taint manager: deleting due to NoExecute taint", now);
    let _ = ctx.update_status(Object::Pod(p));
    let _ = ctx.delete(key, DeleteOptions::default());
    ctx.world_mut().sim.evictions.remove(&slot);
    ctx.explain(format!("{name} does not tolerate {} (any longer), so the taint manager deletes it", keys.join(", ")));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tol(key: Option<&str>, op: &str, value: Option<&str>, effect: Option<&str>, secs: Option<i64>) -> Toleration {
        Toleration { key: key.map(str::to_string), operator: Some(op.into()), value: value.map(str::to_string), effect: effect.map(str::to_string), toleration_seconds: secs }
    }
    fn taint(key: &str, value: Option<&str>, effect: &str) -> Taint {
        Taint { key: key.into(), value: value.map(str::to_string), effect: effect.into(), time_added: None }
    }

    // v1helper.ToleratesTaint cases.
    #[test]
    fn toleration_matching() {
        let t = taint(UNREACHABLE, None, "NoExecute");
        assert!(tolerates(&tol(Some(UNREACHABLE), "Exists", None, Some("NoExecute"), Some(300)), &t));
        assert!(tolerates(&tol(None, "Exists", None, None, None), &t), "empty key with Exists tolerates everything");
        assert!(!tolerates(&tol(Some(UNREACHABLE), "Exists", None, Some("NoSchedule"), None), &t));
        assert!(tolerates(&tol(Some(UNREACHABLE), "Exists", None, None, None), &t), "empty effect matches all effects");
        let kv = taint("dedicated", Some("gpu"), "NoExecute");
        assert!(tolerates(&tol(Some("dedicated"), "Equal", Some("gpu"), Some("NoExecute"), None), &kv));
        assert!(!tolerates(&tol(Some("dedicated"), "Equal", Some("cpu"), Some("NoExecute"), None), &kv));
    }

    // taint_eviction_test.go getMinTolerationTime cases and the default
    // tolerations admission adds.
    #[test]
    fn toleration_times() {
        let unreachable = vec![taint(UNREACHABLE, None, "NoExecute")];
        let default = vec![
            tol(Some(NOT_READY), "Exists", None, Some("NoExecute"), Some(300)),
            tol(Some(UNREACHABLE), "Exists", None, Some("NoExecute"), Some(300)),
        ];
        assert_eq!(toleration_time(&default, &unreachable), Some(Some(300_000)));
        assert_eq!(toleration_time(&[], &unreachable), None, "not tolerated: evict now");
        assert_eq!(toleration_time(&[tol(Some(UNREACHABLE), "Exists", None, Some("NoExecute"), None)], &unreachable), Some(None), "no tolerationSeconds: forever");
        assert_eq!(toleration_time(&[tol(Some(UNREACHABLE), "Exists", None, Some("NoExecute"), Some(-5))], &unreachable), Some(Some(0)));
        let two = vec![taint(UNREACHABLE, None, "NoExecute"), taint("x", None, "NoExecute")];
        let both = vec![tol(Some(UNREACHABLE), "Exists", None, None, Some(300)), tol(Some("x"), "Exists", None, None, Some(60))];
        assert_eq!(toleration_time(&both, &two), Some(Some(60_000)), "the smallest toleration wins");
        assert_eq!(toleration_time(&default, &two), None);
    }
}

#[cfg(test)]
#[path = "nodelifecycle_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
#[path = "podgc_upstream_tests.rs"]
mod podgc_upstream_tests;
