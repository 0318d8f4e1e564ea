//! The least-recently-used cache client-go's event correlator keeps its
//! state in (groupcache's `lru.Cache`, 4,096 entries each), made of
//! persistent maps so a world snapshot shares it. Reads count as uses, as
//! `Get` does: an entry nobody asks about is the first to go.

use imbl::OrdMap;

#[derive(Clone, Debug)]
pub(crate) struct Lru<V: Clone + Default> {
    entries: OrdMap<u64, (u64, V)>,
    /// Last use → key: the oldest use is the first entry. Kept only while
    /// the cache holds more than `indexed_from` entries; below that the
    /// oldest is found by reading every entry's last use. A kubelet's
    /// caches hold an entry for each event of each pod it ran (a few
    /// hundred), a simulated cluster has thousands of kubelets, and in a
    /// persistent map of keys that only grow this index cost a third of
    /// the cache.
    by_use: Option<OrdMap<u64, u64>>,
    indexed_from: usize,
    uses: u64,
    cap: usize,
}

/// The size past which a cache that only asks for its oldest entry when
/// full keeps its use-order index (see [`Lru::sparsely_indexed`]).
const INDEXED: usize = 512;

impl<V: Clone + Default> Lru<V> {
    /// A cache that keeps its use-order index at every size: for one that
    /// asks for its oldest entry on every use ([`Lru::forget_oldest_while`]).
    pub(crate) fn new(cap: usize) -> Lru<V> {
        Lru { entries: OrdMap::new(), by_use: Some(OrdMap::new()), indexed_from: 0, uses: 0, cap }
    }

    /// A cache that keeps its use-order index only past [`INDEXED`]
    /// entries: for one that only asks for its oldest entry to evict it,
    /// when full (below that size, never).
    pub(crate) fn sparsely_indexed(cap: usize) -> Lru<V> {
        Lru { entries: OrdMap::new(), by_use: None, indexed_from: INDEXED, uses: 0, cap }
    }

    /// The value for `key`, which becomes the most recently used (what
    /// [`Lru::update`] does in one use with a write).
    #[cfg(test)]
    pub(crate) fn get(&mut self, key: u64) -> Option<V> {
        let value = self.entries.get(&key)?.1.clone();
        self.update(key, |old| old.unwrap_or_default());
        Some(value)
    }

    /// Stores `value` for `key` as the most recently used, dropping the
    /// least recently used entry when that makes one too many.
    pub(crate) fn put(&mut self, key: u64, value: V) {
        self.update(key, |_| value);
    }

    /// [`Lru::get`] then [`Lru::put`] of what `f` makes of the value, in
    /// one use: the entry ends up the most recently used, as after the two
    /// calls, and every other entry keeps its place.
    pub(crate) fn update(&mut self, key: u64, f: impl FnOnce(Option<V>) -> V) {
        self.uses += 1;
        let uses = self.uses;
        // Changed in place: every event the correlator sees updates three
        // of these caches, and a copy out and an insert back was a search
        // and a clone more each.
        if let Some((used, value)) = self.entries.get_mut(&key) {
            let was = std::mem::replace(used, uses);
            *value = f(Some(std::mem::take(value)));
            if let Some(by_use) = &mut self.by_use {
                by_use.remove(&was);
                by_use.insert(uses, key);
            }
            return;
        }
        self.entries.insert(key, (uses, f(None)));
        if let Some(by_use) = &mut self.by_use {
            by_use.insert(uses, key);
        }
        if self.entries.len() > self.cap {
            if let Some((used, oldest)) = self.oldest() {
                self.forget(used, oldest);
            }
        }
        self.reindex();
    }

    /// Forgets the least recently used entries for as long as `expired`
    /// holds for the oldest. For a cache whose entries expire in the order
    /// they were last used (the aggregator's, 600 s after its last event,
    /// on a clock that only moves forward), an expired entry reads as a
    /// missing one and is the first the cap would evict, so forgetting it
    /// early changes no answer, only the memory held: a kubelet's cache
    /// otherwise keeps an entry for every pod it ever ran, up to 4,096, and
    /// a simulated cluster has thousands of kubelets.
    pub(crate) fn forget_oldest_while(&mut self, expired: impl Fn(&V) -> bool) {
        while let Some((used, oldest)) = self.oldest() {
            if !self.entries.get(&oldest).is_some_and(|(_, v)| expired(v)) {
                break;
            }
            self.forget(used, oldest);
        }
        self.reindex();
    }

    /// The least recently used entry's last use and key.
    fn oldest(&self) -> Option<(u64, u64)> {
        match &self.by_use {
            Some(by_use) => by_use.get_min().map(|(u, k)| (*u, *k)),
            // Uses are unique, so the smallest is one entry's, whichever
            // order the entries are read in.
            None => self.entries.iter().map(|(k, (u, _))| (*u, *k)).min(),
        }
    }

    fn forget(&mut self, used: u64, key: u64) {
        if let Some(by_use) = &mut self.by_use {
            by_use.remove(&used);
        }
        self.entries.remove(&key);
    }

    /// Builds the use-order index when the cache grows past
    /// `indexed_from` entries and drops it when it shrinks to half that
    /// (not at once below: a cache at the threshold would build it on every
    /// other use).
    fn reindex(&mut self) {
        let len = self.entries.len();
        if self.by_use.is_none() && len > self.indexed_from {
            self.by_use = Some(self.entries.iter().map(|(k, (u, _))| (*u, *k)).collect());
        } else if self.by_use.is_some() && len < self.indexed_from / 2 {
            self.by_use = None;
        }
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys and values, least recently used first.
    fn in_use_order<V: Clone + Default>(c: &Lru<V>) -> Vec<(u64, V)> {
        let mut all: Vec<(u64, u64, V)> = c.entries.iter().map(|(k, (u, v))| (*u, *k, v.clone())).collect();
        all.sort_by_key(|(u, _, _)| *u);
        all.into_iter().map(|(_, k, v)| (k, v)).collect()
    }

    /// Against the plainest LRU (a list in use order), through growth past
    /// the size that builds the use-order index, evictions at the cap, and
    /// expiry back below half that size: the same entries in the same
    /// order after every operation, whichever way the oldest is found.
    #[test]
    fn the_index_changes_no_answer() {
        const CAP: usize = INDEXED + INDEXED / 2;
        let mut lru: Lru<u64> = Lru::sparsely_indexed(CAP);
        let mut plain: Vec<(u64, u64)> = Vec::new();
        let mut state = 11u64;
        let (mut indexed, mut unindexed) = (0, 0);
        for op in 0..24_000u64 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Phases: grow over a wide key space, then expire most entries.
            let phase = (op / 3_000) % 2;
            if phase == 1 && state % 7 == 0 {
                let limit = op - 300;
                lru.forget_oldest_while(|v| *v < limit);
                while plain.first().is_some_and(|(_, v)| *v < limit) {
                    plain.remove(0);
                }
            } else {
                let key = (state >> 33) % if phase == 0 { 4 * CAP as u64 } else { 64 };
                let mut seen = None;
                lru.update(key, |old| {
                    seen = old;
                    op
                });
                let at = plain.iter().position(|(k, _)| *k == key);
                assert_eq!(seen, at.map(|i| plain[i].1), "op {op}");
                if let Some(i) = at {
                    plain.remove(i);
                }
                plain.push((key, op));
                if plain.len() > CAP {
                    plain.remove(0);
                }
            }
            assert_eq!(in_use_order(&lru), plain, "op {op}");
            if lru.by_use.is_some() {
                indexed += 1;
            } else {
                unindexed += 1;
            }
        }
        assert!(indexed > 1_000 && unindexed > 1_000, "{indexed} indexed, {unindexed} not");
    }

    #[test]
    fn the_least_recently_used_entry_goes_first() {
        let mut c = Lru::new(2);
        c.put(1, "a");
        c.put(2, "b");
        // A read is a use: 2 is now the oldest.
        assert_eq!(c.get(1), Some("a"));
        c.put(3, "c");
        assert_eq!(c.len(), 2);
        assert_eq!(c.get(2), None);
        assert_eq!(c.get(1), Some("a"));
        // Replacing a value is a use too.
        c.put(3, "c2");
        c.put(4, "d");
        assert_eq!(c.get(1), None);
        assert_eq!(c.get(3), Some("c2"));
        assert_eq!(c.get(4), Some("d"));
    }

    /// With entries that expire in use order, forgetting the expired ones
    /// early gives every answer the cache alone gives, whatever the cap
    /// makes it evict.
    #[test]
    fn forgetting_expired_entries_early_changes_no_answer() {
        const TTL: u64 = 50;
        let (mut kept, mut pruned) = (Lru::new(8), Lru::new(8));
        let mut state = 7u64;
        let (mut now, mut smaller) = (0, 0);
        for op in 0..20_000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Bursts that overflow the cap with live entries, and pauses
            // that let everything expire.
            now += if (state >> 57) % 16 == 0 { 40 } else { (state >> 60) % 4 };
            let key = (state >> 33) % 24;
            pruned.forget_oldest_while(|last: &u64| now - *last > TTL);
            let mut seen = [None, None];
            for (i, c) in [&mut kept, &mut pruned].into_iter().enumerate() {
                c.update(key, |old| {
                    seen[i] = old.filter(|last| now - *last <= TTL);
                    now
                });
            }
            assert_eq!(seen[0], seen[1], "op {op}, key {key} at {now}");
            assert!(pruned.len() <= kept.len());
            smaller += usize::from(pruned.len() < kept.len());
        }
        assert!(smaller > 1_000, "forgotten early after {smaller} operations only");
    }

    /// An update is a read and a write: the same entries go, in the same
    /// order, as with `get` then `put`.
    #[test]
    fn update_evicts_as_get_then_put() {
        let (mut a, mut b) = (Lru::new(3), Lru::new(3));
        let ops = [1u64, 2, 3, 1, 4, 2, 5, 1, 3, 3, 6, 2, 7, 1];
        for (i, &k) in ops.iter().enumerate() {
            if i % 3 == 0 {
                a.put(k, i);
                b.put(k, i);
            } else {
                let old = a.get(k);
                a.put(k, old.unwrap_or(0) + i);
                b.update(k, |old| old.unwrap_or(0) + i);
            }
            let keys = |c: &Lru<usize>| in_use_order(c);
            assert_eq!(keys(&a), keys(&b), "after op {i}");
        }
    }
}
