//! Go's `time.Duration` rendering, because kubelet event messages print
//! durations with `%v` ("1.234s", "535ms", "5m0s") and users compare them
//! with what a real cluster shows.

/// Formats a millisecond duration exactly as Go's `Duration.String()`
/// formats a duration truncated to milliseconds.
pub fn go_duration(ms: i64) -> String {
    if ms == 0 {
        return "0s".into();
    }
    let neg = ms < 0;
    let ms = ms.unsigned_abs();
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if ms < 1000 {
        out.push_str(&format!("{ms}ms"));
        return out;
    }
    let (h, rest) = (ms / 3_600_000, ms % 3_600_000);
    let (m, rest) = (rest / 60_000, rest % 60_000);
    let (s, frac) = (rest / 1000, rest % 1000);
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if h > 0 || m > 0 {
        out.push_str(&format!("{m}m"));
    }
    out.push_str(&s.to_string());
    if frac > 0 {
        let digits = format!("{frac:03}");
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
    out.push('s');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected strings are what Go's time.Duration.String prints.
    #[test]
    fn matches_go_duration_string() {
        for (ms, want) in [
            (0, "0s"),
            (1, "1ms"),
            (535, "535ms"),
            (1000, "1s"),
            (1234, "1.234s"),
            (1500, "1.5s"),
            (10_000, "10s"),
            (15_981, "15.981s"),
            (60_000, "1m0s"),
            (80_000, "1m20s"),
            (160_000, "2m40s"),
            (300_000, "5m0s"),
            (61_500, "1m1.5s"),
            (3_600_000, "1h0m0s"),
            (3_723_004, "1h2m3.004s"),
            (-1500, "-1.5s"),
        ] {
            assert_eq!(go_duration(ms), want, "{ms} ms");
        }
    }
}
