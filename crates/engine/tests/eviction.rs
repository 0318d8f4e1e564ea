//! Node-pressure eviction by the kubelet's eviction manager, end to end:
//! the hard threshold `memory.available<100Mi`, MemoryPressure and its
//! 5-minute transition period, the memory-pressure NoSchedule taint, the
//! upstream ranking (usage above requests, then priority), critical pods
//! spared, and the evicted pod ending Failed with reason Evicted.
//!
//! Workers have 8Gi and their system daemons use 250Mi; the eviction
//! manager passes every 10 s of virtual time.

use kubeplay_engine::sim::{Load, LoadTarget};
use kubeplay_engine::Engine;
use kubeplay_model::api::*;
use kubeplay_model::{Kind, Object, ObjectMeta, Quantity, Time};

const NODE: &str = "kubeplay-worker3";
const MI: i64 = 1024 * 1024;

fn cluster() -> Engine {
    Engine::with_default_cluster(1)
}

fn create(e: &mut Engine, obj: Object) {
    let key = obj.key();
    e.user("create", key, |ctx| ctx.create(obj).map(|_| ())).expect("create");
}

/// An nginx pod bound straight to NODE, requesting `request_mi` of memory.
fn pinned(name: &str, request_mi: i64, class: Option<&str>) -> Object {
    let mut c = Container { name: "app".into(), image: Some("nginx:1.25".into()), ..Default::default() };
    if request_mi > 0 {
        c.resources.requests.insert("memory".into(), Quantity::parse(&format!("{request_mi}Mi")).unwrap());
    }
    Object::Pod(Box::new(Pod {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: PodSpec { containers: vec![c].into(), node_name: Some(NODE.into()), priority_class_name: class.map(Into::into), ..Default::default() }.into(),
        status: Default::default(),
    }))
}

fn priority_class(name: &str, value: i32) -> Object {
    Object::PriorityClass(Box::new(PriorityClass { metadata: ObjectMeta { name: name.into(), ..Default::default() }, value, ..Default::default() }))
}

fn load(e: &mut Engine, pod: &str, mi: i64) {
    let target = LoadTarget { namespace: "default".into(), kind: Kind::Pod, name: pod.into() };
    e.sim_load(target, Load { cpu_milli: Some(10), memory_bytes: Some(mi * MI) }).unwrap();
}

fn pod(e: &Engine, name: &str) -> Pod {
    e.store().get_by(Kind::Pod, "default", name).and_then(|o| o.as_pod().cloned()).expect("pod exists")
}

fn node(e: &Engine) -> Node {
    e.store().get_by(Kind::Node, "", NODE).and_then(|o| o.as_node().cloned()).expect("node exists")
}

fn memory_pressure(e: &Engine) -> (String, String) {
    let n = node(e);
    let c = n.status.conditions.iter().find(|c| c.type_ == "MemoryPressure").expect("condition");
    (c.status.to_string(), c.reason.as_deref().unwrap_or_default().to_string())
}

fn tainted(e: &Engine) -> bool {
    node(e).spec.taints.iter().any(|t| t.key == "node.kubernetes.io/memory-pressure" && t.effect == "NoSchedule")
}

fn advance_to(e: &mut Engine, t: Time) {
    let ms = t.millis() - e.now().millis();
    assert!(ms >= 0, "time goes forward");
    e.advance(ms);
}

/// Events with a reason about an object, as (time, message).
fn events(e: &Engine, name: &str, reason: &str) -> Vec<(Time, String)> {
    e.trace().iter().flat_map(|s| s.events.iter().filter(|ev| ev.object.name == name && ev.reason == reason).map(move |ev| (s.time, ev.message.clone()))).collect()
}

/// Two running pods on NODE, then loads that leave it short of memory.
fn two_pods(e: &mut Engine, a: Object, b: Object) {
    create(e, a);
    create(e, b);
    e.advance(20_000);
}

#[test]
fn the_pod_above_its_request_is_evicted_and_the_node_recovers() {
    let mut e = cluster();
    two_pods(&mut e, pinned("hog", 64, None), pinned("quiet", 64, None));
    assert_eq!(memory_pressure(&e), ("False".into(), "KubeletHasSufficientMemory".into()));
    load(&mut e, "hog", 7900);
    let loaded = e.now();
    // The next monitoring pass is at the next 10 s mark of the clock.
    let pass = Time::from_millis((loaded.millis() / 10_000 + 1) * 10_000);
    advance_to(&mut e, Time::from_millis(pass.millis() - 1));
    assert_eq!(memory_pressure(&e).0, "False", "nothing happens before the pass");
    advance_to(&mut e, pass);
    assert_eq!(memory_pressure(&e), ("True".into(), "KubeletHasInsufficientMemory".into()));
    assert!(tainted(&e), "the node controller taints the node at once");

    let evicted = events(&e, "hog", "Evicted");
    assert_eq!(evicted.len(), 1);
    assert_eq!(evicted[0].0, pass);
    let msg = &evicted[0].1;
    assert!(msg.starts_with("The node was low on resource: memory. Threshold quantity: 100Mi, available: "), "{msg}");
    assert!(msg.ends_with("Container app was using 7900Mi, request is 64Mi, has larger consumption of memory. "), "{msg}");
    assert_eq!(events(&e, NODE, "EvictionThresholdMet").len(), 1);
    assert_eq!(events(&e, NODE, "NodeHasInsufficientMemory")[0].1, format!("Node {NODE} status is now: NodeHasInsufficientMemory"));

    // nginx stops on SIGTERM within the 2 s minimum grace; only then does
    // the status turn terminal.
    e.advance(1_000);
    let p = pod(&e, "hog");
    assert_eq!(p.status.phase.as_deref(), Some("Failed"));
    assert_eq!(p.status.reason.as_deref(), Some("Evicted"));
    assert_eq!(p.status.message.as_deref(), Some(msg.as_str()));
    let dt = p.status.conditions.iter().find(|c| c.type_ == "DisruptionTarget").expect("DisruptionTarget");
    assert_eq!((dt.status.as_str(), dt.reason.as_deref()), ("True", Some("TerminationByKubelet")));
    let t = p.status.container_statuses[0].state.terminated.clone().expect("terminated");
    assert_eq!(t.exit_code, 0, "nginx exits cleanly on SIGTERM");
    assert_eq!(events(&e, "hog", "Killing")[0].1, "Stopping container app");
    assert_eq!(pod(&e, "quiet").status.phase.as_deref(), Some("Running"), "one eviction relieves the pressure");

    // No restart, and the condition holds for the 5-minute transition.
    advance_to(&mut e, Time::from_millis(pass.millis() + 300_000 - 1));
    assert_eq!(pod(&e, "hog").status.container_statuses[0].restart_count, 0);
    assert_eq!(memory_pressure(&e).0, "True");
    advance_to(&mut e, Time::from_millis(pass.millis() + 300_000));
    assert_eq!(memory_pressure(&e), ("False".into(), "KubeletHasSufficientMemory".into()));
    assert!(!tainted(&e));
    assert_eq!(events(&e, NODE, "EvictionThresholdMet").len(), 1);
    assert!(e.world().sim.eviction.is_empty(), "no more passes are armed");
}

#[test]
fn lower_priority_goes_first_among_pods_above_their_requests() {
    let mut e = cluster();
    create(&mut e, priority_class("important", 1000));
    two_pods(&mut e, pinned("vip", 0, Some("important")), pinned("batch", 0, None));
    assert_eq!(pod(&e, "vip").spec.priority, Some(1000));
    load(&mut e, "vip", 5000);
    load(&mut e, "batch", 3000);
    e.advance(12_000);
    assert_eq!(events(&e, "batch", "Evicted").len(), 1, "lower priority first, though it uses less");
    assert!(events(&e, "vip", "Evicted").is_empty());
    e.advance(60_000);
    assert_eq!(pod(&e, "vip").status.phase.as_deref(), Some("Running"));
}

#[test]
fn usage_above_request_beats_priority() {
    let mut e = cluster();
    create(&mut e, priority_class("important", 1000));
    // vip uses more than it asked for; batch stays within its request.
    two_pods(&mut e, pinned("vip", 64, Some("important")), pinned("batch", 5000, None));
    load(&mut e, "vip", 3500);
    load(&mut e, "batch", 4400);
    e.advance(12_000);
    assert_eq!(events(&e, "vip", "Evicted").len(), 1);
    assert!(events(&e, "batch", "Evicted").is_empty());
}

#[test]
fn critical_pods_are_never_evicted() {
    let mut e = cluster();
    create(&mut e, pinned("agent", 0, Some("system-node-critical")));
    e.advance(20_000);
    assert_eq!(pod(&e, "agent").spec.priority, Some(2_000_001_000));
    load(&mut e, "agent", 7900);
    e.advance(60_000);
    assert!(events(&e, "agent", "Evicted").is_empty());
    // kindnet and kube-proxy are node-critical too: nothing may go.
    assert!(e.trace().iter().all(|s| s.events.iter().all(|ev| ev.reason != "Evicted")));
    assert_eq!(memory_pressure(&e).0, "True");
    assert_eq!(pod(&e, "agent").status.phase.as_deref(), Some("Running"));
}

#[test]
fn idle_clusters_never_run_a_pass() {
    let mut e = cluster();
    two_pods(&mut e, pinned("a", 0, None), pinned("b", 0, None));
    e.advance(600_000);
    assert!(e.world().sim.eviction.is_empty());
    assert!(e.trace().iter().all(|s| s.events.iter().all(|ev| ev.reason != "EvictionThresholdMet")));
}
