//! Issue 13's benchmarks under criterion: the very workloads of `kubeplay
//! bench` (`kubeplay_bench`'s [`Workload`]s), one group per workload, at
//! sizes small enough for the whole suite to finish in a few minutes on
//! two cores. The full-size figures come from `kubeplay bench`.
//!
//!     cargo bench -p kubeplay-bench                # measure
//!     cargo bench -p kubeplay-bench -- controllers # one group
//!     cargo test -p kubeplay-bench --benches       # each once, tiny sizes
//!
//! Only the run is timed: every iteration builds its workload first and
//! checks it afterwards, untimed. The check fails unless the work was done
//! (every pod bound and Ready, the constraints held, every object created,
//! the end state restored after jumping), and the trace hash must equal
//! the unoptimised scheduler's at the same size (the reference check of
//! `kubeplay bench --quick`), or, where there is no reference, the first
//! run's. Run once each (criterion's test mode: `cargo test --benches` or
//! `-- --test`), the larger sizes are left out.
// Benchmarks measure real elapsed time (clippy.toml bans the wall clock in
// the product's code).
#![allow(clippy::disallowed_methods)]

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode};
use kubeplay_bench::decode::Apply;
use kubeplay_bench::scheduling::{
    anti_affinity_e2e, anti_affinity_scheduler, mixed_e2e, mixed_scheduler, zone_spread_e2e,
    zone_spread_scheduler,
};
use kubeplay_bench::simtime::{Churn, SimTime};
use kubeplay_bench::{with_reference, ScaleUp, TimeTravel, Workload};
use std::time::{Duration, Instant};

/// The allocator `kubeplay bench` runs with, so that both measure alike.
#[global_allocator]
static ALLOC: kubeplay_bench::Counting<mimalloc::MiMalloc> = kubeplay_bench::Counting(mimalloc::MiMalloc);

/// Criterion's own rule: test mode unless run by `cargo bench` (which
/// passes `--bench`) without `--test`.
fn test_mode() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--test") || !args.iter().any(|a| a == "--bench")
}

/// A group of slow iterations: ten samples of equal iteration counts, a
/// short warm-up.
fn group<'a>(c: &'a mut Criterion, name: &str, seconds: u64) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(seconds));
    g
}

/// The hash of one run built by `make` with the scheduler's indexes off.
fn reference_hash<W: Workload>(make: &dyn Fn() -> Result<W, String>) -> u64 {
    with_reference(|| {
        let mut w = make().expect("build the reference run");
        w.run().expect("the reference run");
        w.check().expect("the reference run's work")
    })
}

/// Benchmarks `make()`'s run, building a fresh workload for every
/// iteration; asserts every run's work and its hash: equal to the
/// unoptimised scheduler's (`reference`, computed only if the benchmark is
/// not filtered out), or else to the first run's.
fn fresh<W: Workload>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    reference: bool,
    make: impl Fn() -> Result<W, String>,
) {
    let mut want = None;
    g.bench_function(name, |b| {
        if reference && want.is_none() {
            want = Some(reference_hash(&make));
        }
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let mut w = make().expect("build the workload");
                let t = Instant::now();
                w.run().expect("run the workload");
                total += t.elapsed();
                let hash = w.check().unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(*want.get_or_insert(hash), hash, "{name}: trace hash");
            }
            total
        })
    });
}

/// [`fresh`], the hash checked against the unoptimised scheduler's.
fn against_reference<W: Workload>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    make: impl Fn() -> Result<W, String>,
) {
    fresh(g, name, true, make);
}

fn scheduling(c: &mut Criterion) {
    let mut g = group(c, "scheduling", 5);
    let mut sizes = vec![(200, 20), (400, 40)];
    if !test_mode() {
        sizes.push((2_000, 200));
    }
    for (pods, nodes) in sizes {
        against_reference(
            &mut g,
            &format!("mixed scheduler-only {pods}x{nodes}"),
            || Ok(mixed_scheduler(pods, nodes)),
        );
    }
    against_reference(&mut g, "mixed e2e 200x20", || Ok(mixed_e2e(200, 20)));
    g.finish();
}

fn constraints(c: &mut Criterion) {
    let mut g = group(c, "constraints", 5);
    let (pods, nodes) = (100, 50);
    against_reference(&mut g, "anti-affinity scheduler-only 100x50", || {
        Ok(anti_affinity_scheduler(pods, nodes))
    });
    against_reference(&mut g, "zone spread scheduler-only 100x50", || {
        Ok(zone_spread_scheduler(pods, nodes))
    });
    against_reference(&mut g, "anti-affinity e2e 100x50", || {
        Ok(anti_affinity_e2e(pods, nodes))
    });
    against_reference(&mut g, "zone spread e2e 100x50", || {
        Ok(zone_spread_e2e(pods, nodes))
    });
    g.finish();
}

fn controllers(c: &mut Criterion) {
    let mut g = group(c, "controllers", 5);
    let mut sizes = vec![(100, 10)];
    if !test_mode() {
        sizes.push((1_000, 100));
    }
    for (pods, nodes) in sizes {
        against_reference(
            &mut g,
            &format!("deployment scale-up {pods}x{nodes}"),
            || ScaleUp::new(nodes, pods),
        );
    }
    g.finish();
}

fn decode(c: &mut Criterion) {
    let mut g = group(c, "decode", 3);
    fresh(&mut g, "apply 2 KB Deployment", false, Apply::deployment);
    let bytes = if test_mode() { 20_000 } else { 1_000_000 };
    fresh(
        &mut g,
        &format!("apply {} KB ConfigMap bundle", bytes / 1000),
        false,
        || Apply::configmaps(bytes),
    );
    g.finish();
}

/// Each iteration one jump to a scattered step of the same history (built
/// once: issue 4's 500 pods with thousands of steps; 50 pods and about
/// 2,000 steps in test mode); the end state and the trace are checked
/// after the benchmark.
fn time_travel(c: &mut Criterion) {
    let mut g = group(c, "time travel", 3);
    g.sampling_mode(SamplingMode::Auto).sample_size(50);
    let pods = if test_mode() { 50 } else { 500 };
    let mut history = None;
    g.bench_function(format!("jump, {pods} pods"), |b| {
        let w = history.get_or_insert_with(|| TimeTravel::new(pods, 1).expect("build the history"));
        b.iter_custom(|iters| {
            let t = Instant::now();
            for _ in 0..iters {
                w.run().expect("jump");
            }
            t.elapsed()
        })
    });
    if let Some(w) = &mut history {
        w.check().expect("time travel");
    }
    g.finish();
}

fn simtime(c: &mut Criterion) {
    let mut g = group(c, "simtime", 5);
    let seconds = if test_mode() { 10 } else { 30 };
    let size = SimTime {
        nodes: 10,
        pods: 100,
        rate: 4,
        seconds,
    };
    fresh(
        &mut g,
        &format!("churn {seconds} s, 100 pods, 4/s"),
        false,
        || Churn::new(size),
    );
    g.finish();
}

criterion_group!(
    benches,
    scheduling,
    constraints,
    controllers,
    decode,
    time_travel,
    simtime
);
criterion_main!(benches);
