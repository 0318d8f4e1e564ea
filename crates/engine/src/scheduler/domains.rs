//! Pod counts per topology domain (one map per topology key in use), kept
//! current as pods and nodes change, so PodTopologySpread reads one entry
//! per domain instead of walking every node for every pod: with 5,000
//! nodes that walk was most of a scheduling cycle.
//!
//! A key is indexed from the first cycle that needs it on (see
//! [`super::Cache::ensure_domain_index`]); plugins fall back to walking
//! the nodes for keys not indexed, so both paths must agree (the tests
//! and `kubeplay bench --quick` compare their traces).

use super::cache::{count_group, GroupKey, LabelLookup, NodeInfo};
use imbl::OrdMap;
use kubeplay_model::hashed::{Hashed, Lookup};
use kubeplay_model::selector::Selector;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The nodes of one domain and their pods, by label group.
#[derive(Clone, Debug, Default)]
pub struct Domain {
    /// Live nodes (in the store) in this domain.
    pub nodes: u32,
    pub groups: OrdMap<Arc<GroupKey>, u32>,
}

impl Domain {
    /// Pods here in namespace `ns`, not terminating, matching `sel`
    /// (what PodTopologySpread counts).
    pub fn count_matching(&self, ns: &str, sel: &Selector) -> i64 {
        self.groups.iter().filter(|(g, _)| g.matches(|n| n == ns, sel, false)).map(|(_, c)| *c as i64).sum()
    }

    fn bump_group(&mut self, g: &Arc<GroupKey>, by: i64) {
        count_group(&mut self.groups, g, by);
    }
}

/// One topology key's domains.
#[derive(Clone, Debug, Default)]
pub struct KeyIndex {
    /// Label value → domain, for nodes that have the label. Every bind
    /// searches it, and a hostname key has a domain per node, their
    /// names sharing long prefixes: keyed by hash, a search compares
    /// numbers. Readers sum or collect into ordered maps, so the hash
    /// order is never seen.
    pub present: OrdMap<Hashed, Domain>,
    /// Nodes without the label.
    pub missing: Domain,
}

impl KeyIndex {
    fn domain_mut(&mut self, key: &str, node: &NodeInfo) -> &mut Domain {
        let Some(v) = node.label(key) else { return &mut self.missing };
        let found = Lookup::new(v);
        // The value is copied only for a new domain (nearly every call
        // finds its domain: one per pod bound).
        if !self.present.contains_key(found.view()) {
            self.present.insert(Hashed::new(v.to_string()), Domain::default());
        }
        match self.present.get_mut(found.view()) {
            Some(d) => d,
            None => &mut self.missing, // not reached: inserted above
        }
    }

    /// Adds (`by` = 1) or removes (-1) a live node and all its pods.
    fn add_node(&mut self, key: &str, node: &NodeInfo, by: i64) {
        let d = self.domain_mut(key, node);
        d.nodes = (d.nodes as i64 + by).max(0) as u32;
        for (g, c) in node.groups.iter() {
            d.bump_group(g, by * *c as i64);
        }
        self.prune(key, node);
    }

    fn add_group(&mut self, key: &str, node: &NodeInfo, g: &Arc<GroupKey>, by: i64) {
        // One search of the domains per pod bound (this runs for every
        // bind, and a hostname key has a domain per node): a domain found
        // is counted in place, and only a removal can empty one. The value
        // is read from the node info's own label index: the stored
        // object's label map is four pointers away, cold for a node picked
        // among thousands (a third of this function's time).
        let Some(v) = node.label(key) else { return self.missing.bump_group(g, by) };
        let found = Lookup::new(v);
        if let Some(d) = self.present.get_mut(found.view()) {
            d.bump_group(g, by);
            if d.nodes == 0 && d.groups.is_empty() {
                self.present.remove(found.view());
            }
            return;
        }
        let mut d = Domain::default();
        d.bump_group(g, by);
        if !d.groups.is_empty() {
            self.present.insert(Hashed::new(v.to_string()), d);
        }
    }

    /// Domains without nodes are dropped: they no longer exist.
    fn prune(&mut self, key: &str, node: &NodeInfo) {
        if let Some(v) = node.label(key) {
            let found = Lookup::new(v);
            if self.present.get(found.view()).is_some_and(|d| d.nodes == 0 && d.groups.is_empty()) {
                self.present.remove(found.view());
            }
        }
    }
}

/// The indexed keys: few, in a plain map of shared indexes, itself shared
/// (every step's snapshot clones the cache; only a pod landing or leaving
/// changes the map).
#[derive(Clone, Debug, Default)]
pub struct DomainIndexes {
    keys: Arc<BTreeMap<String, Arc<KeyIndex>>>,
}

impl DomainIndexes {
    pub fn get(&self, key: &str) -> Option<&KeyIndex> {
        self.keys.get(key).map(|k| &**k)
    }

    pub fn contains(&self, key: &str) -> bool {
        self.keys.contains_key(key)
    }

    /// Starts indexing `key` over the given (live) nodes.
    pub fn build<'a>(&mut self, key: &str, live_nodes: impl Iterator<Item = &'a NodeInfo>) {
        let mut ix = KeyIndex::default();
        for n in live_nodes {
            ix.add_node(key, n, 1);
        }
        Arc::make_mut(&mut self.keys).insert(key.to_string(), Arc::new(ix));
    }

    /// A live node appears (1) or goes, or is about to be relabelled (-1).
    pub fn add_node(&mut self, node: &NodeInfo, by: i64) {
        if self.keys.is_empty() {
            return;
        }
        for (k, ix) in Arc::make_mut(&mut self.keys).iter_mut() {
            Arc::make_mut(ix).add_node(k, node, by);
        }
    }

    /// A pod of group `g` lands on (1) or leaves (-1) a live node.
    pub fn add_pod(&mut self, node: &NodeInfo, g: &Arc<GroupKey>, by: i64) {
        if self.keys.is_empty() {
            return;
        }
        for (k, ix) in Arc::make_mut(&mut self.keys).iter_mut() {
            Arc::make_mut(ix).add_group(k, node, g, by);
        }
    }
}
