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
mod attach;
pub mod auth;
mod auth_reconcile;
mod certificate;
mod cluster_info_dump;
pub mod container_shell;
mod create;
mod debug;
mod delete;
mod describe;
mod diff;
pub mod edit;
mod edit_text;
pub mod config;
mod config_admin;
pub mod config_authn;
mod config_chain;
mod config_edit;
mod config_file;
mod config_view;
mod discovery;
mod events;
mod explain;
mod go_decode;
mod explain_custom;
mod fetch;
pub mod fields;
pub mod generate;
mod get;
mod get_subresource;
mod get_watch;
pub mod host_net;
mod lease_writes;
mod system_writes;
mod events_v1_write;
mod raw;
mod help;
mod logs;
mod logs_command;
mod logs_follow;
mod manifests;
mod meta;
mod nodes;
mod patch;
mod pod_exec;
mod pi_digits;
pub mod portforward;
pub mod proxy;
pub mod run_attach;
mod rollout;
mod scale;
mod tls_pair;
mod token;
pub mod set;
mod set_last_applied;
mod set_subject;
pub mod sim;
pub mod sort;
mod top;
mod validation;
mod view_last_applied;
mod wait;
pub mod waiting;
pub mod write;

pub use fetch::{fetch, Fetched, Scope};
pub use manifests::{is_url, read_manifests, url_error, ManifestObject};

use crate::cli::{parse_line_with_files, Command, Invocation, Line, SimCommand};
use kubeplay_apiserver::Store;
use kubeplay_engine::Engine;
use kubeplay_model::{Kind, Time};

/// What a command printed, as the terminal shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    /// kubectl's exit status was non-zero.
    pub failed: bool,
    /// The exit status itself, where a command knows it (curl's 6, 7 or
    /// 28; the container's code `kubectl run -i` passes on); None: 1 if
    /// failed, else 0 (see [`Output::status`]).
    pub code: Option<i32>,
    /// Where each write to stderr fell among the writes to stdout (see
    /// [`interleave`]): a terminal shows kubectl's warnings where they were
    /// written, before the lines printed after them.
    pub stderr_at: Vec<Mark>,
    /// A shell session in a container the command opened (`exec -it …
    /// -- sh`): the terminal's next lines go to it.
    pub session: Option<Box<container_shell::ContainerShell>>,
    /// Files the command wrote on the user's machine (`kubectl cp POD:F
    /// ./f`), for the front end to keep: (path, text), a path ending in
    /// `/` an empty directory.
    pub local_writes: Vec<(String, String)>,
    /// A `kubectl run -i` still attached after its command returned: a
    /// loop that never ends by itself (the HPA walkthrough's load
    /// generator), which the front end keeps as a job until Ctrl-C
    /// (`run_attach::interrupt`), or a database client's prompt.
    pub held: Option<Box<run_attach::Held>>,
}

/// One write to stderr: the lengths stdout and stderr had when it began.
pub type Mark = (usize, usize);

/// The two streams in the order they were written, as a terminal shows
/// them: each piece of text, and whether it went to stderr. Without marks
/// stderr comes after stdout; stderr written before its first mark goes
/// with that mark's.
pub fn interleave<'a>(stdout: &'a str, stderr: &'a str, marks: &[Mark]) -> Vec<(bool, &'a str)> {
    let mut pieces = Vec::new();
    let mut push = |to_err: bool, text: Option<&'a str>| {
        if let Some(text) = text.filter(|t| !t.is_empty()) {
            pieces.push((to_err, text));
        }
    };
    let (mut out_at, mut err_at) = (0, 0);
    for (i, &(o, _)) in marks.iter().enumerate() {
        // Marks beyond the text (a hand-built output) clamp to it.
        let o = o.clamp(out_at, stdout.len());
        let e = marks.get(i + 1).map_or(stderr.len(), |m| m.1).clamp(err_at, stderr.len());
        push(false, stdout.get(out_at..o));
        push(true, stderr.get(err_at..e));
        (out_at, err_at) = (o, e);
    }
    push(false, stdout.get(out_at..));
    push(true, stderr.get(err_at..));
    pieces
}

/// The terminal's text for one command: the streams interleaved, a stdout
/// piece that does not end its line ended before stderr is shown.
pub fn shown(stdout: &str, stderr: &str, marks: &[Mark]) -> String {
    let mut text = String::with_capacity(stdout.len() + stderr.len() + 1);
    for (to_err, piece) in interleave(stdout, stderr, marks) {
        if to_err && !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(piece);
    }
    text
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
        self.stderr_at.push((self.stdout.len(), self.stderr.len()));
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
        let (o, e) = (self.stdout.len(), self.stderr.len());
        self.stderr_at.extend(other.stderr_at.iter().map(|&(a, b)| (a + o, b + e)));
        self.stdout.push_str(&other.stdout);
        self.stderr.push_str(&other.stderr);
        self.failed |= other.failed;
    }
}

/// Reads a named file: its text, or `None` when it does not exist. A name
/// ending in `/` asks for a directory: its entries, one a line, sorted,
/// subdirectories ending in `/` (`None`: no such directory; `./` is the
/// root, always there). An `http(s)://` name asks for what the front end
/// downloaded, and that name after a NUL for kubectl's error when it has
/// no body (see `manifests::read_manifests`).
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
    // The editor belongs to the front end, which drives `edit::open` and
    // `Session::finish` itself.
    if edit::opens_editor(&inv.command) {
        return None;
    }
    if !changes_cluster(&inv.command) {
        return execute_read(inv, engine, io);
    }
    let mut out = Output::default();
    for w in &inv.warnings {
        out.note(w);
    }
    manifests::kustomize_warnings(inv, io, &mut out);
    let who = {
        let cx = write::cx(engine, inv, io);
        match gate(inv, &cx) {
            Ok(who) => who,
            Err(e) => {
                out.append(*e);
                return Some(out);
            }
        }
    };
    if lease_writes::writes_read_only(inv) {
        out.error(&kubeplay_apiserver::ApiError::MethodNotAllowed.kubectl_message());
        return Some(out);
    }
    if let Some(refusal) = lease_writes::refused_presented_write(inv, io) {
        out.error(refusal);
        return Some(out);
    }
    lease_writes::store_named(inv, engine, io);
    system_writes::store_named(inv, engine, io);
    let stored = system_writes::before_delete(inv, engine);
    // The engine's client authorizes each write as `who` (none: unchecked).
    let before = engine.set_requester(who);
    run_write(inv, engine, io, &mut out);
    engine.set_requester(before);
    system_writes::recreate_deleted(&stored, engine);
    Some(out)
}

/// Whether [`execute`] runs the command itself: all but those
/// [`execute_read`] runs against the store at one instant.
fn changes_cluster(c: &Command) -> bool {
    match c {
        Command::Get(g) => g.watch || g.watch_only,
        Command::GetRaw(_) | Command::Describe(_) | Command::ViewLastApplied(_) | Command::ApiResources(_) | Command::ApiVersions => false,
        Command::Events(_) | Command::Version(_) | Command::Kustomize(_) | Command::ClusterInfo | Command::ClusterInfoDump(_) | Command::Config(_) => false,
        Command::CanI(_) | Command::Whoami { .. } | Command::CreateToken(_) => false,
        // Left to the front end, which keeps the forwards (`portforward::run`).
        Command::PortForward(_) | Command::Proxy(_) => false,
        _ => true,
    }
}

/// Who a command's requests run as (see [`auth::requester`]), once the
/// impersonation and the reads it starts with are allowed; `Err` is what
/// kubectl prints when they are not. Commands that send nothing, and the
/// auth commands (which ask themselves), pass.
fn gate(inv: &Invocation, cx: &Cx) -> Result<Option<kubeplay_apiserver::authz::UserInfo>, Box<Output>> {
    if matches!(
        inv.command,
        Command::Help { .. } | Command::Explain(_) | Command::Version(_) | Command::Kustomize(_) | Command::ApiResources(_) | Command::ApiVersions | Command::Config(_)
    ) || matches!(inv.command, Command::CanI(_) | Command::Whoami { .. } | Command::CreateToken(_))
    {
        return Ok(None);
    }
    let mut out = Output::default();
    let who = auth::requester(inv, cx.store).map_err(|e| {
        out.error(&e);
        Box::new(out.clone())
    })?;
    if let Some(who) = &who {
        if let Err(lines) = auth::check_reads(inv, who, cx) {
            lines.iter().for_each(|l| out.error(l));
            return Err(Box::new(out));
        }
    }
    Ok(who)
}

fn run_write(inv: &Invocation, engine: &mut Engine, io: Io, o: &mut Output) {
    match &inv.command {
        Command::Apply(a) => apply::run(a, inv, engine, io, o),
        Command::Create(c) => create::create(c, inv, engine, io, o),
        Command::Run(r) => create::run(r, inv, engine, io.stdin, o),
        Command::Expose(x) => create::expose(x, inv, engine, io, o),
        Command::Delete(d) => delete::run(d, inv, engine, io, o),
        Command::Patch(p) => patch::patch(p, inv, engine, io, o),
        Command::Replace(r) => patch::replace(r, inv, engine, io, o),
        Command::SetLastApplied(s) => set_last_applied::run(s, inv, engine, io, o),
        Command::AuthReconcile(a) => auth_reconcile::run(a, inv, engine, io, o),
        Command::Taint(t) => nodes::taint(t, inv, engine, io, o),
        Command::Cordon(t) => nodes::cordon(t, true, inv, engine, io, o),
        Command::Uncordon(t) => nodes::cordon(t, false, inv, engine, io, o),
        Command::Drain(d) => nodes::drain(d, inv, engine, io, o),
        Command::Certificate(c) => certificate::run(c, inv, engine, io, o),
        Command::Wait(w) => wait::run(w, inv, engine, io, o),
        Command::Logs(l) => logs::run(l, inv, engine, io, o),
        Command::Exec(x) if container_shell::is_bare_shell(&x.command) => container_shell::exec(x, inv, engine, o),
        Command::Exec(x) => pod_exec::run(x, inv, engine, o),
        Command::Attach(a) => attach::run(a, inv, engine, o),
        Command::Cp(c) => pod_exec::cp::run(c, inv, engine, io, o),
        Command::Debug(d) => debug::run(d, inv, engine, io, o),
        Command::Top(t) => top::run(t, inv, engine, o),
        Command::Explain(e) if matches!(e.kind, kubeplay_model::Kind::Custom(_)) => explain::run_custom(e, engine.store(), o),
        Command::Explain(e) => explain::run(e, o),
        Command::Help { path } => help::run(path, o),
        Command::Scale(s) => scale::run(s, inv, engine, io, o),
        Command::Autoscale(a) => scale::autoscale(a, inv, engine, io, o),
        Command::SetImage(s) => set::image(s, inv, engine, io, o),
        Command::SetResources(s) => set::resources(s, inv, engine, io, o),
        Command::SetEnv(s) => set::env(s, inv, engine, io, o),
        Command::SetServiceAccount(s) => set::service_account(s, inv, engine, io, o),
        Command::SetSelector(s) => set::selector(s, inv, engine, io, o),
        Command::SetSubject(s) => set_subject::run(s, inv, engine, io, o),
        Command::Label(u) => meta::run(u, true, inv, engine, io, o),
        Command::Annotate(u) => meta::run(u, false, inv, engine, io, o),
        Command::Rollout(r) => rollout::run(r, inv, engine, io, o),
        Command::Get(g) if g.watch || g.watch_only => get_watch::run(g, inv, engine, io, o),
        // Read-only, but its server-side dry runs are requests to authorize.
        Command::Diff(d) => diff::run(d, inv, engine, io, o),
        _ => {}
    }
}

/// [`execute`] for commands that never change the cluster.
pub fn execute_read(inv: &Invocation, engine: &Engine, io: Io) -> Option<Output> {
    let view = read_view(&inv.command, engine);
    let cx = Cx {
        store: view.as_ref().unwrap_or(engine.store()),
        now: engine.now(),
        namespace: write::namespace(inv),
        explicit_namespace: inv.namespace.is_some(),
        io,
    };
    let mut out = Output::default();
    for w in &inv.warnings {
        out.note(w);
    }
    manifests::kustomize_warnings(inv, io, &mut out);
    let who = match gate(inv, &cx) {
        Ok(who) => who,
        Err(e) => {
            out.append(*e);
            return Some(out);
        }
    };
    match &inv.command {
        Command::Get(g) => match &who {
            Some(who) => {
                let (allowed, denied) = auth::allowed_get(g, who, &cx);
                // One named object implied: its error alone, not an empty List.
                if g.targets.single_item() && !denied.is_empty() {
                    denied.iter().for_each(|e| out.error(e));
                } else {
                    get::run_denied(&allowed, &cx, &mut out, denied);
                }
            }
            None => get::run(g, &cx, &mut out),
        },
        Command::Describe(d) if who.as_ref().is_some_and(|w| d.show_events && !auth::may_list_events(w, &cx, d.all_namespaces)) => {
            describe::run(&crate::cli::Describe { show_events: false, ..d.clone() }, &cx, &mut out)
        }
        Command::CanI(c) => auth::can_i(c, inv, &cx, &mut out),
        Command::Whoami { output } => auth::whoami(inv, output, cx.store, &mut out),
        Command::CreateToken(t) => token::create_token(t, inv, &cx, &mut out),
        // The API server's proxy reaches into the pods' containers.
        Command::GetRaw(path) if proxy::is_proxy_path(path) => proxy::get_raw(path, engine, &mut out),
        Command::GetRaw(path) => raw::run(path, &cx, &mut out),
        Command::Describe(d) => describe::run(d, &cx, &mut out),
        Command::ViewLastApplied(v) => view_last_applied::run(v, &cx, &mut out),
        Command::Diff(d) => diff::run(d, inv, engine, io, &mut out),
        Command::ApiResources(a) => discovery::api_resources(a, &mut out),
        Command::ApiVersions => discovery::api_versions(&mut out),
        Command::Kustomize(k) => manifests::kustomize(&k.dir, io, &mut out),
        Command::Events(e) => events::run(e, &cx, &mut out),
        Command::Version(v) => discovery::version(v, &mut out),
        Command::ClusterInfo => discovery::cluster_info(&cx, &mut out),
        Command::ClusterInfoDump(d) => cluster_info_dump::run(d, engine, &cx, who.as_ref(), &mut out),
        _ => return None,
    }
    Some(out)
}

/// The store a read of `c` sees: with the system Leases and the
/// ComponentStatuses in it when the command may show them (see
/// [`reads_leases`]).
pub(crate) fn read_view(c: &Command, engine: &Engine) -> Option<Store> {
    reads_leases(c).then(|| {
        let w = engine.world();
        let mut view = kubeplay_engine::leases::with_system_leases(&w.store, &w.sim, w.now);
        kubeplay_engine::component_status::present(&mut view);
        kubeplay_engine::api_services::present(&mut view);
        kubeplay_engine::csi_nodes::present(&mut view);
        kubeplay_engine::flowcontrol::present(&mut view);
        view
    })
}

/// Whether a read may show Leases or ComponentStatuses, so that it reads
/// the store with what the engine presents rather than keeps
/// (`kubeplay_engine::leases`, `kubeplay_engine::component_status`):
/// only then is that copy made.
fn reads_leases(c: &Command) -> bool {
    let any = |t: &crate::cli::Targets, also: Option<Kind>| matches!(t, crate::cli::Targets::Files { .. }) || t.kinds().iter().any(|k| matches!(k, Kind::Lease | Kind::ComponentStatus | Kind::APIService | Kind::CSINode | Kind::FlowSchema | Kind::PriorityLevelConfiguration) || Some(*k) == also);
    match c {
        Command::Get(g) => any(&g.targets, None),
        // A node's page shows its Lease.
        Command::Describe(d) => any(&d.targets, Some(Kind::Node)),
        Command::GetRaw(_) => true,
        _ => false,
    }
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

/// Parses a terminal line and runs it if it is read-only, with the
/// cluster's custom kinds resolvable as kubectl's discovery makes them.
pub fn run_line(line: &str, engine: &mut Engine, io: Io) -> LineOutcome {
    // Warnings a write outside kubectl's printing left are not this line's.
    engine.take_warnings();
    let served = engine.served_custom_kinds();
    kubeplay_model::custom_kind::with_served(served, || run_line_served(line, engine, io))
}

/// Prints the warnings the API server sent with the last write.
pub fn server_warnings(engine: &mut Engine, out: &mut Output) {
    print_warnings(engine.take_warnings(), out);
}

/// Prints warnings a server answered with (a dry run's, taken from its
/// scratch store).
pub fn print_warnings(warnings: Vec<String>, out: &mut Output) {
    for w in warnings {
        let line = format!("Warning: {w}");
        // kubectl's warning handler drops a warning it already printed.
        if !out.stderr.lines().any(|l| l == line) {
            out.note(&line);
        }
    }
}

fn run_line_served(line: &str, engine: &mut Engine, io: Io) -> LineOutcome {
    match parse_line_with_files(line, io.read_file) {
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
                if let Some(path) = &inv.kubeconfig {
                    return LineOutcome::Done(config_file::run(cmd, path, &io));
                }
                if let Some((list, kc)) = env_list(&io) {
                    return LineOutcome::Done(config_chain::run(cmd, list, kc, &io));
                }
                return LineOutcome::Config(config_files(cmd, io));
            }
            let loaded;
            let from_files = match (&inv.kubeconfig, env_list(&io)) {
                (Some(path), _) => Some(config_file::load_resolved(path, &io)),
                (None, Some((list, kc))) => Some(config_chain::load(list, kc, &io)),
                (None, None) => None,
            };
            let io = match from_files {
                Some(loading) => match loading {
                    Ok(kc) => {
                        loaded = kc;
                        Io { kubeconfig: Some(&loaded), ..io }
                    }
                    Err(e) => {
                        let mut out = Output::default();
                        out.error(&e);
                        return LineOutcome::Done(out);
                    }
                },
                None => io,
            };
            let mut inv = inv;
            if let Some(kc) = io.kubeconfig {
                // kubectl cannot reach the cluster before it can parse
                // anything the server would answer; help still works. The
                // user entry is checked first when there is a server to
                // send it to.
                let context = inv.context.clone().unwrap_or_else(|| kc.current.clone());
                let read = |name: &str| io.read_file.and_then(|r| r(name));
                let client = if kc.has_server(&context) { Some(config_authn::client(&inv, kc, &context, &read, io.stdin)) } else { None };
                if let Some(Err(out)) = client {
                    return LineOutcome::Done(*out);
                }
                if let (Err(e), false) = (kc.reach_in(&context), matches!(inv.command, Command::Help { .. })) {
                    let mut out = Output::default();
                    out.error(&e);
                    return LineOutcome::Done(out);
                }
                inv.context_namespace = kc.namespace_in(&context).map(str::to_string);
                if let Some(Ok(client)) = &client {
                    match config_authn::server(&inv, client, engine.store(), engine.now()) {
                        Ok(who) => inv.authenticated = who,
                        Err(out) => return LineOutcome::Done(*out),
                    }
                }
            }
            match execute(&inv, engine, io) {
                Some(out) => LineOutcome::Done(out),
                None => LineOutcome::Unhandled(inv),
            }
        }
    }
}

/// `$KUBECONFIG` when it lists any file, with the kubeconfig kept in
/// memory (`/root/.kube/config`, which the list may name).
fn env_list<'a>(io: &Io<'a>) -> Option<(&'a str, &'a config::Kubeconfig)> {
    let kc = io.kubeconfig?;
    let list = kc.env.as_deref()?;
    (!config_chain::paths(list).is_empty()).then_some((list, kc))
}

/// A config command with the files it reads (see
/// [`crate::cli::ConfigCommand::Files`]), read from the playground's files.
fn config_files(cmd: crate::cli::ConfigCommand, io: Io) -> crate::cli::ConfigCommand {
    let Some(kc) = io.kubeconfig else { return cmd };
    let paths = kc.files_read_by(&cmd);
    if paths.is_empty() {
        return cmd;
    }
    // The terminal's files are named as they were written: below the home
    // directory (`jane.crt`), or by a full path (`/root/certs/jane.crt`).
    let read = |p: &str| io.read_file.and_then(|r| config::file_name(p).and_then(r).or_else(|| r(p)));
    let files = paths.into_iter().map(|p| (p.clone(), read(&p))).collect();
    crate::cli::ConfigCommand::Files { command: Box::new(cmd), files }
}

#[cfg(test)]
mod tests {
    use super::*;

    // drain.go writes its warning between "cordoned" and the evictions, and
    // delete.go its --force warning before anything: a terminal shows
    // them there, not after everything stdout printed.
    #[test]
    fn stderr_shows_where_it_was_written() {
        let mut out = Output::default();
        out.out("node/n cordoned");
        out.note("Warning: ignoring DaemonSet-managed Pods: kube-system/p");
        out.out("evicting pod default/a");
        let mut evicted = Output::default();
        evicted.note("error when evicting (will retry after 5s)");
        evicted.out("pod/a evicted");
        out.append(evicted);
        out.out("node/n drained");
        assert_eq!(
            shown(&out.stdout, &out.stderr, &out.stderr_at),
            "node/n cordoned\nWarning: ignoring DaemonSet-managed Pods: kube-system/p\n\
             evicting pod default/a\nerror when evicting (will retry after 5s)\n\
             pod/a evicted\nnode/n drained\n"
        );
        let pieces: Vec<bool> = interleave(&out.stdout, &out.stderr, &out.stderr_at).iter().map(|p| p.0).collect();
        assert_eq!(pieces, [false, true, false, true, false]);
    }

    #[test]
    fn without_marks_stderr_comes_last_and_bad_marks_clamp() {
        assert_eq!(shown("a", "e\n", &[]), "a\ne\n");
        assert_eq!(shown("", "", &[]), "");
        // Marks past the text (an output built by hand, then shortened).
        assert_eq!(shown("out\n", "err\n", &[(99, 0), (2, 99)]), "out\nerr\n");
        // stderr written before the first mark goes with it.
        assert_eq!(shown("a\nb\n", "x\ny\n", &[(2, 2)]), "a\nx\ny\nb\n");
    }
}
