//! A shell session inside a container: what the terminal talks to after
//! `kubectl exec -it POD -- sh`, `kubectl run -it … -- sh`, `kubectl
//! debug -it` or `kubectl attach -it` opened one, until `exit`. Each typed
//! line runs as the container's shell would run it: through the same
//! runner as `kubectl exec POD -- sh -c LINE` (`pod_exec::run_tty`), with
//! what a real shell keeps between lines kept here, since the runner
//! starts afresh each time: the working directory (which the prompt
//! shows), variables set with `NAME=value` or `export`, and `$?`.
//!
//! The runner starts afresh each line, so the session lends it its
//! working directory and exported variables (`pod_exec::Context`): a
//! relative path is read from where `cd` went, and `env` lists what was
//! exported. `cd` checks the directory through the container's files.
//!
//! How a session ends is the opening command's: exec reports the shell's
//! exit code (`command terminated with exit code 3`), while run, debug and
//! attach were attached to the container's own process, which exits with
//! it (see [`Ending`]). A line that stops the shell's container (`kill 1`
//! in redis) ends the session right after it, as the runtime kills the
//! shell with its container.

use super::pod_exec;
use super::Output;
use crate::cli::Exec;
use kubeplay_engine::kubelet::{envvars, shell};
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::{Kind, Object};
use std::collections::{BTreeMap, BTreeSet};
pub(super) use super::pod_exec::{default_container, normalize};
use words::{assignment, split_list, var_name};

#[path = "container_shell_words.rs"]
pub(super) mod words;

/// Which shell reads the lines: it decides the prompt and the wording of
/// a command it cannot find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// busybox ash (busybox, alpine): `/ # `.
    Ash,
    /// Debian's dash (`sh` in nginx, debian): `# `.
    Dash,
    /// bash: `root@web-0:/# `.
    Bash,
}

/// What happens when the shell exits, as the command that opened the
/// session ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `kubectl exec`: the shell was a process of its own; kubectl reports
    /// a non-zero exit code.
    Exec,
    /// `kubectl run -i`: the shell is the container's process; the pod
    /// then ends (or restarts) as its restart policy says.
    Run(super::run_attach::RunEnd),
    /// `kubectl attach` (and `kubectl debug`, which attaches the same
    /// way): the shell is the container's process.
    Attach {
        /// The pod's restart policy is Always, for the reattach hint.
        restart_always: bool,
        ephemeral: bool,
        quiet: bool,
    },
}

/// An open session (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContainerShell {
    namespace: String,
    pod: String,
    uid: String,
    container: String,
    /// The container instance the shell runs in: a restart is another.
    container_id: String,
    /// The shell as it was called (`sh`, `/bin/bash`): its messages' prefix.
    argv0: String,
    flavour: Flavour,
    /// A terminal is attached (`-t`): the shell prompts.
    tty: bool,
    root: bool,
    hostname: String,
    home: String,
    cwd: String,
    /// Where the shell started (the container's working directory).
    workdir: String,
    /// Variables set in the session (the container's own come from the runtime).
    vars: BTreeMap<String, String>,
    exported: BTreeSet<String>,
    /// `$?`.
    status: i32,
    /// Lines read so far (dash numbers its messages by them).
    lines: u32,
    ending: Ending,
    /// The functions defined in the session.
    functions: Vec<pod_exec::compound::Function>,
}

/// What one typed line did.
pub struct Ran {
    pub output: Output,
    /// The shell exited: the session is over, and `output` ends with what
    /// the opening command printed as it ended.
    pub closed: bool,
}

/// Programs a container never has, which tutorials' readers type there by
/// habit: the shell's own "not found", not a playground refusal.
const HOST_ONLY: &[&str] = &["kubectl", "helm", "minikube", "kind", "docker", "k9s", "kubeplay", "sim"];

/// Most bytes one line may expand to: `$X$X…` over a large variable must
/// not exhaust the page's memory.
const MAX_EXPANSION: usize = 4 << 20;

/// Longest `sleep` a session runs: the whole cluster is advanced at once.
const MAX_SLEEP_MS: i64 = 3_600_000;

/// Whether `argv` starts a shell that reads its commands from stdin.
pub fn is_bare_shell(argv: &[String]) -> bool {
    argv.first().is_some_and(|a| matches!(shell::basename(a), "sh" | "ash" | "bash" | "dash")) && shell::shell_script(argv).is_none()
}

/// The shell an image runs when the pod gives no command, for the images
/// whose default is one (busybox, alpine: `sh`; ubuntu, debian: `bash`).
pub fn default_shell(image: &str) -> Option<&'static str> {
    let r = kubeplay_engine::kubelet::image::ImageRef::parse(image).ok()?;
    match r.repository().as_str() {
        "docker.io/library/busybox" | "docker.io/library/alpine" | "docker.io/radial/busyboxplus" => Some("sh"),
        "docker.io/library/ubuntu" | "docker.io/library/debian" => Some("bash"),
        _ => None,
    }
}

/// The command a container runs: its command and args, or the image's
/// default shell.
pub fn container_argv(c: &kubeplay_model::api::Container) -> Vec<String> {
    let argv: Vec<String> = c.command.iter().chain(&c.args).cloned().collect();
    if argv.is_empty() {
        return c.image.as_deref().and_then(default_shell).map(|s| vec![s.to_string()]).unwrap_or_default();
    }
    argv
}

/// The image's WORKDIR, where exec starts when the pod sets none.
fn image_workdir(image: &str) -> &'static str {
    match kubeplay_engine::kubelet::image::ImageRef::parse(image).map(|r| r.repository()) {
        Ok(r) if r == "docker.io/library/redis" => "/data",
        _ => "/",
    }
}

/// The runtime's record of `container` in `pod`: its instance id and
/// whether that instance still runs.
fn instance(engine: &Engine, pod: &Pod, container: &str) -> Option<(String, bool)> {
    let rt = engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|rt| rt.uid == pod.metadata.uid)?;
    let ephemeral = rt.ephemeral.iter().flat_map(|v| v.iter().map(|e| &e.ctr));
    let ctr = rt.init.iter().chain(&rt.app).chain(ephemeral).find(|c| c.name == container)?;
    let run = ctr.run.as_ref()?;
    // A process being stopped (its shell exited, its pod deleted) takes no more lines.
    Some((run.id.to_string(), run.exited.is_none() && run.stopping.is_none()))
}

fn pod_now(engine: &Engine, ns: &str, name: &str) -> Option<Pod> {
    match engine.store().get_by(Kind::Pod, ns, name).map(|o| &**o) {
        Some(Object::Pod(p)) => Some((**p).clone()),
        _ => None,
    }
}

impl ContainerShell {
    /// A session of shell `argv0` in `container` of `pod`; Err is the
    /// error kubectl prints when the image has no such shell.
    pub fn open(pod: &Pod, container: &str, argv0: &str, tty: bool, ending: Ending, engine: &Engine) -> Result<ContainerShell, String> {
        let spec =
            pod.spec.containers.iter().chain(pod.spec.init_containers.iter()).chain(pod.spec.ephemeral_containers.iter().map(|e| &e.container)).find(|c| c.name == container);
        let image = spec.and_then(|c| c.image.clone()).unwrap_or_default();
        let Some((container_id, true)) = instance(engine, pod, container) else {
            return Err(format!("error: unable to upgrade connection: container not found ({})", crate::gofmt::quote(container)));
        };
        let Some(shells) = pod_exec::net::shells(&image) else {
            // A known image with no shell at all (distroless): the runtime's error.
            if pod_exec::net::tools(&image).is_some() {
                return Err(pod_exec::net::not_found(argv0, pod, container, engine.now()));
            }
            return Err(pod_exec::net::unknown_image(&image));
        };
        let flavour = match shell::basename(argv0) {
            "bash" if shells.bash => Flavour::Bash,
            "sh" | "dash" if shells.dash => Flavour::Dash,
            "sh" | "ash" if !shells.dash => Flavour::Ash,
            _ => return Err(pod_exec::net::not_found(argv0, pod, container, engine.now())),
        };
        // curlimages/curl runs as curl_user in its home; the other images as root in /.
        let curl = image.contains("curlimages/curl");
        let (root, home, cwd) = if curl { (false, "/home/curl_user", "/home/curl_user") } else { (true, "/root", image_workdir(&image)) };
        // The runtime starts the shell in the container's working directory.
        let cwd = spec.and_then(|c| c.working_dir.clone()).filter(|d| d.starts_with('/')).map_or_else(|| cwd.to_string(), |d| normalize("/", &d));
        Ok(ContainerShell {
            namespace: pod.metadata.namespace.to_string(),
            pod: pod.metadata.name.to_string(),
            uid: pod.metadata.uid.to_string(),
            container: container.to_string(),
            container_id,
            argv0: argv0.to_string(),
            flavour,
            tty,
            root,
            hostname: envvars::hostname(pod),
            home: home.into(),
            workdir: cwd.clone(),
            cwd,
            vars: BTreeMap::new(),
            exported: BTreeSet::new(),
            status: 0,
            lines: 0,
            ending,
            functions: Vec::new(),
        })
    }

    pub fn pod(&self) -> &str {
        &self.pod
    }

    pub fn container(&self) -> &str {
        &self.container
    }

    /// The working directory as the prompt shows it (`~` for home).
    fn short_cwd(&self) -> String {
        match self.cwd.strip_prefix(&self.home) {
            Some("") => "~".into(),
            Some(rest) if rest.starts_with('/') => format!("~{rest}"),
            _ => self.cwd.clone(),
        }
    }

    /// What the shell prints before reading a line: nothing without a
    /// terminal; busybox's `\w \$ `, dash's `$ `, Debian bash's `\u@\h:\w\$ `.
    pub fn prompt(&self) -> String {
        if !self.tty {
            return String::new();
        }
        let sign = if self.root { '#' } else { '$' };
        match self.flavour {
            Flavour::Ash => format!("{} {sign} ", self.short_cwd()),
            Flavour::Dash => format!("{sign} "),
            Flavour::Bash => format!("{}@{}:{}{sign} ", if self.root { "root" } else { "user" }, self.hostname, self.short_cwd()),
        }
    }

    /// The live pod, while the shell's container instance still runs.
    fn live(&self, engine: &Engine) -> Option<Pod> {
        let pod = pod_now(engine, &self.namespace, &self.pod).filter(|p| p.metadata.uid == self.uid.as_str())?;
        match instance(engine, &pod, &self.container) {
            Some((id, true)) if id == self.container_id => Some(pod),
            _ => None,
        }
    }

    /// When the shell's container stopped (the pod deleted, the container
    /// exited or restarted) since the last line: how the session ended,
    /// as the opening command prints it; None while it runs.
    pub fn gone(&self, engine: &mut Engine) -> Option<Output> {
        if self.live(engine).is_some() {
            return None;
        }
        let mut out = Output::default();
        match &self.ending {
            // The exec'd shell is killed with its container.
            Ending::Exec => {
                out.error("command terminated with exit code 137");
                out.code = Some(137);
            }
            Ending::Run(end) => super::run_attach::finish(end, None, engine, &mut out),
            // The stream closes; attach prints nothing more.
            Ending::Attach { .. } => {}
        }
        Some(out)
    }

    /// Runs one typed line.
    pub fn run(&mut self, line: &str, engine: &mut Engine) -> Ran {
        self.lines += 1;
        let mut out = Output::default();
        match self.run_list(line, engine, &mut out) {
            Some(code) => {
                let closed = self.close(code, engine, &mut out);
                Ran { output: out, closed }
            }
            None => {
                out.set_status(self.status);
                // The line stopped the shell's own container (`kill 1`):
                // the shell went with it, before the next prompt.
                if let Some(ended) = self.gone(engine) {
                    out.stdout.push_str(&ended.stdout);
                    if !ended.stderr.is_empty() {
                        out.note(ended.stderr.trim_end_matches('\n'));
                    }
                    out.set_status(ended.status());
                    return Ran { output: out, closed: true };
                }
                Ran { output: out, closed: false }
            }
        }
    }

    /// Ctrl-D at an empty prompt: the shell exits with `$?`.
    pub fn end_of_input(&mut self, engine: &mut Engine) -> Output {
        let mut out = Output::default();
        self.close(self.status, engine, &mut out);
        out
    }

    /// The shell exits with `code`; ends the session as the opening command does.
    fn close(&mut self, code: i32, engine: &mut Engine, out: &mut Output) -> bool {
        if self.flavour == Flavour::Bash && self.tty {
            out.out("exit");
        }
        match &self.ending {
            Ending::Exec => {
                if code != 0 {
                    out.error(&format!("command terminated with exit code {code}"));
                    out.code = Some(code);
                }
            }
            Ending::Run(end) => {
                let end = end.clone();
                super::run_attach::finish(&end, Some(code), engine, out);
            }
            Ending::Attach { restart_always, ephemeral, quiet } => {
                let (restart_always, ephemeral, quiet) = (*restart_always, *ephemeral, *quiet);
                if let Err(e) = engine.sim_attached_exit(&self.namespace, &self.pod, &self.container, code) {
                    out.error(&format!("error: {e}"));
                }
                // The container's next start is its own again (an
                // interactive shell waits for its terminal).
                engine.world_mut().sim.attached.remove(&format!("{}/{}", self.namespace, self.pod));
                if !quiet && self.tty && restart_always {
                    let (pod, c) = (&self.pod, &self.container);
                    out.out(&if ephemeral {
                        format!(
                            "Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach {pod} -c {c} -i -t' if it is still running"
                        )
                    } else {
                        format!("Session ended, resume using 'kubectl attach {pod} -c {c} -i -t' command when the pod is running")
                    });
                }
            }
        }
        true
    }

    /// Runs a line's commands in order; Some(code) when the shell exits.
    fn run_list(&mut self, line: &str, engine: &mut Engine, out: &mut Output) -> Option<i32> {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        // A call runs in the session's shell too: what the function sets
        // is the session's; and dash's and ash's `return` ends the shell.
        let calls = |segments: &Vec<(String, &str)>| segments.iter().any(|(text, _)| text.split_whitespace().next().is_some_and(|w| w == "return" || self.functions.iter().any(|f| f.name() == w)));
        // `NAME=$(cmd)`: the substitution runs in the container, which the
        // runner does; the session would keep the text unexpanded.
        let substitutes = |segments: &Vec<(String, &str)>| {
            segments.iter().any(|(text, _)| (text.contains("$(") || text.contains('`')) && text.split_whitespace().next().is_some_and(|w| assignment(w).is_some()))
        };
        let Some(segments) = split_list(trimmed).filter(|s| !calls(s) && !substitutes(s)) else {
            // Something the session cannot take apart (a loop, an `if`):
            // the runner takes it whole, expanding as it goes (a loop's
            // `$i` differs each turn), in the session's shell: what it
            // sets, `cd`s to or `exit`s with is the session's.
            return self.compound(trimmed, engine, out);
        };
        let mut skip = false;
        for (text, op) in segments {
            if !skip {
                if let Some(code) = self.command(&text, engine, out) {
                    return Some(code);
                }
            }
            skip = match op {
                "&&" => self.status != 0,
                "||" => self.status == 0,
                _ => false,
            };
        }
        None
    }

    /// One simple command; Some(code) when it is `exit`.
    fn command(&mut self, text: &str, engine: &mut Engine, out: &mut Output) -> Option<i32> {
        let Some(expanded) = self.expand(text, engine, out) else {
            self.status = 1;
            return None;
        };
        let words = kubeplay_engine::kubelet::shell::command_list(&expanded).and_then(|mut l| (l.len() == 1).then(|| l.remove(0).0)).unwrap_or_default();
        let first = words.first().map(String::as_str).unwrap_or_default();
        self.status = match first {
            "exit" => {
                let code = match words.get(1) {
                    None => self.status,
                    Some(n) => match n.parse::<i64>() {
                        Ok(n) => (n & 0xff) as i32,
                        // bash exits all the same; an interactive ash or dash stays.
                        Err(_) if self.flavour == Flavour::Bash => {
                            out.note(&self.message("", &format!("exit: {n}: numeric argument required")));
                            2
                        }
                        Err(_) => {
                            out.note(&self.message(&format!("exit: Illegal number: {n}"), ""));
                            self.status = 2;
                            return None;
                        }
                    },
                };
                return Some(code);
            }
            "cd" => self.cd(words.get(1).map(String::as_str), engine, out),
            "pwd" => {
                out.out(&self.cwd);
                0
            }
            "export" | "readonly" if !self.room_for(&words, out) => 1,
            "export" | "unset" | "readonly" => self.set_vars(first, &words[1..]),
            "sleep" if words.len() == 2 => match shell::sleep_ms(&words[1]) {
                Some(ms) if ms > MAX_SLEEP_MS => {
                    out.note("(playground) a sleep of more than an hour in a container's shell is not simulated: the page would wait on it; exit and use sim advance");
                    1
                }
                // The shell waits, and the cluster goes on meanwhile.
                Some(ms) => {
                    engine.advance(ms);
                    0
                }
                None => {
                    out.note(&format!("sleep: invalid number '{}'", words[1]));
                    1
                }
            },
            _ if !words.is_empty() && words.iter().all(|w| assignment(w).is_some()) => {
                if !self.room_for(&words, out) {
                    self.status = 1;
                    return None;
                }
                for w in &words {
                    if let Some((k, v)) = assignment(w) {
                        self.vars.insert(k.to_string(), v.to_string());
                    }
                }
                0
            }
            p if HOST_ONLY.contains(&shell::basename(p)) => {
                out.note(&self.not_found(p));
                127
            }
            _ => self.external(&expanded, engine, out),
        };
        None
    }

    /// The shell's complaint in its own words: ash's and dash's first,
    /// bash's second.
    fn message(&self, ash: &str, bash: &str) -> String {
        match self.flavour {
            Flavour::Ash => format!("{}: {ash}", self.argv0),
            Flavour::Dash => format!("{}: {}: {ash}", self.argv0, self.lines),
            Flavour::Bash => format!("{}: {bash}", shell::basename(&self.argv0)),
        }
    }

    fn not_found(&self, program: &str) -> String {
        match self.flavour {
            Flavour::Bash => format!("{}: {program}: command not found", shell::basename(&self.argv0)),
            _ => self.message(&format!("{program}: not found"), ""),
        }
    }

    /// `cd [DIR]`: the directory must exist in the container's file system.
    fn cd(&mut self, dir: Option<&str>, engine: &mut Engine, out: &mut Output) -> i32 {
        let target = match dir {
            None | Some("~") => self.home.clone(),
            Some("-") => self.vars.get("OLDPWD").cloned().unwrap_or_else(|| self.cwd.clone()),
            Some(d) => normalize(&self.cwd, &d.replacen('~', &self.home, usize::from(d.starts_with('~')))),
        };
        if target != self.home && target != self.workdir {
            let Some(pod) = self.live(engine) else { return 137 };
            let (dash, bash) = (self.flavour == Flavour::Dash, self.flavour == Flavour::Bash);
            match pod_exec::session_cd(&pod, &self.container, &target, dir.unwrap_or_default(), &self.argv0, self.lines, dash, bash, engine, out) {
                None => return 1,
                Some(Err(e)) => {
                    out.note(&e);
                    return if dash { 2 } else { 1 };
                }
                Some(Ok(())) => {}
            }
        }
        if dir == Some("-") {
            out.out(&target);
        }
        let old = std::mem::replace(&mut self.cwd, target);
        self.vars.insert("OLDPWD".into(), old);
        // All three shells export OLDPWD as cd sets it.
        self.exported.insert("OLDPWD".into());
        0
    }

    /// Whether the variables may take `words` too (bounded, as the page's
    /// memory is); says why not.
    fn room_for(&self, words: &[String], out: &mut Output) -> bool {
        let held: usize = self.vars.values().map(String::len).sum::<usize>() + words.iter().map(String::len).sum::<usize>();
        if held > 4 * MAX_EXPANSION {
            out.note(&format!("(playground) the shell's variables would hold more than {} bytes", 4 * MAX_EXPANSION));
            return false;
        }
        true
    }

    /// `export`, `unset`, `readonly` with names or assignments.
    fn set_vars(&mut self, builtin: &str, args: &[String]) -> i32 {
        for a in args {
            let (name, value) = match assignment(a) {
                Some((k, v)) => (k, Some(v)),
                None => (a.as_str(), None),
            };
            if builtin == "unset" {
                self.vars.remove(name);
                self.exported.remove(name);
                continue;
            }
            if let Some(v) = value {
                self.vars.insert(name.to_string(), v.to_string());
            }
            if builtin == "export" {
                self.exported.insert(name.to_string());
            }
        }
        0
    }

    /// Runs `text` through the exec runner as `sh -c TEXT`.
    fn external(&mut self, text: &str, engine: &mut Engine, out: &mut Output) -> i32 {
        let Some(pod) = self.live(engine) else {
            return 137;
        };
        let mut ctx = self.context();
        pod_exec::run_with(&pod, &self.container, &self.argv(text), self.tty, &mut ctx, engine, out).unwrap_or(1)
    }

    /// The typed line ends with its newline, which the shell reads: `kill
    /// <pid>` is then a syntax error at the newline.
    fn argv(&self, text: &str) -> Vec<String> {
        vec![self.argv0.clone(), "-c".to_string(), format!("{text}\n")]
    }

    /// What the runner starts from: the session's directory, variables
    /// (the unexported ones too: `$((n + 1))` reads `n` itself) and `$?`.
    fn context(&self) -> pod_exec::Context {
        let exported = self.exported.iter().filter_map(|k| Some((k.clone(), self.vars.get(k)?.clone()))).collect();
        let mut locals: Vec<(String, String)> = self.vars.iter().filter(|(k, _)| !self.exported.contains(*k)).map(|(k, v)| (k.clone(), v.clone())).collect();
        if !self.vars.contains_key("PWD") {
            locals.push(("PWD".into(), self.cwd.clone()));
        }
        pod_exec::Context { cwd: Some(self.cwd.clone()), exported, locals, status: self.status, line: Some(self.lines.max(1)), exited: false, functions: self.functions.clone() }
    }

    /// A compound command (over one typed line or several) run by the
    /// runner in the session's state, which takes back what it changed;
    /// Some(code) when it ran `exit`.
    fn compound(&mut self, text: &str, engine: &mut Engine, out: &mut Output) -> Option<i32> {
        let Some(pod) = self.live(engine) else {
            self.status = 137;
            return None;
        };
        let mut ctx = self.context();
        self.status = pod_exec::run_with(&pod, &self.container, &self.argv(text), self.tty, &mut ctx, engine, out).unwrap_or(1);
        // The shell read each line of it: dash's messages count them.
        self.lines += text.matches('\n').count() as u32;
        if let Some(cwd) = ctx.cwd.filter(|c| *c != self.cwd) {
            self.vars.insert("OLDPWD".into(), std::mem::replace(&mut self.cwd, cwd));
            self.exported.insert("OLDPWD".into());
        }
        for (k, v) in ctx.exported.into_iter().chain(ctx.locals.into_iter().filter(|(k, _)| k != "PWD")) {
            self.vars.insert(k, v);
        }
        self.functions = ctx.functions;
        ctx.exited.then_some(self.status)
    }

    /// The value of `$NAME` now: the session's, the shell's own, then the
    /// container's environment.
    fn value(&self, name: &str, env: &[(String, String)]) -> String {
        if let Some(v) = self.vars.get(name) {
            return v.clone();
        }
        match name {
            "?" => self.status.to_string(),
            "PWD" => self.cwd.clone(),
            "$" => "1".into(),
            "0" => self.argv0.clone(),
            _ => env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default(),
        }
    }

    /// Expands `$NAME`, `${NAME}` and `$?` outside single quotes (inside
    /// double quotes the value is escaped, so it stays one word); `$(…)`
    /// is left to the runner. None (said why) past [`MAX_EXPANSION`].
    fn expand(&self, text: &str, engine: &Engine, note: &mut Output) -> Option<String> {
        if !text.contains('$') {
            return Some(text.to_string());
        }
        let env = self.live(engine).map(|pod| container_env(engine, &pod, &self.container)).unwrap_or_default();
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        let (mut single, mut double) = (false, false);
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            match c {
                '\\' if !single => {
                    out.push(c);
                    if let Some(&n) = chars.get(i + 1) {
                        out.push(n);
                    }
                    i += 2;
                    continue;
                }
                '\'' if !double => single = !single,
                '"' if !single => double = !double,
                '$' if !single => {
                    let (name, used) = var_name(&chars[i + 1..]);
                    if let Some(name) = name {
                        let v = self.value(&name, &env);
                        if double {
                            out.extend(v.chars().flat_map(|c| if matches!(c, '"' | '\\' | '$' | '`') { vec!['\\', c] } else { vec![c] }));
                        } else {
                            out.push_str(&v);
                        }
                        i += 1 + used;
                        if out.len() > MAX_EXPANSION {
                            note.note(&format!("(playground) the line expands to more than {MAX_EXPANSION} bytes, which the container's shell does not run"));
                            return None;
                        }
                        continue;
                    }
                }
                _ => {}
            }
            out.push(c);
            i += 1;
        }
        Some(out)
    }
}

/// The container's environment as `env` prints it.
fn container_env(engine: &Engine, pod: &Pod, container: &str) -> Vec<(String, String)> {
    let Some(rt) = engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name) else {
        return Vec::new();
    };
    let ephemeral = rt.ephemeral.iter().flat_map(|v| v.iter().map(|e| &e.ctr));
    let vars = rt.init.iter().chain(&rt.app).chain(ephemeral).find(|c| c.name == container).and_then(|c| c.env.clone());
    vars.map(|v| envvars::process_env(pod, container, &v)).unwrap_or_default()
}

/// `kubectl exec [-i] [-t] POD -- sh`, a shell reading its commands from
/// the terminal: exec's checks, in its order (as `pod_exec::run` makes
/// them), then a session; without `-i` the shell reads an empty stdin
/// and exits at once.
pub(super) fn exec(x: &Exec, inv: &crate::cli::Invocation, engine: &mut Engine, out: &mut Output) {
    let ns = super::write::namespace(inv);
    let obj = match super::logs::attachable_pod(engine, ns, x.kind, &x.name) {
        Ok(o) => o,
        Err(e) => return out.error(&e),
    };
    let Object::Pod(pod) = &*obj else { return };
    let phase = pod.phase();
    if phase == "Succeeded" || phase == "Failed" {
        return out.error(&format!("error: cannot exec into a container in a completed pod; current phase is {phase}"));
    }
    let Some(container) = x.container.clone().or_else(|| default_container(pod, x.quiet, out)) else {
        return;
    };
    if !has_container(pod, &container) {
        return out.error(&format!("Error from server (BadRequest): container {container} is not valid for pod {}", pod.metadata.name));
    }
    if pod.spec.node_name.is_none() {
        return out.error(&format!("Error from server (BadRequest): pod {} does not have a host assigned", pod.metadata.name));
    }
    match ContainerShell::open(pod, &container, &x.command[0], x.stdin && x.tty, Ending::Exec, engine) {
        Err(e) => out.error(&e),
        Ok(_) if !x.stdin => {}
        Ok(session) => out.session = Some(Box::new(session)),
    }
}

/// `podcmd.FindContainerByName`: app, init, then ephemeral containers.
pub(super) fn has_container(pod: &Pod, name: &str) -> bool {
    super::pod_exec::spec_of(pod, name).is_some()
}

#[cfg(test)]
#[path = "container_shell_tests.rs"]
mod tests;
