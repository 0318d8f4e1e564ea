//! The structural-schema engine the API server runs on every custom
//! resource it stores (apiextensions-apiserver's `pkg/apiserver/schema`):
//! pruning of undeclared fields, defaulting from `default`s, and the
//! OpenAPI value validation, as pure functions over `serde_json::Value`.
//!
//! On a create or update the API server applies them in this order:
//! [`prune`] (reporting the dropped fields as warnings), [`apply_defaults`],
//! then [`validate_with_rules`]: [`validate`], then the CEL rules
//! (`x-kubernetes-validations`, `cel.rs`) unless a blocking error was found.

pub(crate) mod cel;
mod default;
mod format;
mod goval;
mod prune;
mod validate;

pub use default::apply_defaults;
pub(crate) use goval::bad_value as go_value;
pub use prune::prune;
pub(crate) use prune::prune_with;
pub use cel::{has_rules, validate_rules, RuleResults};
pub use validate::validate;
pub(crate) use validate::validate_under;

use crate::api::{JsonSchemaProps, SchemaOrBool};

/// [`validate`], then the CEL rules as the custom resource strategy runs
/// them: only when no error of a blocking type (wrong type, required,
/// unsupported, too long or too many) was found, else one error saying so.
/// `old` is the stored object on an update, for transition rules and
/// ratcheting.
pub fn validate_with_rules(
    schema: &JsonSchemaProps,
    obj: &serde_json::Value,
    old: Option<&serde_json::Value>,
) -> RuleResults {
    use crate::validation::{BadValue, ErrorType, FieldError};
    let mut errs = validate(schema, obj);
    if !has_rules(schema) {
        let mut out = RuleResults::default();
        out.errors = errs;
        return out;
    }
    let blocking = errs.iter().any(|e| {
        matches!(
            e.type_,
            ErrorType::NotSupported
                | ErrorType::Required
                | ErrorType::TooLong
                | ErrorType::TooMany
                | ErrorType::TypeInvalid
        )
    });
    if blocking {
        errs.push(FieldError {
            type_: ErrorType::Invalid,
            field: "<nil>".into(),
            bad_value: BadValue::str("null"),
            detail: "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation".into(),
        });
        let mut out = RuleResults::default();
        out.errors = errs;
        return out;
    }
    let mut rules = validate_rules(schema, obj, old);
    errs.append(&mut rules.errors);
    rules.errors = errs;
    rules
}

/// The schema `additionalProperties` gives unlisted keys, if it is one
/// (a bare `true`/`false` gives none, as upstream's nil `Structural`).
fn additional(s: &JsonSchemaProps) -> Option<Option<&JsonSchemaProps>> {
    s.additional_properties.as_ref().map(|ap| match ap {
        SchemaOrBool::Schema(b) => Some(&**b),
        SchemaOrBool::Bool(_) => None,
    })
}

#[cfg(test)]
mod cel_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream_tests;
