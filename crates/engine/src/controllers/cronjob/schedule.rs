//! The CronJob controller's time arithmetic (upstream
//! `pkg/controller/cronjob/utils.go`): which scheduled time is due now,
//! how many were missed, when to look again, and Job names.

use kubeplay_model::api::Job;
use kubeplay_model::cron::{Schedule, Zone};
use kubeplay_model::time::civil;
use kubeplay_model::Time;
use std::cmp::Ordering;

/// Wake up this long after a scheduled time (`nextScheduleDelta`).
pub const NEXT_SCHEDULE_DELTA_MS: i64 = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missed {
    None,
    Few,
    /// More than 100: the TooManyMissedTimes warning.
    Many,
}

/// What `mostRecentScheduleTime` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    pub earliest: Time,
    pub most_recent: Option<Time>,
    pub missed: Missed,
}

/// The schedule `30 6-16/4` style gaps and `@every` both need this:
/// `t1 = next(earliest)`; if `now` is past `t2 = next(t1)`, count the
/// missed runs by the t1→t2 interval and walk from just before the last
/// one to find the latest activation not after `now`.
pub fn most_recent_schedule_time(
    sched: &Schedule,
    created: Time,
    last_schedule: Option<Time>,
    starting_deadline_s: Option<i64>,
    now: Time,
    include_deadline: bool,
) -> Result<Due, String> {
    let mut earliest = last_schedule.unwrap_or(created);
    if include_deadline {
        if let Some(sds) = starting_deadline_s {
            let deadline = now.plus_secs(sds.saturating_neg());
            if deadline > earliest {
                earliest = deadline;
            }
        }
    }
    let too_close = || "time difference between two schedules is less than 1 second".to_string();
    let Some(t1) = sched.next(earliest) else { return Err(too_close()) };
    if now < t1 {
        return Ok(Due { earliest, most_recent: None, missed: Missed::None });
    }
    let Some(t2) = sched.next(t1) else { return Err(too_close()) };
    if now < t2 {
        return Ok(Due { earliest, most_recent: Some(t1), missed: Missed::None });
    }
    let between = (t2.millis() - t1.millis() + 500).div_euclid(1000);
    if between < 1 {
        return Err(too_close());
    }
    let elapsed = (now.millis() - t1.millis()).div_euclid(1000);
    let missed = elapsed / between + 1;
    let potential_earliest = t1.plus_secs((missed - 2) * between);
    let mut most_recent = None;
    let mut t = sched.next(potential_earliest);
    while let Some(x) = t.filter(|x| *x <= now) {
        most_recent = Some(x);
        t = sched.next(x);
    }
    let missed = if missed > 100 { Missed::Many } else { Missed::Few };
    Ok(Due { earliest, most_recent, missed })
}

/// How long until the controller should look again (`nextScheduleTimeDuration`):
/// 100 ms after the next activation.
pub fn requeue_after_ms(sched: &Schedule, created: Time, last_schedule: Option<Time>, sds: Option<i64>, now: Time) -> Option<i64> {
    let base = match most_recent_schedule_time(sched, created, last_schedule, sds, now, false) {
        Err(_) => now,
        Ok(Due { most_recent: Some(t), .. }) => t,
        Ok(Due { most_recent: None, missed: Missed::None, earliest }) => earliest,
        Ok(Due { most_recent: None, .. }) => now,
    };
    sched.next(base).map(|n| n.millis() + NEXT_SCHEDULE_DELTA_MS - now.millis())
}

/// `<cronjob>-<scheduled time in minutes since the epoch>`.
pub fn job_name(cronjob: &str, scheduled: Time) -> String {
    format!("{cronjob}-{}", scheduled.millis().div_euclid(60_000))
}

/// RFC 3339 in the CronJob's zone (`batch.kubernetes.io/cronjob-scheduled-timestamp`).
pub fn rfc3339_in(t: Time, zone: &Zone) -> String {
    let secs = t.millis().div_euclid(1000);
    let off = zone.offset(secs);
    if off == 0 {
        return t.rfc3339();
    }
    let (y, mo, d, h, mi, s) = civil(secs + off);
    let sign = if off < 0 { '-' } else { '+' };
    let a = off.abs();
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}{sign}{:02}:{:02}", a / 3600, a % 3600 / 60)
}

/// Go's RFC1123Z layout (`Mon, 02 Jan 2006 15:04:05 -0700`) in UTC, for MissSchedule.
pub fn rfc1123z(t: Time) -> String {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let secs = t.millis().div_euclid(1000);
    let (y, mo, d, h, mi, s) = civil(secs);
    let wd = kubeplay_model::cron::zone::weekday(secs.div_euclid(86400));
    format!("{}, {d:02} {} {y:04} {h:02}:{mi:02}:{s:02} +0000", DAYS[wd as usize], MONTHS[(mo - 1) as usize])
}

/// `byJobStartTime`: oldest start first; jobs that never started last; ties by name.
pub fn by_start_time(a: &Job, b: &Job) -> Ordering {
    match (a.status.start_time, b.status.start_time) {
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (x, y) if x == y => a.metadata.name.cmp(&b.metadata.name),
        (x, y) => x.cmp(&y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::cron::parse;

    /// T = 2016-05-19T10:00:00Z (a Thursday), as in the upstream tests.
    fn t_plus(secs: i64) -> Time {
        Time::parse_rfc3339("2016-05-19T10:00:00Z").unwrap().plus_secs(secs)
    }

    const M: i64 = 60;
    const HOUR: i64 = 3600;

    // TestMostRecentScheduleTime (job_cronjob.md §B4).
    #[test]
    fn most_recent_schedule_time_vectors() {
        struct Case {
            name: &'static str,
            schedule: &'static str,
            created: i64,
            last: Option<i64>,
            sds: Option<i64>,
            include: bool,
            now: i64,
            earliest: i64,
            recent: Option<i64>,
            too_many: bool,
        }
        let cases = [
            Case { name: "now before next schedule", schedule: "0 * * * *", created: 0, last: None, sds: None, include: false, now: 30, earliest: 0, recent: None, too_many: false },
            Case { name: "now just after next schedule", schedule: "0 * * * *", created: 0, last: None, sds: None, include: false, now: 61 * M, earliest: 0, recent: Some(60 * M), too_many: false },
            Case { name: "missed 5 schedules", schedule: "0 * * * *", created: 10, last: None, sds: None, include: false, now: 301 * M, earliest: 10, recent: Some(300 * M), too_many: false },
            Case { name: "complex schedule", schedule: "30 6-16/4 * * 1-5", created: 0, last: Some(30 * M), sds: None, include: false, now: 24 * HOUR + 31 * M, earliest: 30 * M, recent: Some(24 * HOUR + 30 * M), too_many: false },
            Case { name: "another complex schedule", schedule: "30 10,11,12 * * 1-5", created: 0, last: Some(30 * M), sds: None, include: false, now: 30 * HOUR + 30 * M, earliest: 30 * M, recent: None, too_many: false },
            Case { name: "complex schedule with longer diff", schedule: "30 6-16/4 * * 1-5", created: 0, last: Some(30 * M), sds: None, include: false, now: 96 * HOUR + 31 * M, earliest: 30 * M, recent: Some(96 * HOUR + 30 * M), too_many: false },
            Case { name: "complex schedule with shorter diff", schedule: "30 6-16/4 * * 1-5", created: 0, last: None, sds: None, include: false, now: 24 * HOUR + 31 * M, earliest: 0, recent: Some(24 * HOUR + 30 * M), too_many: false },
            Case { name: "@every schedule", schedule: "@every 1h", created: -59 * M, last: Some(M), sds: Some(10), include: false, now: 7 * 24 * HOUR, earliest: M, recent: Some(6 * 24 * HOUR + 23 * HOUR + M), too_many: true },
            Case { name: "earliest = creation and last schedule", schedule: "0 * * * *", created: 0, last: Some(0), sds: None, include: false, now: 30, earliest: 0, recent: None, too_many: false },
            Case { name: "earliest = last schedule", schedule: "*/5 * * * *", created: 0, last: Some(30 * M), sds: None, include: false, now: 31 * M, earliest: 30 * M, recent: None, too_many: false },
            Case { name: "within starting deadline", schedule: "*/5 * * * *", created: 0, last: Some(30 * M), sds: Some(60), include: false, now: 31 * M, earliest: 30 * M, recent: None, too_many: false },
            Case { name: "outside starting deadline", schedule: "*/5 * * * *", created: 0, last: Some(30 * M), sds: Some(60), include: true, now: 32 * M, earliest: 31 * M, recent: None, too_many: false },
        ];
        for c in cases {
            let s = parse(c.schedule).unwrap();
            let got = most_recent_schedule_time(&s, t_plus(c.created), c.last.map(t_plus), c.sds, t_plus(c.now), c.include).unwrap();
            assert_eq!(got.earliest, t_plus(c.earliest), "{}", c.name);
            assert_eq!(got.most_recent, c.recent.map(t_plus), "{}", c.name);
            assert_eq!(got.missed == Missed::Many, c.too_many, "{}", c.name);
        }
        let rogue = parse("59 23 31 2 *").unwrap();
        assert_eq!(
            most_recent_schedule_time(&rogue, t_plus(10), None, None, t_plus(HOUR), false),
            Err("time difference between two schedules is less than 1 second".into())
        );
    }

    // TestMostRecentScheduleTime's expectedTooManyMissed, told apart
    // exactly: none when `now` is before the second activation, few up to
    // 100, many past it. "another complex schedule" counts missed runs
    // yet finds none due: the t1→t2 interval is an hour, the gap a weekend.
    #[test]
    fn most_recent_missed_kinds() {
        // (name, schedule, created, last schedule, now, most recent, missed).
        type Case = (&'static str, &'static str, i64, Option<i64>, i64, Option<i64>, Missed);
        let cases: [Case; 11] = [
            ("now before next schedule", "0 * * * *", 0, None, 30, None, Missed::None),
            ("now just after next schedule", "0 * * * *", 0, None, 61 * M, Some(60 * M), Missed::None),
            ("missed 5 schedules", "0 * * * *", 10, None, 301 * M, Some(300 * M), Missed::Few),
            ("complex schedule", "30 6-16/4 * * 1-5", 0, Some(30 * M), 24 * HOUR + 31 * M, Some(24 * HOUR + 30 * M), Missed::Few),
            ("another complex schedule", "30 10,11,12 * * 1-5", 0, Some(30 * M), 30 * HOUR + 30 * M, None, Missed::Few),
            ("complex schedule with longer diff", "30 6-16/4 * * 1-5", 0, Some(30 * M), 96 * HOUR + 31 * M, Some(96 * HOUR + 30 * M), Missed::Few),
            ("complex schedule with shorter diff", "30 6-16/4 * * 1-5", 0, None, 24 * HOUR + 31 * M, Some(24 * HOUR + 30 * M), Missed::Few),
            ("@every schedule", "@every 1h", -59 * M, Some(M), 7 * 24 * HOUR, Some(6 * 24 * HOUR + 23 * HOUR + M), Missed::Many),
            ("earliest = creation and last schedule", "0 * * * *", 0, Some(0), 30, None, Missed::None),
            ("earliest = last schedule", "*/5 * * * *", 0, Some(30 * M), 31 * M, None, Missed::None),
            ("within starting deadline", "*/5 * * * *", 0, Some(30 * M), 31 * M, None, Missed::None),
        ];
        for (name, schedule, created, last, now, recent, missed) in cases {
            let s = parse(schedule).unwrap();
            let got = most_recent_schedule_time(&s, t_plus(created), last.map(t_plus), Some(10).filter(|_| schedule.starts_with('@')), t_plus(now), false).unwrap();
            assert_eq!((got.most_recent, got.missed), (recent.map(t_plus), missed), "{name}");
        }
    }

    // TestNextScheduleTimeDuration (nextScheduleTimeDuration: the next
    // activation after the most recent one, or after now when runs were
    // missed but none is due, plus 100 ms).
    #[test]
    fn next_schedule_time_duration() {
        let cases: [(&str, &str, Option<i64>, i64, i64); 4] = [
            ("complex schedule skipping weekend", "30 6-16/4 * * 1-5", Some(30 * M), 24 * HOUR + 31 * M, 3 * HOUR + 59 * M),
            ("another complex schedule skipping weekend", "30 10,11,12 * * 1-5", Some(30 * M), 30 * HOUR + 30 * M, 66 * HOUR),
            ("once a week cronjob, missed two runs", "0 12 * * 4", Some(2 * HOUR), 19 * 24 * HOUR + HOUR + 30 * M, 48 * HOUR + 30 * M),
            ("no previous run of a cronjob", "0 12 * * 5", None, 6 * HOUR, 20 * HOUR),
        ];
        for (name, schedule, last, now, want_s) in cases {
            let s = parse(schedule).unwrap();
            assert_eq!(requeue_after_ms(&s, t_plus(0), last.map(t_plus), None, t_plus(now)), Some(want_s * 1000 + NEXT_SCHEDULE_DELTA_MS), "{name}");
        }
    }

    // TestGetJobFromTemplate2's scheduled-timestamp annotation: the
    // scheduled time in the CronJob's zone (Europe/Rome is UTC+2 in May).
    #[test]
    fn scheduled_timestamp_in_zone() {
        assert_eq!(rfc3339_in(t_plus(0), &Zone::load("UTC").unwrap()), "2016-05-19T10:00:00Z");
        assert_eq!(rfc3339_in(t_plus(0), &Zone::load("Europe/Rome").unwrap()), "2016-05-19T12:00:00+02:00");
    }

    // TestNextScheduleTime: schedule "0 * * * ?", T1 = T, T2 = T + 1h.
    #[test]
    fn next_schedule_time_vectors() {
        let s = parse("0 * * * ?").unwrap();
        let due = |created: i64, last: Option<i64>, sds: Option<i64>, now: i64| {
            most_recent_schedule_time(&s, t_plus(created), last.map(t_plus), sds, t_plus(now), true).unwrap().most_recent
        };
        assert_eq!(due(-10 * M, None, None, -7 * M), None);
        assert_eq!(due(-10 * M, None, None, 2), Some(t_plus(0)));
        assert_eq!(due(-10 * M, Some(0), None, 2 * M), None);
        assert_eq!(due(-10 * M, Some(0), None, HOUR + 5 * M), Some(t_plus(HOUR)));
        assert_eq!(due(-2 * HOUR, Some(-HOUR), None, HOUR + 5 * M), Some(t_plus(HOUR)), "only the most recent of two");
        assert!(due(-2 * HOUR, Some(-HOUR), None, HOUR + 10 * 24 * HOUR).is_some());
        assert!(due(-2 * HOUR, Some(-HOUR), Some(7200), HOUR + 10 * 24 * HOUR).is_some());
    }

    // TestControllerV2SyncCronJob requeue delays (next + 100 ms − now).
    #[test]
    fn requeue_delays() {
        let s = parse("0 * * * ?").unwrap();
        let justb4 = t_plus(-M); // 09:59
        let created = t_plus(-59 * M); // 09:01
        assert_eq!(requeue_after_ms(&s, created, None, None, justb4), Some(M * 1000 + 100), "never ran, not time");
        // Just ran at 10:00 (now 10:00): next in 1 h.
        assert_eq!(requeue_after_ms(&s, created, Some(t_plus(0)), None, t_plus(0)), Some(HOUR * 1000 + 100));
        let every = parse("@every 1h").unwrap();
        assert_eq!(requeue_after_ms(&every, t_plus(-M), None, None, t_plus(0)), Some(59 * M * 1000 + 100), "@every 1h, created 09:59, now 10:00");
    }

    #[test]
    fn names_and_formats() {
        // 2016-05-19T10:00:00Z: unix 1463652000 / 60 = 24394200.
        assert_eq!(job_name("mycronjob", t_plus(0)), "mycronjob-24394200");
        assert_eq!(rfc3339_in(t_plus(0), &Zone::utc()), "2016-05-19T10:00:00Z");
        assert_eq!(rfc3339_in(t_plus(0), &Zone::load("America/New_York").unwrap()), "2016-05-19T06:00:00-04:00");
        assert_eq!(rfc3339_in(t_plus(0), &Zone::load("Asia/Kolkata").unwrap()), "2016-05-19T15:30:00+05:30");
        assert_eq!(rfc1123z(t_plus(0)), "Thu, 19 May 2016 10:00:00 +0000");
    }

    // TestByJobStartTime.
    #[test]
    fn history_order() {
        let job = |name: &str, start: Option<i64>| {
            let mut j = Job::default();
            j.metadata.name = name.into();
            j.status.start_time = start.map(t_plus);
            j
        };
        let order = |mut v: Vec<Job>| {
            kubeplay_model::sort::sort_by(&mut v, by_start_time);
            v.into_iter().map(|j| j.metadata.name).collect::<Vec<_>>()
        };
        assert_eq!(order(vec![job("b", None), job("a", None)]), ["a", "b"]);
        assert_eq!(order(vec![job("a", None), job("b", Some(0))]), ["b", "a"]);
        assert_eq!(order(vec![job("a", Some(0)), job("b", None)]), ["a", "b"]);
        assert_eq!(order(vec![job("b", Some(0)), job("a", Some(0))]), ["a", "b"]);
        assert_eq!(order(vec![job("a", Some(60)), job("b", Some(0))]), ["b", "a"]);
    }
}
