//! The first scenario end to end: the nginx Deployment from the Kubernetes
//! docs, applied to the default cluster and settled.

use kubeplay_apiserver::DeleteOptions;
use kubeplay_engine::{client, ControllerId, Engine, Verb, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta};
use std::collections::BTreeMap;

fn nginx(replicas: i32, image: &str) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "nginx".to_string())]);
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: "nginx-deployment".into(), namespace: "default".into(), labels: labels.clone().into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels.into(), ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container { name: "nginx".into(), image: Some(image.into()), ..Default::default() }].into(),
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
    assert_eq!(e.now().rfc3339(), "2025-01-01T00:00:02Z", "the clock starts where sessions always started");
}

/// What kind v1.32 (kubeadm's add-on manifests) puts in a fresh cluster,
/// as far as the simulation keeps it: CoreDNS with its probes, config
/// volume and anti-affinity, kube-proxy run by kubeadm's command with its
/// ConfigMap, the kube-dns Service's numbered target ports, and no zone
/// on the control plane (kind sets none; the playground's zones are for
/// the workers' spreading lessons).
#[test]
fn the_default_cluster_is_kinds_with_kubeadms_add_ons() {
    let e = Engine::with_default_cluster(1);
    let node = |n: &str| e.store().get_by(Kind::Node, "", n).and_then(|o| o.as_node().cloned()).unwrap();
    let cp = node("kubeplay-control-plane");
    assert!(!cp.metadata.labels.contains_key("topology.kubernetes.io/zone"));
    assert_eq!(cp.metadata.labels.get("node.kubernetes.io/exclude-from-external-load-balancers").map(String::as_str), Some(""));
    for (n, zone) in [("kubeplay-worker", "zone-a"), ("kubeplay-worker2", "zone-b"), ("kubeplay-worker3", "zone-c")] {
        assert_eq!(node(n).metadata.labels["topology.kubernetes.io/zone"], zone);
        assert_eq!(node(n).metadata.annotations["node.alpha.kubernetes.io/ttl"], "0");
    }
    let d = e.store().get_by(Kind::Deployment, "kube-system", "coredns").and_then(|o| o.as_deployment().cloned()).unwrap();
    let spec = &d.spec.template.spec;
    let c = &spec.containers[0];
    assert_eq!(c.liveness_probe.as_ref().and_then(|p| p.http_get.as_ref()).and_then(|h| h.path.as_deref()), Some("/health"));
    assert_eq!(c.readiness_probe.as_ref().and_then(|p| p.http_get.as_ref()).and_then(|h| h.port.clone()), Some(kubeplay_model::IntOrString::Int(8181)));
    assert_eq!((spec.service_account_name.as_deref(), spec.dns_policy.as_deref()), (Some("coredns"), Some("Default")));
    assert!(spec.affinity.as_ref().and_then(|a| a.pod_anti_affinity.as_ref()).is_some_and(|a| a.preferred_during_scheduling_ignored_during_execution[0].pod_affinity_term.topology_key == "kubernetes.io/hostname"));
    assert_eq!(spec.volumes[0].config_map.as_ref().and_then(|c| c.name.as_deref()), Some("coredns"));
    let corefile = e.store().get_by(Kind::ConfigMap, "kube-system", "coredns").map(|o| o.to_json()).unwrap();
    assert!(corefile["data"]["Corefile"].as_str().is_some_and(|c| c.contains("kubernetes cluster.local in-addr.arpa ip6.arpa")));
    let svc = e.store().get_by(Kind::Service, "kube-system", "kube-dns").and_then(|o| o.as_service().cloned()).unwrap();
    let targets: Vec<_> = svc.spec.ports.iter().map(|p| p.target_port.clone()).collect();
    assert_eq!(targets, [53, 53, 9153].map(|p| Some(kubeplay_model::IntOrString::Int(p))));
    assert_eq!(svc.metadata.annotations["prometheus.io/scrape"], "true");
    let proxies: Vec<_> = e.store().list(Kind::Pod, Some("kube-system")).filter_map(|p| p.as_pod()).filter(|p| p.metadata.label("k8s-app") == Some("kube-proxy")).collect();
    assert_eq!(proxies.len(), 4);
    assert!(proxies.iter().all(|p| p.phase() == "Running" && p.is_ready() && p.spec.containers[0].command[0] == "/usr/local/bin/kube-proxy"));
    assert!(e.store().get_by(Kind::ConfigMap, "kube-system", "kube-proxy").is_some());
}

/// The nginx Deployment of issue 4 ("Deployments" in the Kubernetes
/// docs), exactly as a user pastes it.
const NGINX_MANIFEST: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
";

/// `kubectl apply -f` of a manifest: decoded by the codec, the namespace
/// filled in as kubectl fills it, and applied by the same client call
/// `kubectl apply` makes (kubeplay-kubectl's exec/apply.rs).
/// A step's writes of one verb and kind.
fn writes_kind(s: &kubeplay_engine::Step, verb: Verb, kind: Kind) -> impl Iterator<Item = &kubeplay_engine::Write> {
    s.writes.iter().filter(move |w| w.verb == verb && w.key.kind == kind)
}

fn kubectl_apply(e: &mut Engine, manifest: &str) {
    let decoded = kubeplay_codec::decode_manifests(manifest);
    assert!(!decoded.has_errors());
    for item in decoded.items {
        let d = item.unwrap();
        let mut obj = d.object;
        if obj.kind().namespaced() && obj.meta().namespace.is_empty() {
            obj.meta_mut().namespace = "default".into();
        }
        client::apply(e, &obj, Some(d.raw)).unwrap();
    }
}

/// The done-when: the trace shows, in order, the deployment
/// controller creating the ReplicaSet, the replicaset controller creating
/// 3 pods, the scheduler binding each, the kubelets starting them, and
/// the Deployment's status reaching 3 available — each step with a
/// sentence saying so.
#[test]
fn nginx_deployment_reaches_three_available_with_steps_in_causal_order() {
    let mut e = Engine::with_default_cluster(1);
    kubectl_apply(&mut e, NGINX_MANIFEST);
    let report = e.settle(DEFAULT_SETTLE_MS);
    assert!(report.converged, "{report:?}");
    let d = deployment(&e);
    assert_eq!((d.status.replicas, d.status.ready_replicas, d.status.available_replicas), (Some(3), Some(3), Some(3)));
    let trace = e.trace();
    assert!(trace.iter().all(|s| !s.explanation.is_empty()), "every step explains itself");

    // The deployment controller creates the ReplicaSet, and says so.
    let rs_at = trace.iter().position(|s| s.controller == ControllerId::Deployment && writes_kind(s, Verb::Create, Kind::ReplicaSet).count() == 1).expect("a step creates the ReplicaSet");
    let rs = writes_kind(&trace[rs_at], Verb::Create, Kind::ReplicaSet).next().unwrap().key.name.to_string();
    assert!(rs.starts_with("nginx-deployment-"), "{rs}");
    let sentence = &trace[rs_at].explanation;
    assert!(sentence.contains(&format!("created ReplicaSet {rs}")) && sentence.contains("3 replicas"), "{sentence}");
    assert!(trace[rs_at].events.iter().any(|ev| ev.reason == "ScalingReplicaSet" && ev.message == format!("Scaled up replica set {rs} from 0 to 3")));

    // The replicaset controller creates the 3 pods, naming each.
    let pods_at = trace.iter().position(|s| s.controller == ControllerId::ReplicaSet && s.key.name == *rs && writes_kind(s, Verb::Create, Kind::Pod).count() == 3).expect("one step creates the 3 pods");
    assert!(pods_at > rs_at);
    let pods: Vec<String> = writes_kind(&trace[pods_at], Verb::Create, Kind::Pod).map(|w| w.key.name.to_string()).collect();
    let sentence = &trace[pods_at].explanation;
    assert!(sentence.contains(&format!("ReplicaSet {rs}")) && sentence.contains("3 replicas"), "{sentence}");
    for p in &pods {
        assert!(p.starts_with(&format!("{rs}-")), "{p}");
        assert!(sentence.contains(p.as_str()), "{sentence} names {p}");
    }

    // Each pod: the scheduler binds it to a node, and later a kubelet
    // step's write makes it Running and Ready on that node.
    let mut started_at = Vec::new();
    for p in &pods {
        let bind_at = trace
            .iter()
            .position(|s| s.controller == ControllerId::Scheduler && s.key.name == *p && s.writes.iter().any(|w| w.after.as_deref().and_then(|o| o.as_pod()).is_some_and(|pod| pod.node_name().is_some())))
            .unwrap_or_else(|| panic!("a scheduler step binds {p}"));
        assert!(bind_at > pods_at);
        let node = trace[bind_at].writes[0].after.as_deref().and_then(|o| o.as_pod()).and_then(|pod| pod.node_name()).unwrap().to_string();
        assert!(node.starts_with("kubeplay-worker"), "{p} on {node}");
        let sentence = &trace[bind_at].explanation;
        assert!(sentence.contains(p.as_str()) && sentence.contains(&format!("{node} scored best")), "{sentence}");
        assert!(trace[bind_at].events.iter().any(|ev| ev.reason == "Scheduled" && ev.message == format!("Successfully assigned default/{p} to {node}")));
        let run_at = trace
            .iter()
            .position(|s| {
                s.controller == ControllerId::Kubelet
                    && s.key.name == *p
                    && s.writes.iter().any(|w| w.after.as_deref().and_then(|o| o.as_pod()).is_some_and(|pod| pod.phase() == "Running" && pod.is_ready()))
            })
            .unwrap_or_else(|| panic!("a kubelet step makes {p} Running and Ready"));
        assert!(run_at > bind_at, "{p}: bound at {bind_at}, running at {run_at}");
        let sentence = &trace[run_at].explanation;
        assert!(sentence.contains(&format!("kubelet on {node}")) && sentence.contains("started container nginx"), "{sentence}");
        assert!(trace[run_at].events.iter().any(|ev| ev.reason == "Started" && ev.message == "Started container nginx"));
        started_at.push(run_at);
    }

    // Then the deployment controller records 3 available, after every
    // pod started, and says the rollout is complete.
    let available_at = trace
        .iter()
        .position(|s| {
            s.controller == ControllerId::Deployment
                && s.writes.iter().any(|w| w.after.as_deref().and_then(|o| o.as_deployment()).is_some_and(|d| d.status.available_replicas == Some(3)))
        })
        .expect("a step writes availableReplicas: 3");
    assert!(started_at.iter().all(|&k| available_at > k), "{available_at} after {started_at:?}");
    assert!(trace[available_at].explanation.contains("the rollout is complete"), "{}", trace[available_at].explanation);
    let binds = trace.iter().filter(|s| s.controller == ControllerId::Scheduler && !s.is_noop()).count();
    assert_eq!(binds, 3);
}

/// Every step of the nginx scenario says what its controller observed and
/// what it wanted (issue 4's step record), the user's own step too.
/// The ReplicaSet's pods are copies of one (`Shared` fields): they hold
/// one label map and one owner reference between them, and their
/// versions share what a write leaves alone.
#[test]
fn a_replica_sets_pods_share_what_they_hold_the_same() {
    use kubeplay_model::shared::Shared;
    let mut e = Engine::with_default_cluster(1);
    kubectl_apply(&mut e, NGINX_MANIFEST);
    assert!(e.settle(DEFAULT_SETTLE_MS).converged);
    let pods: Vec<Pod> = e.store().list(Kind::Pod, Some("default")).filter_map(|o| o.as_pod().cloned()).collect();
    assert_eq!(pods.len(), 3);
    for p in &pods[1..] {
        assert!(Shared::ptr_eq(&p.metadata.labels, &pods[0].metadata.labels));
        assert!(Shared::ptr_eq(&p.metadata.owner_references, &pods[0].metadata.owner_references));
        assert!(Shared::ptr_eq(&p.spec.tolerations, &pods[0].spec.tolerations));
        // Each has its own token volume, mounted in its own containers.
        assert!(!Shared::ptr_eq(&p.spec.containers, &pods[0].spec.containers));
    }
    // The first version a kubelet wrote (Pending to Running) kept the
    // bound version's containers.
    let trace = e.trace();
    let started = trace
        .iter()
        .flat_map(|s| &s.writes)
        .find_map(|w| {
            let (before, after) = (w.before.as_deref()?.as_pod()?, w.after.as_deref()?.as_pod()?);
            (before.node_name().is_some() && before.phase() != after.phase()).then(|| (before.clone(), after.clone()))
        })
        .expect("a status write of a bound pod");
    assert!(Shared::ptr_eq(&started.0.spec.containers, &started.1.spec.containers));
    assert!(Shared::ptr_eq(&started.0.metadata.labels, &started.1.metadata.labels));
}

#[test]
fn every_nginx_step_records_observed_and_desired() {
    let mut e = Engine::with_default_cluster(1);
    kubectl_apply(&mut e, NGINX_MANIFEST);
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.trace().iter().any(|s| s.controller == ControllerId::Kubelet));
    for s in e.trace() {
        assert!(!s.observed.is_empty() && !s.desired.is_empty(), "{}: observed {:?}, desired {:?}", s.summary(), s.observed, s.desired);
    }
    let first_kubelet = e.trace().iter().find(|s| s.controller == ControllerId::Kubelet && s.key.kind == Kind::Pod).unwrap();
    assert_eq!(first_kubelet.observed, "phase Pending: container nginx not created yet, image nginx:1.14.2 not on the node");
    assert_eq!(first_kubelet.desired, "1/1 containers running and ready");
    let user = &e.trace()[0];
    assert_eq!((user.observed.as_str(), user.desired.as_str()), ("no deployment/nginx-deployment", "deployment/nginx-deployment created"));
}

/// The controllers the nginx scenario does not reach: garbage collector,
/// namespace, node lifecycle, TTL-after-finished, volume binder and load
/// balancer, and more kubelet and user steps.
#[test]
fn other_controllers_record_observed_and_desired_too() {
    let mut e = Engine::with_default_cluster(1);
    kubectl_apply(
        &mut e,
        "apiVersion: v1
kind: Namespace
metadata:
  name: team
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: team
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.14.2
---
apiVersion: batch/v1
kind: Job
metadata:
  name: once
spec:
  ttlSecondsAfterFinished: 5
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
        command: [sh, -c, echo done]
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: uses-data
spec:
  containers:
  - name: main
    image: nginx:1.14.2
    volumeMounts:
    - {name: data, mountPath: /data}
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: data}
---
apiVersion: v1
kind: Service
metadata:
  name: public
spec:
  type: LoadBalancer
  selector: {app: web}
  ports:
  - port: 80
",
    );
    e.settle(DEFAULT_SETTLE_MS);
    e.advance(30_000);
    client::delete(&mut e, &ObjectKey::new(Kind::Deployment, "team", "web"), DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &ObjectKey::new(Kind::Namespace, "", "team"), DeleteOptions::default()).unwrap();
    e.sim_node_fail("kubeplay-worker3").unwrap();
    e.advance(400_000);
    let wanted = [
        ControllerId::GarbageCollector,
        ControllerId::Namespace,
        ControllerId::NodeLifecycle,
        ControllerId::TtlAfterFinished,
        ControllerId::PersistentVolume,
        ControllerId::LoadBalancer,
        ControllerId::Kubelet,
        ControllerId::User,
    ];
    for c in wanted {
        let steps: Vec<_> = e.trace().iter().filter(|s| s.controller == c).collect();
        assert!(!steps.is_empty(), "no {c:?} step");
        for s in steps {
            assert!(!s.observed.is_empty() && !s.desired.is_empty(), "{}: observed {:?}, desired {:?}", s.summary(), s.observed, s.desired);
        }
    }
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

/// Everything a jump must restore, read off the live engine: the clock,
/// every object in full, the armed timers, the work queue, the kubelets'
/// runtime view, and the next random draw (from a copy of the RNG).
#[derive(Debug, PartialEq)]
struct FullState {
    now: String,
    objects: Vec<String>,
    timers: Vec<String>,
    queue: Vec<String>,
    runtimes: Vec<String>,
    next_random: u64,
}

fn full_state(e: &Engine) -> FullState {
    let w = e.world();
    let mut rng = w.rng;
    FullState {
        now: e.now().rfc3339(),
        objects: e.store().iter().map(|o| o.to_json().to_string()).collect(),
        timers: w.armed().map(|(at, t)| format!("{} {:?} {} {}", at.rfc3339(), t.controller, t.key, t.periodic)).collect(),
        queue: w.queued().map(|(c, k)| format!("{c:?} {k}")).collect(),
        runtimes: w.sim.pods.iter().map(|(slot, rt)| format!("{slot} {rt:?}")).collect(),
        next_random: rng.next_u64(),
    }
}

fn other() -> &'static str {
    "apiVersion: apps/v1
kind: Deployment
metadata:
  name: other
spec:
  replicas: 2
  selector:
    matchLabels: {app: other}
  template:
    metadata:
      labels: {app: other}
    spec:
      containers:
      - name: main
        image: httpd:2.4
"
}

/// Issue 4's done-when: jump back, and the state is exactly the earlier
/// one; do something new there, and the old future is gone: the run is
/// the one that did the same from the start.
#[test]
fn time_travel_restores_the_exact_earlier_state_and_forks() {
    // Step 3 is the deployment controller's first no-op: the ReplicaSet
    // exists, its pods do not yet.
    const K: usize = 3;
    let mut a = Engine::with_default_cluster(3);
    kubectl_apply(&mut a, NGINX_MANIFEST);
    while a.cursor() < K {
        a.step().expect("work is due");
    }
    let at_k = full_state(&a);
    assert!(at_k.queue.len() + at_k.timers.len() > 0, "work is pending at step {K}");
    assert!(a.settle(DEFAULT_SETTLE_MS).converged);
    let end = full_state(&a);
    let total = a.recorded();
    assert_ne!(end, at_k);
    let future_pods: Vec<String> = a.store().list(Kind::Pod, Some("default")).map(|p| p.name().to_string()).collect();
    assert_eq!(future_pods.len(), 3);

    assert!(a.jump(K));
    assert_eq!(full_state(&a), at_k, "the jump restores everything as it was at step {K}");
    assert_eq!((a.cursor(), a.recorded()), (K, total), "the future is kept until something new happens");
    assert!(a.jump(total));
    assert_eq!(full_state(&a), end, "and forward again to the end");
    assert!(a.jump(K));

    // Something new: the old future is discarded.
    kubectl_apply(&mut a, other());
    assert_eq!((a.cursor(), a.recorded()), (K + 1, K + 1));
    assert_eq!(a.full_trace().len(), K + 1);
    for p in &future_pods {
        assert!(a.store().get_by(Kind::Pod, "default", p).is_none(), "{p} is from the discarded future");
    }

    // The same as a run that did the same from the start.
    let mut b = Engine::with_default_cluster(3);
    kubectl_apply(&mut b, NGINX_MANIFEST);
    while b.cursor() < K {
        b.step().expect("work is due");
    }
    kubectl_apply(&mut b, other());
    assert_eq!(a.trace_hash(), b.trace_hash());
    assert_eq!(full_state(&a), full_state(&b));
    a.settle(DEFAULT_SETTLE_MS);
    b.settle(DEFAULT_SETTLE_MS);
    assert_eq!(a.trace_hash(), b.trace_hash());
    assert_eq!(full_state(&a), full_state(&b));
    let pods: Vec<String> = a.store().list(Kind::Pod, Some("default")).map(|p| p.name().to_string()).collect();
    assert_eq!(pods.len(), 5);
    assert!(future_pods.iter().all(|p| !pods.contains(p)), "the new future drew other names: {pods:?}");
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
