//! `commonLabels`, `labels` and `commonAnnotations`: metadata on every
//! resource, and (per kustomize's field specs) on pod templates and
//! selectors.

use super::file::LabelSet;
use super::paths::{ensure, template_metas};
use super::res::Res;
use serde_json::Value;

/// Selectors kustomize's commonLabels field specs name, and whether a
/// missing selector is created.
fn selectors(kind: &str) -> &'static [(&'static str, bool)] {
    match kind {
        "Service" => &[("/spec/selector", true)],
        "ReplicationController" => &[("/spec/selector", true)],
        "Deployment" | "ReplicaSet" | "DaemonSet" | "StatefulSet" => {
            &[("/spec/selector/matchLabels", true)]
        }
        "Job" => &[("/spec/selector/matchLabels", false)],
        "CronJob" => &[("/spec/jobTemplate/spec/selector/matchLabels", false)],
        "PodDisruptionBudget" => &[("/spec/selector/matchLabels", false)],
        "NetworkPolicy" => &[("/spec/podSelector/matchLabels", false)],
        _ => &[],
    }
}

fn put(root: &mut Value, pointer: &str, create: bool, pairs: &[(String, String)]) {
    if !create && root.pointer(pointer).is_none_or(Value::is_null) {
        return;
    }
    if let Some(Value::Object(m)) = ensure(root, pointer) {
        for (k, v) in pairs {
            m.insert(k.clone(), Value::String(v.clone()));
        }
    }
}

fn apply(
    r: &mut Res,
    pairs: &[(String, String)],
    field: &str,
    templates: bool,
    selectors_too: bool,
) {
    if pairs.is_empty() {
        return;
    }
    let kind = r.kind().to_string();
    let mut v = Value::Object(std::mem::take(&mut r.obj));
    put(&mut v, &format!("/metadata/{field}"), true, pairs);
    if templates {
        for meta in template_metas(&kind) {
            put(&mut v, &format!("{meta}/{field}"), true, pairs);
        }
        if kind == "StatefulSet" && field == "labels" {
            if let Some(Value::Array(items)) = v.pointer_mut("/spec/volumeClaimTemplates") {
                for item in items {
                    put(item, "/metadata/labels", true, pairs);
                }
            }
        }
    }
    if selectors_too {
        for (sel, create) in selectors(&kind) {
            put(&mut v, sel, *create, pairs);
        }
        if kind == "NetworkPolicy" {
            for (rules, peers) in [("ingress", "from"), ("egress", "to")] {
                if let Some(Value::Array(rules)) = v.pointer_mut(&format!("/spec/{rules}")) {
                    for peer in rules
                        .iter_mut()
                        .filter_map(|r| r.get_mut(peers))
                        .filter_map(Value::as_array_mut)
                        .flatten()
                    {
                        put(peer, "/podSelector/matchLabels", false, pairs);
                    }
                }
            }
        }
    }
    if let Value::Object(m) = v {
        r.obj = m;
    }
}

/// `commonLabels`: metadata, templates and selectors.
pub fn common_labels(list: &mut [Res], pairs: &[(String, String)]) {
    for r in list {
        let kind = r.kind().to_string();
        let before = Value::Object(r.obj.clone());
        let maps = label_maps(&kind, &before);
        apply(r, pairs, "labels", true, true);
        let after = Value::Object(std::mem::take(&mut r.obj));
        for (k, v) in pairs {
            // Only a key it adds is one node shared by every map; where
            // the key was there, its own node takes the new value.
            let added: Vec<String> = maps
                .iter()
                .filter(|p| before.pointer(p).and_then(|m| m.get(k.as_str())).is_none())
                .filter(|p| after.pointer(p).and_then(|m| m.get(k.as_str())).is_some())
                .cloned()
                .collect();
            r.shared_labels.retain(|(key, ..)| key != k);
            if added.len() > 1 {
                r.shared_labels.push((k.clone(), v.clone(), added));
            }
        }
        if let Value::Object(m) = after {
            r.obj = m;
        }
    }
}

/// The label maps commonLabels writes into.
fn label_maps(kind: &str, v: &Value) -> Vec<String> {
    let mut at = vec!["/metadata/labels".to_string()];
    at.extend(template_metas(kind).iter().map(|m| format!("{m}/labels")));
    at.extend(selectors(kind).iter().map(|(p, _)| p.to_string()));
    if kind == "StatefulSet" {
        let n = v
            .pointer("/spec/volumeClaimTemplates")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        at.extend((0..n).map(|i| format!("/spec/volumeClaimTemplates/{i}/metadata/labels")));
    }
    at
}

/// kustomize's commonLabels puts one shared YAML node for a key in every
/// map it labels, so a later change made in place at one of them (an
/// overlay's `labels`, a strategic merge patch) shows at all of them.
pub fn relink(r: &mut Res) {
    if r.shared_labels.is_empty() {
        return;
    }
    let mut v = Value::Object(std::mem::take(&mut r.obj));
    for (key, value, at) in &mut r.shared_labels {
        let changed = at
            .iter()
            .filter_map(|p| v.pointer(p)?.get(key.as_str())?.as_str())
            .find(|s| *s != value.as_str())
            .map(str::to_string);
        let Some(new) = changed else { continue };
        for p in at.iter() {
            if let Some(Value::Object(m)) = v.pointer_mut(p) {
                if m.contains_key(key.as_str()) {
                    m.insert(key.clone(), Value::String(new.clone()));
                }
            }
        }
        *value = new;
    }
    if let Value::Object(m) = v {
        r.obj = m;
    }
}

/// `labels`: metadata, templates or selectors when asked, and the
/// fields named (map paths; list paths are not followed).
pub fn labels(list: &mut [Res], sets: &[LabelSet]) {
    for set in sets {
        for r in list.iter_mut() {
            apply(
                r,
                &set.pairs,
                "labels",
                set.include_templates || set.include_selectors,
                set.include_selectors,
            );
            relink(r);
            for spec in &set.fields {
                let (g, v) = r.group_version();
                let selected = (spec.group.is_empty() || spec.group == g)
                    && (spec.version.is_empty() || spec.version == v)
                    && (spec.kind.is_empty() || spec.kind == r.kind());
                if selected && !spec.path.contains('[') {
                    let mut obj = Value::Object(std::mem::take(&mut r.obj));
                    put(
                        &mut obj,
                        &format!("/{}", spec.path.trim_matches('/')),
                        spec.create,
                        &set.pairs,
                    );
                    if let Value::Object(m) = obj {
                        r.obj = m;
                    }
                }
            }
        }
    }
}

/// `commonAnnotations`: metadata and templates.
pub fn annotations(list: &mut [Res], pairs: &[(String, String)]) {
    for r in list {
        apply(r, pairs, "annotations", true, false);
    }
}
