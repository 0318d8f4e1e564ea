//! `sim traffic`: request streams through kube-proxy's rules, counted per
//! pod, without disturbing the rest of the simulation.

use kubeplay_engine::client;
use kubeplay_engine::traffic::{StreamSpec, TrafficError};
use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{LabelSelector, Object, ObjectMeta};
use std::collections::BTreeMap;

fn web(replicas: i32) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "web".to_string())]);
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta {
            name: "web".into(),
            namespace: "default".into(),
            ..Default::default()
        },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector {
                match_labels: labels.clone(),
                match_expressions: vec![],
            }),
            template: PodTemplateSpec {
                metadata: ObjectMeta {
                    labels: labels.into(),
                    ..Default::default()
                },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "nginx".into(),
                        image: Some("nginx".into()),
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

fn svc(affinity: Option<&str>) -> Object {
    Object::Service(Box::new(Service {
        metadata: ObjectMeta {
            name: "web".into(),
            namespace: "default".into(),
            ..Default::default()
        },
        spec: ServiceSpec {
            selector: BTreeMap::from([("app".to_string(), "web".to_string())]),
            ports: vec![ServicePort {
                port: 80,
                ..Default::default()
            }],
            session_affinity: affinity.map(Into::into),
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn cluster(affinity: Option<&str>) -> Engine {
    cluster_with_seed(affinity, 1)
}

fn cluster_with_seed(affinity: Option<&str>, seed: u64) -> Engine {
    let mut e = Engine::with_default_cluster(seed);
    client::apply(&mut e, &web(3), None).unwrap();
    client::apply(&mut e, &svc(affinity), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    e
}

fn spec(rps: u32) -> StreamSpec {
    StreamSpec {
        namespace: "default".into(),
        service: "web".into(),
        port: None,
        rps,
        from: None,
    }
}

fn per_pod(e: &Engine) -> Vec<u64> {
    e.traffic()
        .first()
        .map(|s| s.per_pod.values().copied().collect())
        .unwrap_or_default()
}

#[test]
fn requests_spread_over_every_ready_pod() {
    let mut e = cluster(None);
    e.sim_traffic_start(&spec(10)).unwrap();
    e.advance(30_000);
    let s = e.traffic()[0].clone();
    assert_eq!(s.sent, 300, "10 requests a second for 30 seconds");
    let counts = per_pod(&e);
    assert_eq!(counts.len(), 3);
    assert_eq!(counts.iter().sum::<u64>(), 300);
    assert!(
        counts.iter().all(|c| *c >= 60),
        "each pod gets a share: {counts:?}"
    );
    assert_eq!(s.recent.len(), 100);
    assert!(s.recent.iter().all(|r| r.pod.is_some()));
    // The last whole second holds 10 requests.
    let last = s.seconds.iter().rev().nth(1).unwrap();
    assert_eq!(last.per_pod.values().sum::<u32>(), 10);
}

/// Which pod (by its place among the Service's pods, names sorted) each of
/// the last 100 requests went to.
fn draws(seed: u64) -> Vec<usize> {
    let mut e = cluster_with_seed(None, seed);
    e.sim_traffic_start(&spec(10)).unwrap();
    e.advance(10_000);
    let s = e.traffic()[0].clone();
    let pods: Vec<String> = s.per_pod.keys().cloned().collect();
    s.recent
        .iter()
        .map(|r| {
            pods.iter()
                .position(|p| Some(p) == r.pod.as_ref())
                .expect("a known pod")
        })
        .collect()
}

/// The session seed drives the load balancer's choices: the same seed
/// replays them, another seed draws others.
#[test]
fn the_seed_decides_which_pod_each_request_reaches() {
    let one = draws(1);
    assert_eq!(one.len(), 100);
    assert_eq!(one, draws(1));
    assert_ne!(one, draws(2));
    assert_ne!(one, draws(3));
}

#[test]
fn affinity_keeps_one_client_on_one_pod() {
    let mut e = cluster(Some("ClientIP"));
    e.sim_traffic_start(&spec(50)).unwrap();
    e.advance(10_000);
    assert_eq!(per_pod(&e), [500]);
}

#[test]
fn traffic_does_not_disturb_the_cluster() {
    let mut quiet = cluster(None);
    let mut busy = cluster(None);
    busy.sim_traffic_start(&spec(100)).unwrap();
    for e in [&mut quiet, &mut busy] {
        client::apply(e, &web(5), None).unwrap();
        e.settle(DEFAULT_SETTLE_MS);
        e.advance(20_000);
    }
    assert_eq!(
        quiet.world().rng,
        busy.world().rng,
        "the streams draw from their own source"
    );
    assert_eq!(quiet.trace_hash(), busy.trace_hash(), "and add no steps");
}

#[test]
fn a_long_jump_counts_every_request_quickly() {
    let mut e = cluster(None);
    e.sim_traffic_start(&spec(1000)).unwrap();
    e.advance(6 * 3_600_000);
    let s = e.traffic()[0].clone();
    assert_eq!(s.sent, 6 * 3_600 * 1000);
    assert_eq!(per_pod(&e).iter().sum::<u64>(), s.sent);
}

#[test]
fn time_travel_takes_the_counts_along() {
    let mut e = cluster(None);
    e.set_record_history(true);
    e.sim_traffic_start(&spec(10)).unwrap();
    e.advance(10_000);
    client::apply(&mut e, &web(4), None).unwrap();
    let mark = e.cursor();
    e.settle(DEFAULT_SETTLE_MS);
    e.advance(10_000);
    let later = e.traffic()[0].sent;
    assert!(e.jump(mark));
    assert!(e.traffic()[0].sent < later);
}

#[test]
fn errors() {
    let mut e = cluster(None);
    assert_eq!(
        e.sim_traffic_start(&StreamSpec {
            service: "nope".into(),
            ..spec(1)
        }),
        Err(TrafficError::ServiceNotFound(
            "default".into(),
            "nope".into()
        ))
    );
    assert_eq!(
        e.sim_traffic_start(&StreamSpec {
            port: Some(81),
            ..spec(1)
        }),
        Err(TrafficError::NoSuchPort("web".into(), 81))
    );
    assert_eq!(e.sim_traffic_start(&spec(0)), Err(TrafficError::BadRate(0)));
    assert_eq!(
        e.sim_traffic_stop("default", None),
        Err(TrafficError::NothingSending)
    );
    e.sim_traffic_start(&spec(5)).unwrap();
    assert_eq!(
        e.sim_traffic_stop("default", Some("x")),
        Err(TrafficError::NotSending("x".into()))
    );
    assert_eq!(
        e.sim_traffic_stop("default", Some("web")).map(|v| v.len()),
        Ok(1)
    );
    assert!(e.traffic().is_empty());
}
