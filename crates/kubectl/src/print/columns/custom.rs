//! A custom resource's table when its CRD declares printer columns
//! (apiextensions-apiserver's `tableconvertor`): the name, then each
//! column's JSONPath value rendered for its type (`cellForJSONValue`);
//! a missing or mistyped value is an empty cell.

use crate::print::duration::since;
use crate::print::jsonpath::{relaxed_expression, value_text, JsonPath};
use crate::print::table::{name_col, Column, Row, Table};
use kubeplay_model::api::CustomResourceColumnDefinition;
use kubeplay_model::{Kind, Object, Time};
use serde_json::Value;
use std::borrow::Cow;

pub fn table(kind: Kind, defs: &[CustomResourceColumnDefinition], objects: &[&Object], now: Time) -> Table {
    let mut columns = vec![name_col()];
    columns.extend(defs.iter().map(|d| Column { name: Cow::Owned(d.name.clone()), priority: d.priority.clamp(0, 1) as u8, is_name: false }));
    let paths: Vec<Option<JsonPath>> = defs.iter().map(|d| relaxed_expression(&d.json_path).ok().and_then(|e| JsonPath::parse(&e).ok())).collect();
    let rows = objects
        .iter()
        .filter(|o| o.kind() == kind)
        .map(|o| {
            let json = o.to_json();
            let mut cells = vec![o.name().to_string()];
            for (d, p) in defs.iter().zip(&paths) {
                let value = p.as_ref().and_then(|p| p.find(&json).ok()).and_then(|v| v.into_iter().next());
                cells.push(value.map(|v| cell(&d.type_, &v, now)).unwrap_or_default());
            }
            Row { cells, namespace: o.namespace().to_string(), labels: (*o.meta().labels).clone() }
        })
        .collect();
    Table { kind, columns, rows }
}

/// `cellForJSONValue`, as kubectl then prints the cell.
pub fn cell(type_: &str, v: &Value, now: Time) -> String {
    match (type_, v) {
        (_, Value::Null) => String::new(),
        ("integer", Value::Number(n)) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.to_string(),
            // Go's int64(float64) truncates toward zero.
            (None, Some(f)) => (f.trunc() as i64).to_string(),
            _ => String::new(),
        },
        ("number", Value::Number(n)) => n.as_f64().map(|f| kubeplay_model::gofloat::format_g(f, false)).unwrap_or_default(),
        ("boolean", Value::Bool(b)) => b.to_string(),
        ("string", Value::String(_)) => value_text(v),
        ("date", Value::String(s)) => match s.as_str() {
            "" | "null" => "<unknown>".into(),
            s => match Time::parse_rfc3339(s) {
                Some(t) if t.millis() > now.millis() => "<invalid>".into(),
                Some(t) => since(now, Some(t)),
                None => "<invalid>".into(),
            },
        },
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // tableconvertor_test.go's Test_cellForJSONValue (the date cases at
    // fixed instants instead of time.Now). Its 3.14 is a number, not π.
    #[test]
    #[allow(clippy::approx_constant)]
    fn cells_for_json_values() {
        let now = Time::parse_rfc3339("2025-01-02T12:30:00Z").unwrap();
        let table: &[(&str, Value, &str)] = &[
            ("integer", serde_json::json!(42), "42"),
            ("integer", serde_json::json!(3.14), "3"),
            ("integer", serde_json::json!(true), ""),
            ("integer", serde_json::json!("foo"), ""),
            ("number", serde_json::json!(42), "42"),
            ("number", serde_json::json!(3.14), "3.14"),
            ("number", serde_json::json!(true), ""),
            ("number", serde_json::json!("foo"), ""),
            ("boolean", serde_json::json!(42), ""),
            ("boolean", serde_json::json!(3.14), ""),
            ("boolean", serde_json::json!(true), "true"),
            ("boolean", serde_json::json!("foo"), ""),
            ("string", serde_json::json!(42), ""),
            ("string", serde_json::json!(3.14), ""),
            ("string", serde_json::json!(true), ""),
            ("string", serde_json::json!("foo"), "foo"),
            ("date", serde_json::json!(42), ""),
            ("date", serde_json::json!(3.14), ""),
            ("date", serde_json::json!(true), ""),
            ("date", serde_json::json!("2025-01-02T00:00:00Z"), "12h"),
            ("date", serde_json::json!("2025-01-03T01:00:00Z"), "<invalid>"),
            ("date", serde_json::json!("0000-00-00T00:00:00Z"), "<invalid>"),
            ("date", serde_json::json!("foo"), "<invalid>"),
            ("unknown", serde_json::json!("foo"), ""),
        ];
        for (t, v, want) in table {
            assert_eq!(cell(t, v, now), *want, "{t} {v}");
        }
    }
}
