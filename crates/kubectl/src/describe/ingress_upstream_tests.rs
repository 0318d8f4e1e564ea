//! Ported from describe_test.go (v1.32): the Ingress pages, with the
//! Services and EndpointSlices a backend is looked up in.

use super::ingress::{describe_ingress, describe_ingress_class, Backends};
use kubeplay_model::api::{EndpointSlice, Ingress, IngressClass, Service};
use kubeplay_model::time::EPOCH;
use serde_json::{json, Value};

fn ingress(spec: Value) -> Ingress {
    serde_json::from_value(json!({"metadata": {"name": "bar", "namespace": "foo"}, "spec": spec})).expect("ingress decodes")
}

fn svc_backend() -> Value {
    json!({"service": {"name": "default-backend", "port": {"number": 80}}})
}

fn resource_backend(group: bool) -> Value {
    let mut r = json!({"kind": "foo", "name": "bar"});
    if group {
        r["apiGroup"] = json!("example.com");
    }
    json!({"resource": r})
}

fn rules(backend: Value) -> Value {
    json!([{"host": "foo.bar.com", "http": {"paths": [{"path": "/foo", "backend": backend}]}}])
}

fn page(ing: &Ingress) -> String {
    describe_ingress(ing, &Backends { services: &[], slices: &[] }, Some(&[]), EPOCH)
}

/// The page of an Ingress with one `foo.bar.com/foo` rule.
fn rule_page(default: &str, backend: &str) -> String {
    format!(
        "Name:             bar\nLabels:           <none>\nNamespace:        foo\nAddress:          \nIngress Class:    test\nDefault backend:  {default}\nRules:\n  Host         Path  Backends\n  ----         ----  --------\n  foo.bar.com  \n               /foo   {backend}\nAnnotations:   <none>\nEvents:        <none>\n"
    )
}

/// The page of an Ingress without rules: one `* *` row.
fn default_page(class: &str, default: &str) -> String {
    format!(
        "Name:             bar\nLabels:           <none>\nNamespace:        foo\nAddress:          \nIngress Class:    {class}\nDefault backend:  {default}\nRules:\n  Host        Path  Backends\n  ----        ----  --------\n  *           *     {default}\nAnnotations:  <none>\nEvents:       <none>\n"
    )
}

const NOT_FOUND: &str = "default-backend:80 (<error: services \"default-backend\" not found>)";
const RESOURCE: &str = "APIGroup: example.com, Kind: foo, Name: bar";

// describe_test.go's TestDescribeIngress (its v1 cases; the playground
// serves no networking.k8s.io/v1beta1).
#[test]
fn describe_ingress_cases() {
    let class = json!("test");
    let cases: Vec<(&str, Value, String)> = vec![
        ("IngressRule.HTTP.Paths.Backend.Service v1", json!({"ingressClassName": class, "rules": rules(svc_backend())}), rule_page("<default>", NOT_FOUND)),
        ("IngressRule.HTTP.Paths.Backend.Resource v1", json!({"ingressClassName": class, "rules": rules(resource_backend(true))}), rule_page("<default>", RESOURCE)),
        (
            "IngressRule.HTTP.Paths.Backend.Resource v1 Without APIGroup",
            json!({"ingressClassName": class, "rules": rules(resource_backend(false))}),
            rule_page("<default>", "APIGroup: <none>, Kind: foo, Name: bar"),
        ),
        (
            "Spec.DefaultBackend.Service & IngressRule.HTTP.Paths.Backend.Service v1",
            json!({"defaultBackend": svc_backend(), "ingressClassName": class, "rules": rules(svc_backend())}),
            rule_page(NOT_FOUND, NOT_FOUND),
        ),
        (
            "Spec.DefaultBackend.Resource & IngressRule.HTTP.Paths.Backend.Resource v1",
            json!({"defaultBackend": resource_backend(true), "ingressClassName": class, "rules": rules(resource_backend(true))}),
            rule_page(RESOURCE, RESOURCE),
        ),
        (
            "Spec.DefaultBackend.Resource & IngressRule.HTTP.Paths.Backend.Service v1",
            json!({"defaultBackend": resource_backend(true), "ingressClassName": class, "rules": rules(svc_backend())}),
            rule_page(RESOURCE, NOT_FOUND),
        ),
        ("DefaultBackend", json!({"defaultBackend": svc_backend(), "ingressClassName": class}), default_page("test", NOT_FOUND)),
        ("EmptyBackend", json!({"ingressClassName": class}), default_page("test", "<default>")),
        ("EmptyIngressClassName", json!({"defaultBackend": svc_backend()}), default_page("<none>", NOT_FOUND)),
    ];
    for (name, spec, want) in cases {
        assert_eq!(page(&ingress(spec)), want, "{name}");
    }
}

// describe_test.go's TestDescribeIngressV1: the labels show.
#[test]
fn describe_ingress_v1_labels() {
    let mut ing = ingress(json!({"ingressClassName": "test", "rules": rules(svc_backend())}));
    ing.metadata.labels = [("id1".to_string(), "app1".to_string()), ("id2".to_string(), "app2".to_string())].into_iter().collect::<std::collections::BTreeMap<_, _>>().into();
    let out = page(&ing);
    for want in ["bar", "foo", "foo.bar.com", "/foo", "app1", "app2"] {
        assert!(out.contains(want), "{want} in {out}");
    }
    assert!(out.starts_with("Name:             bar\nLabels:           id1=app1\n                  id2=app2\nNamespace:        foo\n"), "{out}");
}

// describeBackendV1 with the Service found: the ready endpoints of the port
// the backend names (by number or by name), `<none>` without slices; and
// describeIngressTLSV1's two forms.
#[test]
fn backends_with_endpoints_and_tls() {
    let svc: Service =
        serde_json::from_value(json!({"metadata": {"name": "web", "namespace": "foo"}, "spec": {"ports": [{"name": "http", "port": 80}, {"name": "admin", "port": 9000}]}}))
            .expect("service");
    let other: Service = serde_json::from_value(json!({"metadata": {"name": "idle", "namespace": "foo"}, "spec": {"ports": [{"port": 80}]}})).expect("service");
    let slice: EndpointSlice = serde_json::from_value(json!({
        "metadata": {"name": "web-abc", "namespace": "foo", "labels": {"kubernetes.io/service-name": "web"}},
        "addressType": "IPv4",
        "endpoints": [{"addresses": ["10.244.1.5"], "conditions": {"ready": true}}, {"addresses": ["10.244.2.7"], "conditions": {"ready": true}}],
        "ports": [{"name": "http", "port": 8080, "protocol": "TCP"}, {"name": "admin", "port": 9090, "protocol": "TCP"}]
    }))
    .expect("slice");
    let ing = ingress(json!({
        "tls": [{"hosts": ["a.example.com", "b.example.com"], "secretName": "ab-tls"}, {"hosts": ["c.example.com"]}],
        "rules": [
            {"host": "a.example.com", "http": {"paths": [
                {"path": "/", "pathType": "Prefix", "backend": {"service": {"name": "web", "port": {"number": 80}}}},
                {"path": "/admin", "pathType": "Prefix", "backend": {"service": {"name": "web", "port": {"name": "admin"}}}}
            ]}},
            {"http": {"paths": [{"path": "/idle", "pathType": "Exact", "backend": {"service": {"name": "idle", "port": {"number": 80}}}}]}},
            {"host": "no-http.example.com"}
        ]
    }));
    let services = [&svc, &other];
    let slices = [&slice];
    let out = describe_ingress(&ing, &Backends { services: &services, slices: &slices }, None, EPOCH);
    let want = "\
Name:             bar
Labels:           <none>
Namespace:        foo
Address:          
Ingress Class:    <none>
Default backend:  <default>
TLS:
  ab-tls terminates a.example.com,b.example.com
  SNI routes c.example.com
Rules:
  Host           Path  Backends
  ----           ----  --------
  a.example.com  
                 /        web:80 (10.244.1.5:8080,10.244.2.7:8080)
                 /admin   web:admin (10.244.1.5:9090,10.244.2.7:9090)
  *              
                 /idle   idle:80 (<none>)
Annotations:     <none>
";
    assert_eq!(out, want);
}

// describeIngressClassV1: the parameters block only when set, its APIGroup
// only when given; Events aligns with the parameters, the block it follows.
#[test]
fn describe_ingress_class_pages() {
    let class: IngressClass = serde_json::from_value(json!({
        "metadata": {"name": "example-class"},
        "spec": {"controller": "example.com/controller", "parameters": {"apiGroup": "v1", "kind": "ConfigMap", "name": "example-parameters"}}
    }))
    .expect("class");
    let want = "\
Name:         example-class
Labels:       <none>
Annotations:  <none>
Controller:   example.com/controller
Parameters:
  APIGroup:  v1
  Kind:      ConfigMap
  Name:      example-parameters
Events:      <none>
";
    assert_eq!(describe_ingress_class(&class, Some(&[]), EPOCH), want);
    let bare: IngressClass = serde_json::from_value(json!({"metadata": {"name": "nginx"}, "spec": {"controller": "k8s.io/ingress-nginx"}})).expect("class");
    assert_eq!(describe_ingress_class(&bare, None, EPOCH), "Name:         nginx\nLabels:       <none>\nAnnotations:  <none>\nController:   k8s.io/ingress-nginx\n");
}
