//! Stopping containers: for a pod being deleted (all containers, then the
//! pod object is removed), for a container that failed its liveness or
//! startup probe or whose image changed (killed, then started again), and
//! for sidecars once the regular containers are done for good. Sidecars
//! stop last, in reverse order (`terminationOrdering`): each waits, within
//! its grace period, for the regular containers and the sidecars after it.
//!
//! Each container gets its preStop hook, then SIGTERM; a process that
//! handles SIGTERM exits quickly, one that ignores it (a shell or `sleep`
//! as PID 1) is killed with exit code 137 when the grace period ends. After
//! the hook at least 2 s of grace always remain.

use super::runtime::{CtrRef, KillCause, Op, Run};
use super::shell::{self, End};
use super::status::{is_sidecar, restart_policy};
use super::sync::Worker;
use super::{DEFAULT_GRACE_SECONDS, MIN_GRACE_MS};
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::Time;

/// How long the preStop hook runs, at most `cap_ms`.
pub fn prestop_ms(c: &Container, cap_ms: i64) -> i64 {
    let Some(hook) = c.lifecycle.as_ref().and_then(|l| l.pre_stop.as_ref()) else { return 0 };
    if let Some(secs) = hook.get("sleep").and_then(|s| s.get("seconds")).and_then(|s| s.as_i64()) {
        return (secs.max(0) * 1000).min(cap_ms);
    }
    let Some(cmd) = hook.get("exec").and_then(|e| e.get("command")).and_then(|c| c.as_array()) else { return 0 };
    let argv: Vec<String> = cmd.iter().filter_map(|a| a.as_str().map(str::to_string)).collect();
    let script = match shell::shell_script(&argv) {
        Some(s) => shell::run_script(s),
        None => shell::run(&argv),
    };
    match script.end {
        End::At { ms, .. } => ms.min(cap_ms),
        _ => cap_ms,
    }
}

/// When a container stopped now with `grace_ms` exits, and its exit code.
pub fn stop_time(run: &Run, c: &Container, grace_ms: i64, now: Time) -> (Time, i32) {
    let hook = prestop_ms(c, grace_ms);
    let remaining = (grace_ms - hook).max(MIN_GRACE_MS);
    match run.plan.sigterm {
        Some((ms, code)) => (now.plus_millis(hook + ms.min(remaining)), code),
        None => (now.plus_millis(hook + remaining), 137),
    }
}

/// The grace period, in seconds, a container killed for `cause` gets
/// (upstream's `setTerminationGracePeriod`): a delete's wins; else a
/// failed liveness or startup probe's own; else the pod's; with none set,
/// the least grace there is.
pub fn kill_grace_seconds(pod: &Pod, c: &Container, cause: Option<KillCause>) -> i64 {
    if let Some(s) = pod.metadata.deletion_grace_period_seconds {
        return s;
    }
    let Some(pod_grace) = pod.spec.termination_grace_period_seconds else { return MIN_GRACE_MS / 1000 };
    let probe = match cause {
        Some(KillCause::Liveness) => c.liveness_probe.as_ref(),
        Some(KillCause::Startup) => c.startup_probe.as_ref(),
        Some(KillCause::Changed | KillCause::PodDone) | None => None,
    };
    probe.and_then(|p| p.termination_grace_period_seconds).unwrap_or(pod_grace)
}

/// The grace period the pod worker stops a deleted pod with (upstream's
/// `calculateEffectiveGracePeriod`): the delete's, or the pod's when the
/// delete gave none or 0, and never less than 1 s. It overrides the
/// container's own, so a liveness probe's grace does not apply.
pub fn pod_grace_seconds(pod: &Pod) -> i64 {
    let mut grace = pod.metadata.deletion_grace_period_seconds.unwrap_or(0);
    if grace == 0 {
        grace = pod.spec.termination_grace_period_seconds.unwrap_or(DEFAULT_GRACE_SECONDS);
    }
    grace.max(1)
}

/// Starts killing the containers whose probes failed (or whose image
/// changed); the pod worker waits until they have stopped.
pub fn start_kills(w: &mut Worker) {
    let requests = std::mem::take(&mut w.rt.kill_requests);
    let policy = restart_policy(&w.pod.spec).to_string();
    let mut until = w.now;
    let mut killed = Vec::new();
    for (r, cause) in requests {
        let Some(c) = w.spec_container_owned(r) else { continue };
        let Some(run) = w.rt.ctr(r).and_then(|c| c.running()).filter(|run| run.stopping.is_none()).cloned() else { continue };
        let grace = kill_grace_seconds(&w.pod, &c, Some(cause)).max(0) * 1000;
        let will_restart = cause == KillCause::Changed || policy != "Never";
        let suffix = if will_restart { ", will be restarted" } else { "" };
        // A sidecar always restarts, and its message says nothing of it.
        let sidecar = r.init && is_sidecar(&c);
        let message = match cause {
            KillCause::Liveness if sidecar => format!("Init container {} failed liveness probe", c.name),
            KillCause::Startup if sidecar => format!("Init container {} failed startup probe", c.name),
            KillCause::Liveness => format!("Container {} failed liveness probe{suffix}", c.name),
            KillCause::Startup => format!("Container {} failed startup probe{suffix}", c.name),
            KillCause::Changed if sidecar => format!("Init container {} definition changed", c.name),
            KillCause::Changed => format!("Container {} definition changed, will be restarted", c.name),
            KillCause::PodDone => format!("Stopping container {}", c.name),
        };
        w.container_event(r, "Normal", "Killing", message);
        let (t, code) = stop_time(&run, &c, grace, w.now);
        if let Some(run) = w.rt.ctr_mut(r).and_then(|c| c.run.as_mut()) {
            run.stopping = Some((t, code));
        }
        until = until.max(t);
        w.note(format!("killing {} (it exits at +{}s)", c.name, (t.millis() - w.now.millis()) / 1000));
        killed.push((r, cause));
    }
    if !killed.is_empty() {
        w.rt.op = Some(Box::new(Op::Kill { until, ctrs: killed }));
    }
}

/// When a container whose turn to stop comes only once `turn` has passed
/// exits, and its exit code (`killContainer` with a termination
/// ordering): the preStop hook runs at once, then the container waits for
/// its turn within what is left of the grace period (the seconds waited,
/// truncated, come off it), then SIGTERM with what remains, never less
/// than 2 s.
pub fn ordered_stop_time(run: &Run, c: &Container, grace_ms: i64, now: Time, turn: Time) -> (Time, i32) {
    let hook = prestop_ms(c, grace_ms);
    let after_hook = now.plus_millis(hook);
    let mut left = grace_ms - hook;
    let waited = if left > 0 { (turn.millis() - after_hook.millis()).clamp(0, left) } else { 0 };
    left -= waited / 1000 * 1000;
    let remaining = left.max(MIN_GRACE_MS);
    let term = after_hook.plus_millis(waited);
    match run.plan.sigterm {
        Some((ms, code)) => (term.plus_millis(ms.min(remaining)), code),
        None => (term.plus_millis(remaining), 137),
    }
}

/// The regular containers are done for good: the sidecars still running
/// are stopped (`computePodActions` kills the pod once no regular
/// container is kept or started). All get their `Killing` event at once;
/// each sidecar waits for the regular containers and for the sidecars
/// after it to exit (`newTerminationOrdering`), so they stop last first.
/// Returns whether any stop began.
pub fn stop_sidecars(w: &mut Worker) -> bool {
    let mut killed = Vec::new();
    let (mut until, mut turn) = (w.now, w.now);
    for idx in (0..w.rt.init.len()).rev() {
        let r = CtrRef { init: true, idx };
        let Some(c) = w.spec_container_owned(r).filter(|c| is_sidecar(c)) else { continue };
        let Some(run) = w.rt.ctr(r).and_then(|c| c.running()).filter(|run| run.stopping.is_none()).cloned() else { continue };
        let grace = kill_grace_seconds(&w.pod, &c, None).max(0) * 1000;
        w.container_event(r, "Normal", "Killing", format!("Stopping container {}", c.name));
        let (t, code) = ordered_stop_time(&run, &c, grace, w.now, turn);
        if let Some(run) = w.rt.ctr_mut(r).and_then(|c| c.run.as_mut()) {
            run.stopping = Some((t, code));
        }
        w.note(format!("the regular containers are done: stopping sidecar {} (it exits at +{}s)", c.name, (t.millis() - w.now.millis()) / 1000));
        (until, turn) = (until.max(t), t);
        killed.push((r, KillCause::PodDone));
    }
    if killed.is_empty() {
        return false;
    }
    w.rt.op = Some(Box::new(Op::Kill { until, ctrs: killed }));
    true
}

/// The pod has a deletionTimestamp: stop everything, then remove it.
pub fn terminate(w: &mut Worker) {
    // Stopped and deleted already, and held by a finalizer: done.
    if w.rt.finished && w.pod.metadata.deletion_grace_period_seconds == Some(0) {
        w.removed = true;
        return;
    }
    let grace_ms = pod_grace_seconds(&w.pod) * 1000;
    if !stop_all(w, grace_ms) {
        return;
    }
    w.publish();
    w.remove_pod();
    w.note("all containers have stopped, so the pod object is removed");
}

/// The eviction manager evicted the pod: its containers are stopped with
/// a 1 s grace period, then it ends Failed with reason Evicted (the
/// status manager only reports the terminal phase once nothing runs).
pub fn evict(w: &mut Worker) {
    if w.rt.finished {
        return;
    }
    if !stop_all(w, super::eviction::EVICTION_GRACE_MS) {
        return;
    }
    w.publish();
    w.note("the evicted pod's containers have stopped: it is Failed (Evicted)");
}

/// The pod has been active longer than its `activeDeadlineSeconds`: its
/// containers are stopped with the pod's grace period, then it ends Failed
/// (the status manager reports the terminal phase once nothing runs).
pub fn deadline_exceeded(w: &mut Worker) {
    if w.rt.finished {
        return;
    }
    if !stop_all(w, pod_grace_seconds(&w.pod) * 1000) {
        return;
    }
    w.publish();
    w.note("the pod's containers have stopped after its active deadline: it is Failed (DeadlineExceeded)");
}

/// Stops every running container with `grace_ms` (once), and when all
/// have exited marks the runtime finished. Returns whether all stopped.
fn stop_all(w: &mut Worker, grace_ms: i64) -> bool {
    // Whatever the worker was doing is cancelled.
    if matches!(w.rt.op.as_deref(), Some(Op::Pull { .. } | Op::Sandbox { .. } | Op::Mount { .. })) {
        w.rt.op = None;
    }
    w.rt.to_start.clear();
    w.rt.kill_requests.clear();
    if w.rt.stopping_until.is_none() {
        let mut until = w.now;
        let stops = ordered_stops(w, grace_ms);
        for r in w.rt.refs() {
            let Some(c) = w.spec_container_owned(r) else { continue };
            let Some(&(_, t, code)) = stops.iter().find(|(s, _, _)| *s == r) else { continue };
            w.container_event(r, "Normal", "Killing", format!("Stopping container {}", c.name));
            if let Some(run) = w.rt.ctr_mut(r).and_then(|c| c.run.as_mut()) {
                run.stopping = Some((t, code));
            }
            until = until.max(t);
        }
        if w.rt.ephemeral.is_some() {
            until = w.stop_ephemeral(grace_ms, until);
        }
        w.rt.stopping_until = Some(until);
        let left = super::format::go_duration(until.millis() - w.now.millis());
        let why = if w.rt.evicted.is_some() {
            "evicted"
        } else if w.rt.deadline_exceeded {
            "past its active deadline"
        } else {
            "being deleted"
        };
        w.note(if until > w.now {
            format!("the pod is {why}: its containers are stopping (grace period {}s; they exit in {left})", grace_ms / 1000)
        } else {
            format!("the pod is {why} and has no running containers")
        });
    }
    let Some(until) = w.rt.stopping_until else { return false };
    if until > w.now {
        return false;
    }
    for r in w.rt.refs() {
        if let Some(run) = w.rt.ctr_mut(r).and_then(|c| c.run.as_mut()).filter(|run| run.exited.is_none()) {
            let (t, code) = run.stopping.unwrap_or((until, 137));
            run.exited = Some(Box::new(super::runtime::Exited {
                code,
                reason: if code == 0 { "Completed" } else { "Error" }.into(),
                started_at: run.started_at,
                finished_at: t,
                id: run.id.clone(),
            }));
            run.ready = false;
        }
    }
    if w.rt.ephemeral.is_some() {
        w.stopped_ephemeral(until);
    }
    w.rt.finished = true;
    w.rt.sandbox = false;
    true
}

/// When each running container of a pod being stopped exits, and how
/// (`killContainersWithSyncResult` with its termination ordering): the
/// regular containers and regular init containers at once; each sidecar
/// waits for the regular containers and for the sidecars after it.
fn ordered_stops(w: &Worker, grace_ms: i64) -> Vec<(CtrRef, Time, i32)> {
    let mut out = Vec::new();
    let mut turn = w.now;
    let app = (0..w.rt.app.len()).map(|idx| CtrRef { init: false, idx });
    let init = (0..w.rt.init.len()).rev().map(|idx| CtrRef { init: true, idx });
    for r in app.chain(init) {
        let Some(c) = w.spec_container(r) else { continue };
        let Some(run) = w.rt.ctr(r).and_then(|c| c.running()) else { continue };
        let sidecar = r.init && is_sidecar(c);
        let (t, code) = if sidecar { ordered_stop_time(run, c, grace_ms, w.now, turn) } else { stop_time(run, c, grace_ms, w.now) };
        // A kill already under way keeps the earlier exit.
        let (t, code) = run.stopping.filter(|(s, _)| *s <= t).unwrap_or((t, code));
        if !r.init || sidecar {
            turn = if sidecar { t } else { turn.max(t) };
        }
        out.push((r, t, code));
    }
    out
}

impl Worker<'_, '_> {
    /// Deletes the pod object (grace 0) once its containers have stopped.
    pub(super) fn remove_pod(&mut self) {
        // A second delete finishes the job if the store only shortened the
        // grace period of the already-terminating pod on the first.
        for _ in 0..2 {
            if self.ctx.delete(&self.key, DeleteOptions { grace_period_seconds: Some(0), ..Default::default() }).is_err() || self.ctx.get(&self.key).is_none() {
                break;
            }
        }
        self.removed = true;
    }
}

#[cfg(test)]
#[path = "terminate_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kubelet::process::{Exit, Plan};

    pub(super) fn run(sigterm: Option<(i64, i32)>) -> Run {
        Run {
            id: "x".into(),
            image: "i".into(),
            image_id: "d".into(),
            started_at: Time::from_millis(0),
            plan: Plan { exit: Exit::Never, listen_after_ms: None, ports: None, http_fail_after_ms: None, files: vec![], memory_bytes: 0, cpu_milli: 0, sigterm, busybox: true }.into(),
            exited: None,
            stopping: None,
            started: true,
            ready: true,
            probes: Default::default(),
        }
    }

    pub(super) fn with_prestop(hook: serde_json::Value) -> Container {
        Container { name: "c".into(), lifecycle: Some(Box::new(kubeplay_model::api::Lifecycle { post_start: None, pre_stop: Some(hook) })), ..Default::default() }
    }

    // kubelet.md §9: preStop runs first, then SIGTERM with the rest of the
    // grace period, never less than 2 s.
    #[test]
    pub(super) fn stop_times() {
        let plain = Container { name: "c".into(), ..Default::default() };
        assert_eq!(stop_time(&run(None), &plain, 30_000, Time::from_millis(0)), (Time::from_millis(30_000), 137), "ignores SIGTERM: killed at the end of the grace period");
        assert_eq!(stop_time(&run(Some((300, 0))), &plain, 30_000, Time::from_millis(0)), (Time::from_millis(300), 0));
        let sleep10 = with_prestop(serde_json::json!({"exec": {"command": ["/bin/sh", "-c", "sleep 10"]}}));
        assert_eq!(stop_time(&run(Some((300, 0))), &sleep10, 30_000, Time::from_millis(0)), (Time::from_millis(10_300), 0));
        assert_eq!(stop_time(&run(None), &sleep10, 30_000, Time::from_millis(0)), (Time::from_millis(30_000), 137));
        let long = with_prestop(serde_json::json!({"sleep": {"seconds": 60}}));
        assert_eq!(stop_time(&run(None), &long, 30_000, Time::from_millis(0)), (Time::from_millis(32_000), 137), "2 s minimum after the hook");
    }

    // kuberuntime_termination_order_test.go and killContainer: a sidecar
    // waits for its turn within the grace period, the whole seconds waited
    // come off it, and SIGTERM still gets at least 2 s.
    #[test]
    fn ordered_stop_times() {
        let plain = Container { name: "c".into(), ..Default::default() };
        let at = Time::from_millis;
        type Case = (&'static str, Option<(i64, i32)>, i64, (i64, i32));
        let cases: &[Case] = &[
            ("its turn has come: as unordered", None, 0, (30_000, 137)),
            ("handles SIGTERM after a 5 s wait", Some((300, 0)), 5_000, (5_300, 0)),
            ("ignores SIGTERM: the wait comes off the grace", None, 10_000, (30_000, 137)),
            ("the truncated seconds come off, the rest is kept", None, 10_500, (30_500, 137)),
            ("the main container took all the grace: 2 s more", None, 30_000, (32_000, 137)),
            ("a turn past the grace period is not waited for", None, 45_000, (32_000, 137)),
        ];
        for (name, sigterm, turn, want) in cases {
            assert_eq!(ordered_stop_time(&run(*sigterm), &plain, 30_000, at(0), at(*turn)), (at(want.0), want.1), "{name}");
        }
        let hook = with_prestop(serde_json::json!({"sleep": {"seconds": 10}}));
        assert_eq!(ordered_stop_time(&run(Some((300, 0))), &hook, 30_000, at(0), at(5_000)), (at(10_300), 0), "the hook ran past its turn");
        assert_eq!(ordered_stop_time(&run(Some((300, 0))), &hook, 30_000, at(0), at(15_000)), (at(15_300), 0), "the hook, then the wait");
    }
}
