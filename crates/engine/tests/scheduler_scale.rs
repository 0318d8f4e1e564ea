//! Scheduling throughput at scale (run with `--ignored`, ideally with
//! `--profile bench`): N nodes, M pods, pods/second over the whole engine.

use kubeplay_engine::bootstrap::{make_node, NodeSpecInput};
use kubeplay_engine::Engine;
use kubeplay_model::api::*;
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta, Quantity};
use std::time::Instant;

fn run(nodes: usize, pods: usize) {
    let mut e = Engine::empty(1);
    e.set_record_history(false);
    e.user("setup", ObjectKey::new(Kind::Namespace, "", "default"), |ctx| {
        let ns = Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() };
        let _ = ctx.create(Object::Namespace(Box::new(ns)));
        let now = ctx.now();
        for i in 0..nodes {
            let zone = format!("zone-{}", i % 3);
            let input = NodeSpecInput::worker(&format!("node-{i:05}"), &zone);
            let _ = ctx.create(Object::Node(Box::new(make_node(&input, i % 250, now))));
        }
    });
    e.settle(60_000);
    let start = Instant::now();
    e.user("pods", ObjectKey::new(Kind::Namespace, "", "default"), |ctx| {
        for i in 0..pods {
            let mut c = Container { name: "app".into(), image: Some("nginx".into()), ..Default::default() };
            c.resources.requests.insert("cpu".into(), Quantity::from_milli(10));
            let p = Pod {
                metadata: ObjectMeta { name: format!("p-{i:06}"), namespace: "default".into(), ..Default::default() },
                spec: PodSpec { containers: vec![c].into(), ..Default::default() }.into(),
                ..Default::default()
            };
            let _ = ctx.create(Object::Pod(Box::new(p)));
        }
    });
    let report = e.settle(3_600_000);
    let secs = start.elapsed().as_secs_f64();
    let bound = e.store().list(Kind::Pod, Some("default")).filter(|p| p.as_pod().is_some_and(|p| p.node_name().is_some())).count();
    println!("{nodes} nodes, {pods} pods: {bound} bound in {secs:.2}s = {:.0} pods/s ({} steps)", bound as f64 / secs, report.steps);
    assert_eq!(bound, pods);
}

#[test]
#[ignore]
fn schedule_2000_pods_on_200_nodes() {
    run(200, 2000);
}

#[test]
#[ignore]
fn schedule_10000_pods_on_1000_nodes() {
    run(1000, 10_000);
}

#[test]
#[ignore]
fn schedule_100000_pods_on_5000_nodes() {
    run(5000, 100_000);
}

/// The scheduling algorithm alone (PreFilter → Filter → Score → select,
/// then the pod is added to the cache as binding would), without the
/// engine's writes and events: the scheduler's own pods/second.
fn algorithm_only(nodes: usize, pods: usize) {
    use kubeplay_engine::scheduler::cache::{Cache, PodInfo};
    use kubeplay_engine::scheduler::config::ProfileConfig;
    use kubeplay_engine::scheduler::cycle::{schedule_pod, CycleInput, CycleOutcome};
    use kubeplay_engine::scheduler::framework::{Cx, CycleState, Profile};
    use std::sync::Arc;
    let store = kubeplay_apiserver::Store::new();
    let mut cache = Cache::default();
    for i in 0..nodes {
        let input = NodeSpecInput::worker(&format!("node-{i:05}"), &format!("zone-{}", i % 3));
        let n = make_node(&input, i % 250, kubeplay_model::time::EPOCH);
        cache.set_node(&n.metadata.name.clone(), Some(Arc::new(Object::Node(Box::new(n)))));
    }
    let cfg = ProfileConfig::default_named("default-scheduler");
    let profile = Profile::new(&cfg);
    let mut rng = kubeplay_engine::rng::Rng::new(1);
    let mut next = 0;
    let start = Instant::now();
    for i in 0..pods {
        let mut c = Container { name: "app".into(), image: Some("nginx".into()), ..Default::default() };
        c.resources.requests.insert("cpu".into(), Quantity::from_milli(10));
        let p = Pod {
            metadata: ObjectMeta { name: format!("p-{i:06}"), namespace: "default".into(), labels: std::collections::BTreeMap::from([("app".to_string(), "web".to_string())]).into(), ..Default::default() },
            spec: PodSpec { containers: vec![c].into(), ..Default::default() }.into(),
            ..Default::default()
        };
        let obj = Arc::new(Object::Pod(Box::new(p.clone())));
        let info = PodInfo::new(obj);
        let order = cache.order();
        let infos = cache.ordered_infos();
        let (out, n) = {
            let cx = Cx { pod: &info, cache: &cache, store: &store, profile: &cfg };
            let input = CycleInput { order: &order, infos: &infos, percentage: 0, next_start: next, nominated: None };
            schedule_pod(&profile, &cx, &mut CycleState::default(), &input, &mut |k| rng.below(k))
        };
        next = n;
        let CycleOutcome::Scheduled { node, .. } = out else { panic!("pod {i} not scheduled") };
        let mut bound = p;
        bound.spec_mut().node_name = Some(node.as_str().into());
        let obj = Arc::new(Object::Pod(Box::new(bound)));
        cache.set_pod(&obj.key(), Some(&obj));
    }
    let secs = start.elapsed().as_secs_f64();
    println!("algorithm only: {nodes} nodes, {pods} pods in {secs:.2}s = {:.0} pods/s", pods as f64 / secs);
}

#[test]
#[ignore]
fn algorithm_10000_pods_on_1000_nodes() {
    algorithm_only(1000, 10_000);
}

#[test]
#[ignore]
fn algorithm_100000_pods_on_5000_nodes() {
    algorithm_only(5000, 100_000);
}
