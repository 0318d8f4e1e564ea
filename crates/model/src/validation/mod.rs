//! Validation as the API server applies it (`pkg/apis/*/validation`).
//!
//! STUB: filled in by the API machinery work.

pub mod field;
