//! `verifyRunAsNonRoot` (kuberuntime's security_context_others.go): a
//! container whose effective security context asks for `runAsNonRoot`
//! is not created when it would run as root, and the kubelet reports
//! CreateContainerConfigError until the pod is replaced (the fields are
//! immutable, so retries fail the same way).

use super::image::ImageRef;
use kubeplay_model::api::{Container, Pod};
use serde_json::Value;

/// The user an image's config names, as containerd reports it: a
/// number, or a name the kubelet cannot check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ImageUser {
    Uid(i64),
    Name(&'static str),
}

/// Images whose config sets a non-root USER; every other image the
/// playground knows sets none, which the kubelet takes as root
/// (`getImageUser`: "If non of them is set, treat it as root").
fn image_user(image: &ImageRef) -> ImageUser {
    let repo = image.repository();
    let tag = image.effective_tag().unwrap_or("");
    match repo.as_str() {
        "docker.io/nginxinc/nginx-unprivileged" => ImageUser::Uid(101),
        "registry.k8s.io/pause" => ImageUser::Uid(65535),
        "docker.io/curlimages/curl" => ImageUser::Name("curl_user"),
        r if r.starts_with("gcr.io/distroless/") && tag.contains("nonroot") => ImageUser::Uid(65532),
        r if r.starts_with("docker.io/bitnami/") => ImageUser::Uid(1001),
        _ => ImageUser::Uid(0),
    }
}

/// A field of the effective security context: the container's, else the
/// pod's (`DetermineEffectiveSecurityContext`).
fn effective<'a>(pod: &'a Pod, c: &'a Container, field: &str) -> Option<&'a Value> {
    let own = c.security_context.as_ref().and_then(|sc| sc.get(field)).filter(|v| !v.is_null());
    own.or_else(|| pod.spec.security_context.as_ref().and_then(|sc| sc.get(field)).filter(|v| !v.is_null()))
}

/// The kubelet's refusal to create `c`, if its settings and its image's
/// user break a `runAsNonRoot` request.
pub fn violation(pod: &Pod, c: &Container, image: &ImageRef) -> Option<String> {
    if effective(pod, c, "runAsNonRoot").and_then(Value::as_bool) != Some(true) {
        return None;
    }
    let m = &pod.metadata;
    let pod_ref = format!("\"{}_{}({})\"", m.name, m.namespace, m.uid);
    if let Some(uid) = effective(pod, c, "runAsUser").and_then(Value::as_i64) {
        return (uid == 0).then(|| format!("container's runAsUser breaks non-root policy (pod: {pod_ref}, container: {})", c.name));
    }
    match image_user(image) {
        ImageUser::Uid(0) => Some(format!("container has runAsNonRoot and image will run as root (pod: {pod_ref}, container: {})", c.name)),
        ImageUser::Uid(_) => None,
        ImageUser::Name(user) => Some(format!(
            "container has runAsNonRoot and image has non-numeric user ({user}), cannot verify user is non-root (pod: {pod_ref}, container: {})",
            c.name
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod(pod_sc: Option<Value>, ctr_sc: Option<Value>) -> (Pod, Container) {
        let mut p = Pod::default();
        p.metadata.name = "web".into();
        p.metadata.namespace = "default".into();
        p.metadata.uid = "u1".into();
        let c = Container { name: "app".into(), security_context: ctr_sc.map(Box::new), ..Default::default() };
        let spec = std::sync::Arc::make_mut(&mut p.spec);
        spec.security_context = pod_sc.map(Box::new);
        spec.containers.push(c.clone());
        (p, c)
    }

    fn check(image: &str, pod_sc: Option<Value>, ctr_sc: Option<Value>) -> Option<String> {
        let (p, c) = pod(pod_sc, ctr_sc);
        violation(&p, &c, &ImageRef::parse(image).unwrap())
    }

    // Cases from upstream's TestVerifyRunAsNonRoot
    // (pkg/kubelet/kuberuntime/security_context_others_test.go).
    #[test]
    fn run_as_non_root_is_checked_against_the_settings_then_the_image() {
        let root = "container has runAsNonRoot and image will run as root (pod: \"web_default(u1)\", container: app)";
        let breaks = "container's runAsUser breaks non-root policy (pod: \"web_default(u1)\", container: app)";
        let cases: &[(&str, Option<Value>, Option<Value>, Option<&str>)] = &[
            // Not asked for: anything runs.
            ("busybox", None, None, None),
            ("busybox", None, Some(json!({"runAsNonRoot": false})), None),
            // Asked for, the image's root user.
            ("busybox", None, Some(json!({"runAsNonRoot": true})), Some(root)),
            ("nginx:1.25", Some(json!({"runAsNonRoot": true})), None, Some(root)),
            // The container's false overrides the pod's true.
            ("busybox", Some(json!({"runAsNonRoot": true})), Some(json!({"runAsNonRoot": false})), None),
            // A non-root user set anywhere passes; uid 0 breaks it.
            ("busybox", None, Some(json!({"runAsNonRoot": true, "runAsUser": 1000})), None),
            ("busybox", Some(json!({"runAsUser": 1000})), Some(json!({"runAsNonRoot": true})), None),
            ("busybox", None, Some(json!({"runAsNonRoot": true, "runAsUser": 0})), Some(breaks)),
            ("busybox", Some(json!({"runAsUser": 1000})), Some(json!({"runAsNonRoot": true, "runAsUser": 0})), Some(breaks)),
            // Images whose own user is not root.
            ("nginxinc/nginx-unprivileged:1.25", None, Some(json!({"runAsNonRoot": true})), None),
            ("gcr.io/distroless/static:nonroot", None, Some(json!({"runAsNonRoot": true})), None),
        ];
        for (image, pod_sc, ctr_sc, want) in cases {
            assert_eq!(check(image, pod_sc.clone(), ctr_sc.clone()).as_deref(), *want, "{image} {pod_sc:?} {ctr_sc:?}");
        }
    }

    #[test]
    fn a_named_image_user_cannot_be_verified() {
        let got = check("curlimages/curl", None, Some(json!({"runAsNonRoot": true}))).unwrap();
        assert_eq!(got, "container has runAsNonRoot and image has non-numeric user (curl_user), cannot verify user is non-root (pod: \"web_default(u1)\", container: app)");
    }
}
