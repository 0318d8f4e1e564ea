//! The benchmarks of `kubeplay bench` run in wasm, under Node or in
//! headless Chromium (`WASM_BINDGEN_USE_BROWSER=1`), timed with
//! `performance.now()`: the same clusters and pods (built by
//! `kubeplay_engine::bench`), the same seeds, so each prints the trace
//! hash the native run prints. Each asserts its work (every pod bound, and
//! Ready or the constraint held).
//!
//!     KUBEPLAY_WASM_BENCH=1000x100 KUBEPLAY_WASM_BENCH_SCHEDULE=10000x1000 \
//!     KUBEPLAY_WASM_BENCH_CONSTRAINTS=10000x5000 \
//!         cargo test --release -p kubeplay-engine \
//!         --target wasm32-unknown-unknown --test bench_wasm -- --nocapture
//!
//! Sizes are `PODSxNODES`, read when the test is compiled (wasm has no
//! environment): the Deployment scale-up (default 100x10), the mixed
//! scheduling (comma-separated, default 200x20,400x40) and the
//! anti-affinity and zone-spread runs (default 100x50): the `--quick`
//! sizes, whose hashes README records. The scheduling workloads run
//! through the scheduler alone and then end to end;
//! `KUBEPLAY_WASM_BENCH_E2E=0` skips the end-to-end runs.
//! `KUBEPLAY_WASM_BENCH_DECODE=BYTES` sizes the decode bundles (default
//! 65536; the 1 MB is 1000000, as in `kubeplay bench`) and `KUBEPLAY_WASM_BENCH_TRAVEL=PODS` the
//! time-travel cluster (default 50; the is 500).
//! `KUBEPLAY_WASM_BENCH_REPEAT=N` runs the Deployment and the
//! scheduler-only workloads N times each (default once): the later runs,
//! marked "again", reuse the linear memory the first one grew, so they
//! time the work without the operating system's first touch of fresh
//! pages (which costs the native Deployment run half its time on this
//! machine, and the wasm runs nothing measurable: README "Session 35").
//!
//! `KUBEPLAY_WASM_BENCH_NATIVE`, the table `kubeplay bench` printed at the
//! same sizes, makes each row with a trace hash fail unless the native
//! run's row for that workload and size has the same hash
//! (`scripts/bench-wasm.sh`; the test command does this in headless
//! Chromium at the quick sizes).
//!
//! Each run prints one row: workload, size, wall time, throughput, the
//! wasm memory's size after the run and the hash. Wasm memory only grows,
//! and the tests share one instance, so the memory column is the peak of
//! the whole run so far, not of that workload alone.
#![cfg(target_arch = "wasm32")]

use kubeplay_engine::scheduler::cache::Cache;
use kubeplay_engine::{bench, client, Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::Pod;
use kubeplay_model::Kind;
use kubeplay_model::time::EPOCH;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen_test::*;

#[wasm_bindgen]
extern "C" {
    // Sub-millisecond, unlike Date.now(): one Deployment's apply takes less.
    #[wasm_bindgen(js_namespace = performance)]
    fn now() -> f64;
}

fn sizes(var: Option<&str>, default: &str) -> Vec<(usize, usize)> {
    var.unwrap_or(default)
        .split(',')
        .map(|s| s.trim().split_once('x').and_then(|(p, n)| Some((p.parse().ok()?, n.parse().ok()?))).expect("sizes are PODSxNODES[,PODSxNODES]"))
        .collect()
}

/// Linear memory in MiB: never shrinks, so the high-water mark so far.
fn memory_mib() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64 / (1024.0 * 1024.0)
}

fn row(workload: &str, pods: usize, nodes: usize, ms: f64, throughput: String, hash: u64) {
    row_sized(workload, &format!("{pods} pods / {nodes} nodes"), ms, throughput, hash);
}

fn row_sized(workload: &str, size: &str, ms: f64, throughput: String, hash: u64) {
    console_log!("wasm: {workload:<36} {size:>24} {ms:>9.2} ms {throughput:>16} {:>8.1} MiB  {hash:016x}", memory_mib());
    if let (Some(native), true) = (option_env!("KUBEPLAY_WASM_BENCH_NATIVE"), hash != 0) {
        let workload = workload.trim_end_matches(" (again)");
        let want = native_hash(native, workload, size).unwrap_or_else(|| panic!("the native run printed no row for {workload}, {size}"));
        assert_eq!(format!("{hash:016x}"), want, "{workload}, {size}: the trace in wasm differs from the native run's");
    }
}

/// The trace hash `kubeplay bench` printed for a workload and size: its
/// row starts with the workload, then the size, and ends with the hash.
fn native_hash<'a>(table: &'a str, workload: &str, size: &str) -> Option<&'a str> {
    table.lines().find_map(|line| {
        let rest = line.strip_prefix(workload)?.strip_prefix(' ')?.trim_start().strip_prefix(size)?;
        if rest.starts_with(' ') { line.split_whitespace().last() } else { None }
    })
}

/// How many times the repeatable workloads run (`KUBEPLAY_WASM_BENCH_REPEAT`).
fn repeats() -> usize {
    option_env!("KUBEPLAY_WASM_BENCH_REPEAT").map_or(1, |n| n.parse().expect("KUBEPLAY_WASM_BENCH_REPEAT is a count"))
}

/// A workload's name, marked when it is a repeat.
fn named(workload: &str, run: usize) -> String {
    if run == 0 { workload.to_string() } else { format!("{workload} (again)") }
}

fn per_second(n: usize, ms: f64, what: &str) -> String {
    format!("{:.0} {what}/s", n as f64 / (ms / 1000.0))
}

/// Issue 13's third workload: the Deployment scaled from 0 and settled,
/// then rolled (25%/25%) to a new image, as the native benchmark runs it.
#[wasm_bindgen_test]
fn deployment_scale_up_in_wasm() {
    for (pods, nodes) in sizes(option_env!("KUBEPLAY_WASM_BENCH"), "100x10") {
        for run in 0..repeats() {
            let mut e = Engine::empty(1);
            bench::deployment_cluster(&mut e, nodes).expect("cluster");
            e.set_record_history(false);
            let start = now();
            client::apply(&mut e, &bench::deployment("web", pods as i32, "nginx:1.7.9"), None).expect("apply");
            let report = e.settle(DEFAULT_SETTLE_MS);
            let ms = now() - start;
            assert!(report.converged);
            assert_eq!(bench::ready_pods(&e), pods);
            row(&named("deployment 0→N, settle", run), pods, nodes, ms, per_second(e.trace().len(), ms, "steps"), e.trace_hash());

            let before = e.trace().len();
            let start = now();
            client::apply(&mut e, &bench::deployment("web", pods as i32, "nginx:1.9.1"), None).expect("apply");
            let report = e.settle(DEFAULT_SETTLE_MS);
            let ms = now() - start;
            assert!(report.converged);
            let updated = e.store().get_by(Kind::Deployment, "default", "web").and_then(|d| d.as_deployment().and_then(|d| d.status.updated_replicas));
            assert_eq!(updated, Some(pods as i32), "every replica updated");
            assert_eq!(bench::ready_pods(&e), pods);
            row(&named("rolling update 25%/25%", run), pods, nodes, ms, per_second(e.trace().len() - before, ms, "steps"), e.trace_hash());
        }
    }
}

/// One scheduling run end to end as the native benchmark does it:
/// cluster, then the pods created in one step and settled. Skipped when
/// compiled with `KUBEPLAY_WASM_BENCH_E2E=0`.
fn end_to_end(what: &str, seed: u64, pods: usize, nodes: usize, make: &dyn Fn(usize) -> Pod, check: fn(&Engine) -> Result<(), String>) {
    if option_env!("KUBEPLAY_WASM_BENCH_E2E") == Some("0") {
        return;
    }
    let mut e = Engine::empty(seed);
    bench::mixed_cluster(&mut e, nodes);
    let start = now();
    bench::create_and_settle(&mut e, pods, make).expect("every pod bound");
    let ms = now() - start;
    check(&e).expect("constraint held");
    row(&format!("{what} (e2e)"), pods, nodes, ms, per_second(pods, ms, "pods"), e.trace_hash());
}

/// The same pods through the scheduler alone (`bench::schedule_input`;
/// the cache and the pods are built before the clock starts).
fn scheduler_only(what: &str, seed: u64, pods: usize, nodes: usize, make: &dyn Fn(usize) -> Pod, check: fn(&Cache) -> Result<(), String>) {
    for run in 0..repeats() {
        let cluster: Vec<_> = (0..nodes).map(|i| std::sync::Arc::new(kubeplay_model::Object::from(bench::mixed_node(i, EPOCH)))).collect();
        let input = bench::scheduler_input(&cluster, pods, make, true);
        let start = now();
        let scheduled = bench::schedule_input(input, seed).expect("every pod scheduled");
        let ms = now() - start;
        check(&scheduled.cache).expect("constraint held");
        row(&named(&format!("{what} (scheduler)"), run), pods, nodes, ms, per_second(pods, ms, "pods"), scheduled.hash);
    }
}

fn no_check<T>(_: &T) -> Result<(), String> {
    Ok(())
}

#[wasm_bindgen_test]
fn mixed_scheduling_in_wasm() {
    for (pods, nodes) in sizes(option_env!("KUBEPLAY_WASM_BENCH_SCHEDULE"), "200x20,400x40") {
        scheduler_only("schedule mixed", 3, pods, nodes, &bench::mixed_pod, no_check);
        end_to_end("schedule mixed", 3, pods, nodes, &bench::mixed_pod, no_check);
    }
}

#[wasm_bindgen_test]
fn constraints_in_wasm() {
    for (pods, nodes) in sizes(option_env!("KUBEPLAY_WASM_BENCH_CONSTRAINTS"), "100x50") {
        let group = bench::anti_affinity_group(nodes);
        let anti = move |i| bench::anti_affinity_pod(i, group);
        scheduler_only("pod anti-affinity", 4, pods, nodes, &anti, bench::check_anti_affinity_cached);
        scheduler_only("zone spread", 5, pods, nodes, &bench::spread_pod, bench::check_zone_spread_cached);
        end_to_end("pod anti-affinity", 4, pods, nodes, &anti, bench::check_anti_affinity);
        end_to_end("zone spread", 5, pods, nodes, &bench::spread_pod, bench::check_zone_spread);
    }
}

/// Decodes a pasted manifest and applies each object as `kubectl apply`
/// does (the raw manifest kept for the last-applied annotation); returns
/// how many objects were applied.
fn decode_and_apply(e: &mut Engine, yaml: &str) -> usize {
    let decoded = kubeplay_codec::decode_manifests(yaml);
    let mut n = 0;
    for item in decoded.items {
        let d = item.unwrap_or_else(|err| panic!("every document decodes: {err}"));
        client::apply(e, d.object, Some(d.raw)).unwrap_or_else(|err| panic!("every object applies: {err}"));
        n += 1;
    }
    n
}

/// A default cluster after one warm-up apply (the first apply pays for
/// lazily built tables), as the native decode benchmark starts.
fn warmed_up() -> Engine {
    let mut e = Engine::with_default_cluster(1);
    assert_eq!(decode_and_apply(&mut e, &bench::deployment_yaml("warm-up")), 1);
    e
}

/// Issue 13's fifth workload: a 2 KB Deployment, then bundles, decoded,
/// validated and applied.
#[wasm_bindgen_test]
fn decode_in_wasm() {
    let bytes: usize = option_env!("KUBEPLAY_WASM_BENCH_DECODE").map_or(65536, |b| b.parse().expect("KUBEPLAY_WASM_BENCH_DECODE is a byte count"));
    let mut e = warmed_up();
    let mut times = Vec::new();
    for i in 0..21 {
        let yaml = bench::deployment_yaml(&format!("web-{i}"));
        let start = now();
        assert_eq!(decode_and_apply(&mut e, &yaml), 1);
        times.push(now() - start);
    }
    times.sort_by(f64::total_cmp);
    let one = bench::deployment_yaml("web").len();
    row_sized("decode+apply 1 Deployment (median)", &format!("{:.1} KB", one as f64 / 1024.0), times[times.len() / 2], format!("max {:.2} ms", times[times.len() - 1]), 0);

    bundle_rows("decode+apply Deployments", bench::deployment_bundle(bytes));
    bundle_rows("decode+apply ConfigMaps", bench::configmap_bundle(bytes));
}

/// Applies of each bundle, each on a copy of one warmed-up cluster.
const BUNDLE_ROUNDS: usize = 12;

/// Applies `bundle` (of `n` documents) [`BUNDLE_ROUNDS`] times, each on a
/// copy of the same warmed-up cluster, and prints two rows: the first
/// apply, and the median of the last half. They differ because of V8, not
/// the engine: it runs each wasm function as baseline code (Liftoff) until
/// the function has run for a while, then as optimized code (TurboFan),
/// compiled in the background, and a path as rarely taken as a 1 MB paste
/// runs mostly in baseline code the first time. (Node's `--no-liftoff`,
/// which optimizes every function before it first runs, gives the first
/// apply about the later ones' time.)
fn bundle_rows(workload: &str, (bundle, n): (String, usize)) {
    let size = format!("{} KB, {n} docs", bundle.len() / 1024);
    let cluster = warmed_up();
    let mut times = Vec::new();
    for _ in 0..BUNDLE_ROUNDS {
        let mut e = cluster.clone();
        let start = now();
        assert_eq!(decode_and_apply(&mut e, &bundle), n);
        times.push(now() - start);
    }
    let rate = |ms: f64| format!("{:.1} MB/s", bundle.len() as f64 / 1e6 / (ms / 1000.0));
    row_sized(&format!("{workload}, first"), &size, times[0], rate(times[0]), 0);
    let mut later = times.split_off(BUNDLE_ROUNDS / 2);
    later.sort_by(f64::total_cmp);
    let median = later[later.len() / 2];
    row_sized(&format!("{workload}, median of last {}", later.len()), &size, median, rate(median), 0);
}

/// Issue 13's sixth workload: jumps between steps of a history of about
/// 2,000 steps (a Deployment's image flipped until then), as the native
/// benchmark builds it. Asserts the end state comes back and the trace is
/// unchanged.
#[wasm_bindgen_test]
fn time_travel_in_wasm() {
    let pods: i32 = option_env!("KUBEPLAY_WASM_BENCH_TRAVEL").map_or(50, |p| p.parse().expect("KUBEPLAY_WASM_BENCH_TRAVEL is a pod count"));
    let mut e = Engine::empty(2);
    bench::deployment_cluster(&mut e, 20).expect("cluster");
    client::apply(&mut e, &bench::deployment("web", pods, "nginx:1.7.9"), None).expect("apply");
    e.settle(DEFAULT_SETTLE_MS);
    bench::flip_images(&mut e, pods).expect("history");
    let total = e.trace().len();
    let end_state = bench::resource_versions(&e);
    let hash = e.trace_hash();
    let jumps = 200;
    let (mut worst, start) = (0.0f64, now());
    for i in 0..jumps {
        let target = (i * 7919) % total + 1;
        let t = now();
        assert!(e.jump(target), "jump to {target} refused");
        worst = worst.max(now() - t);
    }
    let ms = now() - start;
    assert!(e.jump(total));
    assert!(bench::resource_versions(&e) == end_state, "jumping back to the end restores the end state");
    assert_eq!(e.trace_hash(), hash, "jumping leaves the trace as it was");
    row_sized("time travel (jump)", &format!("{pods} pods, {total} steps"), ms / jumps as f64, format!("worst {worst:.1} ms"), hash);
}
