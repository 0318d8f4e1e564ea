//! `kubectl logs`: simulated container output. The simulator runs no real
//! processes, so each container "prints" a few deterministic lines shaped
//! like its image's start-up output (nginx's entrypoint, an `echo`
//! command's words, a generic line otherwise), timed from when the
//! container started. The errors are the API server's and kubectl's.

use super::write::namespace;
use super::{Io, Output};
use crate::cli::{Invocation, Logs};
use kubeplay_engine::kubelet::shell;
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, ContainerStatus, Pod};
use kubeplay_model::time::civil;
use kubeplay_model::{Kind, Object, Selector, Time};
use std::sync::Arc;

/// `time.RFC3339Nano` with all nine digits, as the kubelet stamps lines.
fn rfc3339_nano(t: Time) -> String {
    let secs = t.rfc3339();
    format!("{}.{:03}000000Z", secs.trim_end_matches('Z'), t.millis().rem_euclid(1000))
}

fn bad_request(msg: String) -> String {
    format!("Error from server (BadRequest): {msg}")
}

/// The words an `echo` in the container's command would print; none
/// guessed from a script with loops or conditions.
fn echoed(c: &Container) -> Option<String> {
    let argv: Vec<String> = c.command.iter().chain(&c.args).cloned().collect();
    if shell::shell_script(&argv).is_some_and(|s| shell::command_list(s).is_none()) {
        return None;
    }
    let words: Vec<&str> = c.command.iter().chain(&c.args).map(String::as_str).collect();
    let joined = words.join(" ");
    let at = joined.find("echo ")?;
    let rest = &joined[at + 5..];
    let end = rest.find([';', '&', '|']).unwrap_or(rest.len());
    Some(rest[..end].trim().trim_matches(['"', '\'']).to_string())
}

/// JavaScript's `Date.prototype.toISOString`, as Node's console.log
/// prints a Date: `2025-01-01T00:00:05.120Z`.
fn iso_millis(t: Time) -> String {
    let (y, mo, d, h, mi, s) = civil(t.millis().div_euclid(1000));
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{:03}Z", t.millis().rem_euclid(1000))
}

/// klog's header as agnhost's `log.go` writes it: `I0101 00:00:05.120397       1 log.go:195] `.
fn klog_info(t: Time, micros: i64) -> String {
    let (_, mo, d, h, mi, s) = civil(t.millis().div_euclid(1000));
    format!("I{mo:02}{d:02} {h:02}:{mi:02}:{s:02}.{:03}{micros:03} {:>7} log.go:195] ", t.millis().rem_euclid(1000), 1)
}

/// The value of a `--name=value` (or `--name value`) flag in `argv`.
fn flag<'a>(argv: &'a [String], name: &str) -> Option<&'a str> {
    argv.iter().enumerate().find_map(|(i, a)| {
        let rest = a.strip_prefix("--").or_else(|| a.strip_prefix('-'))?.strip_prefix(name)?;
        match rest.strip_prefix('=') {
            Some(v) => Some(v),
            None if rest.is_empty() => argv.get(i + 1).map(String::as_str),
            None => None,
        }
    })
}

/// What the tutorials' apps print when they start (per-request lines
/// need the requests, which the playground does not keep).
fn app_lines(pod: &Pod, c: &Container, started: Time) -> Option<Vec<(Time, String)>> {
    let argv: Vec<String> = c.command.iter().chain(&c.args).cloned().collect();
    let repo = kubeplay_engine::kubelet::image::ImageRef::parse(c.image.as_deref()?).ok()?.repository();
    Some(match repo.as_str() {
        // server.js: console.log("… Started At:", startTime, "| Running On: ", host, "\n").
        "gcr.io/google-samples/kubernetes-bootcamp" | "docker.io/jocatalin/kubernetes-bootcamp" => {
            let host = kubeplay_engine::kubelet::envvars::hostname(pod);
            vec![(started, format!("Kubernetes Bootcamp App Started At: {} | Running On:  {host} ", iso_millis(started))), (started, String::new())]
        }
        "gcr.io/google-samples/hello-app" | "us-docker.pkg.dev/google-samples/containers/gke/hello-app" => {
            let (y, mo, d, h, mi, s) = civil(started.millis().div_euclid(1000));
            vec![(started, format!("{y:04}/{mo:02}/{d:02} {h:02}:{mi:02}:{s:02} Server listening on port 8080"))]
        }
        super::pod_exec::net::nodejs_hello::REPOSITORY => vec![(started, super::pod_exec::net::nodejs_hello::START_LINE.to_string())],
        // node-hello logs only the requests it serves; nginx-slim logs to files.
        "gcr.io/google-samples/node-hello" | "registry.k8s.io/nginx-slim" => Vec::new(),
        "registry.k8s.io/e2e-test-images/agnhost" if argv.iter().any(|a| a == "netexec") => {
            let http = flag(&argv, "http-port").unwrap_or("8080");
            let udp = flag(&argv, "udp-port").unwrap_or("8081");
            let mut v = vec![(started, format!("{}Started HTTP server on port {http}", klog_info(started, 397)))];
            if udp != "-1" {
                // log.Printf("… on port %s %d", address, port), address empty.
                v.push((started, format!("{}Started UDP server on port  {udp}", klog_info(started, 586))));
            }
            v
        }
        "registry.k8s.io/coredns/coredns" => super::pod_exec::net::coredns_log::start_lines(c.image.as_deref()?.rsplit(':').next()?)?.into_iter().map(|l| (started, l)).collect(),
        // The Jobs page's pi: `perl -Mbignum=bpi -wle 'print bpi(2000)'`.
        "docker.io/library/perl" => match argv.iter().find_map(|a| a.strip_prefix("print bpi(")?.strip_suffix(')')?.parse::<usize>().ok()) {
            Some(n) => vec![(started, super::pi_digits::bpi_line(n)?)],
            None => return None,
        },
        _ => return None,
    })
}

/// The lines one run of a container of `pod` printed, each with its time.
pub fn container_lines(pod: &Pod, c: &Container, started: Time) -> Vec<(Time, String)> {
    let image = c.image.clone().unwrap_or_default();
    let base = image.rsplit('/').next().unwrap_or(&image);
    let name = base.split(':').next().unwrap_or(base);
    if let Some(text) = echoed(c) {
        return vec![(started, text)];
    }
    if let Some(lines) = app_lines(pod, c, started) {
        return lines;
    }
    // The official server images log for the release their tag runs.
    let parsed = kubeplay_engine::kubelet::image::ImageRef::parse(&image).ok();
    let release = parsed.as_ref().and_then(kubeplay_engine::kubelet::registry_env::software_version);
    let at = |lines: Vec<String>| -> Vec<(Time, String)> { lines.into_iter().map(|l| (started, l)).collect() };
    match (parsed.map(|r| r.repository()).as_deref(), release) {
        (Some("docker.io/library/nginx"), Some(v)) => return at(servers::nginx(&v, started)),
        (Some("docker.io/library/redis"), Some(v)) => return at(servers::redis(&v, started)),
        (Some("docker.io/library/httpd"), Some(v)) => return at(servers::httpd(&v, pod.status.pod_ip.as_deref().unwrap_or("127.0.0.1"), started)),
        _ => {}
    }
    match name {
        "busybox" | "alpine" | "ubuntu" | "debian" => Vec::new(),
        _ => vec![(started, format!("(playground) {image} started; the simulator runs no real process, so this is all it printed"))],
    }
}

/// What `podutils.ByLogging` and `ActivePods` both compare, besides the
/// phase (each ranks phases its own way) and the restarts (which they
/// order in opposite directions).
struct Activity {
    unscheduled: bool,
    ready: bool,
    /// When the pod turned Ready; the latest possible when it is not.
    ready_since: i64,
    restarts: i32,
    created: i64,
}

impl Activity {
    fn of(p: &Object) -> Activity {
        let pod = p.as_pod();
        let ready = pod.is_some_and(Pod::is_ready);
        let ready_since = pod
            .filter(|_| ready)
            .and_then(|p| kubeplay_model::meta::find_condition(&p.status.conditions, "Ready"))
            .and_then(|c| c.last_transition_time)
            .map_or(i64::MAX, |t| t.millis());
        Activity {
            unscheduled: pod.and_then(Pod::node_name).is_none(),
            ready,
            ready_since,
            restarts: pod.map_or(0, |p| p.status.container_statuses.iter().map(|s| s.restart_count).max().unwrap_or(0)),
            created: p.meta().creation_timestamp.map_or(i64::MAX, |t| t.millis()),
        }
    }
}

/// `podutils.ByLogging`'s key: the pod kubectl would rather read first
/// (scheduled, running, ready, ready longest, most restarts, oldest).
/// Its phase map names only Running, Unknown and Pending, so a finished
/// pod ranks with the running ones (a Job's failed pod before its
/// pending retry).
fn by_logging(p: &Object) -> impl Ord {
    let pod = p.as_pod();
    let phase = match pod.map_or("", Pod::phase) {
        "Unknown" => 1,
        "Pending" => 2,
        _ => 0,
    };
    let a = Activity::of(p);
    (a.unscheduled, phase, !a.ready, a.ready_since, std::cmp::Reverse(a.restarts), a.created)
}

/// `sort.Reverse(podutils.ActivePods)`'s key, which exec, attach and
/// port-forward pick by (`attachablePodForObject`): scheduled, running,
/// ready, ready longest, fewest restarts (where logs prefers the most),
/// oldest. Phases outside ActivePods' map rank with Pending.
fn by_activity(p: &Object) -> impl Ord {
    let pod = p.as_pod();
    let phase = match pod.map_or("", Pod::phase) {
        "Running" => 0,
        "Unknown" => 1,
        _ => 2,
    };
    let a = Activity::of(p);
    (a.unscheduled, phase, !a.ready, a.ready_since, a.restarts, a.created)
}

/// The one pod exec, attach and port-forward reach for `TYPE/NAME`, as
/// `attachablePodForObject` picks it: unlike logs, they do not say which
/// one when there was a choice.
pub(super) fn attachable_pod(engine: &Engine, ns: &str, kind: Kind, name: &str) -> Result<Arc<Object>, String> {
    attachable_pods(engine, ns, kind, name).map(|mut pods| pods.swap_remove(0))
}

/// [`attachable_pod`]'s candidates, best first.
pub(super) fn attachable_pods(engine: &Engine, ns: &str, kind: Kind, name: &str) -> Result<Vec<Arc<Object>>, String> {
    let mut pods = selected_pods(engine, ns, kind, name, "attach to")?;
    kubeplay_model::sort::sort_as_go(&mut pods, |a, b| by_activity(a) < by_activity(b));
    Ok(pods)
}

/// The pods `logs TYPE/NAME` may read, best first: a pod
/// itself, or a workload's pods by its selector. `doing` is how kubectl
/// words the failure: "get the logs from", "attach to".
pub(super) fn pods_of(engine: &Engine, ns: &str, kind: Kind, name: &str, doing: &str) -> Result<Vec<Arc<Object>>, String> {
    let mut pods = selected_pods(engine, ns, kind, name, doing)?;
    // GetFirstPod's sort.Sort(ByLogging): among equally good pods, the
    // first one Go's unstable sort leaves.
    kubeplay_model::sort::sort_as_go(&mut pods, |a, b| by_logging(a) < by_logging(b));
    Ok(pods)
}

/// A pod itself, or a workload's pods by its selector, in the store's
/// order; never empty.
fn selected_pods(engine: &Engine, ns: &str, kind: Kind, name: &str, doing: &str) -> Result<Vec<Arc<Object>>, String> {
    let not_found = || kubeplay_apiserver::ApiError::not_found(kind, name).kubectl_message();
    if kind == Kind::Pod {
        return engine.store().get_by(Kind::Pod, ns, name).cloned().map(|p| vec![p]).ok_or_else(not_found);
    }
    let owner = engine.store().get_by(kind, ns, name).cloned().ok_or_else(not_found)?;
    let selector = match owner.as_ref() {
        Object::Deployment(d) => d.spec.selector.as_ref().and_then(|s| s.to_selector().ok()),
        Object::ReplicaSet(r) => r.spec.selector.as_ref().and_then(|s| s.to_selector().ok()),
        Object::StatefulSet(s) => s.spec.selector.as_ref().and_then(|s| s.to_selector().ok()),
        Object::DaemonSet(d) => d.spec.selector.as_ref().and_then(|s| s.to_selector().ok()),
        Object::Job(j) => j.spec.selector.as_ref().and_then(|s| s.to_selector().ok()),
        // SelectorsForObject: a Service needs a selector to lead to pods.
        Object::Service(s) if s.spec.selector.is_empty() => {
            return Err(format!("error: cannot {doing} *v1.Service: invalid service '{name}': Service is defined without a selector"));
        }
        Object::Service(s) => Some(Selector::from_set(&s.spec.selector)),
        Object::ReplicationController(r) => Some(Selector::from_set(&r.spec.selector)),
        _ => {
            // Go's %T of the object: *v1.ConfigMap.
            let t = format!("*{}.{}", kind.info().version, kind.info().kind);
            return Err(format!("error: cannot {doing} {t}: selector for {t} not implemented"));
        }
    };
    let selector = selector.unwrap_or_else(Selector::nothing);
    let pods: Vec<Arc<Object>> = engine.store().list(Kind::Pod, Some(ns)).filter(|p| selector.matches(&p.meta().labels)).cloned().collect();
    if pods.is_empty() {
        return Err("error: timed out waiting for the condition".to_string());
    }
    Ok(pods)
}

/// The one pod `logs TYPE/NAME` reads, as kubectl's
/// `GetFirstPod` picks it, saying so when there was a choice.
pub(super) fn pod_for(engine: &Engine, ns: &str, kind: Kind, name: &str, doing: &str, out: &mut Output) -> Result<Arc<Object>, String> {
    let pods = pods_of(engine, ns, kind, name, doing)?;
    if pods.len() > 1 {
        out.note(&format!("Found {} pods, using pod/{}", pods.len(), pods[0].name()));
    }
    Ok(pods[0].clone())
}

/// kubectl logs' Validate, in its order.
pub(super) fn validate(l: &Logs) -> Result<(), String> {
    if l.since_time.is_some() && l.since_ms != 0 {
        return Err("at most one of `sinceTime` or `sinceSeconds` may be specified".into());
    }
    if let (true, Some(c)) = (l.all_containers, l.container.as_deref().filter(|c| !c.is_empty())) {
        return Err(format!("--all-containers=true should not be specified with container name {c}"));
    }
    if l.container_twice {
        return Err("only one of -c or an inline [CONTAINER] arg is allowed".into());
    }
    if l.limit_bytes < 0 {
        return Err("--limit-bytes must be greater than 0".into());
    }
    if l.since_ms < 0 {
        return Err("--since must be greater than 0".into());
    }
    if l.tail.is_some_and(|t| t < -1) {
        return Err("--tail must be greater than or equal to -1".into());
    }
    Ok(())
}

/// `podcmd.AllContainerNames`: `a, b, debugger-x (ephem), init (init)`,
/// for `logs`' and `exec`'s note on the container they default to.
pub(super) fn all_container_names(pod: &Pod) -> String {
    let regular = pod.spec.containers.iter().map(|c| c.name.to_string());
    let ephemeral = pod.spec.ephemeral_containers.iter().map(|e| format!("{} (ephem)", e.container.name));
    let init = pod.spec.init_containers.iter().map(|c| format!("{} (init)", c.name));
    regular.chain(ephemeral).chain(init).collect::<Vec<_>>().join(", ")
}

/// Whether kubectl says which container it defaulted to: the pod has
/// others to choose from.
pub(super) fn has_other_containers(pod: &Pod) -> bool {
    pod.spec.containers.len() > 1 || !pod.spec.init_containers.is_empty() || !pod.spec.ephemeral_containers.is_empty()
}

/// The containers of one pod whose logs are asked for (`LogsForObject`),
/// with its notes about defaulting; `all_pods` leaves out the note on
/// the first container standing in.
fn containers_of<'p>(pod: &'p Pod, l: &Logs, all_pods: bool, out: &mut Output) -> Result<Vec<&'p Container>, String> {
    if l.all_containers {
        // LogsForObject walks init, app, then ephemeral containers.
        return Ok(pod.spec.init_containers.iter().chain(&pod.spec.containers).chain(pod.spec.ephemeral_containers.iter().map(|e| &e.container)).collect());
    }
    let mut name = l.container.clone().filter(|c| !c.is_empty());
    // The log endpoint knows a pod's ephemeral containers too (`kubectl debug`).
    let find = |n: &str| pod.spec.containers.iter().chain(&pod.spec.init_containers).chain(pod.spec.ephemeral_containers.iter().map(|e| &e.container)).find(|c| c.name == n);
    if name.is_none() {
        if let Some(d) = pod.metadata.annotation("kubectl.kubernetes.io/default-container").filter(|d| !d.is_empty()) {
            if find(d).is_some() {
                name = Some(d.to_string());
            } else {
                out.note(&format!("Default container name {} not found in pod {}", crate::gofmt::quote(d), pod.metadata.name));
            }
        }
    }
    let name = match name {
        Some(n) => n,
        None => {
            let Some(first) = pod.spec.containers.first() else { return Ok(Vec::new()) };
            if has_other_containers(pod) && !all_pods {
                out.note(&format!("Defaulted container {} out of: {}", crate::gofmt::quote(&first.name), all_container_names(pod)));
            }
            first.name.to_string()
        }
    };
    match find(&name) {
        Some(c) => Ok(vec![c]),
        None => Err(format!("error: container {name} is not valid for pod {}", pod.metadata.name)),
    }
}

/// One container's log text, or the API server's refusal.
fn container_log(pod: &Pod, c: &Container, l: &Logs, now: Time) -> Result<Vec<(Time, String)>, String> {
    let status: Option<&ContainerStatus> = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).chain(pod.status.ephemeral_container_statuses.iter()).find(|s| s.name == c.name);
    let pod_name = &pod.metadata.name;
    let q = crate::gofmt::quote;
    if l.previous {
        let prev = status.and_then(|s| s.last_state.terminated.as_ref());
        return match prev {
            Some(t) if never_ran(t) => Ok(Vec::new()),
            Some(t) => Ok(container_lines(pod, c, t.started_at.unwrap_or(now))),
            None => Err(bad_request(format!("previous terminated container {} in pod {} not found", q(&c.name), q(pod_name)))),
        };
    }
    let Some(s) = status else {
        return Err(bad_request(format!("container {} in pod {} is waiting to start: ContainerCreating", q(&c.name), q(pod_name))));
    };
    // The kubelet serves a waiting container's last run, if it had one
    // (a CrashLoopBackOff shows the crash's log).
    if let (Some(_), Some(t)) = (&s.state.waiting, &s.last_state.terminated) {
        return Ok(if never_ran(t) { Vec::new() } else { container_lines(pod, c, t.started_at.unwrap_or(now)) });
    }
    if let Some(w) = &s.state.waiting {
        let reason = w.reason.clone().unwrap_or_else(|| "ContainerCreating".into());
        let msg = if reason == "ImagePullBackOff" || reason == "ErrImagePull" {
            format!("container {} in pod {} is waiting to start: trying and failing to pull image", q(&c.name), q(pod_name))
        } else {
            format!("container {} in pod {} is waiting to start: {reason}", q(&c.name), q(pod_name))
        };
        return Err(bad_request(msg));
    }
    if s.state.terminated.as_deref().is_some_and(never_ran) {
        return Ok(Vec::new());
    }
    let started = s.state.running.as_ref().and_then(|r| r.started_at).or_else(|| s.state.terminated.as_ref().and_then(|t| t.started_at)).unwrap_or(now);
    Ok(container_lines(pod, c, started))
}

/// A run whose process the runtime could not start (`StartError`: its
/// command is not in the image) printed nothing.
pub(super) fn never_ran(t: &kubeplay_model::api::ContainerStateTerminated) -> bool {
    t.reason.as_deref() == Some("StartError")
}

/// What the kubelet sends for one container: its lines after the
/// `since` filters and the tail, stamped if asked, cut at `limitBytes`.
fn log_text(mut lines: Vec<(Time, String)>, l: &Logs, now: Time) -> String {
    let from = l.since_time.or((l.since_ms > 0).then(|| now.plus_millis(-l.since_ms)));
    if let Some(from) = from {
        lines.retain(|(t, _)| *t >= from);
    }
    if let Some(n) = l.tail.filter(|n| *n >= 0) {
        let skip = lines.len().saturating_sub(usize::try_from(n).unwrap_or(0));
        lines.drain(..skip);
    }
    let mut text = String::new();
    for (t, line) in lines {
        if l.timestamps {
            text.push_str(&rfc3339_nano(t));
            text.push(' ');
        }
        text.push_str(&line);
        text.push('\n');
    }
    if l.limit_bytes > 0 {
        let mut cut = usize::try_from(l.limit_bytes).unwrap_or(usize::MAX).min(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
    }
    text
}

/// One container's current log as a bare `GET …/pods/NAME/log?container=C`
/// returns it (no options), or `None` when the API server refuses it:
/// `cluster-info dump` words that refusal itself.
pub(super) fn plain_log(pod: &Pod, c: &Container, engine: &Engine, now: Time) -> Option<String> {
    let l = Logs {
        object: None,
        selector: None,
        container: Some(c.name.to_string()),
        container_twice: false,
        all_containers: false,
        all_pods: false,
        previous: false,
        follow: false,
        tail: None,
        since_ms: 0,
        since_time: None,
        limit_bytes: 0,
        max_log_requests: 5,
        timestamps: false,
        prefix: false,
    };
    let lines = container_log(pod, c, &l, now).ok()?;
    let lines = super::logs_command::lines(pod, c, engine, now).unwrap_or(lines);
    Some(log_text(lines, &l, now))
}

/// The pods the command reads, or its error (kubectl logs' Complete).
fn targets(l: &Logs, engine: &Engine, ns: &str, out: &mut Output) -> Result<Vec<Arc<Object>>, String> {
    match (&l.object, &l.selector) {
        (Some((kind, name)), _) => {
            if engine.store().get_by(*kind, ns, name).is_none() {
                let e = kubeplay_apiserver::ApiError::not_found(*kind, name);
                return Err(format!("error: error from server (NotFound): {e} in namespace {}", crate::gofmt::quote(ns)));
            }
            validate(l).map_err(|e| format!("error: {e}"))?;
            if l.all_pods {
                pods_of(engine, ns, *kind, name, "get the logs from")
            } else {
                pod_for(engine, ns, *kind, name, "get the logs from", out).map(|p| vec![p])
            }
        }
        (None, Some(sel)) => {
            let s = Selector::parse(sel).map_err(|e| format!("error: {e}"))?;
            let pods: Vec<Arc<Object>> = engine.store().list(Kind::Pod, Some(ns)).filter(|p| s.matches(&p.meta().labels)).cloned().collect();
            if pods.is_empty() {
                out.note(&format!("No resources found in {ns} namespace."));
            }
            validate(l).map_err(|e| format!("error: {e}"))?;
            Ok(pods)
        }
        (None, None) => Ok(Vec::new()),
    }
}

pub fn run(l: &Logs, inv: &Invocation, engine: &mut Engine, _io: Io, out: &mut Output) {
    let ns = namespace(inv).to_string();
    let mut now = engine.now();
    let mut pods = match targets(l, engine, &ns, out) {
        Ok(p) => p,
        Err(e) => return out.error(&e),
    };
    let mut ended = true;
    if l.follow && !l.previous {
        // Streams that cannot be opened fail below, as before.
        let mut streams = Vec::new();
        for p in &pods {
            let Some(pod) = p.as_pod() else { continue };
            if let Ok(cs) = containers_of(pod, l, l.all_pods, &mut Output::default()) {
                streams.extend(cs.into_iter().filter(|c| container_log(pod, c, l, now).is_ok()).map(|c| stream::Stream::of(pod, &c.name)));
            }
        }
        ended = stream::follow(engine, &streams);
        now = engine.now();
        for p in &mut pods {
            if let Some(fresh) = engine.store().get(&kubeplay_model::ObjectKey::new(Kind::Pod, &p.meta().namespace, &p.meta().name)).filter(|f| f.meta().uid == p.meta().uid) {
                *p = fresh.clone();
            }
        }
    }
    // Every request is settled before any is read, as LogsForObject does.
    let mut requests: Vec<(&Pod, &Container)> = Vec::new();
    for p in &pods {
        let Some(pod) = p.as_pod() else { continue };
        match containers_of(pod, l, l.all_pods, out) {
            Ok(cs) => requests.extend(cs.into_iter().map(|c| (pod, c))),
            Err(e) => return out.error(&e),
        }
    }
    let max = l.max_log_requests;
    if l.follow && requests.len() > 1 && i64::try_from(requests.len()).unwrap_or(i64::MAX) > max {
        let n = requests.len();
        return out.error(&format!("error: you are attempting to follow {n} log streams, but maximum allowed concurrency is {max}, use --max-log-requests to increase the limit"));
    }
    for (pod, c) in requests {
        let text = match container_log(pod, c, l, now) {
            Ok(lines) => {
                // A command the playground can follow: a printing loop, or
                // one that only reads (what exec would show).
                let followed = if l.previous { super::logs_command::previous_lines(pod, c, engine) } else { super::logs_command::lines(pod, c, engine, now) };
                let lines = followed.unwrap_or(lines);
                log_text(lines, l, now)
            }
            Err(e) => return out.error(&e),
        };
        if !l.prefix {
            out.stdout.push_str(&text);
            continue;
        }
        let prefix = format!("[pod/{}/{}] ", pod.metadata.name, c.name);
        for line in text.split_inclusive('\n') {
            out.stdout.push_str(&prefix);
            out.stdout.push_str(line);
        }
    }
    if l.follow && !ended {
        out.note("(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more");
    }
}

#[path = "logs_stream.rs"]
mod stream;

#[path = "logs_servers.rs"]
mod servers;

#[cfg(test)]
#[path = "logs_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_commands_print_their_words() {
        let c = Container {
            name: "c".into(),
            image: Some("busybox".into()),
            command: vec!["sh".into(), "-c".into(), "echo hello world; sleep 3600".into()],
            ..Default::default()
        };
        let pod = Pod::default();
        assert_eq!(container_lines(&pod, &c, Time::from_millis(0)), vec![(Time::from_millis(0), "hello world".to_string())]);
        // Each image logs the release its tag runs (1.14.2, the Deployment
        // pages' image, logs nothing at start).
        let text = |image: &str| {
            let n = Container { name: "n".into(), image: Some(image.into()), ..Default::default() };
            container_lines(&pod, &n, kubeplay_model::time::EPOCH).into_iter().map(|(_, l)| l).collect::<Vec<_>>()
        };
        assert!(text("nginx:1.14.2").is_empty());
        for (image, want) in [("nginx:1.27.3", "nginx/1.27.3"), ("nginx", "nginx/1.29.1"), ("nginx:1.25-alpine", "nginx/1.25.5"), ("docker.io/library/nginx:stable", "nginx/1.28.0")] {
            let lines = text(image);
            assert!(lines.iter().any(|l| l == &format!("2025/01/01 00:00:00 [notice] 1#1: {want}")), "{image}: {lines:?}");
        }
        assert!(text("redis:7")[1].contains(" Redis version=7.4.2, "));
        assert!(text("httpd:2.4")[2].contains(" AH00489: Apache/2.4.63 (Unix) configured -- resuming normal operations"));
        // Another registry's nginx is not the official image.
        assert_eq!(text("quay.io/me/nginx:1.0").len(), 1);
    }

    // podutils' TestSortingActivePods and TestByLogging, cut to what
    // tells the two orders apart: logs reads the pod that restarted most,
    // exec and attach the one that restarted least; both want a
    // scheduled, running, ready pod first.
    #[test]
    fn logs_and_attach_pick_pods_differently() {
        let pod = |name: &str, node: &str, phase: &str, ready: bool, restarts: i32| {
            let mut spec = serde_json::json!({"containers": [{"name": "c", "image": "busybox"}]});
            if !node.is_empty() {
                spec["nodeName"] = node.into();
            }
            let p: Pod = serde_json::from_value(serde_json::json!({
                "metadata": {"name": name, "creationTimestamp": "2025-01-01T00:00:00Z"},
                "spec": spec,
                "status": {
                    "phase": phase,
                    "conditions": [{"type": "Ready", "status": if ready { "True" } else { "False" }, "lastTransitionTime": "2025-01-01T00:00:01Z"}],
                    "containerStatuses": [{"name": "c", "image": "busybox", "imageID": "", "ready": ready, "restartCount": restarts}],
                },
            }))
            .expect("pod");
            Object::Pod(p.into())
        };
        let pods = [
            pod("unscheduled", "", "Pending", false, 0),
            pod("pending", "n", "Pending", false, 0),
            pod("succeeded", "n", "Succeeded", false, 0),
            pod("unknown", "n", "Unknown", false, 0),
            pod("not-ready", "n", "Running", false, 0),
            pod("restarted", "n", "Running", true, 4),
            pod("steady", "n", "Running", true, 0),
        ];
        let order = |key: &dyn Fn(&Object) -> Vec<i64>| {
            let mut ps: Vec<&Object> = pods.iter().collect();
            ps.sort_by_key(|p| key(p));
            ps.iter().map(|p| p.name().to_string()).collect::<Vec<_>>()
        };
        let rank = |p: &Object, logs: bool| {
            let all: Vec<&Object> = pods.iter().collect();
            let better = |a: &Object, b: &Object| if logs { by_logging(a) < by_logging(b) } else { by_activity(a) < by_activity(b) };
            vec![all.iter().filter(|q| better(q, p)).count() as i64]
        };
        // ByLogging ranks Succeeded with Running (its phase map has no
        // entry for it): with the running pod that is not ready.
        assert_eq!(order(&|p| rank(p, true)), ["restarted", "steady", "succeeded", "not-ready", "unknown", "pending", "unscheduled"]);
        assert_eq!(order(&|p| rank(p, false)), ["steady", "restarted", "not-ready", "unknown", "pending", "succeeded", "unscheduled"]);
    }

    /// The start lines the tutorials' pages show (kubernetes.io's Hello
    /// Minikube and Kubernetes Basics), with this pod's name and times.
    #[test]
    fn tutorial_apps_print_their_start_lines() {
        let mut pod = Pod::default();
        pod.metadata.name = "kubernetes-bootcamp-5485cc6795-abcde".into();
        let t = kubeplay_model::time::EPOCH.plus_millis(5_120);
        let c = |image: &str, args: &[&str]| Container { name: "c".into(), image: Some(image.into()), args: args.iter().map(|s| s.to_string()).collect(), ..Default::default() };
        let text = |c: &Container| container_lines(&pod, c, t).into_iter().map(|(_, l)| l).collect::<Vec<_>>();
        assert_eq!(
            text(&c("gcr.io/google-samples/kubernetes-bootcamp:v1", &[])),
            ["Kubernetes Bootcamp App Started At: 2025-01-01T00:00:05.120Z | Running On:  kubernetes-bootcamp-5485cc6795-abcde ", ""]
        );
        assert_eq!(text(&c("gcr.io/google-samples/hello-app:1.0", &[])), ["2025/01/01 00:00:05 Server listening on port 8080"]);
        let agnhost = Container { command: vec!["/agnhost".into()], ..c("registry.k8s.io/e2e-test-images/agnhost:2.53", &["netexec", "--http-port=8080"]) };
        assert_eq!(
            text(&agnhost),
            ["I0101 00:00:05.120397       1 log.go:195] Started HTTP server on port 8080", "I0101 00:00:05.120586       1 log.go:195] Started UDP server on port  8081"]
        );
        assert_eq!(text(&c("registry.k8s.io/e2e-test-images/agnhost:2.53", &["netexec", "--http-port", "9000", "--udp-port=-1"])), ["I0101 00:00:05.120397       1 log.go:195] Started HTTP server on port 9000"]);
        assert!(text(&c("gcr.io/google-samples/node-hello:1.0", &[])).is_empty());
        assert_eq!(
            text(&c("docker.io/redis:6.0.5", &[])),
            [
                "1:C 01 Jan 2025 00:00:05.120 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo",
                "1:C 01 Jan 2025 00:00:05.120 # Redis version=6.0.5, bits=64, commit=00000000, modified=0, pid=1, just started",
                "1:M 01 Jan 2025 00:00:05.120 * Ready to accept connections"
            ]
        );
        assert_eq!(text(&c("redis:7.4-alpine", &[]))[2], "1:M 01 Jan 2025 00:00:05.120 * Ready to accept connections tcp");
        // `redis:7` runs 7.4.2, whose ready line names the listener too.
        assert_eq!(text(&c("redis:7", &[]))[2], "1:M 01 Jan 2025 00:00:05.120 * Ready to accept connections tcp");
    }
}
