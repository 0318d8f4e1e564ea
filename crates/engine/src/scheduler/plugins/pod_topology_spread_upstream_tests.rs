//! Upstream's PodTopologySpread tables (v1.32): podtopologyspread's
//! filtering_test.go and scoring_test.go. Rows that only flip a feature
//! gate off (node inclusion policies, matchLabelKeys: both on in v1.32) or
//! need plugin args (custom default constraints) are left out.

use super::*;
use crate::scheduler::cache::PodInfo;
use crate::scheduler::plugins::testutil::*;
use kubeplay_model::api::{Affinity, NodeAffinity as ApiNodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodSpec};
use kubeplay_model::{LabelSelector, LabelSelectorRequirement, ObjectMeta, OwnerReference};

const OK: Code = Code::Success;
const U: Code = Code::Unschedulable;
const UU: Code = Code::UnschedulableAndUnresolvable;
const DNS: &str = "DoNotSchedule";
const SA: &str = "ScheduleAnyway";

fn exists(k: &str) -> Option<LabelSelector> {
    Some(LabelSelector { match_expressions: vec![LabelSelectorRequirement { key: k.into(), operator: "Exists".into(), values: vec![] }], ..Default::default() })
}
fn foo() -> Option<LabelSelector> {
    exists("foo")
}
fn bar() -> Option<LabelSelector> {
    exists("bar")
}
fn match_labels(l: &[(&str, &str)]) -> Option<LabelSelector> {
    Some(LabelSelector { match_labels: labels(l), ..Default::default() })
}

/// A constraint as upstream's `SpreadConstraint(skew, key, when, selector, …)`.
fn sc(skew: i32, key: &str, when: &str, sel: Option<LabelSelector>) -> TopologySpreadConstraint {
    TopologySpreadConstraint { max_skew: skew, topology_key: key.into(), when_unsatisfiable: when.into(), label_selector: sel, ..Default::default() }
}
fn min_domains(mut c: TopologySpreadConstraint, m: i32) -> TopologySpreadConstraint {
    c.min_domains = Some(m);
    c
}
fn affinity_policy(mut c: TopologySpreadConstraint, p: &str) -> TopologySpreadConstraint {
    c.node_affinity_policy = Some(p.into());
    c
}
fn taints_policy(mut c: TopologySpreadConstraint, p: &str) -> TopologySpreadConstraint {
    c.node_taints_policy = Some(p.into());
    c
}
fn label_keys(mut c: TopologySpreadConstraint, keys: &[&str]) -> TopologySpreadConstraint {
    c.match_label_keys = keys.iter().map(|k| k.to_string()).collect();
    c
}

/// The incoming pod "p" with labels and constraints.
fn incoming(l: &[(&str, &str)], cs: Vec<TopologySpreadConstraint>) -> Pod {
    let mut p = pod("p", l);
    p.spec_mut().topology_spread_constraints = cs;
    p
}
fn with_node_selector(mut p: Pod, l: &[(&str, &str)]) -> Pod {
    p.spec_mut().node_selector = labels(l);
    p
}
/// Upstream's `NodeAffinityIn` / `NodeAffinityNotIn` (match expressions).
fn with_node_affinity(mut p: Pod, key: &str, op: &str, values: &[&str]) -> Pod {
    let r = NodeSelectorRequirement { key: key.into(), operator: op.into(), values: values.iter().map(|v| v.to_string()).collect() };
    let terms = vec![NodeSelectorTerm { match_expressions: vec![r], match_fields: vec![] }];
    p.spec_mut().affinity = Some(Box::new(Affinity {
        node_affinity: Some(ApiNodeAffinity { required_during_scheduling_ignored_during_execution: Some(NodeSelector { node_selector_terms: terms }), ..Default::default() }),
        ..Default::default()
    }));
    p
}
fn tolerating_unschedulable(mut p: Pod) -> Pod {
    p.spec_mut().tolerations.push(toleration("node.kubernetes.io/unschedulable", "Exists", "", "NoSchedule"));
    p
}

/// Upstream's `taints`: node.kubernetes.io/unschedulable:NoSchedule.
fn tainted(mut n: Node) -> Node {
    n.spec.taints = vec![taint("node.kubernetes.io/unschedulable", "", "NoSchedule")];
    n
}
/// A node labelled `zone` and `node` (its name).
fn zn(name: &str, zone: &str) -> Node {
    node(name, &[("zone", zone), ("node", name)])
}
/// node-a, node-b in zone1; node-x, node-y in zone2.
fn abxy() -> Vec<Node> {
    vec![zn("node-a", "zone1"), zn("node-b", "zone1"), zn("node-x", "zone2"), zn("node-y", "zone2")]
}
/// A node labelled only `node` (its name), plus `extra`.
fn nn(name: &str, extra: &[(&str, &str)]) -> Node {
    let mut n = node(name, &[("node", name)]);
    n.metadata.labels.extend(labels(extra));
    n
}
/// A node labelled only with its hostname.
fn host(name: &str) -> Node {
    node(name, &[(HOSTNAME, name)])
}
fn zh(name: &str, zone: &str) -> Node {
    node(name, &[("zone", zone), (HOSTNAME, name)])
}

/// An existing pod on `node` with labels.
fn ep(name: &str, node: &str, l: &[(&str, &str)]) -> Pod {
    assigned(pod(name, l), node)
}
/// `k` pods labelled foo="" on each node-`n`.
fn foos(counts: &[(&str, usize)]) -> Vec<Pod> {
    let mut out = Vec::new();
    for (n, k) in counts {
        for i in 0..*k {
            out.push(ep(&format!("p-{n}{i}"), &format!("node-{n}"), &[("foo", "")]));
        }
    }
    out
}

/// The same cluster and pod with the `zone` (and `node`) keys renamed to
/// the well-known zone (and hostname) keys, whose domains the cache interns:
/// the plugin then reads counts by domain id. (Scoring counts hostname
/// domains its own way, so scores rename only the zone.)
fn interned(nodes: &[Node], p: &Pod, with_node: bool) -> (Vec<Node>, Pod) {
    let rename = |k: &str| match k {
        "zone" => ZONE.to_string(),
        "node" if with_node => HOSTNAME.to_string(),
        k => k.to_string(),
    };
    let nodes = nodes
        .iter()
        .map(|n| {
            let mut n = n.clone();
            n.metadata.labels = n.metadata.labels.iter().map(|(k, v)| (rename(k), v.clone())).collect::<BTreeMap<_, _>>().into();
            n
        })
        .collect();
    let mut p = p.clone();
    let spec = p.spec_mut();
    for c in spec.topology_spread_constraints.iter_mut() {
        c.topology_key = rename(&c.topology_key);
    }
    spec.node_selector = spec.node_selector.iter().map(|(k, v)| (rename(k), v.clone())).collect();
    if let Some(ns) = spec.affinity.as_mut().and_then(|a| a.node_affinity.as_mut()).and_then(|na| na.required_during_scheduling_ignored_during_execution.as_mut()) {
        for r in ns.node_selector_terms.iter_mut().flat_map(|t| t.match_expressions.iter_mut()) {
            r.key = rename(&r.key);
        }
    }
    (nodes, p)
}

/// PreFilter then Filter on every node, as upstream's filter tables run
/// them; the same again with the keys interned.
fn filter_codes(nodes: Vec<Node>, existing: Vec<Pod>, p: &Pod) -> Vec<Code> {
    let run = |nodes: Vec<Node>, p: &Pod| {
        let names: Vec<String> = nodes.iter().map(|n| n.metadata.name.clone()).collect();
        let w = World::new(nodes, existing.clone());
        names.iter().map(|n| w.filter(&PodTopologySpread, p, n).code).collect::<Vec<Code>>()
    };
    let (inodes, ip) = interned(&nodes, p, true);
    let plain = run(nodes, p);
    assert_eq!(run(inodes, &ip), plain, "interned keys disagree");
    plain
}

/// PreFilter's counts per constraint and the least-loaded domains' counts,
/// from both caches (None: PreFilter skipped).
type Counts = Vec<Vec<(&'static str, i64)>>;
fn prefilter_state(nodes: Vec<Node>, existing: Vec<Pod>, p: &Pod) -> Option<(Counts, Vec<i64>)> {
    let (inodes, ip) = interned(&nodes, p, true);
    let plain = prefilter_state_of(nodes, existing.clone(), p);
    assert_eq!(prefilter_state_of(inodes, existing, &ip), plain, "interned keys disagree");
    plain
}

fn prefilter_state_of(nodes: Vec<Node>, existing: Vec<Pod>, p: &Pod) -> Option<(Counts, Vec<i64>)> {
    let w = World::new(nodes, existing);
    let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.clone()))));
    let mut got = Vec::new();
    for cache in [&w.cache, &w.indexed] {
        let cx = Cx { pod: &info, cache, store: &w.store, profile: &w.profile };
        let mut state = CycleState::default();
        let pre = PodTopologySpread.pre_filter(&cx, &mut state);
        if pre.status.code == Code::Skip {
            got.push(None);
            continue;
        }
        assert!(pre.status.is_success(), "{:?}", pre.status);
        got.push(state.topology_spread.map(|s| (s.counts, s.min)));
    }
    assert_eq!(got[0], got[1], "per-domain counts disagree with the node walk");
    got.pop().flatten().map(|(counts, min)| (counts.into_iter().map(leak).collect(), min))
}

fn leak(m: BTreeMap<String, i64>) -> Vec<(&'static str, i64)> {
    m.into_iter().map(|(k, v)| (&*Box::leak(k.into_boxed_str()), v)).collect()
}

fn counts(c: &[&[(&'static str, i64)]]) -> Counts {
    c.iter().map(|m| m.to_vec()).collect()
}

// filtering_test.go's TestPreFilterState
#[test]
fn pre_filter_state() {
    let max = i32::MAX as i64;
    let zone_counts = || foos(&[("a", 2), ("b", 1), ("y", 2)]);
    let want = |c: &[&[(&'static str, i64)]], m: &[i64]| Some((counts(c), m.to_vec()));
    // clean cluster with one spreadConstraint
    let p = incoming(&[("foo", "")], vec![sc(5, "zone", DNS, match_labels(&[("foo", "bar")]))]);
    assert_eq!(prefilter_state(abxy(), vec![], &p), want(&[&[("zone1", 0), ("zone2", 0)]], &[0]));
    // normal case with one spreadConstraint
    let p = incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo())]);
    assert_eq!(prefilter_state(abxy(), zone_counts(), &p), want(&[&[("zone1", 3), ("zone2", 2)]], &[2]));
    // normal case with null label selector
    let p = incoming(&[("foo", "")], vec![sc(1, "zone", DNS, None)]);
    assert_eq!(prefilter_state(abxy(), zone_counts(), &p), want(&[&[("zone1", 0), ("zone2", 0)]], &[0]));
    // normal case with one spreadConstraint, on a 3-zone cluster
    let mut six = abxy();
    six.extend([zn("node-o", "zone3"), zn("node-p", "zone3")]);
    let p = incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo())]);
    assert_eq!(prefilter_state(six, zone_counts(), &p), want(&[&[("zone1", 3), ("zone2", 2), ("zone3", 0)]], &[0]));
    // namespace mismatch doesn't count
    let existing = vec![
        ep("p-a1", "node-a", &[("foo", "")]),
        assigned(pod_in("ns1", "p-a2", &[("foo", "")]), "node-a"),
        ep("p-b1", "node-b", &[("foo", "")]),
        assigned(pod_in("ns2", "p-y1", &[("foo", "")]), "node-y"),
        ep("p-y2", "node-y", &[("foo", "")]),
    ];
    assert_eq!(prefilter_state(abxy(), existing, &p), want(&[&[("zone1", 2), ("zone2", 1)]], &[1]));
    // normal case with two spreadConstraints
    let two = || incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo()), sc(1, "node", DNS, foo())]);
    let a2b1y4 = || foos(&[("a", 2), ("b", 1), ("y", 4)]);
    let want_two = want(&[&[("zone1", 3), ("zone2", 4)], &[("node-a", 2), ("node-b", 1), ("node-x", 0), ("node-y", 4)]], &[3, 0]);
    assert_eq!(prefilter_state(abxy(), a2b1y4(), &two()), want_two);
    // TpKeyToDomainsNum is calculated when MinDomains is enabled: the same state.
    assert_eq!(prefilter_state(abxy(), a2b1y4(), &two()), want_two);
    // soft spreadConstraints should be bypassed
    let aby = || vec![zn("node-a", "zone1"), zn("node-b", "zone1"), zn("node-y", "zone2")];
    let p = incoming(&[("foo", "")], vec![sc(1, "zone", SA, foo()), sc(1, "zone", DNS, foo()), sc(1, "node", SA, foo()), sc(1, "node", DNS, foo())]);
    assert_eq!(prefilter_state(aby(), a2b1y4(), &p), want(&[&[("zone1", 3), ("zone2", 4)], &[("node-a", 2), ("node-b", 1), ("node-y", 4)]], &[3, 1]));
    // different labelSelectors - simple version
    let foo_bar = || incoming(&[("foo", ""), ("bar", "")], vec![sc(1, "zone", DNS, foo()), sc(1, "node", DNS, bar())]);
    let existing = vec![ep("p-a", "node-a", &[("foo", "")]), ep("p-b", "node-b", &[("bar", "")])];
    assert_eq!(prefilter_state(aby(), existing, &foo_bar()), want(&[&[("zone1", 1), ("zone2", 0)], &[("node-a", 0), ("node-b", 1), ("node-y", 0)]], &[0, 0]));
    // different labelSelectors - complex pods
    let existing = vec![
        ep("p-a1", "node-a", &[("foo", "")]),
        ep("p-a2", "node-a", &[("foo", ""), ("bar", "")]),
        ep("p-b1", "node-b", &[("foo", "")]),
        ep("p-y1", "node-y", &[("foo", "")]),
        ep("p-y2", "node-y", &[("foo", ""), ("bar", "")]),
        ep("p-y3", "node-y", &[("foo", "")]),
        ep("p-y4", "node-y", &[("foo", ""), ("bar", "")]),
    ];
    assert_eq!(prefilter_state(aby(), existing, &foo_bar()), want(&[&[("zone1", 3), ("zone2", 4)], &[("node-a", 1), ("node-b", 0), ("node-y", 2)]], &[3, 0]));
    // two spreadConstraints, and with podAffinity (a required node affinity excluding node-x)
    let p = with_node_affinity(two(), "node", "NotIn", &["node-x"]);
    assert_eq!(prefilter_state(abxy(), a2b1y4(), &p), want(&[&[("zone1", 3), ("zone2", 4)], &[("node-a", 2), ("node-b", 1), ("node-y", 4)]], &[3, 1]));
    // NodeAffinityPolicy honored / ignored, with a nodeSelector and with a
    // required node affinity.
    let abc = || vec![nn("node-a", &[("foo", "")]), nn("node-b", &[("foo", "")]), nn("node-c", &[("bar", "")])];
    let bars = || vec![ep("p-a", "node-a", &[("bar", "")]), ep("p-b", "node-b", &[("bar", "")]), ep("p-c", "node-b", &[("bar", "")]), ep("p-d", "node-c", &[])];
    let on_bar = |c: TopologySpreadConstraint| incoming(&[("foo", "")], vec![c]);
    let honored = want(&[&[("node-a", 1), ("node-b", 2)]], &[1]);
    let all_three = want(&[&[("node-a", 1), ("node-b", 2), ("node-c", 0)]], &[0]);
    let p = with_node_selector(on_bar(sc(1, "node", DNS, bar())), &[("foo", "")]);
    assert_eq!(prefilter_state(abc(), bars(), &p), honored);
    let p = with_node_selector(on_bar(affinity_policy(sc(1, "node", DNS, bar()), "Ignore")), &[("foo", "")]);
    assert_eq!(prefilter_state(abc(), bars(), &p), all_three);
    let p = with_node_affinity(on_bar(sc(1, "node", DNS, bar())), "foo", "In", &[""]);
    assert_eq!(prefilter_state(abc(), bars(), &p), honored);
    let p = with_node_affinity(on_bar(affinity_policy(sc(1, "node", DNS, bar()), "Ignore")), "foo", "In", &[""]);
    assert_eq!(prefilter_state(abc(), bars(), &p), all_three);
    // NodeTaintsPolicy ignored (the default) / honored / honored with the taint tolerated.
    let abc_tainted = || vec![nn("node-a", &[]), nn("node-b", &[]), tainted(nn("node-c", &[("bar", "")]))];
    assert_eq!(prefilter_state(abc_tainted(), bars(), &on_bar(sc(1, "node", DNS, bar()))), all_three);
    let honor = || on_bar(taints_policy(sc(1, "node", DNS, bar()), "Honor"));
    assert_eq!(prefilter_state(abc_tainted(), bars(), &honor()), honored);
    assert_eq!(prefilter_state(abc_tainted(), bars(), &tolerating_unschedulable(honor())), all_three);
    // two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore
    let abx = || vec![node("node-a", &[("zone", "zone1"), ("node", "node-a"), ("foo", "")]), zn("node-b", "zone1"), node("node-x", &[("zone", "zone2"), ("node", "node-x"), ("foo", "")])];
    let b2x1 = || foos(&[("b", 2), ("x", 1)]);
    let p = with_node_selector(incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo()), affinity_policy(sc(1, "node", DNS, foo()), "Ignore")]), &[("foo", "")]);
    assert_eq!(prefilter_state(abx(), b2x1(), &p), want(&[&[("zone1", 0), ("zone2", 1)], &[("node-a", 0), ("node-b", 2), ("node-x", 1)]], &[0, 0]));
    // two node inclusion Constraints, zone: honor/honor, node: honor/ignore
    let abx_tainted =
        || vec![node("node-a", &[("zone", "zone1"), ("node", "node-a"), ("foo", "")]), tainted(zn("node-b", "zone1")), node("node-x", &[("zone", "zone2"), ("node", "node-x"), ("foo", "")])];
    let p = incoming(&[("foo", "")], vec![taints_policy(sc(1, "zone", DNS, foo()), "Honor"), sc(1, "node", DNS, foo())]);
    assert_eq!(prefilter_state(abx_tainted(), b2x1(), &p), want(&[&[("zone1", 0), ("zone2", 1)], &[("node-a", 0), ("node-b", 2), ("node-x", 1)]], &[0, 0]));
    // two node inclusion Constraints, zone: honor/ignore, node: honor/ignore
    let four = || {
        vec![
            zn("node-a", "zone1"),
            tainted(node("node-b", &[("zone", "zone1"), ("node", "node-b"), ("foo", "")])),
            node("node-x", &[("zone", "zone2"), ("node", "node-x"), ("foo", "")]),
            zn("node-y", "zone2"),
        ]
    };
    let p = with_node_selector(incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo()), sc(1, "node", DNS, foo())]), &[("foo", "")]);
    assert_eq!(prefilter_state(four(), foos(&[("a", 2), ("x", 1), ("y", 1)]), &p), want(&[&[("zone1", 0), ("zone2", 1)], &[("node-b", 0), ("node-x", 1)]], &[0, 0]));
    // two node inclusion Constraints, zone: ignore/ignore, node: honor/honor
    let mut nodes = four();
    nodes[3].metadata.labels.insert("foo".into(), "".into());
    let p = with_node_selector(incoming(&[("foo", "")], vec![affinity_policy(sc(1, "zone", DNS, foo()), "Ignore"), taints_policy(sc(1, "node", DNS, foo()), "Honor")]), &[("foo", "")]);
    assert_eq!(prefilter_state(nodes, foos(&[("a", 2), ("x", 2), ("y", 1)]), &p), want(&[&[("zone1", 2), ("zone2", 3)], &[("node-x", 2), ("node-y", 1)]], &[2, 1]));
    // matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty
    let existing = vec![
        ep("p-a1", "node-a", &[("foo", "")]),
        ep("p-a2", "node-a", &[("foo", ""), ("bar", "a")]),
        ep("p-b1", "node-b", &[("foo", "")]),
        ep("p-y1", "node-y", &[("foo", ""), ("bar", "a")]),
        ep("p-y2", "node-y", &[("bar", "")]),
    ];
    let p = incoming(&[("foo", ""), ("bar", "a")], vec![label_keys(sc(1, "zone", DNS, foo()), &["bar"])]);
    assert_eq!(prefilter_state(abxy(), existing, &p), want(&[&[("zone1", 1), ("zone2", 1)]], &[1]));
    // matchLabelKeys ANDed with LabelSelector when LabelSelector is empty
    let foo_a = || {
        vec![
            ep("p-a1", "node-a", &[("foo", "a")]),
            ep("p-a2", "node-a", &[("foo", "a")]),
            ep("p-b1", "node-b", &[("foo", "a")]),
            ep("p-y1", "node-y", &[("foo", "a")]),
            ep("p-y2", "node-y", &[("foo", "a")]),
        ]
    };
    let p = incoming(&[("foo", "a")], vec![label_keys(sc(1, "zone", DNS, Some(LabelSelector::default())), &["foo"])]);
    assert_eq!(prefilter_state(abxy(), foo_a(), &p), want(&[&[("zone1", 3), ("zone2", 2)]], &[2]));
    // key in matchLabelKeys is ignored when LabelSelector is nil
    let p = incoming(&[("foo", "")], vec![label_keys(sc(1, "zone", DNS, None), &["bar"])]);
    assert_eq!(prefilter_state(abxy(), foo_a(), &p), want(&[&[("zone1", 0), ("zone2", 0)]], &[0]));
    // key in matchLabelKeys is ignored when it isn't exist in pod.labels
    let p = incoming(&[("foo", "")], vec![label_keys(sc(1, "zone", DNS, foo()), &["bar"])]);
    assert_eq!(prefilter_state(abxy(), foo_a(), &p), want(&[&[("zone1", 3), ("zone2", 2)]], &[2]));
    // two spreadConstraints with the same topologyKey
    let existing = vec![
        ep("p-a1", "node-a", &[("foo", ""), ("bar", "")]),
        ep("p-b1", "node-b", &[("foo", "")]),
        ep("p-x1", "node-x", &[("bar", "")]),
        ep("p-y1", "node-y", &[("foo", ""), ("bar", "")]),
        ep("p-y2", "node-y", &[("bar", "")]),
    ];
    let p = incoming(&[("foo", ""), ("bar", "")], vec![sc(1, "zone", DNS, foo()), sc(1, "zone", DNS, bar())]);
    assert_eq!(prefilter_state(abxy(), existing, &p), want(&[&[("zone1", 2), ("zone2", 1)], &[("zone1", 1), ("zone2", 3)]], &[1, 1]));
    // skip if not specified
    assert_eq!(prefilter_state(vec![zn("node-a", "zone1")], vec![], &pod("p", &[("foo", "")])), None);
    // A constraint whose key no node has: no domains, the minimum unset.
    let p = incoming(&[("foo", "")], vec![sc(1, "rack", DNS, foo())]);
    assert_eq!(prefilter_state(abxy(), vec![], &p), want(&[&[]], &[max]));
}

/// PreFilter, then AddPod (`by` 1) or RemovePod (`by` -1) of `changed` on
/// `on`: the counts and minimums after.
fn updated(nodes: Vec<Node>, existing: Vec<Pod>, p: &Pod, changed: Pod, on: &str, by: i64) -> (Counts, Vec<i64>) {
    let (inodes, ip) = interned(&nodes, p, true);
    let plain = updated_of(nodes, existing.clone(), p, changed.clone(), on, by);
    assert_eq!(updated_of(inodes, existing, &ip, changed, on, by), plain, "interned keys disagree");
    plain
}

fn updated_of(nodes: Vec<Node>, existing: Vec<Pod>, p: &Pod, changed: Pod, on: &str, by: i64) -> (Counts, Vec<i64>) {
    let w = World::new(nodes, existing);
    let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.clone()))));
    let changed = PodInfo::new(Arc::new(Object::Pod(Box::new(changed))));
    let mut got = Vec::new();
    for cache in [&w.cache, &w.indexed] {
        let cx = Cx { pod: &info, cache, store: &w.store, profile: &w.profile };
        let mut state = CycleState::default();
        assert!(PodTopologySpread.pre_filter(&cx, &mut state).status.is_success());
        let node = cache.node(on).expect("node");
        if by > 0 {
            PodTopologySpread.add_pod(&cx, &mut state, &changed, node);
        } else {
            PodTopologySpread.remove_pod(&cx, &mut state, &changed, node);
        }
        let s = state.topology_spread.expect("state");
        got.push((s.counts, s.min));
    }
    assert_eq!(got[0], got[1], "per-domain counts disagree with the node walk");
    let (c, m) = got.remove(0);
    (c.into_iter().map(leak).collect(), m)
}

// filtering_test.go's TestPreFilterStateAddPod
#[test]
fn pre_filter_state_add_pod() {
    let on_node = || incoming(&[("foo", "")], vec![sc(1, "node", DNS, foo())]);
    let zone_node = || incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo()), sc(1, "node", DNS, foo())]);
    let ab = || vec![zn("node-a", "zone1"), zn("node-b", "zone1")];
    let ax = || vec![zn("node-a", "zone1"), zn("node-x", "zone2")];
    let abx = || vec![zn("node-a", "zone1"), zn("node-b", "zone1"), zn("node-x", "zone2")];
    let a1 = || ep("p-a1", "node-a", &[("foo", "")]);
    let want = |c: &[&[(&'static str, i64)]], m: &[i64]| (counts(c), m.to_vec());
    // node a and b both impact current min match
    assert_eq!(updated(ab(), vec![], &on_node(), a1(), "node-a", 1), want(&[&[("node-a", 1), ("node-b", 0)]], &[0]));
    // only node a impacts current min match
    assert_eq!(updated(ab(), foos(&[("b", 1)]), &on_node(), a1(), "node-a", 1), want(&[&[("node-a", 1), ("node-b", 1)]], &[1]));
    // add a pod in a different namespace doesn't change topologyKeyToMinPodsMap
    let other_ns = assigned(pod_in("ns1", "p-a1", &[("foo", "")]), "node-a");
    assert_eq!(updated(ab(), foos(&[("b", 1)]), &on_node(), other_ns, "node-a", 1), want(&[&[("node-a", 0), ("node-b", 1)]], &[0]));
    // add pod on non-critical node won't trigger re-calculation
    let b2 = ep("p-b2", "node-b", &[("foo", "")]);
    assert_eq!(updated(ab(), foos(&[("b", 1)]), &on_node(), b2, "node-b", 1), want(&[&[("node-a", 0), ("node-b", 2)]], &[0]));
    // node a and x both impact topologyKeyToMinPodsMap on zone and node
    assert_eq!(updated(ax(), vec![], &zone_node(), a1(), "node-a", 1), want(&[&[("zone1", 1), ("zone2", 0)], &[("node-a", 1), ("node-x", 0)]], &[0, 0]));
    // only node a impacts topologyKeyToMinPodsMap on zone and node
    assert_eq!(updated(ax(), foos(&[("x", 1)]), &zone_node(), a1(), "node-a", 1), want(&[&[("zone1", 1), ("zone2", 1)], &[("node-a", 1), ("node-x", 1)]], &[1, 1]));
    // node a impacts topologyKeyToMinPodsMap on node, node x impacts topologyKeyToMinPodsMap on zone
    assert_eq!(updated(abx(), foos(&[("b", 2), ("x", 1)]), &zone_node(), a1(), "node-a", 1), want(&[&[("zone1", 3), ("zone2", 1)], &[("node-a", 1), ("node-b", 2), ("node-x", 1)]], &[1, 1]));
    // Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on zone
    let foo_bar = || incoming(&[("foo", ""), ("bar", "")], vec![sc(1, "zone", DNS, foo()), sc(1, "node", DNS, bar())]);
    let existing = vec![ep("p-b1", "node-b", &[("foo", ""), ("bar", "")]), ep("p-x1", "node-x", &[("foo", ""), ("bar", "")]), ep("p-x2", "node-x", &[("bar", "")])];
    assert_eq!(updated(abx(), existing, &foo_bar(), a1(), "node-a", 1), want(&[&[("zone1", 2), ("zone2", 1)], &[("node-a", 0), ("node-b", 1), ("node-x", 2)]], &[1, 0]));
    // Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on both zone and node
    let existing = vec![ep("p-b1", "node-b", &[("bar", "")]), ep("p-x1", "node-x", &[("foo", ""), ("bar", "")]), ep("p-x2", "node-x", &[("bar", "")])];
    let a1_both = ep("p-a1", "node-a", &[("foo", ""), ("bar", "")]);
    assert_eq!(updated(abx(), existing, &foo_bar(), a1_both, "node-a", 1), want(&[&[("zone1", 1), ("zone2", 1)], &[("node-a", 1), ("node-b", 1), ("node-x", 2)]], &[1, 1]));
    // add a pod when scheduling node affinity unmatched pod
    let ab_foo = || vec![node("node-a", &[("zone", "zone1"), ("node", "node-a"), ("foo", "bar")]), node("node-b", &[("zone", "zone2"), ("node", "node-b"), ("foo", "")])];
    let zoned = |n: &str, node: &str, z: &str| ep(n, node, &[("foo", ""), ("zone", z)]);
    let on_zone = || incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo())]);
    let p = with_node_affinity(on_zone(), "foo", "NotIn", &["bar"]);
    let existing = vec![zoned("p-a2", "node-a", "zone1"), zoned("p-b1", "node-b", "zone2")];
    assert_eq!(updated(ab_foo(), existing, &p, zoned("p-a1", "node-a", "zone1"), "node-a", 1), want(&[&[("zone2", 1)]], &[1]));
    // add a pod when scheduling node affinity matched pod
    let existing = || vec![zoned("p-a1", "node-a", "zone1"), zoned("p-b2", "node-b", "zone2")];
    assert_eq!(updated(ab_foo(), existing(), &on_zone(), zoned("p-b1", "node-b", "zone2"), "node-b", 1), want(&[&[("zone1", 1), ("zone2", 2)]], &[1]));
    // add a label selector not matched pod
    let plain = ep("p-b1", "node-b", &[("zone", "zone2")]);
    assert_eq!(updated(ab_foo(), existing(), &on_zone(), plain, "node-b", 1), want(&[&[("zone1", 1), ("zone2", 1)]], &[1]));
    // add a pod when scheduling taint untolerated / tolerated pod
    let ab_tainted = || vec![tainted(zn("node-a", "zone1")), zn("node-b", "zone2")];
    assert_eq!(updated(ab_tainted(), existing(), &on_zone(), zoned("p-b1", "node-b", "zone2"), "node-b", 1), want(&[&[("zone1", 1), ("zone2", 2)]], &[1]));
    let p = tolerating_unschedulable(on_zone());
    assert_eq!(updated(ab_tainted(), existing(), &p, zoned("p-b1", "node-b", "zone2"), "node-b", 1), want(&[&[("zone1", 1), ("zone2", 2)]], &[1]));
}

// filtering_test.go's TestPreFilterStateRemovePod
#[test]
fn pre_filter_state_remove_pod() {
    let on_zone = || incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo())]);
    let abx = || vec![zn("node-a", "zone1"), zn("node-b", "zone1"), zn("node-x", "zone2")];
    let a1 = || ep("p-a1", "node-a", &[("foo", "")]);
    let want = |c: &[&[(&'static str, i64)]], m: &[i64]| (counts(c), m.to_vec());
    // one spreadConstraint on zone, topologyKeyToMinPodsMap unchanged
    assert_eq!(updated(abx(), foos(&[("a", 1), ("b", 1), ("x", 1)]), &on_zone(), a1(), "node-a", -1), want(&[&[("zone1", 1), ("zone2", 1)]], &[1]));
    // one spreadConstraint on node, topologyKeyToMinPodsMap changed
    assert_eq!(updated(abxy(), foos(&[("a", 1), ("b", 1), ("x", 1), ("y", 1)]), &on_zone(), a1(), "node-a", -1), want(&[&[("zone1", 1), ("zone2", 2)]], &[1]));
    // delete an irrelevant pod won't help; delete a non-existing pod won't help
    for present in [true, false] {
        let mut existing = foos(&[("a", 1), ("b", 1), ("x", 1), ("y", 1)]);
        let a0 = ep("p-a0", "node-a", &[("bar", "")]);
        if present {
            existing.push(a0.clone());
        }
        assert_eq!(updated(abxy(), existing, &on_zone(), a0, "node-a", -1), want(&[&[("zone1", 2), ("zone2", 2)]], &[2]));
    }
    // two spreadConstraints
    let p = incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo()), sc(1, "node", DNS, foo())]);
    let existing = foos(&[("a", 2), ("b", 1), ("x", 2)]);
    let x1 = existing[3].clone();
    assert_eq!(updated(abx(), existing, &p, x1, "node-x", -1), want(&[&[("zone1", 3), ("zone2", 1)], &[("node-a", 2), ("node-b", 1), ("node-x", 1)]], &[1, 1]));
    // remove a pod when scheduling node affinity unmatched / matched pod
    let ab_foo = || vec![node("node-a", &[("zone", "zone1"), ("node", "node-a"), ("foo", "bar")]), node("node-b", &[("zone", "zone2"), ("node", "node-b"), ("foo", "")])];
    let zoned = |n: &str, node: &str, z: &str| ep(n, node, &[("foo", ""), ("zone", z)]);
    let p = with_node_affinity(on_zone(), "foo", "NotIn", &["bar"]);
    let existing = vec![zoned("p-a2", "node-a", "zone1"), zoned("p-b1", "node-b", "zone2")];
    assert_eq!(updated(ab_foo(), existing, &p, zoned("p-a1", "node-a", "zone1"), "node-a", -1), want(&[&[("zone2", 1)]], &[1]));
    let existing = vec![zoned("p-a1", "node-a", "zone1"), zoned("p-b2", "node-b", "zone2")];
    assert_eq!(updated(ab_foo(), existing, &on_zone(), zoned("p-b1", "node-b", "zone2"), "node-b", -1), want(&[&[("zone1", 1), ("zone2", 0)]], &[0]));
}

// filtering_test.go's TestSingleConstraint
#[test]
fn single_constraint() {
    let on = |key: &str, skew: i32, sel: Option<LabelSelector>| incoming(&[("foo", "")], vec![sc(skew, key, DNS, sel)]);
    // no existing pods; incoming pod doesn't match itself
    assert_eq!(filter_codes(abxy(), vec![], &on("zone", 1, foo())), [OK, OK, OK, OK]);
    assert_eq!(filter_codes(abxy(), vec![], &on("zone", 1, bar())), [OK, OK, OK, OK]);
    // existing pods in a different namespace do not count
    let mut existing = vec![assigned(pod_in("ns1", "p-a1", &[("foo", "")]), "node-a"), assigned(pod_in("ns2", "p-b1", &[("foo", "")]), "node-a")];
    existing.extend(foos(&[("x", 1), ("y", 1)]));
    assert_eq!(filter_codes(abxy(), existing, &on("zone", 1, foo())), [OK, OK, U, U]);
    // existing pods do not match null selector
    assert_eq!(filter_codes(abxy(), foos(&[("x", 1), ("y", 1)]), &on("zone", 1, None)), [OK, OK, OK, OK]);
    // pods spread across zones as 3/3, all nodes fit
    let a2b1y3 = || foos(&[("a", 2), ("b", 1), ("y", 3)]);
    assert_eq!(filter_codes(abxy(), a2b1y3(), &on("zone", 1, foo())), [OK, OK, OK, OK]);
    // pods spread across zones as 1/2 due to absence of label 'zone' on node-b
    let mut nodes = abxy();
    nodes[1] = node("node-b", &[("zon", "zone1"), ("node", "node-b")]);
    assert_eq!(filter_codes(nodes, foos(&[("a", 1), ("b", 1), ("x", 1), ("y", 1)]), &on("zone", 1, foo())), [OK, UU, U, U]);
    // pod cannot be scheduled as all nodes don't have label 'rack'
    assert_eq!(filter_codes(vec![zn("node-a", "zone1"), zn("node-x", "zone2")], vec![], &on("rack", 1, foo())), [UU, UU]);
    // pods spread across nodes as 2/1/0/3: only node-x fits; maxSkew 2: node-b and node-x
    assert_eq!(filter_codes(abxy(), a2b1y3(), &on("node", 1, foo())), [U, U, OK, U]);
    assert_eq!(filter_codes(abxy(), a2b1y3(), &on("node", 2, foo())), [U, OK, OK, U]);
    // pods spread across nodes as 2/1/0/3, but pod doesn't match itself
    let p = incoming(&[("bar", "")], vec![sc(1, "node", DNS, foo())]);
    assert_eq!(filter_codes(abxy(), a2b1y3(), &p), [U, OK, OK, U]);
    // incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits
    let p = with_node_affinity(on("node", 1, foo()), "node", "In", &["node-a", "node-y"]);
    assert_eq!(filter_codes(abxy(), a2b1y3(), &p), [OK, OK, OK, U]);
    // terminating Pods should be excluded
    let mut existing = vec![ep("p-a", "node-a", &[("foo", "")]), ep("p-b", "node-b", &[("foo", "")])];
    existing[0].metadata.deletion_timestamp = Some(kubeplay_model::Time::from_millis(1));
    assert_eq!(filter_codes(vec![nn("node-a", &[]), nn("node-b", &[])], existing, &on("node", 1, foo())), [OK, U]);
    // incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits
    let p = with_node_affinity(on("zone", 1, foo()), "node", "NotIn", &["node-b"]);
    assert_eq!(filter_codes(abxy(), foos(&[("b", 2), ("y", 1)]), &p), [OK, OK, U, U]);
    // minDomains: 2/2/1 across nodes (3 domains), then 2/1 across zones.
    let abc = || vec![nn("node-a", &[]), nn("node-b", &[]), nn("node-c", &[])];
    let a2b2c1 = || foos(&[("a", 2), ("b", 2), ("c", 1)]);
    let with_min = |key: &str, m: i32| incoming(&[("foo", "")], vec![min_domains(sc(2, key, DNS, foo()), m)]);
    assert_eq!(filter_codes(abc(), a2b2c1(), &with_min("node", 4)), [U, U, OK]);
    assert_eq!(filter_codes(abc(), a2b2c1(), &with_min("node", 2)), [OK, OK, OK]);
    let zone_pods = || vec![ep("p-b1", "node-a", &[("foo", "")]), ep("p-b2", "node-b", &[("foo", "")]), ep("p-y1", "node-y", &[("foo", "")])];
    assert_eq!(filter_codes(abxy(), zone_pods(), &with_min("zone", 3)), [U, U, OK, OK]);
    assert_eq!(filter_codes(abxy(), zone_pods(), &with_min("zone", 1)), [OK, OK, OK, OK]);
    // NodeAffinityPolicy honored / ignored with a nodeSelector and with a
    // required node affinity; NodeTaintsPolicy honored / ignored.
    let foo3 = || vec![nn("node-a", &[("foo", "")]), nn("node-b", &[("foo", "")]), nn("node-x", &[("foo", "")]), nn("node-y", &[])];
    let a1b1y1 = || vec![ep("p-b1", "node-a", &[("foo", "")]), ep("p-b2", "node-b", &[("foo", "")]), ep("p-y1", "node-y", &[("foo", "")])];
    let sel = |c| with_node_selector(incoming(&[("foo", "")], vec![c]), &[("foo", "")]);
    assert_eq!(filter_codes(foo3(), a1b1y1(), &sel(sc(1, "node", DNS, foo()))), [U, U, OK, OK]);
    assert_eq!(filter_codes(foo3(), a1b1y1(), &sel(affinity_policy(sc(1, "node", DNS, foo()), "Ignore"))), [U, U, OK, U]);
    let aff = |c| with_node_affinity(incoming(&[("foo", "")], vec![c]), "foo", "In", &[""]);
    assert_eq!(filter_codes(foo3(), a1b1y1(), &aff(sc(1, "node", DNS, foo()))), [U, U, OK, OK]);
    assert_eq!(filter_codes(foo3(), a1b1y1(), &aff(affinity_policy(sc(1, "node", DNS, foo()), "Ignore"))), [U, U, OK, U]);
    let mut y_tainted = foo3();
    y_tainted[3] = tainted(nn("node-y", &[]));
    assert_eq!(filter_codes(y_tainted.clone(), a1b1y1(), &incoming(&[("foo", "")], vec![taints_policy(sc(1, "node", DNS, foo()), "Honor")])), [U, U, OK, OK]);
    assert_eq!(filter_codes(y_tainted, a1b1y1(), &incoming(&[("foo", "")], vec![sc(1, "node", DNS, foo())])), [U, U, OK, U]);
}

// filtering_test.go's TestMultipleConstraints
#[test]
fn multiple_constraints() {
    let zone_node = || incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo()), sc(1, "node", DNS, foo())]);
    let foo_bar = |l: &[(&str, &str)]| incoming(l, vec![sc(1, "zone", DNS, foo()), sc(1, "node", DNS, bar())]);
    // two Constraints on zone and node, spreads = [3/3, 2/1/0/3] and [3/4, 2/1/0/4]
    assert_eq!(filter_codes(abxy(), foos(&[("a", 2), ("b", 1), ("y", 3)]), &zone_node()), [U, U, OK, U]);
    assert_eq!(filter_codes(abxy(), foos(&[("a", 2), ("b", 1), ("y", 4)]), &zone_node()), [U, U, U, U]);
    // Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]
    let existing = vec![ep("p-a1", "node-a", &[("foo", "")]), ep("p-y1", "node-y", &[("bar", "")])];
    assert_eq!(filter_codes(abxy(), existing, &foo_bar(&[("foo", ""), ("bar", "")])), [U, U, OK, U]);
    // Constraints hold different labelSelectors, spreads = [1/0, 0/0/1/1]
    let a_foo_xy_bar = || vec![ep("p-a1", "node-a", &[("foo", "")]), ep("p-x1", "node-x", &[("bar", "")]), ep("p-y1", "node-y", &[("bar", "")])];
    assert_eq!(filter_codes(abxy(), a_foo_xy_bar(), &foo_bar(&[("foo", ""), ("bar", "")])), [U, U, U, U]);
    // Constraints hold different labelSelectors, spreads = [2/3, 1/0/0/1]
    let existing = vec![
        ep("p-a1", "node-a", &[("foo", "")]),
        ep("p-a2", "node-a", &[("foo", ""), ("bar", "")]),
        ep("p-y1", "node-y", &[("foo", "")]),
        ep("p-y2", "node-y", &[("foo", ""), ("bar", "")]),
        ep("p-y3", "node-y", &[("foo", "")]),
    ];
    assert_eq!(filter_codes(abxy(), existing, &foo_bar(&[("foo", ""), ("bar", "")])), [U, OK, U, U]);
    // Constraints hold different labelSelectors but pod doesn't match itself on 'zone' constraint
    assert_eq!(filter_codes(abxy(), a_foo_xy_bar(), &foo_bar(&[("bar", "")])), [OK, OK, U, U]);
    // two Constraints on zone and node, absence of label 'node' on node-x, spreads = [1/1, 1/0/0/1]
    let mut nodes = abxy();
    nodes[2] = node("node-x", &[("zone", "zone2")]);
    assert_eq!(filter_codes(nodes, foos(&[("a", 1), ("y", 1)]), &zone_node()), [U, OK, UU, U]);
    // two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore
    let labelled = |n: &str, z: &str| node(n, &[("zone", z), ("node", n), ("foo", "")]);
    let nodes = vec![labelled("node-a", "zone1"), labelled("node-b", "zone1"), labelled("node-x", "zone2"), zn("node-y", "zone2")];
    let a1b1y1 = || foos(&[("a", 1), ("b", 1), ("y", 1)]);
    let p = with_node_selector(incoming(&[("foo", "")], vec![sc(1, "zone", DNS, foo()), affinity_policy(sc(1, "node", DNS, foo()), "Ignore")]), &[("foo", "")]);
    assert_eq!(filter_codes(nodes, a1b1y1(), &p), [U, U, OK, U]);
    // two node inclusion Constraints, zone: honor/honor, node: honor/ignore
    let nodes = vec![labelled("node-a", "zone1"), labelled("node-b", "zone1"), labelled("node-x", "zone2"), tainted(zn("node-y", "zone2"))];
    let p = incoming(&[("foo", "")], vec![taints_policy(sc(1, "zone", DNS, foo()), "Honor"), sc(1, "node", DNS, foo())]);
    assert_eq!(filter_codes(nodes, a1b1y1(), &p), [U, U, OK, U]);
    // two node inclusion Constraints, zone: honor/ignore, node: honor/ignore
    let nodes = || vec![labelled("node-a", "zone1"), zn("node-b", "zone1"), labelled("node-x", "zone2"), tainted(labelled("node-y", "zone2"))];
    let p = with_node_selector(zone_node(), &[("foo", "")]);
    assert_eq!(filter_codes(nodes(), a1b1y1(), &p), [U, OK, OK, U]);
    // two node inclusion Constraints, zone: honor/honor, node: ignore/ignore
    let p = with_node_selector(incoming(&[("foo", "")], vec![taints_policy(sc(1, "zone", DNS, foo()), "Honor"), affinity_policy(sc(1, "node", DNS, foo()), "Ignore")]), &[("foo", "")]);
    assert_eq!(filter_codes(nodes(), a1b1y1(), &p), [U, U, OK, U]);
    // two Constraints on zone, spreads = [3/3, 2/1] and [3/4, 2/1]
    let mut existing = vec![
        ep("p-a1", "node-a", &[("foo", ""), ("bar", "")]),
        ep("p-a2", "node-a", &[("foo", "")]),
        ep("p-b1", "node-b", &[("foo", ""), ("bar", "")]),
        ep("p-y1", "node-y", &[("foo", "")]),
        ep("p-y2", "node-y", &[("foo", ""), ("bar", "")]),
        ep("p-y3", "node-y", &[("foo", "")]),
    ];
    let p = incoming(&[("foo", ""), ("bar", "")], vec![sc(1, "zone", DNS, bar()), sc(1, "zone", DNS, foo())]);
    assert_eq!(filter_codes(abxy(), existing.clone(), &p), [U, U, OK, OK]);
    existing.push(ep("p-y4", "node-y", &[("foo", "")]));
    assert_eq!(filter_codes(abxy(), existing, &p), [U, U, U, U]);
}

/// A Namespace "default" and a ReplicaSet "rs1" selecting foo, which upstream's
/// system-defaulting rows register.
fn with_rs1(w: World) -> World {
    let ns = kubeplay_model::api::Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() };
    let rs = kubeplay_model::api::ReplicaSet {
        metadata: ObjectMeta { name: "rs1".into(), namespace: "default".into(), ..Default::default() },
        spec: kubeplay_model::api::ReplicaSetSpec {
            selector: foo(),
            // Only for validation: the template a selector must match.
            template: kubeplay_model::api::PodTemplateSpec { metadata: ObjectMeta { labels: labels(&[("foo", "")]).into(), ..Default::default() }, spec: template_spec() },
            ..Default::default()
        },
        ..Default::default()
    };
    w.with(Object::Namespace(Box::new(ns))).with(Object::ReplicaSet(Box::new(rs)))
}
fn template_spec() -> PodSpec {
    let mut spec = (*pod("t", &[]).spec).clone();
    spec.containers[0].image = Some("nginx".into());
    spec
}
fn owned_by(mut p: Pod, rs: &str) -> Pod {
    let owner = OwnerReference { api_version: "apps/v1".into(), kind: "ReplicaSet".into(), name: rs.into(), controller: Some(true), ..Default::default() };
    p.metadata.owner_references = vec![owner].into();
    p
}

/// PreScore on `nodes`: Skip (None), or the names of the nodes it ignores.
fn pre_score_ignored(w: &World, p: &Pod, nodes: &[&str]) -> Option<Vec<String>> {
    let info = PodInfo::new(Arc::new(Object::Pod(Box::new(p.clone()))));
    let cx = w.cx(&info);
    let views: Vec<NodeView> = nodes.iter().map(|n| NodeView::new(w.cache.node(n).expect("node").clone())).collect();
    let refs: Vec<&NodeView> = views.iter().collect();
    let mut state = CycleState::default();
    let s = PodTopologySpread.pre_score(&cx, &mut state, &refs);
    if s.code == Code::Skip {
        return None;
    }
    assert!(s.is_success(), "{s:?}");
    state.topology_spread_score.map(|s| s.ignored.into_iter().collect())
}

// scoring_test.go's TestPreScoreSkip and TestPreScoreStateEmptyNodes (the
// nodes PreScore ignores; its counts are checked through the scores below)
#[test]
fn pre_score_state() {
    let none: Option<Vec<String>> = Some(vec![]);
    // the pod doesn't have soft topology spread Constraints
    let w = World::new(vec![host("node-a"), host("node-b")], vec![]);
    assert_eq!(pre_score_ignored(&w, &pod("p", &[]), &["node-a", "node-b"]), None);
    // a replicaset that doesn't exist: the system defaults select nothing
    let w = with_rs1(World::new(vec![node("node-a", &[("planet", "mars")])], vec![]));
    assert_eq!(pre_score_ignored(&w, &owned_by(pod("p", &[("foo", "bar"), ("baz", "sup")]), "rs2"), &["node-a"]), None);
    // normal case; null selector
    let abx = || vec![zh("node-a", "zone1"), zh("node-b", "zone1"), zh("node-x", "zone2")];
    let w = World::new(abx(), vec![]);
    let p = incoming(&[("foo", "")], vec![sc(1, "zone", SA, foo()), sc(1, HOSTNAME, SA, foo())]);
    assert_eq!(pre_score_ignored(&w, &p, &["node-a", "node-b", "node-x"]), none);
    assert_eq!(pre_score_ignored(&w, &incoming(&[("foo", "")], vec![sc(1, "zone", SA, None)]), &["node-a", "node-b", "node-x"]), none);
    // node-x doesn't have label zone
    let w = World::new(vec![zh("node-a", "zone1"), zh("node-b", "zone1"), host("node-x")], vec![]);
    let p = incoming(&[("foo", "")], vec![sc(1, "zone", SA, foo()), sc(1, HOSTNAME, SA, bar())]);
    assert_eq!(pre_score_ignored(&w, &p, &["node-a", "node-b", "node-x"]), Some(vec!["node-x".to_string()]));
    // system default constraints and a replicaset: nodes with no zone are
    // not ignored (they form the "" zone)
    let nodes = vec![node("node-a", &[(HOSTNAME, "node-a"), (ZONE, "mars")]), node("node-b", &[(HOSTNAME, "node-b"), (ZONE, "mars")]), host("node-c"), host("node-d")];
    let w = with_rs1(World::new(nodes, vec![]));
    let p = owned_by(pod("p", &[("foo", "tar"), ("baz", "sup")]), "rs1");
    assert_eq!(pre_score_ignored(&w, &p, &["node-a", "node-b", "node-c", "node-d"]), none);
    // default constraints and a replicaset, but pod has constraints: only
    // its ScheduleAnyway one scores
    let w = with_rs1(World::new(vec![node("node-a", &[("planet", "mars"), ("galaxy", "andromeda")])], vec![]));
    let p = owned_by(incoming(&[("foo", "bar"), ("baz", "sup")], vec![sc(1, "zone", DNS, bar()), sc(2, "planet", SA, match_labels(&[("baz", "sup")]))]), "rs1");
    assert_eq!(pre_score_ignored(&w, &p, &["node-a"]), none);
    // node inclusion policies change the counts, not the nodes ignored
    let nodes = || vec![node("node-a", &[("zone", "zone1"), ("foo", ""), (HOSTNAME, "node-a")]), node("node-b", &[("zone", "zone1"), ("foo", ""), (HOSTNAME, "node-b")]), zh("node-x", "zone2")];
    let w = World::new(nodes(), vec![]);
    let all = ["node-a", "node-b", "node-x"];
    for c in [sc(1, "zone", SA, bar()), affinity_policy(sc(1, "zone", SA, bar()), "Ignore")] {
        assert_eq!(pre_score_ignored(&w, &with_node_selector(incoming(&[("foo", "")], vec![c.clone()]), &[("foo", "")]), &all), none);
        assert_eq!(pre_score_ignored(&w, &with_node_affinity(incoming(&[("foo", "")], vec![c]), "foo", "In", &[""]), &all), none);
    }
    let mut tainted_x = nodes();
    tainted_x[2] = tainted(zh("node-x", "zone2"));
    let w = World::new(tainted_x, vec![]);
    for c in [taints_policy(sc(1, "zone", SA, bar()), "Honor"), sc(1, "zone", SA, bar())] {
        assert_eq!(pre_score_ignored(&w, &incoming(&[("foo", "")], vec![c]), &all), none);
    }
}

/// PreScore, Score and NormalizeScore over the candidate nodes of a
/// cluster of `nodes` (candidates and failed ones).
fn scores(nodes: Vec<Node>, existing: Vec<Pod>, candidates: &[&str], p: &Pod) -> Vec<i64> {
    let (inodes, ip) = interned(&nodes, p, false);
    let plain = World::new(nodes, existing.clone()).scores(&PodTopologySpread, p, candidates).expect("PreScore skipped");
    assert_eq!(World::new(inodes, existing).scores(&PodTopologySpread, &ip, candidates), Some(plain.clone()), "interned zone key disagrees");
    plain
}

// scoring_test.go's TestPodTopologySpreadScore
#[test]
fn pod_topology_spread_score() {
    let on_host = |skew: i32| incoming(&[("foo", "")], vec![sc(skew, HOSTNAME, SA, foo())]);
    let hosts = |names: &[&str]| names.iter().map(|n| host(&format!("node-{n}"))).collect::<Vec<_>>();
    let abcd = ["node-a", "node-b", "node-c", "node-d"];
    // one constraint on node, no existing pods
    assert_eq!(scores(hosts(&["a", "b"]), vec![], &["node-a", "node-b"], &on_host(1)), [100, 100]);
    // one constraint on node, only one node is candidate
    assert_eq!(scores(hosts(&["a", "b"]), foos(&[("a", 2), ("b", 1)]), &["node-a"], &on_host(1)), [100]);
    // one constraint on node, all nodes have the same number of matching pods
    assert_eq!(scores(hosts(&["a", "b"]), foos(&[("a", 1), ("b", 1)]), &["node-a", "node-b"], &on_host(1)), [100, 100]);
    // one constraint on node, all 4 nodes are candidates (2/1/0/3), maxSkew 1 and 2; null selector
    let a2b1d3 = || foos(&[("a", 2), ("b", 1), ("d", 3)]);
    assert_eq!(scores(hosts(&["a", "b", "c", "d"]), a2b1d3(), &abcd, &on_host(1)), [20, 60, 100, 0]);
    assert_eq!(scores(hosts(&["a", "b", "c", "d"]), a2b1d3(), &abcd, &incoming(&[("foo", "")], vec![sc(1, HOSTNAME, SA, None)])), [100, 100, 100, 100]);
    assert_eq!(scores(hosts(&["a", "b", "c", "d"]), a2b1d3(), &abcd, &on_host(2)), [33, 66, 100, 16]);
    // one constraint on node, all 4 nodes are candidates, maxSkew=3 (4/3/2/1)
    assert_eq!(scores(hosts(&["a", "b", "c", "d"]), foos(&[("a", 4), ("b", 3), ("c", 2), ("d", 1)]), &abcd, &on_host(3)), [44, 66, 77, 100]);
    // (system defaulting, nodes don't have zone, pods match service: in
    // pod_topology_spread.rs's tests.)
    // one constraint on node, 3 out of 4 nodes are candidates (4/2/1/~3~)
    let a4b2x1y3 = || foos(&[("a", 4), ("b", 2), ("x", 1), ("y", 3)]);
    let abx = ["node-a", "node-b", "node-x"];
    assert_eq!(scores(hosts(&["a", "b", "x", "y"]), a4b2x1y3(), &abx, &on_host(1)), [33, 83, 100]);
    // ... one node doesn't match topology key (4/?2?/1/~3~)
    let nodes = vec![host("node-a"), node("node-b", &[("n", "node-b")]), host("node-x"), host("node-y")];
    assert_eq!(scores(nodes, a4b2x1y3(), &abx, &on_host(1)), [16, 0, 100]);
    // one constraint on zone, 3 out of 4 nodes are candidates
    let zoned = || vec![zh("node-a", "zone1"), zh("node-b", "zone1"), zh("node-x", "zone2"), zh("node-y", "zone2")];
    assert_eq!(scores(zoned(), a4b2x1y3(), &abx, &incoming(&[("foo", "")], vec![sc(1, "zone", SA, foo())])), [75, 75, 100]);
    // two Constraints on zone and node, 2 out of 4 nodes are candidates (2/~1~/2/~4~)
    let p = incoming(&[("foo", "")], vec![sc(1, "zone", SA, foo()), sc(1, HOSTNAME, SA, foo())]);
    assert_eq!(scores(zoned(), foos(&[("a", 2), ("b", 1), ("x", 2), ("y", 4)]), &["node-a", "node-x"], &p), [100, 63]);
    // two Constraints on zone, 2 out of 4 nodes are candidates
    let nodes = vec![node("node-a", &[("zone", "zone1")]), node("node-b", &[("zone", "zone1")]), node("node-x", &[("zone", "zone2")]), node("node-y", &[("zone", "zone2")])];
    let existing = vec![
        ep("p-a1", "node-a", &[("foo", ""), ("bar", "")]),
        ep("p-a2", "node-a", &[("foo", "")]),
        ep("p-b1", "node-b", &[("foo", ""), ("bar", "")]),
        ep("p-y1", "node-y", &[("foo", "")]),
        ep("p-y2", "node-y", &[("foo", ""), ("bar", "")]),
        ep("p-y3", "node-y", &[("foo", "")]),
    ];
    let p = incoming(&[("foo", ""), ("bar", "")], vec![sc(1, "zone", SA, foo()), sc(1, "zone", SA, bar())]);
    assert_eq!(scores(nodes, existing, &["node-a", "node-x"], &p), [85, 100]);
    // two Constraints on zone and node, with different labelSelectors
    let zone_foo_host_bar = || incoming(&[("foo", ""), ("bar", "")], vec![sc(1, "zone", SA, foo()), sc(1, HOSTNAME, SA, bar())]);
    let mixed = || vec![ep("p-a1", "node-a", &[("foo", "")]), ep("p-b1", "node-b", &[("foo", ""), ("bar", "")]), ep("p-y1", "node-y", &[("foo", "")]), ep("p-y2", "node-y", &[("bar", "")])];
    let abxy_names = ["node-a", "node-b", "node-x", "node-y"];
    assert_eq!(scores(zoned(), mixed(), &abxy_names, &zone_foo_host_bar()), [60, 20, 100, 60]);
    // ... some nodes have 0 pods
    let existing = vec![ep("p-b1", "node-b", &[("bar", "")]), ep("p-x1", "node-x", &[("foo", "")]), ep("p-y1", "node-y", &[("foo", ""), ("bar", "")])];
    assert_eq!(scores(zoned(), existing, &abxy_names, &zone_foo_host_bar()), [100, 60, 40, 0]);
    // ... 3 out of 4 nodes are candidates
    assert_eq!(scores(zoned(), mixed(), &abx, &zone_foo_host_bar()), [50, 25, 100]);
    // existing pods in a different namespace do not count
    let mut existing = vec![assigned(pod_in("ns1", "p-a1", &[("foo", "")]), "node-a")];
    existing.extend(foos(&[("a", 1), ("b", 2)]));
    assert_eq!(scores(hosts(&["a", "b"]), existing, &["node-a", "node-b"], &on_host(1)), [100, 33]);
    // terminating Pods should be excluded
    let mut existing = foos(&[("a", 1), ("b", 1)]);
    existing[0].metadata.deletion_timestamp = Some(kubeplay_model::Time::from_millis(1));
    assert_eq!(scores(hosts(&["a", "b"]), existing, &["node-a", "node-b"], &on_host(1)), [100, 0]);
    // minDomains has no effect when ScheduleAnyway
    let abc = || vec![nn("node-a", &[]), nn("node-b", &[]), nn("node-c", &[])];
    let p = incoming(&[("foo", "")], vec![min_domains(sc(2, "node", SA, foo()), 10)]);
    assert_eq!(scores(abc(), foos(&[("a", 2), ("b", 2), ("c", 1)]), &["node-a", "node-b", "node-c"], &p), [75, 75, 100]);
    // NodeAffinityPolicy honored / ignored with a nodeSelector and with a
    // required node affinity
    let ab_foo = || vec![nn("node-a", &[("foo", "")]), nn("node-b", &[("foo", "")]), nn("node-c", &[])];
    let a2b1c1 = || foos(&[("a", 2), ("b", 1), ("c", 1)]);
    let abc_names = ["node-a", "node-b", "node-c"];
    let on_node = || sc(1, "node", SA, foo());
    let sel = |c| with_node_selector(incoming(&[("foo", "")], vec![c]), &[("foo", "")]);
    let aff = |c| with_node_affinity(incoming(&[("foo", "")], vec![c]), "foo", "In", &[""]);
    assert_eq!(scores(ab_foo(), a2b1c1(), &abc_names, &sel(on_node())), [0, 33, 100]);
    assert_eq!(scores(ab_foo(), a2b1c1(), &abc_names, &sel(affinity_policy(on_node(), "Ignore"))), [66, 100, 100]);
    assert_eq!(scores(ab_foo(), a2b1c1(), &abc_names, &aff(on_node())), [0, 33, 100]);
    assert_eq!(scores(ab_foo(), a2b1c1(), &abc_names, &aff(affinity_policy(on_node(), "Ignore"))), [66, 100, 100]);
    // NodeTaintsPolicy honored / ignored
    let c_tainted = || vec![nn("node-a", &[]), nn("node-b", &[]), tainted(nn("node-c", &[]))];
    assert_eq!(scores(c_tainted(), a2b1c1(), &abc_names, &incoming(&[("foo", "")], vec![taints_policy(on_node(), "Honor")])), [0, 33, 100]);
    assert_eq!(scores(c_tainted(), a2b1c1(), &abc_names, &incoming(&[("foo", "")], vec![on_node()])), [66, 100, 100]);
    // matchLabelKeys ANDed with LabelSelector when LabelSelector is empty
    let zoned_cd = || vec![zh("node-a", "zone1"), zh("node-b", "zone1"), zh("node-c", "zone2"), zh("node-d", "zone2")];
    let existing = vec![ep("p-a1", "node-a", &[("foo", "")]), ep("p-b1", "node-b", &[("foo", ""), ("bar", "")]), ep("p-y1", "node-c", &[("foo", "")]), ep("p-y2", "node-c", &[("bar", "")])];
    let empty = || Some(LabelSelector::default());
    let p = incoming(&[("foo", ""), ("bar", "")], vec![label_keys(sc(1, "zone", SA, empty()), &["foo"]), label_keys(sc(1, HOSTNAME, SA, empty()), &["bar"])]);
    assert_eq!(scores(zoned_cd(), existing, &abcd, &p), [60, 20, 60, 100]);
    // matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty
    let existing = vec![
        ep("p-a1", "node-a", &[("foo", "")]),
        ep("p-b1", "node-b", &[("foo", ""), ("bar", ""), ("baz", "")]),
        ep("p-c1", "node-c", &[("foo", "")]),
        ep("p-c2", "node-c", &[("bar", "")]),
        ep("p-d3", "node-c", &[("bar", ""), ("baz", "")]),
    ];
    let p = incoming(&[("foo", ""), ("bar", ""), ("baz", "")], vec![sc(1, "zone", SA, foo()), label_keys(sc(1, HOSTNAME, SA, bar()), &["baz"])]);
    assert_eq!(scores(zoned_cd(), existing, &abcd, &p), [60, 20, 60, 100]);
}
