//! What the autoscaler keeps of its target's pods from one sync to the
//! next (an implementation detail; upstream reads its listers each time).
//!
//! Each sync reads every pod of its target: 15,000 pods an HPA in issue
//! 13's full-size cluster, each read following a dozen pointers to cold
//! memory (the pod's containers, its conditions, its runtime). Most pods
//! did not change in 15 s, so their facts are kept and reused. A kept pod
//! is recognised by its object (`Arc::ptr_eq`; the kept `Arc` pins it, so
//! the address cannot be reused) and its runtime by the runtimes'
//! [`ChangeLog`], which also proves that the world being synced descends
//! from the one the facts were read in: after a jump in time, or in
//! another engine, nothing kept is trusted. The facts also depend on the
//! failed nodes (no metrics there) and on `sim load` (a pod's share of
//! its workload's load follows every other pod of it), so a change to the
//! first drops everything kept and any load at all (`sim load`, or a pod
//! looping on requests to a Service) bypasses keeping.

use super::replicas::PodInfo;
use crate::kubelet::runtimes::ChangeLog;
use crate::world::World;
use imbl::OrdSet;
use kubeplay_model::api::Pod;
use kubeplay_model::meta::find_condition;
use kubeplay_model::{Kind, Object, SharedStr, Time};
use std::sync::{Arc, Mutex, MutexGuard};

/// A pod as the calculator sees it, for either resource it scales on.
/// Packed (88 bytes): a sync walks 15,000 of them.
#[derive(Clone, Debug, PartialEq)]
pub struct PodFacts {
    name: SharedStr,
    /// Summed container requests of cpu and memory, in milli-units.
    requests: [i64; 2],
    /// cpu (milli) and memory (bytes) as metrics-server reports them.
    usage: [i64; 2],
    /// The Ready condition's last transition.
    ready_at: Time,
    start_time: Time,
    /// Per resource, the first container without a request (rare).
    missing: Option<Box<[Option<Box<str>>; 2]>>,
    /// The phase as the calculator tells phases apart: an index in `PHASES`.
    phase: u8,
    /// `DELETING`, `READY_SEEN`, `READY`, `STARTED`, `MEASURED`.
    flags: u8,
}

const PHASES: [&str; 6] = ["", "Pending", "Running", "Failed", "Succeeded", "Unknown"];
const DELETING: u8 = 1;
const READY_SEEN: u8 = 2;
const READY: u8 = 4;
const STARTED: u8 = 8;
const MEASURED: u8 = 16;

impl PodFacts {
    /// Reads a pod: `usage` is `kubelet::usage::pod_usage_total`.
    pub fn read(pod: &Pod, usage: Option<(i64, i64)>) -> PodFacts {
        let ready = find_condition(&pod.status.conditions, "Ready");
        let flag = |on: bool, bit: u8| if on { bit } else { 0 };
        let (cpu, memory) = (request(pod, "cpu"), request(pod, "memory"));
        let missing = (cpu.is_err() || memory.is_err()).then(|| Box::new([cpu.err().map(Box::from), memory.err().map(Box::from)]));
        PodFacts {
            name: SharedStr::from(pod.metadata.name.as_str()),
            requests: [cpu.unwrap_or(0), memory.unwrap_or(0)],
            usage: usage.map_or([0, 0], |(c, m)| [c, m]),
            ready_at: ready.and_then(|c| c.last_transition_time).unwrap_or_default(),
            start_time: pod.status.start_time.unwrap_or_default(),
            missing,
            // Any other text reads as "": the calculator tells only
            // Pending and Failed from the rest.
            phase: PHASES.iter().position(|p| *p == pod.phase()).unwrap_or(0) as u8,
            flags: flag(pod.metadata.deletion_timestamp.is_some(), DELETING)
                | flag(ready.is_some(), READY_SEEN)
                | flag(ready.is_some_and(|c| c.is_true()), READY)
                | flag(pod.status.start_time.is_some(), STARTED)
                | flag(usage.is_some(), MEASURED),
        }
    }

    /// The calculator's view for `resource`, "cpu" or "memory".
    pub fn info(&self, resource: &str) -> PodInfo<'_> {
        let i = usize::from(resource != "cpu");
        let has = |bit: u8| self.flags & bit != 0;
        let missing = self.missing.as_ref().and_then(|m| m[i].as_deref());
        PodInfo {
            name: &self.name,
            phase: PHASES[usize::from(self.phase)],
            deleting: has(DELETING),
            ready: has(READY_SEEN).then_some((has(READY), self.ready_at)),
            start_time: has(STARTED).then_some(self.start_time),
            request: missing.map_or(Ok(self.requests[i]), Err),
            usage: has(MEASURED).then(|| if i == 0 { self.usage[0] } else { self.usage[1].saturating_mul(1000) }),
        }
    }
}

/// The calculator's view of `pod` for `resource`, read afresh: what a
/// sync uses when nothing is kept, and what [`PodFacts::info`] must equal.
pub fn read_info<'p>(world: &World, pod: &'p Pod, resource: &str) -> PodInfo<'p> {
    PodInfo {
        name: &pod.metadata.name,
        phase: pod.phase(),
        deleting: pod.metadata.deletion_timestamp.is_some(),
        ready: find_condition(&pod.status.conditions, "Ready").map(|c| (c.is_true(), c.last_transition_time.unwrap_or_default())),
        start_time: pod.status.start_time,
        request: request(pod, resource),
        usage: super::metrics::pod_usage(world, pod, resource),
    }
}

/// The pod's summed container requests of `resource` in milli-units
/// (millicores; bytes × 1000), or the first container without one.
/// Sidecars (init containers with `restartPolicy: Always`) run beside
/// the app containers, so upstream's `calculatePodRequests` counts them
/// too, after the app containers; other init containers have finished.
pub fn request<'p>(pod: &'p Pod, resource: &str) -> Result<i64, &'p str> {
    let mut sum = 0i64;
    let sidecars = pod.spec.init_containers.iter().filter(|c| crate::kubelet::status::is_sidecar(c));
    for c in pod.spec.containers.iter().chain(sidecars) {
        let q = c.resources.requests.get(resource).ok_or(c.name.as_str())?;
        sum += if resource == "cpu" { q.milli_value() } else { q.value().saturating_mul(1000) };
    }
    Ok(sum)
}

/// One pod kept: its object, pinned, and what was read from it.
struct KeptPod {
    pod: Arc<Object>,
    facts: PodFacts,
}

/// What one HPA kept at its last sync: its pods in name order, and what
/// their facts depended on beyond the pods.
struct Target {
    /// The HPA's `namespace/name`.
    hpa: String,
    log: ChangeLog,
    failed_nodes: OrdSet<String>,
    pods: Vec<KeptPod>,
}

/// Every HPA's kept pods (a handful: a list). Shared by a world and its
/// copies (the history's, a jump's, another thread's): what is kept
/// proves itself against the world that asks, so sharing it is safe.
#[derive(Clone, Default)]
pub struct Kept(Arc<Mutex<Vec<Target>>>);

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Kept")
    }
}

/// The facts of one sync's pods, in the order given; borrow with
/// [`Facts::get`].
pub struct Facts<'k> {
    targets: MutexGuard<'k, Vec<Target>>,
}

impl Facts<'_> {
    pub fn get(&self) -> impl Iterator<Item = &PodFacts> {
        // `Kept::facts` put this sync's target last.
        self.targets.last().into_iter().flat_map(|t| t.pods.iter().map(|k| &k.facts))
    }
}

impl Kept {
    pub fn forget(&self, hpa: &str) {
        self.lock().retain(|t| t.hpa != hpa);
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Target>> {
        // A panic while the lock was held left at worst a stale target,
        // which the next sync rebuilds; the engine does not panic.
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The facts of `pods` (one namespace's, best in name order: each is
    /// looked for where the last sync's left off) for the HPA `hpa`,
    /// reusing what it kept; None when nothing may be kept (`sim load` is
    /// in use), and the caller reads the pods itself.
    pub fn facts<'k>(&'k self, world: &World, hpa: &str, namespace: &str, pods: &[&Arc<Object>]) -> Option<Facts<'k>> {
        if !world.sim.loads.is_empty() || !world.sim.clients.is_empty() {
            return None;
        }
        let mut targets = self.lock();
        let target = targets.iter().position(|t| t.hpa == hpa).map(|i| targets.remove(i));
        let runtimes = world.sim.pods.changes();
        let (kept, stale) = match target {
            Some(t) if t.failed_nodes == world.sim.failed_nodes => match runtimes.since(&t.log) {
                Some(changed) => (t.pods, changed_pods(world, namespace, &changed)),
                None => Default::default(),
            },
            _ => Default::default(),
        };
        let mut kept = kept.into_iter().peekable();
        let mut out: Vec<KeptPod> = Vec::with_capacity(pods.len());
        for &pod in pods {
            // The pod itself is not read (one cache miss each, 15,000 a
            // sync) unless it is not the next kept one.
            let mut same = kept.next_if(|k| Arc::ptr_eq(&k.pod, pod));
            if same.is_none() {
                if let Object::Pod(p) = &**pod {
                    // Pods kept before this one's name are gone from the target.
                    while kept.next_if(|k| k.facts.name.as_str() < p.metadata.name.as_str()).is_some() {}
                    same = kept.next_if(|k| Arc::ptr_eq(&k.pod, pod));
                }
            }
            match same {
                Some(k) if stale.binary_search(&Arc::as_ptr(pod)).is_err() => out.push(k),
                _ => {
                    let Object::Pod(p) = &**pod else { continue };
                    out.push(KeptPod { pod: pod.clone(), facts: PodFacts::read(p, crate::kubelet::usage::pod_usage_total(world, p)) });
                }
            }
        }
        targets.push(Target { hpa: hpa.to_string(), log: runtimes.clone(), failed_nodes: world.sim.failed_nodes.clone(), pods: out });
        Some(Facts { targets })
    }
}

/// The pods (by address, sorted) of `namespace` whose runtime changed:
/// the slots `namespace/name` given, as the store holds them now.
fn changed_pods(world: &World, namespace: &str, changed: &[&str]) -> Vec<*const Object> {
    let mut pods: Vec<*const Object> = changed
        .iter()
        .filter_map(|slot| {
            let name = slot.strip_prefix(namespace)?.strip_prefix('/')?;
            world.store.get_by(Kind::Pod, namespace, name).map(Arc::as_ptr)
        })
        .collect();
    pods.sort_unstable();
    pods.dedup();
    pods
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod(spec: serde_json::Value) -> Pod {
        serde_json::from_value(json!({"metadata": {"name": "test-pod", "namespace": "test-namespace"}, "spec": spec})).unwrap()
    }

    fn cpu(milli: i64) -> serde_json::Value {
        json!({"requests": {"cpu": format!("{milli}m")}})
    }

    // replica_calculator_test.go TestCalculatePodRequests (the cases
    // without a container name: ContainerResource metrics are not modeled).
    #[test]
    fn pod_requests() {
        let regular = pod(json!({"containers": [{"name": "container1", "resources": cpu(100)}, {"name": "container2", "resources": cpu(50)}]}));
        assert_eq!(request(&regular, "cpu"), Ok(150), "pod with regular containers");
        let missing = pod(json!({"containers": [{"name": "container1"}]}));
        assert_eq!(request(&missing, "cpu"), Err("container1"), "container missing requests");
        let sidecar = pod(json!({
            "containers": [{"name": "container1", "resources": cpu(100)}],
            "initContainers": [
                {"name": "init-container1", "resources": cpu(20)},
                {"name": "restartable-container1", "restartPolicy": "Always", "resources": cpu(50)},
            ],
        }));
        assert_eq!(request(&sidecar, "cpu"), Ok(150), "pod with restartable init containers");
    }
}
