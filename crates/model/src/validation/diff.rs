//! The difference appended to "may not change" messages. Upstream appends
//! a `go-cmp` diff of the Go structs, which cannot be reproduced outside Go;
//! Kubeplay prints the same shape (type header, `-` old / `+` new lines)
//! naming the changed fields by their JSON path.

use serde::Serialize;
use serde_json::Value;

/// A readable diff of two values of the same type, one changed leaf per line pair.
pub(super) fn spec_diff<T: Serialize>(type_name: &str, old: &T, new: &T) -> String {
    let old = serde_json::to_value(old).unwrap_or(Value::Null);
    let new = serde_json::to_value(new).unwrap_or(Value::Null);
    let mut lines = Vec::new();
    walk("", &old, &new, &mut lines);
    let mut out = format!("  {type_name}{{\n");
    for l in lines {
        out.push_str(&l);
        out.push('\n');
    }
    out.push_str("  }\n");
    out
}

fn walk(path: &str, old: &Value, new: &Value, out: &mut Vec<String>) {
    if old == new {
        return;
    }
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for k in keys {
                let p = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                walk(&p, a.get(k).unwrap_or(&Value::Null), b.get(k).unwrap_or(&Value::Null), out);
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                walk(&format!("{path}[{i}]"), x, y, out);
            }
        }
        _ => {
            out.push(format!("- \t{path}: {old}"));
            out.push(format!("+ \t{path}: {new}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_changed_leaves() {
        let a = serde_json::json!({"containers": [{"name": "a", "env": null}], "x": 1});
        let b = serde_json::json!({"containers": [{"name": "a", "env": [{"name": "K"}]}], "x": 1});
        assert_eq!(spec_diff("core.PodSpec", &a, &b), "  core.PodSpec{\n- \tcontainers[0].env: null\n+ \tcontainers[0].env: [{\"name\":\"K\"}]\n  }\n");
    }
}
