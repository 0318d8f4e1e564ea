//! The informer caches of kube-controller-manager, when they lag.
//!
//! A real controller never reads the API server: its informers list and
//! watch, keep a cache, and call the controller's handlers as events
//! arrive, some time after the write. `sim cache-lag` sets that time for
//! the controllers of kube-controller-manager ([`lags`]): a change written
//! at `t` reaches their watches at `t + lag`, and their reconciles read
//! the store as it was `lag` ago, so a write based on what they read can
//! fail with a Conflict and a create can race their own earlier creates
//! (what controller expectations guard against). Writes still go to the
//! live store.
//!
//! At lag 0 (the default) nothing here runs: no snapshot is kept, and
//! every watch sees each change as the step that wrote it ends.

use imbl::Vector;
use std::sync::Arc;
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::Time;

use crate::world::ControllerId;

/// The longest lag `sim cache-lag` sets: real caches lag by milliseconds
/// to seconds, and every instant within the lag keeps a snapshot.
pub const MAX_LAG_MS: i64 = 60_000;

/// Whether a controller reads through a lagging informer cache: the
/// workload and service controllers of kube-controller-manager. The others
/// keep reading the store: the scheduler and the kubelets are processes of
/// their own whose caches are kept from the change feed (the scheduler
/// assumes its own bindings, so a lag would only re-run a binding the API
/// refuses); the garbage collector and the namespace controller confirm
/// with live reads before they delete; node lifecycle, quotas, volumes,
/// load balancers and the per-namespace publishers create nothing a stale
/// cache could double.
pub fn lags(id: ControllerId) -> bool {
    use ControllerId::*;
    matches!(
        id,
        Deployment | ReplicaSet | ReplicationController | StatefulSet | DaemonSet | Job | CronJob | TtlAfterFinished | Hpa | Disruption | Endpoints | EndpointSlice
    )
}

/// The lagging controllers' view of the world: the lag, the store as it
/// was at recent instants, and the changes still on their way.
#[derive(Clone, Default)]
pub struct Informers {
    lag_ms: i64,
    /// (instant, the store after the last write at that instant), oldest
    /// first: enough to answer for `now - lag` from now on. Empty at lag 0.
    /// Each store behind an `Arc`: a `Vector` chunk holds 64 elements
    /// inline and is built on the stack, and a store's size grows with
    /// every kind served (two maps per kind).
    history: Vector<(Time, Arc<Store>)>,
    /// Changes in write order, each with when it reaches the watches.
    pending: Vector<(Time, Change)>,
}

impl Informers {
    pub fn lag_ms(&self) -> i64 {
        self.lag_ms
    }

    /// Sets the lag. Changes already on their way keep their delivery
    /// time; a cache never goes back in time, so after a raise the view
    /// stays at the newest instant it has seen until the clock catches up.
    pub fn set_lag(&mut self, lag_ms: i64, now: Time, store: &Store) {
        let lag_ms = lag_ms.max(0);
        if lag_ms > 0 && self.history.is_empty() {
            // What the caches hold from the moment they start lagging.
            self.history.push_back((now, Arc::new(store.clone())));
        }
        if lag_ms == 0 {
            self.history.clear();
        }
        self.lag_ms = lag_ms;
    }

    /// Whether new changes wait for delivery instead of reaching the
    /// lagging watches at once: while the lag is on, and until what was
    /// sent before it was turned off has arrived (watches keep order).
    pub fn defers(&self) -> bool {
        self.lag_ms > 0 || !self.pending.is_empty()
    }

    /// Records a batch of changes written at `now` (with the store as
    /// they left it): they reach the lagging watches `lag` later.
    pub fn record(&mut self, now: Time, store: &Store, changes: &[Change]) {
        if self.lag_ms > 0 {
            match self.history.back_mut() {
                Some((at, s)) if *at == now => *s = Arc::new(store.clone()),
                _ => self.history.push_back((now, Arc::new(store.clone()))),
            }
            self.prune(now);
        }
        let after = self.pending.back().map(|(t, _)| *t);
        let due = now.plus_millis(self.lag_ms);
        let due = after.filter(|t| *t > due).unwrap_or(due);
        for c in changes {
            self.pending.push_back((due, c.clone()));
        }
    }

    /// Forgets the snapshots no view will ask for again: all but the
    /// newest one at or before `now - lag`.
    fn prune(&mut self, now: Time) {
        let horizon = now.plus_millis(-self.lag_ms);
        while self.history.len() > 1 && self.history.get(1).is_some_and(|(t, _)| *t <= horizon) {
            self.history.pop_front();
        }
    }

    /// The store as a lagging controller sees it at `now`: as it was
    /// `lag` ago (the oldest kept snapshot if the lag began later).
    pub fn view(&self, now: Time, live: &Store) -> Store {
        if self.lag_ms == 0 {
            return live.clone();
        }
        let horizon = now.plus_millis(-self.lag_ms);
        // Instants are kept once each, in order: the newest at or before
        // the horizon is just before where the horizon would go.
        let i = match self.history.binary_search_by(|(t, _)| t.cmp(&horizon)) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        self.history.get(i).map_or_else(|| live.clone(), |(_, s)| Store::clone(s))
    }

    /// When the next change reaches the lagging watches.
    pub fn next_due(&self) -> Option<Time> {
        self.pending.front().map(|(t, _)| *t)
    }

    /// Takes the changes due by `now`, in write order.
    pub fn take_due(&mut self, now: Time) -> Vec<Change> {
        let mut due = Vec::new();
        while self.pending.front().is_some_and(|(t, _)| *t <= now) {
            if let Some((_, c)) = self.pending.pop_front() {
                due.push(c);
            }
        }
        due
    }

    /// How many changes are on their way.
    pub fn in_flight(&self) -> usize {
        self.pending.len()
    }
}

/// The informer event handlers' own bookkeeping, run as a change reaches
/// the lagging controllers (at once without a lag): expectations lowered,
/// the EndpointSlice tracker told of deletions. `store` is the cache the
/// change arrived in. Watches only enqueue; this is the rest.
pub(crate) fn handle(expectations: &mut crate::controllers::expectations::Expectations, sim: &mut crate::sim::SimState, change: &Change, store: &Store) {
    expectations.observe(change, store);
    crate::controllers::endpointslice::observe(&mut sim.slice_tracker, change);
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Kind;

    fn ns(store: &mut Store, name: &str, now: i64) {
        crate::testing::create_at(store, crate::testing::namespace(name), now);
    }

    fn has(s: &Store, name: &str) -> bool {
        s.get_by(Kind::Namespace, "", name).is_some()
    }

    #[test]
    fn views_lag_and_deliveries_wait_as_long() {
        let mut live = Store::new();
        let mut inf = Informers::default();
        inf.set_lag(300, Time::from_millis(0), &live);
        ns(&mut live, "a", 100);
        let batch = live.take_changes();
        inf.record(Time::from_millis(100), &live, &batch);
        ns(&mut live, "b", 250);
        let batch = live.take_changes();
        inf.record(Time::from_millis(250), &live, &batch);
        assert!(!has(&inf.view(Time::from_millis(399), &live), "a"), "written at 100, seen from 400");
        assert!(has(&inf.view(Time::from_millis(400), &live), "a"));
        assert!(!has(&inf.view(Time::from_millis(400), &live), "b"));
        assert!(has(&inf.view(Time::from_millis(550), &live), "b"));
        assert_eq!(inf.next_due(), Some(Time::from_millis(400)));
        assert!(inf.take_due(Time::from_millis(399)).is_empty());
        assert_eq!(inf.take_due(Time::from_millis(400)).len(), 1);
        assert_eq!(inf.next_due(), Some(Time::from_millis(550)));
        // Pruned: only the newest snapshot at or before now - lag is kept.
        ns(&mut live, "c", 900);
        let batch = live.take_changes();
        inf.record(Time::from_millis(900), &live, &batch);
        assert_eq!(inf.history.len(), 2, "the store at 250 (seen until 1200) and at 900");
    }

    #[test]
    fn deliveries_keep_their_order_when_the_lag_drops() {
        let mut live = Store::new();
        let mut inf = Informers::default();
        inf.set_lag(1_000, Time::from_millis(0), &live);
        ns(&mut live, "a", 0);
        let batch = live.take_changes();
        inf.record(Time::from_millis(0), &live, &batch);
        inf.set_lag(0, Time::from_millis(10), &live);
        assert!(inf.defers(), "a change is still on its way");
        ns(&mut live, "b", 10);
        let batch = live.take_changes();
        inf.record(Time::from_millis(10), &live, &batch);
        assert_eq!(inf.next_due(), Some(Time::from_millis(1_000)));
        let due = inf.take_due(Time::from_millis(1_000));
        assert_eq!(due.iter().map(|c| c.key.name.to_string()).collect::<Vec<_>>(), ["a", "b"]);
        assert!(!inf.defers());
        assert!(has(&inf.view(Time::from_millis(1_000), &live), "b"), "at lag 0 the view is the store");
    }
}
