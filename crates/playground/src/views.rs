//! View models for the UI: small, serialisable summaries of the cluster
//! and the trace, computed from the engine's current state.

use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use kubeplay_engine::scheduler::resources::pod_requests;
use kubeplay_engine::{Engine, Step};
use kubeplay_model::api::{Event, Pod};
use kubeplay_model::{Kind, Object, Time};
use serde::Serialize;

use crate::cache::{PodEntry, PtrCache, ViewCache};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepView {
    pub index: usize,
    pub time: String,
    pub component: String,
    pub kind: String,
    pub namespace: String,
    pub name: String,
    pub observed: String,
    pub desired: String,
    pub explanation: String,
    pub noop: bool,
    /// `create pod/web-x2kqp`, `update status replicaset/web-5d59d67564`…
    pub writes: Vec<String>,
    /// `Normal ScalingReplicaSet: Scaled up replica set …`
    pub events: Vec<String>,
}

impl From<&Step> for StepView {
    fn from(s: &Step) -> Self {
        StepView {
            index: s.index,
            time: s.time.rfc3339(),
            component: s.component.to_string(),
            kind: s.key.kind.name().to_string(),
            namespace: s.key.namespace.to_string(),
            name: s.key.name.to_string(),
            observed: s.observed.clone(),
            desired: s.desired.clone(),
            explanation: s.explanation.clone(),
            noop: s.is_noop(),
            writes: s
                .writes
                .iter()
                .map(|w| {
                    format!(
                        "{} {}/{}",
                        w.verb.as_str(),
                        w.key.kind.name().to_ascii_lowercase(),
                        w.key.name
                    )
                })
                .collect(),
            events: s
                .events
                .iter()
                .map(|e| format!("{} {}: {}", e.type_, e.reason, e.message))
                .collect(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PodView {
    pub name: String,
    pub namespace: String,
    /// `status.phase`: Pending, Running, Succeeded, Failed, Unknown.
    pub phase: String,
    /// The STATUS column of `kubectl get pods`.
    pub status: String,
    /// The READY column (`1/1`).
    pub ready_column: String,
    pub ready: bool,
    pub node: Option<String>,
    pub restarts: String,
    /// Owner `Kind/name`, if controlled.
    pub owner: Option<String>,
    pub terminating: bool,
    /// Why it is not scheduled yet: the PodScheduled=False condition's message.
    pub unschedulable_reason: Option<String>,
    /// When it was created, for a stable order in the views.
    pub created: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeView {
    pub name: String,
    pub ready: bool,
    pub unschedulable: bool,
    pub zone: Option<String>,
    pub taints: Vec<String>,
    /// Allocatable cpu (millicores) and what bound, non-terminal pods request.
    pub cpu_allocatable: i64,
    pub cpu_requested: i64,
    /// Allocatable memory (bytes) and what bound, non-terminal pods request.
    pub memory_allocatable: i64,
    pub memory_requested: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WorkloadView {
    pub kind: String,
    pub namespace: String,
    pub name: String,
    /// Owner `Kind/name`, if controlled.
    pub owner: Option<String>,
    pub desired: i32,
    pub ready: i32,
    /// `deployment.kubernetes.io/revision`, for ReplicaSets.
    pub revision: Option<String>,
    /// The `pod-template-hash` label, for ReplicaSets.
    pub hash: Option<String>,
    /// Pods it has now (`status.replicas`).
    pub current: i32,
}

/// One Event object, as `kubectl get events` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventView {
    pub type_: String,
    pub reason: String,
    /// `kind/name` of the involved object.
    pub object: String,
    pub namespace: String,
    pub message: String,
    pub count: i32,
    /// Last seen, RFC 3339 virtual time.
    pub last: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClusterView {
    pub time: String,
    pub step: usize,
    pub nodes: Vec<NodeView>,
    pub workloads: Vec<WorkloadView>,
    /// Shared with the previous view for every pod that did not change
    /// since (see the cache module): compare them with `Rc::ptr_eq`.
    pub pods: Vec<Rc<PodView>>,
    /// Newest last; shared like the pods.
    pub events: Vec<Rc<EventView>>,
}

/// Most events the view carries: the panel shows the latest ones.
const MAX_EVENTS: usize = 200;

fn owner(o: &Object) -> Option<String> {
    o.meta()
        .controller_ref()
        .map(|r| format!("{}/{}", r.kind, r.name))
}

fn pod_view(o: &Object, p: &Pod, now: Time) -> PodView {
    let (ready_column, status, restarts) =
        kubeplay_kubectl::print::columns::pods::ready_status_restarts(p, now);
    PodView {
        name: p.metadata.name.clone(),
        namespace: p.metadata.namespace.to_string(),
        phase: p.phase().to_string(),
        status,
        ready_column,
        ready: p.is_ready(),
        node: p.node_name().map(str::to_string),
        restarts,
        owner: owner(o),
        terminating: p.metadata.deletion_timestamp.is_some(),
        unschedulable_reason: unschedulable_reason(p),
        created: p
            .metadata
            .creation_timestamp
            .map(|t| t.rfc3339())
            .unwrap_or_default(),
    }
}

fn unschedulable_reason(p: &Pod) -> Option<String> {
    p.status
        .conditions
        .iter()
        .find(|c| c.type_ == "PodScheduled" && c.status == "False")
        .and_then(|c| c.message.as_deref().map(str::to_string))
}

/// The cluster as the UI draws it. Views of objects unchanged since the
/// last call come from `cache` (the same `Rc`s).
pub fn cluster_view(engine: &Engine, cache: &mut ViewCache) -> ClusterView {
    let store = engine.store();
    let now = engine.now();
    let pods: Vec<PodEntry> = store
        .list(Kind::Pod, None)
        .filter_map(|o| o.as_pod().map(|p| (o, p)))
        .map(|(o, p)| {
            // The RESTARTS column says how long ago the last restart was:
            // such a view is only good at the instant it was made.
            let current = |e: &PodEntry| !e.view.restarts.contains('(') || e.made == now;
            cache.pods.get(o, current, || {
                let r = pod_requests(&p.spec, false);
                PodEntry {
                    made: now,
                    view: Rc::new(pod_view(o, p, now)),
                    requests: (r.milli_cpu, r.memory),
                }
            })
        })
        .collect();
    cache.pods.sweep();
    // What bound pods ask for, per node, counted as the scheduler counts it.
    let mut requested: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
    for e in &pods {
        let done = matches!(e.view.phase.as_str(), "Succeeded" | "Failed");
        if let (Some(node), false) = (e.view.node.as_deref(), done) {
            let r = requested.entry(node).or_default();
            r.0 += e.requests.0;
            r.1 += e.requests.1;
        }
    }
    let nodes = store
        .list(Kind::Node, None)
        .filter_map(|n| n.as_node())
        .map(|n| NodeView {
            name: n.metadata.name.clone(),
            ready: n
                .status
                .conditions
                .iter()
                .any(|c| c.type_ == "Ready" && c.status == "True"),
            unschedulable: n.spec.unschedulable == Some(true),
            zone: n
                .metadata
                .labels
                .get("topology.kubernetes.io/zone")
                .cloned(),
            taints: n
                .spec
                .taints
                .iter()
                .map(|t| {
                    format!(
                        "{}{}:{}",
                        t.key,
                        t.value
                            .as_deref()
                            .map(|v| format!("={v}"))
                            .unwrap_or_default(),
                        t.effect
                    )
                })
                .collect(),
            cpu_allocatable: n
                .status
                .allocatable
                .get("cpu")
                .map(|q| q.milli_value())
                .unwrap_or(0),
            cpu_requested: requested
                .get(n.metadata.name.as_str())
                .map(|r| r.0)
                .unwrap_or(0),
            memory_allocatable: n
                .status
                .allocatable
                .get("memory")
                .map(|q| q.value())
                .unwrap_or(0),
            memory_requested: requested
                .get(n.metadata.name.as_str())
                .map(|r| r.1)
                .unwrap_or(0),
        })
        .collect();
    let mut workloads = Vec::new();
    for kind in [
        Kind::Deployment,
        Kind::ReplicaSet,
        Kind::StatefulSet,
        Kind::DaemonSet,
        Kind::Job,
    ] {
        for o in store.list(kind, None) {
            let (desired, ready, current, revision) = match &**o {
                Object::Deployment(d) => (
                    d.spec.replicas.unwrap_or(1),
                    d.status.ready_replicas.unwrap_or(0),
                    d.status.replicas.unwrap_or(0),
                    d.metadata
                        .annotations
                        .get("deployment.kubernetes.io/revision")
                        .cloned(),
                ),
                Object::ReplicaSet(r) => (
                    r.spec.replicas.unwrap_or(1),
                    r.status.ready_replicas.unwrap_or(0),
                    r.status.replicas,
                    r.metadata
                        .annotations
                        .get("deployment.kubernetes.io/revision")
                        .cloned(),
                ),
                Object::StatefulSet(s) => (
                    s.spec.replicas.unwrap_or(1),
                    s.status.ready_replicas.unwrap_or(0),
                    s.status.replicas,
                    None,
                ),
                Object::DaemonSet(d) => (
                    d.status.desired_number_scheduled,
                    d.status.number_ready,
                    d.status.current_number_scheduled,
                    None,
                ),
                Object::Job(j) => (
                    j.spec.completions.unwrap_or(1),
                    j.status.succeeded.unwrap_or(0),
                    j.status.active.unwrap_or(0),
                    None,
                ),
                _ => continue,
            };
            let hash = o
                .meta()
                .labels
                .get("pod-template-hash")
                .filter(|_| kind == Kind::ReplicaSet)
                .cloned();
            workloads.push(WorkloadView {
                kind: kind.name().into(),
                namespace: o.namespace().into(),
                name: o.name().into(),
                owner: owner(o),
                desired,
                ready,
                revision,
                hash,
                current,
            });
        }
    }
    let pods = pods.into_iter().map(|e| e.view).collect();
    let events = latest_events(store, &mut cache.events);
    ClusterView {
        time: now.rfc3339(),
        step: engine.cursor(),
        nodes,
        workloads,
        pods,
        events,
    }
}

/// The newest [`MAX_EVENTS`] events, newest last: ordered by their last
/// time as RFC 3339 text (whole seconds), ties in store order. Only those
/// get views, so a cluster with thousands of events costs a walk over
/// them, not thousands of views and a sort of them all.
fn latest_events(
    store: &kubeplay_apiserver::Store,
    cache: &mut PtrCache<Rc<EventView>>,
) -> Vec<Rc<EventView>> {
    let events: Vec<(&Arc<Object>, &Event)> = store
        .list(Kind::Event, None)
        .filter_map(|o| match &**o {
            Object::Event(e) => Some((o, &**e)),
            _ => None,
        })
        .collect();
    // The sort key of the text: no time sorts first, then whole seconds.
    let last = |e: &Event| e.last_seen().map(|t| t.millis().div_euclid(1000));
    let mut order: Vec<(Option<i64>, usize)> = events
        .iter()
        .enumerate()
        .map(|(i, (_, e))| (last(e), i))
        .collect();
    let keep = order.len().saturating_sub(MAX_EVENTS);
    if keep > 0 {
        order.select_nth_unstable(keep);
        order.drain(..keep);
    }
    // Views are made (or found) in store order, as the cache walks it.
    order.sort_unstable_by_key(|&(_, i)| i);
    // (time in whole seconds, store position) → the shared view.
    type Keyed = ((Option<i64>, usize), Rc<EventView>);
    let mut views: Vec<Keyed> = order
        .into_iter()
        .filter_map(|(key, i)| {
            let (o, e) = events.get(i)?;
            Some(((key, i), cache.get(o, |_| true, || Rc::new(event_view(e)))))
        })
        .collect();
    cache.sweep();
    views.sort_unstable_by_key(|(key, _)| *key);
    views.into_iter().map(|(_, v)| v).collect()
}

fn event_view(e: &Event) -> EventView {
    EventView {
        type_: e.type_.as_deref().unwrap_or_default().to_string(),
        reason: e.reason.as_deref().unwrap_or_default().to_string(),
        object: format!(
            "{}/{}",
            e.involved_object
                .kind
                .as_deref()
                .unwrap_or("")
                .to_ascii_lowercase(),
            e.involved_object.name.as_deref().unwrap_or("")
        ),
        namespace: e.metadata.namespace.to_string(),
        message: e.message.clone().unwrap_or_default(),
        count: e.times_seen(),
        last: e.last_seen().map(|t| t.rfc3339()).unwrap_or_default(),
    }
}

/// The scheduler's view of one pod, as text for the inspector: the message
/// a scheduling cycle would report, then every node's verdict (the first
/// failing filter and its reasons, or the score it got). None when there
/// is no such pod.
pub fn scheduling_text(engine: &Engine, namespace: &str, name: &str) -> Option<String> {
    use std::fmt::Write as _;
    let pod = engine
        .store()
        .list(Kind::Pod, Some(namespace))
        .filter_map(|o| o.as_pod())
        .find(|p| p.metadata.name == name)?
        .clone();
    let ex = kubeplay_engine::scheduler::explain(engine.world(), &pod);
    let mut out = String::new();
    match (&ex.bound_to, &ex.failure_message) {
        (Some(node), _) => {
            let _ = writeln!(
                out,
                "Bound to {node}. How the scheduler sees the nodes now:"
            );
        }
        (None, Some(msg)) => {
            let _ = writeln!(out, "Pending: {msg}");
        }
        (None, None) if !ex.served => {
            let _ = writeln!(
                out,
                "Pending: no scheduler profile serves schedulerName {:?}.",
                ex.scheduler_name
            );
        }
        (None, None) => {
            let _ = writeln!(
                out,
                "Not bound yet; the scheduler would pick: {}",
                if ex.best.is_empty() {
                    "-".to_string()
                } else {
                    ex.best.join(", ")
                }
            );
        }
    }
    if let Some((plugin, reasons)) = &ex.pre_filter_rejection {
        let _ = writeln!(
            out,
            "PreFilter {plugin} rejects every node: {}",
            reasons.join("; ")
        );
    }
    // One block per node: readable in a narrow panel.
    for n in &ex.nodes {
        if n.fits {
            let best = if ex.best.contains(&n.node) {
                ", the best"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "\n{}: fits, score {}{best}",
                n.node,
                n.total.unwrap_or(0)
            );
            for s in n.scores.iter().filter(|s| !s.skipped) {
                let _ = writeln!(out, "  {} {} × weight {}", s.plugin, s.normalized, s.weight);
            }
        } else {
            let _ = writeln!(out, "\n{}: does not fit", n.node);
            if let Some(f) = &n.first_failure {
                let _ = writeln!(out, "  {}: {}", f.plugin, f.reasons.join("; "));
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Playground, DEFAULT_EXAMPLE};

    /// The events view as it was before the cache: every event's view,
    /// sorted by the RFC 3339 text (stable, so store order on ties), the
    /// newest MAX_EVENTS kept.
    fn events_uncached(engine: &Engine) -> Vec<EventView> {
        let mut all: Vec<EventView> = engine
            .store()
            .list(Kind::Event, None)
            .filter_map(|o| match &**o {
                Object::Event(e) => Some(event_view(e)),
                _ => None,
            })
            .collect();
        kubeplay_model::sort::sort_by(&mut all, |a, b| a.last.cmp(&b.last));
        let drop = all.len().saturating_sub(MAX_EVENTS);
        all.drain(..drop);
        all
    }

    /// A view built with the cache of every earlier view must equal one
    /// built from nothing, and unchanged pods must be the same `Rc`s.
    #[test]
    fn cached_views_equal_fresh_ones_through_a_rollout_crashes_and_time_travel() {
        let mut pg = Playground::new(1);
        pg.apply(&DEFAULT_EXAMPLE.replace("replicas: 3", "replicas: 40"));
        pg.run("sim image behave nginx:1.27 crash-after=5s", None);
        let mut cache = ViewCache::default();
        let check = |pg: &Playground, cache: &mut ViewCache| {
            let engine = pg.engine();
            let cached = cluster_view(engine, cache);
            let fresh = cluster_view(engine, &mut ViewCache::default());
            assert_eq!(cached, fresh, "at step {}", engine.cursor());
            let events: Vec<EventView> = cached.events.iter().map(|e| (**e).clone()).collect();
            assert_eq!(
                events,
                events_uncached(engine),
                "events at step {}",
                engine.cursor()
            );
            assert_eq!(
                crate::graph::graph_view(engine, cache),
                crate::graph::graph_view(engine, &mut ViewCache::default())
            );
            cached
        };
        for _ in 0..150 {
            pg.step();
            check(&pg, &mut cache);
        }
        pg.run(
            "kubectl set image deployment/nginx-deployment nginx=nginx:1.27",
            None,
        );
        let mut shared_after_a_step = 0;
        for _ in 0..250 {
            let before = check(&pg, &mut cache);
            pg.step();
            let after = check(&pg, &mut cache);
            shared_after_a_step += after
                .pods
                .iter()
                .filter(|p| before.pods.iter().any(|q| Rc::ptr_eq(p, q)))
                .count();
        }
        assert!(
            shared_after_a_step > 250 * 30,
            "most pods are shared between steps: {shared_after_a_step}"
        );
        pg.advance(120_000);
        let late = check(&pg, &mut cache);
        assert!(
            late.pods.iter().any(|p| p.restarts.contains("ago")),
            "crashing pods show their last restart's age"
        );
        assert!(
            late.events.len() == MAX_EVENTS,
            "{} events",
            late.events.len()
        );
        for to in [10, 300, 5, pg.position().1] {
            pg.jump(to);
            check(&pg, &mut cache);
        }
    }
}
