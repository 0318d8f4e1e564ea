//! DefaultPreemption (PostFilter): when no node fits, look for a node where
//! evicting lower-priority pods would make room, evicting as few and as
//! unimportant pods as possible and avoiding PodDisruptionBudget
//! violations; the pod is then nominated to that node and waits for the
//! victims to go.

use crate::scheduler::cache::{NodeInfo, NodeView, PodInfo};
use crate::scheduler::framework::{fit_error_message, Code, Cx, CycleState, Profile, Status};
use kubeplay_model::api::{Pod, PodDisruptionBudget};
use kubeplay_model::meta::find_condition;
use kubeplay_model::{Kind, Object, Time};
use std::collections::BTreeMap;
use std::sync::Arc;

pub const NAME: &str = "DefaultPreemption";
pub const NOT_HELPFUL: &str = "Preemption is not helpful for scheduling";
pub const NO_VICTIMS: &str = "No preemption victims found for incoming pod";

/// A node where preemption would work, and what it would cost.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub node: String,
    /// Most important first.
    pub victims: Vec<Arc<PodInfo>>,
    pub pdb_violations: usize,
}

#[derive(Clone, Debug)]
pub enum Outcome {
    /// The pod may not preempt (policy, or victims still terminating); the text says why.
    NotEligible(String),
    /// No node would fit even after evictions; a `0/N nodes are available: …` text.
    NoCandidates(String),
    Preempt(Candidate),
}

impl Outcome {
    /// The PostFilter message that ends the FailedScheduling text.
    pub fn message(&self) -> String {
        match self {
            Outcome::NotEligible(m) | Outcome::NoCandidates(m) => format!("preemption: {m}"),
            Outcome::Preempt(_) => String::new(),
        }
    }
}

/// Everything preemption needs beyond a plugin's context.
pub struct Input<'a> {
    pub profile: &'a Profile,
    pub cx: &'a Cx<'a>,
    pub state: &'a CycleState,
    /// The Filter verdict of every node from the failed cycle.
    pub statuses: &'a BTreeMap<String, Status>,
    /// Nodes in scheduling order.
    pub order: &'a [String],
    pub nominated: &'a dyn Fn(&str) -> Vec<Arc<PodInfo>>,
    pub now: Time,
    /// A random draw for where the dry run starts.
    pub rand: u64,
}

fn start_time(p: &Pod, now: Time) -> Time {
    p.status.start_time.unwrap_or(now)
}

/// `MoreImportantPod`: higher priority, then the one running longer.
fn more_important(a: &PodInfo, b: &PodInfo, now: Time) -> std::cmp::Ordering {
    b.priority.cmp(&a.priority).then(start_time(a.pod(), now).cmp(&start_time(b.pod(), now)))
}

fn terminating_by_preemption(p: &Pod) -> bool {
    p.metadata.deletion_timestamp.is_some()
        && find_condition(&p.status.conditions, "DisruptionTarget").is_some_and(|c| c.is_true() && c.reason.as_deref() == Some("PreemptionByScheduler"))
}

/// Splits pods (in order) into those whose eviction would violate a PDB and the rest.
fn split_by_pdb(pods: Vec<Arc<PodInfo>>, pdbs: &[PodDisruptionBudget]) -> (Vec<Arc<PodInfo>>, Vec<Arc<PodInfo>>) {
    let mut allowed: Vec<i32> = pdbs.iter().map(|p| p.status.disruptions_allowed).collect();
    let (mut violating, mut fine) = (Vec::new(), Vec::new());
    for p in pods {
        let mut violated = false;
        if !p.labels().is_empty() {
            for (i, pdb) in pdbs.iter().enumerate() {
                if pdb.metadata.namespace != p.namespace() {
                    continue;
                }
                let Some(sel) = pdb.spec.selector.as_ref().and_then(|s| s.to_selector().ok()) else { continue };
                if sel.is_empty() || !sel.matches(p.labels()) || pdb.status.disrupted_pods.contains_key(p.name()) {
                    continue;
                }
                allowed[i] -= 1;
                if allowed[i] < 0 {
                    violated = true;
                }
            }
        }
        if violated {
            violating.push(p);
        } else {
            fine.push(p);
        }
    }
    (violating, fine)
}

/// The fewest, least important pods to evict from `node` for the pod to fit.
pub fn select_victims(input: &Input, node: &NodeInfo, pdbs: &[PodDisruptionBudget]) -> Result<(Vec<Arc<PodInfo>>, usize), Status> {
    let cx = input.cx;
    let mut potential: Vec<Arc<PodInfo>> = node.pods.values().filter(|p| p.priority < cx.pod.priority).cloned().collect();
    if potential.is_empty() {
        return Err(Status::new(Code::UnschedulableAndUnresolvable, NO_VICTIMS));
    }
    let mut n = node.clone();
    let mut st = input.state.clone();
    for p in &potential {
        n.remove_pod(&p.key);
        for pl in &input.profile.filters {
            pl.remove_pod(cx, &mut st, p, &n);
        }
    }
    let nominated = (input.nominated)(&node.name);
    let s = input.profile.run_filters_with_nominated(cx, &st, &NodeView::from(n.clone()), &nominated);
    if !s.is_success() {
        return Err(s);
    }
    kubeplay_model::sort::sort_by(&mut potential, |a, b| more_important(a, b, input.now));
    let (violating, fine) = split_by_pdb(potential, pdbs);
    let both = !violating.is_empty() && !fine.is_empty();
    let mut victims = Vec::new();
    let mut violations = 0;
    for (is_violating, p) in violating.into_iter().map(|p| (true, p)).chain(fine.into_iter().map(|p| (false, p))) {
        n.add_pod(p.clone());
        for pl in &input.profile.filters {
            pl.add_pod(cx, &mut st, &p, &n);
        }
        if !input.profile.run_filters_with_nominated(cx, &st, &NodeView::from(n.clone()), &nominated).is_success() {
            n.remove_pod(&p.key);
            for pl in &input.profile.filters {
                pl.remove_pod(cx, &mut st, &p, &n);
            }
            if is_violating {
                violations += 1;
            }
            victims.push(p);
        }
    }
    if both {
        kubeplay_model::sort::sort_by(&mut victims, |a, b| more_important(a, b, input.now));
    }
    if victims.is_empty() {
        return Err(Status::new(Code::Error, format!("expected at least one victim pod on node {:?}", node.name)));
    }
    Ok((victims, violations))
}

/// `pickOneNodeForPreemption`: fewest PDB violations, then the lowest
/// highest-priority victim, the smallest priority sum, the fewest victims,
/// the latest start among the most important victims, then the first.
pub fn pick_one(cands: &[Candidate], now: Time) -> Option<&Candidate> {
    let scores: [&dyn Fn(&Candidate) -> i64; 5] = [
        &|c| -(c.pdb_violations as i64),
        &|c| -(c.victims.first().map(|v| v.priority as i64).unwrap_or(0)),
        &|c| -c.victims.iter().map(|v| v.priority as i64 + i32::MAX as i64 + 1).sum::<i64>(),
        &|c| -(c.victims.len() as i64),
        &|c| {
            let top = c.victims.iter().map(|v| v.priority).max().unwrap_or(0);
            c.victims.iter().filter(|v| v.priority == top).map(|v| start_time(v.pod(), now).millis()).min().unwrap_or(i64::MIN)
        },
    ];
    let mut pool: Vec<&Candidate> = cands.iter().collect();
    for f in scores {
        let best = pool.iter().map(|c| f(c)).max()?;
        pool.retain(|c| f(c) == best);
        if pool.len() == 1 {
            break;
        }
    }
    pool.first().copied()
}

/// `nodesWherePreemptionMightHelp`: the nodes, in order, whose Filter
/// verdict evicting pods could change. A node without a verdict (left out
/// by a PreFilter result) counts as unresolvable, as upstream's absent
/// status does. Upstream tries every other node; a failed cycle's statuses
/// are all rejections, so that is every Unschedulable one.
pub fn nodes_where_preemption_might_help<'a>(order: &'a [String], statuses: &BTreeMap<String, Status>) -> Vec<&'a String> {
    order.iter().filter(|n| statuses.get(*n).is_some_and(|s| s.code == Code::Unschedulable)).collect()
}

/// `PodEligibleToPreemptOthers`, given the Filter code of the pod's
/// nominated node (unresolvable when it had none).
pub fn pod_eligible_to_preempt_others(cx: &Cx, nominated_code: Code) -> Result<(), String> {
    let pod = cx.pod.pod();
    if pod.spec.preemption_policy.as_deref() == Some("Never") {
        return Err("not eligible due to preemptionPolicy=Never.".into());
    }
    let Some(nom) = pod.status.nominated_node_name.as_deref().filter(|n| !n.is_empty()) else { return Ok(()) };
    // Its nominated node can no longer take it: preempting elsewhere may help.
    if nominated_code == Code::UnschedulableAndUnresolvable {
        return Ok(());
    }
    if let Some(n) = cx.cache.node(nom) {
        if n.pods.values().any(|p| p.priority < cx.pod.priority && terminating_by_preemption(p.pod())) {
            return Err("not eligible due to a terminating pod on the nominated node.".into());
        }
    }
    Ok(())
}

/// How many candidates the dry run looks for among `n` nodes
/// (DefaultPreemptionArgs: `pct` percent, at least `abs`, at most all).
pub fn num_candidates(n: usize, pct: usize, abs: usize) -> usize {
    (n * pct / 100).max(abs).min(n)
}

/// `DryRunPreemption`: victims on each node from `offset` round, until
/// `wanted` candidates are found with at least one that violates no PDB.
/// Each kind keeps at most `wanted` (later ones are dropped, as upstream's
/// fixed-size lists drop them); those that violate none come first. Also
/// returns why each node that could not be a candidate was not.
pub fn dry_run(input: &Input, potential: &[&String], pdbs: &[PodDisruptionBudget], offset: usize, wanted: usize) -> (Vec<Candidate>, BTreeMap<String, Status>) {
    let len = potential.len();
    let (mut fine, mut violating) = (Vec::new(), Vec::new());
    let mut tried: BTreeMap<String, Status> = BTreeMap::new();
    for i in 0..len {
        let name = potential[(offset + i) % len];
        let Some(node) = input.cx.cache.node(name) else { continue };
        match select_victims(input, node, pdbs) {
            Ok((victims, v)) => {
                let list = if v == 0 { &mut fine } else { &mut violating };
                if list.len() < wanted {
                    list.push(Candidate { node: name.to_string(), victims, pdb_violations: v });
                }
                if !fine.is_empty() && fine.len() + violating.len() >= wanted {
                    break;
                }
            }
            Err(s) => {
                tried.insert(name.to_string(), s);
            }
        }
    }
    fine.extend(violating);
    (fine, tried)
}

/// Runs DefaultPreemption for a pod no node could take.
pub fn preempt(input: &Input) -> Outcome {
    let cx = input.cx;
    let pod = cx.pod.pod();
    let nominated_code = pod.status.nominated_node_name.as_deref().and_then(|n| input.statuses.get(n)).map_or(Code::UnschedulableAndUnresolvable, |s| s.code);
    if let Err(why) = pod_eligible_to_preempt_others(cx, nominated_code) {
        return Outcome::NotEligible(why);
    }
    let num_nodes = input.order.len();
    let absent = Status::new(Code::UnschedulableAndUnresolvable, NOT_HELPFUL);
    let potential = nodes_where_preemption_might_help(input.order, input.statuses);
    if potential.is_empty() {
        return Outcome::NoCandidates(fit_error_message(num_nodes, "", &BTreeMap::new(), Some(&absent), ""));
    }
    let pdbs: Vec<PodDisruptionBudget> =
        cx.store.list(Kind::PodDisruptionBudget, None).filter_map(|o| if let Object::PodDisruptionBudget(p) = &**o { Some((**p).clone()) } else { None }).collect();
    let len = potential.len();
    let offset = (input.rand % len as u64) as usize;
    let (cands, tried) = dry_run(input, &potential, &pdbs, offset, num_candidates(len, 10, 100));
    if cands.is_empty() {
        return Outcome::NoCandidates(fit_error_message(num_nodes, "", &tried, Some(&absent), ""));
    }
    match pick_one(&cands, input.now) {
        Some(c) => Outcome::Preempt(c.clone()),
        None => Outcome::NotEligible("no candidate node for preemption".into()),
    }
}

#[cfg(test)]
#[path = "default_preemption_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::cache::PodInfo;
    use crate::scheduler::plugins::testutil::*;

    fn victim(name: &str, prio: i32, start: i64) -> Arc<PodInfo> {
        let mut p = pod(name, &[]);
        p.spec_mut().priority = Some(prio);
        p.status.start_time = Some(Time::from_millis(start));
        Arc::new(PodInfo::new(Arc::new(Object::Pod(Box::new(p)))))
    }
    fn cand(node: &str, victims: Vec<Arc<PodInfo>>, pdb: usize) -> Candidate {
        Candidate { node: node.into(), victims, pdb_violations: pdb }
    }

    #[test]
    fn pick_one_node_for_preemption() {
        // The order of criteria from upstream's TestPickOneNodeForPreemption.
        let now = Time::from_millis(1_000_000);
        let pick = |c: Vec<Candidate>| pick_one(&c, now).map(|c| c.node.clone()).unwrap();
        // Fewer PDB violations beats everything else.
        assert_eq!(pick(vec![cand("a", vec![victim("p", 1, 0)], 1), cand("b", vec![victim("q", 100, 0), victim("r", 100, 0)], 0)]), "b");
        // Lower highest-priority victim.
        assert_eq!(pick(vec![cand("a", vec![victim("p", 10, 0)], 0), cand("b", vec![victim("q", 5, 0), victim("r", 5, 0)], 0)]), "b");
        // Smaller sum of priorities.
        assert_eq!(pick(vec![cand("a", vec![victim("p", 10, 0), victim("q", 5, 0)], 0), cand("b", vec![victim("r", 10, 0), victim("s", 1, 0), victim("t", 1, 0)], 0)]), "a");
        // Fewer victims at equal sums (negative priorities shift by MaxInt32+1).
        assert_eq!(pick(vec![cand("a", vec![victim("p", 10, 0), victim("q", 10, 0)], 0), cand("b", vec![victim("r", 10, 0)], 0)]), "b");
        // Latest start time of the most important victims.
        assert_eq!(pick(vec![cand("a", vec![victim("p", 10, 100)], 0), cand("b", vec![victim("q", 10, 200)], 0)]), "b");
        // Full tie: the first.
        assert_eq!(pick(vec![cand("a", vec![victim("p", 10, 100)], 0), cand("b", vec![victim("q", 10, 100)], 0)]), "a");
    }

    #[test]
    fn pdb_split_counts_budget_per_pod_in_order() {
        let with_labels = |name: &str| {
            let p = pod(name, &[("app", "web")]);
            Arc::new(PodInfo::new(Arc::new(Object::Pod(Box::new(p)))))
        };
        let mut pdb = PodDisruptionBudget::default();
        pdb.metadata.namespace = "default".into();
        pdb.spec.selector = Some(kubeplay_model::LabelSelector { match_labels: labels(&[("app", "web")]), ..Default::default() });
        pdb.status.disruptions_allowed = 1;
        let (v, f) = split_by_pdb(vec![with_labels("a"), with_labels("b"), with_labels("c")], &[pdb]);
        assert_eq!(f.iter().map(|p| p.name().to_string()).collect::<Vec<_>>(), ["a"]);
        assert_eq!(v.len(), 2);
    }
}
