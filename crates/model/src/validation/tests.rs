//! Whole-object validation through the public entry points; messages are
//! compared with what kubectl prints against a real API server.

use super::*;
use crate::kind::Kind;
use serde_json::json;

fn obj(v: serde_json::Value) -> Object {
    Object::from_json(&v).expect("test object decodes")
}

fn msgs(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[test]
fn config_map_keys_and_names() {
    let cm = obj(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "Bad_Name", "namespace": "default"}, "data": {"a b": "x", "ok.key": "y"}}));
    let errs = validate(&cm);
    assert_eq!(
        msgs(&errs),
        vec![
            "metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "data[a b]: Invalid value: \"a b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
        ]
    );
}

#[test]
fn namespace_names_are_labels() {
    let ns = obj(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "a.b"}}));
    assert_eq!(
        invalid_error_message(Kind::Namespace, "a.b", &validate(&ns)),
        "The Namespace \"a.b\" is invalid: metadata.name: Invalid value: \"a.b\": must not contain dots"
    );
}

#[test]
fn update_across_kinds_is_an_internal_error() {
    let a = obj(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x", "namespace": "default"}}));
    let b = obj(json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "x", "namespace": "default"}}));
    assert_eq!(validate_update(&a, &b)[0].type_, ErrorType::Internal);
}

#[test]
fn generic_update_checks_metadata_immutability() {
    let old = obj(json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "x", "namespace": "default", "uid": "1"}}));
    let new = obj(json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "x", "namespace": "default", "uid": "2"}}));
    assert_eq!(msgs(&validate_update(&old, &new)), vec!["metadata.uid: Invalid value: \"2\": field is immutable"]);
}

fn defaulted(v: serde_json::Value) -> Object {
    let mut o = obj(v);
    crate::defaults::apply_defaults(&mut o);
    o
}

/// Defaulted and prepared as the API server's create path does.
fn created(v: serde_json::Value) -> Object {
    let mut o = defaulted(v);
    crate::defaults::prepare_for_create(&mut o);
    o
}

fn deployment(spec: serde_json::Value) -> Object {
    defaulted(json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "default"}, "spec": spec}))
}

fn pod_template(extra: serde_json::Value) -> serde_json::Value {
    let mut spec = json!({"containers": [{"name": "c", "image": "nginx"}]});
    if let (Some(s), Some(e)) = (spec.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            s.insert(k.clone(), v.clone());
        }
    }
    json!({"metadata": {"labels": {"app": "web"}}, "spec": spec})
}

fn create_cases() -> Vec<Object> {
    vec![
        deployment(json!({"selector": {"matchLabels": {"app": "web"}}, "replicas": -1, "template": pod_template(json!({"restartPolicy": "Never"}))})),
        deployment(json!({"selector": {"matchLabels": {"app": "web"}}, "strategy": {"rollingUpdate": {"maxSurge": 0, "maxUnavailable": "0%"}}, "template": pod_template(json!({}))})),
        deployment(json!({"selector": {"matchLabels": {"app": "web"}}, "strategy": {"rollingUpdate": {"maxSurge": "25x", "maxUnavailable": "125%"}}, "template": pod_template(json!({}))})),
        deployment(json!({"selector": {}, "template": pod_template(json!({}))})),
        deployment(json!({"template": pod_template(json!({}))})),
        deployment(json!({"selector": {"matchLabels": {"app": "web"}}, "template": pod_template(json!({"containers": [
            {"name": "c", "image": "", "ports": [{"containerPort": 0}, {"containerPort": 70000, "protocol": "SCTPX"}], "resources": {"limits": {"cpu": "1"}, "requests": {"cpu": "2"}}},
            {"name": "c", "image": "x"}, {"name": "Bad_Name", "image": "x"}]}))})),
        defaulted(json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j", "namespace": "default"}, "spec": {"manualSelector": true, "selector": {"matchLabels": {"a": "b"}}, "completions": -1, "parallelism": -2, "template": {"metadata": {"labels": {"a": "b"}}, "spec": {"containers": [{"name": "c", "image": "i"}]}}}})),
        created(json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s", "namespace": "default"}, "spec": {"ports": [{"port": 80, "nodePort": 30080}, {"port": 0, "name": "Bad"}], "clusterIP": "None", "type": "NodePort"}})),
        created(json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s", "namespace": "default"}, "spec": {"ports": [{"port": 80, "nodePort": 30080}], "clusterIP": "10.96.0.9"}})),
        defaulted(json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s", "namespace": "default"}, "spec": {"type": "Foo"}})),
        defaulted(json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s", "namespace": "default"}, "spec": {"type": "ExternalName", "externalName": "a_b"}})),
        defaulted(json!({"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "this-name-is-way-too-long-for-a-cronjob-because-it-has-60-chars", "namespace": "default"}, "spec": {"schedule": "", "jobTemplate": {"spec": {"template": {"spec": {"restartPolicy": "Always", "containers": [{"name": "c", "image": "i"}]}}}}}})),
        defaulted(json!({"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "h", "namespace": "default"}, "spec": {"minReplicas": 0, "maxReplicas": 0, "scaleTargetRef": {"kind": "Deployment", "name": ""}}})),
        defaulted(json!({"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "p", "namespace": "default"}, "spec": {"minAvailable": "120%", "maxUnavailable": 1}})),
        defaulted(json!({"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "d", "namespace": "default"}, "spec": {"selector": {"matchLabels": {"app": "web"}}, "template": pod_template(json!({"restartPolicy": "OnFailure"}))}})),
        defaulted(json!({"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "s", "namespace": "default"}, "spec": {"selector": {"matchLabels": {"app": "x"}}, "template": pod_template(json!({}))}})),
        defaulted(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "i", "livenessProbe": {}}], "tolerations": [{"key": "k", "operator": "Exists", "value": "v"}], "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "k", "operator": "Foo"}]}]}}}}})),
        defaulted(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"}, "spec": {"containers": []}})),
    ]
}

/// Messages reviewed against upstream's validation code and kubectl output.
#[test]
fn create_messages() {
    let want: Vec<&str> = vec![
        "The Deployment \"web\" is invalid: \n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n* spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\"",
        "The Deployment \"web\" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"0%\"}: may not be 0 when `maxSurge` is 0",
        "The Deployment \"web\" is invalid: \n* spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"25x\"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')\n* spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"125%\"}: must not be greater than 100%",
        "The Deployment \"web\" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment",
        "The Deployment \"web\" is invalid: \n* spec.selector: Required value\n* spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"web\"}: `selector` does not match template `labels`",
        "The Deployment \"web\" is invalid: \n* spec.template.spec.containers[0].image: Required value\n* spec.template.spec.containers[0].ports[0].containerPort: Required value\n* spec.template.spec.containers[0].ports[1].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive\n* spec.template.spec.containers[0].ports[1].protocol: Unsupported value: \"SCTPX\": supported values: \"SCTP\", \"TCP\", \"UDP\"\n* spec.template.spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1\n* spec.template.spec.containers[1].name: Duplicate value: \"c\"\n* spec.template.spec.containers[2].name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        "The Job \"j\" is invalid: \n* spec.parallelism: Invalid value: -2: must be greater than or equal to 0\n* spec.completions: Invalid value: -1: must be greater than or equal to 0\n* spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\"",
        "The Service \"s\" is invalid: \n* spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for NodePort services\n* spec.ports[0].name: Required value\n* spec.ports[1].name: Invalid value: \"Bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')\n* spec.ports[1].port: Invalid value: 0: must be between 1 and 65535, inclusive\n* spec.ports[1].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive",
        "The Service \"s\" is invalid: spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
        "The Service \"s\" is invalid: \n* spec.ports: Required value\n* spec.type: Unsupported value: \"Foo\": supported values: \"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\"",
        "The Service \"s\" is invalid: spec.externalName: Invalid value: \"a_b\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "The CronJob \"this-name-is-way-too-long-for-a-cronjob-because-it-has-60-chars\" is invalid: \n* spec.schedule: Required value\n* spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\"\n* metadata.name: Invalid value: \"this-name-is-way-too-long-for-a-cronjob-because-it-has-60-chars\": must be no more than 52 characters",
        "The HorizontalPodAutoscaler \"h\" is invalid: \n* spec.minReplicas: Invalid value: 0: must be greater than or equal to 1\n* spec.maxReplicas: Invalid value: 0: must be greater than 0\n* spec.scaleTargetRef.name: Required value\n* spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas",
        "The PodDisruptionBudget \"p\" is invalid: \n* spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000012345), Selector:(*v1.LabelSelector)(nil), MaxUnavailable:(*intstr.IntOrString)(0xc000012345), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set\n* spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"120%\"}: must not be greater than 100%",
        "The DaemonSet \"d\" is invalid: spec.template.spec.restartPolicy: Unsupported value: \"OnFailure\": supported values: \"Always\"",
        "The StatefulSet \"s\" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"web\"}: `selector` does not match template `labels`",
        "The Pod \"p\" is invalid: \n* spec.containers[0].livenessProbe: Required value: must specify a handler type\n* spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: \"Foo\": not a valid selector operator\n* spec.tolerations[0].operator: Invalid value: core.Toleration{Key:\"k\", Operator:\"Exists\", Value:\"v\", Effect:\"\", TolerationSeconds:(*int64)(nil)}: value must be empty when `operator` is 'Exists'",
        "The Pod \"p\" is invalid: spec.containers: Required value",
    ];
    let got: Vec<String> = create_cases().iter().map(|o| invalid_error_message(o.kind(), o.name(), &validate(o))).collect();
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w);
    }
}

fn update_cases() -> Vec<(Object, Object)> {
    let d1 = deployment(json!({"selector": {"matchLabels": {"app": "web"}}, "template": pod_template(json!({}))}));
    let mut d2 = d1.clone();
    if let Object::Deployment(d) = &mut d2 {
        d.spec.selector = Some(crate::selector::LabelSelector { match_labels: [("app".to_string(), "api".to_string())].into(), ..Default::default() });
        d.spec.template.metadata.labels.insert("app".into(), "api".into());
    }
    let mut j1 = defaulted(json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j", "namespace": "default", "uid": "u1"}, "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "i"}]}}}}));
    crate::defaults::prepare_for_create(&mut j1);
    let mut j2 = j1.clone();
    if let Object::Job(j) = &mut j2 {
        j.spec.template.spec.containers[0].image = Some("other".into());
        j.spec.completions = Some(3);
    }
    let mut s1 = defaulted(json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s", "namespace": "default"}, "spec": {"clusterIP": "10.96.0.5", "ports": [{"port": 80}]}}));
    crate::defaults::prepare_for_create(&mut s1);
    let mut s2 = s1.clone();
    if let Object::Service(s) = &mut s2 {
        s.spec.cluster_ip = Some("10.96.0.6".into());
        s.spec.cluster_ips = vec!["10.96.0.6".into()];
    }
    let p1 = defaulted(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "i"}]}}));
    let mut p2 = p1.clone();
    if let Object::Pod(p) = &mut p2 {
        p.spec_mut().containers[0].image = Some("j".into());
        p.spec_mut().containers[0].command = vec!["sleep".into()];
    }
    vec![(d1, d2), (j1, j2), (s1, s2), (p1, p2)]
}

/// Messages reviewed against upstream's validation code and kubectl output.
#[test]
fn update_messages() {
    let want: Vec<&str> = vec![
        "The Deployment \"web\" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{\"app\":\"api\"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable",
        "The Job \"j\" is invalid: \n* spec.completions: Invalid value: 3: field is immutable\n* spec.template: Invalid value: core.PodTemplateSpec{ObjectMeta:v1.ObjectMeta{Labels:map[string]string{\"batch.kubernetes.io/controller-uid\":\"u1\", \"batch.kubernetes.io/job-name\":\"j\", \"controller-uid\":\"u1\", \"job-name\":\"j\"}}, Spec:core.PodSpec{Containers:[]core.Container{core.Container{Name:\"c\", Image:\"other\"}}, RestartPolicy:\"Never\"}}: field is immutable",
        "The Service \"s\" is invalid: spec.clusterIPs[0]: Invalid value: []string{\"10.96.0.6\"}: may not change once set",
        "The Pod \"p\" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n  core.PodSpec{\n- \tcontainers[0].command: null\n+ \tcontainers[0].command: [\"sleep\"]\n  }\n",
    ];
    let got: Vec<String> = update_cases().iter().map(|(o, n)| invalid_error_message(n.kind(), n.name(), &validate_update(o, n))).collect();
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w);
    }
}

/// Cases after upstream's TestValidateVolumes projected entries
/// (validation_test.go): duplicate paths across sources, token lifetimes,
/// a token without a path, two kinds in one source.
#[test]
fn projected_volume_sources() {
    let cases = [
        ("ok", json!([{"secret": {"name": "s", "items": [{"key": "a", "path": "a"}]}}, {"configMap": {"name": "c", "items": [{"key": "b", "path": "b"}]}}, {"serviceAccountToken": {"expirationSeconds": 3600, "path": "token"}}]), vec![]),
        (
            "duplicate path",
            json!([{"secret": {"name": "s", "items": [{"key": "a", "path": "same"}]}}, {"configMap": {"name": "c", "items": [{"key": "b", "path": "same"}]}}]),
            vec![r#"spec.volumes[0].projected: Invalid value: "c": conflicting duplicate paths"#],
        ),
        (
            "duplicate downward path",
            json!([{"secret": {"name": "s", "items": [{"key": "a", "path": "labels"}]}}, {"downwardAPI": {"items": [{"path": "labels", "fieldRef": {"fieldPath": "metadata.labels"}}]}}]),
            vec![r#"spec.volumes[0].projected: Invalid value: "labels": conflicting duplicate paths"#],
        ),
        (
            "short token",
            json!([{"serviceAccountToken": {"expirationSeconds": 60, "path": "t"}}]),
            vec!["spec.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes"],
        ),
        (
            "long token",
            json!([{"serviceAccountToken": {"expirationSeconds": 4294967297i64, "path": "t"}}]),
            vec!["spec.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds"],
        ),
        ("token without path", json!([{"serviceAccountToken": {"expirationSeconds": 3600}}]), vec!["spec.volumes[0].projected.path: Required value"]),
        (
            "two kinds in a source",
            json!([{"secret": {"name": "s"}, "configMap": {"name": "c"}}]),
            vec!["spec.volumes[0].projected.sources[0]: Forbidden: may not specify more than 1 volume type per source"],
        ),
    ];
    for (name, sources, want) in cases {
        let pod = created(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"},
            "spec": {"containers": [{"name": "c", "image": "nginx"}], "volumes": [{"name": "v", "projected": {"sources": sources}}]}}));
        assert_eq!(msgs(&crate::validation::validate(&pod)), want, "{name}");
    }
}
