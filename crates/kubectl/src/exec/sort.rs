//! `--sort-by`: kubectl's sorter over objects' JSON, comparing the first
//! value the JSONPath finds with Go's rules (integers, floats, quantities
//! in strings, natural string order, element-wise arrays).

use crate::print::jsonpath::{relaxed_expression, JsonPath};
use kubeplay_model::Quantity;
use serde_json::Value;
use std::cmp::Ordering;

/// `sortorder.NaturalLess`: runs of digits compare as numbers (shorter
/// non-zero run first, then fewer leading zeros); digits sort before other
/// bytes; other bytes compare bytewise.
pub fn natural_less(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (ca, cb) = (a[i], b[j]);
        let (da, db) = (ca.is_ascii_digit(), cb.is_ascii_digit());
        if da != db {
            return da;
        }
        if !da {
            if ca != cb {
                return ca < cb;
            }
            i += 1;
            j += 1;
            continue;
        }
        while i < a.len() && a[i] == b'0' {
            i += 1;
        }
        while j < b.len() && b[j] == b'0' {
            j += 1;
        }
        let (nz_a, nz_b) = (i, j);
        while i < a.len() && a[i].is_ascii_digit() {
            i += 1;
        }
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        let (la, lb) = (i - nz_a, j - nz_b);
        if la != lb {
            return la < lb;
        }
        let (ra, rb) = (&a[nz_a..i], &b[nz_b..j]);
        if ra != rb {
            return ra < rb;
        }
        if nz_a != nz_b {
            return nz_a < nz_b;
        }
    }
    a.len() < b.len()
}

/// Go's `isLess` over decoded JSON values; `Err` names the unsortable type.
fn is_less(a: &Value, b: &Value) -> Result<bool, String> {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => Ok(x < y),
            (None, None) => Ok(x.as_f64().unwrap_or(0.0) < y.as_f64().unwrap_or(0.0)),
            _ => Err("interface".into()),
        },
        (Value::String(x), Value::String(y)) => match (Quantity::parse(x), Quantity::parse(y)) {
            (Ok(qx), Ok(qy)) => Ok(qx.cmp(&qy) == Ordering::Less),
            _ => Ok(natural_less(x, y)),
        },
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y) {
                let less = is_less(p, q)?;
                if !less {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        (Value::Null, Value::Null) => Ok(false),
        (Value::Null, _) => Ok(true),
        (_, Value::Null) => Ok(false),
        (Value::Bool(_), _) => Err("bool".into()),
        (Value::Object(_), _) => Err("map[string]interface {}".into()),
        _ => Err("interface".into()),
    }
}

/// Sorts `items` (objects' JSON) by `field` as kubectl's `SortObjects`
/// does, returning the new order as indices into `items`.
pub fn sort_order(items: &[Value], field: &str) -> Result<Vec<usize>, String> {
    let expr = relaxed_expression(field).map_err(|e| e.to_string())?;
    let jp = JsonPath::parse(&expr).map_err(|e| format!("sorting error: {e}"))?;
    let mut keys: Vec<Option<Value>> = Vec::with_capacity(items.len());
    for item in items {
        keys.push(jp.find(item)?.into_iter().next());
    }
    if !items.is_empty() && keys.iter().all(Option::is_none) {
        return Err(format!("couldn't find any field with path {} in the list of objects", crate::gofmt::quote(&expr)));
    }
    let mut bad: Option<String> = None;
    let mut less = |a: &Option<Value>, b: &Option<Value>| -> bool {
        match (a, b) {
            (None, _) => true,
            (_, None) => false,
            (Some(x), Some(y)) => is_less(x, y).unwrap_or_else(|t| {
                bad.get_or_insert(t);
                false
            }),
        }
    };
    let mut order: Vec<usize> = (0..items.len()).collect();
    // Go's sort.Sort, driven by Less alone (so missing values behave
    // exactly as there), and unstable past 12 rows as there.
    kubeplay_model::sort::sort_as_go(&mut order, |a, b| less(&keys[*a], &keys[*b]));
    if let Some(t) = bad {
        return Err(format!("field {expr} is an unsortable type: {t}"));
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // Vectors from fvbommel/sortorder's natsort tests.
    #[test]
    fn natural_order() {
        let mut v = vec!["a10", "a2", "a1", "a01", "b", "a", "1", "10", "2", "x0y"];
        kubeplay_model::sort::sort_by(&mut v, |a, b| if natural_less(a, b) { Ordering::Less } else if natural_less(b, a) { Ordering::Greater } else { Ordering::Equal });
        assert_eq!(v, ["1", "2", "10", "a", "a1", "a01", "a2", "a10", "b", "x0y"]);
        assert!(natural_less("abc", "abcd"));
        assert!(!natural_less("abc", "abc"));
    }

    // kubectl's sorter_test.go: by name, by int, by quantity strings.
    #[test]
    fn sorts_like_kubectl() {
        let items = vec![json!({"metadata": {"name": "c"}, "n": 3}), json!({"metadata": {"name": "a"}, "n": 1}), json!({"metadata": {"name": "b"}, "n": 2})];
        assert_eq!(sort_order(&items, ".metadata.name").unwrap(), [1, 2, 0]);
        assert_eq!(sort_order(&items, "{.n}").unwrap(), [1, 2, 0]);
        let q = vec![json!({"r": "1Gi"}), json!({"r": "512Mi"}), json!({"r": "2Gi"})];
        assert_eq!(sort_order(&q, ".r").unwrap(), [1, 0, 2]);
        // Objects without the field sort first.
        let m = vec![json!({"r": "b"}), json!({}), json!({"r": "a"})];
        assert_eq!(sort_order(&m, ".r").unwrap(), [1, 2, 0]);
        assert_eq!(sort_order(&items, ".spec.nothing").unwrap_err(), "couldn't find any field with path \"{.spec.nothing}\" in the list of objects");
    }

    // What kubectl v1.32 printed for `get pods --sort-by=.spec.priority`
    // of pods p00…p13 (listed in that order by a stub API server): past
    // twelve rows its sort is not stable.
    #[test]
    fn ties_come_out_as_kubectl_leaves_them() {
        let priorities = [1, 1, 0, 0, 2, 0, 0, 2, 1, 2, 1, 1, 2, 1];
        let pods: Vec<Value> = priorities.iter().map(|p| json!({"spec": {"priority": p}})).collect();
        assert_eq!(sort_order(&pods, ".spec.priority").unwrap(), [6, 5, 2, 3, 8, 1, 0, 10, 11, 13, 4, 9, 7, 12]);
        // Twelve or fewer rows are insertion-sorted, so ties keep their order.
        assert_eq!(sort_order(&pods[..12], ".spec.priority").unwrap(), [2, 3, 5, 6, 0, 1, 8, 10, 11, 4, 7, 9]);
    }
}
