//! Time stamps on the simulated clock.
//!
//! Kubernetes writes times as RFC 3339 strings with second precision
//! (`metav1.Time`); the engine counts milliseconds. `Time` is milliseconds
//! since the Unix epoch and prints the way the API server does.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::num::NonZeroI64;

/// Milliseconds since 1970-01-01T00:00:00Z on the simulated clock.
///
/// Held with its sign bit flipped in a `NonZeroI64`, so that an
/// `Option<Time>` is one word rather than two: objects carry many optional
/// times (a pod's five conditions four each, its containers' states, every
/// Event two), and at 150,000 pods the second words were tens of MB. The
/// one value this cannot hold, `i64::MIN` ms (some 292 million years before
/// the epoch), reads as the millisecond after it. Compares, orders, hashes
/// and debug-prints as the milliseconds themselves.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Time(NonZeroI64);

/// Where every fresh simulated cluster's clock starts: 2025-01-01T00:00:00Z.
pub const EPOCH: Time = Time::from_millis(1_735_689_600_000);

impl Time {
    pub const fn from_millis(ms: i64) -> Self {
        match NonZeroI64::new(ms ^ i64::MIN) {
            Some(bits) => Time(bits),
            None => Time::from_millis(i64::MIN + 1),
        }
    }
    pub const fn millis(self) -> i64 {
        self.0.get() ^ i64::MIN
    }
    pub fn plus_millis(self, ms: i64) -> Self {
        Time::from_millis(self.millis().saturating_add(ms))
    }
    pub fn plus_secs(self, s: i64) -> Self {
        self.plus_millis(s.saturating_mul(1000))
    }
    /// RFC 3339 with whole seconds, as `metav1.Time` serialises.
    pub fn rfc3339(self) -> String {
        self.stamp(false)
    }
    /// RFC 3339 with microseconds, as `metav1.MicroTime` serialises.
    pub fn rfc3339_micro(self) -> String {
        self.stamp(true)
    }
    /// `YYYY-MM-DDTHH:MM:SS` then `.uuuuuu` (when `micro`) and `Z`.
    fn stamp(self, micro: bool) -> String {
        let mut out = String::new();
        let _ = self.write_stamp(&mut out, micro);
        out
    }
    /// [`Time::rfc3339`] written into `out`, with no text allocated: the
    /// trace hash stamps every step.
    pub fn write_rfc3339(self, out: &mut impl fmt::Write) -> fmt::Result {
        self.write_stamp(out, false)
    }
    fn write_stamp(self, out: &mut impl fmt::Write, micro: bool) -> fmt::Result {
        let secs = self.millis().div_euclid(1000);
        let micros = self.millis().rem_euclid(1000) * 1000;
        let (y, mo, d, h, mi, s) = civil(secs);
        if !(0..=9999).contains(&y) {
            write!(out, "{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}")?;
            if micro {
                write!(out, ".{micros:06}")?;
            }
            return out.write_char('Z');
        }
        // Digits written by hand: every status write stamps a few of these,
        // and the formatting machinery cost twenty times as much.
        let mut buf = *b"YYYY-MM-DDTHH:MM:SS.uuuuuuZ";
        let two = |buf: &mut [u8], at: usize, n: i64| {
            buf[at] = b'0' + (n / 10) as u8;
            buf[at + 1] = b'0' + (n % 10) as u8;
        };
        for (at, n) in [(0, y / 100), (2, y % 100), (5, mo), (8, d), (11, h), (14, mi), (17, s), (20, micros / 10_000), (22, micros / 100 % 100), (24, micros % 100)] {
            two(&mut buf, at, n);
        }
        let len = if micro { 27 } else { 20 };
        buf[len - 1] = b'Z';
        out.write_str(std::str::from_utf8(&buf[..len]).unwrap_or_default())
    }
    /// Parses `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`.
    pub fn parse_rfc3339(s: &str) -> Option<Time> {
        let b = s.as_bytes();
        if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !(b[10] == b'T' || b[10] == b't' || b[10] == b' ') || b[13] != b':' || b[16] != b':' {
            return None;
        }
        let num = |r: std::ops::Range<usize>| -> Option<i64> {
            let t = s.get(r)?;
            if !t.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            t.parse().ok()
        };
        let (y, mo, d, h, mi, sec) = (num(0..4)?, num(5..7)?, num(8..10)?, num(11..13)?, num(14..16)?, num(17..19)?);
        if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || sec > 60 {
            return None;
        }
        let mut i = 19;
        let mut millis = 0i64;
        if b.get(i) == Some(&b'.') {
            i += 1;
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                return None;
            }
            let frac = &s[start..i.min(start + 3)];
            millis = frac.parse::<i64>().ok()? * 10i64.pow(3 - frac.len() as u32);
        }
        let offset = match b.get(i)? {
            b'Z' | b'z' if i + 1 == b.len() => 0,
            c @ (b'+' | b'-') if i + 6 == b.len() && b[i + 3] == b':' => {
                let oh = num(i + 1..i + 3)?;
                let om = num(i + 4..i + 6)?;
                let o = (oh * 60 + om) * 60;
                if *c == b'+' { o } else { -o }
            }
            _ => return None,
        };
        let days = days_from_civil(y, mo, d);
        Some(Time::from_millis(((days * 86400 + h * 3600 + mi * 60 + sec) - offset) * 1000 + millis))
    }
}

impl Default for Time {
    fn default() -> Time {
        Time::from_millis(0)
    }
}

impl Ord for Time {
    fn cmp(&self, other: &Time) -> Ordering {
        self.millis().cmp(&other.millis())
    }
}

impl PartialOrd for Time {
    fn partial_cmp(&self, other: &Time) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Hash for Time {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.millis().hash(h)
    }
}

impl fmt::Debug for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Time").field(&self.millis()).finish()
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rfc3339())
    }
}

impl Serialize for Time {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.rfc3339())
    }
}

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Time::parse_rfc3339(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("parsing time {s:?} as \"2006-01-02T15:04:05Z07:00\": cannot parse"))
        })
    }
}

/// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// (year, month, day, hour, minute, second) for seconds since the epoch.
pub fn civil(secs: i64) -> (i64, i64, i64, i64, i64, i64) {
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d, rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_prints_as_new_year_2025() {
        assert_eq!(EPOCH.rfc3339(), "2025-01-01T00:00:00Z");
        // The hand-written digits agree with the formatted form, leap days and all.
        for secs in (-2_000_000_000i64..9_000_000_000).step_by(86_399_937) {
            let (y, mo, d, h, mi, s) = civil(secs);
            assert_eq!(Time::from_millis(secs * 1000).rfc3339(), format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z"));
        }
        // And with microseconds, at every millisecond of the second and
        // outside the four-digit years.
        for ms in (-2_000_000_000_000i64..9_000_000_000_000).step_by(86_399_937_001).chain([-1, 0, 7, 999, 1_001, i64::MAX, i64::MIN + 1]) {
            let (secs, micros) = (ms.div_euclid(1000), ms.rem_euclid(1000) * 1000);
            let (y, mo, d, h, mi, s) = civil(secs);
            assert_eq!(Time::from_millis(ms).rfc3339_micro(), format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{micros:06}Z"), "{ms}");
        }
    }

    #[test]
    fn round_trips_and_offsets() {
        for s in ["1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2025-06-30T12:34:56Z", "1969-12-31T23:59:59Z"] {
            assert_eq!(Time::parse_rfc3339(s).unwrap().rfc3339(), s);
        }
        assert_eq!(Time::parse_rfc3339("2025-01-01T02:00:00+02:00"), Some(EPOCH));
        assert_eq!(Time::parse_rfc3339("2025-01-01T00:00:00.250Z"), Some(EPOCH.plus_millis(250)));
        assert_eq!(EPOCH.plus_millis(1500).rfc3339_micro(), "2025-01-01T00:00:01.500000Z");
    }

    #[test]
    fn an_optional_time_is_one_word_and_behaves_as_its_milliseconds() {
        assert_eq!(std::mem::size_of::<Option<Time>>(), 8);
        let ms = [i64::MIN + 1, -86_400_000, -1, 0, 1, 1_735_689_600_000, i64::MAX];
        for a in ms {
            assert_eq!(Time::from_millis(a).millis(), a);
            assert_eq!(format!("{:?}", Time::from_millis(a)), format!("Time({a})"));
            let hash = |h: &dyn Fn(&mut std::collections::hash_map::DefaultHasher)| {
                let mut s = std::collections::hash_map::DefaultHasher::new();
                h(&mut s);
                s.finish()
            };
            assert_eq!(hash(&|s| Time::from_millis(a).hash(s)), hash(&|s| a.hash(s)), "hashes as i64 {a}");
            for b in ms {
                assert_eq!(Time::from_millis(a).cmp(&Time::from_millis(b)), a.cmp(&b), "{a} vs {b}");
            }
        }
        assert_eq!(Time::default().millis(), 0);
        assert_eq!(Time::from_millis(i64::MIN).millis(), i64::MIN + 1);
        assert_eq!(Time::from_millis(-5).plus_millis(i64::MIN).millis(), i64::MIN + 1);
        assert_eq!(Time::from_millis(5).plus_millis(i64::MAX).millis(), i64::MAX);
    }

    #[test]
    fn rejects_garbage() {
        for s in ["", "2025-01-01", "2025-13-01T00:00:00Z", "2025-01-01T00:00:00", "2025-01-01T00:00:00Zjunk", "2025-01-01T00:00:00.Z"] {
            assert_eq!(Time::parse_rfc3339(s), None, "{s}");
        }
    }
}
