//! Containers that finish: the minimal hook Jobs need until the kubelet
//! simulates commands. A container whose image has a [`ContainerExit`]
//! (see `SimState::set_image_exit`) terminates after its run time; the
//! pod's restartPolicy then decides between restarting it in place (with
//! the kubelet's 10 s-doubling crash back-off, capped at 5 min) and
//! leaving it stopped, and the pod phase follows as the kubelet's
//! `getPhase` computes it.
//!
//! [`ContainerExit`]: crate::sim::ContainerExit

use super::cond;
use crate::controller::Ctx;
use kubeplay_model::api::{ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting, ContainerStatus, Pod};
use kubeplay_model::meta::set_condition;
use kubeplay_model::{Object, ObjectKey, Time};

/// Crash-loop back-off: 10 s, doubling, at most 300 s (`flowcontrol.NewBackOff(10s, 300s)`).
pub fn crash_backoff_ms(restart_count: i32) -> i64 {
    if restart_count <= 0 {
        return 0;
    }
    let mut d: i64 = 10_000;
    for _ in 1..restart_count {
        d *= 2;
        if d >= 300_000 {
            return 300_000;
        }
    }
    d
}

fn restart_policy(pod: &Pod) -> &str {
    pod.spec.restart_policy.as_deref().unwrap_or("Always")
}

/// Whether an exited container is started again (`ShouldContainerBeRestarted`).
pub fn restarts(policy: &str, exit_code: i32) -> bool {
    match policy {
        "Never" => false,
        "OnFailure" => exit_code != 0,
        _ => true,
    }
}

/// The pod phase from container states (`getPhase`, no init containers).
pub fn phase(policy: &str, statuses: &[ContainerStatus]) -> &'static str {
    let mut running = 0;
    let mut stopped = 0;
    let mut succeeded = 0;
    let mut waiting = 0;
    for s in statuses {
        if s.state.running.is_some() {
            running += 1;
        } else if let Some(t) = &s.state.terminated {
            stopped += 1;
            if t.exit_code == 0 {
                succeeded += 1;
            }
        } else if s.last_state.terminated.is_some() {
            stopped += 1;
        } else {
            waiting += 1;
        }
    }
    if waiting > 0 {
        return "Pending";
    }
    if running > 0 {
        return "Running";
    }
    if stopped > 0 {
        return match policy {
            "Never" if succeeded == stopped => "Succeeded",
            "Never" => "Failed",
            "OnFailure" if succeeded == stopped => "Succeeded",
            _ => "Running",
        };
    }
    "Pending"
}

/// Requeues the pod for its next container exit, if any container exits.
pub fn schedule_next(ctx: &mut Ctx, key: &ObjectKey, pod: &Pod, started: Time) {
    let next = pod
        .spec
        .containers
        .iter()
        .filter_map(|c| ctx.world().sim.exit_for(c.image.as_deref().unwrap_or("")))
        .map(|e| e.after_ms)
        .min();
    if let Some(ms) = next {
        let at = started.plus_millis(ms);
        ctx.requeue_after(key.clone(), at.millis() - ctx.now().millis());
    }
}

/// Ends containers whose run time is over and restarts those whose
/// back-off has passed. Returns whether anything changed.
pub fn advance(ctx: &mut Ctx, obj: &Object, pod: &Pod, node: &str, now: Time) -> bool {
    let policy = restart_policy(pod).to_string();
    let mut p = pod.clone();
    let mut ended = Vec::new();
    let mut restarted = Vec::new();
    let mut next_wake: Option<i64> = None;
    let mut wake = |ms: i64| next_wake = Some(next_wake.map_or(ms, |w: i64| w.min(ms)));
    for (i, cs) in p.status.container_statuses.iter_mut().enumerate() {
        let image = pod.spec.containers.get(i).and_then(|c| c.image.clone()).unwrap_or_default();
        let exit = ctx.world.sim.exit_for(&image);
        if let (Some(run), Some(exit)) = (cs.state.running.clone(), exit) {
            let started = run.started_at.unwrap_or(now);
            let due = started.plus_millis(exit.after_ms);
            if due > now {
                wake(due.millis() - now.millis());
                continue;
            }
            let term = ContainerStateTerminated {
                exit_code: exit.exit_code,
                reason: Some(if exit.exit_code == 0 { "Completed" } else { "Error" }.into()),
                started_at: Some(started),
                finished_at: Some(now),
                container_id: cs.container_id.clone(),
                ..Default::default()
            };
            cs.ready = false;
            cs.started = Some(false);
            ended.push(format!("{} exited with code {}", cs.name, exit.exit_code));
            if restarts(&policy, exit.exit_code) {
                let delay = crash_backoff_ms(cs.restart_count);
                cs.last_state = ContainerState { terminated: Some(term), ..Default::default() };
                if delay == 0 {
                    restart(cs, now);
                    restarted.push(cs.name.clone());
                    wake(exit.after_ms);
                } else {
                    cs.state = ContainerState {
                        waiting: Some(ContainerStateWaiting {
                            reason: Some("CrashLoopBackOff".into()),
                            message: Some(format!(
                                "back-off {}s restarting failed container={} pod={}_{}({})",
                                delay / 1000,
                                cs.name,
                                pod.metadata.name,
                                pod.metadata.namespace,
                                pod.metadata.uid
                            )),
                        }),
                        ..Default::default()
                    };
                    wake(delay);
                }
            } else {
                cs.state = ContainerState { terminated: Some(term), ..Default::default() };
            }
        } else if cs.state.waiting.as_ref().is_some_and(|w| w.reason.as_deref() == Some("CrashLoopBackOff")) {
            let finished = cs.last_state.terminated.as_ref().and_then(|t| t.finished_at).unwrap_or(now);
            let due = finished.plus_millis(crash_backoff_ms(cs.restart_count));
            if due > now {
                wake(due.millis() - now.millis());
                continue;
            }
            restart(cs, now);
            restarted.push(cs.name.clone());
            if let Some(e) = exit {
                wake(e.after_ms);
            }
        }
    }
    if ended.is_empty() && restarted.is_empty() {
        if let Some(ms) = next_wake {
            ctx.requeue_after(obj.key(), ms);
        }
        return false;
    }
    for c in &restarted {
        ctx.event(obj, "Normal", "Created", format!("Created container {c}"));
        ctx.event(obj, "Normal", "Started", format!("Started container {c}"));
    }
    for cs in &p.status.container_statuses {
        if cs.state.waiting.as_ref().is_some_and(|w| w.reason.as_deref() == Some("CrashLoopBackOff")) {
            let msg = format!("Back-off restarting failed container {} in pod {}_{}({})", cs.name, pod.metadata.name, pod.metadata.namespace, pod.metadata.uid);
            ctx.event(obj, "Warning", "BackOff", msg);
        }
    }
    let new_phase = phase(&policy, &p.status.container_statuses);
    p.status.phase = Some(new_phase.into());
    set_ready_conditions(&mut p, new_phase, now);
    let _ = ctx.update_status(Object::Pod(p));
    if let Some(ms) = next_wake {
        ctx.requeue_after(obj.key(), ms);
    }
    let mut what = ended.join(", ");
    if !restarted.is_empty() {
        if !what.is_empty() {
            what.push_str("; ");
        }
        what.push_str(&format!("restarted {}", restarted.join(", ")));
    }
    ctx.explain(format!("kubelet on {node}: in {}, {what} (restartPolicy {policy}); the pod is now {new_phase}", pod.metadata.name));
    true
}

fn restart(cs: &mut ContainerStatus, now: Time) {
    cs.restart_count += 1;
    cs.state = ContainerState { running: Some(ContainerStateRunning { started_at: Some(now) }), ..Default::default() };
    cs.ready = true;
    cs.started = Some(true);
}

/// Ready/ContainersReady (and Initialized for a completed pod) as the
/// kubelet's status generator sets them.
fn set_ready_conditions(p: &mut Pod, phase: &str, now: Time) {
    let unready: Vec<String> = p.status.container_statuses.iter().filter(|c| !c.ready).map(|c| c.name.clone()).collect();
    let (status, reason, message) = match phase {
        "Succeeded" => ("False", Some("PodCompleted"), None),
        "Failed" => ("False", Some("PodFailed"), None),
        _ if unready.is_empty() => ("True", None, None),
        _ => ("False", Some("ContainersNotReady"), Some(format!("containers with unready status: [{}]", unready.join(" ")))),
    };
    for t in ["Ready", "ContainersReady"] {
        let mut c = cond(t, status, now);
        c.reason = reason.map(String::from);
        c.message = message.clone();
        set_condition(&mut p.status.conditions, c);
    }
    if phase == "Succeeded" {
        let mut c = cond("Initialized", "True", now);
        c.reason = Some("PodCompleted".into());
        set_condition(&mut p.status.conditions, c);
    }
}

/// A run-to-completion pod (restartPolicy Never/OnFailure) being deleted
/// ends Failed, its killed containers terminated, as the kubelet reports
/// a deleted pod's terminal phase before the object goes.
pub fn mark_terminated_on_delete(ctx: &mut Ctx, pod: &Pod) {
    if restart_policy(pod) == "Always" || matches!(pod.phase(), "Succeeded" | "Failed") {
        return;
    }
    let now = ctx.now();
    let mut p = pod.clone();
    for cs in &mut p.status.container_statuses {
        if let Some(run) = cs.state.running.clone() {
            cs.state = ContainerState {
                terminated: Some(ContainerStateTerminated {
                    exit_code: 143,
                    reason: Some("Error".into()),
                    started_at: run.started_at,
                    finished_at: Some(now),
                    container_id: cs.container_id.clone(),
                    ..Default::default()
                }),
                ..Default::default()
            };
            cs.ready = false;
            cs.started = Some(false);
        }
    }
    p.status.phase = Some("Failed".into());
    set_ready_conditions(&mut p, "Failed", now);
    let _ = ctx.update_status(Object::Pod(p));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(running: bool, term: Option<i32>, last: bool) -> ContainerStatus {
        let mut s = ContainerStatus::default();
        if running {
            s.state.running = Some(Default::default());
        } else if let Some(code) = term {
            s.state.terminated = Some(ContainerStateTerminated { exit_code: code, ..Default::default() });
        } else {
            s.state.waiting = Some(Default::default());
            if last {
                s.last_state.terminated = Some(Default::default());
            }
        }
        s
    }

    // Rows from kubelet_pods_test.go (TestPodPhaseWithRestart*), as listed in kubelet.md §2.
    #[test]
    fn phase_follows_get_phase() {
        let cases: Vec<(&str, Vec<ContainerStatus>, &str)> = vec![
            ("Always", vec![st(true, None, false), st(true, None, false)], "Running"),
            ("Always", vec![st(false, Some(0), false), st(false, Some(0), false)], "Running"),
            ("Always", vec![st(true, None, false), st(false, None, true)], "Running"),
            ("Always", vec![st(true, None, false), st(false, None, false)], "Pending"),
            ("Never", vec![st(false, Some(0), false), st(false, Some(0), false)], "Succeeded"),
            ("Never", vec![st(false, Some(-1), false), st(false, Some(-1), false)], "Failed"),
            ("Never", vec![st(true, None, false), st(false, Some(0), false)], "Running"),
            ("OnFailure", vec![st(false, Some(0), false), st(false, Some(0), false)], "Succeeded"),
            ("OnFailure", vec![st(false, Some(-1), false), st(false, Some(-1), false)], "Running"),
            ("OnFailure", vec![st(true, None, false), st(false, None, true)], "Running"),
        ];
        for (policy, statuses, want) in cases {
            assert_eq!(phase(policy, &statuses), want, "{policy}");
        }
    }

    #[test]
    fn crash_backoff_doubles_to_five_minutes() {
        let got: Vec<i64> = (0..8).map(crash_backoff_ms).collect();
        assert_eq!(got, vec![0, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
    }

    #[test]
    fn restart_decision() {
        assert!(!restarts("Never", 1));
        assert!(!restarts("OnFailure", 0));
        assert!(restarts("OnFailure", 2));
        assert!(restarts("Always", 0));
    }
}
