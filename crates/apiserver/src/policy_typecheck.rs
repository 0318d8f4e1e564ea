//! A ValidatingAdmissionPolicy's `status` as kube-controller-manager's
//! validatingadmissionpolicy-status controller writes it
//! (`validating/typechecking.go`, v1.32): `observedGeneration`, and
//! `typeChecking.expressionWarnings` from compiling each validation's
//! expression and message expression with `object` (and `oldObject`,
//! `params`) typed as each kind the policy's resource rules name.
//!
//! The playground writes it with the write that changes the generation,
//! where upstream's controller follows a moment later. Its types are the
//! top-level fields of the commonest built-in kinds, everything below
//! them untyped, and only "undefined field" issues are reported: a kind
//! it has no table for is skipped, as upstream skips a kind whose schema
//! it cannot resolve (custom kinds, as the page says).

use crate::policy_checks::{compile, Place};
use crate::policy_params::ParamKind;
use kubeplay_cel::{Type, Object as CelObject};
use kubeplay_model::api::ValidatingAdmissionPolicy;
use kubeplay_model::{Kind, Object};
use serde_json::{json, Value as Json};
use std::rc::Rc;

/// Upstream checks at most this many kinds per policy.
const MAX_TYPES: usize = 10;

const SPEC_STATUS: &[&str] = &["apiVersion", "kind", "metadata", "spec", "status"];
const SPEC_ONLY: &[&str] = &["apiVersion", "kind", "metadata", "spec"];

/// The top-level fields of the kinds type checking knows.
fn top_level(kind: Kind) -> Option<&'static [&'static str]> {
    Some(match kind {
        Kind::Pod
        | Kind::Deployment
        | Kind::ReplicaSet
        | Kind::StatefulSet
        | Kind::DaemonSet
        | Kind::Job
        | Kind::CronJob
        | Kind::ReplicationController
        | Kind::Service
        | Kind::Namespace
        | Kind::Node
        | Kind::PersistentVolumeClaim
        | Kind::PersistentVolume
        | Kind::Ingress
        | Kind::HorizontalPodAutoscaler
        | Kind::PodDisruptionBudget
        | Kind::ResourceQuota => SPEC_STATUS,
        Kind::LimitRange | Kind::NetworkPolicy | Kind::IngressClass => SPEC_ONLY,
        Kind::ConfigMap => &["apiVersion", "binaryData", "data", "immutable", "kind", "metadata"],
        Kind::Secret => &["apiVersion", "data", "immutable", "kind", "metadata", "stringData", "type"],
        Kind::ServiceAccount => &[
            "apiVersion",
            "automountServiceAccountToken",
            "imagePullSecrets",
            "kind",
            "metadata",
            "secrets",
        ],
        _ => return None,
    })
}

fn cel_type(kind: Kind) -> Option<Type> {
    let fields = top_level(kind)?;
    Some(Type::Object(Rc::new(CelObject {
        name: kind.name().to_string(),
        fields: fields.iter().map(|f| (f.to_string(), Type::Dyn)).collect(),
    })))
}

/// Go's `schema.GroupVersionKind` printed.
fn gvk(kind: Kind) -> String {
    let i = kind.info();
    format!("{}/{}, Kind={}", i.group, i.version, i.kind)
}

/// The built-in kinds the policy's rules name without wildcards, sorted
/// by group, version and kind.
fn kinds_to_check(p: &ValidatingAdmissionPolicy) -> Vec<Kind> {
    let mut out: Vec<Kind> = Vec::new();
    let Some(m) = &p.spec.match_constraints else {
        return out;
    };
    for r in &m.resource_rules {
        let wild = |l: &[String]| l.iter().any(|x| x.contains('*'));
        if wild(&r.api_groups) || wild(&r.api_versions) {
            continue;
        }
        for group in &r.api_groups {
            for version in &r.api_versions {
                for resource in r.resources.iter().filter(|x| !x.contains(['*', '/'])) {
                    let found = Kind::ALL.iter().copied().find(|k| {
                        let i = k.info();
                        i.group == group && i.version == version && i.plural == resource
                    });
                    if let Some(k) = found.filter(|k| !out.contains(k)) {
                        out.push(k);
                    }
                }
            }
        }
    }
    out.sort_by_key(|k| {
        let i = k.info();
        (i.group, i.version, i.kind)
    });
    out.truncate(MAX_TYPES);
    out
}

/// The warnings for one expression: per kind, its "undefined field"
/// issue, as upstream joins them.
fn check(src: &str, kinds: &[Kind], params: Option<&Type>, has_params: bool) -> Option<String> {
    // Only what the untyped compile accepts is checked again.
    if compile(src, has_params, Place::Expression).is_err() {
        return None;
    }
    let mut results = Vec::new();
    for &k in kinds {
        let Some(t) = cel_type(k) else { continue };
        let mut vars: Vec<(&str, Type)> = vec![
            ("object", t.clone()),
            ("oldObject", t),
            ("request", Type::Dyn),
            ("namespaceObject", Type::Dyn),
            ("variables", Type::Dyn),
            ("authorizer", kubeplay_cel::authorizer_type()),
        ];
        if has_params {
            vars.push(("params", params.cloned().unwrap_or(Type::Dyn)));
        }
        if let Err(e) = kubeplay_cel::compile(src, &vars) {
            if e.issues.iter().all(|i| i.message.starts_with("undefined field")) {
                results.push(format!("{}: {e}\n", gvk(k)));
            }
        }
    }
    (!results.is_empty()).then(|| results.join("\n"))
}

/// The status the controller would write for `p`.
fn status(p: &ValidatingAdmissionPolicy) -> Json {
    let kinds = kinds_to_check(p);
    let param_kind = ParamKind::from_spec(p.spec.param_kind.as_ref());
    let params = param_kind
        .as_ref()
        .and_then(|pk| pk.resolve().ok())
        .and_then(cel_type);
    let has_params = param_kind.is_some();
    let mut warnings = Vec::new();
    for (i, v) in p.spec.validations.iter().enumerate() {
        let exprs = [("expression", Some(v.expression.as_str())), ("messageExpression", v.message_expression.as_deref())];
        for (field, src) in exprs {
            let Some(src) = src.filter(|s| !s.is_empty()) else { continue };
            if let Some(w) = check(src, &kinds, params.as_ref(), has_params) {
                warnings.push(json!({"fieldRef": format!("spec.validations[{i}].{field}"), "warning": w}));
            }
        }
    }
    let mut type_checking = json!({});
    if !warnings.is_empty() {
        type_checking["expressionWarnings"] = Json::Array(warnings);
    }
    json!({"observedGeneration": p.metadata.generation, "typeChecking": type_checking})
}

/// Writes the status of a policy whose generation its status has not
/// observed yet.
pub fn stamp(obj: &mut Object) {
    let Object::ValidatingAdmissionPolicy(p) = obj else {
        return;
    };
    let observed = p
        .status
        .as_ref()
        .and_then(|s| s.get("observedGeneration"))
        .and_then(Json::as_i64)
        .unwrap_or(0);
    if p.metadata.generation > observed {
        p.status = Some(status(p));
    }
}
