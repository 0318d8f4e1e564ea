//! Garbage collection by uid, not by name: found by the chaos test (a
//! Deployment deleted and applied again before the collector ran left the
//! old ReplicaSet pointing at an owner that no longer existed).

use kubeplay_model::Kind;
use kubeplay_playground::Playground;

const WEB: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: main
        image: nginx:1.25
";

fn ok(pg: &mut Playground, line: &str, stdin: Option<&str>) {
    let out = pg.run(line, stdin);
    assert!(!out.failed, "{line}: {}", out.stderr);
}

#[test]
fn dependents_of_a_deleted_owner_go_even_when_one_of_the_same_name_is_back() {
    let mut pg = Playground::new(1);
    ok(&mut pg, "kubectl apply -f -", Some(WEB));
    assert!(pg.settle());
    let store = pg.engine().store();
    let old_uid = store.get_by(Kind::Deployment, "default", "web").expect("web").meta().uid.clone();
    let old_rs: Vec<String> = store.list(Kind::ReplicaSet, Some("default")).map(|r| r.name().to_string()).collect();
    assert_eq!(old_rs.len(), 1);

    // Re-created in the same instant: the collector has not run yet.
    ok(&mut pg, "kubectl delete deployment web", None);
    ok(&mut pg, "kubectl apply -f -", Some(WEB));
    assert!(pg.settle());

    let store = pg.engine().store();
    let new = store.get_by(Kind::Deployment, "default", "web").expect("web is back");
    let new_uid = new.meta().uid.clone();
    assert_ne!(new_uid, old_uid);
    let sets: Vec<_> = store.list(Kind::ReplicaSet, Some("default")).collect();
    assert_eq!(sets.len(), 1, "only the new Deployment's ReplicaSet is left: {:?}", sets.iter().map(|r| r.name()).collect::<Vec<_>>());
    let refs = &sets[0].meta().owner_references;
    assert!(refs.iter().all(|r| r.uid == new_uid), "owned by the new web: {refs:?}");
    for o in store.list(Kind::ReplicaSet, None).chain(store.list(Kind::Pod, None)) {
        for r in &o.meta().owner_references {
            assert_ne!(r.uid, old_uid, "{} still points at the deleted web", o.name());
        }
    }
    let ready = store.list(Kind::Pod, Some("default")).filter(|p| p.as_pod().is_some_and(|p| p.is_ready())).count();
    assert_eq!(ready, 2);
}
