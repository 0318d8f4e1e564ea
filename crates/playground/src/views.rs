//! View models for the UI: small, serialisable summaries of the cluster
//! and the trace, computed from the engine's current state.

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
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeView {
    pub name: String,
    pub ready: bool,
    pub unschedulable: bool,
    pub zone: Option<String>,
    pub taints: Vec<String>,
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
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClusterView {
    pub time: String,
    pub step: usize,
    pub nodes: Vec<NodeView>,
    pub workloads: Vec<WorkloadView>,
    pub pods: Vec<PodView>,
}

fn owner(o: &Object) -> Option<String> {
    o.meta().controller_ref().map(|r| format!("{}/{}", r.kind, r.name))
}

pub fn cluster_view(engine: &Engine) -> ClusterView {
    let store = engine.store();
    let now = engine.now();
    let nodes = store
        .list(Kind::Node, None)
        .filter_map(|n| n.as_node())
        .map(|n| NodeView {
            name: n.metadata.name.clone(),
            ready: n.status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True"),
            unschedulable: n.spec.unschedulable == Some(true),
            zone: n.metadata.labels.get("topology.kubernetes.io/zone").cloned(),
            taints: n.spec.taints.iter().map(|t| format!("{}{}:{}", t.key, t.value.as_deref().map(|v| format!("={v}")).unwrap_or_default(), t.effect)).collect(),
        })
        .collect();
    let mut workloads = Vec::new();
    for kind in [Kind::Deployment, Kind::ReplicaSet, Kind::StatefulSet, Kind::DaemonSet, Kind::Job] {
        for o in store.list(kind, None) {
            let (desired, ready, revision) = match &**o {
                Object::Deployment(d) => (d.spec.replicas.unwrap_or(1), d.status.ready_replicas.unwrap_or(0), None),
                Object::ReplicaSet(r) => (r.spec.replicas.unwrap_or(1), r.status.ready_replicas.unwrap_or(0), r.metadata.annotations.get("deployment.kubernetes.io/revision").cloned()),
                Object::StatefulSet(s) => (s.spec.replicas.unwrap_or(1), s.status.ready_replicas.unwrap_or(0), None),
                Object::DaemonSet(d) => (d.status.desired_number_scheduled, d.status.number_ready, None),
                Object::Job(j) => (j.spec.completions.unwrap_or(1), j.status.succeeded.unwrap_or(0), None),
                _ => continue,
            };
            workloads.push(WorkloadView { kind: kind.name().into(), namespace: o.namespace().into(), name: o.name().into(), owner: owner(o), desired, ready, revision });
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
            }
        })
        .collect();
    ClusterView { time: now.rfc3339(), step: engine.cursor(), nodes, workloads, pods }
}
