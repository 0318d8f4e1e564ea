//! CustomResourceDefinition validation (apiextensions-apiserver's
//! `ValidateCustomResourceDefinition`).

use super::field::FieldError;
use crate::api::CustomResourceDefinition;

pub fn crd(_o: &CustomResourceDefinition) -> Vec<FieldError> {
    Vec::new()
}

pub fn crd_update(n: &CustomResourceDefinition, _o: &CustomResourceDefinition) -> Vec<FieldError> {
    crd(n)
}
