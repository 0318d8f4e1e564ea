//! The simulated kubelets: one per node, each driving the pods bound to it
//! the way a real kubelet and containerd would — create the sandbox, pull
//! images through the node's serial puller, start containers in order
//! (init containers first), run probes, restart with back-off, stop on
//! deletion — and writing the pod status a real kubelet writes.
//!
//! Everything is timer-driven: each reconcile does what is due at the
//! current virtual instant and arms a timer for the next thing that will
//! happen (a pull finishing, a process exiting, a probe, a back-off
//! ending). Nothing polls.
//!
//! Module map: `image`/`registry` (what can be pulled, how big;
//! `registry_env` the images' own `ENV`), `sandbox_handler` (the
//! RuntimeClass handlers the node's containerd has),
//! `process`/`shell` (what a container's process does over time),
//! `runtime` (the per-pod state kept in `SimState`), `sync` (the pod
//! worker), `probes`, `terminate`, `config` (ConfigMap/Secret references),
//! `status` (the API status), `node` (node status), `usage` (metrics),
//! `eviction` (node-pressure eviction), `ephemeral` (`kubectl debug`'s
//! ephemeral containers).

mod actions;
#[cfg(test)]
mod actions_upstream_tests;
pub mod admit;
pub mod backoff;
pub mod config;
pub mod envvars;
pub mod ephemeral;
pub mod files;
pub mod eviction;
pub mod format;
#[cfg(test)]
mod fuzz;
pub mod image;
pub mod image_root;
pub mod image_programs;
mod image_programs_alpine;
mod image_programs_debian;
mod mirror;
pub mod nginx_conf;
mod non_root;
pub mod node;
pub mod probes;
pub mod process;
mod pull_secrets;
pub mod registry;
pub mod registry_env;
pub mod registry_hosts;
mod registry_library;
mod removed;
pub mod runtime;
pub mod runtimes;
mod sandbox_handler;
pub mod script_file;
pub mod security_profiles;
pub mod shell;
mod signal;
mod start;
pub mod start_error;
pub mod status;
#[cfg(test)]
mod status_upstream_tests;
mod summary;
mod sync;
pub mod sysctls;
mod terminate;
mod timers;
pub(crate) use timers::disarm;
mod writes;
pub mod usage;
pub mod volume_sync;

use crate::controller::{Controller, Ctx};
use crate::sim::SimState;
use crate::world::{ControllerId, World};
use imbl::OrdSet;
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::{Kind, Object, ObjectKey};
use std::sync::Arc;

/// Creating the pod sandbox (pause container, network) takes this long.
pub const SANDBOX_MS: i64 = 1_000;
/// The PLEG relists containers every second: runtime changes (a container
/// started or exited) reach the pod worker this much later.
pub const PLEG_MS: i64 = 1_000;
/// After a sync that failed (image pull, back-off, config error) the pod
/// worker tries again after this long (upstream adds up to 50% jitter).
pub const SYNC_RETRY_MS: i64 = 10_000;
/// Resolving an image's manifest at the registry.
pub const PULL_RESOLVE_MS: i64 = 500;
/// Download speed: 25 MB/s.
pub const PULL_BYTES_PER_MS: i64 = 25_000;
/// How long the registry takes to answer "not found".
pub const PULL_NOT_FOUND_MS: i64 = 1_000;
/// Volume mount retries: 500 ms doubling up to 2m2s.
pub const MOUNT_RETRY_INITIAL_MS: i64 = 500;
pub const MOUNT_RETRY_MAX_MS: i64 = 122_000;
/// `terminationGracePeriodSeconds` default, and the least grace a
/// container gets after its preStop hook.
pub const DEFAULT_GRACE_SECONDS: i64 = 30;
pub const MIN_GRACE_MS: i64 = 2_000;

pub struct Kubelet;

/// Keeps [`SimState::waiting_pods`] from one change: a pod is in it while
/// it is bound and [`sync::waiting_to_start`].
pub(crate) fn observe(sim: &mut SimState, change: &Change) {
    if change.key.kind != Kind::Pod {
        return;
    }
    let new = change.new.as_deref().and_then(Object::as_pod).filter(|p| p.node_name().is_some());
    let waiting = new.is_some_and(sync::waiting_to_start);
    if waiting {
        sim.waiting_pods.insert(change.key.clone());
    } else if change.old.is_some() {
        sim.waiting_pods.remove(&change.key);
    }
    let init_running = new.is_some_and(|p| p.status.init_container_statuses.iter().any(|s| s.state.running.is_some()));
    if init_running {
        sim.init_running.insert(change.key.clone());
    } else if !sim.init_running.is_empty() {
        sim.init_running.remove(&change.key);
    }
}

/// The pods with a running init container whose wait loop names the
/// Service `key` (an Endpoints object's key names its Service too).
fn waiting_on<'w>(world: &'w World, key: &'w ObjectKey) -> impl Iterator<Item = &'w ObjectKey> + 'w {
    world.sim.init_running.iter().filter(move |pod| {
        let Some(rt) = world.sim.pods.of_pod(&pod.namespace, &pod.name) else { return false };
        rt.init.iter().filter_map(|c| c.running()).any(|run| matches!(&run.plan.exit, process::Exit::WhenService(w) if w.service == *key.name && w.namespace == *key.namespace))
    })
}

/// The waiting pods of one namespace, in key order (the store's order).
fn waiting_in<'a>(waiting: &'a OrdSet<ObjectKey>, namespace: &str) -> impl Iterator<Item = &'a ObjectKey> + 'a {
    let from = ObjectKey::new(Kind::Pod, namespace, "");
    let namespace = from.namespace.clone();
    waiting.range(from..).take_while(move |k| k.kind == Kind::Pod && k.namespace == namespace)
}

impl Controller for Kubelet {
    fn id(&self) -> ControllerId {
        ControllerId::Kubelet
    }
    fn component(&self) -> &'static str {
        "kubelet"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::Pod => {
                let old = change.old.as_deref().and_then(Object::as_pod);
                let new = change.new.as_deref().and_then(Object::as_pod);
                match (old, new) {
                    (_, Some(p)) if p.node_name().is_none() => {}
                    (None, Some(_)) => enqueue(change.key.clone()),
                    (Some(o), Some(n)) => {
                        let bound = o.node_name().is_none();
                        let deleting = o.metadata.deletion_timestamp
                            != n.metadata.deletion_timestamp
                            || o.metadata.deletion_grace_period_seconds
                                != n.metadata.deletion_grace_period_seconds;
                        let images_changed = o.spec.containers.iter().map(|c| &c.image).ne(n
                            .spec
                            .containers
                            .iter()
                            .map(|c| &c.image));
                        // Only ever added, through their subresource.
                        let debugged = o.spec.ephemeral_containers.len() != n.spec.ephemeral_containers.len();
                        let gated = status::gates_changed(&n.spec, &o.status.conditions, &n.status.conditions);
                        // The kubelet's deadline check runs on the update.
                        let deadline = o.spec.active_deadline_seconds != n.spec.active_deadline_seconds;
                        // A sidecar runs again with its new image; a regular
                        // init container's change waits for the pod's next start.
                        let sidecar_image = |p: &kubeplay_model::api::Pod| p.spec.init_containers.iter().filter(|c| status::is_sidecar(c)).map(|c| c.image.clone()).collect::<Vec<_>>();
                        let images_changed = images_changed || (!n.spec.init_containers.is_empty() && sidecar_image(o) != sidecar_image(n));
                        if bound || deleting || images_changed || debugged || gated || deadline {
                            enqueue(change.key.clone());
                        }
                    }
                    (Some(o), None) if o.node_name().is_some() => enqueue(change.key.clone()),
                    _ => {}
                }
            }
            Kind::Node => node::watch(change, enqueue),
            // Read from the world's index of waiting pods: see `watch_world`.
            Kind::ConfigMap | Kind::Secret => {}
            Kind::Service if change.old.is_none() && change.new.is_some() => {
                // Init containers may be polling DNS for this Service.
                for p in store.list(Kind::Pod, None) {
                    let Some(pod) = p.as_pod() else { continue };
                    if pod.node_name().is_some()
                        && pod
                            .status
                            .init_container_statuses
                            .iter()
                            .any(|s| s.state.running.is_some())
                    {
                        enqueue(p.key());
                    }
                }
            }
            _ => {}
        }
    }

    fn watch_world(&self, change: &Change, world: &World, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::ConfigMap | Kind::Secret if change.new.is_some() => {
                for key in waiting_in(&world.sim.waiting_pods, &change.key.namespace) {
                    let Some(pod) = world.store.get(key).and_then(|o| o.as_pod()) else { continue };
                    if config::refers_to(pod, change.key.kind, &change.key.name) {
                        enqueue(key.clone());
                    }
                }
            }
            // Init containers may be polling DNS for a new Service: as
            // `watch` does, without walking every pod.
            Kind::Service if change.old.is_none() && change.new.is_some() => {
                for key in &world.sim.init_running {
                    enqueue(key.clone());
                }
            }
            // Or waiting for its endpoints to answer (or, headless, to resolve).
            Kind::Endpoints if !world.sim.init_running.is_empty() => {
                for key in waiting_on(world, &change.key) {
                    enqueue(key.clone());
                }
            }
            // A policy may let their connections through, or drop them.
            Kind::NetworkPolicy => {
                for key in &world.sim.init_running {
                    enqueue(key.clone());
                }
            }
            _ => self.watch(change, &world.store, enqueue),
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        match key.kind {
            Kind::Pod => sync::reconcile(key, ctx),
            Kind::Node => node::reconcile(key, ctx),
            _ => {}
        }
    }
}

/// The pod key `SimState.pods` uses.
/// `value`, shared with `last` when equal to it, else made the new `last`.
/// The kubelet gives replicas created one after another the same
/// environment and process plan; each container keeps one copy of what its
/// siblings have too.
pub(crate) fn share_with_last<T: PartialEq>(last: &mut Option<Arc<T>>, value: T) -> Arc<T> {
    match last {
        Some(l) if **l == value => l.clone(),
        _ => last.insert(Arc::new(value)).clone(),
    }
}

pub fn pod_slot(namespace: &str, name: &str) -> String {
    // Built in one allocation of the right size: the kubelets build a slot
    // for every pod they look at, and `format!` grew the string and ran
    // the formatting machinery each time.
    let mut slot = String::with_capacity(namespace.len() + 1 + name.len());
    write_slot(&mut slot, namespace, name);
    slot
}

/// [`pod_slot`] written into a reused buffer, for lookups only.
pub(crate) fn write_slot(slot: &mut String, namespace: &str, name: &str) {
    slot.clear();
    slot.push_str(namespace);
    slot.push('/');
    slot.push_str(name);
}

/// The pods bound to `node` that its kubelet holds a runtime for, each
/// with that runtime (the one at the pod's slot, which may be an earlier
/// pod's of the same name: callers check the uid). Admission, IP
/// allocation and the eviction manager walk a node's pods this way for
/// every pod they handle: the store's pods of the node and the node's
/// runtimes are both in (namespace, name) order, so they are walked side
/// by side, with no lookup per pod.
pub(crate) fn runtimes_on<'w>(world: &'w crate::world::World, node: &str) -> impl Iterator<Item = (&'w kubeplay_model::api::Pod, &'w runtime::PodRuntime)> + 'w {
    runtimes_on_keyed(world, node).map(|(_, p, rt)| (p, rt))
}

/// [`runtimes_on`] with each pod's key. The walk compares the store's keys
/// with the runtimes' (namespace, name): short texts held in place, where
/// a pod's own name is a pointer away.
pub(crate) fn runtimes_on_keyed<'w>(world: &'w crate::world::World, node: &str) -> impl Iterator<Item = (&'w ObjectKey, &'w kubeplay_model::api::Pod, &'w runtime::PodRuntime)> + 'w {
    let mut runtimes = world.sim.pods.on_node(node).into_iter().flat_map(|on| on.iter()).peekable();
    world.store.pods_on_node_keyed(node).filter_map(move |(key, o)| {
        let pod = (&key.namespace, &key.name);
        // Runtimes of pods before this one are of pods no longer on the node.
        while let Some(&(namespace, name, rt)) = runtimes.peek() {
            match (namespace, name).cmp(&pod) {
                std::cmp::Ordering::Less => {
                    runtimes.next();
                }
                std::cmp::Ordering::Equal => {
                    runtimes.next();
                    return Some((key, o.as_pod()?, rt.as_ref()));
                }
                std::cmp::Ordering::Greater => return None,
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kubelet::runtime::PodRuntime;

    /// An equal value shares the last one; a different one replaces it.
    #[test]
    fn equal_values_share_the_last() {
        let mut last = None;
        let a = share_with_last(&mut last, vec![1]);
        let b = share_with_last(&mut last, vec![1]);
        assert!(Arc::ptr_eq(&a, &b));
        let c = share_with_last(&mut last, vec![2]);
        assert!(!Arc::ptr_eq(&a, &c) && Arc::ptr_eq(&c, last.as_ref().unwrap()));
    }

    /// The side-by-side walk pairs each pod on the node with the runtime
    /// at its slot in this node's map, whatever else either side holds:
    /// pods without a runtime, runtimes whose pod left the store or the
    /// node, namespaces whose names sort differently as slots ("a-b/x"
    /// before "a/x") and as (namespace, name) pairs.
    #[test]
    fn runtimes_on_pairs_pods_with_their_runtimes() {
        let mut s = crate::testing::store_with([]);
        for (ns, name, node) in [("a", "x", "n1"), ("a-b", "x", "n1"), ("a", "y", "n1"), ("a", "z", "n2"), ("b", "w", "n1"), ("a", "v", "n1")] {
            let mut p = kubeplay_model::api::Pod::default();
            p.metadata.namespace = ns.into();
            p.metadata.name = name.into();
            p.metadata.uid = format!("{ns}-{name}").into();
            p.spec_mut().node_name = Some(node.into());
            p.spec_mut().containers = vec![kubeplay_model::api::Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into();
            if s.get_by(Kind::Namespace, "", ns).is_none() {
                crate::testing::create_at(&mut s, crate::testing::namespace(ns), 0);
            }
            crate::testing::create_at(&mut s, Object::Pod(Box::new(p)), 0);
        }
        let mut w = World::new(1, kubeplay_model::Time::from_millis(0));
        w.store = s;
        let rt = |uid: &str, node: &str| Arc::new(PodRuntime::new(uid, node, &[], &["c".into()]));
        // a/v has none; a/gone and c/gone have no pod; a/z's pod is on n2.
        for (slot, uid) in [("a/x", "a-x"), ("a-b/x", "a-b-x"), ("a/y", "a-y"), ("a/z", "a-z"), ("b/w", "b-w"), ("a/gone", "g"), ("c/gone", "g2"), ("a/a", "a-a")] {
            w.sim.pods.insert(slot.to_string(), rt(uid, "n1"));
        }
        let got: Vec<(String, String)> = runtimes_on(&w, "n1").map(|(p, rt)| (super::pod_slot(&p.metadata.namespace, &p.metadata.name), rt.uid.to_string())).collect();
        let want: Vec<(String, String)> = [("a/x", "a-x"), ("a/y", "a-y"), ("a-b/x", "a-b-x"), ("b/w", "b-w")].iter().map(|(s, u)| (s.to_string(), u.to_string())).collect();
        assert_eq!(got, want, "in the store's order, each pod with its own runtime");
        assert_eq!(runtimes_on(&w, "n3").count(), 0);
    }
}
