//! What the simulated machines know that the API does not: which nodes are
//! down, which images each node has cached, how containers behave, and the
//! load put on workloads. Persistent maps, cloned with the world.

use imbl::{OrdMap, OrdSet};
use kubeplay_model::{ObjectKey, Time};

#[derive(Clone, Default)]
pub struct SimState {
    /// Nodes whose kubelet stopped (`sim node fail`).
    pub failed_nodes: OrdSet<String>,
    /// Images present on each node, for pull times and ImageLocality.
    pub image_cache: OrdMap<String, OrdSet<String>>,
    /// Next host number to hand out per node when assigning pod IPs.
    pub next_pod_ip: OrdMap<String, u32>,
    /// LoadBalancer Services being provisioned, and since when.
    pub lb_requested: OrdMap<ObjectKey, Time>,
    /// kube-proxy's ClientIP affinity: (service, client IP) → pod name.
    pub affinity: OrdMap<(ObjectKey, String), String>,
}
