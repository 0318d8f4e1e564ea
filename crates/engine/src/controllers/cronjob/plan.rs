//! One CronJob sync as a pure function (upstream `syncCronJob` in
//! `cronjob_controllerv2.go`): reconcile `status.active` with the Jobs the
//! CronJob controls, then decide whether a run is due, and what to do about
//! the concurrency policy. The controller carries out the plan (deleting
//! replaced Jobs, creating the new one) and records the new Job in the
//! status only once it exists, as upstream does after its create call.

use super::schedule::*;
use crate::controllers::job::{cond_true, is_finished};
use kubeplay_model::api::{CronJobSpec, CronJobStatus, Job, ObjectReference};
use kubeplay_model::cron::{self, Zone};
use kubeplay_model::Time;

/// What a sync reads.
pub struct Input<'a> {
    pub name: &'a str,
    pub spec: &'a CronJobSpec,
    pub status: CronJobStatus,
    pub created: Time,
    pub deleting: bool,
    pub now: Time,
    /// The Jobs this CronJob controls.
    pub jobs: &'a [Job],
    /// Whether the API still has a Job of this name (the lister may lag;
    /// upstream asks the API server before declaring an active Job missing).
    pub exists: &'a dyn Fn(&str) -> bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub type_: &'static str,
    pub reason: &'static str,
    pub message: String,
}

/// The run to start: the Job's name, its scheduled time, and when to look
/// again once it has been created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub job_name: String,
    pub scheduled: Time,
    pub zone: Option<Zone>,
    pub requeue_ms: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub status: CronJobStatus,
    pub status_changed: bool,
    pub events: Vec<Event>,
    /// concurrencyPolicy Replace: active Jobs to delete before the run.
    pub replace: Vec<ObjectReference>,
    pub run: Option<Run>,
    /// When to sync again if nothing is created.
    pub requeue_ms: Option<i64>,
    /// Sentences for the step's explanation.
    pub did: Vec<String>,
}

impl Plan {
    fn event(&mut self, type_: &'static str, reason: &'static str, message: String) {
        self.events.push(Event { type_, reason, message });
    }
}

/// `syncCronJob`.
pub fn plan(inp: &Input) -> Plan {
    let now = inp.now;
    let mut p = Plan { status: inp.status.clone(), ..Default::default() };
    let in_active = |st: &CronJobStatus, uid: &str| st.active.iter().any(|r| r.uid.as_deref() == Some(uid));
    for j in inp.jobs {
        let found = in_active(&p.status, &j.metadata.uid);
        let finished = is_finished(j);
        if !found && !finished {
            p.event("Warning", "UnexpectedJob", format!("Saw a job that the controller did not create or forgot: {}", j.metadata.name));
        } else if found && finished {
            let status = if cond_true(j, "Complete") { "Complete" } else { "Failed" };
            p.status.active.retain(|r| r.uid.as_deref() != Some(j.metadata.uid.as_str()));
            p.event("Normal", "SawCompletedJob", format!("Saw completed job: {}, status: {status}", j.metadata.name));
            p.did.push(format!("Job {} finished ({status})", j.metadata.name));
            p.status_changed = true;
        }
        // A Job need not be active to count: any that succeeded moves
        // lastSuccessfulTime on.
        if cond_true(j, "Complete") {
            if let Some(done) = j.status.completion_time {
                if p.status.last_successful_time.is_none_or(|t| done > t) {
                    p.status.last_successful_time = Some(done);
                    p.status_changed = true;
                }
            }
        }
    }
    let gone: Vec<ObjectReference> =
        p.status.active.iter().filter(|r| !inp.jobs.iter().any(|j| Some(j.metadata.uid.as_str()) == r.uid.as_deref())).filter(|r| !(inp.exists)(r.name.as_deref().unwrap_or(""))).cloned().collect();
    for r in gone {
        let name = r.name.clone().unwrap_or_default();
        p.event("Normal", "MissingJob", format!("Active job went missing: {name}"));
        p.status.active.retain(|a| a.uid != r.uid);
        p.status_changed = true;
    }
    if inp.deleting {
        return p;
    }
    let mut zone = None;
    if let Some(tz) = &inp.spec.time_zone {
        match Zone::load(tz) {
            Ok(z) => zone = Some(z),
            Err(e) => {
                p.event("Warning", "UnknownTimeZone", format!("invalid timeZone: {tz:?}: {e}"));
                p.did.push(format!("timeZone {tz:?} is unknown, so nothing is scheduled"));
                return p;
            }
        }
    }
    if inp.spec.suspend == Some(true) {
        p.did.push("suspended: no Jobs are started".into());
        return p;
    }
    let spec_schedule = &inp.spec.schedule;
    if spec_schedule.contains("TZ") {
        let msg = format!("CRON_TZ or TZ used in schedule {spec_schedule:?} is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details");
        p.event("Warning", "UnsupportedSchedule", msg);
        zone = None;
    }
    let sched = match cron::parse(spec_schedule) {
        Ok(s) => match zone.clone() {
            Some(z) => s.in_zone(z),
            None => s,
        },
        Err(e) => {
            p.event("Warning", "UnparseableSchedule", format!("unparseable schedule: {spec_schedule:?} : {e}"));
            p.did.push(format!("the schedule does not parse: {e}"));
            return p;
        }
    };
    let last = p.status.last_schedule_time;
    let sds = inp.spec.starting_deadline_seconds;
    let requeue = |cj_last: Option<Time>| requeue_after_ms(&sched, inp.created, cj_last, sds, now);
    let due = match most_recent_schedule_time(&sched, inp.created, last, sds, now, true) {
        Ok(d) => d,
        Err(e) => {
            p.event("Warning", "InvalidSchedule", format!("invalid schedule: {spec_schedule} : {e}"));
            p.did.push(format!("the schedule never fires: {e}"));
            return p;
        }
    };
    p.requeue_ms = requeue(last);
    let Some(scheduled) = due.most_recent.filter(|t| *t <= now) else {
        return p;
    };
    if due.missed == Missed::Many {
        p.event("Warning", "TooManyMissedTimes", "too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew".into());
    }
    if sds.is_some_and(|d| scheduled.plus_secs(d) < now) {
        p.event("Warning", "MissSchedule", format!("Missed scheduled time to start a job: {}", rfc1123z(scheduled)));
        p.did.push(format!("missed the run at {} (startingDeadlineSeconds {})", scheduled.rfc3339(), sds.unwrap_or(0)));
        return p;
    }
    let job_name = job_name(inp.name, scheduled);
    if p.status.active.iter().any(|r| r.name.as_deref() == Some(job_name.as_str())) || last == Some(scheduled) {
        return p;
    }
    let policy = inp.spec.concurrency_policy.as_deref().unwrap_or("Allow");
    if policy == "Forbid" && !p.status.active.is_empty() {
        p.event("Normal", "JobAlreadyActive", "Not starting job because prior execution is running and concurrency policy is Forbid".into());
        p.did.push(format!("skipped the run at {}: a Job is still running and concurrencyPolicy is Forbid", scheduled.rfc3339()));
        return p;
    }
    if policy == "Replace" {
        p.replace = p.status.active.clone();
    }
    p.run = Some(Run { job_name, scheduled, zone, requeue_ms: requeue(Some(scheduled)) });
    p
}

#[cfg(test)]
mod tests;
