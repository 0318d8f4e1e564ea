//! Defaulting as the API server applies it on create and update
//! (`pkg/apis/*/v1/defaults.go`).
//!
//! STUB: filled in by the API machinery work.

use crate::object::Object;

/// Applies the API server's defaults to a freshly decoded object.
pub fn apply_defaults(_obj: &mut Object) {}
