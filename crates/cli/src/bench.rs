//! `kubeplay bench`: the native benchmarks, printed as a table. Each one
//! asserts that the work was really done (all pods bound and Ready, the
//! state after a jump equal to the recorded one), so `--quick` in the test
//! command keeps them honest without judging speed.
// Benchmarks measure real elapsed time: the one place outside the
// simulation where the wall clock is the point (clippy.toml bans it
// everywhere else). Nothing measured here feeds back into a run.
#![allow(clippy::disallowed_methods)]

use kubeplay_engine::bootstrap::{make_node, NodeSpecInput};
use kubeplay_engine::client;
use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity};
use std::collections::BTreeMap;
use std::time::Instant;

struct Row {
    workload: String,
    size: String,
    wall_ms: f64,
    throughput: String,
    peak_mb: f64,
}

/// Peak resident memory of this process so far (Linux), in MiB.
fn peak_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok()))
        .map(|kb| kb / 1024.0)
        .unwrap_or(0.0)
}

fn cluster(nodes: usize, seed: u64) -> Result<Engine, String> {
    let mut e = Engine::empty(seed);
    let key = ObjectKey::new(Kind::Namespace, "", "default");
    e.user("bench cluster", key, |ctx| {
        let ns = Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() };
        ctx.create(Object::Namespace(ns)).map_err(|e| e.to_string())?;
        let now = ctx.now();
        for i in 0..nodes {
            let mut input = NodeSpecInput::worker(&format!("node-{i:05}"), ["zone-a", "zone-b", "zone-c"][i % 3]);
            input.cpu = Quantity::from_value(if i % 2 == 0 { 8 } else { 16 });
            input.memory = Quantity::parse(if i % 2 == 0 { "32Gi" } else { "64Gi" }).unwrap_or_default();
            ctx.create(Object::Node(make_node(&input, i, now))).map_err(|e| e.to_string())?;
        }
        Ok::<(), String>(())
    })?;
    e.settle(DEFAULT_SETTLE_MS);
    e.reset_history();
    Ok(e)
}

fn deployment(name: &str, replicas: i32, image: &str) -> Object {
    let labels = BTreeMap::from([("app".to_string(), name.to_string())]);
    let mut requests = BTreeMap::new();
    requests.insert("cpu".to_string(), Quantity::from_milli(100));
    requests.insert("memory".to_string(), Quantity::parse("64Mi").unwrap_or_default());
    Object::Deployment(Deployment {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "app".into(),
                        image: Some(image.into()),
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

fn ready_pods(e: &Engine) -> usize {
    e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()).filter(|p| p.is_ready() && p.node_name().is_some()).count()
}

/// A Deployment scaled from 0 to `replicas` on `nodes` nodes, settled
/// until every pod is Ready, trace recorded; then a rolling update.
fn controllers(nodes: usize, replicas: i32, rows: &mut Vec<Row>) -> Result<(), String> {
    let mut e = cluster(nodes, 1)?;
    // The trace is recorded; per-step snapshots (time travel) are measured
    // separately below.
    e.set_record_history(false);
    let t = Instant::now();
    client::apply(&mut e, &deployment("web", replicas, "nginx:1.7.9"), None).map_err(|e| e.to_string())?;
    let r = e.settle(DEFAULT_SETTLE_MS);
    let wall = t.elapsed().as_secs_f64() * 1000.0;
    if ready_pods(&e) != replicas as usize || !r.converged {
        return Err(format!("scale-up did not finish: {} of {replicas} pods Ready", ready_pods(&e)));
    }
    let steps = e.trace().len();
    rows.push(Row {
        workload: "deployment 0→N, settle".into(),
        size: format!("{replicas} pods / {nodes} nodes"),
        wall_ms: wall,
        throughput: format!("{:.0} steps/s", steps as f64 / (wall / 1000.0)),
        peak_mb: peak_mb(),
    });
    let t = Instant::now();
    client::apply(&mut e, &deployment("web", replicas, "nginx:1.9.1"), None).map_err(|e| e.to_string())?;
    let before = e.trace().len();
    e.settle(DEFAULT_SETTLE_MS);
    let wall = t.elapsed().as_secs_f64() * 1000.0;
    let updated = e.store().get_by(Kind::Deployment, "default", "web").and_then(|d| d.as_deployment().and_then(|d| d.status.updated_replicas));
    if updated != Some(replicas) || ready_pods(&e) != replicas as usize {
        return Err(format!("rolling update did not finish: updated {updated:?}"));
    }
    rows.push(Row {
        workload: "rolling update 25%/25%".into(),
        size: format!("{replicas} pods / {nodes} nodes"),
        wall_ms: wall,
        throughput: format!("{:.0} steps/s", (e.trace().len() - before) as f64 / (wall / 1000.0)),
        peak_mb: peak_mb(),
    });
    Ok(())
}

/// Jumps between steps of a long history of a `pods`-pod cluster.
fn time_travel(pods: i32, rows: &mut Vec<Row>) -> Result<(), String> {
    let mut e = cluster(20, 2)?;
    client::apply(&mut e, &deployment("web", pods, "nginx:1.7.9"), None).map_err(|e| e.to_string())?;
    e.settle(DEFAULT_SETTLE_MS);
    // Churn: image flips until the history is long enough.
    let mut flip = 0;
    while e.trace().len() < 2000 && flip < 50 {
        flip += 1;
        let image = if flip % 2 == 0 { "nginx:1.7.9" } else { "nginx:1.9.1" };
        client::apply(&mut e, &deployment("web", pods, image), None).map_err(|e| e.to_string())?;
        e.settle(DEFAULT_SETTLE_MS);
    }
    let total = e.trace().len();
    let end_state: Vec<_> = e.store().iter().map(|o| o.meta().resource_version.clone()).collect();
    let jumps = 200;
    let mut worst = 0f64;
    let t = Instant::now();
    for i in 0..jumps {
        let target = (i * 7919) % total + 1;
        let j = Instant::now();
        if !e.jump(target) {
            return Err(format!("jump to {target} refused"));
        }
        worst = worst.max(j.elapsed().as_secs_f64() * 1000.0);
    }
    let wall = t.elapsed().as_secs_f64() * 1000.0;
    e.jump(total);
    let back: Vec<_> = e.store().iter().map(|o| o.meta().resource_version.clone()).collect();
    if back != end_state {
        return Err("jumping back to the end did not restore the end state".into());
    }
    rows.push(Row {
        workload: "time travel (jump)".into(),
        size: format!("{pods} pods, {total} steps"),
        wall_ms: wall / jumps as f64,
        throughput: format!("worst {worst:.3} ms"),
        peak_mb: peak_mb(),
    });
    Ok(())
}

/// Sizes: `--quick` for the test command, the full issue sizes by
/// default, or a custom pods/nodes pair for profiling.
pub struct Sizes {
    pub pods: i32,
    pub nodes: usize,
    pub travel_pods: i32,
}

pub const QUICK: Sizes = Sizes { pods: 100, nodes: 10, travel_pods: 50 };
pub const FULL: Sizes = Sizes { pods: 10_000, nodes: 1_000, travel_pods: 500 };

pub fn run(sizes: &Sizes) -> Result<String, String> {
    let mut rows = Vec::new();
    controllers(sizes.nodes, sizes.pods, &mut rows)?;
    time_travel(sizes.travel_pods, &mut rows)?;
    let mut out = format!("{:<28} {:<26} {:>12} {:>20} {:>10}\n", "WORKLOAD", "SIZE", "WALL (ms)", "THROUGHPUT", "PEAK MiB");
    for r in rows {
        out.push_str(&format!("{:<28} {:<26} {:>12.3} {:>20} {:>10.1}\n", r.workload, r.size, r.wall_ms, r.throughput, r.peak_mb));
    }
    Ok(out)
}
