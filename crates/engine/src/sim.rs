//! What the simulated machines know that the API does not: which nodes are
//! down, which images each node has cached, each pod's containers as the
//! runtime sees them, how images behave (`sim image`), and the load put on
//! workloads (`sim load`). Persistent maps, cloned with the world.
//!
//! The `sim …` commands are methods on [`Engine`] at the end of this file.

use crate::kubelet::runtime::PodRuntime;
use imbl::{OrdMap, OrdSet};
use kubeplay_model::{Kind, ObjectKey, Time};

#[derive(Clone, Default)]
pub struct SimState {
    /// Nodes whose kubelet stopped (`sim node fail`).
    pub failed_nodes: OrdSet<String>,
    /// When each failed node last heartbeated.
    pub node_failed_at: OrdMap<String, Time>,
    /// Images present on each node (normalized references, as containerd
    /// names them), for pull times and ImageLocality.
    pub image_cache: OrdMap<String, OrdSet<String>>,
    /// Next host number to hand out per node when assigning pod IPs.
    pub next_pod_ip: OrdMap<String, u32>,
    /// LoadBalancer Services being provisioned, and since when.
    pub lb_requested: OrdMap<ObjectKey, Time>,
    /// kube-proxy's ClientIP affinity: (service, client IP) → pod name.
    pub affinity: OrdMap<(ObjectKey, String), String>,
    /// When each node's (serial) image puller is free again.
    pub puller_free_at: OrdMap<String, Time>,
    /// `sim image` behaviours, by normalized image reference.
    pub images: OrdMap<String, ImageBehavior>,
    /// `sim load` figures, per workload.
    pub loads: OrdMap<LoadTarget, Load>,
    /// The kubelet's and runtime's view of each pod, by `namespace/name`.
    pub pods: OrdMap<String, PodRuntime>,
    /// Taint-based evictions scheduled: pod `namespace/name` → when the
    /// taint manager first saw the pod on a tainted node.
    pub evictions: OrdMap<String, Time>,
    /// Pod GC: deleted nodes → when they were first seen missing.
    pub orphaned_nodes: OrdMap<String, Time>,
    /// Node lifecycle: per zone, when the next NoExecute taint may be added
    /// (the eviction rate limiter, 0.1 nodes/s).
    pub taint_limiter: OrdMap<String, Time>,
}

/// How containers from one image behave (`sim image`). Unset fields keep
/// the image's own behaviour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImageBehavior {
    /// Pulls fail: the registry does not have it.
    pub missing: bool,
    /// The app accepts connections (probes pass) only this long after start.
    pub ready_after_secs: Option<i64>,
    /// The process exits this long after start with this code (0: it
    /// completes; non-zero: it crashes).
    pub exit_after: Option<(i64, i32)>,
    /// Readiness probes fail (503) for running containers too.
    pub fail_readiness: bool,
}

/// Whose pods a `sim load` applies to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LoadTarget {
    pub namespace: String,
    /// Pod, Deployment, ReplicaSet, StatefulSet, DaemonSet or Job.
    pub kind: Kind,
    pub name: String,
}

/// Resource usage per pod under load; None keeps the idle figure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Load {
    pub cpu_milli: Option<i64>,
    pub memory_bytes: Option<i64>,
}

impl SimState {
    pub fn image_behavior(&self, normalized: &str) -> Option<&ImageBehavior> {
        self.images.get(normalized)
    }
}
