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
    let behavior = kubeplay_engine::sim::ImageBehavior { exit_after: Some((after_ms / 1000, code)), ..Default::default() };
    e.sim_image(image, behavior).unwrap();
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
                spec: PodSpec { containers: vec![container(image)].into(), restart_policy: Some("Never".into()), ..Default::default() },
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
    apply(&mut e, Object::Job(Box::new(job("pi", "busybox:1.36", Some(5), Some(2)))));
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
    // active and failed are omitempty in batch/v1: zero is not written.
    assert_eq!((j.status.active, j.status.failed), (None, None));
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
    apply(&mut e, Object::Job(Box::new(j)));
    e.settle(30 * 60_000);
    let j = get_job(&e, "fails");
    assert_eq!(j.status.failed, Some(3), "backoffLimit 2 allows 3 failed pods");
    assert_eq!(j.status.succeeded, None, "succeeded is omitempty: zero is not written");
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
    apply(&mut e, Object::Job(Box::new(j)));
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
    apply(&mut e, Object::Job(Box::new(j)));
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
    apply(&mut e, Object::Job(Box::new(j)));
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
    apply(&mut e, Object::Job(Box::new(job("sus", "server:1", Some(4), Some(2)))));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(pods(&e, "default").iter().filter(|p| p.is_active()).count(), 2);
    let mut j = get_job(&e, "sus");
    j.spec.suspend = Some(true);
    update(&mut e, Object::Job(Box::new(j)));
    e.settle(DEFAULT_SETTLE_MS);
    let j = get_job(&e, "sus");
    assert_eq!(j.status.active, None, "active is omitempty: zero is not written");
    let c = cond(&j, "Suspended").unwrap();
    assert_eq!((c.status.as_str(), c.reason.as_deref(), c.message.as_deref()), ("True", Some("JobSuspended"), Some("Job suspended")));
    assert!(pods(&e, "default").iter().all(|p| !p.is_active()));
    let mut j = get_job(&e, "sus");
    j.spec.suspend = Some(false);
    update(&mut e, Object::Job(Box::new(j)));
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
    apply(&mut e, Object::Job(Box::new(j)));
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
    apply(&mut e, Object::Job(Box::new(j)));
    e.settle(DEFAULT_SETTLE_MS);
    let j = get_job(&e, "pfp");
    let failed = cond(&j, "Failed").expect("Failed");
    assert_eq!(failed.reason.as_deref(), Some("PodFailurePolicy"));
    let pod = &pods(&e, "default")[0];
    assert_eq!(
        failed.message.as_deref().unwrap(),
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
    apply(&mut e, Object::Job(Box::new(j)));
    e.settle(30 * 60_000);
    let j = get_job(&e, "perindex");
    assert_eq!(j.status.failed_indexes.as_deref(), Some("0,1"));
    assert_eq!(j.status.failed, Some(4), "each index fails twice with backoffLimitPerIndex 1");
    assert_eq!(cond(&j, "Failed").and_then(|c| c.reason.as_deref()), Some("FailedIndexes"));
    let counts: Vec<String> = pods(&e, "default").iter().filter_map(|p| p.metadata.annotation("batch.kubernetes.io/job-index-failure-count").map(String::from)).collect();
    assert_eq!(counts.iter().filter(|c| *c == "1").count(), 2, "{counts:?}");
}

/// One row of TestControllerSyncJob: the Job and its pods (given phases,
/// completion indexes for an Indexed Job) appear together, as upstream's
/// test fills the informers, and the Job controller syncs once. The pods
/// carry the Job's controller reference and tracking finalizer, as
/// upstream's test pods do, and sit on a node with no kubelet, so nothing
/// else changes them first. Returns (pods created, pods deleted, status).
fn first_job_sync(seed: u64, job: Job, pods_in: &[(&str, Option<&str>)]) -> (usize, usize, JobStatus) {
    let mut e = Engine::with_default_cluster(seed);
    let job_key = ObjectKey::new(Kind::Job, "default", "row");
    let pods_in: Vec<(String, Option<String>)> = pods_in.iter().map(|(p, i)| (p.to_string(), i.map(String::from))).collect();
    e.user("test: informers", job_key.clone(), |ctx| {
        let created = ctx.create(Object::Job(Box::new(job)))?;
        let job = created.as_job().cloned().unwrap();
        for (i, (phase, index)) in pods_in.iter().enumerate() {
            let mut p = Pod {
                metadata: ObjectMeta {
                    name: format!("row-{i}"),
                    namespace: "default".into(),
                    labels: job.spec.template.metadata.labels.clone(),
                    finalizers: vec!["batch.kubernetes.io/job-tracking".into()].into(),
                    owner_references: vec![kubeplay_model::OwnerReference {
                        api_version: "batch/v1".into(),
                        kind: "Job".into(),
                        name: "row".into(),
                        uid: job.metadata.uid.clone(),
                        controller: Some(true),
                        block_owner_deletion: Some(true),
                    }].into(),
                    ..Default::default()
                },
                spec: job.spec.template.spec.clone().into(),
                ..Default::default()
            };
            p.spec_mut().node_name = Some("no-kubelet".into());
            if let Some(ix) = index {
                p.metadata.annotations.insert("batch.kubernetes.io/job-completion-index".into(), ix.clone());
            }
            let made = ctx.create(Object::from(p))?;
            let mut status = made.as_pod().unwrap().status.clone();
            status.phase = Some(phase.as_str().into());
            if phase == "Failed" {
                // Upstream's test pods have a zero creation time, so their
                // failures are long past and no back-off delays the row.
                status.conditions.push(kubeplay_model::Condition { type_: "Ready".into(), status: "False".into(), last_transition_time: Some(kubeplay_model::Time::from_millis(0)), ..Default::default() });
            }
            ctx.update_pod_status(&made.key(), status.into_inner())?;
        }
        Ok::<(), kubeplay_apiserver::ApiError>(())
    })
    .unwrap();
    loop {
        let step = e.step().expect("the Job syncs").clone();
        if step.key == job_key && step.component == "job-controller" {
            let count = |v: kubeplay_engine::Verb| step.writes.iter().filter(|w| w.verb == v && w.key.kind == Kind::Pod).count();
            let (created, deleted) = (count(kubeplay_engine::Verb::Create), count(kubeplay_engine::Verb::Delete));
            return (created, deleted, get_job(&e, "row").status);
        }
    }
}

fn row_job(parallelism: i32, completions: i32, indexed: bool) -> Job {
    let mut j = job("row", "busybox:1.36", Some(completions), Some(parallelism));
    j.spec.backoff_limit = Some(6);
    if indexed {
        j.spec.completion_mode = Some("Indexed".into());
    }
    j
}

// TestControllerSyncJob rows (job_cronjob.md §A4) on the engine.
#[test]
fn sync_job_rows() {
    let (c, d, st) = first_job_sync(70, row_job(2, 5, false), &[("Running", None), ("Running", None), ("Running", None)]);
    assert_eq!((c, d, st.active), (0, 1, Some(2)), "too many active pods");
    let (c, d, st) = first_job_sync(71, row_job(3, 4, false), &[("Running", None), ("Running", None), ("Running", None), ("Succeeded", None), ("Succeeded", None)]);
    assert_eq!((c, d, st.active, st.succeeded), (0, 1, Some(2), Some(2)), "more active than remaining completions");
    let (c, d, st) = first_job_sync(72, row_job(2, 5, false), &[("Running", None), ("Succeeded", None), ("Failed", None)]);
    assert_eq!((c, d, st.active, st.succeeded, st.failed), (1, 0, Some(2), Some(1), Some(1)), "failed + succeed pods");
    let (c, d, st) = first_job_sync(73, row_job(2, 3, true), &[("Succeeded", Some("0")), ("Failed", Some("1")), ("Succeeded", Some("1")), ("Succeeded", Some("2"))]);
    assert_eq!((c, d, st.succeeded, st.failed, st.completed_indexes.as_deref()), (0, 0, Some(3), Some(1), Some("0-2")), "indexed job completed");
    let (c, d, st) = first_job_sync(74, row_job(2, 3, true), &[("Succeeded", Some("0")), ("Succeeded", Some("1")), ("Succeeded", Some("1"))]);
    assert_eq!((c, d, st.active, st.succeeded, st.completed_indexes.as_deref()), (1, 0, Some(1), Some(2), Some("0,1")), "indexed repeated completed index");
    let pods = [
        ("Running", Some("0")),
        ("Succeeded", Some("2")),
        ("Pending", Some("3")),
        ("Succeeded", Some("4")),
        ("Succeeded", Some("5")),
        ("Succeeded", Some("7")),
        ("Succeeded", Some("8")),
        ("Succeeded", Some("9")),
    ];
    let (c, d, st) = first_job_sync(75, row_job(8, 20, true), &pods);
    assert_eq!((c, d, st.active, st.succeeded, st.completed_indexes.as_deref()), (6, 0, Some(8), Some(6), Some("2,4,5,7-9")), "indexed some running and completed");
    let (c, d, st) = first_job_sync(76, row_job(3, 4, true), &[("Failed", Some("0")), ("Pending", Some("1")), ("Failed", Some("2"))]);
    assert_eq!((c, d, st.active, st.failed), (2, 0, Some(3), Some(2)), "indexed some failed pods");
    let (c, d, st) = first_job_sync(77, row_job(2, 5, true), &[("Succeeded", Some("0")), ("Running", Some("5")), ("Succeeded", Some("6")), ("Pending", Some("7")), ("Failed", Some("8"))]);
    assert_eq!((c, d, st.active, st.succeeded, st.failed, st.completed_indexes.as_deref()), (0, 2, None, Some(1), None, Some("0")), "indexed indexes out of range");
    let (c, d, st) = first_job_sync(78, row_job(5, 5, true), &[("Running", Some("invalid")), ("Succeeded", Some("0")), ("Running", Some("1")), ("Running", Some("2")), ("Pending", Some("2"))]);
    assert_eq!((c, d, st.active, st.succeeded, st.completed_indexes.as_deref()), (0, 2, Some(2), Some(1), Some("0")), "indexed repeated indexes");
    let mut suspended = row_job(2, 4, false);
    suspended.spec.suspend = Some(true);
    let (c, d, st) = first_job_sync(79, suspended, &[("Running", None), ("Running", None)]);
    assert_eq!((c, d, st.active), (0, 2, None), "suspending with satisfied expectations");
}

// ---------------------------------------------------------------- DaemonSet

fn daemonset(name: &str, image: &str) -> DaemonSet {
    DaemonSet {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: DaemonSetSpec {
            selector: Some(kubeplay_model::LabelSelector { match_labels: labels(name), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels(name).into(), ..Default::default() },
                spec: PodSpec { containers: vec![container(image)].into(), ..Default::default() },
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
    apply(&mut e, Object::DaemonSet(Box::new(daemonset("fluentd", "fluentd:v1"))));
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
    assert_eq!((s.updated_number_scheduled, s.number_available, s.number_unavailable), (Some(3), Some(3), None), "numberUnavailable 0 is omitted");
    assert_eq!(s.number_misscheduled, 0);
    // kube-proxy tolerates everything: it runs on all four nodes, as in kind.
    let proxy = get_ds(&e, "kube-system", "kube-proxy");
    assert_eq!((proxy.status.desired_number_scheduled, proxy.status.number_ready), (4, 4));
}

#[test]
fn daemonset_gains_a_pod_when_a_node_is_added() {
    let mut e = Engine::with_default_cluster(22);
    apply(&mut e, Object::DaemonSet(Box::new(daemonset("agent", "example/agent:v1"))));
    e.settle(DEFAULT_SETTLE_MS);
    let input = kubeplay_engine::bootstrap::NodeSpecInput::worker("kubeplay-worker4", "zone-a");
    let node = kubeplay_engine::bootstrap::make_node(&input, 4, e.now());
    apply(&mut e, Object::Node(Box::new(node)));
    e.settle(DEFAULT_SETTLE_MS);
    let ps = owned_pods(&e, "default", "agent");
    assert_eq!(ps.len(), 4);
    assert!(ps.iter().any(|p| p.node_name() == Some("kubeplay-worker4") && p.is_ready()));
    assert_eq!(get_ds(&e, "default", "agent").status.desired_number_scheduled, 4);
}

#[test]
fn daemonset_rolling_update_replaces_one_node_at_a_time() {
    let mut e = Engine::with_default_cluster(23);
    apply(&mut e, Object::DaemonSet(Box::new(daemonset("agent", "example/agent:v1"))));
    e.settle(DEFAULT_SETTLE_MS);
    let mut ds = get_ds(&e, "default", "agent");
    ds.spec.template.spec.containers[0].image = Some("example/agent:v2".into());
    update(&mut e, Object::DaemonSet(Box::new(ds)));
    let mut steps = 0;
    while e.step().is_some() && steps < 20_000 {
        steps += 1;
        let ready = owned_pods(&e, "default", "agent").iter().filter(|p| p.is_active() && p.is_ready()).count();
        assert!(ready >= 2, "maxUnavailable 1 of 3: {ready} ready at step {steps}");
    }
    let ps: Vec<Pod> = owned_pods(&e, "default", "agent").into_iter().filter(|p| p.is_active()).collect();
    assert_eq!(ps.len(), 3);
    assert!(ps.iter().all(|p| p.spec.containers[0].image.as_deref() == Some("example/agent:v2")));
    let revs = e.store().list(Kind::ControllerRevision, Some("default")).count();
    assert_eq!(revs, 2, "one ControllerRevision per template");
    assert_eq!(get_ds(&e, "default", "agent").status.updated_number_scheduled, Some(3));
}

#[test]
fn daemonset_on_delete_waits_for_the_user() {
    let mut e = Engine::with_default_cluster(24);
    let mut ds = daemonset("agent", "example/agent:v1");
    ds.spec.update_strategy = Some(DaemonSetUpdateStrategy { type_: Some("OnDelete".into()), rolling_update: None });
    apply(&mut e, Object::DaemonSet(Box::new(ds)));
    e.settle(DEFAULT_SETTLE_MS);
    let mut ds = get_ds(&e, "default", "agent");
    ds.spec.template.spec.containers[0].image = Some("example/agent:v2".into());
    update(&mut e, Object::DaemonSet(Box::new(ds)));
    e.settle(DEFAULT_SETTLE_MS);
    let ps = owned_pods(&e, "default", "agent");
    assert!(ps.iter().all(|p| p.spec.containers[0].image.as_deref() == Some("example/agent:v1")));
    assert_eq!(get_ds(&e, "default", "agent").status.updated_number_scheduled, None);
    let victim = ps[0].metadata.name.clone();
    let key = ObjectKey::new(Kind::Pod, "default", &victim);
    e.user("delete", key.clone(), |ctx| ctx.delete(&key, Default::default()).map(|_| ())).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let ps = owned_pods(&e, "default", "agent");
    assert_eq!(ps.len(), 3);
    assert_eq!(ps.iter().filter(|p| p.spec.containers[0].image.as_deref() == Some("example/agent:v2")).count(), 1);
    assert_eq!(get_ds(&e, "default", "agent").status.updated_number_scheduled, Some(1));
}

/// `failedPodsBackoff` end to end: a node whose daemon pod keeps failing
/// gets its failed pods deleted 1, 2, 4, 8 s apart at the least.
#[test]
fn daemonset_backs_off_deleting_failed_pods() {
    let mut e = Engine::with_default_cluster(25);
    let mut ds = daemonset("agent", "example/agent:1");
    ds.spec.template.spec.node_selector = BTreeMap::from([("kubernetes.io/hostname".to_string(), "kubeplay-worker".to_string())]);
    apply(&mut e, Object::DaemonSet(Box::new(ds)));
    e.settle(DEFAULT_SETTLE_MS);
    let mut deleted_at: Vec<i64> = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    let end = e.now().plus_secs(60);
    while e.now() < end {
        // Fail each new pod as soon as it runs.
        for p in owned_pods(&e, "default", "agent") {
            if p.phase() == "Running" && !failed.contains(&p.metadata.name) {
                failed.push(p.metadata.name.clone());
                finish_pod(&mut e, &p.metadata.name, "Failed");
            }
        }
        let before = events(&e, "FailedDaemonPod").len();
        if e.step_until(end).is_none() {
            break;
        }
        if events(&e, "FailedDaemonPod").len() > before {
            deleted_at.push(e.now().millis());
        }
    }
    assert!(deleted_at.len() >= 4, "{deleted_at:?}");
    let gaps: Vec<i64> = deleted_at.windows(2).map(|w| w[1] - w[0]).collect();
    for (i, gap) in gaps.iter().enumerate() {
        assert!(*gap >= 1_000 << i, "deletion {} came {gap} ms after the one before: {gaps:?}", i + 1);
    }
    let msg = events(&e, "FailedDaemonPod").into_iter().filter_map(|ev| ev.message).next().unwrap();
    assert_eq!(msg, format!("Found failed daemon pod default/{} on node kubeplay-worker, will try to kill it", failed[0]));
}

/// `getScaleController`: a budget that needs its pods' scale cannot get it
/// from a DaemonSet, which has no scale subresource.
#[test]
fn pdb_over_daemon_pods_reports_the_missing_scale_subresource() {
    let mut e = Engine::with_default_cluster(26);
    apply(&mut e, Object::DaemonSet(Box::new(daemonset("agent", "example/agent:1"))));
    e.settle(DEFAULT_SETTLE_MS);
    let pdb = PodDisruptionBudget {
        metadata: ObjectMeta { name: "agent".into(), namespace: "default".into(), ..Default::default() },
        spec: PdbSpec { max_unavailable: Some(kubeplay_model::IntOrString::Int(1)), selector: Some(kubeplay_model::LabelSelector { match_labels: labels("agent"), match_expressions: vec![] }), ..Default::default() },
        status: Default::default(),
    };
    apply(&mut e, Object::PodDisruptionBudget(Box::new(pdb)));
    e.settle(DEFAULT_SETTLE_MS);
    let s = e.store().get_by(Kind::PodDisruptionBudget, "default", "agent").and_then(|o| o.as_pdb().cloned()).unwrap().status;
    assert_eq!(s.disruptions_allowed, 0);
    let c = &s.conditions[0];
    assert_eq!((c.status.as_str(), c.reason.as_deref(), c.message.as_deref()), ("False", Some("SyncFailed"), Some("daemonsets.apps does not implement the scale subresource")));
    let ev = events(&e, "CalculateExpectedPodCountFailed").into_iter().filter_map(|ev| ev.message).next();
    assert_eq!(ev.as_deref(), Some("Failed to calculate the number of expected pods: daemonsets.apps does not implement the scale subresource"));
}

// ---------------------------------------------------------------- StatefulSet

fn statefulset(name: &str, replicas: i32, image: &str) -> StatefulSet {
    let mut claim = PersistentVolumeClaim::default();
    claim.metadata.name = "www".into();
    claim.spec.access_modes = vec!["ReadWriteOnce".into()];
    claim.spec.resources.requests.insert("storage".into(), kubeplay_model::Quantity::parse("1Gi").unwrap());
    StatefulSet {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: StatefulSetSpec {
            replicas: Some(replicas),
            selector: Some(kubeplay_model::LabelSelector { match_labels: labels("nginx"), match_expressions: vec![] }),
            service_name: "nginx".into(),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels("nginx").into(), ..Default::default() },
                spec: PodSpec { containers: vec![container(image)].into(), ..Default::default() },
            },
            volume_claim_templates: vec![claim],
            ..Default::default()
        },
        status: Default::default(),
    }
}

fn get_sts(e: &Engine, name: &str) -> StatefulSet {
    e.store().get_by(Kind::StatefulSet, "default", name).and_then(|o| o.as_stateful_set().cloned()).unwrap()
}

fn pod_named(e: &Engine, name: &str) -> Option<Pod> {
    e.store().get_by(Kind::Pod, "default", name).and_then(|o| o.as_pod().cloned())
}

fn claims(e: &Engine) -> Vec<String> {
    e.store().list(Kind::PersistentVolumeClaim, Some("default")).map(|o| o.name().to_string()).collect()
}

/// Reports `phase` for a pod as its kubelet would (an evicted or rebooted
/// pod ends Failed or Succeeded by its containers' exit codes).
fn finish_pod(e: &mut Engine, name: &str, phase: &str) {
    let key = ObjectKey::new(Kind::Pod, "default", name);
    let mut status = pod_named(e, name).unwrap().status.clone();
    status.phase = Some(phase.into());
    for c in &mut status.conditions {
        if c.type_ == "Ready" || c.type_ == "ContainersReady" {
            c.status = "False".into();
        }
    }
    e.user("test: kubelet", key.clone(), |ctx| ctx.update_pod_status(&key, status.into_inner()).map(|_| ())).unwrap();
}

#[test]
fn a_succeeded_statefulset_pod_is_deleted_and_recreated() {
    let mut e = Engine::with_default_cluster(34);
    apply(&mut e, Object::StatefulSet(Box::new(statefulset("web", 2, "nginx:1.25"))));
    e.settle(DEFAULT_SETTLE_MS);
    let old_uid = pod_named(&e, "web-0").unwrap().metadata.uid.clone();
    finish_pod(&mut e, "web-0", "Succeeded");
    // The sync that sees it deletes it and creates nothing (processReplica
    // returns); the replacement comes once the old pod has left the store.
    let sts_key = ObjectKey::new(Kind::StatefulSet, "default", "web");
    loop {
        let (key, explanation) = e.step().map(|s| (s.key.clone(), s.explanation.clone())).expect("the StatefulSet syncs");
        if key == sts_key {
            assert!(explanation.contains("deleted web-0 (it has finished running"), "{explanation}");
            // A finished pod is deleted at once (no grace period), and the
            // same sync does not create its replacement.
            assert!(pod_named(&e, "web-0").is_none(), "not recreated in the same sync");
            break;
        }
    }
    e.settle(DEFAULT_SETTLE_MS);
    let web0 = pod_named(&e, "web-0").unwrap();
    assert_ne!(web0.metadata.uid, old_uid);
    assert!(web0.is_ready());
    // v1.31 dropped the RecreatingFailedPod event (PR #123809).
    assert!(events(&e, "RecreatingFailedPod").is_empty());
    let deletes: Vec<String> = events(&e, "SuccessfulDelete").into_iter().filter_map(|ev| ev.message).collect();
    assert_eq!(deletes, ["delete Pod web-0 in StatefulSet web successful"]);
}

#[test]
fn ordered_ready_statefulset_starts_web_1_only_after_web_0_is_ready() {
    let mut e = Engine::with_default_cluster(31);
    apply(&mut e, Object::StatefulSet(Box::new(statefulset("web", 3, "nginx:1.25"))));
    let mut order = Vec::new();
    while e.step().is_some() {
        for i in 0..3 {
            let name = format!("web-{i}");
            if !order.contains(&name) && pod_named(&e, &name).is_some() {
                // When web-i appears, every lower ordinal is already Running and Ready.
                for j in 0..i {
                    let prev = pod_named(&e, &format!("web-{j}")).unwrap();
                    assert!(prev.phase() == "Running" && prev.is_ready(), "web-{i} created before web-{j} was ready");
                }
                order.push(name);
            }
        }
        if e.now().millis() > kubeplay_model::time::EPOCH.millis() + 600_000 {
            break;
        }
    }
    assert_eq!(order, ["web-0", "web-1", "web-2"]);
    let s = get_sts(&e, "web");
    assert_eq!((s.status.replicas, s.status.ready_replicas, s.status.updated_replicas), (3, Some(3), Some(3)));
    assert_eq!(s.status.current_revision, s.status.update_revision);
    let web1 = pod_named(&e, "web-1").unwrap();
    assert_eq!(web1.spec.hostname.as_deref(), Some("web-1"));
    assert_eq!(web1.spec.subdomain.as_deref(), Some("nginx"));
    assert_eq!(web1.metadata.label("statefulset.kubernetes.io/pod-name"), Some("web-1"));
    assert_eq!(web1.metadata.label("apps.kubernetes.io/pod-index"), Some("1"));
    assert_eq!(web1.metadata.label("controller-revision-hash"), s.status.update_revision.as_deref());
    assert_eq!(claims(&e), ["www-web-0", "www-web-1", "www-web-2"]);
    // The standard class provisions a volume per claim, pinned to the pod's node.
    for i in 0..3 {
        let pvc = e.store().get_by(Kind::PersistentVolumeClaim, "default", &format!("www-web-{i}")).and_then(|o| o.as_pvc().cloned()).unwrap();
        assert_eq!(pvc.status.phase.as_deref(), Some("Bound"));
        assert_eq!(pvc.spec.storage_class_name.as_deref(), Some("standard"));
        let pv = pvc.spec.volume_name.clone().unwrap();
        assert!(e.store().get_by(Kind::PersistentVolume, "", &pv).is_some());
        let node = pod_named(&e, &format!("web-{i}")).unwrap().spec.node_name.clone().unwrap();
        assert_eq!(pvc.metadata.annotation("volume.kubernetes.io/selected-node"), Some(node.as_str()));
    }
    let create = events(&e, "SuccessfulCreate").into_iter().filter_map(|ev| ev.message).find(|m| m.starts_with("create Pod web-0"));
    assert_eq!(create.as_deref(), Some("create Pod web-0 in StatefulSet web successful"));
}

#[test]
fn scaling_a_statefulset_down_removes_web_2_then_web_1_and_keeps_their_claims() {
    let mut e = Engine::with_default_cluster(32);
    apply(&mut e, Object::StatefulSet(Box::new(statefulset("web", 3, "nginx:1.25"))));
    e.settle(DEFAULT_SETTLE_MS);
    let mut s = get_sts(&e, "web");
    s.spec.replicas = Some(1);
    update(&mut e, Object::StatefulSet(Box::new(s)));
    let mut gone = Vec::new();
    while e.step().is_some() {
        for n in ["web-1", "web-2"] {
            let terminating = pod_named(&e, n).is_none_or(|p| p.metadata.deletion_timestamp.is_some());
            if terminating && !gone.contains(&n) {
                gone.push(n);
            }
        }
    }
    assert_eq!(gone, ["web-2", "web-1"]);
    assert!(pod_named(&e, "web-0").is_some_and(|p| p.is_ready()));
    assert!(pod_named(&e, "web-1").is_none() && pod_named(&e, "web-2").is_none());
    assert_eq!(claims(&e), ["www-web-0", "www-web-1", "www-web-2"], "claims survive scale-down (Retain)");
    // Scaling back up reuses the same claims.
    let mut s = get_sts(&e, "web");
    s.spec.replicas = Some(3);
    update(&mut e, Object::StatefulSet(Box::new(s)));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(get_sts(&e, "web").status.ready_replicas, Some(3));
    assert_eq!(claims(&e).len(), 3);
}

#[test]
fn when_scaled_delete_removes_claims_of_scaled_down_pods() {
    let mut e = Engine::with_default_cluster(33);
    let mut s = statefulset("web", 2, "nginx:1.25");
    s.spec.persistent_volume_claim_retention_policy = Some(PvcRetentionPolicy { when_deleted: Some("Retain".into()), when_scaled: Some("Delete".into()) });
    apply(&mut e, Object::StatefulSet(Box::new(s)));
    e.settle(DEFAULT_SETTLE_MS);
    let mut s = get_sts(&e, "web");
    s.spec.replicas = Some(1);
    update(&mut e, Object::StatefulSet(Box::new(s)));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(claims(&e), ["www-web-0"]);
    assert_eq!(e.store().list(Kind::PersistentVolume, None).count(), 1, "the released volume was deleted (reclaimPolicy Delete)");
}

#[test]
fn statefulset_rolling_update_goes_from_the_highest_ordinal_and_respects_partition() {
    let mut e = Engine::with_default_cluster(34);
    apply(&mut e, Object::StatefulSet(Box::new(statefulset("web", 3, "nginx:1.25"))));
    e.settle(DEFAULT_SETTLE_MS);
    let mut s = get_sts(&e, "web");
    s.spec.update_strategy = Some(StatefulSetUpdateStrategy { type_: Some("RollingUpdate".into()), rolling_update: Some(RollingUpdateStatefulSet { partition: Some(1), max_unavailable: None }) });
    s.spec.template.spec.containers[0].image = Some("nginx:1.26".into());
    update(&mut e, Object::StatefulSet(Box::new(s)));
    let mut deleted = Vec::new();
    while e.step().is_some() {
        for n in ["web-0", "web-1", "web-2"] {
            if pod_named(&e, n).is_some_and(|p| p.metadata.deletion_timestamp.is_some()) && !deleted.contains(&n) {
                deleted.push(n);
            }
        }
    }
    assert_eq!(deleted, ["web-2", "web-1"]);
    let image = |e: &Engine, n: &str| pod_named(e, n).unwrap().spec.containers[0].image.clone().unwrap();
    assert_eq!([image(&e, "web-0"), image(&e, "web-1"), image(&e, "web-2")], ["nginx:1.25", "nginx:1.26", "nginx:1.26"]);
    let s = get_sts(&e, "web");
    assert_eq!(s.status.updated_replicas, Some(2));
    assert_eq!(s.status.current_replicas, Some(1));
    assert_ne!(s.status.current_revision, s.status.update_revision, "not complete while the partition holds web-0 back");
    assert_eq!(e.store().list(Kind::ControllerRevision, Some("default")).count(), 2);
    // Lowering the partition finishes the rollout.
    let mut s = get_sts(&e, "web");
    s.spec.update_strategy.as_mut().unwrap().rolling_update.as_mut().unwrap().partition = Some(0);
    update(&mut e, Object::StatefulSet(Box::new(s)));
    e.settle(DEFAULT_SETTLE_MS);
    let s = get_sts(&e, "web");
    assert_eq!(image(&e, "web-0"), "nginx:1.26");
    assert_eq!(s.status.current_revision, s.status.update_revision);
    assert_eq!(s.status.current_replicas, Some(3));
}

#[test]
fn parallel_statefulset_creates_all_pods_at_once() {
    let mut e = Engine::with_default_cluster(35);
    let mut s = statefulset("web", 3, "nginx:1.25");
    s.spec.pod_management_policy = Some("Parallel".into());
    apply(&mut e, Object::StatefulSet(Box::new(s)));
    e.step(); // the StatefulSet controller's first sync
    let created: Vec<String> = pods(&e, "default").into_iter().map(|p| p.metadata.name).collect();
    assert_eq!(created, ["web-0", "web-1", "web-2"]);
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(get_sts(&e, "web").status.ready_replicas, Some(3));
}

#[test]
fn on_delete_statefulset_updates_a_pod_only_when_it_is_deleted() {
    let mut e = Engine::with_default_cluster(36);
    let mut s = statefulset("web", 2, "nginx:1.25");
    s.spec.update_strategy = Some(StatefulSetUpdateStrategy { type_: Some("OnDelete".into()), rolling_update: None });
    apply(&mut e, Object::StatefulSet(Box::new(s)));
    e.settle(DEFAULT_SETTLE_MS);
    let mut s = get_sts(&e, "web");
    s.spec.template.spec.containers[0].image = Some("nginx:1.26".into());
    update(&mut e, Object::StatefulSet(Box::new(s)));
    e.settle(DEFAULT_SETTLE_MS);
    let image = |e: &Engine, n: &str| pod_named(e, n).unwrap().spec.containers[0].image.clone().unwrap();
    assert_eq!(image(&e, "web-1"), "nginx:1.25");
    let key = ObjectKey::new(Kind::Pod, "default", "web-1");
    e.user("delete", key.clone(), |ctx| ctx.delete(&key, Default::default()).map(|_| ())).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(image(&e, "web-1"), "nginx:1.26");
    assert_eq!(image(&e, "web-0"), "nginx:1.25");
}

// ---------------------------------------------------------------- CronJob

fn cronjob(name: &str, schedule: &str, image: &str) -> CronJob {
    let j = job("unused", image, None, None);
    CronJob {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: CronJobSpec { schedule: schedule.into(), job_template: JobTemplateSpec { metadata: ObjectMeta::default(), spec: j.spec }, ..Default::default() },
        status: Default::default(),
    }
}

fn get_cj(e: &Engine, name: &str) -> CronJob {
    e.store().get_by(Kind::CronJob, "default", name).and_then(|o| o.as_cron_job().cloned()).unwrap()
}

fn jobs(e: &Engine) -> Vec<Job> {
    e.store().list(Kind::Job, Some("default")).filter_map(|o| o.as_job().cloned()).collect()
}

#[test]
fn every_minute_cronjob_creates_one_job_per_minute_and_keeps_three() {
    let mut e = Engine::with_default_cluster(41);
    image_exits(&mut e, "hello:1", 5_000, 0);
    apply(&mut e, Object::Job(Box::new(job("warmup", "hello:1", None, None)))); // nothing to do with the CronJob
    apply(&mut e, Object::CronJob(Box::new(cronjob("hello", "*/1 * * * *", "hello:1"))));
    let start = e.now();
    let mut seen: Vec<String> = Vec::new();
    for _ in 0..6 {
        e.advance(60_000);
        for j in jobs(&e) {
            if j.metadata.name.starts_with("hello-") && !seen.contains(&j.metadata.name) {
                seen.push(j.metadata.name.clone());
            }
        }
    }
    e.settle(30_000);
    // One Job per minute, named by the scheduled minute since the epoch.
    let first_minute = start.millis() / 60_000 + 1;
    let want: Vec<String> = (0..6).map(|i| format!("hello-{}", first_minute + i)).collect();
    assert_eq!(seen, want);
    let cj = get_cj(&e, "hello");
    let kept: Vec<String> = jobs(&e).into_iter().map(|j| j.metadata.name).filter(|n| n.starts_with("hello-")).collect();
    assert_eq!(kept, want[3..].to_vec(), "successfulJobsHistoryLimit 3 keeps the newest three");
    assert_eq!(cj.status.last_schedule_time.map(|t| t.millis()), Some((first_minute + 5) * 60_000));
    assert!(cj.status.last_successful_time.is_some());
    assert!(cj.status.active.is_empty());
    let j = e.store().get_by(Kind::Job, "default", &want[5]).and_then(|o| o.as_job().cloned()).unwrap();
    assert_eq!(j.metadata.annotation("batch.kubernetes.io/cronjob-scheduled-timestamp"), Some(kubeplay_model::Time::from_millis((first_minute + 5) * 60_000).rfc3339().as_str()));
    assert_eq!(j.metadata.controller_ref().map(|r| r.kind.as_str()), Some("CronJob"));
    assert_eq!(events(&e, "SuccessfulCreate").iter().filter(|ev| ev.message.as_deref().is_some_and(|m| m.starts_with("Created job hello-"))).count(), 6);
    assert!(events(&e, "SawCompletedJob").iter().any(|ev| ev.message.as_deref() == Some(format!("Saw completed job: {}, status: Complete", want[0]).as_str())));
}

#[test]
fn forbid_skips_runs_while_a_job_is_active() {
    let mut e = Engine::with_default_cluster(42);
    let mut cj = cronjob("slow", "*/1 * * * *", "server:1"); // its pods never finish
    cj.spec.concurrency_policy = Some("Forbid".into());
    apply(&mut e, Object::CronJob(Box::new(cj)));
    e.advance(3 * 60_000 + 30_000);
    let names: Vec<String> = jobs(&e).into_iter().map(|j| j.metadata.name).collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert_eq!(get_cj(&e, "slow").status.active.len(), 1);
    assert_eq!(events(&e, "JobAlreadyActive").first().and_then(|ev| ev.count), Some(2));
}

#[test]
fn replace_deletes_the_running_job_first() {
    let mut e = Engine::with_default_cluster(43);
    let mut cj = cronjob("rep", "*/1 * * * *", "server:1");
    cj.spec.concurrency_policy = Some("Replace".into());
    apply(&mut e, Object::CronJob(Box::new(cj)));
    e.advance(2 * 60_000 + 30_000);
    let names: Vec<String> = jobs(&e).into_iter().filter(|j| j.metadata.deletion_timestamp.is_none()).map(|j| j.metadata.name).collect();
    assert_eq!(names.len(), 1);
    let cj = get_cj(&e, "rep");
    assert_eq!(cj.status.active.len(), 1);
    assert_eq!(cj.status.active[0].name.as_deref(), Some(names[0].as_str()));
    assert!(!events(&e, "SuccessfulDelete").is_empty());
}

#[test]
fn suspended_cronjob_starts_nothing() {
    let mut e = Engine::with_default_cluster(44);
    let mut cj = cronjob("off", "*/1 * * * *", "hello:1");
    cj.spec.suspend = Some(true);
    apply(&mut e, Object::CronJob(Box::new(cj)));
    e.advance(5 * 60_000);
    assert!(jobs(&e).is_empty());
    assert_eq!(get_cj(&e, "off").status.last_schedule_time, None);
}

#[test]
fn an_unparseable_schedule_is_rejected_by_the_api_server() {
    let mut e = Engine::with_default_cluster(45);
    let obj = Object::CronJob(Box::new(cronjob("bad", "61 * * * *", "hello:1")));
    let key = obj.key();
    let err = e.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).unwrap_err();
    assert_eq!(err.to_string(), "The CronJob \"bad\" is invalid: spec.schedule: Invalid value: \"61 * * * *\": end of range (61) above maximum (59): 61");
    assert!(events(&e, "UnparseableSchedule").is_empty());
}

// ---------------------------------------------------------------- HPA

fn web_deployment(replicas: i32) -> Deployment {
    let mut c = container("example/web:1");
    c.resources.requests.insert("cpu".into(), kubeplay_model::Quantity::parse("200m").unwrap());
    Deployment {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(kubeplay_model::LabelSelector { match_labels: labels("web"), match_expressions: vec![] }),
            template: PodTemplateSpec { metadata: ObjectMeta { labels: labels("web").into(), ..Default::default() }, spec: PodSpec { containers: vec![c].into(), ..Default::default() } },
            ..Default::default()
        },
        status: Default::default(),
    }
}

fn hpa(target_pct: i32, min: i32, max: i32) -> HorizontalPodAutoscaler {
    HorizontalPodAutoscaler {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: HpaSpec {
            scale_target_ref: CrossVersionObjectReference { kind: "Deployment".into(), name: "web".into(), api_version: "apps/v1".into() },
            min_replicas: Some(min),
            max_replicas: max,
            metrics: vec![MetricSpec {
                type_: "Resource".into(),
                resource: Some(ResourceMetricSource { name: "cpu".into(), target: MetricTarget { type_: "Utilization".into(), average_utilization: Some(target_pct), ..Default::default() } }),
                ..Default::default()
            }],
            ..Default::default()
        },
        status: Default::default(),
    }
}

fn load(e: &mut Engine, cpu_milli: i64) {
    let target = kubeplay_engine::sim::LoadTarget { namespace: "default".into(), kind: Kind::Deployment, name: "web".into() };
    e.sim_load(target, kubeplay_engine::sim::Load { cpu_milli: Some(cpu_milli), memory_bytes: None }).unwrap();
}

fn replicas(e: &Engine) -> i32 {
    e.store().get_by(Kind::Deployment, "default", "web").and_then(|o| o.as_deployment().and_then(|d| d.spec.replicas)).unwrap()
}

fn get_hpa(e: &Engine) -> HorizontalPodAutoscaler {
    e.store().get_by(Kind::HorizontalPodAutoscaler, "default", "web").and_then(|o| o.as_hpa().cloned()).unwrap()
}

fn hpa_cond(h: &HorizontalPodAutoscaler, t: &str) -> (String, String) {
    let c = h.status.conditions.iter().find(|c| c.type_ == t).unwrap();
    (c.status.to_string(), c.reason.as_deref().unwrap_or_default().to_string())
}

#[test]
fn hpa_scales_out_under_load_and_back_in_after_the_stabilization_window() {
    let mut e = Engine::with_default_cluster(51);
    apply(&mut e, Object::Deployment(Box::new(web_deployment(2))));
    e.settle(DEFAULT_SETTLE_MS);
    apply(&mut e, Object::HorizontalPodAutoscaler(Box::new(hpa(50, 1, 10))));
    load(&mut e, 800);
    // 800m over 2 pods requesting 200m: 200% of request, 4× the target.
    // The legacy rate limit allows max(2×2, 4) = 4 first, then 8.
    let mut sizes = vec![replicas(&e)];
    for _ in 0..8 {
        e.advance(15_000);
        if *sizes.last().unwrap() != replicas(&e) {
            sizes.push(replicas(&e));
        }
    }
    assert_eq!(sizes, [2, 4, 8]);
    let h = get_hpa(&e);
    assert_eq!(h.status.current_replicas, 8);
    let cur = h.status.current_metrics[0].resource.as_ref().unwrap();
    assert_eq!(cur.current.average_utilization, Some(50), "800m over 8 pods is 100m of 200m");
    assert_eq!(hpa_cond(&h, "ScalingActive"), ("True".into(), "ValidMetricFound".into()));
    let rescales: Vec<String> = events(&e, "SuccessfulRescale").into_iter().filter_map(|ev| ev.message).collect();
    assert_eq!(rescales[0], "New size: 4; reason: cpu resource utilization (percentage of request) above target");

    // Load drops: the recommendation falls at once, the scale-down waits 5 minutes.
    load(&mut e, 0);
    let dropped = e.now();
    let mut scaled_down_at = None;
    for _ in 0..30 {
        e.advance(15_000);
        if scaled_down_at.is_none() && replicas(&e) < 8 {
            scaled_down_at = Some(e.now());
        }
    }
    let after = scaled_down_at.expect("scaled down").millis() - dropped.millis();
    assert!((300_000..=315_000).contains(&after), "scaled down {after} ms after the load dropped");
    assert_eq!(replicas(&e), 1);
    let h = get_hpa(&e);
    assert_eq!(hpa_cond(&h, "ScalingLimited"), ("True".into(), "TooFewReplicas".into()));
    assert!(events(&e, "SuccessfulRescale").iter().any(|ev| ev.message.as_deref() == Some("New size: 1; reason: All metrics below target")));
}

#[test]
fn hpa_without_pods_metrics_reports_failed_get_resource_metric() {
    let mut e = Engine::with_default_cluster(52);
    let mut d = web_deployment(1);
    d.spec.template.spec.containers[0].resources.requests.clear();
    apply(&mut e, Object::Deployment(Box::new(d)));
    e.settle(DEFAULT_SETTLE_MS);
    apply(&mut e, Object::HorizontalPodAutoscaler(Box::new(hpa(50, 1, 5))));
    e.advance(31_000);
    let h = get_hpa(&e);
    let c = h.status.conditions.iter().find(|c| c.type_ == "ScalingActive").unwrap();
    assert_eq!(c.reason.as_deref(), Some("FailedGetResourceMetric"));
    let pod = pods(&e, "default")[0].metadata.name.clone();
    assert_eq!(c.message.as_deref().unwrap(), format!("the HPA was unable to compute the replica count: failed to get cpu utilization: missing request for cpu in container main of Pod {pod}"));
    assert_eq!(replicas(&e), 1);
    // horizontal.go: the metric's own event carries computeStatusForResourceMetric's
    // error; the blocked sync's carries computeReplicasForMetric's wrapper too.
    let last = |reason: &str| events(&e, reason).into_iter().filter_map(|ev| ev.message).last();
    assert_eq!(last("FailedGetResourceMetric"), Some(format!("failed to get cpu utilization: missing request for cpu in container main of Pod {pod}")));
    assert_eq!(
        last("FailedComputeMetricsReplicas"),
        Some(format!("invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: failed to get cpu utilization: missing request for cpu in container main of Pod {pod}"))
    );
    // Blocked: the failed metric keeps its place, desiredReplicas its last value.
    assert_eq!(h.status.current_metrics, vec![MetricStatus::default()]);
    assert_eq!(h.status.desired_replicas, 0);
}

#[test]
fn hpa_enforces_min_replicas_immediately() {
    let mut e = Engine::with_default_cluster(53);
    apply(&mut e, Object::Deployment(Box::new(web_deployment(1))));
    e.settle(DEFAULT_SETTLE_MS);
    apply(&mut e, Object::HorizontalPodAutoscaler(Box::new(hpa(50, 3, 5))));
    e.advance(16_000);
    assert_eq!(replicas(&e), 3);
    assert!(events(&e, "SuccessfulRescale").iter().any(|ev| ev.message.as_deref() == Some("New size: 3; reason: Current number of replicas below Spec.MinReplicas")));
}

// ---------------------------------------------------------------- PodDisruptionBudget

#[test]
fn pdb_status_tracks_healthy_pods() {
    let mut e = Engine::with_default_cluster(61);
    apply(&mut e, Object::Deployment(Box::new(web_deployment(3))));
    e.settle(DEFAULT_SETTLE_MS);
    let pdb = PodDisruptionBudget {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: PdbSpec { min_available: Some(kubeplay_model::IntOrString::Int(2)), selector: Some(kubeplay_model::LabelSelector { match_labels: labels("web"), match_expressions: vec![] }), ..Default::default() },
        status: Default::default(),
    };
    apply(&mut e, Object::PodDisruptionBudget(Box::new(pdb)));
    e.settle(DEFAULT_SETTLE_MS);
    let get = |e: &Engine| e.store().get_by(Kind::PodDisruptionBudget, "default", "web").and_then(|o| o.as_pdb().cloned()).unwrap();
    let s = get(&e).status;
    assert_eq!((s.current_healthy, s.desired_healthy, s.expected_pods, s.disruptions_allowed), (3, 2, 3, 1));
    let c = &s.conditions[0];
    assert_eq!((c.type_.as_str(), c.status.as_str(), c.reason.as_deref()), ("DisruptionAllowed", "True", Some("SufficientPods")));
    // Scaling the Deployment to 2 uses up the budget.
    let mut d = e.store().get_by(Kind::Deployment, "default", "web").and_then(|o| o.as_deployment().cloned()).unwrap();
    d.spec.replicas = Some(2);
    update(&mut e, Object::Deployment(Box::new(d)));
    e.settle(DEFAULT_SETTLE_MS);
    let s = get(&e).status;
    assert_eq!((s.current_healthy, s.disruptions_allowed), (2, 0));
    assert_eq!(s.conditions[0].reason.as_deref(), Some("InsufficientPods"));
}

fn pdb(name: &str, app: &str, min: Option<kubeplay_model::IntOrString>, max: Option<kubeplay_model::IntOrString>) -> PodDisruptionBudget {
    PodDisruptionBudget {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: PdbSpec { min_available: min, max_unavailable: max, selector: Some(kubeplay_model::LabelSelector { match_labels: labels(app), match_expressions: vec![] }), ..Default::default() },
        status: Default::default(),
    }
}

fn pdb_status(e: &Engine, name: &str) -> PdbStatus {
    e.store().get_by(Kind::PodDisruptionBudget, "default", name).and_then(|o| o.as_pdb().cloned()).unwrap().status
}

// disruption_test.go TestStatefulSetController: minAvailable 34% of a
// 3-pod StatefulSet needs ceil(1.02) = 2 healthy, so one may go; the
// expected count is the set's scale, not the pods seen.
#[test]
fn pdb_percentage_over_a_statefulset() {
    let mut e = Engine::with_default_cluster(62);
    apply(&mut e, Object::StatefulSet(Box::new(statefulset("web", 3, "nginx:1.25"))));
    e.settle(DEFAULT_SETTLE_MS);
    apply(&mut e, Object::PodDisruptionBudget(Box::new(pdb("web", "nginx", Some(kubeplay_model::IntOrString::Str("34%".into())), None))));
    e.settle(DEFAULT_SETTLE_MS);
    let s = pdb_status(&e, "web");
    assert_eq!((s.current_healthy, s.desired_healthy, s.expected_pods, s.disruptions_allowed), (3, 2, 3, 1));
}

// TestIntegerMaxUnavailable / TestNakedPod: maxUnavailable 1 over two
// Deployment pods allows one disruption; a percentage over a pod without a
// controller expects nothing and allows nothing, with the UnmanagedPods
// warning.
#[test]
fn pdb_max_unavailable_and_naked_pods() {
    let mut e = Engine::with_default_cluster(63);
    apply(&mut e, Object::Deployment(Box::new(web_deployment(2))));
    e.settle(DEFAULT_SETTLE_MS);
    apply(&mut e, Object::PodDisruptionBudget(Box::new(pdb("web", "web", None, Some(kubeplay_model::IntOrString::Int(1))))));
    e.settle(DEFAULT_SETTLE_MS);
    let s = pdb_status(&e, "web");
    assert_eq!((s.current_healthy, s.desired_healthy, s.expected_pods, s.disruptions_allowed), (2, 1, 2, 1));

    let naked = Pod {
        metadata: ObjectMeta { name: "naked".into(), namespace: "default".into(), labels: labels("naked").into(), ..Default::default() },
        spec: PodSpec { containers: vec![container("nginx")].into(), ..Default::default() }.into(),
        ..Default::default()
    };
    apply(&mut e, Object::from(naked));
    e.settle(DEFAULT_SETTLE_MS);
    apply(&mut e, Object::PodDisruptionBudget(Box::new(pdb("naked", "naked", Some(kubeplay_model::IntOrString::Str("28%".into())), None))));
    e.settle(DEFAULT_SETTLE_MS);
    let s = pdb_status(&e, "naked");
    assert_eq!((s.current_healthy, s.expected_pods, s.disruptions_allowed), (1, 0, 0));
    assert!(events(&e, "UnmanagedPods").iter().any(|ev| ev.message.as_deref().is_some_and(|m| m.starts_with("Pods selected by this PodDisruptionBudget (selector: app=naked) were found to be unmanaged."))));
}

// ---------------------------------------------------------------- no-panic properties

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    /// Any Job shape either is rejected by validation (as nonsense is by
    /// the API server) or runs without panicking, never has more running
    /// pods than parallelism, and never counts more successes than
    /// completions allow per index.
    #[test]
    fn jobs_of_any_shape_behave(
        parallelism in proptest::option::of(-2i32..5),
        completions in proptest::option::of(-1i32..6),
        backoff in proptest::option::of(0i32..3),
        indexed in proptest::bool::ANY,
        code in 0i32..2,
        on_failure in proptest::bool::ANY,
        suspend in proptest::bool::ANY,
    ) {
        let mut e = Engine::with_default_cluster(7);
        image_exits(&mut e, "prop:1", 2_000, code);
        let mut j = job("prop", "prop:1", completions, parallelism);
        j.spec.backoff_limit = backoff;
        if indexed {
            j.spec.completion_mode = Some("Indexed".into());
        }
        if on_failure {
            j.spec.template.spec.restart_policy = Some("OnFailure".into());
        }
        j.spec.suspend = Some(suspend);
        let obj = Object::Job(Box::new(j));
        let key = obj.key();
        if e.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).is_err() {
            return Ok(());
        }
        let limit = parallelism.unwrap_or(1).max(0) as usize;
        let deadline = e.now().plus_secs(900);
        while e.step_until(deadline).is_some() {
            let running = pods(&e, "default").iter().filter(|p| p.is_active()).count();
            proptest::prop_assert!(running <= limit, "{running} running, parallelism {limit}");
        }
        let j = get_job(&e, "prop");
        if let (true, Some(c)) = (indexed, completions) {
            proptest::prop_assert!(j.status.succeeded.unwrap_or(0) <= c.max(0));
        }
    }
}

/// Upstream's ReplicaSet lists the pods of its own namespace only: a pod
/// elsewhere that names it as controller is not one of its replicas, so
/// it still creates its own.
#[test]
fn replica_set_counts_no_pod_of_another_namespace() {
    let mut e = Engine::with_default_cluster(21);
    apply(&mut e, Object::from(Namespace { metadata: ObjectMeta { name: "other".into(), ..Default::default() }, ..Default::default() }));
    let rs = ReplicaSet {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: ReplicaSetSpec {
            replicas: Some(0),
            selector: Some(kubeplay_model::LabelSelector { match_labels: labels("web"), ..Default::default() }),
            template: PodTemplateSpec { metadata: ObjectMeta { labels: labels("web").into(), ..Default::default() }, spec: PodSpec { containers: vec![container("nginx")].into(), ..Default::default() } },
            ..Default::default()
        },
        ..Default::default()
    };
    apply(&mut e, Object::from(rs));
    e.settle(DEFAULT_SETTLE_MS);
    let stored = e.store().get_by(Kind::ReplicaSet, "default", "web").and_then(|o| o.as_replica_set().cloned()).unwrap();
    let stray = Pod {
        metadata: ObjectMeta {
            name: "stray".into(),
            namespace: "other".into(),
            labels: labels("web").into(),
            owner_references: vec![kubeplay_model::OwnerReference {
                api_version: "apps/v1".into(),
                kind: "ReplicaSet".into(),
                name: "web".into(),
                uid: stored.metadata.uid.clone(),
                controller: Some(true),
                ..Default::default()
            }].into(),
            ..Default::default()
        },
        spec: PodSpec { containers: vec![container("nginx")].into(), ..Default::default() }.into(),
        ..Default::default()
    };
    apply(&mut e, Object::from(stray));
    let mut scaled = stored;
    scaled.spec.replicas = Some(1);
    update(&mut e, Object::from(scaled));
    let rs_key = ObjectKey::new(Kind::ReplicaSet, "default", "web");
    let stray_key = ObjectKey::new(Kind::Pod, "other", "stray");
    loop {
        let stray_there = e.store().get(&stray_key).is_some();
        let step = e.step().expect("the ReplicaSet syncs");
        if step.component == "replicaset-controller" && step.key == rs_key {
            assert!(stray_there, "the stray pod exists when the ReplicaSet syncs");
            assert!(step.explanation.contains("has 0 active pods for 1 replicas: created web-"), "{}", step.explanation);
            break;
        }
    }
}
