//! Scheduling workloads run through the whole engine (the scheduler binds,
//! the kubelets start the pods): a mixed cluster with taints, zones and
//! node affinity, and the expensive constraints (pod anti-affinity,
//! topology spreading). Every run asserts each pod was bound.

use super::{peak_mb, Clock, Row};
use kubeplay_engine::bootstrap::{make_node, NodeSpecInput};
use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity};
use std::collections::BTreeMap;

const ZONES: [&str; 3] = ["zone-a", "zone-b", "zone-c"];

/// Nodes of four sizes, half labelled `disktype=ssd`, every 20th tainted
/// `dedicated=batch:NoSchedule`, spread over three zones.
fn mixed_nodes(nodes: usize, seed: u64) -> Engine {
    let mut e = super::engine(seed);
    e.set_record_history(false);
    e.user("bench nodes", ObjectKey::new(Kind::Namespace, "", "default"), |ctx| {
        let ns = Namespace { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() };
        let _ = ctx.create(Object::Namespace(ns));
        let now = ctx.now();
        for i in 0..nodes {
            let mut input = NodeSpecInput::worker(&format!("node-{i:05}"), ZONES[i % 3]);
            let (cpu, mem) = [(8, "32Gi"), (16, "64Gi"), (32, "128Gi"), (64, "256Gi")][i % 4];
            input.cpu = Quantity::from_value(cpu);
            input.memory = Quantity::parse(mem).unwrap_or_default();
            if i % 2 == 0 {
                input.labels.insert("disktype".into(), "ssd".into());
            }
            if i % 20 == 7 {
                input.taints.push(Taint { key: "dedicated".into(), value: Some("batch".into()), effect: "NoSchedule".into(), time_added: None });
            }
            let _ = ctx.create(Object::Node(make_node(&input, i, now)));
        }
    });
    e.settle(DEFAULT_SETTLE_MS);
    e.reset_history();
    e
}

fn container(cpu_milli: i64, mem_mi: i64) -> Container {
    let mut c = Container { name: "app".into(), image: Some("nginx".into()), ..Default::default() };
    c.resources.requests.insert("cpu".into(), Quantity::from_milli(cpu_milli));
    c.resources.requests.insert("memory".into(), Quantity::parse(&format!("{mem_mi}Mi")).unwrap_or_default());
    c
}

/// Pod `i` of the mixed workload: requests vary, every 10th tolerates the
/// taint, every 5th requires an ssd node, every 7th prefers zone-b.
fn mixed_pod(i: usize) -> Pod {
    let mut spec = PodSpec { containers: vec![container(50 + (i as i64 % 8) * 50, 64 + (i as i64 % 4) * 64)], ..Default::default() };
    if i % 10 == 3 {
        spec.tolerations.push(Toleration {
            key: Some("dedicated".into()),
            operator: Some("Equal".into()),
            value: Some("batch".into()),
            effect: Some("NoSchedule".into()),
            toleration_seconds: None,
        });
    }
    let req = |key: &str, values: &[&str]| NodeSelectorRequirement {
        key: key.into(),
        operator: "In".into(),
        values: values.iter().map(|v| v.to_string()).collect(),
    };
    let mut na = NodeAffinity::default();
    if i % 5 == 1 {
        na.required_during_scheduling_ignored_during_execution =
            Some(NodeSelector { node_selector_terms: vec![NodeSelectorTerm { match_expressions: vec![req("disktype", &["ssd"])], match_fields: vec![] }] });
    }
    if i % 7 == 2 {
        na.preferred_during_scheduling_ignored_during_execution =
            vec![PreferredSchedulingTerm { weight: 50, preference: NodeSelectorTerm { match_expressions: vec![req("topology.kubernetes.io/zone", &["zone-b"])], match_fields: vec![] } }];
    }
    if na != NodeAffinity::default() {
        spec.affinity = Some(Affinity { node_affinity: Some(na), ..Default::default() });
    }
    let labels = BTreeMap::from([("app".to_string(), format!("svc-{}", i % 50))]);
    Pod { metadata: ObjectMeta { name: format!("p-{i:06}"), namespace: "default".into(), labels, ..Default::default() }, spec, ..Default::default() }
}

/// Creates the pods in one user step, settles, checks every pod is bound.
fn run_pods(e: &mut Engine, pods: usize, make: impl Fn(usize) -> Pod) -> Result<((f64, f64), u64), String> {
    let t = Clock::start();
    e.user("bench pods", ObjectKey::new(Kind::Namespace, "", "default"), |ctx| {
        for i in 0..pods {
            ctx.create(Object::Pod(make(i))).map_err(|e| e.to_string())?;
        }
        Ok::<(), String>(())
    })?;
    let r = e.settle(DEFAULT_SETTLE_MS);
    let wall = t.ms();
    let bound = e.store().list(Kind::Pod, Some("default")).filter(|p| p.as_pod().is_some_and(|p| p.node_name().is_some())).count();
    if bound != pods || !r.converged {
        return Err(format!("scheduling did not finish: {bound} of {pods} pods bound"));
    }
    Ok((wall, e.trace_hash()))
}

pub fn mixed(pods: usize, nodes: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let mut e = mixed_nodes(nodes, 3);
    let ((wall, cpu), hash) = run_pods(&mut e, pods, mixed_pod)?;
    rows.push(Row {
        workload: "schedule mixed (e2e)".into(),
        size: format!("{pods} pods / {nodes} nodes"),
        wall_ms: wall,
        cpu_ms: cpu,
        throughput: format!("{:.0} pods/s", pods as f64 / (wall / 1000.0)),
        peak_mb: peak_mb(),
        hash,
    });
    Ok(())
}

/// Pods in groups of `group` replicas that must not share a node.
fn anti_affinity_pod(i: usize, group: usize) -> Pod {
    let app = format!("g-{}", i / group);
    let labels = BTreeMap::from([("app".to_string(), app.clone())]);
    let term = PodAffinityTerm {
        label_selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
        topology_key: "kubernetes.io/hostname".into(),
        ..Default::default()
    };
    let spec = PodSpec {
        containers: vec![container(100, 128)],
        affinity: Some(Affinity {
            pod_anti_affinity: Some(PodAffinity { required_during_scheduling_ignored_during_execution: vec![term], ..Default::default() }),
            ..Default::default()
        }),
        ..Default::default()
    };
    Pod { metadata: ObjectMeta { name: format!("a-{i:06}"), namespace: "default".into(), labels, ..Default::default() }, spec, ..Default::default() }
}

/// Pods of one app spread over the zones with maxSkew 1.
fn spread_pod(i: usize) -> Pod {
    let labels = BTreeMap::from([("app".to_string(), "spread".to_string())]);
    let spec = PodSpec {
        containers: vec![container(100, 128)],
        topology_spread_constraints: vec![TopologySpreadConstraint {
            max_skew: 1,
            topology_key: "topology.kubernetes.io/zone".into(),
            when_unsatisfiable: "DoNotSchedule".into(),
            label_selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            ..Default::default()
        }],
        ..Default::default()
    };
    Pod { metadata: ObjectMeta { name: format!("s-{i:06}"), namespace: "default".into(), labels, ..Default::default() }, spec, ..Default::default() }
}

pub fn constraints(pods: usize, nodes: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let group = (nodes / 10).max(2);
    let mut e = mixed_nodes(nodes, 4);
    let ((wall, cpu), hash) = run_pods(&mut e, pods, |i| anti_affinity_pod(i, group))?;
    // Required anti-affinity on hostname: no two pods of a group share a node.
    let mut seen = std::collections::BTreeSet::new();
    for p in e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()) {
        let key = (p.metadata.labels.get("app").cloned(), p.node_name().map(str::to_string));
        if !seen.insert(key) {
            return Err(format!("pod anti-affinity violated by {}", p.metadata.name));
        }
    }
    rows.push(Row {
        workload: "pod anti-affinity (e2e)".into(),
        size: format!("{pods} pods / {nodes} nodes"),
        wall_ms: wall,
        cpu_ms: cpu,
        throughput: format!("{:.0} pods/s", pods as f64 / (wall / 1000.0)),
        peak_mb: peak_mb(),
        hash,
    });
    let mut e = mixed_nodes(nodes, 5);
    let ((wall, cpu), hash) = run_pods(&mut e, pods, spread_pod)?;
    let mut per_zone = BTreeMap::new();
    for p in e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()) {
        let node = p.node_name().and_then(|n| e.store().get_by(Kind::Node, "", n));
        let zone = node.and_then(|n| n.meta().labels.get("topology.kubernetes.io/zone").cloned());
        *per_zone.entry(zone).or_insert(0usize) += 1;
    }
    let (lo, hi) = (per_zone.values().min().copied().unwrap_or(0), per_zone.values().max().copied().unwrap_or(0));
    if per_zone.len() != 3 || hi - lo > 1 {
        return Err(format!("zone spread violated: {per_zone:?}"));
    }
    rows.push(Row {
        workload: "zone spread (e2e)".into(),
        size: format!("{pods} pods / {nodes} nodes"),
        wall_ms: wall,
        cpu_ms: cpu,
        throughput: format!("{:.0} pods/s", pods as f64 / (wall / 1000.0)),
        peak_mb: peak_mb(),
        hash,
    });
    Ok(())
}
