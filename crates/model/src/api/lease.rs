//! `coordination.k8s.io/v1` Lease: a named lock with a holder and a
//! renew time. Kubelets heartbeat through one per node, the scheduler and
//! the controller manager elect their leader with one each, and every API
//! server publishes its identity in one. Those system Leases are not
//! stored (see the engine's `leases` module); what users create is.
//!
//! Its times are `metav1.MicroTime`s: RFC 3339 with exactly six
//! fractional digits, written and (strictly) read that way.

use crate::meta::ObjectMeta;
use crate::time::Time;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_with::skip_serializing_none;
use std::fmt;

/// `v1.Lease`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Lease {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: LeaseSpec,
}

/// `v1.LeaseSpec`, in Go's field order.
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaseSpec {
    pub holder_identity: Option<String>,
    pub lease_duration_seconds: Option<i32>,
    pub acquire_time: Option<MicroTime>,
    pub renew_time: Option<MicroTime>,
    pub lease_transitions: Option<i32>,
    /// Kept only while the CoordinatedLeaderElection gate is on, which a
    /// v1.32 cluster's is not: the registry drops both on every write.
    pub strategy: Option<String>,
    pub preferred_holder: Option<String>,
}

/// `metav1.MicroTime`: microseconds since the epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MicroTime(pub i64);

/// Go's layout for a MicroTime, named in its parse errors.
const LAYOUT: &str = "2006-01-02T15:04:05.000000Z07:00";

impl MicroTime {
    pub fn from_time(t: Time) -> MicroTime {
        MicroTime(t.millis().saturating_mul(1000))
    }

    /// The millisecond it falls in (the simulated clock's grain).
    pub fn to_time(self) -> Time {
        Time::from_millis(self.0.div_euclid(1000))
    }

    /// `2025-01-01T00:00:10.000000Z`.
    pub fn rfc3339_micro(self) -> String {
        let secs = self.0.div_euclid(1_000_000);
        let micros = self.0.rem_euclid(1_000_000);
        let whole = Time::from_millis(secs.saturating_mul(1000)).rfc3339();
        // `…SSZ` → `…SS.uuuuuuZ`.
        format!("{}.{micros:06}Z", &whole[..whole.len() - 1])
    }

    /// Parses as Go's `time.Parse(RFC3339Micro, s)`: the six fractional
    /// digits are required, the zone is `Z` or `±hh:mm`.
    pub fn parse(s: &str) -> Result<MicroTime, String> {
        let bad = |what: &str, elem: &str| Err(format!("parsing time {} as {}: cannot parse {} as {}", crate::goquote::quote(s), crate::goquote::quote(LAYOUT), crate::goquote::quote(what), crate::goquote::quote(elem)));
        let (Some(whole), Some(frac)) = (s.get(..19), s.get(19..)) else { return bad(s, "2006") };
        let Some(digits) = frac.strip_prefix('.') else { return bad(frac, ".000000") };
        if digits.len() < 6 || !digits.as_bytes()[..6].iter().all(u8::is_ascii_digit) {
            return bad(frac, ".000000");
        }
        let zone = &digits[6..];
        // The whole seconds and the zone through the second-precision parser.
        let Some(t) = Time::parse_rfc3339(&format!("{whole}{zone}")) else { return bad(zone, "Z07:00") };
        let micros: i64 = digits[..6].parse().unwrap_or(0);
        Ok(MicroTime(t.millis().saturating_mul(1000).saturating_add(micros)))
    }
}

impl fmt::Display for MicroTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rfc3339_micro())
    }
}

impl Serialize for MicroTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.rfc3339_micro())
    }
}

/// Leniently: any RFC 3339 time is read, since the codec reports the
/// strict layout's error as the API server's (a BadRequest for the
/// object, not a manifest error); what is no time at all is refused here.
impl<'de> Deserialize<'de> for MicroTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        MicroTime::parse(&s).or_else(|e| Time::parse_rfc3339(&s).map(MicroTime::from_time).ok_or(e)).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::EPOCH;

    #[test]
    fn micro_times_print_six_digits_and_parse_strictly() {
        let t = MicroTime::from_time(EPOCH.plus_millis(10_250));
        assert_eq!(t.rfc3339_micro(), "2025-01-01T00:00:10.250000Z");
        assert_eq!(MicroTime::parse("2025-01-01T00:00:10.250000Z"), Ok(t));
        assert_eq!(MicroTime::parse("2025-01-01T02:00:10.000001+02:00"), Ok(MicroTime(MicroTime::from_time(EPOCH.plus_secs(10)).0 + 1)));
        assert_eq!(MicroTime(MicroTime::from_time(EPOCH).0 + 123_456).rfc3339_micro(), "2025-01-01T00:00:00.123456Z");
        assert_eq!(MicroTime(MicroTime::from_time(EPOCH).0 + 123_456).to_time(), EPOCH.plus_millis(123));
        assert_eq!(
            MicroTime::parse("2025-01-01T00:00:10Z"),
            Err(r#"parsing time "2025-01-01T00:00:10Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000""#.to_string())
        );
        assert!(MicroTime::parse("2025-01-01T00:00:10.25Z").is_err());
        assert!(MicroTime::parse("yesterday").is_err());
        assert!(MicroTime::parse("2025-01-01T00:00:10.000000").is_err());
    }
}
