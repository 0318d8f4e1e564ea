//! The resource arithmetic kube-scheduler does: what a pod effectively asks
//! for (containers summed, init containers maxed, sidecars added, overhead
//! on top), what a node can give, and the "non-zero" requests scoring uses
//! so that pods without requests still count for something.

use kubeplay_model::api::{Container, PodSpec, ResourceList};
use std::collections::BTreeMap;

/// cpu a container without a cpu request counts as when scoring (100m).
pub const DEFAULT_MILLI_CPU_REQUEST: i64 = 100;
/// memory a container without a memory request counts as when scoring (200Mi).
pub const DEFAULT_MEMORY_REQUEST: i64 = 200 * 1024 * 1024;

/// Amounts of every resource the scheduler compares: cpu in millicores,
/// memory and ephemeral storage in bytes, extended resources and hugepages
/// by name.
// repr(C): the three counters every fit check reads stay first (see NodeInfo).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct Resources {
    pub milli_cpu: i64,
    pub memory: i64,
    pub ephemeral_storage: i64,
    pub scalar: BTreeMap<String, i64>,
}

/// Names counted as "scalar" resources: extended resources
/// (`example.com/gpu`), prefixed native ones and hugepages. Plain unknown
/// names are ignored, as upstream ignores them.
pub fn is_scalar(name: &str) -> bool {
    name.starts_with("hugepages-") || name.starts_with("attachable-volumes-") || name.contains('/')
}

/// A resource a scoring plugin is configured to read, resolved from its
/// name once (when the profile is made) so that scoring, which reads it for
/// every node of every cycle, does not compare names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceName {
    Cpu,
    Memory,
    EphemeralStorage,
    /// Any other name; `scalar` as [`is_scalar`] says (names that are not
    /// scalar are never counted, so they read as 0).
    Other { name: String, scalar: bool },
}

impl From<&str> for ResourceName {
    fn from(name: &str) -> ResourceName {
        match name {
            "cpu" => ResourceName::Cpu,
            "memory" => ResourceName::Memory,
            "ephemeral-storage" => ResourceName::EphemeralStorage,
            n => ResourceName::Other { name: n.to_string(), scalar: is_scalar(n) },
        }
    }
}

impl ResourceName {
    /// Extended resources and hugepages (not cpu, memory or ephemeral storage).
    pub fn is_scalar(&self) -> bool {
        matches!(self, ResourceName::Other { scalar: true, .. })
    }
}

impl Resources {
    /// The amount of one resource, as [`Resources::get`] with its name.
    pub fn amount(&self, r: &ResourceName) -> i64 {
        match r {
            ResourceName::Cpu => self.milli_cpu,
            ResourceName::Memory => self.memory,
            ResourceName::EphemeralStorage => self.ephemeral_storage,
            ResourceName::Other { name, .. } => self.scalar.get(name.as_str()).copied().unwrap_or(0),
        }
    }

    pub fn from_list(list: &ResourceList) -> Resources {
        let mut r = Resources::default();
        r.add_list(list);
        r
    }

    pub fn add_list(&mut self, list: &ResourceList) {
        for (name, q) in list {
            match name.as_str() {
                "cpu" => self.milli_cpu += q.milli_value(),
                "memory" => self.memory += q.value(),
                "ephemeral-storage" => self.ephemeral_storage += q.value(),
                n if is_scalar(n) => *self.scalar.entry(n.to_string()).or_default() += q.value(),
                _ => {}
            }
        }
    }

    pub fn add(&mut self, o: &Resources) {
        self.milli_cpu += o.milli_cpu;
        self.memory += o.memory;
        self.ephemeral_storage += o.ephemeral_storage;
        for (k, v) in &o.scalar {
            *self.scalar.entry(k.clone()).or_default() += v;
        }
    }

    pub fn sub(&mut self, o: &Resources) {
        self.milli_cpu -= o.milli_cpu;
        self.memory -= o.memory;
        self.ephemeral_storage -= o.ephemeral_storage;
        for (k, v) in &o.scalar {
            let e = self.scalar.entry(k.clone()).or_default();
            *e -= v;
            if *e == 0 {
                self.scalar.remove(k);
            }
        }
    }

    /// Raises every amount to at least the other's.
    pub fn max_with(&mut self, o: &Resources) {
        self.milli_cpu = self.milli_cpu.max(o.milli_cpu);
        self.memory = self.memory.max(o.memory);
        self.ephemeral_storage = self.ephemeral_storage.max(o.ephemeral_storage);
        for (k, v) in &o.scalar {
            let e = self.scalar.entry(k.clone()).or_default();
            *e = (*e).max(*v);
        }
    }

    pub fn is_zero(&self) -> bool {
        self.milli_cpu == 0 && self.memory == 0 && self.ephemeral_storage == 0 && self.scalar.values().all(|v| *v == 0)
    }

    /// One resource by its API name.
    pub fn get(&self, name: &str) -> i64 {
        match name {
            "cpu" => self.milli_cpu,
            "memory" => self.memory,
            "ephemeral-storage" => self.ephemeral_storage,
            n => self.scalar.get(n).copied().unwrap_or(0),
        }
    }
}

fn container_requests(c: &Container, non_missing: bool) -> Resources {
    let r = Resources::from_list(&c.resources.requests);
    if non_missing { with_defaults(c, r) } else { r }
}

/// A container's requests with scoring's defaults for missing cpu/memory.
fn with_defaults(c: &Container, mut r: Resources) -> Resources {
    if !c.resources.requests.contains_key("cpu") {
        r.milli_cpu = DEFAULT_MILLI_CPU_REQUEST;
    }
    if !c.resources.requests.contains_key("memory") {
        r.memory = DEFAULT_MEMORY_REQUEST;
    }
    r
}

/// The running sums of [`pod_requests`]: regular containers and sidecars
/// summed, init containers maxed with the sidecars before them.
#[derive(Default)]
struct Sums {
    reqs: Resources,
    sidecars: Resources,
    init_max: Resources,
}

impl Sums {
    fn container(&mut self, r: &Resources) {
        self.reqs.add(r);
    }

    fn init(&mut self, r: Resources, sidecar: bool) {
        if sidecar {
            self.reqs.add(&r);
            self.sidecars.add(&r);
            self.init_max.max_with(&self.sidecars);
        } else {
            let mut with_sidecars = r;
            with_sidecars.add(&self.sidecars);
            self.init_max.max_with(&with_sidecars);
        }
    }

    fn finish(mut self, spec: &PodSpec) -> Resources {
        self.reqs.max_with(&self.init_max);
        if let Some(overhead) = &spec.overhead {
            self.reqs.add_list(overhead);
        }
        self.reqs
    }
}

fn is_sidecar(c: &Container) -> bool {
    c.restart_policy.as_deref() == Some("Always")
}

/// A pod's effective request, as upstream's `PodRequests`: regular
/// containers summed; restartable (sidecar) init containers added to that
/// sum and to every later init container; the result raised to the largest
/// init container's need; then the pod overhead added. With `non_missing`,
/// containers that request no cpu/memory count 100m/200Mi (scoring only).
pub fn pod_requests(spec: &PodSpec, non_missing: bool) -> Resources {
    let mut sums = Sums::default();
    for c in &spec.containers {
        sums.container(&container_requests(c, non_missing));
    }
    for c in &spec.init_containers {
        sums.init(container_requests(c, non_missing), is_sidecar(c));
    }
    sums.finish(spec)
}

/// [`pod_requests`] without and with `non_missing`, each container's
/// quantities read once (the scheduler wants both for every pod).
pub fn pod_requests_both(spec: &PodSpec) -> (Resources, Resources) {
    let (mut plain, mut non_zero) = (Sums::default(), Sums::default());
    for c in &spec.containers {
        let r = container_requests(c, false);
        plain.container(&r);
        non_zero.container(&with_defaults(c, r));
    }
    for c in &spec.init_containers {
        let r = container_requests(c, false);
        plain.init(r.clone(), is_sidecar(c));
        non_zero.init(with_defaults(c, r), is_sidecar(c));
    }
    (plain.finish(spec), non_zero.finish(spec))
}

#[cfg(test)]
#[path = "resources_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::ResourceRequirements;
    use kubeplay_model::Quantity;

    fn c(cpu: &str, mem: &str) -> Container {
        let mut requests = ResourceList::new();
        if !cpu.is_empty() {
            requests.insert("cpu".into(), Quantity::parse(cpu).unwrap());
        }
        if !mem.is_empty() {
            requests.insert("memory".into(), Quantity::parse(mem).unwrap());
        }
        Container { name: "c".into(), resources: ResourceRequirements { requests: requests.into(), ..Default::default() }, ..Default::default() }
    }

    #[test]
    fn init_containers_are_maxed_and_regular_ones_summed() {
        // From upstream's TestEnoughRequests: containers (1,1); init (3,1),(2,1) -> cpu 3.
        let spec = PodSpec { containers: vec![c("1m", "1"), c("", "")].into(), init_containers: vec![c("3m", "1"), c("2m", "1")].into(), ..Default::default() };
        let r = pod_requests(&spec, false);
        assert_eq!((r.milli_cpu, r.memory), (3, 1));
    }

    #[test]
    fn sidecars_add_to_the_sum_and_to_later_init_containers() {
        let mut sidecar = c("100m", "");
        sidecar.restart_policy = Some("Always".into());
        let spec = PodSpec { containers: vec![c("200m", "")].into(), init_containers: vec![sidecar, c("250m", "")].into(), ..Default::default() };
        // sum = 200 + 100 (sidecar); later init 250 + 100 = 350 > 300.
        assert_eq!(pod_requests(&spec, false).milli_cpu, 350);
    }

    #[test]
    fn overhead_is_added_and_non_missing_defaults_apply() {
        let mut spec = PodSpec { containers: vec![c("", ""), c("0", "")].into(), ..Default::default() };
        spec.overhead = Some(ResourceList::from([("cpu".to_string(), Quantity::parse("250m").unwrap())]));
        let r = pod_requests(&spec, true);
        // First container defaults to 100m/200Mi; an explicit 0 stays 0.
        assert_eq!(r.milli_cpu, 100 + 250);
        assert_eq!(r.memory, 2 * DEFAULT_MEMORY_REQUEST);
        assert_eq!(pod_requests(&spec, false).milli_cpu, 250);
    }

    /// Both at once equal each alone, over containers with and without
    /// requests, sidecars, init containers, scalars and overhead.
    #[test]
    fn both_requests_at_once_equal_each_alone() {
        let mut sidecar = c("100m", "");
        sidecar.restart_policy = Some("Always".into());
        let mut gpu = c("", "1Gi");
        gpu.resources.requests.insert("example.com/gpu".into(), Quantity::parse("2").unwrap());
        let mut specs = vec![
            PodSpec { containers: vec![c("1m", "1"), c("", "")].into(), init_containers: vec![c("3m", "1"), c("2m", "1")].into(), ..Default::default() },
            PodSpec { containers: vec![c("200m", ""), gpu].into(), init_containers: vec![sidecar, c("250m", ""), c("", "")].into(), ..Default::default() },
            PodSpec { containers: vec![c("", ""), c("0", "")].into(), ..Default::default() },
            PodSpec::default(),
        ];
        specs[2].overhead = Some(ResourceList::from([("cpu".to_string(), Quantity::parse("250m").unwrap())]));
        for spec in &specs {
            assert_eq!(pod_requests_both(spec), (pod_requests(spec, false), pod_requests(spec, true)), "{spec:?}");
        }
        // And they differ where defaults apply.
        let (plain, non_zero) = pod_requests_both(&specs[2]);
        assert_eq!((plain.milli_cpu, non_zero.milli_cpu, non_zero.memory), (250, 350, 2 * DEFAULT_MEMORY_REQUEST));
    }

    #[test]
    fn scalar_names() {
        assert!(is_scalar("example.com/aaa"));
        assert!(is_scalar("hugepages-2Mi"));
        assert!(is_scalar("kubernetes.io/something"));
        assert!(!is_scalar("storage"));
        assert!(!is_scalar("pods"));
    }

    /// A resolved name reads the same amount as the name does.
    #[test]
    fn resolved_names_read_what_the_names_read() {
        let list = ResourceList::from(
            [("cpu", "1500m"), ("memory", "1Gi"), ("ephemeral-storage", "10Gi"), ("example.com/gpu", "2"), ("hugepages-2Mi", "4Mi")]
                .map(|(n, q)| (n.to_string(), Quantity::parse(q).unwrap())),
        );
        let r = Resources::from_list(&list);
        for name in ["cpu", "memory", "ephemeral-storage", "example.com/gpu", "hugepages-2Mi", "example.com/none", "storage", "pods"] {
            let resolved = ResourceName::from(name);
            assert_eq!(r.amount(&resolved), r.get(name), "{name}");
            assert_eq!(resolved.is_scalar(), is_scalar(name), "{name}");
        }
        assert_eq!(r.amount(&ResourceName::from("cpu")), 1500);
        assert_eq!(r.amount(&ResourceName::from("example.com/gpu")), 2);
    }
}
