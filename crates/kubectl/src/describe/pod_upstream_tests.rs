//! describe_test.go's pod and container cases (kubectl v1.32), with the
//! objects decoded from the JSON of upstream's Go literals.

use super::containers::{describe_containers, describe_resources};
use super::pod::describe_pod;
use super::Writer;
use kubeplay_model::api::{Container, ContainerStatus, Event, Pod, ResourceRequirements};
use kubeplay_model::Time;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

const NOW: Time = kubeplay_model::time::EPOCH;
/// `time.Now().AddDate(-10, 0, 0)`: ten years (with their leap days) ago.
const TEN_YEARS_SECS: i64 = 3653 * 86_400;

fn decode<T: DeserializeOwned>(v: Value) -> T {
    serde_json::from_value(v).expect("test object decodes")
}

fn contains_all(out: &str, want: &[&str]) {
    for w in want {
        assert!(out.contains(w), "want {w:?} in:\n{out}");
    }
}

fn page(p: &Pod) -> String {
    describe_pod(p, Some(&[]), NOW)
}

// describe_test.go's TestDescribePod
#[test]
fn describe_pod_terminating_by_phase() {
    let deleted = NOW.plus_secs(-TEN_YEARS_SECS);
    let cases = [
        (
            "foo",
            "bar",
            "Running",
            vec![
                "bar",
                "Status:",
                "Terminating (lasts 10y)",
                "Termination Grace Period",
                "1234s",
            ],
        ),
        (
            "pod1",
            "ns1",
            "Pending",
            vec![
                "pod1",
                "ns1",
                "Terminating (lasts 10y)",
                "Termination Grace Period",
                "1234s",
            ],
        ),
        ("pod2", "ns2", "Succeeded", vec!["pod2", "ns2", "Succeeded"]),
        ("pod3", "ns3", "Failed", vec!["pod3", "ns3", "Failed"]),
    ];
    for (name, namespace, phase, want) in cases {
        let mut p: Pod = decode(json!({
            "metadata": {"name": name, "namespace": namespace, "deletionGracePeriodSeconds": 1234},
            "spec": {"readinessGates": [{"conditionType": "condition1"}, {"conditionType": "condition2"}]},
            "status": {"phase": phase, "conditions": [{"type": "condition1", "status": "True"}]}
        }));
        p.metadata.deletion_timestamp = Some(deleted);
        contains_all(&page(&p), &want);
    }
}

// describe_test.go's TestDescribePodServiceAccount
#[test]
fn describe_pod_service_account() {
    let p: Pod = decode(
        json!({"metadata": {"name": "bar", "namespace": "foo"}, "spec": {"serviceAccountName": "fooaccount"}}),
    );
    contains_all(&page(&p), &["Service Account:", "fooaccount"]);
}

// describe_test.go's TestDescribePodEphemeralContainers
#[test]
fn describe_pod_ephemeral_containers() {
    let p: Pod = decode(json!({
        "metadata": {"name": "bar", "namespace": "foo"},
        "spec": {"ephemeralContainers": [{"name": "debugger", "image": "busybox"}]},
        "status": {"ephemeralContainerStatuses": [{"name": "debugger", "state": {"running": {"startedAt": "2025-01-01T00:00:00Z"}}, "ready": false, "restartCount": 0, "image": "", "imageID": ""}]}
    }));
    // The status is the ephemeral container's own, shown under its section.
    contains_all(&page(&p), &["Ephemeral Containers:\n  debugger:", "busybox", "Running"]);
}

// describe_test.go's TestDescribePodNode
#[test]
fn describe_pod_node() {
    let p: Pod = decode(json!({
        "metadata": {"name": "bar", "namespace": "foo"},
        "spec": {"nodeName": "all-in-one"},
        "status": {"hostIP": "127.0.0.1", "nominatedNodeName": "nodeA"}
    }));
    contains_all(&page(&p), &["all-in-one/127.0.0.1", "nodeA"]);
}

// describe_test.go's TestDescribePodTolerations
#[test]
fn describe_pod_tolerations() {
    let p: Pod = decode(json!({
        "metadata": {"name": "bar", "namespace": "foo"},
        "spec": {"tolerations": [
            {"operator": "Exists"},
            {"effect": "NoSchedule", "operator": "Exists"},
            {"key": "key0", "operator": "Exists"},
            {"key": "key1", "value": "value1"},
            {"key": "key2", "operator": "Equal", "value": "value2", "effect": "NoSchedule"},
            {"key": "key3", "value": "value3", "effect": "NoExecute", "tolerationSeconds": 300},
            {"key": "key4", "effect": "NoExecute", "tolerationSeconds": 60}
        ]}
    }));
    let out = describe_pod(&p, None, NOW);
    contains_all(
        &out,
        &[
            "  op=Exists\n",
            ":NoSchedule op=Exists\n",
            "key0 op=Exists\n",
            "key1=value1\n",
            "key2=value2:NoSchedule\n",
            "key3=value3:NoExecute for 300s\n",
            "key4:NoExecute for 60s\n",
            "Tolerations:",
        ],
    );
}

// describe_test.go's TestDescribeTopologySpreadConstraints
#[test]
fn describe_topology_spread_constraints() {
    let p: Pod = decode(json!({
        "metadata": {"name": "bar", "namespace": "foo"},
        "spec": {"topologySpreadConstraints": [
            {"maxSkew": 3, "topologyKey": "topology.kubernetes.io/test1", "whenUnsatisfiable": "DoNotSchedule", "labelSelector": {"matchLabels": {"key1": "val1", "key2": "val2"}}},
            {"maxSkew": 1, "topologyKey": "topology.kubernetes.io/test2", "whenUnsatisfiable": "ScheduleAnyway"}
        ]}
    }));
    let out = describe_pod(&p, None, NOW);
    contains_all(
        &out,
        &["topology.kubernetes.io/test1:DoNotSchedule when max skew 3 is exceeded for selector key1=val1,key2=val2\n", "topology.kubernetes.io/test2:ScheduleAnyway when max skew 1 is exceeded\n"],
    );
}

// describe_test.go's TestDescribePodPriority
#[test]
fn describe_pod_priority() {
    let p: Pod = decode(
        json!({"metadata": {"name": "bar"}, "spec": {"priorityClassName": "high-priority", "priority": 1000}}),
    );
    contains_all(&page(&p), &["high-priority", "1000"]);
}

// describe_test.go's TestDescribePodRuntimeClass
#[test]
fn describe_pod_runtime_class() {
    let cases = [
        (
            json!({"runtimeClassName": "test1"}),
            vec!["Name", "bar", "Runtime Class Name", "test1"],
            vec![],
        ),
        (
            json!({"runtimeClassName": ""}),
            vec!["Name", "bar"],
            vec!["Runtime Class Name"],
        ),
        (json!({}), vec!["Name", "bar"], vec!["Runtime Class Name"]),
    ];
    for (spec, want, unwanted) in cases {
        let p: Pod = decode(json!({"metadata": {"name": "bar"}, "spec": spec}));
        let out = page(&p);
        contains_all(&out, &want);
        for u in unwanted {
            assert!(!out.contains(u), "unexpected {u:?} in:\n{out}");
        }
    }
}

// describe_test.go's TestPodDescribeResultsSorted (with VerifyDatesInOrder):
// the events come out oldest first.
#[test]
fn pod_events_sorted() {
    let p: Pod = decode(json!({"metadata": {"name": "bar", "namespace": "foo"}}));
    let event = |name: &str, component: &str, message: &str, at: &str| -> Event {
        decode(json!({
            "metadata": {"name": name},
            "source": {"component": component},
            "message": message,
            "firstTimestamp": at,
            "lastTimestamp": at,
            "count": 1,
            "type": "Normal"
        }))
    };
    let events = [
        event("one", "kubelet", "Item 1", "2014-01-15T00:00:00Z"),
        event("two", "scheduler", "Item 2", "1987-06-17T00:00:00Z"),
        event("three", "kubelet", "Item 3", "2002-12-25T00:00:00Z"),
    ];
    let refs: Vec<&Event> = events.iter().collect();
    let out = describe_pod(&p, Some(&refs), NOW);
    let (a, b, c) = (out.find("Item 2"), out.find("Item 3"), out.find("Item 1"));
    assert!(a.is_some() && a < b && b < c, "{out}");
}

// describe_test.go's TestDescribeResources: how often each word appears.
#[test]
fn describe_resources_counts() {
    let both = json!({"cpu": "1000", "memory": "100Mi"});
    let cases: [(Value, &[(&str, usize)]); 4] = [
        (json!({}), &[]),
        (
            json!({"requests": both, "limits": both}),
            &[
                ("cpu", 2),
                ("memory", 2),
                ("Requests", 1),
                ("Limits", 1),
                ("1k", 2),
                ("100Mi", 2),
            ],
        ),
        (
            json!({"limits": both}),
            &[
                ("cpu", 1),
                ("memory", 1),
                ("Limits", 1),
                ("1k", 1),
                ("100Mi", 1),
            ],
        ),
        (
            json!({"requests": both}),
            &[
                ("cpu", 1),
                ("memory", 1),
                ("Requests", 1),
                ("1k", 1),
                ("100Mi", 1),
            ],
        ),
    ];
    for (resources, want) in cases {
        let r: ResourceRequirements = decode(resources);
        let mut w = Writer::plain();
        describe_resources(&mut w, &r, 1);
        let out = w.finish();
        for (word, n) in want {
            assert_eq!(out.matches(word).count(), *n, "{word:?} in {out:?}");
        }
        if want.is_empty() {
            assert_eq!(out, "");
        }
    }
}

// describe_test.go's TestDescribeContainers: describeContainers over a
// prefix writer on a plain buffer (tabs kept), one container and status.
#[test]
fn describe_containers_table() {
    let now = "2025-01-01T00:00:00Z";
    let base = &[
        "test",
        "State",
        "Ready",
        "True",
        "Restart Count",
        "7",
        "Image",
        "image",
    ][..];
    let waiting = |extra: &[&'static str]| -> Vec<&'static str> {
        [
            "test",
            "State",
            "Waiting",
            "Ready",
            "True",
            "Restart Count",
            "7",
            "Image",
            "image",
        ]
        .iter()
        .chain(extra)
        .copied()
        .collect()
    };
    // The model's statuses always carry an image and image ID.
    let status = |state: Value| json!({"name": "test", "state": state, "ready": true, "restartCount": 7, "image": "", "imageID": ""});
    let plain =
        json!({"name": "test", "ready": true, "restartCount": 7, "image": "", "imageID": ""});
    let env = |env_from: Value| json!({"name": "test", "image": "image", "env": [{"name": "envname", "value": "xyz"}], "envFrom": [env_from]});
    let cases: Vec<(Value, Option<Value>, Vec<&str>)> = vec![
        // Running state.
        (
            json!({"name": "test", "image": "image"}),
            Some(status(json!({"running": {"startedAt": now}}))),
            [base, &["Running", "Started"]].concat(),
        ),
        // Waiting state.
        (
            json!({"name": "test", "image": "image"}),
            Some(status(json!({"waiting": {"reason": "potato"}}))),
            [base, &["Waiting", "Reason", "potato"]].concat(),
        ),
        // Terminated state.
        (
            json!({"name": "test", "image": "image"}),
            Some(status(
                json!({"terminated": {"startedAt": now, "finishedAt": now, "reason": "potato", "exitCode": 2}}),
            )),
            [
                base,
                &[
                    "Terminated",
                    "Reason",
                    "potato",
                    "Started",
                    "Finished",
                    "Exit Code",
                    "2",
                ],
            ]
            .concat(),
        ),
        // Last Terminated.
        (
            json!({"name": "test", "image": "image"}),
            Some(
                json!({"name": "test", "state": {"running": {"startedAt": now}}, "lastState": {"terminated": {"startedAt": "2025-01-01T00:00:03Z", "finishedAt": now, "reason": "crashing", "exitCode": 3}}, "ready": true, "restartCount": 7, "image": "", "imageID": ""}),
            ),
            [
                base,
                &[
                    "Terminated",
                    "Started",
                    "Finished",
                    "Exit Code",
                    "2",
                    "crashing",
                    "3",
                ],
            ]
            .concat(),
        ),
        // No state defaults to waiting.
        (
            json!({"name": "test", "image": "image"}),
            Some(plain.clone()),
            waiting(&[]),
        ),
        // Env.
        (
            env(json!({"configMapRef": {"name": "a123"}})),
            Some(plain.clone()),
            waiting(&["envname", "xyz", "a123\tConfigMap\tOptional: false"]),
        ),
        (
            env(json!({"prefix": "p_", "configMapRef": {"name": "a123"}})),
            Some(plain.clone()),
            waiting(&[
                "envname",
                "xyz",
                "a123\tConfigMap with prefix 'p_'\tOptional: false",
            ]),
        ),
        (
            env(json!({"configMapRef": {"name": "a123", "optional": true}})),
            Some(plain.clone()),
            waiting(&["envname", "xyz", "a123\tConfigMap\tOptional: true"]),
        ),
        (
            env(json!({"secretRef": {"name": "a123", "optional": true}})),
            Some(plain.clone()),
            waiting(&["envname", "xyz", "a123\tSecret\tOptional: true"]),
        ),
        (
            env(json!({"prefix": "p_", "secretRef": {"name": "a123"}})),
            Some(plain.clone()),
            waiting(&[
                "envname",
                "xyz",
                "a123\tSecret with prefix 'p_'\tOptional: false",
            ]),
        ),
        // Command, and with a newline.
        (
            json!({"name": "test", "image": "image", "command": ["sleep", "1000"]}),
            Some(plain.clone()),
            waiting(&["sleep", "1000"]),
        ),
        (
            json!({"name": "test", "image": "image", "command": ["sleep", "1000\n2000"]}),
            Some(plain.clone()),
            vec!["1000\n      2000"],
        ),
        // Args, and with a newline.
        (
            json!({"name": "test", "image": "image", "args": ["time", "1000"]}),
            Some(plain.clone()),
            waiting(&["time", "1000"]),
        ),
        (
            json!({"name": "test", "image": "image", "args": ["time", "1000\n2000"]}),
            Some(plain.clone()),
            vec!["1000\n      2000"],
        ),
        // Using limits.
        (
            json!({"name": "test", "image": "image", "resources": {"limits": {"cpu": "1000", "memory": "4G", "storage": "20G"}}}),
            Some(plain.clone()),
            vec!["cpu", "1k", "memory", "4G", "storage", "20G"],
        ),
        // Using requests.
        (
            json!({"name": "test", "image": "image", "resources": {"requests": {"cpu": "1000", "memory": "4G", "storage": "20G"}}}),
            None,
            vec!["cpu", "1k", "memory", "4G", "storage", "20G"],
        ),
        // volumeMounts read/write, read-only, with a subPath.
        (
            json!({"name": "test", "image": "image", "volumeMounts": [{"name": "mounted-volume", "mountPath": "/opt/"}]}),
            None,
            vec!["mounted-volume", "/opt/", "(rw)"],
        ),
        (
            json!({"name": "test", "image": "image", "volumeMounts": [{"name": "mounted-volume", "mountPath": "/opt/", "readOnly": true}]}),
            None,
            vec!["Mounts", "mounted-volume", "/opt/", "(ro)"],
        ),
        (
            json!({"name": "test", "image": "image", "volumeMounts": [{"name": "mounted-volume", "mountPath": "/opt/", "subPath": "foo"}]}),
            None,
            vec!["Mounts", "mounted-volume", "/opt/", "(rw,path=\"foo\")"],
        ),
        // volumeDevices.
        (
            json!({"name": "test", "image": "image", "volumeDevices": [{"name": "volume-device", "devicePath": "/dev/xvda"}]}),
            None,
            vec!["Devices", "volume-device", "/dev/xvda"],
        ),
    ];
    for (i, (container, status, want)) in cases.into_iter().enumerate() {
        let c: Container = decode(container);
        // Upstream's pod always carries one status; an unset one has no name
        // and matches no container.
        let statuses: Vec<ContainerStatus> = vec![status.map(decode).unwrap_or_default()];
        let p: Pod = decode(json!({"spec": {"containers": [c.clone()]}}));
        let mut w = Writer::plain();
        describe_containers(&mut w, "Containers", &[c], Some(&statuses), Some(&p), "");
        let out = w.finish();
        for s in want {
            assert!(out.contains(s), "case {i}: want {s:?} in {out:?}");
        }
    }
}

// describe_test.go's TestDescribeSeccompProfile
#[test]
fn describe_seccomp_profile() {
    let localhost = |profile: &str| json!({"seccompProfile": {"type": "Localhost", "localhostProfile": profile}});
    let cases = [
        (
            json!({"securityContext": localhost("lauseafoodpod")}),
            vec![
                "SeccompProfile",
                "Localhost",
                "LocalhostProfile",
                "lauseafoodpod",
            ],
        ),
        (
            json!({"securityContext": {"seccompProfile": {"type": "RuntimeDefault"}}}),
            vec!["SeccompProfile", "RuntimeDefault"],
        ),
        (
            json!({"containers": [{"name": "", "securityContext": localhost("tikkamasalaconatiner")}]}),
            vec![
                "SeccompProfile",
                "Localhost",
                "LocalhostProfile",
                "tikkamasalaconatiner",
            ],
        ),
        (
            json!({"containers": [{"name": "", "securityContext": {"seccompProfile": {"type": "Unconfined"}}}]}),
            vec!["SeccompProfile", "Unconfined"],
        ),
        (
            json!({"ephemeralContainers": [{"name": "", "securityContext": localhost("dropshotephemeral")}]}),
            vec![
                "SeccompProfile",
                "Localhost",
                "LocalhostProfile",
                "dropshotephemeral",
            ],
        ),
        (
            json!({"containers": [{"name": "", "securityContext": {"seccompProfile": {"type": "Unconfined"}}}]}),
            vec!["SeccompProfile", "Unconfined"],
        ),
    ];
    for (spec, want) in cases {
        let p: Pod = decode(json!({"spec": spec}));
        contains_all(&page(&p), &want);
    }
}
