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

use super::image;
use super::probes::{self, Finding};
use super::runtime::{CtrRef, Exited, KillCause, Op, PodRuntime, Run};
use super::status::{self, restart_policy};
use super::timers::disarm;
use super::{config, pod_slot, process, terminate};
use super::{MOUNT_RETRY_INITIAL_MS, PLEG_MS, SANDBOX_MS, SYNC_RETRY_MS};
use crate::controller::Ctx;
use crate::scheduler::resources::{pod_requests, Resources};
use kubeplay_model::api::{Container, Pod, PodStatus};
use kubeplay_model::{Atom, Kind, Object, ObjectKey, SharedStr, Time};
use std::sync::Arc;

/// The pod shows a container that has not started for want of config or
/// volumes (so a new ConfigMap or Secret may unblock it).
pub fn waiting_to_start(pod: &Pod) -> bool {
    pod.status.container_statuses.is_empty()
        || pod
            .status
            .init_container_statuses
            .iter()
            .chain(&pod.status.container_statuses)
            .any(|s| {
                s.state
                    .waiting
                    .as_ref()
                    .and_then(|w| w.reason.as_deref())
                    .is_some_and(|r| {
                        matches!(
                            r,
                            "CreateContainerConfigError" | "ContainerCreating" | "PodInitializing"
                        )
                    })
            })
}

pub fn reconcile(key: &ObjectKey, ctx: &mut Ctx) {
    super::mirror::replace_deleted(key, ctx);
    let slot = pod_slot(&key.namespace, &key.name);
    let Some(obj) = ctx.get(key) else {
        let removed = ctx.world_mut().sim.pods.remove(&slot);
        let (observed, desired) = super::summary::gone(key.kind, removed.is_some());
        ctx.observed(observed);
        ctx.desired(desired);
        match removed {
            Some(rt) => {
                disarm(ctx, key, &rt);
                ctx.explain(format!("kubelet on {}: pod {} is gone from the API, so its containers and sandbox are cleaned up", rt.node, key.name));
            }
            None => ctx.explain(format!(
                "pod {} is gone and no kubelet holds anything of it",
                key.name
            )),
        }
        return;
    };
    let Some(pod) = PodView::new(obj.clone()) else {
        return;
    };
    let Some(node) = pod.node_name().map(str::to_string) else {
        return;
    };
    ctx.desired(super::summary::desired(&pod));
    let Some(node_obj) = ctx.store().get_by(Kind::Node, "", &node).cloned() else {
        ctx.observed(format!("pod bound to node {node}, which does not exist"));
        ctx.explain(format!(
            "pod {} is bound to node {node}, which does not exist: no kubelet runs it",
            pod.metadata.name
        ));
        return;
    };
    if ctx.world().sim.failed_nodes.contains(&node) {
        ctx.observed(format!("the kubelet on {node} is down"));
        ctx.world_mut().sim.pods.update(&slot, |rt| rt.armed = (None, None));
        ctx.explain(format!(
            "the kubelet on {node} is down, so nothing happens to {} until the node recovers",
            pod.metadata.name
        ));
        return;
    }
    let host_ip = node_obj
        .as_node()
        .and_then(|n| {
            n.status
                .addresses
                .iter()
                .find(|a| a.type_ == "InternalIP")
                .map(|a| SharedStr::from(a.address.as_str()))
        })
        .unwrap_or_default();
    let existing = ctx
        .world()
        .sim
        .pods
        .get(&slot)
        .filter(|r| r.uid == pod.metadata.uid && r.node == node)
        .map(|r| PodRuntime::clone(r));
    let fresh = existing.is_none();
    let observed = {
        let cache = ctx.world().sim.image_cache.get(&node);
        super::summary::observed(&pod, existing.as_ref(), &|image| cache.is_some_and(|c| c.contains(image)))
    };
    ctx.observed(observed);
    let names = |cs: &[Container]| cs.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    let rt = existing.unwrap_or_else(|| {
        let mut rt = PodRuntime::new(&pod.metadata.uid, &node, &names(&pod.spec.init_containers), &names(&pod.spec.containers));
        rt.requests = pod_requests(&pod.spec, false);
        rt
    });
    let mut w = Worker {
        ctx,
        key: key.clone(),
        obj: obj.clone(),
        pod,
        rt,
        node,
        host_ip,
        now: Time::from_millis(0),
        notes: Vec::new(),
        removed: false,
        started: false,
    };
    w.now = w.ctx.now();
    // The spec's images, collected only when they are to be kept: most
    // reconciles find them as the runtime has them.
    let images = |pod: &PodView| pod.spec.init_containers.iter().chain(&pod.spec.containers).map(|c| c.image.clone()).collect::<Vec<Option<Atom>>>();
    let same_images = w.rt.spec_images.iter().eq(w.pod.spec.init_containers.iter().chain(&w.pod.spec.containers).map(|c| &c.image));
    // Admission, at first sight of a pod: the eviction manager's check,
    // the sysctl allowlist, then the predicates (room, node affinity,
    // NoExecute taints).
    if fresh && w.pod.is_active() {
        let rejection = node_obj.as_node().and_then(|n| {
            super::eviction::admission_rejection(&w.pod, n)
                .map(|m| ("Evicted".to_string(), m))
                .or_else(|| super::sysctls::rejection(&w.pod))
                .or_else(|| {
                    let (others, used) = admitted_on(w.ctx, &w.node, key);
                    super::admit::rejection_given(&w.pod, n, others, &used)
                })
        });
        if let Some((reason, message)) = rejection {
            w.reject(&reason, &message);
            w.finish();
            return;
        }
    }
    if fresh && w.pod.metadata.deletion_timestamp.is_none() {
        w.rt.spec_images = images(&w.pod);
        w.note("admits the pod (phase Pending) and starts setting it up");
        w.sync();
    } else if !same_images {
        // The pod was edited: the worker syncs it at once.
        w.rt.spec_images = images(&w.pod);
        if w.rt.op.is_none() {
            w.rt.retry_at = Some(w.now);
        }
    }
    w.run();
    w.finish();
}

/// How many pods this node's kubelet has admitted and not finished (the
/// other pods admission counts), except the pod `key` itself, and their
/// requests summed.
fn admitted_on(ctx: &Ctx, node: &str, key: &ObjectKey) -> (usize, Resources) {
    let mut used = Resources::default();
    let mut others = 0;
    for (_, p, rt) in super::runtimes_on_keyed(ctx.world(), node).filter(|(k, _, rt)| *k != key && !rt.finished) {
        others += 1;
        // The runtime at a pod's slot may be an earlier pod's of that name.
        if rt.uid == p.metadata.uid {
            used.add(&rt.requests);
        } else {
            used.add(&pod_requests(&p.spec, false));
        }
    }
    (others, used)
}

/// A stored pod, shared with the store instead of copied: the worker
/// reads it on every reconcile and after every status write.
#[derive(Clone)]
pub(super) struct PodView(Arc<Object>);

impl PodView {
    pub(super) fn new(obj: Arc<Object>) -> Option<PodView> {
        obj.as_pod().is_some().then_some(PodView(obj))
    }
}

/// One container of a [`PodView`]'s spec, held through the shared pod: the
/// worker reads it while changing itself, and copying the container (every
/// string in it) on every run of every worker was a tenth of a
/// Deployment's start-up.
pub(super) struct SpecContainer {
    pod: PodView,
    r: CtrRef,
}

impl std::ops::Deref for SpecContainer {
    type Target = Container;
    fn deref(&self) -> &Container {
        let list = if self.r.init { &self.pod.spec.init_containers } else { &self.pod.spec.containers };
        // Made only for an index the list has (see `spec_container_owned`).
        list.get(self.r.idx).unwrap_or_else(|| {
            static EMPTY: std::sync::OnceLock<Container> = std::sync::OnceLock::new();
            EMPTY.get_or_init(Container::default)
        })
    }
}

impl std::ops::Deref for PodView {
    type Target = Pod;
    fn deref(&self) -> &Pod {
        match &*self.0 {
            Object::Pod(p) => p,
            // `new` only wraps pods; an empty pod keeps this total.
            _ => {
                static EMPTY: std::sync::OnceLock<Pod> = std::sync::OnceLock::new();
                EMPTY.get_or_init(Pod::default)
            }
        }
    }
}

pub(super) struct Worker<'a, 'b> {
    pub ctx: &'a mut Ctx<'b>,
    pub key: ObjectKey,
    pub obj: Arc<Object>,
    pub pod: PodView,
    pub rt: PodRuntime,
    pub node: String,
    pub host_ip: SharedStr,
    pub now: Time,
    pub notes: Vec<String>,
    /// The pod object was deleted by this reconcile.
    pub removed: bool,
    /// A container was started by this reconcile.
    pub started: bool,
}

impl Worker<'_, '_> {
    pub(super) fn note(&mut self, s: impl Into<String>) {
        self.notes.push(s.into());
    }

    pub(super) fn event(&mut self, type_: &str, reason: &str, message: impl Into<String>) {
        let obj = self.obj.clone();
        self.ctx.event(&obj, type_, reason, message);
    }

    /// An event about one container (`recordContainerEvent`, and the image
    /// puller's and prober's): its reference names the container.
    pub(super) fn container_event(&mut self, r: CtrRef, type_: &str, reason: &str, message: impl Into<String>) {
        let obj = self.obj.clone();
        let name = self.spec_container(r).map(|c| c.name.clone()).unwrap_or_default();
        let list = if r.init { "initContainers" } else { "containers" };
        self.ctx.event_on_field(&obj, format!("spec.{list}{{{name}}}"), type_, reason, message);
    }

    pub(super) fn spec_container(&self, r: CtrRef) -> Option<&Container> {
        if r.init {
            self.pod.spec.init_containers.get(r.idx)
        } else {
            self.pod.spec.containers.get(r.idx)
        }
    }

    /// The same container as [`Worker::spec_container`], not borrowed from
    /// the worker.
    pub(super) fn spec_container_owned(&self, r: CtrRef) -> Option<SpecContainer> {
        self.spec_container(r)?;
        Some(SpecContainer { pod: self.pod.clone(), r })
    }

    pub(super) fn deleting(&self) -> bool {
        self.pod.metadata.deletion_timestamp.is_some()
    }

    pub(super) fn run(&mut self) {
        if self.deleting() {
            // Readiness results change the status while containers stop;
            // the pod worker itself only reports once they have all exited.
            self.run_probes();
            terminate::terminate(self);
            return;
        }
        if self.rt.evicted.is_some() {
            terminate::evict(self);
            return;
        }
        if !self.rt.deadline_exceeded && !self.rt.finished && self.active_deadline().is_some_and(|t| t <= self.now) {
            self.rt.deadline_exceeded = true;
            self.event("Normal", "DeadlineExceeded", status::DEADLINE_MESSAGE);
        }
        if self.rt.deadline_exceeded {
            terminate::deadline_exceeded(self);
            return;
        }
        // A readiness gate's condition set from outside: Ready follows at
        // this sync (`GeneratePodReadyCondition` reads the API's conditions).
        if self.pod.spec.readiness_gates.is_some() && self.pod.status.phase.as_deref() == Some("Running") {
            self.patch_readiness();
        }
        let debugged = !self.pod.spec.ephemeral_containers.is_empty();
        for _ in 0..64 {
            let mut progressed = self.expire_runs();
            progressed |= self.run_probes();
            if debugged {
                progressed |= self.sync_ephemeral();
            }
            match self.rt.op.as_deref() {
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

    /// `rejectPod`: the node refuses the pod; it fails without running.
    /// `rejectPod`: the pod fails before it starts, the reason in its
    /// status and in a Warning event.
    fn reject(&mut self, reason: &str, message: &str) {
        self.event("Warning", reason, message);
        let mut status = self.pod.status.clone();
        status.phase = Some("Failed".into());
        status.reason = Some(reason.into());
        status.message = Some(format!("Pod was rejected: {message}").into());
        status.qos_class = Some(status::qos_class(&self.pod.spec).into());
        self.write_status(status.into_inner());
        self.rt.finished = true;
        self.note(format!("rejects the pod: {}", message.trim_end()));
    }

    /// When the pod has been active on the node for its
    /// `activeDeadlineSeconds`, counted from its status's startTime.
    pub(super) fn active_deadline(&self) -> Option<Time> {
        let secs = self.pod.spec.active_deadline_seconds?;
        Some(self.pod.status.start_time?.plus_millis(secs.max(0) * 1000))
    }

    pub(super) fn sync_due(&self) -> bool {
        self.rt
            .dirty_since
            .is_some_and(|d| d.plus_millis(PLEG_MS) <= self.now)
            || self.rt.retry_at.is_some_and(|t| t <= self.now)
            || !self.rt.kill_requests.is_empty()
    }

    // ------------------------------------------------------------ status

    /// Writes `status` if it differs from the stored one.
    pub(super) fn write_status(&mut self, status: PodStatus) {
        let Some(cur) = self.ctx.get(&self.key) else {
            return;
        };
        let Object::Pod(p) = &*cur else { return };
        if p.status == status {
            return;
        }
        if let Ok(written) = self.ctx.write_pod_status(&self.key, cur, status) {
            if let Some(view) = PodView::new(written) {
                self.pod = view;
            }
        }
    }

    /// Generates the full status from the runtime (the start of a sync).
    pub(super) fn publish(&mut self) {
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
    pub(super) fn patch_readiness(&mut self) {
        let mut s = (*self.pod.status).clone();
        // A running regular init container is never ready (only one that
        // exited 0 is); sidecars and regular containers follow their probes.
        let init_containers = &self.pod.spec.init_containers;
        let runs: Vec<(SharedStr, bool, bool)> = self
            .rt
            .init
            .iter()
            .enumerate()
            .map(|(i, c)| (c, init_containers.get(i).is_none_or(status::is_sidecar)))
            .chain(self.rt.app.iter().map(|c| (c, true)))
            .filter_map(|(c, may_be_ready)| {
                c.running()
                    .map(|r| (r.id.clone(), may_be_ready && r.ready && r.started, r.started))
            })
            .collect();
        for cs in s
            .init_container_statuses
            .iter_mut()
            .chain(s.container_statuses.iter_mut())
        {
            if cs.state.running.is_none() {
                continue;
            }
            if let Some((_, ready, started)) = runs
                .iter()
                .find(|(id, _, _)| cs.container_id.as_deref() == Some(id.as_str()))
            {
                cs.ready = *ready;
                cs.started = Some(*started);
            }
        }
        let all: Vec<_> = s
            .init_container_statuses
            .iter()
            .chain(&s.container_statuses)
            .cloned()
            .collect();
        let phase = s.phase.clone().unwrap_or_default();
        let others: Vec<_> = s
            .conditions
            .iter()
            .filter(|c| {
                !matches!(
                    c.type_.as_str(),
                    "Ready"
                        | "ContainersReady"
                        | "Initialized"
                        | "PodScheduled"
                        | "PodReadyToStartContainers"
                )
            })
            .cloned()
            .collect();
        for mut c in [
            status::pod_ready(&self.pod.spec, &others, &all, &phase),
            status::containers_ready(&self.pod.spec, &all, &phase),
        ] {
            if let Some(old) = s.conditions.iter_mut().find(|o| o.type_ == c.type_) {
                c.last_transition_time = if old.status == c.status {
                    old.last_transition_time
                } else {
                    Some(self.now)
                };
                *old = c;
            }
        }
        // The status manager's merge keeps the conditions others own
        // first (a readiness gate's, set after the pod started), then its
        // own; its patch orders the stored list the same way.
        s.conditions.sort_by_key(|c| status::KUBELET_CONDITIONS.contains(&c.type_.as_str()));
        self.write_status(s);
    }

    // ------------------------------------------------------------ runtime events

    /// Processes that exited (or finished stopping) by now.
    pub(super) fn expire_runs(&mut self) -> bool {
        let mut progressed = false;
        for r in self.rt.refs() {
            let Some(c) = self.spec_container_owned(r) else {
                continue;
            };
            let exit = {
                let Some(run) = self.rt.ctr(r).and_then(|c| c.running()) else {
                    continue;
                };
                self.exit_of(run, &c)
            };
            let Some((at, code, reason)) = exit.filter(|(at, _, _)| *at <= self.now) else {
                continue;
            };
            let name = c.name.clone();
            if let Some(ctr) = self.rt.ctr_mut(r) {
                if let Some(run) = ctr.run.as_mut() {
                    run.exited = Some(Box::new(Exited {
                        code,
                        reason: reason.clone(),
                        started_at: run.started_at,
                        finished_at: at,
                        id: run.id.clone(),
                    }));
                    run.ready = false;
                }
            }
            self.rt.mark_dirty(at);
            self.note(format!(
                "container {name} exited with code {code} ({reason})"
            ));
            progressed = true;
        }
        progressed
    }

    /// When and how a running instance ends: a stop in progress, its plan,
    /// or the OOM killer when `sim load` pushes it over its memory limit.
    pub(super) fn exit_of(&self, run: &Run, c: &Container) -> Option<(Time, i32, String)> {
        let reason = |code: i32| if code == 0 { "Completed" } else { "Error" }.to_string();
        if let Some((t, code)) = run.stopping {
            return Some((t, code, reason(code)));
        }
        if let Some(limit) = c
            .resources
            .limits
            .get("memory")
            .map(|q| q.value())
            .filter(|l| *l > 0)
        {
            let loaded = super::usage::loaded_memory(self.ctx.world(), &self.pod, run);
            if loaded.is_some_and(|used| used > limit) {
                return Some((self.now, 137, "OOMKilled".into()));
            }
        }
        match &run.plan.exit {
            process::Exit::Never => None,
            process::Exit::After { ms, code, oom } => Some((
                run.started_at.plus_millis(*ms),
                *code,
                if *oom {
                    "OOMKilled".into()
                } else {
                    reason(*code)
                },
            )),
            process::Exit::WhenService(wait) => {
                let process::ServiceWait { namespace, service, check, from_ms, poll_ms, then_ms, code } = &**wait;
                let code = (*code)?;
                let created = self.service_check_since(namespace, service, *check)?;
                let first = run.started_at.millis() + from_ms;
                let poll = (*poll_ms).max(1);
                let found = if created.millis() <= first {
                    first
                } else {
                    first + (created.millis() - first + poll - 1) / poll * poll
                };
                Some((Time::from_millis(found + then_ms), code, reason(code)))
            }
        }
    }

    /// Since when a wait loop's check of a Service passes, as the real
    /// tool would find it from this pod; None while it fails.
    fn service_check_since(&self, namespace: &str, service: &str, check: super::shell::Check) -> Option<Time> {
        let world = self.ctx.world();
        let ip = self.pod.status.pod_ip.as_deref().or(self.rt.ip.as_deref()).unwrap_or_default();
        let client_ns = &self.pod.metadata.namespace;
        let fqdn = format!("{service}.{namespace}.svc.{}", crate::network::CLUSTER_DOMAIN);
        match check {
            super::shell::Check::Resolves => crate::network::resolves_since(world, client_ns, ip, &fqdn),
            super::shell::Check::Answers { port } => crate::network::answered_since(world, client_ns, ip, &crate::network::Url { host: fqdn, port }),
        }
    }

    pub(super) fn probe_env(&self, run: &Run) -> (SharedStr, bool) {
        let fail = self
            .ctx
            .world()
            .sim
            .image_behavior(&run.image)
            .is_some_and(|b| b.fail_readiness);
        (
            self.rt.ip.clone().unwrap_or_else(|| self.host_ip.clone()),
            fail,
        )
    }

    pub(super) fn run_probes(&mut self) -> bool {
        let mut progressed = false;
        let mut changed = false;
        let deleting = self.deleting();
        for r in self.rt.refs() {
            let Some(c) = self.spec_container_owned(r) else {
                continue;
            };
            let Some(run) = self.rt.ctr(r).and_then(|c| c.running()).cloned() else {
                continue;
            };
            let (ip, fail) = self.probe_env(&run);
            let env = probes::Env {
                pod_ip: &ip,
                fail_readiness: fail,
            };
            let mut run = run;
            let findings = probes::advance(&mut run, &c, &env, self.now, deleting);
            if let Some(ctr) = self.rt.ctr_mut(r) {
                ctr.run = Some(run);
            }
            for f in findings {
                progressed = true;
                match f {
                    Finding::Unhealthy(kind, msg) => self.container_event(
                        r,
                        "Warning",
                        "Unhealthy",
                        format!("{} probe failed: {msg}", kind.label()),
                    ),
                    Finding::Ready(ready) => {
                        changed = true;
                        self.note(format!(
                            "readiness probe of {} {}",
                            c.name,
                            if ready {
                                "passed: it is ready"
                            } else {
                                "failed: it is no longer ready"
                            }
                        ));
                    }
                    Finding::Started => {
                        changed = true;
                        self.note(format!("startup probe of {} passed", c.name));
                        // The prober's update makes the kubelet sync the pod
                        // (`handleProbeSync`): a sidecar that has started
                        // lets the next container start now.
                        if r.init {
                            self.rt.retry_at = Some(self.now);
                        }
                    }
                    Finding::Kill(cause) => {
                        self.rt.kill_requests.push((r, cause));
                        self.note(format!(
                            "{} of {} failed too often",
                            if cause == KillCause::Startup {
                                "startup probe"
                            } else {
                                "liveness probe"
                            },
                            c.name
                        ));
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

    pub(super) fn sync(&mut self) {
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
        self.check_pull_secrets();
        if !self.rt.kill_requests.is_empty() {
            terminate::start_kills(self);
            return;
        }
        self.spec_changes();
        if !self.rt.kill_requests.is_empty() {
            terminate::start_kills(self);
            return;
        }
        self.rt.to_start = self
            .containers_to_start()
            .into_iter()
            .map(|r| (r, false))
            .collect();
        self.continue_starts();
    }

    /// Volumes first (`WaitForAttachAndMount`), then the sandbox.
    pub(super) fn mount_or_sandbox(&mut self, next_delay: i64) {
        let missing = config::unmountable(self.ctx.store(), &self.pod);
        if missing.is_empty() {
            self.check_pull_secrets();
            if !self.sandbox_handler_ok() {
                return;
            }
            self.rt.op = Some(Box::new(Op::Sandbox {
                until: self.now.plus_millis(SANDBOX_MS),
            }));
            return;
        }
        for (vol, err) in &missing {
            self.event(
                "Warning",
                "FailedMount",
                format!("MountVolume.SetUp failed for volume \"{vol}\" : {err}"),
            );
        }
        self.note(format!(
            "cannot mount volume {}: {}",
            missing[0].0, missing[0].1
        ));
        self.rt.op = Some(Box::new(Op::Mount {
            until: self.now.plus_millis(next_delay),
            delay_ms: next_delay,
        }));
    }

    /// `computePodActions`: see [`super::actions::containers_to_start`].
    pub(super) fn containers_to_start(&self) -> Vec<CtrRef> {
        super::actions::containers_to_start(&self.pod.spec, &self.rt, restart_policy(&self.pod.spec))
    }

    /// A running container whose image the pod spec no longer names is
    /// killed and started again with the new image.
    pub(super) fn spec_changes(&mut self) {
        for (idx, c) in self.pod.spec.containers.iter().enumerate() {
            let Some(run) = self.rt.app.get(idx).and_then(|c| c.running()) else {
                continue;
            };
            let wanted = c
                .image
                .as_deref()
                .and_then(image::normalize);
            if wanted.is_some_and(|w| *w != *run.image) && run.stopping.is_none() {
                self.rt
                    .kill_requests
                    .push((CtrRef { init: false, idx }, KillCause::Changed));
            }
        }
        // A running sidecar whose definition changed is restarted too
        // (`computeInitContainerActions`).
        for (idx, c) in self.pod.spec.init_containers.iter().enumerate().filter(|(_, c)| status::is_sidecar(c)) {
            let Some(run) = self.rt.init.get(idx).and_then(|c| c.running()) else { continue };
            let wanted = c.image.as_deref().and_then(image::normalize);
            if wanted.is_some_and(|w| *w != *run.image) && run.stopping.is_none() {
                self.rt.kill_requests.push((CtrRef { init: true, idx }, KillCause::Changed));
            }
        }
    }

    pub(super) fn continue_starts(&mut self) {
        while !self.rt.to_start.is_empty() {
            let (r, fresh) = self.rt.to_start.remove(0);
            if let Some(op) = self.start(r, fresh) {
                self.rt.op = Some(Box::new(op));
                return;
            }
        }
        if self.rt.sync_failed {
            self.rt.retry_at = Some(self.now.plus_millis(SYNC_RETRY_MS));
        }
        self.check_finished();
    }

    /// All regular containers are done for good: the sidecars still
    /// running are stopped (last first), and once none runs the pod is
    /// terminal.
    pub(super) fn check_finished(&mut self) {
        let policy = restart_policy(&self.pod.spec).to_string();
        let init_failed = policy == "Never"
            && self
                .pod
                .spec
                .init_containers
                .iter()
                .zip(&self.rt.init)
                .any(|(c, ctr)| {
                    !status::is_sidecar(c)
                        && ctr.running().is_none()
                        && ctr.exited().is_some_and(|e| e.code != 0)
                });
        let init_done = self
            .pod
            .spec
            .init_containers
            .iter()
            .zip(&self.rt.init)
            .all(|(c, ctr)| status::is_sidecar(c) || ctr.exited().is_some_and(|e| e.code == 0));
        let app_done =
            !self.rt.app.is_empty()
                && self.rt.app.iter().all(|ctr| {
                    ctr.exited().is_some() && !status::should_restart(ctr, &policy, false)
                });
        if init_failed || (init_done && app_done) {
            // Sidecars still running are stopped first; the pod is
            // terminal once they have exited.
            if self.rt.op.is_none() && terminate::stop_sidecars(self) {
                return;
            }
            if self.rt.init.iter().any(|c| c.running().is_some()) {
                return;
            }
            self.rt.finished = true;
            self.rt.mark_dirty(self.now);
            self.note("all containers are done and none will restart: the pod is terminal and its sandbox is removed");
        }
    }
}
