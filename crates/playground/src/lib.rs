//! The one facade every front end uses. A [`Playground`] is a simulated
//! cluster plus a kubectl terminal over it, with stepping, time travel and
//! the views the UI draws. The web crate, the `kubeplay` CLI and the JS
//! embedding all go through this type and nothing else.
//!
//! Architecture invariant: no web-sys, no I/O, no wall-clock time. The
//! caller owns the clock that paces "play"; the engine's clock is virtual.

mod attached;
mod cache;
mod complete;
mod editing;
mod kubectl_edit;
mod export;
mod graph;
pub mod import;
pub mod lessons;
mod rollout;
pub mod share;
mod shell;
mod traffic;
pub mod transcript;
pub mod urls;
mod views;
pub mod whatif;

pub use attached::USER_PROMPT;
pub use complete::Completion;
pub use editing::{Diagnostic, RunOutcome, Severity};
pub use graph::{FieldChangeView, GraphEdge, GraphObject, GraphView, Relation, WriteView};
pub use import::{ImportEntry, ImportError, ImportReport};
pub use rollout::RolloutView;
pub use traffic::{FailureCount, PodTraffic, RequestView, StreamView, TrafficView};
pub use views::{ClusterView, EventView, NodeView, PodView, StepView, WorkloadView};
/// The model's compact stable sort, for the page's own lists: the standard
/// one is compiled whole per element type and comparator.
pub use kubeplay_model::sort;
pub use whatif::{WhatIfReport, WhatIfRow};
/// Here-documents as every reader of multi-line text finds them: a line
/// that opens some is followed by their bodies, not by commands.
pub use kubeplay_kubectl::shell::{heredocs, read_heredocs, HereDoc, HereDocBodies};
/// Whether lines make a complete command or bash would read on: every
/// reader of lines (scripts, transcripts, the web terminal) asks this.
pub use kubeplay_kubectl::shell::{CommandReader, Incomplete};

/// Namespaces of the cluster's own machinery, which the graph, the
/// rollout panel and the chaos buttons leave out: kube-system, and the one
/// kind runs its local-path provisioner in.
pub fn is_system_namespace(ns: &str) -> bool {
    matches!(ns, "kube-system" | "local-path-storage")
}

use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_kubectl::exec::sim::SimJob;
use kubeplay_kubectl::exec::config::{self, Kubeconfig};
use kubeplay_kubectl::exec::{run_line, sim, Io, LineOutcome, Output};
use serde::Serialize;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// The default example: the nginx Deployment from the Kubernetes docs.
pub const DEFAULT_EXAMPLE: &str = include_str!("../../../static/examples/nginx-deployment.yaml");

/// Longest command line the terminal accepts.
pub const MAX_LINE: usize = 64 * 1024;

/// Most steps one [`Playground::step_filtered`] runs looking for a step
/// that changes something (as many as one `sim step` may run).
pub const MAX_SKIP: usize = sim::MAX_STEPS as usize;

/// Play's pace at speed 1: reconcile steps shown per second of wall time
/// (slow enough to follow the graph change). Speed S shows S times as many.
pub const PLAY_STEPS_PER_SECOND: f64 = 2.0;
/// Most steps one frame of play shows, so that a frame stays short.
pub const MAX_PLAY_STEPS_PER_FRAME: usize = 8;
/// Longest wall-time gap between frames play counts: a page that was
/// hidden resumes where it was rather than catching up.
pub const MAX_PLAY_GAP_MS: f64 = 250.0;

/// What one frame of play did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayFrame {
    /// The steps to show, oldest first (with no-ops hidden, the steps
    /// that changed something; the hidden ones ran too).
    pub steps: Vec<StepView>,
    /// Engine steps run, hidden no-ops included.
    pub ran: usize,
    /// Nothing was left to run: play has stopped.
    pub done: bool,
}

/// Which steps a move or a list counts: every reconcile, or only those
/// that changed something (writes or events), hiding the no-op steps. A
/// hidden no-op still runs: it only does not stop a step forward or back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StepFilter {
    #[default]
    All,
    Changes,
}

impl StepFilter {
    fn shows(self, step: &kubeplay_engine::Step) -> bool {
        self == StepFilter::All || !step.is_noop()
    }
}

/// What one command printed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CommandOutput {
    /// What the command wrote to standard output.
    pub stdout: String,
    /// What it wrote to standard error (kubectl's errors and warnings).
    pub stderr: String,
    /// Whether the command failed (kubectl's exit status was non-zero).
    pub failed: bool,
    /// The exit status where the command gave one other than 0 or 1
    /// (see [`CommandOutput::status`]).
    #[serde(skip)]
    pub code: Option<i32>,
    /// Where each write to stderr fell among stdout's (see [`Self::pieces`]).
    #[serde(skip)]
    pub stderr_at: Vec<kubeplay_kubectl::exec::Mark>,
}

impl CommandOutput {
    /// The exit status a shell's `$?` reads.
    pub fn status(&self) -> i32 {
        self.code.unwrap_or(i32::from(self.failed))
    }

    /// Ends with exit status `status` (`code` is kept only when `failed`
    /// alone does not say it).
    pub fn set_status(&mut self, status: i32) {
        self.failed = status != 0;
        self.code = (!matches!(status, 0 | 1)).then_some(status);
    }

    /// The two streams in the order they were written, as a terminal shows
    /// them: a warning kubectl writes before its result comes first.
    pub fn pieces(&self) -> Vec<(bool, &str)> {
        kubeplay_kubectl::exec::interleave(&self.stdout, &self.stderr, &self.stderr_at)
    }

    /// The terminal's text for this command.
    pub fn shown(&self) -> String {
        kubeplay_kubectl::exec::shown(&self.stdout, &self.stderr, &self.stderr_at)
    }
}

impl From<Output> for CommandOutput {
    fn from(o: Output) -> Self {
        CommandOutput {
            stdout: o.stdout,
            stderr: o.stderr,
            failed: o.failed,
            code: o.code,
            stderr_at: o.stderr_at,
        }
    }
}

fn error(msg: String) -> CommandOutput {
    let mut out = Output::default();
    out.error(&msg);
    out.into()
}

/// A playground session. Cloning is cheap (see `Engine`).
#[derive(Clone)]
pub struct Playground {
    seed: u64,
    engine: Engine,
    /// Files `kubectl apply -f NAME` can read (a lesson's manifests, or
    /// what `> NAME` wrote).
    files: BTreeMap<String, String>,
    /// Views of objects as of the last [`Playground::view`] and
    /// [`Playground::graph`], reused for objects that did not change.
    cache: RefCell<cache::ViewCache>,
    /// A long `sim` command started by `run_outcome`, still running.
    job: Option<SimJob>,
    /// Play's steps owed and not shown yet (fractions carry over).
    play_owed: f64,
    /// The terminal's kubeconfig: client state, so time travel leaves it be.
    kubeconfig: Kubeconfig,
    /// The terminal's shell variables (`NAME=value`, `export`): client
    /// state too, rebuilt by replaying a session's lines.
    vars: BTreeMap<String, String>,
    /// The shell's `$?` and its per-line loop budget.
    shell: shell::State,
    /// `kubectl port-forward`s running in the background: client state.
    forwards: kubeplay_kubectl::exec::portforward::Forwards,
    /// What the page downloaded for `-f URL` (see the urls module), kept
    /// apart from the files: client state, shared between clones.
    urls: BTreeMap<String, Result<std::sync::Arc<str>, urls::FetchError>>,
    /// The container shell the terminal is attached to (see the attached
    /// module): client state.
    attached: Option<Box<kubeplay_kubectl::exec::container_shell::ContainerShell>>,
    /// `kubectl run -i` runs left attached to endless loops, by the
    /// process id of their job (see the attached module): client state.
    loops: Vec<(u32, kubeplay_kubectl::exec::run_attach::RunEnd)>,
    /// A database client's prompt the terminal is attached to (`kubectl
    /// run -it … -- mysql`): client state.
    client: Option<Box<kubeplay_kubectl::exec::run_attach::Client>>,
    /// `kubectl edit`'s editor: the command's environment, the temp files
    /// drawn, an edit open in the page (see the kubectl_edit module):
    /// client state.
    edit: kubectl_edit::EditState,
}

/// What running a line did: printed its output, or started a long command.
enum Ran {
    Printed(CommandOutput),
    Started,
}

impl Default for Playground {
    fn default() -> Self {
        Self::new(1)
    }
}

impl Playground {
    /// A fresh default cluster whose random choices are fixed by `seed`.
    pub fn new(seed: u64) -> Playground {
        Playground {
            seed,
            engine: Engine::with_default_cluster(seed),
            files: BTreeMap::new(),
            cache: RefCell::default(),
            job: None,
            play_owed: 0.0,
            kubeconfig: Kubeconfig::default(),
            vars: BTreeMap::new(),
            shell: shell::State::default(),
            forwards: Default::default(),
            urls: BTreeMap::new(),
            attached: None,
            loops: Vec::new(),
            client: None,
            edit: Default::default(),
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The engine, for read-only views beyond the ones offered here.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Runs one terminal command (`kubectl …` or `sim …`, or a pipeline of
    /// them and text tools, with shell variables: see the shell module),
    /// with optional standard input (for `apply -f -`). A command may span
    /// lines as bash reads them (a trailing `\`, an open quote or compound
    /// command, a trailing `|`); a line that opens here-documents (`cat
    /// <<EOF | kubectl apply -f -`) is followed in `line` by their bodies,
    /// each up to its closing line, as a script writes them.
    pub fn run(&mut self, line: &str, stdin: Option<&str>) -> CommandOutput {
        if let Some(out) = self.run_attached(line, stdin) {
            return out;
        }
        let notices = self.job_notices();
        self.shell.typed = true;
        let out = match self.run_line(line, stdin, false) {
            Ran::Printed(out) => out,
            // Not reached: nothing is sliced here.
            Ran::Started => self.work(usize::MAX).unwrap_or_default(),
        };
        shell::with_notices(notices, out)
    }

    /// `text` is one command: its lines as typed (see the shell's `lines`
    /// module: a command may go on over several), here-documents' bodies
    /// and closing lines after the lines that open them.
    fn run_line(&mut self, text: &str, stdin: Option<&str>, sliced: bool) -> Ran {
        // A line ending in `\` at the end of the input: bash drops the
        // backslash with the newline it escapes.
        let read = (text.contains('\n') || text.ends_with('\\')).then(|| kubeplay_kubectl::shell::read_text(text));
        let (line, rest) = match &read {
            Some(r) => (r.syntax(), (!r.bodies().is_empty()).then(|| r.bodies().join("\n"))),
            None => (text, None),
        };
        let rest = rest.as_deref();
        let aliased = std::mem::take(&mut self.shell.typed).then(|| shell::alias::expand(line, &self.shell.aliases, MAX_LINE)).flatten();
        let line = aliased.as_deref().unwrap_or(line);
        if shell::alias::loads_completion(line) {
            self.shell.status = 0;
            let mut out = Output::default();
            out.note("(playground) the terminal completes kubectl's commands, flags and names with Tab");
            return Ran::Printed(out.into());
        }
        if line.len() > MAX_LINE {
            return Ran::Printed(error(format!(
                "error: the command line is longer than {MAX_LINE} bytes"
            )));
        }
        match kubeplay_kubectl::shell::parse_list(line) {
            Ok(list) => match list.simple() {
                Some(p) if !p.heredocs.is_empty() => return self.run_heredocs(p, rest.unwrap_or_default(), stdin, sliced),
                Some(p) if self.is_call(p) => return self.run_list(&list, line, rest, stdin),
                Some(p) if !shell::is_plain_command(p) => return self.run_shell(p, stdin, sliced),
                None if !list.items.is_empty() => return self.run_list(&list, line, rest, stdin),
                _ => {}
            },
            // kubectl's own parser words a quote left open.
            Err(kubeplay_kubectl::shell::ShellError::UnterminatedQuote { quote: '\'' | '"', .. }) => {}
            Err(e) => {
                self.shell.status = 2;
                return Ran::Printed(error(format!("error: {e}")));
            }
        }
        // kubectl loads the files $KUBECONFIG lists, when it lists any.
        self.kubeconfig.env = self.environment().remove("KUBECONFIG");
        let (files, urls) = (&self.files, &self.urls);
        let read = move |name: &str| match name.strip_prefix('\0') {
            // kubectl asks for why a URL has no body with the URL after a NUL, which no file name holds.
            Some(url) => urls::error_for(url, urls.get(url)),
            None if kubeplay_kubectl::exec::is_url(name) => match urls.get(name) {
                Some(Ok(body)) if urls::error_for(name, None).is_none() => Some(body.to_string()),
                _ => None,
            },
            None => shell::files::read(files, name),
        };
        let io = Io {
            stdin,
            read_file: if files.is_empty() && urls.is_empty() && !line.contains("://") { None } else { Some(&read) },
            kubeconfig: Some(&self.kubeconfig),
        };
        let out: CommandOutput = match run_line(line, &mut self.engine, io) {
            LineOutcome::Done(mut out) => {
                self.keep_session(&mut out);
                self.keep_held(&mut out, line);
                if let Err(e) = shell::files::keep(&mut self.files, std::mem::take(&mut out.local_writes), shell::MAX_VARIABLES) {
                    out.error(&e);
                }
                out.into()
            }
            LineOutcome::Sim(cmd) => {
                if sliced {
                    if let Some(job) = SimJob::start(&cmd, &self.engine) {
                        self.job = Some(job);
                        return Ran::Started;
                    }
                }
                let mut out = Output::default();
                sim::run(&cmd, &mut self.engine, &mut out);
                if let kubeplay_kubectl::cli::SimCommand::Seed(s) = cmd {
                    if !out.failed {
                        self.seed = s;
                    }
                }
                out.into()
            }
            LineOutcome::Config(cmd) => {
                let mut out = Output::default();
                config::run(&cmd, &mut self.kubeconfig, &mut out);
                out.into()
            }
            LineOutcome::Unhandled(inv) => match &inv.command {
                // A forward outlives the command: the session keeps it.
                kubeplay_kubectl::cli::Command::PortForward(pf) => {
                    let mut out = Output::default();
                    let pid = self.background_pid();
                    if kubeplay_kubectl::exec::portforward::run(pf, &inv, &mut self.engine, &mut self.forwards, pid, &mut out) {
                        self.adopt_job(pid, line);
                    }
                    out.into()
                }
                kubeplay_kubectl::cli::Command::Proxy(p) => {
                    let mut out = Output::default();
                    let pid = self.background_pid();
                    if kubeplay_kubectl::exec::proxy::run(p, &mut self.forwards, pid, self.engine.now(), &mut out) {
                        self.adopt_job(pid, line);
                        if self.shell.jobs.background_pid.is_none() {
                            let port = self.forwards.proxies.last().map_or(0, |p| p.port);
                            out.note(&format!("(playground) the proxy runs in the background, as kubectl proxy & would: curl localhost:{port}/… on this machine reaches the API server through it; jobs lists it, kill %N stops it"));
                        }
                    }
                    out.into()
                }
                kubeplay_kubectl::cli::Command::Edit(_) | kubeplay_kubectl::cli::Command::Create(_) if kubeplay_kubectl::exec::edit::opens_editor(&inv.command) => {
                    let opened = kubeplay_kubectl::exec::edit::open(&inv, &self.engine, io);
                    self.run_edit(opened)
                }
                other => error(format!(
                    "error: {} is not available in this build of the playground yet",
                    kubeplay_kubectl::cli::command_name(other)
                )),
            },
        };
        self.shell.status = out.status();
        Ran::Printed(out)
    }

    /// The process id a background kubectl started now takes: the one
    /// `cmd &` drew for it, or a new one.
    fn background_pid(&mut self) -> u32 {
        match self.shell.jobs.background_pid {
            Some(pid) => pid,
            None => self.shell.jobs.spawn(),
        }
    }

    /// Keeps a forward or proxy started without `&` as a job, so `jobs`
    /// lists it and `kill` stops it (`cmd &` made its own job already).
    fn adopt_job(&mut self, pid: u32, line: &str) {
        if self.shell.jobs.background_pid.is_none() {
            self.shell.jobs.adopt(pid, line.trim());
        }
    }

    /// bash's notices, at a prompt, for the background jobs that have
    /// ended since the last one (a forward whose pod is gone).
    fn job_notices(&mut self) -> String {
        let mut text = String::new();
        for pid in self.shell.jobs.running() {
            if self.loop_ended(pid) {
                if let Some(n) = self.shell.jobs.end(pid, shell::JobState::Exited(1)) {
                    text.push_str(&n);
                    text.push('\n');
                }
                continue;
            }
            if self.is_loop(pid) {
                continue;
            }
            if !self.forwards.alive(pid, &self.engine) && self.shell.jobs.background_pid != Some(pid) {
                // kubectl port-forward exits 1 once its pod is gone.
                if let Some(n) = self.shell.jobs.end(pid, shell::JobState::Exited(1)) {
                    text.push_str(&n);
                    text.push('\n');
                }
            }
        }
        text
    }

    /// Runs at most `budget` more steps of the long command that
    /// [`Playground::run_outcome`] started ([`RunOutcome::Running`]);
    /// its output once it has finished.
    pub fn work(&mut self, budget: usize) -> Option<CommandOutput> {
        let job = self.job.as_mut()?;
        if !job.run(&mut self.engine, budget) {
            return None;
        }
        let out: CommandOutput = self.job.take()?.into_output().into();
        Some(self.shell.job_done(out))
    }

    /// Steps run so far by the long command in progress, if one is.
    pub fn working(&self) -> Option<usize> {
        self.job.as_ref().map(SimJob::steps)
    }

    /// Puts a file where `kubectl apply -f NAME` (and `create -f`, …) finds it.
    pub fn set_file(&mut self, name: &str, text: &str) {
        self.files.insert(name.to_string(), text.to_string());
    }

    /// The URLs `line` reads (`kubectl apply -f https://…`) that the page
    /// still has to download before running it: never downloaded, or
    /// downloading failed (a retyped line tries again). Each comes with
    /// the address to download it from (see [`urls::fetch_address`]).
    pub fn missing_urls(&self, line: &str) -> Vec<(String, String)> {
        urls::needed(line)
            .into_iter()
            .filter(|u| !matches!(self.urls.get(u), Some(Ok(_))))
            .filter_map(|u| urls::fetch_address(&u).map(|a| (u, a)))
            .collect()
    }

    /// What downloading `url` gave, for the lines that read it from now on.
    pub fn set_url(&mut self, url: &str, body: Result<String, urls::FetchError>) {
        let body = body.and_then(|b| if b.len() > urls::MAX_URL_BODY { Err(urls::FetchError::TooLarge) } else { Ok(std::sync::Arc::from(b)) });
        self.urls.insert(url.to_string(), body);
    }

    /// A file put there by [`Playground::set_file`].
    pub fn file(&self, name: &str) -> Option<&str> {
        self.files.get(name).map(String::as_str)
    }

    /// The user's objects as clean, apply-ready multi-document YAML
    /// (see the export module for what is left out).
    pub fn export(&self) -> String {
        export::export(&self.engine, &Engine::with_default_cluster(self.seed))
    }

    /// `kubectl apply -f -` with the given manifests.
    pub fn apply(&mut self, manifests: &str) -> CommandOutput {
        self.run("kubectl apply -f -", Some(manifests))
    }

    /// One reconcile step; None when nothing is due.
    pub fn step(&mut self) -> Option<StepView> {
        self.engine.step().map(StepView::from)
    }

    /// Runs until the cluster stops changing (at most 10 virtual minutes).
    pub fn settle(&mut self) -> bool {
        self.engine.settle(DEFAULT_SETTLE_MS).converged
    }

    /// Advances virtual time, running everything due on the way.
    pub fn advance(&mut self, ms: i64) -> usize {
        self.engine.advance(ms)
    }

    /// How far behind the API server the controllers' informer caches
    /// are (`sim cache-lag`), in milliseconds; 0 when they are not.
    pub fn cache_lag_ms(&self) -> i64 {
        self.engine.cache_lag_ms()
    }

    /// Makes the controllers of kube-controller-manager see each change
    /// `ms` after it is written (`sim cache-lag`; 0 turns it off; at most
    /// a minute). Part of the cluster's state: time travel takes it back.
    pub fn set_cache_lag(&mut self, ms: i64) {
        self.engine.set_cache_lag(ms);
    }

    /// One step forward as `filter` counts them: with
    /// [`StepFilter::Changes`], every no-op up to the next step that
    /// changes something runs too (at most [`MAX_SKIP`] steps). The step
    /// it stopped on; None when nothing ran. When the work ran out before
    /// anything changed, the last no-op that ran.
    pub fn step_filtered(&mut self, filter: StepFilter) -> Option<StepView> {
        let mut last = None;
        for _ in 0..MAX_SKIP {
            let Some(step) = self.engine.step() else { break };
            let shown = filter.shows(step);
            last = Some(StepView::from(step));
            if shown {
                break;
            }
        }
        last
    }

    /// One step back as `filter` counts them: to just after the latest
    /// earlier step it shows (or to the earliest step still recorded).
    /// False when already there.
    pub fn back_filtered(&mut self, filter: StepFilter) -> bool {
        match self.engine.back_target(filter == StepFilter::Changes) {
            Some(target) => self.engine.jump(target),
            None => false,
        }
    }

    /// Starts play: its first step comes with the next frame, at once.
    pub fn play_start(&mut self) {
        self.play_owed = 1.0;
    }

    /// One animation frame of play: `elapsed_ms` of wall time after the
    /// previous frame (0 for the first), at `speed` times
    /// [`PLAY_STEPS_PER_SECOND`] steps per second, counted as `filter`
    /// counts them. Runs the steps now due (at most
    /// [`MAX_PLAY_STEPS_PER_FRAME`]; gaps over [`MAX_PLAY_GAP_MS`] count as
    /// that) and returns them. The wall clock only paces: the same steps
    /// run whatever the frame rate, and the engine's clock stays virtual.
    pub fn play(&mut self, speed: f64, elapsed_ms: f64, filter: StepFilter) -> PlayFrame {
        let gap = if elapsed_ms.is_finite() { elapsed_ms.clamp(0.0, MAX_PLAY_GAP_MS) } else { 0.0 };
        let rate = if speed.is_finite() { speed.max(0.0) * PLAY_STEPS_PER_SECOND } else { 0.0 };
        self.play_owed += gap / 1000.0 * rate;
        // A hair over the floor: 60 frames of 1/60 s add up to a little
        // under one second in binary, and the step is due all the same.
        let due = ((self.play_owed + 1e-9).floor() as usize).min(MAX_PLAY_STEPS_PER_FRAME);
        self.play_owed = (self.play_owed - due as f64).max(0.0);
        let before = self.engine.cursor();
        let mut frame = PlayFrame::default();
        for _ in 0..due {
            match self.step_filtered(filter) {
                Some(s) => frame.steps.push(s),
                None => {
                    frame.done = true;
                    self.play_owed = 0.0;
                    break;
                }
            }
        }
        frame.ran = self.engine.cursor().saturating_sub(before);
        frame
    }

    /// Goes back (or forward) to just after step `index` (0 = before all).
    pub fn jump(&mut self, index: usize) -> bool {
        self.engine.jump(index)
    }

    /// Steps applied so far, and how many are recorded in all (more after a jump back).
    pub fn position(&self) -> (usize, usize) {
        (self.engine.cursor(), self.engine.recorded())
    }

    /// The applied steps, newest last.
    pub fn steps(&self, last: usize) -> Vec<StepView> {
        self.steps_filtered(last, StepFilter::All)
    }

    /// The last `last` applied steps that `filter` shows, newest last.
    pub fn steps_filtered(&self, last: usize, filter: StepFilter) -> Vec<StepView> {
        let mut out: Vec<StepView> = self
            .engine
            .trace()
            .iter()
            .rev()
            .filter(|s| filter.shows(s))
            .take(last)
            .map(StepView::from)
            .collect();
        out.reverse();
        out
    }

    /// The scheduler's per-node explanation for a pod, as text; None when
    /// there is no such pod.
    pub fn scheduling(&self, namespace: &str, name: &str) -> Option<String> {
        views::scheduling_text(&self.engine, namespace, name)
    }

    /// What the UI draws now. Pods and events that did not change since
    /// the last call are the same `Rc`s as in the view it returned.
    pub fn view(&self) -> ClusterView {
        match self.cache.try_borrow_mut() {
            Ok(mut cache) => views::cluster_view(&self.engine, &mut cache),
            Err(_) => views::cluster_view(&self.engine, &mut cache::ViewCache::default()),
        }
    }

    /// The `sim traffic` streams: requests per Service per pod, and the
    /// latest requests with their virtual times (for animating dots along
    /// the Service → Pod edges).
    pub fn traffic(&self) -> TrafficView {
        traffic::traffic_view(&self.engine)
    }

    // ---- for front ends with an editor and a graph (the web app) ----

    /// Like [`Playground::run`], but `kubectl edit` opens the objects in
    /// the front end's editor instead of failing for want of `$EDITOR`, and
    /// a long `sim advance|settle|step` only starts: the front end runs it
    /// with [`Playground::work`] a slice at a time, so the page never
    /// freezes (the same steps run as in one go).
    pub fn run_outcome(&mut self, line: &str) -> RunOutcome {
        if let Some(out) = self.run_attached(line, None) {
            return RunOutcome::Printed(out);
        }
        let notices = self.job_notices();
        self.edit.page = true;
        self.shell.typed = true;
        let ran = self.run_line(line, None, true);
        self.edit.page = false;
        match ran {
            Ran::Printed(out) if self.edit.opened => self.take_opened(shell::with_notices(notices, out)),
            Ran::Printed(out) => RunOutcome::Printed(shell::with_notices(notices, out)),
            Ran::Started => {
                self.shell.notices = notices;
                RunOutcome::Running
            }
        }
    }

    /// The decoder's located errors and warnings for manifests being typed,
    /// knowing only the built-in kinds.
    pub fn diagnostics(text: &str) -> Vec<Diagnostic> {
        editing::diagnostics(text)
    }

    /// [`Playground::diagnostics`] knowing the kinds this cluster's CRDs serve.
    pub fn diagnostics_here(&self, text: &str) -> Vec<Diagnostic> {
        kubeplay_model::custom_kind::with_served(self.engine.served_custom_kinds(), || editing::diagnostics(text))
    }

    /// Tab completion of the line's last word.
    pub fn complete(&self, line: &str) -> Completion {
        if line.len() > MAX_LINE {
            return Completion::default();
        }
        complete::complete(&self.engine, line, self.kubeconfig.namespace())
    }

    /// The ownership graph's relations (with why) and its non-workload objects.
    pub fn graph(&self) -> GraphView {
        match self.cache.try_borrow_mut() {
            Ok(mut cache) => graph::graph_view(&self.engine, &mut cache),
            Err(_) => graph::graph_view(&self.engine, &mut cache::ViewCache::default()),
        }
    }

    /// Every Deployment's rollout budget, as its controller computes it.
    pub fn rollouts(&self) -> Vec<RolloutView> {
        rollout::rollouts(&self.engine)
    }

    /// The current step's writes with their field diffs.
    pub fn step_writes(&self) -> Vec<WriteView> {
        self.engine
            .trace()
            .last()
            .map(graph::write_views)
            .unwrap_or_default()
    }

    /// Recreates a real cluster from `kubectl get … -A -o yaml` output
    /// (see the import module): its nodes replace the default ones.
    pub fn import(&mut self, yaml: &str) -> Result<ImportReport, ImportError> {
        import::import(self, yaml)
    }

    /// Forks the session into two branches, runs script `a` on one and `b`
    /// on the other for `duration_ms` of virtual time, and compares them
    /// (see the whatif module). The session itself is left unchanged.
    pub fn what_if(
        &self,
        a: &str,
        b: &str,
        duration_ms: i64,
    ) -> Result<WhatIfReport, whatif::WhatIfError> {
        whatif::what_if(self, a, b, duration_ms)
    }
}
