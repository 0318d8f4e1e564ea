//! `rbac.authorization.k8s.io/v1`: Role, ClusterRole, RoleBinding and
//! ClusterRoleBinding. Field order is Go's, and the fields Go writes without
//! `omitempty` are written even when empty (a Role without rules prints
//! `rules: null`, as the API server returns it).

use crate::meta::ObjectMeta;
use crate::selector::LabelSelector;
use serde::{Deserialize, Serialize};

/// The API group every RBAC kind, and a binding's role reference, belongs to.
pub const RBAC_GROUP: &str = "rbac.authorization.k8s.io";

/// One grant: verbs on resources (optionally by name) in API groups, or
/// verbs on non-resource URLs such as `/healthz`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyRule {
    #[serde(default)]
    pub verbs: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub api_groups: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_names: Vec<String>,
    #[serde(default, rename = "nonResourceURLs", skip_serializing_if = "Vec::is_empty")]
    pub non_resource_urls: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Role {
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// `None` is Go's nil slice, printed as `null`; `Some(vec![])` prints `[]`.
    #[serde(default)]
    pub rules: Option<Vec<PolicyRule>>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterRole {
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// Written even when nil (see [`Role::rules`]); for an aggregated role
    /// the aggregation controller owns it.
    #[serde(default)]
    pub rules: Option<Vec<PolicyRule>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aggregation_rule: Option<AggregationRule>,
}

/// The ClusterRoles whose rules the aggregation controller unions into this one.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AggregationRule {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cluster_role_selectors: Vec<LabelSelector>,
}

/// Who a binding grants to: a User, a Group or a ServiceAccount.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Subject {
    #[serde(default)]
    pub kind: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_group: String,
    #[serde(default)]
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
}

/// The role a binding grants; it cannot change once the binding exists.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleRef {
    #[serde(default)]
    pub api_group: String,
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleBinding {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subjects: Vec<Subject>,
    #[serde(default)]
    pub role_ref: RoleRef,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterRoleBinding {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subjects: Vec<Subject>,
    #[serde(default)]
    pub role_ref: RoleRef,
}
