//! Every limit a user can hit through the terminal ends in a clear message
//! (an error, or a note saying what was capped), never in a frozen tab.

use kubeplay_playground::{Playground, MAX_LINE};

const CAP_MESSAGE: &str = "spec.replicas: Invalid value: 100000000: must be less than or equal to 100000 in the playground";

fn deployment(name: &str, replicas: &str) -> String {
    format!(
        "apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
spec:
  replicas: {replicas}
  selector:
    matchLabels:
      app: {name}
  template:
    metadata:
      labels:
        app: {name}
    spec:
      containers:
      - name: web
        image: nginx
"
    )
}

#[test]
fn a_hundred_million_replicas_are_refused_at_apply() {
    let mut pg = Playground::new(1);
    let out = pg.apply(&deployment("big", "100000000"));
    assert!(out.failed, "{out:?}");
    assert!(out.stderr.contains(&format!("The Deployment \"big\" is invalid: {CAP_MESSAGE}")), "{}", out.stderr);
    assert!(pg.engine().store().get_by(kubeplay_model::Kind::Deployment, "default", "big").is_none());
}

#[test]
fn an_update_to_a_hundred_million_replicas_is_refused_and_the_old_spec_kept() {
    let mut pg = Playground::new(1);
    assert!(!pg.apply(&deployment("web", "2")).failed);
    let out = pg.apply(&deployment("web", "100000000"));
    assert!(out.failed && out.stderr.contains(CAP_MESSAGE), "{out:?}");
    let kept = pg.engine().store().get_by(kubeplay_model::Kind::Deployment, "default", "web").and_then(|o| o.as_deployment().and_then(|d| d.spec.replicas));
    assert_eq!(kept, Some(2));
    assert!(!pg.apply(&deployment("web", "5")).failed);
}

#[test]
fn a_hundred_million_replicas_are_refused_by_create_and_scale() {
    let mut pg = Playground::new(1);
    let out = pg.run("kubectl create deployment big --image=nginx --replicas=100000000", None);
    assert!(out.failed && out.stderr.contains(CAP_MESSAGE), "{out:?}");

    assert!(!pg.apply(&deployment("web", "2")).failed);
    let out = pg.run("kubectl scale deployment web --replicas=100000000", None);
    assert!(out.failed && out.stderr.contains(CAP_MESSAGE), "{out:?}");
    let out = pg.run("kubectl scale deployment web --replicas=5", None);
    assert!(!out.failed, "{out:?}");
}

#[test]
fn statefulset_and_replicaset_replicas_are_capped_too() {
    let mut pg = Playground::new(1);
    for kind in ["StatefulSet", "ReplicaSet"] {
        let manifest = deployment("big", "100000000").replace("kind: Deployment", &format!("kind: {kind}"));
        let out = pg.apply(&manifest);
        assert!(out.failed, "{kind}: {out:?}");
        assert!(out.stderr.contains(&format!("The {kind} \"big\" is invalid: {CAP_MESSAGE}")), "{kind}: {}", out.stderr);
    }
}

#[test]
fn an_over_long_command_line_is_an_error() {
    let mut pg = Playground::new(1);
    let line = format!("kubectl get pods -l app={}", "a".repeat(MAX_LINE));
    let out = pg.run(&line, None);
    assert!(out.failed);
    assert_eq!(out.stderr, format!("error: the command line is longer than {MAX_LINE} bytes\n"));
}

#[test]
fn an_oversized_manifest_is_an_error() {
    let mut pg = Playground::new(1);
    let huge = format!("{}# {}\n", deployment("web", "1"), "x".repeat(5 << 20));
    let out = pg.apply(&huge);
    assert!(out.failed, "{:?}", &out.stderr);
    assert!(out.stderr.contains("bytes"), "names the size limit: {}", out.stderr);
    assert!(pg.engine().store().get_by(kubeplay_model::Kind::Deployment, "default", "web").is_none());
}

#[test]
fn too_many_objects_in_one_paste_is_an_error() {
    let mut pg = Playground::new(1);
    let many: String = (0..1001).map(|i| format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c{i}\n---\n")).collect();
    let out = pg.apply(&many);
    assert!(out.failed, "{:?}", out.stdout.len());
    assert!(out.stderr.contains("1000"), "names the object limit: {}", out.stderr);
}

#[test]
#[ignore = "10,000 real steps: about a minute in a debug build (cargo test -- --ignored)"]
fn sim_step_says_when_it_capped_the_count() {
    let mut pg = Playground::new(1);
    assert!(!pg.apply(&deployment("web", "5000")).failed);
    let out = pg.run("sim step 20000", None);
    assert!(!out.failed, "{}", out.stderr);
    assert_eq!(out.stdout.matches("\n#").count() + 1, 10_000, "ran exactly the cap");
    assert!(out.stderr.contains("ran the most steps one command may run (10000)"), "{}", out.stderr);
}

/// The store holds at most `MAX_OBJECTS`; the next create is refused with
/// the API server's RequestEntityTooLarge, and nothing is lost.
#[test]
#[ignore = "fills the store: about 10 s and 1.8 GB in a debug build (cargo test -- --ignored)"]
fn the_store_refuses_objects_past_its_cap() {
    use kubeplay_apiserver::{Store, WriteCtx, MAX_OBJECTS};
    use kubeplay_model::api::ConfigMap;
    use kubeplay_model::{Object, ObjectMeta};
    let mut store = Store::new();
    let mut n = 0u64;
    let mut rng = move || {
        n += 1;
        n
    };
    let mut ctx = WriteCtx { now: kubeplay_model::time::EPOCH, rng: &mut rng };
    let ns = |name: String| Object::Namespace(Box::new(kubeplay_model::api::Namespace { metadata: ObjectMeta { name, ..Default::default() }, ..Default::default() }));
    store.create(ns("default".into()), &mut ctx).unwrap();
    let cm = |i: usize| Object::ConfigMap(Box::new(ConfigMap { metadata: ObjectMeta { name: format!("c{i}"), namespace: "default".into(), ..Default::default() }, ..Default::default() }));
    for i in 1..MAX_OBJECTS {
        store.create(cm(i), &mut ctx).unwrap();
    }
    assert_eq!(store.len(), MAX_OBJECTS);
    let err = store.create(cm(0), &mut ctx).unwrap_err();
    assert_eq!(err.reason(), "RequestEntityTooLarge");
    assert_eq!(err.to_string(), format!("the playground holds at most {MAX_OBJECTS} objects"));
    assert_eq!(store.len(), MAX_OBJECTS);
}

#[test]
fn job_parallelism_and_completions_and_autoscaler_maximum_are_capped() {
    let mut pg = Playground::new(1);
    let job = "apiVersion: batch/v1
kind: Job
metadata:
  name: many
spec:
  parallelism: 100000000
  completions: 100001
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
";
    let out = pg.apply(job);
    assert!(out.failed, "{out:?}");
    assert!(
        // kubectl lists several causes one per line.
        out.stderr.contains("The Job \"many\" is invalid: \n* spec.parallelism: Invalid value: 100000000: must be less than or equal to 100000 in the playground\n* spec.completions: Invalid value: 100001: must be less than or equal to 100000 in the playground"),
        "{}",
        out.stderr
    );
    assert!(!pg.apply(&deployment("web", "2")).failed);
    let out = pg.run("kubectl autoscale deployment web --min=1 --max=100000000", None);
    assert!(out.failed, "{out:?}");
    assert!(out.stderr.contains("spec.maxReplicas: Invalid value: 100000000: must be less than or equal to 100000 in the playground"), "{}", out.stderr);
    assert!(pg.engine().store().get_by(kubeplay_model::Kind::HorizontalPodAutoscaler, "default", "web").is_none());
}
