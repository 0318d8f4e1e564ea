//! job_controller_test.go's syncJob tables for deadlines, podFailurePolicy,
//! backoffLimitPerIndex and managedBy, and the single-sync tests beside
//! them.

use super::*;

const DEADLINE: (&str, &str) = DEADLINE_EXCEEDED;
const ON_EXIT_CODE_MESSAGE_1: &str = "Container main-container for pod default/mypod-0 failed with exit code 5 matching FailJob rule at index 1";

// job_controller_test.go's TestSyncJobPastDeadline: (name, parallelism,
// completions, activeDeadlineSeconds, started seconds ago, backoffLimit,
// suspend, (active, succeeded, failed) pods) => deletions, status.
#[test]
fn sync_job_past_deadline() {
    type Case = (
        &'static str,
        i32,
        i32,
        i64,
        i64,
        i32,
        bool,
        (usize, usize, usize),
        usize,
        Want,
    );
    let failure_target = |r: (&'static str, &'static str)| ("FailureTarget", "True", r.0, r.1);
    let cases: Vec<Case> = vec![
        (
            "activeDeadlineSeconds less than single pod execution",
            1,
            1,
            10,
            15,
            6,
            false,
            (1, 0, 0),
            1,
            Want {
                failed: 1,
                conditions: None,
                ..Default::default()
            },
        ),
        (
            "activeDeadlineSeconds bigger than single pod execution",
            1,
            2,
            10,
            15,
            6,
            false,
            (1, 1, 0),
            1,
            Want {
                succeeded: 1,
                failed: 1,
                conditions: None,
                ..Default::default()
            },
        ),
        (
            "activeDeadlineSeconds times-out before any pod starts",
            1,
            1,
            10,
            10,
            6,
            false,
            (0, 0, 0),
            0,
            Want {
                conditions: None,
                ..Default::default()
            },
        ),
        (
            "activeDeadlineSeconds with backofflimit reach",
            1,
            1,
            1,
            10,
            0,
            false,
            (0, 0, 1),
            0,
            Want {
                failed: 1,
                conditions: None,
                ..Default::default()
            },
        ),
        (
            "activeDeadlineSeconds is not triggered when Job is suspended",
            1,
            2,
            10,
            15,
            6,
            true,
            (0, 0, 0),
            0,
            Want {
                conditions: Some(vec![SUSPENDED]),
                ..Default::default()
            },
        ),
        (
            "activeDeadlineSeconds exceeded; JobPodReplacementPolicy enabled",
            1,
            2,
            10,
            15,
            6,
            false,
            (1, 1, 0),
            1,
            Want {
                succeeded: 1,
                failed: 1,
                conditions: Some(vec![failure_target(DEADLINE)]),
                ..Default::default()
            },
        ),
        (
            "activeDeadlineSeconds exceeded; JobManagedBy enabled",
            1,
            2,
            10,
            15,
            6,
            false,
            (1, 1, 0),
            1,
            Want {
                succeeded: 1,
                failed: 1,
                conditions: Some(vec![failure_target(DEADLINE)]),
                ..Default::default()
            },
        ),
        (
            "activeDeadlineSeconds exceeded and backofflimit reached; JobManagedBy enabled",
            1,
            1,
            1,
            10,
            0,
            false,
            (0, 0, 1),
            0,
            Want {
                failed: 1,
                conditions: Some(vec![
                    failure_target(BACKOFF),
                    ("Failed", "True", BACKOFF.0, BACKOFF.1),
                ]),
                ..Default::default()
            },
        ),
    ];
    let mut errs = Vec::new();
    for (
        name,
        parallelism,
        completions,
        deadline,
        started_ago,
        backoff_limit,
        suspend,
        (active, succeeded, failed),
        deletions,
        want,
    ) in cases
    {
        let mut job = new_job(parallelism, completions, backoff_limit, false);
        job.spec.active_deadline_seconds = Some(deadline);
        job.spec.suspend = Some(suspend);
        job.status.start_time = Some(NOW.plus_secs(-started_ago));
        let mut world = setup(
            job,
            pods_by_phase(0, active, 0, succeeded, failed, 0),
            false,
        );
        let got = sync_world(&mut world);
        check(&mut errs, name, "creations", got.created().len(), 0);
        check(&mut errs, name, "deletions", got.deletions(), deletions);
        check(
            &mut errs,
            name,
            "startTime",
            got.job.status.start_time.is_some(),
            true,
        );
        check_status(&mut errs, name, &got, want);
    }
    assert!(errs.is_empty(), "{}", errs.join("\n"));
}

// job_controller_test.go's TestSingleJobFailedCondition: a Failed=False
// condition becomes the one Failed=True condition past the deadline.
#[test]
fn single_job_failed_condition() {
    let mut job = new_job(1, 1, 6, false);
    job.spec.active_deadline_seconds = Some(10);
    job.status.start_time = Some(NOW.plus_secs(-15));
    job.status.conditions.push(job_condition(
        "Failed", "False", DEADLINE.0, DEADLINE.1, NOW,
    ));
    let got = sync_world(&mut setup(job, vec![], false));
    assert_eq!(got.deletions(), 0);
    let failed: Vec<_> = got
        .job
        .status
        .conditions
        .iter()
        .filter(|c| c.type_ == "Failed")
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].status, "True");
}

// job_controller_test.go's TestSyncJobComplete: a complete Job is left
// as it is.
#[test]
fn sync_job_complete() {
    let mut job = new_job(1, 1, 6, false);
    job.status
        .conditions
        .push(job_condition("Complete", "True", "", "", NOW));
    let got = sync_world(&mut setup(job, vec![], false));
    assert!(
        got.writes.is_empty(),
        "{:?}",
        got.writes.iter().map(|w| &w.key).collect::<Vec<_>>()
    );
    assert_eq!(got.job.status.conditions.len(), 1);
}

// job_controller_test.go's TestSyncJobDeleted: a Job the cache does not
// hold creates and deletes nothing.
#[test]
fn sync_job_deleted() {
    let mut world = World::new(1, NOW);
    world.write(|s, c| s.create(crate::testing::namespace("default"), c).unwrap());
    let mut ctx = Ctx::new(&mut world, ControllerId::Job, "job-controller");
    JobController.reconcile(&job_key(), &mut ctx);
    assert!(ctx.writes.is_empty());
}

// job_controller_test.go's TestSyncJobWhenManagedBy (JobManagedBy is on
// in v1.32): only a Job without managedBy, or managed by the built-in
// controller, is synced.
#[test]
fn sync_job_when_managed_by() {
    let cases = [
        // Validation wants a domain-prefixed name; upstream's test skips it.
        (
            "job with custom value of managedBy; feature enabled; the status is unchanged",
            Some("example.com/custom-managed-by"),
            false,
        ),
        (
            "job with well known value of the managedBy; feature enabled; the status is updated",
            Some("kubernetes.io/job-controller"),
            true,
        ),
        (
            "job without the managedBy; feature enabled; the status is updated",
            None,
            true,
        ),
    ];
    for (name, managed_by, synced) in cases {
        let mut job = new_job(2, 2, 6, false);
        job.spec.managed_by = managed_by.map(str::to_string);
        job.status.active = Some(1);
        job.status.ready = Some(1);
        job.status.start_time = Some(NOW);
        let got = sync_world(&mut setup(job, vec![], false));
        let st = &got.job.status;
        let want = if synced {
            (Some(2), Some(0), Some(0))
        } else {
            (Some(1), Some(1), None)
        };
        assert_eq!((st.active, st.ready, st.terminating), want, "{name}");
        assert_eq!(st.start_time, Some(NOW), "{name}");
        assert_eq!(got.created().len(), if synced { 2 } else { 0 }, "{name}");
    }
}

/// upstream's onExitCodeRules: Ignore 1-3, FailJob 5-7.
fn on_exit_code_rules() -> Value {
    json!({"rules": [
        {"action": "Ignore", "onExitCodes": {"operator": "In", "values": [1, 2, 3]}},
        {"action": "FailJob", "onExitCodes": {"operator": "In", "values": [5, 6, 7]}}
    ]})
}

fn failed_with(statuses: Value) -> Value {
    json!({"phase": "Failed", "containerStatuses": statuses})
}

// job_controller_test.go's TestSyncJobWithJobPodFailurePolicy: a Job
// (parallelism, completions, backoffLimit, indexed, policy, status
// conditions) and its pods mypod-<i> => status.
#[test]
fn sync_job_with_pod_failure_policy() {
    let main = |code: i32| terminated("main-container", code, None);
    let failed_main_5 = || PodIn::new("", "").status(failed_with(json!([main(5)])));
    let ft = |m: &'static str| -> Vec<Cond> {
        vec![
            ("FailureTarget", "True", "PodFailurePolicy", m),
            ("Failed", "True", "PodFailurePolicy", m),
        ]
    };
    let disruption = json!({"rules": [{"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget", "status": "True"}]}]});
    let disrupted =
        json!({"phase": "Failed", "conditions": [{"type": "DisruptionTarget", "status": "True"}]});
    type Case = (
        &'static str,
        (i32, i32, i32, bool),
        Value,
        Vec<Cond>,
        Vec<PodIn>,
        Want,
    );
    let cases: Vec<Case> = vec![
        (
            "default handling for pod failure if the container matching the exit codes does not match the containerName restriction",
            (1, 1, 6, false),
            json!({"rules": [
                {"action": "Ignore", "onExitCodes": {"containerName": "main-container", "operator": "In", "values": [1, 2, 3]}},
                {"action": "FailJob", "onExitCodes": {"containerName": "main-container", "operator": "In", "values": [5, 6, 7]}}
            ]}),
            vec![],
            vec![PodIn::new("", "").status(failed_with(json!([terminated("monitoring-container", 5, None), terminated("main-container", 42, Some(LONG_AGO_TEXT))])))],
            Want { active: 1, failed: 1, ..Default::default() },
        ),
        (
            "running pod should not result in job fail based on OnExitCodes",
            (1, 1, 6, false),
            on_exit_code_rules(),
            vec![],
            vec![PodIn::new("", "").status(json!({"phase": "Running", "containerStatuses": [main(5)]}))],
            Want { active: 1, ..Default::default() },
        ),
        ("fail job based on OnExitCodes", (1, 1, 6, false), on_exit_code_rules(), vec![], vec![failed_main_5()], Want { failed: 1, conditions: Some(ft(ON_EXIT_CODE_MESSAGE_1)), ..Default::default() }),
        (
            "job marked already as failure target with failed pod",
            (1, 1, 6, false),
            on_exit_code_rules(),
            vec![("FailureTarget", "True", "PodFailurePolicy", ON_EXIT_CODE_MESSAGE_1)],
            vec![failed_main_5()],
            Want { failed: 1, conditions: Some(ft(ON_EXIT_CODE_MESSAGE_1)), ..Default::default() },
        ),
        (
            "job marked already as failure target with failed pod, message based on already deleted pod",
            (1, 1, 6, false),
            on_exit_code_rules(),
            vec![("FailureTarget", "True", "PodFailurePolicy", "Container main-container for pod default/already-deleted-pod failed with exit code 5 matching FailJob rule at index 1")],
            vec![failed_main_5()],
            Want {
                failed: 1,
                conditions: Some(ft("Container main-container for pod default/already-deleted-pod failed with exit code 5 matching FailJob rule at index 1")),
                ..Default::default()
            },
        ),
        // With the gates off upstream marks it Failed at once; v1.32 waits
        // for the running pod it deletes.
        ("fail job with multiple pods", (2, 2, 6, false), on_exit_code_rules(), vec![], vec![PodIn::new("", "Running"), failed_main_5()], Want { failed: 2, conditions: None, ..Default::default() }),
        (
            "fail job with multiple pods; JobManagedBy enabled delays setting terminal condition",
            (2, 2, 6, false),
            on_exit_code_rules(),
            vec![],
            vec![PodIn::new("", "Running"), failed_main_5()],
            Want {
                failed: 2,
                conditions: Some(vec![("FailureTarget", "True", "PodFailurePolicy", "Container main-container for pod default/mypod-1 failed with exit code 5 matching FailJob rule at index 1")]),
                ..Default::default()
            },
        ),
        ("fail indexed job based on OnExitCodes", (1, 1, 6, true), on_exit_code_rules(), vec![], vec![failed_main_5()], Want { failed: 1, conditions: Some(ft(ON_EXIT_CODE_MESSAGE_1)), ..Default::default() }),
        (
            "fail job based on OnExitCodes with NotIn operator",
            (1, 1, 6, false),
            json!({"rules": [{"action": "FailJob", "onExitCodes": {"operator": "NotIn", "values": [5, 6, 7]}}]}),
            vec![],
            vec![PodIn::new("", "").status(failed_with(json!([main(42)])))],
            Want { failed: 1, conditions: Some(ft("Container main-container for pod default/mypod-0 failed with exit code 42 matching FailJob rule at index 0")), ..Default::default() },
        ),
        (
            "default handling job based on OnExitCodes with NotIn operator",
            (1, 1, 6, false),
            json!({"rules": [{"action": "FailJob", "onExitCodes": {"operator": "NotIn", "values": [5, 6, 7]}}]}),
            vec![],
            vec![PodIn::new("", "").status(failed_with(json!([terminated("main-container", 5, Some(LONG_AGO_TEXT))])))],
            Want { active: 1, failed: 1, ..Default::default() },
        ),
        (
            "fail job based on OnExitCodes for InitContainer",
            (1, 1, 6, false),
            on_exit_code_rules(),
            vec![],
            vec![PodIn::new("", "").status(json!({"phase": "Failed", "initContainerStatuses": [terminated("init-container", 5, None)], "containerStatuses": [main(143)]}))],
            Want { failed: 1, conditions: Some(ft("Container init-container for pod default/mypod-0 failed with exit code 5 matching FailJob rule at index 1")), ..Default::default() },
        ),
        (
            "ignore pod failure; both rules are matching, the first is executed only",
            (1, 1, 0, false),
            on_exit_code_rules(),
            vec![],
            vec![PodIn::new("", "").status(failed_with(json!([terminated("container1", 2, None), terminated("container2", 6, None)])))],
            Want { active: 1, ..Default::default() },
        ),
        ("ignore pod failure based on OnExitCodes", (1, 1, 0, false), on_exit_code_rules(), vec![], vec![PodIn::new("", "").status(failed_with(json!([terminated("", 1, None)])))], Want { active: 1, ..Default::default() }),
        // Upstream's gates-off twin marks it Failed at once.
        (
            "default job based on OnExitCodes; JobManagedBy enabled triggers adding interim condition",
            (1, 1, 0, false),
            on_exit_code_rules(),
            vec![],
            vec![PodIn::new("", "").status(failed_with(json!([terminated("", 10, None)])))],
            Want { failed: 1, conditions: Some(vec![("FailureTarget", "True", BACKOFF.0, BACKOFF.1), ("Failed", "True", BACKOFF.0, BACKOFF.1)]), ..Default::default() },
        ),
        (
            "count pod failure based on OnExitCodes; both rules are matching, the first is executed only",
            (1, 1, 6, false),
            json!({"rules": [
                {"action": "Count", "onExitCodes": {"operator": "In", "values": [1, 2]}},
                {"action": "Ignore", "onExitCodes": {"operator": "In", "values": [2, 3]}}
            ]}),
            vec![],
            vec![PodIn::new("", "").status(failed_with(json!([terminated("", 2, Some(LONG_AGO_TEXT))])))],
            Want { active: 1, failed: 1, ..Default::default() },
        ),
        (
            "count pod failure based on OnPodConditions; both rules are matching, the first is executed only",
            (1, 1, 6, false),
            json!({"rules": [
                {"action": "Count", "onPodConditions": [{"type": "ResourceLimitExceeded", "status": "True"}]},
                {"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget", "status": "True"}]}
            ]}),
            vec![],
            vec![PodIn::new("", "").status(json!({"phase": "Failed",
                "conditions": [{"type": "ResourceLimitExceeded", "status": "True"}, {"type": "DisruptionTarget", "status": "True"}],
                "containerStatuses": [terminated("", 0, Some(LONG_AGO_TEXT))]}))],
            Want { active: 1, failed: 1, ..Default::default() },
        ),
        ("ignore pod failure based on OnPodConditions", (1, 1, 0, false), disruption.clone(), vec![], vec![PodIn::new("", "").status(disrupted.clone())], Want { active: 1, ..Default::default() }),
        (
            "ignore pod failure based on OnPodConditions, ignored failures delays pod recreation",
            (1, 1, 0, false),
            disruption,
            vec![],
            vec![PodIn::new("", "").status(disrupted.clone()).terminating()],
            Want::default(),
        ),
        (
            "fail job based on OnPodConditions",
            (1, 1, 6, false),
            json!({"rules": [{"action": "FailJob", "onPodConditions": [{"type": "DisruptionTarget", "status": "True"}]}]}),
            vec![],
            vec![PodIn::new("", "").status(disrupted)],
            Want { failed: 1, conditions: Some(ft("Pod default/mypod-0 has condition DisruptionTarget matching FailJob rule at index 0")), ..Default::default() },
        ),
        (
            "terminating Pod not considered failed when JobPodFailurePolicy is enabled and used",
            (1, -1, 0, false),
            json!({"rules": [{"action": "Count", "onPodConditions": [{"type": "DisruptionTarget", "status": "True"}]}]}),
            vec![],
            vec![PodIn::new("", "").status(json!({})).terminating()],
            Want::default(),
        ),
    ];
    let mut errs = Vec::new();
    for (
        name,
        (parallelism, completions, backoff_limit, indexed),
        policy,
        conditions,
        pods,
        want,
    ) in cases
    {
        let mut job = job_with(
            parallelism,
            completions,
            backoff_limit,
            indexed,
            json!({"podFailurePolicy": policy, "podReplacementPolicy": "Failed"}),
        );
        for (t, s, r, m) in conditions {
            job.status.conditions.push(job_condition(t, s, r, m, NOW));
        }
        let pods = pods
            .into_iter()
            .enumerate()
            .map(|(i, mut p)| {
                p.name = format!("mypod-{i}");
                if indexed {
                    p = p.index(&i.to_string());
                }
                p
            })
            .collect();
        let got = sync_world(&mut setup(job, pods, false));
        check_status(&mut errs, name, &got, want);
    }
    assert!(errs.is_empty(), "{}", errs.join("\n"));
}

// job_controller_test.go's TestSyncJobWithJobBackoffLimitPerIndex: an
// Indexed Job with backoffLimitPerIndex (parallelism = completions,
// backoffLimit, backoffLimitPerIndex, maxFailedIndexes, podFailurePolicy)
// and its pods (index, phase or status, failure count) => status.
#[test]
fn sync_job_with_backoff_limit_per_index() {
    let max = i32::MAX;
    let failed_indexes = |m: (&'static str, &'static str)| -> Vec<Cond> {
        vec![
            ("FailureTarget", "True", m.0, m.1),
            ("Failed", "True", m.0, m.1),
        ]
    };
    let exit_3 = json!({"phase": "Failed", "containerStatuses": [terminated("x", 3, None)]});
    let p =
        |ix: &str, phase: &str, count: &str| PodIn::new("", phase).index(ix).failure_count(count);
    type Case = (
        &'static str,
        (i32, i32, i32, Option<i32>),
        Option<Value>,
        Vec<PodIn>,
        Want,
    );
    let cases: Vec<Case> = vec![
        (
            "successful job after a single failure within index",
            (2, max, 1, None),
            None,
            vec![p("0", "Failed", "0"), p("0", "Succeeded", "1"), p("1", "Succeeded", "0")],
            Want {
                failed: 1,
                succeeded: 2,
                terminating: Some(0),
                completed: "0,1",
                failed_indexes: Some(""),
                conditions: Some(vec![("SuccessCriteriaMet", "True", COMPLETIONS_REACHED.0, COMPLETIONS_REACHED.1), ("Complete", "True", COMPLETIONS_REACHED.0, COMPLETIONS_REACHED.1)]),
                ..Default::default()
            },
        ),
        (
            "single failed pod, not counted as the replacement pod creation is delayed",
            (2, max, 1, None),
            None,
            vec![p("0", "Failed", "0")],
            Want { active: 2, terminating: Some(0), failed_indexes: Some(""), ..Default::default() },
        ),
        (
            "single failed pod replaced already",
            (2, max, 1, None),
            None,
            vec![p("0", "Failed", "0"), p("0", "Pending", "1")],
            Want { active: 2, failed: 1, terminating: Some(0), failed_indexes: Some(""), ..Default::default() },
        ),
        (
            "single failed index due to exceeding the backoff limit per index, the job continues",
            (2, max, 1, None),
            None,
            vec![p("0", "Failed", "1")],
            Want { active: 1, failed: 1, failed_indexes: Some("0"), terminating: Some(0), ..Default::default() },
        ),
        (
            "single failed index due to FailIndex action, the job continues",
            (2, max, 1, None),
            Some(json!({"rules": [{"action": "FailIndex", "onExitCodes": {"operator": "In", "values": [3]}}]})),
            vec![p("0", "", "0").status(exit_3.clone())],
            Want { active: 1, failed: 1, failed_indexes: Some("0"), terminating: Some(0), ..Default::default() },
        ),
        (
            "job failed index due to FailJob action",
            (2, 6, 1, None),
            Some(json!({"rules": [{"action": "FailJob", "onExitCodes": {"operator": "In", "values": [3]}}]})),
            vec![p("0", "", "0").status(exit_3.clone())],
            Want {
                failed: 1,
                failed_indexes: Some(""),
                terminating: Some(0),
                conditions: Some(vec![
                    ("FailureTarget", "True", "PodFailurePolicy", "Container x for pod default/mypod-0 failed with exit code 3 matching FailJob rule at index 0"),
                    ("Failed", "True", "PodFailurePolicy", "Container x for pod default/mypod-0 failed with exit code 3 matching FailJob rule at index 0"),
                ]),
                ..Default::default()
            },
        ),
        (
            "job pod failure ignored due to matching Ignore action",
            (2, 6, 1, None),
            Some(json!({"rules": [{"action": "Ignore", "onExitCodes": {"operator": "In", "values": [3]}}]})),
            vec![p("0", "", "0").status(exit_3)],
            Want { active: 2, failed_indexes: Some(""), terminating: Some(0), ..Default::default() },
        ),
        (
            "job failed due to exceeding backoffLimit before backoffLimitPerIndex",
            (2, 1, 1, None),
            None,
            vec![p("0", "Failed", "0"), p("1", "Failed", "0")],
            Want { failed: 2, failed_indexes: Some(""), terminating: Some(0), conditions: Some(failed_indexes(BACKOFF)), ..Default::default() },
        ),
        (
            "job failed due to failed indexes",
            (2, max, 1, None),
            None,
            vec![p("0", "Failed", "1"), p("1", "Succeeded", "0")],
            Want { failed: 1, succeeded: 1, terminating: Some(0), failed_indexes: Some("0"), completed: "1", conditions: Some(failed_indexes(FAILED_INDEXES)), ..Default::default() },
        ),
        (
            "job failed due to exceeding max failed indexes",
            (4, max, 1, Some(1)),
            None,
            vec![p("0", "Failed", "1"), p("1", "Succeeded", "0"), p("2", "Failed", "1"), p("3", "Running", "0")],
            Want {
                failed: 3,
                succeeded: 1,
                terminating: Some(1),
                failed_indexes: Some("0,2"),
                completed: "1",
                conditions: Some(vec![("FailureTarget", "True", MAX_FAILED_INDEXES.0, MAX_FAILED_INDEXES.1)]),
                ..Default::default()
            },
        ),
        (
            "job failed due to failed indexes; JobManagedBy enabled",
            (2, max, 1, None),
            None,
            vec![p("0", "Failed", "1"), p("1", "Succeeded", "0")],
            Want { failed: 1, succeeded: 1, failed_indexes: Some("0"), completed: "1", conditions: Some(failed_indexes(FAILED_INDEXES)), ..Default::default() },
        ),
        (
            "job failed due to exceeding max failed indexes; JobManagedBy enabled",
            (4, max, 1, Some(1)),
            None,
            vec![p("0", "Failed", "1"), p("1", "Succeeded", "0"), p("2", "Failed", "1"), p("3", "Running", "0")],
            Want {
                failed: 3,
                succeeded: 1,
                failed_indexes: Some("0,2"),
                completed: "1",
                conditions: Some(vec![("FailureTarget", "True", MAX_FAILED_INDEXES.0, MAX_FAILED_INDEXES.1)]),
                ..Default::default()
            },
        ),
    ];
    let mut errs = Vec::new();
    for (name, (n, backoff_limit, per_index, max_failed), policy, pods, want) in cases {
        let mut spec = json!({"backoffLimitPerIndex": per_index});
        if let Some(m) = max_failed {
            spec["maxFailedIndexes"] = json!(m);
        }
        if let Some(policy) = policy {
            spec["podFailurePolicy"] = policy;
        }
        let job = job_with(n, n, backoff_limit, true, spec);
        let pods = pods
            .into_iter()
            .enumerate()
            .map(|(i, mut p)| {
                p.name = format!("mypod-{i}");
                p
            })
            .collect();
        let got = sync_world(&mut setup(job, pods, false));
        check_status(&mut errs, name, &got, want);
    }
    assert!(errs.is_empty(), "{}", errs.join("\n"));
}

// job_controller_test.go's TestJobBackoffForOnFailure: restartPolicy
// OnFailure, (parallelism, completions, backoffLimit, suspend) and pods
// of one phase with these restart counts => status. The final condition
// of a case upstream ran with the delaying gates off is not checked (the
// "; JobPodReplacementPolicy enabled" and "; JobManagedBy enabled" twins
// give v1.32's).
#[test]
fn job_backoff_for_on_failure() {
    let failure_target: Vec<Cond> = vec![("FailureTarget", "True", BACKOFF.0, BACKOFF.1)];
    let reached = |t: &'static str| (t, "True", COMPLETIONS_REACHED.0, COMPLETIONS_REACHED.1);
    type Case = (
        &'static str,
        (i32, i32, i32, bool),
        Vec<i32>,
        &'static str,
        Want,
    );
    let cases: Vec<Case> = vec![
        ("backoffLimit 0 should have 1 pod active", (1, 1, 0, false), vec![0], "Running", Want { active: 1, ..Default::default() }),
        ("backoffLimit 1 with restartCount 0 should have 1 pod active", (1, 1, 1, false), vec![0], "Running", Want { active: 1, ..Default::default() }),
        ("backoffLimit 1 with restartCount 1 and podRunning should have 0 pod active", (1, 1, 1, false), vec![1], "Running", Want { failed: 1, conditions: None, ..Default::default() }),
        ("backoffLimit 1 with restartCount 1 and podPending should have 0 pod active", (1, 1, 1, false), vec![1], "Pending", Want { failed: 1, conditions: None, ..Default::default() }),
        ("too many job failures with podRunning - single pod", (1, 5, 2, false), vec![2], "Running", Want { failed: 1, conditions: None, ..Default::default() }),
        ("too many job failures with podPending - single pod", (1, 5, 2, false), vec![2], "Pending", Want { failed: 1, conditions: None, ..Default::default() }),
        ("too many job failures with podRunning - multiple pods", (2, 5, 2, false), vec![1, 1], "Running", Want { failed: 2, conditions: None, ..Default::default() }),
        ("too many job failures with podPending - multiple pods", (2, 5, 2, false), vec![1, 1], "Pending", Want { failed: 2, conditions: None, ..Default::default() }),
        ("not enough failures", (2, 5, 3, false), vec![1, 1], "Running", Want { active: 2, ..Default::default() }),
        ("suspending a job", (2, 4, 6, true), vec![1, 1], "Running", Want { conditions: Some(vec![SUSPENDED]), ..Default::default() }),
        ("finished job", (2, 4, 6, true), vec![1, 1, 2, 0], "Succeeded", Want { succeeded: 4, conditions: None, ..Default::default() }),
        (
            "finished job; JobPodReplacementPolicy enabled",
            (2, 4, 6, true),
            vec![1, 1, 2, 0],
            "Succeeded",
            Want { succeeded: 4, conditions: Some(vec![reached("SuccessCriteriaMet"), reached("Complete")]), ..Default::default() },
        ),
        (
            "too many job failures with podRunning - multiple pods; JobPodReplacementPolicy enabled",
            (2, 5, 2, false),
            vec![1, 1],
            "Running",
            Want { failed: 2, conditions: Some(failure_target.clone()), ..Default::default() },
        ),
    ];
    let mut errs = Vec::new();
    for (name, (parallelism, completions, backoff_limit, suspend), restarts, phase, want) in cases {
        let mut job = new_job(parallelism, completions, backoff_limit, false);
        job.spec.template.spec.restart_policy = Some("OnFailure".into());
        job.spec.suspend = Some(suspend);
        let pods = restarts
            .iter()
            .enumerate()
            .map(|(i, n)| {
                PodIn::new(format!("pod-{i}"), phase).status(json!({"phase": phase, "containerStatuses": [{"name": "c", "state": {}, "ready": false, "restartCount": n, "image": "", "imageID": ""}]}))
            })
            .collect();
        let got = sync_world(&mut setup(job, pods, false));
        check_status(&mut errs, name, &got, want);
    }
    assert!(errs.is_empty(), "{}", errs.join("\n"));
}

// job_controller_test.go's TestPastDeadlineJobFinished ("New job created
// without start time being set"), with the whole engine: the Job gets
// its start time, runs, and fails with DeadlineExceeded no earlier than
// activeDeadlineSeconds after it. (A Job created with a start time is not
// possible here: the API server drops a new object's status.)
#[test]
fn past_deadline_job_finished() {
    let mut e = crate::Engine::with_default_cluster(1);
    let mut job = new_job(1, 1, 6, false);
    job.metadata.name = "job1".into();
    job.spec.active_deadline_seconds = Some(1);
    job.spec.template.spec.containers[0].image = Some("nginx:1.25".into());
    crate::client::create(&mut e, Object::Job(Box::new(job))).unwrap();
    e.settle(crate::DEFAULT_SETTLE_MS);
    let job = e
        .store()
        .get_by(Kind::Job, "default", "job1")
        .and_then(|o| o.as_job().cloned())
        .unwrap();
    let failed = find_condition(&job.status.conditions, "Failed").expect("a Failed condition");
    assert_eq!(
        (failed.status.as_str(), failed.reason.as_deref()),
        ("True", Some(DEADLINE.0))
    );
    let start = job.status.start_time.expect("a start time");
    assert!(failed.last_transition_time.unwrap().millis() - start.millis() >= 1_000);
}
