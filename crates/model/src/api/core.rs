//! Core `v1` kinds other than Pod: Namespace, Node, Service, Endpoints,
//! ConfigMap, Secret, ServiceAccount, PersistentVolumeClaim,
//! PersistentVolume, ResourceQuota, LimitRange, Event.

use crate::api::pod::{ResourceList, ResourceRequirements};
use crate::atom::Atom;
use crate::intstr::IntOrString;
use crate::meta::{Condition, ObjectMeta};
use crate::selector::LabelSelector;
use crate::time::Time;
use crate::shared_str::SharedStr;
use crate::uid::Uid;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Namespace {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: NamespaceSpec,
    #[serde(default)]
    pub status: NamespaceStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NamespaceSpec {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NamespaceStatus {
    pub phase: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Node {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: NodeSpec,
    #[serde(default)]
    pub status: NodeStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeSpec {
    #[serde(rename = "podCIDR")]
    pub pod_cidr: Option<String>,
    #[serde(rename = "podCIDRs", default, skip_serializing_if = "Vec::is_empty")]
    pub pod_cidrs: Vec<String>,
    #[serde(rename = "providerID")]
    pub provider_id: Option<String>,
    pub unschedulable: Option<bool>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub taints: Vec<Taint>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Taint {
    pub key: String,
    pub value: Option<String>,
    pub effect: String,
    pub time_added: Option<Time>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeStatus {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub capacity: ResourceList,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allocatable: ResourceList,
    pub phase: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub addresses: Vec<NodeAddress>,
    pub daemon_endpoints: Option<Value>,
    pub node_info: Option<NodeSystemInfo>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<ContainerImage>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeAddress {
    #[serde(rename = "type")]
    pub type_: String,
    pub address: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeSystemInfo {
    #[serde(rename = "machineID", default)]
    pub machine_id: String,
    #[serde(rename = "systemUUID", default)]
    pub system_uuid: String,
    #[serde(rename = "bootID", default)]
    pub boot_id: String,
    #[serde(default)]
    pub kernel_version: String,
    #[serde(default)]
    pub os_image: String,
    #[serde(default)]
    pub container_runtime_version: String,
    #[serde(default)]
    pub kubelet_version: String,
    #[serde(default)]
    pub kube_proxy_version: String,
    #[serde(default)]
    pub operating_system: String,
    #[serde(default)]
    pub architecture: String,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerImage {
    #[serde(default)]
    pub names: Vec<String>,
    pub size_bytes: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Service {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: ServiceSpec,
    #[serde(default)]
    pub status: ServiceStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceSpec {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ServicePort>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub selector: BTreeMap<String, String>,
    #[serde(rename = "clusterIP")]
    pub cluster_ip: Option<String>,
    #[serde(rename = "clusterIPs", default, skip_serializing_if = "Vec::is_empty")]
    pub cluster_ips: Vec<String>,
    #[serde(rename = "type")]
    pub type_: Option<String>,
    #[serde(rename = "externalIPs", default, skip_serializing_if = "Vec::is_empty")]
    pub external_ips: Vec<String>,
    pub session_affinity: Option<String>,
    #[serde(rename = "loadBalancerIP")]
    pub load_balancer_ip: Option<String>,
    pub load_balancer_source_ranges: Option<Value>,
    pub external_name: Option<String>,
    pub external_traffic_policy: Option<String>,
    pub health_check_node_port: Option<i32>,
    pub publish_not_ready_addresses: Option<bool>,
    pub session_affinity_config: Option<Value>,
    pub ip_families: Option<Vec<String>>,
    pub ip_family_policy: Option<String>,
    pub allocate_load_balancer_node_ports: Option<bool>,
    pub load_balancer_class: Option<String>,
    pub internal_traffic_policy: Option<String>,
    pub traffic_distribution: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServicePort {
    pub name: Option<String>,
    pub protocol: Option<String>,
    pub app_protocol: Option<String>,
    #[serde(default)]
    pub port: i32,
    pub target_port: Option<IntOrString>,
    pub node_port: Option<i32>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceStatus {
    pub load_balancer: Option<LoadBalancerStatus>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadBalancerStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ingress: Vec<LoadBalancerIngress>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadBalancerIngress {
    pub ip: Option<String>,
    pub hostname: Option<String>,
    pub ip_mode: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Endpoints {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subsets: Vec<EndpointSubset>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndpointSubset {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub addresses: Vec<EndpointAddress>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_ready_addresses: Vec<EndpointAddress>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<EndpointPort>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndpointAddress {
    pub ip: String,
    pub hostname: Option<String>,
    pub node_name: Option<Atom>,
    pub target_ref: Option<ObjectReference>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndpointPort {
    pub name: Option<String>,
    pub port: i32,
    pub protocol: Option<String>,
    pub app_protocol: Option<String>,
}

/// `v1.ObjectReference`.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectReference {
    pub kind: Option<Atom>,
    pub namespace: Option<Atom>,
    pub name: Option<SharedStr>,
    pub uid: Option<Uid>,
    pub api_version: Option<Atom>,
    pub resource_version: Option<SharedStr>,
    pub field_path: Option<Atom>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMap {
    #[serde(default)]
    pub metadata: ObjectMeta,
    pub immutable: Option<bool>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub binary_data: BTreeMap<String, String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Secret {
    #[serde(default)]
    pub metadata: ObjectMeta,
    pub immutable: Option<bool>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data: BTreeMap<String, String>,
    /// Write-only: folded into `data` (base64) by the API server.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub string_data: BTreeMap<String, String>,
    #[serde(rename = "type")]
    pub type_: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceAccount {
    #[serde(default)]
    pub metadata: ObjectMeta,
    pub secrets: Option<Value>,
    pub image_pull_secrets: Option<Value>,
    pub automount_service_account_token: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeClaim {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: PvcSpec,
    #[serde(default)]
    pub status: PvcStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PvcSpec {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_modes: Vec<String>,
    pub selector: Option<LabelSelector>,
    #[serde(default)]
    pub resources: ResourceRequirements,
    pub volume_name: Option<String>,
    pub storage_class_name: Option<String>,
    pub volume_mode: Option<String>,
    pub data_source: Option<Value>,
    pub data_source_ref: Option<Value>,
    pub volume_attributes_class_name: Option<String>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PvcStatus {
    pub phase: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_modes: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub capacity: ResourceList,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolume {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: PvSpec,
    #[serde(default)]
    pub status: PvStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PvSpec {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub capacity: ResourceList,
    pub host_path: Option<Value>,
    pub local: Option<Value>,
    pub nfs: Option<Value>,
    pub csi: Option<Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_modes: Vec<String>,
    pub claim_ref: Option<ObjectReference>,
    pub persistent_volume_reclaim_policy: Option<String>,
    pub storage_class_name: Option<String>,
    pub mount_options: Option<Value>,
    pub volume_mode: Option<String>,
    pub node_affinity: Option<Value>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PvStatus {
    pub phase: Option<String>,
    pub message: Option<String>,
    pub reason: Option<String>,
    /// Set by the API server whenever `phase` changes (GA in v1.31).
    pub last_phase_transition_time: Option<Time>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceQuota {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: ResourceQuotaSpec,
    #[serde(default)]
    pub status: ResourceQuotaStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceQuotaSpec {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hard: ResourceList,
    pub scopes: Option<Value>,
    pub scope_selector: Option<Value>,
}

fn json_text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// One `scopeSelector.matchExpressions` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopeRequirement<'a> {
    pub scope_name: &'a str,
    pub operator: &'a str,
    pub values: Vec<&'a str>,
}

impl ResourceQuotaSpec {
    /// `spec.scopes` as names (the field is kept as the JSON it came in).
    pub fn scope_names(&self) -> Vec<&str> {
        self.scopes.as_ref().and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default()
    }

    /// `spec.scopeSelector.matchExpressions`, read from the JSON it came in.
    pub fn scope_selector_requirements(&self) -> Vec<ScopeRequirement<'_>> {
        let exprs = self.scope_selector.as_ref().and_then(|s| s.get("matchExpressions")).and_then(Value::as_array);
        exprs
            .map(|a| {
                a.iter()
                    .map(|e| ScopeRequirement {
                        scope_name: json_text(e, "scopeName"),
                        operator: json_text(e, "operator"),
                        values: e.get("values").and_then(Value::as_array).map(|v| v.iter().filter_map(Value::as_str).collect()).unwrap_or_default(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every scope the quota is limited to as a requirement (upstream's
    /// `getScopeSelectorsFromQuota`): each listed scope as `Exists`, then
    /// the selector's.
    pub fn scope_requirements(&self) -> Vec<ScopeRequirement<'_>> {
        let listed = self.scope_names().into_iter().map(|scope_name| ScopeRequirement { scope_name, operator: "Exists", values: Vec::new() });
        listed.chain(self.scope_selector_requirements()).collect()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceQuotaStatus {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hard: ResourceList,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub used: ResourceList,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LimitRange {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: LimitRangeSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LimitRangeSpec {
    #[serde(default)]
    pub limits: Vec<LimitRangeItem>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LimitRangeItem {
    #[serde(rename = "type")]
    pub type_: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub max: ResourceList,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub min: ResourceList,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub default: ResourceList,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub default_request: ResourceList,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub max_limit_request_ratio: ResourceList,
}

/// `v1.Event` (core events, as `kubectl get events` and `describe` show them).
/// Go's struct fields are never omitted, so unset times print as `null`,
/// `source` as `{}` and the reporting fields as `""`, as a real API server
/// returns them.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub involved_object: ObjectReference,
    pub reason: Option<Atom>,
    pub message: Option<String>,
    #[serialize_always]
    #[serde(default, serialize_with = "crate::meta::some_or_empty", deserialize_with = "crate::meta::none_if_empty")]
    pub source: Option<EventSource>,
    #[serialize_always]
    pub first_timestamp: Option<Time>,
    #[serialize_always]
    pub last_timestamp: Option<Time>,
    pub count: Option<i32>,
    #[serde(rename = "type")]
    pub type_: Option<Atom>,
    /// A MicroTime (`2025-01-01T00:00:05.000000Z`): set by the events.k8s.io
    /// API's recorders (the scheduler), null for core recorders.
    #[serialize_always]
    pub event_time: Option<Box<Value>>,
    /// Set by the events.k8s.io recorders when an event repeats.
    pub series: Option<Box<EventSeries>>,
    pub action: Option<Atom>,
    pub related: Option<Box<ObjectReference>>,
    #[serialize_always]
    #[serde(default, serialize_with = "crate::meta::none_as_empty_str")]
    pub reporting_component: Option<Atom>,
    #[serialize_always]
    #[serde(default, serialize_with = "crate::meta::none_as_empty_str")]
    pub reporting_instance: Option<Atom>,
}

impl Event {
    /// `eventTime`, set by the events.k8s.io recorders.
    pub fn event_time(&self) -> Option<Time> {
        self.event_time.as_ref()?.as_str().and_then(Time::parse_rfc3339)
    }

    /// The events.k8s.io series' last observation, when it has one.
    pub fn series_last_observed(&self) -> Option<Time> {
        self.series.as_ref()?.last_observed_time.as_ref()?.as_str().and_then(Time::parse_rfc3339)
    }

    /// When it was last seen: the series' last observation, else
    /// `lastTimestamp`, else when it first happened (kubectl's LAST SEEN).
    pub fn last_seen(&self) -> Option<Time> {
        self.series_last_observed().or(self.last_timestamp).or(self.first_timestamp).or_else(|| self.event_time())
    }

    /// How often it happened: the series' count, else `count`; an event of
    /// the new API without a series happened once.
    pub fn times_seen(&self) -> i32 {
        match self.series.as_ref().and_then(|s| s.count) {
            Some(c) => c,
            None => self.count.filter(|c| *c != 0).unwrap_or(1),
        }
    }
}

/// `v1.EventSeries`: how often an events.k8s.io event was seen, and when last.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventSeries {
    pub count: Option<i32>,
    /// A MicroTime, as `eventTime`.
    pub last_observed_time: Option<Value>,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventSource {
    pub component: Option<Atom>,
    pub host: Option<Atom>,
}

#[cfg(test)]
mod tests {
    /// Events outnumber every other kind in a busy cluster; their
    /// vocabulary (type, reason, source, the reference's kind and API
    /// version) is one pointer a word, and their metadata keeps no text
    /// but the name outside itself.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn an_event_stays_small() {
        assert!(std::mem::size_of::<super::Event>() <= 456, "Event is {} bytes", std::mem::size_of::<super::Event>());
        assert!(std::mem::size_of::<crate::ObjectMeta>() <= 200, "ObjectMeta is {} bytes", std::mem::size_of::<crate::ObjectMeta>());
    }
}
