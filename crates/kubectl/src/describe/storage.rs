//! `kubectl describe pv`, `pvc`, `storageclass` and `csinode`.

use super::containers::host_path_lines;
use super::{annotations_multiline, finish_with_events, labels_multiline, Writer};
use crate::print::columns::cluster::access_modes;
use crate::print::duration::{rfc1123z, since};
use crate::print::format::{json_str, labels};
use kubeplay_model::api::{CSINode, Event, PersistentVolume, PersistentVolumeClaim, Pod, StorageClass};
use kubeplay_model::{ObjectMeta, Time};
use serde_json::Value;

const BETA_CLASS: &str = "volume.beta.kubernetes.io/storage-class";

/// `GetPersistentVolumeClass` / `GetPersistentVolumeClaimClass`: the beta
/// annotation wins over the field.
pub(super) fn storage_class<'a>(meta: &'a ObjectMeta, field: Option<&'a str>) -> &'a str {
    meta.annotation(BETA_CLASS).or(field).unwrap_or("")
}

/// A Go string slice printed with `%v`: `[a b]`.
fn go_list(items: &[String]) -> String {
    format!("[{}]", items.join(" "))
}

fn status_line(w: &mut Writer, meta: &ObjectMeta, phase: Option<&str>, now: Time) {
    match meta.deletion_timestamp {
        Some(t) => w.write(
            0,
            &format!("Status:\tTerminating (lasts {})\n", since(now, Some(t))),
        ),
        None => w.write(0, &format!("Status:\t{}\n", phase.unwrap_or(""))),
    }
}

/// `printVolumeNodeAffinity`: the required terms, each requirement as
/// `key op [values]`.
fn node_affinity(w: &mut Writer, affinity: Option<&Value>) {
    w.write(0, "Node Affinity:\t");
    let Some(required) = affinity.and_then(|a| a.get("required")) else {
        w.line("<none>");
        return;
    };
    w.line("");
    w.write(1, "Required Terms:\t");
    let terms = required
        .get("nodeSelectorTerms")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    if terms.is_empty() {
        w.line("<none>");
        return;
    }
    w.line("");
    write_terms(w, terms, "matchExpressions", 2, |r| json_str(Some(r), "operator").unwrap_or("").to_lowercase());
}

/// `printCSIPersistentVolumeAttributesMultiline`: sorted `k=v` lines.
fn csi_attributes(w: &mut Writer, attributes: Option<&Value>) {
    w.write(2, "VolumeAttributes:\t");
    let Some(map) = attributes
        .and_then(Value::as_object)
        .filter(|m| !m.is_empty())
    else {
        w.line("<none>");
        return;
    };
    let mut keys: Vec<&String> = map.keys().collect();
    kubeplay_model::sort::sort(&mut keys);
    for (i, k) in keys.iter().enumerate() {
        if i != 0 {
            w.write(2, "\t");
        }
        let line = format!("{k}={}", map.get(*k).and_then(Value::as_str).unwrap_or(""));
        match line.get(..140).filter(|_| line.len() > 140) {
            Some(head) => w.write(2, &format!("{head}...\n")),
            None => w.write(2, &format!("{line}\n")),
        }
    }
}

/// `describePersistentVolume`, for the sources the model keeps.
pub fn describe_persistent_volume(
    pv: &PersistentVolume,
    events: Option<&[&Event]>,
    now: Time,
) -> String {
    let mut w = Writer::new();
    let (m, spec) = (&pv.metadata, &pv.spec);
    w.write(0, &format!("Name:\t{}\n", m.name));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("Finalizers:\t{}\n", go_list(&m.finalizers)));
    w.write(
        0,
        &format!(
            "StorageClass:\t{}\n",
            storage_class(m, spec.storage_class_name.as_deref())
        ),
    );
    status_line(&mut w, m, pv.status.phase.as_deref(), now);
    let claim = spec
        .claim_ref
        .as_ref()
        .map(|r| {
            format!(
                "{}/{}",
                r.namespace.as_deref().unwrap_or(""),
                r.name.as_deref().unwrap_or("")
            )
        })
        .unwrap_or_default();
    w.write(0, &format!("Claim:\t{claim}\n"));
    w.write(
        0,
        &format!(
            "Reclaim Policy:\t{}\n",
            spec.persistent_volume_reclaim_policy
                .as_deref()
                .unwrap_or("")
        ),
    );
    w.write(
        0,
        &format!("Access Modes:\t{}\n", access_modes(&spec.access_modes)),
    );
    if let Some(mode) = &spec.volume_mode {
        w.write(0, &format!("VolumeMode:\t{mode}\n"));
    }
    w.write(
        0,
        &format!(
            "Capacity:\t{}\n",
            spec.capacity.get("storage").cloned().unwrap_or_default()
        ),
    );
    node_affinity(&mut w, spec.node_affinity.as_ref());
    w.write(
        0,
        &format!("Message:\t{}\n", pv.status.message.as_deref().unwrap_or("")),
    );
    w.write(0, "Source:\n");
    if let Some(hp) = &spec.host_path {
        host_path_lines(&mut w, hp);
    } else if let Some(n) = &spec.nfs {
        let read_only = n.get("readOnly").and_then(Value::as_bool).unwrap_or(false);
        w.write(
            2,
            &format!(
                "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t{}\n    Path:\t{}\n    ReadOnly:\t{read_only}\n",
                json_str(Some(n), "server").unwrap_or(""),
                json_str(Some(n), "path").unwrap_or("")
            ),
        );
    } else if let Some(l) = &spec.local {
        w.write(2, &format!("Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t{}\n", json_str(Some(l), "path").unwrap_or("")));
    } else if let Some(c) = &spec.csi {
        w.write(
            2,
            &format!(
                "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t{}\n    FSType:\t{}\n    VolumeHandle:\t{}\n    ReadOnly:\t{}\n",
                json_str(Some(c), "driver").unwrap_or(""),
                json_str(Some(c), "fsType").unwrap_or(""),
                json_str(Some(c), "volumeHandle").unwrap_or(""),
                c.get("readOnly").and_then(Value::as_bool).unwrap_or(false)
            ),
        );
        csi_attributes(&mut w, c.get("volumeAttributes"));
    } else {
        w.write(1, "<unknown>\n");
    }
    finish_with_events(w, events, now)
}

/// `getPodsForPVC`: the pods mounting the claim, then any pod owning it
/// that is not among them.
pub fn pods_for_claim<'a>(claim: &PersistentVolumeClaim, pods: &[&'a Pod]) -> Vec<&'a Pod> {
    let mut out: Vec<&Pod> = Vec::new();
    for p in pods {
        for v in p.spec.volumes.iter() {
            if v.persistent_volume_claim
                .as_ref()
                .is_some_and(|c| c.claim_name == claim.metadata.name)
            {
                out.push(p);
            }
        }
    }
    for owner in claim
        .metadata
        .owner_references
        .iter()
        .filter(|o| o.kind == "Pod")
    {
        let Some(p) = pods.iter().find(|p| p.metadata.uid == owner.uid) else {
            continue;
        };
        if !out.iter().any(|o| o.metadata.uid == p.metadata.uid) {
            out.push(p);
        }
    }
    out
}

/// `describePersistentVolumeClaim`; `pods` are those `pods_for_claim` finds.
pub fn describe_persistent_volume_claim(
    pvc: &PersistentVolumeClaim,
    pods: &[&Pod],
    events: Option<&[&Event]>,
    now: Time,
) -> String {
    let mut w = Writer::new();
    let (m, spec, st) = (&pvc.metadata, &pvc.spec, &pvc.status);
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    w.write(
        0,
        &format!(
            "StorageClass:\t{}\n",
            storage_class(m, spec.storage_class_name.as_deref())
        ),
    );
    status_line(&mut w, m, st.phase.as_deref(), now);
    let volume = spec.volume_name.as_deref().unwrap_or("");
    w.write(0, &format!("Volume:\t{volume}\n"));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("Finalizers:\t{}\n", go_list(&m.finalizers)));
    // Capacity and modes come from the status, once the claim is bound.
    let (capacity, modes) = if volume.is_empty() {
        (String::new(), String::new())
    } else {
        (
            st.capacity
                .get("storage")
                .cloned()
                .unwrap_or_default()
                .to_string(),
            access_modes(&st.access_modes),
        )
    };
    w.write(0, &format!("Capacity:\t{capacity}\n"));
    w.write(0, &format!("Access Modes:\t{modes}\n"));
    if let Some(mode) = &spec.volume_mode {
        w.write(0, &format!("VolumeMode:\t{mode}\n"));
    }
    if let Some(ds) = &spec.data_source {
        w.write(0, "DataSource:\n");
        if let Some(g) = json_str(Some(ds), "apiGroup") {
            w.write(1, &format!("APIGroup:\t{g}\n"));
        }
        w.write(
            1,
            &format!("Kind:\t{}\n", json_str(Some(ds), "kind").unwrap_or("")),
        );
        w.write(
            1,
            &format!("Name:\t{}\n", json_str(Some(ds), "name").unwrap_or("")),
        );
    }
    // printPodsMultiline: sorted by name.
    let mut names: Vec<&str> = pods.iter().map(|p| p.metadata.name.as_str()).collect();
    kubeplay_model::sort::sort(&mut names);
    w.write(0, "Used By:\t");
    if names.is_empty() {
        w.line("<none>");
    }
    for (i, n) in names.iter().enumerate() {
        if i != 0 {
            w.write(0, "\t");
        }
        w.write(0, &format!("{n}\n"));
    }
    if !st.conditions.is_empty() {
        w.write(0, "Conditions:\n");
        w.write(
            1,
            "Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n",
        );
        w.write(
            1,
            "----\t------\t-----------------\t------------------\t------\t-------\n",
        );
        for c in &st.conditions {
            w.write(
                1,
                &format!(
                    "{} \t{} \t{} \t{} \t{} \t{}\n",
                    c.type_,
                    c.status,
                    rfc1123z(c.last_probe_time),
                    rfc1123z(c.last_transition_time),
                    c.reason.as_deref().unwrap_or(""),
                    c.message.as_deref().unwrap_or("")
                ),
            );
        }
    }
    finish_with_events(w, events, now)
}

/// `describeStorageClass`: annotations and parameters on one line each
/// (`FormatLabels`).
pub fn describe_storage_class(sc: &StorageClass, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &sc.metadata;
    let is_default = [
        "storageclass.kubernetes.io/is-default-class",
        "storageclass.beta.kubernetes.io/is-default-class",
    ]
    .iter()
    .any(|k| m.annotation(k) == Some("true"));
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(
        0,
        &format!(
            "IsDefaultClass:\t{}\n",
            if is_default { "Yes" } else { "No" }
        ),
    );
    w.write(0, &format!("Annotations:\t{}\n", labels(&m.annotations)));
    w.write(0, &format!("Provisioner:\t{}\n", sc.provisioner));
    w.write(0, &format!("Parameters:\t{}\n", labels(&sc.parameters)));
    let expansion = sc
        .allow_volume_expansion
        .map_or("<unset>", |b| if b { "True" } else { "False" });
    w.write(0, &format!("AllowVolumeExpansion:\t{expansion}\n"));
    let options: Vec<&str> = sc
        .mount_options
        .as_ref()
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if options.is_empty() {
        w.write(0, "MountOptions:\t<none>\n");
    } else {
        w.write(0, "MountOptions:\n");
        for o in options {
            w.write(1, &format!("{o}\n"));
        }
    }
    if let Some(p) = &sc.reclaim_policy {
        w.write(0, &format!("ReclaimPolicy:\t{p}\n"));
    }
    if let Some(mode) = &sc.volume_binding_mode {
        w.write(0, &format!("VolumeBindingMode:\t{mode}\n"));
    }
    if let Some(topologies) = &sc.allowed_topologies {
        // printAllowedTopologies: each term's requirements as `key in [values]`.
        w.write(0, "AllowedTopologies:\t");
        let terms = topologies.as_array().map(Vec::as_slice).unwrap_or(&[]);
        w.line(if terms.is_empty() { "<none>" } else { "" });
        write_terms(&mut w, terms, "matchLabelExpressions", 1, |_| "in".to_string());
    }
    finish_with_events(w, events, now)
}

/// `describeCSINode`: each driver with its node ID, allocatable count
/// and topology keys (`%s` of a Go slice: `[a b]`).
pub fn describe_csi_node(c: &CSINode, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &c.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("CreationTimestamp:\t{}\n", rfc1123z(m.creation_timestamp)));
    w.write(0, "Spec:\n");
    // Go's nil list (what storage reads back for none) prints no heading.
    if !c.spec.drivers.is_empty() {
        w.write(1, "Drivers:\n");
        for d in &c.spec.drivers {
            w.write(2, &format!("{}:\n", d.name));
            w.write(3, &format!("Node ID:\t{}\n", d.node_id));
            if let Some(count) = d.allocatable.as_ref().and_then(|a| a.get("count")).and_then(Value::as_i64) {
                w.write(3, "Allocatables:\n");
                w.write(4, &format!("Count:\t{count}\n"));
            }
            if let Some(keys) = &d.topology_keys {
                w.write(3, &format!("Topology Keys:\t[{}]\n", keys.join(" ")));
            }
        }
    }
    finish_with_events(w, events, now)
}

/// `Term i:` then each requirement of the term's `list` as `key op
/// [values]`, one per line: the layout printVolumeNodeAffinity and
/// printAllowedTopologies share (they differ in the list, the level and
/// what stands for the operator).
fn write_terms(w: &mut Writer, terms: &[Value], list: &str, level: usize, op: impl Fn(&Value) -> String) {
    for (i, term) in terms.iter().enumerate() {
        w.write(level, &format!("Term {i}:\t"));
        let reqs = term.get(list).and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
        if reqs.is_empty() {
            w.line("<none>");
        }
        for (j, r) in reqs.iter().enumerate() {
            if j != 0 {
                w.write(level, "\t");
            }
            let mut expr = format!("{} {}", json_str(Some(r), "key").unwrap_or(""), op(r));
            let values: Vec<&str> = r.get("values").and_then(Value::as_array).map(|v| v.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
            if !values.is_empty() {
                expr.push_str(&format!(" [{}]", values.join(", ")));
            }
            w.write(0, &format!("{expr}\n"));
        }
    }
}
