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

use super::runtime::PodRuntime;
use kubeplay_model::hashed::{Hashed, Lookup};
use kubeplay_model::SharedStr;
use imbl::OrdMap;
use std::cell::RefCell;
use std::sync::Arc;

#[derive(Clone, Debug, Default)]
pub struct PodRuntimes {
    by_slot: OrdMap<Hashed, Arc<PodRuntime>>,
    /// The same runtimes, under `rt.node`.
    by_node: OrdMap<Hashed, NodeRuntimes>,
}

/// One node's runtimes, by their pods' (namespace, name): the order of
/// the store's keys.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeRuntimes(OrdMap<(SharedStr, SharedStr), Arc<PodRuntime>>);

/// A slot's (namespace, name).
fn pod_name(slot: &str) -> (SharedStr, SharedStr) {
    let (namespace, name) = slot.split_once('/').unwrap_or(("", slot));
    (SharedStr::interned(namespace), SharedStr::from(name))
}

impl NodeRuntimes {
    /// Each runtime with its pod's namespace and name, in the store's
    /// order.
    pub fn iter(&self) -> impl Iterator<Item = (&SharedStr, &SharedStr, &Arc<PodRuntime>)> {
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

    /// Puts `rt` at `slot`, replacing (and returning) what was there,
    /// wherever that ran.
    pub fn insert(&mut self, slot: String, rt: Arc<PodRuntime>) -> Option<Arc<PodRuntime>> {
        let slot = Hashed::new(slot);
        let old = self.by_slot.insert(slot.clone(), rt.clone());
        if let Some(old) = old.as_ref().filter(|o| o.node != rt.node) {
            self.unlist(&old.node, slot.as_str());
        }
        let name = pod_name(slot.as_str());
        match self.by_node.get_mut(Lookup::new(&rt.node).view()) {
            Some(on) => {
                on.0.insert(name, rt);
            }
            None => {
                self.by_node.insert(Hashed::new(rt.node.clone()), NodeRuntimes(OrdMap::unit(name, rt)));
            }
        }
        old
    }

    pub fn remove(&mut self, slot: &str) -> Option<Arc<PodRuntime>> {
        let old = self.by_slot.remove(Lookup::new(slot).view())?;
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
        Arc::new(PodRuntime::new(uid, node, &[], &["c".to_string()]))
    }

    /// The by-node maps always hold exactly the runtimes of each node,
    /// through inserts that move a slot to another node, updates that
    /// change the node, and removals; no node is left with an empty map.
    #[test]
    fn node_maps_follow_every_change() {
        let check = |r: &PodRuntimes| {
            let mut want: OrdMap<Hashed, NodeRuntimes> = OrdMap::new();
            for (slot, rt) in r.iter() {
                want.entry(Hashed::new(rt.node.clone())).or_default().0.insert(pod_name(slot), rt.clone());
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
        assert_eq!(r.remove("default/a").map(|o| o.uid.clone()), Some("4".to_string()));
        assert!(r.remove("default/a").is_none());
        check(&r);
        assert!(r.contains_key("kube-system/c") && !r.contains_key("default/a"));
        assert_eq!(r.get("default/b").map(|rt| rt.node.as_str()), Some("n3"));
    }
}
