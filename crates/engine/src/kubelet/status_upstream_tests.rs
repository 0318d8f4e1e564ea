//! Upstream's tables of the container statuses and conditions the kubelet
//! writes, ported, driven through [`generate`] from a runtime record.

use super::actions_upstream_tests::run;
use super::runtime::{Exited, PodRuntime, Reason};
use super::status::generate;
use kubeplay_model::api::{
    Container, ContainerState, ContainerStateTerminated, ContainerStatus, Pod,
};
use kubeplay_model::{Atom, SharedStr, Time};

/// A container's history: its latest instance (running, or its exit
/// code), the exit code of the one before, and the reason cache.
#[derive(Clone, Copy)]
struct H {
    latest: Option<Option<i32>>,
    prev: Option<i32>,
    reason: Option<&'static str>,
}

const NONE: H = H {
    latest: None,
    prev: None,
    reason: None,
};

fn exited(code: i32) -> Box<Exited> {
    Box::new(Exited {
        code,
        reason: String::new(),
        started_at: Time::from_millis(0),
        finished_at: Time::from_millis(1),
        id: "containerd://x".into(),
    })
}

/// `kubectl`-like shorthand of a state: `waiting:REASON`, `running`,
/// `terminated:CODE`, or empty.
fn show(s: &ContainerState) -> String {
    if let Some(w) = &s.waiting {
        format!("waiting:{}", w.reason.as_deref().unwrap_or(""))
    } else if s.running.is_some() {
        "running".into()
    } else if let Some(t) = &s.terminated {
        format!("terminated:{}", t.exit_code)
    } else {
        String::new()
    }
}

/// Generates the status of a pod whose init containers (when `init`) or
/// regular containers are `cs`, with `old` the statuses the API shows.
fn statuses(
    policy: &str,
    init: bool,
    cs: &[(&str, H)],
    old: Vec<ContainerStatus>,
) -> Vec<(String, String, String)> {
    let mut pod = Pod::default();
    pod.metadata.uid = "12345678".into();
    pod.metadata.name = "foo".into();
    pod.metadata.namespace = "new".into();
    let list: Vec<Container> = cs
        .iter()
        .map(|(n, _)| Container {
            name: (*n).into(),
            ..Default::default()
        })
        .collect();
    let names: Vec<Atom> = list.iter().map(|c| c.name.clone()).collect();
    let spec = pod.spec_mut();
    spec.restart_policy = Some(policy.into());
    let mut rt = if init {
        spec.init_containers = list.into();
        PodRuntime::new("12345678", "node", &names, &[])
    } else {
        spec.containers = list.into();
        PodRuntime::new("12345678", "node", &[], &names)
    };
    if init {
        pod.status.init_container_statuses = old;
    } else {
        pod.status.container_statuses = old;
    }
    let ctrs = if init { &mut rt.init } else { &mut rt.app };
    for (ctr, (_, h)) in ctrs.iter_mut().zip(cs) {
        ctr.run = h.latest.map(|exit| run(true, exit));
        ctr.prev = h.prev.map(exited);
        ctr.shown = h.reason.map(|r| Box::new(Reason::new(r, "")));
    }
    let status = generate(
        &pod,
        &rt,
        &SharedStr::from("10.0.0.1"),
        Time::from_millis(1_000),
    );
    let got = if init {
        &status.init_container_statuses
    } else {
        &status.container_statuses
    };
    got.iter()
        .map(|s| (s.name.to_string(), show(&s.state), show(&s.last_state)))
        .collect()
}

/// Rows by container name: upstream checks them as maps by name.
fn want(rows: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    by_name(
        rows.iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect(),
    )
}

fn by_name(mut rows: Vec<(String, String, String)>) -> Vec<(String, String, String)> {
    rows.sort();
    rows
}

// kubelet_test.go's TestGenerateAPIPodStatusWithDifferentRestartPolicies
#[test]
fn generate_api_pod_status_with_different_restart_policies() {
    let h = |latest, prev| H {
        latest: Some(Some(latest)),
        prev: Some(prev),
        reason: Some("test-error"),
    };
    let cs = [("succeed", h(0, 2)), ("failed", h(1, 3))];
    let never = want(&[
        ("succeed", "terminated:0", "terminated:2"),
        ("failed", "terminated:1", "terminated:3"),
    ]);
    let on_failure = want(&[
        ("succeed", "terminated:0", "terminated:2"),
        ("failed", "waiting:test-error", "terminated:1"),
    ]);
    let always = want(&[
        ("succeed", "waiting:test-error", "terminated:0"),
        ("failed", "waiting:test-error", "terminated:1"),
    ]);
    // An init container that exited 0 is not restarted, even under Always.
    let always_init = on_failure.clone();
    for (policy, regular, init) in [
        ("Never", &never, &never),
        ("OnFailure", &on_failure, &on_failure),
        ("Always", &always, &always_init),
    ] {
        assert_eq!(
            &by_name(statuses(policy, false, &cs, vec![])),
            regular,
            "{policy}"
        );
        assert_eq!(
            &by_name(statuses(policy, true, &cs, vec![])),
            init,
            "{policy}, init containers"
        );
    }
}

// kubelet_test.go's TestGenerateAPIPodStatusWithReasonCache (restartPolicy
// OnFailure). Left out: the row of a container the runtime reports in its
// `unknown` state, which the simulated runtime never is in. The third
// row's "succeed" container, which upstream's expectations name but its
// spec leaves out, is added to the spec.
#[test]
fn generate_api_pod_status_with_reason_cache() {
    let old_terminated = ContainerStatus {
        name: "with-old-record".into(),
        last_state: ContainerState {
            terminated: Some(Box::<ContainerStateTerminated>::default()),
            ..Default::default()
        },
        ..Default::default()
    };
    for init in [false, true] {
        let waiting = if init {
            "waiting:PodInitializing"
        } else {
            "waiting:ContainerCreating"
        };
        let got = by_name(statuses(
            "OnFailure",
            init,
            &[("without-old-record", NONE), ("with-old-record", NONE)],
            vec![old_terminated.clone()],
        ));
        assert_eq!(
            got,
            want(&[
                ("without-old-record", waiting, ""),
                ("with-old-record", waiting, "terminated:0")
            ]),
            "no history, init {init}"
        );

        let running = H {
            latest: Some(None),
            prev: Some(1),
            reason: None,
        };
        assert_eq!(
            by_name(statuses("OnFailure", init, &[("running", running)], vec![])),
            want(&[("running", "running", "terminated:1")]),
            "running, init {init}"
        );

        let cs = [
            (
                "without-reason",
                H {
                    latest: Some(Some(1)),
                    prev: Some(3),
                    reason: None,
                },
            ),
            (
                "with-reason",
                H {
                    latest: Some(Some(2)),
                    prev: Some(4),
                    reason: Some("test-error"),
                },
            ),
            (
                "succeed",
                H {
                    latest: Some(Some(0)),
                    prev: Some(5),
                    reason: Some("test-error"),
                },
            ),
        ];
        let expect = want(&[
            ("without-reason", "terminated:1", "terminated:3"),
            ("with-reason", "waiting:test-error", "terminated:2"),
            ("succeed", "terminated:0", "terminated:5"),
        ]);
        assert_eq!(
            by_name(statuses("OnFailure", init, &cs, vec![])),
            expect,
            "terminated, init {init}"
        );
    }
}

/// The Ready condition's lastTransitionTime, and the start time, of a
/// status generated over `old`.
fn ready_time_and_start(
    pod: &Pod,
    rt: &PodRuntime,
    at: i64,
) -> (Option<Time>, Option<Time>, String) {
    let s = generate(pod, rt, &SharedStr::from("10.0.0.1"), Time::from_millis(at));
    let ready = s
        .conditions
        .iter()
        .find(|c| c.type_ == "Ready")
        .cloned()
        .unwrap_or_default();
    (
        ready.last_transition_time,
        s.start_time,
        ready.status.to_string(),
    )
}

fn one_container_pod() -> (Pod, PodRuntime) {
    let mut pod = Pod::default();
    pod.metadata.uid = "12345678".into();
    pod.spec_mut().containers = vec![Container {
        name: "c".into(),
        ..Default::default()
    }]
    .into();
    let rt = PodRuntime::new("12345678", "node", &[], &["c".into()]);
    (pod, rt)
}

// status_manager_test.go's TestNewStatusPreservesPodStartTime,
// TestNewStatusSetsReadyTransitionTime, TestChangedStatusKeepsStartTime,
// TestChangedStatusUpdatesLastTransitionTime and
// TestUnchangedStatusPreservesLastTransitionTime.
#[test]
fn status_times() {
    let (mut pod, mut rt) = one_container_pod();
    // A new status of a pod that already has a start time keeps it.
    let start = Time::from_millis(1_000);
    pod.status.start_time = Some(start);
    assert_eq!(
        ready_time_and_start(&pod, &rt, 61_000).1,
        Some(start),
        "NewStatusPreservesPodStartTime"
    );

    // The first status sets the Ready condition's transition time.
    let (mut pod, _) = one_container_pod();
    let (t, first_start, _) = ready_time_and_start(&pod, &rt, 5_000);
    assert_eq!(
        t,
        Some(Time::from_millis(5_000)),
        "NewStatusSetsReadyTransitionTime"
    );
    pod.status = generate(
        &pod,
        &rt,
        &SharedStr::from("10.0.0.1"),
        Time::from_millis(5_000),
    )
    .into();

    // The same status later keeps the time; a changed one moves it, and
    // keeps the start time.
    assert_eq!(
        ready_time_and_start(&pod, &rt, 9_000).0,
        Some(Time::from_millis(5_000)),
        "UnchangedStatusPreservesLastTransitionTime"
    );
    let mut r = run(true, None);
    r.ready = true;
    rt.sandbox = true;
    rt.app[0].run = Some(r);
    let (t, s, ready) = ready_time_and_start(&pod, &rt, 9_000);
    assert_eq!(
        (t, ready.as_str()),
        (Some(Time::from_millis(9_000)), "True"),
        "ChangedStatusUpdatesLastTransitionTime"
    );
    assert_eq!(s, first_start, "ChangedStatusKeepsStartTime");
}

// kubelet_test.go's TestGenerateAPIPodStatusWithSortedContainers: ten
// containers "0container" to "9container" come out in name order. Also
// with the spec listing them backwards: the order is the names'
// (`kubetypes.SortedContainerStatuses`), not the spec's; init containers
// keep the spec's.
#[test]
fn generate_api_pod_status_with_sorted_containers() {
    let names: Vec<String> = (0..10).map(|i| format!("{i}container")).collect();
    let mut backwards = names.clone();
    backwards.reverse();
    for spec_order in [&names, &backwards] {
        let cs: Vec<(&str, H)> = spec_order.iter().map(|n| (n.as_str(), NONE)).collect();
        let got: Vec<String> = statuses("Always", false, &cs, vec![])
            .into_iter()
            .map(|(n, _, _)| n)
            .collect();
        assert_eq!(&got, &names);
        let got: Vec<String> = statuses("Always", true, &cs, vec![])
            .into_iter()
            .map(|(n, _, _)| n)
            .collect();
        assert_eq!(&got, spec_order, "init containers");
    }
}

// kubelet_pods_test.go's Test_generateAPIPodStatus: phase, its reason and
// message, and the conditions (type, status, reason) the kubelet writes.
// The runtime holds `running` (names of running containers, sandbox
// ready) over `old`, the status last written. Left out: the rows whose
// containers the runtime lost (statuses that end ContainerStatusUnknown),
// which the simulated runtime never does; the container statuses of the
// rows kept, which upstream's fake prober marks ready.
#[test]
fn generate_api_pod_status_phase_reason_and_conditions() {
    type Row = (
        &'static str,
        &'static str,
        &'static str,
        Option<&'static str>,
        Vec<&'static str>,
        &'static str,
        Option<&'static str>,
        Vec<(&'static str, &'static str, &'static str)>,
    );
    let completed = vec![
        ("PodReadyToStartContainers", "False", ""),
        ("Initialized", "True", "PodCompleted"),
        ("Ready", "False", "PodCompleted"),
        ("ContainersReady", "False", "PodCompleted"),
        ("PodScheduled", "True", ""),
    ];
    let running_conditions = vec![
        ("PodReadyToStartContainers", "True", ""),
        ("Initialized", "True", ""),
        ("Ready", "True", ""),
        ("ContainersReady", "True", ""),
        ("PodScheduled", "True", ""),
    ];
    let rows: Vec<Row> = vec![
        (
            "terminal phase cannot be changed (apiserver previous is succeeded)",
            "Always",
            "Succeeded",
            None,
            vec![],
            "Succeeded",
            None,
            completed.clone(),
        ),
        (
            "terminal phase from previous status must remain terminal, restartAlways",
            "Always",
            "Succeeded",
            Some("Test"),
            vec![],
            "Succeeded",
            Some("Test"),
            completed.clone(),
        ),
        (
            "terminal phase from previous status must remain terminal, restartNever",
            "Never",
            "Succeeded",
            Some("Test"),
            vec![],
            "Succeeded",
            Some("Test"),
            completed,
        ),
        (
            "reason and message are cleared when phase changes",
            "Always",
            "Pending",
            Some("Test"),
            vec!["containerA", "containerB"],
            "Running",
            None,
            running_conditions,
        ),
    ];
    for (name, policy, old_phase, old_reason, running, want_phase, want_reason, want_conditions) in
        rows
    {
        let (pod, rt) =
            two_container_pod(policy, old_phase, old_reason, &running, !running.is_empty());
        let s = generate(
            &pod,
            &rt,
            &SharedStr::from("127.0.0.1"),
            Time::from_millis(1_000),
        );
        assert_eq!(s.phase.as_deref(), Some(want_phase), "{name}");
        assert_eq!(
            (s.reason.as_deref(), s.message.as_deref()),
            (want_reason, want_reason.map(|_| "test")),
            "{name}"
        );
        let got: Vec<(&str, &str, &str)> = s
            .conditions
            .iter()
            .map(|c| {
                (
                    c.type_.as_str(),
                    c.status.as_str(),
                    c.reason.as_deref().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(got, want_conditions, "{name}");
    }
    // "running can revert to pending" and "reason and message are
    // preserved when phase doesn't change".
    let (pod, rt) = two_container_pod("Always", "Running", None, &[], true);
    let s = generate(
        &pod,
        &rt,
        &SharedStr::from("127.0.0.1"),
        Time::from_millis(1_000),
    );
    assert_eq!(
        s.phase.as_deref(),
        Some("Pending"),
        "running can revert to pending"
    );
    let (pod, rt) = two_container_pod("Always", "Pending", Some("Test"), &["containerB"], true);
    let s = generate(
        &pod,
        &rt,
        &SharedStr::from("127.0.0.1"),
        Time::from_millis(1_000),
    );
    assert_eq!(
        (
            s.phase.as_deref(),
            s.reason.as_deref(),
            s.message.as_deref()
        ),
        (Some("Pending"), Some("Test"), Some("test")),
        "reason and message are preserved"
    );
}

/// Containers A and B under `policy`, `running` of them running (and
/// ready), over an old status in `phase` with `reason` (message "test").
fn two_container_pod(
    policy: &str,
    phase: &str,
    reason: Option<&str>,
    running: &[&str],
    sandbox: bool,
) -> (Pod, PodRuntime) {
    let mut pod = Pod::default();
    pod.metadata.uid = "12345678".into();
    pod.metadata.name = "my-pod".into();
    let spec = pod.spec_mut();
    spec.restart_policy = Some(policy.into());
    spec.node_name = Some("machine".into());
    spec.containers = vec![
        Container {
            name: "containerA".into(),
            ..Default::default()
        },
        Container {
            name: "containerB".into(),
            ..Default::default()
        },
    ]
    .into();
    pod.status.phase = Some(phase.into());
    pod.status.reason = reason.map(Into::into);
    pod.status.message = reason.map(|_| "test".into());
    let mut rt = PodRuntime::new(
        "12345678",
        "machine",
        &[],
        &["containerA".into(), "containerB".into()],
    );
    rt.sandbox = sandbox;
    for ctr in rt
        .app
        .iter_mut()
        .filter(|c| running.contains(&c.name.as_str()))
    {
        let mut r = run(true, None);
        r.ready = true;
        ctr.run = Some(r);
    }
    (pod, rt)
}
