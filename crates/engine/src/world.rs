//! The whole simulated state at one instant. Everything is a persistent
//! (structurally shared) structure, so a `World` clone is O(1) and the
//! engine can keep one per step for time travel.

use crate::rng::Rng;
use crate::sim::SimState;
use imbl::{OrdMap, OrdSet, Vector};
use kubeplay_apiserver::Store;
use kubeplay_model::{ObjectKey, Time};

/// Which control loop a queued key or a step belongs to. The order here is
/// the order watches are dispatched in, which keeps runs deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ControllerId {
    Deployment,
    ReplicaSet,
    ReplicationController,
    StatefulSet,
    DaemonSet,
    Job,
    CronJob,
    /// Deletes finished Jobs once their `ttlSecondsAfterFinished` passes.
    TtlAfterFinished,
    Hpa,
    /// PodDisruptionBudget status (`disruption` controller).
    Disruption,
    /// Binds PersistentVolumeClaims, provisioning volumes for the default
    /// StorageClass (kind's local-path provisioner plus the PV binder).
    PersistentVolume,
    Endpoints,
    EndpointSlice,
    GarbageCollector,
    Namespace,
    NodeLifecycle,
    Scheduler,
    Kubelet,
    /// The cloud provider's service controller (load balancers).
    LoadBalancer,
    ResourceQuota,
    /// A person at the terminal or editor (`kubectl …`).
    User,
}

/// A key due to be reconciled at a virtual instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timer {
    pub controller: ControllerId,
    pub key: ObjectKey,
    /// Periodic resyncs (HPA sync, heartbeats) do not keep `settle` busy.
    pub periodic: bool,
}

#[derive(Clone)]
pub struct World {
    pub store: Store,
    pub now: Time,
    pub rng: Rng,
    pub(crate) queue: Vector<(ControllerId, ObjectKey)>,
    pub(crate) queued: OrdSet<(ControllerId, ObjectKey)>,
    pub(crate) timers: OrdMap<(Time, u64), Timer>,
    pub(crate) timer_seq: u64,
    /// Failed syncs per key since its last success: the work queue's
    /// per-item exponential back-off (`AddRateLimited` / `Forget`).
    pub(crate) failures: OrdMap<(ControllerId, ObjectKey), u32>,
    /// State the simulated nodes keep outside the API (image caches, failed
    /// nodes, container behaviours, load).
    pub sim: SimState,
    /// Events by (involved uid, reason, message, component) hash, so a
    /// repeat bumps the existing Event's count in O(log n).
    pub(crate) event_index: OrdMap<u64, ObjectKey>,
    pub(crate) event_seq: u64,
    /// The scheduler's cache of the cluster and its queue of pending pods.
    pub scheduler: crate::scheduler::SchedulerState,
}

impl World {
    pub fn new(seed: u64, now: Time) -> World {
        World {
            store: Store::new(),
            now,
            rng: Rng::new(seed),
            queue: Vector::new(),
            queued: OrdSet::new(),
            timers: OrdMap::new(),
            timer_seq: 0,
            failures: OrdMap::new(),
            sim: SimState::default(),
            event_index: OrdMap::new(),
            event_seq: 0,
            scheduler: Default::default(),
        }
    }

    /// Queues a key for a controller unless it is already queued (the
    /// de-duplicating work queue of client-go).
    pub fn enqueue(&mut self, controller: ControllerId, key: ObjectKey) {
        let entry = (controller, key);
        if self.queued.insert(entry.clone()).is_none() {
            self.queue.push_back(entry);
        }
    }

    pub(crate) fn pop(&mut self) -> Option<(ControllerId, ObjectKey)> {
        let entry = self.queue.pop_front()?;
        self.queued.remove(&entry);
        Some(entry)
    }

    pub fn queue_len(&self) -> usize {
        self.queue.len()
    }

    pub fn add_timer(&mut self, at: Time, timer: Timer) {
        self.timer_seq += 1;
        self.timers.insert((at, self.timer_seq), timer);
    }

    /// Removes a timer armed for `controller`/`key` at exactly `at`, so a
    /// controller that re-plans its wake-up leaves no stale no-op behind.
    pub fn cancel_timer(&mut self, at: Time, controller: ControllerId, key: &ObjectKey, periodic: bool) -> bool {
        let found = self
            .timers
            .range((at, 0)..=(at, u64::MAX))
            .find(|(_, t)| t.controller == controller && &t.key == key && t.periodic == periodic)
            .map(|(k, _)| *k);
        found.is_some_and(|k| self.timers.remove(&k).is_some())
    }

    pub fn next_timer_at(&self) -> Option<Time> {
        self.timers.get_min().map(|((t, _), _)| *t)
    }

    /// The earliest timer that is not a periodic resync.
    pub fn next_work_timer_at(&self) -> Option<Time> {
        self.timers.iter().find(|(_, t)| !t.periodic).map(|((t, _), _)| *t)
    }

    /// Moves every timer due at or before `now` into the work queue.
    pub(crate) fn fire_due_timers(&mut self) {
        while let Some(((at, seq), _)) = self.timers.get_min().map(|(k, v)| (*k, v.clone())) {
            if at > self.now {
                break;
            }
            if let Some(t) = self.timers.remove(&(at, seq)) {
                self.enqueue(t.controller, t.key);
            }
        }
    }
}
