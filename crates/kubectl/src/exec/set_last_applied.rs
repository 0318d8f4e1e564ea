//! `kubectl apply set-last-applied`: makes each `-f` manifest, exactly as
//! written, its live object's last-applied configuration, so that the next
//! `kubectl apply` merges against it (the declarative-management task's
//! way of handing an object made imperatively over to `apply`). Nothing
//! else of the object changes.
//!
//! As kubectl does, every manifest is checked before any object is
//! patched: a missing object or annotation stops the command with nothing
//! written.

use super::manifests::read_manifests;
use super::write::{api_error, namespace, set_manifest_namespace, Printer};
use super::{Io, Output};
use crate::cli::{DryRun, Invocation, SetLastApplied};
use kubeplay_apiserver::{ApiError, PatchType, LAST_APPLIED};
use kubeplay_codec::{Node, NodeValue};
use kubeplay_engine::client;
use kubeplay_engine::Engine;
use kubeplay_model::{Object, ObjectKey};
use serde_json::json;

/// The configuration editor.GetApplyPatch records: the manifest as the
/// builder holds it (its namespace filled in), Go-encoded with sorted keys
/// and json.Encoder's final newline. Unlike apply's, it keeps whatever
/// annotations the file carries, a last-applied one included.
fn configuration(raw: &Node, obj: &Object) -> String {
    let mut v = raw.clone();
    if obj.kind().namespaced() {
        if let Some(meta) = v.map_at("metadata") {
            meta.set("namespace", NodeValue::Str(obj.namespace().to_string()));
        }
    }
    let mut s = kubeplay_codec::to_json_sorted(&v);
    s.push('\n');
    s
}

fn missing_annotation(name: &str) -> String {
    format!("error: no last-applied-configuration annotation found on resource: {name}, to create the annotation, run the command with --create-annotation")
}

pub fn run(s: &SetLastApplied, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let (objects, errors) = read_manifests(&s.files, io);
    if let Some(e) = errors.first() {
        out.error(e);
        return;
    }
    let mut changed: Vec<(ObjectKey, String)> = Vec::new();
    for m in objects {
        let mut obj = m.decoded.object;
        if let Err(e) = set_manifest_namespace(&mut obj, inv) {
            out.error(&e);
            return;
        }
        let config = configuration(&m.decoded.raw, &obj);
        let key = obj.key();
        let Some(live) = engine.store().get(&key) else {
            out.error(&ApiError::not_found(key.kind, &key.name).kubectl_message());
            return;
        };
        match live.meta().annotations.get(LAST_APPLIED) {
            None if !s.create_annotation => {
                out.error(&missing_annotation(&key.name));
                return;
            }
            Some(recorded) if *recorded == config => out.out(&format!("set-last-applied {}: no changes required.", key.name)),
            _ => changed.push((key, config)),
        }
    }
    let mut printer = Printer::new(&s.write);
    for (key, config) in changed {
        // kubectl sends the patch to the namespace it runs in, not the
        // manifest's: a manifest for another namespace patches (or misses)
        // the object of that name here.
        let target = if key.kind.namespaced() { ObjectKey::new(key.kind, namespace(inv), &key.name) } else { key.clone() };
        let result = match s.write.dry_run {
            // The object as read, unchanged: nothing is sent.
            DryRun::Client => engine.store().get(&key).cloned().ok_or_else(|| ApiError::not_found(key.kind, &key.name)),
            DryRun::Server => match engine.store().get(&target) {
                Some(live) => {
                    let mut copy = (**live).clone();
                    copy.meta_mut().annotations.insert(LAST_APPLIED.into(), config);
                    client::dry_run(engine, "patch", &target, "", |store, cx| store.update(copy, cx))
                }
                None => Err(ApiError::not_found(target.kind, &target.name)),
            },
            DryRun::None => client::patch(engine, &target, PatchType::Merge, &json!({ "metadata": { "annotations": { LAST_APPLIED: config } } })).map(|(_, o)| o),
        };
        super::server_warnings(engine, out);
        match result {
            Ok(obj) => printer.object(out, &obj, "configured"),
            Err(e) => {
                out.error(&api_error(&e));
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_the_manifest_as_written_with_its_namespace() {
        let text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: game\n  annotations:\n    note: a<b\ndata:\n  z: \"1\"\n  a: \"2\"\n";
        let decoded = kubeplay_codec::decode_manifests(text).objects().next().cloned().expect("one object");
        let mut obj = decoded.object;
        obj.meta_mut().namespace = "team".into();
        assert_eq!(
            configuration(&decoded.raw, &obj),
            "{\"apiVersion\":\"v1\",\"data\":{\"a\":\"2\",\"z\":\"1\"},\"kind\":\"ConfigMap\",\"metadata\":{\"annotations\":{\"note\":\"a\\u003cb\"},\"name\":\"game\",\"namespace\":\"team\"}}\n"
        );
    }

    #[test]
    fn a_missing_annotation_points_at_the_flag() {
        assert_eq!(
            missing_annotation("api"),
            "error: no last-applied-configuration annotation found on resource: api, to create the annotation, run the command with --create-annotation"
        );
    }
}
