//! One scheduling cycle's algorithm (upstream `schedulePod`): PreFilter,
//! Filter nodes until enough feasible ones are found, score them, pick the
//! best (ties broken at random, by reservoir sampling).

use super::cache::{NodeView, NodeViews, PodInfo};
use super::config::num_feasible_nodes_to_find;
use super::framework::{add_weighted, Code, Cx, CycleState, HotGate, Profile, Status};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Why a cycle found no node.
#[derive(Clone, Debug)]
pub struct FitFailure {
    pub num_nodes: usize,
    /// A PreFilter rejection (its message replaces the per-node reasons).
    pub pre_filter: Option<Status>,
    /// Each examined node's first failing Filter.
    pub statuses: BTreeMap<String, Status>,
    /// The status of nodes a PreFilter result excluded.
    pub absent: Option<Status>,
    /// Plugins that rejected the pod somewhere.
    pub plugins: BTreeSet<&'static str>,
}

/// One score plugin's scores over the feasible nodes.
#[derive(Clone, Debug)]
pub struct PluginScores {
    pub plugin: &'static str,
    pub weight: i64,
    /// PreScore said Skip: 0 everywhere (and `raw` and `normalized` are
    /// left empty rather than filled with zeros every cycle).
    pub skipped: bool,
    pub raw: Vec<i64>,
    pub normalized: Vec<i64>,
}

/// Scores of the nodes [`prioritize`] was given, in their order.
#[derive(Clone, Debug)]
pub struct Scored {
    pub plugins: Vec<PluginScores>,
    pub totals: Vec<i64>,
}

#[derive(Clone, Debug)]
pub enum CycleOutcome {
    NoNodes,
    Failed(FitFailure),
    Scheduled { node: String, feasible: usize, examined: usize, score: Option<i64> },
}

/// Runs PreScore, Score and NormalizeScore for every score plugin, keeping
/// each plugin's scores (for `sim explain`).
pub fn prioritize(profile: &Profile, cx: &Cx, state: &mut CycleState, nodes: &[&NodeView]) -> Scored {
    let mut plugins = Vec::new();
    let totals = score_nodes(profile, cx, state, nodes, Some(&mut |plugin, weight, scores| {
        let (raw, normalized) = scores.map(|(r, n)| (r.to_vec(), n.to_vec())).unwrap_or_default();
        plugins.push(PluginScores { plugin, weight, skipped: scores.is_none(), raw, normalized });
    }));
    Scored { plugins, totals }
}

/// What [`score_nodes`] hands each plugin's scores to.
pub type EachScores<'a> = &'a mut dyn FnMut(&'static str, i64, Option<(&[i64], &[i64])>);

/// The weighted totals of every score plugin over `nodes`; `each`, when
/// given, sees a plugin's raw and normalized scores (None: PreScore said
/// Skip, so 0 everywhere). Every cycle scores hundreds of nodes: without
/// `each` (a cycle wants only the totals) each plugin adds its scores to
/// the totals itself ([`Plugin::add_scores`](super::framework::Plugin::add_scores)),
/// most without writing them out; with it, the raw scores are kept and
/// normalized in a copy. One score buffer serves every plugin.
pub fn score_nodes(profile: &Profile, cx: &Cx, state: &mut CycleState, nodes: &[&NodeView], mut each: Option<EachScores>) -> Vec<i64> {
    let n = nodes.len();
    let mut totals = vec![0i64; n];
    // A plugin's raw scores, then (for `each`) the same normalized.
    let mut scores = Vec::with_capacity(if each.is_some() { 2 * n } else { n });
    let mut alone = Vec::new();
    // What every node gets from plugins that score all nodes alike.
    let mut base = 0i64;
    for (p, w) in &profile.scorers {
        let s = p.pre_score(cx, state, nodes);
        if s.code == Code::Skip || !s.is_success() {
            if let Some(each) = each.as_mut() {
                each(p.name(), *w, None);
            }
            continue;
        }
        let Some(each) = each.as_mut() else {
            if let Some(s) = p.uniform_score(cx, state) {
                base += s * *w;
            } else if p.scores_alone(cx) {
                alone.push((*p, *w));
            } else {
                p.add_scores(cx, state, nodes, *w, &mut totals, &mut scores);
            }
            continue;
        };
        scores.clear();
        p.score_many(cx, state, nodes, &mut scores);
        let len = scores.len();
        scores.extend_from_within(..);
        let (raw, normalized) = scores.split_at_mut(len);
        p.normalize(cx, state, nodes, normalized);
        add_weighted(&mut totals, normalized, *w);
        each(p.name(), *w, Some((raw, normalized)));
    }
    // Sums of integers: the order the plugins add in changes nothing.
    for (block, totals) in nodes.chunks(SCORE_BLOCK).zip(totals.chunks_mut(SCORE_BLOCK)) {
        for (p, w) in &alone {
            p.add_scores(cx, state, block, *w, totals, &mut scores);
        }
    }
    if base != 0 {
        totals.iter_mut().for_each(|t| *t += base);
    }
    totals
}

/// Nodes scored together by the plugins that score each node alone: their
/// hot numbers (about 128 bytes a node) stay in a 32 KB first-level cache.
const SCORE_BLOCK: usize = 64;

/// `selectHost`: the highest total; among ties the k-th replaces the pick
/// with probability 1/k.
pub fn select_host(totals: &[i64], rand: &mut dyn FnMut(u64) -> u64) -> Option<usize> {
    let best = *totals.iter().max()?;
    let mut pick = None;
    let mut seen = 0u64;
    for (i, t) in totals.iter().enumerate() {
        if *t == best {
            seen += 1;
            if seen == 1 || rand(seen) == 0 {
                pick = Some(i);
            }
        }
    }
    pick
}

/// Pods nominated to a node (by name).
pub type NominatedOn<'a> = &'a dyn Fn(&str) -> Vec<Arc<PodInfo>>;

/// Inputs a cycle needs besides the plugin context.
pub struct CycleInput<'a> {
    pub order: &'a [String],
    /// The same nodes, in the same order.
    pub infos: &'a NodeViews,
    pub percentage: u32,
    pub next_start: usize,
    /// Pods nominated to a node; None when no pod is nominated anywhere
    /// (nearly always), so a cycle need not ask node by node.
    pub nominated: Option<NominatedOn<'a>>,
}

impl CycleInput<'_> {
    fn nominated_on(&self, node: &str) -> Vec<Arc<PodInfo>> {
        self.nominated.map(|f| f(node)).unwrap_or_default()
    }
}

/// The nodes a cycle examines, in order, handed out a slice at a time.
struct Walk<'a, I> {
    slices: I,
    cur: &'a [NodeView],
}

/// The nodes from `start` round to just before it, a chunk's slice at a
/// time: cheaper than an iterator or indexing per node.
fn walk_from(nodes: &NodeViews, start: usize) -> Walk<'_, impl Iterator<Item = &[NodeView]>> {
    Walk { slices: nodes.slices(start, nodes.len()).chain(nodes.slices(0, start)), cur: &[] }
}

impl<'a, I: Iterator<Item = &'a [NodeView]>> Walk<'a, I> {
    /// Takes up to `want` more nodes (fewer at the end), appending to `out`
    /// those the gate passes (asking `unsettled` about a node it cannot
    /// settle); returns how many were taken. One pass: the nodes are tested
    /// where they lie, not copied out first, against a copy of the gate
    /// that stays in registers (read through a reference, it was reloaded
    /// for every node, since the pushes might have changed it: 7% more
    /// instructions in the 10,000-pod run). The default gate takes them all.
    #[inline]
    fn fill_passing(&mut self, out: &mut Vec<&'a NodeView>, mut want: usize, gate: HotGate, unsettled: impl Fn(&NodeView) -> bool) -> usize {
        let mut taken = 0;
        while want > 0 {
            if self.cur.is_empty() {
                match self.slices.next() {
                    Some(s) => self.cur = s,
                    None => break,
                }
            }
            let k = want.min(self.cur.len());
            let (now, rest) = self.cur.split_at(k);
            out.reserve(k);
            for n in now {
                if gate.verdict(&n.hot).unwrap_or_else(|| unsettled(n)) {
                    out.push(n);
                }
            }
            self.cur = rest;
            want -= k;
            taken += k;
        }
        taken
    }
}

impl<'a, I: Iterator<Item = &'a [NodeView]>> Iterator for Walk<'a, I> {
    type Item = &'a NodeView;

    fn next(&mut self) -> Option<&'a NodeView> {
        while self.cur.is_empty() {
            self.cur = self.slices.next()?;
        }
        let (n, rest) = self.cur.split_first()?;
        self.cur = rest;
        Some(n)
    }
}

/// Runs one cycle; returns the outcome and the next start index.
pub fn schedule_pod(profile: &Profile, cx: &Cx, state: &mut CycleState, input: &CycleInput, rand: &mut dyn FnMut(u64) -> u64) -> (CycleOutcome, usize) {
    let order = input.order;
    if order.is_empty() {
        // With no nodes upstream returns before the walk: the start index
        // waits, unchanged, for the nodes to come.
        return (CycleOutcome::NoNodes, input.next_start);
    }
    let pre = profile.run_pre_filter(cx, state);
    if !pre.status.is_success() {
        let mut plugins = BTreeSet::new();
        if !pre.status.plugin.is_empty() {
            plugins.insert(pre.status.plugin);
        }
        let statuses = order.iter().map(|n| (n.clone(), pre.status.clone())).collect();
        return (CycleOutcome::Failed(FitFailure { num_nodes: order.len(), pre_filter: Some(pre.status), statuses, absent: None, plugins }), input.next_start);
    }
    // A pod nominated by an earlier preemption tries its node first.
    if let Some(nom) = cx.pod.pod().status.nominated_node_name.as_deref().filter(|n| !n.is_empty()) {
        if let Some(n) = cx.cache.node(nom).filter(|n| n.obj.is_some()) {
            if profile.run_filters_with_nominated(cx, state, &NodeView::new(n.clone()), &input.nominated_on(nom)).is_success() {
                return (CycleOutcome::Scheduled { node: nom.to_string(), feasible: 1, examined: 1, score: None }, input.next_start);
            }
        }
    }
    let (filtered, absent): (Option<NodeViews>, Option<Status>) = match &pre.node_names {
        None => (None, None),
        Some(names) => (
            Some(input.infos.iter().filter(|n| names.contains(&n.name)).cloned().collect()),
            Some(Status::new(Code::UnschedulableAndUnresolvable, "node(s) didn't satisfy plugin(s) [NodeAffinity]")),
        ),
    };
    let nodes = filtered.as_ref().unwrap_or(input.infos);
    let to_find = num_feasible_nodes_to_find(input.percentage, nodes.len());
    // Borrowed, not cloned: an `Arc` clone would write to each info.
    let mut feasible: Vec<&NodeView> = Vec::with_capacity(to_find.min(nodes.len()));
    // Rejections are only wanted when no node fits (for the failure
    // message and preemption): the runs below do not keep them, and a cycle
    // that found no node filters the nodes it examined again, keeping them.
    // The nodes, not their names: a name is read from the node info.
    let mut rejected: Vec<(&NodeView, Status)> = Vec::new();
    let mut processed = 0;
    let start = if nodes.is_empty() { 0 } else { input.next_start % nodes.len() };
    let mut walk = walk_from(nodes, start);
    if let Some(f) = input.nominated {
        for n in walk {
            if feasible.len() >= to_find {
                break;
            }
            processed += 1;
            let s = profile.run_filters_with_nominated(cx, state, n, &f(&n.name));
            if s.is_success() {
                feasible.push(n);
            } else {
                rejected.push((n, s));
            }
        }
    } else {
        // Node by node, the walk stops once `to_find` nodes fit. Each run
        // here is as many nodes as are still wanted: every one of them
        // would have been examined, so the runs examine exactly the nodes
        // the node-by-node walk would, and filter them plugin by plugin.
        // The gate is tested as the walk hands out nodes; those it passes
        // go straight to `feasible` when no other Filter is active (nearly
        // always), else to a run the others then filter.
        let plan = profile.filter_plan(cx, state);
        let mut run: Vec<&NodeView> = Vec::new();
        while feasible.len() < to_find {
            let want = to_find - feasible.len();
            let (gate, unsettled) = (plan.gate(), |n: &NodeView| profile.passes_gated(cx, state, &plan, n));
            // Two calls, each compiled with its own vector at hand: one
            // call given either vector ran 2% more instructions.
            let taken = if plan.gate_only() {
                walk.fill_passing(&mut feasible, want, gate, unsettled)
            } else {
                run.clear();
                let taken = walk.fill_passing(&mut run, want, gate, unsettled);
                profile.filter_rest(cx, state, &plan, &mut run, None);
                feasible.extend_from_slice(&run);
                taken
            };
            if taken == 0 {
                break;
            }
            processed += taken;
        }
        if feasible.is_empty() {
            let mut run: Vec<&NodeView> = Vec::with_capacity(processed);
            // Filters read the cycle state and never write it: the same
            // nodes get the same verdicts the second time.
            let mut again = walk_from(nodes, start);
            again.fill_passing(&mut run, processed, HotGate::default(), |_| true);
            profile.run_filters_many(cx, state, &mut run, Some(&mut rejected));
        }
    }
    let next = if nodes.is_empty() { 0 } else { (start + processed) % nodes.len() };
    if feasible.is_empty() {
        let mut plugins: BTreeSet<&'static str> = rejected.iter().map(|(_, s)| s.plugin).collect();
        // A PreFilter that narrowed the nodes counts among the rejecting
        // plugins (so its events requeue the pod), as upstream's diagnosis has it.
        if absent.is_some() {
            plugins.insert(super::plugins::node_affinity::NAME);
        }
        let statuses = rejected.into_iter().map(|(n, s)| (n.name.clone(), s)).collect();
        return (CycleOutcome::Failed(FitFailure { num_nodes: order.len(), pre_filter: None, statuses, absent, plugins }), next);
    }
    let examined = processed;
    if feasible.len() == 1 {
        return (CycleOutcome::Scheduled { node: feasible[0].name.clone(), feasible: 1, examined, score: None }, next);
    }
    let count = feasible.len();
    let totals = score_nodes(profile, cx, state, &feasible, None);
    let Some(i) = select_host(&totals, rand) else {
        return (CycleOutcome::NoNodes, next);
    };
    (CycleOutcome::Scheduled { node: feasible[i].name.clone(), feasible: count, examined, score: Some(totals[i]) }, next)
}

#[cfg(test)]
#[path = "cycle_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;

    /// A cycle that finds no node names each node's first rejection, as
    /// node-by-node filtering does (the runs themselves keep none).
    #[test]
    fn a_failed_cycle_reports_every_examined_node() {
        use crate::scheduler::plugins::testutil::*;
        use crate::scheduler::framework::Profile;
        use kubeplay_model::Object;
        let mut tainted = node_alloc("tainted", &[("cpu", "4"), ("memory", "8Gi"), ("pods", "110")]);
        tainted.spec.taints = vec![taint("dedicated", "batch", "NoSchedule")];
        let mut cordoned = node_alloc("cordoned", &[("cpu", "4"), ("memory", "8Gi"), ("pods", "110")]);
        cordoned.spec.unschedulable = Some(true);
        let small = node_alloc("small", &[("cpu", "1"), ("memory", "8Gi"), ("pods", "110")]);
        let w = World::new(vec![tainted, cordoned, small], vec![]);
        let mut cache = w.cache.clone();
        let (order, infos) = (cache.order(), cache.ordered_infos());
        let profile = Profile::new(&w.profile);
        let info = PodInfo::new(Arc::new(Object::Pod(Box::new(pod_req("p", &[("cpu", "2")])))));
        let cx = Cx { pod: &info, cache: &cache, store: &w.store, profile: &w.profile };
        let input = CycleInput { order: &order, infos: &infos, percentage: 0, next_start: 1, nominated: None };
        let (outcome, _) = schedule_pod(&profile, &cx, &mut CycleState::default(), &input, &mut |_| 0);
        let CycleOutcome::Failed(f) = outcome else { panic!("scheduled: {outcome:?}") };
        let got: Vec<(&str, &str)> = f.statuses.iter().map(|(n, s)| (n.as_str(), s.plugin)).collect();
        assert_eq!(got, [("cordoned", "NodeUnschedulable"), ("small", "NodeResourcesFit"), ("tainted", "TaintToleration")]);
        assert_eq!(f.plugins.len(), 3);
        for (n, s) in &f.statuses {
            let view = infos.iter().find(|v| &v.name == n).unwrap();
            assert_eq!(s, &profile.run_filters(&cx, &CycleState::default(), view), "{n}");
        }
    }

    /// A cycle's totals, with the plugins that score each node alone run a
    /// block of nodes at a time, are those of every plugin scoring all the
    /// nodes and normalizing them (the path `explain` takes), over several
    /// blocks; with no PreferNoSchedule taint in the cluster, and with some
    /// (TaintToleration then normalizes over every node).
    #[test]
    fn block_scoring_gives_the_totals_of_plugin_by_plugin_scoring() {
        use crate::bench::{mixed_node, mixed_pod};
        use crate::scheduler::framework::{Plugin, Profile};
        use crate::scheduler::plugins::taint_toleration::TaintToleration;
        use crate::scheduler::plugins::testutil::*;
        use kubeplay_model::api::Taint;
        use kubeplay_model::Object;
        let now = kubeplay_model::Time::default();
        let count = 2 * SCORE_BLOCK + 22;
        for prefer in [false, true] {
            let nodes: Vec<_> = (0..count)
                .map(|i| {
                    let mut n = mixed_node(i, now);
                    // Blocks differ in their highest raw scores, so scores
                    // normalized block by block would come out wrong: only
                    // the first block has zone-b nodes, and nodes with two
                    // PreferNoSchedule taints.
                    let zone = n.metadata.labels.get_mut("topology.kubernetes.io/zone");
                    if let Some(z) = zone.filter(|z| i >= SCORE_BLOCK && *z == "zone-b") {
                        *z = "zone-c".into();
                    }
                    let spot = |k: &str| Taint { key: k.into(), value: None, effect: "PreferNoSchedule".into(), time_added: None };
                    if prefer && i % 9 == 4 {
                        n.spec.taints.push(spot("spot"));
                    }
                    if prefer && i % 9 == 4 && i < SCORE_BLOCK {
                        n.spec.taints.push(spot("preemptible"));
                    }
                    n
                })
                .collect();
            // Pods already bound, so nodes' requests (and scores) differ.
            let pods: Vec<_> = (0..3 * count)
                .map(|i| {
                    let mut p = mixed_pod(i);
                    p.spec_mut().node_name = Some(format!("node-{:05}", (i * 7) % count).into());
                    p
                })
                .collect();
            let w = World::new(nodes, pods);
            let mut cache = w.cache.clone();
            let infos = cache.ordered_infos();
            let views: Vec<&NodeView> = infos.iter().collect();
            let profile = Profile::new(&w.profile);
            // Pod 10_005 prefers zone-b; it is given a lighter second
            // preference (ssd), which nodes of every block meet.
            for i in [1, 3, 5, 12] {
                let mut pod = mixed_pod(10_000 + i);
                let na = pod.spec_mut().affinity.as_mut().and_then(|a| a.node_affinity.as_mut());
                if let Some(terms) = na.map(|na| &mut na.preferred_during_scheduling_ignored_during_execution).filter(|t| !t.is_empty()) {
                    let mut ssd = terms[0].clone();
                    ssd.weight = 20;
                    ssd.preference.match_expressions[0].key = "disktype".into();
                    ssd.preference.match_expressions[0].values = vec!["ssd".into()];
                    terms.push(ssd);
                }
                let info = PodInfo::new(Arc::new(Object::Pod(Box::new(pod))));
                let cx = Cx { pod: &info, cache: &cache, store: &w.store, profile: &w.profile };
                assert_eq!(TaintToleration.scores_alone(&cx), !prefer);
                let blocked = score_nodes(&profile, &cx, &mut CycleState::default(), &views, None);
                let whole = score_nodes(&profile, &cx, &mut CycleState::default(), &views, Some(&mut |_, _, _| {}));
                assert_eq!(blocked, whole, "prefer={prefer} pod {i}");
                assert!(blocked.iter().any(|t| *t != blocked[0]), "every node scored the same: the check would prove little");
            }
        }
    }

    /// The walk visits every node once, from `start` round to just before
    /// it, across chunks, however it is drawn.
    #[test]
    fn the_walk_goes_round_from_the_start_once() {
        use crate::scheduler::cache::NodeInfo;
        let n = 300;
        let nodes: NodeViews = (0..n).map(|i| NodeView::new(Arc::new(NodeInfo { name: i.to_string(), ..Default::default() }))).collect();
        assert_eq!(nodes.len(), n);
        assert_eq!(nodes.get(299).map(|v| v.name.as_str()), Some("299"));
        for start in [0, 1, 63, 64, 128, 130, 256, 299] {
            let want: Vec<String> = (start..n).chain(0..start).map(|i| i.to_string()).collect();
            let one_by_one: Vec<String> = walk_from(&nodes, start).map(|v| v.name.clone()).collect();
            assert_eq!(one_by_one, want, "start {start}");
            let (mut w, mut out) = (walk_from(&nodes, start), Vec::new());
            let mut taken = Vec::new();
            for k in [1, 7, 64, 100, 500] {
                taken.push(w.fill_passing(&mut out, k, HotGate::default(), |_| true));
            }
            assert_eq!(out.iter().map(|v| v.name.clone()).collect::<Vec<_>>(), want, "start {start}");
            assert_eq!(taken, [1, 7, 64, 100, 128], "start {start}");
            // A gate that passes none still counts every node it examined
            // (these nodes have no room for a pod).
            let full = HotGate { fits: Some((i64::MIN, i64::MIN, i64::MIN)), ..Default::default() };
            let (mut w, mut out) = (walk_from(&nodes, start), Vec::new());
            assert_eq!(w.fill_passing(&mut out, 250, full, |_| true), 250);
            assert!(out.is_empty());
            assert_eq!(w.fill_passing(&mut out, 250, HotGate::default(), |_| true), 50);
            assert_eq!(out.first().map(|v| v.name.clone()), want.get(250).cloned(), "start {start}");
        }
    }

    #[test]
    fn select_host_takes_the_best_and_samples_ties_uniformly() {
        let mut never = |_k: u64| 1;
        assert_eq!(select_host(&[10, 30, 20], &mut never), Some(1));
        // With draws that never replace, the first tied node stays.
        assert_eq!(select_host(&[5, 30, 30, 30], &mut never), Some(1));
        // A draw of 0 for the k-th tie replaces the pick.
        let mut always = |_k: u64| 0;
        assert_eq!(select_host(&[5, 30, 30, 30], &mut always), Some(3));
        assert_eq!(select_host(&[], &mut always), None);
        // Over many seeds each of three tied nodes wins about a third of the time.
        let mut rng = crate::rng::Rng::new(42);
        let mut wins = [0; 3];
        for _ in 0..3000 {
            let mut r = |k: u64| rng.below(k);
            wins[select_host(&[7, 7, 7], &mut r).unwrap()] += 1;
        }
        assert!(wins.iter().all(|w| (800..1200).contains(w)), "{wins:?}");
    }
}
