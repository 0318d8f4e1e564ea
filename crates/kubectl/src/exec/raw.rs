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
use crate::print::gojson;
use crate::print::structured::typed_value;
use kubeplay_apiserver::ApiError;
use kubeplay_model::{Kind, ObjectKey};
use serde_json::{json, Map, Value};

/// The API server's answer for a path it has no handler for.
const NOT_FOUND: &str = "Error from server (NotFound): the server could not find the requested resource";

pub fn run(path: &str, cx: &Cx, out: &mut Output) {
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let mut pretty = false;
    for param in query.split('&').filter(|p| !p.is_empty()) {
        match param.split_once('=').unwrap_or((param, "")) {
            ("pretty", v) => pretty = matches!(v, "true" | "1"),
            (name, _) => return out.error(&format!("error: (playground) --raw does not take the query parameter {name:?}; use kubectl get with flags instead")),
        }
    }
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    match segments.as_slice() {
        ["healthz" | "livez" | "readyz"] | ["healthz" | "livez" | "readyz", "ping" | "log" | "etcd"] => out.stdout.push_str("ok"),
        ["version"] => out.stdout.push_str(&super::discovery::version_json()),
        ["api", "v1", rest @ ..] if !rest.is_empty() => resource(cx, "", "v1", rest, pretty, out),
        ["apis", "metrics.k8s.io", ..] => out.error("error: (playground) the simulated cluster's metrics answer kubectl top, not --raw"),
        ["apis", group, version, rest @ ..] if !rest.is_empty() => resource(cx, group, version, rest, pretty, out),
        ["apis", group, version @ ..] if version.len() <= 1 && custom::group_document(cx, group).is_some() => {
            let doc = match version.first() {
                None => custom::group_document(cx, group),
                Some(v) => custom::version_document(cx, group, v),
            };
            match doc {
                Some(doc) => emit(&doc, pretty, out),
                None => out.error(NOT_FOUND),
            }
        }
        [] | ["api" | "apis" | "openapi", ..] => out.error("error: (playground) the simulated API server serves objects over --raw, and the discovery of the groups CustomResourceDefinitions serve, not its other discovery documents: use kubectl api-resources or kubectl explain"),
        _ => out.error(NOT_FOUND),
    }
}

/// `.../namespaces/NS/RESOURCE[/NAME]` or `.../RESOURCE[/NAME]`.
fn resource(cx: &Cx, group: &str, version: &str, rest: &[&str], pretty: bool, out: &mut Output) {
    let (namespace, resource, name) = match rest {
        ["namespaces", ns, resource] => (Some(*ns), *resource, None),
        ["namespaces", ns, resource, name] => (Some(*ns), *resource, Some(*name)),
        [resource] => (None, *resource, None),
        [resource, name] => (None, *resource, Some(*name)),
        [_, _, _, _, sub, ..] | [_, _, sub, ..] => {
            return out.error(&format!("error: (playground) --raw does not read the {sub:?} subresource; kubectl get, logs and describe do"))
        }
        _ => return out.error(NOT_FOUND),
    };
    let found = Kind::ALL.iter().copied().find(|k| {
        let i = k.info();
        i.plural == resource && i.group == group && i.version == version
    });
    let crd = match found {
        Some(_) => None,
        None => custom::kind_at(cx, group, version, resource),
    };
    let Some(kind) = found.or(crd.map(|c| c.0)).filter(|k| k.namespaced() || namespace.is_none()) else {
        return out.error(NOT_FOUND);
    };
    if let Some(w) = crd.and_then(|(_, crd)| kubeplay_apiserver::custom::deprecation_warning(crd, version)) {
        out.note(&format!("Warning: {w}"));
    }
    // A custom resource is encoded unstructured, in the version asked for.
    let encode = |o: &kubeplay_model::Object| match crd {
        Some((_, crd)) => custom::object_value(crd, o, version),
        None => typed_value(o, true),
    };
    let value = match name {
        Some(name) => {
            if kind.namespaced() && namespace.is_none() {
                return out.error(NOT_FOUND);
            }
            let key = ObjectKey::new(kind, namespace.unwrap_or(""), name);
            match cx.store.get(&key) {
                Some(obj) => encode(obj),
                None => return out.error(&ApiError::not_found(kind, name).kubectl_message()),
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
            list.insert("apiVersion".into(), kind.info().api_version().into());
            list.insert("metadata".into(), json!({"resourceVersion": cx.store.resource_version().to_string()}));
            list.insert("items".into(), Value::Array(items));
            Value::Object(list)
        }
    };
    emit(&value, pretty, out);
}

fn emit(value: &Value, pretty: bool, out: &mut Output) {
    if pretty {
        out.stdout.push_str(&gojson::marshal_ordered(value, Some("  ")));
    } else {
        out.stdout.push_str(&gojson::marshal_ordered(value, None));
        out.stdout.push('\n');
    }
}
