//! The `apps/v1` workloads: Deployment, ReplicaSet, StatefulSet, DaemonSet,
//! ControllerRevision; and the core ReplicationController, which shares
//! ReplicaSet's shape.

use crate::api::pod::PodTemplateSpec;
use crate::intstr::IntOrString;
use crate::meta::{Condition, ObjectMeta};
use crate::selector::LabelSelector;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Deployment {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: DeploymentSpec,
    #[serde(default)]
    pub status: DeploymentStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentSpec {
    pub replicas: Option<i32>,
    pub selector: Option<LabelSelector>,
    #[serde(default)]
    pub template: PodTemplateSpec,
    // Go's field is a struct (never omitted): `strategy: {}` when unset.
    #[serialize_always]
    #[serde(default, serialize_with = "crate::meta::some_or_empty", deserialize_with = "crate::meta::none_if_empty")]
    pub strategy: Option<DeploymentStrategy>,
    pub min_ready_seconds: Option<i32>,
    pub revision_history_limit: Option<i32>,
    pub paused: Option<bool>,
    pub progress_deadline_seconds: Option<i32>,
    /// Only in the deprecated `extensions/v1beta1` and `apps/v1beta1`
    /// versions; kept so old manifests decode, dropped on conversion.
    pub rollback_to: Option<Value>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStrategy {
    #[serde(rename = "type")]
    pub type_: Option<String>,
    pub rolling_update: Option<RollingUpdateDeployment>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdateDeployment {
    pub max_unavailable: Option<IntOrString>,
    pub max_surge: Option<IntOrString>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStatus {
    pub observed_generation: Option<i64>,
    pub replicas: Option<i32>,
    pub updated_replicas: Option<i32>,
    pub ready_replicas: Option<i32>,
    pub available_replicas: Option<i32>,
    pub unavailable_replicas: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    pub collision_count: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplicaSet {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: ReplicaSetSpec,
    #[serde(default)]
    pub status: ReplicaSetStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplicaSetSpec {
    pub replicas: Option<i32>,
    pub min_ready_seconds: Option<i32>,
    pub selector: Option<LabelSelector>,
    #[serde(default)]
    pub template: PodTemplateSpec,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplicaSetStatus {
    #[serde(default)]
    pub replicas: i32,
    pub fully_labeled_replicas: Option<i32>,
    pub ready_replicas: Option<i32>,
    pub available_replicas: Option<i32>,
    pub observed_generation: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// `v1.ReplicationController`: like a ReplicaSet, but its selector is a plain map.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplicationController {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: ReplicationControllerSpec,
    #[serde(default)]
    pub status: ReplicaSetStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplicationControllerSpec {
    pub replicas: Option<i32>,
    pub min_ready_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub selector: BTreeMap<String, String>,
    pub template: Option<PodTemplateSpec>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSet {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: StatefulSetSpec,
    #[serde(default)]
    pub status: StatefulSetStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSetSpec {
    pub replicas: Option<i32>,
    pub selector: Option<LabelSelector>,
    #[serde(default)]
    pub template: PodTemplateSpec,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_claim_templates: Vec<crate::api::core::PersistentVolumeClaim>,
    #[serde(default)]
    pub service_name: String,
    pub pod_management_policy: Option<String>,
    #[serialize_always]
    #[serde(default, serialize_with = "crate::meta::some_or_empty", deserialize_with = "crate::meta::none_if_empty")]
    pub update_strategy: Option<StatefulSetUpdateStrategy>,
    pub revision_history_limit: Option<i32>,
    pub min_ready_seconds: Option<i32>,
    pub persistent_volume_claim_retention_policy: Option<PvcRetentionPolicy>,
    pub ordinals: Option<Value>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSetUpdateStrategy {
    #[serde(rename = "type")]
    pub type_: Option<String>,
    pub rolling_update: Option<RollingUpdateStatefulSet>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdateStatefulSet {
    pub partition: Option<i32>,
    pub max_unavailable: Option<IntOrString>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PvcRetentionPolicy {
    pub when_deleted: Option<String>,
    pub when_scaled: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSetStatus {
    pub observed_generation: Option<i64>,
    #[serde(default)]
    pub replicas: i32,
    pub ready_replicas: Option<i32>,
    pub current_replicas: Option<i32>,
    pub updated_replicas: Option<i32>,
    pub current_revision: Option<String>,
    pub update_revision: Option<String>,
    pub collision_count: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    pub available_replicas: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DaemonSet {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: DaemonSetSpec,
    #[serde(default)]
    pub status: DaemonSetStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DaemonSetSpec {
    pub selector: Option<LabelSelector>,
    #[serde(default)]
    pub template: PodTemplateSpec,
    #[serialize_always]
    #[serde(default, serialize_with = "crate::meta::some_or_empty", deserialize_with = "crate::meta::none_if_empty")]
    pub update_strategy: Option<DaemonSetUpdateStrategy>,
    pub min_ready_seconds: Option<i32>,
    pub revision_history_limit: Option<i32>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DaemonSetUpdateStrategy {
    #[serde(rename = "type")]
    pub type_: Option<String>,
    pub rolling_update: Option<RollingUpdateDeployment>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DaemonSetStatus {
    #[serde(default)]
    pub current_number_scheduled: i32,
    #[serde(default)]
    pub number_misscheduled: i32,
    #[serde(default)]
    pub desired_number_scheduled: i32,
    #[serde(default)]
    pub number_ready: i32,
    pub observed_generation: Option<i64>,
    pub updated_number_scheduled: Option<i32>,
    pub number_available: Option<i32>,
    pub number_unavailable: Option<i32>,
    pub collision_count: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// `apps/v1.ControllerRevision`: a snapshot of a StatefulSet's or
/// DaemonSet's template, for rollout history and undo.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ControllerRevision {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
    #[serde(default)]
    pub revision: i64,
}
