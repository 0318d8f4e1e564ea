//! `kubectl logs --previous`, and the log of a container waiting to
//! restart: the whole of the last run's output, as the kubelet keeps it,
//! not only what its command printed before the first sleep or loop.

use kubeplay_playground::Playground;

#[test]
fn a_crashed_runs_log_is_all_it_printed() {
    // (the container's script, the previous run's log)
    let cases: &[(&str, &str)] = &[
        ("echo hi; sleep 1; exit 1", "hi\n"),
        ("echo a; sleep 1; echo b; exit 1", "a\nb\n"),
        ("for i in 1 2; do echo tick $i; done; exit 1", "tick 1\ntick 2\n"),
        ("for i in 1 2 3; do echo tick $i; sleep 1; done; exit 1", "tick 1\ntick 2\ntick 3\n"),
    ];
    for (script, want) in cases {
        let mut pg = Playground::new(1);
        let created = pg.run(&format!("kubectl run c --image=busybox:1.28 -- sh -c '{script}'"), None);
        assert!(!created.failed, "{created:?}");
        pg.run("sim advance 45s", None);
        assert_eq!(pg.run("kubectl logs c --previous", None).shown(), *want, "{script}");
        // Waiting to restart, the current log is the last run's.
        let status = pg.run("kubectl get pod c -o jsonpath={.status.containerStatuses[0].state.waiting.reason}", None).shown();
        if status == "CrashLoopBackOff" {
            assert_eq!(pg.run("kubectl logs c", None).shown(), *want, "{script}");
        }
    }
    // Before any restart there is no previous run.
    let mut pg = Playground::new(1);
    pg.run("kubectl run c --image=busybox:1.28 -- sh -c 'echo up; sleep 3600'", None);
    pg.run("sim settle", None);
    assert_eq!(
        pg.run("kubectl logs c -p", None).shown(),
        "Error from server (BadRequest): previous terminated container \"c\" in pod \"c\" not found\n"
    );
}
