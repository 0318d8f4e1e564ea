//! `kubectl get --raw PATH`: the API server's own answer to a GET, printed
//! as it arrives (`rawhttp.RawGet`). The health checks answer `ok`,
//! `/version` the version document, and resource paths the stored objects
//! in the server's encoding: Go struct field order, compact, HTML-escaped,
//! one trailing newline (`json.Encoder`); with `?pretty=true`, indented by
//! two spaces without the newline. A list's items carry no `kind` or
//! `apiVersion`, as in a typed list. What CRDs serve (their groups'
//! discovery, their objects) is in `raw_custom.rs`.

use super::{Cx, Output};
#[path = "raw_custom.rs"]
mod custom;
#[path = "raw_metrics.rs"]
mod metrics;
use crate::print::gojson;
use crate::print::structured::typed_value;
use kubeplay_apiserver::ApiError;
use kubeplay_model::{Kind, ObjectKey};
use serde_json::{json, Map, Value};

/// The API server's answer for a path it has no handler for.
const NOT_FOUND: &str = "Error from server (NotFound): the server could not find the requested resource";

/// Why the API server gave no document (see [`answer`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// A named object that is not there.
    NotFound(Kind, String),
    /// A path the server has no handler for.
    NoHandler,
    /// What the playground does not serve, in a `(playground)` error.
    Playground(String),
}

pub fn run(path: &str, cx: &Cx, out: &mut Output) {
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let mut pretty = false;
    for param in query.split('&').filter(|p| !p.is_empty()) {
        match param.split_once('=').unwrap_or((param, "")) {
            ("pretty", v) => pretty = matches!(v, "true" | "1"),
            (name, _) => return out.error(&format!("error: (playground) --raw does not take the query parameter {name:?}; use kubectl get with flags instead")),
        }
    }
    let mut notes = Vec::new();
    let answer = answer(path, pretty, cx, &mut notes);
    for n in notes {
        out.note(&n);
    }
    match answer {
        Ok((body, _)) => out.stdout.push_str(&body),
        Err(Refusal::NotFound(kind, name)) => out.error(&ApiError::not_found(kind, &name).kubectl_message()),
        Err(Refusal::NoHandler) => out.error(NOT_FOUND),
        Err(Refusal::Playground(e)) => out.error(&e),
    }
}

/// The body the API server sends for a GET of `path`, and whether it is
/// plain text (the health checks) rather than JSON; `notes` gets the
/// warnings it sends along.
pub(super) fn answer(path: &str, pretty: bool, cx: &Cx, notes: &mut Vec<String>) -> Result<(String, bool), Refusal> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    match segments.as_slice() {
        ["healthz" | "livez" | "readyz"] | ["healthz" | "livez" | "readyz", "ping" | "log" | "etcd"] => Ok(("ok".into(), true)),
        ["version"] => Ok((super::discovery::version_json(), false)),
        ["metrics"] => {
            notes.push(metrics::note("the API server's"));
            Ok((metrics::body(), true))
        }
        ["api", "v1", "nodes", node, "proxy", "metrics"] => match cx.store.get(&ObjectKey::new(Kind::Node, "", node)) {
            Some(_) => {
                notes.push(metrics::note("the kubelet's"));
                Ok((metrics::body(), true))
            }
            None => Err(Refusal::NotFound(Kind::Node, node.to_string())),
        },
        ["api", "v1", rest @ ..] if !rest.is_empty() => resource(cx, "", "v1", rest, pretty, notes),
        ["apis", "metrics.k8s.io", ..] => Err(Refusal::Playground("error: (playground) the simulated cluster's metrics answer kubectl top, not --raw".into())),
        ["apis", group, version, rest @ ..] if !rest.is_empty() => resource(cx, group, version, rest, pretty, notes),
        ["apis", group, version @ ..] if version.len() <= 1 && custom::group_document(cx, group).is_some() => {
            let doc = match version.first() {
                None => custom::group_document(cx, group),
                Some(v) => custom::version_document(cx, group, v),
            };
            doc.map(|d| (emit(&d, pretty), false)).ok_or(Refusal::NoHandler)
        }
        [] | ["api" | "apis" | "openapi", ..] => Err(Refusal::Playground("error: (playground) the simulated API server serves objects over --raw, and the discovery of the groups CustomResourceDefinitions serve, not its other discovery documents: use kubectl api-resources or kubectl explain".into())),
        _ => Err(Refusal::NoHandler),
    }
}

/// `.../namespaces/NS/RESOURCE[/NAME]` or `.../RESOURCE[/NAME]`.
fn resource(cx: &Cx, group: &str, version: &str, rest: &[&str], pretty: bool, notes: &mut Vec<String>) -> Result<(String, bool), Refusal> {
    let (namespace, resource, name) = match rest {
        ["namespaces", ns, resource] => (Some(*ns), *resource, None),
        ["namespaces", ns, resource, name] => (Some(*ns), *resource, Some(*name)),
        [resource] => (None, *resource, None),
        [resource, name] => (None, *resource, Some(*name)),
        [_, _, _, _, sub, ..] | [_, _, sub, ..] => {
            return Err(Refusal::Playground(format!("error: (playground) --raw does not read the {sub:?} subresource; kubectl get, logs and describe do")))
        }
        _ => return Err(Refusal::NoHandler),
    };
    // events.k8s.io/v1 serves the core Events, converted (`api::events_v1`).
    let events_v1 = group == kubeplay_model::api::events_v1::GROUP && version == kubeplay_model::api::events_v1::VERSION && resource == "events";
    if events_v1 {
        kubeplay_model::api::events_v1::request();
    }
    let found = Kind::ALL.iter().copied().find(|k| {
        let i = k.info();
        i.plural == resource && i.group == group && i.version == version
    });
    let found = found.or(events_v1.then_some(Kind::Event));
    let crd = match found {
        Some(_) => None,
        None => custom::kind_at(cx, group, version, resource),
    };
    let Some(kind) = found.or(crd.map(|c| c.0)).filter(|k| k.namespaced() || namespace.is_none()) else {
        return Err(Refusal::NoHandler);
    };
    if let Some(w) = crd.and_then(|(_, crd)| kubeplay_apiserver::custom::deprecation_warning(crd, version)) {
        notes.push(format!("Warning: {w}"));
    }
    // A custom resource is encoded unstructured, in the version asked for.
    let encode = |o: &kubeplay_model::Object| match crd {
        Some((_, crd)) => custom::object_value(crd, o, version),
        None => typed_value(o, true),
    };
    let value = match name {
        Some(name) => {
            if kind.namespaced() && namespace.is_none() {
                return Err(Refusal::NoHandler);
            }
            let key = ObjectKey::new(kind, namespace.unwrap_or(""), name);
            match cx.store.get(&key) {
                Some(obj) => encode(obj),
                None => return Err(Refusal::NotFound(kind, name.to_string())),
            }
        }
        None if crd.is_some() => {
            let items = cx.store.list(kind, namespace).map(|o| encode(o)).collect();
            custom::list_value(kind, format!("{group}/{version}"), items, cx.store.resource_version())
        }
        None => {
            let items: Vec<Value> = cx
                .store
                .list(kind, namespace)
                .map(|o| {
                    let mut v = typed_value(o, true);
                    if let Value::Object(m) = &mut v {
                        m.shift_remove("kind");
                        m.shift_remove("apiVersion");
                    }
                    v
                })
                .collect();
            let mut list = Map::new();
            list.insert("kind".into(), format!("{}List", kind.name()).into());
            list.insert("apiVersion".into(), if events_v1 { kubeplay_model::api::events_v1::API_VERSION.into() } else { kind.info().api_version().into() });
            list.insert("metadata".into(), json!({"resourceVersion": cx.store.resource_version().to_string()}));
            list.insert("items".into(), Value::Array(items));
            Value::Object(list)
        }
    };
    Ok((emit(&value, pretty), false))
}

fn emit(value: &Value, pretty: bool) -> String {
    if pretty {
        gojson::marshal_ordered(value, Some("  "))
    } else {
        let mut s = gojson::marshal_ordered(value, None);
        s.push('\n');
        s
    }
}
