//! kubectl's AGE formatting (`duration.HumanDuration` and
//! `ShortHumanDuration`), measured on the simulated clock.

use kubeplay_model::Time;

/// `HumanDuration`: `5s`, `2m3s`, `10m`, `3h4m`, `2d3h`, `8d`, `2y1d`.
pub fn human(ms: i64) -> String {
    // Go truncates toward zero, so -1999ms still counts as -1s ("0s").
    let seconds = ms / 1000;
    if seconds < -1 {
        return "<invalid>".into();
    } else if seconds < 0 {
        return "0s".into();
    } else if seconds < 60 * 2 {
        return format!("{seconds}s");
    }
    let minutes = ms / 60_000;
    if minutes < 10 {
        let s = seconds % 60;
        return if s == 0 { format!("{minutes}m") } else { format!("{minutes}m{s}s") };
    } else if minutes < 60 * 3 {
        return format!("{minutes}m");
    }
    let hours = ms / 3_600_000;
    if hours < 8 {
        let m = minutes % 60;
        if m == 0 {
            format!("{hours}h")
        } else {
            format!("{hours}h{m}m")
        }
    } else if hours < 48 {
        format!("{hours}h")
    } else if hours < 24 * 8 {
        let h = hours % 24;
        if h == 0 {
            format!("{}d", hours / 24)
        } else {
            format!("{}d{h}h", hours / 24)
        }
    } else if hours < 24 * 365 * 2 {
        format!("{}d", hours / 24)
    } else if hours < 24 * 365 * 8 {
        let dy = (hours / 24) % 365;
        if dy == 0 {
            format!("{}y", hours / 24 / 365)
        } else {
            format!("{}y{dy}d", hours / 24 / 365)
        }
    } else {
        format!("{}y", hours / 24 / 365)
    }
}

/// `ShortHumanDuration`: one unit only (`59s`, `1m`, `59m`, `1d`, `1y`).
pub fn short(ms: i64) -> String {
    let seconds = ms / 1000;
    if seconds < -1 {
        "<invalid>".into()
    } else if seconds < 0 {
        "0s".into()
    } else if seconds < 60 {
        format!("{seconds}s")
    } else if ms / 60_000 < 60 {
        format!("{}m", ms / 60_000)
    } else if ms / 3_600_000 < 24 {
        format!("{}h", ms / 3_600_000)
    } else if ms / 3_600_000 < 24 * 365 {
        format!("{}d", ms / 3_600_000 / 24)
    } else {
        format!("{}y", ms / 3_600_000 / 24 / 365)
    }
}

/// `translateTimestampSince`: the age of a timestamp, `<unknown>` when unset.
pub fn since(now: Time, t: Option<Time>) -> String {
    match t {
        Some(t) => human(now.millis() - t.millis()),
        None => "<unknown>".into(),
    }
}

/// Go's `time.RFC1123Z` layout (`Mon, 02 Jan 2006 15:04:05 -0700`) in UTC,
/// as `describe` prints times; an unset time prints Go's zero time.
pub fn rfc1123z(t: Option<Time>) -> String {
    let Some(t) = t else { return "Mon, 01 Jan 0001 00:00:00 +0000".into() };
    let secs = t.millis().div_euclid(1000);
    let (y, mo, d, h, mi, s) = kubeplay_model::time::civil(secs);
    // 1970-01-01 was a Thursday.
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][secs.div_euclid(86_400).rem_euclid(7) as usize];
    let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(mo - 1).clamp(0, 11) as usize];
    format!("{weekday}, {d:02} {month} {y:04} {h:02}:{mi:02}:{s:02} +0000")
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: i64 = 1000;
    const M: i64 = 60 * S;
    const H: i64 = 60 * M;
    const D: i64 = 24 * H;
    const Y: i64 = 365 * D;

    // TestHumanDuration and TestHumanDurationBoundaries (apimachinery util/duration).
    #[test]
    fn human_duration_vectors() {
        let table = [
            (S, "1s"),
            (70 * S, "70s"),
            (190 * S, "3m10s"),
            (70 * M, "70m"),
            (47 * H, "47h"),
            (49 * H, "2d1h"),
            (8 * D + 2 * H, "8d"),
            (367 * D, "367d"),
            (2 * Y + 25 * H, "2y1d"),
            (8 * Y + 2 * H, "8y"),
            (-2 * S, "<invalid>"),
            (-2 * S + 1, "0s"),
            (0, "0s"),
            (999, "0s"),
            (2 * M - 1, "119s"),
            (2 * M, "2m"),
            (2 * M + S, "2m1s"),
            (10 * M - 1, "9m59s"),
            (10 * M, "10m"),
            (10 * M + S, "10m"),
            (3 * H - 1, "179m"),
            (3 * H, "3h"),
            (3 * H + M, "3h1m"),
            (8 * H - 1, "7h59m"),
            (8 * H, "8h"),
            (8 * H + 59 * M, "8h"),
            (48 * H - 1, "47h"),
            (48 * H, "2d"),
            (8 * D - 1, "7d23h"),
            (8 * D, "8d"),
            (8 * D + 23 * H, "8d"),
            (2 * Y - 1, "729d"),
            (2 * Y, "2y"),
            (2 * Y + 23 * H + 59 * M, "2y"),
            (2 * Y + D, "2y1d"),
            (3 * Y, "3y"),
            (7 * Y, "7y"),
            (8 * Y - 1, "7y364d"),
            (8 * Y, "8y"),
            (8 * Y + 364 * D, "8y"),
            (9 * Y, "9y"),
        ];
        for (d, want) in table {
            assert_eq!(human(d), want, "{d}ms");
        }
    }

    // TestShortHumanDuration.
    #[test]
    fn short_duration_vectors() {
        assert_eq!(short(60 * S - 1), "59s");
        assert_eq!(short(M), "1m");
        assert_eq!(short(H - 1), "59m");
        assert_eq!(short(24 * H), "1d");
        assert_eq!(short(Y), "1y");
        assert_eq!(short(2 * Y), "2y");
    }

    // TestTranslateTimestampSince (pkg/printers/internalversion): a time up
    // to 2s ahead of the clock is "0s", further ahead "<invalid>".
    #[test]
    fn translate_timestamp_since_vectors() {
        let now = kubeplay_model::time::EPOCH;
        let at = |ms: i64| Some(Time::from_millis(now.millis() + ms));
        let table = [
            (at(2100), "<invalid>"),
            (at(1900), "0s"),
            (at(0), "0s"),
            (None, "<unknown>"),
            (at(-30 * S), "30s"),
            (at(-5 * M), "5m"),
            (at(-100 * M), "100m"),
            (at(-2 * D), "2d"),
            (at(-90 * D), "90d"),
            (at(-10 * Y), "10y"),
        ];
        for (t, want) in table {
            assert_eq!(since(now, t), want, "{t:?}");
        }
    }

    #[test]
    fn rfc1123z_like_go() {
        assert_eq!(rfc1123z(Some(kubeplay_model::time::EPOCH)), "Wed, 01 Jan 2025 00:00:00 +0000");
        assert_eq!(rfc1123z(Some(Time::from_millis(0))), "Thu, 01 Jan 1970 00:00:00 +0000");
        assert_eq!(rfc1123z(None), "Mon, 01 Jan 0001 00:00:00 +0000");
    }
}
