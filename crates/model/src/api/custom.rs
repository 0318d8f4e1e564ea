//! A custom resource: an object of a kind a CustomResourceDefinition
//! defined. The API server knows its metadata; everything else is the JSON
//! the user wrote, pruned, defaulted and validated against the CRD's schema
//! (see `crate::crd_schema`).

use crate::kind::Kind;
use crate::meta::ObjectMeta;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct CustomObject {
    /// Which custom kind ([`Kind::Custom`]); not written out (the printed
    /// `kind` comes from the kind's registry entry).
    pub kind: Kind,
    /// `group/version` as the object is stored and printed.
    pub api_version: String,
    pub metadata: ObjectMeta,
    /// Every other top-level field (`spec`, `status`, anything the schema
    /// keeps), in the order written.
    pub content: Map<String, Value>,
}

impl CustomObject {
    pub fn empty(kind: Kind) -> CustomObject {
        CustomObject { kind, api_version: kind.info().api_version(), metadata: ObjectMeta::default(), content: Map::new() }
    }

    /// Decodes a manifest's body (without `apiVersion` and `kind`).
    pub fn deserialize_body<'de, D: Deserializer<'de>>(kind: Kind, d: D) -> Result<CustomObject, D::Error> {
        let mut content = Map::<String, Value>::deserialize(d)?;
        let metadata = match content.remove("metadata") {
            None | Some(Value::Null) => ObjectMeta::default(),
            Some(m) => serde_json::from_value(m).map_err(D::Error::custom)?,
        };
        Ok(CustomObject { kind, api_version: kind.info().api_version(), metadata, content })
    }

    /// The whole object as JSON with `apiVersion` and `kind`, as the
    /// schema sees it.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("apiVersion".into(), self.api_version.clone().into());
        m.insert("kind".into(), self.kind.name().into());
        m.insert("metadata".into(), serde_json::to_value(&self.metadata).unwrap_or(Value::Null));
        for (k, v) in &self.content {
            m.insert(k.clone(), v.clone());
        }
        Value::Object(m)
    }

    /// Takes back `content` from a whole object (as [`CustomObject::to_value`]
    /// gave it, after pruning or defaulting); metadata and type are kept.
    pub fn set_content_from(&mut self, whole: Value) {
        if let Value::Object(mut m) = whole {
            for k in ["apiVersion", "kind", "metadata"] {
                m.remove(k);
            }
            self.content = m;
        }
    }

    /// A top-level section (`spec`, `status`).
    pub fn section(&self, name: &str) -> Option<&Value> {
        self.content.get(name)
    }
}

impl Serialize for CustomObject {
    /// The body: `metadata`, then the content.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(1 + self.content.len()))?;
        m.serialize_entry("metadata", &self.metadata)?;
        for (k, v) in &self.content {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}
