//! The registry's validation of ValidatingAdmissionPolicies and their
//! bindings (`pkg/apis/admissionregistration/validation`, v1.32): field
//! errors as upstream words them, every expression compiled with the
//! variables its place declares (`params` only when the policy has a
//! `paramKind`, `authorizer` everywhere but in message expressions).

use crate::error::{ApiError, DenyReason, Result};
use kubeplay_cel::{Program, Type};
use kubeplay_model::api::{PolicySpec, ValidatingAdmissionPolicyBinding};
use kubeplay_model::names::{is_dns1035_label, is_dns1123_subdomain, is_qualified_name, path_segment_name};
use kubeplay_model::validation::go_quote;
use kubeplay_model::{Kind, Object};
use serde_json::Value as Json;

/// Where an expression stands, which decides the variables it may name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Validations, variables, match conditions, audit annotations.
    Expression,
    /// `messageExpression`: no `authorizer`.
    Message,
}

/// Compiles `src` as the plugin does.
pub fn compile(src: &str, has_params: bool, place: Place) -> std::result::Result<Program, String> {
    let mut vars: Vec<(&str, Type)> = vec![
        ("object", Type::Dyn),
        ("oldObject", Type::Dyn),
        ("request", Type::Dyn),
        ("namespaceObject", Type::Dyn),
        ("variables", Type::Dyn),
    ];
    if has_params {
        vars.push(("params", Type::Dyn));
    }
    if place == Place::Expression {
        vars.push(("authorizer", kubeplay_cel::authorizer_type()));
    }
    kubeplay_cel::compile(src, &vars).map_err(|e| format!("compilation failed: {e}"))
}

/// The registry's validation of a policy or binding.
pub fn validate(obj: &Object) -> Result<()> {
    let (kind, causes) = match obj {
        Object::ValidatingAdmissionPolicy(p) => (
            Kind::ValidatingAdmissionPolicy,
            policy_errors(&p.metadata.name, &p.spec),
        ),
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

fn invalid(field: &str, value: &str, detail: &str) -> String {
    format!("{field}: Invalid value: {}: {detail}", go_quote(value))
}

fn expression_errors(field: &str, src: &str, required: &str, has_params: bool, place: Place, out: &mut Vec<String>) {
    if src.trim().is_empty() {
        out.push(if required.is_empty() {
            format!("{field}: Required value")
        } else {
            format!("{field}: Required value: {required}")
        });
    } else if let Err(e) = compile(src, has_params, place) {
        out.push(invalid(field, src, &e));
    }
}

fn items(v: &Option<Json>) -> impl Iterator<Item = &Json> {
    v.as_ref().and_then(Json::as_array).into_iter().flatten()
}

fn text<'a>(item: &'a Json, key: &str) -> &'a str {
    item.get(key).and_then(Json::as_str).unwrap_or_default()
}

fn param_kind_errors(pk: &Json, out: &mut Vec<String>) {
    let api_version = text(pk, "apiVersion");
    let kind = text(pk, "kind");
    let field = "spec.paramKind.apiVersion";
    if api_version.is_empty() {
        out.push(format!("{field}: Required value"));
    } else if api_version.matches('/').count() > 1 {
        out.push(invalid(field, api_version, &format!("unexpected GroupVersion string: {api_version}")));
    } else {
        let (group, version) = api_version.split_once('/').unwrap_or(("", api_version));
        if !group.is_empty() {
            let errs = is_dns1123_subdomain(group);
            if !errs.is_empty() {
                out.push(invalid(field, group, &errs.join(",")));
            }
        }
        if version.is_empty() {
            out.push(invalid(field, api_version, "version must be specified"));
        } else {
            let errs = is_dns1035_label(version);
            if !errs.is_empty() {
                out.push(invalid(field, version, &errs.join(",")));
            }
        }
    }
    if kind.is_empty() {
        out.push("spec.paramKind.kind: Required value".into());
    } else {
        let errs = is_dns1035_label(&kind.to_ascii_lowercase());
        if !errs.is_empty() {
            out.push(invalid(
                "spec.paramKind.kind",
                kind,
                &format!("may have mixed case, but should otherwise match: {}", errs.join(",")),
            ));
        }
    }
}

fn is_cel_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

pub(crate) fn policy_errors(name: &str, spec: &PolicySpec) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(fp) = spec
        .failure_policy
        .as_deref()
        .filter(|f| !["Fail", "Ignore"].contains(f))
    {
        out.push(supported("spec.failurePolicy", fp, &["Fail", "Ignore"]));
    }
    let has_params = spec.param_kind.is_some();
    if let Some(pk) = &spec.param_kind {
        param_kind_errors(pk, &mut out);
    }
    match &spec.match_constraints {
        None => out.push("spec.matchConstraints: Required value".into()),
        Some(m) if m.resource_rules.is_empty() => {
            out.push("spec.matchConstraints.resourceRules: Required value".into())
        }
        Some(_) => {}
    }
    let mut names: Vec<&str> = Vec::new();
    for (i, c) in items(&spec.match_conditions).enumerate() {
        let f = format!("spec.matchConditions[{i}]");
        expression_errors(&format!("{f}.expression"), text(c, "expression"), "", has_params, Place::Expression, &mut out);
        let n = text(c, "name");
        if n.is_empty() {
            out.push(format!("{f}.name: Required value"));
        } else {
            for m in is_qualified_name(n) {
                out.push(invalid(&format!("{f}.name"), n, &m));
            }
            if names.contains(&n) {
                out.push(format!("{f}.name: Duplicate value: {}", go_quote(n)));
            }
            names.push(n);
        }
    }
    for (i, v) in items(&spec.variables).enumerate() {
        let f = format!("spec.variables[{i}]");
        let n = text(v, "name");
        if n.trim().is_empty() {
            out.push(format!("{f}.name: Required value: name is not specified"));
        } else if !is_cel_identifier(n) {
            out.push(invalid(&format!("{f}.name"), n, "name is not a valid CEL identifier"));
        }
        expression_errors(&format!("{f}.expression"), text(v, "expression"), "expression is not specified", has_params, Place::Expression, &mut out);
    }
    let audit: Vec<&Json> = items(&spec.audit_annotations).collect();
    if spec.validations.is_empty() && audit.is_empty() {
        for f in ["validations", "auditAnnotations"] {
            out.push(format!("spec.{f}: Required value: validations or auditAnnotations must contain at least one item"));
        }
        return out;
    }
    for (i, v) in spec.validations.iter().enumerate() {
        let f = format!("spec.validations[{i}]");
        expression_errors(&format!("{f}.expression"), &v.expression, "expression is not specified", has_params, Place::Expression, &mut out);
        if let Some(m) = v.message_expression.as_deref().filter(|m| !m.is_empty()) {
            if m.trim().is_empty() {
                out.push(invalid(&format!("{f}.messageExpression"), m, "must be non-empty if specified"));
            } else {
                expression_errors(&format!("{f}.messageExpression"), m, "", has_params, Place::Message, &mut out);
            }
        }
        if let Some(m) = v.message.as_deref().filter(|m| !m.is_empty()) {
            if m.trim().is_empty() {
                out.push(invalid(&format!("{f}.message"), m, "message must be non-empty if specified"));
            } else if m.trim().contains(['\n', '\r']) {
                out.push(invalid(&format!("{f}.message"), m, "message must not contain line breaks"));
            }
        }
        if let Some(r) = v
            .reason
            .as_deref()
            .filter(|r| DenyReason::parse(r).is_none())
        {
            out.push(supported(
                &format!("{f}.reason"),
                r,
                &["Forbidden", "Invalid", "RequestEntityTooLarge", "Unauthorized"],
            ));
        }
    }
    if audit.len() > 20 {
        // Go prints the list with `%#v`.
        let list: Vec<String> = audit
            .iter()
            .map(|a| format!("admissionregistration.AuditAnnotation{{Key:{}, ValueExpression:{}}}", go_quote(text(a, "key")), go_quote(text(a, "valueExpression"))))
            .collect();
        out.push(format!(
            "spec.auditAnnotations: Invalid value: []admissionregistration.AuditAnnotation{{{}}}: must not have more than 20 auditAnnotations",
            list.join(", ")
        ));
    }
    let mut keys: Vec<&str> = Vec::new();
    for (i, a) in audit.iter().enumerate() {
        let f = format!("spec.auditAnnotations[{i}]");
        let key = text(a, "key");
        if name.is_empty() {
            out.push(invalid(&format!("{f}.key"), key, "requires metadata.name be non-empty"));
        } else {
            let full = format!("{name}/{key}");
            for m in is_qualified_name(&full) {
                out.push(invalid(&format!("{f}.key"), &full, &m));
            }
        }
        let src = text(a, "valueExpression");
        if src.trim().len() > 5 * 1024 {
            out.push(format!("{f}.valueExpression: Required value: must not exceed 5120 bytes in length"));
        } else {
            expression_errors(&format!("{f}.valueExpression"), src, "valueExpression is not specified", has_params, Place::Expression, &mut out);
        }
        if keys.contains(&key) {
            out.push(format!("{f}.key: Duplicate value: {}", go_quote(key)));
        }
        keys.push(key);
    }
    out
}

const ACTIONS: &[&str] = &["Audit", "Deny", "Warn"];

fn param_ref_errors(pr: &Json, out: &mut Vec<String>) {
    let name = text(pr, "name");
    let selector = pr.get("selector").filter(|s| !s.is_null());
    if !name.is_empty() {
        for m in path_segment_name(name) {
            out.push(invalid("spec.paramRef.name", name, &m));
        }
        if selector.is_some() {
            out.push("spec.paramRef.name: Forbidden: name and selector are mutually exclusive".into());
        }
    }
    let ns = text(pr, "namespace");
    for m in path_segment_name(ns) {
        out.push(invalid("spec.paramRef.namespace", ns, &m));
    }
    if selector.is_some() && !name.is_empty() {
        out.push("spec.paramRef.selector: Forbidden: name and selector are mutually exclusive".into());
    }
    if name.is_empty() && selector.is_none() {
        out.push("spec.paramRef: Required value: one of name or selector must be specified".into());
    }
    match text(pr, "parameterNotFoundAction") {
        "" => out.push("spec.paramRef.parameterNotFoundAction: Required value".into()),
        "Deny" | "Allow" => {}
        other => out.push(supported("spec.paramRef.parameterNotFoundAction", other, &["Deny", "Allow"])),
    }
}

pub(crate) fn binding_errors(b: &ValidatingAdmissionPolicyBinding) -> Vec<String> {
    let mut out = Vec::new();
    if b.spec.policy_name.is_empty() {
        out.push("spec.policyName: Required value".into());
    } else {
        for m in is_dns1123_subdomain(&b.spec.policy_name) {
            out.push(invalid("spec.policyName", &b.spec.policy_name, &m));
        }
    }
    if let Some(pr) = b.spec.param_ref.as_ref().filter(|p| !p.is_null()) {
        param_ref_errors(pr, &mut out);
    }
    let actions = &b.spec.validation_actions;
    for (i, a) in actions.iter().enumerate() {
        if !ACTIONS.contains(&a.as_str()) {
            out.push(supported(&format!("spec.validationActions[{i}]"), a, ACTIONS));
        }
        if actions[..i].contains(a) {
            out.push(format!("spec.validationActions[{i}]: Duplicate value: {}", go_quote(a)));
        }
    }
    if actions.iter().any(|a| a == "Deny") && actions.iter().any(|a| a == "Warn") {
        let list: Vec<String> = actions.iter().map(|a| go_quote(a)).collect();
        out.push(format!(
            "spec.validationActions: Invalid value: []admissionregistration.ValidationAction{{{}}}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)",
            list.join(", ")
        ));
    }
    if actions.is_empty() {
        out.push("spec.validationActions: Required value: at least one validation action is required".into());
    }
    out
}
