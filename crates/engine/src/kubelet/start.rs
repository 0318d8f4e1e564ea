//! Starting one container, as `startContainer` does: the crash back-off
//! check, the image (present, pulled through the node's serial puller, or
//! failing into ErrImagePull / ImagePullBackOff), its configuration
//! (CreateContainerConfigError), then create and start. Also what happens
//! when the worker's blocking operations (sandbox, pull, kill) finish.

use super::image::ImageRef;
use super::runtime::{CtrRef, Exited, KillCause, Op, PullJob, Reason, Run};
use super::status::{self, restart_policy};
use super::sync::Worker;
use super::{config, format::go_duration, probes, process, registry, terminate};
use super::{MOUNT_RETRY_MAX_MS, PULL_BYTES_PER_MS, PULL_NOT_FOUND_MS, PULL_RESOLVE_MS};
use crate::world::ControllerId;
use kubeplay_model::api::Container;
use kubeplay_model::{Kind, ObjectKey, SharedStr, Time};

impl Worker<'_, '_> {
    pub(super) fn fail(&mut self, r: CtrRef, reason: &str, message: String) {
        self.rt.sync_failed = true;
        if let Some(ctr) = self.rt.ctr_mut(r) {
            ctr.cache = Some(Box::new(Reason::new(reason, message)));
        }
    }

    /// `startContainer`: back-off check, image, config, create, start.
    /// Returns the operation the worker now waits for, if any.
    pub(super) fn start(&mut self, r: CtrRef, fresh: bool) -> Option<Op> {
        let c = self.spec_container_owned(r)?;
        let ctr = self.rt.ctr(r)?.clone();
        let pod_ref = format!("{}_{}({})", self.pod.metadata.name, self.pod.metadata.namespace, self.pod.metadata.uid);
        if let (false, Some(e)) = (fresh, ctr.exited()) {
            if ctr.crash.in_backoff_since(e.finished_at, self.now) {
                let msg = format!("back-off {} restarting failed container={} pod={pod_ref}", go_duration(ctr.crash.delay_ms), c.name);
                self.container_event(r, "Warning", "BackOff", format!("Back-off restarting failed container {} in pod {pod_ref}", c.name));
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
                self.container_event(r, "Warning", "InspectFailed", msg.clone());
                self.container_event(r, "Warning", "Failed", "Error: InvalidImageName");
                self.note(format!("{spelled:?} is not a valid image name"));
                self.fail(r, "InvalidImageName", msg);
                return None;
            }
        };
        let normalized = super::image::normalize(&spelled).unwrap_or_else(|| image.normalized().into());
        let policy = c.image_pull_policy.clone().unwrap_or_else(|| if image.is_latest() { "Always".into() } else { "IfNotPresent".into() });
        let present = self.ctx.world().sim.image_cache.get(&self.node).is_some_and(|s| s.contains(normalized.as_str()));
        if policy == "Never" && !present {
            let msg = format!("Container image \"{spelled}\" is not present with pull policy of Never");
            self.container_event(r, "Warning", "ErrImageNeverPull", msg.clone());
            self.container_event(r, "Warning", "Failed", "Error: ErrImageNeverPull");
            self.fail(r, "ErrImageNeverPull", msg);
            return None;
        }
        if present && policy != "Always" {
            self.container_event(r, "Normal", "Pulled", format!("Container image \"{spelled}\" already present on machine"));
            self.create(r, &c, &image, &normalized);
            return None;
        }
        if ctr.pull_image == normalized.as_str() && ctr.pull.in_backoff_since_update(self.now) {
            let msg = format!("Back-off pulling image \"{spelled}\"");
            self.container_event(r, "Normal", "BackOff", msg.clone());
            self.container_event(r, "Warning", "Failed", "Error: ImagePullBackOff");
            self.note(format!("{} is in ImagePullBackOff", c.name));
            // Since v1.32 the waiting message carries the failed pull's
            // error (the image manager's prevPullErrMsg). Only a pull that
            // failed starts a back-off, and the registry's one failure is
            // "not found", so it is that pull's message.
            let waiting = format!("{msg}: ErrImagePull: {}", registry::not_found_message(&image));
            self.fail(r, "ImagePullBackOff", waiting);
            return None;
        }
        self.container_event(r, "Normal", "Pulling", format!("Pulling image \"{spelled}\""));
        let (pull, begin) = self.queue_pull(&image, spelled.clone(), normalized.to_string(), present);
        let waited = begin.millis() - self.now.millis();
        self.note(format!(
            "pulling {spelled}{}",
            if waited > 0 { format!(" (after {} waiting for other pulls on the node)", go_duration(waited)) } else { String::new() }
        ));
        Some(Op::Pull { until: self.now.plus_millis(pull.total_ms), ctr: r, pull })
    }

    /// Resolves `image` in the registry and queues its pull on the node's
    /// one puller (pulls wait for each other); returns the job and when
    /// it begins. An app or ephemeral container's pull alike.
    pub(super) fn queue_pull(&mut self, image: &ImageRef, spelled: kubeplay_model::Atom, normalized: String, present: bool) -> (PullJob, Time) {
        let declared = match self.ctx.world().sim.image_behavior(&normalized) {
            None => registry::Declared::Nothing,
            Some(b) if b.missing => registry::Declared::Missing,
            Some(_) => registry::Declared::Exists,
        };
        let (ok, size, pull_ms) = match registry::resolve(image, declared) {
            registry::PullOutcome::Ok { size } if present => (true, size, PULL_RESOLVE_MS),
            registry::PullOutcome::Ok { size } => (true, size, PULL_RESOLVE_MS + size / PULL_BYTES_PER_MS),
            registry::PullOutcome::NotFound => (false, 0, PULL_NOT_FOUND_MS),
        };
        let sim = &mut self.ctx.world_mut().sim;
        let begin = sim.puller_free_at.get(&self.node).copied().unwrap_or(self.now).max(self.now);
        let until = begin.plus_millis(pull_ms);
        sim.puller_free_at.insert(self.node.clone(), until);
        (PullJob { image: spelled, normalized, ok, size, pull_ms, total_ms: until.millis() - self.now.millis() }, begin)
    }

    /// Configuration, then create and start the container.
    /// `normalized` is `image` as containerd names it.
    pub(super) fn create(&mut self, r: CtrRef, c: &Container, image: &ImageRef, normalized: &str) {
        let env = match config::env_names(self.ctx.store(), &self.pod.metadata.namespace, c) {
            Ok(env) => env,
            Err(msg) => {
                self.container_event(r, "Warning", "Failed", format!("Error: {msg}"));
                self.note(format!("cannot create {}: {msg}", c.name));
                self.fail(r, "CreateContainerConfigError", msg);
                return;
            }
        };
        // generateContainerConfig checks the user after the environment.
        if let Some(msg) = super::non_root::violation(&self.pod, c, image) {
            self.container_event(r, "Warning", "Failed", format!("Error: {msg}"));
            self.note(format!("cannot create {}: {msg}", c.name));
            self.fail(r, "CreateContainerConfigError", msg);
            return;
        }
        if let Some(msg) = super::security_profiles::create_error(&self.ctx.world().sim.files, &self.node, &self.pod, c) {
            self.container_event(r, "Warning", "Failed", format!("Error: {msg}"));
            self.note(format!("cannot create {}: {msg}", c.name));
            self.fail(r, "CreateContainerError", msg);
            return;
        }
        super::envvars::record(self, r, c);
        if let Some(msg) = super::start_error::message(c) {
            self.start_failed(r, c, normalized, msg);
            return;
        }
        let behavior = self.ctx.world().sim.image_behavior(normalized).cloned();
        let inlined = super::script_file::inline(self.ctx.store(), &self.pod, c);
        let mut plan = process::plan(inlined.as_ref().unwrap_or(c), image, &self.pod.metadata.namespace, &env, behavior.as_ref());
        if plan.listen_after_ms.is_some() {
            if let Some(ports) = super::nginx_conf::listen_ports(self.ctx.store(), &self.pod, c) {
                plan.ports = Some(ports);
            }
        }
        let attached = &self.ctx.world().sim.attached;
        if !attached.is_empty() {
            match attached.get(&format!("{}/{}", self.pod.metadata.namespace, self.pod.metadata.name)) {
                Some(None) => plan.exit = process::Exit::Never,
                Some(Some(code)) => plan.exit = process::Exit::After { ms: 0, code: *code, oom: false },
                None => {}
            }
        }
        if plan.exit == process::Exit::Never && !super::usage::request_targets(c).is_empty() {
            let slot = format!("{}/{}", self.pod.metadata.namespace, self.pod.metadata.name);
            self.ctx.world_mut().sim.clients.insert(slot);
        }
        let plan = super::share_with_last(&mut self.ctx.world_mut().sim.plan_last, plan);
        let id = format!("containerd://{:016x}{:016x}{:016x}{:016x}", self.ctx.rand(), self.ctx.rand(), self.ctx.rand(), self.ctx.rand());
        self.container_event(r, "Normal", "Created", format!("Created container {}", c.name));
        self.container_event(r, "Normal", "Started", format!("Started container {}", c.name));
        let now = self.now;
        super::writes::at_start(self.ctx.world_mut(), &self.pod, &id, c, now);
        let mut run = Run { id: id.into(), image: normalized.into(), image_id: registry::image_id(normalized), started_at: now, plan, exited: None, stopping: None, started: false, ready: false, probes: Default::default() };
        probes::init(&mut run, c, self.rt.ctr(r).and_then(|x| x.run.as_ref()).map(|x| &x.probes));
        if let Some(ctr) = self.rt.ctr_mut(r) {
            if let Some(old) = ctr.run.take() {
                ctr.prev = old.exited;
                ctr.restarts += 1;
            }
            ctr.run = Some(run);
            ctr.cache = None;
        }
        self.rt.mark_dirty(now);
        self.started = true;
        self.note(format!("started container {}", c.name));
    }

    /// The container was created but its process could not start (see
    /// `start_error`): it exists, exited 128 as `StartError` without ever
    /// starting (runc reports no start time: the epoch), and the sync
    /// fails with `RunContainerError`.
    fn start_failed(&mut self, r: CtrRef, c: &Container, normalized: &str, msg: String) {
        let id: SharedStr = format!("containerd://{:016x}{:016x}{:016x}{:016x}", self.ctx.rand(), self.ctx.rand(), self.ctx.rand(), self.ctx.rand()).into();
        self.container_event(r, "Normal", "Created", format!("Created container {}", c.name));
        self.container_event(r, "Warning", "Failed", format!("Error: {msg}"));
        let now = self.now;
        let never = Time::from_millis(0);
        let plan = process::Plan {
            exit: process::Exit::After { ms: 0, code: 128, oom: false },
            listen_after_ms: None,
            ports: None,
            http_fail_after_ms: None,
            files: Vec::new(),
            memory_bytes: 0,
            cpu_milli: 0,
            sigterm: None,
            busybox: false,
        };
        let exited = Exited { code: 128, reason: "StartError".into(), started_at: never, finished_at: now, id: id.clone() };
        let run = Run { id: id.clone(), image: normalized.into(), image_id: registry::image_id(normalized), started_at: never, plan: std::sync::Arc::new(plan), exited: Some(Box::new(exited)), stopping: None, started: false, ready: false, probes: Default::default() };
        if let Some(ctr) = self.rt.ctr_mut(r) {
            if let Some(old) = ctr.run.take() {
                ctr.prev = old.exited;
                ctr.restarts += 1;
            }
            ctr.run = Some(run);
        }
        self.note(format!("cannot start {}: {msg}", c.name));
        self.fail(r, "RunContainerError", msg);
        self.rt.mark_dirty(now);
        self.started = true;
    }

    pub(super) fn complete_op(&mut self) {
        let Some(op) = self.rt.op.take() else { return };
        match *op {
            Op::Mount { delay_ms, .. } => self.mount_or_sandbox((delay_ms * 2).min(MOUNT_RETRY_MAX_MS)),
            Op::Sandbox { .. } => {
                self.rt.sandbox = true;
                self.rt.ip = self.allocate_ip().map(SharedStr::from);
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
                    self.container_event(
                        r,
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
                    if let (Some(c), Ok(image)) = (self.spec_container_owned(r), ImageRef::parse(&pull.image)) {
                        self.create(r, &c, &image, &pull.normalized);
                    }
                } else {
                    let image = ImageRef::parse(&pull.image).ok();
                    let err = image.as_ref().map(registry::not_found_message).unwrap_or_default();
                    self.container_event(r, "Warning", "Failed", format!("Failed to pull image \"{}\": {err}", pull.image));
                    self.container_event(r, "Warning", "Failed", "Error: ErrImagePull");
                    let now = self.now;
                    let normalized = pull.normalized.clone();
                    let delay = self.rt.ctr_mut(r).map(|ctr| {
                        if ctr.pull_image != normalized {
                            ctr.pull = Default::default();
                            ctr.pull_image = normalized.into();
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
                    // As `computePodActions` decides when it kills: a changed
                    // container or a sidecar always comes back, others unless
                    // the pod never restarts (whatever their exit code).
                    let sidecar = r.init && self.spec_container(r).is_some_and(status::is_sidecar);
                    let restart = cause != KillCause::PodDone && (cause == KillCause::Changed || sidecar || policy != "Never");
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
    pub(super) fn allocate_ip(&mut self) -> Option<String> {
        if self.pod.spec.host_network == Some(true) {
            return None;
        }
        let cidr = self.ctx.store().get_by(Kind::Node, "", &self.node).and_then(|n| n.as_node().and_then(|n| n.spec.pod_cidr.clone()))?;
        let base = cidr.split('/').next()?;
        let prefix = &base[..base.rfind('.')? + 1];
        let world = self.ctx.world();
        // The hosts in use, by their last number: one walk over the node's
        // pods, and no text made per candidate.
        let mut used = [false; 256];
        for h in super::runtimes_on(world, &self.node).filter_map(|(_, rt)| host_in(rt.ip.as_deref()?, prefix)) {
            used[h] = true;
        }
        let start = world.sim.next_pod_ip.get(&self.node).copied().unwrap_or(2).clamp(2, 254);
        let host = (0..253).map(|i| 2 + (start - 2 + i) % 253).find(|h| !used[*h as usize])?;
        self.ctx.world_mut().sim.next_pod_ip.insert(self.node.clone(), if host >= 254 { 2 } else { host + 1 });
        Some(format!("{prefix}{host}"))
    }

}

/// The host number `ip` gives after `prefix` (`10.244.1.` then `7`), when
/// it is written as `format!("{prefix}{host}")` writes one: the address
/// taken is that text, so `10.244.1.07` takes no host.
fn host_in(ip: &str, prefix: &str) -> Option<usize> {
    let h = ip.strip_prefix(prefix)?;
    let canonical = !h.is_empty() && h.len() <= 3 && h.bytes().all(|b| b.is_ascii_digit()) && (h == "0" || !h.starts_with('0'));
    if !canonical {
        return None;
    }
    h.parse().ok().filter(|h: &usize| *h < 256)
}

#[cfg(test)]
mod tests {
    use super::host_in;

    /// Only the texts `format!("{prefix}{h}")` makes for h below 256 name a host.
    #[test]
    fn host_in_reads_the_addresses_allocation_writes() {
        let p = "10.244.1.";
        for h in 0..256usize {
            assert_eq!(host_in(&format!("{p}{h}"), p), Some(h));
        }
        for ip in ["10.244.1.07", "10.244.1.+7", "10.244.1.", "10.244.1.256", "10.244.1.1000", "10.244.2.7", "10.244.1.7a", "10.244.1.-1", "10.244.10.7"] {
            assert_eq!(host_in(ip, p), None, "{ip}");
        }
    }
}
