//! The autoscaler's kept pod facts (`controllers::hpa::kept`) always equal
//! the facts read afresh from the pods and their runtimes: through pod
//! churn, container restarts (a runtime change the pod learns of only a
//! PLEG relist later), node failures, jumps back in time that then take
//! another course, and a second engine asking the same keeper.

use kubeplay_apiserver::DeleteOptions;
use kubeplay_engine::controllers::hpa::kept::{read_info, Kept, PodFacts};
use kubeplay_engine::kubelet::usage::pod_usage_total;
use kubeplay_engine::sim::{ImageBehavior, Load, LoadTarget};
use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

const HPA: &str = "default/web";

fn web(replicas: i32) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "web".to_string())]);
    let mut c = Container { name: "main".into(), image: Some("example/web:1".into()), ..Default::default() };
    c.resources.requests.insert("cpu".into(), Quantity::parse("200m").unwrap());
    c.resources.requests.insert("memory".into(), Quantity::parse("64Mi").unwrap());
    let mut side = Container { name: "side".into(), image: Some("example/side:1".into()), ..Default::default() };
    side.resources.requests.insert("cpu".into(), Quantity::parse("50m").unwrap());
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec { metadata: ObjectMeta { labels: labels.into(), ..Default::default() }, spec: PodSpec { containers: vec![c, side].into(), ..Default::default() } },
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn pods(e: &Engine) -> Vec<&Arc<Object>> {
    e.store().list(Kind::Pod, Some("default")).collect()
}

/// The kept facts for the engine's current world, against fresh reads.
fn check(kept: &Kept, e: &Engine) {
    let world = e.world();
    let selected = pods(e);
    let fresh: Vec<PodFacts> = selected.iter().filter_map(|o| o.as_pod()).map(|p| PodFacts::read(p, pod_usage_total(world, p))).collect();
    let facts = kept.facts(world, HPA, "default", &selected).expect("no load is set, so facts are kept");
    let got: Vec<&PodFacts> = facts.get().collect();
    assert_eq!(got.len(), fresh.len());
    for ((g, f), p) in got.iter().zip(&fresh).zip(selected.iter().filter_map(|o| o.as_pod())) {
        assert_eq!(*g, f);
        // Packed, the facts still say what the pod says.
        for resource in ["cpu", "memory"] {
            assert_eq!(g.info(resource), read_info(world, p, resource));
        }
    }
}

#[derive(Clone, Debug)]
enum Op {
    Steps(usize),
    Advance(i64),
    DeletePod(usize),
    KillContainer(usize),
    FailNode(usize),
    /// A node marked failed by a write to `failed_nodes` alone, leaving
    /// its pods' runtimes as they are.
    MarkFailed(usize),
    RecoverNodes,
    Scale(i32),
    /// Back to a recorded step, by a fraction of the history.
    Jump(u8),
    /// Steps of a second engine, whose facts the same keeper is asked for.
    Other(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (1..40usize).prop_map(Op::Steps),
        (500..20_000i64).prop_map(Op::Advance),
        (0..16usize).prop_map(Op::DeletePod),
        (0..16usize).prop_map(Op::KillContainer),
        (0..4usize).prop_map(Op::FailNode),
        (0..4usize).prop_map(Op::MarkFailed),
        Just(Op::RecoverNodes),
        (0..8i32).prop_map(Op::Scale),
        any::<u8>().prop_map(Op::Jump),
        (1..10usize).prop_map(Op::Other),
    ]
}

/// Runs `op` on `e` (or `other`), checking `kept` after every step it
/// takes one by one.
fn run(e: &mut Engine, other: &mut Engine, op: &Op, kept: &Kept) {
    let nth_pod = |e: &Engine, i: usize| {
        let p = pods(e);
        (!p.is_empty()).then(|| p[i % p.len()].name().to_string())
    };
    match op {
        Op::Steps(n) => {
            for _ in 0..*n {
                e.step();
                check(kept, e);
            }
        }
        Op::Advance(ms) => {
            e.advance(*ms);
        }
        Op::DeletePod(i) => {
            if let Some(name) = nth_pod(e, *i) {
                let key = ObjectKey::new(Kind::Pod, "default", &name);
                let _ = e.user("delete", key.clone(), |ctx| ctx.delete(&key, DeleteOptions::default()).map(|_| ()));
            }
        }
        Op::KillContainer(i) => {
            if let Some(name) = nth_pod(e, *i) {
                let _ = e.sim_pod_kill("default", &name, None);
            }
        }
        Op::FailNode(i) => {
            let _ = e.sim_node_fail(&format!("kubeplay-worker{}", 1 + i % 3));
        }
        Op::MarkFailed(i) => {
            e.world_mut().sim.failed_nodes.insert(format!("kubeplay-worker{}", 1 + i % 3));
        }
        Op::RecoverNodes => {
            for i in 1..=3 {
                let _ = e.sim_node_recover(&format!("kubeplay-worker{i}"));
            }
        }
        Op::Scale(n) => {
            let key = ObjectKey::new(Kind::Deployment, "default", "web");
            let Some(Object::Deployment(mut d)) = e.store().get(&key).map(|o| (**o).clone()) else { return };
            d.spec.replicas = Some(*n);
            let _ = e.user("scale", key, |ctx| ctx.update(Object::Deployment(d)).map(|_| ()));
        }
        Op::Other(n) => {
            for _ in 0..*n {
                other.step();
                check(kept, other);
            }
        }
        Op::Jump(f) => {
            let at = e.forgotten() + e.recorded() * usize::from(*f) / 256;
            e.jump(at);
        }
    }
}

fn engine(seed: u64) -> Engine {
    let mut e = Engine::with_default_cluster(seed);
    // Containers of the side image crash now and then: restarts change
    // runtimes without a write to the pod until the kubelet syncs it.
    e.sim_image("example/side:1", ImageBehavior { exit_after: Some((7, 1)), ..Default::default() }).unwrap();
    let key = ObjectKey::new(Kind::Deployment, "default", "web");
    e.user("apply", key, |ctx| ctx.create(web(5)).map(|_| ())).unwrap();
    e
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn kept_facts_equal_fresh_reads(seed in 0..1000u64, ops in proptest::collection::vec(op(), 1..24)) {
        let mut e = engine(seed);
        // One keeper asked about two engines: what it kept from one must
        // never be taken for the other's.
        let mut other = engine(seed + 1);
        let kept = Kept::default();
        check(&kept, &e);
        for op in &ops {
            run(&mut e, &mut other, op, &kept);
            check(&kept, &e);
        }
    }
}

/// Keeping is refused (the caller reads every pod) while `sim load` is in
/// use: a pod's share of its workload's load follows every other pod.
#[test]
fn nothing_is_kept_under_sim_load() {
    let mut e = engine(7);
    e.settle(DEFAULT_SETTLE_MS);
    let kept = Kept::default();
    assert!(kept.facts(e.world(), HPA, "default", &pods(&e)).is_some());
    let target = LoadTarget { namespace: "default".into(), kind: Kind::Deployment, name: "web".into() };
    e.sim_load(target, Load { cpu_milli: Some(500), memory_bytes: None }).unwrap();
    assert!(kept.facts(e.world(), HPA, "default", &pods(&e)).is_none());
}

/// A jump back to just before a container's exit, which changed its pod's
/// usage but not (yet) its pod: the pod object is the very one kept, so
/// only the runtimes' log can tell that the kept facts are from a future
/// this world has not reached.
#[test]
fn a_jump_back_over_a_runtime_change_is_noticed() {
    let mut e = engine(3);
    let kept = Kept::default();
    let usages = |e: &Engine| -> Vec<(usize, Option<(i64, i64)>)> {
        pods(e).into_iter().filter_map(|o| Some((Arc::as_ptr(o) as usize, pod_usage_total(e.world(), o.as_pod()?)))).collect()
    };
    let mut found = 0;
    for _ in 0..600 {
        let before = usages(&e);
        check(&kept, &e);
        e.step();
        check(&kept, &e);
        let after = usages(&e);
        let runtime_only = before.len() == after.len() && before.iter().zip(&after).any(|(b, a)| b.0 == a.0 && b.1 != a.1);
        if runtime_only {
            found += 1;
            let cursor = e.cursor();
            assert!(e.jump(cursor - 1));
            check(&kept, &e);
            assert!(e.jump(cursor));
            check(&kept, &e);
        }
    }
    assert!(found >= 3, "only {found} steps changed a runtime without its pod");
}
