//! The environment a container starts with, as the kubelet builds it
//! (`makeEnvironmentVariables` and `pkg/kubelet/envvars`): `envFrom`, then
//! `env` (with `$(VAR)` expansion and configMap/secret/field/resource
//! references resolved), then the Docker-link-style variables of the
//! Services that existed when the container was created.
//!
//! Environment variables are fixed when a container is created, so the
//! kubelet hook [`record`] snapshots them into the container's runtime
//! record (`Ctr::env`); `kubectl exec … env` reads the snapshot (a Service
//! created later is not in it, exactly as in a real cluster, until the
//! container restarts).

use super::sync::Worker;
use kubeplay_apiserver::Store;
use kubeplay_model::api::{Container, Pod, Service};
use kubeplay_model::{Kind, Object, Quantity};
use std::collections::BTreeMap;
use std::sync::Arc;

/// One container's variables as created, in the order the process sees
/// them; replicas created one after another share them.
pub type EnvVars = Arc<Vec<(String, String)>>;

/// `makeEnvVariableName`: upper case, `-` becomes `_` (Service and port
/// names are DNS labels, so nothing else needs care).
fn env_name(s: &str) -> String {
    s.chars().map(|c| if c == '-' { '_' } else { c.to_ascii_uppercase() }).collect()
}

/// Whether a Service has a cluster IP to point at (not headless, not ExternalName).
fn ip_set(svc: &Service) -> bool {
    svc.spec.cluster_ip.as_deref().is_some_and(|ip| !ip.is_empty() && ip != "None")
}

/// `FromServices`: for each Service with a cluster IP, `<NAME>_SERVICE_HOST`,
/// `<NAME>_SERVICE_PORT` (first port), `<NAME>_SERVICE_PORT_<PORTNAME>` per
/// named port, then the Docker link variables per port.
pub fn from_services(services: &[&Service]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for svc in services.iter().filter(|s| ip_set(s)) {
        let Some(first) = svc.spec.ports.first() else { continue };
        let ip = svc.spec.cluster_ip.clone().unwrap_or_default();
        let prefix = env_name(&svc.metadata.name);
        out.push((format!("{prefix}_SERVICE_HOST"), ip.clone()));
        out.push((format!("{prefix}_SERVICE_PORT"), first.port.to_string()));
        for p in &svc.spec.ports {
            if let Some(name) = p.name.as_deref().filter(|n| !n.is_empty()) {
                out.push((format!("{prefix}_SERVICE_PORT_{}", env_name(name)), p.port.to_string()));
            }
        }
        for (i, p) in svc.spec.ports.iter().enumerate() {
            let proto = p.protocol.as_deref().filter(|p| !p.is_empty()).unwrap_or("TCP");
            let url = format!("{}://{ip}:{}", proto.to_ascii_lowercase(), p.port);
            if i == 0 {
                out.push((format!("{prefix}_PORT"), url.clone()));
            }
            let pp = format!("{prefix}_PORT_{}_{}", p.port, proto.to_ascii_uppercase());
            out.push((pp.clone(), url));
            out.push((format!("{pp}_PROTO"), proto.to_ascii_lowercase()));
            out.push((format!("{pp}_PORT"), p.port.to_string()));
            out.push((format!("{pp}_ADDR"), ip.clone()));
        }
    }
    out
}

/// `getServiceEnvVarMap`: the `kubernetes` Service of `default` always (so
/// pods can find the API server), and, with `enableServiceLinks` (the
/// default), every Service of the pod's own namespace. A same-named Service
/// in the pod's namespace wins over `default/kubernetes`.
pub fn service_env(store: &Store, ns: &str, links: bool) -> BTreeMap<String, String> {
    let mut chosen: BTreeMap<String, Service> = BTreeMap::new();
    for obj in store.list(Kind::Service, None) {
        let Some(svc) = obj.as_service() else { continue };
        if !ip_set(svc) {
            continue;
        }
        let name = svc.metadata.name.clone();
        if svc.metadata.namespace == "default" && name == "kubernetes" {
            chosen.entry(name).or_insert_with(|| svc.clone());
        } else if svc.metadata.namespace == ns && links {
            chosen.insert(name, svc.clone());
        }
    }
    let list: Vec<&Service> = chosen.values().collect();
    from_services(&list).into_iter().collect()
}

/// Go's `expansion.Expand` as the kubelet uses it: `$(NAME)` becomes the
/// variable's value when it is defined, `$$` is a literal `$`, anything
/// else (an unknown name, an unclosed `$(`) stays as written.
pub fn expand(input: &str, lookup: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::new();
    let mut rest = input;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if let Some(tail) = after.strip_prefix('$') {
            out.push('$');
            rest = tail;
        } else if let Some(inner) = after.strip_prefix('(') {
            match inner.find(')') {
                Some(end) => {
                    let name = &inner[..end];
                    match lookup(name) {
                        Some(v) => out.push_str(&v),
                        None => {
                            out.push_str("$(");
                            out.push_str(name);
                            out.push(')');
                        }
                    }
                    rest = &inner[end + 1..];
                }
                None => {
                    out.push_str("$(");
                    rest = inner;
                }
            }
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Standard base64 (Secret data) back to text; None when malformed.
fn unbase64(s: &str) -> Option<String> {
    String::from_utf8(kubeplay_model::base64::decode(s)?).ok()
}

fn config_map<'a>(store: &'a Store, ns: &str, name: &str) -> Option<&'a kubeplay_model::api::ConfigMap> {
    match store.get_by(Kind::ConfigMap, ns, name).map(|o| &**o) {
        Some(Object::ConfigMap(cm)) => Some(cm),
        _ => None,
    }
}

/// A Secret's data, decoded.
fn secret_data(store: &Store, ns: &str, name: &str) -> Option<BTreeMap<String, String>> {
    match store.get_by(Kind::Secret, ns, name).map(|o| &**o) {
        Some(Object::Secret(s)) => Some(s.data.iter().map(|(k, v)| (k.clone(), unbase64(v).unwrap_or_default())).collect()),
        _ => None,
    }
}

/// What the kubelet knows about the pod when it creates a container.
pub struct PodFacts<'a> {
    pub pod: &'a Pod,
    pub pod_ip: Option<&'a str>,
    pub host_ip: &'a str,
    /// The node's allocatable resources (limits a container leaves unset).
    pub allocatable: Option<&'a BTreeMap<String, Quantity>>,
}

/// `podFieldSelectorRuntimeValue` plus the metadata paths of `fieldRef`.
pub fn field_value(facts: &PodFacts, path: &str) -> String {
    let pod = facts.pod;
    let keyed = |prefix: &str, map: &BTreeMap<String, String>| -> Option<String> {
        let key = path.strip_prefix(prefix)?.strip_suffix("']")?;
        Some(map.get(key).cloned().unwrap_or_default())
    };
    if let Some(v) = keyed("metadata.labels['", &pod.metadata.labels).or_else(|| keyed("metadata.annotations['", &pod.metadata.annotations)) {
        return v;
    }
    match path {
        "metadata.name" => pod.metadata.name.clone(),
        "metadata.namespace" => pod.metadata.namespace.to_string(),
        "metadata.uid" => pod.metadata.uid.to_string(),
        "spec.nodeName" => pod.spec.node_name.as_deref().unwrap_or_default().to_string(),
        "spec.serviceAccountName" => pod.spec.service_account_name.as_deref().unwrap_or_default().to_string(),
        "status.hostIP" | "status.hostIPs" => facts.host_ip.to_string(),
        "status.podIP" | "status.podIPs" => facts.pod_ip.unwrap_or_default().to_string(),
        _ => String::new(),
    }
}

/// `resourceFieldRef`: the container's limit or request (a limit left
/// unset is the node's allocatable), divided by the divisor, rounded up.
pub fn resource_value(facts: &PodFacts, c: &Container, r: &serde_json::Value) -> String {
    let resource = r.get("resource").and_then(|v| v.as_str()).unwrap_or_default();
    let divisor = r.get("divisor").and_then(|d| d.as_str().map(str::to_string).or_else(|| d.as_i64().map(|n| n.to_string()))).unwrap_or_else(|| "1".into());
    let divisor = Quantity::parse(&divisor).ok().filter(|d| !d.is_zero()).unwrap_or_else(|| Quantity::from_value(1));
    let owner = r.get("containerName").and_then(|v| v.as_str()).and_then(|n| facts.pod.spec.containers.iter().find(|x| x.name == n)).unwrap_or(c);
    let (side, name) = resource.split_once('.').unwrap_or(("limits", resource));
    let resources = &owner.resources;
    let set = if side == "requests" { resources.requests.get(name).or_else(|| resources.limits.get(name)) } else { resources.limits.get(name) };
    let q = set.or_else(|| facts.allocatable.and_then(|a| a.get(name)));
    let Some(q) = q else { return "0".into() };
    if name == "cpu" {
        let (m, d) = (q.milli_value(), divisor.milli_value().max(1));
        ((m + d - 1) / d).to_string()
    } else {
        let (v, d) = (q.value(), divisor.value().max(1));
        ((v + d - 1) / d).to_string()
    }
}

/// `makeEnvironmentVariables`: the variables the kubelet passes to the
/// runtime for container `c`, pod ones in spec order, then the Service
/// ones (sorted by name; the kubelet's own order is a Go map's).
pub fn container_env(store: &Store, facts: &PodFacts, c: &Container) -> Vec<(String, String)> {
    let pod = facts.pod;
    let ns = pod.metadata.namespace.as_str();
    let services = service_env(store, ns, pod.spec.enable_service_links != Some(false));
    let mut vars: Vec<(String, String)> = Vec::new();
    let set = |vars: &mut Vec<(String, String)>, k: String, v: String| match vars.iter_mut().find(|(n, _)| *n == k) {
        Some(slot) => slot.1 = v,
        None => vars.push((k, v)),
    };
    for from in &c.env_from {
        let prefix = from.prefix.clone().unwrap_or_default();
        let data: BTreeMap<String, String> = if let Some(r) = &from.config_map_ref {
            config_map(store, ns, r.name.as_deref().unwrap_or_default()).map(|cm| cm.data.clone()).unwrap_or_default()
        } else if let Some(r) = &from.secret_ref {
            secret_data(store, ns, r.name.as_deref().unwrap_or_default()).unwrap_or_default()
        } else {
            BTreeMap::new()
        };
        for (k, v) in data {
            set(&mut vars, format!("{prefix}{k}"), v);
        }
    }
    for e in &c.env {
        let value = match &e.value_from {
            None => {
                let raw = e.value.clone().unwrap_or_default();
                let known = vars.clone();
                expand(&raw, &|name| known.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).or_else(|| services.get(name).cloned()))
            }
            Some(src) => {
                if let Some(f) = &src.field_ref {
                    field_value(facts, f.get("fieldPath").and_then(|p| p.as_str()).unwrap_or_default())
                } else if let Some(r) = &src.resource_field_ref {
                    resource_value(facts, c, r)
                } else if let Some(sel) = &src.config_map_key_ref {
                    match config_map(store, ns, sel.name.as_deref().unwrap_or_default()).and_then(|cm| cm.data.get(&sel.key)) {
                        Some(v) => v.clone(),
                        None => continue, // optional and missing: the variable is left out
                    }
                } else if let Some(sel) = &src.secret_key_ref {
                    match secret_data(store, ns, sel.name.as_deref().unwrap_or_default()).and_then(|d| d.get(&sel.key).cloned()) {
                        Some(v) => v,
                        None => continue,
                    }
                } else {
                    String::new()
                }
            }
        };
        set(&mut vars, e.name.clone(), value);
    }
    for (k, v) in services {
        if !vars.iter().any(|(n, _)| *n == k) {
            vars.push((k, v));
        }
    }
    vars
}

/// The pod's hostname as the runtime sets `HOSTNAME`: the node's for a
/// `hostNetwork` pod (it shares the node's UTS namespace), else
/// `spec.hostname`, or the pod name cut to 63 characters; with
/// `setHostnameAsFQDN` and a subdomain, the kernel hostname is the fully
/// qualified `<host>.<subdomain>.<ns>.svc.cluster.local` (the kubelet's
/// GetNodenameForKernel).
pub fn hostname(pod: &Pod) -> String {
    if pod.spec.host_network == Some(true) {
        if let Some(node) = pod.spec.node_name.as_deref() {
            return node.to_string();
        }
    }
    let short = match pod.spec.hostname.as_deref().filter(|h| !h.is_empty()) {
        Some(h) => h.to_string(),
        None => pod.metadata.name.chars().take(63).collect::<String>().trim_end_matches(['-', '.']).to_string(),
    };
    match pod.spec.subdomain.as_deref().filter(|s| !s.is_empty()) {
        Some(sub) if pod.spec.set_hostname_as_fqdn == Some(true) => format!("{short}.{sub}.{}.svc.{}", pod.metadata.namespace, crate::network::CLUSTER_DOMAIN),
        _ => short,
    }
}

/// What `env` prints inside container `container` of `pod`, in the
/// order containerd's CRI builds the process environment: the default
/// `PATH`, `TERM` for a container with a terminal, `HOSTNAME`, the
/// image's `ENV` (see [`super::registry_env`]), then the kubelet's
/// variables `vars`, a name set again replacing the value where it first
/// stood; runc adds `HOME` last when nothing set it.
pub fn process_env(pod: &Pod, container: &str, vars: &[(String, String)]) -> Vec<(String, String)> {
    let ephemeral = pod.spec.ephemeral_containers.iter().map(|e| &e.container);
    let spec = pod.spec.containers.iter().chain(pod.spec.init_containers.iter()).chain(ephemeral).find(|c| c.name == container);
    let mut out = vec![("PATH".to_string(), super::registry_env::DEFAULT_PATH.to_string())];
    if spec.is_some_and(|c| c.tty == Some(true)) {
        out.push(("TERM".into(), "xterm".into()));
    }
    out.push(("HOSTNAME".to_string(), hostname(pod)));
    let image = spec.and_then(|c| c.image.as_deref()).and_then(|i| super::image::ImageRef::parse(i).ok());
    let image_env = image.as_ref().and_then(super::registry_env::image_env).unwrap_or_default();
    for (k, v) in image_env.iter().chain(vars) {
        match out.iter_mut().find(|(n, _)| n == k) {
            Some(slot) => slot.1 = v.clone(),
            None => out.push((k.clone(), v.clone())),
        }
    }
    if !out.iter().any(|(k, _)| k == "HOME") {
        out.push(("HOME".into(), "/root".into()));
    }
    out
}

/// Kubelet hook, called as a container is created: snapshots its
/// variables for `kubectl exec`, in the container's runtime record.
pub(super) fn record(w: &mut Worker, r: super::runtime::CtrRef, c: &Container) {
    let vars = snapshot(w, c);
    if let Some(ctr) = w.rt.ctr_mut(r) {
        ctr.env = Some(vars);
    }
}

/// The variables `c` is created with now (an ephemeral container's too).
pub(super) fn snapshot(w: &mut Worker, c: &Container) -> EnvVars {
    let store = w.ctx.store();
    let allocatable = store.get_by(Kind::Node, "", &w.node).and_then(|n| n.as_node()).map(|n| n.status.allocatable.clone());
    let pod_ip = w.pod.status.pod_ip.clone().or_else(|| w.rt.ip.clone());
    let facts = PodFacts { pod: &w.pod, pod_ip: pod_ip.as_deref(), host_ip: &w.host_ip, allocatable: allocatable.as_ref() };
    let vars = container_env(store, &facts, c);
    super::share_with_last(&mut w.ctx.world_mut().sim.env_last, vars)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{ServicePort, ServiceSpec};
    use kubeplay_model::ObjectMeta;

    fn svc(name: &str, ip: &str, ports: &[(&str, i32, &str)]) -> Service {
        Service {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            spec: ServiceSpec {
                selector: [("bar".to_string(), "baz".to_string())].into(),
                cluster_ip: Some(ip.into()),
                ports: ports.iter().map(|(n, p, proto)| ServicePort { name: (!n.is_empty()).then(|| n.to_string()), port: *p, protocol: Some(proto.to_string()), ..Default::default() }).collect(),
                ..Default::default()
            },
            ..Default::default()
        }
    }

    /// Upstream `TestFromServices` (pkg/kubelet/envvars/envvars_test.go).
    #[test]
    fn from_services_table() {
        let list = [
            svc("foo-bar", "1.2.3.4", &[("", 8080, "TCP")]),
            svc("abc-123", "5.6.7.8", &[("u-d-p", 8081, "UDP"), ("t-c-p", 8081, "TCP")]),
            svc("q-u-u-x", "9.8.7.6", &[("", 8082, "TCP"), ("8083", 8083, "TCP")]),
            svc("svrc-clusterip-none", "None", &[("", 8082, "TCP")]),
            svc("svrc-clusterip-empty", "", &[("", 8082, "TCP")]),
        ];
        let refs: Vec<&Service> = list.iter().collect();
        let want = [
            ("FOO_BAR_SERVICE_HOST", "1.2.3.4"),
            ("FOO_BAR_SERVICE_PORT", "8080"),
            ("FOO_BAR_PORT", "tcp://1.2.3.4:8080"),
            ("FOO_BAR_PORT_8080_TCP", "tcp://1.2.3.4:8080"),
            ("FOO_BAR_PORT_8080_TCP_PROTO", "tcp"),
            ("FOO_BAR_PORT_8080_TCP_PORT", "8080"),
            ("FOO_BAR_PORT_8080_TCP_ADDR", "1.2.3.4"),
            ("ABC_123_SERVICE_HOST", "5.6.7.8"),
            ("ABC_123_SERVICE_PORT", "8081"),
            ("ABC_123_SERVICE_PORT_U_D_P", "8081"),
            ("ABC_123_SERVICE_PORT_T_C_P", "8081"),
            ("ABC_123_PORT", "udp://5.6.7.8:8081"),
            ("ABC_123_PORT_8081_UDP", "udp://5.6.7.8:8081"),
            ("ABC_123_PORT_8081_UDP_PROTO", "udp"),
            ("ABC_123_PORT_8081_UDP_PORT", "8081"),
            ("ABC_123_PORT_8081_UDP_ADDR", "5.6.7.8"),
            ("ABC_123_PORT_8081_TCP", "tcp://5.6.7.8:8081"),
            ("ABC_123_PORT_8081_TCP_PROTO", "tcp"),
            ("ABC_123_PORT_8081_TCP_PORT", "8081"),
            ("ABC_123_PORT_8081_TCP_ADDR", "5.6.7.8"),
            ("Q_U_U_X_SERVICE_HOST", "9.8.7.6"),
            ("Q_U_U_X_SERVICE_PORT", "8082"),
            ("Q_U_U_X_SERVICE_PORT_8083", "8083"),
            ("Q_U_U_X_PORT", "tcp://9.8.7.6:8082"),
            ("Q_U_U_X_PORT_8082_TCP", "tcp://9.8.7.6:8082"),
            ("Q_U_U_X_PORT_8082_TCP_PROTO", "tcp"),
            ("Q_U_U_X_PORT_8082_TCP_PORT", "8082"),
            ("Q_U_U_X_PORT_8082_TCP_ADDR", "9.8.7.6"),
            ("Q_U_U_X_PORT_8083_TCP", "tcp://9.8.7.6:8083"),
            ("Q_U_U_X_PORT_8083_TCP_PROTO", "tcp"),
            ("Q_U_U_X_PORT_8083_TCP_PORT", "8083"),
            ("Q_U_U_X_PORT_8083_TCP_ADDR", "9.8.7.6"),
        ];
        let got = from_services(&refs);
        let want: Vec<(String, String)> = want.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn hostnames() {
        let mut pod = Pod::default();
        pod.metadata.name = "web-0".into();
        assert_eq!(hostname(&pod), "web-0");
        pod.spec_mut().hostname = Some("db".into());
        assert_eq!(hostname(&pod), "db");
        pod.spec_mut().host_network = Some(true);
        pod.spec_mut().node_name = Some("kind-worker".into());
        assert_eq!(hostname(&pod), "kind-worker");
        pod.spec_mut().host_network = None;
        pod.spec_mut().set_hostname_as_fqdn = Some(true);
        assert_eq!(hostname(&pod), "db", "no subdomain: the FQDN is the hostname");
        pod.spec_mut().subdomain = Some("sub".into());
        pod.metadata.namespace = "ns".into();
        assert_eq!(hostname(&pod), "db.sub.ns.svc.cluster.local");
    }

    #[test]
    fn names() {
        assert_eq!(env_name("my-svc"), "MY_SVC");
        assert_eq!(env_name("8083"), "8083");
    }

    /// Cases from k8s.io/kubernetes third_party/forked/golang/expansion tests.
    #[test]
    fn expansion() {
        let vars: BTreeMap<&str, &str> = [("VAR_A", "A"), ("VAR_B", "B"), ("VAR_EMPTY", "")].into();
        let look = |n: &str| vars.get(n).map(|v| v.to_string());
        let table = [
            ("$(VAR_A)", "A"),
            ("___$(VAR_B)___", "___B___"),
            ("$(VAR_A)-$(VAR_B)", "A-B"),
            ("$(VAR_EMPTY)", ""),
            ("$(VAR_DNE)", "$(VAR_DNE)"),
            ("$$(VAR_A)", "$(VAR_A)"),
            ("$$$(VAR_A)", "$A"),
            ("$(VAR_A", "$(VAR_A"),
            ("f000-$$VAR_A", "f000-$VAR_A"),
            ("$VAR_A", "$VAR_A"),
            ("hello$", "hello$"),
        ];
        for (input, want) in table {
            assert_eq!(expand(input, &look), want, "{input}");
        }
    }

    #[test]
    fn base64_decodes() {
        assert_eq!(unbase64("YWRtaW4=").as_deref(), Some("admin"));
        assert_eq!(unbase64("MWYyZDFlMmU2N2Rm").as_deref(), Some("1f2d1e2e67df"));
        assert_eq!(unbase64("!!"), None);
    }
}
