//! Scheduler scenarios on the default cluster (a tainted control plane and
//! three 4-cpu workers in zones a, b, c): the messages real clusters print
//! for Pending pods, and where pods land under selectors, taints,
//! anti-affinity, spread constraints and preemption.

use kubeplay_engine::scheduler::explain;
use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity};
use std::collections::BTreeMap;

const CP_TAINT: &str = "1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }";

fn labels(l: &[(&str, &str)]) -> BTreeMap<String, String> {
    l.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn pod(name: &str, l: &[(&str, &str)]) -> Pod {
    Pod {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), labels: labels(l).into(), ..Default::default() },
        spec: PodSpec { containers: vec![Container { name: "app".into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() }.into(),
        ..Default::default()
    }
}

fn with_cpu(mut p: Pod, cpu: &str) -> Pod {
    p.spec_mut().containers[0].resources.requests.insert("cpu".into(), Quantity::parse(cpu).unwrap());
    p
}

fn create(e: &mut Engine, obj: Object) {
    let key = obj.key();
    e.user("create", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
}

fn get_pod(e: &Engine, name: &str) -> Pod {
    e.store().get_by(Kind::Pod, "default", name).and_then(|o| o.as_pod().cloned()).unwrap()
}

fn events(e: &Engine, name: &str, reason: &str) -> Vec<String> {
    e.store()
        .list(Kind::Event, None)
        .filter_map(|o| o.as_event())
        .filter(|ev| ev.involved_object.name.as_deref() == Some(name) && ev.reason.as_deref() == Some(reason))
        .filter_map(|ev| ev.message.clone())
        .collect()
}

fn scheduled_condition(p: &Pod) -> Option<&kubeplay_model::Condition> {
    p.status.conditions.iter().find(|c| c.type_ == "PodScheduled")
}

#[test]
fn node_selector_on_a_missing_label_stays_pending_until_a_node_is_labelled() {
    let mut e = Engine::with_default_cluster(1);
    let mut p = pod("picky", &[]);
    p.spec_mut().node_selector = labels(&[("disktype", "ssd")]);
    create(&mut e, Object::Pod(Box::new(p)));
    e.settle(DEFAULT_SETTLE_MS);
    let p = get_pod(&e, "picky");
    assert_eq!(p.node_name(), None);
    let want = format!(
        "0/4 nodes are available: {CP_TAINT}, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling."
    );
    let cond = scheduled_condition(&p).unwrap();
    assert_eq!((cond.status.as_str(), cond.reason.as_deref(), cond.message.as_deref()), ("False", Some("Unschedulable"), Some(want.as_str())));
    assert_eq!(p.phase(), "Pending");
    assert!(events(&e, "picky", "FailedScheduling").contains(&want));

    // `kubectl label node kubeplay-worker2 disktype=ssd`
    let mut n = e.store().get_by(Kind::Node, "", "kubeplay-worker2").and_then(|o| o.as_node().cloned()).unwrap();
    n.metadata.labels.insert("disktype".into(), "ssd".into());
    e.user("label node", ObjectKey::new(Kind::Node, "", "kubeplay-worker2"), |ctx| ctx.update(Object::Node(Box::new(n))).map(|_| ())).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let p = get_pod(&e, "picky");
    assert_eq!(p.node_name(), Some("kubeplay-worker2"));
    assert_eq!(scheduled_condition(&p).map(|c| c.status.as_str()), Some("True"));
    assert_eq!(events(&e, "picky", "Scheduled"), ["Successfully assigned default/picky to kubeplay-worker2"]);
}

#[test]
fn no_schedule_taints_keep_new_pods_away() {
    let mut e = Engine::with_default_cluster(2);
    for name in ["kubeplay-worker", "kubeplay-worker2"] {
        let mut n = e.store().get_by(Kind::Node, "", name).and_then(|o| o.as_node().cloned()).unwrap();
        n.spec.taints.push(Taint { key: "dedicated".into(), value: Some("db".into()), effect: "NoSchedule".into(), time_added: None });
        e.user("taint node", ObjectKey::new(Kind::Node, "", name), |ctx| ctx.update(Object::Node(Box::new(n))).map(|_| ())).unwrap();
    }
    for i in 0..4 {
        create(&mut e, Object::Pod(Box::new(pod(&format!("web-{i}"), &[]))));
    }
    e.settle(DEFAULT_SETTLE_MS);
    for i in 0..4 {
        assert_eq!(get_pod(&e, &format!("web-{i}")).node_name(), Some("kubeplay-worker3"));
    }
    // A pod that tolerates the taint may go there.
    let mut tolerant = pod("db", &[]);
    tolerant.spec_mut().tolerations = vec![Toleration { key: Some("dedicated".into()), operator: Some("Equal".into()), value: Some("db".into()), effect: Some("NoSchedule".into()), toleration_seconds: None }].into();
    tolerant.spec_mut().node_selector = labels(&[("kubernetes.io/hostname", "kubeplay-worker")]);
    create(&mut e, Object::Pod(Box::new(tolerant)));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(get_pod(&e, "db").node_name(), Some("kubeplay-worker"));
}

fn anti_affinity_pod(name: &str) -> Pod {
    let mut p = pod(name, &[("app", "web")]);
    p.spec_mut().affinity = Some(Box::new(Affinity {
        pod_anti_affinity: Some(PodAffinity {
            required_during_scheduling_ignored_during_execution: vec![PodAffinityTerm {
                label_selector: Some(LabelSelector { match_labels: labels(&[("app", "web")]), match_expressions: vec![] }),
                topology_key: "kubernetes.io/hostname".into(),
                ..Default::default()
            }],
            ..Default::default()
        }),
        ..Default::default()
    }));
    p
}

#[test]
fn required_anti_affinity_on_hostname_leaves_the_fourth_replica_pending() {
    let mut e = Engine::with_default_cluster(3);
    for i in 0..4 {
        create(&mut e, Object::Pod(Box::new(anti_affinity_pod(&format!("web-{i}")))));
    }
    e.settle(DEFAULT_SETTLE_MS);
    let pods: Vec<Pod> = (0..4).map(|i| get_pod(&e, &format!("web-{i}"))).collect();
    let mut nodes: Vec<&str> = pods.iter().filter_map(|p| p.node_name()).collect();
    nodes.sort();
    assert_eq!(nodes, ["kubeplay-worker", "kubeplay-worker2", "kubeplay-worker3"]);
    let pending: Vec<&Pod> = pods.iter().filter(|p| p.node_name().is_none()).collect();
    assert_eq!(pending.len(), 1);
    let want = format!(
        "0/4 nodes are available: {CP_TAINT}, 3 node(s) didn't match pod anti-affinity rules. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod."
    );
    assert_eq!(scheduled_condition(pending[0]).and_then(|c| c.message.as_deref().map(str::to_string)), Some(want));
    // Deleting one replica frees its node for the pending one.
    let gone = pods.iter().find(|p| p.node_name().is_some()).unwrap().metadata.name.clone();
    e.user("delete", ObjectKey::new(Kind::Pod, "default", &gone), |ctx| ctx.delete(&ObjectKey::new(Kind::Pod, "default", &gone), Default::default()).map(|_| ())).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(get_pod(&e, &pending[0].metadata.name).node_name().is_some());
}

#[test]
fn zone_topology_spread_puts_two_replicas_in_each_zone() {
    let mut e = Engine::with_default_cluster(4);
    for i in 0..6 {
        let mut p = pod(&format!("spread-{i}"), &[("app", "spread")]);
        p.spec_mut().topology_spread_constraints = vec![TopologySpreadConstraint {
            max_skew: 1,
            topology_key: "topology.kubernetes.io/zone".into(),
            when_unsatisfiable: "DoNotSchedule".into(),
            label_selector: Some(LabelSelector { match_labels: labels(&[("app", "spread")]), match_expressions: vec![] }),
            ..Default::default()
        }];
        create(&mut e, Object::Pod(Box::new(p)));
        e.settle(DEFAULT_SETTLE_MS);
    }
    let mut per_zone: BTreeMap<String, usize> = BTreeMap::new();
    for i in 0..6 {
        let node = get_pod(&e, &format!("spread-{i}")).node_name().unwrap().to_string();
        let zone = e.store().get_by(Kind::Node, "", &node).unwrap().meta().labels["topology.kubernetes.io/zone"].clone();
        *per_zone.entry(zone).or_default() += 1;
    }
    assert_eq!(per_zone, BTreeMap::from([("zone-a".into(), 2), ("zone-b".into(), 2), ("zone-c".into(), 2)]));
}

#[test]
fn oversize_requests_are_pending_with_insufficient_cpu() {
    let mut e = Engine::with_default_cluster(5);
    create(&mut e, Object::Pod(Box::new(with_cpu(pod("huge", &[]), "10"))));
    e.settle(DEFAULT_SETTLE_MS);
    let p = get_pod(&e, "huge");
    assert_eq!(p.node_name(), None);
    let want = format!(
        "0/4 nodes are available: {CP_TAINT}, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod."
    );
    assert_eq!(scheduled_condition(&p).and_then(|c| c.message.as_deref().map(str::to_string)), Some(want.clone()));
    assert_eq!(events(&e, "huge", "FailedScheduling"), [want]);
    // Explain mode shows the same verdicts per node.
    let ex = explain(e.world(), &p);
    assert_eq!(ex.nodes.len(), 4);
    let cp = ex.nodes.iter().find(|n| n.node == "kubeplay-control-plane").unwrap();
    assert_eq!(cp.first_failure.as_ref().map(|f| f.plugin), Some("TaintToleration"));
    let w = ex.nodes.iter().find(|n| n.node == "kubeplay-worker").unwrap();
    let fit = w.filters.iter().find(|f| f.plugin == "NodeResourcesFit").unwrap();
    assert_eq!(fit.reasons, ["Insufficient cpu"]);
    assert!(ex.failure_message.as_deref().is_some_and(|m| m.starts_with("0/4 nodes are available: 1 node(s) had untolerated taint")));
}

#[test]
fn a_high_priority_pod_preempts_a_low_priority_one() {
    let mut e = Engine::with_default_cluster(6);
    create(
        &mut e,
        Object::PriorityClass(Box::new(PriorityClass { metadata: ObjectMeta { name: "high".into(), ..Default::default() }, value: 1000, ..Default::default() })),
    );
    for i in 0..3 {
        create(&mut e, Object::Pod(Box::new(with_cpu(pod(&format!("low-{i}"), &[]), "3"))));
    }
    e.settle(DEFAULT_SETTLE_MS);
    assert!((0..3).all(|i| get_pod(&e, &format!("low-{i}")).node_name().is_some()));

    let mut high = with_cpu(pod("high", &[]), "3");
    high.spec_mut().priority_class_name = Some("high".into());
    create(&mut e, Object::Pod(Box::new(high)));
    // One cycle: no node fits, so preemption picks a victim and nominates.
    while e.step().is_some() {
        if get_pod(&e, "high").status.nominated_node_name.is_some() {
            break;
        }
    }
    let h = get_pod(&e, "high");
    let nominated = h.status.nominated_node_name.clone().expect("nominated");
    assert_eq!(
        events(&e, "high", "FailedScheduling"),
        [format!("0/4 nodes are available: {CP_TAINT}, 3 Insufficient cpu.")]
    );
    let victim = (0..3).map(|i| get_pod(&e, &format!("low-{i}"))).find(|p| p.node_name() == Some(nominated.as_str())).unwrap();
    assert!(victim.metadata.deletion_timestamp.is_some());
    let dt = victim.status.conditions.iter().find(|c| c.type_ == "DisruptionTarget").unwrap();
    assert_eq!((dt.reason.as_deref(), dt.message.as_deref()), (Some("PreemptionByScheduler"), Some("default-scheduler: preempting to accommodate a higher priority pod")));
    assert_eq!(events(&e, &victim.metadata.name, "Preempted"), [format!("Preempted by pod {} on node {nominated}", h.metadata.uid)]);

    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(get_pod(&e, "high").node_name(), Some(nominated.as_str()));
    assert!(e.store().get_by(Kind::Pod, "default", &victim.metadata.name).is_none());
}

#[test]
fn preemption_policy_never_does_not_preempt() {
    let mut e = Engine::with_default_cluster(7);
    create(
        &mut e,
        Object::PriorityClass(Box::new(PriorityClass {
            metadata: ObjectMeta { name: "polite".into(), ..Default::default() },
            value: 1000,
            preemption_policy: Some("Never".into()),
            ..Default::default()
        })),
    );
    for i in 0..3 {
        create(&mut e, Object::Pod(Box::new(with_cpu(pod(&format!("low-{i}"), &[]), "3"))));
    }
    e.settle(DEFAULT_SETTLE_MS);
    let mut p = with_cpu(pod("polite", &[]), "3");
    p.spec_mut().priority_class_name = Some("polite".into());
    create(&mut e, Object::Pod(Box::new(p)));
    e.settle(DEFAULT_SETTLE_MS);
    let p = get_pod(&e, "polite");
    assert_eq!(p.node_name(), None);
    assert_eq!(
        scheduled_condition(&p).and_then(|c| c.message.clone()).as_deref(),
        Some(format!("0/4 nodes are available: {CP_TAINT}, 3 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.").as_str())
    );
}

#[test]
fn pods_for_an_unknown_scheduler_stay_pending_silently() {
    let mut e = Engine::with_default_cluster(8);
    let mut p = pod("custom", &[]);
    p.spec_mut().scheduler_name = Some("my-scheduler".into());
    create(&mut e, Object::Pod(Box::new(p)));
    e.settle(DEFAULT_SETTLE_MS);
    let p = get_pod(&e, "custom");
    assert_eq!(p.node_name(), None);
    assert!(p.status.conditions.is_empty());
    assert!(events(&e, "custom", "FailedScheduling").is_empty());
    assert!(!explain(e.world(), &p).served);
}

#[test]
fn a_pending_pod_retries_with_back_off_when_a_node_frees_up() {
    let mut e = Engine::with_default_cluster(9);
    for i in 0..3 {
        create(&mut e, Object::Pod(Box::new(with_cpu(pod(&format!("big-{i}"), &[]), "3"))));
    }
    create(&mut e, Object::Pod(Box::new(with_cpu(pod("waiting", &[]), "3"))));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(get_pod(&e, "waiting").node_name(), None);
    let key = ObjectKey::new(Kind::Pod, "default", "big-0");
    e.user("delete", key.clone(), |ctx| ctx.delete(&key, Default::default()).map(|_| ())).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(get_pod(&e, "waiting").node_name().is_some());
}


#[test]
fn explain_shows_each_score_plugin_and_the_preferred_node_wins() {
    let mut e = Engine::with_default_cluster(10);
    let mut p = pod("prefers-b", &[]);
    p.spec_mut().affinity = Some(Box::new(Affinity {
        node_affinity: Some(NodeAffinity {
            preferred_during_scheduling_ignored_during_execution: vec![PreferredSchedulingTerm {
                weight: 50,
                preference: NodeSelectorTerm {
                    match_expressions: vec![NodeSelectorRequirement { key: "topology.kubernetes.io/zone".into(), operator: "In".into(), values: vec!["zone-b".into()] }],
                    match_fields: vec![],
                },
            }],
            ..Default::default()
        }),
        ..Default::default()
    }));
    let pending = p.clone();
    create(&mut e, Object::Pod(Box::new(p)));
    let ex = explain(e.world(), &pending);
    assert!(ex.served);
    assert_eq!(ex.best, ["kubeplay-worker2"]);
    let w2 = ex.nodes.iter().find(|n| n.node == "kubeplay-worker2").unwrap();
    let na = w2.scores.iter().find(|s| s.plugin == "NodeAffinity").unwrap();
    assert_eq!((na.raw, na.normalized, na.weight, na.weighted), (50, 100, 2, 200));
    let w1 = ex.nodes.iter().find(|n| n.node == "kubeplay-worker").unwrap();
    assert_eq!(w1.scores.iter().find(|s| s.plugin == "NodeAffinity").map(|s| s.normalized), Some(0));
    // Filters that have nothing to check for this pod are shown as skipped.
    assert_eq!(w1.filters.iter().find(|f| f.plugin == "NodePorts").map(|f| f.code), Some(kubeplay_engine::scheduler::framework::Code::Skip));
    let cp = ex.nodes.iter().find(|n| n.node == "kubeplay-control-plane").unwrap();
    assert!(!cp.fits && cp.scores.is_empty() && cp.total.is_none());
    assert!(ex.render().contains("Best: kubeplay-worker2"));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(get_pod(&e, "prefers-b").node_name(), Some("kubeplay-worker2"));
}

/// The cache takes the cycle's facts about a pod when it sees the bind
/// (debug builds check them against the bound pod's own): once settled no
/// bind is left waiting, and the node's pod is the bound version, its
/// request counted.
#[test]
fn a_bound_pod_is_cached_as_bound_with_its_request() {
    let mut e = Engine::with_default_cluster(1);
    create(&mut e, Object::Pod(Box::new(with_cpu(pod("sized", &[]), "1500m"))));
    e.settle(DEFAULT_SETTLE_MS);
    let node = get_pod(&e, "sized").spec.node_name.clone().expect("bound");
    let st = &e.world().scheduler;
    assert!(st.binding.is_none());
    let info = st.cache.node(&node).expect("its node is cached");
    let cached = info.pods.values().find(|p| p.name() == "sized").expect("the pod is on its node");
    assert_eq!(cached.pod().spec.node_name.as_deref(), Some(node.as_str()));
    assert_eq!(cached.request.milli_cpu, 1500);
    assert!(info.requested.milli_cpu >= 1500);
}
