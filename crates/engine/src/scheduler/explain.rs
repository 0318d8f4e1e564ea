//! Explain mode: for any pod, what every Filter plugin said about every
//! node and how every Score plugin ranked the nodes that fit — the table
//! behind `sim explain pod NAME` and the UI's scheduling view. It runs the
//! same plugins as a real cycle, on a copy of the world, without the early
//! stop, so every node gets a verdict.

use super::cache::{NodeView, PodInfo};
use super::config::{ProfileConfig, DEFAULT_SCHEDULER_NAME};
use super::cycle::prioritize;
use super::framework::{fit_error_message, Code, Cx, CycleState, Profile, Reason, Status};
use super::plugins::default_preemption::{self, Outcome};
use super::{wants_scheduling, Cache};
use crate::world::World;
use kubeplay_model::api::Pod;
use kubeplay_model::Object;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One Filter plugin's verdict on one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilterVerdict {
    pub plugin: &'static str,
    /// Success, Unschedulable, UnschedulableAndUnresolvable, or Skip when
    /// the plugin's PreFilter said it has nothing to check for this pod.
    pub code: Code,
    pub reasons: Vec<Reason>,
}

/// One Score plugin's view of one feasible node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreDetail {
    pub plugin: &'static str,
    pub raw: i64,
    /// After the plugin's NormalizeScore (0..=100).
    pub normalized: i64,
    pub weight: i64,
    /// normalized × weight.
    pub weighted: i64,
    /// PreScore said Skip: the plugin gives every node 0.
    pub skipped: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeExplanation {
    pub node: String,
    pub filters: Vec<FilterVerdict>,
    pub fits: bool,
    /// The reason the real scheduler reports for this node: the first
    /// failing plugin in profile order.
    pub first_failure: Option<FilterVerdict>,
    /// Empty when the node doesn't fit.
    pub scores: Vec<ScoreDetail>,
    pub total: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// `namespace/name`.
    pub pod: String,
    pub scheduler_name: String,
    /// False when no profile serves the pod's schedulerName: it stays Pending.
    pub served: bool,
    /// Where the pod is bound already, if it is.
    pub bound_to: Option<String>,
    /// A PreFilter rejection that rules out every node.
    pub pre_filter_rejection: Option<(String, Vec<String>)>,
    pub nodes: Vec<NodeExplanation>,
    /// Score plugins with their weights, in profile order.
    pub score_plugins: Vec<(&'static str, i64)>,
    /// Nodes sharing the highest total (one is picked at random).
    pub best: Vec<String>,
    /// The FailedScheduling message a cycle would produce now, if no node fits.
    pub failure_message: Option<String>,
}

/// Explains how the scheduler sees `pod` in `world` right now.
pub fn explain(world: &World, pod: &Pod) -> Explanation {
    let config = world.scheduler.config.clone();
    let scheduler_name = pod.spec.scheduler_name.as_deref().unwrap_or(DEFAULT_SCHEDULER_NAME).to_string();
    let served = config.profile(&scheduler_name).is_some();
    let profile_cfg = config.profile(&scheduler_name).cloned().unwrap_or_else(|| ProfileConfig::default_named(&scheduler_name));
    let profile = Profile::new(&profile_cfg);
    // A cache that matches the store, without the pod itself.
    let mut cache = if world.scheduler.cache.synced_rv == world.store.resource_version() { world.scheduler.cache.clone() } else { Cache::rebuild(&world.store) };
    let obj = Arc::new(Object::Pod(Box::new(pod.clone())));
    cache.set_pod(&obj.key(), None);
    let mut unbound = pod.clone();
    unbound.spec_mut().node_name = None;
    let info = PodInfo::new(Arc::new(Object::Pod(Box::new(unbound))));
    let order = cache.order();
    let cx = Cx { pod: &info, cache: &cache, store: &world.store, profile: &profile_cfg };
    let mut state = CycleState::default();
    let mut ex = Explanation {
        pod: format!("{}/{}", pod.metadata.namespace, pod.metadata.name),
        scheduler_name,
        served: served && (wants_scheduling(pod, &config) || pod.node_name().is_some()),
        bound_to: pod.node_name().map(str::to_string),
        pre_filter_rejection: None,
        nodes: Vec::new(),
        score_plugins: profile.scorers.iter().map(|(p, w)| (p.name(), *w)).collect(),
        best: Vec::new(),
        failure_message: None,
    };
    let pre = profile.run_pre_filter(&cx, &mut state);
    if !pre.status.is_success() {
        ex.pre_filter_rejection = Some((pre.status.plugin.to_string(), pre.status.reasons.iter().map(|r| r.to_string()).collect()));
        let statuses: BTreeMap<String, Status> = order.iter().map(|n| (n.clone(), pre.status.clone())).collect();
        ex.failure_message = Some(fit_error_message(order.len(), &pre.status.message(), &statuses, None, ""));
        return ex;
    }
    let nominated = |n: &str| world.scheduler.queue.nominated_on(n);
    let mut statuses = BTreeMap::new();
    let mut feasible = Vec::new();
    for name in order.iter() {
        let Some(n) = cache.node(name) else { continue };
        let n = NodeView::new(n.clone());
        let mut verdicts = Vec::new();
        for (i, p) in profile.filters.iter().enumerate() {
            if state.skip_filter_mask & (1 << i) != 0 {
                verdicts.push(FilterVerdict { plugin: p.name(), code: Code::Skip, reasons: Vec::new() });
                continue;
            }
            let s = super::framework::filter_status(p.filter(&cx, &state, &n));
            verdicts.push(FilterVerdict { plugin: p.name(), code: s.code, reasons: s.reasons.into_vec() });
        }
        if let Some(names) = &pre.node_names {
            if !names.contains(name) {
                verdicts.push(FilterVerdict {
                    plugin: super::plugins::node_affinity::NAME,
                    code: Code::UnschedulableAndUnresolvable,
                    reasons: vec!["node(s) didn't satisfy plugin(s) [NodeAffinity]".into()],
                });
            }
        }
        let whole = profile.run_filters_with_nominated(&cx, &state, &n, &nominated(name));
        let excluded = pre.node_names.as_ref().is_some_and(|ns| !ns.contains(name));
        let fits = whole.is_success() && !excluded;
        let first_failure = if fits {
            None
        } else if excluded {
            verdicts.last().cloned()
        } else {
            Some(FilterVerdict { plugin: whole.plugin, code: whole.code, reasons: whole.reasons.to_vec() })
        };
        if fits {
            feasible.push(n);
        } else if let Some(f) = &first_failure {
            statuses.insert(name.clone(), Status::with_reasons(f.code, f.reasons.clone()));
        }
        ex.nodes.push(NodeExplanation { node: name.clone(), filters: verdicts, fits, first_failure, scores: Vec::new(), total: None });
    }
    if feasible.is_empty() {
        let input = default_preemption::Input { profile: &profile, cx: &cx, state: &state, statuses: &statuses, order: &order, nominated: &nominated, now: world.now, rand: 0 };
        let outcome = default_preemption::preempt(&input);
        let post = match &outcome {
            Outcome::Preempt(_) => String::new(),
            o => o.message(),
        };
        ex.failure_message = Some(fit_error_message(order.len(), "", &statuses, None, &post));
        return ex;
    }
    let feasible: Vec<&NodeView> = feasible.iter().collect();
    let scored = prioritize(&profile, &cx, &mut state, &feasible);
    let best = scored.totals.iter().copied().max().unwrap_or(0);
    for (i, n) in feasible.iter().enumerate() {
        if scored.totals[i] == best {
            ex.best.push(n.name.clone());
        }
        if let Some(e) = ex.nodes.iter_mut().find(|e| e.node == n.name) {
            e.scores = scored
                .plugins
                .iter()
                .map(|p| {
                    let (raw, normalized) = (p.raw.get(i).copied().unwrap_or(0), p.normalized.get(i).copied().unwrap_or(0));
                    ScoreDetail { plugin: p.plugin, raw, normalized, weight: p.weight, weighted: normalized * p.weight, skipped: p.skipped }
                })
                .collect();
            e.total = Some(scored.totals[i]);
        }
    }
    ex
}

impl Explanation {
    /// A plain-text table, for `sim explain pod NAME`.
    pub fn render(&self) -> String {
        let mut out = format!("Pod {} (scheduler {})\n", self.pod, self.scheduler_name);
        if !self.served {
            out.push_str(&format!("No scheduler serves schedulerName {:?}: the pod stays Pending.\n", self.scheduler_name));
        }
        if let Some(n) = &self.bound_to {
            out.push_str(&format!("Bound to {n}. As if it were pending now:\n"));
        }
        if let Some((p, r)) = &self.pre_filter_rejection {
            out.push_str(&format!("PreFilter {p} rejects every node: {}\n", r.join(", ")));
        }
        for n in &self.nodes {
            match (&n.first_failure, n.total) {
                (Some(f), _) => out.push_str(&format!("  {:<28} no   {}: {}\n", n.node, f.plugin, f.reasons.join(", "))),
                (None, Some(t)) => {
                    let parts: Vec<String> = n.scores.iter().filter(|s| !s.skipped).map(|s| format!("{} {}×{}", s.plugin, s.normalized, s.weight)).collect();
                    out.push_str(&format!("  {:<28} fits score {t}  ({})\n", n.node, parts.join(", ")));
                }
                (None, None) => out.push_str(&format!("  {:<28} fits\n", n.node)),
            }
        }
        if !self.best.is_empty() {
            out.push_str(&format!("Best: {}\n", self.best.join(", ")));
        }
        if let Some(m) = &self.failure_message {
            out.push_str(&format!("FailedScheduling: {m}\n"));
        }
        out
    }
}
