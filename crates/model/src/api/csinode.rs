//! `storage.k8s.io/v1` CSINode: the CSI drivers a node's kubelet has
//! registered. Every kubelet keeps one named after its node and owned by
//! it; on kind, with no CSI driver installed, its list is empty. The
//! engine presents them to reads (its `csi_nodes` module).

use crate::meta::ObjectMeta;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_with::skip_serializing_none;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(clippy::upper_case_acronyms)]
pub struct CSINode {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: CsiNodeSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CsiNodeSpec {
    /// Go's `drivers` has no `omitempty`, and an empty list reads back
    /// from storage as nil: written `null` when empty.
    #[serde(default, serialize_with = "null_when_empty", deserialize_with = "null_or_list")]
    pub drivers: Vec<CsiNodeDriver>,
}

/// `v1.CSINodeDriver`, in Go's field order.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CsiNodeDriver {
    #[serde(default)]
    pub name: String,
    #[serde(rename = "nodeID", default)]
    pub node_id: String,
    pub topology_keys: Option<Vec<String>>,
    pub allocatable: Option<Value>,
}

fn null_when_empty<S: Serializer>(drivers: &[CsiNodeDriver], s: S) -> Result<S::Ok, S::Error> {
    if drivers.is_empty() {
        s.serialize_none()
    } else {
        s.collect_seq(drivers)
    }
}

fn null_or_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<CsiNodeDriver>, D::Error> {
    Ok(Option::<Vec<CsiNodeDriver>>::deserialize(d)?.unwrap_or_default())
}
