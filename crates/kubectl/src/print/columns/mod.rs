//! The server-side table of each kind: its columns (as the API server's
//! printers declare them) and its rows. Rows always carry the wide cells,
//! as the API server generates them; the table printer drops priority-1
//! columns unless `-o wide`.

pub mod certificates;
pub mod cluster;
pub mod custom;
pub mod flowcontrol;
pub mod network;
pub mod pods;
pub mod rbac;
pub mod workloads;

use super::table::{Column, Row, Table};
use kubeplay_model::{Kind, Object, Time};

/// The columns of a kind's table.
pub fn columns(kind: Kind) -> &'static [Column] {
    match kind {
        Kind::Pod => pods::COLUMNS,
        Kind::Deployment => workloads::DEPLOYMENT,
        Kind::ReplicaSet | Kind::ReplicationController => workloads::REPLICA_SET,
        Kind::StatefulSet => workloads::STATEFUL_SET,
        Kind::DaemonSet => workloads::DAEMON_SET,
        Kind::Job => workloads::JOB,
        Kind::CronJob => workloads::CRON_JOB,
        Kind::ControllerRevision => workloads::CONTROLLER_REVISION,
        Kind::HorizontalPodAutoscaler => workloads::HPA,
        Kind::PodDisruptionBudget => workloads::PDB,
        Kind::Service => network::SERVICE,
        Kind::Endpoints => network::ENDPOINTS,
        Kind::EndpointSlice => network::ENDPOINT_SLICE,
        Kind::Ingress => network::INGRESS,
        Kind::IngressClass => network::INGRESS_CLASS,
        Kind::NetworkPolicy => network::NETWORK_POLICY,
        Kind::Node => cluster::NODE,
        Kind::Namespace => cluster::NAMESPACE,
        Kind::Event => cluster::EVENT,
        Kind::ConfigMap => cluster::CONFIG_MAP,
        Kind::Secret => cluster::SECRET,
        Kind::ServiceAccount => cluster::SERVICE_ACCOUNT,
        Kind::PersistentVolume => cluster::PV,
        Kind::PersistentVolumeClaim => cluster::PVC,
        Kind::StorageClass => cluster::STORAGE_CLASS,
        Kind::PriorityClass => cluster::PRIORITY_CLASS,
        Kind::RuntimeClass => cluster::RUNTIME_CLASS,
        Kind::Lease => cluster::LEASE,
        Kind::ComponentStatus => cluster::COMPONENT_STATUS,
        Kind::PodTemplate => workloads::POD_TEMPLATE,
        Kind::APIService => cluster::API_SERVICE,
        Kind::CSINode => cluster::CSI_NODE,
        Kind::ValidatingAdmissionPolicy => cluster::ADMISSION_POLICY,
        Kind::ValidatingAdmissionPolicyBinding => cluster::ADMISSION_POLICY_BINDING,
        Kind::ResourceQuota => cluster::RESOURCE_QUOTA,
        Kind::FlowSchema => flowcontrol::FLOW_SCHEMA,
        Kind::PriorityLevelConfiguration => flowcontrol::PRIORITY_LEVEL,
        Kind::LimitRange | Kind::CustomResourceDefinition => cluster::DEFAULT,
        Kind::Role | Kind::ClusterRole => rbac::ROLE,
        Kind::RoleBinding | Kind::ClusterRoleBinding => rbac::BINDING,
        Kind::CertificateSigningRequest => certificates::CSR,
        Kind::Custom(_) => cluster::CUSTOM,
    }
}

/// The cells of one object's row.
pub fn cells(obj: &Object, now: Time) -> Vec<String> {
    match obj {
        Object::Pod(o) => pods::cells(o, now),
        Object::Deployment(o) => workloads::deployment(o, now),
        Object::ReplicaSet(o) => workloads::replica_set(o, now),
        Object::ReplicationController(o) => workloads::replication_controller(o, now),
        Object::StatefulSet(o) => workloads::stateful_set(o, now),
        Object::DaemonSet(o) => workloads::daemon_set(o, now),
        Object::Job(o) => workloads::job(o, now),
        Object::CronJob(o) => workloads::cron_job(o, now),
        Object::ControllerRevision(o) => workloads::controller_revision(o, now),
        Object::HorizontalPodAutoscaler(o) => workloads::hpa(o, now),
        Object::PodDisruptionBudget(o) => workloads::pdb(o, now),
        Object::Service(o) => network::service(o, now),
        Object::Endpoints(o) => network::endpoints(o, now),
        Object::EndpointSlice(o) => network::endpoint_slice(o, now),
        Object::Ingress(o) => network::ingress(o, now),
        Object::IngressClass(o) => network::ingress_class(o, now),
        Object::NetworkPolicy(o) => network::network_policy(o, now),
        Object::Node(o) => cluster::node(o, now),
        Object::Namespace(o) => cluster::namespace(o, now),
        Object::Event(o) => cluster::event(o, now),
        Object::ConfigMap(o) => cluster::config_map(o, now),
        Object::Secret(o) => cluster::secret(o, now),
        Object::ServiceAccount(o) => cluster::service_account(o, now),
        Object::PersistentVolume(o) => cluster::pv(o, now),
        Object::PersistentVolumeClaim(o) => cluster::pvc(o, now),
        Object::StorageClass(o) => cluster::storage_class_row(o, now),
        Object::PriorityClass(o) => cluster::priority_class(o, now),
        Object::RuntimeClass(o) => cluster::runtime_class(o, now),
        Object::Lease(o) => cluster::lease(o, now),
        Object::ComponentStatus(o) => cluster::component_status(o),
        Object::PodTemplate(o) => workloads::pod_template(o),
        Object::APIService(o) => cluster::api_service(o, now),
        Object::CSINode(o) => cluster::csi_node(o, now),
        Object::ValidatingAdmissionPolicy(o) => cluster::admission_policy(o, now),
        Object::ValidatingAdmissionPolicyBinding(o) => cluster::admission_policy_binding(o, now),
        Object::ResourceQuota(o) => cluster::resource_quota(o, now),
        Object::FlowSchema(o) => flowcontrol::flow_schema(o, now),
        Object::PriorityLevelConfiguration(o) => flowcontrol::priority_level(o, now),
        Object::LimitRange(o) => cluster::default_row(&o.metadata),
        Object::CustomResourceDefinition(o) => cluster::default_row(&o.metadata),
        Object::Role(o) => cluster::default_row(&o.metadata),
        Object::ClusterRole(o) => cluster::default_row(&o.metadata),
        Object::RoleBinding(o) => rbac::binding(&o.metadata, &o.role_ref, &o.subjects, now),
        Object::ClusterRoleBinding(o) => rbac::binding(&o.metadata, &o.role_ref, &o.subjects, now),
        Object::CertificateSigningRequest(o) => certificates::csr(o, now),
        Object::Custom(o) => cluster::custom(o, now),
    }
}

/// The table of `kind` over `objects` (objects of other kinds are skipped).
pub fn table(kind: Kind, objects: &[&Object], now: Time) -> Table {
    // A custom kind's table is the one of the version the command read.
    let served = kubeplay_model::custom_kind::served_kind(kind);
    let version = kubeplay_model::custom_kind::read_version(kind).unwrap_or_default();
    if let Some(columns) = served.as_ref().map(|s| s.columns(&version)).filter(|c| !c.is_empty()) {
        return custom::table(kind, columns, objects, now);
    }
    let rows = objects
        .iter()
        .filter(|o| o.kind() == kind)
        .map(|o| Row { cells: cells(o, now), namespace: o.namespace().to_string(), labels: (*o.meta().labels).clone() })
        .collect();
    Table { kind, columns: columns(kind).to_vec(), rows }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_as_many_cells_as_columns() {
        for kind in Kind::ALL {
            let obj = Object::empty(*kind);
            assert_eq!(cells(&obj, kubeplay_model::time::EPOCH).len(), columns(*kind).len(), "{kind}");
        }
    }
}
