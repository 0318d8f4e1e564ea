//! Rows for Node, Namespace, Event, ConfigMap, Secret, ServiceAccount,
//! PersistentVolume(Claim), StorageClass, PriorityClass, RuntimeClass, Lease, ComponentStatus, APIService, CSINode, ResourceQuota and
//! LimitRange (which has no printer, so the server's default NAME/CREATED AT).

use crate::print::duration::since;
use crate::print::table::{col, name_col, wide, Column};
use kubeplay_model::api::*;
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
    crate::print::table::Column { name: std::borrow::Cow::Borrowed("Name"), priority: 1, is_name: true },
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
pub const RUNTIME_CLASS: &[Column] = &[name_col(), col("Handler"), col("Age")];
/// `printLease`: the holder, empty while nobody holds it.
pub const LEASE: &[Column] = &[name_col(), col("Holder"), col("Age")];
/// `printComponentStatus`: its Healthy condition, no age.
pub const COMPONENT_STATUS: &[Column] = &[name_col(), col("Status"), col("Message"), col("Error")];
/// kube-aggregator's `printAPIService`.
pub const API_SERVICE: &[Column] = &[name_col(), col("Service"), col("Available"), col("Age")];
/// `printCSINode`: how many drivers.
pub const CSI_NODE: &[Column] = &[name_col(), col("Drivers"), col("Age")];
pub const ADMISSION_POLICY: &[Column] = &[name_col(), col("Validations"), col("ParamKind"), col("Age")];
pub const ADMISSION_POLICY_BINDING: &[Column] = &[name_col(), col("PolicyName"), col("ParamRef"), col("Age")];
pub const RESOURCE_QUOTA: &[Column] = &[name_col(), col("Request"), col("Limit"), col("Age")];
/// The API server's default table for kinds without a printer.
pub const DEFAULT: &[Column] = &[name_col(), col("Created At")];
/// A custom resource's table when its CRD declares no printer columns.
pub const CUSTOM: &[Column] = &[name_col(), col("Age")];

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
    // printNode keys the conditions by type in a map, so the last Ready condition wins.
    let mut status = vec![match n.status.conditions.iter().rev().find(|c| c.type_ == "Ready") {
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

/// Name and age: a custom resource's row when its CRD declares no columns.
pub fn custom(o: &kubeplay_model::api::CustomObject, now: Time) -> Vec<String> {
    vec![o.metadata.name.clone(), since(now, o.metadata.creation_timestamp)]
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

pub fn runtime_class(r: &RuntimeClass, now: Time) -> Vec<String> {
    vec![r.metadata.name.clone(), r.handler.clone(), since(now, r.metadata.creation_timestamp)]
}

pub fn lease(l: &Lease, now: Time) -> Vec<String> {
    vec![l.metadata.name.clone(), l.spec.holder_identity.clone().unwrap_or_default(), since(now, l.metadata.creation_timestamp)]
}

/// `Healthy` or `Unhealthy` from the Healthy condition (`Unknown`
/// without one), with that condition's message and error.
pub fn component_status(c: &ComponentStatus) -> Vec<String> {
    let (status, message, error) = match c.conditions.iter().find(|c| c.type_ == "Healthy") {
        Some(h) => (if h.status == "True" { "Healthy" } else { "Unhealthy" }, h.message.clone().unwrap_or_default(), h.error.clone().unwrap_or_default()),
        None => ("Unknown", String::new(), String::new()),
    };
    vec![c.metadata.name.clone(), status.into(), message, error]
}

/// `Local` or the service's `namespace/name`; the Available condition's
/// status, with its reason when not True.
pub fn api_service(a: &APIService, now: Time) -> Vec<String> {
    let service = match &a.spec.service {
        Some(s) => format!("{}/{}", s.get("namespace").and_then(|v| v.as_str()).unwrap_or(""), s.get("name").and_then(|v| v.as_str()).unwrap_or("")),
        None => "Local".into(),
    };
    let available = match kubeplay_model::meta::find_condition(&a.status.conditions, "Available") {
        Some(c) if c.is_true() => c.status.to_string(),
        Some(c) => match c.reason.as_deref().filter(|r| !r.is_empty()) {
            Some(r) => format!("{} ({r})", c.status),
            None => c.status.to_string(),
        },
        None => "Unknown".into(),
    };
    vec![a.metadata.name.clone(), service, available, since(now, a.metadata.creation_timestamp)]
}

pub fn csi_node(c: &CSINode, now: Time) -> Vec<String> {
    vec![c.metadata.name.clone(), c.spec.drivers.len().to_string(), since(now, c.metadata.creation_timestamp)]
}

/// `printValidatingAdmissionPolicy`: how many validations, and the
/// params' `apiVersion/kind`.
pub fn admission_policy(p: &ValidatingAdmissionPolicy, now: Time) -> Vec<String> {
    let text = |v: &serde_json::Value, k: &str| v.get(k).and_then(|s| s.as_str()).unwrap_or_default().to_string();
    let param_kind = match &p.spec.param_kind {
        Some(k) => format!("{}/{}", text(k, "apiVersion"), text(k, "kind")),
        None => "<unset>".into(),
    };
    vec![p.metadata.name.clone(), p.spec.validations.len().to_string(), param_kind, since(now, p.metadata.creation_timestamp)]
}

/// `printValidatingAdmissionPolicyBinding`: the params by name (`*/` when
/// the namespace is not known here), or by selector.
pub fn admission_policy_binding(b: &ValidatingAdmissionPolicyBinding, now: Time) -> Vec<String> {
    let param = match &b.spec.param_ref {
        None => "<unset>".to_string(),
        Some(r) => {
            let field = |k: &str| r.get(k).and_then(|s| s.as_str()).unwrap_or_default();
            match (field("name"), field("namespace")) {
                ("", _) => match r.get("selector").map(|s| serde_json::from_value::<kubeplay_model::LabelSelector>(s.clone())) {
                    Some(Ok(sel)) => go_selector_string(&sel),
                    _ => "<unset>".into(),
                },
                (name, "") => format!("*/{name}"),
                (name, ns) => format!("{ns}/{name}"),
            }
        }
    };
    vec![b.metadata.name.clone(), b.spec.policy_name.clone(), param, since(now, b.metadata.creation_timestamp)]
}

/// The generated protobuf `String()` of a `metav1.LabelSelector`, which
/// the server-side printer uses for a selected paramRef.
fn go_selector_string(sel: &kubeplay_model::LabelSelector) -> String {
    let labels: String = sel.match_labels.iter().map(|(k, v)| format!("{k}: {v},")).collect();
    let exprs: String = sel
        .match_expressions
        .iter()
        .map(|r| format!("LabelSelectorRequirement{{Key:{},Operator:{},Values:[{}],}},", r.key, r.operator, r.values.join(" ")))
        .collect();
    format!("&LabelSelector{{MatchLabels:map[string]string{{{labels}}},MatchExpressions:[]LabelSelectorRequirement{{{exprs}}},}}")
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

#[cfg(test)]
mod upstream_tables {
    //! Cases of upstream's TestPrintNamespace, TestPrintSecret,
    //! TestPrintServiceAccount, TestPrintConfigMap, TestPrintNode* ,
    //! TestPrintEvent, TestPrintPersistentVolume(Claim), TestPrintStorageClass,
    //! TestPrintPriorityClass and TestPrintResourceQuota
    //! (pkg/printers/internalversion) that the first test module does not
    //! already cover, with their cells.
    use super::*;
    use kubeplay_model::Condition;
    use serde_json::json;

    const NOW: Time = kubeplay_model::time::EPOCH;
    const DAY: i64 = 86_400;

    /// `time.Now().Add(1.9e9)`: 1.9s in the future, which prints "0s".
    fn soon() -> Option<Time> {
        Some(Time::from_millis(NOW.millis() + 1900))
    }

    fn ago(secs: i64) -> Option<Time> {
        Some(NOW.plus_secs(-secs))
    }

    #[test]
    fn namespaces_secrets_service_accounts_config_maps() {
        let mut ns = Namespace::default();
        ns.metadata.name = "namespace1".into();
        ns.metadata.creation_timestamp = soon();
        ns.status.phase = Some("FooStatus".into());
        assert_eq!(namespace(&ns, NOW), ["namespace1", "FooStatus", "0s"]);
        let mut bare = Namespace::default();
        bare.metadata.name = "namespace2".into();
        assert_eq!(namespace(&bare, NOW), ["namespace2", "", "<unknown>"]);

        let mut s = Secret::default();
        s.metadata.name = "secret1".into();
        s.metadata.creation_timestamp = soon();
        s.type_ = Some("kubernetes.io/service-account-token".into());
        assert_eq!(secret(&s, NOW), ["secret1", "kubernetes.io/service-account-token", "0", "0s"]);
        s.data.insert("token".into(), "c2VjcmV0IGRhdGE=".into());
        assert_eq!(secret(&s, NOW), ["secret1", "kubernetes.io/service-account-token", "1", "0s"]);

        let mut sa = ServiceAccount::default();
        sa.metadata.name = "sa1".into();
        sa.metadata.creation_timestamp = soon();
        sa.secrets = Some(json!([]));
        assert_eq!(service_account(&sa, NOW), ["sa1", "0", "0s"]);
        sa.secrets = Some(json!([{"name": "Secret1"}, {"name": "Secret2"}]));
        assert_eq!(service_account(&sa, NOW), ["sa1", "2", "0s"]);

        let mut cm = ConfigMap::default();
        cm.metadata.name = "configmap1".into();
        cm.metadata.creation_timestamp = soon();
        assert_eq!(config_map(&cm, NOW), ["configmap1", "0", "0s"]);
        cm.data.insert("foo".into(), "bar".into());
        assert_eq!(config_map(&cm, NOW), ["configmap1", "1", "0s"]);
        cm.binary_data.insert("bin".into(), "YmluYXJ5IGRhdGE=".into());
        assert_eq!(config_map(&cm, NOW), ["configmap1", "2", "0s"]);
    }

    fn node_named(name: &str) -> Node {
        let mut n = Node::default();
        n.metadata.name = name.into();
        n
    }

    fn address(type_: &str, ip: &str) -> NodeAddress {
        NodeAddress { type_: type_.into(), address: ip.into() }
    }

    // TestPrintNodeStatus, TestPrintNodeRole, TestPrintNodeName and the wide
    // TestPrintNodeOSImage / KernelVersion / ContainerRuntimeVersion /
    // ExternalIP / InternalIP.
    #[test]
    fn nodes() {
        let ready = Condition { type_: "Ready".into(), status: "True".into(), ..Default::default() };
        let mut n = node_named("foo3");
        n.status.conditions = vec![ready.clone(), ready];
        assert_eq!(node(&n, NOW)[..5], ["foo3", "Ready", "<none>", "<unknown>", ""]);
        let mut n = node_named("foo7");
        n.status.conditions = vec![Condition::default()];
        assert_eq!(node(&n, NOW)[..5], ["foo7", "Unknown", "<none>", "<unknown>", ""]);
        n.spec.unschedulable = Some(true);
        assert_eq!(node(&n, NOW)[1], "Unknown,SchedulingDisabled");

        let mut n = node_named("foo11");
        n.metadata.labels.insert("kubernetes.io/role".into(), "node".into());
        assert_eq!(node(&n, NOW)[..5], ["foo11", "Unknown", "node", "<unknown>", ""]);
        assert_eq!(node(&node_named("127.0.0.1"), NOW)[..5], ["127.0.0.1", "Unknown", "<none>", "<unknown>", ""]);
        assert_eq!(node(&node_named(""), NOW)[..5], ["", "Unknown", "<none>", "<unknown>", ""]);

        let wide = |info: NodeSystemInfo, addresses: Vec<NodeAddress>| {
            let mut n = node_named("foo1");
            n.status.node_info = Some(info);
            n.status.addresses = addresses;
            node(&n, NOW)[5..].to_vec()
        };
        let ext = || vec![address("ExternalIP", "1.1.1.1")];
        let os = NodeSystemInfo { os_image: "fake-os-image".into(), ..Default::default() };
        assert_eq!(wide(os, ext()), ["<none>", "1.1.1.1", "fake-os-image", "<unknown>", "<unknown>"]);
        let kernel = NodeSystemInfo { kernel_version: "fake-kernel-version".into(), ..Default::default() };
        assert_eq!(wide(kernel, ext()), ["<none>", "1.1.1.1", "<unknown>", "fake-kernel-version", "<unknown>"]);
        let runtime = NodeSystemInfo { container_runtime_version: "foo://1.2.3".into(), ..Default::default() };
        assert_eq!(wide(runtime, ext()), ["<none>", "1.1.1.1", "<unknown>", "<unknown>", "foo://1.2.3"]);
        assert_eq!(wide(NodeSystemInfo::default(), ext()), ["<none>", "1.1.1.1", "<unknown>", "<unknown>", "<unknown>"]);
        assert_eq!(wide(NodeSystemInfo::default(), vec![address("InternalIP", "1.1.1.1")])[..2], ["1.1.1.1", "<none>"]);
        let three = vec![address("ExternalIP", "2.2.2.2"), address("InternalIP", "3.3.3.3"), address("ExternalIP", "4.4.4.4")];
        assert_eq!(wide(NodeSystemInfo::default(), three)[..2], ["3.3.3.3", "2.2.2.2"]);
        let three = vec![address("InternalIP", "2.2.2.2"), address("ExternalIP", "3.3.3.3"), address("InternalIP", "4.4.4.4")];
        assert_eq!(wide(NodeSystemInfo::default(), three)[..2], ["2.2.2.2", "3.3.3.3"]);
    }

    // printNode: of two Ready conditions, the last one decides.
    #[test]
    fn last_ready_condition_wins() {
        let mut n = node_named("foo3");
        n.status.conditions = vec![
            Condition { type_: "Ready".into(), status: "True".into(), ..Default::default() },
            Condition { type_: "Ready".into(), status: "False".into(), ..Default::default() },
        ];
        assert_eq!(node_status(&n), "NotReady");
    }

    // TestPrintEvent (wide cells: the API server always sends them).
    #[test]
    fn events() {
        let micro = |secs_ago: i64| Some(Box::new(json!(NOW.plus_secs(-secs_ago).rfc3339_micro())));
        let base = |name: &str| {
            let mut e = Event::default();
            e.metadata.name = name.into();
            e.source = Some(EventSource { component: Some("kubelet".into()), host: Some("Node1".into()) });
            e.involved_object = ObjectReference { kind: Some("Deployment".into()), name: Some("Deployment Name".into()), field_path: Some("spec.containers{foo}".into()), ..Default::default() };
            e.reason = Some("Event Reason".into());
            e.message = Some("Message Data".into());
            e.type_ = Some("Warning".into());
            e
        };
        let wide = |name: &str, last: &str, source: &str, first: &str, count: &str| {
            vec![last, "Warning", "Event Reason", "deployment/Deployment Name", "spec.containers{foo}", source, "Message Data", first, count, name].into_iter().map(String::from).collect::<Vec<_>>()
        };

        let mut e = base("event1");
        e.source = Some(EventSource { component: Some("kubelet".into()), host: None });
        e.involved_object = ObjectReference { kind: Some("Pod".into()), name: Some("Pod Name".into()), field_path: Some("spec.containers{foo}".into()), ..Default::default() };
        e.first_timestamp = ago(3 * DAY);
        e.last_timestamp = ago(2 * DAY);
        e.count = Some(6);
        e.type_ = Some("Normal".into());
        let r = event(&e, NOW);
        assert_eq!([&r[0], &r[1], &r[2], &r[3], &r[6]], ["2d", "Normal", "Event Reason", "pod/Pod Name", "Message Data"]);

        let mut e = base("event2");
        e.first_timestamp = ago(3 * DAY);
        e.last_timestamp = ago(2 * DAY);
        e.count = Some(6);
        assert_eq!(event(&e, NOW), wide("event2", "2d", "kubelet, Node1", "3d", "6"));

        // Without firstTimestamp: FIRST SEEN falls back to eventTime.
        let mut e = base("event3");
        e.event_time = micro(3 * DAY);
        e.last_timestamp = ago(3 * DAY);
        e.count = Some(1);
        assert_eq!(event(&e, NOW), wide("event3", "3d", "kubelet, Node1", "3d", "1"));

        // Without lastTimestamp: LAST SEEN is FIRST SEEN.
        let mut e = base("event4");
        e.event_time = micro(3 * DAY);
        e.first_timestamp = ago(3 * DAY);
        e.count = Some(1);
        assert_eq!(event(&e, NOW), wide("event4", "3d", "kubelet, Node1", "3d", "1"));

        let mut e = base("event5");
        e.event_time = micro(3 * DAY);
        e.count = Some(1);
        assert_eq!(event(&e, NOW), wide("event5", "3d", "kubelet, Node1", "3d", "1"));

        // A series: its count and last observation.
        let mut e = base("event6");
        e.event_time = micro(3 * DAY);
        e.series = Some(Box::new(EventSeries { count: Some(2), last_observed_time: Some(json!(NOW.plus_secs(-2 * DAY).rfc3339_micro())) }));
        assert_eq!(event(&e, NOW), wide("event6", "2d", "kubelet, Node1", "3d", "2"));

        // A singleton of the new API has no count: it prints 1.
        let mut e = base("event7");
        e.event_time = micro(3 * DAY);
        assert_eq!(event(&e, NOW), wide("event7", "3d", "kubelet, Node1", "3d", "1"));

        // An empty source: the reporting controller and instance.
        let mut e = base("event2");
        e.source = None;
        e.reporting_component = Some("kubelet".into());
        e.reporting_instance = Some("test".into());
        e.first_timestamp = ago(3 * DAY);
        e.last_timestamp = ago(2 * DAY);
        e.count = Some(6);
        assert_eq!(event(&e, NOW), wide("event2", "2d", "kubelet, test", "3d", "6"));
    }

    // TestPrintPersistentVolume. Skipped: "storageClass, volumeAttributesClass"
    // (PvSpec does not model volumeAttributesClassName).
    #[test]
    fn persistent_volumes() {
        let pv_row = |name: &str, mode: &str, size: &str, phase: &str, class: Option<&str>| {
            let mut p = PersistentVolume::default();
            p.metadata.name = name.into();
            p.spec.claim_ref = Some(ObjectReference { name: Some("test".into()), namespace: Some("default".into()), ..Default::default() });
            p.spec.access_modes = vec![mode.into()];
            p.spec.capacity.insert("storage".into(), Quantity::parse(size).unwrap());
            p.spec.storage_class_name = class.map(String::from);
            p.status.phase = Some(phase.into());
            pv(&p, NOW)
        };
        let want = |name: &str, size: &str, modes: &str, phase: &str, class: &str| {
            vec![name, size, modes, "", phase, "default/test", class, "<unset>", "", "<unknown>", "<unset>"].into_iter().map(String::from).collect::<Vec<_>>()
        };
        assert_eq!(pv_row("test1", "ReadOnlyMany", "4Gi", "Bound", None), want("test1", "4Gi", "ROX", "Bound", ""));
        assert_eq!(pv_row("test2", "ReadOnlyMany", "4Gi", "Failed", None), want("test2", "4Gi", "ROX", "Failed", ""));
        assert_eq!(pv_row("test3", "ReadWriteMany", "10Gi", "Pending", None), want("test3", "10Gi", "RWX", "Pending", ""));
        assert_eq!(pv_row("test4", "ReadWriteOnce", "10Gi", "Pending", Some("my-scn")), want("test4", "10Gi", "RWO", "Pending", "my-scn"));
        assert_eq!(pv_row("test5", "ReadWriteOnce", "10Gi", "Available", Some("my-scn")), want("test5", "10Gi", "RWO", "Available", "my-scn"));
        assert_eq!(pv_row("test6", "ReadWriteOnce", "10Gi", "Released", Some("my-scn")), want("test6", "10Gi", "RWO", "Released", "my-scn"));
    }

    // TestPrintPersistentVolumeClaim.
    #[test]
    fn persistent_volume_claims() {
        let claim = |name: &str, volume: Option<&str>, phase: &str, mode: &str, size: &str| {
            let mut p = PersistentVolumeClaim::default();
            p.metadata.name = name.into();
            p.spec.volume_name = volume.map(String::from);
            p.spec.volume_mode = Some("Filesystem".into());
            p.status.phase = Some(phase.into());
            p.status.access_modes = vec![mode.into()];
            p.status.capacity.insert("storage".into(), Quantity::parse(size).unwrap());
            p
        };
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let p = claim("test1", Some("my-volume"), "Bound", "ReadOnlyMany", "4Gi");
        assert_eq!(pvc(&p, NOW), s(&["test1", "Bound", "my-volume", "4Gi", "ROX", "", "<unset>", "<unknown>", "Filesystem"]));
        let p = claim("test2", None, "Lost", "ReadOnlyMany", "4Gi");
        assert_eq!(pvc(&p, NOW), s(&["test2", "Lost", "", "", "", "", "<unset>", "<unknown>", "Filesystem"]));
        let p = claim("test3", Some("my-volume"), "Pending", "ReadWriteMany", "10Gi");
        assert_eq!(pvc(&p, NOW), s(&["test3", "Pending", "my-volume", "10Gi", "RWX", "", "<unset>", "<unknown>", "Filesystem"]));
        let mut p = claim("test4", Some("my-volume"), "Pending", "ReadWriteOnce", "10Gi");
        p.spec.storage_class_name = Some("my-scn".into());
        assert_eq!(pvc(&p, NOW), s(&["test4", "Pending", "my-volume", "10Gi", "RWO", "my-scn", "<unset>", "<unknown>", "Filesystem"]));
        p.metadata.name = "test5".into();
        p.spec.volume_mode = None;
        assert_eq!(pvc(&p, NOW), s(&["test5", "Pending", "my-volume", "10Gi", "RWO", "my-scn", "<unset>", "<unknown>", "<unset>"]));
        p.spec.volume_attributes_class_name = Some("my-vacn".into());
        assert_eq!(pvc(&p, NOW), s(&["test5", "Pending", "my-volume", "10Gi", "RWO", "my-scn", "my-vacn", "<unknown>", "<unset>"]));
    }

    // TestPrintStorageClass.
    #[test]
    fn storage_classes() {
        let sc = |name: &str, created: Option<Time>, provisioner: &str, reclaim: Option<&str>, binding: Option<&str>, expand: Option<bool>| {
            let mut s = StorageClass::default();
            s.metadata.name = name.into();
            s.metadata.creation_timestamp = created;
            s.provisioner = provisioner.into();
            s.reclaim_policy = reclaim.map(String::from);
            s.volume_binding_mode = binding.map(String::from);
            s.allow_volume_expansion = expand;
            storage_class_row(&s, NOW)
        };
        assert_eq!(sc("sc1", soon(), "kubernetes.io/glusterfs", None, None, None), ["sc1", "kubernetes.io/glusterfs", "Delete", "Immediate", "false", "0s"]);
        assert_eq!(sc("sc2", ago(300), "kubernetes.io/nfs", None, None, None), ["sc2", "kubernetes.io/nfs", "Delete", "Immediate", "false", "5m"]);
        assert_eq!(sc("sc3", ago(300), "kubernetes.io/nfs", Some("Delete"), None, None), ["sc3", "kubernetes.io/nfs", "Delete", "Immediate", "false", "5m"]);
        assert_eq!(sc("sc4", ago(300), "kubernetes.io/nfs", Some("Retain"), Some("Immediate"), None), ["sc4", "kubernetes.io/nfs", "Retain", "Immediate", "false", "5m"]);
        assert_eq!(
            sc("sc5", ago(300), "kubernetes.io/nfs", Some("Retain"), Some("WaitForFirstConsumer"), None),
            ["sc5", "kubernetes.io/nfs", "Retain", "WaitForFirstConsumer", "false", "5m"]
        );
        assert_eq!(
            sc("sc6", ago(300), "kubernetes.io/nfs", Some("Retain"), Some("WaitForFirstConsumer"), Some(true)),
            ["sc6", "kubernetes.io/nfs", "Retain", "WaitForFirstConsumer", "true", "5m"]
        );
    }

    // TestPrintPriorityClass: the API server's table always carries the
    // PreemptionPolicy cell (it generates rows with Wide set).
    #[test]
    fn priority_classes() {
        let pc = |name: &str, created: Option<Time>, value: i32, global: bool, policy: Option<&str>| {
            let mut p = PriorityClass::default();
            p.metadata.name = name.into();
            p.metadata.creation_timestamp = created;
            p.value = value;
            p.global_default = Some(global);
            p.preemption_policy = policy.map(String::from);
            priority_class(&p, NOW)
        };
        assert_eq!(pc("pc1", soon(), 1, false, Some("Never"))[..4], ["pc1", "1", "false", "0s"]);
        assert_eq!(pc("pc2", ago(300), 1_000_000_000, true, Some("PreemptLowerPriority")), ["pc2", "1000000000", "true", "5m", "PreemptLowerPriority"]);
        assert_eq!(pc("pc2", ago(300), 1_000_000_000, true, None), ["pc2", "1000000000", "true", "5m", ""]);
    }

    // TestPrintRuntimeClass.
    #[test]
    fn runtime_classes() {
        let rc = |name: &str, created: Option<Time>, handler: &str| {
            let mut r = RuntimeClass::default();
            r.metadata.name = name.into();
            r.metadata.creation_timestamp = created;
            r.handler = handler.into();
            runtime_class(&r, NOW)
        };
        assert_eq!(rc("rc1", soon(), "h1"), ["rc1", "h1", "0s"]);
        assert_eq!(rc("rc2", ago(300), "h2"), ["rc2", "h2", "5m"]);
    }

    // TestPrintResourceQuota.
    #[test]
    fn resource_quotas() {
        let mut q = ResourceQuota::default();
        q.metadata.name = "test-resourcequota".into();
        q.metadata.creation_timestamp = ago(300);
        for (k, used, hard) in [
            ("cpu", "1", "100"),
            ("memory", "1Gi", "4Gi"),
            ("pods", "1", "10"),
            ("services", "1", "10"),
            ("replicationcontrollers", "1", "10"),
            ("resourcequotas", "1", "1"),
            ("limits.cpu", "2", "200"),
            ("limits.memory", "2Gi", "8Gi"),
        ] {
            q.status.used.insert(k.into(), Quantity::parse(used).unwrap());
            q.status.hard.insert(k.into(), Quantity::parse(hard).unwrap());
        }
        assert_eq!(
            resource_quota(&q, NOW),
            [
                "test-resourcequota",
                "cpu: 1/100, memory: 1Gi/4Gi, pods: 1/10, replicationcontrollers: 1/10, resourcequotas: 1/1, services: 1/10",
                "limits.cpu: 2/200, limits.memory: 2Gi/8Gi",
                "5m"
            ]
        );
    }
}

/// The rows of the kinds the engine presents, as upstream's printers
/// (`printComponentStatus`, kube-aggregator's `printAPIService`) word them.
#[cfg(test)]
mod presented_tests {
    use super::*;
    use kubeplay_model::Condition;

    #[test]
    fn component_status_rows() {
        let cs = |conds: Vec<ComponentCondition>| ComponentStatus { metadata: kubeplay_model::ObjectMeta { name: "etcd-0".into(), ..Default::default() }, conditions: conds };
        let cond = |t: &str, s: &str, m: &str, e: &str| ComponentCondition { type_: t.into(), status: s.into(), message: Some(m.into()).filter(|m: &String| !m.is_empty()), error: Some(e.into()).filter(|e: &String| !e.is_empty()) };
        let table = [
            (vec![cond("Healthy", "True", "ok", "")], ["etcd-0", "Healthy", "ok", ""]),
            (vec![cond("Healthy", "False", "", "connection refused")], ["etcd-0", "Unhealthy", "", "connection refused"]),
            (vec![cond("Healthy", "Unknown", "", "timeout")], ["etcd-0", "Unhealthy", "", "timeout"]),
            (vec![cond("Other", "True", "x", "")], ["etcd-0", "Unknown", "", ""]),
            (vec![], ["etcd-0", "Unknown", "", ""]),
        ];
        for (conds, want) in table {
            assert_eq!(component_status(&cs(conds.clone())), want, "{conds:?}");
        }
    }

    #[test]
    fn api_service_rows() {
        let now = kubeplay_model::time::EPOCH.plus_secs(90);
        let svc = |service: Option<serde_json::Value>, status: &str, reason: Option<&str>| APIService {
            metadata: kubeplay_model::ObjectMeta { name: "v1beta1.metrics.k8s.io".into(), creation_timestamp: Some(kubeplay_model::time::EPOCH), ..Default::default() },
            spec: ApiServiceSpec { service, ..Default::default() },
            status: ApiServiceStatus { conditions: vec![Condition { type_: "Available".into(), status: status.into(), reason: reason.map(Into::into), ..Default::default() }] },
        };
        let metrics = Some(serde_json::json!({"namespace": "kube-system", "name": "metrics-server"}));
        let table = [
            (svc(None, "True", Some("Local")), ["v1beta1.metrics.k8s.io", "Local", "True", "90s"]),
            (svc(metrics.clone(), "False", Some("MissingEndpoints")), ["v1beta1.metrics.k8s.io", "kube-system/metrics-server", "False (MissingEndpoints)", "90s"]),
            (svc(metrics, "False", None), ["v1beta1.metrics.k8s.io", "kube-system/metrics-server", "False", "90s"]),
        ];
        for (a, want) in table {
            assert_eq!(api_service(&a, now), want);
        }
    }
}
