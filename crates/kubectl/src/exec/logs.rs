//! `kubectl logs`: simulated container output. The simulator runs no real
//! processes, so each container "prints" a few deterministic lines shaped
//! like its image's start-up output (nginx's entrypoint, an `echo`
//! command's words, a generic line otherwise), timed from when the
//! container started. The errors are the API server's and kubectl's.

use super::write::namespace;
use super::{Io, Output};
use crate::cli::{Invocation, Logs};
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

/// `2025/01/01 00:00:05`, as nginx stamps its error log.
fn nginx_time(t: Time) -> String {
    let (y, mo, d, h, mi, s) = civil(t.millis().div_euclid(1000));
    format!("{y:04}/{mo:02}/{d:02} {h:02}:{mi:02}:{s:02}")
}

/// The words an `echo` in the container's command would print.
fn echoed(c: &Container) -> Option<String> {
    let words: Vec<&str> = c.command.iter().chain(&c.args).map(String::as_str).collect();
    let joined = words.join(" ");
    let at = joined.find("echo ")?;
    let rest = &joined[at + 5..];
    let end = rest.find([';', '&', '|']).unwrap_or(rest.len());
    Some(rest[..end].trim().trim_matches(['"', '\'']).to_string())
}

/// The lines one run of a container printed, each with its time.
pub fn container_lines(c: &Container, started: Time) -> Vec<(Time, String)> {
    let image = c.image.clone().unwrap_or_default();
    let base = image.rsplit('/').next().unwrap_or(&image);
    let (name, tag) = base.split_once(':').unwrap_or((base, "latest"));
    if let Some(text) = echoed(c) {
        return vec![(started, text)];
    }
    match name {
        "nginx" => {
            let version = if tag.chars().next().is_some_and(|c| c.is_ascii_digit()) { tag } else { "1.27.3" };
            let t = nginx_time(started);
            let mut v: Vec<String> = [
                "/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration",
                "/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/",
                "/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh",
                "/docker-entrypoint.sh: Configuration complete; ready for start up",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            v.push(format!("{t} [notice] 1#1: using the \"epoll\" event method"));
            v.push(format!("{t} [notice] 1#1: nginx/{version}"));
            v.push(format!("{t} [notice] 1#1: start worker processes"));
            v.into_iter().map(|l| (started, l)).collect()
        }
        "redis" => vec![
            (started, "1:C 01 Jan 2025 00:00:00.000 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo".to_string()),
            (started, "1:M 01 Jan 2025 00:00:00.000 * Ready to accept connections tcp".to_string()),
        ],
        "busybox" | "alpine" | "ubuntu" | "debian" => Vec::new(),
        _ => vec![(started, format!("(playground) {image} started; the simulator runs no real process, so this is all it printed"))],
    }
}

/// The pod `logs TYPE/NAME` (or `exec`) reads: the first of a workload's
/// pods, as kubectl's attachable-pod lookup picks it. `doing` is how
/// kubectl words the failure: "get the logs from", "attach to".
pub(super) fn pod_for(engine: &Engine, ns: &str, kind: Kind, name: &str, doing: &str, out: &mut Output) -> Result<Arc<Object>, String> {
    let not_found = || kubeplay_apiserver::ApiError::not_found(kind, name).kubectl_message();
    if kind == Kind::Pod {
        return engine.store().get_by(Kind::Pod, ns, name).cloned().ok_or_else(not_found);
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
    let mut pods: Vec<Arc<Object>> = engine.store().list(Kind::Pod, Some(ns)).filter(|p| selector.matches(&p.meta().labels)).cloned().collect();
    // Running and ready pods first, then the newest.
    kubeplay_model::sort::sort_by_key(&mut pods, |p| {
        let pod = p.as_pod();
        (pod.is_none_or(|p| p.phase() != "Running"), pod.is_none_or(|p| !p.is_ready()), std::cmp::Reverse(p.meta().creation_timestamp))
    });
    let first = pods.first().cloned().ok_or_else(|| "error: timed out waiting for the condition".to_string())?;
    if pods.len() > 1 {
        out.note(&format!("Found {} pods, using pod/{}", pods.len(), first.name()));
    }
    Ok(first)
}

/// One container's log text, or the API server's refusal.
fn container_log(pod: &Pod, c: &Container, l: &Logs, now: Time) -> Result<Vec<(Time, String)>, String> {
    let status: Option<&ContainerStatus> = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).find(|s| s.name == c.name);
    let pod_name = &pod.metadata.name;
    if l.previous {
        let prev = status.and_then(|s| s.last_state.terminated.as_ref());
        return match prev {
            Some(t) => Ok(container_lines(c, t.started_at.unwrap_or(now))),
            None => {
                Err(bad_request(format!("previous terminated container {} in pod {} not found", crate::gofmt::quote(&c.name), crate::gofmt::quote(pod_name))))
            }
        };
    }
    let Some(s) = status else {
        return Err(bad_request(format!(
            "container {} in pod {} is waiting to start: ContainerCreating",
            crate::gofmt::quote(&c.name),
            crate::gofmt::quote(pod_name)
        )));
    };
    if let Some(w) = &s.state.waiting {
        let reason = w.reason.clone().unwrap_or_else(|| "ContainerCreating".into());
        let msg = if reason == "ImagePullBackOff" || reason == "ErrImagePull" {
            format!("container {} in pod {} is waiting to start: trying and failing to pull image", crate::gofmt::quote(&c.name), crate::gofmt::quote(pod_name))
        } else {
            format!("container {} in pod {} is waiting to start: {reason}", crate::gofmt::quote(&c.name), crate::gofmt::quote(pod_name))
        };
        return Err(bad_request(msg));
    }
    let started = s.state.running.as_ref().and_then(|r| r.started_at).or_else(|| s.state.terminated.as_ref().and_then(|t| t.started_at)).unwrap_or(now);
    Ok(container_lines(c, started))
}

fn print_pod(pod: &Pod, l: &Logs, now: Time, prefix: bool, out: &mut Output) -> Result<(), String> {
    let all: Vec<&Container> = pod.spec.init_containers.iter().chain(&pod.spec.containers).collect();
    let chosen: Vec<&Container> = if l.all_containers {
        all
    } else if let Some(name) = &l.container {
        match all.iter().find(|c| c.name == *name) {
            Some(c) => vec![*c],
            None => return Err(bad_request(format!("container {name} is not valid for pod {}", pod.metadata.name))),
        }
    } else {
        let default = pod.metadata.annotation("kubectl.kubernetes.io/default-container").and_then(|d| pod.spec.containers.iter().find(|c| c.name == d));
        let Some(first) = default.or(pod.spec.containers.first()) else { return Ok(()) };
        if pod.spec.containers.len() > 1 && default.is_none() {
            let names: Vec<&str> = all.iter().map(|c| c.name.as_str()).collect();
            out.note(&format!("Defaulted container {} out of: {}", crate::gofmt::quote(&first.name), names.join(", ")));
        }
        vec![first]
    };
    for c in chosen {
        let mut lines = container_log(pod, c, l, now)?;
        if let Some(since) = l.since_ms {
            let from = now.plus_millis(-since);
            lines.retain(|(t, _)| *t >= from);
        }
        if let Some(n) = l.tail {
            let n = usize::try_from(n).unwrap_or(0);
            let skip = lines.len().saturating_sub(n);
            lines.drain(..skip);
        }
        for (t, line) in lines {
            let mut s = String::new();
            if prefix || l.prefix {
                s.push_str(&format!("[pod/{}/{}] ", pod.metadata.name, c.name));
            }
            if l.timestamps {
                s.push_str(&rfc3339_nano(t));
                s.push(' ');
            }
            s.push_str(&line);
            out.out(&s);
        }
    }
    Ok(())
}

pub fn run(l: &Logs, inv: &Invocation, engine: &mut Engine, _io: Io, out: &mut Output) {
    let ns = namespace(inv).to_string();
    let now = engine.now();
    let pods: Vec<Arc<Object>> = match (&l.object, &l.selector) {
        (Some((kind, name)), _) => match pod_for(engine, &ns, *kind, name, "get the logs from", out) {
            Ok(p) => vec![p],
            Err(e) => {
                out.error(&e);
                return;
            }
        },
        (None, Some(sel)) => match Selector::parse(sel) {
            Ok(s) => engine.store().list(Kind::Pod, Some(&ns)).filter(|p| s.matches(&p.meta().labels)).cloned().collect(),
            Err(e) => {
                out.error(&format!("error: {e}"));
                return;
            }
        },
        (None, None) => return,
    };
    if pods.is_empty() {
        out.note(&format!("No resources found in {ns} namespace."));
        return;
    }
    let several = pods.len() > 1;
    for p in &pods {
        let Some(pod) = p.as_pod() else { continue };
        if let Err(e) = print_pod(pod, l, now, several && l.prefix, out) {
            out.error(&e);
            return;
        }
    }
    if l.follow {
        out.note("(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more");
    }
}

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
        assert_eq!(container_lines(&c, Time::from_millis(0)), vec![(Time::from_millis(0), "hello world".to_string())]);
        let n = Container { name: "n".into(), image: Some("nginx:1.14.2".into()), ..Default::default() };
        let lines = container_lines(&n, kubeplay_model::time::EPOCH);
        assert!(lines.iter().any(|(_, l)| l == "2025/01/01 00:00:00 [notice] 1#1: nginx/1.14.2"));
    }
}
