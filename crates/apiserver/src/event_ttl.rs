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
use kubeplay_model::{hashed, ObjectKey, Time};

/// kube-apiserver's `--event-ttl` default.
pub const EVENT_TTL_MS: i64 = 60 * 60 * 1000;

/// How long a lease is reused (`leaseReuseDurationSeconds`, 60 s; the 5%
/// of the TTL the manager would allow is more than that for one hour).
const REUSE_MS: i64 = 60 * 1000;

/// Objects a lease carries before the next write gets a new one
/// (`--lease-reuse-duration`'s companion `leaseMaxAttachedObjectCount`).
const MAX_ATTACHED: u32 = 3000;

/// The lease of every stored Event, by when it expires.
#[derive(Clone, Debug, Default)]
pub(crate) struct EventLeases {
    /// The leases that carry an Event, by expiry.
    leases: OrdMap<Time, Lease>,
    /// Each stored Event's lease.
    expiry_of: OrdMap<LeaseKey, Time>,
    /// The last lease granted: when, and how many writes it carries.
    current: Option<(Time, u32)>,
}

/// An Event's key behind a hash of it: `expiry_of` is only looked up, and
/// among tens of thousands of Events whose names share their object's
/// name a lookup compared a dozen names, each a pointer away.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct LeaseKey {
    // Field order is the order: hash first, the key on a tie.
    hash: u64,
    key: ObjectKey,
}

impl LeaseKey {
    fn of(key: &ObjectKey) -> LeaseKey {
        LeaseKey { hash: hashed::hash(&key.name).rotate_left(17) ^ hashed::hash(&key.namespace), key: key.clone() }
    }
}

/// The Events written under one lease. A write puts its key at the end of
/// the list; a key later written under another lease, or deleted, stays
/// listed here (`expiry_of` says which lease is its own), so a write costs
/// an append and not a sorted insert and removal. `live` counts the keys
/// whose lease this is: at 0 the lease goes, list and all.
#[derive(Clone, Debug, Default)]
struct Lease {
    live: u32,
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

    /// An Event was written at `now`: its key now has a fresh lease.
    pub(crate) fn touch(&mut self, key: &ObjectKey, now: Time) {
        let expiry = self.lease_for(now);
        match self.expiry_of.insert(LeaseKey::of(key), expiry) {
            Some(old) if old == expiry => return,
            Some(old) => self.release(old),
            None => {}
        }
        let lease = self.leases.entry(expiry).or_default();
        lease.live += 1;
        lease.keys.push_back(key.clone());
    }

    /// An Event left the store.
    pub(crate) fn forget(&mut self, key: &ObjectKey) {
        if let Some(at) = self.expiry_of.remove(&LeaseKey::of(key)) {
            self.release(at);
        }
    }

    /// One key fewer is carried by the lease expiring `at`.
    fn release(&mut self, at: Time) {
        if let Some(lease) = self.leases.get_mut(&at) {
            lease.live -= 1;
            if lease.live == 0 {
                self.leases.remove(&at);
            }
        }
    }

    /// When the next lease expires, if any Event is stored.
    pub(crate) fn next_expiry(&self) -> Option<Time> {
        self.leases.get_min().map(|(t, _)| *t)
    }

    /// The Events of the earliest lease, in key order, when it has expired
    /// by `now`.
    pub(crate) fn take_expired(&mut self, now: Time) -> Option<(Time, Vec<ObjectKey>)> {
        let at = self.next_expiry().filter(|t| *t <= now)?;
        let lease = self.leases.remove(&at)?;
        // One search per listed key: a key is this lease's when its
        // removal finds it here. One written again under a later lease goes
        // back (rare: that lease is a minute younger); one listed twice
        // (deleted and written again within the minute) is found once.
        let mut keys = Vec::with_capacity(lease.live as usize);
        for k in lease.keys.iter() {
            let lk = LeaseKey::of(k);
            match self.expiry_of.remove(&lk) {
                Some(t) if t == at => keys.push(lk.key),
                Some(t) => {
                    self.expiry_of.insert(lk, t);
                }
                None => {}
            }
        }
        kubeplay_model::sort::sort(&mut keys);
        Some((at, keys))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Kind;

    fn key(n: &str) -> ObjectKey {
        ObjectKey::new(Kind::Event, "default", n)
    }

    #[test]
    fn writes_within_a_minute_share_a_lease_granted_for_the_ttl_and_the_minute() {
        let mut l = EventLeases::default();
        let t0 = Time::from_millis(1_000_000);
        l.touch(&key("a"), t0);
        l.touch(&key("b"), t0.plus_secs(59));
        l.touch(&key("c"), t0.plus_secs(60));
        let first = t0.plus_secs(3660);
        assert_eq!(l.next_expiry(), Some(first));
        assert_eq!(l.take_expired(first.plus_millis(-1)), None);
        assert_eq!(l.take_expired(first), Some((first, vec![key("a"), key("b")])));
        // "c" came a minute after the grant: a lease of its own.
        assert_eq!(l.next_expiry(), Some(t0.plus_secs(60 + 3660)));
    }

    #[test]
    fn a_write_renews_the_lease_and_a_delete_forgets_it() {
        let mut l = EventLeases::default();
        let t0 = Time::from_millis(0);
        l.touch(&key("a"), t0);
        l.touch(&key("b"), t0);
        l.touch(&key("a"), t0.plus_secs(1800));
        l.forget(&key("b"));
        assert_eq!(l.next_expiry(), Some(t0.plus_secs(1800 + 3660)));
        assert_eq!(l.take_expired(t0.plus_secs(3660)), None);
    }

    #[test]
    fn a_lease_carries_at_most_its_share_of_writes() {
        let mut l = EventLeases::default();
        for i in 0..=MAX_ATTACHED {
            l.touch(&key(&format!("e{i:05}")), Time::from_millis(i as i64));
        }
        let (at, keys) = l.take_expired(Time::from_millis(i64::MAX / 2)).unwrap();
        assert_eq!(at, Time::from_millis(EVENT_TTL_MS + REUSE_MS));
        assert_eq!(keys.len(), MAX_ATTACHED as usize);
        assert_eq!(l.next_expiry(), Some(Time::from_millis(MAX_ATTACHED as i64 + EVENT_TTL_MS + REUSE_MS)));
    }

    /// Against the plainest bookkeeping (a sorted set of (expiry, key)):
    /// any sequence of writes, deletes and expiries gives the same next
    /// expiry and the same Events, in the same order, at each expiry.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_lease_lists_agree_with_a_sorted_set() {
        use proptest::prelude::*;
        use std::collections::{BTreeMap, BTreeSet};
        #[derive(Debug, Clone)]
        enum Op {
            Touch(u8, u16),
            Forget(u8),
            Expire(u16),
        }
        let op = prop_oneof![
            (0u8..12, 0u16..300).prop_map(|(k, dt)| Op::Touch(k, dt)),
            (0u8..12).prop_map(Op::Forget),
            (0u16..600).prop_map(Op::Expire),
        ];
        proptest!(|(ops in proptest::collection::vec(op, 1..120))| {
            let mut l = EventLeases::default();
            let mut set: BTreeSet<(Time, ObjectKey)> = BTreeSet::new();
            let mut of: BTreeMap<ObjectKey, Time> = BTreeMap::new();
            let mut plain = EventLeases::default();
            let mut now = 0i64;
            for op in ops {
                match op {
                    Op::Touch(k, dt) => {
                        now += dt as i64 * 1000;
                        let k = key(&format!("e{k}"));
                        l.touch(&k, Time::from_millis(now));
                        let expiry = plain.lease_for(Time::from_millis(now));
                        if let Some(old) = of.insert(k.clone(), expiry) {
                            set.remove(&(old, k.clone()));
                        }
                        set.insert((expiry, k));
                    }
                    Op::Forget(k) => {
                        let k = key(&format!("e{k}"));
                        l.forget(&k);
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
                        prop_assert_eq!(l.take_expired(Time::from_millis(now)), want);
                    }
                }
                prop_assert_eq!(l.next_expiry(), set.first().map(|(t, _)| *t));
            }
        });
    }
}
