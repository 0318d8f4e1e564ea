//! describe_test.go's cases for the other kinds the playground serves
//! (kubectl v1.32), with the objects decoded from the JSON of upstream's
//! Go literals.

use super::config::{describe_config_map, describe_secret};
use super::endpoints::{describe_endpoint_slice, describe_endpoints};
use super::generic::content;
use super::hpa::describe_hpa;
use super::job::describe_job;
use super::node::{describe_node, pods_total_requests_and_limits, NodeLease};
use super::pod::describe_pod;
use super::policy::{describe_pdb, describe_quota};
use super::service::{describe_namespace, describe_service};
use super::workloads::{
    describe_daemon_set, describe_deployment, describe_replica_set,
    describe_replication_controller, describe_stateful_set,
};
use super::{annotations_multiline, Writer};
use kubeplay_model::api::*;
use kubeplay_model::{Quantity, Time};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::collections::BTreeMap;

const NOW: Time = kubeplay_model::time::EPOCH;

fn decode<T: DeserializeOwned>(v: Value) -> T {
    serde_json::from_value(v).expect("test object decodes")
}

fn ago(secs: i64) -> String {
    NOW.plus_secs(-secs).rfc3339()
}

fn contains_all(out: &str, want: &[&str]) {
    for w in want {
        assert!(out.contains(w), "want {w:?} in:\n{out}");
    }
}

// describe_test.go's TestDescribeSecret: keys in byte order, sizes only.
#[test]
fn describe_secret_sorted_sizes() {
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a [&'a str]);
    let cases: [Case; 3] = [
        (
            &[("username", "YWRtaW4="), ("password", "MWYyZDFlMmU2N2Rm")],
            &["password", "username"],
        ),
        (
            &[
                ("text", "a3ViZXJuZXRlcwo="),
                ("Text", "dGhpcyBpcyBhIHRlc3QK"),
                ("tExt", "d2VpcmQgY2FzaW5nCg=="),
            ],
            &["Text", "tExt", "text"],
        ),
        (
            &[("key_1", "c29tZV9zZWNyZXQK"), ("1_key", "c29tZV90ZXh0Cg==")],
            &["1_key", "key_1"],
        ),
    ];
    for (data, order) in cases {
        // Upstream's values are the bytes of these strings.
        let encoded: BTreeMap<String, String> = data
            .iter()
            .map(|(k, v)| (k.to_string(), kubeplay_model::base64::encode(v.as_bytes())))
            .collect();
        let secret: Secret =
            decode(json!({"metadata": {"name": "bar", "namespace": "foo"}, "data": encoded}));
        let out = describe_secret(&secret);
        for (_, v) in data {
            assert!(!out.contains(v), "sensitive data shown:\n{out}");
        }
        let mut want = "Name:         bar\nNamespace:    foo\nLabels:       <none>\nAnnotations:  <none>\n\nType:  \n\nData\n====".to_string();
        for k in order {
            let len = data
                .iter()
                .find(|(key, _)| key == k)
                .map_or(0, |(_, v)| v.len());
            want.push_str(&format!("\n{k}:  {len} bytes"));
        }
        want.push('\n');
        assert_eq!(out, want);
    }
}

// describe_test.go's TestDescribeNamespace
#[test]
fn describe_namespace_cases() {
    let active: Namespace =
        decode(json!({"metadata": {"name": "example"}, "status": {"phase": "Active"}}));
    contains_all(
        &describe_namespace(&active, &[], &[]),
        &[
            "Name",
            "example",
            "Status",
            "Active",
            "No resource quota",
            "No LimitRange resource.",
        ],
    );
    let failing: Namespace = decode(json!({
        "metadata": {"name": "example"},
        "status": {"phase": "Terminating", "conditions": [{"lastTransitionTime": "2014-01-15T00:00:00Z", "message": "example message", "reason": "example reason", "status": "True", "type": "NamespaceDeletionContentFailure"}]}
    }));
    contains_all(
        &describe_namespace(&failing, &[], &[]),
        &[
            "Name",
            "example",
            "Status",
            "Terminating",
            "Conditions",
            "Type",
            "NamespaceDeletionContentFailure",
            "Status",
            "True",
            "Reason",
            "example reason",
            "Message",
            "example message",
            "No resource quota",
            "No LimitRange resource.",
        ],
    );
}

fn lb_service(target_port: Value, internal: Option<&str>, ingress: Option<Value>) -> Service {
    let mut spec = json!({
        "type": "LoadBalancer",
        "ports": [{"name": "port-tcp", "port": 8080, "protocol": "TCP", "targetPort": target_port, "nodePort": 31111}],
        "selector": {"blah": "heh"},
        "clusterIP": "1.2.3.4",
        "ipFamilies": ["IPv4"],
        "loadBalancerIP": "5.6.7.8",
        "sessionAffinity": "None",
        "externalTrafficPolicy": "Local",
        "healthCheckNodePort": 32222
    });
    if let Some(p) = internal {
        spec["internalTrafficPolicy"] = json!(p);
    }
    let status = ingress.map_or(json!({}), |i| json!({"loadBalancer": {"ingress": [i]}}));
    decode(json!({"metadata": {"name": "bar", "namespace": "foo"}, "spec": spec, "status": status}))
}

fn slice(name: &str, endpoints: Value, protocol: &str) -> EndpointSlice {
    decode(json!({
        "metadata": {"name": name, "namespace": "foo", "labels": {"kubernetes.io/service-name": "bar"}},
        "endpoints": endpoints,
        "ports": [{"name": "port-tcp", "port": 9527, "protocol": protocol}]
    }))
}

fn ready(ip: &str, ready: bool) -> Value {
    json!({"addresses": [ip], "conditions": {"ready": ready}})
}

// describe_test.go's TestDescribeService, laid out in full. Its
// test-TrafficDistribution and test-AppProtocol cases show lines kubectl
// added after v1.32.
#[test]
fn describe_service_cases() {
    let head = "Name:                     bar\nNamespace:                foo\nLabels:                   <none>\nAnnotations:              <none>\nSelector:                 blah=heh\nType:                     LoadBalancer\n";
    let tail_local = "Session Affinity:         None\nExternal Traffic Policy:  Local\n";
    let end = "HealthCheck NodePort:     32222\nEvents:                   <none>\n";
    let ports = |target: &str, endpoints: &str| {
        format!("Port:                     port-tcp  8080/TCP\nTargetPort:               {target}/TCP\nNodePort:                 port-tcp  31111/TCP\nEndpoints:                {endpoints}\n")
    };

    // test1
    let svc = lb_service(
        json!(9527),
        Some("Cluster"),
        Some(json!({"ip": "5.6.7.8", "ipMode": "VIP"})),
    );
    let s = slice(
        "bar-abcde",
        json!([
            ready("10.244.0.1", true),
            ready("10.244.0.2", true),
            ready("10.244.0.3", true)
        ]),
        "TCP",
    );
    let want = format!(
        "{head}IP Families:              IPv4\nIP:                       1.2.3.4\nIPs:                      <none>\nDesired LoadBalancer IP:  5.6.7.8\nLoadBalancer Ingress:     5.6.7.8 (VIP)\n{}{tail_local}Internal Traffic Policy:  Cluster\n{end}",
        ports("9527", "10.244.0.1:9527,10.244.0.2:9527,10.244.0.3:9527")
    );
    assert_eq!(describe_service(&svc, &[&s], Some(&[]), NOW), want);

    // test2: a not-ready endpoint is left out; past three, a count.
    let svc = lb_service(
        json!("targetPort"),
        Some("Local"),
        Some(json!({"ip": "5.6.7.8"})),
    );
    let a = slice(
        "bar-12345",
        json!([ready("10.244.0.1", true), ready("10.244.0.2", true)]),
        "UDP",
    );
    let b = slice(
        "bar-54321",
        json!([
            ready("10.244.0.3", false),
            ready("10.244.0.4", true),
            ready("10.244.0.5", true)
        ]),
        "UDP",
    );
    let want = format!(
        "{head}IP Families:              IPv4\nIP:                       1.2.3.4\nIPs:                      <none>\nDesired LoadBalancer IP:  5.6.7.8\nLoadBalancer Ingress:     5.6.7.8\n{}{tail_local}Internal Traffic Policy:  Local\n{end}",
        ports("targetPort", "10.244.0.1:9527,10.244.0.2:9527,10.244.0.4:9527 + 1 more...")
    );
    assert_eq!(describe_service(&svc, &[&a, &b], Some(&[]), NOW), want);

    // test-ready-field-empty: unknown readiness counts as ready.
    let svc = lb_service(json!(9527), Some("Cluster"), None);
    let s = slice("bar-abcdef", json!([{"addresses": ["10.244.0.1"]}]), "TCP");
    let want = format!(
        "{head}IP Families:              IPv4\nIP:                       1.2.3.4\nIPs:                      <none>\nDesired LoadBalancer IP:  5.6.7.8\n{}{tail_local}Internal Traffic Policy:  Cluster\n{end}",
        ports("9527", "10.244.0.1:9527")
    );
    assert_eq!(describe_service(&svc, &[&s], Some(&[]), NOW), want);

    // test-ServiceIPFamily
    let svc = lb_service(json!("targetPort"), None, None);
    let s = slice("bar-123ab", json!([ready("10.244.0.1", true)]), "TCP");
    let want = format!(
        "{head}IP Families:              IPv4\nIP:                       1.2.3.4\nIPs:                      <none>\nDesired LoadBalancer IP:  5.6.7.8\n{}{tail_local}{end}",
        ports("targetPort", "10.244.0.1:9527")
    );
    assert_eq!(describe_service(&svc, &[&s], Some(&[]), NOW), want);

    // test-ServiceIPFamilyPolicy+ClusterIPs
    let mut svc = lb_service(json!("targetPort"), None, None);
    svc.spec.ip_family_policy = Some("SingleStack".into());
    svc.spec.cluster_ips = vec!["1.2.3.4".into()];
    let want = format!(
        "{head}IP Family Policy:         SingleStack\nIP Families:              IPv4\nIP:                       1.2.3.4\nIPs:                      1.2.3.4\nDesired LoadBalancer IP:  5.6.7.8\n{}{tail_local}{end}",
        ports("targetPort", "<none>")
    );
    assert_eq!(describe_service(&svc, &[], Some(&[]), NOW), want);
}

fn rs_template(image: &str) -> Value {
    json!({
        "metadata": {"name": "bar", "namespace": "foo", "labels": {"k8s-app": "bar"}},
        "spec": {
            "containers": [{"name": "", "image": image, "volumeMounts": [{"name": "vol-foo", "mountPath": "/tmp/vol-foo"}, {"name": "vol-bar", "mountPath": "/tmp/vol-bar"}]}],
            "volumes": [{"name": "vol-foo", "emptyDir": {}}, {"name": "vol-bar", "emptyDir": {}}]
        }
    })
}

fn deployment(replicas: i32, image: &str, status: Value) -> Deployment {
    decode(json!({
        "metadata": {"name": "bar", "namespace": "foo", "labels": {"k8s-app": "bar"}, "uid": "00000000-0000-0000-0000-000000000001", "creationTimestamp": "2021-01-01T00:00:00Z"},
        "spec": {"replicas": replicas, "selector": {"matchLabels": {"k8s-app": "bar"}}, "template": rs_template(image)},
        "status": status
    }))
}

fn replica_set(name: &str, replicas: i32, image: &str, current: i32) -> ReplicaSet {
    decode(json!({
        "metadata": {"name": name, "namespace": "foo", "labels": {"k8s-app": "bar"}, "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "bar", "controller": true, "uid": "00000000-0000-0000-0000-000000000001"}]},
        "spec": {"replicas": replicas, "selector": {"matchLabels": {"k8s-app": "bar"}}, "template": rs_template(image)},
        "status": {"replicas": current, "readyReplicas": current, "availableReplicas": current}
    }))
}

fn scaling_events() -> Vec<Event> {
    let core = |message: &str, first_ago: i64| -> Event {
        decode(
            json!({"type": "Normal", "reason": "ScalingReplicaSet", "message": message, "source": {"component": "deployment-controller"}, "firstTimestamp": ago(first_ago)}),
        )
    };
    let new_api = |message: &str, at_ago: i64, series: Option<(i32, i64)>| -> Event {
        let mut e = json!({"type": "Normal", "reason": "ScalingReplicaSet", "message": message, "reportingComponent": "deployment-controller", "eventTime": NOW.plus_secs(-at_ago).rfc3339_micro()});
        if let Some((count, last_ago)) = series {
            e["series"] = json!({"count": count, "lastObservedTime": NOW.plus_secs(-last_ago).rfc3339_micro()});
        }
        decode(e)
    };
    vec![
        new_api(
            "Scaled up replica set bar-002 to 1",
            20 * 60,
            Some((3, 12 * 60)),
        ),
        core("Scaled up replica set bar-001 to 2", 10 * 60),
        core("Scaled up replica set bar-002 to 1", 2 * 60),
        new_api("Scaled down replica set bar-002 to 1", 60, None),
        new_api("Scaled up replica set bar-002 to 2", 15, None),
        new_api("Scaled down replica set bar-001 to 0", 3, None),
    ]
}

// describe_test.go's TestDescribeDeployment (the ReplicaSets split into old
// and new as GetAllReplicaSets does).
#[test]
fn describe_deployment_cases() {
    // deployment with two mounted volumes
    let d = deployment(1, "mytest-image:latest", json!({}));
    let new = replica_set("bar-001", 1, "mytest-image:latest", 1);
    let out = describe_deployment(&d, &[], Some(&new), Some(&[]), NOW);
    contains_all(
        &out,
        &[
            "Name:               bar\nNamespace:          foo",
            "CreationTimestamp:  Fri, 01 Jan 2021 00:00:00 +0000",
            "Labels:             k8s-app=bar",
            "Selector:           k8s-app=bar",
            "Replicas:           1 desired | 0 updated | 0 total | 0 available | 0 unavailable",
            "Image:        mytest-image:latest",
            "Mounts:\n      /tmp/vol-bar from vol-bar (rw)\n      /tmp/vol-foo from vol-foo (rw)",
            "OldReplicaSets:    <none>",
            "NewReplicaSet:     bar-001 (1/1 replicas created)",
            "Events:            <none>",
            "Node-Selectors:  <none>",
            "Tolerations:     <none>",
        ],
    );

    let events = scaling_events();
    let all: Vec<&Event> = events.iter().collect();
    let rows = [
        "Normal  ScalingReplicaSet  12m (x3 over 20m)  deployment-controller  Scaled up replica set bar-002 to 1",
        "Normal  ScalingReplicaSet  10m                deployment-controller  Scaled up replica set bar-001 to 2",
        "Normal  ScalingReplicaSet  2m                 deployment-controller  Scaled up replica set bar-002 to 1",
        "Normal  ScalingReplicaSet  60s                deployment-controller  Scaled down replica set bar-002 to 1",
    ];

    // deployment during the process of rolling out
    let d = deployment(
        2,
        "mytest-image:v2.0",
        json!({"replicas": 3, "updatedReplicas": 1, "availableReplicas": 2, "unavailableReplicas": 1}),
    );
    let old = replica_set("bar-001", 2, "mytest-image:v1.0", 2);
    let new = replica_set("bar-002", 1, "mytest-image:v2.0", 1);
    let out = describe_deployment(&d, &[&old], Some(&new), Some(&all[..4]), NOW);
    contains_all(
        &out,
        &[
            "Replicas:           2 desired | 1 updated | 3 total | 2 available | 1 unavailable",
            "Image:        mytest-image:v2.0",
            "OldReplicaSets:    bar-001 (2/2 replicas created)",
            "NewReplicaSet:     bar-002 (1/1 replicas created)",
            "Events:\n",
        ],
    );
    contains_all(&out, &rows);

    // deployment after successful rollout: the old ReplicaSet, scaled to
    // zero, is still listed.
    let d = deployment(
        2,
        "mytest-image:v2.0",
        json!({"replicas": 2, "updatedReplicas": 2, "availableReplicas": 2, "unavailableReplicas": 0}),
    );
    let old = replica_set("bar-001", 0, "mytest-image:v1.0", 0);
    let new = replica_set("bar-002", 2, "mytest-image:v2.0", 2);
    let out = describe_deployment(&d, &[&old], Some(&new), Some(&all), NOW);
    contains_all(
        &out,
        &[
            "Replicas:           2 desired | 2 updated | 2 total | 2 available | 0 unavailable",
            "Image:        mytest-image:v2.0",
            "OldReplicaSets:    bar-001 (0/0 replicas created)",
            "NewReplicaSet:     bar-002 (2/2 replicas created)",
            "Events:\n",
            "Normal  ScalingReplicaSet  15s                deployment-controller  Scaled up replica set bar-002 to 2",
            "Normal  ScalingReplicaSet  3s                 deployment-controller  Scaled down replica set bar-001 to 0",
        ],
    );
    contains_all(&out, &rows);
}

// describe_test.go's TestDescribeJob
#[test]
fn describe_job_cases() {
    let cases: [(Value, Value, &[&str], &[&str]); 6] = [
        (
            json!({}),
            json!({}),
            &[],
            &[
                "Completed Indexes:",
                "Suspend:",
                "Backoff Limit:",
                "TTL Seconds After Finished:",
            ],
        ),
        (
            json!({"completionMode": "Indexed"}),
            json!({}),
            &["Completed Indexes:  <none>"],
            &[],
        ),
        (
            json!({"completionMode": "Indexed"}),
            json!({"completedIndexes": "0-5,7,9,10,12,13,15,16,18,20,21,23,24,26,27,29,30,32"}),
            &["Completed Indexes:  0-5,7,9,10,12,13,15,16,18,20,21,23,24,26,27,29,30,32"],
            &[],
        ),
        (
            json!({"completionMode": "Indexed"}),
            json!({"completedIndexes": "0-5,7,9,10,12,13,15,16,18,20,21,23,24,26,27,29,30,32-34,36,37"}),
            &["Completed Indexes:  0-5,7,9,10,12,13,15,16,18,20,21,23,24,26,27,29,30,32-34,..."],
            &[],
        ),
        (
            json!({"suspend": true, "ttlSecondsAfterFinished": 123, "backoffLimit": 1}),
            json!({}),
            &[
                "Suspend:                     true",
                "TTL Seconds After Finished:  123",
                "Backoff Limit:               1",
            ],
            &[],
        ),
        (
            json!({"suspend": false}),
            json!({}),
            &["Suspend:        false"],
            &[],
        ),
    ];
    for (spec, status, want, unwanted) in cases {
        let job: Job = decode(
            json!({"metadata": {"name": "bar", "namespace": "foo"}, "spec": spec, "status": status}),
        );
        let out = describe_job(&job, Some(&[]), NOW);
        contains_all(&out, want);
        for u in unwanted {
            assert!(!out.contains(u), "unexpected {u:?} in:\n{out}");
        }
    }
}

fn hpa(metrics: Value, current: Value) -> HorizontalPodAutoscaler {
    decode(json!({
        "metadata": {"name": "bar", "namespace": "foo"},
        "spec": {"scaleTargetRef": {"name": "some-rc", "kind": "ReplicationController"}, "minReplicas": 2, "maxReplicas": 10, "metrics": metrics},
        "status": {"currentReplicas": 4, "desiredReplicas": 5, "currentMetrics": current}
    }))
}

// describe_test.go's TestDescribeHorizontalPodAutoscaler (autoscaling/v2
// cases; upstream checks the page is not empty). The rows are the ones
// describeHorizontalPodAutoscalerV2 prints; the model keeps only Resource
// metric statuses, so other types' current values read <unknown>. The v1
// cases are left out: kubectl reads the v2 object first, which a v1.32
// server always serves.
#[test]
fn describe_hpa_metric_types() {
    let sel = json!({"matchLabels": {"label": "value"}});
    let ext = |target: Value| json!([{"type": "External", "external": {"metric": {"name": "some-external-metric", "selector": sel}, "target": target}}]);
    let ext_status = |current: Value| json!([{"type": "External", "external": {"metric": {"name": "some-external-metric", "selector": sel}, "current": current}}]);
    let pods = json!([{"type": "Pods", "pods": {"metric": {"name": "some-pods-metric"}, "target": {"type": "AverageValue", "averageValue": "100m"}}}]);
    let pods_status = json!([{"type": "Pods", "pods": {"metric": {"name": "some-pods-metric"}, "current": {"averageValue": "50m"}}}]);
    let obj = |target: Value| json!([{"type": "Object", "object": {"describedObject": {"name": "some-service", "kind": "Service"}, "metric": {"name": "some-service-metric"}, "target": target}}]);
    let obj_status = |current: Value| json!([{"type": "Object", "object": {"describedObject": {"name": "some-service", "kind": "Service"}, "metric": {"name": "some-service-metric"}, "current": current}}]);
    let res = |target: Value| json!([{"type": "Resource", "resource": {"name": "cpu", "target": target}}]);
    let res_status = |current: Value| json!([{"type": "Resource", "resource": {"name": "cpu", "current": current}}]);
    let cres = |target: Value| json!([{"type": "ContainerResource", "containerResource": {"name": "cpu", "container": "application", "target": target}}]);
    let cres_status = |current: Value| json!([{"type": "ContainerResource", "containerResource": {"name": "cpu", "container": "application", "current": current}}]);
    let avg = json!({"type": "AverageValue", "averageValue": "100m"});
    let val = json!({"type": "Value", "value": "100m"});
    let util = json!({"type": "Utilization", "averageUtilization": 80});
    let cases: Vec<(Value, Value, &str)> = vec![
        (ext(avg.clone()), json!([]), "  \"some-external-metric\" (target average value):  <unknown> / 100m\n"),
        (ext(avg.clone()), ext_status(json!({"averageValue": "50m"})), "  \"some-external-metric\" (target average value):  <unknown> / 100m\n"),
        (ext(val.clone()), json!([]), "  \"some-external-metric\" (target value):  <unknown> / 100m\n"),
        (ext(val.clone()), ext_status(json!({"value": "50m"})), "  \"some-external-metric\" (target value):  <unknown> / 100m\n"),
        (pods.clone(), json!([]), "  \"some-pods-metric\" on pods:  <unknown> / 100m\n"),
        (pods.clone(), pods_status.clone(), "  \"some-pods-metric\" on pods:  <unknown> / 100m\n"),
        (obj(avg.clone()), json!([]), "  \"some-service-metric\" on Service/some-service (target average value):  <unknown> / 100m\n"),
        (obj(avg.clone()), obj_status(json!({"averageValue": "50m"})), "  \"some-service-metric\" on Service/some-service (target average value):  <unknown> / 100m\n"),
        (obj(val.clone()), json!([]), "  \"some-service-metric\" on Service/some-service (target value):  <unknown> / 100m\n"),
        (obj(val.clone()), obj_status(json!({"value": "50m"})), "  \"some-service-metric\" on Service/some-service (target value):  <unknown> / 100m\n"),
        (res(avg.clone()), json!([]), "  resource cpu on pods:  <unknown> / 100m\n"),
        (res(avg.clone()), res_status(json!({"averageValue": "50m"})), "  resource cpu on pods:  50m / 100m\n"),
        (res(util.clone()), json!([]), "  resource cpu on pods  (as a percentage of request):  <unknown> / 80%\n"),
        (res(util.clone()), res_status(json!({"averageUtilization": 50, "averageValue": "40m"})), "  resource cpu on pods  (as a percentage of request):  50% (40m) / 80%\n"),
        (cres(avg.clone()), json!([]), "  resource cpu of container \"application\" on pods:  <unknown> / 100m\n"),
        (cres(avg.clone()), cres_status(json!({"averageValue": "50m"})), "  resource cpu of container \"application\" on pods:  <unknown> / 100m\n"),
        (cres(util.clone()), json!([]), "  resource cpu of container \"application\" on pods  (as a percentage of request):  <unknown> / 80%\n"),
        (cres(util.clone()), cres_status(json!({"averageUtilization": 50, "averageValue": "40m"})), "  resource cpu of container \"application\" on pods  (as a percentage of request):  <unknown> / 80%\n"),
    ];
    for (metrics, current, row) in cases {
        let out = describe_hpa(&hpa(metrics, current), Some(&[]), NOW);
        assert!(!out.is_empty());
        // The row's two cells, however wide the tabwriter pads the first.
        let (label, value) = row
            .trim_end_matches('\n')
            .split_once(":  ")
            .expect("row has two cells");
        let found = out.lines().any(|l| {
            l.strip_prefix(label)
                .and_then(|r| r.strip_prefix(':'))
                .is_some_and(|r| r.trim_start() == value && r.starts_with("  "))
        });
        assert!(found, "want {row:?} in:\n{out}");
        assert!(out.contains("ReplicationController pods:"), "{out}");
    }
    // minReplicas unset
    let mut h = hpa(json!([]), json!([]));
    h.spec.min_replicas = None;
    contains_all(
        &describe_hpa(&h, Some(&[]), NOW),
        &["Min replicas:", "<unset>", "4 current / 5 desired"],
    );
    // multiple metrics: each row reads its own status by position.
    let metrics = json!([
        {"type": "Pods", "pods": {"metric": {"name": "some-pods-metric"}, "target": {"type": "AverageValue", "averageValue": "100m"}}},
        {"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 80}}},
        {"type": "Pods", "pods": {"metric": {"name": "other-pods-metric"}, "target": {"type": "AverageValue", "averageValue": "400m"}}}
    ]);
    let current = json!([
        {"type": "Pods", "pods": {"metric": {"name": "some-pods-metric"}, "current": {"averageValue": "50m"}}},
        {"type": "Resource", "resource": {"name": "cpu", "current": {"averageUtilization": 50, "averageValue": "40m"}}}
    ]);
    let out = describe_hpa(&hpa(metrics, current), Some(&[]), NOW);
    contains_all(
        &out,
        &[
            "\"some-pods-metric\" on pods:",
            "50% (40m) / 80%",
            "\"other-pods-metric\" on pods:",
            "<unknown> / 400m",
        ],
    );
    // scale up / scale down behavior specified
    let behavior = |direction: &str, select: Option<&str>| {
        let mut rules = json!({"stabilizationWindowSeconds": 30, "policies": [{"type": "Pods", "value": 10, "periodSeconds": 10}, {"type": "Percent", "value": 10, "periodSeconds": 10}]});
        if let Some(s) = select {
            rules["selectPolicy"] = json!(s);
        }
        let mut h = hpa(res(util.clone()), json!([]));
        h.spec.scale_target_ref = decode(json!({"name": "behavior-target", "kind": "Deployment"}));
        h.spec.behavior = Some(decode(json!({ direction: rules })));
        describe_hpa(&h, Some(&[]), NOW)
    };
    let policies = "    Select Policy: Max\n    Policies:\n      - Type: Pods     Value: 10  Period: 10 seconds\n      - Type: Percent  Value: 10  Period: 10 seconds\n";
    let up = behavior("scaleUp", Some("Max"));
    assert!(
        up.contains(&format!(
            "Behavior:\n  Scale Up:\n    Stabilization Window: 30 seconds\n{policies}"
        )),
        "{up}"
    );
    let down = behavior("scaleDown", None);
    assert!(
        down.contains(&format!(
            "Behavior:\n  Scale Down:\n    Stabilization Window: 30 seconds\n{policies}"
        )),
        "{down}"
    );
}

// describe_test.go's TestDescribeEvents: with events the page ends in an
// Events section, without (--show-events=false) it has none.
#[test]
fn describe_events_shown_only_when_asked() {
    let events: Vec<Event> = vec![
        decode(
            json!({"metadata": {"name": "event-1", "namespace": "foo"}, "source": {"component": "kubelet"}, "message": "Item 1", "firstTimestamp": "2014-01-15T00:00:00Z", "lastTimestamp": "2014-01-15T00:00:00Z", "count": 1, "type": "Normal"}),
        ),
        decode(
            json!({"metadata": {"name": "event-2", "namespace": "foo"}, "source": {"component": "kubelet"}, "message": "Item 1", "eventTime": "2014-01-15T00:00:00.000000Z", "series": {"count": 1, "lastObservedTime": "2014-01-15T00:00:00.000000Z"}, "type": "Normal"}),
        ),
    ];
    let refs: Vec<&Event> = events.iter().collect();
    let meta = json!({"name": "bar", "namespace": "foo"});
    type Page<'a> = Box<dyn Fn(Option<&[&Event]>) -> String + 'a>;
    let pages: Vec<(&str, Page)> = vec![
        (
            "DaemonSet",
            Box::new(|ev| describe_daemon_set(&decode(json!({"metadata": meta})), &[], ev, NOW)),
        ),
        (
            "Deployment",
            Box::new(|ev| {
                describe_deployment(
                    &decode(json!({"metadata": meta, "spec": {"replicas": 1, "selector": {}}})),
                    &[],
                    None,
                    ev,
                    NOW,
                )
            }),
        ),
        (
            "Endpoints",
            Box::new(|ev| describe_endpoints(&decode(json!({"metadata": meta})), ev, NOW)),
        ),
        (
            "EndpointSlice",
            Box::new(|ev| describe_endpoint_slice(&decode(json!({"metadata": meta})), ev, NOW)),
        ),
        (
            "Job",
            Box::new(|ev| describe_job(&decode(json!({"metadata": meta})), ev, NOW)),
        ),
        (
            "Node",
            Box::new(|ev| {
                describe_node(
                    &decode(json!({"metadata": {"name": "bar"}})),
                    &[],
                    None,
                    ev,
                    NOW,
                )
            }),
        ),
        (
            "PersistentVolume",
            Box::new(|ev| {
                super::storage::describe_persistent_volume(
                    &decode(json!({"metadata": {"name": "bar"}})),
                    ev,
                    NOW,
                )
            }),
        ),
        (
            "Pod",
            Box::new(|ev| describe_pod(&decode(json!({"metadata": meta})), ev, NOW)),
        ),
        (
            "ReplicaSet",
            Box::new(|ev| {
                describe_replica_set(
                    &decode(json!({"metadata": meta, "spec": {"replicas": 1}})),
                    &[],
                    ev,
                    NOW,
                )
            }),
        ),
        (
            "ReplicationController",
            Box::new(|ev| {
                describe_replication_controller(
                    &decode(json!({"metadata": meta, "spec": {"replicas": 1}})),
                    &[],
                    ev,
                    NOW,
                )
            }),
        ),
        (
            "Service",
            Box::new(|ev| describe_service(&decode(json!({"metadata": meta})), &[], ev, NOW)),
        ),
        (
            "StorageClass",
            Box::new(|ev| {
                super::storage::describe_storage_class(
                    &decode(json!({"metadata": {"name": "bar"}})),
                    ev,
                    NOW,
                )
            }),
        ),
        (
            "HorizontalPodAutoscaler",
            Box::new(|ev| describe_hpa(&decode(json!({"metadata": meta})), ev, NOW)),
        ),
        (
            "ConfigMap",
            Box::new(|ev| describe_config_map(&decode(json!({"metadata": meta})), ev, NOW)),
        ),
    ];
    for (name, page) in pages {
        let shown = page(Some(&refs));
        assert!(
            shown.contains("bar") && shown.contains("Events:"),
            "{name}:\n{shown}"
        );
        let hidden = page(None);
        assert!(
            hidden.contains("bar") && !hidden.contains("Events:"),
            "{name}:\n{hidden}"
        );
    }
}

// describe_test.go's TestPrintLabelsMultiline (printAnnotationsMultiline
// over a plain buffer).
#[test]
fn print_annotations_multiline() {
    let key = "MaxLenAnnotation";
    let value = "a".repeat(140 - key.len() - 2);
    let cases: Vec<(Vec<(&str, String)>, String)> = vec![
        (
            vec![("col1", "asd".into()), ("COL2", "zxc".into())],
            "Annotations:\tCOL2: zxc\n\tcol1: asd\n".into(),
        ),
        (
            vec![(key, value.clone())],
            format!("Annotations:\t{key}: {value}\n"),
        ),
        (
            vec![(key, format!("{value}1"))],
            format!("Annotations:\t{key}:\n\t  {value}1\n"),
        ),
        (
            vec![(key, format!("{value}{value}"))],
            format!("Annotations:\t{key}:\n\t  {}...\n", "a".repeat(138)),
        ),
        (
            vec![("key", "value\nwith\nnewlines\n".into())],
            "Annotations:\tkey:\n\t  value\n\t  with\n\t  newlines\n".into(),
        ),
        (vec![], "Annotations:\t<none>\n".into()),
    ];
    for (pairs, want) in cases {
        let map: BTreeMap<String, String> =
            pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        let mut w = Writer::plain();
        annotations_multiline(&mut w, "Annotations", &map);
        assert_eq!(w.finish(), want);
    }
}

// describe_test.go's TestDescribeUnstructuredContent
#[test]
fn describe_unstructured_content() {
    let obj = json!({
        "apiVersion": "v1",
        "kind": "Test",
        "dummyDummy": "present",
        "dummy/dummy": "present",
        "dummy-dummy@dummy": "present",
        "dummy-dummy": "present",
        "dummy1": "present",
        "dummy2": "present",
        "metadata": {"name": "MyName", "namespace": "MyNamespace", "creationTimestamp": "2017-04-01T00:00:00Z", "resourceVersion": 123, "uid": "00000000-0000-0000-0000-000000000001", "dummy3": "present"},
        "items": [{"itemBool": true, "itemInt": 42}],
        "url": "http://localhost",
        "status": "ok"
    });
    let mut w = Writer::plain();
    if let Value::Object(map) = &obj {
        content(&mut w, 0, map, "", &[".dummy1", ".metadata.dummy3"]);
    }
    let out = w.finish();
    let want = "API Version:\tv1\nDummy - Dummy:\tpresent\ndummy-dummy@dummy:\tpresent\ndummy/dummy:\tpresent\ndummy2:\tpresent\nDummy Dummy:\tpresent\nItems:\n  Item Bool:\ttrue\n  Item Int:\t42\nKind:\tTest\nMetadata:\n  Creation Timestamp:\t2017-04-01T00:00:00Z\n  Name:\tMyName\n  Namespace:\tMyNamespace\n  Resource Version:\t123\n  UID:\t00000000-0000-0000-0000-000000000001\nStatus:\tok\nURL:\thttp://localhost\n";
    assert!(out.contains(want), "{out}");
    for unwanted in [
        "\nDummy 1:\tpresent\n",
        "Dummy 1",
        "Dummy 3",
        "Dummy3",
        "dummy3",
        "dummy 3",
    ] {
        assert!(!out.contains(unwanted), "{unwanted:?} in {out}");
    }
}

// describe_test.go's TestDescribeResourceQuota: a used figure is reprinted
// in the hard limit's format (1000Ki as 1024k).
#[test]
fn describe_resource_quota() {
    let q: ResourceQuota = decode(json!({
        "metadata": {"name": "bar", "namespace": "foo"},
        "status": {
            "hard": {"cpu": "1", "limits.cpu": "2", "limits.memory": "2G", "memory": "1G", "requests.cpu": "1", "requests.memory": "1G"},
            "used": {"cpu": "0", "limits.cpu": "0", "limits.memory": "0G", "memory": "0G", "requests.cpu": "0", "requests.memory": "1000Ki"}
        }
    }));
    contains_all(
        &describe_quota(&q),
        &[
            "bar",
            "foo",
            "limits.cpu",
            "2",
            "limits.memory",
            "2G",
            "requests.cpu",
            "1",
            "requests.memory",
            "1024k",
            "1G",
        ],
    );
}

fn node_with_hugepages() -> Node {
    decode(json!({
        "metadata": {"name": "bar", "uid": "uid"},
        "spec": {"unschedulable": true},
        "status": {
            "capacity": {"hugepages-2Mi": "4Gi", "cpu": "8", "memory": "24Gi", "hugepages-1Gi": "0"},
            "allocatable": {"hugepages-2Mi": "2Gi", "cpu": "4", "memory": "12Gi", "hugepages-1Gi": "0"}
        }
    }))
}

fn node_events() -> Vec<Event> {
    let event = |name: &str, uid: &str, message: &str, count: i32| -> Event {
        decode(json!({
            "metadata": {"name": name, "namespace": "default"},
            "involvedObject": {"kind": "Node", "name": "bar", "uid": uid},
            "message": message,
            "firstTimestamp": "2014-01-15T00:00:00Z",
            "lastTimestamp": "2014-01-15T00:00:00Z",
            "count": count,
            "type": "Normal"
        }))
    };
    vec![
        event(
            "event-1",
            "bar",
            "Node bar status is now: NodeHasNoDiskPressure",
            1,
        ),
        event(
            "event-2",
            "0ceac5fb-a393-49d7-b04f-9ea5f18de5e9",
            "Node bar status is now: NodeReady",
            2,
        ),
    ]
}

fn node_page(init_containers: Value) -> String {
    let pod: Pod = decode(json!({
        "metadata": {"name": "pod-with-resources", "namespace": "foo"},
        "spec": {
            "initContainers": init_containers,
            "containers": [
                {"name": "cpu-mem", "image": "image:latest", "resources": {"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"cpu": "2", "memory": "2Gi"}}},
                {"name": "hugepages", "image": "image:latest", "resources": {"requests": {"hugepages-2Mi": "512Mi"}, "limits": {"hugepages-2Mi": "512Mi"}}}
            ]
        },
        "status": {"phase": "Running"}
    }));
    let lease = NodeLease {
        holder: Some("holder".into()),
        acquire_time: Some(NOW.plus_secs(-3600)),
        renew_time: Some(NOW),
    };
    let events = node_events();
    let refs: Vec<&Event> = events.iter().collect();
    describe_node(
        &node_with_hugepages(),
        &[&pod],
        Some(&lease),
        Some(&refs),
        NOW,
    )
}

// describe_test.go's TestDescribeNode
#[test]
fn describe_node_allocated_resources() {
    let out = node_page(json!([]));
    contains_all(
        &out,
        &[
            "Unschedulable",
            "true",
            "holder",
            "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n  Resource           Requests     Limits\n  --------           --------     ------\n  cpu                1 (25%)      2 (50%)\n  memory             1Gi (8%)     2Gi (16%)\n  ephemeral-storage  0 (0%)       0 (0%)\n  hugepages-1Gi      0 (0%)       0 (0%)\n  hugepages-2Mi      512Mi (25%)  512Mi (25%)",
            "Node bar status is now: NodeHasNoDiskPressure",
            "Node bar status is now: NodeReady",
        ],
    );
}

// describe_test.go's TestDescribeNodeWithSidecar: a restartable init
// container's requests add to the pod's; a plain one's only set a floor.
#[test]
fn describe_node_with_sidecar() {
    let init = json!([
        {"name": "init-container-1", "restartPolicy": "Always", "resources": {"requests": {"cpu": "1", "memory": "1Gi"}}},
        {"name": "init-container-2", "resources": {"requests": {"cpu": "1", "memory": "1Gi"}}}
    ]);
    let out = node_page(init);
    contains_all(
        &out,
        &[
            "Unschedulable",
            "true",
            "holder",
            "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n  Resource           Requests     Limits\n  --------           --------     ------\n  cpu                2 (50%)      2 (50%)\n  memory             2Gi (16%)    2Gi (16%)\n  ephemeral-storage  0 (0%)       0 (0%)\n  hugepages-1Gi      0 (0%)       0 (0%)\n  hugepages-2Mi      512Mi (25%)  512Mi (25%)",
            "Node bar status is now: NodeHasNoDiskPressure",
            "Node bar status is now: NodeReady",
        ],
    );
}

// describe_test.go's TestGetPodsTotalRequests
#[test]
fn pods_total_requests() {
    let pod = |a: Value, b: Value| -> Pod {
        decode(
            json!({"spec": {"containers": [{"name": "a", "resources": {"requests": a}}, {"name": "b", "resources": {"requests": b}}]}}),
        )
    };
    let p1 = pod(
        json!({"cpu": "1", "memory": "300Mi", "storage": "1G"}),
        json!({"cpu": "90m", "memory": "120Mi", "storage": "200M"}),
    );
    let p2 = pod(
        json!({"cpu": "60m", "memory": "43Mi", "storage": "500M"}),
        json!({"cpu": "34m", "memory": "83Mi", "storage": "700M"}),
    );
    let (reqs, _) = pods_total_requests_and_limits(&[&p1, &p2]);
    let q = |s: &str| Quantity::parse(s).expect("quantity");
    // Compared by value, as apiequality.Semantic does.
    assert_eq!(reqs.len(), 3);
    assert_eq!(reqs["cpu"].milli_value(), q("1.184").milli_value());
    assert_eq!(reqs["memory"].value(), q("546Mi").value());
    assert_eq!(reqs["storage"].value(), q("2.4G").value());
}

// describe_test.go's TestDescribeStatefulSet
#[test]
fn describe_stateful_set_partition() {
    let ss: StatefulSet = decode(json!({
        "metadata": {"name": "bar", "namespace": "foo"},
        "spec": {
            "replicas": 1,
            "selector": {},
            "template": {"spec": {"containers": [{"name": "", "image": "mytest-image:latest"}]}},
            "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"partition": 2672}}
        }
    }));
    contains_all(
        &describe_stateful_set(&ss, &[], Some(&[]), NOW),
        &[
            "bar",
            "foo",
            "Containers:",
            "mytest-image:latest",
            "Update Strategy",
            "RollingUpdate",
            "Partition",
            "2672",
        ],
    );
}

// describe_test.go's TestDescribeEndpointSlice (the discovery/v1 case).
#[test]
fn describe_endpoint_slice_v1() {
    let eps: EndpointSlice = decode(json!({
        "metadata": {"name": "foo.123", "namespace": "bar"},
        "addressType": "IPv4",
        "endpoints": [
            {"addresses": ["1.2.3.4", "1.2.3.5"], "conditions": {"ready": true}, "targetRef": {"kind": "Pod", "name": "test-123"}, "zone": "us-central1-a", "nodeName": "node-1"},
            {"addresses": ["1.2.3.6", "1.2.3.7"], "conditions": {"ready": true}, "targetRef": {"kind": "Pod", "name": "test-124"}, "nodeName": "node-2"}
        ],
        "ports": [{"protocol": "TCP", "port": 80}]
    }));
    let want = "\
Name:         foo.123
Namespace:    bar
Labels:       <none>
Annotations:  <none>
AddressType:  IPv4
Ports:
  Name     Port  Protocol
  ----     ----  --------
  <unset>  80    TCP
Endpoints:
  - Addresses:  1.2.3.4, 1.2.3.5
    Conditions:
      Ready:    true
    Hostname:   <unset>
    TargetRef:  Pod/test-123
    NodeName:   node-1
    Zone:       us-central1-a
  - Addresses:  1.2.3.6, 1.2.3.7
    Conditions:
      Ready:    true
    Hostname:   <unset>
    TargetRef:  Pod/test-124
    NodeName:   node-2
    Zone:       <unset>
Events:         <none>
";
    assert_eq!(describe_endpoint_slice(&eps, Some(&[]), NOW), want);
}

// describe_test.go's TestControllerRef: only the pods the controller owns
// are counted, not orphans or another controller's.
#[test]
fn replication_controller_counts_owned_pods() {
    let rc: ReplicationController = decode(json!({
        "metadata": {"name": "bar", "namespace": "foo", "uid": "123456"},
        "spec": {"replicas": 1, "selector": {"abc": "xyz"}, "template": {"spec": {"containers": [{"name": "", "image": "mytest-image:latest"}]}}}
    }));
    let pod = |name: &str, owner: Option<(&str, &str)>| -> Pod {
        let owners = owner.map_or(json!([]), |(n, uid)| json!([{"apiVersion": "v1", "kind": "ReplicationController", "name": n, "uid": uid, "controller": true}]));
        decode(json!({
            "metadata": {"name": name, "namespace": "foo", "labels": {"abc": "xyz"}, "ownerReferences": owners},
            "spec": {"containers": [{"name": "", "image": "mytest-image:latest"}]},
            "status": {"phase": "Running"}
        }))
    };
    let pods = [
        pod("barpod", Some(("bar", "123456"))),
        pod("orphan", None),
        pod("buzpod", Some(("buz", "654321"))),
    ];
    let refs: Vec<&Pod> = pods.iter().collect();
    let out = describe_replication_controller(&rc, &refs, None, NOW);
    assert!(out.contains("1 Running"), "{out}");
}

// describe_test.go's TestDescribeTerminalEscape
#[test]
fn describe_terminal_escape() {
    let cm: ConfigMap = decode(
        json!({"metadata": {"name": "mycm", "namespace": "foo", "annotations": {"annotation1": "terminal escape: \u{1b}"}}}),
    );
    let out = describe_config_map(&cm, Some(&[]), NOW);
    assert!(!out.contains('\u{1b}') && out.contains("^["), "{out}");
}

// describe_test.go's TestDescribePodDisruptionBudgetV1 (its v1beta1 twin
// prints the same page).
#[test]
fn describe_pdb_v1() {
    let pdb: PodDisruptionBudget = decode(json!({
        "metadata": {"namespace": "ns1", "name": "pdb1"},
        "spec": {"minAvailable": 22},
        "status": {"disruptionsAllowed": 5}
    }));
    contains_all(
        &describe_pdb(&pdb, Some(&[]), NOW),
        &["pdb1", "ns1", "22", "5"],
    );
}
