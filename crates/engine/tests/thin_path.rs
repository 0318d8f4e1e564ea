//! The first scenario end to end: the nginx Deployment from the Kubernetes
//! docs, applied to the default cluster and settled.

use kubeplay_engine::{ControllerId, Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta};
use std::collections::BTreeMap;

fn nginx(replicas: i32, image: &str) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "nginx".to_string())]);
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: "nginx-deployment".into(), namespace: "default".into(), labels: labels.clone(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container { name: "nginx".into(), image: Some(image.into()), ..Default::default() }],
                    ..Default::default()
                },
            },
            progress_deadline_seconds: Some(600),
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn apply(e: &mut Engine, obj: Object) {
    let key = obj.key();
    e.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
}

fn deployment(e: &Engine) -> Deployment {
    e.store().get_by(Kind::Deployment, "default", "nginx-deployment").and_then(|o| o.as_deployment().cloned()).unwrap()
}

#[test]
fn default_cluster_has_nodes_and_running_coredns() {
    let e = Engine::with_default_cluster(1);
    assert_eq!(e.store().list(Kind::Node, None).count(), 4);
    let coredns: Vec<_> = e.store().list(Kind::Pod, Some("kube-system")).filter_map(|p| p.as_pod()).filter(|p| p.metadata.label("k8s-app") == Some("kube-dns")).collect();
    assert_eq!(coredns.len(), 2);
    assert!(coredns.iter().all(|p| p.phase() == "Running" && p.is_ready()));
    assert!(e.trace().is_empty(), "bootstrap steps are not shown to users");
}

#[test]
fn nginx_deployment_reaches_three_available_with_steps_in_causal_order() {
    let mut e = Engine::with_default_cluster(1);
    apply(&mut e, nginx(3, "nginx:1.7.9"));
    let report = e.settle(DEFAULT_SETTLE_MS);
    assert!(report.converged, "{report:?}");
    let d = deployment(&e);
    assert_eq!(d.status.available_replicas, Some(3));
    assert_eq!(d.status.ready_replicas, Some(3));
    let pods: Vec<_> = e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()).collect();
    assert_eq!(pods.len(), 3);
    assert!(pods.iter().all(|p| p.is_ready() && p.node_name().is_some_and(|n| n != "kubeplay-control-plane")));

    // The trace shows the chain of control loops, in order.
    let first = |c: ControllerId| e.trace().iter().position(|s| s.controller == c && !s.is_noop()).unwrap();
    let (d_i, rs_i, sched_i, kubelet_i) = (first(ControllerId::Deployment), first(ControllerId::ReplicaSet), first(ControllerId::Scheduler), first(ControllerId::Kubelet));
    assert!(d_i < rs_i && rs_i < sched_i && sched_i < kubelet_i, "{d_i} {rs_i} {sched_i} {kubelet_i}");
    assert!(e.trace()[d_i].writes.iter().any(|w| w.key.kind == Kind::ReplicaSet));
    assert_eq!(e.trace()[rs_i].writes.iter().filter(|w| w.key.kind == Kind::Pod).count(), 3);
    assert!(e.trace().iter().all(|s| !s.explanation.is_empty()), "every step explains itself");
    // The deployment controller records 3 available after the kubelets started the pods.
    let available_at = e
        .trace()
        .iter()
        .position(|s| {
            s.controller == ControllerId::Deployment
                && s.writes.iter().any(|w| w.after.as_deref().and_then(|o| o.as_deployment()).is_some_and(|d| d.status.available_replicas == Some(3)))
        })
        .expect("a step writes availableReplicas: 3");
    assert!(available_at > kubelet_i, "{available_at} after {kubelet_i}");
    let binds = e.trace().iter().filter(|s| s.controller == ControllerId::Scheduler && !s.is_noop()).count();
    assert_eq!(binds, 3);
}

#[test]
fn rolling_update_respects_surge_and_availability_at_every_step() {
    let mut e = Engine::with_default_cluster(7);
    apply(&mut e, nginx(3, "nginx:1.7.9"));
    e.settle(DEFAULT_SETTLE_MS);
    let mut d = deployment(&e);
    d.spec.template.spec.containers[0].image = Some("nginx:1.9.1".into());
    let key = ObjectKey::new(Kind::Deployment, "default", "nginx-deployment");
    e.user("set image", key, |ctx| ctx.update(Object::Deployment(Box::new(d))).map(|_| ())).unwrap();
    let mut steps = 0;
    while e.step().is_some() && steps < 10_000 {
        steps += 1;
        let pods: Vec<_> = e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()).filter(|p| p.is_active()).collect();
        // 3 replicas, 25% surge → at most 4 pods; 25% unavailable → at least 3 available.
        assert!(pods.len() <= 4, "{} pods at step {steps}", pods.len());
        let available = pods.iter().filter(|p| p.is_ready()).count();
        assert!(available >= 3, "{available} available at step {steps}");
    }
    let d = deployment(&e);
    // Old pods are really gone, not left Terminating.
    assert_eq!(e.store().list(Kind::Pod, Some("default")).count(), 3);
    assert_eq!(d.status.updated_replicas, Some(3));
    assert_eq!(d.status.available_replicas, Some(3));
    let rss: Vec<_> = e.store().list(Kind::ReplicaSet, Some("default")).filter_map(|r| r.as_replica_set()).collect();
    assert_eq!(rss.len(), 2);
    let new = rss.iter().find(|r| r.spec.template.spec.containers[0].image.as_deref() == Some("nginx:1.9.1")).unwrap();
    let old = rss.iter().find(|r| r.spec.template.spec.containers[0].image.as_deref() == Some("nginx:1.7.9")).unwrap();
    assert_eq!((new.spec.replicas, new.status.replicas), (Some(3), 3));
    assert_eq!((old.spec.replicas, old.status.replicas), (Some(0), 0));
}

#[test]
fn time_travel_restores_the_exact_earlier_state_and_forks() {
    let mut e = Engine::with_default_cluster(3);
    apply(&mut e, nginx(3, "nginx:1.7.9"));
    e.settle(DEFAULT_SETTLE_MS);
    let total = e.trace().len();
    let mid = total / 2;
    e.jump(mid);
    let at_mid: Vec<_> = e.store().iter().map(|o| o.to_json()).collect();
    e.jump(total);
    let at_end: Vec<_> = e.store().iter().map(|o| o.to_json()).collect();
    e.jump(mid);
    assert_eq!(at_mid, e.store().iter().map(|o| o.to_json()).collect::<Vec<_>>());
    assert_ne!(at_mid, at_end);
    // Stepping forward replays the recorded future exactly.
    for _ in mid..total {
        e.step();
    }
    assert_eq!(e.trace().len(), total);
    assert_eq!(at_end, e.store().iter().map(|o| o.to_json()).collect::<Vec<_>>());
    // Something new from the past forks: the old future is dropped.
    e.jump(1);
    apply(&mut e, nginx_named("other"));
    assert_eq!(e.trace().len(), 2);
}

fn nginx_named(name: &str) -> Object {
    let mut o = nginx(1, "nginx");
    o.meta_mut().name = name.into();
    if let Object::Deployment(d) = &mut o {
        let labels = BTreeMap::from([("app".to_string(), name.to_string())]);
        d.spec.selector = Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] });
        d.spec.template.metadata.labels = labels;
    }
    o
}

#[test]
fn same_seed_same_trace() {
    let run = |seed| {
        let mut e = Engine::with_default_cluster(seed);
        apply(&mut e, nginx(3, "nginx:1.7.9"));
        e.settle(DEFAULT_SETTLE_MS);
        e.trace_hash()
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}
