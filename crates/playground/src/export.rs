//! Export: the objects the user created, as clean apply-ready YAML, so
//! someone who outgrows the playground can `kubectl apply -f` them on a
//! real cluster. What the cluster made by itself (the default cluster,
//! controllers' children, Events, Endpoints, defaults per namespace) and
//! what the server set (status, uid, resourceVersion, assigned IPs…) is
//! left out.

use kubeplay_engine::Engine;
use kubeplay_model::{Kind, Object, ObjectKey};
use serde_json::Value;
use std::collections::BTreeSet;

/// Kinds in the order `kubectl apply -f` should meet them: what others
/// refer to (namespaces, classes, storage, config) before what uses it.
const ORDER: &[Kind] = &[
    Kind::Namespace,
    Kind::CustomResourceDefinition,
    // Policies before the objects they admit, as they were when those were made.
    Kind::ValidatingAdmissionPolicy,
    Kind::ValidatingAdmissionPolicyBinding,
    // Levels before the schemas that name them.
    Kind::PriorityLevelConfiguration,
    Kind::FlowSchema,
    Kind::PriorityClass,
    Kind::RuntimeClass,
    Kind::StorageClass,
    Kind::IngressClass,
    Kind::PersistentVolume,
    Kind::ResourceQuota,
    Kind::LimitRange,
    Kind::ServiceAccount,
    Kind::ClusterRole,
    Kind::ClusterRoleBinding,
    Kind::Role,
    Kind::RoleBinding,
    Kind::Secret,
    Kind::ConfigMap,
    Kind::Lease,
    Kind::PodTemplate,
    Kind::PersistentVolumeClaim,
    Kind::Service,
    Kind::Endpoints,
    Kind::EndpointSlice,
    Kind::NetworkPolicy,
    Kind::Ingress,
    Kind::Pod,
    Kind::ReplicationController,
    Kind::ReplicaSet,
    Kind::Deployment,
    Kind::StatefulSet,
    Kind::DaemonSet,
    Kind::Job,
    Kind::CronJob,
    Kind::HorizontalPodAutoscaler,
    Kind::PodDisruptionBudget,
    Kind::CertificateSigningRequest,
];

/// Annotations the server or controllers write.
const SERVER_ANNOTATIONS: &[&str] = &[
    "kubectl.kubernetes.io/last-applied-configuration",
    "deployment.kubernetes.io/revision",
    "deployment.kubernetes.io/desired-replicas",
    "deployment.kubernetes.io/max-replicas",
    "pv.kubernetes.io/bind-completed",
    "pv.kubernetes.io/bound-by-controller",
    "pv.kubernetes.io/provisioned-by",
    "volume.beta.kubernetes.io/storage-provisioner",
    "volume.kubernetes.io/storage-provisioner",
    "volume.kubernetes.io/selected-node",
];

/// Labels the API server puts on a Job and its template.
const JOB_LABELS: [&str; 4] = ["controller-uid", "batch.kubernetes.io/controller-uid", "job-name", "batch.kubernetes.io/job-name"];

/// Multi-document YAML of the user's objects in `engine`; `pristine` is a
/// fresh default cluster of the same seed, whose objects are not the user's.
pub fn export(engine: &Engine, pristine: &Engine) -> String {
    let defaults: BTreeSet<ObjectKey> = Kind::ALL.iter().flat_map(|k| pristine.store().list(*k, None).map(|o| o.key())).collect();
    let store = engine.store();
    let mut docs = Vec::new();
    // Custom resources come last, after the definitions that serve them.
    let custom: Vec<Kind> = store.custom_kinds().collect();
    for kind in ORDER.iter().chain(&custom) {
        for o in store.list(*kind, None) {
            if defaults.contains(&o.key()) || !users(engine, o) {
                continue;
            }
            docs.push(kubeplay_codec::to_yaml(&clean(o)));
        }
    }
    docs.join("---\n")
}

/// Whether the user (not the cluster) made this object.
fn users(engine: &Engine, o: &Object) -> bool {
    let m = o.meta();
    if m.controller_ref().is_some() || m.is_being_deleted() {
        return false;
    }
    match o {
        // Made for every namespace by the ServiceAccount and root-CA publishers.
        Object::ServiceAccount(_) => m.name != "default",
        Object::ConfigMap(_) => m.name != "kube-root-ca.crt",
        // The endpoints controller keeps these for Services with a selector.
        Object::Endpoints(_) => engine
            .store()
            .get(&ObjectKey::new(Kind::Service, &m.namespace, &m.name))
            .and_then(|s| s.as_service())
            .is_none_or(|s| s.spec.selector.is_empty()),
        // StatefulSets make claims from their templates, named TEMPLATE-SET-N.
        Object::PersistentVolumeClaim(_) => !engine.store().list(Kind::StatefulSet, Some(&m.namespace)).filter_map(|s| s.as_stateful_set()).any(|s| {
            s.spec.volume_claim_templates.iter().any(|t| m.name.starts_with(&format!("{}-{}-", t.metadata.name, s.metadata.name)))
        }),
        Object::PersistentVolume(_) => !m.annotations.contains_key("pv.kubernetes.io/provisioned-by"),
        // The API server's own priority and fairness configuration, stored
        // once a write named it: every cluster has it.
        Object::FlowSchema(_) | Object::PriorityLevelConfiguration(_) => !kubeplay_engine::flowcontrol::is_bootstrap(o.kind(), &m.name),
        // The two slice controllers label what they keep; a user's own
        // slices (for a Service without a selector) carry another manager.
        Object::EndpointSlice(_) => !matches!(
            m.label("endpointslice.kubernetes.io/managed-by"),
            Some("endpointslice-controller.k8s.io" | "endpointslicemirroring-controller.k8s.io")
        ),
        _ => true,
    }
}

/// Drops the `creationTimestamp: null` a server prints in every embedded
/// template's metadata: nobody writes it.
fn drop_null_timestamps(v: &mut Value) {
    match v {
        Value::Object(m) => {
            if let Some(Value::Object(meta)) = m.get_mut("metadata") {
                if meta.get("creationTimestamp").is_some_and(Value::is_null) {
                    meta.shift_remove("creationTimestamp");
                }
            }
            m.values_mut().for_each(drop_null_timestamps);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null_timestamps),
        _ => {}
    }
}

/// The object as a user would write it.
pub(crate) fn clean(o: &Object) -> Value {
    let mut v = o.to_json();
    drop_null_timestamps(&mut v);
    let Some(map) = v.as_object_mut() else { return v };
    map.remove("status");
    if let Some(Value::Object(meta)) = map.get_mut("metadata") {
        for f in ["uid", "resourceVersion", "creationTimestamp", "generation", "managedFields", "selfLink", "ownerReferences", "deletionTimestamp", "deletionGracePeriodSeconds"] {
            meta.remove(f);
        }
        if let Some(Value::Object(ann)) = meta.get_mut("annotations") {
            ann.retain(|k, _| !SERVER_ANNOTATIONS.contains(&k.as_str()));
            if ann.is_empty() {
                meta.remove("annotations");
            }
        }
        // Labels the server derives: a Namespace's own name, and a Job's
        // labels copied from its generated template labels.
        let derived: &[&str] = match o.kind() {
            Kind::Namespace => &["kubernetes.io/metadata.name"],
            Kind::Job => &JOB_LABELS,
            _ => &[],
        };
        if let Some(Value::Object(labels)) = meta.get_mut("labels") {
            labels.retain(|k, _| !derived.contains(&k.as_str()));
            if labels.is_empty() {
                meta.remove("labels");
            }
        }
    }
    if let Some(Value::Object(spec)) = map.get_mut("spec") {
        match o.kind() {
            // Assigned by the API server; a real cluster assigns its own.
            Kind::Service if spec.get("clusterIP").and_then(Value::as_str) != Some("None") => {
                spec.remove("clusterIP");
                spec.remove("clusterIPs");
            }
            // Chosen by the scheduler; node names differ between clusters.
            // The API access volume is the ServiceAccount plugin's: the
            // other cluster's adds its own.
            Kind::Pod => {
                spec.remove("nodeName");
                strip_token_volume(spec);
            }
            // Bound by the PV controller.
            Kind::PersistentVolumeClaim => {
                spec.remove("volumeName");
            }
            Kind::PersistentVolume => {
                spec.remove("claimRef");
            }
            Kind::Namespace => {
                map.remove("spec");
            }
            // The API server generates the selector and these template
            // labels from the Job's uid; applying them elsewhere is refused.
            Kind::Job if spec.get("manualSelector") != Some(&Value::Bool(true)) => {
                spec.remove("selector");
                if let Some(Value::Object(labels)) = spec.get_mut("template").and_then(|t| t.get_mut("metadata")).and_then(|m| m.get_mut("labels")) {
                    for l in JOB_LABELS {
                        labels.remove(l);
                    }
                }
            }
            _ => {}
        }
    }
    v
}

/// Removes the `kube-api-access-…` volume and every container's mount of it.
fn strip_token_volume(spec: &mut serde_json::Map<String, Value>) {
    let is_token = |v: &Value| v.get("name").and_then(Value::as_str).is_some_and(|n| n.starts_with(kubeplay_apiserver::TOKEN_VOLUME_PREFIX));
    if let Some(Value::Array(volumes)) = spec.get_mut("volumes") {
        volumes.retain(|v| !is_token(v));
        if volumes.is_empty() {
            spec.remove("volumes");
        }
    }
    for list in ["initContainers", "containers"] {
        for c in spec.get_mut(list).and_then(Value::as_array_mut).into_iter().flatten() {
            let Some(c) = c.as_object_mut() else { continue };
            if let Some(Value::Array(mounts)) = c.get_mut("volumeMounts") {
                mounts.retain(|m| !is_token(m));
                if mounts.is_empty() {
                    c.remove("volumeMounts");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ORDER;
    use kubeplay_model::Kind;

    /// Kinds a user does not write for another cluster: its machines, the
    /// controllers' revisions and what happened, and what the cluster
    /// presents of its own (never stored, so never among a user's objects).
    const NOT_EXPORTED: &[Kind] = &[Kind::Node, Kind::ControllerRevision, Kind::Event, Kind::ComponentStatus, Kind::APIService, Kind::CSINode];

    /// A kind added to the model must be placed in the export's order (or
    /// named as not exported), or a user's objects of it would be lost.
    #[test]
    fn every_kind_is_ordered_or_left_out_on_purpose() {
        for kind in Kind::ALL {
            let placed = ORDER.iter().filter(|k| *k == kind).count() + NOT_EXPORTED.iter().filter(|k| *k == kind).count();
            assert_eq!(placed, 1, "{kind:?}");
        }
    }
}
