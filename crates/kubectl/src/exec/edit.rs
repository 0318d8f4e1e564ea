//! `kubectl edit` and `kubectl apply edit-last-applied`, without the
//! editor: kubectl's editoptions.go split where it launches `$EDITOR`.
//! [`open`] fetches the objects and builds the buffer kubectl writes to
//! its temp file (the header comment, then the object as `-o yaml` prints
//! it, or `-o json` without a header; several objects as a `List`); the
//! front end runs an editor on that text and hands the result to
//! [`Session::finish`], which compares, parses and patches as kubectl
//! does, and either ends ([`Step::Done`]) or asks for the editor again
//! with the server's errors on top ([`Step::Again`]). Who runs the editor
//! (the terminal's shell, the page's editor) is the caller's business.

use super::edit_text::{
    self, create_merge_patch, go_sharp, has_lines, manual_strip, strip_comments, Reason,
};
use super::write::{find, namespace, Printer};
use super::{Io, Output};
use crate::cli::{Command, Edit, FieldValidation, Invocation, Subresource, WriteOptions};
use crate::print::output::OutputFormat;
use crate::print::structured::{json, object_value, sort_keys, yaml};
use kubeplay_apiserver::authz::UserInfo;
use kubeplay_apiserver::{patch_on_server, ApiError, PatchType, LAST_APPLIED};
use kubeplay_engine::Engine;
use kubeplay_model::{Kind, Object, ObjectKey};
use serde_json::{json as j, Value};
use std::sync::Arc;

/// An edit in progress: the objects as first shown, and what the editor
/// returned last.
#[derive(Clone, Debug)]
pub struct Session {
    edit: Edit,
    /// The namespace the command runs in (`RequireNamespace`).
    namespace: String,
    change_cause: Option<String>,
    who: Option<UserInfo>,
    /// The objects as the editor first showed them (keys sorted, no
    /// managedFields), with their kinds.
    originals: Vec<(Kind, Value)>,
    /// The first buffer, header included.
    original: String,
    /// What the editor returned last.
    edited: String,
    contains_error: bool,
    reasons: Vec<Reason>,
    /// The temp file of the last pass, which kubectl names in its errors.
    file: Option<String>,
    /// What kubectl printed before launching the editor (warnings).
    opened: Output,
    /// `create -f … --edit`: the objects still to edit, one at a time,
    /// each created when saved (None: an edit of live objects).
    create: Option<Vec<(Kind, Value)>>,
}

/// What became of one pass through the editor.
#[derive(Clone, Debug)]
pub enum Step {
    /// The edit is over; `keep_file`: kubectl leaves its temp file behind
    /// (it said so, or told the user to `replace -f` it).
    Done { out: Output, keep_file: bool },
    /// Run the editor again on [`Session::buffer`]; `out` is what this pass printed.
    Again(Output),
    /// `create --edit`: this object is done (its file can go); run the
    /// editor on the next one's [`Session::buffer`].
    Next(Output),
}

const BASE: &str = "kubectl";

/// Fetches what `inv` (an edit) names and prepares the buffer, or what
/// kubectl printed when it could not.
pub fn open(inv: &Invocation, engine: &Engine, io: Io) -> Result<Session, Box<Output>> {
    kubeplay_model::custom_kind::with_served(engine.served_custom_kinds(), || match &inv.command {
        Command::Edit(e) => open_served(inv, e, engine, io),
        Command::Create(c) => open_create(inv, c, engine, io),
        _ => Err(Box::default()),
    })
}

/// Whether the command runs an editor ([`open`] takes it): `edit`,
/// `apply edit-last-applied`, `create -f … --edit`.
pub fn opens_editor(c: &Command) -> bool {
    matches!(
        c,
        Command::Edit(_)
            | Command::Create(crate::cli::Create {
                what: crate::cli::CreateWhat::Files { edit: true, .. },
                ..
            })
    )
}

/// `create -f FILE --edit` (EditBeforeCreateMode): each object of the
/// files in turn, as the builder read it (the namespace filled in).
fn open_create(
    inv: &Invocation,
    c: &crate::cli::Create,
    engine: &Engine,
    io: Io,
) -> Result<Session, Box<Output>> {
    let crate::cli::CreateWhat::Files { files, .. } = &c.what else {
        return Err(Box::default());
    };
    let mut out = Output::default();
    for w in &inv.warnings {
        out.note(w);
    }
    let who = match super::gate(inv, &super::write::cx(engine, inv, io)) {
        Ok(who) => who,
        Err(denied) => {
            out.append(*denied);
            return Err(Box::new(out));
        }
    };
    let (objects, errors) = super::read_manifests(files, io);
    if !errors.is_empty() {
        errors.iter().for_each(|e| out.error(e));
        return Err(Box::new(out));
    }
    let mut queue = Vec::with_capacity(objects.len());
    for m in objects {
        let mut obj = m.decoded.object;
        if let Err(e) = super::write::set_manifest_namespace(&mut obj, inv) {
            out.error(&e);
            return Err(Box::new(out));
        }
        queue.push((obj.kind(), super::write::unstructured(&m.decoded.raw, &obj)));
    }
    if queue.is_empty() {
        out.error("error: no objects passed to create");
        return Err(Box::new(out));
    }
    let first = queue.remove(0);
    let edit = Edit {
        targets: crate::cli::Targets::Files {
            paths: files.clone(),
            recursive: false,
            selector: None,
        },
        output: c.write.output.clone(),
        output_flag: String::new(),
        output_patch: false,
        save_config: c.write.save_config,
        subresource: None,
        field_manager: c.write.field_manager.clone(),
        validate: c.write.validate,
        windows_line_endings: false,
        last_applied: false,
    };
    Ok(Session::start(edit, inv, who, vec![first], out, Some(queue)))
}

fn open_served(
    inv: &Invocation,
    e: &Edit,
    engine: &Engine,
    io: Io,
) -> Result<Session, Box<Output>> {
    let mut out = Output::default();
    for w in &inv.warnings {
        out.note(w);
    }
    let who = {
        let cx = super::write::cx(engine, inv, io);
        match super::gate(inv, &cx) {
            Ok(who) => who,
            Err(denied) => {
                out.append(*denied);
                return Err(Box::new(out));
            }
        }
    };
    // The editor shows JSON or YAML only; another -o fails as its printer does.
    if let Some(f) = &e.output {
        if !matches!(f, OutputFormat::Json | OutputFormat::Yaml) {
            out.error(&format!("error: unable to match a printer suitable for the output format {}, allowed formats are: json,yaml", crate::gofmt::quote(&e.output_flag)));
            return Err(Box::new(out));
        }
    }
    let found = find(engine, inv, io, &e.targets, false);
    let errors_first = !found.errors.is_empty();
    for err in &found.errors {
        out.error(err);
    }
    if errors_first {
        return Err(Box::new(out));
    }
    let mut originals = Vec::new();
    for obj in &found.objects {
        if let Some(who) = &who {
            let key = obj.key();
            let a = kubeplay_apiserver::authz::resource_attributes(
                who,
                "get",
                key.kind,
                &key.namespace,
                &key.name,
            );
            if let Err(denied) = kubeplay_apiserver::authz::check(engine.store(), &a) {
                out.error(&super::write::api_error(&denied));
                return Err(Box::new(out));
            }
        }
        if !e.last_applied {
            originals.push((obj.kind(), object_value(obj, false)));
            continue;
        }
        // The annotation's configuration, read back as an object.
        let Some(config) = obj.meta().annotations.get(LAST_APPLIED) else {
            continue;
        };
        match kubeplay_codec::parse_value(config) {
            Ok(mut v) if v.is_object() => {
                sort_keys(&mut v);
                originals.push((obj.kind(), v));
            }
            Ok(_) => {}
            Err(err) => {
                out.error(&format!(
                    "error: error parsing last-applied-configuration: {err}"
                ));
                return Err(Box::new(out));
            }
        }
    }
    if originals.is_empty() {
        out.error(if e.last_applied {
            "error: no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`"
        } else {
            "error: edit cancelled, no objects found"
        });
        return Err(Box::new(out));
    }
    Ok(Session::start(e.clone(), inv, who, originals, out, None))
}

impl Session {
    /// A session before its first pass: the buffer the editor opens on is
    /// also the original that later passes are compared with.
    fn start(edit: Edit, inv: &Invocation, who: Option<UserInfo>, originals: Vec<(Kind, Value)>, opened: Output, create: Option<Vec<(Kind, Value)>>) -> Session {
        let mut session = Session {
            edit,
            namespace: namespace(inv).to_string(),
            change_cause: inv.change_cause.clone(),
            who,
            originals,
            original: String::new(),
            edited: String::new(),
            contains_error: false,
            reasons: Vec::new(),
            file: None,
            opened,
            create,
        };
        session.original = session.buffer();
        session
    }

    fn json(&self) -> bool {
        matches!(self.edit.output, Some(OutputFormat::Json))
    }

    /// The temp file's extension: `.json` for `-o json`, else `.yaml`.
    pub fn extension(&self) -> &'static str {
        if self.json() {
            ".json"
        } else {
            ".yaml"
        }
    }

    /// kubectl's temp file name for a pass, from the digits the front end drew.
    pub fn temp_file(&self, digits: &str) -> String {
        format!("/tmp/{BASE}-edit-{digits}{}", self.extension())
    }

    /// What the edit holds, for a title: `deployment.apps/web`, or the
    /// names of several objects.
    pub fn title(&self) -> String {
        let names: Vec<String> = self
            .originals
            .iter()
            .map(|(k, v)| {
                crate::print::structured::name(
                    *k,
                    v.pointer("/metadata/name")
                        .and_then(Value::as_str)
                        .unwrap_or_default(),
                )
            })
            .collect();
        names.join(", ")
    }

    /// The command, for the playground's notes: `kubectl edit`,
    /// `kubectl apply edit-last-applied` or `kubectl create --edit`.
    pub fn command(&self) -> &'static str {
        match (self.create.is_some(), self.edit.last_applied) {
            (true, _) => "kubectl create --edit",
            (false, true) => "kubectl apply edit-last-applied",
            (false, false) => "kubectl edit",
        }
    }

    /// What kubectl printed before the editor ran.
    pub fn opened(&self) -> &Output {
        &self.opened
    }

    /// The last pass's temp file, which an error names.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// The text the editor opens: the header (YAML only) with the reasons
    /// of the last failure, then the objects, or after an error what the
    /// user last saved, without its comments.
    pub fn buffer(&self) -> String {
        let mut text = if self.json() {
            String::new()
        } else {
            edit_text::header(self.edit.last_applied, &self.reasons)
        };
        if self.contains_error {
            text.push_str(&manual_strip(&self.edited));
        } else {
            let v = match self.originals.as_slice() {
                [(_, one)] => one.clone(),
                many => {
                    j!({"apiVersion": "v1", "items": many.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>(), "kind": "List", "metadata": {}})
                }
            };
            text.push_str(&if self.json() { json(&v) } else { yaml(&v) });
        }
        if self.edit.windows_line_endings {
            text = text.replace('\n', "\r\n");
        }
        text
    }

    /// The editor could not run (`message`: kubectl's words for why).
    pub fn editor_failed(&self, message: &str) -> Output {
        let mut out = Output::default();
        self.preserved(&mut out, self.file.as_deref(), &format!("error: {message}"));
        out
    }

    /// `preservedFile`: where the changes are, then the error `line` as
    /// CheckErr prints it.
    fn preserved(&self, out: &mut Output, file: Option<&str>, line: &str) {
        if let Some(f) = file {
            out.note(&format!(
                "A copy of your changes has been stored to {}",
                crate::gofmt::quote(f)
            ));
        }
        out.error(line);
    }

    /// One return from the editor: `edited` is the file's text, `file` its
    /// name.
    pub fn finish(&mut self, edited: &str, file: &str, engine: &mut Engine) -> Step {
        let step = kubeplay_model::custom_kind::with_served(engine.served_custom_kinds(), || {
            self.finish_served(edited, file, engine)
        });
        // create --edit goes on to the next object after one that ended
        // well (or was left unchanged), as its visitor does.
        match (step, self.create.as_mut()) {
            (
                Step::Done {
                    out,
                    keep_file: false,
                },
                Some(queue),
            ) if !out.failed && !queue.is_empty() => {
                let next = queue.remove(0);
                self.originals = vec![next];
                self.edited.clear();
                self.contains_error = false;
                self.reasons.clear();
                self.file = None;
                self.original = self.buffer();
                Step::Next(out)
            }
            (step, _) => step,
        }
    }

    fn finish_served(&mut self, edited: &str, file: &str, engine: &mut Engine) -> Step {
        let mut out = Output::default();
        let previous = std::mem::replace(&mut self.edited, edited.to_string());
        if self.contains_error && strip_comments(&previous) == strip_comments(edited) {
            self.preserved(
                &mut out,
                Some(file),
                "error: Edit cancelled, no valid changes were saved.",
            );
            return Step::Done {
                out,
                keep_file: true,
            };
        }
        self.file = Some(file.to_string());
        if strip_comments(&self.original) == strip_comments(edited) {
            out.note("Edit cancelled, no changes made.");
            return Step::Done {
                out,
                keep_file: false,
            };
        }
        if !has_lines(edited) {
            out.note("Edit cancelled, saved file was empty.");
            return Step::Done {
                out,
                keep_file: false,
            };
        }
        self.reasons.clear();
        let objects = match parse(edited) {
            Ok(objects) => objects,
            Err(e) => {
                self.contains_error = true;
                self.reasons.push(Reason {
                    head: format!("The edited file had a syntax error: {e}"),
                    other: Vec::new(),
                });
                return Step::Again(out);
            }
        };
        self.contains_error = false;
        let mut edits = Vec::with_capacity(objects.len());
        for (kind, mut v) in objects {
            if kind.namespaced() {
                let ns = v
                    .pointer("/metadata/namespace")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                if ns.is_empty() {
                    // RequireNamespace fills in the command's namespace.
                    if let Some(meta) = v.get_mut("metadata").and_then(Value::as_object_mut) {
                        meta.insert("namespace".into(), Value::String(self.namespace.clone()));
                    }
                } else if ns != self.namespace {
                    let message = format!(
                        "error: the namespace from the provided object {} does not match the namespace {}. You must pass '--namespace={ns}' to perform this operation.",
                        crate::gofmt::quote(&ns),
                        crate::gofmt::quote(&self.namespace)
                    );
                    self.preserved(&mut out, Some(file), &message);
                    return Step::Done {
                        out,
                        keep_file: true,
                    };
                }
            }
            if self.edit.save_config {
                // GetModifiedConfiguration: the whole object without the
                // annotation itself (its map stays, maybe empty).
                let mut config = v.clone();
                if let Some(meta) = config.get_mut("metadata").and_then(Value::as_object_mut) {
                    let annotations = meta.entry("annotations").or_insert_with(|| j!({}));
                    if let Some(a) = annotations.as_object_mut() {
                        a.remove(LAST_APPLIED);
                    }
                }
                sort_keys(&mut config);
                let text = format!("{}\n", kubeplay_codec::to_json_compact(&config));
                super::apply::annotate_value(&mut v, LAST_APPLIED, &text);
            }
            if let Some(cause) = &self.change_cause {
                super::apply::annotate_value(&mut v, super::apply::CHANGE_CAUSE, cause);
            }
            sort_keys(&mut v);
            edits.push((kind, v));
        }
        let before = engine.set_requester(self.who.clone());
        let visited = self.visit(edits, engine, &mut out);
        engine.set_requester(before);
        let tally = match visited {
            Ok(tally) => tally,
            Err(message) => {
                self.preserved(&mut out, Some(file), &message);
                return Step::Done {
                    out,
                    keep_file: true,
                };
            }
        };
        if tally.retryable > 0 {
            out.error(&format!(
                "You can run `{BASE} replace -f {file}` to try this update again."
            ));
            return Step::Done {
                out,
                keep_file: true,
            };
        }
        if tally.not_found > 0 {
            out.error(&format!(
                "The edits you made on deleted resources have been saved to {}",
                crate::gofmt::quote(file)
            ));
            return Step::Done {
                out,
                keep_file: true,
            };
        }
        if tally.invalid == 0 {
            return Step::Done {
                out,
                keep_file: false,
            };
        }
        self.contains_error = !self.reasons.is_empty();
        Step::Again(out)
    }

    /// Sends each changed object (`visitToPatch`, `visitToApplyEditPatch`);
    /// `Err` is the line of an error that ends the edit.
    fn visit(
        &mut self,
        edits: Vec<(Kind, Value)>,
        engine: &mut Engine,
        out: &mut Output,
    ) -> Result<Tally, String> {
        let write = WriteOptions {
            dry_run: Default::default(),
            output: self.edit.output.clone(),
            field_manager: self.edit.field_manager.clone(),
            save_config: false,
            validate: self.edit.validate,
        };
        let mut printer = Printer::new(&write);
        let mut tally = Tally::default();
        for (kind, edited) in edits {
            if self.create.is_some() {
                let created = kubeplay_codec::object_from_json(&edited)
                    .map_err(|m| format!("error: {m}"))
                    .and_then(|obj| {
                        self.create_one(engine, &edited, obj)
                            .map_err(|e| super::write::api_error(&e))
                    })?;
                super::server_warnings(engine, out);
                printer.object(out, &created, "created");
                continue;
            }
            let uid = uid_of(&edited);
            let Some((_, original)) = self.originals.iter().find(|(_, o)| uid_of(o) == uid) else {
                return Err(format!(
                    "error: no original object found for {}",
                    go_sharp(&edited)
                ));
            };
            let name = edited
                .pointer("/metadata/name")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            if *original == edited {
                printer.value(out, kind, &name, &edited, "skipped");
                continue;
            }
            let ns = if kind.namespaced() {
                self.namespace.clone()
            } else {
                String::new()
            };
            let key = ObjectKey::new(kind, &ns, &name);
            if self.edit.last_applied {
                // The edited configuration becomes the annotation, by a merge patch.
                let mut config = edited.clone();
                sort_keys(&mut config);
                let text = format!("{}\n", kubeplay_codec::to_json_compact(&config));
                let patch = j!({"metadata": {"annotations": {LAST_APPLIED: text}}});
                match send(engine, &key, PatchType::Merge, &patch, None) {
                    Ok(_) => printer.value(out, kind, &name, &edited, "edited"),
                    Err(e) => return Err(super::write::api_error(&e)),
                }
                continue;
            }
            let changed = |field: &str, patch: &Value| match field {
                "name" => patch.pointer("/metadata/name").is_some(),
                other => patch.get(other).is_some(),
            };
            let (patch_type, patch) = if matches!(kind, Kind::Custom(_)) {
                (PatchType::Merge, create_merge_patch(original, &edited))
            } else {
                let patch = kubeplay_apiserver::three_way_patch(Some(original), &edited, original)
                    .map_err(|e| format!("error: {e}"))?;
                (PatchType::Strategic, patch)
            };
            if ["apiVersion", "kind", "name", "managedFields"]
                .iter()
                .any(|f| changed(f, &patch))
            {
                return Err("error: At least one of apiVersion, kind and name was changed".into());
            }
            if self.edit.output_patch {
                let mut sorted = patch.clone();
                sort_keys(&mut sorted);
                out.out(&format!(
                    "Patch: {}",
                    kubeplay_codec::to_json_compact(&sorted)
                ));
            }
            let result = match strict_decoding(&edited, &patch, self.edit.validate, out) {
                Err(e) => Err(e),
                Ok(()) => send(engine, &key, patch_type, &patch, self.edit.subresource),
            };
            super::server_warnings(engine, out);
            match result {
                Ok(updated) => printer.object(out, &updated, "edited"),
                Err(e) => out.note(&self.add_error(&e, kind, &name, &mut tally)),
            }
        }
        Ok(tally)
    }

    /// `visitToCreate`'s request: the edited object created as it reads,
    /// refused by strict field validation as a create is.
    fn create_one(
        &self,
        engine: &mut Engine,
        edited: &Value,
        mut obj: Object,
    ) -> Result<Arc<Object>, ApiError> {
        let text = serde_json::to_string(edited).unwrap_or_default();
        if let Some(Ok(d)) = kubeplay_codec::decode_manifests(&text)
            .items
            .into_iter()
            .next()
        {
            let manifest = super::validation::Manifest {
                source: "edited-file",
                kind: d.object.kind(),
                api_version: &d.api_version,
                warnings: &d.warnings,
                decode_error: d.server_decode_error.as_deref(),
                refused: None,
            };
            let verdict = super::validation::check(
                &manifest,
                self.edit.validate,
                super::validation::Request::Recreate,
            );
            if let Some(e) = verdict.error {
                let message = e
                    .strip_prefix("Error from server (BadRequest): ")
                    .unwrap_or(&e)
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_string();
                return Err(ApiError::BadRequest { message });
            }
        }
        obj.meta_mut().resource_version = Default::default();
        kubeplay_engine::client::create(engine, obj)
    }

    /// `editResults.addError`: the line kubectl prints, counting the error
    /// (and keeping an invalid object's causes for the header).
    fn add_error(&mut self, e: &ApiError, kind: Kind, name: &str, tally: &mut Tally) -> String {
        let resource = kind.info().group_resource();
        let quoted = crate::gofmt::quote(name);
        match e {
            ApiError::Invalid { causes, .. } => {
                tally.invalid += 1;
                self.reasons.push(Reason {
                    head: format!("{resource} {quoted} was not valid"),
                    other: causes.clone(),
                });
                format!("error: {resource} {quoted} is invalid")
            }
            ApiError::Unprocessable => {
                tally.invalid += 1;
                self.reasons.push(Reason {
                    head: format!("{resource} {quoted} was not valid"),
                    other: Vec::new(),
                });
                format!("error: {resource} {quoted} is invalid")
            }
            ApiError::NotFound { .. } => {
                tally.not_found += 1;
                format!("error: {resource} {quoted} could not be found on the server")
            }
            other => {
                tally.retryable += 1;
                format!(
                    "error: {resource} {quoted} could not be patched: {}",
                    other.server_message()
                )
            }
        }
    }
}

/// How the objects' patches went.
#[derive(Default)]
struct Tally {
    invalid: usize,
    not_found: usize,
    retryable: usize,
}

fn uid_of(v: &Value) -> &str {
    v.pointer("/metadata/uid")
        .and_then(Value::as_str)
        .unwrap_or_default()
}

/// The edited text as kubectl's builder reads a stream: each document an
/// object (a `List`'s items in its place), with its kind; `Err` in the
/// builder's words.
fn parse(text: &str) -> Result<Vec<(Kind, Value)>, String> {
    let mut objects = Vec::new();
    for doc in kubeplay_codec::read_documents(text, &kubeplay_codec::Limits::default()) {
        let doc = doc.map_err(|e| {
            // sigs.k8s.io/yaml's wording: go-yaml's `yaml: line N: …`.
            let kind = e.kind.to_string();
            let what = kind.strip_prefix("yaml: ").unwrap_or(&kind);
            match e.line {
                Some(line) => format!("error parsing edited-file: error converting YAML to JSON: yaml: line {line}: {what}"),
                None => format!("error parsing edited-file: error converting YAML to JSON: yaml: {what}"),
            }
        })?;
        let v = doc.root.to_json();
        if v.is_null() {
            continue;
        }
        let is_list = v
            .get("kind")
            .and_then(Value::as_str)
            .is_some_and(|k| k.ends_with("List"))
            && v.get("items").is_some();
        let items = if is_list {
            v.get("items")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
        } else {
            vec![v]
        };
        for item in items {
            objects.push((kind_of(&item)?, item));
        }
    }
    Ok(objects)
}

fn kind_of(v: &Value) -> Result<Kind, String> {
    let compact = || kubeplay_codec::to_json_compact(v);
    let Value::Object(_) = v else {
        return Err(format!("unable to decode \"edited-file\": json: cannot unmarshal {} into Go value of type map[string]interface {{}}", kubeplay_apiserver::go_json_type(v)));
    };
    let kind = v.get("kind").and_then(Value::as_str).unwrap_or_default();
    if kind.is_empty() {
        return Err(format!(
            "unable to decode \"edited-file\": Object 'Kind' is missing in '{}'",
            compact()
        ));
    }
    let api = v
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let meta = |field: &str| {
        v.pointer(&format!("/metadata/{field}"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    Kind::from_api_version_kind(api, kind).map(|(k, _)| k).map_err(|_| {
        format!(
            "resource mapping not found for name: {} namespace: {} from \"edited-file\": no matches for kind {} in version {}\nensure CRDs are installed first",
            crate::gofmt::quote(&meta("name")),
            crate::gofmt::quote(&meta("namespace")),
            crate::gofmt::quote(kind),
            crate::gofmt::quote(api)
        )
    })
}

/// The server's strict field validation of the patched object (kubectl
/// edit asks for `--validate`'s level): unknown fields refuse the patch as
/// an Invalid `patch`, or come back as warnings; a field of the wrong type
/// is refused whatever the level.
fn strict_decoding(
    edited: &Value,
    patch: &Value,
    validation: FieldValidation,
    out: &mut Output,
) -> Result<(), ApiError> {
    let text = serde_json::to_string(edited).unwrap_or_default();
    let decoded = kubeplay_codec::decode_manifests(&text);
    let refuse = |detail: String| {
        let cause = format!(
            "patch: Invalid value: {}: {detail}",
            crate::gofmt::quote(&kubeplay_apiserver::go_value(patch))
        );
        ApiError::Invalid {
            kind: Kind::Pod,
            name: String::new(),
            causes: vec![cause],
        }
    };
    let Some(item) = decoded.items.into_iter().next() else {
        return Ok(());
    };
    let obj = match item {
        Ok(obj) => obj,
        Err(e) => return Err(refuse(e.kind.to_string())),
    };
    let unknown: Vec<String> = obj
        .warnings
        .iter()
        .filter(|w| matches!(w, kubeplay_codec::Warning::UnknownField { .. }))
        .map(|w| w.to_string())
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    match validation {
        FieldValidation::Ignore => Ok(()),
        FieldValidation::Warn => {
            unknown
                .iter()
                .for_each(|w| out.note(&format!("Warning: {w}")));
            Ok(())
        }
        FieldValidation::Strict => Err(refuse(format!(
            "strict decoding error: {}",
            unknown.join(", ")
        ))),
    }
}

/// The patch request, as the user: the main resource (a step named after
/// the edit) or its status subresource.
fn send(
    engine: &mut Engine,
    key: &ObjectKey,
    kind: PatchType,
    patch: &Value,
    sub: Option<Subresource>,
) -> Result<Arc<Object>, ApiError> {
    if let Some(sub) = sub {
        return kubeplay_engine::client::patch_subresource(
            engine,
            key,
            sub.as_str(),
            kind,
            patch,
            false,
        )
        .map(|(_, o)| o);
    }
    engine.authorize("patch", key.kind, &key.namespace, &key.name, "")?;
    let what = format!("kubectl edit {key}");
    engine.user(&what, key.clone(), |ctx| {
        let live = ctx
            .get(key)
            .ok_or_else(|| ApiError::not_found(key.kind, &key.name))?;
        let patched = patch_on_server(kind, &live.to_json(), patch)?;
        let obj = kubeplay_codec::object_from_json(&patched)
            .map_err(|message| ApiError::BadRequest { message })?;
        if obj.key() != *key {
            return Err(ApiError::BadRequest {
                message: "the name or kind of an object cannot be changed by a patch".into(),
            });
        }
        let updated = ctx.update(obj)?;
        ctx.explain(format!("kubectl edit: changed the live {key}"));
        Ok(updated)
    })
}

#[cfg(test)]
#[path = "edit_tests.rs"]
mod tests;
