//! Node maintenance: `kubectl taint`, `cordon`, `uncordon` and `drain`
//! (cordon, then evict every pod the drain filters allow, honouring
//! disruption budgets, retrying refused evictions every 5 s of virtual time).

use super::waiting::{gave_up_note, FOREVER_MS};
use super::write::{api_error, client_error, find, report, Printer};
use super::{Io, Output};
use crate::cli::{Drain, DryRun, Invocation, NodeToggle, Taint as TaintCmd, TaintRemoval, TaintSpec, WriteOptions};
use kubeplay_apiserver::{ApiError, DeleteOptions};
use kubeplay_engine::client::{self, ClientError, EvictionError};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Pod, Taint};
use kubeplay_model::{Kind, Object, ObjectKey, Time};
use std::collections::BTreeMap;
use std::sync::Arc;

fn same(a: &Taint, key: &str, effect: &str) -> bool {
    a.key == key && a.effect == effect
}

fn removal_text(r: &TaintRemoval) -> String {
    match &r.effect {
        Some(e) => format!("{}:{e}", r.key),
        None => r.key.clone(),
    }
}

/// kubectl's `updateTaints`: the new taint list and the operation word
/// (`tainted`, `untainted`, `modified`), or its error (an aggregate when
/// several removals found nothing).
pub fn reorganize(node: &str, old: &[Taint], add: &[TaintSpec], remove: &[TaintRemoval], overwrite: bool) -> Result<(Vec<Taint>, &'static str), Vec<String>> {
    if !overwrite {
        let existing: Vec<&str> = add.iter().flat_map(|t| old.iter().filter(|o| same(o, &t.key, &t.effect)).map(|_| t.key.as_str())).collect();
        if !existing.is_empty() {
            return Err(vec![format!("node {node} already has {} taint(s) with same effect(s) and --overwrite is false", existing.join(","))]);
        }
    }
    let mut new: Vec<Taint> = add.iter().map(|t| Taint { key: t.key.clone(), value: t.value.clone(), effect: t.effect.clone(), time_added: None }).collect();
    for o in old {
        if !new.iter().any(|n| same(n, &o.key, &o.effect)) {
            new.push(o.clone());
        }
    }
    let added = new.len() != old.len();
    let mut errs = Vec::new();
    let mut deleted = false;
    for r in remove {
        let before = new.len();
        new.retain(|t| !(t.key == r.key && r.effect.as_ref().is_none_or(|e| *e == t.effect)));
        // As upstream: only the last removal decides the operation word.
        deleted = new.len() != before;
        if !deleted {
            errs.push(format!("taint {} not found", crate::gofmt::quote(&removal_text(r))));
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let op = if (added && deleted) || overwrite {
        "modified"
    } else if added {
        "tainted"
    } else {
        "untainted"
    };
    Ok((new, op))
}

/// How kubectl prints the errors its ContinueOnError visitor collected:
/// one error (itself possibly an aggregate) with CheckErr's rules, several
/// one per line, each an aggregate's `[a, b]` text.
pub(super) fn visit_errors(out: &mut Output, errs: Vec<Vec<String>>) {
    match errs.as_slice() {
        [] => {}
        [one] => match one.as_slice() {
            [single] => out.error(&format!("error: {single}")),
            many => out.error(&many.join("\n")),
        },
        many => {
            let lines: Vec<String> = many.iter().map(|e| if e.len() == 1 { e[0].clone() } else { format!("[{}]", e.join(", ")) }).collect();
            out.error(&lines.join("\n"));
        }
    }
}

pub fn taint(t: &TaintCmd, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let fetched = find(engine, inv, io, &t.targets, false);
    let mut printer = Printer::new(&t.write);
    let mut failed: Vec<Vec<String>> = Vec::new();
    for obj in &fetched.objects {
        let Object::Node(node) = obj.as_ref() else { continue };
        let (taints, op) = match reorganize(&node.metadata.name, &node.spec.taints, &t.add, &t.remove, t.overwrite) {
            Ok(r) => r,
            Err(e) => {
                failed.push(e);
                continue;
            }
        };
        let mut copy = (**obj).clone();
        if let Object::Node(n) = &mut copy {
            n.spec.taints = taints.clone();
        }
        let key = obj.key();
        let result = match t.write.dry_run {
            DryRun::Client => Ok(Arc::new(copy)),
            DryRun::Server => client::dry_run(engine, "patch", &key, "", |s, c| s.update(copy, c)),
            DryRun::None => client::update_with(engine, &key, &format!("kubectl taint {key}"), |o| {
                if let Object::Node(n) = o {
                    n.spec.taints = taints;
                }
                Ok(())
            })
            .map(|(_, o)| o)
            .map_err(|e| match e {
                ClientError::Api(a) => a,
                ClientError::Client(m) => ApiError::BadRequest { message: m },
            }),
        };
        match result {
            Ok(o) => printer.object(out, &o, op),
            Err(e) => {
                out.error(&api_error(&e));
                return;
            }
        }
    }
    visit_errors(out, failed);
    report(out, fetched.errors);
}

/// Cordons or uncordons each node; prints as kubectl does.
fn set_unschedulable(engine: &mut Engine, nodes: &[Arc<Object>], desired: bool, dry_run: DryRun, out: &mut Output) {
    let write = WriteOptions { dry_run, ..Default::default() };
    let mut printer = Printer::new(&write);
    for obj in nodes {
        let Object::Node(n) = obj.as_ref() else {
            printer.object(out, obj, "skipped");
            continue;
        };
        if n.spec.unschedulable.unwrap_or(false) == desired {
            printer.object(out, obj, if desired { "already cordoned" } else { "already uncordoned" });
            continue;
        }
        let key = obj.key();
        let verb = if desired { "cordon" } else { "uncordon" };
        let edit = |o: &mut Object| -> Result<(), ClientError> {
            if let Object::Node(n) = o {
                n.spec.unschedulable = desired.then_some(true);
            }
            Ok(())
        };
        let result = match dry_run {
            DryRun::Client => Ok(()),
            DryRun::Server => {
                let mut copy = (**obj).clone();
                let _ = edit(&mut copy);
                client::dry_run(engine, "patch", &obj.key(), "", |s, c| s.update(copy, c)).map(|_| ()).map_err(ClientError::Api)
            }
            DryRun::None => client::update_with(engine, &key, &format!("kubectl {verb} {}", key.name), edit).map(|_| ()),
        };
        match result {
            Ok(()) => printer.object(out, obj, if desired { "cordoned" } else { "uncordoned" }),
            Err(e) => {
                out.error(&format!("error: unable to {verb} node {}: {}", crate::gofmt::quote(&key.name), client_error(&e).trim_start_matches("error: ")))
            }
        }
    }
}

pub fn cordon(t: &NodeToggle, desired: bool, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let fetched = find(engine, inv, io, &t.targets, false);
    set_unschedulable(engine, &fetched.objects, desired, t.dry_run, out);
    report(out, fetched.errors);
}

// The drain filters' messages (k8s.io/kubectl/pkg/drain/filters.go).
const DS_FATAL: &str = "DaemonSet-managed Pods (use --ignore-daemonsets to ignore)";
const DS_WARNING: &str = "ignoring DaemonSet-managed Pods";
const LOCAL_FATAL: &str = "Pods with local storage (use --delete-emptydir-data to override)";
const LOCAL_WARNING: &str = "deleting Pods with local storage";
const UNMANAGED_FATAL: &str = "Pods declare no controller (use --force to override)";
const UNMANAGED_WARNING: &str = "deleting Pods that declare no controller";

/// What the filters decided for one pod.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Delete,
    /// Deleted, with a warning.
    Warn(String),
    /// Left alone, with a warning.
    Skip(String),
    /// Left alone silently (mirror pods).
    Ignore,
    Fatal(String),
}

impl Verdict {
    fn deletes(&self) -> bool {
        matches!(self, Verdict::Delete | Verdict::Warn(_))
    }
}

/// `shouldSkipPod`: with --skip-wait-for-delete-timeout, a pod deleted
/// longer ago than that many whole seconds is taken as gone.
fn deleted_long_ago(meta: &kubeplay_model::ObjectMeta, d: &Drain, now: Time) -> bool {
    d.skip_wait_for_delete_timeout > 0 && meta.deletion_timestamp.is_some_and(|t| (now.millis() - t.millis()) / 1000 > d.skip_wait_for_delete_timeout)
}

fn finished(p: &Pod) -> bool {
    matches!(p.phase(), "Succeeded" | "Failed")
}

/// `daemonSetFilter`: a running pod of a DaemonSet is refused or skipped;
/// one whose DaemonSet is gone may go with --force.
fn daemonset_filter(p: &Pod, d: &Drain, store: &kubeplay_apiserver::Store) -> Verdict {
    let Some(owner) = p.metadata.controller_ref().filter(|r| r.kind == "DaemonSet") else { return Verdict::Delete };
    if finished(p) {
        return Verdict::Delete;
    }
    if store.get_by(Kind::DaemonSet, &p.metadata.namespace, &owner.name).is_none() {
        let gone = ApiError::not_found(Kind::DaemonSet, &owner.name).to_string();
        return if d.force { Verdict::Warn(gone) } else { Verdict::Fatal(gone) };
    }
    if d.ignore_daemonsets {
        Verdict::Skip(DS_WARNING.into())
    } else {
        Verdict::Fatal(DS_FATAL.into())
    }
}

fn mirror_filter(p: &Pod) -> Verdict {
    if p.metadata.annotations.contains_key("kubernetes.io/config.mirror") {
        Verdict::Ignore
    } else {
        Verdict::Delete
    }
}

fn local_storage_filter(p: &Pod, d: &Drain) -> Verdict {
    if finished(p) || !p.spec.volumes.iter().any(|v| v.empty_dir.is_some()) {
        Verdict::Delete
    } else if d.delete_emptydir_data {
        Verdict::Warn(LOCAL_WARNING.into())
    } else {
        Verdict::Fatal(LOCAL_FATAL.into())
    }
}

fn unreplicated_filter(p: &Pod, d: &Drain) -> Verdict {
    if finished(p) || p.metadata.controller_ref().is_some() {
        Verdict::Delete
    } else if d.force {
        Verdict::Warn(UNMANAGED_WARNING.into())
    } else {
        Verdict::Fatal(UNMANAGED_FATAL.into())
    }
}

/// Runs a pod through the drain filters in kubectl's order: the first
/// filter that keeps the pod decides, otherwise the last one's word stands
/// (an earlier filter's warning is dropped, as upstream drops it).
fn judge(p: &Pod, d: &Drain, store: &kubeplay_apiserver::Store, now: Time) -> Verdict {
    let skip_deleted = || if deleted_long_ago(&p.metadata, d, now) { Verdict::Ignore } else { Verdict::Delete };
    let filters: [&dyn Fn() -> Verdict; 5] =
        [&skip_deleted, &|| daemonset_filter(p, d, store), &|| mirror_filter(p), &|| local_storage_filter(p, d), &|| unreplicated_filter(p, d)];
    let mut verdict = Verdict::Delete;
    for f in filters {
        verdict = f();
        if !verdict.deletes() {
            break;
        }
    }
    verdict
}

/// `msg: ns/a, ns/b` groups, sorted by message, joined as kubectl joins them.
fn grouped(items: &[(String, String)]) -> Vec<String> {
    let mut by: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (m, p) in items {
        by.entry(m).or_default().push(p.clone());
    }
    by.into_iter().map(|(m, ps)| format!("{m}: {}", ps.join(", "))).collect()
}

/// Pods to evict from a node, or the filters' fatal errors.
fn pods_for_deletion(engine: &Engine, node: &str, d: &Drain) -> Result<(Vec<Pod>, Vec<String>), String> {
    let selector = match d.pod_selector.as_deref().map(kubeplay_model::Selector::parse).transpose() {
        Ok(s) => s,
        Err(_) => return Err("--pod-selector=<pod_selector> must be a valid label selector".into()),
    };
    let store = engine.store();
    let mut pods: Vec<Pod> = store.pods_on_node(node).filter_map(|o| o.as_pod().cloned()).collect();
    pods.retain(|p| selector.as_ref().is_none_or(|s| s.matches(&p.metadata.labels)));
    kubeplay_model::sort::sort_by(&mut pods, |a, b| (&a.metadata.namespace, &a.metadata.name).cmp(&(&b.metadata.namespace, &b.metadata.name)));
    let (mut keep, mut warnings, mut fatals) = (Vec::new(), Vec::new(), Vec::new());
    for p in pods {
        let id = format!("{}/{}", p.metadata.namespace, p.metadata.name);
        match judge(&p, d, store, engine.now()) {
            Verdict::Delete => keep.push(p),
            Verdict::Warn(m) => {
                warnings.push((m, id));
                keep.push(p);
            }
            Verdict::Skip(m) => warnings.push((m, id)),
            Verdict::Ignore => {}
            Verdict::Fatal(m) => fatals.push((m, id)),
        }
    }
    if !fatals.is_empty() {
        let errs: Vec<String> = grouped(&fatals).into_iter().map(|e| format!("cannot delete {e}")).collect();
        return Err(if errs.len() == 1 { errs.join("") } else { format!("[{}]", errs.join(", ")) });
    }
    Ok((keep, grouped(&warnings)))
}

/// Where one pod's eviction stands.
enum Evicting {
    /// Try (again) at this time.
    Retry(Time),
    /// Evicted; waiting for the pod with this uid to be gone.
    Going(String),
    Done,
    /// Given up, with this error.
    Failed(String),
}

/// Evicts (or deletes) the pods, retrying refused evictions every 5 s, until
/// they are all gone or `--timeout` passes (`evictPods`/`deletePods` of
/// k8s.io/kubectl/pkg/drain). Like kubectl, a pod waiting out its 5 s
/// notices the timeout only when it wakes: it prints `evicting pod` once
/// more and gives up with `global timeout reached`. The errors of all pods
/// come back together, as utilerrors' aggregate prints them.
fn evict_all(engine: &mut Engine, pods: &[Pod], d: &Drain, out: &mut Output) -> Result<(), String> {
    let forever = d.timeout_ms <= 0;
    let timeout = if forever { FOREVER_MS } else { d.timeout_ms };
    let deadline = engine.now().plus_millis(timeout);
    let global = crate::gofmt::format_duration_millis(timeout);
    let mut state: Vec<Evicting> = pods.iter().map(|_| Evicting::Retry(engine.now())).collect();
    let word = if d.disable_eviction { "deleted" } else { "evicted" };
    loop {
        let now = engine.now();
        let late = now >= deadline;
        for (p, st) in pods.iter().zip(state.iter_mut()) {
            let key = ObjectKey::new(Kind::Pod, &p.metadata.namespace, &p.metadata.name);
            let (name, ns) = (crate::gofmt::quote(&key.name), crate::gofmt::quote(&key.namespace));
            if let Evicting::Retry(at) = st {
                if *at > now {
                    continue;
                }
                // Deletion announces nothing when it starts (kubectl says
                // "deletion started" only at -v=2).
                if d.disable_eviction {
                    let opts = DeleteOptions { grace_period_seconds: d.grace_period, ..Default::default() };
                    match client::delete(engine, &key, opts) {
                        Ok(_) | Err(ApiError::NotFound { .. }) => *st = Evicting::Going(p.metadata.uid.to_string()),
                        // deletePods hands back the server's error as it is.
                        Err(e) => return Err(e.to_string()),
                    }
                    continue;
                }
                out.out(&format!("evicting pod {}/{}", key.namespace, key.name));
                if late && !forever {
                    *st = Evicting::Failed(format!("error when evicting pods/{name} -n {ns}: global timeout reached: {global}"));
                    continue;
                }
                match client::evict(engine, &key, d.grace_period) {
                    Ok(_) | Err(EvictionError::Api(ApiError::NotFound { .. })) => *st = Evicting::Going(p.metadata.uid.to_string()),
                    Err(EvictionError::TooManyRequests { message }) => {
                        out.note(&format!("error when evicting pods/{name} -n {ns} (will retry after 5s): {message}"));
                        *st = Evicting::Retry(now.plus_millis(5_000));
                    }
                    Err(e) => {
                        out.out(&format!("pod/{} eviction failed", key.name));
                        *st = Evicting::Failed(format!("error when evicting pods/{name} -n {ns}: {e}"));
                    }
                }
            }
            if let Evicting::Going(uid) = st {
                let current = engine.store().get(&key).map(|o| o.meta().clone());
                if current.as_ref().is_none_or(|m| m.uid != *uid) {
                    out.out(&format!("pod/{} {word}", key.name));
                    *st = Evicting::Done;
                } else if current.as_ref().is_some_and(|m| deleted_long_ago(m, d, now)) {
                    out.out(&format!("pod {name} has DeletionTimestamp older than {} seconds, skipping", d.skip_wait_for_delete_timeout));
                    *st = Evicting::Done;
                } else if late && !forever {
                    *st = Evicting::Failed(if d.disable_eviction {
                        "timed out waiting for the condition".to_string()
                    } else {
                        format!("error when waiting for pod {name} in namespace {ns} to terminate: global timeout reached: {global}")
                    });
                }
            }
        }
        if state.iter().all(|s| matches!(s, Evicting::Done | Evicting::Failed(_))) {
            let errors: Vec<&str> = state.iter().filter_map(|s| if let Evicting::Failed(e) = s { Some(e.as_str()) } else { None }).collect();
            return match errors.as_slice() {
                [] => Ok(()),
                [one] => Err(one.to_string()),
                many => Err(format!("[{}]", many.join(", "))),
            };
        }
        if forever && late {
            return Err(format!("drain did not complete within {global}\n{}", gave_up_note()));
        }
        // Wake for the next retry, and at the deadline while some pod is
        // still going away (waitForDelete polls the timeout every second).
        let next_retry = state.iter().filter_map(|s| if let Evicting::Retry(t) = s { Some(*t) } else { None }).min();
        let going = state.iter().any(|s| matches!(s, Evicting::Going(_)));
        let limit = match (next_retry, going && !late) {
            (Some(t), true) => t.min(deadline),
            (Some(t), false) => t,
            (None, _) => deadline.max(now.plus_millis(1_000)),
        };
        if engine.step_until(limit).is_none() {
            let left = limit.millis() - engine.now().millis();
            if left > 0 {
                engine.advance(left);
            }
        }
    }
}

/// The pods `GetPodsForDeletion` still finds on the node after a failure,
/// as kubectl lists them.
fn pending_pods_note(engine: &Engine, node: &str, d: &Drain, err: &str, out: &mut Output) {
    if let Ok((pods, _)) = pods_for_deletion(engine, node, d) {
        if !pods.is_empty() {
            out.note(&format!("There are pending pods in node {} when an error occurred: {err}", crate::gofmt::quote(node)));
            for p in pods {
                out.note(&format!("pod/{}", p.metadata.name));
            }
        }
    }
}

pub fn drain(d: &Drain, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let fetched = find(engine, inv, io, &d.targets, false);
    if !fetched.errors.is_empty() {
        report(out, fetched.errors);
        return;
    }
    let nodes = fetched.objects;
    set_unschedulable(engine, &nodes, true, d.dry_run, out);
    let write = WriteOptions { dry_run: d.dry_run, ..Default::default() };
    let mut printer = Printer::new(&write);
    let mut drained: Vec<String> = Vec::new();
    let (mut fatal, mut remaining): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    for node in &nodes {
        let result = pods_for_deletion(engine, node.name(), d).and_then(|(pods, warnings)| {
            if !warnings.is_empty() {
                // kubectl's WarningPrinter (v1.28+), uncoloured off a terminal.
                out.note(&format!("Warning: {}", warnings.join("; ")));
            }
            if d.dry_run == DryRun::Client {
                for p in &pods {
                    out.out(&format!("evicting pod {}/{} (dry run)", p.metadata.namespace, p.metadata.name));
                }
                return Ok(());
            }
            if d.dry_run == DryRun::Server {
                for p in &pods {
                    out.out(&format!("evicting pod {}/{} (server dry run)", p.metadata.namespace, p.metadata.name));
                }
                return Ok(());
            }
            let result = evict_all(engine, &pods, d, out);
            if let Err(e) = &result {
                pending_pods_note(engine, node.name(), d, e, out);
            }
            result
        });
        match result {
            Ok(()) => {
                drained.push(node.name().to_string());
                printer.object(out, node, "drained");
            }
            // `RunDrain` since v1.26: a node that fails is reported and the
            // command goes on to the next one.
            Err(e) => {
                out.note(&format!("error: unable to drain node {} due to error: {e}, continuing command...", crate::gofmt::quote(node.name())));
                if !drained.iter().any(|n| n == node.name()) {
                    fatal.push(e);
                    remaining.push(node.name().to_string());
                }
            }
        }
    }
    if !remaining.is_empty() {
        out.note("There are pending nodes to be drained:");
        for n in &remaining {
            out.note(&format!(" {n}"));
        }
    }
    match fatal.as_slice() {
        [] => {}
        [one] => out.error(&format!("error: {one}")),
        many => out.error(&format!("error: [{}]", many.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(key: &str, value: Option<&str>, effect: &str) -> Taint {
        Taint { key: key.into(), value: value.map(str::to_string), effect: effect.into(), time_added: None }
    }
    fn spec(key: &str, value: Option<&str>, effect: &str) -> TaintSpec {
        TaintSpec { key: key.into(), value: value.map(str::to_string), effect: effect.into() }
    }

    fn drain(force: bool, ignore_ds: bool, emptydir: bool) -> Drain {
        Drain {
            targets: crate::cli::Targets::Named(vec![]),
            force,
            ignore_daemonsets: ignore_ds,
            delete_emptydir_data: emptydir,
            disable_eviction: false,
            grace_period: None,
            timeout_ms: 0,
            pod_selector: None,
            skip_wait_for_delete_timeout: 0,
            dry_run: DryRun::None,
        }
    }

    fn owned(kind: &str) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = "p".into();
        p.metadata.owner_references.push(kubeplay_model::meta::OwnerReference {
            api_version: "apps/v1".into(),
            kind: kind.into(),
            name: "owner".into(),
            uid: "u".into(),
            controller: Some(true),
            block_owner_deletion: Some(true),
        });
        p
    }

    const NOW: Time = kubeplay_model::time::EPOCH;

    // The drain filters of k8s.io/kubectl/pkg/drain (filters.go), in order.
    #[test]
    fn drain_filters() {
        let store = kubeplay_apiserver::Store::new();
        let fatal = |m: &str| Verdict::Fatal(m.to_string());
        // A DaemonSet pod whose DaemonSet is gone goes with --force.
        let gone = "daemonsets.apps \"owner\" not found";
        assert_eq!(judge(&owned("DaemonSet"), &drain(false, false, false), &store, NOW), fatal(gone));
        assert_eq!(judge(&owned("DaemonSet"), &drain(false, true, false), &store, NOW), fatal(gone));
        assert_eq!(judge(&owned("DaemonSet"), &drain(true, false, false), &store, NOW), Verdict::Delete);
        assert_eq!(judge(&owned("ReplicaSet"), &drain(false, false, false), &store, NOW), Verdict::Delete);
        let bare = Pod::default();
        assert_eq!(judge(&bare, &drain(false, false, false), &store, NOW), fatal(UNMANAGED_FATAL));
        assert_eq!(judge(&bare, &drain(true, false, false), &store, NOW), Verdict::Warn(UNMANAGED_WARNING.into()));
        let mut scratch = owned("ReplicaSet");
        scratch.spec_mut().volumes.push(kubeplay_model::api::Volume { name: "t".into(), empty_dir: Some(std::sync::Arc::new(serde_json::json!({}))), ..Default::default() });
        assert_eq!(judge(&scratch, &drain(false, false, false), &store, NOW), fatal(LOCAL_FATAL));
        // The unreplicated filter runs last and its word stands.
        assert_eq!(judge(&scratch, &drain(false, false, true), &store, NOW), Verdict::Delete);
        let mut mirror = Pod::default();
        mirror.metadata.annotations.insert("kubernetes.io/config.mirror".into(), "x".into());
        assert_eq!(judge(&mirror, &drain(false, false, false), &store, NOW), Verdict::Ignore);
        let mut done = Pod::default();
        done.status.phase = Some("Succeeded".into());
        assert_eq!(judge(&done, &drain(false, false, false), &store, NOW), Verdict::Delete);
    }

    // Cases after kubectl's taint_test.go (TestTaint).
    #[test]
    fn taint_updates() {
        let old = vec![t("foo", Some("bar"), "NoSchedule")];
        assert_eq!(reorganize("node", &[], &[spec("foo", Some("bar"), "NoSchedule")], &[], false).unwrap().1, "tainted");
        assert_eq!(
            reorganize("node", &old, &[spec("foo", Some("baz"), "NoSchedule")], &[], false).unwrap_err(),
            vec!["node node already has foo taint(s) with same effect(s) and --overwrite is false".to_string()]
        );
        let (new, op) = reorganize("node", &old, &[spec("foo", Some("baz"), "NoSchedule")], &[], true).unwrap();
        assert_eq!((new, op), (vec![t("foo", Some("baz"), "NoSchedule")], "modified"));
        assert_eq!(reorganize("node", &old, &[], &[TaintRemoval { key: "foo".into(), effect: None }], false).unwrap(), (vec![], "untainted"));
        assert_eq!(
            reorganize("node", &old, &[], &[TaintRemoval { key: "foo".into(), effect: Some("NoExecute".into()) }], false).unwrap_err(),
            vec!["taint \"foo:NoExecute\" not found".to_string()]
        );
        let (new, op) = reorganize("node", &old, &[spec("a", None, "NoExecute")], &[TaintRemoval { key: "foo".into(), effect: None }], false).unwrap();
        assert_eq!((new, op), (vec![t("a", None, "NoExecute")], "modified"));
    }
}

#[cfg(test)]
#[path = "nodes_upstream_tests.rs"]
mod upstream_tests;
