//! The benchmark workloads of issue 13, built here so the native
//! `kubeplay bench` and the wasm benchmark (tests/bench_wasm.rs) run the
//! very same clusters and pods and can compare trace hashes. Only the
//! building and the checks live here; timing is the callers' business.

use crate::bootstrap::{make_node, NodeSpecInput};
use crate::rng::Rng;
use crate::scheduler::cache::{Cache, PodInfo};
use crate::scheduler::config::SchedulerConfig;
use crate::scheduler::cycle::{schedule_pod, CycleInput, CycleOutcome};
use crate::scheduler::framework::{Cx, CycleState, Profile};
use crate::scheduler::plugins::pod_topology_spread::indexed_keys;
use crate::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_apiserver::Store;
use std::sync::Arc;
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity, Time};
use std::collections::{BTreeMap, BTreeSet};

pub const ZONES: [&str; 3] = ["zone-a", "zone-b", "zone-c"];

fn default_namespace() -> Object {
    Object::Namespace(Box::new(Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() }))
}

fn quantity(s: &str) -> Quantity {
    Quantity::parse(s).unwrap_or_default()
}

/// The Deployment benchmark's cluster: `nodes` workers over three zones,
/// alternately 8 cpu / 32Gi and 16 cpu / 64Gi; settled, history reset.
pub fn deployment_cluster(e: &mut Engine, nodes: usize) -> Result<(), String> {
    e.user("bench cluster", ObjectKey::new(Kind::Namespace, "", "default"), |ctx| {
        ctx.create(default_namespace()).map_err(|e| e.to_string())?;
        let now = ctx.now();
        for i in 0..nodes {
            let mut input = NodeSpecInput::worker(&format!("node-{i:05}"), ZONES[i % 3]);
            input.cpu = Quantity::from_value(if i % 2 == 0 { 8 } else { 16 });
            input.memory = quantity(if i % 2 == 0 { "32Gi" } else { "64Gi" });
            ctx.create(Object::Node(Box::new(make_node(&input, i, now)))).map_err(|e| e.to_string())?;
        }
        Ok::<(), String>(())
    })?;
    e.settle(DEFAULT_SETTLE_MS);
    e.reset_history();
    Ok(())
}

/// The benchmark's Deployment: `replicas` pods of `image` asking for
/// 100m cpu and 64Mi.
pub fn deployment(name: &str, replicas: i32, image: &str) -> Object {
    let labels = BTreeMap::from([("app".to_string(), name.to_string())]);
    let mut requests = BTreeMap::new();
    requests.insert("cpu".to_string(), Quantity::from_milli(100));
    requests.insert("memory".to_string(), quantity("64Mi"));
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels.into(), ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "app".into(),
                        image: Some(image.into()),
                        resources: ResourceRequirements { requests: requests.into(), ..Default::default() },
                        ..Default::default()
                    }].into(),
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        status: Default::default(),
    }))
}

/// Pods in `default` that are bound and Ready.
pub fn ready_pods(e: &Engine) -> usize {
    e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()).filter(|p| p.is_ready() && p.node_name().is_some()).count()
}

/// Why pods in `default` are not Ready, for a benchmark's failure: counts
/// of the others by state, and the replicas the Deployments and
/// ReplicaSets ask for.
pub fn not_ready_census(e: &Engine) -> String {
    let mut by_state: std::collections::BTreeMap<String, usize> = Default::default();
    for p in e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()) {
        if p.is_ready() && p.node_name().is_some() {
            continue;
        }
        let state = match (p.node_name(), p.metadata.deletion_timestamp.is_some()) {
            (_, true) => "terminating".to_string(),
            (None, _) => "unbound".to_string(),
            (Some(_), _) => format!("{} not ready", p.phase()),
        };
        *by_state.entry(state).or_default() += 1;
    }
    let replicas = |kind: Kind| -> i64 {
        e.store().list(kind, Some("default")).map(|o| match &**o {
            Object::Deployment(d) => d.spec.replicas.unwrap_or(1) as i64,
            Object::ReplicaSet(r) => r.spec.replicas.unwrap_or(1) as i64,
            _ => 0,
        }).sum()
    };
    let states: Vec<String> = by_state.iter().map(|(s, n)| format!("{n} {s}")).collect();
    format!(
        "not Ready: {}; Deployments want {}, ReplicaSets {}; {} objects stored, {} of them Events",
        if states.is_empty() { "none".into() } else { states.join(", ") },
        replicas(Kind::Deployment),
        replicas(Kind::ReplicaSet),
        e.store().len(),
        e.store().list(Kind::Event, None).count()
    )
}

/// The scheduling benchmarks' nodes (issue 13: mixed capacity, labels,
/// 5% tainted, three zones): four sizes, half labelled `disktype=ssd`,
/// every 20th tainted `dedicated=batch:NoSchedule`.
pub fn mixed_node(i: usize, now: Time) -> Node {
    let mut input = NodeSpecInput::worker(&format!("node-{i:05}"), ZONES[i % 3]);
    let (cpu, mem) = [(8, "32Gi"), (16, "64Gi"), (32, "128Gi"), (64, "256Gi")][i % 4];
    input.cpu = Quantity::from_value(cpu);
    input.memory = quantity(mem);
    if i.is_multiple_of(2) {
        input.labels.insert("disktype".into(), "ssd".into());
    }
    if i % 20 == 7 {
        input.taints.push(Taint { key: "dedicated".into(), value: Some("batch".into()), effect: "NoSchedule".into(), time_added: None });
    }
    make_node(&input, i, now)
}

/// A cluster of `nodes` [`mixed_node`]s. History recording is off;
/// settled, history reset.
pub fn mixed_cluster(e: &mut Engine, nodes: usize) {
    e.set_record_history(false);
    e.user("bench nodes", ObjectKey::new(Kind::Namespace, "", "default"), |ctx| {
        let _ = ctx.create(default_namespace());
        let now = ctx.now();
        for i in 0..nodes {
            let _ = ctx.create(Object::Node(Box::new(mixed_node(i, now))));
        }
    });
    e.settle(DEFAULT_SETTLE_MS);
    e.reset_history();
}

fn container(cpu_milli: i64, mem_mi: i64) -> Container {
    let mut c = Container { name: "app".into(), image: Some("nginx".into()), ..Default::default() };
    c.resources.requests.insert("cpu".into(), Quantity::from_milli(cpu_milli));
    c.resources.requests.insert("memory".into(), quantity(&format!("{mem_mi}Mi")));
    c
}

/// Pod `i` of the mixed workload: requests vary (50m–400m cpu,
/// 64–256Mi), every 10th tolerates the taint, every 5th requires an ssd
/// node, every 7th prefers zone-b; 50 label groups.
pub fn mixed_pod(i: usize) -> Pod {
    let mut spec = PodSpec { containers: vec![container(50 + (i as i64 % 8) * 50, 64 + (i as i64 % 4) * 64)].into(), ..Default::default() };
    if i % 10 == 3 {
        spec.tolerations.push(Toleration {
            key: Some("dedicated".into()),
            operator: Some("Equal".into()),
            value: Some("batch".into()),
            effect: Some("NoSchedule".into()),
            toleration_seconds: None,
        });
    }
    let req = |key: &str, values: &[&str]| NodeSelectorRequirement { key: key.into(), operator: "In".into(), values: values.iter().map(|v| v.to_string()).collect() };
    let mut na = NodeAffinity::default();
    if i % 5 == 1 {
        na.required_during_scheduling_ignored_during_execution =
            Some(NodeSelector { node_selector_terms: vec![NodeSelectorTerm { match_expressions: vec![req("disktype", &["ssd"])], match_fields: vec![] }] });
    }
    if i % 7 == 2 {
        na.preferred_during_scheduling_ignored_during_execution =
            vec![PreferredSchedulingTerm { weight: 50, preference: NodeSelectorTerm { match_expressions: vec![req("topology.kubernetes.io/zone", &["zone-b"])], match_fields: vec![] } }];
    }
    if na != NodeAffinity::default() {
        spec.affinity = Some(Box::new(Affinity { node_affinity: Some(na), ..Default::default() }));
    }
    let labels = BTreeMap::from([("app".to_string(), format!("svc-{}", i % 50))]);
    Pod { metadata: ObjectMeta { name: format!("p-{i:06}"), namespace: "default".into(), labels: labels.into(), ..Default::default() }, spec: spec.into(), ..Default::default() }
}

/// Pod `i` of groups of `group` replicas that must not share a node
/// (required anti-affinity on hostname).
pub fn anti_affinity_pod(i: usize, group: usize) -> Pod {
    let app = format!("g-{}", i / group.max(1));
    let labels = BTreeMap::from([("app".to_string(), app)]);
    let term = PodAffinityTerm {
        label_selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
        topology_key: "kubernetes.io/hostname".into(),
        ..Default::default()
    };
    let spec = PodSpec {
        containers: vec![container(100, 128)].into(),
        affinity: Some(Box::new(Affinity {
            pod_anti_affinity: Some(PodAffinity { required_during_scheduling_ignored_during_execution: vec![term], ..Default::default() }),
            ..Default::default()
        })),
        ..Default::default()
    };
    Pod { metadata: ObjectMeta { name: format!("a-{i:06}"), namespace: "default".into(), labels: labels.into(), ..Default::default() }, spec: spec.into(), ..Default::default() }
}

/// The anti-affinity groups' size for a cluster of `nodes`: each group
/// fills a tenth of the nodes.
pub fn anti_affinity_group(nodes: usize) -> usize {
    (nodes / 10).max(2)
}

/// Pod `i` of one app spread over the zones with maxSkew 1 (DoNotSchedule).
pub fn spread_pod(i: usize) -> Pod {
    let labels = BTreeMap::from([("app".to_string(), "spread".to_string())]);
    let spec = PodSpec {
        containers: vec![container(100, 128)].into(),
        topology_spread_constraints: vec![TopologySpreadConstraint {
            max_skew: 1,
            topology_key: "topology.kubernetes.io/zone".into(),
            when_unsatisfiable: "DoNotSchedule".into(),
            label_selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            ..Default::default()
        }],
        ..Default::default()
    };
    Pod { metadata: ObjectMeta { name: format!("s-{i:06}"), namespace: "default".into(), labels: labels.into(), ..Default::default() }, spec: spec.into(), ..Default::default() }
}

/// Creates `pods` pods in one user step and settles; fails unless every
/// pod was bound.
pub fn create_and_settle(e: &mut Engine, pods: usize, make: &dyn Fn(usize) -> Pod) -> Result<(), String> {
    e.user("bench pods", ObjectKey::new(Kind::Namespace, "", "default"), |ctx| {
        for i in 0..pods {
            ctx.create(Object::Pod(Box::new(make(i)))).map_err(|e| e.to_string())?;
        }
        Ok::<(), String>(())
    })?;
    let r = e.settle(DEFAULT_SETTLE_MS);
    let bound = e.store().list(Kind::Pod, Some("default")).filter(|p| p.as_pod().is_some_and(|p| p.node_name().is_some())).count();
    if bound != pods || !r.converged {
        return Err(format!("scheduling did not finish: {bound} of {pods} pods bound"));
    }
    Ok(())
}

/// Required anti-affinity on hostname held: no two pods of an app share a node.
pub fn check_anti_affinity(e: &Engine) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    for p in e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()) {
        if !seen.insert((p.metadata.labels.get("app"), p.node_name())) {
            return Err(format!("pod anti-affinity violated by {}", p.metadata.name));
        }
    }
    Ok(())
}

/// The zone spread held: pods in all three zones, counts within 1.
pub fn check_zone_spread(e: &Engine) -> Result<(), String> {
    let mut per_zone = BTreeMap::new();
    for p in e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()) {
        let node = p.node_name().and_then(|n| e.store().get_by(Kind::Node, "", n));
        let zone = node.and_then(|n| n.meta().labels.get("topology.kubernetes.io/zone").cloned());
        *per_zone.entry(zone).or_insert(0usize) += 1;
    }
    let (lo, hi) = (per_zone.values().min().copied().unwrap_or(0), per_zone.values().max().copied().unwrap_or(0));
    if per_zone.len() != 3 || hi - lo > 1 {
        return Err(format!("zone spread violated: {per_zone:?}"));
    }
    Ok(())
}

/// The scheduler alone, as kube-scheduler's own benchmarks measure it:
/// each pod through one scheduling cycle of the default profile (the
/// same code a `Scheduler` reconcile runs: PreFilter, Filter over the
/// adaptive share of nodes, Score, the seeded tie-break) and bound into
/// the cache, without the API writes, events and kubelets of the
/// end-to-end runs. `domain_counts` off is the unoptimised reference.
pub struct SchedulerRun {
    pub cache: Cache,
    /// FNV-1a over every (pod, node) placement in order: equal with and
    /// without the scheduler's indexes, or an optimisation changed a decision.
    pub hash: u64,
}

/// What a scheduler-only run starts from, built before the clock starts
/// (kube-scheduler's benchmarks likewise create their nodes and pods
/// before they measure): the nodes in the scheduler's cache and the pods,
/// as the API server would hand them over.
pub struct SchedulerInput {
    cache: Cache,
    pods: Vec<Pod>,
    domain_counts: bool,
}

/// The cache holding `nodes` and `pods` pods made by `make`.
pub fn scheduler_input(nodes: &[Arc<Object>], pods: usize, make: &dyn Fn(usize) -> Pod, domain_counts: bool) -> SchedulerInput {
    let mut cache = Cache::default();
    for n in nodes {
        cache.set_node(&n.key().name, Some(n.clone()));
    }
    SchedulerInput { cache, pods: (0..pods).map(make).collect(), domain_counts }
}

/// [`scheduler_input`], then [`schedule_input`].
pub fn schedule_only(nodes: &[Arc<Object>], pods: usize, make: &dyn Fn(usize) -> Pod, seed: u64, domain_counts: bool) -> Result<SchedulerRun, String> {
    schedule_input(scheduler_input(nodes, pods, make, domain_counts), seed)
}

/// Schedules the input's pods in order, each bound into the cache before
/// the next cycle.
pub fn schedule_input(input: SchedulerInput, seed: u64) -> Result<SchedulerRun, String> {
    let SchedulerInput { mut cache, pods, domain_counts } = input;
    let store = Store::new();
    let config = SchedulerConfig { domain_counts, ..SchedulerConfig::default() };
    let profile_cfg = config.profiles.first().cloned().ok_or("no scheduler profile")?;
    let profile = Profile::new(&profile_cfg);
    let percentage = profile_cfg.percentage_of_nodes_to_score.unwrap_or(config.percentage_of_nodes_to_score);
    let mut rng = Rng::new(seed);
    let mut next = 0;
    let mut hash = kubeplay_model::fnv::Fnv::new();
    for pod in pods {
        if domain_counts {
            cache.ensure_affinity_index();
            for key in indexed_keys(&pod) {
                cache.ensure_domain_index(key);
            }
        }
        let obj = Arc::new(Object::Pod(Box::new(pod)));
        let info = PodInfo::new(obj.clone());
        if !info.affinity.is_empty() {
            cache.ensure_group_nodes();
        }
        let (order, infos) = (cache.order(), cache.ordered_infos());
        let (outcome, n) = {
            let cx = Cx { pod: &info, cache: &cache, store: &store, profile: &profile_cfg };
            let input = CycleInput { order: &order, infos: &infos, percentage, next_start: next, nominated: None };
            schedule_pod(&profile, &cx, &mut CycleState::default(), &input, &mut |k| rng.below(k))
        };
        // As the scheduler does: the cycle's view goes before the bind
        // writes to the cache's.
        drop(infos);
        let mut facts = info;
        drop(facts.detach());
        next = n;
        // The pod is no longer shared: bound without copying its spec.
        let Object::Pod(mut bound) = Arc::unwrap_or_clone(obj) else { return Err("a pod became another kind".into()) };
        let CycleOutcome::Scheduled { node, .. } = outcome else {
            return Err(format!("pod {} was not scheduled", bound.metadata.name));
        };
        hash.write(bound.metadata.name.as_bytes());
        hash.write(&[0]);
        hash.write(node.as_bytes());
        hash.write(&[0]);
        bound.spec_mut().node_name = Some(kubeplay_model::Atom::from(node.as_str()));
        let obj = Arc::new(Object::Pod(bound));
        cache.bind_pod(&obj.key(), &obj, facts);
    }
    Ok(SchedulerRun { cache, hash: hash.finish() })
}

/// [`check_anti_affinity`] on a scheduler-only run's cache.
pub fn check_anti_affinity_cached(cache: &Cache) -> Result<(), String> {
    for n in cache.node_infos() {
        let mut apps = BTreeSet::new();
        for p in n.pods.values() {
            if !apps.insert(p.labels().get("app")) {
                return Err(format!("pod anti-affinity violated by {} on {}", p.name(), n.name));
            }
        }
    }
    Ok(())
}

/// [`check_zone_spread`] on a scheduler-only run's cache.
pub fn check_zone_spread_cached(cache: &Cache) -> Result<(), String> {
    let mut per_zone = BTreeMap::new();
    for n in cache.node_infos() {
        *per_zone.entry(n.labels().get("topology.kubernetes.io/zone").cloned()).or_insert(0usize) += n.pods.len();
    }
    let (lo, hi) = (per_zone.values().min().copied().unwrap_or(0), per_zone.values().max().copied().unwrap_or(0));
    if per_zone.len() != 3 || hi - lo > 1 {
        return Err(format!("zone spread violated: {per_zone:?}"));
    }
    Ok(())
}

/// A Deployment manifest of about 2 KB, named `name`.
pub fn deployment_yaml(name: &str) -> String {
    format!(
        "apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  namespace: default
  labels:
    app: {name}
    tier: frontend
    team: platform
  annotations:
    description: a web front end used by the decode benchmark of kubeplay
spec:
  replicas: 0
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
  selector:
    matchLabels:
      app: {name}
  template:
    metadata:
      labels:
        app: {name}
        tier: frontend
    spec:
      terminationGracePeriodSeconds: 30
      containers:
      - name: web
        image: nginx:1.25.3
        imagePullPolicy: IfNotPresent
        args: [\"--port=8080\", \"--log-level=info\", \"--workers=4\"]
        ports:
        - name: http
          containerPort: 8080
          protocol: TCP
        env:
        - name: MODE
          value: production
        - name: CACHE_SIZE
          value: \"256\"
        - name: POD_NAME
          valueFrom:
            fieldRef:
              fieldPath: metadata.name
        resources:
          requests:
            cpu: 100m
            memory: 128Mi
          limits:
            cpu: 500m
            memory: 256Mi
        readinessProbe:
          httpGet:
            path: /healthz
            port: 8080
          initialDelaySeconds: 5
          periodSeconds: 10
        livenessProbe:
          httpGet:
            path: /healthz
            port: 8080
          initialDelaySeconds: 15
          periodSeconds: 20
      - name: sidecar
        image: busybox:1.36
        command: [\"sh\", \"-c\", \"while true; do sleep 3600; done\"]
        resources:
          requests:
            cpu: 10m
            memory: 16Mi
      tolerations:
      - key: dedicated
        operator: Equal
        value: web
        effect: NoSchedule
"
    )
}

/// A bundle of [`deployment_yaml`]s (`web-00000`, …) joined by `---`,
/// until about `bytes`; with how many there are.
pub fn deployment_bundle(bytes: usize) -> (String, usize) {
    let mut bundle = String::new();
    let mut n = 0;
    while bundle.len() < bytes {
        bundle.push_str("---\n");
        bundle.push_str(&deployment_yaml(&format!("web-{n:05}")));
        n += 1;
    }
    (bundle, n)
}

/// The time-travel benchmark's history: the settled `pods`-replica
/// Deployment `web`'s image flipped back and forth, each rollout settled,
/// until about 2,000 steps are recorded (at most 50 flips).
pub fn flip_images(e: &mut Engine, pods: i32) -> Result<(), String> {
    let mut flip = 0;
    // At least one rolling update, however long the scale-up already was.
    while flip == 0 || (e.trace().len() < 2000 && flip < 50) {
        flip += 1;
        let image = if flip % 2 == 0 { "nginx:1.7.9" } else { "nginx:1.9.1" };
        crate::client::apply(e, deployment("web", pods, image), None).map_err(|e| e.to_string())?;
        e.settle(DEFAULT_SETTLE_MS);
    }
    Ok(())
}

/// Every object's resourceVersion, in store order: the state time travel
/// must restore.
pub fn resource_versions(e: &Engine) -> Vec<String> {
    e.store().iter().map(|o| o.meta().resource_version.to_string()).collect()
}

/// tests/bench/browser.mjs's bundle: ConfigMaps with a 900-byte payload,
/// joined by `---`, until about `bytes` (976 documents for 1 MB).
pub fn configmap_bundle(bytes: usize) -> (String, usize) {
    let mut docs = Vec::new();
    let mut size = 0;
    while size < bytes {
        let i = docs.len();
        let doc = format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bundle-{i}\n  labels:\n    app: bundle\ndata:\n  payload: \"{}\"\n  index: \"{i}\"\n",
            "x".repeat(900)
        );
        size += doc.len() + 4;
        docs.push(doc);
    }
    let n = docs.len();
    (docs.join("---\n"), n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scheduler-only runs place every pod, hold their constraints,
    /// and decide the same with the indexes as with the plain walks.
    #[test]
    fn scheduler_only_runs_match_the_reference() {
        let nodes: Vec<_> = (0..60).map(|i| Arc::new(Object::Node(Box::new(mixed_node(i, Time::from_millis(0)))))).collect();
        let run = |make: &dyn Fn(usize) -> Pod, pods: usize| {
            let fast = schedule_only(&nodes, pods, make, 7, true).unwrap();
            let reference = schedule_only(&nodes, pods, make, 7, false).unwrap();
            assert_eq!(fast.hash, reference.hash);
            fast
        };
        let r = run(&mixed_pod, 600);
        assert_eq!(r.cache.node_infos().map(|n| n.pods.len()).sum::<usize>(), 600);
        // Tainted nodes hold only pods that tolerate the taint.
        for n in r.cache.node_infos().filter(|n| !n.node().spec.taints.is_empty()) {
            assert!(n.pods.values().all(|p| !p.pod().spec.tolerations.is_empty()), "{}", n.name);
        }
        let group = anti_affinity_group(nodes.len());
        check_anti_affinity_cached(&run(&|i| anti_affinity_pod(i, group), 60).cache).unwrap();
        check_zone_spread_cached(&run(&spread_pod, 100).cache).unwrap();
    }
}
