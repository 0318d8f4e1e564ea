//! ConfigMaps and Secrets a pod refers to: a missing one blocks the pod
//! with the kubelet's exact errors — `CreateContainerConfigError` for
//! environment variables, `FailedMount` for volumes — until it exists.

use kubeplay_apiserver::Store;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::{Kind, Object};
use std::collections::BTreeSet;

/// Keys of a ConfigMap or Secret, or None when it does not exist.
fn keys(store: &Store, kind: Kind, ns: &str, name: &str) -> Option<BTreeSet<String>> {
    match store.get_by(kind, ns, name).map(|o| &**o) {
        Some(Object::ConfigMap(cm)) => Some(cm.data.keys().chain(cm.binary_data.keys()).cloned().collect()),
        Some(Object::Secret(s)) => Some(s.data.keys().chain(s.string_data.keys()).cloned().collect()),
        _ => None,
    }
}

/// Whether a ConfigMap or Secret exists: a volume needs no more to be set
/// up, and every pod's token volume asks about `kube-root-ca.crt`.
fn exists(store: &Store, kind: Kind, ns: &str, name: &str) -> bool {
    matches!(store.get_by(kind, ns, name).map(|o| &**o), Some(Object::ConfigMap(_) | Object::Secret(_)))
}

fn not_found(kind: Kind, name: &str) -> String {
    match kind {
        Kind::Secret => format!("secret \"{name}\" not found"),
        _ => format!("configmap \"{name}\" not found"),
    }
}

/// The environment a container gets (`makeEnvironmentVariables`): the
/// names it will see, or the error that stops it from being created.
pub fn env_names(store: &Store, ns: &str, c: &Container) -> Result<BTreeSet<String>, String> {
    let mut names = BTreeSet::new();
    for from in &c.env_from {
        let prefix = from.prefix.clone().unwrap_or_default();
        let (kind, r) = match (&from.config_map_ref, &from.secret_ref) {
            (Some(r), _) => (Kind::ConfigMap, r),
            (None, Some(r)) => (Kind::Secret, r),
            (None, None) => continue,
        };
        let name = r.name.clone().unwrap_or_default();
        match keys(store, kind, ns, &name) {
            Some(ks) => names.extend(ks.into_iter().map(|k| format!("{prefix}{k}"))),
            None if r.optional == Some(true) => {}
            None => return Err(not_found(kind, &name)),
        }
    }
    for e in &c.env {
        let Some(from) = &e.value_from else {
            names.insert(e.name.clone());
            continue;
        };
        let (kind, sel, label) = match (&from.config_map_key_ref, &from.secret_key_ref) {
            (Some(s), _) => (Kind::ConfigMap, s, "ConfigMap"),
            (None, Some(s)) => (Kind::Secret, s, "Secret"),
            // Downward API and resource fields always resolve.
            (None, None) => {
                names.insert(e.name.clone());
                continue;
            }
        };
        let name = sel.name.clone().unwrap_or_default();
        let optional = sel.optional == Some(true);
        match keys(store, kind, ns, &name) {
            Some(ks) if ks.contains(&sel.key) => {
                names.insert(e.name.clone());
            }
            Some(_) if optional => {}
            Some(_) => return Err(format!("couldn't find key {} in {label} {ns}/{name}", sel.key)),
            None if optional => {}
            None => return Err(not_found(kind, &name)),
        }
    }
    Ok(names)
}

/// Volumes that cannot be set up yet: (volume name, error).
pub fn unmountable(store: &Store, pod: &Pod) -> Vec<(String, String)> {
    let ns = &pod.metadata.namespace;
    let mut out = Vec::new();
    for v in &pod.spec.volumes {
        let wanted = if let Some(cm) = &v.config_map {
            Some((Kind::ConfigMap, cm.name.clone().unwrap_or_default(), cm.optional == Some(true)))
        } else {
            v.secret.as_ref().map(|s| (Kind::Secret, s.secret_name.clone().unwrap_or_default(), s.optional == Some(true)))
        };
        let mut refs: Vec<(Kind, String, bool)> = wanted.into_iter().collect();
        refs.extend(projected_sources(v.projected.as_deref()));
        for (kind, name, optional) in refs {
            if !optional && !exists(store, kind, ns, &name) {
                out.push((v.name.to_string(), not_found(kind, &name)));
                break;
            }
        }
    }
    out
}

/// ConfigMaps and Secrets inside a projected volume's sources.
pub(super) fn projected_sources(projected: Option<&serde_json::Value>) -> Vec<(Kind, String, bool)> {
    let Some(sources) = projected.and_then(|p| p.get("sources")).and_then(|s| s.as_array()) else { return Vec::new() };
    sources
        .iter()
        .filter_map(|s| {
            let (kind, r) = match (s.get("configMap"), s.get("secret")) {
                (Some(r), _) => (Kind::ConfigMap, r),
                (None, Some(r)) => (Kind::Secret, r),
                _ => return None,
            };
            let name = r.get("name").and_then(|n| n.as_str()).unwrap_or_default().to_string();
            let optional = r.get("optional").and_then(|o| o.as_bool()) == Some(true);
            Some((kind, name, optional))
        })
        .collect()
}

/// Whether a ConfigMap or Secret named `name` matters to this pod.
pub fn refers_to(pod: &Pod, kind: Kind, name: &str) -> bool {
    let c_refs = pod.spec.init_containers.iter().chain(&pod.spec.containers).any(|c| {
        c.env_from.iter().any(|f| match kind {
            Kind::Secret => f.secret_ref.as_ref().and_then(|r| r.name.as_deref()) == Some(name),
            _ => f.config_map_ref.as_ref().and_then(|r| r.name.as_deref()) == Some(name),
        }) || c.env.iter().filter_map(|e| e.value_from.as_ref()).any(|f| match kind {
            Kind::Secret => f.secret_key_ref.as_ref().and_then(|r| r.name.as_deref()) == Some(name),
            _ => f.config_map_key_ref.as_ref().and_then(|r| r.name.as_deref()) == Some(name),
        })
    });
    let v_refs = pod.spec.volumes.iter().any(|v| match kind {
        Kind::Secret => v.secret.as_ref().and_then(|s| s.secret_name.as_deref()) == Some(name),
        _ => v.config_map.as_ref().and_then(|c| c.name.as_deref()) == Some(name),
    } || projected_sources(v.projected.as_deref()).iter().any(|(k, n, _)| *k == kind && n == name));
    c_refs || v_refs
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::*;
    use kubeplay_model::ObjectMeta;
    use std::collections::BTreeMap;

    use crate::testing::store_with;

    fn cm(name: &str, keys: &[&str]) -> Object {
        Object::ConfigMap(Box::new(ConfigMap {
            metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
            data: keys.iter().map(|k| (k.to_string(), "v".to_string())).collect::<BTreeMap<_, _>>(),
            ..Default::default()
        }))
    }

    fn env_from_key(var: &str, cm: &str, key: &str, secret: bool) -> EnvVar {
        let sel = KeySelector { name: Some(cm.into()), key: key.into(), optional: None };
        EnvVar {
            name: var.into(),
            value: None,
            value_from: Some(Box::new(if secret { EnvVarSource { secret_key_ref: Some(sel), ..Default::default() } } else { EnvVarSource { config_map_key_ref: Some(sel), ..Default::default() } })),
        }
    }

    // Messages as kubelet_pods.go makeEnvironmentVariables returns them.
    #[test]
    fn env_errors() {
        let s = store_with(vec![cm("special-config", &["special.how"])]);
        let mut c = Container { name: "c".into(), env: vec![env_from_key("HOW", "special-config", "special.how", false)], ..Default::default() };
        assert_eq!(env_names(&s, "default", &c), Ok(BTreeSet::from(["HOW".to_string()])));
        c.env = vec![env_from_key("TYPE", "special-config", "special.type", false)];
        assert_eq!(env_names(&s, "default", &c), Err("couldn't find key special.type in ConfigMap default/special-config".into()));
        c.env = vec![env_from_key("X", "missing", "k", false)];
        assert_eq!(env_names(&s, "default", &c), Err("configmap \"missing\" not found".into()));
        c.env = vec![env_from_key("P", "db-secret", "password", true)];
        assert_eq!(env_names(&s, "default", &c), Err("secret \"db-secret\" not found".into()));
        c.env = vec![];
        c.env_from = vec![EnvFromSource { prefix: Some("CFG_".into()), config_map_ref: Some(NameOptional { name: Some("special-config".into()), optional: None }), secret_ref: None }];
        assert_eq!(env_names(&s, "default", &c), Ok(BTreeSet::from(["CFG_special.how".to_string()])));
        c.env_from[0].config_map_ref = Some(NameOptional { name: Some("nope".into()), optional: Some(true) });
        assert_eq!(env_names(&s, "default", &c), Ok(BTreeSet::new()));
    }

    #[test]
    fn volume_errors() {
        let s = store_with(vec![cm("present", &["a"])]);
        let vol = |name: &str, cm: &str| Volume { name: name.into(), config_map: Some(Box::new(ConfigMapVolumeSource { name: Some(cm.into()), ..Default::default() })), ..Default::default() };
        let mut pod = Pod::default();
        pod.metadata.namespace = "default".into();
        pod.spec_mut().volumes = vec![vol("ok", "present"), vol("config-volume", "special-config")].into();
        assert_eq!(unmountable(&s, &pod), vec![("config-volume".to_string(), "configmap \"special-config\" not found".to_string())]);
        assert!(refers_to(&pod, Kind::ConfigMap, "special-config"));
        assert!(!refers_to(&pod, Kind::Secret, "special-config"));
    }
}
