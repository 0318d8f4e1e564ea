//! The PodSecurity admission plugin (k8s.io/pod-security-admission): a
//! namespace's `pod-security.kubernetes.io/{enforce,audit,warn}` labels
//! (and their `-version`s) name a Pod Security Standard level, and a pod
//! that falls short of it is refused (enforce) or answered with a warning
//! (warn). Workloads with a pod template are only warned about: their
//! pods are checked when a controller creates them.
//!
//! The cluster runs the plugin with no AdmissionConfiguration, as kind
//! does: an unlabelled namespace is `privileged:latest` in every mode and
//! nothing is exempt. Audit mode writes only to the audit log, which the
//! playground does not keep, so it changes nothing here.
//!
//! The checks themselves are in [`checks`], one function per upstream
//! check, in the order upstream registers them.

mod checks;
#[cfg(test)]
mod tests;

use crate::error::{ApiError, Result};
use kubeplay_model::api::{PodSpec, PodTemplateSpec};
use kubeplay_model::meta::ObjectMeta;
use kubeplay_model::{Kind, Object};
use std::collections::BTreeMap;

pub const ENFORCE_LEVEL: &str = "pod-security.kubernetes.io/enforce";
pub const ENFORCE_VERSION: &str = "pod-security.kubernetes.io/enforce-version";
pub const AUDIT_LEVEL: &str = "pod-security.kubernetes.io/audit";
pub const AUDIT_VERSION: &str = "pod-security.kubernetes.io/audit-version";
pub const WARN_LEVEL: &str = "pod-security.kubernetes.io/warn";
pub const WARN_VERSION: &str = "pod-security.kubernetes.io/warn-version";

/// A Pod Security Standard, least strict first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Privileged,
    Baseline,
    Restricted,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Privileged => "privileged",
            Level::Baseline => "baseline",
            Level::Restricted => "restricted",
        }
    }

    /// An unknown level reads as `restricted` (failing closed for enforce;
    /// the caller opens it again for audit and warn).
    pub fn parse(s: &str) -> std::result::Result<Level, (Level, &'static str)> {
        match s {
            "privileged" => Ok(Level::Privileged),
            "baseline" => Ok(Level::Baseline),
            "restricted" => Ok(Level::Restricted),
            _ => Err((Level::Restricted, "must be one of privileged, baseline, restricted")),
        }
    }
}

/// A policy version: `latest` or `v1.N`. `latest` is newer than any
/// numbered version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    Latest,
    V1(u32),
}

impl Version {
    /// An unparsable version reads as `latest`.
    pub fn parse(s: &str) -> std::result::Result<Version, (Version, &'static str)> {
        const WRONG: &str = "must be \"latest\" or \"v1.x\"";
        if s == "latest" {
            return Ok(Version::Latest);
        }
        let minor = s.strip_prefix("v1.").ok_or((Version::Latest, WRONG))?;
        // `^v1\.([0-9]|[1-9][0-9]*)$`: digits, no leading zero.
        let digits = !minor.is_empty() && minor.bytes().all(|b| b.is_ascii_digit());
        if !digits || (minor.len() > 1 && minor.starts_with('0')) {
            return Err((Version::Latest, WRONG));
        }
        minor.parse().map(Version::V1).map_err(|_| (Version::Latest, WRONG))
    }

    /// Whether a check that applies from `1.minor` applies at this version.
    pub fn at_least(self, minor: u32) -> bool {
        match self {
            Version::Latest => true,
            Version::V1(m) => m >= minor,
        }
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Version::Latest => f.write_str("latest"),
            Version::V1(m) => write!(f, "v1.{m}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelVersion {
    pub level: Level,
    pub version: Version,
}

impl std::fmt::Display for LevelVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.level.as_str(), self.version)
    }
}

const PRIVILEGED_LATEST: LevelVersion = LevelVersion { level: Level::Privileged, version: Version::Latest };

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    pub enforce: LevelVersion,
    pub audit: LevelVersion,
    pub warn: LevelVersion,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy { enforce: PRIVILEGED_LATEST, audit: PRIVILEGED_LATEST, warn: PRIVILEGED_LATEST }
    }
}

/// A namespace's policy from its labels, over the cluster's defaults
/// (all privileged), with one field error per label that does not parse.
pub fn policy_from_labels(labels: &BTreeMap<String, String>) -> (Policy, Vec<String>) {
    let mut p = Policy::default();
    let mut errs = Vec::new();
    let mut invalid = |label: &str, value: &str, why: &str| {
        errs.push(format!("metadata.labels[{label}]: Invalid value: {}: {why}", kubeplay_model::goquote::quote(value)));
    };
    let level = |label: &str, open: bool, slot: &mut Level, invalid: &mut dyn FnMut(&str, &str, &str)| {
        if let Some(v) = labels.get(label) {
            match Level::parse(v) {
                Ok(l) => *slot = l,
                Err((l, why)) => {
                    // Audit and warn fail open, enforce closed.
                    *slot = if open { Level::Privileged } else { l };
                    invalid(label, v, why);
                }
            }
        }
    };
    let version = |label: &str, slot: &mut Version, invalid: &mut dyn FnMut(&str, &str, &str)| {
        if let Some(v) = labels.get(label) {
            match Version::parse(v) {
                Ok(x) => *slot = x,
                Err((x, why)) => {
                    *slot = x;
                    invalid(label, v, why);
                }
            }
        }
    };
    level(ENFORCE_LEVEL, false, &mut p.enforce.level, &mut invalid);
    version(ENFORCE_VERSION, &mut p.enforce.version, &mut invalid);
    level(AUDIT_LEVEL, true, &mut p.audit.level, &mut invalid);
    version(AUDIT_VERSION, &mut p.audit.version, &mut invalid);
    level(WARN_LEVEL, true, &mut p.warn.level, &mut invalid);
    version(WARN_VERSION, &mut p.warn.version, &mut invalid);
    (p, errs)
}

/// What one check found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub reason: String,
    pub detail: String,
}

/// Every violation of `lv` by a pod (or pod template), in upstream's order.
pub fn evaluate(lv: LevelVersion, meta: &ObjectMeta, spec: &PodSpec) -> Vec<Violation> {
    checks::evaluate(lv, meta, spec)
}

/// The reasons with their details: `reason (detail), reason (detail)`.
pub fn forbidden_detail(v: &[Violation]) -> String {
    v.iter()
        .map(|v| if v.detail.is_empty() { v.reason.clone() } else { format!("{} ({})", v.reason, v.detail) })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The reasons alone, as a namespace's check of its pods lists them.
pub fn forbidden_reason(v: &[Violation]) -> String {
    v.iter().map(|v| v.reason.as_str()).collect::<Vec<_>>().join(", ")
}

fn namespace_policy(store: &crate::store::Store, namespace: &str) -> (Policy, bool) {
    match store.get_by(Kind::Namespace, "", namespace) {
        Some(ns) => {
            let (p, errs) = policy_from_labels(&ns.meta().labels);
            (p, errs.is_empty())
        }
        None => (Policy::default(), true),
    }
}

/// The pod template of a workload kind the plugin checks (or none).
fn template_of(obj: &Object) -> Option<&PodTemplateSpec> {
    match obj {
        Object::Deployment(d) => Some(&d.spec.template),
        Object::ReplicaSet(r) => Some(&r.spec.template),
        Object::StatefulSet(s) => Some(&s.spec.template),
        Object::DaemonSet(d) => Some(&d.spec.template),
        Object::Job(j) => Some(&j.spec.template),
        Object::CronJob(c) => Some(&c.spec.job_template.spec.template),
        Object::ReplicationController(r) => r.spec.template.as_ref(),
        _ => None,
    }
}

/// The plugin on a create or update (`old`) of `obj`: an error when a pod
/// breaks its namespace's enforce level or a namespace's labels do not
/// parse, else the warnings for the client.
pub fn admit(store: &crate::store::Store, old: Option<&Object>, obj: &Object) -> Result<Vec<String>> {
    match obj {
        Object::Namespace(ns) => validate_namespace(store, old, &ns.metadata),
        Object::Pod(pod) => {
            if let Some(Object::Pod(old)) = old {
                if !significant_pod_update(old, pod) {
                    return Ok(Vec::new());
                }
            }
            let (policy, _) = namespace_policy(store, &pod.metadata.namespace);
            evaluate_pod(policy, &pod.metadata, &pod.spec, Some(&pod.metadata.name))
        }
        _ => {
            let Some(t) = template_of(obj) else { return Ok(Vec::new()) };
            let (policy, _) = namespace_policy(store, obj.namespace());
            evaluate_pod(policy, &t.metadata, &t.spec, None)
        }
    }
}

/// `EvaluatePod`: enforce (pods only, `name` given), then warn. A request
/// refused gets no warnings.
fn evaluate_pod(policy: Policy, meta: &ObjectMeta, spec: &PodSpec, name: Option<&str>) -> Result<Vec<String>> {
    if let Some(name) = name {
        let v = evaluate(policy.enforce, meta, spec);
        if !v.is_empty() {
            return Err(ApiError::Forbidden {
                message: format!("pods \"{name}\" is forbidden: violates PodSecurity \"{}\": {}", policy.enforce, forbidden_detail(&v)),
            });
        }
    }
    let v = evaluate(policy.warn, meta, spec);
    if v.is_empty() {
        return Ok(Vec::new());
    }
    Ok(vec![format!("would violate PodSecurity \"{}\": {}", policy.warn, forbidden_detail(&v))])
}

/// Only an image or a seccomp annotation can change in a pod's spec (or
/// its ephemeral containers, through their subresource): anything else
/// passes unchecked, as upstream's `isSignificantPodUpdate`.
fn significant_pod_update(old: &kubeplay_model::api::Pod, new: &kubeplay_model::api::Pod) -> bool {
    const POD_SECCOMP: &str = "seccomp.security.alpha.kubernetes.io/pod";
    const CONTAINER_SECCOMP: &str = "container.seccomp.security.alpha.kubernetes.io/";
    let (oa, na) = (&old.metadata.annotations, &new.metadata.annotations);
    if oa.get(POD_SECCOMP) != na.get(POD_SECCOMP) {
        return true;
    }
    let (os, ns) = (&old.spec, &new.spec);
    if os.containers.len() != ns.containers.len() || os.init_containers.len() != ns.init_containers.len() {
        return true;
    }
    let changed = |o: &kubeplay_model::api::Container, n: &kubeplay_model::api::Container| {
        let key = format!("{CONTAINER_SECCOMP}{}", n.name);
        o.image != n.image || oa.get(&key) != na.get(&key)
    };
    let pairs = os.containers.iter().zip(ns.containers.iter()).chain(os.init_containers.iter().zip(ns.init_containers.iter()));
    for (o, n) in pairs {
        if changed(o, n) {
            return true;
        }
    }
    ns.ephemeral_containers.iter().any(|e| match os.ephemeral_containers.iter().find(|o| o.container.name == e.container.name) {
        None => true,
        Some(o) => changed(&o.container, &e.container),
    })
}

/// `ValidateNamespace`: labels must parse (on an update, unless they were
/// already wrong in the same way), and a stricter enforce level is tried
/// against the pods already there, each different finding a warning.
fn validate_namespace(store: &crate::store::Store, old: Option<&Object>, meta: &ObjectMeta) -> Result<Vec<String>> {
    let (new_policy, new_errs) = policy_from_labels(&meta.labels);
    let Some(old) = old else {
        return if new_errs.is_empty() { Ok(Vec::new()) } else { Err(ApiError::invalid(Kind::Namespace, &meta.name, new_errs)) };
    };
    let (old_policy, old_errs) = policy_from_labels(&old.meta().labels);
    if !new_errs.is_empty() && (old_errs.is_empty() || new_errs != old_errs) {
        return Err(ApiError::invalid(Kind::Namespace, &meta.name, new_errs));
    }
    let (new, old) = (new_policy.enforce, old_policy.enforce);
    if new == old || new.level == Level::Privileged || (new.version == old.version && new.level <= old.level) {
        return Ok(Vec::new());
    }
    Ok(evaluate_pods_in_namespace(store, &meta.name, new))
}

/// How many of a namespace's pods a new enforce level is tried against
/// (upstream's `namespaceMaxPodsToCheck`).
const MAX_PODS_TO_CHECK: usize = 3000;

/// `EvaluatePodsInNamespace`: pods of different controllers first (one
/// per controller, then the rest), each distinct finding once with the
/// lexically first pod that has it and how many others do.
fn evaluate_pods_in_namespace(store: &crate::store::Store, namespace: &str, enforce: LevelVersion) -> Vec<String> {
    let mut first = Vec::new();
    let mut rest = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for obj in store.list(Kind::Pod, Some(namespace)) {
        let Object::Pod(pod) = &**obj else { continue };
        match pod.metadata.controller_ref() {
            Some(r) if !seen.insert(r.uid.clone()) => rest.push(pod),
            _ => first.push(pod),
        }
    }
    first.extend(rest);
    let total = first.len();
    // Upstream also stops at a time limit; the playground checks as
    // fast as it likes, so only the count limit applies.
    first.truncate(MAX_PODS_TO_CHECK);
    let checked = first.len();
    // Finding → (first pod name, count), in the order first found.
    let mut found: Vec<(String, String, usize)> = Vec::new();
    for pod in first {
        let v = evaluate(enforce, &pod.metadata, &pod.spec);
        if v.is_empty() {
            continue;
        }
        let reason = forbidden_reason(&v);
        match found.iter_mut().find(|(r, _, _)| *r == reason) {
            Some((_, name, count)) => {
                if pod.metadata.name < *name {
                    *name = pod.metadata.name.clone();
                }
                *count += 1;
            }
            None => found.push((reason, pod.metadata.name.clone(), 1)),
        }
    }
    let mut warnings = Vec::new();
    if checked < total {
        warnings.push(format!("new PodSecurity enforce level only checked against the first {checked} of {total} existing pods"));
    }
    if found.is_empty() {
        return warnings;
    }
    let mut pods: Vec<String> = found
        .into_iter()
        .map(|(reason, name, count)| match count {
            1 => format!("{name}: {reason}"),
            2 => format!("{name} (and 1 other pod): {reason}"),
            n => format!("{name} (and {} other pods): {reason}", n - 1),
        })
        .collect();
    pods.sort();
    warnings.push(format!("existing pods in namespace \"{namespace}\" violate the new PodSecurity enforce level \"{enforce}\""));
    warnings.extend(pods);
    warnings
}
