//! Containers of a pod spec: names, images, ports, environment, mounts,
//! probes, lifecycle hooks and resource requirements
//! (`validateContainers`, `validateInitContainers`, `validateContainerCommon`).

use super::common::{self, Errs};
use super::field::{BadValue, FieldError, Path};
use crate::api::{Container, ContainerPort, EnvFromSource, EnvVar, KeySelector, Probe, ResourceRequirements, Volume, VolumeMount};
use crate::intstr::IntOrString;
use crate::names;
use crate::quantity::Quantity;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

pub(super) type Volumes<'a> = BTreeMap<&'a str, &'a Volume>;

const PULL_POLICIES: &[&str] = &["Always", "IfNotPresent", "Never"];
const TERMINATION_MESSAGE_POLICIES: &[&str] = &["File", "FallbackToLogsOnError"];
const PROTOCOLS: &[&str] = &["SCTP", "TCP", "UDP"];
const NOT_FOR_INIT: &str = "may not be set for init containers without restartPolicy=Always";

/// `validateContainers`: the regular containers.
pub(super) fn containers(list: &[Container], volumes: &Volumes, grace: Option<i64>, path: &Path) -> Errs {
    if list.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let mut errs = Vec::new();
    let mut names = BTreeSet::new();
    for (i, c) in list.iter().enumerate() {
        let p = path.index(i);
        errs.extend(common_checks(c, volumes, &p));
        if !names.insert(c.name.as_str()) {
            errs.push(FieldError::duplicate(&p.child("name"), BadValue::str(c.name.as_str())));
        }
        errs.extend(lifecycle(c.lifecycle.as_ref().map(|l| (&l.post_start, &l.pre_stop)), grace, &p.child("lifecycle")));
        errs.extend(probes(c, grace, &p));
        if c.restart_policy.is_some() {
            errs.push(FieldError::forbidden(&p.child("restartPolicy"), "may not be set for non-init containers"));
        }
    }
    errs.extend(host_port_conflicts(list.iter().enumerate(), path));
    errs
}

/// `validateInitContainers`: restartable (sidecar) init containers may have
/// probes and hooks; the others may not.
pub(super) fn init_containers(list: &[Container], regular: &[Container], volumes: &Volumes, grace: Option<i64>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let mut names: BTreeSet<&str> = regular.iter().map(|c| c.name.as_str()).collect();
    for (i, c) in list.iter().enumerate() {
        let p = path.index(i);
        errs.extend(common_checks(c, volumes, &p));
        let mut restartable = false;
        if let Some(rp) = &c.restart_policy {
            if rp != "Always" {
                errs.push(FieldError::not_supported(&p.child("restartPolicy"), BadValue::str(rp.as_str()), &["Always"]));
            }
            restartable = rp == "Always";
        }
        if names.contains(c.name.as_str()) {
            errs.push(FieldError::duplicate(&p.child("name"), BadValue::str(c.name.as_str())));
        } else if !c.name.is_empty() {
            names.insert(c.name.as_str());
        }
        // Init containers run one at a time, so only conflicts within one
        // container count; upstream reports them at index 0.
        errs.extend(host_port_conflicts(std::iter::once((0, c)), path));
        if restartable {
            errs.extend(lifecycle(c.lifecycle.as_ref().map(|l| (&l.post_start, &l.pre_stop)), grace, &p.child("lifecycle")));
            errs.extend(probes(c, grace, &p));
        } else {
            for (name, set) in [("lifecycle", c.lifecycle.is_some()), ("livenessProbe", c.liveness_probe.is_some()), ("readinessProbe", c.readiness_probe.is_some()), ("startupProbe", c.startup_probe.is_some())] {
                if set {
                    errs.push(FieldError::forbidden(&p.child(name), NOT_FOR_INIT));
                }
            }
        }
    }
    errs
}

/// `validateContainerCommon`.
pub(super) fn common_checks(c: &Container, volumes: &Volumes, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if c.name.is_empty() {
        errs.push(FieldError::required(&path.child("name"), ""));
    } else {
        errs.extend(common::dns1123_label(&c.name, &path.child("name")));
    }
    if c.image.as_deref().unwrap_or("").is_empty() {
        errs.push(FieldError::required(&path.child("image"), ""));
    }
    match c.termination_message_policy.as_deref().unwrap_or("") {
        "" => errs.push(FieldError::required(&path.child("terminationMessagePolicy"), "")),
        p if !TERMINATION_MESSAGE_POLICIES.contains(&p) => errs.push(FieldError::not_supported(&path.child("terminationMessagePolicy"), BadValue::str(p), TERMINATION_MESSAGE_POLICIES)),
        _ => {}
    }
    errs.extend(ports(&c.ports, &path.child("ports")));
    errs.extend(env(&c.env, &path.child("env")));
    errs.extend(env_from(&c.env_from, &path.child("envFrom")));
    errs.extend(volume_mounts(&c.volume_mounts, volumes, &path.child("volumeMounts")));
    match c.image_pull_policy.as_deref().unwrap_or("") {
        "" => errs.push(FieldError::required(&path.child("imagePullPolicy"), "")),
        p if !PULL_POLICIES.contains(&p) => errs.push(FieldError::not_supported(&path.child("imagePullPolicy"), BadValue::str(p), PULL_POLICIES)),
        _ => {}
    }
    errs.extend(resources(&c.resources, &path.child("resources")));
    errs
}

/// `validateContainerPorts`.
fn ports(list: &[ContainerPort], path: &Path) -> Errs {
    let mut errs = Vec::new();
    let mut names = BTreeSet::new();
    for (i, port) in list.iter().enumerate() {
        let p = path.index(i);
        if let Some(name) = port.name.as_deref().filter(|n| !n.is_empty()) {
            let msgs = names::is_valid_port_name(name);
            if !msgs.is_empty() {
                errs.extend(common::each(&p.child("name"), name, msgs));
            } else if !names.insert(name) {
                errs.push(FieldError::duplicate(&p.child("name"), BadValue::str(name)));
            }
        }
        if port.container_port == 0 {
            errs.push(FieldError::required(&p.child("containerPort"), ""));
        } else {
            for m in names::is_valid_port_num(port.container_port as i64) {
                errs.push(FieldError::invalid(&p.child("containerPort"), BadValue::int(port.container_port), m));
            }
        }
        if let Some(hp) = port.host_port.filter(|h| *h != 0) {
            for m in names::is_valid_port_num(hp as i64) {
                errs.push(FieldError::invalid(&p.child("hostPort"), BadValue::int(hp), m));
            }
        }
        match port.protocol.as_deref().unwrap_or("") {
            "" => errs.push(FieldError::required(&p.child("protocol"), "")),
            proto if !PROTOCOLS.contains(&proto) => errs.push(FieldError::not_supported(&p.child("protocol"), BadValue::str(proto), PROTOCOLS)),
            _ => {}
        }
    }
    errs
}

/// `AccumulateUniqueHostPorts`: the same protocol/hostIP/hostPort twice.
fn host_port_conflicts<'a>(list: impl Iterator<Item = (usize, &'a Container)>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let mut seen = BTreeSet::new();
    for (ci, c) in list {
        for (pi, port) in c.ports.iter().enumerate() {
            let hp = port.host_port.unwrap_or(0);
            if hp == 0 {
                continue;
            }
            let key = format!("{}/{}/{hp}", port.protocol.as_deref().unwrap_or(""), port.host_ip.as_deref().unwrap_or(""));
            if !seen.insert(key.clone()) {
                errs.push(FieldError::duplicate(&path.index(ci).child("ports").index(pi).child("hostPort"), BadValue::str(key)));
            }
        }
    }
    errs
}

const ENV_FIELD_PATHS: &[&str] = &["metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"];
const DOWNWARD_LABELS: &[&str] = &[
    "metadata.annotations",
    "metadata.labels",
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.restartPolicy",
    "spec.serviceAccountName",
    "spec.schedulerName",
    "status.phase",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];
const RESOURCE_FIELD_PATHS: &[&str] = &["limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"];

/// `ValidateEnv`, with the relaxed names v1.32 accepts.
fn env(list: &[EnvVar], path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (i, ev) in list.iter().enumerate() {
        let p = path.index(i);
        if ev.name.is_empty() {
            errs.push(FieldError::required(&p.child("name"), ""));
        } else {
            errs.extend(common::each(&p.child("name"), &ev.name, names::is_relaxed_env_var_name(&ev.name)));
        }
        let Some(from) = &ev.value_from else { continue };
        let vp = p.child("valueFrom");
        let mut sources = 0;
        if let Some(f) = &from.field_ref {
            sources += 1;
            errs.extend(field_ref(f, &vp.child("fieldRef")));
        }
        if let Some(r) = &from.resource_field_ref {
            sources += 1;
            errs.extend(resource_field_ref(r, &vp.child("resourceFieldRef")));
        }
        if let Some(k) = &from.config_map_key_ref {
            sources += 1;
            errs.extend(key_selector(k, &vp.child("configMapKeyRef")));
        }
        if let Some(k) = &from.secret_key_ref {
            sources += 1;
            errs.extend(key_selector(k, &vp.child("secretKeyRef")));
        }
        let has_value = ev.value.as_deref().is_some_and(|v| !v.is_empty());
        if sources == 0 {
            errs.push(FieldError::invalid(&vp, BadValue::str(""), "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`"));
        } else if has_value {
            errs.push(FieldError::invalid(&vp, BadValue::str(""), "may not be specified when `value` is not empty"));
        } else if sources > 1 {
            errs.push(FieldError::invalid(&vp, BadValue::str(""), "may not have more than one field specified at a time"));
        }
    }
    errs
}

/// Splits `metadata.labels['app']` into the path and the subscript
/// (`fieldpath.SplitMaybeSubscriptedPath`: a subscript needs a path before it).
fn split_subscript(fp: &str) -> Option<(&str, &str)> {
    let open = fp.find("['").filter(|o| *o > 0)?;
    let inner = fp.strip_suffix("']")?.get(open + 2..)?;
    Some((&fp[..open], inner))
}

/// `validateObjectFieldSelector` for env vars.
fn field_ref(f: &Value, path: &Path) -> Errs {
    let api = f.get("apiVersion").and_then(Value::as_str).unwrap_or("");
    let fp = f.get("fieldPath").and_then(Value::as_str).unwrap_or("");
    if api.is_empty() {
        return vec![FieldError::required(&path.child("apiVersion"), "")];
    }
    if fp.is_empty() {
        return vec![FieldError::required(&path.child("fieldPath"), "")];
    }
    // `ConvertDownwardAPIFieldLabel`: only labels and annotations take a subscript.
    let convert_err = if api != "v1" {
        Some(format!("unsupported pod version: {api}"))
    } else if let Some((p, _)) = split_subscript(fp) {
        (p != "metadata.labels" && p != "metadata.annotations").then(|| format!("field label does not support subscript: {fp}"))
    } else if !DOWNWARD_LABELS.contains(&fp) {
        Some(format!("field label not supported: {fp}"))
    } else {
        None
    };
    if let Some(e) = convert_err {
        return vec![FieldError::invalid(&path.child("fieldPath"), BadValue::str(fp), format!("error converting fieldPath: {e}"))];
    }
    match split_subscript(fp) {
        Some(("metadata.annotations", key)) => common::qualified_name(&key.to_lowercase(), path),
        Some(("metadata.labels", key)) => common::qualified_name(key, path),
        Some((p, _)) => vec![FieldError::invalid(path, BadValue::str(p), "does not support subscript")],
        None if !ENV_FIELD_PATHS.contains(&fp) => vec![FieldError::not_supported(&path.child("fieldPath"), BadValue::str(fp), ENV_FIELD_PATHS)],
        None => Vec::new(),
    }
}

/// `validateContainerResourceFieldSelector` for env vars.
fn resource_field_ref(r: &Value, path: &Path) -> Errs {
    let resource = r.get("resource").and_then(Value::as_str).unwrap_or("");
    if resource.is_empty() {
        return vec![FieldError::required(&path.child("resource"), "")];
    }
    let hugepages = resource.starts_with("requests.hugepages-") || resource.starts_with("limits.hugepages-");
    let mut errs = Vec::new();
    if !RESOURCE_FIELD_PATHS.contains(&resource) && !hugepages {
        errs.push(FieldError::not_supported(&path.child("resource"), BadValue::str(resource), RESOURCE_FIELD_PATHS));
    }
    let divisor = r.get("divisor").and_then(|d| match d {
        Value::String(s) => Quantity::parse(s.trim()).ok(),
        Value::Number(n) => Quantity::parse(&n.to_string()).ok(),
        _ => None,
    });
    if let Some(d) = divisor.filter(|d| !d.is_zero()) {
        let text = d.to_string();
        let memory_like = ["1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei"];
        let (ok, what) = match resource {
            "limits.cpu" | "requests.cpu" => (["1m", "1"].contains(&text.as_str()), "only divisor's values 1m and 1 are supported with the cpu resource"),
            "limits.memory" | "requests.memory" => (memory_like.contains(&text.as_str()), "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource"),
            "limits.ephemeral-storage" | "requests.ephemeral-storage" => {
                (memory_like.contains(&text.as_str()), "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the local ephemeral storage resource")
            }
            _ if hugepages => (memory_like.contains(&text.as_str()), "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the hugepages resource"),
            _ => (true, ""),
        };
        if !ok {
            errs.push(FieldError::invalid(&path.child("divisor"), BadValue::str(resource), what));
        }
    }
    errs
}

/// `validateConfigMapKeySelector` / `validateSecretKeySelector`.
fn key_selector(k: &KeySelector, path: &Path) -> Errs {
    let name = k.name.as_deref().unwrap_or("");
    let mut errs = common::dns1123_subdomain(name, &path.child("name"));
    if k.key.is_empty() {
        errs.push(FieldError::required(&path.child("key"), ""));
    } else {
        errs.extend(common::each(&path.child("key"), &k.key, names::is_config_map_key(&k.key)));
    }
    errs
}

/// `ValidateEnvFrom`.
fn env_from(list: &[EnvFromSource], path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (i, ev) in list.iter().enumerate() {
        let p = path.index(i);
        if let Some(prefix) = ev.prefix.as_deref().filter(|s| !s.is_empty()) {
            errs.extend(common::each(&p.child("prefix"), prefix, names::is_relaxed_env_var_name(prefix)));
        }
        let mut sources = 0;
        for (name, r) in [("configMapRef", &ev.config_map_ref), ("secretRef", &ev.secret_ref)] {
            let Some(r) = r else { continue };
            sources += 1;
            match r.name.as_deref().unwrap_or("") {
                "" => errs.push(FieldError::required(&p.child(name).child("name"), "")),
                n => errs.extend(common::each(&p.child(name).child("name"), n, names::NameRule::DnsSubdomain.check(n, true))),
            }
        }
        if sources == 0 {
            errs.push(FieldError::invalid(path, BadValue::str(""), "must specify one of: `configMapRef` or `secretRef`"));
        } else if sources > 1 {
            errs.push(FieldError::invalid(path, BadValue::str(""), "may not have more than one field specified at a time"));
        }
    }
    errs
}

/// `validateLocalDescendingPath`: relative, without `..`.
pub(super) fn local_descending_path(target: &str, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if target.starts_with('/') {
        errs.push(FieldError::invalid(path, BadValue::str(target), "must be a relative path"));
    }
    if target.split(['/', '\\']).any(|part| part == "..") {
        errs.push(FieldError::invalid(path, BadValue::str(target), "must not contain '..'"));
    }
    errs
}

/// `ValidateVolumeMounts`: each mount names a declared volume and a unique path.
fn volume_mounts(mounts: &[VolumeMount], volumes: &Volumes, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let mut points = BTreeSet::new();
    for (i, m) in mounts.iter().enumerate() {
        let p = path.index(i);
        let name = m.name.as_str();
        let mount_path = m.mount_path.as_str();
        if name.is_empty() {
            errs.push(FieldError::required(&p.child("name"), ""));
        }
        if !volumes.contains_key(name) {
            errs.push(FieldError::not_found(&p.child("name"), BadValue::str(name)));
        }
        if mount_path.is_empty() {
            errs.push(FieldError::required(&p.child("mountPath"), ""));
        }
        if !points.insert(mount_path) {
            errs.push(FieldError::invalid(&p.child("mountPath"), BadValue::str(mount_path), "must be unique"));
        }
        let sub = m.sub_path.as_deref().unwrap_or("");
        if !sub.is_empty() {
            errs.extend(local_descending_path(sub, &path.child("subPath")));
        }
        let sub_expr = m.sub_path_expr.as_deref().unwrap_or("");
        if !sub_expr.is_empty() {
            if !sub.is_empty() {
                errs.push(FieldError::invalid(&p.child("subPathExpr"), BadValue::str(sub_expr), "subPathExpr and subPath are mutually exclusive"));
            }
            errs.extend(local_descending_path(sub_expr, &path.child("subPathExpr")));
        }
    }
    errs
}

/// `ValidatePortNumOrName`.
fn port_num_or_name(port: Option<&IntOrString>, path: &Path) -> Errs {
    match port.unwrap_or(&IntOrString::Int(0)) {
        IntOrString::Int(n) => names::is_valid_port_num(*n as i64).into_iter().map(|m| FieldError::invalid(path, BadValue::int(*n), m)).collect(),
        IntOrString::Str(s) => common::each(path, s, names::is_valid_port_name(s)),
    }
}

fn json_port(v: Option<&Value>) -> IntOrString {
    match v {
        Some(Value::Number(n)) => IntOrString::Int(n.as_i64().and_then(|i| i32::try_from(i).ok()).unwrap_or(0)),
        Some(Value::String(s)) => IntOrString::Str(s.clone()),
        _ => IntOrString::Int(0),
    }
}

/// One handler of a probe or hook, in upstream's order; `None` entries are absent.
enum Handler<'a> {
    Exec(Vec<String>),
    HttpGet { path: Option<&'a str>, port: IntOrString, scheme: Option<&'a str>, headers: Vec<&'a str> },
    TcpSocket(IntOrString),
    Grpc(IntOrString),
    Sleep(i64),
}

/// `validateHandler`: exactly one handler, each well formed.
fn handlers(list: Vec<(&str, Handler)>, grace: Option<i64>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if list.is_empty() {
        return vec![FieldError::required(path, "must specify a handler type")];
    }
    for (i, (name, h)) in list.into_iter().enumerate() {
        let p = path.child(name);
        if i > 0 {
            errs.push(FieldError::forbidden(&p, "may not specify more than 1 handler type"));
            continue;
        }
        match h {
            Handler::Exec(cmd) => {
                if cmd.is_empty() {
                    errs.push(FieldError::required(&p.child("command"), ""));
                }
            }
            Handler::HttpGet { path: hp, port, scheme, headers } => {
                if hp.unwrap_or("").is_empty() {
                    errs.push(FieldError::required(&p.child("path"), ""));
                }
                errs.extend(port_num_or_name(Some(&port), &p.child("port")));
                let scheme = scheme.unwrap_or("");
                if scheme != "HTTP" && scheme != "HTTPS" {
                    errs.push(FieldError::not_supported(&p.child("scheme"), BadValue::str(scheme), &["HTTP", "HTTPS"]));
                }
                for h in headers {
                    errs.extend(common::each(&p.child("httpHeaders"), h, names::is_http_header_name(h)));
                }
            }
            Handler::TcpSocket(port) | Handler::Grpc(port) => errs.extend(port_num_or_name(Some(&port), &p.child("port"))),
            Handler::Sleep(seconds) => {
                if let Some(g) = grace {
                    if seconds <= 0 || seconds > g {
                        errs.push(FieldError::invalid(
                            &p,
                            BadValue::int(seconds),
                            format!("must be greater than 0 and less than terminationGracePeriodSeconds ({g}). Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep."),
                        ));
                    }
                }
            }
        }
    }
    errs
}

fn json_handlers(v: &Value) -> Vec<(&str, Handler<'_>)> {
    let mut out = Vec::new();
    if let Some(e) = v.get("exec") {
        let cmd = e.get("command").and_then(Value::as_array).map(|a| a.iter().filter_map(|s| s.as_str().map(String::from)).collect()).unwrap_or_default();
        out.push(("exec", Handler::Exec(cmd)));
    }
    if let Some(h) = v.get("httpGet") {
        let headers = h.get("httpHeaders").and_then(Value::as_array).map(|a| a.iter().map(|x| x.get("name").and_then(Value::as_str).unwrap_or("")).collect()).unwrap_or_default();
        out.push(("httpGet", Handler::HttpGet { path: h.get("path").and_then(Value::as_str), port: json_port(h.get("port")), scheme: h.get("scheme").and_then(Value::as_str), headers }));
    }
    if let Some(t) = v.get("tcpSocket") {
        out.push(("tcpSocket", Handler::TcpSocket(json_port(t.get("port")))));
    }
    if let Some(s) = v.get("sleep") {
        out.push(("sleep", Handler::Sleep(s.get("seconds").and_then(Value::as_i64).unwrap_or(0))));
    }
    out
}

/// `validateLifecycle`: postStart and preStop hooks.
fn lifecycle(hooks: Option<(&Option<Value>, &Option<Value>)>, grace: Option<i64>, path: &Path) -> Errs {
    let Some((post_start, pre_stop)) = hooks else { return Vec::new() };
    let mut errs = Vec::new();
    for (name, hook) in [("postStart", post_start), ("preStop", pre_stop)] {
        if let Some(h) = hook {
            errs.extend(handlers(json_handlers(h), grace, &path.child(name)));
        }
    }
    errs
}

fn probe_handlers(p: &Probe) -> Vec<(&str, Handler<'_>)> {
    let mut out = Vec::new();
    if let Some(e) = &p.exec {
        out.push(("exec", Handler::Exec(e.command.clone())));
    }
    if let Some(h) = &p.http_get {
        let headers = h.http_headers.as_ref().and_then(Value::as_array).map(|a| a.iter().map(|x| x.get("name").and_then(Value::as_str).unwrap_or("")).collect()).unwrap_or_default();
        out.push(("httpGet", Handler::HttpGet { path: h.path.as_deref(), port: h.port.clone().unwrap_or(IntOrString::Int(0)), scheme: h.scheme.as_deref(), headers }));
    }
    if let Some(t) = &p.tcp_socket {
        out.push(("tcpSocket", Handler::TcpSocket(t.port.clone().unwrap_or(IntOrString::Int(0)))));
    }
    if let Some(g) = &p.grpc {
        out.push(("grpc", Handler::Grpc(json_port(g.get("port")))));
    }
    out
}

/// `validateProbe` plus the liveness/readiness/startup specifics.
fn probes(c: &Container, grace: Option<i64>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (name, probe) in [("livenessProbe", &c.liveness_probe), ("readinessProbe", &c.readiness_probe), ("startupProbe", &c.startup_probe)] {
        let Some(pr) = probe else { continue };
        let p = path.child(name);
        errs.extend(handlers(probe_handlers(pr), grace, &p));
        for (field, v) in [
            ("initialDelaySeconds", pr.initial_delay_seconds),
            ("timeoutSeconds", pr.timeout_seconds),
            ("periodSeconds", pr.period_seconds),
            ("successThreshold", pr.success_threshold),
            ("failureThreshold", pr.failure_threshold),
        ] {
            errs.extend(common::nonnegative(v.unwrap_or(0) as i64, &p.child(field)));
        }
        if let Some(t) = pr.termination_grace_period_seconds.filter(|t| *t <= 0) {
            errs.push(FieldError::invalid(&p.child("terminationGracePeriodSeconds"), BadValue::int(t), "must be greater than 0"));
        }
        if name == "readinessProbe" {
            if let Some(t) = pr.termination_grace_period_seconds {
                errs.push(FieldError::invalid(&p.child("terminationGracePeriodSeconds"), BadValue::int(t), "must not be set for readinessProbes"));
            }
        } else if pr.success_threshold.unwrap_or(0) != 1 {
            errs.push(FieldError::invalid(&p.child("successThreshold"), BadValue::int(pr.success_threshold.unwrap_or(0)), "must be 1"));
        }
    }
    errs
}

/// `ValidateContainerResourceRequirements`: names, quantities, and requests ≤ limits.
pub(super) fn resources(r: &ResourceRequirements, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let (lim_path, req_path) = (path.child("limits"), path.child("requests"));
    let mut cpu_or_memory = false;
    let mut hugepages = false;
    for (name, q) in &r.limits {
        let p = lim_path.key(name);
        errs.extend(common::container_resource_name(name, &p));
        errs.extend(common::resource_quantity(name, q, &p));
        hugepages |= name.starts_with("hugepages-");
        cpu_or_memory |= name == "cpu" || name == "memory";
    }
    for (name, q) in &r.requests {
        let p = req_path.key(name);
        errs.extend(common::container_resource_name(name, &p));
        errs.extend(common::resource_quantity(name, q, &p));
        match r.limits.get(name) {
            Some(limit) if *q != *limit && !common::is_overcommit_allowed(name) => {
                errs.push(FieldError::invalid(&req_path, BadValue::str(q.to_string()), format!("must be equal to {name} limit of {limit}")));
            }
            Some(limit) if q > limit => {
                errs.push(FieldError::invalid(&req_path, BadValue::str(q.to_string()), format!("must be less than or equal to {name} limit of {limit}")));
            }
            None if !common::is_overcommit_allowed(name) => errs.push(FieldError::required(&lim_path, "Limit must be set for non overcommitable resources")),
            _ => {}
        }
        hugepages |= name.starts_with("hugepages-");
        cpu_or_memory |= name == "cpu" || name == "memory";
    }
    if hugepages && !cpu_or_memory {
        errs.push(FieldError::forbidden(path, "HugePages require cpu or memory"));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{ExecAction, HttpGetAction};

    fn container(name: &str) -> Container {
        Container {
            name: name.into(),
            image: Some("nginx".into()),
            termination_message_policy: Some("File".into()),
            image_pull_policy: Some("IfNotPresent".into()),
            ..Default::default()
        }
    }

    fn msgs(errs: Errs) -> Vec<String> {
        errs.into_iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn container_basics() {
        let p = Path::new("spec.containers");
        let v = Volumes::new();
        assert!(containers(&[container("web")], &v, Some(30), &p).is_empty());
        assert_eq!(msgs(containers(&[], &v, Some(30), &p)), vec!["spec.containers: Required value"]);
        let mut no_image = container("web");
        no_image.image = None;
        assert_eq!(msgs(containers(&[no_image], &v, Some(30), &p)), vec!["spec.containers[0].image: Required value"]);
        assert_eq!(msgs(containers(&[container("web"), container("web")], &v, Some(30), &p)), vec!["spec.containers[1].name: Duplicate value: \"web\""]);
        let bad = msgs(containers(&[container("Web_1")], &v, Some(30), &p));
        assert!(bad[0].starts_with("spec.containers[0].name: Invalid value: \"Web_1\": a lowercase RFC 1123 label must consist of"));
        let mut pp = container("web");
        pp.image_pull_policy = Some("Sometimes".into());
        assert_eq!(msgs(containers(&[pp], &v, Some(30), &p)), vec!["spec.containers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\""]);
    }

    // Cases from TestValidateContainerPorts.
    #[test]
    fn container_ports() {
        let p = Path::new("ports");
        let port = |n: Option<&str>, cp: i32, hp: Option<i32>, proto: &str| ContainerPort { name: n.map(String::from), container_port: cp, host_port: hp, protocol: Some(proto.into()), host_ip: None };
        assert!(ports(&[port(Some("easy"), 82, None, "TCP"), port(Some("as"), 83, Some(80), "UDP"), port(None, 84, None, "SCTP")], &p).is_empty());
        assert_eq!(msgs(ports(&[port(None, 0, None, "TCP")], &p)), vec!["ports[0].containerPort: Required value"]);
        assert_eq!(msgs(ports(&[port(None, 65536, None, "TCP")], &p)), vec!["ports[0].containerPort: Invalid value: 65536: must be between 1 and 65535, inclusive"]);
        assert_eq!(msgs(ports(&[port(None, 80, Some(65536), "TCP")], &p)), vec!["ports[0].hostPort: Invalid value: 65536: must be between 1 and 65535, inclusive"]);
        assert_eq!(msgs(ports(&[port(None, 80, None, "HTTP")], &p)), vec!["ports[0].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\""]);
        assert_eq!(msgs(ports(&[port(Some("a"), 80, None, "TCP"), port(Some("a"), 81, None, "TCP")], &p)), vec!["ports[1].name: Duplicate value: \"a\""]);
        assert_eq!(msgs(ports(&[port(Some("do-re-me"), 80, None, "TCP")], &p)), Vec::<String>::new());
        assert_eq!(msgs(ports(&[port(Some("dumb--name"), 80, None, "TCP")], &p)), vec!["ports[0].name: Invalid value: \"dumb--name\": must not contain consecutive hyphens"]);
    }

    #[test]
    fn probes_and_resources() {
        let p = Path::new("spec.containers");
        let v = Volumes::new();
        let mut c = container("web");
        c.liveness_probe = Some(Box::new(Probe { http_get: Some(HttpGetAction { path: Some("/".into()), port: Some(IntOrString::Int(80)), scheme: Some("HTTP".into()), ..Default::default() }), timeout_seconds: Some(1), period_seconds: Some(10), success_threshold: Some(2), failure_threshold: Some(3), ..Default::default() }));
        assert_eq!(msgs(containers(&[c.clone()], &v, Some(30), &p)), vec!["spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1"]);
        c.liveness_probe = Some(Box::new(Probe { exec: Some(ExecAction { command: vec![] }), success_threshold: Some(1), ..Default::default() }));
        assert_eq!(msgs(containers(&[c.clone()], &v, Some(30), &p)), vec!["spec.containers[0].livenessProbe.exec.command: Required value"]);
        c.liveness_probe = Some(Box::new(Probe { success_threshold: Some(1), ..Default::default() }));
        assert_eq!(msgs(containers(&[c.clone()], &v, Some(30), &p)), vec!["spec.containers[0].livenessProbe: Required value: must specify a handler type"]);
        let mut c = container("web");
        c.resources.requests.insert("cpu".into(), Quantity::parse("1").unwrap());
        c.resources.limits.insert("cpu".into(), Quantity::parse("500m").unwrap());
        assert_eq!(msgs(containers(&[c], &v, Some(30), &p)), vec!["spec.containers[0].resources.requests: Invalid value: \"1\": must be less than or equal to cpu limit of 500m"]);
        let mut c = container("web");
        c.resources.requests.insert("example.com/gpu".into(), Quantity::parse("1").unwrap());
        assert_eq!(msgs(containers(&[c], &v, Some(30), &p)), vec!["spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources"]);
    }

    #[test]
    fn init_containers_without_restart_policy_reject_probes() {
        let mut c = container("init");
        c.readiness_probe = Some(Box::new(Probe::default()));
        let errs = msgs(init_containers(&[c], &[container("web")], &Volumes::new(), Some(30), &Path::new("spec.initContainers")));
        assert_eq!(errs, vec!["spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always"]);
        let errs = msgs(init_containers(&[container("web")], &[container("web")], &Volumes::new(), Some(30), &Path::new("spec.initContainers")));
        assert_eq!(errs, vec!["spec.initContainers[0].name: Duplicate value: \"web\""]);
    }

    #[test]
    fn env_and_mounts() {
        let p = Path::new("env");
        let fr = |fp: &str| EnvVar { name: "X".into(), value: None, value_from: Some(Box::new(crate::api::EnvVarSource { field_ref: Some(serde_json::json!({"apiVersion": "v1", "fieldPath": fp})), ..Default::default() })) };
        assert!(env(&[fr("metadata.name"), fr("metadata.labels['app']")], &p).is_empty());
        assert_eq!(
            msgs(env(&[fr("metadata.labels")], &p)),
            vec!["env[0].valueFrom.fieldRef.fieldPath: Unsupported value: \"metadata.labels\": supported values: \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", \"status.hostIP\", \"status.hostIPs\", \"status.podIP\", \"status.podIPs\""]
        );
        assert_eq!(msgs(env(&[fr("status.bogus")], &p)), vec!["env[0].valueFrom.fieldRef.fieldPath: Invalid value: \"status.bogus\": error converting fieldPath: field label not supported: status.bogus"]);
        let mounts: Vec<VolumeMount> = serde_json::from_value(serde_json::json!([{"name": "data", "mountPath": "/data"}, {"name": "data", "mountPath": "/data"}])).unwrap();
        assert_eq!(
            msgs(volume_mounts(&mounts, &Volumes::new(), &Path::new("volumeMounts"))),
            vec!["volumeMounts[0].name: Not found: \"data\"", "volumeMounts[1].name: Not found: \"data\"", "volumeMounts[1].mountPath: Invalid value: \"/data\": must be unique"]
        );
    }
}
