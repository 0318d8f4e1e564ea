//! `kubectl patch` (merge, strategic merge and JSON patches, YAML or JSON
//! text) and `kubectl replace -f` (a full update, or delete and re-create
//! with `--force`).

use super::apply::CHANGE_CAUSE;
use super::validation;
use super::write::{api_error, find, namespace, report, report_failures, Failure, Printer};
use super::{read_manifests, Io, Output};
use crate::cli::{DryRun, Invocation, Patch, PatchType, Replace, Targets};
use kubeplay_apiserver::{json_merge_patch, json_patch, strategic_merge_patch, ApiError, DeleteOptions, PatchType as ServerPatch};
use kubeplay_engine::client;
use kubeplay_engine::Engine;
use kubeplay_model::Object;
use serde_json::Value;
use std::sync::Arc;

fn server_type(t: PatchType) -> ServerPatch {
    match t {
        PatchType::Json => ServerPatch::Json,
        PatchType::Merge => ServerPatch::Merge,
        PatchType::Strategic => ServerPatch::Strategic,
    }
}

/// The patch applied to a copy (`--local`, `--dry-run=client`, and the
/// object a server dry run validates), failing as the server would.
fn apply_locally(obj: &Object, t: PatchType, patch: &Value) -> Result<Object, ApiError> {
    let bad = |message: String| ApiError::BadRequest { message };
    let current = obj.to_json();
    let patched = match t {
        PatchType::Merge => json_merge_patch(&current, patch),
        PatchType::Strategic => strategic_merge_patch(&current, patch).map_err(|e| e.into_api_error())?,
        PatchType::Json => json_patch(&current, patch).map_err(bad)?,
    };
    kubeplay_codec::object_from_json(&patched).map_err(bad)
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
    let mut value = match kubeplay_codec::parse_value(&text) {
        Ok(v) => v,
        Err(e) => {
            out.error(&format!("error: unable to parse {}: {e}", crate::gofmt::quote(&text)));
            return;
        }
    };
    if p.type_ != PatchType::Json && !value.is_object() {
        out.error(&format!("error: unable to parse {}: the patch is not a JSON object", crate::gofmt::quote(&text)));
        return;
    }
    if let (Some(cause), Some(m)) = (&inv.change_cause, value.as_object_mut()) {
        let meta = m.entry("metadata").or_insert_with(|| serde_json::json!({}));
        meta["annotations"][CHANGE_CAUSE] = Value::String(cause.clone());
    }
    let (objects, errors): (Vec<Arc<Object>>, Vec<String>) = if p.local {
        match &p.targets {
            Targets::Files { paths, .. } => {
                let (objs, errs) = read_manifests(paths, io);
                (objs.into_iter().map(|m| Arc::new(m.decoded.object)).collect(), errs)
            }
            _ => {
                out.error("error: cannot specify --local and server resources");
                return;
            }
        }
    } else {
        let f = find(engine, inv, io, &p.targets, false);
        (f.objects, f.errors)
    };
    let mut printer = Printer::new(&p.write);
    for obj in objects {
        if p.local || p.write.dry_run == DryRun::Client {
            match apply_locally(&obj, p.type_, &value) {
                Ok(patched) => printer.object(out, &patched, "patched"),
                // kubectl patched it itself: its own error, not the server's.
                Err(e) => out.error(&format!("error: {e}")),
            }
            continue;
        }
        let key = obj.key();
        let result = if p.write.dry_run == DryRun::Server {
            apply_locally(&obj, p.type_, &value).and_then(|o| client::dry_run(engine, |s, c| s.update(o, c)).map(|u| (true, u)))
        } else {
            client::patch(engine, &key, server_type(p.type_), &value)
        };
        match result {
            Ok((changed, updated)) => printer.object(out, &updated, if changed { "patched" } else { "patched (no change)" }),
            Err(e) => {
                out.error(&api_error(&e));
                return;
            }
        }
    }
    report(out, errors);
}

pub fn replace(r: &Replace, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let (objects, errors) = read_manifests(&r.files, io);
    let mut failures: Vec<Failure> = errors.into_iter().map(Failure::from_line).collect();
    let mut printer = Printer::new(&r.write);
    for m in objects {
        let mut obj = m.decoded.object;
        if obj.kind().namespaced() && obj.namespace().is_empty() {
            obj.meta_mut().namespace = namespace(inv).into();
        }
        super::apply::save_file_config(&mut obj, &m.decoded.raw, r.write.save_config);
        if let Some(cause) = &inv.change_cause {
            obj.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
        }
        let key = obj.key();
        if r.write.dry_run == DryRun::Client {
            printer.value(out, obj.kind(), obj.name(), &super::apply::client_dry_run_value(&m.decoded.raw, &obj), "replaced");
            continue;
        }
        let manifest = validation::Manifest { source: &m.source, kind: obj.kind(), api_version: &m.decoded.api_version, warnings: &m.decoded.warnings, decode_error: m.decoded.server_decode_error.as_deref() };
        let request = if r.force { validation::Request::Recreate } else { validation::Request::Replace };
        let verdict = validation::check(&manifest, r.write.validate, request);
        if r.force {
            if engine.store().get(&key).is_some() {
                let opts = DeleteOptions { grace_period_seconds: r.grace_period, propagation: Default::default() };
                if let Err(e) = client::delete(engine, &key, opts) {
                    failures.push(Failure::Server(e));
                    continue;
                }
                let info = key.kind.info();
                let kind = info.kind.to_ascii_lowercase();
                let kind = if info.group.is_empty() { kind } else { format!("{kind}.{}", info.group) };
                out.out(&format!("{kind} {} deleted", crate::gofmt::quote(&key.name)));
                // kubectl waits for the old object to be gone before creating.
                super::waiting::wait_until(
                    engine,
                    0,
                    |e| if e.store().get(&key).is_none() { super::waiting::Poll::Done } else { super::waiting::Poll::Pending },
                );
            }
            // The create that follows the delete is what the server validates.
            for w in &verdict.warnings {
                out.note(w);
            }
            if let Some(e) = verdict.error {
                failures.push(Failure::Text(e));
                continue;
            }
            match client::create(engine, obj) {
                Ok(created) => printer.object(out, &created, "replaced"),
                Err(e) => failures.push(Failure::Server(e)),
            }
            continue;
        }
        for w in &verdict.warnings {
            out.note(w);
        }
        if let Some(e) = verdict.error {
            failures.push(Failure::Text(e));
            continue;
        }
        let Some(live) = engine.store().get(&key).cloned() else {
            failures.push(Failure::Api { err: ApiError::not_found(key.kind, &key.name), verb: "replacing", source: m.source.clone() });
            continue;
        };
        if obj.meta().resource_version.is_empty() {
            obj.meta_mut().resource_version = live.meta().resource_version.clone();
        }
        let result = if r.write.dry_run == DryRun::Server { client::dry_run(engine, |s, c| s.update(obj, c)) } else { client::replace(engine, obj) };
        match result {
            Ok(updated) => printer.object(out, &updated, "replaced"),
            Err(err) => failures.push(Failure::Api { err, verb: "replacing", source: m.source.clone() }),
        }
    }
    report_failures(out, failures);
}
