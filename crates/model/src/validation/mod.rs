//! Validation as the API server applies it (`pkg/apis/*/validation`): one
//! entry point for creates and one for updates, each dispatching on the
//! object's kind and returning upstream's field errors in upstream's order.
//!
//! Both expect a defaulted object (run `defaults::apply_defaults` first),
//! exactly as the real server validates after defaulting.

mod apps;
mod autoscaling;
pub mod batch;
mod common;
mod container;
mod core;
mod diff;
pub mod field;
mod gojson;
pub mod events_v1;
mod flowcontrol;
mod lease;
mod pod_template;
mod meta;
pub mod networking;
mod other;
mod crd;
pub mod certificates;
mod node;
mod pod;
mod rbac;
mod scheduling;
pub mod security_profiles;
mod service;
pub mod sysctls;
mod storage;

pub use batch::validate_cron_schedule;
pub use common::is_extended_resource;
pub use field::{aggregate_message, go_quote, invalid_error_message, status_message, BadValue, ErrorType, FieldError, Path};

use crate::object::Object;
use common::Errs;

/// Validates an object about to be created, as the kind's `Validate`
/// strategy does. An empty list means the object is valid.
pub fn validate(obj: &Object) -> Vec<FieldError> {
    match obj {
        Object::Namespace(o) => core::namespace(o),
        Object::Node(o) => core::node(o),
        Object::Pod(o) => pod::pod(o),
        Object::ReplicaSet(o) => apps::replica_set(o),
        Object::Deployment(o) => apps::deployment(o),
        Object::StatefulSet(o) => apps::stateful_set(o),
        Object::DaemonSet(o) => apps::daemon_set(o),
        Object::ControllerRevision(o) => apps::controller_revision(o),
        Object::Job(o) => batch::job(o),
        Object::CronJob(o) => batch::cron_job(o),
        Object::HorizontalPodAutoscaler(o) => autoscaling::hpa(o),
        Object::Service(o) => service::service(o),
        Object::Endpoints(o) => core::endpoints(o),
        Object::EndpointSlice(o) => other::endpoint_slice(o),
        Object::ConfigMap(o) => core::config_map(o),
        Object::Secret(o) => core::secret(o),
        Object::ServiceAccount(o) => core::service_account(o),
        Object::PersistentVolumeClaim(o) => storage::pvc(o),
        Object::PersistentVolume(o) => storage::pv(o),
        Object::StorageClass(o) => other::storage_class(o),
        Object::PriorityClass(o) => other::priority_class(o),
        Object::PodDisruptionBudget(o) => other::pdb(o),
        Object::Ingress(o) => networking::ingress(o),
        Object::IngressClass(o) => networking::ingress_class(o),
        Object::NetworkPolicy(o) => networking::network_policy(o),
        Object::Role(o) => rbac::role(o),
        Object::ClusterRole(o) => rbac::cluster_role(o),
        Object::RoleBinding(o) => rbac::role_binding(o),
        Object::ClusterRoleBinding(o) => rbac::cluster_role_binding(o),
        Object::ResourceQuota(o) => core::resource_quota(o),
        Object::LimitRange(o) => core::limit_range(o),
        Object::ReplicationController(o) => apps::replication_controller(o),
        Object::Event(o) => core::event(o),
        // The schema's checks need the CRD: the API server runs them.
        Object::Custom(o) => meta::object_meta(&o.metadata, o.kind.namespaced(), crate::names::NameRule::DnsSubdomain),
        Object::CustomResourceDefinition(o) => crd::crd(o),
        Object::CertificateSigningRequest(o) => certificates::csr(o),
        Object::RuntimeClass(o) => node::runtime_class(o),
        Object::Lease(o) => lease::lease(o),
        // Read-only: its REST storage has no create or update to validate.
        Object::ComponentStatus(_) => Vec::new(),
        // Writes are turned away before they get here (kubectl's
        // `exec/lease_writes.rs`): the playground serves no aggregated API.
        Object::APIService(_) => Vec::new(),
        Object::CSINode(_) => Vec::new(),
        // Checked by the API server, which compiles the expressions.
        Object::ValidatingAdmissionPolicy(_) | Object::ValidatingAdmissionPolicyBinding(_) => Vec::new(),
        Object::PodTemplate(o) => pod_template::pod_template(o),
        Object::FlowSchema(o) => flowcontrol::flow_schema(o),
        Object::PriorityLevelConfiguration(o) => flowcontrol::priority_level(o),
    }
}

/// Validates an update of `old` (the stored object) to `new`, as the
/// kind's `ValidateUpdate` strategy does: immutable fields, then the
/// create-time rules on the new object.
///
/// The API server copies server-owned metadata (uid, creationTimestamp,
/// resourceVersion, generation) into `new` before calling this. Writes
/// made by the system through a status or binding subresource should not
/// go through here: upstream validates those with different rules.
pub fn validate_update(old: &Object, new: &Object) -> Vec<FieldError> {
    match (new, old) {
        (Object::Pod(n), Object::Pod(o)) => pod::pod_update(n, o),
        (Object::Node(n), Object::Node(o)) => core::node_update(n, o),
        (Object::ReplicaSet(n), Object::ReplicaSet(o)) => apps::replica_set_update(n, o),
        (Object::Deployment(n), Object::Deployment(o)) => apps::deployment_update(n, o),
        (Object::StatefulSet(n), Object::StatefulSet(o)) => apps::stateful_set_update(n, o),
        (Object::DaemonSet(n), Object::DaemonSet(o)) => apps::daemon_set_update(n, o),
        (Object::ControllerRevision(n), Object::ControllerRevision(o)) => apps::controller_revision_update(n, o),
        (Object::ReplicationController(n), Object::ReplicationController(o)) => apps::replication_controller_update(n, o),
        (Object::Job(n), Object::Job(o)) => batch::job_update(n, o),
        (Object::CronJob(n), Object::CronJob(o)) => batch::cron_job_update(n, o),
        (Object::HorizontalPodAutoscaler(n), Object::HorizontalPodAutoscaler(o)) => autoscaling::hpa_update(n, o),
        (Object::PodDisruptionBudget(n), Object::PodDisruptionBudget(o)) => other::pdb_update(n, o),
        (Object::Ingress(n), Object::Ingress(o)) => networking::ingress_update(n, o),
        (Object::IngressClass(n), Object::IngressClass(o)) => networking::ingress_class_update(n, o),
        (Object::NetworkPolicy(n), Object::NetworkPolicy(o)) => networking::network_policy_update(n, o),
        (Object::Role(n), Object::Role(o)) => rbac::role_update(n, o),
        (Object::ClusterRole(n), Object::ClusterRole(o)) => rbac::cluster_role_update(n, o),
        (Object::RoleBinding(n), Object::RoleBinding(o)) => rbac::role_binding_update(n, o),
        (Object::ClusterRoleBinding(n), Object::ClusterRoleBinding(o)) => rbac::cluster_role_binding_update(n, o),
        (Object::PriorityClass(n), Object::PriorityClass(o)) => other::priority_class_update(n, o),
        (Object::CustomResourceDefinition(n), Object::CustomResourceDefinition(o)) => crd::crd_update(n, o),
        (Object::CertificateSigningRequest(n), Object::CertificateSigningRequest(o)) => certificates::csr_update(n, o, certificates::Subresource::Main),
        (Object::StorageClass(n), Object::StorageClass(o)) => other::storage_class_update(n, o),
        (Object::RuntimeClass(n), Object::RuntimeClass(o)) => node::runtime_class_update(n, o),
        (Object::Lease(n), Object::Lease(o)) => lease::lease_update(n, o),
        (Object::PodTemplate(n), Object::PodTemplate(o)) => pod_template::pod_template_update(n, o),
        (Object::FlowSchema(n), Object::FlowSchema(o)) => {
            let mut errs = meta::object_meta_update(&n.metadata, &o.metadata);
            errs.extend(flowcontrol::flow_schema(n));
            errs
        }
        (Object::PriorityLevelConfiguration(n), Object::PriorityLevelConfiguration(o)) => {
            let mut errs = meta::object_meta_update(&n.metadata, &o.metadata);
            errs.extend(flowcontrol::priority_level(n));
            errs
        }
        (Object::Service(n), Object::Service(o)) => service::service_update(n, o),
        (Object::ConfigMap(n), Object::ConfigMap(o)) => core::config_map_update(n, o),
        (Object::Secret(n), Object::Secret(o)) => core::secret_update(n, o),
        (Object::PersistentVolumeClaim(n), Object::PersistentVolumeClaim(o)) => storage::pvc_update(n, o),
        (Object::PersistentVolume(n), Object::PersistentVolume(o)) => storage::pv_update(n, o),
        (Object::ResourceQuota(n), Object::ResourceQuota(o)) => {
            let mut errs = generic_update(new, old);
            errs.extend(core::resource_quota_update(n, o));
            errs
        }
        (Object::EndpointSlice(n), Object::EndpointSlice(o)) => {
            let mut errs = generic_update(new, old);
            if n.address_type != o.address_type {
                errs.push(common::immutable(BadValue::str(n.address_type.as_str()), &Path::new("addressType")));
            }
            errs
        }
        _ if new.kind() != old.kind() => {
            vec![FieldError::internal(&Path::nil(), format!("cannot update a {} to a {}", old.kind().info().kind, new.kind().info().kind))]
        }
        // Namespace, ServiceAccount, Endpoints, Event, ResourceQuota,
        // LimitRange: metadata rules plus the create rules on the new object.
        _ => generic_update(new, old),
    }
}

/// `ValidatePodEphemeralContainersUpdate`: a write of a pod's
/// `ephemeralcontainers` subresource, which may only add ephemeral containers.
pub fn validate_ephemeral_containers_update(old: &crate::api::Pod, new: &crate::api::Pod) -> Vec<FieldError> {
    pod::pod_ephemeral_containers_update(new, old)
}

/// `ValidateObjectMetaUpdate` followed by the kind's non-metadata create rules.
fn generic_update(new: &Object, old: &Object) -> Errs {
    let mut errs = meta::object_meta_update(new.meta(), old.meta());
    errs.extend(validate(new).into_iter().filter(|e| !e.field.starts_with("metadata.")));
    errs
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream_apps;
#[cfg(test)]
mod upstream_batch;
#[cfg(test)]
mod upstream_cluster;
#[cfg(test)]
mod upstream_core;
#[cfg(test)]
mod upstream_crd;
#[cfg(test)]
mod upstream_networking;
#[cfg(test)]
mod upstream_network_policy;
#[cfg(test)]
mod upstream_node;
#[cfg(test)]
mod upstream_other;
#[cfg(test)]
mod upstream_rbac;
#[cfg(test)]
mod upstream_quota;
#[cfg(test)]
mod upstream_replicas;
#[cfg(test)]
mod upstream_storage;
