//! `v1` PodTemplate: a pod template stored on its own, for tools that
//! keep templates to stamp pods from later. Nothing in the cluster acts
//! on one; the API server defaults and validates its template as it does
//! a workload's.

use crate::api::PodTemplateSpec;
use crate::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodTemplate {
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// Go's `omitempty` does not drop a struct: always written.
    #[serde(default)]
    pub template: PodTemplateSpec,
}
