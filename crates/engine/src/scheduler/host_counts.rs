//! Pods per node that a selector matches, for PodTopologySpread's
//! hostname constraints (the system default constraints every
//! ReplicaSet's pods get include one). PreScore needs, for each of the
//! hundreds of nodes a cycle scores, how many of the node's pods match;
//! summed from each node's label groups that read the node's info and
//! its group list, two cache misses per node: at 5,000 nodes a tenth of
//! the simulated hour (README "Session 37"). Here the counts sit by node
//! id in one array per selector, kept current as pods are bound and
//! removed.
//!
//! An entry is kept from the cycle after the first that asked for it (see
//! [`super::Cache::ensure_host_counts`]), at most [`MAX_ENTRIES`] of them;
//! cycles without one walk the nodes, so both paths must agree (the tests
//! and `kubeplay bench --quick` compare their traces).
//!
//! Derived data only, so a clone starts empty: a snapshot kept for time
//! travel does not copy the arrays, and a restored one rebuilds what its
//! cycles ask for.

use super::cache::{GroupKey, NodeInfo};
use kubeplay_model::selector::Selector;
use std::sync::Arc;

/// Selectors kept at once; the least recently asked for goes first. A
/// cluster has about one per ReplicaSet being scaled or replaced.
pub const MAX_ENTRIES: usize = 16;

/// Groups remembered per entry before the memo starts over (pods with a
/// label of their own, a StatefulSet's, each make a group).
const MAX_MEMO: usize = 256;

#[derive(Debug, Default)]
pub struct HostCounts {
    entries: Vec<Entry>,
    /// Ticks of [`HostCounts::ensure`], for recency.
    clock: u64,
}

impl Clone for HostCounts {
    fn clone(&self) -> HostCounts {
        HostCounts::default()
    }
}

#[derive(Debug)]
struct Entry {
    namespace: String,
    selector: Selector,
    /// By [`NodeInfo::id`]: the live node's pods in `namespace`, not
    /// terminating, that `selector` matches.
    per_node: Vec<u32>,
    /// Whether a group's pods count, by the group's address (the `Arc`
    /// held, so the address is not reused while remembered).
    memo: Vec<(Arc<GroupKey>, bool)>,
    used: u64,
}

impl Entry {
    fn matches(&mut self, g: &Arc<GroupKey>) -> bool {
        if let Some((_, m)) = self.memo.iter().find(|(k, _)| Arc::ptr_eq(k, g)) {
            return *m;
        }
        let m = g.matches(|n| n == self.namespace, &self.selector, false);
        if self.memo.len() >= MAX_MEMO {
            self.memo.clear();
        }
        self.memo.push((g.clone(), m));
        m
    }

    fn add(&mut self, id: u32, by: i64) {
        let id = id as usize;
        if self.per_node.len() <= id {
            self.per_node.resize(id + 1, 0);
        }
        let c = &mut self.per_node[id];
        debug_assert!(*c as i64 + by >= 0, "more pods counted out of node {id} than in");
        *c = (*c as i64 + by).max(0) as u32;
    }

    fn add_node(&mut self, node: &NodeInfo, by: i64) {
        for (g, c) in node.groups.iter() {
            if self.matches(g) {
                self.add(node.id, by * *c as i64);
            }
        }
    }
}

impl HostCounts {
    /// The counts by node id for pods in `namespace` matching `selector`,
    /// when kept (ids past the end count none).
    pub fn get(&self, namespace: &str, selector: &Selector) -> Option<&[u32]> {
        self.entries.iter().find(|e| e.namespace == namespace && e.selector == *selector).map(|e| &e.per_node[..])
    }

    /// Keeps counts for `selector` in `namespace` from now on, counting
    /// the pods already on `live_nodes` when new.
    pub fn ensure<'a>(&mut self, namespace: &str, selector: &Selector, live_nodes: impl Iterator<Item = &'a NodeInfo>) {
        self.clock += 1;
        if let Some(e) = self.entries.iter_mut().find(|e| e.namespace == namespace && e.selector == *selector) {
            e.used = self.clock;
            return;
        }
        if self.entries.len() >= MAX_ENTRIES {
            if let Some(oldest) = self.entries.iter().enumerate().min_by_key(|(_, e)| e.used).map(|(i, _)| i) {
                self.entries.swap_remove(oldest);
            }
        }
        let mut e = Entry { namespace: namespace.to_string(), selector: selector.clone(), per_node: Vec::new(), memo: Vec::new(), used: self.clock };
        for n in live_nodes {
            e.add_node(n, 1);
        }
        self.entries.push(e);
    }

    /// A pod of group `g` bound to (`by` 1) or gone from (−1) a live node.
    pub fn add_pod(&mut self, node: &NodeInfo, g: &Arc<GroupKey>, by: i64) {
        for e in &mut self.entries {
            if e.matches(g) {
                e.add(node.id, by);
            }
        }
    }

    /// A node with its pods becoming live (`by` 1) or not (−1).
    pub fn add_node(&mut self, node: &NodeInfo, by: i64) {
        for e in &mut self.entries {
            e.add_node(node, by);
        }
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Each entry's (namespace, selector), for tests that rebuild it.
    #[cfg(test)]
    pub fn keys(&self) -> impl Iterator<Item = (&str, &Selector)> + '_ {
        self.entries.iter().map(|e| (e.namespace.as_str(), &e.selector))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::cache::PodInfo;
    use crate::scheduler::plugins::testutil::{assigned, pod_in};
    use kubeplay_model::shared::Shared;
    use kubeplay_model::Object;
    use std::collections::BTreeMap;

    fn group(ns: &str, app: &str, terminating: bool) -> Arc<GroupKey> {
        let labels: BTreeMap<String, String> = [("app".to_string(), app.to_string())].into();
        Arc::new(GroupKey::new(ns.into(), Shared::new(labels), terminating))
    }

    fn app(v: &str) -> Selector {
        Selector::from_set(&[("app".to_string(), v.to_string())].into())
    }

    #[test]
    fn counts_matching_pods_by_node_id_from_when_kept() {
        let (web, db, gone, other_ns) = (group("default", "web", false), group("default", "db", false), group("default", "web", true), group("team", "web", false));
        let node = |id: u32| NodeInfo { id, ..Default::default() };
        let mut n3 = node(3);
        let on_3 = assigned(pod_in("default", "web-1", &[("app", "web")]), "n3");
        n3.add_pod(Arc::new(PodInfo::new(Arc::new(Object::Pod(Box::new(on_3))))));
        let mut h = HostCounts::default();
        assert_eq!(h.get("default", &app("web")), None);
        h.ensure("default", &app("web"), [&n3].into_iter());
        assert_eq!(h.get("default", &app("web")), Some(&[0, 0, 0, 1][..]));
        // Only pods in the namespace, matching, not terminating count.
        for g in [&web, &db, &gone, &other_ns, &web] {
            h.add_pod(&node(1), g, 1);
        }
        h.add_pod(&node(3), &web, -1);
        assert_eq!(h.get("default", &app("web")), Some(&[0, 2, 0, 0][..]));
        // A clone (a snapshot) keeps nothing.
        assert!(h.clone().is_empty());
    }

    #[test]
    fn keeps_the_most_recently_asked_for() {
        let mut h = HostCounts::default();
        for i in 0..MAX_ENTRIES {
            h.ensure("default", &app(&i.to_string()), std::iter::empty());
        }
        // Asked for again, "0" is kept when "16" comes and "1" goes.
        h.ensure("default", &app("0"), std::iter::empty());
        h.ensure("default", &app("16"), std::iter::empty());
        assert!(h.get("default", &app("0")).is_some());
        assert!(h.get("default", &app("1")).is_none());
        assert!(h.get("default", &app("16")).is_some());
    }
}
