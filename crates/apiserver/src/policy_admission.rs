//! The ValidatingAdmissionPolicy admission plugin
//! (`staging/.../admission/plugin/policy/validating`): each binding whose
//! policy exists and whose policy's `matchConstraints` and own
//! `matchResources` match a write has the policy's validations run, with
//! `object`, `oldObject`, `request`, `params` (always null here: the
//! playground resolves no `paramRef`), `namespaceObject` and `variables`
//! bound; a failed validation is acted on as the binding's
//! `validationActions` say (Deny refuses, Warn warns, Audit records
//! nothing a client sees).
//!
//! Expressions see every object untyped (`dyn`): upstream types built-in
//! kinds by their OpenAPI schema, so an expression that type checking
//! would refuse there is only refused here when it runs.
//!
//! Also the registry's checks of the two kinds on create and update,
//! compilation of their expressions included.

use crate::authz::UserInfo;
use crate::error::{ApiError, DenyReason, Result};
use crate::store::Store;
use kubeplay_cel::{Program, Type, Value};
use kubeplay_model::api::{
    MatchResources, NamedRule, PolicySpec, ValidatingAdmissionPolicy,
    ValidatingAdmissionPolicyBinding,
};
use kubeplay_model::validation::go_quote;
use kubeplay_model::{Kind, Object};
use serde_json::Value as Json;

const GROUP: &str = "admissionregistration.k8s.io";

/// The variables every expression may name.
const VARS: &[&str] = &[
    "object",
    "oldObject",
    "request",
    "params",
    "namespaceObject",
    "variables",
    "authorizer",
];

fn compile(src: &str) -> std::result::Result<Program, String> {
    let vars: Vec<(&str, Type)> = VARS.iter().map(|v| (*v, Type::Dyn)).collect();
    kubeplay_cel::compile(src, &vars).map_err(|e| format!("compilation failed: {e}"))
}

/// The registry's validation of a policy or binding (`ValidateValidatingAdmissionPolicy…`):
/// field errors as upstream words them, expressions compiled.
pub fn validate(obj: &Object) -> Result<()> {
    let (kind, causes) = match obj {
        Object::ValidatingAdmissionPolicy(p) => {
            (Kind::ValidatingAdmissionPolicy, policy_errors(&p.spec))
        }
        Object::ValidatingAdmissionPolicyBinding(b) => {
            (Kind::ValidatingAdmissionPolicyBinding, binding_errors(b))
        }
        _ => return Ok(()),
    };
    if causes.is_empty() {
        Ok(())
    } else {
        Err(ApiError::invalid(kind, obj.name(), causes))
    }
}

fn supported(field: &str, value: &str, allowed: &[&str]) -> String {
    let list: Vec<String> = allowed.iter().map(|a| go_quote(a)).collect();
    format!(
        "{field}: Unsupported value: {}: supported values: {}",
        go_quote(value),
        list.join(", ")
    )
}

fn expression_errors(field: &str, src: &str, out: &mut Vec<String>) {
    if src.trim().is_empty() {
        out.push(format!("{field}: Required value"));
    } else if let Err(e) = compile(src) {
        out.push(format!("{field}: Invalid value: {}: {e}", go_quote(src)));
    }
}

fn policy_errors(spec: &PolicySpec) -> Vec<String> {
    let mut out = Vec::new();
    match &spec.match_constraints {
        None => out.push("spec.matchConstraints: Required value".into()),
        Some(m) if m.resource_rules.is_empty() => {
            out.push("spec.matchConstraints.resourceRules: Required value".into())
        }
        Some(_) => {}
    }
    if let Some(fp) = spec
        .failure_policy
        .as_deref()
        .filter(|f| !["Fail", "Ignore"].contains(f))
    {
        out.push(supported("spec.failurePolicy", fp, &["Fail", "Ignore"]));
    }
    let no_audit = spec
        .audit_annotations
        .as_ref()
        .and_then(Json::as_array)
        .is_none_or(|a| a.is_empty());
    if spec.validations.is_empty() && no_audit {
        out.push("spec.validations: Required value: validations or auditAnnotations must contain at least one item".into());
    }
    for (i, v) in spec.validations.iter().enumerate() {
        expression_errors(
            &format!("spec.validations[{i}].expression"),
            &v.expression,
            &mut out,
        );
        if let Some(m) = v.message_expression.as_deref().filter(|m| !m.is_empty()) {
            expression_errors(
                &format!("spec.validations[{i}].messageExpression"),
                m,
                &mut out,
            );
        }
        if let Some(r) = v
            .reason
            .as_deref()
            .filter(|r| DenyReason::parse(r).is_none())
        {
            out.push(supported(
                &format!("spec.validations[{i}].reason"),
                r,
                &[
                    "Unauthorized",
                    "Forbidden",
                    "Invalid",
                    "RequestEntityTooLarge",
                ],
            ));
        }
    }
    for (field, list) in [
        ("matchConditions", &spec.match_conditions),
        ("variables", &spec.variables),
    ] {
        for (i, item) in list
            .as_ref()
            .and_then(Json::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let src = item
                .get("expression")
                .and_then(Json::as_str)
                .unwrap_or_default();
            expression_errors(&format!("spec.{field}[{i}].expression"), src, &mut out);
        }
    }
    out
}

const ACTIONS: &[&str] = &["Audit", "Deny", "Warn"];

fn binding_errors(b: &ValidatingAdmissionPolicyBinding) -> Vec<String> {
    let mut out = Vec::new();
    if b.spec.policy_name.is_empty() {
        out.push("spec.policyName: Required value".into());
    }
    if b.spec.validation_actions.is_empty() {
        out.push(
            "spec.validationActions: Required value: at least one validation action is required"
                .into(),
        );
    }
    for (i, a) in b.spec.validation_actions.iter().enumerate() {
        if !ACTIONS.contains(&a.as_str()) {
            out.push(supported(
                &format!("spec.validationActions[{i}]"),
                a,
                ACTIONS,
            ));
        } else if b.spec.validation_actions[..i].contains(a) {
            out.push(format!(
                "spec.validationActions[{i}]: Duplicate value: {}",
                go_quote(a)
            ));
        }
    }
    out
}

/// The write the plugin judges.
pub struct Request<'a> {
    pub operation: &'static str,
    pub object: Option<&'a Object>,
    pub old: Option<&'a Object>,
    pub user: &'a UserInfo,
}

impl Request<'_> {
    fn subject(&self) -> Option<&Object> {
        self.object.or(self.old)
    }
}

/// Runs every bound policy on `req`: its warnings go to the store, the
/// first denial (policies and bindings by name) is the error.
pub fn admit(store: &mut Store, req: &Request) -> Result<()> {
    let Some(subject) = req.subject() else {
        return Ok(());
    };
    // Upstream exempts its own configuration kinds, so a policy cannot lock
    // itself in.
    if subject.kind().info().group == GROUP
        || store
            .list(Kind::ValidatingAdmissionPolicyBinding, None)
            .next()
            .is_none()
    {
        return Ok(());
    }
    let mut warnings = Vec::new();
    let mut denied = None;
    let bindings: Vec<_> = store
        .list(Kind::ValidatingAdmissionPolicyBinding, None)
        .cloned()
        .collect();
    for b in &bindings {
        let Object::ValidatingAdmissionPolicyBinding(b) = &**b else {
            continue;
        };
        let Some(Object::ValidatingAdmissionPolicy(p)) = store
            .get_by(Kind::ValidatingAdmissionPolicy, "", &b.spec.policy_name)
            .map(|o| &**o)
        else {
            continue;
        };
        let policy_matches = p
            .spec
            .match_constraints
            .as_ref()
            .is_some_and(|m| matches(store, m, req, false));
        if !policy_matches
            || !b
                .spec
                .match_resources
                .as_ref()
                .is_none_or(|m| matches(store, m, req, true))
        {
            continue;
        }
        let Some(failure) = evaluate(store, p, req) else {
            continue;
        };
        let actions = &b.spec.validation_actions;
        if actions.iter().any(|a| a == "Warn") {
            warnings.push(format!(
                "Validation failed for ValidatingAdmissionPolicy '{}' with binding '{}': {}",
                p.metadata.name, b.metadata.name, failure.message
            ));
        }
        if denied.is_none() && actions.iter().any(|a| a == "Deny") {
            denied = Some(deny(subject, &p.metadata.name, &b.metadata.name, failure));
        }
    }
    store.warn(warnings);
    denied.map_or(Ok(()), Err)
}

/// What a failed validation (or an expression's error under
/// `failurePolicy: Fail`) says.
#[derive(Debug, PartialEq)]
pub struct Failure {
    pub message: String,
    pub reason: DenyReason,
}

fn deny(subject: &Object, policy: &str, binding: &str, f: Failure) -> ApiError {
    ApiError::PolicyDenied {
        kind: subject.kind(),
        name: subject.name().to_string(),
        message: format!(
            "ValidatingAdmissionPolicy '{policy}' with binding '{binding}' denied request: {}",
            f.message
        ),
        reason: f.reason,
    }
}

/// `matchConstraints` (or a binding's `matchResources`) against the
/// request: selectors, then exclusions, then rules, which a binding may
/// leave empty to take all its policy matches.
pub fn matches(store: &Store, m: &MatchResources, req: &Request, empty_rules_match: bool) -> bool {
    let Some(subject) = req.subject() else {
        return false;
    };
    let kind = subject.kind();
    let ns_ok = match &m.namespace_selector {
        None => true,
        Some(sel) if kind == Kind::Namespace => sel.matches(&subject.meta().labels),
        Some(_) if !kind.namespaced() => true,
        Some(sel) => match store.get_by(Kind::Namespace, "", subject.namespace()) {
            Some(ns) => sel.matches(&ns.meta().labels),
            None => false,
        },
    };
    let obj_ok = match &m.object_selector {
        None => true,
        Some(sel) => [req.object, req.old]
            .into_iter()
            .flatten()
            .any(|o| sel.matches(&o.meta().labels)),
    };
    if !ns_ok
        || !obj_ok
        || m.exclude_resource_rules
            .iter()
            .any(|r| rule_matches(r, req))
    {
        return false;
    }
    if m.resource_rules.is_empty() {
        return empty_rules_match;
    }
    m.resource_rules.iter().any(|r| rule_matches(r, req))
}

/// A rule against the request's operation and resource (`*` for any).
pub fn rule_matches(r: &NamedRule, req: &Request) -> bool {
    let Some(subject) = req.subject() else {
        return false;
    };
    let info = subject.kind().info();
    let has = |list: &[String], v: &str| list.iter().any(|x| x == "*" || x == v);
    let scope_ok = match r.scope.as_deref() {
        Some("Cluster") => !info.namespaced,
        Some("Namespaced") => info.namespaced,
        _ => true,
    };
    let name_ok =
        r.resource_names.is_empty() || r.resource_names.iter().any(|n| n == subject.name());
    has(&r.operations, req.operation)
        && has(&r.api_groups, info.group)
        && has(&r.api_versions, info.version)
        && (has(&r.resources, info.plural) || r.resources.iter().any(|x| x == "*/*"))
        && scope_ok
        && name_ok
}

/// JSON as CEL sees it, untyped.
pub fn to_cel(v: &Json) -> Value {
    match v {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Value::Int(i),
            None => n
                .as_u64()
                .map(Value::Uint)
                .unwrap_or_else(|| Value::Double(n.as_f64().unwrap_or_default())),
        },
        Json::String(s) => Value::string(s.as_str()),
        Json::Array(items) => Value::list(items.iter().map(to_cel).collect()),
        Json::Object(map) => Value::map(
            map.iter()
                .map(|(k, x)| (Value::string(k.as_str()), to_cel(x)))
                .collect(),
        ),
    }
}

fn request_value(req: &Request) -> Value {
    let Some(subject) = req.subject() else {
        return Value::Null;
    };
    let info = subject.kind().info();
    let gvk = serde_json::json!({"group": info.group, "version": info.version, "kind": info.kind});
    let gvr =
        serde_json::json!({"group": info.group, "version": info.version, "resource": info.plural});
    let mut r = serde_json::json!({
        "uid": "",
        "kind": gvk,
        "resource": gvr,
        "requestKind": gvk,
        "requestResource": gvr,
        "name": subject.name(),
        "operation": req.operation,
        "userInfo": {"username": req.user.name, "groups": req.user.groups},
        "dryRun": false,
    });
    if !subject.namespace().is_empty() {
        r["namespace"] = subject.namespace().into();
    }
    to_cel(&r)
}

/// Runs `p`'s match conditions and validations; the first failure, or
/// none when every validation holds or a condition skips the policy.
pub fn evaluate(store: &Store, p: &ValidatingAdmissionPolicy, req: &Request) -> Option<Failure> {
    let fail_closed = p.spec.failure_policy.as_deref() != Some("Ignore");
    let error = |expr: &str, e: String| {
        fail_closed.then(|| Failure {
            message: format!("expression '{expr}' resulted in error: {e}"),
            reason: DenyReason::Invalid,
        })
    };
    let object = |o: Option<&Object>| o.map(|o| to_cel(&o.to_json())).unwrap_or(Value::Null);
    let namespace = req
        .subject()
        .filter(|s| !s.namespace().is_empty())
        .and_then(|s| store.get_by(Kind::Namespace, "", s.namespace()))
        .map(|ns| to_cel(&ns.to_json()))
        .unwrap_or(Value::Null);
    let mut vars = vec![
        ("object", object(req.object)),
        ("oldObject", object(req.old)),
        ("request", request_value(req)),
        ("params", Value::Null),
        ("namespaceObject", namespace),
        ("authorizer", Value::Null),
        ("variables", Value::map(Vec::new())),
    ];
    let run = |src: &str, vars: &[(&str, Value)]| {
        compile(src).and_then(|p| p.eval(vars).map_err(|e| e.to_string()))
    };
    // Variables in order, each seeing those before it.
    let mut defined: Vec<(Value, Value)> = Vec::new();
    for v in p
        .spec
        .variables
        .as_ref()
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
    {
        let name = v.get("name").and_then(Json::as_str).unwrap_or_default();
        let src = v
            .get("expression")
            .and_then(Json::as_str)
            .unwrap_or_default();
        match run(src, &vars) {
            Ok(val) => defined.push((Value::string(name), val)),
            Err(e) => return error(src, e),
        }
        if let Some(slot) = vars.last_mut() {
            slot.1 = Value::map(defined.clone());
        }
    }
    for c in p
        .spec
        .match_conditions
        .as_ref()
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
    {
        let src = c
            .get("expression")
            .and_then(Json::as_str)
            .unwrap_or_default();
        match run(src, &vars) {
            Ok(Value::Bool(true)) => {}
            Ok(_) => return None,
            Err(e) => return error(src, e),
        }
    }
    for v in &p.spec.validations {
        match run(&v.expression, &vars) {
            Ok(Value::Bool(true)) => continue,
            Ok(_) => {}
            Err(e) => return error(&v.expression, e),
        }
        let from_expression = v
            .message_expression
            .as_deref()
            .filter(|m| !m.is_empty())
            .and_then(|m| match run(m, &vars) {
                Ok(Value::String(s)) => Some(s.trim().to_string()),
                _ => None,
            })
            .filter(|m| !m.is_empty() && !m.contains('\n'));
        let message = from_expression
            .or_else(|| {
                v.message
                    .as_deref()
                    .map(str::trim)
                    .filter(|m| !m.is_empty())
                    .map(str::to_string)
            })
            .unwrap_or_else(|| format!("failed expression: {}", v.expression.trim()));
        let reason = v
            .reason
            .as_deref()
            .and_then(DenyReason::parse)
            .unwrap_or(DenyReason::Invalid);
        return Some(Failure { message, reason });
    }
    None
}

#[cfg(test)]
#[path = "policy_admission_tests.rs"]
mod tests;
