//! The determinism self-check: a long scenario touching every moving part
//! (controllers, scheduler tie-breaks and topology-spread scores, an
//! autoscaler, kubelets, generated names, events, traffic), whose
//! fingerprints must be identical on every platform and every run with
//! the same seed.

use std::fmt::Write as _;
use crate::client;
use crate::engine::{Engine, DEFAULT_SETTLE_MS};
use crate::network::{parse_url, route};
use crate::sim::{Load, LoadTarget};
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::api::*;
use kubeplay_model::{IntOrString, Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity};
use std::collections::BTreeMap;

fn deployment(name: &str, replicas: i32, image: &str) -> Object {
    let labels = BTreeMap::from([("app".to_string(), name.to_string())]);
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels.into(), ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "main".into(),
                        image: Some(image.into()),
                        ports: vec![ContainerPort { container_port: 80, ..Default::default() }],
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

fn service(name: &str) -> Object {
    Object::Service(Box::new(Service {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: ServiceSpec {
            selector: BTreeMap::from([("app".to_string(), name.to_string())]),
            ports: vec![ServicePort { port: 80, target_port: Some(IntOrString::Int(80)), ..Default::default() }],
            ..Default::default()
        },
        status: Default::default(),
    }))
}

/// Decodes and applies manifests as `kubectl apply -f` does (the
/// namespace filled in): the scenario's topology-spread Deployment and
/// autoscaler read better as YAML.
fn apply_yaml(e: &mut Engine, yaml: &str) {
    for item in kubeplay_codec::decode_manifests(yaml).items.into_iter().flatten() {
        let mut obj = item.object;
        if obj.kind().namespaced() && obj.meta().namespace.is_empty() {
            obj.meta_mut().namespace = "default".into();
        }
        let _ = client::apply(e, obj, Some(item.raw));
    }
}

/// Pods spread over zones (a hard constraint) and hosts (a soft one):
/// PodTopologySpread's filter, and its scores with their logarithmic
/// weights, decide every placement.
const SPREAD: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: spread
spec:
  replicas: 7
  selector:
    matchLabels: {app: spread}
  template:
    metadata:
      labels: {app: spread}
    spec:
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector:
          matchLabels: {app: spread}
      - maxSkew: 1
        topologyKey: kubernetes.io/hostname
        whenUnsatisfiable: ScheduleAnyway
        labelSelector:
          matchLabels: {app: spread}
      containers:
      - name: main
        image: httpd:2.4
        resources:
          requests: {cpu: 50m}
";

/// An autoscaler on `web`, driven by the load `sim load` puts on it.
const HPA: &str = "apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 2
  maxReplicas: 9
  metrics:
  - type: Resource
    resource:
      name: cpu
      target: {type: Utilization, averageUtilization: 50}
";

/// The self-check's two fingerprints. `trace` is the engine's trace hash
/// (the step summaries, as the benchmarks record it) folded with the
/// traffic's routing and every object's key and resourceVersion; `full`
/// hashes everything a step records — observed, desired, each write's
/// object after it as JSON, the events — and every object's whole JSON
/// at the end, so a difference that no summary shows still shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    pub trace: u64,
    pub full: u64,
}

impl std::fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}-{:016x}", self.trace, self.full)
    }
}

/// The fuller fingerprint of a run (see [`Fingerprint::full`]): every
/// kept step's whole record, then every object in full, each text ended
/// by a zero byte.
pub fn full_fingerprint(e: &Engine) -> u64 {
    struct Texts(kubeplay_model::fnv::Fnv);
    impl Texts {
        fn add(&mut self, s: &str) {
            self.0.write(s.as_bytes());
            self.0.write(&[0]);
        }
    }
    let mut h = Texts(kubeplay_model::fnv::Fnv::new());
    for s in e.trace() {
        h.add(&s.summary());
        h.add(&s.observed);
        h.add(&s.desired);
        for w in &s.writes {
            h.add(w.verb.as_str());
            h.add(&w.key.to_string());
            h.add(&w.after.as_ref().map(|o| o.to_json().to_string()).unwrap_or_default());
        }
        for ev in &s.events {
            h.add(&format!("{} {} {} {}", ev.type_, ev.reason, ev.object, ev.message));
        }
    }
    for o in e.store().iter() {
        h.add(&o.to_json().to_string());
    }
    h.0.finish()
}

/// Runs the scenario: Deployments scaled and rolled, a Service and its
/// traffic, a topology-spread Deployment, an autoscaler under load, a pod
/// deleted and a Deployment deleted, on the default cluster.
pub fn scenario_fingerprint(seed: u64) -> Fingerprint {
    let mut e = Engine::with_default_cluster(seed);
    let mut fold = 0u64;
    let mut web = deployment("web", 3, "nginx:1.7.9");
    if let Object::Deployment(d) = &mut web {
        d.spec.template.spec.containers[0].resources.requests.insert("cpu".into(), Quantity::from_milli(100));
    }
    let _ = client::apply(&mut e, &web, None);
    let _ = client::apply(&mut e, service("web"), None);
    e.settle(DEFAULT_SETTLE_MS);
    apply_yaml(&mut e, SPREAD);
    e.settle(DEFAULT_SETTLE_MS);
    if let Object::Deployment(d) = &mut web {
        d.spec.replicas = Some(6);
        d.spec.template.spec.containers[0].image = Some("nginx:1.9.1".into());
    }
    let _ = client::apply(&mut e, &web, None);
    let _ = client::apply(&mut e, deployment("api", 4, "httpd:2.4"), None);
    e.settle(DEFAULT_SETTLE_MS);
    apply_yaml(&mut e, HPA);
    let target = LoadTarget { namespace: "default".into(), kind: Kind::Deployment, name: "web".into() };
    let _ = e.sim_load(target, Load { cpu_milli: Some(700), memory_bytes: None });
    e.advance(120_000);
    let victim = e.store().list(Kind::Pod, Some("default")).nth(2).map(|p| p.key());
    if let Some(k) = victim {
        let _ = client::delete(&mut e, &k, DeleteOptions::default());
    }
    e.advance(30_000);
    if let Ok(url) = parse_url("http://web/") {
        for _ in 0..50 {
            if let crate::network::Route::Pod { pod, .. } = route(e.world_mut(), "default", "10.244.1.250", &url) {
                fold = fold.wrapping_mul(31).wrapping_add(pod.len() as u64 + pod.bytes().map(u64::from).sum::<u64>());
            }
        }
    }
    let _ = client::delete(&mut e, &ObjectKey::new(Kind::Deployment, "default", "api"), DeleteOptions::default());
    e.settle(DEFAULT_SETTLE_MS);
    let mut h = kubeplay_model::fnv::Fnv(e.trace_hash() ^ fold);
    for o in e.store().iter() {
        let _ = write!(h, "{}/{}/{}@{}", o.kind(), o.namespace(), o.name(), o.meta().resource_version);
    }
    Fingerprint { trace: h.finish(), full: full_fingerprint(&e) }
}

/// The trace half of [`scenario_fingerprint`].
pub fn scenario_hash(seed: u64) -> u64 {
    scenario_fingerprint(seed).trace
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_fingerprints_other_seed_other_ones() {
        let one = scenario_fingerprint(1);
        assert_eq!(one, scenario_fingerprint(1));
        let two = scenario_fingerprint(2);
        assert_ne!(one.trace, two.trace);
        assert_ne!(one.full, two.full);
        assert_eq!(one.to_string().len(), 33);
    }

    /// The scenario reaches what it is meant to: the spread pods one zone
    /// apart at most, and the autoscaler scaling web up under its load.
    #[test]
    fn the_scenario_exercises_topology_spread_and_the_autoscaler() {
        let mut e = Engine::with_default_cluster(1);
        apply_yaml(&mut e, SPREAD);
        e.settle(DEFAULT_SETTLE_MS);
        let mut zones = std::collections::BTreeMap::<String, usize>::new();
        for p in e.store().list(Kind::Pod, Some("default")).filter_map(|o| o.as_pod()) {
            let node = e.store().get_by(Kind::Node, "", p.node_name().unwrap()).unwrap();
            *zones.entry(node.meta().labels["topology.kubernetes.io/zone"].clone()).or_default() += 1;
        }
        assert_eq!(zones.values().sum::<usize>(), 7);
        assert!(zones.values().max().unwrap() - zones.values().min().unwrap() <= 1, "{zones:?}");

        let mut web = deployment("web", 3, "nginx:1.7.9");
        if let Object::Deployment(d) = &mut web {
            d.spec.template.spec.containers[0].resources.requests.insert("cpu".into(), Quantity::from_milli(100));
        }
        client::apply(&mut e, &web, None).unwrap();
        e.settle(DEFAULT_SETTLE_MS);
        apply_yaml(&mut e, HPA);
        let target = LoadTarget { namespace: "default".into(), kind: Kind::Deployment, name: "web".into() };
        e.sim_load(target, Load { cpu_milli: Some(700), memory_bytes: None }).unwrap();
        e.advance(120_000);
        let replicas = e.store().get_by(Kind::Deployment, "default", "web").and_then(|o| o.as_deployment()).and_then(|d| d.spec.replicas);
        assert!(replicas.is_some_and(|r| r > 3), "{replicas:?}");
        assert!(e.trace().iter().any(|s| s.controller == crate::ControllerId::Hpa && !s.is_noop()));
    }
}
