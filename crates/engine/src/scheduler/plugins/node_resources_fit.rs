//! NodeResourcesFit: a node fits a pod when what the pod requests fits in
//! the node's allocatable minus what its pods already request, and it
//! can take one more pod (Filter). Scoring ranks fitting nodes by how full
//! they would be: LeastAllocated by default, MostAllocated or
//! RequestedToCapacityRatio when the profile says so.

use crate::scheduler::cache::{NodeHot, NodeView};
use crate::scheduler::config::ScoringStrategy;
use crate::scheduler::framework::{add_each, add_weighted, ClusterEvent, Code, Cx, CycleState, FilterResult, HotGate, Plugin, Reasons, Status, MAX_NODE_SCORE};
use crate::scheduler::resources::{ResourceName, Resources};
use crate::scheduler::score_memo::Shape;

pub const NAME: &str = "NodeResourcesFit";

pub struct NodeResourcesFit;

/// The check of the pod's cpu, memory, ephemeral storage and one more pod
/// (what [`insufficient`] checks before extended resources).
pub fn fit_gate(req: &Resources) -> HotGate<'static> {
    // A request of 0 or less asks nothing of the node (`insufficient`).
    let asked = |r: i64| if r > 0 { r } else { i64::MIN };
    HotGate { fits: Some((asked(req.milli_cpu), asked(req.memory), asked(req.ephemeral_storage))), ..HotGate::default() }
}

/// Every reason the pod doesn't fit (`fitsRequest`). The node's info is
/// read only for extended resources the pod asks for.
pub fn insufficient(req: &Resources, node: &NodeView) -> Reasons {
    let mut out = Reasons::default();
    let h = &node.hot;
    if h.free_pods < 1 {
        out.push("Too many pods");
    }
    if req.is_zero() {
        return out;
    }
    if req.milli_cpu > 0 && req.milli_cpu > h.alloc_cpu - h.req_cpu {
        out.push("Insufficient cpu");
    }
    if req.memory > 0 && req.memory > h.alloc_memory - h.req_memory {
        out.push("Insufficient memory");
    }
    if req.ephemeral_storage > 0 && req.ephemeral_storage > h.free_ephemeral {
        out.push("Insufficient ephemeral-storage");
    }
    if req.scalar.is_empty() {
        return out;
    }
    let (alloc, used) = (&node.allocatable, &node.requested);
    for (name, want) in &req.scalar {
        if *want > 0 && *want > alloc.get(name) - used.get(name) {
            out.push(format!("Insufficient {name}"));
        }
    }
    out
}

/// `BrokenLinearFunction` over (utilization, score) points.
pub fn broken_linear(shape: &[(i64, i64)], p: i64) -> i64 {
    broken_linear_scaled(shape, 1, p)
}

/// [`broken_linear`] over the shape with every score multiplied by
/// `scale` first (as upstream scales the shape once, before
/// interpolating), without building the scaled shape for every node.
fn broken_linear_scaled(shape: &[(i64, i64)], scale: i64, p: i64) -> i64 {
    for (i, &(u, s)) in shape.iter().enumerate() {
        if p <= u {
            if i == 0 {
                return s * scale;
            }
            let (pu, ps) = shape[i - 1];
            return ps * scale + (s - ps) * scale * (p - pu) / (u - pu);
        }
    }
    shape.last().map(|(_, s)| s * scale).unwrap_or(0)
}

/// `Σ score(requested, allocatable) × weight / Σ weight` over the
/// resources the node has (allocatable 0 is left out).
/// Products and sums wrap, as Go's int64 arithmetic does (an allocatable
/// past 92 PB times 100 overflows upstream too), rather than panicking.
fn weighted_mean(res: &[(i64, i64, i64)], score: impl Fn(i64, i64) -> i64) -> i64 {
    let (mut total, mut weights) = (0i64, 0i64);
    for &(req, alloc, w) in res {
        if alloc != 0 {
            total = total.wrapping_add(score(req, alloc).wrapping_mul(w));
            weights = weights.wrapping_add(w);
        }
    }
    if weights == 0 {
        0
    } else {
        total.wrapping_div(weights)
    }
}

fn least_allocated(req: i64, alloc: i64) -> i64 {
    if req > alloc {
        0
    } else {
        alloc.wrapping_sub(req).wrapping_mul(MAX_NODE_SCORE).wrapping_div(alloc)
    }
}

fn most_allocated(req: i64, alloc: i64) -> i64 {
    req.min(alloc).wrapping_mul(MAX_NODE_SCORE).wrapping_div(alloc)
}

/// A node's score under a strategy, from per-resource (requested,
/// allocatable, weight) triples.
pub fn strategy_score(strategy: &ScoringStrategy, res: &[(i64, i64, i64)]) -> i64 {
    match strategy {
        ScoringStrategy::LeastAllocated => weighted_mean(res, least_allocated),
        ScoringStrategy::MostAllocated => weighted_mean(res, most_allocated),
        ScoringStrategy::RequestedToCapacityRatio { shape } => {
            let (mut total, mut weights) = (0i64, 0i64);
            for &(req, alloc, w) in res {
                if alloc == 0 {
                    continue;
                }
                let util = if req > alloc { 100 } else { req.wrapping_mul(100).wrapping_div(alloc) };
                // Shape scores are 0..=10; node scores 0..=100.
                let s = broken_linear_scaled(shape, MAX_NODE_SCORE / 10, util);
                if s > 0 {
                    total += s * w;
                    weights += w;
                }
            }
            if weights == 0 {
                0
            } else {
                crate::gomath::round_to_int(total as f64 / weights as f64)
            }
        }
    }
}

/// (requested after placing the pod, allocatable, weight) per scored
/// resource, handed to `f`. `real`: actual requests (BalancedAllocation)
/// instead of the non-zero defaults. Extended resources the pod doesn't ask
/// for are left out. Scoring runs this for every feasible node of every
/// cycle, so the triples live on the stack for the usual lists (profiles
/// score two resources by default); only long ones go to the heap.
pub fn with_scored_resources<R>(cx: &Cx, node: &NodeView, resources: &[(ResourceName, i64)], real: bool, f: impl FnOnce(&[(i64, i64, i64)]) -> R) -> R {
    let h: &NodeHot = &node.hot;
    let triple = |(name, w): &(ResourceName, i64)| {
        let pod_req = match (name, real) {
            (ResourceName::Cpu, false) => cx.pod.non_zero.0,
            (ResourceName::Memory, false) => cx.pod.non_zero.1,
            (r, _) => cx.pod.request.amount(r),
        };
        if name.is_scalar() && pod_req == 0 {
            return (0, 0, *w);
        }
        let (node_req, alloc) = match (name, real) {
            (ResourceName::Cpu, false) => (h.non_zero_cpu, h.alloc_cpu),
            (ResourceName::Memory, false) => (h.non_zero_memory, h.alloc_memory),
            (ResourceName::Cpu, true) => (h.req_cpu, h.alloc_cpu),
            (ResourceName::Memory, true) => (h.req_memory, h.alloc_memory),
            (ResourceName::EphemeralStorage, _) => (node.requested.ephemeral_storage, node.allocatable.ephemeral_storage),
            (r, _) => (node.requested.amount(r), node.allocatable.amount(r)),
        };
        (node_req + pod_req, alloc, *w)
    };
    match resources {
        [] => f(&[]),
        [a] => f(&[triple(a)]),
        [a, b] => f(&[triple(a), triple(b)]),
        [a, b, c] => f(&[triple(a), triple(b), triple(c)]),
        _ => f(&resources.iter().map(triple).collect::<Vec<_>>()),
    }
}

/// [`with_scored_resources`] then `f` for every node, appended to `out`.
/// The usual list, cpu then memory, is read from the hot numbers in one
/// tight loop; any other list goes node by node.
pub fn score_all(cx: &Cx, nodes: &[&NodeView], resources: &[(ResourceName, i64)], real: bool, out: &mut Vec<i64>, f: impl Fn(&[(i64, i64, i64)]) -> i64) {
    if let [(ResourceName::Cpu, wc), (ResourceName::Memory, wm)] = resources {
        // The pod's numbers and the weights copied, and the choice of
        // requests made once: the loop then reads only the node's numbers
        // (through references it reloaded them for every node).
        let (wc, wm) = (*wc, *wm);
        if real {
            let (pc, pm) = (cx.pod.request.milli_cpu, cx.pod.request.memory);
            out.extend(nodes.iter().map(|n| {
                let h = &n.hot;
                f(&[(h.req_cpu + pc, h.alloc_cpu, wc), (h.req_memory + pm, h.alloc_memory, wm)])
            }));
        } else {
            let (pc, pm) = cx.pod.non_zero;
            out.extend(nodes.iter().map(|n| {
                let h = &n.hot;
                f(&[(h.non_zero_cpu + pc, h.alloc_cpu, wc), (h.non_zero_memory + pm, h.alloc_memory, wm)])
            }));
        }
    } else {
        out.extend(nodes.iter().map(|n| with_scored_resources(cx, n, resources, real, &f)));
    }
}

/// The weights of a resource list that is exactly cpu then memory (the
/// default), whose numbers scoring reads from the hot numbers.
pub fn cpu_memory_weights(resources: &[(ResourceName, i64)]) -> Option<(i64, i64)> {
    match resources {
        [(ResourceName::Cpu, wc), (ResourceName::Memory, wm)] => Some((*wc, *wm)),
        _ => None,
    }
}

/// Adds `weight × mean` to each node's total, `mean` being
/// [`weighted_mean`] of `score` over the node's cpu and memory (non-zero
/// requests after placing the pod, allocatable) with weights `wc` and
/// `wm`. Most nodes have both, positive: for them the mean is written out
/// straight, the weights' sum and every divisor known positive, and the
/// default weights divide by two; other nodes take [`weighted_mean`]. The
/// same sums in the same order, so the same integers
/// (`mean_cpu_memory_is_weighted_mean` checks the edges).
fn add_mean_cpu_memory(cx: &Cx, nodes: &[&NodeView], weight: i64, totals: &mut [i64], (wc, wm): (i64, i64), score: impl Fn(i64, i64) -> i64 + Copy) {
    let (pc, pm) = cx.pod.non_zero;
    let reqs = |h: &NodeHot| (h.non_zero_cpu + pc, h.alloc_cpu, h.non_zero_memory + pm, h.alloc_memory);
    if (wc, wm) == (1, 1) {
        add_each(totals, nodes, weight, |n| {
            let (rc, ac, rm, am) = reqs(&n.hot);
            if ac > 0 && am > 0 {
                score(rc, ac).wrapping_add(score(rm, am)) / 2
            } else {
                mean_of_two([(rc, ac, wc), (rm, am, wm)], score)
            }
        });
    } else if let Some(sum) = wc.checked_add(wm).filter(|s| *s > 0) {
        add_each(totals, nodes, weight, |n| {
            let (rc, ac, rm, am) = reqs(&n.hot);
            if ac > 0 && am > 0 {
                score(rc, ac).wrapping_mul(wc).wrapping_add(score(rm, am).wrapping_mul(wm)) / sum
            } else {
                mean_of_two([(rc, ac, wc), (rm, am, wm)], score)
            }
        });
    } else {
        add_each(totals, nodes, weight, |n| {
            let (rc, ac, rm, am) = reqs(&n.hot);
            mean_of_two([(rc, ac, wc), (rm, am, wm)], score)
        });
    }
}

/// [`weighted_mean`] out of the scoring loop: nodes lacking cpu or memory
/// are rare.
#[cold]
#[inline(never)]
fn mean_of_two(res: [(i64, i64, i64); 2], score: impl Fn(i64, i64) -> i64) -> i64 {
    weighted_mean(&res, score)
}

/// The plugin's Score of one node.
pub fn node_score(cx: &Cx, node: &NodeView) -> i64 {
    with_scored_resources(cx, node, &cx.profile.fit_resources, false, |res| strategy_score(&cx.profile.fit_strategy, res))
}

impl Plugin for NodeResourcesFit {
    fn name(&self) -> &'static str {
        NAME
    }
    fn hot_gate<'s>(&self, cx: &Cx, _state: &'s CycleState) -> Option<HotGate<'s>> {
        cx.pod.request.scalar.is_empty().then(|| fit_gate(&cx.pod.request))
    }
    fn filter(&self, cx: &Cx, _state: &CycleState, node: &NodeView) -> FilterResult {
        let reasons = insufficient(&cx.pod.request, node);
        if reasons.is_empty() {
            Ok(())
        } else {
            Err(Status { code: Code::Unschedulable, reasons, plugin: "" })
        }
    }
    fn score(&self, cx: &Cx, _state: &CycleState, node: &NodeView) -> i64 {
        node_score(cx, node)
    }
    fn score_many(&self, cx: &Cx, _state: &CycleState, nodes: &[&NodeView], out: &mut Vec<i64>) {
        // The strategy chosen once per run, not per node.
        let resources = &cx.profile.fit_resources;
        match &cx.profile.fit_strategy {
            ScoringStrategy::LeastAllocated => score_all(cx, nodes, resources, false, out, |res| weighted_mean(res, least_allocated)),
            ScoringStrategy::MostAllocated => score_all(cx, nodes, resources, false, out, |res| weighted_mean(res, most_allocated)),
            strategy => score_all(cx, nodes, resources, false, out, |res| strategy_score(strategy, res)),
        }
    }
    fn scores_alone(&self, _cx: &Cx) -> bool {
        true
    }
    /// Finds the pod's shape, for the scores the nodes' views keep.
    fn pre_score(&self, cx: &Cx, state: &mut CycleState, _nodes: &[&NodeView]) -> Status {
        Shape::find(cx, state);
        Status::success()
    }
    /// NodeResourcesFit does not normalize: the usual profile's scores are
    /// added as they are worked out.
    fn add_scores(&self, cx: &Cx, state: &CycleState, nodes: &[&NodeView], weight: i64, totals: &mut [i64], scratch: &mut Vec<i64>) {
        if let Some(shape) = state.score_shape {
            return add_each(totals, nodes, weight, |n| shape.scores(cx, n).0);
        }
        match (&cx.profile.fit_strategy, cpu_memory_weights(&cx.profile.fit_resources)) {
            (ScoringStrategy::LeastAllocated, Some(w)) => add_mean_cpu_memory(cx, nodes, weight, totals, w, least_allocated),
            (ScoringStrategy::MostAllocated, Some(w)) => add_mean_cpu_memory(cx, nodes, weight, totals, w, most_allocated),
            _ => {
                scratch.clear();
                self.score_many(cx, state, nodes, scratch);
                add_weighted(totals, scratch, weight);
            }
        }
    }
    fn events(&self) -> &'static [ClusterEvent] {
        &[ClusterEvent::AssignedPodDelete, ClusterEvent::NodeAdd, ClusterEvent::NodeUpdate]
    }
}

#[cfg(test)]
#[path = "node_resources_fit_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::api::{Container, Pod, ResourceRequirements};
    use proptest::prelude::*;

    proptest! {
        /// The quick check passes exactly the nodes the full check finds
        /// nothing insufficient on (small numbers, so ties and exact fits
        /// come up often).
        #[test]
        fn quick_fit_check_agrees_with_the_reasons(req in proptest::array::uniform3(-1i64..6), alloc in proptest::array::uniform4(0i64..6), used in proptest::array::uniform4(0i64..6)) {
            let r = Resources { milli_cpu: req[0], memory: req[1], ephemeral_storage: req[2], ..Default::default() };
            let hot = NodeHot {
                alloc_cpu: alloc[0], alloc_memory: alloc[1], free_ephemeral: alloc[2] - used[2], free_pods: (alloc[3] - used[3]) as i32,
                req_cpu: used[0], req_memory: used[1],
                ..Default::default()
            };
            let view = NodeView { hot, info: std::sync::Arc::new(crate::scheduler::cache::NodeInfo::default()), memo: Default::default() };
            prop_assert_eq!(fit_gate(&r).verdict(&hot), Some(insufficient(&r, &view).is_empty()));
        }
    }
    use kubeplay_model::Quantity;

    /// A container requesting exactly these (name, quantity) pairs.
    fn ctr(req: &[(&str, &str)]) -> Container {
        let mut c = Container { name: "c".into(), resources: ResourceRequirements::default(), ..Default::default() };
        for (r, q) in req {
            c.resources.requests.insert(r.to_string(), Quantity::parse(q).unwrap());
        }
        c
    }

    fn pod_of(containers: Vec<Container>, init: Vec<Container>) -> Pod {
        let mut p = pod("p", &[]);
        p.spec_mut().containers = containers.into();
        p.spec_mut().init_containers = init.into();
        p
    }

    #[test]
    fn enough_requests_table() {
        // Upstream TestEnoughRequests: node allocatable milliCPU 10, memory
        // 20, pods 32, example.com/aaa 5, hugepages-2Mi 5. (containers, init
        // containers, already used on the node, reasons).
        type Case = (Vec<Container>, Vec<Container>, Vec<Container>, Vec<&'static str>);
        let c = |cpu: i64, mem: i64| ctr(&[("cpu", &format!("{cpu}m")), ("memory", &mem.to_string())]);
        let ext = |n: i64| ctr(&[("example.com/aaa", &n.to_string())]);
        let cases: Vec<Case> = vec![
            (vec![], vec![], vec![c(10, 20)], vec![]),
            (vec![c(1, 1)], vec![], vec![c(10, 20)], vec!["Insufficient cpu", "Insufficient memory"]),
            (vec![c(1, 1)], vec![c(3, 1)], vec![c(8, 19)], vec!["Insufficient cpu"]),
            (vec![c(1, 1)], vec![c(3, 1), c(2, 1)], vec![c(8, 19)], vec!["Insufficient cpu"]),
            (vec![c(1, 1)], vec![c(1, 3)], vec![c(9, 19)], vec!["Insufficient memory"]),
            (vec![c(1, 1)], vec![c(1, 1)], vec![c(9, 19)], vec![]),
            (vec![c(1, 1)], vec![c(1, 1), c(1, 1)], vec![c(9, 19)], vec![]),
            (vec![c(1, 1)], vec![], vec![c(5, 5)], vec![]),
            (vec![c(2, 1)], vec![], vec![c(9, 5)], vec!["Insufficient cpu"]),
            (vec![c(1, 2)], vec![], vec![c(5, 19)], vec!["Insufficient memory"]),
            (vec![c(5, 1)], vec![], vec![c(5, 19)], vec![]),
            (vec![ctr(&[("cpu", "4m")])], vec![ctr(&[("cpu", "5m")])], vec![c(5, 19)], vec![]),
            (vec![ext(1)], vec![], vec![c(0, 0)], vec![]),
            (vec![ext(10)], vec![], vec![ext(0)], vec!["Insufficient example.com/aaa"]),
            (vec![ext(1)], vec![], vec![ext(5)], vec!["Insufficient example.com/aaa"]),
            (vec![ext(3), ext(3)], vec![], vec![ext(2)], vec!["Insufficient example.com/aaa"]),
            (vec![], vec![ext(3), ext(3)], vec![ext(2)], vec![]),
            (vec![], vec![ext(6), ext(3)], vec![ext(2)], vec!["Insufficient example.com/aaa"]),
            (vec![ctr(&[("example.com/bbb", "1")])], vec![], vec![], vec!["Insufficient example.com/bbb"]),
            (vec![ctr(&[("kubernetes.io/something", "10")])], vec![], vec![], vec!["Insufficient kubernetes.io/something"]),
            (vec![ctr(&[("hugepages-2Mi", "10")])], vec![], vec![ctr(&[("hugepages-2Mi", "0")])], vec!["Insufficient hugepages-2Mi"]),
            (vec![ctr(&[("hugepages-2Mi", "3")])], vec![], vec![ctr(&[("hugepages-2Mi", "2")])], vec![]),
        ];
        for (i, (containers, init, used, want)) in cases.into_iter().enumerate() {
            let n = node_alloc("n1", &[("cpu", "10m"), ("memory", "20"), ("pods", "32"), ("example.com/aaa", "5"), ("hugepages-2Mi", "5")]);
            let existing = assigned(pod_of(used, vec![]), "n1");
            let w = World::new(vec![n], vec![existing]);
            let s = w.filter(&NodeResourcesFit, &pod_of(containers, init), "n1");
            let mut got = s.reasons.to_vec();
            kubeplay_model::sort::sort(&mut got);
            assert_eq!(got, want, "case {i}");
            if !want.is_empty() {
                assert_eq!(s.code, Code::Unschedulable);
            }
        }
    }

    #[test]
    fn too_many_pods() {
        let n = node_alloc("n1", &[("cpu", "10"), ("memory", "20"), ("pods", "1")]);
        let w = World::new(vec![n], vec![assigned(pod("old", &[]), "n1")]);
        let s = w.filter(&NodeResourcesFit, &pod("new", &[]), "n1");
        assert_eq!(s.reasons, ["Too many pods"]);
        // A pod that requests cpu too gets both reasons.
        let s = w.filter(&NodeResourcesFit, &pod_req("new", &[("cpu", "20")]), "n1");
        assert_eq!(s.reasons, ["Too many pods", "Insufficient cpu"]);
    }

    /// Ephemeral storage is checked against what the node has left, and
    /// scored (when the profile weighs it) from the node's totals.
    #[test]
    fn ephemeral_storage_is_filtered_and_scored() {
        let n = node_alloc("n1", &[("cpu", "4"), ("memory", "10000"), ("ephemeral-storage", "100"), ("pods", "110")]);
        let used = assigned(pod_req("old", &[("cpu", "1"), ("memory", "1000"), ("ephemeral-storage", "50")]), "n1");
        let w = World::new(vec![n.clone()], vec![used.clone()]);
        assert!(w.filter(&NodeResourcesFit, &pod_req("p", &[("ephemeral-storage", "50")]), "n1").is_success());
        let s = w.filter(&NodeResourcesFit, &pod_req("p", &[("ephemeral-storage", "51")]), "n1");
        assert_eq!(s.reasons, ["Insufficient ephemeral-storage"]);
        // cpu (4000 - 2000) × 100 / 4000 = 50, memory (10000 - 3000) × 100
        // / 10000 = 70, storage (100 - 75) × 100 / 100 = 25: (50 + 70 + 25) / 3.
        let weights = [("cpu", 1), ("memory", 1), ("ephemeral-storage", 1)];
        let incoming = pod_req("p", &[("cpu", "1"), ("memory", "2000"), ("ephemeral-storage", "25")]);
        assert_eq!(score_nodes(ScoringStrategy::LeastAllocated, &weights, incoming, vec![n], vec![used]), [48]);
    }

    fn score_nodes(strategy: ScoringStrategy, weights: &[(&str, i64)], incoming: Pod, nodes: Vec<kubeplay_model::api::Node>, existing: Vec<Pod>) -> Vec<i64> {
        let names: Vec<String> = nodes.iter().map(|n| n.metadata.name.clone()).collect();
        let mut w = World::new(nodes, existing);
        w.profile.fit_strategy = strategy;
        w.profile.fit_resources = weights.iter().map(|(r, w)| (ResourceName::from(*r), *w)).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        w.scores(&NodeResourcesFit, &incoming, &refs).unwrap()
    }

    #[test]
    fn least_allocated_table() {
        // Upstream TestLeastAllocatedScoringStrategy ("cpu" in millicores,
        // memory in bytes; pods spell out memory 0 where upstream does).
        let cpu_mem = |cpu: i64, mem: i64| ctr(&[("cpu", &format!("{cpu}m")), ("memory", &mem.to_string())]);
        let nodes = |a: (i64, i64), b: (i64, i64)| {
            vec![
                node_alloc("n1", &[("cpu", &format!("{}m", a.0)), ("memory", &a.1.to_string())]),
                node_alloc("n2", &[("cpu", &format!("{}m", b.0)), ("memory", &b.1.to_string())]),
            ]
        };
        let on = |n: &str, cs: Vec<Container>| assigned(pod_of(cs, vec![]), n);
        let cm = [("cpu", 1), ("memory", 1)];
        let la = || ScoringStrategy::LeastAllocated;
        assert_eq!(score_nodes(la(), &cm, pod_of(vec![], vec![]), nodes((4000, 10000), (4000, 10000)), vec![]), [100, 100]);
        let two = || pod_of(vec![cpu_mem(1000, 2000), cpu_mem(2000, 3000)], vec![]);
        assert_eq!(score_nodes(la(), &cm, two(), nodes((4000, 10000), (6000, 10000)), vec![]), [37, 50]);
        let empty = |n: &str| on(n, vec![]);
        assert_eq!(score_nodes(la(), &cm, pod_of(vec![], vec![]), nodes((4000, 10000), (4000, 10000)), vec![empty("n1"), empty("n1"), empty("n2"), empty("n2")]), [100, 100]);
        let existing = vec![on("n1", vec![cpu_mem(3000, 0)]), on("n1", vec![cpu_mem(3000, 0)]), on("n2", vec![cpu_mem(3000, 0)]), on("n2", vec![cpu_mem(3000, 5000)])];
        assert_eq!(score_nodes(la(), &cm, pod_of(vec![], vec![]), nodes((10000, 20000), (10000, 20000)), existing), [70, 57]);
        let existing = || vec![on("n1", vec![cpu_mem(3000, 0)]), on("n2", vec![cpu_mem(3000, 5000)])];
        let p = || pod_of(vec![cpu_mem(3000, 5000)], vec![]);
        assert_eq!(score_nodes(la(), &cm, p(), nodes((10000, 20000), (10000, 20000)), existing()), [57, 45]);
        assert_eq!(score_nodes(la(), &cm, p(), nodes((10000, 20000), (10000, 50000)), existing()), [57, 60]);
        assert_eq!(score_nodes(la(), &cm, pod_of(vec![cpu_mem(3000, 0)], vec![]), nodes((4000, 10000), (4000, 10000)), existing()), [50, 25]);
        let bare = vec![node("n1", &[]), node("n2", &[])];
        assert_eq!(score_nodes(la(), &cm, pod_of(vec![], vec![]), bare, vec![]), [0, 0]);
        assert_eq!(score_nodes(la(), &[("memory", 2), ("cpu", 1)], p(), nodes((4000, 10000), (6000, 10000)), vec![]), [41, 50]);
        // An extended resource the pod doesn't request is left out.
        let n2 = node_alloc("n2", &[("cpu", "6000m"), ("memory", "10000"), ("example.com/ext", "4")]);
        let got = score_nodes(la(), &[("cpu", 1), ("memory", 1), ("example.com/ext", 1)], p(), vec![nodes((6000, 10000), (0, 0)).remove(0), n2], vec![]);
        assert_eq!(got, [50, 50]);
    }

    /// A node as its hot numbers give it: `used` is both the requests and
    /// the non-zero requests.
    pub(crate) fn hot_view((uc, ac): (i64, i64), (um, am): (i64, i64)) -> NodeView {
        let hot = NodeHot { alloc_cpu: ac, alloc_memory: am, req_cpu: uc, req_memory: um, non_zero_cpu: uc, non_zero_memory: um, ..Default::default() };
        NodeView { hot, info: std::sync::Arc::new(crate::scheduler::cache::NodeInfo::default()), memo: Default::default() }
    }

    /// Edge numbers for both resources: nothing allocatable (the resource
    /// left out), requests past allocatable, and allocatables whose product
    /// with 100 overflows (wrapping, as Go's int64 does).
    pub(crate) fn edge_views() -> Vec<NodeView> {
        let big = i64::MAX / MAX_NODE_SCORE;
        let allocs = [0, 1, 7, 250, 4000, big - 1, big, big + 1, i64::MAX / 4];
        let used = [0, 1, 3000, big / 2, i64::MAX / 8];
        let mut views = Vec::new();
        for (i, ac) in allocs.into_iter().enumerate() {
            for (j, am) in allocs.into_iter().enumerate() {
                views.push(hot_view((used[(i + j) % used.len()], ac), (used[(i * 3 + j) % used.len()], am)));
                views.push(hot_view((used[j % used.len()], ac), (used[i % used.len()], am)));
            }
        }
        views
    }

    /// The straight-line cpu and memory paths give every node what the
    /// general mean over triples gives it, for every weighting.
    #[test]
    fn mean_cpu_memory_is_weighted_mean() {
        let views = edge_views();
        let nodes: Vec<&NodeView> = views.iter().collect();
        let mut w = World::new(vec![], vec![]);
        let pods = [pod_req("p", &[("cpu", "250m"), ("memory", "300")]), pod("p", &[])];
        for strategy in [ScoringStrategy::LeastAllocated, ScoringStrategy::MostAllocated] {
            for (wc, wm) in [(1, 1), (2, 1), (1, 3), (7, 7), (0, 1), (1, 0), (0, 0), (-1, 1), (-2, 1), (i64::MAX, 1)] {
                w.profile.fit_strategy = strategy.clone();
                w.profile.fit_resources = vec![(ResourceName::Cpu, wc), (ResourceName::Memory, wm)];
                for p in &pods {
                    let info = crate::scheduler::cache::PodInfo::new(std::sync::Arc::new(kubeplay_model::Object::Pod(Box::new(p.clone()))));
                    let cx = w.cx(&info);
                    let (pc, pm) = info.non_zero;
                    let mut totals = vec![5; nodes.len()];
                    NodeResourcesFit.add_scores(&cx, &CycleState::default(), &nodes, 3, &mut totals, &mut Vec::new());
                    for (n, t) in nodes.iter().zip(&totals) {
                        let h = &n.hot;
                        let general = strategy_score(&strategy, &[(h.non_zero_cpu + pc, h.alloc_cpu, wc), (h.non_zero_memory + pm, h.alloc_memory, wm)]);
                        assert_eq!(*t, 5 + 3 * general, "{strategy:?} weights {wc}/{wm}, node {h:?}");
                        assert_eq!(NodeResourcesFit.score(&cx, &CycleState::default(), n), general);
                    }
                }
            }
        }
        // Some node of each kind came up: both resources, one missing, an
        // overflowing product, a request past allocatable.
        assert!(views.iter().any(|v| v.hot.alloc_cpu == 0 && v.hot.alloc_memory > 0));
        assert!(views.iter().any(|v| v.hot.alloc_cpu > i64::MAX / 100 && v.hot.alloc_memory > 0));
        assert!(views.iter().any(|v| v.hot.req_cpu > v.hot.alloc_cpu && v.hot.alloc_cpu > 0));
    }

    #[test]
    fn strategies_per_resource() {
        // (cpu req, cpu alloc, mem req, mem alloc) → Least, Most, RTCR(0,0)(100,10), RTCR(0,10)(100,0);
        // values worked by hand from upstream's formulas.
        let up = ScoringStrategy::RequestedToCapacityRatio { shape: vec![(0, 0), (100, 10)] };
        let down = ScoringStrategy::RequestedToCapacityRatio { shape: vec![(0, 10), (100, 0)] };
        let cases = [
            ((3000, 4000, 5000, 10000), [37, 62, 63, 38]),
            ((3000, 6000, 5000, 10000), [50, 50, 50, 50]),
            ((6000, 10000, 0, 20000), [70, 30, 60, 70]),
            ((6000, 10000, 10000, 50000), [60, 40, 40, 60]),
            ((6000, 4000, 0, 10000), [50, 50, 100, 100]),
        ];
        for ((cr, ca, mr, ma), want) in cases {
            let res = [(cr, ca, 1), (mr, ma, 1)];
            let got = [
                strategy_score(&ScoringStrategy::LeastAllocated, &res),
                strategy_score(&ScoringStrategy::MostAllocated, &res),
                strategy_score(&up, &res),
                strategy_score(&down, &res),
            ];
            assert_eq!(got, want, "{cr}/{ca} {mr}/{ma}");
        }
    }

    /// More of upstream's TestEnoughRequests (kube-scheduler v1.32): the
    /// init-container twins of the extended resource, kubernetes.io and
    /// hugepages rows, requests of zero, and the pod overhead. Node
    /// allocatable as upstream's: milliCPU 10, memory 20, pods 32,
    /// example.com/aaa 5, ephemeral storage 20, hugepages-2Mi 5.
    #[test]
    fn enough_requests_init_containers_and_overhead() {
        type Case = (Vec<Container>, Vec<Container>, Option<(&'static str, &'static str)>, Vec<Container>, Vec<&'static str>);
        let ext = |cpu: i64, name: &str, n: i64| ctr(&[("cpu", &format!("{cpu}m")), ("memory", &cpu.to_string()), (name, &n.to_string())]);
        let c = |cpu: i64, mem: i64| ctr(&[("cpu", &format!("{cpu}m")), ("memory", &mem.to_string())]);
        let (aaa, bbb, k8s_b, huge) = ("example.com/aaa", "example.com/bbb", "subdomain.kubernetes.io/something", "hugepages-2Mi");
        let cases: Vec<Case> = vec![
            // extended resource fits for init container
            (vec![], vec![ctr(&[(aaa, "1")])], None, vec![c(0, 0)], vec![]),
            // extended resource capacity enforced for init container
            (vec![], vec![ext(1, aaa, 10)], None, vec![ext(0, aaa, 0)], vec!["Insufficient example.com/aaa"]),
            // extended resource allocatable enforced for init container
            (vec![], vec![ext(1, aaa, 1)], None, vec![ext(0, aaa, 5)], vec!["Insufficient example.com/aaa"]),
            // unknown extended resource, for init container
            (vec![], vec![ext(1, bbb, 1)], None, vec![c(0, 0)], vec!["Insufficient example.com/bbb"]),
            // kubernetes.io resource capacity enforced for init container
            (vec![], vec![ext(1, k8s_b, 10)], None, vec![c(0, 0)], vec!["Insufficient subdomain.kubernetes.io/something"]),
            // hugepages capacity enforced, for a container and an init container
            (vec![ext(1, huge, 10)], vec![], None, vec![ext(0, huge, 0)], vec!["Insufficient hugepages-2Mi"]),
            (vec![], vec![ext(1, huge, 10)], None, vec![ext(0, huge, 0)], vec!["Insufficient hugepages-2Mi"]),
            // hugepages allocatable enforced for multiple containers
            (vec![ext(1, huge, 3), ext(1, huge, 3)], vec![], None, vec![ext(0, huge, 2)], vec!["Insufficient hugepages-2Mi"]),
            // a request of zero is not checked, though the node is over its allocatable
            (vec![ext(1, aaa, 0)], vec![], None, vec![ext(0, aaa, 6)], vec![]),
            // resources + pod overhead fits
            (vec![c(1, 1)], vec![], Some(("3m", "13")), vec![c(5, 5)], vec![]),
            // requests + overhead does not fit for memory (1 + 15 > 20 - 5)
            (vec![c(1, 1)], vec![], Some(("1m", "15")), vec![c(5, 5)], vec!["Insufficient memory"]),
        ];
        for (i, (containers, init, overhead, used, want)) in cases.into_iter().enumerate() {
            let n = node_alloc("n1", &[("cpu", "10m"), ("memory", "20"), ("pods", "32"), (aaa, "5"), ("ephemeral-storage", "20"), (huge, "5")]);
            let w = World::new(vec![n], vec![assigned(pod_of(used, vec![]), "n1")]);
            let mut p = pod_of(containers, init);
            if let Some((cpu, mem)) = overhead {
                p.spec_mut().overhead = Some([("cpu", cpu), ("memory", mem)].iter().map(|(r, q)| (r.to_string(), Quantity::parse(q).unwrap())).collect());
            }
            let s = w.filter(&NodeResourcesFit, &p, "n1");
            assert_eq!(s.reasons.to_vec(), want, "case {i}");
            assert_eq!(s.code, if want.is_empty() { Code::Success } else { Code::Unschedulable }, "case {i}");
        }
    }

    /// Upstream TestNotEnoughRequests: a node with room for one pod, which
    /// it has, rejects with "Too many pods" alone, whatever else fits.
    #[test]
    fn not_enough_requests_table() {
        let c = |cpu: i64, mem: i64| ctr(&[("cpu", &format!("{cpu}m")), ("memory", &mem.to_string())]);
        let cases = [
            (pod_of(vec![], vec![]), c(10, 20)),
            (pod_of(vec![c(1, 1)], vec![]), c(5, 5)),
            (pod_of(vec![c(5, 1)], vec![]), c(5, 19)),
            (pod_of(vec![c(5, 1)], vec![c(5, 1)]), c(5, 19)),
        ];
        for (i, (p, used)) in cases.into_iter().enumerate() {
            let n = node_alloc("n1", &[("cpu", "10m"), ("memory", "20"), ("pods", "1")]);
            let w = World::new(vec![n], vec![assigned(pod_of(vec![used], vec![]), "n1")]);
            let s = w.filter(&NodeResourcesFit, &p, "n1");
            assert_eq!(s.code, Code::Unschedulable, "case {i}");
            assert_eq!(s.reasons, ["Too many pods"], "case {i}");
        }
    }

    /// Upstream TestStorageRequests (node: ephemeral storage 20).
    #[test]
    fn storage_requests_table() {
        let used = |cpu: i64, mem: i64, st: i64| ctr(&[("cpu", &format!("{cpu}m")), ("memory", &mem.to_string()), ("ephemeral-storage", &st.to_string())]);
        let cases: [(Container, Container, &[&str]); 4] = [
            (ctr(&[("cpu", "1m"), ("memory", "1")]), used(2, 10, 0), &[]),
            (ctr(&[("ephemeral-storage", "25")]), used(2, 2, 0), &["Insufficient ephemeral-storage"]),
            (ctr(&[("ephemeral-storage", "5")]), used(2, 2, 10), &[]),
            (ctr(&[("ephemeral-storage", "10")]), used(2, 2, 0), &[]),
        ];
        for (i, (want, on_node, reasons)) in cases.into_iter().enumerate() {
            let n = node_alloc("n1", &[("cpu", "10m"), ("memory", "20"), ("pods", "32"), ("example.com/aaa", "5"), ("ephemeral-storage", "20"), ("hugepages-2Mi", "5")]);
            let w = World::new(vec![n], vec![assigned(pod_of(vec![on_node], vec![]), "n1")]);
            let s = w.filter(&NodeResourcesFit, &pod_of(vec![want], vec![]), "n1");
            assert_eq!(s.reasons.to_vec(), reasons, "case {i}");
        }
    }

    /// A pod whose containers request (cpu, memory) as upstream's test pods
    /// spell them (whole cores as plain numbers).
    fn req_pod(reqs: &[(&str, &str)]) -> Pod {
        pod_of(reqs.iter().map(|(c, m)| ctr(&[("cpu", c), ("memory", m)])).collect(), vec![])
    }

    fn cap_node(name: &str, res: &[(&str, &str)]) -> kubeplay_model::api::Node {
        node_alloc(name, res)
    }

    /// Upstream TestFitScore: each strategy through the plugin, and an
    /// existing pod's sidecar counted in what its node has requested.
    #[test]
    fn fit_score_table() {
        let nodes = || vec![cap_node("node1", &[("cpu", "4000"), ("memory", "10000")]), cap_node("node2", &[("cpu", "6000"), ("memory", "10000")])];
        let existing = || vec![assigned(req_pod(&[("2000", "4000")]), "node1"), assigned(req_pod(&[("1000", "2000")]), "node2")];
        let cm = [("cpu", 1), ("memory", 1)];
        let rtcr = |shape: &[(i64, i64)]| ScoringStrategy::RequestedToCapacityRatio { shape: shape.to_vec() };
        assert_eq!(score_nodes(rtcr(&[(0, 10), (100, 0)]), &cm, req_pod(&[("3000", "5000")]), nodes(), existing()), [10, 32]);
        assert_eq!(score_nodes(rtcr(&[(0, 0), (100, 10)]), &cm, req_pod(&[("3000", "5000")]), nodes(), existing()), [95, 68]);
        assert_eq!(score_nodes(ScoringStrategy::MostAllocated, &cm, req_pod(&[("1000", "2000")]), nodes(), existing()), [67, 36]);
        assert_eq!(score_nodes(ScoringStrategy::LeastAllocated, &cm, req_pod(&[("1000", "2000")]), nodes(), existing()), [32, 63]);
        // node1's pod has a sidecar (a restartable init container) asking as much again.
        let same = || vec![cap_node("node1", &[("cpu", "4000"), ("memory", "10000")]), cap_node("node2", &[("cpu", "4000"), ("memory", "10000")])];
        let with_sidecar = || {
            let mut sidecar = ctr(&[("cpu", "1000"), ("memory", "2000")]);
            sidecar.restart_policy = Some("Always".into());
            vec![assigned(pod_of(vec![ctr(&[("cpu", "1000"), ("memory", "2000")])], vec![sidecar]), "node1"), assigned(req_pod(&[("1000", "2000")]), "node2")]
        };
        assert_eq!(score_nodes(ScoringStrategy::MostAllocated, &cm, req_pod(&[("1000", "2000")]), same(), with_sidecar()), [67, 45]);
        assert_eq!(score_nodes(ScoringStrategy::LeastAllocated, &cm, req_pod(&[("1000", "2000")]), same(), with_sidecar()), [32, 55]);
    }

    /// Upstream TestMostAllocatedScoringStrategy (the cases that score; the
    /// weight validation ones are configuration errors Kubeplay's profiles
    /// never build).
    #[test]
    fn most_allocated_table() {
        let most = || ScoringStrategy::MostAllocated;
        let cm = [("cpu", 1), ("memory", 1)];
        let two = |a: (&str, &str), b: (&str, &str)| vec![cap_node("node1", &[("cpu", a.0), ("memory", a.1)]), cap_node("node2", &[("cpu", b.0), ("memory", b.1)])];
        let big = || req_pod(&[("1000", "2000"), ("2000", "3000")]);
        assert_eq!(score_nodes(most(), &cm, pod_of(vec![], vec![]), two(("4000", "10000"), ("4000", "10000")), vec![]), [0, 0]);
        assert_eq!(score_nodes(most(), &cm, big(), two(("4000", "10000"), ("6000", "10000")), vec![]), [62, 50]);
        let on = |n: &str, c: &str, m: &str| assigned(req_pod(&[(c, m)]), n);
        let existing = vec![on("node1", "3000", "0"), on("node1", "3000", "0"), on("node2", "3000", "0"), on("node2", "3000", "5000")];
        assert_eq!(score_nodes(most(), &cm, pod_of(vec![], vec![]), two(("10000", "20000"), ("10000", "20000")), existing), [30, 42]);
        let existing = vec![on("node1", "3000", "0"), on("node2", "3000", "5000")];
        assert_eq!(score_nodes(most(), &cm, big(), two(("10000", "20000"), ("10000", "20000")), existing), [42, 55]);
        let exact = req_pod(&[("2000", "4000"), ("3000", "5000")]);
        assert_eq!(score_nodes(most(), &cm, exact, two(("5000", "10000"), ("10000", "9000")), vec![]), [95, 75]);
        assert_eq!(score_nodes(most(), &[("memory", 2), ("cpu", 1)], big(), two(("4000", "10000"), ("6000", "10000")), vec![]), [58, 50]);
        // Containers without requests count 100m and 200Mi each.
        let bare = || pod_of(vec![Container { name: "container".into(), ..Default::default() }], vec![]);
        let existing = vec![assigned(bare(), "node1"), assigned(bare(), "node1")];
        assert_eq!(score_nodes(most(), &cm, bare(), two(("250m", "1000Mi"), ("250m", "1000Mi")), existing), [80, 30]);
        // An extended resource counts only when the pod asks for it.
        let ext = [("cpu", 1), ("memory", 1), ("abc.com/xyz", 1)];
        let n2 = cap_node("node2", &[("cpu", "6000"), ("memory", "10000"), ("abc.com/xyz", "4")]);
        assert_eq!(score_nodes(most(), &ext, big(), vec![cap_node("node1", &[("cpu", "6000"), ("memory", "10000")]), n2.clone()], vec![]), [50, 50]);
        let asks = pod_of(vec![ctr(&[("cpu", "3000"), ("memory", "5000"), ("abc.com/xyz", "2")])], vec![]);
        let ext_nodes = vec![cap_node("node1", &[("cpu", "6000"), ("memory", "10000"), ("abc.com/xyz", "4")]), cap_node("node2", &[("cpu", "6000"), ("memory", "10000"), ("abc.com/xyz", "10")])];
        assert_eq!(score_nodes(most(), &ext, asks, ext_nodes, vec![]), [50, 40]);
        let lacks = [("abc.com/xyz", 2), ("cpu", 1), ("memory", 1)];
        assert_eq!(score_nodes(most(), &lacks, req_pod(&[("3000", "4000")]), vec![cap_node("node1", &[("cpu", "6000"), ("memory", "10000")]), n2], vec![]), [45, 45]);
    }

    /// The extended-resource cases of upstream's
    /// TestLeastAllocatedScoringStrategy (the others are in
    /// `least_allocated_table`).
    #[test]
    fn least_allocated_extended_resources() {
        let ext = [("cpu", 1), ("memory", 1), ("abc.com/xyz", 1)];
        let asks = pod_of(vec![ctr(&[("cpu", "3000"), ("memory", "5000"), ("abc.com/xyz", "2")])], vec![]);
        let ext_nodes = vec![cap_node("node1", &[("cpu", "6000"), ("memory", "10000"), ("abc.com/xyz", "4")]), cap_node("node2", &[("cpu", "6000"), ("memory", "10000"), ("abc.com/xyz", "10")])];
        assert_eq!(score_nodes(ScoringStrategy::LeastAllocated, &ext, asks, ext_nodes, vec![]), [50, 60]);
        let lacks = [("abc.com/xyz", 2), ("cpu", 1), ("memory", 1)];
        let nodes = vec![cap_node("node1", &[("cpu", "6000"), ("memory", "10000")]), cap_node("node2", &[("cpu", "6000"), ("memory", "10000"), ("abc.com/xyz", "4")])];
        assert_eq!(score_nodes(ScoringStrategy::LeastAllocated, &lacks, req_pod(&[("3000", "4000")]), nodes, vec![]), [55, 55]);
    }

    /// Upstream TestRequestedToCapacityRatioScoringStrategy and
    /// TestResourceBinPackingSingleExtended / MultipleExtended.
    #[test]
    fn requested_to_capacity_ratio_table() {
        let cm = [("cpu", 1), ("memory", 1)];
        let down = || ScoringStrategy::RequestedToCapacityRatio { shape: vec![(0, 10), (100, 0)] };
        let two = |a: &str, b: &str| vec![cap_node("node1", &[("cpu", a), ("memory", "10000")]), cap_node("node2", &[("cpu", b), ("memory", "10000")])];
        let empty = |n: &str| assigned(pod_of(vec![], vec![]), n);
        assert_eq!(score_nodes(down(), &cm, pod_of(vec![], vec![]), two("4000", "4000"), vec![empty("node1"), empty("node1")]), [100, 100]);
        let big = req_pod(&[("1000", "2000"), ("2000", "3000")]);
        assert_eq!(score_nodes(down(), &cm, big, two("4000", "6000"), vec![empty("node1"), empty("node1")]), [38, 50]);
        let existing = vec![assigned(req_pod(&[("3000", "5000")]), "node1"), assigned(req_pod(&[("3000", "5000")]), "node2")];
        assert_eq!(score_nodes(down(), &cm, pod_of(vec![], vec![]), two("4000", "6000"), existing), [38, 50]);

        // Bin packing on extended resources: shape (0,0)(100,1).
        let up = || ScoringStrategy::RequestedToCapacityRatio { shape: vec![(0, 0), (100, 1)] };
        let ext_node = |name: &str, ext: &[(&str, &str)]| {
            let mut res = vec![("cpu", "4000m"), ("memory", "10000Mi")];
            res.extend_from_slice(ext);
            cap_node(name, &res)
        };
        let asks = |ext: &[(&str, &str)]| pod_of(vec![ctr(ext)], vec![]);
        let single = || vec![ext_node("node1", &[("intel.com/foo", "8")]), ext_node("node2", &[("intel.com/foo", "4")])];
        let foo = [("intel.com/foo", 1)];
        assert_eq!(score_nodes(up(), &foo, pod_of(vec![], vec![]), single(), vec![]), [0, 0]);
        assert_eq!(score_nodes(up(), &foo, asks(&[("intel.com/foo", "2")]), single(), vec![empty("node1")]), [2, 5]);
        let on2 = vec![assigned(asks(&[("intel.com/foo", "2")]), "node2")];
        assert_eq!(score_nodes(up(), &foo, asks(&[("intel.com/foo", "2")]), single(), on2), [2, 10]);
        assert_eq!(score_nodes(up(), &foo, asks(&[("intel.com/foo", "4")]), single(), vec![empty("node1")]), [5, 10]);

        let multi = || vec![ext_node("node1", &[("intel.com/foo", "8"), ("intel.com/bar", "4")]), ext_node("node2", &[("intel.com/foo", "4"), ("intel.com/bar", "8")])];
        let fb = [("intel.com/foo", 3), ("intel.com/bar", 5)];
        let pod1 = || asks(&[("intel.com/foo", "2"), ("intel.com/bar", "2")]);
        let pod2 = || asks(&[("intel.com/foo", "4"), ("intel.com/bar", "2")]);
        assert_eq!(score_nodes(up(), &fb, pod_of(vec![], vec![]), multi(), vec![]), [0, 0]);
        assert_eq!(score_nodes(up(), &fb, pod1(), multi(), vec![empty("node1")]), [4, 3]);
        assert_eq!(score_nodes(up(), &fb, pod1(), multi(), vec![assigned(pod2(), "node2")]), [4, 7]);
        assert_eq!(score_nodes(up(), &fb, pod2(), multi(), vec![empty("node1")]), [5, 5]);
    }

    /// Upstream TestBrokenLinearFunction's shapes.
    #[test]
    fn broken_linear_function_upstream_shapes() {
        // (shape points, then (utilization, score) to check).
        type Points<'a> = &'a [(i64, i64)];
        let cases: [(Points, Points); 3] = [
            (&[(10, 1), (90, 9)], &[(-10, 1), (0, 1), (9, 1), (10, 1), (15, 1), (19, 1), (20, 2), (89, 8), (90, 9), (99, 9), (100, 9), (110, 9)]),
            (&[(0, 2), (40, 10), (100, 0)], &[(-10, 2), (0, 2), (20, 6), (30, 8), (40, 10), (70, 5), (100, 0), (110, 0)]),
            (&[(0, 2), (40, 2), (100, 2)], &[(-10, 2), (0, 2), (20, 2), (30, 2), (40, 2), (70, 2), (100, 2), (110, 2)]),
        ];
        for (shape, table) in cases {
            for (p, want) in table {
                assert_eq!(broken_linear(shape, *p), *want, "{shape:?} at {p}");
            }
        }
    }

    #[test]
    fn broken_linear_function() {
        // helper/shape_score_test.go style points.
        let shape = [(10, 1), (30, 5), (70, 7)];
        let table = [(-10, 1), (0, 1), (9, 1), (10, 1), (15, 2), (20, 3), (30, 5), (50, 6), (70, 7), (80, 7), (1000, 7)];
        for (p, want) in table {
            assert_eq!(broken_linear(&shape, p), want, "p={p}");
        }
    }
}
