//! `kubectl get -o json` output: Go's `json.MarshalIndent` with four
//! spaces, keys in the order given, HTML-safe escaping (`<` → `\u003c`), and
//! Go's float formatting.

use crate::gofloat::format_json;
use crate::tree::{integral, Entry, Integral, Node, NodeValue};
use serde_json::Value;

/// Prints a value as `kubectl get -o json` does (ending in a newline).
pub fn to_json(value: &Value) -> String {
    let mut out = String::new();
    write(value, Some(0), &mut out);
    out.push('\n');
    out
}

/// Go's `json.Marshal` of a typed object: no whitespace, keys in the order given.
pub fn to_json_compact(value: &Value) -> String {
    let mut out = String::new();
    write(value, None, &mut out);
    out
}

/// Go's `json.Marshal` of an unstructured object (a `map[string]interface{}`),
/// which sorts every map's keys: how `kubectl apply` encodes a manifest read
/// from a file into its last-applied-configuration annotation. Written from
/// the tree the manifest was read into, which a large apply never has to
/// turn into a `Value` (building and dropping that was a third of decoding).
pub fn to_json_sorted(node: &Node) -> String {
    let mut out = String::new();
    write_sorted(node, &mut out, &mut Vec::new());
    out
}

/// `sorting` holds the entries of the maps being written, each map's
/// sorted in place at its end: one buffer for the whole tree.
fn write_sorted<'a>(node: &'a Node, out: &mut String, sorting: &mut Vec<(u64, &'a Entry)>) {
    match &node.value {
        NodeValue::Str(s) => quote(s, out),
        NodeValue::Seq(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_sorted(item, out, sorting);
            }
            out.push(']');
        }
        NodeValue::Map(entries) => {
            let from = sorting.len();
            sorting.extend(entries.iter().map(|e| (key_prefix(&e.key), e)));
            // Byte order, as Go sorts map keys. Nearly every pair of keys
            // differs in its first eight bytes, which one integer
            // comparison settles (comparing the strings is a call to
            // memcmp, a byte loop in wasm).
            sorting[from..].sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.key.cmp(&b.1.key)));
            out.push('{');
            for i in from..from + entries.len() {
                if i > from {
                    out.push(',');
                }
                let e = sorting[i].1;
                quote(&e.key, out);
                out.push(':');
                write_sorted(&e.value, out, sorting);
            }
            sorting.truncate(from);
            out.push('}');
        }
        NodeValue::Null => out.push_str("null"),
        NodeValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        NodeValue::Int(i) => push_int(*i, out),
        NodeValue::Uint(u) => push_uint(*u, out),
        // An integral float is written as an integer, as `Node::to_json` makes it.
        NodeValue::Float(f) => match integral(*f) {
            Some(Integral::Int(i)) => push_int(i, out),
            Some(Integral::Uint(u)) => push_uint(u, out),
            None if f.is_finite() => out.push_str(&format_json(*f)),
            None => out.push_str("null"),
        },
    }
}

/// A key's first eight bytes (zeros past its end) as a big-endian
/// integer: keys whose integers differ are in the same order as the keys
/// themselves; only equal integers need the keys compared.
fn key_prefix(key: &str) -> u64 {
    let mut b = [0u8; 8];
    let n = key.len().min(8);
    b[..n].copy_from_slice(&key.as_bytes()[..n]);
    u64::from_be_bytes(b)
}

/// An integer's decimal digits, without the formatter's machinery (every
/// number of every manifest applied is written by this).
fn push_uint(n: u64, out: &mut String) {
    out.push_str(kubeplay_model::decimal::decimal(n, &mut [0; 20]));
}

fn push_int(n: i64, out: &mut String) {
    if n < 0 {
        out.push('-');
    }
    push_uint(n.unsigned_abs(), out);
}

fn newline(depth: Option<usize>, out: &mut String) {
    if let Some(d) = depth {
        out.push('\n');
        out.push_str(&"    ".repeat(d));
    }
}

fn write(v: &Value, depth: Option<usize>, out: &mut String) {
    let inner = depth.map(|d| d + 1);
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => push_int(i, out),
            (_, Some(u)) => push_uint(u, out),
            _ => out.push_str(&format_json(n.as_f64().unwrap_or(0.0))),
        },
        Value::String(s) => quote(s, out),
        Value::Array(items) if items.is_empty() => out.push_str("[]"),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(inner, out);
                write(item, inner, out);
            }
            newline(depth, out);
            out.push(']');
        }
        Value::Object(m) if m.is_empty() => out.push_str("{}"),
        Value::Object(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(inner, out);
                quote(k, out);
                out.push(':');
                if depth.is_some() {
                    out.push(' ');
                }
                write(item, inner, out);
            }
            newline(depth, out);
            out.push('}');
        }
    }
}

/// Go's string encoding with HTML escaping on. Runs of bytes that need no
/// escape are copied whole: this writes every string of every manifest applied.
fn quote(s: &str, out: &mut String) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while let Some(at) = crate::swar::first_json_special(bytes, i) {
        i = at;
        let b = bytes[i];
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            b'<' => "\\u003c",
            b'>' => "\\u003e",
            b'&' => "\\u0026",
            0..=0x1f => "",
            // U+2028 and U+2029 (E2 80 A8/A9 in UTF-8).
            0xe2 if bytes.get(i + 1) == Some(&0x80) && matches!(bytes.get(i + 2), Some(0xa8 | 0xa9)) => "",
            _ => {
                i += 1;
                continue;
            }
        };
        out.push_str(&s[start..i]);
        start = i + 1;
        if !escape.is_empty() {
            out.push_str(escape);
        } else if b == 0xe2 {
            out.push_str(if bytes[i + 2] == 0xa8 { "\\u2028" } else { "\\u2029" });
            start = i + 3;
        } else {
            out.push_str(&format!("\\u{b:04x}"));
        }
        i = start;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn indents_with_four_spaces_and_keeps_key_order() {
        let v = json!({"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": "c", "creationTimestamp": null}, "data": {}, "list": [1, "a"]});
        assert_eq!(
            to_json(&v),
            "{\n    \"kind\": \"ConfigMap\",\n    \"apiVersion\": \"v1\",\n    \"metadata\": {\n        \"name\": \"c\",\n        \"creationTimestamp\": null\n    },\n    \"data\": {},\n    \"list\": [\n        1,\n        \"a\"\n    ]\n}\n"
        );
    }

    // `kubectl create configmap ... -o json` (v1.32) for these values.
    #[test]
    fn escapes_like_go() {
        let mut out = String::new();
        quote("<>&", &mut out);
        assert_eq!(out, r#""\u003c\u003e\u0026""#);
        out.clear();
        quote("a\u{8}b\u{c}c\u{1}d\u{1b}e", &mut out);
        assert_eq!(out, r#""a\bb\fc\u0001d\u001be""#);
        out.clear();
        quote("a\u{2028}b\tc\r\nd😀é\u{7f}", &mut out);
        assert_eq!(out, "\"a\\u2028b\\tc\\r\\nd😀é\u{7f}\"");
    }

    #[test]
    fn sorted_scalars_are_written_as_their_json() {
        let values = [
            NodeValue::Null,
            NodeValue::Bool(true),
            NodeValue::Bool(false),
            NodeValue::Int(0),
            NodeValue::Int(-7),
            NodeValue::Int(i64::MIN),
            NodeValue::Int(i64::MAX),
            NodeValue::Uint(u64::MAX),
            NodeValue::Float(3.0),
            NodeValue::Float(-0.0),
            NodeValue::Float(1.5),
            NodeValue::Float(1e20),
            NodeValue::Float(-1e21),
            NodeValue::Float(1.8446744073709552e19),
        ];
        for v in values {
            let node = Node::new(v, 1, 1);
            assert_eq!(to_json_sorted(&node), to_json_compact(&node.to_json()), "{node:?}");
        }
        assert_eq!(to_json_sorted(&Node::new(NodeValue::Int(i64::MIN), 1, 1)), "-9223372036854775808");
    }

    #[test]
    fn compact_form() {
        assert_eq!(to_json_compact(&json!({"a": [1, {"b": 1.5}], "c": {}})), r#"{"a":[1,{"b":1.5}],"c":{}}"#);
    }

    // The ConfigMap in a `kubectl get configmap -o yaml` shown in many
    // tutorials after `kubectl apply`: every map's keys in byte order.
    #[test]
    fn sorted_form_orders_every_map() {
        let v = json!({"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": "file-config", "namespace": "default", "annotations": {}}, "data": {"comics": "superhero: Super Woman\nvillain: Medusa\n\n"}});
        let sorted = |v: &Value| to_json_sorted(&Node::from_json(v, 1, 1));
        assert_eq!(
            sorted(&v),
            r#"{"apiVersion":"v1","data":{"comics":"superhero: Super Woman\nvillain: Medusa\n\n"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"file-config","namespace":"default"}}"#
        );
        // Upper case sorts before lower case; lists keep their order.
        assert_eq!(sorted(&json!({"b": [{"z": 1, "Z": 2}, 0.5, 3.0, null, true], "B": "<"})), r#"{"B":"\u003c","b":[{"Z":2,"z":1},0.5,3,null,true]}"#);
    }

    /// Keys alike in their first eight bytes, keys that are prefixes of
    /// others, a NUL byte (which pads a short key's prefix) and multi-byte
    /// characters: the order is the keys' byte order all the same.
    #[test]
    fn keys_sharing_their_first_bytes_are_compared_in_full() {
        let keys = ["namespace", "name", "nameX", "initialDelaySeconds", "initialDelay", "abcdefghij", "abcdefgh", "abcdefghi", "a\u{0}", "a", "a\u{0}b", "é", "éa", "z", "", "Z"];
        let entries = keys.iter().enumerate().map(|(i, k)| Entry { key: k.to_string(), key_line: 1, key_column: 1, value: Node::new(NodeValue::Int(i as i64), 1, 1) });
        let node = Node::new(NodeValue::Map(entries.collect()), 1, 1);
        let mut expected = keys.iter().enumerate().collect::<Vec<_>>();
        kubeplay_model::sort::sort_by_key(&mut expected, |(_, k)| k.as_bytes());
        let mut want = String::from("{");
        for (n, (i, k)) in expected.iter().enumerate() {
            if n > 0 {
                want.push(',');
            }
            quote(k, &mut want);
            want.push_str(&format!(":{i}"));
        }
        want.push('}');
        assert_eq!(to_json_sorted(&node), want);
    }
}
