//! What the object-changing commands share: finding their targets,
//! printing what they changed as kubectl's printers do (`NAME OPERATION`,
//! `-o name|yaml|json|jsonpath`, the dry-run suffixes), and wording server
//! errors.

use super::fetch::{fetch, Fetched, Scope};
use super::{Cx, Io, Output};
use crate::cli::{DryRun, Invocation, Targets, WriteOptions};
use crate::print::{gotemplate, jsonpath};
use crate::print::output::OutputFormat;
use crate::print::structured::{json, name, object_value, sort_keys, typed_value, yaml_checked};
use kubeplay_apiserver::{ApiError, DenyReason};
use kubeplay_engine::client::ClientError;
use kubeplay_engine::Engine;
use kubeplay_model::{Kind, Object};
use serde_json::Value;

/// A manifest as kubectl holds it before sending it: the unstructured
/// object as written (printed with its keys sorted, as Go's maps are),
/// with the namespace kubectl fills in.
pub fn unstructured(raw: &kubeplay_codec::Node, obj: &Object) -> Value {
    let mut v = raw.to_json();
    if obj.kind().namespaced() {
        if let Some(meta) = v.get_mut("metadata").and_then(Value::as_object_mut) {
            meta.insert("namespace".into(), Value::String(obj.namespace().to_string()));
        }
    }
    sort_keys(&mut v);
    v
}

/// Gives a manifest's object the namespace kubectl's builder gives it:
/// its own, else `-n`'s, else `default`. A namespace `-n` contradicts is an
/// error, in kubectl's words.
pub fn set_manifest_namespace(obj: &mut Object, inv: &Invocation) -> Result<(), String> {
    if !obj.kind().namespaced() {
        return Ok(());
    }
    let ns = obj.namespace();
    match &inv.namespace {
        Some(flag) if !ns.is_empty() && flag != ns => Err(format!(
            "error: the namespace from the provided object \"{ns}\" does not match the namespace \"{flag}\". You must pass '--namespace={ns}' to perform this operation."
        )),
        _ if ns.is_empty() => {
            obj.meta_mut().namespace = namespace(inv).into();
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The namespace a command works in: `-n`, else the kubeconfig context's,
/// else `default`.
pub fn namespace(inv: &Invocation) -> &str {
    inv.namespace.as_deref().or(inv.context_namespace.as_deref()).unwrap_or("default")
}

/// A read-only view of the cluster for resolving targets.
pub fn cx<'a>(engine: &'a Engine, inv: &'a Invocation, io: Io<'a>) -> Cx<'a> {
    Cx { store: engine.store(), now: engine.now(), namespace: namespace(inv), explicit_namespace: inv.namespace.is_some(), io }
}

/// Resolves targets to live objects.
pub fn find(engine: &Engine, inv: &Invocation, io: Io, targets: &Targets, all_namespaces: bool) -> Fetched {
    fetch(targets, Scope { all_namespaces }, &cx(engine, inv, io))
}

/// `(dry run)` / `(server dry run)` after an operation.
pub fn dry_suffix(d: DryRun) -> &'static str {
    match d {
        DryRun::None => "",
        DryRun::Client => " (dry run)",
        DryRun::Server => " (server dry run)",
    }
}

/// How kubectl's `CheckErr` prints a server error: validation failures as
/// their message, the rest as `Error from server (Reason): …`.
pub fn api_error(e: &ApiError) -> String {
    match e {
        ApiError::Invalid { .. } | ApiError::Unprocessable | ApiError::PolicyDenied { reason: DenyReason::Invalid, .. } => e.to_string(),
        other => other.kubectl_message(),
    }
}

/// A client error (`error: …`) or a server one.
pub fn client_error(e: &ClientError) -> String {
    match e {
        ClientError::Api(a) => api_error(a),
        ClientError::Client(m) => format!("error: {m}"),
    }
}

/// Prints changed objects as the command's `-o` asks, one after another as
/// kubectl's printers do (YAML documents separated by `---`).
pub struct Printer<'a> {
    pub write: &'a WriteOptions,
    printed: usize,
}

impl<'a> Printer<'a> {
    pub fn new(write: &'a WriteOptions) -> Printer<'a> {
        Printer { write, printed: 0 }
    }

    /// Prints one object: `deployment.apps/web scaled` by default.
    pub fn object(&mut self, out: &mut Output, obj: &Object, operation: &str) {
        // The object's JSON only when the format prints it: applying a
        // large bundle prints a name per object.
        let v = if self.prints_names() { Value::Null } else { object_value(obj, false) };
        self.value(out, obj.kind(), obj.name(), &v, operation);
    }

    /// [`Printer::object`] for commands whose client is typed (the server's
    /// answer keeps its struct field order).
    pub fn typed_object(&mut self, out: &mut Output, obj: &Object, operation: &str) {
        let v = if self.prints_names() { Value::Null } else { typed_value(obj, false) };
        self.print(out, obj.kind(), obj.name(), &v, operation, true);
    }

    /// [`Printer::value`] for an object kubectl builds as a typed struct
    /// (the `create` generators, `autoscale`).
    pub fn typed(&mut self, out: &mut Output, kind: Kind, obj_name: &str, v: &Value, operation: &str) {
        self.print(out, kind, obj_name, v, operation, true);
    }

    fn prints_names(&self) -> bool {
        matches!(self.write.output.as_ref().unwrap_or(&OutputFormat::Default), OutputFormat::Default | OutputFormat::Wide | OutputFormat::CustomColumns(_) | OutputFormat::Name)
    }

    /// Prints one object given as JSON (client-side objects keep the
    /// shape kubectl's typed structs give them).
    pub fn value(&mut self, out: &mut Output, kind: Kind, obj_name: &str, v: &Value, operation: &str) {
        self.print(out, kind, obj_name, v, operation, false);
    }

    fn print(&mut self, out: &mut Output, kind: Kind, obj_name: &str, v: &Value, operation: &str, typed: bool) {
        let first = self.printed == 0;
        self.printed += 1;
        match self.write.output.as_ref().unwrap_or(&OutputFormat::Default) {
            OutputFormat::Default | OutputFormat::Wide | OutputFormat::CustomColumns(_) => {
                out.out(&format!("{} {operation}{}", name(kind, obj_name), dry_suffix(self.write.dry_run)))
            }
            OutputFormat::Name => out.out(&name(kind, obj_name)),
            OutputFormat::Yaml => {
                if !first {
                    out.stdout.push_str("---\n");
                }
                out.printed(yaml_checked(v).map_err(Into::into));
            }
            OutputFormat::Json => out.stdout.push_str(&json(v)),
            OutputFormat::JsonPath { template, allow_missing } | OutputFormat::JsonPathAsJson { template, allow_missing } => {
                let as_json = matches!(self.write.output, Some(OutputFormat::JsonPathAsJson { .. }));
                // kubectl's JSONPath printer round-trips a typed object
                // through JSON into interface{}: its numbers are float64.
                let floats;
                let v = if typed {
                    floats = jsonpath::float_numbers(v);
                    &floats
                } else {
                    v
                };
                out.printed(jsonpath::print(template, v, *allow_missing, as_json).map_err(Into::into))
            }
            OutputFormat::GoTemplate { template, allow_missing } => out.printed(gotemplate::print(template, v, *allow_missing)),
        }
    }
}

/// One failure of a command that works through several objects (`apply`,
/// `create` and `replace -f`), kept until the end: kubectl collects them
/// and its CheckErr prints one error differently from several
/// (`cmdutil.checkErr` against `MultipleErrors`).
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// kubectl's own error (decoding, a namespace mismatch, generateName
    /// with apply): `error: <msg>` alone, the bare message among others.
    /// Lines after the first (playground hints) are kept either way.
    Client(String),
    /// The server refused the request for the object from `source`;
    /// kubectl's AddSourceToErr names the source and what it was `verb`ing.
    Api { err: ApiError, verb: &'static str, source: String },
    /// The server refused `kubectl apply`'s patch: apply.go's wrap (`what`:
    /// `applying patch:` with the patch sent and resource.Info's String())
    /// goes around patcher.go's own `patching` one.
    Patch { err: ApiError, what: Box<str>, source: String },
    /// The server refused a request kubectl does not wrap with the source.
    Server(ApiError),
    /// Already in kubectl's words, the same alone or not.
    Text(String),
}

impl Failure {
    /// A line `read_manifests` or another helper already rendered as
    /// `error: …`: kubectl's own error.
    pub fn from_line(line: String) -> Failure {
        match line.strip_prefix("error: ") {
            Some(rest) => Failure::Client(rest.to_string()),
            None => Failure::Text(line),
        }
    }

    fn render(&self, alone: bool) -> String {
        match self {
            Failure::Client(m) if alone => format!("error: {m}"),
            Failure::Client(m) | Failure::Text(m) => m.clone(),
            // Alone, an Invalid error is rebuilt from its causes without the
            // source; among others it is the Status message.
            Failure::Api { err: e @ ApiError::Invalid { .. }, .. } | Failure::Patch { err: e @ ApiError::Invalid { .. }, .. } | Failure::Server(e @ ApiError::Invalid { .. }) if alone => e.to_string(),
            Failure::Api { err: e @ ApiError::PolicyDenied { reason: DenyReason::Invalid, .. }, .. } | Failure::Server(e @ ApiError::PolicyDenied { reason: DenyReason::Invalid, .. }) if alone => e.to_string(),
            Failure::Server(err) => format!("{}: {}", err.from_server(), err.server_message()),
            Failure::Patch { err, what, source } => {
                let source = crate::gofmt::quote(source);
                format!("{}: error when {what} {source}: error when patching {source}: {}", err.from_server(), err.server_message())
            }
            Failure::Api { err, verb, source } => {
                format!("{}: error when {verb} {}: {}", err.from_server(), crate::gofmt::quote(source), err.server_message())
            }
        }
    }
}

/// Prints the failures as kubectl's CheckErr does, after everything else.
pub fn report_failures(out: &mut Output, failures: Vec<Failure>) {
    let alone = failures.len() == 1;
    for f in failures {
        out.error(&f.render(alone));
    }
}

/// Prints lookup errors last, as kubectl's ContinueOnError visitors do.
pub fn report(out: &mut Output, errors: Vec<String>) {
    for e in errors {
        out.error(&e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Real kubectl 1.32 against a server answering 404 and 422 for two of
    // three documents of one apply, the third using generateName.
    #[test]
    fn failures_alone_and_together() {
        let invalid = || ApiError::invalid(Kind::ConfigMap, "Bad", ["metadata.name: Invalid value: \"Bad\": x".to_string()]);
        let one = |f: Failure| {
            let mut out = Output::default();
            report_failures(&mut out, vec![f]);
            out.stderr
        };
        assert_eq!(one(Failure::Api { err: invalid(), verb: "creating", source: "STDIN".into() }), "The ConfigMap \"Bad\" is invalid: metadata.name: Invalid value: \"Bad\": x\n");
        assert_eq!(one(Failure::Client("from x-: cannot use generate name with apply".into())), "error: from x-: cannot use generate name with apply\n");
        let mut out = Output::default();
        report_failures(
            &mut out,
            vec![
                Failure::Api { err: ApiError::not_found(Kind::Namespace, "nope"), verb: "creating", source: "STDIN".into() },
                Failure::Api { err: invalid(), verb: "creating", source: "STDIN".into() },
                Failure::Client("from x-: cannot use generate name with apply".into()),
            ],
        );
        assert_eq!(
            out.stderr,
            "Error from server (NotFound): error when creating \"STDIN\": namespaces \"nope\" not found\n\
             Error from server (Invalid): error when creating \"STDIN\": ConfigMap \"Bad\" is invalid: metadata.name: Invalid value: \"Bad\": x\n\
             from x-: cannot use generate name with apply\n"
        );
        assert!(out.failed);
    }

    #[test]
    fn printer_forms() {
        let mut obj = kubeplay_model::api::Deployment::default();
        obj.metadata.name = "web".into();
        let obj = Object::from(obj);
        let opts = WriteOptions::default();
        let mut out = Output::default();
        Printer::new(&opts).object(&mut out, &obj, "scaled");
        assert_eq!(out.stdout, "deployment.apps/web scaled\n");
        let opts = WriteOptions { dry_run: DryRun::Server, ..Default::default() };
        let mut out = Output::default();
        Printer::new(&opts).object(&mut out, &obj, "labeled");
        assert_eq!(out.stdout, "deployment.apps/web labeled (server dry run)\n");
        let opts = WriteOptions { dry_run: DryRun::Client, output: Some(OutputFormat::Name), ..Default::default() };
        let mut out = Output::default();
        Printer::new(&opts).object(&mut out, &obj, "labeled");
        assert_eq!(out.stdout, "deployment.apps/web\n");
    }
}
