//! `rbac.authorization.k8s.io/v1` validation (`pkg/apis/rbac/validation`).

use super::common::{self, Errs};
use super::field::{go_quote, BadValue, FieldError, Path};
use super::meta;
use crate::api::{ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject, RBAC_GROUP};
use crate::names::{self, NameRule};

pub(super) fn role(r: &Role) -> Errs {
    let mut errs = meta::object_meta(&r.metadata, true, NameRule::PathSegment);
    errs.extend(rules(r.rules.as_deref(), true));
    errs
}

pub(super) fn role_update(new: &Role, old: &Role) -> Errs {
    let mut errs = role(new);
    errs.extend(meta::object_meta_update(&new.metadata, &old.metadata));
    errs
}

/// `ValidateClusterRole`; `allow_invalid_values` is the update's leniency
/// for selector values the stored role already had.
fn cluster_role_with(r: &ClusterRole, allow_invalid_values: bool) -> Errs {
    let mut errs = meta::object_meta(&r.metadata, false, NameRule::PathSegment);
    errs.extend(rules(r.rules.as_deref(), false));
    if let Some(agg) = &r.aggregation_rule {
        let path = Path::new("aggregationRule");
        let selectors = path.child("clusterRoleSelectors");
        if agg.cluster_role_selectors.is_empty() {
            errs.push(FieldError::required(&selectors, "at least one clusterRoleSelector required if aggregationRule is non-nil"));
        }
        for (i, sel) in agg.cluster_role_selectors.iter().enumerate() {
            let p = selectors.index(i);
            let found = common::label_selector(Some(sel), allow_invalid_values, &p);
            // `LabelSelectorAsSelector` fails where the checks above did
            // (its value is the nil selector it returned).
            let converts = found.is_empty() || (allow_invalid_values && converts_leniently(sel));
            errs.extend(found);
            if !converts {
                errs.push(FieldError::invalid(&p, BadValue::str("null"), "invalid label selector."));
            }
        }
    }
    errs
}

/// Whether a selector whose only problems are tolerated values still
/// converts: conversion checks values too, so it does not.
fn converts_leniently(sel: &crate::selector::LabelSelector) -> bool {
    sel.match_expressions.iter().all(|e| e.values.iter().all(|v| names::is_valid_label_value(v).is_empty()))
}

pub(super) fn cluster_role(r: &ClusterRole) -> Errs {
    cluster_role_with(r, false)
}

pub(super) fn cluster_role_update(new: &ClusterRole, old: &ClusterRole) -> Errs {
    let had_invalid = old.aggregation_rule.as_ref().is_some_and(|a| !a.cluster_role_selectors.iter().all(converts_leniently));
    let mut errs = cluster_role_with(new, had_invalid);
    errs.extend(meta::object_meta_update(&new.metadata, &old.metadata));
    errs
}

fn rules(rules: Option<&[PolicyRule]>, namespaced: bool) -> Errs {
    let path = Path::new("rules");
    let mut errs = Vec::new();
    for (i, rule) in rules.unwrap_or_default().iter().enumerate() {
        errs.extend(policy_rule(rule, namespaced, &path.index(i)));
    }
    errs
}

/// `ValidatePolicyRule`: a rule grants either non-resource URLs or
/// resources, never both.
fn policy_rule(rule: &PolicyRule, namespaced: bool, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if rule.verbs.is_empty() {
        errs.push(FieldError::required(&path.child("verbs"), "verbs must contain at least one value"));
    }
    if !rule.non_resource_urls.is_empty() {
        let urls = path.child("nonResourceURLs");
        if namespaced {
            errs.push(FieldError::invalid(&urls, BadValue::list(&rule.non_resource_urls), "namespaced rules cannot apply to non-resource URLs"));
        }
        if !rule.api_groups.is_empty() || !rule.resources.is_empty() || !rule.resource_names.is_empty() {
            errs.push(FieldError::invalid(&urls, BadValue::list(&rule.non_resource_urls), "rules cannot apply to both regular resources and non-resource URLs"));
        }
        return errs;
    }
    if rule.api_groups.is_empty() {
        errs.push(FieldError::required(&path.child("apiGroups"), "resource rules must supply at least one api group"));
    }
    if rule.resources.is_empty() {
        errs.push(FieldError::required(&path.child("resources"), "resource rules must supply at least one resource"));
    }
    errs
}

pub(super) fn role_binding(b: &RoleBinding) -> Errs {
    binding(&b.metadata, &b.role_ref, &b.subjects, true)
}

pub(super) fn cluster_role_binding(b: &ClusterRoleBinding) -> Errs {
    binding(&b.metadata, &b.role_ref, &b.subjects, false)
}

pub(super) fn role_binding_update(new: &RoleBinding, old: &RoleBinding) -> Errs {
    let mut errs = role_binding(new);
    errs.extend(binding_update(&new.metadata, &old.metadata, &new.role_ref, &old.role_ref));
    errs
}

pub(super) fn cluster_role_binding_update(new: &ClusterRoleBinding, old: &ClusterRoleBinding) -> Errs {
    let mut errs = cluster_role_binding(new);
    errs.extend(binding_update(&new.metadata, &old.metadata, &new.role_ref, &old.role_ref));
    errs
}

/// A binding's role is fixed at creation (the registry strategy's rule):
/// to grant another role, delete the binding and create a new one.
fn binding_update(new: &crate::meta::ObjectMeta, old: &crate::meta::ObjectMeta, new_ref: &RoleRef, old_ref: &RoleRef) -> Errs {
    let mut errs = meta::object_meta_update(new, old);
    if new_ref != old_ref {
        let value = format!("rbac.RoleRef{{APIGroup:{}, Kind:{}, Name:{}}}", go_quote(&new_ref.api_group), go_quote(&new_ref.kind), go_quote(&new_ref.name));
        errs.push(FieldError::invalid(&Path::new("roleRef"), BadValue::GoSyntax(value), "cannot change roleRef"));
    }
    errs
}

/// `ValidateRoleBinding` and `ValidateClusterRoleBinding`: a cluster-wide
/// binding can only grant a ClusterRole, and names its ServiceAccounts'
/// namespaces.
fn binding(metadata: &crate::meta::ObjectMeta, role_ref: &RoleRef, subjects: &[Subject], namespaced: bool) -> Errs {
    let mut errs = meta::object_meta(metadata, namespaced, NameRule::PathSegment);
    let path = Path::new("roleRef");
    if role_ref.api_group != RBAC_GROUP {
        errs.push(FieldError::not_supported(&path.child("apiGroup"), BadValue::str(role_ref.api_group.as_str()), &[RBAC_GROUP]));
    }
    let kinds: &[&str] = if namespaced { &["Role", "ClusterRole"] } else { &["ClusterRole"] };
    if !kinds.contains(&role_ref.kind.as_str()) {
        errs.push(FieldError::not_supported(&path.child("kind"), BadValue::str(role_ref.kind.as_str()), kinds));
    }
    if role_ref.name.is_empty() {
        errs.push(FieldError::required(&path.child("name"), ""));
    } else {
        errs.extend(common::each(&path.child("name"), &role_ref.name, names::path_segment_name(&role_ref.name)));
    }
    let path = Path::new("subjects");
    for (i, s) in subjects.iter().enumerate() {
        errs.extend(subject(s, namespaced, &path.index(i)));
    }
    errs
}

/// `ValidateRoleBindingSubject`.
fn subject(s: &Subject, namespaced: bool, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if s.name.is_empty() {
        errs.push(FieldError::required(&path.child("name"), ""));
    }
    match s.kind.as_str() {
        "ServiceAccount" => {
            if !s.name.is_empty() {
                errs.extend(common::dns1123_subdomain(&s.name, &path.child("name")));
            }
            if !s.api_group.is_empty() {
                errs.push(FieldError::not_supported(&path.child("apiGroup"), BadValue::str(s.api_group.as_str()), &[""]));
            }
            if !namespaced && s.namespace.is_empty() {
                errs.push(FieldError::required(&path.child("namespace"), ""));
            }
        }
        "User" | "Group" => {
            if s.api_group != RBAC_GROUP {
                errs.push(FieldError::not_supported(&path.child("apiGroup"), BadValue::str(s.api_group.as_str()), &[RBAC_GROUP]));
            }
        }
        kind => errs.push(FieldError::not_supported(&path.child("kind"), BadValue::str(kind), &["ServiceAccount", "User", "Group"])),
    }
    errs
}
