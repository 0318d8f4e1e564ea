//! How Go's `fmt` prints the decoded JSON values (`interface{}` holding
//! `int64`, `float64`, `string`, `bool`, maps and slices) that upstream
//! hands to field errors and messages.

use crate::gofloat::{format_g, format_json};
use crate::goquote::quote;
use crate::validation::BadValue;
use serde_json::{Number, Value};

/// `%v` of a JSON number: integers bare, floats in `%g`'s shortest form.
pub(super) fn number(n: &Number) -> String {
    if let Some(i) = n.as_i64() {
        i.to_string()
    } else if let Some(u) = n.as_u64() {
        u.to_string()
    } else {
        format_g(n.as_f64().unwrap_or_default(), false)
    }
}

/// The value as a field error prints it (`null` becomes the string "null").
pub(crate) fn bad_value(v: &Value) -> BadValue {
    match v {
        Value::Null => BadValue::str("null"),
        Value::String(s) => BadValue::str(s.as_str()),
        Value::Bool(b) => BadValue::bool(*b),
        Value::Number(n) => BadValue::Plain(number(n)),
        _ => BadValue::GoSyntax(go_syntax(v)),
    }
}

/// `%#v` of a decoded JSON value.
pub(super) fn go_syntax(v: &Value) -> String {
    match v {
        Value::Null => "interface {}(nil)".to_string(),
        Value::String(s) => quote(s),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number(n),
        Value::Array(items) => format!(
            "[]interface {{}}{{{}}}",
            items.iter().map(go_syntax).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(m) => {
            // Go prints a map's keys sorted.
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let items: Vec<String> = keys
                .iter()
                .map(|k| format!("{}:{}", quote(k), go_syntax(&m[k.as_str()])))
                .collect();
            format!("map[string]interface {{}}{{{}}}", items.join(", "))
        }
    }
}

/// `json.Marshal` of a decoded value: map keys sorted, floats in Go's form
/// (`1`, not `1.0`).
pub(super) fn go_json(v: &Value) -> String {
    match v {
        Value::Number(n) if n.is_f64() => format_json(n.as_f64().unwrap_or_default()),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(go_json).collect::<Vec<_>>().join(",")
        ),
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let items: Vec<String> = keys
                .iter()
                .map(|k| {
                    format!(
                        "{}:{}",
                        Value::String(k.to_string()),
                        go_json(&m[k.as_str()])
                    )
                })
                .collect();
            format!("{{{}}}", items.join(","))
        }
        other => other.to_string(),
    }
}
