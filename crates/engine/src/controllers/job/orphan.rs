//! Pods that still carry the `batch.kubernetes.io/job-tracking` finalizer
//! after their Job is gone, was replaced by another of the same name, or has
//! finished: nobody will count them any more, so the controller removes the
//! finalizer and lets them be deleted (upstream's orphan queue,
//! `handleOrphanPod`). Without this a Job deleted while a pod of it could
//! not finish (its node gone, say) leaves that pod terminating for ever.

use super::{is_finished, managed_elsewhere};
use super::pods::{has_finalizer, release};
use crate::controller::Ctx;
use kubeplay_apiserver::Store;
use kubeplay_model::api::{Job, Pod};
use kubeplay_model::{Kind, Object, ObjectKey};

/// The Job that controls `pod`, resolved by name and uid
/// (`resolveControllerRef`).
fn owner<'s>(store: &'s Store, pod: &Pod) -> Option<&'s Job> {
    let r = pod.metadata.controller_ref()?;
    let job = store.get_by(Kind::Job, &pod.metadata.namespace, &r.name)?;
    let Object::Job(job) = &**job else {
        return None;
    };
    (job.metadata.uid == r.uid).then_some(job)
}

/// Whether a watched pod belongs in the orphan queue: its Job is gone, or
/// finished and managed by this controller (another controller's Job
/// keeps its pods' finalizers for that controller to remove).
pub fn is_orphan(store: &Store, pod: &Pod) -> bool {
    has_finalizer(pod) && controlled_by_a_job_or_nobody(pod) && owner(store, pod).is_none_or(|j| is_finished(j) && managed_elsewhere(j).is_none())
}

/// A pod controlled by something other than a batch/v1 Job keeps the
/// finalizer: it is not the Job controller's to touch.
fn controlled_by_a_job_or_nobody(pod: &Pod) -> bool {
    pod.metadata
        .controller_ref()
        .is_none_or(|r| r.kind == "Job" && r.api_version == "batch/v1")
}

/// Reconciles one orphan-queue key: a pod.
pub fn reconcile(key: &ObjectKey, ctx: &mut Ctx) {
    let pod = ctx.get(key);
    let Some(Object::Pod(pod)) = pod.as_deref() else {
        ctx.explain(format!("pod {} is gone; no finalizer to remove", key.name));
        return;
    };
    if !is_orphan(ctx.store(), pod) {
        ctx.explain(format!(
            "pod {} is counted by its Job (or carries no job-tracking finalizer); nothing to do",
            key.name
        ));
        return;
    }
    let owner = pod.metadata.controller_ref().map(|r| r.name.clone());
    if let Err(e) = release(ctx, pod) {
        // The orphan queue retries with back-off, as upstream's does.
        ctx.requeue_rate_limited(key.clone());
        ctx.explain(format!("pod {}: removing the batch.kubernetes.io/job-tracking finalizer failed ({e}); retrying", key.name));
        return;
    }
    ctx.forget(key);
    ctx.explain(match owner {
        Some(job) => format!("pod {}: its Job {job} is gone or finished, so nothing will count it; removing the batch.kubernetes.io/job-tracking finalizer so it can go", key.name),
        None => format!("pod {} has no Job; removing the batch.kubernetes.io/job-tracking finalizer so it can go", key.name),
    });
}
