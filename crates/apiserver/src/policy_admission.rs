//! The ValidatingAdmissionPolicy admission plugin
//! (`staging/.../admission/plugin/policy/validating`, v1.32): each policy
//! with bindings whose `matchConstraints` match a write is run once per
//! matching binding and per parameter the binding selects
//! (`policy_params`), with `object`, `oldObject` (`object` null on
//! DELETE), `request`, `params`, `namespaceObject` and `variables` bound;
//! each failed validation is acted on as the binding's `validationActions`
//! say (Deny refuses, Warn warns, Audit records nothing a client sees). A
//! policy or binding that cannot be configured (its paramKind not served,
//! its params missing under `parameterNotFoundAction: Deny`) refuses the
//! write unless the policy's `failurePolicy` is Ignore. Audit annotations
//! are evaluated for their errors only: the playground keeps no audit log.
//!
//! Expressions see every object untyped (`dyn`): upstream types built-in
//! kinds by their OpenAPI schema, so an expression that type checking
//! would refuse there is only refused here when it runs. `authorizer`
//! asks the store's RBAC (a decision's reason stays empty on an allow,
//! where upstream names the binding that allowed it).
//!
//! The registry's checks of the two kinds are in `policy_checks`.

use crate::authz::UserInfo;
use crate::error::{ApiError, DenyReason, Result};
use crate::policy_checks::{compile, Place};
use crate::policy_params::{self, ParamKind, ParamRef};
use crate::store::Store;
use kubeplay_cel::{AuthzDecision, AuthzQuery, Value};
use kubeplay_model::api::{MatchResources, NamedRule, ValidatingAdmissionPolicy};
use kubeplay_model::{Kind, Object};
use serde_json::Value as Json;

const GROUP: &str = "admissionregistration.k8s.io";

/// The registry's validation of a policy or binding.
pub fn validate(obj: &Object) -> Result<()> {
    crate::policy_checks::validate(obj)
}

/// The write the plugin judges.
pub struct Request<'a> {
    pub operation: &'static str,
    /// The subresource written (`scale`), "" for the object itself.
    pub subresource: &'a str,
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
/// first denial (policies, then their bindings, by name) is the error.
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
    let bindings: Vec<_> = store
        .list(Kind::ValidatingAdmissionPolicyBinding, None)
        .filter_map(|o| match &**o {
            Object::ValidatingAdmissionPolicyBinding(b) => Some(b.clone()),
            _ => None,
        })
        .collect();
    let mut policies: Vec<&str> = bindings.iter().map(|b| b.spec.policy_name.as_str()).collect();
    policies.sort_unstable();
    policies.dedup();
    let mut warnings = Vec::new();
    let mut denials: Vec<ApiError> = Vec::new();
    for name in policies {
        let Some(Object::ValidatingAdmissionPolicy(p)) = store
            .get_by(Kind::ValidatingAdmissionPolicy, "", name)
            .map(|o| &**o)
        else {
            continue;
        };
        if !p
            .spec
            .match_constraints
            .as_ref()
            .is_some_and(|m| matches(store, m, req, false))
        {
            continue;
        }
        let fail_closed = p.spec.failure_policy.as_deref() != Some("Ignore");
        let param_kind = match ParamKind::from_spec(p.spec.param_kind.as_ref()).map(|k| k.resolve()).transpose() {
            Ok(k) => k,
            Err(e) => {
                if fail_closed {
                    denials.push(deny(subject, name, None, Failure::config(format!("failed to configure policy: {e}"))));
                }
                continue;
            }
        };
        for b in bindings.iter().filter(|b| b.spec.policy_name == name) {
            if !b
                .spec
                .match_resources
                .as_ref()
                .is_none_or(|m| matches(store, m, req, true))
            {
                continue;
            }
            let bname = b.metadata.name.as_str();
            let param_ref = ParamRef::from_spec(b.spec.param_ref.as_ref());
            let params = match policy_params::collect(store, param_kind, param_ref.as_ref(), subject.namespace()) {
                Ok(ps) => ps,
                Err(e) => {
                    if fail_closed {
                        denials.push(deny(subject, name, Some(bname), Failure::config(format!("failed to configure binding: {e}"))));
                    }
                    continue;
                }
            };
            let actions = &b.spec.validation_actions;
            for param in params {
                for f in evaluate(store, p, req, param.as_deref()) {
                    if f.always_deny {
                        denials.push(deny(subject, name, Some(bname), f));
                        continue;
                    }
                    if actions.iter().any(|a| a == "Warn") {
                        warnings.push(format!(
                            "Validation failed for ValidatingAdmissionPolicy '{name}' with binding '{bname}': {}",
                            f.message
                        ));
                    }
                    if actions.iter().any(|a| a == "Deny") {
                        denials.push(deny(subject, name, Some(bname), f));
                    }
                }
            }
        }
    }
    store.warn(warnings);
    denials.into_iter().next().map_or(Ok(()), Err)
}

/// A failed validation, an expression's error under `failurePolicy:
/// Fail`, or a configuration error.
#[derive(Debug, PartialEq)]
pub struct Failure {
    pub message: String,
    pub reason: DenyReason,
    /// Refuses whatever the binding's actions (audit annotations' errors
    /// and configuration errors do).
    pub always_deny: bool,
}

impl Failure {
    fn config(message: String) -> Failure {
        Failure { message, reason: DenyReason::Invalid, always_deny: true }
    }
}

fn deny(subject: &Object, policy: &str, binding: Option<&str>, f: Failure) -> ApiError {
    let message = match binding {
        Some(b) => format!("ValidatingAdmissionPolicy '{policy}' with binding '{b}' denied request: {}", f.message),
        None => format!("ValidatingAdmissionPolicy '{policy}' denied request: {}", f.message),
    };
    ApiError::PolicyDenied {
        kind: subject.kind(),
        name: subject.name().to_string(),
        message,
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
        && r.resources.iter().any(|x| resource_matches(x, info.plural, req.subresource))
        && scope_ok
        && name_ok
}

/// A rule's resource against the request's, as upstream's matcher splits
/// them: `*` is every resource but no subresource, `*/*` everything,
/// `deployments/*` deployments and all their subresources, `*/scale`
/// every scale subresource.
fn resource_matches(rule: &str, resource: &str, subresource: &str) -> bool {
    let (res, sub) = rule.split_once('/').unwrap_or((rule, ""));
    (res == "*" || res == resource) && (sub == "*" || sub == subresource)
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
    let gvk = match req.subresource {
        "scale" => serde_json::json!({"group": "autoscaling", "version": "v1", "kind": "Scale"}),
        _ => serde_json::json!({"group": info.group, "version": info.version, "kind": info.kind}),
    };
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
    if !req.subresource.is_empty() {
        r["subResource"] = req.subresource.into();
        r["requestSubResource"] = req.subresource.into();
    }
    to_cel(&r)
}

/// The `authorizer` variable: RBAC's answer for the request's user (or
/// the service account a check names), over the store as it is now.
fn authorizer(store: &Store, req: &Request) -> Value {
    let policy = store.clone();
    let user = req.user.clone();
    let request = req.subject().map(|s| {
        let i = s.kind().info();
        AuthzQuery {
            group: i.group.to_string(),
            resource: i.plural.to_string(),
            namespace: s.namespace().to_string(),
            name: s.name().to_string(),
            ..AuthzQuery::default()
        }
    });
    kubeplay_cel::authorizer(
        move |q: &AuthzQuery| {
            let account = q
                .service_account
                .as_ref()
                .map(|(ns, name)| UserInfo::service_account(ns, name));
            let a = crate::authz::Attributes {
                user: Some(account.as_ref().unwrap_or(&user)),
                verb: &q.verb,
                namespace: &q.namespace,
                api_group: &q.group,
                resource: &q.resource,
                subresource: &q.subresource,
                name: &q.name,
                path: q.path.as_deref(),
            };
            match crate::authz::authorize(&policy, &a) {
                crate::authz::Decision::Allow => AuthzDecision { allowed: true, ..AuthzDecision::default() },
                crate::authz::Decision::Deny { reason } => AuthzDecision { allowed: false, reason, error: None },
            }
        },
        request.unwrap_or_default(),
    )
}

/// Runs `p` with `param` as `params`: its variables, match conditions,
/// validations and audit annotations, as upstream's validator does. Every
/// failure, in order; none when a match condition skips the policy.
pub fn evaluate(store: &Store, p: &ValidatingAdmissionPolicy, req: &Request, param: Option<&Object>) -> Vec<Failure> {
    let fail_closed = p.spec.failure_policy.as_deref() != Some("Ignore");
    let has_params = p.spec.param_kind.is_some();
    let error = |expr: &str, e: String| Failure {
        message: format!("expression '{expr}' resulted in error: {e}"),
        reason: DenyReason::Invalid,
        always_deny: false,
    };
    // A write to `scale` is judged on the autoscaling/v1 Scale, as upstream
    // hands admission the subresource's own object.
    let as_written = |o: &Object| match req.subresource {
        "scale" => crate::scale::scale_of(o).unwrap_or_else(|| o.to_json()),
        _ => o.to_json(),
    };
    let object = |o: Option<&Object>| o.map(|o| to_cel(&as_written(o))).unwrap_or(Value::Null);
    let param_object = |o: Option<&Object>| o.map(|o| to_cel(&o.to_json())).unwrap_or(Value::Null);
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
        ("params", param_object(param)),
        ("namespaceObject", namespace),
        ("authorizer", authorizer(store, req)),
        ("variables", Value::map(Vec::new())),
    ];
    let run = |src: &str, place: Place, vars: &[(&str, Value)]| {
        compile(src, has_params, place).and_then(|p| p.eval(vars).map_err(|e| e.to_string()))
    };
    let text = |item: &Json, key: &str| item.get(key).and_then(Json::as_str).unwrap_or_default().to_string();
    let list = |v: &Option<Json>| v.as_ref().and_then(Json::as_array).cloned().unwrap_or_default();
    let on_error = |f: Failure| if fail_closed { vec![f] } else { Vec::new() };
    // Variables in order, each seeing those before it.
    let mut defined: Vec<(Value, Value)> = Vec::new();
    for v in list(&p.spec.variables) {
        let src = text(&v, "expression");
        match run(&src, Place::Expression, &vars) {
            Ok(val) => defined.push((Value::string(text(&v, "name")), val)),
            Err(e) => return on_error(error(&src, e)),
        }
        if let Some(slot) = vars.last_mut() {
            slot.1 = Value::map(defined.clone());
        }
    }
    for c in list(&p.spec.match_conditions) {
        let src = text(&c, "expression");
        match run(&src, Place::Expression, &vars) {
            Ok(Value::Bool(true)) => {}
            Ok(_) => return Vec::new(),
            Err(e) => return on_error(error(&src, e)),
        }
    }
    let mut out = Vec::new();
    for v in &p.spec.validations {
        match run(&v.expression, Place::Expression, &vars) {
            Ok(Value::Bool(true)) => continue,
            Ok(_) => {}
            Err(e) => {
                out.extend(on_error(error(&v.expression, e)));
                continue;
            }
        }
        let from_expression = v
            .message_expression
            .as_deref()
            .filter(|m| !m.is_empty())
            .and_then(|m| match run(m, Place::Message, &vars) {
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
        out.push(Failure { message, reason, always_deny: false });
    }
    // An annotation's value would go to the audit log; only its errors
    // reach the client.
    for a in list(&p.spec.audit_annotations) {
        let src = text(&a, "valueExpression");
        let failure = match run(&src, Place::Expression, &vars) {
            Ok(Value::String(_) | Value::Null) => continue,
            Ok(other) => Failure {
                message: format!(
                    "valueExpression '{src}' resulted in unsupported return type: {}. Return type must be either string or null.",
                    other.type_name()
                ),
                reason: DenyReason::Invalid,
                always_deny: true,
            },
            Err(e) if fail_closed => Failure { always_deny: true, ..error(&src, e) },
            Err(_) => continue,
        };
        out.push(failure);
    }
    out
}

#[cfg(test)]
#[path = "policy_admission_tests.rs"]
mod tests;
