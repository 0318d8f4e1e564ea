//! When the pod worker wakes next. Two timers per pod: one for the next
//! moment something changes (a pull ends, a process exits, a back-off
//! expires into a restart) and one for repeats that only re-record events
//! (a refused retry, a readiness probe that keeps failing) — a periodic
//! resync, so `settle` does not wait for those.

use super::image;
use super::runtime::{Op, PodRuntime};
use super::sync::Worker;
use super::{config, pod_slot, probes, PLEG_MS};
use crate::controller::Ctx;
use crate::world::ControllerId;
use kubeplay_model::{ObjectKey, Time};

impl Worker<'_, '_> {
    // ------------------------------------------------------------ timers

    /// Whether the retry after a failed sync would change anything, or
    /// only repeat the same back-off events.
    pub(super) fn retry_changes_something(&self, at: Time) -> bool {
        let store = self.ctx.store();
        if !self.rt.sandbox {
            // Only the sandbox's creation is retried, and it fails again
            // while the node lacks the class's handler.
            return super::sandbox_handler::sandbox_error(store, &self.pod).is_none();
        }
        let node_images = self.ctx.world().sim.image_cache.get(&self.node);
        self.containers_to_start().into_iter().any(|r| {
            let (Some(ctr), Some(c)) = (self.rt.ctr(r), self.spec_container(r)) else { return false };
            match ctr.cache.as_ref().map(|c| c.reason.as_str()) {
                Some("CrashLoopBackOff") => ctr.exited().is_some_and(|e| !ctr.crash.in_backoff_since(e.finished_at, at)),
                Some("ImagePullBackOff" | "ErrImagePull") => {
                    let n = c.image.as_deref().and_then(image::normalize);
                    n.as_deref() != Some(ctr.pull_image.as_str()) || !ctr.pull.in_backoff_since_update(at)
                }
                Some("CreateContainerConfigError") => {
                    config::env_names(store, &self.pod.metadata.namespace, c).is_ok()
                        && c.image.as_deref().and_then(|i| image::ImageRef::parse(i).ok()).is_none_or(|i| super::non_root::violation(&self.pod, c, &i).is_none())
                }
                Some("CreateContainerError") => super::security_profiles::create_error(&self.ctx.world().sim.files, &self.node, &self.pod, c).is_none(),
                Some("ErrImageNeverPull") => {
                    let n = c.image.as_deref().and_then(image::normalize);
                    n.is_some_and(|n| node_images.is_some_and(|s| s.contains(n.as_str())))
                }
                Some("InvalidImageName") => false,
                _ => true,
            }
        })
    }

    /// (next time something changes, next time only events repeat).
    pub(super) fn next_wakes(&self) -> (Option<Time>, Option<Time>) {
        let mut work: Option<Time> = None;
        let mut tick: Option<Time> = None;
        let mut at = |t: Time, periodic: bool| {
            let slot = if periodic { &mut tick } else { &mut work };
            *slot = Some(slot.map_or(t, |s| s.min(t)));
        };
        if self.deleting() || self.rt.evicted.is_some() || self.rt.deadline_exceeded {
            if let Some(t) = self.rt.stopping_until.filter(|_| !self.rt.finished || self.deleting()) {
                at(t, false);
            }
            if self.deleting() && !self.rt.finished {
                self.probe_wakes(true, &mut at);
            }
            return (work, tick);
        }
        match self.rt.op.as_deref() {
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
        }
        if let Some(t) = self.active_deadline().filter(|_| !self.rt.finished) {
            at(t.max(self.now), false);
        }
        self.probe_wakes(false, &mut at);
        if self.rt.ephemeral.is_some() {
            self.ephemeral_wakes(&mut at);
        }
        (work, tick)
    }

    /// The next probe of each running container.
    fn probe_wakes(&self, deleting: bool, at: &mut impl FnMut(Time, bool)) {
        for r in self.rt.refs() {
            let (Some(c), Some(run)) = (self.spec_container(r), self.rt.ctr(r).and_then(|c| c.running())) else { continue };
            let (ip, fail) = self.probe_env(run);
            let env = probes::Env { pod_ip: &ip, fail_readiness: fail };
            if let Some((t, repeat)) = probes::next_due(run, c, &env, deleting) {
                at(t, repeat);
                if repeat {
                    if let Some(t) = probes::recovery(run, c, &env) {
                        at(t, false);
                    }
                }
            }
        }
    }

    pub(super) fn finish(self) {
        // A finalizer can keep a pod the kubelet has deleted: its runtime
        // stays, so its final status is not replaced by a fresh one.
        let wakes = if !self.removed {
            Some(self.next_wakes())
        } else {
            self.ctx.get(&self.key).is_some().then_some((None, None))
        };
        let Worker { ctx, key, mut rt, node, notes, started, .. } = self;
        match wakes {
            None => {
                let sim = &mut ctx.world_mut().sim;
                sim.pods.remove(&pod_slot(&key.namespace, &key.name));
                disarm(ctx, &key, &rt);
            }
            Some((work, tick)) => {
                arm(ctx, &key, &mut rt, work, tick);
                ctx.world_mut().sim.pods.insert_keyed(&key, rt.into());
                // More memory in use: the eviction manager may have work.
                if started || !ctx.world().sim.loads.is_empty() {
                    super::eviction::poke(ctx, &node);
                }
            }
        }
        let mut text = String::with_capacity(64 + notes.iter().map(|n| n.len() + 2).sum::<usize>());
        for part in ["kubelet on ", &node, ", pod ", &key.name, ": "] {
            text.push_str(part);
        }
        if notes.is_empty() {
            text.push_str("nothing is due");
        }
        for (i, note) in notes.iter().enumerate() {
            if i > 0 {
                text.push_str("; ");
            }
            text.push_str(note);
        }
        ctx.explain(text);
    }
}

/// Cancels the timers armed for a pod.
pub(crate) fn disarm(ctx: &mut Ctx, key: &ObjectKey, rt: &PodRuntime) {
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
