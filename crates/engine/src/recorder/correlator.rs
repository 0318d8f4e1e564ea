//! client-go's event correlator (`tools/record`), which every
//! kube-controller-manager controller and every kubelet puts between its
//! recorder and the API server. It decides what is written:
//!
//! - **aggregation**: when one source reports the same reason about the
//!   same object with ten different messages within ten minutes, the tenth
//!   and later become one event, `(combined from similar events): <latest
//!   message>`, whose count grows (a ReplicaSet scaled to 20 shows nine
//!   `Created pod` events and one combined one);
//! - **counting**: an exact repeat (same source, object, reason, message)
//!   bumps `count` and `lastTimestamp` of the existing event instead of
//!   making a new one;
//! - **spam filtering**: one source may write 25 events about one object
//!   at once, then one every five minutes; the rest are dropped, though
//!   the count keeps growing, so the next write that gets through jumps.
//!   This is why a crash-looping pod's `BackOff` event goes stale.
//!
//! Each part keeps its state in a 4,096-entry LRU cache, as upstream.

use super::lru::Lru;
use kubeplay_model::api::Event;
use kubeplay_model::fnv::Fnv;
use kubeplay_model::Time;

const LRU_ENTRIES: usize = 4096;
/// Distinct messages within the interval before events are combined.
const AGGREGATE_MAX_EVENTS: usize = 10;
const AGGREGATE_INTERVAL_MS: i64 = 600_000;
/// The spam filter's token bucket: 25 events, then one per 300 s. Tokens
/// are counted in milliseconds of refill, so the arithmetic is exact.
const SPAM_BURST: i64 = 25;
const SPAM_REFILL_MS: i64 = 300_000;

/// The message prefix of an aggregated event.
pub(crate) const COMBINED: &str = "(combined from similar events): ";

/// One recorder's correlator.
#[derive(Clone, Debug)]
pub(crate) struct Correlator {
    aggregates: Lru<Aggregate>,
    logs: Lru<Log>,
    spam: Lru<Bucket>,
}

/// Similar events seen lately: their messages (hashed) and when the last came.
#[derive(Clone, Debug, Default)]
struct Aggregate {
    messages: Vec<u64>,
    last: Time,
}

/// What the recorder last wrote for an event key.
#[derive(Clone, Debug, Default)]
struct Log {
    count: i32,
    first: Option<Time>,
    name: LogName,
}

/// The name of the event a [`Log`] was written for. Recorders name events
/// `<object>.<hex stamp>` (see `Recorders::name`), and a log is only read
/// for an event about that same object (the object's name is in the key),
/// so the stamp is all it keeps: a kubelet's caches hold an entry for
/// every event of every pod it ran, and the names were most of them.
#[derive(Clone, Debug)]
enum LogName {
    Stamp(u64),
    /// A name not in that form, kept whole.
    Other(Box<str>),
}

impl Default for LogName {
    fn default() -> Self {
        LogName::Other("".into())
    }
}

impl LogName {
    fn of(event: &Event) -> LogName {
        let name = event.metadata.name.as_str();
        let hex = name.strip_prefix(text(&event.involved_object.name)).and_then(|s| s.strip_prefix('.'));
        match hex.and_then(canonical_hex) {
            Some(n) => LogName::Stamp(n),
            None => LogName::Other(name.into()),
        }
    }

    fn name(&self, event: &Event) -> String {
        match self {
            LogName::Stamp(n) => super::event_name(text(&event.involved_object.name), *n),
            LogName::Other(name) => name.to_string(),
        }
    }
}

/// The number `h` writes in `{:x}` form, if it is in exactly that form
/// (lower case, no sign, no zeros ahead), so that `name` gives `h` back.
/// Checked, not formatted back and compared: every stored event asks.
fn canonical_hex(h: &str) -> Option<u64> {
    let digits = h.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let leading_zero = h.len() > 1 && h.starts_with('0');
    if h.is_empty() || h.len() > 16 || !digits || leading_zero {
        return None;
    }
    u64::from_str_radix(h, 16).ok()
}

#[derive(Clone, Copy, Debug, Default)]
struct Bucket {
    /// Milliseconds of refill banked: a token is `SPAM_REFILL_MS` of them.
    banked: i64,
    last: Time,
}

/// What to do with an event after correlation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Correlated {
    /// Dropped by the spam filter.
    Skip,
    /// A new event.
    Create(Event),
    /// A repeat: patch `count`, `lastTimestamp` and `message` of the stored
    /// event of this name (or create it, if it has expired meanwhile).
    Patch(Event),
}

impl Default for Correlator {
    fn default() -> Self {
        Correlator { aggregates: Lru::new(LRU_ENTRIES), logs: Lru::sparsely_indexed(LRU_ENTRIES), spam: Lru::sparsely_indexed(LRU_ENTRIES) }
    }
}

impl Correlator {
    /// `EventCorrelate`: aggregate, then count, then filter, in upstream's
    /// order (so a dropped event still counts).
    pub(crate) fn correlate(&mut self, event: Event, now: Time) -> Correlated {
        let keys = Keys::of(&event);
        let (event, key) = self.aggregate(event, &keys, now);
        let (event, repeat) = self.observe(event, key);
        // A combined event keeps the source and object the spam key reads.
        if !self.allow(keys.spam, now) {
            return Correlated::Skip;
        }
        if repeat {
            Correlated::Patch(event)
        } else {
            Correlated::Create(event)
        }
    }

    /// `UpdateState`: remember what the server stored, under its own key.
    pub(crate) fn stored(&mut self, event: &Event) {
        self.logs.put(event_key(event), Log { count: event.count.unwrap_or(0), first: event.first_timestamp, name: LogName::of(event) });
    }

    /// `EventAggregate`: the event itself and its full key, or the
    /// combined event and the key of its group once the group has seen
    /// enough distinct messages.
    fn aggregate(&mut self, event: Event, keys: &Keys, now: Time) -> (Event, u64) {
        let group = keys.aggregate;
        let message = fnv(&[event.message.as_deref().unwrap_or("")]);
        let mut combine = false;
        self.aggregates.forget_oldest_while(|r| now.millis() - r.last.millis() > AGGREGATE_INTERVAL_MS);
        self.aggregates.update(group, |old| {
            let mut record = old.filter(|r| now.millis() - r.last.millis() <= AGGREGATE_INTERVAL_MS).unwrap_or(Aggregate { messages: Vec::new(), last: now });
            if let Err(at) = record.messages.binary_search(&message) {
                record.messages.insert(at, message);
            }
            record.last = now;
            combine = record.messages.len() >= AGGREGATE_MAX_EVENTS;
            if combine {
                // Upstream pops an arbitrary message (Go's map order) to keep
                // the set below the threshold; the smallest hash is as good a
                // choice and the same on every run.
                record.messages.remove(0);
            }
            record
        });
        if !combine {
            return (event, keys.event);
        }
        let combined = Event {
            metadata: kubeplay_model::ObjectMeta { name: event.metadata.name.clone(), namespace: event.metadata.namespace.clone(), ..Default::default() },
            involved_object: event.involved_object.clone(),
            reason: event.reason.clone(),
            message: Some(format!("{COMBINED}{}", event.message.as_deref().unwrap_or(""))),
            source: event.source.clone(),
            first_timestamp: Some(now),
            last_timestamp: Some(now),
            count: Some(1),
            type_: event.type_.clone(),
            ..Default::default()
        };
        (combined, group)
    }

    /// `eventObserve`: a repeat takes the stored event's name and first
    /// time and the next count.
    fn observe(&mut self, mut event: Event, key: u64) -> (Event, bool) {
        let mut repeat = false;
        self.logs.update(key, |last| {
            if let Some(last) = last.filter(|l| l.count > 0) {
                repeat = true;
                event.metadata.name = last.name.name(&event);
                event.first_timestamp = last.first;
                event.count = Some(last.count + 1);
            }
            Log { count: event.count.unwrap_or(0), first: event.first_timestamp, name: LogName::of(&event) }
        });
        (event, repeat)
    }

    /// The spam filter: a token bucket per source and object, full at first.
    fn allow(&mut self, key: u64, now: Time) -> bool {
        let full = SPAM_BURST * SPAM_REFILL_MS;
        let mut ok = false;
        self.spam.update(key, |old| {
            let bucket = old.unwrap_or(Bucket { banked: full, last: now });
            let banked = (bucket.banked + (now.millis() - bucket.last.millis()).max(0)).min(full);
            ok = banked >= SPAM_REFILL_MS;
            if ok {
                // Only a granted token moves the bucket's clock, as in
                // x/time/rate: a refused one leaves the refill to accrue.
                Bucket { banked: banked - SPAM_REFILL_MS, last: now }
            } else {
                bucket
            }
        });
        ok
    }
}

/// FNV-1a over the fields joined without separators, as upstream joins
/// its key strings.
pub(crate) fn fnv(parts: &[&str]) -> u64 {
    feed(Fnv::new(), parts).finish()
}

/// `h` with the fields added, as if joined after what it has seen.
fn feed(h: Fnv, parts: &[&str]) -> Fnv {
    parts.iter().fold(h, |h, part| h.bytes(part.as_bytes()))
}

fn source(e: &Event) -> (&str, &str) {
    let s = e.source.as_ref();
    (s.and_then(|s| s.component.as_deref()).unwrap_or(""), s.and_then(|s| s.host.as_deref()).unwrap_or(""))
}

/// An optional text field as Go reads a string: unset is "".
pub(super) fn text<T: AsRef<str>>(v: &Option<T>) -> &str {
    v.as_ref().map_or("", AsRef::as_ref)
}

/// `getEventKey`: source, object (with its field path), type, reason, message.
fn event_key(e: &Event) -> u64 {
    event_key_after(object_part(e), e)
}

/// What every key of `e` begins with: its source and the object's kind,
/// namespace and name.
fn object_part(e: &Event) -> Fnv {
    let (component, host) = source(e);
    let o = &e.involved_object;
    feed(Fnv::new(), &[component, host, text(&o.kind), text(&o.namespace), text(&o.name)])
}

/// [`event_key`] from its beginning, [`object_part`].
fn event_key_after(object: Fnv, e: &Event) -> u64 {
    let o = &e.involved_object;
    feed(object, &[text(&o.field_path), text(&o.uid), text(&o.api_version), text(&e.type_), text(&e.reason), text(&e.message)]).finish()
}

/// An event's three keys: [`event_key`]; `EventAggregatorByReasonFunc`'s
/// group (the event key without the message and field path, with the
/// reporting controller and instance); `getSpamKey` (source and object
/// only). All three begin with [`object_part`], and the spam key is the
/// group's beginning, so those are hashed once (FNV runs left to right):
/// hashing each key from the start read the same texts three times for
/// every event.
pub(super) struct Keys {
    pub(super) event: u64,
    pub(super) aggregate: u64,
    pub(super) spam: u64,
}

impl Keys {
    pub(super) fn of(e: &Event) -> Keys {
        let o = &e.involved_object;
        let object = object_part(e);
        let spam = feed(object, &[text(&o.uid), text(&o.api_version)]);
        let aggregate = feed(spam, &[text(&e.type_), text(&e.reason), text(&e.reporting_component), text(&e.reporting_instance)]);
        Keys { event: event_key_after(object, e), aggregate: aggregate.finish(), spam: spam.finish() }
    }
}

#[cfg(test)]
mod tests;
