//! `kubectl apply -f`: client-side apply of every decoded object, each a
//! step in the trace; successes print as they happen and errors after, as
//! kubectl's apply does.

use super::validation::{self, Request};
use super::write::{report_failures, set_manifest_namespace, unstructured, Failure, Printer};
use super::{Io, Output};
use crate::cli::command::{Apply, DryRun};
use crate::cli::Invocation;
use crate::print::gojson;
use kubeplay_apiserver::{ApiError, LAST_APPLIED};
use kubeplay_engine::client;
use kubeplay_engine::Engine;
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::{Kind, Object, ObjectKey, Selector};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The annotation `--record` writes.
pub const CHANGE_CAUSE: &str = "kubernetes.io/change-cause";

/// Sets an annotation on a client-built object (JSON in kubectl's shape).
pub fn annotate_value(v: &mut serde_json::Value, key: &str, value: &str) {
    if let Some(meta) = v.get_mut("metadata").and_then(serde_json::Value::as_object_mut) {
        let anns = meta.entry("annotations").or_insert_with(|| serde_json::json!({}));
        anns[key] = serde_json::json!(value);
    }
}

/// `--save-config` on a client-built object (`create deployment`,
/// `expose`, `autoscale`…): kubectl records it as encoded from its typed
/// form, fields in declaration order, ending in a newline.
pub fn save_typed_config(v: &mut serde_json::Value) {
    let config = format!("{}\n", kubeplay_codec::to_json_compact(v));
    annotate_value(v, LAST_APPLIED, &config);
}

/// `create -f` and `replace -f`: with `--save-config`, or when the manifest
/// already has a last-applied configuration (kubectl keeps it current, so
/// `get -o yaml`, edit, `replace -f` does not leave a stale one), records
/// the manifest as `apply` would.
pub fn save_file_config(obj: &mut Object, raw: &kubeplay_codec::Node, save: bool) {
    if save || obj.meta().annotations.contains_key(LAST_APPLIED) {
        let config = client::last_applied(obj, Some(raw.clone()));
        obj.meta_mut().annotations.insert(LAST_APPLIED.into(), config);
    }
}

/// What a client dry run of `create -f` or `replace -f` prints: the
/// manifest as kubectl would send it (unstructured, the namespace filled
/// in) with the annotations the command added.
pub fn client_dry_run_value(raw: &kubeplay_codec::Node, obj: &Object) -> serde_json::Value {
    let mut v = unstructured(raw, obj);
    for key in [LAST_APPLIED, CHANGE_CAUSE] {
        if let Some(a) = obj.meta().annotations.get(key) {
            annotate_value(&mut v, key, a);
        }
    }
    v
}

pub fn run(a: &Apply, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    if a.files.is_empty() {
        out.error("error: must specify one of -f and -k");
        return;
    }
    let selector = match a.selector.as_deref().map(Selector::parse).transpose() {
        Ok(s) => s,
        Err(e) => {
            out.error(&format!("error: {e}"));
            return;
        }
    };
    let (objects, errors) = super::manifests::read_manifests_for_write(&a.files, io);
    // The builder's errors come first, as kubectl reports them.
    let mut failures: Vec<Failure> = errors.into_iter().map(Failure::from_line).collect();
    let built_cleanly = failures.is_empty();
    let mut printer = Printer::new(&a.write);
    // What this apply covers, for --prune.
    let mut visited: BTreeSet<ObjectKey> = BTreeSet::new();
    // -l picks the manifests whose labels match.
    let objects: Vec<_> = objects.into_iter().filter(|m| selector.as_ref().is_none_or(|s| s.matches(&m.decoded.object.meta().labels))).collect();
    if objects.is_empty() && failures.is_empty() {
        out.error("error: no objects passed to apply");
        return;
    }
    for m in objects {
        // The decoded object and its raw JSON are moved, not copied: a
        // bundle's objects are large in total and are used once.
        let client_error = m.client_side_error();
        let mut obj = m.decoded.object;
        let kind = obj.kind();
        if let Err(e) = set_manifest_namespace(&mut obj, inv) {
            failures.push(Failure::from_line(e));
            continue;
        }
        // apply.go's applyOneObject: a generated name cannot be applied
        // again, and without a name the GET of the live object fails.
        if obj.name().is_empty() {
            failures.push(Failure::Client(match obj.meta().generate_name.as_deref().filter(|g| !g.is_empty()) {
                Some(g) => format!("from {g}: cannot use generate name with apply"),
                None => format!(
                    "error when retrieving current configuration of:\n{}\nfrom server for: {}: resource name may not be empty",
                    info_string(&obj),
                    crate::gofmt::quote(&m.source)
                ),
            }));
            continue;
        }
        // The GET of the live object comes first: a 403 (`--as`) is that
        // request's failure.
        if let Err(err) = engine.authorize("get", kind, obj.namespace(), obj.name(), "") {
            let what = format!("error when retrieving current configuration of:\n{}\nfrom server for: {}", info_string(&obj), crate::gofmt::quote(&m.source));
            failures.push(Failure::Text(format!("{}: {what}: {}", err.from_server(), err.server_message())));
            continue;
        }
        // That GET goes through the manifest's version: a deprecated one warns.
        if let Some(w) = super::fetch::manifest_warning(engine.store(), &obj) {
            out.note(&w);
        }
        if let Some(cause) = &inv.change_cause {
            obj.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
        }
        // kubectl's patcher warns before merging into an object that `create`
        // made without --save-config (a client dry run never gets there).
        if a.write.dry_run != DryRun::Client {
            if let Some(live) = engine.store().get(&obj.key()).filter(|l| !l.meta().annotations.contains_key(LAST_APPLIED)) {
                out.note(&format!(
                    "Warning: resource {}/{} is missing the {LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.",
                    live.kind().info().plural,
                    live.name()
                ));
            }
        }
        visited.insert(obj.key());
        // patcher.go computes the patch before sending anything; where it
        // cannot (a list item without its merge key) apply stops here.
        let mut sent = None;
        if a.write.dry_run != DryRun::Client {
            if let Some(live) = engine.store().get(&obj.key()) {
                let inputs = client::patch_inputs(live, &obj, Some(m.decoded.raw.clone()));
                match inputs.patch() {
                    Ok(p) => sent = Some(format!("applying patch:\n{}\nto:\n{}\nfor:", gojson::marshal(&p), info_string(&obj)).into_boxed_str()),
                    Err(e) => {
                        // Both OpenAPI schemas fail the same way before the
                        // built-in types do.
                        out.note(&format!("warning: error calculating patch from openapi v3 spec: {e}"));
                        out.note(&format!("warning: error calculating patch from openapi spec: {e}"));
                        failures.push(Failure::Client(create_patch_error(&obj, &m.source, &inputs, &e)));
                        continue;
                    }
                }
            }
        }
        let refused = |err: ApiError, verb: &'static str, sent: Option<Box<str>>, source: String| match sent {
            Some(what) if verb == "patching" => Failure::Patch { err, what, source },
            _ => Failure::Api { err, verb, source },
        };
        // The server validates the fields of what it is sent: the object,
        // or for one that exists the patch (a client dry run sends nothing).
        if a.write.dry_run != DryRun::Client {
            // A create's fields are the object's; a patch's are checked
            // by the server on the patch, which the playground leaves to
            // the decoder's warnings.
            let warnings = match engine.store().get(&obj.key()) {
                None => validation::with_pruned(engine, &obj, &m.decoded.warnings),
                Some(_) => m.decoded.warnings.clone(),
            };
            let manifest = validation::Manifest { source: &m.source, kind, api_version: &m.decoded.api_version, warnings: &warnings, decode_error: m.decoded.server_decode_error.as_deref(), refused: m.refused.as_ref() };
            let live = engine.store().get(&obj.key());
            let patch = || live.map(|l| client::apply_patch(l, &obj, Some(m.decoded.raw.clone()))).unwrap_or_default();
            let request = if live.is_some() { Request::Patch(&patch) } else { Request::Create };
            let verdict = validation::check(&manifest, a.write.validate, request);
            for w in &verdict.warnings {
                out.note(w);
            }
            if let Some(e) = verdict.error {
                failures.push(Failure::Text(e));
                continue;
            }
            if live.is_none() {
                if let Some(err) = super::events_v1_write::refused(&obj, &m.decoded.api_version) {
                    failures.push(Failure::Api { err, verb: "creating", source: m.source.clone() });
                    continue;
                }
            } else if super::events_v1_write::is_v1_event(&obj, &m.decoded.api_version) {
                failures.push(Failure::Text(super::events_v1_write::NO_V1_UPDATES.into()));
                continue;
            }
        }
        // apply.go: a create is `creating`, a patch `patching` (wrapped once
        // more with the patch it sent and the object).
        let verb = if engine.store().get(&obj.key()).is_some() { "patching" } else { "creating" };
        match a.write.dry_run {
            // kubectl sends nothing: it prints the live object if there is
            // one, else the manifest as it would send it.
            DryRun::Client => {
                if let Some(e) = client_error {
                    failures.push(Failure::Text(e));
                    continue;
                }
                match engine.store().get(&obj.key()) {
                    Some(live) => printer.object(out, live, "configured"),
                    None => {
                        let mut v = unstructured(&m.decoded.raw, &obj);
                        let config = client::last_applied(&obj, Some(m.decoded.raw));
                        annotate_value(&mut v, LAST_APPLIED, &config);
                        printer.value(out, obj.kind(), obj.name(), &v, "created");
                    }
                }
                continue;
            }
            DryRun::Server => {
                let (answer, warnings) = client::apply_dry_run(engine, &obj, Some(m.decoded.raw), client::DryApply { record: true, locked: true });
                super::print_warnings(warnings, out);
                match answer {
                    Ok((None, created)) => printer.object(out, &created, "created"),
                    Ok((Some(live), merged)) => {
                        warn_if_deleting(out, &merged);
                        printer.object(out, &merged, if *live == merged { "unchanged" } else { "configured" });
                    }
                    Err(err) => failures.push(refused(err, verb, sent, m.source.clone())),
                }
                continue;
            }
            DryRun::None => {}
        }
        let mut raw = m.decoded.raw;
        if let (Some(cause), Some(meta)) = (&inv.change_cause, raw.map_at("metadata")) {
            if let Some(a) = meta.map_at("annotations") {
                a.set(CHANGE_CAUSE, kubeplay_codec::NodeValue::Str(cause.clone()));
            }
        }
        let applied = client::apply(engine, obj, Some(raw));
        validation::server_warnings(engine, a.write.validate, out);
        match applied {
            Ok((outcome, applied)) => {
                if outcome != client::ApplyOutcome::Created {
                    warn_if_deleting(out, &applied);
                }
                printer.object(out, &applied, outcome.as_str());
            }
            Err(err) => failures.push(refused(err, verb, sent, m.source)),
        }
    }
    // kubectl prunes only after every object applied.
    let mut prune_errors = Vec::new();
    if a.prune && built_cleanly && failures.is_empty() {
        prune(engine, a, selector.as_ref(), &visited, &mut printer, out, &mut prune_errors);
    }
    report_failures(out, failures);
    for e in prune_errors {
        out.error(&e);
    }
}

/// apply.go's WarnIfDeleting, after a patch of an object being deleted.
fn warn_if_deleting(out: &mut Output, obj: &Object) {
    if obj.meta().is_being_deleted() {
        out.note(&format!("Warning: Detected changes to resource {} which is currently being deleted.", obj.name()));
    }
}

/// kubectl's error when CreateThreeWayMergePatch fails: patcher.go quotes
/// the three documents and wraps the cause with the source; apply.go wraps
/// that again, with the (empty) patch and the object.
fn create_patch_error(obj: &Object, source: &str, inputs: &client::PatchInputs, e: &kubeplay_apiserver::SmpError) -> String {
    let source = crate::gofmt::quote(source);
    format!(
        "error when applying patch:\n\nto:\n{}\nfor: {source}: error when patching {source}: creating patch with:\noriginal:\n{}\nmodified:\n{}\ncurrent:\n{}\nfor:: {e}",
        info_string(obj),
        inputs.original.as_deref().unwrap_or_default(),
        // runtime.Encode ends each document with a newline.
        format_args!("{}\n", gojson::marshal(&inputs.modified)),
        format_args!("{}\n", gojson::marshal(&inputs.current)),
    )
}

/// `resource.Info.String()`: the mapping and the name, as kubectl quotes
/// an object in its errors.
pub fn info_string(obj: &Object) -> String {
    let info = obj.kind().info();
    let ns = if obj.kind().namespaced() { obj.namespace() } else { "" };
    format!(
        "Resource: \"{}/{}, Resource={}\", GroupVersionKind: \"{}/{}, Kind={}\"\nName: {}, Namespace: {}",
        info.group,
        info.version,
        info.plural,
        info.group,
        info.version,
        info.kind,
        crate::gofmt::quote(obj.name()),
        crate::gofmt::quote(ns)
    )
}

/// kubectl's default `--prune` kinds (`prune.go`), in its order.
const PRUNE_KINDS: [Kind; 16] = [
    Kind::ConfigMap,
    Kind::Endpoints,
    Kind::Namespace,
    Kind::PersistentVolumeClaim,
    Kind::PersistentVolume,
    Kind::Pod,
    Kind::ReplicationController,
    Kind::Secret,
    Kind::Service,
    Kind::Job,
    Kind::CronJob,
    Kind::Ingress,
    Kind::DaemonSet,
    Kind::Deployment,
    Kind::ReplicaSet,
    Kind::StatefulSet,
];

/// `--prune`: deletes what an earlier apply made (the object carries a
/// last-applied configuration) and this one no longer names: objects of
/// the default prune kinds, in the namespaces this apply used (and
/// cluster-scoped ones), matching `-l` (or all, with `--all`). As
/// kubectl's pruner, every namespace's kinds come first, then the
/// cluster-scoped kinds (kubectl walks its namespaces in Go's map order;
/// here they are sorted).
fn prune(engine: &mut Engine, a: &Apply, selector: Option<&Selector>, visited: &BTreeSet<ObjectKey>, printer: &mut Printer, out: &mut Output, errors: &mut Vec<String>) {
    let namespaces: BTreeSet<&str> = visited.iter().filter(|k| k.kind.namespaced()).map(|k| k.namespace.as_str()).collect();
    let namespaced = namespaces.iter().flat_map(|n| PRUNE_KINDS.iter().filter(|k| k.namespaced()).map(move |k| (*k, Some(*n))));
    let scopes: Vec<(Kind, Option<&str>)> = namespaced.chain(PRUNE_KINDS.iter().filter(|k| !k.namespaced()).map(|k| (*k, None))).collect();
    for (kind, ns) in scopes {
        let doomed: Vec<Arc<Object>> = engine
            .store()
            .list(kind, ns)
            .filter(|o| {
                let meta = o.meta();
                meta.annotations.contains_key(LAST_APPLIED) && !meta.is_being_deleted() && !visited.contains(&o.key()) && selector.is_none_or(|s| s.matches(&meta.labels))
            })
            .cloned()
            .collect();
        for o in doomed {
            if a.write.dry_run == DryRun::None {
                if let Err(e) = client::delete(engine, &o.key(), DeleteOptions::default()) {
                    errors.push(crate::exec::write::api_error(&e));
                    continue;
                }
            }
            printer.object(out, &o, "pruned");
        }
    }
}

#[cfg(test)]
#[path = "apply_upstream_tests.rs"]
mod upstream_tests;
