//! A tiny cluster for plugin table tests: nodes and pods put straight into
//! a scheduler cache (and a store, for namespaces and volumes), and helpers
//! that run one plugin's extension points the way a cycle runs them.

use crate::scheduler::cache::{Cache, NodeView, PodInfo};
use crate::scheduler::config::ProfileConfig;
use crate::scheduler::framework::{Code, Cx, CycleState, Plugin, Status};
use kubeplay_apiserver::Store;
use kubeplay_model::api::*;
use kubeplay_model::{Object, ObjectMeta, Quantity};
use std::collections::BTreeMap;
use std::sync::Arc;

pub fn labels(l: &[(&str, &str)]) -> BTreeMap<String, String> {
    l.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

pub fn node(name: &str, l: &[(&str, &str)]) -> Node {
    Node { metadata: ObjectMeta { name: name.into(), labels: labels(l).into(), ..Default::default() }, ..Default::default() }
}

/// A node with allocatable resources: (name, quantity) pairs.
pub fn node_alloc(name: &str, alloc: &[(&str, &str)]) -> Node {
    let mut n = node(name, &[]);
    for (r, q) in alloc {
        n.status.allocatable.insert(r.to_string(), Quantity::parse(q).unwrap());
    }
    n
}

pub fn pod(name: &str, l: &[(&str, &str)]) -> Pod {
    pod_in("default", name, l)
}

pub fn pod_in(ns: &str, name: &str, l: &[(&str, &str)]) -> Pod {
    Pod {
        metadata: ObjectMeta { name: name.into(), namespace: ns.into(), uid: format!("uid-{ns}-{name}").into(), labels: labels(l).into(), ..Default::default() },
        spec: PodSpec { containers: vec![Container { name: "c".into(), ..Default::default() }].into(), ..Default::default() }.into(),
        ..Default::default()
    }
}

pub fn assigned(mut p: Pod, node: &str) -> Pod {
    p.spec_mut().node_name = Some(node.into());
    p
}

/// A pod whose one container requests the given resources.
pub fn pod_req(name: &str, req: &[(&str, &str)]) -> Pod {
    let mut p = pod(name, &[]);
    for (r, q) in req {
        p.spec_mut().containers[0].resources.requests.insert(r.to_string(), Quantity::parse(q).unwrap());
    }
    p
}

/// Ports written `PROTO/IP/PORT`.
pub fn pod_with_ports(name: &str, ports: &[&str]) -> Pod {
    let mut p = pod(name, &[]);
    for spec in ports {
        let parts: Vec<&str> = spec.split('/').collect();
        p.spec_mut().containers[0].ports.push(ContainerPort {
            protocol: Some(parts[0].into()),
            host_ip: Some(parts[1].into()),
            host_port: Some(parts[2].parse().unwrap()),
            container_port: parts[2].parse().unwrap(),
            ..Default::default()
        });
    }
    p
}

pub fn toleration(key: &str, op: &str, value: &str, effect: &str) -> Toleration {
    let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
    Toleration { key: opt(key), operator: opt(op), value: opt(value), effect: opt(effect), toleration_seconds: None }
}

pub fn taint(key: &str, value: &str, effect: &str) -> Taint {
    Taint { key: key.into(), value: (!value.is_empty()).then(|| value.to_string()), effect: effect.into(), time_added: None }
}

pub struct World {
    pub cache: Cache,
    /// The same cluster with per-domain counts kept for every node label
    /// key and the affinity term index from the start: `filter` and
    /// `scores` check both agree.
    pub indexed: Cache,
    pub store: Store,
    pub profile: ProfileConfig,
}

impl World {
    pub fn new(nodes: Vec<Node>, pods: Vec<Pod>) -> World {
        let mut w = World { cache: Cache::default(), indexed: Cache::default(), store: Store::new(), profile: ProfileConfig::default_named("default-scheduler") };
        let well_known = ["kubernetes.io/hostname".to_string(), "topology.kubernetes.io/zone".to_string()];
        for key in nodes.iter().flat_map(|n| n.metadata.labels.keys()).chain(well_known.iter()) {
            w.indexed.ensure_domain_index(key);
        }
        // Kept from the start, so every pod and node below updates it.
        w.indexed.ensure_affinity_index();
        w.indexed.ensure_group_nodes();
        for n in nodes {
            let name = n.metadata.name.clone();
            let obj = Arc::new(Object::Node(Box::new(n)));
            w.cache.set_node(&name, Some(obj.clone()));
            w.indexed.set_node(&name, Some(obj));
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, mut p) in pods.into_iter().enumerate() {
            // Tables reuse pod builders; keep every pod distinct.
            if !seen.insert((p.metadata.namespace.clone(), p.metadata.name.clone())) {
                p.metadata.name = format!("{}-{i}", p.metadata.name);
            }
            let obj = Arc::new(Object::Pod(Box::new(p)));
            w.cache.set_pod(&obj.key(), Some(&obj));
            w.indexed.set_pod(&obj.key(), Some(&obj));
        }
        w
    }

    /// Adds an object to the store (namespaces, PVCs, PVs, classes, services).
    pub fn with(mut self, obj: Object) -> World {
        crate::testing::create_at(&mut self.store, obj, 0);
        self
    }

    pub fn cx<'a>(&'a self, p: &'a PodInfo) -> Cx<'a> {
        Cx { pod: p, cache: &self.cache, store: &self.store, profile: &self.profile }
    }

    /// PreFilter then Filter of one plugin on one node (with and without
    /// per-domain counts, which must agree).
    pub fn filter(&self, pl: &dyn Plugin, p: &Pod, node: &str) -> Status {
        let walked = self.filter_with(&self.cache, pl, p, node);
        assert_eq!(walked, self.filter_with(&self.indexed, pl, p, node), "per-domain counts disagree with the node walk");
        walked
    }

    fn filter_with(&self, cache: &Cache, pl: &dyn Plugin, p: &Pod, node: &str) -> Status {
        let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.clone()))));
        let cx = Cx { pod: &info, cache, store: &self.store, profile: &self.profile };
        let mut state = CycleState::default();
        let pre = pl.pre_filter(&cx, &mut state);
        match pre.status.code {
            Code::Skip => return Status::success(),
            Code::Success => {}
            _ => return pre.status,
        }
        let n = NodeView::new(cache.node(node).expect("node in test cluster").clone());
        let one = crate::scheduler::framework::filter_status(pl.filter(&cx, &state, &n));
        // Without the node's hostname and zone ids, plugins read its labels
        // and the counts by value: the same answer.
        assert_eq!(crate::scheduler::framework::filter_status(pl.filter(&cx, &state, &blind(&n))), one, "{node}: by id and by value disagree");
        // The run-at-a-time path (hot-number shortcuts included) agrees.
        // A plugin that says it passes every node does pass this one.
        assert!(!pl.passes_all(&cx, &state) || one.is_success(), "{node}: passes_all, but Filter rejects");
        // Where the hot gate gives a verdict, it is Filter's.
        if let Some(v) = pl.hot_gate(&cx, &state).and_then(|g| g.verdict(&n.hot)) {
            assert_eq!(v, one.is_success(), "{node}: the hot gate and Filter disagree");
        }
        let (mut kept, mut rejected) = (vec![&n], Vec::new());
        pl.filter_many(&cx, &state, &mut kept, Some(&mut rejected));
        let many = rejected.pop().map(|(_, s)| (s.code, s.reasons));
        assert_eq!((kept.len(), many), (one.is_success() as usize, (!one.is_success()).then(|| (one.code, one.reasons.clone()))), "filter_many disagrees on {node}");
        one
    }

    /// PreScore, Score and NormalizeScore of one plugin over `nodes`
    /// (None when PreScore says Skip).
    pub fn scores(&self, pl: &dyn Plugin, p: &Pod, nodes: &[&str]) -> Option<Vec<i64>> {
        let (walked, wanted) = self.scores_with(&self.cache, pl, p, nodes);
        assert_eq!(walked, self.scores_with(&self.indexed, pl, p, nodes).0, "per-domain counts disagree with the node walk");
        // With the hostname counts PodTopologySpread asked for kept by
        // node, as the scheduler keeps them for the cycles after: the same.
        if let Some((ns, sel)) = wanted {
            let mut kept = self.indexed.clone();
            kept.ensure_host_counts(&ns, &sel);
            assert_eq!(walked, self.scores_with(&kept, pl, p, nodes).0, "hostname counts kept by node disagree with the node walk");
        }
        walked
    }

    /// The scores, and the hostname counts PreScore asked to have kept.
    fn scores_with(&self, cache: &Cache, pl: &dyn Plugin, p: &Pod, nodes: &[&str]) -> (Option<Vec<i64>>, Option<(String, kubeplay_model::selector::Selector)>) {
        let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.clone()))));
        let cx = Cx { pod: &info, cache, store: &self.store, profile: &self.profile };
        let mut state = CycleState::default();
        let views: Vec<NodeView> = nodes.iter().map(|n| NodeView::new(cache.node(n).expect("node").clone())).collect();
        let infos: Vec<&NodeView> = views.iter().collect();
        let s = pl.pre_score(&cx, &mut state, &infos);
        if s.code == Code::Skip {
            return (None, None);
        }
        assert!(s.is_success(), "{s:?}");
        let mut raw: Vec<i64> = infos.iter().map(|n| pl.score(&cx, &state, n)).collect();
        let mut many = Vec::new();
        pl.score_many(&cx, &state, &infos, &mut many);
        assert_eq!(many, raw, "score_many disagrees with score");
        // Without hostname and zone ids and label groups: the same scores.
        let blind_scores: Vec<i64> = views.iter().map(|n| pl.score(&cx, &state, &blind(n))).collect();
        assert_eq!(blind_scores, raw, "scores by id and by value disagree");
        pl.normalize(&cx, &state, &infos, &mut raw);
        // Added to totals directly, weighted: the same sums.
        let (mut totals, mut scratch) = (vec![7; infos.len()], vec![-1; 3]);
        pl.add_scores(&cx, &state, &infos, 3, &mut totals, &mut scratch);
        assert_eq!(totals, raw.iter().map(|s| 7 + 3 * s).collect::<Vec<_>>(), "add_scores disagrees with score and normalize");
        (Some(raw), state.host_counts_wanted)
    }
}

/// The node without its hostname and zone ids and its groups: plugins then
/// take their by-value paths.
fn blind(n: &NodeView) -> NodeView {
    let mut b = n.clone();
    b.hot.domains = crate::scheduler::domain_ids::DomainRefs::default();
    b
}
