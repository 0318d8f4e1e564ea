//! job_controller_test.go's TestControllerSyncJob.

use super::*;

/// One row of TestControllerSyncJob. `delay_gates` marks the rows upstream
/// ran with JobPodReplacementPolicy or JobManagedBy on (their conditions
/// hold in v1.32), `terminating_gate` those with JobPodReplacementPolicy
/// on (their `terminating` holds).
#[derive(Default)]
struct SyncCase {
    name: &'static str,
    parallelism: i32,
    completions: i32,
    backoff_limit: i32,
    deleting: bool,
    pod_limit: usize,
    indexed: bool,
    was_suspended: bool,
    suspend: bool,
    replacement: Option<&'static str>,
    empty_failure_policy: bool,
    initial: Option<(i32, i32, i32, Vec<Cond>)>,
    /// A failure the back-off store remembers from NOW.
    failure_now: bool,
    pending: usize,
    active: usize,
    ready: usize,
    succeeded: usize,
    failed: usize,
    terminating: usize,
    indexed_pods: Vec<(&'static str, &'static str)>,
    fake_expectation: i32,
    want_creations: usize,
    want_deletions: usize,
    want_active: i32,
    want_ready: i32,
    want_succeeded: i32,
    want_completed: &'static str,
    want_failed: i32,
    want_terminating: i32,
    want_conditions: Vec<Cond>,
    want_indexes: Vec<i32>,
    want_patches: usize,
    delay_gates: bool,
    terminating_gate: bool,
}

fn run_sync_case(tc: SyncCase) -> Vec<String> {
    let mut errs = Vec::new();
    let name = tc.name;
    let mut job = new_job(tc.parallelism, tc.completions, tc.backoff_limit, tc.indexed);
    job.spec.suspend = Some(tc.suspend);
    job.spec.pod_replacement_policy = tc.replacement.map(str::to_string);
    if tc.empty_failure_policy {
        job.spec.pod_failure_policy = Some(json!({"rules": []}));
    }
    if let Some((active, succeeded, failed, conditions)) = &tc.initial {
        job.status.start_time = Some(NOW);
        job.status.active = (*active != 0).then_some(*active);
        job.status.succeeded = (*succeeded != 0).then_some(*succeeded);
        job.status.failed = (*failed != 0).then_some(*failed);
        for (t, s, r, m) in conditions {
            job.status.conditions.push(job_condition(t, s, r, m, NOW));
        }
    }
    if tc.was_suspended {
        job.status.conditions.push(job_condition(
            "Suspended",
            "True",
            "JobSuspended",
            "Job suspended",
            NOW,
        ));
    }
    let mut pods = pods_by_phase(
        tc.pending,
        tc.active,
        tc.ready,
        tc.succeeded,
        tc.failed,
        tc.terminating,
    );
    pods.extend(pods_with_indexes(&tc.indexed_pods));
    if tc.failure_now {
        // Kubeplay rebuilds the back-off record from the pods it keeps: a
        // failure already counted, finished at NOW.
        pods.push(
            PodIn::new("counted-failure", "Failed")
                .untracked()
                .status(json!({"phase": "Failed", "containerStatuses": [terminated("c", 1, Some(&NOW.rfc3339()))]})),
        );
    }
    let mut world = setup(job, pods, tc.deleting);
    if tc.pod_limit > 0 {
        let quota: kubeplay_model::api::ResourceQuota = serde_json::from_value(json!({
            "metadata": {"name": "pods", "namespace": "default"},
            "spec": {"hard": {"pods": (tc.pod_limit + world.store.list(Kind::Pod, Some("default")).count()).to_string()}}
        }))
        .unwrap();
        world.write(|s, c| s.create(Object::ResourceQuota(Box::new(quota)), c).unwrap());
    }
    let key = job_key();
    match tc.fake_expectation {
        n if n < 0 => world
            .expectations
            .expect_deletions(&key, (-n) as usize, NOW),
        n if n > 0 => world.expectations.expect_creations(&key, n as usize, NOW),
        _ => {}
    }
    let got = sync_world(&mut world);
    let created = got.created();
    check(
        &mut errs,
        name,
        "creations",
        created.len(),
        tc.want_creations,
    );
    for p in &created {
        let r = p.metadata.controller_ref().expect("a controller reference");
        assert_eq!(
            (r.kind.as_str(), r.api_version.as_str(), r.name.as_str()),
            ("Job", "batch/v1", "foobar"),
            "{name}"
        );
    }
    if tc.indexed {
        let mut got_indexes: Vec<i32> = Vec::new();
        for p in &created {
            let ix = completion_index(p).expect("created pod has a completion index");
            got_indexes.push(ix);
            check(
                &mut errs,
                name,
                "index label",
                p.metadata
                    .labels
                    .get(math::INDEX_ANNOTATION)
                    .map(String::as_str),
                Some(ix.to_string().as_str()),
            );
            check(
                &mut errs,
                name,
                "hostname",
                p.spec.hostname.as_deref(),
                Some(format!("foobar-{ix}").as_str()),
            );
            check(
                &mut errs,
                name,
                "generateName",
                p.metadata.generate_name.as_deref(),
                Some(format!("foobar-{ix}-").as_str()),
            );
            assert!(
                p.spec
                    .containers
                    .iter()
                    .all(|c| c.env.iter().any(|e| e.name == "JOB_COMPLETION_INDEX")),
                "{name}: JOB_COMPLETION_INDEX"
            );
        }
        got_indexes.sort();
        check(
            &mut errs,
            name,
            "created indexes",
            got_indexes,
            tc.want_indexes,
        );
    } else {
        assert!(
            created.iter().all(|p| p.spec.hostname.is_none()),
            "{name}: no hostname"
        );
    }
    check(
        &mut errs,
        name,
        "deletions",
        got.deletions(),
        tc.want_deletions,
    );
    let st = &got.job.status;
    check(
        &mut errs,
        name,
        "active",
        st.active.unwrap_or(0),
        tc.want_active,
    );
    check(&mut errs, name, "ready", st.ready, Some(tc.want_ready));
    check(
        &mut errs,
        name,
        "succeeded",
        st.succeeded.unwrap_or(0),
        tc.want_succeeded,
    );
    check(
        &mut errs,
        name,
        "completedIndexes",
        st.completed_indexes.as_deref().unwrap_or(""),
        tc.want_completed,
    );
    check(
        &mut errs,
        name,
        "failed",
        st.failed.unwrap_or(0),
        tc.want_failed,
    );
    if tc.terminating_gate {
        check(
            &mut errs,
            name,
            "terminating",
            st.terminating,
            Some(tc.want_terminating),
        );
    }
    check(
        &mut errs,
        name,
        "startTime",
        st.start_time.is_some(),
        !tc.suspend,
    );
    let terminal = tc
        .want_conditions
        .iter()
        .any(|c| matches!(c.0, "Complete" | "Failed"));
    if tc.delay_gates || !terminal {
        check(
            &mut errs,
            name,
            "conditions",
            got.conditions(),
            conds(&tc.want_conditions),
        );
    }
    check(
        &mut errs,
        name,
        "pod patches",
        got.patches(),
        tc.want_patches,
    );
    errs
}

// job_controller_test.go's TestControllerSyncJob
#[test]
fn controller_sync_job() {
    let complete: Vec<Cond> = vec![("Complete", "True", "", "")];
    let backoff_failed: Vec<Cond> = vec![("Failed", "True", BACKOFF.0, BACKOFF.1)];
    let cases = vec![
        SyncCase {
            name: "job start",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            want_creations: 2,
            want_active: 2,
            ..Default::default()
        },
        SyncCase {
            name: "WQ job start",
            parallelism: 2,
            completions: -1,
            backoff_limit: 6,
            want_creations: 2,
            want_active: 2,
            ..Default::default()
        },
        SyncCase {
            name: "pending pods",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            pending: 2,
            want_active: 2,
            ..Default::default()
        },
        SyncCase {
            name: "correct # of pods",
            parallelism: 3,
            completions: 5,
            backoff_limit: 6,
            active: 3,
            ready: 2,
            want_active: 3,
            want_ready: 2,
            ..Default::default()
        },
        SyncCase {
            name: "WQ job: correct # of pods",
            parallelism: 2,
            completions: -1,
            backoff_limit: 6,
            active: 2,
            want_active: 2,
            ..Default::default()
        },
        SyncCase {
            name: "too few active pods",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            active: 1,
            succeeded: 1,
            want_creations: 1,
            want_active: 2,
            want_succeeded: 1,
            want_patches: 1,
            ..Default::default()
        },
        SyncCase {
            name: "WQ job: recreate pods when failed",
            parallelism: 1,
            completions: -1,
            backoff_limit: 6,
            active: 1,
            failed: 1,
            replacement: Some("Failed"),
            terminating: 1,
            want_terminating: 1,
            want_patches: 1,
            want_failed: 1,
            want_active: 1,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "WQ job: turn on PodReplacementPolicy but not set PodReplacementPolicy",
            parallelism: 1,
            completions: 1,
            backoff_limit: 6,
            active: 1,
            failed: 1,
            terminating: 1,
            want_terminating: 1,
            want_active: 1,
            want_patches: 2,
            want_failed: 2,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "WQ job: recreate pods when terminating or failed",
            parallelism: 1,
            completions: -1,
            backoff_limit: 6,
            active: 1,
            failed: 1,
            replacement: Some("TerminatingOrFailed"),
            terminating: 1,
            want_terminating: 1,
            want_active: 1,
            want_patches: 2,
            want_failed: 2,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "more terminating pods than parallelism",
            parallelism: 1,
            completions: 1,
            backoff_limit: 6,
            active: 2,
            terminating: 4,
            replacement: Some("Failed"),
            want_terminating: 5,
            want_active: 1,
            want_deletions: 1,
            want_patches: 1,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "more terminating pods than parallelism; PodFailurePolicy used",
            parallelism: 1,
            completions: 1,
            backoff_limit: 6,
            active: 2,
            terminating: 4,
            empty_failure_policy: true,
            want_active: 1,
            want_deletions: 1,
            want_patches: 1,
            ..Default::default()
        },
        SyncCase {
            name: "too few active pods and active back-off",
            parallelism: 1,
            completions: 1,
            backoff_limit: 6,
            failure_now: true,
            initial: Some((0, 0, 0, vec![])),
            ..Default::default()
        },
        SyncCase {
            name: "too few active pods and no back-offs",
            parallelism: 1,
            completions: 1,
            backoff_limit: 6,
            want_creations: 1,
            want_active: 1,
            ..Default::default()
        },
        SyncCase {
            name: "too few active pods with a dynamic job",
            parallelism: 2,
            completions: -1,
            backoff_limit: 6,
            active: 1,
            want_creations: 1,
            want_active: 2,
            ..Default::default()
        },
        SyncCase {
            name: "too many active pods",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            active: 3,
            want_deletions: 1,
            want_active: 2,
            want_patches: 1,
            ..Default::default()
        },
        SyncCase {
            name: "too many active pods; PodReplacementPolicy enabled",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            active: 3,
            want_deletions: 1,
            want_active: 2,
            want_patches: 1,
            want_terminating: 1,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "count ready pods when too many active pods",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            active: 3,
            ready: 3,
            want_deletions: 1,
            want_active: 2,
            want_patches: 1,
            want_ready: 2,
            ..Default::default()
        },
        SyncCase {
            name: "failed + succeed pods: reset backoff delay",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            active: 1,
            succeeded: 1,
            failed: 1,
            want_creations: 1,
            want_active: 2,
            want_succeeded: 1,
            want_failed: 1,
            want_patches: 2,
            ..Default::default()
        },
        SyncCase {
            name: "new failed pod",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            active: 1,
            failed: 1,
            want_creations: 1,
            want_active: 2,
            want_failed: 1,
            want_patches: 1,
            ..Default::default()
        },
        SyncCase {
            name: "no new pod; possible finalizer update of failed pod",
            parallelism: 1,
            completions: 1,
            backoff_limit: 6,
            initial: Some((1, 0, 1, vec![])),
            active: 1,
            want_active: 1,
            want_failed: 1,
            ..Default::default()
        },
        SyncCase {
            name: "job finish",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            succeeded: 5,
            want_succeeded: 5,
            want_conditions: complete.clone(),
            want_patches: 5,
            ..Default::default()
        },
        SyncCase {
            name: "WQ job finishing",
            parallelism: 2,
            completions: -1,
            backoff_limit: 6,
            active: 1,
            succeeded: 1,
            want_active: 1,
            want_succeeded: 1,
            want_patches: 1,
            ..Default::default()
        },
        SyncCase {
            name: "WQ job all finished",
            parallelism: 2,
            completions: -1,
            backoff_limit: 6,
            succeeded: 2,
            want_succeeded: 2,
            want_conditions: complete.clone(),
            want_patches: 2,
            ..Default::default()
        },
        SyncCase {
            name: "WQ job all finished despite one failure",
            parallelism: 2,
            completions: -1,
            backoff_limit: 6,
            succeeded: 1,
            failed: 1,
            want_succeeded: 1,
            want_failed: 1,
            want_conditions: complete.clone(),
            want_patches: 2,
            ..Default::default()
        },
        SyncCase {
            name: "more active pods than parallelism",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            active: 10,
            want_deletions: 8,
            want_active: 2,
            want_patches: 8,
            ..Default::default()
        },
        SyncCase {
            name: "more active pods than remaining completions",
            parallelism: 3,
            completions: 4,
            backoff_limit: 6,
            active: 3,
            succeeded: 2,
            want_deletions: 1,
            want_active: 2,
            want_succeeded: 2,
            want_patches: 3,
            ..Default::default()
        },
        SyncCase {
            name: "status change",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            active: 2,
            succeeded: 2,
            want_active: 2,
            want_succeeded: 2,
            want_patches: 2,
            ..Default::default()
        },
        SyncCase {
            name: "deleting job",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            deleting: true,
            pending: 1,
            active: 1,
            succeeded: 1,
            want_active: 2,
            want_succeeded: 1,
            want_patches: 3,
            ..Default::default()
        },
        SyncCase {
            name: "limited pods",
            parallelism: 100,
            completions: 200,
            backoff_limit: 6,
            pod_limit: 10,
            want_creations: 10,
            want_active: 10,
            ..Default::default()
        },
        SyncCase {
            name: "too many job failures",
            parallelism: 2,
            completions: 5,
            deleting: true,
            failed: 1,
            want_failed: 1,
            want_conditions: backoff_failed.clone(),
            want_patches: 1,
            ..Default::default()
        },
        SyncCase {
            name: "job failures, unsatisfied expectations",
            parallelism: 2,
            completions: 5,
            deleting: true,
            failed: 1,
            fake_expectation: 1,
            want_failed: 1,
            want_patches: 1,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job start",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            indexed: true,
            want_creations: 2,
            want_active: 2,
            want_indexes: vec![0, 1],
            ..Default::default()
        },
        SyncCase {
            name: "indexed job with some pods deleted, podReplacementPolicy Failed",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            indexed: true,
            want_creations: 1,
            want_active: 1,
            want_indexes: vec![0],
            replacement: Some("Failed"),
            terminating: 1,
            want_terminating: 1,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job with some pods deleted, podReplacementPolicy TerminatingOrFailed",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            indexed: true,
            want_creations: 2,
            want_active: 2,
            want_indexes: vec![0, 1],
            replacement: Some("TerminatingOrFailed"),
            terminating: 1,
            want_terminating: 1,
            want_patches: 1,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job completed",
            parallelism: 2,
            completions: 3,
            backoff_limit: 6,
            indexed: true,
            indexed_pods: vec![
                ("0", "Succeeded"),
                ("1", "Failed"),
                ("1", "Succeeded"),
                ("2", "Succeeded"),
            ],
            want_succeeded: 3,
            want_failed: 1,
            want_completed: "0-2",
            want_conditions: complete.clone(),
            want_patches: 4,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job failed",
            parallelism: 2,
            completions: 3,
            indexed: true,
            indexed_pods: vec![("0", "Succeeded"), ("1", "Failed"), ("2", "Running")],
            want_succeeded: 1,
            want_failed: 2,
            want_completed: "0",
            want_conditions: backoff_failed.clone(),
            want_patches: 3,
            want_deletions: 1,
            ..Default::default()
        },
        SyncCase {
            name: "count terminating pods when indexed job fails and PodReplacementPolicy enabled",
            parallelism: 2,
            completions: 3,
            indexed: true,
            indexed_pods: vec![("0", "Succeeded"), ("1", "Failed"), ("2", "Running")],
            want_succeeded: 1,
            want_failed: 2,
            want_completed: "0",
            want_conditions: vec![("FailureTarget", "True", BACKOFF.0, BACKOFF.1)],
            want_patches: 3,
            want_deletions: 1,
            want_terminating: 1,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "count ready pods when job fails",
            parallelism: 2,
            completions: 3,
            active: 2,
            ready: 2,
            failed: 1,
            want_failed: 3,
            want_conditions: backoff_failed.clone(),
            want_patches: 3,
            want_deletions: 2,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job repeated completed index",
            parallelism: 2,
            completions: 3,
            backoff_limit: 6,
            indexed: true,
            indexed_pods: vec![("0", "Succeeded"), ("1", "Succeeded"), ("1", "Succeeded")],
            want_creations: 1,
            want_active: 1,
            want_succeeded: 2,
            want_completed: "0,1",
            want_indexes: vec![2],
            want_patches: 3,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job some running and completed pods",
            parallelism: 8,
            completions: 20,
            backoff_limit: 6,
            indexed: true,
            indexed_pods: vec![
                ("0", "Running"),
                ("2", "Succeeded"),
                ("3", "Pending"),
                ("4", "Succeeded"),
                ("5", "Succeeded"),
                ("7", "Succeeded"),
                ("8", "Succeeded"),
                ("9", "Succeeded"),
            ],
            want_creations: 6,
            want_active: 8,
            want_succeeded: 6,
            want_completed: "2,4,5,7-9",
            want_indexes: vec![1, 6, 10, 11, 12, 13],
            want_patches: 6,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job some failed pods",
            parallelism: 3,
            completions: 4,
            backoff_limit: 6,
            indexed: true,
            indexed_pods: vec![("0", "Failed"), ("1", "Pending"), ("2", "Failed")],
            want_creations: 2,
            want_active: 3,
            want_failed: 2,
            want_indexes: vec![0, 2],
            want_patches: 2,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job some pods without index",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            indexed: true,
            active: 1,
            succeeded: 1,
            failed: 1,
            indexed_pods: vec![
                ("invalid", "Running"),
                ("invalid", "Succeeded"),
                ("invalid", "Failed"),
                ("invalid", "Pending"),
                ("0", "Succeeded"),
                ("1", "Running"),
                ("2", "Running"),
            ],
            want_deletions: 3,
            want_active: 2,
            want_succeeded: 1,
            want_completed: "0",
            want_patches: 8,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job repeated indexes",
            parallelism: 5,
            completions: 5,
            backoff_limit: 6,
            indexed: true,
            succeeded: 1,
            failed: 1,
            indexed_pods: vec![
                ("invalid", "Running"),
                ("0", "Succeeded"),
                ("1", "Running"),
                ("2", "Running"),
                ("2", "Pending"),
            ],
            want_deletions: 2,
            want_active: 2,
            want_succeeded: 1,
            want_completed: "0",
            want_patches: 5,
            ..Default::default()
        },
        SyncCase {
            name: "indexed job with indexes outside of range",
            parallelism: 2,
            completions: 5,
            backoff_limit: 6,
            indexed: true,
            indexed_pods: vec![
                ("0", "Succeeded"),
                ("5", "Running"),
                ("6", "Succeeded"),
                ("7", "Pending"),
                ("8", "Failed"),
            ],
            want_succeeded: 1,
            want_deletions: 2,
            want_completed: "0",
            want_patches: 5,
            ..Default::default()
        },
        SyncCase {
            name: "suspending a job with satisfied expectations",
            suspend: true,
            parallelism: 2,
            active: 2,
            completions: 4,
            backoff_limit: 6,
            want_deletions: 2,
            want_conditions: vec![SUSPENDED],
            want_patches: 2,
            ..Default::default()
        },
        SyncCase {
            name: "suspending a job with satisfied expectations; PodReplacementPolicy enabled",
            suspend: true,
            parallelism: 2,
            active: 2,
            completions: 4,
            backoff_limit: 6,
            want_deletions: 2,
            want_conditions: vec![SUSPENDED],
            want_patches: 2,
            want_terminating: 2,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "count ready pods when suspending a job with satisfied expectations",
            suspend: true,
            parallelism: 2,
            active: 2,
            ready: 2,
            completions: 4,
            backoff_limit: 6,
            want_deletions: 2,
            want_conditions: vec![SUSPENDED],
            want_patches: 2,
            ..Default::default()
        },
        SyncCase {
            name: "suspending a job with unsatisfied expectations",
            suspend: true,
            parallelism: 2,
            active: 3,
            fake_expectation: -1,
            completions: 4,
            backoff_limit: 6,
            want_active: 3,
            ..Default::default()
        },
        SyncCase {
            name: "count ready pods when suspending a job with unsatisfied expectations",
            suspend: true,
            parallelism: 2,
            active: 3,
            ready: 3,
            fake_expectation: -1,
            completions: 4,
            backoff_limit: 6,
            want_active: 3,
            want_ready: 3,
            ..Default::default()
        },
        SyncCase {
            name: "suspending a job with unsatisfied expectations; PodReplacementPolicy enabled",
            suspend: true,
            parallelism: 2,
            active: 3,
            fake_expectation: -1,
            completions: 4,
            backoff_limit: 6,
            want_active: 3,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "resuming a suspended job",
            was_suspended: true,
            parallelism: 2,
            completions: 4,
            backoff_limit: 6,
            want_creations: 2,
            want_active: 2,
            want_conditions: vec![("Suspended", "False", "JobResumed", "Job resumed")],
            ..Default::default()
        },
        SyncCase {
            name: "suspending a deleted job",
            suspend: true,
            deleting: true,
            parallelism: 2,
            active: 2,
            completions: 4,
            backoff_limit: 6,
            want_active: 2,
            want_patches: 2,
            ..Default::default()
        },
        SyncCase {
            name: "suspending a deleted job; PodReplacementPolicy enabled",
            suspend: true,
            deleting: true,
            parallelism: 2,
            active: 2,
            completions: 4,
            backoff_limit: 6,
            want_active: 2,
            want_patches: 2,
            delay_gates: true,
            terminating_gate: true,
            ..Default::default()
        },
        SyncCase {
            name: "FailureTarget=False condition added manually is ignored",
            parallelism: 1,
            completions: 1,
            active: 1,
            ready: 1,
            initial: Some((
                1,
                0,
                0,
                vec![(
                    "FailureTarget",
                    "False",
                    "ConditionAddedManually",
                    "Testing",
                )],
            )),
            want_active: 1,
            want_ready: 1,
            want_conditions: vec![(
                "FailureTarget",
                "False",
                "ConditionAddedManually",
                "Testing",
            )],
            ..Default::default()
        },
        SyncCase {
            name: "SuccessCriteriaMet=False condition added manually is ignored",
            parallelism: 1,
            completions: 1,
            active: 1,
            ready: 1,
            initial: Some((
                1,
                0,
                0,
                vec![(
                    "SuccessCriteriaMet",
                    "False",
                    "ConditionAddedManually",
                    "Testing",
                )],
            )),
            want_active: 1,
            want_ready: 1,
            want_conditions: vec![(
                "SuccessCriteriaMet",
                "False",
                "ConditionAddedManually",
                "Testing",
            )],
            ..Default::default()
        },
        SyncCase {
            name: "backoff limit exceeded; JobManagedBy enabled",
            parallelism: 2,
            completions: 3,
            indexed: true,
            indexed_pods: vec![("0", "Succeeded"), ("1", "Failed"), ("2", "Running")],
            want_succeeded: 1,
            want_failed: 2,
            want_completed: "0",
            want_conditions: vec![("FailureTarget", "True", BACKOFF.0, BACKOFF.1)],
            want_patches: 3,
            want_deletions: 1,
            delay_gates: true,
            ..Default::default()
        },
    ];
    let errs: Vec<String> = cases.into_iter().flat_map(run_sync_case).collect();
    assert!(errs.is_empty(), "{}", errs.join("\n"));
}
