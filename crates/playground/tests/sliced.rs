//! Long `sim` commands run a slice at a time in the page
//! (`run_outcome` + `work`) and print, step and end exactly as the same
//! command run in one go.

use kubeplay_playground::{Playground, RunOutcome};

fn cluster() -> Playground {
    let mut pg = Playground::new(5);
    for line in [
        "kubectl create deployment web --image=nginx --replicas=12",
        "sim image behave nginx crash-after=20s",
    ] {
        let out = pg.run(line, None);
        assert!(!out.failed, "{line}: {}", out.stderr);
    }
    pg
}

#[test]
fn a_sliced_command_matches_the_blocking_one() {
    for line in [
        "sim settle",
        "sim advance 90s",
        "sim step 40",
        "sim settle --timeout=3s",
        "sim advance 0s",
        "sim step 3",
    ] {
        let mut whole = cluster();
        let mut sliced = cluster();
        let want = whole.run(line, None);
        assert!(
            matches!(sliced.run_outcome(line), RunOutcome::Running),
            "{line} starts a job"
        );
        let mut slices = 0;
        let got = loop {
            slices += 1;
            if let Some(out) = sliced.work(7) {
                break out;
            }
            assert!(sliced.working().is_some());
            assert!(slices < 100_000, "{line} never finished");
        };
        assert_eq!(got, want, "{line}");
        assert_eq!(sliced.working(), None);
        assert_eq!(
            sliced.engine().trace_hash(),
            whole.engine().trace_hash(),
            "{line}"
        );
        assert_eq!(sliced.engine().now(), whole.engine().now(), "{line}");
        let steps = whole.engine().cursor();
        if steps > 30 {
            assert!(slices > 3, "{line}: {steps} steps in {slices} slices of 7");
        }
    }
}

#[test]
fn other_lines_print_at_once_and_a_failing_sim_line_too() {
    let mut pg = cluster();
    assert!(matches!(
        pg.run_outcome("kubectl get pods"),
        RunOutcome::Printed(_)
    ));
    assert!(matches!(pg.run_outcome("sim time"), RunOutcome::Printed(_)));
    match pg.run_outcome("sim advance soon") {
        RunOutcome::Printed(out) => assert!(out.failed, "{out:?}"),
        _ => panic!("a line that does not parse is not started"),
    }
    assert_eq!(pg.work(10), None, "nothing in progress");
}
