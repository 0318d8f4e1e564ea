//! The pod row: READY, STATUS and RESTARTS computed as the API server's
//! `printPod` does (init containers, sidecars, last-to-first container
//! precedence, `Terminating`, restarts with "(5s ago)").

use crate::print::duration;
use crate::print::table::{col, name_col, wide, Column};
use kubeplay_model::api::Pod;
use kubeplay_model::meta::find_condition;
use kubeplay_model::Time;

pub const COLUMNS: &[Column] = &[
    name_col(),
    col("Ready"),
    col("Status"),
    col("Restarts"),
    col("Age"),
    wide("IP"),
    wide("Node"),
    wide("Nominated Node"),
    wide("Readiness Gates"),
];

/// The READY, STATUS and RESTARTS cells of a pod.
pub fn ready_status_restarts(pod: &Pod, now: Time) -> (String, String, String) {
    let spec = &pod.spec;
    let status = &pod.status;
    let phase = status.phase.as_deref().unwrap_or("");
    let mut reason = phase.to_string();
    if let Some(r) = status.reason.as_deref().filter(|r| !r.is_empty()) {
        reason = r.to_string();
    }
    if status.conditions.iter().any(|c| c.type_ == "PodScheduled" && c.reason.as_deref() == Some("SchedulingGated")) {
        reason = "SchedulingGated".into();
    }
    let restartable = |name: &str| spec.init_containers.iter().any(|c| c.name == name && c.restart_policy.as_deref() == Some("Always"));
    let total = spec.containers.len() + spec.init_containers.iter().filter(|c| c.restart_policy.as_deref() == Some("Always")).count();
    let mut ready = 0;
    let mut restarts: i64 = 0;
    let mut sidecar_restarts: i64 = 0;
    let mut last_restart: Option<Time> = None;
    let mut last_sidecar_restart: Option<Time> = None;

    let mut initializing = false;
    for (i, c) in status.init_container_statuses.iter().enumerate() {
        restarts += i64::from(c.restart_count);
        let finished = c.last_state.terminated.as_ref().and_then(|t| t.finished_at);
        last_restart = last_restart.max(finished);
        let sidecar = restartable(&c.name);
        if sidecar {
            sidecar_restarts += i64::from(c.restart_count);
            last_sidecar_restart = last_sidecar_restart.max(finished);
        }
        let terminated = c.state.terminated.as_ref();
        if terminated.is_some_and(|t| t.exit_code == 0) {
            continue;
        }
        if sidecar && c.started == Some(true) {
            if c.ready {
                ready += 1;
            }
            continue;
        }
        if let Some(t) = terminated {
            reason = match t.reason.as_deref().filter(|r| !r.is_empty()) {
                Some(r) => format!("Init:{r}"),
                None if t.signal.unwrap_or(0) != 0 => format!("Init:Signal:{}", t.signal.unwrap_or(0)),
                None => format!("Init:ExitCode:{}", t.exit_code),
            };
        } else if let Some(w) = c.state.waiting.as_ref().and_then(|w| w.reason.as_deref()).filter(|r| !r.is_empty() && *r != "PodInitializing") {
            reason = format!("Init:{w}");
        } else {
            reason = format!("Init:{i}/{}", spec.init_containers.len());
        }
        initializing = true;
        break;
    }

    let initialized = find_condition(&status.conditions, "Initialized").is_some_and(|c| c.is_true());
    if !initializing || initialized {
        restarts = sidecar_restarts;
        last_restart = last_sidecar_restart;
        let mut has_running = false;
        for c in status.container_statuses.iter().rev() {
            restarts += i64::from(c.restart_count);
            last_restart = last_restart.max(c.last_state.terminated.as_ref().and_then(|t| t.finished_at));
            let waiting = c.state.waiting.as_ref().and_then(|w| w.reason.as_deref()).filter(|r| !r.is_empty());
            let terminated = c.state.terminated.as_ref();
            if let Some(w) = waiting {
                reason = w.to_string();
            } else if let Some(t) = terminated {
                reason = match t.reason.as_deref().filter(|r| !r.is_empty()) {
                    Some(r) => r.to_string(),
                    None if t.signal.unwrap_or(0) != 0 => format!("Signal:{}", t.signal.unwrap_or(0)),
                    None => format!("ExitCode:{}", t.exit_code),
                };
            } else if c.ready && c.state.running.is_some() {
                has_running = true;
                ready += 1;
            }
        }
        // A completed container next to running ones does not make the pod "Completed".
        if reason == "Completed" && has_running {
            // `hasPodReadyCondition`: any Ready condition that is True (not only the first).
            let ready_condition = status.conditions.iter().any(|c| c.type_ == "Ready" && c.is_true());
            reason = if ready_condition { "Running".into() } else { "NotReady".into() };
        }
    }

    let terminal = phase == "Succeeded" || phase == "Failed";
    if pod.metadata.deletion_timestamp.is_some() && status.reason.as_deref() == Some("NodeLost") {
        reason = "Unknown".into();
    } else if pod.metadata.deletion_timestamp.is_some() && !terminal {
        reason = "Terminating".into();
    }

    let restarts_text = match last_restart {
        Some(t) if restarts != 0 => format!("{restarts} ({} ago)", duration::human(now.millis() - t.millis())),
        _ => restarts.to_string(),
    };
    (format!("{ready}/{total}"), reason, restarts_text)
}

/// All cells of a pod row (wide cells included).
pub fn cells(pod: &Pod, now: Time) -> Vec<String> {
    let (ready, status, restarts) = ready_status_restarts(pod, now);
    let ip = pod.status.pod_ips.first().map(|i| i.ip.to_string()).filter(|s| !s.is_empty()).unwrap_or_else(|| "<none>".into());
    let node = pod.spec.node_name.as_deref().filter(|s| !s.is_empty()).unwrap_or("<none>").to_string();
    let nominated = pod.status.nominated_node_name.as_deref().filter(|s| !s.is_empty()).unwrap_or("<none>").to_string();
    let gates: Vec<String> = pod
        .spec
        .readiness_gates
        .as_ref()
        .and_then(|g| g.as_array())
        .map(|a| a.iter().filter_map(|g| g.get("conditionType").and_then(|c| c.as_str()).map(str::to_string)).collect())
        .unwrap_or_default();
    let gates_text = if gates.is_empty() {
        "<none>".to_string()
    } else {
        let true_count = gates.iter().filter(|g| find_condition(&pod.status.conditions, g).is_some_and(|c| c.is_true())).count();
        format!("{true_count}/{}", gates.len())
    };
    vec![pod.metadata.name.clone(), ready, status, restarts, duration::since(now, pod.metadata.creation_timestamp), ip, node, nominated, gates_text]
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::*;
    use kubeplay_model::Condition;
    use serde_json::json;

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn ago(secs: i64) -> Option<Time> {
        Some(NOW.plus_secs(-secs))
    }

    fn container(name: &str) -> Container {
        Container { name: name.into(), ..Default::default() }
    }

    fn status(name: &str, restarts: i32) -> ContainerStatus {
        ContainerStatus { name: name.into(), restart_count: restarts, ..Default::default() }
    }

    fn running(mut s: ContainerStatus, ready: bool) -> ContainerStatus {
        s.state.running = Some(ContainerStateRunning::default());
        s.ready = ready;
        s
    }

    fn waiting(mut s: ContainerStatus, reason: &str) -> ContainerStatus {
        s.state.waiting = Some(ContainerStateWaiting { reason: Some(reason.into()), message: None });
        s
    }

    fn terminated(mut s: ContainerStatus, reason: Option<&str>, exit: i32) -> ContainerStatus {
        s.state.terminated = Some(Box::new(ContainerStateTerminated { exit_code: exit, reason: reason.map(String::from), ..Default::default() }));
        s
    }

    fn last_terminated(mut s: ContainerStatus, finished: Option<Time>) -> ContainerStatus {
        s.last_state.terminated = Some(Box::new(ContainerStateTerminated { finished_at: finished, ..Default::default() }));
        s
    }

    fn pod(name: &str, phase: &str, containers: usize, init: usize, statuses: Vec<ContainerStatus>, init_statuses: Vec<ContainerStatus>) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = name.into();
        p.spec_mut().containers = (0..containers).map(|i| container(&format!("c{i}"))).collect();
        p.spec_mut().init_containers = (0..init).map(|i| container(&format!("i{i}"))).collect();
        p.status.phase = Some(phase.into());
        p.status.container_statuses = statuses;
        p.status.init_container_statuses = init_statuses;
        p
    }

    fn cond(t: &str, s: &str) -> Condition {
        Condition { type_: t.into(), status: s.into(), ..Default::default() }
    }

    fn row(p: &Pod) -> Vec<String> {
        cells(p, NOW)
    }

    // TestPrintPod (pkg/printers/internalversion/printers_test.go), as
    // tabulated in the reference note; AGE is <unknown> (no creation time).
    #[test]
    fn print_pod_vectors() {
        let two = || vec![running(status("c0", 3), true), status("c1", 3)];
        let r = row(&pod("test1", "podPhase", 2, 0, two(), vec![]));
        assert_eq!(r[..5], ["test1", "1/2", "podPhase", "6", "<unknown>"]);

        let r = row(&pod("test2", "podPhase", 2, 0, vec![running(status("c0", 3), true), waiting(status("c1", 3), "ContainerWaitingReason")], vec![]));
        assert_eq!(r[1..4], ["1/2", "ContainerWaitingReason", "6"]);

        let r = row(&pod("test3", "podPhase", 2, 0, vec![waiting(status("c0", 3), "ContainerWaitingReason"), terminated(status("c1", 3), Some("ContainerTerminatedReason"), 1)], vec![]));
        assert_eq!(r[1..4], ["0/2", "ContainerWaitingReason", "6"]);

        let mut not_running = status("c1", 3);
        not_running.ready = true;
        let r = row(&pod("test4", "podPhase", 2, 0, vec![running(status("c0", 3), true), not_running], vec![]));
        assert_eq!(r[1..4], ["1/2", "podPhase", "6"]);

        let mut p = pod("test5", "podPhase", 2, 0, two(), vec![]);
        p.status.reason = Some("podReason".into());
        assert_eq!(row(&p)[1..4], ["1/2", "podReason", "6"]);

        let completed_and_running = || vec![terminated(status("c0", 3), Some("Completed"), 0), running(status("c1", 3), true)];
        let p = pod("test6", "Running", 2, 0, completed_and_running(), vec![]);
        assert_eq!(row(&p)[1..4], ["1/2", "NotReady", "6"]);
        let mut p = pod("test6", "Running", 2, 0, completed_and_running(), vec![]);
        p.status.conditions.push(cond("Ready", "True"));
        assert_eq!(row(&p)[1..4], ["1/2", "Running", "6"]);

        let init_running = last_terminated(running(status("i0", 3), false), ago(10));
        let p = pod("test7", "podPhase", 1, 1, vec![waiting(status("c0", 0), "PodInitializing")], vec![init_running.clone()]);
        assert_eq!(row(&p)[1..4], ["0/1", "Init:0/1", "3 (10s ago)"]);

        let p = pod("test8", "podPhase", 1, 2, vec![waiting(status("c0", 0), "PodInitializing")], vec![init_running.clone(), status("i1", 0)]);
        assert_eq!(row(&p)[1..4], ["0/1", "Init:0/2", "3 (10s ago)"]);

        let init_done = terminated(status("i0", 0), None, 0);
        let p = pod("test9", "podPhase", 1, 2, vec![waiting(status("c0", 0), "PodInitializing")], vec![init_done, last_terminated(running(status("i1", 3), false), ago(10))]);
        assert_eq!(row(&p)[1..4], ["0/1", "Init:1/2", "3 (10s ago)"]);

        let first = last_terminated(terminated(status("i0", 2), None, 0), ago(120));
        let second = last_terminated(running(status("i1", 3), false), ago(10));
        let p = pod("test10", "podPhase", 1, 2, vec![waiting(status("c0", 0), "PodInitializing")], vec![first, second]);
        assert_eq!(row(&p)[1..4], ["0/1", "Init:1/2", "5 (10s ago)"]);

        let init = last_terminated(terminated(status("i0", 2), None, 0), ago(120));
        let c = last_terminated(running(status("c0", 4), false), ago(20));
        let p = pod("test11", "Running", 1, 1, vec![c], vec![init]);
        assert_eq!(row(&p)[1..4], ["0/1", "Running", "4 (20s ago)"]);

        let p = pod("test12", "Running", 1, 0, vec![last_terminated(running(status("c0", 3), true), ago(5 * 86_400))], vec![]);
        assert_eq!(row(&p)[1..4], ["1/1", "Running", "3 (5d ago)"]);

        let p = pod("test13", "Running", 2, 0, vec![running(status("c0", 0), true), last_terminated(running(status("c1", 3), true), ago(10 * 86_400))], vec![]);
        assert_eq!(row(&p)[1..4], ["2/2", "Running", "3 (10d ago)"]);

        let p = pod(
            "test14",
            "Running",
            2,
            0,
            vec![last_terminated(running(status("c0", 6), true), ago(5 * 86_400)), last_terminated(running(status("c1", 3), true), ago(20 * 86_400))],
            vec![],
        );
        assert_eq!(row(&p)[1..4], ["2/2", "Running", "9 (5d ago)"]);

        let mut p = pod("test15", "podPhase", 2, 0, vec![], vec![]);
        p.status.conditions.push(Condition { type_: "PodScheduled".into(), status: "False".into(), reason: Some("SchedulingGated".into()), ..Default::default() });
        assert_eq!(row(&p)[1..4], ["0/2", "SchedulingGated", "0"]);
    }

    // TestPrintNonTerminatedPod: phases print as themselves.
    #[test]
    fn phases_print_as_themselves() {
        for phase in ["Running", "Pending", "Unknown", "Succeeded", "Failed"] {
            let r = row(&pod("p", phase, 2, 0, vec![running(status("c0", 3), true), status("c1", 3)], vec![]));
            assert_eq!(r[1..4], ["1/2", phase, "6"]);
        }
    }

    #[test]
    fn terminating_and_node_lost() {
        let mut p = pod("p", "Running", 1, 0, vec![running(status("c0", 0), true)], vec![]);
        p.metadata.deletion_timestamp = Some(NOW);
        assert_eq!(row(&p)[2], "Terminating");
        p.status.reason = Some("NodeLost".into());
        assert_eq!(row(&p)[2], "Unknown");
        let mut done = pod("p", "Succeeded", 1, 0, vec![terminated(status("c0", 0), Some("Completed"), 0)], vec![]);
        done.metadata.deletion_timestamp = Some(NOW);
        assert_eq!(row(&done)[2], "Completed");
        let p = pod("p", "Running", 1, 0, vec![terminated(status("c0", 0), None, 137)], vec![]);
        assert_eq!(row(&p)[2], "ExitCode:137");
    }

    // TestPrintPodwide: first podIPs entry, node, nominated node, readiness gates.
    #[test]
    fn wide_cells() {
        let mut p = pod("test1", "podPhase", 2, 0, vec![running(status("c0", 3), true), status("c1", 3)], vec![]);
        p.spec_mut().node_name = Some("test1".into());
        p.status.pod_ips = vec![IpEntry { ip: "1.1.1.1".into() }, IpEntry { ip: "2001:db8::".into() }];
        p.status.nominated_node_name = Some("node1".into());
        p.spec_mut().readiness_gates = Some(Box::new(json!([{"conditionType": "condition1"}, {"conditionType": "condition2"}, {"conditionType": "condition3"}])));
        p.status.conditions = vec![cond("condition1", "True"), cond("condition2", "False")];
        assert_eq!(row(&p)[5..], ["1.1.1.1", "test1", "node1", "1/3"]);
        let bare = pod("test2", "podPhase", 1, 0, vec![], vec![]);
        assert_eq!(row(&bare)[5..], ["<none>", "<none>", "<none>", "<none>"]);
    }

    #[test]
    fn sidecars_count_toward_ready() {
        let mut p = pod("p", "Running", 1, 1, vec![running(status("c0", 0), true)], vec![]);
        p.spec_mut().init_containers[0].restart_policy = Some("Always".into());
        let mut side = running(status("i0", 1), true);
        side.started = Some(true);
        p.status.init_container_statuses = vec![side];
        p.status.conditions.push(cond("Initialized", "True"));
        assert_eq!(row(&p)[1..4], ["2/2", "Running", "1"]);
    }
}

#[cfg(test)]
mod upstream_tables {
    //! Cases of upstream's TestPrintPod, TestPrintPodWithRestartableInitContainer,
    //! TestPrintPodwide and TestPrintPodList (pkg/printers/internalversion)
    //! that the first test module does not already cover, with their cells.
    use super::*;
    use kubeplay_model::api::*;
    use kubeplay_model::Condition;

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn named(name: &str) -> ContainerStatus {
        ContainerStatus { name: name.into(), ..Default::default() }
    }

    fn with_restarts(mut s: ContainerStatus, n: i32, finished_secs_ago: Option<i64>) -> ContainerStatus {
        s.restart_count = n;
        if let Some(ago) = finished_secs_ago {
            s.last_state.terminated = Some(Box::new(ContainerStateTerminated { finished_at: Some(NOW.plus_secs(-ago)), ..Default::default() }));
        }
        s
    }

    fn run(mut s: ContainerStatus, ready: bool) -> ContainerStatus {
        s.state.running = Some(ContainerStateRunning::default());
        s.ready = ready;
        s
    }

    fn wait(mut s: ContainerStatus, reason: Option<&str>) -> ContainerStatus {
        s.state.waiting = Some(ContainerStateWaiting { reason: reason.map(String::from), message: None });
        s
    }

    fn term(mut s: ContainerStatus, reason: &str, exit: i32) -> ContainerStatus {
        s.state.terminated = Some(Box::new(ContainerStateTerminated { exit_code: exit, reason: Some(reason.into()), ..Default::default() }));
        s
    }

    fn started(mut s: ContainerStatus, v: bool) -> ContainerStatus {
        s.started = Some(v);
        s
    }

    fn cond(t: &str, s: &str) -> Condition {
        Condition { type_: t.into(), status: s.into(), ..Default::default() }
    }

    fn pod(name: &str, phase: &str, containers: &[&str], inits: &[(&str, bool)]) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = name.into();
        p.spec_mut().containers = containers.iter().map(|n| Container { name: (*n).into(), ..Default::default() }).collect();
        p.spec_mut().init_containers = inits
            .iter()
            .map(|(n, sidecar)| Container { name: (*n).into(), restart_policy: sidecar.then(|| "Always".into()), ..Default::default() })
            .collect();
        p.status.phase = Some(phase.into());
        p
    }

    fn head(p: &Pod) -> Vec<String> {
        cells(p, NOW)[..5].to_vec()
    }

    // TestPrintPod test16..test20: terminal phases and deletion.
    #[test]
    fn print_pod_terminal_and_deleting() {
        let deleted = Some(NOW.plus_secs(-10));
        let mut p = pod("test16", "Succeeded", &["c"], &[]);
        p.status.container_statuses = vec![term(named("c"), "Completed", 0)];
        assert_eq!(head(&p), ["test16", "0/1", "Completed", "0", "<unknown>"]);

        let mut p = pod("test17", "Failed", &["c"], &[]);
        p.status.container_statuses = vec![term(named("c"), "Error", 1)];
        assert_eq!(head(&p), ["test17", "0/1", "Error", "0", "<unknown>"]);

        let mut p = pod("test18", "Succeeded", &["c"], &[]);
        p.metadata.deletion_timestamp = deleted;
        p.status.container_statuses = vec![term(named("c"), "Completed", 0)];
        assert_eq!(head(&p), ["test18", "0/1", "Completed", "0", "<unknown>"]);

        let mut p = pod("test19", "Running", &["c"], &[]);
        p.metadata.deletion_timestamp = deleted;
        p.status.container_statuses = vec![run(named("c"), false)];
        assert_eq!(head(&p), ["test19", "0/1", "Terminating", "0", "<unknown>"]);

        let mut p = pod("test20", "Pending", &["c"], &[]);
        p.metadata.deletion_timestamp = deleted;
        assert_eq!(head(&p), ["test20", "0/1", "Terminating", "0", "<unknown>"]);
    }

    // TestPrintPod test7: the container waits with an empty reason.
    #[test]
    fn print_pod_empty_waiting_reason() {
        let mut p = pod("test7", "podPhase", &["c"], &[("i", false)]);
        p.status.init_container_statuses = vec![with_restarts(run(named("i"), false), 3, Some(10))];
        p.status.container_statuses = vec![wait(named("c"), None)];
        assert_eq!(head(&p), ["test7", "0/1", "Init:0/1", "3 (10s ago)", "<unknown>"]);
    }

    // TestPrintPodWithRestartableInitContainer.
    #[test]
    fn restartable_init_containers() {
        let sidecars = [("restartable-init-1", true), ("restartable-init-2", true)];

        let mut p = pod("test1", "Pending", &["c"], &sidecars);
        p.status.init_container_statuses = vec![
            started(with_restarts(run(named("restartable-init-1"), false), 3, Some(10)), false),
            started(wait(named("restartable-init-2"), None), false),
        ];
        p.status.container_statuses = vec![wait(named("c"), None)];
        p.status.conditions = vec![cond("Initialized", "False")];
        assert_eq!(head(&p), ["test1", "0/3", "Init:0/2", "3 (10s ago)", "<unknown>"]);

        p.status.init_container_statuses = vec![
            started(with_restarts(run(named("restartable-init-1"), false), 3, Some(10)), true),
            started(run(named("restartable-init-2"), false), false),
        ];
        assert_eq!(head(&p), ["test1", "0/3", "Init:1/2", "3 (10s ago)", "<unknown>"]);

        let mut p = pod("test2", "Running", &["c"], &sidecars);
        p.status.init_container_statuses = vec![
            started(with_restarts(run(named("restartable-init-1"), false), 3, Some(10)), true),
            started(run(named("restartable-init-2"), false), true),
        ];
        p.status.container_statuses = vec![with_restarts(run(named("c"), true), 4, Some(20))];
        p.status.conditions = vec![cond("Initialized", "True")];
        assert_eq!(head(&p), ["test2", "1/3", "Running", "7 (10s ago)", "<unknown>"]);

        let mut p = pod("test3", "Succeeded", &["c"], &sidecars);
        p.status.init_container_statuses = vec![
            started(with_restarts(term(named("restartable-init-1"), "Error", 137), 3, Some(10)), false),
            started(term(named("restartable-init-2"), "Error", 137), false),
        ];
        p.status.container_statuses = vec![with_restarts(term(named("c"), "Completed", 0), 4, Some(20))];
        p.status.conditions = vec![cond("Initialized", "True")];
        assert_eq!(head(&p), ["test3", "0/3", "Completed", "7 (10s ago)", "<unknown>"]);

        // Statuses naming containers the spec does not have.
        let mut p = pod("test4", "Running", &["container1"], &[("init1", false), ("sidecar1", true)]);
        p.status.init_container_statuses = vec![named("initinvalid"), named("init1"), named("sidecar1")];
        p.status.container_statuses = vec![named("containerinvalid"), named("container1")];
        assert_eq!(head(&p), ["test4", "0/2", "Init:0/2", "0", "<unknown>"]);
    }

    // printPod's hasPodReadyCondition looks at every Ready condition.
    #[test]
    fn any_true_ready_condition_counts() {
        let mut p = pod("test6", "Running", &["a", "b"], &[]);
        p.status.container_statuses = vec![term(named("a"), "Completed", 0), run(named("b"), true)];
        p.status.conditions = vec![cond("Ready", "False"), cond("Ready", "True")];
        assert_eq!(head(&p), ["test6", "1/2", "Running", "0", "<unknown>"]);
    }

    // TestPrintPodwide and TestPrintPodList.
    #[test]
    fn podwide_and_list() {
        let gates = serde_json::json!([{"conditionType": "condition1"}, {"conditionType": "condition2"}, {"conditionType": "condition3"}]);
        let mut p = pod("test1", "podPhase", &["a", "b"], &[]);
        p.spec_mut().node_name = Some("test1".into());
        p.spec_mut().readiness_gates = Some(Box::new(gates));
        p.status.conditions = vec![cond("condition1", "False"), cond("condition2", "True")];
        p.status.pod_ips = vec![IpEntry { ip: "1.1.1.1".into() }];
        p.status.container_statuses = vec![with_restarts(run(named("a"), true), 3, None), with_restarts(named("b"), 3, None)];
        p.status.nominated_node_name = Some("node1".into());
        assert_eq!(cells(&p, NOW), ["test1", "1/2", "podPhase", "6", "<unknown>", "1.1.1.1", "test1", "node1", "1/3"]);

        let mut p = pod("test2", "podPhase", &["a", "b"], &[]);
        p.status.container_statuses = vec![with_restarts(run(named("a"), true), 3, None), with_restarts(wait(named("b"), Some("ContainerWaitingReason")), 3, None)];
        assert_eq!(cells(&p, NOW), ["test2", "1/2", "ContainerWaitingReason", "6", "<unknown>", "<none>", "<none>", "<none>", "<none>"]);

        let mut p = pod("test1", "podPhase", &["a", "b"], &[]);
        p.status.container_statuses = vec![with_restarts(run(named("a"), true), 3, None), with_restarts(run(named("b"), true), 3, None)];
        assert_eq!(head(&p), ["test1", "2/2", "podPhase", "6", "<unknown>"]);
        let mut p = pod("test2", "podPhase", &["a"], &[]);
        p.status.container_statuses = vec![with_restarts(run(named("a"), true), 1, None)];
        assert_eq!(head(&p), ["test2", "1/1", "podPhase", "1", "<unknown>"]);
    }
}
