use crate::Playground;

fn cluster() -> Playground {
    let mut pg = Playground::new(1);
    for line in ["kubectl create deployment web --image=nginx", "kubectl expose deployment web --port=80", "kubectl run bb --image=busybox:1.28 -- sleep 3600", "sim settle"] {
        let out = pg.run(line, None);
        assert!(!out.failed, "{line}: {}", out.stderr);
    }
    pg
}

#[test]
fn lines_go_to_the_container_until_exit() {
    let mut pg = cluster();
    assert_eq!(pg.prompt(), "$ ");
    let out = pg.run("kubectl exec -it bb -- sh", None);
    assert!(!out.failed, "{}", out.stderr);
    assert_eq!((pg.prompt().as_str(), pg.attached_to()), ("/ # ", Some(("bb", "bb"))));
    // The container has no kubectl, and its $? is its own.
    let out = pg.run("kubectl get pods", None);
    assert_eq!((out.stderr.as_str(), out.status()), ("sh: kubectl: not found\n", 127));
    assert_eq!(pg.run("cd /tmp", None).shown(), "");
    assert_eq!(pg.prompt(), "/tmp # ");
    assert_eq!(pg.run("echo $?", None).stdout, "0\n");
    let out = pg.run("exit 5", None);
    assert_eq!((out.stderr.as_str(), out.status()), ("command terminated with exit code 5\n", 5));
    assert_eq!((pg.prompt().as_str(), pg.attached_to()), ("$ ", None));
    // The user's shell sees kubectl's exit status.
    assert_eq!(pg.run("echo $?", None).stdout, "5\n");
    assert!(pg.run("kubectl get pod bb", None).stdout.contains("Running"));
}

#[test]
fn run_outcome_routes_the_same_way() {
    let mut pg = cluster();
    pg.run("kubectl run -it --rm tmp --image=busybox:1.28 --restart=Never -- sh", None);
    assert_eq!(pg.prompt(), "/ # ");
    match pg.run_outcome("hostname") {
        crate::RunOutcome::Printed(out) => assert_eq!(out.stdout, "tmp\n"),
        _ => panic!("hostname printed nothing"),
    }
    let out = pg.end_of_input().expect("attached");
    assert_eq!(out.stdout, "pod \"tmp\" deleted\n");
    assert_eq!(pg.prompt(), "$ ");
    assert!(pg.end_of_input().is_none());
}

#[test]
fn a_line_after_the_container_ended_is_the_users_own() {
    let mut pg = cluster();
    pg.run("kubectl exec -it bb -- sh", None);
    // Back before the pod existed: the session finds it gone.
    assert!(pg.jump(0));
    let out = pg.run("kubectl get pods", None);
    assert_eq!(pg.prompt(), "$ ");
    assert!(out.stderr.starts_with("command terminated with exit code 137\n"), "{}", out.stderr);
    assert!(out.stderr.contains("No resources found in default namespace."), "{}", out.stderr);
}

#[test]
fn a_run_whose_pod_went_away_ends_as_kubectl_run_does() {
    let mut pg = cluster();
    let before = pg.position().0;
    pg.run("kubectl run -it --rm tmp --image=busybox:1.28 --restart=Never -- sh", None);
    assert_eq!(pg.prompt(), "/ # ");
    assert!(pg.jump(before));
    let out = pg.run("echo back", None);
    assert_eq!(pg.prompt(), "$ ");
    assert_eq!(out.stderr, "Error from server (NotFound): pods \"tmp\" not found\n");
    assert_eq!(out.stdout, "back\n");
}
