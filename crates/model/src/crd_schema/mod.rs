//! The structural-schema engine the API server runs on every custom
//! resource it stores (apiextensions-apiserver's `pkg/apiserver/schema`):
//! pruning of undeclared fields, defaulting from `default`s, and the
//! OpenAPI value validation, as pure functions over `serde_json::Value`.
//!
//! On a create or update the API server applies them in this order:
//! [`prune`] (reporting the dropped fields as warnings), [`apply_defaults`],
//! then [`validate`].
//!
//! CEL rules (`x-kubernetes-validations`) are kept in the schema but not
//! evaluated: the playground has no CEL interpreter.

mod default;
mod format;
mod goval;
mod prune;
mod validate;

pub use default::apply_defaults;
pub(crate) use goval::bad_value as go_value;
pub use prune::prune;
pub(crate) use prune::prune_with;
pub use validate::validate;
pub(crate) use validate::validate_under;

use crate::api::{JsonSchemaProps, SchemaOrBool};

/// The schema `additionalProperties` gives unlisted keys, if it is one
/// (a bare `true`/`false` gives none, as upstream's nil `Structural`).
fn additional(s: &JsonSchemaProps) -> Option<Option<&JsonSchemaProps>> {
    s.additional_properties.as_ref().map(|ap| match ap {
        SchemaOrBool::Schema(b) => Some(&**b),
        SchemaOrBool::Bool(_) => None,
    })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream_tests;
