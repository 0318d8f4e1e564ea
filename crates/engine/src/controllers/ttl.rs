//! The TTL-after-finished controller (`pkg/controller/ttlafterfinished`):
//! deletes a finished Job (and, in the foreground, its pods) once
//! `ttlSecondsAfterFinished` has passed since it completed or failed.

use crate::controller::{Controller, Ctx};
use crate::controllers::job::is_finished;
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Propagation, Store};
use kubeplay_model::api::Job;
use kubeplay_model::meta::find_condition;
use kubeplay_model::{Kind, Object, ObjectKey, Time};

pub struct TtlAfterFinishedController;

/// When the Job finished: its Complete or Failed condition's transition time.
pub fn finish_time(job: &Job) -> Option<Time> {
    ["Complete", "Failed"]
        .iter()
        .filter_map(|t| find_condition(&job.status.conditions, t))
        .find(|c| c.is_true())
        .and_then(|c| c.last_transition_time)
}

/// Milliseconds until the Job expires (≤ 0: expired), or None if it never does.
pub fn time_left_ms(job: &Job, now: Time) -> Option<i64> {
    let ttl = job.spec.ttl_seconds_after_finished?;
    if !is_finished(job) {
        return None;
    }
    let finished = finish_time(job)?;
    Some(finished.plus_secs(ttl as i64).millis() - now.millis())
}

impl Controller for TtlAfterFinishedController {
    fn id(&self) -> ControllerId {
        ControllerId::TtlAfterFinished
    }
    fn component(&self) -> &'static str {
        "ttl-after-finished-controller"
    }

    fn watch(&self, change: &Change, _store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind == Kind::Job {
            if let Some(Object::Job(j)) = change.new.as_deref() {
                if j.spec.ttl_seconds_after_finished.is_some() && j.metadata.deletion_timestamp.is_none() && is_finished(j) {
                    enqueue(change.key.clone());
                }
            }
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        ctx.desired("each finished Job with ttlSecondsAfterFinished deleted once that many seconds pass");
        let Some(obj) = ctx.get(key) else {
            ctx.observed(format!("Job {} is gone", key.name));
            return;
        };
        let Object::Job(job) = &*obj else { return };
        if job.metadata.deletion_timestamp.is_some() {
            ctx.observed(format!("Job {} is already being deleted", key.name));
            return;
        }
        let ttl = job.spec.ttl_seconds_after_finished.map_or("no ttlSecondsAfterFinished".to_string(), |t| format!("ttlSecondsAfterFinished {t}"));
        let finished = job.status.conditions.iter().find(|c| matches!(c.type_.as_str(), "Complete" | "Failed") && c.status == "True").and_then(|c| c.last_transition_time);
        ctx.observed(match finished {
            Some(t) => format!("Job {} finished at {}, {ttl}", key.name, t.rfc3339()),
            None => format!("Job {} not finished, {ttl}", key.name),
        });
        let Some(left) = time_left_ms(job, ctx.now()) else {
            ctx.explain(format!("Job {} has no TTL to enforce", job.metadata.name));
            return;
        };
        let ttl = job.spec.ttl_seconds_after_finished.unwrap_or(0);
        if left > 0 {
            ctx.requeue_after(key.clone(), left);
            ctx.explain(format!("Job {} finished; it will be deleted {}s from now (ttlSecondsAfterFinished {ttl})", job.metadata.name, (left + 999) / 1000));
            return;
        }
        // The cache's TTL may be stale: upstream checks the Job from the
        // API once more before it deletes.
        let fresh = ctx.api_get(key);
        let fresh_left = match fresh.as_deref() {
            Some(Object::Job(f)) if f.metadata.uid == job.metadata.uid && f.metadata.deletion_timestamp.is_none() => time_left_ms(f, ctx.now()),
            _ => None,
        };
        match fresh_left {
            None => {
                ctx.explain(format!("Job {} is gone, replaced, being deleted or no longer expires, as the API shows it", job.metadata.name));
                return;
            }
            Some(left) if left > 0 => {
                ctx.requeue_after(key.clone(), left);
                ctx.explain(format!("Job {}: its TTL changed; it will be deleted {}s from now", job.metadata.name, (left + 999) / 1000));
                return;
            }
            Some(_) => {}
        }
        if let Err(e) = ctx.delete(key, DeleteOptions { grace_period_seconds: None, propagation: Propagation::Foreground }) {
            if !matches!(e, kubeplay_apiserver::ApiError::NotFound { .. }) {
                ctx.requeue_rate_limited(key.clone());
                ctx.explain(format!("Job {} expired, but deleting it failed ({e}); retrying with back-off", job.metadata.name));
                return;
            }
        }
        ctx.explain(format!("Job {} finished more than {ttl}s ago (ttlSecondsAfterFinished), so it is deleted with its pods", job.metadata.name));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Condition;

    fn finished_job(ttl: Option<i32>, at: Time) -> Job {
        let mut j = Job::default();
        j.spec.ttl_seconds_after_finished = ttl;
        j.status.conditions.push(Condition { type_: "Complete".into(), status: "True".into(), last_transition_time: Some(at), ..Default::default() });
        j
    }

    // ttlafterfinished_controller_test.go timeLeft: expireAt = finish + ttl.
    #[test]
    fn time_left() {
        let t = Time::from_millis(1_000_000);
        assert_eq!(time_left_ms(&finished_job(Some(10), t), t.plus_secs(3)), Some(7_000));
        assert_eq!(time_left_ms(&finished_job(Some(0), t), t), Some(0));
        assert_eq!(time_left_ms(&finished_job(Some(10), t), t.plus_secs(15)), Some(-5_000));
        assert_eq!(time_left_ms(&finished_job(None, t), t), None);
        assert_eq!(time_left_ms(&Job { spec: kubeplay_model::api::JobSpec { ttl_seconds_after_finished: Some(5), ..Default::default() }, ..Default::default() }, t), None);
    }
}
