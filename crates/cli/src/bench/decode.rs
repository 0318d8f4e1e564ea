//! Decode, validate and apply through `kubectl apply -f -` on the default
//! cluster: one ~2 KB Deployment, and a multi-document bundle of ~1 MB.
//! Asserts every object was created.

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

pub fn run(bundle_bytes: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let mut pg = Playground::new(1);
    let one = deployment_yaml("web");
    // The first apply pays one-time costs (lazy tables); time the second.
    apply(&mut pg, &deployment_yaml("warm-up"), 1)?;
    let (wall, cpu) = apply(&mut pg, &one, 1)?;
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
    let (wall, cpu) = apply(&mut pg, &bundle, n)?;
    rows.push(Row {
        workload: "decode+apply bundle".into(),
        size: format!("{:.0} KB, {n} docs", bundle.len() as f64 / 1024.0),
        wall_ms: wall,
        cpu_ms: cpu,
        throughput: format!("{:.1} MB/s", bundle.len() as f64 / 1e6 / (wall / 1000.0)),
        peak_mb: peak_mb(),
        hash: 0,
    });
    Ok(())
}
