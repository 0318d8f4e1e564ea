//! `/proc/<pid>/attr/current` inside a container: the AppArmor profile
//! its processes run under, as containerd chose it. A container without a
//! profile, or with `RuntimeDefault`, gets containerd's default profile
//! (`cri-containerd.apparmor.d`, in enforce mode) unless it is
//! privileged; `Unconfined` gets none. (A `Localhost` profile never gets
//! this far in the playground: no such profile is loaded on its nodes, so
//! the container is not created.) The host is taken to have AppArmor
//! enabled, as the Ubuntu machines kind usually runs on do.

use kubeplay_model::api::{Container, Pod};
use kubeplay_model::validation::security_profiles::effective;
use serde_json::Value;

/// Where the profile is read from: the container's first process, the
/// reader itself, and the kernel's newer per-module file.
const PATHS: &[&str] = &["/proc/1/attr/current", "/proc/self/attr/current", "/proc/1/attr/apparmor/current", "/proc/self/attr/apparmor/current"];

/// containerd's default AppArmor profile.
const RUNTIME_DEFAULT: &str = "cri-containerd.apparmor.d";

/// The label a process of `c` shows: `NAME (enforce)` or `unconfined`.
pub fn label(pod: &Pod, c: &Container) -> String {
    let privileged = c.security_context.as_deref().and_then(|sc| sc.get("privileged")).and_then(Value::as_bool) == Some(true);
    match effective(&pod.spec, c, "appArmorProfile") {
        Some(p) if p.type_ == "Unconfined" => "unconfined".to_string(),
        Some(p) if p.type_ == "Localhost" => format!("{} (enforce)", p.localhost.unwrap_or_default()),
        _ if privileged => "unconfined".to_string(),
        _ => format!("{RUNTIME_DEFAULT} (enforce)"),
    }
}

/// The files under /proc that hold the label, for the container's view.
pub fn files(pod: &Pod, c: &Container) -> Vec<(String, String)> {
    let text = format!("{}\n", label(pod, c));
    PATHS.iter().map(|p| (p.to_string(), text.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn labels() {
        // (pod securityContext, container securityContext) → label
        let cases = [
            (json!(null), json!(null), "cri-containerd.apparmor.d (enforce)"),
            (json!({"appArmorProfile": {"type": "RuntimeDefault"}}), json!(null), "cri-containerd.apparmor.d (enforce)"),
            (json!({"appArmorProfile": {"type": "RuntimeDefault"}}), json!({"appArmorProfile": {"type": "Unconfined"}}), "unconfined"),
            (json!(null), json!({"privileged": true}), "unconfined"),
            (json!(null), json!({"appArmorProfile": {"type": "Localhost", "localhostProfile": "k8s-apparmor-example-deny-write"}}), "k8s-apparmor-example-deny-write (enforce)"),
        ];
        for (pod_sc, ctr_sc, want) in cases {
            let mut c = json!({"name": "c", "image": "busybox"});
            if !ctr_sc.is_null() {
                c["securityContext"] = ctr_sc.clone();
            }
            let mut spec = json!({"containers": [c]});
            if !pod_sc.is_null() {
                spec["securityContext"] = pod_sc.clone();
            }
            let pod = match kubeplay_codec::object_from_json(&json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": spec})).expect("decodes") {
                kubeplay_model::Object::Pod(p) => *p,
                _ => unreachable!("a pod"),
            };
            assert_eq!(label(&pod, &pod.spec.containers[0]), want, "{pod_sc} {ctr_sc}");
        }
    }
}
