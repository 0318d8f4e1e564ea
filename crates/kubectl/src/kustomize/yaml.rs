//! kustomize reads resources and patches with go-yaml v3 (YAML 1.2), where
//! `yes`, `on`, `y` and the like are strings; the codec resolves plain
//! scalars as go-yaml v2 (YAML 1.1) does for kubectl. The booleans only
//! 1.1 has are turned back into the words written.

use kubeplay_codec::{Limits, Node, NodeValue};
use serde_json::{Map, Value};

const YAML11_ONLY: &[&str] = &[
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off",
    "OFF",
];

/// The word written at a (1-based) line and column.
fn word_at<'a>(lines: &[&'a str], line: usize, column: usize) -> &'a str {
    let Some(line) = line.checked_sub(1).and_then(|l| lines.get(l)) else {
        return "";
    };
    let start = line
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    let rest = &line[start..];
    let end = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    &rest[..end]
}

fn convert(node: &Node, lines: &[&str]) -> Value {
    match &node.value {
        NodeValue::Bool(_) => {
            let w = word_at(lines, node.line, node.column);
            if YAML11_ONLY.contains(&w) {
                Value::String(w.to_string())
            } else {
                node.to_json()
            }
        }
        NodeValue::Seq(items) => Value::Array(items.iter().map(|n| convert(n, lines)).collect()),
        NodeValue::Map(entries) => {
            let mut m = Map::with_capacity(entries.len());
            for e in entries {
                // Keys too: `y:` and `on:` are keys named so, not "true".
                let mut key = e.key.clone();
                if key == "true" || key == "false" {
                    let w = word_at(lines, e.key_line, e.key_column);
                    if YAML11_ONLY.contains(&w) {
                        key = w.to_string();
                    }
                }
                m.insert(key, convert(&e.value, lines));
            }
            Value::Object(m)
        }
        _ => node.to_json(),
    }
}

/// The documents of a resource or patch file (empty ones left out).
pub fn documents(text: &str) -> Result<Vec<Value>, String> {
    read(text, true)
}

/// The documents of a JSON 6902 patch, which kustomize converts with
/// sigs.k8s.io/yaml (go-yaml v2, YAML 1.1: `value: {x: y}` sets `x: true`).
pub fn documents_yaml11(text: &str) -> Result<Vec<Value>, String> {
    read(text, false)
}

fn read(text: &str, yaml12: bool) -> Result<Vec<Value>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for doc in kubeplay_codec::read_documents(text, &Limits::default()) {
        let doc = doc.map_err(|e| e.to_string())?;
        let v = if yaml12 {
            convert(&doc.root, &lines)
        } else {
            doc.root.to_json()
        };
        if !v.is_null() {
            out.push(v);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn yaml11_booleans_stay_words() {
        let docs = super::documents("a: y\nb: true\n---\nc: [on, off, yes]\nd: {e: No}\n")
            .unwrap_or_default();
        assert_eq!(
            docs,
            [
                serde_json::json!({"a": "y", "b": true}),
                serde_json::json!({"c": ["on", "off", "yes"], "d": {"e": "No"}})
            ]
        );
    }

    // Found by differential testing against kubectl v1.32.4's kustomize:
    // it printed `"n": "1"`, `"on": x` and `"y": "2"` for these keys.
    #[test]
    fn yaml11_boolean_keys_stay_words() {
        let docs = super::documents("n: \"1\"\non: x\nm: {Off: 1}\n").unwrap_or_default();
        assert_eq!(
            docs,
            [serde_json::json!({"n": "1", "on": "x", "m": {"Off": 1}})]
        );
    }
}
