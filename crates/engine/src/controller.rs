//! The controller contract and the context a reconcile runs in.
//!
//! A controller is two functions, as in kube-controller-manager: `watch`
//! maps a change in the store to the keys it must look at (an owner's key
//! for a pod change, say), and `reconcile` looks at one key's actual state,
//! compares it with the desired state and writes the difference. Watches
//! only enqueue; all decisions happen in reconcile (level-driven).

use crate::step::{EmittedEvent, Verb, Write};
use crate::world::{ControllerId, Timer, World};
use kubeplay_apiserver::{ApiError, Change, DeleteOptions, Store, WriteCtx};
use kubeplay_model::{Object, ObjectKey, Time};
use std::sync::Arc;

pub trait Controller: Sync {
    fn id(&self) -> ControllerId;
    /// The component name events carry in `source.component` (`From`).
    fn component(&self) -> &'static str;
    /// Keys to reconcile because of a change.
    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey));
    /// [`watch`](Self::watch), for a controller that also reads an index it
    /// keeps in the world (the kubelet's pods waiting to start).
    fn watch_world(&self, change: &Change, world: &World, enqueue: &mut dyn FnMut(ObjectKey)) {
        self.watch(change, &world.store, enqueue)
    }
    /// One reconcile of one key.
    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx);
}

/// Everything a reconcile may read and do. Writes go through the store and
/// are recorded for the step; nothing else mutates the world.
pub struct Ctx<'a> {
    pub(crate) world: &'a mut World,
    pub(crate) controller: ControllerId,
    pub(crate) component: &'static str,
    pub(crate) writes: Vec<Write>,
    pub(crate) events: Vec<EmittedEvent>,
    pub(crate) observed: String,
    pub(crate) desired: String,
    pub(crate) explanation: String,
    /// The controller's informer cache when it lags (`sim cache-lag`):
    /// what it reads. Writes go to the store all the same.
    pub(crate) view: Option<Store>,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(
        world: &'a mut World,
        controller: ControllerId,
        component: &'static str,
    ) -> Ctx<'a> {
        Ctx {
            world,
            controller,
            component,
            writes: Vec::new(),
            events: Vec::new(),
            observed: String::new(),
            desired: String::new(),
            explanation: String::new(),
            view: None,
        }
    }

    /// What the controller reads: its informer cache, which is the store
    /// itself unless the cache lags.
    pub fn store(&self) -> &Store {
        self.view.as_ref().unwrap_or(&self.world.store)
    }

    pub fn now(&self) -> Time {
        self.world.now
    }

    pub fn world(&self) -> &World {
        self.world
    }

    pub fn world_mut(&mut self) -> &mut World {
        self.world
    }

    /// An object from the controller's cache (see [`store`](Self::store)).
    pub fn get(&self, key: &ObjectKey) -> Option<Arc<Object>> {
        self.store().get(key).cloned()
    }

    /// A GET through the API server, past the cache: what upstream's
    /// controllers do before retrying a failed status write, and what a
    /// write's before-image is.
    pub fn api_get(&self, key: &ObjectKey) -> Option<Arc<Object>> {
        self.world.store.get(key).cloned()
    }

    pub fn rand(&mut self) -> u64 {
        self.world.rng.next_u64()
    }

    /// Splits the world so the store can be written with the RNG as its
    /// random source.
    fn store_and_ctx<R>(&mut self, f: impl FnOnce(&mut Store, &mut WriteCtx) -> R) -> R {
        self.world.write(f)
    }

    pub fn create(&mut self, obj: Object) -> Result<Arc<Object>, ApiError> {
        let created = self.store_and_ctx(|s, c| s.create(obj, c))?;
        self.writes.push(Write {
            verb: Verb::Create,
            key: created.key(),
            before: None,
            after: Some(created.clone()),
        });
        Ok(created)
    }

    /// Creates an object the cluster makes for itself (its system
    /// PriorityClasses, each namespace's default ServiceAccount and root CA
    /// ConfigMap) with random draws of its own, seeded by the object's
    /// identity and the store's revision, not from the world's source:
    /// otherwise every namespace a user creates would change the names
    /// and uids of everything made after it.
    pub fn create_system(&mut self, obj: Object) -> Result<Arc<Object>, ApiError> {
        let revision = self.world.store.resource_version().to_le_bytes();
        let identity = [obj.kind().name().as_bytes(), obj.namespace().as_bytes(), obj.name().as_bytes(), &revision];
        let seed = identity.iter().fold(kubeplay_model::fnv::Fnv::new(), |h, part| h.bytes(part).bytes(&[0xff])).finish();
        let mut rng = crate::rng::Rng::new(seed);
        let mut draw = || rng.next_u64();
        let world = &mut *self.world;
        let mut wctx = WriteCtx { now: world.now, rng: &mut draw };
        let created = world.store.create(obj, &mut wctx)?;
        self.writes.push(Write { verb: Verb::Create, key: created.key(), before: None, after: Some(created.clone()) });
        Ok(created)
    }

    pub fn update(&mut self, obj: Object) -> Result<Arc<Object>, ApiError> {
        let key = obj.key();
        let before = self.api_get(&key);
        let after = self.store_and_ctx(|s, c| s.update(obj, c))?;
        self.record_update(Verb::Update, key, before, &after);
        Ok(after)
    }

    /// A write to the `scale` subresource (`kubectl scale`), which
    /// admission matches as `<resource>/scale`.
    pub fn update_scale(&mut self, obj: Object) -> Result<Arc<Object>, ApiError> {
        let key = obj.key();
        let before = self.api_get(&key);
        let after = self.store_and_ctx(|s, c| s.update_subresource(obj, "scale", c))?;
        self.record_update(Verb::Update, key, before, &after);
        Ok(after)
    }

    /// A write to a pod's `ephemeralcontainers` subresource (`kubectl debug`).
    pub fn update_ephemeral_containers(&mut self, obj: Object) -> Result<Arc<Object>, ApiError> {
        let key = obj.key();
        let before = self.api_get(&key);
        let after = self.store_and_ctx(|s, c| s.update_ephemeral_containers(obj, c))?;
        self.record_update(Verb::Update, key, before, &after);
        Ok(after)
    }

    /// Binds a pod to a node (the scheduler's `pods/binding` write).
    pub fn bind(&mut self, key: &ObjectKey, node: &str) -> Result<Arc<Object>, ApiError> {
        let before = self.api_get(key);
        let after = self.store_and_ctx(|s, c| s.bind(key, node, c))?;
        self.record_update(Verb::Update, key.clone(), before, &after);
        Ok(after)
    }

    /// Empties a namespace's finalizers (`namespaces/finalize`).
    pub fn finalize_namespace(&mut self, name: &str) -> Result<Arc<Object>, ApiError> {
        let key = ObjectKey::new(kubeplay_model::Kind::Namespace, "", name);
        let before = self.api_get(&key);
        let after = self.store_and_ctx(|s, c| s.finalize_namespace(name, c))?;
        self.record_update(Verb::Update, key, before, &after);
        Ok(after)
    }

    pub fn update_status(&mut self, obj: Object) -> Result<Arc<Object>, ApiError> {
        let key = obj.key();
        let before = self.api_get(&key);
        let after = self.store_and_ctx(|s, c| s.update_status(obj, c))?;
        self.record_update(Verb::UpdateStatus, key, before, &after);
        Ok(after)
    }

    /// [`Ctx::update_status`] of the stored pod `key` with `status`,
    /// without building the whole pod first (the kubelet's hot path).
    pub fn update_pod_status(
        &mut self,
        key: &ObjectKey,
        status: kubeplay_model::api::PodStatus,
    ) -> Result<Arc<Object>, ApiError> {
        let before = self.api_get(key);
        self.pod_status_write(key, before, status)
    }

    /// [`Ctx::update_pod_status`] of the pod `read`, as [`Ctx::get`] just
    /// gave it: the kubelet reads its pod before every status write, and
    /// looking it up again by name was one of four lookups a write made.
    /// Read from a lagging cache, it is not the write's before-image,
    /// which is then read from the API server as usual.
    pub fn write_pod_status(
        &mut self,
        key: &ObjectKey,
        read: Arc<Object>,
        status: kubeplay_model::api::PodStatus,
    ) -> Result<Arc<Object>, ApiError> {
        let before = if self.view.is_none() { Some(read) } else { self.api_get(key) };
        debug_assert!(
            match (&before, self.world.store.get(key)) {
                (Some(b), Some(s)) => Arc::ptr_eq(b, s),
                (b, s) => b.is_none() && s.is_none(),
            },
            "`before` is the stored pod"
        );
        self.pod_status_write(key, before, status)
    }

    fn pod_status_write(&mut self, key: &ObjectKey, before: Option<Arc<Object>>, status: kubeplay_model::api::PodStatus) -> Result<Arc<Object>, ApiError> {
        let after = self.store_and_ctx(|s, c| s.update_pod_status(key, status, c))?;
        self.record_update(Verb::UpdateStatus, key.clone(), before, &after);
        Ok(after)
    }

    /// Records a write of `key` that left `after`. An update removes the
    /// object only when it was being deleted and its last finalizer went
    /// (the store's `commit_update`): only then is the store asked
    /// whether it is still there.
    fn record_update(&mut self, verb: Verb, key: ObjectKey, before: Option<Arc<Object>>, after: &Arc<Object>) {
        let changed = before.as_ref().is_none_or(|b| !Arc::ptr_eq(b, after));
        if changed {
            let gone = after.meta().deletion_timestamp.is_some() && self.world.store.get(&key).is_none();
            let verb = if gone { Verb::Delete } else { verb };
            self.writes.push(Write {
                verb,
                key,
                before,
                after: (!gone).then(|| after.clone()),
            });
        }
    }

    pub fn delete(
        &mut self,
        key: &ObjectKey,
        opts: DeleteOptions,
    ) -> Result<Arc<Object>, ApiError> {
        let before = self.api_get(key);
        let result = self.store_and_ctx(|s, c| s.delete(key, &opts, c))?;
        let after = self.api_get(key);
        self.writes.push(Write {
            verb: Verb::Delete,
            key: key.clone(),
            before,
            after,
        });
        Ok(result)
    }

    /// Reconcile this key again after `after_ms` of virtual time. The
    /// controllers' queues keep one waiting time per key, the earliest
    /// ([`World::add_after`]); the kubelet and the scheduler plan their own
    /// timers, several per pod, and cancel the ones they re-plan.
    pub fn requeue_after(&mut self, key: ObjectKey, after_ms: i64) {
        self.arm(key, after_ms, false);
    }

    /// A periodic resync: like `requeue_after`, but `settle` does not wait for it.
    pub fn resync_after(&mut self, key: ObjectKey, after_ms: i64) {
        self.arm(key, after_ms, true);
    }

    fn arm(&mut self, key: ObjectKey, after_ms: i64, periodic: bool) {
        let at = self.world.now.plus_millis(after_ms.max(0));
        let controller = self.controller;
        if matches!(controller, ControllerId::Kubelet | ControllerId::Scheduler) {
            self.world.add_timer(
                at,
                Timer {
                    controller,
                    key,
                    periodic,
                },
            );
        } else {
            self.world.add_after(at, controller, key, periodic);
        }
    }

    /// `AddRateLimited` with client-go's default controller rate limiter:
    /// the larger of the key's own back-off (5 ms, doubling per consecutive
    /// failure, at most 1000 s) and the queue's shared token bucket (10 a
    /// second after a burst of 100). Returns how many times the key had been
    /// requeued this way since it last succeeded.
    pub fn requeue_rate_limited(&mut self, key: ObjectKey) -> u32 {
        let entry = (self.controller, key.clone());
        let failures = self.world.failures.get(&entry).copied().unwrap_or(0);
        self.world
            .failures
            .insert(entry, failures.saturating_add(1));
        let backoff = 5i64.saturating_mul(1i64 << failures.min(40)).min(1_000_000);
        let delay = backoff.max(self.world.bucket_delay_ms(self.controller));
        self.requeue_after(key, delay);
        failures
    }

    /// `AddRateLimited` on a queue whose limiter is only the per-item
    /// exponential one, from `base_ms` doubling to `max_ms` (the Job
    /// controller's queues). Returns the key's earlier failures.
    pub fn requeue_backoff(&mut self, key: ObjectKey, base_ms: i64, max_ms: i64) -> u32 {
        let entry = (self.controller, key.clone());
        let failures = self.world.failures.get(&entry).copied().unwrap_or(0);
        self.world.failures.insert(entry, failures.saturating_add(1));
        let delay = base_ms.saturating_mul(1i64 << failures.min(40)).min(max_ms);
        self.requeue_after(key, delay);
        failures
    }

    /// How many rate-limited requeues a key has had since it last succeeded.
    pub fn num_requeues(&self, key: &ObjectKey) -> u32 {
        self.world
            .failures
            .get(&(self.controller, key.clone()))
            .copied()
            .unwrap_or(0)
    }

    /// A successful sync resets the key's back-off (`queue.Forget`).
    pub fn forget(&mut self, key: &ObjectKey) {
        self.world.failures.remove(&(self.controller, key.clone()));
    }

    pub fn enqueue(&mut self, controller: ControllerId, key: ObjectKey) {
        self.world.enqueue(controller, key);
    }

    pub fn observed(&mut self, s: impl Into<String>) {
        self.observed = s.into();
    }
    pub fn desired(&mut self, s: impl Into<String>) {
        self.desired = s.into();
    }
    pub fn explain(&mut self, s: impl Into<String>) {
        self.explanation = s.into();
    }

    /// Emits an event about `regarding` through this component's recorder
    /// (see [`crate::recorder`]): the step lists it; the recorder decides
    /// whether it is written, counted into an existing one or dropped.
    pub fn event(
        &mut self,
        regarding: &Object,
        type_: &str,
        reason: &str,
        message: impl Into<String>,
    ) {
        let host = if self.component == "kubelet" {
            regarding
                .as_pod()
                .and_then(|p| p.node_name())
                .map(str::to_string)
        } else {
            None
        };
        self.event_from(regarding, type_, reason, message, self.component, host);
    }

    /// [`event`](Self::event) from a named component and host (a
    /// kubelet's events carry its node).
    pub fn event_from(
        &mut self,
        regarding: &Object,
        type_: &str,
        reason: &str,
        message: impl Into<String>,
        component: &str,
        host: Option<String>,
    ) {
        let message = message.into();
        self.events.push(EmittedEvent {
            type_: type_.into(),
            reason: reason.into(),
            object: regarding.key(),
            message: message.clone(),
        });
        crate::recorder::record(self.world, regarding, None, type_, reason, message, component, host);
    }

    /// [`event`](Self::event) about one part of the object, named by its
    /// field path (`kubecontainer.GenerateContainerRef`: the kubelet's
    /// events about a container say which one).
    pub fn event_on_field(&mut self, regarding: &Object, field_path: String, type_: &str, reason: &str, message: impl Into<String>) {
        let message = message.into();
        let host = if self.component == "kubelet" { regarding.as_pod().and_then(|p| p.node_name()).map(str::to_string) } else { None };
        self.events.push(EmittedEvent {
            type_: type_.into(),
            reason: reason.into(),
            object: regarding.key(),
            message: message.clone(),
        });
        crate::recorder::record(self.world, regarding, Some(field_path), type_, reason, message, self.component, host);
    }

    /// An event through the events.k8s.io recorder, as the scheduler
    /// emits them: with an action and, for a preemption, the related pod.
    pub fn event_v1(
        &mut self,
        regarding: &Object,
        related: Option<&Object>,
        type_: &str,
        reason: &str,
        action: &str,
        note: impl Into<String>,
    ) {
        let note = note.into();
        self.events.push(EmittedEvent {
            type_: type_.into(),
            reason: reason.into(),
            object: regarding.key(),
            message: note.clone(),
        });
        crate::recorder::record_v1(self.world, regarding, related, type_, reason, action, note);
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Engine;
    use kubeplay_model::{Kind, ObjectKey};

    #[test]
    fn a_repeated_event_bumps_count_and_last_timestamp() {
        let mut e = Engine::with_default_cluster(1);
        let key = ObjectKey::new(Kind::Node, "", "kubeplay-worker");
        for _ in 0..3 {
            e.user("poke", key.clone(), |ctx| {
                let node = ctx.get(&key).unwrap();
                ctx.event(&node, "Normal", "Poked", "poked once more");
            });
            e.advance(5_000);
        }
        let events: Vec<_> = e
            .store()
            .list(Kind::Event, Some("default"))
            .filter_map(|o| o.as_event().cloned())
            .filter(|ev| ev.reason.as_deref() == Some("Poked"))
            .collect();
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].count, Some(3));
        let first = events[0].first_timestamp.unwrap();
        assert_eq!(events[0].last_timestamp, Some(first.plus_secs(10)));
    }
}
