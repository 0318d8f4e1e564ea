//! Printing objects the way kubectl prints them: server-side tables through
//! Go's tabwriter, `-o name`, JSONPath, custom columns, and the hand-off to
//! the codec for YAML and JSON.

pub mod gojson;
pub mod jsonpath;
pub mod output;
