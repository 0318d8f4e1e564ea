//! Events expire. kube-apiserver writes every Event with an etcd lease of
//! `--event-ttl` (one hour by default), so an Event that nobody writes
//! again for an hour disappears; a busy cluster would otherwise keep every
//! event it ever had. etcd3's lease manager does not grant a lease per
//! write: writes within a minute of a grant share its lease, which is
//! granted for the TTL plus that minute. So an Event goes between 60 and
//! 61 minutes after its last write, and the Events written in the same
//! minute go together.

use imbl::{OrdMap, OrdSet};
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
#[derive(Clone, Debug, Default)]
pub(crate) struct EventLeases {
    by_expiry: OrdSet<(Time, ObjectKey)>,
    expiry_of: OrdMap<ObjectKey, Time>,
    /// The last lease granted: when, and how many writes it carries.
    current: Option<(Time, u32)>,
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
        self.forget(key);
        self.by_expiry.insert((expiry, key.clone()));
        self.expiry_of.insert(key.clone(), expiry);
    }

    /// An Event left the store.
    pub(crate) fn forget(&mut self, key: &ObjectKey) {
        if let Some(at) = self.expiry_of.remove(key) {
            self.by_expiry.remove(&(at, key.clone()));
        }
    }

    /// When the next lease expires, if any Event is stored.
    pub(crate) fn next_expiry(&self) -> Option<Time> {
        self.by_expiry.get_min().map(|(t, _)| *t)
    }

    /// The Events of the earliest lease, when it has expired by `now`.
    pub(crate) fn take_expired(&mut self, now: Time) -> Option<(Time, Vec<ObjectKey>)> {
        let at = self.next_expiry().filter(|t| *t <= now)?;
        let keys: Vec<ObjectKey> = self.by_expiry.range((at, ObjectKey::new(kubeplay_model::Kind::Event, "", ""))..).take_while(|(t, _)| *t == at).map(|(_, k)| k.clone()).collect();
        for k in &keys {
            self.forget(k);
        }
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
        let t0 = Time(1_000_000);
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
        let t0 = Time(0);
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
            l.touch(&key(&format!("e{i:05}")), Time(i as i64));
        }
        let (at, keys) = l.take_expired(Time(i64::MAX / 2)).unwrap();
        assert_eq!(at, Time(EVENT_TTL_MS + REUSE_MS));
        assert_eq!(keys.len(), MAX_ATTACHED as usize);
        assert_eq!(l.next_expiry(), Some(Time(MAX_ATTACHED as i64 + EVENT_TTL_MS + REUSE_MS)));
    }
}
