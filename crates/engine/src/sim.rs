//! What the simulated machines know that the API does not: which nodes are
//! down, which images each node has cached, each pod's containers as the
//! runtime sees them, how images behave (`sim image`), and the load put on
//! workloads (`sim load`). Persistent maps, cloned with the world.
//!
//! The `sim …` commands are methods on [`Engine`] at the end of this file.

use crate::kubelet::runtime::PodRuntime;
use crate::kubelet::runtimes::{NodeRuntimes, PodRuntimes};
use imbl::{OrdMap, OrdSet};
use kubeplay_model::{Kind, ObjectKey, Time};

#[derive(Clone, Default)]
pub struct SimState {
    /// Nodes whose kubelet stopped (`sim node fail`).
    pub failed_nodes: OrdSet<String>,
    /// Nodes whose kubelet last saw itself unschedulable (its
    /// `lastNodeUnschedulable`), to report each change once.
    pub seen_unschedulable: OrdSet<String>,
    /// When each failed node last heartbeated.
    pub node_failed_at: OrdMap<String, Time>,
    /// Images present on each node (normalized references, as containerd
    /// names them), for pull times and ImageLocality.
    pub image_cache: OrdMap<String, OrdSet<String>>,
    /// Next host number to hand out per node when assigning pod IPs.
    pub next_pod_ip: OrdMap<String, u32>,
    /// The HPA controller's in-memory state per HPA (`namespace/name`):
    /// recent recommendations and rescales, last sync.
    pub hpa: OrdMap<String, crate::controllers::hpa::Memory>,
    /// The DaemonSet controller's failed-pod back-off, by
    /// `<ds uid>/<observed generation>/<node>` as upstream keys it.
    pub daemon_backoff: OrdMap<String, crate::controllers::daemonset::plan::Backoff>,
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
    /// Pods (`namespace/name`) whose container was started on an endless
    /// loop of requests to Services (the docs' load generators): the only
    /// pods whose requests load others (`kubelet::usage`). A pod stays
    /// listed after it ends; each read checks it still runs.
    pub clients: OrdSet<String>,
    /// The kubelet's and runtime's view of each pod, by `namespace/name`
    /// (and by node).
    pub pods: PodRuntimes,
    /// Taint-based evictions scheduled: pod `namespace/name` → when the
    /// taint manager deletes it.
    pub evictions: OrdMap<String, Time>,
    /// Pod GC: deleted nodes → when they were first seen missing.
    pub orphaned_nodes: OrdMap<String, Time>,
    /// Node lifecycle: per zone, when the next NoExecute taint may be added
    /// (the eviction rate limiter, 0.1 nodes/s).
    pub taint_limiter: OrdMap<String, Time>,
    /// The variables the last container was created with: the next is
    /// most often another replica given the same, which then shares them.
    pub env_last: Option<crate::kubelet::envvars::EnvVars>,
    /// The process plan the last container was created with, shared the
    /// same way.
    pub plan_last: Option<std::sync::Arc<crate::kubelet::process::Plan>>,
    /// `sim traffic` request streams and what they measured.
    pub traffic: crate::traffic::Traffic,
    /// The kubelets' eviction managers, per node.
    pub eviction: OrdMap<String, crate::kubelet::eviction::NodeEviction>,
    /// Bound pods whose containers have not all started: the only pods a
    /// ConfigMap or Secret write can unblock. Kept from the change feed
    /// (an informer-side index), so such a write does not walk every pod.
    pub waiting_pods: OrdSet<ObjectKey>,
    /// Bound pods with an init container running: the only pods whose
    /// wait loops (`until nslookup svc`, `until wget http://svc`) a
    /// Service, Endpoints or NetworkPolicy change can end. Kept from the
    /// change feed as `waiting_pods` is.
    pub init_running: OrdSet<ObjectKey>,
    /// The EndpointSlice controller's tracker: per Service, the slices it
    /// wrote and the resourceVersion it wrote (0: it deleted the slice).
    pub slice_tracker: OrdMap<ObjectKey, OrdMap<String, u64>>,
    /// Pods (`namespace/name`) whose command `kubectl run -i` attached
    /// to: it runs until kubectl reports how it ended (None), since the
    /// playground, not the simulated process, computes the command's
    /// output; then (Some) each restart exits at once with the same code
    /// while kubectl waits ([`Engine::sim_attached_exit`]).
    pub attached: OrdMap<String, Option<i32>>,
    /// Files written inside containers through `kubectl exec` (see
    /// [`crate::kubelet::files`]); empty until someone writes one.
    pub files: crate::kubelet::files::Files,
    /// What running pods' ConfigMap and Secret volumes still show until
    /// their next sync (see [`crate::kubelet::volume_sync`]); empty while
    /// volumes and objects agree.
    pub held_volumes: crate::kubelet::volume_sync::HeldVolumes,
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

// ------------------------------------------------------------------ sim commands

use crate::bootstrap::{make_node, NodeSpecInput};
use crate::controller::Ctx;
use crate::engine::Engine;
use crate::kubelet::image::ImageRef;
use crate::kubelet::probes::Timing;
use crate::world::ControllerId;
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::Object;

/// Why a `sim` command could not be carried out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    #[error("node {0:?} not found")]
    NodeNotFound(String),
    #[error("node {0:?} already exists")]
    NodeExists(String),
    #[error("invalid node name {0:?}: {1}")]
    InvalidNodeName(String, String),
    #[error("node {0:?} has already failed")]
    NodeAlreadyFailed(String),
    #[error("node {0:?} has not failed")]
    NodeNotFailed(String),
    #[error("pod {1:?} not found in namespace {0:?}")]
    PodNotFound(String, String),
    #[error("pod {0:?} is not running on any node yet")]
    PodNotStarted(String),
    #[error("container {1:?} not found in pod {0:?}")]
    ContainerNotFound(String, String),
    #[error("pod {0:?} has no running container to kill")]
    NothingRunning(String),
    #[error("invalid image {0:?}: {1}")]
    InvalidImage(String, String),
    #[error("{0} {1:?} not found in namespace {2:?}")]
    TargetNotFound(String, String, String),
    #[error("load can only target pods, deployments, replicasets, statefulsets, daemonsets and jobs, not {0}")]
    BadTarget(String),
}

/// What `sim node add` may change about the default worker.
#[derive(Clone, Debug, Default)]
pub struct NodeOverrides {
    pub cpu: Option<kubeplay_model::Quantity>,
    pub memory: Option<kubeplay_model::Quantity>,
    pub pods: Option<i64>,
    pub labels: Vec<(String, String)>,
    pub taints: Vec<kubeplay_model::api::Taint>,
}

fn node_key(name: &str) -> ObjectKey {
    ObjectKey::new(Kind::Node, "", name)
}

/// `namespace/name` slots of the pods a node runs.
fn slots_on(sim: &SimState, node: &str) -> Vec<String> {
    sim.pods.on_node(node).map(NodeRuntimes::slots).unwrap_or_default()
}

fn pod_key(slot: &str) -> ObjectKey {
    let (ns, name) = slot.split_once('/').unwrap_or(("", slot));
    ObjectKey::new(Kind::Pod, ns, name)
}

impl Engine {
    /// `sim node fail NODE`: the node's kubelet stops; after the
    /// node-monitor grace period the node turns NotReady, is tainted
    /// unreachable, and its pods are evicted when their tolerations run out.
    pub fn sim_node_fail(&mut self, node: &str) -> Result<(), SimError> {
        self.user(&format!("sim node fail {node}"), node_key(node), |ctx| {
            if ctx.store().get(&node_key(node)).is_none() {
                return Err(SimError::NodeNotFound(node.into()));
            }
            let now = ctx.now();
            let world = ctx.world_mut();
            if world.sim.failed_nodes.insert(node.to_string()).is_some() {
                return Err(SimError::NodeAlreadyFailed(node.into()));
            }
            world.sim.node_failed_at.insert(node.to_string(), now);
            // Its pods' timers are moot while the kubelet is down.
            for slot in slots_on(&world.sim, node) {
                let mut armed = (None, None);
                world.sim.pods.update(&slot, |rt| armed = std::mem::take(&mut rt.armed));
                let key = pod_key(&slot);
                if let Some(t) = armed.0 {
                    world.cancel_timer(t, ControllerId::Kubelet, &key, false);
                }
                if let Some(t) = armed.1 {
                    world.cancel_timer(t, ControllerId::Kubelet, &key, true);
                }
            }
            ctx.enqueue(ControllerId::NodeLifecycle, node_key(node));
            ctx.explain(format!(
                "node {node} fails: its kubelet stops posting status and stops running its pods"
            ));
            Ok(())
        })
    }

    /// `sim node recover NODE`: the kubelet comes back, posts Ready and
    /// syncs all its pods again.
    pub fn sim_node_recover(&mut self, node: &str) -> Result<(), SimError> {
        self.user(&format!("sim node recover {node}"), node_key(node), |ctx| {
            if ctx.store().get(&node_key(node)).is_none() {
                return Err(SimError::NodeNotFound(node.into()));
            }
            let now = ctx.now();
            let world = ctx.world_mut();
            if world.sim.failed_nodes.remove(node).is_none() {
                return Err(SimError::NodeNotFailed(node.into()));
            }
            world.sim.node_failed_at.remove(node);
            let slots = slots_on(&world.sim, node);
            for slot in &slots {
                // A restarted kubelet syncs every pod.
                world.sim.pods.update(slot, |rt| rt.retry_at = Some(now));
            }
            // Pods bound while it was down have no runtime yet: the
            // restarted kubelet lists them from the API and starts them too.
            let mut pods: Vec<ObjectKey> = slots.iter().map(|s| pod_key(s)).collect();
            pods.extend(ctx.store().pods_on_node(node).map(|p| p.key()));
            kubeplay_model::sort::sort(&mut pods);
            pods.dedup();
            ctx.enqueue(ControllerId::Kubelet, node_key(node));
            for key in &pods {
                ctx.enqueue(ControllerId::Kubelet, key.clone());
            }
            ctx.enqueue(ControllerId::NodeLifecycle, node_key(node));
            ctx.explain(format!("node {node} recovers: its kubelet starts again, posts Ready and re-syncs its {} pod(s)", pods.len()));
            Ok(())
        })
    }

    /// `sim node add [NAME]`: a new worker node joins (kind-style name,
    /// next pod CIDR, zones in turn). Returns its name.
    pub fn sim_node_add(&mut self, name: Option<&str>) -> Result<String, SimError> {
        self.sim_node_add_with(name, &NodeOverrides::default())
    }

    /// `sim node add NAME --cpu … --label … --taint …`: as [`Engine::sim_node_add`],
    /// with the worker's default size, labels and taints changed.
    pub fn sim_node_add_with(
        &mut self,
        name: Option<&str>,
        over: &NodeOverrides,
    ) -> Result<String, SimError> {
        let nodes: Vec<(String, Option<String>)> = self
            .store()
            .list(Kind::Node, None)
            .filter_map(|n| n.as_node())
            .map(|n| (n.metadata.name.clone(), n.spec.pod_cidr.clone()))
            .collect();
        let name = match name {
            Some(n) => {
                let errs = kubeplay_model::names::is_dns1123_subdomain(n);
                if !errs.is_empty() {
                    return Err(SimError::InvalidNodeName(n.into(), errs.join("; ")));
                }
                if nodes.iter().any(|(m, _)| m == n) {
                    return Err(SimError::NodeExists(n.into()));
                }
                n.to_string()
            }
            None => (2..)
                .map(|i| format!("kubeplay-worker{i}"))
                .find(|c| !nodes.iter().any(|(m, _)| m == c))
                .unwrap_or_default(),
        };
        // The next free 10.244.N.0/24.
        let index = nodes
            .iter()
            .filter_map(|(_, cidr)| {
                cidr.as_deref()?
                    .strip_prefix("10.244.")?
                    .split('.')
                    .next()?
                    .parse::<usize>()
                    .ok()
            })
            .max()
            .map_or(0, |m| m + 1);
        let zone = ["zone-a", "zone-b", "zone-c"][index % 3];
        let mut input = NodeSpecInput::worker(&name, zone);
        if let Some(c) = &over.cpu {
            input.cpu = c.clone();
        }
        if let Some(m) = &over.memory {
            input.memory = m.clone();
        }
        if let Some(p) = over.pods {
            input.pods = p;
        }
        input.labels.extend(over.labels.iter().cloned());
        input.taints.extend(over.taints.iter().cloned());
        self.user(
            &format!("sim node add {name}"),
            node_key(&name),
            |ctx: &mut Ctx| {
                let now = ctx.now();
                let _ = ctx.create(Object::Node(Box::new(make_node(&input, index, now))));
                // A kubelet starting on a machine of a name that pods are
                // still bound to (its namesake was removed moments ago,
                // before pod GC's quarantine ran out) lists them and runs
                // them, after admission, as its own.
                let bound: Vec<ObjectKey> =
                    ctx.store().pods_on_node(&name).map(|p| p.key()).collect();
                for key in bound {
                    ctx.enqueue(ControllerId::Kubelet, key);
                }
                ctx.explain(format!(
                    "node {name} joins the cluster in {zone} with pod CIDR {}",
                    crate::bootstrap::pod_cidr(index)
                ));
            },
        );
        Ok(name)
    }

    /// `sim node remove NODE`: the node is deleted (as `kubectl delete
    /// node`); pod GC removes its pods after its quarantine.
    pub fn sim_node_remove(&mut self, node: &str) -> Result<(), SimError> {
        self.user(&format!("sim node remove {node}"), node_key(node), |ctx| {
            if ctx
                .delete(&node_key(node), DeleteOptions::default())
                .is_err()
            {
                return Err(SimError::NodeNotFound(node.into()));
            }
            // The machine is gone, and every container and sandbox on it:
            // a node that joins later under this name starts from nothing.
            for slot in slots_on(&ctx.world().sim, node) {
                if let Some(rt) = ctx.world_mut().sim.pods.remove(&slot) {
                    crate::kubelet::disarm(ctx, &pod_key(&slot), &rt);
                }
            }
            let sim = &mut ctx.world_mut().sim;
            sim.failed_nodes.remove(node);
            sim.node_failed_at.remove(node);
            sim.image_cache.remove(node);
            sim.puller_free_at.remove(node);
            sim.next_pod_ip.remove(node);
            sim.eviction.remove(node);
            ctx.explain(format!("node {node} is removed from the cluster"));
            Ok(())
        })
    }

    /// `sim pod kill POD [-c CONTAINER]`: the container's process is killed
    /// (exit 137); the kubelet restarts it as its restart policy says.
    /// Returns the containers killed.
    pub fn sim_pod_kill(
        &mut self,
        namespace: &str,
        pod: &str,
        container: Option<&str>,
    ) -> Result<Vec<String>, SimError> {
        let key = ObjectKey::new(Kind::Pod, namespace, pod);
        self.user(&format!("sim pod kill {pod}"), key.clone(), |ctx| {
            let Some(Object::Pod(p)) = ctx.get(&key).as_deref().cloned() else {
                return Err(SimError::PodNotFound(namespace.into(), pod.into()));
            };
            if let Some(c) = container {
                if !p
                    .spec
                    .containers
                    .iter()
                    .chain(&p.spec.init_containers)
                    .any(|s| s.name == c)
                {
                    return Err(SimError::ContainerNotFound(pod.into(), c.into()));
                }
            }
            let now = ctx.now();
            let slot = crate::kubelet::pod_slot(namespace, pod);
            let Some(mut rt) = ctx
                .world()
                .sim
                .pods
                .get(&slot)
                .filter(|r| r.uid == p.metadata.uid)
                .map(|r| PodRuntime::clone(r))
            else {
                return Err(SimError::PodNotStarted(pod.into()));
            };
            let mut killed: Vec<String> = Vec::new();
            for r in rt.refs() {
                let Some(ctr) = rt.ctr_mut(r) else { continue };
                if container.is_some_and(|c| c != ctr.name) {
                    continue;
                }
                let name = ctr.name.clone();
                if let Some(run) = ctr.run.as_mut().filter(|r| r.exited.is_none()) {
                    run.exited = Some(Box::new(crate::kubelet::runtime::Exited {
                        code: 137,
                        reason: "Error".into(),
                        started_at: run.started_at,
                        finished_at: now,
                        id: run.id.clone(),
                    }));
                    run.ready = false;
                    killed.push(name.to_string());
                }
            }
            if killed.is_empty() {
                return Err(SimError::NothingRunning(pod.into()));
            }
            rt.mark_dirty(now);
            ctx.world_mut().sim.pods.insert(slot, rt.into());
            ctx.enqueue(ControllerId::Kubelet, key.clone());
            ctx.explain(format!(
                "the process of {} in pod {pod} is killed (exit code 137)",
                killed.join(", ")
            ));
            Ok(killed)
        })
    }

    /// Holds the first container of a pod that `kubectl run -i` is about
    /// to attach to running once it starts (see [`SimState::attached`]).
    pub fn sim_attach(&mut self, namespace: &str, pod: &str) {
        self.world_mut().sim.attached.insert(format!("{namespace}/{pod}"), None);
    }

    /// The attached command of `kubectl run -i` ended with `code`: its
    /// container exits now, and the kubelet goes on as its restart
    /// policy says.
    pub fn sim_attached_exit(&mut self, namespace: &str, pod: &str, container: &str, code: i32) -> Result<(), SimError> {
        let key = ObjectKey::new(Kind::Pod, namespace, pod);
        self.world_mut().sim.attached.insert(format!("{namespace}/{pod}"), Some(code));
        self.user(&format!("kubectl run {pod}: the attached command exits"), key.clone(), |ctx| {
            let now = ctx.now();
            let slot = crate::kubelet::pod_slot(namespace, pod);
            let uid = match ctx.get(&key).as_deref() {
                Some(Object::Pod(p)) => p.metadata.uid.clone(),
                _ => return Err(SimError::PodNotFound(namespace.into(), pod.into())),
            };
            let Some(mut rt) = ctx.world().sim.pods.get(&slot).filter(|r| r.uid == uid).map(|r| PodRuntime::clone(r)) else {
                return Err(SimError::PodNotStarted(pod.into()));
            };
            for r in rt.refs() {
                let Some(ctr) = rt.ctr_mut(r).filter(|c| c.name == container) else { continue };
                if let Some(run) = ctr.run.as_mut().filter(|r| r.exited.is_none() && r.stopping.is_none()) {
                    run.stopping = Some((now, code));
                }
            }
            // `kubectl debug -it`'s shell is an ephemeral container's process.
            for e in rt.ephemeral.iter_mut().flat_map(|v| v.iter_mut()).filter(|e| e.ctr.name == container) {
                if let Some(run) = e.ctr.run.as_mut().filter(|r| r.exited.is_none() && r.stopping.is_none()) {
                    run.stopping = Some((now, code));
                }
            }
            rt.mark_dirty(now);
            ctx.world_mut().sim.pods.insert(slot, rt.into());
            ctx.enqueue(ControllerId::Kubelet, key.clone());
            ctx.explain(format!("the command kubectl attached to in {pod} exits with code {code}"));
            Ok(())
        })
    }

    /// `sim image IMAGE …`: sets how containers from this image behave
    /// (it replaces earlier settings for the image).
    pub fn sim_image(&mut self, image: &str, behavior: ImageBehavior) -> Result<(), SimError> {
        let normalized = ImageRef::parse(image)
            .map_err(|e| SimError::InvalidImage(image.into(), e.to_string()))?
            .normalized();
        self.user(&format!("sim image {image}"), node_key(""), |ctx| {
            ctx.world_mut()
                .sim
                .images
                .insert(normalized.clone(), behavior.clone());
            refresh_image(ctx, &normalized);
            ctx.explain(format!(
                "containers from {normalized} now behave as set: {behavior:?}"
            ));
        });
        Ok(())
    }

    /// `sim image reset [IMAGE]`: back to the images' own behaviour.
    pub fn sim_image_reset(&mut self, image: Option<&str>) -> Result<(), SimError> {
        let normalized = match image {
            Some(i) => Some(
                ImageRef::parse(i)
                    .map_err(|e| SimError::InvalidImage(i.into(), e.to_string()))?
                    .normalized(),
            ),
            None => None,
        };
        self.user("sim image reset", node_key(""), |ctx| {
            let sim = &mut ctx.world_mut().sim;
            let images: Vec<String> = match &normalized {
                Some(n) => sim
                    .images
                    .remove(n)
                    .map(|_| vec![n.clone()])
                    .unwrap_or_default(),
                None => std::mem::take(&mut sim.images).keys().cloned().collect(),
            };
            for n in &images {
                refresh_image(ctx, n);
            }
            ctx.explain(format!(
                "{} image(s) behave as themselves again",
                images.len()
            ));
        });
        Ok(())
    }

    /// `sim load KIND/NAME cpu=… memory=…`: the pods of a workload use this
    /// much (per pod) from now on; both None removes the load.
    pub fn sim_load(&mut self, target: LoadTarget, load: Load) -> Result<(), SimError> {
        if !matches!(
            target.kind,
            Kind::Pod
                | Kind::Deployment
                | Kind::ReplicaSet
                | Kind::StatefulSet
                | Kind::DaemonSet
                | Kind::Job
        ) {
            return Err(SimError::BadTarget(target.kind.info().plural.into()));
        }
        if self
            .store()
            .get_by(target.kind, &target.namespace, &target.name)
            .is_none()
        {
            return Err(SimError::TargetNotFound(
                target.kind.name().to_lowercase(),
                target.name.clone(),
                target.namespace.clone(),
            ));
        }
        let what = format!(
            "sim load {}/{}",
            target.kind.name().to_lowercase(),
            target.name
        );
        self.user(
            &what,
            ObjectKey::new(target.kind, &target.namespace, &target.name),
            |ctx| {
                let sim = &mut ctx.world_mut().sim;
                if load.cpu_milli.is_none() && load.memory_bytes.is_none() {
                    sim.loads.remove(&target);
                } else {
                    sim.loads.insert(target.clone(), load);
                }
                // Running pods re-check their memory limits.
                let pods: Vec<ObjectKey> = ctx
                    .store()
                    .list(Kind::Pod, Some(&target.namespace))
                    .filter(|p| {
                        p.as_pod()
                            .is_some_and(|p| p.node_name().is_some() && p.phase() == "Running")
                    })
                    .map(|p| p.key())
                    .collect();
                for k in pods {
                    ctx.enqueue(ControllerId::Kubelet, k);
                }
                ctx.explain(format!(
                    "{what}: cpu {:?}m, memory {:?} bytes per pod",
                    load.cpu_milli, load.memory_bytes
                ));
            },
        );
        Ok(())
    }
}

/// Running containers of `image` probe readiness again at their next
/// probe time, and their pods are looked at again.
fn refresh_image(ctx: &mut Ctx, normalized: &str) {
    let mut slots: Vec<String> = ctx
        .world()
        .sim
        .pods
        .iter()
        .filter(|(_, rt)| {
            rt.app
                .iter()
                .chain(&rt.init)
                .any(|c| c.running().is_some_and(|r| r.image == normalized))
        })
        .map(|(s, _)| s.to_string())
        .collect();
    // In slot order, whatever order the runtimes are kept in.
    slots.sort_unstable();
    let now = ctx.now();
    for slot in slots {
        let key = pod_key(&slot);
        let Some(Object::Pod(pod)) = ctx.get(&key).as_deref().cloned() else {
            continue;
        };
        let Some(mut rt) = ctx.world().sim.pods.get(&slot).map(|r| PodRuntime::clone(r)) else {
            continue;
        };
        for r in rt.refs() {
            let spec = if r.init {
                pod.spec.init_containers.get(r.idx)
            } else {
                pod.spec.containers.get(r.idx)
            };
            let Some(probe) = spec.and_then(|c| c.readiness_probe.as_ref()) else {
                continue;
            };
            if let Some(run) = rt
                .ctr_mut(r)
                .and_then(|c| c.run.as_mut())
                .filter(|run| run.exited.is_none() && run.image == normalized && run.started)
            {
                run.probes.readiness.next =
                    Some(Timing::of(probe).tick_at_or_after(run.started_at, now));
            }
        }
        ctx.world_mut().sim.pods.insert(slot, rt.into());
        ctx.enqueue(ControllerId::Kubelet, key);
    }
}
