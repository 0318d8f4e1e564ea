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

/// Applies the update to one map, or says why not (kubectl's words).
pub fn update_map(map: &mut BTreeMap<String, String>, u: &MetaUpdate, labels: bool) -> Result<(), String> {
    if !u.overwrite {
        let conflicts: Vec<String> =
            u.set.iter().filter_map(|(k, v)| map.get(k).filter(|cur| *cur != v).map(|cur| format!("'{k}' already has a value ({cur})"))).collect();
        if !conflicts.is_empty() {
            return Err(if labels {
                let errs: Vec<String> = conflicts.iter().map(|c| format!("{c}, and --overwrite is false")).collect();
                if errs.len() == 1 {
                    errs.join("")
                } else {
                    format!("[{}]", errs.join(", "))
                }
            } else {
                format!("--overwrite is false but found the following declared annotation(s): {}", conflicts.join("; "))
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
    if u.local && !u.list {
        run_local(u, labels, io, out);
        return;
    }
    let fetched = find(engine, inv, io, &u.targets, u.all_namespaces);
    let mut printer = Printer::new(&u.write);
    let errors = fetched.errors;
    for obj in fetched.objects {
        if u.list && u.set.is_empty() && u.remove.is_empty() {
            let m = if labels { &obj.meta().labels } else { &obj.meta().annotations };
            for (k, v) in m {
                out.out(&format!("{k}={v}"));
            }
            continue;
        }
        let edit = |o: &mut Object| -> Result<(), ClientError> {
            if let Some(rv) = &u.resource_version {
                o.meta_mut().resource_version = rv.as_str().into();
            }
            let meta = o.meta_mut();
            let map = if labels { &mut meta.labels } else { &mut meta.annotations };
            update_map(map, u, labels).map_err(ClientError::Client)?;
            if let Some(cause) = &inv.change_cause {
                o.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
            }
            Ok(())
        };
        let mut copy = (*obj).clone();
        if let Err(e) = edit(&mut copy) {
            out.error(&client_error(&e));
            report(out, errors);
            return;
        }
        let operation = if labels { label_message(&obj, &copy, u.overwrite) } else { "annotated" };
        // kubectl label makes a printer for each object (its message
        // varies), so its -o yaml puts no `---` between objects; annotate's
        // one printer does.
        if labels {
            printer = Printer::new(&u.write);
        }
        if u.local || u.write.dry_run == DryRun::Client {
            printer.object(out, &copy, operation);
            continue;
        }
        let key = obj.key();
        let result = if u.write.dry_run == DryRun::Server {
            client::dry_run(engine, |s, c| s.update(copy, c)).map_err(ClientError::Api)
        } else if operation == "not labeled" {
            Ok(obj.clone())
        } else {
            let what = format!("kubectl {} {key}", if labels { "label" } else { "annotate" });
            client::update_with(engine, &key, &what, edit).map(|(_, o)| o)
        };
        match result {
            Ok(updated) => printer.object(out, &updated, operation),
            Err(ClientError::Api(e)) => {
                out.error(&api_error(&e));
                return;
            }
            Err(e) => {
                out.error(&client_error(&e));
                return;
            }
        }
    }
    report(out, errors);
}

/// `--local`: each object of the `-f` files updated without the cluster
/// and printed as kubectl holds it there, unstructured: the manifest's own
/// fields (no defaults, no namespace it does not give), keys in Go's map
/// order, and the label or annotation map always present once written.
fn run_local(u: &MetaUpdate, labels: bool, io: Io, out: &mut Output) {
    let Targets::Files { paths, .. } = &u.targets else {
        // The two commands' messages name different example files.
        let example = if labels { "pod.yaml or --filename=pod.json" } else { "rsrc.yaml or --filename=rsrc.json" };
        out.error(&format!("error: can only use local files by -f {example} when --local=true is set"));
        return;
    };
    let (objects, errors) = super::read_manifests(paths, io);
    let mut printer = Printer::new(&u.write);
    let field = if labels { "labels" } else { "annotations" };
    for m in objects {
        let obj = &m.decoded.object;
        let mut copy = obj.clone();
        let meta = copy.meta_mut();
        let map = if labels { &mut meta.labels } else { &mut meta.annotations };
        if let Err(e) = update_map(map, u, labels) {
            out.error(&format!("error: {e}"));
            report(out, errors);
            return;
        }
        let updated: serde_json::Map<String, Value> = map.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
        let mut v = m.decoded.raw.to_json();
        if let Some(meta) = v.get_mut("metadata").and_then(Value::as_object_mut) {
            meta.insert(field.into(), Value::Object(updated));
        }
        crate::print::structured::sort_keys(&mut v);
        let operation = if labels { label_message(obj, &copy, u.overwrite) } else { "annotated" };
        if labels {
            printer = Printer::new(&u.write);
        }
        printer.value(out, obj.kind(), obj.name(), &v, operation);
    }
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
        assert_eq!(update_map(&mut m, &update(&[("app", "x")], &[], false), true), Err("'app' already has a value (web), and --overwrite is false".into()));
        assert_eq!(
            update_map(&mut m, &update(&[("app", "x")], &[], false), false),
            Err("--overwrite is false but found the following declared annotation(s): 'app' already has a value (web)".into())
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
