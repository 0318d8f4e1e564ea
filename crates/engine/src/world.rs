//! The whole simulated state at one instant. Everything is a persistent
//! (structurally shared) structure, so a `World` clone is O(1) and the
//! engine can keep one per step for time travel.

use crate::rng::Rng;
use crate::sim::SimState;
use imbl::{OrdMap, OrdSet};
use kubeplay_apiserver::{Store, WriteCtx};
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
    /// Holds a deleted claim while a scheduled pod still uses it.
    PvcProtection,
    /// Holds a deleted volume while it is Bound.
    PvProtection,
    Endpoints,
    EndpointSlice,
    /// Copies the Endpoints of Services without a selector into slices.
    EndpointSliceMirroring,
    GarbageCollector,
    Namespace,
    NodeLifecycle,
    Scheduler,
    Kubelet,
    /// The cloud provider's service controller (load balancers).
    LoadBalancer,
    ResourceQuota,
    /// Gives every namespace its `default` ServiceAccount.
    ServiceAccounts,
    /// Publishes the `kube-root-ca.crt` ConfigMap in every namespace.
    RootCaCertPublisher,
    /// Fills each aggregated ClusterRole (admin, edit, view) with the
    /// rules of the ClusterRoles its selectors pick.
    ClusterRoleAggregation,
    /// Signs approved CertificateSigningRequests for the kubernetes.io signers.
    CsrSigning,
    /// Deletes CertificateSigningRequests once they are old enough.
    CsrCleaner,
    /// The API server's CustomResourceDefinition naming, establishing and
    /// finalizing controllers.
    Crd,
    /// A person at the terminal or editor (`kubectl …`).
    User,
    // Added after User, so that the controllers before keep the numbers
    // runs are fingerprinted with.
    /// Makes the claims of pods' generic ephemeral volumes.
    EphemeralVolume,
    /// Fills (or deletes) legacy service account token Secrets.
    Tokens,
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
    pub(crate) queue: kubeplay_model::fifo::Fifo<(ControllerId, ObjectKey)>,
    pub(crate) queued: OrdSet<(ControllerId, ObjectKey)>,
    pub(crate) timers: OrdMap<(Time, u64), Timer>,
    pub(crate) timer_seq: u64,
    /// Failed syncs per key since its last success: the work queue's
    /// per-item exponential back-off (`AddRateLimited` / `Forget`).
    pub(crate) failures: OrdMap<(ControllerId, ObjectKey), u32>,
    /// The one waiting timer of each controller key armed through
    /// [`World::add_after`] (client-go's delaying queue keeps at most one).
    pub(crate) waiting: OrdMap<(ControllerId, ObjectKey), (Time, u64)>,
    /// Each controller queue's shared token bucket (`BucketRateLimiter`:
    /// 10 per second, burst 100): when it was last drawn from and the
    /// tokens left then, in thousandths (negative: reserved ahead).
    pub(crate) buckets: OrdMap<ControllerId, (Time, i64)>,
    /// State the simulated nodes keep outside the API (image caches, failed
    /// nodes, container behaviours, load).
    pub sim: SimState,
    /// The event recorders' state (what they last wrote, their spam
    /// budgets, the scheduler's series): see `recorder`.
    pub(crate) recorders: crate::recorder::Recorders,
    /// The scheduler's cache of the cluster and its queue of pending pods.
    pub scheduler: crate::scheduler::SchedulerState,
    /// What the lagging controllers' informers have seen (`sim cache-lag`).
    pub(crate) informers: crate::informer::Informers,
    /// The creations and deletions each workload controller waits to see.
    pub(crate) expectations: crate::controllers::expectations::Expectations,
    /// What the autoscaler kept of its pods between syncs: shared by this
    /// world's copies, trusted only where it proves itself.
    pub(crate) hpa_kept: crate::controllers::hpa::kept::Kept,
}

impl World {
    pub fn new(seed: u64, now: Time) -> World {
        World {
            store: Store::new(),
            now,
            rng: Rng::new(seed),
            queue: Default::default(),
            queued: OrdSet::new(),
            timers: OrdMap::new(),
            timer_seq: 0,
            failures: OrdMap::new(),
            waiting: OrdMap::new(),
            buckets: OrdMap::new(),
            sim: SimState::default(),
            recorders: crate::recorder::Recorders::new(now),
            scheduler: Default::default(),
            informers: Default::default(),
            expectations: Default::default(),
            hpa_kept: Default::default(),
        }
    }

    /// How far behind the store the lagging controllers' caches are.
    pub fn cache_lag_ms(&self) -> i64 {
        self.informers.lag_ms()
    }

    /// Runs a store write at the current time with the seeded random
    /// source (uids, generated names).
    pub(crate) fn write<R>(&mut self, f: impl FnOnce(&mut Store, &mut WriteCtx) -> R) -> R {
        let rng = &mut self.rng;
        let mut draw = || rng.next_u64();
        let mut ctx = WriteCtx { now: self.now, rng: &mut draw };
        f(&mut self.store, &mut ctx)
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

    /// `AddAfter` on a controller's delaying queue: a key waits at most
    /// once, and adding it again only ever brings its time forward (a later
    /// request is dropped, as upstream's `waitingForQueue` does). The merged
    /// timer keeps `settle` busy if either request would have.
    pub fn add_after(
        &mut self,
        at: Time,
        controller: ControllerId,
        key: ObjectKey,
        periodic: bool,
    ) {
        let entry = (controller, key);
        if let Some(&(old_at, seq)) = self.waiting.get(&entry) {
            if let Some(old) = self.timers.get_mut(&(old_at, seq)) {
                if old_at <= at {
                    old.periodic &= periodic;
                    return;
                }
                let periodic = periodic && old.periodic;
                self.timers.remove(&(old_at, seq));
                return self.arm_waiting(at, entry, periodic);
            }
        }
        self.arm_waiting(at, entry, periodic);
    }

    fn arm_waiting(&mut self, at: Time, entry: (ControllerId, ObjectKey), periodic: bool) {
        self.timer_seq += 1;
        self.timers.insert(
            (at, self.timer_seq),
            Timer {
                controller: entry.0,
                key: entry.1.clone(),
                periodic,
            },
        );
        self.waiting.insert(entry, (at, self.timer_seq));
    }

    /// The delay `AddRateLimited` adds from the controller queue's shared
    /// token bucket (golang.org/x/time/rate with r = 10/s, b = 100): none
    /// while tokens are left, then 100 ms per request queued ahead.
    pub(crate) fn bucket_delay_ms(&mut self, controller: ControllerId) -> i64 {
        const BURST: i64 = 100_000;
        let now = self.now;
        let (last, tokens) = self
            .buckets
            .get(&controller)
            .copied()
            .unwrap_or((now, BURST));
        // 10 tokens a second is 10 thousandths of a token a millisecond.
        let refilled = tokens
            .saturating_add(
                now.millis()
                    .saturating_sub(last.millis())
                    .max(0)
                    .saturating_mul(10),
            )
            .min(BURST);
        let left = refilled - 1000;
        self.buckets.insert(controller, (now, left));
        if left >= 0 {
            0
        } else {
            (-left + 9) / 10
        }
    }

    /// Removes a timer armed for `controller`/`key` at exactly `at`, so a
    /// controller that re-plans its wake-up leaves no stale no-op behind.
    pub fn cancel_timer(
        &mut self,
        at: Time,
        controller: ControllerId,
        key: &ObjectKey,
        periodic: bool,
    ) -> bool {
        let found = self
            .timers
            .range((at, 0)..=(at, u64::MAX))
            .find(|(_, t)| t.controller == controller && &t.key == key && t.periodic == periodic)
            .map(|(k, _)| *k);
        found.is_some_and(|k| self.timers.remove(&k).is_some())
    }

    /// Every armed timer, soonest first.
    pub fn timers(&self) -> impl Iterator<Item = &Timer> {
        self.timers.values()
    }

    /// Every armed timer with the instant it fires, soonest first.
    pub fn armed(&self) -> impl Iterator<Item = (Time, &Timer)> {
        self.timers.iter().map(|((at, _), t)| (*at, t))
    }

    /// The work queue, next first.
    pub fn queued(&self) -> impl Iterator<Item = &(ControllerId, ObjectKey)> {
        self.queue.iter()
    }

    /// The next instant something is due: a timer, or changes reaching
    /// the lagging watches.
    pub fn next_timer_at(&self) -> Option<Time> {
        let timer = self.timers.get_min().map(|((t, _), _)| *t);
        earliest(timer, self.informers.next_due())
    }

    /// The earliest timer that is not a periodic resync, or delivery of
    /// changes (work: `settle` waits for it).
    pub fn next_work_timer_at(&self) -> Option<Time> {
        let timer = self.timers
            .iter()
            .find(|(_, t)| !t.periodic)
            .map(|((t, _), _)| *t);
        earliest(timer, self.informers.next_due())
    }

    /// Moves every timer due at or before `now` into the work queue.
    pub(crate) fn fire_due_timers(&mut self) {
        while let Some(((at, seq), _)) = self.timers.get_min().map(|(k, v)| (*k, v.clone())) {
            if at > self.now {
                break;
            }
            if let Some(t) = self.timers.remove(&(at, seq)) {
                let entry = (t.controller, t.key);
                if self.waiting.get(&entry) == Some(&(at, seq)) {
                    self.waiting.remove(&entry);
                }
                self.enqueue(entry.0, entry.1);
            }
        }
    }
}

fn earliest(a: Option<Time>, b: Option<Time>) -> Option<Time> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Kind;

    fn key(name: &str) -> ObjectKey {
        ObjectKey::new(Kind::Deployment, "default", name)
    }

    fn armed(w: &World) -> Vec<(i64, String, bool)> {
        w.timers
            .iter()
            .map(|((t, _), timer)| (t.millis(), timer.key.name.to_string(), timer.periodic))
            .collect()
    }

    /// client-go's delaying queue (`waitingForQueue`): one entry per key,
    /// moved only ever earlier.
    #[test]
    fn add_after_keeps_one_waiting_time_per_key_the_earliest() {
        let mut w = World::new(1, Time::from_millis(0));
        let d = ControllerId::Deployment;
        w.add_after(Time::from_millis(500), d, key("a"), false);
        w.add_after(Time::from_millis(900), d, key("a"), false);
        assert_eq!(
            armed(&w),
            vec![(500, "a".into(), false)],
            "a later request is dropped"
        );
        w.add_after(Time::from_millis(200), d, key("a"), false);
        assert_eq!(
            armed(&w),
            vec![(200, "a".into(), false)],
            "an earlier one moves it"
        );
        w.add_after(Time::from_millis(300), d, key("b"), true);
        w.add_after(
            Time::from_millis(300),
            ControllerId::ReplicaSet,
            key("a"),
            false,
        );
        assert_eq!(
            armed(&w).len(),
            3,
            "other keys and other controllers' queues are separate"
        );
        // A resync merged into pending work keeps settle waiting, and the
        // other way round.
        w.add_after(Time::from_millis(100), d, key("b"), false);
        assert_eq!(armed(&w)[0], (100, "b".into(), false));
        w.add_after(Time::from_millis(50), d, key("a"), true);
        assert_eq!(armed(&w)[0], (50, "a".into(), false));
        // Once fired the key can wait again.
        w.now = Time::from_millis(60);
        w.fire_due_timers();
        assert_eq!(w.pop(), Some((d, key("a"))));
        w.add_after(Time::from_millis(1_000), d, key("a"), false);
        assert!(armed(&w).contains(&(1_000, "a".into(), false)));
    }

    /// rate.Limiter(10, 100) reservations: the burst goes through at once,
    /// then one every 100 ms; idle time refills ten a second.
    #[test]
    fn the_queue_bucket_allows_a_burst_of_100_then_10_a_second() {
        let mut w = World::new(1, Time::from_millis(0));
        let c = ControllerId::Deployment;
        let burst: Vec<i64> = (0..100).map(|_| w.bucket_delay_ms(c)).collect();
        assert!(burst.iter().all(|&d| d == 0), "{burst:?}");
        assert_eq!(w.bucket_delay_ms(c), 100);
        assert_eq!(w.bucket_delay_ms(c), 200);
        assert_eq!(
            w.bucket_delay_ms(ControllerId::ReplicaSet),
            0,
            "each queue has its own bucket"
        );
        // 1.3 s later: the two reserved tokens are paid back, 11 are free.
        w.now = Time::from_millis(1_300);
        let free = (0..20).take_while(|_| w.bucket_delay_ms(c) == 0).count();
        assert_eq!(free, 11);
    }
}
