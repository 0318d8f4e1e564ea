//! Every kubelet's [`PodRuntime`]s, by pod slot (`namespace/name`) and,
//! the same ones, by node.
//!
//! Admission, IP allocation and the eviction manager walk a node's pods
//! for each pod they handle. Finding each of those pods' runtimes among
//! every pod in the cluster took a tenth of a 10,000-pod Deployment's run
//! in wasm; a node's own map holds a few dozen, in the order the store
//! holds the node's pods, so that the two are walked side by side without
//! a lookup per pod (see `kubelet::runtimes_on`). The maps of all slots
//! and of nodes are keyed by [`Hashed`] texts: they are only looked up,
//! and whatever acts on runtimes in slot order sorts them first
//! ([`NodeRuntimes::slots`], `sim::refresh_image`).
//!
//! Every change is also written to a [`ChangeLog`], so a reader that kept
//! facts about some runtimes (the autoscaler) can ask which slots changed
//! since, instead of looking every runtime up again.

use super::runtime::PodRuntime;
use kubeplay_model::hashed::{Hashed, Lookup};
use kubeplay_model::{Atom, ObjectKey, SharedStr};
use imbl::OrdMap;
use std::cell::RefCell;
use std::sync::Arc;

#[derive(Clone, Debug, Default)]
pub struct PodRuntimes {
    by_slot: OrdMap<Hashed, Arc<PodRuntime>>,
    /// The same runtimes, under `rt.node`.
    by_node: OrdMap<Hashed, NodeRuntimes>,
    log: ChangeLog,
}

/// The slots whose runtime changed, newest first: a persistent list, so
/// a world's copy of the runtimes shares its past with the worlds it came
/// from and they with it. A mark taken from one world proves, by pointer
/// identity, whether another world's runtimes descend from the runtimes
/// it was taken of; every change pushes an entry, so two runtimes with the
/// same newest entry are the same. The list starts over every
/// [`ChangeLog::SPAN`] entries, so it never grows without bound: a mark
/// older than that is simply not found.
#[derive(Clone, Default)]
pub struct ChangeLog(Option<Arc<Entry>>);

struct Entry {
    slot: Box<str>,
    /// Entries before this one in the list.
    depth: u32,
    prev: Option<Arc<Entry>>,
}

impl Drop for Entry {
    // The default drop would recurse once per entry; the list is long.
    fn drop(&mut self) {
        let mut next = self.prev.take();
        while let Some(entry) = next {
            match Arc::try_unwrap(entry) {
                Ok(mut e) => next = e.prev.take(),
                Err(_) => break,
            }
        }
    }
}

impl std::fmt::Debug for ChangeLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ChangeLog({} entries)", self.0.as_ref().map_or(0, |e| e.depth + 1))
    }
}

impl ChangeLog {
    pub const SPAN: u32 = 1 << 16;

    fn push(&mut self, slot: &str) {
        let prev = self.0.take().filter(|e| e.depth + 1 < Self::SPAN);
        let depth = prev.as_ref().map_or(0, |e| e.depth + 1);
        self.0 = Some(Arc::new(Entry { slot: slot.into(), depth, prev }));
    }

    /// The slots changed since `mark` was taken, newest first, if these
    /// runtimes descend from the ones it was taken of (None: they do not,
    /// or it is too old to tell; nothing kept about any runtime holds).
    pub fn since<'a>(&'a self, mark: &ChangeLog) -> Option<Vec<&'a str>> {
        let Some(mark) = &mark.0 else {
            // Only runtimes that never changed have no entry: they are empty.
            return self.0.is_none().then(Vec::new);
        };
        let mut at = self.0.as_ref()?;
        let mut changed = Vec::new();
        while at.depth > mark.depth {
            changed.push(&*at.slot);
            at = at.prev.as_ref()?;
        }
        Arc::ptr_eq(at, mark).then_some(changed)
    }
}

/// One node's runtimes, by their pods' (namespace, name): the order of
/// the store's keys.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeRuntimes(OrdMap<(Atom, SharedStr), Arc<PodRuntime>>);

/// A slot's (namespace, name).
fn pod_name(slot: &str) -> (Atom, SharedStr) {
    let (namespace, name) = slot.split_once('/').unwrap_or(("", slot));
    (Atom::from(namespace), SharedStr::from(name))
}

impl NodeRuntimes {
    /// Each runtime with its pod's namespace and name, in the store's
    /// order.
    pub fn iter(&self) -> impl Iterator<Item = (&Atom, &SharedStr, &Arc<PodRuntime>)> {
        self.0.iter().map(|((namespace, name), rt)| (namespace, name, rt))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The slots, in order.
    pub fn slots(&self) -> Vec<String> {
        let mut slots: Vec<String> = self.0.keys().map(|(namespace, name)| super::pod_slot(namespace, name)).collect();
        slots.sort_unstable();
        slots
    }
}

impl PodRuntimes {
    pub fn get(&self, slot: &str) -> Option<&Arc<PodRuntime>> {
        self.by_slot.get(Lookup::new(slot).view())
    }

    /// The runtime at a pod's slot, found without allocating the slot's
    /// text: the autoscaler looks up every pod of its target on each sync.
    pub fn of_pod(&self, namespace: &str, name: &str) -> Option<&Arc<PodRuntime>> {
        thread_local! {
            static SLOT: RefCell<String> = const { RefCell::new(String::new()) };
        }
        SLOT.with_borrow_mut(|slot| {
            super::write_slot(slot, namespace, name);
            self.get(slot.as_str())
        })
    }

    pub fn contains_key(&self, slot: &str) -> bool {
        self.get(slot).is_some()
    }

    /// Every runtime with its slot, in no meaningful order (sort to show).
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Arc<PodRuntime>)> {
        self.by_slot.iter().map(|(k, rt)| (k.as_str(), rt))
    }

    /// The runtimes whose node is `node`.
    pub fn on_node(&self, node: &str) -> Option<&NodeRuntimes> {
        self.by_node.get(Lookup::new(node).view())
    }

    /// Where these runtimes stand in their [`ChangeLog`]: hand it back to
    /// [`ChangeLog::since`] on a later world's runtimes.
    pub fn changes(&self) -> &ChangeLog {
        &self.log
    }

    /// Puts `rt` at `slot`, replacing (and returning) what was there,
    /// wherever that ran.
    pub fn insert(&mut self, slot: String, rt: Arc<PodRuntime>) -> Option<Arc<PodRuntime>> {
        let name = pod_name(&slot);
        self.insert_named(slot, name, rt)
    }

    /// [`insert`](Self::insert) for the pod of `key`, whose namespace and
    /// name the node's map keeps as the key holds them. A worker writes
    /// its pod's runtime back on every reconcile: in wasm, where a name is
    /// always a shared text, a fresh copy of it was an allocation each
    /// time, and sharing the store's lets the walks over a node's pods
    /// (`runtimes_on`) find each runtime's name equal by its address.
    pub fn insert_keyed(&mut self, key: &ObjectKey, rt: Arc<PodRuntime>) -> Option<Arc<PodRuntime>> {
        let slot = super::pod_slot(&key.namespace, &key.name);
        self.insert_named(slot, (key.namespace.clone(), key.name.clone()), rt)
    }

    fn insert_named(&mut self, slot: String, name: (Atom, SharedStr), rt: Arc<PodRuntime>) -> Option<Arc<PodRuntime>> {
        debug_assert_eq!(name, pod_name(&slot), "the slot names the pod");
        self.log.push(&slot);
        let slot = Hashed::new(slot);
        let old = self.by_slot.insert(slot.clone(), rt.clone());
        if let Some(old) = old.as_ref().filter(|o| o.node != rt.node) {
            self.unlist(&old.node, slot.as_str());
        }
        match self.by_node.get_mut(Lookup::new(&rt.node).view()) {
            Some(on) => {
                on.0.insert(name, rt);
            }
            None => {
                self.by_node.insert(Hashed::new(rt.node.to_string()), NodeRuntimes(OrdMap::unit(name, rt)));
            }
        }
        old
    }

    pub fn remove(&mut self, slot: &str) -> Option<Arc<PodRuntime>> {
        let old = self.by_slot.remove(Lookup::new(slot).view())?;
        self.log.push(slot);
        self.unlist(&old.node, slot);
        Some(old)
    }

    /// Changes the runtime at `slot` in place (a copy, if it is shared
    /// with an earlier world); false when there is none.
    pub fn update(&mut self, slot: &str, change: impl FnOnce(&mut PodRuntime)) -> bool {
        let Some(rt) = self.get(slot) else { return false };
        let mut rt = PodRuntime::clone(rt);
        change(&mut rt);
        self.insert(slot.to_string(), Arc::new(rt));
        true
    }

    fn unlist(&mut self, node: &str, slot: &str) {
        if let Some(on) = self.by_node.get_mut(Lookup::new(node).view()) {
            on.0.remove(&pod_name(slot));
            if on.is_empty() {
                self.by_node.remove(Lookup::new(node).view());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt(uid: &str, node: &str) -> Arc<PodRuntime> {
        Arc::new(PodRuntime::new(uid, node, &[], &["c".into()]))
    }

    /// The by-node maps always hold exactly the runtimes of each node,
    /// through inserts that move a slot to another node, updates that
    /// change the node, and removals; no node is left with an empty map.
    #[test]
    fn node_maps_follow_every_change() {
        let check = |r: &PodRuntimes| {
            let mut want: OrdMap<Hashed, NodeRuntimes> = OrdMap::new();
            for (slot, rt) in r.iter() {
                want.entry(Hashed::new(rt.node.to_string())).or_default().0.insert(pod_name(slot), rt.clone());
            }
            assert_eq!(r.by_node, want);
        };
        let mut r = PodRuntimes::default();
        assert!(r.insert("default/a".into(), rt("1", "n1")).is_none());
        r.insert("default/b".into(), rt("2", "n1"));
        r.insert("kube-system/c".into(), rt("3", "n2"));
        check(&r);
        assert_eq!(r.on_node("n1").map(|m| m.len()), Some(2));
        assert_eq!(r.on_node("n1").map(NodeRuntimes::slots), Some(vec!["default/a".to_string(), "default/b".to_string()]), "listed in slot order");
        // The same slot, now a pod of another uid on another node.
        let old = r.insert("default/a".into(), rt("4", "n2")).expect("replaced");
        assert_eq!(old.uid, "1");
        check(&r);
        assert_eq!(r.on_node("n1").map(NodeRuntimes::slots), Some(vec!["default/b".to_string()]));
        assert!(r.update("default/b", |rt| rt.node = "n3".into()));
        assert!(!r.update("default/zz", |_| unreachable!("no runtime there")));
        check(&r);
        assert!(r.on_node("n1").is_none(), "an emptied node's map goes");
        assert_eq!(r.remove("default/a").map(|o| o.uid.clone()), Some("4".into()));
        assert!(r.remove("default/a").is_none());
        check(&r);
        assert!(r.contains_key("kube-system/c") && !r.contains_key("default/a"));
        assert_eq!(r.get("default/b").map(|rt| rt.node.as_str()), Some("n3"));
    }

    /// What `since` answers: the slots changed after a mark, newest first,
    /// on runtimes that descend from the marked ones; None on runtimes
    /// that went another way from a common past, that are older than the
    /// mark, or whose log started over since.
    #[test]
    fn change_log_tells_what_changed_since_a_mark_and_only_in_its_line() {
        let mut a = PodRuntimes::default();
        assert_eq!(a.changes().since(&ChangeLog::default()), Some(vec![]), "both empty: nothing changed");
        a.insert("default/a".into(), rt("1", "n1"));
        assert_eq!(a.changes().since(&ChangeLog::default()), None, "a mark of no runtimes proves nothing about some");
        let mark = a.changes().clone();
        assert_eq!(a.changes().since(&mark), Some(vec![]));
        let mut b = a.clone();
        a.update("default/a", |rt| rt.node = "n2".into());
        a.insert("default/b".into(), rt("2", "n1"));
        a.remove("default/c");
        a.remove("default/a");
        assert_eq!(a.changes().since(&mark), Some(vec!["default/a", "default/b", "default/a"]), "a removal of nothing changes nothing");
        // The copy went another way: same depth as `a` at some point, but
        // not the same entries.
        b.insert("default/x".into(), rt("3", "n1"));
        b.insert("default/y".into(), rt("4", "n1"));
        b.insert("default/z".into(), rt("5", "n1"));
        assert_eq!(b.changes().since(&mark), Some(vec!["default/z", "default/y", "default/x"]));
        assert_eq!(b.changes().since(a.changes()), None);
        assert_eq!(a.changes().since(b.changes()), None);
        // An earlier world, asked with a later mark.
        let later = a.changes().clone();
        let mut earlier = PodRuntimes::default();
        earlier.insert("default/a".into(), rt("1", "n1"));
        assert_eq!(earlier.changes().since(&later), None);
        // The log starts over; marks from before are not found, and the
        // long list is dropped without a deep recursion.
        let mut long = PodRuntimes::default();
        long.insert("default/a".into(), rt("1", "n1"));
        let first = long.changes().clone();
        for i in 0..ChangeLog::SPAN - 2 {
            long.update("default/a", |rt| rt.node = format!("n{}", i % 7).into());
        }
        long.update("default/a", |rt| rt.node = "m".into());
        assert_eq!(long.changes().since(&first).map(|c| c.len()), Some(ChangeLog::SPAN as usize - 1), "{} entries kept", ChangeLog::SPAN);
        long.update("default/a", |rt| rt.node = "m2".into());
        assert!(long.changes().since(&first).is_none(), "started over after {} entries", ChangeLog::SPAN);
        assert_eq!(long.changes().since(&long.changes().clone()).map(|c| c.len()), Some(0));
        drop(first);
        let mut deep = ChangeLog::default();
        for _ in 0..ChangeLog::SPAN - 1 {
            deep.push("default/a");
        }
        drop(deep);
    }
}
