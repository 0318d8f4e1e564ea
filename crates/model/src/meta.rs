//! Object metadata shared by every kind (`metav1.ObjectMeta`) and the
//! owner references that tie controllers to what they manage.

use crate::atom::Atom;
use crate::shared::Shared;
use crate::shared_str::SharedStr;
use crate::time::Time;
use crate::uid::Uid;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use std::collections::BTreeMap;

/// `metadata` of every object. Field order follows the Go struct so JSON
/// output lists fields as kubectl does.
///
/// A simulated hour holds hundreds of thousands of these (every pod, every
/// Event), and every status write copies one, so the texts that repeat
/// (namespace, generateName) are [`Atom`]s, the uid is held inline
/// ([`Uid`]) and so, on 64-bit targets, is the resourceVersion
/// ([`SharedStr`]), and what is rarely set is one word or shared: a pod's
/// metadata was 240 bytes and five allocations, and is 200 and one (its
/// name).
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    pub generate_name: Option<Atom>,
    #[serde(default, skip_serializing_if = "Atom::is_empty")]
    pub namespace: Atom,
    pub self_link: Option<Box<str>>,
    #[serde(default, skip_serializing_if = "Uid::is_empty")]
    pub uid: Uid,
    #[serde(default, skip_serializing_if = "SharedStr::is_empty")]
    pub resource_version: SharedStr,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub generation: i64,
    // Go's `metav1.Time` is a struct, which `omitempty` never omits: an
    // embedded template's metadata says `creationTimestamp: null` (until
    // Kubernetes 1.33 added `omitzero`).
    #[serialize_always]
    pub creation_timestamp: Option<Time>,
    pub deletion_timestamp: Option<Time>,
    pub deletion_grace_period_seconds: Option<i64>,
    // Shared (as are the annotations and owner references): a
    // ReplicaSet's pods all carry its template's labels, and every write
    // of a pod (its status, many times) copies its metadata.
    #[serde(default, skip_serializing_if = "crate::shared::is_empty_map")]
    pub labels: Shared<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "crate::shared::is_empty_map")]
    pub annotations: Shared<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "crate::shared::is_empty")]
    pub owner_references: Shared<Vec<OwnerReference>>,
    #[serde(default, skip_serializing_if = "crate::shared::is_empty")]
    pub finalizers: Shared<Vec<String>>,
    pub managed_fields: Option<Box<serde_json::Value>>,
}

/// An optional field that stands for a Go struct field: a struct is never
/// omitted, so unset it prints as `{}`.
pub(crate) fn some_or_empty<S: serde::Serializer, T: Serialize>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    match v {
        Some(v) => v.serialize(s),
        None => s.serialize_map(Some(0))?.end(),
    }
}

/// The other half of [`some_or_empty`]: an empty struct reads as unset, so
/// printed objects decode back to what they were.
pub(crate) fn none_if_empty<'de, D: serde::Deserializer<'de>, T: Deserialize<'de> + Default + PartialEq>(d: D) -> Result<Option<T>, D::Error> {
    Ok(Option::<T>::deserialize(d)?.filter(|v| *v != T::default()))
}

/// A Go `string` field without `omitempty`: unset prints as `""`.
pub(crate) fn none_as_empty_str<S: serde::Serializer, T: AsRef<str>>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.as_ref().map_or("", AsRef::as_ref))
}

pub(crate) fn is_zero(v: &i64) -> bool {
    *v == 0
}

impl ObjectMeta {
    /// The owner reference with `controller: true`, if any.
    pub fn controller_ref(&self) -> Option<&OwnerReference> {
        self.owner_references.iter().find(|r| r.controller == Some(true))
    }
    pub fn is_being_deleted(&self) -> bool {
        self.deletion_timestamp.is_some()
    }
    pub fn annotation(&self, key: &str) -> Option<&str> {
        self.annotations.get(key).map(String::as_str)
    }
    pub fn label(&self, key: &str) -> Option<&str> {
        self.labels.get(key).map(String::as_str)
    }
}

/// `metav1.OwnerReference`.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OwnerReference {
    pub api_version: Atom,
    pub kind: Atom,
    pub name: String,
    pub uid: Uid,
    pub controller: Option<bool>,
    pub block_owner_deletion: Option<bool>,
}

/// A status condition. Kinds differ in which time fields they carry
/// (`lastProbeTime`, `lastHeartbeatTime`, `lastUpdateTime`,
/// `lastTransitionTime`), so all are optional here and each controller sets
/// the ones its kind has.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    #[serde(rename = "type")]
    pub type_: Atom,
    pub status: Atom,
    pub observed_generation: Option<Box<i64>>,
    pub last_heartbeat_time: Option<Time>,
    pub last_probe_time: Option<Time>,
    pub last_update_time: Option<Time>,
    pub last_transition_time: Option<Time>,
    pub reason: Option<Atom>,
    pub message: Option<Box<str>>,
}

impl Condition {
    pub fn is_true(&self) -> bool {
        self.status == "True"
    }
}

/// Finds a condition by type.
pub fn find_condition<'a>(conds: &'a [Condition], type_: &str) -> Option<&'a Condition> {
    conds.iter().find(|c| c.type_ == type_)
}

/// Sets a condition, keeping `lastTransitionTime` when the status did not
/// change, as every upstream controller's `SetCondition` helper does.
/// Returns whether anything changed.
pub fn set_condition(conds: &mut Vec<Condition>, mut new: Condition) -> bool {
    if let Some(old) = conds.iter_mut().find(|c| c.type_ == new.type_) {
        if old.status == new.status {
            new.last_transition_time = old.last_transition_time;
        }
        if *old == new {
            return false;
        }
        *old = new;
    } else {
        conds.push(new);
    }
    true
}
