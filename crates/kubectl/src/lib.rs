//! kubectl and `sim` command lines over the simulated cluster: splitting a
//! line into words, parsing it into a typed command, and printing objects,
//! descriptions and rollout messages exactly as kubectl v1.32 does.
//!
//! The parsing and printing layers are pure (no cluster, no clock): printers
//! take objects and the current virtual time as inputs.

pub mod cli;
pub mod describe;
pub mod error;
pub mod exec;
pub mod gofmt;
pub mod kustomize;
pub mod print;
pub mod rollout;
pub mod shell;

pub use cli::{parse_line, Line};
pub use error::ParseError;
