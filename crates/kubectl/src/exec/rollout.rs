//! `kubectl rollout status|history|undo|pause|resume|restart`: the status
//! viewers over advancing virtual time, revision history from ReplicaSets
//! and ControllerRevisions, and kubectl's client-side rollback.

use super::waiting::{gave_up_note, wait_until, Poll, Waited};
use super::write::{api_error, client_error, find, report, Printer};
use super::{Io, Output};
use crate::cli::{DryRun, Invocation, Rollout, RolloutAction, WriteOptions};
use crate::describe::Writer;
use crate::print::output::OutputFormat;
use crate::rollout::{daemon_set_status, deployment_status, history_output, history_revision_output, stateful_set_status, StatusMessage, REVISION_NOT_FOUND};
use kubeplay_apiserver::{strategic_merge_patch, ApiError};
use kubeplay_engine::client::{self, ClientError};
use kubeplay_engine::Engine;
use kubeplay_model::api::PodTemplateSpec;
use kubeplay_model::{Kind, Object, ObjectKey};
use std::sync::Arc;

const REVISION: &str = "deployment.kubernetes.io/revision";
const CHANGE_CAUSE: &str = "kubernetes.io/change-cause";
const HASH_LABEL: &str = "pod-template-hash";
const RESTARTED_AT: &str = "kubectl.kubernetes.io/restartedAt";

/// `deployments.apps "web"`, as rollout's per-object errors name objects.
fn resource_name(obj: &Object) -> String {
    format!("{} {}", obj.kind().info().group_resource(), crate::gofmt::quote(obj.name()))
}

pub fn run(r: &Rollout, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let fetched = find(engine, inv, io, &r.targets, false);
    let (objects, errors) = (fetched.objects, fetched.errors);
    match &r.action {
        RolloutAction::Status { revision, watch, timeout_ms } => {
            for obj in &objects {
                if !status(engine, obj, *revision, *watch, *timeout_ms, out) {
                    return;
                }
            }
        }
        RolloutAction::History { revision, output } => {
            for obj in &objects {
                history(engine, obj, *revision, output.as_ref(), out);
            }
        }
        RolloutAction::Undo { to_revision, write } => {
            let mut printer = Printer::new(write);
            for obj in &objects {
                undo(engine, obj, to_revision.unwrap_or(0), write, &mut printer, out);
            }
        }
        RolloutAction::Pause { output } | RolloutAction::Resume { output } | RolloutAction::Restart { output } => {
            let write = WriteOptions { output: output.clone(), ..Default::default() };
            let mut printer = Printer::new(&write);
            for obj in &objects {
                toggle(engine, obj, &r.action, &mut printer, out);
            }
        }
    }
    report(out, errors);
}

/// One status observation of a workload, or the viewer's error.
fn observe(obj: &Object, revision: Option<i64>) -> Result<StatusMessage, String> {
    match obj {
        Object::Deployment(d) => deployment_status(d, revision),
        Object::DaemonSet(d) => daemon_set_status(d),
        Object::StatefulSet(s) => stateful_set_status(s),
        other => Err(format!("no status viewer has been implemented for {}", other.kind().info().kind)),
    }
}

/// Returns false when the command must stop (an error was printed).
fn status(engine: &mut Engine, obj: &Arc<Object>, revision: Option<i64>, watch: bool, timeout_ms: i64, out: &mut Output) -> bool {
    let key = obj.key();
    if !watch {
        return match observe(obj, revision) {
            Ok(m) => {
                out.out(&m.message);
                true
            }
            Err(e) => {
                out.error(&format!("error: {e}"));
                false
            }
        };
    }
    let mut last_rv = String::new();
    let mut last_message = String::new();
    let mut printed: Vec<String> = Vec::new();
    let waited = wait_until(engine, timeout_ms, |e| {
        let Some(live) = e.store().get(&key) else {
            return Poll::Fail("error: object has been deleted".into());
        };
        // kubectl reacts to watch events on this one object.
        if live.meta().resource_version == last_rv {
            return Poll::Pending;
        }
        last_rv = live.meta().resource_version.clone();
        match observe(live, revision) {
            Ok(m) => {
                if m.message != last_message {
                    printed.push(m.message.clone());
                    last_message = m.message;
                }
                if m.done {
                    Poll::Done
                } else {
                    Poll::Pending
                }
            }
            Err(e) => Poll::Fail(format!("error: {e}")),
        }
    });
    for line in printed {
        out.out(&line);
    }
    match waited {
        Waited::Done => true,
        Waited::Failed(e) => {
            out.error(&e);
            false
        }
        Waited::TimedOut { forever } => {
            out.error("error: timed out waiting for the condition");
            if forever {
                out.note(&gave_up_note());
            }
            false
        }
    }
}

/// A revision of a workload: number, the template it ran, the object
/// that records it (ReplicaSet or ControllerRevision).
struct Revision {
    number: i64,
    template: Option<PodTemplateSpec>,
    source: Arc<Object>,
}

fn owned_by<'a>(engine: &'a Engine, kind: Kind, owner: &'a Object) -> impl Iterator<Item = &'a Arc<Object>> + 'a {
    engine.store().list(kind, Some(owner.namespace())).filter(move |o| o.meta().controller_ref().is_some_and(|r| r.uid == owner.meta().uid))
}

fn revisions(engine: &Engine, obj: &Object) -> Vec<Revision> {
    let mut out: Vec<Revision> = Vec::new();
    match obj.kind() {
        Kind::Deployment => {
            for rs in owned_by(engine, Kind::ReplicaSet, obj) {
                let Some(r) = rs.as_replica_set() else {
                    continue;
                };
                let Some(n) = r.metadata.annotation(REVISION).and_then(|v| v.parse::<i64>().ok()) else {
                    continue;
                };
                let mut t = r.spec.template.clone();
                if let Some(cause) = r.metadata.annotation(CHANGE_CAUSE).filter(|c| !c.is_empty()) {
                    t.metadata.annotations.insert(CHANGE_CAUSE.into(), cause.to_string());
                }
                out.push(Revision { number: n, template: Some(t), source: rs.clone() });
            }
        }
        Kind::DaemonSet | Kind::StatefulSet => {
            for cr in owned_by(engine, Kind::ControllerRevision, obj) {
                if let Object::ControllerRevision(c) = cr.as_ref() {
                    let mut t = kubeplay_engine::controllers::history::template_from_data(c.data.as_ref());
                    if let (Some(t), Some(cause)) = (t.as_mut(), c.metadata.annotation(CHANGE_CAUSE)) {
                        t.metadata.annotations.insert(CHANGE_CAUSE.into(), cause.to_string());
                    }
                    out.push(Revision { number: c.revision, template: t, source: cr.clone() });
                }
            }
        }
        _ => {}
    }
    out.sort_by_key(|r| r.number);
    out
}

fn history(engine: &Engine, obj: &Arc<Object>, revision: Option<i64>, output: Option<&OutputFormat>, out: &mut Output) {
    if !matches!(obj.kind(), Kind::Deployment | Kind::DaemonSet | Kind::StatefulSet) {
        out.error(&format!("error: no history viewer has been implemented for {}", obj.kind().info().kind));
        return;
    }
    let revs = revisions(engine, obj);
    let name = crate::print::structured::object_name(obj);
    if let Some(format) = output.filter(|f| !matches!(f, OutputFormat::Default)) {
        let write = WriteOptions { output: Some(format.clone()), ..Default::default() };
        let mut printer = Printer::new(&write);
        let chosen: Vec<&Revision> = revs.iter().filter(|r| revision.is_none_or(|n| r.number == n)).collect();
        if revision.is_some() && chosen.is_empty() {
            out.error(&format!("error: {REVISION_NOT_FOUND}"));
            return;
        }
        for r in chosen {
            printer.object(out, &r.source, "");
        }
        return;
    }
    match revision {
        Some(n) => match revs.iter().find(|r| r.number == n).and_then(|r| r.template.as_ref()) {
            Some(t) => out.stdout.push_str(&history_revision_output(&name, n, t)),
            None => out.error(&format!("error: {REVISION_NOT_FOUND}")),
        },
        None => {
            let list: Vec<(i64, Option<String>)> = revs.iter().map(|r| (r.number, r.source.meta().annotation(CHANGE_CAUSE).map(str::to_string))).collect();
            out.stdout.push_str(&history_output(&name, &list));
        }
    }
}

/// Templates equal apart from the ReplicaSet's hash label.
fn equal_ignoring_hash(a: &PodTemplateSpec, b: &PodTemplateSpec) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    a.metadata.labels.remove(HASH_LABEL);
    b.metadata.labels.remove(HASH_LABEL);
    a == b
}

/// Annotations a rollback keeps from the Deployment instead of the ReplicaSet.
const KEEP_ON_ROLLBACK: &[&str] = &[
    kubeplay_apiserver::LAST_APPLIED,
    REVISION,
    "deployment.kubernetes.io/revision-history",
    "deployment.kubernetes.io/desired-replicas",
    "deployment.kubernetes.io/max-replicas",
    "deprecated.deployment.rollback.to",
];

/// The revision `undo` goes back to: the one asked for, or the newest
/// before the current one.
fn pick<'a>(revs: &'a [Revision], to: i64, kind: Kind, name: &str) -> Result<&'a Revision, String> {
    if to > 0 {
        return revs.iter().find(|r| r.number == to).ok_or_else(|| format!("unable to find specified revision {to} in history"));
    }
    match revs.len() {
        n if n >= 2 => Ok(&revs[n - 2]),
        _ if kind == Kind::Deployment => Err(format!("no rollout history found for deployment {}", crate::gofmt::quote(name))),
        _ => Err("no last revision to roll back to".into()),
    }
}

fn template_of(obj: &Object) -> Option<&PodTemplateSpec> {
    match obj {
        Object::Deployment(d) => Some(&d.spec.template),
        Object::DaemonSet(d) => Some(&d.spec.template),
        Object::StatefulSet(s) => Some(&s.spec.template),
        _ => None,
    }
}

fn template_of_mut(obj: &mut Object) -> Option<&mut PodTemplateSpec> {
    match obj {
        Object::Deployment(d) => Some(&mut d.spec.template),
        Object::DaemonSet(d) => Some(&mut d.spec.template),
        Object::StatefulSet(s) => Some(&mut s.spec.template),
        _ => None,
    }
}

fn undo(engine: &mut Engine, obj: &Arc<Object>, to: i64, write: &WriteOptions, printer: &mut Printer, out: &mut Output) {
    if !matches!(obj.kind(), Kind::Deployment | Kind::DaemonSet | Kind::StatefulSet) {
        out.error(&format!("error: no rollbacker has been implemented for {}", crate::gofmt::quote(obj.kind().info().kind)));
        return;
    }
    let revs = revisions(engine, obj);
    let chosen = match pick(&revs, to, obj.kind(), obj.name()) {
        Ok(r) => r,
        Err(e) => {
            out.error(&format!("error: {e}"));
            return;
        }
    };
    let Some(mut template) = chosen.template.clone() else {
        out.error(&format!("error: unable to find specified revision {} in history", chosen.number));
        return;
    };
    if write.dry_run == DryRun::Client {
        let mut w = Writer::new();
        crate::describe::describe_pod_template(&mut w, &template);
        let text = w.finish();
        let op = if obj.kind() == Kind::Deployment { text } else { format!("will roll back to {text}") };
        printer.object(out, obj, op.trim_end());
        return;
    }
    if let Object::Deployment(d) = obj.as_ref() {
        if d.spec.paused == Some(true) {
            out.error(&format!(
                "error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume deployment/{}' and try again",
                d.metadata.name
            ));
            return;
        }
    }
    let current = template_of(obj).cloned().unwrap_or_default();
    // The revision's own change cause travels in the template we read; the
    // comparison is of templates as the ReplicaSet stored them.
    let stored = match chosen.source.as_ref() {
        Object::ReplicaSet(rs) => rs.spec.template.clone(),
        _ => {
            template.metadata.annotations.remove(CHANGE_CAUSE);
            template.clone()
        }
    };
    if equal_ignoring_hash(&stored, &current) {
        printer.object(out, obj, &format!("skipped rollback (current template already matches revision {})", chosen.number));
        return;
    }
    let key = obj.key();
    let source = chosen.source.clone();
    let edit = |o: &mut Object| -> Result<(), ClientError> {
        match (o, source.as_ref()) {
            (Object::Deployment(d), Object::ReplicaSet(rs)) => {
                let mut t = rs.spec.template.clone();
                t.metadata.labels.remove(HASH_LABEL);
                d.spec.template = t;
                let mut anns: std::collections::BTreeMap<String, String> =
                    d.metadata.annotations.iter().filter(|(k, _)| KEEP_ON_ROLLBACK.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect();
                for (k, v) in &rs.metadata.annotations {
                    if !KEEP_ON_ROLLBACK.contains(&k.as_str()) {
                        anns.insert(k.clone(), v.clone());
                    }
                }
                d.metadata.annotations = anns;
            }
            (o, Object::ControllerRevision(cr)) => {
                let patched = cr.data.as_ref().and_then(|p| strategic_merge_patch(&o.to_json(), p).ok());
                let Some(restored) = patched.and_then(|v| kubeplay_codec::object_from_json(&v).ok()) else {
                    return Err(ClientError::Client(format!("failed restoring revision {}: the revision's data is not a valid patch", cr.revision)));
                };
                if let (Some(dst), Some(src)) = (template_of_mut(o), template_of(&restored)) {
                    *dst = src.clone();
                }
            }
            _ => {}
        }
        Ok(())
    };
    let result = if write.dry_run == DryRun::Server {
        let mut copy = (**obj).clone();
        edit(&mut copy).and_then(|_| client::dry_run(engine, |s, c| s.update(copy, c)).map_err(ClientError::Api))
    } else {
        client::update_with(engine, &key, &format!("kubectl rollout undo {key}: back to revision {}", chosen.number), edit).map(|(_, o)| o)
    };
    match result {
        Ok(updated) => printer.object(out, &updated, "rolled back"),
        Err(e) => out.error(&client_error(&e)),
    }
}

/// pause, resume and restart: a patch of the live object, refused per object.
fn toggle(engine: &mut Engine, obj: &Arc<Object>, action: &RolloutAction, printer: &mut Printer, out: &mut Output) {
    let now = engine.now();
    let (verb, done) = match action {
        RolloutAction::Pause { .. } => ("pause", "paused"),
        RolloutAction::Resume { .. } => ("resume", "resumed"),
        _ => ("restart", "restarted"),
    };
    let mut copy = (**obj).clone();
    let refusal: Option<&str> = match (action, &mut copy) {
        (RolloutAction::Pause { .. }, Object::Deployment(d)) if d.spec.paused == Some(true) => Some("is already paused"),
        (RolloutAction::Pause { .. }, Object::Deployment(d)) => {
            d.spec.paused = Some(true);
            None
        }
        (RolloutAction::Pause { .. }, _) => Some("pausing is not supported"),
        (RolloutAction::Resume { .. }, Object::Deployment(d)) if d.spec.paused != Some(true) => Some("is not paused"),
        (RolloutAction::Resume { .. }, Object::Deployment(d)) => {
            d.spec.paused = None;
            None
        }
        (RolloutAction::Resume { .. }, _) => Some("resuming is not supported"),
        (_, Object::Deployment(d)) if d.spec.paused == Some(true) => Some("can't restart paused deployment (run rollout resume first)"),
        (_, o) => match template_of_mut(o) {
            Some(t) => {
                t.metadata.annotations.insert(RESTARTED_AT.into(), now.rfc3339());
                None
            }
            None => Some("restarting is not supported"),
        },
    };
    if let Some(why) = refusal {
        out.error(&format!("error: {} {why}", resource_name(obj)));
        return;
    }
    if copy == **obj {
        printer.object(out, obj, &format!("already {done}"));
        return;
    }
    let key: ObjectKey = obj.key();
    let replacement = copy.clone();
    let result = client::update_with(engine, &key, &format!("kubectl rollout {verb} {key}"), |o| {
        let rv = o.meta().resource_version.clone();
        *o = replacement;
        o.meta_mut().resource_version = rv;
        Ok(())
    });
    match result {
        Ok((_, updated)) => printer.object(out, &updated, done),
        Err(ClientError::Api(e)) => out.error(&format!("error: failed to patch: {}", api_error_text(&e))),
        Err(e) => out.error(&client_error(&e)),
    }
}

fn api_error_text(e: &ApiError) -> String {
    let _ = api_error;
    e.to_string()
}
