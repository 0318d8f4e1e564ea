//! Deployments, ReplicaSets, StatefulSets, DaemonSets (`pkg/apis/apps/validation`),
//! ReplicationControllers and ControllerRevisions, on create and update.

use super::common::{self, immutable, Errs};
use super::field::{go_int_or_string, go_quote, BadValue, FieldError, Path, GO_POINTER};
use super::meta;
use super::pod;
use crate::api::{ControllerRevision, DaemonSet, Deployment, PodTemplateSpec, ReplicaSet, ReplicationController, RollingUpdateDeployment, StatefulSet};
use crate::intstr::IntOrString;
use crate::names::{self, NameRule};
use crate::selector::{label_selector_as_selector, LabelSelector, Selector};

static SPEC: Path<'static> = Path::new("spec");

fn spec() -> &'static Path<'static> {
    &SPEC
}

fn int_or_string_value(v: &IntOrString) -> BadValue {
    BadValue::GoSyntax(go_int_or_string(v))
}

/// `ValidatePositiveIntOrPercent`.
fn positive_int_or_percent(v: &IntOrString, path: &Path) -> Errs {
    match v {
        IntOrString::Str(s) => names::is_valid_percent(s).into_iter().map(|m| FieldError::invalid(path, int_or_string_value(v), m)).collect(),
        IntOrString::Int(i) => common::nonnegative(*i as i64, path),
    }
}

/// `getPercentValue`: the number in a valid percentage.
fn percent_value(v: &IntOrString) -> Option<i64> {
    match v {
        IntOrString::Str(s) if names::is_valid_percent(s).is_empty() => s.trim_end_matches('%').parse().ok(),
        _ => None,
    }
}

/// `getIntOrPercentValue`: an invalid string counts as 0, as Go's `IntValue` does.
fn int_or_percent_value(v: &IntOrString) -> i64 {
    percent_value(v).unwrap_or(match v {
        IntOrString::Int(i) => *i as i64,
        IntOrString::Str(s) => s.parse().unwrap_or(0),
    })
}

fn not_more_than_100_percent(v: &IntOrString, path: &Path) -> Errs {
    match percent_value(v) {
        Some(p) if p > 100 => vec![FieldError::invalid(path, int_or_string_value(v), "must not be greater than 100%")],
        _ => Vec::new(),
    }
}

fn go_ptr(set: bool, ty: &str) -> String {
    if set {
        format!("(*{ty})({GO_POINTER})")
    } else {
        format!("(*{ty})(nil)")
    }
}

/// The selector as a matcher; a selector that does not convert gets the given detail.
fn selector_checks(sel: Option<&LabelSelector>, kind_word: &str, invalid_detail: &str) -> (Errs, Option<Selector>) {
    let mut errs = Vec::new();
    match sel {
        None => errs.push(FieldError::required(&spec().child("selector"), "")),
        Some(s) => {
            errs.extend(common::label_selector(Some(s), false, &spec().child("selector")));
            if s.is_empty() {
                errs.push(FieldError::invalid(&spec().child("selector"), common::selector_value(Some(s)), format!("empty selector is invalid for {kind_word}")));
            }
        }
    }
    match label_selector_as_selector(sel) {
        Ok(matcher) => (errs, Some(matcher)),
        Err(_) => {
            errs.push(FieldError::invalid(&spec().child("selector"), common::selector_value(sel), invalid_detail));
            (errs, None)
        }
    }
}

fn selector_mismatch(matcher: &Selector, template: &PodTemplateSpec, path: &Path) -> Option<FieldError> {
    if !matcher.is_empty() && !matcher.matches(&template.metadata.labels) {
        Some(FieldError::invalid(&path.child("metadata").child("labels"), BadValue::map(&template.metadata.labels), "`selector` does not match template `labels`"))
    } else {
        None
    }
}

/// The rules every controller that runs long-lived pods shares: restartPolicy Always, no activeDeadlineSeconds.
fn always_restart(template: &PodTemplateSpec, path: &Path, owner: &str) -> Errs {
    let mut errs = Vec::new();
    let rp = template.spec.restart_policy.as_deref().unwrap_or("");
    if rp != "Always" {
        errs.push(FieldError::not_supported(&path.child("spec").child("restartPolicy"), BadValue::str(rp), &["Always"]));
    }
    if template.spec.active_deadline_seconds.is_some() {
        errs.push(FieldError::forbidden(&path.child("spec").child("activeDeadlineSeconds"), format!("activeDeadlineSeconds in {owner} is not Supported")));
    }
    errs
}

/// `ValidatePodTemplateSpecForReplicaSet` (also used for Deployments).
fn template_for_replica_set(template: &PodTemplateSpec, matcher: &Selector) -> Errs {
    let path = spec().child("template");
    let mut errs: Errs = selector_mismatch(matcher, template, &path).into_iter().collect();
    errs.extend(pod::pod_template(template, &path));
    errs.extend(always_restart(template, &path, "ReplicaSet"));
    errs
}

/// `ValidateDeployment`.
pub(super) fn deployment(d: &Deployment) -> Errs {
    let mut errs = meta::object_meta(&d.metadata, true, NameRule::DnsSubdomain);
    errs.extend(deployment_spec(d));
    errs
}

fn deployment_spec(d: &Deployment) -> Errs {
    let s = &d.spec;
    let mut errs = common::nonnegative(s.replicas.unwrap_or(0) as i64, &spec().child("replicas"));
    let (sel_errs, matcher) = selector_checks(s.selector.as_ref(), "deployment", "invalid label selector");
    errs.extend(sel_errs);
    if let Some(m) = matcher {
        errs.extend(template_for_replica_set(&s.template, &m));
    }
    let sp = spec().child("strategy");
    let strategy = s.strategy.clone().unwrap_or_default();
    match strategy.type_.as_deref().unwrap_or("") {
        "Recreate" => {
            if strategy.rolling_update.is_some() {
                errs.push(FieldError::forbidden(&sp.child("rollingUpdate"), "may not be specified when strategy `type` is 'Recreate'"));
            }
        }
        "RollingUpdate" => match &strategy.rolling_update {
            None => errs.push(FieldError::required(&sp.child("rollingUpdate"), "this should be defaulted and never be nil")),
            Some(ru) => errs.extend(rolling_update_deployment(ru, &sp.child("rollingUpdate"))),
        },
        other => {
            let v = format!("apps.DeploymentStrategy{{Type:{}, RollingUpdate:{}}}", go_quote(other), go_ptr(strategy.rolling_update.is_some(), "apps.RollingUpdateDeployment"));
            errs.push(FieldError::not_supported(&sp, BadValue::GoSyntax(v), &["Recreate", "RollingUpdate"]));
        }
    }
    let min_ready = s.min_ready_seconds.unwrap_or(0);
    errs.extend(common::nonnegative(min_ready as i64, &spec().child("minReadySeconds")));
    if let Some(r) = s.revision_history_limit {
        errs.extend(common::nonnegative(r as i64, &spec().child("revisionHistoryLimit")));
    }
    if let Some(p) = s.progress_deadline_seconds {
        errs.extend(common::nonnegative(p as i64, &spec().child("progressDeadlineSeconds")));
        if p <= min_ready {
            errs.push(FieldError::invalid(&spec().child("progressDeadlineSeconds"), BadValue::int(p), "must be greater than minReadySeconds"));
        }
    }
    errs
}

/// `ValidateRollingUpdateDeployment`.
fn rolling_update_deployment(ru: &RollingUpdateDeployment, path: &Path) -> Errs {
    let zero = IntOrString::Int(0);
    let unavailable = ru.max_unavailable.as_ref().unwrap_or(&zero);
    let surge = ru.max_surge.as_ref().unwrap_or(&zero);
    let mut errs = positive_int_or_percent(unavailable, &path.child("maxUnavailable"));
    errs.extend(positive_int_or_percent(surge, &path.child("maxSurge")));
    if int_or_percent_value(unavailable) == 0 && int_or_percent_value(surge) == 0 {
        errs.push(FieldError::invalid(&path.child("maxUnavailable"), int_or_string_value(unavailable), "may not be 0 when `maxSurge` is 0"));
    }
    errs.extend(not_more_than_100_percent(unavailable, &path.child("maxUnavailable")));
    errs
}

fn selector_immutable(new: Option<&LabelSelector>, old: Option<&LabelSelector>) -> Option<FieldError> {
    (new != old).then(|| immutable(common::selector_value(new), &spec().child("selector")))
}

/// `ValidateDeploymentUpdate`, plus apps/v1's immutable selector.
pub(super) fn deployment_update(new: &Deployment, old: &Deployment) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(deployment_spec(new));
    errs.extend(selector_immutable(new.spec.selector.as_ref(), old.spec.selector.as_ref()));
    errs
}

/// `ValidateReplicaSet`.
pub(super) fn replica_set(rs: &ReplicaSet) -> Errs {
    let mut errs = meta::object_meta(&rs.metadata, true, NameRule::DnsSubdomain);
    errs.extend(replica_set_spec(rs));
    errs
}

fn replica_set_spec(rs: &ReplicaSet) -> Errs {
    let s = &rs.spec;
    let mut errs = common::nonnegative(s.replicas.unwrap_or(0) as i64, &spec().child("replicas"));
    errs.extend(common::nonnegative(s.min_ready_seconds.unwrap_or(0) as i64, &spec().child("minReadySeconds")));
    // Upstream's message says "deployment" for ReplicaSets too.
    let (sel_errs, matcher) = selector_checks(s.selector.as_ref(), "deployment", "invalid label selector");
    errs.extend(sel_errs);
    if let Some(m) = matcher {
        errs.extend(template_for_replica_set(&s.template, &m));
    }
    errs
}

pub(super) fn replica_set_update(new: &ReplicaSet, old: &ReplicaSet) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(replica_set_spec(new));
    errs.extend(selector_immutable(new.spec.selector.as_ref(), old.spec.selector.as_ref()));
    errs
}

/// `ValidateDaemonSet`.
pub(super) fn daemon_set(ds: &DaemonSet) -> Errs {
    let mut errs = meta::object_meta(&ds.metadata, true, NameRule::DnsSubdomain);
    errs.extend(daemon_set_spec(ds));
    errs
}

fn daemon_set_spec(ds: &DaemonSet) -> Errs {
    let s = &ds.spec;
    let tp = spec().child("template");
    let mut errs = common::label_selector(s.selector.as_ref(), false, &spec().child("selector"));
    if let Ok(m) = label_selector_as_selector(s.selector.as_ref()) {
        if !m.matches(&s.template.metadata.labels) {
            errs.push(FieldError::invalid(&tp.child("metadata").child("labels"), BadValue::map(&s.template.metadata.labels), "`selector` does not match template `labels`"));
        }
    }
    if let Some(sel) = s.selector.as_ref().filter(|sel| sel.is_empty()) {
        errs.push(FieldError::invalid(&spec().child("selector"), common::selector_value(Some(sel)), "empty selector is invalid for daemonset"));
    }
    errs.extend(pod::pod_template(&s.template, &tp));
    errs.extend(always_restart(&s.template, &tp, "DaemonSet"));
    errs.extend(common::nonnegative(s.min_ready_seconds.unwrap_or(0) as i64, &spec().child("minReadySeconds")));
    let up = spec().child("updateStrategy");
    let strategy = s.update_strategy.clone().unwrap_or_default();
    match strategy.type_.as_deref().unwrap_or("") {
        "OnDelete" => {}
        "RollingUpdate" => match &strategy.rolling_update {
            None => errs.push(FieldError::required(&up.child("rollingUpdate"), "")),
            Some(ru) => errs.extend(rolling_update_daemon_set(ru, &up.child("rollingUpdate"))),
        },
        other => {
            let v = format!("apps.DaemonSetUpdateStrategy{{Type:{}, RollingUpdate:{}}}", go_quote(other), go_ptr(strategy.rolling_update.is_some(), "apps.RollingUpdateDaemonSet"));
            errs.push(FieldError::not_supported(&up, BadValue::GoSyntax(v), &["RollingUpdate", "OnDelete"]));
        }
    }
    if let Some(r) = s.revision_history_limit {
        errs.extend(common::nonnegative(r as i64, &spec().child("revisionHistoryLimit")));
    }
    errs
}

/// `ValidateRollingUpdateDaemonSet`: exactly one of maxSurge and maxUnavailable is non-zero.
fn rolling_update_daemon_set(ru: &RollingUpdateDeployment, path: &Path) -> Errs {
    let zero = IntOrString::Int(0);
    let unavailable = ru.max_unavailable.as_ref().unwrap_or(&zero);
    let surge = ru.max_surge.as_ref().unwrap_or(&zero);
    let mut errs = positive_int_or_percent(unavailable, &path.child("maxUnavailable"));
    errs.extend(positive_int_or_percent(surge, &path.child("maxSurge")));
    errs.extend(not_more_than_100_percent(unavailable, &path.child("maxUnavailable")));
    errs.extend(not_more_than_100_percent(surge, &path.child("maxSurge")));
    match (int_or_percent_value(unavailable) != 0, int_or_percent_value(surge) != 0) {
        (true, true) => errs.push(FieldError::invalid(&path.child("maxSurge"), int_or_string_value(surge), "may not be set when maxUnavailable is non-zero")),
        (false, false) => errs.push(FieldError::required(&path.child("maxUnavailable"), "cannot be 0 when maxSurge is 0")),
        _ => {}
    }
    errs
}

pub(super) fn daemon_set_update(new: &DaemonSet, old: &DaemonSet) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(daemon_set_spec(new));
    errs.extend(selector_immutable(new.spec.selector.as_ref(), old.spec.selector.as_ref()));
    errs
}

/// `ValidateStatefulSet`. Upstream checks only the template's metadata, not
/// its pod spec (a known gap: bad specs fail later, at pod creation).
pub(super) fn stateful_set(sts: &StatefulSet) -> Errs {
    let mut errs = meta::object_meta(&sts.metadata, true, NameRule::DnsLabel);
    errs.extend(stateful_set_spec(sts));
    errs
}

fn stateful_set_spec(sts: &StatefulSet) -> Errs {
    let s = &sts.spec;
    let mut errs = Vec::new();
    match s.pod_management_policy.as_deref().unwrap_or("") {
        "" => errs.push(FieldError::required(&spec().child("podManagementPolicy"), "")),
        "OrderedReady" | "Parallel" => {}
        other => errs.push(FieldError::invalid(&spec().child("podManagementPolicy"), BadValue::str(other), "must be 'OrderedReady' or 'Parallel'")),
    }
    let up = spec().child("updateStrategy");
    let strategy = s.update_strategy.clone().unwrap_or_default();
    let go_rolling = |ru: &crate::api::RollingUpdateStatefulSet| {
        format!("apps.RollingUpdateStatefulSetStrategy{{Partition:{}, MaxUnavailable:{}}}", ru.partition.unwrap_or(0), go_ptr(ru.max_unavailable.is_some(), "intstr.IntOrString"))
    };
    match strategy.type_.as_deref().unwrap_or("") {
        "" => errs.push(FieldError::required(&up, "")),
        "OnDelete" => {
            if let Some(ru) = &strategy.rolling_update {
                errs.push(FieldError::invalid(&up.child("rollingUpdate"), BadValue::GoSyntax(go_rolling(ru)), "only allowed for updateStrategy 'RollingUpdate'"));
            }
        }
        "RollingUpdate" => {
            if let Some(ru) = &strategy.rolling_update {
                let rp = up.child("rollingUpdate");
                errs.extend(common::nonnegative(ru.partition.unwrap_or(0) as i64, &rp.child("partition")));
                if let Some(mu) = &ru.max_unavailable {
                    errs.extend(positive_int_or_percent(mu, &rp.child("maxUnavailable")));
                    if int_or_percent_value(mu) == 0 {
                        errs.push(FieldError::invalid(&rp.child("maxUnavailable"), int_or_string_value(mu), "cannot be 0"));
                    }
                    errs.extend(not_more_than_100_percent(mu, &rp.child("maxUnavailable")));
                }
            }
        }
        other => {
            let ru = strategy.rolling_update.is_some();
            let v = format!("apps.StatefulSetUpdateStrategy{{Type:{}, RollingUpdate:{}}}", go_quote(other), go_ptr(ru, "apps.RollingUpdateStatefulSetStrategy"));
            errs.push(FieldError::invalid(&up, BadValue::GoSyntax(v), "must be 'RollingUpdate' or 'OnDelete'"));
        }
    }
    if let Some(policy) = &s.persistent_volume_claim_retention_policy {
        let pp = spec().child("persistentVolumeClaimRetentionPolicy");
        for (name, v) in [("whenDeleted", &policy.when_deleted), ("whenScaled", &policy.when_scaled)] {
            let v = v.as_deref().unwrap_or("");
            if v != "Retain" && v != "Delete" {
                errs.push(FieldError::not_supported(&pp.child(name), BadValue::str(v), &["Retain", "Delete"]));
            }
        }
    }
    errs.extend(common::nonnegative(s.replicas.unwrap_or(0) as i64, &spec().child("replicas")));
    errs.extend(common::nonnegative(s.min_ready_seconds.unwrap_or(0) as i64, &spec().child("minReadySeconds")));
    if let Some(start) = s.ordinals.as_ref().and_then(|o| o.get("start")).and_then(serde_json::Value::as_i64) {
        errs.extend(common::nonnegative(start, &spec().child("ordinals.start")));
    }
    let (sel_errs, matcher) = selector_checks(s.selector.as_ref(), "statefulset", "");
    errs.extend(sel_errs);
    let tp = spec().child("template");
    if let Some(m) = matcher {
        errs.extend(selector_mismatch(&m, &s.template, &tp));
        errs.extend(common::labels(&s.template.metadata.labels, &tp.child("labels")));
        errs.extend(common::annotations(&s.template.metadata.annotations, &tp.child("annotations")));
        errs.extend(pod::pod_specific_annotations(&s.template.metadata.annotations, &s.template.spec, &tp.child("annotations")));
    }
    errs.extend(always_restart(&s.template, &tp, "StatefulSet"));
    errs
}

/// `ValidateStatefulSetUpdate`: only replicas, ordinals, template,
/// updateStrategy, the PVC retention policy and minReadySeconds may change.
pub(super) fn stateful_set_update(new: &StatefulSet, old: &StatefulSet) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(stateful_set_spec(new));
    let mut rest = new.spec.clone();
    rest.replicas = old.spec.replicas;
    rest.template = old.spec.template.clone();
    rest.update_strategy = old.spec.update_strategy.clone();
    rest.min_ready_seconds = old.spec.min_ready_seconds;
    rest.ordinals = old.spec.ordinals.clone();
    rest.persistent_volume_claim_retention_policy = old.spec.persistent_volume_claim_retention_policy.clone();
    if rest != old.spec {
        errs.push(FieldError::forbidden(
            spec(),
            "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
        ));
    }
    errs
}

/// `ValidateReplicationController`.
pub(super) fn replication_controller(rc: &ReplicationController) -> Errs {
    let mut errs = meta::object_meta(&rc.metadata, true, NameRule::DnsSubdomain);
    errs.extend(replication_controller_spec(rc));
    errs
}

fn replication_controller_spec(rc: &ReplicationController) -> Errs {
    let s = &rc.spec;
    let mut errs = common::nonnegative(s.min_ready_seconds.unwrap_or(0) as i64, &spec().child("minReadySeconds"));
    if s.selector.is_empty() {
        errs.push(FieldError::required(&spec().child("selector"), ""));
    }
    errs.extend(common::nonnegative(s.replicas.unwrap_or(0) as i64, &spec().child("replicas")));
    let tp = spec().child("template");
    match &s.template {
        None => errs.push(FieldError::required(&tp, "")),
        Some(t) => {
            let m = Selector::from_set(&s.selector);
            errs.extend(selector_mismatch(&m, t, &tp));
            errs.extend(pod::pod_template(t, &tp));
            errs.extend(always_restart(t, &tp, "ReplicationController"));
        }
    }
    errs
}

pub(super) fn replication_controller_update(new: &ReplicationController, old: &ReplicationController) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(replication_controller_spec(new));
    errs
}

/// `ValidateControllerRevision`.
pub(super) fn controller_revision(cr: &ControllerRevision) -> Errs {
    let mut errs = meta::object_meta(&cr.metadata, true, NameRule::DnsSubdomain);
    if cr.data.is_none() {
        errs.push(FieldError::required(&Path::new("data"), "data is mandatory"));
    }
    errs.extend(common::nonnegative(cr.revision, &Path::new("revision")));
    errs
}

pub(super) fn controller_revision_update(new: &ControllerRevision, old: &ControllerRevision) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    if new.data.is_none() {
        errs.push(FieldError::required(&Path::new("data"), "data is mandatory"));
    }
    errs.extend(common::nonnegative(new.revision, &Path::new("revision")));
    if new.data != old.data {
        errs.push(immutable(BadValue::GoSyntax("runtime.RawExtension{...}".to_string()), &Path::new("data")));
    }
    errs
}
