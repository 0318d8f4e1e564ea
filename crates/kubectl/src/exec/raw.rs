//! `kubectl get --raw PATH`: the API server's own answer to a GET, printed
//! as it arrives (`rawhttp.RawGet`). The health checks answer `ok`,
//! `/version` the version document, and resource paths the stored objects
//! in the server's encoding: Go struct field order, compact, HTML-escaped,
//! one trailing newline (`json.Encoder`); with `?pretty=true`, indented by
//! two spaces without the newline. A list's items carry no `kind` or
//! `apiVersion`, as in a typed list.

use super::{Cx, Output};
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
        [] | ["api" | "apis" | "openapi", ..] => out.error("error: (playground) the simulated API server serves objects over --raw, not its discovery documents: use kubectl api-resources or kubectl explain"),
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
    let Some(kind) = found.filter(|k| k.namespaced() || namespace.is_none()) else {
        return out.error(NOT_FOUND);
    };
    let value = match name {
        Some(name) => {
            if kind.namespaced() && namespace.is_none() {
                return out.error(NOT_FOUND);
            }
            let key = ObjectKey::new(kind, namespace.unwrap_or(""), name);
            match cx.store.get(&key) {
                Some(obj) => typed_value(obj, true),
                None => return out.error(&ApiError::not_found(kind, name).kubectl_message()),
            }
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
    if pretty {
        out.stdout.push_str(&gojson::marshal_ordered(&value, Some("  ")));
    } else {
        out.stdout.push_str(&gojson::marshal_ordered(&value, None));
        out.stdout.push('\n');
    }
}
