//! What each kind's registry strategy does to an object around
//! validation (`PrepareForCreate`, `PrepareForUpdate`, and the Job's
//! selector generation), beyond the scheme defaults.

use crate::api::{DaemonSet, Job, Namespace, Pod, PodSpec, ResourceList, StatefulSet};
use crate::object::Object;
use crate::quantity::Quantity;
use crate::selector::LabelSelector;
use crate::time::Time;
use crate::validation::batch::{CONTROLLER_UID_LABEL, JOB_NAME_LABEL, LEGACY_CONTROLLER_UID_LABEL, LEGACY_JOB_NAME_LABEL};
use std::collections::BTreeMap;

/// `appsv1.DeprecatedTemplateGeneration`: how apps/v1 exposes a
/// DaemonSet's internal `templateGeneration`.
pub const DAEMONSET_TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";
/// `api.FinalizerKubernetes`.
pub const NAMESPACE_FINALIZER: &str = "kubernetes";

/// `PrepareForCreate` of every kind: status a client sent is dropped (the
/// scheme defaults then fill it back in), a Pod starts Pending with its QoS
/// class, a Namespace gets the `kubernetes` finalizer, a DaemonSet starts
/// at template generation 1, a Service that set only `clusterIP` gets
/// `clusterIPs` to match, and a Job gets its generated selector.
///
/// The Job's selector is built from `metadata.uid`, so the API server
/// assigns the uid first (upstream generates it during validation, after
/// `FillObjectMetaSystemFields`). Call after `apply_defaults`, before
/// `validation::validate`.
pub fn prepare_for_create(obj: &mut Object) {
    drop_host_users(obj, None);
    match obj {
        Object::Pod(p) => {
            p.status = Default::default();
            p.status.phase = Some("Pending".into());
            p.status.qos_class = Some(pod_qos_class(p).into());
            merge_match_label_keys(p);
            apply_scheduling_gated_condition(p);
        }
        Object::Namespace(ns) => {
            ns.status = Default::default();
            if !ns.spec.finalizers.iter().any(|f| f == NAMESPACE_FINALIZER) {
                ns.spec.finalizers.push(NAMESPACE_FINALIZER.into());
            }
        }
        Object::Deployment(d) => d.status = Default::default(),
        Object::ReplicaSet(rs) => rs.status = Default::default(),
        Object::ReplicationController(rc) => rc.status = Default::default(),
        Object::StatefulSet(s) => {
            s.status = Default::default();
            drop_stateful_set_disabled_fields(s, None);
        }
        Object::DaemonSet(ds) => {
            ds.status = Default::default();
            let gen = template_generation(ds).max(1);
            ds.metadata.annotations.insert(DAEMONSET_TEMPLATE_GENERATION.into(), gen.to_string());
        }
        Object::Job(j) => {
            j.status = Default::default();
            generate_job_selector(j);
        }
        Object::CronJob(c) => c.status = Default::default(),
        Object::Service(s) => {
            s.status = Default::default();
            // `NormalizeClusterIPs` on create: a client that set only the
            // singular field gets the plural one to match.
            if let Some(ip) = s.spec.cluster_ip.clone().filter(|ip| !ip.is_empty()) {
                if s.spec.cluster_ips.is_empty() {
                    s.spec.cluster_ips = vec![ip];
                }
            }
        }
        Object::HorizontalPodAutoscaler(h) => h.status = Default::default(),
        Object::PodDisruptionBudget(p) => p.status = Default::default(),
        Object::ResourceQuota(q) => q.status = Default::default(),
        Object::PersistentVolumeClaim(p) => p.status = Default::default(),
        Object::PersistentVolume(p) => p.status = Default::default(),
        // Nobody may create a request already approved or signed.
        Object::CertificateSigningRequest(c) => c.status = Default::default(),
        Object::FlowSchema(f) => f.status = Default::default(),
        Object::PriorityLevelConfiguration(p) => p.status = Default::default(),
        Object::CustomResourceDefinition(c) => {
            c.status = Default::default();
            record_storage_version(c);
        }
        _ => {}
    }
    // The stored object is defaulted again whenever it is read, which is
    // how a generated Job selector's labels reach the Job's own labels.
    super::apply_defaults(obj);
}

/// The volume registry's phase clock (`PersistentVolumeLastPhaseTransitionTime`,
/// on by default since v1.29): a new volume starts its phase now, and a
/// status write that changes the phase without setting a new time gets
/// `now`; one that keeps the phase keeps the time unless it sets one.
pub fn stamp_phase_transition(old: Option<&Object>, new: &mut Object, now: Time) {
    let Object::PersistentVolume(pv) = new else { return };
    let Some(Object::PersistentVolume(old)) = old else {
        pv.status.last_phase_transition_time = Some(now);
        return;
    };
    let (was, is) = (&old.status, &mut pv.status);
    if was.phase == is.phase {
        if is.last_phase_transition_time.is_none() {
            is.last_phase_transition_time = was.last_phase_transition_time;
        }
    } else if is.last_phase_transition_time.is_none_or(|t| Some(t) == was.last_phase_transition_time) {
        is.last_phase_transition_time = Some(now);
    }
}

/// `PrepareForUpdate` of every kind, for a spec update of `old` to `new`
/// (both defaulted): a Namespace's finalizers only change through the
/// finalize subresource, and a DaemonSet's template generation moves on
/// when its template changes. Status is kept by the API server.
pub fn prepare_for_update(old: &Object, new: &mut Object) {
    drop_host_users(new, Some(old));
    match (old, new) {
        (Object::Namespace(o), Object::Namespace(n)) => keep_namespace_finalizers(o, n),
        (Object::StatefulSet(o), Object::StatefulSet(n)) => drop_stateful_set_disabled_fields(n, Some(o)),
        (Object::DaemonSet(o), Object::DaemonSet(n)) => {
            let mut gen = template_generation(o);
            if o.spec.template != n.spec.template {
                gen += 1;
            }
            n.metadata.annotations.insert(DAEMONSET_TEMPLATE_GENERATION.into(), gen.to_string());
        }
        // A request is immutable once made, but for its metadata.
        (Object::CertificateSigningRequest(o), Object::CertificateSigningRequest(n)) => n.spec = o.spec.clone(),
        (_, Object::CustomResourceDefinition(n)) => record_storage_version(n),
        _ => {}
    }
}

/// UserNamespacesSupport is beta but off by default through v1.32.
pub const USER_NAMESPACES_SUPPORT: bool = false;

/// The pod spec a kind's objects carry: a workload's template's (a Pod's
/// own spec is shared, so it is reached apart, copied only when changed).
fn template_spec(obj: &mut Object) -> Option<&mut PodSpec> {
    Some(match obj {
        Object::Deployment(d) => &mut d.spec.template.spec,
        Object::ReplicaSet(r) => &mut r.spec.template.spec,
        Object::ReplicationController(r) => &mut r.spec.template.as_mut()?.spec,
        Object::StatefulSet(s) => &mut s.spec.template.spec,
        Object::DaemonSet(d) => &mut d.spec.template.spec,
        Object::Job(j) => &mut j.spec.template.spec,
        Object::CronJob(c) => &mut c.spec.job_template.spec.template.spec,
        _ => return None,
    })
}

fn host_users(obj: &Object) -> Option<bool> {
    match obj {
        Object::Pod(p) => p.spec.host_users,
        Object::Deployment(d) => d.spec.template.spec.host_users,
        Object::ReplicaSet(r) => r.spec.template.spec.host_users,
        Object::ReplicationController(r) => r.spec.template.as_ref()?.spec.host_users,
        Object::StatefulSet(s) => s.spec.template.spec.host_users,
        Object::DaemonSet(d) => d.spec.template.spec.host_users,
        Object::Job(j) => j.spec.template.spec.host_users,
        Object::CronJob(c) => c.spec.job_template.spec.template.spec.host_users,
        _ => None,
    }
}

/// `dropDisabledFields` (and its template twin) for `hostUsers`: with
/// UserNamespacesSupport off the API server drops the field silently (it
/// is a known field, so no unknown-field warning), unless the stored
/// object already sets it.
fn drop_host_users(obj: &mut Object, old: Option<&Object>) {
    if USER_NAMESPACES_SUPPORT || host_users(obj).is_none() || old.and_then(host_users).is_some() {
        return;
    }
    match obj {
        Object::Pod(p) => std::sync::Arc::make_mut(&mut p.spec).host_users = None,
        other => {
            if let Some(spec) = template_spec(other) {
                spec.host_users = None;
            }
        }
    }
}

/// The CRD strategy's bookkeeping: a storage version joins
/// `status.storedVersions` as it is written, before validation asks for it.
fn record_storage_version(crd: &mut crate::api::CustomResourceDefinition) {
    if let Some(v) = crd.spec.versions.iter().find(|v| v.storage) {
        if !crd.status.stored_versions.contains(&v.name) {
            crd.status.stored_versions.push(v.name.clone());
        }
    }
}

/// MaxUnavailableStatefulSet is alpha, so off, through v1.32.
pub const MAX_UNAVAILABLE_STATEFUL_SET: bool = false;

/// `dropStatefulSetDisabledFields`: with the MaxUnavailableStatefulSet gate
/// off, `rollingUpdate.maxUnavailable` is dropped before validation unless
/// the stored object already uses it, so a manifest that sets it (even to
/// 0, which validation would reject) is accepted and stored without it.
/// The pod strategy's `applyMatchLabelKeysAndMismatchLabelKeys`
/// (MatchLabelKeysInPodAffinity, beta and on in v1.32): each pod
/// (anti-)affinity term's `matchLabelKeys` become `In` requirements, and
/// its `mismatchLabelKeys` `NotIn` ones, on the pod's own values of those
/// labels, appended to the term's labelSelector, so the scheduler reads
/// the stored selector alone. A term without a selector, or a key the pod
/// lacks, is left alone.
/// A pod created with scheduling gates says why it waits, so kubectl
/// shows it `SchedulingGated` (the pod strategy's
/// `applySchedulingGatedCondition`; no transition time is set).
fn apply_scheduling_gated_condition(p: &mut Pod) {
    let gated = p.spec.scheduling_gates.as_deref().and_then(serde_json::Value::as_array).is_some_and(|g| !g.is_empty());
    if !gated || p.status.conditions.iter().any(|c| c.type_ == "PodScheduled") {
        return;
    }
    p.status.conditions.push(crate::meta::Condition {
        type_: crate::atom!("PodScheduled"),
        status: crate::atom!("False"),
        reason: Some(crate::atom!("SchedulingGated")),
        message: Some("Scheduling is blocked due to non-empty scheduling gates".into()),
        ..Default::default()
    });
}

fn merge_match_label_keys(p: &mut Pod) {
    use crate::api::PodAffinityTerm;
    use crate::selector::LabelSelectorRequirement;
    let Some(affinity) = p.spec.affinity.as_deref() else { return };
    let has_keys = |t: &PodAffinityTerm| t.label_selector.is_some() && !(t.match_label_keys.is_empty() && t.mismatch_label_keys.is_empty());
    let any = [&affinity.pod_affinity, &affinity.pod_anti_affinity].into_iter().flatten().any(|a| {
        a.required_during_scheduling_ignored_during_execution.iter().any(has_keys)
            || a.preferred_during_scheduling_ignored_during_execution.iter().any(|w| has_keys(&w.pod_affinity_term))
    });
    if !any {
        return;
    }
    let labels = p.metadata.labels.clone();
    let update = |t: &mut PodAffinityTerm| {
        if !has_keys(t) {
            return;
        }
        let (matches, mismatches) = (t.match_label_keys.clone(), t.mismatch_label_keys.clone());
        let Some(sel) = t.label_selector.as_mut() else { return };
        for (keys, operator) in [(matches, "In"), (mismatches, "NotIn")] {
            for key in keys {
                if let Some(value) = labels.get(&key) {
                    sel.match_expressions.push(LabelSelectorRequirement { key, operator: operator.into(), values: vec![value.clone()] });
                }
            }
        }
    };
    let Some(affinity) = p.spec_mut().affinity.as_deref_mut() else { return };
    for a in [&mut affinity.pod_affinity, &mut affinity.pod_anti_affinity].into_iter().flatten() {
        a.required_during_scheduling_ignored_during_execution.iter_mut().for_each(update);
        a.preferred_during_scheduling_ignored_during_execution.iter_mut().for_each(|w| update(&mut w.pod_affinity_term));
    }
}

fn drop_stateful_set_disabled_fields(new: &mut StatefulSet, old: Option<&StatefulSet>) {
    let in_use = |s: &StatefulSet| s.spec.update_strategy.as_ref().and_then(|u| u.rolling_update.as_ref()).is_some_and(|r| r.max_unavailable.is_some());
    if MAX_UNAVAILABLE_STATEFUL_SET || old.is_some_and(in_use) {
        return;
    }
    if let Some(ru) = new.spec.update_strategy.as_mut().and_then(|u| u.rolling_update.as_mut()) {
        ru.max_unavailable = None;
    }
}

fn keep_namespace_finalizers(old: &Namespace, new: &mut Namespace) {
    new.spec.finalizers = old.spec.finalizers.clone();
}

fn template_generation(ds: &DaemonSet) -> i64 {
    ds.metadata.annotations.get(DAEMONSET_TEMPLATE_GENERATION).and_then(|v| v.parse().ok()).unwrap_or(0)
}

/// `generateSelector`: unless `manualSelector` is true, the selector is
/// `batch.kubernetes.io/controller-uid=<uid>` and the template carries the
/// uid and job-name labels (new and legacy keys). Labels the user already
/// put on the template are left alone; validation reports a mismatch.
pub fn generate_job_selector(j: &mut Job) {
    if j.spec.manual_selector == Some(true) || j.metadata.uid.is_empty() {
        return;
    }
    let uid = j.metadata.uid.to_string();
    let name = j.metadata.name.clone();
    let labels = &mut j.spec.template.metadata.labels;
    for (k, v) in [(LEGACY_CONTROLLER_UID_LABEL, &uid), (CONTROLLER_UID_LABEL, &uid), (LEGACY_JOB_NAME_LABEL, &name), (JOB_NAME_LABEL, &name)] {
        labels.entry(k.into()).or_insert_with(|| v.clone());
    }
    if j.spec.selector.is_none() {
        j.spec.selector = Some(LabelSelector { match_labels: BTreeMap::from([(CONTROLLER_UID_LABEL.into(), uid)]), ..Default::default() });
    }
}

/// `qos.GetPodQOS`: BestEffort without cpu/memory requests or limits,
/// Guaranteed when every container limits both and requests equal limits,
/// Burstable otherwise.
pub fn pod_qos_class(p: &Pod) -> &'static str {
    let supported = |name: &str| name == "cpu" || name == "memory";
    let mut requests: ResourceList = BTreeMap::new();
    let mut limits: ResourceList = BTreeMap::new();
    let mut guaranteed = true;
    let add = |sum: &mut ResourceList, name: &str, q: &Quantity| {
        let total = sum.get(name).map_or_else(|| q.clone(), |s| s.add(q));
        sum.insert(name.to_string(), total);
    };
    for c in p.spec.init_containers.iter().chain(&p.spec.containers) {
        for (name, q) in &c.resources.requests {
            if supported(name) && q.sign() > 0 {
                add(&mut requests, name, q);
            }
        }
        let mut found = 0;
        for (name, q) in &c.resources.limits {
            if supported(name) && q.sign() > 0 {
                found += 1;
                add(&mut limits, name, q);
            }
        }
        if found < 2 {
            guaranteed = false;
        }
    }
    if requests.is_empty() && limits.is_empty() {
        return "BestEffort";
    }
    if guaranteed && requests.iter().all(|(k, r)| limits.get(k) == Some(r)) && requests.len() == limits.len() {
        "Guaranteed"
    } else {
        "Burstable"
    }
}
