//! Cases ported from upstream's `pkg/apis/batch/validation/validation_test.go`
//! (TestValidateJob, TestValidateCronJob and the v1.32 time-zone and name
//! cases of TestValidateCronJob): each error case is a manifest, defaulted
//! (and for Jobs given a uid and prepared for create, which generates the
//! selector) and its first error's field and text are checked, as
//! upstream's table does.

use super::upstream_apps::{defaulted, merge};
use super::*;
use serde_json::{json, Value};

fn job(patch: Value) -> Object {
    let mut v = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "myjob", "namespace": "default", "uid": "1a2b3c"}, "spec": {
        "template": {"spec": {"restartPolicy": "OnFailure", "dnsPolicy": "ClusterFirst", "containers": [{"name": "abc", "image": "image", "imagePullPolicy": "IfNotPresent"}]}}}});
    merge(&mut v, &patch);
    let mut o = defaulted(v);
    crate::defaults::prepare_for_create(&mut o);
    o
}

fn cron(patch: Value) -> Object {
    let mut v = json!({"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "mycronjob", "namespace": "default", "uid": "1a2b3c"}, "spec": {
        "schedule": "* * * * ?", "concurrencyPolicy": "Allow",
        "jobTemplate": {"spec": {"template": {"spec": {"restartPolicy": "OnFailure", "dnsPolicy": "ClusterFirst", "containers": [{"name": "abc", "image": "image", "imagePullPolicy": "IfNotPresent"}]}}}}}});
    merge(&mut v, &patch);
    defaulted(v)
}

/// `field:text` as upstream's keys: the first error's field, and text its message contains.
fn first_error(o: &Object, key: &str) {
    let (field, text) = key.split_once(':').expect("field:text");
    let errs = validate(o);
    let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    let first = errs.first().unwrap_or_else(|| panic!("{key}: expected failure"));
    assert!(first.field == field && first.to_string().contains(text), "{key}: {all:?}");
}

#[test]
fn job_create() {
    let manual = json!({"spec": {"manualSelector": true, "selector": {"matchLabels": {"a": "b"}}, "template": {"metadata": {"labels": {"a": "b"}}}}});
    for o in [job(json!({})), job(manual.clone())] {
        assert_eq!(validate(&o).iter().map(|e| e.to_string()).collect::<Vec<_>>(), Vec::<String>::new());
    }
    let with = |p: Value| {
        let mut m = manual.clone();
        merge(&mut m, &p);
        job(m)
    };
    let cases = [
        ("spec.parallelism:must be greater than or equal to 0", job(json!({"spec": {"parallelism": -1}}))),
        ("spec.completions:must be greater than or equal to 0", job(json!({"spec": {"completions": -1}}))),
        ("spec.activeDeadlineSeconds:must be greater than or equal to 0", job(json!({"spec": {"activeDeadlineSeconds": -1}}))),
        ("spec.backoffLimit:must be greater than or equal to 0", job(json!({"spec": {"backoffLimit": -1}}))),
        ("spec.ttlSecondsAfterFinished:must be greater than or equal to 0", job(json!({"spec": {"ttlSecondsAfterFinished": -1}}))),
        // A manual selector that is missing: the generated one is only made without manualSelector.
        ("spec.selector: Required value", job(json!({"spec": {"manualSelector": true}}))),
        ("spec.template.metadata.labels: Invalid value: map[string]string{\"y\":\"z\"}: `selector` does not match template `labels`", with(json!({"spec": {"template": {"metadata": {"labels": {"a": null, "y": "z"}}}}}))),
        (
            "spec.template.metadata.labels: Invalid value: map[string]string{\"controller-uid\":\"4d5e6f\"}: `selector` does not match template `labels`",
            with(json!({"spec": {"template": {"metadata": {"labels": {"a": null, "controller-uid": "4d5e6f"}}}}})),
        ),
        ("spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\"", with(json!({"spec": {"template": {"spec": {"restartPolicy": "Always"}}}}))),
        ("spec.template.spec.restartPolicy: Unsupported value: \"Sometimes\"", with(json!({"spec": {"template": {"spec": {"restartPolicy": "Sometimes"}}}}))),
        ("spec.completionMode: Unsupported value: \"Foo\"", job(json!({"spec": {"completionMode": "Foo"}}))),
        // (Without parallelism, defaulting sets completions to 1.)
        ("spec.completions: Required value: when completion mode is Indexed", job(json!({"spec": {"completionMode": "Indexed", "parallelism": 2}}))),
        ("spec.parallelism: Invalid value: 100001: must be less than or equal to 100000 when completion mode is Indexed", job(json!({"spec": {"completionMode": "Indexed", "completions": 2, "parallelism": 100001}}))),
        ("spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode", job(json!({"spec": {"backoffLimitPerIndex": 1}}))),
        ("spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified", job(json!({"spec": {"completionMode": "Indexed", "completions": 2, "maxFailedIndexes": 1}}))),
        ("spec.maxFailedIndexes: Invalid value: 3: must be less than or equal to completions", job(json!({"spec": {"completionMode": "Indexed", "completions": 2, "backoffLimitPerIndex": 1, "maxFailedIndexes": 3}}))),
    ];
    for (key, o) in &cases {
        first_error(o, key);
    }
}

#[test]
fn cron_job_create() {
    for o in [cron(json!({})), cron(json!({"spec": {"schedule": "@hourly"}})), cron(json!({"spec": {"timeZone": "America/New_York"}}))] {
        assert_eq!(validate(&o).iter().map(|e| e.to_string()).collect::<Vec<_>>(), Vec::<String>::new());
    }
    let cases = [
        ("spec.schedule: Invalid value", cron(json!({"spec": {"schedule": "error"}}))),
        ("spec.schedule: Required value", cron(json!({"spec": {"schedule": ""}}))),
        ("spec.schedule: Invalid value: \"TZ=UTC 0 * * * *\": cannot use TZ or CRON_TZ in schedule, use timeZone field instead", cron(json!({"spec": {"schedule": "TZ=UTC 0 * * * *"}}))),
        ("spec.timeZone: Invalid value: \"\": timeZone must be nil or non-empty string", cron(json!({"spec": {"timeZone": ""}}))),
        ("spec.timeZone: Invalid value: \"Local\": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones", cron(json!({"spec": {"timeZone": "Local"}}))),
        ("spec.timeZone: Invalid value: \"../../../etc/passwd\": unknown time zone ../../../etc/passwd", cron(json!({"spec": {"timeZone": "../../../etc/passwd"}}))),
        ("spec.timeZone: Invalid value: \"America/New York\": unknown time zone America/New York", cron(json!({"spec": {"timeZone": "America/New York"}}))),
        ("spec.startingDeadlineSeconds:must be greater than or equal to 0", cron(json!({"spec": {"startingDeadlineSeconds": -1}}))),
        ("spec.successfulJobsHistoryLimit:must be greater than or equal to 0", cron(json!({"spec": {"successfulJobsHistoryLimit": -1}}))),
        ("spec.failedJobsHistoryLimit:must be greater than or equal to 0", cron(json!({"spec": {"failedJobsHistoryLimit": -1}}))),
        ("spec.concurrencyPolicy: Unsupported value: \"Sometimes\"", cron(json!({"spec": {"concurrencyPolicy": "Sometimes"}}))),
        ("spec.jobTemplate.spec.parallelism:must be greater than or equal to 0", cron(json!({"spec": {"jobTemplate": {"spec": {"parallelism": -1}}}}))),
        ("spec.jobTemplate.spec.completions:must be greater than or equal to 0", cron(json!({"spec": {"jobTemplate": {"spec": {"completions": -1}}}}))),
        ("spec.jobTemplate.spec.activeDeadlineSeconds:must be greater than or equal to 0", cron(json!({"spec": {"jobTemplate": {"spec": {"activeDeadlineSeconds": -1}}}}))),
        ("spec.jobTemplate.spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{\"a\":\"b\"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` will be auto-generated", cron(json!({"spec": {"jobTemplate": {"spec": {"selector": {"matchLabels": {"a": "b"}}}}}}))),
        ("spec.jobTemplate.spec.manualSelector: Unsupported value", cron(json!({"spec": {"jobTemplate": {"spec": {"manualSelector": true}}}}))),
        ("spec.jobTemplate.spec.template.spec.restartPolicy: Required value", cron(json!({"spec": {"jobTemplate": {"spec": {"template": {"spec": {"restartPolicy": "Always"}}}}}}))),
        ("metadata.name: must be no more than 52 characters", cron(json!({"metadata": {"name": "10000000002000000000300000000040000000005000000000123"}}))),
    ];
    for (key, o) in &cases {
        first_error(o, key);
    }
}
