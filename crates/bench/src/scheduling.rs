//! Scheduling workloads: a mixed cluster with taints, zones and node
//! affinity, and the expensive constraints (pod anti-affinity on hostname,
//! topology spreading over zones), each run two ways: through the
//! scheduler alone ([`SchedulerOnly`]) and through the whole engine
//! ([`EndToEnd`]: the scheduler binds, the kubelets start the pods). The
//! clusters and pods are built by `kubeplay_engine::bench`, shared with
//! the wasm benchmark; every run asserts each pod was placed and the
//! constraints held.

use super::{peak_mb, timed, Row, Spent, Workload};
use kubeplay_engine::bench::{self, SchedulerRun};
use kubeplay_engine::scheduler::cache::Cache;
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::Object;
use std::sync::Arc;

type MakePod = Box<dyn Fn(usize) -> Pod>;

/// The pods created through the API server in one user step on a
/// [`bench::mixed_cluster`] and settled; the run fails unless every pod
/// was bound, the check unless the constraint held.
pub struct EndToEnd {
    pub engine: Engine,
    pods: usize,
    make: MakePod,
    holds: fn(&Engine) -> Result<(), String>,
}

impl Workload for EndToEnd {
    fn run(&mut self) -> Result<(), String> {
        bench::create_and_settle(&mut self.engine, self.pods, &*self.make)
    }

    fn check(&mut self) -> Result<u64, String> {
        (self.holds)(&self.engine)?;
        Ok(self.engine.trace_hash())
    }
}

fn end_to_end(
    seed: u64,
    pods: usize,
    nodes: usize,
    make: MakePod,
    holds: fn(&Engine) -> Result<(), String>,
) -> EndToEnd {
    let mut engine = super::engine(seed);
    bench::mixed_cluster(&mut engine, nodes);
    EndToEnd {
        engine,
        pods,
        make,
        holds,
    }
}

/// The same pods through the scheduler alone (`bench::schedule_input`):
/// each through one cycle of the default profile and bound into the
/// scheduler's cache. The hash is over the placements.
pub struct SchedulerOnly {
    seed: u64,
    pods: usize,
    holds: fn(&Cache) -> Result<(), String>,
    /// The nodes in a new cache and the pods, built before the clock
    /// starts; the one run takes them.
    input: Option<bench::SchedulerInput>,
    run: Option<SchedulerRun>,
}

impl Workload for SchedulerOnly {
    fn run(&mut self) -> Result<(), String> {
        self.run = None;
        let input = self.input.take().ok_or("no input prepared")?;
        self.run = Some(bench::schedule_input(input, self.seed)?);
        Ok(())
    }

    fn check(&mut self) -> Result<u64, String> {
        let run = self.run.as_ref().ok_or("the scheduler never ran")?;
        let placed: usize = run.cache.node_infos().map(|n| n.pods.len()).sum();
        if placed != self.pods {
            return Err(format!("{placed} of {} pods placed", self.pods));
        }
        (self.holds)(&run.cache)?;
        Ok(run.hash)
    }
}

fn scheduler_only(
    seed: u64,
    pods: usize,
    nodes: usize,
    make: MakePod,
    holds: fn(&Cache) -> Result<(), String>,
) -> SchedulerOnly {
    // The node objects as the store (and so the scheduler's informer) holds them.
    let nodes: Vec<Arc<Object>> = (0..nodes)
        .map(|i| Arc::new(Object::Node(Box::new(bench::mixed_node(i, kubeplay_model::time::EPOCH)))))
        .collect();
    let input = bench::scheduler_input(&nodes, pods, &*make, !super::reference());
    SchedulerOnly { seed, pods, holds, input: Some(input), run: None }
}

fn no_check<T: ?Sized>(_: &T) -> Result<(), String> {
    Ok(())
}

fn anti_affinity(nodes: usize) -> MakePod {
    let group = bench::anti_affinity_group(nodes);
    Box::new(move |i| bench::anti_affinity_pod(i, group))
}

// The seeds: 3 for the mixed pods, 4 anti-affinity, 5 zone spread (the
// trace hashes README records depend on them).

/// Issue 13's mixed pods ([`bench::mixed_pod`]) through the scheduler alone.
pub fn mixed_scheduler(pods: usize, nodes: usize) -> SchedulerOnly {
    scheduler_only(3, pods, nodes, Box::new(bench::mixed_pod), no_check)
}

/// Issue 13's mixed pods end to end.
pub fn mixed_e2e(pods: usize, nodes: usize) -> EndToEnd {
    end_to_end(3, pods, nodes, Box::new(bench::mixed_pod), no_check)
}

/// Groups of nodes/10 pods with required anti-affinity on hostname,
/// through the scheduler alone.
pub fn anti_affinity_scheduler(pods: usize, nodes: usize) -> SchedulerOnly {
    scheduler_only(
        4,
        pods,
        nodes,
        anti_affinity(nodes),
        bench::check_anti_affinity_cached,
    )
}

/// The anti-affinity pods end to end.
pub fn anti_affinity_e2e(pods: usize, nodes: usize) -> EndToEnd {
    end_to_end(
        4,
        pods,
        nodes,
        anti_affinity(nodes),
        bench::check_anti_affinity,
    )
}

/// One app spread over the zones (maxSkew 1, DoNotSchedule), through the
/// scheduler alone.
pub fn zone_spread_scheduler(pods: usize, nodes: usize) -> SchedulerOnly {
    scheduler_only(
        5,
        pods,
        nodes,
        Box::new(bench::spread_pod),
        bench::check_zone_spread_cached,
    )
}

/// The zone-spread pods end to end.
pub fn zone_spread_e2e(pods: usize, nodes: usize) -> EndToEnd {
    end_to_end(
        5,
        pods,
        nodes,
        Box::new(bench::spread_pod),
        bench::check_zone_spread,
    )
}

fn row(workload: &str, pods: usize, nodes: usize, t: Spent, hash: u64) -> Row {
    Row {
        workload: workload.into(),
        size: format!("{pods} pods / {nodes} nodes"),
        time: t,
        throughput: format!("{:.0} pods/s", pods as f64 / (t.wall / 1000.0)),
        peak_mb: peak_mb(),
        hash,
    }
}

pub(crate) fn mixed(pods: usize, nodes: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let (t, hash) = timed(&mut mixed_scheduler(pods, nodes))?;
    rows.push(row("schedule mixed (scheduler)", pods, nodes, t, hash));
    if super::end_to_end() {
        let (t, hash) = timed(&mut mixed_e2e(pods, nodes))?;
        rows.push(row("schedule mixed (e2e)", pods, nodes, t, hash));
    }
    Ok(())
}

pub(crate) fn constraints(pods: usize, nodes: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let (t, hash) = timed(&mut anti_affinity_scheduler(pods, nodes))?;
    rows.push(row("pod anti-affinity (scheduler)", pods, nodes, t, hash));
    let (t, hash) = timed(&mut zone_spread_scheduler(pods, nodes))?;
    rows.push(row("zone spread (scheduler)", pods, nodes, t, hash));
    if !super::end_to_end() {
        return Ok(());
    }
    let (t, hash) = timed(&mut anti_affinity_e2e(pods, nodes))?;
    rows.push(row("pod anti-affinity (e2e)", pods, nodes, t, hash));
    let (t, hash) = timed(&mut zone_spread_e2e(pods, nodes))?;
    rows.push(row("zone spread (e2e)", pods, nodes, t, hash));
    Ok(())
}
