//! `kubectl run -i [-t] [--rm] … -- COMMAND`: after the pod is created,
//! kubectl waits for it to run, attaches, waits for it to end (with
//! `--restart=Never` or `OnFailure`) and deletes it (`--rm`), as
//! run.go's `Run` and attach.go do. The command's output is what
//! `kubectl exec` would print in that container; the engine holds the
//! container up until the command has run, then it exits with the
//! command's code (see `SimState::attached`). A shell reading the
//! terminal (`-- sh`, or busybox's own) opens a session instead
//! (`container_shell`), whose `exit` ends the run here ([`finish`]).
//! Two commands keep kubectl attached after their first output
//! ([`Held`], which the front end keeps): a loop that never ends by itself
//! (the HPA walkthrough's load generator), until Ctrl-C ([`interrupt`]),
//! and a database client, until its `exit` ([`Client`]).

use super::waiting::{wait_until, Poll, Waited};
use super::Output;
use crate::cli::Run;
use kubeplay_apiserver::{DeleteOptions, Propagation};
use kubeplay_engine::{client, Engine};
use kubeplay_model::api::Pod;
use kubeplay_model::{Kind, Object, ObjectKey};

const TIMED_OUT: &str = "error: timed out waiting for the condition";

/// The pod as the watch sees it now; None once it is gone.
fn pod_now(engine: &Engine, ns: &str, name: &str) -> Option<Pod> {
    match engine.store().get_by(Kind::Pod, ns, name).map(|o| &**o) {
        Some(Object::Pod(p)) => Some((**p).clone()),
        _ => None,
    }
}

/// What `waitForPod` ends with.
enum Seen {
    Pod(Pod),
    Failed(String),
}

/// `waitForPod`: watches the pod until `done` says so or the timeout.
fn wait_for_pod(engine: &mut Engine, ns: &str, name: &str, timeout_ms: i64, done: impl Fn(&Pod) -> Result<bool, String>) -> Seen {
    let waited = wait_until(engine, timeout_ms.max(1), |e| match pod_now(e, ns, name) {
        // The watch's DELETED event: NewNotFound with no name.
        None => Poll::Fail("Error from server (NotFound): pods \"\" not found".into()),
        Some(p) => match done(&p) {
            Ok(true) => Poll::Done,
            Ok(false) => Poll::Pending,
            Err(e) => Poll::Fail(e),
        },
    });
    match waited {
        Waited::Done => pod_now(engine, ns, name).map_or_else(|| Seen::Failed(TIMED_OUT.into()), Seen::Pod),
        Waited::Failed(e) => Seen::Failed(e),
        Waited::TimedOut { .. } => Seen::Failed(TIMED_OUT.into()),
    }
}

fn completed(p: &Pod) -> bool {
    matches!(p.phase(), "Succeeded" | "Failed")
}

/// `podRunningAndReady`, with a completed pod as an end of its own.
fn running_and_ready(p: &Pod) -> Result<bool, String> {
    Ok(completed(p) || (p.phase() == "Running" && p.is_ready()))
}

/// What ends an attached `kubectl run` once its command has: the run's
/// flags that decide it, kept while a shell session lasts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunEnd {
    ns: String,
    name: String,
    container: String,
    service: Option<String>,
    rm: bool,
    quiet: bool,
    /// `-i -t`: the reattach hint is for a terminal.
    terminal: bool,
    restart: String,
    leave_stdin_open: bool,
    timeout_ms: i64,
}

impl RunEnd {
    /// Whether Ctrl-C reaches the container: with `-i -t` kubectl puts
    /// the terminal in raw mode and sends it on; without, it ends kubectl.
    pub fn sends_ctrl_c(&self) -> bool {
        self.terminal
    }

    /// The pod the run created.
    pub fn pod(&self) -> &str {
        &self.name
    }

    fn of(r: &Run, ns: &str, service: Option<&str>) -> RunEnd {
        RunEnd {
            ns: ns.to_string(),
            name: r.name.clone(),
            container: r.name.clone(),
            service: service.map(str::to_string),
            rm: r.rm,
            quiet: r.quiet,
            terminal: r.stdin && r.tty,
            restart: r.restart.clone(),
            leave_stdin_open: r.leave_stdin_open,
            timeout_ms: r.pod_running_timeout_ms,
        }
    }
}

/// Attaches to the pod `r` just created as `ns/name` (its service, if
/// any, is `service`), then ends as run.go does; a shell reading the
/// terminal (`-i` with `sh`, or an image whose default is one) opens a
/// session instead, which ends the run when it exits.
pub(super) fn attach(r: &Run, ns: &str, service: Option<&str>, stdin: Option<&str>, engine: &mut Engine, out: &mut Output) {
    let end = RunEnd::of(r, ns, service);
    let pod = match wait_for_pod(engine, ns, &r.name, r.pod_running_timeout_ms, running_and_ready) {
        Seen::Pod(p) => p,
        Seen::Failed(e) => return conclude(&end, Err(e), engine, out),
    };
    // A pod that ended before kubectl attached has its output read from
    // the logs, which the playground's processes did not write.
    if completed(&pod) {
        let result = wait_for_exit(&end, engine, out);
        return conclude(&end, result, engine, out);
    }
    if !r.quiet {
        out.note("If you don't see a command prompt, try pressing enter.");
    }
    let argv = pod.spec.containers.iter().find(|c| c.name == end.container).map(super::container_shell::container_argv).unwrap_or_default();
    if super::container_shell::is_bare_shell(&argv) && !r.stdin {
        // Nothing on its stdin: the shell reads end-of-file and exits.
        return finish(&end, Some(0), engine, out);
    }
    if super::container_shell::is_bare_shell(&argv) {
        let ending = super::container_shell::Ending::Run(end.clone());
        match super::container_shell::ContainerShell::open(&pod, &end.container, &argv[0], r.tty, ending, engine) {
            Ok(session) => return out.session = Some(Box::new(session)),
            Err(e) => out.error(&e),
        }
        return finish(&end, Some(1), engine, out);
    }
    if let Some(client) = Client::of(&argv) {
        // Statements from a here-document (`-i` without `-t`): the client
        // runs them in batch mode and exits.
        if let Some(text) = stdin.filter(|_| r.stdin && !r.tty) {
            let code = super::pod_exec::mysql::run(&argv, text, false, &pod, engine, out);
            return finish(&end, Some(code), engine, out);
        }
        return client.connect(&pod, end, engine, out);
    }
    if let Some(endless) = kubeplay_engine::kubelet::shell::shell_script(&argv).and_then(kubeplay_engine::kubelet::shell::endless_loop) {
        return keep_looping(&pod, end, &endless, r.tty, engine, out);
    }
    // With -t the command's stdout is kubectl's terminal (mysql draws its boxes).
    let code = super::pod_exec::run_tty(&pod, &end.container, &r.args, r.tty, engine, out).unwrap_or(0);
    finish(&end, Some(code), engine, out);
}

/// How many turns of a fast endless loop the terminal shows before the
/// playground leaves it running: a line of `OK!`s, or a few lines.
const SHOWN_TURNS: usize = 24;
const SHOWN_LINES: usize = 3;

/// A command that loops forever (`while sleep 0.01; do wget -q -O-
/// http://php-apache; done`, the HPA walkthrough's load generator, or
/// `while true; do echo hello; sleep 10; done`): what it prints first —
/// the commands before the loop, then its turns: one when a turn sleeps a
/// second or more, else a line's or a few lines' worth — then kubectl
/// stays attached while the loop runs (a request loop loads the
/// Service's pods: `kubelet::usage`), until Ctrl-C ([`interrupt`]); the
/// front end keeps the run (`Output::held`).
fn keep_looping(pod: &Pod, end: RunEnd, endless: &kubeplay_engine::kubelet::shell::EndlessLoop, tty: bool, engine: &mut Engine, out: &mut Output) {
    let mut first = Output::default();
    for words in &endless.before {
        super::pod_exec::run_tty(pod, &end.container, words, tty, engine, &mut first);
    }
    let mut turn = Output::default();
    for words in &endless.turn {
        super::pod_exec::run_tty(pod, &end.container, words, tty, engine, &mut turn);
    }
    let repeat = |text: &str| {
        if text.is_empty() || endless.sleep_ms >= 1_000 {
            text.to_string()
        } else if text.contains('\n') {
            text.repeat(SHOWN_LINES)
        } else {
            text.repeat(SHOWN_TURNS) + "\n"
        }
    };
    out.stdout.push_str(&first.stdout);
    out.stdout.push_str(&repeat(&turn.stdout));
    let errors = first.stderr + &repeat(&turn.stderr);
    if !errors.is_empty() {
        out.note(&errors);
    }
    out.held = Some(Box::new(Held::Loop(end)));
}

/// Ctrl-C in the terminal of a run [`keep_looping`] left attached: the
/// terminal sends it to the container, whose shell dies of SIGINT (exit
/// 130), and the run ends as run.go's does (`--rm` deletes the pod).
pub fn interrupt(end: &RunEnd, engine: &mut Engine, out: &mut Output) {
    if pod_now(engine, &end.ns, &end.name).is_some_and(|p| !completed(&p)) {
        finish(end, Some(130), engine, out);
    } else {
        finish(end, None, engine, out);
    }
}

/// Whether the held run's pod still runs (kubectl is still attached).
pub fn looping(end: &RunEnd, engine: &Engine) -> bool {
    pod_now(engine, &end.ns, &end.name).is_some_and(|p| !completed(&p) && p.metadata.deletion_timestamp.is_none())
}

#[path = "run_attach_client.rs"]
mod db_client;
pub use db_client::{Client, ClientLine};

/// A `kubectl run -i` that stays attached after the command returns: a
/// loop that never ends by itself, or a database client's prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    Loop(RunEnd),
    Client(Client),
}

/// The attached command ended with `code` (None: its container is gone
/// already): the container exits with it, and the run ends as run.go's
/// does, deleting what `--rm` asks for.
pub(super) fn finish(end: &RunEnd, code: Option<i32>, engine: &mut Engine, out: &mut Output) {
    let mut result = Ok(());
    if let Some(code) = code {
        if let Err(e) = engine.sim_attached_exit(&end.ns, &end.name, &end.container, code) {
            // Deleted meanwhile: the watch below says so.
            if pod_now(engine, &end.ns, &end.name).is_some() {
                result = Err(format!("error: {e}"));
            }
        }
        if result.is_ok() && !end.quiet && end.terminal && end.restart == "Always" {
            out.out(&format!("Session ended, resume using 'kubectl attach {} -c {} -i -t' command when the pod is running", end.name, end.container));
        }
    }
    if result.is_ok() {
        result = wait_for_exit(end, engine, out);
    }
    conclude(end, result, engine, out);
}

/// The deferred clean-up, then the error, as run.go orders them.
fn conclude(end: &RunEnd, result: Result<(), String>, engine: &mut Engine, out: &mut Output) {
    engine.world_mut().sim.attached.remove(&format!("{}/{}", end.ns, end.name));
    if end.rm {
        remove(engine, &end.ns, Kind::Pod, &end.name, end.quiet, out);
        if let Some(s) = &end.service {
            remove(engine, &end.ns, Kind::Service, s, end.quiet, out);
        }
    }
    if let Err(e) = result {
        out.error(&e);
    }
}

/// `removeCreatedObjects`: deletes without waiting, as kubectl delete
/// words it (not at all with `-q`).
fn remove(engine: &mut Engine, ns: &str, kind: Kind, name: &str, quiet: bool, out: &mut Output) {
    let key = ObjectKey::new(kind, ns, name);
    let opts = DeleteOptions { grace_period_seconds: None, propagation: Propagation::Background };
    match client::delete(engine, &key, opts) {
        Ok(_) if !quiet => out.out(&format!("{} {} deleted", if kind == Kind::Pod { "pod" } else { "service" }, crate::gofmt::quote(name))),
        Ok(_) | Err(kubeplay_apiserver::ApiError::NotFound { .. }) => {}
        Err(e) => out.error(&super::write::api_error(&e)),
    }
}

/// `waitForExitCode` and what run.go makes of the pod's end.
fn wait_for_exit(end: &RunEnd, engine: &mut Engine, out: &mut Output) -> Result<(), String> {
    let (ns, name) = (end.ns.as_str(), end.name.as_str());
    let wait_for_exit = !end.leave_stdin_open && matches!(end.restart.as_str(), "Never" | "OnFailure");
    if !wait_for_exit {
        return Ok(());
    }
    // Gone before the watch starts (deleted under a session): its
    // precondition's NotFound, which names the pod.
    if pod_now(engine, ns, name).is_none() {
        return Err(format!("Error from server (NotFound): pods {} not found", crate::gofmt::quote(name)));
    }
    let on_failure = end.restart == "OnFailure";
    let pod = match wait_for_pod(engine, ns, name, end.timeout_ms, |p| Ok(if on_failure { p.phase() == "Succeeded" } else { completed(p) })) {
        Seen::Pod(p) => p,
        Seen::Failed(e) => return Err(e),
    };
    match pod.phase() {
        "Succeeded" => Ok(()),
        "Failed" => {
            let unknown = format!("error: pod {ns}/{name} failed with unknown exit code");
            let Some(t) = pod.status.container_statuses.first().and_then(|s| s.state.terminated.as_ref()) else { return Err(unknown) };
            if t.exit_code == 0 {
                return Err(unknown);
            }
            // A CodeExitError: printed without "error: ", and kubectl exits
            // with the container's code.
            out.code = Some(t.exit_code);
            Err(format!("pod {ns}/{name} terminated ({})\n{}", t.reason.as_deref().unwrap_or_default(), t.message.as_deref().unwrap_or_default()))
        }
        phase => Err(format!("error: pod {ns}/{name} left in phase {phase}")),
    }
}
