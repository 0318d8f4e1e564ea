//! Cases ported from upstream's `pkg/apis/networking/validation/validation_test.go`
//! (v1.32): Ingress and IngressClass. Upstream validates internal objects;
//! here each is a manifest decoded as is. Where upstream compares whole
//! error texts, so do these; where it lists the fields in error, these do.

use super::upstream_apps::merge;
use super::*;
use serde_json::{json, Value};

const RFC1123_SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

fn raw(v: Value) -> Object {
    Object::from_json(&v).expect("test object decodes")
}

fn texts(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

fn fields(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.field.clone()).collect()
}

fn svc_backend() -> Value {
    json!({"service": {"name": "defaultbackend", "port": {"number": 80}}})
}

/// A resource backend; its null `service` also removes, when merged, the
/// base's service backend.
fn resource_backend() -> Value {
    json!({"service": null, "resource": {"apiGroup": "example.com", "kind": "foo", "name": "bar"}})
}

fn both_backends() -> Value {
    json!({"service": {"name": "defaultbackend", "port": {"number": 80}}, "resource": {"apiGroup": "example.com", "kind": "foo", "name": "bar"}})
}

fn rule(host: &str, path: &str, path_type: &str, backend: Value) -> Value {
    json!({"host": host, "http": {"paths": [{"path": path, "pathType": path_type, "backend": backend}]}})
}

fn ingress(metadata: Value, spec: Value) -> Value {
    json!({"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "metadata": metadata, "spec": spec})
}

/// `TestValidateIngress`'s baseIngress, with `patch` merged into it.
fn base_ingress(patch: Value) -> Object {
    let mut v = ingress(
        json!({"name": "foo", "namespace": "default"}),
        json!({"defaultBackend": svc_backend(), "rules": [rule("foo.bar.com", "/foo", "ImplementationSpecific", svc_backend())]}),
    );
    merge(&mut v, &patch);
    raw(v)
}

fn with_rule(r: Value) -> Value {
    json!({"spec": {"rules": [r]}})
}

fn first_path(p: Value) -> Value {
    let mut r = rule("foo.bar.com", "/foo", "ImplementationSpecific", svc_backend());
    merge(&mut r["http"]["paths"][0], &p);
    with_rule(r)
}

fn host(h: &str) -> Value {
    with_rule(rule(h, "/foo", "ImplementationSpecific", svc_backend()))
}

// validation_test.go's TestValidateIngress
#[test]
fn validate_ingress() {
    let cases: Vec<(&str, Value, Vec<&str>)> = vec![
        ("empty path (implementation specific)", first_path(json!({"path": ""})), vec![]),
        ("valid path", first_path(json!({"path": "/valid"})), vec![]),
        ("backend with no service", json!({"spec": {"defaultBackend": {"service": {"name": ""}}}}), vec!["spec.defaultBackend.service.name"]),
        ("invalid path type", first_path(json!({"pathType": "foo"})), vec!["spec.rules[0].http.paths[0].pathType"]),
        ("empty path (prefix)", first_path(json!({"path": "", "pathType": "Prefix"})), vec!["spec.rules[0].http.paths[0].path"]),
        ("no paths", json!({"spec": {"rules": [{"host": "foo.bar.com", "http": {"paths": []}}]}}), vec!["spec.rules[0].http.paths"]),
        ("invalid host (foobar:80)", host("foobar:80"), vec!["spec.rules[0].host"]),
        ("invalid host (127.0.0.1)", host("127.0.0.1"), vec!["spec.rules[0].host"]),
        ("valid wildcard host", host("*.bar.com"), vec![]),
        ("invalid wildcard host (foo.*.bar.com)", host("foo.*.bar.com"), vec!["spec.rules[0].host"]),
        ("invalid wildcard host (*)", host("*"), vec!["spec.rules[0].host"]),
        ("path resource backend and service name are not allowed together", first_path(json!({"backend": both_backends()})), vec!["spec.rules[0].http.paths[0].backend"]),
        ("spec.backend resource and service name are not allowed together", json!({"spec": {"defaultBackend": both_backends()}}), vec!["spec.defaultBackend"]),
    ];
    for (name, patch, want) in cases {
        let errs = validate(&base_ingress(patch));
        assert_eq!(fields(&errs), want, "{name}: {:?}", texts(&errs));
    }
}

// validation_test.go's TestValidateIngressRuleValue (upstream validates the
// rule value under the path `testing`; here the whole Ingress, so its
// errors are under `spec.rules[0]`).
#[test]
fn validate_ingress_rule_value() {
    let at = "spec.rules[0].http.paths[0].path";
    let cases: Vec<(&str, &str, &str, Option<&str>)> = vec![
        ("implementation specific: no leading slash", "ImplementationSpecific", "foo", Some("\"foo\": must be an absolute path")),
        ("implementation specific: leading slash", "ImplementationSpecific", "/foo", None),
        ("implementation specific: many slashes", "ImplementationSpecific", "/foo/bar/foo", None),
        ("implementation specific: repeating slashes", "ImplementationSpecific", "/foo//bar/foo", None),
        ("prefix: no leading slash", "Prefix", "foo", Some("\"foo\": must be an absolute path")),
        ("prefix: leading slash", "Prefix", "/foo", None),
        ("prefix: many slashes", "Prefix", "/foo/bar/foo", None),
        ("prefix: repeating slashes", "Prefix", "/foo//bar/foo", Some("\"/foo//bar/foo\": must not contain '//'")),
        ("exact: no leading slash", "Exact", "foo", Some("\"foo\": must be an absolute path")),
        ("exact: leading slash", "Exact", "/foo", None),
        ("exact: many slashes", "Exact", "/foo/bar/foo", None),
        ("exact: repeating slashes", "Exact", "/foo//bar/foo", Some("\"/foo//bar/foo\": must not contain '//'")),
        ("prefix: with /./", "Prefix", "/foo/./foo", Some("\"/foo/./foo\": must not contain '/./'")),
        ("exact: with /../", "Exact", "/foo/../foo", Some("\"/foo/../foo\": must not contain '/../'")),
        ("prefix: with %2f", "Prefix", "/foo/%2f/foo", Some("\"/foo/%2f/foo\": must not contain '%2f'")),
        ("exact: with %2F", "Exact", "/foo/%2F/foo", Some("\"/foo/%2F/foo\": must not contain '%2F'")),
    ];
    for (name, path_type, path, want) in cases {
        let errs = validate(&base_ingress(first_path(json!({"path": path, "pathType": path_type}))));
        let want: Vec<String> = want.map(|w| format!("{at}: Invalid value: {w}")).into_iter().collect();
        assert_eq!(texts(&errs), want, "{name}");
    }
}

/// `TestValidateIngressCreate`'s and `TestValidateIngressUpdate`'s
/// baseIngress: a default backend and no rules.
fn create_base(patch: &Value) -> Object {
    let mut v = ingress(json!({"name": "test123", "namespace": "test123", "resourceVersion": "1234"}), json!({"defaultBackend": svc_backend()}));
    merge(&mut v, patch);
    raw(v)
}

fn class_annotation(v: &str) -> Value {
    json!({"metadata": {"annotations": {"kubernetes.io/ingress.class": v}}})
}

fn regex_rule(path: &str, backend: Value) -> Value {
    with_rule(rule("foo.bar.com", path, "ImplementationSpecific", backend))
}

fn wildcard(path: &str) -> Value {
    json!({"spec": {"tls": [{"hosts": ["*.bar.com"]}], "rules": [rule("*.foo.com", path, "Exact", svc_backend())]}})
}

fn tls_secret(name: &str) -> Value {
    json!({"spec": {"tls": [{"secretName": name}]}})
}

fn both(a: Value, b: Value) -> Value {
    let mut v = a;
    merge(&mut v, &b);
    v
}

// validation_test.go's TestValidateIngressCreate
#[test]
fn validate_ingress_create() {
    let bad_secret = format!("spec.tls[0].secretName: Invalid value: \"invalid name\": {RFC1123_SUBDOMAIN}");
    let cases: Vec<(&str, Value, Vec<String>)> = vec![
        ("class field set", json!({"spec": {"ingressClassName": "bar"}}), vec![]),
        ("class annotation set", class_annotation("foo"), vec![]),
        ("class field and annotation set with same value", both(json!({"spec": {"ingressClassName": "foo"}}), class_annotation("foo")), vec![]),
        (
            "class field and annotation set with different value",
            both(json!({"spec": {"ingressClassName": "bar"}}), class_annotation("foo")),
            vec!["annotations.kubernetes.io/ingress.class: Invalid value: \"foo\": must match `ingressClassName` when both are specified".into()],
        ),
        ("valid regex path", regex_rule("/([a-z0-9]*)", svc_backend()), vec![]),
        ("invalid regex path allowed (v1)", regex_rule("/([a-z0-9]*)[", svc_backend()), vec![]),
        ("Spec.Backend.Resource field allowed on create", json!({"spec": {"defaultBackend": resource_backend()}}), vec![]),
        ("Paths.Backend.Resource field allowed on create", regex_rule("/([a-z0-9]*)", resource_backend()), vec![]),
        ("valid secret", tls_secret("valid"), vec![]),
        ("invalid secret", tls_secret("invalid name"), vec![bad_secret]),
        ("valid rules with wildcard host", wildcard("/foo"), vec![]),
        ("invalid rules with wildcard host", wildcard("foo"), vec!["spec.rules[0].http.paths[0].path: Invalid value: \"foo\": must be an absolute path".into()]),
    ];
    for (name, patch, want) in cases {
        assert_eq!(texts(&validate(&create_base(&patch))), want, "{name}");
    }
}

// validation_test.go's TestValidateIngressUpdate
#[test]
fn validate_ingress_update() {
    let bad_secret = format!("spec.tls[0].secretName: Invalid value: \"invalid name\": {RFC1123_SUBDOMAIN}");
    let res_default = json!({"spec": {"defaultBackend": resource_backend()}});
    let svc_default = json!({"spec": {"defaultBackend": svc_backend()}});
    // (name, old patch, new patch, expected errors)
    let cases: Vec<(&str, Value, Value, Vec<String>)> = vec![
        ("class field set", json!({}), json!({"spec": {"ingressClassName": "bar"}}), vec![]),
        ("class annotation set", json!({}), class_annotation("foo"), vec![]),
        ("class field and annotation set", json!({}), both(json!({"spec": {"ingressClassName": "bar"}}), class_annotation("foo")), vec![]),
        ("valid regex path -> valid regex path", regex_rule("/([a-z0-9]*)", svc_backend()), regex_rule("/([a-z0-9%]*)", svc_backend()), vec![]),
        ("valid regex path -> invalid regex path", regex_rule("/([a-z0-9]*)", svc_backend()), regex_rule("/bar[", svc_backend()), vec![]),
        ("invalid regex path -> valid regex path", regex_rule("/bar[", svc_backend()), regex_rule("/([a-z0-9]*)", svc_backend()), vec![]),
        ("invalid regex path -> invalid regex path", regex_rule("/foo[", svc_backend()), regex_rule("/bar[", svc_backend()), vec![]),
        ("new Backend.Resource allowed on update", svc_default.clone(), res_default.clone(), vec![]),
        ("old DefaultBackend.Resource allowed on update", res_default.clone(), res_default.clone(), vec![]),
        ("changing spec.backend from resource -> no resource", res_default, svc_default, vec![]),
        ("changing path backend from resource -> no resource", regex_rule("/foo[", resource_backend()), regex_rule("/bar[", svc_backend()), vec![]),
        ("changing path backend from resource -> resource", regex_rule("/foo[", resource_backend()), regex_rule("/bar[", resource_backend()), vec![]),
        ("changing path backend from non-resource -> non-resource", regex_rule("/foo[", svc_backend()), regex_rule("/bar[", svc_backend()), vec![]),
        ("changing path backend from non-resource -> resource", regex_rule("/foo[", svc_backend()), regex_rule("/bar[", resource_backend()), vec![]),
        ("change valid secret -> invalid secret", tls_secret("valid"), tls_secret("invalid name"), vec![bad_secret]),
        ("change invalid secret -> invalid secret", tls_secret("invalid name 1"), tls_secret("invalid name 2"), vec![]),
        (
            "change valid rules with wildcard host -> invalid rules",
            wildcard("/foo"),
            wildcard("foo"),
            vec!["spec.rules[0].http.paths[0].path: Invalid value: \"foo\": must be an absolute path".into()],
        ),
        ("change invalid rules with wildcard host -> invalid rules", wildcard("foo"), wildcard("bar"), vec![]),
    ];
    for (name, old, new, want) in cases {
        assert_eq!(texts(&validate_update(&create_base(&old), &create_base(&new))), want, "{name}");
    }
}

// validation_test.go's TestValidateIngressTLS
#[test]
fn validate_ingress_tls() {
    let bad = base_ingress(json!({"spec": {"rules": [rule("*.foo.bar.com", "/foo", "ImplementationSpecific", svc_backend())], "tls": [{"hosts": ["foo.*.bar.com"]}]}}));
    let errs = validate(&bad);
    assert!(errs.first().is_some_and(|e| e.field == "spec.tls[0].hosts[0]" && e.to_string().contains(" Invalid value: ")), "{:?}", texts(&errs));
    let good = base_ingress(json!({"spec": {"rules": [rule("*.bar.com", "/foo", "ImplementationSpecific", svc_backend())], "tls": [{"hosts": ["*.bar.com"]}]}}));
    assert_eq!(texts(&validate(&good)), Vec::<String>::new());
}

// validation_test.go's TestValidateEmptyIngressTLS: an empty TLS entry asks
// the controller for its default certificate.
#[test]
fn validate_empty_ingress_tls() {
    let backend = json!({"service": {"name": "defaultbackend", "port": {"number": 443}}});
    let r = json!({"host": "foo.bar.com", "http": {"paths": [{"pathType": "ImplementationSpecific", "backend": backend}]}});
    for tls in [json!({}), json!({"hosts": []})] {
        let ing = raw(ingress(json!({"name": "foo", "namespace": "default"}), json!({"rules": [r.clone()], "tls": [tls]})));
        assert_eq!(texts(&validate(&ing)), Vec::<String>::new());
    }
}

fn ingress_class(name: &str, controller: &str, params: Option<Value>) -> Object {
    let mut spec = json!({"controller": controller});
    if let Some(p) = params {
        spec["parameters"] = p;
    }
    raw(json!({"apiVersion": "networking.k8s.io/v1", "kind": "IngressClass", "metadata": {"name": name}, "spec": spec}))
}

/// `makeIngressClassParams`: absent optional fields stay absent.
fn params(api_group: Option<&str>, kind: &str, name: &str, scope: Option<&str>, namespace: Option<&str>) -> Option<Value> {
    let mut p = json!({"kind": kind, "name": name});
    for (k, v) in [("apiGroup", api_group), ("scope", scope), ("namespace", namespace)] {
        if let Some(v) = v {
            p[k] = json!(v);
        }
    }
    Some(p)
}

// validation_test.go's TestValidateIngressClass
#[test]
fn validate_ingress_class() {
    let long_ok = format!("foo.co/{}", "a".repeat(243));
    let too_long = format!("foo.co/{}", "a".repeat(244));
    let cluster = Some("Cluster");
    let cases: Vec<(&str, Object, Vec<String>)> = vec![
        ("valid name, valid controller", ingress_class("test123", "foo.co/bar", None), vec![]),
        ("invalid name, valid controller", ingress_class("test*123", "foo.co/bar", None), vec![format!("metadata.name: Invalid value: \"test*123\": {RFC1123_SUBDOMAIN}")]),
        ("valid name, empty controller", ingress_class("test123", "", None), vec!["spec.controller: Required value".into()]),
        ("valid name, controller max length", ingress_class("test123", &long_ok, None), vec![]),
        ("valid name, controller too long", ingress_class("test123", &too_long, None), vec!["spec.controller: Too long: may not be more than 250 bytes".into()]),
        ("valid name, valid controller, valid params", ingress_class("test123", "foo.co/bar", params(Some("example.com"), "foo", "bar", cluster, None)), vec![]),
        (
            "valid name, valid controller, invalid params (no kind)",
            ingress_class("test123", "foo.co/bar", params(Some("example.com"), "", "bar", cluster, None)),
            vec!["spec.parameters.kind: Required value: kind is required".into()],
        ),
        (
            "valid name, valid controller, invalid params (no name)",
            ingress_class("test123", "foo.co/bar", params(Some("example.com"), "foo", "", cluster, None)),
            vec!["spec.parameters.name: Required value: name is required".into()],
        ),
        (
            "valid name, valid controller, invalid params (bad kind)",
            ingress_class("test123", "foo.co/bar", params(None, "foo/", "bar", cluster, None)),
            vec!["spec.parameters.kind: Invalid value: \"foo/\": may not contain '/'".into()],
        ),
        (
            "valid name, valid controller, invalid params (bad scope)",
            ingress_class("test123", "foo.co/bar", params(None, "foo", "bar", Some("bad-scope"), None)),
            vec!["spec.parameters.scope: Unsupported value: \"bad-scope\": supported values: \"Cluster\", \"Namespace\"".into()],
        ),
        ("valid name, valid controller, valid Namespace scope", ingress_class("test123", "foo.co/bar", params(None, "foo", "bar", Some("Namespace"), Some("foo-ns"))), vec![]),
        (
            "valid name, valid controller, valid scope, invalid namespace",
            ingress_class("test123", "foo.co/bar", params(None, "foo", "bar", Some("Namespace"), Some("foo_ns"))),
            vec!["spec.parameters.namespace: Invalid value: \"foo_ns\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')".into()],
        ),
        ("valid name, valid controller, valid Cluster scope", ingress_class("test123", "foo.co/bar", params(None, "foo", "bar", cluster, None)), vec![]),
        (
            "valid name, valid controller, invalid scope",
            ingress_class("test123", "foo.co/bar", params(None, "foo", "bar", None, Some("foo_ns"))),
            vec!["spec.parameters.scope: Required value".into()],
        ),
        (
            "namespace not set when scope is Namespace",
            ingress_class("test123", "foo.co/bar", params(None, "foo", "bar", Some("Namespace"), None)),
            vec!["spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'".into()],
        ),
        (
            "namespace is forbidden when scope is Cluster",
            ingress_class("test123", "foo.co/bar", params(None, "foo", "bar", cluster, Some("foo-ns"))),
            vec!["spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'".into()],
        ),
        (
            "empty namespace is forbidden when scope is Cluster",
            ingress_class("test123", "foo.co/bar", params(None, "foo", "bar", cluster, Some(""))),
            vec!["spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'".into()],
        ),
    ];
    for (name, class, want) in cases {
        assert_eq!(texts(&validate(&class)), want, "{name}");
    }
}

// validation_test.go's TestValidateIngressClassUpdate
#[test]
fn validate_ingress_class_update() {
    let old = ingress_class("test123", "foo.co/different", None);
    let new = ingress_class("test123", "foo.co/bar", None);
    assert_eq!(texts(&validate_update(&old, &new)), vec!["spec.controller: Invalid value: \"foo.co/bar\": field is immutable".to_string()], "name change");

    let old = ingress_class("test123", "foo.co/bar", None);
    let new = ingress_class("test123", "foo.co/bar", params(Some("v1"), "ConfigMap", "foo", Some("Namespace"), Some("bar")));
    assert_eq!(texts(&validate_update(&old, &new)), Vec::<String>::new(), "parameters change");
}
