//! Events expire. kube-apiserver writes every Event with an etcd lease of
//! `--event-ttl` (one hour by default), so an Event that nobody writes
//! again for an hour disappears; a busy cluster would otherwise keep every
//! event it ever had. etcd3's lease manager does not grant a lease per
//! write: writes within a minute of a grant share its lease, which is
//! granted for the TTL plus that minute. So an Event goes between 60 and
//! 61 minutes after its last write, and the Events written in the same
//! minute go together.

use imbl::OrdMap;
use kubeplay_model::fifo::Fifo;
use kubeplay_model::{ObjectKey, Time};

/// kube-apiserver's `--event-ttl` default.
pub const EVENT_TTL_MS: i64 = 60 * 60 * 1000;

/// How long a lease is reused (`leaseReuseDurationSeconds`, 60 s; the 5%
/// of the TTL the manager would allow is more than that for one hour).
const REUSE_MS: i64 = 60 * 1000;

/// Objects a lease carries before the next write gets a new one
/// (`--lease-reuse-duration`'s companion `leaseMaxAttachedObjectCount`).
const MAX_ATTACHED: u32 = 3000;

/// The lease of every stored Event, by when it expires.
///
/// Which lease an Event is on follows from its stored `resourceVersion`:
/// every write of an Event takes a new version and renews its lease,
/// leases are granted as the clock and the versions go forward, so each
/// lease carries the writes of one run of versions, from the first it
/// carried up to the next lease's first. The store passes the versions in;
/// a map from each Event to its lease would hold a key and a time more
/// per Event (some 115 bytes, 2% of a busy cluster's heap).
#[derive(Clone, Debug, Default)]
pub(crate) struct EventLeases {
    /// The leases that carry an Event, by expiry.
    leases: OrdMap<Time, Lease>,
    /// Each lease's expiry by the first version it carried.
    by_version: OrdMap<u64, Time>,
    /// The last lease granted: when, and how many writes it carries.
    current: Option<(Time, u32)>,
}

/// The Events written under one lease (two granted in the same
/// millisecond, when the first was full, expire together and are one).
/// A write puts its key at the end of the list; a key later written under
/// another lease, or deleted, stays listed here (its version says which
/// lease is its own), so a write costs an append and not a sorted insert
/// and removal. `live` counts the keys whose lease this is: at 0 the lease
/// goes, list and all.
#[derive(Clone, Debug, Default)]
struct Lease {
    live: u32,
    first_version: u64,
    // A shared list: every Event write adds to the current lease, and with
    // history on, the lease is shared with the step before.
    keys: Fifo<ObjectKey>,
}

impl EventLeases {
    /// The expiry of the lease a write at `now` is attached to.
    fn lease_for(&mut self, now: Time) -> Time {
        match &mut self.current {
            Some((granted, attached)) if now.millis() - granted.millis() < REUSE_MS && *attached < MAX_ATTACHED => {
                *attached += 1;
            }
            _ => self.current = Some((now, 1)),
        }
        let (granted, _) = self.current.expect("set above");
        granted.plus_millis(EVENT_TTL_MS + REUSE_MS)
    }

    /// The expiry of the lease that carried the write of `version`.
    fn lease_of(&self, version: u64) -> Option<Time> {
        self.by_version.range(..=version).next_back().map(|(_, t)| *t)
    }

    /// An Event was written at `now` as `version`; `old` is the version it
    /// had, if it was stored. Its key now has a fresh lease.
    pub(crate) fn touch(&mut self, key: &ObjectKey, now: Time, version: u64, old: Option<u64>) {
        let expiry = self.lease_for(now);
        match old.and_then(|v| self.lease_of(v)) {
            Some(old) if old == expiry => return,
            Some(old) => self.release(old),
            None => {}
        }
        let lease = self.leases.entry(expiry).or_insert_with(|| Lease { first_version: version, ..Lease::default() });
        if lease.live == 0 {
            self.by_version.insert(lease.first_version, expiry);
        }
        lease.live += 1;
        lease.keys.push_back(key.clone());
    }

    /// An Event stored as `version` left the store.
    pub(crate) fn forget(&mut self, version: u64) {
        if let Some(at) = self.lease_of(version) {
            self.release(at);
        }
    }

    /// One key fewer is carried by the lease expiring `at`.
    fn release(&mut self, at: Time) {
        if let Some(lease) = self.leases.get_mut(&at) {
            lease.live -= 1;
            if lease.live == 0 {
                let first = lease.first_version;
                self.leases.remove(&at);
                self.by_version.remove(&first);
            }
        }
    }

    /// When the next lease expires, if any Event is stored.
    pub(crate) fn next_expiry(&self) -> Option<Time> {
        self.leases.get_min().map(|(t, _)| *t)
    }

    /// The Events of the earliest lease, in key order, when it has expired
    /// by `now`; `version_of` gives a stored Event's version.
    pub(crate) fn take_expired(&mut self, now: Time, version_of: impl Fn(&ObjectKey) -> Option<u64>) -> Option<(Time, Vec<ObjectKey>)> {
        let at = self.next_expiry().filter(|t| *t <= now)?;
        let lease = self.leases.remove(&at)?;
        let first = lease.first_version;
        let next = self.by_version.range(first + 1..).next().map_or(u64::MAX, |(v, _)| *v);
        self.by_version.remove(&first);
        // A key is this lease's when its stored version lies in the
        // lease's run; one written again under a later lease, or deleted,
        // is not; one listed twice (deleted and written again within the
        // minute) is found twice and kept once.
        let mut keys: Vec<ObjectKey> = lease.keys.iter().filter(|k| version_of(k).is_some_and(|v| (first..next).contains(&v))).cloned().collect();
        kubeplay_model::sort::sort(&mut keys);
        keys.dedup();
        Some((at, keys))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Kind;
    use std::collections::BTreeMap;

    fn key(n: &str) -> ObjectKey {
        ObjectKey::new(Kind::Event, "default", n)
    }

    /// The store's side: each Event's version, a counter for the next.
    #[derive(Default)]
    struct Versions {
        of: BTreeMap<ObjectKey, u64>,
        last: u64,
    }

    impl Versions {
        fn write(&mut self, l: &mut EventLeases, k: &ObjectKey, now: Time) {
            self.last += 1;
            l.touch(k, now, self.last, self.of.insert(k.clone(), self.last));
        }
        fn delete(&mut self, l: &mut EventLeases, k: &ObjectKey) {
            self.last += 1;
            if let Some(v) = self.of.remove(k) {
                l.forget(v);
            }
        }
        fn expire(&mut self, l: &mut EventLeases, now: Time) -> Option<(Time, Vec<ObjectKey>)> {
            let out = l.take_expired(now, |k| self.of.get(k).copied());
            for k in out.iter().flat_map(|(_, keys)| keys) {
                self.of.remove(k);
            }
            out
        }
    }

    #[test]
    fn writes_within_a_minute_share_a_lease_granted_for_the_ttl_and_the_minute() {
        let (mut l, mut v) = (EventLeases::default(), Versions::default());
        let t0 = Time::from_millis(1_000_000);
        v.write(&mut l, &key("a"), t0);
        v.write(&mut l, &key("b"), t0.plus_secs(59));
        v.write(&mut l, &key("c"), t0.plus_secs(60));
        let first = t0.plus_secs(3660);
        assert_eq!(l.next_expiry(), Some(first));
        assert_eq!(v.expire(&mut l, first.plus_millis(-1)), None);
        assert_eq!(v.expire(&mut l, first), Some((first, vec![key("a"), key("b")])));
        // "c" came a minute after the grant: a lease of its own.
        assert_eq!(l.next_expiry(), Some(t0.plus_secs(60 + 3660)));
    }

    #[test]
    fn a_write_renews_the_lease_and_a_delete_forgets_it() {
        let (mut l, mut v) = (EventLeases::default(), Versions::default());
        let t0 = Time::from_millis(0);
        v.write(&mut l, &key("a"), t0);
        v.write(&mut l, &key("b"), t0);
        v.write(&mut l, &key("a"), t0.plus_secs(1800));
        v.delete(&mut l, &key("b"));
        assert_eq!(l.next_expiry(), Some(t0.plus_secs(1800 + 3660)));
        assert_eq!(v.expire(&mut l, t0.plus_secs(3660)), None);
    }

    #[test]
    fn a_lease_carries_at_most_its_share_of_writes() {
        let (mut l, mut v) = (EventLeases::default(), Versions::default());
        for i in 0..=MAX_ATTACHED {
            v.write(&mut l, &key(&format!("e{i:05}")), Time::from_millis(i as i64));
        }
        let (at, keys) = v.expire(&mut l, Time::from_millis(i64::MAX / 2)).unwrap();
        assert_eq!(at, Time::from_millis(EVENT_TTL_MS + REUSE_MS));
        assert_eq!(keys.len(), MAX_ATTACHED as usize);
        assert_eq!(l.next_expiry(), Some(Time::from_millis(MAX_ATTACHED as i64 + EVENT_TTL_MS + REUSE_MS)));
    }

    /// Against the plainest bookkeeping (a sorted set of (expiry, key)):
    /// any sequence of writes, deletes and expiries gives the same next
    /// expiry and the same Events, in the same order, at each expiry.
    /// Writes come a few at a time in one millisecond, so that full leases
    /// and a second lease with the first one's expiry happen too.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_lease_lists_agree_with_a_sorted_set() {
        use proptest::prelude::*;
        use std::collections::BTreeSet;
        #[derive(Debug, Clone)]
        enum Op {
            Touch(u8, u16),
            Forget(u8),
            Expire(u16),
        }
        let op = prop_oneof![
            (0u8..12, 0u16..300).prop_map(|(k, dt)| Op::Touch(k, if dt >= 200 { 0 } else { dt })),
            (0u8..12).prop_map(Op::Forget),
            (0u16..600).prop_map(Op::Expire),
        ];
        proptest!(|(ops in proptest::collection::vec(op, 1..160), cap in 0u32..2)| {
            let (mut l, mut v) = (EventLeases::default(), Versions::default());
            let mut set: BTreeSet<(Time, ObjectKey)> = BTreeSet::new();
            let mut of: BTreeMap<ObjectKey, Time> = BTreeMap::new();
            let mut plain = EventLeases::default();
            let mut now = 0i64;
            for op in ops {
                match op {
                    Op::Touch(k, dt) => {
                        now += dt as i64 * 1000;
                        let k = key(&format!("e{k}"));
                        if cap == 1 {
                            // Full leases: the next write takes a new one.
                            for m in [&mut l, &mut plain] {
                                if let Some((_, attached)) = &mut m.current {
                                    *attached = (*attached).max(MAX_ATTACHED - 1);
                                }
                            }
                        }
                        v.write(&mut l, &k, Time::from_millis(now));
                        let expiry = plain.lease_for(Time::from_millis(now));
                        if let Some(old) = of.insert(k.clone(), expiry) {
                            set.remove(&(old, k.clone()));
                        }
                        set.insert((expiry, k));
                    }
                    Op::Forget(k) => {
                        let k = key(&format!("e{k}"));
                        v.delete(&mut l, &k);
                        if let Some(old) = of.remove(&k) {
                            set.remove(&(old, k));
                        }
                    }
                    Op::Expire(dt) => {
                        now += dt as i64 * 1000 * 10;
                        let want = set.first().map(|(t, _)| *t).filter(|t| t.millis() <= now).map(|at| {
                            let keys: Vec<ObjectKey> = set.iter().filter(|(t, _)| *t == at).map(|(_, k)| k.clone()).collect();
                            for k in &keys {
                                set.remove(&(at, k.clone()));
                                of.remove(k);
                            }
                            (at, keys)
                        });
                        prop_assert_eq!(v.expire(&mut l, Time::from_millis(now)), want);
                    }
                }
                prop_assert_eq!(l.next_expiry(), set.first().map(|(t, _)| *t));
            }
        });
    }
}
