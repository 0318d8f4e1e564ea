//! Cases ported from upstream's validation tests for the smaller API
//! groups (v1.32): `pkg/apis/autoscaling/validation/validation_test.go`
//! and `pkg/apis/policy/validation/validation_test.go`. Upstream validates
//! internal objects without defaulting them; here each is a manifest
//! decoded as is, and as upstream's tables do, an error case checks that
//! the first error contains the expected text.

use super::upstream_apps::merge;
use super::*;
use serde_json::{json, Value};

fn raw(v: Value) -> Object {
    Object::from_json(&v).expect("test object decodes")
}

fn texts(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

fn assert_valid(name: &str, o: &Object) {
    assert_eq!(texts(&validate(o)), Vec::<String>::new(), "{name}");
}

fn assert_first(o: &Object, msg: &str) {
    let errs = texts(&validate(o));
    assert!(errs.first().is_some_and(|e| e.contains(msg)), "expected first error to contain {msg:?}: {errs:?}");
}

fn hpa(spec: Value) -> Object {
    let mut v = json!({"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "myautoscaler", "namespace": "default"},
        "spec": {"scaleTargetRef": {"kind": "ReplicationController", "name": "myrc"}, "minReplicas": 1, "maxReplicas": 5}});
    merge(&mut v, &json!({ "spec": spec }));
    raw(v)
}

fn metric(m: Value) -> Object {
    hpa(json!({"metrics": [m]}))
}

const UTIL70: &str = r#"{"type": "Utilization", "averageUtilization": 70}"#;

fn util70() -> Value {
    serde_json::from_str(UTIL70).expect("json")
}

fn resource(name: Option<&str>, target: Value) -> Value {
    let mut r = json!({"target": target});
    if let Some(n) = name {
        r["name"] = json!(n);
    }
    json!({"type": "Resource", "resource": r})
}

fn container_resource(name: Option<&str>, container: Option<&str>, target: Value) -> Value {
    let mut r = json!({"target": target});
    if let Some(n) = name {
        r["name"] = json!(n);
    }
    if let Some(c) = container {
        r["container"] = json!(c);
    }
    json!({"type": "ContainerResource", "containerResource": r})
}

fn external(metric: Value, target: Value) -> Value {
    json!({"type": "External", "external": {"metric": metric, "target": target}})
}

fn selector_metric(name: &str) -> Value {
    json!({"name": name, "selector": {"matchLabels": {"label": "value"}}})
}

/// `prepareHPAWithBehavior`: a valid autoscaler with the given behavior.
fn with_behavior(b: Value) -> Object {
    hpa(json!({"metrics": [resource(Some("cpu"), util70())], "behavior": b}))
}

// validation_test.go's TestValidateBehavior
#[test]
fn hpa_behavior() {
    let simple = json!([{"type": "Percent", "value": 10, "periodSeconds": 1}, {"type": "Pods", "value": 1, "periodSeconds": 1800}]);
    let four = json!([{"type": "Pods", "value": 1, "periodSeconds": 2}, {"type": "Percent", "value": 3, "periodSeconds": 4}, {"type": "Pods", "value": 5, "periodSeconds": 6}, {"type": "Percent", "value": 7, "periodSeconds": 8}]);
    for (i, b) in [
        json!({}),
        json!({"scaleUp": {"stabilizationWindowSeconds": 3600, "selectPolicy": "Min", "policies": simple}, "scaleDown": {"stabilizationWindowSeconds": 0, "selectPolicy": "Disabled", "policies": simple}}),
        json!({"scaleUp": {"stabilizationWindowSeconds": 120, "selectPolicy": "Max", "policies": four}, "scaleDown": {"stabilizationWindowSeconds": 120, "selectPolicy": "Max", "policies": four}}),
    ]
    .into_iter()
    .enumerate()
    {
        assert_valid(&format!("behavior success {i}"), &with_behavior(b));
    }
    for dir in ["scaleUp", "scaleDown"] {
        let cases = [
            (json!({"selectPolicy": "Min"}), format!("spec.behavior.{dir}.policies: Required value: must specify at least one Policy")),
            (
                json!({"stabilizationWindowSeconds": 3601, "selectPolicy": "Min", "policies": simple}),
                format!("spec.behavior.{dir}.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600"),
            ),
            (
                json!({"policies": [{"type": "Pods", "value": 7, "periodSeconds": 1801}]}),
                format!("spec.behavior.{dir}.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800"),
            ),
            (
                json!({"selectPolicy": "incorrect", "policies": [{"type": "Pods", "value": 7, "periodSeconds": 8}]}),
                format!(r#"spec.behavior.{dir}.selectPolicy: Unsupported value: "incorrect": supported values: "Disabled", "Max", "Min""#),
            ),
            (json!({"policies": [{"type": "hm", "value": 7, "periodSeconds": 8}]}), format!(r#"spec.behavior.{dir}.policies[0].type: Unsupported value: "hm": supported values: "Percent", "Pods""#)),
            (json!({"policies": [{"type": "Pods", "value": 8, "periodSeconds": 0}]}), format!("spec.behavior.{dir}.policies[0].periodSeconds: Invalid value: 0: must be greater than zero")),
            (json!({"policies": [{"type": "Pods", "value": 0, "periodSeconds": 8}]}), format!("spec.behavior.{dir}.policies[0].value: Invalid value: 0: must be greater than zero")),
            (json!({"policies": [{"type": "Pods", "value": 1, "periodSeconds": -1}]}), format!("spec.behavior.{dir}.policies[0].periodSeconds: Invalid value: -1: must be greater than zero")),
            (json!({"policies": [{"type": "Pods", "value": -1, "periodSeconds": 1}]}), format!("spec.behavior.{dir}.policies[0].value: Invalid value: -1: must be greater than zero")),
        ];
        for (rules, msg) in cases {
            assert_first(&with_behavior(json!({ dir: rules })), &msg);
        }
    }
}

// validation_test.go's TestValidateHorizontalPodAutoscaler
#[test]
fn hpa_create() {
    let success = [
        metric(resource(Some("cpu"), util70())),
        hpa(json!({})),
        metric(resource(Some("cpu"), json!({"type": "AverageValue", "averageValue": "300m"}))),
        metric(json!({"type": "Pods", "pods": {"metric": {"name": "somemetric"}, "target": {"type": "AverageValue", "averageValue": "300m"}}})),
        metric(container_resource(Some("cpu"), Some("test-container"), util70())),
        metric(container_resource(Some("cpu"), Some("test-container"), json!({"type": "AverageValue", "averageValue": "300m"}))),
        metric(
            json!({"type": "Object", "object": {"describedObject": {"kind": "ReplicationController", "name": "myrc"}, "metric": {"name": "somemetric"}, "target": {"type": "Value", "value": "300m"}}}),
        ),
        metric(external(selector_metric("somemetric"), json!({"type": "Value", "value": "300m"}))),
        metric(external(selector_metric("somemetric"), json!({"type": "AverageValue", "averageValue": "300m"}))),
    ];
    for (i, o) in success.iter().enumerate() {
        assert_valid(&format!("hpa success {i}"), o);
    }
    let no_kind = |m: Value| hpa(json!({"scaleTargetRef": {"kind": null}, "metrics": [m]}));
    let ref_with = |kind: &str, name: &str, m: Value| hpa(json!({"scaleTargetRef": {"kind": kind, "name": name}, "metrics": [m]}));
    let no_name = |m: Value| hpa(json!({"scaleTargetRef": {"name": null}, "metrics": [m]}));
    let cr = || container_resource(Some("cpu"), Some("test-application"), util70());
    let cases: Vec<(Object, &str)> = vec![
        (no_kind(resource(Some("cpu"), util70())), "scaleTargetRef.kind: Required"),
        (no_kind(cr()), "scaleTargetRef.kind: Required"),
        (ref_with("..", "myrc", resource(Some("cpu"), util70())), "scaleTargetRef.kind: Invalid"),
        (ref_with("..", "myrc", cr()), "scaleTargetRef.kind: Invalid"),
        (no_name(resource(Some("cpu"), util70())), "scaleTargetRef.name: Required"),
        (no_name(cr()), "scaleTargetRef.name: Required"),
        (ref_with("ReplicationController", "..", resource(Some("cpu"), util70())), "scaleTargetRef.name: Invalid"),
        (ref_with("ReplicationController", "..", cr()), "scaleTargetRef.name: Invalid"),
        (hpa(json!({"scaleTargetRef": {"kind": null, "name": null}, "minReplicas": -1})), "must be greater than or equal to 1"),
        (hpa(json!({"scaleTargetRef": {"kind": null, "name": null}, "minReplicas": 7})), "must be greater than or equal to `minReplicas`"),
        (metric(resource(Some("cpu"), json!({"type": "Utilization", "averageUtilization": 70, "averageValue": "300m"}))), "may not set both a target raw value and a target utilization"),
        (
            metric(container_resource(Some("cpu"), Some("test-application"), json!({"type": "Utilization", "averageUtilization": 70, "averageValue": "300m"}))),
            "may not set both a target raw value and a target utilization",
        ),
        (metric(resource(None, util70())), "must specify a resource name"),
        (metric(container_resource(None, Some("test-application"), util70())), "must specify a resource name"),
        // Upstream v1.33+ prints the name unquoted (a ResourceName Stringer); v1.32 quotes it.
        (metric(container_resource(Some("InvalidResource"), Some("test-application"), util70())), "must be a standard resource type or fully qualified"),
        (metric(resource(Some("cpu"), json!({"type": "Utilization", "averageUtilization": -10}))), "must be greater than 0"),
        (metric(container_resource(Some("cpu"), Some("test-application"), json!({"type": "Utilization", "averageUtilization": -10}))), "must be greater than 0"),
        (metric(container_resource(Some("cpu"), None, json!({"type": "Utilization", "averageUtilization": -10}))), "must specify a container"),
        (metric(container_resource(Some("cpu"), Some("---***"), json!({"type": "Utilization", "averageUtilization": -10}))), "Invalid value: \"---***\""),
        (metric(resource(Some("cpu"), json!({"type": "Value"}))), "must set either a target raw value or a target utilization"),
        (metric(container_resource(Some("cpu"), Some("test-application"), json!({"type": "Value"}))), "must set either a target raw value or a target utilization"),
        (metric(json!({"type": "Pods", "pods": {"metric": {}, "target": {"type": "Value", "averageValue": "100m"}}})), "must specify a metric name"),
        (metric(json!({"type": "Pods", "pods": {"metric": {"name": "somemetric"}, "target": {"type": "Value"}}})), "must specify a positive target averageValue"),
        (
            metric(json!({"type": "Object", "object": {"describedObject": {"kind": "ReplicationController", "name": "myrc"}, "metric": {"name": "somemetric"}, "target": {"type": "Value"}}})),
            "must set either a target value or averageValue",
        ),
        (
            metric(json!({"type": "Object", "object": {"describedObject": {"name": "myrc"}, "metric": {"name": "somemetric"}, "target": {"type": "Value", "value": "100m"}}})),
            "object.describedObject.kind: Required",
        ),
        (
            metric(json!({"type": "Object", "object": {"describedObject": {"kind": "ReplicationController", "name": "myrc"}, "metric": {}, "target": {"type": "Value", "value": "100m"}}})),
            "must specify a metric name",
        ),
        (metric(external(json!({"selector": {"matchLabels": {"label": "value"}}}), json!({"type": "Value", "value": "300m"}))), "must specify a metric name"),
        (metric(external(selector_metric("foo/../"), json!({"type": "Value", "value": "300m"}))), "'/'"),
        (metric(external(selector_metric("somemetric"), json!({"type": "Value"}))), "must set either a target value for metric or a per-pod target"),
        (metric(external(selector_metric("somemetric"), json!({"type": "Value", "value": "-300m"}))), "must be positive"),
        (metric(external(selector_metric("somemetric"), json!({"type": "Value", "averageValue": "-300m"}))), "must be positive"),
        (metric(external(selector_metric("somemetric"), json!({"type": "Value", "value": "300m", "averageValue": "300m"}))), "may not set both a target value for metric and a per-pod target"),
        (metric(external(selector_metric("somemetric"), json!({"type": "boogity", "value": "300m"}))), "must be either Utilization, Value, or AverageValue"),
        (metric(external(selector_metric("somemetric"), json!({"value": "300m"}))), "must specify a metric target type"),
        (metric(json!({"type": "External", "external": {"metric": selector_metric("somemetric")}})), "must specify a metric target"),
        (metric(json!({"type": ""})), "must specify a metric source type"),
        (metric(json!({"type": "InvalidType"})), "type: Unsupported value"),
        (
            metric(
                json!({"type": "Resource", "resource": {"name": "cpu", "target": {"type": "AverageValue", "averageValue": "100m"}}, "pods": {"metric": {"name": "somemetric"}, "target": {"type": "AverageValue", "averageValue": "100m"}}}),
            ),
            "must populate the given metric source only",
        ),
    ];
    for (o, msg) in &cases {
        assert_first(o, msg);
    }
    // Each source given under another source's type.
    let sources = [
        ("Resource", json!({"resource": {"name": "cpu", "target": {"type": "AverageValue", "averageValue": "100m"}}})),
        ("ContainerResource", json!({"containerResource": {"name": "cpu", "container": "test-application", "target": {"type": "AverageValue", "averageValue": "100m"}}})),
        ("Pods", json!({"pods": {"metric": {"name": "somemetric"}, "target": {"type": "AverageValue", "averageValue": "100m"}}})),
        ("Object", json!({"object": {"describedObject": {"kind": "ReplicationController", "name": "myrc"}, "metric": {"name": "somemetric"}, "target": {"type": "Value", "value": "100m"}}})),
    ];
    for (correct, spec) in &sources {
        for (incorrect, _) in &sources {
            if correct != incorrect {
                let mut m = spec.clone();
                m["type"] = json!(incorrect);
                assert_first(&metric(m), "must populate information for the given metric source");
            }
        }
    }
}

/// `prepareMinReplicasCases`.
fn min_replicas_cases(min: i32) -> [Object; 2] {
    let with = |m: Value| {
        let mut v = json!({"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "myautoscaler", "namespace": "default", "resourceVersion": "theversion"},
            "spec": {"scaleTargetRef": {"kind": "ReplicationController", "name": "myrc"}, "minReplicas": min, "maxReplicas": 5, "metrics": [m]}});
        merge(&mut v, &json!({}));
        raw(v)
    };
    [
        with(
            json!({"type": "Object", "object": {"describedObject": {"kind": "ReplicationController", "name": "myrc"}, "metric": {"name": "somemetric"}, "target": {"type": "Value", "value": "300m"}}}),
        ),
        with(external(selector_metric("somemetric"), json!({"type": "AverageValue", "averageValue": "300m"}))),
    ]
}

// validation_test.go's TestValidateHorizontalPodAutoscalerScaleToZeroDisabled
// and TestValidateHorizontalPodAutoscalerScaleToZeroUpdateDisabled: the
// HPAScaleToZero gate is off in v1.32.
#[test]
fn hpa_scale_to_zero_disabled() {
    let zero = min_replicas_cases(0);
    let one = min_replicas_cases(1);
    for (z, o) in zero.iter().zip(&one) {
        assert_first(z, "must be greater than or equal to 1");
        assert_valid("min 1", o);
        let errs = texts(&validate_update(o, z));
        assert!(errs.first().is_some_and(|e| e.contains("must be greater than or equal to 1")), "{errs:?}");
        assert_eq!(texts(&validate_update(z, z)), Vec::<String>::new());
        assert_eq!(texts(&validate_update(z, o)), Vec::<String>::new());
    }
}

/// Keeping minReplicas 0 needs an Object or External metric.
#[test]
fn hpa_zero_min_replicas_needs_object_or_external_metric() {
    let old = hpa(json!({"minReplicas": 0, "metrics": [resource(Some("cpu"), util70())]}));
    assert_eq!(texts(&validate_update(&old, &old)), vec!["spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas"]);
}

fn pdb(spec: Value) -> Object {
    raw(json!({"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "pdb", "namespace": "default"}, "spec": spec}))
}

// policy validation_test.go's TestValidatePodDisruptionBudgetSpec and
// TestValidateMinAvailablePodAndMaxUnavailableDisruptionBudgetSpec
#[test]
fn pdb_min_available_and_max_unavailable() {
    for spec in [json!({"minAvailable": "0%", "maxUnavailable": "10%"}), json!({"minAvailable": "10%", "maxUnavailable": 1})] {
        assert_first(&pdb(spec), "minAvailable and maxUnavailable cannot be both set");
    }
}

// policy validation_test.go's TestValidateMinAvailablePodDisruptionBudgetSpec
#[test]
fn pdb_min_available() {
    for v in [json!("0%"), json!("1%"), json!("100%"), json!(0), json!(1), json!(100)] {
        assert_valid(&v.to_string(), &pdb(json!({ "minAvailable": v })));
    }
    for v in [json!("1.1%"), json!("nope"), json!("-1%"), json!("101%"), json!(-1)] {
        assert!(!validate(&pdb(json!({ "minAvailable": v }))).is_empty(), "{v}");
    }
}

// policy validation_test.go's TestValidateUnhealthyPodEvictionPolicyDisruptionBudgetSpec
#[test]
fn pdb_unhealthy_pod_eviction_policy() {
    let cases = [(None, false), (Some("AlwaysAllow"), false), (Some(""), true), (Some("Invalid"), true)];
    for (policy, fails) in cases {
        let mut spec = json!({"minAvailable": "10%"});
        if let Some(p) = policy {
            spec["unhealthyPodEvictionPolicy"] = json!(p);
        }
        assert_eq!(!validate(&pdb(spec)).is_empty(), fails, "{policy:?}");
    }
}

fn priority_class(name: &str, namespace: &str, extra: Value) -> Object {
    let mut meta = json!({"name": name});
    if !namespace.is_empty() {
        meta["namespace"] = json!(namespace);
    }
    let mut v = json!({"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": meta});
    merge(&mut v, &extra);
    raw(v)
}

// scheduling validation_test.go's TestValidatePriorityClass
#[test]
fn priority_class_create() {
    for (name, o) in [
        ("no description", priority_class("tier1", "", json!({"value": 100}))),
        ("with description", priority_class("tier1", "", json!({"value": 200, "globalDefault": false, "description": "Used for the highest priority pods."}))),
        ("system node critical", priority_class("system-node-critical", "", json!({"value": 2_000_001_000, "globalDefault": false, "description": "system priority class 0"}))),
    ] {
        assert_valid(name, &o);
    }
    for (name, o) in [
        ("with namespace", priority_class("tier1", "foo", json!({"value": 100}))),
        ("invalid name", priority_class("tier&1", "", json!({"value": 100}))),
        ("incorrect system class name", priority_class("system-node-critical", "", json!({"value": 0, "globalDefault": false}))),
        ("incorrect system class value", priority_class("system-something", "", json!({"value": 2_000_001_000, "globalDefault": false}))),
    ] {
        assert!(!validate(&o).is_empty(), "{name}");
    }
    let o = priority_class("system-node-critical", "", json!({"value": 2_000_001_000, "globalDefault": true}));
    assert_eq!(
        texts(&validate(&o)),
        vec!["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: globalDefault of system-node-critical PriorityClass must be false"]
    );
}

// scheduling validation_test.go's TestValidatePriorityClassUpdate
#[test]
fn priority_class_update() {
    let old = priority_class("tier1", "", json!({"metadata": {"resourceVersion": "1"}, "value": 100, "preemptionPolicy": "PreemptLowerPriority"}));
    let at = |name: &str, ns: &str, extra: Value| {
        let mut e = json!({"metadata": {"resourceVersion": "2"}, "value": 100, "preemptionPolicy": "PreemptLowerPriority"});
        merge(&mut e, &extra);
        priority_class(name, ns, e)
    };
    for (name, new) in [
        ("no change", at("tier1", "", json!({"description": "Used for the highest priority pods."}))),
        ("change description", at("tier1", "", json!({"description": "A different description."}))),
        ("remove description", at("tier1", "", json!({}))),
        ("change globalDefault", at("tier1", "", json!({"globalDefault": true}))),
    ] {
        assert_eq!(texts(&validate_update(&old, &new)), Vec::<String>::new(), "{name}");
    }
    for (name, new, t) in [
        ("add namespace", at("tier1", "foo", json!({})), ErrorType::Invalid),
        ("change name", at("tier2", "", json!({})), ErrorType::Invalid),
        ("remove value", at("tier1", "", json!({"value": null})), ErrorType::Forbidden),
        ("change value", at("tier1", "", json!({"value": 101})), ErrorType::Forbidden),
        ("change preemptionPolicy", at("tier1", "", json!({"preemptionPolicy": "Never"})), ErrorType::Invalid),
    ] {
        let errs = validate_update(&old, &new);
        assert!(!errs.is_empty() && errs.iter().all(|e| e.type_ == t), "{name}: {:?}", texts(&errs));
    }
}

fn storage_class(extra: Value) -> Object {
    let mut v = json!({"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": "foo"}, "provisioner": "kubernetes.io/foo-provisioner", "reclaimPolicy": "Delete", "volumeBindingMode": "Immediate"});
    merge(&mut v, &extra);
    raw(v)
}

// storage validation_test.go's TestValidateStorageClass
#[test]
fn storage_class_create() {
    for (i, o) in [
        storage_class(json!({"parameters": {}})),
        storage_class(json!({})),
        storage_class(json!({"parameters": {"kubernetes.io/foo-parameter": "free/form/string", "foo-parameter": "free-form-string", "foo-parameter2": "{\"embedded\": \"json\", \"with\": {\"structures\":\"inside\"}}"}})),
        storage_class(json!({"reclaimPolicy": "Retain"})),
    ]
    .iter()
    .enumerate()
    {
        assert_valid(&format!("storage class success {i}"), o);
    }
    let mut long = serde_json::Map::new();
    let mut total = 0;
    while total < 256 * 1024 {
        let (k, v) = (format!("param/{total}"), format!("value-{total}"));
        total += k.len() + v.len();
        long.insert(k, json!(v));
    }
    for (name, o) in [
        ("namespace is present", storage_class(json!({"metadata": {"namespace": "bar"}, "volumeBindingMode": null}))),
        ("invalid provisioner", storage_class(json!({"provisioner": "kubernetes.io/invalid/provisioner", "volumeBindingMode": null}))),
        ("invalid empty parameter name", storage_class(json!({"provisioner": "kubernetes.io/foo", "parameters": {"": "value"}, "volumeBindingMode": null}))),
        ("provisioner: Required value", storage_class(json!({"provisioner": "", "volumeBindingMode": null}))),
        ("too long parameters", storage_class(json!({"provisioner": "kubernetes.io/foo", "parameters": long, "volumeBindingMode": null}))),
        ("invalid reclaimpolicy", storage_class(json!({"provisioner": "kubernetes.io/foo", "reclaimPolicy": "Recycle", "volumeBindingMode": null}))),
    ] {
        assert!(!validate(&o).is_empty(), "{name}");
    }
    // With the binding mode set, each of these fails on its own rule alone.
    assert_eq!(texts(&validate(&storage_class(json!({"parameters": {"": "value"}})))), vec![r#"parameters: Invalid value: "": field can not be empty."#]);
    assert_eq!(texts(&validate(&storage_class(json!({"parameters": long})))), vec!["parameters: Too long: may not be more than 512 bytes"]);
}

fn slice(address_type: &str, endpoints: Value, ports: Value) -> Object {
    let mut v = json!({"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice", "metadata": {"name": "hello", "namespace": "world"}, "endpoints": endpoints, "ports": ports});
    if !address_type.is_empty() {
        v["addressType"] = json!(address_type);
    }
    raw(v)
}

fn http() -> Value {
    json!([{"name": "http", "protocol": "TCP"}])
}

/// `generateIPAddresses`.
fn ips(n: usize) -> Value {
    json!((0..n).map(|i| format!("10.1.2.{}", i % 255)).collect::<Vec<_>>())
}

fn one(endpoint: Value) -> Value {
    json!([endpoint])
}

// discovery validation_test.go's TestValidateEndpointSlice (the
// deprecatedTopology cases are left out: the v1 field is not modelled)
#[test]
fn endpoint_slice_create() {
    let valid = |addresses: Value| one(json!({"addresses": addresses, "hostname": "valid-123"}));
    let ports = |n: usize| json!((0..n).map(|i| json!({"name": format!("http-{i}"), "protocol": "TCP"})).collect::<Vec<_>>());
    let endpoints = |n: usize| json!((0..n).map(|i| json!({"addresses": [format!("10.1.2.{}", i % 255)]})).collect::<Vec<_>>());
    let zones = |names: &[&str]| one(json!({"addresses": ips(1), "hints": {"forZones": names.iter().map(|n| json!({"name": n})).collect::<Vec<_>>()}}));
    let cases: Vec<(&str, usize, Object)> = vec![
        ("good-slice", 0, slice("IPv4", valid(ips(1)), http())),
        ("good-ipv6", 0, slice("IPv6", valid(json!(["a00:100::4"])), http())),
        ("good-fqdns", 0, slice("FQDN", valid(json!(["foo.example.com", "example.com", "example.com.", "hyphens-are-good.example.com"])), http())),
        ("all-protocols", 0, slice("IPv4", valid(ips(1)), json!([{"name": "tcp", "protocol": "TCP"}, {"name": "udp", "protocol": "UDP"}, {"name": "sctp", "protocol": "SCTP"}]))),
        (
            "app-protocols",
            0,
            slice(
                "IPv4",
                valid(ips(1)),
                json!([{"name": "one", "protocol": "TCP", "appProtocol": "HTTP"}, {"name": "two", "protocol": "TCP", "appProtocol": "https"}, {"name": "three", "protocol": "TCP", "appProtocol": "my-protocol"}, {"name": "four", "protocol": "TCP", "appProtocol": "example.com/custom-protocol"}]),
            ),
        ),
        ("empty-port-name", 0, slice("IPv4", one(json!({"addresses": ips(1)})), json!([{"name": "", "protocol": "TCP"}, {"name": "http", "protocol": "TCP"}]))),
        ("long-port-name", 0, slice("IPv4", one(json!({"addresses": ips(1)})), json!([{"name": "a".repeat(63), "protocol": "TCP"}]))),
        ("empty-ports-and-endpoints", 0, slice("IPv4", json!([]), json!([]))),
        ("max-endpoints", 0, slice("IPv4", endpoints(1000), ports(1))),
        ("max-ports", 0, slice("IPv4", json!([]), ports(20000))),
        ("max-addresses", 0, slice("IPv4", one(json!({"addresses": ips(100)})), http())),
        ("valid-hints", 0, slice("IPv4", zones(&["zone-a"]), http())),
        ("duplicate-port-name", 1, slice("IPv4", json!([]), json!([{"name": "", "protocol": "TCP"}, {"name": "", "protocol": "TCP"}]))),
        ("bad-port-name-caps", 1, slice("IPv4", json!([]), json!([{"name": "aCapital", "protocol": "TCP"}]))),
        ("bad-port-name-chars", 1, slice("IPv4", json!([]), json!([{"name": "almost_valid", "protocol": "TCP"}]))),
        ("bad-port-name-length", 1, slice("IPv4", json!([]), json!([{"name": "a".repeat(64), "protocol": "TCP"}]))),
        ("invalid-port-protocol", 1, slice("IPv4", json!([]), json!([{"name": "http", "protocol": "foo"}]))),
        ("too-many-ports", 1, slice("IPv4", json!([]), ports(20001))),
        ("too-many-endpoints", 1, slice("IPv4", endpoints(1001), ports(1))),
        ("no-endpoint-addresses", 1, slice("IPv4", one(json!({"addresses": []})), http())),
        ("too-many-addresses", 1, slice("IPv4", one(json!({"addresses": ips(101)})), http())),
        ("bad-hostname", 1, slice("IPv4", one(json!({"addresses": ips(1), "hostname": "--INVALID"})), http())),
        ("bad-ip", 1, slice("IPv4", valid(json!(["123.456.789.012"])), http())),
        ("bad-ipv4", 2, slice("IPv4", valid(json!(["123.456.789.012", "2001:4860:4860::8888"])), http())),
        ("bad-ipv6", 2, slice("IPv6", valid(json!(["123.456.789.012", "2001:4860:4860:defg"])), http())),
        ("bad-fqdns", 4, slice("FQDN", valid(json!(["foo.*", "FOO.example.com", "underscores_are_bad.example.com", "*.example.com"])), http())),
        ("bad-app-protocol", 1, slice("IPv4", valid(ips(1)), json!([{"name": "http", "protocol": "TCP", "appProtocol": "--"}]))),
        ("invalid-hints", 1, slice("IPv4", zones(&["inv@lid"]), http())),
        ("overlapping-hints", 1, slice("IPv4", zones(&["zone-a", "zone-b", "zone-a"]), http())),
        ("too-many-hints", 1, slice("IPv4", zones(&["zone-a", "zone-b", "zone-c", "zone-d", "zone-e", "zone-f", "zone-g", "zone-h", "zone-i"]), http())),
        ("special-ipv4", 1, slice("IPv4", valid(json!(["127.0.0.1"])), http())),
        ("special-ipv6", 1, slice("IPv6", valid(json!(["fe80::9656:d028:8652:66b6"])), http())),
    ];
    for (name, n, o) in cases {
        let errs = texts(&validate(&o));
        assert_eq!(errs.len(), n, "{name}: {errs:?}");
    }
    let empty = raw(json!({"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice", "metadata": {}}));
    assert_eq!(texts(&validate(&empty)), vec!["metadata.name: Required value: name or generateName is required", "metadata.namespace: Required value", "addressType: Required value"]);
}

// discovery validation_test.go's TestValidateEndpointSliceCreate
#[test]
fn endpoint_slice_create_node_names() {
    let with_node = |node: &str| slice("IPv4", one(json!({"addresses": ips(1), "hostname": "valid-123", "nodeName": node})), http());
    assert_eq!(texts(&validate(&with_node("valid-node-name"))), Vec::<String>::new());
    assert_eq!(texts(&validate(&with_node("INvalid-node-name"))).len(), 1);
    for t in ["IP", "other"] {
        assert_eq!(texts(&validate(&slice(t, one(json!({"addresses": ips(1)})), http()))).len(), 1, "{t}");
    }
}

// discovery validation_test.go's TestValidateEndpointSliceUpdate
#[test]
fn endpoint_slice_update() {
    let es = |t: &str, endpoints: Value, ports: Value| {
        raw(
            json!({"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice", "metadata": {"name": "es1", "namespace": "test", "resourceVersion": "1"}, "addressType": t, "endpoints": endpoints, "ports": ports}),
        )
    };
    let cases = [
        ("valid and identical slices", es("IPv6", json!([]), json!([])), es("IPv6", json!([]), json!([])), 0),
        ("invalid node name set", es("IPv4", one(json!({"addresses": ["10.1.2.3"]})), json!([])), es("IPv4", one(json!({"addresses": ["10.1.2.3"], "nodeName": "INVALID foo"})), json!([])), 1),
        ("deprecated address type", es("IP", json!([]), json!([])), es("IP", json!([]), json!([])), 1),
        ("valid and identical slices with different address types", es("other", json!([]), json!([])), es("IPv4", json!([]), json!([])), 1),
        ("invalid slices with valid address types", es("IPv4", json!([]), json!([])), es("IPv4", json!([]), json!([{"name": "", "protocol": "invalid"}])), 1),
    ];
    for (name, old, new, n) in cases {
        let errs = texts(&validate_update(&old, &new));
        assert_eq!(errs.len(), n, "{name}: {errs:?}");
    }
}
