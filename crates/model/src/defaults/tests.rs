//! Defaults compared with what a real API server returns, and cases from
//! upstream's `defaults_test.go` files.

use super::*;
use crate::api::{Deployment, HorizontalPodAutoscaler, Job, Pod, Service};
use crate::intstr::IntOrString;
use serde_json::{json, Value};
use std::sync::Arc;

fn obj(v: Value) -> Object {
    Object::from_json(&v).expect("test object decodes")
}

fn defaulted(v: Value) -> Object {
    let mut o = obj(v);
    apply_defaults(&mut o);
    o
}

fn spec_of(o: &Object) -> Value {
    o.to_json()["spec"].clone()
}

#[test]
fn deployment_matches_the_api_server() {
    // `kubectl create deployment x --image=nginx`, as sent and as returned
    // by `kubectl get deployment x -o yaml` (v1.32).
    let d = defaulted(json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "x", "labels": {"app": "x"}},
        "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "x"}}, "strategy": {},
                 "template": {"metadata": {"labels": {"app": "x"}}, "spec": {"containers": [{"image": "nginx", "name": "nginx", "resources": {}}]}}}
    }));
    assert_eq!(
        spec_of(&d),
        json!({
            "progressDeadlineSeconds": 600,
            "replicas": 1,
            "revisionHistoryLimit": 10,
            "selector": {"matchLabels": {"app": "x"}},
            "strategy": {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}, "type": "RollingUpdate"},
            "template": {
                // Until v1.33's `omitzero`, the server prints the template's
                // unset creationTimestamp as null.
                "metadata": {"creationTimestamp": null, "labels": {"app": "x"}},
                "spec": {
                    "containers": [{
                        "image": "nginx", "imagePullPolicy": "Always", "name": "nginx", "resources": {},
                        "terminationMessagePath": "/dev/termination-log", "terminationMessagePolicy": "File"
                    }],
                    "dnsPolicy": "ClusterFirst", "restartPolicy": "Always", "schedulerName": "default-scheduler",
                    "securityContext": {}, "terminationGracePeriodSeconds": 30
                }
            }
        })
    );
    assert!(crate::validation::validate(&d).iter().all(|e| e.field.starts_with("metadata.namespace")), "{:?}", crate::validation::validate(&d));
}

#[test]
fn recreate_strategy_gets_no_rolling_update() {
    let d = defaulted(json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "x"}, "spec": {"strategy": {"type": "Recreate"}}}));
    assert_eq!(spec_of(&d)["strategy"], json!({"type": "Recreate"}));
    let d = defaulted(json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "x"}, "spec": {"strategy": {"rollingUpdate": {"maxSurge": 0}}}}));
    assert_eq!(spec_of(&d)["strategy"], json!({"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 0, "maxUnavailable": "25%"}}));
}

#[test]
fn pod_defaults() {
    let p = defaulted(json!({
        "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"hostNetwork": true, "containers": [{
            "name": "c", "image": "nginx:1.25",
            "ports": [{"containerPort": 80}, {"containerPort": 53, "protocol": "UDP", "hostPort": 5353}],
            "resources": {"limits": {"cpu": "2n", "memory": "1Gi"}, "requests": {"memory": "512Mi"}},
            "livenessProbe": {"httpGet": {"port": 80}},
            "readinessProbe": {"tcpSocket": {"port": 80}, "periodSeconds": 5},
            "startupProbe": {"grpc": {"port": 9000}},
            "lifecycle": {"preStop": {"httpGet": {"port": 80, "path": "/quit"}}},
            "env": [{"name": "NODE", "valueFrom": {"fieldRef": {"fieldPath": "spec.nodeName"}}},
                    {"name": "CPU", "valueFrom": {"resourceFieldRef": {"resource": "limits.cpu"}}}]
        }],
        "volumes": [{"name": "a"}, {"name": "b", "secret": {"secretName": "s"}}, {"name": "c", "configMap": {"name": "m", "defaultMode": 256}},
                    {"name": "d", "hostPath": {"path": "/x"}},
                    {"name": "e", "projected": {"sources": [{"serviceAccountToken": {"path": "t"}}, {"downwardAPI": {"items": [{"path": "n", "fieldRef": {"fieldPath": "metadata.name"}}]}}]}}]}
    }));
    let s = spec_of(&p);
    assert_eq!(s["enableServiceLinks"], json!(true));
    let c = &s["containers"][0];
    assert_eq!(c["imagePullPolicy"], json!("IfNotPresent"));
    assert_eq!(c["ports"], json!([{"containerPort": 80, "hostPort": 80, "protocol": "TCP"}, {"containerPort": 53, "hostPort": 5353, "protocol": "UDP"}]));
    // Requests copied from limits where missing; everything rounded up to milli.
    assert_eq!(c["resources"], json!({"limits": {"cpu": "1m", "memory": "1Gi"}, "requests": {"cpu": "1m", "memory": "512Mi"}}));
    assert_eq!(
        c["livenessProbe"],
        json!({"httpGet": {"path": "/", "port": 80, "scheme": "HTTP"}, "timeoutSeconds": 1, "periodSeconds": 10, "successThreshold": 1, "failureThreshold": 3})
    );
    assert_eq!(c["readinessProbe"]["periodSeconds"], json!(5));
    assert_eq!(c["startupProbe"]["grpc"], json!({"port": 9000, "service": ""}));
    assert_eq!(c["lifecycle"]["preStop"]["httpGet"], json!({"port": 80, "path": "/quit", "scheme": "HTTP"}));
    assert_eq!(c["env"][0]["valueFrom"]["fieldRef"], json!({"apiVersion": "v1", "fieldPath": "spec.nodeName"}));
    assert_eq!(c["env"][1]["valueFrom"]["resourceFieldRef"], json!({"divisor": "0", "resource": "limits.cpu"}));
    let v = &s["volumes"];
    assert_eq!(v[0], json!({"name": "a", "emptyDir": {}}));
    assert_eq!(v[1]["secret"], json!({"secretName": "s", "defaultMode": 420}));
    assert_eq!(v[2]["configMap"]["defaultMode"], json!(256));
    assert_eq!(v[3]["hostPath"], json!({"path": "/x", "type": ""}));
    assert_eq!(
        v[4]["projected"],
        json!({"defaultMode": 420, "sources": [{"serviceAccountToken": {"path": "t", "expirationSeconds": 3600}},
               {"downwardAPI": {"items": [{"path": "n", "fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}]}}]})
    );
}

/// A volume source shared with other versions (every pod's token volume)
/// stays shared when it already has its defaults, and is copied, never
/// changed in place, when it lacks one.
#[test]
fn shared_volume_sources_are_copied_only_to_be_changed() {
    let pod_with = |projected: &Arc<Value>| {
        let mut o = obj(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "image": "i"}]}}));
        let Object::Pod(p) = &mut o else { unreachable!() };
        p.spec_mut().volumes.push(crate::api::Volume { name: "t".into(), projected: Some(projected.clone()), ..Default::default() });
        apply_defaults(&mut o);
        o
    };
    let projected_of = |o: &Object| o.as_pod().and_then(|p| p.spec.volumes[0].projected.clone()).expect("the volume is there");
    let complete = Arc::new(json!({"defaultMode": 420, "sources": [{"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}}]}));
    assert!(Arc::ptr_eq(&projected_of(&pod_with(&complete)), &complete));
    let lacking = Arc::new(json!({"sources": [{"serviceAccountToken": {"path": "token"}}]}));
    let got = projected_of(&pod_with(&lacking));
    assert!(!Arc::ptr_eq(&got, &lacking));
    assert_eq!(*got, json!({"defaultMode": 420, "sources": [{"serviceAccountToken": {"expirationSeconds": 3600, "path": "token"}}]}));
    assert_eq!(*lacking, json!({"sources": [{"serviceAccountToken": {"path": "token"}}]}));
}

#[test]
fn templates_do_not_get_pod_only_defaults() {
    // SetDefaults_Pod (requests from limits, enableServiceLinks) is for Pods only.
    let d = defaulted(json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "x"},
        "spec": {"template": {"spec": {"containers": [{"name": "c", "image": "i", "resources": {"limits": {"cpu": "1"}}}]}}}}));
    let t = &spec_of(&d)["template"]["spec"];
    assert_eq!(t.get("enableServiceLinks"), None);
    assert_eq!(t["containers"][0]["resources"], json!({"limits": {"cpu": "1"}}));
}

#[test]
fn service_defaults() {
    // From TestSetDefaultService / TestSetDefaultServiceSessionAffinityConfig /
    // TestSetDefaultServiceExternalTraffic / TestSetDefaultServiceInternalTrafficPolicy.
    let s = defaulted(json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"},
        "spec": {"ports": [{"port": 80}, {"port": 443, "targetPort": "https", "protocol": "UDP"}, {"port": 8080, "targetPort": 0}], "selector": {"app": "a"}}}));
    let Object::Service(svc) = &s else { unreachable!() };
    assert_eq!(svc.spec.type_.as_deref(), Some("ClusterIP"));
    assert_eq!(svc.spec.session_affinity.as_deref(), Some("None"));
    assert_eq!(svc.spec.internal_traffic_policy.as_deref(), Some("Cluster"));
    assert_eq!(svc.spec.external_traffic_policy, None);
    let ports: Vec<(Option<&str>, Option<&IntOrString>)> = svc.spec.ports.iter().map(|p| (p.protocol.as_deref(), p.target_port.as_ref())).collect();
    assert_eq!(
        ports,
        vec![(Some("TCP"), Some(&IntOrString::Int(80))), (Some("UDP"), Some(&IntOrString::Str("https".into()))), (Some("TCP"), Some(&IntOrString::Int(8080)))]
    );

    type Case = (Value, Option<&'static str>, Option<&'static str>, Option<bool>);
    let cases: &[Case] = &[
        (json!({"type": "NodePort"}), Some("Cluster"), Some("Cluster"), None),
        (json!({"type": "LoadBalancer"}), Some("Cluster"), Some("Cluster"), Some(true)),
        (json!({"type": "LoadBalancer", "externalTrafficPolicy": "Local", "allocateLoadBalancerNodePorts": false}), Some("Local"), Some("Cluster"), Some(false)),
        (json!({"type": "ClusterIP", "externalIPs": ["1.2.3.4"]}), Some("Cluster"), Some("Cluster"), None),
        (json!({"type": "ExternalName", "externalName": "example.com"}), None, None, None),
    ];
    for (spec, etp, itp, alloc) in cases {
        let o = defaulted(json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"}, "spec": spec}));
        let svc: &Service = o.as_service().expect("service");
        assert_eq!(svc.spec.external_traffic_policy.as_deref(), *etp, "{spec}");
        assert_eq!(svc.spec.internal_traffic_policy.as_deref(), *itp, "{spec}");
        assert_eq!(svc.spec.allocate_load_balancer_node_ports, *alloc, "{spec}");
    }

    let affinity = |spec: Value| {
        let o = defaulted(json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"}, "spec": spec}));
        o.as_service().and_then(|s| s.spec.session_affinity_config.clone())
    };
    assert_eq!(affinity(json!({"sessionAffinity": "ClientIP"})), Some(json!({"clientIP": {"timeoutSeconds": 10800}})));
    assert_eq!(affinity(json!({"sessionAffinity": "ClientIP", "sessionAffinityConfig": {"clientIP": {"timeoutSeconds": 60}}})), Some(json!({"clientIP": {"timeoutSeconds": 60}})));
    assert_eq!(affinity(json!({"sessionAffinityConfig": {"clientIP": {"timeoutSeconds": 60}}})), None);
}

fn job(spec: Value) -> Job {
    match defaulted(json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j"}, "spec": spec})) {
        Object::Job(j) => *j,
        _ => unreachable!(),
    }
}

#[test]
fn job_completions_and_parallelism() {
    // TestSetDefaultJob: (completions, parallelism) given → defaulted.
    let cases = [
        (json!({}), Some(1), Some(1)),
        (json!({"completions": 2}), Some(2), Some(1)),
        (json!({"parallelism": 2}), None, Some(2)),
        (json!({"completions": 0, "parallelism": 0}), Some(0), Some(0)),
        (json!({"completions": 3, "parallelism": 4}), Some(3), Some(4)),
    ];
    for (spec, completions, parallelism) in cases {
        let j = job(spec.clone());
        assert_eq!((j.spec.completions, j.spec.parallelism), (completions, parallelism), "{spec}");
    }
}

#[test]
fn job_other_defaults() {
    let j = job(json!({"template": {"metadata": {"labels": {"a": "b"}}}}));
    assert_eq!(j.spec.backoff_limit, Some(6));
    assert_eq!(j.spec.completion_mode.as_deref(), Some("NonIndexed"));
    assert_eq!(j.spec.suspend, Some(false));
    assert_eq!(j.spec.manual_selector, Some(false));
    assert_eq!(j.spec.pod_replacement_policy.as_deref(), Some("TerminatingOrFailed"));
    assert_eq!(j.metadata.labels.get("a").map(String::as_str), Some("b"));
    assert_eq!(j.spec.template.spec.restart_policy.as_deref(), Some("Always"));

    let j = job(json!({"backoffLimitPerIndex": 2, "completionMode": "Indexed", "podFailurePolicy": {"rules": [{"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget"}]}]}}));
    assert_eq!(j.spec.backoff_limit, Some(i32::MAX));
    assert_eq!(j.spec.completion_mode.as_deref(), Some("Indexed"));
    assert_eq!(j.spec.pod_replacement_policy.as_deref(), Some("Failed"));
    assert_eq!(j.spec.pod_failure_policy.as_ref().map(|p| p["rules"][0]["onPodConditions"][0]["status"].clone()), Some(json!("True")));

    let j = job(json!({"template": {"metadata": {"labels": {"a": "b"}}}}));
    let mut with_labels = obj(json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j", "labels": {"own": "x"}}, "spec": {"template": {"metadata": {"labels": {"a": "b"}}}}}));
    apply_defaults(&mut with_labels);
    assert_eq!(with_labels.meta().labels.len(), 1);
    assert_eq!(j.metadata.labels.len(), 1);
}

#[test]
fn job_selector_generation() {
    let mut o = obj(json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "pi", "namespace": "default", "uid": "1234"},
        "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "pi", "image": "perl"}]}}}}));
    apply_defaults(&mut o);
    prepare_for_create(&mut o);
    let j = o.as_job().expect("job");
    let labels = json!({"batch.kubernetes.io/controller-uid": "1234", "batch.kubernetes.io/job-name": "pi", "controller-uid": "1234", "job-name": "pi"});
    assert_eq!(serde_json::to_value(&j.spec.template.metadata.labels).ok(), Some(labels.clone()));
    assert_eq!(serde_json::to_value(&j.metadata.labels).ok(), Some(labels));
    assert_eq!(serde_json::to_value(&j.spec.selector).ok(), Some(json!({"matchLabels": {"batch.kubernetes.io/controller-uid": "1234"}})));
    assert_eq!(crate::validation::validate(&o), vec![]);
}

#[test]
fn gated_pods_start_with_the_scheduling_gated_condition() {
    for (gates, want) in [(json!([{"name": "example.com/foo"}]), Some("SchedulingGated")), (json!([]), None), (json!(null), None)] {
        let mut o = obj(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"schedulingGates": gates, "containers": [{"name": "c", "image": "pause"}]}}));
        apply_defaults(&mut o);
        prepare_for_create(&mut o);
        let Object::Pod(p) = &o else { panic!("a pod") };
        let scheduled = p.status.conditions.iter().find(|c| c.type_ == "PodScheduled");
        assert_eq!(scheduled.and_then(|c| c.reason.as_deref()), want, "{gates}");
        if let Some(c) = scheduled {
            assert_eq!((c.status.as_ref(), c.message.as_deref()), ("False", Some("Scheduling is blocked due to non-empty scheduling gates")));
        }
    }
}

#[test]
fn cron_job_defaults() {
    let o = defaulted(json!({"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "c"},
        "spec": {"schedule": "*/1 * * * *", "jobTemplate": {"spec": {"template": {"spec": {"restartPolicy": "OnFailure", "containers": [{"name": "c", "image": "busybox"}]}}}}}}));
    let s = spec_of(&o);
    assert_eq!(s["concurrencyPolicy"], json!("Allow"));
    assert_eq!(s["suspend"], json!(false));
    assert_eq!(s["successfulJobsHistoryLimit"], json!(3));
    assert_eq!(s["failedJobsHistoryLimit"], json!(1));
    // The job template is not defaulted as a Job.
    assert_eq!(s["jobTemplate"]["spec"].get("backoffLimit"), None);
    assert_eq!(s["jobTemplate"]["spec"]["template"]["spec"]["restartPolicy"], json!("OnFailure"));
    assert_eq!(s["jobTemplate"]["spec"]["template"]["spec"]["containers"][0]["imagePullPolicy"], json!("Always"));
}

#[test]
fn stateful_set_daemon_set_replica_set() {
    let sts = defaulted(json!({"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "web"},
        "spec": {"serviceName": "web", "volumeClaimTemplates": [{"metadata": {"name": "www"}, "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}}}]}}));
    let s = spec_of(&sts);
    assert_eq!(s["podManagementPolicy"], json!("OrderedReady"));
    assert_eq!(s["updateStrategy"], json!({"type": "RollingUpdate", "rollingUpdate": {"partition": 0}}));
    assert_eq!(s["persistentVolumeClaimRetentionPolicy"], json!({"whenDeleted": "Retain", "whenScaled": "Retain"}));
    assert_eq!((s["replicas"].clone(), s["revisionHistoryLimit"].clone()), (json!(1), json!(10)));
    assert_eq!(s["volumeClaimTemplates"][0]["spec"]["volumeMode"], json!("Filesystem"));
    assert_eq!(s["volumeClaimTemplates"][0]["status"], json!({"phase": "Pending"}));
    // OnDelete keeps no rolling update; an explicit RollingUpdate without
    // parameters gets none either (only the "" → RollingUpdate path adds it).
    let sts = defaulted(json!({"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "web"}, "spec": {"updateStrategy": {"type": "OnDelete"}}}));
    assert_eq!(spec_of(&sts)["updateStrategy"], json!({"type": "OnDelete"}));
    let sts = defaulted(json!({"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "web"}, "spec": {"updateStrategy": {"type": "RollingUpdate"}}}));
    assert_eq!(spec_of(&sts)["updateStrategy"], json!({"type": "RollingUpdate"}));

    let ds = defaulted(json!({"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "d"}, "spec": {}}));
    let s = spec_of(&ds);
    assert_eq!(s["updateStrategy"], json!({"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 1, "maxSurge": 0}}));
    assert_eq!(s["revisionHistoryLimit"], json!(10));

    let rs = defaulted(json!({"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "r"}, "spec": {}}));
    assert_eq!(spec_of(&rs)["replicas"], json!(1));
    let rs = defaulted(json!({"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "r"}, "spec": {"replicas": 0}}));
    assert_eq!(spec_of(&rs)["replicas"], json!(0));

    // TestSetDefaultReplicationController: selector and labels from the template.
    let rc = defaulted(json!({"apiVersion": "v1", "kind": "ReplicationController", "metadata": {"name": "r"},
        "spec": {"template": {"metadata": {"labels": {"foo": "bar"}}}}}));
    assert_eq!(spec_of(&rc)["selector"], json!({"foo": "bar"}));
    assert_eq!(rc.to_json()["metadata"]["labels"], json!({"foo": "bar"}));
    assert_eq!(spec_of(&rc)["replicas"], json!(1));
    let rc = defaulted(json!({"apiVersion": "v1", "kind": "ReplicationController", "metadata": {"name": "r", "labels": {"bar": "foo"}},
        "spec": {"selector": {"some": "other"}, "template": {"metadata": {"labels": {"foo": "bar"}}}}}));
    assert_eq!(spec_of(&rc)["selector"], json!({"some": "other"}));
    assert_eq!(rc.to_json()["metadata"]["labels"], json!({"bar": "foo"}));
}

#[test]
fn hpa_defaults() {
    let h = |spec: Value| -> HorizontalPodAutoscaler {
        match defaulted(json!({"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "h"}, "spec": spec})) {
            Object::HorizontalPodAutoscaler(h) => *h,
            _ => unreachable!(),
        }
    };
    let a = h(json!({"maxReplicas": 5}));
    assert_eq!(a.spec.min_replicas, Some(1));
    assert_eq!(
        serde_json::to_value(&a.spec.metrics).ok(),
        Some(json!([{"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 80}}}]))
    );
    assert_eq!(a.spec.behavior, None);
    // autoscaling/v1's target becomes the metric.
    let a = h(json!({"maxReplicas": 5, "targetCPUUtilizationPercentage": 50}));
    assert_eq!(a.spec.metrics[0].resource.as_ref().and_then(|r| r.target.average_utilization), Some(50));
    assert_eq!(a.spec.target_cpu_utilization_percentage, None);
    // TestGenerateScaleUpRules / TestGenerateScaleDownRules: given fields win.
    let a = h(json!({"maxReplicas": 5, "behavior": {"scaleDown": {"stabilizationWindowSeconds": 60}}}));
    assert_eq!(
        serde_json::to_value(&a.spec.behavior).ok(),
        Some(json!({
            "scaleUp": {"stabilizationWindowSeconds": 0, "selectPolicy": "Max", "policies": [{"type": "Pods", "value": 4, "periodSeconds": 15}, {"type": "Percent", "value": 100, "periodSeconds": 15}]},
            "scaleDown": {"stabilizationWindowSeconds": 60, "selectPolicy": "Max", "policies": [{"type": "Percent", "value": 100, "periodSeconds": 15}]}
        }))
    );
    let a = h(json!({"maxReplicas": 5, "behavior": {"scaleUp": {"selectPolicy": "Min", "policies": [{"type": "Pods", "value": 1, "periodSeconds": 60}]}}}));
    let up = a.spec.behavior.as_ref().and_then(|b| b.scale_up.clone()).expect("scaleUp");
    assert_eq!((up.select_policy.as_deref(), up.stabilization_window_seconds, up.policies.len()), (Some("Min"), Some(0), 1));
}

#[test]
fn core_kinds() {
    let s = defaulted(json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}, "data": {"a": "eA=="}, "stringData": {"a": "hello", "b": "hi!?"}}));
    assert_eq!(s.to_json()["type"], json!("Opaque"));
    assert_eq!(s.to_json()["data"], json!({"a": "aGVsbG8=", "b": "aGkhPw=="}));
    assert_eq!(s.to_json().get("stringData"), None);

    let ns = defaulted(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "dev"}}));
    assert_eq!(ns.to_json()["metadata"]["labels"], json!({"kubernetes.io/metadata.name": "dev"}));
    assert_eq!(ns.to_json()["status"], json!({"phase": "Active"}));
    let mut ns = ns;
    prepare_for_create(&mut ns);
    assert_eq!(ns.to_json()["spec"], json!({"finalizers": ["kubernetes"]}));
    let mut updated = obj(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "dev"}, "spec": {"finalizers": []}}));
    prepare_for_update(&ns, &mut updated);
    assert_eq!(updated.to_json()["spec"], json!({"finalizers": ["kubernetes"]}));

    let pvc = defaulted(json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "c"}, "spec": {"resources": {"requests": {"storage": "1.5Gi"}}}}));
    assert_eq!(pvc.to_json()["spec"]["volumeMode"], json!("Filesystem"));
    assert_eq!(pvc.to_json()["spec"]["resources"]["requests"]["storage"], json!("1536Mi"));
    assert_eq!(pvc.to_json()["status"], json!({"phase": "Pending"}));

    let pv = defaulted(json!({"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "v"}, "spec": {"capacity": {"storage": "1Gi"}, "hostPath": {"path": "/d"}}}));
    assert_eq!(pv.to_json()["spec"]["persistentVolumeReclaimPolicy"], json!("Retain"));
    assert_eq!(pv.to_json()["spec"]["hostPath"]["type"], json!(""));
    assert_eq!(pv.to_json()["status"], json!({"phase": "Pending"}));

    let n = defaulted(json!({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n"}, "status": {"capacity": {"cpu": "4", "memory": "8Gi"}}}));
    assert_eq!(n.to_json()["status"]["allocatable"], json!({"cpu": "4", "memory": "8Gi"}));

    // TestSetDefaultLimitRangeItem.
    let lr = defaulted(json!({"apiVersion": "v1", "kind": "LimitRange", "metadata": {"name": "l"},
        "spec": {"limits": [{"type": "Container", "max": {"cpu": "100m"}, "min": {"memory": "100Mi"}}, {"type": "Pod", "max": {"cpu": "1"}}]}}));
    assert_eq!(
        lr.to_json()["spec"]["limits"],
        json!([{"type": "Container", "max": {"cpu": "100m"}, "min": {"memory": "100Mi"}, "default": {"cpu": "100m"}, "defaultRequest": {"cpu": "100m", "memory": "100Mi"}},
               {"type": "Pod", "max": {"cpu": "1"}}])
    );

    let sc = defaulted(json!({"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": "s"}, "provisioner": "p"}));
    assert_eq!((sc.to_json()["reclaimPolicy"].clone(), sc.to_json()["volumeBindingMode"].clone()), (json!("Delete"), json!("Immediate")));
    let pc = defaulted(json!({"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": "p"}, "value": 5}));
    assert_eq!(pc.to_json()["preemptionPolicy"], json!("PreemptLowerPriority"));
    let ep = defaulted(json!({"apiVersion": "v1", "kind": "Endpoints", "metadata": {"name": "e"}, "subsets": [{"ports": [{"port": 80}]}]}));
    assert_eq!(ep.to_json()["subsets"][0]["ports"], json!([{"port": 80, "protocol": "TCP"}]));
    let es = defaulted(json!({"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice", "metadata": {"name": "e"}, "addressType": "IPv4", "endpoints": [], "ports": [{"port": 80}]}));
    assert_eq!(es.to_json()["ports"], json!([{"name": "", "port": 80, "protocol": "TCP"}]));
}

#[test]
fn base64_matches_the_standard_encoding() {
    for (input, want) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")] {
        assert_eq!(core::base64(input.as_bytes()), want);
    }
}

#[test]
fn pod_status_on_create() {
    // TestGetPodQOS cases.
    let qos = |containers: Value| {
        let mut o = obj(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": containers}, "status": {"phase": "Running"}}));
        apply_defaults(&mut o);
        prepare_for_create(&mut o);
        let p: &Pod = o.as_pod().expect("pod");
        assert_eq!(p.status.phase.as_deref(), Some("Pending"));
        p.status.qos_class.clone().unwrap_or_default()
    };
    assert_eq!(qos(json!([{"name": "a", "image": "i"}])), "BestEffort");
    assert_eq!(qos(json!([{"name": "a", "image": "i", "resources": {"limits": {"cpu": "1", "memory": "1Gi"}}}])), "Guaranteed");
    assert_eq!(qos(json!([{"name": "a", "image": "i", "resources": {"limits": {"cpu": "1", "memory": "1Gi"}, "requests": {"cpu": "500m"}}}])), "Burstable");
    assert_eq!(qos(json!([{"name": "a", "image": "i", "resources": {"limits": {"cpu": "1"}}}])), "Burstable");
    assert_eq!(
        qos(json!([{"name": "a", "image": "i", "resources": {"limits": {"cpu": "1", "memory": "1Gi"}}}, {"name": "b", "image": "i", "resources": {"requests": {"cpu": "1"}}}])),
        "Burstable"
    );
    assert_eq!(qos(json!([{"name": "a", "image": "i", "resources": {"requests": {"nvidia.com/gpu": "1"}}}])), "BestEffort");
}

#[test]
fn daemon_set_template_generation() {
    let mut ds = defaulted(json!({"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "d"}, "spec": {"template": {"spec": {"containers": [{"name": "c", "image": "a"}]}}}}));
    prepare_for_create(&mut ds);
    assert_eq!(ds.meta().annotations.get(strategy::DAEMONSET_TEMPLATE_GENERATION).map(String::as_str), Some("1"));
    let mut same = ds.clone();
    same.meta_mut().annotations.clear();
    prepare_for_update(&ds, &mut same);
    assert_eq!(same.meta().annotations.get(strategy::DAEMONSET_TEMPLATE_GENERATION).map(String::as_str), Some("1"));
    let mut changed = ds.clone();
    if let Object::DaemonSet(d) = &mut changed {
        d.spec.template.spec.containers[0].image = Some("b".into());
    }
    prepare_for_update(&ds, &mut changed);
    assert_eq!(changed.meta().annotations.get(strategy::DAEMONSET_TEMPLATE_GENERATION).map(String::as_str), Some("2"));
}

#[test]
fn defaulting_is_idempotent() {
    let fixtures = [
        json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "x"}, "spec": {"template": {"spec": {"containers": [{"name": "c", "image": "i", "livenessProbe": {"httpGet": {"port": 1}}}]}}}}),
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"hostNetwork": true, "containers": [{"name": "c", "image": "i", "ports": [{"containerPort": 1}], "resources": {"limits": {"cpu": "0.0001"}}}]}}),
        json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"}, "spec": {"type": "LoadBalancer", "sessionAffinity": "ClientIP", "ports": [{"port": 1}]}}),
        json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j"}, "spec": {"template": {"metadata": {"labels": {"a": "b"}}}}}),
        json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}, "stringData": {"k": "v"}}),
        json!({"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "h"}, "spec": {"maxReplicas": 2, "behavior": {}}}),
    ];
    for f in fixtures {
        let once = defaulted(f.clone());
        let mut twice = once.clone();
        apply_defaults(&mut twice);
        assert_eq!(once, twice, "{f}");
    }
}

#[test]
fn every_kind_defaults_and_validates_without_panicking() {
    for kind in crate::kind::Kind::ALL {
        let mut o = Object::empty(*kind);
        apply_defaults(&mut o);
        prepare_for_create(&mut o);
        let _ = crate::validation::validate(&o);
        let _ = crate::validation::validate_update(&o, &o);
    }
}

#[test]
fn deployment_validation_after_defaults() {
    let mut d = obj(json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "x", "namespace": "default"},
        "spec": {"selector": {"matchLabels": {"app": "api"}}, "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}}));
    apply_defaults(&mut d);
    let errs = crate::validation::validate(&d);
    assert_eq!(
        crate::validation::invalid_error_message(d.kind(), d.name(), &errs),
        "The Deployment \"x\" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"web\"}: `selector` does not match template `labels`"
    );
    let _: &Deployment = d.as_deployment().expect("deployment");
}

#[test]
fn a_pods_resource_lists_stay_shared_unless_defaulting_changes_them() {
    // A ReplicaSet's pods are copies of one prototype; defaulting each
    // must not give each its own copy of lists it leaves as they are.
    let template = obj(json!({
        "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"containers": [
            {"name": "exact", "image": "nginx", "resources": {"requests": {"cpu": "100m"}, "limits": {"memory": "64Mi"}}},
            {"name": "fine", "image": "nginx", "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}, "limits": {"cpu": "0.0001"}}}
        ]}
    }));
    let mut pod = template.clone();
    apply_defaults(&mut pod);
    let (Object::Pod(before), Object::Pod(after)) = (&template, &pod) else { panic!("pods") };
    let (b, a) = (&before.spec.containers, &after.spec.containers);
    // Limits exact to the milli stay shared; requests gain the memory
    // limit (`requests` defaults from `limits`), so that list is new.
    assert!(Shared::ptr_eq(&b[0].resources.limits, &a[0].resources.limits));
    assert!(!Shared::ptr_eq(&b[0].resources.requests, &a[0].resources.requests));
    assert_eq!(a[0].resources.requests.get("memory").map(|q| q.to_string()), Some("64Mi".into()));
    // Nothing to add to the second's requests: shared. Its cpu limit of
    // 0.1m rounds up to 1m, as the API server does: copied and changed.
    assert!(Shared::ptr_eq(&b[1].resources.requests, &a[1].resources.requests));
    assert!(!Shared::ptr_eq(&b[1].resources.limits, &a[1].resources.limits));
    assert_eq!(a[1].resources.limits.get("cpu").map(|q| q.to_string()), Some("1m".into()));
    assert_eq!(b[1].resources.limits.get("cpu").map(|q| q.to_string()), Some("100u".into()));
}

// persistentvolume strategy_test.go's TestStatusUpdate (feature enabled,
// as it is by default) and TestStatusCreate: (old phase, old time, new
// phase, new time) → the time the status write keeps.
#[test]
fn volume_phase_transition_time() {
    use crate::api::PersistentVolume;
    use crate::time::Time;
    let (now, origin, later) = (Time::from_millis(1_000_000), Time::from_millis(4_600_000), Time::from_millis(8_200_000));
    let pv = |phase: &str, t: Option<Time>| {
        let mut v = PersistentVolume::default();
        v.status.phase = Some(phase.into());
        v.status.last_phase_transition_time = t;
        Object::PersistentVolume(Box::new(v))
    };
    let time_of = |o: &Object| o.as_pv().and_then(|v| v.status.last_phase_transition_time);
    let cases = [
        ("timestamp is updated when phase changes", ("Pending", None), ("Bound", None), Some(now)),
        ("updated when phase changes and old pv has a timestamp", ("Pending", Some(origin)), ("Bound", None), Some(now)),
        ("user timestamp change is respected on no phase change", ("Pending", None), ("Pending", Some(later)), Some(later)),
        ("user timestamp is respected on phase change", ("Pending", Some(origin)), ("Bound", Some(later)), Some(later)),
        ("user change respected on no phase change, old has one", ("Bound", Some(origin)), ("Bound", Some(later)), Some(later)),
        ("updated when phase changes and both times match", ("Pending", Some(origin)), ("Bound", Some(origin)), Some(now)),
    ];
    for (name, (old_phase, old_t), (new_phase, new_t), want) in cases {
        let mut new = pv(new_phase, new_t);
        stamp_phase_transition(Some(&pv(old_phase, old_t)), &mut new, now);
        assert_eq!(time_of(&new), want, "{name}");
    }
    // A status write that keeps the phase and sends no time keeps the old one.
    let mut new = pv("Bound", None);
    stamp_phase_transition(Some(&pv("Bound", Some(origin))), &mut new, now);
    assert_eq!(time_of(&new), Some(origin));
    // TestStatusCreate: a new volume is Pending from now.
    let mut created = Object::PersistentVolume(Box::default());
    prepare_for_create(&mut created);
    stamp_phase_transition(None, &mut created, now);
    assert_eq!(created.as_pv().and_then(|v| v.status.phase.as_deref()), Some("Pending"));
    assert_eq!(time_of(&created), Some(now));
}

/// Cases of upstream's `TestApplyMatchLabelKeysAndMismatchLabelKeys`
/// (pkg/registry/core/pod/strategy_test.go): the pod's values of the
/// listed keys join each term's selector on create.
#[test]
fn match_label_keys_merge_into_affinity_selectors() {
    let term = |keys: Value, mismatch: Value, selector: Value| {
        let mut t = json!({"topologyKey": "zone", "matchLabelKeys": keys, "mismatchLabelKeys": mismatch});
        if !selector.is_null() {
            t["labelSelector"] = selector;
        }
        t
    };
    let sel = json!({"matchExpressions": [{"key": "app", "operator": "In", "values": ["db"]}]});
    let cases = [
        ("match key present", term(json!(["hash"]), json!([]), sel.clone()), json!([{"key": "app", "operator": "In", "values": ["db"]}, {"key": "hash", "operator": "In", "values": ["v1"]}])),
        ("mismatch key present", term(json!([]), json!(["tenant"]), sel.clone()), json!([{"key": "app", "operator": "In", "values": ["db"]}, {"key": "tenant", "operator": "NotIn", "values": ["a"]}])),
        ("key missing from the pod", term(json!(["absent"]), json!([]), sel.clone()), json!([{"key": "app", "operator": "In", "values": ["db"]}])),
        ("no selector", term(json!(["hash"]), json!([]), Value::Null), Value::Null),
    ];
    for (name, t, want) in cases {
        for (kind, placed) in [("podAffinity", json!({"requiredDuringSchedulingIgnoredDuringExecution": [t.clone()]})), ("podAntiAffinity", json!({"preferredDuringSchedulingIgnoredDuringExecution": [{"weight": 1, "podAffinityTerm": t.clone()}]}))] {
            let mut o = obj(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "labels": {"hash": "v1", "tenant": "a"}},
                "spec": {"affinity": {kind: placed}, "containers": [{"name": "c", "image": "i"}]}}));
            prepare_for_create(&mut o);
            let spec = spec_of(&o);
            let got = if kind == "podAffinity" {
                &spec["affinity"][kind]["requiredDuringSchedulingIgnoredDuringExecution"][0]["labelSelector"]["matchExpressions"]
            } else {
                &spec["affinity"][kind]["preferredDuringSchedulingIgnoredDuringExecution"][0]["podAffinityTerm"]["labelSelector"]["matchExpressions"]
            };
            assert_eq!(got, &want, "{name} ({kind})");
        }
    }
}

// pkg/api/pod dropDisabledFields with UserNamespacesSupport off (v1.32).
#[test]
fn host_users_is_dropped_unless_already_in_use() {
    let pod = |host_users: Option<bool>| {
        let mut spec = json!({"containers": [{"name": "c", "image": "nginx"}]});
        if let Some(h) = host_users {
            spec["hostUsers"] = json!(h);
        }
        obj(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": spec}))
    };
    let host_users = |o: &Object| spec_of(o).get("hostUsers").cloned();
    let mut created = pod(Some(false));
    prepare_for_create(&mut created);
    assert_eq!(host_users(&created), None);
    // An update keeps it when the stored pod already has it.
    let mut updated = pod(Some(false));
    prepare_for_update(&pod(Some(true)), &mut updated);
    assert_eq!(host_users(&updated), Some(json!(false)));
    let mut updated = pod(Some(false));
    prepare_for_update(&pod(None), &mut updated);
    assert_eq!(host_users(&updated), None);
    let mut d = obj(json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
        "spec": {"template": {"spec": {"hostUsers": false, "containers": [{"name": "c", "image": "nginx"}]}}}}));
    prepare_for_create(&mut d);
    assert_eq!(spec_of(&d)["template"]["spec"].get("hostUsers"), None);
}
