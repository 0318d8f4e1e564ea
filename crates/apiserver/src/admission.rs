//! Admission plugins a default cluster runs on create: ServiceAccount,
//! DefaultTolerationSeconds, Priority, DefaultStorageClass, LimitRanger and
//! ResourceQuota.

use crate::error::{ApiError, Result};
use crate::store::Store;
use kubeplay_model::api::{PodSpec, Toleration};
use kubeplay_model::{Kind, Object};

pub fn admit_create(store: &Store, obj: &mut Object, rng: &mut dyn FnMut() -> u64) -> Result<()> {
    crate::service_alloc::allocate(store, obj, rng)?;
    if let Object::Pod(pod) = obj {
        service_account(pod.spec_mut());
        default_toleration_seconds(pod.spec_mut());
        priority(store, pod.spec_mut())?;
        crate::quota::limit_ranger(store, pod)?;
    }
    if let Object::PersistentVolumeClaim(pvc) = obj {
        default_storage_class(store, pvc);
    }
    // Quota is checked last, on the object as the other plugins left it.
    crate::quota::resource_quota(store, obj)?;
    Ok(())
}

/// DefaultStorageClass: a claim that names no class gets the default one.
fn default_storage_class(store: &Store, pvc: &mut kubeplay_model::api::PersistentVolumeClaim) {
    if pvc.spec.storage_class_name.is_some() {
        return;
    }
    let default = store.list(Kind::StorageClass, None).find(|c| c.meta().annotation("storageclass.kubernetes.io/is-default-class") == Some("true"));
    if let Some(c) = default {
        pvc.spec.storage_class_name = Some(c.name().to_string());
    }
}

/// The ServiceAccount plugin fills in `default`.
fn service_account(spec: &mut PodSpec) {
    let sa = spec.service_account_name.clone().filter(|s| !s.is_empty()).unwrap_or_else(|| "default".into());
    spec.service_account_name = Some(sa.clone());
    spec.service_account = Some(sa);
}

/// DefaultTolerationSeconds: tolerate not-ready and unreachable nodes for
/// 300 s unless the pod already tolerates them.
fn default_toleration_seconds(spec: &mut PodSpec) {
    for key in ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"] {
        let tolerated = spec.tolerations.iter().any(|t| {
            let key_ok = t.key.as_deref() == Some(key) || (t.key.as_deref().unwrap_or("").is_empty() && t.operator.as_deref() == Some("Exists"));
            let effect_ok = t.effect.as_deref().unwrap_or("").is_empty() || t.effect.as_deref() == Some("NoExecute");
            key_ok && effect_ok
        });
        if !tolerated {
            spec.tolerations.push(Toleration {
                key: Some(key.into()),
                operator: Some("Exists".into()),
                value: None,
                effect: Some("NoExecute".into()),
                toleration_seconds: Some(300),
            });
        }
    }
}

/// Priority: resolve `priorityClassName` (or the global default) into `priority`.
fn priority(store: &Store, spec: &mut PodSpec) -> Result<()> {
    let name = spec.priority_class_name.clone().filter(|n| !n.is_empty());
    let class = match &name {
        Some(n) => match store.get_by(Kind::PriorityClass, "", n) {
            Some(c) => Some(c.clone()),
            None if n == "system-cluster-critical" || n == "system-node-critical" => None,
            None => {
                return Err(ApiError::Forbidden {
                    message: format!("pods \"\" is forbidden: no PriorityClass with name {n} was found"),
                })
            }
        },
        None => store
            .list(Kind::PriorityClass, None)
            .find(|c| matches!(&***c, Object::PriorityClass(pc) if pc.global_default == Some(true)))
            .cloned(),
    };
    let value = match (&name, class.as_deref()) {
        (_, Some(Object::PriorityClass(pc))) => {
            if spec.preemption_policy.is_none() {
                spec.preemption_policy = Some(pc.preemption_policy.clone().unwrap_or_else(|| "PreemptLowerPriority".into()));
            }
            if name.is_none() {
                spec.priority_class_name = Some(pc.metadata.name.clone());
            }
            pc.value
        }
        (Some(n), _) if n == "system-node-critical" => 2_000_001_000,
        (Some(n), _) if n == "system-cluster-critical" => 2_000_000_000,
        _ => 0,
    };
    spec.priority = Some(value);
    if spec.preemption_policy.is_none() {
        spec.preemption_policy = Some("PreemptLowerPriority".into());
    }
    Ok(())
}
