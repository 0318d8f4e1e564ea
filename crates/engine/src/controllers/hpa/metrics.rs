//! The resource metrics API as the HPA reads it (metrics-server): each
//! Running pod's cpu and memory use. A workload's `sim load` is its total
//! demand, shared evenly by its Running and Ready pods — so more replicas
//! mean less per pod, as with real traffic behind a Service; pods that are
//! running but not ready serve nothing and use nothing. Pods that are not
//! Running (or on a failed node) have no metrics.
//!
//! This is the one place the HPA gets usage from; it will read the
//! kubelet's usage model once that lands.

use crate::sim::WorkloadLoad;
use crate::world::World;
use kubeplay_model::api::Pod;
use kubeplay_model::{Kind, Object, ObjectMeta};

/// The workload a pod belongs to: (kind, name), following controller
/// references up (Pod → ReplicaSet → Deployment) to the outermost owner.
pub fn workload_of(world: &World, meta: &ObjectMeta) -> Option<(String, String)> {
    let mut current = meta.controller_ref()?.clone();
    for _ in 0..4 {
        let kind = Kind::ALL.iter().copied().find(|k| k.name() == current.kind)?;
        let owner = world.store.get_by(kind, &meta.namespace, &current.name);
        match owner.and_then(|o| o.meta().controller_ref().cloned()) {
            Some(up) => current = up,
            None => break,
        }
    }
    Some((current.kind, current.name))
}

fn load_for(world: &World, pod: &Pod) -> Option<((String, String), WorkloadLoad)> {
    let w = workload_of(world, &pod.metadata)?;
    let load = world.sim.load_of(&w.0, &pod.metadata.namespace, &w.1)?;
    Some((w, load))
}

fn serving(p: &Pod) -> bool {
    p.phase() == "Running" && p.is_ready() && p.metadata.deletion_timestamp.is_none()
}

/// The pod's usage of `resource` in milli-units (millicores; bytes × 1000),
/// or None when metrics-server has no sample for it.
pub fn pod_usage(world: &World, pod: &Pod, resource: &str) -> Option<i64> {
    let node = pod.node_name()?;
    if pod.phase() != "Running" || world.sim.failed_nodes.contains(node) {
        return None;
    }
    let Some((workload, load)) = load_for(world, pod) else { return Some(0) };
    if !serving(pod) {
        return Some(0);
    }
    let total = match resource {
        "cpu" => load.cpu_milli,
        "memory" => load.memory_bytes.unwrap_or(0).saturating_mul(1000),
        _ => 0,
    };
    let sharing = world
        .store
        .list(Kind::Pod, Some(&pod.metadata.namespace))
        .filter_map(|o| match &**o {
            Object::Pod(p) if serving(p) => Some(p),
            _ => None,
        })
        .filter(|p| workload_of(world, &p.metadata).as_ref() == Some(&workload))
        .count()
        .max(1) as i64;
    Some(total / sharing)
}
