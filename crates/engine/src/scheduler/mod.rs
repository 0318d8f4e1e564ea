//! The scheduler (kube-scheduler): picks a node for each pending pod the
//! way the default profile does — filter out nodes that can't run it,
//! score the rest, bind to the best — and when none fits, tries preemption
//! and reports why, in the words a real cluster uses.
//!
//! Layout: [`cache`] mirrors the cluster (kept current by [`observe`], the
//! scheduler's informers), [`queue`] holds pending pods, [`framework`]
//! defines the extension points, [`plugins`] the default plugins,
//! [`cycle`] the algorithm, [`explain`] the per-node "why" for learners.

pub mod affinity_index;
pub mod cache;
pub mod config;
pub mod cycle;
pub mod domain_ids;
pub mod domains;
pub mod explain;
pub mod framework;
pub mod host_counts;
pub mod plugins;
pub mod queue;
pub mod resources;
pub mod score_memo;

use crate::controller::{Controller, Ctx};
use crate::world::{ControllerId, Timer, World};
use cache::{Cache, PodInfo};
use config::SchedulerConfig;
use cycle::{schedule_pod, CycleInput, CycleOutcome, NominatedOn};
use framework::{fit_error_message, ClusterEvent, Cx, CycleState, Profile};
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::Pod;
use kubeplay_model::meta::set_condition;
use kubeplay_model::{Condition, Kind, Object, ObjectKey};
use plugins::default_preemption::{self, Outcome};
use queue::{QState, Queue, QueuedPod};
use std::collections::BTreeSet;
use std::sync::Arc;

pub use config::DEFAULT_SCHEDULER_NAME as SCHEDULER_NAME;
pub use explain::{explain, Explanation};

/// The scheduler's own state, part of the world (persistent, O(1) clone).
#[derive(Clone, Default)]
pub struct SchedulerState {
    pub cache: Cache,
    pub queue: Queue,
    pub config: Arc<SchedulerConfig>,
    /// Where the next cycle starts walking nodes (round-robin fairness).
    pub next_start: usize,
    /// The cycle's facts about a pod being bound this step, for the cache
    /// to take when it sees the bind (see [`cache::Cache::bind_pod`]).
    pub binding: Option<PodInfo>,
}

/// Replaces the scheduler configuration (profiles, strategies, back-off).
pub fn set_config(world: &mut World, config: SchedulerConfig) {
    world.scheduler.config = Arc::new(config);
}

pub struct Scheduler;

/// A pod some profile of this scheduler should place: unbound, not being
/// deleted, not finished, not gated, and naming a scheduler we serve.
pub fn wants_scheduling(p: &Pod, config: &SchedulerConfig) -> bool {
    let gated = p.spec.scheduling_gates.as_ref().and_then(|g| g.as_array()).is_some_and(|a| !a.is_empty());
    p.node_name().is_none()
        && p.metadata.deletion_timestamp.is_none()
        && !matches!(p.phase(), "Succeeded" | "Failed")
        && !gated
        && config.profile(p.spec.scheduler_name.as_deref().unwrap_or(SCHEDULER_NAME)).is_some()
}

/// Feeds one store change to the scheduler's cache and queue, as its
/// informers' event handlers do. Called by the engine for every change.
pub fn observe(world: &mut World, change: &Change) {
    let now = world.now;
    let mut events: Vec<ClusterEvent> = Vec::new();
    let mut to_enqueue: Vec<ObjectKey> = Vec::new();
    {
        let st = &mut world.scheduler;
        match change.key.kind {
            Kind::Pod => {
                let old = change.old.as_deref().and_then(Object::as_pod);
                let new = change.new.as_deref().and_then(Object::as_pod);
                let was_cached = old.is_some_and(cache::is_cached);
                let is_cached = new.is_some_and(cache::is_cached);
                // The bind of the pod a cycle just placed: the version the
                // cycle read (the same object), now on a node.
                let bound = st.binding.take().filter(|b| b.key == change.key && !was_cached && change.old.as_ref().is_some_and(|o| Arc::ptr_eq(o, &b.obj)));
                match (bound, change.new.as_ref()) {
                    (Some(facts), Some(new)) if is_cached => st.cache.bind_pod(&change.key, new, facts),
                    _ if was_cached || is_cached => st.cache.set_pod(&change.key, change.new.as_ref()),
                    _ => {}
                }
                match (was_cached, is_cached) {
                    (true, false) => events.push(ClusterEvent::AssignedPodDelete),
                    (false, true) => events.push(ClusterEvent::AssignedPodAdd),
                    (true, true) if old.map(|o| &o.metadata.labels) != new.map(|n| &n.metadata.labels) => events.push(ClusterEvent::AssignedPodUpdate),
                    _ => {}
                }
                match new.filter(|p| wants_scheduling(p, &st.config)) {
                    Some(p) => {
                        let info = || Arc::new(PodInfo::new(change.new.clone().unwrap_or_default_obj()));
                        let nominated = p.status.nominated_node_name.as_deref().filter(|n| !n.is_empty()).map(str::to_string);
                        st.queue.set_nominated(&change.key, nominated.map(|n| (n, info())));
                        match st.queue.get(&change.key) {
                            None => {
                                st.queue.set(change.key.clone(), QueuedPod::new(now));
                                to_enqueue.push(change.key.clone());
                            }
                            Some(q) if q.state == QState::Unschedulable => {
                                let spec_changed = old.is_none_or(|o| !o.same_spec(p) || o.metadata.labels != p.metadata.labels);
                                if spec_changed {
                                    to_enqueue.push(change.key.clone());
                                }
                            }
                            _ => {}
                        }
                    }
                    None => st.queue.remove(&change.key),
                }
            }
            Kind::Node => {
                st.cache.set_node(&change.key.name, change.new.clone());
                let old = change.old.as_deref().and_then(Object::as_node);
                let new = change.new.as_deref().and_then(Object::as_node);
                match (old, new) {
                    (None, Some(_)) => events.push(ClusterEvent::NodeAdd),
                    (Some(o), Some(n)) if node_update_matters(o, n) => events.push(ClusterEvent::NodeUpdate),
                    _ => {}
                }
            }
            Kind::PersistentVolumeClaim | Kind::PersistentVolume | Kind::StorageClass => events.push(ClusterEvent::StorageChange),
            Kind::Namespace if change.old.as_ref().map(|o| &o.meta().labels) != change.new.as_ref().map(|n| &n.meta().labels) => {
                events.push(ClusterEvent::NamespaceChange);
            }
            _ => {}
        }
        st.cache.synced_rv = change.resource_version;
    }
    for ev in events {
        move_unschedulable(world, ev, &mut to_enqueue);
    }
    for key in to_enqueue {
        activate(world, &key);
    }
}

trait ObjOrDefault {
    fn unwrap_or_default_obj(self) -> Arc<Object>;
}

impl ObjOrDefault for Option<Arc<Object>> {
    fn unwrap_or_default_obj(self) -> Arc<Object> {
        self.unwrap_or_else(|| Arc::new(Object::Pod(Box::default())))
    }
}

/// Whether a node's update is one upstream's NodeSchedulingPropertiesChange
/// reports: an uncordon (a cordon helps no pod), allocatable, labels,
/// taints, or a condition's status. Images, heartbeats and the rest of the
/// spec move no pod.
fn node_update_matters(o: &kubeplay_model::api::Node, n: &kubeplay_model::api::Node) -> bool {
    let uncordoned = o.spec.unschedulable.unwrap_or(false) && !n.spec.unschedulable.unwrap_or(false);
    let same_conditions = |a: &[Condition], b: &[Condition]| a.len() == b.len() && a.iter().all(|c| b.iter().any(|d| d.type_ == c.type_ && d.status == c.status));
    uncordoned
        || o.spec.taints != n.spec.taints
        || o.metadata.labels != n.metadata.labels
        || o.status.allocatable != n.status.allocatable
        || !same_conditions(&o.status.conditions, &n.status.conditions)
}

/// Unschedulable pods a plugin that rejected them cares about `ev` for.
fn move_unschedulable(world: &World, ev: ClusterEvent, out: &mut Vec<ObjectKey>) {
    if !world.scheduler.queue.has_unschedulable() {
        return;
    }
    let interested: BTreeSet<&'static str> = plugins::default_filters().iter().filter(|p| p.events().contains(&ev)).map(|p| p.name()).collect();
    for (key, q) in world.scheduler.queue.unschedulable() {
        if q.plugins.is_empty() || q.plugins.iter().any(|p| interested.contains(p)) {
            out.push(key.clone());
        }
    }
}

/// Moves a pod to the active queue, or to back-off if it failed too recently.
fn activate(world: &mut World, key: &ObjectKey) {
    let now = world.now;
    let Some(mut q) = world.scheduler.queue.get(key).cloned() else { return };
    if q.state == QState::Active && q.attempts > 0 {
        return;
    }
    if q.attempts > 0 && now < q.backoff_until {
        if q.state != QState::Backoff {
            q.state = QState::Backoff;
            q.since = now;
            world.add_timer(q.backoff_until, Timer { controller: ControllerId::Scheduler, key: key.clone(), periodic: false });
        }
    } else {
        q.state = QState::Active;
        q.since = now;
        world.enqueue(ControllerId::Scheduler, key.clone());
    }
    world.scheduler.queue.set(key.clone(), q);
}

/// Rebuilds the cache and queue if the store changed without the engine
/// telling us (a world assembled by hand, say).
fn ensure_synced(world: &mut World) {
    if world.scheduler.cache.synced_rv == world.store.resource_version() {
        return;
    }
    world.scheduler.cache = Cache::rebuild(&world.store);
    let now = world.now;
    let config = world.scheduler.config.clone();
    let pending: Vec<ObjectKey> = world.store.list(Kind::Pod, None).filter(|p| p.as_pod().is_some_and(|p| wants_scheduling(p, &config))).map(|p| p.key()).collect();
    for k in pending {
        if !world.scheduler.queue.contains_key(&k) {
            world.scheduler.queue.set(k, QueuedPod::new(now));
        }
    }
}

impl Controller for Scheduler {
    fn id(&self) -> ControllerId {
        ControllerId::Scheduler
    }
    fn component(&self) -> &'static str {
        "default-scheduler"
    }

    /// Everything the scheduler watches goes through [`observe`], which
    /// keeps its cache and queue and enqueues pods when they are ready.
    fn watch(&self, _change: &Change, _store: &Store, _enqueue: &mut dyn FnMut(ObjectKey)) {}

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        ensure_synced(ctx.world_mut());
        let Some(obj) = ctx.get(key) else {
            ctx.world_mut().scheduler.queue.remove(key);
            ctx.explain(format!("pod {} is gone; nothing to schedule", key.name));
            return;
        };
        let Object::Pod(pod) = &*obj else { return };
        let config = ctx.world().scheduler.config.clone();
        if !wants_scheduling(pod, &config) {
            ctx.world_mut().scheduler.queue.remove(key);
            ctx.explain(format!("pod {} no longer needs a node", pod.metadata.name));
            return;
        }
        let now = ctx.now();
        let q = ctx.world().scheduler.queue.get(key).cloned().unwrap_or_else(|| QueuedPod::new(now));
        match q.state {
            QState::Backoff if now < q.backoff_until => {
                ctx.explain(format!("{} is backing off after {} failed attempts; it is retried at {}", pod.metadata.name, q.attempts, q.backoff_until.rfc3339()));
                return;
            }
            QState::Unschedulable if now.millis() < q.since.millis() + config.pod_max_in_unschedulable_ms => {
                ctx.explain(format!("{} waits for a cluster change that could make it fit", pod.metadata.name));
                return;
            }
            _ => {}
        }
        let profile_cfg = config.profile(pod.spec.scheduler_name.as_deref().unwrap_or(SCHEDULER_NAME)).cloned().unwrap_or_else(|| config::ProfileConfig::default_named(SCHEDULER_NAME));
        schedule_one(ctx, obj.clone(), pod, &profile_cfg, q);
    }
}

fn schedule_one(ctx: &mut Ctx, obj: Arc<Object>, pod: &Pod, profile_cfg: &config::ProfileConfig, q: QueuedPod) {
    let profile = Profile::new(profile_cfg);
    let info = PodInfo::new(obj.clone());
    let (order, infos, percentage, next_start) = {
        let st = &mut ctx.world_mut().scheduler;
        if !info.affinity.is_empty() {
            st.cache.ensure_group_nodes();
        }
        if st.config.domain_counts {
            st.cache.ensure_affinity_index();
            for key in plugins::pod_topology_spread::indexed_keys(pod) {
                st.cache.ensure_domain_index(key);
            }
        }
        let pct = profile_cfg.percentage_of_nodes_to_score.unwrap_or(st.config.percentage_of_nodes_to_score);
        (st.cache.order(), st.cache.ordered_infos(), pct, st.next_start)
    };
    // The cycle reads the world as it is; the seeded rng breaks ties.
    let (outcome, next, mut rng, state) = {
        let world = ctx.world();
        let mut rng = world.rng;
        let st = &world.scheduler;
        let cx = Cx { pod: &info, cache: &st.cache, store: &world.store, profile: profile_cfg };
        let mut state = CycleState::default();
        let nominated = |n: &str| st.queue.nominated_on(n);
        let nominated: Option<NominatedOn> = if st.queue.has_nominated() { Some(&nominated) } else { None };
        let input = CycleInput { order: &order, infos: &infos, percentage, next_start, nominated };
        let (outcome, next) = schedule_pod(&profile, &cx, &mut state, &input, &mut |k| rng.below(k));
        (outcome, next, rng, state)
    };
    // The cycle's view of the nodes shares chunks with the cache's: gone
    // before the bind, the bind updates the cache's in place instead of
    // copying the chunk it touches.
    drop(infos);
    if let Some((ns, sel)) = &state.host_counts_wanted {
        let st = &mut ctx.world_mut().scheduler;
        if st.config.domain_counts {
            st.cache.ensure_host_counts(ns, sel);
        }
    }
    let now = ctx.now();
    match outcome {
        CycleOutcome::Scheduled { node, feasible, examined, score } => {
            ctx.world_mut().rng = rng;
            ctx.world_mut().scheduler.next_start = next;
            ctx.world_mut().scheduler.binding = Some(info);
            bind(ctx, &obj, pod, &node, &state);
            let why = match score {
                Some(s) => format!("{node} scored best ({s})"),
                None if feasible == 1 && examined == 1 && pod.status.nominated_node_name.as_deref() == Some(node.as_str()) => format!("its nominated node {node} now fits"),
                None => format!("{node} was the only node that fits"),
            };
            ctx.observed(format!("pod {} is not bound; {feasible} of {examined} nodes examined can run it", pod.metadata.name));
            ctx.desired("the pod bound to the best feasible node");
            ctx.explain(format!("{} fits on {feasible} of the {examined} nodes examined; {why}, so the pod is bound there", pod.metadata.name));
        }
        CycleOutcome::NoNodes => {
            ctx.world_mut().scheduler.next_start = next;
            fail(ctx, &obj, pod, "no nodes available to schedule pods".into(), Some(None), BTreeSet::new(), q);
            ctx.explain(format!("there are no nodes, so {} stays Pending", pod.metadata.name));
        }
        CycleOutcome::Failed(f) => {
            let pre_msg = f.pre_filter.as_ref().map(|s| s.message()).unwrap_or_default();
            // Preemption reads the world the cycle read (nothing has
            // changed since) while the victims are evicted through `ctx`:
            // a snapshot, taken only when a cycle fails.
            let world = ctx.world().clone();
            let st = &world.scheduler;
            let cx = Cx { pod: &info, cache: &st.cache, store: &world.store, profile: profile_cfg };
            let nominated = |n: &str| st.queue.nominated_on(n);
            let input = default_preemption::Input {
                profile: &profile,
                cx: &cx,
                state: &state,
                statuses: &f.statuses,
                order: &order,
                nominated: &nominated,
                now,
                rand: rng.next_u64(),
            };
            let outcome = default_preemption::preempt(&input);
            ctx.world_mut().rng = rng;
            ctx.world_mut().scheduler.next_start = next;
            let msg = fit_error_message(f.num_nodes, &pre_msg, &f.statuses, f.absent.as_ref(), &outcome.message());
            let nominate = match &outcome {
                Outcome::Preempt(c) => {
                    preempt_victims(ctx, pod, c);
                    Some(Some(c.node.clone()))
                }
                Outcome::NoCandidates(_) => Some(None),
                Outcome::NotEligible(_) => None,
            };
            ctx.observed(format!("pod {} is not bound; no node of {} can run it", pod.metadata.name, f.num_nodes));
            ctx.desired("the pod bound to a feasible node");
            let explanation = match &outcome {
                Outcome::Preempt(c) => format!(
                    "no node can run {} as things are ({msg}); evicting {} lower-priority pod(s) on {} makes room, so the pod is nominated there",
                    pod.metadata.name,
                    c.victims.len(),
                    c.node
                ),
                _ => format!("no node can run {}: {msg}", pod.metadata.name),
            };
            fail(ctx, &obj, pod, msg, nominate, f.plugins, q);
            ctx.explain(explanation);
        }
    }
}

/// Bind: PreBind (volume claims get the chosen node), then the binding
/// (`spec.nodeName` and PodScheduled=True) and the Scheduled event.
fn bind(ctx: &mut Ctx, obj: &Arc<Object>, pod: &Pod, node: &str, state: &CycleState) {
    if let Some(vb) = &state.volume_binding {
        for (claim, _) in &vb.unbound {
            let mut c = (**claim).clone();
            c.meta_mut().annotations.insert(plugins::volume_binding::SELECTED_NODE.into(), node.to_string());
            let _ = ctx.update(c);
        }
    }
    // The pods/binding subresource sets spec.nodeName and PodScheduled=True in one write.
    if ctx.bind(&obj.key(), node).is_err() {
        ctx.world_mut().scheduler.binding = None;
        return;
    }
    ctx.world_mut().scheduler.queue.remove(&obj.key());
    ctx.event_v1(obj, None, "Normal", "Scheduled", "Binding", format!("Successfully assigned {}/{} to {node}", pod.metadata.namespace, pod.metadata.name));
}

/// Marks the victims DisruptionTarget, deletes them, and clears lower
/// priority pods' nominations to that node.
fn preempt_victims(ctx: &mut Ctx, preemptor: &Pod, c: &plugins::default_preemption::Candidate) {
    // The event names the preemptor as its related object.
    let preemptor_obj = Object::Pod(Box::new(preemptor.clone()));
    let sched_name = preemptor.spec.scheduler_name.clone().unwrap_or_else(|| SCHEDULER_NAME.into());
    for v in &c.victims {
        if v.pod().metadata.deletion_timestamp.is_some() {
            continue;
        }
        let mut vp = v.pod().clone();
        vp.metadata.resource_version = Default::default();
        set_condition(
            &mut vp.status.conditions,
            Condition {
                type_: "DisruptionTarget".into(),
                status: "True".into(),
                last_transition_time: Some(ctx.now()),
                reason: Some("PreemptionByScheduler".into()),
                message: Some(format!("{sched_name}: preempting to accommodate a higher priority pod").into()),
                ..Default::default()
            },
        );
        let _ = ctx.update_status(Object::Pod(Box::new(vp)));
        if ctx.delete(&v.key, DeleteOptions::default()).is_ok() {
            let victim_obj = v.obj.clone();
            ctx.event_v1(&victim_obj, Some(&preemptor_obj), "Normal", "Preempted", "Preempting", format!("Preempted by pod {} on node {}", preemptor.metadata.uid, c.node));
        }
    }
    let lower: Vec<Arc<PodInfo>> =
        ctx.world().scheduler.queue.nominated_on(&c.node).into_iter().filter(|p| p.priority < preemptor.spec.priority.unwrap_or(0)).collect();
    for p in lower {
        if let Some(Object::Pod(cur)) = ctx.get(&p.key).as_deref() {
            let mut cur = cur.clone();
            cur.status.nominated_node_name = None;
            let _ = ctx.update_status(Object::Pod(cur));
        }
    }
}

/// The failure handler: PodScheduled=False with the reason, the
/// FailedScheduling event, the nomination, and the pod back in the queue.
/// `nominate`: None keeps the nomination, Some(x) sets it to x.
fn fail(ctx: &mut Ctx, obj: &Arc<Object>, pod: &Pod, msg: String, nominate: Option<Option<String>>, plugins: BTreeSet<&'static str>, mut q: QueuedPod) {
    let now = ctx.now();
    let mut p = pod.clone();
    set_condition(
        &mut p.status.conditions,
        Condition { type_: "PodScheduled".into(), status: "False".into(), last_transition_time: Some(now), reason: Some("Unschedulable".into()), message: Some(msg.as_str().into()), ..Default::default() },
    );
    p.status.phase = Some("Pending".into());
    if let Some(n) = nominate {
        p.status.nominated_node_name = n.map(kubeplay_model::Atom::from);
    }
    let _ = ctx.update_status(Object::Pod(Box::new(p)));
    ctx.event_v1(obj, None, "Warning", "FailedScheduling", "Scheduling", truncate_note(msg));
    let config = ctx.world().scheduler.config.clone();
    q.attempts += 1;
    q.since = now;
    q.backoff_until = now.plus_millis(config.backoff_ms(q.attempts));
    q.plugins = plugins;
    if q.plugins.is_empty() {
        // No plugin rejected the pod (there are no nodes): no event can be
        // waited for, so upstream retries it once its back-off is over.
        q.state = QState::Backoff;
        let timer = Timer { controller: ControllerId::Scheduler, key: obj.key(), periodic: false };
        ctx.world_mut().add_timer(q.backoff_until, timer);
        ctx.world_mut().scheduler.queue.set(obj.key(), q);
        return;
    }
    q.state = QState::Unschedulable;
    ctx.world_mut().scheduler.queue.set(obj.key(), q);
    // Pods left unschedulable too long are retried anyway (a periodic flush).
    ctx.resync_after(obj.key(), config.pod_max_in_unschedulable_ms);
}

/// An Event's note is at most 1 KiB (the API rejects longer ones), so a
/// long FailedScheduling message is cut there and ends in " ..."; the
/// PodScheduled condition keeps the whole text.
fn truncate_note(mut msg: String) -> String {
    const NOTE_LENGTH_LIMIT: usize = 1024;
    const SUFFIX: &str = " ...";
    if msg.len() <= NOTE_LENGTH_LIMIT {
        return msg;
    }
    let mut end = NOTE_LENGTH_LIMIT - SUFFIX.len();
    // Go cuts bytes; a cut inside a character backs off to its start.
    while !msg.is_char_boundary(end) {
        end -= 1;
    }
    msg.truncate(end);
    msg.push_str(SUFFIX);
    msg
}
