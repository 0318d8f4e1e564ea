//! Cases ported from upstream's `pkg/apis/core/validation/validation_test.go`
//! (v1.32) for the namespace-level policy kinds: TestValidateLimitRange,
//! TestValidateResourceQuota and the Namespace tables. Each object is a
//! manifest decoded as is (upstream validates undefaulted objects).

use super::*;
use serde_json::{json, Value};

fn raw(v: Value) -> Object {
    Object::from_json(&v).expect("test object decodes")
}

fn texts(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

/// `getResourceList`: cpu and memory, each left out when empty.
fn cpu_mem(cpu: &str, memory: &str) -> Value {
    let mut m = serde_json::Map::new();
    if !cpu.is_empty() {
        m.insert("cpu".into(), json!(cpu));
    }
    if !memory.is_empty() {
        m.insert("memory".into(), json!(memory));
    }
    Value::Object(m)
}

/// `getStorageResourceList`.
fn storage(s: &str) -> Value {
    if s.is_empty() {
        json!({})
    } else {
        json!({ "storage": s })
    }
}

fn limit_range(name: &str, namespace: &str, limits: Value) -> Object {
    let mut meta = json!({"name": name});
    if !namespace.is_empty() {
        meta["namespace"] = json!(namespace);
    }
    raw(json!({"apiVersion": "v1", "kind": "LimitRange", "metadata": meta, "spec": {"limits": limits}}))
}

// validation_test.go's TestValidateLimitRange
#[test]
fn limit_range_cases() {
    let success = [
        (
            "all-fields-valid",
            json!([
                {"type": "Pod", "max": cpu_mem("100m", "10000Mi"), "min": cpu_mem("5m", "100Mi"), "maxLimitRequestRatio": cpu_mem("10", "")},
                {"type": "Container", "max": cpu_mem("100m", "10000Mi"), "min": cpu_mem("5m", "100Mi"), "default": cpu_mem("50m", "500Mi"), "defaultRequest": cpu_mem("10m", "200Mi"), "maxLimitRequestRatio": cpu_mem("10", "")},
                {"type": "PersistentVolumeClaim", "max": storage("10Gi"), "min": storage("5Gi")},
            ]),
        ),
        ("pvc-min-only", json!([{"type": "PersistentVolumeClaim", "min": storage("5Gi")}])),
        ("pvc-max-only", json!([{"type": "PersistentVolumeClaim", "max": storage("10Gi")}])),
        (
            "all-fields-valid-big-numbers",
            json!([{"type": "Container", "max": cpu_mem("100m", "10000T"), "min": cpu_mem("5m", "100Mi"), "default": cpu_mem("50m", "500Mi"), "defaultRequest": cpu_mem("10m", "200Mi"), "maxLimitRequestRatio": cpu_mem("10", "")}]),
        ),
        (
            "thirdparty-fields-all-valid-standard-container-resources",
            json!([{"type": "thirdparty.com/foo", "max": cpu_mem("100m", "10000T"), "min": cpu_mem("5m", "100Mi"), "default": cpu_mem("50m", "500Mi"), "defaultRequest": cpu_mem("10m", "200Mi"), "maxLimitRequestRatio": cpu_mem("10", "")}]),
        ),
        (
            "thirdparty-fields-all-valid-storage-resources",
            json!([{"type": "thirdparty.com/foo", "max": storage("10000T"), "min": storage("100Mi"), "default": storage("500Mi"), "defaultRequest": storage("200Mi"), "maxLimitRequestRatio": storage("")}]),
        ),
    ];
    for (name, limits) in success {
        assert_eq!(texts(&validate(&limit_range(name, "foo", limits))), Vec::<String>::new(), "{name}");
    }
    let dns_subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    let dns_label = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
    let errors = [
        ("zero-length-name", limit_range("", "foo", json!([])), "name or generateName is required"),
        ("zero-length-namespace", limit_range("abc", "", json!([])), ""),
        ("invalid-name", limit_range("^Invalid", "foo", json!([])), dns_subdomain),
        ("invalid-namespace", limit_range("abc", "^Invalid", json!([])), dns_label),
        (
            "duplicate-limit-type",
            limit_range("abc", "foo", json!([{"type": "Pod", "max": cpu_mem("100m", "10000m"), "min": cpu_mem("0m", "100m")}, {"type": "Pod", "min": cpu_mem("0m", "100m")}])),
            "",
        ),
        (
            "default-limit-type-pod",
            limit_range("abc", "foo", json!([{"type": "Pod", "max": cpu_mem("100m", "10000m"), "min": cpu_mem("0m", "100m"), "default": cpu_mem("10m", "100m")}])),
            "may not be specified when `type` is 'Pod'",
        ),
        (
            "default-request-limit-type-pod",
            limit_range("abc", "foo", json!([{"type": "Pod", "max": cpu_mem("100m", "10000m"), "min": cpu_mem("0m", "100m"), "defaultRequest": cpu_mem("10m", "100m")}])),
            "may not be specified when `type` is 'Pod'",
        ),
        ("min greater than max", limit_range("abc", "foo", json!([{"type": "Pod", "max": cpu_mem("10m", ""), "min": cpu_mem("100m", "")}])), "min value 100m is greater than max value 10m"),
        (
            "invalid spec default outside range",
            limit_range("abc", "foo", json!([{"type": "Container", "max": cpu_mem("1", ""), "min": cpu_mem("100m", ""), "default": cpu_mem("2000m", "")}])),
            "default value 2 is greater than max value 1",
        ),
        (
            "invalid spec default request outside range",
            limit_range("abc", "foo", json!([{"type": "Container", "max": cpu_mem("1", ""), "min": cpu_mem("100m", ""), "defaultRequest": cpu_mem("2000m", "")}])),
            "default request value 2 is greater than max value 1",
        ),
        (
            "invalid spec default request more than default",
            limit_range("abc", "foo", json!([{"type": "Container", "max": cpu_mem("2", ""), "min": cpu_mem("100m", ""), "default": cpu_mem("500m", ""), "defaultRequest": cpu_mem("800m", "")}])),
            "default request value 800m is greater than default limit value 500m",
        ),
        ("invalid spec maxLimitRequestRatio less than 1", limit_range("abc", "foo", json!([{"type": "Pod", "maxLimitRequestRatio": cpu_mem("800m", "")}])), "ratio 800m is less than 1"),
        (
            "invalid spec maxLimitRequestRatio greater than max/min",
            limit_range("abc", "foo", json!([{"type": "Container", "max": cpu_mem("", "2Gi"), "min": cpu_mem("", "512Mi"), "maxLimitRequestRatio": cpu_mem("", "10")}])),
            "ratio 10 is greater than max/min = 4.000000",
        ),
        (
            "invalid non standard limit type",
            limit_range(
                "abc",
                "foo",
                json!([{"type": "foo", "max": storage("10000T"), "min": storage("100Mi"), "default": storage("500Mi"), "defaultRequest": storage("200Mi"), "maxLimitRequestRatio": storage("")}]),
            ),
            "must be a standard limit type or fully qualified",
        ),
        (
            "min and max values missing, one required",
            limit_range("abc", "foo", json!([{"type": "PersistentVolumeClaim"}])),
            "either minimum or maximum storage value is required, but neither was provided",
        ),
        (
            "invalid min greater than max",
            limit_range("abc", "foo", json!([{"type": "PersistentVolumeClaim", "min": storage("10Gi"), "max": storage("1Gi")}])),
            "min value 10Gi is greater than max value 1Gi",
        ),
    ];
    for (name, o, detail) in errors {
        let errs = validate(&o);
        assert!(!errs.is_empty(), "{name}: expected failure");
        for e in &errs {
            assert!(e.detail.contains(detail), "{name}: {:?}", texts(&errs));
        }
    }
}

/// The ratio rule's whole message, as kubectl shows it.
#[test]
fn limit_range_ratio_message() {
    let o = limit_range("abc", "foo", json!([{"type": "Container", "max": cpu_mem("", "2Gi"), "min": cpu_mem("", "512Mi"), "maxLimitRequestRatio": cpu_mem("", "10")}]));
    assert_eq!(texts(&validate(&o)), vec![r#"spec.limits[0].maxLimitRequestRatio[memory]: Invalid value: "10": ratio 10 is greater than max/min = 4.000000"#]);
}

fn quota(name: &str, namespace: &str, spec: Value) -> Object {
    let mut meta = json!({"name": name});
    if !namespace.is_empty() {
        meta["namespace"] = json!(namespace);
    }
    raw(json!({"apiVersion": "v1", "kind": "ResourceQuota", "metadata": meta, "spec": spec}))
}

// validation_test.go's TestValidateResourceQuota
#[test]
fn resource_quota_cases() {
    let spec = json!({"hard": {"cpu": "100", "memory": "10000", "requests.cpu": "100", "requests.memory": "10000", "limits.cpu": "100", "limits.memory": "10000",
        "pods": "10", "services": "0", "replicationcontrollers": "10", "resourcequotas": "10", "configmaps": "10", "secrets": "10"}});
    let success = [
        spec.clone(),
        json!({"hard": {"cpu": "100m"}}),
        json!({"hard": {"cpu": "100", "limits.cpu": "200"}, "scopes": ["Terminating"]}),
        json!({"hard": {"cpu": "100"}, "scopes": ["NotTerminating"]}),
        json!({"hard": {"pods": "100"}, "scopes": ["BestEffort"]}),
        json!({"hard": {"cpu": "100"}, "scopes": ["NotBestEffort"]}),
    ];
    for (i, s) in success.into_iter().enumerate() {
        assert_eq!(texts(&validate(&quota("abc", "foo", s))), Vec::<String>::new(), "success {i}");
    }
    let negative =
        json!({"hard": {"cpu": "-100", "memory": "-10000", "pods": "-10", "services": "-10", "replicationcontrollers": "-10", "resourcequotas": "-10", "configmaps": "-10", "secrets": "-10"}});
    let errors = [
        ("zero-length Name", quota("", "foo", spec.clone()), "name or generateName is required"),
        ("zero-length Namespace", quota("abc", "", spec.clone()), ""),
        ("invalid Name", quota("^Invalid", "foo", spec.clone()), "a lowercase RFC 1123 subdomain must consist of"),
        ("invalid Namespace", quota("abc", "^Invalid", spec.clone()), "a lowercase RFC 1123 label must consist of"),
        ("negative-limits", quota("abc", "foo", negative), "must be greater than or equal to 0"),
        ("fractional-api-resource", quota("abc", "foo", json!({"hard": {"pods": ".1", "services": ".5", "replicationcontrollers": "1.25", "resourcequotas": "2.5"}})), "must be an integer"),
        ("invalid-quota-resource", quota("abc", "foo", json!({"hard": {"storage": "10"}})), "must be a standard resource for quota"),
        ("invalid-quota-terminating-pair", quota("abc", "foo", json!({"hard": {"cpu": "100"}, "scopes": ["Terminating", "NotTerminating"]})), "conflicting scopes"),
        ("invalid-quota-besteffort-pair", quota("abc", "foo", json!({"hard": {"pods": "100"}, "scopes": ["BestEffort", "NotBestEffort"]})), "conflicting scopes"),
        ("invalid-quota-scope-name", quota("abc", "foo", json!({"hard": {"cpu": "100"}, "scopes": ["foo"]})), "unsupported scope"),
    ];
    for (name, o, detail) in errors {
        let errs = validate(&o);
        assert!(!errs.is_empty(), "{name}: expected failure");
        for e in &errs {
            assert!(e.detail.contains(detail), "{name}: {:?}", texts(&errs));
        }
    }
}

// validation_test.go's TestValidateResourceNames
#[test]
fn resource_names() {
    let a63 = format!("kubernetes.io/{}", "a".repeat(63));
    let a64 = format!("kubernetes.io/{}", "a".repeat(64));
    let table: [(&str, bool); 22] = [
        ("memory", true),
        ("cpu", true),
        ("storage", true),
        ("requests.cpu", true),
        ("requests.memory", true),
        ("requests.storage", true),
        ("limits.cpu", true),
        ("limits.memory", true),
        ("network", false),
        ("disk", false),
        ("", false),
        (".", false),
        ("..", false),
        ("my.favorite.app.co/12345", true),
        ("my.favorite.app.co/_12345", false),
        ("my.favorite.app.co/12345_", false),
        ("kubernetes.io/..", false),
        (&a63, true),
        (&a64, false),
        ("kubernetes.io//", false),
        ("kubernetes.io", false),
        ("kubernetes.io/will/not/work/", false),
    ];
    for (input, ok) in table {
        assert_eq!(super::common::resource_name(input, &field::Path::new("field")).is_empty(), ok, "{input}");
    }
}
