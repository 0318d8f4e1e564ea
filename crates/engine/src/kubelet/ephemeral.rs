//! Ephemeral containers (`kubectl debug`): each is started once, as soon
//! as the pod has its sandbox (`SyncPod` starts them before init
//! containers, so a debugger can join a pod stuck in them), and never
//! restarted nor probed. Their pulls queue on the node's puller like any
//! other, but do not block the pod worker. Statuses go to
//! `ephemeralContainerStatuses`. A pod without any does no work here: every
//! entry point is behind a check that the pod has some.

use super::format::go_duration;
use super::image::ImageRef;
use super::runtime::{Ctr, Exited, PodRuntime, PullJob, Run};
use super::sync::Worker;
use super::{config, process, registry, status, PLEG_MS};
use crate::world::ControllerId;
use kubeplay_model::api::{Container, ContainerState, ContainerStateWaiting, ContainerStatus, Pod};
use kubeplay_model::{Kind, ObjectKey, Time};

/// One ephemeral container as the runtime knows it, with the pull its
/// start waits for.
#[derive(Clone, Debug, PartialEq)]
pub struct EphemeralCtr {
    pub ctr: Ctr,
    pub pull: Option<Box<(Time, PullJob)>>,
}

/// The statuses of the pod's ephemeral containers, in spec order. The
/// prober never looks at them, so they carry no `started` and are never ready.
pub(super) fn statuses(pod: &Pod, rt: &PodRuntime, default_waiting: &str, deleting: bool) -> Vec<ContainerStatus> {
    let Some(ctrs) = rt.ephemeral.as_deref() else {
        return Vec::new();
    };
    let old = &pod.status.ephemeral_container_statuses;
    let mut out = Vec::with_capacity(pod.spec.ephemeral_containers.len());
    for ec in pod.spec.ephemeral_containers.iter() {
        let c = &ec.container;
        let mut s = match ctrs.iter().find(|e| e.ctr.name == c.name) {
            Some(e) => status::container_status(c, &e.ctr, false, default_waiting, "Never", deleting, old),
            None => ContainerStatus {
                name: c.name.clone(),
                state: ContainerState { waiting: Some(ContainerStateWaiting { reason: Some(default_waiting.into()), message: None }), ..Default::default() },
                image: c.image.clone().unwrap_or_default(),
                ..Default::default()
            },
        };
        s.started = None;
        s.ready = false;
        out.push(s);
    }
    out
}

/// The spec of the ephemeral container a runtime record is of.
fn spec_of<'p>(pod: &'p Pod, name: &str) -> Option<&'p Container> {
    pod.spec.ephemeral_containers.iter().map(|e| &e.container).find(|c| c.name == name)
}

impl Worker<'_, '_> {
    fn ephemeral_event(&mut self, name: &str, type_: &str, reason: &str, message: impl Into<String>) {
        let obj = self.obj.clone();
        self.ctx.event_on_field(&obj, format!("spec.ephemeralContainers{{{name}}}"), type_, reason, message);
    }

    /// Starts the ephemeral containers the runtime does not hold yet,
    /// finishes the pulls that are done and notes the processes that
    /// exited. Whether anything changed.
    pub(super) fn sync_ephemeral(&mut self) -> bool {
        let pod = self.pod.clone();
        let spec = &pod.spec.ephemeral_containers;
        if !self.rt.sandbox || self.rt.finished {
            return false;
        }
        let mut progressed = self.expire_ephemeral();
        let mut ctrs = self.rt.ephemeral.take().unwrap_or_default();
        // By name: a write of the subresource may reorder them.
        for ec in spec.iter() {
            let c = &ec.container;
            match ctrs.iter().position(|e| e.ctr.name == c.name) {
                None => {
                    let mut e = EphemeralCtr { ctr: Ctr::new(c.name.clone()), pull: None };
                    self.start_ephemeral(c, &mut e);
                    ctrs.push(e);
                    progressed = true;
                }
                Some(i) if ctrs[i].pull.as_ref().is_some_and(|p| p.0 <= self.now) => {
                    if let Some(pull) = ctrs[i].pull.take() {
                        self.pulled_ephemeral(c, &mut ctrs[i], pull.1);
                        progressed = true;
                    }
                }
                Some(_) => {}
            }
        }
        self.rt.ephemeral = Some(ctrs);
        progressed
    }

    /// The image step of `startContainer`, with the puller's queue: a
    /// present image starts at once, a missing one after its pull.
    fn start_ephemeral(&mut self, c: &Container, e: &mut EphemeralCtr) {
        let spelled = c.image.clone().unwrap_or_default();
        let Ok(image) = ImageRef::parse(&spelled) else {
            let msg = format!("Failed to apply default image tag \"{spelled}\": invalid reference format");
            self.ephemeral_event(&c.name, "Warning", "InspectFailed", msg.clone());
            self.ephemeral_event(&c.name, "Warning", "Failed", "Error: InvalidImageName");
            e.ctr.cache = Some(Box::new(super::runtime::Reason::new("InvalidImageName", msg)));
            e.ctr.shown = e.ctr.cache.clone();
            return;
        };
        let normalized = super::image::normalize(&spelled).unwrap_or_else(|| image.normalized().into());
        let policy = c.image_pull_policy.clone().unwrap_or_else(|| if image.is_latest() { "Always".into() } else { "IfNotPresent".into() });
        let present = self.ctx.world().sim.image_cache.get(&self.node).is_some_and(|s| s.contains(normalized.as_str()));
        if policy == "Never" && !present {
            let msg = format!("Container image \"{spelled}\" is not present with pull policy of Never");
            self.ephemeral_event(&c.name, "Warning", "ErrImageNeverPull", msg.clone());
            self.ephemeral_event(&c.name, "Warning", "Failed", "Error: ErrImageNeverPull");
            e.ctr.cache = Some(Box::new(super::runtime::Reason::new("ErrImageNeverPull", msg)));
            e.ctr.shown = e.ctr.cache.clone();
            return;
        }
        if present && policy != "Always" {
            self.ephemeral_event(&c.name, "Normal", "Pulled", format!("Container image \"{spelled}\" already present on machine"));
            self.create_ephemeral(c, e, &image, &normalized);
            return;
        }
        self.ephemeral_event(&c.name, "Normal", "Pulling", format!("Pulling image \"{spelled}\""));
        self.note(format!("pulling {spelled} for ephemeral container {}", c.name));
        let (job, _) = self.queue_pull(&image, spelled, normalized.to_string(), present);
        e.pull = Some(Box::new((self.now.plus_millis(job.total_ms), job)));
    }

    fn pulled_ephemeral(&mut self, c: &Container, e: &mut EphemeralCtr, pull: PullJob) {
        let Ok(image) = ImageRef::parse(&pull.image) else {
            return;
        };
        if !pull.ok {
            let err = registry::not_found_message(&image);
            self.ephemeral_event(&c.name, "Warning", "Failed", format!("Failed to pull image \"{}\": {err}", pull.image));
            self.ephemeral_event(&c.name, "Warning", "Failed", "Error: ErrImagePull");
            // Never restarted, so never pulled again: it stays waiting.
            e.ctr.cache = Some(Box::new(super::runtime::Reason::new("ErrImagePull", err)));
            e.ctr.shown = e.ctr.cache.clone();
            self.rt.mark_dirty(self.now);
            return;
        }
        let sim = &mut self.ctx.world_mut().sim;
        let mut cached = sim.image_cache.get(&self.node).cloned().unwrap_or_default();
        let new = cached.insert(pull.normalized.clone()).is_none();
        sim.image_cache.insert(self.node.clone(), cached);
        if new {
            self.ctx.enqueue(ControllerId::Kubelet, ObjectKey::new(Kind::Node, "", &self.node));
        }
        self.ephemeral_event(
            &c.name,
            "Normal",
            "Pulled",
            format!(
                "Successfully pulled image \"{}\" in {} ({} including waiting). Image size: {} bytes.",
                pull.image,
                go_duration(pull.pull_ms),
                go_duration(pull.total_ms),
                pull.size
            ),
        );
        self.create_ephemeral(c, e, &image, &pull.normalized);
    }

    fn create_ephemeral(&mut self, c: &Container, e: &mut EphemeralCtr, image: &ImageRef, normalized: &str) {
        let env = match config::env_names(self.ctx.store(), &self.pod.metadata.namespace, c) {
            Ok(env) => env,
            Err(msg) => {
                self.ephemeral_event(&c.name, "Warning", "Failed", format!("Error: {msg}"));
                e.ctr.cache = Some(Box::new(super::runtime::Reason::new("CreateContainerConfigError", msg)));
                e.ctr.shown = e.ctr.cache.clone();
                return;
            }
        };
        let behavior = self.ctx.world().sim.image_behavior(normalized).cloned();
        let plan = std::sync::Arc::new(process::plan(c, image, &self.pod.metadata.namespace, &env, behavior.as_ref()));
        let id = format!("containerd://{:016x}{:016x}{:016x}{:016x}", self.ctx.rand(), self.ctx.rand(), self.ctx.rand(), self.ctx.rand());
        self.ephemeral_event(&c.name, "Normal", "Created", format!("Created container {}", c.name));
        self.ephemeral_event(&c.name, "Normal", "Started", format!("Started container {}", c.name));
        let now = self.now;
        e.ctr.run = Some(Run {
            id: id.into(),
            image: normalized.into(),
            image_id: registry::image_id(normalized),
            started_at: now,
            plan,
            exited: None,
            stopping: None,
            started: true,
            ready: false,
            probes: Default::default(),
        });
        // For `kubectl exec -c` into the debugger.
        e.ctr.env = Some(super::envvars::snapshot(self, c));
        e.ctr.cache = None;
        e.ctr.shown = None;
        self.rt.mark_dirty(now);
        self.started = true;
        self.note(format!("started ephemeral container {}", c.name));
    }

    /// Ephemeral processes that exited by now.
    fn expire_ephemeral(&mut self) -> bool {
        let Some(mut ctrs) = self.rt.ephemeral.take() else {
            return false;
        };
        let pod = self.pod.clone();
        let mut progressed = false;
        for e in ctrs.iter_mut() {
            let Some(c) = spec_of(&pod, &e.ctr.name) else { continue };
            let Some((at, code, reason)) = e.ctr.running().and_then(|run| self.exit_of(run, c)).filter(|(at, _, _)| *at <= self.now) else {
                continue;
            };
            if let Some(run) = e.ctr.run.as_mut() {
                run.exited = Some(Box::new(Exited { code, reason: reason.clone(), started_at: run.started_at, finished_at: at, id: run.id.clone() }));
            }
            self.rt.mark_dirty(at);
            self.note(format!("ephemeral container {} exited with code {code} ({reason})", c.name));
            progressed = true;
        }
        self.rt.ephemeral = Some(ctrs);
        progressed
    }

    /// Stopping the pod (deleted or evicted) stops its running ephemeral
    /// containers with the others, with the same grace: when the last of
    /// them exits (`from` if none runs).
    pub(super) fn stop_ephemeral(&mut self, grace_ms: i64, from: Time) -> Time {
        let Some(mut ctrs) = self.rt.ephemeral.take() else { return from };
        let pod = self.pod.clone();
        let mut until = from;
        for e in ctrs.iter_mut() {
            // A pull under way is dropped with the pod.
            e.pull = None;
            let Some(c) = spec_of(&pod, &e.ctr.name) else { continue };
            let Some(run) = e.ctr.run.as_mut().filter(|r| r.exited.is_none()) else { continue };
            let (t, code) = super::terminate::stop_time(run, c, grace_ms, self.now);
            run.stopping = Some((t, code));
            until = until.max(t);
            self.ephemeral_event(&c.name, "Normal", "Killing", format!("Stopping container {}", c.name));
        }
        self.rt.ephemeral = Some(ctrs);
        until
    }

    /// The stopped ephemeral containers' exits, once the pod's grace is over.
    pub(super) fn stopped_ephemeral(&mut self, until: Time) {
        let Some(ctrs) = self.rt.ephemeral.as_mut() else { return };
        for e in ctrs.iter_mut() {
            if let Some(run) = e.ctr.run.as_mut().filter(|r| r.exited.is_none()) {
                let (t, code) = run.stopping.unwrap_or((until, 137));
                let reason = if code == 0 { "Completed" } else { "Error" };
                run.exited = Some(Box::new(Exited { code, reason: reason.into(), started_at: run.started_at, finished_at: t, id: run.id.clone() }));
            }
        }
    }

    /// When the worker must wake for its ephemeral containers: a pull
    /// done, a process exiting.
    pub(super) fn ephemeral_wakes(&self, at: &mut impl FnMut(Time, bool)) {
        let Some(ctrs) = self.rt.ephemeral.as_deref() else {
            return;
        };
        for e in ctrs.iter() {
            if let Some(p) = &e.pull {
                at(p.0, false);
            }
            let Some(c) = spec_of(&self.pod, &e.ctr.name) else { continue };
            if let Some((t, _, _)) = e.ctr.running().and_then(|run| self.exit_of(run, c)) {
                at(t.max(self.now).plus_millis(PLEG_MS), false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Engine;
    use kubeplay_model::api::{Container, EphemeralContainer, Pod, PodSpec};
    use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta};

    fn pod(e: &Engine, key: &ObjectKey) -> Pod {
        e.store().get(key).and_then(|o| o.as_pod()).cloned().expect("pod")
    }

    fn debugger(name: &str, command: &[&str], stdin: bool) -> EphemeralContainer {
        let c = Container {
            name: name.into(),
            image: Some("busybox".into()),
            command: command.iter().map(|s| s.to_string()).collect(),
            stdin: stdin.then_some(true),
            termination_message_policy: Some("File".into()),
            ..Default::default()
        };
        EphemeralContainer { container: c, target_container_name: None }
    }

    /// An ephemeral container starts once its image is pulled, runs as
    /// its process plan says (a shell with stdin stays up, a `sleep 5`
    /// ends), shows in `ephemeralContainerStatuses` without `started` and
    /// never ready, and leaves the pod's phase and readiness alone; a pod
    /// without any keeps no record of them.
    #[test]
    fn ephemeral_containers_start_once_and_report_their_status() {
        let mut e = Engine::with_default_cluster(1);
        let key = ObjectKey::new(Kind::Pod, "default", "web");
        let p = Pod {
            metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
            spec: PodSpec {
                containers: vec![Container { name: "web".into(), image: Some("nginx".into()), ..Default::default() }].into(),
                node_name: Some("kubeplay-worker".into()),
                ..Default::default()
            }
            .into(),
            status: Default::default(),
        };
        e.user("create", key.clone(), |ctx| ctx.create(Object::Pod(Box::new(p))).map(|_| ())).expect("create");
        e.settle(60_000);
        assert!(e.world().sim.pods.of_pod("default", "web").is_some_and(|rt| rt.ephemeral.is_none()));
        let mut debugged = pod(&e, &key);
        debugged.spec_mut().ephemeral_containers.push(debugger("shell", &[], true));
        debugged.spec_mut().ephemeral_containers.push(debugger("nap", &["sleep", "5"], false));
        // A plain update may not add them; the subresource may.
        let refused = e.user("update", key.clone(), |ctx| ctx.update(Object::Pod(Box::new(debugged.clone()))));
        assert!(refused.is_err_and(|err| err.to_string().contains("pod updates may not change fields")));
        e.user("debug", key.clone(), |ctx| ctx.update_ephemeral_containers(Object::Pod(Box::new(debugged)))).expect("subresource write");
        // …nor remove one.
        let mut removed = pod(&e, &key);
        removed.spec_mut().ephemeral_containers.pop();
        let refused = e.user("debug", key.clone(), |ctx| ctx.update_ephemeral_containers(Object::Pod(Box::new(removed))));
        assert!(refused.is_err_and(|err| err.to_string().contains("existing ephemeral containers \"nap\" may not be removed")));
        e.advance(3_000);
        let p = pod(&e, &key);
        let states: Vec<(&str, bool, bool)> =
            p.status.ephemeral_container_statuses.iter().map(|s| (s.name.as_str(), s.state.running.is_some(), s.started.is_some() || s.ready)).collect();
        assert_eq!(states, [("shell", true, false), ("nap", true, false)]);
        assert_eq!(p.phase(), "Running");
        assert!(p.is_ready());
        e.advance(10_000);
        let p = pod(&e, &key);
        let nap = &p.status.ephemeral_container_statuses[1];
        assert_eq!(nap.state.terminated.as_ref().map(|t| (t.exit_code, t.reason.as_deref())), Some((0, Some("Completed"))));
        assert!(p.status.ephemeral_container_statuses[0].state.running.is_some());
        assert_eq!(p.status.container_statuses.len(), 1);
    }
}
