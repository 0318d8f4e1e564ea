//! The Job controller's pod plumbing: finding a Job's pods, creating them
//! from the template (with the tracking finalizer and, for Indexed Jobs,
//! the completion index), deleting them, and releasing finished ones.

use super::indexed::failure_counts;
use super::math::{INDEX_ANNOTATION, INDEX_FAILURE_COUNT, INDEX_IGNORED_FAILURE_COUNT, TRACKING_FINALIZER};
use crate::controller::Ctx;
use crate::controllers::claim::claim_adding;
use crate::controllers::replicaset::pod_from_template_named;
use kubeplay_apiserver::{ApiError, DeleteOptions};
use kubeplay_model::api::{EnvVar, EnvVarSource, Job, Pod};
use kubeplay_model::{Kind, Object};
use serde_json::json;
use std::sync::Arc;

/// The Job's pods: by its selector (adopting, with the tracking
/// finalizer, and releasing as every controller does), or, for a Job the
/// API server gave no selector, by controller reference.
pub fn job_pods(ctx: &mut Ctx, owner: &Object, job: &Job) -> Vec<Arc<Object>> {
    match job.spec.selector.as_ref().filter(|s| !s.is_empty()) {
        Some(sel) => claim_adding(ctx, owner, Kind::Pod, Some(sel), Some(TRACKING_FINALIZER)),
        None => {
            let uid = job.metadata.uid.clone();
            ctx.store()
                .list(Kind::Pod, Some(&job.metadata.namespace))
                .filter(|p| p.meta().controller_ref().is_some_and(|r| r.uid == uid))
                .cloned()
                .collect()
        }
    }
}

pub fn has_finalizer(p: &Pod) -> bool {
    p.metadata.finalizers.iter().any(|f| f == TRACKING_FINALIZER)
}

/// `podGenerateNameWithIndex`: `<job>-<index>-`, the job part cut so the
/// prefix stays within 58 characters.
pub fn generate_name_with_index(job: &str, index: i32) -> String {
    let suffix = format!("-{index}-");
    let prefix = format!("{job}{suffix}");
    if prefix.len() > 58 {
        let keep: String = job.chars().take(58usize.saturating_sub(suffix.len())).collect();
        format!("{keep}{suffix}")
    } else {
        prefix
    }
}

/// What a new pod needs besides the template.
pub struct NewPod {
    pub index: Option<i32>,
    /// For backoffLimitPerIndex: the index's (failures, ignored failures) so far.
    pub index_failures: Option<(i32, i32)>,
}

/// Builds one pod as the Job controller does.
pub fn build_pod(owner: &Object, job: &Job, new: &NewPod) -> Pod {
    let generate_name = match new.index {
        Some(i) => generate_name_with_index(&job.metadata.name, i),
        None => format!("{}-", job.metadata.name),
    };
    let mut pod = pod_from_template_named(owner, &job.spec.template, &generate_name);
    if !pod.metadata.finalizers.iter().any(|f| f == TRACKING_FINALIZER) {
        pod.metadata.finalizers.push(TRACKING_FINALIZER.into());
    }
    if job.spec.selector.is_none() {
        // The labels the API server adds to a Job's template when it
        // generates the selector.
        let uid = job.metadata.uid.to_string();
        let name = job.metadata.name.clone();
        for (k, v) in [
            ("batch.kubernetes.io/controller-uid", uid.clone()),
            ("batch.kubernetes.io/job-name", name.clone()),
            ("controller-uid", uid),
            ("job-name", name),
        ] {
            pod.metadata.labels.entry(k.into()).or_insert(v);
        }
    }
    if let Some(i) = new.index {
        pod.metadata.annotations.insert(INDEX_ANNOTATION.into(), i.to_string());
        pod.metadata.labels.insert(INDEX_ANNOTATION.into(), i.to_string());
        pod.spec_mut().hostname = Some(format!("{}-{i}", job.metadata.name));
        let env = EnvVar {
            name: "JOB_COMPLETION_INDEX".into(),
            value: None,
            value_from: Some(Box::new(EnvVarSource {
                field_ref: Some(json!({"apiVersion": "v1", "fieldPath": format!("metadata.labels['{INDEX_ANNOTATION}']")})),
                ..Default::default()
            })),
        };
        let spec = pod.spec_mut();
        for c in spec.init_containers.iter_mut().chain(spec.containers.iter_mut()) {
            if !c.env.iter().any(|e| e.name == env.name) {
                c.env.push(env.clone());
            }
        }
        if let Some((failures, ignored)) = new.index_failures {
            pod.metadata.annotations.insert(INDEX_FAILURE_COUNT.into(), failures.to_string());
            if ignored > 0 {
                pod.metadata.annotations.insert(INDEX_IGNORED_FAILURE_COUNT.into(), ignored.to_string());
            }
        }
    }
    pod
}

/// Creates pods in slow-start batches (1, 2, 4, …); a failed batch stops
/// the rest. Returns the names created.
pub fn create_pods(ctx: &mut Ctx, owner: &Object, job: &Job, new: Vec<NewPod>) -> Vec<String> {
    let mut created = Vec::new();
    let mut batch = 1;
    let mut queue = new.into_iter().peekable();
    'outer: while queue.peek().is_some() {
        for _ in 0..batch {
            let Some(n) = queue.next() else { break 'outer };
            match ctx.create(Object::Pod(Box::new(build_pod(owner, job, &n)))) {
                Ok(p) => {
                    ctx.event(owner, "Normal", "SuccessfulCreate", format!("Created pod: {}", p.name()));
                    created.push(p.name().to_string());
                }
                Err(e) => {
                    ctx.event(owner, "Warning", "FailedCreate", format!("Error creating: {e}"));
                    break 'outer;
                }
            }
        }
        batch *= 2;
    }
    created
}

/// Deletes pods. Returns the names of those deleted, or already gone (a
/// pod the cache still shows); the others failed. A finishing Job keeps
/// the finalizers so the tracking step counts its pods as failed
/// (`deleteActivePods`); one deleting pods it does not want any more
/// (too many, or suspended) removes each one's finalizer first, so the pod
/// is never counted at all (`deleteJobPods`).
pub fn delete_pods(ctx: &mut Ctx, owner: &Object, pods: &[&Pod], release_first: bool) -> Vec<String> {
    let mut deleted = Vec::new();
    for p in pods {
        if release_first && has_finalizer(p) && release(ctx, p).is_err() {
            continue;
        }
        let key = kubeplay_model::ObjectKey::new(Kind::Pod, &p.metadata.namespace, &p.metadata.name);
        match ctx.delete(&key, DeleteOptions::default()) {
            Ok(_) => {
                ctx.event(owner, "Normal", "SuccessfulDelete", format!("Deleted pod: {}", p.metadata.name));
                deleted.push(p.metadata.name.clone());
            }
            Err(ApiError::NotFound { .. }) => deleted.push(p.metadata.name.clone()),
            Err(_) => {}
        }
    }
    deleted
}

/// Removes the tracking finalizer so a counted pod can go away. Err when
/// the API refused (a Conflict: the cache's copy of the pod is stale); a
/// pod already gone has no finalizer left to remove.
pub fn release(ctx: &mut Ctx, p: &Pod) -> Result<(), ApiError> {
    let Some(current) = ctx.get(&kubeplay_model::ObjectKey::new(Kind::Pod, &p.metadata.namespace, &p.metadata.name)) else { return Ok(()) };
    let mut o = (*current).clone();
    o.meta_mut().finalizers.retain(|f| f != TRACKING_FINALIZER);
    match ctx.update(o) {
        Ok(_) | Err(ApiError::NotFound { .. }) => Ok(()),
        Err(e) => Err(e),
    }
}

/// The failure counters a replacement for this failed pod's index starts
/// with (`getNewIndexFailureCounts`).
pub fn next_index_failures(last_failed: Option<&Pod>, ignored: bool) -> (i32, i32) {
    match last_failed {
        None => (0, 0),
        Some(p) => {
            let (f, i) = failure_counts(p);
            if ignored {
                (f, i + 1)
            } else {
                (f + 1, i)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_generate_names_keep_the_index() {
        assert_eq!(generate_name_with_index("pi", 3), "pi-3-");
        let long = "a".repeat(60);
        let got = generate_name_with_index(&long, 12);
        assert_eq!(got.len(), 58);
        assert!(got.ends_with("-12-"));
    }

    #[test]
    fn replacement_failure_counts() {
        let mut p = Pod::default();
        assert_eq!(next_index_failures(None, false), (0, 0));
        p.metadata.annotations.insert(INDEX_FAILURE_COUNT.into(), "1".into());
        assert_eq!(next_index_failures(Some(&p), false), (2, 0));
        assert_eq!(next_index_failures(Some(&p), true), (1, 1));
    }
}
