//! The container, volume and pod-template sections shared by the pod and
//! workload describers (`describeContainers`, `describeVolumes`,
//! `DescribePodTemplate`).

use super::{labels_multiline, tolerations_multiline, Writer};
use crate::print::duration::rfc1123z;
use crate::print::format::{json_str, label_selector};
use kubeplay_model::api::*;
use kubeplay_model::Quantity;
use serde_json::Value;

/// `DescribeProbe`: `http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3`.
pub fn probe_text(p: &Probe) -> String {
    let attrs = format!(
        "delay={}s timeout={}s period={}s #success={} #failure={}",
        p.initial_delay_seconds.unwrap_or(0),
        p.timeout_seconds.unwrap_or(1),
        p.period_seconds.unwrap_or(10),
        p.success_threshold.unwrap_or(1),
        p.failure_threshold.unwrap_or(3)
    );
    if let Some(e) = &p.exec {
        return format!("exec [{}] {attrs}", e.command.join(" "));
    }
    if let Some(h) = &p.http_get {
        let scheme = h.scheme.as_deref().unwrap_or("HTTP").to_lowercase();
        let host = h.host.as_deref().unwrap_or("");
        let port = h.port.as_ref().map(|p| p.to_string()).unwrap_or_default();
        let hostport = if port.is_empty() {
            host.to_string()
        } else if host.contains(':') {
            format!("[{host}]:{port}")
        } else {
            format!("{host}:{port}")
        };
        return format!("http-get {scheme}://{hostport}{} {attrs}", h.path.as_deref().unwrap_or(""));
    }
    if let Some(t) = &p.tcp_socket {
        return format!("tcp-socket {}:{} {attrs}", t.host.as_deref().unwrap_or(""), t.port.as_ref().map(|p| p.to_string()).unwrap_or_default());
    }
    if let Some(g) = &p.grpc {
        let port = g.get("port").and_then(|v| v.as_i64()).unwrap_or(0);
        return format!("grpc <pod>:{port} {} {attrs}", json_str(Some(g), "service").unwrap_or(""));
    }
    format!("unknown {attrs}")
}

/// `describeContainerPorts` / `describeContainerHostPorts`: kubectl v1.32
/// prints number and protocol only (port names came later).
fn port_list(ports: &[ContainerPort], host: bool) -> String {
    ports
        .iter()
        .map(|p| {
            let n = if host { p.host_port.unwrap_or(0) } else { p.container_port };
            format!("{n}/{}", p.protocol.as_deref().unwrap_or("TCP"))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A security context's seccomp profile: its type, and the localhost
/// profile's path when the type is `Localhost`.
pub(super) fn seccomp_profile(security_context: Option<&Value>) -> Option<(&str, Option<&str>)> {
    let profile = security_context?.get("seccompProfile")?;
    let type_ = profile.get("type").and_then(Value::as_str).unwrap_or("");
    let localhost = (type_ == "Localhost").then(|| profile.get("localhostProfile").and_then(Value::as_str).unwrap_or(""));
    Some((type_, localhost))
}

fn write_ports(w: &mut Writer, single: &str, plural: &str, s: &str) {
    if s.contains(',') {
        w.write(2, &format!("{plural}:\t{s}\n"));
    } else {
        w.write(2, &format!("{single}:\t{}\n", if s.is_empty() { "<none>" } else { s }));
    }
}

fn describe_state(w: &mut Writer, name: &str, state: &ContainerState) {
    if state.running.is_some() {
        w.write(2, &format!("{name}:\tRunning\n"));
        w.write(3, &format!("Started:\t{}\n", rfc1123z(state.running.as_ref().and_then(|r| r.started_at))));
    } else if let Some(wt) = &state.waiting {
        w.write(2, &format!("{name}:\tWaiting\n"));
        if let Some(r) = wt.reason.as_deref().filter(|r| !r.is_empty()) {
            w.write(3, &format!("Reason:\t{r}\n"));
        }
    } else if let Some(t) = &state.terminated {
        w.write(2, &format!("{name}:\tTerminated\n"));
        if let Some(r) = t.reason.as_deref().filter(|r| !r.is_empty()) {
            w.write(3, &format!("Reason:\t{r}\n"));
        }
        if let Some(m) = t.message.as_deref().filter(|m| !m.is_empty()) {
            w.write(3, &format!("Message:\t{m}\n"));
        }
        w.write(3, &format!("Exit Code:\t{}\n", t.exit_code));
        if let Some(sig) = t.signal.filter(|s| *s > 0) {
            w.write(3, &format!("Signal:\t{sig}\n"));
        }
        w.write(3, &format!("Started:\t{}\n", rfc1123z(t.started_at)));
        w.write(3, &format!("Finished:\t{}\n", rfc1123z(t.finished_at)));
    } else {
        w.write(2, &format!("{name}:\tWaiting\n"));
    }
}

/// `describeResources`: limits then requests, each sorted by name.
pub(super) fn describe_resources(w: &mut Writer, r: &ResourceRequirements, level: usize) {
    if !r.limits.is_empty() {
        w.write(level, "Limits:\n");
    }
    for (name, q) in &r.limits {
        w.write(level + 1, &format!("{name}:\t{q}\n"));
    }
    if !r.requests.is_empty() {
        w.write(level, "Requests:\n");
    }
    for (name, q) in &r.requests {
        w.write(level + 1, &format!("{name}:\t{q}\n"));
    }
}

/// `EnvValueRetriever`: the value a `fieldRef` resolves to for this pod.
fn field_value(pod: &Pod, path: &str) -> String {
    let m = &pod.metadata;
    let key_in = |prefix: &str| path.strip_prefix(prefix).and_then(|r| r.strip_suffix("']")).map(str::to_string);
    match path {
        "metadata.name" => m.name.clone(),
        "metadata.namespace" => m.namespace.to_string(),
        "metadata.uid" => m.uid.to_string(),
        "spec.nodeName" => pod.spec.node_name.as_deref().unwrap_or_default().to_string(),
        "spec.serviceAccountName" => pod.spec.service_account_name.as_deref().unwrap_or_default().to_string(),
        "status.hostIP" => pod.status.host_ip.as_deref().unwrap_or_default().to_string(),
        "status.hostIPs" => pod.status.host_ips.iter().map(|i| i.ip.clone()).collect::<Vec<_>>().join(","),
        "status.podIP" => pod.status.pod_ip.as_deref().unwrap_or_default().to_string(),
        "status.podIPs" => pod.status.pod_ips.iter().map(|i| i.ip.clone()).collect::<Vec<_>>().join(","),
        _ => {
            if let Some(k) = key_in("metadata.labels['") {
                m.labels.get(&k).cloned().unwrap_or_default()
            } else if let Some(k) = key_in("metadata.annotations['") {
                m.annotations.get(&k).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        }
    }
}

/// `ExtractContainerResourceValue` for the common resources and divisors.
fn resource_field_value(c: &Container, resource: &str, divisor: Option<&str>) -> String {
    let (list, name) = match resource.split_once('.') {
        Some(("limits", n)) => (&c.resources.limits, n),
        Some(("requests", n)) => (&c.resources.requests, n),
        _ => return String::new(),
    };
    let q = list.get(name).cloned().unwrap_or_default();
    let div = divisor.and_then(|d| Quantity::parse(d).ok()).filter(|d| !d.is_zero());
    match (name, div) {
        ("cpu", None) => ((q.milli_value() + 999) / 1000).to_string(),
        ("cpu", Some(d)) => {
            let dm = d.milli_value().max(1);
            ((q.milli_value() + dm - 1) / dm).to_string()
        }
        (_, None) => q.value().to_string(),
        (_, Some(d)) => {
            let dv = d.value().max(1);
            ((q.value() + dv - 1) / dv).to_string()
        }
    }
}

fn describe_env(w: &mut Writer, c: &Container, pod: Option<&Pod>) {
    if !c.env_from.is_empty() {
        w.write(2, "Environment Variables from:\n");
        for e in &c.env_from {
            let (from, r) = match (&e.config_map_ref, &e.secret_ref) {
                (Some(r), _) => ("ConfigMap", Some(r)),
                (None, Some(r)) => ("Secret", Some(r)),
                _ => ("", None),
            };
            let name = r.and_then(|r| r.name.clone()).unwrap_or_default();
            let optional = r.and_then(|r| r.optional).unwrap_or(false);
            match e.prefix.as_deref().filter(|p| !p.is_empty()) {
                None => w.write(3, &format!("{name}\t{from}\tOptional: {optional}\n")),
                Some(p) => w.write(3, &format!("{name}\t{from} with prefix '{p}'\tOptional: {optional}\n")),
            }
        }
    }
    if c.env.is_empty() {
        w.write(2, "Environment:\t<none>\n");
        return;
    }
    w.write(2, "Environment:\n");
    for e in &c.env {
        let Some(from) = &e.value_from else {
            for (i, s) in e.value.as_deref().unwrap_or("").split('\n').enumerate() {
                if i == 0 {
                    w.write(3, &format!("{}:\t{s}\n", e.name));
                } else {
                    w.write(3, &format!("\t{s}\n"));
                }
            }
            continue;
        };
        if let Some(f) = &from.field_ref {
            let path = json_str(Some(f), "fieldPath").unwrap_or("");
            let api = json_str(Some(f), "apiVersion").unwrap_or("v1");
            let value = pod.map(|p| field_value(p, path)).unwrap_or_default();
            w.write(3, &format!("{}:\t{value} ({api}:{path})\n", e.name));
        } else if let Some(r) = &from.resource_field_ref {
            let resource = json_str(Some(r), "resource").unwrap_or("");
            let mut value = resource_field_value(c, resource, json_str(Some(r), "divisor"));
            if value == "0" && (resource == "limits.cpu" || resource == "limits.memory") {
                value = "node allocatable".into();
            }
            w.write(3, &format!("{}:\t{value} ({resource})\n", e.name));
        } else if let Some(k) = &from.secret_key_ref {
            w.write(3, &format!("{}:\t<set to the key '{}' in secret '{}'>\tOptional: {}\n", e.name, k.key, k.name.as_deref().unwrap_or(""), k.optional.unwrap_or(false)));
        } else if let Some(k) = &from.config_map_key_ref {
            w.write(3, &format!("{}:\t<set to the key '{}' of config map '{}'>\tOptional: {}\n", e.name, k.key, k.name.as_deref().unwrap_or(""), k.optional.unwrap_or(false)));
        }
    }
}

/// `describeContainerVolumes`: the mounts, then any block devices (whose
/// header reuses the mounts' `<none>` marker, as upstream's does).
fn describe_mounts(w: &mut Writer, c: &Container) {
    let mut mounts: Vec<_> = c.volume_mounts.iter().collect();
    let none = if mounts.is_empty() { "\t<none>" } else { "" };
    w.write(2, &format!("Mounts:{none}\n"));
    kubeplay_model::sort::sort_by_key(&mut mounts, |m| m.mount_path.to_string());
    for m in mounts {
        let mut flags = vec![if m.read_only.unwrap_or(false) { "ro".to_string() } else { "rw".to_string() }];
        if let Some(sub) = m.sub_path.as_deref().filter(|s| !s.is_empty()) {
            flags.push(format!("path={}", crate::gofmt::quote(sub)));
        }
        w.write(3, &format!("{} from {} ({})\n", m.mount_path, m.name, flags.join(",")));
    }
    let mut devices: Vec<(&str, &str)> = c
        .volume_devices
        .as_deref()
        .and_then(Value::as_array)
        .map(|a| a.iter().map(|d| (json_str(Some(d), "devicePath").unwrap_or(""), json_str(Some(d), "name").unwrap_or(""))).collect())
        .unwrap_or_default();
    if !devices.is_empty() {
        w.write(2, &format!("Devices:{none}\n"));
        kubeplay_model::sort::sort_by_key(&mut devices, |d| d.0);
        for (path, name) in devices {
            w.write(3, &format!("{path} from {name}\n"));
        }
    }
}

/// `describeContainers`: one block per container, with its status when known.
pub fn describe_containers(w: &mut Writer, label: &str, containers: &[Container], statuses: Option<&[ContainerStatus]>, pod: Option<&Pod>, space: &str) {
    let none = if containers.is_empty() { " <none>" } else { "" };
    w.write(0, &format!("{space}{label}:{none}\n"));
    let name_indent = if space.is_empty() { "" } else { " " };
    for c in containers {
        let status = statuses.and_then(|s| s.iter().find(|st| st.name == c.name));
        w.write(1, &format!("{name_indent}{}:\n", c.name));
        if let Some(st) = status {
            w.write(2, &format!("Container ID:\t{}\n", st.container_id.as_deref().unwrap_or("")));
        }
        w.write(2, &format!("Image:\t{}\n", c.image.as_deref().unwrap_or("")));
        if let Some(st) = status {
            w.write(2, &format!("Image ID:\t{}\n", st.image_id));
        }
        write_ports(w, "Port", "Ports", &port_list(&c.ports, false));
        write_ports(w, "Host Port", "Host Ports", &port_list(&c.ports, true));
        if let Some((t, localhost)) = seccomp_profile(c.security_context.as_deref()) {
            w.write(2, &format!("SeccompProfile:\t{t}\n"));
            if let Some(l) = localhost {
                w.write(3, &format!("LocalhostProfile:\t{l}\n"));
            }
        }
        if !c.command.is_empty() {
            w.write(2, "Command:\n");
            for s in c.command.iter().flat_map(|x| x.split('\n')) {
                w.write(3, &format!("{s}\n"));
            }
        }
        if !c.args.is_empty() {
            w.write(2, "Args:\n");
            for s in c.args.iter().flat_map(|x| x.split('\n')) {
                w.write(3, &format!("{s}\n"));
            }
        }
        if let Some(st) = status {
            describe_state(w, "State", &st.state);
            if st.last_state.terminated.is_some() {
                describe_state(w, "Last State", &st.last_state);
            }
            w.write(2, &format!("Ready:\t{}\n", if st.ready { "True" } else { "False" }));
            w.write(2, &format!("Restart Count:\t{}\n", st.restart_count));
        }
        describe_resources(w, &c.resources, 2);
        for (label, p) in [("Liveness", &c.liveness_probe), ("Readiness", &c.readiness_probe), ("Startup", &c.startup_probe)] {
            if let Some(p) = p {
                w.write(2, &format!("{label}:\t{}\n", probe_text(p)));
            }
        }
        describe_env(w, c, pod);
        describe_mounts(w, c);
    }
}

/// A projected source's `optional`, which kubectl prints as the `*bool`
/// itself: `<nil>` when unset. When set, Go prints the pointer's address,
/// which no transcript could hold; the value stands in for it.
fn optional_pointer(source: &Value) -> String {
    source.get("optional").and_then(Value::as_bool).map_or_else(|| "<nil>".to_string(), |b| b.to_string())
}

/// `printHostPathVolumeSource`.
pub(super) fn host_path_lines(w: &mut Writer, hp: &Value) {
    w.write(2, &format!("Type:\tHostPath (bare host directory volume)\n    Path:\t{}\n    HostPathType:\t{}\n", json_str(Some(hp), "path").unwrap_or(""), json_str(Some(hp), "type").unwrap_or("<none>")));
}

/// `describeVolumes`.
pub fn describe_volumes(w: &mut Writer, volumes: &[Volume], space: &str) {
    if volumes.is_empty() {
        w.write(0, &format!("{space}Volumes:\t<none>\n"));
        return;
    }
    w.write(0, &format!("{space}Volumes:\n"));
    let name_indent = if space.is_empty() { "" } else { " " };
    for v in volumes {
        w.write(1, &format!("{name_indent}{}:\n", v.name));
        if let Some(hp) = &v.host_path {
            host_path_lines(w, hp);
        } else if let Some(ed) = &v.empty_dir {
            let size = ed.get("sizeLimit").and_then(|s| s.as_str().map(str::to_string).or_else(|| s.as_i64().map(|n| n.to_string()))).and_then(|s| Quantity::parse(&s).ok()).filter(|q| q.sign() > 0);
            w.write(
                2,
                &format!(
                    "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t{}\n    SizeLimit:\t{}\n",
                    json_str(Some(ed), "medium").unwrap_or(""),
                    size.map(|q| q.to_string()).unwrap_or_else(|| "<unset>".into())
                ),
            );
        } else if let Some(s) = &v.secret {
            w.write(2, &format!("Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t{}\n    Optional:\t{}\n", s.secret_name.as_deref().unwrap_or(""), s.optional.unwrap_or(false)));
        } else if let Some(c) = &v.config_map {
            w.write(2, &format!("Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t{}\n    Optional:\t{}\n", c.name.as_deref().unwrap_or(""), c.optional.unwrap_or(false)));
        } else if let Some(n) = &v.nfs {
            w.write(
                2,
                &format!(
                    "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t{}\n    Path:\t{}\n    ReadOnly:\t{}\n",
                    json_str(Some(n), "server").unwrap_or(""),
                    json_str(Some(n), "path").unwrap_or(""),
                    n.get("readOnly").and_then(|r| r.as_bool()).unwrap_or(false)
                ),
            );
        } else if let Some(c) = &v.persistent_volume_claim {
            w.write(2, &format!("Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t{}\n    ReadOnly:\t{}\n", c.claim_name, c.read_only.unwrap_or(false)));
        } else if let Some(d) = &v.downward_api {
            w.write(2, "Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n");
            for item in d.get("items").and_then(|i| i.as_array()).into_iter().flatten() {
                let path = json_str(Some(item), "path").unwrap_or("");
                if let Some(f) = json_str(item.get("fieldRef"), "fieldPath") {
                    w.write(3, &format!("{f} -> {path}\n"));
                }
                if let Some(r) = json_str(item.get("resourceFieldRef"), "resource") {
                    w.write(3, &format!("{r} -> {path}\n"));
                }
            }
        } else if let Some(p) = &v.projected {
            w.write(2, "Type:\tProjected (a volume that contains injected data from multiple sources)\n");
            for src in p.get("sources").and_then(|s| s.as_array()).into_iter().flatten() {
                if let Some(s) = src.get("secret") {
                    w.write(2, &format!("SecretName:\t{}\n    SecretOptionalName:\t{}\n", json_str(Some(s), "name").unwrap_or(""), optional_pointer(s)));
                } else if src.get("downwardAPI").is_some() {
                    w.write(2, "DownwardAPI:\ttrue\n");
                } else if let Some(c) = src.get("configMap") {
                    w.write(2, &format!("ConfigMapName:\t{}\n    ConfigMapOptional:\t{}\n", json_str(Some(c), "name").unwrap_or(""), optional_pointer(c)));
                } else if let Some(t) = src.get("serviceAccountToken") {
                    w.write(2, &format!("TokenExpirationSeconds:\t{}\n", t.get("expirationSeconds").and_then(|e| e.as_i64()).unwrap_or(3600)));
                }
            }
        } else if let Some(e) = &v.ephemeral {
            ephemeral_volume(w, e);
        } else {
            w.write(2, "<unknown>\n");
        }
    }
}

/// `printEphemeralVolumeSource`: the claim template as describe prints a
/// claim that is not a full PVC, through a writer nested two levels, so
/// every piece of the multi-line labels and annotations gets the nesting
/// indent again (kubectl's four extra spaces after their tab).
fn ephemeral_volume(w: &mut Writer, e: &serde_json::Value) {
    w.write(2, "Type:\tEphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)\n");
    let Some(t) = e.get("volumeClaimTemplate") else { return };
    let spec = t.get("spec");
    let map = |field: &str| -> std::collections::BTreeMap<String, String> {
        t.get("metadata").and_then(|m| m.get(field)).and_then(|m| m.as_object()).map(|m| m.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect()).unwrap_or_default()
    };
    let (labels, annotations) = (map("labels"), map("annotations"));
    let class = annotations.get("volume.beta.kubernetes.io/storage-class").map(String::as_str).or_else(|| json_str(spec, "storageClassName")).unwrap_or("");
    w.write(2, &format!("StorageClass:\t{class}\n"));
    w.write(2, &format!("Volume:\t{}\n", json_str(spec, "volumeName").unwrap_or("")));
    for (title, pairs) in [("Labels", &labels), ("Annotations", &annotations)] {
        w.write(2, &format!("{title}:\t"));
        if pairs.is_empty() {
            w.write(2, "<none>\n");
        }
        for (i, (k, v)) in pairs.iter().enumerate() {
            if i != 0 {
                w.write(2, "");
                w.write(2, "\t");
            }
            w.write(2, &format!("{k}={v}\n"));
        }
    }
    // A template has no status: what a bound claim would show is empty.
    w.write(2, "Capacity:\t\n");
    w.write(2, "Access Modes:\t\n");
    if let Some(mode) = json_str(spec, "volumeMode") {
        w.write(2, &format!("VolumeMode:\t{mode}\n"));
    }
}

/// `describeTopologySpreadConstraints`.
pub fn describe_topology_spread(w: &mut Writer, tscs: &[TopologySpreadConstraint], space: &str) {
    if tscs.is_empty() {
        return;
    }
    let mut sorted: Vec<&TopologySpreadConstraint> = tscs.iter().collect();
    kubeplay_model::sort::sort_by(&mut sorted, |a, b| a.topology_key.cmp(&b.topology_key));
    w.write(0, &format!("{space}Topology Spread Constraints:\t"));
    for (i, t) in sorted.iter().enumerate() {
        if i != 0 {
            w.write(0, space);
            w.write(0, "\t");
        }
        let mut s = format!("{}:{} when max skew {} is exceeded", t.topology_key, t.when_unsatisfiable, t.max_skew);
        if let Some(sel) = &t.label_selector {
            s.push_str(&format!(" for selector {}", label_selector(Some(sel))));
        }
        w.write(0, &format!("{s}\n"));
    }
}

/// `DescribePodTemplate`: the `Pod Template:` block of workload pages.
pub fn describe_pod_template(w: &mut Writer, t: &PodTemplateSpec) {
    w.write(0, "Pod Template:\n");
    labels_multiline(w, "  Labels", &t.metadata.labels);
    if !t.metadata.annotations.is_empty() {
        super::annotations_multiline(w, "  Annotations", &t.metadata.annotations);
    }
    if let Some(sa) = t.spec.service_account_name.as_deref().filter(|s| !s.is_empty()) {
        w.write(1, &format!("Service Account:\t{sa}\n"));
    }
    if !t.spec.init_containers.is_empty() {
        describe_containers(w, "Init Containers", &t.spec.init_containers, None, None, "  ");
    }
    describe_containers(w, "Containers", &t.spec.containers, None, None, "  ");
    describe_volumes(w, &t.spec.volumes, "  ");
    describe_topology_spread(w, &t.spec.topology_spread_constraints, "  ");
    if let Some(pc) = t.spec.priority_class_name.as_deref().filter(|s| !s.is_empty()) {
        w.write(1, &format!("Priority Class Name:\t{pc}\n"));
    }
    labels_multiline(w, "  Node-Selectors", &t.spec.node_selector);
    tolerations_multiline(w, "  Tolerations", &t.spec.tolerations);
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::IntOrString;
    use serde_json::json;

    fn nginx_template() -> PodTemplateSpec {
        let mut t = PodTemplateSpec::default();
        t.metadata.labels.insert("foo".into(), "bar".into());
        t.metadata.annotations.insert("kubernetes.io/change-cause".into(), "foo change cause".into());
        t.spec.containers.push(Container { name: "test".into(), image: Some("foo:3".into()), ..Default::default() });
        t
    }

    // The pod template block of `rollout history --revision` (TestViewHistory in
    // polymorphichelpers/history_test.go), printed through the describe tabwriter.
    #[test]
    fn pod_template_block() {
        let mut w = Writer::new();
        describe_pod_template(&mut w, &nginx_template());
        assert_eq!(
            w.finish(),
            "Pod Template:\n  Labels:       foo=bar\n  Annotations:  kubernetes.io/change-cause: foo change cause\n  Containers:\n   test:\n    Image:         foo:3\n    Port:          <none>\n    Host Port:     <none>\n    Environment:   <none>\n    Mounts:        <none>\n  Volumes:         <none>\n  Node-Selectors:  <none>\n  Tolerations:     <none>\n"
        );
    }

    #[test]
    fn probes() {
        let http = Probe { http_get: Some(HttpGetAction { path: Some("/healthz".into()), port: Some(IntOrString::Int(8080)), ..Default::default() }), ..Default::default() };
        assert_eq!(probe_text(&http), "http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3");
        let exec = Probe { exec: Some(ExecAction { command: vec!["cat".into(), "/tmp/healthy".into()] }), initial_delay_seconds: Some(5), period_seconds: Some(5), ..Default::default() };
        assert_eq!(probe_text(&exec), "exec [cat /tmp/healthy] delay=5s timeout=1s period=5s #success=1 #failure=3");
        let tcp = Probe { tcp_socket: Some(TcpSocketAction { port: Some(IntOrString::Str("http".into())), host: None }), ..Default::default() };
        assert_eq!(probe_text(&tcp), "tcp-socket :http delay=0s timeout=1s period=10s #success=1 #failure=3");
    }

    #[test]
    fn projected_service_account_volume() {
        let mut w = Writer::new();
        let v = Volume {
            name: "kube-api-access-abcde".into(),
            projected: Some(std::sync::Arc::new(json!({"sources": [{"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}}, {"configMap": {"name": "kube-root-ca.crt"}}, {"downwardAPI": {}}]}))),
            ..Default::default()
        };
        describe_volumes(&mut w, &[v], "");
        assert_eq!(
            w.finish(),
            "Volumes:\n  kube-api-access-abcde:\n    Type:                    Projected (a volume that contains injected data from multiple sources)\n    TokenExpirationSeconds:  3607\n    ConfigMapName:           kube-root-ca.crt\n    ConfigMapOptional:       <nil>\n    DownwardAPI:             true\n"
        );
    }
}
