//! Defaulting as the API server applies it (`pkg/apis/*/v1/defaults.go`
//! and the generated declarative defaults): every kind, including the pod
//! templates inside workloads, plus the registry strategies' create/update
//! preparation in [`strategy`].
//!
//! The API server applies these in upstream's order: on create
//! `apply_defaults` → (assign uid) → `prepare_for_create` → validate; on
//! update `apply_defaults` → `prepare_for_update` → validate_update.
//! Defaulting is idempotent, as upstream's is.

mod admission_policy;
mod apps;
mod batch;
mod core;
mod image;
mod crd;
mod flowcontrol;
mod other;
mod pod;
pub mod strategy;

pub use strategy::{generate_job_selector, pod_qos_class, prepare_for_create, prepare_for_update, stamp_phase_transition};

use crate::api::ResourceList;
use crate::object::Object;
use crate::shared::Shared;

/// Applies the API server's defaults for the object's kind, in place.
pub fn apply_defaults(obj: &mut Object) {
    match obj {
        Object::Pod(p) => pod::pod(p),
        Object::Deployment(d) => apps::deployment(d),
        Object::ReplicaSet(rs) => apps::replica_set(rs),
        Object::StatefulSet(s) => apps::stateful_set(s),
        Object::DaemonSet(ds) => apps::daemon_set(ds),
        Object::ReplicationController(rc) => apps::replication_controller(rc),
        Object::Job(j) => batch::job(j),
        Object::CronJob(c) => batch::cron_job(c),
        Object::Service(s) => core::service(s),
        Object::PersistentVolumeClaim(p) => core::pvc(p),
        Object::PersistentVolume(p) => core::pv(p),
        Object::Secret(s) => core::secret(s),
        Object::Namespace(ns) => core::namespace(ns),
        Object::Node(n) => core::node(n),
        Object::Endpoints(e) => core::endpoints(e),
        Object::LimitRange(l) => core::limit_range(l),
        Object::ResourceQuota(q) => core::resource_quota(q),
        Object::HorizontalPodAutoscaler(h) => other::hpa(h),
        Object::StorageClass(s) => other::storage_class(s),
        Object::PriorityClass(p) => other::priority_class(p),
        Object::EndpointSlice(e) => other::endpoint_slice(e),
        Object::IngressClass(c) => other::ingress_class(c),
        Object::NetworkPolicy(p) => other::network_policy(p),
        Object::RoleBinding(b) => other::role_binding(&mut b.role_ref, &mut b.subjects),
        Object::ClusterRoleBinding(b) => other::role_binding(&mut b.role_ref, &mut b.subjects),
        Object::CustomResourceDefinition(c) => crd::crd(c),
        // No defaults upstream: ConfigMap (its empty `data` is not printed),
        // ServiceAccount, ControllerRevision, PodDisruptionBudget, Event,
        // Ingress (v1 leaves pathType for validation to require),
        // CertificateSigningRequest (v1 registers none), RuntimeClass.
        // A Lease has none, but its coordinated-election fields are
        // dropped while the CoordinatedLeaderElection gate is off (v1.32's
        // default), as its strategy's PrepareForCreate/Update drop them.
        Object::Lease(l) => {
            l.spec.strategy = None;
            l.spec.preferred_holder = None;
        }
        Object::ConfigMap(_) | Object::ServiceAccount(_) | Object::ControllerRevision(_) | Object::PodDisruptionBudget(_) | Object::Event(_) | Object::Ingress(_) | Object::Role(_) | Object::ClusterRole(_) | Object::CertificateSigningRequest(_) | Object::RuntimeClass(_) => {}
        // Never written: the API server answers reads of it and refuses writes.
        Object::ComponentStatus(_) => {}
        // Presented, not written: the playground registers no aggregated APIs.
        Object::APIService(_) => {}
        // Presented, not written: the kubelets keep them.
        Object::CSINode(_) => {}
        Object::ValidatingAdmissionPolicy(p) => crate::defaults::admission_policy::policy(p),
        Object::ValidatingAdmissionPolicyBinding(b) => crate::defaults::admission_policy::binding(b),
        Object::PodTemplate(t) => pod::template(&mut t.template),
        Object::FlowSchema(f) => flowcontrol::flow_schema(f),
        Object::PriorityLevelConfiguration(p) => flowcontrol::priority_level(p),
        // A custom resource's defaults come from its CRD's schema, which
        // the API server applies.
        Object::Custom(_) => {}
    }
}

/// `SetDefaults_ResourceList`: every quantity rounded up to milli-units.
pub(crate) fn round_resources(list: &mut ResourceList) {
    for q in list.values_mut() {
        q.round_up(-3);
    }
}

/// [`round_resources`] for a list objects share (a ReplicaSet's pods and
/// their template): written, and so copied, only when a quantity is finer
/// than milli-units.
pub(crate) fn round_shared(list: &mut Shared<ResourceList>) {
    if !list.values().all(|q| q.is_exact(-3)) {
        round_resources(list);
    }
}

#[cfg(test)]
mod tests;
