//! The pod status the kubelet writes (`generateAPIPodStatus`): phase,
//! conditions and container statuses, generated from what the runtime
//! knows plus the reason cache. kubectl derives its STATUS column from
//! these fields, so they follow the kubelet's rules to the letter.

use super::runtime::{Ctr, PodRuntime};
use kubeplay_model::api::{
    Container, ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting, ContainerStatus, IpEntry, Pod, PodSpec,
    PodStatus,
};
use kubeplay_model::{atom, Atom, Condition, SharedStr, Time};

/// Conditions the kubelet owns (`kubetypes.PodConditionsByKubelet`), in
/// the order it appends them.
/// `activeDeadlineHandler`'s words, in the event and the pod's status.
pub const DEADLINE_MESSAGE: &str = "Pod was active on the node longer than the specified deadline";

pub(super) const KUBELET_CONDITIONS: [&str; 5] = ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"];

pub fn restart_policy(spec: &PodSpec) -> &str {
    spec.restart_policy.as_deref().unwrap_or("Always")
}

/// A sidecar: an init container with `restartPolicy: Always`.
pub fn is_sidecar(c: &Container) -> bool {
    c.restart_policy.as_deref() == Some("Always")
}

fn find<'a>(statuses: &'a [ContainerStatus], name: &str) -> Option<&'a ContainerStatus> {
    statuses.iter().find(|s| s.name == name)
}

/// The pod phase from container statuses (`getPhase`). `terminal`: the
/// kubelet is shutting the pod down for good.
pub fn phase(spec: &PodSpec, init: &[ContainerStatus], app: &[ContainerStatus], terminal: bool) -> &'static str {
    let (mut pending_init, mut pending_sidecars, mut failed_init) = (0, 0, 0);
    let (mut unknown, mut running, mut waiting, mut stopped, mut succeeded) = (0, 0, 0, 0, 0);
    for c in &spec.init_containers {
        let Some(s) = find(init, &c.name) else {
            if is_sidecar(c) {
                pending_sidecars += 1;
                unknown += 1;
            } else {
                pending_init += 1;
            }
            continue;
        };
        let last_failed = s.last_state.terminated.as_ref().map(|t| t.exit_code != 0);
        if is_sidecar(c) {
            if s.state.running.is_some() {
                if s.started != Some(true) {
                    pending_sidecars += 1;
                }
                running += 1;
            } else if s.state.waiting.is_some() && last_failed.is_none() {
                pending_sidecars += 1;
                waiting += 1;
            } else if s.state.is_empty() {
                pending_sidecars += 1;
                unknown += 1;
            }
        } else if s.state.running.is_some() {
            pending_init += 1;
        } else if let Some(t) = &s.state.terminated {
            if t.exit_code != 0 {
                failed_init += 1;
            }
        } else if s.state.waiting.is_some() {
            match last_failed {
                Some(true) => failed_init += 1,
                Some(false) => {}
                None => pending_init += 1,
            }
        } else {
            pending_init += 1;
        }
    }
    // Whether a regular container has run (`HasAnyRegularContainerStarted`).
    let mut regular_started = false;
    for c in &spec.containers {
        let Some(s) = find(app, &c.name) else {
            unknown += 1;
            continue;
        };
        if s.state.running.is_some() {
            running += 1;
            regular_started = true;
        } else if let Some(t) = &s.state.terminated {
            regular_started = true;
            stopped += 1;
            if t.exit_code == 0 {
                succeeded += 1;
            }
        } else if s.state.waiting.is_some() {
            if s.last_state.terminated.is_some() {
                stopped += 1;
            } else {
                waiting += 1;
            }
        } else {
            unknown += 1;
        }
    }
    let policy = restart_policy(spec);
    if failed_init > 0 && policy == "Never" {
        return "Failed";
    }
    // A sidecar that is not (yet, or again) started holds the pod in
    // Pending only until a regular container has run: a sidecar restarting
    // in an initialized pod does not send it back to Pending (v1.32).
    if pending_init > 0 || (pending_sidecars > 0 && !regular_started) || waiting > 0 {
        return "Pending";
    }
    if running > 0 && unknown == 0 {
        return "Running";
    }
    if running == 0 && stopped > 0 && unknown == 0 {
        if terminal {
            return if stopped == succeeded { "Succeeded" } else { "Failed" };
        }
        return match policy {
            "Always" => "Running",
            _ if stopped == succeeded => "Succeeded",
            "Never" => "Failed",
            _ => "Running",
        };
    }
    "Pending"
}

/// Go's `%s` of a string slice: `[a b]`.
fn go_list(names: &[&str]) -> String {
    format!("[{}]", names.join(" "))
}

/// A condition of the kubelet's: its type and status are texts every pod
/// repeats in every status it writes, shared rather than copied.
fn cond(type_: Atom, status: Atom, reason: Option<Atom>, message: Option<String>) -> Condition {
    Condition { type_, status, reason, message: message.map(String::into_boxed_str), ..Default::default() }
}

/// `GenerateContainersReadyCondition`.
pub fn containers_ready(spec: &PodSpec, all: &[ContainerStatus], phase: &str) -> Condition {
    if all.is_empty() {
        return cond(atom!("ContainersReady"), atom!("False"), Some(atom!("UnknownContainerStatuses")), None);
    }
    let (mut unknown, mut unready) = (Vec::new(), Vec::new());
    let relevant = spec.init_containers.iter().filter(|c| is_sidecar(c)).chain(&spec.containers);
    for c in relevant {
        match find(all, &c.name) {
            Some(s) if !s.ready => unready.push(c.name.as_str()),
            Some(_) => {}
            None => unknown.push(c.name.as_str()),
        }
    }
    if phase == "Succeeded" && unknown.is_empty() {
        return cond(atom!("ContainersReady"), atom!("False"), Some(atom!("PodCompleted")), None);
    }
    if phase == "Failed" {
        return cond(atom!("ContainersReady"), atom!("False"), Some(atom!("PodFailed")), None);
    }
    let mut msgs = Vec::new();
    if !unknown.is_empty() {
        msgs.push(format!("containers with unknown status: {}", go_list(&unknown)));
    }
    if !unready.is_empty() {
        msgs.push(format!("containers with unready status: {}", go_list(&unready)));
    }
    if msgs.is_empty() {
        cond(atom!("ContainersReady"), atom!("True"), None, None)
    } else {
        cond(atom!("ContainersReady"), atom!("False"), Some(atom!("ContainersNotReady")), Some(msgs.join(", ")))
    }
}

/// `GeneratePodReadyCondition`: ContainersReady, then readiness gates.
pub fn pod_ready(spec: &PodSpec, conditions: &[Condition], all: &[ContainerStatus], phase: &str) -> Condition {
    let cr = containers_ready(spec, all, phase);
    if cr.status != "True" {
        return Condition { type_: "Ready".into(), ..cr };
    }
    let mut msgs = Vec::new();
    for gate in readiness_gates(spec) {
        match conditions.iter().find(|c| c.type_ == gate) {
            None => msgs.push(format!("corresponding condition of pod readiness gate {gate:?} does not exist.")),
            Some(c) if c.status != "True" => msgs.push(format!("the status of pod readiness gate {gate:?} is not \"True\", but {}", c.status)),
            Some(_) => {}
        }
    }
    if msgs.is_empty() {
        cond(atom!("Ready"), atom!("True"), None, None)
    } else {
        cond(atom!("Ready"), atom!("False"), Some(atom!("ReadinessGatesNotReady")), Some(msgs.join(", ")))
    }
}

/// Whether a readiness gate's condition differs between two statuses
/// (someone set it through the status subresource): the kubelet's pod
/// worker syncs the pod on that update, and Ready follows.
pub fn gates_changed(spec: &PodSpec, old: &[Condition], new: &[Condition]) -> bool {
    if spec.readiness_gates.is_none() {
        return false;
    }
    let of = |list: &[Condition], gate: &str| list.iter().find(|c| c.type_ == gate).map(|c| c.status.clone());
    readiness_gates(spec).iter().any(|g| of(old, g) != of(new, g))
}

fn readiness_gates(spec: &PodSpec) -> Vec<String> {
    let Some(serde_json::Value::Array(gates)) = spec.readiness_gates.as_deref() else { return Vec::new() };
    gates.iter().filter_map(|g| g.get("conditionType").and_then(|t| t.as_str()).map(str::to_string)).collect()
}

/// `GeneratePodInitializedCondition`.
pub fn initialized(spec: &PodSpec, all: &[ContainerStatus], phase: &str) -> Condition {
    if all.is_empty() && !spec.init_containers.is_empty() {
        return cond(atom!("Initialized"), atom!("False"), Some(atom!("UnknownContainerStatuses")), None);
    }
    let (mut unknown, mut incomplete) = (Vec::new(), Vec::new());
    for c in &spec.init_containers {
        match find(all, &c.name) {
            None => unknown.push(c.name.as_str()),
            Some(s) if is_sidecar(c) => {
                if s.started != Some(true) {
                    incomplete.push(c.name.as_str());
                }
            }
            // A regular init container is complete once ready, which the
            // kubelet sets when it exited 0.
            Some(s) if !s.ready => incomplete.push(c.name.as_str()),
            Some(_) => {}
        }
    }
    if phase == "Succeeded" && unknown.is_empty() {
        return cond(atom!("Initialized"), atom!("True"), Some(atom!("PodCompleted")), None);
    }
    let any_regular_started =
        all.iter().any(|s| spec.containers.iter().any(|c| c.name == s.name) && (s.state.running.is_some() || s.state.terminated.is_some()));
    if any_regular_started {
        return cond(atom!("Initialized"), atom!("True"), None, None);
    }
    let mut msgs = Vec::new();
    if !unknown.is_empty() {
        msgs.push(format!("containers with unknown status: {}", go_list(&unknown)));
    }
    if !incomplete.is_empty() {
        msgs.push(format!("containers with incomplete status: {}", go_list(&incomplete)));
    }
    if msgs.is_empty() {
        cond(atom!("Initialized"), atom!("True"), None, None)
    } else {
        cond(atom!("Initialized"), atom!("False"), Some(atom!("ContainersNotInitialized")), Some(msgs.join(", ")))
    }
}

/// Whether the kubelet would start this container again on its next sync
/// (`ShouldContainerBeRestarted`).
pub fn should_restart(ctr: &Ctr, policy: &str, deleting: bool) -> bool {
    if deleting {
        return false;
    }
    match &ctr.run {
        None => true,
        Some(r) => match &r.exited {
            None => false,
            Some(e) => match policy {
                "Never" => false,
                "OnFailure" => e.code != 0,
                _ => true,
            },
        },
    }
}

/// What the container's command wrote to its termination message file
/// before it exited by itself (a kill stops it before it gets there);
/// the kubelet reads the file into the terminated state.
fn termination_message(c: &Container, e: &super::runtime::Exited) -> Option<String> {
    if matches!(e.code, 137 | 143) {
        return None;
    }
    let path = c.termination_message_path.as_deref().unwrap_or("/dev/termination-log");
    let argv: Vec<String> = c.command.iter().chain(&c.args).cloned().collect();
    let mut text = String::new();
    for (to, line, append) in super::shell::shell_script(&argv).map(super::shell::echo_writes).unwrap_or_default() {
        if to == path {
            if !append {
                text.clear();
            }
            text.push_str(&line);
        }
    }
    (!text.is_empty()).then_some(text)
}

/// One container's status (`convertToAPIContainerStatuses`).
pub(super) fn container_status(c: &Container, ctr: &Ctr, is_init: bool, default_waiting: &str, policy: &str, deleting: bool, old: &[ContainerStatus]) -> ContainerStatus {
    let terminated = |e: &super::runtime::Exited| ContainerState {
        terminated: Some(Box::new(ContainerStateTerminated {
            exit_code: e.code,
            signal: None,
            reason: Some(e.reason.clone()),
            message: if e.reason == "StartError" { super::start_error::message(c) } else { termination_message(c, e) },
            started_at: Some(e.started_at),
            finished_at: Some(e.finished_at),
            container_id: Some(e.id.to_string()),
        })),
        ..Default::default()
    };
    debug_assert_eq!(ctr.name, c.name, "a runtime record is made per container, in order");
    let spec_image = c.image.clone().unwrap_or_default();
    let mut s = ContainerStatus {
        // The runtime's record is the container's, matched by index (its
        // name shared, not copied).
        name: ctr.name.clone(),
        state: ContainerState { waiting: Some(ContainerStateWaiting { reason: Some(default_waiting.into()), message: None }), ..Default::default() },
        last_state: ContainerState::default(),
        ready: false,
        restart_count: ctr.restarts,
        image: spec_image,
        image_id: Atom::default(),
        container_id: None,
        started: Some(false),
    };
    if ctr.run.is_none() {
        // The runtime holds nothing of it: what the API last showed stands
        // in, a terminated status whole, else its restarts and last state.
        if let Some(o) = find(old, &c.name) {
            if o.state.terminated.is_some() {
                s = o.clone();
            } else {
                s.restart_count = o.restart_count;
                s.last_state = o.last_state.clone();
            }
        }
    }
    if let Some(run) = &ctr.run {
        s.image = run.image.clone();
        s.image_id = run.image_id.clone();
        s.container_id = Some(run.id.clone());
        if let Some(prev) = &ctr.prev {
            s.last_state = terminated(prev);
        }
        match &run.exited {
            None => {
                s.state = ContainerState { running: Some(ContainerStateRunning { started_at: Some(run.started_at) }), ..Default::default() };
                s.started = Some(run.started);
                // A regular init container is ready only once it exited 0
                // (the prober manager's UpdatePodStatus), never while it runs.
                s.ready = run.ready && run.started && (!is_init || is_sidecar(c));
            }
            Some(e) => {
                s.state = terminated(e);
                if is_init && !is_sidecar(c) {
                    s.ready = e.code == 0;
                }
            }
        }
    }
    // Containers the next sync will (try to) start again show why the last
    // attempt did not work, as seen at the last sync.
    let done_init = is_init && !is_sidecar(c) && ctr.exited().is_some_and(|e| e.code == 0);
    if !done_init && should_restart(ctr, if is_init && !is_sidecar(c) && policy == "Always" { "OnFailure" } else { policy }, deleting) {
        if let Some(reason) = &ctr.shown {
            if s.state.terminated.is_some() {
                s.last_state = std::mem::take(&mut s.state);
            }
            s.state = ContainerState {
                waiting: Some(ContainerStateWaiting { reason: Some(reason.reason.clone()), message: (!reason.message.is_empty()).then(|| reason.message.clone()) }),
                ..Default::default()
            };
        }
    }
    s
}

/// The whole status, keeping what the kubelet keeps from the old one
/// (conditions others own, transition times, start time).
pub fn generate(pod: &Pod, rt: &PodRuntime, host_ip: &SharedStr, now: Time) -> PodStatus {
    let spec = &pod.spec;
    let old = &pod.status;
    let policy = restart_policy(spec);
    // Nothing restarts in a pod being deleted or evicted.
    let deleting = pod.metadata.deletion_timestamp.is_some() || rt.evicted.is_some() || rt.deadline_exceeded;
    let default_waiting = if spec.init_containers.is_empty() { "ContainerCreating" } else { "PodInitializing" };
    let statuses = |containers: &[Container], ctrs: &[Ctr], is_init: bool, old: &[ContainerStatus]| -> Vec<ContainerStatus> {
        containers
            .iter()
            .zip(ctrs)
            .map(|(c, ctr)| container_status(c, ctr, is_init, default_waiting, policy, deleting, old))
            .collect()
    };
    let init = statuses(&spec.init_containers, &rt.init, true, &old.init_container_statuses);
    let mut app = statuses(&spec.containers, &rt.app, false, &old.container_statuses);
    // Regular containers' statuses are listed by name, init containers'
    // in spec order (kubectl's STATUS column reads them in list order).
    app.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()));
    // An evicted pod ends Failed whatever its containers' exit codes,
    // once none of them runs (until then the status manager holds back
    // the terminal phase).
    let evicted = rt.evicted.as_ref().filter(|_| rt.finished);
    let deadline = rt.deadline_exceeded && rt.finished;
    let mut phase = if evicted.is_some() || deadline { "Failed" } else { phase(spec, &init, &app, rt.finished) };
    // A terminal phase, once written, stays (the status manager's merge);
    // the reason and message belong to the phase they came with.
    let terminal = |p: &str| p == "Failed" || p == "Succeeded";
    if !terminal(phase) {
        if let Some(p) = old.phase.as_deref().filter(|p| terminal(p)) {
            phase = p;
        }
    }
    let same_phase = old.phase.as_deref() == Some(phase);
    let all: Vec<ContainerStatus> = init.iter().chain(&app).cloned().collect();

    let mut conditions: Vec<Condition> = old.conditions.iter().filter(|c| !KUBELET_CONDITIONS.contains(&c.type_.as_str())).cloned().collect();
    let others = conditions.clone();
    let sandbox_ready = rt.sandbox && !rt.finished;
    let mut owned = vec![
        cond(atom!("PodReadyToStartContainers"), if sandbox_ready { atom!("True") } else { atom!("False") }, None, None),
        initialized(spec, &all, phase),
        pod_ready(spec, &others, &all, phase),
        containers_ready(spec, &all, phase),
        cond(atom!("PodScheduled"), atom!("True"), None, None),
    ];
    for c in &mut owned {
        let previous = old.conditions.iter().find(|o| o.type_ == c.type_);
        c.last_transition_time = match previous {
            Some(p) if p.status == c.status => p.last_transition_time,
            _ => Some(now),
        };
    }
    conditions.extend(owned);
    if let Some(message) = evicted {
        let mut c = cond(atom!("DisruptionTarget"), atom!("True"), Some(atom!("TerminationByKubelet")), Some(message.clone()));
        c.last_transition_time = old.conditions.iter().find(|o| o.type_ == c.type_ && o.status == "True").and_then(|o| o.last_transition_time).or(Some(now));
        conditions.retain(|o| o.type_ != "DisruptionTarget");
        conditions.push(c);
    }

    let ips: Vec<IpEntry> = if spec.host_network == Some(true) {
        vec![IpEntry { ip: host_ip.clone() }]
    } else {
        rt.ip.iter().map(|ip| IpEntry { ip: ip.clone() }).collect()
    };
    PodStatus {
        // The old status's words when they are the same (most writes): a
        // lookup by text is most of what making them costs.
        phase: Some(old.phase.clone().filter(|p| p == phase).unwrap_or_else(|| phase.into())),
        conditions,
        message: match (evicted, deadline) {
            (Some(m), _) => Some(m.as_str().into()),
            (None, true) => Some(DEADLINE_MESSAGE.into()),
            (None, false) => old.message.clone().filter(|_| same_phase),
        },
        reason: match (evicted, deadline) {
            (Some(_), _) => Some("Evicted".into()),
            (None, true) => Some("DeadlineExceeded".into()),
            (None, false) => old.reason.clone().filter(|_| same_phase),
        },
        nominated_node_name: old.nominated_node_name.clone(),
        host_ip: Some(old.host_ip.clone().filter(|h| *h == host_ip.as_str()).unwrap_or_else(|| Atom::from(host_ip.as_str()))),
        host_ips: vec![IpEntry { ip: host_ip.clone() }],
        pod_ip: ips.first().map(|e| e.ip.clone()),
        pod_ips: ips,
        start_time: old.start_time.or(Some(now)),
        init_container_statuses: init,
        container_statuses: app,
        qos_class: old.qos_class.clone().or_else(|| Some(qos_class(spec).into())),
        ephemeral_container_statuses: if rt.ephemeral.is_some() { super::ephemeral::statuses(pod, rt, default_waiting, deleting).into() } else { Default::default() },
    }
}

/// Guaranteed, Burstable or BestEffort (`qos.GetPodQOS`).
pub fn qos_class(spec: &PodSpec) -> &'static str {
    let all: Vec<&Container> = spec.init_containers.iter().chain(&spec.containers).collect();
    let none = all.iter().all(|c| {
        ["cpu", "memory"].iter().all(|r| c.resources.requests.get(*r).is_none_or(|q| q.is_zero()) && c.resources.limits.get(*r).is_none_or(|q| q.is_zero()))
    });
    if none {
        return "BestEffort";
    }
    let guaranteed = all.iter().all(|c| {
        ["cpu", "memory"].iter().all(|r| {
            let l = c.resources.limits.get(*r).filter(|q| !q.is_zero());
            // Requests default to limits when absent.
            l.is_some() && c.resources.requests.get(*r).is_none_or(|q| Some(q) == l)
        })
    });
    if guaranteed {
        "Guaranteed"
    } else {
        "Burstable"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::ContainerStateWaiting as W;

    fn spec(policy: &str, init: &[&str], app: &[&str]) -> PodSpec {
        let c = |n: &&str| Container { name: (*n).into(), ..Default::default() };
        PodSpec { restart_policy: Some(policy.into()), init_containers: init.iter().map(c).collect(), containers: app.iter().map(c).collect(), ..Default::default() }
    }

    fn running(name: &str) -> ContainerStatus {
        ContainerStatus { name: name.into(), state: ContainerState { running: Some(ContainerStateRunning::default()), ..Default::default() }, ..Default::default() }
    }
    fn term(name: &str, code: i32) -> ContainerStatus {
        ContainerStatus {
            name: name.into(),
            state: ContainerState { terminated: Some(Box::new(ContainerStateTerminated { exit_code: code, ..Default::default() })), ..Default::default() },
            ..Default::default()
        }
    }
    fn waiting(name: &str) -> ContainerStatus {
        ContainerStatus { name: name.into(), state: ContainerState { waiting: Some(W::default()), ..Default::default() }, ..Default::default() }
    }
    fn waiting_after(name: &str, code: i32) -> ContainerStatus {
        let mut s = waiting(name);
        s.last_state = term(name, code).state;
        s
    }

    // kubelet_pods_test.go TestPodPhase* (kubelet.md §2).
    #[test]
    fn phase_vectors() {
        let cases: Vec<(&str, Vec<ContainerStatus>, bool, &str)> = vec![
            ("Always", vec![], false, "Pending"),
            ("Always", vec![running("A"), running("B")], false, "Running"),
            ("Always", vec![term("A", 0), term("B", 0)], false, "Running"),
            ("Always", vec![term("A", 0), term("B", 0)], true, "Succeeded"),
            ("Always", vec![term("A", 0), term("B", -1)], true, "Failed"),
            ("Always", vec![running("A"), term("B", 0)], false, "Running"),
            ("Always", vec![running("A")], false, "Pending"),
            ("Always", vec![running("A"), waiting("B")], false, "Pending"),
            ("Always", vec![running("A"), waiting_after("B", 0)], false, "Running"),
            ("Never", vec![running("A"), running("B")], false, "Running"),
            ("Never", vec![term("A", 0), term("B", 0)], false, "Succeeded"),
            ("Never", vec![term("A", -1), term("B", -1)], false, "Failed"),
            ("Never", vec![running("A"), term("B", 0)], false, "Running"),
            ("Never", vec![running("A")], false, "Pending"),
            ("Never", vec![running("A"), waiting("B")], false, "Pending"),
            ("OnFailure", vec![running("A"), running("B")], false, "Running"),
            ("OnFailure", vec![term("A", 0), term("B", 0)], false, "Succeeded"),
            ("OnFailure", vec![term("A", -1), term("B", -1)], false, "Running"),
            ("OnFailure", vec![running("A"), term("B", 0)], false, "Running"),
            ("OnFailure", vec![running("A")], false, "Pending"),
            ("OnFailure", vec![running("A"), waiting("B")], false, "Pending"),
            ("OnFailure", vec![running("A"), waiting_after("B", 0)], false, "Running"),
        ];
        for (i, (policy, app, terminal, want)) in cases.into_iter().enumerate() {
            assert_eq!(phase(&spec(policy, &[], &["A", "B"]), &[], &app, terminal), want, "case {i} ({policy})");
        }
    }

    #[test]
    fn phase_vectors_with_init_containers() {
        let ab = || vec![running("A"), running("B")];
        let cases: Vec<(&str, Vec<ContainerStatus>, Vec<ContainerStatus>, &str)> = vec![
            ("Always", vec![], vec![], "Pending"),
            ("Always", vec![running("X")], vec![], "Pending"),
            ("Always", vec![term("X", -1)], vec![], "Pending"),
            ("Always", vec![waiting_after("X", 0)], vec![], "Pending"),
            ("Always", vec![waiting_after("X", -1)], vec![], "Pending"),
            ("Always", vec![waiting("X")], vec![], "Pending"),
            ("Always", vec![term("X", 0)], ab(), "Running"),
            ("Never", vec![running("X")], vec![], "Pending"),
            ("Never", vec![term("X", -1)], vec![], "Failed"),
            ("Never", vec![waiting_after("X", 0)], vec![], "Pending"),
            ("Never", vec![waiting_after("X", -1)], vec![], "Failed"),
            ("Never", vec![waiting("X")], vec![], "Pending"),
            ("Never", vec![term("X", 0)], ab(), "Running"),
        ];
        for (i, (policy, init, app, want)) in cases.into_iter().enumerate() {
            assert_eq!(phase(&spec(policy, &["X"], &["A", "B"]), &init, &app, false), want, "case {i} ({policy})");
        }
    }

    // generate.go messages (kubelet.md §8).
    #[test]
    fn condition_messages() {
        let s = spec("Always", &[], &["a", "b"]);
        let mut a = running("a");
        a.ready = true;
        let c = containers_ready(&s, &[a.clone(), running("b")], "Running");
        assert_eq!((c.status.as_str(), c.reason.as_deref(), c.message.as_deref()), ("False", Some("ContainersNotReady"), Some("containers with unready status: [b]")));
        let c = containers_ready(&s, &[a.clone()], "Running");
        assert_eq!(c.message.as_deref(), Some("containers with unknown status: [b]"));
        let c = containers_ready(&s, &[], "Pending");
        assert_eq!(c.reason.as_deref(), Some("UnknownContainerStatuses"));
        let c = containers_ready(&s, &[term("a", 0), term("b", 0)], "Succeeded");
        assert_eq!((c.status.as_str(), c.reason.as_deref()), ("False", Some("PodCompleted")));
        let c = containers_ready(&s, &[term("a", 1), term("b", 0)], "Failed");
        assert_eq!(c.reason.as_deref(), Some("PodFailed"));
        let mut b = running("b");
        b.ready = true;
        assert_eq!(containers_ready(&s, &[a.clone(), b.clone()], "Running").status, "True");
        let r = pod_ready(&s, &[], &[a, running("b")], "Running");
        assert_eq!((r.type_.as_str(), r.reason.as_deref()), ("Ready", Some("ContainersNotReady")));

        let s = spec("Always", &["init-myservice", "init-mydb"], &["app"]);
        let i = initialized(&s, &[running("init-myservice"), waiting("init-mydb"), waiting("app")], "Pending");
        assert_eq!(
            (i.status.as_str(), i.reason.as_deref(), i.message.as_deref()),
            ("False", Some("ContainersNotInitialized"), Some("containers with incomplete status: [init-myservice init-mydb]"))
        );
        let i = initialized(&s, &[term("init-myservice", 0), term("init-mydb", 0), running("app")], "Running");
        assert_eq!(i.status, "True");
        let i = initialized(&spec("Never", &[], &["a"]), &[term("a", 0)], "Succeeded");
        assert_eq!((i.status.as_str(), i.reason.as_deref()), ("True", Some("PodCompleted")));
    }

    #[test]
    fn gate_condition_changes_are_noticed() {
        let mut s = PodSpec::default();
        let c = |t: &str, v: &str| Condition { type_: t.into(), status: v.into(), ..Default::default() };
        assert!(!gates_changed(&s, &[], &[c("www.example.com/feature-1", "True")]), "no gates");
        s.readiness_gates = Some(Box::new(serde_json::json!([{ "conditionType": "www.example.com/feature-1" }])));
        assert!(gates_changed(&s, &[], &[c("www.example.com/feature-1", "True")]), "added");
        assert!(gates_changed(&s, &[c("www.example.com/feature-1", "True")], &[c("www.example.com/feature-1", "False")]), "flipped");
        assert!(!gates_changed(&s, &[c("Ready", "False")], &[c("Ready", "True")]), "another condition");
    }

    #[test]
    fn readiness_gates_hold_ready_back() {
        let mut s = spec("Always", &[], &["a"]);
        s.readiness_gates = Some(Box::new(serde_json::json!([{ "conditionType": "www.example.com/feature-1" }])));
        let mut a = running("a");
        a.ready = true;
        let r = pod_ready(&s, &[], &[a.clone()], "Running");
        assert_eq!(r.message.as_deref(), Some("corresponding condition of pod readiness gate \"www.example.com/feature-1\" does not exist."));
        let gate = Condition { type_: "www.example.com/feature-1".into(), status: "False".into(), ..Default::default() };
        let r = pod_ready(&s, &[gate], &[a.clone()], "Running");
        assert_eq!(r.message.as_deref(), Some("the status of pod readiness gate \"www.example.com/feature-1\" is not \"True\", but False"));
        let gate = Condition { type_: "www.example.com/feature-1".into(), status: "True".into(), ..Default::default() };
        assert_eq!(pod_ready(&s, &[gate], &[a], "Running").status, "True");
    }

    /// A sidecar: an init container with `restartPolicy: Always`.
    fn sidecar(mut s: PodSpec, name: &str) -> PodSpec {
        for c in &mut s.init_containers {
            if c.name == name {
                c.restart_policy = Some("Always".into());
            }
        }
        s
    }
    /// Running, and `started` set (upstream's `startedState`).
    fn started(name: &str) -> ContainerStatus {
        ContainerStatus { started: Some(true), ..running(name) }
    }
    fn ready(name: &str) -> ContainerStatus {
        ContainerStatus { name: name.into(), ready: true, ..Default::default() }
    }
    fn not_ready(name: &str) -> ContainerStatus {
        ContainerStatus { name: name.into(), ready: false, ..Default::default() }
    }
    fn not_started(name: &str) -> ContainerStatus {
        ContainerStatus { name: name.into(), started: Some(false), ..Default::default() }
    }

    type PhaseCase = (&'static str, Vec<ContainerStatus>, Vec<ContainerStatus>, bool, &'static str);

    fn check_phases(s: &PodSpec, cases: Vec<PhaseCase>) {
        for (name, init, app, terminal, want) in cases {
            assert_eq!(phase(s, &init, &app, terminal), want, "{name}");
        }
    }

    // kubelet_pods_test.go (v1.32): the "waiting" rows of
    // TestPodPhaseWithRestartNever / OnFailure and the empty row of
    // TestPodPhaseWithRestartNeverInitContainers, which phase_vectors and
    // phase_vectors_with_init_containers leave out.
    #[test]
    fn upstream_phase_empty_statuses() {
        for policy in ["Always", "Never", "OnFailure"] {
            assert_eq!(phase(&spec(policy, &[], &["containerA", "containerB"]), &[], &[], false), "Pending", "{policy}: waiting");
            assert_eq!(phase(&spec(policy, &["containerX"], &["containerA", "containerB"]), &[], &[], false), "Pending", "{policy}: empty, waiting");
        }
    }

    // kubelet_pods_test.go TestPodPhaseWithRestartAlwaysRestartableInitContainers (v1.32).
    #[test]
    fn upstream_phase_always_sidecars() {
        let s = sidecar(spec("Always", &["containerX"], &["containerA", "containerB"]), "containerX");
        let ab = || vec![running("containerA"), running("containerB")];
        let ok = || vec![term("containerA", 0), term("containerB", 0)];
        check_phases(
            &s,
            vec![
                ("empty, waiting", vec![], vec![], false, "Pending"),
                ("restartable init container running", vec![running("containerX")], vec![], false, "Pending"),
                ("restartable init container stopped", vec![term("containerX", 0)], vec![], false, "Pending"),
                ("restartable init container waiting, terminated zero", vec![waiting_after("containerX", 0)], vec![], false, "Pending"),
                ("restartable init container waiting, terminated non-zero", vec![waiting_after("containerX", -1)], vec![], false, "Pending"),
                ("restartable init container waiting, not terminated", vec![waiting("containerX")], vec![], false, "Pending"),
                ("restartable init container started, 1/2 regular container running", vec![started("containerX")], vec![running("containerA")], false, "Pending"),
                ("restartable init container started, all regular containers running", vec![started("containerX")], ab(), false, "Running"),
                ("restartable init container running, all regular containers running", vec![running("containerX")], ab(), false, "Running"),
                ("restartable init container stopped, all regular containers running", vec![term("containerX", 0)], ab(), false, "Running"),
                ("backoff crashloop restartable init container, all regular containers running", vec![waiting_after("containerX", 0)], ab(), false, "Running"),
                ("all regular containers succeeded and restartable init container failed, pod terminal", vec![term("containerX", -1)], ok(), true, "Succeeded"),
                ("all regular containers succeeded and restartable init container succeeded, pod terminal", vec![term("containerX", 0)], ok(), true, "Succeeded"),
            ],
        );
    }

    // kubelet_pods_test.go TestPodPhaseWithRestartAlwaysAndPodHasRun (v1.32):
    // a regular init container still running keeps the pod Pending even
    // though a regular container has run; a restarting sidecar does not.
    #[test]
    fn upstream_phase_always_pod_has_run() {
        let s = sidecar(spec("Always", &["containerX", "containerY"], &["containerA"]), "containerY");
        check_phases(
            &s,
            vec![
                ("regular init, restartable init and regular container all running", vec![running("containerX"), running("containerY")], vec![running("containerA")], false, "Pending"),
                ("regular container stopped, restartable init and regular init both running", vec![running("containerX"), running("containerY")], vec![term("containerA", 0)], false, "Pending"),
                ("regular init succeeded, restartable init running, regular container stopped", vec![term("containerX", 0), running("containerY")], vec![term("containerA", 0)], false, "Running"),
                ("regular init succeeded, restartable init and regular container both running", vec![term("containerX", 0), running("containerY")], vec![running("containerA")], false, "Running"),
            ],
        );
    }

    // kubelet_pods_test.go TestPodPhaseWithRestartNeverRestartableInitContainers (v1.32).
    #[test]
    fn upstream_phase_never_sidecars() {
        let s = sidecar(spec("Never", &["containerX"], &["containerA", "containerB"]), "containerX");
        let ok = || vec![term("containerA", 0), term("containerB", 0)];
        check_phases(
            &s,
            vec![
                ("empty, waiting", vec![], vec![], false, "Pending"),
                ("restartable init container running", vec![running("containerX")], vec![], false, "Pending"),
                ("restartable init container stopped", vec![term("containerX", 0)], vec![], false, "Pending"),
                ("restartable init container waiting, terminated zero", vec![waiting_after("containerX", 0)], vec![], false, "Pending"),
                ("restartable init container waiting, terminated non-zero", vec![waiting_after("containerX", -1)], vec![], false, "Pending"),
                ("restartable init container waiting, not terminated", vec![waiting("containerX")], vec![], false, "Pending"),
                ("restartable init container started, one main container running", vec![started("containerX")], vec![running("containerA")], false, "Pending"),
                ("restartable init container started, main containers succeeded", vec![started("containerX")], ok(), false, "Running"),
                ("restartable init container running, main containers succeeded", vec![running("containerX")], ok(), false, "Running"),
                ("all containers succeeded", vec![term("containerX", 0)], ok(), false, "Succeeded"),
                ("restartable init container terminated non-zero, main containers succeeded", vec![term("containerX", -1)], ok(), false, "Succeeded"),
                ("backoff crashloop restartable init container, main containers succeeded", vec![waiting_after("containerX", 0)], ok(), false, "Succeeded"),
                ("backoff crashloop with non-zero restartable init container, main containers succeeded", vec![waiting_after("containerX", -1)], ok(), false, "Succeeded"),
            ],
        );
    }

    fn reason_of(c: &Condition) -> (&str, &str, &str, &str) {
        (c.type_.as_str(), c.status.as_str(), c.reason.as_deref().unwrap_or(""), c.message.as_deref().unwrap_or(""))
    }

    // status/generate_test.go TestGenerateContainersReadyCondition and the
    // container rows of TestGeneratePodReadyCondition (v1.32). Go tells a
    // nil status list from an empty one; a slice cannot, and Kubeplay reads
    // an empty list as nil (the kubelet never passes either for a pod with
    // containers), so the rows passing a non-nil empty list to a spec with
    // no (or unlisted) containers are left out.
    #[test]
    fn upstream_containers_ready_and_pod_ready() {
        let two = spec("Always", &[], &["1234", "5678"]);
        let one = spec("Always", &[], &["1234"]);
        let sidecars = |n: usize| {
            let names = ["restartable-init-1", "restartable-init-2"];
            let mut s = spec("Always", &names[..n], &["regular-1"]);
            for n in &names[..n] {
                s = sidecar(s, n);
            }
            s
        };
        type Case<'a> = (PodSpec, Vec<ContainerStatus>, &'a str, (&'a str, &'a str, &'a str));
        let cases: Vec<Case> = vec![
            (PodSpec::default(), vec![], "Running", ("False", "UnknownContainerStatuses", "")),
            (two.clone(), vec![ready("1234"), ready("5678")], "Running", ("True", "", "")),
            (two.clone(), vec![ready("1234")], "Running", ("False", "ContainersNotReady", "containers with unknown status: [5678]")),
            (two.clone(), vec![ready("1234"), not_ready("5678")], "Running", ("False", "ContainersNotReady", "containers with unready status: [5678]")),
            (one.clone(), vec![not_ready("1234")], "Succeeded", ("False", "PodCompleted", "")),
            (sidecars(1), vec![ready("regular-1")], "Running", ("False", "ContainersNotReady", "containers with unknown status: [restartable-init-1]")),
            (sidecars(2), vec![ready("restartable-init-1"), ready("restartable-init-2"), ready("regular-1")], "Running", ("True", "", "")),
            (sidecars(2), vec![ready("restartable-init-1"), ready("regular-1")], "Running", ("False", "ContainersNotReady", "containers with unknown status: [restartable-init-2]")),
            (
                sidecars(2),
                vec![ready("restartable-init-1"), not_ready("restartable-init-2"), ready("regular-1")],
                "Running",
                ("False", "ContainersNotReady", "containers with unready status: [restartable-init-2]"),
            ),
        ];
        for (i, (s, statuses, ph, (status, reason, message))) in cases.into_iter().enumerate() {
            let c = containers_ready(&s, &statuses, ph);
            assert_eq!(reason_of(&c), ("ContainersReady", status, reason, message), "ContainersReady case {i}");
            let r = pod_ready(&s, &[], &statuses, ph);
            assert_eq!(reason_of(&r), ("Ready", status, reason, message), "Ready case {i}");
        }
        // The last row of TestGeneratePodReadyCondition: a gate that is
        // True does not hide an unready container.
        let mut s = one;
        s.readiness_gates = Some(Box::new(serde_json::json!([{ "conditionType": "gate1" }])));
        let gate1 = Condition { type_: "gate1".into(), status: "True".into(), ..Default::default() };
        let r = pod_ready(&s, &[gate1], &[not_ready("1234")], "Running");
        assert_eq!(reason_of(&r), ("Ready", "False", "ContainersNotReady", "containers with unready status: [1234]"));
    }

    // The readiness-gate rows of TestGeneratePodReadyCondition (v1.32),
    // with one ready container added: upstream's rows have no containers
    // and a non-nil empty status list, which a slice cannot tell from nil.
    #[test]
    fn upstream_pod_ready_readiness_gates() {
        let gate = |t: &str, st: &str| Condition { type_: t.into(), status: st.into(), ..Default::default() };
        type Case<'a> = (&'a [&'a str], Vec<Condition>, (&'a str, &'a str, &'a str));
        let cases: Vec<Case> = vec![
            (&["gate1"], vec![], ("False", "ReadinessGatesNotReady", "corresponding condition of pod readiness gate \"gate1\" does not exist.")),
            (&["gate1"], vec![gate("gate1", "False")], ("False", "ReadinessGatesNotReady", "the status of pod readiness gate \"gate1\" is not \"True\", but False")),
            (&["gate1"], vec![gate("gate1", "True")], ("True", "", "")),
            (&["gate1", "gate2"], vec![gate("gate1", "True")], ("False", "ReadinessGatesNotReady", "corresponding condition of pod readiness gate \"gate2\" does not exist.")),
            (
                &["gate1", "gate2"],
                vec![gate("gate1", "True"), gate("gate2", "False")],
                ("False", "ReadinessGatesNotReady", "the status of pod readiness gate \"gate2\" is not \"True\", but False"),
            ),
            (&["gate1", "gate2"], vec![gate("gate1", "True"), gate("gate2", "True")], ("True", "", "")),
        ];
        for (i, (gates, conditions, (status, reason, message))) in cases.into_iter().enumerate() {
            let mut s = spec("Always", &[], &["1234"]);
            let list: Vec<_> = gates.iter().map(|g| serde_json::json!({ "conditionType": g })).collect();
            s.readiness_gates = Some(Box::new(serde_json::Value::Array(list)));
            let r = pod_ready(&s, &conditions, &[ready("1234")], "Running");
            assert_eq!(reason_of(&r), ("Ready", status, reason, message), "case {i}");
        }
    }

    // status/generate_test.go TestGeneratePodInitializedCondition (v1.32;
    // upstream compares type, status and reason). Left out: one init
    // container with a non-nil empty status list (ContainersNotInitialized
    // upstream; a slice cannot tell it from nil).
    #[test]
    fn upstream_initialized() {
        let none = spec("Always", &[], &[]);
        let one = spec("Always", &["1234"], &["regular"]);
        let two = spec("Always", &["1234", "5678"], &["regular"]);
        let side = sidecar(spec("Always", &["1234"], &["regular"]), "1234");
        let waiting_1234 = ContainerStatus { name: "1234".into(), state: ContainerState { waiting: Some(W::default()), ..Default::default() }, ..Default::default() };
        type Case<'a> = (&'a PodSpec, Vec<ContainerStatus>, &'a str, (&'a str, &'a str));
        let cases: Vec<Case> = vec![
            (&two, vec![], "Running", ("False", "UnknownContainerStatuses")),
            (&none, vec![], "Running", ("True", "")),
            (&two, vec![ready("1234"), ready("5678")], "Running", ("True", "")),
            (&two, vec![ready("1234")], "Running", ("False", "ContainersNotInitialized")),
            (&two, vec![ready("1234"), not_ready("5678")], "Running", ("False", "ContainersNotInitialized")),
            (&one, vec![ready("1234")], "Succeeded", ("True", "PodCompleted")),
            (&side, vec![not_started("1234")], "Pending", ("False", "ContainersNotInitialized")),
            (&side, vec![ContainerStatus { started: Some(true), ..not_ready("1234") }], "Running", ("True", "")),
            (&side, vec![not_started("1234"), running("regular")], "Running", ("True", "")),
            (&one, vec![waiting_1234, ContainerStatus { state: term("regular", 0).state, ..not_ready("regular") }], "Running", ("True", "")),
        ];
        for (i, (s, statuses, ph, (status, reason))) in cases.into_iter().enumerate() {
            let c = initialized(s, &statuses, ph);
            assert_eq!((c.type_.as_str(), c.status.as_str(), c.reason.as_deref().unwrap_or("")), ("Initialized", status, reason), "case {i}");
        }
    }

    #[test]
    fn qos_classes() {
        use kubeplay_model::Quantity;
        let q = |s: &str| Quantity::parse(s).unwrap();
        let mut s = spec("Always", &[], &["a"]);
        assert_eq!(qos_class(&s), "BestEffort");
        s.containers[0].resources.limits.insert("cpu".into(), q("500m"));
        s.containers[0].resources.limits.insert("memory".into(), q("128Mi"));
        assert_eq!(qos_class(&s), "Guaranteed");
        s.containers[0].resources.requests.insert("cpu".into(), q("250m"));
        assert_eq!(qos_class(&s), "Burstable");
    }
}
