//! `sim …`: the playground's own commands for driving the simulation
//! (time, steps, faults, traffic). Not kubectl: the wording is ours, kept
//! short and regular.

use super::Output;
use crate::cli::SimCommand;
use crate::print::columns::pods::ready_status_restarts;
use crate::print::duration::human;
use kubeplay_engine::kubelet::image::ImageRef;
use kubeplay_engine::network::{client_pod, parse_url, route, Route};
use kubeplay_engine::sim::{ImageBehavior, Load, LoadTarget, NodeOverrides, SimError};
use kubeplay_engine::traffic::{Stream, StreamSpec};
use kubeplay_engine::{Engine, Step, Work, WorkDone, DEFAULT_SETTLE_MS};
use kubeplay_model::api::{ContainerStatus, Taint};
use kubeplay_model::{Kind, Object};
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
    let mut line = render_step_head(s);
    if !s.explanation.is_empty() {
        line.push_str("\n    ");
        line.push_str(&s.explanation);
    }
    for ev in &s.events {
        line.push_str(&format!(
            "\n    event {} {}: {}",
            ev.type_, ev.reason, ev.message
        ));
    }
    line
}

/// Longest value a field change shows; longer ones are cut with "…".
const MAX_VALUE: usize = 100;
/// Field changes listed per write; the rest are counted.
const MAX_CHANGES: usize = 40;

fn value_text(v: Option<&serde_json::Value>) -> String {
    let text = match v {
        None => return "∅".into(),
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    };
    match text.char_indices().nth(MAX_VALUE) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

/// A step's whole record (`sim explain step`, `sim trace -v`): the
/// summary line and sentence, then what the controller observed and
/// desired, each write with its field changes, and its events.
pub fn render_step_full(s: &Step) -> String {
    let mut text = render_step_head(s);
    let mut line = |l: String| {
        text.push_str("\n    ");
        text.push_str(&l);
    };
    if !s.explanation.is_empty() {
        line(s.explanation.clone());
    }
    line(format!("observed: {}", if s.observed.is_empty() { "-" } else { &s.observed }));
    line(format!("desired: {}", if s.desired.is_empty() { "-" } else { &s.desired }));
    for w in &s.writes {
        line(format!("{} {}", w.verb.as_str(), object_ref(&w.key)));
        if w.before.is_none() || w.after.is_none() {
            // A create or a delete: the whole object, not a diff.
            continue;
        }
        let changes: Vec<_> = w.diff().into_iter().filter(|c| !kubeplay_engine::diff::is_noise(&c.path)).collect();
        for c in changes.iter().take(MAX_CHANGES) {
            line(format!("    {}: {} → {}", c.path, value_text(c.before.as_ref()), value_text(c.after.as_ref())));
        }
        if changes.len() > MAX_CHANGES {
            line(format!("    … {} more fields", changes.len() - MAX_CHANGES));
        }
    }
    for ev in &s.events {
        line(format!("event {} {}: {}", ev.type_, ev.reason, ev.message));
    }
    text
}

/// `pod/web-1 -n default`, `node/kubeplay-worker`.
fn object_ref(key: &kubeplay_model::ObjectKey) -> String {
    let kind = key.kind.name().to_ascii_lowercase();
    if key.namespace.is_empty() {
        format!("{kind}/{}", key.name)
    } else {
        format!("{kind}/{} -n {}", key.name, key.namespace)
    }
}

/// `#N TIME COMPONENT OBJECT`, marked when nothing changed.
fn render_step_head(s: &Step) -> String {
    let mut line = format!("#{} {} {} {}", s.index, s.time.rfc3339(), s.component, object_ref(&s.key));
    if s.is_noop() {
        line.push_str(" (no change)");
    }
    line
}

/// A `sim advance`, `sim settle` or `sim step N` in progress: the page runs
/// it a slice of steps at a time (see [`kubeplay_engine::Work`]); run to
/// the end at once it is the blocking command. Either way the same steps
/// run and the same text is printed.
#[derive(Clone, Debug)]
pub struct SimJob {
    what: Job,
    out: Output,
    done: bool,
}

#[derive(Clone, Debug)]
enum Job {
    Advance { millis: i64, work: Work },
    Settle { limit: i64, work: Work },
    /// `ran` counts every step run, `shown` those printed (with
    /// `changes_only`, only steps that changed something are).
    Step { count: u32, changes_only: bool, verbose: bool, ran: u32, shown: u32 },
}

impl SimJob {
    /// The commands that can take long; `None` for every other one.
    pub fn start(cmd: &SimCommand, engine: &Engine) -> Option<SimJob> {
        let what = match cmd {
            SimCommand::Advance { millis } => Job::Advance {
                millis: *millis,
                work: Work::advance(engine, *millis),
            },
            SimCommand::Settle { timeout_ms } => {
                let limit = timeout_ms.filter(|t| *t > 0).unwrap_or(DEFAULT_SETTLE_MS);
                Job::Settle {
                    limit,
                    work: Work::settle(engine, limit),
                }
            }
            SimCommand::Step { count, changes_only, verbose } => Job::Step {
                count: *count,
                changes_only: *changes_only,
                verbose: *verbose,
                ran: 0,
                shown: 0,
            },
            _ => return None,
        };
        Some(SimJob {
            what,
            out: Output::default(),
            done: false,
        })
    }

    /// Runs at most `budget` more steps; true once the command is finished.
    pub fn run(&mut self, engine: &mut Engine, budget: usize) -> bool {
        if self.done {
            return true;
        }
        let out = &mut self.out;
        self.done = match &mut self.what {
            Job::Advance { millis, work } => match engine.work(work, budget) {
                None => false,
                Some(WorkDone::Advance {
                    steps,
                    capped: true,
                }) => {
                    out.error(&format!("error: stopped at {} after {steps} steps, before the {} were up: the cluster keeps changing (try a shorter time)", engine.now().rfc3339(), human(*millis)));
                    true
                }
                Some(WorkDone::Advance { steps, .. }) => {
                    out.out(&format!(
                        "advanced {} to {} ({steps} steps ran)",
                        human(*millis),
                        engine.now().rfc3339()
                    ));
                    true
                }
                Some(WorkDone::Settle(_)) => true,
            },
            Job::Settle { limit, work } => {
                match engine.work(work, budget).and_then(WorkDone::settle) {
                    None => false,
                    Some(r) => {
                        if r.converged {
                            out.out(&format!(
                                "settled after {} steps and {} of virtual time",
                                r.steps,
                                human(r.elapsed_ms)
                            ));
                        } else if r.steps >= engine.step_limit() {
                            out.error(&format!("error: stopped after {} steps and {} of virtual time: the cluster keeps changing", r.steps, human(r.elapsed_ms)));
                        } else {
                            // Not an error: a crash loop or an image that never pulls
                            // keeps a cluster busy for ever, and that is worth seeing.
                            out.out(&format!("still changing after {} of virtual time ({} steps): some work keeps coming back (a back-off, a retry)", human(*limit), r.steps));
                        }
                        true
                    }
                }
            }
            Job::Step { count, changes_only, verbose, ran, shown } => {
                // `count` printed steps; with --changes-only the no-ops
                // between them run too, all within MAX_STEPS steps.
                let n = (*count).clamp(1, MAX_STEPS);
                let mut left = budget;
                let mut finished = false;
                while !finished && left > 0 {
                    if *shown >= n || *ran >= MAX_STEPS {
                        finished = true;
                        break;
                    }
                    match engine.step() {
                        Some(s) => {
                            if !*changes_only || !s.is_noop() {
                                out.out(&if *verbose { render_step_full(s) } else { render_step(s) });
                                *shown += 1;
                            }
                            *ran += 1;
                            left -= 1;
                        }
                        None => finished = true,
                    }
                }
                finished = finished || *shown >= n || *ran >= MAX_STEPS;
                if finished {
                    if *ran == 0 {
                        out.out("nothing to do: no work is queued and no timer is due");
                    } else if (*shown < n && *ran >= MAX_STEPS) || (*count > MAX_STEPS && *shown == n) {
                        out.note(&format!("ran the most steps one command may run ({MAX_STEPS}); repeat the command for more"));
                    } else if *shown == 0 {
                        out.out(&format!("nothing changed: {ran} no-op step{} ran, and no work is left", if *ran == 1 { "" } else { "s" }));
                    }
                }
                finished
            }
        };
        self.done
    }

    /// Steps run so far.
    pub fn steps(&self) -> usize {
        match &self.what {
            Job::Advance { work, .. } | Job::Settle { work, .. } => work.steps(),
            Job::Step { ran, .. } => *ran as usize,
        }
    }

    /// What it printed (all of it once [`run`](Self::run) returned true).
    pub fn into_output(self) -> Output {
        self.out
    }
}

pub fn run(cmd: &SimCommand, engine: &mut Engine, out: &mut Output) {
    match cmd {
        SimCommand::Help => out.out(crate::cli::sim::HELP),
        SimCommand::Time => out.out(&format!("{} ({} since the cluster started)", engine.now().rfc3339(), since_start(engine))),
        SimCommand::Advance { .. } | SimCommand::Settle { .. } | SimCommand::Step { .. } => {
            if let Some(mut job) = SimJob::start(cmd, engine) {
                job.run(engine, usize::MAX);
                out.append(job.into_output());
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
        SimCommand::CacheLag(set) => cache_lag(engine, *set, out),
        SimCommand::Trace { last, changes_only, verbose } => {
            let trace = engine.trace();
            if trace.is_empty() {
                out.out("no steps yet");
            }
            let shown: Vec<&Step> = trace.iter().filter(|s| !changes_only || !s.is_noop()).collect();
            let n = last.map(|l| l as usize).filter(|l| *l > 0).unwrap_or(shown.len());
            for s in &shown[shown.len().saturating_sub(n)..] {
                out.out(&if *verbose { render_step_full(s) } else { render_step(s) });
            }
        }
        SimCommand::ExplainStep(n) => explain_step(engine, *n, out),
        SimCommand::Jump(n) => jump(engine, *n, out),
        SimCommand::Back { count, changes_only } => back(engine, *count, *changes_only, out),
        SimCommand::Forward { count, changes_only } => forward(engine, *count, *changes_only, out),
        SimCommand::Curl { namespace, from, count, url } => curl(engine, namespace.as_deref(), from.as_deref(), *count, url, out),
        SimCommand::TrafficStart { namespace, service, rps, port, from } => {
            let spec = StreamSpec { namespace: namespace.clone().unwrap_or_else(|| "default".into()), service: service.clone(), port: *port, rps: *rps, from: from.clone() };
            match engine.sim_traffic_start(&spec) {
                Ok(s) => out.out(&format!("sending {} requests/s to service/{} port {} from {}; see them with \"sim traffic\"", s.rps, s.service.name, s.port, client_label(&s))),
                Err(e) => out.error(&format!("error: {e}")),
            }
        }
        SimCommand::TrafficStop { namespace, service } => match engine.sim_traffic_stop(namespace.as_deref().unwrap_or("default"), service.as_deref()) {
            Ok(stopped) => {
                for s in &stopped {
                    out.out(&format!("stopped the traffic to service/{} after {} requests", s.service.name, s.sent));
                }
            }
            Err(e) => out.error(&format!("error: {e}")),
        },
        SimCommand::TrafficShow => traffic_table(engine, out),
        SimCommand::NodeAdd { name, cpu, memory, pods, labels, taints } => {
            let over = NodeOverrides {
                cpu: cpu.clone(),
                memory: memory.clone(),
                pods: *pods,
                labels: labels.clone(),
                taints: taints.iter().map(|t| Taint { key: t.key.clone(), value: t.value.clone(), effect: t.effect.clone(), time_added: None }).collect(),
            };
            report(engine.sim_node_add_with(Some(name), &over).map(|n| format!("node {n} added")), out);
        }
        SimCommand::NodeFail(n) => report(engine.sim_node_fail(n).map(|_| format!("node {n} failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)")), out),
        SimCommand::NodeRecover(n) => report(engine.sim_node_recover(n).map(|_| format!("node {n} recovered: its kubelet is running again")), out),
        SimCommand::NodeRemove(n) => report(engine.sim_node_remove(n).map(|_| format!("node {n} removed")), out),
        SimCommand::PodKill { namespace, pod, container } => {
            let ns = namespace.as_deref().unwrap_or("default");
            report(engine.sim_pod_kill(ns, pod, container.as_deref()).map(|k| format!("killed {} in pod {pod} (exit code 137)", k.join(", "))), out);
        }
        SimCommand::ImageMissing(image) => {
            let b = ImageBehavior { missing: true, ..current_behavior(engine, image) };
            report(engine.sim_image(image, b).map(|_| format!("image {image} is now missing from its registry: pulls fail")), out);
        }
        SimCommand::ImageBehave { image, settings } => match image_behavior(engine, image, settings) {
            Ok(None) => report(engine.sim_image_reset(Some(image)).map(|_| format!("image {image} behaves as itself again")), out),
            Ok(Some(b)) => {
                let summary = settings.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ");
                report(engine.sim_image(image, b).map(|_| format!("image {image}: {summary}")), out);
            }
            Err(e) => out.error(&format!("error: {e}")),
        },
        SimCommand::Load { namespace, kind, name, cpu, memory } => {
            let target = LoadTarget { namespace: namespace.clone().unwrap_or_else(|| "default".into()), kind: *kind, name: name.clone() };
            let load = Load { cpu_milli: Some(cpu.milli_value()), memory_bytes: memory.as_ref().map(|m| m.value()) };
            let what = format!("{}/{name}", kind.name().to_ascii_lowercase());
            let mem = memory.as_ref().map(|m| format!(" memory={m}")).unwrap_or_default();
            report(engine.sim_load(target, load).map(|_| format!("load on {what}: cpu={cpu}{mem} in total, shared by its ready pods")), out);
        }
        SimCommand::ExplainPod { namespace, name } => explain_pod(engine, namespace.as_deref().unwrap_or("default"), name, out),
    }
}

/// `sim cache-lag [DURATION]`.
fn cache_lag(engine: &mut Engine, set: Option<i64>, out: &mut Output) {
    if let Some(ms) = set {
        engine.set_cache_lag(ms);
    }
    let ms = engine.cache_lag_ms();
    let lag = crate::gofmt::format_duration_millis(ms);
    let text = match (set, ms) {
        (None, 0) => "cache lag: off (every controller sees each change as soon as it is written)".to_string(),
        (Some(_), 0) => "cache lag off: every controller sees each change as soon as it is written".to_string(),
        (None, _) => format!("cache lag: {lag} (the deployment, replicaset, replicationcontroller, statefulset, daemonset, job, cronjob, ttl-after-finished, horizontal-pod-autoscaler, disruption, endpoints and endpointslice controllers; the scheduler, the kubelets and the other controllers see changes at once)"),
        (Some(_), _) => format!("cache lag set to {lag}: the controllers of kube-controller-manager see each change {lag} after it is written and read the cluster as it was {lag} before"),
    };
    out.out(&text);
}

/// `sim explain step N`: any recorded step, the future after a jump back too.
fn explain_step(engine: &Engine, n: usize, out: &mut Output) {
    let first = engine.forgotten();
    match n.checked_sub(first + 1).and_then(|i| engine.full_trace().get(i)) {
        Some(s) => out.out(&render_step_full(s)),
        None if n <= first => out.error(&format!("error: step {n} was forgotten to bound memory: the oldest step kept is {}", first + 1)),
        None => out.error(&format!("error: there is no step {n}: {} steps are recorded", engine.recorded())),
    }
}

/// Where time travel left the cluster.
fn position(engine: &Engine) -> String {
    let (at, recorded) = (engine.cursor(), engine.recorded());
    let head = format!("at step {at} of {recorded} ({})", engine.now().rfc3339());
    match recorded - at {
        0 => format!("{head}, the latest"),
        1 => format!("{head}; step {recorded} stays recorded: sim forward replays it, a change starts a new future"),
        _ => format!("{head}; steps {}-{recorded} stay recorded: sim forward replays them, a change starts a new future", at + 1),
    }
}

/// `sim jump N`.
fn jump(engine: &mut Engine, n: usize, out: &mut Output) {
    if engine.jump(n) {
        out.out(&position(engine));
    } else if n > engine.recorded() {
        out.error(&format!("error: there is no step {n}: {} steps are recorded", engine.recorded()));
    } else if n < engine.forgotten() {
        out.error(&format!("error: step {n} was forgotten to bound memory: the earliest step to jump to is {}", engine.forgotten()));
    } else {
        out.error("error: this session keeps no history to jump in");
    }
}

/// `sim back [N]`: N jumps of one step (or one change) back.
fn back(engine: &mut Engine, count: u32, changes_only: bool, out: &mut Output) {
    let mut moved = false;
    for _ in 0..count {
        match engine.back_target(changes_only) {
            Some(target) if engine.jump(target) => moved = true,
            _ => break,
        }
    }
    if moved {
        out.out(&position(engine));
    } else {
        out.error(&format!("error: already at step {}, the earliest recorded", engine.cursor()));
    }
}

/// `sim forward [N]`: replays recorded steps only; new ones are `sim step`'s.
fn forward(engine: &mut Engine, count: u32, changes_only: bool, out: &mut Output) {
    if engine.cursor() >= engine.recorded() {
        out.error("error: no recorded steps ahead: \"sim step\" runs new ones");
        return;
    }
    let mut shown = 0;
    while shown < count && engine.cursor() < engine.recorded() {
        let Some(s) = engine.step() else { break };
        if !changes_only || !s.is_noop() {
            out.out(&render_step(s));
            shown += 1;
        }
    }
    out.out(&position(engine));
}

/// Prints a hook's success line, or its error in our words.
fn report(r: Result<String, SimError>, out: &mut Output) {
    match r {
        Ok(line) => out.out(&line),
        Err(e) => out.error(&format!("error: {e}")),
    }
}

/// What `sim image` set for this image so far (settings add up).
fn current_behavior(engine: &Engine, image: &str) -> ImageBehavior {
    ImageRef::parse(image)
        .ok()
        .and_then(|r| engine.world().sim.image_behavior(&r.normalized()).cloned())
        .unwrap_or_default()
}

fn seconds(key: &str, v: &str) -> Result<i64, String> {
    let ms = crate::gofmt::parse_duration_millis(v).map_err(|e| format!("invalid {key}: {e}"))?;
    if ms < 0 || ms % 1000 != 0 {
        return Err(format!(
            "invalid {key} {v:?}: want a whole number of seconds, like 10s or 2m"
        ));
    }
    Ok(ms / 1000)
}

fn boolean(key: &str, v: &str) -> Result<bool, String> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("invalid {key} {v:?}: want true or false")),
    }
}

/// `sim image behave IMAGE KEY=VALUE…` settings on top of what was set
/// before; `reset=true` (alone) returns None: back to the image's own ways.
fn image_behavior(
    engine: &Engine,
    image: &str,
    settings: &[(String, String)],
) -> Result<Option<ImageBehavior>, String> {
    let mut b = current_behavior(engine, image);
    let (mut crash_after, mut exit_code, mut exit_after) = (None, None, None);
    for (k, v) in settings {
        match k.as_str() {
            "reset" if boolean(k, v)? => {
                if settings.len() > 1 {
                    return Err("reset=true cannot be combined with other settings".into());
                }
                return Ok(None);
            }
            "reset" => {}
            "ready-after" => b.ready_after_secs = Some(seconds(k, v)?),
            "crash-after" => crash_after = Some(seconds(k, v)?),
            "exit-after" => exit_after = Some(seconds(k, v)?),
            "exit-code" => exit_code = Some(v.parse::<i32>().map_err(|_| format!("invalid exit-code {v:?}: want a whole number"))?),
            "fail-readiness" => b.fail_readiness = boolean(k, v)?,
            "missing" => b.missing = boolean(k, v)?,
            _ => return Err(format!("unknown setting {k:?}: want ready-after, crash-after, exit-code, exit-after, fail-readiness, missing or reset")),
        }
    }
    match (crash_after, exit_after, exit_code) {
        (Some(_), Some(_), _) => return Err("crash-after and exit-after cannot both be set".into()),
        (Some(_), None, Some(0)) => {
            return Err("crash-after needs a non-zero exit-code (use exit-after to exit 0)".into())
        }
        (Some(s), None, code) => b.exit_after = Some((s, code.unwrap_or(1))),
        (None, Some(s), code) => b.exit_after = Some((s, code.unwrap_or(0))),
        (None, None, Some(code)) => match b.exit_after {
            Some((s, _)) => b.exit_after = Some((s, code)),
            None => return Err("exit-code needs crash-after or exit-after".into()),
        },
        (None, None, None) => {}
    }
    Ok(Some(b))
}

/// `sim explain pod`: the pod's status story, then the scheduler's view.
fn explain_pod(engine: &Engine, ns: &str, name: &str, out: &mut Output) {
    let Some(obj) = engine.store().get_by(Kind::Pod, ns, name) else {
        out.error(&format!(
            "Error from server (NotFound): pods \"{name}\" not found"
        ));
        return;
    };
    let Some(pod) = obj.as_pod() else { return };
    let now = engine.now();
    let (ready, status, restarts) = ready_status_restarts(pod, now);
    out.out(&format!(
        "Pod {ns}/{name}: {status}, {ready} ready, {restarts} restarts, phase {}",
        pod.phase()
    ));
    match pod.node_name() {
        Some(n) => out.out(&format!(
            "  node: {n}{}",
            if engine.world().sim.failed_nodes.contains(n) {
                " (failed: its kubelet is down)"
            } else {
                ""
            }
        )),
        None => out.out("  node: none yet"),
    }
    if let Some(t) = pod.metadata.deletion_timestamp {
        out.out(&format!(
            "  being deleted: the grace period ends at {}",
            t.rfc3339()
        ));
    }
    for c in pod
        .status
        .init_container_statuses
        .iter()
        .map(|c| ("init container", c))
        .chain(
            pod.status
                .container_statuses
                .iter()
                .map(|c| ("container", c)),
        )
    {
        out.out(&format!(
            "  {} {}: {}",
            c.0,
            c.1.name,
            container_story(c.1, now)
        ));
    }
    let mut events: Vec<_> = engine
        .store()
        .list(Kind::Event, Some(ns))
        .filter_map(|o| match &**o {
            Object::Event(e)
                if e.involved_object.kind.as_deref() == Some("Pod")
                    && e.involved_object.name.as_deref() == Some(name) =>
            {
                Some(e.clone())
            }
            _ => None,
        })
        .collect();
    kubeplay_model::sort::sort_by_key(&mut events, |e| e.last_seen());
    if !events.is_empty() {
        out.out("  recent events:");
        for e in events.iter().rev().take(5).rev() {
            let age = e
                .last_seen()
                .map(|t| human(now.millis() - t.millis()))
                .unwrap_or_default();
            let count = Some(e.times_seen())
                .filter(|c| *c > 1)
                .map(|c| format!(" (x{c})"))
                .unwrap_or_default();
            out.out(&format!(
                "    {age} ago {} {}{count}: {}",
                e.type_.as_deref().unwrap_or("Normal"),
                e.reason.as_deref().unwrap_or(""),
                e.message.as_deref().unwrap_or("")
            ));
        }
    }
    out.out(&kubeplay_engine::scheduler::explain(engine.world(), pod).render());
}

fn container_story(c: &ContainerStatus, now: kubeplay_model::Time) -> String {
    let s = &c.state;
    let mut line = if let Some(w) = &s.waiting {
        let mut l = format!(
            "waiting ({})",
            w.reason.as_deref().unwrap_or("unknown reason")
        );
        if let Some(m) = w.message.as_deref().filter(|m| !m.is_empty()) {
            l.push_str(&format!(": {m}"));
        }
        l
    } else if let Some(r) = &s.running {
        let since = r
            .started_at
            .map(|t| format!(" for {}", human(now.millis() - t.millis())))
            .unwrap_or_default();
        format!(
            "running{since}, {}",
            if c.ready { "ready" } else { "not ready" }
        )
    } else if let Some(t) = &s.terminated {
        format!(
            "terminated ({}, exit code {})",
            t.reason.as_deref().unwrap_or("unknown reason"),
            t.exit_code
        )
    } else {
        "not started".to_string()
    };
    if let Some(t) = &c.last_state.terminated {
        line.push_str(&format!(
            "; last run: {} with exit code {}",
            t.reason.as_deref().unwrap_or("terminated"),
            t.exit_code
        ));
    }
    line
}

fn client_label(s: &Stream) -> String {
    match &s.client.pod {
        Some(p) => format!("pod {p} ({})", s.client.ip),
        None => s.client.ip.clone(),
    }
}

/// `sim traffic`: per stream, the requests each pod answered (in total and
/// in the last whole second) and the failures.
fn traffic_table(engine: &Engine, out: &mut Output) {
    let streams = engine.traffic();
    if streams.is_empty() {
        out.out("no traffic is being sent (start some with \"sim traffic svc/NAME --rps N\")");
        return;
    }
    let now = engine.now();
    for (i, s) in streams.iter().enumerate() {
        if i > 0 {
            out.out("");
        }
        let ns = if s.service.namespace == "default" {
            String::new()
        } else {
            format!(" -n {}", s.service.namespace)
        };
        out.out(&format!(
            "service/{}{ns}: {} requests/s to port {} from {}, {} sent",
            s.service.name,
            s.rps,
            s.port,
            client_label(s),
            s.sent
        ));
        // The last whole second before now.
        let last = s
            .seconds
            .iter()
            .rev()
            .find(|b| b.at.plus_millis(1000) <= now && b.at.plus_millis(2000) > now);
        let width = s.per_pod.keys().map(String::len).max().unwrap_or(3).max(3);
        if !s.per_pod.is_empty() {
            out.out(&format!("{:<width$}   REQUESTS   LAST SECOND", "POD"));
            for (pod, n) in &s.per_pod {
                let recent = last.and_then(|b| b.per_pod.get(pod)).copied().unwrap_or(0);
                out.out(&format!("{pod:<width$}   {n:<8}   {recent}"));
            }
        }
        for (msg, n) in &s.failed {
            out.out(&format!("{n} × {msg}"));
        }
    }
}

fn curl(
    engine: &mut Engine,
    namespace: Option<&str>,
    from: Option<&str>,
    count: u32,
    url: &str,
    out: &mut Output,
) {
    let ns = namespace.unwrap_or("default");
    let (client_ns, client_ip) = match from {
        Some(pod) => match client_pod(engine.world(), ns, pod) {
            Some(c) => c,
            None => {
                out.error(&format!(
                    "Error from server (NotFound): pods \"{pod}\" not found"
                ));
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
            Route::External { ip, port } => {
                *answered.entry(format!("{ip}:{port}")).or_default() += 1;
                last = Some(format!("sent to {ip}:{port}, outside the simulated cluster (what answers there is not simulated)"));
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
