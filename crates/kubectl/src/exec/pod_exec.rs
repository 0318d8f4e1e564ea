//! `kubectl exec POD -- COMMAND`: the simulator runs no processes, so only
//! commands whose answer it knows are simulated — `env`, `printenv [NAME…]`
//! and `hostname` — from the environment the kubelet gave the container
//! when it was created (Service links included), the network checks
//! `wget`, `curl` and `nslookup` ([`net`]), and the file programs
//! (`cat`, `ls`, `echo > f`, `mkdir`, `rm` …, [`fs_cmds`]) on the
//! container's file system ([`fs`]: its volumes, the kubelet's files and
//! what earlier execs wrote, kept in the engine); alone or in a `sh -c`
//! script of simple commands and pipelines (into `grep`, `sort`, `uniq`
//! and `cut` too: [`text`]) joined by `;`, `&&` and `||` with
//! redirections and `$(…)` ([`sh`]), where `cd` moves the directory
//! relative paths start from. A shell session lends the runner its
//! working directory and exported variables ([`Context`]). The refusals
//! before that are kubectl's and the API server's ([`started`], which
//! `kubectl cp` shares: [`cp`]).

use super::write::namespace;
use super::Output;
use crate::cli::{Exec, Invocation};
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
mod sh;
#[path = "pod_exec_text.rs"]
mod text;
#[path = "cp.rs"]
pub(super) mod cp;

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
    let obj = match super::logs::pod_for(engine, ns, kind, name, "attach to", out) {
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
/// `kubectl run -i` attached to): its exit code, or None when the
/// playground cannot (it said why).
pub(super) fn run_in(pod: &Pod, container: &str, argv: &[String], engine: &mut Engine, out: &mut Output) -> Option<i32> {
    run_tty(pod, container, argv, false, engine, out)
}

/// [`run_in`] with stdout on a terminal or not.
pub(super) fn run_tty(pod: &Pod, container: &str, argv: &[String], tty: bool, engine: &mut Engine, out: &mut Output) -> Option<i32> {
    run_with(pod, container, argv, tty, &Context::default(), engine, out)
}

/// What a shell session lends each line it hands the runner, which
/// starts afresh every time: the directory the session is in and the
/// variables it exported.
#[derive(Clone, Debug, Default)]
pub(super) struct Context {
    /// None: the container's working directory.
    pub cwd: Option<String>,
    pub exported: Vec<(String, String)>,
    /// The session's line number the line is (None: `sh -c`'s own 1).
    pub line: Option<u32>,
}

/// [`run_tty`] in a session's [`Context`].
pub(super) fn run_with(pod: &Pod, container: &str, argv: &[String], tty: bool, ctx: &Context, engine: &mut Engine, out: &mut Output) -> Option<i32> {
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
    let mut env = envvars::process_env(pod, &vars);
    for (k, v) in &ctx.exported {
        match env.iter_mut().find(|(name, _)| name == k) {
            Some(slot) => slot.1 = v.clone(),
            None => env.push((k.clone(), v.clone())),
        }
    }
    let mut s = Session { pod, container, image: &image, env, engine, out, shell: None, status: 0, tty, cwd: ctx.cwd.clone(), exited: false, line: 1, session_line: ctx.line };
    match shell::shell_script(argv) {
        Some(script) if is_shell(&argv[0]) => s.script(&argv[0], script),
        _ => s.program(argv, ""),
    }
}

fn is_shell(argv0: &str) -> bool {
    matches!(shell::basename(argv0), "sh" | "ash" | "bash" | "dash")
}

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
                self.out.error(&format!("error: (playground) kubectl exec runs only simple commands and pipelines joined by ;, && and || in a shell script, with redirections and $(...) (not {})", crate::gofmt::quote(script)));
                return None;
            }
        };
        self.shell = Some((flavour, argv0.to_string()));
        self.list(&commands)
    }

    /// Runs a parsed list: `&&` and `||` skip as the shell does.
    fn list(&mut self, commands: &sh::List) -> Option<i32> {
        let mut skip = false;
        for (pipeline, op) in commands {
            if !skip && pipeline.len() > 1 {
                self.status = self.pipeline(pipeline)?;
            } else if let (false, [cmd]) = (skip, pipeline.as_slice()) {
                let first = cmd.words.first().map(|w| self.expand(w)).and_then(|f| f.into_iter().next());
                if first.as_deref() == Some("exit") {
                    let code = cmd.words.get(1).map(|w| self.expand(w)).and_then(|f| f.first().and_then(|c| c.parse::<i32>().ok()));
                    self.exited = true;
                    return Some(code.map_or(self.status, |c| c & 0xff));
                }
                self.status = self.command(cmd, "")?;
            }
            skip = match *op {
                "&&" => self.status != 0,
                "||" => self.status == 0,
                _ => false,
            };
        }
        Some(self.status)
    }

    /// A word's fields, its variables and substitutions expanded.
    fn expand(&mut self, word: &sh::Word) -> Vec<String> {
        let env = self.env.clone();
        let (status, argv0) = (self.status, self.shell.as_ref().map(|s| s.1.clone()).unwrap_or_default());
        let mut value = |name: &str| match name {
            "?" => status.to_string(),
            "0" => argv0.clone(),
            "$" => "1".to_string(),
            "#" => "0".to_string(),
            n => env.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone()).unwrap_or_default(),
        };
        // A substitution's commands run in this container, their output
        // captured; what they print to stderr still shows.
        sh::expand(word, &mut value, &mut |script| self.capture(script))
    }

    /// What `$(script)` prints.
    fn capture(&mut self, script: &str) -> String {
        let Ok(commands) = sh::parse(script) else { return String::new() };
        let saved = std::mem::take(self.out);
        let (status, tty, line) = (self.status, std::mem::replace(&mut self.tty, false), self.line);
        // Its commands are on the outer command's line.
        let session_line = std::mem::replace(&mut self.session_line, u32::try_from(line).ok());
        self.list(&commands);
        self.session_line = session_line;
        // `exit` inside ends only the substitution's subshell; messages
        // after it name the outer command's line.
        (self.status, self.tty, self.exited, self.line) = (status, tty, false, line);
        let inner = std::mem::replace(self.out, saved);
        if !inner.stderr.is_empty() {
            self.out.note(&inner.stderr);
        }
        inner.stdout
    }

    /// Commands joined by `|`: each one's output is the next one's input
    /// (what they print to stderr still shows), each in a subshell (a
    /// `cd` there moves nothing); the status is the last one's.
    fn pipeline(&mut self, cmds: &[sh::Command]) -> Option<i32> {
        let cwd = self.cwd.clone();
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
        self.session_line.map_or(0, |l| l as usize - 1)
    }

    /// One simple command with its redirections, `input` on its stdin
    /// unless it redirects that.
    fn command(&mut self, cmd: &sh::Command, input: &str) -> Option<i32> {
        self.line = cmd.line.max(1) + self.line_base();
        let argv: Vec<String> = cmd.words.iter().flat_map(|w| self.expand(w)).collect();
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
                self.cwd = Some(target);
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
        let env = &self.env;
        let out = &mut *self.out;
        match name {
            "env" | "printenv" if argv.len() == 1 => {
                for (k, v) in env {
                    out.out(&format!("{k}={v}"));
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
            // Shell builtins.
            "true" | ":" if self.shell.is_some() => Some(0),
            "cd" if self.shell.is_some() => self.cd(argv.get(1).map(String::as_str)),
            "pwd" if self.shell.is_some() => {
                let cwd = self.fs()?.abs(".");
                self.out.out(&cwd);
                Some(0)
            }
            "false" if self.shell.is_some() => Some(1),
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
            p if fs_cmds::PROGRAMS.contains(&p) => {
                let view = self.fs()?;
                fs_cmds::run(&view, self.engine, argv, stdin, self.line, self.out)
            }
            p if text::PROGRAMS.contains(&p) => {
                let view = self.fs()?;
                text::run(&view, self.engine, argv, stdin, self.out)
            }
            p if net::PROGRAMS.contains(&p) => {
                let Some(has) = net::tools(self.image) else {
                    out.error(&net::unknown_image(self.image));
                    return None;
                };
                if !has.contains(p) {
                    return match &self.shell {
                        Some((sh, argv0)) => {
                            out.note(&match sh {
                                Shell::Ash => format!("{argv0}: {program}: not found"),
                                Shell::Dash => format!("{argv0}: {}: {program}: not found", self.line),
                                Shell::Bash => format!("{argv0}: line {}: {program}: command not found", self.line),
                            });
                            Some(127)
                        }
                        None => {
                            out.error(&net::not_found(program, self.pod, self.container, self.engine.now()));
                            None
                        }
                    };
                }
                if self.tty && p == "curl" {
                    // What a terminal on stdout changes for curl.
                    let argv: Vec<String> = argv.iter().cloned().chain(["--no-progress-meter".to_string()]).collect();
                    return net::run(&argv, has, self.pod, self.engine, out);
                }
                net::run(argv, has, self.pod, self.engine, out)
            }
            _ => {
                out.error(&format!(
                    "error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, {}, {}, wget, curl and nslookup, alone or in a sh -c script (not {})",
                    fs_cmds::PROGRAMS.join(", "),
                    text::PROGRAMS.join(", "),
                    crate::gofmt::quote(&argv.join(" "))
                ));
                None
            }
        }
    }
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
