//! `kubectl auth reconcile -f FILE`: each Role, ClusterRole, RoleBinding
//! and ClusterRoleBinding of the files merged into the live one as RBAC's
//! reconciliation does it (component-helpers' `reconciliation` package):
//! rules and subjects are added (or, with `--remove-extra-…`, replaced),
//! labels and annotations merged with the live ones winning, a binding
//! whose roleRef changed deleted and created again, and an object
//! annotated `rbac.authorization.kubernetes.io/autoupdate: "false"` left
//! alone.

use crate::describe::rbac::breakdown;
use super::write::{api_error, namespace, Printer};
use super::{read_manifests, Io, Output};
use crate::cli::{AuthReconcile, DryRun, Invocation};
use kubeplay_apiserver::{ApiError, DeleteOptions};
use kubeplay_engine::client;
use kubeplay_engine::Engine;
use kubeplay_model::api::{AggregationRule, PolicyRule, RoleRef, Subject};
use kubeplay_model::{Kind, Object, ObjectKey};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    None,
    Create,
    Update,
    Recreate,
}

/// What reconciling one object found, and the object to write.
#[derive(Clone, Debug, PartialEq)]
pub struct Reconciled {
    pub object: Object,
    pub operation: Operation,
    pub protected: bool,
    pub missing_rules: Vec<PolicyRule>,
    pub extra_rules: Vec<PolicyRule>,
    pub missing_subjects: Vec<Subject>,
    pub extra_subjects: Vec<Subject>,
}

impl Reconciled {
    fn new(object: Object, operation: Operation) -> Reconciled {
        Reconciled {
            object,
            operation,
            protected: false,
            missing_rules: Vec::new(),
            extra_rules: Vec::new(),
            missing_subjects: Vec::new(),
            extra_subjects: Vec::new(),
        }
    }
}

const AUTO_UPDATE: &str = "rbac.authorization.kubernetes.io/autoupdate";

fn rules(o: &Object) -> &[PolicyRule] {
    match o {
        Object::Role(r) => r.rules.as_deref().unwrap_or_default(),
        Object::ClusterRole(r) => r.rules.as_deref().unwrap_or_default(),
        _ => &[],
    }
}

fn set_rules(o: &mut Object, rules: Option<Vec<PolicyRule>>) {
    match o {
        Object::Role(r) => r.rules = rules,
        Object::ClusterRole(r) => r.rules = rules,
        _ => {}
    }
}

fn aggregation(o: &Object) -> Option<&AggregationRule> {
    match o {
        Object::ClusterRole(r) => r.aggregation_rule.as_ref(),
        _ => None,
    }
}

fn set_aggregation(o: &mut Object, rule: Option<AggregationRule>) {
    if let Object::ClusterRole(r) = o {
        r.aggregation_rule = rule;
    }
}

fn binding(o: &Object) -> Option<(&RoleRef, &[Subject])> {
    match o {
        Object::RoleBinding(b) => Some((&b.role_ref, &b.subjects)),
        Object::ClusterRoleBinding(b) => Some((&b.role_ref, &b.subjects)),
        _ => None,
    }
}

fn set_subjects(o: &mut Object, subjects: Vec<Subject>) {
    match o {
        Object::RoleBinding(b) => b.subjects = subjects,
        Object::ClusterRoleBinding(b) => b.subjects = subjects,
        _ => {}
    }
}

fn has(set: &[String], s: &str) -> bool {
    set.iter().any(|x| x == s)
}

fn has_all(set: &[String], wanted: &[String]) -> bool {
    wanted.iter().all(|w| has(set, w))
}

/// `resourceCoversAll`: `*`, the resources themselves, or `*/sub` for a
/// subresource.
fn resources_cover(set: &[String], wanted: &[String]) -> bool {
    has(set, "*")
        || wanted.iter().all(|path| {
            has(set, path)
                || match path.split_once('/') {
                    Some((_, sub)) => has(set, &format!("*/{sub}")),
                    None => false,
                }
        })
}

fn url_covers(owner: &str, path: &str) -> bool {
    owner == path || (owner.ends_with('*') && path.starts_with(owner.trim_end_matches('*')))
}

/// `ruleCovers`: `owner` allows everything the broken-down `sub` does.
fn rule_covers(owner: &PolicyRule, sub: &PolicyRule) -> bool {
    let verbs = has(&owner.verbs, "*") || has_all(&owner.verbs, &sub.verbs);
    let groups = has(&owner.api_groups, "*") || has_all(&owner.api_groups, &sub.api_groups);
    let urls = sub
        .non_resource_urls
        .iter()
        .all(|p| owner.non_resource_urls.iter().any(|o| url_covers(o, p)));
    let names = owner.resource_names.is_empty()
        || (!sub.resource_names.is_empty() && has_all(&owner.resource_names, &sub.resource_names));
    verbs && groups && resources_cover(&owner.resources, &sub.resources) && names && urls
}

/// `validation.Covers`: the pieces of `servant` no rule of `owner` covers.
pub fn uncovered(owner: &[PolicyRule], servant: &[PolicyRule]) -> Vec<PolicyRule> {
    servant
        .iter()
        .flat_map(breakdown)
        .filter(|sub| !owner.iter().any(|o| rule_covers(o, sub)))
        .collect()
}

/// `merge`: the expected entries, the live ones taking precedence.
fn merged(
    expected: &BTreeMap<String, String>,
    live: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut m = expected.clone();
    m.extend(live.iter().map(|(k, v)| (k.clone(), v.clone())));
    m
}

/// The live object with the expected labels and annotations merged in,
/// and whether that changed it; whether it opted out of reconciliation.
fn merge_meta(live: &Object, expected: &Object) -> (Object, bool, bool) {
    let protected = live
        .meta()
        .annotations
        .get(AUTO_UPDATE)
        .is_some_and(|v| v == "false");
    let mut out = live.clone();
    let annotations = merged(&expected.meta().annotations, &live.meta().annotations);
    let labels = merged(&expected.meta().labels, &live.meta().labels);
    let changed = annotations != *live.meta().annotations || labels != *live.meta().labels;
    *out.meta_mut().annotations = annotations;
    *out.meta_mut().labels = labels;
    (out, changed, protected)
}

/// `aggregationRuleCovers`: the selectors of `servant` that `owner` lacks.
fn selectors_uncovered(
    owner: Option<&AggregationRule>,
    servant: Option<&AggregationRule>,
) -> Vec<kubeplay_model::LabelSelector> {
    match (owner, servant) {
        (_, None) => Vec::new(),
        (None, Some(s)) => s.cluster_role_selectors.clone(),
        (Some(o), Some(s)) => s
            .cluster_role_selectors
            .iter()
            .filter(|x| !o.cluster_role_selectors.contains(x))
            .cloned()
            .collect(),
    }
}

/// `computeReconciledRole`.
pub fn reconcile_role(live: &Object, expected: &Object, remove_extra: bool) -> Reconciled {
    let (mut object, meta_changed, protected) = merge_meta(live, expected);
    let mut r = Reconciled::new(
        live.clone(),
        if meta_changed {
            Operation::Update
        } else {
            Operation::None
        },
    );
    r.protected = protected;
    // Two aggregated roles' rules are the aggregation controller's.
    if aggregation(expected).is_none() || aggregation(live).is_none() {
        r.extra_rules = uncovered(rules(expected), rules(live));
    }
    r.missing_rules = uncovered(rules(live), rules(expected));
    if !remove_extra && !r.missing_rules.is_empty() {
        let mut all = rules(&object).to_vec();
        all.extend(r.missing_rules.iter().cloned());
        set_rules(&mut object, Some(all));
        r.operation = Operation::Update;
    } else if remove_extra && (!r.missing_rules.is_empty() || !r.extra_rules.is_empty()) {
        set_rules(&mut object, Some(rules(expected).to_vec()));
        r.operation = Operation::Update;
    }
    let extra_selectors = selectors_uncovered(aggregation(expected), aggregation(live));
    let missing_selectors = selectors_uncovered(aggregation(live), aggregation(expected));
    if aggregation(expected).is_none() && aggregation(live).is_some() {
        set_aggregation(&mut object, None);
        r.operation = Operation::Update;
    } else if !remove_extra && !missing_selectors.is_empty() {
        let mut rule = aggregation(&object).cloned().unwrap_or_default();
        rule.cluster_role_selectors.extend(missing_selectors);
        set_aggregation(&mut object, Some(rule));
        r.operation = Operation::Update;
    } else if remove_extra && (!missing_selectors.is_empty() || !extra_selectors.is_empty()) {
        set_aggregation(&mut object, aggregation(expected).cloned());
        r.operation = Operation::Update;
    }
    r.object = object;
    r
}

/// `diffSubjectLists`: the subjects only in `a`, and only in `b`, each once.
pub fn diff_subjects(a: &[Subject], b: &[Subject]) -> (Vec<Subject>, Vec<Subject>) {
    let only = |x: &[Subject], y: &[Subject]| {
        let mut out: Vec<Subject> = Vec::new();
        for s in x {
            if !y.contains(s) && !out.contains(s) {
                out.push(s.clone());
            }
        }
        out
    };
    (only(a, b), only(b, a))
}

/// `computeReconciledRoleBinding`.
pub fn reconcile_binding(live: &Object, expected: &Object, remove_extra: bool) -> Reconciled {
    let (Some((live_ref, live_subjects)), Some((want_ref, want_subjects))) =
        (binding(live), binding(expected))
    else {
        return Reconciled::new(live.clone(), Operation::None);
    };
    let protected = live
        .meta()
        .annotations
        .get(AUTO_UPDATE)
        .is_some_and(|v| v == "false");
    if live_ref != want_ref {
        let mut r = Reconciled::new(expected.clone(), Operation::Recreate);
        r.protected = protected;
        return r;
    }
    let (mut object, meta_changed, _) = merge_meta(live, expected);
    let mut r = Reconciled::new(
        live.clone(),
        if meta_changed {
            Operation::Update
        } else {
            Operation::None
        },
    );
    r.protected = protected;
    (r.missing_subjects, r.extra_subjects) = diff_subjects(want_subjects, live_subjects);
    if !remove_extra && !r.missing_subjects.is_empty() {
        let mut all = live_subjects.to_vec();
        all.extend(r.missing_subjects.iter().cloned());
        set_subjects(&mut object, all);
        r.operation = Operation::Update;
    } else if remove_extra && (!r.missing_subjects.is_empty() || !r.extra_subjects.is_empty()) {
        set_subjects(&mut object, want_subjects.to_vec());
        r.operation = Operation::Update;
    }
    r.object = object;
    r
}

fn go_list(v: &[String]) -> String {
    format!("[{}]", v.join(" "))
}

/// A rule as Go's `%+v` prints an rbacv1.PolicyRule.
fn rule_text(r: &PolicyRule) -> String {
    format!(
        "{{Verbs:{} APIGroups:{} Resources:{} ResourceNames:{} NonResourceURLs:{}}}",
        go_list(&r.verbs),
        go_list(&r.api_groups),
        go_list(&r.resources),
        go_list(&r.resource_names),
        go_list(&r.non_resource_urls)
    )
}

/// A subject as Go's `%+v` prints an rbacv1.Subject.
fn subject_text(s: &Subject) -> String {
    format!(
        "{{Kind:{} APIGroup:{} Name:{} Namespace:{}}}",
        s.kind, s.api_group, s.name, s.namespace
    )
}

/// `printResults`: the object, then what reconciling it took, on stderr.
fn print_result(r: &Reconciled, a: &AuthReconcile, printer: &mut Printer, out: &mut Output) {
    printer.object(out, &r.object, "reconciled");
    let caveat = if r.protected {
        ", but object opted out (rbac.authorization.kubernetes.io/autoupdate: false)"
    } else {
        ""
    };
    let op = match r.operation {
        Operation::None => return,
        Operation::Create => "create",
        Operation::Update => "update",
        Operation::Recreate => "recreate",
    };
    let mut lines = vec![format!("\treconciliation required {op}{caveat}")];
    let mut section = |title: &str, items: Vec<String>| {
        if !items.is_empty() {
            lines.push(format!("\t{title}:"));
            lines.extend(items.into_iter().map(|i| format!("\t\t{i}")));
        }
    };
    section(
        "missing subjects added",
        r.missing_subjects.iter().map(subject_text).collect(),
    );
    if a.remove_extra_subjects {
        section(
            "extra subjects removed",
            r.extra_subjects.iter().map(subject_text).collect(),
        );
    }
    section(
        "missing rules added",
        r.missing_rules.iter().map(rule_text).collect(),
    );
    if a.remove_extra_permissions {
        section(
            "extra rules removed",
            r.extra_rules.iter().map(rule_text).collect(),
        );
    }
    out.note(&lines.join("\n"));
}

/// `tryEnsureNamespace`: a Role's or RoleBinding's namespace is created
/// when it is missing.
fn ensure_namespace(engine: &mut Engine, ns: &str) -> Result<(), ApiError> {
    if ns.is_empty() || engine.store().get_by(Kind::Namespace, "", ns).is_some() {
        return Ok(());
    }
    let obj = kubeplay_codec::object_from_json(
        &serde_json::json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}}),
    )
    .map_err(|message| ApiError::BadRequest { message })?;
    // A refusal here is left to the create of the object itself.
    match client::create(engine, obj) {
        Ok(_) | Err(ApiError::AlreadyExists { .. } | ApiError::Forbidden { .. }) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Writes what reconciling asked for.
fn write(
    engine: &mut Engine,
    r: &Reconciled,
    live: Option<&ObjectKey>,
) -> Result<Object, ApiError> {
    let mut obj = r.object.clone();
    match r.operation {
        Operation::None => Ok(obj),
        Operation::Create | Operation::Recreate => {
            if let (Operation::Recreate, Some(key)) = (r.operation, live) {
                match client::delete(engine, key, DeleteOptions::default()) {
                    Ok(_) | Err(ApiError::NotFound { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
            if obj.kind().namespaced() {
                let ns = obj.namespace().to_owned();
                ensure_namespace(engine, &ns)?;
            }
            obj.meta_mut().resource_version = Default::default();
            client::create(engine, obj).map(|o| (*o).clone())
        }
        Operation::Update => client::replace(engine, obj).map(|o| (*o).clone()),
    }
}

pub fn run(a: &AuthReconcile, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let (manifests, errors) = read_manifests(&a.files, io);
    if let Some(e) = errors.into_iter().next() {
        return out.error(&e);
    }
    let dry = a.write.dry_run == DryRun::Client;
    let mut printer = Printer::new(&a.write);
    for m in manifests {
        let mut expected = m.decoded.object;
        if !matches!(
            expected.kind(),
            Kind::Role | Kind::ClusterRole | Kind::RoleBinding | Kind::ClusterRoleBinding
        ) {
            continue;
        }
        if expected.kind().namespaced() && expected.namespace().is_empty() {
            expected.meta_mut().namespace = namespace(inv).into();
        }
        let key = expected.key();
        if let Err(e) = engine.authorize("get", key.kind, &key.namespace, &key.name, "") {
            return out.error(&api_error(&e));
        }
        let live = engine.store().get(&key).cloned();
        let mut r = match &live {
            None => {
                let mut r = Reconciled::new(expected.clone(), Operation::Create);
                r.missing_rules = rules(&expected).to_vec();
                r.missing_subjects = binding(&expected)
                    .map(|(_, s)| s.to_vec())
                    .unwrap_or_default();
                r
            }
            Some(live) if binding(live).is_some() => {
                reconcile_binding(live, &expected, a.remove_extra_subjects)
            }
            Some(live) => reconcile_role(live, &expected, a.remove_extra_permissions),
        };
        if !dry && !r.protected {
            match write(engine, &r, live.as_ref().map(|_| &key)) {
                Ok(written) => r.object = written,
                Err(e) => return out.error(&api_error(&e)),
            }
        }
        print_result(&r, a, &mut printer, out);
    }
}

#[cfg(test)]
#[path = "auth_reconcile_upstream_tests.rs"]
mod upstream_tests;
