//! The scheduling framework: the extension points of kube-scheduler
//! (PreFilter, Filter, PostFilter, PreScore, Score, NormalizeScore,
//! Reserve, Bind) as one trait every plugin implements the parts of, the
//! status codes plugins answer with, the per-cycle state, and the profile
//! that says which plugins run with which weights.

use super::cache::{Cache, NodeHot, NodeInfo, NodeView, PodInfo};
use super::config::ProfileConfig;
use super::domain_ids::{GroupMemo, GroupVerdicts};
use super::plugins;
use kubeplay_apiserver::Store;
use kubeplay_model::{Kind, Object};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

pub const MAX_NODE_SCORE: i64 = 100;

/// Status codes, as `framework.Code`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Code {
    Success,
    Error,
    /// The node can't run the pod now; preemption might help.
    Unschedulable,
    /// The node can't run the pod and preemption can't change that.
    UnschedulableAndUnresolvable,
    /// The plugin has nothing to do for this pod.
    Skip,
}

/// One reason a plugin gives. Most are fixed text: borrowing it saves an
/// allocation for every node a filter rejects.
pub type Reason = Cow<'static, str>;

/// A status's reasons. Nearly every rejection gives exactly one, and
/// filters reject hundreds of nodes per cycle: holding one reason inline
/// keeps those rejections off the heap.
///
/// Compared as lists: one reason inline equals a list of that one.
#[derive(Clone, Debug, Eq)]
pub enum Reasons {
    One(Reason),
    Many(Vec<Reason>),
}

impl PartialEq for Reasons {
    fn eq(&self, other: &Reasons) -> bool {
        **self == **other
    }
}

impl Default for Reasons {
    fn default() -> Reasons {
        Reasons::Many(Vec::new())
    }
}

impl Reasons {
    /// Adds a reason; the first stays inline, off the heap.
    pub fn push(&mut self, r: impl Into<Reason>) {
        let r = r.into();
        match self {
            Reasons::Many(v) if v.is_empty() => *self = Reasons::One(r),
            Reasons::Many(v) => v.push(r),
            Reasons::One(_) => {
                if let Reasons::One(first) = std::mem::take(self) {
                    *self = Reasons::Many(vec![first, r]);
                }
            }
        }
    }

    pub fn into_vec(self) -> Vec<Reason> {
        match self {
            Reasons::One(r) => vec![r],
            Reasons::Many(v) => v,
        }
    }
}

impl std::ops::Deref for Reasons {
    type Target = [Reason];
    fn deref(&self) -> &[Reason] {
        match self {
            Reasons::One(r) => std::slice::from_ref(r),
            Reasons::Many(v) => v,
        }
    }
}

impl<'a> IntoIterator for &'a Reasons {
    type Item = &'a Reason;
    type IntoIter = std::slice::Iter<'a, Reason>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T, const N: usize> PartialEq<[T; N]> for Reasons
where
    Reason: PartialEq<T>,
{
    fn eq(&self, other: &[T; N]) -> bool {
        **self == other[..]
    }
}

/// A plugin's answer: a code and the reasons shown to users.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub code: Code,
    pub reasons: Reasons,
    /// The plugin that answered (filled in by the framework).
    pub plugin: &'static str,
}

impl Status {
    pub fn success() -> Status {
        Status { code: Code::Success, reasons: Reasons::Many(Vec::new()), plugin: "" }
    }
    pub fn skip() -> Status {
        Status { code: Code::Skip, reasons: Reasons::Many(Vec::new()), plugin: "" }
    }
    pub fn new(code: Code, reason: impl Into<Reason>) -> Status {
        Status { code, reasons: Reasons::One(reason.into()), plugin: "" }
    }
    pub fn with_reasons(code: Code, reasons: Vec<Reason>) -> Status {
        Status { code, reasons: Reasons::Many(reasons), plugin: "" }
    }
    pub fn is_success(&self) -> bool {
        self.code == Code::Success
    }
    /// Unschedulable or UnschedulableAndUnresolvable.
    pub fn is_rejected(&self) -> bool {
        matches!(self.code, Code::Unschedulable | Code::UnschedulableAndUnresolvable)
    }
    pub fn message(&self) -> String {
        self.reasons.join(", ")
    }
    pub fn from_plugin(mut self, p: &'static str) -> Status {
        self.plugin = p;
        self
    }
}

/// What a node's hot numbers show about some Filters without asking them
/// (see [`Plugin::hot_gate`]): each field is one plugin's check, and
/// [`HotGate::and`] combines them so that a cycle tests a node against all
/// of them at once.
#[derive(Clone, Copy, Debug, Default)]
pub struct HotGate<'s> {
    /// Passes an uncordoned node; a cordoned one asks (NodeUnschedulable).
    pub uncordoned: bool,
    /// Passes a node without taints; a tainted one by its taint group's
    /// verdict, once recorded (TaintToleration).
    pub taints: Option<&'s GroupVerdicts>,
    /// By the node's label group's verdict, once recorded (NodeAffinity).
    pub labels: Option<&'s GroupVerdicts>,
    /// Room for one more pod and these cpu (milli), memory and ephemeral
    /// storage requests: the pod fits exactly when these hold
    /// (NodeResourcesFit). A request for nothing is `i64::MIN`, which every
    /// node has room for (see `fit_gate`), so no node tests for it apart.
    pub fits: Option<(i64, i64, i64)>,
}

impl<'s> HotGate<'s> {
    /// Both gates' checks (None: both read the same kind of verdicts,
    /// which one gate cannot hold).
    pub fn and(self, o: HotGate<'s>) -> Option<HotGate<'s>> {
        if (self.taints.is_some() && o.taints.is_some()) || (self.labels.is_some() && o.labels.is_some()) {
            return None;
        }
        let fits = match (self.fits, o.fits) {
            (Some(a), Some(b)) => Some((a.0.max(b.0), a.1.max(b.1), a.2.max(b.2))),
            (a, b) => a.or(b),
        };
        Some(HotGate { uncordoned: self.uncordoned || o.uncordoned, taints: self.taints.or(o.taints), labels: self.labels.or(o.labels), fits })
    }

    /// Some(true) when the node passes every check's Filter, Some(false)
    /// when it fails one, None when a Filter must be asked. Runs for every
    /// node a cycle examines.
    #[inline]
    pub fn verdict(&self, h: &NodeHot) -> Option<bool> {
        if let Some((cpu, memory, ephemeral)) = self.fits {
            let fits = h.free_pods > 0 && cpu <= h.alloc_cpu - h.req_cpu && memory <= h.alloc_memory - h.req_memory && ephemeral <= h.free_ephemeral;
            if !fits {
                return Some(false);
            }
        }
        let mut known = true;
        // Most nodes are neither cordoned nor tainted: one test for both.
        if h.unschedulable | h.tainted {
            known = !(self.uncordoned && h.unschedulable);
            if let Some(v) = self.taints.filter(|_| h.tainted) {
                match v.get(h.domains.taints) {
                    Some(false) => return Some(false),
                    Some(true) => {}
                    None => known = false,
                }
            }
        }
        if let Some(v) = self.labels {
            match v.get(h.domains.group) {
                Some(false) => return Some(false),
                Some(true) => {}
                None => known = false,
            }
        }
        known.then_some(true)
    }
}

/// A cycle's Filters sorted once (see [`Profile::filter_plan`]): a gate
/// for those its nodes' hot numbers settle, and the rest.
#[derive(Clone, Copy, Debug)]
pub struct FilterPlan<'s> {
    /// The Filters still to ask after the gate (bits by position).
    active: u64,
    gate: HotGate<'s>,
    /// The Filters the gate stands for.
    gated: u64,
}

impl<'s> FilterPlan<'s> {
    /// Whether the gate is the whole of filtering.
    pub fn gate_only(&self) -> bool {
        self.active == 0
    }

    /// The gate (the default gate, which passes every node, when no
    /// Filter is gated).
    pub fn gate(&self) -> HotGate<'s> {
        self.gate
    }
}

/// What Filter returns: `Ok` for Success, else the rejection. Filters run
/// for every plugin on every node a cycle examines; a success that is only
/// a discriminant costs nothing to build or drop.
pub type FilterResult = Result<(), Status>;

/// Folds a Filter answer back into a status (tests and explanations show
/// every plugin's verdict, successes included).
pub fn filter_status(r: FilterResult) -> Status {
    r.err().unwrap_or_else(Status::success)
}

/// What PreFilter returns: a status, and optionally the only nodes worth
/// looking at (NodeAffinity's `metadata.name` fields).
#[derive(Clone, Debug)]
pub struct PreFilterResult {
    pub status: Status,
    pub node_names: Option<BTreeSet<String>>,
}

impl PreFilterResult {
    pub fn ok() -> PreFilterResult {
        PreFilterResult { status: Status::success(), node_names: None }
    }
    pub fn skip() -> PreFilterResult {
        PreFilterResult { status: Status::skip(), node_names: None }
    }
    pub fn fail(status: Status) -> PreFilterResult {
        PreFilterResult { status, node_names: None }
    }
}

/// Cluster changes that may make a rejected pod schedulable; each plugin
/// names the ones relevant to its rejections (upstream `EventsToRegister`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ClusterEvent {
    NodeAdd,
    NodeUpdate,
    AssignedPodAdd,
    AssignedPodUpdate,
    AssignedPodDelete,
    StorageChange,
    NamespaceChange,
}

/// Everything a plugin may read during a cycle.
pub struct Cx<'a> {
    /// The pod being scheduled.
    pub pod: &'a PodInfo,
    pub cache: &'a Cache,
    pub store: &'a Store,
    pub profile: &'a ProfileConfig,
}

impl Cx<'_> {
    /// A namespace object by name (for namespaceSelectors).
    pub fn namespace(&self, ns: &str) -> Option<Arc<Object>> {
        self.store.get_by(Kind::Namespace, "", ns).cloned()
    }
    pub fn ns_lookup(&self) -> impl Fn(&str) -> Option<Arc<Object>> + '_ {
        move |ns: &str| self.namespace(ns)
    }
    /// Every node the store has, as cached.
    pub fn all_nodes(&self) -> impl Iterator<Item = &Arc<NodeInfo>> + '_ {
        self.cache.node_infos().filter(|n| n.obj.is_some())
    }
}

/// Per-cycle state plugins compute in PreFilter/PreScore and read later.
/// Cloned for preemption's what-if runs.
#[derive(Clone, Debug, Default)]
pub struct CycleState {
    /// Plugins whose PreFilter said Skip, as bits by position in the
    /// profile's filter list: their Filter is not run.
    pub skip_filter_mask: u64,
    /// The pod's images, normalised once per cycle for ImageLocality, with
    /// the share of nodes that have each.
    pub images: Option<Vec<(String, f64)>>,
    pub node_affinity: Option<plugins::node_affinity::RequiredAffinity>,
    pub node_affinity_score: Option<Vec<(i32, plugins::node_affinity::Term)>>,
    /// NodeAffinity's answers per node label group, when they are the same
    /// across one (Filter's and Score's).
    pub node_affinity_memo: Option<GroupVerdicts>,
    pub node_affinity_score_memo: Option<GroupMemo<i64>>,
    /// TaintToleration's Filter answers per taint group.
    pub taint_memo: GroupVerdicts,
    /// ImageLocality's scores per image group.
    pub image_memo: GroupMemo<i64>,
    pub inter_pod_affinity: Option<plugins::inter_pod_affinity::FilterState>,
    pub inter_pod_affinity_score: Option<plugins::inter_pod_affinity::ScoreState>,
    pub topology_spread: Option<plugins::pod_topology_spread::FilterState>,
    pub topology_spread_score: Option<plugins::pod_topology_spread::ScoreState>,
    /// The (namespace, selector) PodTopologySpread counted pods per node
    /// for: the scheduler keeps those counts for the cycles after.
    pub host_counts_wanted: Option<(String, kubeplay_model::selector::Selector)>,
    pub volume_binding: Option<plugins::volume_binding::State>,
    /// Scheduled pods using a ReadWriteOncePod claim this pod uses.
    pub rwop_conflicts: usize,
    /// The pod's [`Shape`](super::score_memo::Shape), found in PreScore
    /// by whichever of NodeResourcesFit and BalancedAllocation runs first,
    /// for both plugins' Score (a state is one pod's, one cycle's).
    pub score_shape: Option<super::score_memo::Shape>,
}

/// A plugin: implements whichever extension points it has.
pub trait Plugin: Sync {
    fn name(&self) -> &'static str;

    /// Precomputes what Filter needs; may reject the pod outright.
    fn pre_filter(&self, _cx: &Cx, _state: &mut CycleState) -> PreFilterResult {
        PreFilterResult::ok()
    }
    /// Whether the pod can run on this node. Runs for every node a cycle
    /// examines: read `node.hot` where it has the answer.
    fn filter(&self, _cx: &Cx, _state: &CycleState, _node: &NodeView) -> FilterResult {
        Ok(())
    }
    /// True when Filter passes every node for this pod (NodeName for a pod
    /// that names no node): a run skips the plugin. Unlike a PreFilter
    /// Skip, nothing outside the run sees it.
    fn passes_all(&self, _cx: &Cx, _state: &CycleState) -> bool {
        false
    }
    /// A check on a node's hot numbers that, where it gives a verdict, gives
    /// Filter's (None: ask Filter for every node). Given as data, not code,
    /// so a run can test every plugin's check in one pass over its nodes.
    fn hot_gate<'s>(&self, _cx: &Cx, _state: &'s CycleState) -> Option<HotGate<'s>> {
        None
    }
    /// Filter over a run of nodes, in examination order: keeps in `nodes`
    /// those this plugin passes and drops the others, adding each with its
    /// status to `rejected` when given. Plugin by plugin over a run gives
    /// the same verdicts as node by node (filters read the cycle state,
    /// never write it; a node leaves at its first rejection), with one
    /// dynamic call per run, not per node, and each plugin walks only the
    /// nodes still in.
    fn filter_many<'n>(&self, cx: &Cx, state: &CycleState, nodes: &mut Vec<&'n NodeView>, mut rejected: Option<&mut Vec<(&'n NodeView, Status)>>) {
        let gate = self.hot_gate(cx, state);
        nodes.retain(|n| {
            if gate.is_some_and(|g| g.verdict(&n.hot) == Some(true)) {
                return true;
            }
            match self.filter(cx, state, n) {
                Ok(()) => true,
                Err(s) => {
                    if let Some(r) = rejected.as_deref_mut() {
                        r.push((n, s.from_plugin(self.name())));
                    }
                    false
                }
            }
        });
    }
    /// PreFilter extensions: keep the cycle state right when preemption
    /// pretends a pod was added to or removed from a node.
    fn add_pod(&self, _cx: &Cx, _state: &mut CycleState, _pod: &PodInfo, _node: &NodeInfo) {}
    fn remove_pod(&self, _cx: &Cx, _state: &mut CycleState, _pod: &PodInfo, _node: &NodeInfo) {}

    /// Precomputes what Score needs over the feasible nodes.
    fn pre_score(&self, _cx: &Cx, _state: &mut CycleState, _nodes: &[&NodeView]) -> Status {
        Status::success()
    }
    /// A raw score for one feasible node (`node.hot` first, as for Filter).
    fn score(&self, _cx: &Cx, _state: &CycleState, _node: &NodeView) -> i64 {
        0
    }
    /// Score over all the feasible nodes, in order, appended to `out`.
    fn score_many(&self, cx: &Cx, state: &CycleState, nodes: &[&NodeView], out: &mut Vec<i64>) {
        out.extend(nodes.iter().map(|n| self.score(cx, state, n)));
    }
    /// Maps raw scores to 0..=100 in place (default: already in range).
    fn normalize(&self, _cx: &Cx, _state: &CycleState, _nodes: &[&NodeView], _scores: &mut [i64]) {}
    /// Whether, this cycle, `add_scores` gives each node what that node
    /// alone decides (nothing normalized over the others), so the cycle
    /// may call it on a few nodes at a time. The cycle then runs every
    /// such plugin over the same few nodes before moving on, and reads each
    /// node's numbers from memory once instead of once per plugin (a few
    /// hundred nodes' numbers do not fit in the fastest cache together).
    fn scores_alone(&self, _cx: &Cx) -> bool {
        false
    }
    /// The normalized score every node gets this cycle, when it is the
    /// same for all of them (asked after PreScore): the cycle then adds it
    /// to each total with the other such plugins' in one pass, instead of
    /// running the plugin over the nodes.
    fn uniform_score(&self, _cx: &Cx, _state: &CycleState) -> Option<i64> {
        None
    }
    /// Adds `weight` × each node's normalized score (Score, then
    /// NormalizeScore) to `totals`, in node order; `scratch` is a buffer to
    /// reuse. A cycle wants only the totals: a plugin whose scores need no
    /// normalizing, or whose normalizing it can foresee, adds them as it
    /// works them out instead of writing them out first. Any override gives
    /// exactly the default's totals (the plugin tests check it).
    fn add_scores(&self, cx: &Cx, state: &CycleState, nodes: &[&NodeView], weight: i64, totals: &mut [i64], scratch: &mut Vec<i64>) {
        scratch.clear();
        self.score_many(cx, state, nodes, scratch);
        self.normalize(cx, state, nodes, scratch);
        add_weighted(totals, scratch, weight);
    }

    /// Events that may make a pod this plugin rejected schedulable.
    fn events(&self) -> &'static [ClusterEvent] {
        &[]
    }
}

/// The plugins a profile runs, in upstream's default order.
pub struct Profile {
    pub filters: Vec<&'static dyn Plugin>,
    pub scorers: Vec<(&'static dyn Plugin, i64)>,
}

impl Profile {
    pub fn new(cfg: &ProfileConfig) -> Profile {
        let filters = plugins::default_filters();
        let scorers = plugins::default_scorers()
            .into_iter()
            .map(|(p, w)| (p, cfg.score_weights.get(p.name()).copied().unwrap_or(w)))
            .filter(|(_, w)| *w > 0)
            .collect();
        Profile { filters, scorers }
    }

    /// Runs every PreFilter. Returns the combined result and fills `state`.
    pub fn run_pre_filter(&self, cx: &Cx, state: &mut CycleState) -> PreFilterResult {
        let mut names: Option<BTreeSet<String>> = None;
        let mut with_names: Vec<&'static str> = Vec::new();
        for (i, p) in self.filters.iter().enumerate() {
            let r = p.pre_filter(cx, state);
            match r.status.code {
                Code::Skip => state.skip_filter_mask |= 1 << i,
                Code::Success => {}
                _ => return PreFilterResult::fail(r.status.from_plugin(p.name())),
            }
            if let Some(n) = r.node_names {
                with_names.push(p.name());
                names = Some(match names {
                    None => n,
                    Some(prev) => prev.intersection(&n).cloned().collect(),
                });
                if names.as_ref().is_some_and(BTreeSet::is_empty) {
                    let msg = if with_names.len() == 1 {
                        format!("node(s) didn't satisfy plugin {}", with_names[0])
                    } else {
                        format!("node(s) didn't satisfy plugin(s) [{}] simultaneously", with_names.join(" "))
                    };
                    // Nodes a PreFilter result leaves out are unresolvable: preemption cannot bring them back.
                    return PreFilterResult::fail(Status::new(Code::UnschedulableAndUnresolvable, msg).from_plugin(with_names[0]));
                }
            }
        }
        PreFilterResult { status: Status::success(), node_names: names }
    }

    /// Runs the Filter plugins on one node, stopping at the first rejection.
    pub fn run_filters(&self, cx: &Cx, state: &CycleState, node: &NodeView) -> Status {
        for (i, p) in self.filters.iter().enumerate() {
            if state.skip_filter_mask & (1 << i) != 0 {
                continue;
            }
            if let Err(s) = p.filter(cx, state, node) {
                return s.from_plugin(p.name());
            }
        }
        Status::success()
    }

    /// [`Profile::run_filters`] over a run of nodes: leaves in `nodes` the
    /// ones that pass, in order, and adds each other one with its first
    /// rejection to `rejected` when given.
    ///
    /// When no rejections are wanted, the plugins with a [`HotGate`] are
    /// tested together in one pass, their gates combined: the nodes that
    /// pass all of them are the same whatever the order, and the combined
    /// gate settles most nodes at once (a node it cannot settle asks each
    /// of those plugins' Filter). Only the others then take a pass each.
    pub fn run_filters_many<'n>(&self, cx: &Cx, state: &CycleState, nodes: &mut Vec<&'n NodeView>, rejected: Option<&mut Vec<(&'n NodeView, Status)>>) {
        if rejected.is_some() {
            let plan = FilterPlan { active: self.active_filters(cx, state), gate: HotGate::default(), gated: 0 };
            self.filter_rest(cx, state, &plan, nodes, rejected);
            return;
        }
        let plan = self.filter_plan(cx, state);
        if plan.gated != 0 {
            // By hand rather than `retain`: with the rare path out of
            // line, the per-node test is a few inlined comparisons.
            let mut kept = 0;
            for i in 0..nodes.len() {
                let n = nodes[i];
                if plan.gate.verdict(&n.hot).unwrap_or_else(|| self.passes_each(cx, state, n, plan.gated)) {
                    nodes[kept] = n;
                    kept += 1;
                }
            }
            nodes.truncate(kept);
        }
        self.filter_rest(cx, state, &plan, nodes, None);
    }

    /// The Filters a cycle must ask (bits by position): those not skipped
    /// by PreFilter and not passing every node outright.
    fn active_filters(&self, cx: &Cx, state: &CycleState) -> u64 {
        let mut active: u64 = 0;
        for (i, p) in self.filters.iter().enumerate() {
            if state.skip_filter_mask & (1 << i) == 0 && !p.passes_all(cx, state) {
                active |= 1 << i;
            }
        }
        active
    }

    /// How a cycle filters when it keeps no rejections, worked out once:
    /// the active plugins with a [`HotGate`] are tested together, their
    /// gates combined (the nodes that pass all of them are the same
    /// whatever the order, and the combined gate settles most nodes at
    /// once); only the others then take a pass each ([`Profile::filter_rest`]).
    pub fn filter_plan<'s>(&self, cx: &Cx, state: &'s CycleState) -> FilterPlan<'s> {
        let active = self.active_filters(cx, state);
        let (mut gate, mut gated) = (HotGate::default(), 0u64);
        for (i, p) in self.filters.iter().enumerate() {
            if active & (1 << i) != 0 {
                if let Some(g) = p.hot_gate(cx, state).and_then(|g| gate.and(g)) {
                    gate = g;
                    gated |= 1 << i;
                }
            }
        }
        FilterPlan { active: active & !gated, gate, gated }
    }

    /// Whether a node the plan's gate cannot settle passes the Filters it
    /// stands for (asking each).
    pub fn passes_gated(&self, cx: &Cx, state: &CycleState, plan: &FilterPlan, n: &NodeView) -> bool {
        self.passes_each(cx, state, n, plan.gated)
    }

    /// The plan's other Filters over `nodes`, plugin by plugin: leaves the
    /// nodes that pass, adding each other one with its first rejection to
    /// `rejected` when given.
    pub fn filter_rest<'n>(&self, cx: &Cx, state: &CycleState, plan: &FilterPlan, nodes: &mut Vec<&'n NodeView>, mut rejected: Option<&mut Vec<(&'n NodeView, Status)>>) {
        for (i, p) in self.filters.iter().enumerate() {
            if nodes.is_empty() {
                return;
            }
            if plan.active & (1 << i) != 0 {
                p.filter_many(cx, state, nodes, rejected.as_deref_mut());
            }
        }
    }

    /// Whether every plugin in `gated` (bits by position) passes a node
    /// their combined gate could not settle: each one's Filter is asked.
    #[cold]
    #[inline(never)]
    fn passes_each(&self, cx: &Cx, state: &CycleState, node: &NodeView, gated: u64) -> bool {
        self.filters.iter().enumerate().filter(|(i, _)| gated & (1 << i) != 0).all(|(_, p)| p.filter(cx, state, node).is_ok())
    }

    /// Filters with nominated pods (higher or equal priority, waiting for
    /// this node after a preemption) counted as if already there, then
    /// without them (upstream `RunFilterPluginsWithNominatedPods`).
    pub fn run_filters_with_nominated(&self, cx: &Cx, state: &CycleState, node: &NodeView, nominated: &[Arc<PodInfo>]) -> Status {
        let counts = |p: &&Arc<PodInfo>| p.priority >= cx.pod.priority && p.key != cx.pod.key;
        // Runs for every node a cycle examines; nominations are rare.
        if !nominated.iter().any(|p| counts(&p)) {
            return self.run_filters(cx, state, node);
        }
        let ge: Vec<&Arc<PodInfo>> = nominated.iter().filter(counts).collect();
        let mut n = (*node.info).clone();
        let mut st = state.clone();
        for p in ge {
            n.add_pod((*p).clone());
            for pl in &self.filters {
                pl.add_pod(cx, &mut st, p, &n);
            }
        }
        let s = self.run_filters(cx, &st, &NodeView::from(n));
        if !s.is_success() {
            return s;
        }
        self.run_filters(cx, state, node)
    }

    pub fn filter_plugins_for(&self, ev: ClusterEvent) -> BTreeSet<&'static str> {
        self.filters.iter().filter(|p| p.events().contains(&ev)).map(|p| p.name()).collect()
    }
}

/// `totals[i] += weight × scores[i]`.
#[inline]
pub fn add_weighted(totals: &mut [i64], scores: &[i64], weight: i64) {
    for (t, s) in totals.iter_mut().zip(scores) {
        *t += s * weight;
    }
}

/// Adds `weight × f(node)` to each node's total: the default's sum, for
/// plugins that need no normalizing, without writing the scores out.
#[inline]
pub fn add_each(totals: &mut [i64], nodes: &[&NodeView], weight: i64, f: impl Fn(&NodeView) -> i64) {
    for (t, n) in totals.iter_mut().zip(nodes) {
        *t += f(n) * weight;
    }
}

/// `DefaultNormalizeScore`: scale to 0..=max by the highest score; with
/// `reverse`, higher raw scores become lower.
pub fn default_normalize(max: i64, reverse: bool, scores: &mut [i64]) {
    let highest = scores.iter().copied().max().unwrap_or(0);
    if highest == 0 {
        if reverse {
            scores.iter_mut().for_each(|s| *s = max);
        }
        return;
    }
    for s in scores.iter_mut() {
        *s = max * *s / highest;
        if reverse {
            *s = max - *s;
        }
    }
}

/// Why no node fit, as upstream's `FitError.Error()` words it:
/// `0/N nodes are available: <prefilter>. <count reason, ...>. <postfilter>`
/// (the PostFilter message brings its own full stop).
pub fn fit_error_message(num_nodes: usize, pre_filter_msg: &str, statuses: &BTreeMap<String, Status>, absent: Option<&Status>, post_filter_msg: &str) -> String {
    let mut msg = format!("0/{num_nodes} nodes are available:");
    if !pre_filter_msg.is_empty() {
        msg.push_str(&format!(" {pre_filter_msg}."));
    } else {
        let hist = reason_histogram(num_nodes, statuses, absent);
        if !hist.is_empty() {
            msg.push_str(&format!(" {}.", hist.join(", ")));
        }
    }
    if !post_filter_msg.is_empty() {
        msg.push_str(&format!(" {post_filter_msg}"));
    }
    msg
}

/// "<count> <reason>" per distinct reason, sorted as strings.
pub fn reason_histogram(num_nodes: usize, statuses: &BTreeMap<String, Status>, absent: Option<&Status>) -> Vec<String> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for s in statuses.values() {
        for r in &s.reasons {
            *counts.entry(&**r).or_default() += 1;
        }
    }
    if let Some(a) = absent {
        if statuses.len() < num_nodes {
            for r in &a.reasons {
                *counts.entry(&**r).or_default() += num_nodes - statuses.len();
            }
        }
    }
    let mut out: Vec<String> = counts.into_iter().map(|(r, c)| format!("{c} {r}")).collect();
    kubeplay_model::sort::sort(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_normalize_matches_upstream_table() {
        // helper/normalize_score_test.go
        let mut s = [1, 2, 3, 4];
        default_normalize(100, false, &mut s);
        assert_eq!(s, [25, 50, 75, 100]);
        let mut s = [1, 2, 3, 4];
        default_normalize(100, true, &mut s);
        assert_eq!(s, [75, 50, 25, 0]);
        let mut s = [1000, 10, 20, 30];
        default_normalize(100, false, &mut s);
        assert_eq!(s, [100, 1, 2, 3]);
        let mut s = [0, 0, 0, 0];
        default_normalize(100, false, &mut s);
        assert_eq!(s, [0, 0, 0, 0]);
        let mut s = [0, 0, 0, 0];
        default_normalize(100, true, &mut s);
        assert_eq!(s, [100, 100, 100, 100]);
        let mut s = [0, 1, 1, 1];
        default_normalize(100, true, &mut s);
        assert_eq!(s, [100, 0, 0, 0]);
    }

    /// A run filtered plugin by plugin keeps, in order, exactly the nodes
    /// that pass node by node, and rejects each other node with the first
    /// plugin that rejects it there.
    #[test]
    fn a_run_filtered_plugin_by_plugin_agrees_with_node_by_node() {
        use crate::scheduler::cache::{NodeView, PodInfo};
        use crate::scheduler::plugins::testutil::*;
        use kubeplay_model::Object;
        use std::sync::Arc;
        let mut nodes = Vec::new();
        for i in 0..12 {
            let zone = ["a", "b"][i % 2];
            let mut n = node_alloc(&format!("n{i}"), &[("cpu", if i % 3 == 0 { "1" } else { "4" }), ("memory", "8Gi"), ("pods", "110")]);
            n.metadata.labels.extend(labels(&[("kubernetes.io/hostname", &format!("n{i}")), ("topology.kubernetes.io/zone", zone), ("disk", if i % 4 == 0 { "hdd" } else { "ssd" })]));
            if i % 5 == 1 {
                n.spec.taints = vec![taint("dedicated", "batch", "NoSchedule")];
            }
            n.spec.unschedulable = Some(i == 7);
            nodes.push(n);
        }
        let w = World::new(nodes, vec![assigned(pod_req("busy", &[("cpu", "3")]), "n2")]);
        let profile = Profile::new(&w.profile);
        let mut p = pod_req("p", &[("cpu", "2")]);
        p.spec_mut().node_selector = labels(&[("disk", "ssd")]);
        let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p))));
        let cx = w.cx(&info);
        let mut state = CycleState::default();
        assert!(profile.run_pre_filter(&cx, &mut state).status.is_success());
        let views: Vec<NodeView> = (0..12).map(|i| NodeView::new(w.cache.node(&format!("n{i}")).unwrap().clone())).collect();
        // Each node with its first rejection (plugin, code, reasons), if any.
        type Verdicts<'a> = Vec<(String, Option<(&'a str, Code, Reasons)>)>;
        let one_by_one: Verdicts = views
            .iter()
            .map(|v| {
                let s = profile.run_filters(&cx, &state, v);
                (v.name.clone(), (!s.is_success()).then_some((s.plugin, s.code, s.reasons)))
            })
            .collect();
        let (mut kept, mut rejected) = (views.iter().collect::<Vec<_>>(), Vec::new());
        profile.run_filters_many(&cx, &state, &mut kept, Some(&mut rejected));
        // Without rejections wanted, the gated plugins go in one pass: the
        // same nodes are kept, in the same order.
        let mut gated = views.iter().collect::<Vec<_>>();
        profile.run_filters_many(&cx, &state, &mut gated, None);
        assert_eq!(gated.iter().map(|v| &v.name).collect::<Vec<_>>(), kept.iter().map(|v| &v.name).collect::<Vec<_>>());
        let mut many: Verdicts = kept.iter().map(|v| (v.name.clone(), None)).collect();
        many.extend(rejected.into_iter().map(|(v, s)| (v.name.clone(), Some((s.plugin, s.code, s.reasons)))));
        let passing: Vec<&String> = one_by_one.iter().filter(|(_, s)| s.is_none()).map(|(n, _)| n).collect();
        assert_eq!(kept.iter().map(|v| &v.name).collect::<Vec<_>>(), passing);
        kubeplay_model::sort::sort_by_key(&mut many, |(n, _)| views.iter().position(|v| &v.name == n));
        assert_eq!(many, one_by_one);
        // Every kind of rejection came up: cordon, untolerated taint,
        // selector mismatch, too little cpu.
        let plugins: std::collections::BTreeSet<&str> = one_by_one.iter().filter_map(|(_, s)| s.as_ref().map(|s| s.0)).collect();
        assert_eq!(plugins.len(), 4, "{plugins:?}");
    }

    fn st(code: Code, r: &[&str]) -> Status {
        Status::with_reasons(code, r.iter().map(|s| Reason::from(s.to_string())).collect())
    }

    #[test]
    fn fit_error_messages_are_worded_as_upstream() {
        let mut m = BTreeMap::new();
        m.insert("cp".to_string(), st(Code::UnschedulableAndUnresolvable, &["node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }"]));
        for n in ["w1", "w2", "w3"] {
            m.insert(n.to_string(), st(Code::Unschedulable, &["Insufficient cpu"]));
        }
        let post = "preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.";
        assert_eq!(
            fit_error_message(4, "", &m, None, post),
            "0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod."
        );
        // A node with two reasons counts in both; reasons sort as strings.
        let mut m = BTreeMap::new();
        m.insert("a".to_string(), st(Code::Unschedulable, &["Insufficient cpu", "Insufficient memory"]));
        m.insert("b".to_string(), st(Code::Unschedulable, &["Insufficient memory"]));
        assert_eq!(fit_error_message(2, "", &m, None, ""), "0/2 nodes are available: 1 Insufficient cpu, 2 Insufficient memory.");
        // PreFilter rejections replace the per-node histogram.
        assert_eq!(fit_error_message(3, "pod affinity terms conflict", &m, None, ""), "0/3 nodes are available: pod affinity terms conflict.");
        assert_eq!(
            fit_error_message(2, "", &m, None, "preemption: not eligible due to preemptionPolicy=Never."),
            "0/2 nodes are available: 1 Insufficient cpu, 2 Insufficient memory. preemption: not eligible due to preemptionPolicy=Never."
        );
        // Nodes a PreFilter result excluded count with the absent status.
        let mut m = BTreeMap::new();
        m.insert("a".to_string(), st(Code::Unschedulable, &["Insufficient cpu"]));
        let absent = st(Code::UnschedulableAndUnresolvable, &["node(s) didn't satisfy plugin(s) [NodeAffinity]"]);
        assert_eq!(
            fit_error_message(4, "", &m, Some(&absent), ""),
            "0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity]."
        );
    }
}
