//! What a recorded step costs in memory, with and without the per-step
//! snapshots time travel keeps: issue 13 asks for the figure, and the
//! benchmark's peak resident size mixes it with the cluster itself. A
//! counting allocator gives exact live bytes, so the trace's share is the
//! drop when the history is forgotten.
//!
//! The measurement is run by hand:
//! `cargo test --release -p kubeplay-engine --test memory_per_step -- --ignored --nocapture`
//! (`KUBEPLAY_MEM_SIZE=PODSxNODES`, default 1000x100). The one test run
//! every time checks that the engine's estimate of its history's memory
//! (`step_cost`, which bounds the history) is above what it really holds.
//! Native only: wasm builds have the engine's own allocator.
#![cfg(not(target_arch = "wasm32"))]

use kubeplay_engine::bootstrap::{make_node, NodeSpecInput};
use kubeplay_engine::{client, Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity};
use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static A: Counting = Counting;

fn mib(b: usize) -> f64 {
    b as f64 / (1024.0 * 1024.0)
}

/// The benchmark's cluster: `nodes` workers in three zones, a default namespace.
fn cluster(nodes: usize) -> Engine {
    let mut e = Engine::empty(1);
    let key = ObjectKey::new(Kind::Namespace, "", "default");
    e.user("cluster", key, |ctx| {
        let ns = Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() };
        ctx.create(Object::Namespace(Box::new(ns))).unwrap();
        let now = ctx.now();
        for i in 0..nodes {
            let mut input = NodeSpecInput::worker(&format!("node-{i:05}"), ["zone-a", "zone-b", "zone-c"][i % 3]);
            input.cpu = Quantity::from_value(if i % 2 == 0 { 8 } else { 16 });
            input.memory = Quantity::parse(if i % 2 == 0 { "32Gi" } else { "64Gi" }).unwrap();
            ctx.create(Object::Node(Box::new(make_node(&input, i, now)))).unwrap();
        }
    });
    e.settle(DEFAULT_SETTLE_MS);
    e.reset_history();
    e
}

fn deployment(replicas: i32, image: &str) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "web".to_string())]);
    let requests = BTreeMap::from([("cpu".to_string(), Quantity::from_milli(100)), ("memory".to_string(), Quantity::parse("64Mi").unwrap())]);
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
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

/// Scale-up then rolling update; returns (steps, live bytes the trace and
/// snapshots held, peak live bytes during the run, the engine's estimate
/// of what they hold).
fn run(pods: i32, nodes: usize, history: bool) -> (usize, usize, usize, usize) {
    let mut e = cluster(nodes);
    e.set_record_history(history);
    PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
    client::apply(&mut e, &deployment(pods, "nginx:1.7.9"), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::apply(&mut e, &deployment(pods, "nginx:1.9.1"), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let steps = e.trace().len();
    let (live, peak) = (LIVE.load(Ordering::Relaxed), PEAK.load(Ordering::Relaxed));
    let estimate = e.history_bytes();
    e.reset_history();
    let held = live.saturating_sub(LIVE.load(Ordering::Relaxed));
    (steps, held, peak, estimate)
}

/// The estimate the history cap (`HISTORY_BYTES`) counts is an upper
/// bound of the memory really held, and not a wild one. (Alone in this
/// binary when run without --ignored, so the live count is this test's.)
#[test]
fn the_history_estimate_is_above_what_the_history_holds() {
    for history in [true, false] {
        let (steps, held, _, estimate) = run(100, 10, history);
        assert!(steps > 1_000);
        let ratio = estimate as f64 / held as f64;
        assert!((1.0..2.5).contains(&ratio), "snapshots {history}: estimate {estimate} B for {held} B held ({ratio:.2}×)");
    }
}

#[test]
#[ignore = "a measurement; run by hand with --ignored --nocapture"]
fn memory_per_recorded_step() {
    let size = std::env::var("KUBEPLAY_MEM_SIZE").unwrap_or_else(|_| "1000x100".into());
    let (pods, nodes) = size.split_once('x').and_then(|(p, n)| Some((p.parse().ok()?, n.parse().ok()?))).expect("KUBEPLAY_MEM_SIZE=PODSxNODES");
    for history in [false, true] {
        let (steps, held, peak, estimate) = run(pods, nodes, history);
        assert!(steps > 0);
        println!(
            "{pods} pods / {nodes} nodes, scale-up + rolling update, snapshots {}: {steps} steps, trace{} holds {:.1} MiB = {:.1} KiB per step (estimated {:.1} MiB); peak live {:.1} MiB",
            if history { "on" } else { "off" },
            if history { " + snapshots" } else { "" },
            mib(held),
            held as f64 / 1024.0 / steps as f64,
            mib(estimate),
            mib(peak)
        );
    }
}
