//! Running resolved kubectl commands against the simulated cluster. This
//! layer plays both kubectl's client side (builder, printers) and the API
//! server's read path (lists, selectors); writes go through the engine's
//! client so each is a step in the trace.
//!
//! Every kubectl command runs here: the read-only ones against the store
//! at one instant, the writes as user steps through the engine's client,
//! and the waiting ones (`rollout status`, `wait`, `delete`, `drain`) by
//! advancing virtual time.

pub mod apply;
mod create;
mod delete;
mod describe;
mod diff;
pub mod config;
mod discovery;
mod events;
mod explain;
mod fetch;
pub mod fields;
pub mod generate;
mod get;
mod get_watch;
mod help;
mod logs;
mod manifests;
mod meta;
mod nodes;
mod patch;
mod pod_exec;
mod rollout;
mod scale;
pub mod set;
pub mod sim;
pub mod sort;
mod top;
mod validation;
mod view_last_applied;
mod wait;
pub mod waiting;
pub mod write;

pub use fetch::{fetch, Fetched, Scope};
pub use manifests::{read_manifests, ManifestObject};

use crate::cli::{parse_line, Command, Invocation, Line, SimCommand};
use kubeplay_apiserver::Store;
use kubeplay_engine::Engine;
use kubeplay_model::Time;

/// What a command printed, as the terminal shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    /// kubectl's exit status was non-zero.
    pub failed: bool,
}

impl Output {
    /// Appends one line to stdout.
    pub fn out(&mut self, text: &str) {
        self.stdout.push_str(text);
        if !text.ends_with('\n') {
            self.stdout.push('\n');
        }
    }

    /// Appends one line to stderr without failing (warnings, notes).
    pub fn note(&mut self, text: &str) {
        self.stderr.push_str(text);
        if !text.ends_with('\n') {
            self.stderr.push('\n');
        }
    }

    /// Appends an error line (already in kubectl's words) and fails.
    pub fn error(&mut self, text: &str) {
        self.note(text);
        self.failed = true;
    }

    /// A printer's result: its text, or what it wrote before failing (a
    /// go-template's partial output and dump) and then its error.
    pub fn printed(&mut self, result: Result<String, crate::print::gotemplate::Failure>) {
        match result {
            Ok(text) => self.stdout.push_str(&text),
            Err(f) => {
                self.stdout.push_str(&f.stdout);
                self.error(&format!("error: {}", f.error));
            }
        }
    }

    /// Appends everything another output printed, failing if it failed.
    pub fn append(&mut self, other: Output) {
        self.stdout.push_str(&other.stdout);
        self.stderr.push_str(&other.stderr);
        self.failed |= other.failed;
    }
}

/// Reads a named file: its text, or `None` when it does not exist.
pub type ReadFile<'a> = &'a dyn Fn(&str) -> Option<String>;

/// Where `-f` input comes from.
#[derive(Clone, Copy, Default)]
pub struct Io<'a> {
    /// Standard input, for `-f -`.
    pub stdin: Option<&'a str>,
    /// Reads a named file; `None` where there is no file system (the browser).
    pub read_file: Option<ReadFile<'a>>,
    /// The kubeconfig commands run under (its current context's namespace
    /// and cluster); `None` for kind's own, unchanged.
    pub kubeconfig: Option<&'a config::Kubeconfig>,
}

/// What a read-only command sees: the store at one instant.
pub struct Cx<'a> {
    pub store: &'a Store,
    pub now: Time,
    /// `-n`, or `default`.
    pub namespace: &'a str,
    /// Whether `-n` was given (files' namespaces must then agree with it).
    pub explicit_namespace: bool,
    pub io: Io<'a>,
}

/// The server version the simulated cluster reports.
pub const SERVER_VERSION: &str = kubeplay_engine::bootstrap::KUBELET_VERSION;

/// Runs a command (always `Some`; `None` is kept for commands a future
/// front end may want to route elsewhere).
pub fn execute(inv: &Invocation, engine: &mut Engine, io: Io) -> Option<Output> {
    let mut out = Output::default();
    for w in &inv.warnings {
        out.note(w);
    }
    let o = &mut out;
    match &inv.command {
        Command::Apply(a) => apply::run(a, inv, engine, io, o),
        Command::Create(c) => create::create(c, inv, engine, io, o),
        Command::Run(r) => create::run(r, inv, engine, o),
        Command::Expose(x) => create::expose(x, inv, engine, io, o),
        Command::Delete(d) => delete::run(d, inv, engine, io, o),
        Command::Patch(p) => patch::patch(p, inv, engine, io, o),
        Command::Replace(r) => patch::replace(r, inv, engine, io, o),
        Command::Taint(t) => nodes::taint(t, inv, engine, io, o),
        Command::Cordon(t) => nodes::cordon(t, true, inv, engine, io, o),
        Command::Uncordon(t) => nodes::cordon(t, false, inv, engine, io, o),
        Command::Drain(d) => nodes::drain(d, inv, engine, io, o),
        Command::Wait(w) => wait::run(w, inv, engine, io, o),
        Command::Logs(l) => logs::run(l, inv, engine, io, o),
        Command::Exec(x) => pod_exec::run(x, inv, engine, o),
        Command::Top(t) => top::run(t, inv, engine, o),
        Command::Explain(e) => explain::run(e, o),
        Command::Help { path } => help::run(path, o),
        Command::Edit(_) => o.error("error: (playground) kubectl edit opens an editor, which this terminal does not have: edit the object in the playground's editor, or use kubectl apply -f -, kubectl patch or kubectl set"),
        Command::Scale(s) => scale::run(s, inv, engine, io, o),
        Command::Autoscale(a) => scale::autoscale(a, inv, engine, io, o),
        Command::SetImage(s) => set::image(s, inv, engine, io, o),
        Command::SetResources(s) => set::resources(s, inv, engine, io, o),
        Command::SetEnv(s) => set::env(s, inv, engine, io, o),
        Command::SetServiceAccount(s) => set::service_account(s, inv, engine, io, o),
        Command::SetSelector(s) => set::selector(s, inv, engine, io, o),
        Command::Label(u) => meta::run(u, true, inv, engine, io, o),
        Command::Annotate(u) => meta::run(u, false, inv, engine, io, o),
        Command::Rollout(r) => rollout::run(r, inv, engine, io, o),
        Command::Get(g) if g.watch || g.watch_only => get_watch::run(g, inv, engine, io, o),
        _ => return execute_read(inv, engine, io),
    }
    Some(out)
}

/// [`execute`] for commands that never change the cluster.
pub fn execute_read(inv: &Invocation, engine: &Engine, io: Io) -> Option<Output> {
    let cx = Cx {
        store: engine.store(),
        now: engine.now(),
        namespace: write::namespace(inv),
        explicit_namespace: inv.namespace.is_some(),
        io,
    };
    let mut out = Output::default();
    for w in &inv.warnings {
        out.note(w);
    }
    match &inv.command {
        Command::Get(g) => get::run(g, &cx, &mut out),
        Command::Describe(d) => describe::run(d, &cx, &mut out),
        Command::ViewLastApplied(v) => view_last_applied::run(v, &cx, &mut out),
        Command::Diff(d) => diff::run(d, inv, engine, io, &mut out),
        Command::ApiResources(a) => discovery::api_resources(a, &mut out),
        Command::ApiVersions => discovery::api_versions(&mut out),
        Command::Events(e) => events::run(e, &cx, &mut out),
        Command::Version(v) => discovery::version(v, &mut out),
        Command::ClusterInfo => discovery::cluster_info(&cx, &mut out),
        _ => return None,
    }
    Some(out)
}

/// What became of one terminal line.
#[allow(clippy::large_enum_variant)] // one per line
#[derive(Clone, Debug, PartialEq)]
pub enum LineOutcome {
    /// Finished here: a read-only command, a blank line, or a parse error
    /// (already rendered in kubectl's words).
    Done(Output),
    /// A `sim …` line, for the engine's driver.
    Sim(SimCommand),
    /// A kubectl command this layer does not run (writes, waits, help).
    Unhandled(Invocation),
    /// `kubectl config …`, for whoever keeps the kubeconfig
    /// ([`config::run`]).
    Config(crate::cli::ConfigCommand),
}

/// Parses a terminal line and runs it if it is read-only.
pub fn run_line(line: &str, engine: &mut Engine, io: Io) -> LineOutcome {
    match parse_line(line) {
        Err(e) => {
            let mut out = Output::default();
            out.error(&e.to_string());
            LineOutcome::Done(out)
        }
        Ok(Line::Empty) => LineOutcome::Done(Output::default()),
        Ok(Line::Sim(mut s)) => {
            if let (Some(slot), Some(ns)) = (s.namespace_mut(), io.kubeconfig.and_then(|k| k.namespace())) {
                slot.get_or_insert_with(|| ns.to_string());
            }
            LineOutcome::Sim(s)
        }
        Ok(Line::Kubectl(inv)) => {
            if let Command::Config(cmd) = inv.command {
                return LineOutcome::Config(cmd);
            }
            let mut inv = inv;
            if let Some(kc) = io.kubeconfig {
                // kubectl cannot reach the cluster before it can parse
                // anything the server would answer; help still works.
                let context = inv.context.clone().unwrap_or_else(|| kc.current.clone());
                if let (Err(e), false) = (kc.reach_in(&context), matches!(inv.command, Command::Help { .. })) {
                    let mut out = Output::default();
                    out.error(&e);
                    return LineOutcome::Done(out);
                }
                inv.context_namespace = kc.namespace_in(&context).map(str::to_string);
            }
            match execute(&inv, engine, io) {
                Some(out) => LineOutcome::Done(out),
                None => LineOutcome::Unhandled(inv),
            }
        }
    }
}
