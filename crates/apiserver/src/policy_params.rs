//! A policy's parameters (`generic.CollectParams` and the policy source's
//! `ensureParamsForPolicyLocked`, v1.32): the policy's `paramKind` names a
//! served kind, built-in (a ConfigMap) or custom (a CRD's); each binding's
//! `paramRef` picks the objects of that kind its evaluations see as
//! `params`, by name or by label selector, in the paramRef's namespace or
//! else the request's. Errors are the configuration errors upstream words
//! them as (the dispatcher prefixes "failed to configure …").

use crate::store::Store;
use kubeplay_model::selector::LabelSelector;
use kubeplay_model::kind::ApiVersionStatus;
use kubeplay_model::{Kind, Object};
use serde_json::Value as Json;
use std::sync::Arc;

/// `paramKind` as written: its apiVersion and kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamKind {
    pub api_version: String,
    pub kind: String,
}

impl ParamKind {
    pub fn from_spec(v: Option<&Json>) -> Option<ParamKind> {
        let v = v?.as_object()?;
        let field = |k: &str| v.get(k).and_then(Json::as_str).unwrap_or_default().to_string();
        Some(ParamKind {
            api_version: field("apiVersion"),
            kind: field("kind"),
        })
    }

    /// Go's `schema.GroupVersionKind` printed: `group/version, Kind=kind`.
    fn gvk(&self) -> String {
        let (group, version) = self.api_version.rsplit_once('/').unwrap_or(("", &self.api_version));
        format!("{group}/{version}, Kind={}", self.kind)
    }

    /// The served kind it names (the REST mapping), or the policy's
    /// configuration error.
    pub fn resolve(&self) -> Result<Kind, String> {
        match Kind::from_api_version_kind(&self.api_version, &self.kind) {
            Ok((k, ApiVersionStatus::Current)) => Ok(k),
            _ => Err(format!(
                "failed to find resource referenced by paramKind: '{}'",
                self.gvk()
            )),
        }
    }
}

/// A binding's `paramRef`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ParamRef {
    pub name: String,
    pub namespace: String,
    pub selector: Option<LabelSelector>,
    pub not_found_action: Option<String>,
}

impl ParamRef {
    pub fn from_spec(v: Option<&Json>) -> Option<ParamRef> {
        let v = v?.as_object()?;
        let field = |k: &str| v.get(k).and_then(Json::as_str).unwrap_or_default().to_string();
        Some(ParamRef {
            name: field("name"),
            namespace: field("namespace"),
            selector: v
                .get("selector")
                .and_then(|s| serde_json::from_value(s.clone()).ok()),
            not_found_action: v
                .get("parameterNotFoundAction")
                .and_then(Json::as_str)
                .map(str::to_string),
        })
    }
}

/// The params one binding's evaluations run with: `[None]` (one
/// evaluation, `params` null) when the policy or the binding names none,
/// no entries when none were found and the binding allows that, or the
/// binding's configuration error. `namespace` is the request's.
pub fn collect(
    store: &Store,
    kind: Option<Kind>,
    param_ref: Option<&ParamRef>,
    namespace: &str,
) -> Result<Vec<Option<Arc<Object>>>, String> {
    let (Some(kind), Some(r)) = (kind, param_ref) else {
        return Ok(vec![None]);
    };
    let scope_ns = if kind.namespaced() {
        if !r.namespace.is_empty() {
            Some(r.namespace.as_str())
        } else if !namespace.is_empty() {
            Some(namespace)
        } else {
            return Err("cannot use namespaced paramRef in policy binding that matches cluster-scoped resources".into());
        }
    } else if !r.namespace.is_empty() {
        return Err("paramRef.namespace must not be provided for a cluster-scoped `paramKind`".into());
    } else {
        None
    };
    let found: Vec<Option<Arc<Object>>> = if !r.name.is_empty() {
        if r.selector.is_some() {
            return Err("paramRef.name and paramRef.selector are mutually exclusive".into());
        }
        store
            .get_by(kind, scope_ns.unwrap_or_default(), &r.name)
            .map(|o| Some(o.clone()))
            .into_iter()
            .collect()
    } else if let Some(sel) = &r.selector {
        store
            .list(kind, scope_ns)
            .filter(|o| sel.matches(&o.meta().labels))
            .map(|o| Some(o.clone()))
            .collect()
    } else {
        return Err("one of name or selector must be provided".into());
    };
    if found.is_empty() && r.not_found_action.as_deref() == Some("Deny") {
        return Err("no params found for policy binding with `Deny` parameterNotFoundAction".into());
    }
    Ok(found)
}
