//! The pod worker (`podWorkers` + `SyncPod`): one reconcile does what is
//! due for one pod now and arms a timer for what comes next.
//!
//! A sync, as in the real kubelet, first writes the pod status as things
//! stand (so a failed start shows up at the *next* sync: ErrImagePull
//! becomes visible, then ImagePullBackOff), then acts: sandbox, image
//! pulls, container starts in order, restarts under back-off. Actions that
//! take time (creating the sandbox, pulling, killing) block the worker; the
//! sync resumes when they finish. Runtime changes (a container started or
//! exited) trigger another sync one PLEG relist later; a failed sync is
//! retried after 10 s.

use super::image::ImageRef;
use super::probes::{self, Finding};
use super::runtime::{CtrRef, Exited, KillCause, Op, PodRuntime, PullJob, Reason, Run};
use super::status::{self, restart_policy};
use super::{config, format::go_duration, pod_slot, process, registry, terminate};
use super::{MOUNT_RETRY_INITIAL_MS, MOUNT_RETRY_MAX_MS, PLEG_MS, PULL_BYTES_PER_MS, PULL_NOT_FOUND_MS, PULL_RESOLVE_MS, SANDBOX_MS, SYNC_RETRY_MS};
use crate::controller::Ctx;
use crate::world::ControllerId;
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::api::{Container, Pod, PodStatus};
use kubeplay_model::{Kind, Object, ObjectKey, Time};
use std::sync::Arc;

/// The pod shows a container that has not started for want of config or
/// volumes (so a new ConfigMap or Secret may unblock it).
pub fn waiting_to_start(pod: &Pod) -> bool {
    pod.status.container_statuses.is_empty()
        || pod.status.init_container_statuses.iter().chain(&pod.status.container_statuses).any(|s| {
            s.state
                .waiting
                .as_ref()
                .and_then(|w| w.reason.as_deref())
                .is_some_and(|r| matches!(r, "CreateContainerConfigError" | "ContainerCreating" | "PodInitializing"))
        })
}

pub fn reconcile(key: &ObjectKey, ctx: &mut Ctx) {
    let slot = pod_slot(&key.namespace, &key.name);
    let Some(obj) = ctx.get(key) else {
        match ctx.world_mut().sim.pods.remove(&slot) {
            Some(rt) => {
                disarm(ctx, key, &rt);
                ctx.explain(format!("kubelet on {}: pod {} is gone from the API, so its containers and sandbox are cleaned up", rt.node, key.name));
            }
            None => ctx.explain(format!("pod {} is gone and no kubelet holds anything of it", key.name)),
        }
        return;
    };
    let Object::Pod(pod) = &*obj else { return };
    let Some(node) = pod.node_name().map(str::to_string) else { return };
    let Some(node_obj) = ctx.store().get_by(Kind::Node, "", &node).cloned() else {
        ctx.explain(format!("pod {} is bound to node {node}, which does not exist: no kubelet runs it", pod.metadata.name));
        return;
    };
    if ctx.world().sim.failed_nodes.contains(&node) {
        if let Some(rt) = ctx.world_mut().sim.pods.get_mut(&slot) {
            rt.armed = (None, None);
        }
        ctx.explain(format!("the kubelet on {node} is down, so nothing happens to {} until the node recovers", pod.metadata.name));
        return;
    }
    let host_ip = node_obj
        .as_node()
        .and_then(|n| n.status.addresses.iter().find(|a| a.type_ == "InternalIP").map(|a| a.address.clone()))
        .unwrap_or_default();
    let existing = ctx.world().sim.pods.get(&slot).filter(|r| r.uid == pod.metadata.uid && r.node == node).cloned();
    let fresh = existing.is_none();
    let names = |cs: &[Container]| cs.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    let rt = existing.unwrap_or_else(|| PodRuntime::new(&pod.metadata.uid, &node, &names(&pod.spec.init_containers), &names(&pod.spec.containers)));
    let mut w = Worker { ctx, key: key.clone(), obj: obj.clone(), pod: pod.clone(), rt, node, host_ip, now: Time(0), notes: Vec::new(), removed: false };
    w.now = w.ctx.now();
    let images: Vec<Option<String>> = w.pod.spec.init_containers.iter().chain(&w.pod.spec.containers).map(|c| c.image.clone()).collect();
    if fresh && w.pod.metadata.deletion_timestamp.is_none() {
        w.rt.spec_images = images;
        w.note("admits the pod");
        w.sync();
    } else if w.rt.spec_images != images {
        // The pod was edited: the worker syncs it at once.
        w.rt.spec_images = images;
        if w.rt.op.is_none() {
            w.rt.retry_at = Some(w.now);
        }
    }
    w.run();
    w.finish();
}

pub(super) struct Worker<'a, 'b> {
    pub ctx: &'a mut Ctx<'b>,
    pub key: ObjectKey,
    pub obj: Arc<Object>,
    pub pod: Pod,
    pub rt: PodRuntime,
    pub node: String,
    pub host_ip: String,
    pub now: Time,
    pub notes: Vec<String>,
    /// The pod object was deleted by this reconcile.
    pub removed: bool,
}

impl Worker<'_, '_> {
    pub fn note(&mut self, s: impl Into<String>) {
        self.notes.push(s.into());
    }

    pub fn event(&mut self, type_: &str, reason: &str, message: impl Into<String>) {
        let obj = self.obj.clone();
        self.ctx.event(&obj, type_, reason, message);
    }

    pub fn spec_container(&self, r: CtrRef) -> Option<&Container> {
        if r.init {
            self.pod.spec.init_containers.get(r.idx)
        } else {
            self.pod.spec.containers.get(r.idx)
        }
    }

    fn deleting(&self) -> bool {
        self.pod.metadata.deletion_timestamp.is_some()
    }

    fn run(&mut self) {
        if self.deleting() {
            terminate::terminate(self);
            return;
        }
        for _ in 0..64 {
            let mut progressed = self.expire_runs();
            progressed |= self.run_probes();
            match &self.rt.op {
                Some(op) if op.until() <= self.now => {
                    self.complete_op();
                    progressed = true;
                }
                None if self.sync_due() => {
                    self.sync();
                    progressed = true;
                }
                _ => {}
            }
            if !progressed {
                break;
            }
        }
    }

    fn sync_due(&self) -> bool {
        self.rt.dirty_since.is_some_and(|d| d.plus_millis(PLEG_MS) <= self.now)
            || self.rt.retry_at.is_some_and(|t| t <= self.now)
            || !self.rt.kill_requests.is_empty()
    }

    // ------------------------------------------------------------ status

    /// Writes `status` if it differs from the stored one.
    pub fn write_status(&mut self, status: PodStatus) {
        let Some(cur) = self.ctx.get(&self.key) else { return };
        let Object::Pod(p) = &*cur else { return };
        if p.status == status {
            return;
        }
        let mut p = p.clone();
        p.status = status;
        if let Ok(written) = self.ctx.update_status(Object::Pod(p)) {
            if let Object::Pod(p) = &*written {
                self.pod = p.clone();
            }
        }
    }

    /// Generates the full status from the runtime (the start of a sync).
    pub fn publish(&mut self) {
        for r in self.rt.refs() {
            if let Some(c) = self.rt.ctr_mut(r) {
                c.shown = c.cache.clone();
            }
        }
        let status = status::generate(&self.pod, &self.rt, &self.host_ip, self.now);
        self.write_status(status);
    }

    /// Readiness or startup changed: the status manager patches `ready`
    /// and `started` of containers the API already shows running, and the
    /// Ready conditions, without waiting for a sync.
    fn patch_readiness(&mut self) {
        let mut s = self.pod.status.clone();
        let runs: Vec<(String, bool, bool)> = self.rt.init.iter().chain(&self.rt.app).filter_map(|c| c.running().map(|r| (r.id.clone(), r.ready && r.started, r.started))).collect();
        for cs in s.init_container_statuses.iter_mut().chain(s.container_statuses.iter_mut()) {
            if cs.state.running.is_none() {
                continue;
            }
            if let Some((_, ready, started)) = runs.iter().find(|(id, _, _)| cs.container_id.as_deref() == Some(id.as_str())) {
                cs.ready = *ready;
                cs.started = Some(*started);
            }
        }
        let all: Vec<_> = s.init_container_statuses.iter().chain(&s.container_statuses).cloned().collect();
        let phase = s.phase.clone().unwrap_or_default();
        let others: Vec<_> = s.conditions.iter().filter(|c| !matches!(c.type_.as_str(), "Ready" | "ContainersReady" | "Initialized" | "PodScheduled" | "PodReadyToStartContainers")).cloned().collect();
        for mut c in [status::pod_ready(&self.pod.spec, &others, &all, &phase), status::containers_ready(&self.pod.spec, &all, &phase)] {
            if let Some(old) = s.conditions.iter_mut().find(|o| o.type_ == c.type_) {
                c.last_transition_time = if old.status == c.status { old.last_transition_time } else { Some(self.now) };
                *old = c;
            }
        }
        self.write_status(s);
    }

    // ------------------------------------------------------------ runtime events

    /// Processes that exited (or finished stopping) by now.
    fn expire_runs(&mut self) -> bool {
        let mut progressed = false;
        for r in self.rt.refs() {
            let Some(c) = self.spec_container(r).cloned() else { continue };
            let exit = {
                let Some(run) = self.rt.ctr(r).and_then(|c| c.running()) else { continue };
                self.exit_of(run, &c)
            };
            let Some((at, code, reason)) = exit.filter(|(at, _, _)| *at <= self.now) else { continue };
            let name = c.name.clone();
            if let Some(ctr) = self.rt.ctr_mut(r) {
                if let Some(run) = ctr.run.as_mut() {
                    run.exited = Some(Exited { code, reason: reason.clone(), started_at: run.started_at, finished_at: at, id: run.id.clone() });
                    run.ready = false;
                }
            }
            self.rt.mark_dirty(at);
            self.note(format!("container {name} exited with code {code} ({reason})"));
            progressed = true;
        }
        progressed
    }

    /// When and how a running instance ends: a stop in progress, its plan,
    /// or the OOM killer when `sim load` pushes it over its memory limit.
    fn exit_of(&self, run: &Run, c: &Container) -> Option<(Time, i32, String)> {
        let reason = |code: i32| if code == 0 { "Completed" } else { "Error" }.to_string();
        if let Some((t, code)) = run.stopping {
            return Some((t, code, reason(code)));
        }
        if let Some(limit) = c.resources.limits.get("memory").map(|q| q.value()).filter(|l| *l > 0) {
            let loaded = super::usage::loaded_memory(self.ctx.world(), &self.pod, run);
            if loaded.is_some_and(|used| used > limit) {
                return Some((self.now, 137, "OOMKilled".into()));
            }
        }
        match &run.plan.exit {
            process::Exit::Never => None,
            process::Exit::After { ms, code, oom } => Some((run.started_at.plus_millis(*ms), *code, if *oom { "OOMKilled".into() } else { reason(*code) })),
            process::Exit::WhenService { namespace, service, from_ms, poll_ms, then_ms, code } => {
                let code = (*code)?;
                let created = self.ctx.store().get_by(Kind::Service, namespace, service)?.meta().creation_timestamp.unwrap_or(self.now);
                let first = run.started_at.millis() + from_ms;
                let poll = (*poll_ms).max(1);
                let found = if created.millis() <= first { first } else { first + (created.millis() - first + poll - 1) / poll * poll };
                Some((Time(found + then_ms), code, reason(code)))
            }
        }
    }

    fn probe_env(&self, run: &Run) -> (String, bool) {
        let fail = self.ctx.world().sim.image_behavior(&run.image).is_some_and(|b| b.fail_readiness);
        (self.rt.ip.clone().unwrap_or_else(|| self.host_ip.clone()), fail)
    }

    fn run_probes(&mut self) -> bool {
        let mut progressed = false;
        let mut changed = false;
        let deleting = self.deleting();
        for r in self.rt.refs() {
            let Some(c) = self.spec_container(r).cloned() else { continue };
            let Some(run) = self.rt.ctr(r).and_then(|c| c.running()).cloned() else { continue };
            let (ip, fail) = self.probe_env(&run);
            let env = probes::Env { pod_ip: &ip, fail_readiness: fail };
            let mut run = run;
            let findings = probes::advance(&mut run, &c, &env, self.now, deleting);
            if let Some(ctr) = self.rt.ctr_mut(r) {
                ctr.run = Some(run);
            }
            for f in findings {
                progressed = true;
                match f {
                    Finding::Unhealthy(kind, msg) => self.event("Warning", "Unhealthy", format!("{} probe failed: {msg}", kind.label())),
                    Finding::Ready(ready) => {
                        changed = true;
                        self.note(format!("readiness probe of {} {}", c.name, if ready { "passed: it is ready" } else { "failed: it is no longer ready" }));
                    }
                    Finding::Started => {
                        changed = true;
                        self.note(format!("startup probe of {} passed", c.name));
                    }
                    Finding::Kill(cause) => {
                        self.rt.kill_requests.push((r, cause));
                        self.note(format!("{} of {} failed too often", if cause == KillCause::Startup { "startup probe" } else { "liveness probe" }, c.name));
                    }
                }
            }
        }
        if changed {
            self.patch_readiness();
        }
        progressed
    }

    // ------------------------------------------------------------ the sync

    pub fn sync(&mut self) {
        self.publish();
        self.rt.dirty_since = None;
        self.rt.retry_at = None;
        self.rt.sync_failed = false;
        if self.rt.finished {
            return;
        }
        if !self.rt.sandbox {
            self.mount_or_sandbox(MOUNT_RETRY_INITIAL_MS);
            return;
        }
        if !self.rt.kill_requests.is_empty() {
            terminate::start_kills(self);
            return;
        }
        self.spec_changes();
        if !self.rt.kill_requests.is_empty() {
            terminate::start_kills(self);
            return;
        }
        self.rt.to_start = self.containers_to_start().into_iter().map(|r| (r, false)).collect();
        self.continue_starts();
    }

    /// Volumes first (`WaitForAttachAndMount`), then the sandbox.
    fn mount_or_sandbox(&mut self, next_delay: i64) {
        let missing = config::unmountable(self.ctx.store(), &self.pod);
        if missing.is_empty() {
            self.rt.op = Some(Op::Sandbox { until: self.now.plus_millis(SANDBOX_MS) });
            return;
        }
        for (vol, err) in &missing {
            self.event("Warning", "FailedMount", format!("MountVolume.SetUp failed for volume \"{vol}\" : {err}"));
        }
        self.note(format!("cannot mount volume {}: {}", missing[0].0, missing[0].1));
        self.rt.op = Some(Op::Mount { until: self.now.plus_millis(next_delay), delay_ms: next_delay });
    }

    /// `computePodActions`: the next init container, or every regular
    /// container that is not running and should be (re)started.
    fn containers_to_start(&self) -> Vec<CtrRef> {
        let policy = restart_policy(&self.pod.spec);
        for (idx, c) in self.pod.spec.init_containers.iter().enumerate() {
            let Some(ctr) = self.rt.init.get(idx) else { continue };
            let r = CtrRef { init: true, idx };
            if status::is_sidecar(c) {
                match ctr.running() {
                    Some(run) if !run.started => return Vec::new(),
                    Some(_) => continue,
                    None => return vec![r],
                }
            }
            match (ctr.running(), ctr.exited()) {
                (Some(_), _) => return Vec::new(),
                (None, Some(e)) if e.code == 0 => continue,
                (None, Some(_)) if policy == "Never" => return Vec::new(),
                _ => return vec![r],
            }
        }
        self.rt
            .app
            .iter()
            .enumerate()
            .filter(|(_, ctr)| status::should_restart(ctr, policy, false))
            .map(|(idx, _)| CtrRef { init: false, idx })
            .collect()
    }

    /// A running container whose image the pod spec no longer names is
    /// killed and started again with the new image.
    fn spec_changes(&mut self) {
        for (idx, c) in self.pod.spec.containers.iter().enumerate() {
            let Some(run) = self.rt.app.get(idx).and_then(|c| c.running()) else { continue };
            let wanted = c.image.as_deref().and_then(|i| ImageRef::parse(i).ok()).map(|r| r.normalized());
            if wanted.is_some_and(|w| w != run.image) && run.stopping.is_none() {
                self.rt.kill_requests.push((CtrRef { init: false, idx }, KillCause::Changed));
            }
        }
    }

    pub fn continue_starts(&mut self) {
        while !self.rt.to_start.is_empty() {
            let (r, fresh) = self.rt.to_start.remove(0);
            if let Some(op) = self.start(r, fresh) {
                self.rt.op = Some(op);
                return;
            }
        }
        if self.rt.sync_failed {
            self.rt.retry_at = Some(self.now.plus_millis(SYNC_RETRY_MS));
        }
        self.check_finished();
    }

    /// All containers are done for good: the pod is terminal.
    fn check_finished(&mut self) {
        let policy = restart_policy(&self.pod.spec).to_string();
        let init_failed = policy == "Never"
            && self.pod.spec.init_containers.iter().zip(&self.rt.init).any(|(c, ctr)| !status::is_sidecar(c) && ctr.running().is_none() && ctr.exited().is_some_and(|e| e.code != 0));
        let init_done = self.pod.spec.init_containers.iter().zip(&self.rt.init).all(|(c, ctr)| status::is_sidecar(c) || ctr.exited().is_some_and(|e| e.code == 0));
        let app_done = !self.rt.app.is_empty() && self.rt.app.iter().all(|ctr| ctr.exited().is_some() && !status::should_restart(ctr, &policy, false));
        if init_failed || (init_done && app_done) {
            self.rt.finished = true;
            // Sidecars are stopped once the regular containers are done.
            let now = self.now;
            for ctr in &mut self.rt.init {
                if let Some(run) = ctr.run.as_mut().filter(|r| r.exited.is_none()) {
                    run.exited = Some(Exited { code: 0, reason: "Completed".into(), started_at: run.started_at, finished_at: now, id: run.id.clone() });
                }
            }
            self.rt.mark_dirty(self.now);
            self.note("all containers are done and none will restart: the pod is terminal and its sandbox is removed");
        }
    }

    fn fail(&mut self, r: CtrRef, reason: &str, message: String) {
        self.rt.sync_failed = true;
        if let Some(ctr) = self.rt.ctr_mut(r) {
            ctr.cache = Some(Reason::new(reason, message));
        }
    }

    /// `startContainer`: back-off check, image, config, create, start.
    /// Returns the operation the worker now waits for, if any.
    fn start(&mut self, r: CtrRef, fresh: bool) -> Option<Op> {
        let c = self.spec_container(r)?.clone();
        let ctr = self.rt.ctr(r)?.clone();
        let pod_ref = format!("{}_{}({})", self.pod.metadata.name, self.pod.metadata.namespace, self.pod.metadata.uid);
        if let (false, Some(e)) = (fresh, ctr.exited()) {
            if ctr.crash.in_backoff_since(e.finished_at, self.now) {
                let msg = format!("back-off {} restarting failed container={} pod={pod_ref}", go_duration(ctr.crash.delay_ms), c.name);
                self.event("Warning", "BackOff", format!("Back-off restarting failed container {} in pod {pod_ref}", c.name));
                self.note(format!("{} is in CrashLoopBackOff (back-off {})", c.name, go_duration(ctr.crash.delay_ms)));
                self.fail(r, "CrashLoopBackOff", msg);
                return None;
            }
            let (finished, now) = (e.finished_at, self.now);
            if let Some(ctr) = self.rt.ctr_mut(r) {
                ctr.crash.next(finished, now);
            }
        }
        let spelled = c.image.clone().unwrap_or_default();
        let image = match ImageRef::parse(&spelled) {
            Ok(i) => i,
            Err(err) => {
                let msg = format!("Failed to apply default image tag \"{spelled}\": {err}");
                self.event("Warning", "InspectFailed", msg.clone());
                self.event("Warning", "Failed", "Error: InvalidImageName");
                self.note(format!("{spelled:?} is not a valid image name"));
                self.fail(r, "InvalidImageName", msg);
                return None;
            }
        };
        let normalized = image.normalized();
        let policy = c.image_pull_policy.clone().unwrap_or_else(|| if image.is_latest() { "Always".into() } else { "IfNotPresent".into() });
        let present = self.ctx.world().sim.image_cache.get(&self.node).is_some_and(|s| s.contains(&normalized));
        if policy == "Never" && !present {
            let msg = format!("Container image \"{spelled}\" is not present with pull policy of Never");
            self.event("Warning", "ErrImageNeverPull", msg.clone());
            self.event("Warning", "Failed", "Error: ErrImageNeverPull");
            self.fail(r, "ErrImageNeverPull", msg);
            return None;
        }
        if present && policy != "Always" {
            self.event("Normal", "Pulled", format!("Container image \"{spelled}\" already present on machine"));
            self.create(r, &c, &image);
            return None;
        }
        if ctr.pull_image == normalized && ctr.pull.in_backoff_since_update(self.now) {
            let msg = format!("Back-off pulling image \"{spelled}\"");
            self.event("Normal", "BackOff", msg.clone());
            self.event("Warning", "Failed", "Error: ImagePullBackOff");
            self.note(format!("{} is in ImagePullBackOff", c.name));
            self.fail(r, "ImagePullBackOff", msg);
            return None;
        }
        self.event("Normal", "Pulling", format!("Pulling image \"{spelled}\""));
        let missing = self.ctx.world().sim.image_behavior(&normalized).is_some_and(|b| b.missing);
        let (ok, size, pull_ms) = match registry::resolve(&image, missing) {
            registry::PullOutcome::Ok { size } if present => (true, size, PULL_RESOLVE_MS),
            registry::PullOutcome::Ok { size } => (true, size, PULL_RESOLVE_MS + size / PULL_BYTES_PER_MS),
            registry::PullOutcome::NotFound => (false, 0, PULL_NOT_FOUND_MS),
        };
        // One puller per node: pulls queue behind each other.
        let sim = &mut self.ctx.world_mut().sim;
        let begin = sim.puller_free_at.get(&self.node).copied().unwrap_or(self.now).max(self.now);
        let until = begin.plus_millis(pull_ms);
        sim.puller_free_at.insert(self.node.clone(), until);
        let waited = begin.millis() - self.now.millis();
        self.note(format!(
            "pulling {spelled}{}",
            if waited > 0 { format!(" (after {} waiting for other pulls on the node)", go_duration(waited)) } else { String::new() }
        ));
        Some(Op::Pull { until, ctr: r, pull: PullJob { image: spelled, normalized, ok, size, pull_ms, total_ms: until.millis() - self.now.millis() } })
    }

    /// Configuration, then create and start the container.
    fn create(&mut self, r: CtrRef, c: &Container, image: &ImageRef) {
        let env = match config::env_names(self.ctx.store(), &self.pod.metadata.namespace, c) {
            Ok(env) => env,
            Err(msg) => {
                self.event("Warning", "Failed", format!("Error: {msg}"));
                self.note(format!("cannot create {}: {msg}", c.name));
                self.fail(r, "CreateContainerConfigError", msg);
                return;
            }
        };
        let normalized = image.normalized();
        let behavior = self.ctx.world().sim.image_behavior(&normalized).cloned();
        let plan = process::plan(c, image, &self.pod.metadata.namespace, &env, behavior.as_ref());
        let id = format!("containerd://{:016x}{:016x}{:016x}{:016x}", self.ctx.rand(), self.ctx.rand(), self.ctx.rand(), self.ctx.rand());
        let image_id = format!("{}@{}", normalized.rsplit_once(':').filter(|(repo, _)| !repo.contains('@')).map(|(repo, _)| repo).unwrap_or(&normalized), registry::digest(&normalized));
        self.event("Normal", "Created", format!("Created container {}", c.name));
        self.event("Normal", "Started", format!("Started container {}", c.name));
        let now = self.now;
        let mut run = Run { id, image: normalized, image_id, started_at: now, plan, exited: None, stopping: None, started: false, ready: false, probes: Default::default() };
        probes::init(&mut run, c);
        if let Some(ctr) = self.rt.ctr_mut(r) {
            if let Some(old) = ctr.run.take() {
                ctr.prev = old.exited;
                ctr.restarts += 1;
            }
            ctr.run = Some(run);
            ctr.cache = None;
        }
        self.rt.mark_dirty(now);
        self.note(format!("started container {}", c.name));
    }

    fn complete_op(&mut self) {
        let Some(op) = self.rt.op.take() else { return };
        match op {
            Op::Mount { delay_ms, .. } => self.mount_or_sandbox((delay_ms * 2).min(MOUNT_RETRY_MAX_MS)),
            Op::Sandbox { .. } => {
                self.rt.sandbox = true;
                self.rt.ip = self.allocate_ip();
                self.rt.mark_dirty(self.now);
                let ip = self.rt.ip.clone().unwrap_or_else(|| self.host_ip.clone());
                self.note(format!("created the pod sandbox (IP {ip})"));
                if !self.rt.kill_requests.is_empty() {
                    terminate::start_kills(self);
                    return;
                }
                self.rt.to_start = self.containers_to_start().into_iter().map(|r| (r, false)).collect();
                self.continue_starts();
            }
            Op::Pull { ctr: r, pull, .. } => {
                if pull.ok {
                    let sim = &mut self.ctx.world_mut().sim;
                    let mut cached = sim.image_cache.get(&self.node).cloned().unwrap_or_default();
                    let new = cached.insert(pull.normalized.clone()).is_none();
                    sim.image_cache.insert(self.node.clone(), cached);
                    if new {
                        // The node reports its images in its status.
                        self.ctx.enqueue(ControllerId::Kubelet, ObjectKey::new(Kind::Node, "", &self.node));
                    }
                    self.event(
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
                    self.note(format!("pulled {} in {}", pull.image, go_duration(pull.pull_ms)));
                    if let (Some(c), Ok(image)) = (self.spec_container(r).cloned(), ImageRef::parse(&pull.image)) {
                        self.create(r, &c, &image);
                    }
                } else {
                    let image = ImageRef::parse(&pull.image).ok();
                    let err = image.as_ref().map(registry::not_found_message).unwrap_or_default();
                    self.event("Warning", "Failed", format!("Failed to pull image \"{}\": {err}", pull.image));
                    self.event("Warning", "Failed", "Error: ErrImagePull");
                    let now = self.now;
                    let normalized = pull.normalized.clone();
                    let delay = self.rt.ctr_mut(r).map(|ctr| {
                        if ctr.pull_image != normalized {
                            ctr.pull = Default::default();
                            ctr.pull_image = normalized;
                        }
                        ctr.pull.next(now, now);
                        ctr.pull.delay_ms
                    });
                    self.note(format!("the registry has no image {}: ErrImagePull, next pull after a {} back-off", pull.image, go_duration(delay.unwrap_or(0))));
                    self.fail(r, "ErrImagePull", err);
                }
                self.continue_starts();
            }
            Op::Kill { ctrs, .. } => {
                let policy = restart_policy(&self.pod.spec).to_string();
                for (r, cause) in ctrs {
                    let restart = cause == KillCause::Changed || self.rt.ctr(r).is_some_and(|c| status::should_restart(c, &policy, false));
                    if restart {
                        self.rt.to_start.push((r, true));
                    }
                }
                self.continue_starts();
            }
        }
    }

    /// The next free address in the node's pod CIDR (`10.244.N.0/24`);
    /// kindnet hands out `.2` first.
    fn allocate_ip(&mut self) -> Option<String> {
        if self.pod.spec.host_network == Some(true) {
            return None;
        }
        let cidr = self.ctx.store().get_by(Kind::Node, "", &self.node).and_then(|n| n.as_node().and_then(|n| n.spec.pod_cidr.clone()))?;
        let base = cidr.split('/').next()?;
        let prefix = &base[..base.rfind('.')? + 1];
        let world = self.ctx.world();
        let used: std::collections::BTreeSet<&str> = world
            .store
            .pods_on_node(&self.node)
            .filter_map(|p| world.sim.pods.get(&pod_slot(p.namespace(), p.name())))
            .filter(|rt| rt.node == self.node)
            .filter_map(|rt| rt.ip.as_deref())
            .collect();
        let start = world.sim.next_pod_ip.get(&self.node).copied().unwrap_or(2).clamp(2, 254);
        let host = (0..253).map(|i| 2 + (start - 2 + i) % 253).find(|h| !used.contains(format!("{prefix}{h}").as_str()))?;
        self.ctx.world_mut().sim.next_pod_ip.insert(self.node.clone(), if host >= 254 { 2 } else { host + 1 });
        Some(format!("{prefix}{host}"))
    }

    // ------------------------------------------------------------ timers

    /// Whether the retry after a failed sync would change anything, or
    /// only repeat the same back-off events.
    fn retry_changes_something(&self, at: Time) -> bool {
        let store = self.ctx.store();
        let node_images = self.ctx.world().sim.image_cache.get(&self.node);
        self.containers_to_start().into_iter().any(|r| {
            let (Some(ctr), Some(c)) = (self.rt.ctr(r), self.spec_container(r)) else { return false };
            match ctr.cache.as_ref().map(|c| c.reason.as_str()) {
                Some("CrashLoopBackOff") => ctr.exited().is_some_and(|e| !ctr.crash.in_backoff_since(e.finished_at, at)),
                Some("ImagePullBackOff" | "ErrImagePull") => {
                    let n = c.image.as_deref().and_then(|i| ImageRef::parse(i).ok()).map(|i| i.normalized());
                    n.as_deref() != Some(ctr.pull_image.as_str()) || !ctr.pull.in_backoff_since_update(at)
                }
                Some("CreateContainerConfigError") => config::env_names(store, &self.pod.metadata.namespace, c).is_ok(),
                Some("ErrImageNeverPull") => {
                    let n = c.image.as_deref().and_then(|i| ImageRef::parse(i).ok()).map(|i| i.normalized());
                    n.is_some_and(|n| node_images.is_some_and(|s| s.contains(&n)))
                }
                Some("InvalidImageName") => false,
                _ => true,
            }
        })
    }

    /// (next time something changes, next time only events repeat).
    fn next_wakes(&self) -> (Option<Time>, Option<Time>) {
        let mut work: Option<Time> = None;
        let mut tick: Option<Time> = None;
        let mut at = |t: Time, periodic: bool| {
            let slot = if periodic { &mut tick } else { &mut work };
            *slot = Some(slot.map_or(t, |s| s.min(t)));
        };
        if self.deleting() {
            if let Some(t) = self.rt.stopping_until {
                at(t, false);
            }
            return (work, tick);
        }
        match &self.rt.op {
            Some(Op::Mount { until, .. }) => at(*until, !config::unmountable(self.ctx.store(), &self.pod).is_empty()),
            Some(op) => at(op.until(), false),
            None => {
                if let Some(d) = self.rt.dirty_since {
                    at(d.plus_millis(PLEG_MS), false);
                }
                if let Some(t) = self.rt.retry_at {
                    at(t, !self.retry_changes_something(t));
                }
            }
        }
        for r in self.rt.refs() {
            let (Some(c), Some(run)) = (self.spec_container(r), self.rt.ctr(r).and_then(|c| c.running())) else { continue };
            if let Some((t, _, _)) = self.exit_of(run, c) {
                at(t.max(self.now).plus_millis(if run.stopping.is_some() { 0 } else { PLEG_MS }), false);
            }
            let (ip, fail) = self.probe_env(run);
            let env = probes::Env { pod_ip: &ip, fail_readiness: fail };
            if let Some((t, repeat)) = probes::next_due(run, c, &env, false) {
                at(t, repeat);
            }
        }
        (work, tick)
    }

    fn finish(self) {
        let slot = pod_slot(&self.key.namespace, &self.key.name);
        if self.removed {
            self.ctx.world_mut().sim.pods.remove(&slot);
            disarm(self.ctx, &self.key, &self.rt);
        } else {
            let (work, tick) = self.next_wakes();
            let mut rt = self.rt.clone();
            arm(self.ctx, &self.key, &mut rt, work, tick);
            self.ctx.world_mut().sim.pods.insert(slot, rt);
        }
        let text = if self.notes.is_empty() { "nothing is due".to_string() } else { self.notes.join("; ") };
        self.ctx.explain(format!("kubelet on {}, pod {}: {text}", self.node, self.key.name));
    }
}

/// Cancels the timers armed for a pod.
fn disarm(ctx: &mut Ctx, key: &ObjectKey, rt: &PodRuntime) {
    if let Some(t) = rt.armed.0 {
        ctx.world_mut().cancel_timer(t, ControllerId::Kubelet, key, false);
    }
    if let Some(t) = rt.armed.1 {
        ctx.world_mut().cancel_timer(t, ControllerId::Kubelet, key, true);
    }
}

/// Arms the pod's timers for `work` (something changes) and `tick` (only
/// events repeat), replacing timers armed earlier for other times.
fn arm(ctx: &mut Ctx, key: &ObjectKey, rt: &mut PodRuntime, work: Option<Time>, tick: Option<Time>) {
    let now = ctx.now();
    let clamp = |t: Option<Time>| t.map(|t| t.max(now.plus_millis(1)));
    let work = clamp(work);
    let tick = clamp(tick).filter(|t| work.is_none_or(|w| *t < w));
    if rt.armed.0 != work {
        if let Some(old) = rt.armed.0 {
            ctx.world_mut().cancel_timer(old, ControllerId::Kubelet, key, false);
        }
        if let Some(t) = work {
            ctx.requeue_after(key.clone(), t.millis() - now.millis());
        }
    }
    if rt.armed.1 != tick {
        if let Some(old) = rt.armed.1 {
            ctx.world_mut().cancel_timer(old, ControllerId::Kubelet, key, true);
        }
        if let Some(t) = tick {
            ctx.resync_after(key.clone(), t.millis() - now.millis());
        }
    }
    rt.armed = (work, tick);
}

impl Worker<'_, '_> {
    /// Deletes the pod object (grace 0) once its containers have stopped.
    pub fn remove_pod(&mut self) {
        // A second delete finishes the job if the store only shortened the
        // grace period of the already-terminating pod on the first.
        for _ in 0..2 {
            if self.ctx.delete(&self.key, DeleteOptions { grace_period_seconds: Some(0), ..Default::default() }).is_err() || self.ctx.get(&self.key).is_none() {
                break;
            }
        }
        self.removed = true;
    }
}
