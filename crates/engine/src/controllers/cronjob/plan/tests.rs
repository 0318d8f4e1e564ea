//! TestControllerV2SyncCronJob (`cronjob_controllerv2_test.go`), ported
//! row by row: a CronJob `mycronjob` on `0 * * * ?` around
//! T = 2016-05-19T10:00:00Z. A CronJob that never ran was created at
//! 09:59; one that ran before was created at 08:59 and last scheduled at
//! 09:01, with its Job (created 09:01) still active or Complete ten seconds
//! later. Expected requeues are upstream's `expectRequeueAfter`, with its
//! 100 ms `nextScheduleDelta`.

use super::*;
use kubeplay_model::api::{Job, JobStatus};
use kubeplay_model::{Condition, ObjectMeta};

const NSD: i64 = NEXT_SCHEDULE_DELTA_MS;
const MIN: i64 = 60_000;
const HOUR: i64 = 60 * MIN;
const SHORT: i64 = 10;
const MEDIUM: i64 = 2 * 3600;
const LONG: i64 = 1_000_000;

fn t(s: &str) -> Time {
    Time::parse_rfc3339(s).unwrap()
}
fn top() -> Time {
    t("2016-05-19T10:00:00Z")
}
fn just_before_the_hour() -> Time {
    t("2016-05-19T09:59:00Z")
}
fn just_after_the_hour() -> Time {
    t("2016-05-19T10:01:00Z")
}
fn just_before_the_prior_hour() -> Time {
    t("2016-05-19T08:59:00Z")
}
fn just_after_the_prior_hour() -> Time {
    t("2016-05-19T09:01:00Z")
}
fn week_after_the_hour() -> Time {
    t("2016-05-26T10:00:00Z")
}

#[derive(Clone, Copy, PartialEq)]
enum Prior {
    Never,
    /// Ran at 09:01; its Job is Complete.
    Done,
    /// Ran at 09:01; its Job is still running.
    Active,
}

struct Case {
    name: &'static str,
    policy: &'static str,
    suspend: bool,
    schedule: &'static str,
    time_zone: Option<&'static str>,
    deadline: Option<i64>,
    prior: Prior,
    now: Time,
    // Expected:
    create: bool,
    replace: usize,
    active: usize,
    warnings: usize,
    requeue_ms: Option<i64>,
    status_update: bool,
}

fn case(name: &'static str, policy: &'static str, prior: Prior, now: Time) -> Case {
    Case {
        name,
        policy,
        suspend: false,
        schedule: "0 * * * ?",
        time_zone: None,
        deadline: None,
        prior,
        now,
        create: false,
        replace: 0,
        active: if prior == Prior::Active { 1 } else { 0 },
        warnings: 0,
        requeue_ms: None,
        status_update: prior == Prior::Done,
    }
}

fn prior_job(prior: Prior) -> Job {
    let mut j = Job { metadata: ObjectMeta { name: "mycronjob-24394141".into(), namespace: "default".into(), uid: "1234".into(), creation_timestamp: Some(just_after_the_prior_hour()), ..Default::default() }, ..Default::default() };
    if prior == Prior::Done {
        j.status = JobStatus {
            completion_time: Some(just_after_the_prior_hour().plus_secs(10)),
            conditions: vec![Condition { type_: "Complete".into(), status: "True".into(), ..Default::default() }],
            ..Default::default()
        };
    }
    j
}

fn run(c: &Case) -> Plan {
    let spec = CronJobSpec {
        schedule: c.schedule.into(),
        time_zone: c.time_zone.map(String::from),
        starting_deadline_seconds: c.deadline,
        concurrency_policy: Some(c.policy.into()),
        suspend: Some(c.suspend),
        ..Default::default()
    };
    let mut status = CronJobStatus::default();
    let mut jobs = Vec::new();
    let created = if c.prior == Prior::Never { just_before_the_hour() } else { just_before_the_prior_hour() };
    if c.prior != Prior::Never {
        status.last_schedule_time = Some(just_after_the_prior_hour());
        let j = prior_job(c.prior);
        if c.prior == Prior::Active {
            status.active.push(ObjectReference { kind: Some("Job".into()), name: Some(j.metadata.name.as_str().into()), namespace: Some("default".into()), uid: Some(j.metadata.uid.as_str().into()), ..Default::default() });
        }
        jobs.push(j);
    }
    let exists = |_: &str| true;
    plan(&Input { name: "mycronjob", spec: &spec, status, created, deleting: false, now: c.now, jobs: &jobs, exists: &exists })
}

fn cases() -> Vec<Case> {
    use Prior::*;
    let mut v = Vec::new();
    for policy in ["Allow", "Forbid", "Replace"] {
        v.push(Case { schedule: "* * * * * * *", requeue_ms: None, warnings: 1, ..case("never ran, invalid schedule", policy, Never, just_before_the_hour()) });
        v.push(Case { requeue_ms: Some(MIN + NSD), ..case("never ran, not time", policy, Never, just_before_the_hour()) });
        v.push(Case { create: true, active: 1, requeue_ms: Some(59 * MIN + NSD), ..case("never ran, is time", policy, Never, just_after_the_hour()) });
        v.push(Case { requeue_ms: Some(MIN + NSD), ..case("prev ran but done, not time", policy, Done, just_before_the_hour()) });
        v.push(Case { create: true, active: 1, requeue_ms: Some(59 * MIN + NSD), ..case("prev ran but done, is time", policy, Done, just_after_the_hour()) });
        v.push(Case { requeue_ms: Some(MIN + NSD), ..case("still active, not time", policy, Active, just_before_the_hour()) });
        for (deadline, warnings) in [(Some(LONG), 1), (None, 1), (Some(MEDIUM), 0), (Some(SHORT), 0)] {
            v.push(Case {
                deadline,
                create: true,
                active: 1,
                warnings,
                requeue_ms: Some(HOUR + NSD),
                ..case("prev ran, long overdue", policy, Done, week_after_the_hour())
            });
        }
    }
    v.push(Case { time_zone: Some("bad-time-zone"), warnings: 1, ..case("never ran, invalid time zone", "Allow", Never, just_before_the_hour()) });
    v.push(Case { time_zone: Some("America/New_York"), requeue_ms: Some(MIN + NSD), ..case("never ran, not time in zone", "Allow", Never, just_before_the_hour()) });
    v.push(Case { time_zone: Some("America/New_York"), create: true, active: 1, requeue_ms: Some(59 * MIN + NSD), ..case("never ran, is time in zone", "Allow", Never, just_after_the_hour()) });
    v.push(Case {
        schedule: "TZ=UTC 0 * * * ?",
        time_zone: Some("America/New_York"),
        create: true,
        active: 1,
        warnings: 1,
        requeue_ms: Some(59 * MIN + NSD),
        ..case("never ran, is time, TZ in schedule and timeZone", "Allow", Never, just_after_the_hour())
    });
    v.push(Case { suspend: true, ..case("never ran, is time, suspended", "Allow", Never, just_after_the_hour()) });
    // The deadline window starts 10 s before now, so 10:00 is not even
    // considered: no MissSchedule event.
    v.push(Case { deadline: Some(SHORT), requeue_ms: Some(HOUR - MIN - 11 * MIN + NSD), ..case("never ran, is time, past deadline", "Allow", Never, just_after_the_hour().plus_millis(11 * MIN)) });
    v.push(Case { deadline: Some(LONG), create: true, active: 1, requeue_ms: Some(59 * MIN + NSD), ..case("never ran, is time, not past deadline", "Allow", Never, just_after_the_hour()) });
    v.push(Case { suspend: true, ..case("prev ran but done, is time, suspended", "Allow", Done, just_after_the_hour()) });
    v.push(Case { deadline: Some(SHORT), requeue_ms: Some(59 * MIN + NSD), ..case("prev ran but done, is time, past deadline", "Allow", Done, just_after_the_hour()) });
    v.push(Case { deadline: Some(LONG), create: true, active: 1, requeue_ms: Some(59 * MIN + NSD), ..case("prev ran but done, is time, not past deadline", "Allow", Done, just_after_the_hour()) });
    v.push(Case { create: true, active: 2, requeue_ms: Some(59 * MIN + NSD), ..case("still active, is time", "Allow", Active, just_after_the_hour()) });
    v.push(Case { requeue_ms: Some(59 * MIN + NSD), ..case("still active, is time, F", "Forbid", Active, just_after_the_hour()) });
    v.push(Case { create: true, replace: 1, active: 1, requeue_ms: Some(59 * MIN + NSD), ..case("still active, is time, R", "Replace", Active, just_after_the_hour()) });
    v.push(Case { suspend: true, ..case("still active, is time, suspended", "Allow", Active, just_after_the_hour()) });
    v.push(Case { deadline: Some(SHORT), requeue_ms: Some(59 * MIN + NSD), ..case("still active, is time, past deadline", "Allow", Active, just_after_the_hour()) });
    v.push(Case { deadline: Some(LONG), create: true, active: 2, requeue_ms: Some(59 * MIN + NSD), ..case("still active, is time, not past deadline", "Allow", Active, just_after_the_hour()) });
    // @every 1h: the schedule counts from creation or the last run.
    v.push(Case { schedule: "@every 1h", requeue_ms: Some(59 * MIN + NSD), ..case("@every, never ran, not time", "Allow", Never, top()) });
    v
}

#[test]
fn sync_cron_job_table() {
    for c in cases() {
        let p = run(&c);
        let what = format!("{} ({}, deadline {:?}, now {})", c.name, c.policy, c.deadline, c.now.rfc3339());
        // Once created, the controller adds the Job to status.active.
        let active = p.status.active.len() + usize::from(p.run.is_some()) - p.replace.len();
        let warnings = p.events.iter().filter(|e| e.type_ == "Warning").count();
        let requeue = p.run.as_ref().map_or(p.requeue_ms, |r| r.requeue_ms);
        let status_update = p.status_changed || p.run.is_some();
        assert_eq!(p.run.is_some(), c.create, "{what}: create");
        assert_eq!(p.replace.len(), c.replace, "{what}: replaced Jobs");
        assert_eq!(active, c.active, "{what}: active Jobs");
        assert_eq!(warnings, c.warnings, "{what}: warnings {:?}", p.events);
        assert_eq!(requeue, c.requeue_ms, "{what}: requeue");
        assert_eq!(status_update, c.status_update || c.create, "{what}: status update");
        if let Some(r) = &p.run {
            assert_eq!(r.job_name, format!("mycronjob-{}", r.scheduled.millis() / 60_000), "{what}");
        }
    }
}

#[test]
fn forbid_reports_the_active_run() {
    let p = run(&case("still active, is time, F", "Forbid", Prior::Active, just_after_the_hour()));
    assert_eq!(
        p.events,
        vec![Event { type_: "Normal", reason: "JobAlreadyActive", message: "Not starting job because prior execution is running and concurrency policy is Forbid".into() }]
    );
}

#[test]
fn long_overdue_warns_of_too_many_missed_times() {
    let p = run(&case("prev ran, long overdue", "Allow", Prior::Done, week_after_the_hour()));
    let reasons: Vec<&str> = p.events.iter().map(|e| e.reason).collect();
    assert_eq!(reasons, ["TooManyMissedTimes"]);
    assert_eq!(p.run.map(|r| r.scheduled), Some(week_after_the_hour()));
    // The completed Job counts for lastSuccessfulTime though it is not active.
    assert_eq!(p.status.last_successful_time, Some(just_after_the_prior_hour().plus_secs(10)));
}

/// An active entry whose Job the API no longer has is dropped (MissingJob);
/// one the lister has not caught up with yet is kept.
#[test]
fn missing_active_jobs() {
    let spec = CronJobSpec { schedule: "0 * * * ?".into(), ..Default::default() };
    let status = CronJobStatus {
        active: vec![ObjectReference { name: Some("gone".into()), uid: Some("u1".into()), ..Default::default() }, ObjectReference { name: Some("lagging".into()), uid: Some("u2".into()), ..Default::default() }],
        last_schedule_time: Some(just_after_the_prior_hour()),
        ..Default::default()
    };
    let exists = |n: &str| n == "lagging";
    let p = plan(&Input { name: "mycronjob", spec: &spec, status, created: just_before_the_prior_hour(), deleting: false, now: just_before_the_hour(), jobs: &[], exists: &exists });
    assert_eq!(p.events, vec![Event { type_: "Normal", reason: "MissingJob", message: "Active job went missing: gone".into() }]);
    assert_eq!(p.status.active.iter().filter_map(|r| r.name.as_deref()).collect::<Vec<_>>(), ["lagging"]);
    assert!(p.status_changed);
}

/// A prior Job of an explicit row: created at `at` (its name from that
/// minute), active or Complete ten seconds later, and whether the Job
/// lister has it yet.
struct PriorJob {
    at: Time,
    active: bool,
    in_lister: bool,
}

/// One row with its own times: (schedule, deadline, created, last
/// schedule, prior Job, now).
fn run_explicit(schedule: &str, deadline: Option<i64>, created: Time, last: Option<Time>, prior: Option<PriorJob>, now: Time) -> Plan {
    let spec = CronJobSpec { schedule: schedule.into(), starting_deadline_seconds: deadline, concurrency_policy: Some("Allow".into()), suspend: Some(false), ..Default::default() };
    let status = CronJobStatus { last_schedule_time: last, ..Default::default() };
    let mut status = status;
    let mut jobs = Vec::new();
    if let Some(pj) = prior {
        let name = job_name("mycronjob", pj.at);
        let mut j = Job { metadata: ObjectMeta { name: name.as_str().into(), namespace: "default".into(), uid: "1234".into(), creation_timestamp: Some(pj.at), ..Default::default() }, ..Default::default() };
        if pj.active {
            status.active.push(ObjectReference { kind: Some("Job".into()), name: Some(name.as_str().into()), namespace: Some("default".into()), uid: Some("1234".into()), ..Default::default() });
        } else {
            j.status = JobStatus { completion_time: Some(pj.at.plus_secs(10)), conditions: vec![Condition { type_: "Complete".into(), status: "True".into(), ..Default::default() }], ..Default::default() };
        }
        if pj.in_lister {
            jobs.push(j);
        }
    }
    let exists = |_: &str| true;
    plan(&Input { name: "mycronjob", spec: &spec, status, created, deleting: false, now, jobs: &jobs, exists: &exists })
}

// TestControllerV2SyncCronJob's "@every" rows and its slow-Job-lister
// rows ("this started but went missing": the API has the Job, the lister
// not yet). Columns: create, active Jobs after, warnings, requeue.
#[test]
fn sync_cron_job_every_and_lister_rows() {
    let every = "@every 1h";
    let prior_hour_b4 = just_before_the_prior_hour();
    let hour_b4 = just_before_the_hour();
    let next_hour_b4 = t("2016-05-19T10:59:00Z");
    let done = |at| Some(PriorJob { at, active: false, in_lister: true });
    let active = |at| Some(PriorJob { at, active: true, in_lister: true });
    type Row = (&'static str, &'static str, Option<i64>, Time, Option<Time>, Option<PriorJob>, Time, bool, usize, usize, i64);
    let rows: Vec<Row> = vec![
        ("@every, never ran, is time", every, None, prior_hour_b4, None, None, hour_b4, true, 1, 0, HOUR + NSD),
        ("@every, never ran, is time, past deadline", every, Some(SHORT), prior_hour_b4, None, None, hour_b4.plus_secs(SHORT + 1), false, 0, 0, HOUR - (SHORT + 1) * 1000 + NSD),
        ("@every, never ran, is time, not past deadline", every, Some(LONG), prior_hour_b4, None, None, hour_b4.plus_secs(SHORT - 1), true, 1, 0, HOUR - (SHORT - 1) * 1000 + NSD),
        ("@every, prev ran but done, not time", every, None, prior_hour_b4, Some(hour_b4), done(prior_hour_b4), top(), false, 0, 0, HOUR - MIN + NSD),
        ("@every, prev ran but done, is time", every, None, prior_hour_b4, Some(hour_b4), done(prior_hour_b4), top().plus_millis(HOUR), true, 1, 0, HOUR - MIN + NSD),
        ("@every, prev ran but done, is time, past deadline", every, Some(SHORT), prior_hour_b4, Some(hour_b4), done(prior_hour_b4), next_hour_b4.plus_secs(SHORT + 1), false, 0, 0, HOUR - (SHORT + 1) * 1000 + NSD),
        ("@every, still active, not time", every, None, prior_hour_b4, Some(hour_b4), active(hour_b4), top(), false, 1, 0, HOUR - MIN + NSD),
        ("@every, still active, is time", every, None, prior_hour_b4, Some(prior_hour_b4), active(prior_hour_b4), just_after_the_hour(), true, 2, 0, HOUR - 2 * MIN + NSD),
        ("@every, still active, is time, past deadline", every, Some(SHORT), prior_hour_b4, Some(hour_b4), active(hour_b4), next_hour_b4.plus_secs(SHORT + 1), false, 1, 0, HOUR - (SHORT + 1) * 1000 + NSD),
        ("@every, still active, is time, not past deadline", every, Some(LONG), prior_hour_b4, Some(hour_b4), active(hour_b4), next_hour_b4.plus_secs(SHORT - 1), true, 2, 0, HOUR - (SHORT - 1) * 1000 + NSD),
        ("@every, prev ran but done, long overdue, no deadline", every, None, just_after_the_prior_hour(), Some(just_after_the_hour()), done(just_after_the_prior_hour()), week_after_the_hour(), true, 1, 1, MIN + NSD),
        (
            "@every, prev ran but done, long overdue, past deadline",
            every,
            Some(SHORT),
            just_after_the_prior_hour(),
            Some(just_after_the_hour()),
            done(just_after_the_prior_hour()),
            week_after_the_hour().plus_millis(MIN).plus_secs(SHORT + 1),
            false,
            0,
            0,
            HOUR - (SHORT + 1) * 1000 + NSD,
        ),
        (
            "this started but went missing, not past deadline",
            "0 * * * ?",
            Some(LONG),
            prior_hour_b4,
            Some(just_after_the_prior_hour()),
            Some(PriorJob { at: top().plus_millis(100), active: true, in_lister: false }),
            just_after_the_hour().plus_millis(100),
            false,
            1,
            0,
            HOUR - MIN - 100 + NSD,
        ),
    ];
    for (name, schedule, deadline, created, last, prior, now, create, active_after, warnings, requeue) in rows {
        let was_done = prior.as_ref().is_some_and(|p| !p.active);
        let p = run_explicit(schedule, deadline, created, last, prior, now);
        let active = p.status.active.len() + usize::from(p.run.is_some());
        assert_eq!(p.run.is_some(), create, "{name}: create");
        assert_eq!(active, active_after, "{name}: active Jobs");
        assert_eq!(p.events.iter().filter(|e| e.type_ == "Warning").count(), warnings, "{name}: warnings {:?}", p.events);
        assert_eq!(p.run.as_ref().map_or(p.requeue_ms, |r| r.requeue_ms), Some(requeue), "{name}: requeue");
        // A Complete prior Job moves lastSuccessfulTime to its completion.
        assert_eq!(p.status_changed || p.run.is_some(), create || was_done, "{name}: status update");
    }
}
