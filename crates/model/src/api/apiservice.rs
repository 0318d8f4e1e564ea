//! `apiregistration.k8s.io/v1` APIService: which server answers a group
//! and version. The API server registers one for each of its own group
//! versions (and each custom resource's), answered locally (no service),
//! always Available; the simulated cluster presents those to reads and
//! serves no aggregated APIs (see the engine's `api_services` module).

use crate::meta::{Condition, ObjectMeta};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct APIService {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: ApiServiceSpec,
    #[serde(default)]
    pub status: ApiServiceStatus,
}

/// `v1.APIServiceSpec`, in Go's field order; the two priorities are
/// written even when zero.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiServiceSpec {
    /// `None` for a local APIService (the API server itself answers).
    pub service: Option<Value>,
    pub group: Option<String>,
    pub version: Option<String>,
    #[serde(rename = "insecureSkipTLSVerify")]
    pub insecure_skip_tls_verify: Option<bool>,
    pub ca_bundle: Option<String>,
    #[serde(default)]
    pub group_priority_minimum: i32,
    #[serde(default)]
    pub version_priority: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiServiceStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
