//! Manifests in and out, as Kubernetes reads and kubectl prints them.
//!
//! In: [`decode_manifests`] reads pasted YAML or JSON (multi-document,
//! `kind: List`) into typed [`kubeplay_model::Object`]s, following the real
//! path (sigs.k8s.io/yaml's YAML 1.1 scalar rules, then Go's JSON decoding)
//! and reporting every mistake with its document, line, column and field
//! path. Unknown fields and deprecated apiVersions become warnings; older
//! apiVersions are converted to the served one. One bad document never stops
//! the others.
//!
//! Out: [`to_yaml`] and [`to_json`] print values byte for byte as
//! `kubectl get -o yaml` / `-o json` do.
//!
//! Owns no state and no I/O; depends only on the model (never on the
//! apiserver, engine or kubectl crates) and builds for wasm32.

// Errors are made once per document, never in a hot loop; keeping them
// unboxed keeps matching on them simple for callers.
#![allow(clippy::result_large_err)]

mod block;
mod convert;
mod de;
mod error;
pub use kubeplay_model::gofloat;
mod json;
mod lenient;
mod limits;
mod manifest;
mod print;
mod reader;
mod scalar;
mod subtrees;
mod suggest;
mod swar;
mod tree;

pub use convert::deprecation_message;
pub use error::{DecodeError, ErrorKind, JsonValue, Partial, Step, Target, TypeError, Warning};
pub use json::{from_json, object_from_json, object_from_json_warned};
pub use limits::Limits;
pub use manifest::{decode_manifests, decode_manifests_with, DecodeOutcome, DecodedObject};
pub use print::json::{to_json, to_json_compact, to_json_sorted};
pub use print::yaml::{compare_keys, to_yaml};
pub use reader::{read_documents, Document};
pub use scalar::{resolve_plain, Resolved};
pub use tree::{Entry, Node, NodeValue};

/// Reads a single YAML or JSON document (a `kubectl patch -p` argument, a
/// stored snapshot) into JSON, with the same rules and limits as manifests.
/// An empty input is `null`; more than one document is an error.
pub fn parse_value(input: &str) -> Result<serde_json::Value, DecodeError> {
    let mut docs = read_documents(input, &Limits::default()).into_iter();
    let value = match docs.next() {
        None => serde_json::Value::Null,
        Some(doc) => doc?.root.to_json(),
    };
    if let Some(next) = docs.next() {
        let line = next.as_ref().ok().map(|d| d.root.line);
        return Err(DecodeError {
            document: Some(2),
            line,
            column: None,
            path: String::new(),
            kind: ErrorKind::Syntax("expected a single document".into()),
            partial: None,
        });
    }
    Ok(value)
}

/// Decodes a located node into any deserializable type with Go's JSON
/// rules, returning unknown-field warnings. Errors carry line, column and
/// path but no document index.
pub fn decode_node<T: serde::de::DeserializeOwned>(node: &Node) -> Result<(T, Vec<Warning>), DecodeError> {
    de::decode(node, false).map_err(|e| {
        let (line, column, path) = match e.at {
            Some(at) => (at.line, at.column, at.path),
            None => (node.line, node.column, String::new()),
        };
        DecodeError { document: None, line: Some(line), column: Some(column), path, kind: e.kind, partial: None }
    })
}

/// Entry point for a cargo-fuzz target: decodes arbitrary bytes and prints
/// whatever decoded, exercising every path that must never panic.
pub fn fuzz_decode(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let out = decode_manifests(text);
    for item in &out.items {
        match item {
            Ok(o) => {
                let json = o.object.to_json();
                let _ = to_yaml(&json);
                let _ = to_json(&json);
                let _ = to_yaml(&o.raw.to_json());
                let _ = to_json_sorted(&o.raw);
                for w in &o.warnings {
                    let _ = (w.to_string(), w.hint());
                }
            }
            Err(e) => {
                let _ = (e.to_string(), e.hint());
            }
        }
    }
    let _ = parse_value(text);
}
