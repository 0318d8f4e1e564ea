//! Upstream's preemption tables (v1.32): defaultpreemption's
//! default_preemption_test.go and preemption's preemption_test.go, run
//! against the default profile's filters (upstream registers only the
//! plugins each case needs; the others pass these pods and nodes).

use super::*;
use crate::scheduler::framework::{Code, CycleState, Profile, Status};
use crate::scheduler::plugins::testutil::{labels, node_alloc, pod, taint, World};
use kubeplay_apiserver::WriteCtx;
use kubeplay_model::api::Node;
use kubeplay_model::Condition;
use kubeplay_model::LabelSelector;

const NEG: i32 = -100;
const LOW: i32 = 0;
const MID: i32 = 100;
const HIGH: i32 = 1000;
const VERY_HIGH: i32 = 10000;

type Res = &'static [(&'static str, &'static str)];
const SMALL: Res = &[("cpu", "100m"), ("memory", "100")];
const MEDIUM: Res = &[("cpu", "200m"), ("memory", "200")];
const LARGE: Res = &[("cpu", "300m"), ("memory", "300")];
const VERY_LARGE: Res = &[("cpu", "500m"), ("memory", "500")];
const ONE_POD: Res = &[("pods", "1")];
const NODE_RES: Res = &[("cpu", "200m"), ("memory", "400")];

/// A node named as upstream's tables name them: `name/zone/region`
/// become the `hostname`, `zone` and `region` labels. Like upstream's
/// node wrapper, room for 32 pods unless the resources say otherwise.
fn n(spec: &str, res: &[(&str, &str)]) -> Node {
    let parts: Vec<&str> = spec.split('/').collect();
    let mut alloc = vec![("pods", "32")];
    alloc.extend_from_slice(res);
    let mut node = node_alloc(parts[0], &alloc);
    for (k, v) in ["hostname", "zone", "region"].iter().zip(&parts) {
        node.metadata.labels.insert(k.to_string(), v.to_string());
    }
    node
}

/// A pod with a priority, as upstream's pod wrapper builds them.
#[derive(Clone)]
struct P(Pod);

impl P {
    fn new(name: &str, prio: i32) -> P {
        let mut p = pod(name, &[]);
        p.spec_mut().priority = Some(prio);
        P(p)
    }
    fn on(mut self, node: &str) -> P {
        self.0.spec_mut().node_name = Some(node.into());
        self
    }
    fn req(mut self, res: &[(&str, &str)]) -> P {
        for (r, q) in res {
            self.0.spec_mut().containers[0].resources.requests.insert(r.to_string(), kubeplay_model::Quantity::parse(q).unwrap());
        }
        self
    }
    fn label(mut self, k: &str, v: &str) -> P {
        self.0.metadata.labels.insert(k.into(), v.into());
        self
    }
    fn start(mut self, ms: i64) -> P {
        self.0.status.start_time = Some(Time::from_millis(ms));
        self
    }
    fn policy(mut self, p: &str) -> P {
        self.0.spec_mut().preemption_policy = Some(p.into());
        self
    }
    fn nominated(mut self, node: &str) -> P {
        self.0.status.nominated_node_name = Some(node.into());
        self
    }
    fn terminating(mut self) -> P {
        self.0.metadata.deletion_timestamp = Some(Time::from_millis(1));
        self
    }
    fn preempted(mut self) -> P {
        let c = Condition { type_: "DisruptionTarget".into(), status: "True".into(), reason: Some("PreemptionByScheduler".into()), ..Default::default() };
        self.0.status.conditions.push(c);
        self
    }
    /// Upstream's topology spread cases: maxSkew 1 on `zone` and on
    /// `hostname`, DoNotSchedule, over pods with a `foo` label.
    fn spread_zone_and_host(mut self) -> P {
        let sel = LabelSelector {
            match_expressions: vec![kubeplay_model::LabelSelectorRequirement { key: "foo".into(), operator: "Exists".into(), values: vec![] }],
            ..Default::default()
        };
        for key in ["zone", "hostname"] {
            self.0.spec_mut().topology_spread_constraints.push(kubeplay_model::api::TopologySpreadConstraint {
                max_skew: 1,
                topology_key: key.into(),
                when_unsatisfiable: "DoNotSchedule".into(),
                label_selector: Some(sel.clone()),
                ..Default::default()
            });
        }
        self
    }
}

fn pdb(name: &str, key: &str, value: &str, allowed: i32, disrupted: &[&str]) -> PodDisruptionBudget {
    let mut p = PodDisruptionBudget::default();
    p.metadata.name = name.into();
    p.metadata.namespace = "default".into();
    p.spec.selector = Some(LabelSelector { match_labels: labels(&[(key, value)]), ..Default::default() });
    p.status.disruptions_allowed = allowed;
    p.status.disrupted_pods = disrupted.iter().map(|d| (d.to_string(), "1970-01-01T00:00:00Z".to_string())).collect();
    p
}

fn statuses(entries: &[(&str, Code)]) -> BTreeMap<String, Status> {
    entries.iter().map(|(n, c)| (n.to_string(), Status::with_reasons(*c, vec![]))).collect()
}

fn unschedulable(nodes: &[&str]) -> BTreeMap<String, Status> {
    statuses(&nodes.iter().map(|n| (*n, Code::Unschedulable)).collect::<Vec<_>>())
}

struct Cluster {
    w: World,
    order: Vec<String>,
}

fn cluster(nodes: Vec<Node>, pods: Vec<P>) -> Cluster {
    let order = nodes.iter().map(|n| n.metadata.name.clone()).collect();
    Cluster { w: World::new(nodes, pods.into_iter().map(|p| p.0).collect()), order }
}

impl Cluster {
    /// Puts PDBs in the store with their status (a create drops it).
    fn with_pdbs(mut self, pdbs: &[PodDisruptionBudget]) -> Cluster {
        if !pdbs.is_empty() {
            crate::testing::create_at(&mut self.w.store, crate::testing::namespace("default"), 0);
        }
        for p in pdbs {
            let created = crate::testing::create_at(&mut self.w.store, Object::PodDisruptionBudget(Box::new(p.clone())), 0);
            let Object::PodDisruptionBudget(mut c) = (*created).clone() else { unreachable!() };
            c.status = p.status.clone();
            let mut rng = || 7;
            let mut ctx = WriteCtx { now: Time::from_millis(0), rng: &mut rng };
            self.w.store.update_status(Object::PodDisruptionBudget(c), &mut ctx).unwrap();
        }
        self
    }

    /// Runs PreFilter for `p` (as upstream's tables do first), then `f`.
    fn run<R>(&self, p: P, statuses: &BTreeMap<String, Status>, rand: u64, f: impl FnOnce(&Input) -> R) -> R {
        let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.0))));
        let cx = self.w.cx(&info);
        let profile = Profile::new(&self.w.profile);
        let mut state = CycleState::default();
        assert!(profile.run_pre_filter(&cx, &mut state).status.is_success());
        let nominated = |_: &str| Vec::new();
        let input = Input { profile: &profile, cx: &cx, state: &state, statuses, order: &self.order, nominated: &nominated, now: Time::from_millis(1_000_000), rand };
        f(&input)
    }

    /// The dry run over every node from `offset`, candidates and their
    /// victims sorted by name (as upstream's test compares them).
    fn dry(&self, p: P, pdbs: &[PodDisruptionBudget], offset: usize, wanted: Option<usize>) -> Vec<(String, Vec<String>, usize)> {
        self.run(p, &BTreeMap::new(), 0, |input| {
            let all: Vec<&String> = self.order.iter().collect();
            let wanted = wanted.unwrap_or_else(|| num_candidates(all.len(), 10, 100));
            let (cands, _) = dry_run(input, &all, pdbs, offset, wanted);
            let mut out: Vec<(String, Vec<String>, usize)> = cands
                .iter()
                .map(|c| {
                    let mut v: Vec<String> = c.victims.iter().map(|v| v.name().to_string()).collect();
                    v.sort();
                    (c.node.clone(), v, c.pdb_violations)
                })
                .collect();
            out.sort();
            out
        })
    }

    fn preempt(&self, p: P, statuses: &BTreeMap<String, Status>) -> Outcome {
        self.run(p, statuses, 0, preempt)
    }
}

fn cand(node: &str, victims: &[&str], pdb: usize) -> (String, Vec<String>, usize) {
    (node.into(), victims.iter().map(|v| v.to_string()).collect(), pdb)
}

fn nominated_node(o: &Outcome) -> Option<(String, Vec<String>)> {
    match o {
        Outcome::Preempt(c) => Some((c.node.clone(), c.victims.iter().map(|v| v.name().to_string()).collect())),
        _ => None,
    }
}

// default_preemption_test.go's TestPostFilter
#[test]
fn post_filter() {
    let one = || vec![n("node1", ONE_POD)];
    struct Case {
        name: &'static str,
        pod: P,
        pods: Vec<P>,
        nodes: Vec<Node>,
        pdbs: Vec<PodDisruptionBudget>,
        statuses: BTreeMap<String, Status>,
        want: Result<&'static str, &'static str>,
    }
    let cases = vec![
        Case {
            name: "pod with higher priority can be made schedulable",
            pod: P::new("p", HIGH),
            pods: vec![P::new("p1", 0).on("node1")],
            nodes: one(),
            pdbs: vec![],
            statuses: unschedulable(&["node1"]),
            want: Ok("node1"),
        },
        Case {
            name: "pod with tied priority is still unschedulable",
            pod: P::new("p", 0),
            pods: vec![P::new("p1", 0).on("node1")],
            nodes: one(),
            pdbs: vec![],
            statuses: unschedulable(&["node1"]),
            want: Err("preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."),
        },
        Case {
            name: "preemption should respect filteredNodesStatuses",
            pod: P::new("p", HIGH),
            pods: vec![P::new("p1", 0).on("node1")],
            nodes: one(),
            pdbs: vec![],
            statuses: statuses(&[("node1", Code::UnschedulableAndUnresolvable)]),
            want: Err("preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."),
        },
        Case {
            name: "preemption should respect absent NodeToStatusReader entry meaning UnschedulableAndUnresolvable",
            pod: P::new("p", HIGH),
            pods: vec![P::new("p1", 0).on("node1")],
            nodes: one(),
            pdbs: vec![],
            statuses: BTreeMap::new(),
            want: Err("preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."),
        },
        Case {
            name: "pod can be made schedulable on one node",
            pod: P::new("p", MID),
            pods: vec![P::new("p1", HIGH).on("node1"), P::new("p2", LOW).on("node2")],
            nodes: vec![n("node1", ONE_POD), n("node2", ONE_POD)],
            pdbs: vec![],
            statuses: unschedulable(&["node1", "node2"]),
            want: Ok("node2"),
        },
        Case {
            name: "pod can be made schedulable on minHighestPriority node",
            pod: P::new("p", VERY_HIGH),
            pods: vec![
                P::new("p1", HIGH).label("test.kubernetes.io/is-violating-pdb", "non-violating").on("node1"),
                P::new("p2", LOW).label("test.kubernetes.io/is-violating-pdb", "violating").on("node1"),
                P::new("p3", MID).label("test.kubernetes.io/is-violating-pdb", "violating").on("node2"),
            ],
            nodes: vec![n("node1", ONE_POD), n("node2", ONE_POD)],
            pdbs: vec![
                pdb("violating-pdb", "test.kubernetes.io/is-violating-pdb", "violating", 0, &[]),
                pdb("non-violating-pdb", "test.kubernetes.io/is-violating-pdb", "non-violating", i32::MAX, &[]),
            ],
            statuses: unschedulable(&["node1", "node2"]),
            want: Ok("node2"),
        },
        Case {
            name: "no candidate nodes found, no enough resource after removing low priority pods",
            pod: P::new("p", HIGH).req(LARGE),
            pods: vec![P::new("p1", 0).on("node1"), P::new("p2", 0).on("node2")],
            nodes: vec![n("node1", NODE_RES), n("node2", NODE_RES)],
            pdbs: vec![],
            statuses: unschedulable(&["node1", "node2"]),
            want: Err("preemption: 0/2 nodes are available: 2 Insufficient cpu."),
        },
        Case {
            name: "no candidate nodes found with mixed reasons, no lower priority pod and no enough CPU resource",
            pod: P::new("p", HIGH).req(LARGE),
            pods: vec![P::new("p1", HIGH).on("node1"), P::new("p2", 0).on("node2"), P::new("p3", HIGH).on("node3")],
            nodes: vec![n("node1", ONE_POD), n("node2", NODE_RES), n("node3", ONE_POD)],
            pdbs: vec![],
            statuses: unschedulable(&["node1", "node2", "node3"]),
            want: Err("preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims found for incoming pod."),
        },
        Case {
            name: "no candidate nodes found with mixed reason, 2 UnschedulableAndUnresolvable nodes and 2 nodes don't have enough CPU resource",
            pod: P::new("p", HIGH).req(LARGE),
            pods: vec![P::new("p1", 0).on("node1"), P::new("p2", 0).on("node2")],
            nodes: vec![n("node1", NODE_RES), n("node2", NODE_RES), n("node3", NODE_RES), n("node4", NODE_RES)],
            pdbs: vec![],
            statuses: statuses(&[("node1", Code::Unschedulable), ("node2", Code::Unschedulable), ("node4", Code::UnschedulableAndUnresolvable)]),
            want: Err("preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling."),
        },
    ];
    for c in cases {
        let got = cluster(c.nodes, c.pods).with_pdbs(&c.pdbs).preempt(c.pod, &c.statuses);
        match c.want {
            Ok(node) => assert_eq!(nominated_node(&got).map(|(n, _)| n).as_deref(), Some(node), "{}: {got:?}", c.name),
            Err(msg) => {
                assert!(matches!(got, Outcome::NoCandidates(_)), "{}: {got:?}", c.name);
                assert_eq!(got.message(), msg, "{}", c.name);
            }
        }
    }
}

// default_preemption_test.go's TestDryRunPreemption
#[test]
fn dry_run_preemption() {
    let two = || vec![n("node1", VERY_LARGE), n("node2", VERY_LARGE)];
    let five = || (1..=5).map(|i| n(&format!("node{i}"), VERY_LARGE)).collect::<Vec<_>>();
    let foo_pdb = |allowed: i32, disrupted: &[&str]| vec![pdb("pdb", "app", "foo", allowed, disrupted)];
    let spread_nodes = || vec![n("node-a/zone1", VERY_LARGE), n("node-b/zone1", VERY_LARGE), n("node-x/zone2", VERY_LARGE)];
    let large = |name: &str, prio: i32, node: &str| P::new(name, prio).on(node).req(LARGE);
    let foo = |name: &str, node: &str| P::new(name, MID).on(node).label("app", "foo").req(MEDIUM);
    #[allow(clippy::type_complexity)]
    let cases: Vec<(&str, Vec<Node>, P, Vec<P>, Vec<PodDisruptionBudget>, usize, Option<usize>, Vec<(String, Vec<String>, usize)>)> = vec![
        // Upstream's FalseFilter: here a taint no pod tolerates.
        (
            "a pod that does not fit on any node",
            {
                let mut ns = two();
                for node in &mut ns {
                    node.spec.taints = vec![taint("k", "v", "NoSchedule")];
                }
                ns
            },
            P::new("p", HIGH),
            vec![P::new("p1", MID).on("node1"), P::new("p2", MID).on("node2")],
            vec![],
            0,
            None,
            vec![],
        ),
        ("a pod that fits with no preemption", two(), P::new("p", HIGH), vec![P::new("p1", MID).on("node1"), P::new("p2", MID).on("node2")], vec![], 0, None, vec![]),
        // Upstream's MatchFilter: here a node selector.
        (
            "a pod that fits on one node with no preemption",
            two(),
            {
                let mut p = P::new("node1", HIGH);
                p.0.spec_mut().node_selector = labels(&[("hostname", "node1")]);
                p
            },
            vec![P::new("p1", MID).on("node1"), P::new("p2", MID).on("node2")],
            vec![],
            0,
            None,
            vec![],
        ),
        (
            "a pod that fits on both nodes when lower priority pods are preempted",
            two(),
            P::new("p", HIGH).req(LARGE),
            vec![large("p1", MID, "node1"), large("p2", MID, "node2")],
            vec![],
            0,
            None,
            vec![cand("node1", &["p1"], 0), cand("node2", &["p2"], 0)],
        ),
        (
            "a pod that would fit on the nodes, but other pods running are higher priority, no preemption would happen",
            two(),
            P::new("p", LOW).req(LARGE),
            vec![large("p1", MID, "node1"), large("p2", MID, "node2")],
            vec![],
            0,
            None,
            vec![],
        ),
        (
            "medium priority pod is preempted, but lower priority one stays as it is small",
            two(),
            P::new("p", HIGH).req(LARGE),
            vec![P::new("p1.1", LOW).on("node1").req(SMALL), large("p1.2", MID, "node1"), large("p2", MID, "node2")],
            vec![],
            0,
            None,
            vec![cand("node1", &["p1.2"], 0), cand("node2", &["p2"], 0)],
        ),
        (
            "mixed priority pods are preempted",
            two(),
            P::new("p", HIGH).req(LARGE),
            vec![
                P::new("p1.1", MID).on("node1").req(SMALL),
                P::new("p1.2", LOW).on("node1").req(SMALL),
                P::new("p1.3", MID).on("node1").req(MEDIUM),
                P::new("p1.4", HIGH).on("node1").req(SMALL),
                large("p2", HIGH, "node2"),
            ],
            vec![],
            0,
            None,
            vec![cand("node1", &["p1.2", "p1.3"], 0)],
        ),
        (
            "mixed priority pods are preempted, pick later StartTime one when priorities are equal",
            two(),
            P::new("p", HIGH).req(LARGE),
            vec![
                P::new("p1.1", LOW).on("node1").req(SMALL).start(5),
                P::new("p1.2", LOW).on("node1").req(SMALL).start(4),
                P::new("p1.3", MID).on("node1").req(MEDIUM).start(3),
                P::new("p1.4", HIGH).on("node1").req(SMALL).start(2),
                large("p2", HIGH, "node2").start(1),
            ],
            vec![],
            0,
            None,
            vec![cand("node1", &["p1.1", "p1.3"], 0)],
        ),
        (
            "pod with anti-affinity is preempted",
            two(),
            P::new("p", HIGH).label("foo", "").req(SMALL),
            vec![
                {
                    let mut p = P::new("p1.1", LOW).on("node1").label("foo", "").req(SMALL);
                    p.0.spec_mut().affinity = Some(Box::new(anti_affinity_foo_exists()));
                    p
                },
                P::new("p1.2", MID).on("node1").req(SMALL),
                P::new("p1.3", HIGH).on("node1").req(SMALL),
                P::new("p2", HIGH).on("node2").req(SMALL),
            ],
            vec![],
            0,
            None,
            vec![cand("node1", &["p1.1"], 0)],
        ),
        (
            "preemption to resolve pod topology spread filter failure",
            spread_nodes(),
            P::new("p", HIGH).label("foo", "").spread_zone_and_host(),
            vec![
                P::new("pod-a1", MID).on("node-a").label("foo", ""),
                P::new("pod-a2", LOW).on("node-a").label("foo", ""),
                P::new("pod-b1", LOW).on("node-b").label("foo", ""),
                P::new("pod-x1", HIGH).on("node-x").label("foo", ""),
                P::new("pod-x2", HIGH).on("node-x").label("foo", ""),
            ],
            vec![],
            0,
            None,
            vec![cand("node-a", &["pod-a2"], 0), cand("node-b", &["pod-b1"], 0)],
        ),
        (
            "preemption with violation of same pdb",
            vec![n("node1", VERY_LARGE)],
            P::new("p", HIGH).req(VERY_LARGE),
            vec![foo("p1.1", "node1"), foo("p1.2", "node1")],
            foo_pdb(1, &[]),
            0,
            None,
            vec![cand("node1", &["p1.1", "p1.2"], 1)],
        ),
        (
            "preemption with violation of the pdb with pod whose eviction was processed, the victim doesn't belong to DisruptedPods",
            vec![n("node1", VERY_LARGE)],
            P::new("p", HIGH).req(VERY_LARGE),
            vec![foo("p1.1", "node1"), foo("p1.2", "node1")],
            foo_pdb(1, &["p2"]),
            0,
            None,
            vec![cand("node1", &["p1.1", "p1.2"], 1)],
        ),
        (
            "preemption with violation of the pdb with pod whose eviction was processed, the victim belongs to DisruptedPods",
            vec![n("node1", VERY_LARGE)],
            P::new("p", HIGH).req(VERY_LARGE),
            vec![foo("p1.1", "node1"), foo("p1.2", "node1")],
            foo_pdb(1, &["p1.2"]),
            0,
            None,
            vec![cand("node1", &["p1.1", "p1.2"], 0)],
        ),
        (
            "preemption with violation of the pdb with pod whose eviction was processed, the victim which belongs to DisruptedPods is treated as 'nonViolating'",
            vec![n("node1", VERY_LARGE)],
            P::new("p", HIGH).req(VERY_LARGE),
            vec![foo("p1.1", "node1"), foo("p1.2", "node1"), foo("p1.3", "node1")],
            foo_pdb(1, &["p1.3"]),
            0,
            None,
            vec![cand("node1", &["p1.1", "p1.2", "p1.3"], 1)],
        ),
        // MinCandidateNodesPercentage 40, MinCandidateNodesAbsolute 1: two
        // candidates; upstream's seeded draw starts at node5.
        (
            "all nodes are possible candidates, but DefaultPreemptionArgs limits to 2",
            five(),
            P::new("p", HIGH).req(LARGE),
            (1..=5).map(|i| large(&format!("p{i}"), MID, &format!("node{i}"))).collect(),
            vec![],
            4,
            Some(num_candidates(5, 40, 1)),
            vec![cand("node1", &["p1"], 0), cand("node5", &["p5"], 0)],
        ),
        (
            "some nodes are not possible candidates, DefaultPreemptionArgs limits to 2",
            five(),
            P::new("p", HIGH).req(LARGE),
            (1..=5).map(|i| large(&format!("p{i}"), if i == 2 || i == 5 { VERY_HIGH } else { MID }, &format!("node{i}"))).collect(),
            vec![],
            4,
            Some(num_candidates(5, 40, 1)),
            vec![cand("node1", &["p1"], 0), cand("node3", &["p3"], 0)],
        ),
        // Each kind of candidate is kept to the number wanted: node2's,
        // the third that violates the PDB, is dropped.
        (
            "preemption looks past numCandidates until a non-PDB violating node is found",
            five(),
            P::new("p", HIGH).req(LARGE),
            (1..=5)
                .map(|i| {
                    let p = large(&format!("p{i}"), MID, &format!("node{i}"));
                    if [1, 2, 5].contains(&i) {
                        p.label("app", "foo")
                    } else {
                        p
                    }
                })
                .collect(),
            foo_pdb(0, &[]),
            4,
            Some(num_candidates(5, 40, 2)),
            vec![cand("node1", &["p1"], 1), cand("node3", &["p3"], 0), cand("node5", &["p5"], 1)],
        ),
    ];
    for (name, nodes, p, pods, pdbs, offset, wanted, want) in cases {
        let c = cluster(nodes, pods);
        assert_eq!(c.dry(p, &pdbs, offset, wanted), want, "{name}");
    }
    // "preemption offset across multiple scheduling cycles and wrap
    // around": upstream's draws start cycles at node5, node2 and node4.
    let c = cluster(five(), (1..=5).map(|i| large(&format!("p{i}"), MID, &format!("node{i}"))).collect());
    for (offset, want) in [(4, [("node1", "p1"), ("node5", "p5")]), (1, [("node2", "p2"), ("node3", "p3")]), (3, [("node4", "p4"), ("node5", "p5")])] {
        let want: Vec<_> = want.iter().map(|(n, v)| cand(n, &[v], 0)).collect();
        assert_eq!(c.dry(P::new("tp", HIGH).req(LARGE), &[], offset, Some(2)), want, "offset {offset}");
    }
}

/// Required anti-affinity to pods with a `foo` label, per `hostname`.
fn anti_affinity_foo_exists() -> kubeplay_model::api::Affinity {
    use kubeplay_model::api::{Affinity, PodAffinity, PodAffinityTerm};
    let sel =
        LabelSelector { match_expressions: vec![kubeplay_model::LabelSelectorRequirement { key: "foo".into(), operator: "Exists".into(), values: vec![] }], ..Default::default() };
    Affinity {
        pod_anti_affinity: Some(PodAffinity {
            required_during_scheduling_ignored_during_execution: vec![PodAffinityTerm { label_selector: Some(sel), topology_key: "hostname".into(), ..Default::default() }],
            ..Default::default()
        }),
        ..Default::default()
    }
}

// default_preemption_test.go's TestSelectBestCandidate
#[test]
fn select_best_candidate() {
    let nodes = |k: usize| (1..=k).map(|i| n(&format!("node{i}"), VERY_LARGE)).collect::<Vec<_>>();
    let v = |name: &str, prio: i32, res: Res, start: i64| {
        let node = format!("node{}", &name[1..2]);
        P::new(name, prio).on(&node).req(res).start(start)
    };
    let cases: Vec<(&str, usize, P, Vec<P>, &[&str])> = vec![
        (
            "a pod that fits on both nodes when lower priority pods are preempted",
            2,
            P::new("p", HIGH).req(LARGE),
            vec![v("p1", MID, LARGE, 0), v("p2", MID, LARGE, 0)],
            &["node1", "node2"],
        ),
        (
            "node with min highest priority pod is picked",
            3,
            P::new("p", HIGH).req(VERY_LARGE),
            vec![v("p1.1", MID, MEDIUM, 0), v("p1.2", MID, LARGE, 0), v("p2.1", MID, MEDIUM, 0), v("p2.2", LOW, MEDIUM, 0), v("p3.1", LOW, MEDIUM, 0), v("p3.2", LOW, MEDIUM, 0)],
            &["node3"],
        ),
        (
            "when highest priorities are the same, minimum sum of priorities is picked",
            3,
            P::new("p", HIGH).req(VERY_LARGE),
            vec![v("p1.1", MID, MEDIUM, 0), v("p1.2", MID, LARGE, 0), v("p2.1", MID, LARGE, 0), v("p2.2", LOW, MEDIUM, 0), v("p3.1", MID, MEDIUM, 0), v("p3.2", MID, MEDIUM, 0)],
            &["node2"],
        ),
        (
            "when highest priority and sum are the same, minimum number of pods is picked",
            3,
            P::new("p", HIGH).req(VERY_LARGE),
            vec![
                v("p1.1", MID, SMALL, 0),
                v("p1.2", NEG, SMALL, 0),
                v("p1.3", MID, SMALL, 0),
                v("p1.4", NEG, SMALL, 0),
                v("p2.1", MID, LARGE, 0),
                v("p2.2", NEG, MEDIUM, 0),
                v("p3.1", MID, MEDIUM, 0),
                v("p3.2", NEG, SMALL, 0),
                v("p3.3", LOW, SMALL, 0),
            ],
            &["node2"],
        ),
        (
            "sum of adjusted priorities is considered",
            3,
            P::new("p", HIGH).req(VERY_LARGE),
            vec![
                v("p1.1", MID, SMALL, 0),
                v("p1.2", NEG, SMALL, 0),
                v("p1.3", NEG, SMALL, 0),
                v("p2.1", MID, LARGE, 0),
                v("p2.2", NEG, MEDIUM, 0),
                v("p3.1", MID, MEDIUM, 0),
                v("p3.2", NEG, SMALL, 0),
                v("p3.3", LOW, SMALL, 0),
            ],
            &["node2"],
        ),
        (
            "non-overlapping lowest high priority, sum priorities, and number of pods",
            4,
            P::new("p", VERY_HIGH).req(VERY_LARGE),
            vec![
                v("p1.1", MID, SMALL, 0),
                v("p1.2", LOW, SMALL, 0),
                v("p1.3", LOW, SMALL, 0),
                v("p2.1", HIGH, LARGE, 0),
                v("p3.1", MID, MEDIUM, 0),
                v("p3.2", LOW, SMALL, 0),
                v("p3.3", LOW, SMALL, 0),
                v("p3.4", LOW, MEDIUM, 0),
                v("p4.1", MID, MEDIUM, 0),
                v("p4.2", MID, SMALL, 0),
                v("p4.3", MID, SMALL, 0),
                v("p4.4", NEG, SMALL, 0),
            ],
            &["node1"],
        ),
        (
            "same priority, same number of victims, different start time for each node's pod",
            3,
            P::new("p", HIGH).req(VERY_LARGE),
            vec![v("p1.1", MID, MEDIUM, 2), v("p1.2", MID, MEDIUM, 2), v("p2.1", MID, MEDIUM, 3), v("p2.2", MID, MEDIUM, 3), v("p3.1", MID, MEDIUM, 1), v("p3.2", MID, MEDIUM, 1)],
            &["node2"],
        ),
        (
            "same priority, same number of victims, different start time for all pods",
            3,
            P::new("p", HIGH).req(VERY_LARGE),
            vec![v("p1.1", MID, MEDIUM, 4), v("p1.2", MID, MEDIUM, 2), v("p2.1", MID, MEDIUM, 5), v("p2.2", MID, MEDIUM, 1), v("p3.1", MID, MEDIUM, 3), v("p3.2", MID, MEDIUM, 6)],
            &["node3"],
        ),
        (
            "different priority, same number of victims, different start time for all pods",
            3,
            P::new("p", HIGH).req(VERY_LARGE),
            vec![v("p1.1", LOW, MEDIUM, 4), v("p1.2", MID, MEDIUM, 2), v("p2.1", MID, MEDIUM, 6), v("p2.2", LOW, MEDIUM, 1), v("p3.1", LOW, MEDIUM, 3), v("p3.2", MID, MEDIUM, 5)],
            &["node2"],
        ),
    ];
    for (name, k, p, pods, want) in cases {
        let c = cluster(nodes(k), pods);
        // Where the dry run starts must not change the pick.
        for rand in 0..k as u64 {
            let got = c.run(p.clone(), &BTreeMap::new(), rand, |input| {
                let all: Vec<&String> = c.order.iter().collect();
                let (cands, _) = dry_run(input, &all, &[], rand as usize % k, num_candidates(k, 10, 100));
                pick_one(&cands, input.now).map(|c| c.node.clone())
            });
            assert!(got.as_deref().is_some_and(|g| want.contains(&g)), "{name}: {got:?}, want one of {want:?}");
        }
    }
}

// default_preemption_test.go's TestPodEligibleToPreemptOthers
#[test]
fn pod_eligible_to_preempt_others_table() {
    let cases: Vec<(&str, P, Vec<P>, Code, bool)> = vec![
        (
            "Pod with nominated node",
            P::new("p_with_nominated_node", HIGH).nominated("node1"),
            vec![P::new("p1", LOW).on("node1").terminating()],
            Code::UnschedulableAndUnresolvable,
            true,
        ),
        ("Pod without nominated node", P::new("p_without_nominated_node", HIGH), vec![], Code::Success, true),
        ("Pod with 'PreemptNever' preemption policy", P::new("p_with_preempt_never_policy", HIGH).policy("Never"), vec![], Code::Success, false),
        (
            "preemption victim pod terminating, as indicated by the dedicated DisruptionTarget condition",
            P::new("p_with_nominated_node", HIGH).nominated("node1"),
            vec![P::new("p1", LOW).on("node1").terminating().preempted()],
            Code::Success,
            false,
        ),
        ("non-victim Pods terminating", P::new("p_with_nominated_node", HIGH).nominated("node1"), vec![P::new("p1", LOW).on("node1").terminating()], Code::Success, true),
    ];
    for (name, p, pods, code, want) in cases {
        let c = cluster(vec![n("node1", &[])], pods);
        let got = c.run(p, &BTreeMap::new(), 0, |input| pod_eligible_to_preempt_others(input.cx, code));
        assert_eq!(got.is_ok(), want, "{name}: {got:?}");
    }
    // The reasons, as PostFilter words them.
    let c = cluster(vec![n("node1", &[])], vec![P::new("p1", LOW).on("node1").terminating().preempted()]);
    let never = c.preempt(P::new("p", HIGH).policy("Never"), &unschedulable(&["node1"]));
    assert_eq!(never.message(), "preemption: not eligible due to preemptionPolicy=Never.");
    let waiting = c.preempt(P::new("p", HIGH).nominated("node1"), &unschedulable(&["node1"]));
    assert_eq!(waiting.message(), "preemption: not eligible due to a terminating pod on the nominated node.");
    // A nominated node without a verdict counts as unresolvable.
    let absent = c.preempt(P::new("p", HIGH).nominated("node1"), &BTreeMap::new());
    assert_eq!(absent.message(), "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.");
}

// default_preemption_test.go's TestPreempt
#[test]
fn preempt_table() {
    let nodes = || ["node1", "node2", "node3"].iter().map(|s| n(s, VERY_LARGE)).collect::<Vec<_>>();
    let basic = || {
        vec![
            P::new("p1.1", LOW).on("node1").req(SMALL),
            P::new("p1.2", LOW).on("node1").req(SMALL),
            P::new("p2.1", HIGH).on("node2").req(LARGE),
            P::new("p3.1", MID).on("node3").req(MEDIUM),
        ]
    };
    let spread_nodes = || vec![n("node-a/zone1", VERY_LARGE), n("node-b/zone1", VERY_LARGE), n("node-x/zone2", VERY_LARGE)];
    let spread_pods = || {
        vec![
            P::new("p-a1", HIGH).on("node-a").label("foo", ""),
            P::new("p-a2", HIGH).on("node-a").label("foo", ""),
            P::new("p-b1", LOW).on("node-b").label("foo", ""),
            P::new("p-x1", HIGH).on("node-x").label("foo", ""),
            P::new("p-x2", HIGH).on("node-x").label("foo", ""),
        ]
    };
    let cases: Vec<(&str, Vec<Node>, P, Vec<P>, Option<(&str, Vec<&str>)>)> = vec![
        ("basic preemption logic", nodes(), P::new("p", HIGH).req(VERY_LARGE).policy("PreemptLowerPriority"), basic(), Some(("node1", vec!["p1.1", "p1.2"]))),
        ("preemption for topology spread constraints", spread_nodes(), P::new("p", HIGH).label("foo", "").spread_zone_and_host(), spread_pods(), Some(("node-b", vec!["p-b1"]))),
        ("no preempting in pod", nodes(), P::new("p", HIGH).req(VERY_LARGE).policy("Never"), basic(), None),
        ("PreemptionPolicy is nil", nodes(), P::new("p", HIGH).req(VERY_LARGE), basic(), Some(("node1", vec!["p1.1", "p1.2"]))),
    ];
    for (name, nodes, p, pods, want) in cases {
        let names: Vec<String> = nodes.iter().map(|n| n.metadata.name.clone()).collect();
        let all = unschedulable(&names.iter().map(String::as_str).collect::<Vec<_>>());
        let got = cluster(nodes.clone(), pods.clone()).preempt(p.clone(), &all);
        let mut got = nominated_node(&got);
        if let Some((_, v)) = got.as_mut() {
            v.sort();
        }
        assert_eq!(got, want.clone().map(|(n, v)| (n.to_string(), v.iter().map(|s| s.to_string()).collect())), "{name}");
        // Once the victims are going and the pod is nominated, a second
        // attempt (with no Filter verdicts) preempts nothing more.
        if let Some((node, victims)) = want {
            let pods = pods.into_iter().map(|q| if victims.contains(&q.0.metadata.name.as_str()) { q.terminating().preempted() } else { q }).collect();
            let again = cluster(nodes, pods).preempt(p.nominated(node), &BTreeMap::new());
            assert!(nominated_node(&again).is_none(), "{name}: preempted again: {again:?}");
        }
    }
}

// preemption_test.go's TestNodesWherePreemptionMightHelp. Upstream's
// v1.32 reader counts a node without a status as unresolvable, so the
// nodes a case expects to be tried carry an Unschedulable status here.
#[test]
fn nodes_where_preemption_might_help_table() {
    use Code::{Unschedulable as U, UnschedulableAndUnresolvable as UU};
    let order: Vec<String> = ["node1", "node2", "node3", "node4"].iter().map(|s| s.to_string()).collect();
    let cases: Vec<(&str, Vec<(&str, Code)>, Vec<&str>)> = vec![
        ("No node should be attempted", vec![("node1", UU), ("node2", UU), ("node3", UU), ("node4", UU)], vec![]),
        ("ErrReasonAntiAffinityRulesNotMatch should be tried", vec![("node1", U), ("node2", UU), ("node3", UU), ("node4", U)], vec!["node1", "node4"]),
        ("ErrReasonAffinityRulesNotMatch should not be tried", vec![("node1", UU), ("node2", U), ("node3", U), ("node4", U)], vec!["node2", "node3", "node4"]),
        ("Mix of failed predicates works fine", vec![("node1", UU), ("node2", U), ("node3", U), ("node4", U)], vec!["node2", "node3", "node4"]),
        ("Node condition errors should be considered unresolvable", vec![("node1", UU), ("node2", U), ("node3", U), ("node4", U)], vec!["node2", "node3", "node4"]),
        ("ErrVolume... errors should not be tried", vec![("node1", UU), ("node2", UU), ("node3", UU), ("node4", U)], vec!["node4"]),
        ("ErrReasonConstraintsNotMatch should be tried", vec![("node1", U), ("node2", UU), ("node3", U), ("node4", U)], vec!["node1", "node3", "node4"]),
        (
            "UnschedulableAndUnresolvable status should be skipped but Unschedulable should be tried",
            vec![("node1", U), ("node2", UU), ("node3", U), ("node4", UU)],
            vec!["node1", "node3"],
        ),
        ("ErrReasonNodeLabelNotMatch should not be tried", vec![("node1", U), ("node2", UU), ("node3", U), ("node4", UU)], vec!["node1", "node3"]),
        ("absent nodes are not tried", vec![("node2", U)], vec!["node2"]),
    ];
    for (name, st, want) in cases {
        let got = nodes_where_preemption_might_help(&order, &statuses(&st));
        assert_eq!(got, want, "{name}");
    }
}

// preemption_test.go's TestDryRunPreemption: candidates that violate no
// PDB come before those that do, whatever the walk's order.
#[test]
fn dry_run_puts_candidates_without_pdb_violations_first() {
    let nodes = vec![n("node1", VERY_LARGE), n("node2", VERY_LARGE)];
    let pods = vec![P::new("p1", MID).on("node1").req(LARGE).label("app", "foo"), P::new("p2", MID).on("node2").req(LARGE)];
    let foo_pdb = [pdb("pdb", "app", "foo", 0, &[])];
    let c = cluster(nodes, pods).with_pdbs(&foo_pdb);
    for offset in [0, 1] {
        let got = c.run(P::new("p", HIGH).req(LARGE), &BTreeMap::new(), 0, |input| {
            let all: Vec<&String> = c.order.iter().collect();
            let (cands, _) = dry_run(input, &all, &foo_pdb, offset, 2);
            cands.iter().map(|c| (c.node.clone(), c.pdb_violations)).collect::<Vec<_>>()
        });
        assert_eq!(got, [("node2".to_string(), 0), ("node1".to_string(), 1)], "offset {offset}");
    }
    // pickOneNodeForPreemption then prefers the one without violations.
    let picked = c.preempt(P::new("p", HIGH).req(LARGE), &unschedulable(&["node1", "node2"]));
    assert_eq!(nominated_node(&picked).map(|(n, _)| n).as_deref(), Some("node2"));
}

// default_preemption_test.go's getOffsetAndNumCandidates, through its
// DefaultPreemptionArgs cases: a percentage of the nodes, at least an
// absolute number, at most every node.
#[test]
fn num_candidates_follows_default_preemption_args() {
    assert_eq!(num_candidates(5, 40, 1), 2);
    assert_eq!(num_candidates(5, 40, 2), 2);
    assert_eq!(num_candidates(5, 10, 100), 5);
    assert_eq!(num_candidates(5000, 10, 100), 500);
    assert_eq!(num_candidates(500, 10, 100), 100);
}
