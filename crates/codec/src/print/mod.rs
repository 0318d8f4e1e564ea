//! Printing values exactly as kubectl prints them with `-o yaml` and `-o json`.

pub mod json;
pub mod yaml;
