//! NodeResourcesBalancedAllocation: prefers nodes whose cpu and memory
//! would be used in similar proportions after placing the pod, so no node
//! runs out of one while the other sits idle.

use crate::gomath::to_f64;
use crate::scheduler::cache::NodeView;
use crate::scheduler::framework::{add_each, add_weighted, Cx, CycleState, Plugin, Status, MAX_NODE_SCORE};
use crate::scheduler::plugins::node_resources_fit::{cpu_memory_weights, score_all, with_scored_resources};
use crate::scheduler::score_memo::Shape;

pub const NAME: &str = "NodeResourcesBalancedAllocation";

pub struct BalancedAllocation;

/// A used fraction, capped at 1 (converted by [`to_f64`]: in wasm the
/// plain conversion stalled the scoring loop). A comparison, not
/// `f64::min`, which in wasm is a call for its NaN handling; a fraction of
/// integers over a non-zero allocatable is never NaN.
#[inline]
fn fraction(req: i64, alloc: i64) -> f64 {
    let f = to_f64(req) / to_f64(alloc);
    if f > 1.0 {
        1.0
    } else {
        f
    }
}

/// `(1 - std) × 100` over the used fractions of each resource (capped at 1).
/// Inlined into the scoring loop for the default profile's cpu and memory
/// on a node with both (no counting pass; the same arithmetic as the
/// general case's two); anything else is a call.
#[inline]
pub fn balanced_score(res: &[(i64, i64, i64)]) -> i64 {
    if let [(r0, a0, _), (r1, a1, _)] = *res {
        if a0 != 0 && a1 != 0 {
            return of_two(fraction(r0, a0), fraction(r1, a1));
        }
    }
    balanced_score_any(res)
}

/// The score of two used fractions: their population standard deviation
/// is half their distance.
#[inline]
fn of_two(a: f64, b: f64) -> i64 {
    let std = ((a - b) / 2.0).abs();
    ((1.0 - std) * MAX_NODE_SCORE as f64) as i64
}

/// [`balanced_score_any`] of a node lacking cpu or memory, out of the
/// scoring loop: the loop then builds no slice for the usual node.
#[cold]
#[inline(never)]
fn balanced_cold(res: [(i64, i64, i64); 2]) -> i64 {
    balanced_score_any(&res)
}

#[inline(never)]
fn balanced_score_any(res: &[(i64, i64, i64)]) -> i64 {
    // Two passes over the slice instead of collecting the fractions: this
    // runs per node per cycle. Sums go in the same order, so the floats are
    // the same.
    let fractions = || res.iter().filter(|(_, alloc, _)| *alloc != 0).map(|(req, alloc, _)| fraction(*req, *alloc));
    let std = match fractions().count() {
        2 => {
            let mut f = fractions();
            let (a, b) = (f.next().unwrap_or(0.0), f.next().unwrap_or(0.0));
            ((a - b) / 2.0).abs()
        }
        n if n > 2 => {
            let mean = fractions().sum::<f64>() / n as f64;
            (fractions().map(|f| (f - mean) * (f - mean)).sum::<f64>() / n as f64).sqrt()
        }
        _ => 0.0,
    };
    ((1.0 - std) * MAX_NODE_SCORE as f64) as i64
}

/// The plugin's Score of one node.
pub fn node_score(cx: &Cx, node: &NodeView) -> i64 {
    with_scored_resources(cx, node, &cx.profile.balanced_resources, true, balanced_score)
}

impl Plugin for BalancedAllocation {
    fn name(&self) -> &'static str {
        NAME
    }
    fn score(&self, cx: &Cx, _state: &CycleState, node: &NodeView) -> i64 {
        node_score(cx, node)
    }
    fn score_many(&self, cx: &Cx, _state: &CycleState, nodes: &[&NodeView], out: &mut Vec<i64>) {
        score_all(cx, nodes, &cx.profile.balanced_resources, true, out, balanced_score);
    }
    fn scores_alone(&self, _cx: &Cx) -> bool {
        true
    }
    /// Finds the pod's shape, for the scores the nodes' views keep.
    fn pre_score(&self, cx: &Cx, state: &mut CycleState, _nodes: &[&NodeView]) -> Status {
        Shape::find(cx, state);
        Status::success()
    }
    /// No normalizing: for cpu then memory (the default) each node's score
    /// is added as it is worked out, straight from the hot numbers.
    fn add_scores(&self, cx: &Cx, state: &CycleState, nodes: &[&NodeView], weight: i64, totals: &mut [i64], scratch: &mut Vec<i64>) {
        if let Some(shape) = state.score_shape {
            return add_each(totals, nodes, weight, |n| shape.scores(cx, n).1);
        }
        if let Some((wc, wm)) = cpu_memory_weights(&cx.profile.balanced_resources) {
            let (pc, pm) = (cx.pod.request.milli_cpu, cx.pod.request.memory);
            add_each(totals, nodes, weight, |n| {
                let h = &n.hot;
                let (rc, rm) = (h.req_cpu + pc, h.req_memory + pm);
                if h.alloc_cpu != 0 && h.alloc_memory != 0 {
                    of_two(fraction(rc, h.alloc_cpu), fraction(rm, h.alloc_memory))
                } else {
                    balanced_cold([(rc, h.alloc_cpu, wc), (rm, h.alloc_memory, wm)])
                }
            });
        } else {
            scratch.clear();
            self.score_many(cx, state, nodes, scratch);
            add_weighted(totals, scratch, weight);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::api::Pod;

    fn p(containers: &[(i64, i64)]) -> Pod {
        let mut p = pod("p", &[]);
        p.spec_mut().containers = containers
            .iter()
            .map(|(cpu, mem)| {
                let mut c = kubeplay_model::api::Container { name: "c".into(), ..Default::default() };
                c.resources.requests.insert("cpu".into(), kubeplay_model::Quantity::parse(&format!("{cpu}m")).unwrap());
                c.resources.requests.insert("memory".into(), kubeplay_model::Quantity::parse(&mem.to_string()).unwrap());
                c
            })
            .collect();
        p
    }

    fn run(incoming: Pod, nodes: [(i64, i64); 2], existing: Vec<(&str, Pod)>) -> Vec<i64> {
        let ns = vec![
            node_alloc("n1", &[("cpu", &format!("{}m", nodes[0].0)), ("memory", &nodes[0].1.to_string())]),
            node_alloc("n2", &[("cpu", &format!("{}m", nodes[1].0)), ("memory", &nodes[1].1.to_string())]),
        ];
        let pods = existing.into_iter().enumerate().map(|(i, (n, mut pd))| {
            pd.metadata.name = format!("e{i}");
            assigned(pd, n)
        });
        let w = World::new(ns, pods.collect());
        w.scores(&BalancedAllocation, &incoming, &["n1", "n2"]).unwrap()
    }

    #[test]
    fn scores_match_the_standard_deviation_of_the_fractions() {
        // Upstream's formula, written plainly: population std of the used
        // fractions (capped at 1) of the resources the node has.
        let plain = |res: &[(i64, i64, i64)]| {
            let f: Vec<f64> = res.iter().filter(|r| r.1 != 0).map(|r| (r.0 as f64 / r.1 as f64).min(1.0)).collect();
            let std = if f.len() < 2 {
                0.0
            } else {
                let mean = f.iter().sum::<f64>() / f.len() as f64;
                (f.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / f.len() as f64).sqrt()
            };
            ((1.0 - std) * 100.0) as i64
        };
        let cases: [&[(i64, i64, i64)]; 6] = [
            &[],
            &[(3, 10, 1)],
            &[(3, 10, 1), (9, 10, 1)],
            &[(3, 10, 1), (0, 0, 1), (12, 10, 1)],
            &[(1, 10, 1), (5, 10, 1), (7, 8, 1), (2, 3, 1)],
            &[(1, 10, 1), (5, 10, 1), (7, 8, 1), (2, 3, 1), (9, 9, 1), (4, 100, 1)],
        ];
        for res in cases {
            assert_eq!(balanced_score(res), plain(res), "{res:?}");
        }
        assert_eq!(balanced_score(&[(3, 10, 1), (9, 10, 1)]), 70);
    }

    /// Added straight from the hot numbers, each node's score is the
    /// general loop's over its (requested, allocatable) pairs, edges
    /// included (a resource with nothing allocatable is left out).
    #[test]
    fn cpu_memory_scores_are_the_general_ones() {
        use crate::scheduler::plugins::node_resources_fit::tests::edge_views;
        use crate::scheduler::resources::ResourceName;
        let views = edge_views();
        let nodes: Vec<&NodeView> = views.iter().collect();
        let mut w = World::new(vec![], vec![]);
        for (wc, wm) in [(1, 1), (3, 1), (0, 0)] {
            w.profile.balanced_resources = vec![(ResourceName::Cpu, wc), (ResourceName::Memory, wm)];
            for p in [p(&[(250, 300)]), p(&[])] {
                let info = crate::scheduler::cache::PodInfo::new(std::sync::Arc::new(kubeplay_model::Object::Pod(Box::new(p))));
                let cx = w.cx(&info);
                let mut totals = vec![0; nodes.len()];
                BalancedAllocation.add_scores(&cx, &CycleState::default(), &nodes, 2, &mut totals, &mut Vec::new());
                let (pc, pm) = (info.request.milli_cpu, info.request.memory);
                for (n, t) in nodes.iter().zip(&totals) {
                    let h = &n.hot;
                    let general = balanced_score_any(&[(h.req_cpu + pc, h.alloc_cpu, wc), (h.req_memory + pm, h.alloc_memory, wm)]);
                    assert_eq!(*t, 2 * general, "{h:?}");
                    assert_eq!(BalancedAllocation.score(&cx, &CycleState::default(), n), general);
                }
            }
        }
    }

    #[test]
    fn balanced_allocation_table() {
        // Upstream TestNodeResourcesBalancedAllocation.
        let cpu_only = || p(&[(1000, 0), (2000, 0)]);
        let cpu_and_memory = || p(&[(1000, 2000), (2000, 3000)]);
        assert_eq!(run(p(&[]), [(4000, 10000), (4000, 10000)], vec![]), [100, 100]);
        assert_eq!(run(cpu_and_memory(), [(4000, 10000), (6000, 10000)], vec![]), [87, 100]);
        assert_eq!(run(p(&[]), [(4000, 10000), (4000, 10000)], vec![("n1", p(&[])), ("n2", p(&[]))]), [100, 100]);
        assert_eq!(run(p(&[]), [(10000, 20000), (10000, 20000)], vec![("n1", cpu_only()), ("n1", cpu_only()), ("n2", cpu_only()), ("n2", cpu_and_memory())]), [70, 82]);
        assert_eq!(run(cpu_and_memory(), [(10000, 20000), (10000, 20000)], vec![("n1", cpu_only()), ("n2", cpu_and_memory())]), [82, 95]);
        assert_eq!(run(cpu_and_memory(), [(10000, 20000), (10000, 50000)], vec![("n1", cpu_only()), ("n2", cpu_and_memory())]), [82, 80]);
        // Requests beyond capacity count as a full resource.
        assert_eq!(run(cpu_only(), [(4000, 10000), (4000, 10000)], vec![("n1", cpu_only()), ("n2", cpu_and_memory())]), [50, 75]);
    }

    /// The rest of upstream's TestNodeResourcesBalancedAllocation (v1.32):
    /// requests exactly at capacity, and a scalar resource among the
    /// scored ones (counted where the pod asks for it, left out where it
    /// does not).
    #[test]
    fn balanced_allocation_at_capacity_and_scalar_resources() {
        let cpu_only = || p(&[(1000, 0), (2000, 0)]);
        let cpu_and_memory = || p(&[(1000, 2000), (2000, 3000)]);
        assert_eq!(run(cpu_only(), [(6000, 10000), (6000, 10000)], vec![("n1", cpu_only()), ("n2", cpu_and_memory())]), [50, 75]);

        let gpu_node = |name: &str, gpus: Option<&str>| {
            let mut res = vec![("cpu", "3500m"), ("memory", "40000")];
            res.extend(gpus.map(|g| ("nvidia.com/gpu", g)));
            node_alloc(name, &res)
        };
        let mut with_gpu = cpu_and_memory();
        with_gpu.spec_mut().containers[1].resources.requests.insert("nvidia.com/gpu".into(), kubeplay_model::Quantity::parse("3").unwrap());
        let mut asks_gpu = pod("p", &[]);
        asks_gpu.spec_mut().containers[0].resources.requests.insert("memory".into(), kubeplay_model::Quantity::parse("0").unwrap());
        asks_gpu.spec_mut().containers[0].resources.requests.insert("nvidia.com/gpu".into(), kubeplay_model::Quantity::parse("1").unwrap());
        let three = vec![(crate::scheduler::resources::ResourceName::Cpu, 1), (crate::scheduler::resources::ResourceName::Memory, 1), ("nvidia.com/gpu".into(), 1)];
        let scores = |nodes, existing, incoming: &Pod| {
            let mut w = World::new(nodes, existing);
            w.profile.balanced_resources = three.clone();
            w.scores(&BalancedAllocation, incoming, &["n1", "n2"]).unwrap()
        };
        // n1: cpu 3000/3500, memory 5000/40000, gpu 4/8; n2: gpu 1/8.
        let existing = vec![assigned(with_gpu, "n1"), assigned(cpu_and_memory(), "n2")];
        assert_eq!(scores(vec![gpu_node("n1", Some("8")), gpu_node("n2", Some("8"))], existing, &asks_gpu), [70, 65]);
        // A pod that asks for no gpu: only cpu and memory, on either node.
        assert_eq!(scores(vec![gpu_node("n1", Some("8")), gpu_node("n2", None)], vec![], &cpu_and_memory()), [63, 63]);
    }
}
