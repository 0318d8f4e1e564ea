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

/// How a list field merges: upstream's `patchStrategy` and `patchMergeKey`
/// struct tags, judged by the field's name (and, for `ports`, by what its
/// items look like: containers' by containerPort, Services' by port).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ListStrategy {
    /// No strategy: the patch's list replaces the old one.
    Replace,
    /// `patchStrategy:"merge"` on a list of scalars (`finalizers`): union.
    MergeScalars,
    /// `patchStrategy:"merge"` with a merge key; `retain_keys` when the tag
    /// is `merge,retainKeys` (pod `volumes`): kubectl apply sends each item
    /// with a `$retainKeys` directive, so a volume whose source changed
    /// loses the old source.
    MergeByKey { key: &'static str, retain_keys: bool },
}

fn list_strategy(field: &str, items: &[Value]) -> ListStrategy {
    let key = match field {
        "volumes" | "resourceClaims" => return ListStrategy::MergeByKey { key: "name", retain_keys: true },
        "finalizers" => return ListStrategy::MergeScalars,
        "containers" | "initContainers" | "ephemeralContainers" | "env" | "imagePullSecrets" | "schedulingGates" => "name",
        "volumeMounts" => "mountPath",
        "volumeDevices" => "devicePath",
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
        _ => return ListStrategy::Replace,
    };
    ListStrategy::MergeByKey { key, retain_keys: false }
}

/// Whether a map field has `patchStrategy:"retainKeys"`: a Deployment's
/// `spec.strategy` (added to apps/v1 by kubernetes#70436; DaemonSet's and
/// StatefulSet's `updateStrategy` never got it). kubectl apply then keeps
/// only the keys the manifest names, so `strategy: {type: Recreate}`
/// drops the defaulted `rollingUpdate`.
fn map_retains_keys(field: &str) -> bool {
    field == "strategy"
}

/// RFC 7386 JSON merge patch, as evanphx/json-patch (v4, which the API
/// server and kubectl use) applies it: a list the patch puts in place
/// keeps its null items, but objects inside it lose their null members.
pub fn json_merge_patch(target: &Value, patch: &Value) -> Value {
    match patch {
        Value::Array(_) => prune_nulls(patch),
        _ => merge_patch_value(target, patch),
    }
}

/// `mergeDocs`/`merge` below the top: a list replacing an object is taken
/// as is (evanphx prunes it only over a non-object or nothing).
fn merge_patch_value(target: &Value, patch: &Value) -> Value {
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
                    let merged = merge_patch_value(out.get(k).unwrap_or(&Value::Null), v);
                    out.insert(k.clone(), merged);
                }
            }
            Value::Object(out)
        }
        Value::Array(_) if !target.is_object() => prune_nulls(patch),
        other => other.clone(),
    }
}

/// evanphx's `pruneNulls`: null members of objects go, at any depth; null
/// list items stay.
fn prune_nulls(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(m.iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k.clone(), prune_nulls(v))).collect()),
        Value::Array(a) => Value::Array(a.iter().map(prune_nulls).collect()),
        other => other.clone(),
    }
}

/// Why the API server refused a strategic merge patch
/// (k8s.io/apimachinery/pkg/util/mergepatch's errors, worded as there).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SmpError {
    /// `$retainKeys` that is not a list, or a patch field it does not name.
    #[error("invalid patch format of retainKeys")]
    RetainKeys,
    /// A `$deleteFromPrimitiveList/…` directive that is not a list.
    #[error("invalid patch format of primitive list")]
    PrimitiveList,
    /// A `$setElementOrder/…` directive that is not a list.
    #[error("invalid patch format of setElementOrder list")]
    SetElementOrder,
    /// An item of a merging list without its merge key (in the patch or
    /// in the live list), printed as Go prints the map.
    #[error("map: {map} does not contain declared merge key: {key}")]
    NoMergeKey { map: String, key: String },
    /// `$patch` with a value other than replace, delete (or merge in a map).
    #[error("unknown patch type: {directive} in map: {map}")]
    BadPatchType { directive: String, map: String },
    /// `$patch: merge` as a list item.
    #[error("merging lists cannot yet be specified in the patch")]
    MergeListDirective,
    /// A merging list whose items are not all objects (or not all scalars).
    #[error("list element types are not identical")]
    MixedList,
}

impl SmpError {
    /// How the API server answers: the format errors are 400s
    /// (`interpretStrategicMergePatchError`); the rest are plain errors,
    /// which reach kubectl as a 500 without a reason (`Error from server: …`).
    pub fn into_api_error(self) -> crate::ApiError {
        match self {
            SmpError::RetainKeys | SmpError::PrimitiveList | SmpError::SetElementOrder => crate::ApiError::BadRequest { message: self.to_string() },
            other => crate::ApiError::Internal { message: other.to_string() },
        }
    }
}

const DIRECTIVE: &str = "$patch";
const RETAIN_KEYS: &str = "$retainKeys";
const DELETE_FROM_PRIMITIVE_LIST: &str = "$deleteFromPrimitiveList/";
const SET_ELEMENT_ORDER: &str = "$setElementOrder/";

/// Strategic merge patch as the API server applies one
/// (`strategicpatch.StrategicMergeMapPatch`): like a merge patch, but
/// lists with a merge key are merged item by item (the patch's items
/// first, in the patch's order, then the rest in their old order), and
/// the `$patch: delete|replace`, `$retainKeys` and
/// `$deleteFromPrimitiveList/<field>` directives are honoured.
pub fn strategic_merge_patch(target: &Value, patch: &Value) -> Result<Value, SmpError> {
    match (target, patch) {
        (Value::Object(t), Value::Object(p)) => smp_map(t, p).map(Value::Object),
        (_, Value::Object(p)) => smp_map(&Map::new(), p).map(Value::Object),
        (_, p) => Ok(p.clone()),
    }
}

fn smp_map(target: &Map<String, Value>, patch: &Map<String, Value>) -> Result<Map<String, Value>, SmpError> {
    if let Some(d) = patch.get(DIRECTIVE) {
        return match d.as_str() {
            Some("replace") => {
                let mut p = patch.clone();
                p.remove(DIRECTIVE);
                Ok(p)
            }
            Some("delete") => Ok(Map::new()),
            _ => Err(SmpError::BadPatchType { directive: go_value(d), map: go_map(patch) }),
        };
    }
    let mut out = target.clone();
    if let Some(keep) = patch.get(RETAIN_KEYS) {
        let keep = keep.as_array().ok_or(SmpError::RetainKeys)?;
        let kept = |k: &str| keep.iter().any(|v| v.as_str() == Some(k));
        let named = patch
            .iter()
            .filter(|(k, v)| *k != RETAIN_KEYS && !v.is_null() && !k.starts_with(DELETE_FROM_PRIMITIVE_LIST) && !k.starts_with(SET_ELEMENT_ORDER))
            .all(|(k, _)| kept(k));
        if !named {
            return Err(SmpError::RetainKeys);
        }
        out.retain(|k, _| kept(k));
    }
    // Lists given an order (`$setElementOrder/<field>`, which kubectl
    // apply sends) are merged first, then put in that order.
    let mut ordered: Vec<&str> = Vec::new();
    for (k, order) in patch {
        let Some(field) = k.strip_prefix(SET_ELEMENT_ORDER) else { continue };
        let order = order.as_array().ok_or(SmpError::SetElementOrder)?;
        let old = out.get(field).and_then(Value::as_array).cloned().unwrap_or_default();
        let merged = match (out.get(field), patch.get(field)) {
            (Some(Value::Array(o)), Some(Value::Array(p))) => merge_lists(field, o, p)?,
            (_, Some(p)) => fresh(field, p)?,
            (Some(o), None) => o.clone(),
            (None, None) => continue,
        };
        let Value::Array(merged) = merged else { return Err(SmpError::SetElementOrder) };
        let key = match list_strategy(field, &merged) {
            ListStrategy::MergeByKey { key, .. } => Some(key),
            _ => None,
        };
        let merged = order_merged(merged, order, &old, key);
        out.insert(field.to_string(), Value::Array(merged));
        ordered.push(field);
    }
    for (k, pv) in patch {
        if k == RETAIN_KEYS || k.starts_with(SET_ELEMENT_ORDER) || ordered.contains(&k.as_str()) {
            continue;
        }
        if let Some(field) = k.strip_prefix(DELETE_FROM_PRIMITIVE_LIST) {
            let doomed = pv.as_array().ok_or(SmpError::PrimitiveList)?;
            if let Some(Value::Array(list)) = out.get_mut(field) {
                list.retain(|v| !doomed.contains(v));
            }
            continue;
        }
        if pv.is_null() {
            out.remove(k);
            continue;
        }
        let merged = match (out.get(k), pv) {
            (Some(Value::Object(t)), Value::Object(p)) => Value::Object(smp_map(t, p)?),
            (Some(Value::Array(t)), Value::Array(p)) => merge_lists(k, t, p)?,
            // New, or of another type: the patch's value, without directives.
            (_, p) => fresh(k, p)?,
        };
        out.insert(k.clone(), merged);
    }
    Ok(out)
}

/// A patch value that lands where nothing of its type was: its
/// directives are applied to nothing.
fn fresh(field: &str, v: &Value) -> Result<Value, SmpError> {
    match v {
        Value::Object(p) => Ok(Value::Object(smp_map(&Map::new(), p)?)),
        Value::Array(p) => merge_lists(field, &[], p),
        other => Ok(other.clone()),
    }
}

fn merge_lists(field: &str, target: &[Value], patch: &[Value]) -> Result<Value, SmpError> {
    let strategy = list_strategy(field, patch);
    let strategy = if strategy == ListStrategy::Replace { list_strategy(field, target) } else { strategy };
    match strategy {
        ListStrategy::Replace => Ok(Value::Array(patch.iter().filter(|v| v.get(DIRECTIVE).is_none()).cloned().collect())),
        ListStrategy::MergeScalars => {
            if patch.iter().chain(target).any(|v| v.is_object() || v.is_array()) {
                return Err(SmpError::MixedList);
            }
            let mut merged: Vec<Value> = target.to_vec();
            for v in patch {
                if !merged.contains(v) {
                    merged.push(v.clone());
                }
            }
            Ok(Value::Array(order_merged(merged, patch, target, None)))
        }
        ListStrategy::MergeByKey { key, .. } => merge_keyed(key, target, patch).map(Value::Array),
    }
}

/// `mergeSlice` for a list of objects with a merge key.
fn merge_keyed(key: &str, target: &[Value], patch: &[Value]) -> Result<Vec<Value>, SmpError> {
    if target.is_empty() && patch.is_empty() {
        return Ok(Vec::new());
    }
    if patch.iter().chain(target).any(|v| !v.is_object()) {
        return Err(SmpError::MixedList);
    }
    let no_key = |m: &Value| SmpError::NoMergeKey { map: go_value(m), key: key.to_string() };
    let mut original: Vec<Value> = target.to_vec();
    let mut items: Vec<&Value> = Vec::new();
    let mut replace = false;
    for item in patch {
        match item.get(DIRECTIVE) {
            None => items.push(item),
            Some(d) => match d.as_str() {
                Some("delete") => {
                    let id = item.get(key).ok_or_else(|| no_key(item))?;
                    original.retain(|o| o.get(key) != Some(id));
                }
                Some("replace") => replace = true,
                Some("merge") => return Err(SmpError::MergeListDirective),
                _ => return Err(SmpError::BadPatchType { directive: go_value(d), map: go_value(item) }),
            },
        }
    }
    if replace {
        return items.into_iter().map(|i| fresh("", i)).collect();
    }
    let mut merged = original.clone();
    for item in &items {
        let id = item.get(key).ok_or_else(|| no_key(item))?;
        let new = match merged.iter().position(|o| o.get(key) == Some(id)) {
            Some(i) => {
                let (Value::Object(o), Value::Object(p)) = (&merged[i], item) else { unreachable!("checked to be objects") };
                merged[i] = Value::Object(smp_map(o, p)?);
                continue;
            }
            None => fresh("", item)?,
        };
        merged.push(new);
    }
    if let Some(bad) = merged.iter().find(|m| m.get(key).is_none()) {
        return Err(no_key(bad));
    }
    let patch_items: Vec<Value> = items.into_iter().cloned().collect();
    Ok(order_merged(merged, &patch_items, &original, Some(key)))
}

/// The order `mergeSlice` gives a merged list: the items the patch names
/// in the patch's order, the others in their old order, the two
/// interleaved where both were in the old list (`mergeSortedSlice`): so an
/// item the patch adds comes before the old ones. Items are told apart
/// by their merge `key`, scalars by value.
fn order_merged(merged: Vec<Value>, patch: &[Value], old: &[Value], key: Option<&str>) -> Vec<Value> {
    let id = |v: &Value| -> Option<Value> {
        match key {
            Some(k) => v.get(k).cloned(),
            None => Some(v.clone()),
        }
    };
    let pos = |list: &[Value], v: &Value| id(v).and_then(|i| list.iter().position(|o| id(o).as_ref() == Some(&i)));
    let (mut named, mut rest): (Vec<Value>, Vec<Value>) = merged.into_iter().partition(|m| pos(patch, m).is_some());
    kubeplay_model::sort::sort_by_key(&mut named, |m| pos(patch, m));
    kubeplay_model::sort::sort_by_key(&mut rest, |m| pos(old, m));
    let mut out = Vec::with_capacity(named.len() + rest.len());
    let (mut left, mut right) = (rest.into_iter().peekable(), named.into_iter().peekable());
    loop {
        let take_left = match (left.peek(), right.peek()) {
            (None, None) => break,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (Some(l), Some(r)) => matches!((pos(old, l), pos(old, r)), (Some(li), Some(ri)) if li < ri),
        };
        out.extend(if take_left { left.next() } else { right.next() });
    }
    out
}

/// A JSON value as Go's `%v` prints the `interface{}` it decodes to (the
/// API server keeps integers as int64): `map[k:v]` with sorted keys,
/// `[a b]`, strings bare, `<nil>`. Errors that quote a patch print it so.
pub fn go_value(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.to_string(),
            (None, Some(f)) => kubeplay_model::gofloat::format_g(f, false),
            _ => n.to_string(),
        },
        Value::String(s) => s.clone(),
        Value::Array(a) => format!("[{}]", a.iter().map(go_value).collect::<Vec<_>>().join(" ")),
        Value::Object(m) => go_map(m),
    }
}

fn go_map(m: &Map<String, Value>) -> String {
    let mut keys: Vec<&String> = m.keys().collect();
    kubeplay_model::sort::sort(&mut keys);
    format!("map[{}]", keys.iter().map(|k| format!("{k}:{}", go_value(&m[*k]))).collect::<Vec<_>>().join(" "))
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
    three_way("", false, original, modified, current)
}

/// `retain`: the map has the retainKeys strategy, so only the keys the
/// manifest names survive (what the `$retainKeys` directive kubectl
/// builds from the manifest's keys does on the server).
fn three_way(field: &str, retain: bool, original: Option<&Value>, modified: &Value, current: &Value) -> Value {
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
            if retain {
                out.retain(|k, _| m.get(k).is_some_and(|v| !v.is_null()));
            }
            for (k, mv) in m {
                if mv.is_null() {
                    out.remove(k);
                    continue;
                }
                let merged = match c.get(k) {
                    Some(cv) => three_way(k, map_retains_keys(k), o.and_then(|o| o.get(k)), mv, cv),
                    None => mv.clone(),
                };
                out.insert(k.clone(), merged);
            }
            Value::Object(out)
        }
        (Value::Array(m), Value::Array(c)) => {
            let strategy = match list_strategy(field, m) {
                ListStrategy::Replace => list_strategy(field, c),
                s => s,
            };
            let (key, retain_keys) = match strategy {
                ListStrategy::Replace => return modified.clone(),
                // A merging list of scalars (finalizers): what others
                // added stays, what the manifest dropped goes.
                ListStrategy::MergeScalars => {
                    let o = original.and_then(Value::as_array);
                    let mut out = m.clone();
                    out.extend(c.iter().filter(|v| !m.contains(v) && !o.is_some_and(|o| o.contains(v))).cloned());
                    return Value::Array(out);
                }
                ListStrategy::MergeByKey { key, retain_keys } => (key, retain_keys),
            };
            let o = original.and_then(Value::as_array);
            let find = |list: &[Value], id: &Value| list.iter().find(|v| v.get(key) == Some(id)).cloned();
            let mut out = Vec::new();
            for mi in m {
                let id = mi.get(key).cloned().unwrap_or(Value::Null);
                let oi = o.and_then(|o| find(o, &id));
                out.push(match find(c, &id) {
                    Some(ci) => three_way("", retain_keys, oi.as_ref(), mi, &ci),
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
        _ => modified.clone(),
    }
}

/// The patch `kubectl apply` sends to turn `current` into `merged` (the
/// three-way merge's result), as the API server holds it once applied:
/// what its strict field validation quotes (`patch: Invalid value:
/// "map[…]"`). kubectl sends a merging list's changes with a
/// `$setElementOrder` directive, and applying the patch consumes both, so
/// those lists are absent (their parent stays, maybe empty); so are keys
/// a `$retainKeys` directive cleared. Other changes are there, removals
/// as nulls.
pub fn applied_patch(current: &Value, merged: &Value) -> Value {
    match (current, merged) {
        (Value::Object(c), Value::Object(m)) => Value::Object(applied_patch_map("", c, m).unwrap_or_default()),
        _ => merged.clone(),
    }
}

/// The patch of one map, or None when nothing in it changed.
fn applied_patch_map(field: &str, current: &Map<String, Value>, merged: &Map<String, Value>) -> Option<Map<String, Value>> {
    let mut patch = Map::new();
    let mut changed = false;
    for (k, mv) in merged {
        match (current.get(k), mv) {
            (Some(cv), _) if cv == mv => {}
            (Some(Value::Object(c)), Value::Object(m)) => {
                if let Some(p) = applied_patch_map(k, c, m) {
                    patch.insert(k.clone(), Value::Object(p));
                    changed = true;
                }
            }
            (Some(Value::Array(_)), Value::Array(items)) if list_strategy(k, items) != ListStrategy::Replace => changed = true,
            _ => {
                patch.insert(k.clone(), mv.clone());
                changed = true;
            }
        }
    }
    for k in current.keys().filter(|k| !merged.contains_key(*k)) {
        changed = true;
        if !map_retains_keys(field) {
            patch.insert(k.clone(), Value::Null);
        }
    }
    changed.then_some(patch)
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

    // evanphx/json-patch v4's merge_test.go rfcTests (the rows past the
    // RFC's own) and TestMergePatch*: the API server's merge patch keeps
    // null list items but drops null members of objects inside lists.
    // Its failing rows (a `null` or `"bar"` patch is "Invalid JSON Patch")
    // are not modelled: this function has no error, and kubectl sends only
    // objects.
    #[test]
    fn merge_patch_as_evanphx_applies_it() {
        let cases = [
            (json!({"a":"foo"}), json!({"b":[3,null,{"x":null}]}), json!({"a":"foo","b":[3,null,{}]})),
            (json!([1,2]), json!([1,null,3]), json!([1,null,3])),
            (json!([1,2]), json!([1,null,2]), json!([1,null,2])),
            (json!({"a":"b"}), json!({"a":[{"z":1,"b":null}]}), json!({"a":[{"z":1}]})),
            (json!({"title":"hello"}), json!({"title":"goodbye"}), json!({"title":"goodbye"})),
            (json!({"title":"hello","age":18}), json!({"title":"goodbye"}), json!({"title":"goodbye","age":18})),
            (json!({"person":{"title":"hello","age":18}}), json!({"person":{"title":"goodbye"}}), json!({"person":{"title":"goodbye","age":18}})),
            (json!([1]), json!([2]), json!([2])),
            (json!({"a":1}), json!([2]), json!([2])),
            (json!([1]), json!({"a":1}), json!({"a":1})),
            (json!({"a":1,"b":1}), json!({"a":2}), json!({"a":2,"b":1})),
            // A list over an object is taken as it is.
            (json!({"a":{"x":1}}), json!({"a":[{"z":1,"b":null}]}), json!({"a":[{"z":1,"b":null}]})),
            // A pod's containers, replaced whole by a merge patch.
            (
                json!({"spec":{"containers":[{"name":"a","image":"x:1"},{"name":"b"}]}}),
                json!({"spec":{"containers":[{"name":"a","image":"x:2","command":null}]}}),
                json!({"spec":{"containers":[{"name":"a","image":"x:2"}]}}),
            ),
        ];
        for (target, patch, want) in cases {
            assert_eq!(json_merge_patch(&target, &patch), want, "{target} + {patch}");
        }
    }

    #[test]
    fn strategic_merge_merges_containers_by_name() {
        let target = json!({"spec":{"containers":[{"name":"a","image":"x:1"},{"name":"b","image":"y:1"}]}});
        let patch = json!({"spec":{"containers":[{"name":"b","image":"y:2"}]}});
        let got = strategic_merge_patch(&target, &patch).unwrap();
        assert_eq!(got, json!({"spec":{"containers":[{"name":"a","image":"x:1"},{"name":"b","image":"y:2"}]}}));
        // The same patch as a plain merge patch replaces the whole list.
        assert_eq!(json_merge_patch(&target, &patch)["spec"]["containers"].as_array().unwrap().len(), 1);
        let del = json!({"spec":{"containers":[{"name":"a","$patch":"delete"}]}});
        assert_eq!(strategic_merge_patch(&target, &del).unwrap(), json!({"spec":{"containers":[{"name":"b","image":"y:1"}]}}));
    }

    // The three-way cases of upstream's strategicpatch tests
    // (strategicMergePatchRawTestCases: Original, Modified, Current →
    // Result), with their fields renamed to ours of the same strategy:
    // retainKeysMap → strategy, retainKeysMergingList → volumes,
    // mergingList → containers, mergingIntList → finalizers.
    #[test]
    fn apply_honours_retain_keys_as_upstream() {
        let cases = [
            (
                "retainKeys map nested non-merging list with no change with conflict",
                json!({"strategy":{"name":"foo","nonMergingList":[{"name":"a"},{"name":"b"}]}}),
                json!({"strategy":{"name":"foo","value":"bar","nonMergingList":[{"name":"a"},{"name":"b"}]}}),
                json!({"strategy":{"name":"foo","nonMergingList":[{"name":"a"},{"name":"b"},{"name":"c"}]}}),
                json!({"strategy":{"name":"foo","value":"bar","nonMergingList":[{"name":"a"},{"name":"b"}]}}),
            ),
            (
                "retainKeys map delete nested non-merging list with conflict",
                json!({"strategy":{"name":"foo","nonMergingList":[{"name":"a"},{"name":"b"}]}}),
                json!({"strategy":{"name":"foo","value":"bar"}}),
                json!({"strategy":{"name":"foo","nonMergingList":[{"name":"a"},{"name":"b"},{"name":"c"}]}}),
                json!({"strategy":{"name":"foo","value":"bar"}}),
            ),
            (
                "retainKeys map nested merging int list with no change",
                json!({"strategy":{"name":"foo","finalizers":[1,2]}}),
                json!({"strategy":{"name":"foo","value":"bar","finalizers":[1,2]}}),
                json!({"strategy":{"name":"foo","finalizers":[1,2,3]}}),
                json!({"strategy":{"name":"foo","value":"bar","finalizers":[1,2,3]}}),
            ),
            (
                "retainKeys map adds an item in nested merging list",
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"b"}]}}),
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"b"},{"name":"c"}]}}),
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"b"},{"name":"x"}]}}),
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"b"},{"name":"c"},{"name":"x"}]}}),
            ),
            (
                "retainKeys map deletes nested merging list",
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"b"}]}}),
                json!({"strategy":{"name":"foo","value":"bar"}}),
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"b"}]}}),
                json!({"strategy":{"name":"foo","value":"bar"}}),
            ),
            (
                "retainKeys list of maps clears a field",
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"a"}]}),
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"a"}]}),
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"a","other":"x"}]}),
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"a"}]}),
            ),
            (
                "retainKeys list of maps changes a field and clear a field with conflict",
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"old"}]}),
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"new"}]}),
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"modified","other":"x"}]}),
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"new"}]}),
            ),
            (
                // createStrategicMergePatchTestCaseData
                "nil patch with retainKeys map",
                json!({"name":"a","strategy":{"name":"foo"}}),
                json!({"name":"a","strategy":{"name":"foo"}}),
                json!({"name":"a","value":"b","strategy":{"name":"foo"}}),
                json!({"name":"a","value":"b","strategy":{"name":"foo"}}),
            ),
            (
                // Without retainKeys, a merging list's items keep what others added.
                "add field to map in merging list",
                json!({"containers":[{"name":"1"},{"name":"2","value":"2"}]}),
                json!({"containers":[{"name":"1","value":"1"},{"name":"2","value":"2"}]}),
                json!({"containers":[{"name":"1","other":"a"},{"name":"2","value":"2","other":"b"}]}),
                json!({"containers":[{"name":"1","value":"1","other":"a"},{"name":"2","value":"2","other":"b"}]}),
            ),
        ];
        for (what, original, modified, current, want) in cases {
            assert_eq!(
                three_way_apply(Some(&original), &modified, &current),
                want,
                "{what}"
            );
        }
    }

    // kubernetes#24198: a Deployment defaulted to RollingUpdate, applied
    // again with `strategy: {type: Recreate}`, loses `rollingUpdate`.
    #[test]
    fn apply_of_recreate_drops_the_defaulted_rolling_update() {
        let modified = json!({"spec":{"replicas":2,"strategy":{"type":"Recreate"}}});
        let current = json!({"spec":{"replicas":2,"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}}}});
        let original = json!({"spec":{"replicas":2}});
        assert_eq!(
            three_way_apply(Some(&original), &modified, &current),
            json!({"spec":{"replicas":2,"strategy":{"type":"Recreate"}}})
        );
        // The keys the manifest names stay merged with the live ones.
        let modified =
            json!({"spec":{"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":1}}}});
        let got = three_way_apply(None, &modified, &current);
        assert_eq!(
            got["spec"]["strategy"],
            json!({"type":"RollingUpdate","rollingUpdate":{"maxSurge":1,"maxUnavailable":"25%"}})
        );
        // DaemonSet's updateStrategy has no retainKeys (apps/v1 types.go).
        let current =
            json!({"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":1}}});
        let got = three_way_apply(
            None,
            &json!({"updateStrategy":{"type":"OnDelete"}}),
            &current,
        );
        assert_eq!(
            got,
            json!({"updateStrategy":{"type":"OnDelete","rollingUpdate":{"maxUnavailable":1}}})
        );
    }

    // Upstream's ThreeWay patches applied to Current give Result
    // (StrategicMergeMapPatch), fields renamed as above.
    #[test]
    fn strategic_merge_applies_the_directives_kubectl_sends() {
        let cases = [
            (
                "retainKeys map deletes an item in nested merging int list",
                json!({"strategy":{"name":"foo","finalizers":[1,2,3,4]}}),
                json!({"strategy":{"$retainKeys":["finalizers","name"],"$deleteFromPrimitiveList/finalizers":[2],"$setElementOrder/finalizers":[1,3]}}),
                json!({"strategy":{"name":"foo","finalizers":[1,3,4]}}),
            ),
            (
                "retainKeys map adds an item and deletes an item in nested merging int list",
                json!({"strategy":{"name":"foo","finalizers":[1,2,3,4]}}),
                json!({"strategy":{"$retainKeys":["finalizers","name"],"finalizers":[5],"$deleteFromPrimitiveList/finalizers":[2],"$setElementOrder/finalizers":[1,3,5]}}),
                json!({"strategy":{"name":"foo","finalizers":[1,3,5,4]}}),
            ),
            (
                "retainKeys map adds an item in nested merging list",
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"b"},{"name":"x"}]}}),
                json!({"strategy":{"$retainKeys":["containers","name"],"$setElementOrder/containers":[{"name":"a"},{"name":"b"},{"name":"c"}],"containers":[{"name":"c"}]}}),
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"b"},{"name":"c"},{"name":"x"}]}}),
            ),
            (
                "retainKeys map deletes an item in nested merging list",
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"b"},{"name":"x"}]}}),
                json!({"strategy":{"$retainKeys":["containers","name"],"$setElementOrder/containers":[{"name":"a"}],"containers":[{"name":"b","$patch":"delete"}]}}),
                json!({"strategy":{"name":"foo","containers":[{"name":"a"},{"name":"x"}]}}),
            ),
            (
                "retainKeys map deletes nested non-merging list",
                json!({"strategy":{"name":"foo","nonMergingList":[{"name":"a"},{"name":"b"}]}}),
                json!({"strategy":{"$retainKeys":["name","value"],"value":"bar","nonMergingList":null}}),
                json!({"strategy":{"name":"foo","value":"bar"}}),
            ),
            (
                "retainKeys list of maps clears a field",
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"a","other":"x"}]}),
                json!({"$setElementOrder/volumes":[{"name":"bar"},{"name":"foo"}],"volumes":[{"$retainKeys":["name","value"],"name":"foo"}]}),
                json!({"volumes":[{"name":"bar"},{"name":"foo","value":"a"}]}),
            ),
            // customStrategicMergePatchTestCaseData
            (
                "unique scalars when merging lists",
                json!({"finalizers":[1,2]}),
                json!({"finalizers":[2,3]}),
                json!({"finalizers":[1,2,3]}),
            ),
            (
                "delete map from nested map",
                json!({"simpleMap":{"key1":1,"key2":1}}),
                json!({"simpleMap":{"$patch":"delete"}}),
                json!({"simpleMap":{}}),
            ),
            (
                "delete all items from merging list",
                json!({"containers":[{"name":"1"},{"name":"2"}]}),
                json!({"containers":[{"$patch":"replace"}]}),
                json!({"containers":[]}),
            ),
            (
                "add key and delete all keys from map",
                json!({"name":1,"value":1}),
                json!({"other":"a","$patch":"replace"}),
                json!({"other":"a"}),
            ),
            (
                "retainKeys map merge an empty map",
                json!({"strategy":{"name":"foo","value":"a"}}),
                json!({"strategy":{}}),
                json!({"strategy":{"name":"foo","value":"a"}}),
            ),
            (
                "preserve the order from the patch in a merging list",
                json!({"containers":[{"name":"1"},{"name":"2","value":"b"},{"name":"3"}]}),
                json!({"containers":[{"name":"3","value":"c"},{"name":"1","value":"a"},{"name":"2","other":"x"}]}),
                json!({"containers":[{"name":"3","value":"c"},{"name":"1","value":"a"},{"name":"2","value":"b","other":"x"}]}),
            ),
            (
                "preserve the order from the patch in a merging list 2",
                json!({"containers":[{"name":"1"},{"name":"2","value":"b"},{"name":"3"}]}),
                json!({"containers":[{"name":"3","value":"c"},{"name":"1","value":"a"}]}),
                json!({"containers":[{"name":"2","value":"b"},{"name":"3","value":"c"},{"name":"1","value":"a"}]}),
            ),
            (
                "preserve the order from the patch in a merging int list",
                json!({"finalizers":[1,2,3]}),
                json!({"finalizers":[3,1]}),
                json!({"finalizers":[2,3,1]}),
            ),
            (
                // The kubectl patch task page: the added container comes first.
                "a new container goes before the old ones",
                json!({"containers":[{"name":"patch-demo-ctr","image":"nginx"}]}),
                json!({"containers":[{"name":"patch-demo-ctr-2","image":"redis"}]}),
                json!({"containers":[{"name":"patch-demo-ctr-2","image":"redis"},{"name":"patch-demo-ctr","image":"nginx"}]}),
            ),
        ];
        for (what, current, patch, want) in cases {
            assert_eq!(strategic_merge_patch(&current, &patch), Ok(want), "{what}");
        }
    }

    // The merge keys of core/v1: container ports by containerPort, env by
    // name, Service ports by port; the patch's new items come first.
    #[test]
    fn strategic_merge_uses_the_api_merge_keys() {
        let pod = json!({"containers":[{"name":"web","ports":[{"containerPort":80,"name":"http"}],"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}]}]});
        let patch = json!({"containers":[{"name":"web","ports":[{"containerPort":443,"name":"https"},{"containerPort":80,"protocol":"UDP"}],"env":[{"name":"B","value":"3"},{"name":"C","value":"4"},{"name":"A","$patch":"delete"}]}]});
        let got = strategic_merge_patch(&pod, &patch).unwrap();
        assert_eq!(got["containers"][0]["ports"], json!([{"containerPort":443,"name":"https"},{"containerPort":80,"name":"http","protocol":"UDP"}]));
        assert_eq!(got["containers"][0]["env"], json!([{"name":"B","value":"3"},{"name":"C","value":"4"}]));
        let svc = json!({"spec":{"ports":[{"port":80,"targetPort":8080}]}});
        let got = strategic_merge_patch(&svc, &json!({"spec":{"ports":[{"port":443,"targetPort":8443}]}})).unwrap();
        assert_eq!(got["spec"]["ports"], json!([{"port":443,"targetPort":8443},{"port":80,"targetPort":8080}]));
        // An env item without its name: upstream's error names the item.
        let err = strategic_merge_patch(&pod, &json!({"containers":[{"name":"web","env":[{"value":"x"}]}]})).unwrap_err();
        assert_eq!(err.to_string(), "map: map[value:x] does not contain declared merge key: name");
    }

    #[test]
    fn strategic_merge_rejects_what_upstream_rejects() {
        let current = json!({"containers":[{"name":"1","value":"a"}],"strategy":{"name":"foo"}});
        // customStrategicMergePatchRawTestCases: "missing merge key should error out".
        let err =
            strategic_merge_patch(&current, &json!({"containers":[{"value":"b"}]})).unwrap_err();
        assert_eq!(
            err.to_string(),
            "map: map[value:b] does not contain declared merge key: name"
        );
        assert_eq!(
            err.clone().into_api_error().kubectl_message(),
            "Error from server: map: map[value:b] does not contain declared merge key: name"
        );
        // A field the directive does not name (applyRetainKeysDirective).
        let err = strategic_merge_patch(
            &current,
            &json!({"strategy":{"$retainKeys":["name"],"value":"x"}}),
        )
        .unwrap_err();
        assert_eq!(err, SmpError::RetainKeys);
        assert_eq!(
            err.into_api_error().kubectl_message(),
            "Error from server (BadRequest): invalid patch format of retainKeys"
        );
        assert_eq!(
            strategic_merge_patch(&current, &json!({"strategy":{"$retainKeys":"name"}})),
            Err(SmpError::RetainKeys)
        );
        assert_eq!(
            strategic_merge_patch(&current, &json!({"containers":[{"$patch":"merge"}]})),
            Err(SmpError::MergeListDirective)
        );
        assert!(matches!(
            strategic_merge_patch(&current, &json!({"strategy":{"$patch":"nope"}})),
            Err(SmpError::BadPatchType { .. })
        ));
    }

    // What kubectl 1.32 sent as `kubectl apply`'s patch (seen on the wire)
    // for a manifest that added `replica: 3` and changed an image.
    #[test]
    fn applied_patch_keeps_what_the_server_quotes() {
        let current = json!({"metadata":{"annotations":{"a":"old"}},"spec":{"replicas":1,"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":1}},"template":{"spec":{"containers":[{"name":"web","image":"nginx"}]}}}});
        let merged = json!({"metadata":{"annotations":{"a":"new"}},"spec":{"replica":3,"replicas":1,"strategy":{"type":"Recreate"},"template":{"spec":{"containers":[{"name":"web","image":"nginx:2"}]}}}});
        let got = applied_patch(&current, &merged);
        assert_eq!(got, json!({"metadata":{"annotations":{"a":"new"}},"spec":{"replica":3,"strategy":{"type":"Recreate"},"template":{"spec":{}}}}));
        assert_eq!(go_value(&got), "map[metadata:map[annotations:map[a:new]] spec:map[replica:3 strategy:map[type:Recreate] template:map[spec:map[]]]]");
    }

    #[test]
    fn go_prints_maps_sorted_with_bare_strings() {
        let v = json!({"b":[1,"x",null],"a":{"d":true,"c":1.5},"e":2000000.5});
        assert_eq!(
            go_value(&v),
            "map[a:map[c:1.5 d:true] b:[1 x <nil>] e:2.0000005e+06]"
        );
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
