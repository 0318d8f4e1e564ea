//! Cases ported from upstream's `pkg/apis/core/validation/validation_test.go`
//! (v1.32): TestValidateServiceCreate (error counts), TestValidateConfigMap,
//! TestValidateSecret and its per-type tables, and the container, port,
//! env, probe, resource, restart-policy, DNS-policy and toleration tables.
//! Upstream's objects are internal structs with every field set; here
//! they are manifests with the same fields set explicitly.

use super::upstream_apps::{merge, pairs, want};
use super::*;
use serde_json::{json, Value};
use ErrorType::*;

fn raw(v: Value) -> Object {
    Object::from_json(&v).expect("test object decodes")
}

/// Upstream's `makeValidService`.
fn svc(patch: Value) -> Object {
    let mut v = json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "valid", "namespace": "default", "labels": {}, "annotations": {}, "resourceVersion": "1"}, "spec": {
        "selector": {"key": "val"}, "sessionAffinity": "None", "type": "ClusterIP",
        "ports": [{"name": "p", "protocol": "TCP", "port": 8675, "targetPort": 8675}],
        "clusterIP": "1.2.3.4", "clusterIPs": ["1.2.3.4"], "ipFamilies": ["IPv4"], "ipFamilyPolicy": "SingleStack", "internalTrafficPolicy": "Cluster"}});
    merge(&mut v, &patch);
    raw(v)
}

fn lb(patch: Value) -> Object {
    let mut p = json!({"spec": {"type": "LoadBalancer", "externalTrafficPolicy": "Cluster", "allocateLoadBalancerNodePorts": true}});
    merge(&mut p, &patch);
    svc(p)
}

fn ports(list: Value) -> Value {
    let mut all = vec![json!({"name": "p", "protocol": "TCP", "port": 8675, "targetPort": 8675})];
    all.extend(list.as_array().cloned().unwrap_or_default());
    Value::Array(all)
}

const LBSR: &str = "service.beta.kubernetes.io/load-balancer-source-ranges";

#[test]
fn service_create_counts() {
    let cases: Vec<(&str, Object, usize)> = vec![
        ("missing namespace", svc(json!({"metadata": {"namespace": null}})), 1),
        ("invalid namespace", svc(json!({"metadata": {"namespace": "-123"}})), 1),
        ("missing name", svc(json!({"metadata": {"name": null}})), 1),
        ("invalid name", svc(json!({"metadata": {"name": "-123"}})), 1),
        ("too long name", svc(json!({"metadata": {"name": "a".repeat(64)}})), 1),
        ("invalid label", svc(json!({"metadata": {"labels": {"NoUppercaseOrSpecialCharsLike=Equals": "bar"}}})), 1),
        ("invalid annotation", svc(json!({"metadata": {"annotations": {"NoSpecialCharsLike=Equals": "bar"}}})), 1),
        ("nil selector", svc(json!({"spec": {"selector": null}})), 0),
        ("invalid selector", svc(json!({"spec": {"selector": {"NoSpecialCharsLike=Equals": "bar"}}})), 1),
        ("missing session affinity", svc(json!({"spec": {"sessionAffinity": null}})), 1),
        ("missing type", svc(json!({"spec": {"type": null}})), 1),
        ("missing ports", svc(json!({"spec": {"ports": null}})), 1),
        ("missing ports but headless", svc(json!({"spec": {"ports": null, "clusterIP": "None", "clusterIPs": ["None"]}})), 0),
        ("empty port[0] name", svc(json!({"spec": {"ports": [{"name": "", "protocol": "TCP", "port": 8675, "targetPort": 8675}]}})), 0),
        ("empty port[1] name", svc(json!({"spec": {"ports": ports(json!([{"name": "", "protocol": "TCP", "port": 12345, "targetPort": 12345}]))}})), 1),
        ("invalid port name", svc(json!({"spec": {"ports": [{"name": "INVALID", "protocol": "TCP", "port": 8675, "targetPort": 8675}]}})), 1),
        ("missing protocol", svc(json!({"spec": {"ports": [{"name": "p", "port": 8675, "targetPort": 8675}]}})), 1),
        ("invalid protocol", svc(json!({"spec": {"ports": [{"name": "p", "protocol": "INVALID", "port": 8675, "targetPort": 8675}]}})), 1),
        ("invalid cluster ip", svc(json!({"spec": {"clusterIP": "invalid", "clusterIPs": ["invalid"]}})), 1),
        ("missing port", svc(json!({"spec": {"ports": [{"name": "p", "protocol": "TCP", "port": 0, "targetPort": 8675}]}})), 1),
        ("invalid port", svc(json!({"spec": {"ports": [{"name": "p", "protocol": "TCP", "port": 65536, "targetPort": 8675}]}})), 1),
        ("invalid TargetPort int", svc(json!({"spec": {"ports": [{"name": "p", "protocol": "TCP", "port": 8675, "targetPort": 65536}]}})), 1),
        ("invalid port headless 2 (tolerated)", svc(json!({"spec": {"ports": [{"name": "p", "protocol": "TCP", "port": 11722, "targetPort": "target"}], "clusterIP": "None", "clusterIPs": ["None"]}})), 0),
        ("invalid publicIPs localhost", svc(json!({"spec": {"externalTrafficPolicy": "Cluster", "externalIPs": ["127.0.0.1"]}})), 1),
        ("invalid publicIPs unspecified", svc(json!({"spec": {"externalTrafficPolicy": "Cluster", "externalIPs": ["0.0.0.0"]}})), 1),
        ("invalid publicIPs host", svc(json!({"spec": {"externalTrafficPolicy": "Cluster", "externalIPs": ["myhost.mydomain"]}})), 1),
        ("valid publicIPs", svc(json!({"spec": {"externalTrafficPolicy": "Cluster", "externalIPs": ["1.2.3.4"]}})), 0),
        ("dup port name", svc(json!({"spec": {"ports": ports(json!([{"name": "p", "protocol": "TCP", "port": 12345, "targetPort": 12345}]))}})), 1),
        ("load balancer with mix protocol", lb(json!({"spec": {"ports": ports(json!([{"name": "q", "protocol": "UDP", "port": 12345, "targetPort": 12345}]))}})), 0),
        ("valid 3", svc(json!({"spec": {"ports": [{"name": "p", "protocol": "TCP", "port": 8675, "targetPort": "http"}]}})), 0),
        ("valid type - loadbalancer with allocateLoadBalancerNodePorts=false", lb(json!({"spec": {"allocateLoadBalancerNodePorts": false}})), 0),
        ("invalid type - missing AllocateLoadBalancerNodePorts for loadbalancer type", lb(json!({"spec": {"allocateLoadBalancerNodePorts": null}})), 1),
        ("duplicate nodeports", svc(json!({"spec": {"type": "NodePort", "externalTrafficPolicy": "Cluster", "ports": [{"name": "q", "port": 1, "protocol": "TCP", "nodePort": 1, "targetPort": 1}, {"name": "r", "port": 2, "protocol": "TCP", "nodePort": 1, "targetPort": 2}]}})), 1),
        (
            "duplicate nodeports (different protocols)",
            svc(json!({"spec": {"type": "NodePort", "externalTrafficPolicy": "Cluster", "ports": [{"name": "q", "port": 1, "protocol": "TCP", "nodePort": 1, "targetPort": 1}, {"name": "r", "port": 2, "protocol": "UDP", "nodePort": 1, "targetPort": 2}, {"name": "s", "port": 3, "protocol": "SCTP", "nodePort": 1, "targetPort": 3}]}})),
            0,
        ),
        ("invalid duplicate ports (with same protocol)", svc(json!({"spec": {"ports": ports(json!([{"name": "q", "port": 12345, "protocol": "TCP", "targetPort": 8080}, {"name": "r", "port": 12345, "protocol": "TCP", "targetPort": 80}]))}})), 1),
        ("valid duplicate ports (with different protocols)", svc(json!({"spec": {"ports": ports(json!([{"name": "q", "port": 12345, "protocol": "TCP", "targetPort": 8080}, {"name": "r", "port": 12345, "protocol": "UDP", "targetPort": 80}]))}})), 0),
        ("invalid cluster service with NodePort", svc(json!({"spec": {"ports": ports(json!([{"name": "q", "port": 12345, "protocol": "TCP", "nodePort": 12345, "targetPort": 12345}]))}})), 1),
        ("valid port type=LoadBalancer (10250 no longer refused)", lb(json!({"spec": {"ports": ports(json!([{"name": "kubelet", "port": 10250, "protocol": "TCP", "targetPort": 12345}]))}})), 0),
        ("valid LoadBalancer source range annotation", lb(json!({"metadata": {"annotations": {LBSR: "1.2.3.0/24,  5.6.0.0/16"}}})), 0),
        ("valid empty LoadBalancer source range annotation", lb(json!({"metadata": {"annotations": {LBSR: ""}}})), 0),
        ("valid whitespace-only LoadBalancer source range annotation", lb(json!({"metadata": {"annotations": {LBSR: "  "}}})), 0),
        ("invalid LoadBalancer source range annotation (hostname)", lb(json!({"metadata": {"annotations": {LBSR: "foo.bar"}}})), 1),
        ("invalid LoadBalancer source range annotation (invalid CIDR)", lb(json!({"metadata": {"annotations": {LBSR: "1.2.3.4/33"}}})), 1),
        ("invalid LoadBalancer source range annotation for non LoadBalancer type service", svc(json!({"metadata": {"annotations": {LBSR: "1.2.3.0/24"}}})), 1),
        ("invalid empty-but-set LoadBalancer source range annotation for non LoadBalancer type service", svc(json!({"metadata": {"annotations": {LBSR: ""}}})), 1),
        ("valid LoadBalancer source range with whitespace", lb(json!({"spec": {"loadBalancerSourceRanges": ["1.2.3.0/24  ", " 5.6.0.0/16"]}})), 0),
        ("invalid empty LoadBalancer source range", lb(json!({"spec": {"loadBalancerSourceRanges": ["   "]}})), 1),
        ("invalid LoadBalancer source range (hostname)", lb(json!({"spec": {"loadBalancerSourceRanges": ["foo.bar"]}})), 1),
        ("invalid source range for non LoadBalancer type service", svc(json!({"spec": {"loadBalancerSourceRanges": ["1.2.3.0/24", "5.6.0.0/16"]}})), 1),
        ("invalid source range annotation ignored with valid source range field", lb(json!({"metadata": {"annotations": {LBSR: "foo.bar"}}, "spec": {"loadBalancerSourceRanges": ["1.2.3.0/24", "5.6.0.0/16"]}})), 0),
        ("valid ExternalName (trailing dot)", svc(json!({"spec": {"type": "ExternalName", "externalName": "foo.bar.example.com.", "clusterIP": null, "clusterIPs": null, "ipFamilies": null, "ipFamilyPolicy": null}})), 0),
        ("invalid ExternalName clusterIP (valid IP)", svc(json!({"spec": {"type": "ExternalName", "externalName": "foo.bar.example.com", "ipFamilies": null, "ipFamilyPolicy": null}})), 1),
        ("invalid ExternalName (not a DNS name)", svc(json!({"spec": {"type": "ExternalName", "externalName": "-123", "clusterIP": null, "clusterIPs": null, "ipFamilies": null, "ipFamilyPolicy": null}})), 1),
        ("LoadBalancer type cannot have None ClusterIP", lb(json!({"spec": {"clusterIP": "None", "clusterIPs": ["None"]}})), 1),
        ("invalid externalTraffic field", lb(json!({"spec": {"externalTrafficPolicy": "invalid"}})), 1),
        ("nil internalTraffic field", svc(json!({"spec": {"internalTrafficPolicy": null}})), 1),
        ("internalTrafficPolicy nil when type is ExternalName", svc(json!({"spec": {"type": "ExternalName", "externalName": "foo.bar.com", "internalTrafficPolicy": null, "clusterIP": null, "clusterIPs": null, "ipFamilies": null, "ipFamilyPolicy": null}})), 0),
        ("invalid internalTraffic field", svc(json!({"spec": {"internalTrafficPolicy": "invalid"}})), 1),
        ("negative healthCheckNodePort field", lb(json!({"spec": {"externalTrafficPolicy": "Local", "healthCheckNodePort": -1}})), 1),
        ("valid healthCheckNodePort field", lb(json!({"spec": {"externalTrafficPolicy": "Local", "healthCheckNodePort": 34567}})), 0),
        ("healthCheckNodePort with Cluster policy", lb(json!({"spec": {"healthCheckNodePort": 34567}})), 1),
        ("sessionAffinityConfig with None affinity", svc(json!({"spec": {"sessionAffinityConfig": {"clientIP": {"timeoutSeconds": 90}}}})), 1),
        ("ClientIP affinity with timeout 0", svc(json!({"spec": {"sessionAffinity": "ClientIP", "sessionAffinityConfig": {"clientIP": {"timeoutSeconds": 0}}}})), 1),
        ("ClientIP affinity with timeout too big", svc(json!({"spec": {"sessionAffinity": "ClientIP", "sessionAffinityConfig": {"clientIP": {"timeoutSeconds": 86401}}}})), 1),
        ("topology annotations are mismatched", svc(json!({"metadata": {"annotations": {"service.kubernetes.io/topology-aware-hints": "original", "service.kubernetes.io/topology-mode": "different"}}})), 1),
        ("topology annotations agree", svc(json!({"metadata": {"annotations": {"service.kubernetes.io/topology-aware-hints": "Auto", "service.kubernetes.io/topology-mode": "Auto"}}})), 0),
        ("invalid trafficDistribution", svc(json!({"spec": {"trafficDistribution": "Nowhere"}})), 1),
    ];
    for (name, o, n) in cases {
        let errs = validate(&o);
        assert_eq!(errs.len(), n, "{name}: {:?}", errs.iter().map(|e| e.to_string()).collect::<Vec<_>>());
    }
}

/// The two annotation rules above, with upstream's fields and wording.
#[test]
fn service_annotation_messages() {
    let o = svc(json!({"metadata": {"annotations": {"service.kubernetes.io/topology-aware-hints": "original", "service.kubernetes.io/topology-mode": "different"}}}));
    assert_eq!(
        validate(&o).iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        vec!["metadata.annotations[service.kubernetes.io/topology-mode]: Invalid value: \"different\": must match annotations[service.kubernetes.io/topology-aware-hints] when both are specified"]
    );
    let o = svc(json!({"metadata": {"annotations": {LBSR: "1.2.3.0/24, foo.bar"}}}));
    assert_eq!(
        validate(&o).iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        vec![
            "metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]: Forbidden: may only be used when `type` is 'LoadBalancer'",
            "metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]: Invalid value: \"foo.bar\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
        ]
    );
}

fn cm(data: Value, binary: Value) -> Object {
    raw(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "validname", "namespace": "validns", "resourceVersion": "1"}, "data": data, "binaryData": binary}))
}

fn b64(n: usize) -> String {
    // `n` bytes of 'a' (0x61), base64-encoded.
    let mut s = "YWFh".repeat(n / 3);
    match n % 3 {
        1 => s.push_str("YQ=="),
        2 => s.push_str("YWE="),
        _ => {}
    }
    s
}

#[test]
fn config_map() {
    const MAX: usize = 1024 * 1024;
    for o in [cm(json!({"key": "value"}), json!({"bin": "dmFsdWU="})), cm(json!({"a".repeat(253): "value"}), json!({})), cm(json!({".ab": "value"}), json!({})), cm(json!({}), json!({".ab": "dmFsdWU="}))] {
        assert_eq!(pairs(&validate(&o)), vec![], "{o:?}");
    }
    let key_err = |k: &str, data: bool| {
        let o = if data { cm(json!({k: "value"}), json!({})) } else { cm(json!({}), json!({k: "dmFsdWU="})) };
        pairs(&validate(&o))
    };
    for (k, n) in [("a*b", 1), (".", 1), ("..", 1), ("..a", 1)] {
        for data in [true, false] {
            let field = format!("{}[{k}]", if data { "data" } else { "binaryData" });
            assert_eq!(key_err(k, data), want(&vec![(Invalid, field.as_str()); n]), "{k}");
        }
    }
    let long = "a".repeat(254);
    assert_eq!(key_err(&long, true), want(&[(Invalid, format!("data[{long}]").as_str())]));
    let o = raw(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "", "namespace": ""}}));
    assert_eq!(pairs(&validate(&o)), want(&[(Required, "metadata.name"), (Required, "metadata.namespace")]));
    let o = raw(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "NoUppercaseOrSpecialCharsLike=Equals", "namespace": "NoUppercaseOrSpecialCharsLike=Equals"}}));
    assert_eq!(pairs(&validate(&o)), want(&[(Invalid, "metadata.name"), (Invalid, "metadata.namespace")]));
    assert_eq!(pairs(&validate(&cm(json!({"key": "value1"}), json!({"key": "dmFsdWUy"})))), want(&[(Invalid, "data[key]")]));
    assert_eq!(pairs(&validate(&cm(json!({"key": "a".repeat(MAX + 1)}), json!({})))).len(), 1);
    assert_eq!(pairs(&validate(&cm(json!({}), json!({"bin": b64(MAX + 1)})))).len(), 1);
    assert_eq!(pairs(&validate(&cm(json!({}), json!({"bin": b64(MAX)})))).len(), 0);
}

fn secret(ty: Option<&str>, data: Value, annotations: Value) -> Object {
    raw(json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "foo", "namespace": "bar", "resourceVersion": "1", "annotations": annotations}, "type": ty, "data": data}))
}

#[test]
fn secret_types() {
    let d = json!({"data-1": "YmFy", "data-2": "YmFy"});
    assert_eq!(pairs(&validate(&secret(Some("Opaque"), d.clone(), json!({})))), vec![]);
    assert_eq!(pairs(&validate(&secret(None, json!({".ab": "YmFy"}), json!({})))), vec![]); // a leading dot is fine
    for k in ["a*b", ".", ".."] {
        assert_eq!(pairs(&validate(&secret(Some("Opaque"), json!({k: "YmFy"}), json!({})))), want(&[(Invalid, format!("data[{k}]").as_str())]), "{k}");
    }
    assert_eq!(pairs(&validate(&secret(Some("Opaque"), json!({"over": b64(1024 * 1024 + 1)}), json!({})))), want(&[(TooLong, "data")]));
    // TestValidateSecret: a service account token secret needs the account's name.
    let sa = "kubernetes.io/service-account.name";
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/service-account-token"), d.clone(), json!({sa: "foo"})))), vec![]);
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/service-account-token"), d.clone(), json!({})))), want(&[(Required, "metadata.annotations[kubernetes.io/service-account.name]")]));
    // TestValidateDockerConfigSecret.
    let docker = json!({".dockerconfigjson": "eyJhdXRocyI6e319"}); // {"auths":{}}
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/dockerconfigjson"), docker, json!({})))), vec![]);
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/dockerconfigjson"), d.clone(), json!({})))), want(&[(Required, "data[.dockerconfigjson]")]));
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/dockercfg"), d.clone(), json!({})))), want(&[(Required, "data[.dockercfg]")]));
    // "empty" and "invalid" (the text `bad`) payloads fail, with Go's JSON error as the detail.
    for (ty, key) in [("kubernetes.io/dockercfg", ".dockercfg"), ("kubernetes.io/dockerconfigjson", ".dockerconfigjson")] {
        let msgs = |payload: &str| validate(&secret(Some(ty), json!({key: payload}), json!({}))).iter().map(|e| e.to_string()).collect::<Vec<_>>();
        assert_eq!(msgs(""), vec![format!("data[{key}]: Invalid value: \"<secret contents redacted>\": unexpected end of JSON input")]);
        assert_eq!(msgs("YmFk"), vec![format!("data[{key}]: Invalid value: \"<secret contents redacted>\": invalid character 'b' looking for beginning of value")]);
        assert_eq!(msgs("eyJhdXRocyI6e319"), Vec::<String>::new());
    }
    // TestValidateBasicAuthSecret: either field may be missing, not both.
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/basic-auth"), json!({"username": "YmFy"}), json!({})))), vec![]);
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/basic-auth"), json!({"password": "YmFy"}), json!({})))), vec![]);
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/basic-auth"), d.clone(), json!({})))), want(&[(Required, "data[username]"), (Required, "data[password]")]));
    // TestValidateSSHAuth.
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/ssh-auth"), json!({"ssh-privatekey": "YmFy"}), json!({})))), vec![]);
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/ssh-auth"), d.clone(), json!({})))), want(&[(Required, "data[ssh-privatekey]")]));
    // TestValidateTLSSecret.
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/tls"), json!({"tls.crt": "YmFy", "tls.key": "YmFy"}), json!({})))), vec![]);
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/tls"), json!({"tls.crt": "YmFy"}), json!({})))), want(&[(Required, "data[tls.key]")]));
    assert_eq!(pairs(&validate(&secret(Some("kubernetes.io/tls"), d, json!({})))), want(&[(Required, "data[tls.crt]"), (Required, "data[tls.key]")]));
}

fn ctrs(list: Value) -> Vec<crate::api::Container> {
    let mut list = list;
    for c in list.as_array_mut().expect("a list") {
        let mut base = json!({"image": "image", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"});
        merge(&mut base, c);
        *c = base;
    }
    serde_json::from_value(list).expect("containers decode")
}

fn container_errs(list: Value) -> Vec<(String, String)> {
    let no_volumes = std::collections::BTreeMap::new();
    pairs(&super::container::containers(&ctrs(list), &no_volumes, Some(30), &Path::new("containers")))
}

fn init_errs(list: Value) -> Vec<(String, String)> {
    let no_volumes = std::collections::BTreeMap::new();
    let regular = ctrs(json!([{"name": "app", "image": "nginx"}]));
    pairs(&super::container::init_containers(&ctrs(list), &regular, &no_volumes, Some(30), &Path::new("initContainers")))
}

/// TestValidateContainers. Left out: "privilege disabled" (security
/// contexts are kept opaque) and the resize-policy cases (the field is
/// behind the InPlacePodVerticalScaling gate, off by default in v1.32, so
/// the server drops it before validating).
#[test]
fn containers_table() {
    let tcp80 = json!({"tcpSocket": {"port": 80}});
    let ok = json!([
        {"name": "abc"}, {"name": "123"}, {"name": "abc-123"},
        {"name": "life-123", "lifecycle": {"preStop": {"exec": {"command": ["ls", "-l"]}}}},
        {"name": "resources-test", "resources": {"limits": {"cpu": "10", "memory": "10G", "my.org/resource": "10"}}},
        {"name": "resources-request-limit-partials", "resources": {"requests": {"cpu": "9.5", "memory": "10G"}, "limits": {"cpu": "10", "my.org/resource": "10"}}},
        {"name": "same-host-port-different-protocol", "ports": [{"containerPort": 80, "hostPort": 80, "protocol": "TCP"}, {"containerPort": 80, "hostPort": 80, "protocol": "UDP"}]},
        {"name": "fallback-to-logs-termination-message", "terminationMessagePolicy": "FallbackToLogsOnError"},
        {"name": "env-from-source", "envFrom": [{"configMapRef": {"name": "test"}}]},
        {"name": "live-123", "livenessProbe": {"tcpSocket": {"port": 80}, "successThreshold": 1}},
        {"name": "startup-123", "startupProbe": {"tcpSocket": {"port": 80}, "successThreshold": 1}},
    ]);
    assert_eq!(container_errs(ok), vec![]);
    let probe_negatives = json!({"tcpSocket": {"port": 80}, "initialDelaySeconds": -1, "timeoutSeconds": -1, "periodSeconds": -1, "successThreshold": -1, "failureThreshold": -1, "terminationGracePeriodSeconds": -1});
    let res = |cpu: &str, mem: &str| json!({"cpu": cpu, "memory": mem});
    let cases: Vec<(&str, Value, Vec<(ErrorType, &str)>)> = vec![
        ("zero-length name", json!([{"name": ""}]), vec![(Required, "containers[0].name")]),
        ("zero-length-image", json!([{"name": "abc", "image": ""}]), vec![(Required, "containers[0].image")]),
        ("name > 63 characters", json!([{"name": "a".repeat(64)}]), vec![(Invalid, "containers[0].name")]),
        ("name not a DNS label", json!([{"name": "a.b.c"}]), vec![(Invalid, "containers[0].name")]),
        ("name not unique", json!([{"name": "abc"}, {"name": "abc"}]), vec![(Duplicate, "containers[1].name")]),
        (
            "host port not unique",
            json!([{"name": "abc", "ports": [{"containerPort": 80, "hostPort": 80, "protocol": "TCP"}]}, {"name": "def", "ports": [{"containerPort": 81, "hostPort": 80, "protocol": "TCP"}]}]),
            vec![(Duplicate, "containers[1].ports[0].hostPort")],
        ),
        // Upstream's table runs with the relaxed names off (Invalid); v1.32 has
        // RelaxedEnvironmentVariableValidation on by default, which accepts it.
        ("invalid env var name (relaxed in v1.32)", json!([{"name": "abc", "env": [{"name": "ev!1"}]}]), vec![]),
        ("invalid env var name (even relaxed)", json!([{"name": "abc", "env": [{"name": "a=b"}]}]), vec![(Invalid, "containers[0].env[0].name")]),
        ("unknown volume name", json!([{"name": "abc", "volumeMounts": [{"name": "anything", "mountPath": "/foo"}]}]), vec![(NotFound, "containers[0].volumeMounts[0].name")]),
        ("invalid lifecycle, no exec command.", json!([{"name": "life-123", "lifecycle": {"preStop": {"exec": {}}}}]), vec![(Required, "containers[0].lifecycle.preStop.exec.command")]),
        ("invalid lifecycle, no http path.", json!([{"name": "life-123", "lifecycle": {"preStop": {"httpGet": {"port": 80, "scheme": "HTTP"}}}}]), vec![(Required, "containers[0].lifecycle.preStop.httpGet.path")]),
        ("invalid lifecycle, no http port.", json!([{"name": "life-123", "lifecycle": {"preStop": {"httpGet": {"path": "/", "scheme": "HTTP"}}}}]), vec![(Invalid, "containers[0].lifecycle.preStop.httpGet.port")]),
        ("invalid lifecycle, no http scheme.", json!([{"name": "life-123", "lifecycle": {"preStop": {"httpGet": {"path": "/", "port": 80}}}}]), vec![(NotSupported, "containers[0].lifecycle.preStop.httpGet.scheme")]),
        ("invalid lifecycle, no tcp socket port.", json!([{"name": "life-123", "lifecycle": {"preStop": {"tcpSocket": {}}}}]), vec![(Invalid, "containers[0].lifecycle.preStop.tcpSocket.port")]),
        ("invalid lifecycle, zero tcp socket port.", json!([{"name": "life-123", "lifecycle": {"preStop": {"tcpSocket": {"port": 0}}}}]), vec![(Invalid, "containers[0].lifecycle.preStop.tcpSocket.port")]),
        ("invalid lifecycle, no action.", json!([{"name": "life-123", "lifecycle": {"preStop": {}}}]), vec![(Required, "containers[0].lifecycle.preStop")]),
        (
            "invalid readiness probe, terminationGracePeriodSeconds set.",
            json!([{"name": "life-123", "readinessProbe": {"tcpSocket": {"port": 80}, "terminationGracePeriodSeconds": 10}}]),
            vec![(Invalid, "containers[0].readinessProbe.terminationGracePeriodSeconds")],
        ),
        ("invalid liveness probe, no tcp socket port.", json!([{"name": "live-123", "livenessProbe": {"tcpSocket": {}, "successThreshold": 1}}]), vec![(Invalid, "containers[0].livenessProbe.tcpSocket.port")]),
        ("invalid liveness probe, no action.", json!([{"name": "live-123", "livenessProbe": {"successThreshold": 1}}]), vec![(Required, "containers[0].livenessProbe")]),
        ("invalid liveness probe, successThreshold != 1", json!([{"name": "live-123", "livenessProbe": {"tcpSocket": tcp80.clone()["tcpSocket"], "successThreshold": 2}}]), vec![(Invalid, "containers[0].livenessProbe.successThreshold")]),
        ("invalid startup probe, successThreshold != 1", json!([{"name": "startup-123", "startupProbe": {"tcpSocket": {"port": 80}, "successThreshold": 2}}]), vec![(Invalid, "containers[0].startupProbe.successThreshold")]),
        (
            "invalid liveness probe, negative numbers",
            json!([{"name": "live-123", "livenessProbe": probe_negatives.clone()}]),
            vec![
                (Invalid, "containers[0].livenessProbe.initialDelaySeconds"),
                (Invalid, "containers[0].livenessProbe.timeoutSeconds"),
                (Invalid, "containers[0].livenessProbe.periodSeconds"),
                (Invalid, "containers[0].livenessProbe.successThreshold"),
                (Invalid, "containers[0].livenessProbe.failureThreshold"),
                (Invalid, "containers[0].livenessProbe.terminationGracePeriodSeconds"),
                (Invalid, "containers[0].livenessProbe.successThreshold"),
            ],
        ),
        (
            "invalid readiness probe, negative numbers",
            json!([{"name": "ready-123", "readinessProbe": probe_negatives.clone()}]),
            vec![
                (Invalid, "containers[0].readinessProbe.initialDelaySeconds"),
                (Invalid, "containers[0].readinessProbe.timeoutSeconds"),
                (Invalid, "containers[0].readinessProbe.periodSeconds"),
                (Invalid, "containers[0].readinessProbe.successThreshold"),
                (Invalid, "containers[0].readinessProbe.failureThreshold"),
                (Invalid, "containers[0].readinessProbe.terminationGracePeriodSeconds"),
                (Invalid, "containers[0].readinessProbe.terminationGracePeriodSeconds"),
            ],
        ),
        (
            "invalid startup probe, negative numbers",
            json!([{"name": "startup-123", "startupProbe": probe_negatives}]),
            vec![
                (Invalid, "containers[0].startupProbe.initialDelaySeconds"),
                (Invalid, "containers[0].startupProbe.timeoutSeconds"),
                (Invalid, "containers[0].startupProbe.periodSeconds"),
                (Invalid, "containers[0].startupProbe.successThreshold"),
                (Invalid, "containers[0].startupProbe.failureThreshold"),
                (Invalid, "containers[0].startupProbe.terminationGracePeriodSeconds"),
                (Invalid, "containers[0].startupProbe.successThreshold"),
            ],
        ),
        ("invalid message termination policy", json!([{"name": "life-123", "terminationMessagePolicy": "Unknown"}]), vec![(NotSupported, "containers[0].terminationMessagePolicy")]),
        ("empty message termination policy", json!([{"name": "life-123", "terminationMessagePolicy": ""}]), vec![(Required, "containers[0].terminationMessagePolicy")]),
        ("invalid compute resource", json!([{"name": "abc-123", "resources": {"limits": {"disk": "10G"}}}]), vec![(Invalid, "containers[0].resources.limits[disk]"), (Invalid, "containers[0].resources.limits[disk]")]),
        ("Resource CPU invalid", json!([{"name": "abc-123", "resources": {"limits": res("-10", "0")}}]), vec![(Invalid, "containers[0].resources.limits[cpu]")]),
        ("Resource Requests CPU invalid", json!([{"name": "abc-123", "resources": {"requests": res("-10", "0")}}]), vec![(Invalid, "containers[0].resources.requests[cpu]")]),
        ("Resource Memory invalid", json!([{"name": "abc-123", "resources": {"limits": res("0", "-10")}}]), vec![(Invalid, "containers[0].resources.limits[memory]")]),
        ("Request limit simple invalid", json!([{"name": "abc-123", "resources": {"limits": res("5", "3"), "requests": res("6", "3")}}]), vec![(Invalid, "containers[0].resources.requests")]),
        (
            "Invalid storage limit request",
            json!([{"name": "abc-123", "resources": {"limits": {"attachable-volumes-aws-ebs": "10"}}}]),
            vec![(Invalid, "containers[0].resources.limits[attachable-volumes-aws-ebs]"), (Invalid, "containers[0].resources.limits[attachable-volumes-aws-ebs]")],
        ),
        ("Memory request limit multiple invalid", json!([{"name": "abc-123", "resources": {"limits": res("5", "3"), "requests": res("5", "4")}}]), vec![(Invalid, "containers[0].resources.requests")]),
        ("Invalid env from", json!([{"name": "env-from-source", "envFrom": [{"configMapRef": {"name": "$%^&*#"}}]}]), vec![(Invalid, "containers[0].envFrom[0].configMapRef.name")]),
        ("Forbidden RestartPolicy: Always", json!([{"name": "foo", "restartPolicy": "Always"}]), vec![(Forbidden, "containers[0].restartPolicy")]),
        ("Forbidden RestartPolicy: OnFailure", json!([{"name": "foo", "restartPolicy": "OnFailure"}]), vec![(Forbidden, "containers[0].restartPolicy")]),
        ("Forbidden RestartPolicy: invalid", json!([{"name": "foo", "restartPolicy": "invalid"}]), vec![(Forbidden, "containers[0].restartPolicy")]),
        ("Forbidden RestartPolicy: empty", json!([{"name": "foo", "restartPolicy": ""}]), vec![(Forbidden, "containers[0].restartPolicy")]),
    ];
    for (name, list, w) in cases {
        assert_eq!(container_errs(list), want(&w), "{name}");
    }
}

/// TestValidateInitContainers (the cases on modeled fields).
#[test]
fn init_containers_table() {
    let ok = json!([
        {"name": "container-1-same-host-port-different-protocol", "ports": [{"containerPort": 80, "hostPort": 80, "protocol": "TCP"}, {"containerPort": 80, "hostPort": 80, "protocol": "UDP"}]},
        {"name": "container-2-same-host-port-different-protocol", "ports": [{"containerPort": 80, "hostPort": 80, "protocol": "TCP"}, {"containerPort": 80, "hostPort": 80, "protocol": "UDP"}]},
        {"name": "container-3-restart-always-with-lifecycle-hook-and-probes", "restartPolicy": "Always",
         "lifecycle": {"postStart": {"exec": {"command": ["echo", "post start"]}}, "preStop": {"exec": {"command": ["echo", "pre stop"]}}},
         "livenessProbe": {"tcpSocket": {"port": 80}, "successThreshold": 1}, "readinessProbe": {"tcpSocket": {"port": 80}}, "startupProbe": {"tcpSocket": {"port": 80}, "successThreshold": 1}},
    ]);
    assert_eq!(init_errs(ok), vec![]);
    let cases: Vec<(&str, Value, Vec<(ErrorType, &str)>)> = vec![
        ("empty name", json!([{"name": ""}]), vec![(Required, "initContainers[0].name")]),
        ("name collision with regular container", json!([{"name": "app"}]), vec![(Duplicate, "initContainers[0].name")]),
        ("invalid termination message policy", json!([{"name": "init", "terminationMessagePolicy": "Unknown"}]), vec![(NotSupported, "initContainers[0].terminationMessagePolicy")]),
        ("duplicate names", json!([{"name": "init"}, {"name": "init"}]), vec![(Duplicate, "initContainers[1].name")]),
        ("duplicate ports", json!([{"name": "abc", "ports": [{"containerPort": 8080, "hostPort": 8080, "protocol": "TCP"}, {"containerPort": 8080, "hostPort": 8080, "protocol": "TCP"}]}]), vec![(Duplicate, "initContainers[0].ports[1].hostPort")]),
        ("uses disallowed field: Lifecycle", json!([{"name": "debug", "lifecycle": {"preStop": {"exec": {"command": ["ls", "-l"]}}}}]), vec![(Forbidden, "initContainers[0].lifecycle")]),
        ("uses disallowed field: LivenessProbe", json!([{"name": "debug", "livenessProbe": {"tcpSocket": {"port": 80}, "successThreshold": 1}}]), vec![(Forbidden, "initContainers[0].livenessProbe")]),
        ("uses disallowed field: ReadinessProbe", json!([{"name": "debug", "readinessProbe": {"tcpSocket": {"port": 80}}}]), vec![(Forbidden, "initContainers[0].readinessProbe")]),
        ("Container uses disallowed field: StartupProbe", json!([{"name": "debug", "startupProbe": {"tcpSocket": {"port": 80}, "successThreshold": 1}}]), vec![(Forbidden, "initContainers[0].startupProbe")]),
        ("Not supported RestartPolicy: OnFailure", json!([{"name": "init", "restartPolicy": "OnFailure"}]), vec![(NotSupported, "initContainers[0].restartPolicy")]),
        ("Not supported RestartPolicy: Never", json!([{"name": "init", "restartPolicy": "Never"}]), vec![(NotSupported, "initContainers[0].restartPolicy")]),
        ("Not supported RestartPolicy: invalid", json!([{"name": "init", "restartPolicy": "invalid"}]), vec![(NotSupported, "initContainers[0].restartPolicy")]),
        ("Not supported RestartPolicy: empty", json!([{"name": "init", "restartPolicy": ""}]), vec![(NotSupported, "initContainers[0].restartPolicy")]),
        ("invalid startup probe in restartable container, successThreshold != 1", json!([{"name": "restartable-init", "restartPolicy": "Always", "startupProbe": {"tcpSocket": {"port": 80}, "successThreshold": 2}}]), vec![(Invalid, "initContainers[0].startupProbe.successThreshold")]),
        ("invalid readiness probe, terminationGracePeriodSeconds set.", json!([{"name": "life-123", "restartPolicy": "Always", "readinessProbe": {"tcpSocket": {"port": 80}, "terminationGracePeriodSeconds": 10}}]), vec![(Invalid, "initContainers[0].readinessProbe.terminationGracePeriodSeconds")]),
        ("invalid lifecycle, no exec command.", json!([{"name": "life-123", "restartPolicy": "Always", "lifecycle": {"preStop": {"exec": {}}}}]), vec![(Required, "initContainers[0].lifecycle.preStop.exec.command")]),
    ];
    for (name, list, w) in cases {
        assert_eq!(init_errs(list), want(&w), "{name}");
    }
}

fn pod(spec: Value) -> Object {
    let mut v = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "123", "namespace": "ns"}, "spec": {"containers": [{"name": "ctr", "image": "image"}]}});
    merge(&mut v, &json!({"spec": spec}));
    super::upstream_apps::defaulted(v)
}

/// TestValidatePodSpec's error cases, TestValidateRestartPolicy and
/// TestValidateDNSPolicy, through a defaulted Pod as a user would send it.
#[test]
fn pod_spec_table() {
    for o in [
        pod(json!({"restartPolicy": "OnFailure"})),
        pod(json!({"restartPolicy": "Never", "dnsPolicy": "Default"})),
        pod(json!({"dnsPolicy": "ClusterFirstWithHostNet", "hostNetwork": true})),
        pod(json!({"dnsPolicy": "None", "dnsConfig": {"nameservers": ["1.2.3.4"]}})),
        pod(json!({"activeDeadlineSeconds": 2147483647, "serviceAccountName": "acct", "nodeName": "foobar", "priorityClassName": "valid-name", "hostname": "host", "subdomain": "sub"})),
        pod(json!({"readinessGates": [{"conditionType": "example.com/condition"}]})),
        pod(json!({"preemptionPolicy": "Never"})),
    ] {
        assert_eq!(pairs(&validate(&o)), vec![], "{o:?}");
    }
    let cases: Vec<(&str, Object, Vec<(ErrorType, &str)>)> = vec![
        // A volume without a source is defaulted to emptyDir, so only the name is missing.
        ("bad volume", pod(json!({"volumes": [{"name": ""}]})), vec![(Required, "spec.volumes[0].name")]),
        ("no containers", pod(json!({"containers": []})), vec![(Required, "spec.containers")]),
        ("bad init container", pod(json!({"initContainers": [{"name": ""}]})), vec![(Required, "spec.initContainers[0].name"), (Required, "spec.initContainers[0].image")]),
        ("bad DNS policy", pod(json!({"dnsPolicy": "invalid"})), vec![(NotSupported, "spec.dnsPolicy")]),
        ("bad service account name", pod(json!({"serviceAccountName": "invalidName"})), vec![(Invalid, "spec.serviceAccountName")]),
        ("bad restart policy", pod(json!({"restartPolicy": "UnknowPolicy"})), vec![(NotSupported, "spec.restartPolicy")]),
        ("bad-active-deadline-seconds", pod(json!({"activeDeadlineSeconds": 0})), vec![(Invalid, "spec.activeDeadlineSeconds")]),
        ("active-deadline-seconds-too-large", pod(json!({"activeDeadlineSeconds": 2147483648i64})), vec![(Invalid, "spec.activeDeadlineSeconds")]),
        ("bad nodeName", pod(json!({"nodeName": "node name"})), vec![(Invalid, "spec.nodeName")]),
        ("bad PriorityClassName", pod(json!({"priorityClassName": "InvalidName"})), vec![(Invalid, "spec.priorityClassName")]),
        ("ReadinessGate invalid", pod(json!({"readinessGates": [{"conditionType": "invalid/condition/type"}]})), vec![(Invalid, "spec.readinessGates[0].conditionType")]),
        ("invalid preemption policy", pod(json!({"preemptionPolicy": "invalid-policy"})), vec![(NotSupported, "spec.preemptionPolicy")]),
        ("dnsPolicy None without dnsConfig", pod(json!({"dnsPolicy": "None"})), vec![(Required, "spec.dnsConfig")]),
        ("dnsPolicy None without nameservers", pod(json!({"dnsPolicy": "None", "dnsConfig": {"searches": ["custom"]}})), vec![(Required, "spec.dnsConfig.nameservers")]),
        ("bad hostname", pod(json!({"hostname": "Bad_Host"})), vec![(Invalid, "spec.hostname")]),
        ("bad subdomain", pod(json!({"subdomain": "a.b"})), vec![(Invalid, "spec.subdomain")]),
        ("bad nodeSelector", pod(json!({"nodeSelector": {"NoUppercaseOrSpecialCharsLike=Equals": "bar"}})), vec![(Invalid, "spec.nodeSelector")]),
        (
            "hostNetwork with a different hostPort",
            pod(json!({"hostNetwork": true, "containers": [{"name": "ctr", "image": "image", "ports": [{"containerPort": 2600, "hostPort": 8080, "protocol": "TCP"}]}]})),
            vec![(Invalid, "spec.containers[0].ports[0].hostPort")],
        ),
    ];
    for (name, o, w) in cases {
        assert_eq!(pairs(&validate(&o)), want(&w), "{name}");
    }
}

fn tol(t: Value) -> Vec<(String, String)> {
    pairs(&validate(&pod(json!({"tolerations": [t]}))))
}

/// TestValidateTolerations' cases (via a Pod).
#[test]
fn tolerations_table() {
    for t in [
        json!({"key": "foo", "operator": "Exists", "effect": "NoSchedule"}),
        json!({"key": "foo", "operator": "Equal", "value": "bar", "effect": "NoSchedule"}),
        json!({"operator": "Exists"}),
        json!({"key": "foo", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 60}),
        json!({"key": "foo", "value": "bar"}),
        json!({"key": "foo", "operator": "Exists", "effect": "PreferNoSchedule"}),
    ] {
        assert_eq!(tol(t.clone()), vec![], "{t}");
    }
    let cases: Vec<(&str, Value, Vec<(ErrorType, &str)>)> = vec![
        ("invalid key", json!({"key": "nospecialchars^=@", "operator": "Equal", "value": "bar", "effect": "NoSchedule"}), vec![(Invalid, "spec.tolerations[0].key")]),
        ("empty key with Equal", json!({"operator": "Equal", "value": "bar", "effect": "NoSchedule"}), vec![(Invalid, "spec.tolerations[0].operator")]),
        ("value with Exists", json!({"key": "foo", "operator": "Exists", "value": "bar", "effect": "NoSchedule"}), vec![(Invalid, "spec.tolerations[0].operator")]),
        ("tolerationSeconds without NoExecute", json!({"key": "foo", "operator": "Exists", "effect": "NoSchedule", "tolerationSeconds": 20}), vec![(Invalid, "spec.tolerations[0].effect")]),
        ("invalid value", json!({"key": "foo", "operator": "Equal", "value": "-bad-", "effect": "NoSchedule"}), vec![(Invalid, "spec.tolerations[0].operator")]),
        ("unknown operator", json!({"key": "foo", "operator": "In", "value": "bar"}), vec![(NotSupported, "spec.tolerations[0].operator")]),
        ("unknown effect", json!({"key": "foo", "operator": "Exists", "effect": "NoScheduleNoAdmit"}), vec![(NotSupported, "spec.tolerations[0].effect")]),
    ];
    for (name, t, w) in cases {
        assert_eq!(tol(t), want(&w), "{name}");
    }
}

fn cm_meta(meta: Value) -> Vec<String> {
    let mut v = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "n", "namespace": "ns"}});
    merge(&mut v, &json!({"metadata": meta}));
    validate(&raw(v)).iter().map(|e| e.to_string()).collect()
}

/// apimachinery's objectmeta_test.go: TestValidateObjectMetaNamespaces,
/// TestValidateObjectMetaOwnerReferences, TestValidateAnnotations' size
/// limit, and generateName.
#[test]
fn object_meta_table() {
    assert_eq!(cm_meta(json!({"namespace": "foo.bar"})).len(), 1);
    assert_eq!(cm_meta(json!({"namespace": "foo.bar"})), vec!["metadata.namespace: Invalid value: \"foo.bar\": must not contain dots"]);
    assert_eq!(cm_meta(json!({"namespace": "a".repeat(64)})), vec![format!("metadata.namespace: Invalid value: \"{}\": must be no more than 63 characters", "a".repeat(64))]); // v1.32 says "characters"
    let owner = |api: &str, kind: &str, name: &str, uid: &str| json!({"apiVersion": api, "kind": kind, "name": name, "uid": uid});
    assert_eq!(cm_meta(json!({"ownerReferences": [owner("customresourceVersion", "customresourceKind", "name", "1")]})), Vec::<String>::new());
    // Upstream reports every reference at the list's path, without an index.
    let event = cm_meta(json!({"ownerReferences": [owner("v1", "Event", "name", "1")]}));
    assert_eq!(event.len(), 1);
    assert!(event[0].starts_with("metadata.ownerReferences: Invalid value: ") && event[0].ends_with(": /v1, Kind=Event is disallowed from being an owner"), "{event:?}");
    assert_eq!(
        cm_meta(json!({"ownerReferences": [owner("", "", "", "")]})),
        vec![
            "metadata.ownerReferences.apiVersion: Invalid value: \"\": version must not be empty",
            "metadata.ownerReferences.kind: Invalid value: \"\": kind must not be empty",
            "metadata.ownerReferences.name: Invalid value: \"\": name must not be empty",
            "metadata.ownerReferences.uid: Invalid value: \"\": uid must not be empty",
        ]
    );
    // generateName is checked with the name rule as a prefix (the server has
    // generated the name by the time it validates).
    assert_eq!(cm_meta(json!({"name": "web-x2kzq", "generateName": "web-"})), Vec::<String>::new());
    assert_eq!(cm_meta(json!({"name": "web-x2kzq", "generateName": "Web-"})).len(), 1);
    assert!(cm_meta(json!({"name": "web-x2kzq", "generateName": "Web-"}))[0].starts_with("metadata.generateName: Invalid value: \"Web-\": a lowercase RFC 1123 subdomain"));
    assert_eq!(cm_meta(json!({"name": null, "generateName": "web-"})), vec!["metadata.name: Required value: name or generateName is required"]);
    // Annotations: keys like label keys; the total size at most 256 KiB.
    assert_eq!(cm_meta(json!({"annotations": {"a": "x".repeat(256 * 1024 - 1)}})), Vec::<String>::new());
    assert_eq!(cm_meta(json!({"annotations": {"a": "x".repeat(256 * 1024)}})), vec!["metadata.annotations: Too long: may not be more than 262144 bytes"]);
    assert!(cm_meta(json!({"annotations": {"only/one/slash": "x"}}))[0].starts_with("metadata.annotations: Invalid value: \"only/one/slash\": a qualified name must consist of")); // v1.32 wording
}

fn env_errs(env: Value) -> Vec<String> {
    let list = ctrs(json!([{"name": "abc", "env": env}]));
    let no_volumes = std::collections::BTreeMap::new();
    super::container::containers(&list, &no_volumes, Some(30), &Path::new("c")).iter().map(|e| e.to_string().trim_start_matches("c[0].env").to_string()).collect()
}

/// TestValidateEnv: upstream checks that the aggregated message contains
/// its expectation; these are the full messages.
#[test]
fn env_table() {
    let field_ref = |fp: &str| json!({"fieldRef": {"apiVersion": "v1", "fieldPath": fp}});
    for ok in [
        json!([{"name": "abc", "value": "value"}]),
        json!([{"name": "ABC", "value": "value"}]),
        json!([{"name": "AbC_123", "value": "value"}]),
        json!([{"name": "abc", "value": ""}]),
        json!([{"name": "a.b.c", "value": "value"}]),
        json!([{"name": "a-b-c", "value": "value"}]),
        json!([{"name": "abc", "valueFrom": field_ref("metadata.annotations['key']")}]),
        json!([{"name": "abc", "valueFrom": field_ref("metadata.labels['key']")}]),
        json!([{"name": "abc", "valueFrom": field_ref("metadata.name")}]),
        json!([{"name": "abc", "valueFrom": field_ref("spec.nodeName")}]),
        json!([{"name": "abc", "valueFrom": field_ref("status.podIPs")}]),
        json!([{"name": "abc", "valueFrom": {"resourceFieldRef": {"resource": "limits.cpu"}}}]),
        json!([{"name": "abc", "valueFrom": {"configMapKeyRef": {"name": "some-config-map", "key": "some-key"}}}]),
        json!([{"name": "abc", "valueFrom": {"secretKeyRef": {"name": "some-secret", "key": "secret-key"}}}]),
    ] {
        assert_eq!(env_errs(ok.clone()), Vec::<String>::new(), "{ok}");
    }
    let supported = "supported values: \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", \"status.hostIP\", \"status.hostIPs\", \"status.podIP\", \"status.podIPs\"";
    let cases: Vec<(&str, Value, Vec<String>)> = vec![
        ("zero-length name", json!([{"name": ""}]), vec!["[0].name: Required value".into()]),
        ("value and valueFrom", json!([{"name": "abc", "value": "foo", "valueFrom": field_ref("metadata.name")}]), vec!["[0].valueFrom: Invalid value: \"\": may not be specified when `value` is not empty".into()]),
        ("valueFrom without a source", json!([{"name": "abc", "valueFrom": {}}]), vec!["[0].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`".into()]),
        (
            "valueFrom.fieldRef and valueFrom.secretKeyRef",
            json!([{"name": "abc", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}, "secretKeyRef": {"name": "a-secret", "key": "a-key"}}}]),
            vec!["[0].valueFrom: Invalid value: \"\": may not have more than one field specified at a time".into()],
        ),
        ("missing FieldPath on ObjectFieldSelector", json!([{"name": "abc", "valueFrom": {"fieldRef": {"apiVersion": "v1"}}}]), vec!["[0].valueFrom.fieldRef.fieldPath: Required value".into()]),
        ("missing APIVersion on ObjectFieldSelector", json!([{"name": "abc", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}}]), vec!["[0].valueFrom.fieldRef.apiVersion: Required value".into()]),
        ("invalid fieldPath", json!([{"name": "abc", "valueFrom": field_ref("metadata.whoops")}]), vec!["[0].valueFrom.fieldRef.fieldPath: Invalid value: \"metadata.whoops\": error converting fieldPath: field label not supported: metadata.whoops".into()]),
        (
            "metadata.name with subscript",
            json!([{"name": "labels", "valueFrom": field_ref("metadata.name['key']")}]),
            vec!["[0].valueFrom.fieldRef.fieldPath: Invalid value: \"metadata.name['key']\": error converting fieldPath: field label does not support subscript: metadata.name['key']".into()],
        ),
        ("metadata.labels without subscript", json!([{"name": "labels", "valueFrom": field_ref("metadata.labels")}]), vec![format!("[0].valueFrom.fieldRef.fieldPath: Unsupported value: \"metadata.labels\": {supported}")]),
        ("metadata.annotations without subscript", json!([{"name": "abc", "valueFrom": field_ref("metadata.annotations")}]), vec![format!("[0].valueFrom.fieldRef.fieldPath: Unsupported value: \"metadata.annotations\": {supported}")]),
        ("unsupported fieldPath", json!([{"name": "abc", "valueFrom": field_ref("status.phase")}]), vec![format!("[0].valueFrom.fieldRef.fieldPath: Unsupported value: \"status.phase\": {supported}")]),
        ("invalid resource", json!([{"name": "abc", "valueFrom": {"resourceFieldRef": {"resource": "limits.nvidia.com/gpu"}}}]), vec!["[0].valueFrom.resourceFieldRef.resource: Unsupported value: \"limits.nvidia.com/gpu\": supported values: \"limits.cpu\", \"limits.ephemeral-storage\", \"limits.memory\", \"requests.cpu\", \"requests.ephemeral-storage\", \"requests.memory\"".into()]),
        ("missing configMapKeyRef key", json!([{"name": "abc", "valueFrom": {"configMapKeyRef": {"name": "some-config-map", "key": ""}}}]), vec!["[0].valueFrom.configMapKeyRef.key: Required value".into()]),
    ];
    for (name, env, w) in cases {
        assert_eq!(env_errs(env), w, "{name}");
    }
    let bad_key = env_errs(json!([{"name": "abc", "valueFrom": field_ref("metadata.labels['Www.k8s.io/test']")}]));
    assert_eq!(bad_key.len(), 1);
    assert!(bad_key[0].starts_with("[0].valueFrom.fieldRef: Invalid value: \"Www.k8s.io/test\": prefix part a lowercase RFC 1123 subdomain"), "{bad_key:?}");
    let bad_ann = env_errs(json!([{"name": "abc", "valueFrom": field_ref("metadata.annotations['invalid~key']")}]));
    assert!(bad_ann.len() == 1 && bad_ann[0].starts_with("[0].valueFrom.fieldRef: Invalid value: \"invalid~key\": name part must consist of"), "{bad_ann:?}");
}

/// TestValidatePorts: each case's single error, its type, the end of its
/// field and a piece of its detail.
#[test]
fn container_ports_table() {
    let ports = |p: Value| {
        let no_volumes = std::collections::BTreeMap::new();
        super::container::containers(&ctrs(json!([{"name": "abc", "ports": p}])), &no_volumes, Some(30), &Path::new("c"))
    };
    let ok = json!([
        {"name": "abc", "containerPort": 80, "hostPort": 80, "protocol": "TCP"},
        {"name": "easy", "containerPort": 82, "protocol": "TCP"},
        {"name": "as", "containerPort": 83, "protocol": "UDP"},
        {"name": "do-re-me", "containerPort": 84, "protocol": "SCTP"},
        {"containerPort": 85, "protocol": "TCP"},
    ]);
    assert!(ports(ok).is_empty());
    let cases: Vec<(&str, Value, ErrorType, &str, &str)> = vec![
        ("name > 15 characters", json!([{"name": "a".repeat(16), "containerPort": 80, "protocol": "TCP"}]), Invalid, "name", "15"),
        ("name contains invalid characters", json!([{"name": "a.b.c", "containerPort": 80, "protocol": "TCP"}]), Invalid, "name", "alpha-numeric"),
        ("name is a number", json!([{"name": "80", "containerPort": 80, "protocol": "TCP"}]), Invalid, "name", "at least one letter"),
        ("name not unique", json!([{"name": "abc", "containerPort": 80, "protocol": "TCP"}, {"name": "abc", "containerPort": 81, "protocol": "TCP"}]), Duplicate, "[1].name", ""),
        ("zero container port", json!([{"containerPort": 0, "protocol": "TCP"}]), Required, "containerPort", ""),
        ("invalid container port", json!([{"containerPort": 65536, "protocol": "TCP"}]), Invalid, "containerPort", "between"),
        ("invalid host port", json!([{"containerPort": 80, "hostPort": 65536, "protocol": "TCP"}]), Invalid, "hostPort", "between"),
        ("invalid protocol case", json!([{"containerPort": 80, "protocol": "tcp"}]), NotSupported, "protocol", "supported values: \"SCTP\", \"TCP\", \"UDP\""),
        ("invalid protocol", json!([{"containerPort": 80, "protocol": "ICMP"}]), NotSupported, "protocol", "supported values: \"SCTP\", \"TCP\", \"UDP\""),
        ("protocol required", json!([{"name": "abc", "containerPort": 80}]), Required, "protocol", ""),
    ];
    for (name, p, ty, field, detail) in cases {
        let errs = ports(p);
        assert_eq!(errs.len(), 1, "{name}: {:?}", errs.iter().map(|e| e.to_string()).collect::<Vec<_>>());
        let e = &errs[0];
        assert!(e.type_ == ty && e.field.ends_with(field) && e.detail.contains(detail), "{name}: {e}");
    }
}

/// TestValidateNamespace, through a defaulted Namespace.
#[test]
fn namespace_table() {
    let ns = |meta: Value, spec: Value| super::upstream_apps::defaulted(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": meta, "spec": spec}));
    for o in [ns(json!({"name": "abc"}), json!({})), ns(json!({"name": "abc-123"}), json!({"finalizers": ["example.com/something", "kubernetes"]}))] {
        assert_eq!(pairs(&validate(&o)), vec![], "{o:?}");
    }
    let cases: Vec<(&str, Object, Vec<(ErrorType, &str)>)> = vec![
        ("zero-length name", ns(json!({"name": ""}), json!({})), vec![(Required, "metadata.name")]),
        ("defined-namespace", ns(json!({"name": "abc-123", "namespace": "makesnosense"}), json!({})), vec![(Forbidden, "metadata.namespace")]),
        ("invalid-labels", ns(json!({"name": "abc", "labels": {"NoUppercaseOrSpecialCharsLike=Equals": "bar"}}), json!({})), vec![(Invalid, "metadata.labels")]),
        ("dotted name", ns(json!({"name": "a.b"}), json!({})), vec![(Invalid, "metadata.name")]),
        ("finalizer without a domain", ns(json!({"name": "abc"}), json!({"finalizers": ["foo"]})), vec![(Invalid, "spec.finalizers")]),
        ("invalid finalizer", ns(json!({"name": "abc"}), json!({"finalizers": ["example.com/Bad_/x"]})), vec![(Invalid, "spec.finalizers")]),
    ];
    for (name, o, w) in cases {
        assert_eq!(pairs(&validate(&o)), want(&w), "{name}");
    }
}

/// TestValidateConfigMapUpdate and TestValidateSecretUpdate: an immutable
/// object keeps its data and stays immutable; a Secret keeps its type.
#[test]
fn immutable_updates() {
    let cmi = |immutable: Option<bool>, data: Value| raw(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "validname", "namespace": "validns", "resourceVersion": "1"}, "immutable": immutable, "data": data}));
    let cases: Vec<(&str, Object, Object, Vec<(ErrorType, &str)>)> = vec![
        ("valid", cmi(None, json!({"key": "value"})), cmi(None, json!({"key": "value2"})), vec![]),
        ("make immutable", cmi(None, json!({"key": "value"})), cmi(Some(true), json!({"key": "value"})), vec![]),
        ("change immutable data", cmi(Some(true), json!({"key": "value"})), cmi(Some(true), json!({"key": "value2"})), vec![(Forbidden, "data")]),
        ("unset immutable", cmi(Some(true), json!({"key": "value"})), cmi(None, json!({"key": "value"})), vec![(Forbidden, "immutable")]),
        ("make mutable again", cmi(Some(true), json!({"key": "value"})), cmi(Some(false), json!({"key": "value"})), vec![(Forbidden, "immutable")]),
    ];
    for (name, old, new, w) in cases {
        assert_eq!(pairs(&validate_update(&old, &new)), want(&w), "{name}");
    }
    let sec = |ty: &str, immutable: Option<bool>, data: Value| raw(json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "foo", "namespace": "bar", "resourceVersion": "1"}, "type": ty, "immutable": immutable, "data": data}));
    let d = json!({"data-1": "YmFy"});
    assert_eq!(pairs(&validate_update(&sec("Opaque", None, d.clone()), &sec("Opaque", None, json!({"data-1": "YmF6"})))), vec![]);
    assert_eq!(pairs(&validate_update(&sec("Opaque", None, d.clone()), &sec("kubernetes.io/basic-auth", None, json!({"username": "YmF6"})))), want(&[(Invalid, "type")]));
    assert_eq!(pairs(&validate_update(&sec("Opaque", Some(true), d.clone()), &sec("Opaque", Some(true), json!({"data-1": "YmF6"})))), want(&[(Forbidden, "data")]));
    assert_eq!(pairs(&validate_update(&sec("Opaque", Some(true), d.clone()), &sec("Opaque", None, d))), want(&[(Forbidden, "immutable")]));
}
