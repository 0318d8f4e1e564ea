//! Admission plugins a default cluster runs on create, in kube-apiserver's
//! order: the mutating phase (LimitRanger's defaults, ServiceAccount,
//! Priority, DefaultTolerationSeconds, DefaultStorageClass, RuntimeClass,
//! DefaultIngressClass) before the object is validated, the validating
//! phase (LimitRanger's bounds, Priority's check of PriorityClasses,
//! PodSecurity, PersistentVolumeClaimResize on updates, ResourceQuota)
//! after.
//!
//! A mutating plugin sees the object before its name is generated, so it
//! names a pod made from `generateName` by that prefix
//! (`admission.NewForbidden`'s `extractResourceName`).

use crate::error::{ApiError, Result};
use crate::store::Store;
use kubeplay_model::api::{PodSpec, Toleration, Volume, VolumeMount};
use kubeplay_model::shared::Shared;
use kubeplay_model::{Kind, Object};
use serde_json::{json, Value};
use std::sync::Arc;

/// The mutating phase. `requested` is the name the request carried (the
/// `generateName` prefix when the name is left to the server).
pub fn admit_create(store: &Store, obj: &mut Object, requested: &str, rng: &mut dyn FnMut() -> u64) -> Result<()> {
    crate::service_alloc::allocate(store, obj, rng)?;
    if let Object::Pod(pod) = obj {
        crate::quota::limit_ranger_defaults(store, pod);
        let namespace = pod.metadata.namespace.clone();
        // A mirror pod stands for a static pod the kubelet runs from a file,
        // with no API credentials: upstream's plugin leaves it as it is.
        if !pod.metadata.annotations.contains_key("kubernetes.io/config.mirror") {
            service_account(store, &namespace, requested, pod.spec_mut())?;
            let uid = pod.metadata.uid.clone();
            mount_service_account_token(store, &namespace, &uid, pod.spec_mut());
            image_pull_secrets(store, &namespace, pod.spec_mut());
        }
        priority(store, requested, pod.spec_mut())?;
        default_toleration_seconds(pod.spec_mut());
        runtime_class(store, requested, pod.spec_mut())?;
    }
    if let Object::PersistentVolumeClaim(pvc) = obj {
        default_storage_class(store, pvc);
    }
    if let Object::Ingress(ing) = obj {
        default_ingress_class(store, ing);
    }
    storage_object_in_use_protection(obj);
    Ok(())
}

/// The `StorageObjectInUseProtection` plugin: every new claim and volume
/// carries the finalizer its protection controller removes once deleting
/// it can no longer pull storage from under a pod.
fn storage_object_in_use_protection(obj: &mut Object) {
    let finalizer = match obj {
        Object::PersistentVolumeClaim(_) => "kubernetes.io/pvc-protection",
        Object::PersistentVolume(_) => "kubernetes.io/pv-protection",
        _ => return,
    };
    let finalizers = &mut obj.meta_mut().finalizers;
    if !finalizers.iter().any(|f| f == finalizer) {
        finalizers.push(finalizer.into());
    }
}

/// The validating phase, on the validated object (its name generated).
pub fn validate_create(store: &mut Store, obj: &Object) -> Result<()> {
    crate::policy_admission::validate(obj)?;
    crate::quota::limit_ranger_validate(store, None, obj)?;
    if let Object::PriorityClass(pc) = obj {
        one_global_default(store, pc, true)?;
    }
    // PodSecurity's warnings reach the client even when a later plugin
    // refuses the request.
    let warnings = crate::pod_security::admit(store, None, obj)?;
    store.warn(warnings);
    let user = crate::authz::cluster_admin();
    crate::policy_admission::admit(store, &crate::policy_admission::Request { operation: "CREATE", subresource: "", object: Some(obj), old: None, user: &user })?;
    // Quota is checked last, on the object as the other plugins left it.
    charge_quotas(store, None, obj)
}

/// The validating phase of an update.
pub fn validate_update(store: &mut Store, old: &Object, new: &Object) -> Result<()> {
    crate::policy_admission::validate(new)?;
    crate::quota::limit_ranger_validate(store, Some(old), new)?;
    if let Object::PriorityClass(pc) = new {
        one_global_default(store, pc, false)?;
    }
    let warnings = crate::pod_security::admit(store, Some(old), new)?;
    store.warn(warnings);
    crate::pvc_resize::validate(store, old, new)?;
    let user = crate::authz::cluster_admin();
    let subresource = store.subresource();
    crate::policy_admission::admit(store, &crate::policy_admission::Request { operation: "UPDATE", subresource, object: Some(new), old: Some(old), user: &user })?;
    charge_quotas(store, Some(old), new)
}

/// The validating phase of a delete (ValidatingAdmissionPolicy sees
/// `oldObject` set, `object` null).
pub fn validate_delete(store: &mut Store, old: &Object) -> Result<()> {
    let user = crate::authz::cluster_admin();
    crate::policy_admission::admit(store, &crate::policy_admission::Request { operation: "DELETE", subresource: "", object: None, old: Some(old), user: &user })
}

/// ResourceQuota: the quotas an admitted write charges record it before
/// the write is stored, as upstream's plugin updates them; a request that
/// then fails (its name taken) stays charged until the controller's sync.
fn charge_quotas(store: &mut Store, old: Option<&Object>, obj: &Object) -> Result<()> {
    for q in crate::quota::resource_quota(store, old, obj)? {
        store.write_quota_usage(q);
    }
    Ok(())
}

fn forbidden(resource: &str, name: &str, detail: String) -> ApiError {
    ApiError::Forbidden { message: format!("{resource} \"{name}\" is forbidden: {detail}") }
}

/// The RuntimeClass plugin on a pod's create (see [`crate::runtime_class`]).
fn runtime_class(store: &Store, requested: &str, spec: &mut PodSpec) -> Result<()> {
    let lookup = |name: &str| match store.get_by(Kind::RuntimeClass, "", name).map(|o| &**o) {
        Some(Object::RuntimeClass(rc)) => Some(&**rc),
        _ => None,
    };
    crate::runtime_class::admit(spec, lookup).map_err(|r| forbidden("pods", requested, r.to_string()))
}

/// DefaultStorageClass: a claim that names no class gets the default one;
/// of several defaults, the newest (then the lowest name), as
/// `GetDefaultClass` sorts them.
fn default_storage_class(store: &Store, pvc: &mut kubeplay_model::api::PersistentVolumeClaim) {
    if pvc.spec.storage_class_name.is_some() {
        return;
    }
    let default = store
        .list(Kind::StorageClass, None)
        .filter(|c| c.meta().annotation("storageclass.kubernetes.io/is-default-class") == Some("true"))
        .min_by(|a, b| b.meta().creation_timestamp.cmp(&a.meta().creation_timestamp).then_with(|| a.name().cmp(b.name())));
    if let Some(c) = default {
        pvc.spec.storage_class_name = Some(c.name().to_string());
    }
}

/// DefaultIngressClass: an Ingress naming no class, in its field or in
/// the older `kubernetes.io/ingress.class` annotation, gets the default
/// IngressClass; of several defaults, the newest (then the lowest name).
fn default_ingress_class(store: &Store, ing: &mut kubeplay_model::api::Ingress) {
    if ing.spec.ingress_class_name.is_some() || ing.metadata.annotations.contains_key(kubeplay_model::validation::networking::INGRESS_CLASS_ANNOTATION) {
        return;
    }
    let newest = store
        .list(Kind::IngressClass, None)
        .filter(|c| c.meta().annotation(kubeplay_model::api::DEFAULT_INGRESS_CLASS_ANNOTATION) == Some("true"))
        .min_by(|a, b| b.meta().creation_timestamp.cmp(&a.meta().creation_timestamp).then_with(|| a.name().cmp(b.name())));
    if let Some(c) = newest {
        ing.spec.ingress_class_name = Some(c.name().to_string());
    }
}

/// The ServiceAccount plugin: a pod runs as `default` unless it names
/// another, which must exist. Upstream retries the lookup of `default` for
/// a second, long enough for the service account controller to make it
/// in a new namespace; the playground, whose controllers run only as time
/// passes, admits a pod for `default` without waiting.
fn service_account(store: &Store, namespace: &str, requested: &str, spec: &mut PodSpec) -> Result<()> {
    let sa = spec.service_account_name.clone().filter(|s| !s.is_empty()).unwrap_or_else(|| "default".into());
    if sa != "default" && store.get_by(Kind::ServiceAccount, namespace, &sa).is_none() {
        return Err(forbidden("pods", requested, format!("error looking up service account {namespace}/{sa}: serviceaccount \"{sa}\" not found")));
    }
    spec.service_account_name = Some(sa.clone());
    spec.service_account = Some(sa);
    Ok(())
}

/// Where the ServiceAccount plugin mounts the API access volume.
pub const TOKEN_MOUNT_PATH: &str = "/var/run/secrets/kubernetes.io/serviceaccount";
/// The projected volume's name before its generated suffix.
pub const TOKEN_VOLUME_PREFIX: &str = "kube-api-access-";

/// The ServiceAccount plugin's token mount: unless the pod (or else its
/// service account) turns `automountServiceAccountToken` off, every
/// container and init container without a mount at the token path gets one
/// of the `kube-api-access-…` projected volume (a bound token, the cluster's
/// CA bundle and the namespace), which is added unless the pod already
/// has one.
fn mount_service_account_token(store: &Store, namespace: &str, uid: &str, spec: &mut PodSpec) {
    let sa = spec.service_account_name.clone().unwrap_or_default();
    let sa_automount = match store.get_by(Kind::ServiceAccount, namespace, &sa).map(|o| &**o) {
        Some(Object::ServiceAccount(sa)) => sa.automount_service_account_token,
        _ => None,
    };
    if !spec.automount_service_account_token.or(sa_automount).unwrap_or(true) {
        return;
    }
    let existing = spec.volumes.iter().find(|v| v.name.starts_with(TOKEN_VOLUME_PREFIX)).map(|v| v.name.clone());
    let name = existing.clone().unwrap_or_else(|| token_volume_name(uid).into());
    let mount = VolumeMount { name: name.clone(), read_only: Some(true), mount_path: TOKEN_MOUNT_PATH.into(), ..Default::default() };
    let mut needed = false;
    for c in spec.init_containers.iter_mut().chain(spec.containers.iter_mut()) {
        if c.volume_mounts.iter().any(|m| m.mount_path == TOKEN_MOUNT_PATH) {
            continue;
        }
        // Exactly one more: a first push reserves four, held by every pod
        // for as long as it lives.
        c.volume_mounts.reserve_exact(1);
        c.volume_mounts.push(mount.clone());
        needed = true;
    }
    if needed && existing.is_none() {
        spec.volumes.reserve_exact(1);
        spec.volumes.push(Volume { name, projected: Some(token_volume_source()), ..Default::default() });
    }
}

/// The ServiceAccount plugin's last part: a pod that names no pull
/// secrets of its own gets its account's, by name only (a reference's
/// other fields are not copied, as upstream builds fresh references).
fn image_pull_secrets(store: &Store, namespace: &str, spec: &mut PodSpec) {
    if spec.image_pull_secrets.as_deref().and_then(Value::as_array).is_some_and(|a| !a.is_empty()) {
        return;
    }
    let sa = spec.service_account_name.as_deref().unwrap_or_default();
    let Some(Object::ServiceAccount(sa)) = store.get_by(Kind::ServiceAccount, namespace, sa).map(|o| &**o) else {
        return;
    };
    let names: Vec<Value> = sa
        .image_pull_secrets
        .as_ref()
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|r| json!({"name": r.get("name").and_then(Value::as_str).unwrap_or_default()}))
        .collect();
    // An empty list is dropped as the API's omitempty drops it.
    if !names.is_empty() {
        spec.image_pull_secrets = Some(Box::new(Value::Array(names)));
    }
}

/// The projected source upstream builds: a token valid for 3607 s (an
/// hour and the seven seconds it allows for clock skew), `ca.crt` from the
/// namespace's `kube-root-ca.crt`, and the namespace through the downward API.
fn token_volume_source() -> Arc<Value> {
    // Built once and shared: `json!` hashes every key into a fresh map,
    // and every pod a controller creates gets this volume.
    thread_local! {
        static SOURCE: Arc<Value> = Arc::new(token_volume_json());
    }
    SOURCE.with(Arc::clone)
}

fn token_volume_json() -> Value {
    json!({
        "defaultMode": 420,
        "sources": [
            {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
            {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}], "name": "kube-root-ca.crt"}},
            {"downwardAPI": {"items": [{"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"}, "path": "namespace"}]}}
        ]
    })
}

/// `kube-api-access-` and five characters, as `generateName` makes them.
/// Upstream draws them from the process's random source; here a generator
/// seeded by the pod's uid (itself from the session's seeded source) draws
/// them, so the volume leaves every later draw, and every later generated
/// name, as it would be without it.
fn token_volume_name(uid: &str) -> String {
    let mut rng = kubeplay_model::rng::Rng::new(kubeplay_model::fnv::fnv1a(uid.as_bytes()));
    format!("{TOKEN_VOLUME_PREFIX}{}", kubeplay_model::names::generate_name_suffix(&mut || rng.next_u64()))
}

/// DefaultTolerationSeconds: tolerate not-ready and unreachable nodes for
/// 300 s unless the pod already tolerates them.
fn default_toleration_seconds(spec: &mut PodSpec) {
    // Most pods tolerate nothing of their own: they all get one shared
    // list of the two (what the loop below would push, in its order).
    thread_local! {
        static DEFAULTS: Shared<Vec<Toleration>> = {
            let mut spec = PodSpec::default();
            add_default_tolerations(&mut spec);
            spec.tolerations
        };
    }
    if spec.tolerations.is_empty() {
        spec.tolerations = DEFAULTS.with(Shared::clone);
        return;
    }
    add_default_tolerations(spec);
}

fn add_default_tolerations(spec: &mut PodSpec) {
    for key in ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"] {
        let tolerated = spec.tolerations.iter().any(|t| {
            let key_ok = t.key.as_deref() == Some(key) || (t.key.as_deref().unwrap_or("").is_empty() && t.operator.as_deref() == Some("Exists"));
            let effect_ok = t.effect.as_deref().unwrap_or("").is_empty() || t.effect.as_deref() == Some("NoExecute");
            key_ok && effect_ok
        });
        if !tolerated {
            spec.tolerations.reserve_exact(1);
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

/// The cluster's default PriorityClass: the `globalDefault` one, the
/// lowest valued if a race made several (`getDefaultPriorityClass`).
fn default_priority_class(store: &Store) -> Option<&kubeplay_model::api::PriorityClass> {
    store
        .list(Kind::PriorityClass, None)
        .filter_map(|o| match &**o {
            Object::PriorityClass(pc) if pc.global_default == Some(true) => Some(&**pc),
            _ => None,
        })
        .min_by_key(|pc| pc.value)
}

/// Priority (plugin/pkg/admission/priority): resolves `priorityClassName`
/// (or the global default) into `priority` and `preemptionPolicy`; a pod
/// may not state values that differ from its class's.
fn priority(store: &Store, requested: &str, spec: &mut PodSpec) -> Result<()> {
    const PREEMPT: &str = "PreemptLowerPriority";
    let (class, value, policy) = match spec.priority_class_name.as_deref().filter(|n| !n.is_empty()) {
        None => match default_priority_class(store) {
            Some(pc) => (pc.metadata.name.clone(), pc.value, pc.preemption_policy.clone().unwrap_or_else(|| PREEMPT.into())),
            None => (String::new(), 0, PREEMPT.to_string()),
        },
        Some(n) => match store.get_by(Kind::PriorityClass, "", n).map(|o| &**o) {
            Some(Object::PriorityClass(pc)) => (n.to_string(), pc.value, pc.preemption_policy.clone().unwrap_or_else(|| PREEMPT.into())),
            _ => return Err(forbidden("pods", requested, format!("no PriorityClass with name {n} was found"))),
        },
    };
    if let Some(p) = spec.priority.filter(|p| *p != value) {
        return Err(forbidden(
            "pods",
            requested,
            format!("the integer value of priority ({p}) must not be provided in pod spec; priority admission controller computed {value} from the given PriorityClass name"),
        ));
    }
    if let Some(p) = spec.preemption_policy.as_deref().filter(|p| *p != policy) {
        return Err(forbidden(
            "pods",
            requested,
            format!("the string value of PreemptionPolicy ({p}) must not be provided in pod spec; priority admission controller computed {policy} from the given PriorityClass name"),
        ));
    }
    if !class.is_empty() {
        spec.priority_class_name = Some(class.into());
    }
    spec.priority = Some(value);
    spec.preemption_policy = Some(policy.into());
    Ok(())
}

/// Priority's check of PriorityClasses: only one may be the global default.
/// A create is refused whenever a default exists (even one of the same
/// name: admission comes before the store notices the name is taken); an
/// update only when the default is another class.
fn one_global_default(store: &Store, pc: &kubeplay_model::api::PriorityClass, creating: bool) -> Result<()> {
    if pc.global_default != Some(true) {
        return Ok(());
    }
    match default_priority_class(store).filter(|d| creating || d.metadata.name != pc.metadata.name) {
        Some(d) => Err(forbidden(
            "priorityclasses.scheduling.k8s.io",
            &pc.metadata.name,
            format!("PriorityClass {} is already marked as default. Only one default can exist", d.metadata.name),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
#[path = "admission_upstream_tests.rs"]
mod admission_upstream_tests;

#[cfg(test)]
#[path = "admission_sa_tests.rs"]
mod admission_sa_tests;

#[cfg(test)]
#[path = "admission_storage_tests.rs"]
mod admission_storage_tests;
