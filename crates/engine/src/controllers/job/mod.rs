//! The Job controller (`pkg/controller/job`): runs pods to completion.
//! It keeps `parallelism` pods running until `completions` succeeded
//! (each Indexed pod owning one index), replaces failed pods after an
//! exponential back-off, fails the Job past `backoffLimit`,
//! `activeDeadlineSeconds` or a `podFailurePolicy` rule, and counts
//! finished pods through the `batch.kubernetes.io/job-tracking` finalizer
//! so none is counted twice or lost. As in v1.31+, a finished Job first
//! gets the interim `SuccessCriteriaMet`/`FailureTarget` condition and the
//! final `Complete`/`Failed` one once no pod is still terminating.

pub mod indexed;
pub mod math;
pub mod orphan;
pub mod pods;
pub mod policy;
#[cfg(test)]
mod upstream_tests;

use crate::controller::{Controller, Ctx};
use crate::controllers::plural;
use crate::world::ControllerId;
use indexed::{
    completion_index, excess_index_pods, first_pending, format_intervals, parse_intervals,
};
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::api::{Job, Pod};
use kubeplay_model::meta::find_condition;
use kubeplay_model::{Condition, Kind, Object, ObjectKey, Time};
use math::*;
use pods::*;
use policy::{Action, PodFailurePolicy};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

pub struct JobController;

impl Controller for JobController {
    fn id(&self) -> ControllerId {
        ControllerId::Job
    }
    fn component(&self) -> &'static str {
        "job-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::Job => {
                enqueue(change.key.clone());
                // A Job deleted or finished: its pods that still carry the
                // tracking finalizer go to the orphan queue (`deleteJob`).
                if let Some(Object::Job(job)) = change.old.as_deref() {
                    let done = change
                        .new
                        .as_deref()
                        .is_none_or(|n| matches!(n, Object::Job(j) if is_finished(j)));
                    if done {
                        for p in store.controlled_by(Kind::Pod, &job.metadata.uid) {
                            if let Object::Pod(pod) = &**p {
                                if orphan::is_orphan(store, pod) {
                                    enqueue(p.key());
                                }
                            }
                        }
                    }
                }
            }
            Kind::Pod => {
                if let Some(Object::Pod(pod)) = change.new.as_deref() {
                    if orphan::is_orphan(store, pod) {
                        enqueue(change.key.clone());
                    }
                }
                for side in [&change.old, &change.new].into_iter().flatten() {
                    let meta = side.meta();
                    match meta.controller_ref() {
                        Some(r) if r.kind == "Job" => {
                            enqueue(ObjectKey::new(Kind::Job, &meta.namespace, &r.name))
                        }
                        Some(_) => {}
                        None => {
                            for j in store.list(Kind::Job, Some(&meta.namespace)) {
                                if let Object::Job(job) = &**j {
                                    if job
                                        .spec
                                        .selector
                                        .as_ref()
                                        .is_some_and(|s| !s.is_empty() && s.matches(&meta.labels))
                                    {
                                        enqueue(j.key());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        if key.kind == Kind::Pod {
            return orphan::reconcile(key, ctx);
        }
        let Some(obj) = ctx.get(key) else {
            ctx.world_mut().expectations.delete(key);
            ctx.forget(key);
            ctx.explain(format!(
                "Job {} no longer exists; its pods are left to the garbage collector",
                key.name
            ));
            return;
        };
        let Object::Job(job) = &*obj else { return };
        if let Some(m) = managed_elsewhere(job) {
            ctx.explain(format!("Job {} is managed by {m:?}, not the built-in Job controller; nothing to do", job.metadata.name));
            return;
        }
        if is_finished(job) {
            let how = if cond_true(job, "Complete") {
                "completed"
            } else {
                "failed"
            };
            ctx.explain(format!(
                "Job {} has {how}; nothing more to do",
                job.metadata.name
            ));
            return;
        }
        if let Some(mode) = job
            .spec
            .completion_mode
            .as_deref()
            .filter(|m| *m != "NonIndexed" && *m != "Indexed")
        {
            ctx.event(
                &obj,
                "Warning",
                "UnknownCompletionMode",
                "Skipped Job sync because completion mode is unknown",
            );
            ctx.explain(format!("Job {} has completion mode {mode:?}, which this controller does not know, so it is skipped", job.metadata.name));
            return;
        }
        // Checked before the pods are read: a pod that shows up after this
        // check is only acted on a sync later, never missed.
        let waiting = ctx.world().expectations.pending(key, ctx.now()).map(|e| e.waiting_for());
        let pods = job_pods(ctx, &obj, job);
        Sync::new(ctx, obj.clone(), Job::clone(job), pods, waiting).run();
    }
}

pub fn cond_true(job: &Job, type_: &str) -> bool {
    find_condition(&job.status.conditions, type_).is_some_and(|c| c.is_true())
}

/// The controller named by `spec.managedBy` when it is not this one
/// (`managedByExternalController`; JobManagedBy is on since v1.32).
pub fn managed_elsewhere(job: &Job) -> Option<&str> {
    job.spec.managed_by.as_deref().filter(|m| *m != "kubernetes.io/job-controller")
}

/// Complete or Failed (`IsJobFinished`).
pub fn is_finished(job: &Job) -> bool {
    cond_true(job, "Complete") || cond_true(job, "Failed")
}

fn job_condition(type_: &str, status: &str, reason: &str, message: &str, now: Time) -> Condition {
    Condition {
        type_: type_.into(),
        status: status.into(),
        last_probe_time: Some(now),
        last_transition_time: Some(now),
        reason: Some(reason.into()),
        message: Some(message.into()),
        ..Default::default()
    }
}

/// `ensureJobConditionStatus`: replaces a condition whose status, reason
/// or message differs; adds a missing one unless it would be False.
fn ensure_condition(
    conds: &mut Vec<Condition>,
    type_: &str,
    status: &str,
    reason: &str,
    message: &str,
    now: Time,
) -> bool {
    if let Some(c) = conds.iter_mut().find(|c| c.type_ == type_) {
        if c.status != status
            || c.reason.as_deref() != Some(reason)
            || c.message.as_deref() != Some(message)
        {
            *c = job_condition(type_, status, reason, message, now);
            return true;
        }
        return false;
    }
    if status != "False" {
        conds.push(job_condition(type_, status, reason, message, now));
        return true;
    }
    false
}

pub const COMPLETIONS_REACHED: (&str, &str) = (
    "CompletionsReached",
    "Reached expected number of succeeded pods",
);
pub const BACKOFF_LIMIT_EXCEEDED: (&str, &str) = (
    "BackoffLimitExceeded",
    "Job has reached the specified backoff limit",
);
pub const DEADLINE_EXCEEDED: (&str, &str) = (
    "DeadlineExceeded",
    "Job was active longer than specified deadline",
);
pub const MAX_FAILED_INDEXES: (&str, &str) = (
    "MaxFailedIndexesExceeded",
    "Job has exceeded the specified maximal number of failed indexes",
);
pub const FAILED_INDEXES: (&str, &str) = ("FailedIndexes", "Job has failed indexes");

/// Why the Job is finishing: success or failure, with reason and message.
#[derive(Clone, Debug, PartialEq)]
struct Finish {
    success: bool,
    reason: String,
    message: String,
}

impl Finish {
    fn fail((reason, message): (&str, &str)) -> Finish {
        Finish {
            success: false,
            reason: reason.into(),
            message: message.into(),
        }
    }
}

struct Sync<'c, 'w> {
    ctx: &'c mut Ctx<'w>,
    obj: Arc<Object>,
    job: Job,
    pods: Vec<Arc<Object>>,
    eff: Effective,
    policy: Option<PodFailurePolicy>,
    now: Time,
    /// What this sync did, for the explanation.
    did: Vec<String>,
    /// The creations or deletions it still waits to see, if any
    /// (unsatisfied expectations: it creates and deletes nothing).
    waiting: Option<String>,
}

impl<'c, 'w> Sync<'c, 'w> {
    fn new(ctx: &'c mut Ctx<'w>, obj: Arc<Object>, job: Job, pods: Vec<Arc<Object>>, waiting: Option<String>) -> Self {
        let eff = Effective::of(&job);
        let policy = job
            .spec
            .pod_failure_policy
            .as_ref()
            .and_then(PodFailurePolicy::from_value);
        let now = ctx.now();
        Sync {
            ctx,
            obj,
            job,
            pods,
            eff,
            policy,
            now,
            did: Vec::new(),
            waiting,
        }
    }

    /// Whether the Job in the cache is older than the API's. Upstream
    /// records finished pods in `status.uncountedTerminatedPods` before it
    /// removes their finalizers, so a stale Job fails with a Conflict
    /// before any finalizer goes; Kubeplay writes the counts in one update
    /// after the removals, so it checks the same precondition first:
    /// otherwise a pod could lose its finalizer without being counted.
    fn cached_job_is_stale(&self) -> bool {
        self.ctx.api_get(&self.obj.key()).is_some_and(|live| live.meta().resource_version != self.job.metadata.resource_version)
    }

    /// `AddRateLimited` on the Job queue, whose limiter is exponential
    /// from 1 s to a minute (`DefaultJobApiBackOff`, `MaxJobApiBackOff`).
    fn retry(&mut self) {
        self.ctx.requeue_backoff(self.obj.key(), 1_000, 60_000);
    }

    fn pod_list(&self) -> Vec<Pod> {
        self.pods
            .iter()
            .filter_map(|o| o.as_pod().cloned())
            .collect()
    }

    /// `isPodFailed`: Failed, or (unless only failed pods are replaced)
    /// deleted before it succeeded.
    fn is_failed(&self, p: &Pod) -> bool {
        p.phase() == "Failed"
            || (!self.eff.only_replace_failed
                && p.metadata.deletion_timestamp.is_some()
                && p.phase() != "Succeeded")
    }

    fn valid_index(&self, p: &Pod) -> bool {
        !self.eff.indexed
            || completion_index(p).is_some_and(|i| i < self.eff.completions.unwrap_or(0))
    }

    fn ignored(&self, p: &Pod) -> bool {
        self.policy
            .as_ref()
            .is_some_and(|pol| pol.match_pod(p) == Some(Action::Ignore))
    }

    fn run(mut self) {
        let all = self.pod_list();
        let name = self.job.metadata.name.clone();
        let mut st = self.job.status.clone();
        let completions = self.eff.completions;
        let active: Vec<&Pod> = all.iter().filter(|p| p.is_active()).collect();
        let mut terminating = all
            .iter()
            .filter(|p| {
                p.metadata.deletion_timestamp.is_some()
                    && !matches!(p.phase(), "Succeeded" | "Failed")
            })
            .count() as i32;
        let tracked: Vec<&Pod> = all.iter().filter(|p| has_finalizer(p)).collect();
        let new_succeeded = tracked
            .iter()
            .filter(|p| p.phase() == "Succeeded" && self.valid_index(p))
            .count() as i32;
        let new_failed = tracked
            .iter()
            .filter(|p| self.is_failed(p) && self.valid_index(p) && !self.ignored(p))
            .count() as i32;

        // Succeeded indexes come from the status and from every succeeded pod.
        let comp = completions.unwrap_or(0);
        let succeeded_indexes = if self.eff.indexed {
            indexed::succeeded_indexes(st.completed_indexes.as_deref().unwrap_or(""), &all, comp)
        } else {
            BTreeSet::new()
        };
        let succeeded = if self.eff.indexed {
            succeeded_indexes.len() as i32
        } else {
            st.succeeded.unwrap_or(0) + new_succeeded
        };
        let failed = st.failed.unwrap_or(0) + new_failed;

        if st.start_time.is_none() && !self.eff.suspended {
            st.start_time = Some(self.now);
        }
        let failed_pods: Vec<&Pod> = all.iter().filter(|p| self.is_failed(p)).collect();
        let finished_times: Vec<(Time, bool)> = all
            .iter()
            .filter(|p| p.phase() == "Succeeded" || self.is_failed(p))
            .map(|p| (finish_time(p), p.phase() == "Succeeded"))
            .collect();
        let record = backoff_record(&finished_times);

        // Per-index failures (backoffLimitPerIndex).
        let mut failed_indexes: BTreeSet<i32> = BTreeSet::new();
        if self.eff.indexed && self.eff.backoff_limit_per_index.is_some() {
            failed_indexes = parse_intervals(st.failed_indexes.as_deref().unwrap_or(""), comp);
            let limit = self.eff.backoff_limit_per_index.unwrap_or(0);
            for p in &failed_pods {
                let Some(i) = completion_index(p).filter(|i| *i < comp) else {
                    continue;
                };
                let action = self.policy.as_ref().and_then(|pol| pol.match_pod(p));
                if action == Some(Action::FailIndex)
                    || (action != Some(Action::Ignore) && indexed::failure_counts(p).0 >= limit)
                {
                    failed_indexes.insert(i);
                }
            }
            failed_indexes.retain(|i| !succeeded_indexes.contains(i));
        }
        // A failed pod whose index still waits for its replacement keeps
        // the finalizer: the replacement's back-off and failure count are
        // read from it (`getPodsWithDelayedDeletionPerIndex`).
        let mut delayed: BTreeMap<i32, &Pod> = BTreeMap::new();
        if self.eff.indexed && self.eff.backoff_limit_per_index.is_some() {
            let busy: BTreeSet<i32> = active.iter().filter_map(|p| completion_index(p)).collect();
            for p in tracked.iter().copied().filter(|p| self.is_failed(p)) {
                let Some(i) = completion_index(p).filter(|i| *i < comp && !succeeded_indexes.contains(i) && !failed_indexes.contains(i) && !busy.contains(i)) else {
                    continue;
                };
                let next = |q: &Pod| next_index_failures(Some(q), self.ignored(q)).0;
                if delayed.get(&i).is_none_or(|q| next(q) <= next(p)) {
                    delayed.insert(i, p);
                }
            }
        }

        let mut finish = self.finish_condition(&st, failed, &all, &failed_pods);
        if finish.is_none() && self.eff.indexed && self.eff.backoff_limit_per_index.is_some() {
            let nfailed = failed_indexes.len() as i32;
            if self.eff.max_failed_indexes.is_some_and(|m| nfailed > m) {
                finish = Some(Finish::fail(MAX_FAILED_INDEXES));
            } else if nfailed > 0 && nfailed + succeeded >= comp {
                finish = Some(Finish::fail(FAILED_INDEXES));
            }
        }
        if finish.is_none() && self.eff.indexed {
            if let Some(message) = self.job.spec.success_policy.as_ref().and_then(|sp| indexed::matched_success_rule(sp, comp, &succeeded_indexes)) {
                finish = Some(Finish { success: true, reason: "SuccessPolicy".into(), message });
            }
        }

        let mut active_count = active.len() as i32;
        let mut ready = active.iter().filter(|p| p.is_ready()).count() as i32;
        let mut hold_finish = false;
        if let Some(f) = &finish {
            if let Some(w) = &self.waiting {
                self.did.push(format!("waiting to observe {w} before finishing the Job"));
                hold_finish = true;
            }
            if !active.is_empty() {
                let deleted = delete_pods(self.ctx, &self.obj, &active, false);
                // Not finished while pods it could not delete may remain.
                hold_finish |= deleted.len() != active.len();
                let why = if f.success {
                    "the Job succeeded"
                } else {
                    "the Job failed"
                };
                self.did.push(format!(
                    "deleted {} because {why} ({})",
                    deleted.join(", "),
                    f.reason
                ));
                active_count -= deleted.len() as i32;
                terminating += deleted.len() as i32;
                ready = active
                    .iter()
                    .filter(|p| p.is_ready() && !deleted.contains(&p.metadata.name))
                    .count() as i32;
            }
            if hold_finish {
                finish = None;
            }
        } else {
            let mut manage_called = false;
            if let Some(w) = self.waiting.clone().filter(|_| self.job.metadata.deletion_timestamp.is_none()) {
                self.did.push(format!("waiting to observe {w} before acting again (its cache may not show them yet)"));
            } else if self.job.metadata.deletion_timestamp.is_none() {
                manage_called = true;
                let (a, r) = self.manage(
                    &active,
                    succeeded,
                    terminating,
                    &record,
                    &succeeded_indexes,
                    &failed_indexes,
                    &delayed,
                );
                active_count = a;
                if r > 0 {
                    terminating += r;
                    ready = 0.max(ready - r);
                }
            }
            if is_complete(completions, succeeded, active_count) {
                finish = Some(Finish {
                    success: true,
                    reason: COMPLETIONS_REACHED.0.into(),
                    message: COMPLETIONS_REACHED.1.into(),
                });
            } else if manage_called {
                self.suspend_condition(&mut st);
            }
        }

        // Count finished pods and release them (trackJobStatusAndRemoveFinalizers).
        let failing = finish.as_ref().is_some_and(|f| !f.success);
        let ending = self.job.metadata.deletion_timestamp.is_some() || finish.is_some();
        let waits = |p: &Pod| delayed.values().any(|q| q.metadata.name == p.metadata.name);
        let removable: Vec<&Pod> = tracked.iter().copied().filter(|p| ending || p.phase() == "Succeeded" || (self.is_failed(p) && !waits(p))).collect();
        let stale = !removable.is_empty() && self.cached_job_is_stale();
        let mut counted_succeeded = 0;
        let mut counted_failed = 0;
        let mut release_failed = None;
        for p in removable.iter().filter(|_| !stale) {
            let considered_failed = self.is_failed(p);
            // Only a pod whose finalizer this sync removed is counted: one
            // the cache shows stale may have been counted already.
            if let Err(e) = release(self.ctx, p) {
                release_failed.get_or_insert(e.to_string());
                continue;
            }
            if p.phase() == "Succeeded" {
                if !self.eff.indexed {
                    counted_succeeded += 1;
                }
            } else if (considered_failed || failing) && self.valid_index(p) && !self.ignored(p) {
                counted_failed += 1;
            }
        }
        // active, succeeded, failed and completedIndexes are `omitempty` in
        // batch/v1: a zero is not written, as `-o json` shows.
        let nonzero = |n: i32| (n != 0).then_some(n);
        if self.eff.indexed {
            st.succeeded = nonzero(succeeded_indexes.len() as i32);
            st.completed_indexes = Some(format_intervals(&succeeded_indexes)).filter(|s| !s.is_empty());
            if self.eff.backoff_limit_per_index.is_some() {
                st.failed_indexes = Some(format_intervals(&failed_indexes));
            }
        } else {
            st.succeeded = nonzero(st.succeeded.unwrap_or(0) + counted_succeeded);
        }
        st.failed = nonzero(st.failed.unwrap_or(0) + counted_failed);
        st.active = nonzero(active_count);
        st.ready = Some(ready);
        st.terminating = Some(terminating);
        st.uncounted_terminated_pods = Some(serde_json::json!({}));

        // Interim condition now; the final one once nothing is terminating.
        let mut finished_now = None;
        if let Some(f) = &finish {
            let interim = if f.success {
                "SuccessCriteriaMet"
            } else {
                "FailureTarget"
            };
            if !st
                .conditions
                .iter()
                .any(|c| c.type_ == interim && c.is_true())
            {
                st.conditions.push(job_condition(
                    interim, "True", &f.reason, &f.message, self.now,
                ));
            }
            if terminating == 0 && release_failed.is_none() {
                let final_type = if f.success { "Complete" } else { "Failed" };
                ensure_condition(
                    &mut st.conditions,
                    final_type,
                    "True",
                    &f.reason,
                    &f.message,
                    self.now,
                );
                if f.success {
                    st.completion_time = Some(self.now);
                }
                finished_now = Some(f.clone());
            } else {
                self.did.push(format!(
                    "waiting for {} to terminate before marking the Job {}",
                    plural(terminating as usize, "pod"),
                    if f.success { "Complete" } else { "Failed" }
                ));
            }
        }
        let mut failed = release_failed.map(|e| format!("removing a job-tracking finalizer failed ({e})"));
        if stale {
            failed = Some("its cached copy of the Job is older than the API's, so no finished pod is counted yet".into());
        } else if st != self.job.status {
            let mut j = self.job.clone();
            j.status = st.clone();
            if let Err(e) = self.ctx.update_status(Object::Job(Box::new(j))) {
                failed.get_or_insert(format!("writing its status failed ({e})"));
                finished_now = None;
            }
        }
        match &failed {
            Some(why) => {
                self.did.push(format!("{why}; retrying with back-off"));
                self.retry();
            }
            None => self.ctx.forget(&self.obj.key()),
        }
        if let Some(f) = &finished_now {
            if f.success {
                if completions.is_some_and(|c| st.succeeded.unwrap_or(0) > c) {
                    self.ctx.event(
                        &self.obj,
                        "Warning",
                        "TooManySucceededPods",
                        "Too many succeeded pods running after completion count reached",
                    );
                }
                self.ctx
                    .event(&self.obj, "Normal", "Completed", "Job completed");
                self.did.push("marked it Complete".into());
            } else {
                self.ctx
                    .event(&self.obj, "Warning", &f.reason, f.message.clone());
                self.did.push(format!("marked it Failed: {}", f.message));
            }
        }

        let target = match completions {
            Some(c) => format!("{} of {c} completions", st.succeeded.unwrap_or(0)),
            None => format!("{} succeeded (work queue)", st.succeeded.unwrap_or(0)),
        };
        self.ctx.observed(format!(
            "{} active, {target}, {} failed",
            active_count,
            st.failed.unwrap_or(0)
        ));
        self.ctx.desired(format!(
            "{} running at a time until {}",
            self.eff.parallelism,
            completions.map_or("one succeeds".to_string(), |c| format!("{c} succeed"))
        ));
        let what = if self.did.is_empty() {
            "nothing to change".to_string()
        } else {
            self.did.join("; ")
        };
        self.ctx.explain(format!(
            "Job {name}: {} active, {target}, {} failed: {what}",
            active_count,
            st.failed.unwrap_or(0)
        ));
    }

    /// The failure (or earlier success) that ends the Job, if any, in
    /// upstream's order: an existing interim condition, a FailJob rule,
    /// backoffLimit, then activeDeadlineSeconds.
    fn finish_condition(
        &mut self,
        st: &kubeplay_model::api::JobStatus,
        failed: i32,
        all: &[Pod],
        failed_pods: &[&Pod],
    ) -> Option<Finish> {
        if let Some(c) = st
            .conditions
            .iter()
            .find(|c| c.type_ == "SuccessCriteriaMet" && c.is_true())
        {
            return Some(Finish {
                success: true,
                reason: c.reason.as_deref().unwrap_or_default().to_string(),
                message: c.message.as_deref().unwrap_or_default().to_string(),
            });
        }
        if let Some(c) = st
            .conditions
            .iter()
            .find(|c| c.type_ == "FailureTarget" && c.is_true())
        {
            return Some(Finish {
                success: false,
                reason: c.reason.as_deref().unwrap_or_default().to_string(),
                message: c.message.as_deref().unwrap_or_default().to_string(),
            });
        }
        if let Some(pol) = &self.policy {
            for p in failed_pods {
                if let Some(Action::FailJob(msg)) = pol.match_pod(p) {
                    return Some(Finish {
                        success: false,
                        reason: "PodFailurePolicy".into(),
                        message: msg,
                    });
                }
            }
        }
        let refs: Vec<&Pod> = all.iter().collect();
        if failed > self.eff.backoff_limit
            || past_backoff_limit_on_failure(
                &self.eff.restart_policy,
                self.eff.backoff_limit,
                &refs,
            )
        {
            return Some(Finish::fail(BACKOFF_LIMIT_EXCEEDED));
        }
        if past_active_deadline(
            self.eff.active_deadline_seconds,
            st.start_time,
            self.now,
            self.eff.suspended,
        ) {
            return Some(Finish::fail(DEADLINE_EXCEEDED));
        }
        if let (Some(d), Some(start)) = (self.eff.active_deadline_seconds, st.start_time) {
            if !self.eff.suspended {
                let at = start.plus_secs(d);
                self.ctx
                    .requeue_after(self.obj.key(), at.millis() - self.now.millis());
            }
        }
        None
    }

    /// `manageJob`: deletes extra pods or creates missing ones. Returns the
    /// active count afterwards and how many pods it deleted.
    #[allow(clippy::too_many_arguments)]
    fn manage(
        &mut self,
        active: &[&Pod],
        succeeded: i32,
        terminating: i32,
        record: &BackoffRecord,
        succeeded_indexes: &BTreeSet<i32>,
        failed_indexes: &BTreeSet<i32>,
        delayed: &BTreeMap<i32, &Pod>,
    ) -> (i32, i32) {
        let mut count = active.len() as i32;
        if self.eff.suspended {
            let mut victims: Vec<&Pod> = active.to_vec();
            kubeplay_model::sort::sort_by(&mut victims, |a, b| active_pods_order(a, b));
            if victims.is_empty() {
                self.did.push("the Job is suspended; no pods run".into());
                return (0, 0);
            }
            let deleted = self.delete_expected(&victims);
            self.did.push(format!(
                "the Job is suspended: deleted {}",
                deleted.join(", ")
            ));
            return (count - deleted.len() as i32, deleted.len() as i32);
        }
        let want = want_active(self.eff.completions, self.eff.parallelism, succeeded, count);
        let rm_at_least = (count - want).max(0) as usize;
        let mut rm: Vec<&Pod> = Vec::new();
        let mut left: Vec<&Pod> = active.to_vec();
        if self.eff.indexed {
            (rm, left) = excess_index_pods(active, self.eff.completions.unwrap_or(0));
        }
        if rm.len() < rm_at_least {
            kubeplay_model::sort::sort_by(&mut left, |a, b| active_pods_order(a, b));
            let extra = rm_at_least - rm.len();
            rm.extend(left.iter().take(extra).copied());
        }
        rm.truncate(MAX_CREATE_DELETE_PER_SYNC);
        if !rm.is_empty() {
            let deleted = self.delete_expected(&rm);
            self.did.push(format!(
                "{want} should run but {count} do: deleted {}",
                deleted.join(", ")
            ));
            return (count - deleted.len() as i32, deleted.len() as i32);
        }
        let blocked_by = if self.eff.only_replace_failed {
            terminating
        } else {
            0
        };
        let diff = want - blocked_by - count;
        if diff <= 0 {
            return (count, 0);
        }
        let mut new: Vec<NewPod> = Vec::new();
        if self.eff.indexed {
            let mut taken: BTreeSet<i32> = succeeded_indexes.clone();
            taken.extend(failed_indexes.iter().copied());
            taken.extend(active.iter().filter_map(|p| completion_index(p)));
            let mut indexes = first_pending(
                self.eff.completions.unwrap_or(0),
                &taken,
                (diff as usize).min(MAX_CREATE_DELETE_PER_SYNC),
            );
            if self.eff.backoff_limit_per_index.is_some() {
                let (ready, wait) = indexed::indexes_past_backoff(&indexes, delayed, self.now);
                if wait > 0 {
                    self.ctx.requeue_after(self.obj.key(), wait);
                    self.did.push(format!(
                        "waiting {}s of per-index back-off before recreating failed indexes",
                        (wait + 999) / 1000
                    ));
                    return (count, 0);
                }
                // A replacement carries on its index's failure counts.
                new = ready
                    .into_iter()
                    .map(|i| {
                        let prev = delayed.get(&i).copied();
                        let ignored = prev.is_some_and(|p| self.ignored(p));
                        NewPod { index: Some(i), index_failures: Some(next_index_failures(prev, ignored)) }
                    })
                    .collect();
                indexes = Vec::new();
            }
            new.extend(indexes.into_iter().map(|i| NewPod {
                index: Some(i),
                index_failures: None,
            }));
        } else {
            let remaining = remaining_backoff_ms(
                record.failures_after_last_success,
                record.last_failure,
                self.now,
                DEFAULT_BACKOFF_MS,
                MAX_BACKOFF_MS,
            );
            if remaining > 0 {
                self.ctx.requeue_after(self.obj.key(), remaining);
                self.did.push(format!(
                    "{} failed since the last success, so the replacement waits {}s of back-off",
                    plural(record.failures_after_last_success as usize, "pod"),
                    (remaining + 999) / 1000
                ));
                return (count, 0);
            }
            let n = (diff as usize).min(MAX_CREATE_DELETE_PER_SYNC);
            new.extend((0..n).map(|_| NewPod {
                index: None,
                index_failures: None,
            }));
        }
        if self.eff.indexed && self.eff.backoff_limit_per_index.is_none() {
            let remaining = remaining_backoff_ms(
                record.failures_after_last_success,
                record.last_failure,
                self.now,
                DEFAULT_BACKOFF_MS,
                MAX_BACKOFF_MS,
            );
            if remaining > 0 {
                self.ctx.requeue_after(self.obj.key(), remaining);
                self.did.push(format!(
                    "a pod failed, so replacements wait {}s of back-off",
                    (remaining + 999) / 1000
                ));
                return (count, 0);
            }
        }
        let key = self.obj.key();
        let expected = new.len();
        self.ctx.world_mut().expectations.expect_creations(&key, expected, self.now);
        let created = create_pods(self.ctx, &self.obj, &self.job, new);
        // Pods that failed or were never tried will not be seen.
        self.ctx.world_mut().expectations.lower(&key, (expected - created.len()) as i64, 0);
        count += created.len() as i32;
        if !created.is_empty() {
            self.did
                .push(format!("{want} should run: created {}", created.join(", ")));
        }
        (count, 0)
    }

    /// `deleteJobPods` under expectations: expects the deletions first,
    /// and no longer expects those that failed.
    fn delete_expected(&mut self, pods: &[&Pod]) -> Vec<String> {
        let key = self.obj.key();
        self.ctx.world_mut().expectations.expect_deletions(&key, pods.len(), self.now);
        let deleted = delete_pods(self.ctx, &self.obj, pods, true);
        self.ctx.world_mut().expectations.lower(&key, 0, (pods.len() - deleted.len()) as i64);
        deleted
    }

    /// The Suspended condition and its events (only when manageJob ran).
    fn suspend_condition(&mut self, st: &mut kubeplay_model::api::JobStatus) {
        if self.eff.suspended {
            if ensure_condition(
                &mut st.conditions,
                "Suspended",
                "True",
                "JobSuspended",
                "Job suspended",
                self.now,
            ) {
                self.ctx
                    .event(&self.obj, "Normal", "Suspended", "Job suspended");
            }
        } else if ensure_condition(
            &mut st.conditions,
            "Suspended",
            "False",
            "JobResumed",
            "Job resumed",
            self.now,
        ) {
            self.ctx
                .event(&self.obj, "Normal", "Resumed", "Job resumed");
            // activeDeadlineSeconds counts continuous activity: restart the clock.
            st.start_time = Some(self.now);
            self.did.push("the Job resumed".into());
        }
    }
}
