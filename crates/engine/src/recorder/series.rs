//! The scheduler's recorder is the newer one (client-go `tools/events`,
//! the events.k8s.io API). It has no correlator; it folds "isomorphic"
//! events (same type, action, reason, reporting controller and instance,
//! regarding and related objects — the message does not count) into a
//! series:
//!
//! - the first is created as it is;
//! - the second turns it into a series of count 2 at once (a patch of
//!   `series` only, so the message stays the first one's);
//! - later ones only count in memory: the series is written every 30
//!   minutes, and when it ends (nothing isomorphic for 6 minutes, checked
//!   every 6 minutes), after which the next one starts a new event.
//!
//! So a pod the scheduler keeps failing shows `(x2 over …)` for a while,
//! with the first failure's message, as on a real cluster.

use imbl::OrdMap;
use kubeplay_model::api::{Event, EventSeries};
use kubeplay_model::{Object, Time};
use std::sync::Arc;

/// How often series are checked for having ended (`finishTime`).
pub(crate) const FINISH_MS: i64 = 6 * 60 * 1000;
/// How often every series is written again (`refreshTime`).
pub(crate) const REFRESH_MS: i64 = 30 * 60 * 1000;

#[derive(Clone, Debug)]
pub(crate) struct Series {
    entries: OrdMap<u64, Entry>,
    /// The recorder's two loops start with the scheduler and run at
    /// fixed periods from then on.
    pub(crate) next_finish: Time,
    pub(crate) next_refresh: Time,
}

#[derive(Clone, Debug)]
struct Entry {
    /// The event as it was created (shared with the store while it is there).
    event: Arc<Object>,
    /// Count and last observation, from the second isomorphic event on.
    series: Option<(i32, Time)>,
}

impl Series {
    /// A recorder started at `now`: its loops first run then, with
    /// nothing to do.
    pub(crate) fn new(now: Time) -> Series {
        Series { entries: OrdMap::new(), next_finish: now.plus_millis(FINISH_MS), next_refresh: now.plus_millis(REFRESH_MS) }
    }

    /// An event with isomorphic key `key` was emitted at `now`. Returns
    /// the event to write as a series when this starts one, and `Err(())`
    /// when no such event is cached (the caller creates it and calls
    /// [`created`](Self::created)).
    pub(crate) fn observe(&mut self, key: u64, now: Time) -> Result<Option<Event>, ()> {
        let entry = self.entries.get_mut(&key).ok_or(())?;
        match &mut entry.series {
            Some((count, last)) => {
                *count += 1;
                *last = now;
                Ok(None)
            }
            None => {
                entry.series = Some((2, now));
                Ok(Some(with_series(entry)))
            }
        }
    }

    pub(crate) fn created(&mut self, key: u64, event: Arc<Object>) {
        self.entries.insert(key, Entry { event, series: None });
    }

    /// `finishSeries`: series quiet for longer than [`FINISH_MS`] are
    /// written one last time and forgotten, as are single events that old.
    pub(crate) fn finish(&mut self, now: Time) -> Vec<Event> {
        let cutoff = now.millis() - FINISH_MS;
        let mut out = Vec::new();
        let mut done = Vec::new();
        for (key, entry) in self.entries.iter() {
            match entry.series {
                Some((_, last)) if last.millis() < cutoff => {
                    out.push(with_series(entry));
                    done.push(*key);
                }
                None if event_time(&entry.event).is_none_or(|t| t.millis() < cutoff) => done.push(*key),
                _ => {}
            }
        }
        for key in done {
            self.entries.remove(&key);
        }
        out
    }

    /// `refreshExistingEventSeries`: every series written again, which also
    /// renews the event's time to live.
    pub(crate) fn refresh(&self) -> Vec<Event> {
        self.entries.values().filter(|e| e.series.is_some()).map(with_series).collect()
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }
}

fn event_time(o: &Object) -> Option<Time> {
    o.as_event()?.event_time.as_ref()?.as_str().and_then(Time::parse_rfc3339)
}

/// The cached event with its series as the recorder would send it.
fn with_series(entry: &Entry) -> Event {
    let mut event = entry.event.as_event().cloned().unwrap_or_default();
    if let Some((count, last)) = entry.series {
        event.series = Some(Box::new(EventSeries { count: Some(count), last_observed_time: Some(serde_json::Value::String(last.rfc3339_micro())) }));
    }
    event
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(name: &str, at: Time) -> Arc<Object> {
        Arc::new(Object::Event(Box::new(Event {
            metadata: kubeplay_model::ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
            message: Some("first message".into()),
            event_time: Some(Box::new(serde_json::Value::String(at.rfc3339_micro()))),
            ..Default::default()
        })))
    }

    fn count(e: &Event) -> Option<i32> {
        e.series.as_ref().and_then(|s| s.count)
    }

    #[test]
    fn the_second_event_starts_a_series_and_later_ones_wait_for_the_loops() {
        let t0 = Time::from_millis(0);
        let mut s = Series::new(t0);
        assert_eq!(s.observe(7, t0), Err(()));
        s.created(7, stored("p.1", t0));
        let second = s.observe(7, t0.plus_secs(10)).unwrap().expect("a series starts");
        assert_eq!(count(&second), Some(2));
        assert_eq!(second.message.as_deref(), Some("first message"));
        assert_eq!(s.observe(7, t0.plus_secs(20)), Ok(None));
        assert_eq!(s.observe(7, t0.plus_secs(30)), Ok(None));
        // Observed 30 s ago: not finished yet, but a refresh writes the count.
        assert!(s.finish(t0.plus_secs(60)).is_empty());
        let refreshed = s.refresh();
        assert_eq!(refreshed.iter().map(count).collect::<Vec<_>>(), [Some(4)]);
        assert_eq!(refreshed[0].series.as_ref().unwrap().last_observed_time, Some(serde_json::Value::String(t0.plus_secs(30).rfc3339_micro())));
        // Quiet for more than 6 minutes: written once more and forgotten.
        let last = s.finish(t0.plus_secs(30 + 361));
        assert_eq!(last.iter().map(count).collect::<Vec<_>>(), [Some(4)]);
        assert_eq!(s.len(), 0);
        assert_eq!(s.observe(7, t0.plus_secs(400)), Err(()));
    }

    #[test]
    fn single_events_are_forgotten_after_six_minutes() {
        let t0 = Time::from_millis(0);
        let mut s = Series::new(t0);
        s.created(1, stored("a.1", t0));
        s.created(2, stored("b.1", t0.plus_secs(100)));
        assert!(s.finish(t0.plus_secs(360)).is_empty());
        assert_eq!(s.len(), 2);
        assert!(s.finish(t0.plus_secs(361)).is_empty());
        assert_eq!(s.len(), 1);
        assert!(s.refresh().is_empty());
    }
}
