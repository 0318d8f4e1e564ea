//! The resource metrics API as the HPA reads it (metrics-server): each
//! Running pod's cpu and memory use. A workload's `sim load` is its total
//! demand, shared evenly by its Running and Ready pods — so more replicas
//! mean less per pod, as with real traffic behind a Service; pods that are
//! running but not ready serve nothing and use nothing. Pods that are not
//! Running (or on a failed node) have no metrics.
//!
//! This is the one place the HPA gets usage from; the numbers are the
//! kubelet's (`kubelet::usage`).

use crate::world::World;
use kubeplay_model::api::Pod;
use kubeplay_model::{Kind, ObjectMeta};

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
    Some((current.kind.to_string(), current.name))
}

/// The pod's usage of `resource` in milli-units (millicores; bytes × 1000),
/// or None when metrics-server has no sample for it: the kubelet's usage
/// model, summed over the pod's containers.
pub fn pod_usage(world: &World, pod: &Pod, resource: &str) -> Option<i64> {
    let (cpu, memory) = crate::kubelet::usage::pod_usage_total(world, pod)?;
    Some(match resource {
        "cpu" => cpu,
        "memory" => memory.saturating_mul(1000),
        _ => 0,
    })
}
