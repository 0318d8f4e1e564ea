//! Small integer ids for the values of the two topology keys nearly every
//! constraint names: `kubernetes.io/hostname` and
//! `topology.kubernetes.io/zone`. A filter that checks a pod's
//! (anti-)affinity or spreading on each examined node would otherwise look
//! the node's label up (reading the node's info, a cache miss) and then
//! the value in string-keyed counts. With the ids beside each node's hot
//! numbers ([`super::cache::NodeHot::domains`]) and counts kept by id as
//! well, that is two integer lookups.
//!
//! An id is given the first time the cache sees a value and kept for good
//! (a deleted node's hostname keeps its id), so ids never move under
//! counts that hold them.

use super::cache::LabelLookup;
use imbl::OrdMap;

pub const HOSTNAME: &str = "kubernetes.io/hostname";
pub const ZONE: &str = "topology.kubernetes.io/zone";

/// The interned keys, by slot.
pub const KEYS: [&str; 2] = [HOSTNAME, ZONE];

/// No id: the node lacks the label (or the key is not interned).
pub const NO_DOMAIN: u32 = u32::MAX;

/// The slot of an interned key.
pub fn slot(key: &str) -> Option<usize> {
    KEYS.iter().position(|k| *k == key)
}

/// A node's id for each interned key ([`NO_DOMAIN`] where it has no label).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DomainRefs(pub [u32; 2]);

impl Default for DomainRefs {
    fn default() -> DomainRefs {
        DomainRefs([NO_DOMAIN; 2])
    }
}

impl DomainRefs {
    pub fn get(&self, slot: usize) -> u32 {
        self.0[slot]
    }
}

/// Value → id, per interned key (persistent: the cache is cloned for
/// every snapshot).
#[derive(Clone, Debug, Default)]
pub struct DomainIds {
    ids: [OrdMap<String, u32>; 2],
}

impl DomainIds {
    /// The ids of a node with these labels, interning new values.
    pub fn intern(&mut self, labels: &impl LabelLookup) -> DomainRefs {
        let mut refs = DomainRefs::default();
        for (slot, key) in KEYS.iter().enumerate() {
            if let Some(v) = labels.label(key) {
                let ids = &mut self.ids[slot];
                refs.0[slot] = match ids.get(v) {
                    Some(id) => *id,
                    None => {
                        let id = ids.len() as u32;
                        ids.insert(v.to_string(), id);
                        id
                    }
                };
            }
        }
        refs
    }

    /// The id of `value` for the key in `slot`, if it was ever seen.
    pub fn get(&self, slot: usize, value: &str) -> Option<u32> {
        self.ids[slot].get(value).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn values_keep_their_ids_and_missing_labels_have_none() {
        let mut ids = DomainIds::default();
        let a = ids.intern(&labels(&[(HOSTNAME, "a"), (ZONE, "z1")]));
        let b = ids.intern(&labels(&[(HOSTNAME, "b"), (ZONE, "z1")]));
        let bare = ids.intern(&labels(&[("disktype", "ssd")]));
        assert_eq!((a, b, bare), (DomainRefs([0, 0]), DomainRefs([1, 0]), DomainRefs::default()));
        // Seen again (a node relabelled back, say), a value gets its old id.
        assert_eq!(ids.intern(&labels(&[(HOSTNAME, "a"), (ZONE, "z2")])), DomainRefs([0, 1]));
        assert_eq!((ids.get(0, "b"), ids.get(1, "z2"), ids.get(1, "z3")), (Some(1), Some(1), None));
        assert_eq!((slot(HOSTNAME), slot(ZONE), slot("topology.kubernetes.io/region")), (Some(0), Some(1), None));
    }
}
