//! Existing pods' inter-pod affinity terms, grouped by identical term, with
//! per-domain pod counts kept current as pods are bound or go and as nodes
//! change. InterPodAffinity's PreFilter (existing pods' required
//! anti-affinity against the new pod) and PreScore (their affinity and
//! preferred terms) used to visit every such pod each cycle, O(pods) per
//! pod; with the index they match each distinct term once and read its
//! counts. Pods of one workload share their terms, so distinct terms are few.
//!
//! Kept only once a cycle asks for it (see [`super::Cache::ensure_affinity_index`]);
//! without it the plugin walks the pods, and the tests and
//! `kubeplay bench --check-reference` compare both.

use super::cache::{AffinityTerm, NodeInfo, PodInfo};
use super::domain_ids::{self, NO_DOMAIN};
use imbl::OrdMap;

/// Which of a pod's term lists a term comes from (preferred ones with
/// their weight: pods with different weights count separately).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TermKind {
    RequiredAntiAffinity,
    RequiredAffinity,
    PreferredAffinity(i32),
    PreferredAntiAffinity(i32),
}

/// One term's pods per domain: by the value of its topology key, and for
/// hostname and zone terms by the value's id as well (what filters read).
#[derive(Clone, Debug, Default)]
pub struct Domains {
    pub by_value: OrdMap<String, i64>,
    pub by_id: OrdMap<u32, i64>,
    /// Pods counted by value on a node without the value's id (never for
    /// nodes the cache holds); while non-zero `by_id` is not to be read.
    pub unidentified: i64,
}

impl Domains {
    /// `by_id` holds every count `by_value` does.
    pub fn ids_complete(&self) -> bool {
        self.unidentified == 0
    }
}

/// Term kind → term → its pods on live nodes per domain (a term a pod
/// lists twice counts twice, as the walk does). Empty maps are removed.
#[derive(Clone, Debug, Default)]
pub struct AffinityIndex {
    terms: OrdMap<TermKind, OrdMap<AffinityTerm, Domains>>,
}

fn terms_of(p: &PodInfo) -> impl Iterator<Item = (TermKind, &AffinityTerm)> {
    let a = &*p.affinity;
    a.required_anti_affinity
        .iter()
        .map(|t| (TermKind::RequiredAntiAffinity, t))
        .chain(a.required_affinity.iter().map(|t| (TermKind::RequiredAffinity, t)))
        .chain(a.preferred_affinity.iter().map(|(w, t)| (TermKind::PreferredAffinity(*w), t)))
        .chain(a.preferred_anti_affinity.iter().map(|(w, t)| (TermKind::PreferredAntiAffinity(*w), t)))
}

impl AffinityIndex {
    /// A pod on live `node` appears (`by` = 1) or goes (-1).
    pub fn add_pod(&mut self, p: &PodInfo, node: &NodeInfo, by: i64) {
        if p.affinity.is_empty() {
            return;
        }
        let labels = node.labels();
        for (kind, t) in terms_of(p) {
            let Some(v) = labels.get(&t.topology_key) else { continue };
            // Look up before inserting: cloning a term (its selector) costs
            // more than the lookup, and most pods add to an existing entry.
            if !self.terms.contains_key(&kind) {
                self.terms.insert(kind, OrdMap::new());
            }
            let Some(by_term) = self.terms.get_mut(&kind) else { continue };
            if !by_term.contains_key(t) {
                by_term.insert(t.clone(), Domains::default());
            }
            let Some(domains) = by_term.get_mut(t) else { continue };
            let id = domain_ids::slot(&t.topology_key).map(|s| node.domain_refs.get(s));
            bump_count(&mut domains.by_value, v, by);
            match id {
                Some(NO_DOMAIN) => domains.unidentified += by,
                Some(id) => bump_count(&mut domains.by_id, &id, by),
                None => {}
            }
            if domains.by_value.is_empty() {
                by_term.remove(t);
            }
            if by_term.is_empty() {
                self.terms.remove(&kind);
            }
        }
    }

    /// A live node appears (1) or goes, or is about to be relabelled (-1),
    /// with all its pods.
    pub fn add_node(&mut self, node: &NodeInfo, by: i64) {
        for p in node.pods.values() {
            self.add_pod(p, node, by);
        }
    }

    /// The terms of one kind with their per-domain counts (none empty).
    pub fn of_kind(&self, kind: TermKind) -> impl Iterator<Item = (&AffinityTerm, &Domains)> {
        self.terms.get(&kind).into_iter().flat_map(|m| m.iter())
    }

    /// Every kind held, with its terms (PreScore reads several kinds).
    pub fn kinds(&self) -> impl Iterator<Item = (TermKind, &OrdMap<AffinityTerm, Domains>)> {
        self.terms.iter().map(|(k, m)| (*k, m))
    }
}

/// Adds `by` to `k`'s count, removing counts that reach 0 or below.
fn bump_count<K: Ord + Clone>(m: &mut OrdMap<K, i64>, k: &K, by: i64) {
    let c = m.get(k).copied().unwrap_or(0) + by;
    if c <= 0 {
        m.remove(k);
    } else if let Some(e) = m.get_mut(k) {
        *e = c;
    } else {
        m.insert(k.clone(), c);
    }
}
