//! NodeResourcesFit's and BalancedAllocation's scores of a node, kept on
//! the node's view for the pods that come after.
//!
//! With the usual profile (cpu and memory scored) both plugins read only
//! the node's hot numbers and four numbers of the pod. Pods of one
//! Deployment ask for the same, and a node is scored again and again
//! between the binds that change it: a cycle that finds the scores of the
//! pod's [`Shape`] on the view takes them instead of dividing again. The
//! view is built afresh ([`NodeView::new`]) whenever its node changes, so
//! what is on it is always the scores of the node as it is; a snapshot
//! that shares the view shares the same node, and the same scores.
//!
//! Nothing is decided differently: a score read here is the number the
//! plugin's `score` gives for the same node and pod (the tests below
//! compare them after binds, for every pod shape of the benchmarks and
//! for random ones).

use super::cache::NodeView;
use super::config::{ProfileConfig, ScoringStrategy};
use super::framework::{Cx, CycleState};
use super::plugins::{balanced_allocation, node_resources_fit};
use super::resources::ResourceName;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::Mutex;

/// Slots on each view, one per shape id modulo this: eight request shapes
/// scheduled side by side keep their scores (the benchmark's mixed pods
/// have eight).
const SLOTS: usize = 8;

/// A view's remembered scores: per slot the shape's id (high 16 bits, 0
/// for none), NodeResourcesFit's score and BalancedAllocation's (a byte
/// each). Atomics only so views may be shared between threads; every
/// access is a plain load or store.
#[derive(Default)]
pub struct ScoreMemo([AtomicU32; SLOTS]);

impl Clone for ScoreMemo {
    fn clone(&self) -> ScoreMemo {
        ScoreMemo(std::array::from_fn(|i| AtomicU32::new(self.0[i].load(Relaxed))))
    }
}

impl std::fmt::Debug for ScoreMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ScoreMemo")
    }
}

/// Everything the two plugins' scores read besides the node: the
/// profile's strategy and weights and the pod's requests, actual and with
/// the non-zero defaults.
type Key = [i64; 9];

/// Shapes seen so far, numbered from 1. Looked up, never walked. One
/// table for the process, not per thread: a number stands for the same
/// shape for as long as the process lives, so any view's slot can be read
/// by any engine and profile, on any thread a view is moved to.
static SHAPES: Mutex<BTreeMap<Key, u16>> = Mutex::new(BTreeMap::new());

/// The scores of one pod under one profile: a number for the memo, when
/// both plugins read only cpu and memory from the hot numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    id: u16,
}

impl Shape {
    /// None for profiles scoring other resources or RequestedToCapacityRatio
    /// (those read more than the hot numbers), and once 65,535 shapes have
    /// been numbered.
    pub fn of(cx: &Cx) -> Option<Shape> {
        let key = key(cx.profile, cx)?;
        // A panic elsewhere while it was held leaves the table whole: every
        // insert completes before the lock is let go.
        let mut shapes = SHAPES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(id) = shapes.get(&key) {
            return Some(Shape { id: *id });
        }
        let id = u16::try_from(shapes.len() + 1).ok().filter(|id| *id != u16::MAX)?;
        shapes.insert(key, id);
        Some(Shape { id })
    }

    /// PreScore of both plugins: the pod's shape into the cycle state, found
    /// by whichever of them runs first.
    pub fn find(cx: &Cx, state: &mut CycleState) {
        if state.score_shape.is_none() {
            state.score_shape = Shape::of(cx);
        }
    }

    /// NodeResourcesFit's and BalancedAllocation's scores of `node` for
    /// the pod, from the view's memo when it has them.
    #[inline]
    pub fn scores(self, cx: &Cx, node: &NodeView) -> (i64, i64) {
        let slot = &node.memo.0[usize::from(self.id) % SLOTS];
        let e = slot.load(Relaxed);
        if e >> 16 == u32::from(self.id) {
            return (i64::from((e >> 8) as u8), i64::from(e as u8));
        }
        self.fill(cx, node, slot)
    }

    #[inline(never)]
    fn fill(self, cx: &Cx, node: &NodeView, slot: &AtomicU32) -> (i64, i64) {
        let fit = node_resources_fit::node_score(cx, node);
        let balanced = balanced_allocation::node_score(cx, node);
        // Scores are 0..=100; anything else (sizes near i64's ends) is not
        // kept, and worked out again next time.
        if let (Ok(f), Ok(b)) = (u8::try_from(fit), u8::try_from(balanced)) {
            slot.store(u32::from(self.id) << 16 | u32::from(f) << 8 | u32::from(b), Relaxed);
        }
        (fit, balanced)
    }
}

fn key(profile: &ProfileConfig, cx: &Cx) -> Option<Key> {
    let strategy = match profile.fit_strategy {
        ScoringStrategy::LeastAllocated => 0,
        ScoringStrategy::MostAllocated => 1,
        ScoringStrategy::RequestedToCapacityRatio { .. } => return None,
    };
    let [(ResourceName::Cpu, fc), (ResourceName::Memory, fm)] = profile.fit_resources[..] else { return None };
    let [(ResourceName::Cpu, bc), (ResourceName::Memory, bm)] = profile.balanced_resources[..] else { return None };
    let pod = cx.pod;
    Some([strategy, fc, fm, bc, bm, pod.non_zero.0, pod.non_zero.1, pod.request.milli_cpu, pod.request.memory])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{mixed_node, mixed_pod};
    use crate::scheduler::cache::PodInfo;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::Object;
    use proptest::prelude::*;
    use std::sync::Arc;

    fn info(pod: kubeplay_model::api::Pod) -> PodInfo {
        PodInfo::new(Arc::new(Object::Pod(Box::new(pod))))
    }

    /// Every score read from a view is the plugins' own, for the
    /// benchmark's eight shapes over nodes of every size, before and after
    /// pods are bound to them (a bind builds the node's view afresh), and
    /// asked twice so the second answer comes from the memo.
    #[test]
    fn remembered_scores_are_the_plugins_scores() {
        let now = kubeplay_model::Time::default();
        let nodes: Vec<_> = (0..12).map(|i| mixed_node(i, now)).collect();
        let w = World::new(nodes, vec![]);
        let mut cache = w.cache.clone();
        for round in 0..3 {
            let views = cache.ordered_infos();
            for i in 0..16 {
                let pod = info(mixed_pod(i));
                let cx = Cx { pod: &pod, cache: &cache, store: &w.store, profile: &w.profile };
                let shape = Shape::of(&cx).expect("the default profile has a shape");
                for v in views.iter() {
                    let want = (node_resources_fit::node_score(&cx, v), balanced_allocation::node_score(&cx, v));
                    assert_eq!(shape.scores(&cx, v), want, "round {round} pod {i} {}", v.name);
                    assert_eq!(shape.scores(&cx, v), want, "round {round} pod {i} {} again", v.name);
                    let slot = v.memo.0[usize::from(shape.id) % SLOTS].load(Relaxed);
                    assert_eq!(slot >> 16, u32::from(shape.id), "not kept");
                }
            }
            drop(views);
            for i in 0..8 {
                let mut p = mixed_pod(1000 * (round + 1) + i);
                p.spec_mut().node_name = Some(format!("node-{:05}", (i * 5 + round) % 12).into());
                let obj = Arc::new(Object::Pod(Box::new(p)));
                cache.set_pod(&obj.key(), Some(&obj));
            }
        }
    }

    /// A node changed by a bind starts with nothing remembered.
    #[test]
    fn a_bind_forgets_the_nodes_scores() {
        let w = World::new(vec![node_alloc("n1", &[("cpu", "4"), ("memory", "8Gi"), ("pods", "110")])], vec![]);
        let mut cache = w.cache.clone();
        let pod = info(pod_req("p", &[("cpu", "1"), ("memory", "1Gi")]));
        let before = {
            let views = cache.ordered_infos();
            let cx = Cx { pod: &pod, cache: &cache, store: &w.store, profile: &w.profile };
            let v = views.get(0).unwrap();
            Shape::of(&cx).unwrap().scores(&cx, v)
        };
        let mut bound = pod_req("q", &[("cpu", "2"), ("memory", "1Gi")]);
        bound.spec_mut().node_name = Some("n1".into());
        let obj = Arc::new(Object::Pod(Box::new(bound)));
        cache.set_pod(&obj.key(), Some(&obj));
        let views = cache.ordered_infos();
        let v = views.get(0).unwrap();
        assert!(v.memo.0.iter().all(|s| s.load(Relaxed) == 0), "the changed node's view kept its scores");
        let cx = Cx { pod: &pod, cache: &cache, store: &w.store, profile: &w.profile };
        let after = Shape::of(&cx).unwrap().scores(&cx, v);
        // LeastAllocated: (4-1)/4 → (4-3)/4 of the cpu left.
        assert_eq!((before.0, after.0), ((75 + 87) / 2, (25 + 75) / 2));
        assert_ne!(before.1, after.1);
    }

    /// A shape has one number on every thread, so a view filled on one
    /// thread answers rightly on another.
    #[test]
    fn shapes_are_numbered_once_for_every_thread() {
        let w = World::new(vec![node_alloc("n1", &[("cpu", "4"), ("memory", "8Gi"), ("pods", "110")])], vec![]);
        let shape_of = |cpu: &str| {
            let pod = info(pod_req("p", &[("cpu", cpu), ("memory", "3Gi")]));
            Shape::of(&Cx { pod: &pod, cache: &w.cache, store: &w.store, profile: &w.profile })
        };
        // Shapes first met on another thread, in another order.
        let there = std::thread::scope(|s| s.spawn(|| (shape_of("1700m"), shape_of("1300m"))).join().unwrap());
        assert_eq!((shape_of("1300m"), shape_of("1700m")), (there.1, there.0));
        assert_ne!(there.0, there.1);
    }

    /// Profiles whose scores read more than the hot numbers have no shape.
    #[test]
    fn other_profiles_are_not_remembered() {
        let w = World::new(vec![], vec![]);
        let pod = info(pod_req("p", &[("cpu", "1")]));
        let mut ratio = w.profile.clone();
        ratio.fit_strategy = ScoringStrategy::RequestedToCapacityRatio { shape: vec![(0, 0), (100, 10)] };
        let mut gpu = w.profile.clone();
        gpu.balanced_resources.push((ResourceName::from("example.com/gpu"), 1));
        for profile in [&ratio, &gpu] {
            let cx = Cx { pod: &pod, cache: &w.cache, store: &w.store, profile };
            assert_eq!(Shape::of(&cx), None);
        }
        let mut most = w.profile.clone();
        most.fit_strategy = ScoringStrategy::MostAllocated;
        let a = Shape::of(&Cx { pod: &pod, cache: &w.cache, store: &w.store, profile: &w.profile });
        let b = Shape::of(&Cx { pod: &pod, cache: &w.cache, store: &w.store, profile: &most });
        assert!(a.is_some() && b.is_some() && a != b, "one shape for two strategies");
    }

    proptest! {
        /// Random requests and capacities, pods bound between the
        /// rounds: the memo's answers are the plugins' own.
        #[test]
        fn memo_agrees_with_the_plugins(
            caps in proptest::collection::vec((1i64..64, 1i64..256), 1..6),
            pods in proptest::collection::vec((0i64..4000, 0i64..4096, 0usize..6), 1..12),
            most in any::<bool>(),
        ) {
            let nodes = caps.iter().enumerate().map(|(i, (c, m))| node_alloc(&format!("n{i}"), &[("cpu", &c.to_string()), ("memory", &format!("{m}Gi")), ("pods", "110")])).collect();
            let mut w = World::new(nodes, vec![]);
            if most {
                w.profile.fit_strategy = ScoringStrategy::MostAllocated;
            }
            let mut cache = w.cache.clone();
            for (k, (cpu, mem, on)) in pods.iter().enumerate() {
                let mut req = vec![];
                let (c, m) = (format!("{cpu}m"), format!("{mem}Mi"));
                if *cpu > 0 { req.push(("cpu", c.as_str())); }
                if *mem > 0 { req.push(("memory", m.as_str())); }
                let pod = info(pod_req(&format!("p{k}"), &req));
                {
                    let views = cache.ordered_infos();
                    let cx = Cx { pod: &pod, cache: &cache, store: &w.store, profile: &w.profile };
                    let shape = Shape::of(&cx).unwrap();
                    for v in views.iter() {
                        let want = (node_resources_fit::node_score(&cx, v), balanced_allocation::node_score(&cx, v));
                        prop_assert_eq!(shape.scores(&cx, v), want);
                        prop_assert_eq!(shape.scores(&cx, v), want);
                    }
                }
                let mut bound = pod.pod().clone();
                bound.spec_mut().node_name = Some(format!("n{}", on % caps.len()).into());
                let obj = Arc::new(Object::Pod(Box::new(bound)));
                cache.set_pod(&obj.key(), Some(&obj));
            }
        }
    }
}
