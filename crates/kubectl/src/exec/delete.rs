//! `kubectl delete`: by file, name, selector or `--all`, with the cascade
//! policy and grace period given, then (by default) waiting in virtual
//! time until every deleted object is really gone.

use super::waiting::{gave_up_note, wait_until, Poll, Waited};
use super::fetch::{visit, Fetched, Scope, Visit};
use super::write::{api_error, cx, report};
use super::{Io, Output};
use crate::cli::{Cascade, Delete, DryRun, Invocation, Targets};
use kubeplay_apiserver::{ApiError, DeleteOptions, Propagation};
use kubeplay_engine::client;
use kubeplay_engine::Engine;
use kubeplay_model::ObjectKey;
use std::ops::ControlFlow;

/// `deployment.apps`, `pod`: how delete names a kind.
fn kind_string(key: &ObjectKey) -> String {
    crate::print::structured::kind_prefix(key.kind)
}

/// kubectl sends DELETE without reading a named object first, so a
/// missing one is the server's NotFound to that request, and for an
/// object from a manifest AddSourceToErr names the file it came from.
fn with_source(message: String, source: &str) -> String {
    match message.split_once(": ") {
        Some((from_server, rest)) if !source.is_empty() => {
            format!("{from_server}: error when deleting {}: {rest}", crate::gofmt::quote(source))
        }
        _ => message,
    }
}

fn find(d: &Delete, inv: &Invocation, engine: &Engine, io: Io) -> Fetched {
    let mut found = Fetched::default();
    visit(&d.targets, Scope { all_namespaces: d.all_namespaces }, &cx(engine, inv, io), |v| {
        match v {
            Visit::Found { object, .. } => found.objects.push(object),
            Visit::Error { message, not_found: true, source } => {
                let message = with_source(message, source);
                found.not_found.push(message.clone());
                found.errors.push(message);
            }
            Visit::Error { message, .. } => found.errors.push(message),
        }
        ControlFlow::Continue(())
    });
    found
}

pub fn run(d: &Delete, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let fetched = find(d, inv, engine, io);
    let errors: Vec<String> = if d.ignore_not_found { fetched.errors.into_iter().filter(|e| !fetched.not_found.contains(e)).collect() } else { fetched.errors };
    if fetched.objects.is_empty() {
        // Named objects and files are visited without being read first
        // (RequireObject(false)), so only a listing can come up empty.
        if errors.is_empty() && matches!(d.targets, Targets::List { .. }) {
            out.out("No resources found");
        }
        report(out, errors);
        return;
    }
    // delete.go visits a preview of the same targets first: its errors end
    // the command before anything is listed or deleted.
    if d.interactive {
        if !errors.is_empty() {
            report(out, errors);
            return;
        }
        if !confirmed(&fetched.objects, answer(d, io), out) {
            out.out("deletion is cancelled");
            if io.stdin.is_none() {
                out.note("(playground) the terminal cannot answer a prompt: give the answer on standard input (echo y | kubectl delete … -i)");
            }
            return;
        }
    }
    let opts = DeleteOptions {
        grace_period_seconds: d.grace_period,
        propagation: match d.cascade {
            Cascade::Background => Propagation::Background,
            Cascade::Foreground => Propagation::Foreground,
            Cascade::Orphan => Propagation::Orphan,
        },
    };
    let base = if d.grace_period == Some(0) { "force deleted" } else { "deleted" };
    let operation = format!("{base}{}", super::write::dry_suffix(d.dry_run));
    let mut deleted: Vec<(ObjectKey, String)> = Vec::new();
    let mut late: Vec<String> = Vec::new();
    // `-n` given: kubectl warns once when it reaches an object the
    // namespace does not scope.
    let mut warn_cluster_scope = inv.namespace.is_some() && !d.all_namespaces;
    for obj in &fetched.objects {
        let key = obj.key();
        if warn_cluster_scope && !key.kind.namespaced() {
            out.note("warning: deleting cluster-scoped resources, not scoped to the provided namespace");
            warn_cluster_scope = false;
        }
        let result = match d.dry_run {
            DryRun::Client => Ok(()),
            DryRun::Server => client::dry_run(engine, "delete", &key, "", |s, c| s.delete(&key, &opts, c)).map(|_| ()),
            DryRun::None => client::delete(engine, &key, opts.clone()).map(|_| ()),
        };
        match result {
            Ok(()) => {
                if d.output_name {
                    out.out(&crate::print::structured::name(key.kind, &key.name));
                } else {
                    out.out(&format!("{} {} {operation}", kind_string(&key), crate::gofmt::quote(&key.name)));
                }
                deleted.push((key, obj.meta().uid.to_string()));
            }
            Err(ApiError::NotFound { .. }) if d.ignore_not_found => {}
            Err(e) => late.push(api_error(&e)),
        }
    }
    if d.wait && d.dry_run == DryRun::None && !deleted.is_empty() {
        let mut pending = deleted.clone();
        let waited = wait_until(engine, d.timeout_ms, |e| {
            pending.retain(|(key, uid)| e.store().get(key).is_some_and(|o| o.meta().uid == *uid));
            if pending.is_empty() {
                Poll::Done
            } else {
                Poll::Pending
            }
        });
        if let Waited::TimedOut { forever } = waited {
            if let Some((key, _)) = pending.first() {
                late.push(format!("error: timed out waiting for the condition on {}/{}", key.kind.info().plural, key.name));
            }
            if forever {
                late.push(gave_up_note());
            }
        }
    }
    report(out, errors.into_iter().chain(late).collect());
}

/// The word `-i` reads from standard input (Go's `fmt.Fscan`: the first
/// run of non-space characters, newlines included in the space); None at
/// end of input, which `-f -` has already reached.
fn answer<'a>(d: &Delete, io: Io<'a>) -> Option<&'a str> {
    let stdin_read = matches!(&d.targets, Targets::Files { paths, .. } if paths.iter().any(|p| p == "-"));
    io.stdin.filter(|_| !stdin_read)?.split_whitespace().next()
}

/// delete.go's confirmation: the objects as `kind.group/name`, then the
/// question (no newline: the answer is typed after it); only `y`, in
/// either case, goes on.
fn confirmed(objects: &[std::sync::Arc<kubeplay_model::Object>], answer: Option<&str>, out: &mut Output) -> bool {
    out.out(&format!("You are about to delete the following {} resource(s):", objects.len()));
    for obj in objects {
        let key = obj.key();
        out.out(&format!("{}/{}", kind_string(&key), key.name));
    }
    out.stdout.push_str("Do you want to continue? (y/n): ");
    answer.is_some_and(|a| a.eq_ignore_ascii_case("y"))
}

#[cfg(test)]
mod tests {
    use super::with_source;

    #[test]
    fn a_missing_object_from_a_manifest_names_its_source() {
        let missing = || r#"Error from server (NotFound): deployments.apps "nginx" not found"#.to_string();
        assert_eq!(
            with_source(missing(), "nginx.yaml"),
            r#"Error from server (NotFound): error when deleting "nginx.yaml": deployments.apps "nginx" not found"#
        );
        assert_eq!(with_source(missing(), ""), missing());
    }
}

#[cfg(test)]
#[path = "delete_upstream_tests.rs"]
mod upstream_tests;
