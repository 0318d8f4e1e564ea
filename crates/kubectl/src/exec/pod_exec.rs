//! `kubectl exec POD -- COMMAND`: the simulator runs no processes, so only
//! commands whose answer it knows are simulated — `env`, `printenv [NAME…]`
//! and `hostname` — from the environment the kubelet gave the container
//! when it was created (Service links included), the network checks
//! `wget`, `curl`, `nslookup` and `dig` ([`net`]), and the file programs
//! (`cat`, `ls`, `echo > f`, `mkdir`, `rm` …, [`fs_cmds`]) on the
//! container's file system ([`fs`]: its volumes, the kubelet's files and
//! what earlier execs wrote, kept in the engine); alone or in a `sh -c`
//! script of simple commands, pipelines (into `grep`, `sort`, `uniq`,
//! `cut` and `rev` too: [`text`]), assignments, `if`, loops, `case`,
//! groups, subshells and functions ([`compound`]) joined by `;`, `&&`
//! and `||` with redirections and `$(…)` ([`sh`]; a loop that does not
//! end is cut off with a note), where `cd` moves the directory
//! relative paths start from. A shell session lends the runner its
//! working directory and exported variables ([`Context`]). The
//! container's processes are answered too: `ps` and `kill` ([`procs`]:
//! busybox's applets, procps' once `apt-get` ([`apt`]) installed it in
//! a Debian image's layer), a session's `env` in its shell's own order
//! ([`shenv`]), `ls` in columns on a terminal ([`ls`]) and /proc/mounts
//! ([`mounts`]). The refusals before that are kubectl's and the API
//! server's ([`started`], which `kubectl cp` shares: [`cp`]). `kubectl
//! logs` runs a container's own command here too ([`run_logged`]).

use super::write::namespace;
use super::Output;
use crate::cli::{Exec, Invocation};
use crate::shell::arith;
use kubeplay_engine::kubelet::{envvars, shell};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::Object;

#[path = "pod_exec_net.rs"]
pub(super) mod net;
#[path = "pod_exec_tools.rs"]
pub(super) mod tools;
#[path = "pod_fs.rs"]
mod fs;
pub(super) use fs::normalize;
#[path = "pod_fs_cmds.rs"]
mod fs_cmds;
#[path = "pod_fs_files.rs"]
mod pod_fs_files;
#[path = "pod_exec_sh.rs"]
pub(super) mod sh;
#[path = "pod_exec_compound.rs"]
pub(super) mod compound;
#[path = "pod_exec_arith.rs"]
mod arith_cmd;
#[path = "pod_exec_procs.rs"]
mod procs;
#[path = "pod_exec_apt.rs"]
mod apt;
#[path = "pod_exec_ls.rs"]
mod ls;
#[path = "pod_exec_mounts.rs"]
mod mounts;
#[path = "pod_exec_shenv.rs"]
mod shenv;
#[path = "pod_exec_text.rs"]
mod text;
#[path = "pod_exec_zookeeper.rs"]
mod zookeeper;
#[path = "pod_exec_nodetool.rs"]
mod nodetool;
#[path = "pod_exec_redis.rs"]
mod redis;
#[path = "pod_exec_apparmor.rs"]
mod apparmor;
#[path = "cp.rs"]
pub(super) mod cp;
#[path = "pod_exec_mysql.rs"]
pub(super) mod mysql;
#[path = "pod_exec_busybox.rs"]
mod busybox;
#[path = "pod_exec_id.rs"]
mod id;
#[path = "pod_exec_copy.rs"]
mod copy;
#[path = "pod_exec_mount.rs"]
mod mount;

/// The container `kubectl exec` runs in without `-c`, as
/// `podcmd.FindOrDefaultContainerByName` picks it, saying so when the pod
/// has others.
pub(super) fn default_container(pod: &Pod, quiet: bool, out: &mut Output) -> Option<String> {
    let annotated = pod.metadata.annotation("kubectl.kubernetes.io/default-container").filter(|d| !d.is_empty() && spec_of(pod, d).is_some());
    if let Some(name) = annotated {
        return Some(name.to_string());
    }
    let first = pod.spec.containers.first()?.name.to_string();
    if !quiet && super::logs::has_other_containers(pod) {
        out.note(&format!("Defaulted container {} out of: {}", crate::gofmt::quote(&first), super::logs::all_container_names(pod)));
    }
    Some(first)
}

/// `podcmd.FindContainerByName`: app, init, then ephemeral containers.
pub(super) fn spec_of<'p>(pod: &'p Pod, name: &str) -> Option<&'p Container> {
    let ephemeral = pod.spec.ephemeral_containers.iter().map(|e| &e.container);
    pod.spec.containers.iter().chain(pod.spec.init_containers.iter()).chain(ephemeral).find(|c| c.name == name)
}

pub fn run(x: &Exec, inv: &Invocation, engine: &mut Engine, out: &mut Output) {
    let Some((pod, container)) = started(engine, namespace(inv), x.kind, &x.name, x.container.as_deref(), x.quiet, out) else { return };
    if let Some(code) = run_tty(&pod, &container, &x.command, x.tty, engine, out).filter(|c| *c != 0) {
        out.error(&format!("command terminated with exit code {code}"));
    }
}

/// exec's checks, in its order, before it runs anything: the pod and the
/// container (the default one, said so, without `-c`), which must be
/// running; None when one failed (it said so).
pub(super) fn started(engine: &Engine, ns: &str, kind: kubeplay_model::Kind, name: &str, container: Option<&str>, quiet: bool, out: &mut Output) -> Option<(Pod, String)> {
    let obj = match super::logs::attachable_pod(engine, ns, kind, name) {
        Ok(o) => o,
        Err(e) => {
            out.error(&e);
            return None;
        }
    };
    let Object::Pod(pod) = &*obj else { return None };
    let phase = pod.phase();
    if phase == "Succeeded" || phase == "Failed" {
        out.error(&format!("error: cannot exec into a container in a completed pod; current phase is {phase}"));
        return None;
    }
    let container = match container {
        Some(c) => c.to_string(),
        None => default_container(pod, quiet, out)?,
    };
    // The API server's `validateContainer`, before it looks for the node.
    if spec_of(pod, &container).is_none() {
        out.error(&format!("Error from server (BadRequest): container {container} is not valid for pod {}", pod.metadata.name));
        return None;
    }
    if pod.spec.node_name.is_none() {
        out.error(&format!("Error from server (BadRequest): pod {} does not have a host assigned", pod.metadata.name));
        return None;
    }
    let statuses = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).chain(&pod.status.ephemeral_container_statuses);
    let running = statuses.clone().any(|s| s.name == container && s.state.running.is_some());
    if !running {
        out.error(&format!("error: unable to upgrade connection: container not found ({})", crate::gofmt::quote(&container)));
        return None;
    }
    Some(((**pod).clone(), container))
}

/// Runs `argv` in a started container of `pod` (exec's, or the command
/// `kubectl run -i` attached to), its stdout a terminal or not: its exit
/// code, or None when the playground cannot (it said why).
pub(super) fn run_tty(pod: &Pod, container: &str, argv: &[String], tty: bool, engine: &mut Engine, out: &mut Output) -> Option<i32> {
    run_with(pod, container, argv, tty, &mut Context::default(), engine, out)
}

/// What a shell session lends each line it hands the runner, which
/// starts afresh every time: the directory the session is in, its
/// variables and `$?`. The run hands back what the line changed, since a
/// loop typed at the prompt runs in the session's shell, not a child.
#[derive(Clone, Debug, Default)]
pub(super) struct Context {
    /// None: the container's working directory.
    pub cwd: Option<String>,
    pub exported: Vec<(String, String)>,
    /// The session's variables that are not exported.
    pub locals: Vec<(String, String)>,
    /// `$?` as the line starts.
    pub status: i32,
    /// The session's line number the line is (None: `sh -c`'s own 1).
    pub line: Option<u32>,
    /// After the run: the line ran `exit`.
    pub exited: bool,
    /// The functions the session defined, the newest last.
    pub functions: Vec<compound::Function>,
}

/// [`run_tty`] in a session's [`Context`], which the run updates.
pub(super) fn run_with(pod: &Pod, container: &str, argv: &[String], tty: bool, ctx: &mut Context, engine: &mut Engine, out: &mut Output) -> Option<i32> {
    run_as(pod, container, argv, tty, ctx, &mut Log::default(), engine, out)
}

/// Runs the container's own command as its log shows it, on `engine`
/// (a copy: what the command writes stays there), from the copy's clock:
/// `date` answers that clock and `sleep` moves it, and a `sleep` that
/// would end after `until` ends the run there, as the log read at
/// `until` does; None when the playground cannot follow the command.
/// `marks` gets where the output stood (stdout and stderr together) when
/// each `sleep` moved the clock, and to when.
pub(super) fn run_logged(pod: &Pod, container: &str, argv: &[String], until: kubeplay_model::Time, engine: &mut Engine, out: &mut Output, marks: &mut Vec<(usize, kubeplay_model::Time)>) -> Option<i32> {
    let mut log = Log { until: Some(until), ..Log::default() };
    // A container with a terminal (`kubectl run -t`) writes to it: mysql draws its boxes.
    let tty = spec_of(pod, container).is_some_and(|c| c.tty == Some(true));
    let status = run_as(pod, container, argv, tty, &mut Context::default(), &mut log, engine, out)?;
    *marks = log.marks;
    Some(status)
}

/// [`run_logged`] for what the command writes into the file `path` (as
/// the container sees it) instead of what it prints: each piece, with the
/// time on the copy's clock it was written at. A sidecar's `tail -f` of a
/// shared volume reads these (the Logging Architecture page's counter).
pub(super) fn run_watching(pod: &Pod, container: &str, argv: &[String], until: kubeplay_model::Time, engine: &mut Engine, path: &str) -> Option<Vec<(kubeplay_model::Time, String)>> {
    let mut log = Log { until: Some(until), watch: Some(path.to_string()), ..Log::default() };
    run_as(pod, container, argv, false, &mut Context::default(), &mut log, engine, &mut Output::default())?;
    Some(log.written)
}

/// What a log's run ([`run_logged`]) keeps beside the session.
#[derive(Default)]
struct Log {
    /// The time the log is read at; None outside a log's run.
    until: Option<kubeplay_model::Time>,
    marks: Vec<(usize, kubeplay_model::Time)>,
    /// The file whose writes [`run_watching`] keeps, and those writes.
    watch: Option<String>,
    written: Vec<(kubeplay_model::Time, String)>,
}

#[allow(clippy::too_many_arguments)]
fn run_as(pod: &Pod, container: &str, argv: &[String], tty: bool, ctx: &mut Context, log: &mut Log, engine: &mut Engine, out: &mut Output) -> Option<i32> {
    let runtime = engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|rt| rt.uid == pod.metadata.uid);
    let env = runtime.and_then(|rt| {
        let ephemeral = rt.ephemeral.iter().flat_map(|v| v.iter().map(|e| &e.ctr));
        rt.init.iter().chain(&rt.app).chain(ephemeral).find(|c| c.name == container).and_then(|c| c.env.clone())
    });
    let Some(vars) = env else {
        out.error(&format!("error: unable to upgrade connection: container not found ({})", crate::gofmt::quote(container)));
        return None;
    };
    let image = spec_of(pod, container).and_then(|c| c.image.clone()).unwrap_or_default();
    let mut env = envvars::process_env(pod, container, &vars);
    for (k, v) in &ctx.exported {
        match env.iter_mut().find(|(name, _)| name == k) {
            Some(slot) => slot.1 = v.clone(),
            None => env.push((k.clone(), v.clone())),
        }
    }
    // The runtime gives a process on a terminal TERM.
    if tty && !env.iter().any(|(k, _)| k == "TERM") {
        env.push(("TERM".to_string(), "xterm".to_string()));
    }
    let mut s = Session { pod, container, image: &image, env, engine, out, shell: None, status: ctx.status, tty, cwd: ctx.cwd.clone(), exited: false, line: 1, session_line: ctx.line, pipeline: Vec::new(), terminal: tty, script: String::new(), log_until: log.until, stopped: false, marks: Vec::new(), watch: log.watch.take(), written: Vec::new(), locals: ctx.locals.clone(), arith_failed: None, subst_status: None, substs: 0, calls: compound::Calls::new(ctx.functions.clone()) };
    let status = match shell::shell_script(argv) {
        Some(script) if is_shell(&argv[0]) => {
            // `sh -c SCRIPT NAME ARG…`: the ARGs are `$1`… (NAME, `$0`,
            // is not simulated: the messages keep the shell's name).
            let at = argv.iter().position(|a| std::ptr::eq(a.as_str(), script)).unwrap_or(argv.len());
            s.calls.args = argv.get(at + 2..).unwrap_or_default().to_vec();
            s.script(&argv[0], script)
        }
        _ => s.program(argv, ""),
    };
    log.marks = s.marks;
    log.written = s.written;
    (ctx.cwd, ctx.exited) = (s.cwd, s.exited);
    for (k, v) in &mut ctx.exported {
        if let Some((_, now)) = s.env.iter().find(|(name, _)| name == k) {
            v.clone_from(now);
        }
    }
    ctx.locals = s.locals;
    ctx.functions = s.calls.functions;
    status
}

fn is_shell(argv0: &str) -> bool {
    matches!(shell::basename(argv0), "sh" | "ash" | "bash" | "dash")
}

/// Most turns a script's loop takes before the playground gives up on it
/// (in a log's run, turns that do not move the clock).
const MAX_TURNS: usize = 10_000;
/// Most turns of a loop a log's run works out.
const MAX_LOG_TURNS: i64 = 1_000;

/// Where a command's stdout or stderr goes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Dest {
    /// The exec's stdout.
    Out,
    /// The exec's stderr.
    Err,
    /// `/dev/null`.
    Null,
    /// A file in the container (absolute).
    File(String),
}

/// Which shell runs a script, for its "not found" wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shell {
    /// busybox ash: `sh: curl: not found`.
    Ash,
    /// Debian's `/bin/sh`: `sh: 1: curl: not found`.
    Dash,
    /// `bash: line 1: curl: command not found`.
    Bash,
}

/// One exec call: the container and where its output goes.
/// How deep `$(…)` nests in a container's script (as functions do).
const MAX_SUBSTS: usize = 32;

struct Session<'a> {
    pod: &'a Pod,
    container: &'a str,
    image: &'a str,
    env: Vec<(String, String)>,
    engine: &'a mut Engine,
    out: &'a mut Output,
    /// Inside a script: the shell and the name it was called by (`$0`).
    shell: Option<(Shell, String)>,
    /// The last command's exit status (`$?`).
    status: i32,
    /// stdout is kubectl's terminal (`-t`, not redirected): curl then
    /// draws no progress meter.
    tty: bool,
    /// Where relative paths start (`cd` moves it); None: the container's
    /// working directory.
    cwd: Option<String>,
    /// The script ran `exit`.
    exited: bool,
    /// The line of the command running, which dash's messages name.
    line: usize,
    /// In a session: the session's line this script is.
    session_line: Option<u32>,
    /// The commands of the pipeline running (as typed, expanded): `ps`
    /// sees the others, started beside it.
    pipeline: Vec<String>,
    /// exec opened a terminal (`-t`): the processes' controlling tty,
    /// whatever their stdout is.
    terminal: bool,
    /// `sh -c SCRIPT` as exec started it (outside a session), which stays
    /// beside a pipeline it runs.
    script: String,
    /// Running the container's own command for its log ([`run_logged`]):
    /// the time the log is read at.
    log_until: Option<kubeplay_model::Time>,
    /// A log's `sleep` reached that time.
    stopped: bool,
    /// [`Log::marks`].
    marks: Vec<(usize, kubeplay_model::Time)>,
    /// [`Log::watch`] and [`Log::written`].
    watch: Option<String>,
    written: Vec<(kubeplay_model::Time, String)>,
    /// The script's variables that are not exported.
    locals: Vec<(String, String)>,
    /// A `$((…))` just expanded could not be evaluated: why.
    arith_failed: Option<ArithFailed>,
    /// The status of the last command substitution run, which an
    /// assignment-only command (`N=$(false)`) ends with.
    subst_status: Option<i32>,
    /// Command substitutions running around this point: each nests the
    /// whole interpreter once more on the stack.
    substs: usize,
    /// Functions, the running calls' arguments and locals.
    calls: compound::Calls,
}

/// Why a `$((…))` has no value.
enum ArithFailed {
    /// dash's: a variable in it holds this, not a number.
    IllegalNumber(String),
    /// dash's own complaint about the expression.
    Dash(String),
    /// The evaluator's error (bash's words) about `expr`, the expression
    /// with its `$NAME`s replaced.
    Eval { expr: String, error: arith::ArithError },
}

impl Session<'_> {
    /// Runs `sh -c SCRIPT`; None when the playground cannot (it said why).
    fn script(&mut self, argv0: &str, script: &str) -> Option<i32> {
        let name = shell::basename(argv0);
        let Some(shells) = net::shells(self.image) else {
            self.out.error(&net::unknown_image(self.image));
            return None;
        };
        let flavour = match name {
            "bash" if shells.bash => Shell::Bash,
            "sh" | "dash" if shells.dash => Shell::Dash,
            "sh" | "ash" if !shells.dash => Shell::Ash,
            _ => {
                self.out.error(&net::not_found(argv0, self.pod, self.container, self.engine.now()));
                return None;
            }
        };
        let commands = match sh::parse(script) {
            Ok(c) => c,
            // dash and ash run the lines before the one they cannot parse.
            // A session's shell would prompt for the rest of the line.
            Err(sh::Refusal::Syntax(e)) if self.session_line.is_some() && e.what.unfinished() => {
                self.out.error("error: (playground) the shell session takes one line at a time: finish the quote, substitution or && on the line you type it");
                return None;
            }
            // Interactive bash reads the whole line before it runs any of it.
            Err(sh::Refusal::Syntax(e)) if flavour == Shell::Bash && self.session_line.is_some() => {
                let token = match &e.what {
                    sh::Unexpected::Token(t) => t.clone(),
                    _ => "newline".to_string(),
                };
                self.out.note(&format!("{}: syntax error near unexpected token `{token}'", shell::basename(argv0)));
                return Some(2);
            }
            Err(sh::Refusal::Syntax(mut e)) if flavour != Shell::Bash => {
                e.line += self.line_base();
                self.shell = Some((flavour, argv0.to_string()));
                let status = self.list(&e.before)?;
                if self.exited {
                    return Some(status);
                }
                self.out.note(&e.message(argv0, flavour == Shell::Dash));
                return Some(2);
            }
            Err(_) => {
                self.out.error(&format!("error: (playground) kubectl exec runs only simple commands, pipelines, assignments, if, while, until, for, case, {{ …; }}, ( … ) and functions joined by ;, && and || in a shell script, with redirections and $(...) (not {})", crate::gofmt::quote(script)));
                return None;
            }
        };
        self.shell = Some((flavour, argv0.to_string()));
        self.script = format!("{argv0} -c {script}");
        self.list(&commands)
    }

    /// Runs a parsed list: `&&` and `||` skip as the shell does.
    fn list(&mut self, commands: &sh::List) -> Option<i32> {
        let mut skip = false;
        for (pipeline, op) in commands {
            if !skip && pipeline.len() > 1 {
                self.status = self.pipeline(pipeline)?;
            } else if let (false, [cmd @ sh::Command { compound: Some(c), .. }]) = (skip, pipeline.as_slice()) {
                self.status = if cmd.redirects.is_empty() { self.compound(c)? } else { self.command(cmd, "")? };
            } else if let (false, [cmd]) = (skip, pipeline.as_slice()) {
                if !cmd.arrays.is_empty() {
                    if !matches!(self.shell, Some((Shell::Bash, _))) {
                        self.out.error("error: (playground) arrays are bash's: the playground does not say what this shell makes of NAME=(…)");
                        return None;
                    }
                    for (name, items) in &cmd.arrays {
                        let items: Vec<String> = items.iter().flat_map(|w| self.expand(w)).collect();
                        self.locals.retain(|(k, _)| k.strip_prefix(name.as_str()).is_none_or(|r| !r.starts_with('[')));
                        for (i, item) in items.iter().enumerate() {
                            self.locals.push((format!("{name}[{i}]"), item.clone()));
                        }
                        self.set_var(name, items.first().cloned().unwrap_or_default());
                    }
                }
                if cmd.words.is_empty() && (!cmd.assigns.is_empty() || !cmd.arrays.is_empty()) {
                    self.subst_status = None;
                    for (name, value) in &cmd.assigns {
                        self.line = cmd.line.max(1) + self.line_base();
                        // An assignment's value is not split into fields.
                        let value = self.expand(&sh::unsplit(value)).join(" ");
                        if let Err(status) = self.arith_abort() {
                            return status;
                        }
                        self.set_var(name, value);
                    }
                    self.status = self.subst_status.take().unwrap_or(0);
                    continue;
                }
                // Looked at before the command runs, so only a word whose
                // expansion has no side effects: a `$(…)` or `$((…))` there
                // runs once, when the command expands its words (run twice
                // at every level, nested ones ran 2^depth times).
                let pure = |w: &&sh::Word| w.iter().all(|p| matches!(p, sh::Part::Lit(_) | sh::Part::Var { .. }));
                let first = cmd.words.first().filter(pure).map(|w| self.expand(w)).and_then(|f| f.into_iter().next());
                if first.as_deref() == Some("return") {
                    match self.return_builtin(cmd) {
                        Some(status) => self.status = status,
                        None => return None,
                    }
                } else if first.as_deref() == Some("exit") {
                    let code = cmd.words.get(1).map(|w| self.expand(w)).and_then(|f| f.first().and_then(|c| c.parse::<i32>().ok()));
                    self.exited = true;
                    return Some(code.map_or(self.status, |c| c & 0xff));
                } else {
                    self.status = self.command(cmd, "")?;
                }
            }
            // A log's `sleep` reached the time the log is read at.
            if self.halted() {
                return Some(self.status);
            }
            skip = match *op {
                "&&" => self.status != 0,
                "||" => self.status == 0,
                _ => false,
            };
        }
        Some(self.status)
    }

    /// A variable of the script: the environment's if exported (the
    /// programs it runs then see the new value), the shell's own if not.
    fn set_var(&mut self, name: &str, value: String) {
        match self.env.iter_mut().chain(self.locals.iter_mut()).find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value,
            None => self.locals.push((name.to_string(), value)),
        }
    }

    fn compound(&mut self, c: &sh::Compound) -> Option<i32> {
        match c {
            sh::Compound::If(c) => self.if_command(c),
            sh::Compound::While { until, cond, body } => {
                let mut status = 0;
                // Turns that did not move a log's clock (all of them in an exec).
                let mut idle = 0;
                while idle < MAX_TURNS {
                    let start = self.engine.now();
                    let st = self.list(cond)?;
                    if self.halted() || (st == 0) == *until {
                        return Some(status);
                    }
                    status = self.list(body)?;
                    if self.halted() {
                        return Some(status);
                    }
                    let took = self.engine.now().millis() - start.millis();
                    match self.log_until {
                        Some(until) if took > 0 => self.skip_turns(until, took),
                        _ => idle += 1,
                    }
                }
                self.too_long()
            }
            sh::Compound::For { name, words, body } => {
                let items: Vec<String> = words.iter().flat_map(|w| self.expand(w)).collect();
                if let Err(status) = self.arith_abort() {
                    return status;
                }
                let mut status = 0;
                for item in items.into_iter().take(MAX_TURNS) {
                    self.set_var(name, item);
                    status = self.list(body)?;
                    if self.halted() {
                        break;
                    }
                }
                Some(status)
            }
            sh::Compound::Group(body) => self.list(body),
            sh::Compound::Subshell(body) => self.subshell(body),
            sh::Compound::Case { word, arms } => self.case_command(word, arms),
            sh::Compound::Function { name, body, bash } => self.define(name, body, *bash),
            sh::Compound::Arith { expr, subshell } => self.arith_command(expr, subshell.as_ref()),
        }
    }

    /// `(( EXPR ))`: bash's arithmetic command, its assignments made in
    /// the shell, its status 0 for a value that is not zero; an error is
    /// bash's message and status 1, the script going on. dash and busybox
    /// ash run the two subshells they read.
    fn arith_command(&mut self, expr: &str, subshell: Option<&sh::List>) -> Option<i32> {
        let Some((Shell::Bash, argv0)) = self.shell.clone() else {
            return match subshell {
                Some(body) => self.subshell(body),
                None => {
                    self.out.error("error: (playground) this shell reads `((` as two subshells, and the playground cannot parse these");
                    None
                }
            };
        };
        let vars: Vec<(String, String)> = self.env.iter().chain(self.locals.iter()).cloned().collect();
        let status = self.status;
        let get = |n: &str| match n {
            "?" => Some(status.to_string()),
            _ => vars.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone()),
        };
        let text = sh::arith_text(expr, &mut |n| get(n).unwrap_or_default());
        match arith_cmd::evaluate(&text, &mut { get }) {
            Ok((value, set)) => {
                for (name, v) in set {
                    self.set_var(&name, v);
                }
                Some(i32::from(value == 0))
            }
            Err(e) => {
                self.out.note(&format!("{}: ((: {e}", shell::basename(&argv0)));
                Some(1)
            }
        }
    }

    /// The script stops here: `exit`, a log's end, or a function's `return`.
    fn halted(&self) -> bool {
        self.exited || self.stopped || self.calls.returning
    }

    /// In a log's run, a loop whose turns take `took` each jumps to its
    /// last [`MAX_LOG_TURNS`] before `until`: the log would keep only the
    /// newest lines, and working out hours of turns would be slow. What it
    /// printed so far goes, as the oldest lines of a rotated log do.
    fn skip_turns(&mut self, until: kubeplay_model::Time, took: i64) {
        let left = (until.millis() - self.engine.now().millis()) / took;
        if left <= MAX_LOG_TURNS {
            return;
        }
        let to = self.engine.now().plus_millis((left - MAX_LOG_TURNS) * took);
        self.engine.world_mut().now = to;
        *self.out = Output::default();
        self.marks = vec![(0, to)];
        self.written.clear();
    }

    /// A loop that would not end in the playground (no `sleep` that moves
    /// a log's clock, or none at all in an exec).
    fn too_long(&mut self) -> Option<i32> {
        self.out.error(&format!("error: (playground) the loop ran {MAX_TURNS} times without ending; a simulated container's loops end only by their own test or, in its log, at the time the log is read"));
        None
    }

    /// `if`: the first condition that succeeds runs its list; none that
    /// does, the `else` (status 0 without one).
    fn if_command(&mut self, c: &sh::If) -> Option<i32> {
        for (cond, body) in &c.arms {
            let status = self.list(cond)?;
            if self.halted() {
                return Some(status);
            }
            if status == 0 {
                return self.list(body);
            }
        }
        match &c.otherwise {
            Some(list) => self.list(list),
            None => Some(0),
        }
    }

    /// A word's fields, its variables and substitutions expanded.
    fn expand(&mut self, word: &sh::Word) -> Vec<String> {
        let env: Vec<(String, String)> = self.env.iter().chain(&self.locals).cloned().collect();
        let (status, argv0) = (self.status, self.shell.as_ref().map(|s| s.1.clone()).unwrap_or_default());
        let args = self.calls.args.clone();
        let mut value = |name: &str| match name {
            "?" => status.to_string(),
            "0" => argv0.clone(),
            "$" => "1".to_string(),
            "#" => args.len().to_string(),
            "*" => args.join(" "),
            "@" => args.iter().map(|a| format!("\0{a}")).collect(),
            n if n.bytes().all(|b| b.is_ascii_digit()) => n.parse::<usize>().ok().and_then(|i| args.get(i.checked_sub(1)?)).cloned().unwrap_or_default(),
            n => {
                // An array's element: its index a number or a variable's value.
                let key = match n.strip_suffix(']').and_then(|n| n.split_once('[')) {
                    Some((base, index)) => {
                        let index = match index.strip_prefix('$') {
                            Some(var) => env.iter().find(|(k, _)| k == var).map(|(_, v)| v.trim().to_string()).unwrap_or_default(),
                            None => index.to_string(),
                        };
                        format!("{base}[{}]", index.parse::<usize>().unwrap_or(0))
                    }
                    None => n.to_string(),
                };
                env.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()).unwrap_or_default()
            }
        };
        let dash = matches!(self.shell, Some((Shell::Dash, _)));
        let mut failed = None;
        let mut arith = |text: &str| {
            let mut lookup = |name: &str| {
                let v = env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
                // dash takes a variable's value as a number only; ash and
                // bash evaluate it as an expression.
                if dash && v.as_deref().is_some_and(|v| !v.trim().is_empty() && v.trim().parse::<i64>().is_err()) {
                    failed.get_or_insert_with(|| ArithFailed::IllegalNumber(v.clone().unwrap_or_default()));
                }
                v
            };
            // dash has no `**`: a `*` where it wants a number.
            if dash && text.contains("**") {
                failed.get_or_insert(ArithFailed::Dash(format!("expecting primary: \"{text}\"")));
                return String::new();
            }
            match arith::eval(text, &mut lookup) {
                Ok(n) => n.to_string(),
                Err(e) => {
                    failed.get_or_insert(ArithFailed::Eval { expr: text.to_string(), error: e });
                    String::new()
                }
            }
        };
        // A substitution's commands run in this container, their output
        // captured; what they print to stderr still shows.
        let fields = sh::expand(word, &mut value, &mut |script| self.capture(script), &mut arith);
        if let Some(e) = failed {
            self.arith_failed.get_or_insert(e);
        }
        fields
    }

    /// After an expansion: a `$((…))` it could not evaluate ends the
    /// run, as the shells end the command line, in the shell's words:
    /// Err(Some(status)) then, Err(None) when the playground cannot say
    /// what this shell says (it said so).
    fn arith_abort(&mut self) -> Result<(), Option<i32>> {
        let Some(failed) = self.arith_failed.take() else { return Ok(()) };
        self.stopped = true;
        let Some((sh, argv0)) = self.shell.clone() else { return Err(Some(1)) };
        let division = matches!(&failed, ArithFailed::Eval { error, .. } if error.message.starts_with("division by 0"));
        let note = match (sh, failed) {
            (_, ArithFailed::IllegalNumber(v)) => format!("{argv0}: {}: Illegal number: {v}", self.line),
            (Shell::Bash, ArithFailed::Eval { error, .. }) => {
                self.out.note(&format!("{}: {error}", shell::basename(&argv0)));
                return Err(Some(1));
            }
            (Shell::Ash, _) if division => format!("{argv0}: divide by zero"),
            (Shell::Ash, _) => format!("{argv0}: arithmetic syntax error"),
            (Shell::Dash, ArithFailed::Eval { expr, .. }) if division => format!("{argv0}: {}: arithmetic expression: division by zero: \"{expr}\"", self.line),
            (_, ArithFailed::Dash(why)) => format!("{argv0}: {}: arithmetic expression: {why}", self.line),
            (_, ArithFailed::Eval { error, .. }) => {
                self.out.error(&format!("error: (playground) dash's message for this arithmetic error is not simulated (bash would say: {error})"));
                return Err(None);
            }
        };
        self.out.note(&note);
        Err(Some(2))
    }

    /// What `$(script)` prints.
    fn capture(&mut self, script: &str) -> String {
        let Ok(commands) = sh::parse(script) else { return String::new() };
        if self.substs >= MAX_SUBSTS {
            self.out.error(&format!("error: (playground) the script nested $(…) {MAX_SUBSTS} deep and stops here (the shells go on until they run out of processes)"));
            self.stopped = true;
            return String::new();
        }
        self.substs += 1;
        let out = self.capture_parsed(&commands);
        self.substs -= 1;
        out
    }

    fn capture_parsed(&mut self, commands: &sh::List) -> String {
        let saved = std::mem::take(self.out);
        let (status, tty, line) = (self.status, std::mem::replace(&mut self.tty, false), self.line);
        // Its commands are on the outer command's line.
        let session_line = std::mem::replace(&mut self.session_line, u32::try_from(line).ok());
        // `exit N` ends the list with N, not in `status`.
        let ended = self.list(commands);
        self.subst_status = Some(if self.exited { ended.unwrap_or(self.status) } else { self.status });
        self.session_line = session_line;
        // `exit` inside ends only the substitution's subshell; messages
        // after it name the outer command's line.
        (self.status, self.tty, self.exited, self.line) = (status, tty, false, line);
        let inner = std::mem::replace(self.out, saved);
        if !inner.stderr.is_empty() {
            self.out.note(&inner.stderr);
        }
        // A playground refusal inside ends the whole exec as a failure.
        self.out.failed |= self.stopped && inner.failed;
        inner.stdout
    }

    /// Commands joined by `|`: each one's output is the next one's input
    /// (what they print to stderr still shows), each in a subshell (a
    /// `cd` there moves nothing); the status is the last one's.
    fn pipeline(&mut self, cmds: &[sh::Command]) -> Option<i32> {
        let cwd = self.cwd.clone();
        // A compound command there runs in a subshell: what it sets stays there.
        let vars = cmds.iter().any(|c| c.compound.is_some()).then(|| (self.env.clone(), self.locals.clone(), self.calls.functions.clone()));
        // What `ps` would show of each: substitutions are not run twice.
        let text = |w: &sh::Word| {
            w.iter()
                .map(|p| match p {
                    sh::Part::Lit(t) => t.clone(),
                    sh::Part::Var { name, .. } => self.env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default(),
                    sh::Part::Subst { script, .. } => format!("$({script})"),
                    sh::Part::Arith { expr, .. } => format!("$(({expr}))"),
                })
                .collect::<String>()
        };
        self.pipeline = cmds.iter().map(|c| c.words.iter().map(text).collect::<Vec<_>>().join(" ")).collect();
        let status = self.pipeline_run(cmds, cwd);
        self.pipeline.clear();
        if let Some((env, locals, functions)) = vars {
            (self.env, self.locals, self.calls.functions) = (env, locals, functions);
            self.calls.returning = false;
        }
        status
    }

    fn pipeline_run(&mut self, cmds: &[sh::Command], cwd: Option<String>) -> Option<i32> {
        let mut input = String::new();
        let mut status = Some(0);
        for (i, cmd) in cmds.iter().enumerate() {
            if i + 1 == cmds.len() {
                status = self.command(cmd, &input);
                break;
            }
            let saved = std::mem::take(self.out);
            let tty = std::mem::replace(&mut self.tty, false);
            let st = self.command(cmd, &input);
            self.tty = tty;
            let inner = std::mem::replace(self.out, saved);
            if !inner.stderr.is_empty() {
                self.out.note(&inner.stderr);
            }
            if st.is_none() {
                // A playground refusal inside ends the exec.
                self.out.failed |= inner.failed;
                self.cwd = cwd;
                return None;
            }
            input = inner.stdout;
        }
        (self.cwd, self.exited) = (cwd, false);
        status
    }

    /// What a script's line numbers add to in a session.
    fn line_base(&self) -> usize {
        if let Some(base) = self.calls.base() {
            return base;
        }
        self.session_line.map_or(0, |l| l as usize - 1)
    }

    /// One simple command with its redirections, `input` on its stdin
    /// unless it redirects that.
    fn command(&mut self, cmd: &sh::Command, input: &str) -> Option<i32> {
        self.line = cmd.line.max(1) + self.line_base();
        let argv: Vec<String> = cmd.words.iter().flat_map(|w| self.expand(w)).collect();
        if let Err(status) = self.arith_abort() {
            return status;
        }
        let mut stdin = input.to_string();
        // Where stdout and stderr go, the redirections applied left to right.
        let mut to = [Dest::Out, Dest::Err];
        let mut stdin_dir = false;
        for r in &cmd.redirects {
            let target = match &r.target {
                sh::Target::Write(w) | sh::Target::Append(w) | sh::Target::Read(w) => self.expand(w).join(" "),
                sh::Target::Dup(_) => String::new(),
            };
            match (&r.target, r.fd) {
                (sh::Target::Dup(from), 1 | 2) => to[r.fd as usize - 1] = if *from == 1 || *from == 2 { to[*from as usize - 1].clone() } else { [Dest::Out, Dest::Err][r.fd as usize - 1].clone() },
                (sh::Target::Read(_), _) => {
                    let fs = self.fs()?;
                    // `< FILE/` fails as a missing file does.
                    if target.ends_with('/') && matches!(fs.stat(self.engine, &fs.abs(&target)), Ok(fs::Node::File { .. })) {
                        return Some(self.redirect_failed(&target, &fs::FsError::NotFound, false));
                    }
                    match fs.read(self.engine, &fs.abs(&target)) {
                        Ok(t) => (stdin, stdin_dir) = (t, false),
                        // The shell opens a directory; the program's read fails.
                        Err(fs::FsError::IsDir) => (stdin, stdin_dir) = (String::new(), true),
                        Err(e) => return Some(self.redirect_failed(&target, &e, false)),
                    }
                }
                (sh::Target::Write(_) | sh::Target::Append(_), 1 | 2) => {
                    let dest = if matches!(target.as_str(), "/dev/null") {
                        Dest::Null
                    } else {
                        let fs = self.fs()?;
                        let abs = fs.abs(&target);
                        let append = matches!(r.target, sh::Target::Append(_));
                        // open(2) refuses to create `NAME/` ("Is a directory"
                        // whatever NAME is) once its directory exists.
                        if target.ends_with('/') {
                            let parent = abs.rsplit_once('/').map_or("/", |(p, _)| if p.is_empty() { "/" } else { p });
                            let e = match fs.stat(self.engine, parent) {
                                Ok(_) | Err(fs::FsError::Unknown) => fs::FsError::IsDir,
                                Err(e) => e,
                            };
                            return Some(self.redirect_failed(&target, &e, true));
                        }
                        // The shell opens (and truncates) the file first.
                        if let Err(e) = fs.write(self.engine, &abs, "", append) {
                            return Some(self.redirect_failed(&target, &e, true));
                        }
                        Dest::File(abs)
                    };
                    to[r.fd as usize - 1] = dest;
                }
                _ => {}
            }
        }
        if let Some(c) = &cmd.compound {
            // Its redirections send what all its commands print.
            let saved = std::mem::take(self.out);
            let tty = self.tty;
            self.tty = tty && to[0] == Dest::Out;
            let status = self.compound(c);
            self.tty = tty;
            return self.route(&to, saved, status);
        }
        if argv.is_empty() {
            return Some(0);
        }
        if stdin_dir {
            let gnu = self.fs()?.family() == fs::Family::Debian;
            if let Some((out, err, status)) = directory_read(&argv, gnu) {
                let saved = std::mem::take(self.out);
                if !err.is_empty() {
                    self.out.note(&err);
                }
                self.out.stdout.push_str(out);
                return self.route(&to, saved, Some(status));
            }
        }
        if to == [Dest::Out, Dest::Err] {
            return self.program(&argv, &stdin);
        }
        let saved = std::mem::take(self.out);
        let tty = self.tty;
        self.tty = tty && to[0] == Dest::Out;
        let status = self.program(&argv, &stdin);
        self.tty = tty;
        self.route(&to, saved, status)
    }

    /// Sends what a command printed (now in `self.out`) where `to` says,
    /// `saved` becoming the exec's output again.
    fn route(&mut self, to: &[Dest; 2], saved: Output, status: Option<i32>) -> Option<i32> {
        let inner = std::mem::replace(self.out, saved);
        if status.is_none() {
            // A playground refusal inside still ends the exec, said on stderr.
            self.out.stdout.push_str(&inner.stdout);
            self.out.note(&inner.stderr);
            self.out.failed |= inner.failed;
            return None;
        }
        // Each piece in the order written, to where its stream points.
        for (to_err, text) in super::interleave(&inner.stdout, &inner.stderr, &inner.stderr_at) {
            match &to[usize::from(to_err)] {
                Dest::Out => self.out.stdout.push_str(text),
                Dest::Err => {
                    self.out.stderr_at.push((self.out.stdout.len(), self.out.stderr.len()));
                    self.out.stderr.push_str(text);
                }
                Dest::Null => {}
                Dest::File(path) => {
                    if self.watch.as_deref() == Some(path.as_str()) {
                        self.written.push((self.engine.now(), text.to_string()));
                    }
                    let fs = self.fs()?;
                    // A failed write here already failed at the open.
                    let _ = fs.write(self.engine, path, text, true);
                }
            }
        }
        status
    }

    /// The `cd` builtin of a script: the directory must exist.
    fn cd(&mut self, dir: Option<&str>) -> Option<i32> {
        let home = self.env.iter().find(|(k, _)| k == "HOME").map_or("/root", |(_, v)| v.as_str()).to_string();
        let view = self.fs()?;
        let target = view.abs(dir.unwrap_or(&home));
        let Some((sh, argv0)) = self.shell.clone() else { return Some(1) };
        match cd_check(&view, self.engine, &target) {
            Ok(()) => {
                let old = self.cwd.replace(target);
                // A session takes the line's variables back: `cd -` after
                // a loop's `cd` goes where the loop last was.
                if self.session_line.is_some() {
                    self.set_var("OLDPWD", old.unwrap_or_else(|| "/".into()));
                }
                Some(0)
            }
            Err(e) => {
                let d = dir.unwrap_or_default();
                // bash running a script names the line, as dash does.
                self.out.note(&match sh {
                    Shell::Bash => format!("{argv0}: line {}: cd: {d}: {}", self.line, e.text()),
                    _ => cd_failed(sh == Shell::Dash, false, &argv0, self.line as u32, d, &e),
                });
                Some(if sh == Shell::Dash { 2 } else { 1 })
            }
        }
    }

    /// The shell's message when it cannot open a redirection's file.
    fn redirect_failed(&mut self, target: &str, e: &fs::FsError, create: bool) -> i32 {
        let Some((sh, argv0)) = self.shell.clone() else { return 1 };
        let why = match (sh, e, create) {
            // Both shells say ENOTDIR on the way as they say ENOENT.
            (Shell::Ash, fs::FsError::NotFound | fs::FsError::Unknown | fs::FsError::NotDir, true) => "nonexistent directory".to_string(),
            (Shell::Ash, fs::FsError::NotFound | fs::FsError::Unknown | fs::FsError::NotDir, false) => "no such file".to_string(),
            (Shell::Dash, fs::FsError::NotFound | fs::FsError::Unknown | fs::FsError::NotDir, true) => "Directory nonexistent".to_string(),
            (Shell::Dash, fs::FsError::NotFound | fs::FsError::Unknown | fs::FsError::NotDir, false) => "No such file".to_string(),
            (_, e, _) => e.text().to_string(),
        };
        let verb = if create { "create" } else { "open" };
        self.out.note(&match sh {
            Shell::Ash => format!("{argv0}: can't {verb} {target}: {why}"),
            Shell::Dash => format!("{argv0}: {}: cannot {verb} {target}: {why}", self.line),
            Shell::Bash => format!("{argv0}: line {}: {target}: {why}", self.line),
        });
        // dash's failed redirection is status 2, busybox's and bash's 1.
        if sh == Shell::Dash { 2 } else { 1 }
    }

    /// The container's file system, the image's family deciding busybox
    /// or GNU tools; None when the playground does not know the image
    /// (it said so).
    fn fs(&mut self) -> Option<fs::Fs> {
        let mut view = container_fs(self.engine, self.pod, self.container, self.out)?;
        if let Some(cwd) = &self.cwd {
            view.set_cwd(cwd);
        }
        Some(view)
    }

    /// Runs one program; its exit code, or None when the playground
    /// cannot (it said why).
    fn program(&mut self, argv: &[String], stdin: &str) -> Option<i32> {
        let program = argv.first().map(String::as_str).unwrap_or_default();
        let name = shell::basename(program);
        if let Some(function) = self.calls.find(program).filter(|_| self.shell.is_some()) {
            return self.call(function, argv);
        }
        if name == "busybox" {
            let family = self.fs()?.family();
            if let Some(applet) = busybox::applet(family, argv) {
                return self.program(applet, stdin);
            }
        }
        let lacks = self.image_lacks(program);
        let env = &self.env;
        let out = &mut *self.out;
        match name {
            "local" if self.shell.is_some() => self.local(argv),
            "shift" if self.shell.is_some() => self.shift(argv),
            "env" | "printenv" if argv.len() == 1 => {
                // A shell passes its own table of variables. bash -c
                // runs its last command in its own place, with SHLVL
                // back down (not simulated): it keeps the runtime's order.
                let shell = self.shell.as_ref().map(|s| s.0).filter(|sh| self.session_line.is_some() || *sh != Shell::Bash);
                let listed = match shell {
                    Some(sh) => {
                        let kind = match sh {
                            Shell::Ash => shenv::Kind::Ash,
                            Shell::Dash => shenv::Kind::Dash,
                            Shell::Bash => shenv::Kind::Bash,
                        };
                        let pwd = match &self.cwd {
                            Some(c) => c.clone(),
                            None => self.fs()?.abs("."),
                        };
                        shenv::environ(kind, &self.env, &pwd, &format!("/usr/bin/{name}"))
                    }
                    None => self.env.clone(),
                };
                for (k, v) in &listed {
                    self.out.out(&format!("{k}={v}"));
                }
                Some(0)
            }
            "printenv" => {
                let mut missing = false;
                for name in &argv[1..] {
                    match env.iter().find(|(k, _)| k == name) {
                        Some((_, v)) => out.out(v),
                        None => missing = true,
                    }
                }
                Some(i32::from(missing))
            }
            "hostname" if argv.len() == 1 => {
                out.out(&envvars::hostname(self.pod));
                Some(0)
            }
            // The name /etc/hosts gives the pod's address: with a
            // subdomain, the fully qualified one.
            "hostname" if argv.len() == 2 && matches!(argv[1].as_str(), "-f" | "--fqdn" | "--long") => {
                let host = envvars::hostname(self.pod);
                let short = host.split('.').next().unwrap_or(&host);
                match self.pod.spec.subdomain.as_deref().filter(|s| !s.is_empty()) {
                    Some(sub) => out.out(&format!("{short}.{sub}.{}.svc.{}", self.pod.metadata.namespace, pod_fs_files::CLUSTER_DOMAIN)),
                    None => out.out(short),
                }
                Some(0)
            }
            // Shell builtins.
            "true" | ":" if self.shell.is_some() => Some(0),
            "cd" if self.shell.is_some() => self.cd(argv.get(1).map(String::as_str)),
            "pwd" if self.shell.is_some() => {
                let cwd = self.fs()?.abs(".");
                self.out.out(&cwd);
                Some(0)
            }
            "false" if self.shell.is_some() => Some(1),
            "sleep" if self.log_until.is_some() => self.nap(argv),
            // ash's and bash's `[[`, as `[` for the tests the pages use.
            "[[" if matches!(self.shell, Some((Shell::Ash | Shell::Bash, _))) => {
                let mut argv = argv.to_vec();
                argv[0] = "[".to_string();
                if let Some(last) = argv.last_mut().filter(|l| *l == "]]") {
                    *last = "]".to_string();
                }
                let view = self.fs()?;
                fs_cmds::run(&view, self.engine, &argv, stdin, self.line, self.out)
            }
            // busybox's and bash's echo take -n, -e and -E (together too).
            "echo" if matches!(self.shell, Some((Shell::Ash | Shell::Bash, _))) => {
                let flags = argv[1..].iter().take_while(|a| a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E'))).count();
                let (mut newline, mut escapes) = (true, false);
                for f in &argv[1..1 + flags] {
                    for c in f[1..].chars() {
                        match c {
                            'n' => newline = false,
                            'e' => escapes = true,
                            _ => escapes = false,
                        }
                    }
                }
                let words = argv[1 + flags..].join(" ");
                let (text, stop) = if escapes { fs_cmds::escapes(&words) } else { (words, false) };
                out.stdout.push_str(&text);
                if newline && !stop {
                    out.stdout.push('\n');
                }
                Some(0)
            }
            // dash's builtin echo reads backslash escapes; ash's and bash's do not.
            "echo" if matches!(self.shell, Some((Shell::Dash, _))) => {
                let (newline, words) = match argv.get(1).map(String::as_str) {
                    Some("-n") => (false, &argv[2..]),
                    _ => (true, &argv[1..]),
                };
                let (text, stop) = fs_cmds::escapes(&words.join(" "));
                out.stdout.push_str(&text);
                if newline && !stop {
                    out.stdout.push('\n');
                }
                Some(0)
            }
            "ls" if self.tty && ls::uses_columns(&argv[1..]) => {
                let view = self.fs()?;
                let gnu = view.family() == fs::Family::Debian;
                let saved = std::mem::take(self.out);
                let status = fs_cmds::run(&view, self.engine, argv, stdin, self.line, self.out);
                let listed = std::mem::replace(self.out, saved);
                // Messages keep their place before the listing's names.
                for (to_err, text) in super::interleave(&listed.stdout, &listed.stderr, &listed.stderr_at) {
                    if to_err {
                        self.out.note(text);
                    } else {
                        self.out.stdout.push_str(&ls::columns(text, gnu, ls::WIDTH));
                    }
                }
                self.out.failed |= listed.failed;
                self.out.code = self.out.code.or(listed.code);
                status
            }
            p if fs_cmds::PROGRAMS.contains(&p) => {
                let view = self.fs()?;
                fs_cmds::run(&view, self.engine, argv, stdin, self.line, self.out)
            }
            p if text::PROGRAMS.contains(&p) => {
                let view = self.fs()?;
                text::run(&view, self.engine, argv, stdin, self.out)
            }
            p if zookeeper::PROGRAMS.contains(&p) && zookeeper::is_image(self.image) => zookeeper::run(argv, self.engine, self.pod, self.container, self.out),
            p if nodetool::PROGRAMS.contains(&p) && nodetool::is_image(self.image) => nodetool::run(argv, self.engine, self.pod, self.container, self.out),
            // Until someone renames the client (the page breaks the readiness probe so).
            "mysql" if mysql::is_mysql_image(self.image) => match self.fs()?.stat(self.engine, "/usr/bin/mysql") {
                Err(fs::FsError::NotFound) if program == "mysql" => self.missing(program),
                _ => Some(mysql::run(argv, stdin, self.tty, self.pod, self.engine, self.out)),
            },
            "cp" => {
                let view = self.fs()?;
                let gnu = view.family() == fs::Family::Debian;
                copy::run(&view, self.engine, argv, gnu, self.out)
            }
            "mount" => {
                let view = self.fs()?;
                mount::run(&view, self.engine, argv, self.out)
            }
            "ps" => self.ps(argv),
            "kill" => self.kill(argv),
            "id" => self.id(argv),
            "apt-get" | "apt" => self.apt(argv),
            "tcpdump" | "lsof" => self.installed_tool(argv),
            "redis-cli" if redis::version(self.image).is_some() => redis::run(self.engine, self.pod, self.container, argv, stdin, self.tty, self.out),
            p if net::PROGRAMS.contains(&p) => {
                let Some(has) = net::tools(self.image) else {
                    out.error(&net::unknown_image(self.image));
                    return None;
                };
                // curl from apt-get is as good as the image's own.
                let added = p == "curl" && !has.curl && fs_installed(self.engine, self.pod, self.container, p);
                if !has.contains(p) && !added {
                    return self.missing(program);
                }
                let has = net::Tools { curl: has.curl || added, ..has };
                // curl reads --cacert's file in the container; wget saves there.
                let files = if p == "curl" || p == "wget" { self.fs() } else { None };
                let out = &mut *self.out;
                if self.tty && p == "curl" {
                    // What a terminal on stdout changes for curl.
                    let argv: Vec<String> = argv.iter().cloned().chain(["--no-progress-meter".to_string()]).collect();
                    return net::run(&argv, has, self.pod, files.as_ref(), self.engine, out);
                }
                net::run(argv, has, self.pod, files.as_ref(), self.engine, out)
            }
            // A program the image surely lacks (start_error's judgement):
            // the shell's "not found", or the runtime's refusal.
            _ if lacks => self.missing(program),
            _ => {
                out.error(&format!(
                    "error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, id, {}, {}, wget, curl, nslookup and dig, alone or in a sh -c script (not {})",
                    fs_cmds::PROGRAMS.join(", "),
                    text::PROGRAMS.join(", "),
                    crate::gofmt::quote(&argv.join(" "))
                ));
                None
            }
        }
    }

    /// `sleep DURATION…` in a log's run: the clock moves on, unless that
    /// passes the time the log is read at, where the run stops.
    fn nap(&mut self, argv: &[String]) -> Option<i32> {
        let mut ms = 0i64;
        for a in &argv[1..] {
            let (num, unit) = match a.strip_suffix(['s', 'm', 'h', 'd']) {
                Some(n) => (n, a.chars().last().unwrap_or('s')),
                None => (a.as_str(), 's'),
            };
            let secs: f64 = num.parse().ok().filter(|s: &f64| s.is_finite() && *s >= 0.0)?;
            let scale = match unit {
                'm' => 60.0,
                'h' => 3600.0,
                'd' => 86_400.0,
                _ => 1.0,
            };
            ms = ms.saturating_add((secs * scale * 1000.0) as i64);
        }
        let until = self.log_until?;
        let to = self.engine.now().plus_millis(ms);
        if to > until {
            (self.exited, self.stopped) = (true, true);
        } else {
            self.engine.world_mut().now = to;
            self.marks.push((self.out.stdout.len() + self.out.stderr.len(), to));
        }
        Some(0)
    }

    /// Whether the container's image surely holds no `program`, and
    /// apt-get did not put it there since.
    fn image_lacks(&self, program: &str) -> bool {
        let Some(programs) = spec_of(self.pod, self.container).and_then(kubeplay_engine::kubelet::start_error::programs) else { return false };
        programs.shell_status(program) == Some(127) && !fs_installed(self.engine, self.pod, self.container, shell::basename(program))
    }

    /// The shell's "not found" for a program the image lacks (the
    /// runtime's error without a shell); None when that error ended the exec.
    fn missing(&mut self, program: &str) -> Option<i32> {
        match self.shell.clone() {
            Some((sh, argv0)) => {
                let text = match sh {
                    Shell::Ash => format!("{argv0}: {program}: not found"),
                    Shell::Dash => format!("{argv0}: {}: {program}: not found", self.line),
                    Shell::Bash => format!("{}{program}: command not found", self.bash_prefix()),
                };
                self.out.note(&text);
                Some(127)
            }
            None => {
                self.out.error(&net::not_found(program, self.pod, self.container, self.engine.now()));
                None
            }
        }
    }

    /// How bash starts a message: an interactive session's bash names
    /// itself; `bash -c` names its `$0` and the line.
    fn bash_prefix(&self) -> String {
        let argv0 = self.shell.as_ref().map(|s| s.1.clone()).unwrap_or_default();
        match self.session_line {
            Some(_) => format!("{}: ", shell::basename(&argv0)),
            None => format!("{argv0}: line {}: ", self.line),
        }
    }


    /// The container's processes as `ps` and `kill` see them, with the
    /// node's memory (kB); None when the playground does not know the
    /// image or the container stopped (it said why).
    fn processes(&mut self) -> Option<(Vec<procs::Proc>, u64, fs::Family)> {
        let family = self.fs()?.family();
        let runtime = self.engine.world().sim.pods.of_pod(&self.pod.metadata.namespace, &self.pod.metadata.name).filter(|rt| rt.uid == self.pod.metadata.uid);
        let started = runtime.and_then(|rt| rt.init.iter().chain(&rt.app).find(|c| c.name == self.container).and_then(|c| c.run.as_ref()).map(|r| r.started_at)).unwrap_or_else(|| self.engine.now());
        let argv = spec_of(self.pod, self.container).map(super::container_shell::container_argv).unwrap_or_default();
        // An image's default command is the image's, not the shell's.
        let argv = if spec_of(self.pod, self.container).is_some_and(|c| c.command.is_empty() && c.args.is_empty()) { Vec::new() } else { argv };
        let table = procs::container_procs(self.engine, self.pod, self.container, self.image, &argv, started);
        let node = self.pod.spec.node_name.as_deref().unwrap_or_default();
        let mem = match self.engine.store().get_by(kubeplay_model::Kind::Node, "", node).map(|o| &**o) {
            Some(Object::Node(n)) => n.status.capacity.get("memory").map_or(8 << 20, |q| (q.value() / 1024).max(1) as u64),
            _ => 8 << 20,
        };
        Some((table, mem, family))
    }

    fn caller(&self) -> procs::Caller {
        let session = self.session_line.map(|l| (self.shell.as_ref().map(|s| s.1.clone()).unwrap_or_default(), l));
        // A shell running one command execs it; a pipeline's shell waits.
        let script = (session.is_none() && !self.script.is_empty() && !self.pipeline.is_empty()).then(|| self.script.clone());
        procs::Caller { session, tty: self.terminal, script }
    }

    /// `id`: the identity the container's processes run with.
    fn id(&mut self, argv: &[String]) -> Option<i32> {
        let family = self.fs()?.family();
        match id::run(&argv[1..], &id::ids(self.pod, self.container, family), family) {
            Ok(text) => {
                self.out.stdout.push_str(&format!("{text}\n"));
                Some(0)
            }
            Err((e, code)) => {
                self.out.note(&e);
                Some(code)
            }
        }
    }

    /// `ps`: busybox's applet, or procps' once apt-get installed it.
    fn ps(&mut self, argv: &[String]) -> Option<i32> {
        let (table, mem, family) = self.processes()?;
        let busybox = family != fs::Family::Debian;
        if !busybox && !self.fs().is_some_and(|fs| apt::installed_program(&fs, self.engine, "ps")) {
            return self.missing(&argv[0]);
        }
        let caller = self.caller();
        let now = self.engine.now();
        let run_as = procs::run_as_user(self.pod, self.container);
        let mut all = procs::as_user(procs::table(table, &caller, &argv.join(" "), now, busybox), self.image, run_as);
        // The pipeline's other commands run beside ps, numbered after it.
        let me = argv.join(" ");
        if let (Some(ps), Some(at)) = (all.last().cloned(), self.pipeline.iter().position(|c| *c == me)) {
            for (i, text) in self.pipeline.iter().enumerate().filter(|(i, _)| *i != at) {
                let pid = (ps.pid as usize + i).saturating_sub(at) as u32;
                let stat = if ps.stat.ends_with('+') { "S+" } else { "S" };
                all.push(procs::Proc { pid, args: text.clone(), stat, vsz: 6332, rss: 2048, ..ps.clone() });
            }
            all.sort_by_key(|p| p.pid);
        }
        match procs::ps(argv, &all, now, mem, busybox, &caller) {
            Ok(text) => {
                self.out.stdout.push_str(&text);
                Some(0)
            }
            Err((msg, _)) => {
                self.out.error(&format!("error: {msg}"));
                None
            }
        }
    }

    /// `kill [-SIG] PID...`: the shells' builtin (busybox's applet or
    /// procps' program without one).
    fn kill(&mut self, argv: &[String]) -> Option<i32> {
        let (table, _, family) = self.processes()?;
        let sh = self.shell.as_ref().map(|s| s.0);
        if sh.is_none() && family == fs::Family::Debian && !self.fs().is_some_and(|fs| apt::installed_program(&fs, self.engine, "kill")) {
            return self.missing(&argv[0]);
        }
        let argv0 = self.shell.as_ref().map(|s| s.1.clone()).unwrap_or_else(|| "kill".into());
        // bash names no line for its builtins' complaints; a session's
        // bash is `bash` whatever path started it.
        let bash = if self.session_line.is_some() { format!("{}: ", shell::basename(&argv0)) } else { format!("{argv0}: ") };
        let usage = match sh {
            Some(Shell::Dash) => format!("{argv0}: {}: kill: Usage: kill [-s sigspec | -signum | -sigspec] [pid | job]... or\nkill -l [exitstatus]", self.line),
            Some(Shell::Bash) => format!("{bash}kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]"),
            _ => format!("{argv0}: you need to specify whom to kill"),
        };
        let parsed = match procs::parse_kill(&argv[1..]) {
            Ok(k) if !k.pids.is_empty() => k,
            Ok(_) => {
                self.out.note(&usage);
                return Some(if matches!(sh, Some(Shell::Dash | Shell::Bash)) { 2 } else { 1 });
            }
            Err(bad) => {
                let option = argv.get(1).is_some_and(|a| a != "-s" && a != "-n");
                self.out.note(&match sh {
                    Some(Shell::Bash) => format!("{bash}kill: {bad}: invalid signal specification"),
                    Some(Shell::Dash) if option => format!("{argv0}: {}: kill: Illegal option -{}", self.line, bad.chars().next().unwrap_or('?')),
                    Some(Shell::Dash) => format!("{argv0}: {}: kill: invalid signal number or name: {bad}", self.line),
                    _ => format!("{argv0}: bad signal name '{bad}'"),
                });
                return Some(if sh == Some(Shell::Dash) && option { 2 } else { 1 });
            }
        };
        let all = procs::table(table, &self.caller(), &argv.join(" "), self.engine.now(), family != fs::Family::Debian);
        let mut status = 0;
        for pid in &parsed.pids {
            let delivered = pid.parse::<u32>().ok().map(|n| procs::deliver(&all, n, parsed.signal));
            match delivered {
                Some(Ok(true)) => {
                    let (ns, pod, ctr) = (self.pod.metadata.namespace.to_string(), self.pod.metadata.name.to_string(), self.container.to_string());
                    if let Err(e) = self.engine.container_process_exits(&ns, &pod, &ctr, 0) {
                        self.out.error(&format!("error: {e}"));
                        return None;
                    }
                }
                Some(Ok(false)) => {}
                Some(Err(())) => {
                    status = 1;
                    self.out.note(&match sh {
                        Some(Shell::Bash) => format!("{bash}kill: ({pid}) - No such process"),
                        Some(Shell::Dash) => format!("{argv0}: {}: kill: No such process", self.line),
                        _ => format!("{argv0}: can't kill pid {pid}: No such process"),
                    });
                }
                None => {
                    status = 1;
                    self.out.note(&match sh {
                        Some(Shell::Bash) => format!("{bash}kill: {pid}: arguments must be process or job IDs"),
                        Some(Shell::Dash) => format!("{argv0}: {}: kill: Illegal number: {pid}", self.line),
                        _ => format!("{argv0}: invalid number '{pid}'"),
                    });
                }
            }
        }
        Some(status)
    }

    /// A program only apt-get puts in the container: tcpdump starts and,
    /// with no traffic simulated, stops as after Ctrl-C; lsof's table is
    /// not simulated.
    fn installed_tool(&mut self, argv: &[String]) -> Option<i32> {
        let name = shell::basename(&argv[0]).to_string();
        if !self.fs().is_some_and(|fs| apt::installed_program(&fs, self.engine, &name)) {
            return self.missing(&argv[0]);
        }
        if name == "lsof" {
            self.out.error("error: (playground) lsof's table of open files is not simulated");
            return None;
        }
        self.out.note("tcpdump: verbose output suppressed, use -v[v]... for full protocol decode\nlistening on eth0, link-type EN10MB (Ethernet), snapshot length 262144 bytes");
        self.out.note("(playground) no packets are simulated: tcpdump stops here as after Ctrl-C");
        self.out.note("^C\n0 packets captured\n0 packets received by filter\n0 packets dropped by kernel");
        Some(0)
    }

    /// `apt-get` in a Debian-based image.
    fn apt(&mut self, argv: &[String]) -> Option<i32> {
        let view = self.fs()?;
        if view.family() != fs::Family::Debian {
            return self.missing(&argv[0]);
        }
        let tools = net::tools(self.image);
        let image_has = move |p: &str| tools.is_some_and(|t| net::PROGRAMS.contains(&p) && t.contains(p));
        Some(apt::run(argv, &view, self.engine, self.tty, &image_has, self.out))
    }
}

/// Whether apt-get put `program` in the container.
fn fs_installed(engine: &Engine, pod: &Pod, container: &str, program: &str) -> bool {
    let mut scratch = Output::default();
    container_fs(engine, pod, container, &mut scratch).is_some_and(|fs| apt::installed_program(&fs, engine, program))
}

/// The file system of `container` in `pod`, the image's family deciding
/// busybox or GNU tools; None when the playground does not know the
/// image (it said so).
fn container_fs(engine: &Engine, pod: &Pod, container: &str, out: &mut Output) -> Option<fs::Fs> {
    let image = spec_of(pod, container).and_then(|c| c.image.clone()).unwrap_or_default();
    let Some(shells) = net::shells(&image) else {
        out.error(&net::unknown_image(&image));
        return None;
    };
    let busybox = kubeplay_engine::kubelet::image::ImageRef::parse(&image).is_ok_and(|r| r.repository().ends_with("/busybox"));
    let family = if shells.dash {
        fs::Family::Debian
    } else if busybox {
        fs::Family::Busybox
    } else {
        fs::Family::Alpine
    };
    let Some(view) = fs::Fs::new(engine, pod, container, family) else {
        out.error(&format!("error: unable to upgrade connection: container not found ({})", crate::gofmt::quote(container)));
        return None;
    };
    Some(view)
}

/// What a program says when its stdin is a directory (`cat < DIR`) and
/// it reads it: (stdout, stderr, status), GNU's or busybox 1.35's; None
/// when it names files to read instead (or is not one of these).
fn directory_read(argv: &[String], gnu: bool) -> Option<(&'static str, String, i32)> {
    let name = shell::basename(&argv[0]);
    let args = &argv[1..];
    // Operands: words not options, the value of -n and grep's pattern.
    let mut operands = 0;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-n" || a == "-e" || a == "-d" || a == "-f" {
            it.next();
        } else if a == "-" || !a.starts_with('-') {
            operands += 1;
        }
    }
    let pattern = usize::from(matches!(name, "grep" | "egrep" | "fgrep") && !args.iter().any(|a| a == "-e"));
    if operands > pattern {
        return None;
    }
    let said = |t: &str| (t.to_string(), 1);
    let (out, (err, status)) = match (name, gnu) {
        ("cat", true) => ("", said("cat: -: Is a directory")),
        ("cat", false) => ("", said("cat: read error: Is a directory")),
        ("wc", true) => ("0\n", said("wc: 'standard input': Is a directory")),
        ("wc", false) => ("0\n", said("wc: standard input: Is a directory")),
        ("head" | "tail", true) => ("", said(&format!("{name}: error reading 'standard input': Is a directory"))),
        ("head", false) => ("", said("head: standard input: Input/output error")),
        ("tail", false) => ("", said("tail: read error: Is a directory")),
        ("grep" | "egrep" | "fgrep", true) => ("", ("grep: (standard input): Is a directory".to_string(), 2)),
        ("sort", true) => ("", ("sort: read failed: -: Is a directory".to_string(), 2)),
        // busybox's grep and sort see no lines.
        ("grep" | "egrep" | "fgrep", false) => ("", (String::new(), 1)),
        ("sort", false) => ("", (String::new(), 0)),
        _ => return None,
    };
    Some((out, err, status))
}

/// Whether `cd` may enter `path` (absolute): a directory, or a link to
/// one. Directories of the image the playground does not know are
/// refused as missing.
fn cd_check(view: &fs::Fs, engine: &Engine, path: &str) -> Result<(), fs::FsError> {
    match view.stat(engine, path) {
        Ok(fs::Node::Dir { .. }) => Ok(()),
        Ok(fs::Node::Link { .. }) => view.list(engine, path).map(|_| ()).or_else(|e| if e == fs::FsError::Unknown { Ok(()) } else { Err(e) }),
        Ok(fs::Node::File { .. }) => Err(fs::FsError::NotDir),
        // The image's directories a session's readers go to, which the
        // file view cannot list.
        Err(fs::FsError::Unknown) if super::container_shell::words::is_dir(path, "/root", "/") => Ok(()),
        Err(fs::FsError::Unknown) => Err(fs::FsError::NotFound),
        Err(e) => Err(e),
    }
}

/// The shell's complaint when `cd DIR` fails: busybox's, dash's (which
/// names no reason) or bash's.
fn cd_failed(dash: bool, bash: bool, argv0: &str, line: u32, dir: &str, e: &fs::FsError) -> String {
    if dash {
        format!("{argv0}: {line}: cd: can't cd to {dir}")
    } else if bash {
        format!("{}: cd: {dir}: {}", shell::basename(argv0), e.text())
    } else {
        format!("{argv0}: cd: can't cd to {dir}: {}", e.text())
    }
}

/// For a shell session's `cd`: the directory `path` (absolute) in
/// `container`, checked through its file system; Err is the shell's
/// complaint (`dash`/`bash` pick the wording), None when the playground
/// cannot tell (it said why).
#[allow(clippy::too_many_arguments)]
pub(super) fn session_cd(pod: &Pod, container: &str, path: &str, dir: &str, argv0: &str, line: u32, dash: bool, bash: bool, engine: &Engine, out: &mut Output) -> Option<Result<(), String>> {
    let view = container_fs(engine, pod, container, out)?;
    Some(cd_check(&view, engine, path).map_err(|e| cd_failed(dash, bash, argv0, line, dir, &e)))
}

/// nginx's answer in `pod` at `url_path` when its web root was written
/// to (`echo … > /usr/share/nginx/html/index.html`) or has a volume
/// mounted on it (the StatefulSet tutorial's claim): `reply`, the image's
/// own answer, gets the file as its body, or nginx's 403 or 404 page
/// and status.
pub(super) fn served_file(engine: &Engine, pod: &Pod, url_path: &str, reply: &mut tools::Reply) {
    if net::replies::proxy_upstream(engine, pod, reply) {
        return;
    }
    let nginx = |c: &&Container| {
        let repo = c.image.as_deref().and_then(|i| kubeplay_engine::kubelet::image::ImageRef::parse(i).ok()).map(|r| r.repository());
        matches!(repo.as_deref(), Some("docker.io/library/nginx" | "registry.k8s.io/nginx-slim" | "k8s.gcr.io/nginx-slim"))
    };
    let Some(c) = pod.spec.containers.iter().find(nginx) else { return };
    let family = if c.image.as_deref().is_some_and(|i| i.contains("alpine")) { fs::Family::Alpine } else { fs::Family::Debian };
    let Some(view) = fs::Fs::new(engine, pod, &c.name, family) else { return };
    let path = url_path.split(['?', '#']).next().unwrap_or("/");
    let Some(served) = view.served(engine, "/usr/share/nginx/html", path) else { return };
    let server = reply.headers.iter().find_map(|h| h.strip_prefix("Server: ")).unwrap_or("nginx").to_string();
    let body = match served {
        Ok(text) => {
            reply.set_status(200, "OK");
            text
        }
        Err(code) => {
            let reason = if code == 403 { "Forbidden" } else { "Not Found" };
            reply.set_status(code, reason);
            // nginx's error pages are generated: no file's validators.
            reply.headers.retain(|h| !["Last-Modified: ", "ETag: ", "Accept-Ranges: "].iter().any(|p| h.starts_with(p)));
            let title = format!("{code} {reason}");
            format!("<html>\r\n<head><title>{title}</title></head>\r\n<body>\r\n<center><h1>{title}</h1></center>\r\n<hr><center>{server}</center>\r\n</body>\r\n</html>\r\n")
        }
    };
    for h in reply.headers.iter_mut().filter(|h| h.starts_with("Content-Length: ")) {
        *h = format!("Content-Length: {}", body.len());
    }
    reply.body = Some(body);
}

#[cfg(test)]
#[path = "pod_exec_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "pod_fs_tests.rs"]
mod fs_tests;
