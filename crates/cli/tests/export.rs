//! `kubeplay export`: a script's objects as `kubectl apply -f` input. The
//! expected YAML is what a real v1.32 API server stores for these kubectl
//! commands (its defaults included), minus status and server-set metadata.

use std::io::Write;
use std::process::{Command, Stdio};

fn export(script: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kubeplay"))
        .args(["export", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kubeplay runs");
    child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("script written");
    let out = child.wait_with_output().expect("kubeplay finishes");
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned(), out.status.code())
}

const EXPECTED: &str = "\
apiVersion: v1
kind: Service
metadata:
  labels:
    app: web
  name: web
  namespace: default
spec:
  internalTrafficPolicy: Cluster
  ipFamilies:
  - IPv4
  ipFamilyPolicy: SingleStack
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  selector:
    app: web
  sessionAffinity: None
  type: ClusterIP
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: web
  name: web
  namespace: default
spec:
  progressDeadlineSeconds: 600
  replicas: 3
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: web
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - image: nginx:1.16.1
        imagePullPolicy: IfNotPresent
        name: nginx
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
";

#[test]
fn exports_the_scripts_objects_without_server_fields() {
    let script = "\
kubectl create deployment web --image=nginx:1.14.2 --replicas=3
kubectl expose deployment web --port=80
sim settle
kubectl set image deployment/web nginx=nginx:1.16.1
sim settle
";
    let (stdout, stderr, code) = export(script);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, EXPECTED);
}

#[test]
fn a_failing_script_exports_nothing() {
    let (stdout, stderr, code) = export("kubectl get deployment nope\n");
    assert_eq!(code, Some(1));
    assert_eq!(stdout, "");
    assert!(stderr.contains("Error from server (NotFound): deployments.apps \"nope\" not found"), "{stderr}");
    assert!(stderr.contains("not exporting"), "{stderr}");
}
