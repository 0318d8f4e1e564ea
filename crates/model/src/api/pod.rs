//! `v1.Pod` and the pod template shared by every workload kind.
//!
//! Fields the simulator acts on are typed; subtrees it only keeps (volume
//! sources, security contexts, lifecycle hooks' bodies…) are opaque JSON so
//! they round-trip unchanged through `get -o yaml`.

use std::sync::Arc;
use crate::atom::Atom;
use crate::intstr::IntOrString;
use crate::meta::{Condition, ObjectMeta};
use crate::quantity::Quantity;
use crate::selector::LabelSelector;
use crate::shared::Shared;
use crate::shared_str::SharedStr;
use crate::time::Time;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;
use std::collections::BTreeMap;

pub type ResourceList = BTreeMap<String, Quantity>;

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pod {
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// Shared between the versions of a pod: the kubelet's status writes
    /// and the trace's copies of each version leave it as it is.
    #[serde(default)]
    pub spec: Arc<PodSpec>,
    /// Shared too: a write of the metadata (a deletion's timestamp, a
    /// label) or of the spec keeps the status the pod had.
    #[serde(default)]
    pub status: Shared<PodStatus>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodTemplateSpec {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: PodSpec,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodSpec {
    // Behind a `Shared`: copying a spec (binding writes `nodeName` into
    // it) copies pointers to these lists, not the lists.
    #[serde(default, skip_serializing_if = "crate::shared::is_empty")]
    pub volumes: Shared<Vec<Volume>>,
    #[serde(default, skip_serializing_if = "crate::shared::is_empty")]
    pub init_containers: Shared<Vec<Container>>,
    #[serde(default)]
    pub containers: Shared<Vec<Container>>,
    /// Added only through the `ephemeralcontainers` subresource.
    #[serde(default, skip_serializing_if = "crate::shared::is_empty")]
    pub ephemeral_containers: Shared<Vec<EphemeralContainer>>,
    pub restart_policy: Option<Atom>,
    pub termination_grace_period_seconds: Option<i64>,
    pub active_deadline_seconds: Option<i64>,
    pub dns_policy: Option<Atom>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub node_selector: BTreeMap<String, String>,
    pub service_account_name: Option<Atom>,
    pub service_account: Option<Atom>,
    pub automount_service_account_token: Option<bool>,
    pub node_name: Option<Atom>,
    pub host_network: Option<bool>,
    #[serde(rename = "hostPID")]
    pub host_pid: Option<bool>,
    #[serde(rename = "hostIPC")]
    pub host_ipc: Option<bool>,
    pub share_process_namespace: Option<bool>,
    pub security_context: Option<Box<Value>>,
    pub image_pull_secrets: Option<Box<Value>>,
    pub hostname: Option<String>,
    pub subdomain: Option<String>,
    pub affinity: Option<Box<Affinity>>,
    pub scheduler_name: Option<Atom>,
    #[serde(default, skip_serializing_if = "crate::shared::is_empty")]
    pub tolerations: Shared<Vec<Toleration>>,
    pub host_aliases: Option<Box<Value>>,
    pub priority_class_name: Option<Atom>,
    pub priority: Option<i32>,
    pub dns_config: Option<Box<Value>>,
    pub readiness_gates: Option<Box<Value>>,
    pub runtime_class_name: Option<String>,
    pub enable_service_links: Option<bool>,
    pub preemption_policy: Option<Atom>,
    pub overhead: Option<ResourceList>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub topology_spread_constraints: Vec<TopologySpreadConstraint>,
    #[serde(rename = "setHostnameAsFQDN")]
    pub set_hostname_as_fqdn: Option<bool>,
    pub os: Option<Box<Value>>,
    pub host_users: Option<bool>,
    pub scheduling_gates: Option<Box<Value>>,
    pub resource_claims: Option<Box<Value>>,
    pub resources: Option<Box<ResourceRequirements>>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Volume {
    pub name: SharedStr,
    // Boxed: a pod's one volume is usually its token volume, which sets
    // none of these, and unboxed they were two thirds of every volume.
    pub config_map: Option<Box<ConfigMapVolumeSource>>,
    pub secret: Option<Box<SecretVolumeSource>>,
    pub persistent_volume_claim: Option<Box<PvcVolumeSource>>,
    // The untyped sources are shared, not copied, with every version of
    // the pod (binding a pod copies its spec): every pod carries the same
    // service-account token volume, a dozen maps.
    pub empty_dir: Option<Arc<Value>>,
    pub host_path: Option<Arc<Value>>,
    pub projected: Option<Arc<Value>>,
    #[serde(rename = "downwardAPI")]
    pub downward_api: Option<Arc<Value>>,
    pub nfs: Option<Arc<Value>>,
    pub csi: Option<Arc<Value>>,
    pub ephemeral: Option<Arc<Value>>,
}

/// `v1.VolumeMount`, in its fields' order. Typed: every pod's containers
/// carry a mount of its token volume, and as free-form JSON each was a
/// map of its own, some 500 bytes a pod.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VolumeMount {
    #[serde(default)]
    pub name: SharedStr,
    pub read_only: Option<bool>,
    pub recursive_read_only: Option<Atom>,
    #[serde(default)]
    pub mount_path: Atom,
    pub sub_path: Option<String>,
    pub mount_propagation: Option<Atom>,
    pub sub_path_expr: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapVolumeSource {
    pub name: Option<String>,
    pub items: Option<Value>,
    pub default_mode: Option<i32>,
    pub optional: Option<bool>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SecretVolumeSource {
    pub secret_name: Option<String>,
    pub items: Option<Value>,
    pub default_mode: Option<i32>,
    pub optional: Option<bool>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PvcVolumeSource {
    pub claim_name: String,
    pub read_only: Option<bool>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    pub name: Atom,
    pub image: Option<Atom>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    pub working_dir: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ContainerPort>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env_from: Vec<EnvFromSource>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<EnvVar>,
    #[serde(default)]
    pub resources: ResourceRequirements,
    pub resize_policy: Option<Box<Value>>,
    pub restart_policy: Option<Atom>,
    #[serde(default, skip_serializing_if = "crate::shared::is_empty")]
    pub volume_mounts: Shared<Vec<VolumeMount>>,
    pub volume_devices: Option<Box<Value>>,
    // Boxed here and in PodSpec: nearly always unset, and large inline
    // (a Probe is 368 bytes, an opaque value 72); every pod and template
    // would carry them.
    pub liveness_probe: Option<Box<Probe>>,
    pub readiness_probe: Option<Box<Probe>>,
    pub startup_probe: Option<Box<Probe>>,
    pub lifecycle: Option<Box<Lifecycle>>,
    pub termination_message_path: Option<Atom>,
    pub termination_message_policy: Option<Atom>,
    pub image_pull_policy: Option<Atom>,
    pub security_context: Option<Box<Value>>,
    pub stdin: Option<bool>,
    pub stdin_once: Option<bool>,
    pub tty: Option<bool>,
}

/// `v1.EphemeralContainer`: upstream's `EphemeralContainerCommon` has
/// exactly a container's fields (validation forbids the ones a debugging
/// container may not use), then the container whose namespaces it joins,
/// which Go's encoding writes after them.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", from = "EphemeralWire")]
pub struct EphemeralContainer {
    #[serde(flatten)]
    pub container: Container,
    pub target_container_name: Option<String>,
}

/// How an ephemeral container is decoded: a container's fields and the
/// target in one struct. `flatten` would decode the container through
/// serde's buffered content, a second copy of the decoder of every type
/// a container holds (and no field paths, unknown-field warnings or
/// absent fields read as Go's zero values); this one is the codec's own.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct EphemeralWire {
    #[serde(default)]
    name: Atom,
    image: Option<Atom>,
    #[serde(default)]
    command: Vec<String>,
    #[serde(default)]
    args: Vec<String>,
    working_dir: Option<String>,
    #[serde(default)]
    ports: Vec<ContainerPort>,
    #[serde(default)]
    env_from: Vec<EnvFromSource>,
    #[serde(default)]
    env: Vec<EnvVar>,
    #[serde(default)]
    resources: ResourceRequirements,
    resize_policy: Option<Box<Value>>,
    restart_policy: Option<Atom>,
    #[serde(default)]
    volume_mounts: Shared<Vec<VolumeMount>>,
    volume_devices: Option<Box<Value>>,
    liveness_probe: Option<Box<Probe>>,
    readiness_probe: Option<Box<Probe>>,
    startup_probe: Option<Box<Probe>>,
    lifecycle: Option<Box<Lifecycle>>,
    termination_message_path: Option<Atom>,
    termination_message_policy: Option<Atom>,
    image_pull_policy: Option<Atom>,
    security_context: Option<Box<Value>>,
    stdin: Option<bool>,
    stdin_once: Option<bool>,
    tty: Option<bool>,
    target_container_name: Option<String>,
}

impl From<EphemeralWire> for EphemeralContainer {
    fn from(w: EphemeralWire) -> EphemeralContainer {
        let container = Container {
            name: w.name,
            image: w.image,
            command: w.command,
            args: w.args,
            working_dir: w.working_dir,
            ports: w.ports,
            env_from: w.env_from,
            env: w.env,
            resources: w.resources,
            resize_policy: w.resize_policy,
            restart_policy: w.restart_policy,
            volume_mounts: w.volume_mounts,
            volume_devices: w.volume_devices,
            liveness_probe: w.liveness_probe,
            readiness_probe: w.readiness_probe,
            startup_probe: w.startup_probe,
            lifecycle: w.lifecycle,
            termination_message_path: w.termination_message_path,
            termination_message_policy: w.termination_message_policy,
            image_pull_policy: w.image_pull_policy,
            security_context: w.security_context,
            stdin: w.stdin,
            stdin_once: w.stdin_once,
            tty: w.tty,
        };
        EphemeralContainer { container, target_container_name: w.target_container_name }
    }
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerPort {
    pub name: Option<String>,
    pub host_port: Option<i32>,
    pub container_port: i32,
    pub protocol: Option<String>,
    #[serde(rename = "hostIP")]
    pub host_ip: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnvVar {
    pub name: String,
    pub value: Option<String>,
    pub value_from: Option<Box<EnvVarSource>>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnvVarSource {
    pub field_ref: Option<Value>,
    pub resource_field_ref: Option<Value>,
    pub config_map_key_ref: Option<KeySelector>,
    pub secret_key_ref: Option<KeySelector>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KeySelector {
    pub name: Option<String>,
    pub key: String,
    pub optional: Option<bool>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnvFromSource {
    pub prefix: Option<String>,
    pub config_map_ref: Option<NameOptional>,
    pub secret_ref: Option<NameOptional>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NameOptional {
    pub name: Option<String>,
    pub optional: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceRequirements {
    #[serde(default, skip_serializing_if = "crate::shared::is_empty_map")]
    pub limits: Shared<ResourceList>,
    #[serde(default, skip_serializing_if = "crate::shared::is_empty_map")]
    pub requests: Shared<ResourceList>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims: Option<Value>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Probe {
    pub exec: Option<ExecAction>,
    pub http_get: Option<HttpGetAction>,
    #[serde(rename = "tcpSocket")]
    pub tcp_socket: Option<TcpSocketAction>,
    pub grpc: Option<Value>,
    pub initial_delay_seconds: Option<i32>,
    pub timeout_seconds: Option<i32>,
    pub period_seconds: Option<i32>,
    pub success_threshold: Option<i32>,
    pub failure_threshold: Option<i32>,
    pub termination_grace_period_seconds: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExecAction {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HttpGetAction {
    pub path: Option<String>,
    pub port: Option<IntOrString>,
    pub host: Option<String>,
    pub scheme: Option<String>,
    pub http_headers: Option<Value>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TcpSocketAction {
    pub port: Option<IntOrString>,
    pub host: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Lifecycle {
    pub post_start: Option<Value>,
    pub pre_stop: Option<Value>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Toleration {
    pub key: Option<String>,
    pub operator: Option<String>,
    pub value: Option<String>,
    pub effect: Option<String>,
    pub toleration_seconds: Option<i64>,
}

/// `Toleration.ToleratesTaint`, which the scheduler, the DaemonSet and
/// node lifecycle controllers and the kubelet all ask: an empty effect
/// matches every effect, an empty key every key; Exists ignores the value,
/// Equal (the default) compares it. (An empty key with Equal is refused by
/// validation, but upstream's function just compares values for it.)
/// Inlined: the scheduler asks it per node in its filter loop.
#[inline]
pub fn tolerates(t: &Toleration, taint: &super::Taint) -> bool {
    let effect = t.effect.as_deref().unwrap_or("");
    if !effect.is_empty() && effect != taint.effect {
        return false;
    }
    let key = t.key.as_deref().unwrap_or("");
    if !key.is_empty() && key != taint.key {
        return false;
    }
    match t.operator.as_deref().unwrap_or("") {
        "" | "Equal" => t.value.as_deref().unwrap_or("") == taint.value.as_deref().unwrap_or(""),
        "Exists" => true,
        _ => false,
    }
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Affinity {
    pub node_affinity: Option<NodeAffinity>,
    pub pod_affinity: Option<PodAffinity>,
    pub pod_anti_affinity: Option<PodAffinity>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeAffinity {
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<PreferredSchedulingTerm>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeSelector {
    #[serde(default)]
    pub node_selector_terms: Vec<NodeSelectorTerm>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeSelectorTerm {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<NodeSelectorRequirement>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_fields: Vec<NodeSelectorRequirement>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeSelectorRequirement {
    // Missing fields decode empty, as Go does, so validation names them.
    #[serde(default)]
    pub key: String,
    #[serde(default)]
    pub operator: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreferredSchedulingTerm {
    pub weight: i32,
    pub preference: NodeSelectorTerm,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodAffinity {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodAffinityTerm {
    pub label_selector: Option<LabelSelector>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub namespaces: Vec<String>,
    pub topology_key: String,
    pub namespace_selector: Option<LabelSelector>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_label_keys: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mismatch_label_keys: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WeightedPodAffinityTerm {
    pub weight: i32,
    pub pod_affinity_term: PodAffinityTerm,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TopologySpreadConstraint {
    pub max_skew: i32,
    pub topology_key: String,
    pub when_unsatisfiable: String,
    pub label_selector: Option<LabelSelector>,
    pub min_domains: Option<i32>,
    pub node_affinity_policy: Option<String>,
    pub node_taints_policy: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_label_keys: Vec<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodStatus {
    pub phase: Option<Atom>,
    #[serde(default, skip_serializing_if = "Vec::is_empty", serialize_with = "pod_conditions")]
    pub conditions: Vec<Condition>,
    pub message: Option<Box<str>>,
    pub reason: Option<Atom>,
    pub nominated_node_name: Option<Atom>,
    #[serde(rename = "hostIP")]
    pub host_ip: Option<Atom>,
    #[serde(rename = "hostIPs", default, skip_serializing_if = "Vec::is_empty")]
    pub host_ips: Vec<IpEntry>,
    #[serde(rename = "podIP")]
    pub pod_ip: Option<SharedStr>,
    #[serde(rename = "podIPs", default, skip_serializing_if = "Vec::is_empty")]
    pub pod_ips: Vec<IpEntry>,
    pub start_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_container_statuses: Vec<ContainerStatus>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub container_statuses: Vec<ContainerStatus>,
    #[serde(rename = "qosClass")]
    pub qos_class: Option<Atom>,
    /// Shared: nearly every pod has none, and a status is copied per write.
    #[serde(default, skip_serializing_if = "crate::shared::is_empty")]
    pub ephemeral_container_statuses: Shared<Vec<ContainerStatus>>,
}

/// A pod's conditions as the API server writes them: `v1.PodCondition`'s
/// two times are `metav1.Time` values, not pointers, so one the kubelet
/// never set is written `null` (`lastProbeTime: null` in every pod's
/// YAML) where other kinds' conditions leave it out.
fn pod_conditions<S: serde::Serializer>(conds: &[Condition], s: S) -> Result<S::Ok, S::Error> {
    #[skip_serializing_none]
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct PodCondition<'a> {
        #[serde(rename = "type")]
        type_: &'a Atom,
        status: &'a Atom,
        #[serde(serialize_with = "always")]
        last_probe_time: &'a Option<Time>,
        #[serde(serialize_with = "always")]
        last_transition_time: &'a Option<Time>,
        reason: Option<&'a Atom>,
        message: Option<&'a str>,
    }
    fn always<S: serde::Serializer>(t: &&Option<Time>, s: S) -> Result<S::Ok, S::Error> {
        t.serialize(s)
    }
    s.collect_seq(conds.iter().map(|c| PodCondition {
        type_: &c.type_,
        status: &c.status,
        last_probe_time: &c.last_probe_time,
        last_transition_time: &c.last_transition_time,
        reason: c.reason.as_ref(),
        message: c.message.as_deref(),
    }))
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IpEntry {
    pub ip: SharedStr,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStatus {
    pub name: Atom,
    #[serde(default)]
    pub state: ContainerState,
    #[serde(default, skip_serializing_if = "ContainerState::is_empty")]
    pub last_state: ContainerState,
    pub ready: bool,
    pub restart_count: i32,
    pub image: Atom,
    #[serde(rename = "imageID")]
    pub image_id: Atom,
    #[serde(rename = "containerID")]
    pub container_id: Option<SharedStr>,
    pub started: Option<bool>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerState {
    pub waiting: Option<ContainerStateWaiting>,
    pub running: Option<ContainerStateRunning>,
    pub terminated: Option<Box<ContainerStateTerminated>>,
}

impl ContainerState {
    pub fn is_empty(&self) -> bool {
        self.waiting.is_none() && self.running.is_none() && self.terminated.is_none()
    }
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStateWaiting {
    pub reason: Option<String>,
    pub message: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStateRunning {
    pub started_at: Option<Time>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStateTerminated {
    pub exit_code: i32,
    pub signal: Option<i32>,
    pub reason: Option<String>,
    pub message: Option<String>,
    pub started_at: Option<Time>,
    pub finished_at: Option<Time>,
    #[serde(rename = "containerID")]
    pub container_id: Option<String>,
}

impl Pod {
    pub fn phase(&self) -> &str {
        self.status.phase.as_deref().unwrap_or("")
    }
    pub fn node_name(&self) -> Option<&str> {
        self.spec.node_name.as_deref().filter(|n| !n.is_empty())
    }
    /// The spec, to change: copied first if another version shares it.
    pub fn spec_mut(&mut self) -> &mut PodSpec {
        Arc::make_mut(&mut self.spec)
    }

    /// Whether two pods' specs are equal; at once when one version shares
    /// the other's (a status write), which `==` on the `Arc` does not see.
    pub fn same_spec(&self, other: &Pod) -> bool {
        Arc::ptr_eq(&self.spec, &other.spec) || self.spec == other.spec
    }

    /// `Ready` condition is True.
    pub fn is_ready(&self) -> bool {
        crate::meta::find_condition(&self.status.conditions, "Ready").is_some_and(|c| c.is_true())
    }
    /// Not terminal and not being deleted: what controllers count as "active"
    /// (`controller.IsPodActive`).
    pub fn is_active(&self) -> bool {
        self.phase() != "Succeeded" && self.phase() != "Failed" && self.metadata.deletion_timestamp.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Versions share a spec until one changes it; the comparison is by
    /// content either way.
    #[test]
    fn versions_share_a_spec_until_one_changes_it() {
        let mut a = Pod::default();
        a.spec_mut().node_name = Some("n1".into());
        let mut b = a.clone();
        b.status.phase = Some("Running".into());
        assert!(Arc::ptr_eq(&a.spec, &b.spec), "a status change keeps the spec shared");
        assert!(a.same_spec(&b));
        let c = Pod { spec: Arc::new(PodSpec::clone(&a.spec)), ..Default::default() };
        assert!(!Arc::ptr_eq(&a.spec, &c.spec));
        assert!(a.same_spec(&c), "equal specs in two allocations are the same");
        b.spec_mut().node_name = Some("n2".into());
        assert!(!Arc::ptr_eq(&a.spec, &b.spec), "a change copies the spec first");
        assert_eq!(a.spec.node_name.as_deref(), Some("n1"), "the other version keeps its spec");
        assert!(!a.same_spec(&b));
    }

    /// A pod holds five conditions and a status of vocabulary words
    /// (types, statuses, reasons, phase, QoS class, images, its node's
    /// IP): each word is one pointer, shared; what is rarely set (a
    /// condition's message and observed generation, the status' message)
    /// is one or two words.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_pods_conditions_and_statuses_stay_small() {
        assert!(std::mem::size_of::<Condition>() <= 80, "Condition is {} bytes", std::mem::size_of::<Condition>());
        assert!(std::mem::size_of::<PodStatus>() <= 216, "PodStatus is {} bytes", std::mem::size_of::<PodStatus>());
        assert!(std::mem::size_of::<ContainerStatus>() <= 200, "ContainerStatus is {} bytes", std::mem::size_of::<ContainerStatus>());
        assert!(std::mem::size_of::<PodSpec>() <= 384, "PodSpec is {} bytes", std::mem::size_of::<PodSpec>());
        // Copied per pod (its token mount names the pod's own volume):
        // its name and image are vocabulary words.
        assert!(std::mem::size_of::<Container>() <= 352, "Container is {} bytes", std::mem::size_of::<Container>());
    }

    /// Every pod carries a volume (its service-account token's), which
    /// sets none of the typed sources: boxed, they cost a word each.
    /// An ephemeral container reads as a container with a target and
    /// writes its fields in Go's order, the target last.
    #[test]
    fn an_ephemeral_container_round_trips() {
        let text = r#"{"name":"debugger","image":"busybox","resources":{},"stdin":true,"targetContainerName":"app"}"#;
        let e: EphemeralContainer = serde_json::from_str(text).unwrap();
        assert_eq!((e.container.name.as_str(), e.container.stdin, e.target_container_name.as_deref()), ("debugger", Some(true), Some("app")));
        assert_eq!(serde_json::to_string(&e).unwrap(), text);
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_volume_stays_small() {
        assert!(std::mem::size_of::<Volume>() <= 112, "Volume is {} bytes", std::mem::size_of::<Volume>());
        let v: Volume = serde_json::from_str(r#"{"name":"data","persistentVolumeClaim":{"claimName":"www-web-0"}}"#).unwrap();
        assert_eq!(v.persistent_volume_claim.as_ref().map(|c| c.claim_name.as_str()), Some("www-web-0"));
        assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"name":"data","persistentVolumeClaim":{"claimName":"www-web-0"}}"#);
    }
}
