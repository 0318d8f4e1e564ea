//! Rows for Node, Namespace, Event, ConfigMap, Secret, ServiceAccount,
//! PersistentVolume(Claim), StorageClass, PriorityClass, ResourceQuota and
//! LimitRange (which has no printer, so the server's default NAME/CREATED AT).

use crate::print::duration::since;
use crate::print::table::{col, name_col, wide, Column};
use kubeplay_model::api::*;
use kubeplay_model::meta::find_condition;
use kubeplay_model::{Quantity, Time};
use std::collections::BTreeSet;

pub const NODE: &[Column] = &[
    name_col(),
    col("Status"),
    col("Roles"),
    col("Age"),
    col("Version"),
    wide("Internal-IP"),
    wide("External-IP"),
    wide("OS-Image"),
    wide("Kernel-Version"),
    wide("Container-Runtime"),
];
pub const NAMESPACE: &[Column] = &[name_col(), col("Status"), col("Age")];
pub const EVENT: &[Column] = &[
    col("Last Seen"),
    col("Type"),
    col("Reason"),
    col("Object"),
    wide("Subobject"),
    wide("Source"),
    col("Message"),
    wide("First Seen"),
    wide("Count"),
    crate::print::table::Column { name: "Name", priority: 1, is_name: true },
];
pub const CONFIG_MAP: &[Column] = &[name_col(), col("Data"), col("Age")];
pub const SECRET: &[Column] = &[name_col(), col("Type"), col("Data"), col("Age")];
pub const SERVICE_ACCOUNT: &[Column] = &[name_col(), col("Secrets"), col("Age")];
pub const PV: &[Column] = &[
    name_col(),
    col("Capacity"),
    col("Access Modes"),
    col("Reclaim Policy"),
    col("Status"),
    col("Claim"),
    col("StorageClass"),
    col("VolumeAttributesClass"),
    col("Reason"),
    col("Age"),
    wide("VolumeMode"),
];
pub const PVC: &[Column] = &[
    name_col(),
    col("Status"),
    col("Volume"),
    col("Capacity"),
    col("Access Modes"),
    col("StorageClass"),
    col("VolumeAttributesClass"),
    col("Age"),
    wide("VolumeMode"),
];
pub const STORAGE_CLASS: &[Column] = &[name_col(), col("Provisioner"), col("ReclaimPolicy"), col("VolumeBindingMode"), col("AllowVolumeExpansion"), col("Age")];
pub const PRIORITY_CLASS: &[Column] = &[name_col(), col("Value"), col("Global-Default"), col("Age"), col("PreemptionPolicy")];
pub const RESOURCE_QUOTA: &[Column] = &[name_col(), col("Request"), col("Limit"), col("Age")];
/// The API server's default table for kinds without a printer.
pub const DEFAULT: &[Column] = &[name_col(), col("Created At")];

const NODE_ROLE_PREFIX: &str = "node-role.kubernetes.io/";
const NODE_ROLE_LABEL: &str = "kubernetes.io/role";

/// `findNodeRoles`: sorted, from `node-role.kubernetes.io/<role>` keys and `kubernetes.io/role` values.
pub fn node_roles(n: &Node) -> Vec<String> {
    let mut roles = BTreeSet::new();
    for (k, v) in &n.metadata.labels {
        if let Some(role) = k.strip_prefix(NODE_ROLE_PREFIX).filter(|r| !r.is_empty()) {
            roles.insert(role.to_string());
        } else if k == NODE_ROLE_LABEL && !v.is_empty() {
            roles.insert(v.clone());
        }
    }
    roles.into_iter().collect()
}

/// The node STATUS cell: Ready/NotReady/Unknown, plus SchedulingDisabled.
pub fn node_status(n: &Node) -> String {
    let mut status = vec![match find_condition(&n.status.conditions, "Ready") {
        Some(c) if c.is_true() => "Ready".to_string(),
        Some(_) => "NotReady".to_string(),
        None => "Unknown".to_string(),
    }];
    if n.spec.unschedulable == Some(true) {
        status.push("SchedulingDisabled".into());
    }
    status.join(",")
}

fn node_address(n: &Node, type_: &str) -> String {
    n.status.addresses.iter().find(|a| a.type_ == type_).map(|a| a.address.clone()).unwrap_or_else(|| "<none>".into())
}

pub fn node(n: &Node, now: Time) -> Vec<String> {
    let roles = node_roles(n).join(",");
    let info = n.status.node_info.clone().unwrap_or_default();
    let unknown = |s: &str| if s.is_empty() { "<unknown>".to_string() } else { s.to_string() };
    vec![
        n.metadata.name.clone(),
        node_status(n),
        if roles.is_empty() { "<none>".into() } else { roles },
        since(now, n.metadata.creation_timestamp),
        info.kubelet_version.clone(),
        node_address(n, "InternalIP"),
        node_address(n, "ExternalIP"),
        unknown(&info.os_image),
        unknown(&info.kernel_version),
        unknown(&info.container_runtime_version),
    ]
}

pub fn namespace(n: &Namespace, now: Time) -> Vec<String> {
    vec![n.metadata.name.clone(), n.status.phase.clone().unwrap_or_default(), since(now, n.metadata.creation_timestamp)]
}

/// An event's MicroTime `eventTime`, when set.
pub fn event_time(e: &Event) -> Option<Time> {
    e.event_time()
}

/// `formatEventSource`: component (or reporting controller), then host (or reporting instance).
pub fn event_source(e: &Event) -> String {
    let src = e.source.clone().unwrap_or_default();
    let component = src.component.filter(|s| !s.is_empty()).or_else(|| e.reporting_component.clone()).unwrap_or_default();
    let instance = src.host.filter(|s| !s.is_empty()).or_else(|| e.reporting_instance.clone()).unwrap_or_default();
    if instance.is_empty() {
        component.to_string()
    } else {
        format!("{component}, {instance}")
    }
}

pub fn event(e: &Event, now: Time) -> Vec<String> {
    let first = match e.first_timestamp {
        Some(t) => since(now, Some(t)),
        None => since(now, event_time(e)),
    };
    let mut last = match e.last_timestamp {
        Some(t) => since(now, Some(t)),
        None => first.clone(),
    };
    let mut count = match e.count.unwrap_or(0) {
        0 => 1,
        c => c,
    };
    // Events of the events.k8s.io API count in their series.
    if let Some(series) = &e.series {
        last = since(now, e.series_last_observed());
        count = series.count.unwrap_or(0);
    }
    let io = &e.involved_object;
    let kind = io.kind.clone().unwrap_or_default().to_lowercase();
    let target = match io.name.as_deref().filter(|n| !n.is_empty()) {
        Some(n) => format!("{kind}/{n}"),
        None => kind,
    };
    vec![
        last,
        e.type_.as_deref().unwrap_or_default().to_string(),
        e.reason.as_deref().unwrap_or_default().to_string(),
        target,
        io.field_path.as_deref().unwrap_or_default().to_string(),
        event_source(e),
        e.message.clone().unwrap_or_default().trim().to_string(),
        first,
        count.to_string(),
        e.metadata.name.clone(),
    ]
}

pub fn config_map(c: &ConfigMap, now: Time) -> Vec<String> {
    vec![c.metadata.name.clone(), (c.data.len() + c.binary_data.len()).to_string(), since(now, c.metadata.creation_timestamp)]
}

pub fn secret(s: &Secret, now: Time) -> Vec<String> {
    vec![s.metadata.name.clone(), s.type_.clone().unwrap_or_default(), s.data.len().to_string(), since(now, s.metadata.creation_timestamp)]
}

pub fn service_account(s: &ServiceAccount, now: Time) -> Vec<String> {
    let n = s.secrets.as_ref().and_then(|v| v.as_array()).map(|a| a.len()).unwrap_or(0);
    vec![s.metadata.name.clone(), n.to_string(), since(now, s.metadata.creation_timestamp)]
}

/// `GetAccessModesAsString`: RWO, ROX, RWX, RWOP in that order.
pub fn access_modes(modes: &[String]) -> String {
    [("ReadWriteOnce", "RWO"), ("ReadOnlyMany", "ROX"), ("ReadWriteMany", "RWX"), ("ReadWriteOncePod", "RWOP")]
        .iter()
        .filter(|(m, _)| modes.iter().any(|x| x == m))
        .map(|(_, s)| *s)
        .collect::<Vec<_>>()
        .join(",")
}

fn storage_class(spec_class: &Option<String>, meta: &kubeplay_model::ObjectMeta) -> String {
    meta.annotation("volume.beta.kubernetes.io/storage-class").map(str::to_string).or_else(|| spec_class.clone()).unwrap_or_default()
}

fn storage(list: &std::collections::BTreeMap<String, Quantity>) -> String {
    list.get("storage").cloned().unwrap_or_default().to_string()
}

pub fn pv(p: &PersistentVolume, now: Time) -> Vec<String> {
    let claim = p.spec.claim_ref.as_ref().map(|c| format!("{}/{}", c.namespace.clone().unwrap_or_default(), c.name.clone().unwrap_or_default())).unwrap_or_default();
    let phase = if p.metadata.deletion_timestamp.is_some() { "Terminating".into() } else { p.status.phase.clone().unwrap_or_default() };
    vec![
        p.metadata.name.clone(),
        storage(&p.spec.capacity),
        access_modes(&p.spec.access_modes),
        p.spec.persistent_volume_reclaim_policy.clone().unwrap_or_default(),
        phase,
        claim,
        storage_class(&p.spec.storage_class_name, &p.metadata),
        "<unset>".into(),
        p.status.reason.clone().unwrap_or_default(),
        since(now, p.metadata.creation_timestamp),
        p.spec.volume_mode.clone().unwrap_or_else(|| "<unset>".into()),
    ]
}

pub fn pvc(p: &PersistentVolumeClaim, now: Time) -> Vec<String> {
    let phase = if p.metadata.deletion_timestamp.is_some() { "Terminating".into() } else { p.status.phase.clone().unwrap_or_default() };
    let volume = p.spec.volume_name.clone().unwrap_or_default();
    let (capacity, modes) = if volume.is_empty() { (String::new(), String::new()) } else { (storage(&p.status.capacity), access_modes(&p.status.access_modes)) };
    vec![
        p.metadata.name.clone(),
        phase,
        volume,
        capacity,
        modes,
        storage_class(&p.spec.storage_class_name, &p.metadata),
        p.spec.volume_attributes_class_name.clone().unwrap_or_else(|| "<unset>".into()),
        since(now, p.metadata.creation_timestamp),
        p.spec.volume_mode.clone().unwrap_or_else(|| "<unset>".into()),
    ]
}

pub fn storage_class_row(s: &StorageClass, now: Time) -> Vec<String> {
    let default = ["storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"].iter().any(|a| s.metadata.annotation(a) == Some("true"));
    let name = if default { format!("{} (default)", s.metadata.name) } else { s.metadata.name.clone() };
    vec![
        name,
        s.provisioner.clone(),
        s.reclaim_policy.clone().unwrap_or_else(|| "Delete".into()),
        s.volume_binding_mode.clone().unwrap_or_else(|| "Immediate".into()),
        s.allow_volume_expansion.unwrap_or(false).to_string(),
        since(now, s.metadata.creation_timestamp),
    ]
}

pub fn priority_class(p: &PriorityClass, now: Time) -> Vec<String> {
    vec![
        p.metadata.name.clone(),
        p.value.to_string(),
        p.global_default.unwrap_or(false).to_string(),
        since(now, p.metadata.creation_timestamp),
        p.preemption_policy.clone().unwrap_or_default(),
    ]
}

pub fn resource_quota(q: &ResourceQuota, now: Time) -> Vec<String> {
    let (mut req, mut lim) = (Vec::new(), Vec::new());
    for (name, hard) in &q.status.hard {
        let used = q.status.used.get(name).cloned().unwrap_or_default();
        let text = format!("{name}: {used}/{hard}");
        if name.split('.').count() > 1 && name.starts_with("limits.") {
            lim.push(text);
        } else {
            req.push(text);
        }
    }
    vec![q.metadata.name.clone(), req.join(", "), lim.join(", "), since(now, q.metadata.creation_timestamp)]
}

/// The server's default table: NAME and CREATED AT (RFC 3339, UTC).
pub fn default_row(meta: &kubeplay_model::ObjectMeta) -> Vec<String> {
    vec![meta.name.clone(), meta.creation_timestamp.map(|t| t.rfc3339()).unwrap_or_else(|| "0001-01-01T00:00:00Z".into())]
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Condition;

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn node_with(conds: &[(&str, &str)], unschedulable: bool) -> Node {
        let mut n = Node::default();
        n.metadata.name = "foo1".into();
        n.spec.unschedulable = Some(unschedulable);
        n.status.conditions = conds.iter().map(|(t, s)| Condition { type_: (*t).into(), status: (*s).into(), ..Default::default() }).collect();
        n
    }

    // TestPrintNodeStatus / TestPrintNodeRole.
    #[test]
    fn node_rows() {
        assert_eq!(node(&node_with(&[("Ready", "True")], false), NOW)[..5], ["foo1", "Ready", "<none>", "<unknown>", ""]);
        assert_eq!(node_status(&node_with(&[("Ready", "True")], true)), "Ready,SchedulingDisabled");
        assert_eq!(node_status(&node_with(&[("Ready", "False")], false)), "NotReady");
        assert_eq!(node_status(&node_with(&[("Ready", "False")], true)), "NotReady,SchedulingDisabled");
        assert_eq!(node_status(&node_with(&[("InvalidValue", "True")], false)), "Unknown");
        assert_eq!(node_status(&node_with(&[], true)), "Unknown,SchedulingDisabled");
        let mut n = node_with(&[], false);
        for (k, v) in [("node-role.kubernetes.io/master", ""), ("node-role.kubernetes.io/proxy", ""), ("node-role.kubernetes.io/control-plane", ""), ("kubernetes.io/role", "node")] {
            n.metadata.labels.insert(k.into(), v.into());
        }
        assert_eq!(node(&n, NOW)[2], "control-plane,master,node,proxy");
        n.status.addresses = vec![NodeAddress { type_: "InternalIP".into(), address: "10.0.0.2".into() }];
        assert_eq!(node(&n, NOW)[5..], ["10.0.0.2", "<none>", "<unknown>", "<unknown>", "<unknown>"]);
    }

    #[test]
    fn event_rows() {
        let mut e = Event::default();
        e.metadata.name = "web-1.17f".into();
        e.involved_object = ObjectReference { kind: Some("Pod".into()), name: Some("web-1".into()), field_path: Some("spec.containers{app}".into()), ..Default::default() };
        e.reason = Some("Pulled".into());
        e.type_ = Some("Normal".into());
        e.message = Some("  Container image \"nginx\" already present on machine\n".into());
        e.source = Some(EventSource { component: Some("kubelet".into()), host: Some("node-1".into()) });
        e.first_timestamp = Some(NOW.plus_secs(-120));
        assert_eq!(
            event(&e, NOW),
            ["2m", "Normal", "Pulled", "pod/web-1", "spec.containers{app}", "kubelet, node-1", "Container image \"nginx\" already present on machine", "2m", "1", "web-1.17f"]
        );
        e.last_timestamp = Some(NOW.plus_secs(-5));
        e.count = Some(4);
        assert_eq!(event(&e, NOW)[0], "5s");
        assert_eq!(event(&e, NOW)[8], "4");
    }

    #[test]
    fn storage_rows() {
        let mut pvc_ = PersistentVolumeClaim::default();
        pvc_.metadata.name = "data".into();
        pvc_.status.phase = Some("Pending".into());
        pvc_.spec.storage_class_name = Some("standard".into());
        assert_eq!(pvc(&pvc_, NOW)[..7], ["data", "Pending", "", "", "", "standard", "<unset>"]);
        pvc_.spec.volume_name = Some("pv-1".into());
        pvc_.status.phase = Some("Bound".into());
        pvc_.status.capacity.insert("storage".into(), Quantity::parse("1Gi").unwrap());
        pvc_.status.access_modes = vec!["ReadWriteMany".into(), "ReadWriteOnce".into()];
        assert_eq!(pvc(&pvc_, NOW)[..5], ["data", "Bound", "pv-1", "1Gi", "RWO,RWX"]);
        let mut sc = StorageClass::default();
        sc.metadata.name = "standard".into();
        sc.metadata.annotations.insert("storageclass.kubernetes.io/is-default-class".into(), "true".into());
        sc.provisioner = "rancher.io/local-path".into();
        assert_eq!(storage_class_row(&sc, NOW)[..5], ["standard (default)", "rancher.io/local-path", "Delete", "Immediate", "false"]);
    }

    #[test]
    fn quota_and_defaults() {
        let mut q = ResourceQuota::default();
        q.metadata.name = "q".into();
        for (k, v) in [("limits.cpu", "2"), ("pods", "10"), ("requests.cpu", "1")] {
            q.status.hard.insert(k.into(), Quantity::parse(v).unwrap());
        }
        q.status.used.insert("pods".into(), Quantity::parse("3").unwrap());
        assert_eq!(resource_quota(&q, NOW)[1..3], ["pods: 3/10, requests.cpu: 0/1", "limits.cpu: 0/2"]);
        let m = kubeplay_model::ObjectMeta { name: "limits".into(), creation_timestamp: Some(NOW), ..Default::default() };
        assert_eq!(default_row(&m), ["limits", "2025-01-01T00:00:00Z"]);
    }
}
