//! Upstream's kuberuntime tests of how a container is stopped, ported.

use super::*;
use crate::kubelet::runtime::KillCause;
use kubeplay_model::api::Probe;

fn probe(grace: i64) -> Option<Box<Probe>> {
    Some(Box::new(Probe {
        termination_grace_period_seconds: Some(grace),
        ..Default::default()
    }))
}

// kuberuntime_container_test.go's TestKillContainerGracePeriod
#[test]
fn kill_container_grace_period() {
    let (short, medium, long) = (10, 30, 60);
    // (name, pod grace, startup probe grace, liveness probe grace, reason, expected)
    type Case = (&'static str, Option<i64>, Option<i64>, Option<i64>, Option<KillCause>, i64);
    let cases: [Case; 11] = [
        (
            "default termination grace period",
            None,
            None,
            None,
            None,
            2,
        ),
        (
            "use pod termination grace period",
            Some(long),
            None,
            None,
            None,
            long,
        ),
        (
            "liveness probe overrides pod termination grace period",
            Some(long),
            None,
            Some(short),
            Some(KillCause::Liveness),
            short,
        ),
        (
            "startup probe overrides pod termination grace period",
            Some(long),
            Some(short),
            None,
            Some(KillCause::Startup),
            short,
        ),
        (
            "startup probe overrides pod termination grace period, probe period > pod period",
            Some(short),
            Some(long),
            None,
            Some(KillCause::Startup),
            long,
        ),
        (
            "liveness probe overrides pod termination grace period, probe period > pod period",
            Some(short),
            None,
            Some(long),
            Some(KillCause::Liveness),
            long,
        ),
        (
            "non-liveness probe failure, use pod termination grace period",
            Some(long),
            None,
            Some(short),
            None,
            long,
        ),
        (
            "non-startup probe failure, use pod termination grace period",
            Some(long),
            Some(short),
            None,
            None,
            long,
        ),
        (
            "all three grace periods set, use pod termination grace period",
            Some(long),
            Some(short),
            Some(medium),
            None,
            long,
        ),
        (
            "all three grace periods set, use startup termination grace period",
            Some(long),
            Some(short),
            Some(medium),
            Some(KillCause::Startup),
            short,
        ),
        (
            "all three grace periods set, use liveness termination grace period",
            Some(long),
            Some(short),
            Some(medium),
            Some(KillCause::Liveness),
            medium,
        ),
    ];
    for (name, pod_grace, startup, liveness, cause, want) in cases {
        let mut pod = Pod::default();
        pod.spec_mut().termination_grace_period_seconds = pod_grace;
        let c = Container {
            name: "foo".into(),
            startup_probe: startup.and_then(probe),
            liveness_probe: liveness.and_then(probe),
            ..Default::default()
        };
        assert_eq!(kill_grace_seconds(&pod, &c, cause), want, "{name}");
    }
    // setTerminationGracePeriod's first case: a delete's grace period wins.
    let mut pod = Pod::default();
    pod.spec_mut().termination_grace_period_seconds = Some(long);
    pod.metadata.deletion_grace_period_seconds = Some(5);
    let c = Container {
        name: "foo".into(),
        liveness_probe: probe(short),
        ..Default::default()
    };
    assert_eq!(kill_grace_seconds(&pod, &c, Some(KillCause::Liveness)), 5);
}

// pod_workers.go's calculateEffectiveGracePeriod, as TestKillContainer's
// pod-deletion callers reach it: the delete's grace, else the pod's, at
// least 1 s.
#[test]
fn effective_pod_grace_period() {
    let mut pod = Pod::default();
    pod.spec_mut().termination_grace_period_seconds = Some(30);
    assert_eq!(pod_grace_seconds(&pod), 30);
    pod.metadata.deletion_grace_period_seconds = Some(5);
    assert_eq!(pod_grace_seconds(&pod), 5);
    pod.metadata.deletion_grace_period_seconds = Some(0);
    assert_eq!(pod_grace_seconds(&pod), 30, "0 falls back to the pod's own");
    pod.spec_mut().termination_grace_period_seconds = Some(0);
    assert_eq!(pod_grace_seconds(&pod), 1);
}

// kuberuntime_container_test.go's TestLifeCycleHook (the preStop subtests):
// exec and httpGet hooks run before the stop; with no grace left
// ("PreStop-NoTimeToRun") the hook does not run and the container still
// gets the 2 s minimum (killContainer).
#[test]
fn lifecycle_hook_prestop() {
    let start = Time::from_millis(0);
    let handles_term = tests::run(Some((100, 0)));
    let exec =
        tests::with_prestop(serde_json::json!({"exec": {"command": ["/bin/sh", "-c", "sleep 3"]}}));
    assert_eq!(
        stop_time(&handles_term, &exec, 30_000, start),
        (Time::from_millis(3_100), 0),
        "PreStop-CMDExec"
    );
    let http = tests::with_prestop(
        serde_json::json!({"httpGet": {"host": "testHost.com", "path": "/GracefulExit", "port": 80}}),
    );
    assert_eq!(
        stop_time(&handles_term, &http, 30_000, start),
        (Time::from_millis(100), 0),
        "PreStop-HTTPGet"
    );
    assert_eq!(prestop_ms(&exec, 0), 0, "PreStop-NoTimeToRun");
    assert_eq!(
        stop_time(&tests::run(None), &exec, 0, start),
        (Time::from_millis(2_000), 137),
        "PreStop-NoTimeToRun: SIGKILL after 2 s"
    );
    // The sleep action (beta, on in v1.32) is cut at the grace period too.
    let sleep_hook = tests::with_prestop(serde_json::json!({"sleep": {"seconds": 40}}));
    assert_eq!(
        stop_time(&tests::run(None), &sleep_hook, 20_000, start),
        (Time::from_millis(22_000), 137)
    );
}
