//! What-if comparisons: two branches from the same state and seed, one
//! change each; the differences must be the ones Kubernetes would show.

use kubeplay_playground::Playground;

const WEB6: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 6
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
        resources:
          requests: {cpu: 100m}
";

fn settled(manifest: &str) -> Playground {
    let mut pg = Playground::new(7);
    assert!(!pg.apply(manifest).failed);
    assert!(pg.settle());
    pg
}

/// "done in 12.5s" → 12500.
fn done_ms(cell: &str) -> Option<i64> {
    let t = cell.strip_prefix("done in ")?;
    let (m, s) = match t.split_once('m') {
        Some((m, s)) => (m.parse::<i64>().ok()?, s),
        None => (0, t),
    };
    let secs: f64 = s.strip_suffix('s')?.parse().ok()?;
    Some(m * 60_000 + (secs * 1000.0).round() as i64)
}

fn rollout(surge: u32) -> String {
    format!(
        "kubectl patch deployment web -p '{{\"spec\":{{\"strategy\":{{\"rollingUpdate\":{{\"maxSurge\":{surge},\"maxUnavailable\":0}}}}}}}}'\nkubectl set image deployment/web nginx=nginx:1.26\n"
    )
}

#[test]
fn a_bigger_surge_finishes_the_same_rollout_sooner() {
    let pg = settled(WEB6);
    let before = pg.position();
    let r = pg.what_if(&rollout(1), &rollout(3), 300_000).expect("valid scripts");
    assert!(!r.a.failed && !r.b.failed, "{}\n{}", r.a.transcript, r.b.transcript);
    let row = r.row("Rollout", "deployment/web").expect("the rollout is compared");
    let (a, b) = (done_ms(&row.a), done_ms(&row.b));
    let (Some(a), Some(b)) = (a, b) else { panic!("both rollouts finish in 5 minutes: {row:?}") };
    // maxSurge 1, maxUnavailable 0 replaces one pod at a time (6 rounds of
    // pull+start+ready); maxSurge 3 does it in 2 rounds.
    assert!(b < a, "maxSurge 3 took {b}ms, maxSurge 1 {a}ms");
    assert!(row.differs);
    // Both created 6 new pods and deleted 6 old ones.
    let created = r.row("Events", "SuccessfulCreate").expect("ReplicaSets created pods");
    assert!(created.a.parse::<i64>().unwrap_or(0) >= 6 && created.b.parse::<i64>().unwrap_or(0) >= 6, "{created:?}");
    // The session itself did not move.
    assert_eq!(pg.position(), before);
    eprintln!("{}", r.render());
    assert!(r.render().contains("* Rollout: deployment/web"));
}

#[test]
fn a_no_schedule_taint_keeps_new_pods_off_the_node() {
    let pg = settled(WEB6);
    let on_worker = pg.view().pods.iter().filter(|p| p.node.as_deref() == Some("kubeplay-worker")).count();
    let a = "kubectl taint nodes kubeplay-worker dedicated=batch:NoSchedule\nkubectl scale deployment web --replicas=12\n";
    let b = "kubectl scale deployment web --replicas=12\n";
    let r = pg.what_if(a, b, 120_000).expect("valid scripts");
    assert!(!r.a.failed && !r.b.failed, "{}\n{}", r.a.transcript, r.b.transcript);
    let row = r.row("Pods per node", "kubeplay-worker").expect("the node is compared");
    // Existing pods stay (NoSchedule does not evict); no new one lands there.
    assert_eq!(row.a, on_worker.to_string());
    assert!(row.b.parse::<usize>().unwrap_or(0) > on_worker, "{row:?}");
    assert!(row.differs);
    // Same total either way: the 6 new pods went elsewhere.
    let total = |col: fn(&kubeplay_playground::WhatIfRow) -> &String| -> usize {
        r.rows.iter().filter(|x| x.section == "Pods per node").map(|x| col(x).parse::<usize>().unwrap_or(0)).sum()
    };
    assert_eq!(total(|x| &x.a), total(|x| &x.b));
}

#[test]
fn identical_branches_show_no_difference() {
    let pg = settled(WEB6);
    let s = "kubectl scale deployment web --replicas=8\n";
    let r = pg.what_if(s, s, 60_000).expect("valid scripts");
    assert_eq!(r.differences().count(), 0, "{}", r.render());
    assert!(r.row("Rollout", "deployment/web").is_some());
}

#[test]
fn failing_commands_are_reported_per_branch() {
    let pg = settled(WEB6);
    let r = pg.what_if("kubectl scale deployment nope --replicas=2\n", "", 1000).expect("valid scripts");
    assert!(r.a.failed && !r.b.failed);
    assert!(r.a.transcript.contains("Error from server (NotFound): deployments.apps \"nope\" not found"), "{}", r.a.transcript);
}
