//! create_ingress_test.go (kubectl v1.32), run as `create ingress`
//! command lines with `--dry-run=client -o json`. Expected objects and
//! error texts are upstream's; the JSON compared is what kubectl v1.32
//! prints for the same flags.

use super::create_upstream_tests::{engine, error, kubectl, object};
use serde_json::{json, Value};

fn flags(default_backend: &str, rules: &[&str], annotations: &[&str]) -> String {
    let mut line = String::from("kubectl create ingress test-ingress --dry-run=client -o json");
    if !default_backend.is_empty() {
        line.push_str(&format!(" --default-backend={default_backend}"));
    }
    for r in rules {
        line.push_str(&format!(" --rule={r}"));
    }
    for a in annotations {
        line.push_str(&format!(" --annotation={a}"));
    }
    line
}

/// A validation case: its name, `--default-backend`, `--rule`s,
/// `--annotation`s and the error (none when empty).
type Case<'a> = (&'a str, &'a str, Vec<&'a str>, Vec<&'a str>, String);

// create_ingress_test.go's TestCreateIngressValidation
#[test]
fn create_ingress_validation() {
    let invalid_rule = |r: &str| format!("error: rule {r} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]");
    let cases: Vec<Case> = vec![
        (
            "no default backend and rule",
            "",
            vec![],
            vec![],
            "error: not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)".into(),
        ),
        ("invalid default backend separator", "xpto,4444", vec![], vec![], "error: default-backend should be in format servicename:serviceport".into()),
        ("default backend without port", "xpto", vec![], vec![], "error: default-backend should be in format servicename:serviceport".into()),
        ("default backend is ok", "xpto:4444", vec![], vec![], String::new()),
        ("invalid annotation", "xpto:4444", vec![], vec!["key1=value1", "key2"], "error: annotation key2 is invalid and should be in format key=[value]".into()),
        ("valid annotations", "xpto:4444", vec![], vec!["key1=value1", "key2="], String::new()),
        ("multiple conformant rules", "", vec!["foo.com/path*=svc:8080", "bar.com/admin*=svc2:http"], vec![], String::new()),
        (
            "one invalid and two valid rules",
            "",
            vec!["foo.com=svc:redis,tls", "foo.com/path/subpath*=othersvc:8080", "foo.com/*=svc:8080,tls=secret1"],
            vec![],
            invalid_rule("foo.com=svc:redis,tls"),
        ),
        ("service without port", "", vec!["foo.com/=svc,tls"], vec![], invalid_rule("foo.com/=svc,tls")),
        ("valid tls rule without secret", "", vec!["foo.com/=svc:http,tls="], vec![], String::new()),
        ("valid tls rule with secret", "", vec!["foo.com/=svc:http,tls=secret123"], vec![], String::new()),
        ("valid path with type prefix", "", vec!["foo.com/admin*=svc:8080"], vec![], String::new()),
        ("wildcard host", "", vec!["*.foo.com/admin*=svc:8080"], vec![], String::new()),
        ("invalid separation between ingress and service", "", vec!["*.foo.com/path,svc:8080"], vec![], invalid_rule("*.foo.com/path,svc:8080")),
        (
            "two invalid and one valid rule",
            "",
            vec!["foo.com/path/subpath*=svc:redis,tls=blo", "foo.com=othersvc:8080", "foo.com/admin=svc,tls=secret1"],
            vec![],
            invalid_rule("foo.com=othersvc:8080"),
        ),
        ("valid catch all rule", "", vec!["/path/subpath*=svc:redis,tls=blo"], vec![], String::new()),
    ];
    let mut e = engine();
    for (name, default_backend, rules, annotations, want) in cases {
        let out = kubectl(&mut e, &flags(default_backend, &rules, &annotations));
        if want.is_empty() {
            assert!(!out.failed, "{name}: {}", out.stderr);
        } else {
            assert_eq!(error(&out), want, "{name}");
        }
    }
}

fn svc(name: &str, port: Value) -> Value {
    json!({"service": {"name": name, "port": port}})
}

fn path(p: &str, path_type: &str, backend: Value) -> Value {
    json!({"path": p, "pathType": path_type, "backend": backend})
}

// create_ingress_test.go's TestCreateIngress
#[test]
fn create_ingress() {
    let num = |n: i32| json!({ "number": n });
    let name = |n: &str| json!({ "name": n });
    let meta = json!({"name": "test-ingress", "creationTimestamp": null});
    let cases: Vec<(&str, String, Value)> = vec![
        (
            "catch all host and default backend with default TLS returns empty TLS",
            flags("service1:https", &["/=catchall:8080,tls="], &[]) + " --class=nginx",
            json!({
                "ingressClassName": "nginx",
                "defaultBackend": svc("service1", name("https")),
                "rules": [{"http": {"paths": [path("/", "Exact", svc("catchall", num(8080)))]}}]
            }),
        ),
        (
            "catch all with path of type prefix and secret name",
            flags("service1:https", &["/path*=catchall:8080,tls=secret1"], &[]) + " --class=nginx",
            json!({
                "ingressClassName": "nginx",
                "defaultBackend": svc("service1", name("https")),
                "tls": [{"secretName": "secret1"}],
                "rules": [{"http": {"paths": [path("/path", "Prefix", svc("catchall", num(8080)))]}}]
            }),
        ),
        (
            "mixed hosts with mixed TLS configuration and a default backend",
            flags(
                "service2:8080",
                &[
                    "foo.com/=foo-svc:8080,tls=",
                    "foo.com/admin=foo-admin-svc:http,tls=",
                    "bar.com/prefix*=bar-svc:8080,tls=bar-secret",
                    "bar.com/noprefix=barnp-svc:8443,tls",
                    "foobar.com/*=foobar-svc:https",
                    "foobar1.com/*=foobar1-svc:https,tls=bar-secret",
                ],
                &[],
            ),
            json!({
                "defaultBackend": svc("service2", num(8080)),
                "tls": [{"hosts": ["foo.com"]}, {"hosts": ["bar.com", "foobar1.com"], "secretName": "bar-secret"}],
                "rules": [
                    {"host": "foo.com", "http": {"paths": [path("/", "Exact", svc("foo-svc", num(8080))), path("/admin", "Exact", svc("foo-admin-svc", name("http")))]}},
                    {"host": "bar.com", "http": {"paths": [path("/prefix", "Prefix", svc("bar-svc", num(8080))), path("/noprefix", "Exact", svc("barnp-svc", num(8443)))]}},
                    {"host": "foobar.com", "http": {"paths": [path("/", "Prefix", svc("foobar-svc", name("https")))]}},
                    {"host": "foobar1.com", "http": {"paths": [path("/", "Prefix", svc("foobar1-svc", name("https")))]}}
                ]
            }),
        ),
    ];
    let mut e = engine();
    for (case, line, spec) in cases {
        let got = object(&kubectl(&mut e, &line));
        let want = json!({"kind": "Ingress", "apiVersion": "networking.k8s.io/v1", "metadata": meta, "spec": spec, "status": {"loadBalancer": {}}});
        assert_eq!(got, want, "{case}");
    }
    let annotated = object(&kubectl(
        &mut e,
        &flags(
            "",
            &["foo.com/=svc:8080,tls=secret1", "foo.com/subpath*=othersvc:8080,tls=secret1"],
            &["ingress.kubernetes.io/annotation1=bla", "ingress.kubernetes.io/annotation2=blo", "ingress.kubernetes.io/annotation3=ble"],
        ),
    ));
    let want = json!({
        "kind": "Ingress", "apiVersion": "networking.k8s.io/v1",
        "metadata": {"name": "test-ingress", "creationTimestamp": null, "annotations": {
            "ingress.kubernetes.io/annotation1": "bla", "ingress.kubernetes.io/annotation2": "blo", "ingress.kubernetes.io/annotation3": "ble"}},
        "spec": {
            "tls": [{"hosts": ["foo.com"], "secretName": "secret1"}],
            "rules": [{"host": "foo.com", "http": {"paths": [path("/", "Exact", svc("svc", num(8080))), path("/subpath", "Prefix", svc("othersvc", num(8080)))]}}]
        },
        "status": {"loadBalancer": {}}
    });
    assert_eq!(annotated, want, "simple ingress with annotation");
}

// Beyond upstream's tables, each checked against kubectl v1.32's
// `--dry-run=client -o json`: a port is a number only as a 32-bit integer
// (`080` is 80, `-0` none), the empty secret is a TLS group of its own, a
// rule with more than one comma has no TLS, and a path holding `=` (which
// kubectl v1.32 crashes on) is refused.
#[test]
fn create_ingress_edges() {
    let mut e = engine();
    let port = |e: &mut _, rule: &str| object(&kubectl(e, &flags("", &[rule], &[])))["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]["port"].clone();
    assert_eq!(port(&mut e, "/x=s:080"), json!({"number": 80}));
    assert_eq!(port(&mut e, "/x=s:-1"), json!({"number": -1}));
    assert_eq!(port(&mut e, "/x=s:-0"), json!({}));
    assert_eq!(port(&mut e, "/x=s:99999999999"), json!({"name": "99999999999"}));
    let spec = object(&kubectl(&mut e, &flags("", &["h/x=s:80,tls", "h/y=t:80,tls=s2", "g/x=s:80,tls"], &[])))["spec"].clone();
    assert_eq!(spec["tls"], json!([{"hosts": ["h", "g"]}]));
    let spec = object(&kubectl(&mut e, &flags("svc:", &["/x=s:80,tls=a,b"], &[])))["spec"].clone();
    assert_eq!((spec["tls"].clone(), spec["defaultBackend"].clone()), (Value::Null, json!({"service": {"name": "svc", "port": {}}})));
    let out = kubectl(&mut e, &flags("", &["host/a=b=c:80"], &[]));
    assert!(error(&out).contains("host/a=b=c:80"), "{}", out.stderr);
}
