//! PersistentVolumeClaim and PersistentVolume (`pkg/apis/core/validation`):
//! access modes, capacity and requests, storage classes, volume modes,
//! data sources, node affinity, and the update rules (immutability,
//! expansion, storage-class upgrades).

use super::common::{self, immutable, Errs};
use super::field::{BadValue, FieldError, Path};
use super::meta;
use super::scheduling;
use crate::api::{NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PersistentVolume, PersistentVolumeClaim, PvcSpec};
use crate::names::{self, NameRule};
use crate::quantity::Quantity;
use std::collections::BTreeMap;

const ACCESS_MODES: &[&str] = &["ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"];
const VOLUME_MODES: &[&str] = &["Block", "Filesystem"];

/// `ValidatePersistentVolumeClaimSpec`.
fn pvc_spec(s: &PvcSpec, path: &Path, allow_invalid_group: bool) -> Errs {
    let mut errs = Vec::new();
    if s.access_modes.is_empty() {
        errs.push(FieldError::required(&path.child("accessModes"), "at least 1 access mode is required"));
    }
    errs.extend(common::label_selector(s.selector.as_ref(), false, &path.child("selector")));
    let (mut rwop, mut other) = (false, false);
    for m in &s.access_modes {
        if !ACCESS_MODES.contains(&m.as_str()) {
            errs.push(FieldError::not_supported(&path.child("accessModes"), BadValue::str(m.as_str()), ACCESS_MODES));
        }
        if m == "ReadWriteOncePod" {
            rwop = true;
        } else {
            other = true;
        }
    }
    if rwop && other {
        errs.push(FieldError::forbidden(&path.child("accessModes"), "may not use ReadWriteOncePod with other access modes"));
    }
    let resources_path = path.child("resources");
    let sp = resources_path.key("storage");
    match s.resources.requests.get("storage") {
        None => errs.push(FieldError::required(&sp, "")),
        Some(q) if q.sign() <= 0 => errs.push(FieldError::invalid(&sp, BadValue::str(q.to_string()), "must be greater than zero")),
        Some(q) => errs.extend(common::resource_quantity("storage", q, &sp)),
    }
    if let Some(sc) = s.storage_class_name.as_deref().filter(|s| !s.is_empty()) {
        errs.extend(common::dns1123_subdomain(sc, &path.child("storageClassName")));
    }
    if let Some(vm) = &s.volume_mode {
        if !VOLUME_MODES.contains(&vm.as_str()) {
            errs.push(FieldError::not_supported(&path.child("volumeMode"), BadValue::str(vm.as_str()), VOLUME_MODES));
        }
    }
    let source = s.data_source.as_ref().map(DataSource::read);
    let source_ref = s.data_source_ref.as_ref().map(DataSource::read);
    if let Some(d) = &source {
        errs.extend(data_source(d, &path.child("dataSource"), allow_invalid_group));
    }
    if let Some(d) = &source_ref {
        let rp = path.child("dataSourceRef");
        errs.extend(data_source(d, &rp, allow_invalid_group));
        if let Some(ns) = d.namespace.as_deref().filter(|n| !n.is_empty()) {
            errs.extend(common::dns1123_label(ns, &rp.child("namespace")));
        }
    }
    let ref_namespaced = source_ref.as_ref().is_some_and(|r| r.namespace.as_deref().is_some_and(|n| !n.is_empty()));
    // Upstream passes the field path itself as the bad value, which prints bare.
    let data_source_path = BadValue::Plain(path.child("dataSource").to_string());
    match (&source, &source_ref) {
        (Some(_), Some(_)) if ref_namespaced => errs.push(FieldError::invalid(path, data_source_path, "may not be specified when dataSourceRef.namespace is specified")),
        (Some(d), Some(r)) if (&d.api_group, &d.kind, &d.name) != (&r.api_group, &r.kind, &r.name) => errs.push(FieldError::invalid(path, data_source_path, "must match dataSourceRef")),
        _ => {}
    }
    errs
}

/// A PVC's `dataSource` or `dataSourceRef`, kept opaque on the object.
#[derive(Default)]
struct DataSource {
    api_group: Option<String>,
    kind: String,
    name: String,
    namespace: Option<String>,
}

impl DataSource {
    // Read by hand, not through serde_json's Value decoder, which would
    // compile second copies of decoders into the download; a field of
    // the wrong type reads as absent.
    fn read(v: &serde_json::Value) -> DataSource {
        let opt = |k: &str| v.get(k).and_then(serde_json::Value::as_str).map(str::to_string);
        DataSource { api_group: opt("apiGroup"), kind: opt("kind").unwrap_or_default(), name: opt("name").unwrap_or_default(), namespace: opt("namespace") }
    }
}

/// `validateDataSource` and the shared part of `validateDataSourceRef`.
fn data_source(d: &DataSource, path: &Path, allow_invalid_group: bool) -> Errs {
    let mut errs = Vec::new();
    if d.name.is_empty() {
        errs.push(FieldError::required(&path.child("name"), ""));
    }
    if d.kind.is_empty() {
        errs.push(FieldError::required(&path.child("kind"), ""));
    }
    let group = d.api_group.as_deref().unwrap_or("");
    if group.is_empty() {
        if d.kind != "PersistentVolumeClaim" {
            errs.push(FieldError::invalid(path, BadValue::str(d.kind.as_str()), "must be 'PersistentVolumeClaim' when referencing the default apiGroup"));
        }
    } else if !allow_invalid_group {
        errs.extend(common::dns1123_subdomain(group, &path.child("apiGroup")));
    }
    errs
}

/// `ValidationOptionsForPersistentVolumeClaim`: a stored claim whose data
/// source already has an invalid apiGroup may still be updated.
fn has_invalid_data_source_group(s: &PvcSpec) -> bool {
    [&s.data_source, &s.data_source_ref].into_iter().flatten().any(|v| {
        let group = v.get("apiGroup").and_then(serde_json::Value::as_str).unwrap_or("");
        !group.is_empty() && !names::is_dns1123_subdomain(group).is_empty()
    })
}

const BETA_STORAGE_CLASS_ANNOTATION: &str = "volume.beta.kubernetes.io/storage-class";

/// `validateStorageClassUpgradeFromAnnotation`: the beta annotation moved into the spec.
fn storage_class_upgrade_from_annotation(new: &PersistentVolumeClaim, old: &PersistentVolumeClaim) -> bool {
    let Some(old_class) = old.metadata.annotations.get(BETA_STORAGE_CLASS_ANNOTATION) else { return false };
    let new_ann = new.metadata.annotations.get(BETA_STORAGE_CLASS_ANNOTATION);
    new_ann.is_none_or(|a| a == old_class) && old.spec.storage_class_name.is_none() && new.spec.storage_class_name.as_ref() == Some(old_class)
}

/// `validateStorageClassUpgradeFromNil`: a class set later on a claim that
/// had none (the retroactive default StorageClass, on by default).
fn storage_class_upgrade_from_nil(new: &PersistentVolumeClaim, old: &PersistentVolumeClaim) -> bool {
    !old.metadata.annotations.contains_key(BETA_STORAGE_CLASS_ANNOTATION) && old.spec.storage_class_name.is_none() && new.spec.storage_class_name.is_some()
}

pub(super) fn pvc(p: &PersistentVolumeClaim) -> Errs {
    pvc_with(p, false)
}

fn pvc_with(p: &PersistentVolumeClaim, allow_invalid_group: bool) -> Errs {
    let mut errs = meta::object_meta(&p.metadata, true, NameRule::DnsSubdomain);
    errs.extend(pvc_spec(&p.spec, &Path::new("spec"), allow_invalid_group));
    errs
}

/// `ValidatePersistentVolumeClaimUpdate`: the spec is fixed except the
/// storage request of a bound claim (which may shrink only while staying
/// above `status.capacity`, RecoverVolumeExpansionFailure being on in
/// v1.32), a first `volumeName` and a first storage class.
pub(super) fn pvc_update(new: &PersistentVolumeClaim, old: &PersistentVolumeClaim) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(pvc_with(new, has_invalid_data_source_group(&old.spec)));
    let mut n = new.spec.clone();
    let mut o = old.spec.clone();
    if o.volume_name.as_deref().unwrap_or("").is_empty() {
        o.volume_name.clone_from(&n.volume_name);
    }
    if storage_class_upgrade_from_annotation(new, old) {
        n.storage_class_name = None;
    } else {
        let ann = |p: &PersistentVolumeClaim| p.metadata.annotations.get(BETA_STORAGE_CLASS_ANNOTATION).cloned().unwrap_or_default();
        let new_ann = ann(new);
        if new_ann != ann(old) {
            errs.push(FieldError::invalid(&Path::new("metadata").child("annotations").child(BETA_STORAGE_CLASS_ANNOTATION), BadValue::str(new_ann), "field is immutable"));
        }
    }
    if storage_class_upgrade_from_nil(new, old) {
        n.storage_class_name = None;
    }
    if new.status.phase.as_deref() == Some("Bound") {
        match o.resources.requests.get("storage") {
            Some(q) => n.resources.requests.insert("storage".into(), q.clone()),
            None => n.resources.requests.remove("storage"),
        };
        if n.volume_attributes_class_name.is_some() {
            n.volume_attributes_class_name.clone_from(&o.volume_attributes_class_name);
        }
    }
    if n != o {
        let diff = super::diff::spec_diff("core.PersistentVolumeClaimSpec", &o, &n);
        errs.push(FieldError::forbidden(&Path::new("spec"), format!("spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n{diff}")));
    }
    let zero = Quantity::default();
    let storage = |l: &BTreeMap<String, Quantity>| l.get("storage").cloned().unwrap_or_else(|| zero.clone());
    let (new_size, old_size, status_size) = (storage(&new.spec.resources.requests), storage(&old.spec.resources.requests), storage(&old.status.capacity));
    if new_size < old_size && new_size <= status_size {
        errs.push(FieldError::forbidden(&Path::new("spec").child("resources").child("requests").child("storage"), "field can not be less than status.capacity"));
    }
    if new.spec.volume_mode != old.spec.volume_mode {
        errs.push(immutable(BadValue::str(new.spec.volume_mode.as_deref().unwrap_or("")), &Path::new("volumeMode")));
    }
    errs
}

/// `ValidatePersistentVolume` (the spec parts Kubeplay models).
pub(super) fn pv(p: &PersistentVolume) -> Errs {
    let mut errs = meta::object_meta(&p.metadata, false, NameRule::DnsSubdomain);
    let sp = Path::new("spec");
    let s = &p.spec;
    if s.access_modes.is_empty() {
        errs.push(FieldError::required(&sp.child("accessModes"), ""));
    }
    for m in &s.access_modes {
        if !ACCESS_MODES.contains(&m.as_str()) {
            errs.push(FieldError::not_supported(&sp.child("accessModes"), BadValue::str(m.as_str()), ACCESS_MODES));
        }
    }
    if s.access_modes.len() > 1 && s.access_modes.iter().any(|m| m == "ReadWriteOncePod") {
        errs.push(FieldError::forbidden(&sp.child("accessModes"), "may not use ReadWriteOncePod with other access modes"));
    }
    if s.capacity.is_empty() {
        errs.push(FieldError::required(&sp.child("capacity"), ""));
    }
    if !s.capacity.contains_key("storage") || s.capacity.len() > 1 {
        errs.push(FieldError::not_supported(&sp.child("capacity"), BadValue::GoSyntax(go_resource_list(&s.capacity)), &["storage"]));
    }
    let capacity_path = sp.child("capacity");
    for (k, q) in &s.capacity {
        let kp = capacity_path.key(k);
        errs.extend(common::resource_quantity(k, q, &kp));
        if q.sign() == 0 {
            errs.push(FieldError::invalid(&kp, BadValue::str(q.to_string()), "must be greater than zero"));
        }
    }
    if let Some(rp) = &s.persistent_volume_reclaim_policy {
        if !["Delete", "Recycle", "Retain"].contains(&rp.as_str()) {
            errs.push(FieldError::not_supported(&sp.child("persistentVolumeReclaimPolicy"), BadValue::str(rp.as_str()), &["Delete", "Recycle", "Retain"]));
        }
    }
    let affinity_path = sp.child("nodeAffinity");
    let (affinity_given, affinity_errs) = volume_node_affinity(s.node_affinity.as_ref(), &affinity_path);
    errs.extend(affinity_errs);
    let sources = [("hostPath", s.host_path.as_ref()), ("nfs", s.nfs.as_ref()), ("local", s.local.as_ref()), ("csi", s.csi.as_ref())];
    let mut seen = 0;
    for (name, source) in sources {
        let Some(source) = source else { continue };
        seen += 1;
        if seen > 1 {
            errs.push(FieldError::forbidden(&sp.child(name), "may not specify more than 1 volume type"));
            continue;
        }
        match name {
            "hostPath" => errs.extend(common::host_path(source, &sp.child(name))),
            "local" if !affinity_given => errs.push(FieldError::required(&affinity_path, "Local volume requires node affinity")),
            _ => {}
        }
    }
    if seen == 0 {
        errs.push(FieldError::required(&sp, "must specify a volume type"));
    }
    let host_root = s.host_path.as_ref().and_then(|h| h.get("path")).and_then(serde_json::Value::as_str).is_some_and(common::cleans_to_root);
    if host_root && s.persistent_volume_reclaim_policy.as_deref() == Some("Recycle") {
        errs.push(FieldError::forbidden(&sp.child("persistentVolumeReclaimPolicy"), "may not be 'recycle' for a hostPath mount of '/'"));
    }
    if let Some(sc) = s.storage_class_name.as_deref().filter(|s| !s.is_empty()) {
        errs.extend(common::dns1123_subdomain(sc, &sp.child("storageClassName")));
    }
    if let Some(vm) = &s.volume_mode {
        if !VOLUME_MODES.contains(&vm.as_str()) {
            errs.push(FieldError::not_supported(&sp.child("volumeMode"), BadValue::str(vm.as_str()), VOLUME_MODES));
        }
    }
    errs
}

/// A volume's `nodeAffinity.required`, kept opaque on the object, read
/// into the pod's typed selector by hand (see `DataSource::read`).
fn node_selector_of(v: &serde_json::Value) -> NodeSelector {
    let list = |v: &serde_json::Value, k: &str| v.get(k).and_then(serde_json::Value::as_array).cloned().unwrap_or_default();
    let text = |v: &serde_json::Value, k: &str| v.get(k).and_then(serde_json::Value::as_str).unwrap_or_default().to_string();
    let requirement = |r: &serde_json::Value| NodeSelectorRequirement {
        key: text(r, "key"),
        operator: text(r, "operator"),
        values: list(r, "values").iter().filter_map(|x| x.as_str().map(str::to_string)).collect(),
    };
    let term = |t: &serde_json::Value| NodeSelectorTerm {
        match_expressions: list(t, "matchExpressions").iter().map(requirement).collect(),
        match_fields: list(t, "matchFields").iter().map(requirement).collect(),
    };
    NodeSelector { node_selector_terms: list(v, "nodeSelectorTerms").iter().map(term).collect() }
}

/// `validateVolumeNodeAffinity`: whether an affinity was given, and its errors.
fn volume_node_affinity(affinity: Option<&serde_json::Value>, path: &Path) -> (bool, Errs) {
    let Some(a) = affinity else { return (false, Vec::new()) };
    let rp = path.child("required");
    let required = a.get("required").filter(|r| !r.is_null());
    let errs = match required.map(node_selector_of) {
        None => vec![FieldError::required(&rp, "must specify required node constraints")],
        Some(ns) => scheduling::node_selector(&ns, &rp),
    };
    (true, errs)
}

fn go_resource_list(list: &BTreeMap<String, Quantity>) -> String {
    if list.is_empty() {
        return "core.ResourceList(nil)".to_string();
    }
    let items: Vec<String> = list.iter().map(|(k, q)| format!("{k:?}:{q:?}", q = q.to_string())).collect();
    format!("core.ResourceList{{{}}}", items.join(", "))
}

pub(super) fn pv_update(new: &PersistentVolume, old: &PersistentVolume) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(pv(new));
    if new.spec.volume_mode != old.spec.volume_mode {
        errs.push(immutable(BadValue::str(new.spec.volume_mode.as_deref().unwrap_or("")), &Path::new("volumeMode")));
    }
    errs
}
