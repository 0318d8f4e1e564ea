//! The text side of `kubectl edit` (editoptions.go's helpers): the comment
//! header above the buffer with the reasons for reopening it, how comments
//! are stripped before comparing two buffers, whether a saved file is
//! empty, and the JSON merge patch kubectl computes for a custom resource.

use serde_json::{Map, Value};

/// One reason the buffer is reopened: a headline and, for an invalid
/// object, one line per cause.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reason {
    pub head: String,
    pub other: Vec<String>,
}

const HEADER: &str =
    "# Please edit the object below. Lines beginning with a '#' will be ignored,\n\
# and an empty file will abort the edit. If an error occurs while saving this file will be\n\
# reopened with the relevant failures.\n\
#\n";

const HEADER_LAST_APPLIED: &str =
    "# Please edit the 'last-applied-configuration' annotations below.\n\
# Lines beginning with a '#' will be ignored, and an empty file will abort the edit.\n\
#\n";

/// The comment block kubectl writes above a YAML buffer (`writeTo`).
pub fn header(last_applied: bool, reasons: &[Reason]) -> String {
    let mut out = String::from(if last_applied {
        HEADER_LAST_APPLIED
    } else {
        HEADER
    });
    for r in reasons {
        let colon = if r.other.is_empty() { "" } else { ":" };
        out.push_str(&format!("# {}{colon}\n", hash_on_line_break(&r.head)));
        for o in &r.other {
            out.push_str(&format!("# * {}\n", hash_on_line_break(o)));
        }
        out.push_str("#\n");
    }
    out
}

/// A multi-line message kept inside the comment: each line break not
/// already followed by `#` continues with `# `.
fn hash_on_line_break(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\n', Some(next)) if *next != '#' => out.push_str("\n# "),
            _ => out.push(c),
        }
    }
    out
}

/// cmdutil's `ManualStrip`: the lines that are not comments (`#!` is not one).
pub fn manual_strip(text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = String::with_capacity(text.len());
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.starts_with('#') && !t.starts_with("#!") {
            continue;
        }
        out.push_str(line);
        if i + 1 < lines.len() {
            out.push('\n');
        }
    }
    out
}

/// What cmdutil's `StripComments` compares: the first document as JSON,
/// or, when it does not parse, the text without its comment lines.
#[derive(Debug, PartialEq)]
pub enum Stripped {
    Json(Value),
    Text(String),
}

pub fn strip_comments(text: &str) -> Stripped {
    let docs = kubeplay_codec::read_documents(text, &kubeplay_codec::Limits::default());
    match docs.into_iter().next() {
        None => Stripped::Json(Value::Null),
        Some(Ok(doc)) => Stripped::Json(doc.root.to_json()),
        Some(Err(_)) => Stripped::Text(manual_strip(text)),
    }
}

/// `hasLines`: some line holds more than blanks or a comment.
pub fn has_lines(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .any(|l| !l.is_empty() && !l.starts_with('#'))
}

/// evanphx/json-patch's `CreateMergePatch`: what turns `original` into
/// `edited` (removed keys as nulls, a changed list whole).
pub fn create_merge_patch(original: &Value, edited: &Value) -> Value {
    match (original, edited) {
        (Value::Object(o), Value::Object(e)) => Value::Object(diff_maps(o, e)),
        _ => edited.clone(),
    }
}

fn diff_maps(o: &Map<String, Value>, e: &Map<String, Value>) -> Map<String, Value> {
    let mut patch = Map::new();
    for (k, ev) in e {
        match o.get(k) {
            Some(ov) if ov == ev => {}
            Some(Value::Object(om)) => match ev {
                Value::Object(em) => {
                    let d = diff_maps(om, em);
                    if !d.is_empty() {
                        patch.insert(k.clone(), Value::Object(d));
                    }
                }
                _ => {
                    patch.insert(k.clone(), ev.clone());
                }
            },
            _ => {
                patch.insert(k.clone(), ev.clone());
            }
        }
    }
    for k in o.keys().filter(|k| !e.contains_key(*k)) {
        patch.insert(k.clone(), Value::Null);
    }
    patch
}

/// Go's `%#v` of the `*unstructured.Unstructured` kubectl could not match
/// to an original object (its error quotes it so).
pub fn go_sharp(v: &Value) -> String {
    format!("&unstructured.Unstructured{{Object:{}}}", go_sharp_value(v))
}

fn go_sharp_value(v: &Value) -> String {
    match v {
        Value::Null => "interface {}(nil)".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => kubeplay_model::goquote::quote(s),
        Value::Array(items) => format!(
            "[]interface {{}}{{{}}}",
            items
                .iter()
                .map(go_sharp_value)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            kubeplay_model::sort::sort(&mut keys);
            let body: Vec<String> = keys
                .iter()
                .map(|k| {
                    format!(
                        "{}:{}",
                        kubeplay_model::goquote::quote(k),
                        go_sharp_value(&m[k.as_str()])
                    )
                })
                .collect();
            format!("map[string]interface {{}}{{{}}}", body.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // editoptions_test.go's TestHashOnLineBreak, as a table.
    #[test]
    fn line_breaks_stay_inside_the_comment() {
        let cases = [
            ("", ""),
            ("field", "field"),
            ("field\n", "field\n"),
            ("field\n\n", "field\n# \n"),
            ("field\nsecond", "field\n# second"),
            ("field\n# second", "field\n# second"),
            ("field\n#\n#\nsecond", "field\n#\n#\n# second"),
        ];
        for (input, want) in cases {
            assert_eq!(hash_on_line_break(input), want, "{input:?}");
        }
    }

    #[test]
    fn the_header_lists_each_reason() {
        let reasons = [
            Reason {
                head: "deployments.apps \"web\" was not valid".into(),
                other: vec![
                    "spec.replicas: Invalid value: -1: must be greater than or equal to 0".into(),
                ],
            },
            Reason {
                head: "The edited file had a syntax error: bad\nthing".into(),
                other: vec![],
            },
        ];
        let h = header(false, &reasons);
        assert!(h.starts_with("# Please edit the object below."), "{h}");
        assert!(h.ends_with(
            "#\n# deployments.apps \"web\" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\n# The edited file had a syntax error: bad\n# thing\n#\n"
        ), "{h}");
        assert!(header(true, &[])
            .starts_with("# Please edit the 'last-applied-configuration' annotations below.\n"));
    }

    // cmdutil's ManualStrip/StripComments and editoptions' hasLines.
    #[test]
    fn comments_and_empty_files() {
        assert_eq!(
            manual_strip("# a\nkey: v\n  # b\n#!shebang\n"),
            "key: v\n#!shebang\n"
        );
        assert_eq!(strip_comments("# x\na: 1\n"), strip_comments("a: 1 # y\n"));
        assert_ne!(strip_comments("a: 1\n"), strip_comments("a: 2\n"));
        assert!(matches!(strip_comments("a: [\n# c\n"), Stripped::Text(t) if t == "a: [\n"));
        let cases = [
            ("", false),
            ("\n  \n", false),
            ("# only\n  # comments\n", false),
            ("a: 1", true),
            ("  #x\n b\n", true),
        ];
        for (text, want) in cases {
            assert_eq!(has_lines(text), want, "{text:?}");
        }
    }

    // evanphx/json-patch's CreateMergePatch cases that matter to an edit.
    #[test]
    fn merge_patch_from_two_documents() {
        let cases = [
            (
                json!({"a": 1, "b": 2}),
                json!({"a": 1, "b": 3}),
                json!({"b": 3}),
            ),
            (json!({"a": 1, "b": 2}), json!({"a": 1}), json!({"b": null})),
            (
                json!({"a": {"x": 1, "y": 2}}),
                json!({"a": {"x": 1}}),
                json!({"a": {"y": null}}),
            ),
            (
                json!({"a": [1, 2]}),
                json!({"a": [1, 3]}),
                json!({"a": [1, 3]}),
            ),
            (json!({"a": {"x": 1}}), json!({"a": 5}), json!({"a": 5})),
            (
                json!({"a": 1}),
                json!({"a": 1, "n": {"m": 1}}),
                json!({"n": {"m": 1}}),
            ),
            (json!({"a": 1}), json!({"a": 1}), json!({})),
        ];
        for (o, e, want) in cases {
            assert_eq!(create_merge_patch(&o, &e), want, "{o} → {e}");
        }
    }

    #[test]
    fn go_sharp_prints_maps_sorted() {
        let v =
            json!({"kind": "ConfigMap", "apiVersion": "v1", "data": {"n": 1, "l": [true, null]}});
        assert_eq!(
            go_sharp(&v),
            r#"&unstructured.Unstructured{Object:map[string]interface {}{"apiVersion":"v1", "data":map[string]interface {}{"l":[]interface {}{true, interface {}(nil)}, "n":1}, "kind":"ConfigMap"}}"#
        );
    }
}
