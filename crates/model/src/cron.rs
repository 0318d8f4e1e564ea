//! CronJob schedules, as Kubernetes reads them with robfig/cron v3's
//! `ParseStandard`: five fields (minute, hour, day of month, month, day of
//! week) with `*`/`?`, ranges, lists, steps and month/day names, the
//! `@yearly`…`@hourly` and `@every <duration>` descriptors, and an
//! optional `TZ=`/`CRON_TZ=` prefix. Errors carry robfig's exact wording,
//! because the API server shows them to users verbatim (CronJob validation
//! calls [`parse`]).

mod duration;
pub mod zone;

use crate::time::{civil, Time};
use duration::{atoi, parse_duration};
pub use zone::Zone;

/// Why a schedule does not parse; `Display` is robfig's message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CronError {
    #[error("empty spec string")]
    Empty,
    #[error("provided bad location {name}: {reason}")]
    BadLocation { name: String, reason: String },
    #[error("expected exactly 5 fields, found {found}: [{fields}]")]
    FieldCount { found: usize, fields: String },
    #[error("unrecognized descriptor: {0}")]
    UnknownDescriptor(String),
    #[error("failed to parse duration {spec}: {reason}")]
    BadDuration { spec: String, reason: String },
    #[error("too many hyphens: {0}")]
    TooManyHyphens(String),
    #[error("too many slashes: {0}")]
    TooManySlashes(String),
    #[error("failed to parse int from {expr}: {reason}")]
    NotAnInteger { expr: String, reason: String },
    #[error("negative number ({value}) not allowed: {expr}")]
    Negative { value: i64, expr: String },
    #[error("beginning of range ({start}) below minimum ({min}): {expr}")]
    BelowMinimum { start: i64, min: i64, expr: String },
    #[error("end of range ({end}) above maximum ({max}): {expr}")]
    AboveMaximum { end: i64, max: i64, expr: String },
    #[error("beginning of range ({start}) beyond end of range ({end}): {expr}")]
    StartAfterEnd { start: i64, end: i64, expr: String },
    #[error("step of range should be a positive number: {0}")]
    ZeroStep(String),
}

/// Bit 63 marks a field written as `*` or `?` (the day-of-month /
/// day-of-week rule depends on it).
const STAR: u64 = 1 << 63;

struct Bounds {
    min: i64,
    max: i64,
    names: &'static [&'static str],
}

const MINUTES: Bounds = Bounds { min: 0, max: 59, names: &[] };
const HOURS: Bounds = Bounds { min: 0, max: 23, names: &[] };
const DOM: Bounds = Bounds { min: 1, max: 31, names: &[] };
/// Index i is month i+1.
const MONTHS: Bounds = Bounds { min: 1, max: 12, names: &["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] };
const DOW: Bounds = Bounds { min: 0, max: 6, names: &["sun", "mon", "tue", "wed", "thu", "fri", "sat"] };

/// The five fields as bit sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fields {
    pub minute: u64,
    pub hour: u64,
    pub dom: u64,
    pub month: u64,
    pub dow: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Fields(Fields),
    /// `@every`: a fixed interval in whole seconds (at least 1).
    Every(i64),
}

/// A parsed schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub kind: Kind,
    /// From a `TZ=`/`CRON_TZ=` prefix; None reads the schedule in UTC
    /// (kube-controller-manager's local zone in kind).
    pub zone: Option<Zone>,
}

fn bits(start: i64, end: i64, step: i64) -> u64 {
    if step == 1 {
        return (!(u64::MAX << (end + 1))) & (u64::MAX << start);
    }
    let mut b = 0;
    let mut i = start;
    while i <= end {
        b |= 1 << i;
        i += step;
    }
    b
}

fn all(r: &Bounds) -> u64 {
    bits(r.min, r.max, 1) | STAR
}

fn must_parse_int(expr: &str) -> Result<i64, CronError> {
    let n = atoi(expr).map_err(|reason| CronError::NotAnInteger { expr: expr.to_string(), reason })?;
    if n < 0 {
        return Err(CronError::Negative { value: n, expr: expr.to_string() });
    }
    Ok(n)
}

fn int_or_name(expr: &str, r: &Bounds) -> Result<i64, CronError> {
    // Go's strings.ToLower maps rune by rune with Unicode's simple case
    // mapping, where U+0130 (İ) becomes a plain 'i': "FRİ" is Friday.
    let lower: String = expr.chars().map(|c| if c == '\u{130}' { 'i' } else { c.to_lowercase().next().unwrap_or(c) }).collect();
    if let Some(i) = r.names.iter().position(|n| *n == lower) {
        return Ok(i as i64 + if r.min == 1 { 1 } else { 0 });
    }
    must_parse_int(expr)
}

/// `getRange`: `*`, `?`, `N`, `A-B`, each with an optional `/step`.
fn range(expr: &str, r: &Bounds) -> Result<u64, CronError> {
    let range_and_step: Vec<&str> = expr.split('/').collect();
    let low_high: Vec<&str> = range_and_step[0].split('-').collect();
    let single = low_high.len() == 1;
    let (start, mut end, mut extra);
    if low_high[0] == "*" || low_high[0] == "?" {
        start = r.min;
        end = r.max;
        extra = STAR;
    } else {
        start = int_or_name(low_high[0], r)?;
        end = match low_high.len() {
            1 => start,
            2 => int_or_name(low_high[1], r)?,
            _ => return Err(CronError::TooManyHyphens(expr.to_string())),
        };
        extra = 0;
    }
    let step = match range_and_step.len() {
        1 => 1,
        2 => {
            let step = must_parse_int(range_and_step[1])?;
            if single {
                end = r.max;
            }
            if step > 1 {
                extra = 0;
            }
            step
        }
        _ => return Err(CronError::TooManySlashes(expr.to_string())),
    };
    if start < r.min {
        return Err(CronError::BelowMinimum { start, min: r.min, expr: expr.to_string() });
    }
    if end > r.max {
        return Err(CronError::AboveMaximum { end, max: r.max, expr: expr.to_string() });
    }
    if start > end {
        return Err(CronError::StartAfterEnd { start, end, expr: expr.to_string() });
    }
    if step == 0 {
        return Err(CronError::ZeroStep(expr.to_string()));
    }
    Ok(bits(start, end, step) | extra)
}

/// `getField`: comma-separated ranges; empty items are skipped.
fn field(f: &str, r: &Bounds) -> Result<u64, CronError> {
    let mut b = 0;
    for expr in f.split(',').filter(|e| !e.is_empty()) {
        b |= range(expr, r)?;
    }
    Ok(b)
}

fn descriptor(d: &str) -> Result<Kind, CronError> {
    let f = |minute, hour, dom, month, dow| Ok(Kind::Fields(Fields { minute, hour, dom, month, dow }));
    match d {
        "@yearly" | "@annually" => return f(1, 1, 1 << 1, 1 << 1, all(&DOW)),
        "@monthly" => return f(1, 1, 1 << 1, all(&MONTHS), all(&DOW)),
        "@weekly" => return f(1, 1, all(&DOM), all(&MONTHS), 1),
        "@daily" | "@midnight" => return f(1, 1, all(&DOM), all(&MONTHS), all(&DOW)),
        "@hourly" => return f(1, all(&HOURS), all(&DOM), all(&MONTHS), all(&DOW)),
        _ => {}
    }
    if let Some(dur) = d.strip_prefix("@every ") {
        let ns = parse_duration(dur).map_err(|reason| CronError::BadDuration { spec: d.to_string(), reason })?;
        // At least one second, whole seconds only.
        let secs = (ns / 1_000_000_000).max(1);
        return Ok(Kind::Every(secs));
    }
    Err(CronError::UnknownDescriptor(d.to_string()))
}

/// `cron.ParseStandard`.
pub fn parse(spec: &str) -> Result<Schedule, CronError> {
    if spec.is_empty() {
        return Err(CronError::Empty);
    }
    let mut rest = spec;
    let mut zone = None;
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        let eq = spec.find('=').unwrap_or(0);
        // robfig v3.0.1 panics on a prefix without a space; this reads it
        // as a prefix with an empty schedule instead.
        let space = spec.find(' ').unwrap_or(spec.len());
        let name = &spec[eq + 1..space.max(eq + 1)];
        zone = Some(Zone::load(name).map_err(|reason| CronError::BadLocation { name: name.to_string(), reason })?);
        rest = spec[space..].trim();
    }
    if rest.starts_with('@') {
        return Ok(Schedule { kind: descriptor(rest)?, zone });
    }
    let fields: Vec<&str> = rest.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(CronError::FieldCount { found: fields.len(), fields: fields.join(" ") });
    }
    let kind = Kind::Fields(Fields {
        minute: field(fields[0], &MINUTES)?,
        hour: field(fields[1], &HOURS)?,
        dom: field(fields[2], &DOM)?,
        month: field(fields[3], &MONTHS)?,
        dow: field(fields[4], &DOW)?,
    });
    Ok(Schedule { kind, zone })
}

/// Local calendar fields of an instant.
struct Local {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    minute: i64,
    second: i64,
    weekday: i64,
}

fn local(z: &Zone, t: i64) -> Local {
    let l = t + z.offset(t);
    let (year, month, day, hour, minute, second) = civil(l);
    Local { year, month, day, hour, minute, second, weekday: zone::weekday(l.div_euclid(86400)) }
}

impl Fields {
    /// `dayMatches`: if either day field is a star, both must match;
    /// otherwise either may.
    fn day_matches(&self, l: &Local) -> bool {
        let dom = self.dom & (1 << l.day) != 0;
        let dow = self.dow & (1 << l.weekday) != 0;
        if self.dom & STAR != 0 || self.dow & STAR != 0 {
            dom && dow
        } else {
            dom || dow
        }
    }

    /// `SpecSchedule.Next` in whole seconds; None when nothing fires
    /// within five years.
    fn next(&self, z: &Zone, after_secs: i64) -> Option<i64> {
        let mut t = after_secs + 1;
        let mut added = false;
        let year_limit = local(z, t).year + 5;
        'wrap: loop {
            let mut l = local(z, t);
            if l.year > year_limit {
                return None;
            }
            while self.month & (1 << l.month) == 0 {
                if !added {
                    added = true;
                    t = z.date(l.year, l.month, 1, 0, 0, 0);
                    l = local(z, t);
                }
                t = z.date(l.year, l.month + 1, l.day, l.hour, l.minute, l.second);
                l = local(z, t);
                if l.month == 1 {
                    continue 'wrap;
                }
            }
            while !self.day_matches(&l) {
                if !added {
                    added = true;
                    t = z.date(l.year, l.month, l.day, 0, 0, 0);
                    l = local(z, t);
                }
                t = z.date(l.year, l.month, l.day + 1, l.hour, l.minute, l.second);
                l = local(z, t);
                // Midnight may have moved by a DST change.
                if l.hour != 0 {
                    t += if l.hour > 12 { (24 - l.hour) * 3600 } else { -l.hour * 3600 };
                    l = local(z, t);
                }
                if l.day == 1 {
                    continue 'wrap;
                }
            }
            while self.hour & (1 << l.hour) == 0 {
                if !added {
                    added = true;
                    t = z.date(l.year, l.month, l.day, l.hour, 0, 0);
                }
                t += 3600;
                l = local(z, t);
                if l.hour == 0 {
                    continue 'wrap;
                }
            }
            while self.minute & (1 << l.minute) == 0 {
                if !added {
                    added = true;
                    t -= t.rem_euclid(60);
                }
                t += 60;
                l = local(z, t);
                if l.minute == 0 {
                    continue 'wrap;
                }
            }
            while l.second != 0 {
                added = true;
                t += 1;
                l = local(z, t);
                if l.second == 0 {
                    continue 'wrap;
                }
            }
            return Some(t);
        }
    }
}

impl Schedule {
    /// The first activation strictly after `after` (whole seconds), or
    /// None if the schedule never fires (robfig's zero time).
    pub fn next(&self, after: Time) -> Option<Time> {
        let secs = after.millis().div_euclid(1000);
        match &self.kind {
            Kind::Every(d) => Some(Time::from_millis((secs + d) * 1000)),
            Kind::Fields(f) => {
                let utc = Zone::utc();
                let z = self.zone.as_ref().unwrap_or(&utc);
                f.next(z, secs).map(|s| Time::from_millis(s * 1000))
            }
        }
    }

    /// The same schedule read in another zone (`TZ=<timeZone> <schedule>`).
    pub fn in_zone(mut self, zone: Zone) -> Schedule {
        self.zone = Some(zone);
        self
    }
}

#[cfg(test)]
mod tests;
