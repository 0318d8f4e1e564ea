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
    /// How containers of an image behave once started (by image name);
    /// images not listed run forever, like a server.
    pub exits: OrdMap<String, ContainerExit>,
    /// Resource usage demand per workload (`sim load deployment/NAME
    /// cpu=800m`): the workload's total, spread over its ready pods.
    pub load: OrdMap<LoadKey, WorkloadLoad>,
    /// The HPA controller's in-memory state per HPA (`namespace/name`):
    /// recent recommendations and rescales, last sync.
    pub hpa: OrdMap<String, crate::controllers::hpa::Memory>,
    /// LoadBalancer Services being provisioned, and since when.
    pub lb_requested: OrdMap<ObjectKey, Time>,
    /// kube-proxy's ClientIP affinity: (service, client IP) → pod name.
    pub affinity: OrdMap<(ObjectKey, String), String>,
}

/// A container that exits by itself: after running `after_ms`, it ends
/// with `exit_code` (0 = Completed, anything else = Error). This is the
/// small hook Jobs need until the kubelet simulates commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContainerExit {
    pub after_ms: i64,
    pub exit_code: i32,
}

/// Identifies a workload a load is put on: (kind name, namespace, name),
/// e.g. ("Deployment", "default", "web").
pub type LoadKey = (String, String, String);

/// Total demand of a workload, in millicores and bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorkloadLoad {
    pub cpu_milli: i64,
    pub memory_bytes: Option<i64>,
}

impl SimState {
    /// Makes every container running `image` exit with `exit_code` after
    /// `after_ms` of running (restartPolicy then decides what happens).
    pub fn set_image_exit(&mut self, image: &str, after_ms: i64, exit_code: i32) {
        self.exits.insert(image.to_string(), ContainerExit { after_ms: after_ms.max(0), exit_code });
    }

    pub fn exit_for(&self, image: &str) -> Option<ContainerExit> {
        self.exits.get(image).copied()
    }

    /// Sets (or with `None` clears) the total load on a workload.
    pub fn set_load(&mut self, kind: &str, namespace: &str, name: &str, load: Option<WorkloadLoad>) {
        let key = (kind.to_string(), namespace.to_string(), name.to_string());
        match load {
            Some(l) => {
                self.load.insert(key, l);
            }
            None => {
                self.load.remove(&key);
            }
        }
    }

    pub fn load_of(&self, kind: &str, namespace: &str, name: &str) -> Option<WorkloadLoad> {
        self.load.get(&(kind.to_string(), namespace.to_string(), name.to_string())).copied()
    }
}
