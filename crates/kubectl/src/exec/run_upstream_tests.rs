//! Upstream kubectl v1.32's `kubectl run` and `kubectl autoscale` tests
//! (staging/src/k8s.io/kubectl/pkg/cmd/{run,autoscale}/*_test.go), as
//! command lines against a fresh cluster.

use super::create_upstream_tests::{engine_with, kubectl, object};
use serde_json::{json, Value};

// run_test.go's TestGetRestartPolicy (the non-interactive cases: the
// playground has no attached pods) and TestRunArgsFollowDashRules.
#[test]
fn run_restart_policy_and_dash_rules() {
    let mut e = engine_with("");
    for (flag, want) in [
        ("--restart=", Some("Always")),
        ("--restart=Always", Some("Always")),
        ("--restart=Never", Some("Never")),
        ("--restart=foo", None),
    ] {
        let out = kubectl(&mut e, &format!("kubectl run foo --image=nginx {flag} --dry-run=client -o jsonpath={{.spec.restartPolicy}}"));
        match want {
            Some(policy) => assert_eq!(out.stdout, policy, "{flag}: {}", out.stderr),
            None => assert!(
                out.stderr.starts_with("error: invalid restart policy: foo"),
                "{}",
                out.stderr
            ),
        }
    }
    for (args, ok) in [
        ("", false),
        ("foo", true),
        ("foo sleep", true),
        ("foo -- sleep", true),
        ("-- foo sleep", false),
    ] {
        let out = kubectl(
            &mut e,
            &format!("kubectl run --image=nginx --dry-run=client -o name {args}"),
        );
        assert_eq!(!out.failed, ok, "{args}: {}", out.stderr);
        if !ok {
            assert!(
                out.stderr.starts_with("error: NAME is required for run"),
                "{}",
                out.stderr
            );
        }
    }
}

// run_test.go's TestGenerateService and TestExpose: `run --expose` makes a
// service named after the pod that selects the pod's labels (run=NAME by
// default) and carries --labels.
#[test]
fn run_with_expose() {
    let cases = [
        ("foo", "", Value::Null, json!({"run": "foo"}), "80"),
        (
            "foo",
            "--labels=app=bar",
            json!({"app": "bar"}),
            json!({"app": "bar"}),
            "80",
        ),
        (
            "test-pod",
            "--labels=color=red,shape=square",
            json!({"color": "red", "shape": "square"}),
            json!({"color": "red", "shape": "square"}),
            "1234",
        ),
    ];
    for (name, labels, want_labels, selector, port) in cases {
        let mut e = engine_with("");
        let out = kubectl(
            &mut e,
            &format!("kubectl run {name} --image=test-image --expose --port={port} {labels}"),
        );
        assert_eq!(
            out.stdout,
            format!("service/{name} created\npod/{name} created\n"),
            "{}",
            out.stderr
        );
        let svc = object(&kubectl(
            &mut e,
            &format!("kubectl get service {name} -o json"),
        ));
        assert_eq!(svc["metadata"]["labels"], want_labels);
        assert_eq!(svc["spec"]["selector"], selector);
        let want_port: i64 = port.parse().unwrap_or_default();
        assert_eq!(svc["spec"]["ports"][0]["port"], json!(want_port));
        assert_eq!(svc["spec"]["ports"][0]["targetPort"], json!(want_port));
        assert_eq!(svc["spec"]["ports"][0]["protocol"], json!("TCP"));
    }
    // "missing port".
    let mut e = engine_with("");
    assert!(
        kubectl(&mut e, "kubectl run foo --image=test-image --expose")
            .stderr
            .starts_with("error: --port must be set when exposing a service")
    );
    // "dry-run": nothing is created.
    assert!(
        !kubectl(
            &mut e,
            "kubectl run foo --image=test-image --expose --port=80 --dry-run=client"
        )
        .failed
    );
    assert!(kubectl(&mut e, "kubectl get service foo").failed);
}

// run_test.go's TestRunValidations.
#[test]
fn run_validations() {
    let mut e = engine_with("");
    let cases = [
        ("--image=busybox", "error: NAME is required for run"),
        ("test", "error: required flag(s) \"image\" not set"),
        ("test --image=#", "error: Invalid image name \"#\": invalid reference format"),
        ("test --image=busybox --rm", "error: --rm should only be used for attached containers"),
        ("test --image=busybox --attach --dry-run=client", "error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)"),
        ("test --image=busybox --stdin --dry-run=client", "error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)"),
        ("test --image=busybox --tty --stdin --dry-run=client", "error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)"),
        ("test --image=busybox --tty", "error: -i/--stdin is required for containers with -t/--tty=true"),
        ("test --image=busybox --overrides={} --override-type=foo", "error: invalid override type: foo"),
    ];
    for (args, want) in cases {
        let out = kubectl(&mut e, &format!("kubectl run {args}"));
        assert_eq!(out.stderr.lines().next(), Some(want), "{args}");
        assert!(out.failed);
    }
}

// run_test.go's TestRunOverride.
#[test]
fn run_override() {
    let head = "apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: null\n  labels:\n";
    let merge_spec = "spec:\n  containers:\n  - name: test\n    resources:\n      limits:\n        cpu: 200m\n  dnsPolicy: ClusterFirst\n  restartPolicy: Always\nstatus: {}\n";
    let strategic_spec = "spec:\n  containers:\n  - image: busybox\n    name: test\n    resources:\n      limits:\n        cpu: 200m\n  dnsPolicy: ClusterFirst\n  restartPolicy: Always\nstatus: {}\n";
    let json_spec = "spec:\n  containers:\n  - image: busybox\n    name: test\n    resources:\n      limits:\n        cpu: 200m\n  restartPolicy: Always\nstatus: {}\n";
    let meta = "    run: test\n  name: test\n  namespace: ns\n";
    let limits =
        r#"{"spec":{"containers":[{"name":"test","resources":{"limits":{"cpu":"200m"}}}]}}"#;
    let patch = r#"[{"op": "add", "path": "/metadata/labels/foo", "value": "bar"}, {"op": "replace", "path": "/spec/containers/0/resources", "value": {"limits": {"cpu": "200m"}}}, {"op": "remove", "path": "/spec/dnsPolicy"}]"#;
    let cases = [
        (limits, "merge", format!("{head}{meta}{merge_spec}")),
        (limits, "", format!("{head}{meta}{merge_spec}")),
        (limits, "strategic", format!("{head}{meta}{strategic_spec}")),
        (
            patch,
            "json",
            format!("{head}    foo: bar\n{meta}{json_spec}"),
        ),
    ];
    let mut e = engine_with("");
    for (overrides, kind, want) in cases {
        let out = kubectl(&mut e, &format!("kubectl run test -n ns --dry-run=client -o yaml --image=busybox --overrides='{overrides}' --override-type={kind}"));
        assert_eq!(out.stdout, want, "{kind}: {}", out.stderr);
    }
}

// autoscale_test.go's TestAutoscaleValidate and
// TestCreateHorizontalPodAutoscalerV1 (v1.32 creates autoscaling/v1 HPAs;
// the v2 and memory cases are later releases'), on scalable targets.
#[test]
fn autoscale() {
    let targets = "apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  selector: {matchLabels: {app: d}}
  template:
    metadata: {labels: {app: d}}
    spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: frontend}
spec:
  selector: {matchLabels: {app: f}}
  template:
    metadata: {labels: {app: f}}
    spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: web
  selector: {matchLabels: {app: w}}
  template:
    metadata: {labels: {app: w}}
    spec: {containers: [{name: c, image: nginx}]}
";
    let mut e = engine_with(targets);
    let invalid = [
        (
            "--max=0 --min=1",
            "error: --max=MAXPODS is required and must be at least 1, max: 0",
        ),
        (
            "--max=1 --min=2",
            "error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 1, min: 2",
        ),
    ];
    for (flags, want) in invalid {
        let out = kubectl(
            &mut e,
            &format!("kubectl autoscale deployment d {flags} --dry-run=client"),
        );
        assert_eq!(out.stderr.lines().next(), Some(want), "{flags}");
    }
    for flags in ["--max=10 --min=1", "--max=5 --min=0", "--max=5 --min=-2"] {
        assert!(
            !kubectl(
                &mut e,
                &format!("kubectl autoscale deployment d {flags} --dry-run=client")
            )
            .failed,
            "{flags}"
        );
    }
    let cases = [
        (
            "deployment d --name=custom-name --max=10 --min=2 --cpu-percent=80",
            ("Deployment", "d"),
            json!({"minReplicas": 2, "maxReplicas": 10, "targetCPUUtilizationPercentage": 80}),
        ),
        (
            "deployment d --name=custom-name-2 --max=10 --min=-1 --cpu-percent=80",
            ("Deployment", "d"),
            json!({"maxReplicas": 10, "targetCPUUtilizationPercentage": 80}),
        ),
        (
            "deployment d --name=custom-name-4 --max=10 --min=2 --cpu-percent=-1",
            ("Deployment", "d"),
            json!({"minReplicas": 2, "maxReplicas": 10}),
        ),
        (
            "replicaset frontend --name=replicaset-hpa --max=5 --min=1 --cpu-percent=70",
            ("ReplicaSet", "frontend"),
            json!({"minReplicas": 1, "maxReplicas": 5, "targetCPUUtilizationPercentage": 70}),
        ),
        (
            "statefulset web --name=statefulset-hpa --max=8 --min=2 --cpu-percent=60",
            ("StatefulSet", "web"),
            json!({"minReplicas": 2, "maxReplicas": 8, "targetCPUUtilizationPercentage": 60}),
        ),
        // "zero min replicas" passes validation and leaves minReplicas out.
        (
            "deployment d --name=zero --max=5 --min=0",
            ("Deployment", "d"),
            json!({"maxReplicas": 5}),
        ),
    ];
    for (args, (kind, name), mut spec) in cases {
        let hpa = object(&kubectl(
            &mut e,
            &format!("kubectl autoscale {args} --dry-run=client -o json"),
        ));
        assert_eq!(hpa["apiVersion"], json!("autoscaling/v1"), "{args}");
        spec["scaleTargetRef"] = json!({"kind": kind, "name": name, "apiVersion": "apps/v1"});
        assert_eq!(hpa["spec"], spec, "{args}");
    }
}
