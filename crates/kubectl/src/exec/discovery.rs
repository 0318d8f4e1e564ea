//! What kubectl learns from discovery and the version endpoint:
//! `api-resources`, `api-versions`, `version`, `cluster-info`.

use super::{Cx, Output, SERVER_VERSION};
use crate::cli::resources::{ALL_CATEGORY, API_EXTENSIONS_CATEGORY};
use crate::cli::{ApiResources, Version};
use crate::print::tabwriter::TabWriter;
use kubeplay_model::{Kind, Selector};

/// The client this terminal pretends to be.
pub const CLIENT_VERSION: &str = "v1.32.0";
pub const KUSTOMIZE_VERSION: &str = "v5.5.0";
/// The API server's address as a kubeconfig for a local cluster names it.
pub const SERVER_URL: &str = "https://127.0.0.1:6443";

fn verbs(kind: Kind) -> &'static [&'static str] {
    match kind {
        // Namespaces cannot be deleted as a collection.
        Kind::Namespace => &["create", "delete", "get", "list", "patch", "update", "watch"],
        // Answered by probes at each read: nothing to write or watch.
        Kind::ComponentStatus => &["get", "list"],
        _ => &["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
    }
}

fn categories(kind: Kind) -> &'static [&'static str] {
    if ALL_CATEGORY.contains(&kind) {
        &["all"]
    } else if API_EXTENSIONS_CATEGORY.contains(&kind) {
        &["api-extensions"]
    } else {
        &[]
    }
}

/// One resource as discovery describes it, what `api-resources` filters
/// and prints.
struct Resource<'a> {
    name: &'a str,
    short_names: &'a [&'a str],
    group: &'a str,
    version: &'a str,
    namespaced: bool,
    kind: &'a str,
    verbs: &'a [&'a str],
    categories: &'a [&'a str],
}

impl Resource<'_> {
    fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.to_string()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }
}

/// `kubectl api-resources` over the kinds the cluster serves.
pub fn api_resources(a: &ApiResources, out: &mut Output) {
    let mut resources: Vec<Resource> = Kind::ALL
        .iter()
        .map(|k| {
            let i = k.info();
            Resource { name: i.plural, short_names: i.short_names, group: i.group, version: i.version, namespaced: i.namespaced, kind: i.kind, verbs: verbs(*k), categories: categories(*k) }
        })
        .collect();
    // events.k8s.io/v1 serves the same Events (see `api::events_v1`).
    let event = Kind::Event.info();
    resources.push(Resource {
        name: event.plural,
        short_names: event.short_names,
        group: kubeplay_model::api::events_v1::GROUP,
        version: kubeplay_model::api::events_v1::VERSION,
        namespaced: true,
        kind: event.kind,
        verbs: verbs(Kind::Event),
        categories: &[],
    });
    // The custom kinds the cluster's CRDs serve, at their preferred version.
    let served = kubeplay_model::custom_kind::served();
    let names: Vec<(Vec<&str>, Vec<&str>)> = served.iter().map(|s| (s.short_names.iter().map(String::as_str).collect(), s.categories.iter().map(String::as_str).collect())).collect();
    for (s, (shorts, cats)) in served.iter().zip(&names) {
        let version = s.versions.first().map_or("", String::as_str);
        resources.push(Resource { name: &s.plural, short_names: shorts, group: &s.group, version, namespaced: s.namespaced, kind: s.kind.name(), verbs: verbs(s.kind), categories: cats });
    }
    print_resources(resources, a, out);
}

/// The resources that pass the filters (a resource without verbs never
/// does), sorted by group (or name/kind), ties by name.
fn print_resources(resources: Vec<Resource>, a: &ApiResources, out: &mut Output) {
    let mut rows: Vec<Resource> = resources
        .into_iter()
        .filter(|r| !r.verbs.is_empty())
        .filter(|r| a.api_group.as_ref().is_none_or(|g| g == r.group))
        .filter(|r| a.namespaced.is_none_or(|n| n == r.namespaced))
        .filter(|r| a.verbs.iter().all(|v| r.verbs.contains(&v.as_str())))
        .filter(|r| a.categories.iter().all(|c| r.categories.contains(&c.as_str())))
        .collect();
    let key = |r: &Resource| -> (String, String) {
        let first = match a.sort_by.as_deref() {
            Some("name") => r.name,
            Some("kind") => r.kind,
            _ => r.group,
        };
        (first.to_string(), r.name.to_string())
    };
    kubeplay_model::sort::sort_by_key(&mut rows, key);
    let wide = a.output.as_deref() == Some("wide");
    if a.output.as_deref() == Some("name") {
        for r in rows {
            out.stdout.push_str(&if r.group.is_empty() { format!("{}\n", r.name) } else { format!("{}.{}\n", r.name, r.group) });
        }
        return;
    }
    let mut text = String::new();
    if !a.no_headers {
        text.push_str("NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND");
        text.push_str(if wide { "\tVERBS\tCATEGORIES\n" } else { "\n" });
    }
    for r in rows {
        text.push_str(&format!("{}\t{}\t{}\t{}\t{}", r.name, r.short_names.join(","), r.api_version(), r.namespaced, r.kind));
        if wide {
            text.push_str(&format!("\t{}\t{}", r.verbs.join(","), r.categories.join(",")));
        }
        text.push('\n');
    }
    let mut w = TabWriter::kubectl();
    w.write(&text);
    out.stdout.push_str(&w.finish());
}

/// `kubectl api-versions`: every group/version the cluster serves its
/// kinds at, sorted as strings (so the core `v1` comes last). HPAs are
/// served at autoscaling/v1 as well as v2, Events at events.k8s.io/v1 too.
/// The groups of the kinds the playground does not model (the access
/// reviews' authentication.k8s.io and authorization.k8s.io) are listed
/// as a real cluster's discovery lists them.
pub fn api_versions(out: &mut Output) {
    let mut versions: Vec<String> = Kind::ALL.iter().map(|k| k.info().api_version()).collect();
    versions.extend(kubeplay_model::unserved::UNSERVED.iter().map(|u| u.group_version.to_string()));
    versions.push("autoscaling/v1".into());
    versions.push(kubeplay_model::api::events_v1::API_VERSION.into());
    for s in kubeplay_model::custom_kind::served().iter() {
        versions.extend(s.versions.iter().map(|v| format!("{}/{v}", s.group)));
    }
    kubeplay_model::sort::sort(&mut versions);
    versions.dedup();
    for v in versions {
        out.out(&v);
    }
}

/// `version.Info` as the JSON printer writes it (two-space indent, field order).
fn info_json(git_version: &str, indent: &str) -> String {
    let minor = git_version.split('.').nth(1).unwrap_or("");
    let fields = [
        ("major", "1"),
        ("minor", minor),
        ("gitVersion", git_version),
        ("gitCommit", "70d3cc986aa8221cd1dfb1121852688902d3bf53"),
        ("gitTreeState", "clean"),
        ("buildDate", "2024-12-11T17:59:15Z"),
        ("goVersion", "go1.23.3"),
        ("compiler", "gc"),
        ("platform", "linux/amd64"),
    ];
    let body: Vec<String> = fields.iter().map(|(k, v)| format!("{indent}  \"{k}\": \"{v}\"")).collect();
    format!("{{\n{}\n{indent}}}", body.join(",\n"))
}

/// The server's `/version` document (`kubectl get --raw /version`).
pub fn version_json() -> String {
    info_json(SERVER_VERSION, "")
}

/// `version.Info` as sigs.k8s.io/yaml writes it (keys sorted).
fn info_yaml(git_version: &str) -> String {
    let minor = git_version.split('.').nth(1).unwrap_or("");
    format!(
        "  buildDate: \"2024-12-11T17:59:15Z\"\n  compiler: gc\n  gitCommit: 70d3cc986aa8221cd1dfb1121852688902d3bf53\n  gitTreeState: clean\n  gitVersion: {git_version}\n  goVersion: go1.23.3\n  major: \"1\"\n  minor: \"{minor}\"\n  platform: linux/amd64\n"
    )
}

/// `kubectl version`.
pub fn version(v: &Version, out: &mut Output) {
    match v.output.as_deref() {
        Some("json") => {
            let mut parts = vec![format!("  \"clientVersion\": {}", info_json(CLIENT_VERSION, "  ")), format!("  \"kustomizeVersion\": \"{KUSTOMIZE_VERSION}\"")];
            if !v.client_only {
                parts.push(format!("  \"serverVersion\": {}", info_json(SERVER_VERSION, "  ")));
            }
            out.stdout.push_str(&format!("{{\n{}\n}}\n", parts.join(",\n")));
        }
        Some("yaml") => {
            let mut s = format!("clientVersion:\n{}kustomizeVersion: {KUSTOMIZE_VERSION}\n", info_yaml(CLIENT_VERSION));
            if !v.client_only {
                s.push_str(&format!("serverVersion:\n{}", info_yaml(SERVER_VERSION)));
            }
            // kubectl prints a blank line after the YAML document.
            out.stdout.push_str(&s);
            out.stdout.push('\n');
        }
        _ => {
            out.stdout.push_str(&format!("Client Version: {CLIENT_VERSION}\nKustomize Version: {KUSTOMIZE_VERSION}\n"));
            if !v.client_only {
                out.stdout.push_str(&format!("Server Version: {SERVER_VERSION}\n"));
            }
        }
    }
}

/// `kubectl cluster-info` (without the terminal colours kubectl adds).
pub fn cluster_info(cx: &Cx, out: &mut Output) {
    let mut s = format!("Kubernetes control plane is running at {SERVER_URL}\n");
    let selector = Selector::parse("kubernetes.io/cluster-service=true").unwrap_or_else(|_| Selector::nothing());
    for obj in cx.store.list(Kind::Service, Some("kube-system")).filter(|o| selector.matches(&o.meta().labels)) {
        let Some(svc) = obj.as_service() else { continue };
        let ingress = svc.status.load_balancer.as_ref().and_then(|lb| lb.ingress.first());
        let link = match ingress {
            Some(ing) => {
                let ip = ing.ip.clone().filter(|i| !i.is_empty()).or_else(|| ing.hostname.clone()).unwrap_or_default();
                svc.spec.ports.iter().map(|p| format!("http://{ip}:{} ", p.port)).collect::<String>()
            }
            None => {
                let mut name = svc.metadata.name.clone();
                if let Some(p) = svc.spec.ports.first() {
                    let port_name = p.name.clone().unwrap_or_default();
                    let scheme = if port_name == "https" || p.port == 443 { "https" } else { "" };
                    // utilnet.JoinSchemeNamePort: `[scheme:]name[:port]`.
                    name = match (scheme.is_empty(), port_name.is_empty()) {
                        (true, true) => name,
                        (true, false) => format!("{name}:{port_name}"),
                        (false, true) => format!("{scheme}:{name}:"),
                        (false, false) => format!("{scheme}:{name}:{port_name}"),
                    };
                }
                format!("{SERVER_URL}/api/v1/namespaces/{}/services/{name}/proxy", svc.metadata.namespace)
            }
        };
        let title = svc.metadata.labels.get("kubernetes.io/name").cloned().unwrap_or_else(|| svc.metadata.name.clone());
        s.push_str(&format!("{title} is running at {link}\n"));
    }
    s.push_str("\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n");
    out.stdout.push_str(&s);
}

#[cfg(test)]
#[path = "discovery_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;

    /// `kubectl api-versions` against a v1.32 kind cluster with nothing
    /// installed.
    #[test]
    fn api_versions_are_a_v1_32_cluster_s() {
        let mut out = Output::default();
        api_versions(&mut out);
        let want = [
            "admissionregistration.k8s.io/v1",
            "apiextensions.k8s.io/v1",
            "apiregistration.k8s.io/v1",
            "apps/v1",
            "authentication.k8s.io/v1",
            "authorization.k8s.io/v1",
            "autoscaling/v1",
            "autoscaling/v2",
            "batch/v1",
            "certificates.k8s.io/v1",
            "coordination.k8s.io/v1",
            "discovery.k8s.io/v1",
            "events.k8s.io/v1",
            "flowcontrol.apiserver.k8s.io/v1",
            "networking.k8s.io/v1",
            "node.k8s.io/v1",
            "policy/v1",
            "rbac.authorization.k8s.io/v1",
            "scheduling.k8s.io/v1",
            "storage.k8s.io/v1",
            "v1",
        ];
        assert_eq!(out.stdout, want.map(|v| format!("{v}\n")).concat());
    }
}
