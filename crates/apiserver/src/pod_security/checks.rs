//! The Pod Security Standards' checks, as k8s.io/pod-security-admission's
//! `policy` package words them. Each returns the violation it finds, if
//! any. A level runs its checks in the order of their ids (baseline ids,
//! then restricted ones), restricted leaving out the baseline checks it
//! replaces with stricter ones, so a message lists its reasons in the
//! same order as a real cluster's.
//!
//! Security contexts are kept as JSON in the model (they are only
//! checked here), so each check reads the fields it needs from them.

use super::{Level, LevelVersion, Version, Violation};
use kubeplay_model::api::{Container, PodSpec};
use kubeplay_model::meta::ObjectMeta;
use serde_json::Value;
use std::collections::BTreeSet;

pub(super) type Check = fn(&ObjectMeta, &PodSpec, Version) -> Option<Violation>;

/// Baseline checks by id, in Go's byte order of the ids.
const BASELINE: &[(&str, Check)] = &[
    ("appArmorProfile", app_armor_profile),
    ("capabilities_baseline", capabilities_baseline),
    ("hostNamespaces", host_namespaces),
    ("hostPathVolumes", host_path_volumes),
    ("hostPorts", host_ports),
    ("privileged", privileged),
    ("procMount", proc_mount),
    ("seLinuxOptions", se_linux_options),
    ("seccompProfile_baseline", seccomp_profile_baseline),
    ("sysctls", sysctls),
    ("windowsHostProcess", windows_host_process),
];

/// Restricted checks, and the baseline check each replaces.
const RESTRICTED: &[(&str, Option<&str>, Check)] = &[
    ("allowPrivilegeEscalation", None, allow_privilege_escalation),
    ("capabilities_restricted", Some("capabilities_baseline"), capabilities_restricted),
    ("restrictedVolumes", Some("hostPathVolumes"), restricted_volumes),
    ("runAsNonRoot", None, run_as_non_root),
    ("runAsUser", None, run_as_user),
    ("seccompProfile_restricted", Some("seccompProfile_baseline"), seccomp_profile_restricted),
];

/// One check by its upstream id, for tests.
#[cfg(test)]
pub(super) fn by_id(id: &str) -> Check {
    BASELINE.iter().map(|(i, c)| (*i, *c)).chain(RESTRICTED.iter().map(|(i, _, c)| (*i, *c))).find(|(i, _)| *i == id).map(|(_, c)| c).expect("a known check id")
}

pub(super) fn evaluate(lv: LevelVersion, meta: &ObjectMeta, spec: &PodSpec) -> Vec<Violation> {
    let v = lv.version;
    match lv.level {
        Level::Privileged => Vec::new(),
        Level::Baseline => BASELINE.iter().filter_map(|(_, c)| c(meta, spec, v)).collect(),
        Level::Restricted => {
            // A restricted check replaces its baseline one only from the
            // version it exists in.
            let replaced: BTreeSet<&str> = RESTRICTED.iter().filter(|(id, _, _)| applies(id, v)).filter_map(|(_, r, _)| *r).collect();
            let baseline = BASELINE.iter().filter(|(id, _)| !replaced.contains(id)).filter_map(|(_, c)| c(meta, spec, v));
            baseline.chain(RESTRICTED.iter().filter_map(|(_, _, c)| c(meta, spec, v))).collect()
        }
    }
}

/// The first version a restricted check exists in.
fn applies(id: &str, v: Version) -> bool {
    match id {
        "capabilities_restricted" => v.at_least(22),
        "runAsUser" => v.at_least(23),
        "seccompProfile_restricted" => v.at_least(19),
        "allowPrivilegeEscalation" => v.at_least(8),
        _ => true,
    }
}

// ---- helpers, as the policy package's

fn pluralize<'a>(singular: &'a str, plural: &'a str, n: usize) -> &'a str {
    if n == 1 {
        singular
    } else {
        plural
    }
}

/// `"a", "b"`: each in double quotes, comma-joined. Not Go's %q: upstream
/// wraps the text as it is, quotes inside included.
fn join_quote<S: AsRef<str>>(items: &[S]) -> String {
    if items.is_empty() {
        return String::new();
    }
    format!("\"{}\"", items.iter().map(|s| s.as_ref()).collect::<Vec<_>>().join("\", \""))
}

fn containers_of(spec: &PodSpec) -> impl Iterator<Item = &Container> {
    spec.init_containers.iter().chain(spec.containers.iter()).chain(spec.ephemeral_containers.iter().map(|e| &e.container))
}

fn sc(c: &Container) -> Option<&Value> {
    c.security_context.as_deref().filter(|v| !v.is_null())
}

fn pod_sc(spec: &PodSpec) -> Option<&Value> {
    spec.security_context.as_deref().filter(|v| !v.is_null())
}

fn field<'a>(v: Option<&'a Value>, path: &[&str]) -> Option<&'a Value> {
    let mut v = v?;
    for p in path {
        v = v.get(p).filter(|x| !x.is_null())?;
    }
    Some(v)
}

fn bool_at(v: Option<&Value>, path: &[&str]) -> Option<bool> {
    field(v, path).and_then(Value::as_bool)
}

fn str_at<'a>(v: Option<&'a Value>, path: &[&str]) -> &'a str {
    field(v, path).and_then(Value::as_str).unwrap_or_default()
}

fn strings_at(v: Option<&Value>, path: &[&str]) -> Vec<String> {
    field(v, path).and_then(Value::as_array).map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default()
}

fn violation(reason: impl Into<String>, detail: impl Into<String>) -> Option<Violation> {
    Some(Violation { reason: reason.into(), detail: detail.into() })
}

/// "pod and containers "a", "b"": the setters of a bad value.
fn setters(pod: bool, containers: &[String]) -> String {
    let mut s = Vec::new();
    if pod {
        s.push("pod".to_string());
    }
    if !containers.is_empty() {
        s.push(format!("{} {}", pluralize("container", "containers", containers.len()), join_quote(containers)));
    }
    s.join(" and ")
}

fn is_windows(spec: &PodSpec) -> bool {
    spec.os.as_deref().and_then(|o| o.get("name")).and_then(Value::as_str) == Some("windows")
}

// ---- baseline

fn app_armor_profile(meta: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    const PREFIX: &str = "container.apparmor.security.beta.kubernetes.io/";
    let allowed_type = |t: &str| t == "RuntimeDefault" || t == "Localhost";
    let mut values = BTreeSet::new();
    let mut pod = false;
    if let Some(p) = field(pod_sc(spec), &["appArmorProfile"]) {
        let t = str_at(Some(p), &["type"]);
        if !allowed_type(t) {
            pod = true;
            values.insert(t.to_string());
        }
    }
    let mut bad = Vec::new();
    for c in containers_of(spec) {
        if let Some(p) = field(sc(c), &["appArmorProfile"]) {
            let t = str_at(Some(p), &["type"]);
            if !allowed_type(t) {
                bad.push(c.name.to_string());
                values.insert(t.to_string());
            }
        }
    }
    let mut setters_list = Vec::new();
    if pod {
        setters_list.push("pod".to_string());
    }
    if !bad.is_empty() {
        setters_list.push(format!("{} {}", pluralize("container", "containers", bad.len()), join_quote(&bad)));
    }
    // The annotations AppArmor used before v1.30 (the map is sorted, as
    // upstream sorts what it found).
    let annotations: Vec<String> = meta
        .annotations
        .iter()
        .filter(|(k, v)| k.starts_with(PREFIX) && !(v.is_empty() || *v == "runtime/default" || v.starts_with("localhost/")))
        .map(|(k, v)| format!("{k}={}", kubeplay_model::goquote::quote(v)))
        .collect();
    let mut listed: Vec<String> = values.into_iter().collect();
    if !annotations.is_empty() {
        setters_list.push(pluralize("annotation", "annotations", annotations.len()).to_string());
        listed.extend(annotations);
    }
    if setters_list.is_empty() {
        return None;
    }
    violation(
        pluralize("forbidden AppArmor profile", "forbidden AppArmor profiles", listed.len()),
        format!("{} must not set AppArmor profile type to {}", setters_list.join(" and "), join_quote(&listed)),
    )
}

const CAPABILITIES_ALLOWED: &[&str] =
    &["AUDIT_WRITE", "CHOWN", "DAC_OVERRIDE", "FOWNER", "FSETID", "KILL", "MKNOD", "NET_BIND_SERVICE", "SETFCAP", "SETGID", "SETPCAP", "SETUID", "SYS_CHROOT"];

fn capabilities_baseline(_: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    let mut bad = Vec::new();
    let mut caps = BTreeSet::new();
    for c in containers_of(spec) {
        let mut valid = true;
        for cap in strings_at(sc(c), &["capabilities", "add"]) {
            if !CAPABILITIES_ALLOWED.contains(&cap.as_str()) {
                valid = false;
                caps.insert(cap);
            }
        }
        if !valid {
            bad.push(c.name.to_string());
        }
    }
    if bad.is_empty() {
        return None;
    }
    let caps: Vec<String> = caps.into_iter().collect();
    violation(
        "non-default capabilities",
        format!("{} {} must not include {} in securityContext.capabilities.add", pluralize("container", "containers", bad.len()), join_quote(&bad), join_quote(&caps)),
    )
}

fn host_namespaces(_: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    let mut ns = Vec::new();
    // Listed sorted: hostIPC, hostNetwork, hostPID.
    if spec.host_ipc == Some(true) {
        ns.push("hostIPC");
    }
    if spec.host_network == Some(true) {
        ns.push("hostNetwork");
    }
    if spec.host_pid == Some(true) {
        ns.push("hostPID");
    }
    if ns.is_empty() {
        return None;
    }
    violation("host namespaces", ns.join(", "))
}

fn host_path_volumes(_: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    let bad: Vec<String> = spec.volumes.iter().filter(|v| v.host_path.is_some()).map(|v| v.name.to_string()).collect();
    if bad.is_empty() {
        return None;
    }
    violation("hostPath volumes", format!("{} {}", pluralize("volume", "volumes", bad.len()), join_quote(&bad)))
}

fn host_ports(_: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    let mut bad = Vec::new();
    // A set of strings: sorted as text, as upstream's.
    let mut ports = BTreeSet::new();
    for c in containers_of(spec) {
        let mut valid = true;
        for p in &c.ports {
            if let Some(h) = p.host_port.filter(|h| *h != 0) {
                valid = false;
                ports.insert(h.to_string());
            }
        }
        if !valid {
            bad.push(c.name.to_string());
        }
    }
    if bad.is_empty() {
        return None;
    }
    let n = bad.len();
    violation(
        "hostPort",
        format!(
            "{} {} {} {} {}",
            pluralize("container", "containers", n),
            join_quote(&bad),
            pluralize("uses", "use", n),
            pluralize("hostPort", "hostPorts", ports.len()),
            ports.into_iter().collect::<Vec<_>>().join(", ")
        ),
    )
}

fn privileged(_: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    let bad: Vec<String> = containers_of(spec).filter(|c| bool_at(sc(c), &["privileged"]) == Some(true)).map(|c| c.name.to_string()).collect();
    if bad.is_empty() {
        return None;
    }
    violation("privileged", format!("{} {} must not set securityContext.privileged=true", pluralize("container", "containers", bad.len()), join_quote(&bad)))
}

fn proc_mount(_: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    let mut bad = Vec::new();
    let mut types = BTreeSet::new();
    for c in containers_of(spec) {
        if let Some(t) = field(sc(c), &["procMount"]).and_then(Value::as_str) {
            if t != "Default" {
                bad.push(c.name.to_string());
                types.insert(t.to_string());
            }
        }
    }
    if bad.is_empty() {
        return None;
    }
    let types: Vec<String> = types.into_iter().collect();
    violation("procMount", format!("{} {} must not set securityContext.procMount to {}", pluralize("container", "containers", bad.len()), join_quote(&bad), join_quote(&types)))
}

fn se_linux_options(_: &ObjectMeta, spec: &PodSpec, v: Version) -> Option<Violation> {
    const ALLOWED: &[&str] = &["", "container_t", "container_init_t", "container_kvm_t"];
    // 1.31 allowed one more type, and fixed a bad user or role going
    // unnamed unless a bad type was beside it.
    let v1_31 = v.at_least(31);
    let mut bad_types = BTreeSet::new();
    let (mut set_user, mut set_role) = (false, false);
    let mut valid = |opts: &Value| {
        let mut ok = true;
        let t = opts.get("type").and_then(Value::as_str).unwrap_or_default();
        if !(ALLOWED.contains(&t) || (v1_31 && t == "container_engine_t")) {
            ok = false;
            bad_types.insert(t.to_string());
        }
        if !opts.get("user").and_then(Value::as_str).unwrap_or_default().is_empty() {
            ok = false;
            set_user = true;
        }
        if !opts.get("role").and_then(Value::as_str).unwrap_or_default().is_empty() {
            ok = false;
            set_role = true;
        }
        ok
    };
    let pod_bad = field(pod_sc(spec), &["seLinuxOptions"]).is_some_and(|o| !valid(o));
    let bad: Vec<String> = containers_of(spec).filter(|c| field(sc(c), &["seLinuxOptions"]).is_some_and(|o| !valid(o))).map(|c| c.name.to_string()).collect();
    if !pod_bad && bad.is_empty() {
        return None;
    }
    let mut data = Vec::new();
    if !bad_types.is_empty() {
        let types: Vec<String> = bad_types.iter().cloned().collect();
        data.push(format!("{} {}", pluralize("type", "types", types.len()), join_quote(&types)));
    }
    if !bad_types.is_empty() || v1_31 {
        if set_user {
            data.push("user may not be set".to_string());
        }
        if set_role {
            data.push("role may not be set".to_string());
        }
    }
    violation("seLinuxOptions", format!("{} set forbidden securityContext.seLinuxOptions: {}", setters(pod_bad, &bad), data.join("; ")))
}

fn valid_seccomp(t: &str) -> bool {
    t == "Localhost" || t == "RuntimeDefault"
}

fn seccomp_profile_baseline(meta: &ObjectMeta, spec: &PodSpec, v: Version) -> Option<Violation> {
    if !v.at_least(19) {
        return seccomp_annotations(meta, spec);
    }
    let mut values = BTreeSet::new();
    let mut pod_bad = false;
    if let Some(p) = field(pod_sc(spec), &["seccompProfile"]) {
        let t = str_at(Some(p), &["type"]);
        if !valid_seccomp(t) {
            pod_bad = true;
            values.insert(t.to_string());
        }
    }
    let mut bad = Vec::new();
    for c in containers_of(spec) {
        if let Some(p) = field(sc(c), &["seccompProfile"]) {
            let t = str_at(Some(p), &["type"]);
            if !valid_seccomp(t) {
                bad.push(c.name.to_string());
                values.insert(t.to_string());
            }
        }
    }
    if !pod_bad && bad.is_empty() {
        return None;
    }
    let values: Vec<String> = values.into_iter().collect();
    violation("seccompProfile", format!("{} must not set securityContext.seccompProfile.type to {}", setters(pod_bad, &bad), join_quote(&values)))
}

/// Before 1.19, seccomp profiles were annotations.
fn seccomp_annotations(meta: &ObjectMeta, spec: &PodSpec) -> Option<Violation> {
    const POD: &str = "seccomp.security.alpha.kubernetes.io/pod";
    const CONTAINER: &str = "container.seccomp.security.alpha.kubernetes.io/";
    let valid = |v: &str| v == "runtime/default" || v == "docker/default" || v.starts_with("localhost/");
    let mut bad = BTreeSet::new();
    if let Some(v) = meta.annotations.get(POD).filter(|v| !valid(v)) {
        bad.insert(format!("{POD}={}", kubeplay_model::goquote::quote(v)));
    }
    for c in containers_of(spec) {
        let key = format!("{CONTAINER}{}", c.name);
        if let Some(v) = meta.annotations.get(&key).filter(|v| !valid(v)) {
            bad.insert(format!("{key}={}", kubeplay_model::goquote::quote(v)));
        }
    }
    if bad.is_empty() {
        return None;
    }
    let n = bad.len();
    violation("seccompProfile", format!("forbidden {} {}", pluralize("annotation", "annotations", n), bad.into_iter().collect::<Vec<_>>().join(", ")))
}

fn sysctls(_: &ObjectMeta, spec: &PodSpec, v: Version) -> Option<Violation> {
    const V1_0: &[&str] = &["kernel.shm_rmid_forced", "net.ipv4.ip_local_port_range", "net.ipv4.tcp_syncookies", "net.ipv4.ping_group_range", "net.ipv4.ip_unprivileged_port_start"];
    const V1_27: &[&str] = &["net.ipv4.ip_local_reserved_ports"];
    const V1_29: &[&str] = &["net.ipv4.tcp_keepalive_time", "net.ipv4.tcp_fin_timeout", "net.ipv4.tcp_keepalive_intvl", "net.ipv4.tcp_keepalive_probes"];
    let allowed = |n: &str| V1_0.contains(&n) || (v.at_least(27) && V1_27.contains(&n)) || (v.at_least(29) && V1_29.contains(&n));
    let list = field(pod_sc(spec), &["sysctls"]).and_then(Value::as_array);
    let bad: Vec<&str> = list.into_iter().flatten().map(|s| s.get("name").and_then(Value::as_str).unwrap_or_default()).filter(|n| !allowed(n)).collect();
    if bad.is_empty() {
        return None;
    }
    violation("forbidden sysctls", bad.join(", "))
}

fn windows_host_process(_: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    let host = |v: Option<&Value>| bool_at(v, &["windowsOptions", "hostProcess"]) == Some(true);
    let bad: Vec<String> = containers_of(spec).filter(|c| host(sc(c))).map(|c| c.name.to_string()).collect();
    let pod = host(pod_sc(spec));
    if !pod && bad.is_empty() {
        return None;
    }
    violation("hostProcess", format!("{} must not set securityContext.windowsOptions.hostProcess=true", setters(pod, &bad)))
}

// ---- restricted

fn allow_privilege_escalation(_: &ObjectMeta, spec: &PodSpec, v: Version) -> Option<Violation> {
    // Windows pods were let off from 1.25, where the field means nothing.
    if !v.at_least(8) || (v.at_least(25) && is_windows(spec)) {
        return None;
    }
    let bad: Vec<String> = containers_of(spec).filter(|c| bool_at(sc(c), &["allowPrivilegeEscalation"]) != Some(false)).map(|c| c.name.to_string()).collect();
    if bad.is_empty() {
        return None;
    }
    violation(
        "allowPrivilegeEscalation != false",
        format!("{} {} must set securityContext.allowPrivilegeEscalation=false", pluralize("container", "containers", bad.len()), join_quote(&bad)),
    )
}

fn capabilities_restricted(_: &ObjectMeta, spec: &PodSpec, v: Version) -> Option<Violation> {
    if !v.at_least(22) {
        return None;
    }
    if v.at_least(25) && is_windows(spec) {
        return None;
    }
    let mut missing_drop = Vec::new();
    let mut adding = Vec::new();
    let mut forbidden = BTreeSet::new();
    for c in containers_of(spec) {
        let Some(caps) = field(sc(c), &["capabilities"]) else {
            missing_drop.push(c.name.to_string());
            continue;
        };
        if !strings_at(Some(caps), &["drop"]).iter().any(|d| d == "ALL") {
            missing_drop.push(c.name.to_string());
        }
        let mut added = false;
        for a in strings_at(Some(caps), &["add"]) {
            if a != "NET_BIND_SERVICE" {
                added = true;
                forbidden.insert(a);
            }
        }
        if added {
            adding.push(c.name.to_string());
        }
    }
    let mut details = Vec::new();
    if !missing_drop.is_empty() {
        details.push(format!(
            "{} {} must set securityContext.capabilities.drop=[\"ALL\"]",
            pluralize("container", "containers", missing_drop.len()),
            join_quote(&missing_drop)
        ));
    }
    if !adding.is_empty() {
        let forbidden: Vec<String> = forbidden.into_iter().collect();
        details.push(format!(
            "{} {} must not include {} in securityContext.capabilities.add",
            pluralize("container", "containers", adding.len()),
            join_quote(&adding),
            join_quote(&forbidden)
        ));
    }
    if details.is_empty() {
        return None;
    }
    violation("unrestricted capabilities", details.join("; "))
}

fn restricted_volumes(_: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    let mut bad = Vec::new();
    let mut types = BTreeSet::new();
    for v in spec.volumes.iter() {
        let allowed = v.config_map.is_some()
            || v.csi.is_some()
            || v.downward_api.is_some()
            || v.empty_dir.is_some()
            || v.ephemeral.is_some()
            || v.persistent_volume_claim.is_some()
            || v.projected.is_some()
            || v.secret.is_some();
        if allowed {
            continue;
        }
        bad.push(v.name.to_string());
        // The model keeps only these two of the restricted sources.
        types.insert(if v.host_path.is_some() {
            "hostPath"
        } else if v.nfs.is_some() {
            "nfs"
        } else {
            "unknown"
        });
    }
    if bad.is_empty() {
        return None;
    }
    let types: Vec<&str> = types.into_iter().collect();
    violation(
        "restricted volume types",
        format!(
            "{} {} {} {} {}",
            pluralize("volume", "volumes", bad.len()),
            join_quote(&bad),
            pluralize("uses", "use", bad.len()),
            pluralize("restricted volume type", "restricted volume types", types.len()),
            join_quote(&types)
        ),
    )
}

fn run_as_non_root(_: &ObjectMeta, spec: &PodSpec, _: Version) -> Option<Violation> {
    let mut pod_bad = false;
    let mut pod_non_root = false;
    match bool_at(pod_sc(spec), &["runAsNonRoot"]) {
        Some(false) => pod_bad = true,
        Some(true) => pod_non_root = true,
        None => {}
    }
    let mut explicit = Vec::new();
    let mut implicit = Vec::new();
    for c in containers_of(spec) {
        match bool_at(sc(c), &["runAsNonRoot"]) {
            Some(false) => explicit.push(c.name.to_string()),
            Some(true) => {}
            None if !pod_non_root => implicit.push(c.name.to_string()),
            None => {}
        }
    }
    if pod_bad || !explicit.is_empty() {
        return violation("runAsNonRoot != true", format!("{} must not set securityContext.runAsNonRoot=false", setters(pod_bad, &explicit)));
    }
    if implicit.is_empty() {
        return None;
    }
    violation(
        "runAsNonRoot != true",
        format!("pod or {} {} must set securityContext.runAsNonRoot=true", pluralize("container", "containers", implicit.len()), join_quote(&implicit)),
    )
}

fn run_as_user(_: &ObjectMeta, spec: &PodSpec, v: Version) -> Option<Violation> {
    if !v.at_least(23) {
        return None;
    }
    let root = |x: Option<&Value>| field(x, &["runAsUser"]).and_then(Value::as_i64) == Some(0);
    let pod = root(pod_sc(spec));
    let bad: Vec<String> = containers_of(spec).filter(|c| root(sc(c))).map(|c| c.name.to_string()).collect();
    if !pod && bad.is_empty() {
        return None;
    }
    violation("runAsUser=0", format!("{} must not set runAsUser=0", setters(pod, &bad)))
}

fn seccomp_profile_restricted(_: &ObjectMeta, spec: &PodSpec, v: Version) -> Option<Violation> {
    if !v.at_least(19) || (v.at_least(25) && is_windows(spec)) {
        return None;
    }
    let mut values = BTreeSet::new();
    let mut pod_bad = false;
    let mut pod_set = false;
    if let Some(p) = field(pod_sc(spec), &["seccompProfile"]) {
        let t = str_at(Some(p), &["type"]);
        if valid_seccomp(t) {
            pod_set = true;
        } else {
            pod_bad = true;
            values.insert(t.to_string());
        }
    }
    let mut explicit = Vec::new();
    let mut implicit = Vec::new();
    for c in containers_of(spec) {
        match field(sc(c), &["seccompProfile"]) {
            Some(p) => {
                let t = str_at(Some(p), &["type"]);
                if !valid_seccomp(t) {
                    explicit.push(c.name.to_string());
                    values.insert(t.to_string());
                }
            }
            None if !pod_set => implicit.push(c.name.to_string()),
            None => {}
        }
    }
    if pod_bad || !explicit.is_empty() {
        let values: Vec<String> = values.into_iter().collect();
        return violation("seccompProfile", format!("{} must not set securityContext.seccompProfile.type to {}", setters(pod_bad, &explicit), join_quote(&values)));
    }
    if implicit.is_empty() {
        return None;
    }
    violation(
        "seccompProfile",
        format!(
            "pod or {} {} must set securityContext.seccompProfile.type to \"RuntimeDefault\" or \"Localhost\"",
            pluralize("container", "containers", implicit.len()),
            join_quote(&implicit)
        ),
    )
}
