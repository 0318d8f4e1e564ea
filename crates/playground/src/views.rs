//! View models for the UI: small, serialisable summaries of the cluster
//! and the trace, computed from the engine's current state.

use kubeplay_engine::scheduler::resources::pod_requests;
use kubeplay_engine::{Engine, Step};
use kubeplay_model::{Kind, Object};
use serde::Serialize;

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
            namespace: s.key.namespace.clone(),
            name: s.key.name.clone(),
            observed: s.observed.clone(),
            desired: s.desired.clone(),
            explanation: s.explanation.clone(),
            noop: s.is_noop(),
            writes: s.writes.iter().map(|w| format!("{} {}/{}", w.verb.as_str(), w.key.kind.name().to_ascii_lowercase(), w.key.name)).collect(),
            events: s.events.iter().map(|e| format!("{} {}: {}", e.type_, e.reason, e.message)).collect(),
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
    pub pods: Vec<PodView>,
    /// Newest last.
    pub events: Vec<EventView>,
}

/// Most events the view carries: the panel shows the latest ones.
const MAX_EVENTS: usize = 200;

fn owner(o: &Object) -> Option<String> {
    o.meta().controller_ref().map(|r| format!("{}/{}", r.kind, r.name))
}

pub fn cluster_view(engine: &Engine) -> ClusterView {
    let store = engine.store();
    let now = engine.now();
    // What bound pods ask for, per node, counted as the scheduler counts it.
    let mut requested: std::collections::BTreeMap<String, (i64, i64)> = std::collections::BTreeMap::new();
    for p in store.list(Kind::Pod, None).filter_map(|o| o.as_pod()) {
        let done = matches!(p.phase(), "Succeeded" | "Failed");
        if let (Some(node), false) = (p.node_name(), done) {
            let r = pod_requests(&p.spec, false);
            let e = requested.entry(node.to_string()).or_default();
            e.0 += r.milli_cpu;
            e.1 += r.memory;
        }
    }
    let nodes = store
        .list(Kind::Node, None)
        .filter_map(|n| n.as_node())
        .map(|n| NodeView {
            name: n.metadata.name.clone(),
            ready: n.status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True"),
            unschedulable: n.spec.unschedulable == Some(true),
            zone: n.metadata.labels.get("topology.kubernetes.io/zone").cloned(),
            taints: n.spec.taints.iter().map(|t| format!("{}{}:{}", t.key, t.value.as_deref().map(|v| format!("={v}")).unwrap_or_default(), t.effect)).collect(),
            cpu_allocatable: n.status.allocatable.get("cpu").map(|q| q.milli_value()).unwrap_or(0),
            cpu_requested: requested.get(&n.metadata.name).map(|r| r.0).unwrap_or(0),
            memory_allocatable: n.status.allocatable.get("memory").map(|q| q.value()).unwrap_or(0),
            memory_requested: requested.get(&n.metadata.name).map(|r| r.1).unwrap_or(0),
        })
        .collect();
    let mut workloads = Vec::new();
    for kind in [Kind::Deployment, Kind::ReplicaSet, Kind::StatefulSet, Kind::DaemonSet, Kind::Job] {
        for o in store.list(kind, None) {
            let (desired, ready, current, revision) = match &**o {
                Object::Deployment(d) => (d.spec.replicas.unwrap_or(1), d.status.ready_replicas.unwrap_or(0), d.status.replicas.unwrap_or(0), d.metadata.annotations.get("deployment.kubernetes.io/revision").cloned()),
                Object::ReplicaSet(r) => (r.spec.replicas.unwrap_or(1), r.status.ready_replicas.unwrap_or(0), r.status.replicas, r.metadata.annotations.get("deployment.kubernetes.io/revision").cloned()),
                Object::StatefulSet(s) => (s.spec.replicas.unwrap_or(1), s.status.ready_replicas.unwrap_or(0), s.status.replicas, None),
                Object::DaemonSet(d) => (d.status.desired_number_scheduled, d.status.number_ready, d.status.current_number_scheduled, None),
                Object::Job(j) => (j.spec.completions.unwrap_or(1), j.status.succeeded.unwrap_or(0), j.status.active.unwrap_or(0), None),
                _ => continue,
            };
            let hash = o.meta().labels.get("pod-template-hash").filter(|_| kind == Kind::ReplicaSet).cloned();
            workloads.push(WorkloadView { kind: kind.name().into(), namespace: o.namespace().into(), name: o.name().into(), owner: owner(o), desired, ready, revision, hash, current });
        }
    }
    let pods = store
        .list(Kind::Pod, None)
        .filter_map(|o| o.as_pod().map(|p| (o, p)))
        .map(|(o, p)| {
            let (ready_column, status, restarts) = kubeplay_kubectl::print::columns::pods::ready_status_restarts(p, now);
            PodView {
                name: p.metadata.name.clone(),
                namespace: p.metadata.namespace.clone(),
                phase: p.phase().to_string(),
                status,
                ready_column,
                ready: p.is_ready(),
                node: p.node_name().map(str::to_string),
                restarts,
                owner: owner(o),
                terminating: p.metadata.deletion_timestamp.is_some(),
                unschedulable_reason: p
                    .status
                    .conditions
                    .iter()
                    .find(|c| c.type_ == "PodScheduled" && c.status == "False")
                    .and_then(|c| c.message.clone()),
                created: p.metadata.creation_timestamp.map(|t| t.rfc3339()).unwrap_or_default(),
            }
        })
        .collect();
    let mut events: Vec<EventView> = store
        .list(Kind::Event, None)
        .filter_map(|o| match &**o {
            Object::Event(e) => Some(EventView {
                type_: e.type_.clone().unwrap_or_default(),
                reason: e.reason.clone().unwrap_or_default(),
                object: format!("{}/{}", e.involved_object.kind.as_deref().unwrap_or("").to_ascii_lowercase(), e.involved_object.name.as_deref().unwrap_or("")),
                namespace: e.metadata.namespace.clone(),
                message: e.message.clone().unwrap_or_default(),
                count: e.count.unwrap_or(1),
                last: e.last_timestamp.or(e.first_timestamp).map(|t| t.rfc3339()).unwrap_or_default(),
            }),
            _ => None,
        })
        .collect();
    // RFC 3339 in UTC sorts as text; the stable sort keeps store order on ties.
    events.sort_by(|a, b| a.last.cmp(&b.last));
    let drop = events.len().saturating_sub(MAX_EVENTS);
    events.drain(..drop);
    ClusterView { time: now.rfc3339(), step: engine.cursor(), nodes, workloads, pods, events }
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
            let _ = writeln!(out, "Bound to {node}. How the scheduler sees the nodes now:");
        }
        (None, Some(msg)) => {
            let _ = writeln!(out, "Pending: {msg}");
        }
        (None, None) if !ex.served => {
            let _ = writeln!(out, "Pending: no scheduler profile serves schedulerName {:?}.", ex.scheduler_name);
        }
        (None, None) => {
            let _ = writeln!(out, "Not bound yet; the scheduler would pick: {}", if ex.best.is_empty() { "-".to_string() } else { ex.best.join(", ") });
        }
    }
    if let Some((plugin, reasons)) = &ex.pre_filter_rejection {
        let _ = writeln!(out, "PreFilter {plugin} rejects every node: {}", reasons.join("; "));
    }
    // One block per node: readable in a narrow panel.
    for n in &ex.nodes {
        if n.fits {
            let best = if ex.best.contains(&n.node) { ", the best" } else { "" };
            let _ = writeln!(out, "\n{}: fits, score {}{best}", n.node, n.total.unwrap_or(0));
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
