//! Time zones for CronJob schedules (`spec.timeZone`, `TZ=` prefixes),
//! without a tz database: a built-in table of common IANA zones with
//! their standard offset and today's daylight-saving rule (US since
//! 2007, EU since 1996, southern Australia, New Zealand). Historical rule
//! changes are not modelled. Local time is converted the way Go's
//! `time.Date` does, so skipped and repeated wall-clock times behave as in
//! robfig/cron.

use crate::time::{civil, days_from_civil};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    None,
    /// Second Sunday of March 02:00 local → first Sunday of November 02:00 local.
    Us,
    /// Last Sunday of March 01:00 UTC → last Sunday of October 01:00 UTC.
    Eu,
    /// First Sunday of October 02:00 → first Sunday of April 03:00 (daylight) local.
    AuSouth,
    /// Last Sunday of September 02:00 → first Sunday of April 03:00 (daylight) local.
    Nz,
}

/// A time zone: a standard offset (seconds east of UTC) and a DST rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    pub name: String,
    std: i64,
    rule: Rule,
}

const H: i64 = 3600;

/// (name, standard offset in minutes, rule).
const ZONES: &[(&str, i64, Rule)] = &[
    ("UTC", 0, Rule::None),
    ("Etc/UTC", 0, Rule::None),
    ("GMT", 0, Rule::None),
    ("Etc/GMT", 0, Rule::None),
    ("Etc/Universal", 0, Rule::None),
    ("Universal", 0, Rule::None),
    ("Zulu", 0, Rule::None),
    ("America/New_York", -300, Rule::Us),
    ("America/Detroit", -300, Rule::Us),
    ("America/Toronto", -300, Rule::Us),
    ("US/Eastern", -300, Rule::Us),
    ("America/Chicago", -360, Rule::Us),
    ("America/Winnipeg", -360, Rule::Us),
    ("US/Central", -360, Rule::Us),
    ("America/Denver", -420, Rule::Us),
    ("America/Edmonton", -420, Rule::Us),
    ("US/Mountain", -420, Rule::Us),
    ("America/Los_Angeles", -480, Rule::Us),
    ("America/Vancouver", -480, Rule::Us),
    ("America/Tijuana", -480, Rule::Us),
    ("US/Pacific", -480, Rule::Us),
    ("America/Anchorage", -540, Rule::Us),
    ("America/Halifax", -240, Rule::Us),
    ("America/Phoenix", -420, Rule::None),
    ("Pacific/Honolulu", -600, Rule::None),
    ("America/Mexico_City", -360, Rule::None),
    ("America/Bogota", -300, Rule::None),
    ("America/Lima", -300, Rule::None),
    ("America/Sao_Paulo", -180, Rule::None),
    ("America/Argentina/Buenos_Aires", -180, Rule::None),
    ("Europe/London", 0, Rule::Eu),
    ("Europe/Dublin", 0, Rule::Eu),
    ("Europe/Lisbon", 0, Rule::Eu),
    ("Europe/Paris", 60, Rule::Eu),
    ("Europe/Berlin", 60, Rule::Eu),
    ("Europe/Madrid", 60, Rule::Eu),
    ("Europe/Rome", 60, Rule::Eu),
    ("Europe/Amsterdam", 60, Rule::Eu),
    ("Europe/Brussels", 60, Rule::Eu),
    ("Europe/Vienna", 60, Rule::Eu),
    ("Europe/Zurich", 60, Rule::Eu),
    ("Europe/Stockholm", 60, Rule::Eu),
    ("Europe/Oslo", 60, Rule::Eu),
    ("Europe/Copenhagen", 60, Rule::Eu),
    ("Europe/Warsaw", 60, Rule::Eu),
    ("Europe/Prague", 60, Rule::Eu),
    ("Europe/Budapest", 60, Rule::Eu),
    ("Europe/Belgrade", 60, Rule::Eu),
    ("Europe/Athens", 120, Rule::Eu),
    ("Europe/Helsinki", 120, Rule::Eu),
    ("Europe/Kiev", 120, Rule::Eu),
    ("Europe/Kyiv", 120, Rule::Eu),
    ("Europe/Bucharest", 120, Rule::Eu),
    ("Europe/Sofia", 120, Rule::Eu),
    ("Europe/Riga", 120, Rule::Eu),
    ("Europe/Tallinn", 120, Rule::Eu),
    ("Europe/Vilnius", 120, Rule::Eu),
    ("Europe/Istanbul", 180, Rule::None),
    ("Europe/Moscow", 180, Rule::None),
    ("Africa/Lagos", 60, Rule::None),
    ("Africa/Johannesburg", 120, Rule::None),
    ("Africa/Nairobi", 180, Rule::None),
    ("Asia/Dubai", 240, Rule::None),
    ("Asia/Karachi", 300, Rule::None),
    ("Asia/Kolkata", 330, Rule::None),
    ("Asia/Calcutta", 330, Rule::None),
    ("Asia/Kathmandu", 345, Rule::None),
    ("Asia/Dhaka", 360, Rule::None),
    ("Asia/Bangkok", 420, Rule::None),
    ("Asia/Jakarta", 420, Rule::None),
    ("Asia/Ho_Chi_Minh", 420, Rule::None),
    ("Asia/Shanghai", 480, Rule::None),
    ("Asia/Hong_Kong", 480, Rule::None),
    ("Asia/Singapore", 480, Rule::None),
    ("Asia/Taipei", 480, Rule::None),
    ("Asia/Manila", 480, Rule::None),
    ("Australia/Perth", 480, Rule::None),
    ("Asia/Tokyo", 540, Rule::None),
    ("Asia/Seoul", 540, Rule::None),
    ("Australia/Adelaide", 570, Rule::AuSouth),
    ("Australia/Brisbane", 600, Rule::None),
    ("Australia/Sydney", 600, Rule::AuSouth),
    ("Australia/Melbourne", 600, Rule::AuSouth),
    ("Australia/Canberra", 600, Rule::AuSouth),
    ("Australia/Hobart", 600, Rule::AuSouth),
    ("Pacific/Auckland", 720, Rule::Nz),
];

impl Zone {
    pub fn utc() -> Zone {
        Zone { name: "UTC".into(), std: 0, rule: Rule::None }
    }

    /// Looks a zone up as Go's `time.LoadLocation`: "" and "UTC" are UTC;
    /// "Local" is kube-controller-manager's zone, UTC in kind's images;
    /// `Etc/GMT±N` has the POSIX sign (GMT+5 is five hours behind).
    pub fn load(name: &str) -> Result<Zone, String> {
        if name.is_empty() || name == "UTC" || name == "Local" {
            return Ok(Zone { name: if name == "Local" { "Local".into() } else { "UTC".into() }, std: 0, rule: Rule::None });
        }
        // Go refuses these before looking in the tz database.
        if name.contains("..") || name.starts_with('/') || name.starts_with('\\') {
            return Err("time: invalid location name".into());
        }
        if let Some(rest) = name.strip_prefix("Etc/GMT") {
            if let Some(n) = parse_gmt_offset(rest) {
                return Ok(Zone { name: name.into(), std: -n * H, rule: Rule::None });
            }
        }
        ZONES
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(n, m, r)| Zone { name: n.to_string(), std: m * 60, rule: *r })
            .ok_or_else(|| format!("unknown time zone {name}"))
    }

    /// The offset in force at a UTC instant, and the instants that period
    /// starts and ends (as Go's `Location.lookup`).
    pub fn lookup(&self, utc: i64) -> (i64, i64, i64) {
        if self.rule == Rule::None {
            return (self.std, i64::MIN, i64::MAX);
        }
        let (year, ..) = civil(utc + self.std);
        let mut transitions: Vec<(i64, i64)> = Vec::new();
        for y in year - 1..=year + 1 {
            let (on, off) = self.dst_period(y);
            transitions.push((on, self.std + H));
            transitions.push((off, self.std));
        }
        crate::sort::sort(&mut transitions);
        let idx = transitions.iter().rposition(|(t, _)| *t <= utc);
        match idx {
            Some(i) => {
                let end = transitions.get(i + 1).map(|(t, _)| *t).unwrap_or(i64::MAX);
                (transitions[i].1, transitions[i].0, end)
            }
            None => (transitions.last().map(|(_, o)| *o).unwrap_or(self.std), i64::MIN, transitions[0].0),
        }
    }

    /// UTC instants at which daylight time starts and ends in year `y`.
    fn dst_period(&self, y: i64) -> (i64, i64) {
        let day = |m: i64, d: i64| days_from_civil(y, m, d) * 86400;
        let std = self.std;
        match self.rule {
            Rule::Us => (day(3, nth_sunday(y, 3, 2)) + 2 * H - std, day(11, nth_sunday(y, 11, 1)) + 2 * H - (std + H)),
            Rule::Eu => (day(3, last_sunday(y, 3)) + H, day(10, last_sunday(y, 10)) + H),
            Rule::AuSouth => (day(10, nth_sunday(y, 10, 1)) + 2 * H - std, day(4, nth_sunday(y, 4, 1)) + 3 * H - (std + H)),
            Rule::Nz => (day(9, last_sunday(y, 9)) + 2 * H - std, day(4, nth_sunday(y, 4, 1)) + 3 * H - (std + H)),
            Rule::None => (i64::MAX, i64::MAX),
        }
    }

    /// The offset east of UTC at an instant.
    pub fn offset(&self, utc: i64) -> i64 {
        self.lookup(utc).0
    }

    /// Seconds since the epoch for a wall-clock time in this zone, as Go's
    /// `time.Date`: fields may overflow (month 13, day 32), and a time in a
    /// gap or fold resolves like Go does.
    pub fn date(&self, y: i64, mo: i64, d: i64, h: i64, mi: i64, s: i64) -> i64 {
        let (y, mo) = (y + (mo - 1).div_euclid(12), (mo - 1).rem_euclid(12) + 1);
        let local = days_from_civil(y, mo, 1) * 86400 + (d - 1) * 86400 + h * H + mi * 60 + s;
        let (off, start, end) = self.lookup(local);
        if off == 0 {
            return local;
        }
        let guess = local - off;
        let off = if guess < start || guess >= end { self.lookup(guess).0 } else { off };
        local - off
    }
}

fn parse_gmt_offset(rest: &str) -> Option<i64> {
    if rest.is_empty() || rest == "0" || rest == "+0" || rest == "-0" {
        return Some(0);
    }
    let (sign, digits) = match rest.as_bytes().first()? {
        b'+' => (1, &rest[1..]),
        b'-' => (-1, &rest[1..]),
        _ => return None,
    };
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let n: i64 = digits.parse().ok()?;
    let ok = if sign > 0 { n <= 12 } else { n <= 14 };
    ok.then_some(sign * n)
}

/// 0 = Sunday.
pub fn weekday(days_since_epoch: i64) -> i64 {
    (days_since_epoch + 4).rem_euclid(7)
}

fn nth_sunday(y: i64, m: i64, n: i64) -> i64 {
    let first = weekday(days_from_civil(y, m, 1));
    1 + (7 - first) % 7 + (n - 1) * 7
}

fn last_sunday(y: i64, m: i64) -> i64 {
    let next_month = if m == 12 { days_from_civil(y + 1, 1, 1) } else { days_from_civil(y, m + 1, 1) };
    let last = next_month - 1;
    let (_, _, d, ..) = civil(last * 86400);
    d - weekday(last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Time;

    fn utc(s: &str) -> i64 {
        Time::parse_rfc3339(s).unwrap().millis() / 1000
    }

    #[test]
    fn transition_days() {
        assert_eq!(nth_sunday(2012, 3, 2), 11);
        assert_eq!(nth_sunday(2012, 11, 1), 4);
        assert_eq!(nth_sunday(2024, 3, 2), 10);
        assert_eq!(last_sunday(2024, 3), 31);
        assert_eq!(last_sunday(2024, 10), 27);
    }

    #[test]
    fn new_york_offsets_around_dst() {
        let ny = Zone::load("America/New_York").unwrap();
        assert_eq!(ny.offset(utc("2012-03-11T06:59:59Z")), -5 * H);
        assert_eq!(ny.offset(utc("2012-03-11T07:00:00Z")), -4 * H);
        assert_eq!(ny.offset(utc("2012-11-04T05:59:59Z")), -4 * H);
        assert_eq!(ny.offset(utc("2012-11-04T06:00:00Z")), -5 * H);
        // 02:30 on the spring-forward day does not exist: Go's Date reads it
        // with the daylight offset, which lands at 01:30 EST.
        assert_eq!(ny.date(2012, 3, 11, 2, 30, 0), utc("2012-03-11T06:30:00Z"));
        // 01:30 on the fall-back day happens twice: Go's Date picks the first (EDT).
        assert_eq!(ny.date(2012, 11, 4, 1, 30, 0), utc("2012-11-04T05:30:00Z"));
    }

    #[test]
    fn fixed_and_posix_zones() {
        assert_eq!(Zone::load("Asia/Kolkata").unwrap().offset(0), 5 * H + 1800);
        assert_eq!(Zone::load("Etc/GMT+5").unwrap().offset(0), -5 * H);
        assert_eq!(Zone::load("Etc/GMT-14").unwrap().offset(0), 14 * H);
        assert_eq!(Zone::load("Bad/Zone"), Err("unknown time zone Bad/Zone".into()));
        assert_eq!(Zone::load("Etc/GMT+13"), Err("unknown time zone Etc/GMT+13".into()));
        assert_eq!(Zone::load("").unwrap().offset(0), 0);
    }

    #[test]
    fn london_and_sydney() {
        let lon = Zone::load("Europe/London").unwrap();
        assert_eq!(lon.offset(utc("2024-03-31T00:59:59Z")), 0);
        assert_eq!(lon.offset(utc("2024-03-31T01:00:00Z")), H);
        assert_eq!(lon.offset(utc("2024-10-27T01:00:00Z")), 0);
        let syd = Zone::load("Australia/Sydney").unwrap();
        assert_eq!(syd.offset(utc("2024-01-15T00:00:00Z")), 11 * H);
        assert_eq!(syd.offset(utc("2024-07-15T00:00:00Z")), 10 * H);
    }
}
