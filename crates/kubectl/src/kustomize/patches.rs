//! `patches`, `patchesStrategicMerge` and `patchesJson6902`: strategic
//! merge patches (found by the patch's own kind and name, or by a target
//! selector) and JSON 6902 patches (by target), applied with the API
//! server's own patch code.

use super::file::{Patch, Target};
use super::fs::{join, Fs};
use super::res::Res;
use kubeplay_model::regex::{Regex, Syntax};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A patch's text: inline, or the file at `path`.
fn text(p: &Patch, dir: &str, fs: Fs) -> Result<String, String> {
    if !p.patch.is_empty() {
        return Ok(p.patch.clone());
    }
    let path = join(dir, &p.path);
    fs.load(dir, &path).map_err(|e| format!("trouble configuring builtin PatchTransformer with config: `\npath: {}\n`: failed to get the patch file from path({}): {e}", p.path, p.path))
}

use super::yaml::{documents, documents_yaml11};

/// Regexes anchored at both ends, as kustomize matches a target's names.
fn name_matches(pattern: &str, name: &str) -> bool {
    if pattern.is_empty() || pattern == name {
        return true;
    }
    Regex::new(&format!("^({pattern})$"), Syntax::Extended).is_ok_and(|re| re.is_match(name))
}

fn selector_matches(selector: &str, set: Option<&Map<String, Value>>) -> bool {
    if selector.is_empty() {
        return true;
    }
    let labels: BTreeMap<String, String> = set
        .into_iter()
        .flatten()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string()))
        .collect();
    kubeplay_model::Selector::parse(selector).is_ok_and(|s| s.matches(&labels))
}

fn selects(t: &Target, r: &Res) -> bool {
    let (g, v) = r.group_version();
    (t.group.is_empty() || t.group == g)
        && (t.version.is_empty() || t.version == v)
        && (t.kind.is_empty() || t.kind == r.kind())
        && (t.name.is_empty()
            || name_matches(&t.name, r.name())
            || r.prev_names.iter().any(|n| name_matches(&t.name, n)))
        && (t.namespace.is_empty() || name_matches(&t.namespace, r.namespace()))
        && selector_matches(&t.label_selector, r.labels())
        && selector_matches(&t.annotation_selector, r.annotations())
}

fn with_obj(r: &mut Res, f: impl FnOnce(&Value) -> Result<Value, String>) -> Result<bool, String> {
    let old_name = r.name().to_string();
    let patched = f(&Value::Object(std::mem::take(&mut r.obj)))?;
    match patched {
        Value::Object(m) if !m.is_empty() => {
            r.obj = m;
            // A patch that renames: references to the old name follow it.
            if r.name() != old_name {
                r.prev_names.push(old_name);
            }
            Ok(true)
        }
        // `$patch: delete` leaves nothing: the resource goes.
        _ => Ok(false),
    }
}

fn smp(r: &mut Res, patch: &Value) -> Result<bool, String> {
    let before = r.obj.clone();
    let out = with_obj(r, |obj| {
        kubeplay_apiserver::strategic_merge_patch(obj, patch).map_err(|e| e.to_string())
    });
    if out.is_err() {
        r.obj = before;
    } else {
        super::labels::relink(r);
    }
    out
}

fn json6902(r: &mut Res, ops: &Value) -> Result<bool, String> {
    let before = r.obj.clone();
    // kustomize keeps its own bookkeeping annotations on every resource
    // while it patches, so `add /metadata/annotations/x` finds a map even
    // where the file has none; the empty map is dropped again afterwards.
    let added = match r.obj.get_mut("metadata") {
        Some(Value::Object(m)) if !m.contains_key("annotations") => {
            m.insert("annotations".into(), Value::Object(Map::new()));
            true
        }
        _ => false,
    };
    let out = with_obj(r, |obj| {
        kubeplay_apiserver::json_patch(obj, ops).map_err(String::from)
    });
    if out.is_err() {
        r.obj = before;
        return out;
    }
    // kustomize patches a JSON copy: the labels it shared are copies now.
    r.shared_labels.clear();
    if added {
        if let Some(Value::Object(m)) = r.obj.get_mut("metadata") {
            if m.get("annotations").is_some_and(|a| a.as_object().is_some_and(Map::is_empty)) {
                m.remove("annotations");
            }
        }
    }
    out
}

/// A strategic merge patch found by its own kind and name.
fn smp_by_id(list: &mut Vec<Res>, patch: &Value) -> Result<(), String> {
    let p = Res::new(patch.as_object().cloned().unwrap_or_default());
    let at: Vec<usize> = list
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            r.kind() == p.kind()
                && r.group_version() == p.group_version()
                && r.had_name(p.name())
                && (p.namespace().is_empty() || r.had_namespace(p.namespace()))
        })
        .map(|(i, _)| i)
        .collect();
    let [i] = at.as_slice() else {
        let id = p.id();
        return Err(format!("no resource matches strategic merge patch \"{id}\": no matches for Id {id}; failed to find unique target for patch {id}"));
    };
    let mut patch = patch.clone();
    // The patch names the resource as it was; its current name stays.
    if let Some(Value::Object(m)) = patch.get_mut("metadata") {
        m.remove("name");
        m.remove("namespace");
    }
    if !smp(&mut list[*i], &patch)? {
        list.remove(*i);
    }
    Ok(())
}

fn by_target(list: &mut Vec<Res>, t: &Target, patch: &Value, json: bool) -> Result<(), String> {
    let mut patch = patch.clone();
    if let Some(m) = patch.as_object_mut() {
        m.remove("apiVersion");
        m.remove("kind");
        if let Some(Value::Object(meta)) = m.get_mut("metadata") {
            meta.remove("name");
            meta.remove("namespace");
        }
    }
    let mut i = 0;
    while i < list.len() {
        if selects(t, &list[i]) {
            let keep = if json {
                json6902(&mut list[i], &patch)?
            } else {
                smp(&mut list[i], &patch)?
            };
            if !keep {
                list.remove(i);
                continue;
            }
        }
        i += 1;
    }
    Ok(())
}

/// One `patches` entry.
pub fn patch(list: &mut Vec<Res>, p: &Patch, dir: &str, fs: Fs) -> Result<(), String> {
    let text = text(p, dir, fs)?;
    let mut docs = documents(&text)?;
    let json = matches!(docs.as_slice(), [Value::Array(_)]);
    if json {
        docs = documents_yaml11(&text)?;
    }
    match &p.target {
        None if json => Err(format!(
            "must specify a target for JSON patch [patch: {}]",
            crate::gofmt::quote(&text)
        )),
        None => docs.iter().try_for_each(|d| smp_by_id(list, d)),
        Some(t) => docs.iter().try_for_each(|d| by_target(list, t, d, json)),
    }
}

/// One `patchesStrategicMerge` entry (of `all`): a file, or the patch itself.
pub fn strategic(
    list: &mut Vec<Res>,
    entry: &str,
    all: &[String],
    dir: &str,
    fs: Fs,
) -> Result<(), String> {
    let path = join(dir, entry);
    let text = match fs.file(&path) {
        Some(_) => fs.load(dir, &path).map_err(|e| {
            let paths: String = all.iter().filter(|p| !p.contains('\n')).map(|p| format!("- {p}\n")).collect();
            format!("trouble configuring builtin PatchStrategicMergeTransformer with config: `\npaths:\n{paths}`: {e}")
        })?,
        None => entry.to_string(),
    };
    for d in documents(&text)? {
        smp_by_id(list, &d)?;
    }
    Ok(())
}

/// One `patchesJson6902` entry.
pub fn json(list: &mut Vec<Res>, p: &Patch, dir: &str, fs: Fs) -> Result<(), String> {
    let text = text(p, dir, fs)?;
    let ops = documents_yaml11(&text)?
        .into_iter()
        .next()
        .unwrap_or(Value::Array(Vec::new()));
    match &p.target {
        Some(t) => by_target(list, t, &ops, true),
        None => Err(format!(
            "must specify a target for JSON patch [patch: {}]",
            crate::gofmt::quote(&text)
        )),
    }
}
