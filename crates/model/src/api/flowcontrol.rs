//! `flowcontrol.apiserver.k8s.io/v1`: API Priority and Fairness's
//! FlowSchema (which requests go to which priority level) and
//! PriorityLevelConfiguration (how much concurrency a level gets and what
//! happens to requests past it). The API server's own bootstrap set is
//! presented by the engine (`flowcontrol` module); what users create is
//! stored. Fields are in Go's order, with Go's `omitempty`s.

use crate::meta::{Condition, ObjectMeta};
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

pub const GROUP: &str = "flowcontrol.apiserver.k8s.io";
/// The annotation that tells the API server's configuration producer it
/// may overwrite a bootstrap object's spec with its own.
pub const AUTOUPDATE_ANNOTATION: &str = "apf.kubernetes.io/autoupdate-spec";
/// `FlowSchemaConditionDangling`.
pub const DANGLING: &str = "Dangling";

/// `v1.FlowSchema`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlowSchema {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: FlowSchemaSpec,
    #[serde(default)]
    pub status: FlowControlStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlowSchemaSpec {
    #[serde(default)]
    pub priority_level_configuration: PriorityLevelReference,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub matching_precedence: i32,
    pub distinguisher_method: Option<DistinguisherMethod>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<PolicyRulesWithSubjects>,
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PriorityLevelReference {
    #[serde(default)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DistinguisherMethod {
    #[serde(rename = "type", default)]
    pub type_: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyRulesWithSubjects {
    /// No `omitempty` upstream: written `null` when empty.
    #[serde(default)]
    pub subjects: Option<Vec<Subject>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_rules: Vec<ResourcePolicyRule>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub non_resource_rules: Vec<NonResourcePolicyRule>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Subject {
    #[serde(default)]
    pub kind: String,
    pub user: Option<NamedSubject>,
    pub group: Option<NamedSubject>,
    pub service_account: Option<ServiceAccountSubject>,
}

/// `UserSubject` and `GroupSubject`: a name each.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NamedSubject {
    #[serde(default)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ServiceAccountSubject {
    #[serde(default)]
    pub namespace: String,
    #[serde(default)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourcePolicyRule {
    #[serde(default)]
    pub verbs: Option<Vec<String>>,
    #[serde(rename = "apiGroups", default)]
    pub api_groups: Option<Vec<String>>,
    #[serde(default)]
    pub resources: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cluster_scope: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub namespaces: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NonResourcePolicyRule {
    #[serde(default)]
    pub verbs: Option<Vec<String>>,
    #[serde(rename = "nonResourceURLs", default)]
    pub non_resource_urls: Option<Vec<String>>,
}

/// `FlowSchemaStatus` and `PriorityLevelConfigurationStatus`: conditions
/// (type, status, lastTransitionTime, reason, message), `{}` when none.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FlowControlStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// `v1.PriorityLevelConfiguration`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriorityLevelConfiguration {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: PriorityLevelSpec,
    #[serde(default)]
    pub status: FlowControlStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriorityLevelSpec {
    #[serde(rename = "type", default)]
    pub type_: String,
    pub limited: Option<LimitedPriorityLevel>,
    pub exempt: Option<ExemptPriorityLevel>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LimitedPriorityLevel {
    pub nominal_concurrency_shares: Option<i32>,
    #[serde(default)]
    pub limit_response: LimitResponse,
    pub lendable_percent: Option<i32>,
    pub borrowing_limit_percent: Option<i32>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LimitResponse {
    #[serde(rename = "type", default)]
    pub type_: String,
    pub queuing: Option<Queuing>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Queuing {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub queues: i32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hand_size: i32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub queue_length_limit: i32,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExemptPriorityLevel {
    pub nominal_concurrency_shares: Option<i32>,
    pub lendable_percent: Option<i32>,
}
