//! `batch/v1`: Job and CronJob.

use crate::api::pod::PodTemplateSpec;
use crate::meta::{Condition, ObjectMeta};
use crate::selector::LabelSelector;
use crate::time::Time;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Job {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: JobSpec,
    #[serde(default)]
    pub status: JobStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobSpec {
    pub parallelism: Option<i32>,
    pub completions: Option<i32>,
    pub active_deadline_seconds: Option<i64>,
    pub pod_failure_policy: Option<Value>,
    pub success_policy: Option<Value>,
    pub backoff_limit: Option<i32>,
    pub backoff_limit_per_index: Option<i32>,
    pub max_failed_indexes: Option<i32>,
    pub selector: Option<LabelSelector>,
    pub manual_selector: Option<bool>,
    #[serde(default)]
    pub template: PodTemplateSpec,
    pub ttl_seconds_after_finished: Option<i32>,
    pub completion_mode: Option<String>,
    pub suspend: Option<bool>,
    pub pod_replacement_policy: Option<String>,
    pub managed_by: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    pub start_time: Option<Time>,
    pub completion_time: Option<Time>,
    pub active: Option<i32>,
    pub succeeded: Option<i32>,
    pub failed: Option<i32>,
    pub terminating: Option<i32>,
    pub completed_indexes: Option<String>,
    pub failed_indexes: Option<String>,
    pub uncounted_terminated_pods: Option<Value>,
    pub ready: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJob {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: CronJobSpec,
    #[serde(default)]
    pub status: CronJobStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobSpec {
    #[serde(default)]
    pub schedule: String,
    pub time_zone: Option<String>,
    pub starting_deadline_seconds: Option<i64>,
    pub concurrency_policy: Option<String>,
    pub suspend: Option<bool>,
    #[serde(default)]
    pub job_template: JobTemplateSpec,
    pub successful_jobs_history_limit: Option<i32>,
    pub failed_jobs_history_limit: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobTemplateSpec {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: JobSpec,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub active: Vec<crate::api::core::ObjectReference>,
    pub last_schedule_time: Option<Time>,
    pub last_successful_time: Option<Time>,
}
