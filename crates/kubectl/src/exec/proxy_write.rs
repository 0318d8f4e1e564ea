//! Requests through `kubectl proxy` that change the cluster: the task
//! pages' `curl -X DELETE …/deployments/NAME -d '{"kind":"DeleteOptions",
//! …}' -H "Content-Type: application/json"`. The API server's DELETE
//! handler: the body decoded as DeleteOptions, then the object as it now
//! is while something still holds it (a finalizer, a pod's grace period),
//! or a success Status once it is gone (the whole pod, for pods, whose
//! registry returns the deleted object). PATCH is `proxy_patch.rs`'s;
//! other methods are refused with a `(playground)` note: objects are made
//! and replaced with kubectl here.

use super::api::{api_answer, failure, go_error, not_found};
use super::Answer;
use crate::print::gojson;
use crate::print::structured::typed_value;
use kubeplay_apiserver::{ApiError, DeleteOptions, Propagation};
use kubeplay_engine::Engine;
use kubeplay_model::time::Time;
use kubeplay_model::{Kind, Object, ObjectKey};
use serde_json::{json, Map, Value};

/// What curl sends besides the path.
#[derive(Clone, Debug, Default)]
pub struct Write<'a> {
    pub method: &'a str,
    pub body: Option<&'a str>,
    pub content_type: Option<&'a str>,
}

/// The object a resource path names: `/api/v1/namespaces/NS/PLURAL/NAME`,
/// `/apis/GROUP/VERSION/PLURAL/NAME` and kin. Err: the path's answer.
pub(super) fn object_key(path: &str, now: Time) -> Result<ObjectKey, Answer> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let (group, version, rest) = match segments.as_slice() {
        ["api", "v1", rest @ ..] => ("", "v1", rest),
        ["apis", group, version, rest @ ..] => (*group, *version, rest),
        _ => return Err(go_error(404, "404 page not found\n", now)),
    };
    let (namespace, resource, name) = match rest {
        ["namespaces", ns, resource, name] => (Some(*ns), *resource, *name),
        [resource, name] if *resource != "namespaces" || !name.is_empty() => (None, *resource, *name),
        [] | [_] | ["namespaces", _, _] => return Err(playground(405, "(playground) the simulated API server deletes one named object through the proxy, not a collection: name it in the path, or use kubectl delete with a selector", now)),
        _ => return Err(playground(405, "(playground) the simulated API server takes a DELETE of an object through the proxy, not of its subresources", now)),
    };
    let Some(kind) = Kind::ALL.iter().copied().find(|k| {
        let i = k.info();
        i.plural == resource && i.group == group && i.version == version
    }) else {
        return Err(playground(404, "(playground) the simulated API server deletes built-in kinds through the proxy; delete custom resources with kubectl delete", now));
    };
    if kind.namespaced() != namespace.is_some() {
        return Err(go_error(404, "404 page not found\n", now));
    }
    Ok(ObjectKey::new(kind, namespace.unwrap_or(""), name))
}

/// A refusal carrying the playground's word on why (no body: curl prints
/// the note).
pub(super) fn playground(code: u16, note: &str, now: Time) -> Answer {
    let mut a = go_error(code, "", now);
    a.body = None;
    a.note = Some(note.to_string());
    a
}

/// The answer to `request` for `path` (and `query`) on the API server.
pub fn api_write(path: &str, query: &str, request: &Write, engine: &mut Engine) -> Answer {
    let now = engine.now();
    if request.method == "PATCH" {
        return super::patch::api_patch(path, query, request, engine);
    }
    if request.method != "DELETE" {
        return playground(
            405,
            &format!("(playground) the simulated API server takes DELETE and PATCH through the proxy, not {}: create and change objects with kubectl apply, create, patch or replace", request.method),
            now,
        );
    }
    if !query.is_empty() {
        return playground(501, &format!("(playground) the simulated API server does not take the query {query:?} with a DELETE; send DeleteOptions in the body"), now);
    }
    let key = match object_key(path, now) {
        Ok(k) => k,
        Err(a) => return a,
    };
    let opts = match delete_options(request) {
        Ok(o) => o,
        Err((code, reason, message)) => {
            if code == 422 {
                return invalid_options(&message, now, path);
            }
            return failure(code, reason, &message, None, now, path);
        }
    };
    let uid = engine.store().get(&key).map(|o| o.meta().uid.to_string());
    match kubeplay_engine::client::delete(engine, &key, opts) {
        Ok(deleted) => deleted_answer(
            &key,
            &deleted,
            uid.as_deref().unwrap_or_default(),
            engine,
            path,
        ),
        Err(ApiError::NotFound { .. }) => not_found(key.kind, &key.name, now, path),
        Err(e) => {
            let info = key.kind.info();
            failure(
                http_code(&e),
                e.reason(),
                &e.server_message(),
                Some((&key.name, info.group, info.plural)),
                now,
                path,
            )
        }
    }
}

/// `NewInvalid` for DeleteOptions: its one cause in the details.
fn invalid_options(message: &str, now: Time, seed: &str) -> Answer {
    let cause = message
        .split_once(" is invalid: ")
        .map_or(message, |(_, c)| c);
    let (field, detail) = cause.split_once(": ").unwrap_or(("", cause));
    let reason = if detail.starts_with("Unsupported value") {
        "FieldValueNotSupported"
    } else {
        "FieldValueInvalid"
    };
    let value = json!({
        "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
        "message": message, "reason": "Invalid",
        "details": {"group": "meta.k8s.io", "kind": "DeleteOptions", "causes": [{"reason": reason, "message": detail, "field": field}]},
        "code": 422,
    });
    api_answer(
        422,
        Some("application/json"),
        gojson::marshal_ordered(&value, Some("  ")),
        now,
        seed,
    )
}

pub(super) fn http_code(e: &ApiError) -> u16 {
    match e.reason() {
        "NotFound" => 404,
        "AlreadyExists" | "Conflict" => 409,
        "Invalid" => 422,
        "Forbidden" => 403,
        "BadRequest" => 400,
        "RequestEntityTooLarge" => 413,
        _ => 500,
    }
}

/// The object while it is still stored (or any pod); otherwise the
/// registry's success Status (`finalizeDelete`), whose details name the
/// resource in `kind`, as upstream does.
fn deleted_answer(
    key: &ObjectKey,
    deleted: &Object,
    uid: &str,
    engine: &Engine,
    seed: &str,
) -> Answer {
    let now = engine.now();
    let still = engine.store().get(key).filter(|o| o.meta().uid == uid);
    let value = match (still, key.kind) {
        (Some(o), _) => typed_value(o, true),
        (None, Kind::Pod) => typed_value(deleted, true),
        (None, kind) => {
            let info = kind.info();
            let mut details = Map::new();
            details.insert("name".into(), key.name.to_string().into());
            if !info.group.is_empty() {
                details.insert("group".into(), info.group.into());
            }
            details.insert("kind".into(), info.plural.into());
            details.insert("uid".into(), uid.into());
            json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "details": Value::Object(details)})
        }
    };
    api_answer(
        200,
        Some("application/json"),
        gojson::marshal_ordered(&value, Some("  ")),
        now,
        seed,
    )
}

type Refusal = (u16, &'static str, String);

/// The request's body as DeleteOptions (none: the defaults).
fn delete_options(request: &Write) -> Result<DeleteOptions, Refusal> {
    let Some(body) = request.body.filter(|b| !b.is_empty()) else {
        return Ok(DeleteOptions::default());
    };
    let media = request
        .content_type
        .unwrap_or_default()
        .split(';')
        .next()
        .unwrap_or_default()
        .trim();
    if !matches!(
        media,
        "application/json"
            | "application/yaml"
            | "application/vnd.kubernetes.protobuf"
            | "*/*"
            | ""
    ) {
        return Err((
            415,
            "UnsupportedMediaType",
            "the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf".into(),
        ));
    }
    // JSON is YAML too; the pages send JSON.
    let parsed: Value = serde_json::from_str(body).map_err(|e| {
        (
            400,
            "BadRequest",
            format!("couldn't get version/kind; json parse error: {e}"),
        )
    })?;
    let Value::Object(m) = parsed else {
        return Err((
            400,
            "BadRequest",
            "couldn't get version/kind; json parse error: the body is not a JSON object".into(),
        ));
    };
    let mut opts = DeleteOptions::default();
    let mut policy = None;
    for (field, value) in &m {
        match (field.as_str(), value) {
            ("kind" | "apiVersion", _) => {}
            ("propagationPolicy", Value::String(p)) => policy = Some(p.clone()),
            ("gracePeriodSeconds", v) if v.as_i64().is_some() => {
                opts.grace_period_seconds = v.as_i64()
            }
            ("orphanDependents", Value::Bool(o)) => {
                opts.propagation = if *o {
                    Propagation::Orphan
                } else {
                    Propagation::Background
                }
            }
            (other @ ("dryRun" | "preconditions"), _) => {
                return Err((501, "", format!("(playground) the simulated API server does not take DeleteOptions' {other} through the proxy")));
            }
            _ => {}
        }
    }
    if let Some(p) = policy
        .as_ref()
        .filter(|_| m.contains_key("orphanDependents"))
    {
        return Err((422, "Invalid", format!("DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Invalid value: \"{p}\": orphanDependents and deletionPropagation cannot be both set")));
    }
    if let Some(p) = policy {
        opts.propagation = match p.as_str() {
            "Foreground" => Propagation::Foreground,
            "Background" => Propagation::Background,
            "Orphan" => Propagation::Orphan,
            _ => {
                return Err((
                    422,
                    "Invalid",
                    format!("DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Unsupported value: \"{p}\": supported values: \"Foreground\", \"Background\", \"Orphan\""),
                ))
            }
        };
    }
    // rest.BeforeDelete reads a negative grace period as one second.
    if opts.grace_period_seconds.is_some_and(|g| g < 0) {
        opts.grace_period_seconds = Some(1);
    }
    Ok(opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(body: &str, content_type: &str) -> Result<DeleteOptions, Refusal> {
        delete_options(&Write {
            method: "DELETE",
            body: Some(body),
            content_type: Some(content_type),
        })
    }

    #[test]
    fn reads_delete_options_as_the_api_server() {
        let foreground = opts(
            r#"{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Foreground"}"#,
            "application/json",
        )
        .unwrap();
        assert_eq!(foreground.propagation, Propagation::Foreground);
        let orphan = opts(r#"{"orphanDependents":true}"#, "application/json").unwrap();
        assert_eq!(orphan.propagation, Propagation::Orphan);
        let grace = opts(r#"{"gracePeriodSeconds":0}"#, "application/json").unwrap();
        assert_eq!(grace.grace_period_seconds, Some(0));
        let negative = opts(r#"{"gracePeriodSeconds":-5}"#, "application/json").unwrap();
        assert_eq!(negative.grace_period_seconds, Some(1));
        let cases: &[(&str, &str, u16, &str)] = &[
            (
                r#"{"propagationPolicy":"Foreground"}"#,
                "application/x-www-form-urlencoded",
                415,
                "UnsupportedMediaType",
            ),
            (
                r#"{"propagationPolicy":"Sideways"}"#,
                "application/json",
                422,
                "Invalid",
            ),
            (
                r#"{"propagationPolicy":"Orphan","orphanDependents":true}"#,
                "application/json",
                422,
                "Invalid",
            ),
            ("{", "application/json", 400, "BadRequest"),
        ];
        for (body, content_type, code, reason) in cases {
            let (c, r, _) = opts(body, content_type).unwrap_err();
            assert_eq!((c, r), (*code, *reason), "{body}");
        }
    }

    #[test]
    fn paths_name_one_object() {
        let now = Time::default();
        let key = object_key("/apis/apps/v1/namespaces/default/deployments/web", now).unwrap();
        assert_eq!(key, ObjectKey::new(Kind::Deployment, "default", "web"));
        let key = object_key("/api/v1/nodes/kind-worker", now).unwrap();
        assert_eq!(key, ObjectKey::new(Kind::Node, "", "kind-worker"));
        assert!(object_key("/apis/apps/v1/namespaces/default/deployments", now).is_err());
        assert!(object_key("/api/v1/pods/web", now).is_err());
    }
}
