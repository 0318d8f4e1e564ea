//! `kubectl run -i [-t] [--rm] … -- COMMAND`: after the pod is created,
//! kubectl waits for it to run, attaches, waits for it to end (with
//! `--restart=Never` or `OnFailure`) and deletes it (`--rm`), as
//! run.go's `Run` and attach.go do. The command's output is what
//! `kubectl exec` would print in that container; the engine holds the
//! container up until the command has run, then it exits with the
//! command's code (see `SimState::attached`).

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

/// Attaches to the pod `r` just created as `ns/name` (its service, if
/// any, is `service`), then ends as run.go does.
pub(super) fn attach(r: &Run, ns: &str, service: Option<&str>, engine: &mut Engine, out: &mut Output) {
    let container = r.name.clone();
    let result = attach_and_wait(r, ns, &container, engine, out);
    engine.world_mut().sim.attached.remove(&format!("{ns}/{}", r.name));
    // The deferred removal runs before the error is printed.
    if r.rm {
        remove(engine, ns, Kind::Pod, &r.name, r.quiet, out);
        if let Some(s) = service {
            remove(engine, ns, Kind::Service, s, r.quiet, out);
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

fn attach_and_wait(r: &Run, ns: &str, container: &str, engine: &mut Engine, out: &mut Output) -> Result<(), String> {
    let pod = match wait_for_pod(engine, ns, &r.name, r.pod_running_timeout_ms, running_and_ready) {
        Seen::Pod(p) => p,
        Seen::Failed(e) => return Err(e),
    };
    // A pod that ended before kubectl attached has its output read from
    // the logs, which the playground's processes did not write.
    if !completed(&pod) {
        if !r.quiet {
            out.note("If you don't see a command prompt, try pressing enter.");
        }
        let code = super::pod_exec::run_in(&pod, container, &r.args, engine, out).unwrap_or(0);
        engine.sim_attached_exit(ns, &r.name, container, code).map_err(|e| format!("error: {e}"))?;
        if !r.quiet && r.stdin && r.tty && r.restart == "Always" {
            out.out(&format!("Session ended, resume using 'kubectl attach {} -c {container} -i -t' command when the pod is running", r.name));
        }
    }
    let wait_for_exit = !r.leave_stdin_open && matches!(r.restart.as_str(), "Never" | "OnFailure");
    if !wait_for_exit {
        return Ok(());
    }
    let on_failure = r.restart == "OnFailure";
    let pod = match wait_for_pod(engine, ns, &r.name, r.pod_running_timeout_ms, |p| Ok(if on_failure { p.phase() == "Succeeded" } else { completed(p) })) {
        Seen::Pod(p) => p,
        Seen::Failed(e) => return Err(e),
    };
    match pod.phase() {
        "Succeeded" => Ok(()),
        "Failed" => {
            let unknown = format!("error: pod {ns}/{} failed with unknown exit code", r.name);
            let Some(t) = pod.status.container_statuses.first().and_then(|s| s.state.terminated.as_ref()) else { return Err(unknown) };
            if t.exit_code == 0 {
                return Err(unknown);
            }
            // A CodeExitError: printed without "error: ", and kubectl exits
            // with the container's code.
            out.code = Some(t.exit_code);
            Err(format!("pod {ns}/{} terminated ({})\n{}", r.name, t.reason.as_deref().unwrap_or_default(), t.message.as_deref().unwrap_or_default()))
        }
        phase => Err(format!("error: pod {ns}/{} left in phase {phase}", r.name)),
    }
}
