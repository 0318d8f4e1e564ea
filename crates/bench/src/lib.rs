//! `kubeplay-bench`: issue 13's native benchmark workloads, timed. Owns
//! the workloads, each split into build, run and check ([`Workload`]) so
//! that a timer wraps only the work, and the two ways of timing them:
//! [`run`], the table `kubeplay bench` prints (and the README's figures),
//! and the criterion benches in `benches/workloads.rs`. The clusters and
//! pods are built by `kubeplay_engine::bench`, shared with the wasm
//! benchmark. Every workload asserts that its work was really done (all
//! pods bound and Ready, the state after a jump equal to the recorded one,
//! every object created), so `--quick` in the test command keeps them
//! honest without judging speed.
//!
//! Architecture invariant: no product crate (model … playground, web)
//! depends on it: it is the one place outside the simulation that reads
//! the wall clock. It drives the engine, the API server and the playground
//! through their public APIs only and adds no behaviour to them.
// Benchmarks measure real elapsed time: the one place outside the
// simulation where the wall clock is the point (clippy.toml bans it
// everywhere else). Nothing measured here feeds back into a run.
#![allow(clippy::disallowed_methods)]

use kubeplay_engine::bench::{self, deployment, ready_pods};
use kubeplay_engine::client;
use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::Kind;
use std::cell::Cell;
use std::time::Instant;

pub use heap::Counting;
use heap::{heap_mb, peak_mb};

thread_local! {
    /// Run the scheduler without its per-domain counts (the plain node
    /// walk): the reference the optimised runs' trace hashes must equal.
    static REFERENCE: Cell<bool> = const { Cell::new(false) };
}

/// `--reference`: measure the unoptimised scheduler.
pub fn set_reference(on: bool) {
    REFERENCE.with(|r| r.set(on));
}

pub(crate) fn reference() -> bool {
    REFERENCE.with(Cell::get)
}

/// Runs `f` with the scheduler's indexes off (the reference whose trace
/// hashes the optimised runs must equal), then restores the setting.
pub fn with_reference<T>(f: impl FnOnce() -> T) -> T {
    let was = reference();
    set_reference(true);
    let out = f();
    set_reference(was);
    out
}

/// One benchmark at one size, in three parts so that a timer wraps only
/// the work: its constructor builds it (untimed), [`run`](Workload::run)
/// is the work (timed), [`check`](Workload::check) fails unless the work
/// was done and returns the run's trace hash, 0 where no trace is involved
/// (untimed).
pub trait Workload {
    fn run(&mut self) -> Result<(), String>;
    fn check(&mut self) -> Result<u64, String>;
}

/// Runs a built workload once, timed, then checks it: the time and the hash.
pub(crate) fn timed(w: &mut dyn Workload) -> Result<(Spent, u64), String> {
    let t = Clock::start();
    w.run()?;
    let ms = t.ms();
    Ok((ms, w.check()?))
}

thread_local! {
    /// Whether the scheduling workloads also run end to end (kubelets
    /// starting every pod), not only through the scheduler.
    static END_TO_END: Cell<bool> = const { Cell::new(true) };
}

/// `--scheduler-only`: skip the end-to-end scheduling runs.
pub fn set_end_to_end(on: bool) {
    END_TO_END.with(|r| r.set(on));
}

pub(crate) fn end_to_end() -> bool {
    END_TO_END.with(Cell::get)
}

/// A new engine, in reference mode when asked.
pub(crate) fn engine(seed: u64) -> Engine {
    let mut e = Engine::empty(seed);
    if reference() {
        let mut cfg = (*e.world().scheduler.config).clone();
        cfg.domain_counts = false;
        kubeplay_engine::scheduler::set_config(e.world_mut(), cfg);
    }
    e
}

pub mod decode;
mod heap;
pub mod scheduling;
pub mod simtime;

pub(crate) struct Row {
    workload: String,
    size: String,
    time: Spent,
    throughput: String,
    peak_mb: f64,
    /// The trace hash of the run (0 where no trace is involved): equal
    /// before and after an optimisation, or behaviour changed.
    hash: u64,
}

/// Wall and CPU time since `start`, in milliseconds.
pub(crate) struct Clock {
    wall: Instant,
    cpu: f64,
    sys: f64,
}

/// What a timed run took, in milliseconds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spent {
    pub(crate) wall: f64,
    /// CPU time of this thread: the machine is shared, so wall time alone
    /// overstates the cost when other work competes for the cores.
    pub(crate) cpu: f64,
    /// The part of `cpu` spent in the kernel: the runs make almost no
    /// system calls, so this is the kernel giving the heap fresh, zeroed
    /// pages, which on a virtual machine can cost far more than the work
    /// (README "Session 35").
    pub(crate) sys: f64,
}

impl Spent {
    /// Per one of `n` repetitions.
    fn per(self, n: f64) -> Spent {
        Spent { wall: self.wall / n, cpu: self.cpu / n, sys: self.sys / n }
    }
}

impl Clock {
    pub(crate) fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: cpu_ms(),
            sys: sys_ms(),
        }
    }
    pub(crate) fn ms(&self) -> Spent {
        Spent {
            wall: self.wall.elapsed().as_secs_f64() * 1000.0,
            cpu: cpu_ms() - self.cpu,
            sys: sys_ms() - self.sys,
        }
    }
}

/// CPU time this thread has run (Linux schedstat), in milliseconds.
fn cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map(|ns| ns / 1e6)
        .unwrap_or(0.0)
}

/// This thread's time in the kernel, in milliseconds: `stime`, the 15th
/// field of `/proc/thread-self/stat`, in clock ticks of 10 ms (Linux's
/// `USER_HZ` is 100 on every architecture it reports to user space in).
/// The fields are counted after the command name's closing parenthesis,
/// since the name itself may hold spaces.
fn sys_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/stat").ok().as_deref().and_then(stime_ms).unwrap_or(0.0)
}

fn stime_ms(stat: &str) -> Option<f64> {
    let ticks: f64 = stat.rsplit_once(')')?.1.split_whitespace().nth(12)?.parse().ok()?;
    Some(ticks * 10.0)
}

fn cluster(nodes: usize, seed: u64) -> Result<Engine, String> {
    let mut e = engine(seed);
    bench::deployment_cluster(&mut e, nodes)?;
    Ok(e)
}

/// A Deployment scaled from 0 to `replicas` on `nodes` nodes
/// ([`bench::deployment_cluster`]), settled until every pod is Ready; the
/// trace is recorded, per-step snapshots (time travel, measured
/// separately) are not.
pub struct ScaleUp {
    pub engine: Engine,
    replicas: i32,
    converged: bool,
}

impl ScaleUp {
    pub fn new(nodes: usize, replicas: i32) -> Result<ScaleUp, String> {
        let mut engine = cluster(nodes, 1)?;
        engine.set_record_history(false);
        Ok(ScaleUp {
            engine,
            replicas,
            converged: false,
        })
    }
}

impl Workload for ScaleUp {
    fn run(&mut self) -> Result<(), String> {
        client::apply(
            &mut self.engine,
            deployment("web", self.replicas, "nginx:1.7.9"),
            None,
        )
        .map_err(|e| e.to_string())?;
        self.converged = self.engine.settle(DEFAULT_SETTLE_MS).converged;
        Ok(())
    }

    fn check(&mut self) -> Result<u64, String> {
        let ready = ready_pods(&self.engine);
        if ready != self.replicas as usize || !self.converged {
            return Err(format!(
                "scale-up did not finish: {ready} of {} pods Ready",
                self.replicas
            ));
        }
        Ok(self.engine.trace_hash())
    }
}

/// [`ScaleUp`], then a rolling update of the same Deployment.
fn controllers(nodes: usize, replicas: i32, rows: &mut Vec<Row>) -> Result<(), String> {
    let mut w = ScaleUp::new(nodes, replicas)?;
    let (t, hash) = timed(&mut w)?;
    let mut e = w.engine;
    let steps = e.trace().len();
    rows.push(Row {
        workload: "deployment 0→N, settle".into(),
        size: format!("{replicas} pods / {nodes} nodes"),
        time: t,
        throughput: format!("{:.0} steps/s", steps as f64 / (t.wall / 1000.0)),
        peak_mb: peak_mb(),
        hash,
    });
    let t = Clock::start();
    client::apply(&mut e, deployment("web", replicas, "nginx:1.9.1"), None)
        .map_err(|e| e.to_string())?;
    let before = e.trace().len();
    e.settle(DEFAULT_SETTLE_MS);
    let t = t.ms();
    let updated = e
        .store()
        .get_by(Kind::Deployment, "default", "web")
        .and_then(|d| d.as_deployment().and_then(|d| d.status.updated_replicas));
    if updated != Some(replicas) || ready_pods(&e) != replicas as usize {
        return Err(format!(
            "rolling update did not finish: updated {updated:?}"
        ));
    }
    rows.push(Row {
        workload: "rolling update 25%/25%".into(),
        size: format!("{replicas} pods / {nodes} nodes"),
        time: t,
        throughput: format!(
            "{:.0} steps/s",
            (e.trace().len() - before) as f64 / (t.wall / 1000.0)
        ),
        peak_mb: peak_mb(),
        hash: e.trace_hash(),
    });
    Ok(())
}

/// Jumps between the steps of a long recorded history: a `pods`-pod
/// Deployment on 20 nodes whose image flips (once at least) until at
/// least 2,000 steps are recorded (issue 4's size: 500 pods, whose
/// scale-up and one rolling update record several thousand). Each run
/// makes `jumps` jumps to scattered kept steps; the check jumps back to
/// the end and compares the state with the recorded one.
pub struct TimeTravel {
    pub engine: Engine,
    /// Steps recorded (the last step's number).
    pub total: usize,
    /// Memory the history of the image flips took per recorded step, in KB.
    pub per_step_kb: f64,
    /// The slowest jump so far, in milliseconds.
    pub worst_ms: f64,
    jumps: usize,
    next: usize,
    end_state: Vec<String>,
    hash: u64,
}

impl TimeTravel {
    pub fn new(pods: i32, jumps: usize) -> Result<TimeTravel, String> {
        let mut e = cluster(20, 2)?;
        client::apply(&mut e, deployment("web", pods, "nginx:1.7.9"), None)
            .map_err(|e| e.to_string())?;
        e.settle(DEFAULT_SETTLE_MS);
        let settled = e.recorded();
        let heap_before = heap_mb();
        bench::flip_images(&mut e, pods)?;
        let total = e.recorded();
        let per_step_kb = (heap_mb() - heap_before).max(0.0) * 1024.0 / (total - settled).max(1) as f64;
        Ok(TimeTravel {
            end_state: bench::resource_versions(&e),
            hash: e.trace_hash(),
            engine: e,
            total,
            per_step_kb,
            worst_ms: 0.0,
            jumps,
            next: 0,
        })
    }
}

impl Workload for TimeTravel {
    fn run(&mut self) -> Result<(), String> {
        // Only kept steps can be restored (see the engine's history caps).
        let first = self.engine.forgotten();
        for _ in 0..self.jumps {
            let target = first + (self.next * 7919) % (self.total - first) + 1;
            self.next += 1;
            let j = Instant::now();
            if !self.engine.jump(target) {
                return Err(format!("jump to {target} refused"));
            }
            self.worst_ms = self.worst_ms.max(j.elapsed().as_secs_f64() * 1000.0);
        }
        Ok(())
    }

    fn check(&mut self) -> Result<u64, String> {
        self.engine.jump(self.total);
        if bench::resource_versions(&self.engine) != self.end_state {
            return Err("jumping back to the end did not restore the end state".into());
        }
        if self.engine.trace_hash() != self.hash {
            return Err("jumping changed the recorded trace".into());
        }
        Ok(self.hash)
    }
}

fn time_travel(pods: i32, rows: &mut Vec<Row>) -> Result<(), String> {
    let jumps = 200;
    let mut w = TimeTravel::new(pods, jumps)?;
    let (t, hash) = timed(&mut w)?;
    let t = t.per(jumps as f64);
    rows.push(Row {
        workload: "time travel (jump)".into(),
        size: format!("{pods} pods, {} steps", w.total),
        time: t,
        throughput: format!("worst {:.2} ms, {:.1} KB/step", w.worst_ms, w.per_step_kb),
        peak_mb: peak_mb(),
        hash,
    });
    Ok(())
}

/// Runs the scheduling workloads again without the scheduler's per-domain
/// counts and affinity term index; any differing trace hash means an
/// optimisation changed behaviour.
fn check_reference(
    sizes: &Sizes,
    rows: &[Row],
    wanted: &dyn Fn(&str) -> bool,
) -> Result<(), String> {
    let mut reference = Vec::new();
    with_reference(|| {
        if wanted("controllers") {
            controllers(sizes.nodes, sizes.pods, &mut reference)?;
        }
        if wanted("schedule") {
            let mut sizes_run = sizes.schedule.to_vec();
            sizes_run.dedup();
            for (pods, nodes) in sizes_run {
                scheduling::mixed(pods, nodes, &mut reference)?;
            }
        }
        if wanted("constraints") {
            scheduling::constraints(sizes.constrained.0, sizes.constrained.1, &mut reference)?;
        }
        Ok::<(), String>(())
    })?;
    for want in &reference {
        match rows
            .iter()
            .find(|r| r.workload == want.workload && r.size == want.size)
        {
            Some(got) if got.hash != want.hash => {
                return Err(format!(
                    "{} ({}): trace hash {:016x} differs from the unoptimised run's {:016x}",
                    want.workload, want.size, got.hash, want.hash
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// Sizes: `--quick` for the test command, the full issue sizes by
/// default, or a custom pods/nodes pair for profiling.
#[derive(Clone, Copy)]
pub struct Sizes {
    /// The Deployment benchmark (scale-up and rolling update).
    pub pods: i32,
    pub nodes: usize,
    pub travel_pods: i32,
    /// Mixed scheduling: (pods, nodes) pairs.
    pub schedule: [(usize, usize); 2],
    /// Anti-affinity and zone spreading: pods, nodes.
    pub constrained: (usize, usize),
    /// Size of the multi-document bundle decoded and applied.
    pub bundle_bytes: usize,
    /// The simulated-time workload.
    pub simtime: simtime::SimTime,
    /// Re-run the scheduling workloads the unoptimised way and fail unless
    /// every trace hash is the same.
    pub check_reference: bool,
}

pub const QUICK: Sizes = Sizes {
    pods: 100,
    nodes: 10,
    travel_pods: 50,
    schedule: [(200, 20), (400, 40)],
    constrained: (100, 50),
    bundle_bytes: 20_000,
    simtime: simtime::SimTime {
        nodes: 10,
        pods: 100,
        rate: 4,
        seconds: 120,
    },
    check_reference: true,
};
pub const FULL: Sizes = Sizes {
    pods: 10_000,
    nodes: 1_000,
    travel_pods: 500,
    schedule: [(10_000, 1_000), (100_000, 5_000)],
    constrained: (10_000, 5_000),
    bundle_bytes: 1_000_000,
    // The size: 150,000 pods on 5,000 nodes, 20 changes a second
    // for one virtual hour (`--simtime NODES,PODS` runs a smaller cluster).
    simtime: simtime::SimTime {
        nodes: 5_000,
        pods: 150_000,
        rate: 20,
        seconds: 3_600,
    },
    check_reference: false,
};

/// Which workloads to run (`--only NAME`), for profiling one at a time.
pub const WORKLOADS: [&str; 6] = [
    "controllers",
    "travel",
    "schedule",
    "constraints",
    "decode",
    "simtime",
];

pub fn run(sizes: &Sizes, only: Option<&str>) -> Result<String, String> {
    let mut rows = Vec::new();
    let wanted = |w: &str| only.is_none_or(|o| o == w);
    if wanted("controllers") {
        controllers(sizes.nodes, sizes.pods, &mut rows)?;
    }
    if wanted("travel") {
        time_travel(sizes.travel_pods, &mut rows)?;
    }
    if wanted("schedule") {
        // `--pods/--nodes` set both pairs to the same size: run it once.
        let mut sizes_run = sizes.schedule.to_vec();
        sizes_run.dedup();
        for (pods, nodes) in sizes_run {
            scheduling::mixed(pods, nodes, &mut rows)?;
        }
    }
    if wanted("constraints") {
        scheduling::constraints(sizes.constrained.0, sizes.constrained.1, &mut rows)?;
    }
    if wanted("decode") {
        decode::run(sizes.bundle_bytes, &mut rows)?;
    }
    if wanted("simtime") {
        simtime::run(sizes.simtime, &mut rows)?;
    }
    if sizes.check_reference {
        check_reference(sizes, &rows, &wanted)?;
    }
    let mut out = format!(
        "{:<29} {:<24} {:>10} {:>10} {:>9} {:>28} {:>9} {:>17}\n",
        "WORKLOAD", "SIZE", "WALL ms", "CPU ms", "(SYS ms)", "THROUGHPUT (wall)", "PEAK MiB", "TRACE HASH"
    );
    for r in rows {
        out.push_str(&format!(
            "{:<29} {:<24} {:>10.2} {:>10.2} {:>9.0} {:>28} {:>9.1} {:>17}\n",
            r.workload,
            r.size,
            r.time.wall,
            r.time.cpu,
            r.time.sys,
            r.throughput,
            r.peak_mb,
            format!("{:016x}", r.hash)
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    /// Same seed, same trace: two runs of a workload print the same hash.
    /// (The test command runs `bench --quick`, which checks the work.)
    #[test]
    fn quick_benchmarks_are_deterministic() {
        let hashes = |t: String| {
            t.lines()
                .map(|l| l.rsplit(' ').next().unwrap_or("").to_string())
                .collect::<Vec<_>>()
        };
        let a = hashes(super::run(&super::QUICK, Some("schedule")).unwrap_or_default());
        let b = hashes(super::run(&super::QUICK, Some("schedule")).unwrap_or_default());
        // The header, then scheduler-only and end-to-end rows for both sizes.
        assert_eq!(a.len(), 5);
        assert_eq!(a, b);
    }

    /// `stime` is the 15th field, counted past a command name that holds
    /// spaces and parentheses of its own.
    #[test]
    fn kernel_time_is_read_from_the_fifteenth_field() {
        let stat = "1234 (a) b c) R 1 2 3 4 5 6 7 8 9 10 42 7 0 0 20 0 1";
        assert_eq!(super::stime_ms(stat), Some(70.0));
        assert_eq!(super::stime_ms("1234 (short) R 1 2"), None);
    }

    /// The spreading and anti-affinity runs give the same trace with the
    /// scheduler's per-domain counts as with the plain node walk (`run`
    /// fails with both hashes otherwise).
    #[test]
    fn optimised_scheduling_matches_the_reference() {
        let table = super::run(&super::QUICK, Some("constraints"));
        assert!(table.is_ok(), "{table:?}");
    }
}
