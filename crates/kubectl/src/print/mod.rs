//! Printing objects the way kubectl prints them: server-side tables through
//! Go's tabwriter, `-o name`, JSONPath, Go templates, custom columns, and the hand-off to
//! the codec for YAML and JSON.

pub mod columns;
pub mod custom_columns;
pub mod duration;
pub mod format;
pub mod gojson;
pub mod gotemplate;
pub mod json_indent;
pub mod jsonpath;
pub mod output;
pub mod structured;
pub mod table;
pub mod unified;
pub mod tabwriter;
