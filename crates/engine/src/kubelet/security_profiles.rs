//! The container runtime's refusals of a container's seccomp and AppArmor
//! profiles, which the kubelet reports as `CreateContainerError` with
//! containerd's message (and a `Failed` event, "Error: " + message).
//!
//! A `Localhost` seccomp profile is a file under the kubelet's seccomp
//! root, `/var/lib/kubelet/seccomp`, read by containerd when it creates
//! the container: on a kind node that is the node's own file system, which
//! hostPath volumes write (`files::Scope::Host`). A `Localhost` AppArmor
//! profile must be loaded in the kernel; kind's nodes share the host's
//! kernel, and the playground's host has none of the user's profiles
//! loaded, so such a container is always refused. A privileged container
//! gets no seccomp profile, as containerd gives it none.

use super::files::{self, Entry, Files, Scope};
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::validation::go_quote;
use kubeplay_model::validation::security_profiles::effective;
use serde_json::Value;

/// The kubelet's `--seccomp-profile-root`, under its root directory.
pub const SECCOMP_ROOT: &str = "/var/lib/kubelet/seccomp";

/// Why containerd refuses to create `c` of `pod` on `node`, whose files
/// are `files`; None when it creates it.
pub fn create_error(files: &Files, node: &str, pod: &Pod, c: &Container) -> Option<String> {
    // containerd generates the AppArmor options before it creates the
    // container; the seccomp file is read while creating it.
    if let Some(p) = effective(&pod.spec, c, "appArmorProfile").filter(|p| p.type_ == "Localhost") {
        let name = p.localhost.unwrap_or_default();
        return Some(format!("failed to get container spec opts: failed to generate apparmor spec opts: apparmor profile not found {name}"));
    }
    if privileged(c) {
        return None;
    }
    let p = effective(&pod.spec, c, "seccompProfile").filter(|p| p.type_ == "Localhost")?;
    let path = seccomp_path(p.localhost.as_deref().unwrap_or_default());
    let scope = Scope::Host(node.to_string());
    let implied_dir = || !files::children(files, &scope, &path).is_empty();
    match files::get(files, &scope, &path).map(|w| &w.entry) {
        Some(Entry::File(_)) => None,
        Some(Entry::Dir) => Some(format!("failed to create containerd container: cannot load seccomp profile {}: read {path}: is a directory", go_quote(&path))),
        None if implied_dir() => Some(format!("failed to create containerd container: cannot load seccomp profile {}: read {path}: is a directory", go_quote(&path))),
        _ => Some(format!("failed to create containerd container: cannot load seccomp profile {}: open {path}: no such file or directory", go_quote(&path))),
    }
}

/// `filepath.Join(seccompProfileRoot, localhostProfile)`: validation has
/// made it relative and free of `..`.
pub fn seccomp_path(localhost: &str) -> String {
    let mut out = SECCOMP_ROOT.to_string();
    for part in localhost.split('/').filter(|p| !p.is_empty() && *p != ".") {
        out.push('/');
        out.push_str(part);
    }
    out
}

fn privileged(c: &Container) -> bool {
    c.security_context.as_deref().and_then(|sc| sc.get("privileged")).and_then(Value::as_bool) == Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Object;
    use serde_json::json;

    fn pod(spec: serde_json::Value) -> Pod {
        match kubeplay_codec::object_from_json(&json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": spec})).expect("decodes") {
            Object::Pod(p) => *p,
            _ => unreachable!("a pod"),
        }
    }

    #[test]
    fn localhost_profiles_must_be_on_the_node() {
        let mut written = Files::new();
        written.insert((Scope::Host("kind-worker".into()), "/var/lib/kubelet/seccomp/profiles/audit.json".into()), files::Written { entry: Entry::File("{}".into()), at: kubeplay_model::time::EPOCH, mode: 0o644 });
        let seccomp = |p: &str| json!({"seccompProfile": {"type": "Localhost", "localhostProfile": p}});
        let missing = "failed to create containerd container: cannot load seccomp profile \"/var/lib/kubelet/seccomp/profiles/violation.json\": open /var/lib/kubelet/seccomp/profiles/violation.json: no such file or directory";
        let apparmor = "failed to get container spec opts: failed to generate apparmor spec opts: apparmor profile not found k8s-apparmor-example-deny-write";
        // (pod securityContext, container securityContext, node) → error
        type Case<'a> = (serde_json::Value, serde_json::Value, &'a str, Option<&'a str>);
        let cases: Vec<Case> = vec![
            (seccomp("profiles/audit.json"), json!(null), "kind-worker", None),
            (seccomp("./profiles//audit.json"), json!(null), "kind-worker", None),
            (seccomp("profiles/audit.json"), json!(null), "kind-worker2", Some("failed to create containerd container: cannot load seccomp profile \"/var/lib/kubelet/seccomp/profiles/audit.json\": open /var/lib/kubelet/seccomp/profiles/audit.json: no such file or directory")),
            (seccomp("profiles/violation.json"), json!(null), "kind-worker", Some(missing)),
            (seccomp("profiles"), json!(null), "kind-worker", Some("failed to create containerd container: cannot load seccomp profile \"/var/lib/kubelet/seccomp/profiles\": read /var/lib/kubelet/seccomp/profiles: is a directory")),
            // The container's own profile wins; a privileged one has none.
            (seccomp("profiles/violation.json"), json!({"seccompProfile": {"type": "RuntimeDefault"}}), "kind-worker", None),
            (json!(null), seccomp("profiles/violation.json"), "kind-worker", Some(missing)),
            (seccomp("profiles/violation.json"), json!({"privileged": true}), "kind-worker", None),
            (json!({"seccompProfile": {"type": "RuntimeDefault"}}), json!(null), "kind-worker", None),
            (json!({"appArmorProfile": {"type": "Localhost", "localhostProfile": "k8s-apparmor-example-deny-write"}}), json!(null), "kind-worker", Some(apparmor)),
            (json!({"appArmorProfile": {"type": "RuntimeDefault"}}), json!(null), "kind-worker", None),
            (json!(null), json!({"appArmorProfile": {"type": "Localhost", "localhostProfile": "k8s-apparmor-example-deny-write"}, "privileged": true}), "kind-worker", Some(apparmor)),
        ];
        for (pod_sc, ctr_sc, node, want) in cases {
            let mut c = json!({"name": "c", "image": "busybox"});
            if !ctr_sc.is_null() {
                c["securityContext"] = ctr_sc.clone();
            }
            let mut spec = json!({"containers": [c]});
            if !pod_sc.is_null() {
                spec["securityContext"] = pod_sc.clone();
            }
            let p = pod(spec);
            assert_eq!(create_error(&written, node, &p, &p.spec.containers[0]).as_deref(), want, "{pod_sc} {ctr_sc} {node}");
        }
    }
}
