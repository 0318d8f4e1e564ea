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

#[test]
fn an_endless_request_loop_becomes_a_job_until_ctrl_c() {
    let mut pg = cluster();
    let line = r#"kubectl run -i --tty lg --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while sleep 0.01; do wget -q -O- http://web; done""#;
    let out = pg.run(line, None);
    assert!(!out.failed, "{}", out.stderr);
    assert!(out.stderr.contains("job [1]"), "{}", out.stderr);
    // The terminal is the user's again, with the run as a job.
    assert_eq!((pg.prompt().as_str(), pg.attached_to()), ("$ ", None));
    assert!(pg.run("jobs", None).stdout.starts_with("[1]+  Running"));
    assert!(pg.run("kubectl get pod lg", None).stdout.contains("Running"));
    // The page's Ctrl-C at an empty prompt stands for this line.
    assert_eq!(pg.interrupt_line().as_deref(), Some("kill -INT %1"));
    // kill -INT is Ctrl-C: the loop dies of SIGINT, --rm deletes the pod.
    let out = pg.run("kill -INT %1", None);
    assert_eq!(out.stdout, "pod \"lg\" deleted\n");
    assert!(out.stderr.starts_with("pod default/lg terminated (Error)"), "{}", out.stderr);
    assert_eq!(pg.run("jobs", None).stdout, "");
    assert_eq!(pg.interrupt_line(), None);
    assert!(pg.run("kubectl get pod lg", None).failed);
}

#[test]
fn another_signal_ends_kubectl_and_leaves_the_loop() {
    let mut pg = cluster();
    pg.run(r#"kubectl run -it lg --rm --image=busybox:1.28 --restart=Never -- sh -c "while true; do wget -q -O- http://web; done""#, None);
    let out = pg.run("kill %1", None);
    assert!(out.stderr.contains("Terminated"), "{}", out.stderr);
    assert!(pg.run("kubectl get pod lg", None).stdout.contains("Running"));
    // Deleted from elsewhere, a later loop's job ends with its pod.
    pg.run(r#"kubectl run -it lg2 --rm --image=busybox:1.28 --restart=Never -- sh -c "while true; do wget -q -O- http://web; done""#, None);
    pg.run("kubectl delete pod lg2 --wait=false", None);
    pg.run("sim settle", None);
    assert_eq!(pg.run("jobs", None).stdout, "");
    // Without -t, Ctrl-C (SIGINT) ends kubectl, not the loop.
    let out = pg.run(r#"kubectl run -i lg3 --rm --image=busybox:1.28 --restart=Never -- sh -c "while true; do echo hi; sleep 5; done""#, None);
    assert_eq!(out.stdout, "hi\n");
    // Its terminal would not pass a Ctrl-C on: the page's Ctrl-C has nothing to stop.
    assert_eq!(pg.interrupt_line(), None);
    assert!(out.stderr.contains("kubectl delete pod lg3 ends it"), "{}", out.stderr);
    let out = pg.run("kill -INT %1", None);
    assert!(out.stderr.contains("Interrupt"), "{}", out.stderr);
    assert!(pg.run("kubectl get pod lg3", None).stdout.contains("Running"));
}

#[test]
fn a_mysql_client_shows_its_prompt_until_exit() {
    let mut pg = cluster();
    // A server behind the Service, once mysqld takes connections.
    for line in ["kubectl run mysql --image=mysql:5.6 --env=MYSQL_ROOT_PASSWORD=password --port=3306 --expose", "sim advance 30s"] {
        let out = pg.run(line, None);
        assert!(!out.failed, "{line}: {}", out.stderr);
    }
    let out = pg.run("kubectl run -it --rm --image=mysql:5.6 --restart=Never mysql-client -- mysql -h mysql -ppassword", None);
    assert!(!out.failed, "{}", out.stderr);
    assert_eq!(pg.prompt(), "mysql> ");
    let out = pg.run("SELECT 1;", None);
    assert_eq!(out.stdout, "+---+\n| 1 |\n+---+\n| 1 |\n+---+\n1 row in set (0.00 sec)\n\n");
    let out = pg.run("SELECT * FROM test.t;", None);
    assert_eq!(out.stderr, "ERROR 1049 (42000): Unknown database 'test'\n");
    assert_eq!(pg.prompt(), "mysql> ");
    assert_eq!(pg.run("", None).shown(), "");
    let out = pg.run("exit", None);
    assert_eq!(out.stdout, "Bye\npod \"mysql-client\" deleted\n");
    assert_eq!(pg.prompt(), "$ ");
    // Ctrl-D says Bye too.
    pg.run("kubectl run -it --rm --image=mysql:5.6 --restart=Never c2 -- mysql -h mysql", None);
    let out = pg.end_of_input().expect("attached");
    assert_eq!(out.stdout, "Bye\npod \"c2\" deleted\n");
    // A Service no pod answers for: refused.
    pg.run("kubectl create service clusterip nodb --tcp=3306", None);
    let out = pg.run("kubectl run -it --rm --image=mysql:5.6 --restart=Never c4 -- mysql -h nodb", None);
    assert!(out.stderr.contains("ERROR 2003 (HY000): Can't connect to MySQL server on 'nodb' (111)"), "{}", out.stderr);
    // No server by that name: mysql's error and exit code 1.
    let out = pg.run("kubectl run -it --rm --image=mysql:5.6 --restart=Never c3 -- mysql -h nope", None);
    assert!(out.stderr.contains("ERROR 2005 (HY000): Unknown MySQL server host 'nope' (-2)"), "{}", out.stderr);
    assert_eq!((out.status(), pg.prompt().as_str()), (1, "$ "));
}
