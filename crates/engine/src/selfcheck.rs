//! The determinism self-check: a long scenario touching every moving part
//! (controllers, scheduler tie-breaks, kubelets, generated names, events,
//! traffic), whose trace hash must be identical on every platform and
//! every run with the same seed.

use crate::client;
use crate::engine::{Engine, DEFAULT_SETTLE_MS};
use crate::network::{parse_url, route};
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::api::*;
use kubeplay_model::{IntOrString, Kind, LabelSelector, Object, ObjectKey, ObjectMeta};
use std::collections::BTreeMap;

fn deployment(name: &str, replicas: i32, image: &str) -> Object {
    let labels = BTreeMap::from([("app".to_string(), name.to_string())]);
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "main".into(),
                        image: Some(image.into()),
                        ports: vec![ContainerPort { container_port: 80, ..Default::default() }],
                        ..Default::default()
                    }],
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

/// Runs the scenario and returns the hash of its trace plus every
/// object's key and resourceVersion at the end.
pub fn scenario_hash(seed: u64) -> u64 {
    let mut e = Engine::with_default_cluster(seed);
    let mut fold = 0u64;
    let _ = client::apply(&mut e, &deployment("web", 3, "nginx:1.7.9"), None);
    let _ = client::apply(&mut e, &service("web"), None);
    e.settle(DEFAULT_SETTLE_MS);
    let _ = client::apply(&mut e, &deployment("web", 6, "nginx:1.9.1"), None);
    let _ = client::apply(&mut e, &deployment("api", 4, "httpd:2.4"), None);
    e.settle(DEFAULT_SETTLE_MS);
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
    let mut h = e.trace_hash() ^ fold;
    for o in e.store().iter() {
        for b in format!("{}/{}/{}@{}", o.kind(), o.namespace(), o.name(), o.meta().resource_version).bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    #[test]
    fn same_seed_same_hash_other_seed_other_hash() {
        assert_eq!(super::scenario_hash(1), super::scenario_hash(1));
        assert_ne!(super::scenario_hash(1), super::scenario_hash(2));
    }
}
