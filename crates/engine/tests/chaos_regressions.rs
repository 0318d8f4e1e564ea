//! Engine bugs the chaos property test (crates/fuzzcheck/tests/chaos) found,
//! each kept as the smallest scenario that showed it.

use kubeplay_engine::Engine;
use kubeplay_model::api::*;
use kubeplay_model::{Kind, Object, ObjectMeta};
use std::collections::BTreeMap;

fn pod_on(name: &str, node: &str) -> Object {
    Object::Pod(Box::new(Pod {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: PodSpec {
            containers: vec![Container { name: "main".into(), image: Some("nginx:1.25".into()), ..Default::default() }].into(),
            node_selector: BTreeMap::from([("kubernetes.io/hostname".to_string(), node.to_string())]),
            ..Default::default()
        }.into(),
        status: Default::default(),
    }))
}

fn phase(e: &Engine, name: &str) -> String {
    let p = e.store().get_by(Kind::Pod, "default", name).and_then(|o| o.as_pod().cloned()).expect("pod exists");
    format!("{} on {:?}", p.phase(), p.node_name())
}

/// A pod scheduled onto a node whose kubelet has just stopped (the node
/// still looks Ready until the 50 s node-monitor grace period ends) must
/// start once the kubelet comes back: a restarted kubelet lists its pods
/// from the API server, not only the ones it was running before.
#[test]
fn a_pod_bound_while_its_node_was_down_starts_when_the_node_recovers() {
    let mut e = Engine::with_default_cluster(1);
    e.sim_node_fail("kubeplay-worker").unwrap();
    let obj = pod_on("late", "kubeplay-worker");
    let key = obj.key();
    e.user("create", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
    e.advance(5_000);
    assert_eq!(phase(&e, "late"), "Pending on Some(\"kubeplay-worker\")", "bound, but nothing runs it");
    e.sim_node_recover("kubeplay-worker").unwrap();
    e.advance(60_000);
    assert_eq!(phase(&e, "late"), "Running on Some(\"kubeplay-worker\")");
}
