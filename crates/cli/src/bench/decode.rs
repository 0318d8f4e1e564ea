//! Decode, validate and apply through `kubectl apply -f -` on the default
//! cluster: one ~2 KB Deployment, a multi-document bundle of ~1 MB of those,
//! and the browser benchmark's bundle (tests/bench/browser.mjs: ConfigMaps
//! of ~1 KB each, 976 of them in 1 MB). Asserts every object was created.

use super::{peak_mb, Clock, Row};
use kubeplay_playground::Playground;

/// A Deployment manifest of about 2 KB, named `name`.
fn deployment_yaml(name: &str) -> String {
    format!(
        "apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  namespace: default
  labels:
    app: {name}
    tier: frontend
    team: platform
  annotations:
    description: a web front end used by the decode benchmark of kubeplay
spec:
  replicas: 0
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
  selector:
    matchLabels:
      app: {name}
  template:
    metadata:
      labels:
        app: {name}
        tier: frontend
    spec:
      terminationGracePeriodSeconds: 30
      containers:
      - name: web
        image: nginx:1.25.3
        imagePullPolicy: IfNotPresent
        args: [\"--port=8080\", \"--log-level=info\", \"--workers=4\"]
        ports:
        - name: http
          containerPort: 8080
          protocol: TCP
        env:
        - name: MODE
          value: production
        - name: CACHE_SIZE
          value: \"256\"
        - name: POD_NAME
          valueFrom:
            fieldRef:
              fieldPath: metadata.name
        resources:
          requests:
            cpu: 100m
            memory: 128Mi
          limits:
            cpu: 500m
            memory: 256Mi
        readinessProbe:
          httpGet:
            path: /healthz
            port: 8080
          initialDelaySeconds: 5
          periodSeconds: 10
        livenessProbe:
          httpGet:
            path: /healthz
            port: 8080
          initialDelaySeconds: 15
          periodSeconds: 20
      - name: sidecar
        image: busybox:1.36
        command: [\"sh\", \"-c\", \"while true; do sleep 3600; done\"]
        resources:
          requests:
            cpu: 10m
            memory: 16Mi
      tolerations:
      - key: dedicated
        operator: Equal
        value: web
        effect: NoSchedule
"
    )
}

fn apply(pg: &mut Playground, yaml: &str, objects: usize) -> Result<(f64, f64), String> {
    let t = Clock::start();
    let out = pg.apply(yaml);
    let wall = t.ms();
    let created = out.stdout.lines().filter(|l| l.ends_with(" created")).count();
    if out.failed || created != objects {
        return Err(format!("apply created {created} of {objects} objects: {}", out.stderr.trim()));
    }
    Ok(wall)
}

// One function per timed apply, never inlined, so that a profiler can
// select one: `valgrind --tool=callgrind --collect-atstart=no
// --toggle-collect='*decode::apply_configmaps*' kubeplay bench --only decode`.
#[inline(never)]
fn apply_one(pg: &mut Playground, yaml: &str) -> Result<(f64, f64), String> {
    apply(pg, yaml, 1)
}

#[inline(never)]
fn apply_deployments(pg: &mut Playground, yaml: &str, objects: usize) -> Result<(f64, f64), String> {
    apply(pg, yaml, objects)
}

#[inline(never)]
fn apply_configmaps(pg: &mut Playground, yaml: &str, objects: usize) -> Result<(f64, f64), String> {
    apply(pg, yaml, objects)
}

pub fn run(bundle_bytes: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let mut pg = Playground::new(1);
    let one = deployment_yaml("web");
    // The first apply pays one-time costs (lazy tables); time the second.
    apply(&mut pg, &deployment_yaml("warm-up"), 1)?;
    let (wall, cpu) = apply_one(&mut pg, &one)?;
    rows.push(Row {
        workload: "decode+apply 1 Deployment".into(),
        size: format!("{:.1} KB", one.len() as f64 / 1024.0),
        wall_ms: wall,
        cpu_ms: cpu,
        throughput: format!("{:.1} MB/s", one.len() as f64 / 1e6 / (wall / 1000.0)),
        peak_mb: peak_mb(),
        hash: 0,
    });
    let mut bundle = String::new();
    let mut n = 0;
    while bundle.len() < bundle_bytes {
        bundle.push_str("---\n");
        bundle.push_str(&deployment_yaml(&format!("web-{n:05}")));
        n += 1;
    }
    let (wall, cpu) = apply_deployments(&mut pg, &bundle, n)?;
    rows.push(bundle_row("decode+apply bundle", &bundle, n, wall, cpu));
    // The browser's bundle, on a fresh cluster as the page's Apply button
    // would see it (after one warm-up apply).
    let mut pg = Playground::new(1);
    apply(&mut pg, &deployment_yaml("warm-up"), 1)?;
    let (bundle, n) = configmap_bundle(bundle_bytes);
    let (wall, cpu) = apply_configmaps(&mut pg, &bundle, n)?;
    rows.push(bundle_row("decode+apply ConfigMaps", &bundle, n, wall, cpu));
    Ok(())
}

/// tests/bench/browser.mjs's bundle: ConfigMaps with a 900-byte payload,
/// joined by `---`, until about `bytes` (976 documents for 1 MB).
pub fn configmap_bundle(bytes: usize) -> (String, usize) {
    let mut docs = Vec::new();
    let mut size = 0;
    while size < bytes {
        let i = docs.len();
        let doc = format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bundle-{i}\n  labels:\n    app: bundle\ndata:\n  payload: \"{}\"\n  index: \"{i}\"\n",
            "x".repeat(900)
        );
        size += doc.len() + 4;
        docs.push(doc);
    }
    let n = docs.len();
    (docs.join("---\n"), n)
}

fn bundle_row(workload: &str, bundle: &str, n: usize, wall: f64, cpu: f64) -> Row {
    Row {
        workload: workload.into(),
        size: format!("{:.0} KB, {n} docs", bundle.len() as f64 / 1024.0),
        wall_ms: wall,
        cpu_ms: cpu,
        throughput: format!("{:.1} MB/s ({:.1} CPU)", bundle.len() as f64 / 1e6 / (wall / 1000.0), bundle.len() as f64 / 1e6 / (cpu / 1000.0)),
        peak_mb: peak_mb(),
        hash: 0,
    }
}
