//! `kubectl logs -f`: kubectl's stream of a container's log ends when
//! that run of the container stops. Here the cluster runs on, a step at a
//! time, until every followed run has stopped, so a command that finishes
//! (`echo hello; sleep 30; echo world`) shows its whole log as kubectl
//! would once it returns. A container that runs on past the cluster's
//! settling (capped as a watch is) would keep kubectl following for ever:
//! then nothing moves, and the caller says the log is so far.

use crate::exec::get_watch::WATCH_CAP_MS;
use kubeplay_engine::{Engine, Work};
use kubeplay_model::api::{ContainerStatus, Pod};
use kubeplay_model::{Kind, ObjectKey};

/// One followed run of one container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Stream {
    key: ObjectKey,
    uid: String,
    container: String,
    /// The run's container id; None: no run is going on, so the stream
    /// ends at once (a finished or waiting container).
    running: Option<String>,
}

fn status<'p>(pod: &'p Pod, container: &str) -> Option<&'p ContainerStatus> {
    let statuses = pod
        .status
        .container_statuses
        .iter()
        .chain(&pod.status.init_container_statuses);
    statuses
        .chain(pod.status.ephemeral_container_statuses.iter())
        .find(|s| s.name == container)
}

/// The id of `container`'s run going on in `pod`, if one is.
fn running(pod: &Pod, container: &str) -> Option<String> {
    let s = status(pod, container).filter(|s| s.state.running.is_some())?;
    Some(s.container_id.as_deref().unwrap_or_default().to_string())
}

impl Stream {
    pub(super) fn of(pod: &Pod, container: &str) -> Stream {
        Stream {
            key: ObjectKey::new(Kind::Pod, &pod.metadata.namespace, &pod.metadata.name),
            uid: pod.metadata.uid.to_string(),
            container: container.to_string(),
            running: running(pod, container),
        }
    }

    /// The run stopped: the pod is gone or replaced, or the container
    /// runs no more, or runs again as a new container.
    fn ended(&self, engine: &Engine) -> bool {
        let Some(run) = &self.running else {
            return true;
        };
        let pod = engine
            .store()
            .get(&self.key)
            .and_then(|o| o.as_pod())
            .filter(|p| p.metadata.uid.as_str() == self.uid);
        pod.is_none_or(|p| running(p, &self.container).as_ref() != Some(run))
    }
}

/// Runs the cluster until every stream has ended. When the cluster
/// settles (or the cap passes) with one still going, kubectl would still
/// be following: the cluster is left as it was, and false says so.
pub(super) fn follow(engine: &mut Engine, streams: &[Stream]) -> bool {
    let all_ended = |e: &Engine| streams.iter().all(|s| s.ended(e));
    if all_ended(engine) {
        return true;
    }
    let mut trial = engine.clone();
    let mut work = Work::settle(&trial, WATCH_CAP_MS);
    loop {
        let done = trial.work(&mut work, 1).is_some();
        if all_ended(&trial) {
            *engine = trial;
            return true;
        }
        if done {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::exec::{run_line, LineOutcome};
    use kubeplay_engine::Engine;

    fn run(e: &mut Engine, line: &str) -> String {
        match run_line(line, e, crate::exec::Io::default()) {
            LineOutcome::Done(out) => format!("{}{}", out.stdout, out.stderr),
            _ => panic!("not run: {line}"),
        }
    }

    #[test]
    fn follows_a_run_to_its_end_or_until_the_cluster_settles() {
        // (command, follow after, log, whether the playground's note follows)
        let cases: &[(&str, &str, &str, bool)] = &[
            ("kubectl run p --image=busybox --restart=Never -- sh -c 'echo hello;sleep 30;echo world'", "kubectl logs p -f", "hello\nworld\n", false),
            ("kubectl run p --image=busybox --restart=Never -- sh -c 'echo up; sleep 3600'", "kubectl logs p -f", "up\n", true),
            ("kubectl run p --image=busybox --restart=Never -- echo done", "kubectl logs p --follow", "done\n", false),
        ];
        for (create, follow, log, note) in cases {
            let mut e = Engine::with_default_cluster(1);
            run(&mut e, create);
            e.settle(5_000);
            let start = e.now();
            let got = run(&mut e, follow);
            assert!(got.starts_with(log), "{create}: {got}");
            assert_eq!(got.contains("(playground)"), *note, "{create}: {got}");
            // A log still being written leaves the clock where it was.
            if *note {
                assert_eq!(e.now().millis(), start.millis(), "{create}");
            }
        }
    }
}
