//! `autoscaling/v2` HorizontalPodAutoscaler (v1's
//! `targetCPUUtilizationPercentage` is converted to a v2 Resource metric on
//! decode).

use crate::meta::{Condition, ObjectMeta};
use crate::quantity::Quantity;
use crate::time::Time;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HorizontalPodAutoscaler {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: HpaSpec,
    #[serde(default)]
    pub status: HpaStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HpaSpec {
    #[serde(default)]
    pub scale_target_ref: CrossVersionObjectReference,
    pub min_replicas: Option<i32>,
    #[serde(default)]
    pub max_replicas: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub metrics: Vec<MetricSpec>,
    pub behavior: Option<HpaBehavior>,
    /// autoscaling/v1 only: converted into `metrics` when decoded.
    #[serde(rename = "targetCPUUtilizationPercentage")]
    pub target_cpu_utilization_percentage: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CrossVersionObjectReference {
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MetricSpec {
    #[serde(rename = "type", default)]
    pub type_: String,
    pub object: Option<Value>,
    pub pods: Option<Value>,
    pub resource: Option<ResourceMetricSource>,
    pub container_resource: Option<Value>,
    pub external: Option<Value>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceMetricSource {
    // Missing fields decode empty, as Go does, so validation names them.
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub target: MetricTarget,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MetricTarget {
    #[serde(rename = "type", default)]
    pub type_: String,
    pub value: Option<Quantity>,
    pub average_value: Option<Quantity>,
    pub average_utilization: Option<i32>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HpaBehavior {
    pub scale_up: Option<HpaScalingRules>,
    pub scale_down: Option<HpaScalingRules>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HpaScalingRules {
    pub stabilization_window_seconds: Option<i32>,
    pub select_policy: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub policies: Vec<HpaScalingPolicy>,
    pub tolerance: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HpaScalingPolicy {
    #[serde(rename = "type")]
    pub type_: String,
    pub value: i32,
    pub period_seconds: i32,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HpaStatus {
    pub observed_generation: Option<i64>,
    pub last_scale_time: Option<Time>,
    #[serde(default)]
    pub current_replicas: i32,
    #[serde(default)]
    pub desired_replicas: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub current_metrics: Vec<MetricStatus>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MetricStatus {
    #[serde(rename = "type")]
    pub type_: String,
    pub resource: Option<ResourceMetricStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceMetricStatus {
    pub name: String,
    pub current: MetricValueStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MetricValueStatus {
    pub value: Option<Quantity>,
    pub average_value: Option<Quantity>,
    pub average_utilization: Option<i32>,
}
