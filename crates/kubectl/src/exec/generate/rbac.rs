//! `kubectl create role|clusterrole|rolebinding|clusterrolebinding`
//! (create_role.go, create_clusterrole.go, create_rolebinding.go,
//! create_clusterrolebinding.go): their `Complete` and `Validate` checks
//! and the objects they build, with resources resolved against the
//! cluster's discovery as kubectl's RESTMapper resolves them.

use super::{labels_value, metadata, object};
use kubeplay_model::unserved::UNSERVED;
use kubeplay_model::Kind;
use serde_json::{json, Map, Value};

const API_VERSION: &str = "rbac.authorization.k8s.io/v1";
const RBAC_GROUP: &str = "rbac.authorization.k8s.io";

/// create_role.go's `validResourceVerbs`: others only get a warning.
const RESOURCE_VERBS: &[&str] = &["*", "get", "delete", "list", "create", "update", "patch", "watch", "proxy", "deletecollection", "use", "bind", "escalate", "impersonate"];
/// create_clusterrole.go's `validNonResourceVerbs`: others are an error.
const NON_RESOURCE_VERBS: &[&str] = &["*", "get", "post", "put", "delete", "patch", "head", "options"];

/// create_role.go's `specialVerbs`: verbs that only make sense on these
/// (group, resource) pairs.
const SPECIAL_VERBS: &[(&str, &[(&str, &str)])] = &[
    ("use", &[("policy", "podsecuritypolicies"), ("extensions", "podsecuritypolicies")]),
    ("bind", &[(RBAC_GROUP, "roles"), (RBAC_GROUP, "clusterroles")]),
    ("escalate", &[(RBAC_GROUP, "roles"), (RBAC_GROUP, "clusterroles")]),
    ("impersonate", &[("", "users"), ("", "serviceaccounts"), ("", "groups"), ("authentication.k8s.io", "userextras")]),
];

/// The flags of `create role` and `create clusterrole`, as given.
#[derive(Clone, Copy, Default)]
pub struct RoleFlags<'a> {
    pub verbs: &'a [String],
    pub resources: &'a [String],
    pub resource_names: &'a [String],
    /// `create clusterrole` only.
    pub non_resource_urls: &'a [String],
    /// `--aggregation-rule`'s labels (`create clusterrole` only), a later
    /// key replacing an earlier one.
    pub aggregation: &'a [(String, String)],
}

/// One `--resource` value, split as `resource.group/subresource`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ResourceArg {
    group: String,
    resource: String,
    sub: String,
}

fn push_unique(v: &mut Vec<String>, s: &str) {
    if !v.iter().any(|x| x == s) {
        v.push(s.to_string());
    }
}

/// `Complete`'s verbs: duplicates dropped; `*` stands for all of them.
fn complete_verbs(verbs: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for v in verbs {
        if v == "*" {
            return vec!["*".into()];
        }
        push_unique(&mut out, v);
    }
    out
}

/// `Complete`'s resources: a bare `*` (no group, no subresource) replaces
/// all the others, those after it never read.
fn complete_resources(resources: &[String]) -> Vec<ResourceArg> {
    let mut out = Vec::new();
    for r in resources {
        let (head, sub) = r.split_once('/').unwrap_or((r.as_str(), ""));
        let (resource, group) = head.split_once('.').unwrap_or((head, ""));
        let arg = ResourceArg { group: group.into(), resource: resource.into(), sub: sub.into() };
        if resource == "*" && !head.contains('.') && !r.contains('/') {
            return vec![arg];
        }
        out.push(arg);
    }
    out
}

/// The RESTMapper's `ResourceFor`: a plural or singular name (any case)
/// or a short name (exactly, as the shortcut expander compares it) in the
/// given group, or in any group when none is given;
/// the kinds the playground does not model resolve too, as the real
/// cluster serves them. `None` is kubectl's no-match error.
fn resource_for(resource: &str, group: &str) -> Option<(String, String)> {
    let name = resource.to_ascii_lowercase();
    let group_ok = |g: &str| group.is_empty() || g == group;
    for k in Kind::ALL {
        let i = k.info();
        if group_ok(i.group) && (i.plural == name || i.kind.to_ascii_lowercase() == name || i.short_names.contains(&resource)) {
            return Some((i.group.to_string(), i.plural.to_string()));
        }
    }
    let served = kubeplay_model::custom_kind::served();
    let custom = served.iter().find(|s| group_ok(&s.group) && (s.plural == name || s.singular == name || s.kind.name().to_ascii_lowercase() == name || s.short_names.iter().any(|x| x == resource)));
    if let Some(s) = custom {
        return Some((s.group.clone(), s.plural.clone()));
    }
    UNSERVED.iter().find_map(|u| {
        let g = u.group_version.rsplit_once('/').map_or("", |(g, _)| g);
        let plural = u.plural();
        (group_ok(g) && (plural == name || u.kind.to_ascii_lowercase() == name || u.short_names.contains(&resource))).then(|| (g.to_string(), plural))
    })
}

/// kubectl's `StandardErrorMessage` for a no-match error (printed without
/// the `error: ` prefix).
fn no_match(r: &ResourceArg) -> String {
    if r.group.is_empty() {
        format!("the server doesn't have a resource type \"{}\"", r.resource)
    } else {
        format!("the server doesn't have a resource type \"{}\" in group \"{}\"", r.resource, r.group)
    }
}

/// `validateResource`: each resource resolves, and each special verb
/// names a resource it applies to; the first `*` ends the checks.
fn validate_resources(resources: &[ResourceArg], verbs: &[String]) -> Result<(), String> {
    for r in resources {
        if r.resource.is_empty() {
            return Err("error: resource must be specified if apiGroup/subresource specified".into());
        }
        if r.resource == "*" {
            return Ok(());
        }
        let found = resource_for(&r.resource, &r.group);
        let (group, resource) = found.clone().unwrap_or_else(|| (r.group.clone(), r.resource.clone()));
        let mut special_matched = false;
        for v in verbs {
            if let Some((_, allowed)) = SPECIAL_VERBS.iter().find(|(s, _)| s == v) {
                if !allowed.iter().any(|(g, res)| *g == group && *res == resource) {
                    return Err(format!("error: can not perform '{v}' on '{resource}' in group '{group}'"));
                }
                special_matched = true;
            }
        }
        if found.is_none() && !special_matched {
            return Err(no_match(r));
        }
    }
    Ok(())
}

/// `generateResourcePolicyRules`: one rule per API group (groups sorted),
/// its resources in the order given, then the non-resource URLs' rule.
fn policy_rules(verbs: &[String], resources: &[ResourceArg], names: &[String], urls: &[String]) -> Vec<Value> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for r in resources {
        let (group, mut resource) = resource_for(&r.resource, &r.group).unwrap_or_else(|| (r.group.clone(), r.resource.clone()));
        if !r.sub.is_empty() {
            resource = format!("{resource}/{}", r.sub);
        }
        match groups.iter_mut().find(|(g, _)| *g == group) {
            Some((_, list)) => push_unique(list, &resource),
            None => groups.push((group, vec![resource])),
        }
    }
    kubeplay_model::sort::sort_by(&mut groups, |a, b| a.0.cmp(&b.0));
    let mut rules: Vec<Value> = groups
        .into_iter()
        .map(|(g, list)| {
            let mut rule = Map::new();
            rule.insert("verbs".into(), json!(verbs));
            rule.insert("apiGroups".into(), json!([g]));
            rule.insert("resources".into(), json!(list));
            if !names.is_empty() {
                rule.insert("resourceNames".into(), json!(names));
            }
            Value::Object(rule)
        })
        .collect();
    if !urls.is_empty() {
        rules.push(json!({"verbs": verbs, "nonResourceURLs": urls}));
    }
    rules
}

/// `create role` (`cluster` false) or `create clusterrole`: the object, or
/// kubectl's error line. Warnings about unusual verbs go to `warnings`
/// even when an error follows, as kubectl prints them first.
pub fn role(name: &str, ns: Option<&str>, cluster: bool, f: &RoleFlags, warnings: &mut Vec<String>) -> Result<Value, String> {
    let verbs = complete_verbs(f.verbs);
    let resources = complete_resources(f.resources);
    let mut names = Vec::new();
    for n in f.resource_names {
        push_unique(&mut names, n);
    }
    let mut urls = Vec::new();
    for u in f.non_resource_urls {
        push_unique(&mut urls, u);
    }
    if name.is_empty() {
        return Err("error: name must be specified".into());
    }
    let kind = if cluster { "ClusterRole" } else { "Role" };
    let mut m = object(kind, API_VERSION, metadata(name, if cluster { None } else { ns }, &[]));
    if cluster && !f.aggregation.is_empty() {
        if !urls.is_empty() || !verbs.is_empty() || !resources.is_empty() || !names.is_empty() {
            return Err("error: aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames".into());
        }
        m.insert("rules".into(), Value::Null);
        m.insert("aggregationRule".into(), json!({"clusterRoleSelectors": [{"matchLabels": labels_value(f.aggregation)}]}));
        return Ok(Value::Object(m));
    }
    if verbs.is_empty() {
        return Err("error: at least one verb must be specified".into());
    }
    let warn = |warnings: &mut Vec<String>| {
        for v in verbs.iter().filter(|v| !RESOURCE_VERBS.contains(&v.as_str())) {
            warnings.push(format!("Warning: '{v}' is not a standard resource verb"));
        }
    };
    if !cluster {
        warn(warnings);
        if resources.is_empty() {
            return Err("error: at least one resource must be specified".into());
        }
        validate_resources(&resources, &verbs)?;
    } else {
        if resources.is_empty() && urls.is_empty() {
            return Err("error: one of resource or nonResourceURL must be specified".into());
        }
        if !resources.is_empty() {
            warn(warnings);
            validate_resources(&resources, &verbs)?;
        }
        if !urls.is_empty() {
            validate_non_resource(&verbs, &urls)?;
        }
    }
    m.insert("rules".into(), json!(policy_rules(&verbs, &resources, &names, &urls)));
    Ok(Value::Object(m))
}

/// create_clusterrole.go's checks of `--non-resource-url`: the verbs an
/// HTTP path takes, and paths from the root with `*` only at the end.
fn validate_non_resource(verbs: &[String], urls: &[String]) -> Result<(), String> {
    if let Some(v) = verbs.iter().find(|v| !NON_RESOURCE_VERBS.contains(&v.as_str())) {
        return Err(format!("error: invalid verb: '{v}' for nonResourceURL"));
    }
    for u in urls.iter().filter(|u| *u != "*") {
        if !u.starts_with('/') {
            return Err("error: nonResourceURL should start with /".into());
        }
        if u.as_bytes()[..u.len() - 1].contains(&b'*') {
            return Err("error: nonResourceURL only supports wildcard matches when '*' is at the end".into());
        }
    }
    Ok(())
}

/// The flags of `create rolebinding` and `create clusterrolebinding`.
#[derive(Clone, Copy, Default)]
pub struct BindingFlags<'a> {
    pub role: &'a str,
    pub cluster_role: &'a str,
    pub users: &'a [String],
    pub groups: &'a [String],
    pub service_accounts: &'a [String],
}

/// `create rolebinding` (`cluster` false, bound to `--role` or
/// `--clusterrole`) or `create clusterrolebinding`: users, then groups,
/// then service accounts, each in the order given.
pub fn binding(name: &str, ns: Option<&str>, cluster: bool, f: &BindingFlags) -> Result<Value, String> {
    if !cluster {
        if name.is_empty() {
            return Err("error: name must be specified".into());
        }
        if f.cluster_role.is_empty() == f.role.is_empty() {
            return Err("error: exactly one of clusterrole or role must be specified".into());
        }
    }
    let mut subjects = Vec::new();
    for (kind, names) in [("User", f.users), ("Group", f.groups)] {
        subjects.extend(names.iter().map(|n| json!({"kind": kind, "apiGroup": RBAC_GROUP, "name": n})));
    }
    for sa in f.service_accounts {
        match sa.split(':').collect::<Vec<_>>().as_slice() {
            [namespace, n] if !namespace.is_empty() && !n.is_empty() => subjects.push(json!({"kind": "ServiceAccount", "name": n, "namespace": namespace})),
            _ => return Err("error: serviceaccount must be <namespace>:<name>".into()),
        }
    }
    let (kind, role_kind, role_name) = match (cluster, f.role.is_empty()) {
        (true, _) => ("ClusterRoleBinding", "ClusterRole", f.cluster_role),
        (false, false) => ("RoleBinding", "Role", f.role),
        (false, true) => ("RoleBinding", "ClusterRole", f.cluster_role),
    };
    let mut m = object(kind, API_VERSION, metadata(name, if cluster { None } else { ns }, &[]));
    if !subjects.is_empty() {
        m.insert("subjects".into(), Value::Array(subjects));
    }
    m.insert("roleRef".into(), json!({"apiGroup": RBAC_GROUP, "kind": role_kind, "name": role_name}));
    Ok(Value::Object(m))
}

#[cfg(test)]
#[path = "rbac_upstream_tests.rs"]
mod upstream_tests;
