//! InterPodAffinity: required pod affinity (the node's topology domain
//! must hold a pod matching every term), required anti-affinity (no
//! matching pod in the domain, checked both ways: the new pod's terms and
//! existing pods' terms against the new pod), and preferred terms as a
//! score, with existing pods' required affinity counted symmetrically.

use crate::scheduler::affinity_index::{Domains, TermKind};
use crate::scheduler::cache::{AffinityTerm, LabelLookup, NodeInfo, NodeView, PodAffinityInfo, PodInfo};
use crate::scheduler::domain_ids::{self, DomainIds, DomainRefs, IdCounts, NO_DOMAIN};
use crate::scheduler::framework::{ClusterEvent, Code, Cx, CycleState, FilterResult, Plugin, PreFilterResult, Status, MAX_NODE_SCORE};
use kubeplay_model::Object;
use std::collections::BTreeMap;
use std::sync::Arc;

pub const NAME: &str = "InterPodAffinity";
pub const ERR_AFFINITY: &str = "node(s) didn't match pod affinity rules";
pub const ERR_ANTI_AFFINITY: &str = "node(s) didn't match pod anti-affinity rules";
pub const ERR_EXISTING_ANTI_AFFINITY: &str = "node(s) didn't satisfy existing pods anti-affinity rules";

pub struct InterPodAffinity;

/// Topology key → value → count (nested so lookups borrow `&str`s; the
/// filter runs on every node examined).
type Pairs = BTreeMap<String, BTreeMap<String, i64>>;

/// Pods per topology domain: by domain id for hostname and zone values
/// (what the filter reads, by the node's id, without its labels), by
/// value for other keys.
#[derive(Clone, Debug, Default)]
struct Counts {
    by_value: Pairs,
    by_id: [IdCounts; 2],
    /// The cache's ids, for a node that comes without its own (the same
    /// value always has the same id, so the two paths agree).
    ids: DomainIds,
}

impl Counts {
    fn new(ids: &DomainIds) -> Counts {
        Counts { ids: ids.clone(), ..Default::default() }
    }

    /// The id of `node`'s value `v` for the key in `slot`.
    fn id_of(&self, slot: usize, refs: DomainRefs, v: &str) -> Option<u32> {
        match refs.get(slot) {
            NO_DOMAIN => self.ids.get(slot, v),
            id => Some(id),
        }
    }

    /// Adds `by` to the domain `node` is in for key `k` (none: no label).
    fn bump(&mut self, k: &str, node: &NodeInfo, by: i64) {
        let Some(v) = node.label(k) else { return };
        match domain_ids::slot(k).and_then(|slot| Some((slot, self.id_of(slot, node.domain_refs, v)?))) {
            Some((slot, id)) => self.bump_id(slot, id, by),
            None => bump(&mut self.by_value, k, v, by),
        }
    }

    /// The count of `node`'s domain for key `k` (in `slot` when interned);
    /// None when the node lacks the label.
    #[inline]
    fn at(&self, k: &str, slot: Option<usize>, node: &NodeView) -> Option<i64> {
        if let Some(slot) = slot {
            let id = node.hot.domains.get(slot);
            if id != NO_DOMAIN {
                return Some(self.by_id[slot].get(id));
            }
        }
        self.at_by_label(k, slot, node)
    }

    /// [`Counts::at`] for a node without an id for the key: by its label.
    #[cold]
    fn at_by_label(&self, k: &str, slot: Option<usize>, node: &NodeView) -> Option<i64> {
        let v = node.label(k)?;
        match slot.and_then(|slot| Some((slot, self.ids.get(slot, v)?))) {
            Some((slot, id)) => Some(self.by_id[slot].get(id)),
            None => Some(count(&self.by_value, k, v)),
        }
    }

    /// [`Counts::bump`] for a node known by its ids, for an interned key.
    fn bump_ref(&mut self, slot: usize, refs: DomainRefs, by: i64) {
        match refs.get(slot) {
            NO_DOMAIN => {}
            id => self.bump_id(slot, id, by),
        }
    }

    fn bump_id(&mut self, slot: usize, id: u32, by: i64) {
        self.by_id[slot].add(id, by, self.ids.len(slot));
    }

    fn is_empty(&self) -> bool {
        self.by_value.is_empty() && self.by_id.iter().all(IdCounts::is_empty)
    }

    /// The topology keys with counts.
    fn keys(&self) -> impl Iterator<Item = &str> {
        let interned = self.by_id.iter().zip(domain_ids::KEYS).filter(|(m, _)| !m.is_empty()).map(|(_, k)| k);
        self.by_value.keys().map(String::as_str).chain(interned)
    }
}

#[derive(Clone, Debug, Default)]
pub struct FilterState {
    info: Arc<PodAffinityInfo>,
    /// Domains holding pods that match all the new pod's affinity terms.
    affinity_counts: Counts,
    /// Domains holding pods that match one of the new pod's anti-affinity terms.
    anti_affinity_counts: Counts,
    /// Domains existing pods' anti-affinity forbids to the new pod (from
    /// the walk or, for hostname and zone terms, the term index; and
    /// what-if pods added or removed).
    existing_anti_affinity_counts: Counts,
    /// The same from the term index for terms on other keys: per topology
    /// key, the per-domain counts of each indexed term that selects the
    /// new pod (shared, not copied). Added to `existing_anti_affinity_counts`.
    existing_anti_indexed: BTreeMap<String, Vec<Domains>>,
    /// The topology keys of both, each with its interned slot: what the
    /// filter looks up on every node.
    existing_keys: Vec<(String, Option<usize>)>,
    /// The interned slots of the new pod's required (anti-)affinity terms' keys.
    affinity_slots: Vec<Option<usize>>,
    anti_affinity_slots: Vec<Option<usize>>,
    /// The new pod matches all of its own affinity terms.
    self_match: bool,
}

/// Adds `by` to domain `k`=`v`; a count that reaches 0 is removed. PreFilter
/// bumps once per node holding matching pods, so the value map is searched
/// once (twice when the domain is new).
fn bump(m: &mut Pairs, k: &str, v: &str, by: i64) {
    if !m.contains_key(k) {
        m.insert(k.to_string(), BTreeMap::new());
    }
    let Some(values) = m.get_mut(k) else { return };
    match values.get_mut(v) {
        Some(e) => {
            *e += by;
            if *e == 0 {
                values.remove(v);
            }
        }
        None if by != 0 => {
            values.insert(v.to_string(), by);
        }
        None => {}
    }
    if values.is_empty() {
        m.remove(k);
    }
}

fn count(m: &Pairs, k: &str, v: &str) -> i64 {
    m.get(k).and_then(|values| values.get(v)).copied().unwrap_or(0)
}

type NsLookup<'a> = dyn Fn(&str) -> Option<Arc<Object>> + 'a;

fn matches_all(terms: &[AffinityTerm], ns: &str, labels: &BTreeMap<String, String>, nsl: &NsLookup) -> bool {
    !terms.is_empty() && terms.iter().all(|t| t.matches(ns, labels, nsl))
}

impl FilterState {
    /// Existing pods' anti-affinity terms forbidding `node`'s domain for
    /// key `k` (0 when the node lacks the label).
    #[inline]
    fn existing_anti(&self, k: &str, slot: Option<usize>, node: &NodeView) -> i64 {
        let own = self.existing_anti_affinity_counts.at(k, slot, node).unwrap_or(0);
        let Some(ds) = self.existing_anti_indexed.get(k) else { return own };
        let id = slot.map_or(NO_DOMAIN, |s| node.hot.domains.get(s));
        if id != NO_DOMAIN && ds.iter().all(Domains::ids_complete) {
            return own + ds.iter().filter_map(|d| d.by_id.get(&id)).sum::<i64>();
        }
        match node.label(k) {
            Some(v) => own + ds.iter().filter_map(|d| d.by_value.get(v)).sum::<i64>(),
            None => own,
        }
    }

    /// Records the keys and slots the filter reads (after PreFilter, and
    /// after a what-if pod changed the counts).
    fn refresh_keys(&mut self) {
        let keys = self.existing_anti_indexed.keys().map(String::as_str).chain(self.existing_anti_affinity_counts.keys());
        self.existing_keys = keys.map(|k| (k.to_string(), domain_ids::slot(k))).collect();
        kubeplay_model::sort::sort(&mut self.existing_keys);
        self.existing_keys.dedup();
    }

    /// Counts contributed by `n` pods in (ns, labels) on `node`, times `mult`.
    fn update_incoming(&mut self, ns: &str, labels: &BTreeMap<String, String>, n: i64, node: &NodeInfo, nsl: &NsLookup) {
        if matches_all(&self.info.required_affinity, ns, labels, nsl) {
            for t in &self.info.required_affinity {
                self.affinity_counts.bump(&t.topology_key, node, n);
            }
        }
        for t in &self.info.required_anti_affinity {
            if t.matches(ns, labels, nsl) {
                self.anti_affinity_counts.bump(&t.topology_key, node, n);
            }
        }
    }

    fn update_existing(&mut self, existing: &PodInfo, node: &NodeInfo, incoming: &PodInfo, mult: i64, nsl: &NsLookup) {
        for t in &existing.affinity.required_anti_affinity {
            if t.matches(incoming.namespace(), incoming.labels(), nsl) {
                self.existing_anti_affinity_counts.bump(&t.topology_key, node, mult);
            }
        }
    }

    fn update_with_pod(&mut self, p: &PodInfo, node: &NodeInfo, incoming: &PodInfo, mult: i64, nsl: &NsLookup) {
        self.update_existing(p, node, incoming, mult, nsl);
        self.update_incoming(p.namespace(), p.labels(), mult, node, nsl);
    }
}

/// Preferred-term score per topology domain.
#[derive(Clone, Debug, Default)]
pub struct ScoreState {
    topology_score: BTreeMap<String, BTreeMap<String, i64>>,
}

fn add_score(m: &mut BTreeMap<String, BTreeMap<String, i64>>, t: &AffinityTerm, weight: i64, node_labels: &BTreeMap<String, String>) {
    if let Some(v) = node_labels.get(&t.topology_key) {
        *m.entry(t.topology_key.clone()).or_default().entry(v.clone()).or_default() += weight;
    }
}

/// The new pod's terms: parsed already with its [`PodInfo`] unless it has
/// none or they did not parse, which parsing again tells apart (a pod's
/// terms parse the same every time).
fn parsed_terms(cx: &Cx) -> Result<Arc<PodAffinityInfo>, String> {
    if !cx.pod.affinity.is_empty() {
        return Ok(cx.pod.affinity.clone());
    }
    PodAffinityInfo::parse(cx.pod.pod()).map(Arc::new)
}

impl Plugin for InterPodAffinity {
    fn name(&self) -> &'static str {
        NAME
    }

    fn pre_filter(&self, cx: &Cx, state: &mut CycleState) -> PreFilterResult {
        let info = match parsed_terms(cx) {
            Ok(i) => i,
            Err(e) => return PreFilterResult::fail(Status::new(Code::UnschedulableAndUnresolvable, format!("parsing pod: {e}"))),
        };
        let nsl = cx.ns_lookup();
        let ids = &cx.cache.domain_ids;
        let mut s = FilterState {
            info: info.clone(),
            affinity_counts: Counts::new(ids),
            anti_affinity_counts: Counts::new(ids),
            existing_anti_affinity_counts: Counts::new(ids),
            ..Default::default()
        };
        // Existing pods whose required anti-affinity the new pod matches.
        match &cx.cache.affinity_index {
            // Each distinct term once. A hostname or zone term's counts
            // by id are added into the cycle's own (an array read per
            // examined node, where the term's map would be a search);
            // other terms' counts are shared, not copied.
            Some(ix) => {
                for (t, domains) in ix.of_kind(TermKind::RequiredAntiAffinity) {
                    if !t.matches(cx.pod.namespace(), cx.pod.labels(), &nsl) {
                        continue;
                    }
                    match domain_ids::slot(&t.topology_key) {
                        Some(slot) if domains.ids_complete() => {
                            for (id, c) in domains.by_id.iter() {
                                s.existing_anti_affinity_counts.bump_id(slot, *id, *c);
                            }
                        }
                        _ => s.existing_anti_indexed.entry(t.topology_key.clone()).or_default().push(domains.clone()),
                    }
                }
            }
            None => {
                for p in cx.cache.affinity_pods.values() {
                    // Match the terms first: the node lookups cost more, and
                    // most existing pods' terms don't select the new pod.
                    if !p.affinity.required_anti_affinity.iter().any(|t| t.matches(cx.pod.namespace(), cx.pod.labels(), &nsl)) {
                        continue;
                    }
                    if let Some(node) = cx.cache.node_of(&p.key).and_then(|n| cx.cache.node(n)).filter(|n| n.obj.is_some()) {
                        s.update_existing(p, node, cx.pod, 1, &nsl);
                    }
                }
            }
        }
        s.affinity_slots = info.required_affinity.iter().map(|t| domain_ids::slot(&t.topology_key)).collect();
        s.anti_affinity_slots = info.required_anti_affinity.iter().map(|t| domain_ids::slot(&t.topology_key)).collect();
        if !info.required_affinity.is_empty() || !info.required_anti_affinity.is_empty() {
            // Only groups some term matches can count: walk those groups'
            // nodes instead of every node. When every term's key is the
            // hostname or the zone, the nodes' ids (kept with the group's
            // nodes) are all the walk needs: no node is looked up.
            let ids_only = s.affinity_slots.iter().chain(&s.anti_affinity_slots).all(Option::is_some);
            for (g, nodes) in cx.cache.group_nodes().iter() {
                let all_aff = matches_all(&info.required_affinity, &g.namespace, &g.labels, &nsl);
                // Most groups match no term: ask before collecting which.
                if !all_aff && !info.required_anti_affinity.iter().any(|t| t.matches(&g.namespace, &g.labels, &nsl)) {
                    continue;
                }
                let anti: Vec<bool> = info.required_anti_affinity.iter().map(|t| t.matches(&g.namespace, &g.labels, &nsl)).collect();
                for gn in nodes.values() {
                    let by = gn.pods as i64;
                    if ids_only {
                        for slot in s.affinity_slots.iter().flatten().filter(|_| all_aff) {
                            s.affinity_counts.bump_ref(*slot, gn.refs, by);
                        }
                        for (slot, _) in s.anti_affinity_slots.iter().flatten().zip(&anti).filter(|(_, m)| **m) {
                            s.anti_affinity_counts.bump_ref(*slot, gn.refs, by);
                        }
                    } else if let Some(node) = cx.cache.node(&gn.name).filter(|n| n.obj.is_some()) {
                        s.update_incoming(&g.namespace, &g.labels, by, node, &nsl);
                    }
                }
            }
        }
        if s.existing_anti_affinity_counts.is_empty() && s.existing_anti_indexed.is_empty() && info.required_affinity.is_empty() && info.required_anti_affinity.is_empty() {
            return PreFilterResult::skip();
        }
        s.self_match = matches_all(&info.required_affinity, cx.pod.namespace(), cx.pod.labels(), &nsl);
        s.refresh_keys();
        state.inter_pod_affinity = Some(s);
        PreFilterResult::ok()
    }

    fn filter(&self, _cx: &Cx, state: &CycleState, node: &NodeView) -> FilterResult {
        let Some(s) = &state.inter_pod_affinity else { return Ok(()) };
        // Required affinity: every term's domain must hold a matching pod.
        let mut pods_exist = true;
        for (t, slot) in s.info.required_affinity.iter().zip(&s.affinity_slots) {
            match s.affinity_counts.at(&t.topology_key, *slot, node) {
                None => return Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_AFFINITY)),
                Some(c) => {
                    if c <= 0 {
                        pods_exist = false;
                    }
                }
            }
        }
        // The first pod of a group with affinity to itself may go anywhere
        // that has the topology labels.
        if !(pods_exist || s.affinity_counts.is_empty() && s.self_match) {
            return Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_AFFINITY));
        }
        if !s.anti_affinity_counts.is_empty() {
            for (t, slot) in s.info.required_anti_affinity.iter().zip(&s.anti_affinity_slots) {
                if s.anti_affinity_counts.at(&t.topology_key, *slot, node).is_some_and(|c| c > 0) {
                    return Err(Status::new(Code::Unschedulable, ERR_ANTI_AFFINITY));
                }
            }
        }
        // Only the topology keys of existing pods' terms can forbid a
        // domain: the node's value of each is looked up, rather than every
        // label of the node in the terms' maps.
        if s.existing_keys.iter().any(|(k, slot)| s.existing_anti(k, *slot, node) > 0) {
            return Err(Status::new(Code::Unschedulable, ERR_EXISTING_ANTI_AFFINITY));
        }
        Ok(())
    }

    fn add_pod(&self, cx: &Cx, state: &mut CycleState, pod: &PodInfo, node: &NodeInfo) {
        let nsl = cx.ns_lookup();
        if let Some(s) = state.inter_pod_affinity.as_mut() {
            s.update_with_pod(pod, node, cx.pod, 1, &nsl);
            s.refresh_keys();
        }
    }

    fn remove_pod(&self, cx: &Cx, state: &mut CycleState, pod: &PodInfo, node: &NodeInfo) {
        let nsl = cx.ns_lookup();
        if let Some(s) = state.inter_pod_affinity.as_mut() {
            s.update_with_pod(pod, node, cx.pod, -1, &nsl);
            s.refresh_keys();
        }
    }

    fn pre_score(&self, cx: &Cx, state: &mut CycleState, nodes: &[&NodeView]) -> Status {
        if nodes.is_empty() {
            return Status::skip();
        }
        let info = match parsed_terms(cx) {
            Ok(i) => i,
            Err(e) => return Status::new(Code::Error, format!("parsing pod: {e}")),
        };
        let has_constraints = !info.preferred_affinity.is_empty() || !info.preferred_anti_affinity.is_empty();
        if cx.profile.ignore_preferred_terms_of_existing_pods && !has_constraints {
            return Status::skip();
        }
        let nsl = cx.ns_lookup();
        let mut m: BTreeMap<String, BTreeMap<String, i64>> = BTreeMap::new();
        if has_constraints {
            // The new pod's preferred terms against every existing pod
            // (by group, visiting only the nodes of groups a term matches).
            for (g, nodes) in cx.cache.group_nodes().iter() {
                let relevant = info.preferred_affinity.iter().chain(&info.preferred_anti_affinity).any(|(_, t)| t.matches(&g.namespace, &g.labels, &nsl));
                if !relevant {
                    continue;
                }
                for gn in nodes.values() {
                    let c = &gn.pods;
                    let Some(node) = cx.cache.node(&gn.name).filter(|n| n.obj.is_some()) else { continue };
                    let labels = node.labels();
                    for (w, t) in &info.preferred_affinity {
                        if t.matches(&g.namespace, &g.labels, &nsl) {
                            add_score(&mut m, t, *w as i64 * *c as i64, labels);
                        }
                    }
                    for (w, t) in &info.preferred_anti_affinity {
                        if t.matches(&g.namespace, &g.labels, &nsl) {
                            add_score(&mut m, t, -(*w as i64) * *c as i64, labels);
                        }
                    }
                }
            }
        }
        // Existing pods' terms against the new pod.
        let hard = cx.profile.hard_pod_affinity_weight;
        let ignore_preferred = cx.profile.ignore_preferred_terms_of_existing_pods;
        let (ns, pl) = (cx.pod.namespace(), cx.pod.labels());
        match &cx.cache.affinity_index {
            // Each distinct term once: weight × its pods per domain.
            Some(ix) => {
                for (kind, terms) in ix.kinds() {
                    let weight = match kind {
                        TermKind::RequiredAntiAffinity => continue,
                        TermKind::RequiredAffinity if hard > 0 => hard,
                        TermKind::RequiredAffinity => continue,
                        TermKind::PreferredAffinity(_) | TermKind::PreferredAntiAffinity(_) if ignore_preferred => continue,
                        TermKind::PreferredAffinity(w) => w as i64,
                        TermKind::PreferredAntiAffinity(w) => -(w as i64),
                    };
                    for (t, domains) in terms.iter() {
                        if !t.matches(ns, pl, &nsl) {
                            continue;
                        }
                        let by_value = m.entry(t.topology_key.clone()).or_default();
                        for (v, c) in domains.by_value.iter() {
                            *by_value.entry(v.clone()).or_default() += weight * c;
                        }
                    }
                }
            }
            None => {
                for p in cx.cache.affinity_pods.values() {
                    let Some(node) = cx.cache.node_of(&p.key).and_then(|n| cx.cache.node(n)).filter(|n| n.obj.is_some()) else { continue };
                    let labels = node.labels();
                    if labels.is_empty() {
                        continue;
                    }
                    if hard > 0 {
                        for t in &p.affinity.required_affinity {
                            if t.matches(ns, pl, &nsl) {
                                add_score(&mut m, t, hard, labels);
                            }
                        }
                    }
                    if ignore_preferred {
                        continue;
                    }
                    for (w, t) in &p.affinity.preferred_affinity {
                        if t.matches(ns, pl, &nsl) {
                            add_score(&mut m, t, *w as i64, labels);
                        }
                    }
                    for (w, t) in &p.affinity.preferred_anti_affinity {
                        if t.matches(ns, pl, &nsl) {
                            add_score(&mut m, t, -(*w as i64), labels);
                        }
                    }
                }
            }
        }
        if m.is_empty() {
            return Status::skip();
        }
        state.inter_pod_affinity_score = Some(ScoreState { topology_score: m });
        Status::success()
    }

    fn score(&self, _cx: &Cx, state: &CycleState, node: &NodeView) -> i64 {
        let Some(s) = &state.inter_pod_affinity_score else { return 0 };
        s.topology_score.iter().filter_map(|(k, vals)| node.label(k).and_then(|v| vals.get(v))).sum()
    }

    fn normalize(&self, _cx: &Cx, state: &CycleState, _nodes: &[&NodeView], scores: &mut [i64]) {
        if state.inter_pod_affinity_score.is_none() {
            return;
        }
        let min = scores.iter().copied().min().unwrap_or(0);
        let max = scores.iter().copied().max().unwrap_or(0);
        let diff = max - min;
        for s in scores.iter_mut() {
            *s = if diff > 0 { (MAX_NODE_SCORE as f64 * ((*s - min) as f64 / diff as f64)) as i64 } else { 0 };
        }
    }

    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::AssignedPodAdd, ClusterEvent::AssignedPodUpdate, ClusterEvent::AssignedPodDelete, ClusterEvent::NodeAdd, ClusterEvent::NodeUpdate, ClusterEvent::NamespaceChange]
    }
}

#[cfg(test)]
#[path = "inter_pod_affinity_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::api::{Namespace, Pod, PodAffinity, PodAffinityTerm, WeightedPodAffinityTerm};
    use kubeplay_model::{LabelSelector, LabelSelectorRequirement, ObjectMeta};

    fn expr(key: &str, op: &str, values: &[&str]) -> LabelSelectorRequirement {
        LabelSelectorRequirement { key: key.into(), operator: op.into(), values: values.iter().map(|s| s.to_string()).collect() }
    }
    fn term(exprs: Vec<LabelSelectorRequirement>, key: &str) -> PodAffinityTerm {
        PodAffinityTerm { label_selector: Some(LabelSelector { match_labels: Default::default(), match_expressions: exprs }), topology_key: key.into(), ..Default::default() }
    }
    fn with(mut p: Pod, aff: Vec<PodAffinityTerm>, anti: Vec<PodAffinityTerm>) -> Pod {
        let a = p.spec_mut().affinity.get_or_insert_with(Default::default);
        if !aff.is_empty() {
            a.pod_affinity = Some(PodAffinity { required_during_scheduling_ignored_during_execution: aff, ..Default::default() });
        }
        if !anti.is_empty() {
            a.pod_anti_affinity = Some(PodAffinity { required_during_scheduling_ignored_during_execution: anti, ..Default::default() });
        }
        p
    }
    fn ns(name: &str, team: &str) -> Object {
        Object::Namespace(Box::new(Namespace { metadata: ObjectMeta { name: name.into(), labels: labels(&[("team", team)]).into(), ..Default::default() }, ..Default::default() }))
    }

    /// Filter on node1 {region: r1, zone: z11} with `existing` pods on it.
    fn single(incoming: Pod, existing: Vec<Pod>) -> Status {
        let w = World::new(vec![node("node1", &[("region", "r1"), ("zone", "z11")])], existing.into_iter().map(|p| assigned(p, "node1")).collect())
            .with(ns("subteam1-team1", "team1"))
            .with(ns("subteam2-team1", "team1"))
            .with(ns("subteam1-team2", "team2"))
            .with(ns("subteam2-team2", "team2"));
        w.filter(&InterPodAffinity, &incoming, "node1")
    }

    #[test]
    fn required_affinity_single_node() {
        // Upstream TestRequiredAffinitySingleNode.
        let scan = || pod("pod", &[("service", "securityscan")]);
        let s1 = || pod("in", &[("security", "S1")]);
        let ok = |s: Status| assert!(s.is_success(), "{s:?}");
        let fails = |s: Status, code: Code, r: &str| {
            assert_eq!(s.code, code);
            assert_eq!(s.reasons, [r]);
        };
        ok(single(pod("in", &[]), vec![]));
        ok(single(with(s1(), vec![term(vec![expr("service", "In", &["securityscan", "value2"])], "region")], vec![]), vec![scan()]));
        ok(single(with(s1(), vec![term(vec![expr("service", "NotIn", &["securityscan3", "value3"])], "region")], vec![]), vec![scan()]));
        let mut t = term(vec![expr("service", "In", &["securityscan", "value2"])], "");
        t.namespaces = vec!["DiffNameSpace".into()];
        fails(single(with(s1(), vec![t], vec![]), vec![pod_in("ns", "pod", &[("service", "securityscan")])]), Code::UnschedulableAndUnresolvable, ERR_AFFINITY);
        fails(
            single(with(pod("in", &[("service", "securityscan")]), vec![term(vec![expr("service", "In", &["antivirusscan", "value2"])], "")], vec![]), vec![scan()]),
            Code::UnschedulableAndUnresolvable,
            ERR_AFFINITY,
        );
        let two = |v: &str| {
            vec![
                term(vec![expr("service", "Exists", &[]), expr("wrongkey", "DoesNotExist", &[])], "region"),
                term(vec![expr("service", "In", &[v]), expr("service", "NotIn", &["WrongValue"])], "region"),
            ]
        };
        ok(single(with(s1(), two("securityscan"), vec![]), vec![scan()]));
        fails(single(with(s1(), two("securityscan2"), vec![]), vec![scan()]), Code::UnschedulableAndUnresolvable, ERR_AFFINITY);
        let aff = || vec![term(vec![expr("service", "In", &["securityscan", "value2"])], "region")];
        ok(single(with(s1(), aff(), vec![term(vec![expr("service", "In", &["antivirusscan", "value2"])], "node")]), vec![scan()]));
        fails(single(with(s1(), aff(), vec![term(vec![expr("service", "In", &["securityscan", "value2"])], "zone")]), vec![scan()]), Code::Unschedulable, ERR_ANTI_AFFINITY);
        let existing_anti = with(scan(), vec![], vec![term(vec![expr("service", "In", &["securityscan", "value2"])], "zone")]);
        fails(
            single(with(pod("in", &[("service", "securityscan")]), aff(), vec![term(vec![expr("service", "In", &["antivirusscan", "value2"])], "node")]), vec![existing_anti.clone()]),
            Code::Unschedulable,
            ERR_EXISTING_ANTI_AFFINITY,
        );
        fails(single(pod("in", &[("service", "securityscan")]), vec![existing_anti]), Code::Unschedulable, ERR_EXISTING_ANTI_AFFINITY);
        let existing_not_in = with(scan(), vec![], vec![term(vec![expr("service", "NotIn", &["securityscan", "value2"])], "zone")]);
        ok(single(pod("in", &[("service", "securityscan")]), vec![existing_not_in]));
        let sym_in = with(pod("in", &[("abc", ""), ("xyz", "")]), vec![], vec![term(vec![expr("abc", "Exists", &[])], "zone"), term(vec![expr("def", "Exists", &[])], "zone")]);
        let sym_ex = with(pod("pod", &[("def", ""), ("xyz", "")]), vec![], vec![term(vec![expr("abc", "Exists", &[])], "zone"), term(vec![expr("def", "Exists", &[])], "zone")]);
        fails(single(sym_in, vec![sym_ex]), Code::Unschedulable, ERR_ANTI_AFFINITY);
        // namespaceSelector: team1 namespaces match, team2 don't.
        let mut t = term(vec![expr("service", "In", &["securityscan", "value2"])], "region");
        t.namespace_selector = Some(LabelSelector { match_expressions: vec![expr("team", "In", &["team1"])], ..Default::default() });
        ok(single(with(s1(), vec![t.clone()], vec![]), vec![pod_in("subteam1-team1", "pod", &[("service", "securityscan")])]));
        fails(single(with(s1(), vec![t], vec![]), vec![pod_in("subteam1-team2", "pod", &[("service", "securityscan")])]), Code::UnschedulableAndUnresolvable, ERR_AFFINITY);
        let mut t = term(vec![expr("service", "In", &["securityscan", "value2"])], "zone");
        t.namespace_selector = Some(LabelSelector { match_expressions: vec![expr("team", "In", &["team1"])], ..Default::default() });
        let incoming = |t: PodAffinityTerm| with(pod_in("subteam1-team1", "in", &[("security", "S1")]), vec![], vec![t]);
        fails(single(incoming(t.clone()), vec![pod_in("subteam2-team1", "pod", &[("service", "securityscan")])]), Code::Unschedulable, ERR_ANTI_AFFINITY);
        ok(single(incoming(t), vec![pod_in("subteam1-team2", "pod", &[("service", "securityscan")])]));
        let mut all = term(vec![expr("service", "In", &["securityscan", "value2"])], "zone");
        all.namespace_selector = Some(LabelSelector::default());
        fails(single(incoming(all), vec![pod_in("subteam2-team1", "pod", &[("service", "securityscan")])]), Code::Unschedulable, ERR_ANTI_AFFINITY);
    }

    #[test]
    fn required_affinity_multiple_nodes() {
        // Upstream TestRequiredAffinityMultipleNodes.
        let run = |incoming: Pod, existing: Vec<(Pod, &str)>, nodes: Vec<kubeplay_model::api::Node>| {
            let names: Vec<String> = nodes.iter().map(|n| n.metadata.name.clone()).collect();
            let w = World::new(nodes, existing.into_iter().map(|(p, n)| assigned(p, n)).collect());
            names.iter().map(|n| w.filter(&InterPodAffinity, &incoming, n).is_success()).collect::<Vec<bool>>()
        };
        let china = |n: &str| node(n, &[("region", "China")]);
        let got = run(
            with(pod("in", &[]), vec![term(vec![expr("foo", "In", &["bar"])], "region")], vec![]),
            vec![(pod("p1", &[("foo", "bar")]), "machine1")],
            vec![china("machine1"), node("machine2", &[("region", "China"), ("az", "az1")]), node("machine3", &[("region", "India")])],
        );
        assert_eq!(got, [true, true, false]);
        let both = || with(pod("in", &[("foo", "bar"), ("service", "securityscan")]), vec![term(vec![expr("foo", "In", &["bar"])], "zone"), term(vec![expr("service", "In", &["securityscan"])], "zone")], vec![]);
        let got = run(both(), vec![(pod("p1", &[("foo", "bar")]), "nodeA")], vec![node("nodeA", &[("zone", "az1")]), node("nodeB", &[("zone", "az2")])]);
        assert_eq!(got, [true, true]);
        let got = run(both(), vec![(pod("p1", &[("foo", "bar")]), "nodeA")], vec![node("nodeA", &[("zoneLabel", "az1")]), node("nodeB", &[("zoneLabel", "az2")])]);
        assert_eq!(got, [false, false]);
        let anti = || with(pod("in", &[]), vec![], vec![term(vec![expr("foo", "In", &["abc"])], "region")]);
        let got = run(anti(), vec![(pod("p1", &[("foo", "abc")]), "nodeA")], vec![node("nodeA", &[("region", "r1")]), node("nodeB", &[("region", "r1")])]);
        assert_eq!(got, [false, false]);
        let got = run(anti(), vec![(pod("p1", &[("foo", "abc")]), "nodeA")], vec![china("nodeA"), node("nodeB", &[("region", "China"), ("az", "az1")]), node("nodeC", &[("region", "India")])]);
        assert_eq!(got, [false, false, true]);
        let got = run(
            with(pod("in", &[]), vec![], vec![term(vec![expr("foo", "Exists", &[])], "invalid-node-label")]),
            vec![(pod("p1", &[("foo", "")]), "nodeA")],
            vec![node("nodeA", &[]), node("nodeB", &[])],
        );
        assert_eq!(got, [true, true]);
    }

    /// More rows of upstream's TestRequiredAffinitySingleNode and
    /// TestRequiredAffinityMultipleNodes (v1.32).
    #[test]
    fn required_affinity_more_upstream_rows() {
        let fails = |s: Status, code: Code, r: &str| {
            assert_eq!(s.code, code, "{s:?}");
            assert_eq!(s.reasons, [r]);
        };
        let exists = |k: &str, key: &str| term(vec![expr(k, "Exists", &[])], key);
        // The incoming pod's two anti terms @region; the existing pod's own
        // anti term does not matter: it matches security, the pod is S1.
        let existing = with(pod("pod", &[("security", "S1")]), vec![], vec![exists("security", "zone")]);
        let incoming = with(pod("in", &[("service", "securityscan")]), vec![], vec![exists("service", "region"), exists("security", "region")]);
        fails(single(incoming, vec![existing.clone()]), Code::Unschedulable, ERR_ANTI_AFFINITY);
        let incoming = with(pod("in", &[("service", "securityscan")]), vec![], vec![exists("service", "zone"), exists("security", "zone")]);
        fails(single(incoming, vec![existing]), Code::Unschedulable, ERR_ANTI_AFFINITY);
        // The existing pod's anti terms (ANDed) reject the S1 pod.
        let existing = with(pod("pod", &[("service", "securityscan")]), vec![], vec![exists("service", "zone"), exists("security", "zone")]);
        let incoming = with(pod("in", &[("security", "S1")]), vec![], vec![exists("security", "zone")]);
        fails(single(incoming, vec![existing]), Code::Unschedulable, ERR_EXISTING_ANTI_AFFINITY);
        // Symmetric terms, the other way round.
        let both = || vec![exists("abc", "zone"), exists("def", "zone")];
        let incoming = with(pod("in", &[("def", ""), ("xyz", "")]), vec![], both());
        fails(single(incoming, vec![with(pod("pod", &[("abc", ""), ("xyz", "")]), vec![], both())]), Code::Unschedulable, ERR_ANTI_AFFINITY);

        let run = |incoming: Pod, existing: Vec<(Pod, &str)>, nodes: Vec<kubeplay_model::api::Node>| {
            let names: Vec<String> = nodes.iter().map(|n| n.metadata.name.clone()).collect();
            let w = World::new(nodes, existing.into_iter().map(|(p, n)| assigned(p, n)).collect());
            names.iter().map(|n| w.filter(&InterPodAffinity, &incoming, n).is_success()).collect::<Vec<bool>>()
        };
        // Any anti term rejects: foo@region and service@zone.
        let anti = with(pod("in", &[]), vec![], vec![term(vec![expr("foo", "In", &["abc"])], "region"), term(vec![expr("service", "In", &["securityscan"])], "zone")]);
        let nodes = vec![node("nodeA", &[("region", "r1"), ("zone", "z1")]), node("nodeB", &[("region", "r1"), ("zone", "z2")])];
        assert_eq!(run(anti, vec![(pod("p1", &[("foo", "abc"), ("service", "securityscan")]), "nodeA")], nodes), [false, false]);
        // A term is scoped to its pod's namespace: nodeC's NS2 pod's term
        // does not see the NS1 pod.
        let china = |n: &str| node(n, &[("region", "China")]);
        let nodes = || vec![china("nodeA"), node("nodeB", &[("region", "China"), ("az", "az1")]), node("nodeC", &[("region", "India")])];
        let incoming = with(pod_in("NS1", "in", &[("foo", "123")]), vec![], vec![term(vec![expr("foo", "In", &["bar"])], "region")]);
        let on_c = with(pod_in("NS2", "p2", &[]), vec![], vec![term(vec![expr("foo", "In", &["123"])], "region")]);
        assert_eq!(run(incoming, vec![(pod_in("NS1", "p1", &[("foo", "bar")]), "nodeA"), (on_c, "nodeC")], nodes()), [false, false, true]);
        // An existing pod's anti term on a label no node has: every node fits
        // (and the incoming pod, without terms, needs no filtering at all).
        let existing = with(pod("p1", &[]), vec![], vec![exists("foo", "invalid-node-label")]);
        assert_eq!(run(pod("in", &[("foo", "")]), vec![(existing, "nodeA")], vec![node("nodeA", &[]), node("nodeB", &[])]), [true, true]);
    }

    fn pref(mut p: Pod, aff: Vec<(i32, PodAffinityTerm)>, anti: Vec<(i32, PodAffinityTerm)>) -> Pod {
        let w = |v: Vec<(i32, PodAffinityTerm)>| v.into_iter().map(|(weight, t)| WeightedPodAffinityTerm { weight, pod_affinity_term: t }).collect();
        let a = p.spec_mut().affinity.get_or_insert_with(Default::default);
        a.pod_affinity.get_or_insert_with(Default::default).preferred_during_scheduling_ignored_during_execution = w(aff);
        a.pod_anti_affinity.get_or_insert_with(Default::default).preferred_during_scheduling_ignored_during_execution = w(anti);
        p
    }

    #[test]
    fn preferred_affinity_scores() {
        // Upstream TestPreferredAffinity (a selection of rows).
        let s1 = || pod("in", &[("security", "S1")]);
        let stay_s1 = || (5, term(vec![expr("security", "In", &["S1"])], "region"));
        let stay_s2 = || (6, term(vec![expr("security", "In", &["S2"])], "region"));
        let away_s1_az = || (5, term(vec![expr("security", "In", &["S1"])], "az"));
        let china = || node("node1", &[("region", "China")]);
        let india = || node("node2", &[("region", "India")]);
        let az1 = || node("node3", &[("az", "az1")]);
        let run = |incoming: Pod, existing: Vec<(Pod, &str)>, nodes: Vec<kubeplay_model::api::Node>| {
            let names: Vec<String> = nodes.iter().map(|n| n.metadata.name.clone()).collect();
            let existing = existing.into_iter().enumerate().map(|(i, (mut p, n))| {
                p.metadata.name = format!("e{i}");
                assigned(p, n)
            });
            let w = World::new(nodes, existing.collect());
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            w.scores(&InterPodAffinity, &incoming, &refs)
        };
        let e = |l: &str| pod("e", &[("security", l)]);
        assert_eq!(run(s1(), vec![], vec![china(), india(), az1()]), None);
        assert_eq!(run(pref(s1(), vec![stay_s1()], vec![]), vec![(e("S1"), "node1"), (e("S2"), "node2"), (e("S1"), "node3")], vec![china(), india(), az1()]), Some(vec![100, 0, 0]));
        assert_eq!(
            run(pref(pod("in", &[]), vec![stay_s1()], vec![]), vec![(e("S1"), "node1")], vec![china(), node("node2", &[("region", "China"), ("az", "az1")]), node("node3", &[("region", "India")])]),
            Some(vec![100, 100, 0])
        );
        // Symmetry: existing pods' preferred terms.
        assert_eq!(
            run(pod("in", &[("security", "S2")]), vec![(pref(e("S1"), vec![stay_s1()], vec![]), "node1"), (pref(e("S2"), vec![stay_s2()], vec![]), "node2")], vec![china(), india(), az1()]),
            Some(vec![0, 100, 0])
        );
        // Hard affinity of existing pods counts with hardPodAffinityWeight.
        let hard = || {
            vec![
                term(vec![expr("security", "In", &["S1", "value2"])], "region"),
                term(vec![expr("security", "Exists", &[]), expr("wrongkey", "DoesNotExist", &[])], "region"),
            ]
        };
        assert_eq!(run(s1(), vec![(with(e("S1"), hard(), vec![]), "node1"), (with(e("S2"), hard(), vec![]), "node2")], vec![china(), india(), az1()]), Some(vec![100, 100, 0]));
        // Anti-affinity lowers.
        let n_az1 = || node("node1", &[("az", "az1")]);
        let n_china2 = || node("node2", &[("region", "China")]);
        assert_eq!(run(pref(s1(), vec![], vec![away_s1_az()]), vec![(e("S1"), "node1"), (e("S2"), "node2")], vec![n_az1(), n_china2()]), Some(vec![0, 100]));
        assert_eq!(run(pref(s1(), vec![], vec![away_s1_az()]), vec![(e("S1"), "node1"), (e("S1"), "node2")], vec![n_az1(), n_china2()]), Some(vec![0, 100]));
        // stayWithS1InRegionAwayFromS2InAz with raw 8, -5, 8, -5.
        let mixed = |p: Pod| pref(p, vec![(8, term(vec![expr("security", "In", &["S1"])], "region"))], vec![(5, term(vec![expr("security", "In", &["S2"])], "az"))]);
        let away_s1 = |p: Pod| pref(p, vec![], vec![away_s1_az()]);
        let got = run(
            mixed(s1()),
            vec![(e("S1"), "node1"), (e("S2"), "node2"), (mixed(pod("x", &[])), "node3"), (away_s1(pod("y", &[])), "node4")],
            vec![node("node1", &[("region", "China")]), node("node2", &[("az", "az1")]), node("node3", &[("region", "India")]), node("node4", &[("az", "az2")])],
        );
        assert_eq!(got, Some(vec![100, 0, 100, 0]));

        // More rows of upstream's TestPreferredAffinity (v1.32).
        let nodes5 = || vec![china(), india(), node("node3", &[("region", "China")]), node("node4", &[("region", "China")]), node("node5", &[("region", "India")])];
        let on5 = |l: &str| vec![(e(l), "node1"), (e(l), "node1"), (e(l), "node2"), (e(l), "node3"), (e(l), "node4"), (e(l), "node5")];
        assert_eq!(run(pref(s1(), vec![stay_s2()], vec![]), on5("S2"), nodes5()), Some(vec![100, 0, 100, 100, 0]));
        let n_india2 = || node("node2", &[("region", "India")]);
        assert_eq!(run(pref(s1(), vec![], vec![away_s1_az()]), vec![(e("S1"), "node1"), (e("S1"), "node1"), (e("S2"), "node2")], vec![n_az1(), n_india2()]), Some(vec![0, 100]));
        let away_s2_az = || (5, term(vec![expr("security", "In", &["S2"])], "az"));
        let got = run(
            pod("in", &[("security", "S2")]),
            vec![(pref(e("S1"), vec![], vec![away_s2_az()]), "node1"), (pref(e("S2"), vec![], vec![away_s1_az()]), "node2")],
            vec![n_az1(), node("node2", &[("az", "az2")])],
        );
        assert_eq!(got, Some(vec![0, 100]));
        assert_eq!(run(mixed(s1()), vec![(e("S1"), "node1"), (e("S1"), "node2")], vec![china(), node("node2", &[("az", "az1")])]), Some(vec![100, 0]));
        // Every node in the same region: the same raw score, so all 0.
        assert_eq!(run(s1(), vec![(e("S1"), "node1"), (mixed(pod("x", &[])), "node2")], vec![china(), node("node2", &[("region", "China")])]), Some(vec![0, 0]));
        // ignorePreferredTermsOfExistingPods: the incoming pod has no terms,
        // so nothing is scored; without it, existing pods' terms count.
        let existing = || vec![(mixed(e("S1")), "node1"), (pref(e("S2"), vec![stay_s2()], vec![]), "node2")];
        let scored = |ignore: bool| {
            let mut w = World::new(vec![china(), india()], existing().into_iter().enumerate().map(|(i, (mut p, n))| {
                p.metadata.name = format!("e{i}");
                assigned(p, n)
            }).collect());
            w.profile.ignore_preferred_terms_of_existing_pods = ignore;
            w.scores(&InterPodAffinity, &pod("in", &[("security", "S2")]), &["node1", "node2"])
        };
        assert_eq!(scored(true), None);
        assert_eq!(scored(false), Some(vec![0, 100]));
    }

    /// The term index answers as the walk over existing pods does, after
    /// pods are bound and deleted and nodes relabelled or removed, and with
    /// what-if pods added and removed in a cycle (preemption, nominations).
    #[test]
    fn term_index_agrees_with_the_walk() {
        use crate::scheduler::cache::{Cache, PodInfo};
        let zone = |n: &str, z: &str| node(n, &[("kubernetes.io/hostname", n), ("topology.kubernetes.io/zone", z)]);
        let nodes = vec![zone("n1", "a"), zone("n2", "a"), zone("n3", "b"), zone("n4", "b"), node("n5", &[("kubernetes.io/hostname", "n5")])];
        let host_anti = |p: Pod, app: &str| with(p, vec![], vec![term(vec![expr("app", "In", &[app])], "kubernetes.io/hostname")]);
        let zone_anti = |p: Pod, app: &str| with(p, vec![], vec![term(vec![expr("app", "In", &[app])], "topology.kubernetes.io/zone")]);
        let mut existing = vec![
            (host_anti(pod("w1", &[("app", "web")]), "web"), "n1"),
            (host_anti(pod("w2", &[("app", "web")]), "web"), "n3"),
            (host_anti(pod("w3", &[("app", "web")]), "web"), "n5"),
            (zone_anti(pod("d1", &[("app", "db")]), "db"), "n2"),
            (with(pod("c1", &[("app", "cache")]), vec![term(vec![expr("app", "In", &["web"])], "topology.kubernetes.io/zone")], vec![]), "n4"),
            (pref(pod("p1", &[("app", "batch")]), vec![(7, term(vec![expr("app", "In", &["web"])], "topology.kubernetes.io/zone"))], vec![(3, term(vec![expr("app", "In", &["db"])], "topology.kubernetes.io/zone"))]), "n1"),
            (pref(pod("p2", &[("app", "batch")]), vec![(7, term(vec![expr("app", "In", &["web"])], "topology.kubernetes.io/zone"))], vec![]), "n3"),
        ];
        // A pod listing the same term twice counts twice.
        let twice = term(vec![expr("app", "In", &["db"])], "kubernetes.io/hostname");
        existing.push((with(pod("t1", &[("app", "x")]), vec![], vec![twice.clone(), twice]), "n4"));
        let mut w = World::new(nodes, existing.into_iter().map(|(p, n)| assigned(p, n)).collect());
        let incoming = [
            pod("in-web", &[("app", "web")]),
            pod("in-db", &[("app", "db")]),
            host_anti(pod("in-web2", &[("app", "web")]), "web"),
            pod("in-other", &[("app", "other")]),
        ];
        let names = ["n1", "n2", "n3", "n4", "n5"];
        let check = |w: &World, what: &str| {
            let fresh = {
                // An index built late, from a cache that already has the pods.
                let mut c = w.cache.clone();
                c.ensure_affinity_index();
                c
            };
            for p in &incoming {
                let live: Vec<&str> = names.iter().copied().filter(|n| w.cache.node(n).is_some_and(|i| i.obj.is_some())).collect();
                let got: Vec<Status> = live.iter().map(|n| w.filter(&InterPodAffinity, p, n)).collect();
                let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.clone()))));
                for (n, want) in live.iter().zip(&got) {
                    let cx = Cx { pod: &info, cache: &fresh, store: &w.store, profile: &w.profile };
                    let mut st = CycleState::default();
                    let pre = InterPodAffinity.pre_filter(&cx, &mut st);
                    let s = if pre.status.code == Code::Skip { Status::success() } else { crate::scheduler::framework::filter_status(InterPodAffinity.filter(&cx, &st, &NodeView::new(fresh.node(n).unwrap().clone()))) };
                    assert_eq!(&s, want, "{what}: late index, {} on {n}", p.metadata.name);
                }
                w.scores(&InterPodAffinity, p, &live);
                // What-if: each existing pod removed from its node, then added back.
                let run = |cache: &Cache| {
                    let cx = Cx { pod: &info, cache, store: &w.store, profile: &w.profile };
                    let mut out = Vec::new();
                    for n in &live {
                        let node = cache.node(n).unwrap().clone();
                        for ep in node.pods.values() {
                            let mut st = CycleState::default();
                            if InterPodAffinity.pre_filter(&cx, &mut st).status.code == Code::Skip {
                                continue;
                            }
                            InterPodAffinity.remove_pod(&cx, &mut st, ep, &node);
                            let removed: Vec<Status> = live.iter().map(|m| crate::scheduler::framework::filter_status(InterPodAffinity.filter(&cx, &st, &NodeView::new(cache.node(m).unwrap().clone())))).collect();
                            InterPodAffinity.add_pod(&cx, &mut st, ep, &node);
                            InterPodAffinity.add_pod(&cx, &mut st, ep, &node);
                            let doubled: Vec<Status> = live.iter().map(|m| crate::scheduler::framework::filter_status(InterPodAffinity.filter(&cx, &st, &NodeView::new(cache.node(m).unwrap().clone())))).collect();
                            out.push((removed, doubled));
                        }
                    }
                    out
                };
                assert_eq!(run(&w.cache), run(&w.indexed), "{what}: what-if runs of {}", p.metadata.name);
            }
        };
        check(&w, "initial");
        // The hostname-anti-affinity web pod on n3 goes: n3 opens for web pods.
        let gone = assigned(host_anti(pod("w2", &[("app", "web")]), "web"), "n3");
        let key = Object::Pod(Box::new(gone)).key();
        w.cache.set_pod(&key, None);
        w.indexed.set_pod(&key, None);
        assert!(w.filter(&InterPodAffinity, &incoming[0], "n3").is_success());
        check(&w, "after a delete");
        // n2 moves from zone a to zone b: the db pod's zone anti-affinity moves with it.
        let relabelled = Arc::new(Object::Node(Box::new(zone("n2", "b"))));
        w.cache.set_node("n2", Some(relabelled.clone()));
        w.indexed.set_node("n2", Some(relabelled));
        assert_eq!(w.filter(&InterPodAffinity, &incoming[1], "n1").code, Code::Success);
        assert_eq!(w.filter(&InterPodAffinity, &incoming[1], "n3").code, Code::Unschedulable);
        check(&w, "after a relabel");
        // n1 leaves the cluster with its pods still cached.
        w.cache.set_node("n1", None);
        w.indexed.set_node("n1", None);
        check(&w, "after a node delete");
        // It comes back.
        let back = Arc::new(Object::Node(Box::new(zone("n1", "a"))));
        w.cache.set_node("n1", Some(back.clone()));
        w.indexed.set_node("n1", Some(back));
        check(&w, "after the node returns");
    }
}
