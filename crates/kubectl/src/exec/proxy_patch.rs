//! PATCH through `kubectl proxy`: the task pages' `curl --header
//! "Content-Type: application/json-patch+json" --request PATCH --data
//! '[…]' http://localhost:8001/api/v1/nodes/NAME/status` (advertising an
//! extended resource on a node). The API server's patch handler: the
//! patch type from the Content-Type, the body decoded as that patch,
//! applied to the object (or, under `/status`, written through the
//! status subresource, which keeps only the new status), and the object
//! as stored in the answer, pretty-printed for curl.

use super::api::{api_answer, failure, not_found};
use super::write::{http_code, object_key, playground, Write};
use super::Answer;
use crate::print::gojson;
use crate::print::structured::typed_value;
use kubeplay_apiserver::{ApiError, PatchType};
use kubeplay_engine::Engine;
use serde_json::Value;

/// The media types the patch handler accepts, in its error's order.
const ACCEPTED: &str = "application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json";

/// The patch type a Content-Type names, or the answer refusing it.
fn patch_type(content_type: Option<&str>) -> Result<Option<PatchType>, (u16, &'static str, String)> {
    let media = content_type.unwrap_or_default().split(';').next().unwrap_or_default().trim();
    match media {
        "application/json-patch+json" => Ok(Some(PatchType::Json)),
        "application/merge-patch+json" => Ok(Some(PatchType::Merge)),
        "application/strategic-merge-patch+json" => Ok(Some(PatchType::Strategic)),
        // Server-side apply, which the playground's API server lacks.
        "application/apply-patch+yaml" => Ok(None),
        _ => Err((415, "UnsupportedMediaType", format!("the body of the request was in an unknown format - accepted media types include: {ACCEPTED}"))),
    }
}

/// The answer to a PATCH of `path` through the proxy.
pub fn api_patch(path: &str, query: &str, request: &Write, engine: &mut Engine) -> Answer {
    let now = engine.now();
    if !query.is_empty() {
        return playground(501, &format!("(playground) the simulated API server does not take the query {query:?} with a PATCH"), now);
    }
    let (object_path, subresource) = match path.trim_end_matches('/').rsplit_once('/') {
        Some((rest, sub @ ("status" | "scale"))) if rest.matches('/').count() >= 4 => (rest, Some(sub)),
        _ => (path, None),
    };
    let key = match object_key(object_path, now) {
        Ok(k) => k,
        Err(a) => return a,
    };
    let kind = match patch_type(request.content_type) {
        Ok(Some(k)) => k,
        Ok(None) => return playground(501, "(playground) the simulated API server has no server-side apply: send a JSON, merge or strategic merge patch, or use kubectl apply", now),
        Err((code, reason, message)) => return failure(code, reason, &message, None, now, path),
    };
    let body = request.body.unwrap_or_default();
    if let Err(e) = kubeplay_model::gojson::check_valid(body.as_bytes()) {
        return failure(400, "BadRequest", &e.0, None, now, path);
    }
    let patch: Value = match kubeplay_codec::parse_value(body) {
        Ok(v) => v,
        Err(e) => return failure(400, "BadRequest", &e.to_string(), None, now, path),
    };
    let result = match subresource {
        Some(sub) => kubeplay_engine::client::patch_subresource(engine, &key, sub, kind, &patch, false),
        None => kubeplay_engine::client::patch(engine, &key, kind, &patch),
    };
    match result {
        Ok((_, updated)) => {
            let value = match subresource {
                Some("scale") => kubeplay_apiserver::scale::scale_of(&updated).unwrap_or_default(),
                _ => typed_value(&updated, true),
            };
            api_answer(200, Some("application/json"), gojson::marshal_ordered(&value, Some("  ")), now, path)
        }
        Err(ApiError::NotFound { .. }) => not_found(key.kind, &key.name, now, path),
        Err(ApiError::Unprocessable) => {
            // The operation that did not apply, which the 422 carries as
            // its one cause (kubectl prints only the generic message).
            let live = engine.store().get(&key).map(|o| o.to_json()).unwrap_or_default();
            let cause = match kubeplay_apiserver::json_patch(&live, &patch) {
                Err(kubeplay_apiserver::JsonPatchError::Apply(m)) => m,
                _ => String::new(),
            };
            api_answer(422, Some("application/json"), unprocessable(&cause), now, path)
        }
        Err(e) => {
            let info = key.kind.info();
            failure(http_code(&e), e.reason(), &e.server_message(), Some((&key.name, info.group, info.plural)), now, path)
        }
    }
}

/// `NewGenericServerResponse`'s 422: no resource named, the patch
/// library's error as an `UnexpectedServerResponse` cause.
fn unprocessable(cause: &str) -> String {
    let mut details = serde_json::Map::new();
    if !cause.is_empty() {
        details.insert("causes".into(), serde_json::json!([{"reason": "UnexpectedServerResponse", "message": cause}]));
    }
    let status = serde_json::json!({
        "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
        "message": "the server rejected our request due to an error in our request",
        "reason": "Invalid", "details": Value::Object(details), "code": 422,
    });
    gojson::marshal_ordered(&status, Some("  "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types_name_the_patch() {
        type Case = (Option<&'static str>, Result<Option<PatchType>, u16>);
        let cases: &[Case] = &[
            (Some("application/json-patch+json"), Ok(Some(PatchType::Json))),
            (Some("application/merge-patch+json; charset=utf-8"), Ok(Some(PatchType::Merge))),
            (Some("application/strategic-merge-patch+json"), Ok(Some(PatchType::Strategic))),
            (Some("application/apply-patch+yaml"), Ok(None)),
            // curl --data without a header sends a form.
            (Some("application/x-www-form-urlencoded"), Err(415)),
            (Some("application/json"), Err(415)),
            (None, Err(415)),
        ];
        for (ct, want) in cases {
            assert_eq!(patch_type(*ct).map_err(|e| e.0), *want, "{ct:?}");
        }
    }
}
