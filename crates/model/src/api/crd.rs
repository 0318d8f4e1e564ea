//! `apiextensions.k8s.io/v1`: CustomResourceDefinition, the kind that
//! teaches the API server new kinds. Field order is Go's; `omitempty`
//! fields are skipped when empty, the rest always written.

use crate::meta::{Condition, ObjectMeta};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;
use std::collections::BTreeMap;

/// The API group of CustomResourceDefinition itself.
pub const APIEXTENSIONS_GROUP: &str = "apiextensions.k8s.io";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceDefinition {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: CustomResourceDefinitionSpec,
    #[serde(default)]
    pub status: CustomResourceDefinitionStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceDefinitionSpec {
    #[serde(default)]
    pub group: String,
    #[serde(default)]
    pub names: CustomResourceDefinitionNames,
    /// `Namespaced` or `Cluster`; immutable.
    #[serde(default)]
    pub scope: String,
    #[serde(default)]
    pub versions: Vec<CustomResourceDefinitionVersion>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion: Option<CustomResourceConversion>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub preserve_unknown_fields: bool,
}

/// How the resource is named: `metadata.name` must be `<plural>.<group>`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceDefinitionNames {
    #[serde(default)]
    pub plural: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub singular: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub short_names: Vec<String>,
    #[serde(default)]
    pub kind: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub list_kind: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceDefinitionVersion {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub served: bool,
    #[serde(default)]
    pub storage: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deprecated: bool,
    pub deprecation_warning: Option<String>,
    pub schema: Option<CustomResourceValidation>,
    pub subresources: Option<CustomResourceSubresources>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub additional_printer_columns: Vec<CustomResourceColumnDefinition>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub selectable_fields: Vec<SelectableField>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceValidation {
    #[serde(rename = "openAPIV3Schema")]
    pub open_api_v3_schema: Option<Box<JsonSchemaProps>>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceSubresources {
    /// Present (even as `{}`) when the status subresource is on.
    pub status: Option<BTreeMap<String, Value>>,
    pub scale: Option<CustomResourceSubresourceScale>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceSubresourceScale {
    #[serde(default)]
    pub spec_replicas_path: String,
    #[serde(default)]
    pub status_replicas_path: String,
    pub label_selector_path: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceColumnDefinition {
    #[serde(default)]
    pub name: String,
    #[serde(default, rename = "type")]
    pub type_: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub format: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub priority: i32,
    #[serde(default, rename = "jsonPath")]
    pub json_path: String,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SelectableField {
    #[serde(default)]
    pub json_path: String,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceConversion {
    /// `None` (the default) or `Webhook`.
    #[serde(default)]
    pub strategy: String,
    pub webhook: Option<Value>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomResourceDefinitionStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    #[serde(default)]
    pub accepted_names: CustomResourceDefinitionNames,
    #[serde(default)]
    pub stored_versions: Vec<String>,
}

/// An OpenAPI v3 schema as a CRD's versions carry it (Go's
/// `JSONSchemaProps`), in Go's field order. Values a schema may hold of any
/// type (`default`, `enum`, `example`) are kept as JSON.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JsonSchemaProps {
    pub id: Option<String>,
    #[serde(rename = "$schema")]
    pub schema: Option<String>,
    #[serde(rename = "$ref")]
    pub ref_: Option<String>,
    pub description: Option<String>,
    #[serde(rename = "type")]
    pub type_: Option<String>,
    pub format: Option<String>,
    pub title: Option<String>,
    pub default: Option<Value>,
    pub maximum: Option<f64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exclusive_maximum: bool,
    pub minimum: Option<f64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exclusive_minimum: bool,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    pub pattern: Option<String>,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unique_items: bool,
    pub multiple_of: Option<f64>,
    #[serde(rename = "enum")]
    pub enum_: Option<Vec<Value>>,
    pub max_properties: Option<i64>,
    pub min_properties: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required: Vec<String>,
    /// One schema for every item (a list of schemas decodes, for validation
    /// to refuse; see [`JsonSchemaProps::item_schema`]).
    pub items: Option<SchemaOrArray>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub all_of: Vec<JsonSchemaProps>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one_of: Vec<JsonSchemaProps>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub any_of: Vec<JsonSchemaProps>,
    pub not: Option<Box<JsonSchemaProps>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub properties: BTreeMap<String, JsonSchemaProps>,
    /// A schema, or `true`/`false` (Go's `JSONSchemaPropsOrBool`).
    pub additional_properties: Option<SchemaOrBool>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pattern_properties: BTreeMap<String, JsonSchemaProps>,
    pub dependencies: Option<Value>,
    pub additional_items: Option<SchemaOrBool>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub definitions: BTreeMap<String, JsonSchemaProps>,
    pub external_docs: Option<Value>,
    pub example: Option<Value>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub nullable: bool,
    #[serde(rename = "x-kubernetes-preserve-unknown-fields")]
    pub x_kubernetes_preserve_unknown_fields: Option<bool>,
    #[serde(default, rename = "x-kubernetes-embedded-resource", skip_serializing_if = "std::ops::Not::not")]
    pub x_kubernetes_embedded_resource: bool,
    #[serde(default, rename = "x-kubernetes-int-or-string", skip_serializing_if = "std::ops::Not::not")]
    pub x_kubernetes_int_or_string: bool,
    #[serde(rename = "x-kubernetes-list-map-keys")]
    pub x_kubernetes_list_map_keys: Option<Vec<String>>,
    #[serde(rename = "x-kubernetes-list-type")]
    pub x_kubernetes_list_type: Option<String>,
    #[serde(rename = "x-kubernetes-map-type")]
    pub x_kubernetes_map_type: Option<String>,
    /// CEL rules (`x-kubernetes-validations`), kept as written.
    #[serde(rename = "x-kubernetes-validations")]
    pub x_kubernetes_validations: Option<Vec<Value>>,
}

impl JsonSchemaProps {
    /// The schema of every item, when `items` is the single schema a
    /// structural schema has.
    pub fn item_schema(&self) -> Option<&JsonSchemaProps> {
        match &self.items {
            Some(SchemaOrArray::Schema(s)) => Some(s),
            _ => None,
        }
    }
}

/// Go's `JSONSchemaPropsOrArray`: `items` is a schema, or a list of them
/// (which the API server refuses).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SchemaOrArray {
    Schema(Box<JsonSchemaProps>),
    Array(Vec<JsonSchemaProps>),
}

// By hand rather than untagged, so an error inside the schema keeps its
// own message instead of "did not match any variant".
impl<'de> Deserialize<'de> for SchemaOrArray {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = SchemaOrArray;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a schema or a list of schemas")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<SchemaOrArray, A::Error> {
                JsonSchemaProps::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(|s| SchemaOrArray::Schema(Box::new(s)))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<SchemaOrArray, A::Error> {
                Vec::deserialize(serde::de::value::SeqAccessDeserializer::new(seq)).map(SchemaOrArray::Array)
            }
        }
        d.deserialize_any(V)
    }
}

/// Go's `JSONSchemaPropsOrBool`: `additionalProperties: false` or a schema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SchemaOrBool {
    Bool(bool),
    Schema(Box<JsonSchemaProps>),
}
