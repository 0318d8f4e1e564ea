//! `sim …`: the playground's own commands for driving the simulation
//! (time, steps, faults, traffic). Not kubectl: the wording is ours, kept
//! short and regular.

use super::Output;
use crate::cli::SimCommand;
use crate::print::duration::human;
use kubeplay_engine::network::{client_pod, parse_url, route, Route};
use kubeplay_engine::{Engine, Step, DEFAULT_SETTLE_MS};
use std::collections::BTreeMap;

/// Most steps `sim step N` runs in one go.
pub const MAX_STEPS: u32 = 10_000;
/// Most requests one `sim curl --count` sends.
pub const MAX_REQUESTS: u32 = 100_000;

fn since_start(engine: &Engine) -> String {
    let ms = engine.now().millis() - kubeplay_model::time::EPOCH.millis();
    human(ms)
}

/// A step as `sim step` and `sim trace` print it.
pub fn render_step(s: &Step) -> String {
    let key = &s.key;
    let target = if key.namespace.is_empty() { format!("{}/{}", key.kind.name().to_ascii_lowercase(), key.name) } else { format!("{}/{} -n {}", key.kind.name().to_ascii_lowercase(), key.name, key.namespace) };
    let mut line = format!("#{} {} {} {}", s.index, s.time.rfc3339(), s.component, target);
    if s.is_noop() {
        line.push_str(" (no change)");
    }
    if !s.explanation.is_empty() {
        line.push_str("\n    ");
        line.push_str(&s.explanation);
    }
    for ev in &s.events {
        line.push_str(&format!("\n    event {} {}: {}", ev.type_, ev.reason, ev.message));
    }
    line
}

pub fn run(cmd: &SimCommand, engine: &mut Engine, out: &mut Output) {
    match cmd {
        SimCommand::Help => out.out(crate::cli::sim::HELP),
        SimCommand::Time => out.out(&format!("{} ({} since the cluster started)", engine.now().rfc3339(), since_start(engine))),
        SimCommand::Advance { millis } => {
            let n = engine.advance(*millis);
            if n >= engine.step_limit() {
                out.error(&format!("error: stopped at {} after {n} steps, before the {} were up: the cluster keeps changing (try a shorter time)", engine.now().rfc3339(), human(*millis)));
            } else {
                out.out(&format!("advanced {} to {} ({n} steps ran)", human(*millis), engine.now().rfc3339()));
            }
        }
        SimCommand::Settle { timeout_ms } => {
            let limit = timeout_ms.filter(|t| *t > 0).unwrap_or(DEFAULT_SETTLE_MS);
            let r = engine.settle(limit);
            if r.converged {
                out.out(&format!("settled after {} steps and {} of virtual time", r.steps, human(r.elapsed_ms)));
            } else if r.steps >= engine.step_limit() {
                out.error(&format!("error: stopped after {} steps and {} of virtual time: the cluster keeps changing", r.steps, human(r.elapsed_ms)));
            } else {
                // Not an error: a crash loop or an image that never pulls
                // keeps a cluster busy for ever, and that is worth seeing.
                out.out(&format!("still changing after {} of virtual time ({} steps): some work keeps coming back (a back-off, a retry)", human(limit), r.steps));
            }
        }
        SimCommand::Step { count } => {
            let n = (*count).clamp(1, MAX_STEPS);
            let mut ran = 0;
            for _ in 0..n {
                match engine.step() {
                    Some(s) => {
                        out.out(&render_step(s));
                        ran += 1;
                    }
                    None => break,
                }
            }
            if ran == 0 {
                out.out("nothing to do: no work is queued and no timer is due");
            } else if *count > MAX_STEPS && ran == n {
                out.note(&format!("ran the most steps one command may run ({MAX_STEPS}); repeat the command for more"));
            }
        }
        SimCommand::Seed(seed) => {
            let user_objects = engine.trace().iter().any(|s| !s.writes.is_empty());
            if user_objects {
                out.error("error: the seed can only be set before the first change to the cluster (reset the playground to start over)");
            } else {
                *engine = Engine::with_default_cluster(*seed);
                out.out(&format!("seed set to {seed}"));
            }
        }
        SimCommand::Trace { last } => {
            let trace = engine.trace();
            let n = last.map(|l| l as usize).filter(|l| *l > 0).unwrap_or(trace.len());
            let start = trace.len().saturating_sub(n);
            if trace.is_empty() {
                out.out("no steps yet");
            }
            for s in &trace[start..] {
                out.out(&render_step(s));
            }
        }
        SimCommand::Curl { namespace, from, count, url } => curl(engine, namespace.as_deref(), from.as_deref(), *count, url, out),
        other => out.error(&format!("error: {} is not available in this build of the playground yet", sim_name(other))),
    }
}

fn sim_name(cmd: &SimCommand) -> &'static str {
    match cmd {
        SimCommand::NodeAdd { .. } => "sim node add",
        SimCommand::NodeFail(_) => "sim node fail",
        SimCommand::NodeRecover(_) => "sim node recover",
        SimCommand::NodeRemove(_) => "sim node remove",
        SimCommand::PodKill { .. } => "sim pod kill",
        SimCommand::ImageMissing(_) => "sim image missing",
        SimCommand::ImageBehave { .. } => "sim image behave",
        SimCommand::Load { .. } => "sim load",
        SimCommand::ExplainPod { .. } => "sim explain pod",
        _ => "this command",
    }
}

fn curl(engine: &mut Engine, namespace: Option<&str>, from: Option<&str>, count: u32, url: &str, out: &mut Output) {
    let ns = namespace.unwrap_or("default");
    let (client_ns, client_ip) = match from {
        Some(pod) => match client_pod(engine.world(), ns, pod) {
            Some(c) => c,
            None => {
                out.error(&format!("Error from server (NotFound): pods \"{pod}\" not found"));
                return;
            }
        },
        // Without --from, requests come from a debugging pod's address in the namespace.
        None => (ns.to_string(), "10.244.0.250".to_string()),
    };
    let parsed = match parse_url(url) {
        Ok(u) => u,
        Err(e) => {
            out.error(&e);
            return;
        }
    };
    let n = count.clamp(1, MAX_REQUESTS);
    let mut answered: BTreeMap<String, u32> = BTreeMap::new();
    let mut failures: BTreeMap<String, u32> = BTreeMap::new();
    let mut last = None;
    for _ in 0..n {
        match route(engine.world_mut(), &client_ns, &client_ip, &parsed) {
            Route::Pod { pod, ip, port, .. } => {
                *answered.entry(pod.clone()).or_default() += 1;
                last = Some(format!("200 OK from pod {pod} ({ip}:{port})"));
            }
            Route::Failed(msg) => *failures.entry(msg).or_default() += 1,
        }
    }
    if n == 1 {
        match (last, failures.keys().next()) {
            (Some(l), _) => out.out(&l),
            (None, Some(f)) => out.error(f),
            _ => {}
        }
        return;
    }
    let width = answered.keys().map(String::len).max().unwrap_or(3).max(3);
    out.out(&format!("{:<width$}   REQUESTS", "POD"));
    for (pod, c) in &answered {
        out.out(&format!("{pod:<width$}   {c}"));
    }
    for (msg, c) in &failures {
        out.note(&format!("{c} × {msg}"));
    }
    if answered.is_empty() {
        out.failed = true;
    }
}
