//! JSON text as Go's `encoding/json` writes it for kubectl's unstructured
//! objects: map keys sorted, `<`, `>` and `&` escaped, and Go's number
//! formatting. JSONPath and custom-columns output show maps this way.

use serde_json::Value;

/// `json.Marshal`: compact.
pub fn marshal(v: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, v, None, 0, true);
    out
}

/// `json.MarshalIndent(v, "", indent)`.
pub fn marshal_indent(v: &Value, indent: &str) -> String {
    let mut out = String::new();
    write_value(&mut out, v, Some(indent), 0, true);
    out
}

/// A typed object as Go encodes it: its keys in the order `v` holds them
/// (the struct's fields), compact or indented.
pub fn marshal_ordered(v: &Value, indent: Option<&str>) -> String {
    let mut out = String::new();
    write_value(&mut out, v, indent, 0, false);
    out
}

fn newline(out: &mut String, indent: Option<&str>, depth: usize) {
    if let Some(ind) = indent {
        out.push('\n');
        for _ in 0..depth {
            out.push_str(ind);
        }
    }
}

fn write_value(out: &mut String, v: &Value, indent: Option<&str>, depth: usize, sorted: bool) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&number(n)),
        Value::String(s) => write_string(out, s),
        Value::Array(a) => {
            if a.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, depth + 1);
                write_value(out, x, indent, depth + 1, sorted);
            }
            newline(out, indent, depth);
            out.push(']');
        }
        Value::Object(m) => {
            if m.is_empty() {
                out.push_str("{}");
                return;
            }
            let mut keys: Vec<&String> = m.keys().collect();
            if sorted {
                kubeplay_model::sort::sort(&mut keys);
            }
            out.push('{');
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, depth + 1);
                write_string(out, k);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                if let Some(x) = m.get(*k) {
                    write_value(out, x, indent, depth + 1, sorted);
                }
            }
            newline(out, indent, depth);
            out.push('}');
        }
    }
}

/// A JSON number as Go's encoder writes a decoded `int64` or `float64`.
pub fn number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    kubeplay_codec::gofloat::format_json(n.as_f64().unwrap_or(0.0))
}

/// A number as Go's `fmt.Print` writes an `int64` or `float64` (`%v`).
pub fn number_text(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    float_text(n.as_f64().unwrap_or(0.0))
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64)`: exponent form below 1e-4 or from 1e6.
pub fn float_text(f: f64) -> String {
    kubeplay_codec::gofloat::format_g(f, false)
}

/// A string as Go's encoder quotes it (`"a\u0026b"`).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_string(&mut out, s);
    out
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // What Go's json.Marshal prints for the same map[string]interface{}.
    #[test]
    fn go_marshal() {
        assert_eq!(marshal(&json!({"b": 1, "a": [true, null, "x<y"]})), r#"{"a":[true,null,"x\u003cy"],"b":1}"#);
        assert_eq!(marshal(&json!({})), "{}");
        assert_eq!(marshal_indent(&json!({"a": [1, 2], "b": {}}), "    "), "{\n    \"a\": [\n        1,\n        2\n    ],\n    \"b\": {}\n}");
    }

    // fmt.Print and json.Marshal outputs for the same float64 values.
    #[test]
    fn go_floats() {
        assert_eq!(float_text(0.5), "0.5");
        assert_eq!(float_text(1.5e-5), "1.5e-05");
        assert_eq!(float_text(123456.0), "123456");
        assert_eq!(float_text(1234567.0), "1.234567e+06");
        assert_eq!(float_text(-2.25), "-2.25");
        // Just below a power of ten: %v keeps the plain form (strconv's
        // shortest digits "9999999999999999", exponent 5).
        assert_eq!(float_text(999999.9999999999), "999999.9999999999");
        assert_eq!(float_text(0.0001), "0.0001");
        assert_eq!(float_text(0.00009999999999999999), "9.999999999999999e-05");
        let n = |f: f64| number(&serde_json::Number::from_f64(f).unwrap());
        assert_eq!(n(1.5e-5), "0.000015");
        assert_eq!(n(1e21), "1e+21");
        assert_eq!(n(1e-7), "1e-7");
        assert_eq!(n(0.5), "0.5");
    }
}
