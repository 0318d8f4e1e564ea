//! The tables of indexed_job_utils_test.go and backoff_utils_test.go, on
//! the pure helpers the controller's sync is built from.

use super::*;
use indexed::{remaining_index_backoff_ms, succeeded_indexes};

/// upstream hollowPodsWithIndexPhase: (index, phase) pods, "-" having no
/// index annotation.
fn hollow(pods: &[(&str, &str)]) -> Vec<Pod> {
    pods.iter()
        .map(|(index, phase)| {
            let mut p = Pod::default();
            p.status.phase = Some((*phase).into());
            if *index != "-" {
                p.metadata
                    .annotations
                    .insert(math::INDEX_ANNOTATION.into(), (*index).into());
            }
            p
        })
        .collect()
}

fn intervals(v: &[(i32, i32)]) -> BTreeSet<i32> {
    v.iter().flat_map(|(a, b)| *a..=*b).collect()
}

// indexed_job_utils_test.go's TestCalculateSucceededIndexes: (status's
// completedIndexes, pods, completions) => succeeded indexes. Finalizer
// tracking is the only mode since v1.26, so the cases that ran without it
// (and ignored the status) are left out.
#[test]
fn calculate_succeeded_indexes() {
    type Case<'a> = (
        &'a str,
        &'a str,
        Vec<(&'a str, &'a str)>,
        i32,
        Vec<(i32, i32)>,
    );
    let cases: Vec<Case> = vec![
        ("one index", "", vec![("1", "Succeeded")], 2, vec![(1, 1)]),
        (
            "two separate",
            "",
            vec![
                ("2", "Failed"),
                ("5", "Succeeded"),
                ("5", "Succeeded"),
                ("10", "Failed"),
                ("10", "Succeeded"),
            ],
            11,
            vec![(5, 5), (10, 10)],
        ),
        (
            "two intervals",
            "",
            vec![
                ("0", "Running"),
                ("1", "Pending"),
                ("2", "Succeeded"),
                ("3", "Succeeded"),
                ("5", "Succeeded"),
                ("6", "Succeeded"),
                ("7", "Succeeded"),
            ],
            8,
            vec![(2, 3), (5, 7)],
        ),
        (
            "one index and one interval",
            "",
            vec![
                ("0", "Succeeded"),
                ("1", "Failed"),
                ("2", "Succeeded"),
                ("3", "Succeeded"),
                ("4", "Succeeded"),
                ("5", "Succeeded"),
                ("-", "Succeeded"),
                ("-2", "Succeeded"),
            ],
            6,
            vec![(0, 0), (2, 5)],
        ),
        (
            "out of range",
            "",
            vec![
                ("0", "Succeeded"),
                ("1", "Succeeded"),
                ("2", "Succeeded"),
                ("3", "Failed"),
                ("4", "Succeeded"),
                ("5", "Succeeded"),
                ("-", "Succeeded"),
                ("-2", "Succeeded"),
            ],
            5,
            vec![(0, 2), (4, 4)],
        ),
        (
            "prev interval out of range",
            "0-5,8-10",
            vec![],
            8,
            vec![(0, 5)],
        ),
        (
            "prev interval partially out of range",
            "0-5,8-10",
            vec![],
            10,
            vec![(0, 5), (8, 9)],
        ),
        (
            "prev and new separate",
            "0,4,5,10-12",
            vec![("2", "Succeeded"), ("7", "Succeeded"), ("8", "Succeeded")],
            13,
            vec![(0, 0), (2, 2), (4, 5), (7, 8), (10, 12)],
        ),
        (
            "prev between new",
            "3,4,6",
            vec![("2", "Succeeded"), ("7", "Succeeded"), ("8", "Succeeded")],
            9,
            vec![(2, 4), (6, 8)],
        ),
        (
            "new between prev",
            "2,7,8",
            vec![("3", "Succeeded"), ("4", "Succeeded"), ("6", "Succeeded")],
            9,
            vec![(2, 4), (6, 8)],
        ),
        (
            "new within prev",
            "2-7",
            vec![
                ("0", "Succeeded"),
                ("3", "Succeeded"),
                ("5", "Succeeded"),
                ("9", "Succeeded"),
            ],
            10,
            vec![(0, 0), (2, 7), (9, 9)],
        ),
        (
            "corrupted interval",
            "0,1-foo,bar",
            vec![("3", "Succeeded")],
            4,
            vec![(0, 0), (3, 3)],
        ),
    ];
    for (name, prev, pods, completions, want) in cases {
        assert_eq!(
            succeeded_indexes(prev, &hollow(&pods), completions),
            intervals(&want),
            "{name}"
        );
    }
    // The status's part alone (wantStatusIntervals), as it parses.
    assert_eq!(parse_intervals("0-5,8-10", 8), intervals(&[(0, 5)]));
    assert_eq!(
        parse_intervals("0-5,8-10", 10),
        intervals(&[(0, 5), (8, 9)])
    );
    assert_eq!(
        parse_intervals("0,4,5,10-12", 13),
        intervals(&[(0, 0), (4, 5), (10, 12)])
    );
    assert_eq!(parse_intervals("0,1-foo,bar", 4), intervals(&[(0, 0)]));
}

// indexed_job_utils_test.go's TestIntervalsHaveIndex
#[test]
fn intervals_have_index() {
    type Case<'a> = (&'a str, &'a [(i32, i32)], i32, bool);
    let cases: [Case; 6] = [
        ("empty", &[], 4, false),
        ("before all", &[(2, 4), (5, 7)], 1, false),
        ("after all", &[(2, 4), (6, 8)], 9, false),
        ("in between", &[(2, 4), (6, 8)], 5, false),
        ("in first", &[(2, 4), (6, 8)], 2, true),
        ("in second", &[(2, 4), (6, 8)], 8, true),
    ];
    for (name, iv, index, want) in cases {
        // Kubeplay keeps intervals as the set their text parses to.
        let text = format_intervals(&intervals(iv));
        assert_eq!(parse_intervals(&text, 100).contains(&index), want, "{name}");
    }
}

// indexed_job_utils_test.go's TestFirstPendingIndexes: (count, completions,
// active pods, succeeded intervals) => the indexes to create.
#[test]
fn first_pending_indexes() {
    type Case<'a> = (
        &'a str,
        usize,
        i32,
        Vec<(&'a str, &'a str)>,
        Vec<(i32, i32)>,
        Vec<i32>,
    );
    let cases: Vec<Case> = vec![
        (
            "cnt greater than completions",
            5,
            3,
            vec![],
            vec![],
            vec![0, 1, 2],
        ),
        (
            "cnt less than completions",
            2,
            5,
            vec![],
            vec![],
            vec![0, 1],
        ),
        (
            "first pods active",
            3,
            10,
            vec![("0", "Running"), ("1", "Pending")],
            vec![],
            vec![2, 3, 4],
        ),
        (
            "last pods active or succeeded",
            6,
            6,
            vec![("6", "Pending")],
            vec![(4, 5)],
            vec![0, 1, 2, 3],
        ),
        (
            "mixed",
            5,
            20,
            vec![
                ("3", "Pending"),
                ("5", "Running"),
                ("8", "Pending"),
                ("-", "Running"),
                ("-3", "Running"),
            ],
            vec![(2, 4), (9, 9)],
            vec![0, 1, 6, 7, 10],
        ),
    ];
    for (name, count, completions, active, succeeded, want) in cases {
        let mut taken = intervals(&succeeded);
        taken.extend(hollow(&active).iter().filter_map(completion_index));
        assert_eq!(first_pending(completions, &taken, count), want, "{name}");
    }
}

// indexed_job_utils_test.go's TestAppendDuplicatedIndexPodsForRemoval:
// (pods, completions) => (removed, kept), as (index, phase) multisets.
#[test]
fn duplicated_index_pods_for_removal() {
    type Pairs<'a> = Vec<(&'a str, &'a str)>;
    let cases: Vec<(&str, Pairs, Pairs, Pairs)> = vec![
        (
            "all unique",
            vec![
                ("-", "Pending"),
                ("2", "Pending"),
                ("5", "Running"),
                ("6", "Running"),
            ],
            vec![("-", "Pending"), ("6", "Running")],
            vec![("2", "Pending"), ("5", "Running")],
        ),
        (
            "all with index",
            vec![
                ("5", "Pending"),
                ("0", "Running"),
                ("3", "Pending"),
                ("0", "Running"),
                ("3", "Running"),
                ("0", "Pending"),
                ("6", "Running"),
                ("6", "Pending"),
            ],
            vec![
                ("0", "Pending"),
                ("0", "Running"),
                ("3", "Pending"),
                ("6", "Running"),
                ("6", "Pending"),
            ],
            vec![("0", "Running"), ("3", "Running"), ("5", "Pending")],
        ),
        (
            "mixed",
            vec![
                ("-", "Pending"),
                ("invalid", "Running"),
                ("-2", "Running"),
                ("0", "Pending"),
                ("1", "Pending"),
                ("1", "Pending"),
                ("1", "Running"),
            ],
            vec![
                ("-", "Pending"),
                ("invalid", "Running"),
                ("-2", "Running"),
                ("1", "Pending"),
                ("1", "Pending"),
            ],
            vec![("0", "Pending"), ("1", "Running")],
        ),
    ];
    let pairs = |v: &[&Pod]| {
        let mut out: Vec<(String, String)> = v
            .iter()
            .map(|p| {
                (
                    p.metadata
                        .annotation(math::INDEX_ANNOTATION)
                        .unwrap_or("-")
                        .to_string(),
                    p.phase().to_string(),
                )
            })
            .collect();
        out.sort();
        out
    };
    let owned = |v: &[(&str, &str)]| {
        let mut out: Vec<(String, String)> = v
            .iter()
            .map(|(i, p)| (i.to_string(), p.to_string()))
            .collect();
        out.sort();
        out
    };
    for (name, pods, want_rm, want_left) in cases {
        let pods = hollow(&pods);
        let refs: Vec<&Pod> = pods.iter().collect();
        let (rm, left) = excess_index_pods(&refs, 6);
        assert_eq!(pairs(&rm), owned(&want_rm), "{name}: removed");
        assert_eq!(pairs(&left), owned(&want_left), "{name}: kept");
    }
}

// indexed_job_utils_test.go's TestPodGenerateNameWithIndex
#[test]
fn pod_generate_name_with_index() {
    let h = "hhhhhooooo";
    assert_eq!(generate_name_with_index("indexed-job", 1), "indexed-job-1-");
    assert_eq!(
        generate_name_with_index(&h.repeat(7), 1),
        format!("{}hhhhh-1-", h.repeat(5))
    );
    assert_eq!(
        generate_name_with_index(&format!("{}hhhhhoo", h.repeat(5)), 1),
        format!("{}hhhhh-1-", h.repeat(5))
    );
}

/// 2009-11-10T23:00:00Z, backoff_utils_test.go's defaultTestTime.
const TEST_TIME: Time = Time::from_millis(1_257_894_000_000);

fn status_with(v: Value) -> Pod {
    serde_json::from_value(v).unwrap()
}

fn state(s: Value) -> Value {
    json!({"name": "", "state": s, "ready": false, "restartCount": 0, "image": "", "imageID": ""})
}

fn done(at: Time) -> Value {
    state(json!({"terminated": {"exitCode": 0, "finishedAt": at.rfc3339()}}))
}

// backoff_utils_test.go's TestGetFinishedTime
#[test]
fn get_finished_time() {
    let t = TEST_TIME;
    let running = || state(json!({"running": {}}));
    let no_finish = || state(json!({"terminated": {"exitCode": 0}}));
    let cases: Vec<(&str, Value, Time)> = vec![
        (
            "Pod with multiple containers and all containers terminated",
            json!({"status": {"containerStatuses": [done(t.plus_secs(-1)), done(t), done(t.plus_secs(-2))]}}),
            t,
        ),
        (
            "Pod with multiple containers; two containers in terminated state and one in running state; fallback to deletionTimestamp",
            json!({"metadata": {"deletionTimestamp": t.rfc3339()}, "status": {"containerStatuses": [done(t.plus_secs(-1)), running(), done(t.plus_secs(-2))]}}),
            t,
        ),
        ("fallback to deletionTimestamp", json!({"metadata": {"deletionTimestamp": t.rfc3339()}, "status": {"containerStatuses": [running()]}}), t),
        (
            "fallback to deletionTimestamp, decremented by grace period",
            json!({"metadata": {"deletionTimestamp": t.rfc3339(), "deletionGracePeriodSeconds": 30}, "status": {"containerStatuses": [running()]}}),
            t.plus_secs(-30),
        ),
        (
            "fallback to PodReady.LastTransitionTime when status of the condition is False",
            json!({"status": {"containerStatuses": [no_finish()], "conditions": [{"type": "Ready", "status": "False", "reason": "PodFailed", "lastTransitionTime": t.rfc3339()}]}}),
            t,
        ),
        (
            "skip fallback to PodReady.LastTransitionTime when status of the condition is True",
            json!({"metadata": {"deletionTimestamp": t.rfc3339()}, "status": {"containerStatuses": [no_finish()], "conditions": [{"type": "Ready", "status": "True", "lastTransitionTime": t.plus_secs(-30).rfc3339()}]}}),
            t,
        ),
        ("fallback to creationTimestamp", json!({"metadata": {"creationTimestamp": t.rfc3339()}, "status": {"containerStatuses": [no_finish()]}}), t),
        (
            "Pod with sidecar container and all containers terminated",
            json!({
                "spec": {"initContainers": [{"name": "sidecar", "restartPolicy": "Always"}]},
                "status": {"containerStatuses": [done(t.plus_secs(-1))], "initContainerStatuses": [{"name": "sidecar", "state": {"terminated": {"exitCode": 0, "finishedAt": t.rfc3339()}}, "ready": false, "restartCount": 0, "image": "", "imageID": ""}]}
            }),
            t,
        ),
    ];
    for (name, pod, want) in cases {
        assert_eq!(math::finish_time(&status_with(pod)), want, "{name}");
    }
}

// backoff_utils_test.go's TestNewBackoffRecord: (successes, failures)
// finished at offsets (ms) from defaultTestTime => (failures after the
// last success, last failure). Kubeplay rebuilds the record from the pods
// it keeps, so "Backoff store having failure count 2 and one new failure"
// (a count remembered without its pods) has no counterpart.
#[test]
fn new_backoff_record() {
    type Case<'a> = (&'a str, Vec<i64>, Vec<i64>, i32, Option<i64>);
    let cases: Vec<Case> = vec![
        (
            "Empty backoff store and one new failure",
            vec![],
            vec![0],
            1,
            Some(0),
        ),
        (
            "Empty backoff store and two new failures",
            vec![],
            vec![0, -1],
            2,
            Some(0),
        ),
        (
            "Empty backoff store, two failures followed by success",
            vec![0],
            vec![-2, -1],
            0,
            None,
        ),
        (
            "Empty backoff store, two failures, one success and two more failures",
            vec![-2],
            vec![0, -4, -3, -1],
            2,
            Some(0),
        ),
        (
            "Empty backoff store with success and failure at same timestamp",
            vec![0],
            vec![0],
            0,
            None,
        ),
        (
            "Empty backoff store with no success/failure",
            vec![],
            vec![],
            0,
            None,
        ),
        (
            "Empty backoff store with one success",
            vec![0],
            vec![],
            0,
            None,
        ),
    ];
    for (name, successes, failures, want_count, want_last) in cases {
        let finished: Vec<(Time, bool)> = successes
            .iter()
            .map(|ms| (TEST_TIME.plus_millis(*ms), true))
            .chain(
                failures
                    .iter()
                    .map(|ms| (TEST_TIME.plus_millis(*ms), false)),
            )
            .collect();
        let got = backoff_record(&finished);
        assert_eq!(
            got,
            BackoffRecord {
                failures_after_last_success: want_count,
                last_failure: want_last.map(|ms| TEST_TIME.plus_millis(ms))
            },
            "{name}"
        );
    }
}

// backoff_utils_test.go's TestGetRemainingBackoffTimePerIndex (default
// 5 s, max 700 s): the last failed pod's counters, deleted at the
// current time.
#[test]
fn remaining_backoff_time_per_index() {
    type Counts<'a> = Option<(&'a str, Option<&'a str>)>;
    let cases: [(&str, Counts, i64); 3] = [
        ("no failures", None, 0),
        (
            "two prev failures; current time and failure time are same",
            Some(("2", None)),
            20_000,
        ),
        (
            "one prev failure counted and one ignored; current time and failure time are same",
            Some(("1", Some("1"))),
            20_000,
        ),
    ];
    for (name, last, want) in cases {
        let pod = last.map(|(failures, ignored)| {
            let mut p = status_with(json!({"metadata": {"deletionTimestamp": TEST_TIME.rfc3339()}, "status": {"phase": "Failed"}}));
            p.metadata.annotations.insert(math::INDEX_FAILURE_COUNT.into(), failures.into());
            if let Some(i) = ignored {
                p.metadata.annotations.insert(math::INDEX_IGNORED_FAILURE_COUNT.into(), i.into());
            }
            p
        });
        assert_eq!(
            remaining_index_backoff_ms(pod.as_ref(), TEST_TIME, 5_000, 700_000),
            want,
            "{name}"
        );
    }
}

// job_controller_test.go's TestGetPodCreationInfoForIndependentIndexes:
// (indexes to add, last failed pod per index as (failure count, deleted
// seconds ago)) => (indexes to add now, back-off left in ms).
#[test]
fn pod_creation_info_for_independent_indexes() {
    type Case<'a> = (&'a str, Vec<i32>, Vec<(i32, &'a str, i64)>, Vec<i32>, i64);
    let cases: Vec<Case> = vec![
        ("simple index creation", vec![1, 3], vec![], vec![1, 3], 0),
        (
            "subset of indexes can be recreated now",
            vec![1, 3],
            vec![(1, "0", 0)],
            vec![3],
            0,
        ),
        (
            "subset of indexes can be recreated now as the pods failed long time ago",
            vec![1, 3],
            vec![(1, "0", 0), (3, "0", 10)],
            vec![3],
            0,
        ),
        (
            "no indexes can be recreated now, need to wait default pod failure backoff",
            vec![1, 2, 3],
            vec![(1, "1", 0), (2, "0", 0), (3, "2", 0)],
            vec![],
            10_000,
        ),
        (
            "no indexes can be recreated now, need to wait but 1s already passed",
            vec![1, 2, 3],
            vec![(1, "1", 1), (2, "0", 1), (3, "2", 1)],
            vec![],
            9_000,
        ),
    ];
    for (name, indexes, failed, want, want_wait) in cases {
        let pods: Vec<(i32, Pod)> = failed
            .iter()
            .map(|(i, count, ago)| {
                let mut p = status_with(json!({"metadata": {"deletionTimestamp": TEST_TIME.plus_secs(-ago).rfc3339()}, "status": {"phase": "Failed"}}));
                p.metadata.annotations.insert(math::INDEX_FAILURE_COUNT.into(), (*count).into());
                (*i, p)
            })
            .collect();
        let last: BTreeMap<i32, &Pod> = pods.iter().map(|(i, p)| (*i, p)).collect();
        assert_eq!(
            indexed::indexes_past_backoff(&indexes, &last, TEST_TIME),
            (want, want_wait),
            "{name}"
        );
    }
}
