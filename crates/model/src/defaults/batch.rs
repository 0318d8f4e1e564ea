//! `batch/v1` defaults (`pkg/apis/batch/v1/defaults.go`).

use super::pod;
use crate::api::{CronJob, Job};
use serde_json::{json, Value};

/// `SetDefaults_Job`.
pub(super) fn job(j: &mut Job) {
    let s = &mut j.spec;
    if s.completions.is_none() && s.parallelism.is_none() {
        s.completions = Some(1);
        s.parallelism = Some(1);
    }
    s.parallelism.get_or_insert(1);
    if s.backoff_limit.is_none() {
        s.backoff_limit = Some(if s.backoff_limit_per_index.is_some() { i32::MAX } else { 6 });
    }
    if j.metadata.labels.is_empty() {
        j.metadata.labels = s.template.metadata.labels.clone();
    }
    s.completion_mode.get_or_insert_with(|| "NonIndexed".into());
    s.suspend.get_or_insert(false);
    if s.pod_replacement_policy.is_none() {
        s.pod_replacement_policy = Some(if s.pod_failure_policy.is_some() { "Failed" } else { "TerminatingOrFailed" }.into());
    }
    s.manual_selector.get_or_insert(false);
    // `SetDefaults_PodFailurePolicyOnPodConditionsPattern`: status True.
    if let Some(Value::Array(rules)) = s.pod_failure_policy.as_mut().and_then(|p| p.get_mut("rules")) {
        for rule in rules {
            if let Some(Value::Array(patterns)) = rule.get_mut("onPodConditions") {
                for p in patterns {
                    if let Value::Object(m) = p {
                        if m.get("status").and_then(Value::as_str).unwrap_or("").is_empty() {
                            m.insert("status".into(), json!("True"));
                        }
                    }
                }
            }
        }
    }
    pod::template(&mut s.template);
}

/// `SetDefaults_CronJob`. The job template's spec gets only the pod
/// template defaults, not `SetDefaults_Job` (which is for Job objects).
pub(super) fn cron_job(cj: &mut CronJob) {
    let s = &mut cj.spec;
    if s.concurrency_policy.as_deref().unwrap_or("").is_empty() {
        s.concurrency_policy = Some("Allow".into());
    }
    s.suspend.get_or_insert(false);
    s.successful_jobs_history_limit.get_or_insert(3);
    s.failed_jobs_history_limit.get_or_insert(1);
    pod::template(&mut s.job_template.spec.template);
}
