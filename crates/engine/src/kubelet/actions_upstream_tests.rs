//! Upstream's tables of which containers a sync starts, ported. Rows about
//! a dead sandbox, containers in the runtime's `created` or `unknown`
//! states, and kills (failed probes, changed definitions; those go through
//! the kill path, `terminate::start_kills`) have no counterpart here.

use super::actions::containers_to_start;
use super::runtime::{CtrRef, Exited, PodRuntime, Run};
use super::status::should_restart;
use crate::kubelet::process::{Exit, Plan};
use kubeplay_model::api::{Container, PodSpec};
use kubeplay_model::{Atom, Time};

/// A container as the runtime holds it.
#[derive(Clone, Copy)]
enum S {
    /// Never started (or its record is gone).
    None,
    /// Running, and started (its startup probe passed, or it has none).
    Run,
    /// Running, its startup probe not yet passed.
    Unstarted,
    Exited(i32),
}

/// A container instance, running or exited with `exit`.
pub(super) fn run(started: bool, exit: Option<i32>) -> Run {
    let plan = Plan {
        exit: Exit::Never,
        listen_after_ms: None,
        ports: None,
        http_fail_after_ms: None,
        files: vec![],
        memory_bytes: 0,
        cpu_milli: 0,
        sigterm: None,
        busybox: false,
    };
    let exited = exit.map(|code| {
        Box::new(Exited {
            code,
            reason: String::new(),
            started_at: Time::from_millis(0),
            finished_at: Time::from_millis(1),
            id: "containerd://x".into(),
        })
    });
    Run {
        id: "containerd://x".into(),
        image: "i".into(),
        image_id: "d".into(),
        started_at: Time::from_millis(0),
        plan: plan.into(),
        exited,
        stopping: None,
        started,
        ready: false,
        probes: Default::default(),
    }
}

fn set(ctr: &mut super::runtime::Ctr, s: S) {
    ctr.run = match s {
        S::None => None,
        S::Run => Some(run(true, None)),
        S::Unstarted => Some(run(false, None)),
        S::Exited(code) => Some(run(true, Some(code))),
    };
}

/// A pod whose init containers are sidecars when `sidecars`, and its runtime.
fn pod(sidecars: bool, init: &[S], app: &[S]) -> (PodSpec, PodRuntime) {
    let prefix = if sidecars { "restartable-init" } else { "init" };
    let c = |name: String, sidecar: bool| Container {
        name: name.as_str().into(),
        restart_policy: sidecar.then(|| "Always".into()),
        ..Default::default()
    };
    let spec = PodSpec {
        init_containers: (1..=init.len())
            .map(|i| c(format!("{prefix}{i}"), sidecars))
            .collect(),
        containers: (1..=app.len())
            .map(|i| c(format!("foo{i}"), false))
            .collect(),
        ..Default::default()
    };
    let names = |cs: &[Container]| cs.iter().map(|c| c.name.clone()).collect::<Vec<Atom>>();
    let mut rt = PodRuntime::new(
        "12345678",
        "node",
        &names(&spec.init_containers),
        &names(&spec.containers),
    );
    for (ctr, s) in rt.init.iter_mut().zip(init) {
        set(ctr, *s);
    }
    for (ctr, s) in rt.app.iter_mut().zip(app) {
        set(ctr, *s);
    }
    (spec, rt)
}

/// (init containers to start, regular containers to start).
fn actions(spec: &PodSpec, rt: &PodRuntime, policy: &str) -> (Vec<usize>, Vec<usize>) {
    let all = containers_to_start(spec, rt, policy);
    let pick = |init: bool| {
        all.iter()
            .filter(|r| r.init == init)
            .map(|r: &CtrRef| r.idx)
            .collect()
    };
    (pick(true), pick(false))
}

type Row = (
    &'static str,
    &'static str,
    Vec<S>,
    Vec<S>,
    Vec<usize>,
    Vec<usize>,
);

fn check(sidecars: bool, rows: Vec<Row>) {
    for (name, policy, init, app, want_init, want_app) in rows {
        let (spec, rt) = pod(sidecars, &init, &app);
        assert_eq!(actions(&spec, &rt, policy), (want_init, want_app), "{name}");
    }
}

// kuberuntime_manager_test.go's TestComputePodActions
#[test]
fn compute_pod_actions() {
    use S::{Exited as X, None as N, Run as R};
    let base = || vec![R, R, R];
    check(
        false,
        vec![
            (
                "everything is good; do nothing",
                "Always",
                vec![],
                base(),
                vec![],
                vec![],
            ),
            (
                "start pod sandbox and all containers for a new pod",
                "Always",
                vec![],
                vec![N, N, N],
                vec![],
                vec![0, 1, 2],
            ),
            (
                "restart exited containers if RestartPolicy == Always",
                "Always",
                vec![],
                vec![X(0), X(111), R],
                vec![],
                vec![0, 1],
            ),
            (
                "restart failed containers if RestartPolicy == OnFailure",
                "OnFailure",
                vec![],
                vec![X(0), X(111), R],
                vec![],
                vec![1],
            ),
            (
                "don't restart containers if RestartPolicy == Never",
                "Never",
                vec![],
                vec![X(0), X(111), R],
                vec![],
                vec![],
            ),
            (
                "Never and all containers exited: kill, start nothing",
                "Never",
                vec![],
                vec![X(0), X(0), X(0)],
                vec![],
                vec![],
            ),
            (
                "OnFailure and all containers succeeded: kill, start nothing",
                "OnFailure",
                vec![],
                vec![X(0), X(0), X(0)],
                vec![],
                vec![],
            ),
            (
                "Never and no containers have ever been created",
                "Never",
                vec![],
                vec![N, N, N],
                vec![],
                vec![0, 1, 2],
            ),
        ],
    );
}

// kuberuntime_manager_test.go's TestComputePodActionsWithInitContainers
#[test]
fn compute_pod_actions_with_init_containers() {
    use S::{Exited as X, None as N, Run as R};
    let done = || vec![X(0), X(0), X(0)];
    let none = || vec![N, N, N];
    check(
        false,
        vec![
            ("initialization completed; start all containers", "Always", done(), none(), vec![], vec![0, 1, 2]),
            ("no init containers have been started; start the first one", "Always", none(), none(), vec![0], vec![]),
            ("initialization in progress; do nothing", "Always", vec![X(0), X(0), R], none(), vec![], vec![]),
            ("initialization failed; restart the last init container if RestartPolicy == Always", "Always", vec![X(0), X(0), X(137)], none(), vec![2], vec![]),
            ("initialization failed; restart the last init container if RestartPolicy == OnFailure", "OnFailure", vec![X(0), X(0), X(137)], none(), vec![2], vec![]),
            ("initialization failed; kill pod if RestartPolicy == Never", "Never", vec![X(0), X(0), X(137)], none(), vec![], vec![]),
            ("some of the init container statuses are missing but the last init container is running, don't restart preceding ones", "Always", vec![N, N, R], none(), vec![], vec![]),
        ],
    );
}

// kuberuntime_manager_test.go's TestComputePodActionsWithRestartableInitContainers
// (the base pod: three sidecars running, the last two past their startup
// probes; a liveness probe's result does not hold the next one back, so
// its rows are the "has completed" row again).
#[test]
fn compute_pod_actions_with_restartable_init_containers() {
    use S::{Exited as X, None as N, Run as R, Unstarted as U};
    let none = || vec![N, N, N];
    check(
        true,
        vec![
            ("initialization completed; start all containers", "Always", vec![R, R, R], none(), vec![], vec![0, 1, 2]),
            ("no init containers have been started; start the first one", "Always", none(), none(), vec![0], vec![]),
            ("restartable init container has started; start the next", "Always", vec![R, N, N], none(), vec![1], vec![]),
            ("livenessProbe has not been run; start the next", "Always", vec![R, R, N], none(), vec![2], vec![]),
            ("startupProbe has not been run; do nothing", "Always", vec![R, U, N], none(), vec![], vec![]),
            ("startupProbe has completed; start the next", "Always", vec![R, R, N], none(), vec![2], vec![]),
            ("restart terminated restartable init container and next init container", "Always", vec![X(0), R, X(0)], none(), vec![0, 2], vec![]),
            ("restart terminated restartable init container and regular containers", "Always", vec![X(0), R, R], none(), vec![0], vec![0, 1, 2]),
            ("initialization failed; restart the last restartable init container even if pod's RestartPolicy == Never", "Never", vec![R, R, X(137)], none(), vec![2], vec![]),
            ("restart restartable init container if regular containers are running even if pod's RestartPolicy == Never", "Never", vec![R, R, X(137)], vec![R, R, R], vec![2], vec![]),
            ("kill the pod if all main containers succeeded if pod's RestartPolicy == Never", "Never", vec![R, R, R], vec![X(0), X(0), X(0)], vec![], vec![]),
            ("some of the init container statuses are missing but the last init container is running, restart restartable init and regular containers", "Always", vec![N, N, R], none(), vec![0, 1], vec![0, 1, 2]),
        ],
    );
}

// container/helpers_test.go's TestShouldContainerBeRestarted (without the
// runtime's `unknown` state), and its rule that a pod marked for deletion
// restarts nothing.
#[test]
fn should_container_be_restarted() {
    // (container, its latest instance, [Never, OnFailure, Always])
    let cases = [
        ("no-history", S::None, [true, true, true]),
        ("alive", S::Run, [false, false, false]),
        ("succeed", S::Exited(0), [false, false, true]),
        ("failed", S::Exited(1), [false, true, true]),
    ];
    for (name, state, want) in cases {
        let mut ctr = super::runtime::Ctr::new(name.into());
        set(&mut ctr, state);
        for (policy, want) in ["Never", "OnFailure", "Always"].into_iter().zip(want) {
            assert_eq!(
                should_restart(&ctr, policy, false),
                want,
                "{name} with restartPolicy {policy}"
            );
            assert!(
                !should_restart(&ctr, policy, true),
                "{name} with restartPolicy {policy}, pod deleted"
            );
        }
    }
}
