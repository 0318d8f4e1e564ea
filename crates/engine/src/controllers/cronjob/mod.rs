//! The CronJob controller (`pkg/controller/cronjob`, v2): at each
//! scheduled time it creates a Job `<cronjob>-<minutes since epoch>` from
//! the template, honouring suspend, startingDeadlineSeconds (and the
//! "too many missed start times" rule), and the concurrency policy
//! (Allow, Forbid, Replace); it tracks running Jobs in `status.active`,
//! records `lastScheduleTime`/`lastSuccessfulTime`, and deletes the oldest
//! finished Jobs beyond the history limits.

pub mod plan;
pub mod schedule;

use crate::controller::{Controller, Ctx};
use crate::controllers::controller_ref;
use crate::controllers::job::cond_true;
use crate::world::ControllerId;
use kubeplay_apiserver::{ApiError, Change, DeleteOptions, Propagation, Store};
use kubeplay_model::api::{CronJob, Job, ObjectReference};
use kubeplay_model::cron::Zone;
use kubeplay_model::{Atom, Kind, Object, ObjectKey, ObjectMeta, Time};
use plan::{plan, Input};
use schedule::*;
use std::sync::Arc;

pub const SCHEDULED_TIMESTAMP: &str = "batch.kubernetes.io/cronjob-scheduled-timestamp";

pub struct CronJobController;

impl Controller for CronJobController {
    fn id(&self) -> ControllerId {
        ControllerId::CronJob
    }
    fn component(&self) -> &'static str {
        "cronjob-controller"
    }

    fn watch(&self, change: &Change, _store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::CronJob => enqueue(change.key.clone()),
            Kind::Job => {
                for side in [&change.old, &change.new].into_iter().flatten() {
                    let meta = side.meta();
                    if let Some(r) = meta.controller_ref().filter(|r| r.kind == "CronJob") {
                        enqueue(ObjectKey::new(Kind::CronJob, &meta.namespace, &r.name));
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!("CronJob {} no longer exists; its Jobs are left to the garbage collector", key.name));
            return;
        };
        let Object::CronJob(cj) = &*obj else { return };
        let jobs: Vec<Job> = ctx
            .store()
            .list(Kind::Job, Some(&cj.metadata.namespace))
            .filter(|j| j.meta().controller_ref().is_some_and(|r| r.uid == cj.metadata.uid))
            .filter_map(|j| j.as_job().cloned())
            .collect();
        let mut s = Sync { ctx, obj: obj.clone(), cj: CronJob::clone(cj), did: Vec::new(), failed: false };
        let cleaned = s.cleanup_finished(&jobs);
        let (requeue, changed) = s.sync(&jobs);
        if cleaned || changed || s.cj.status != cj.status {
            if let Err(e) = s.ctx.update_status(Object::CronJob(Box::new(s.cj.clone()))) {
                s.did.push(format!("writing its status failed ({e})"));
                s.failed = true;
            }
        }
        // As upstream's worker: a failed sync is retried with back-off,
        // otherwise the next schedule time is waited for.
        match requeue {
            Some(ms) if !s.failed => {
                s.ctx.forget(key);
                s.ctx.requeue_after(key.clone(), ms);
            }
            _ if s.failed => {
                s.ctx.requeue_rate_limited(key.clone());
                s.did.push("retrying with back-off".into());
            }
            _ => s.ctx.forget(key),
        }
        let name = s.cj.metadata.name.clone();
        let last = s.cj.status.last_schedule_time.map(|t| t.rfc3339()).unwrap_or_else(|| "never".into());
        s.ctx.observed(format!("{} active, last scheduled {last}", s.cj.status.active.len()));
        s.ctx.desired(format!("a Job at each time of {:?}", s.cj.spec.schedule));
        let mut what = if s.did.is_empty() { "nothing is due".to_string() } else { s.did.join("; ") };
        if let Some(ms) = requeue.filter(|_| !s.failed) {
            what.push_str(&format!("; next check in {}", human(ms)));
        }
        s.ctx.explain(format!("CronJob {name} ({}): {what}", s.cj.spec.schedule));
    }
}

fn human(ms: i64) -> String {
    let s = (ms + 999) / 1000;
    if s >= 3600 {
        format!("{}h{}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m{}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

struct Sync<'c, 'w> {
    ctx: &'c mut Ctx<'w>,
    obj: Arc<Object>,
    cj: CronJob,
    did: Vec<String>,
    /// A write failed: the sync is retried with back-off.
    failed: bool,
}

fn job_ref(j: &Job) -> ObjectReference {
    ObjectReference {
        kind: Some("Job".into()),
        namespace: Some(Atom::from(j.metadata.namespace.as_str())),
        name: Some(j.metadata.name.as_str().into()),
        uid: Some(j.metadata.uid.as_str().into()),
        api_version: Some("batch/v1".into()),
        resource_version: Some(j.metadata.resource_version.as_str().into()),
        field_path: None,
    }
}

impl Sync<'_, '_> {
    fn in_active(&self, uid: &str) -> bool {
        self.cj.status.active.iter().any(|r| r.uid.as_deref() == Some(uid))
    }

    fn remove_active(&mut self, uid: &str) {
        self.cj.status.active.retain(|r| r.uid.as_deref() != Some(uid));
    }

    fn event(&mut self, type_: &str, reason: &str, msg: String) {
        let obj = self.obj.clone();
        self.ctx.event(&obj, type_, reason, msg);
    }

    /// Deletes the oldest finished Jobs beyond the history limits.
    fn cleanup_finished(&mut self, jobs: &[Job]) -> bool {
        let mut succeeded: Vec<Job> = jobs.iter().filter(|j| cond_true(j, "Complete")).cloned().collect();
        let mut failed: Vec<Job> = jobs.iter().filter(|j| cond_true(j, "Failed")).cloned().collect();
        let keep_ok = self.cj.spec.successful_jobs_history_limit.unwrap_or(3).max(0) as usize;
        let keep_failed = self.cj.spec.failed_jobs_history_limit.unwrap_or(1).max(0) as usize;
        let mut changed = false;
        for (list, keep, what) in [(&mut succeeded, keep_ok, "successful"), (&mut failed, keep_failed, "failed")] {
            if list.len() <= keep {
                continue;
            }
            kubeplay_model::sort::sort_by(list, by_start_time);
            let n = list.len() - keep;
            for j in list.iter().take(n) {
                if self.delete_job(j) {
                    changed = true;
                    self.did.push(format!("deleted old {what} Job {} (history limit {keep})", j.metadata.name));
                }
            }
        }
        changed
    }

    fn delete_job(&mut self, j: &Job) -> bool {
        let key = ObjectKey::new(Kind::Job, &j.metadata.namespace, &j.metadata.name);
        match self.ctx.delete(&key, DeleteOptions { grace_period_seconds: None, propagation: Propagation::Background }) {
            Ok(_) => {
                self.remove_active(&j.metadata.uid);
                self.event("Normal", "SuccessfulDelete", format!("Deleted job {}", j.metadata.name));
                true
            }
            Err(e) => {
                self.event("Warning", "FailedDelete", format!("Deleted job: {e}"));
                self.failed = true;
                false
            }
        }
    }

    /// `syncCronJob`: plans, then deletes replaced Jobs and creates the due
    /// one; returns when to look again and whether status changed.
    fn sync(&mut self, jobs: &[Job]) -> (Option<i64>, bool) {
        let ns = self.cj.metadata.namespace.clone();
        let p = {
            let store = self.ctx.store();
            let exists = |name: &str| store.get_by(Kind::Job, &ns, name).is_some();
            plan(&Input {
                name: &self.cj.metadata.name,
                spec: &self.cj.spec,
                status: self.cj.status.clone(),
                created: self.cj.metadata.creation_timestamp.unwrap_or(self.ctx.now()),
                deleting: self.cj.metadata.deletion_timestamp.is_some(),
                now: self.ctx.now(),
                jobs,
                exists: &exists,
            })
        };
        for e in p.events {
            self.event(e.type_, e.reason, e.message);
        }
        self.cj.status = p.status;
        self.did.extend(p.did);
        let mut changed = p.status_changed;
        let Some(run) = p.run else { return (p.requeue_ms, changed) };
        for r in p.replace {
            let name = r.name.clone().unwrap_or_default();
            match self.ctx.store().get_by(Kind::Job, &ns, &name).and_then(|o| o.as_job().cloned()) {
                Some(j) => {
                    if !self.delete_job(&j) {
                        return (None, changed);
                    }
                    self.did.push(format!("deleted the still-running Job {name} (concurrencyPolicy Replace)"));
                    changed = true;
                }
                None => {
                    self.event("Warning", "FailedGet", format!("Get job: {}", ApiError::not_found(Kind::Job, &name)));
                    return (None, changed);
                }
            }
        }
        let name = run.job_name.clone();
        let job = self.job_from_template(run.scheduled, &name, run.zone.as_ref());
        let started = match self.ctx.create(Object::Job(Box::new(job))) {
            Ok(o) => {
                self.event("Normal", "SuccessfulCreate", format!("Created job {name}"));
                self.did.push(format!("created Job {name} for {}", run.scheduled.rfc3339()));
                o.as_job().cloned()
            }
            // Created earlier but not recorded: record it now if it is ours
            // and not yet active; someone else's Job is left to them.
            Err(ApiError::AlreadyExists { .. }) => {
                let existing = self.ctx.store().get_by(Kind::Job, &ns, &name).and_then(|o| o.as_job().cloned());
                match existing {
                    Some(j) if j.metadata.controller_ref().is_some_and(|r| r.uid == self.cj.metadata.uid) && !self.in_active(&j.metadata.uid) => Some(j),
                    // Someone else's, or not in the cache yet (it lags):
                    // an error, retried with back-off as upstream does.
                    _ => {
                        self.did.push(format!("Job {name} already exists"));
                        self.failed = true;
                        return (None, changed);
                    }
                }
            }
            // Nothing can be created in a namespace being deleted.
            Err(ApiError::NamespaceTerminating { .. }) => return (None, changed),
            Err(e) => {
                self.event("Warning", "FailedCreate", format!("Error creating job: {e}"));
                self.failed = true;
                return (None, changed);
            }
        };
        if let Some(j) = started {
            self.cj.status.active.push(job_ref(&j));
        }
        self.cj.status.last_schedule_time = Some(run.scheduled);
        (run.requeue_ms, true)
    }

    /// `getJobFromTemplate2`.
    fn job_from_template(&self, scheduled: Time, name: &str, zone: Option<&Zone>) -> Job {
        let t = &self.cj.spec.job_template;
        let mut annotations = t.metadata.annotations.clone();
        annotations.insert(SCHEDULED_TIMESTAMP.into(), rfc3339_in(scheduled, zone.unwrap_or(&Zone::utc())));
        Job {
            metadata: ObjectMeta {
                name: name.to_string(),
                namespace: self.cj.metadata.namespace.clone(),
                labels: t.metadata.labels.clone(),
                annotations,
                owner_references: vec![controller_ref(&self.obj)].into(),
                ..Default::default()
            },
            spec: t.spec.clone(),
            status: Default::default(),
        }
    }
}
