//! `kubectl diff -f`: each manifest's live object against what
//! `kubectl apply` would make of it (a server dry run), printed as the
//! `diff -u -N` kubectl runs over a directory of live objects and one of
//! merged ones. Nothing changes in the cluster; like kubectl, the command
//! exits non-zero when it found differences.

use super::read_manifests;
use super::write::{report_failures, Failure};
use super::{Io, Output};
use crate::cli::{Diff, FieldValidation, Invocation};
use crate::print::structured::{object_value, yaml};
use crate::print::unified;
use kubeplay_engine::rng::Rng;
use kubeplay_engine::{client, Engine};
use kubeplay_model::{Kind, Object, Selector, Time};
use serde_json::{Map, Value};

/// One object's two files, named as kubectl names them
/// (`apps.v1.Deployment.default.web`; core group objects start at the version).
struct Pair {
    name: String,
    live: Option<String>,
    merged: String,
}

pub fn run(d: &Diff, inv: &Invocation, engine: &Engine, io: Io, out: &mut Output) {
    let selector = match d.selector.as_deref().map(Selector::parse).transpose() {
        Ok(s) => s,
        Err(e) => {
            out.error(&format!("error: {e}"));
            return;
        }
    };
    let (objects, errors) = read_manifests(&d.files, io);
    // diff.go's builder has no ContinueOnError: the first document it cannot
    // read or map ends the visit before diff runs, and CheckDiffErr exits 2
    // (1 means "differences found").
    if let Some(first) = errors.into_iter().next() {
        report_failures(out, vec![Failure::from_line(first)]);
        out.code = Some(2);
        return;
    }
    let mut failures: Vec<Failure> = Vec::new();
    let mut pairs = Vec::new();
    for m in objects {
        let mut obj = m.decoded.object;
        if selector.as_ref().is_some_and(|s| !s.matches(&obj.meta().labels)) {
            continue;
        }
        if let Err(e) = super::write::set_manifest_namespace(&mut obj, inv) {
            failures.push(Failure::from_line(e));
            continue;
        }
        // kubectl diff sends no fieldValidation, and the API server's
        // default for a request without one is Warn.
        let manifest = super::validation::Manifest { source: &m.source, kind: obj.kind(), api_version: &m.decoded.api_version, warnings: &m.decoded.warnings, decode_error: m.decoded.server_decode_error.as_deref(), refused: m.refused.as_ref() };
        for w in super::validation::check(&manifest, FieldValidation::Warn, super::validation::Request::Create).warnings {
            out.note(&w);
        }
        match client::apply_dry_run(engine, &obj, Some(m.decoded.raw), client::DryApply { record: false, locked: false }).0 {
            Ok((live, merged)) => pairs.push(pair(live.as_deref(), &merged)),
            // kubectl's patcher names the source; its dry-run create does not.
            Err(err) if engine.store().get(&obj.key()).is_some() => failures.push(Failure::Api { err, verb: "patching", source: m.source.clone() }),
            Err(err) => failures.push(Failure::Server(err)),
        }
    }
    // diff walks the two directories in name order.
    kubeplay_model::sort::sort_by(&mut pairs, |a, b| a.name.cmp(&b.name));
    let (live_dir, merged_dir) = temp_dirs(engine);
    let stamp = mtime(engine.now());
    let mut differ = false;
    for p in &pairs {
        let body = unified::hunks(p.live.as_deref().unwrap_or(""), &p.merged);
        if body.is_empty() {
            continue;
        }
        differ = true;
        let (l, m) = (format!("{live_dir}/{}", p.name), format!("{merged_dir}/{}", p.name));
        // diff -N stamps a file that is not there with the epoch.
        let live_stamp = if p.live.is_some() { stamp.as_str() } else { "1970-01-01 00:00:00.000000000 +0000" };
        out.out(&format!("diff -u -N {l} {m}\n--- {l}\t{live_stamp}\n+++ {m}\t{stamp}\n{body}"));
    }
    report_failures(out, failures);
    // kubectl exits 1 when diff found differences.
    out.failed |= differ;
}

fn pair(live: Option<&Object>, merged: &Object) -> Pair {
    let kind = merged.kind();
    let info = kind.info();
    let group = if info.group.is_empty() { String::new() } else { format!("{}.", info.group) };
    let name = format!("{group}{}.{}.{}.{}", info.version, info.kind, merged.namespace(), merged.name());
    let mut live_v = live.map(|o| object_value(o, false));
    let mut merged_v = object_value(merged, false);
    if kind == Kind::Secret {
        mask_secret(live_v.as_mut(), &mut merged_v);
    }
    Pair { name, live: live_v.map(|v| yaml(&v)), merged: yaml(&merged_v) }
}

/// kubectl diff never prints a Secret's values: each is `***`, marked
/// `(before)` and `(after)` where both sides have the key with different values.
fn mask_secret(live: Option<&mut Value>, merged: &mut Value) {
    let data = |v: Option<&Value>| v.and_then(|v| v.get("data")).and_then(Value::as_object).cloned().unwrap_or_default();
    let (before, after) = (data(live.as_deref()), data(Some(merged)));
    let masked = |side: &Map<String, Value>, other: &Map<String, Value>, mark: &str| -> Value {
        side.iter()
            .map(|(k, v)| (k.clone(), Value::String(if other.get(k).is_some_and(|o| o != v) { format!("*** ({mark})") } else { "***".into() })))
            .collect::<Map<String, Value>>()
            .into()
    };
    if let Some(d) = live.and_then(|l| l.get_mut("data")).filter(|d| d.is_object()) {
        *d = masked(&before, &after, "before");
    }
    if let Some(d) = merged.get_mut("data").filter(|d| d.is_object()) {
        *d = masked(&after, &before, "after");
    }
}

/// `os.MkdirTemp("", "LIVE-")` and `"MERGED-"`: a random decimal suffix,
/// here drawn from the cluster's state so a seed fixes it.
fn temp_dirs(engine: &Engine) -> (String, String) {
    let mut rng = Rng::new(engine.store().resource_version() ^ (engine.now().millis() as u64).rotate_left(32));
    let mut next = || rng.next_u64() as u32;
    (format!("/tmp/LIVE-{}", next()), format!("/tmp/MERGED-{}", next()))
}

/// A file's modification time as diff prints it.
fn mtime(t: Time) -> String {
    let s = t.rfc3339_micro();
    // 2025-01-01T00:00:02.000000Z -> 2025-01-01 00:00:02.000000000 +0000
    format!("{} {}000 +0000", &s[..10], &s[11..s.len() - 1])
}

#[cfg(test)]
mod tests {
    use super::mask_secret;
    use serde_json::{json, Value};

    /// A name, the live and merged sides, and both as masked.
    type Case = (&'static str, Option<Value>, Value, Option<Value>, Value);

    // diff_test.go's TestMasker (its object_removed case does not apply:
    // the playground's diff has no pruning, so a merged side always exists).
    #[test]
    fn masker() {
        let up = json!({"data": {"username": "abc", "password": "123"}});
        let masked = json!({"data": {"username": "***", "password": "***"}});
        let other = json!({"some_other_key": {"username": "abc", "password": "123"}});
        let cases: &[Case] = &[
            ("no_changes", Some(up.clone()), up.clone(), Some(masked.clone()), masked.clone()),
            ("object_created", None, up.clone(), None, masked.clone()),
            ("data_key_added", Some(json!({"data": {"username": "abc"}})), up.clone(), Some(json!({"data": {"username": "***"}})), masked.clone()),
            (
                "data_key_changed",
                Some(up.clone()),
                json!({"data": {"username": "abc", "password": "456"}}),
                Some(json!({"data": {"username": "***", "password": "*** (before)"}})),
                json!({"data": {"username": "***", "password": "*** (after)"}}),
            ),
            ("data_key_removed", Some(up.clone()), json!({"data": {"username": "abc"}}), Some(masked.clone()), json!({"data": {"username": "***"}})),
            ("empty_secret_from", Some(json!({})), up.clone(), Some(json!({})), masked.clone()),
            ("empty_secret_to", Some(up.clone()), json!({}), Some(masked.clone()), json!({})),
            ("invalid_data_key", Some(other.clone()), other.clone(), Some(other.clone()), other.clone()),
        ];
        for (name, from, to, want_from, want_to) in cases {
            let (mut from, mut to) = (from.clone(), to.clone());
            mask_secret(from.as_mut(), &mut to);
            assert_eq!((&from, &to), (want_from, want_to), "{name}");
        }
    }
}
