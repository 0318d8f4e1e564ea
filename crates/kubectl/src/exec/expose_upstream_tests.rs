//! Upstream kubectl v1.32's `kubectl expose` tests
//! (staging/src/k8s.io/kubectl/pkg/cmd/expose/expose_test.go), as command
//! lines against a fresh cluster holding the objects the upstream fakes
//! serve.

use super::create_upstream_tests::{engine_with, kubectl, kubectl_with, object};
use serde_json::{json, Value};

/// The service `baz` the upstream fakes return: a selector, no ports (so
/// headless here, as the API server wants ports otherwise).
const BAZ: &str = "apiVersion: v1
kind: Service
metadata: {name: baz, namespace: test}
spec:
  clusterIP: None
  selector: {app: go}
---
apiVersion: v1
kind: Service
metadata: {name: baz, namespace: testns}
spec:
  clusterIP: None
  selector: {app: go}
---
apiVersion: v1
kind: Service
metadata: {name: mayor, namespace: default}
spec:
  clusterIP: None
  selector: {run: this}
";

/// A port as the generator writes it: name (when set), protocol, port,
/// target port.
fn port(name: &str, protocol: &str, port: i64, target: Value) -> Value {
    let mut m = serde_json::Map::new();
    if !name.is_empty() {
        m.insert("name".into(), json!(name));
    }
    m.insert("protocol".into(), json!(protocol));
    m.insert("port".into(), json!(port));
    m.insert("targetPort".into(), target);
    Value::Object(m)
}

// expose_test.go's TestRunExposeService: (case, namespace, object, flags,
// expected output line, expected service name, labels and spec).
#[test]
fn expose_service() {
    let long = "a-name-that-is-toooo-big-for-a-service-because-it-can-only-handle-63-characters";
    let multiport = "apiVersion: v1
kind: Service
metadata: {name: foo, namespace: test, labels: {svc: multiport}}
spec:
  selector: {k: v}
  ports:
  - {name: a, protocol: TCP, port: 80, targetPort: 80}
  - {name: b, protocol: TCP, port: 443, targetPort: 443}
";
    let multiprotocol = "apiVersion: v1
kind: Service
metadata: {name: foo, namespace: test, labels: {svc: multiport}}
spec:
  selector: {k: v}
  ports:
  - {name: a, protocol: TCP, port: 80, targetPort: 80}
  - {name: b, protocol: UDP, port: 8080, targetPort: 8080}
  - {name: c, protocol: UDP, port: 8081, targetPort: 8081}
  - {name: d, protocol: SCTP, port: 8082, targetPort: 8082}
";
    let pod = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: {long}, namespace: test}}\nspec:\n  containers: [{{name: c, image: nginx}}]\n");
    let udp14 = || json!([port("", "UDP", 14, json!(14))]);
    let sctp14 = || json!([port("", "SCTP", 14, json!(14))]);
    let go = json!({"app": "go"});
    let stream = json!({"func": "stream"});
    let svc_test = json!({"svc": "test"});
    let common = "--name=foo --labels=svc=test";
    #[allow(clippy::type_complexity)]
    let cases: Vec<(&str, &str, String, String, &str, &str, Value, Value)> = vec![
        ("no-selector-defined", "service baz -n test", BAZ.into(), format!("--protocol=UDP --port=14 {common}"), "service/foo exposed", "foo", svc_test.clone(), json!({"ports": udp14(), "selector": go})),
        ("from-service", "service baz -n test", BAZ.into(), format!("--selector=func=stream --protocol=UDP --port=14 {common}"), "service/foo exposed", "foo", svc_test.clone(), json!({"ports": udp14(), "selector": stream})),
        // Created for real, it would collide with the service it exposes.
        ("no-name", "service mayor", BAZ.into(), "--selector=run=this --port=80 --labels=runas=amayor --dry-run=client".into(), "service/mayor exposed (dry run)", "mayor", json!({"runas": "amayor"}), json!({"ports": [port("", "TCP", 80, json!(80))], "selector": {"run": "this"}})),
        (
            "expose-service",
            "service baz -n test",
            BAZ.into(),
            format!("--selector=func=stream --protocol=UDP --port=14 {common} --type=LoadBalancer --dry-run=client"),
            "service/foo exposed (dry run)",
            "foo",
            svc_test.clone(),
            json!({"ports": udp14(), "selector": stream, "type": "LoadBalancer"}),
        ),
        (
            "affinity",
            "service baz -n test",
            BAZ.into(),
            format!("--selector=func=stream --protocol=UDP --port=14 {common} --type=LoadBalancer --session-affinity=ClientIP --dry-run=client"),
            "service/foo exposed (dry run)",
            "foo",
            svc_test.clone(),
            json!({"ports": udp14(), "selector": stream, "type": "LoadBalancer", "sessionAffinity": "ClientIP"}),
        ),
        (
            "cluster-ip",
            "service baz -n test",
            BAZ.into(),
            format!("--selector=func=stream --protocol=UDP --port=14 {common} --cluster-ip=10.10.10.10 --dry-run=client"),
            "service/foo exposed (dry run)",
            "foo",
            svc_test.clone(),
            json!({"ports": udp14(), "selector": stream, "clusterIP": "10.10.10.10"}),
        ),
        (
            "headless",
            "service baz -n test",
            BAZ.into(),
            format!("--selector=func=stream --protocol=UDP --port=14 {common} --cluster-ip=None --dry-run=client"),
            "service/foo exposed (dry run)",
            "foo",
            svc_test.clone(),
            json!({"ports": udp14(), "selector": stream, "clusterIP": "None"}),
        ),
        (
            "headless-no-port",
            "service baz -n test",
            BAZ.into(),
            format!("--selector=func=stream {common} --cluster-ip=None --dry-run=client"),
            "service/foo exposed (dry run)",
            "foo",
            svc_test.clone(),
            json!({"selector": stream, "clusterIP": "None"}),
        ),
        (
            "from-file",
            "-f redis-master-service.yaml -n test",
            "apiVersion: v1\nkind: Service\nmetadata: {name: redis-master, namespace: test}\nspec:\n  selector: {app: go}\n".into(),
            format!("--selector=func=stream --protocol=UDP --port=14 {common} --dry-run=client"),
            "service/foo exposed (dry run)",
            "foo",
            svc_test.clone(),
            json!({"ports": udp14(), "selector": stream}),
        ),
        (
            "truncate-name",
            Box::leak(format!("pod {long} -n test").into_boxed_str()),
            pod,
            "--selector=svc=frompod --port=90 --labels=svc=frompod".into(),
            "service/a-name-that-is-toooo-big-for-a-service-because-it-can-only-hand exposed",
            &long[..63],
            json!({"svc": "frompod"}),
            json!({"ports": [port("", "TCP", 90, json!(90))], "selector": {"svc": "frompod"}}),
        ),
        (
            "multiport",
            "service foo -n test",
            multiport.into(),
            "--selector=svc=fromfoo --name=fromfoo --dry-run=client".into(),
            "service/fromfoo exposed (dry run)",
            "fromfoo",
            json!({"svc": "multiport"}),
            json!({"ports": [port("port-1", "TCP", 80, json!(80)), port("port-2", "TCP", 443, json!(443))], "selector": {"svc": "fromfoo"}}),
        ),
        (
            "multiprotocol",
            "service foo -n test",
            multiprotocol.into(),
            "--selector=svc=fromfoo --name=fromfoo --dry-run=client".into(),
            "service/fromfoo exposed (dry run)",
            "fromfoo",
            json!({"svc": "multiport"}),
            json!({"ports": [
                port("port-1", "TCP", 80, json!(80)),
                port("port-2", "UDP", 8080, json!(8080)),
                port("port-3", "UDP", 8081, json!(8081)),
                port("port-4", "SCTP", 8082, json!(8082)),
            ], "selector": {"svc": "fromfoo"}}),
        ),
        ("no-selector-sctp", "service baz -n test", BAZ.into(), format!("--protocol=SCTP --port=14 {common}"), "service/foo exposed", "foo", svc_test.clone(), json!({"ports": sctp14(), "selector": go})),
        (
            "from-service-sctp",
            "service baz -n test",
            BAZ.into(),
            format!("--selector=func=stream --protocol=SCTP --port=14 {common}"),
            "service/foo exposed",
            "foo",
            svc_test.clone(),
            json!({"ports": sctp14(), "selector": stream}),
        ),
        (
            "cluster-ip-sctp",
            "service baz -n test",
            BAZ.into(),
            format!("--selector=func=stream --protocol=SCTP --port=14 {common} --cluster-ip=10.10.10.10 --dry-run=client"),
            "service/foo exposed (dry run)",
            "foo",
            svc_test.clone(),
            json!({"ports": sctp14(), "selector": stream, "clusterIP": "10.10.10.10"}),
        ),
        (
            "headless-sctp",
            "service baz -n test",
            BAZ.into(),
            format!("--selector=func=stream --protocol=SCTP --port=14 {common} --cluster-ip=None --dry-run=client"),
            "service/foo exposed (dry run)",
            "foo",
            svc_test.clone(),
            json!({"ports": sctp14(), "selector": stream, "clusterIP": "None"}),
        ),
    ];
    for (case, target, manifests, flags, line, name, labels, spec) in cases {
        let files = [("redis-master-service.yaml", manifests.as_str())];
        let mut e = engine_with(if target.starts_with("-f") {
            BAZ
        } else {
            &manifests
        });
        let out = kubectl_with(&mut e, &format!("kubectl expose {target} {flags}"), &files);
        assert_eq!(out.stdout, format!("{line}\n"), "{case}: {}", out.stderr);
        // The same service, printed rather than created.
        let mut e = engine_with(if target.starts_with("-f") {
            BAZ
        } else {
            &manifests
        });
        let flags = if flags.contains("--dry-run") {
            flags
        } else {
            format!("{flags} --dry-run=client")
        };
        let svc = object(&kubectl_with(
            &mut e,
            &format!("kubectl expose {target} {flags} -o json"),
            &files,
        ));
        assert_eq!(svc["metadata"]["name"], json!(name), "{case}");
        assert_eq!(svc["metadata"]["labels"], labels, "{case}");
        assert_eq!(svc["spec"], spec, "{case}");
    }
    // namespace-yaml: the namespace given is written on the printed service.
    let mut e = engine_with(BAZ);
    let out = kubectl(&mut e, &format!("kubectl expose service baz -n testns --selector=func=stream --protocol=UDP --port=14 {common} --type=LoadBalancer --dry-run=client -o yaml"));
    assert!(out.stdout.contains("namespace: testns"), "{}", out.stdout);
}

// expose_test.go's TestExposeOverride.
#[test]
fn expose_override() {
    let head = "apiVersion: v1\nkind: Service\nmetadata:\n  creationTimestamp: null\n  labels:\n    svc: test\n  name: foo\n  namespace: test\nspec:\n  ports:\n";
    let tail = "  selector:\n    app: go\nstatus:\n  loadBalancer: {}\n";
    let new_port = "  - port: 1111\n    protocol: TCP\n    targetPort: 2222\n";
    let old_port = "  - port: 14\n    protocol: UDP\n    targetPort: 14\n";
    let cases = [
        (
            r#"{"spec": {"ports": [{"protocol": "TCP", "port": 1111, "targetPort": 2222}]}, "selector": {"app": "go"}}"#,
            "merge",
            format!("{head}{new_port}{tail}"),
        ),
        (
            r#"{"spec": {"ports": [{"protocol": "TCP", "port": 1111, "targetPort": 2222}]}}"#,
            "strategic",
            format!("{head}{new_port}{old_port}{tail}"),
        ),
        (
            r#"[{"op": "add", "path": "/spec/ports/0", "value": {"port": 1111, "protocol": "TCP", "targetPort": 2222}}]"#,
            "json",
            format!("{head}{new_port}{old_port}{tail}"),
        ),
        (
            r#"[{"op": "add", "path": "/spec/ports/1", "value": {"port": 1111, "protocol": "TCP", "targetPort": 2222}}]"#,
            "json",
            format!("{head}{old_port}{new_port}{tail}"),
        ),
    ];
    let mut e = engine_with(BAZ);
    for (overrides, kind, want) in cases {
        let line = format!("kubectl expose service baz -n test --protocol=UDP --port=14 --name=foo --labels=svc=test --dry-run=client --overrides='{overrides}' --override-type={kind} -o yaml");
        let out = kubectl(&mut e, &line);
        assert_eq!(out.stdout, want, "{kind} {overrides}: {}", out.stderr);
    }
}
