//! `kubectl run -i/-t/--attach`: upstream v1.32's run_test.go and
//! generateversioned/run_test.go cases for interactive pods, then the
//! attached run itself against a settled cluster.

use super::create_upstream_tests::{engine_with, kubectl, object};
use kubeplay_engine::DEFAULT_SETTLE_MS;

// run_test.go's TestGetRestartPolicy, the interactive cases (-i without
// attaching, so the pod can be printed).
#[test]
fn interactive_restart_policy() {
    let mut e = engine_with("");
    for (flag, want) in [("--restart=", "OnFailure"), ("--restart=Always", "Always"), ("--restart=Never", "Never")] {
        let out = kubectl(&mut e, &format!("kubectl run foo --image=nginx -i --attach=false {flag} --dry-run=client -o jsonpath={{.spec.restartPolicy}}"));
        assert_eq!(out.stdout, want, "{flag}: {}", out.stderr);
    }
    let out = kubectl(&mut e, "kubectl run foo --image=nginx -i --attach=false --restart=foo --dry-run=client -o name");
    assert!(out.stderr.starts_with("error: invalid restart policy: foo"), "{}", out.stderr);
}

// generateversioned/run_test.go's TestGeneratePod: stdin, stdinOnce
// (unless leave-stdin-open) and tty on the container.
#[test]
fn generated_pod_stdin_and_tty() {
    let mut e = engine_with("");
    for (flags, want) in [
        ("-i", (Some(true), Some(true), None)),
        ("-i --leave-stdin-open", (Some(true), None, None)),
        ("-i -t", (Some(true), Some(true), Some(true))),
        ("", (None, None, None)),
    ] {
        let v = object(&kubectl(&mut e, &format!("kubectl run foo --image=nginx {flags} --attach=false --dry-run=client -o json")));
        let c = &v["spec"]["containers"][0];
        assert_eq!((c["stdin"].as_bool(), c["stdinOnce"].as_bool(), c["tty"].as_bool()), want, "{flags}");
    }
}

fn cluster() -> kubeplay_engine::Engine {
    let mut e = engine_with("");
    for line in ["kubectl create deployment web --image=nginx", "kubectl expose deployment web --port=80"] {
        assert!(!kubectl(&mut e, line).failed);
    }
    e.settle(DEFAULT_SETTLE_MS);
    e
}

#[test]
fn attached_command_prints_and_ends_as_kubectl_does() {
    let mut e = cluster();
    // --rm with --restart=Never: the prompt hint, the output, the deletion.
    let out = kubectl(&mut e, "kubectl run tmp --rm -it --image=busybox --restart=Never -- wget -qO- http://web");
    assert!(!out.failed, "{}", out.stderr);
    assert!(out.stdout.contains("<title>Welcome to nginx!</title>") && out.stdout.ends_with("</html>\npod \"tmp\" deleted\n"), "{}", out.stdout);
    assert_eq!(out.stderr, "If you don't see a command prompt, try pressing enter.\n");
    assert!(kubectl(&mut e, "kubectl get pod tmp").failed);
    // A failing command: the pod fails with its code, reported after the deletion.
    let out = kubectl(&mut e, "kubectl run bad -i --rm --image=busybox --restart=Never -- wget -qO- http://nope");
    assert!(out.failed);
    assert_eq!(out.stdout, "pod \"bad\" deleted\n");
    assert!(out.stderr.ends_with("wget: bad address 'nope'\npod default/bad terminated (Error)\n"), "{}", out.stderr);
    // Kept without --rm, Completed; -q drops the hint.
    let out = kubectl(&mut e, "kubectl run keep -iq --image=busybox --restart=Never -- hostname");
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("keep\n", ""));
    let out = kubectl(&mut e, "kubectl get pod keep -o jsonpath={.status.phase}/{.status.containerStatuses[0].state.terminated.exitCode}");
    assert_eq!(out.stdout, "Succeeded/0");
    // Always (run's default): attach.go's reattach hint with a TTY, no wait for the exit.
    let out = kubectl(&mut e, "kubectl run again -it --rm --image=busybox -- hostname");
    assert_eq!(out.stdout, "again\nSession ended, resume using 'kubectl attach again -c again -i -t' command when the pod is running\npod \"again\" deleted\n");
}

#[test]
fn shells_open_a_session_and_servers_are_refused() {
    let mut e = cluster();
    for (line, prompt) in [("kubectl run ash --rm -it --image=busybox -- sh", "/ # "), ("kubectl run deb -it --image=ubuntu --command -- bash", "root@deb:/# "), ("kubectl run bb -it --image=busybox", "/ # ")] {
        let out = kubectl(&mut e, line);
        assert!(!out.failed, "{line}: {}", out.stderr);
        assert_eq!(out.stderr, "If you don't see a command prompt, try pressing enter.\n", "{line}");
        assert_eq!(out.session.as_ref().map(|s| s.prompt()).as_deref(), Some(prompt), "{line}");
    }
    // The image's own server: nothing to type into; refused before anything is created.
    let out = kubectl(&mut e, "kubectl run srv --rm -it --image=nginx");
    assert!(out.failed && out.stderr.starts_with("error: (playground) attaching to the image's own process"), "{}", out.stderr);
    assert!(kubectl(&mut e, "kubectl get pod srv").failed);
    // A shell without -i reads nothing and exits at once.
    let out = kubectl(&mut e, "kubectl run quiet --attach --rm --image=busybox --restart=Never -- sh");
    assert_eq!((out.stdout.as_str(), out.session.is_none()), ("pod \"quiet\" deleted\n", true), "{}", out.stderr);
    // A script is one command.
    let out = kubectl(&mut e, "kubectl run sh --rm -i --image=busybox --restart=Never -- sh -c 'echo hi && hostname'");
    assert_eq!(out.stdout, "hi\nsh\npod \"sh\" deleted\n", "{}", out.stderr);
}
