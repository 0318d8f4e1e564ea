//! Back references: once names have changed (prefix, suffix, hash), the
//! fields that name another resource (kustomize's nameReference field
//! specs, the common ones) are pointed at its new name.

use super::paths::pod_specs;
use super::res::Res;
use serde_json::Value;

/// A field naming a resource of `kind`, in the namespace `ns` (`None`:
/// the referrer's own).
struct Ref {
    pointer: String,
    kind: &'static str,
    ns: Option<String>,
    /// A binding subject's namespace, set along with the name.
    ns_pointer: Option<String>,
}

fn simple(pointer: String, kind: &'static str) -> Ref {
    Ref {
        pointer,
        kind,
        ns: None,
        ns_pointer: None,
    }
}

fn items(v: &Value, pointer: &str) -> usize {
    v.pointer(pointer)
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

/// The references in a pod spec, for the kinds kustomize's defaults name
/// for each: ConfigMaps and Secrets from every workload but the
/// ReplicationController; ServiceAccounts, claims and priority classes
/// from every one but the ReplicaSet and the PodTemplate.
fn pod_refs(v: &Value, spec: &str, kind: &str, out: &mut Vec<Ref>) {
    let config = kind != "ReplicationController";
    let others = !matches!(kind, "ReplicaSet" | "PodTemplate");
    for i in 0..items(v, &format!("{spec}/volumes")) {
        let vol = format!("{spec}/volumes/{i}");
        if config {
            out.push(simple(format!("{vol}/configMap/name"), "ConfigMap"));
            out.push(simple(format!("{vol}/secret/secretName"), "Secret"));
            for j in 0..items(v, &format!("{vol}/projected/sources")) {
                out.push(simple(
                    format!("{vol}/projected/sources/{j}/configMap/name"),
                    "ConfigMap",
                ));
                out.push(simple(
                    format!("{vol}/projected/sources/{j}/secret/name"),
                    "Secret",
                ));
            }
        }
        if others {
            out.push(simple(
                format!("{vol}/persistentVolumeClaim/claimName"),
                "PersistentVolumeClaim",
            ));
        }
    }
    for list in ["containers", "initContainers"]
        .into_iter()
        .filter(|_| config)
    {
        for i in 0..items(v, &format!("{spec}/{list}")) {
            let c = format!("{spec}/{list}/{i}");
            for j in 0..items(v, &format!("{c}/env")) {
                out.push(simple(
                    format!("{c}/env/{j}/valueFrom/configMapKeyRef/name"),
                    "ConfigMap",
                ));
                out.push(simple(
                    format!("{c}/env/{j}/valueFrom/secretKeyRef/name"),
                    "Secret",
                ));
            }
            for j in 0..items(v, &format!("{c}/envFrom")) {
                out.push(simple(
                    format!("{c}/envFrom/{j}/configMapRef/name"),
                    "ConfigMap",
                ));
                out.push(simple(format!("{c}/envFrom/{j}/secretRef/name"), "Secret"));
            }
        }
    }
    for i in (0..items(v, &format!("{spec}/imagePullSecrets"))).filter(|_| config) {
        out.push(simple(
            format!("{spec}/imagePullSecrets/{i}/name"),
            "Secret",
        ));
    }
    if others {
        out.push(simple(
            format!("{spec}/serviceAccountName"),
            "ServiceAccount",
        ));
        out.push(simple(format!("{spec}/priorityClassName"), "PriorityClass"));
    }
}

/// A service reference with its own namespace (webhooks, API services).
fn service_ref(v: &Value, at: &str, out: &mut Vec<Ref>) {
    if v.pointer(at).is_some() {
        let ns = v
            .pointer(&format!("{at}/namespace"))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        out.push(Ref {
            pointer: format!("{at}/name"),
            kind: "Service",
            ns: Some(ns),
            ns_pointer: Some(format!("{at}/namespace")),
        });
    }
}

fn kind_of(v: &Value, pointer: &str) -> Option<&'static str> {
    const KINDS: &[&str] = &[
        "Role",
        "ClusterRole",
        "Deployment",
        "StatefulSet",
        "ReplicaSet",
        "ReplicationController",
    ];
    let k = v.pointer(pointer)?.as_str()?;
    KINDS.iter().find(|x| **x == k).copied()
}

fn refs(kind: &str, v: &Value) -> Vec<Ref> {
    let mut out = Vec::new();
    for spec in pod_specs(kind) {
        pod_refs(v, spec, kind, &mut out);
    }
    match kind {
        "StatefulSet" => {
            out.push(simple("/spec/serviceName".into(), "Service"));
            for i in 0..items(v, "/spec/volumeClaimTemplates") {
                out.push(simple(
                    format!("/spec/volumeClaimTemplates/{i}/spec/storageClassName"),
                    "StorageClass",
                ));
            }
        }
        "Ingress" => {
            out.push(simple("/spec/ingressClassName".into(), "IngressClass"));
            out.push(simple("/spec/backend/serviceName".into(), "Service"));
            for i in 0..items(v, "/spec/tls") {
                out.push(simple(format!("/spec/tls/{i}/secretName"), "Secret"));
            }
            out.push(simple(
                "/spec/defaultBackend/service/name".into(),
                "Service",
            ));
            for i in 0..items(v, "/spec/rules") {
                for j in 0..items(v, &format!("/spec/rules/{i}/http/paths")) {
                    out.push(simple(
                        format!("/spec/rules/{i}/http/paths/{j}/backend/service/name"),
                        "Service",
                    ));
                    out.push(simple(
                        format!("/spec/rules/{i}/http/paths/{j}/backend/serviceName"),
                        "Service",
                    ));
                }
            }
        }
        "ServiceAccount" => {
            for i in 0..items(v, "/imagePullSecrets") {
                out.push(simple(format!("/imagePullSecrets/{i}/name"), "Secret"));
            }
        }
        "PersistentVolumeClaim" => {
            out.push(simple("/spec/volumeName".into(), "PersistentVolume"));
            out.push(simple("/spec/storageClassName".into(), "StorageClass"));
        }
        "PersistentVolume" => out.push(simple("/spec/storageClassName".into(), "StorageClass")),
        "Role" | "ClusterRole" => {
            // Names in resourceNames may be any of these kinds'.
            let kinds: &[&'static str] = if kind == "Role" {
                &["ConfigMap", "Secret"]
            } else {
                &["ConfigMap", "Secret", "PersistentVolume"]
            };
            for i in 0..items(v, "/rules") {
                for j in 0..items(v, &format!("/rules/{i}/resourceNames")) {
                    for k in kinds {
                        out.push(simple(format!("/rules/{i}/resourceNames/{j}"), k));
                    }
                }
            }
        }
        "HorizontalPodAutoscaler" => {
            if let Some(kind) = kind_of(v, "/spec/scaleTargetRef/kind") {
                out.push(simple("/spec/scaleTargetRef/name".into(), kind));
            }
        }
        "ValidatingWebhookConfiguration" | "MutatingWebhookConfiguration" => {
            for i in 0..items(v, "/webhooks") {
                service_ref(v, &format!("/webhooks/{i}/clientConfig/service"), &mut out);
            }
        }
        "CustomResourceDefinition" => {
            service_ref(v, "/spec/conversion/webhook/clientConfig/service", &mut out)
        }
        "APIService" => service_ref(v, "/spec/service", &mut out),
        "RoleBinding" | "ClusterRoleBinding" => {
            if let Some(kind) = kind_of(v, "/roleRef/kind") {
                out.push(simple("/roleRef/name".into(), kind));
            }
            for i in 0..items(v, "/subjects") {
                if v.pointer(&format!("/subjects/{i}/kind"))
                    .and_then(Value::as_str)
                    == Some("ServiceAccount")
                {
                    let ns = v
                        .pointer(&format!("/subjects/{i}/namespace"))
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string();
                    out.push(Ref {
                        pointer: format!("/subjects/{i}/name"),
                        kind: "ServiceAccount",
                        ns: Some(ns),
                        ns_pointer: Some(format!("/subjects/{i}/namespace")),
                    });
                }
            }
        }
        _ => {}
    }
    out
}

/// What a reference may resolve to.
struct Known {
    kind: String,
    name: String,
    prev_names: Vec<String>,
    ns: String,
    prev_ns: Vec<String>,
    cluster: bool,
    prefixes: Vec<String>,
    suffixes: Vec<String>,
}

/// The resource a reference means: of its kind, having had its name, in
/// the referrer's namespace (now or before).
fn resolve<'a>(
    all: &'a [Known],
    kind: &str,
    name: &str,
    ns: &str,
    ns_given: bool,
    from: &Known,
) -> Option<&'a Known> {
    let mut candidates: Vec<&Known> = all
        .iter()
        .filter(|c| c.kind == kind && (c.name == name || c.prev_names.iter().any(|p| p == name)))
        .filter(|c| {
            c.cluster
                || c.ns == ns
                || (ns_given && c.prev_ns.iter().any(|p| p == ns))
                // Only a cluster-scoped referrer (a ClusterRoleBinding) looks
                // in every namespace.
                || (ns.is_empty() && !ns_given && from.cluster)
        })
        .collect();
    if candidates.len() > 1 {
        candidates.retain(|c| c.prefixes == from.prefixes && c.suffixes == from.suffixes);
    }
    match candidates.as_slice() {
        [one] => Some(one),
        [first, rest @ ..] if rest.iter().all(|c| c.name == first.name) => Some(first),
        _ => None,
    }
}

/// Points every reference at the current name of what it refers to.
pub fn fix(list: &mut [Res]) {
    let all: Vec<Known> = list
        .iter()
        .map(|r| Known {
            kind: r.kind().to_string(),
            name: r.name().to_string(),
            prev_names: r.prev_names.clone(),
            ns: r.namespace().to_string(),
            prev_ns: r.prev_namespaces.clone(),
            cluster: super::names::cluster_scoped(r),
            prefixes: r.prefixes.clone(),
            suffixes: r.suffixes.clone(),
        })
        .collect();
    for (r, me) in list.iter_mut().zip(&all) {
        let (ns, kind) = (r.namespace().to_string(), r.kind().to_string());
        let mut v = Value::Object(std::mem::take(&mut r.obj));
        for rf in refs(&kind, &v) {
            let Some(name) = v
                .pointer(&rf.pointer)
                .and_then(Value::as_str)
                .map(str::to_string)
            else {
                continue;
            };
            let (want_ns, given) = match &rf.ns {
                Some(n) if !n.is_empty() => (n.clone(), true),
                _ => (ns.clone(), false),
            };
            let Some(target) = resolve(&all, rf.kind, &name, &want_ns, given, me) else {
                continue;
            };
            let (new_name, new_ns) = (target.name.clone(), target.ns.clone());
            if let Some(slot) = v.pointer_mut(&rf.pointer) {
                *slot = Value::String(new_name);
            }
            if let (Some(p), false) = (&rf.ns_pointer, new_ns.is_empty()) {
                if let Some((parent, field)) = p.rsplit_once('/') {
                    if let Some(Value::Object(m)) = v.pointer_mut(parent) {
                        m.insert(field.to_string(), Value::String(new_ns));
                    }
                }
            }
        }
        if let Value::Object(m) = v {
            r.obj = m;
        }
    }
}
