//! `v1` ComponentStatus (deprecated since v1.19, still served by v1.32):
//! the API server's health probe of the control plane's components,
//! answered at each read and never stored (the engine presents the three
//! a kind cluster answers with, see its `component_status` module).

use crate::meta::ObjectMeta;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ComponentStatus {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<ComponentCondition>,
}

/// `v1.ComponentCondition`, in Go's field order.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ComponentCondition {
    #[serde(rename = "type", default)]
    pub type_: String,
    #[serde(default)]
    pub status: String,
    pub message: Option<String>,
    pub error: Option<String>,
}
