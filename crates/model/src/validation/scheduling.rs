//! Scheduling constraints in a pod spec: tolerations, node and pod
//! (anti-)affinity, topology spread constraints, and node taints
//! (core validation's scheduling section).

use super::common::{self, Errs};
use super::field::{go_quote, BadValue, FieldError, Path, GO_POINTER};
use crate::api::{Affinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodAffinityTerm, Taint, Toleration, TopologySpreadConstraint};
use crate::names;
use std::collections::BTreeMap;

const TAINT_EFFECTS: &[&str] = &["NoSchedule", "PreferNoSchedule", "NoExecute"];

fn taint_effect(effect: &str, allow_empty: bool, path: &Path) -> Errs {
    if effect.is_empty() && !allow_empty {
        return vec![FieldError::required(path, "")];
    }
    if TAINT_EFFECTS.contains(&effect) {
        Vec::new()
    } else {
        vec![FieldError::not_supported(path, BadValue::str(effect), TAINT_EFFECTS)]
    }
}

/// `ValidateTolerations`.
pub(super) fn tolerations(list: &[Toleration], path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (i, t) in list.iter().enumerate() {
        let p = path.index(i);
        let key = t.key.as_deref().unwrap_or("");
        let op = t.operator.as_deref().unwrap_or("");
        let value = t.value.as_deref().unwrap_or("");
        let effect = t.effect.as_deref().unwrap_or("");
        if !key.is_empty() {
            errs.extend(common::qualified_name(key, &p.child("key")));
        }
        if key.is_empty() && op != "Exists" {
            errs.push(FieldError::invalid(&p.child("operator"), BadValue::str(op), "operator must be Exists when `key` is empty, which means \"match all values and all keys\""));
        }
        if t.toleration_seconds.is_some() && effect != "NoExecute" {
            errs.push(FieldError::invalid(&p.child("effect"), BadValue::str(effect), "effect must be 'NoExecute' when `tolerationSeconds` is set"));
        }
        match op {
            "Equal" | "" => {
                let msgs = names::is_valid_label_value(value);
                if !msgs.is_empty() {
                    errs.push(FieldError::invalid(&p.child("operator"), BadValue::str(value), msgs.join(";")));
                }
            }
            "Exists" => {
                if !value.is_empty() {
                    errs.push(FieldError::invalid(&p.child("operator"), BadValue::GoSyntax(go_toleration(t)), "value must be empty when `operator` is 'Exists'"));
                }
            }
            other => errs.push(FieldError::not_supported(&p.child("operator"), BadValue::str(other), &["Equal", "Exists"])),
        }
        if !effect.is_empty() {
            errs.extend(taint_effect(effect, true, &p.child("effect")));
        }
    }
    errs
}

/// `%#v` of a `core.Toleration`.
fn go_toleration(t: &Toleration) -> String {
    let q = |v: &Option<String>| go_quote(v.as_deref().unwrap_or(""));
    let secs = if t.toleration_seconds.is_some() { format!("(*int64)({GO_POINTER})") } else { "(*int64)(nil)".to_string() };
    format!("core.Toleration{{Key:{}, Operator:{}, Value:{}, Effect:{}, TolerationSeconds:{secs}}}", q(&t.key), q(&t.operator), q(&t.value), q(&t.effect))
}

/// `validateNodeTaints` (a node's `spec.taints`, reported under `metadata.taints` as upstream does).
pub(super) fn node_taints(taints: &[Taint], path: &Path) -> Errs {
    let mut errs = Vec::new();
    let mut seen: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (i, t) in taints.iter().enumerate() {
        let p = path.index(i);
        errs.extend(common::qualified_name(&t.key, &p.child("key")));
        let value = t.value.as_deref().unwrap_or("");
        let msgs = names::is_valid_label_value(value);
        if !msgs.is_empty() {
            errs.push(FieldError::invalid(&p.child("value"), BadValue::str(value), msgs.join(";")));
        }
        errs.extend(taint_effect(&t.effect, false, &p.child("effect")));
        let keys = seen.entry(t.effect.as_str()).or_default();
        if keys.contains(&t.key.as_str()) {
            let mut e = FieldError::duplicate(&p, BadValue::GoSyntax(go_taint(t)));
            e.detail = "taints must be unique by key and effect pair".to_string();
            errs.push(e);
            continue;
        }
        keys.push(t.key.as_str());
    }
    errs
}

fn go_taint(t: &Taint) -> String {
    use super::field::go_quote;
    format!(
        "core.Taint{{Key:{}, Value:{}, Effect:{}, TimeAdded:{}}}",
        go_quote(&t.key),
        go_quote(t.value.as_deref().unwrap_or("")),
        go_quote(&t.effect),
        if t.time_added.is_some() { "<time>" } else { "<nil>" }
    )
}

/// `validateAffinity`.
pub(super) fn affinity(a: Option<&Affinity>, path: &Path) -> Errs {
    let Some(a) = a else { return Vec::new() };
    let mut errs = Vec::new();
    if let Some(na) = &a.node_affinity {
        let p = path.child("nodeAffinity");
        if let Some(req) = &na.required_during_scheduling_ignored_during_execution {
            errs.extend(node_selector(req, &p.child("requiredDuringSchedulingIgnoredDuringExecution")));
        }
        for (i, term) in na.preferred_during_scheduling_ignored_during_execution.iter().enumerate() {
            let preferred = p.child("preferredDuringSchedulingIgnoredDuringExecution");
            let tp = preferred.index(i);
            if term.weight <= 0 || term.weight > 100 {
                errs.push(FieldError::invalid(&tp.child("weight"), BadValue::int(term.weight), "must be in the range 1-100"));
            }
            // Invalid label values are tolerated in preferences.
            errs.extend(node_selector_term(&term.preference, true, &tp.child("preference")));
        }
    }
    for (name, pa) in [("podAffinity", &a.pod_affinity), ("podAntiAffinity", &a.pod_anti_affinity)] {
        let Some(pa) = pa else { continue };
        let p = path.child(name);
        for (i, term) in pa.required_during_scheduling_ignored_during_execution.iter().enumerate() {
            errs.extend(pod_affinity_term(term, &p.child("requiredDuringSchedulingIgnoredDuringExecution").index(i)));
        }
        for (i, w) in pa.preferred_during_scheduling_ignored_during_execution.iter().enumerate() {
            let preferred = p.child("preferredDuringSchedulingIgnoredDuringExecution");
            let wp = preferred.index(i);
            if w.weight <= 0 || w.weight > 100 {
                errs.push(FieldError::invalid(&wp.child("weight"), BadValue::int(w.weight), "must be in the range 1-100"));
            }
            errs.extend(pod_affinity_term(&w.pod_affinity_term, &wp.child("podAffinityTerm")));
        }
    }
    errs
}

/// `ValidateNodeSelector`.
pub(super) fn node_selector(ns: &NodeSelector, path: &Path) -> Errs {
    let tp = path.child("nodeSelectorTerms");
    if ns.node_selector_terms.is_empty() {
        return vec![FieldError::required(&tp, "must have at least one node selector term")];
    }
    ns.node_selector_terms.iter().enumerate().flat_map(|(i, t)| node_selector_term(t, false, &tp.index(i))).collect()
}

fn node_selector_term(term: &NodeSelectorTerm, allow_invalid_values: bool, path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (j, r) in term.match_expressions.iter().enumerate() {
        errs.extend(node_selector_requirement(r, allow_invalid_values, &path.child("matchExpressions").index(j)));
    }
    for (j, r) in term.match_fields.iter().enumerate() {
        errs.extend(node_field_selector_requirement(r, &path.child("matchFields").index(j)));
    }
    errs
}

/// `ValidateNodeSelectorRequirement`: the operators In, NotIn, Exists, DoesNotExist, Gt, Lt.
fn node_selector_requirement(r: &NodeSelectorRequirement, allow_invalid_values: bool, path: &Path) -> Errs {
    let mut errs = Vec::new();
    match r.operator.as_str() {
        "In" | "NotIn" if r.values.is_empty() => errs.push(FieldError::required(&path.child("values"), "must be specified when `operator` is 'In' or 'NotIn'")),
        "Exists" | "DoesNotExist" if !r.values.is_empty() => {
            errs.push(FieldError::forbidden(&path.child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"))
        }
        "Gt" | "Lt" if r.values.len() != 1 => errs.push(FieldError::required(&path.child("values"), "must be specified single value when `operator` is 'Lt' or 'Gt'")),
        "In" | "NotIn" | "Exists" | "DoesNotExist" | "Gt" | "Lt" => {}
        op => errs.push(FieldError::invalid(&path.child("operator"), BadValue::str(op), "not a valid selector operator")),
    }
    errs.extend(common::qualified_name(&r.key, &path.child("key")));
    if !allow_invalid_values {
        for (i, v) in r.values.iter().enumerate() {
            errs.extend(common::each(&path.child("values").index(i), v, names::is_valid_label_value(v)));
        }
    }
    errs
}

/// `ValidateNodeFieldSelectorRequirement`: only `metadata.name In/NotIn [one node]`.
fn node_field_selector_requirement(r: &NodeSelectorRequirement, path: &Path) -> Errs {
    let mut errs = Vec::new();
    match r.operator.as_str() {
        "In" | "NotIn" => {
            if r.values.len() != 1 {
                errs.push(FieldError::required(&path.child("values"), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
            }
        }
        op => errs.push(FieldError::invalid(&path.child("operator"), BadValue::str(op), "not a valid selector operator")),
    }
    if r.key != "metadata.name" {
        errs.push(FieldError::invalid(&path.child("key"), BadValue::str(r.key.as_str()), "not a valid field selector key"));
    } else {
        for (i, v) in r.values.iter().enumerate() {
            errs.extend(common::dns1123_subdomain(v, &path.child("values").index(i)));
        }
    }
    errs
}

/// `validatePodAffinityTerm`.
fn pod_affinity_term(term: &PodAffinityTerm, path: &Path) -> Errs {
    let mut errs = common::label_selector(term.label_selector.as_ref(), false, &path.child("labelSelector"));
    errs.extend(common::label_selector(term.namespace_selector.as_ref(), false, &path.child("namespaceSelector")));
    for ns in &term.namespaces {
        errs.extend(common::dns1123_label(ns, &path.child("namespace")));
    }
    errs.extend(match_label_keys(path, &term.match_label_keys, &term.mismatch_label_keys, term.label_selector.as_ref()));
    if term.topology_key.is_empty() {
        errs.push(FieldError::required(&path.child("topologyKey"), "can not be empty"));
    }
    errs.extend(common::qualified_name(&term.topology_key, &path.child("topologyKey")));
    errs
}

/// `validateMatchLabelKeysAndMismatchLabelKeys`.
fn match_label_keys(path: &Path, match_keys: &[String], mismatch_keys: &[String], sel: Option<&crate::selector::LabelSelector>) -> Errs {
    let mut errs = Vec::new();
    for (name, keys) in [("matchLabelKeys", match_keys), ("mismatchLabelKeys", mismatch_keys)] {
        if keys.is_empty() {
            continue;
        }
        let p = path.child(name);
        if sel.is_none() {
            errs.push(FieldError::forbidden(&p, "must not be specified when labelSelector is not set"));
            continue;
        }
        for (i, k) in keys.iter().enumerate() {
            errs.extend(common::qualified_name(k, &p.index(i)));
        }
    }
    if let Some(sel) = sel {
        for e in &sel.match_expressions {
            if let Some(i) = match_keys.iter().position(|k| *k == e.key) {
                if sel.match_labels.contains_key(&e.key) {
                    errs.push(FieldError::invalid(&path.index(i), BadValue::str(e.key.as_str()), "exists in both matchLabelKeys and labelSelector"));
                }
            }
        }
    }
    for (i, k) in match_keys.iter().enumerate() {
        if mismatch_keys.contains(k) {
            errs.push(FieldError::invalid(&path.child("matchLabelKeys").index(i), BadValue::str(k.as_str()), "exists in both matchLabelKeys and mismatchLabelKeys"));
        }
    }
    errs
}

/// `validateTopologySpreadConstraints`.
pub(super) fn topology_spread(list: &[TopologySpreadConstraint], path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (i, c) in list.iter().enumerate() {
        let p = path.index(i);
        if c.max_skew <= 0 {
            errs.push(FieldError::invalid(&p.child("maxSkew"), BadValue::int(c.max_skew), "must be greater than zero"));
        }
        if c.topology_key.is_empty() {
            errs.push(FieldError::required(&p.child("topologyKey"), "can not be empty"));
        }
        if !matches!(c.when_unsatisfiable.as_str(), "DoNotSchedule" | "ScheduleAnyway") {
            errs.push(FieldError::not_supported(&p.child("whenUnsatisfiable"), BadValue::str(c.when_unsatisfiable.as_str()), &["DoNotSchedule", "ScheduleAnyway"]));
        }
        if list[i + 1..].iter().any(|o| o.topology_key == c.topology_key && o.when_unsatisfiable == c.when_unsatisfiable) {
            errs.push(FieldError::duplicate(&p.child("{topologyKey, whenUnsatisfiable}"), BadValue::str(format!("{{{}, {}}}", c.topology_key, c.when_unsatisfiable))));
        }
        if let Some(min) = c.min_domains {
            if min <= 0 {
                errs.push(FieldError::invalid(&p.child("minDomains"), BadValue::int(min), "must be greater than zero"));
            }
            if c.when_unsatisfiable != "DoNotSchedule" {
                errs.push(FieldError::invalid(&p.child("minDomains"), BadValue::int(min), format!("can only use minDomains if whenUnsatisfiable=DoNotSchedule, not {}", c.when_unsatisfiable)));
            }
        }
        for (name, policy) in [("nodeAffinityPolicy", &c.node_affinity_policy), ("nodeTaintsPolicy", &c.node_taints_policy)] {
            if let Some(v) = policy {
                if v != "Honor" && v != "Ignore" {
                    errs.push(FieldError::not_supported(&p.child(name), BadValue::str(v.as_str()), &["Honor", "Ignore"]));
                }
            }
        }
        if !c.match_label_keys.is_empty() {
            let mp = p.child("matchLabelKeys");
            let mut keys: Vec<&str> = Vec::new();
            match &c.label_selector {
                Some(sel) => {
                    keys.extend(sel.match_labels.keys().map(String::as_str));
                    keys.extend(sel.match_expressions.iter().map(|e| e.key.as_str()));
                }
                None => errs.push(FieldError::forbidden(&mp, "must not be specified when labelSelector is not set")),
            }
            for (j, k) in c.match_label_keys.iter().enumerate() {
                errs.extend(common::qualified_name(k, &mp.index(j)));
                if keys.contains(&k.as_str()) {
                    errs.push(FieldError::invalid(&mp.index(j), BadValue::str(k.as_str()), "exists in both matchLabelKeys and labelSelector"));
                }
            }
        }
        errs.extend(common::label_selector(c.label_selector.as_ref(), false, &p.child("labelSelector")));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tol(key: &str, op: &str, value: &str, effect: &str) -> Toleration {
        let s = |v: &str| if v.is_empty() { None } else { Some(v.to_string()) };
        Toleration { key: s(key), operator: s(op), value: s(value), effect: s(effect), toleration_seconds: None }
    }

    // Cases from TestValidateTolerations.
    #[test]
    fn tolerations_follow_upstream() {
        let p = Path::new("spec.tolerations");
        for ok in [tol("foo", "Exists", "", "NoSchedule"), tol("foo", "Equal", "bar", "NoSchedule"), tol("", "Exists", "", ""), tol("foo", "", "bar", "PreferNoSchedule")] {
            assert!(tolerations(std::slice::from_ref(&ok), &p).is_empty(), "{ok:?}");
        }
        let msg = |t: Toleration| tolerations(&[t], &p).into_iter().map(|e| e.to_string()).collect::<Vec<_>>();
        assert_eq!(msg(tol("", "Equal", "bar", "NoSchedule")), vec!["spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\""]);
        assert_eq!(msg(tol("foo", "Exists", "bar", "NoSchedule")), vec!["spec.tolerations[0].operator: Invalid value: core.Toleration{Key:\"foo\", Operator:\"Exists\", Value:\"bar\", Effect:\"NoSchedule\", TolerationSeconds:(*int64)(nil)}: value must be empty when `operator` is 'Exists'"]);
        assert_eq!(msg(tol("foo", "In", "bar", "NoSchedule")), vec!["spec.tolerations[0].operator: Unsupported value: \"In\": supported values: \"Equal\", \"Exists\""]);
        assert_eq!(msg(tol("foo", "Exists", "", "NoScheduleNoAdmit")), vec!["spec.tolerations[0].effect: Unsupported value: \"NoScheduleNoAdmit\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\""]);
        let mut t = tol("foo", "Exists", "", "NoSchedule");
        t.toleration_seconds = Some(30);
        assert_eq!(msg(t), vec!["spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"]);
    }

    #[test]
    fn node_affinity_operators() {
        let req = |op: &str, values: &[&str]| NodeSelectorRequirement { key: "zone".into(), operator: op.into(), values: values.iter().map(|s| s.to_string()).collect() };
        let ns = |r| NodeSelector { node_selector_terms: vec![NodeSelectorTerm { match_expressions: vec![r], match_fields: vec![] }] };
        let p = Path::new("spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution");
        assert!(node_selector(&ns(req("In", &["a"])), &p).is_empty());
        assert!(node_selector(&ns(req("Gt", &["1"])), &p).is_empty());
        assert_eq!(node_selector(&ns(req("In", &[])), &p)[0].to_string(), format!("{p}.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"));
        assert_eq!(node_selector(&ns(req("Exists", &["a"])), &p)[0].to_string(), format!("{p}.nodeSelectorTerms[0].matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        assert_eq!(node_selector(&ns(req("Bogus", &[])), &p)[0].to_string(), format!("{p}.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: \"Bogus\": not a valid selector operator"));
        assert_eq!(node_selector(&NodeSelector::default(), &p)[0].to_string(), format!("{p}.nodeSelectorTerms: Required value: must have at least one node selector term"));
    }

    #[test]
    fn duplicate_taints() {
        let t = |k: &str, e: &str| Taint { key: k.into(), value: None, effect: e.into(), time_added: None };
        let errs = node_taints(&[t("a", "NoSchedule"), t("a", "NoSchedule"), t("a", "NoExecute")], &Path::new("metadata.taints"));
        assert_eq!(errs.len(), 1);
        assert!(errs[0].to_string().starts_with("metadata.taints[1]: Duplicate value: core.Taint{Key:\"a\""));
        assert!(errs[0].to_string().ends_with(": taints must be unique by key and effect pair"));
    }
}
