//! Patches and `kubectl apply`'s three-way merge, over JSON values.
//!
//! Strategic merge knows the list merge keys of the fields people patch
//! (containers by name, ports by containerPort/port, env by name…); other
//! lists are replaced whole, as upstream does for lists without a
//! `patchMergeKey`.

use serde_json::{Map, Value};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatchType {
    /// RFC 7386 (`--type merge`).
    Merge,
    /// Kubernetes strategic merge patch (`--type strategic`, the default).
    Strategic,
    /// RFC 6902 (`--type json`).
    Json,
}

/// The merge key of a list field, judged by the field name and, for
/// `ports`, by what its items look like.
fn merge_key(field: &str, items: &[Value]) -> Option<&'static str> {
    Some(match field {
        "containers" | "initContainers" | "ephemeralContainers" | "env" | "volumes" | "imagePullSecrets" => "name",
        "volumeMounts" => "mountPath",
        "conditions" => "type",
        "ownerReferences" => "uid",
        "hostAliases" => "ip",
        "topologySpreadConstraints" => "topologyKey",
        "ports" => {
            if items.iter().any(|i| i.get("containerPort").is_some()) {
                "containerPort"
            } else {
                "port"
            }
        }
        _ => return None,
    })
}

/// RFC 7386 JSON merge patch.
pub fn json_merge_patch(target: &Value, patch: &Value) -> Value {
    match patch {
        Value::Object(p) => {
            let mut out = match target {
                Value::Object(t) => t.clone(),
                _ => Map::new(),
            };
            for (k, v) in p {
                if v.is_null() {
                    out.remove(k);
                } else {
                    let merged = json_merge_patch(out.get(k).unwrap_or(&Value::Null), v);
                    out.insert(k.clone(), merged);
                }
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}

/// Strategic merge patch: like a merge patch, but lists with a merge key
/// are merged item by item, and `$patch: delete` / `$patch: replace`
/// directives are honoured.
pub fn strategic_merge_patch(target: &Value, patch: &Value) -> Value {
    smp_value("", target, patch)
}

fn smp_value(field: &str, target: &Value, patch: &Value) -> Value {
    match (target, patch) {
        (_, Value::Object(p)) if p.get("$patch").and_then(Value::as_str) == Some("replace") => {
            let mut p = p.clone();
            p.remove("$patch");
            Value::Object(p)
        }
        (Value::Object(t), Value::Object(p)) => {
            let mut out = t.clone();
            for (k, v) in p {
                if k.starts_with("$") {
                    continue;
                }
                if v.is_null() {
                    out.remove(k);
                } else {
                    let merged = smp_value(k, t.get(k).unwrap_or(&Value::Null), v);
                    out.insert(k.clone(), merged);
                }
            }
            Value::Object(out)
        }
        (_, Value::Object(_)) => smp_value(field, &Value::Object(Map::new()), patch),
        (Value::Array(t), Value::Array(p)) => match merge_key(field, p).or_else(|| merge_key(field, t)) {
            Some(key) => merge_list(key, t, p),
            None if field == "finalizers" => {
                let mut out = t.clone();
                for v in p {
                    if !out.contains(v) {
                        out.push(v.clone());
                    }
                }
                Value::Array(out)
            }
            None => Value::Array(p.iter().filter(|v| !is_directive(v)).cloned().collect()),
        },
        (_, p) => p.clone(),
    }
}

fn is_directive(v: &Value) -> bool {
    v.get("$patch").is_some()
}

fn merge_list(key: &str, target: &[Value], patch: &[Value]) -> Value {
    let mut out: Vec<Value> = target.to_vec();
    for item in patch {
        let Some(id) = item.get(key) else {
            out.push(item.clone());
            continue;
        };
        let pos = out.iter().position(|t| t.get(key) == Some(id));
        let delete = item.get("$patch").and_then(Value::as_str) == Some("delete");
        match (pos, delete) {
            (Some(i), true) => {
                out.remove(i);
            }
            (None, true) => {}
            (Some(i), false) => out[i] = smp_value("", &out[i], item),
            (None, false) => out.push(smp_value("", &Value::Null, item)),
        }
    }
    Value::Array(out)
}

/// RFC 6902 JSON patch. Errors are worded for `kubectl patch --type json`.
pub fn json_patch(target: &Value, ops: &Value) -> Result<Value, String> {
    let Value::Array(ops) = ops else {
        return Err("json: cannot unmarshal object into Go value of type jsonpatch.Patch".into());
    };
    let mut doc = target.clone();
    for op in ops {
        let kind = op.get("op").and_then(Value::as_str).ok_or("Unexpected kind: missing op")?;
        let path = op.get("path").and_then(Value::as_str).ok_or_else(|| format!("{kind} operation does not apply: missing path"))?;
        match kind {
            "add" => add(&mut doc, path, op.get("value").cloned().unwrap_or(Value::Null))?,
            "remove" => {
                remove(&mut doc, path)?;
            }
            "replace" => {
                remove(&mut doc, path)?;
                add(&mut doc, path, op.get("value").cloned().unwrap_or(Value::Null))?;
            }
            "move" | "copy" => {
                let from = op.get("from").and_then(Value::as_str).ok_or("missing from")?;
                let v = doc.pointer(from).cloned().ok_or_else(|| format!("{kind} operation does not apply: doc is missing from path: {from}"))?;
                if kind == "move" {
                    remove(&mut doc, from)?;
                }
                add(&mut doc, path, v)?;
            }
            "test" => {
                if doc.pointer(path) != op.get("value") {
                    return Err(format!("testing value {path} failed: test failed"));
                }
            }
            other => return Err(format!("Unexpected kind: {other}")),
        }
    }
    Ok(doc)
}

fn split_pointer(path: &str) -> Result<(String, String), String> {
    let i = path.rfind('/').ok_or_else(|| format!("add operation does not apply: doc is missing path: {path}"))?;
    let last = path[i + 1..].replace("~1", "/").replace("~0", "~");
    Ok((path[..i].to_string(), last))
}

fn add(doc: &mut Value, path: &str, value: Value) -> Result<(), String> {
    if path.is_empty() {
        *doc = value;
        return Ok(());
    }
    let (parent, last) = split_pointer(path)?;
    let missing = || format!("add operation does not apply: doc is missing path: \"{path}\": missing value");
    match doc.pointer_mut(&parent).ok_or_else(missing)? {
        Value::Object(m) => {
            m.insert(last, value);
        }
        Value::Array(a) => {
            if last == "-" {
                a.push(value);
            } else {
                let i: usize = last.parse().map_err(|_| missing())?;
                if i > a.len() {
                    return Err(missing());
                }
                a.insert(i, value);
            }
        }
        _ => return Err(missing()),
    }
    Ok(())
}

fn remove(doc: &mut Value, path: &str) -> Result<Value, String> {
    let (parent, last) = split_pointer(path)?;
    let missing = || format!("remove operation does not apply: doc is missing path: \"{path}\": missing value");
    match doc.pointer_mut(&parent).ok_or_else(missing)? {
        Value::Object(m) => m.remove(&last).ok_or_else(missing),
        Value::Array(a) => {
            let i: usize = last.parse().map_err(|_| missing())?;
            if i >= a.len() {
                return Err(missing());
            }
            Ok(a.remove(i))
        }
        _ => Err(missing()),
    }
}

/// `kubectl apply`'s three-way merge: the user's new manifest
/// (`modified`) wins where it sets a field; fields the user set last time
/// (`original`, from the last-applied annotation) but dropped now are
/// removed; fields nobody applied (set by the server or by controllers,
/// such as `replicas` after `kubectl scale` when the manifest omits it) are
/// kept from `current`.
pub fn three_way_apply(original: Option<&Value>, modified: &Value, current: &Value) -> Value {
    three_way("", original, modified, current)
}

fn three_way(field: &str, original: Option<&Value>, modified: &Value, current: &Value) -> Value {
    match (modified, current) {
        (Value::Object(m), Value::Object(c)) => {
            let o = original.and_then(Value::as_object);
            let mut out = c.clone();
            if let Some(o) = o {
                for k in o.keys() {
                    if !m.contains_key(k) {
                        out.remove(k);
                    }
                }
            }
            for (k, mv) in m {
                if mv.is_null() {
                    out.remove(k);
                    continue;
                }
                let merged = match c.get(k) {
                    Some(cv) => three_way(k, o.and_then(|o| o.get(k)), mv, cv),
                    None => mv.clone(),
                };
                out.insert(k.clone(), merged);
            }
            Value::Object(out)
        }
        (Value::Array(m), Value::Array(c)) => match merge_key(field, m).or_else(|| merge_key(field, c)) {
            Some(key) => {
                let o = original.and_then(Value::as_array);
                let find = |list: &[Value], id: &Value| list.iter().find(|v| v.get(key) == Some(id)).cloned();
                let mut out = Vec::new();
                for mi in m {
                    let id = mi.get(key).cloned().unwrap_or(Value::Null);
                    let oi = o.and_then(|o| find(o, &id));
                    out.push(match find(c, &id) {
                        Some(ci) => three_way("", oi.as_ref(), mi, &ci),
                        None => mi.clone(),
                    });
                }
                for ci in c {
                    let id = ci.get(key).cloned().unwrap_or(Value::Null);
                    let in_modified = m.iter().any(|v| v.get(key) == Some(&id));
                    let in_original = o.is_some_and(|o| o.iter().any(|v| v.get(key) == Some(&id)));
                    if !in_modified && !in_original {
                        out.push(ci.clone());
                    }
                }
                Value::Array(out)
            }
            None => modified.clone(),
        },
        _ => modified.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // RFC 7386 appendix A examples.
    #[test]
    fn merge_patch_rfc_examples() {
        let cases = [
            (json!({"a":"b"}), json!({"a":"c"}), json!({"a":"c"})),
            (json!({"a":"b"}), json!({"b":"c"}), json!({"a":"b","b":"c"})),
            (json!({"a":"b"}), json!({"a":null}), json!({})),
            (json!({"a":"b","b":"c"}), json!({"a":null}), json!({"b":"c"})),
            (json!({"a":["b"]}), json!({"a":"c"}), json!({"a":"c"})),
            (json!({"a":"c"}), json!({"a":["b"]}), json!({"a":["b"]})),
            (json!({"a":{"b":"c"}}), json!({"a":{"b":"d","c":null}}), json!({"a":{"b":"d"}})),
            (json!({"a":[{"b":"c"}]}), json!({"a":[1]}), json!({"a":[1]})),
            (json!(["a","b"]), json!(["c","d"]), json!(["c","d"])),
            (json!({"a":"b"}), json!(["c"]), json!(["c"])),
            (json!({"a":"foo"}), json!(null), json!(null)),
            (json!({"a":"foo"}), json!("bar"), json!("bar")),
            (json!({"e":null}), json!({"a":1}), json!({"e":null,"a":1})),
            (json!([1,2]), json!({"a":"b","c":null}), json!({"a":"b"})),
            (json!({}), json!({"a":{"bb":{"ccc":null}}}), json!({"a":{"bb":{}}})),
        ];
        for (target, patch, want) in cases {
            assert_eq!(json_merge_patch(&target, &patch), want, "{target} + {patch}");
        }
    }

    #[test]
    fn strategic_merge_merges_containers_by_name() {
        let target = json!({"spec":{"containers":[{"name":"a","image":"x:1"},{"name":"b","image":"y:1"}]}});
        let patch = json!({"spec":{"containers":[{"name":"b","image":"y:2"}]}});
        let got = strategic_merge_patch(&target, &patch);
        assert_eq!(got, json!({"spec":{"containers":[{"name":"a","image":"x:1"},{"name":"b","image":"y:2"}]}}));
        // The same patch as a plain merge patch replaces the whole list.
        assert_eq!(json_merge_patch(&target, &patch)["spec"]["containers"].as_array().unwrap().len(), 1);
        let del = json!({"spec":{"containers":[{"name":"a","$patch":"delete"}]}});
        assert_eq!(strategic_merge_patch(&target, &del), json!({"spec":{"containers":[{"name":"b","image":"y:1"}]}}));
    }

    #[test]
    fn json_patch_operations() {
        let doc = json!({"spec":{"replicas":1,"list":[1,2]}});
        let ops = json!([
            {"op":"replace","path":"/spec/replicas","value":3},
            {"op":"add","path":"/spec/list/-","value":3},
            {"op":"remove","path":"/spec/list/0"},
            {"op":"test","path":"/spec/replicas","value":3}
        ]);
        assert_eq!(json_patch(&doc, &ops).unwrap(), json!({"spec":{"replicas":3,"list":[2,3]}}));
        assert!(json_patch(&doc, &json!([{"op":"remove","path":"/spec/nope"}])).is_err());
        assert!(json_patch(&doc, &json!([{"op":"test","path":"/spec/replicas","value":9}])).is_err());
    }

    #[test]
    fn apply_keeps_fields_it_never_set_and_removes_fields_it_dropped() {
        // Scaled by `kubectl scale` to 5; the manifest never set replicas.
        let original = json!({"metadata":{"labels":{"a":"1","b":"2"}},"spec":{"template":{"image":"x:1"}}});
        let modified = json!({"metadata":{"labels":{"a":"1"}},"spec":{"template":{"image":"x:2"}}});
        let current = json!({"metadata":{"labels":{"a":"1","b":"2","c":"3"}},"spec":{"replicas":5,"template":{"image":"x:1"}}});
        let got = three_way_apply(Some(&original), &modified, &current);
        assert_eq!(got, json!({"metadata":{"labels":{"a":"1","c":"3"}},"spec":{"replicas":5,"template":{"image":"x:2"}}}));
    }

    #[test]
    fn apply_of_an_explicit_field_overrides_a_controller_change() {
        let original = json!({"spec":{"replicas":3}});
        let current = json!({"spec":{"replicas":5}});
        assert_eq!(three_way_apply(Some(&original), &original, &current), json!({"spec":{"replicas":3}}));
    }

    #[test]
    fn apply_merges_containers_by_name() {
        let original = json!({"containers":[{"name":"a","image":"x:1"},{"name":"old","image":"o"}]});
        let modified = json!({"containers":[{"name":"a","image":"x:2"}]});
        let current = json!({"containers":[{"name":"a","image":"x:1","imagePullPolicy":"IfNotPresent"},{"name":"old","image":"o"},{"name":"injected","image":"i"}]});
        let got = three_way_apply(Some(&original), &modified, &current);
        assert_eq!(got, json!({"containers":[{"name":"a","image":"x:2","imagePullPolicy":"IfNotPresent"},{"name":"injected","image":"i"}]}));
    }
}
