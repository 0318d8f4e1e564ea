//! Scenario tests for the workload controllers (issue 9's "Done when"
//! stories): Jobs, DaemonSets, StatefulSets, CronJobs, HPAs, PDBs, run on
//! the default cluster through the engine.

use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta};
use std::collections::BTreeMap;

fn labels(app: &str) -> BTreeMap<String, String> {
    BTreeMap::from([("app".to_string(), app.to_string())])
}

fn container(image: &str) -> Container {
    Container { name: "main".into(), image: Some(image.into()), ..Default::default() }
}

fn apply(e: &mut Engine, obj: Object) {
    let key = obj.key();
    e.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
}

fn update(e: &mut Engine, obj: Object) {
    let key = obj.key();
    e.user("update", key, |ctx| ctx.update(obj).map(|_| ())).unwrap();
}

/// Containers of `image` exit with `code` after `after_ms` of running.
fn image_exits(e: &mut Engine, image: &str, after_ms: i64, code: i32) {
    let key = ObjectKey::new(Kind::Namespace, "", "default");
    e.user("sim", key, |ctx| ctx.world_mut().sim.set_image_exit(image, after_ms, code));
}

fn pods(e: &Engine, ns: &str) -> Vec<Pod> {
    e.store().list(Kind::Pod, Some(ns)).filter_map(|p| p.as_pod().cloned()).collect()
}

fn events(e: &Engine, reason: &str) -> Vec<Event> {
    e.store().list(Kind::Event, None).filter_map(|o| o.as_event().cloned()).filter(|ev| ev.reason.as_deref() == Some(reason)).collect()
}

// ---------------------------------------------------------------- Job

fn job(name: &str, image: &str, completions: Option<i32>, parallelism: Option<i32>) -> Job {
    Job {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: JobSpec {
            completions,
            parallelism,
            template: PodTemplateSpec {
                metadata: ObjectMeta::default(),
                spec: PodSpec { containers: vec![container(image)], restart_policy: Some("Never".into()), ..Default::default() },
            },
            ..Default::default()
        },
        status: Default::default(),
    }
}

fn get_job(e: &Engine, name: &str) -> Job {
    e.store().get_by(Kind::Job, "default", name).and_then(|o| o.as_job().cloned()).unwrap()
}

fn cond<'a>(j: &'a Job, t: &str) -> Option<&'a kubeplay_model::Condition> {
    j.status.conditions.iter().find(|c| c.type_ == t)
}

#[test]
fn job_with_five_completions_two_at_a_time_finishes_with_five_completed_pods() {
    let mut e = Engine::with_default_cluster(11);
    image_exits(&mut e, "busybox:1.36", 5_000, 0);
    apply(&mut e, Object::Job(job("pi", "busybox:1.36", Some(5), Some(2))));
    let mut max_running = 0;
    while e.step().is_some() {
        let running = pods(&e, "default").iter().filter(|p| p.is_active()).count();
        max_running = max_running.max(running);
        if e.now().millis() > kubeplay_model::time::EPOCH.millis() + 600_000 {
            break;
        }
    }
    assert!(max_running <= 2, "never more than parallelism pods run: {max_running}");
    let j = get_job(&e, "pi");
    assert_eq!(j.status.succeeded, Some(5));
    assert_eq!(j.status.active, Some(0));
    assert_eq!(j.status.failed, Some(0));
    let complete = cond(&j, "Complete").expect("Complete condition");
    assert_eq!((complete.status.as_str(), complete.reason.as_deref()), ("True", Some("CompletionsReached")));
    assert!(cond(&j, "SuccessCriteriaMet").is_some_and(|c| c.is_true()));
    assert!(j.status.completion_time.is_some() && j.status.start_time.is_some());
    let ps = pods(&e, "default");
    assert_eq!(ps.len(), 5);
    assert!(ps.iter().all(|p| p.phase() == "Succeeded" && p.metadata.finalizers.is_empty()));
    assert!(ps.iter().all(|p| p.metadata.name.starts_with("pi-") && p.metadata.name.len() == "pi-".len() + 5));
    assert_eq!(events(&e, "Completed").len(), 1);
    assert_eq!(events(&e, "Completed")[0].message.as_deref(), Some("Job completed"));
    assert_eq!(events(&e, "SuccessfulCreate").iter().filter(|ev| ev.message.as_deref().is_some_and(|m| m.starts_with("Created pod: pi-"))).count(), 5);
}

#[test]
fn failing_job_stops_at_backoff_limit_with_growing_back_off() {
    let mut e = Engine::with_default_cluster(12);
    image_exits(&mut e, "fail:1", 1_000, 1);
    let mut j = job("fails", "fail:1", None, None);
    j.spec.backoff_limit = Some(2);
    apply(&mut e, Object::Job(j));
    e.settle(30 * 60_000);
    let j = get_job(&e, "fails");
    assert_eq!(j.status.failed, Some(3), "backoffLimit 2 allows 3 failed pods");
    assert_eq!(j.status.succeeded, Some(0));
    let failed = cond(&j, "Failed").expect("Failed condition");
    assert_eq!(failed.reason.as_deref(), Some("BackoffLimitExceeded"));
    assert_eq!(failed.message.as_deref(), Some("Job has reached the specified backoff limit"));
    assert!(cond(&j, "FailureTarget").is_some_and(|c| c.is_true()));
    let warn = events(&e, "BackoffLimitExceeded");
    assert_eq!(warn.len(), 1);
    assert_eq!(warn[0].type_.as_deref(), Some("Warning"));
    // Each replacement waits 10 s, then 20 s, after the previous failure.
    let mut ps = pods(&e, "default");
    ps.sort_by_key(|p| p.metadata.creation_timestamp);
    assert_eq!(ps.len(), 3);
    let finished = |p: &Pod| p.status.container_statuses[0].state.terminated.as_ref().and_then(|t| t.finished_at).unwrap();
    for (i, wait) in [(0, 10_000), (1, 20_000)] {
        let gap = ps[i + 1].metadata.creation_timestamp.unwrap().millis() - finished(&ps[i]).millis();
        assert!((wait..wait + 1_000).contains(&gap), "pod {} replaced after {gap} ms", i + 1);
    }
}

#[test]
fn on_failure_restarts_in_place_and_counts_restarts_against_the_limit() {
    let mut e = Engine::with_default_cluster(13);
    image_exits(&mut e, "crash:1", 1_000, 3);
    let mut j = job("crashy", "crash:1", None, None);
    j.spec.backoff_limit = Some(2);
    j.spec.template.spec.restart_policy = Some("OnFailure".into());
    apply(&mut e, Object::Job(j));
    e.settle(30 * 60_000);
    let j = get_job(&e, "crashy");
    assert_eq!(cond(&j, "Failed").and_then(|c| c.reason.as_deref()), Some("BackoffLimitExceeded"));
    // One pod, restarted in place; it is deleted when the Job fails and counted as failed.
    assert_eq!(j.status.failed, Some(1));
    assert!(pods(&e, "default").is_empty(), "the restarting pod was deleted when the Job failed");
    let creates = events(&e, "SuccessfulCreate").iter().filter(|ev| ev.message.as_deref().is_some_and(|m| m.starts_with("Created pod: crashy-"))).count();
    assert_eq!(creates, 1);
}

#[test]
fn indexed_job_gives_each_pod_its_index() {
    let mut e = Engine::with_default_cluster(14);
    image_exits(&mut e, "work:1", 3_000, 0);
    let mut j = job("idx", "work:1", Some(3), Some(3));
    j.spec.completion_mode = Some("Indexed".into());
    apply(&mut e, Object::Job(j));
    e.settle(DEFAULT_SETTLE_MS);
    let j = get_job(&e, "idx");
    assert_eq!(j.status.completed_indexes.as_deref(), Some("0-2"));
    assert_eq!(j.status.succeeded, Some(3));
    let mut ps = pods(&e, "default");
    ps.sort_by(|a, b| a.metadata.name.cmp(&b.metadata.name));
    for (i, p) in ps.iter().enumerate() {
        assert!(p.metadata.name.starts_with(&format!("idx-{i}-")), "{}", p.metadata.name);
        assert_eq!(p.metadata.annotation("batch.kubernetes.io/job-completion-index"), Some(i.to_string().as_str()));
        assert_eq!(p.metadata.label("batch.kubernetes.io/job-completion-index"), Some(i.to_string().as_str()));
        assert_eq!(p.spec.hostname.as_deref(), Some(format!("idx-{i}").as_str()));
        assert!(p.spec.containers[0].env.iter().any(|v| v.name == "JOB_COMPLETION_INDEX"));
    }
}

#[test]
fn active_deadline_fails_a_long_job() {
    let mut e = Engine::with_default_cluster(15);
    let mut j = job("slow", "server:1", Some(1), Some(1));
    j.spec.active_deadline_seconds = Some(30);
    apply(&mut e, Object::Job(j));
    e.settle(DEFAULT_SETTLE_MS);
    let j = get_job(&e, "slow");
    let failed = cond(&j, "Failed").expect("Failed");
    assert_eq!(failed.reason.as_deref(), Some("DeadlineExceeded"));
    assert_eq!(failed.message.as_deref(), Some("Job was active longer than specified deadline"));
    let start = j.status.start_time.unwrap();
    let target = cond(&j, "FailureTarget").unwrap().last_transition_time.unwrap();
    assert_eq!(target.millis() - start.millis(), 30_000);
    assert_eq!(j.status.failed, Some(1));
    assert!(pods(&e, "default").is_empty());
}

#[test]
fn suspend_deletes_pods_and_resume_restarts_them() {
    let mut e = Engine::with_default_cluster(16);
    apply(&mut e, Object::Job(job("sus", "server:1", Some(4), Some(2))));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(pods(&e, "default").iter().filter(|p| p.is_active()).count(), 2);
    let mut j = get_job(&e, "sus");
    j.spec.suspend = Some(true);
    update(&mut e, Object::Job(j));
    e.settle(DEFAULT_SETTLE_MS);
    let j = get_job(&e, "sus");
    assert_eq!(j.status.active, Some(0));
    let c = cond(&j, "Suspended").unwrap();
    assert_eq!((c.status.as_str(), c.reason.as_deref(), c.message.as_deref()), ("True", Some("JobSuspended"), Some("Job suspended")));
    assert!(pods(&e, "default").iter().all(|p| !p.is_active()));
    let mut j = get_job(&e, "sus");
    j.spec.suspend = Some(false);
    update(&mut e, Object::Job(j));
    e.settle(DEFAULT_SETTLE_MS);
    let j = get_job(&e, "sus");
    let c = cond(&j, "Suspended").unwrap();
    assert_eq!((c.status.as_str(), c.reason.as_deref()), ("False", Some("JobResumed")));
    assert_eq!(j.status.active, Some(2));
    assert_eq!(events(&e, "Resumed").len(), 1);
}

#[test]
fn ttl_after_finished_deletes_the_job_and_its_pods() {
    let mut e = Engine::with_default_cluster(17);
    image_exits(&mut e, "quick:1", 1_000, 0);
    let mut j = job("ttl", "quick:1", None, None);
    j.spec.ttl_seconds_after_finished = Some(60);
    apply(&mut e, Object::Job(j));
    e.settle(30_000);
    let j = get_job(&e, "ttl");
    let done = cond(&j, "Complete").unwrap().last_transition_time.unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get_by(Kind::Job, "default", "ttl").is_none());
    assert!(pods(&e, "default").is_empty());
    assert!(e.now().millis() >= done.plus_secs(60).millis());
}

#[test]
fn pod_failure_policy_fail_job_rule() {
    let mut e = Engine::with_default_cluster(18);
    image_exits(&mut e, "bad:1", 1_000, 42);
    let mut j = job("pfp", "bad:1", Some(1), Some(1));
    j.spec.pod_failure_policy = Some(serde_json::json!({"rules": [{"action": "FailJob", "onExitCodes": {"containerName": "main", "operator": "In", "values": [42]}}]}));
    apply(&mut e, Object::Job(j));
    e.settle(DEFAULT_SETTLE_MS);
    let j = get_job(&e, "pfp");
    let failed = cond(&j, "Failed").expect("Failed");
    assert_eq!(failed.reason.as_deref(), Some("PodFailurePolicy"));
    let pod = &pods(&e, "default")[0];
    assert_eq!(
        failed.message.clone().unwrap(),
        format!("Container main for pod default/{} failed with exit code 42 matching FailJob rule at index 0", pod.metadata.name)
    );
    assert_eq!(j.status.failed, Some(1));
}

#[test]
fn backoff_limit_per_index_fails_only_that_index() {
    let mut e = Engine::with_default_cluster(19);
    image_exits(&mut e, "flaky:1", 1_000, 1);
    let mut j = job("perindex", "flaky:1", Some(2), Some(2));
    j.spec.completion_mode = Some("Indexed".into());
    j.spec.backoff_limit_per_index = Some(1);
    apply(&mut e, Object::Job(j));
    e.settle(30 * 60_000);
    let j = get_job(&e, "perindex");
    assert_eq!(j.status.failed_indexes.as_deref(), Some("0,1"));
    assert_eq!(j.status.failed, Some(4), "each index fails twice with backoffLimitPerIndex 1");
    assert_eq!(cond(&j, "Failed").and_then(|c| c.reason.as_deref()), Some("FailedIndexes"));
    let counts: Vec<String> = pods(&e, "default").iter().filter_map(|p| p.metadata.annotation("batch.kubernetes.io/job-index-failure-count").map(String::from)).collect();
    assert_eq!(counts.iter().filter(|c| *c == "1").count(), 2, "{counts:?}");
}

// ---------------------------------------------------------------- DaemonSet

fn daemonset(name: &str, image: &str) -> DaemonSet {
    DaemonSet {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: DaemonSetSpec {
            selector: Some(kubeplay_model::LabelSelector { match_labels: labels(name), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels(name), ..Default::default() },
                spec: PodSpec { containers: vec![container(image)], ..Default::default() },
            },
            ..Default::default()
        },
        status: Default::default(),
    }
}

fn get_ds(e: &Engine, ns: &str, name: &str) -> DaemonSet {
    e.store().get_by(Kind::DaemonSet, ns, name).and_then(|o| o.as_daemon_set().cloned()).unwrap()
}

fn owned_pods(e: &Engine, ns: &str, owner: &str) -> Vec<Pod> {
    pods(e, ns).into_iter().filter(|p| p.metadata.controller_ref().is_some_and(|r| r.name == owner)).collect()
}

#[test]
fn daemonset_runs_one_pod_per_worker_and_none_on_the_control_plane() {
    let mut e = Engine::with_default_cluster(21);
    apply(&mut e, Object::DaemonSet(daemonset("fluentd", "fluentd:v1")));
    e.settle(DEFAULT_SETTLE_MS);
    let ps = owned_pods(&e, "default", "fluentd");
    let mut nodes: Vec<&str> = ps.iter().filter_map(|p| p.node_name()).collect();
    nodes.sort();
    assert_eq!(nodes, ["kubeplay-worker", "kubeplay-worker2", "kubeplay-worker3"]);
    for p in &ps {
        assert!(p.is_ready());
        let pinned = kubeplay_engine::controllers::daemonset::eligibility::target_node(&p.spec);
        assert_eq!(pinned.as_deref(), p.node_name(), "pinned by node affinity on metadata.name");
        assert!(p.spec.tolerations.iter().any(|t| t.key.as_deref() == Some("node.kubernetes.io/unschedulable")));
        assert!(p.metadata.label("controller-revision-hash").is_some());
    }
    let ds = get_ds(&e, "default", "fluentd");
    let s = &ds.status;
    assert_eq!((s.desired_number_scheduled, s.current_number_scheduled, s.number_ready), (3, 3, 3));
    assert_eq!((s.updated_number_scheduled, s.number_available, s.number_unavailable), (Some(3), Some(3), Some(0)));
    assert_eq!(s.number_misscheduled, 0);
    // kube-proxy tolerates everything: it runs on all four nodes, as in kind.
    let proxy = get_ds(&e, "kube-system", "kube-proxy");
    assert_eq!((proxy.status.desired_number_scheduled, proxy.status.number_ready), (4, 4));
}

#[test]
fn daemonset_gains_a_pod_when_a_node_is_added() {
    let mut e = Engine::with_default_cluster(22);
    apply(&mut e, Object::DaemonSet(daemonset("agent", "agent:v1")));
    e.settle(DEFAULT_SETTLE_MS);
    let input = kubeplay_engine::bootstrap::NodeSpecInput::worker("kubeplay-worker4", "zone-a");
    let node = kubeplay_engine::bootstrap::make_node(&input, 4, e.now());
    apply(&mut e, Object::Node(node));
    e.settle(DEFAULT_SETTLE_MS);
    let ps = owned_pods(&e, "default", "agent");
    assert_eq!(ps.len(), 4);
    assert!(ps.iter().any(|p| p.node_name() == Some("kubeplay-worker4") && p.is_ready()));
    assert_eq!(get_ds(&e, "default", "agent").status.desired_number_scheduled, 4);
}

#[test]
fn daemonset_rolling_update_replaces_one_node_at_a_time() {
    let mut e = Engine::with_default_cluster(23);
    apply(&mut e, Object::DaemonSet(daemonset("agent", "agent:v1")));
    e.settle(DEFAULT_SETTLE_MS);
    let mut ds = get_ds(&e, "default", "agent");
    ds.spec.template.spec.containers[0].image = Some("agent:v2".into());
    update(&mut e, Object::DaemonSet(ds));
    let mut steps = 0;
    while e.step().is_some() && steps < 20_000 {
        steps += 1;
        let ready = owned_pods(&e, "default", "agent").iter().filter(|p| p.is_active() && p.is_ready()).count();
        assert!(ready >= 2, "maxUnavailable 1 of 3: {ready} ready at step {steps}");
    }
    let ps: Vec<Pod> = owned_pods(&e, "default", "agent").into_iter().filter(|p| p.is_active()).collect();
    assert_eq!(ps.len(), 3);
    assert!(ps.iter().all(|p| p.spec.containers[0].image.as_deref() == Some("agent:v2")));
    let revs = e.store().list(Kind::ControllerRevision, Some("default")).count();
    assert_eq!(revs, 2, "one ControllerRevision per template");
    assert_eq!(get_ds(&e, "default", "agent").status.updated_number_scheduled, Some(3));
}

#[test]
fn daemonset_on_delete_waits_for_the_user() {
    let mut e = Engine::with_default_cluster(24);
    let mut ds = daemonset("agent", "agent:v1");
    ds.spec.update_strategy = Some(DaemonSetUpdateStrategy { type_: Some("OnDelete".into()), rolling_update: None });
    apply(&mut e, Object::DaemonSet(ds));
    e.settle(DEFAULT_SETTLE_MS);
    let mut ds = get_ds(&e, "default", "agent");
    ds.spec.template.spec.containers[0].image = Some("agent:v2".into());
    update(&mut e, Object::DaemonSet(ds));
    e.settle(DEFAULT_SETTLE_MS);
    let ps = owned_pods(&e, "default", "agent");
    assert!(ps.iter().all(|p| p.spec.containers[0].image.as_deref() == Some("agent:v1")));
    assert_eq!(get_ds(&e, "default", "agent").status.updated_number_scheduled, Some(0));
    let victim = ps[0].metadata.name.clone();
    let key = ObjectKey::new(Kind::Pod, "default", &victim);
    e.user("delete", key.clone(), |ctx| ctx.delete(&key, Default::default()).map(|_| ())).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let ps = owned_pods(&e, "default", "agent");
    assert_eq!(ps.len(), 3);
    assert_eq!(ps.iter().filter(|p| p.spec.containers[0].image.as_deref() == Some("agent:v2")).count(), 1);
    assert_eq!(get_ds(&e, "default", "agent").status.updated_number_scheduled, Some(1));
}
