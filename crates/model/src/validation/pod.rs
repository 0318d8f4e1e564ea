//! Pods and pod templates: `ValidatePodSpec` and the container rules
//! (names, images, ports, env, mounts, probes, resources), plus the pod
//! create and update rules.

use super::common::{self, Errs};
use super::container;
use super::field::{BadValue, FieldError, Path};
use super::meta;
use super::scheduling;
use super::security_profiles;
use crate::api::{Pod, PodSpec, PodTemplateSpec, Volume};
use crate::names::{self, NameRule};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Options that differ between a Pod and a pod template.
#[derive(Clone, Copy, Default)]
pub(super) struct PodOpts {
    /// The spec belongs to a Pod object (not a template inside a workload).
    pub resource_is_pod: bool,
}

const RESTART_POLICIES: &[&str] = &["Always", "OnFailure", "Never"];
const DNS_POLICIES: &[&str] = &["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"];
const MIRROR_POD_ANNOTATION: &str = "kubernetes.io/config.mirror";
const POD_DELETION_COST: &str = "controller.kubernetes.io/pod-deletion-cost";

/// `ValidatePodCreate`.
pub(super) fn pod(p: &Pod) -> Errs {
    let spec_path = Path::new("spec");
    let mut errs = pod_metadata_and_spec(p);
    if !p.spec.ephemeral_containers.is_empty() {
        errs.push(FieldError::forbidden(&spec_path.child("ephemeralContainers"), "cannot be set on create"));
    }
    if p.node_name().is_some() && scheduling_gate_names(&p.spec).next().is_some() {
        errs.push(FieldError::forbidden(&spec_path.child("nodeName"), "cannot be set until all schedulingGates have been cleared"));
    }
    errs.extend(security_profiles::apparmor_match_on_create(p));
    errs
}

/// `validatePodMetadataAndSpec`: shared by create and update.
fn pod_metadata_and_spec(p: &Pod) -> Errs {
    let spec_path = Path::new("spec");
    let mut errs = meta::object_meta(&p.metadata, true, NameRule::DnsSubdomain);
    errs.extend(pod_specific_annotations(&p.metadata.annotations, &p.spec, &Path::new("metadata").child("annotations")));
    errs.extend(pod_spec(&p.spec, &spec_path, PodOpts { resource_is_pod: true }));
    for (name, list) in [("containers", &p.spec.containers), ("initContainers", &p.spec.init_containers)] {
        for (i, c) in list.iter().enumerate() {
            let image = c.image.as_deref().unwrap_or("");
            if image.len() != image.trim().len() {
                errs.push(FieldError::invalid(&spec_path.child(name).index(i).child("image"), BadValue::str(image), "must not have leading or trailing whitespace"));
            }
        }
    }
    errs
}

/// `ValidatePodTemplateSpec`: the template's labels, annotations and spec.
pub(super) fn pod_template(t: &PodTemplateSpec, path: &Path) -> Errs {
    let mut errs = common::labels(&t.metadata.labels, &path.child("labels"));
    errs.extend(common::annotations(&t.metadata.annotations, &path.child("annotations")));
    errs.extend(pod_specific_annotations(&t.metadata.annotations, &t.spec, &path.child("annotations")));
    errs.extend(pod_spec(&t.spec, &path.child("spec"), PodOpts::default()));
    if !t.spec.ephemeral_containers.is_empty() {
        errs.push(FieldError::forbidden(&path.child("spec").child("ephemeralContainers"), "ephemeral containers not allowed in pod template"));
    }
    errs
}

/// `ValidatePodSpecificAnnotations`: the mirror-pod and deletion-cost annotations.
pub(super) fn pod_specific_annotations(annotations: &BTreeMap<String, String>, spec: &PodSpec, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if let Some(v) = annotations.get(MIRROR_POD_ANNOTATION) {
        if spec.node_name.as_deref().unwrap_or("").is_empty() {
            errs.push(FieldError::invalid(&path.key(MIRROR_POD_ANNOTATION), BadValue::str(v.as_str()), "must set spec.nodeName if mirror pod annotation is set"));
        }
    }
    if let Some(v) = annotations.get(POD_DELETION_COST) {
        // "+10" and leading zeros ("008") are rejected, as upstream's parser does.
        let b = v.as_bytes();
        let first_ok = match b.first() {
            Some(b'-') => true,
            Some(b'0') => v == "0",
            Some(c) => c.is_ascii_digit(),
            None => false,
        };
        if !first_ok || v.parse::<i32>().is_err() {
            errs.push(FieldError::invalid(&path.key(POD_DELETION_COST), BadValue::str(v.as_str()), "must be a 32bit integer"));
        }
    }
    errs.extend(security_profiles::apparmor_annotations(annotations, spec, path));
    errs
}

/// `ValidatePodSpec`.
pub(super) fn pod_spec(spec: &PodSpec, path: &Path, opts: PodOpts) -> Errs {
    let mut errs = Vec::new();
    if spec.termination_grace_period_seconds.is_none() {
        errs.push(FieldError::required(&path.child("terminationGracePeriodSeconds"), ""));
    }
    let grace = spec.termination_grace_period_seconds;
    let (volumes, vol_errs) = volumes(&spec.volumes, &path.child("volumes"));
    errs.extend(vol_errs);
    let restart = spec.restart_policy.as_deref().unwrap_or("");
    errs.extend(container::containers(&spec.containers, &volumes, grace, &path.child("containers")));
    errs.extend(container_profiles(spec.containers.iter(), &path.child("containers")));
    errs.extend(container::init_containers(&spec.init_containers, &spec.containers, &volumes, grace, &path.child("initContainers")));
    errs.extend(container_profiles(spec.init_containers.iter(), &path.child("initContainers")));
    if !spec.ephemeral_containers.is_empty() {
        errs.extend(ephemeral_containers(spec, &volumes, &path.child("ephemeralContainers")));
        errs.extend(container_profiles(spec.ephemeral_containers.iter().map(|e| &e.container), &path.child("ephemeralContainers")));
    }
    if spec.host_network == Some(true) {
        for (i, c) in spec.containers.iter().enumerate() {
            for (j, port) in c.ports.iter().enumerate() {
                let hp = port.host_port.unwrap_or(0);
                if (opts.resource_is_pod || hp != 0) && hp != port.container_port {
                    errs.push(FieldError::invalid(&path.child("containers").index(i).child("ports").index(j).child("hostPort"), BadValue::int(hp), "must match `containerPort` when `hostNetwork` is true"));
                }
            }
        }
    }
    match restart {
        "" => errs.push(FieldError::required(&path.child("restartPolicy"), "")),
        r if !RESTART_POLICIES.contains(&r) => errs.push(FieldError::not_supported(&path.child("restartPolicy"), BadValue::str(r), RESTART_POLICIES)),
        _ => {}
    }
    let dns = spec.dns_policy.as_deref().unwrap_or("");
    match dns {
        "" => errs.push(FieldError::required(&path.child("dnsPolicy"), "")),
        d if !DNS_POLICIES.contains(&d) => errs.push(FieldError::not_supported(&path.child("dnsPolicy"), BadValue::str(d), DNS_POLICIES)),
        _ => {}
    }
    errs.extend(common::labels(&spec.node_selector, &path.child("nodeSelector")));
    errs.extend(super::sysctls::sysctls(spec, &path.child("securityContext").child("sysctls")));
    errs.extend(security_profiles::pod_security_context(spec.security_context.as_deref(), &path.child("securityContext")));
    errs.extend(scheduling::affinity(spec.affinity.as_deref(), &path.child("affinity")));
    errs.extend(dns_config(spec.dns_config.as_deref(), dns, &path.child("dnsConfig")));
    errs.extend(readiness_gates(spec.readiness_gates.as_deref(), &path.child("readinessGates")));
    errs.extend(scheduling_gates(spec, &path.child("schedulingGates")));
    errs.extend(scheduling::topology_spread(&spec.topology_spread_constraints, &path.child("topologySpreadConstraints")));
    if let Some(sa) = spec.service_account_name.as_deref().filter(|s| !s.is_empty()) {
        errs.extend(common::dns1123_subdomain(sa, &path.child("serviceAccountName")));
    }
    if let Some(node) = spec.node_name.as_deref().filter(|s| !s.is_empty()) {
        errs.extend(common::dns1123_subdomain(node, &path.child("nodeName")));
    }
    if let Some(ads) = spec.active_deadline_seconds {
        if !(1..=i32::MAX as i64).contains(&ads) {
            errs.push(FieldError::invalid(&path.child("activeDeadlineSeconds"), BadValue::int(ads), names::inclusive_range_error(1, i32::MAX as i64)));
        }
    }
    if let Some(h) = spec.hostname.as_deref().filter(|s| !s.is_empty()) {
        errs.extend(common::dns1123_label(h, &path.child("hostname")));
    }
    if let Some(s) = spec.subdomain.as_deref().filter(|s| !s.is_empty()) {
        errs.extend(common::dns1123_label(s, &path.child("subdomain")));
    }
    errs.extend(scheduling::tolerations(&spec.tolerations, &path.child("tolerations")));
    errs.extend(host_aliases(spec.host_aliases.as_deref(), &path.child("hostAliases")));
    if let Some(pc) = spec.priority_class_name.as_deref().filter(|s| !s.is_empty()) {
        errs.extend(common::dns1123_subdomain(pc, &path.child("priorityClassName")));
    }
    if let Some(rc) = &spec.runtime_class_name {
        errs.extend(common::dns1123_subdomain(rc, &path.child("runtimeClassName")));
    }
    if let Some(pp) = &spec.preemption_policy {
        errs.extend(preemption_policy(pp, &path.child("preemptionPolicy")));
    }
    if let Some(overhead) = &spec.overhead {
        for (name, q) in overhead {
            let overhead_path = path.child("overhead");
            let limits_path = overhead_path.child("limits");
            let p = limits_path.key(name);
            errs.extend(common::container_resource_name(name, &p));
            errs.extend(common::resource_quantity(name, q, &p));
        }
    }
    if let Some(os) = spec.os.as_ref().and_then(|o| o.get("name")).and_then(Value::as_str) {
        if os != "linux" && os != "windows" {
            errs.push(FieldError::not_supported(&path.child("os").child("name"), BadValue::str(os), &["linux", "windows"]));
        }
    }
    errs
}

/// The seccomp and AppArmor profiles of each container's security context.
fn container_profiles<'c>(list: impl Iterator<Item = &'c crate::api::Container>, path: &Path) -> Errs {
    list.enumerate().flat_map(|(i, c)| security_profiles::container_security_context(c, &path.index(i))).collect()
}

/// `ValidatePreemptionPolicy`.
pub(super) fn preemption_policy(p: &str, path: &Path) -> Errs {
    match p {
        "PreemptLowerPriority" | "Never" => Vec::new(),
        "" => vec![FieldError::required(path, "")],
        other => vec![FieldError::not_supported(path, BadValue::str(other), &["PreemptLowerPriority", "Never"])],
    }
}

/// `ValidateVolumes`: returns the volumes by name for mount checks.
fn volumes<'a>(list: &'a [Volume], path: &Path) -> (BTreeMap<&'a str, &'a Volume>, Errs) {
    let mut by_name = BTreeMap::new();
    let mut errs = Vec::new();
    for (i, v) in list.iter().enumerate() {
        let p = path.index(i);
        let mut el = volume_source(v, &p);
        if v.name.is_empty() {
            el.push(FieldError::required(&p.child("name"), ""));
        } else {
            el.extend(common::dns1123_label(&v.name, &p.child("name")));
        }
        if by_name.contains_key(v.name.as_str()) {
            el.push(FieldError::duplicate(&p.child("name"), BadValue::str(v.name.as_str())));
        }
        if el.is_empty() {
            by_name.insert(v.name.as_str(), v);
        } else {
            errs.extend(el);
        }
    }
    (by_name, errs)
}

/// One volume source, and the required fields of the common ones.
fn volume_source(v: &Volume, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let sources = [
        ("emptyDir", v.empty_dir.is_some()),
        ("hostPath", v.host_path.is_some()),
        ("secret", v.secret.is_some()),
        ("nfs", v.nfs.is_some()),
        ("persistentVolumeClaim", v.persistent_volume_claim.is_some()),
        ("downwardAPI", v.downward_api.is_some()),
        ("configMap", v.config_map.is_some()),
        ("projected", v.projected.is_some()),
        ("csi", v.csi.is_some()),
        ("ephemeral", v.ephemeral.is_some()),
    ];
    let mut seen = 0;
    for (name, present) in sources {
        if !present {
            continue;
        }
        if seen > 0 {
            errs.push(FieldError::forbidden(&path.child(name), "may not specify more than 1 volume type"));
            continue;
        }
        seen += 1;
        let p = path.child(name);
        match name {
            "secret" => {
                if let Some(s) = &v.secret {
                    if s.secret_name.as_deref().unwrap_or("").is_empty() {
                        errs.push(FieldError::required(&p.child("secretName"), ""));
                    }
                    errs.extend(file_mode(s.default_mode, &p.child("defaultMode")));
                }
            }
            "configMap" => {
                if let Some(c) = &v.config_map {
                    match c.name.as_deref().unwrap_or("") {
                        "" => errs.push(FieldError::required(&p.child("name"), "")),
                        n => errs.extend(common::dns1123_subdomain(n, &p.child("name"))),
                    }
                    errs.extend(file_mode(c.default_mode, &p.child("defaultMode")));
                }
            }
            "persistentVolumeClaim" if v.persistent_volume_claim.as_ref().is_some_and(|c| c.claim_name.is_empty()) => {
                errs.push(FieldError::required(&p.child("claimName"), ""));
            }
            "hostPath" => errs.extend(v.host_path.as_ref().map(|h| common::host_path(h, &p)).unwrap_or_default()),
            "projected" => errs.extend(v.projected.as_deref().map(|pv| projection_sources(pv, &p)).unwrap_or_default()),
            _ => {}
        }
    }
    if seen == 0 {
        errs.push(FieldError::required(path, "must specify a volume type"));
    }
    errs
}

/// Part of `validateProjectionSources`: one kind per source, the names
/// secret and ConfigMap sources need, no two items projecting the same
/// path (reported on the volume, with the source's name, or the path for
/// the downward API, as upstream words it), and a token's lifetime
/// between ten minutes and 2^32 seconds, at a path.
fn projection_sources(projected: &Value, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let mut paths: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    let items_of = |src: &Value| -> Vec<String> {
        src.get("items").and_then(Value::as_array).into_iter().flatten().filter_map(|i| i.get("path").and_then(Value::as_str)).filter(|p| !p.is_empty()).map(str::to_string).collect()
    };
    let sources = path.child("sources");
    for (i, source) in projected.get("sources").and_then(Value::as_array).into_iter().flatten().enumerate() {
        let src_path = sources.index(i);
        let mut kinds = 0;
        for kind in ["secret", "downwardAPI", "configMap", "serviceAccountToken", "clusterTrustBundle"] {
            let Some(src) = source.get(kind).filter(|v| !v.is_null()) else { continue };
            kinds += 1;
            let kind_path = src_path.child(kind);
            match kind {
                "secret" | "configMap" => {
                    let name = src.get("name").and_then(Value::as_str).unwrap_or("");
                    if name.is_empty() {
                        errs.push(FieldError::required(&kind_path.child("name"), ""));
                    }
                    for p in items_of(src) {
                        if !paths.insert(p) {
                            errs.push(FieldError::invalid(path, BadValue::str(name), "conflicting duplicate paths"));
                        }
                    }
                }
                "downwardAPI" => {
                    for p in items_of(src) {
                        if !paths.insert(p.clone()) {
                            errs.push(FieldError::invalid(path, BadValue::str(p), "conflicting duplicate paths"));
                        }
                    }
                }
                "serviceAccountToken" => {
                    let seconds = src.get("expirationSeconds").and_then(Value::as_i64).unwrap_or(3600);
                    if seconds < 10 * 60 {
                        errs.push(FieldError::invalid(&kind_path.child("expirationSeconds"), BadValue::int(seconds), "may not specify a duration less than 10 minutes"));
                    }
                    if seconds > 1 << 32 {
                        errs.push(FieldError::invalid(&kind_path.child("expirationSeconds"), BadValue::int(seconds), "may not specify a duration larger than 2^32 seconds"));
                    }
                    if src.get("path").and_then(Value::as_str).unwrap_or("").is_empty() {
                        errs.push(FieldError::required(&path.child("path"), ""));
                    }
                }
                _ => {}
            }
        }
        if kinds > 1 {
            errs.push(FieldError::forbidden(&src_path, "may not specify more than 1 volume type per source"));
        }
    }
    errs
}

fn file_mode(mode: Option<i32>, path: &Path) -> Errs {
    match mode {
        Some(m) if !(0..=0o777).contains(&m) => vec![FieldError::invalid(path, BadValue::int(m), "must be a number between 0 and 0777 (octal), both inclusive")],
        _ => Vec::new(),
    }
}

/// `validatePodDNSConfig`: `dnsPolicy: None` needs nameservers.
fn dns_config(config: Option<&Value>, policy: &str, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let nameservers: Vec<&str> = config.and_then(|c| c.get("nameservers")).and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    if policy == "None" {
        if config.is_none() {
            return vec![FieldError::required(path, "must provide `dnsConfig` when `dnsPolicy` is None")];
        }
        if nameservers.is_empty() {
            return vec![FieldError::required(&path.child("nameservers"), "must provide at least one DNS nameserver when `dnsPolicy` is None")];
        }
    }
    if nameservers.len() > 3 {
        let all: Vec<String> = nameservers.iter().map(|s| s.to_string()).collect();
        errs.push(FieldError::invalid(&path.child("nameservers"), BadValue::list(&all), "must not have more than 3 nameservers"));
    }
    for (i, ns) in nameservers.iter().enumerate() {
        errs.extend(common::valid_ip(ns, &path.child("nameservers").index(i)));
    }
    let searches: Vec<&str> = config.and_then(|c| c.get("searches")).and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    if searches.len() > 32 {
        let all: Vec<String> = searches.iter().map(|s| s.to_string()).collect();
        errs.push(FieldError::invalid(&path.child("searches"), BadValue::list(&all), "must not have more than 32 search paths"));
    }
    for (i, s) in searches.iter().enumerate() {
        if *s != "." {
            let trimmed = s.strip_suffix('.').unwrap_or(s);
            // Relaxed DNS search validation (default on in v1.32) also allows '_'.
            if !trimmed.split('.').all(|label| !label.is_empty() && label.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')) {
                errs.extend(common::dns1123_subdomain(trimmed, &path.child("searches").index(i)));
            }
        }
    }
    errs
}

fn readiness_gates(gates: Option<&Value>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (i, g) in gates.and_then(Value::as_array).into_iter().flatten().enumerate() {
        let t = g.get("conditionType").and_then(Value::as_str).unwrap_or("");
        errs.extend(common::qualified_name(t, &path.index(i).child("conditionType")));
    }
    errs
}

fn scheduling_gate_names(spec: &PodSpec) -> impl Iterator<Item = &str> {
    spec.scheduling_gates.as_deref().and_then(Value::as_array).into_iter().flatten().map(|g| g.get("name").and_then(Value::as_str).unwrap_or(""))
}

fn scheduling_gates(spec: &PodSpec, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (i, name) in scheduling_gate_names(spec).enumerate() {
        errs.extend(common::qualified_name(name, &path.index(i)));
        if seen.contains(&name) {
            errs.push(FieldError::duplicate(&path.index(i), BadValue::str(name)));
        }
        seen.push(name);
    }
    errs
}

fn host_aliases(aliases: Option<&Value>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (i, a) in aliases.and_then(Value::as_array).into_iter().flatten().enumerate() {
        errs.extend(common::valid_ip(a.get("ip").and_then(Value::as_str).unwrap_or(""), &path.index(i).child("ip")));
        for (j, h) in a.get("hostnames").and_then(Value::as_array).into_iter().flatten().enumerate() {
            errs.extend(common::dns1123_subdomain(h.as_str().unwrap_or(""), &path.index(i).child("hostnames").index(j)));
        }
    }
    errs
}

const UPDATABLE_POD_FIELDS: &str = "`spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)";

/// `ValidatePodUpdate`: only images, activeDeadlineSeconds (downwards),
/// added tolerations and removed scheduling gates may change.
pub(super) fn pod_update(new: &Pod, old: &Pod) -> Errs {
    let spec_path = Path::new("spec");
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(pod_metadata_and_spec(new));
    for (name, n, o) in [("containers", &new.spec.containers, &old.spec.containers), ("initContainers", &new.spec.init_containers, &old.spec.init_containers)] {
        if n.len() != o.len() {
            errs.push(FieldError::forbidden(&spec_path.child(name), "pod updates may not add or remove containers"));
            return errs;
        }
        for (i, c) in n.iter().enumerate() {
            if c.image.as_deref().unwrap_or("").is_empty() {
                errs.push(FieldError::required(&spec_path.child(name).index(i).child("image"), ""));
            }
        }
    }
    match (new.spec.active_deadline_seconds, old.spec.active_deadline_seconds) {
        (Some(n), _) if !(0..=i32::MAX as i64).contains(&n) => {
            errs.push(FieldError::invalid(&spec_path.child("activeDeadlineSeconds"), BadValue::int(n), names::inclusive_range_error(0, i32::MAX as i64)));
            return errs;
        }
        (Some(n), Some(o)) if o < n => {
            errs.push(FieldError::invalid(&spec_path.child("activeDeadlineSeconds"), BadValue::int(n), "must be less than or equal to previous value"));
            return errs;
        }
        (None, Some(_)) => errs.push(FieldError::invalid(&spec_path.child("activeDeadlineSeconds"), BadValue::Plain("null".into()), "must not update from a positive integer to nil value")),
        _ => {}
    }
    // Tolerations may only be added (tolerationSeconds of existing ones may change).
    for o in &old.spec.tolerations {
        let kept = new.spec.tolerations.iter().any(|n| n.key == o.key && n.operator == o.operator && n.value == o.value && n.effect == o.effect);
        if !kept {
            errs.push(FieldError::forbidden(&spec_path.child("tolerations"), "existing toleration can not be modified except its tolerationSeconds"));
            break;
        }
    }
    let old_gates: Vec<&str> = scheduling_gate_names(&old.spec).collect();
    for (i, g) in scheduling_gate_names(&new.spec).enumerate() {
        if !old_gates.contains(&g) {
            errs.push(FieldError::forbidden(&spec_path.child("schedulingGates").index(i).child("name"), format!("only deletion is allowed, but found new scheduling gate '{g}'")));
        }
    }
    let mut munged = PodSpec::clone(&new.spec);
    for (m, o) in munged.containers.iter_mut().zip(&old.spec.containers) {
        m.image = o.image.clone();
    }
    for (m, o) in munged.init_containers.iter_mut().zip(&old.spec.init_containers) {
        m.image = o.image.clone();
    }
    munged.active_deadline_seconds = old.spec.active_deadline_seconds;
    munged.scheduling_gates = old.spec.scheduling_gates.clone();
    munged.tolerations = old.spec.tolerations.clone();
    if old.spec.termination_grace_period_seconds.is_some_and(|g| g < 0) && munged.termination_grace_period_seconds == Some(1) {
        munged.termination_grace_period_seconds = old.spec.termination_grace_period_seconds;
    }
    if munged != *old.spec {
        errs.push(FieldError::forbidden(&spec_path, format!("pod updates may not change fields other than {UPDATABLE_POD_FIELDS}\n{}", super::diff::spec_diff("core.PodSpec", &*old.spec, &munged))));
    }
    errs
}

const NOT_FOR_EPHEMERAL: &str = "cannot be set for an Ephemeral Container";

/// `validateEphemeralContainers`: the common container rules, a name no
/// other container of the pod has, a target among the pod's own
/// containers, and none of the fields a debugging container may not rely
/// on (upstream's allow-list, in the fields' order).
fn ephemeral_containers(spec: &PodSpec, volumes: &container::Volumes, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let others: BTreeSet<&str> = spec.containers.iter().chain(spec.init_containers.iter()).map(|c| c.name.as_str()).collect();
    let mut all = others.clone();
    for (i, ec) in spec.ephemeral_containers.iter().enumerate() {
        let p = path.index(i);
        let c = &ec.container;
        errs.extend(container::common_checks(c, volumes, &p));
        let image = c.image.as_deref().unwrap_or("");
        if image.len() != image.trim().len() {
            errs.push(FieldError::invalid(&p.child("image"), BadValue::str(image), "must not have leading or trailing whitespace"));
        }
        if !all.insert(c.name.as_str()) {
            errs.push(FieldError::duplicate(&p.child("name"), BadValue::str(c.name.as_str())));
        }
        if let Some(target) = ec.target_container_name.as_deref().filter(|t| !t.is_empty() && !others.contains(t)) {
            errs.push(FieldError::not_found(&p.child("targetContainerName"), BadValue::str(target)));
        }
        let resources = &c.resources;
        let disallowed = [
            ("ports", !c.ports.is_empty()),
            ("resources", !resources.limits.is_empty() || !resources.requests.is_empty() || resources.claims.is_some()),
            ("resizePolicy", c.resize_policy.is_some()),
            ("restartPolicy", c.restart_policy.is_some()),
            ("livenessProbe", c.liveness_probe.is_some()),
            ("readinessProbe", c.readiness_probe.is_some()),
            ("startupProbe", c.startup_probe.is_some()),
            ("lifecycle", c.lifecycle.is_some()),
        ];
        for (field, _) in disallowed.iter().filter(|(_, set)| *set) {
            errs.push(FieldError::forbidden(&p.child(field), NOT_FOR_EPHEMERAL));
        }
        let mounts = p.child("volumeMounts");
        for (j, m) in c.volume_mounts.iter().enumerate() {
            let mp = mounts.index(j);
            if m.sub_path.as_deref().is_some_and(|s| !s.is_empty()) {
                errs.push(FieldError::forbidden(&mp.child("subPath"), NOT_FOR_EPHEMERAL));
            }
            if m.sub_path_expr.as_deref().is_some_and(|s| !s.is_empty()) {
                errs.push(FieldError::forbidden(&mp.child("subPathExpr"), NOT_FOR_EPHEMERAL));
            }
        }
    }
    errs
}

/// `ValidatePodEphemeralContainersUpdate`: a write to the
/// `ephemeralcontainers` subresource may add ephemeral containers; the
/// existing ones may be neither removed nor changed (looked up by name,
/// since a patch need not keep their order).
pub(super) fn pod_ephemeral_containers_update(new: &Pod, old: &Pod) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(pod_metadata_and_spec(new));
    if old.metadata.annotations.contains_key(MIRROR_POD_ANNOTATION) {
        return vec![FieldError::forbidden(&Path::new(""), "static pods do not support ephemeral containers")];
    }
    let spec = Path::new("spec");
    let spec_path = spec.child("ephemeralContainers");
    for o in old.spec.ephemeral_containers.iter() {
        match new.spec.ephemeral_containers.iter().find(|n| n.container.name == o.container.name) {
            None => errs.push(FieldError::forbidden(&spec_path, format!("existing ephemeral containers {:?} may not be removed\n", o.container.name.as_str()))),
            Some(n) if n != o => errs.push(FieldError::forbidden(
                &spec_path,
                format!("existing ephemeral containers {:?} may not be changed\n{}", o.container.name.as_str(), super::diff::spec_diff("core.EphemeralContainer", o, n)),
            )),
            Some(_) => {}
        }
    }
    errs
}

#[cfg(test)]
#[path = "upstream_ephemeral.rs"]
mod upstream_ephemeral;
