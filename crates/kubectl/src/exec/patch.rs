//! `kubectl patch` (merge, strategic merge and JSON patches, YAML or JSON
//! text) and `kubectl replace -f` (a full update, or delete and re-create
//! with `--force`).

use super::apply::CHANGE_CAUSE;
use super::validation;
use super::write::{api_error, find, namespace, report, report_failures, Failure, Printer};
use super::{read_manifests, Io, Output};
use crate::cli::{DryRun, Invocation, Patch, PatchType, Replace, Subresource, Targets};
use crate::print::output::OutputFormat;
use kubeplay_apiserver::{json_merge_patch, json_patch, patch_on_server, strategic_merge_patch, ApiError, DeleteOptions, PatchType as ServerPatch};
use kubeplay_engine::client;
use kubeplay_engine::Engine;
use kubeplay_model::{Kind, Object};
use serde_json::Value;
use std::sync::Arc;

fn server_type(t: PatchType) -> ServerPatch {
    match t {
        PatchType::Json => ServerPatch::Json,
        PatchType::Merge => ServerPatch::Merge,
        PatchType::Strategic => ServerPatch::Strategic,
    }
}

/// The patch applied to a copy of the live object, failing as the API
/// server would: what a server dry run validates.
fn apply_locally(obj: &Object, t: PatchType, patch: &Value) -> Result<Object, ApiError> {
    let bad = |message: String| ApiError::BadRequest { message };
    let patched = patch_on_server(server_type(t), &obj.to_json(), patch)?;
    kubeplay_codec::object_from_json(&patched).map_err(bad)
}

/// kubectl's own patching (`--local`, `--dry-run=client`,
/// `getPatchedJSON`): of the unstructured object, so the result is not
/// validated, only required to name its kind. Errors are kubectl's.
fn patch_unstructured(original: &Value, t: PatchType, patch: &Value) -> Result<Value, String> {
    let mut patched = match t {
        PatchType::Json => json_patch(original, patch).map_err(|e| {
            let m = e.to_string();
            // kubectl rewords this one error by its text.
            match m.find("doc is missing key").and_then(|_| m.find("key:")) {
                Some(i) => format!("Object to be patched is missing field ({})", &m[i + 5..]),
                None => m,
            }
        })?,
        PatchType::Merge if patch.is_object() || patch.is_array() => json_merge_patch(original, patch),
        PatchType::Merge => return Err("Invalid JSON Patch".into()),
        PatchType::Strategic if patch.is_object() => strategic_merge_patch(original, patch).map_err(|e| e.to_string())?,
        PatchType::Strategic => return Err("invalid JSON document".into()),
    };
    crate::print::structured::sort_keys(&mut patched);
    match &patched {
        Value::Object(m) if m.get("kind").and_then(Value::as_str).is_some_and(|k| !k.is_empty()) => Ok(patched),
        Value::Object(_) => Err(format!("Object 'Kind' is missing in '{}'", serde_json::to_string(&patched).unwrap_or_default())),
        other => Err(format!("json: cannot unmarshal {} into Go value of type unstructured.detector", go_json_type(other))),
    }
}

fn go_json_type(v: &Value) -> &'static str {
    match v {
        Value::Array(_) => "array",
        Value::String(_) => "string",
        Value::Number(_) => "number",
        Value::Bool(_) => "bool",
        _ => "object",
    }
}

pub fn patch(p: &Patch, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let text = match (&p.patch, &p.patch_file) {
        (Some(t), _) => t.clone(),
        (None, Some(f)) => match io.read_file.and_then(|r| r(f)) {
            Some(t) => t,
            None => {
                out.error(&format!("error: unable to read patch file: open {f}: no such file or directory"));
                return;
            }
        },
        (None, None) => return,
    };
    // apimachinery's yaml.ToJSON takes text that starts with `{` for JSON
    // as it is: a broken one fails only where the patch is decoded, in Go's
    // JSON words (kubectl's own patching words them its way).
    if text.trim_start().starts_with('{') {
        if let Err(e) = kubeplay_model::gojson::check_valid(text.as_bytes()) {
            let client_side = p.local || p.write.dry_run == DryRun::Client;
            return out.error(&broken_json(p.type_, client_side, &e.to_string()));
        }
    }
    let mut value = match kubeplay_codec::parse_value(&text) {
        Ok(v) => v,
        Err(e) => {
            let why = super::manifests::to_json_error(&text, &e).unwrap_or_else(|| e.to_string());
            out.error(&format!("error: unable to parse {}: {why}", crate::gofmt::quote(&text)));
            return;
        }
    };
    if let (Some(cause), Some(m)) = (&inv.change_cause, value.as_object_mut()) {
        let meta = m.entry("metadata").or_insert_with(|| serde_json::json!({}));
        meta["annotations"][CHANGE_CAUSE] = Value::String(cause.clone());
    }
    let mut printer = Printer::new(&p.write);
    if p.subresource.is_some() && !p.local && matches!(p.targets, Targets::List { .. }) {
        return out.error(super::get_subresource::BULK);
    }
    if p.local || p.write.dry_run == DryRun::Client {
        let (originals, errors): (Vec<(Value, Kind, String)>, Vec<String>) = if p.local {
            let Targets::Files { paths, .. } = &p.targets else {
                out.error("error: cannot specify --local and server resources");
                return;
            };
            let (objs, errs) = read_manifests(paths, io);
            (objs.into_iter().map(|m| (m.decoded.raw.to_json(), m.decoded.object.kind(), m.decoded.object.name().to_string())).collect(), errs)
        } else {
            let f = find(engine, inv, io, &p.targets, false);
            let errors = subresource_errors(p.subresource, f.errors);
            let mut originals = Vec::with_capacity(f.objects.len());
            for o in &f.objects {
                // The builder reads the subresource: a scale patch works on the Scale.
                match served(p.subresource, o) {
                    Some(v) => originals.push((v, o.kind(), o.name().to_string())),
                    None => return out.error(NO_SUBRESOURCE),
                }
            }
            (originals, errors)
        };
        let mut failed = Vec::new();
        for (mut original, kind, name) in originals {
            crate::print::structured::sort_keys(&mut original);
            match patch_unstructured(&original, p.type_, &value) {
                Ok(patched) => {
                    let operation = if patched == original { "patched (no change)" } else { "patched" };
                    if p.subresource == Some(Subresource::Scale) {
                        print_scale(&mut printer, out, &name, &patched, operation);
                    } else {
                        printer.value(out, kind, &name, &patched, operation);
                    }
                }
                Err(e) => failed.push(e),
            }
        }
        report(out, errors);
        // kubectl goes on past a failed object and reports them together:
        // one as `error: …`, several one a line.
        match failed.as_slice() {
            [one] => out.error(&format!("error: {one}")),
            many => many.iter().for_each(|e| out.error(e)),
        }
        return;
    }
    let f = find(engine, inv, io, &p.targets, false);
    let (objects, errors): (Vec<Arc<Object>>, Vec<String>) = (f.objects, subresource_errors(p.subresource, f.errors));
    for obj in objects {
        let key = obj.key();
        let dry = p.write.dry_run == DryRun::Server;
        let result = match p.subresource {
            Some(sub) if served(Some(sub), &obj).is_none() => return out.error(NO_SUBRESOURCE),
            Some(sub) => client::patch_subresource(engine, &key, sub.as_str(), server_type(p.type_), &value, dry),
            None if dry => apply_locally(&obj, p.type_, &value).and_then(|o| client::dry_run(engine, "patch", &key, "", |s, c| s.update(o, c)).map(|u| (true, u))),
            None => client::patch(engine, &key, server_type(p.type_), &value),
        };
        // Admission's warnings (PodSecurity's), before the object.
        super::server_warnings(engine, out);
        match result {
            Ok((changed, updated)) => {
                let operation = if changed { "patched" } else { "patched (no change)" };
                match p.subresource.and_then(|s| served(Some(s), &updated).filter(|_| s == Subresource::Scale)) {
                    Some(scale) => print_scale(&mut printer, out, key.name.as_str(), &scale, operation),
                    None => printer.object(out, &updated, operation),
                }
            }
            Err(e) => {
                out.error(&api_error(&e));
                return;
            }
        }
    }
    report(out, errors);
}

/// A patch that is not JSON although it starts as JSON: kubectl's own
/// patching refuses it as each library does, the API server as its
/// decoder says (a merge or JSON patch's with `error decoding patch: `).
fn broken_json(t: PatchType, client_side: bool, syntax: &str) -> String {
    match (t, client_side) {
        (PatchType::Strategic, true) => "error: invalid JSON document".into(),
        (PatchType::Merge, true) => "error: Invalid JSON Patch".into(),
        (PatchType::Json, true) => format!("error: {syntax}"),
        (PatchType::Strategic, false) => api_error(&ApiError::BadRequest { message: syntax.into() }),
        (PatchType::Merge | PatchType::Json, false) => api_error(&ApiError::BadRequest { message: format!("error decoding patch: {syntax}") }),
    }
}

/// What a GET of the subresource answers: the object itself for `status`
/// (of a kind that has one), the Scale for `scale`; `None` when the kind
/// has no such subresource.
fn served(sub: Option<Subresource>, obj: &Object) -> Option<Value> {
    match sub {
        None => Some(obj.to_json()),
        Some(Subresource::Status) => obj.has_status().then(|| obj.to_json()),
        Some(Subresource::Scale) => kubeplay_apiserver::scale::scale_of(obj),
    }
}

/// A path the API server does not serve: kubectl shows the bare 404.
pub(super) const NO_SUBRESOURCE: &str = "Error from server (NotFound): the server could not find the requested resource";

/// The scale endpoints name their resource `deployments/scale` in the
/// NotFound they answer for a missing object.
fn subresource_errors(sub: Option<Subresource>, errors: Vec<String>) -> Vec<String> {
    if sub != Some(Subresource::Scale) {
        return errors;
    }
    errors
        .into_iter()
        .map(|e| {
            for kind in [Kind::Deployment, Kind::ReplicaSet, Kind::StatefulSet, Kind::ReplicationController] {
                let i = kind.info();
                let resource = i.group_resource();
                let scaled = if i.group.is_empty() { format!("{}/scale", i.plural) } else { format!("{}/scale.{}", i.plural, i.group) };
                if let Some(rest) = e.strip_prefix(&format!("Error from server (NotFound): {resource} \"")) {
                    return format!("Error from server (NotFound): {scaled} \"{rest}");
                }
            }
            e
        })
        .collect()
}

/// Prints a Scale: its name printer says `scale.autoscaling/NAME`.
fn print_scale(printer: &mut Printer, out: &mut Output, name: &str, scale: &Value, operation: &str) {
    let suffix = super::write::dry_suffix(printer.write.dry_run);
    match printer.write.output.as_ref().unwrap_or(&OutputFormat::Default) {
        OutputFormat::Default | OutputFormat::Wide | OutputFormat::CustomColumns(_) => out.out(&format!("scale.autoscaling/{name} {operation}{suffix}")),
        OutputFormat::Name => out.out(&format!("scale.autoscaling/{name}")),
        _ => printer.value(out, Kind::Deployment, name, scale, operation),
    }
}

pub fn replace(r: &Replace, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    // replace.go replaces each object as the visitor reads it, so an error
    // reading a file comes after the failures of the objects before it.
    let (objects, errors) = super::manifests::read_manifests_in_order_for_write(&r.files, io);
    let mut errors = errors.into_iter().peekable();
    let mut failures: Vec<Failure> = Vec::new();
    let mut printer = Printer::new(&r.write);
    let mut prepared = Vec::with_capacity(objects.len());
    let mut read_before = Vec::with_capacity(objects.len());
    for (i, m) in objects.into_iter().enumerate() {
        let client_error = m.client_side_error();
        let mut obj = m.decoded.object;
        if obj.kind().namespaced() && obj.namespace().is_empty() {
            obj.meta_mut().namespace = namespace(inv).into();
        }
        super::apply::save_file_config(&mut obj, &m.decoded.raw, r.write.save_config);
        if let Some(cause) = &inv.change_cause {
            obj.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
        }
        if r.write.dry_run == DryRun::Client {
            match client_error {
                Some(e) => failures.push(Failure::Text(e)),
                None => printer.value(out, obj.kind(), obj.name(), &super::apply::client_dry_run_value(&m.decoded.raw, &obj), "replaced"),
            }
            continue;
        }
        prepared.push((obj, m.source, m.decoded.api_version, m.decoded.warnings, m.decoded.server_decode_error, m.refused));
        read_before.push(i);
    }
    if r.force {
        // forceReplace: every object the files name is deleted (those not
        // there skipped), all are waited for, and only then created.
        for (obj, ..) in &prepared {
            let key = obj.key();
            if engine.store().get(&key).is_none() {
                continue;
            }
            let opts = DeleteOptions { grace_period_seconds: r.grace_period, propagation: Default::default() };
            if let Err(e) = client::delete(engine, &key, opts) {
                failures.push(Failure::Server(e));
                return report_failures(out, failures);
            }
            let info = key.kind.info();
            let kind = info.kind.to_ascii_lowercase();
            let kind = if info.group.is_empty() { kind } else { format!("{kind}.{}", info.group) };
            // The deletion's own printer: a name under `-o name`, its sentence otherwise.
            if matches!(r.write.output, Some(OutputFormat::Name)) {
                out.out(&format!("{kind}/{}", key.name));
            } else {
                out.out(&format!("{kind} {} deleted", crate::gofmt::quote(&key.name)));
            }
        }
        // forceReplace returns DeleteResult's error: a file it could not
        // read leaves what it deleted deleted, and nothing is created.
        if errors.peek().is_some() {
            failures.extend(errors.map(|(_, e)| Failure::from_line(e)));
            return report_failures(out, failures);
        }
        let keys: Vec<_> = prepared.iter().map(|(o, ..)| o.key()).collect();
        super::waiting::wait_until(engine, 0, |e| if keys.iter().all(|k| e.store().get(k).is_none()) { super::waiting::Poll::Done } else { super::waiting::Poll::Pending });
    }
    for ((mut obj, source, api_version, warnings, decode_error, refused), i) in prepared.into_iter().zip(read_before) {
        while let Some((_, e)) = errors.next_if(|(at, _)| *at <= i) {
            failures.push(Failure::from_line(e));
        }
        let key = obj.key();
        let manifest = validation::Manifest { source: &source, kind: obj.kind(), api_version: &api_version, warnings: &warnings, decode_error: decode_error.as_deref(), refused: refused.as_ref() };
        let request = if r.force { validation::Request::Recreate } else { validation::Request::Replace };
        let verdict = validation::check(&manifest, r.write.validate, request);
        for w in &verdict.warnings {
            out.note(w);
        }
        if let Some(e) = verdict.error {
            failures.push(Failure::Text(e));
            continue;
        }
        if r.force {
            match client::create(engine, obj) {
                Ok(created) => printer.object(out, &created, "replaced"),
                Err(e) => failures.push(Failure::Server(e)),
            }
            continue;
        }
        let Some(live) = engine.store().get(&key).cloned() else {
            failures.push(Failure::Api { err: ApiError::not_found(key.kind, &key.name), verb: "replacing", source });
            continue;
        };
        if obj.meta().resource_version.is_empty() {
            obj.meta_mut().resource_version = live.meta().resource_version.clone();
        }
        let result = if r.write.dry_run == DryRun::Server { client::dry_run(engine, "update", &key, "", |s, c| s.update(obj, c)) } else { client::replace(engine, obj) };
        super::server_warnings(engine, out);
        match result {
            Ok(updated) => printer.object(out, &updated, "replaced"),
            Err(err) => failures.push(Failure::Api { err, verb: "replacing", source }),
        }
    }
    failures.extend(errors.map(|(_, e)| Failure::from_line(e)));
    report_failures(out, failures);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // evanphx merge_test.go's rfcFailTests, as kubectl 1.32's local patch
    // reports them, and its other local errors (checked against the binary).
    #[test]
    fn local_patch_errors() {
        let doc = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "cfg"}, "data": {"a": "1"}});
        let cases = [
            (PatchType::Merge, json!(null), "Invalid JSON Patch"),
            (PatchType::Merge, json!("bar"), "Invalid JSON Patch"),
            (PatchType::Merge, json!([1]), "json: cannot unmarshal array into Go value of type unstructured.detector"),
            (PatchType::Merge, json!({"kind": null}), r#"Object 'Kind' is missing in '{"apiVersion":"v1","data":{"a":"1"},"metadata":{"name":"cfg"}}'"#),
            (PatchType::Strategic, json!([1]), "invalid JSON document"),
            (
                PatchType::Json,
                json!([{"op": "add", "path": "/metadata/finalizers", "value": ["a", "b"]}, {"op": "replace", "path": "/metadata/finalizers/5", "value": "d"}]),
                "Object to be patched is missing field (/metadata/finalizers/5: missing value)",
            ),
        ];
        for (t, patch, want) in cases {
            assert_eq!(patch_unstructured(&doc, t, &patch), Err(want.to_string()), "{patch}");
        }
        let patched = patch_unstructured(&doc, PatchType::Json, &json!([{"op": "add", "path": "/data/b", "value": 1}])).unwrap();
        assert_eq!(patched["data"], json!({"a": "1", "b": 1}));
    }

    // Text that starts as JSON but is not: what kubectl 1.32 printed for
    // `kubectl patch --local -f FILE --type T -p TEXT`, and the API
    // server's decoding errors for the same bytes.
    #[test]
    fn broken_json_patches() {
        let cases = [
            (PatchType::Strategic, true, r#"{"a":"#, "error: invalid JSON document"),
            (PatchType::Merge, true, r#"{"a":"#, "error: Invalid JSON Patch"),
            (PatchType::Json, true, r#"{"a":"#, "error: unexpected end of JSON input"),
            (PatchType::Json, true, r#"  {"spec": }"#, "error: invalid character '}' looking for beginning of value"),
            (PatchType::Strategic, false, r#"{"a":"#, "Error from server (BadRequest): unexpected end of JSON input"),
            (PatchType::Merge, false, r#"{"spec": }"#, "Error from server (BadRequest): error decoding patch: invalid character '}' looking for beginning of value"),
        ];
        for (t, client_side, text, want) in cases {
            let e = kubeplay_model::gojson::check_valid(text.as_bytes()).unwrap_err();
            assert_eq!(broken_json(t, client_side, &e.to_string()), want, "{text}");
        }
    }
}

#[cfg(test)]
#[path = "replace_upstream_tests.rs"]
mod replace_upstream_tests;

#[cfg(test)]
#[path = "patch_subresource_tests.rs"]
mod subresource_tests;
