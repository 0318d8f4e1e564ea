//! Scheduling workloads run through the whole engine (the scheduler binds,
//! the kubelets start the pods): a mixed cluster with taints, zones and
//! node affinity, and the expensive constraints (pod anti-affinity,
//! topology spreading). The clusters and pods are built by
//! `kubeplay_engine::bench`, shared with the wasm benchmark; every run
//! asserts each pod was bound and the constraints held.

use super::{peak_mb, Clock, Row};
use kubeplay_engine::bench;
use kubeplay_model::api::Pod;

/// Creates the pods in one user step, settles, checks every pod is bound.
fn run_pods(nodes: usize, seed: u64, pods: usize, make: &dyn Fn(usize) -> Pod) -> Result<((f64, f64), kubeplay_engine::Engine), String> {
    let mut e = super::engine(seed);
    bench::mixed_cluster(&mut e, nodes);
    let t = Clock::start();
    bench::create_and_settle(&mut e, pods, make)?;
    Ok((t.ms(), e))
}

fn row(workload: &str, pods: usize, nodes: usize, (wall, cpu): (f64, f64), hash: u64) -> Row {
    Row {
        workload: workload.into(),
        size: format!("{pods} pods / {nodes} nodes"),
        wall_ms: wall,
        cpu_ms: cpu,
        throughput: format!("{:.0} pods/s", pods as f64 / (wall / 1000.0)),
        peak_mb: peak_mb(),
        hash,
    }
}

/// The same pods through the scheduler alone (`bench::schedule_only`).
fn scheduler_only(nodes: usize, seed: u64, pods: usize, make: &dyn Fn(usize) -> Pod) -> Result<((f64, f64), bench::SchedulerRun), String> {
    let cluster: Vec<_> = (0..nodes).map(|i| bench::mixed_node(i, kubeplay_model::time::EPOCH)).collect();
    let t = Clock::start();
    let run = bench::schedule_only(&cluster, pods, make, seed, !super::reference())?;
    Ok((t.ms(), run))
}

pub fn mixed(pods: usize, nodes: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let (t, run) = scheduler_only(nodes, 3, pods, &bench::mixed_pod)?;
    rows.push(row("schedule mixed (scheduler)", pods, nodes, t, run.hash));
    drop(run);
    if super::end_to_end() {
        let (t, e) = run_pods(nodes, 3, pods, &bench::mixed_pod)?;
        rows.push(row("schedule mixed (e2e)", pods, nodes, t, e.trace_hash()));
    }
    Ok(())
}

pub fn constraints(pods: usize, nodes: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let group = bench::anti_affinity_group(nodes);
    let (t, run) = scheduler_only(nodes, 4, pods, &|i| bench::anti_affinity_pod(i, group))?;
    bench::check_anti_affinity_cached(&run.cache)?;
    rows.push(row("pod anti-affinity (sched.)", pods, nodes, t, run.hash));
    drop(run);
    let (t, run) = scheduler_only(nodes, 5, pods, &bench::spread_pod)?;
    bench::check_zone_spread_cached(&run.cache)?;
    rows.push(row("zone spread (scheduler)", pods, nodes, t, run.hash));
    drop(run);
    if !super::end_to_end() {
        return Ok(());
    }
    let (t, e) = run_pods(nodes, 4, pods, &|i| bench::anti_affinity_pod(i, group))?;
    bench::check_anti_affinity(&e)?;
    rows.push(row("pod anti-affinity (e2e)", pods, nodes, t, e.trace_hash()));
    drop(e);
    let (t, e) = run_pods(nodes, 5, pods, &bench::spread_pod)?;
    bench::check_zone_spread(&e)?;
    rows.push(row("zone spread (e2e)", pods, nodes, t, e.trace_hash()));
    Ok(())
}
