//! Upstream kubectl v1.32's `kubectl debug` tests
//! (staging/src/k8s.io/kubectl/pkg/cmd/debug/{debug,profiles}_test.go):
//! the generated ephemeral containers, pod copies and node pods, the
//! profiles, and Complete + Validate.

use super::*;
use serde_json::json;

/// Options as upstream's tables write them: every field zero but those set.
fn opts(f: impl FnOnce(&mut Debug)) -> Debug {
    let mut d = Debug {
        targets: Vec::new(),
        files: Vec::new(),
        args: Vec::new(),
        args_only: false,
        attach: false,
        attach_changed: false,
        container: None,
        copy_to: None,
        replace: false,
        env: Vec::new(),
        image: None,
        interactive: false,
        tty: false,
        keep: DebugKeep { labels: false, annotations: false, liveness: false, readiness: false, startup: false, init_containers: false },
        pull_policy: None,
        quiet: false,
        same_node: false,
        set_images: Vec::new(),
        share_processes: None,
        target_container: None,
        profile: DebugProfile::Legacy,
        custom: None,
    };
    f(&mut d);
    d
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

fn words(v: &[&str]) -> Vec<String> {
    v.iter().map(|w| w.to_string()).collect()
}

fn pod(v: Value) -> Pod {
    serde_json::from_value(v).unwrap_or_else(|e| panic!("{e}"))
}

fn as_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or_default()
}

/// upstream's `nameSuffixFunc` replaced by a counter: "1", "2", …
fn counter() -> impl FnMut() -> String {
    let mut n = 0;
    move || {
        n += 1;
        n.to_string()
    }
}

/// The busybox debugger every case starts from.
fn busybox(f: impl FnOnce(&mut Debug)) -> Debug {
    opts(|d| {
        d.image = s("busybox");
        d.pull_policy = s("IfNotPresent");
        f(d);
    })
}

// debug_test.go's TestGenerateDebugContainer
#[test]
fn generate_debug_container_table() {
    let ec = |extra: Value| {
        let mut base = json!({"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"});
        if let (Value::Object(b), Value::Object(e)) = (&mut base, extra) {
            b.extend(e);
        }
        base
    };
    let cases: Vec<(&str, Debug, Value, Value)> = vec![
        ("minimum fields", busybox(|d| d.container = s("debugger")), json!({}), ec(json!({}))),
        (
            "namespace targeting",
            busybox(|d| {
                d.container = s("debugger");
                d.target_container = s("myapp");
            }),
            json!({}),
            ec(json!({"targetContainerName": "myapp"})),
        ),
        (
            "debug args as container command",
            busybox(|d| {
                d.container = s("debugger");
                d.args = words(&["/bin/echo", "one", "two", "three"]);
            }),
            json!({}),
            ec(json!({"command": ["/bin/echo", "one", "two", "three"]})),
        ),
        (
            "debug args as container args",
            busybox(|d| {
                d.container = s("debugger");
                d.args_only = true;
                d.args = words(&["echo", "one", "two", "three"]);
            }),
            json!({}),
            ec(json!({"args": ["echo", "one", "two", "three"]})),
        ),
        ("random name generation", busybox(|_| {}), json!({}), ec(json!({"name": "debugger-1"}))),
        ("random name collision", busybox(|_| {}), json!({"containers": [{"name": "debugger-1"}]}), ec(json!({"name": "debugger-2"}))),
        (
            "pod with init containers",
            busybox(|_| {}),
            json!({"initContainers": [{"name": "init-container-1"}, {"name": "init-container-2"}], "containers": [{"name": "debugger"}]}),
            ec(json!({"name": "debugger-1"})),
        ),
        (
            "pod with ephemeral containers",
            busybox(|_| {}),
            json!({"containers": [{"name": "debugger"}], "ephemeralContainers": [{"name": "ephemeral-container-1"}, {"name": "ephemeral-container-2"}]}),
            ec(json!({"name": "debugger-1"})),
        ),
        (
            "general profile",
            busybox(|d| d.profile = DebugProfile::General),
            json!({}),
            ec(json!({"name": "debugger-1", "securityContext": {"capabilities": {"add": ["SYS_PTRACE"]}}})),
        ),
        ("baseline profile", busybox(|d| d.profile = DebugProfile::Baseline), json!({}), ec(json!({"name": "debugger-1"}))),
        (
            "restricted profile",
            busybox(|d| d.profile = DebugProfile::Restricted),
            json!({}),
            ec(
                json!({"name": "debugger-1", "securityContext": {"runAsNonRoot": true, "capabilities": {"drop": ["ALL"]}, "allowPrivilegeEscalation": false, "seccompProfile": {"type": "RuntimeDefault"}}}),
            ),
        ),
        (
            "netadmin profile",
            busybox(|d| d.profile = DebugProfile::Netadmin),
            json!({}),
            ec(json!({"name": "debugger-1", "securityContext": {"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}}})),
        ),
        ("sysadmin profile", busybox(|d| d.profile = DebugProfile::Sysadmin), json!({}), ec(json!({"name": "debugger-1", "securityContext": {"privileged": true}}))),
    ];
    for (name, d, spec, want) in cases {
        let have = pod(json!({"spec": spec}));
        let mut out = Output::default();
        let (got, container) = generate_debug_container(&d, &have, &mut counter(), &mut out);
        let added = got.spec.ephemeral_containers.last().map(as_json).unwrap_or_default();
        let want_ec: EphemeralContainer = serde_json::from_value(want.clone()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(added, as_json(&want_ec), "{name}");
        assert_eq!(container, want["name"], "{name}");
    }
}

// debug_test.go's TestGeneratePodCopyWithDebugContainer
#[test]
fn generate_pod_copy_table() {
    let debugger = |f: fn(&mut Debug)| {
        busybox(|d| {
            d.copy_to = s("debugger");
            d.container = s("debugger");
            f(d);
        })
    };
    let new_debugger = json!({"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"});
    let cases: Vec<(&str, Debug, Value, Value)> = vec![
        (
            "basic",
            debugger(|_| {}),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger"}], "nodeName": "node-1"}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent"}]}}),
        ),
        (
            "same node",
            debugger(|d| d.same_node = true),
            json!({"metadata": {"name": "target", "labels": {"app": "business"}}, "spec": {"containers": [{"name": "debugger"}], "nodeName": "node-1"}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent"}], "nodeName": "node-1"}}),
        ),
        (
            "metadata stripping",
            debugger(|_| {}),
            json!({"metadata": {"name": "target", "labels": {"app": "business"}, "annotations": {"test": "test"}, "resourceVersion": "1", "creationTimestamp": "2025-01-01T00:00:00Z"}, "spec": {"containers": [{"name": "debugger"}]}}),
            json!({"metadata": {"name": "debugger", "annotations": {"test": "test"}}, "spec": {"containers": [{"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent"}]}}),
        ),
        (
            "add a debug container",
            debugger(|_| {}),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "business"}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "business"}, new_debugger.clone()]}}),
        ),
        (
            "customize envs",
            debugger(|d| d.env = vec![("TEST".into(), "test".into())]),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "business"}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "business"}, {"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File", "env": [{"name": "TEST", "value": "test"}]}]}}),
        ),
        (
            "debug args as container command",
            debugger(|d| d.args = words(&["/bin/echo", "one", "two", "three"])),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "business"}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "business"}, {"name": "debugger", "image": "busybox", "command": ["/bin/echo", "one", "two", "three"], "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}}),
        ),
        (
            "debug args as container args",
            debugger(|d| {
                d.args = words(&["one", "two", "three"]);
                d.args_only = true;
            }),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "business"}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "business"}, {"name": "debugger", "image": "busybox", "args": ["one", "two", "three"], "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}}),
        ),
        (
            "modify existing command to debug args",
            opts(|d| {
                d.copy_to = s("debugger");
                d.container = s("debugger");
                d.args = words(&["sleep", "1d"]);
                d.pull_policy = s("IfNotPresent");
            }),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger", "command": ["echo"], "image": "app", "args": ["one", "two", "three"], "terminationMessagePolicy": "File"}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger", "image": "app", "command": ["sleep", "1d"], "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}}),
        ),
        (
            "random name",
            busybox(|d| d.copy_to = s("debugger")),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "business"}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "business"}, {"name": "debugger-1", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}}),
        ),
        (
            "random name collision",
            busybox(|d| d.copy_to = s("debugger")),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger-1"}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger-1"}, {"name": "debugger-2", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}}),
        ),
        (
            "pod with probes",
            debugger(|d| {
                d.keep.liveness = true;
                d.keep.readiness = true;
                d.keep.startup = true;
            }),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "business", "livenessProbe": {}, "readinessProbe": {}, "startupProbe": {}}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "business", "livenessProbe": {}, "readinessProbe": {}, "startupProbe": {}}, new_debugger.clone()]}}),
        ),
        (
            "pod with init containers",
            busybox(|d| {
                d.copy_to = s("debugger");
                d.keep.init_containers = true;
            }),
            json!({"metadata": {"name": "target"}, "spec": {"initContainers": [{"name": "init-container-1"}, {"name": "init-container-2"}], "containers": [{"name": "debugger-1"}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"initContainers": [{"name": "init-container-1"}, {"name": "init-container-2"}], "containers": [{"name": "debugger-1"}, {"name": "debugger-2", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}}),
        ),
        (
            "pod with ephemeral containers",
            busybox(|d| d.copy_to = s("debugger")),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger-1"}], "ephemeralContainers": [{"name": "ephemeral-container-1"}, {"name": "ephemeral-container-2"}]}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger-1"}, {"name": "debugger-2", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}}),
        ),
        (
            "shared process namespace",
            debugger(|d| d.share_processes = Some(true)),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger", "imagePullPolicy": "Always", "terminationMessagePolicy": "File"}], "nodeName": "node-1"}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [new_debugger.clone()], "shareProcessNamespace": true}}),
        ),
        (
            "Change image for a named container",
            opts(|d| {
                d.copy_to = s("myapp-copy");
                d.container = s("app");
                d.image = s("busybox");
                d.targets = words(&["myapp"]);
            }),
            json!({"metadata": {"name": "myapp"}, "spec": {"containers": [{"name": "app", "image": "appimage"}, {"name": "sidecar", "image": "sidecarimage"}]}}),
            json!({"metadata": {"name": "myapp-copy"}, "spec": {"containers": [{"name": "app", "image": "busybox"}, {"name": "sidecar", "image": "sidecarimage"}]}}),
        ),
        (
            "Change image for a named container with set-image",
            opts(|d| {
                d.copy_to = s("myapp-copy");
                d.container = s("app");
                d.set_images = vec![("app".into(), "busybox".into())];
            }),
            json!({"metadata": {"name": "myapp"}, "spec": {"containers": [{"name": "app", "image": "appimage"}, {"name": "sidecar", "image": "sidecarimage"}]}}),
            json!({"metadata": {"name": "myapp-copy"}, "spec": {"containers": [{"name": "app", "image": "busybox"}, {"name": "sidecar", "image": "sidecarimage"}]}}),
        ),
        (
            "Change image for all containers with set-image",
            opts(|d| {
                d.copy_to = s("myapp-copy");
                d.set_images = vec![("*".into(), "busybox".into())];
            }),
            json!({"metadata": {"name": "myapp"}, "spec": {"containers": [{"name": "app", "image": "appimage"}, {"name": "sidecar", "image": "sidecarimage"}]}}),
            json!({"metadata": {"name": "myapp-copy"}, "spec": {"containers": [{"name": "app", "image": "busybox"}, {"name": "sidecar", "image": "busybox"}]}}),
        ),
        (
            "Change image for multiple containers with set-image",
            opts(|d| {
                d.copy_to = s("myapp-copy");
                d.set_images = vec![("*".into(), "busybox".into()), ("app".into(), "app-debugger".into())];
            }),
            json!({"metadata": {"name": "myapp"}, "spec": {"containers": [{"name": "app", "image": "appimage"}, {"name": "sidecar", "image": "sidecarimage"}]}}),
            json!({"metadata": {"name": "myapp-copy"}, "spec": {"containers": [{"name": "app", "image": "app-debugger"}, {"name": "sidecar", "image": "busybox"}]}}),
        ),
        (
            "Add interactive debug container minimal args",
            opts(|d| {
                d.attach = true;
                d.copy_to = s("my-debugger");
                d.image = s("busybox");
                d.interactive = true;
                d.targets = words(&["mypod"]);
                d.tty = true;
            }),
            json!({"metadata": {"name": "mypod"}, "spec": {"containers": [{"name": "app", "image": "appimage"}, {"name": "sidecar", "image": "sidecarimage"}]}}),
            json!({"metadata": {"name": "my-debugger"}, "spec": {"containers": [{"name": "app", "image": "appimage"}, {"name": "sidecar", "image": "sidecarimage"}, {"name": "debugger-1", "image": "busybox", "stdin": true, "terminationMessagePolicy": "File", "tty": true}]}}),
        ),
        (
            "Pod copy: add container and also mutate images",
            opts(|d| {
                d.attach = true;
                d.copy_to = s("my-debugger");
                d.image = s("debian");
                d.interactive = true;
                d.set_images = vec![("app".into(), "app:debug".into()), ("sidecar".into(), "sidecar:debug".into())];
                d.targets = words(&["mypod"]);
                d.tty = true;
            }),
            json!({"metadata": {"name": "mypod"}, "spec": {"containers": [{"name": "app", "image": "appimage"}, {"name": "sidecar", "image": "sidecarimage"}]}}),
            json!({"metadata": {"name": "my-debugger"}, "spec": {"containers": [{"name": "app", "image": "app:debug"}, {"name": "sidecar", "image": "sidecar:debug"}, {"name": "debugger-1", "image": "debian", "terminationMessagePolicy": "File", "stdin": true, "tty": true}]}}),
        ),
        (
            "general profile",
            debugger(|d| d.profile = DebugProfile::General),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger"}], "nodeName": "node-1"}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent", "securityContext": {"capabilities": {"add": ["SYS_PTRACE"]}}}], "shareProcessNamespace": true}}),
        ),
        (
            "baseline profile",
            debugger(|d| d.profile = DebugProfile::Baseline),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger"}], "nodeName": "node-1"}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent"}], "shareProcessNamespace": true}}),
        ),
        (
            "baseline profile not share process when user explicitly disables it",
            debugger(|d| {
                d.profile = DebugProfile::Baseline;
                d.share_processes = Some(false);
            }),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger"}], "nodeName": "node-1"}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent"}], "shareProcessNamespace": false}}),
        ),
        (
            "restricted profile",
            debugger(|d| d.profile = DebugProfile::Restricted),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger"}], "nodeName": "node-1"}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent", "securityContext": {"runAsNonRoot": true, "capabilities": {"drop": ["ALL"]}, "allowPrivilegeEscalation": false, "seccompProfile": {"type": "RuntimeDefault"}}}], "shareProcessNamespace": true}}),
        ),
        (
            "netadmin profile",
            debugger(|d| d.profile = DebugProfile::Netadmin),
            json!({"metadata": {"name": "target"}, "spec": {"containers": [{"name": "debugger"}], "nodeName": "node-1"}}),
            json!({"metadata": {"name": "debugger"}, "spec": {"containers": [{"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent", "securityContext": {"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}}}], "shareProcessNamespace": true}}),
        ),
    ];
    for (name, d, have, want) in cases {
        let mut out = Output::default();
        let (got, _) = generate_pod_copy(&d, &pod(have), &mut counter(), &mut out).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(as_json(&got), as_json(&pod(want)), "{name}");
    }
}

// debug_test.go's TestGenerateNodeDebugPod
#[test]
fn generate_node_pod_table() {
    let host_root = json!([{"name": "host-root", "hostPath": {"path": "/"}}]);
    let mount = json!([{"mountPath": "/host", "name": "host-root"}]);
    let tolerations = json!([{"operator": "Exists"}]);
    let base = |container: Value, host: bool, volumes: bool| {
        let mut spec = json!({"containers": [container], "nodeName": "node-XXX", "restartPolicy": "Never", "tolerations": tolerations});
        if host {
            spec["hostIPC"] = json!(true);
            spec["hostNetwork"] = json!(true);
            spec["hostPID"] = json!(true);
        }
        if volumes {
            spec["volumes"] = host_root.clone();
        }
        json!({"metadata": {"name": "node-debugger-node-XXX-1"}, "spec": spec})
    };
    let debugger = |extra: Value| {
        let mut c = json!({"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"});
        if let (Value::Object(b), Value::Object(e)) = (&mut c, extra) {
            b.extend(e);
        }
        c
    };
    let cases: Vec<(&str, Debug, Value)> = vec![
        ("minimum options", busybox(|_| {}), base(debugger(json!({"volumeMounts": mount})), true, true)),
        (
            "debug args as container command",
            busybox(|d| {
                d.args = words(&["/bin/echo", "one", "two", "three"]);
                d.container = s("custom-debugger");
            }),
            base(debugger(json!({"name": "custom-debugger", "command": ["/bin/echo", "one", "two", "three"], "volumeMounts": mount})), true, true),
        ),
        (
            "debug args as container args",
            busybox(|d| {
                d.args_only = true;
                d.container = s("custom-debugger");
                d.args = words(&["echo", "one", "two", "three"]);
            }),
            base(debugger(json!({"name": "custom-debugger", "args": ["echo", "one", "two", "three"], "volumeMounts": mount})), true, true),
        ),
        ("general profile", busybox(|d| d.profile = DebugProfile::General), base(debugger(json!({"volumeMounts": mount})), true, true)),
        ("baseline profile", busybox(|d| d.profile = DebugProfile::Baseline), base(debugger(json!({})), false, false)),
        (
            "restricted profile",
            busybox(|d| d.profile = DebugProfile::Restricted),
            base(
                debugger(
                    json!({"securityContext": {"runAsNonRoot": true, "capabilities": {"drop": ["ALL"]}, "allowPrivilegeEscalation": false, "seccompProfile": {"type": "RuntimeDefault"}}}),
                ),
                false,
                false,
            ),
        ),
        (
            "netadmin profile",
            busybox(|d| d.profile = DebugProfile::Netadmin),
            base(debugger(json!({"securityContext": {"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}}})), true, false),
        ),
    ];
    for (name, d, want) in cases {
        let mut out = Output::default();
        let got = generate_node_pod(&d, "node-XXX", &mut counter(), &mut out);
        assert_eq!(as_json(&got), as_json(&pod(want)), "{name}");
        assert_eq!(
            out.stdout,
            format!("Creating debugging pod node-debugger-node-XXX-1 with container {} on node node-XXX.\n", d.container.as_deref().unwrap_or("debugger")),
            "{name}"
        );
    }
}

/// profiles_test.go's fixtures: the pod debugged by an ephemeral
/// container, a copy's pod (from a pod with labels, annotations, probes
/// and an init container) and a node's debugging pod.
fn copy_source() -> Value {
    json!({
        "metadata": {"name": "podcopy", "labels": {"app": "podcopy"}, "annotations": {"test": "test"}},
        "spec": {"initContainers": [{"name": "init-container"}], "containers": [{"name": "app", "image": "appimage", "livenessProbe": {}, "readinessProbe": {}, "startupProbe": {}}, {"name": "dbg", "image": "dbgimage"}]}
    })
}

fn profile_case(p: DebugProfile, have: Value, style: Style, want: Value) {
    let mut got = pod(have);
    let keep = DebugKeep { labels: false, annotations: false, liveness: false, readiness: false, startup: false, init_containers: true };
    apply_profile(p, keep, &mut got, "dbg", style);
    assert_eq!(as_json(&got), as_json(&pod(want)), "{p:?} {style:?}");
}

fn ephemeral(sc: Value) -> Value {
    let mut c = json!({"name": "dbg", "image": "dbgimage"});
    if !sc.is_null() {
        c["securityContext"] = sc;
    }
    json!({"metadata": {"name": "pod"}, "spec": {"ephemeralContainers": [c]}})
}

fn node_pod(sc: Value) -> Value {
    let mut c = json!({"name": "dbg", "image": "dbgimage"});
    if !sc.is_null() {
        c["securityContext"] = sc;
    }
    json!({"metadata": {"name": "pod"}, "spec": {"containers": [c]}})
}

/// The copy the non-legacy profiles make: labels, annotations and probes
/// gone, processes shared, the debugger's security context as given.
fn stripped_copy(sc: Value) -> Value {
    let mut dbg = json!({"name": "dbg", "image": "dbgimage"});
    if !sc.is_null() {
        dbg["securityContext"] = sc;
    }
    json!({"metadata": {"name": "podcopy"}, "spec": {"shareProcessNamespace": true, "initContainers": [{"name": "init-container"}], "containers": [{"name": "app", "image": "appimage"}, dbg]}})
}

fn with_host(mut v: Value, volumes: bool) -> Value {
    v["spec"]["hostNetwork"] = json!(true);
    v["spec"]["hostPID"] = json!(true);
    v["spec"]["hostIPC"] = json!(true);
    if volumes {
        v["spec"]["volumes"] = json!([{"name": "host-root", "hostPath": {"path": "/"}}]);
        v["spec"]["containers"][0]["volumeMounts"] = json!([{"mountPath": "/host", "name": "host-root"}]);
    }
    v
}

// profiles_test.go's TestLegacyProfile (the nil-target case has no
// counterpart: the style is a type here)
#[test]
fn legacy_profile() {
    let p = DebugProfile::Legacy;
    profile_case(p, ephemeral(Value::Null), Style::Ephemeral, ephemeral(Value::Null));
    let mut have = copy_source();
    have["spec"]["containers"][1]["securityContext"] = json!({"capabilities": {"add": ["NET_ADMIN"]}});
    let mut want = have.clone();
    want["metadata"].as_object_mut().map(|m| m.remove("labels"));
    profile_case(p, have, Style::Copy, want);
    let sc = json!({"capabilities": {"add": ["NET_ADMIN"]}});
    profile_case(p, node_pod(sc.clone()), Style::Node, with_host(node_pod(sc), true));
}

// profiles_test.go's TestGeneralProfile
#[test]
fn general_profile() {
    let p = DebugProfile::General;
    profile_case(p, ephemeral(Value::Null), Style::Ephemeral, ephemeral(json!({"capabilities": {"add": ["SYS_PTRACE"]}})));
    let mut have = copy_source();
    have["spec"]["containers"][1]["securityContext"] = json!({"capabilities": {"add": ["NET_ADMIN"]}});
    profile_case(p, have, Style::Copy, stripped_copy(json!({"capabilities": {"add": ["NET_ADMIN", "SYS_PTRACE"]}})));
    profile_case(p, node_pod(Value::Null), Style::Node, with_host(node_pod(Value::Null), true));
}

// profiles_test.go's TestBaselineProfile
#[test]
fn baseline_profile() {
    let p = DebugProfile::Baseline;
    profile_case(p, ephemeral(json!({"capabilities": {"add": ["SYS_PTRACE"]}})), Style::Ephemeral, ephemeral(Value::Null));
    profile_case(p, copy_source(), Style::Copy, stripped_copy(Value::Null));
    profile_case(p, node_pod(Value::Null), Style::Node, node_pod(Value::Null));
}

// profiles_test.go's TestRestrictedProfile
#[test]
fn restricted_profile() {
    let p = DebugProfile::Restricted;
    let restricted = json!({"runAsNonRoot": true, "capabilities": {"drop": ["ALL"]}, "allowPrivilegeEscalation": false, "seccompProfile": {"type": "RuntimeDefault"}});
    profile_case(p, ephemeral(json!({"capabilities": {"add": ["SYS_PTRACE"]}})), Style::Ephemeral, ephemeral(restricted.clone()));
    profile_case(p, copy_source(), Style::Copy, stripped_copy(restricted.clone()));
    let sc = json!({"capabilities": {"add": ["ALL"]}, "allowPrivilegeEscalation": false, "seccompProfile": {"type": "RuntimeDefault"}});
    profile_case(p, node_pod(sc), Style::Node, node_pod(restricted));
}

// profiles_test.go's TestNetAdminProfile (the nil-target case aside)
#[test]
fn netadmin_profile() {
    let p = DebugProfile::Netadmin;
    let net = json!({"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}});
    let kept = json!({"capabilities": {"add": ["SYS_PTRACE", "NET_ADMIN", "NET_RAW"]}});
    profile_case(p, ephemeral(Value::Null), Style::Ephemeral, ephemeral(net.clone()));
    profile_case(p, copy_source(), Style::Copy, stripped_copy(net.clone()));
    let have = json!({"metadata": {"name": "podcopy"}, "spec": {"containers": [{"name": "app", "image": "appimage", "livenessProbe": {}, "readinessProbe": {}, "startupProbe": {}}, {"name": "dbg", "image": "dbgimage", "securityContext": {"capabilities": {"add": ["SYS_PTRACE"]}}}]}});
    let want = json!({"metadata": {"name": "podcopy"}, "spec": {"shareProcessNamespace": true, "containers": [{"name": "app", "image": "appimage"}, {"name": "dbg", "image": "dbgimage", "securityContext": kept}]}});
    profile_case(p, have, Style::Copy, want);
    profile_case(p, node_pod(Value::Null), Style::Node, with_host(node_pod(net), false));
    profile_case(p, node_pod(json!({"capabilities": {"add": ["SYS_PTRACE"]}})), Style::Node, with_host(node_pod(kept), false));
}

// profiles_test.go's TestSysAdminProfile (the nil-target case aside)
#[test]
fn sysadmin_profile() {
    let p = DebugProfile::Sysadmin;
    let privileged = json!({"privileged": true});
    profile_case(p, ephemeral(Value::Null), Style::Ephemeral, ephemeral(privileged.clone()));
    profile_case(p, copy_source(), Style::Copy, stripped_copy(privileged.clone()));
    let have = json!({"metadata": {"name": "podcopy"}, "spec": {"containers": [{"name": "app", "image": "appimage", "livenessProbe": {}, "readinessProbe": {}, "startupProbe": {}}, {"name": "dbg", "image": "dbgimage", "securityContext": {"capabilities": {"add": ["SYS_PTRACE"]}}}]}});
    let want = json!({"metadata": {"name": "podcopy"}, "spec": {"shareProcessNamespace": true, "containers": [{"name": "app", "image": "appimage"}, {"name": "dbg", "image": "dbgimage", "securityContext": {"privileged": true, "capabilities": {"add": ["SYS_PTRACE"]}}}]}});
    profile_case(p, have, Style::Copy, want);
    profile_case(p, node_pod(Value::Null), Style::Node, with_host(node_pod(privileged), true));
}

/// Complete and Validate of one `kubectl debug` line in namespace `test`.
fn complete_and_validate(args: &str) -> Result<Debug, String> {
    let line = format!("kubectl debug -n test {args}");
    let inv = match crate::parse_line(&line) {
        Ok(crate::Line::Kubectl(inv)) => inv,
        Ok(other) => panic!("{line}: {other:?}"),
        Err(e) => return Err(e.to_string()),
    };
    let crate::cli::Command::Debug(d) = inv.command else { panic!("{line}: not debug") };
    validate(&d, None, &mut Output::default())?;
    Ok(d)
}

// debug_test.go's TestCompleteAndValidate
#[test]
fn complete_and_validate_table() {
    let default_keep = DebugKeep { labels: false, annotations: false, liveness: false, readiness: false, startup: false, init_containers: true };
    let want = |f: fn(&mut Debug)| {
        opts(|d| {
            d.keep = default_keep;
            f(d);
        })
    };
    let errors = [
        ("No targets", "--image=image"),
        ("Invalid environment variables", "--image=busybox --env=FOO mypod"),
        ("Invalid image name", "--image=image:label@deadbeef mypod"),
        ("Invalid pull policy", "--image=image --image-pull-policy=whenever-you-feel-like-it"),
        ("TTY without stdin", "--image=image --tty"),
        ("Ephemeral container: no image specified", "mypod"),
        ("Ephemeral container: no image but args", "mypod -- echo 1 2"),
        ("Ephemeral container: replace not allowed", "--replace --image=busybox mypod"),
        ("Ephemeral container: same-node not allowed", "--same-node --image=busybox mypod"),
        ("Ephemeral container: incompatible with --set-image", "--set-image=*=busybox mypod"),
        ("Pod copy: no image specified", "mypod -it --copy-to=my-debugger"),
        ("Pod copy: args but no image specified", "mypod --copy-to=my-debugger -- echo milo"),
        ("Pod copy: --target not allowed", "mypod --target --image=busybox --copy-to=my-debugger"),
        ("Pod copy: invalid --set-image", "mypod --set-image=*=SUPERGOODIMAGE#1!!!! --copy-to=my-debugger"),
        ("Pod copy: specifying attach without existing or newly created container", "mypod --set-image=*=busybox --copy-to=my-debugger --attach"),
        ("Node: no image specified", "node/mynode -it"),
        ("Node: --replace not allowed", "--image=busybox --replace node/mynode"),
        ("Node: --same-node not allowed", "--image=busybox --same-node node/mynode"),
        ("Node: --set-image not allowed", "--image=busybox --set-image=*=busybox node/mynode"),
        ("Node: --target not allowed", "node/mynode --target --image=busybox"),
    ];
    for (name, args) in errors {
        assert!(complete_and_validate(args).is_err(), "{name}: {args}");
    }
    let oks: Vec<(&str, &str, Debug)> = vec![
        ("Set image pull policy", "--image=busybox --image-pull-policy=Always mypod", want(|d| {
            d.image = s("busybox");
            d.pull_policy = s("Always");
            d.targets = words(&["mypod"]);
        })),
        ("Multiple targets", "--image=busybox mypod1 mypod2", want(|d| {
            d.image = s("busybox");
            d.targets = words(&["mypod1", "mypod2"]);
        })),
        ("Arguments with dash", "--image=busybox mypod1 mypod2 -- echo 1 2", want(|d| {
            d.args = words(&["echo", "1", "2"]);
            d.image = s("busybox");
            d.targets = words(&["mypod1", "mypod2"]);
        })),
        ("Interactive no attach", "-ti --image=busybox --attach=false mypod", want(|d| {
            d.attach_changed = true;
            d.image = s("busybox");
            d.interactive = true;
            d.targets = words(&["mypod"]);
            d.tty = true;
        })),
        ("Set environment variables", "--image=busybox --env=FOO=BAR mypod", want(|d| {
            d.env = vec![("FOO".into(), "BAR".into())];
            d.image = s("busybox");
            d.targets = words(&["mypod"]);
        })),
        ("Ephemeral container: interactive session minimal args", "mypod -it --image=busybox", want(|d| {
            d.attach = true;
            d.image = s("busybox");
            d.interactive = true;
            d.targets = words(&["mypod"]);
            d.tty = true;
        })),
        ("Ephemeral container: non-interactive debugger with image and name", "--image=myproj/debug-tools --image-pull-policy=Always -c debugger mypod", want(|d| {
            d.container = s("debugger");
            d.image = s("myproj/debug-tools");
            d.pull_policy = s("Always");
            d.targets = words(&["mypod"]);
        })),
        ("Pod copy: interactive debug container minimal args", "mypod -it --image=busybox --copy-to=my-debugger", want(|d| {
            d.attach = true;
            d.copy_to = s("my-debugger");
            d.image = s("busybox");
            d.interactive = true;
            d.targets = words(&["mypod"]);
            d.tty = true;
        })),
        ("Pod copy: non-interactive with debug container, image name and command", "mypod --image=busybox --container=my-container --copy-to=my-debugger -- sleep 1d", want(|d| {
            d.args = words(&["sleep", "1d"]);
            d.container = s("my-container");
            d.copy_to = s("my-debugger");
            d.image = s("busybox");
            d.targets = words(&["mypod"]);
        })),
        ("Pod copy: explicit attach", "mypod --image=busybox --copy-to=my-debugger --attach -- sleep 1d", want(|d| {
            d.args = words(&["sleep", "1d"]);
            d.attach = true;
            d.attach_changed = true;
            d.copy_to = s("my-debugger");
            d.image = s("busybox");
            d.targets = words(&["mypod"]);
        })),
        ("Pod copy: replace single image of existing container", "mypod --image=busybox --container=my-container --copy-to=my-debugger", want(|d| {
            d.container = s("my-container");
            d.copy_to = s("my-debugger");
            d.image = s("busybox");
            d.targets = words(&["mypod"]);
        })),
        ("Pod copy: mutate existing container images", "mypod --set-image=*=busybox,app=app-debugger --copy-to=my-debugger", want(|d| {
            d.copy_to = s("my-debugger");
            d.set_images = vec![("*".into(), "busybox".into()), ("app".into(), "app-debugger".into())];
            d.targets = words(&["mypod"]);
        })),
        ("Pod copy: add container and also mutate images", "mypod -it --copy-to=my-debugger --image=debian --set-image=app=app:debug,sidecar=sidecar:debug", want(|d| {
            d.attach = true;
            d.copy_to = s("my-debugger");
            d.image = s("debian");
            d.interactive = true;
            d.set_images = vec![("app".into(), "app:debug".into()), ("sidecar".into(), "sidecar:debug".into())];
            d.targets = words(&["mypod"]);
            d.tty = true;
        })),
        ("Pod copy: change command", "mypod -it --copy-to=my-debugger --container=mycontainer -- sh", want(|d| {
            d.attach = true;
            d.args = words(&["sh"]);
            d.container = s("mycontainer");
            d.copy_to = s("my-debugger");
            d.interactive = true;
            d.targets = words(&["mypod"]);
            d.tty = true;
        })),
        ("Pod copy: change keep options from defaults", "mypod -it --image=busybox --copy-to=my-debugger --keep-labels=true --keep-annotations=true --keep-liveness=true --keep-readiness=true --keep-startup=true --keep-init-containers=false", want(|d| {
            d.attach = true;
            d.copy_to = s("my-debugger");
            d.image = s("busybox");
            d.interactive = true;
            d.keep = DebugKeep { labels: true, annotations: true, liveness: true, readiness: true, startup: true, init_containers: false };
            d.targets = words(&["mypod"]);
            d.tty = true;
        })),
        ("Node: interactive session minimal args", "node/mynode -it --image=busybox", want(|d| {
            d.attach = true;
            d.image = s("busybox");
            d.interactive = true;
            d.targets = words(&["node/mynode"]);
            d.tty = true;
        })),
    ];
    for (name, args, want) in oks {
        let got = complete_and_validate(args).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got, want, "{name}");
    }
}

// The wording of Validate's and Complete's errors, as kubectl v1.32 prints
// them without a cluster.
#[test]
fn validate_errors_as_kubectl_prints_them() {
    for (args, want) in [
        ("mypod", "you must specify --image when not using --copy-to."),
        ("mypod --copy-to=x", "you must specify --image, --set-image or command arguments."),
        ("mypod --replace --image=b", "--replace may only be used with --copy-to."),
        ("mypod --image=b --target=app --copy-to=x", "--target is incompatible with --copy-to. Use --share-processes instead."),
        ("mypod --image=b -t", "-i/--stdin is required for containers with -t/--tty=true"),
        ("mypod --image=Bad:x", "invalid image name \"Bad:x\": invalid reference format"),
        ("--image=b", "NAME or filename is required for debug"),
        ("mypod --attach", "you must specify --container or create a new container using --image in order to attach."),
        ("mypod --copy-to=x -- sh", "you must specify an existing container or a new image when specifying args."),
        ("mypod --image=b --image-pull-policy=x", "invalid image pull policy: x"),
        ("mypod --copy-to=x --set-image=app=BAD", "invalid image name \"BAD\" for container \"app\": invalid reference format"),
        ("mypod --image=b --same-node", "--same-node may only be used with --copy-to."),
        ("mypod --image=b --set-image=a=b", "--set-image may only be used with --copy-to."),
    ] {
        assert_eq!(complete_and_validate(args).unwrap_err(), want, "{args}");
    }
    assert_eq!(complete_and_validate("mypod --image=b --profile=foo").unwrap_err(), "error: unknown profile: foo");
    assert_eq!(
        complete_and_validate("--image=busybox --env=FOO mypod").unwrap_err(),
        "error: invalid argument \"FOO\" for \"--env\" flag: FOO must be formatted as key=value\nSee 'kubectl debug --help' for usage."
    );
    let mut out = Output::default();
    let d = complete_and_validate("mypod --image=b --target=app").unwrap_or_else(|e| panic!("{e}"));
    validate(&d, None, &mut out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.stdout, "Targeting container \"app\". If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n");
    assert_eq!(out.stderr, format!("{LEGACY_WARNING}\n"));
}

/// The custom spec upstream's custom-profile tables pass in most cases.
fn custom_spec() -> Container {
    serde_json::from_value(json!({"name": "", "imagePullPolicy": "Never", "stdin": true, "securityContext": {"capabilities": {"drop": ["ALL"]}, "runAsNonRoot": false}}))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn restricted_custom() -> Value {
    json!({"allowPrivilegeEscalation": false, "runAsNonRoot": false, "capabilities": {"drop": ["ALL"]}, "seccompProfile": {"type": "RuntimeDefault"}})
}

// debug_test.go's TestGenerateNodeDebugPodCustomProfile
#[test]
fn generate_node_pod_custom_profile() {
    let env_custom: Container = serde_json::from_value(json!({"name": "", "env": [{"name": "TEST_KEY", "value": "TEST_VALUE"}]})).unwrap_or_else(|e| panic!("{e}"));
    let mut mounts_custom = env_custom.clone();
    mounts_custom.volume_mounts = vec![VolumeMount { name: "host-root".into(), read_only: Some(true), mount_path: "/host".into(), ..Default::default() }].into();
    let spec = |container: Value, host: bool, volumes: bool| {
        let mut spec = json!({"containers": [container], "nodeName": "node-XXX", "restartPolicy": "Never", "tolerations": [{"operator": "Exists"}]});
        if host {
            spec["hostIPC"] = json!(true);
            spec["hostNetwork"] = json!(true);
            spec["hostPID"] = json!(true);
        }
        if volumes {
            spec["volumes"] = json!([{"name": "host-root", "hostPath": {"path": "/"}}]);
        }
        json!({"metadata": {"name": "node-debugger-node-XXX-1"}, "spec": spec})
    };
    let cases: Vec<(&str, DebugProfile, Container, Value)> = vec![
        (
            "baseline profile",
            DebugProfile::Baseline,
            custom_spec(),
            spec(
                json!({"name": "debugger", "image": "busybox", "imagePullPolicy": "Never", "terminationMessagePolicy": "File", "stdin": true, "securityContext": {"runAsNonRoot": false, "capabilities": {"drop": ["ALL"]}}}),
                false,
                false,
            ),
        ),
        (
            "restricted profile",
            DebugProfile::Restricted,
            serde_json::from_value(json!({"name": "", "imagePullPolicy": "Never", "stdin": true})).unwrap_or_default(),
            spec(
                json!({"name": "debugger", "image": "busybox", "imagePullPolicy": "Never", "terminationMessagePolicy": "File", "stdin": true, "securityContext": {"runAsNonRoot": true, "capabilities": {"drop": ["ALL"]}, "allowPrivilegeEscalation": false, "seccompProfile": {"type": "RuntimeDefault"}}}),
                false,
                false,
            ),
        ),
        (
            "netadmin profile",
            DebugProfile::Netadmin,
            env_custom,
            spec(
                json!({"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File", "env": [{"name": "TEST_KEY", "value": "TEST_VALUE"}], "securityContext": {"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}}}),
                true,
                false,
            ),
        ),
        (
            "sysadmin profile",
            DebugProfile::Sysadmin,
            mounts_custom,
            spec(
                json!({"name": "debugger", "image": "busybox", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File", "env": [{"name": "TEST_KEY", "value": "TEST_VALUE"}], "volumeMounts": [{"name": "host-root", "readOnly": true, "mountPath": "/host"}], "securityContext": {"privileged": true}}),
                true,
                true,
            ),
        ),
    ];
    for (name, profile, custom, want) in cases {
        let d = busybox(|d| d.profile = profile);
        let mut got = generate_node_pod(&d, "node-XXX", &mut counter(), &mut Output::default());
        customize(&mut got, "debugger", Some(&custom)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(as_json(&got), as_json(&pod(want)), "{name}");
    }
}

// debug_test.go's TestGenerateCopyDebugPodCustomProfile
#[test]
fn generate_copy_pod_custom_profile() {
    for (name, profile, sc) in [
        ("baseline profile", DebugProfile::Baseline, json!({"runAsNonRoot": false, "capabilities": {"drop": ["ALL"]}})),
        ("restricted profile", DebugProfile::Restricted, restricted_custom()),
        ("sysadmin profile", DebugProfile::Restricted, restricted_custom()),
    ] {
        let d = busybox(|d| {
            d.same_node = true;
            d.profile = profile;
        });
        let have = pod(json!({"spec": {"serviceAccountName": "test", "nodeName": "test-node"}}));
        let (mut got, container) = generate_pod_copy(&d, &have, &mut counter(), &mut Output::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        customize(&mut got, &container, Some(&custom_spec())).unwrap_or_else(|e| panic!("{name}: {e}"));
        let want = json!({"spec": {"serviceAccountName": "test", "nodeName": "test-node", "shareProcessNamespace": true,
            "containers": [{"name": container, "image": "busybox", "imagePullPolicy": "Never", "terminationMessagePolicy": "File", "stdin": true, "securityContext": sc}]}});
        assert_eq!(as_json(&got), as_json(&pod(want)), "{name}");
    }
}

// debug_test.go's TestGenerateEphemeralDebugPodCustomProfile
#[test]
fn generate_ephemeral_pod_custom_profile() {
    for (name, profile, sc) in [
        ("baseline profile", DebugProfile::Baseline, json!({"runAsNonRoot": false, "capabilities": {"drop": ["ALL"]}})),
        ("restricted profile", DebugProfile::Restricted, restricted_custom()),
        ("sysadmin profile", DebugProfile::Restricted, restricted_custom()),
    ] {
        let d = busybox(|d| {
            d.same_node = true;
            d.profile = profile;
        });
        let have = pod(json!({"spec": {"serviceAccountName": "test", "nodeName": "test-node"}}));
        let (mut got, container) = generate_debug_container(&d, &have, &mut counter(), &mut Output::default());
        let ec = got.spec_mut().ephemeral_containers.last_mut().map(|e| &mut e.container).expect("added");
        apply_custom(ec, &custom_spec()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let want = json!({"spec": {"serviceAccountName": "test", "nodeName": "test-node",
            "ephemeralContainers": [{"name": container, "image": "busybox", "imagePullPolicy": "Never", "terminationMessagePolicy": "File", "stdin": true, "securityContext": sc}]}});
        assert_eq!(as_json(&got), as_json(&pod(want)), "{name}");
    }
}

// debug.go's checks of the custom spec and its file.
#[test]
fn custom_profile_file() {
    let mut e = kubeplay_engine::Engine::with_default_cluster(1);
    let run = |e: &mut Engine, line: &str, files: &[(&str, &str)]| {
        let read = |p: &str| files.iter().find(|(n, _)| *n == p).map(|(_, t)| t.to_string());
        let Ok(crate::Line::Kubectl(inv)) = crate::parse_line(line) else { panic!("{line}") };
        super::super::execute(&inv, e, Io { stdin: None, read_file: Some(&read), kubeconfig: None }).unwrap_or_default()
    };
    let out = run(&mut e, "kubectl debug node/kubeplay-worker --image=busybox --profile=general --custom=none.json", &[]);
    assert_eq!(out.stderr, "error: must pass a container spec json file for custom profile: open none.json: no such file or directory\n");
    let out = run(&mut e, "kubectl debug node/kubeplay-worker --image=busybox --profile=general --custom=c.yaml", &[("c.yaml", "image: alpine\n")]);
    assert_eq!(out.stderr, "error: name, command, image, lifecycle and volume devices are not modifiable via custom profile\n");
    let out = run(&mut e, "kubectl debug node/kubeplay-worker --image=busybox --profile=general --custom=c.json", &[("c.json", r#"{"env": [{"name": "A", "value": "1"}]}"#)]);
    assert!(!out.failed, "{}", out.stderr);
    let pods = e.store().list(Kind::Pod, Some("default")).filter_map(|o| o.as_pod().cloned()).collect::<Vec<_>>();
    assert_eq!(pods.len(), 1);
    assert_eq!(pods[0].spec.containers[0].env.iter().map(|v| v.name.as_str()).collect::<Vec<_>>(), ["A"]);
}
