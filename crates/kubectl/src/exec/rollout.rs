//! `kubectl rollout status|history|undo|pause|resume|restart`: the status
//! viewers over advancing virtual time, revision history from ReplicaSets
//! and ControllerRevisions, and kubectl's client-side rollback.

use super::waiting::{gave_up_note, wait_until, Poll, Waited};
use super::fetch::{visit, Scope, Visit};
use super::write::{client_error, cx, namespace, report, report_failures, Failure, Printer};
use super::{Io, Output};
use crate::cli::{DryRun, Invocation, Rollout, RolloutAction, WriteOptions};
use crate::describe::Writer;
use crate::print::output::OutputFormat;
use crate::rollout::{daemon_set_status, deployment_status, history_output, history_revision_output, history_viewer_error, rollbacker_error, stateful_set_status, status_viewer_error, StatusMessage, REVISION_NOT_FOUND};
use kubeplay_apiserver::strategic_merge_patch;
use kubeplay_engine::client::{self, ClientError};
use kubeplay_engine::controllers::deployment::{self, rollback::RESTARTED_AT, util::CHANGE_CAUSE, RollbackError};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Deployment, PodTemplateSpec};
use kubeplay_model::selector::label_selector_as_selector;
use kubeplay_model::{Kind, Object, ObjectKey};
use std::ops::ControlFlow;
use std::sync::Arc;

/// `deployments.apps "web"`, as rollout's per-object errors name objects.
fn resource_name(obj: &Object) -> String {
    format!("{} {}", obj.kind().info().group_resource(), crate::gofmt::quote(obj.name()))
}

/// The targets in kubectl's visiting order, each found or its lookup
/// error: undo and history visit with ContinueOnError, so their own errors
/// fall between the lookups'.
fn visit_in_order(engine: &Engine, inv: &Invocation, io: Io, r: &Rollout) -> Vec<Result<Arc<Object>, String>> {
    let mut found = Vec::new();
    visit(&r.targets, Scope { all_namespaces: false }, &cx(engine, inv, io), |v| {
        found.push(match v {
            Visit::Found { object, .. } => Ok(object),
            Visit::Error { message, .. } => Err(message),
        });
        ControlFlow::Continue(())
    });
    found
}

pub fn run(r: &Rollout, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let visited = visit_in_order(engine, inv, io, r);
    let (mut objects, mut errors) = (Vec::new(), Vec::new());
    for v in &visited {
        match v {
            Ok(o) => objects.push(o.clone()),
            Err(e) => errors.push(e.clone()),
        }
    }
    match &r.action {
        RolloutAction::Status { revision, watch, timeout_ms } => {
            for obj in &objects {
                if !status(engine, obj, *revision, *watch, *timeout_ms, out) {
                    return;
                }
            }
        }
        // Both visit with ContinueOnError: one aggregate error at the end.
        RolloutAction::History { revision, output } => {
            let mut failures: Vec<Failure> = Vec::new();
            for v in visited {
                if let Err(f) = v.map_err(Failure::from_line).and_then(|obj| history(engine, &obj, *revision, output.as_ref(), out)) {
                    failures.push(f);
                }
            }
            report_failures(out, failures);
            return;
        }
        RolloutAction::Undo { to_revision, write } => {
            let mut printer = Printer::new(write);
            let mut failures: Vec<Failure> = Vec::new();
            for v in visited {
                if let Err(f) = v.map_err(Failure::from_line).and_then(|obj| undo(engine, &obj, *to_revision, write, &mut printer, out)) {
                    failures.push(f);
                }
            }
            report_failures(out, failures);
            return;
        }
        RolloutAction::Pause { output } | RolloutAction::Resume { output } | RolloutAction::Restart { output } => {
            // kubectl gathers the objects first (r.Infos()), so their lookup
            // errors lead the aggregate the patches add to.
            if objects.is_empty() && errors.is_empty() {
                out.note(&format!("No resources found in {} namespace.", namespace(inv)));
                return;
            }
            let write = WriteOptions { output: output.clone(), ..Default::default() };
            let mut printer = Printer::new(&write);
            let mut failures: Vec<Failure> = errors.into_iter().map(Failure::from_line).collect();
            for obj in &objects {
                if let Err(f) = toggle(engine, obj, &r.action, &mut printer, out) {
                    failures.push(f);
                }
            }
            report_failures(out, failures);
            return;
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
        other => Err(status_viewer_error(other.kind())),
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
    let mut printed: Vec<String> = Vec::new();
    let waited = wait_until(engine, timeout_ms, |e| {
        let Some(live) = e.store().get(&key) else {
            return Poll::Fail("error: object has been deleted".into());
        };
        // kubectl prints the viewer's message for every Added or Modified
        // event on this one object, unchanged messages included: a status
        // write that moves only availableReplicas repeats the line.
        if live.meta().resource_version == last_rv {
            return Poll::Pending;
        }
        last_rv = live.meta().resource_version.to_string();
        match observe(live, revision) {
            Ok(m) => {
                printed.push(m.message);
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

/// A revision of a workload: number, the template it ran, its change
/// cause, the object that records it (ReplicaSet or ControllerRevision)
/// and what `rollout history -o` prints for it (kubectl's `GetHistory`:
/// the ReplicaSet, or the workload with the revision applied).
struct Revision {
    number: i64,
    template: Option<PodTemplateSpec>,
    cause: Option<String>,
    source: Arc<Object>,
    shown: Option<Arc<Object>>,
}

/// kubectl's `applyDaemonSetHistory` and `applyRevision`: the live
/// workload with the revision's data strategically merged into it.
pub(crate) fn apply_revision(obj: &Object, data: Option<&serde_json::Value>) -> Option<Object> {
    let patched = strategic_merge_patch(&obj.to_json(), data?).ok()?;
    kubeplay_codec::object_from_json(&patched).ok()
}

/// The revisions of a workload, oldest first. A Deployment's come from the
/// engine's rollback helpers (kubectl's `GetAllReplicaSets`); a DaemonSet's
/// or StatefulSet's from the ControllerRevisions it controls that its
/// selector matches (kubectl's `controlledHistory`).
fn revisions(engine: &Engine, obj: &Object) -> Vec<Revision> {
    let store = engine.store();
    let mut out: Vec<Revision> = Vec::new();
    match obj {
        Object::Deployment(d) => {
            let mut templates = deployment::history(store, d);
            for (number, rs) in deployment::revisions(store, d) {
                let template = templates.remove(&number);
                let cause = template.as_ref().and_then(|t| t.metadata.annotation(CHANGE_CAUSE)).map(str::to_string);
                out.push(Revision { number, template, cause, source: rs.clone(), shown: Some(rs.clone()) });
            }
        }
        Object::DaemonSet(_) | Object::StatefulSet(_) => {
            let selector = match obj {
                Object::DaemonSet(d) => d.spec.selector.as_ref(),
                Object::StatefulSet(s) => s.spec.selector.as_ref(),
                _ => None,
            };
            let Ok(selector) = label_selector_as_selector(selector) else { return out };
            for cr in store.controlled_by(Kind::ControllerRevision, &obj.meta().uid) {
                let Object::ControllerRevision(c) = cr.as_ref() else { continue };
                if !selector.matches(&c.metadata.labels) {
                    continue;
                }
                let applied = apply_revision(obj, c.data.as_ref());
                let template = applied.as_ref().and_then(template_of).cloned();
                let cause = c.metadata.annotation(CHANGE_CAUSE).map(str::to_string);
                out.push(Revision { number: c.revision, template, cause, source: cr.clone(), shown: applied.map(Arc::new) });
            }
        }
        _ => {}
    }
    kubeplay_model::sort::sort_by_key(&mut out, |r| r.number);
    out
}

fn history(engine: &Engine, obj: &Arc<Object>, revision: Option<i64>, output: Option<&OutputFormat>, out: &mut Output) -> Result<(), Failure> {
    if !matches!(obj.kind(), Kind::Deployment | Kind::DaemonSet | Kind::StatefulSet) {
        return Err(Failure::Client(history_viewer_error(obj.kind())));
    }
    let revs = revisions(engine, obj);
    let name = crate::print::structured::object_name(obj);
    if let Some(format) = output.filter(|f| !matches!(f, OutputFormat::Default)) {
        let write = WriteOptions { output: Some(format.clone()), ..Default::default() };
        let mut printer = Printer::new(&write);
        let chosen: Vec<&Revision> = revs.iter().filter(|r| revision.is_none_or(|n| r.number == n)).collect();
        if revision.is_some() && chosen.is_empty() {
            return Err(Failure::Client(REVISION_NOT_FOUND.into()));
        }
        // GetHistory applies every revision before anything is printed.
        if let Some(bad) = chosen.iter().find(|r| r.shown.is_none()) {
            return Err(Failure::Client(format!("unable to parse history {}", bad.source.name())));
        }
        for o in chosen.iter().filter_map(|r| r.shown.as_ref()) {
            printer.object(out, o, "");
        }
        return Ok(());
    }
    match revision.filter(|_| !revs.is_empty()) {
        Some(n) => match revs.iter().find(|r| r.number == n).and_then(|r| r.template.as_ref()) {
            Some(t) => out.stdout.push_str(&history_revision_output(&name, n, t)),
            None => return Err(Failure::Client(REVISION_NOT_FOUND.into())),
        },
        None => {
            let list: Vec<(i64, Option<String>)> = revs.iter().map(|r| (r.number, r.cause.clone())).collect();
            out.stdout.push_str(&history_output(&name, revision, &list));
        }
    }
    Ok(())
}

/// The revision a DaemonSet's or StatefulSet's `undo` goes back to
/// (kubectl's `findHistory`): the one asked for, or the newest before the
/// current one.
fn pick(revs: &[Revision], to: i64) -> Result<&Revision, String> {
    let not_found = || format!("unable to find specified revision {to} in history");
    if to < 0 {
        return Err(not_found());
    }
    if to > 0 {
        return revs.iter().find(|r| r.number == to).ok_or_else(not_found);
    }
    match revs.len() {
        n if n >= 2 => Ok(&revs[n - 2]),
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

/// Writes the rolled-back object (or checks it with a server dry run).
fn write_rollback(engine: &mut Engine, obj: &Arc<Object>, write: &WriteOptions, why: &str, edit: impl FnOnce(&mut Object) -> Result<(), ClientError>) -> Result<Arc<Object>, ClientError> {
    if write.dry_run == DryRun::Server {
        let mut copy = (**obj).clone();
        edit(&mut copy)?;
        return client::dry_run(engine, "patch", &obj.key(), "", |s, c| s.update(copy, c)).map_err(ClientError::Api);
    }
    client::update_with(engine, &obj.key(), why, edit).map(|(_, o)| o)
}

fn undo(engine: &mut Engine, obj: &Arc<Object>, to: Option<i64>, write: &WriteOptions, printer: &mut Printer, out: &mut Output) -> Result<(), Failure> {
    if let Object::Deployment(d) = obj.as_ref() {
        return undo_deployment(engine, obj, d, to, write, printer, out);
    }
    if !matches!(obj.kind(), Kind::DaemonSet | Kind::StatefulSet) {
        return Err(Failure::Client(rollbacker_error(obj.kind())));
    }
    let to = to.unwrap_or(0);
    let revs = revisions(engine, obj);
    let chosen = pick(&revs, to).map_err(Failure::Client)?;
    let (Object::ControllerRevision(cr), Some(template)) = (chosen.source.as_ref(), chosen.template.clone()) else {
        return Err(Failure::Client(format!("unable to find specified revision {to} in history")));
    };
    if write.dry_run == DryRun::Client {
        printer.object(out, obj, &format!("will roll back to {}", template_text(&template)));
        return Ok(());
    }
    // kubectl compares the revision's patch with one made of the live
    // template: the templates are equal.
    if template_of(obj).is_some_and(|t| *t == template) {
        printer.object(out, obj, &format!("skipped rollback (current template already matches revision {to})"));
        return Ok(());
    }
    let data = cr.data.clone();
    let number = cr.revision;
    let edit = |o: &mut Object| -> Result<(), ClientError> {
        let Some(restored) = apply_revision(o, data.as_ref()) else {
            return Err(ClientError::Client(format!("failed restoring revision {to}: the revision's data is not a valid patch")));
        };
        if let (Some(dst), Some(src)) = (template_of_mut(o), template_of(&restored)) {
            *dst = src.clone();
        }
        Ok(())
    };
    match write_rollback(engine, obj, write, &format!("kubectl rollout undo {}: back to revision {number}", obj.key()), edit) {
        // kubectl prints the object as it fetched it, before the rollback.
        Ok(_) => {
            printer.object(out, obj, "rolled back");
            Ok(())
        }
        Err(ClientError::Api(e)) => Err(Failure::Client(format!("failed restoring revision {to}: {e}"))),
        Err(e) => Err(Failure::from_line(client_error(&e))),
    }
}

/// kubectl's `DeploymentRollbacker`, through the engine's rollback helpers.
fn undo_deployment(engine: &mut Engine, obj: &Arc<Object>, d: &Deployment, to: Option<i64>, write: &WriteOptions, printer: &mut Printer, out: &mut Output) -> Result<(), Failure> {
    if write.dry_run == DryRun::Client {
        let rs = deployment::rollback_source(engine.store(), d, to).map_err(|e| Failure::Client(e.to_string()))?;
        printer.object(out, obj, &template_text(&rs.spec.template));
        return Ok(());
    }
    let restored = match deployment::rollback(engine.store(), d, to) {
        Ok(r) => r,
        Err(e @ RollbackError::Skipped(_)) => {
            printer.object(out, obj, &e.to_string());
            return Ok(());
        }
        Err(e) => return Err(Failure::Client(e.to_string())),
    };
    // kubectl's JSON patch replaces the template and the annotations.
    let edit = |o: &mut Object| -> Result<(), ClientError> {
        if let Object::Deployment(live) = o {
            live.spec.template = restored.spec.template.clone();
            live.metadata.annotations = restored.metadata.annotations.clone();
        }
        Ok(())
    };
    let why = format!("kubectl rollout undo {}: back to revision {}", obj.key(), to.filter(|n| *n > 0).map_or_else(|| "the previous one".to_string(), |n| n.to_string()));
    match write_rollback(engine, obj, write, &why, edit) {
        // kubectl prints the object as it fetched it, before the rollback.
        Ok(_) => {
            printer.object(out, obj, "rolled back");
            Ok(())
        }
        Err(ClientError::Api(e)) => Err(Failure::Client(format!("failed restoring revision {}: {e}", to.unwrap_or(0)))),
        Err(e) => Err(Failure::from_line(client_error(&e))),
    }
}

/// kubectl's `printTemplate`: describe's pod template written through a
/// prefix writer into a plain buffer, so its tabs are not aligned.
fn template_text(t: &PodTemplateSpec) -> String {
    let mut w = Writer::plain();
    crate::describe::describe_pod_template(&mut w, t);
    w.finish()
}

/// pause, resume and restart: a patch of the live object, refused per
/// object; the refusal is kept for the command's aggregate error.
fn toggle(engine: &mut Engine, obj: &Arc<Object>, action: &RolloutAction, printer: &mut Printer, out: &mut Output) -> Result<(), Failure> {
    let now = engine.now();
    let (verb, done) = match action {
        RolloutAction::Pause { .. } => ("pause", "paused"),
        RolloutAction::Resume { .. } => ("resume", "resumed"),
        _ => ("restart", "restarted"),
    };
    let mut copy = (**obj).clone();
    let refusal: Option<String> = match (action, &mut copy) {
        (RolloutAction::Pause { .. }, Object::Deployment(d)) if d.spec.paused == Some(true) => Some("is already paused".into()),
        (RolloutAction::Pause { .. }, Object::Deployment(d)) => {
            d.spec.paused = Some(true);
            None
        }
        (RolloutAction::Pause { .. }, _) => Some("pausing is not supported".into()),
        (RolloutAction::Resume { .. }, Object::Deployment(d)) if d.spec.paused != Some(true) => Some("is not paused".into()),
        (RolloutAction::Resume { .. }, Object::Deployment(d)) => {
            d.spec.paused = None;
            None
        }
        (RolloutAction::Resume { .. }, _) => Some("resuming is not supported".into()),
        (_, Object::Deployment(d)) => match deployment::restart_template(d, now) {
            Ok(t) => {
                d.spec.template = t;
                None
            }
            Err(e) => Some(e.to_string()),
        },
        (_, o) => match template_of_mut(o) {
            Some(t) => {
                t.metadata.annotations.insert(RESTARTED_AT.into(), now.rfc3339());
                None
            }
            None => Some("restarting is not supported".into()),
        },
    };
    if let Some(why) = refusal {
        // kubectl words this one with its own `error: ` prefix, which shows
        // among other errors too.
        return Err(Failure::Text(format!("error: {} {why}", resource_name(obj))));
    }
    if copy == **obj {
        // An empty patch: restartedAt has whole seconds, so a second
        // restart within the same second changes nothing.
        if let RolloutAction::Restart { .. } = action {
            return Err(Failure::Client(format!(
                "failed to create patch for {}: if restart has already been triggered within the past second, please wait before attempting to trigger another",
                obj.name()
            )));
        }
        printer.object(out, obj, &format!("already {done}"));
        return Ok(());
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
        Ok((_, updated)) => {
            printer.object(out, &updated, done);
            Ok(())
        }
        Err(ClientError::Api(e)) => Err(Failure::Client(format!("failed to patch: {e}"))),
        Err(e) => Err(Failure::from_line(client_error(&e))),
    }
}

#[cfg(test)]
#[path = "rollout_upstream_tests.rs"]
mod upstream_tests;
