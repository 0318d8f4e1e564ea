//! `kubectl label` and `kubectl annotate`: key updates and `key-` removals
//! on any object, refused without `--overwrite` when a key would change.

use super::write::{api_error, client_error, find, report, Printer};
use super::{Io, Output};
use crate::cli::{DryRun, Invocation, MetaUpdate, Targets};
use crate::exec::apply::CHANGE_CAUSE;
use kubeplay_engine::client::{self, ClientError};
use kubeplay_engine::Engine;
use kubeplay_model::Object;
use serde_json::Value;
use std::collections::BTreeMap;

/// Applies the update to one map, or gives kubectl's refusal: for labels
/// one error per key that would change (an aggregate), for annotations
/// one error naming them all.
pub fn update_map(map: &mut BTreeMap<String, String>, u: &MetaUpdate, labels: bool) -> Result<(), Vec<String>> {
    if !u.overwrite {
        let conflicts: Vec<String> = u
            .set
            .iter()
            // `--record`'s annotation may always be overwritten.
            .filter(|(k, _)| labels || k != CHANGE_CAUSE)
            .filter_map(|(k, v)| map.get(k).filter(|cur| *cur != v).map(|cur| format!("'{k}' already has a value ({cur})")))
            .collect();
        if !conflicts.is_empty() {
            return Err(if labels {
                conflicts.iter().map(|c| format!("{c}, and --overwrite is false")).collect()
            } else {
                vec![format!("--overwrite is false but found the following declared annotation(s): {}", conflicts.join("; "))]
            });
        }
    }
    for (k, v) in &u.set {
        map.insert(k.clone(), v.clone());
    }
    for k in &u.remove {
        map.remove(k);
    }
    Ok(())
}

/// How kubectl's CheckErr prints an aggregate: one error as `error: …`,
/// several one per line and bare.
fn aggregate_text(errs: &[String]) -> String {
    match errs {
        [one] => format!("error: {one}"),
        many => many.join("\n"),
    }
}

/// Whether the builder saw "a single item implied": one named object, or
/// one file path (standard input never counts).
fn single_item(targets: &Targets) -> bool {
    match targets {
        Targets::Named(v) => v.len() == 1,
        Targets::Files { paths, recursive, .. } => !recursive && paths.len() == 1 && paths[0] != "-" && !paths[0].starts_with(crate::cli::KUSTOMIZE),
        Targets::List { .. } => false,
    }
}

/// The object as kubectl diffs it: with `--resource-version`, it clears
/// the version it read so that the patch always carries the one given.
fn read_as_sent(obj: &Object, u: &MetaUpdate) -> Object {
    let mut o = obj.clone();
    if u.resource_version.is_some() {
        o.meta_mut().resource_version = "".into();
    }
    o
}

/// `--list`: the object's labels or annotations, under a heading naming
/// the object when the command could have selected several.
fn list_map(out: &mut Output, obj: &Object, labels: bool, single: bool) {
    let m = if labels { &obj.meta().labels } else { &obj.meta().annotations };
    let indent = if single { "" } else { " " };
    if !single {
        let info = obj.kind().info();
        out.out(&format!("Listing {} for {}.{}/{}:", if labels { "labels" } else { "annotations" }, info.kind, info.group, obj.name()));
    }
    for (k, v) in m.iter() {
        out.out(&format!("{indent}{k}={v}"));
    }
}

/// `labeled`, `unlabeled` or `not labeled`, as kubectl tells them apart: by
/// whether the object changed and, without --overwrite, whether it shrank.
fn label_message(before: &Object, after: &Object, overwrite: bool) -> &'static str {
    if before == after {
        return "not labeled";
    }
    let size = |o: &Object| serde_json::to_string(&o.to_json()).map(|s| s.len()).unwrap_or(0);
    if !overwrite && size(after) < size(before) {
        "unlabeled"
    } else {
        "labeled"
    }
}

pub fn run(u: &MetaUpdate, labels: bool, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let single = single_item(&u.targets);
    // Checked once the builder has run, before any object is visited.
    if u.resource_version.is_some() && !single {
        out.error("error: --resource-version may only be used with a single resource");
        return;
    }
    if u.local {
        run_local(u, labels, single, io, out);
        return;
    }
    let fetched = find(engine, inv, io, &u.targets, u.all_namespaces);
    let mut printer = Printer::new(&u.write);
    let errors = fetched.errors;
    let mut failures: Vec<Vec<String>> = Vec::new();
    for obj in fetched.objects {
        let edit = |o: &mut Object| -> Result<(), ClientError> {
            if let Some(rv) = &u.resource_version {
                o.meta_mut().resource_version = rv.as_str().into();
            }
            let meta = o.meta_mut();
            let map = if labels { &mut meta.labels } else { &mut meta.annotations };
            update_map(map, u, labels).map_err(|e| ClientError::Client(aggregate_text(&e)))?;
            if let Some(cause) = &inv.change_cause {
                o.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
            }
            Ok(())
        };
        let client_side = u.list || u.write.dry_run == DryRun::Client;
        if labels && !client_side {
            // Said before the patch, of keys the object does not have.
            for k in u.remove.iter().filter(|k| !obj.meta().labels.contains_key(*k)) {
                out.out(&format!("label {} not found.", crate::gofmt::quote(k)));
            }
        }
        // A refused object is reported at the end and the others go on
        // (the builder continues on error).
        let mut probe = if labels { obj.meta().labels.clone() } else { obj.meta().annotations.clone() };
        if let Err(e) = update_map(&mut probe, u, labels) {
            failures.push(e);
            continue;
        }
        let mut copy = (*obj).clone();
        if let Err(e) = edit(&mut copy) {
            match e {
                ClientError::Client(m) => out.error(&m),
                e => out.error(&client_error(&e)),
            }
            report(out, errors);
            return;
        }
        if u.list {
            list_map(out, &copy, labels, single);
            continue;
        }
        let operation = if labels { label_message(&read_as_sent(&obj, u), &copy, u.overwrite) } else { "annotated" };
        // kubectl label makes a printer for each object (its message
        // varies), so its -o yaml puts no `---` between objects; annotate's
        // one printer does.
        if labels {
            printer = Printer::new(&u.write);
        }
        if client_side {
            printer.object(out, &copy, operation);
            continue;
        }
        let key = obj.key();
        let result = if u.write.dry_run == DryRun::Server {
            client::dry_run(engine, "patch", &key, "", |s, c| s.update(copy.clone(), c)).map_err(ClientError::Api)
        } else if operation == "not labeled" {
            Ok(obj.clone())
        } else {
            let what = format!("kubectl {} {key}", if labels { "label" } else { "annotate" });
            client::update_with(engine, &key, &what, edit).map(|(_, o)| o)
        };
        // Admission's warnings (PodSecurity's check of a namespace's
        // pods), a dry run's too.
        super::server_warnings(engine, out);
        match result {
            // label prints the object as it sent it, not the server's
            // answer (its resourceVersion is the one it read); annotate
            // prints the answer.
            Ok(_) if labels => printer.object(out, &copy, operation),
            Ok(updated) => printer.object(out, &updated, operation),
            Err(ClientError::Api(e)) => {
                out.error(&api_error(&e));
                return;
            }
            Err(e) => {
                match e {
                    ClientError::Client(m) => out.error(&m),
                    e => out.error(&client_error(&e)),
                }
                return;
            }
        }
    }
    super::nodes::visit_errors(out, failures);
    report(out, errors);
}

/// `--local`: each object of the `-f` files updated without the cluster
/// and printed as kubectl holds it there, unstructured: the manifest's own
/// fields (no defaults, no namespace it does not give), keys in Go's map
/// order, and the label or annotation map always present once written.
fn run_local(u: &MetaUpdate, labels: bool, single: bool, io: Io, out: &mut Output) {
    let Targets::Files { paths, .. } = &u.targets else {
        // The two commands' messages name different example files.
        let example = if labels { "pod.yaml or --filename=pod.json" } else { "rsrc.yaml or --filename=rsrc.json" };
        out.error(&format!("error: can only use local files by -f {example} when --local=true is set"));
        return;
    };
    let (objects, errors) = super::read_manifests(paths, io);
    let mut printer = Printer::new(&u.write);
    let mut failures: Vec<Vec<String>> = Vec::new();
    let field = if labels { "labels" } else { "annotations" };
    for m in objects {
        let obj = &m.decoded.object;
        let mut copy = obj.clone();
        let meta = copy.meta_mut();
        let map = if labels { &mut meta.labels } else { &mut meta.annotations };
        if let Err(e) = update_map(map, u, labels) {
            failures.push(e);
            continue;
        }
        let updated: serde_json::Map<String, Value> = map.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
        if u.list {
            list_map(out, &copy, labels, single);
            continue;
        }
        let mut v = m.decoded.raw.to_json();
        if let Some(meta) = v.get_mut("metadata").and_then(Value::as_object_mut) {
            meta.insert(field.into(), Value::Object(updated));
            if let Some(rv) = &u.resource_version {
                meta.insert("resourceVersion".into(), Value::String(rv.clone()));
            }
        }
        crate::print::structured::sort_keys(&mut v);
        let operation = if labels { label_message(obj, &copy, u.overwrite) } else { "annotated" };
        if labels {
            printer = Printer::new(&u.write);
        }
        printer.value(out, obj.kind(), obj.name(), &v, operation);
    }
    super::nodes::visit_errors(out, failures);
    report(out, errors);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Targets, WriteOptions};

    fn update(set: &[(&str, &str)], remove: &[&str], overwrite: bool) -> MetaUpdate {
        MetaUpdate {
            targets: Targets::Named(vec![]),
            all_namespaces: false,
            set: set.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            remove: remove.iter().map(|s| s.to_string()).collect(),
            overwrite,
            list: false,
            local: false,
            resource_version: None,
            write: WriteOptions::default(),
        }
    }

    // Messages as kubectl v1.32 prints them (`kubectl label -f d.yaml --local …`).
    #[test]
    fn overwrite_rules() {
        let mut m = BTreeMap::from([("app".to_string(), "web".to_string())]);
        assert_eq!(update_map(&mut m, &update(&[("app", "x")], &[], false), true), Err(vec!["'app' already has a value (web), and --overwrite is false".into()]));
        assert_eq!(
            update_map(&mut m, &update(&[("app", "x")], &[], false), false),
            Err(vec!["--overwrite is false but found the following declared annotation(s): 'app' already has a value (web)".into()])
        );
        assert_eq!(update_map(&mut m, &update(&[("app", "web"), ("tier", "fe")], &[], false), true), Ok(()));
        assert_eq!(update_map(&mut m, &update(&[("app", "x")], &["tier"], true), true), Ok(()));
        assert_eq!(m, BTreeMap::from([("app".to_string(), "x".to_string())]));
    }

    #[test]
    fn label_messages() {
        let mut d = kubeplay_model::api::Deployment::default();
        d.metadata.labels.insert("app".into(), "web".into());
        let before = Object::from(d.clone());
        assert_eq!(label_message(&before, &before, false), "not labeled");
        d.metadata.labels.insert("tier".into(), "fe".into());
        assert_eq!(label_message(&before, &Object::from(d.clone()), false), "labeled");
        d.metadata.labels.clear();
        assert_eq!(label_message(&before, &Object::from(d.clone()), false), "unlabeled");
        assert_eq!(label_message(&before, &Object::from(d), true), "labeled");
    }
}

#[cfg(test)]
#[path = "meta_upstream_tests.rs"]
mod upstream_tests;
