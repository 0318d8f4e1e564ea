//! Every kubelet's [`PodRuntime`]s, by pod slot (`namespace/name`) and,
//! the same ones, by node.
//!
//! Admission, IP allocation and the eviction manager walk a node's pods
//! for each pod they handle. Finding each of those pods' runtimes among
//! every pod in the cluster took a tenth of a 10,000-pod Deployment's run
//! in wasm; a node's own map holds a few dozen.

use super::runtime::PodRuntime;
use imbl::OrdMap;
use std::cell::RefCell;
use std::sync::Arc;

#[derive(Clone, Debug, Default)]
pub struct PodRuntimes {
    by_slot: OrdMap<String, Arc<PodRuntime>>,
    /// The same runtimes, under `rt.node`.
    by_node: OrdMap<String, OrdMap<String, Arc<PodRuntime>>>,
}

impl PodRuntimes {
    pub fn get(&self, slot: &str) -> Option<&Arc<PodRuntime>> {
        self.by_slot.get(slot)
    }

    /// The runtime at a pod's slot, found without allocating the slot's
    /// text: the autoscaler looks up every pod of its target on each sync.
    pub fn of_pod(&self, namespace: &str, name: &str) -> Option<&Arc<PodRuntime>> {
        thread_local! {
            static SLOT: RefCell<String> = const { RefCell::new(String::new()) };
        }
        SLOT.with_borrow_mut(|slot| {
            super::write_slot(slot, namespace, name);
            self.by_slot.get(slot.as_str())
        })
    }

    pub fn contains_key(&self, slot: &str) -> bool {
        self.by_slot.contains_key(slot)
    }

    /// Every runtime, by slot.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Arc<PodRuntime>)> {
        self.by_slot.iter()
    }

    /// The runtimes whose node is `node`, by slot.
    pub fn on_node(&self, node: &str) -> Option<&OrdMap<String, Arc<PodRuntime>>> {
        self.by_node.get(node)
    }

    /// Puts `rt` at `slot`, replacing (and returning) what was there,
    /// wherever that ran.
    pub fn insert(&mut self, slot: String, rt: Arc<PodRuntime>) -> Option<Arc<PodRuntime>> {
        let old = self.by_slot.insert(slot.clone(), rt.clone());
        if let Some(old) = old.as_ref().filter(|o| o.node != rt.node) {
            self.unlist(&old.node, &slot);
        }
        match self.by_node.get_mut(&rt.node) {
            Some(on) => {
                on.insert(slot, rt);
            }
            None => {
                self.by_node.insert(rt.node.clone(), OrdMap::unit(slot, rt));
            }
        }
        old
    }

    pub fn remove(&mut self, slot: &str) -> Option<Arc<PodRuntime>> {
        let old = self.by_slot.remove(slot)?;
        self.unlist(&old.node, slot);
        Some(old)
    }

    /// Changes the runtime at `slot` in place (a copy, if it is shared
    /// with an earlier world); false when there is none.
    pub fn update(&mut self, slot: &str, change: impl FnOnce(&mut PodRuntime)) -> bool {
        let Some(rt) = self.by_slot.get(slot) else { return false };
        let mut rt = PodRuntime::clone(rt);
        change(&mut rt);
        self.insert(slot.to_string(), Arc::new(rt));
        true
    }

    fn unlist(&mut self, node: &str, slot: &str) {
        if let Some(on) = self.by_node.get_mut(node) {
            on.remove(slot);
            if on.is_empty() {
                self.by_node.remove(node);
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
            let mut want: OrdMap<String, OrdMap<String, Arc<PodRuntime>>> = OrdMap::new();
            for (slot, rt) in r.iter() {
                want.entry(rt.node.clone()).or_default().insert(slot.clone(), rt.clone());
            }
            assert_eq!(r.by_node, want);
        };
        let mut r = PodRuntimes::default();
        assert!(r.insert("default/a".into(), rt("1", "n1")).is_none());
        r.insert("default/b".into(), rt("2", "n1"));
        r.insert("kube-system/c".into(), rt("3", "n2"));
        check(&r);
        assert_eq!(r.on_node("n1").map(|m| m.len()), Some(2));
        // The same slot, now a pod of another uid on another node.
        let old = r.insert("default/a".into(), rt("4", "n2")).expect("replaced");
        assert_eq!(old.uid, "1");
        check(&r);
        assert_eq!(r.on_node("n1").map(|m| m.keys().cloned().collect::<Vec<_>>()), Some(vec!["default/b".to_string()]));
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
