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
        if kind == "StatefulSet" && field == "labels" && selectors_too {
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
        apply(r, pairs, "labels", true, true);
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
