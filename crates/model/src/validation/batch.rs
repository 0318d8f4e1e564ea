//! Jobs and CronJobs (`pkg/apis/batch/validation`), on create and update.

use super::common::{self, immutable, Errs};
use super::field::{go_quote, go_string_map, BadValue, FieldError, Path};
use super::meta;
use super::pod;
use crate::api::{CronJob, Job, JobSpec, PodTemplateSpec};
use crate::names::{self, NameRule};
use crate::selector::label_selector_as_selector;
use serde_json::Value;

/// The labels the API server puts on a Job's pods and selects them by.
pub const CONTROLLER_UID_LABEL: &str = "batch.kubernetes.io/controller-uid";
pub const JOB_NAME_LABEL: &str = "batch.kubernetes.io/job-name";
pub const LEGACY_CONTROLLER_UID_LABEL: &str = "controller-uid";
pub const LEGACY_JOB_NAME_LABEL: &str = "job-name";

const MAX_PARALLELISM_FOR_INDEXED_JOB: i32 = 100_000;
const MAX_FAILED_INDEXES: i32 = 100_000;
const MAX_POD_FAILURE_POLICY_RULES: usize = 20;
const POD_FAILURE_ACTIONS: &[&str] = &["Count", "FailIndex", "FailJob", "Ignore"];

/// Checks a CronJob schedule as robfig/cron's `ParseStandard` does;
/// `Err` carries the parser's message.
pub fn validate_cron_schedule(schedule: &str) -> Result<(), String> {
    crate::cron::parse(schedule).map(|_| ()).map_err(|e| e.to_string())
}

/// `ValidateHasLabel`.
fn has_label(template: &PodTemplateSpec, key: &str, expected: &str, path: &Path) -> Errs {
    let labels_path = path.child("labels");
    let lp = labels_path.key(key);
    match template.metadata.labels.get(key) {
        None => vec![FieldError::required(&lp, format!("must be '{expected}'"))],
        Some(v) if v != expected => vec![FieldError::invalid(&lp, BadValue::map(&template.metadata.labels), format!("must be '{expected}'"))],
        _ => Vec::new(),
    }
}

/// `validateGeneratedSelector`: unless `manualSelector`, the selector and
/// template labels must be the ones the API server generated.
fn generated_selector(job: &Job) -> Errs {
    if job.spec.manual_selector == Some(true) || job.spec.selector.is_none() {
        return Vec::new();
    }
    let mut errs = Vec::new();
    let uid = job.metadata.uid.as_str();
    if uid.is_empty() {
        errs.push(FieldError::required(&Path::new("metadata").child("uid"), ""));
    }
    let spec_path = Path::new("spec");
    let template_path = spec_path.child("template");
    let tp = template_path.child("metadata");
    let t = &job.spec.template;
    errs.extend(has_label(t, LEGACY_CONTROLLER_UID_LABEL, uid, &tp));
    errs.extend(has_label(t, LEGACY_JOB_NAME_LABEL, &job.metadata.name, &tp));
    errs.extend(has_label(t, CONTROLLER_UID_LABEL, uid, &tp));
    errs.extend(has_label(t, JOB_NAME_LABEL, &job.metadata.name, &tp));
    let expected = [(CONTROLLER_UID_LABEL, uid), (JOB_NAME_LABEL, job.metadata.name.as_str()), (LEGACY_CONTROLLER_UID_LABEL, uid), (LEGACY_JOB_NAME_LABEL, job.metadata.name.as_str())]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    if let Ok(m) = label_selector_as_selector(job.spec.selector.as_ref()) {
        if !m.matches(&expected) {
            errs.push(FieldError::invalid(&Path::new("spec").child("selector"), common::selector_value(job.spec.selector.as_ref()), "`selector` not auto-generated"));
        }
    }
    errs
}

/// `ValidateJob`.
pub(super) fn job(job: &Job) -> Errs {
    let mut errs = meta::object_meta(&job.metadata, true, NameRule::DnsSubdomain);
    errs.extend(generated_selector(job));
    errs.extend(job_spec(&job.spec, &Path::new("spec")));
    let s = &job.spec;
    if s.completion_mode.as_deref() == Some("Indexed") {
        if let Some(c) = s.completions.filter(|c| *c > 0) {
            let hostname = format!("{}-{}", job.metadata.name, c - 1);
            if !names::is_dns1123_label(&hostname).is_empty() {
                errs.push(FieldError::invalid(&Path::new("metadata").child("name"), BadValue::str(job.metadata.name.as_str()), format!("will not able to create pod with invalid DNS label: {hostname}")));
            }
        }
    }
    errs
}

/// `ValidateJobSpec`: the shared rules, the selector, and that it selects the template.
fn job_spec(s: &JobSpec, path: &Path) -> Errs {
    let mut errs = shared_job_spec(s, path);
    match &s.selector {
        None => errs.push(FieldError::required(&path.child("selector"), "")),
        Some(sel) => errs.extend(common::label_selector(Some(sel), false, &path.child("selector"))),
    }
    if let Ok(m) = label_selector_as_selector(s.selector.as_ref()) {
        if !m.matches(&s.template.metadata.labels) {
            errs.push(FieldError::invalid(&path.child("template").child("metadata").child("labels"), BadValue::map(&s.template.metadata.labels), "`selector` does not match template `labels`"));
        }
    }
    errs
}

/// `validateJobSpec`: counts, indexed-job limits, failure policies, the template and its restart policy.
fn shared_job_spec(s: &JobSpec, path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (name, v) in [
        ("parallelism", s.parallelism.map(i64::from)),
        ("completions", s.completions.map(i64::from)),
        ("activeDeadlineSeconds", s.active_deadline_seconds),
        ("backoffLimit", s.backoff_limit.map(i64::from)),
        ("ttlSecondsAfterFinished", s.ttl_seconds_after_finished.map(i64::from)),
        ("backoffLimitPerIndex", s.backoff_limit_per_index.map(i64::from)),
        ("maxFailedIndexes", s.max_failed_indexes.map(i64::from)),
    ] {
        if let Some(v) = v {
            errs.extend(common::nonnegative(v, &path.child(name)));
        }
    }
    if s.max_failed_indexes.is_some() && s.backoff_limit_per_index.is_none() {
        errs.push(FieldError::required(&path.child("backoffLimitPerIndex"), "when maxFailedIndexes is specified"));
    }
    if let Some(m) = &s.managed_by {
        errs.extend(common::domain_prefixed_path(m, &path.child("managedBy")));
        if m.len() > 63 {
            errs.push(FieldError::too_long(&path.child("managedBy"), 63));
        }
    }
    let indexed = s.completion_mode.as_deref() == Some("Indexed");
    if let Some(mode) = &s.completion_mode {
        if mode != "NonIndexed" && mode != "Indexed" {
            errs.push(FieldError::not_supported(&path.child("completionMode"), BadValue::str(mode.as_str()), &["NonIndexed", "Indexed"]));
        }
        if indexed {
            if s.completions.is_none() {
                errs.push(FieldError::required(&path.child("completions"), "when completion mode is Indexed"));
            }
            if let Some(p) = s.parallelism.filter(|p| *p > MAX_PARALLELISM_FOR_INDEXED_JOB) {
                errs.push(FieldError::invalid(&path.child("parallelism"), BadValue::int(p), format!("must be less than or equal to {MAX_PARALLELISM_FOR_INDEXED_JOB} when completion mode is Indexed")));
            }
            if let (Some(c), Some(m)) = (s.completions, s.max_failed_indexes) {
                if m > c {
                    errs.push(FieldError::invalid(&path.child("maxFailedIndexes"), BadValue::int(m), "must be less than or equal to completions"));
                }
            }
            if let Some(m) = s.max_failed_indexes.filter(|m| *m > MAX_FAILED_INDEXES) {
                errs.push(FieldError::invalid(&path.child("maxFailedIndexes"), BadValue::int(m), format!("must be less than or equal to {MAX_FAILED_INDEXES}")));
            }
        }
    }
    if !indexed {
        if let Some(b) = s.backoff_limit_per_index {
            errs.push(FieldError::invalid(&path.child("backoffLimitPerIndex"), BadValue::int(b), "requires indexed completion mode"));
        }
        if let Some(m) = s.max_failed_indexes {
            errs.push(FieldError::invalid(&path.child("maxFailedIndexes"), BadValue::int(m), "requires indexed completion mode"));
        }
    }
    if let Some(pfp) = &s.pod_failure_policy {
        errs.extend(pod_failure_policy(pfp, s, &path.child("podFailurePolicy")));
    }
    if s.success_policy.is_some() && !indexed {
        errs.push(FieldError::invalid(&path.child("successPolicy"), BadValue::GoSyntax("batch.SuccessPolicy{...}".to_string()), "requires indexed completion mode"));
    }
    if let Some(rp) = &s.pod_replacement_policy {
        if s.pod_failure_policy.is_some() {
            if rp != "Failed" {
                errs.push(FieldError::not_supported(&path.child("podReplacementPolicy"), BadValue::str(rp.as_str()), &["Failed"]));
            }
        } else if rp != "Failed" && rp != "TerminatingOrFailed" {
            errs.push(FieldError::not_supported(&path.child("podReplacementPolicy"), BadValue::str(rp.as_str()), &["Failed", "TerminatingOrFailed"]));
        }
    }
    let tp = path.child("template");
    errs.extend(pod::pod_template(&s.template, &tp));
    let spec_path = tp.child("spec");
    let rpp = spec_path.child("restartPolicy");
    match s.template.spec.restart_policy.as_deref().unwrap_or("") {
        // Pod templates default to Always, so a Job that says nothing gets this.
        "Always" | "" => errs.push(FieldError::required(&rpp, "valid values: \"OnFailure\", \"Never\"")),
        "OnFailure" if s.pod_failure_policy.is_some() => errs.push(FieldError::invalid(&rpp, BadValue::str("OnFailure"), "only \"Never\" is supported when podFailurePolicy is specified")),
        "OnFailure" | "Never" => {}
        other => errs.push(FieldError::not_supported(&rpp, BadValue::str(other), &["OnFailure", "Never"])),
    }
    errs
}


/// `validatePodFailurePolicy`.
fn pod_failure_policy(pfp: &Value, s: &JobSpec, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let rules = pfp.get("rules").and_then(Value::as_array).cloned().unwrap_or_default();
    let rp = path.child("rules");
    if rules.len() > MAX_POD_FAILURE_POLICY_RULES {
        errs.push(FieldError::too_many(&rp, rules.len(), MAX_POD_FAILURE_POLICY_RULES));
    }
    let containers: Vec<&str> = s.template.spec.containers.iter().chain(&s.template.spec.init_containers).map(|c| c.name.as_str()).collect();
    let quoted_list = |list: &[&str]| format!("[{}]", list.iter().map(|v| go_quote(v)).collect::<Vec<_>>().join(" "));
    for (i, rule) in rules.iter().enumerate() {
        let p = rp.index(i);
        let action = rule.get("action").and_then(Value::as_str).unwrap_or("");
        match action {
            "" => errs.push(FieldError::required(&p.child("action"), format!("valid values: {}", quoted_list(POD_FAILURE_ACTIONS)))),
            "FailIndex" if s.backoff_limit_per_index.is_none() => errs.push(FieldError::invalid(&p.child("action"), BadValue::str(action), "requires the backoffLimitPerIndex to be set")),
            a if !POD_FAILURE_ACTIONS.contains(&a) => errs.push(FieldError::not_supported(&p.child("action"), BadValue::str(a), POD_FAILURE_ACTIONS)),
            _ => {}
        }
        let exit = rule.get("onExitCodes").filter(|v| !v.is_null());
        let conds = rule.get("onPodConditions").and_then(Value::as_array).filter(|a| !a.is_empty());
        if let Some(e) = exit {
            let ep = p.child("onExitCodes");
            let op = e.get("operator").and_then(Value::as_str).unwrap_or("");
            match op {
                "" => errs.push(FieldError::required(&ep.child("operator"), format!("valid values: {}", quoted_list(&["In", "NotIn"])))),
                "In" | "NotIn" => {}
                other => errs.push(FieldError::not_supported(&ep.child("operator"), BadValue::str(other), &["In", "NotIn"])),
            }
            if let Some(c) = e.get("containerName").and_then(Value::as_str) {
                if !containers.contains(&c) {
                    errs.push(FieldError::invalid(&ep.child("containerName"), BadValue::str(c), "must be one of the container or initContainer names in the pod template"));
                }
            }
            let values: Vec<i64> = e.get("values").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_i64).collect()).unwrap_or_default();
            let vp = ep.child("values");
            let go_values = || BadValue::GoSyntax(if values.is_empty() { "[]int32(nil)".to_string() } else { format!("[]int32{{{}}}", values.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")) });
            if values.is_empty() {
                errs.push(FieldError::invalid(&vp, go_values(), "at least one value is required"));
            } else if values.len() > 255 {
                errs.push(FieldError::too_many(&vp, values.len(), 255));
            }
            for (j, v) in values.iter().enumerate() {
                if op == "In" && *v == 0 {
                    errs.push(FieldError::invalid(&vp.index(j), BadValue::int(*v), "must not be 0 for the In operator"));
                }
                if values[..j].contains(v) {
                    errs.push(FieldError::duplicate(&vp.index(j), BadValue::int(*v)));
                }
            }
            if values.windows(2).any(|w| w[0] > w[1]) {
                errs.push(FieldError::invalid(&vp, go_values(), "must be ordered"));
            }
        }
        for (j, c) in conds.into_iter().flatten().enumerate() {
            let on_pod_conditions_path = p.child("onPodConditions");
            let cp = on_pod_conditions_path.index(j);
            errs.extend(common::qualified_name(c.get("type").and_then(Value::as_str).unwrap_or(""), &cp.child("type")));
            match c.get("status").and_then(Value::as_str).unwrap_or("") {
                "" => errs.push(FieldError::required(&cp.child("status"), format!("valid values: {}", quoted_list(&["False", "True", "Unknown"])))),
                "True" | "False" | "Unknown" => {}
                other => errs.push(FieldError::not_supported(&cp.child("status"), BadValue::str(other), &["False", "True", "Unknown"])),
            }
        }
        match (exit.is_some(), conds.is_some()) {
            (true, true) => errs.push(FieldError::invalid(&p, BadValue::Omit, "specifying both OnExitCodes and OnPodConditions is not supported")),
            (false, false) => errs.push(FieldError::invalid(&p, BadValue::Omit, "specifying one of OnExitCodes and OnPodConditions is required")),
            _ => {}
        }
    }
    errs
}

/// A pod template as an "immutable" bad value. Upstream prints the whole Go
/// struct; Kubeplay prints its labels and containers in the same syntax.
fn go_template(t: &PodTemplateSpec) -> BadValue {
    let containers: Vec<String> = t
        .spec
        .containers
        .iter()
        .map(|c| format!("core.Container{{Name:{}, Image:{}}}", go_quote(&c.name), go_quote(c.image.as_deref().unwrap_or(""))))
        .collect();
    BadValue::GoSyntax(format!(
        "core.PodTemplateSpec{{ObjectMeta:v1.ObjectMeta{{Labels:{}}}, Spec:core.PodSpec{{Containers:[]core.Container{{{}}}, RestartPolicy:{}}}}}",
        go_string_map(&t.metadata.labels),
        containers.join(", "),
        go_quote(t.spec.restart_policy.as_deref().unwrap_or(""))
    ))
}

/// `ValidateJobUpdate`.
pub(super) fn job_update(new: &Job, old: &Job) -> Errs {
    let sp = Path::new("spec");
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(job_spec(&new.spec, &sp));
    let (n, o) = (&new.spec, &old.spec);
    let indexed = n.completion_mode.as_deref() == Some("Indexed");
    if n.completions != o.completions {
        let value = n.completions.map(BadValue::int).unwrap_or(BadValue::Plain("null".into()));
        if !indexed {
            errs.push(immutable(value, &sp.child("completions")));
        } else if n.completions.is_some() && n.completions != n.parallelism {
            // Elastic indexed jobs: completions changes only together with parallelism.
            errs.push(FieldError::invalid(&sp.child("completions"), value, "can only be modified in tandem with spec.parallelism"));
        }
    }
    if n.selector != o.selector {
        errs.push(immutable(common::selector_value(n.selector.as_ref()), &sp.child("selector")));
    }
    // A suspended Job that never started may change where its pods run.
    let mut old_template = o.template.clone();
    if old.spec.suspend == Some(true) && old.status.start_time.is_none() {
        old_template.spec.affinity.clone_from(&n.template.spec.affinity);
        old_template.spec.node_selector.clone_from(&n.template.spec.node_selector);
        old_template.spec.tolerations.clone_from(&n.template.spec.tolerations);
        old_template.metadata.annotations.clone_from(&n.template.metadata.annotations);
        old_template.metadata.labels.clone_from(&n.template.metadata.labels);
        old_template.spec.scheduling_gates.clone_from(&n.template.spec.scheduling_gates);
    }
    if n.template != old_template {
        errs.push(immutable(go_template(&n.template), &sp.child("template")));
    }
    let opt = |v: &Option<String>| v.as_deref().map(BadValue::str).unwrap_or(BadValue::Plain("null".into()));
    if n.completion_mode != o.completion_mode {
        errs.push(immutable(opt(&n.completion_mode), &sp.child("completionMode")));
    }
    if n.pod_failure_policy != o.pod_failure_policy {
        errs.push(immutable(BadValue::GoSyntax("batch.PodFailurePolicy{...}".into()), &sp.child("podFailurePolicy")));
    }
    if n.backoff_limit_per_index != o.backoff_limit_per_index {
        errs.push(immutable(n.backoff_limit_per_index.map(BadValue::int).unwrap_or(BadValue::Plain("null".into())), &sp.child("backoffLimitPerIndex")));
    }
    if n.managed_by != o.managed_by {
        errs.push(immutable(opt(&n.managed_by), &sp.child("managedBy")));
    }
    if n.success_policy != o.success_policy {
        errs.push(immutable(BadValue::GoSyntax("batch.SuccessPolicy{...}".into()), &sp.child("successPolicy")));
    }
    errs
}

/// `ValidateCronJobCreate`: names stay short enough for the `-<minutes>` suffix of its Jobs.
pub(super) fn cron_job(cj: &CronJob) -> Errs {
    let mut errs = meta::object_meta(&cj.metadata, true, NameRule::DnsSubdomain);
    errs.extend(cron_job_spec(cj, None));
    if cj.metadata.name.len() > 52 {
        errs.push(FieldError::invalid(&Path::new("metadata").child("name"), BadValue::str(cj.metadata.name.as_str()), "must be no more than 52 characters"));
    }
    errs
}

pub(super) fn cron_job_update(new: &CronJob, old: &CronJob) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(cron_job_spec(new, Some(old)));
    errs
}

/// `validateCronJobSpec`.
fn cron_job_spec(cj: &CronJob, old: Option<&CronJob>) -> Errs {
    let s = &cj.spec;
    let sp = Path::new("spec");
    let mut errs = Vec::new();
    if s.schedule.is_empty() {
        errs.push(FieldError::required(&sp.child("schedule"), ""));
    } else {
        if let Err(msg) = validate_cron_schedule(&s.schedule) {
            errs.push(FieldError::invalid(&sp.child("schedule"), BadValue::str(s.schedule.as_str()), msg));
        }
        let allow_tz = old.is_some_and(|o| o.spec.schedule.contains("TZ"));
        if allow_tz && s.schedule.contains("TZ") && s.time_zone.is_some() {
            errs.push(FieldError::invalid(&sp.child("schedule"), BadValue::str(s.schedule.as_str()), "cannot use both timeZone field and TZ or CRON_TZ in schedule"));
        } else if !allow_tz && s.schedule.contains("TZ") {
            errs.push(FieldError::invalid(&sp.child("schedule"), BadValue::str(s.schedule.as_str()), "cannot use TZ or CRON_TZ in schedule, use timeZone field instead"));
        }
    }
    if let Some(d) = s.starting_deadline_seconds {
        errs.extend(common::nonnegative(d, &sp.child("startingDeadlineSeconds")));
    }
    if old.is_none_or(|o| o.spec.time_zone != s.time_zone) {
        errs.extend(time_zone(s.time_zone.as_deref(), &sp.child("timeZone")));
    }
    let cp = sp.child("concurrencyPolicy");
    match s.concurrency_policy.as_deref().unwrap_or("") {
        "" => errs.push(FieldError::required(&cp, "")),
        "Allow" | "Forbid" | "Replace" => {}
        other => errs.push(FieldError::not_supported(&cp, BadValue::str(other), &["Allow", "Forbid", "Replace"])),
    }
    let jp = sp.child("jobTemplate");
    errs.extend(shared_job_spec(&s.job_template.spec, &jp.child("spec")));
    if let Some(sel) = &s.job_template.spec.selector {
        errs.push(FieldError::invalid(&jp.child("spec").child("selector"), common::selector_value(Some(sel)), "`selector` will be auto-generated"));
    }
    if s.job_template.spec.manual_selector == Some(true) {
        errs.push(FieldError::not_supported(&jp.child("spec").child("manualSelector"), BadValue::bool(true), &["nil", "false"]));
    }
    for (name, v) in [("successfulJobsHistoryLimit", s.successful_jobs_history_limit), ("failedJobsHistoryLimit", s.failed_jobs_history_limit)] {
        if let Some(v) = v {
            errs.extend(common::nonnegative(v as i64, &sp.child(name)));
        }
    }
    errs
}

/// `validateTimeZone`: IANA-style names; `Local` is refused.
fn time_zone(tz: Option<&str>, path: &Path) -> Errs {
    let Some(tz) = tz else { return Vec::new() };
    if tz.is_empty() {
        return vec![FieldError::invalid(path, BadValue::str(tz), "timeZone must be nil or non-empty string")];
    }
    let part_ok = |p: &str| !p.is_empty() && p.len() <= 14 && p != "." && p != ".." && !p.starts_with('-') && p.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-+".contains(&b));
    if !tz.split('/').all(part_ok) {
        return vec![FieldError::invalid(path, BadValue::str(tz), format!("unknown time zone {tz}"))];
    }
    let mut errs = Vec::new();
    if tz.eq_ignore_ascii_case("Local") {
        errs.push(FieldError::invalid(path, BadValue::str(tz), "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"));
    }
    // `time.LoadLocation` must know the zone.
    if let Err(e) = crate::cron::Zone::load(tz) {
        errs.push(FieldError::invalid(path, BadValue::str(tz), e));
    }
    errs
}
