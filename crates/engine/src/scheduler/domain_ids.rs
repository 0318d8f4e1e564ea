//! Small integer ids for the values of the two topology keys nearly every
//! constraint names: `kubernetes.io/hostname` and
//! `topology.kubernetes.io/zone`. A filter that checks a pod's
//! (anti-)affinity or spreading on each examined node would otherwise look
//! the node's label up (reading the node's info, a cache miss) and then
//! the value in string-keyed counts. With the ids beside each node's hot
//! numbers ([`super::cache::NodeHot::domains`]) and counts kept by id as
//! well, that is two integer lookups.
//!
//! Nodes are also grouped by their labels other than the hostname (most
//! clusters have a handful of such groups): a node affinity or selector
//! that does not name the hostname or the node has one answer per group,
//! so a cycle works it out once per group instead of once per node.
//!
//! Likewise nodes with the same taints share a taint group: whether a pod
//! tolerates a node's taints is one answer per group.
//!
//! An id is given the first time the cache sees a value (or a group) and
//! kept for good (a deleted node's hostname keeps its id), so ids never
//! move under counts that hold them.

use imbl::OrdMap;
use kubeplay_model::api::Taint;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

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

/// A node's id for each interned key ([`NO_DOMAIN`] where it has no
/// label), and its label group ([`NO_DOMAIN`] for a node the cache has not
/// seen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DomainRefs {
    pub ids: [u32; 2],
    pub group: u32,
    /// The node's taint group ([`NO_DOMAIN`] when it has no taints).
    pub taints: u32,
}

impl Default for DomainRefs {
    fn default() -> DomainRefs {
        DomainRefs { ids: [NO_DOMAIN; 2], group: NO_DOMAIN, taints: NO_DOMAIN }
    }
}

impl DomainRefs {
    pub fn get(&self, slot: usize) -> u32 {
        self.ids[slot]
    }
}

/// Value → id, per interned key; labels-but-hostname → label group; taints
/// → taint group (persistent: the cache is cloned for every snapshot).
#[derive(Clone, Debug, Default)]
pub struct DomainIds {
    ids: [OrdMap<String, u32>; 2],
    groups: OrdMap<String, u32>,
    taints: OrdMap<String, u32>,
    images: OrdMap<String, u32>,
    /// Node name → id, so maps of nodes that are searched for every pod
    /// bound (the cache's nodes per label group) compare integers, not
    /// names.
    nodes: OrdMap<String, u32>,
}

impl DomainIds {
    /// The ids and groups of a node with these labels and taints,
    /// interning new ones.
    pub fn intern(&mut self, labels: &BTreeMap<String, String>, taints: &[Taint]) -> DomainRefs {
        let mut refs = DomainRefs::default();
        for (slot, key) in KEYS.iter().enumerate() {
            if let Some(v) = labels.get(*key) {
                let ids = &mut self.ids[slot];
                refs.ids[slot] = intern(ids, v);
            }
        }
        // Keys and values cannot hold NUL: joined with it, distinct label
        // sets give distinct strings.
        let mut key = String::new();
        for (k, v) in labels.iter().filter(|(k, _)| *k != HOSTNAME) {
            key.extend([k.as_str(), "\0", v.as_str(), "\0"]);
        }
        refs.group = intern(&mut self.groups, &key);
        // What tolerations are checked against: key, value and effect, in order.
        if !taints.is_empty() {
            key.clear();
            for t in taints {
                key.extend([t.key.as_str(), "\0", t.value.as_deref().unwrap_or(""), "\0", t.effect.as_str(), "\0"]);
            }
            refs.taints = intern(&mut self.taints, &key);
        }
        refs
    }

    /// The image group of a node with these images (name and size each),
    /// interning a new one; [`NO_DOMAIN`] for none.
    pub fn intern_images<'a>(&mut self, images: impl Iterator<Item = (&'a str, i64)>) -> u32 {
        // Names cannot hold NUL: joined with it, distinct lists give
        // distinct strings.
        let mut key = String::new();
        for (name, size) in images {
            key.push_str(name);
            key.push('\0');
            key.push_str(&size.to_string());
            key.push('\0');
        }
        if key.is_empty() {
            return NO_DOMAIN;
        }
        intern(&mut self.images, &key)
    }

    /// The id of the node named `name`, interning a new one.
    pub fn intern_node(&mut self, name: &str) -> u32 {
        intern(&mut self.nodes, name)
    }

    /// The id of `value` for the key in `slot`, if it was ever seen.
    pub fn get(&self, slot: usize, value: &str) -> Option<u32> {
        self.ids[slot].get(value).copied()
    }

    /// How many ids the key in `slot` has given (every id is below this).
    pub fn len(&self, slot: usize) -> usize {
        self.ids[slot].len()
    }

    /// How many label groups there are (every group is below this).
    pub fn label_groups(&self) -> usize {
        self.groups.len()
    }

    /// How many taint groups there are (every group is below this).
    pub fn taint_groups(&self) -> usize {
        self.taints.len()
    }
}

/// Counts by domain id in a plain array: a filter reads one count per
/// examined node, and a cycle's counts are built from scratch, so an
/// array (a few KB for thousands of hostnames) beats a map both to fill
/// and to read.
#[derive(Clone, Debug, Default)]
pub struct IdCounts {
    /// i32: pods in one domain are far fewer, and a cycle clears half the bytes.
    counts: Vec<i32>,
    /// How many counts are not 0.
    nonzero: usize,
}

impl IdCounts {
    /// Adds `by` to `id`'s count; `len` (the key's [`DomainIds::len`])
    /// sizes the array once instead of growing it id by id.
    pub fn add(&mut self, id: u32, by: i64, len: usize) {
        let i = id as usize;
        if i >= self.counts.len() {
            if by == 0 {
                return;
            }
            self.counts.resize(len.max(i + 1), 0);
        }
        let c = &mut self.counts[i];
        let was = *c != 0;
        *c += by as i32;
        match (was, *c != 0) {
            (false, true) => self.nonzero += 1,
            (true, false) => self.nonzero -= 1,
            _ => {}
        }
    }

    pub fn get(&self, id: u32) -> i64 {
        self.counts.get(id as usize).map_or(0, |c| *c as i64)
    }

    pub fn is_empty(&self) -> bool {
        self.nonzero == 0
    }
}

/// One cycle's answers by group (label, taint or image group): every node
/// of a group gets the same answer to a question that reads only what the
/// group shares, so it is worked out once per group, not once per node.
#[derive(Clone, Debug)]
pub struct GroupMemo<T>(RefCell<Vec<Option<T>>>);

impl<T> Default for GroupMemo<T> {
    fn default() -> GroupMemo<T> {
        GroupMemo(RefCell::new(Vec::new()))
    }
}

impl<T: Clone> GroupMemo<T> {
    /// The answer for `group`, from `f` the first time ([`NO_DOMAIN`]:
    /// no group, always `f`).
    pub fn get_or(&self, group: u32, f: impl FnOnce() -> T) -> T {
        if group == NO_DOMAIN {
            return f();
        }
        let i = group as usize;
        if let Some(Some(v)) = self.0.borrow().get(i) {
            return v.clone();
        }
        let v = f();
        let mut m = self.0.borrow_mut();
        if m.len() <= i {
            // Groups are met in no order: grown in steps, not id by id.
            m.resize((i + 1).next_power_of_two().max(8), None);
        }
        m[i] = Some(v.clone());
        v
    }
}

/// One cycle's pass or fail by group, for a filter whose answer is the
/// same across a group (as [`GroupMemo`]), read by the filters' combined
/// [`super::framework::HotGate`] for every node a cycle examines: an array
/// of cells sized for the groups the cache has when the cycle starts (no
/// node joins a group during a cycle), so a read has no borrow to check
/// and nothing grows. The default records nothing (every group is asked).
#[derive(Clone, Debug, Default)]
pub struct GroupVerdicts(Box<[Cell<u8>]>);

const UNKNOWN: u8 = 0;
const PASS: u8 = 1;
const FAIL: u8 = 2;

impl GroupVerdicts {
    /// Room for groups `0..groups`.
    pub fn for_groups(groups: usize) -> GroupVerdicts {
        GroupVerdicts((0..groups).map(|_| Cell::new(UNKNOWN)).collect())
    }

    /// The recorded answer for `group` (None: not yet, or not kept).
    #[inline]
    pub fn get(&self, group: u32) -> Option<bool> {
        match self.0.get(group as usize).map(Cell::get) {
            Some(PASS) => Some(true),
            Some(FAIL) => Some(false),
            _ => None,
        }
    }

    pub fn set(&self, group: u32, pass: bool) {
        if let Some(c) = self.0.get(group as usize) {
            c.set(if pass { PASS } else { FAIL });
        }
    }
}

fn intern(ids: &mut OrdMap<String, u32>, v: &str) -> u32 {
    match ids.get(v) {
        Some(id) => *id,
        None => {
            let id = ids.len() as u32;
            ids.insert(v.to_string(), id);
            id
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    impl DomainIds {
        fn intern_labels(&mut self, labels: &BTreeMap<String, String>) -> DomainRefs {
            self.intern(labels, &[])
        }
    }

    #[test]
    fn id_counts_know_when_they_are_empty() {
        let mut c = IdCounts::default();
        assert!(c.is_empty());
        c.add(7, 0, 10);
        assert!(c.is_empty() && c.get(7) == 0);
        c.add(3, 2, 10);
        c.add(12, 1, 10);
        assert_eq!((c.get(3), c.get(12), c.get(0), c.get(99)), (2, 1, 0, 0));
        c.add(3, -2, 10);
        assert!(!c.is_empty());
        c.add(12, -1, 10);
        assert!(c.is_empty());
        // A count may go below 0 and back (preemption's what-if removals).
        c.add(5, -1, 10);
        assert!(!c.is_empty() && c.get(5) == -1);
        c.add(5, 1, 10);
        assert!(c.is_empty());
    }

    #[test]
    fn image_groups_follow_names_and_sizes() {
        let mut ids = DomainIds::default();
        let a = ids.intern_images([("nginx:1.25", 10), ("pause:3.10", 1)].into_iter());
        let same = ids.intern_images([("nginx:1.25", 10), ("pause:3.10", 1)].into_iter());
        let other_size = ids.intern_images([("nginx:1.25", 11), ("pause:3.10", 1)].into_iter());
        let fewer = ids.intern_images([("nginx:1.25", 10)].into_iter());
        // A size that runs into the next name does not make another list's key.
        let split = [ids.intern_images([("a", 1), ("2", 3)].into_iter()), ids.intern_images([("a", 12), ("", 3)].into_iter())];
        assert_eq!((a, same, other_size, fewer), (0, 0, 1, 2));
        assert_ne!(split[0], split[1]);
        assert_eq!(ids.intern_images(std::iter::empty()), NO_DOMAIN);
    }

    #[test]
    fn taint_groups_follow_key_value_and_effect() {
        let t = |k: &str, v: Option<&str>, e: &str| Taint { key: k.into(), value: v.map(Into::into), effect: e.into(), time_added: None };
        let mut ids = DomainIds::default();
        let none = BTreeMap::new();
        let a = ids.intern(&none, &[t("dedicated", Some("batch"), "NoSchedule")]).taints;
        let same = ids.intern(&none, &[t("dedicated", Some("batch"), "NoSchedule")]).taints;
        let other_effect = ids.intern(&none, &[t("dedicated", Some("batch"), "NoExecute")]).taints;
        let no_value = ids.intern(&none, &[t("dedicated", None, "NoSchedule")]).taints;
        assert_eq!((a, same), (0, 0));
        assert_eq!((other_effect, no_value), (1, 2));
        assert_eq!(ids.intern(&none, &[]).taints, NO_DOMAIN);
    }

    #[test]
    fn values_keep_their_ids_and_missing_labels_have_none() {
        let mut ids = DomainIds::default();
        let a = ids.intern_labels(&labels(&[(HOSTNAME, "a"), (ZONE, "z1")]));
        let b = ids.intern_labels(&labels(&[(HOSTNAME, "b"), (ZONE, "z1")]));
        let bare = ids.intern_labels(&labels(&[("disktype", "ssd")]));
        assert_eq!((a.ids, b.ids, bare.ids), ([0, 0], [1, 0], [NO_DOMAIN; 2]));
        // Nodes that differ only by hostname share a label group.
        assert_eq!((a.group, b.group, bare.group), (0, 0, 1));
        // Seen again (a node relabelled back, say), a value gets its old id.
        let back = ids.intern_labels(&labels(&[(HOSTNAME, "a"), (ZONE, "z2")]));
        assert_eq!((back.ids, back.group), ([0, 1], 2));
        // A value that runs into the next key does not make another set's key.
        let split = [ids.intern_labels(&labels(&[("a", "b"), ("c", "")])), ids.intern_labels(&labels(&[("a", "bc"), ("", "")]))];
        assert_ne!(split[0].group, split[1].group);
        assert_eq!(DomainRefs::default().group, NO_DOMAIN);
        assert_eq!((ids.get(0, "b"), ids.get(1, "z2"), ids.get(1, "z3")), (Some(1), Some(1), None));
        assert_eq!((slot(HOSTNAME), slot(ZONE), slot("topology.kubernetes.io/region")), (Some(0), Some(1), None));
    }
}
