//! PodTopologySpread: keeps matching pods spread across topology domains.
//! DoNotSchedule constraints filter out nodes where the skew (pods in the
//! node's domain + this pod − the least-loaded domain) would exceed
//! maxSkew; ScheduleAnyway constraints, or the system defaults for pods
//! owned by a workload or selected by a Service, only score.

use crate::gomath::to_f64;
use crate::scheduler::cache::{LabelLookup, NodeInfo, NodeView};
use crate::scheduler::domain_ids;
use crate::scheduler::domains::{Domain, KeyIndex};
use crate::scheduler::framework::{ClusterEvent, Code, Cx, CycleState, FilterResult, Plugin, PreFilterResult, Status, MAX_NODE_SCORE};
use crate::scheduler::plugins::node_affinity::RequiredAffinity;
use crate::scheduler::plugins::taint_toleration::first_untolerated;
use kubeplay_model::api::{Node, Pod, TopologySpreadConstraint};
use kubeplay_model::hashed::Lookup;
use kubeplay_model::selector::{Operator, Requirement, Selector};
use kubeplay_model::{Kind, Object};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

pub const NAME: &str = "PodTopologySpread";
pub const ERR_CONSTRAINTS: &str = "node(s) didn't match pod topology spread constraints";
pub const ERR_MISSING_LABEL: &str = "node(s) didn't match pod topology spread constraints (missing required label)";
const HOSTNAME: &str = domain_ids::HOSTNAME;
const ZONE: &str = domain_ids::ZONE;

pub struct PodTopologySpread;

/// A constraint ready to evaluate.
#[derive(Clone, Debug)]
pub struct Constraint {
    pub max_skew: i64,
    pub topology_key: String,
    /// None: a nil labelSelector, which matches no pod.
    pub selector: Option<Selector>,
    pub min_domains: i64,
    pub honor_node_affinity: bool,
    pub honor_taints: bool,
}

impl Constraint {
    fn parse(c: &TopologySpreadConstraint, pod: &Pod) -> Result<Constraint, String> {
        let selector = match &c.label_selector {
            None => None,
            Some(ls) => {
                let mut s = ls.to_selector().map_err(|e| e.to_string())?;
                for k in &c.match_label_keys {
                    if let Some(v) = pod.metadata.labels.get(k) {
                        s.add(Requirement { key: k.clone(), operator: Operator::In, values: vec![v.clone()] });
                    }
                }
                Some(s)
            }
        };
        Ok(Constraint {
            max_skew: c.max_skew as i64,
            topology_key: c.topology_key.clone(),
            selector,
            min_domains: c.min_domains.unwrap_or(1) as i64,
            honor_node_affinity: c.node_affinity_policy.as_deref() != Some("Ignore"),
            honor_taints: c.node_taints_policy.as_deref() == Some("Honor"),
        })
    }

    fn self_match(&self, pod: &Pod) -> bool {
        self.selector.as_ref().is_some_and(|s| s.matches(&pod.metadata.labels))
    }

    fn includes_node(&self, pod: &Pod, node: &Node, required: &RequiredAffinity) -> bool {
        if self.honor_node_affinity && !required.matches(node) {
            return false;
        }
        if self.honor_taints && first_untolerated(&node.spec.taints, &pod.spec.tolerations).is_some() {
            return false;
        }
        true
    }

    /// Matching, non-terminating pods of the pod's namespace on a node.
    fn count(&self, node: &NodeInfo, ns: &str) -> i64 {
        match &self.selector {
            None => 0,
            Some(s) => node.count_matching(&|n: &str| n == ns, s, false) as i64,
        }
    }

    /// The same over a whole domain.
    fn count_domain(&self, d: &Domain, ns: &str) -> i64 {
        self.selector.as_ref().map_or(0, |s| d.count_matching(ns, s))
    }

    /// Every node counts for this constraint whatever its labels besides
    /// the topology key, so per-domain totals can replace a node walk.
    fn counts_every_node(&self, required: &RequiredAffinity) -> bool {
        (!self.honor_node_affinity || required.matches_every_node()) && !self.honor_taints
    }
}

/// The topology keys whose per-domain counts this pod's cycle reads: its
/// explicit constraints' keys, or the zone key of the system defaults
/// (their hostname constraint is counted per node anyway).
pub fn indexed_keys(pod: &Pod) -> Vec<&str> {
    if pod.spec.topology_spread_constraints.is_empty() {
        return vec![ZONE];
    }
    pod.spec.topology_spread_constraints.iter().map(|c| c.topology_key.as_str()).collect()
}

/// The indexes of every constraint's key, when they can stand in for the
/// node walk: each constraint counts every node, and with several keys
/// every node has all of them (else nodes missing one would be skipped).
fn indexes<'a>(cx: &'a Cx, cs: &[Constraint], required: &RequiredAffinity, all_keys_required: bool) -> Option<Vec<&'a KeyIndex>> {
    if !cs.iter().all(|c| c.counts_every_node(required)) {
        return None;
    }
    let ix: Vec<&KeyIndex> = cs.iter().map(|c| cx.cache.domains.get(&c.topology_key)).collect::<Option<_>>()?;
    if all_keys_required && cs.len() > 1 && ix.iter().any(|i| i.missing.nodes > 0) {
        return None;
    }
    Some(ix)
}

fn constraints(pod: &Pod, when: &str) -> Result<Vec<Constraint>, String> {
    pod.spec.topology_spread_constraints.iter().filter(|c| c.when_unsatisfiable == when).map(|c| Constraint::parse(c, pod)).collect()
}

fn has_all_keys(labels: &impl LabelLookup, cs: &[Constraint]) -> bool {
    cs.iter().all(|c| labels.label(&c.topology_key).is_some())
}

#[derive(Clone, Debug, Default)]
pub struct FilterState {
    constraints: Vec<Constraint>,
    /// Per constraint: domain value → matching pods.
    counts: Vec<BTreeMap<String, i64>>,
    /// Per constraint: its key's interned slot, and the same counts by
    /// domain id when the key is interned and the domains are few (zones),
    /// so the filter reads the node's id instead of its labels.
    slots: Vec<Option<usize>>,
    by_id: Vec<Option<Vec<i64>>>,
    /// Per constraint: the least-loaded domain's count.
    min: Vec<i64>,
    /// Per constraint: 1 when its selector matches the pod itself (the
    /// same for every node: worked out once).
    self_match: Vec<i64>,
}

/// Domains up to which PreFilter keeps counts by id (a hostname
/// constraint has one per node: looking every value's id up would cost
/// more than the filter saves).
const MAX_DENSE_DOMAINS: usize = 64;

impl FilterState {
    fn new(cx: &Cx, constraints: Vec<Constraint>, counts: Vec<BTreeMap<String, i64>>) -> FilterState {
        let slots: Vec<Option<usize>> = constraints.iter().map(|c| domain_ids::slot(&c.topology_key)).collect();
        let by_id = slots
            .iter()
            .zip(&counts)
            .map(|(slot, counts)| {
                let slot = (*slot)?;
                if counts.len() > MAX_DENSE_DOMAINS {
                    return None;
                }
                let mut dense = Vec::new();
                for (v, c) in counts {
                    let id = cx.cache.domain_ids.get(slot, v)? as usize;
                    if dense.len() <= id {
                        dense.resize(id + 1, 0);
                    }
                    dense[id] = *c;
                }
                Some(dense)
            })
            .collect();
        let self_match = constraints.iter().map(|c| c.self_match(cx.pod.pod()) as i64).collect();
        let mut s = FilterState { constraints, counts, slots, by_id, min: Vec::new(), self_match };
        s.recompute_min();
        s
    }

    /// Constraint `i`'s count in `node`'s domain; None when the node lacks
    /// the key.
    fn count_at(&self, i: usize, node: &NodeView) -> Option<i64> {
        if let (Some(slot), Some(dense)) = (self.slots[i], &self.by_id[i]) {
            let id = node.hot.domains.get(slot);
            if id != domain_ids::NO_DOMAIN {
                return Some(dense.get(id as usize).copied().unwrap_or(0));
            }
        }
        let v = node.label(&self.constraints[i].topology_key)?;
        Some(self.counts[i].get(v).copied().unwrap_or(0))
    }

    fn recompute_min(&mut self) {
        self.min = self.counts.iter().map(|c| c.values().copied().min().unwrap_or(i32::MAX as i64)).collect();
    }

    fn update(&mut self, cx: &Cx, pod: &Pod, node: &NodeInfo, by: i64) {
        let labels = node.labels();
        if pod.metadata.namespace != cx.pod.namespace() || !has_all_keys(labels, &self.constraints) {
            return;
        }
        let required = RequiredAffinity::of(cx.pod.pod());
        for (i, c) in self.constraints.iter().enumerate() {
            if !c.includes_node(cx.pod.pod(), node.node(), &required) || !c.self_match(pod) {
                continue;
            }
            if let Some(v) = labels.get(&c.topology_key) {
                *self.counts[i].entry(v.clone()).or_default() += by;
                // What-if pods are rare: the filter reads by value from now.
                self.by_id[i] = None;
            }
        }
        self.recompute_min();
    }
}

#[derive(Clone, Debug, Default)]
pub struct ScoreState {
    /// The nodes PreScore was given and did not ignore, by the node info's
    /// address, in order: a node's row in `raw`. Score is called in the
    /// same order, so `next` (the row after the last one scored) finds each
    /// without a search. The state lives for one cycle, whose node views
    /// keep every info (and so every address) alive: the infos are not
    /// cloned to pin them, since an `Arc`'s count sits in the info's first
    /// cache line, which nothing else in PreScore reads.
    rows: Vec<usize>,
    next: Cell<usize>,
    /// Per row, upstream's Score: nothing it reads changes between
    /// PreScore and Score, so PreScore works every node's out in one loop
    /// over plain numbers and Score only looks it up.
    raw: Vec<i64>,
    ignored: BTreeSet<String>,
}

const NO_DOMAIN: u32 = u32::MAX;

/// Each node's count for a hostname constraint, matching every distinct
/// label group once per cycle instead of once per node it is on (the cache
/// shares one `GroupKey` per group, so its address identifies it).
fn count_hosts<'a>(c: &Constraint, ns: &str, nodes: impl Iterator<Item = &'a NodeInfo>) -> Vec<i64> {
    let Some(sel) = &c.selector else { return nodes.map(|_| 0).collect() };
    // By address: integer comparisons, no hashing. A cycle meets a
    // handful of groups, so a list beats a map.
    let mut memo: Vec<(usize, bool)> = Vec::new();
    nodes
        .map(|n| {
            let mut count = 0i64;
            for (g, k) in n.groups.iter() {
                let addr = Arc::as_ptr(g) as usize;
                let matched = match memo.iter().find(|(a, _)| *a == addr) {
                    Some((_, m)) => *m,
                    None => {
                        let m = g.matches(|n| n == ns, sel, false);
                        memo.push((addr, m));
                        m
                    }
                };
                if matched {
                    count += *k as i64;
                }
            }
            count
        })
        .collect()
}

/// The system default constraints' selector: every Service selecting the
/// pod, plus its controller's (ReplicaSet, StatefulSet, ReplicationController) selector.
fn default_selector(cx: &Cx) -> Option<Selector> {
    let pod = cx.pod.pod();
    let ns = cx.pod.namespace();
    let mut set: BTreeMap<String, String> = BTreeMap::new();
    for s in cx.store.list(Kind::Service, Some(ns)) {
        if let Object::Service(svc) = &**s {
            let sel = &svc.spec.selector;
            if !sel.is_empty() && sel.iter().all(|(k, v)| pod.metadata.labels.get(k) == Some(v)) {
                set.extend(sel.clone());
            }
        }
    }
    let mut reqs: Vec<Requirement> = Selector::from_set(&set).requirements;
    if let Some(owner) = pod.metadata.controller_ref() {
        let obj = match owner.kind.as_str() {
            "ReplicaSet" if owner.api_version == "apps/v1" => cx.store.get_by(Kind::ReplicaSet, ns, &owner.name),
            "StatefulSet" if owner.api_version == "apps/v1" => cx.store.get_by(Kind::StatefulSet, ns, &owner.name),
            "ReplicationController" if owner.api_version == "v1" => cx.store.get_by(Kind::ReplicationController, ns, &owner.name),
            _ => None,
        };
        match obj.map(|o| &**o) {
            Some(Object::ReplicaSet(rs)) => {
                if let Some(s) = rs.spec.selector.as_ref().and_then(|s| s.to_selector().ok()) {
                    reqs.extend(s.requirements);
                }
            }
            Some(Object::StatefulSet(ss)) => {
                if let Some(s) = ss.spec.selector.as_ref().and_then(|s| s.to_selector().ok()) {
                    reqs.extend(s.requirements);
                }
            }
            Some(Object::ReplicationController(rc)) => {
                reqs.extend(Selector::from_set(&rc.spec.selector).requirements);
            }
            _ => {}
        }
    }
    if reqs.is_empty() {
        return None;
    }
    let mut sel = Selector::everything();
    for r in reqs {
        sel.add(r);
    }
    Some(sel)
}

impl Plugin for PodTopologySpread {
    fn name(&self) -> &'static str {
        NAME
    }

    fn pre_filter(&self, cx: &Cx, state: &mut CycleState) -> PreFilterResult {
        let pod = cx.pod.pod();
        let cs = match constraints(pod, "DoNotSchedule") {
            Ok(c) => c,
            Err(e) => return PreFilterResult::fail(Status::new(Code::UnschedulableAndUnresolvable, e)),
        };
        if cs.is_empty() {
            return PreFilterResult::skip();
        }
        let required = RequiredAffinity::of(pod);
        let mut counts = vec![BTreeMap::new(); cs.len()];
        let fast = indexes(cx, &cs, &required, true);
        if let Some(ix) = &fast {
            let ns = cx.pod.namespace();
            for ((c, ix), counts) in cs.iter().zip(ix).zip(counts.iter_mut()) {
                *counts = ix.present.iter().map(|(v, d)| (v.as_str().to_string(), c.count_domain(d, ns))).collect();
            }
        }
        for node in cx.all_nodes().take(if fast.is_some() { 0 } else { usize::MAX }) {
            let labels = node.labels();
            if !has_all_keys(labels, &cs) {
                continue;
            }
            for (i, c) in cs.iter().enumerate() {
                if !c.includes_node(pod, node.node(), &required) {
                    continue;
                }
                let v = labels.get(&c.topology_key).cloned().unwrap_or_default();
                *counts[i].entry(v).or_default() += c.count(node, cx.pod.namespace());
            }
        }
        state.topology_spread = Some(FilterState::new(cx, cs, counts));
        PreFilterResult::ok()
    }

    fn filter(&self, _cx: &Cx, state: &CycleState, node: &NodeView) -> FilterResult {
        let Some(s) = &state.topology_spread else { return Ok(()) };
        for (i, c) in s.constraints.iter().enumerate() {
            let Some(here) = s.count_at(i, node) else {
                return Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_MISSING_LABEL));
            };
            let min = if (s.counts[i].len() as i64) < c.min_domains { 0 } else { s.min[i] };
            let self_match = s.self_match[i];
            if here + self_match - min > c.max_skew {
                return Err(Status::new(Code::Unschedulable, ERR_CONSTRAINTS));
            }
        }
        Ok(())
    }

    fn add_pod(&self, cx: &Cx, state: &mut CycleState, pod: &crate::scheduler::cache::PodInfo, node: &NodeInfo) {
        if let Some(mut s) = state.topology_spread.take() {
            s.update(cx, pod.pod(), node, 1);
            state.topology_spread = Some(s);
        }
    }

    fn remove_pod(&self, cx: &Cx, state: &mut CycleState, pod: &crate::scheduler::cache::PodInfo, node: &NodeInfo) {
        if let Some(mut s) = state.topology_spread.take() {
            s.update(cx, pod.pod(), node, -1);
            state.topology_spread = Some(s);
        }
    }

    fn pre_score(&self, cx: &Cx, state: &mut CycleState, nodes: &[&NodeView]) -> Status {
        let pod = cx.pod.pod();
        if nodes.is_empty() {
            return Status::skip();
        }
        let explicit = !pod.spec.topology_spread_constraints.is_empty();
        let cs = if explicit {
            match constraints(pod, "ScheduleAnyway") {
                Ok(c) => c,
                Err(e) => return Status::new(Code::Error, e),
            }
        } else {
            match default_selector(cx) {
                None => Vec::new(),
                Some(sel) => [(HOSTNAME, 3), ("topology.kubernetes.io/zone", 5)]
                    .into_iter()
                    .map(|(k, skew)| Constraint { max_skew: skew, topology_key: k.into(), selector: Some(sel.clone()), min_domains: 1, honor_node_affinity: true, honor_taints: false })
                    .collect(),
            }
        };
        if cs.is_empty() {
            return Status::skip();
        }
        // Nodes missing a key are ignored, except under system defaulting.
        let require_all = explicit;
        let k = cs.len();
        let mut s = ScoreState { rows: Vec::with_capacity(nodes.len()), ..Default::default() };
        let mut scored: Vec<&NodeInfo> = Vec::with_capacity(nodes.len());
        // Their ids, for the hostname counts kept by node (read from the
        // views: the infos are cold).
        let mut ids: Vec<u32> = Vec::with_capacity(nodes.len());
        // Per constraint, the domains met with their matching pods
        // (upstream's pair map; empty for hostname constraints, counted
        // per node).
        let mut domains: Vec<Vec<(String, i64)>> = vec![Vec::new(); k];
        // Per row and constraint, the node's domain in `domains` (0 for a
        // hostname constraint), or [`NO_DOMAIN`] when it lacks the key.
        let mut slots: Vec<u32> = Vec::with_capacity(nodes.len() * k);
        let on_host: Vec<bool> = cs.iter().map(|c| c.topology_key == HOSTNAME).collect();
        // Value → its index in `domains`, while PreScore collects them.
        let mut found: Vec<BTreeMap<&str, u32>> = vec![BTreeMap::new(); k];
        // Per constraint on the hostname or the zone, the domain of each
        // id met so far: a node whose id was seen needs no label read.
        let key_slots: Vec<Option<usize>> = cs.iter().map(|c| domain_ids::slot(&c.topology_key)).collect();
        let mut slot_of_id: Vec<Vec<u32>> = vec![Vec::new(); k];
        for n in nodes {
            if require_all && !has_all_keys(&**n, &cs) {
                s.ignored.insert(n.name.clone());
                continue;
            }
            s.rows.push(Arc::as_ptr(&n.info) as usize);
            scored.push(&n.info);
            ids.push(n.hot.id);
            for (i, c) in cs.iter().enumerate() {
                let id = key_slots[i].map_or(domain_ids::NO_DOMAIN, |ks| n.hot.domains.get(ks));
                if on_host[i] {
                    let present = id != domain_ids::NO_DOMAIN || n.label(&c.topology_key).is_some();
                    slots.push(if present { 0 } else { NO_DOMAIN });
                    continue;
                }
                if let Some(&slot) = slot_of_id[i].get(id as usize).filter(|slot| **slot != NO_DOMAIN) {
                    slots.push(slot);
                    continue;
                }
                let label = n.label(&c.topology_key);
                // A node without the label still adds the domain "" (Go's
                // map lookup), though Score skips the constraint for it.
                let value = label.unwrap_or_default();
                let next = domains[i].len() as u32;
                let slot = *found[i].entry(value).or_insert(next);
                if slot == next {
                    domains[i].push((value.to_string(), 0));
                }
                slots.push(if label.is_some() { slot } else { NO_DOMAIN });
                if id != domain_ids::NO_DOMAIN {
                    let ids = &mut slot_of_id[i];
                    if ids.len() <= id as usize {
                        ids.resize(id as usize + 1, NO_DOMAIN);
                    }
                    ids[id as usize] = slot;
                }
            }
        }
        let weights: Vec<f64> = cs
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let size = if c.topology_key == HOSTNAME { nodes.len() - s.ignored.len() } else { domains[i].len() };
                crate::gomath::log((size + 2) as f64)
            })
            .collect();
        let required = RequiredAffinity::of(pod);
        let ns = cx.pod.namespace();
        let counted_at: Vec<usize> = (0..k).filter(|i| cs[*i].topology_key != HOSTNAME).collect();
        let counted: Vec<Constraint> = counted_at.iter().map(|i| cs[*i].clone()).collect();
        // Under require_all the walk skips nodes missing any constraint's
        // key: the per-domain totals only agree when no node does.
        let keys_everywhere = !require_all
            || cs.len() == 1
            || cs.iter().all(|c| cx.cache.domains.get(&c.topology_key).is_some_and(|i| i.missing.nodes == 0));
        let fast = if keys_everywhere { indexes(cx, &counted, &required, false) } else { None };
        if let Some(ix) = fast {
            for ((c, ix), i) in counted.iter().zip(ix).zip(&counted_at) {
                for (v, n) in domains[*i].iter_mut() {
                    *n += ix.present.get(Lookup::new(v).view()).map_or(0, |d| c.count_domain(d, ns));
                    // A node without the label reads as "" (Go's map lookup).
                    if v.is_empty() && !require_all {
                        *n += c.count_domain(&ix.missing, ns);
                    }
                }
            }
        } else if !counted.is_empty() {
            for node in cx.all_nodes() {
                let labels = node.labels();
                if require_all && !has_all_keys(labels, &cs) {
                    continue;
                }
                for (c, i) in counted.iter().zip(&counted_at) {
                    if !c.includes_node(pod, node.node(), &required) {
                        continue;
                    }
                    let value = labels.get(&c.topology_key).map(String::as_str).unwrap_or_default();
                    if let Some(slot) = found[*i].get(value) {
                        domains[*i][*slot as usize].1 += c.count(node, ns);
                    }
                }
            }
        }
        let host = cs.iter().find(|c| c.topology_key == HOSTNAME);
        let kept = host.and_then(|c| c.selector.as_ref()).and_then(|sel| cx.cache.host_counts.get(ns, sel));
        let hosts = match (host, kept) {
            (_, Some(kept)) => ids.iter().map(|id| kept.get(*id as usize).map_or(0, |c| *c as i64)).collect(),
            (Some(c), None) => count_hosts(c, ns, scored.iter().copied()),
            (None, None) => vec![0; scored.len()],
        };
        if let Some(sel) = host.and_then(|c| c.selector.as_ref()) {
            state.host_counts_wanted = Some((ns.to_string(), sel.clone()));
        }
        // Each constraint's term, `count × weight + (maxSkew − 1)`, summed
        // in constraint order from 0.0 as upstream sums them; a zone's
        // term is the same for all its nodes, so it is worked out once.
        let terms: Vec<Vec<f64>> = cs
            .iter()
            .enumerate()
            .map(|(i, c)| domains[i].iter().map(|(_, cnt)| to_f64(*cnt) * weights[i] + to_f64(c.max_skew - 1)).collect())
            .collect();
        s.raw = slots
            .chunks_exact(k)
            .zip(&hosts)
            .map(|(row, host)| {
                let mut score = 0.0;
                for (i, &slot) in row.iter().enumerate() {
                    if slot == NO_DOMAIN {
                        continue;
                    }
                    score += if on_host[i] { to_f64(*host) * weights[i] + to_f64(cs[i].max_skew - 1) } else { terms[i][slot as usize] };
                }
                crate::gomath::round_to_int(score)
            })
            .collect();
        state.topology_spread_score = Some(s);
        Status::success()
    }

    /// Only for the nodes PreScore was given (others, and ignored ones, score 0).
    fn score(&self, _cx: &Cx, state: &CycleState, node: &NodeView) -> i64 {
        let Some(s) = &state.topology_spread_score else { return 0 };
        let (score, next) = s.score_from(s.next.get(), node);
        s.next.set(next);
        score
    }

    fn score_many(&self, _cx: &Cx, state: &CycleState, nodes: &[&NodeView], out: &mut Vec<i64>) {
        let Some(s) = &state.topology_spread_score else {
            out.extend(nodes.iter().map(|_| 0));
            return;
        };
        let mut next = s.next.get();
        out.extend(nodes.iter().map(|n| {
            let (score, after) = s.score_from(next, n);
            next = after;
            score
        }));
        s.next.set(next);
    }

    fn normalize(&self, _cx: &Cx, state: &CycleState, nodes: &[&NodeView], scores: &mut [i64]) {
        let Some(s) = &state.topology_spread_score else { return };
        if s.ignored.is_empty() {
            normalize_all(scores);
        } else {
            let names: Vec<&str> = nodes.iter().map(|n| n.name.as_str()).collect();
            normalize_named(state, &names, scores);
        }
    }

    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::AssignedPodAdd, ClusterEvent::AssignedPodUpdate, ClusterEvent::AssignedPodDelete, ClusterEvent::NodeAdd, ClusterEvent::NodeUpdate]
    }
}

impl ScoreState {
    /// The raw score of `node`, looked for from row `next` on, and the row
    /// after it.
    fn score_from(&self, next: usize, node: &NodeView) -> (i64, usize) {
        let addr = Arc::as_ptr(&node.info) as usize;
        let row = if self.rows.get(next) == Some(&addr) {
            next
        } else {
            match self.rows.iter().position(|a| *a == addr) {
                Some(r) => r,
                None => return (0, next),
            }
        };
        (self.raw[row], row + 1)
    }
}

/// NormalizeScore: ignored nodes get 0; the rest `100 × (max + min − s) / max`.
pub fn normalize_named(state: &CycleState, names: &[&str], scores: &mut [i64]) {
    let Some(s) = &state.topology_spread_score else { return };
    let mut min = i64::MAX;
    let mut max = 0;
    for (n, sc) in names.iter().zip(scores.iter()) {
        if s.ignored.contains(*n) {
            continue;
        }
        min = min.min(*sc);
        max = max.max(*sc);
    }
    for (n, sc) in names.iter().zip(scores.iter_mut()) {
        *sc = if s.ignored.contains(*n) { 0 } else { normalized(*sc, min, max) };
    }
}

/// [`normalize_named`] when no node is ignored: no name is looked up.
fn normalize_all(scores: &mut [i64]) {
    let min = scores.iter().copied().min().unwrap_or(i64::MAX);
    let max = scores.iter().copied().max().unwrap_or(0).max(0);
    for sc in scores {
        *sc = normalized(*sc, min, max);
    }
}

fn normalized(score: i64, min: i64, max: i64) -> i64 {
    if max == 0 {
        MAX_NODE_SCORE
    } else {
        MAX_NODE_SCORE * (max + min - score) / max
    }
}

#[cfg(test)]
#[path = "pod_topology_spread_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::{LabelSelector, LabelSelectorRequirement};

    fn foo_exists() -> Option<LabelSelector> {
        Some(LabelSelector { match_expressions: vec![LabelSelectorRequirement { key: "foo".into(), operator: "Exists".into(), values: vec![] }], ..Default::default() })
    }
    fn c(skew: i32, key: &str, when: &str, sel: Option<LabelSelector>) -> TopologySpreadConstraint {
        TopologySpreadConstraint { max_skew: skew, topology_key: key.into(), when_unsatisfiable: when.into(), label_selector: sel, ..Default::default() }
    }
    fn zone_node(name: &str, zone: &str) -> Node {
        node(name, &[(ZONE, zone), ("node", name)])
    }
    /// node-a, node-b in zone1; node-x, node-y in zone2.
    fn layout() -> Vec<Node> {
        vec![zone_node("node-a", "zone1"), zone_node("node-b", "zone1"), zone_node("node-x", "zone2"), zone_node("node-y", "zone2")]
    }
    fn matching(counts: &[(&str, usize)]) -> Vec<Pod> {
        let mut out = Vec::new();
        for (n, k) in counts {
            for i in 0..*k {
                out.push(assigned(pod(&format!("{n}-{i}"), &[("foo", "")]), &format!("node-{n}")));
            }
        }
        out
    }
    fn incoming(cs: Vec<TopologySpreadConstraint>) -> Pod {
        let mut p = pod("p", &[("foo", "")]);
        p.spec_mut().topology_spread_constraints = cs;
        p
    }
    #[test]
    fn system_default_constraints_follow_services() {
        // Upstream TestPodTopologySpreadScore "system defaulting": a Service
        // selects foo; nodes have no zone.
        let host = |n: &str| node(&format!("node-{n}"), &[(HOSTNAME, &format!("node-{n}"))]);
        let svc = kubeplay_model::api::Service {
            metadata: kubeplay_model::ObjectMeta { name: "svc".into(), namespace: "default".into(), ..Default::default() },
            spec: kubeplay_model::api::ServiceSpec {
                selector: labels(&[("foo", "")]),
                ports: vec![kubeplay_model::api::ServicePort { port: 80, ..Default::default() }],
                ..Default::default()
            },
            ..Default::default()
        };
        let ns = kubeplay_model::api::Namespace { metadata: kubeplay_model::ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() };
        let w = World::new(vec![host("a"), host("b"), host("c"), host("d")], matching(&[("a", 4), ("b", 3), ("c", 2), ("d", 1)]))
            .with(Object::Namespace(Box::new(ns)))
            .with(Object::Service(Box::new(svc)));
        let p = pod("p", &[("foo", "")]);
        assert_eq!(w.scores(&PodTopologySpread, &p, &["node-a", "node-b", "node-c", "node-d"]), Some(vec![44, 66, 77, 100]));
        // Without a Service or controller there is nothing to spread.
        let w = World::new(vec![host("a")], vec![]);
        assert_eq!(w.scores(&PodTopologySpread, &p, &["node-a"]), None);
    }

    #[test]
    fn zone_scores_from_per_domain_counts() {
        // ScheduleAnyway on zone: zone1 holds 3 matching pods, zone2 one;
        // weight ln(2 domains + 2); raw round(3·1.386)=4 and round(1.386)=1,
        // normalised 100·(4+1−s)/4. (`scores` also checks the per-domain
        // counts against the node walk.)
        let w = World::new(layout(), matching(&[("a", 2), ("b", 1), ("x", 1)]));
        let p = incoming(vec![c(1, ZONE, "ScheduleAnyway", foo_exists())]);
        assert_eq!(w.scores(&PodTopologySpread, &p, &["node-a", "node-b", "node-x", "node-y"]), Some(vec![25, 25, 100, 100]));
        // Only zone2's nodes feasible: zone1's count is not read.
        assert_eq!(w.scores(&PodTopologySpread, &p, &["node-x", "node-y"]), Some(vec![100, 100]));
        // System defaults (a Service) with a node missing the zone label:
        // it reads as the "" zone; both ways of counting must agree.
        let svc = kubeplay_model::api::Service {
            metadata: kubeplay_model::ObjectMeta { name: "svc".into(), namespace: "default".into(), ..Default::default() },
            spec: kubeplay_model::api::ServiceSpec {
                selector: labels(&[("foo", "")]),
                ports: vec![kubeplay_model::api::ServicePort { port: 80, ..Default::default() }],
                ..Default::default()
            },
            ..Default::default()
        };
        let mut nodes: Vec<Node> = ["a", "b", "x"].iter().map(|n| node(&format!("node-{n}"), &[(HOSTNAME, &format!("node-{n}")), (ZONE, if *n == "x" { "z2" } else { "z1" })])).collect();
        nodes.push(node("node-y", &[(HOSTNAME, "node-y")]));
        let ns = kubeplay_model::api::Namespace { metadata: kubeplay_model::ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() };
        let w = World::new(nodes, matching(&[("a", 2), ("b", 1), ("x", 1), ("y", 3)])).with(Object::Namespace(Box::new(ns))).with(Object::Service(Box::new(svc)));
        let p = pod("p", &[("foo", "")]);
        let s = w.scores(&PodTopologySpread, &p, &["node-a", "node-b", "node-x", "node-y"]).unwrap_or_default();
        assert_eq!(s.len(), 4);
        // node-b (1 pod, zone z1 with 3) beats node-a (2 pods, same zone).
        assert!(s[1] > s[0], "{s:?}");
    }
}
