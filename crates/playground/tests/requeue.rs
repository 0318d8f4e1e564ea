//! The deployment controller's progress re-check, found by the chaos test
//! (case seed 311): a Deployment whose rollout completed and whose pods then
//! crash-loop keeps `Progressing` at NewReplicaSetAvailable with the deadline
//! long past, so every sync that changes nothing asks for a rate-limited
//! re-check (upstream's `requeueStuckDeployment`). Each such request used to
//! arm one more timer, never merged with the ones already waiting, and the
//! re-checks multiplied until the engine did nothing else.

use kubeplay_engine::world::ControllerId;
use kubeplay_model::{Kind, ObjectKey};
use kubeplay_playground::Playground;

const WEB: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  minReadySeconds: 5
  progressDeadlineSeconds: 60
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

/// Controller timers waiting for `key` (client-go's delaying queue holds one).
fn waiting(pg: &Playground, key: &ObjectKey) -> usize {
    pg.engine()
        .world()
        .timers()
        .filter(|t| t.controller == ControllerId::Deployment && &t.key == key)
        .count()
}

#[test]
fn a_completed_deployment_that_loses_its_pods_is_rechecked_at_the_queues_pace() {
    let mut pg = Playground::new(7);
    ok(&mut pg, "kubectl apply -f -", Some(WEB));
    assert!(pg.settle());
    // Two minutes on, the last condition update is past the 60 s deadline.
    pg.advance(120_000);
    ok(&mut pg, "sim image behave nginx:1.25 crash-after=20s", None);
    ok(&mut pg, "kubectl delete pod -l app=web --wait=false", None);
    let key = ObjectKey::new(Kind::Deployment, "default", "web");
    let start = pg.engine().full_trace().len();
    let from = pg.engine().now();
    let mut most_waiting = 0;
    for _ in 0..600 {
        pg.advance(1_000);
        most_waiting = most_waiting.max(waiting(&pg, &key));
    }
    let minutes = (pg.engine().now().millis() - from.millis()) as f64 / 60_000.0;
    assert!(
        most_waiting <= 1,
        "at most one re-check waits per key, saw {most_waiting}"
    );
    let syncs = pg.engine().full_trace()[start..]
        .iter()
        .filter(|s| s.controller == ControllerId::Deployment && s.key == key)
        .count();
    // The pods restart with growing back-off, each change a sync of its own;
    // the rate-limited re-checks come at most 10 a second (the bucket).
    assert!(
        syncs as f64 <= minutes * 60.0 * 10.0 + 100.0,
        "{syncs} syncs of web in {minutes} virtual minutes"
    );
    // And they do happen: a Deployment past its deadline is still looked at.
    assert!(
        syncs as f64 >= minutes * 60.0,
        "{syncs} syncs of web in {minutes} virtual minutes"
    );
}
