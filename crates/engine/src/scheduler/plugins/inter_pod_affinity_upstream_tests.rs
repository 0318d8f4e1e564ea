//! Upstream's InterPodAffinity tables (v1.32): interpodaffinity's
//! filtering_test.go and scoring_test.go, the rows inter_pod_affinity.rs's
//! own tests do not already hold. Upstream's default namespace "" is
//! "default" here, and its "subteam1.team1"-style namespaces are spelled
//! with dashes (a namespace name is a DNS label).

use super::*;
use crate::scheduler::plugins::testutil::*;
use kubeplay_model::api::{Namespace, Node, Pod, PodAffinity, PodAffinityTerm, WeightedPodAffinityTerm};
use kubeplay_model::{LabelSelector, LabelSelectorRequirement, ObjectMeta};

fn req(key: &str, op: &str, values: &[&str]) -> LabelSelectorRequirement {
    LabelSelectorRequirement { key: key.into(), operator: op.into(), values: values.iter().map(|s| s.to_string()).collect() }
}
fn term(exprs: Vec<LabelSelectorRequirement>, topology: &str) -> PodAffinityTerm {
    PodAffinityTerm { label_selector: Some(LabelSelector { match_expressions: exprs, ..Default::default() }), topology_key: topology.into(), ..Default::default() }
}
/// Upstream's `PodAffinityExists(key, topology)` term.
fn exists(key: &str, topology: &str) -> PodAffinityTerm {
    term(vec![req(key, "Exists", &[])], topology)
}
fn is_in(key: &str, values: &[&str], topology: &str) -> PodAffinityTerm {
    term(vec![req(key, "In", values)], topology)
}
fn team1() -> Option<LabelSelector> {
    Some(LabelSelector { match_expressions: vec![req("team", "In", &["team1"])], ..Default::default() })
}

/// A pod as upstream's pod wrapper builds it.
#[derive(Clone)]
struct P(Pod);

impl P {
    fn new(name: &str, l: &[(&str, &str)]) -> P {
        P(pod(name, l))
    }
    fn ns(ns: &str, name: &str, l: &[(&str, &str)]) -> P {
        P(pod_in(ns, name, l))
    }
    fn on(self, node: &str) -> P {
        P(assigned(self.0, node))
    }
    fn pod_affinity(&mut self) -> &mut PodAffinity {
        self.0.spec_mut().affinity.get_or_insert_with(Default::default).pod_affinity.get_or_insert_with(Default::default)
    }
    fn pod_anti_affinity(&mut self) -> &mut PodAffinity {
        self.0.spec_mut().affinity.get_or_insert_with(Default::default).pod_anti_affinity.get_or_insert_with(Default::default)
    }
    fn aff(mut self, t: PodAffinityTerm) -> P {
        self.pod_affinity().required_during_scheduling_ignored_during_execution.push(t);
        self
    }
    fn anti(mut self, t: PodAffinityTerm) -> P {
        self.pod_anti_affinity().required_during_scheduling_ignored_during_execution.push(t);
        self
    }
    fn pref(mut self, weight: i32, t: PodAffinityTerm) -> P {
        self.pod_affinity().preferred_during_scheduling_ignored_during_execution.push(WeightedPodAffinityTerm { weight, pod_affinity_term: t });
        self
    }
    fn pref_anti(mut self, weight: i32, t: PodAffinityTerm) -> P {
        self.pod_anti_affinity().preferred_during_scheduling_ignored_during_execution.push(WeightedPodAffinityTerm { weight, pod_affinity_term: t });
        self
    }
}

fn namespace(name: &str, team: &str) -> Object {
    Object::Namespace(Box::new(Namespace { metadata: ObjectMeta { name: name.into(), labels: labels(&[("team", team)]).into(), ..Default::default() }, ..Default::default() }))
}

/// Upstream's `namespaces`: two team1 and two team2 namespaces.
fn world(nodes: Vec<Node>, pods: Vec<P>) -> World {
    World::new(nodes, pods.into_iter().map(|p| p.0).collect())
        .with(namespace("subteam1-team1", "team1"))
        .with(namespace("subteam2-team1", "team1"))
        .with(namespace("subteam1-team2", "team2"))
        .with(namespace("subteam2-team2", "team2"))
}

/// PreFilter's status (the same with and without the term index).
fn pre_filter(w: &World, p: &Pod) -> Status {
    let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.clone()))));
    let run = |cache| {
        let cx = Cx { pod: &info, cache, store: &w.store, profile: &w.profile };
        InterPodAffinity.pre_filter(&cx, &mut CycleState::default()).status
    };
    let s = run(&w.cache);
    assert_eq!(s, run(&w.indexed), "the term index disagrees with the walk");
    s
}

/// Filter's status on each node, None where it passes.
fn filter_all(w: &World, nodes: &[&str], p: &Pod) -> Vec<Option<(Code, String)>> {
    nodes
        .iter()
        .map(|n| {
            let s = w.filter(&InterPodAffinity, p, n);
            (!s.is_success()).then(|| (s.code, s.reasons.join(", ")))
        })
        .collect()
}

fn fails(code: Code, reason: &str) -> Option<(Code, String)> {
    Some((code, reason.to_string()))
}

/// node1 {region: r1, zone: z11}, as upstream's single-node table has it.
fn node1() -> Vec<Node> {
    vec![node("node1", &[("region", "r1"), ("zone", "z11")])]
}

// filtering_test.go's TestRequiredAffinitySingleNode (the PreFilter
// statuses, and rows not in inter_pod_affinity.rs's tests)
#[test]
fn required_affinity_single_node() {
    let scan = || [("service", "securityscan")];
    let existing = || P::new("pod", &scan()).on("node1");
    // A pod that has no required pod affinity scheduling rules: PreFilter skips.
    assert_eq!(pre_filter(&world(node1(), vec![]), &pod("in", &[])).code, Code::Skip);
    // satisfies with requiredDuringSchedulingIgnoredDuringExecution in
    // PodAffinity using In / NotIn operators: PreFilter succeeds, Filter passes.
    for t in [is_in("service", &["securityscan", "value2"], "region"), term(vec![req("service", "NotIn", &["securityscan3", "value3"])], "region")] {
        let w = world(node1(), vec![existing()]);
        let p = P::new("in", &[("security", "S1")]).aff(t).0;
        assert!(pre_filter(&w, &p).is_success());
        assert_eq!(filter_all(&w, &["node1"], &p), [None]);
    }
    // satisfies the PodAffinity and PodAntiAffinity and PodAntiAffinity
    // symmetry with the existing pod
    let antivirus = || is_in("service", &["antivirusscan", "value2"], "node");
    let w = world(node1(), vec![existing().anti(antivirus())]);
    let p = P::new("in", &[("security", "S1")]).aff(is_in("service", &["securityscan", "value2"], "region")).anti(antivirus()).0;
    assert_eq!(filter_all(&w, &["node1"], &p), [None]);
    // pod matches its own Label in PodAffinity and that matches the existing
    // pod Labels (the existing pod is on node2, which the snapshot lacks)
    let w = world(node1(), vec![P::new("pod", &scan()).on("node2")]);
    let p = P::new("in", &scan()).aff(term(vec![req("service", "NotIn", &["securityscan", "value2"])], "region")).0;
    assert_eq!(filter_all(&w, &["node1"], &p), [fails(Code::UnschedulableAndUnresolvable, ERR_AFFINITY)]);
    // verify that PodAntiAffinity from existing pod is respected when pod has
    // no AntiAffinity constraints. satisfy PodAntiAffinity symmetry with the
    // existing pod: nothing to check, PreFilter skips.
    let w = world(node1(), vec![existing().anti(term(vec![req("service", "NotIn", &["securityscan", "value2"])], "zone"))]);
    assert_eq!(pre_filter(&w, &pod("in", &scan())).code, Code::Skip);
    // PodAntiAffinity symmetry check a1 / a2: incoming pod and existing pod
    // partially match each other on AffinityTerms
    let w = world(node1(), vec![P::new("pod", &[("security", "S1")]).on("node1").anti(exists("security", "zone"))]);
    let p = P::new("in", &scan()).anti(exists("service", "zone")).anti(exists("security", "zone")).0;
    assert_eq!(filter_all(&w, &["node1"], &p), [fails(Code::Unschedulable, ERR_ANTI_AFFINITY)]);
    let w = world(node1(), vec![existing().anti(exists("service", "zone")).anti(exists("security", "zone"))]);
    let p = P::new("in", &[("security", "S1")]).anti(exists("security", "zone")).0;
    assert_eq!(filter_all(&w, &["node1"], &p), [fails(Code::Unschedulable, ERR_EXISTING_ANTI_AFFINITY)]);
    // PodAffinity / PodAntiAffinity fails PreFilter with an invalid label syntax
    let bad = || is_in("service", &["{{.bad-value.}}"], "node");
    for p in [
        P::new("in", &scan()).aff(is_in("service", &["{{.bad-value.}}"], "region")).aff(is_in("service", &["antivirusscan", "value2"], "node")),
        P::new("in", &scan()).aff(is_in("service", &["foo"], "region")).aff(bad()),
    ] {
        let s = pre_filter(&world(node1(), vec![]), &p.0);
        assert_eq!(s.code, Code::UnschedulableAndUnresolvable);
        let msg = s.reasons.join("");
        assert!(msg.starts_with("parsing pod: requiredAffinityTerms: ") && msg.contains("Invalid value: \"{{.bad-value.}}\""), "{msg}");
    }
    // anti-affinity with non-matching NamespaceSelector
    let mut t = is_in("service", &["securityscan", "value2"], "zone");
    t.namespace_selector = team1();
    let w = world(node1(), vec![P::ns("subteam1-team2", "pod", &scan()).on("node1")]);
    let p = P::ns("subteam1-team1", "in", &[("security", "S1")]).anti(t).0;
    assert_eq!(filter_all(&w, &["node1"], &p), [None]);
}

/// Nodes with region, zone and hostname labels, as upstream's multi-node rows have them.
fn rzh(name: &str, zone: &str) -> Node {
    node(name, &[("region", "r1"), ("zone", zone), ("hostname", name)])
}

// filtering_test.go's TestRequiredAffinityMultipleNodes (rows not in
// inter_pod_affinity.rs's tests)
#[test]
fn required_affinity_multiple_nodes() {
    let ab = |za: &str, zb: &str| vec![rzh("nodeA", za), rzh("nodeB", zb)];
    let names = ["nodeA", "nodeB"];
    let u = || fails(Code::Unschedulable, ERR_ANTI_AFFINITY);
    let ue = || fails(Code::Unschedulable, ERR_EXISTING_ANTI_AFFINITY);
    let uu = || fails(Code::UnschedulableAndUnresolvable, ERR_AFFINITY);
    // Test existing pod's anti-affinity: if an existing pod has a term with
    // invalid topologyKey, labelSelector of the term is firstly checked, and
    // then topologyKey of the term is also checked: PreFilter skips.
    let w = world(ab("z1", "z1"), vec![P::new("e", &[]).on("nodeA").anti(exists("foo", "invalid-node-label"))]);
    assert_eq!(pre_filter(&w, &pod("in", &[("foo", "")])).code, Code::Skip);
    // Test incoming pod's anti-affinity: even if labelSelector matches, we
    // still check if topologyKey matches
    let w = world(ab("z1", "z1"), vec![P::new("e", &[("foo", "")]).on("nodeA")]);
    assert_eq!(filter_all(&w, &names, &P::new("in", &[]).on("nodeA").anti(exists("foo", "invalid-node-label")).0), [None, None]);
    // Test existing pod's anti-affinity: incoming pod wouldn't considered as a
    // fit as it violates each existingPod's terms on all nodes
    let w = world(ab("z1", "z2"), vec![P::new("e1", &[]).on("nodeA").anti(exists("foo", "zone")), P::new("e2", &[]).on("nodeA").anti(exists("bar", "region"))]);
    assert_eq!(filter_all(&w, &names, &pod("in", &[("foo", ""), ("bar", "")])), [ue(), ue()]);
    // Test incoming pod's anti-affinity: incoming pod wouldn't considered as
    // a fit as it at least violates one anti-affinity rule of existingPod
    let w = world(ab("z1", "z2"), vec![P::new("e1", &[("foo", "")]).on("nodeA"), P::new("e2", &[("bar", "")]).on("nodeB")]);
    assert_eq!(filter_all(&w, &names, &P::new("in", &[]).anti(exists("foo", "zone")).anti(exists("bar", "region")).0), [u(), u()]);
    // Test existing pod's anti-affinity: only when labelSelector and
    // topologyKey both match, it's counted as a single term match - case
    // when one term has invalid topologyKey
    let w = world(ab("z1", "z2"), vec![P::new("e", &[]).on("nodeA").anti(exists("foo", "invalid-node-label")).anti(exists("bar", "zone"))]);
    assert_eq!(filter_all(&w, &names, &pod("in", &[("foo", ""), ("bar", "")])), [ue(), None]);
    // Test incoming pod's anti-affinity: the same
    let w = world(ab("z1", "z2"), vec![P::new("podA", &[("foo", ""), ("bar", "")]).on("nodeA")]);
    assert_eq!(filter_all(&w, &names, &P::new("in", &[]).anti(exists("foo", "invalid-node-label")).anti(exists("bar", "zone")).0), [u(), None]);
    // ... case when all terms have valid topologyKey (existing, then incoming)
    let w = world(ab("z1", "z2"), vec![P::new("e", &[]).on("nodeA").anti(exists("foo", "region")).anti(exists("bar", "zone"))]);
    assert_eq!(filter_all(&w, &names, &pod("in", &[("foo", ""), ("bar", "")])), [ue(), ue()]);
    let w = world(ab("z1", "z2"), vec![P::new("e", &[("foo", ""), ("bar", "")]).on("nodeA")]);
    assert_eq!(filter_all(&w, &names, &P::new("in", &[]).anti(exists("foo", "region")).anti(exists("bar", "zone")).0), [u(), u()]);
    // Test existing pod's anti-affinity: existingPod on nodeA and nodeB has
    // at least one anti-affinity term matches incoming pod, so incoming pod
    // can only be scheduled to nodeC
    let mut abc = ab("z1", "z2");
    abc.push(rzh("nodeC", "z3"));
    let w = world(
        abc,
        vec![P::new("e1", &[]).on("nodeA").anti(exists("foo", "zone")).anti(exists("labelA", "zone")), P::new("e2", &[]).on("nodeB").anti(exists("bar", "zone")).anti(exists("labelB", "zone"))],
    );
    assert_eq!(filter_all(&w, &["nodeA", "nodeB", "nodeC"], &pod("in", &[("foo", ""), ("bar", "")])), [ue(), ue(), None]);
    // Test incoming pod's affinity: firstly check if all affinityTerms match,
    // and then check if all topologyKeys match
    let both = || P::new("in", &[]).aff(exists("foo", "region")).aff(exists("bar", "zone")).0;
    let w = world(ab("z1", "z1"), vec![P::new("pod1", &[("foo", ""), ("bar", "")]).on("nodeA")]);
    assert_eq!(filter_all(&w, &names, &both()), [None, None]);
    // ... and the match logic should be satisfied on the same pod
    let w = world(ab("z1", "z2"), vec![P::new("pod1", &[("foo", "")]).on("nodeA"), P::new("pod2", &[("bar", "")]).on("nodeB")]);
    assert_eq!(filter_all(&w, &names, &both()), [uu(), uu()]);
}

/// PreFilter's counts for the incoming pod's affinity and anti-affinity
/// terms, by topology key and value (the keys here are not interned), from
/// both caches (None: PreFilter skipped).
fn incoming_counts(w: &World, p: &Pod) -> Option<(Pairs, Pairs)> {
    let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.clone()))));
    let run = |cache| {
        let cx = Cx { pod: &info, cache, store: &w.store, profile: &w.profile };
        let mut state = CycleState::default();
        InterPodAffinity.pre_filter(&cx, &mut state);
        state.inter_pod_affinity.map(|s| (s.affinity_counts.by_value, s.anti_affinity_counts.by_value))
    };
    let got = run(&w.cache);
    assert_eq!(got, run(&w.indexed), "the term index disagrees with the walk");
    got
}

fn pairs(entries: &[(&str, &str, i64)]) -> Pairs {
    let mut m = Pairs::new();
    for (k, v, c) in entries {
        m.entry(k.to_string()).or_default().insert(v.to_string(), *c);
    }
    m
}

// filtering_test.go's TestGetTPMapMatchingIncomingAffinityAntiAffinity
#[test]
fn incoming_affinity_anti_affinity_counts() {
    let node_a = || vec![node("nodeA", &[("hostname", "nodeA")])];
    let normal = |l: &[&str]| P::new("normal", &l.iter().map(|k| (*k, "")).collect::<Vec<_>>()).on("nodeA");
    let none = || (Pairs::new(), Pairs::new());
    let at_a = |n: i64| pairs(&[("hostname", "nodeA", n)]);
    // nil test; incoming pod without affinity/anti-affinity causes a no-op
    assert_eq!(incoming_counts(&world(node_a(), vec![]), &pod("aaa-normal", &[])).unwrap_or_else(none), none());
    assert_eq!(incoming_counts(&world(node_a(), vec![normal(&["aaa"])]), &pod("aaa-normal", &[])).unwrap_or_else(none), none());
    let aaa_both = || P::new("in", &[]).aff(exists("aaa", "hostname")).anti(exists("aaa", "hostname"));
    // no pod has label that violates incoming pod's affinity and anti-affinity
    assert_eq!(incoming_counts(&world(node_a(), vec![normal(&["bbb"])]), &aaa_both().0), Some(none()));
    // existing pod matches incoming pod's affinity and anti-affinity - single term case
    assert_eq!(incoming_counts(&world(node_a(), vec![normal(&["aaa"])]), &aaa_both().0), Some((at_a(1), at_a(1))));
    // - multiple terms case: one count per affinity term
    let p = aaa_both().aff(exists("bbb", "hostname")).0;
    assert_eq!(incoming_counts(&world(node_a(), vec![normal(&["aaa", "bbb"])]), &p), Some((at_a(2), at_a(1))));
    // existing pod not match incoming pod's affinity but matches anti-affinity
    let p = |other: &str| P::new("in", &[]).aff(exists("aaa", "hostname")).aff(exists(other, "hostname")).anti(exists("aaa", "hostname")).anti(exists(other, "hostname")).0;
    assert_eq!(incoming_counts(&world(node_a(), vec![normal(&["aaa"])]), &p("bbb")), Some((Pairs::new(), at_a(1))));
    // incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 1 and 2
    assert_eq!(incoming_counts(&world(node_a(), vec![normal(&["aaa", "bbb"])]), &p("ccc")), Some((Pairs::new(), at_a(1))));
    assert_eq!(incoming_counts(&world(node_a(), vec![normal(&["bbb"])]), &p("bbb")), Some((Pairs::new(), at_a(1))));
}

// filtering_test.go's TestPreFilterStateAddRemovePod: adding a pod gives
// the counts PreFilter finds with the pod there, removing it again the
// counts it finds without.
#[test]
fn pre_filter_state_add_remove_pod() {
    let nodes = || vec![node("nodeA", &[("region", "r1"), ("zone", "z11")]), node("nodeB", &[("region", "r1"), ("zone", "z12")]), node("nodeC", &[("region", "r2"), ("zone", "z21")])];
    let foo_bar = || is_in("foo", &["bar"], "region");
    let complex = || vec![is_in("foo", &["bar", "buzz"], "region"), term(vec![req("service", "NotIn", &["bar", "security", "test"])], "zone")];
    let p1 = || P::new("p1", &[("foo", "bar")]).on("nodeA");
    let anti_complex = |p: P| complex().into_iter().fold(p, P::anti);
    let aff_complex = |p: P| complex().into_iter().fold(p, P::aff);
    struct Case {
        pending: P,
        existing: Vec<P>,
        added: P,
        anti: Pairs,
        aff: Pairs,
    }
    let cases = [
        Case {
            pending: P::new("pending", &[("foo", "bar")]).anti(foo_bar()),
            existing: vec![p1(), P::new("p2", &[]).on("nodeC").anti(foo_bar())],
            added: P::new("addedPod", &[("foo", "bar")]).on("nodeB").anti(foo_bar()),
            anti: pairs(&[("region", "r1", 2)]),
            aff: Pairs::new(),
        },
        Case {
            pending: anti_complex(P::new("pending", &[("foo", "bar")])),
            existing: vec![p1(), P::new("p2", &[]).on("nodeC").anti(foo_bar())],
            added: anti_complex(P::new("addedPod", &[("foo", "bar")]).on("nodeA")),
            anti: pairs(&[("region", "r1", 2), ("zone", "z11", 2), ("zone", "z21", 1)]),
            aff: Pairs::new(),
        },
        Case {
            pending: aff_complex(P::new("pending", &[("foo", "bar")])),
            existing: vec![p1(), aff_complex(P::new("p2", &[]).on("nodeC").anti(foo_bar()))],
            added: anti_complex(P::new("addedPod", &[("foo", "bar")]).on("nodeA")),
            anti: Pairs::new(),
            aff: pairs(&[("region", "r1", 2), ("zone", "z11", 2)]),
        },
    ];
    for c in cases {
        let mut with_added = c.existing.clone();
        with_added.push(c.added.clone());
        let all = world(nodes(), with_added);
        let w = world(nodes(), c.existing);
        let names = ["nodeA", "nodeB", "nodeC"];
        // Every node's verdict, from a fresh PreFilter or after `change`.
        let verdicts = |w: &World, cache: &crate::scheduler::cache::Cache, change: &dyn Fn(&Cx, &mut CycleState)| {
            let info = PodInfo::new(Arc::new(Object::Pod(Box::new(c.pending.0.clone()))));
            let cx = Cx { pod: &info, cache, store: &w.store, profile: &w.profile };
            let mut state = CycleState::default();
            assert!(InterPodAffinity.pre_filter(&cx, &mut state).status.is_success());
            change(&cx, &mut state);
            let s = state.inter_pod_affinity.as_ref().expect("state");
            let counts = (s.anti_affinity_counts.by_value.clone(), s.affinity_counts.by_value.clone());
            let v: Vec<bool> = names.iter().map(|n| InterPodAffinity.filter(&cx, &state, &NodeView::new(cache.node(n).expect("node").clone())).is_ok()).collect();
            (counts, v)
        };
        let added = PodInfo::new(Arc::new(Object::Pod(Box::new(c.added.0.clone()))));
        let on = c.added.0.spec.node_name.clone().unwrap_or_default();
        for (cache, all_cache) in [(&w.cache, &all.cache), (&w.indexed, &all.indexed)] {
            let node = cache.node(&on).expect("node").clone();
            let add = |cx: &Cx, st: &mut CycleState| InterPodAffinity.add_pod(cx, st, &added, &node);
            let after_add = verdicts(&w, cache, &add);
            assert_eq!(after_add.0, (c.anti.clone(), c.aff.clone()));
            assert_eq!(after_add, verdicts(&all, all_cache, &|_, _| {}));
            let add_remove = |cx: &Cx, st: &mut CycleState| {
                InterPodAffinity.add_pod(cx, st, &added, &node);
                InterPodAffinity.remove_pod(cx, st, &added, &node);
            };
            assert_eq!(verdicts(&w, cache, &add_remove), verdicts(&w, cache, &|_, _| {}));
        }
    }
}

/// PreScore, Score and NormalizeScore on every node (None: PreScore skipped).
fn scores(w: &World, nodes: &[Node], p: &Pod) -> Option<Vec<i64>> {
    let names: Vec<&str> = nodes.iter().map(|n| n.metadata.name.as_str()).collect();
    w.scores(&InterPodAffinity, p, &names)
}

// scoring_test.go's TestPreferredAffinity (rows not in
// inter_pod_affinity.rs's tests)
#[test]
fn preferred_affinity() {
    let s1 = || [("security", "S1")];
    let china = |n: &str| node(n, &[("region", "China")]);
    let india = |n: &str| node(n, &[("region", "India")]);
    let az1 = |n: &str| node(n, &[("az", "az1")]);
    let three = || vec![china("node1"), india("node2"), az1("node3")];
    let two = || vec![china("node1"), india("node2")];
    let e = |l: &[(&str, &str)], n: &str| P::new("e", l).on(n);
    let s1_in_region = || is_in("security", &["S1"], "region");
    let stay_with_s2 = |p: P| p.pref(6, is_in("security", &["S2"], "region"));
    // Affinity: different Label operators and values for pod affinity
    // scheduling preference, including some match failures
    let affinity3 = P::new("in", &s1())
        .pref(8, term(vec![req("security", "NotIn", &["S1"]), req("security", "In", &["S2"])], "region"))
        .pref(2, term(vec![req("security", "Exists", &[]), req("wrongkey", "DoesNotExist", &[])], "region"));
    let w = world(three(), vec![e(&s1(), "node1"), e(&[("security", "S2")], "node2"), e(&s1(), "node3")]);
    assert_eq!(scores(&w, &three(), &affinity3.0), Some(vec![20, 100, 0]));
    // Affinity symmetry with namespace selector (the existing pod's term
    // names subteam2-team2 and selects team1's namespaces)
    let ns_selected = |mut t: PodAffinityTerm| {
        t.namespaces = vec!["subteam2-team2".into()];
        t.namespace_selector = team1();
        t
    };
    let incoming = || P::ns("subteam1-team1", "in", &s1()).0;
    let w = world(three(), vec![e(&s1(), "node1").pref(5, ns_selected(s1_in_region())), stay_with_s2(e(&[("security", "S2")], "node2"))]);
    assert_eq!(scores(&w, &three(), &incoming()), Some(vec![100, 0, 0]));
    // AntiAffinity symmetry with namespace selector
    let w = world(three(), vec![e(&s1(), "node1").pref_anti(5, ns_selected(s1_in_region())), stay_with_s2(e(&[("security", "S2")], "node2"))]);
    assert_eq!(scores(&w, &three(), &incoming()), Some(vec![0, 100, 100]));
    // Affinity / anti-affinity with pods matching NamespaceSelector, and
    // matching both NamespaceSelector and Namespaces fields
    for other in ["subteam1-team2", "subteam2-team2"] {
        let existing = || {
            vec![
                P::ns("subteam1-team1", "e1", &s1()).on("node1"),
                P::ns("subteam1-team1", "e2", &s1()).on("node1"),
                P::ns(other, "e3", &s1()).on("node1"),
                P::ns("subteam2-team1", "e4", &s1()).on("node2"),
            ]
        };
        let w = world(two(), existing());
        let p = P::ns("subteam1-team1", "in", &s1()).pref(5, ns_selected(s1_in_region())).0;
        assert_eq!(scores(&w, &two(), &p), Some(vec![100, 0]), "{other}");
        let p = P::ns("subteam1-team1", "in", &s1()).pref_anti(5, ns_selected(s1_in_region())).0;
        assert_eq!(scores(&w, &two(), &p), Some(vec![0, 100]), "{other}");
    }
    // invalid Affinity / AntiAffinity fails PreScore
    let w = world(vec![china("node1"), china("node2")], vec![]);
    for p in [P::new("in", &[]).pref(8, is_in("security", &["{{.bad-value.}}"], "region")), P::new("in", &[]).pref_anti(5, is_in("security", &["{{.bad-value.}}"], "az"))] {
        let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.0))));
        let views: Vec<NodeView> = ["node1", "node2"].iter().map(|n| NodeView::new(w.cache.node(n).expect("node").clone())).collect();
        let refs: Vec<&NodeView> = views.iter().collect();
        let s = InterPodAffinity.pre_score(&w.cx(&info), &mut CycleState::default(), &refs);
        assert_eq!(s.code, Code::Error);
        assert!(s.reasons.join("").contains("Invalid value: \"{{.bad-value.}}\""), "{s:?}");
    }
    // No nodes to score
    let w = world(vec![], vec![]);
    assert_eq!(scores(&w, &[], &pod("in", &[("security", "S2")])), None);
}

// scoring_test.go's TestPreferredAffinityWithHardPodAffinitySymmetricWeight
#[test]
fn preferred_affinity_with_hard_pod_affinity_symmetric_weight() {
    let nodes = || vec![node("node1", &[("region", "China")]), node("node2", &[("region", "India")]), node("node3", &[("az", "az1")])];
    let mut hard = is_in("service", &["S1"], "region");
    hard.namespaces = vec!["default".into(), "subteam2-team2".into()];
    hard.namespace_selector = team1();
    let existing = || vec![P::new("e1", &[]).on("node1").aff(hard.clone()), P::new("e2", &[]).on("node2").aff(hard.clone())];
    let run = |weight: i64, ns: &str| {
        let mut w = world(nodes(), existing());
        w.profile.hard_pod_affinity_weight = weight;
        scores(&w, &nodes(), &pod_in(ns, "in", &[("service", "S1")]))
    };
    // with default weight
    assert_eq!(run(1, "default"), Some(vec![100, 100, 0]));
    // with zero weight
    assert_eq!(run(0, "default"), None);
    // with no matching namespace
    assert_eq!(run(1, "subteam1-team2"), None);
    // with matching NamespaceSelector
    assert_eq!(run(1, "subteam1-team1"), Some(vec![100, 100, 0]));
    // with matching Namespaces
    assert_eq!(run(1, "subteam2-team2"), Some(vec![100, 100, 0]));
}
