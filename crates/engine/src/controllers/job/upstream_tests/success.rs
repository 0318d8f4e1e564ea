//! successPolicy (JobSuccessPolicy, on since v1.31): success_policy_test.go's
//! TestMatchSuccessPolicy and job_controller_test.go's
//! TestSyncJobWithJobSuccessPolicy.

use super::*;

fn rule(indexes: Option<&str>, count: Option<i32>) -> Value {
    let mut r = json!({});
    if let Some(i) = indexes {
        r["succeededIndexes"] = json!(i);
    }
    if let Some(c) = count {
        r["succeededCount"] = json!(c);
    }
    r
}

// success_policy_test.go's TestMatchSuccessPolicy: (rules, succeeded
// intervals) with 10 completions => the matched rule's message.
#[test]
fn match_success_policy() {
    let iv = |v: &[(i32, i32)]| -> BTreeSet<i32> { v.iter().flat_map(|(a, b)| *a..=*b).collect() };
    let matched = Some("Matched rules at index 0");
    type Case<'a> = (
        &'a str,
        Option<Vec<Value>>,
        Vec<(i32, i32)>,
        Option<&'a str>,
    );
    let cases: Vec<Case> = vec![
        ("successPolicy is null", None, vec![(0, 0)], None),
        ("any rules are nothing", Some(vec![]), vec![(0, 0)], None),
        ("rules.succeededIndexes is invalid format", Some(vec![rule(Some("invalid-form"), None)]), vec![(0, 0)], None),
        ("rules.succeededIndexes is specified; succeededIndexes matched rules", Some(vec![rule(Some("0-2"), None)]), vec![(0, 2), (4, 7)], matched),
        ("rules.succeededIndexes is specified; succeededIndexes didn't match rules", Some(vec![rule(Some("3"), None)]), vec![(0, 2)], None),
        ("rules.succeededCount is specified; succeededIndexes matched rules", Some(vec![rule(None, Some(2))]), vec![(0, 2)], matched),
        ("rules.succeededCount is specified; succeededIndexes didn't match rules", Some(vec![rule(None, Some(4))]), vec![(0, 2)], None),
        (
            "multiple rules; rules.succeededIndexes is specified; succeededIndexes met one of rules",
            Some(vec![rule(Some("9"), None), rule(Some("4,6"), None)]),
            vec![(0, 2), (4, 7)],
            Some("Matched rules at index 1"),
        ),
        ("multiple rules; rules.succeededIndexes is specified; succeededIndexes met all rules", Some(vec![rule(Some("0,1"), None), rule(Some("5"), None)]), vec![(0, 2), (4, 7)], matched),
        ("rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes met all rules", Some(vec![rule(Some("3-6"), Some(2))]), vec![(0, 2), (4, 7)], matched),
        ("rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes didn't match rules", Some(vec![rule(Some("3-6"), Some(2))]), vec![(0, 2), (6, 7)], None),
        ("rules.succeededIndexes is specified; succeededIndexes are nothing", Some(vec![rule(None, Some(4))]), vec![], None),
        ("rules is proper subset of succeededIndexes", Some(vec![rule(Some("2-4,6-8"), None)]), vec![(1, 5), (6, 9)], matched),
        ("rules equals succeededIndexes", Some(vec![rule(Some("2-4,6-9"), None)]), vec![(2, 4), (6, 9)], matched),
        ("rules is subset of succeededIndexes", Some(vec![rule(Some("2-4,8-12"), None)]), vec![(2, 5), (7, 15)], matched),
        ("rules is an empty set", Some(vec![rule(Some(""), None)]), vec![(1, 3)], None),
        ("succeededIndexes is an empty set", Some(vec![rule(Some(""), None)]), vec![], None),
        ("all elements of rules.succeededIndexes aren't included in succeededIndexes", Some(vec![rule(Some("10-12,14-16"), None)]), vec![(1, 3), (5, 7)], None),
        ("rules overlaps succeededIndexes at first", Some(vec![rule(Some("1-3,5-7"), None)]), vec![(2, 4), (6, 8)], None),
        ("rules overlaps succeededIndexes at first; succeededCount", Some(vec![rule(Some("1-3,5-7"), Some(4))]), vec![(2, 4), (6, 8)], matched),
        ("rules overlaps succeededIndexes at last", Some(vec![rule(Some("2-4,6-9"), None)]), vec![(1, 3), (5, 7)], None),
        ("rules overlaps succeededIndexes at last; succeededCount", Some(vec![rule(Some("2-4,6-9"), Some(4))]), vec![(1, 3), (5, 7)], matched),
        ("rules completely overlaps succeededIndexes", Some(vec![rule(Some("0-4,6-9"), None)]), vec![(1, 3), (7, 8)], None),
        ("rules completely overlaps succeededIndexes; succeededCount", Some(vec![rule(Some("0-4,6-9"), Some(5))]), vec![(1, 3), (7, 8)], matched),
        ("rules overlaps multiple succeededIndexes at last", Some(vec![rule(Some("0-6,8-9"), None)]), vec![(1, 3), (5, 9)], None),
        ("rules overlaps multiple succeededIndexes at last; succeededCount", Some(vec![rule(Some("0-6,8-9"), Some(7))]), vec![(1, 3), (5, 9)], matched),
        ("rules overlaps succeededIndexes at first, and rules equals succeededIndexes at last", Some(vec![rule(Some("0-5,7-9"), None)]), vec![(1, 5), (7, 10)], None),
        ("rules overlaps at first, equals at last; succeededCount", Some(vec![rule(Some("0-5,7-9"), Some(8))]), vec![(1, 5), (7, 10)], matched),
        ("the first rules overlaps succeededIndexes at first", Some(vec![rule(Some("0-3,6-9"), None)]), vec![(1, 10)], None),
        ("the first rules overlaps succeededIndexes at first; succeededCount", Some(vec![rule(Some("0-3,6-9"), Some(7))]), vec![(1, 10)], matched),
    ];
    for (name, rules, succeeded, want) in cases {
        let got = rules
            .and_then(|r| indexed::matched_success_rule(&json!({"rules": r}), 10, &iv(&succeeded)));
        assert_eq!(got.as_deref(), want, "{name}");
    }
}

// job_controller_test.go's TestSyncJobWithJobSuccessPolicy: an Indexed
// Job (parallelism = completions, backoffLimit, backoffLimitPerIndex,
// successPolicy rule, podFailurePolicy, status) and its pods => status.
// The cases upstream ran with both JobPodReplacementPolicy and JobManagedBy
// off (Complete at once) and with JobSuccessPolicy off are left out.
#[test]
fn sync_job_with_success_policy() {
    let max = i32::MAX;
    let scm: Cond = (
        "SuccessCriteriaMet",
        "True",
        "SuccessPolicy",
        "Matched rules at index 0",
    );
    let complete: Cond = (
        "Complete",
        "True",
        "SuccessPolicy",
        "Matched rules at index 0",
    );
    let disruption_msg =
        "Pod default/mypod-0 has condition DisruptionTarget matching FailJob rule at index 0";
    let fail_on_disruption = json!({"rules": [{"action": "FailJob", "onPodConditions": [{"type": "DisruptionTarget", "status": "True"}]}]});
    let disrupted = || {
        PodIn::new("", "").status(json!({"phase": "Failed", "conditions": [{"type": "DisruptionTarget", "status": "True"}]}))
    };
    let p = |ix: &str, phase: &str| PodIn::new("", phase).index(ix);
    let zero_one = rule(Some("0,1"), Some(1));
    type Case = (
        &'static str,
        (i32, i32, Option<i32>),
        Value,
        Option<Value>,
        (Vec<Cond>, Option<(i32, i32)>),
        Vec<PodIn>,
        Want,
    );
    let cases: Vec<Case> = vec![
        (
            "job has SuccessCriteriaMet condition if job meets to successPolicy and some indexes fail",
            (3, max, None),
            zero_one.clone(),
            None,
            (vec![], None),
            vec![p("0", "Failed"), p("0", "Running"), p("1", "Succeeded"), p("2", "Running")],
            Want { failed: 1, succeeded: 1, terminating: Some(2), completed: "1", conditions: Some(vec![scm]), ..Default::default() },
        ),
        (
            "job has SuccessCriteriaMet condition if job meets to successPolicy and doesn't meet to podFailurePolicy",
            (2, max, None),
            zero_one.clone(),
            Some(fail_on_disruption.clone()),
            (vec![], None),
            vec![p("0", "Failed"), p("0", "Running"), p("1", "Succeeded")],
            Want { failed: 1, succeeded: 1, terminating: Some(1), completed: "1", conditions: Some(vec![scm]), ..Default::default() },
        ),
        (
            "job has SuccessCriteriaMet condition if job meets to successPolicy and doesn't meet backoffLimitPerIndex",
            (2, max, Some(2)),
            zero_one.clone(),
            None,
            (vec![], None),
            vec![p("0", "Failed"), p("0", "Running"), p("1", "Succeeded")],
            Want { failed: 1, succeeded: 1, terminating: Some(1), completed: "1", failed_indexes: Some(""), conditions: Some(vec![scm]), ..Default::default() },
        ),
        (
            "job has both Complete and SuccessCriteriaMet condition when job meets to successPolicy and all pods have been already removed",
            (2, max, Some(2)),
            zero_one.clone(),
            None,
            (vec![scm], None),
            vec![p("0", "Failed"), p("1", "Succeeded")],
            Want { failed: 1, succeeded: 1, terminating: Some(0), completed: "1", conditions: Some(vec![scm, complete]), ..Default::default() },
        ),
        (
            "job has SuccessCriteriaMet condition when job meets to successPolicy and some pods still are running",
            (3, max, Some(3)),
            zero_one.clone(),
            None,
            (vec![scm], None),
            vec![p("0", "Failed"), p("1", "Running"), p("1", "Succeeded"), p("2", "Running")],
            Want { failed: 1, succeeded: 1, terminating: Some(2), completed: "1", conditions: Some(vec![scm]), ..Default::default() },
        ),
        (
            "job has a failed condition when job meets to both successPolicy and podFailurePolicy",
            (2, max, None),
            zero_one.clone(),
            Some(fail_on_disruption.clone()),
            (vec![], None),
            vec![disrupted().index("0"), p("0", "Running"), p("1", "Succeeded")],
            Want { failed: 2, succeeded: 1, terminating: Some(1), completed: "1", conditions: Some(vec![("FailureTarget", "True", "PodFailurePolicy", disruption_msg)]), ..Default::default() },
        ),
        (
            "job has a failed condition when job meets to both successPolicy and backoffLimitPerIndex",
            (2, max, Some(1)),
            zero_one.clone(),
            None,
            (vec![], None),
            vec![p("0", "Failed").failure_count("1"), p("1", "Succeeded")],
            Want {
                failed: 1,
                succeeded: 1,
                terminating: Some(0),
                completed: "1",
                failed_indexes: Some("0"),
                conditions: Some(vec![("FailureTarget", "True", FAILED_INDEXES.0, FAILED_INDEXES.1), ("Failed", "True", FAILED_INDEXES.0, FAILED_INDEXES.1)]),
                ..Default::default()
            },
        ),
        (
            "job has a failed condition when job meets to both successPolicy and backoffLimit",
            (2, 1, None),
            zero_one.clone(),
            None,
            (vec![], None),
            vec![p("0", "Failed"), p("0", "Failed"), p("1", "Succeeded")],
            Want { failed: 2, succeeded: 1, terminating: Some(0), completed: "1", conditions: Some(vec![("FailureTarget", "True", BACKOFF.0, BACKOFF.1), ("Failed", "True", BACKOFF.0, BACKOFF.1)]), ..Default::default() },
        ),
        (
            "job with SuccessCriteriaMet has never been transitioned to FailureTarget and Failed even if job meets podFailurePolicy",
            (2, max, None),
            rule(None, Some(1)),
            Some(fail_on_disruption.clone()),
            (vec![scm], Some((1, 0))),
            vec![disrupted().index("0"), p("1", "Succeeded")],
            Want { failed: 1, succeeded: 1, terminating: Some(0), completed: "1", conditions: Some(vec![scm, complete]), ..Default::default() },
        ),
        (
            "job with SuccessCriteriaMet has never been transitioned to FailureTarget and Failed even if job meet backoffLimitPerIndex",
            (2, max, Some(1)),
            rule(Some("1"), None),
            None,
            (vec![scm], Some((1, 0))),
            vec![p("0", "Failed").failure_count("1"), p("1", "Succeeded")],
            Want { failed: 1, succeeded: 1, terminating: Some(0), completed: "1", failed_indexes: Some("0"), conditions: Some(vec![scm, complete]), ..Default::default() },
        ),
        (
            "job with SuccessCriteriaMet has never been transitioned to FailureTarget and Failed even if job meets backoffLimit",
            (2, 1, None),
            zero_one.clone(),
            None,
            (vec![scm], Some((1, 0))),
            vec![p("0", "Failed"), p("1", "Succeeded")],
            Want { failed: 1, succeeded: 1, terminating: Some(0), completed: "1", conditions: Some(vec![scm, complete]), ..Default::default() },
        ),
        (
            "job with FailureTarget has never been transitioned to SuccessCriteriaMet even if job meets successPolicy",
            (2, max, None),
            zero_one,
            Some(fail_on_disruption),
            (vec![("FailureTarget", "True", "PodFailurePolicy", disruption_msg)], Some((0, 1))),
            vec![disrupted().index("0").untracked(), p("1", "Succeeded")],
            Want {
                failed: 1,
                succeeded: 1,
                terminating: Some(0),
                completed: "1",
                conditions: Some(vec![("FailureTarget", "True", "PodFailurePolicy", disruption_msg), ("Failed", "True", "PodFailurePolicy", disruption_msg)]),
                ..Default::default()
            },
        ),
    ];
    let mut errs = Vec::new();
    for (
        name,
        (n, backoff_limit, per_index),
        success_rule,
        failure_policy,
        (conditions, prior),
        pods,
        want,
    ) in cases
    {
        let mut spec = json!({"successPolicy": {"rules": [success_rule]}});
        if let Some(b) = per_index {
            spec["backoffLimitPerIndex"] = json!(b);
        }
        if let Some(f) = failure_policy {
            spec["podFailurePolicy"] = f;
        }
        let mut job = job_with(n, n, backoff_limit, true, spec);
        for (t, s, r, m) in conditions {
            job.status.conditions.push(job_condition(t, s, r, m, NOW));
        }
        if let Some((succeeded, failed)) = prior {
            job.status.succeeded = (succeeded != 0).then_some(succeeded);
            job.status.failed = (failed != 0).then_some(failed);
            job.status.completed_indexes = Some("1".into());
        }
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
    // Without successPolicy the interim condition says the completions
    // were reached (JobManagedBy on).
    let job = job_with(1, 1, max, true, json!({}));
    let mut pod = p("0", "Succeeded");
    pod.name = "mypod-0".into();
    let got = sync_world(&mut setup(job, vec![pod], false));
    let want = Want {
        succeeded: 1,
        completed: "0",
        conditions: Some(vec![
            (
                "SuccessCriteriaMet",
                "True",
                COMPLETIONS_REACHED.0,
                COMPLETIONS_REACHED.1,
            ),
            (
                "Complete",
                "True",
                COMPLETIONS_REACHED.0,
                COMPLETIONS_REACHED.1,
            ),
        ]),
        ..Default::default()
    };
    check_status(&mut errs, "job without successPolicy; job got SuccessCriteriaMet and Completion with CompletionsReached reason conditions", &got, want);
    assert!(errs.is_empty(), "{}", errs.join("\n"));
}
