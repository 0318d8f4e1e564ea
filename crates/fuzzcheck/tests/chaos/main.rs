//! Chaos property test, in the style of deterministic simulation testing:
//! from a seed, a random sequence of user actions (apply, scale, set
//! image, undo, pause/resume, delete of Deployments, StatefulSets,
//! DaemonSets, Jobs and Services) and faults (node fail/recover/add/remove,
//! cordon, drain, taint, pod kill, missing and misbehaving images, load)
//! interleaved with time advancing, all typed as terminal lines. After
//! every engine step the safety invariants (invariants.rs) must hold; once
//! the faults stop, every workload must converge (liveness.rs). A failure
//! prints the seed and the (shrunk) script, which `kubeplay run --seed N`
//! replays.
//!
//! Cases: `CHAOS_CASES` (or `PROPTEST_CASES`), default 24 for `cargo test`;
//! `CHAOS_RNG_SEED` picks other cases than the test command's;
//! `CHAOS_SHRINK=N` caps the shrinking (0: report the failure as drawn). The long
//! run is documented in README ("Reliability").

mod invariants;
mod liveness;
mod ops;

use invariants::Tracker;
use kubeplay_engine::Engine;
use kubeplay_kubectl::cli::SimCommand;
use kubeplay_kubectl::exec::{run_line, sim, Io, LineOutcome, Output};
use kubeplay_model::{Kind, ObjectKey};
use ops::{Line, Names, Op};
use proptest::prelude::*;

/// Steps one run may take in all before it counts as a livelock.
const MAX_RUN_STEPS: usize = 400_000;

/// A chaos run: the engine, the lines run so far and what the checks track.
pub struct Run {
    pub engine: Engine,
    pub seed: u64,
    pub script: Vec<String>,
    pub track: Tracker,
    steps: usize,
}

impl Run {
    /// `fresh`: build the default cluster anew rather than copy the
    /// thread's cached one (the determinism test compares both).
    pub fn new(seed: u64, fresh: bool) -> Run {
        let engine = if fresh {
            Engine::with_default_cluster(seed)
        } else {
            template(seed)
        };
        let mut track = Tracker {
            max_rv: engine.store().resource_version(),
            ..Default::default()
        };
        track.objects = engine
            .store()
            .list(Kind::Node, None)
            .map(|n| n.key())
            .collect();
        Run {
            engine,
            seed,
            script: Vec::new(),
            track,
            steps: 0,
        }
    }

    /// The failure report: the seed and the script that reproduces it.
    pub fn report(&self, what: &str) -> String {
        format!(
            "{what}\n--- reproduce with `kubeplay run --seed {} chaos.sh`, chaos.sh being:\n{}\n--- (virtual time {})",
            self.seed,
            self.script.join("\n"),
            self.engine.now().rfc3339()
        )
    }

    /// Runs one terminal line as the playground does, checking the
    /// invariants after every step it causes.
    pub fn exec(&mut self, line: &Line) -> Result<Output, String> {
        self.script.push(line.script());
        let before = self.engine.cursor();
        let io = Io {
            stdin: line.stdin.as_deref(),
            read_file: None,
            kubeconfig: None,
        };
        let out = match run_line(&line.text, &mut self.engine, io) {
            LineOutcome::Done(out) => out,
            LineOutcome::Sim(SimCommand::Advance { millis }) => {
                // Checked step by step on the way.
                self.advance(millis)?;
                return Ok(Output::default());
            }
            LineOutcome::Sim(cmd) => {
                let mut out = Output::default();
                sim::run(&cmd, &mut self.engine, &mut out);
                out
            }
            // The scripts never change the kubeconfig; a config command
            // reads kind's own.
            LineOutcome::Config(cmd) => {
                let mut out = Output::default();
                kubeplay_kubectl::exec::config::run(&cmd, &mut Default::default(), &mut out);
                out
            }
            LineOutcome::Unhandled(_) => {
                return Err(self.report(&format!("{:?} is not handled", line.text)))
            }
        };
        // The command's own steps (user writes; a drain's evictions and the
        // steps it runs while it waits for them).
        let trace = self.engine.trace();
        let first = before.saturating_sub(self.engine.forgotten());
        let new: Vec<_> = trace.get(first..).unwrap_or_default().to_vec();
        for s in &new {
            invariants::check_versions(&self.engine, s, &mut self.track)
                .map_err(|e| self.report(&e))?;
        }
        self.track_command(line, &out);
        invariants::check_state(&self.engine, &mut self.track).map_err(|e| self.report(&e))?;
        Ok(out)
    }

    /// [`exec`](Self::exec) of a line that must succeed (the recovery's).
    pub fn exec_ok(&mut self, line: &Line) -> Result<Output, String> {
        let out = self.exec(line)?;
        if out.failed {
            return Err(self.report(&format!("{:?} failed: {}", line.text, out.stderr)));
        }
        Ok(out)
    }

    /// `sim advance`: the engine's advance, one step at a time, with the
    /// store before each step kept for the step checks.
    pub fn advance(&mut self, ms: i64) -> Result<(), String> {
        let target = self.engine.now().plus_millis(ms);
        loop {
            let prev = self.engine.store().clone();
            let Some(step) = self.engine.step_until(target).cloned() else {
                break;
            };
            self.steps += 1;
            if self.steps > MAX_RUN_STEPS {
                return Err(self.report(&format!(
                    "more than {MAX_RUN_STEPS} steps: the cluster never stops changing"
                )));
            }
            invariants::check_step(&prev, &self.engine, &step, &mut self.track)
                .map_err(|e| self.report(&e))?;
            invariants::check_state(&self.engine, &mut self.track).map_err(|e| self.report(&e))?;
        }
        let rest = target.millis() - self.engine.now().millis();
        if rest > 0 {
            self.engine.advance(rest);
        }
        Ok(())
    }

    /// Keeps the tracker's lists of the user's objects and removed nodes.
    fn track_command(&mut self, line: &Line, out: &Output) {
        if out.failed {
            return;
        }
        let words: Vec<&str> = line.text.split_whitespace().collect();
        match words.as_slice() {
            ["kubectl", "apply", ..] => {
                for l in out.stdout.lines() {
                    // "deployment.apps/web created"
                    let Some((target, _)) = l.split_once(' ') else {
                        continue;
                    };
                    if let Some(key) = key_of(target) {
                        self.track.objects.insert(key);
                    }
                }
            }
            ["kubectl", "delete", kind, name] => {
                if let Some(key) = key_of(&format!("{kind}/{name}")) {
                    self.track.objects.remove(&key);
                }
            }
            ["sim", "node", "remove", name] => {
                self.track
                    .objects
                    .remove(&ObjectKey::new(Kind::Node, "", name));
                self.track
                    .removed_nodes
                    .insert(name.to_string(), self.engine.now());
            }
            ["sim", "node", "add", ..] => {
                for n in self.engine.store().list(Kind::Node, None) {
                    self.track.objects.insert(n.key());
                }
            }
            _ => {}
        }
    }

    /// What ops need to name their targets now.
    pub fn names(&self) -> (Vec<String>, Vec<String>) {
        let store = self.engine.store();
        let nodes = store
            .list(Kind::Node, None)
            .map(|n| n.name().to_string())
            .collect();
        let pods = store
            .list(Kind::Pod, Some("default"))
            .filter(|p| p.as_pod().is_some_and(|p| p.node_name().is_some()))
            .map(|p| p.name().to_string())
            .collect();
        (nodes, pods)
    }
}

/// `deployment.apps/web` → the key in the default namespace.
fn key_of(target: &str) -> Option<ObjectKey> {
    let (kind, name) = target.split_once('/')?;
    let kind = match kind.split('.').next()? {
        "deployment" => Kind::Deployment,
        "statefulset" => Kind::StatefulSet,
        "daemonset" => Kind::DaemonSet,
        "job" => Kind::Job,
        "service" => Kind::Service,
        _ => return None,
    };
    Some(ObjectKey::new(kind, "default", name))
}

/// The default cluster for a seed, built once per seed and thread.
fn template(seed: u64) -> Engine {
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    thread_local! {
        static CLUSTERS: RefCell<BTreeMap<u64, Engine>> = const { RefCell::new(BTreeMap::new()) };
    }
    CLUSTERS.with(|c| {
        c.borrow_mut()
            .entry(seed)
            .or_insert_with(|| Engine::with_default_cluster(seed))
            .clone()
    })
}

/// Runs one scenario to the end: setup, the ops, the recovery and the
/// liveness checks. Returns the run (for its trace hash) or the report.
pub fn scenario(seed: u64, ops: &[Op], fresh: bool) -> Result<Run, String> {
    let mut run = Run::new(seed, fresh);
    run.exec_ok(&Line {
        text: format!("sim image behave {} exit-after=3s", ops::JOB_IMAGE),
        stdin: None,
    })?;
    for op in ops {
        let (nodes, pods) = run.names();
        let Some(line) = ops::line(
            op,
            &Names {
                nodes: &nodes,
                pods: &pods,
            },
        ) else {
            continue;
        };
        run.exec(&line)?;
    }
    liveness::recover(&mut run)?;
    liveness::check(&run).map_err(|e| run.report(&e))?;
    Ok(run)
}

/// A kept script (`found/*.sh`, as a failure report printed it) as lines:
/// `# ` comments skipped, `… <<EOF` taking the lines up to `EOF` as stdin.
fn parse_script(text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut it = text.lines();
    while let Some(l) = it.next() {
        if l.trim().is_empty() || l.starts_with('#') {
            continue;
        }
        match l.strip_suffix(" <<EOF") {
            Some(cmd) => {
                let body: String = it
                    .by_ref()
                    .take_while(|b| *b != "EOF")
                    .map(|b| format!("{b}\n"))
                    .collect();
                lines.push(Line {
                    text: cmd.to_string(),
                    stdin: Some(body),
                });
            }
            None => lines.push(Line {
                text: l.to_string(),
                stdin: None,
            }),
        }
    }
    lines
}

/// Every script the long runs found (`found/<what>-seed<N>.sh`) replays
/// with the invariants holding and the cluster converging.
#[test]
fn the_kept_failure_scripts_now_pass() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/chaos/found");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("found/")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in files {
        let name = f
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let seed: u64 = name
            .rsplit("seed")
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name}: no seed in the name"));
        let text = std::fs::read_to_string(&f).expect("script");
        let mut run = Run::new(seed, true);
        let outcome = parse_script(&text)
            .iter()
            .try_for_each(|l| run.exec(l).map(drop))
            .and_then(|()| liveness::recover(&mut run))
            .and_then(|()| liveness::check(&run).map_err(|e| run.report(&e)));
        if let Err(report) = outcome {
            panic!("{name}: {report}");
        }
    }
}

fn cases(default: u32) -> u32 {
    ["CHAOS_CASES", "PROPTEST_CASES"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
        .unwrap_or(default)
}

/// The generator's seed is fixed (`CHAOS_RNG_SEED`, default 0) so the test
/// command always runs the same cases; long runs pick other values.
fn config(default: u32) -> ProptestConfig {
    let rng = std::env::var("CHAOS_RNG_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    ProptestConfig {
        cases: cases(default),
        // CHAOS_SHRINK=0 reports the first failure as drawn, at once.
        max_shrink_iters: std::env::var("CHAOS_SHRINK")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2_000),
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(rng),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// Safety after every step, liveness once the faults stop.
    #[test]
    fn chaos_keeps_the_invariants_and_converges(seed in 1..10_000u64, ops in proptest::collection::vec(ops::op(), 1..40)) {
        if let Err(report) = scenario(seed, &ops, false) {
            return Err(TestCaseError::fail(report));
        }
    }
}

proptest! {
    #![proptest_config(config(4))]

    /// Determinism: the same seed and script give the same trace, step for step.
    #[test]
    fn the_same_seed_and_script_give_the_same_trace(seed in 1..10_000u64, ops in proptest::collection::vec(ops::op(), 1..30)) {
        let (a, b) = (scenario(seed, &ops, false), scenario(seed, &ops, true));
        match (a, b) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(a.engine.trace_hash(), b.engine.trace_hash(), "seed {}:\n{}", seed, a.script.join("\n"));
                prop_assert_eq!(a.engine.cursor(), b.engine.cursor());
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "one run failed and the other did not: {:?} / {:?}", a.err(), b.err()),
        }
    }
}
