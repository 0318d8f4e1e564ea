//! Upstream v1.32's ephemeral container validation tests
//! (pkg/apis/core/validation/validation_test.go): TestValidateEphemeralContainers
//! and TestValidatePodEphemeralContainersUpdate's main cases.

use super::super::field::ErrorType;
use super::*;
use serde_json::{json, Value};
use ErrorType::*;

/// Upstream's fixture: containers `ctr`, init containers `ictr`, volumes
/// `vol` and `blk`.
fn spec(ephemeral: Value) -> PodSpec {
    let v = json!({
        "containers": [{"name": "ctr", "image": "repo/image:tag", "imagePullPolicy": "Always", "terminationMessagePolicy": "File"}],
        "initContainers": [{"name": "ictr", "image": "repo/image:tag", "imagePullPolicy": "Always", "terminationMessagePolicy": "File"}],
        "volumes": [{"name": "vol", "emptyDir": {}}, {"name": "blk", "persistentVolumeClaim": {"claimName": "pvc"}}],
        "ephemeralContainers": ephemeral,
    });
    serde_json::from_value(v).unwrap_or_else(|e| panic!("{e}"))
}

type Found = Vec<(ErrorType, String)>;

fn errors(ephemeral: Value) -> Found {
    let s = spec(ephemeral);
    let (vols, _) = volumes(&s.volumes, &Path::new("volumes"));
    ephemeral_containers(&s, &vols, &Path::new("ephemeralContainers")).into_iter().map(|e| (e.type_, e.field)).collect()
}

fn debug(extra: Value) -> Value {
    let mut c = json!({"name": "debug", "image": "image", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"});
    if let (Value::Object(b), Value::Object(e)) = (&mut c, extra) {
        b.extend(e);
    }
    c
}

// validation_test.go's TestValidateEphemeralContainers
#[test]
fn validate_ephemeral_containers() {
    for (title, list) in [
        ("Empty Ephemeral Containers", json!([])),
        ("Single Container", json!([debug(json!({}))])),
        ("Multiple Containers", json!([debug(json!({"name": "debug1"})), debug(json!({"name": "debug2"}))])),
        ("Single Container with Target", json!([debug(json!({"targetContainerName": "ctr"}))])),
        (
            "All allowed fields",
            json!([debug(json!({
                "command": ["bash"], "args": ["bash"], "workingDir": "/",
                "envFrom": [{"configMapRef": {"name": "dummy", "optional": true}}],
                "env": [{"name": "TEST", "value": "TRUE"}],
                "volumeMounts": [{"name": "vol", "mountPath": "/vol"}],
                "volumeDevices": [{"name": "blk", "devicePath": "/dev/block"}],
                "terminationMessagePath": "/dev/termination-log",
                "securityContext": {"capabilities": {"add": ["SYS_ADMIN"]}},
                "stdin": true, "stdinOnce": true, "tty": true
            }))]),
        ),
    ] {
        assert_eq!(errors(list), vec![], "{title}");
    }
    let f = |s: &str| s.to_string();
    let cases: Vec<(&str, Value, Found)> = vec![
        ("Name Collision with Container.Containers", json!([debug(json!({"name": "ctr"})), debug(json!({"name": "debug1"}))]), vec![(Duplicate, f("ephemeralContainers[0].name"))]),
        (
            "Name Collision with Container.InitContainers",
            json!([debug(json!({"name": "ictr"})), debug(json!({"name": "debug1"}))]),
            vec![(Duplicate, f("ephemeralContainers[0].name"))],
        ),
        (
            "Name Collision with EphemeralContainers",
            json!([debug(json!({"name": "debug1"})), debug(json!({"name": "debug1"}))]),
            vec![(Duplicate, f("ephemeralContainers[1].name"))],
        ),
        (
            "empty Container",
            json!([{}]),
            vec![
                (Required, f("ephemeralContainers[0].name")),
                (Required, f("ephemeralContainers[0].image")),
                (Required, f("ephemeralContainers[0].terminationMessagePolicy")),
                (Required, f("ephemeralContainers[0].imagePullPolicy")),
            ],
        ),
        ("empty Container Name", json!([debug(json!({"name": ""}))]), vec![(Required, f("ephemeralContainers[0].name"))]),
        ("whitespace padded image name", json!([debug(json!({"image": " image"}))]), vec![(Invalid, f("ephemeralContainers[0].image"))]),
        ("invalid image pull policy", json!([debug(json!({"imagePullPolicy": "PullThreeTimes"}))]), vec![(NotSupported, f("ephemeralContainers[0].imagePullPolicy"))]),
        ("TargetContainerName doesn't exist", json!([debug(json!({"targetContainerName": "bogus"}))]), vec![(NotFound, f("ephemeralContainers[0].targetContainerName"))]),
        (
            "Targets an ephemeral container",
            json!([debug(json!({})), debug(json!({"name": "debugception", "targetContainerName": "debug"}))]),
            vec![(NotFound, f("ephemeralContainers[1].targetContainerName"))],
        ),
        (
            "Container uses disallowed field: Lifecycle",
            json!([debug(json!({"lifecycle": {"preStop": {"exec": {"command": ["ls", "-l"]}}}}))]),
            vec![(Forbidden, f("ephemeralContainers[0].lifecycle"))],
        ),
        (
            "Container uses disallowed field: LivenessProbe",
            json!([debug(json!({"livenessProbe": {"tcpSocket": {"port": 80}, "successThreshold": 1}}))]),
            vec![(Forbidden, f("ephemeralContainers[0].livenessProbe"))],
        ),
        (
            "Container uses disallowed field: Ports",
            json!([debug(json!({"ports": [{"protocol": "TCP", "containerPort": 80}]}))]),
            vec![(Forbidden, f("ephemeralContainers[0].ports"))],
        ),
        (
            "Container uses disallowed field: ReadinessProbe",
            json!([debug(json!({"readinessProbe": {"tcpSocket": {"port": 80}}}))]),
            vec![(Forbidden, f("ephemeralContainers[0].readinessProbe"))],
        ),
        (
            "Container uses disallowed field: StartupProbe",
            json!([debug(json!({"startupProbe": {"tcpSocket": {"port": 80}, "successThreshold": 1}}))]),
            vec![(Forbidden, f("ephemeralContainers[0].startupProbe"))],
        ),
        ("Container uses disallowed field: Resources", json!([debug(json!({"resources": {"limits": {"cpu": "10"}}}))]), vec![(Forbidden, f("ephemeralContainers[0].resources"))]),
        (
            "Container uses disallowed field: VolumeMount.SubPath",
            json!([debug(json!({"volumeMounts": [{"name": "vol", "mountPath": "/vol"}, {"name": "vol", "mountPath": "/volsub", "subPath": "foo"}]}))]),
            vec![(Forbidden, f("ephemeralContainers[0].volumeMounts[1].subPath"))],
        ),
        (
            "Container uses disallowed field: VolumeMount.SubPathExpr",
            json!([debug(json!({"volumeMounts": [{"name": "vol", "mountPath": "/vol"}, {"name": "vol", "mountPath": "/volsub", "subPathExpr": "$(POD_NAME)"}]}))]),
            vec![(Forbidden, f("ephemeralContainers[0].volumeMounts[1].subPathExpr"))],
        ),
        (
            "Disallowed field with other errors should only return a single Forbidden",
            json!([debug(json!({"lifecycle": {"preStop": {"exec": {"command": []}}}}))]),
            vec![(Forbidden, f("ephemeralContainers[0].lifecycle"))],
        ),
        (
            "Container uses disallowed field: ResizePolicy",
            json!([debug(json!({"name": "resources-resize-policy", "resizePolicy": [{"resourceName": "cpu", "restartPolicy": "NotRequired"}]}))]),
            vec![(Forbidden, f("ephemeralContainers[0].resizePolicy"))],
        ),
        ("Forbidden RestartPolicy: Always", json!([debug(json!({"name": "foo", "restartPolicy": "Always"}))]), vec![(Forbidden, f("ephemeralContainers[0].restartPolicy"))]),
        ("Forbidden RestartPolicy: OnFailure", json!([debug(json!({"name": "foo", "restartPolicy": "OnFailure"}))]), vec![(Forbidden, f("ephemeralContainers[0].restartPolicy"))]),
        ("Forbidden RestartPolicy: Never", json!([debug(json!({"name": "foo", "restartPolicy": "Never"}))]), vec![(Forbidden, f("ephemeralContainers[0].restartPolicy"))]),
        ("Forbidden RestartPolicy: invalid", json!([debug(json!({"name": "foo", "restartPolicy": "invalid"}))]), vec![(Forbidden, f("ephemeralContainers[0].restartPolicy"))]),
        ("Forbidden RestartPolicy: empty", json!([debug(json!({"name": "foo", "restartPolicy": ""}))]), vec![(Forbidden, f("ephemeralContainers[0].restartPolicy"))]),
    ];
    for (title, list, want) in cases {
        assert_eq!(errors(list), want, "{title}");
    }
}

fn pod_with(ephemeral: Value, annotations: Value) -> Pod {
    let v = json!({
        "metadata": {"name": "pod", "namespace": "ns", "resourceVersion": "1", "annotations": annotations},
        "spec": {
            "containers": [{"name": "cnt", "image": "image", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}],
            "restartPolicy": "Always", "dnsPolicy": "ClusterFirst", "terminationGracePeriodSeconds": 30,
            "ephemeralContainers": ephemeral,
        }
    });
    serde_json::from_value(v).unwrap_or_else(|e| panic!("{e}"))
}

// validation_test.go's TestValidatePodEphemeralContainersUpdate (the
// cases about the list itself)
#[test]
fn validate_pod_ephemeral_containers_update() {
    let d1 = debug(json!({"name": "debugger"}));
    let d2 = debug(json!({"name": "debugger2"}));
    let cases: Vec<(&str, Value, Value, Value, Option<&str>)> = vec![
        ("no ephemeral containers", json!([]), json!([]), json!({}), None),
        ("No change in Ephemeral Containers", json!([d1.clone(), d2.clone()]), json!([d1.clone(), d2.clone()]), json!({}), None),
        ("Ephemeral Container list order changes", json!([d2.clone(), d1.clone()]), json!([d1.clone(), d2.clone()]), json!({}), None),
        ("Add an Ephemeral Container", json!([d1.clone()]), json!([]), json!({}), None),
        ("Add two Ephemeral Containers", json!([d1.clone(), d2.clone()]), json!([]), json!({}), None),
        ("Add to an existing Ephemeral Containers", json!([d1.clone(), d2.clone()]), json!([d1.clone()]), json!({}), None),
        ("Remove an Ephemeral Container", json!([]), json!([d1.clone()]), json!({}), Some("spec.ephemeralContainers")),
        ("Replace an Ephemeral Container", json!([d2.clone()]), json!([d1.clone()]), json!({}), Some("spec.ephemeralContainers")),
        ("Change an Ephemeral Containers", json!([debug(json!({"name": "debugger", "image": "otherimage"}))]), json!([d1.clone()]), json!({}), Some("spec.ephemeralContainers")),
        (
            "Ephemeral Container uses disallowed field",
            json!([debug(json!({"lifecycle": {"preStop": {"exec": {"command": ["ls", "-l"]}}}}))]),
            json!([]),
            json!({}),
            Some("spec.ephemeralContainers[0].lifecycle"),
        ),
        ("Ephemeral Container name collides with a container", json!([debug(json!({"name": "cnt"}))]), json!([]), json!({}), Some("spec.ephemeralContainers[0].name")),
        ("static pods do not support ephemeral containers", json!([d1.clone()]), json!([]), json!({"kubernetes.io/config.mirror": "foo"}), Some("")),
    ];
    for (title, new, old, annotations, want) in cases {
        let (new, old) = (pod_with(new, annotations.clone()), pod_with(old, annotations));
        let errs = pod_ephemeral_containers_update(&new, &old);
        match want {
            None => assert!(errs.is_empty(), "{title}: {errs:?}"),
            Some(field) => assert_eq!(errs.first().map(|e| e.field.as_str()), Some(field), "{title}: {errs:?}"),
        }
    }
}

// An ephemeral container may be added only through its subresource: a
// plain update that changes them is refused (ValidatePodUpdate), as is a
// create that sets them.
#[test]
fn plain_writes_may_not_set_ephemeral_containers() {
    let old = pod_with(json!([]), json!({}));
    let new = pod_with(json!([debug(json!({}))]), json!({}));
    let errs = pod_update(&new, &old);
    assert!(errs.iter().any(|e| e.field == "spec" && e.type_ == Forbidden && e.detail.starts_with("pod updates may not change fields other than")), "{errs:?}");
    let created = pod(&new);
    assert!(created.iter().any(|e| e.field == "spec.ephemeralContainers" && e.detail == "cannot be set on create"), "{created:?}");
}
