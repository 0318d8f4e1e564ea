//! The patch `kubectl apply` sends (`strategicpatch.CreateThreeWayMergePatch`
//! with `--overwrite`): the changes from the live object to the manifest,
//! without deletions, combined with the deletions from the last-applied
//! configuration to the manifest. Merging lists carry the manifest's
//! order as `$setElementOrder/<list>`, lists of scalars their removals as
//! `$deleteFromPrimitiveList/<list>`, and retainKeys fields the keys the
//! manifest sets as `$retainKeys`.

use serde_json::{Map, Value};

use super::{
    element_kind, go_kind, go_value, list_strategy, map_retains_keys, merge_key_of, merge_map,
    sort_by_order, GoKind, ListStrategy, Mode, SmpError, DELETE_FROM_PRIMITIVE_LIST, DIRECTIVE,
    RETAIN_KEYS, SET_ELEMENT_ORDER,
};

/// upstream's `DiffOptions`.
#[derive(Clone, Copy, Default)]
struct Diff {
    /// Send `$setElementOrder` lists.
    order: bool,
    /// Leave out what the new document adds or changes.
    no_changes: bool,
    /// Leave out what it removes.
    no_deletions: bool,
    /// The map has the retainKeys strategy: send `$retainKeys`.
    retain_keys: bool,
}

pub(super) fn three_way_patch(
    original: &Map<String, Value>,
    modified: &Map<String, Value>,
    current: &Map<String, Value>,
) -> Result<Map<String, Value>, SmpError> {
    let delta = diff_maps(
        current,
        modified,
        Diff {
            order: true,
            no_deletions: true,
            ..Diff::default()
        },
    )?;
    let deletions = diff_maps(
        original,
        modified,
        Diff {
            order: true,
            no_changes: true,
            ..Diff::default()
        },
    )?;
    merge_map(deletions, delta, Mode::Combine)
}

/// `CreateTwoWayMergePatch`: the patch that turns `original` into `modified`.
#[cfg(test)]
pub(super) fn two_way_patch(
    original: &Map<String, Value>,
    modified: &Map<String, Value>,
) -> Result<Map<String, Value>, SmpError> {
    diff_maps(
        original,
        modified,
        Diff {
            order: true,
            ..Diff::default()
        },
    )
}

/// `diffMaps`.
fn diff_maps(
    original: &Map<String, Value>,
    modified: &Map<String, Value>,
    opts: Diff,
) -> Result<Map<String, Value>, SmpError> {
    let mut patch = Map::new();
    let mut retain: Vec<&String> = Vec::new();
    for (k, mv) in modified {
        if opts.retain_keys && !mv.is_null() {
            retain.push(k);
        }
        let Some(ov) = original.get(k) else {
            if !opts.no_changes {
                patch.insert(k.clone(), mv.clone());
            }
            continue;
        };
        if k == DIRECTIVE {
            if ov != mv {
                patch.insert(k.clone(), mv.clone());
            }
            continue;
        }
        match (ov, mv) {
            _ if go_kind(ov) != go_kind(mv) => {
                if !opts.no_changes {
                    patch.insert(k.clone(), mv.clone());
                }
            }
            (Value::Object(o), Value::Object(m)) => {
                let sub = diff_maps(
                    o,
                    m,
                    Diff {
                        retain_keys: map_retains_keys(k),
                        ..opts
                    },
                )?;
                if !sub.is_empty() {
                    patch.insert(k.clone(), Value::Object(sub));
                }
            }
            (Value::Array(o), Value::Array(m)) => diff_list_field(k, o, m, &mut patch, opts)?,
            _ => {
                if ov != mv && !opts.no_changes {
                    patch.insert(k.clone(), mv.clone());
                }
            }
        }
    }
    if !opts.no_deletions {
        for k in original.keys().filter(|k| !modified.contains_key(*k)) {
            patch.insert(k.clone(), Value::Null);
        }
    }
    // Sent when something changes, or when the old map has a key the new
    // one drops (`hasAdditionalNewField`).
    if !retain.is_empty()
        && (!patch.is_empty()
            || original
                .iter()
                .any(|(k, v)| !v.is_null() && !modified.contains_key(k)))
    {
        kubeplay_model::sort::sort(&mut retain);
        patch.insert(
            RETAIN_KEYS.into(),
            Value::Array(
                retain
                    .into_iter()
                    .map(|k| Value::String(k.clone()))
                    .collect(),
            ),
        );
    }
    Ok(patch)
}

/// `handleSliceDiff`.
fn diff_list_field(
    field: &str,
    original: &[Value],
    modified: &[Value],
    patch: &mut Map<String, Value>,
    opts: Diff,
) -> Result<(), SmpError> {
    let strategy = match list_strategy(field, modified) {
        ListStrategy::Replace => list_strategy(field, original),
        s => s,
    };
    let (key, retain_keys) = match strategy {
        ListStrategy::Replace => {
            if original != modified && !opts.no_changes {
                patch.insert(field.to_string(), Value::Array(modified.to_vec()));
            }
            return Ok(());
        }
        ListStrategy::MergeScalars => (None, false),
        ListStrategy::MergeByKey { key, retain_keys } => (Some(key), retain_keys),
    };
    let (changes, deletions, order) = diff_lists(
        original,
        modified,
        key,
        Diff {
            retain_keys,
            ..opts
        },
    )?;
    if !changes.is_empty() {
        patch.insert(field.to_string(), Value::Array(changes));
    }
    if !deletions.is_empty() {
        patch.insert(
            format!("{DELETE_FROM_PRIMITIVE_LIST}/{field}"),
            Value::Array(deletions),
        );
    }
    if !order.is_empty() {
        patch.insert(format!("{SET_ELEMENT_ORDER}/{field}"), Value::Array(order));
    }
    Ok(())
}

type ListDiff = (Vec<Value>, Vec<Value>, Vec<Value>);

/// `diffLists`: the patch list (changed and added items, then deletion
/// directives), the scalars to delete, and the new order.
fn diff_lists(
    original: &[Value],
    modified: &[Value],
    key: Option<&str>,
    opts: Diff,
) -> Result<ListDiff, SmpError> {
    if original.is_empty() {
        if modified.is_empty() || opts.no_changes {
            return Ok(Default::default());
        }
        return Ok((modified.to_vec(), Vec::new(), Vec::new()));
    }
    if element_kind(original, modified)? != Some(GoKind::Map) {
        let (added, deleted) = diff_scalars(original, modified, opts);
        let added = sort_by_order(added, modified, None)?;
        let changed = (!opts.no_deletions && !deleted.is_empty())
            || (!opts.no_changes && original != modified);
        let order = if opts.order && changed {
            modified.to_vec()
        } else {
            Vec::new()
        };
        return Ok((added, deleted, order));
    }
    let key = key.ok_or(SmpError::NoMergeStrategy)?;
    let (changes, deletions) = diff_maps_by_key(original, modified, key, opts)?;
    let mut changes = sort_by_order(changes, modified, Some(key))?;
    let same_order = original.len() == modified.len()
        && original
            .iter()
            .zip(modified)
            .all(|(o, m)| o.get(key) == m.get(key));
    changes.extend(deletions);
    let changed = (!opts.no_changes && (!changes.is_empty() || !same_order))
        || (!opts.no_deletions && !changes.is_empty());
    let order = if opts.order && changed {
        modified
            .iter()
            .map(|m| {
                Value::Object(Map::from_iter([(
                    key.to_string(),
                    m.get(key).cloned().unwrap_or(Value::Null),
                )]))
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok((changes, Vec::new(), order))
}

/// Go's `%v` of a value, which upstream sorts and compares lists by.
fn sort_key(v: Option<&Value>) -> String {
    v.map_or_else(|| "<nil>".to_string(), go_value)
}

/// `diffListsOfScalars`: added and (once each) removed values.
fn diff_scalars(original: &[Value], modified: &[Value], opts: Diff) -> (Vec<Value>, Vec<Value>) {
    fn sorted(l: &[Value]) -> Vec<(String, &Value)> {
        let mut l: Vec<(String, &Value)> = l.iter().map(|v| (sort_key(Some(v)), v)).collect();
        kubeplay_model::sort::sort_by(&mut l, |a, b| a.0.cmp(&b.0));
        l
    }
    let (o, m) = (sorted(original), sorted(modified));
    let (mut added, mut deleted) = (Vec::new(), Vec::<Value>::new());
    let (mut i, mut j) = (0, 0);
    while i < o.len() || j < m.len() {
        if i < o.len() && j < m.len() && o[i].0 == m[j].0 {
            i += 1;
            j += 1;
        } else if i >= o.len() || (j < m.len() && o[i].0 > m[j].0) {
            if !opts.no_changes {
                added.push(m[j].1.clone());
            }
            j += 1;
        } else {
            if !opts.no_deletions && !deleted.contains(o[i].1) {
                deleted.push(o[i].1.clone());
            }
            i += 1;
        }
    }
    (added, deleted)
}

/// `diffListsOfMaps`: items paired by merge key; changed items as their
/// patch (with the key), added ones whole, removed ones as deletion
/// directives.
fn diff_maps_by_key(
    original: &[Value],
    modified: &[Value],
    key: &str,
    opts: Diff,
) -> Result<(Vec<Value>, Vec<Value>), SmpError> {
    /// Items with the `%v` of their merge key, sorted by it.
    type Keyed<'a> = Vec<(String, &'a Map<String, Value>)>;
    fn sorted<'a>(l: &'a [Value], key: &str) -> Result<Keyed<'a>, SmpError> {
        let mut out = Vec::with_capacity(l.len());
        for v in l {
            let id = merge_key_of(v, key)?;
            let Value::Object(m) = v else {
                return Err(SmpError::MixedList);
            };
            out.push((sort_key(Some(id)), m));
        }
        kubeplay_model::sort::sort_by(&mut out, |a, b| a.0.cmp(&b.0));
        Ok(out)
    }
    let (o, m) = (sorted(original, key)?, sorted(modified, key)?);
    let (mut changes, mut deletions) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < o.len() || j < m.len() {
        if i < o.len() && j < m.len() && o[i].0 == m[j].0 {
            let mut sub = diff_maps(o[i].1, m[j].1, opts)?;
            if !sub.is_empty() {
                sub.insert(key.to_string(), m[j].1[key].clone());
                changes.push(Value::Object(sub));
            }
            i += 1;
            j += 1;
        } else if i >= o.len() || (j < m.len() && o[i].0 > m[j].0) {
            if !opts.no_changes {
                changes.push(Value::Object(m[j].1.clone()));
            }
            j += 1;
        } else {
            if !opts.no_deletions {
                let directive = [
                    (key.to_string(), o[i].1[key].clone()),
                    (DIRECTIVE.to_string(), Value::String("delete".into())),
                ];
                deletions.push(Value::Object(Map::from_iter(directive)));
            }
            i += 1;
        }
    }
    Ok((changes, deletions))
}
