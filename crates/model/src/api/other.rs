//! The smaller groups: `discovery.k8s.io/v1` EndpointSlice,
//! `storage.k8s.io/v1` StorageClass, `policy/v1` PodDisruptionBudget,
//! `scheduling.k8s.io/v1` PriorityClass, `node.k8s.io/v1` RuntimeClass.

use crate::api::core::ObjectReference;
use crate::intstr::IntOrString;
use crate::meta::{Condition, ObjectMeta};
use crate::Atom;
use crate::selector::LabelSelector;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndpointSlice {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub address_type: String,
    #[serde(default)]
    pub endpoints: Vec<SliceEndpoint>,
    #[serde(default)]
    pub ports: Vec<SlicePort>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SliceEndpoint {
    #[serde(default)]
    pub addresses: Vec<String>,
    #[serde(default)]
    pub conditions: SliceConditions,
    pub hostname: Option<String>,
    pub target_ref: Option<ObjectReference>,
    pub node_name: Option<Atom>,
    pub zone: Option<String>,
    pub hints: Option<Value>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SliceConditions {
    pub ready: Option<bool>,
    pub serving: Option<bool>,
    pub terminating: Option<bool>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SlicePort {
    pub name: Option<String>,
    pub protocol: Option<String>,
    pub port: Option<i32>,
    pub app_protocol: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StorageClass {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub provisioner: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parameters: BTreeMap<String, String>,
    pub reclaim_policy: Option<String>,
    pub mount_options: Option<Value>,
    pub allow_volume_expansion: Option<bool>,
    pub volume_binding_mode: Option<String>,
    pub allowed_topologies: Option<Value>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodDisruptionBudget {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: PdbSpec,
    #[serde(default)]
    pub status: PdbStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PdbSpec {
    pub min_available: Option<IntOrString>,
    pub selector: Option<LabelSelector>,
    pub max_unavailable: Option<IntOrString>,
    pub unhealthy_pod_eviction_policy: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PdbStatus {
    pub observed_generation: Option<i64>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub disrupted_pods: BTreeMap<String, String>,
    #[serde(default)]
    pub disruptions_allowed: i32,
    #[serde(default)]
    pub current_healthy: i32,
    #[serde(default)]
    pub desired_healthy: i32,
    #[serde(default)]
    pub expected_pods: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriorityClass {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub value: i32,
    pub global_default: Option<bool>,
    pub description: Option<String>,
    pub preemption_policy: Option<String>,
}

/// `node.k8s.io/v1` RuntimeClass: which CRI handler runs a pod's
/// containers, what the pod costs beyond its containers, and which nodes
/// have the handler. The RuntimeClass admission plugin copies the last two
/// into the pod.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RuntimeClass {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub handler: String,
    pub overhead: Option<RuntimeClassOverhead>,
    pub scheduling: Option<RuntimeClassScheduling>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RuntimeClassOverhead {
    pub pod_fixed: Option<crate::api::ResourceList>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RuntimeClassScheduling {
    pub node_selector: Option<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tolerations: Vec<crate::api::Toleration>,
}
