//! The Deployment scale-up benchmark (as `kubeplay bench`'s controllers
//! workload: same cluster, same Deployment, same seed) run in wasm under
//! Node, timed with `Date.now()`. It asserts the work (every pod bound and
//! Ready) and prints the trace hash, which equals the native run's.
//!
//!     KUBEPLAY_WASM_BENCH=1000x100 cargo test --release -p kubeplay-engine \
//!         --target wasm32-unknown-unknown --test bench_wasm -- --nocapture
//!
//! (`PODSxNODES`; default 100x10, the `--quick` size.)
#![cfg(target_arch = "wasm32")]

use kubeplay_engine::bootstrap::{make_node, NodeSpecInput};
use kubeplay_engine::{client, Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity};
use std::collections::BTreeMap;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen_test::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Date)]
    fn now() -> f64;
}

fn cluster(nodes: usize, seed: u64) -> Engine {
    let mut e = Engine::empty(seed);
    e.user("bench cluster", ObjectKey::new(Kind::Namespace, "", "default"), |ctx| {
        let ns = Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() };
        ctx.create(Object::Namespace(ns)).expect("namespace");
        let t = ctx.now();
        for i in 0..nodes {
            let mut input = NodeSpecInput::worker(&format!("node-{i:05}"), ["zone-a", "zone-b", "zone-c"][i % 3]);
            input.cpu = Quantity::from_value(if i % 2 == 0 { 8 } else { 16 });
            input.memory = Quantity::parse(if i % 2 == 0 { "32Gi" } else { "64Gi" }).expect("quantity");
            ctx.create(Object::Node(make_node(&input, i, t))).expect("node");
        }
    });
    e.settle(DEFAULT_SETTLE_MS);
    e.reset_history();
    e
}

fn deployment(replicas: i32) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "web".to_string())]);
    let mut requests = BTreeMap::new();
    requests.insert("cpu".to_string(), Quantity::from_milli(100));
    requests.insert("memory".to_string(), Quantity::parse("64Mi").expect("quantity"));
    Object::Deployment(Deployment {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "app".into(),
                        image: Some("nginx:1.7.9".into()),
                        resources: ResourceRequirements { requests, ..Default::default() },
                        ..Default::default()
                    }],
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        status: Default::default(),
    })
}

#[wasm_bindgen_test]
fn deployment_scale_up_in_wasm() {
    let size = option_env!("KUBEPLAY_WASM_BENCH").unwrap_or("100x10");
    let (pods, nodes) = size.split_once('x').and_then(|(p, n)| Some((p.parse::<i32>().ok()?, n.parse::<usize>().ok()?))).expect("KUBEPLAY_WASM_BENCH=PODSxNODES");
    let mut e = cluster(nodes, 1);
    e.set_record_history(false);
    let start = now();
    client::apply(&mut e, &deployment(pods), None).expect("apply");
    let report = e.settle(DEFAULT_SETTLE_MS);
    let ms = now() - start;
    let ready = e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()).filter(|p| p.is_ready() && p.node_name().is_some()).count();
    assert!(report.converged);
    assert_eq!(ready, pods as usize);
    console_log!(
        "wasm: deployment 0→N, settle  {pods} pods / {nodes} nodes  {ms:.0} ms  {:.0} steps/s  trace hash {:016x}",
        e.trace().len() as f64 / (ms / 1000.0),
        e.trace_hash()
    );
}
