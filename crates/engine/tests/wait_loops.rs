//! Init containers' wait loops end when the tool they poll would succeed:
//! `nslookup` once the name resolves (a headless Service once it has ready
//! pods), `wget` once a backend it can reach is ready and listening.

use kubeplay_apiserver::DeleteOptions;
use kubeplay_engine::{client, Engine};
use kubeplay_model::{Kind, ObjectKey};

fn apply(e: &mut Engine, yaml: &str) {
    for o in kubeplay_codec::decode_manifests(yaml).objects() {
        client::apply(e, &o.object, Some(o.raw.clone())).expect("apply");
    }
}

fn waiting_pod(name: &str, script: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Pod\nmetadata: {{name: {name}}}\nspec:\n  initContainers:\n  - {{name: wait, image: 'busybox:1.36', command: [sh, -c, '{script}']}}\n  containers:\n  - {{name: app, image: 'busybox:1.36', command: [sleep, '3600']}}\n"
    )
}

const SERVICES: &str = "
apiVersion: v1
kind: Service
metadata: {name: web}
spec: {selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: peers}
spec: {clusterIP: None, selector: {app: web}, ports: [{port: 80}]}
";

const BACKEND: &str = "
apiVersion: v1
kind: Pod
metadata: {name: backend, labels: {app: web}}
spec:
  containers: [{name: web, image: 'nginx:1.27'}]
";

fn phase(e: &Engine, name: &str) -> String {
    let key = ObjectKey::new(Kind::Pod, "default", name);
    e.store()
        .get(&key)
        .and_then(|o| o.as_pod().map(|p| p.phase().to_string()))
        .unwrap_or_default()
}

#[test]
fn waits_end_when_the_tool_would_succeed() {
    let mut e = Engine::with_default_cluster(3);
    apply(&mut e, SERVICES);
    apply(
        &mut e,
        &waiting_pod("by-name", "until nslookup web; do sleep 2; done"),
    );
    apply(
        &mut e,
        &waiting_pod("by-peers", "until nslookup peers; do sleep 2; done"),
    );
    apply(
        &mut e,
        &waiting_pod(
            "by-http",
            "until wget -q -T 2 -O- http://web; do sleep 2; done",
        ),
    );
    e.advance(60_000);
    // The ClusterIP resolves at once; nothing answers behind it yet, and
    // the headless name has no ready pod to answer with.
    assert_eq!(phase(&e, "by-name"), "Running");
    assert_eq!(phase(&e, "by-peers"), "Pending");
    assert_eq!(phase(&e, "by-http"), "Pending");
    apply(&mut e, BACKEND);
    e.advance(60_000);
    assert_eq!(phase(&e, "by-peers"), "Running");
    assert_eq!(phase(&e, "by-http"), "Running");
}

#[test]
fn a_policy_that_drops_the_request_keeps_the_wait_going() {
    let mut e = Engine::with_default_cluster(3);
    apply(&mut e, SERVICES);
    apply(&mut e, BACKEND);
    apply(&mut e, "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: deny}\nspec: {podSelector: {matchLabels: {app: web}}, policyTypes: [Ingress]}\n");
    apply(
        &mut e,
        &waiting_pod(
            "by-http",
            "until wget -q -T 2 -O- http://web; do sleep 2; done",
        ),
    );
    e.advance(60_000);
    assert_eq!(phase(&e, "by-http"), "Pending");
    client::delete(
        &mut e,
        &ObjectKey::new(Kind::NetworkPolicy, "default", "deny"),
        DeleteOptions::default(),
    )
    .expect("delete");
    e.advance(30_000);
    assert_eq!(phase(&e, "by-http"), "Running");
}
