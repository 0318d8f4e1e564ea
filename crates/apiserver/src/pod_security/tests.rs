//! Tables ported from k8s.io/pod-security-admission's `policy/check_*_test.go`
//! and `api/helpers_test.go`, then the plugin's admission of pods,
//! workloads and namespace label changes.

use super::checks::by_id;
use super::*;
use kubeplay_model::api::PodSpec;
use serde_json::json;

fn spec(v: serde_json::Value) -> PodSpec {
    serde_json::from_value(v).expect("a pod spec")
}

fn meta_with(annotations: &[(&str, &str)]) -> ObjectMeta {
    let mut m = ObjectMeta::default();
    let a: BTreeMap<String, String> = annotations.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    m.annotations = a.into();
    m
}

/// (test name, check id, annotations, pod spec, reason, detail); an
/// empty reason means allowed.
type Case = (&'static str, &'static str, &'static [(&'static str, &'static str)], serde_json::Value, &'static str, &'static str);

fn run(cases: Vec<Case>) {
    run_at(Version::Latest, cases)
}

fn run_at(version: Version, cases: Vec<Case>) {
    for (name, id, annotations, s, reason, detail) in cases {
        let got = by_id(id)(&meta_with(annotations), &spec(s), version);
        match got {
            None => assert_eq!(reason, "", "{name}: allowed, expected {reason} ({detail})"),
            Some(v) => {
                assert_eq!(v.reason, reason, "{name}");
                assert_eq!(v.detail, detail, "{name}");
            }
        }
    }
}

fn c(name: &str, sc: serde_json::Value) -> serde_json::Value {
    if sc.is_null() {
        json!({"name": name})
    } else {
        json!({"name": name, "securityContext": sc})
    }
}

#[test]
fn run_as_non_root() {
    run(vec![
        ("no explicit runAsNonRoot", "runAsNonRoot", &[], json!({"containers": [c("a", json!(null))]}), "runAsNonRoot != true", r#"pod or container "a" must set securityContext.runAsNonRoot=true"#),
        (
            "pod runAsNonRoot=false",
            "runAsNonRoot",
            &[],
            json!({"securityContext": {"runAsNonRoot": false}, "containers": [c("a", json!(null))]}),
            "runAsNonRoot != true",
            "pod must not set securityContext.runAsNonRoot=false",
        ),
        (
            "containers runAsNonRoot=false",
            "runAsNonRoot",
            &[],
            json!({"securityContext": {"runAsNonRoot": true}, "containers": [
                c("a", json!(null)), c("b", json!({})), c("c", json!({"runAsNonRoot": false})), c("d", json!({"runAsNonRoot": false})),
                c("e", json!({"runAsNonRoot": true})), c("f", json!({"runAsNonRoot": true}))]}),
            "runAsNonRoot != true",
            r#"containers "c", "d" must not set securityContext.runAsNonRoot=false"#,
        ),
        (
            "pod nil, container fallthrough",
            "runAsNonRoot",
            &[],
            json!({"containers": [c("a", json!(null)), c("b", json!({})), c("d", json!({"runAsNonRoot": true})), c("e", json!({"runAsNonRoot": true}))]}),
            "runAsNonRoot != true",
            r#"pod or containers "a", "b" must set securityContext.runAsNonRoot=true"#,
        ),
    ]);
}

#[test]
fn capabilities() {
    run(vec![
        (
            "restricted, multiple containers",
            "capabilities_restricted",
            &[],
            json!({"containers": [
                c("a", json!({"capabilities": {"add": ["FOO", "BAR"]}})),
                c("b", json!({"capabilities": {"add": ["BAR", "BAZ"]}})),
                c("c", json!({"capabilities": {"add": ["NET_BIND_SERVICE", "CHOWN"], "drop": ["ALL", "FOO"]}}))]}),
            "unrestricted capabilities",
            r#"containers "a", "b" must set securityContext.capabilities.drop=["ALL"]; containers "a", "b", "c" must not include "BAR", "BAZ", "CHOWN", "FOO" in securityContext.capabilities.add"#,
        ),
        (
            "baseline, multiple containers",
            "capabilities_baseline",
            &[],
            json!({"containers": [
                c("a", json!({"capabilities": {"add": ["FOO", "BAR"]}})),
                c("b", json!({"capabilities": {"add": ["BAR", "BAZ"]}})),
                c("c", json!({"capabilities": {"add": ["CHOWN"]}}))]}),
            "non-default capabilities",
            r#"containers "a", "b" must not include "BAR", "BAZ", "FOO" in securityContext.capabilities.add"#,
        ),
        ("baseline, default set", "capabilities_baseline", &[], json!({"containers": [c("a", json!({"capabilities": {"add": ["NET_BIND_SERVICE", "KILL"]}}))]}), "", ""),
    ]);
}

#[test]
fn seccomp_profile() {
    run(vec![
        (
            "no explicit seccomp",
            "seccompProfile_restricted",
            &[],
            json!({"containers": [c("a", json!(null))]}),
            "seccompProfile",
            r#"pod or container "a" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost""#,
        ),
        (
            "pod seccomp invalid",
            "seccompProfile_restricted",
            &[],
            json!({"securityContext": {"seccompProfile": {"type": "Unconfined"}}, "containers": [c("a", json!(null))]}),
            "seccompProfile",
            r#"pod must not set securityContext.seccompProfile.type to "Unconfined""#,
        ),
        (
            "containers seccomp invalid",
            "seccompProfile_restricted",
            &[],
            json!({"securityContext": {"seccompProfile": {"type": "RuntimeDefault"}}, "containers": [
                c("a", json!(null)), c("b", json!({})),
                c("c", json!({"seccompProfile": {"type": "Unconfined"}})), c("d", json!({"seccompProfile": {"type": "Unconfined"}})),
                c("e", json!({"seccompProfile": {"type": "RuntimeDefault"}})), c("f", json!({"seccompProfile": {"type": "RuntimeDefault"}}))]}),
            "seccompProfile",
            r#"containers "c", "d" must not set securityContext.seccompProfile.type to "Unconfined""#,
        ),
        (
            "pod nil, container fallthrough",
            "seccompProfile_restricted",
            &[],
            json!({"containers": [c("a", json!(null)), c("b", json!({})),
                c("d", json!({"seccompProfile": {"type": "RuntimeDefault"}})), c("e", json!({"seccompProfile": {"type": "RuntimeDefault"}}))]}),
            "seccompProfile",
            r#"pod or containers "a", "b" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost""#,
        ),
        (
            "baseline, pod and container unconfined",
            "seccompProfile_baseline",
            &[],
            json!({"securityContext": {"seccompProfile": {"type": "Unconfined"}}, "containers": [
                c("a", json!(null)), c("b", json!({"seccompProfile": {"type": "Unconfined"}}))]}),
            "seccompProfile",
            r#"pod and container "b" must not set securityContext.seccompProfile.type to "Unconfined""#,
        ),
        ("baseline, unset", "seccompProfile_baseline", &[], json!({"containers": [c("a", json!(null))]}), "", ""),
    ]);
}

#[test]
fn host_ports_and_namespaces() {
    run(vec![
        (
            "one container, one host port",
            "hostPorts",
            &[],
            json!({"containers": [{"name": "a", "ports": [{"containerPort": 1}]}, {"name": "b", "ports": [{"containerPort": 1}, {"containerPort": 2, "hostPort": 20}]}]}),
            "hostPort",
            r#"container "b" uses hostPort 20"#,
        ),
        (
            "multiple containers, multiple host port",
            "hostPorts",
            &[],
            json!({"containers": [
                {"name": "a", "ports": [{"containerPort": 1}]},
                {"name": "b", "ports": [{"containerPort": 1}, {"containerPort": 2, "hostPort": 10}, {"containerPort": 3, "hostPort": 20}]},
                {"name": "c", "ports": [{"containerPort": 1}, {"containerPort": 2, "hostPort": 10}, {"containerPort": 3, "hostPort": 30}]}]}),
            "hostPort",
            r#"containers "b", "c" use hostPorts 10, 20, 30"#,
        ),
        ("host namespaces", "hostNamespaces", &[], json!({"hostNetwork": true, "hostPID": true, "hostIPC": true, "containers": [c("a", json!(null))]}), "host namespaces", "hostIPC, hostNetwork, hostPID"),
        ("host network only", "hostNamespaces", &[], json!({"hostNetwork": true, "containers": [c("a", json!(null))]}), "host namespaces", "hostNetwork"),
        (
            "hostPath volumes",
            "hostPathVolumes",
            &[],
            json!({"volumes": [{"name": "a", "emptyDir": {}}, {"name": "b", "hostPath": {"path": "/b"}}, {"name": "c", "hostPath": {"path": "/c"}}], "containers": [c("x", json!(null))]}),
            "hostPath volumes",
            r#"volumes "b", "c""#,
        ),
        (
            "restricted volumes",
            "restrictedVolumes",
            &[],
            json!({"volumes": [{"name": "a", "emptyDir": {}}, {"name": "c", "nfs": {"server": "s", "path": "/"}}, {"name": "b", "hostPath": {"path": "/b"}}], "containers": [c("x", json!(null))]}),
            "restricted volume types",
            r#"volumes "c", "b" use restricted volume types "hostPath", "nfs""#,
        ),
    ]);
}

#[test]
fn se_linux_options() {
    let types = json!([
        c("a", json!({"seLinuxOptions": {"type": "container_t"}})),
        c("b", json!({"seLinuxOptions": {"type": "container_init_t"}})),
        c("c", json!({"seLinuxOptions": {"type": "container_kvm_t"}})),
        c("d", json!({"seLinuxOptions": {"type": "container_engine_t"}}))
    ]);
    let mut with_bad = types.as_array().cloned().unwrap_or_default();
    with_bad.extend([c("e", json!({"seLinuxOptions": {"type": "bar"}})), c("f", json!({"seLinuxOptions": {"user": "bar"}})), c("g", json!({"seLinuxOptions": {"role": "baz"}}))]);
    let bad_pod = json!({"type": "foo", "user": "bar", "role": "baz"});
    run(vec![
        (
            "invalid pod and containers",
            "seLinuxOptions",
            &[],
            json!({"securityContext": {"seLinuxOptions": bad_pod}, "containers": with_bad}),
            "seLinuxOptions",
            r#"pod and containers "e", "f", "g" set forbidden securityContext.seLinuxOptions: types "bar", "foo"; user may not be set; role may not be set"#,
        ),
        (
            "invalid pod",
            "seLinuxOptions",
            &[],
            json!({"securityContext": {"seLinuxOptions": bad_pod}, "containers": types}),
            "seLinuxOptions",
            r#"pod set forbidden securityContext.seLinuxOptions: type "foo"; user may not be set; role may not be set"#,
        ),
        (
            "invalid containers",
            "seLinuxOptions",
            &[],
            json!({"securityContext": {"seLinuxOptions": {}}, "containers": with_bad}),
            "seLinuxOptions",
            r#"containers "e", "f", "g" set forbidden securityContext.seLinuxOptions: type "bar"; user may not be set; role may not be set"#,
        ),
        ("bad type", "seLinuxOptions", &[], json!({"securityContext": {"seLinuxOptions": {"type": "bad"}}}), "seLinuxOptions", r#"pod set forbidden securityContext.seLinuxOptions: type "bad""#),
        ("bad user", "seLinuxOptions", &[], json!({"securityContext": {"seLinuxOptions": {"user": "bad"}}}), "seLinuxOptions", "pod set forbidden securityContext.seLinuxOptions: user may not be set"),
        ("bad role", "seLinuxOptions", &[], json!({"securityContext": {"seLinuxOptions": {"role": "bad"}}}), "seLinuxOptions", "pod set forbidden securityContext.seLinuxOptions: role may not be set"),
    ]);
}

#[test]
fn container_flags() {
    run(vec![
        (
            "privileged",
            "privileged",
            &[],
            json!({"containers": [c("a", json!(null)), c("b", json!({"privileged": false})), c("c", json!({"privileged": true})), c("d", json!({"privileged": true}))]}),
            "privileged",
            r#"containers "c", "d" must not set securityContext.privileged=true"#,
        ),
        (
            "procMount",
            "procMount",
            &[],
            json!({"containers": [c("a", json!(null)), c("b", json!({"procMount": "Default"})), c("c", json!({"procMount": "Unmasked"})), c("d", json!({"procMount": "other"}))]}),
            "procMount",
            r#"containers "c", "d" must not set securityContext.procMount to "Unmasked", "other""#,
        ),
        (
            "allowPrivilegeEscalation",
            "allowPrivilegeEscalation",
            &[],
            json!({"containers": [c("a", json!(null)), c("b", json!({"allowPrivilegeEscalation": true})), c("c", json!({"allowPrivilegeEscalation": false}))]}),
            "allowPrivilegeEscalation != false",
            r#"containers "a", "b" must set securityContext.allowPrivilegeEscalation=false"#,
        ),
        (
            "allowPrivilegeEscalation, windows",
            "allowPrivilegeEscalation",
            &[],
            json!({"os": {"name": "windows"}, "containers": [c("a", json!(null))]}),
            "",
            "",
        ),
        (
            "runAsUser",
            "runAsUser",
            &[],
            json!({"securityContext": {"runAsUser": 0}, "containers": [c("a", json!(null)), c("b", json!({"runAsUser": 0})), c("c", json!({"runAsUser": 1000}))]}),
            "runAsUser=0",
            r#"pod and container "b" must not set runAsUser=0"#,
        ),
        (
            "windowsHostProcess",
            "windowsHostProcess",
            &[],
            json!({"securityContext": {"windowsOptions": {"hostProcess": true}}, "containers": [c("a", json!({"windowsOptions": {"hostProcess": true}})), c("b", json!({"windowsOptions": {"hostProcess": false}}))]}),
            "hostProcess",
            r#"pod and container "a" must not set securityContext.windowsOptions.hostProcess=true"#,
        ),
        (
            "sysctls",
            "sysctls",
            &[],
            json!({"securityContext": {"sysctls": [{"name": "a", "value": "1"}, {"name": "kernel.shm_rmid_forced", "value": "0"}, {"name": "b", "value": "2"}]}}),
            "forbidden sysctls",
            "a, b",
        ),
        ("sysctls 1.29", "sysctls", &[], json!({"securityContext": {"sysctls": [{"name": "net.ipv4.tcp_keepalive_time", "value": "1"}]}}), "", ""),
        (
            "appArmor",
            "appArmorProfile",
            &[("container.apparmor.security.beta.kubernetes.io/a", "unconfined"), ("container.apparmor.security.beta.kubernetes.io/b", "localhost/x")],
            json!({"containers": [c("a", json!(null)), c("b", json!(null))]}),
            "forbidden AppArmor profile",
            r#"annotation must not set AppArmor profile type to "container.apparmor.security.beta.kubernetes.io/a="unconfined"""#,
        ),
    ]);
}

// check_runAsUser_test.go (the user-namespace cases need a feature gate
// v1.32 leaves off).
#[test]
fn run_as_user_table() {
    let uid = |n: i64| json!({"runAsUser": n});
    run(vec![
        ("pod runAsUser=0", "runAsUser", &[], json!({"securityContext": uid(0), "containers": [c("a", json!(null))]}), "runAsUser=0", "pod must not set runAsUser=0"),
        ("pod runAsUser=non-zero", "runAsUser", &[], json!({"securityContext": uid(1000), "containers": [c("a", json!(null))]}), "", ""),
        ("pod runAsUser=nil", "runAsUser", &[], json!({"securityContext": {}, "containers": [c("a", json!(null))]}), "", ""),
        (
            "containers runAsUser=0",
            "runAsUser",
            &[],
            json!({"securityContext": uid(1000), "containers": [c("a", json!(null)), c("b", json!({})), c("c", uid(0)), c("d", uid(0)), c("e", uid(1)), c("f", uid(1))]}),
            "runAsUser=0",
            r#"containers "c", "d" must not set runAsUser=0"#,
        ),
        ("containers runAsUser=non-zero", "runAsUser", &[], json!({"containers": [c("c", uid(1)), c("d", uid(2)), c("e", uid(3)), c("f", uid(4))]}), "", ""),
    ]);
}

// check_sysctls_test.go: TestSysctls (1.0) and TestSysctls_1_27.
#[test]
fn sysctls_table() {
    let sysctls = |names: serde_json::Value| json!({"securityContext": {"sysctls": names}});
    let reserved = || sysctls(json!([{"name": "net.ipv4.ip_local_reserved_ports", "value": "1024-4999"}]));
    for v in [Version::V1(0), Version::V1(27)] {
        run_at(v, vec![("forbidden sysctls", "sysctls", &[], sysctls(json!([{"name": "a"}, {"name": "b"}])), "forbidden sysctls", "a, b")]);
    }
    run_at(Version::V1(26), vec![("new supported sysctls not supported", "sysctls", &[], reserved(), "forbidden sysctls", "net.ipv4.ip_local_reserved_ports")]);
    run_at(Version::V1(27), vec![("new supported sysctls", "sysctls", &[], reserved(), "", "")]);
}

// check_appArmorProfile_test.go (v1.30, with the profile fields):
// TestCheckAppArmor and TestCheckAppArmor_Forbidden.
#[test]
fn app_armor_table() {
    const P: &str = "container.apparmor.security.beta.kubernetes.io/";
    let allowed: Vec<Case> = vec![
        ("default AppArmor + extra annotations", "appArmorProfile", &[("container.apparmor.security.beta.kubernetes.io/test", "runtime/default"), ("env", "prod")], json!({}), "", ""),
        ("local AppArmor + extra annotations", "appArmorProfile", &[("container.apparmor.security.beta.kubernetes.io/test", "localhost/sec-profile01"), ("env", "dev")], json!({}), "", ""),
        ("no AppArmor annotations", "appArmorProfile", &[("env", "dev")], json!({}), "", ""),
        ("no annotations", "appArmorProfile", &[], json!({}), "", ""),
        ("runtime default pod", "appArmorProfile", &[], json!({"securityContext": {"appArmorProfile": {"type": "RuntimeDefault"}}}), "", ""),
        ("localhost container", "appArmorProfile", &[], json!({"containers": [c("a", json!({"appArmorProfile": {"type": "Localhost", "localhostProfile": "p"}}))]}), "", ""),
    ];
    run(allowed);
    let unconfined = || json!({"appArmorProfile": {"type": "Unconfined"}});
    let runtime_default = || json!({"appArmorProfile": {"type": "RuntimeDefault"}});
    run(vec![
        ("unconfined pod", "appArmorProfile", &[], json!({"securityContext": unconfined()}), "forbidden AppArmor profile", r#"pod must not set AppArmor profile type to "Unconfined""#),
        (
            "unconfined container",
            "appArmorProfile",
            &[],
            json!({"securityContext": runtime_default(), "containers": [c("foo", unconfined())]}),
            "forbidden AppArmor profile",
            r#"container "foo" must not set AppArmor profile type to "Unconfined""#,
        ),
        (
            "unconfined init container",
            "appArmorProfile",
            &[],
            json!({"securityContext": runtime_default(), "containers": [c("foo", json!(null))], "initContainers": [c("bar", unconfined())]}),
            "forbidden AppArmor profile",
            r#"container "bar" must not set AppArmor profile type to "Unconfined""#,
        ),
    ]);
    let annotations: Vec<(String, &str)> = [("", "bogus"), ("a", ""), ("b", "runtime/default"), ("c", "localhost/"), ("d", "localhost/foo"), ("e", "unconfined"), ("f", "unknown")]
        .iter()
        .map(|(k, v)| (format!("{P}{k}"), *v))
        .collect();
    let pairs: Vec<(&str, &str)> = annotations.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    let got = by_id("appArmorProfile")(&meta_with(&pairs), &spec(json!({})), Version::Latest).expect("refused");
    assert_eq!(got.reason, "forbidden AppArmor profiles");
    assert_eq!(
        got.detail,
        r#"annotations must not set AppArmor profile type to "container.apparmor.security.beta.kubernetes.io/="bogus"", "container.apparmor.security.beta.kubernetes.io/e="unconfined"", "container.apparmor.security.beta.kubernetes.io/f="unknown"""#
    );
}

// check_windowsHostProcess_test.go.
#[test]
fn windows_host_process_table() {
    let hp = |v: serde_json::Value| json!({"windowsOptions": v});
    run(vec![(
        "host process",
        "windowsHostProcess",
        &[],
        json!({"securityContext": hp(json!({"hostProcess": true})), "containers": [
            c("a", json!(null)), c("b", json!({})), c("c", hp(json!({}))), c("d", hp(json!({"hostProcess": false}))),
            c("e", hp(json!({"hostProcess": true}))), c("f", hp(json!({"hostProcess": true})))]}),
        "hostProcess",
        r#"pod and containers "e", "f" must not set securityContext.windowsOptions.hostProcess=true"#,
    )]);
}

#[test]
fn versions_and_levels() {
    for (s, want) in [("latest", Some(Version::Latest)), ("v1.0", Some(Version::V1(0))), ("v1.32", Some(Version::V1(32))), ("v1.01", None), ("v2.0", None), ("v1.", None), ("1.2", None), ("", None)] {
        assert_eq!(Version::parse(s).ok(), want, "{s}");
    }
    assert_eq!(Level::parse("baseline"), Ok(Level::Baseline));
    assert_eq!(Level::parse("Baseline").map_err(|e| e.0), Err(Level::Restricted));
    assert_eq!(LevelVersion { level: Level::Restricted, version: Version::Latest }.to_string(), "restricted:latest");
    assert_eq!(LevelVersion { level: Level::Baseline, version: Version::V1(32) }.to_string(), "baseline:v1.32");
}

#[test]
fn policy_labels() {
    let labels = |l: &[(&str, &str)]| l.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<BTreeMap<_, _>>();
    let (p, errs) = policy_from_labels(&labels(&[(ENFORCE_LEVEL, "baseline"), (WARN_LEVEL, "restricted"), (WARN_VERSION, "v1.30")]));
    assert!(errs.is_empty());
    assert_eq!(p.enforce.to_string(), "baseline:latest");
    assert_eq!(p.warn.to_string(), "restricted:v1.30");
    assert_eq!(p.audit.to_string(), "privileged:latest");
    // Enforce fails closed; warn and audit fail open.
    let (p, errs) = policy_from_labels(&labels(&[(ENFORCE_LEVEL, "foo"), (WARN_LEVEL, "bar"), (AUDIT_VERSION, "v2")]));
    assert_eq!(p.enforce.level, Level::Restricted);
    assert_eq!(p.warn.level, Level::Privileged);
    assert_eq!(
        errs,
        [
            r#"metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "foo": must be one of privileged, baseline, restricted"#,
            r#"metadata.labels[pod-security.kubernetes.io/audit-version]: Invalid value: "v2": must be "latest" or "v1.x""#,
            r#"metadata.labels[pod-security.kubernetes.io/warn]: Invalid value: "bar": must be one of privileged, baseline, restricted"#,
        ]
    );
}

fn lv(level: Level) -> LevelVersion {
    LevelVersion { level, version: Version::Latest }
}

#[test]
fn restricted_nginx_pod_lists_reasons_in_order() {
    let s = spec(json!({"containers": [{"name": "nginx", "image": "nginx"}]}));
    let m = ObjectMeta::default();
    assert!(evaluate(lv(Level::Baseline), &m, &s).is_empty());
    assert_eq!(
        forbidden_detail(&evaluate(lv(Level::Restricted), &m, &s)),
        r#"allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")"#
    );
    let ok = spec(json!({"securityContext": {"runAsNonRoot": true, "seccompProfile": {"type": "RuntimeDefault"}},
        "containers": [{"name": "nginx", "securityContext": {"allowPrivilegeEscalation": false, "capabilities": {"drop": ["ALL"]}}}]}));
    assert!(evaluate(lv(Level::Restricted), &m, &ok).is_empty());
}

#[test]
fn baseline_reasons_sort_by_check_id() {
    // kube-proxy's shape: host network, hostPath volumes, privileged.
    let s = spec(json!({"hostNetwork": true, "volumes": [{"name": "xtables-lock", "hostPath": {"path": "/run/xtables.lock"}}],
        "containers": [{"name": "kube-proxy", "securityContext": {"privileged": true}}]}));
    let v = evaluate(lv(Level::Baseline), &ObjectMeta::default(), &s);
    assert_eq!(forbidden_reason(&v), "host namespaces, hostPath volumes, privileged");
    // Restricted replaces hostPath volumes with restricted volume types,
    // after the baseline reasons.
    let v = evaluate(lv(Level::Restricted), &ObjectMeta::default(), &s);
    assert_eq!(
        forbidden_reason(&v),
        "host namespaces, privileged, allowPrivilegeEscalation != false, unrestricted capabilities, restricted volume types, runAsNonRoot != true, seccompProfile"
    );
}

#[test]
fn older_versions_skip_newer_checks() {
    let s = spec(json!({"containers": [{"name": "a", "securityContext": {"runAsUser": 0, "allowPrivilegeEscalation": false, "runAsNonRoot": true, "seccompProfile": {"type": "RuntimeDefault"}}}]}));
    let at = |minor| evaluate(LevelVersion { level: Level::Restricted, version: Version::V1(minor) }, &ObjectMeta::default(), &s);
    assert_eq!(forbidden_reason(&at(21)), "");
    assert_eq!(forbidden_reason(&at(22)), "unrestricted capabilities");
    assert_eq!(forbidden_reason(&at(23)), "unrestricted capabilities, runAsUser=0");
}

mod admission {
    use crate::store::{Store, WriteCtx};
    use crate::ApiError;
    use kubeplay_model::Object;

    fn obj(v: serde_json::Value) -> Object {
        use kubeplay_model::api::{Deployment, Namespace, Pod};
        match v["kind"].as_str() {
            Some("Namespace") => Object::Namespace(Box::new(serde_json::from_value::<Namespace>(v).expect("a namespace"))),
            Some("Pod") => Object::Pod(Box::new(serde_json::from_value::<Pod>(v).expect("a pod"))),
            _ => Object::Deployment(Box::new(serde_json::from_value::<Deployment>(v).expect("a deployment"))),
        }
    }

    fn create(store: &mut Store, v: serde_json::Value) -> Result<(), ApiError> {
        let mut n = 0u64;
        let mut rng = || {
            n += 1;
            n
        };
        let mut ctx = WriteCtx { now: Default::default(), rng: &mut rng };
        store.create(obj(v), &mut ctx).map(|_| ())
    }

    fn ns(name: &str, labels: serde_json::Value) -> serde_json::Value {
        serde_json::json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name, "labels": labels}})
    }

    fn pod(ns: &str, name: &str, spec: serde_json::Value) -> serde_json::Value {
        serde_json::json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": ns}, "spec": spec})
    }

    fn nginx() -> serde_json::Value {
        serde_json::json!({"containers": [{"name": "nginx", "image": "nginx"}]})
    }

    #[test]
    fn enforce_refuses_and_warn_warns() {
        let mut s = Store::new();
        create(&mut s, ns("r", serde_json::json!({"pod-security.kubernetes.io/enforce": "restricted"}))).unwrap();
        let err = create(&mut s, pod("r", "x", nginx())).unwrap_err();
        assert!(err.to_string().starts_with(r#"pods "x" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "nginx""#), "{err}");
        assert!(s.take_warnings().is_empty());

        create(&mut s, ns("w", serde_json::json!({"pod-security.kubernetes.io/warn": "baseline", "pod-security.kubernetes.io/warn-version": "latest"}))).unwrap();
        create(&mut s, pod("w", "ok", nginx())).unwrap();
        assert!(s.take_warnings().is_empty());
        create(&mut s, pod("w", "hn", serde_json::json!({"hostNetwork": true, "containers": [{"name": "a", "image": "nginx"}]}))).unwrap();
        assert_eq!(s.take_warnings(), [r#"would violate PodSecurity "baseline:latest": host namespaces (hostNetwork)"#]);
    }

    #[test]
    fn workloads_are_only_warned_about() {
        let mut s = Store::new();
        create(&mut s, ns("r", serde_json::json!({"pod-security.kubernetes.io/enforce": "restricted", "pod-security.kubernetes.io/warn": "restricted"}))).unwrap();
        let d = serde_json::json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d", "namespace": "r"},
            "spec": {"selector": {"matchLabels": {"app": "d"}}, "template": {"metadata": {"labels": {"app": "d"}}, "spec": nginx()}}});
        create(&mut s, d).unwrap();
        let w = s.take_warnings();
        assert_eq!(w.len(), 1);
        assert!(w[0].starts_with(r#"would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false"#), "{w:?}");
    }

    #[test]
    fn invalid_labels_are_refused() {
        let mut s = Store::new();
        let err = create(&mut s, ns("bad", serde_json::json!({"pod-security.kubernetes.io/enforce": "strict"}))).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"The Namespace "bad" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted"#
        );
    }

    #[test]
    fn a_stricter_enforce_level_lists_the_pods_it_would_refuse() {
        let mut s = Store::new();
        create(&mut s, ns("x", serde_json::json!({}))).unwrap();
        for name in ["b", "a", "c"] {
            create(&mut s, pod("x", name, serde_json::json!({"hostPID": true, "containers": [{"name": "a", "image": "nginx"}]}))).unwrap();
        }
        create(&mut s, pod("x", "p", serde_json::json!({"containers": [{"name": "a", "image": "nginx", "securityContext": {"privileged": true}}]}))).unwrap();
        create(&mut s, pod("x", "fine", nginx())).unwrap();
        let Some(old) = s.get_by(kubeplay_model::Kind::Namespace, "", "x").cloned() else { panic!("namespace x") };
        let mut new = (*old).clone();
        new.meta_mut().labels.insert("pod-security.kubernetes.io/enforce".into(), "baseline".into());
        let mut rng = || 0;
        s.update(new, &mut WriteCtx { now: Default::default(), rng: &mut rng }).unwrap();
        assert_eq!(
            s.take_warnings(),
            [
                r#"existing pods in namespace "x" violate the new PodSecurity enforce level "baseline:latest""#,
                "a (and 2 other pods): host namespaces",
                "p: privileged",
            ]
        );
    }
}

// admission_test.go's TestValidateNamespace, the cases a cluster without
// an AdmissionConfiguration can meet (no exemptions, privileged defaults).
// A pod using the host's PID namespace is in the namespace, so a check of
// the namespace's pods shows as a warning.
#[test]
fn validate_namespace_table() {
    use crate::store::{Store, WriteCtx};
    use kubeplay_model::api::{Namespace, Pod};
    let mut store = Store::new();
    let mut n = 0u64;
    let mut rng = move || {
        n += 1;
        n
    };
    let ns: Namespace = serde_json::from_value(json!({"metadata": {"name": "test"}})).expect("namespace");
    store.create(Object::Namespace(Box::new(ns)), &mut WriteCtx { now: Default::default(), rng: &mut rng }).expect("namespace created");
    let pod: Pod = serde_json::from_value(json!({"metadata": {"name": "p", "namespace": "test"}, "spec": {"hostPID": true, "containers": [{"name": "a", "image": "i"}]}})).expect("pod");
    store.create(Object::Pod(Box::new(pod)), &mut WriteCtx { now: Default::default(), rng: &mut rng }).expect("pod created");

    let ns_with = |labels: &[(&str, &str)]| {
        let mut m = ObjectMeta { name: "test".into(), ..Default::default() };
        let l: BTreeMap<String, String> = labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        m.labels = l.into();
        m
    };
    const E: &str = ENFORCE_LEVEL;
    const V: &str = ENFORCE_VERSION;
    // (name, new labels, old labels (None: a create), error expected, pods checked)
    type NsCase = (&'static str, &'static [(&'static str, &'static str)], Option<&'static [(&'static str, &'static str)]>, &'static str, bool);
    let cases: Vec<NsCase> = vec![
        ("create privileged", &[(E, "privileged")], None, "", false),
        ("create baseline", &[(E, "baseline")], None, "", false),
        ("create malformed level", &[(E, "unknown")], None, "must be one of privileged, baseline, restricted", false),
        ("create malformed version", &[(E, "privileged"), (V, "unknown")], None, r#"must be "latest" or "v1.x""#, false),
        ("update no-op", &[(E, "restricted"), (V, "v1.0")], Some(&[(E, "restricted"), (V, "v1.0")]), "", false),
        ("update no-op malformed level", &[(E, "unknown")], Some(&[(E, "unknown")]), "", false),
        ("update no-op malformed version", &[(E, "baseline"), (V, "unknown")], Some(&[(E, "baseline"), (V, "unknown")]), "", false),
        ("update relax level identical version", &[(E, "baseline"), (V, "v1.0")], Some(&[(E, "restricted"), (V, "v1.0")]), "", false),
        ("update relax level explicit latest", &[(E, "baseline"), (V, "latest")], Some(&[(E, "restricted"), (V, "latest")]), "", false),
        ("update relax level implicit latest", &[(E, "baseline")], Some(&[(E, "restricted")]), "", false),
        ("update to explicit privileged", &[(E, "privileged")], Some(&[(E, "restricted"), (V, "v1.0")]), "", false),
        ("update to implicit privileged", &[], Some(&[(E, "restricted"), (V, "v1.0")]), "", false),
        ("update malformed level", &[(E, "unknown")], Some(&[(E, "restricted"), (V, "v1.0")]), "must be one of privileged, baseline, restricted", false),
        ("update malformed version", &[(E, "privileged"), (V, "unknown")], Some(&[(E, "restricted"), (V, "v1.0")]), r#"must be "latest" or "v1.x""#, false),
        // Tightening: the namespace's pods are tried.
        ("update tighten level", &[(E, "restricted")], Some(&[(E, "baseline")]), "", true),
        ("update from privileged", &[(E, "baseline")], Some(&[]), "", true),
        ("update version only", &[(E, "baseline"), (V, "v1.0")], Some(&[(E, "baseline")]), "", true),
    ];
    for (name, new, old, error, checked) in cases {
        let old = old.map(|o| {
            let ns = Namespace { metadata: ns_with(o), ..Default::default() };
            Object::Namespace(Box::new(ns))
        });
        match validate_namespace(&store, old.as_ref(), &ns_with(new)) {
            Err(e) => assert!(!error.is_empty() && e.to_string().contains(error), "{name}: {e}"),
            Ok(warnings) => {
                assert!(error.is_empty(), "{name}: allowed, expected {error}");
                assert_eq!(!warnings.is_empty(), checked, "{name}: {warnings:?}");
            }
        }
    }
}

// admission.go's isSignificantPodUpdate: only what can make a running
// pod less secure is checked again.
#[test]
fn significant_pod_updates() {
    use kubeplay_model::api::Pod;
    let pod = |v: serde_json::Value| -> Pod { serde_json::from_value(v).expect("pod") };
    let base = json!({"metadata": {"name": "p"}, "spec": {"containers": [{"name": "a", "image": "nginx"}]}});
    let with = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = base.clone();
        f(&mut v);
        pod(v)
    };
    let old = pod(base.clone());
    let cases: Vec<(&str, Pod, bool)> = vec![
        ("nothing", with(&|_| {}), false),
        ("a label", with(&|v| v["metadata"]["labels"] = json!({"x": "y"})), false),
        ("an image", with(&|v| v["spec"]["containers"][0]["image"] = json!("nginx:1.27")), true),
        ("the pod's seccomp annotation", with(&|v| v["metadata"]["annotations"] = json!({"seccomp.security.alpha.kubernetes.io/pod": "unconfined"})), true),
        ("a container's seccomp annotation", with(&|v| v["metadata"]["annotations"] = json!({"container.seccomp.security.alpha.kubernetes.io/a": "unconfined"})), true),
        ("another container's seccomp annotation", with(&|v| v["metadata"]["annotations"] = json!({"container.seccomp.security.alpha.kubernetes.io/b": "unconfined"})), false),
        ("an ephemeral container", with(&|v| v["spec"]["ephemeralContainers"] = json!([{"name": "debug", "image": "busybox"}])), true),
    ];
    for (name, new, want) in cases {
        assert_eq!(significant_pod_update(&old, &new), want, "{name}");
    }
}
