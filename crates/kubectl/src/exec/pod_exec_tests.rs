//! `kubectl exec`'s container choice (ported from upstream's
//! cmd/util/podcmd/podcmd_test.go) and `sh -c` scripts, run against the
//! simulated cluster.

use super::super::{execute, Output};
use super::*;
use crate::exec::Io;
use kubeplay_model::api::EphemeralContainer;

fn named(name: &str) -> Container {
    Container {
        name: name.into(),
        ..Default::default()
    }
}

fn ephemeral(name: &str) -> EphemeralContainer {
    EphemeralContainer {
        container: named(name),
        target_container_name: None,
    }
}

fn pod_of(containers: &[&str], init: &[&str], ephem: &[&str]) -> Pod {
    let mut p = Pod::default();
    p.metadata.name = "test-pod".into();
    let spec = p.spec_mut();
    *spec.containers = containers.iter().map(|c| named(c)).collect();
    *spec.init_containers = init.iter().map(|c| named(c)).collect();
    *spec.ephemeral_containers = ephem.iter().map(|c| ephemeral(c)).collect();
    p
}

// podcmd_test.go's TestFindContainerByName.
#[test]
fn find_container_by_name() {
    let pod = pod_of(
        &["test-container"],
        &["test-init-container"],
        &["test-ephemeral-container"],
    );
    for name in [
        "test-container",
        "test-init-container",
        "test-ephemeral-container",
    ] {
        assert_eq!(
            spec_of(&pod, name).map(|c| c.name.to_string()),
            Some(name.to_string())
        );
    }
    assert!(spec_of(&pod, "non-existent-container").is_none());
}

// podcmd_test.go's TestFindOrDefaultContainerByName (the cases without a
// name: with `-c`, kubectl exec hands the name to the API server).
#[test]
fn find_or_default_container() {
    let mut out = Output::default();
    let pod = pod_of(&["test-container"], &[], &[]);
    assert_eq!(
        default_container(&pod, true, &mut out).as_deref(),
        Some("test-container")
    );
    let mut annotated = pod.clone();
    annotated.metadata.annotations.insert(
        "kubectl.kubernetes.io/default-container".into(),
        "test-container".into(),
    );
    assert_eq!(
        default_container(&annotated, true, &mut out).as_deref(),
        Some("test-container")
    );
    assert_eq!(out.stderr, "");
    let many = pod_of(
        &["test-container"],
        &["test-init-container"],
        &["test-ephemeral-container"],
    );
    assert_eq!(
        default_container(&many, false, &mut out).as_deref(),
        Some("test-container")
    );
    assert_eq!(out.stderr, "Defaulted container \"test-container\" out of: test-container, test-ephemeral-container (ephem), test-init-container (init)\n");
    assert_eq!(
        default_container(&pod_of(&[], &[], &[]), false, &mut out),
        None
    );
}

// podcmd_test.go's TestAllContainerNames.
#[test]
fn all_container_names() {
    assert_eq!(
        super::super::logs::all_container_names(&pod_of(&[], &[], &[])),
        ""
    );
    assert_eq!(
        super::super::logs::all_container_names(&pod_of(
            &["container1"],
            &["initcontainer1"],
            &["ephemeralcontainer1"]
        )),
        "container1, ephemeralcontainer1 (ephem), initcontainer1 (init)"
    );
}

const CLUSTER: &str = r#"
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: "nginx:1.27"}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80}]
---
apiVersion: v1
kind: Pod
metadata: {name: bb}
spec:
  containers: [{name: bb, image: "busybox:1.36", command: [sleep, "3600"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: deb}
spec:
  containers: [{name: deb, image: "debian:12", command: [sleep, "3600"]}]
"#;

fn cluster() -> Engine {
    cluster_with(CLUSTER)
}

/// The default cluster with `manifest` applied and 30 s run: where the
/// exec tests (here, the file programs', the compound commands') start.
pub(super) fn cluster_with(manifest: &str) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    for o in kubeplay_codec::decode_manifests(manifest).objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e.advance(30_000);
    e
}

/// One kubectl line's output; the line must parse as kubectl.
pub(super) fn kubectl(e: &mut Engine, line: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => execute(&inv, e, Io::default()).unwrap_or_default(),
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn shell_scripts_run_the_network_tools() {
    let mut e = cluster();
    let direct = kubectl(&mut e, "kubectl exec bb -- wget -qO- http://web");
    let out = kubectl(&mut e, "kubectl exec bb -- sh -c 'wget -qO- http://web'");
    assert_eq!(
        (out.stdout.as_str(), out.failed),
        (direct.stdout.as_str(), false)
    );
    assert!(out.stdout.contains("Welcome to nginx!"), "{}", out.stdout);
    let out = kubectl(
        &mut e,
        "kubectl exec bb -- /bin/sh -c 'nslookup nope && echo found || echo failed'",
    );
    assert!(out.stdout.ends_with("failed\n"), "{}", out.stdout);
    assert!(!out.failed);
    let out = kubectl(
        &mut e,
        "kubectl exec bb -- sh -c 'wget -q -T 1 -O- http://nope; echo after; exit 3'",
    );
    assert_eq!(out.stdout, "after\n");
    assert_eq!(
        out.stderr,
        "wget: bad address 'nope'\ncommand terminated with exit code 3\n"
    );
    let out = kubectl(&mut e, "kubectl exec bb -- ash -c 'curl -s http://web'");
    assert_eq!(
        out.stderr,
        "ash: curl: not found\ncommand terminated with exit code 127\n"
    );
    let out = kubectl(&mut e, "kubectl exec deb -- sh -c 'curl -s http://web'");
    assert_eq!(
        out.stderr,
        "sh: 1: curl: not found\ncommand terminated with exit code 127\n"
    );
    let out = kubectl(
        &mut e,
        "kubectl exec deb -- bash -c 'wget -qO- http://web || echo no wget'",
    );
    assert_eq!(out.stderr, "bash: line 1: wget: command not found\n");
    assert_eq!(out.stdout, "no wget\n");
    // busybox has no bash: containerd cannot start it.
    let out = kubectl(&mut e, "kubectl exec bb -- bash -c 'wget -qO- http://web'");
    assert!(out.failed);
    assert!(
        out.stderr
            .ends_with("exec: \"bash\": executable file not found in $PATH: unknown\n"),
        "{}",
        out.stderr
    );
    // A pipe hands wget's page to head.
    let out = kubectl(
        &mut e,
        "kubectl exec bb -- sh -c 'wget -qO- http://web | head -1'",
    );
    assert!(!out.failed, "{}", out.stderr);
    assert_eq!(out.stdout, "<!DOCTYPE html>\n");
    // ash reads a line at a time: the lines before a syntax error run.
    let out = kubectl(&mut e, "kubectl exec bb -- sh -c 'echo a\necho \"b'");
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("a\n", "sh: syntax error: unterminated quoted string\ncommand terminated with exit code 2\n"));
}

#[test]
fn exec_into_an_ephemeral_container() {
    let mut e = cluster();
    let out = kubectl(
        &mut e,
        "kubectl debug deb -c debugger --image=busybox:1.36 -- sleep 3600",
    );
    assert!(!out.failed, "{}", out.stderr);
    e.advance(30_000);
    let out = kubectl(
        &mut e,
        "kubectl exec deb -c debugger -- wget -qO- http://web",
    );
    assert!(!out.failed, "{}", out.stderr);
    assert!(out.stdout.contains("Welcome to nginx!"), "{}", out.stdout);
    let out = kubectl(&mut e, "kubectl exec deb -c debugger -- printenv HOSTNAME");
    assert_eq!(out.stdout, "deb\n");
    // pod/strategy.go's validateContainer knows ephemeral containers too.
    let out = kubectl(&mut e, "kubectl exec deb -c nope -- hostname");
    assert_eq!(out.stderr, "Error from server (BadRequest): container nope is not valid for pod deb\n");
    let out = kubectl(&mut e, "kubectl exec deb -- hostname");
    assert_eq!(
        out.stderr,
        "Defaulted container \"deb\" out of: deb, debugger (ephem)\n"
    );
}

/// dash names the script's line in its messages, builtins' included (as
/// dash 0.5.12 prints them for this script).
#[test]
fn dash_names_the_line() {
    let mut e = cluster();
    let script = "echo a\necho b > /nope/x; printf \"%d\\n\" 3x\n[ 1 -eq ]; cd /nope\n\nwget -q x; [ 1 = 1";
    let out = kubectl(&mut e, &format!("kubectl exec deb -- sh -c '{script}'"));
    assert_eq!(out.stdout, "a\n3\n");
    assert_eq!(
        out.stderr,
        "sh: 2: cannot create /nope/x: Directory nonexistent\nsh: 2: printf: 3x: not completely converted\nsh: 3: [: -eq: argument expected\nsh: 3: cd: can't cd to /nope\nsh: 5: wget: not found\nsh: 5: [: missing ]\ncommand terminated with exit code 2\n"
    );
}

/// An assignment alone ends with its last command substitution's status
/// (POSIX 2.9.1), and its value is not split into fields: dash and ash
/// alike.
#[test]
fn assignments_keep_their_substitutions_status_and_blanks() {
    let mut e = cluster();
    for pod in ["deb", "bb"] {
        let out = kubectl(&mut e, &format!("kubectl exec {pod} -- sh -c 'N=$(false); echo $?; M=$(printf \"x  y\"); echo \"[$M]\"; A=1; echo $?; B=$(exit 3) C=$(true); echo $?; D=$(exit 4); echo $?'"));
        assert_eq!(out.stdout, "1\n[x  y]\n0\n0\n4\n", "{pod}");
    }
}

/// A pipeline's stages: stdin flows, stderr shows, the last one's status.
#[test]
fn pipelines_feed_the_next_command() {
    let mut e = cluster();
    let out = kubectl(&mut e, "kubectl exec bb -- sh -c 'printf \"b\\na\\nb\\n\" | sort | uniq -c; cat /nope | grep -c x; echo $?'");
    assert_eq!(out.stdout, "      1 a\n      2 b\n0\n1\n");
    assert_eq!(out.stderr, "cat: can't open '/nope': No such file or directory\n");
}

/// `2>&1` sends stderr where stdout goes, in the order written; `< DIR`
/// opens and the program's read fails (as dash with GNU tools and busybox
/// 1.35 print it).
#[test]
fn redirections_as_the_shells_do() {
    let mut e = cluster();
    let out = kubectl(&mut e, "kubectl exec deb -- sh -c 'mkdir /tmp/t; wc -l /tmp/t /tmp/nope 2>&1; cat < /tmp/t; echo $?'");
    assert_eq!(out.stdout, "wc: /tmp/t: Is a directory\n      0 /tmp/t\nwc: /tmp/nope: No such file or directory\n      0 total\n1\n");
    assert_eq!(out.stderr, "cat: -: Is a directory\n");
    let out = kubectl(&mut e, "kubectl exec bb -- sh -c 'mkdir /tmp/t; wc -l < /tmp/t 2>&1; echo x > /tmp/t/; echo $?; echo y > /tmp/nope/f'");
    assert_eq!(out.stdout, "wc: standard input: Is a directory\n0\n1\n");
    assert_eq!(out.stderr, "sh: can't create /tmp/t/: Is a directory\nsh: can't create /tmp/nope/f: nonexistent directory\ncommand terminated with exit code 1\n");
}
