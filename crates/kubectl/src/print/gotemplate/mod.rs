//! `-o go-template=…`: Go's `text/template` over the unstructured object
//! kubectl hands its template printer (cli-runtime's printers/template.go),
//! with kubectl's `exists` and `base64decode` added.
//!
//! Go reflects over `map[string]interface{}` data, so the messages name Go
//! types (`interface {}`, `int64`, `map[string]interface {}`) and values
//! print through `fmt`. The values here keep just enough of that: whether a
//! value still sits inside an `interface{}` (as map entries and list
//! elements do until a pipeline ends) decides both `<no value>` against
//! `<nil>` and the type an error names.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::gojson;
use crate::gofmt;

/// The template's name in every message, as cli-runtime names it.
const NAME: &str = "output";
/// Nesting beyond this is refused rather than risking the stack.
const MAX_DEPTH: usize = 200;
/// Work allowed for one execution; no real template comes near it.
const MAX_STEPS: u64 = 5_000_000;
/// `{{template}}` calls nest at most this deep; Go's own limit is
/// 100000, which would overflow the stack here first.
const MAX_TEMPLATE_DEPTH: usize = 100;
const MAX_OUTPUT: usize = 64 << 20;

mod exec;
mod fmt;
mod lex;
mod parse;
mod value;

use fmt::*;
use lex::*;
use parse::*;
use value::*;
pub use exec::{print, Failure, Template};

#[cfg(test)]
mod tests;
