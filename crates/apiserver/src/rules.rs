//! The bridge to the model's naming, defaulting and validation rules, so
//! the store has one place that turns field errors into the API server's
//! `Invalid` error.

use crate::error::{ApiError, Result};
use kubeplay_model::validation::{validate, validate_update as validate_update_rules};
use kubeplay_model::Object;

/// `<base><5 random chars>` as `names.SimpleNameGenerator` builds it.
pub fn generate_name(base: &str, rng: &mut dyn FnMut() -> u64) -> String {
    let mut draw = || rng();
    kubeplay_model::names::generate_name(base, &mut draw)
}

pub fn validate_create(obj: &Object) -> Result<()> {
    let mut errs = validate(obj);
    errs.extend(crate::limits::check(obj));
    if errs.is_empty() {
        Ok(())
    } else {
        Err(ApiError::invalid(obj.kind(), obj.name(), errs.iter().map(|e| e.to_string())))
    }
}

pub fn validate_update(old: &Object, new: &Object) -> Result<()> {
    let mut errs = validate_update_rules(old, new);
    errs.extend(crate::limits::check(new));
    if errs.is_empty() {
        Ok(())
    } else {
        Err(ApiError::invalid(new.kind(), new.name(), errs.iter().map(|e| e.to_string())))
    }
}
