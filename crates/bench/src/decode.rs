//! Decode, validate and apply through `kubectl apply -f -` on the default
//! cluster: one ~2 KB Deployment, a multi-document bundle of ~1 MB of those,
//! and the browser benchmark's bundle (tests/bench/browser.mjs: ConfigMaps
//! of ~1 KB each, 976 of them in 1 MB). Asserts every object was created.

use super::{peak_mb, timed, Row, Spent, Workload};
use kubeplay_engine::bench::{configmap_bundle, deployment_bundle, deployment_yaml};
use kubeplay_playground::{CommandOutput, Playground};

/// One `kubectl apply -f -` of `yaml` on a default cluster that has had
/// one warm-up apply (the first pays one-time costs: lazy tables); the
/// check fails unless exactly `objects` objects were created.
pub struct Apply {
    pub pg: Playground,
    pub yaml: String,
    objects: usize,
    how: fn(&mut Playground, &str) -> CommandOutput,
    out: Option<CommandOutput>,
}

/// A fresh default cluster after one warm-up apply.
fn warmed_up() -> Result<Playground, String> {
    let mut warm_up = Apply::on(Playground::new(1), deployment_yaml("warm-up"), 1, apply_one);
    warm_up.run()?;
    warm_up.check()?;
    Ok(warm_up.pg)
}

impl Apply {
    fn on(pg: Playground, yaml: String, objects: usize, how: fn(&mut Playground, &str) -> CommandOutput) -> Apply {
        Apply { pg, yaml, objects, how, out: None }
    }

    /// One ~2 KB Deployment.
    pub fn deployment() -> Result<Apply, String> {
        Ok(Apply::on(warmed_up()?, deployment_yaml("web"), 1, apply_one))
    }

    /// The browser benchmark's bundle of ConfigMaps, about `bytes` long.
    pub fn configmaps(bytes: usize) -> Result<Apply, String> {
        let (bundle, n) = configmap_bundle(bytes);
        Ok(Apply::on(warmed_up()?, bundle, n, apply_configmaps))
    }

    /// A bundle of ~2 KB Deployments, about `bytes` long, on the same cluster.
    pub fn then_deployments(self, bytes: usize) -> Apply {
        let (bundle, n) = deployment_bundle(bytes);
        Apply::on(self.pg, bundle, n, apply_deployments)
    }
}

impl Workload for Apply {
    fn run(&mut self) -> Result<(), String> {
        self.out = Some((self.how)(&mut self.pg, &self.yaml));
        Ok(())
    }

    fn check(&mut self) -> Result<u64, String> {
        let out = self.out.as_ref().ok_or("nothing applied")?;
        let created = out.stdout.lines().filter(|l| l.ends_with(" created")).count();
        if out.failed || created != self.objects {
            return Err(format!(
                "apply created {created} of {} objects: {}",
                self.objects,
                out.stderr.trim()
            ));
        }
        Ok(0)
    }
}

// One function per timed apply, never inlined, so that a profiler can
// select one: `valgrind --tool=callgrind --collect-atstart=no
// --toggle-collect='*decode::apply_configmaps*' kubeplay bench --only decode`.
// Identical bodies would be merged into one function by the compiler (and
// the toggle would count all three), so each hands `black_box` its own tag.
#[inline(never)]
fn apply_one(pg: &mut Playground, yaml: &str) -> CommandOutput {
    std::hint::black_box(1);
    pg.apply(yaml)
}

#[inline(never)]
fn apply_deployments(pg: &mut Playground, yaml: &str) -> CommandOutput {
    std::hint::black_box(2);
    pg.apply(yaml)
}

#[inline(never)]
fn apply_configmaps(pg: &mut Playground, yaml: &str) -> CommandOutput {
    std::hint::black_box(3);
    pg.apply(yaml)
}

pub(crate) fn run(bundle_bytes: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let mut one = Apply::deployment()?;
    let (t, _) = timed(&mut one)?;
    rows.push(Row {
        workload: "decode+apply 1 Deployment".into(),
        size: format!("{:.1} KB", one.yaml.len() as f64 / 1024.0),
        time: t,
        throughput: format!("{:.1} MB/s", one.yaml.len() as f64 / 1e6 / (t.wall / 1000.0)),
        peak_mb: peak_mb(),
        hash: 0,
    });
    let mut bundle = one.then_deployments(bundle_bytes);
    let (t, _) = timed(&mut bundle)?;
    rows.push(bundle_row("decode+apply bundle", &bundle, t));
    // The browser's bundle, on a fresh cluster as the page's Apply button
    // would see it (after one warm-up apply).
    let mut bundle = Apply::configmaps(bundle_bytes)?;
    let (t, _) = timed(&mut bundle)?;
    rows.push(bundle_row("decode+apply ConfigMaps", &bundle, t));
    Ok(())
}

fn bundle_row(workload: &str, bundle: &Apply, t: Spent) -> Row {
    let bytes = bundle.yaml.len() as f64;
    Row {
        workload: workload.into(),
        size: format!("{:.0} KB, {} docs", bytes / 1024.0, bundle.objects),
        time: t,
        throughput: format!("{:.1} MB/s ({:.1} CPU)", bytes / 1e6 / (t.wall / 1000.0), bytes / 1e6 / (t.cpu / 1000.0)),
        peak_mb: peak_mb(),
        hash: 0,
    }
}
