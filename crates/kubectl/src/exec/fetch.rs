//! Resolving targets against the store as kubectl's builder and the API
//! server's list/get do together: named lookups, lists with label and
//! field selectors, and objects named in manifests.

use super::{fields, manifests, Cx};
use crate::cli::Targets;
use kubeplay_apiserver::ApiError;
use kubeplay_model::selector::FieldSelector;
use kubeplay_model::{Kind, Object, Selector};
use std::ops::ControlFlow;
use std::sync::Arc;

/// Where a command looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scope {
    /// `-A`.
    pub all_namespaces: bool,
}

/// The objects found, in the builder's order, and the errors (whole
/// kubectl lines) for what was not.
#[derive(Clone, Debug, Default)]
pub struct Fetched {
    pub objects: Vec<Arc<Object>>,
    pub errors: Vec<String>,
    /// Some error was a NotFound (`--ignore-not-found` drops those).
    pub not_found: Vec<String>,
}

/// `schema.GroupVersionResource.String()`: `/v1, Resource=pods`.
fn gvr(kind: Kind) -> String {
    let i = kind.info();
    format!("{}/{}, Resource={}", i.group, i.version, i.plural)
}

/// The list error kubectl's visitor builds around a server BadRequest.
fn list_error(kind: Kind, label: &str, field: &str, message: &str) -> String {
    let inner = if label.is_empty() && field.is_empty() {
        format!("Unable to list {}: {message}", crate::gofmt::quote(&gvr(kind)))
    } else {
        format!(
            "Unable to find {} that match label selector {}, field selector {}: {message}",
            crate::gofmt::quote(&gvr(kind)),
            crate::gofmt::quote(label),
            crate::gofmt::quote(field)
        )
    };
    format!("Error from server (BadRequest): {inner}")
}

/// Lists one kind as the API server would, filtered by the selectors.
fn list_kind(cx: &Cx, scope: Scope, kind: Kind, label: Option<&str>, field: Option<&str>) -> Result<Vec<Arc<Object>>, String> {
    // The builder's selector params send the selectors trimmed.
    let (l, f) = (label.unwrap_or("").trim(), field.unwrap_or("").trim());
    let labels = Selector::parse(l).map_err(|e| list_error(kind, l, f, &e.to_string()))?;
    let field_sel = FieldSelector::parse(f).map_err(|e| list_error(kind, l, f, &e.to_string()))?;
    let field_sel = fields::convert(kind, &field_sel).map_err(|e| list_error(kind, l, f, &e))?;
    // Cluster-scoped kinds are listed without a namespace.
    let ns = (!scope.all_namespaces && kind.namespaced()).then_some(cx.namespace);
    let mut found: Vec<Arc<Object>> = cx
        .store
        .list(kind, ns)
        .filter(|o| labels.matches(&o.meta().labels))
        .filter(|o| field_sel.is_empty() || field_sel.matches(&fields::field_set(o)))
        .map(|o| in_read_version(cx, o))
        .collect();
    if kind == Kind::ComponentStatus {
        found.sort_by_key(|o| kubeplay_engine::component_status::list_position(o.name()));
    }
    Ok(found)
}

/// The warnings reading `targets` draws from the API server: each custom
/// kind read through a deprecated version warns once (kubectl drops
/// repeated warnings).
pub fn read_warnings(targets: &Targets, cx: &Cx) -> Vec<String> {
    let mut out = Vec::new();
    for kind in targets.kinds() {
        if kind == Kind::ComponentStatus {
            out.push(format!("Warning: {}", kubeplay_engine::component_status::DEPRECATION_WARNING));
            continue;
        }
        let (Some(version), Some(crd)) = (kubeplay_model::custom_kind::read_version(kind), kubeplay_apiserver::custom::crd_for(cx.store, kind)) else { continue };
        if let Some(w) = kubeplay_apiserver::custom::deprecation_warning(crd, &version) {
            out.push(format!("Warning: {w}"));
        }
    }
    out
}

/// The warning a request for `obj` (a manifest) draws when its apiVersion
/// is a deprecated version of its CRD.
pub fn manifest_warning(cx_store: &kubeplay_apiserver::Store, obj: &Object) -> Option<String> {
    let Object::Custom(c) = obj else { return None };
    let crd = kubeplay_apiserver::custom::crd_for(cx_store, c.kind)?;
    let (_, version) = c.api_version.rsplit_once('/')?;
    kubeplay_apiserver::custom::deprecation_warning(crd, version).map(|w| format!("Warning: {w}"))
}

/// A custom resource as the API server returns it in the version the
/// command asks for (the `None` strategy changes only its apiVersion).
fn in_read_version(cx: &Cx, o: &Arc<Object>) -> Arc<Object> {
    let Object::Custom(c) = &**o else { return o.clone() };
    match kubeplay_model::custom_kind::read_version(c.kind) {
        Some(version) => kubeplay_apiserver::custom::in_version(cx.store, o, &version),
        None => o.clone(),
    }
}

/// One step of resolving targets, in the order kubectl's builder visits them.
pub enum Visit<'a> {
    /// A live object, with the `-f` source that named it (`STDIN` or the
    /// path; empty for arguments and selectors).
    Found { object: Arc<Object>, source: &'a str },
    /// A whole kubectl error line; `not_found` for a NotFound, with the
    /// `-f` source that named the missing object (empty otherwise).
    Error { message: String, not_found: bool, source: &'a str },
}

fn get_one(cx: &Cx, kind: Kind, namespace: &str, name: &str, source: &str, f: &mut impl FnMut(Visit) -> ControlFlow<()>) -> ControlFlow<()> {
    match cx.store.get_by(kind, namespace, name) {
        Some(o) => f(Visit::Found { object: in_read_version(cx, o), source }),
        // Its REST storage answers an unknown name with a plain error,
        // which the API server sends as a 500 without a reason.
        None if kind == Kind::ComponentStatus => f(Visit::Error { message: ApiError::Internal { message: format!("Component not found: {name}") }.kubectl_message(), not_found: false, source }),
        None => f(Visit::Error { message: ApiError::not_found(kind, name).kubectl_message(), not_found: true, source }),
    }
}

fn error(f: &mut impl FnMut(Visit) -> ControlFlow<()>, message: String) -> ControlFlow<()> {
    f(Visit::Error { message, not_found: false, source: "" })
}

/// Resolves targets to live objects.
pub fn fetch(targets: &Targets, scope: Scope, cx: &Cx) -> Fetched {
    let mut out = Fetched::default();
    visit(targets, scope, cx, |v| {
        match v {
            Visit::Found { object, .. } => out.objects.push(object),
            Visit::Error { message, not_found, .. } => {
                if not_found {
                    out.not_found.push(message.clone());
                }
                out.errors.push(message);
            }
        }
        ControlFlow::Continue(())
    });
    out
}

/// Resolves targets step by step, for commands that stop at the first
/// problem as kubectl's builder does without ContinueOnError. Manifests
/// are read (and their errors reported) before any object is looked up.
pub fn visit(targets: &Targets, scope: Scope, cx: &Cx, mut f: impl FnMut(Visit) -> ControlFlow<()>) {
    let _ = visit_all(targets, scope, cx, &mut f);
}

fn visit_all(targets: &Targets, scope: Scope, cx: &Cx, f: &mut impl FnMut(Visit) -> ControlFlow<()>) -> ControlFlow<()> {
    match targets {
        Targets::List { kinds, selector, field_selector } => {
            for kind in kinds {
                match list_kind(cx, scope, *kind, selector.as_deref(), field_selector.as_deref()) {
                    Ok(objs) => {
                        for object in objs {
                            f(Visit::Found { object, source: "" })?;
                        }
                    }
                    Err(e) => error(f, e)?,
                }
            }
        }
        Targets::Named(names) => {
            for (kind, name) in names {
                get_one(cx, *kind, cx.namespace, name, "", f)?;
            }
        }
        Targets::Files { paths, selector, .. } => {
            let labels = match selector.as_deref().map(Selector::parse).transpose() {
                Ok(s) => s,
                Err(e) => return error(f, format!("error: {e}")),
            };
            let (objects, errors) = manifests::read_manifests(paths, cx.io);
            for e in errors {
                error(f, e)?;
            }
            for m in &objects {
                let obj = &m.decoded.object;
                if labels.as_ref().is_some_and(|s| !s.matches(&obj.meta().labels)) {
                    continue;
                }
                let kind = obj.kind();
                let mut ns = cx.namespace.to_string();
                if kind.namespaced() && !obj.namespace().is_empty() {
                    if cx.explicit_namespace && obj.namespace() != cx.namespace {
                        error(
                            f,
                            format!(
                                "error: the namespace from the provided object {} does not match the namespace {}. You must pass '--namespace={}' to perform this operation.",
                                crate::gofmt::quote(obj.namespace()),
                                crate::gofmt::quote(cx.namespace),
                                obj.namespace()
                            ),
                        )?;
                        continue;
                    }
                    ns = obj.namespace().to_string();
                }
                get_one(cx, kind, &ns, obj.name(), &m.source, f)?;
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // How kubectl (resource.EnhanceListError) shows the API server's 400 for
    // a field label the kind's conversion func refuses: the field-selectors
    // concept page's example, and kubernetes#135136's for ReplicaSets.
    #[test]
    fn unsupported_field_label_as_kubectl_shows_it() {
        let message = |kind: Kind, field: &str| {
            let parsed = FieldSelector::parse(field).expect("parses");
            let err = fields::convert(kind, &parsed).expect_err("refused");
            list_error(kind, "", field, &err)
        };
        assert_eq!(
            message(Kind::Pod, "foo=bar"),
            r#"Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "foo=bar": field label not supported: foo"#
        );
        assert_eq!(
            message(Kind::ReplicaSet, "status.replicas=0"),
            r#"Error from server (BadRequest): Unable to find "apps/v1, Resource=replicasets" that match label selector "", field selector "status.replicas=0": "status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace""#
        );
        assert_eq!(
            message(Kind::Job, "status.active=1"),
            r#"Error from server (BadRequest): Unable to find "batch/v1, Resource=jobs" that match label selector "", field selector "status.active=1": field label "status.active" not supported for Job"#
        );
        assert_eq!(list_error(Kind::Pod, "", "", "x"), r#"Error from server (BadRequest): Unable to list "/v1, Resource=pods": x"#);
    }
}
