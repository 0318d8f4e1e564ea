//! How events reach the API server. Components do not write events
//! themselves: they hand them to client-go's recorders, which decide what
//! is written, and the API server keeps each one for an hour only
//! (`kubeplay_apiserver::event_ttl`). Two recorders exist, as upstream:
//!
//! - `tools/record` (the core v1 API), used by every controller of
//!   kube-controller-manager and by the kubelets: one per component (and
//!   host), each with its correlator (`correlator.rs`: aggregation,
//!   counting, spam filtering);
//! - `tools/events` (the events.k8s.io API), used by the scheduler: events
//!   that repeat become a series (`series.rs`), written on a timer.
//!
//! A step still lists every event its reconcile emitted; the store holds
//! what the recorders wrote.

mod correlator;
mod lru;
mod series;

use crate::world::World;
use correlator::{text, Correlated, Correlator};
use imbl::OrdMap;
use kubeplay_model::api::{Event, EventSource, ObjectReference};
use kubeplay_model::hashed::{Hashed, Lookup};
use kubeplay_model::{Atom, Kind, Object, ObjectKey, ObjectMeta, Time};
use series::Series;
use std::sync::Arc;

/// The scheduler's reporting controller, and its instance: the name plus
/// the host it runs on (kind's control-plane node).
pub const SCHEDULER: &str = "default-scheduler";
const SCHEDULER_INSTANCE: &str = "default-scheduler-kubeplay-control-plane";

/// Every recorder's state.
#[derive(Clone, Debug)]
pub struct Recorders {
    /// `tools/record` recorders by [`recorder_key`]: a thousand kubelets'
    /// hosts differ in their last characters only.
    legacy: OrdMap<Hashed, Recorder>,
    /// The scheduler's `tools/events` recorder.
    scheduler: Series,
    /// Tells apart the names of events made in the same millisecond.
    seq: u64,
}

/// One `tools/record` recorder: its component and host, as every event
/// it writes names them (kept, not looked up by text per event), and its
/// correlator.
#[derive(Clone, Debug)]
struct Recorder {
    component: Atom,
    host: Option<Atom>,
    correlator: Correlator,
}

impl Recorders {
    pub(crate) fn new(now: Time) -> Recorders {
        Recorders { legacy: OrdMap::new(), scheduler: Series::new(now), seq: 0 }
    }

    /// The `tools/record` recorder of `component` on `host` (at `key`, their
    /// [`recorder_key`], hashed), made if this is its first event.
    fn recorder(&mut self, key: &Lookup, component: &str, host: Option<&str>) -> &mut Recorder {
        if self.legacy.get(key.view()).is_none() {
            let recorder = Recorder { component: Atom::from(component), host: host.map(Atom::from), correlator: Correlator::default() };
            self.legacy.insert(Hashed::new(key.as_str().to_string()), recorder);
        }
        self.legacy.get_mut(key.view()).expect("just made")
    }

    /// A new event's name: the object's name and the time in hex
    /// nanoseconds, as upstream's recorders name them.
    fn name(&mut self, object: &str, now: Time) -> String {
        self.seq += 1;
        let nanos = (now.millis() as u64).wrapping_mul(1_000_000).wrapping_add(self.seq % 1_000_000);
        event_name(object, nanos)
    }
}

/// `<object>.<stamp in lower-case hex>`, as `format!("{object}.{stamp:x}")`
/// writes it, in one allocation of the right size: every event is named
/// so, and the formatting machinery cost more than the rest of the name.
fn event_name(object: &str, stamp: u64) -> String {
    let digits = (16 - stamp.leading_zeros() as usize / 4).max(1);
    let mut hex = [0u8; 16];
    for (i, d) in hex[..digits].iter_mut().rev().enumerate() {
        *d = b"0123456789abcdef"[(stamp >> (4 * i)) as usize & 0xf];
    }
    let mut name = String::with_capacity(object.len() + 1 + digits);
    name.push_str(object);
    name.push('.');
    name.push_str(std::str::from_utf8(&hex[..digits]).unwrap_or_default());
    name
}

/// A `tools/record` recorder's key: its component and host, which names
/// do not hold a NUL.
fn recorder_key(component: &str, host: Option<&str>) -> String {
    let host = host.unwrap_or_default();
    let mut key = String::with_capacity(component.len() + 1 + host.len());
    key.push_str(component);
    key.push('\0');
    key.push_str(host);
    key
}

/// The reference an event makes to its object (`reference.GetReference`).
fn reference(o: &Object) -> ObjectReference {
    let meta = o.meta();
    let (kind, api_version) = o.kind().words();
    ObjectReference {
        kind: Some(kind),
        namespace: o.kind().namespaced().then(|| meta.namespace.clone()),
        name: Some(meta.name.as_str().into()),
        uid: Some(meta.uid.as_str().into()),
        api_version: Some(api_version),
        resource_version: Some(meta.resource_version.as_str().into()),
        field_path: None,
    }
}

/// Events about cluster-scoped objects go to `default`.
fn namespace_of(o: &Object) -> Atom {
    if o.kind().namespaced() {
        o.meta().namespace.clone()
    } else {
        Atom::from("default")
    }
}

/// An event given to a `tools/record` recorder of `component` on `host`.
/// `field_path` names the part of the object it is about (a kubelet's
/// container events: `spec.containers{nginx}`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn record(world: &mut World, regarding: &Object, field_path: Option<String>, type_: &str, reason: &str, message: String, component: &str, host: Option<String>) {
    let now = world.now;
    let name = world.recorders.name(&regarding.meta().name, now);
    // The few texts every event repeats are shared, not copied per event:
    // Events are a third of a busy cluster's heap.
    let key = recorder_key(component, host.as_deref());
    // Hashed once for the two uses below.
    let key = Lookup::new(&key);
    let recorder = world.recorders.recorder(&key, component, host.as_deref());
    let (by, on) = (recorder.component.clone(), recorder.host.clone());
    let event = Event {
        metadata: ObjectMeta { name, namespace: namespace_of(regarding), ..Default::default() },
        involved_object: ObjectReference { field_path: field_path.as_deref().map(Atom::from), ..reference(regarding) },
        reason: Some(Atom::from(reason)),
        message: Some(message),
        source: Some(EventSource { component: Some(by.clone()), host: on.clone() }),
        first_timestamp: Some(now),
        last_timestamp: Some(now),
        count: Some(1),
        type_: Some(Atom::from(type_)),
        reporting_component: Some(by),
        reporting_instance: on,
        ..Default::default()
    };
    let correlated = recorder.correlator.correlate(event, now);
    let written = match correlated {
        Correlated::Skip => return,
        Correlated::Create(e) => create(world, e),
        Correlated::Patch(e) => {
            let patched = patch(world, &e, |stored| {
                stored.count = e.count;
                stored.last_timestamp = e.last_timestamp;
                stored.message = e.message.clone();
            });
            patched.or_else(|| create(world, e))
        }
    };
    // An event the server refuses (its namespace is going) is dropped,
    // as the recorder drops it; what it stored is remembered.
    if let Some(stored) = written.as_deref().and_then(Object::as_event) {
        // Made above: only its correlator is wanted again.
        if let Some(recorder) = world.recorders.legacy.get_mut(key.view()) {
            recorder.correlator.stored(stored);
        }
    }
}

/// An event given to the scheduler's `tools/events` recorder.
pub(crate) fn record_v1(world: &mut World, regarding: &Object, related: Option<&Object>, type_: &str, reason: &str, action: &str, note: String) {
    let now = world.now;
    let regarding_ref = reference(regarding);
    let related_ref = related.map(reference);
    let key = isomorphic_key(type_, action, reason, &regarding_ref, related_ref.as_ref());
    match world.recorders.scheduler.observe(key, now) {
        Ok(None) => {}
        Ok(Some(series)) => write_series(world, series),
        Err(()) => {
            let name = world.recorders.name(&regarding.meta().name, now);
            let event = Event {
                metadata: ObjectMeta { name, namespace: namespace_of(regarding), ..Default::default() },
                involved_object: regarding_ref,
                reason: Some(Atom::from(reason)),
                message: Some(note),
                type_: Some(Atom::from(type_)),
                event_time: Some(Box::new(serde_json::Value::String(now.rfc3339_micro()))),
                action: Some(Atom::from(action)),
                related: related_ref.map(Box::new),
                reporting_component: Some(Atom::from(SCHEDULER)),
                reporting_instance: Some(Atom::from(SCHEDULER_INSTANCE)),
                ..Default::default()
            };
            let created = world.write(|s, c| s.create(Object::Event(Box::new(event)), c));
            if let Ok(created) = created {
                world.recorders.scheduler.created(key, created);
            }
        }
    }
}

/// Patches `series` onto the stored event, or creates it again when it
/// has expired, as the recorder does.
fn write_series(world: &mut World, event: Event) {
    let series = event.series.clone();
    if patch(world, &event, |stored| stored.series = series).is_none() {
        create(world, event);
    }
}

/// The time-driven part: Events whose lease ran out go, and the
/// scheduler's recorder runs its loops, at their instants in `(now, to]`.
/// Called as the clock moves; nothing here is a reconcile, so it makes
/// no step (its writes reach watchers with the next one).
pub(crate) fn advance(world: &mut World, to: Time) {
    loop {
        let expiry = world.store.next_event_expiry();
        let finish = world.recorders.scheduler.next_finish;
        let refresh = world.recorders.scheduler.next_refresh;
        let next = [expiry, Some(finish), Some(refresh)].into_iter().flatten().min().expect("two are always set");
        if next > to {
            return;
        }
        world.now = world.now.max(next);
        if expiry == Some(next) {
            world.store.expire_events(next);
        }
        if finish == next {
            world.recorders.scheduler.next_finish = next.plus_millis(series::FINISH_MS);
            for e in world.recorders.scheduler.finish(next) {
                write_series(world, e);
            }
        }
        if refresh == next {
            world.recorders.scheduler.next_refresh = next.plus_millis(series::REFRESH_MS);
            for e in world.recorders.scheduler.refresh() {
                write_series(world, e);
            }
        }
    }
}

/// The stored object, shared: the correlator reads a few of its fields.
fn create(world: &mut World, event: Event) -> Option<Arc<Object>> {
    world.write(|s, c| s.create(Object::Event(Box::new(event)), c)).ok()
}

/// Changes the stored event named as `event` is; None when it is gone.
fn patch(world: &mut World, event: &Event, change: impl FnOnce(&mut Event)) -> Option<Arc<Object>> {
    let key = ObjectKey::new(Kind::Event, &event.metadata.namespace, &event.metadata.name);
    let mut stored = world.store.get(&key)?.as_event()?.clone();
    change(&mut stored);
    world.write(|s, c| s.update(Object::Event(Box::new(stored)), c)).ok()
}

/// `getKey` of `tools/events`: everything but the message.
fn isomorphic_key(type_: &str, action: &str, reason: &str, regarding: &ObjectReference, related: Option<&ObjectReference>) -> u64 {
    fn fields(o: Option<&ObjectReference>) -> [&str; 7] {
        let Some(o) = o else { return [""; 7] };
        [text(&o.kind), text(&o.namespace), text(&o.name), text(&o.uid), text(&o.api_version), text(&o.resource_version), text(&o.field_path)]
    }
    let (a, b) = (fields(Some(regarding)), fields(related));
    let mut parts: Vec<&str> = vec![type_, action, reason, SCHEDULER, SCHEDULER_INSTANCE];
    // A separator between fields: unlike upstream's joined strings, this
    // key stands for a struct, whose fields never run into each other.
    for f in a.iter().chain(b.iter()) {
        parts.push("\0");
        parts.push(f);
    }
    correlator::fnv(&parts)
}

#[cfg(test)]
mod tests;
