//! ImageLocality: prefers nodes that already have the pod's images, by
//! image size scaled by how widely the image is spread (so one node with a
//! popular image doesn't attract everything).

use crate::scheduler::cache::NodeView;
use crate::scheduler::framework::{add_each, Cx, CycleState, Plugin, MAX_NODE_SCORE};

pub const NAME: &str = "ImageLocality";

const MB: i64 = 1024 * 1024;
const MIN_THRESHOLD: i64 = 23 * MB;
const MAX_CONTAINER_THRESHOLD: i64 = 1000 * MB;

pub struct ImageLocality;

/// Appends `:latest` to an image without a tag, as upstream normalises.
pub fn normalized_image_name(name: &str) -> String {
    let colon = name.rfind(':');
    let slash = name.rfind('/');
    if colon.is_none() || colon <= slash {
        format!("{name}:latest")
    } else {
        name.to_string()
    }
}

/// The pod's images, normalised, each with the share of nodes that have
/// it (upstream's PreScore image states): the same for every node scored
/// in a cycle, so worked out once per cycle.
fn image_states(cx: &Cx) -> Vec<(String, f64)> {
    let total_nodes = cx.cache.num_nodes().max(1) as f64;
    let spec = &cx.pod.pod().spec;
    spec.init_containers
        .iter()
        .chain(&spec.containers)
        .map(|c| {
            let name = normalized_image_name(c.image.as_deref().unwrap_or(""));
            let spread = cx.cache.image_nodes.get(&name).copied().unwrap_or(0) as f64 / total_nodes;
            (name, spread)
        })
        .collect()
}

impl Plugin for ImageLocality {
    fn name(&self) -> &'static str {
        NAME
    }
    fn pre_score(&self, cx: &Cx, state: &mut CycleState, _nodes: &[&NodeView]) -> crate::scheduler::framework::Status {
        state.images = Some(image_states(cx));
        crate::scheduler::framework::Status::success()
    }

    fn score(&self, cx: &Cx, state: &CycleState, node: &NodeView) -> i64 {
        let mut sum: i64 = 0;
        if node.hot.has_images {
            let owned;
            let images = match &state.images {
                Some(n) => n,
                None => {
                    owned = image_states(cx);
                    &owned
                }
            };
            for (name, spread) in images {
                if let Some(size) = node.images.get(name) {
                    sum += (size as f64 * spread) as i64;
                }
            }
        }
        scaled(cx, sum)
    }

    /// Nodes without images all score what an empty sum scales to, and
    /// nodes with the same images (an image group) the same as each other:
    /// once a Deployment's image is everywhere, a cycle looks the pod's
    /// images up on one node instead of on every node.
    fn score_many(&self, cx: &Cx, state: &CycleState, nodes: &[&NodeView], out: &mut Vec<i64>) {
        let bare = scaled(cx, 0);
        out.extend(nodes.iter().map(|n| self.grouped_score(cx, state, bare, n)));
    }
    fn scores_alone(&self, _cx: &Cx) -> bool {
        true
    }
    /// When no node has any of the pod's images, every node scores what
    /// an empty sum scales to.
    fn uniform_score(&self, cx: &Cx, state: &CycleState) -> Option<i64> {
        let images = state.images.as_ref()?;
        images.iter().all(|(_, spread)| *spread == 0.0).then(|| scaled(cx, 0))
    }
    /// No normalizing: each score is added as it is worked out.
    fn add_scores(&self, cx: &Cx, state: &CycleState, nodes: &[&NodeView], weight: i64, totals: &mut [i64], _scratch: &mut Vec<i64>) {
        let bare = scaled(cx, 0);
        add_each(totals, nodes, weight, |n| self.grouped_score(cx, state, bare, n));
    }
}

impl ImageLocality {
    /// Score, once per image group; `bare` is the score of a node without
    /// images.
    #[inline]
    fn grouped_score(&self, cx: &Cx, state: &CycleState, bare: i64, n: &NodeView) -> i64 {
        if n.hot.has_images {
            state.image_memo.get_or(n.hot.image_group, || self.score(cx, state, n))
        } else {
            bare
        }
    }
}

/// The summed sizes of the pod's images on a node, as a score: 0 at the
/// lower threshold, 100 at the per-container upper one.
fn scaled(cx: &Cx, sum: i64) -> i64 {
    let spec = &cx.pod.pod().spec;
    let containers = (spec.init_containers.len() + spec.containers.len()) as i64;
    let max = MAX_CONTAINER_THRESHOLD * containers;
    if max <= MIN_THRESHOLD {
        return 0;
    }
    let clamped = sum.clamp(MIN_THRESHOLD, max);
    MAX_NODE_SCORE * (clamped - MIN_THRESHOLD) / (max - MIN_THRESHOLD)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::plugins::testutil::*;
    use kubeplay_model::api::{Container, ContainerImage, Node, Pod};

    fn node_with(name: &str, images: &[(&[&str], i64)]) -> Node {
        let mut n = node(name, &[]);
        n.status.images = images.iter().map(|(names, mb)| ContainerImage { names: names.iter().map(|s| s.to_string()).collect(), size_bytes: Some(mb * MB) }).collect();
        n
    }

    fn pod_images(images: &[&str]) -> Pod {
        let mut p = pod("p", &[]);
        p.spec_mut().containers = images.iter().map(|i| Container { name: "c".into(), image: Some((*i).into()), ..Default::default() }).collect();
        p
    }

    #[test]
    fn image_locality_table() {
        // Upstream TestImageLocalityPriority.
        let n403002000 = || node_with("n403002000", &[(&["gcr.io/40:latest", "gcr.io/40:v1"], 40), (&["gcr.io/300:latest", "gcr.io/300:v1"], 300), (&["gcr.io/2000:latest"], 2000)]);
        let n25010 = || node_with("n25010", &[(&["gcr.io/250:latest"], 250), (&["gcr.io/10:latest", "gcr.io/10:v1"], 10)]);
        let n60040900 = node_with("n60040900", &[(&["gcr.io/600:latest"], 600), (&["gcr.io/40:latest"], 40), (&["gcr.io/900:latest"], 900)]);
        let n300600900 = node_with("n300600900", &[(&["gcr.io/300:latest"], 300), (&["gcr.io/600:latest"], 600), (&["gcr.io/900:latest"], 900)]);
        let n400030 = node_with("n400030", &[(&["gcr.io/4000:latest"], 4000), (&["gcr.io/30:latest"], 30)]);
        let n203040 = node_with("n203040", &[(&["gcr.io/20:latest"], 20), (&["gcr.io/30:latest"], 30), (&["gcr.io/40:latest"], 40)]);
        let test40250 = pod_images(&["gcr.io/40", "gcr.io/250"]);
        let test40300 = pod_images(&["gcr.io/40", "gcr.io/300"]);
        let test_min_max = pod_images(&["gcr.io/10", "gcr.io/4000"]);

        let w = World::new(vec![n403002000(), n25010()], vec![]);
        assert_eq!(w.scores(&ImageLocality, &test40250, &["n403002000", "n25010"]), Some(vec![0, 5]));
        assert_eq!(w.scores(&ImageLocality, &test40300, &["n403002000", "n25010"]), Some(vec![7, 0]));
        let w = World::new(vec![n400030, n25010()], vec![]);
        assert_eq!(w.scores(&ImageLocality, &test_min_max, &["n400030", "n25010"]), Some(vec![100, 0]));
        let w = World::new(vec![n60040900, n300600900, n203040], vec![]);
        assert_eq!(w.scores(&ImageLocality, &test40300, &["n60040900", "n300600900", "n203040"]), Some(vec![0, 3, 0]));
        let w = World::new(vec![n403002000(), n25010()], vec![]);
        assert_eq!(w.scores(&ImageLocality, &pod_images(&["gcr.io/none"]), &["n403002000", "n25010"]), Some(vec![0, 0]));
        // A node that reports no images at all scores the floor (the same
        // spreads as the first case: 250 is on one node of two).
        let w = World::new(vec![node_with("bare", &[]), n25010()], vec![]);
        assert_eq!(w.scores(&ImageLocality, &test40250, &["bare", "n25010"]), Some(vec![0, 5]));
    }

    /// The rest of upstream's TestImageLocalityPriority (v1.32).
    #[test]
    fn image_locality_more_upstream_cases() {
        let n403002000 = || node_with("node1", &[(&["gcr.io/40:latest", "gcr.io/40:v1", "gcr.io/40:v1"], 40), (&["gcr.io/300:latest", "gcr.io/300:v1"], 300), (&["gcr.io/2000:latest"], 2000)]);
        let n25010 = || node_with("node2", &[(&["gcr.io/250:latest"], 250), (&["gcr.io/10:latest", "gcr.io/10:v1"], 10)]);
        let n400030 = |name: &str| node_with(name, &[(&["gcr.io/4000:latest"], 4000), (&["gcr.io/30:latest"], 30)]);
        let n203040 = |name: &str| node_with(name, &[(&["gcr.io/20:latest"], 20), (&["gcr.io/30:latest"], 30), (&["gcr.io/40:latest"], 40)]);
        let three = ["node1", "node2", "node3"];
        // 4000 MB on one node of three: 100 × (4000/3 − 23) / (2000 − 23) = 66.
        let w = World::new(vec![n400030("node1"), n25010(), node_with("node3", &[])], vec![]);
        assert_eq!(w.scores(&ImageLocality, &pod_images(&["gcr.io/10", "gcr.io/4000"]), &three), Some(vec![66, 0, 0]));
        // Three large images; 600 and 900 on two nodes of three.
        let n60040900 = node_with("node1", &[(&["gcr.io/600:latest"], 600), (&["gcr.io/40:latest"], 40), (&["gcr.io/900:latest"], 900)]);
        let n300600900 = node_with("node2", &[(&["gcr.io/300:latest"], 300), (&["gcr.io/600:latest"], 600), (&["gcr.io/900:latest"], 900)]);
        let w = World::new(vec![n60040900, n300600900, node_with("node3", &[])], vec![]);
        assert_eq!(w.scores(&ImageLocality, &pod_images(&["gcr.io/300", "gcr.io/600", "gcr.io/900"]), &three), Some(vec![32, 36, 0]));
        // Small images: 30 MB whole plus 40 MB on half the nodes, just past the floor.
        let w = World::new(vec![n203040("node1"), n400030("node2")], vec![]);
        assert_eq!(w.scores(&ImageLocality, &pod_images(&["gcr.io/30", "gcr.io/40"]), &["node1", "node2"]), Some(vec![1, 0]));
        // An init container's image counts, and so does it in the thresholds.
        let mut p = pod_images(&["gcr.io/30"]);
        p.spec_mut().init_containers = vec![Container { name: "i".into(), image: Some("gcr.io/300".into()), ..Default::default() }].into();
        let w = World::new(vec![n403002000(), n203040("node2")], vec![]);
        assert_eq!(w.scores(&ImageLocality, &p, &["node1", "node2"]), Some(vec![6, 0]));
    }

    /// Nodes with the same images share an image group and one cycle
    /// scores the group once; a node whose image differs only in size is in
    /// another group and scores its own.
    #[test]
    fn nodes_with_the_same_images_score_once_per_cycle_and_the_same() {
        let big = || -> [(&[&str], i64); 2] { [(&["gcr.io/300:latest"], 300), (&["gcr.io/40:latest"], 40)] };
        let w = World::new(vec![node_with("a", &big()), node_with("b", &big()), node_with("c", &[(&["gcr.io/300:latest"], 100), (&["gcr.io/40:latest"], 40)]), node_with("d", &[])], vec![]);
        let group = |n: &str| w.cache.node(n).unwrap().image_group;
        assert_eq!(group("a"), group("b"));
        assert_ne!(group("a"), group("c"));
        assert_eq!(group("d"), crate::scheduler::domain_ids::NO_DOMAIN);
        // Through the table helper: score_many (with the memo) against score
        // per node. The image is on 3 nodes of 4: a and b count 300 MB ×
        // 0.75 = 225 MB, 100 × (225 − 23) / (1000 − 23) = 20; c 75 MB, 5.
        assert_eq!(w.scores(&ImageLocality, &pod_images(&["gcr.io/300"]), &["a", "b", "c", "d"]), Some(vec![20, 20, 5, 0]));
        // The memo is what the second node of a group reads: a wrong answer
        // planted for the group comes back for both of its nodes.
        use crate::scheduler::cache::{NodeView, PodInfo};
        let info = PodInfo::new(std::sync::Arc::new(kubeplay_model::Object::Pod(Box::new(pod_images(&["gcr.io/300"])))));
        let cx = w.cx(&info);
        let mut state = CycleState::default();
        let views: Vec<NodeView> = ["a", "b", "c"].iter().map(|n| NodeView::new(w.cache.node(n).unwrap().clone())).collect();
        let refs: Vec<&NodeView> = views.iter().collect();
        ImageLocality.pre_score(&cx, &mut state, &refs);
        state.image_memo.get_or(group("a"), || 77);
        let mut out = Vec::new();
        ImageLocality.score_many(&cx, &state, &refs, &mut out);
        assert_eq!(out, [77, 77, 5]);
    }

    /// A pod whose images no node has scores the same on every node, the
    /// node with other images included, and the cycle is told so; once one
    /// node has one of them, it is not.
    #[test]
    fn the_score_is_uniform_only_while_no_node_has_the_images() {
        use crate::scheduler::cache::{NodeView, PodInfo};
        let w = World::new(vec![node_with("a", &[(&["gcr.io/300:latest"], 300)]), node_with("b", &[])], vec![]);
        for (images, uniform) in [(&["gcr.io/none", "gcr.io/other"][..], Some(0)), (&["gcr.io/none", "gcr.io/300"][..], None)] {
            let info = PodInfo::new(std::sync::Arc::new(kubeplay_model::Object::Pod(Box::new(pod_images(images)))));
            let cx = w.cx(&info);
            let mut state = CycleState::default();
            let views: Vec<NodeView> = ["a", "b"].iter().map(|n| NodeView::new(w.cache.node(n).unwrap().clone())).collect();
            let refs: Vec<&NodeView> = views.iter().collect();
            assert_eq!(ImageLocality.uniform_score(&cx, &state), None, "before PreScore");
            ImageLocality.pre_score(&cx, &mut state, &refs);
            assert_eq!(ImageLocality.uniform_score(&cx, &state), uniform, "{images:?}");
            if let Some(u) = uniform {
                assert!(refs.iter().all(|n| ImageLocality.score(&cx, &state, n) == u));
            }
        }
    }

    #[test]
    fn image_names_get_latest_when_untagged() {
        assert_eq!(normalized_image_name("nginx"), "nginx:latest");
        assert_eq!(normalized_image_name("nginx:1.21"), "nginx:1.21");
        assert_eq!(normalized_image_name("localhost:5000/app"), "localhost:5000/app:latest");
        assert_eq!(normalized_image_name("localhost:5000/app:v2"), "localhost:5000/app:v2");
        // Upstream TestNormalizedImageName: a digest is kept as it is.
        let digest = "root@sha256:4813494d137e1631bba301d5acab6e7bb7aa74ce1185d456565ef51d737677b2";
        assert_eq!(normalized_image_name(digest), digest);
        assert_eq!(normalized_image_name("gcr.io:5000/root"), "gcr.io:5000/root:latest");
    }
}
