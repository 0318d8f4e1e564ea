//! Server-side field validation of a manifest (`--validate`): the one rule
//! every `-f` writer (apply, create, replace, diff) follows for what the
//! decoder found and dropped. kubectl 1.32 leaves this to the API server
//! (`fieldValidation=Strict|Warn|Ignore`), so what it prints depends on
//! the request the manifest became.

use crate::cli::FieldValidation;
use kubeplay_codec::Warning;
use kubeplay_model::Kind;
use serde_json::Value;

/// The request a manifest is sent as.
pub enum Request<'a> {
    /// `POST`: create, and apply of an object that does not exist.
    Create,
    /// `PUT`: replace.
    Replace,
    /// The `POST` of `replace --force`, whose errors kubectl does not
    /// wrap with the source (replace.go's forceReplace).
    Recreate,
    /// `PATCH` by apply of an existing object; the patch as the server
    /// holds it ([`kubeplay_engine::client::apply_patch`]), computed only
    /// when an error quotes it.
    Patch(&'a dyn Fn() -> Value),
}

/// What the decoder made of one manifest.
pub struct Manifest<'a> {
    /// `STDIN` or the file's path.
    pub source: &'a str,
    pub kind: Kind,
    /// As written.
    pub api_version: &'a str,
    pub warnings: &'a [Warning],
    /// The server's decoding error for the object, if it has one
    /// ([`kubeplay_codec::DecodedObject::server_decode_error`]).
    pub decode_error: Option<&'a str>,
    /// A value of the wrong JSON type ([`super::manifests::Refused`]).
    pub refused: Option<&'a super::manifests::Refused>,
}

/// What the API server answers about a manifest's fields: warnings to
/// print before the result (`Warning: …`), and the error when it refuses.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    pub warnings: Vec<String>,
    pub error: Option<String>,
}

/// The server's verdict on `m` sent as `request` under `validation`.
///
/// A deprecated apiVersion is always warned about. Unknown fields:
/// `Strict` refuses the request (a create or replace in the decoder's
/// words, `<Kind> in version "<v>" cannot be handled as a <Kind>: strict
/// decoding error: unknown field "spec.replica"`, which kubectl prefixes
/// with `error when creating "<source>"`; a patch as an Invalid error
/// about the patch), `Warn` warns once per field, `Ignore` drops them
/// (handlers/create.go, update.go and patch.go's applyPatchToObject).
pub fn check(m: &Manifest, validation: FieldValidation, request: Request) -> Verdict {
    let mut verdict = Verdict::default();
    let mut unknown = Vec::new();
    for w in m.warnings {
        match w {
            Warning::Deprecated { .. } => verdict.warnings.push(format!("Warning: {w}")),
            Warning::UnknownField { .. } => unknown.push(w),
            // kubectl itself keeps the last value silently.
            Warning::DuplicateKey { .. } => verdict.warnings.push(format!("(playground) {w}")),
        }
    }
    // A value the server cannot decode fails the request whatever the
    // validation, before any field is looked at.
    if let Some(r) = m.refused {
        let go = match request {
            Request::Patch(_) => super::go_decode::converter_error(m.kind, m.api_version, &r.error),
            _ => super::go_decode::json_error(m.kind, m.api_version, &r.error),
        };
        // Where the server's words leave the place out, the playground names it.
        verdict.error = Some(match go {
            Some(go) => format!("{}\n(playground) at {}", refusal(m, request, &go), r.located),
            None => format!("error: error parsing {}: {}", m.source, r.located),
        });
        return verdict;
    }
    if let Some(detail) = m.decode_error {
        let detail = match request {
            Request::Patch(_) => format!("error decoding from json: {detail}"),
            _ => detail.to_string(),
        };
        verdict.error = Some(refusal(m, request, &detail));
        return verdict;
    }
    if unknown.is_empty() || validation == FieldValidation::Ignore {
        return verdict;
    }
    // Playground-only help after what the server says.
    let hints: Vec<String> = unknown.iter().filter_map(|w| w.hint().map(|h| format!("(playground) {w}: {h}"))).collect();
    if validation == FieldValidation::Warn {
        verdict.warnings.extend(unknown.iter().map(|w| format!("Warning: {w}")));
        verdict.warnings.extend(hints);
        return verdict;
    }
    let fields: Vec<String> = unknown.iter().map(|w| w.to_string()).collect();
    let detail = format!("strict decoding error: {}", fields.join(", "));
    let mut error = refusal(m, request, &detail);
    for h in hints {
        error.push('\n');
        error.push_str(&h);
    }
    verdict.error = Some(error);
    verdict
}

/// The decoder's warnings plus, for a custom resource sent as a create,
/// the fields its CRD's schema would prune: the API server's decoder
/// reports those as unknown fields too, so `--validate` treats them alike.
pub fn with_pruned(engine: &kubeplay_engine::Engine, obj: &kubeplay_model::Object, warnings: &[Warning]) -> Vec<Warning> {
    let pruned = kubeplay_apiserver::custom::unknown_fields(engine.store(), obj);
    let extra = pruned.into_iter().map(|path| Warning::UnknownField { path, line: 0, column: 0, suggestion: None });
    warnings.iter().cloned().chain(extra).collect()
}

/// The warnings a write's answer carried, but under `--validate=false`
/// (`fieldValidation=Ignore`) without the pruned fields, which the server
/// then drops silently. (Under Warn, [`check`] has printed them already,
/// and kubectl prints a warning once.)
pub fn server_warnings(engine: &mut kubeplay_engine::Engine, validation: FieldValidation, out: &mut super::Output) {
    let mut warnings = engine.take_warnings();
    if validation == FieldValidation::Ignore {
        warnings.retain(|w| !w.starts_with("unknown field "));
    }
    super::print_warnings(warnings, out);
}

/// The API server's refusal of what it cannot decode, as kubectl prints it.
fn refusal(m: &Manifest, request: Request, detail: &str) -> String {
    match request {
        Request::Create | Request::Replace | Request::Recreate => {
            let kind = m.kind.info().kind;
            // The version the request was made in: the manifest's.
            let version = m.api_version.rsplit('/').next().unwrap_or_default();
            let status = format!("{kind} in version {} cannot be handled as a {kind}: {detail}", crate::gofmt::quote(version));
            match request {
                Request::Create => format!("Error from server (BadRequest): error when creating {}: {status}", crate::gofmt::quote(m.source)),
                Request::Replace => format!("Error from server (BadRequest): error when replacing {}: {status}", crate::gofmt::quote(m.source)),
                _ => format!("Error from server (BadRequest): {status}"),
            }
        }
        // An Invalid error without kind or name: kubectl's CheckErr says
        // "The request is invalid" and lists the cause.
        Request::Patch(patch) => {
            format!("The request is invalid: patch: Invalid value: {}: {detail}", crate::gofmt::quote(&kubeplay_apiserver::go_value(&patch())))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_codec::{decode_manifests, DecodedObject};

    fn decoded(text: &str) -> DecodedObject {
        decode_manifests(text).items.into_iter().next().unwrap().unwrap()
    }

    fn manifest(d: &DecodedObject) -> Manifest<'_> {
        Manifest { source: "STDIN", kind: d.object.kind(), api_version: &d.api_version, warnings: &d.warnings, decode_error: d.server_decode_error.as_deref(), refused: None }
    }

    const TYPO: &str = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replica: 3\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: web, image: nginx}]}\n";

    // The messages real kubectl 1.32 printed for the API server's answers
    // (a fake server answering as create.go and patch.go do).
    #[test]
    fn strict_refuses_in_the_servers_words() {
        let d = decoded(TYPO);
        let m = manifest(&d);
        let v = check(&m, FieldValidation::Strict, Request::Create);
        assert_eq!(
            v.error.as_deref().unwrap().lines().next().unwrap(),
            r#"Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica""#
        );
        assert!(v.error.unwrap().ends_with("\n(playground) unknown field \"spec.replica\": did you mean \"replicas\"?"));
        let patch = serde_json::json!({"spec": {"replica": 3}, "metadata": {"annotations": {"k": "{\"a\":1}\n"}}});
        let v = check(&m, FieldValidation::Strict, Request::Patch(&|| patch.clone()));
        assert_eq!(
            v.error.as_deref().unwrap().lines().next().unwrap(),
            r#"The request is invalid: patch: Invalid value: "map[metadata:map[annotations:map[k:{\"a\":1}\n]] spec:map[replica:3]]": strict decoding error: unknown field "spec.replica""#
        );
    }

    #[test]
    fn warn_and_ignore() {
        let d = decoded(TYPO);
        let m = manifest(&d);
        let v = check(&m, FieldValidation::Warn, Request::Replace);
        assert_eq!(v.error, None);
        assert_eq!(v.warnings[0], "Warning: unknown field \"spec.replica\"");
        assert_eq!(check(&m, FieldValidation::Ignore, Request::Create), Verdict::default());
        // An older version still served (converted to the stored one) is
        // refused in the version the request was made in.
        let hpa = "apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\nspec:\n  maxReplica: 3\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n";
        let d = decoded(hpa);
        let older = manifest(&d);
        assert_eq!(check(&older, FieldValidation::Ignore, Request::Create), Verdict::default());
        let v = check(&older, FieldValidation::Strict, Request::Create);
        assert!(v.error.unwrap().contains(r#"HorizontalPodAutoscaler in version "v1" cannot be handled as a HorizontalPodAutoscaler: strict decoding error: unknown field "spec.maxReplica""#));
    }
}
