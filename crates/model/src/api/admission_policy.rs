//! `admissionregistration.k8s.io/v1` ValidatingAdmissionPolicy and
//! ValidatingAdmissionPolicyBinding, in Go's field order. The API server
//! enforces them (kubeplay-apiserver's `policy_admission`); the
//! free-form parts (paramKind, paramRef, match conditions, variables,
//! audit annotations, status) stay JSON, read where they are used.

use crate::meta::ObjectMeta;
use crate::selector::LabelSelector;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidatingAdmissionPolicy {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: PolicySpec,
    pub status: Option<Value>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicySpec {
    pub param_kind: Option<Value>,
    pub match_constraints: Option<MatchResources>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validations: Vec<PolicyValidation>,
    pub failure_policy: Option<String>,
    pub audit_annotations: Option<Value>,
    pub match_conditions: Option<Value>,
    pub variables: Option<Value>,
}

/// `v1.MatchResources`.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchResources {
    pub namespace_selector: Option<LabelSelector>,
    pub object_selector: Option<LabelSelector>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_rules: Vec<NamedRule>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exclude_resource_rules: Vec<NamedRule>,
    pub match_policy: Option<String>,
}

/// `v1.NamedRuleWithOperations`: the rule's fields inline, as Go embeds them.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NamedRule {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_names: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub operations: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub api_groups: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub api_versions: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<String>,
    pub scope: Option<String>,
}

/// `v1.Validation`.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyValidation {
    #[serde(default)]
    pub expression: String,
    pub message: Option<String>,
    pub reason: Option<String>,
    pub message_expression: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidatingAdmissionPolicyBinding {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: BindingSpec,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingSpec {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub policy_name: String,
    pub param_ref: Option<Value>,
    pub match_resources: Option<MatchResources>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validation_actions: Vec<String>,
}
