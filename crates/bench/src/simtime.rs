//! Issue 13's "simulated time" workload: a cluster kept busy for a stretch
//! of virtual time — `rate` object changes every virtual second (half of
//! them pod deletions the ReplicaSets make up for, half ConfigMap updates)
//! while one HorizontalPodAutoscaler per Deployment syncs every 15 s —
//! measured as virtual time per wall second with history off, then one
//! virtual minute more with history on for what a recorded step costs.

use super::{cluster, heap_mb, peak_mb, Clock, Row, Workload};
use kubeplay_apiserver::DeleteOptions;
use kubeplay_engine::bench::{deployment, not_ready_census, ready_pods};
use kubeplay_engine::{client, Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::names::{generate_name_suffix, RANDOM_SUFFIX_LENGTH};
use kubeplay_model::{Kind, Object, ObjectKey};
use std::sync::Arc;

/// How big and how busy: pods in `DEPLOYMENTS` Deployments on `nodes`
/// nodes, `rate` changes per virtual second for `seconds`.
#[derive(Clone, Copy, Debug)]
pub struct SimTime {
    pub nodes: usize,
    pub pods: i32,
    pub rate: usize,
    pub seconds: usize,
}

const DEPLOYMENTS: i32 = 10;

fn decode(yaml: &str) -> Result<Object, String> {
    let out = kubeplay_codec::decode_manifests(yaml);
    match out.items.into_iter().next() {
        Some(Ok(d)) => Ok(d.object),
        Some(Err(e)) => Err(e.to_string()),
        None => Err("nothing decoded".into()),
    }
}

fn hpa(name: &str, replicas: i32) -> Result<Object, String> {
    decode(&format!(
        "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: {name}\n  namespace: default\nspec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: {name}\n  minReplicas: {replicas}\n  maxReplicas: {}\n  metrics:\n  - type: Resource\n    resource:\n      name: cpu\n      target:\n        type: Utilization\n        averageUtilization: 80\n",
        replicas * 2
    ))
}

fn config_map(i: usize, version: usize) -> Result<Object, String> {
    decode(&format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: churn-{i}\n  namespace: default\ndata:\n  version: \"{version}\"\n"))
}

/// A pod of the `n`-th change to delete, found by searches rather than a
/// listing (a driver that read 150,000 pods every virtual second would be
/// timing itself): one of the Deployments, then the first of its pods,
/// not already being deleted, whose name sorts at or after a random
/// five-character suffix, wrapping round to its first pod.
fn pick(e: &Engine, n: usize) -> Option<ObjectKey> {
    let mut state = n as u64;
    let mut rng = move || {
        // splitmix64: the driver's own deterministic choices.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let store = e.store();
    let deployment = format!("app-{}-", rng() % DEPLOYMENTS as u64);
    // The pods' names are the ReplicaSet's name and a random suffix.
    let first = store.list_from(Kind::Pod, "default", &deployment).next()?.name();
    let suffix_len = first.strip_prefix(&deployment)?.len();
    let prefix = &first[..first.len() - RANDOM_SUFFIX_LENGTH.min(suffix_len)];
    let from = format!("{prefix}{}", generate_name_suffix(&mut rng));
    let ours = |p: &&Arc<Object>| p.name().starts_with(prefix);
    let free = |p: &&Arc<Object>| !p.meta().is_being_deleted();
    let mut after = store.list_from(Kind::Pod, "default", &from).take_while(ours);
    let mut before = store.list_from(Kind::Pod, "default", prefix).take_while(ours);
    after.find(free).or_else(|| before.find(free)).map(|p| p.key())
}

/// The `n`-th change: even ones delete a pod, odd ones update one of ten
/// ConfigMaps.
fn change(e: &mut Engine, n: usize) -> Result<(), String> {
    if n.is_multiple_of(2) {
        if let Some(key) = pick(e, n) {
            client::delete(e, &key, DeleteOptions::default()).map_err(|e| e.to_string())?;
        }
    } else {
        client::apply(e, &config_map(n % 10, n)?, None).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Runs `seconds` virtual seconds of churn; the steps run.
fn churn(e: &mut Engine, rate: usize, from: usize, seconds: usize) -> Result<usize, String> {
    let before = e.recorded();
    for s in from..from + seconds {
        for c in 0..rate {
            change(e, s * rate + c)?;
        }
        e.advance(1000);
    }
    Ok(e.recorded() - before)
}

/// `size.seconds` virtual seconds of churn on a settled cluster of
/// `DEPLOYMENTS` Deployments, one autoscaler each, and ten ConfigMaps,
/// history off (no per-step snapshots, the last thousand steps of the
/// trace kept; the trace hash still covers them all). The check settles
/// and fails unless every deleted pod was replaced and is Ready again and
/// every autoscaler synced.
pub struct Churn {
    pub engine: Engine,
    size: SimTime,
    want: usize,
    /// Steps the last run took.
    pub steps: usize,
}

impl Churn {
    pub fn new(size: SimTime) -> Result<Churn, String> {
        let mut e = cluster(size.nodes, 3)?;
        e.set_record_history(false);
        e.set_history_limit(1_000);
        let per = (size.pods / DEPLOYMENTS).max(1);
        for d in 0..DEPLOYMENTS {
            let name = format!("app-{d}");
            client::apply(&mut e, deployment(&name, per, "nginx:1.7.9"), None)
                .map_err(|e| e.to_string())?;
            client::apply(&mut e, &hpa(&name, per)?, None).map_err(|e| e.to_string())?;
        }
        for i in 0..10 {
            client::apply(&mut e, &config_map(i, 0)?, None).map_err(|e| e.to_string())?;
        }
        e.settle(DEFAULT_SETTLE_MS);
        let want = (per * DEPLOYMENTS) as usize;
        if ready_pods(&e) != want {
            return Err(format!(
                "simulated time: {} of {want} pods Ready before the churn ({})",
                ready_pods(&e),
                not_ready_census(&e)
            ));
        }
        Ok(Churn {
            engine: e,
            size,
            want,
            steps: 0,
        })
    }
}

impl Workload for Churn {
    fn run(&mut self) -> Result<(), String> {
        self.steps = churn(&mut self.engine, self.size.rate, 0, self.size.seconds)?;
        Ok(())
    }

    fn check(&mut self) -> Result<u64, String> {
        let e = &mut self.engine;
        e.settle(DEFAULT_SETTLE_MS);
        if ready_pods(e) != self.want {
            return Err(format!(
                "simulated time: {} of {} pods Ready after the churn ({})",
                ready_pods(e),
                self.want,
                not_ready_census(e)
            ));
        }
        // An autoscaler that synced has conditions (AbleToScale, …).
        let synced = e
            .store()
            .list(Kind::HorizontalPodAutoscaler, Some("default"))
            .filter(|h| h.as_hpa().is_some_and(|h| !h.status.conditions.is_empty()));
        if synced.count() != DEPLOYMENTS as usize {
            return Err("simulated time: an autoscaler never synced".into());
        }
        Ok(e.trace_hash())
    }
}

pub(crate) fn run(size: SimTime, rows: &mut Vec<Row>) -> Result<(), String> {
    let SimTime {
        nodes,
        rate,
        seconds,
        ..
    } = size;
    let mut w = Churn::new(size)?;
    let heap_before = heap_mb();
    let t = Clock::start();
    w.run()?;
    let t = t.ms();
    let heap = heap_mb();
    let grown = heap - heap_before;
    let hash = w.check()?;
    let (want, steps) = (w.want, w.steps);
    rows.push(Row {
        workload: format!("simulated time, {}", span(seconds)),
        size: format!("{want} pods / {nodes} nodes, {rate}/s"),
        time: t,
        throughput: format!(
            "{:.0}x real time, {steps} steps, heap {heap:.0} MiB ({grown:+.0})",
            seconds as f64 * 1000.0 / t.wall
        ),
        peak_mb: peak_mb(),
        hash,
    });
    // One virtual minute more with every step's snapshot kept.
    let mut e = w.engine;
    e.set_record_history(true);
    e.set_history_limit(kubeplay_engine::engine::MAX_HISTORY);
    let heap_before = heap_mb();
    let t = Clock::start();
    let steps = churn(&mut e, rate, seconds, 60)?;
    let t = t.ms();
    let per_step_kb = (heap_mb() - heap_before).max(0.0) * 1024.0 / steps.max(1) as f64;
    rows.push(Row {
        workload: "  … one more minute, history on".into(),
        size: format!("{steps} steps recorded"),
        time: t,
        throughput: format!("{per_step_kb:.1} KB per recorded step"),
        peak_mb: peak_mb(),
        hash: e.trace_hash(),
    });
    Ok(())
}

fn span(seconds: usize) -> String {
    match seconds {
        s if s % 3600 == 0 => format!("{} h", s / 3600),
        s if s % 60 == 0 => format!("{} min", s / 60),
        s => format!("{s} s"),
    }
}
