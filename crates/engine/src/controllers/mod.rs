//! The control loops, one module each (as upstream's `pkg/controller/<name>`),
//! and the registry the engine dispatches through.

use crate::controller::Controller;
use crate::world::ControllerId;
use kubeplay_model::{Object, OwnerReference};

pub mod claim;
pub mod clusterroleaggregation;
pub mod crd;
pub mod cronjob;
pub mod csrcleaner;
pub mod csrsigning;
pub mod daemonset;
pub mod deployment;
pub mod disruption;
pub mod endpoints;
pub mod endpointslice;
pub mod endpointslicemirroring;
pub mod ephemeral;
pub mod expectations;
pub mod gc;
pub mod history;
pub mod hpa;
pub mod job;
pub mod loadbalancer;
pub mod namespace;
pub mod nodelifecycle;
pub mod pvbinder;
pub mod pvcprotection;
pub mod pvprotection;
pub mod replicaset;
pub mod replicationcontroller;
pub mod resourcequota;
pub mod rootca;
pub mod serviceaccount;
pub mod statefulset;
pub mod tokens;
pub mod ttl;

static DEPLOYMENT: deployment::DeploymentController = deployment::DeploymentController;
static REPLICASET: replicaset::ReplicaSetController = replicaset::ReplicaSetController;
static REPLICATION: replicationcontroller::ReplicationManager = replicationcontroller::ReplicationManager;
static STATEFULSET: statefulset::StatefulSetController = statefulset::StatefulSetController;
static PV: pvbinder::PersistentVolumeController = pvbinder::PersistentVolumeController;
static PVC_PROTECTION: pvcprotection::PvcProtectionController = pvcprotection::PvcProtectionController;
static PV_PROTECTION: pvprotection::PvProtectionController = pvprotection::PvProtectionController;
static DAEMONSET: daemonset::DaemonSetController = daemonset::DaemonSetController;
static JOB: job::JobController = job::JobController;
static CRONJOB: cronjob::CronJobController = cronjob::CronJobController;
static HPA: hpa::HpaController = hpa::HpaController;
static DISRUPTION: disruption::DisruptionController = disruption::DisruptionController;
static TTL: ttl::TtlAfterFinishedController = ttl::TtlAfterFinishedController;
static QUOTA: resourcequota::ResourceQuotaController = resourcequota::ResourceQuotaController;
static GC: gc::GarbageCollector = gc::GarbageCollector;
static NAMESPACE: namespace::NamespaceController = namespace::NamespaceController;
static NODE_LIFECYCLE: nodelifecycle::NodeLifecycleController = nodelifecycle::NodeLifecycleController;
static SCHEDULER: crate::scheduler::Scheduler = crate::scheduler::Scheduler;
static KUBELET: crate::kubelet::Kubelet = crate::kubelet::Kubelet;
static ENDPOINTS: endpoints::EndpointsController = endpoints::EndpointsController;
static ENDPOINTSLICE: endpointslice::EndpointSliceController = endpointslice::EndpointSliceController;
static MIRRORING: endpointslicemirroring::EndpointSliceMirroringController = endpointslicemirroring::EndpointSliceMirroringController;
static LOADBALANCER: loadbalancer::LoadBalancerController = loadbalancer::LoadBalancerController;
static SERVICE_ACCOUNTS: serviceaccount::ServiceAccountsController = serviceaccount::ServiceAccountsController;
static ROOT_CA: rootca::RootCaCertPublisher = rootca::RootCaCertPublisher;
static CLUSTERROLE_AGGREGATION: clusterroleaggregation::ClusterRoleAggregationController = clusterroleaggregation::ClusterRoleAggregationController;
static CSR_SIGNING: csrsigning::CsrSigningController = csrsigning::CsrSigningController;
static CSR_CLEANER: csrcleaner::CsrCleanerController = csrcleaner::CsrCleanerController;
static CRD: crd::CrdController = crd::CrdController;
static EPHEMERAL: ephemeral::EphemeralVolumeController = ephemeral::EphemeralVolumeController;
static TOKENS: tokens::TokensController = tokens::TokensController;
static USER: NoController = NoController;

/// Every controller, in watch-dispatch order.
pub fn all() -> &'static [&'static dyn Controller] {
    static ALL: [&dyn Controller; 31] = [
        &DEPLOYMENT, &REPLICASET, &REPLICATION, &STATEFULSET, &DAEMONSET, &JOB, &CRONJOB, &TTL, &HPA, &DISRUPTION, &PV, &PVC_PROTECTION, &PV_PROTECTION, &ENDPOINTS, &ENDPOINTSLICE, &MIRRORING,
        &LOADBALANCER, &QUOTA, &GC, &NAMESPACE, &NODE_LIFECYCLE, &SCHEDULER, &KUBELET, &SERVICE_ACCOUNTS, &ROOT_CA, &CLUSTERROLE_AGGREGATION, &CSR_SIGNING,
        &CSR_CLEANER, &CRD, &EPHEMERAL, &TOKENS,
    ];
    &ALL
}

pub fn get(id: ControllerId) -> &'static dyn Controller {
    all().iter().copied().find(|c| c.id() == id).unwrap_or(&USER)
}

/// Stands in for controllers not built yet, and for the user: watches
/// nothing, reconciles nothing.
struct NoController;

impl Controller for NoController {
    fn id(&self) -> ControllerId {
        ControllerId::User
    }
    fn component(&self) -> &'static str {
        "kubectl"
    }
    fn watch(&self, _: &kubeplay_apiserver::Change, _: &kubeplay_apiserver::Store, _: &mut dyn FnMut(kubeplay_model::ObjectKey)) {}
    fn reconcile(&self, _: &kubeplay_model::ObjectKey, _: &mut crate::controller::Ctx) {}
}

/// The controller owner reference a workload puts on what it creates.
pub fn controller_ref(owner: &Object) -> OwnerReference {
    let (kind, api_version) = owner.kind().words();
    OwnerReference {
        api_version,
        kind,
        name: owner.name().to_string(),
        uid: owner.meta().uid.clone(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    }
}

/// "1 pod" / "3 pods".
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}
