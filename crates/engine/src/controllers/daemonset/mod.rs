//! The DaemonSet controller (`pkg/controller/daemon`): one pod on every
//! eligible node. Pods are pinned to their node by node affinity on
//! `metadata.name` and bound by the scheduler, as upstream does; nodes
//! coming and going add and remove pods; template changes roll out node
//! by node within maxUnavailable/maxSurge (RollingUpdate) or wait for the
//! user to delete pods (OnDelete). Template snapshots are kept as
//! ControllerRevisions for `rollout history/undo`.

pub mod eligibility;
pub mod plan;
#[cfg(test)]
mod controller_upstream_tests;
#[cfg(test)]
mod update_upstream_tests;
#[cfg(test)]
mod upstream_harness;

use crate::controller::{Controller, Ctx};
use crate::controllers::deployment::util::compute_hash;
use crate::controllers::history::{self, HASH_LABEL};
use crate::controllers::claim::claim_pods;
use crate::controllers::replicaset::{is_available, pod_from_template_named};
use crate::world::ControllerId;
use eligibility::{add_daemon_tolerations, pin_to_node, should_run, target_node};
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{DaemonSet, DaemonSetStatus, Node, Pod};
use kubeplay_model::{Kind, Object, ObjectKey};
use plan::{by_age, limits, manage, rolling_update, Backoff, DaemonPod, NodeView, Plan, Reason};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Upstream's `BurstReplicas`: at most this many creates or deletes per sync.
pub const BURST_REPLICAS: usize = 250;
/// The annotation the API server keeps the template generation in.
pub const TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";

pub struct DaemonSetController;

impl Controller for DaemonSetController {
    fn id(&self) -> ControllerId {
        ControllerId::DaemonSet
    }
    fn component(&self) -> &'static str {
        "daemonset-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::DaemonSet => enqueue(change.key.clone()),
            Kind::Pod => {
                let (old, new) = (change.old.as_deref().and_then(Object::as_pod), change.new.as_deref().and_then(Object::as_pod));
                pod_change_wakes(store, old, new, enqueue);
            }
            // `addNode`/`updateNode`: only the DaemonSets whose answer for
            // this node changes. A deleted node wakes none: pod GC deleting
            // its pods does.
            Kind::Node => {
                let (old, new) = (change.old.as_deref().and_then(Object::as_node), change.new.as_deref().and_then(Object::as_node));
                let Some(new) = new else { return };
                if old.is_some_and(|o| node_update_ignored(o, new)) {
                    return;
                }
                for d in store.list(Kind::DaemonSet, None) {
                    if let Object::DaemonSet(ds) = &**d {
                        if node_change_wakes(ds, old, new) {
                            enqueue(d.key());
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.world_mut().expectations.delete(key);
            ctx.forget(key);
            ctx.explain(format!("DaemonSet {} no longer exists; its pods are left to the garbage collector", key.name));
            return;
        };
        let Object::DaemonSet(ds) = &*obj else { return };
        if ds.spec.selector.as_ref().is_none_or(|s| s.is_empty()) {
            ctx.event(&obj, "Warning", "SelectingAll", "This daemon set is selecting all pods. A non-empty selector is required.");
            ctx.explain(format!("DaemonSet {} has an empty selector, so it does nothing", ds.metadata.name));
            return;
        }
        // Its history and pods may already be going (`syncDaemonSet`): its
        // status cannot be computed reliably, so nothing is touched.
        if ds.metadata.deletion_timestamp.is_some() {
            ctx.forget(key);
            ctx.explain(format!("DaemonSet {} is being deleted, so it creates, deletes and reports nothing", ds.metadata.name));
            return;
        }
        let pods: Vec<Pod> = claim_pods(ctx, &obj, ds.spec.selector.as_ref()).iter().filter_map(|p| p.as_pod().cloned()).collect();
        let Some(hash) = current_revision(ctx, &obj, ds) else {
            ctx.explain(format!("DaemonSet {}: its revision name collided with another object; collisionCount was raised to try another", ds.metadata.name));
            return;
        };
        let nodes: Vec<Node> = ctx.store().list(Kind::Node, None).filter_map(|n| n.as_node().cloned()).collect();
        let view = node_view(ds, &pods, &nodes, &hash, ctx.now());
        let name = ds.metadata.name.clone();
        let desired = view.values().filter(|n| n.should_run).count() as i32;
        ctx.desired(format!("one pod on each of {} eligible nodes", desired));
        let mut did = Vec::new();
        let mut failed = None;
        // Until its informer has shown it the pods it created and deleted,
        // it changes none (and does not claim this generation observed).
        let waiting = ctx.world().expectations.pending(key, ctx.now()).map(|e| e.waiting_for());
        if let Some(w) = &waiting {
            did.push(format!("waiting to observe {w} before acting again (its cache may not show them yet)"));
        } else {
            let Budget { rolling, allows_surge, surge, unavailable } = budget(ds, desired);
            let mut backoff = failed_pod_backoff(ctx, ds);
            let mut plan = manage(&view, allows_surge, &mut backoff, ctx.now());
            store_failed_pod_backoff(ctx, ds, backoff);
            if let Some(ms) = plan.retry_after_ms {
                ctx.requeue_after(key.clone(), ms);
                did.push(format!("a failed pod waits out its node's back-off ({}s)", ms / 1000));
            }
            delete_orphans(&pods, &nodes, &mut plan);
            let (done, err) = apply(ctx, &obj, ds, &pods, &hash, &plan);
            did.extend(done);
            failed = err;
            // The rolling update only once what manage did has been seen.
            if rolling && ctx.world().expectations.satisfied(key, ctx.now()) {
                let plan = rolling_update(&view, desired, surge, unavailable);
                if !(plan.create_on.is_empty() && plan.delete.is_empty()) {
                    did.push(format!("rolling update (maxUnavailable {unavailable}, maxSurge {surge})"));
                }
                let (done, err) = apply(ctx, &obj, ds, &pods, &hash, &plan);
                did.extend(done);
                failed = failed.or(err);
            }
            truncate_history(ctx, &obj, ds, &hash);
        }
        let pods: Vec<Pod> = ctx
            .store()
            .list(Kind::Pod, Some(&ds.metadata.namespace))
            .filter(|p| p.meta().controller_ref().is_some_and(|r| r.uid == ds.metadata.uid))
            .filter_map(|p| p.as_pod().cloned())
            .collect();
        let view = node_view(ds, &pods, &nodes, &hash, ctx.now());
        let (status, status_err) = update_status(ctx, ds, &view, waiting.is_none());
        if let Some(e) = failed.or(status_err) {
            ctx.requeue_rate_limited(key.clone());
            did.push(format!("{e}; retrying with back-off"));
        } else {
            ctx.forget(key);
        }
        ctx.observed(format!(
            "{} desired, {} scheduled, {} ready, {} up to date",
            status.desired_number_scheduled,
            status.current_number_scheduled,
            status.number_ready,
            status.updated_number_scheduled.unwrap_or(0)
        ));
        let what = if did.is_empty() { "every eligible node has its pod, nothing to create or delete".to_string() } else { did.join("; ") };
        ctx.explain(format!(
            "DaemonSet {name}: {desired} of {} nodes eligible, {} ready, {} up to date: {what}",
            nodes.len(),
            status.number_ready,
            status.updated_number_scheduled.unwrap_or(0)
        ));
    }
}

/// `addPod`/`updatePod`/`deletePod`: a pod wakes the DaemonSet that owns
/// it (and a former owner), while an orphan wakes the DaemonSets selecting
/// it only when added or relabelled. A pod being deleted or gone wakes
/// only its owner.
fn pod_change_wakes(store: &Store, old: Option<&Pod>, new: Option<&Pod>, enqueue: &mut dyn FnMut(ObjectKey)) {
    let mut owner = |pod: &Pod| {
        let Some(r) = pod.metadata.controller_ref().filter(|r| r.kind == "DaemonSet") else { return };
        let key = ObjectKey::new(Kind::DaemonSet, &pod.metadata.namespace, &r.name);
        if store.get(&key).is_some_and(|d| d.meta().uid == r.uid) {
            enqueue(key);
        }
    };
    let cur = match (old, new) {
        (Some(gone), None) => return owner(gone),
        (_, Some(cur)) if cur.metadata.deletion_timestamp.is_some() => return owner(cur),
        (_, Some(cur)) => cur,
        (None, None) => return,
    };
    let was = old.and_then(|o| o.metadata.controller_ref());
    let ref_changed = old.is_some() && was != cur.metadata.controller_ref();
    if let (true, Some(o)) = (ref_changed, old) {
        owner(o);
    }
    if cur.metadata.controller_ref().is_some() {
        return owner(cur);
    }
    if old.is_some_and(|o| !ref_changed && o.metadata.labels == cur.metadata.labels) {
        return;
    }
    for d in store.list(Kind::DaemonSet, Some(&cur.metadata.namespace)) {
        if let Object::DaemonSet(ds) = &**d {
            if ds.spec.selector.as_ref().is_some_and(|s| !s.is_empty() && s.matches(&cur.metadata.labels)) {
                enqueue(d.key());
            }
        }
    }
}

/// `shouldIgnoreNodeUpdate`, narrowed to what `NodeShouldRunDaemonPod`
/// reads: neither labels nor taints changed.
fn node_update_ignored(old: &Node, new: &Node) -> bool {
    old.metadata.labels == new.metadata.labels && old.spec.taints == new.spec.taints
}

/// Whether a node added (`old` None) or changed wakes this DaemonSet:
/// added, if it should run there; changed, if either answer of
/// `NodeShouldRunDaemonPod` differs.
fn node_change_wakes(ds: &DaemonSet, old: Option<&Node>, new: &Node) -> bool {
    let mut spec = ds.spec.template.spec.clone();
    add_daemon_tolerations(&mut spec);
    match old {
        None => should_run(&spec, new).0,
        Some(old) => should_run(&spec, old) != should_run(&spec, new),
    }
}

/// The update strategy's numbers for `desired` eligible nodes.
struct Budget {
    rolling: bool,
    /// `AllowsSurge`: maxSurge scaled against one node, so it holds even
    /// while no node is eligible.
    allows_surge: bool,
    surge: i32,
    unavailable: i32,
}

fn budget(ds: &DaemonSet, desired: i32) -> Budget {
    let strategy = ds.spec.update_strategy.as_ref();
    let rolling = strategy.and_then(|s| s.type_.as_deref()).unwrap_or("RollingUpdate") == "RollingUpdate";
    if !rolling {
        return Budget { rolling, allows_surge: false, surge: 0, unavailable: 1 };
    }
    let ru = strategy.and_then(|s| s.rolling_update.as_ref());
    let one = kubeplay_model::IntOrString::Int(1);
    let max_surge = ru.and_then(|r| r.max_surge.as_ref());
    let (surge, unavailable) = limits(max_surge, Some(ru.and_then(|r| r.max_unavailable.as_ref()).unwrap_or(&one)), desired).unwrap_or((0, 1));
    let allows_surge = limits(max_surge, None, 1).is_ok_and(|(s, _)| s != 0);
    Budget { rolling, allows_surge, surge, unavailable }
}

/// `failedPodsBackoffKey`: back-off is per DaemonSet, generation and node.
fn backoff_prefix(ds: &DaemonSet) -> String {
    format!("{}/{}/", ds.metadata.uid, ds.status.observed_generation.unwrap_or(0))
}

/// This DaemonSet's failed-pod back-off entries, by node name.
fn failed_pod_backoff(ctx: &Ctx, ds: &DaemonSet) -> BTreeMap<String, Backoff> {
    let prefix = backoff_prefix(ds);
    let all = &ctx.world().sim.daemon_backoff;
    all.range(prefix.clone()..).take_while(|(k, _)| k.starts_with(&prefix)).map(|(k, v)| (k[prefix.len()..].to_string(), *v)).collect()
}

/// Writes the entries back, forgetting expired ones and those of this
/// DaemonSet's earlier generations (upstream's periodic GC).
fn store_failed_pod_backoff(ctx: &mut Ctx, ds: &DaemonSet, entries: BTreeMap<String, Backoff>) {
    let now = ctx.now();
    let prefix = backoff_prefix(ds);
    let uid_prefix = format!("{}/", ds.metadata.uid);
    let all = &mut ctx.world_mut().sim.daemon_backoff;
    let stale: Vec<String> = all.range(uid_prefix.clone()..).take_while(|(k, _)| k.starts_with(&uid_prefix)).map(|(k, _)| k.clone()).collect();
    for k in stale {
        all.remove(&k);
    }
    for (node, b) in entries {
        if !b.expired(now) {
            all.insert(format!("{prefix}{node}"), b);
        }
    }
}

/// Ensures the ControllerRevision for the current template; returns the hash.
fn current_revision(ctx: &mut Ctx, obj: &Arc<Object>, ds: &DaemonSet) -> Option<String> {
    let hash = compute_hash(&ds.spec.template, ds.status.collision_count);
    let mut revs = history::owned(ctx, obj);
    let mut labels = (*ds.spec.template.metadata.labels).clone();
    labels.insert(HASH_LABEL.into(), hash.clone());
    let data = history::template_patch(&ds.spec.template);
    match history::ensure(ctx, obj, &mut revs, &format!("{}-{hash}", ds.metadata.name), labels, data) {
        Some(rev) => Some(rev.metadata.labels.get(HASH_LABEL).cloned().unwrap_or(hash)),
        None => {
            let mut d = ds.clone();
            d.status.collision_count = Some(ds.status.collision_count.unwrap_or(0) + 1);
            let _ = ctx.update_status(Object::DaemonSet(Box::new(d)));
            None
        }
    }
}

fn truncate_history(ctx: &mut Ctx, obj: &Arc<Object>, ds: &DaemonSet, hash: &str) {
    let revs = history::owned(ctx, obj);
    let mut live: BTreeSet<String> = BTreeSet::new();
    for p in ctx.store().list(Kind::Pod, Some(&ds.metadata.namespace)) {
        if p.meta().controller_ref().is_some_and(|r| r.uid == ds.metadata.uid) {
            if let Some(h) = p.meta().label(HASH_LABEL) {
                live.insert(format!("{}-{h}", ds.metadata.name));
            }
        }
    }
    live.insert(format!("{}-{hash}", ds.metadata.name));
    history::truncate(ctx, &revs, &live, ds.spec.revision_history_limit.unwrap_or(10));
}

/// `GetTemplateGeneration`, as the label carries it: the annotation read
/// as a number; one that does not parse counts as none.
fn template_generation(ds: &DaemonSet) -> Option<String> {
    ds.metadata.annotation(TEMPLATE_GENERATION).and_then(|g| g.parse::<i64>().ok()).map(|g| g.to_string())
}

/// `CreatePodTemplate`'s labels: the template generation when there is
/// one, the revision hash when known.
fn label_daemon_pod(labels: &mut BTreeMap<String, String>, generation: Option<&str>, hash: &str) {
    if let Some(g) = generation {
        labels.insert("pod-template-generation".into(), g.to_string());
    }
    if !hash.is_empty() {
        labels.insert(HASH_LABEL.into(), hash.to_string());
    }
}

/// `IsPodUpdated`: the hash label matches, or the legacy template-generation label does.
pub fn is_updated(pod: &Pod, hash: &str, template_generation: Option<&str>) -> bool {
    let by_hash = !hash.is_empty() && pod.metadata.label(HASH_LABEL) == Some(hash);
    let by_generation = template_generation.is_some_and(|g| pod.metadata.label("pod-template-generation") == Some(g));
    by_hash || by_generation
}

/// Every node with what should happen there and the daemon pods on it.
fn node_view(ds: &DaemonSet, pods: &[Pod], nodes: &[Node], hash: &str, now: kubeplay_model::Time) -> BTreeMap<String, NodeView> {
    let mut spec = ds.spec.template.spec.clone();
    add_daemon_tolerations(&mut spec);
    let min_ready = ds.spec.min_ready_seconds.unwrap_or(0);
    let generation = template_generation(ds);
    let generation = generation.as_deref();
    let mut view: BTreeMap<String, NodeView> = nodes
        .iter()
        .map(|n| {
            let (run, keep) = should_run(&spec, n);
            (n.metadata.name.clone(), NodeView { should_run: run, should_continue: keep, pods: Vec::new() })
        })
        .collect();
    for p in pods {
        // `getNodesToDaemonPods(…, false)`: a pod both finished and deleted
        // is the kubelet's or pod GC's to remove; one still shutting down
        // counts until it is gone.
        if matches!(p.phase(), "Succeeded" | "Failed") && p.metadata.deletion_timestamp.is_some() {
            continue;
        }
        let Some(node) = target_node(&p.spec) else { continue };
        if let Some(v) = view.get_mut(&node) {
            v.pods.push(DaemonPod {
                name: p.metadata.name.clone(),
                updated: is_updated(p, hash, generation),
                ready: p.is_ready(),
                available: is_available(p, min_ready, now),
                terminating: p.metadata.deletion_timestamp.is_some(),
                phase: p.phase().to_string(),
                scheduled: p.node_name().is_some(),
                created: p.metadata.creation_timestamp.unwrap_or_default(),
            });
        }
    }
    view
}

/// Unscheduled daemon pods whose node is gone are deleted by this
/// controller (bound ones are left to pod garbage collection).
fn delete_orphans(pods: &[Pod], nodes: &[Node], plan: &mut Plan) {
    for p in pods {
        if p.node_name().is_some() || p.metadata.deletion_timestamp.is_some() {
            continue;
        }
        if let Some(t) = target_node(&p.spec) {
            if !nodes.iter().any(|n| n.metadata.name == t) {
                plan.delete.push((p.metadata.name.clone(), Reason::NotEligible));
            }
        }
    }
}

/// Carries out a plan (`syncNodes`): pods for nodes, then deletions, each
/// capped at BurstReplicas, expecting to see each come back. Returns what
/// was done, for the explanation, and the first failure.
fn apply(ctx: &mut Ctx, obj: &Arc<Object>, ds: &DaemonSet, pods: &[Pod], hash: &str, plan: &Plan) -> (Vec<String>, Option<String>) {
    let mut did = Vec::new();
    let mut failed = None;
    let ns = ds.metadata.namespace.clone();
    let key = obj.key();
    let creates = plan.create_on.len().min(BURST_REPLICAS);
    let deletes = plan.delete.len().min(BURST_REPLICAS);
    let now = ctx.now();
    ctx.world_mut().expectations.set(&key, creates as i64, deletes as i64, now);
    let generation = template_generation(ds);
    let mut created = Vec::new();
    let mut batch = 1;
    let mut todo = plan.create_on.iter().take(BURST_REPLICAS).peekable();
    'outer: while todo.peek().is_some() {
        for _ in 0..batch {
            let Some(node) = todo.next() else { break 'outer };
            let mut pod = pod_from_template_named(obj, &ds.spec.template, &format!("{}-", ds.metadata.name));
            label_daemon_pod(&mut pod.metadata.labels, generation.as_deref(), hash);
            add_daemon_tolerations(pod.spec_mut());
            pin_to_node(pod.spec_mut(), node);
            match ctx.create(Object::Pod(Box::new(pod))) {
                Ok(p) => {
                    ctx.event(obj, "Normal", "SuccessfulCreate", format!("Created pod: {}", p.name()));
                    created.push(format!("{} for {node}", p.name()));
                }
                Err(e) => {
                    ctx.event(obj, "Warning", "FailedCreate", format!("Error creating: {e}"));
                    failed = Some(format!("creating a pod failed ({e})"));
                    break 'outer;
                }
            }
        }
        batch *= 2;
    }
    // Pods that failed or were skipped will not be seen.
    ctx.world_mut().expectations.lower(&key, (creates - created.len()) as i64, 0);
    if !created.is_empty() {
        did.push(format!("created {}", created.join(", ")));
    }
    let mut deleted = Vec::new();
    for (name, why) in plan.delete.iter().take(BURST_REPLICAS) {
        let node = pods.iter().find(|p| &p.metadata.name == name).and_then(|p| p.node_name().map(String::from)).unwrap_or_default();
        match why {
            Reason::Failed => ctx.event(obj, "Warning", "FailedDaemonPod", format!("Found failed daemon pod {ns}/{name} on node {node}, will try to kill it")),
            Reason::Succeeded => ctx.event(obj, "Normal", "SucceededDaemonPod", format!("Found succeeded daemon pod {ns}/{name} on node {node}, will try to delete it")),
            _ => {}
        }
        let result = ctx.delete(&ObjectKey::new(Kind::Pod, &ns, name), DeleteOptions::default());
        if let Err(e) = &result {
            ctx.world_mut().expectations.deletion_observed(&key);
            if !matches!(e, kubeplay_apiserver::ApiError::NotFound { .. }) {
                failed.get_or_insert(format!("deleting pod {name} failed ({e})"));
            }
        }
        if result.is_ok() {
            ctx.event(obj, "Normal", "SuccessfulDelete", format!("Deleted pod: {name}"));
            let why = match why {
                Reason::Failed => "failed",
                Reason::Succeeded => "succeeded",
                Reason::Excess => "extra pod on its node",
                Reason::NotEligible => "node no longer eligible",
                Reason::Update => "old revision",
            };
            deleted.push(format!("{name} ({why})"));
        }
    }
    if !deleted.is_empty() {
        did.push(format!("deleted {}", deleted.join(", ")));
    }
    (did, failed)
}

/// The counts of `updateDaemonSetStatus`, per node from its oldest daemon pod.
fn count_status(view: &BTreeMap<String, NodeView>) -> DaemonSetStatus {
    let mut st = DaemonSetStatus::default();
    let (mut updated, mut available) = (0, 0);
    for n in view.values() {
        let mut live: Vec<&DaemonPod> = n.pods.iter().collect();
        kubeplay_model::sort::sort_by(&mut live, |a, b| by_age(a, b));
        if n.should_run {
            st.desired_number_scheduled += 1;
            if let Some(p) = live.first() {
                st.current_number_scheduled += 1;
                if p.ready {
                    st.number_ready += 1;
                }
                if p.available {
                    available += 1;
                }
                if p.updated {
                    updated += 1;
                }
            }
        } else if !live.is_empty() {
            st.number_misscheduled += 1;
        }
    }
    // Go's `omitempty` on these three: a zero is not written at all.
    let nonzero = |n: i32| (n != 0).then_some(n);
    st.updated_number_scheduled = nonzero(updated);
    st.number_available = nonzero(available);
    st.number_unavailable = nonzero(st.desired_number_scheduled - available);
    st
}

/// `updateDaemonSetStatus`: per eligible node, its oldest daemon pod
/// decides ready/available/updated; pods on ineligible nodes are
/// misscheduled. A pod being deleted still counts while it runs, as
/// upstream's, so the numbers do not dip during a graceful delete.
fn update_status(ctx: &mut Ctx, ds: &DaemonSet, view: &BTreeMap<String, NodeView>, synced: bool) -> (DaemonSetStatus, Option<String>) {
    let observed = if synced { Some(ds.metadata.generation) } else { ds.status.observed_generation };
    let st = DaemonSetStatus { observed_generation: observed, collision_count: ds.status.collision_count, conditions: ds.status.conditions.clone(), ..count_status(view) };
    let available = st.number_available.unwrap_or(0);
    let mut err = None;
    if st != ds.status {
        let mut d = ds.clone();
        d.status = st.clone();
        if let Err(e) = ctx.update_status(Object::DaemonSet(Box::new(d))) {
            // `storeDaemonSetStatus`: once more on the API's copy
            // (StatusUpdateRetries), the cache's may be stale.
            let key = ObjectKey::new(Kind::DaemonSet, &ds.metadata.namespace, &ds.metadata.name);
            let retried = match ctx.api_get(&key).as_deref() {
                Some(Object::DaemonSet(fresh)) => {
                    let mut d = DaemonSet::clone(fresh);
                    let observed_generation = if synced { st.observed_generation } else { fresh.status.observed_generation };
                    d.status = DaemonSetStatus { observed_generation, collision_count: fresh.status.collision_count, conditions: fresh.status.conditions.clone(), ..st.clone() };
                    ctx.update_status(Object::DaemonSet(Box::new(d))).map(|_| ()).map_err(|e| e.to_string())
                }
                _ => Err(e.to_string()),
            };
            err = retried.err().map(|e| format!("writing its status failed ({e})"));
        }
    }
    // Pods become available minReadySeconds after they are ready.
    let min_ready = ds.spec.min_ready_seconds.unwrap_or(0);
    if min_ready > 0 && st.number_ready != available {
        let key = ObjectKey::new(Kind::DaemonSet, &ds.metadata.namespace, &ds.metadata.name);
        ctx.requeue_after(key, min_ready as i64 * 1000);
    }
    (st, err)
}

#[cfg(test)]
mod tests {
    use super::*;

    // daemonset_util_test.go's TestCreatePodTemplate.
    #[test]
    fn create_pod_template_labels() {
        for (generation, hash, hash_label) in [("1", "", false), ("2", "3242341807", true)] {
            let mut labels = BTreeMap::new();
            label_daemon_pod(&mut labels, Some(generation), hash);
            assert_eq!(labels.get("pod-template-generation").map(String::as_str), Some(generation));
            assert_eq!(labels.get(HASH_LABEL).map(String::as_str), hash_label.then_some(hash));
        }
        let mut ds = DaemonSet::default();
        ds.metadata.annotations.insert(TEMPLATE_GENERATION.into(), "007".into());
        assert_eq!(template_generation(&ds).as_deref(), Some("7"), "fmt.Sprint of the parsed number");
        ds.metadata.annotations.insert(TEMPLATE_GENERATION.into(), "x".into());
        assert_eq!(template_generation(&ds), None);
    }

    // IsPodUpdated vectors (daemonset_util_test.go; generation 12345, hash "55555").
    #[test]
    fn is_updated_vectors() {
        let pod = |gen: Option<&str>, hash: Option<&str>, nil: bool| {
            let mut p = Pod::default();
            if !nil {
                if let Some(g) = gen {
                    p.metadata.labels.insert("pod-template-generation".into(), g.into());
                }
                if let Some(h) = hash {
                    p.metadata.labels.insert(HASH_LABEL.into(), h.into());
                }
            }
            p
        };
        let cases = [
            ("12345", pod(Some("12345"), Some("55555"), false), "55555", true),
            ("12345", pod(Some("12345"), Some("55555"), false), "55555123", true),
            ("12345", pod(Some("12345"), None, false), "55555", true),
            ("12345", pod(Some("12345"), None, false), "", true),
            ("12345", pod(Some("12345"), Some("55555"), false), "", true),
            ("12350", pod(Some("12345"), Some("55555"), false), "55555", true),
            ("12350", pod(Some("12345"), Some("55555"), false), "55555123", false),
            ("12345", pod(None, None, false), "", false),
            ("12345", pod(None, None, false), "55555", false),
            ("12345", pod(None, None, true), "55555", false),
        ];
        for (i, (generation, p, hash, want)) in cases.into_iter().enumerate() {
            assert_eq!(is_updated(&p, hash, Some(generation)), want, "case {i}");
        }
    }
}
