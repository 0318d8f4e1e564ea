//! The kubelet's exponential back-off (`client-go/util/flowcontrol.Backoff`
//! as `NewBackOff(10s, 300s)`), shared by CrashLoopBackOff and
//! ImagePullBackOff: 10 s, doubling per failure, capped at 5 minutes, and
//! forgotten once nothing happened for twice the cap.

use kubeplay_model::Time;

pub const INITIAL_MS: i64 = 10_000;
pub const MAX_MS: i64 = 300_000;

/// One back-off entry. `delay_ms == 0` means "no entry" (never failed, or
/// garbage-collected).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backoff {
    pub delay_ms: i64,
    pub last_update: Time,
}

impl Backoff {
    // The steps below take the initial delay and the cap as arguments
    // (client-go's `NewBackOff(initial, max)`) so upstream's tables, with
    // their own durations, can drive them; the kubelet's calls pass 10 s
    // and 300 s.

    /// The entry went stale: `event` is more than twice the cap after the
    /// last update, so the next failure starts again at the initial delay.
    fn expired_with(&self, event: Time, max_ms: i64) -> bool {
        event.millis() - self.last_update.millis() > 2 * max_ms
    }

    fn next_with(&mut self, event: Time, now: Time, initial_ms: i64, max_ms: i64) {
        if self.delay_ms == 0 || self.expired_with(event, max_ms) {
            self.delay_ms = initial_ms;
        } else {
            self.delay_ms = (self.delay_ms * 2).min(max_ms);
        }
        self.last_update = now;
    }

    fn in_backoff_since_with(&self, event: Time, now: Time, max_ms: i64) -> bool {
        self.delay_ms > 0 && !self.expired_with(event, max_ms) && now.millis() - event.millis() < self.delay_ms
    }

    fn in_backoff_since_update_with(&self, now: Time, max_ms: i64) -> bool {
        self.delay_ms > 0 && !self.expired_with(now, max_ms) && now.millis() - self.last_update.millis() < self.delay_ms
    }

    /// Records a failure (`Backoff.Next`): the first (or first after a
    /// quiet spell) is 10 s, each further one doubles up to 5 minutes.
    pub fn next(&mut self, event: Time, now: Time) {
        self.next_with(event, now, INITIAL_MS, MAX_MS)
    }

    /// `IsInBackOffSince`: still waiting, counting from `event` (a
    /// container's finishedAt).
    pub fn in_backoff_since(&self, event: Time, now: Time) -> bool {
        self.in_backoff_since_with(event, now, MAX_MS)
    }

    /// `IsInBackOffSinceUpdate`: still waiting, counting from the last
    /// failure (image pulls).
    pub fn in_backoff_since_update(&self, now: Time) -> bool {
        self.in_backoff_since_update_with(now, MAX_MS)
    }

    /// When an attempt is allowed again, counting from the last update.
    pub fn ready_after_update(&self) -> Time {
        self.last_update.plus_millis(self.delay_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: i64) -> Time {
        Time::from_millis(s * 1000)
    }

    // kubelet.md §5: failures 1..7 give 10, 20, 40, 80, 160, 300, 300 s.
    #[test]
    fn doubles_to_the_cap() {
        let mut b = Backoff::default();
        let mut got = Vec::new();
        for i in 0..7 {
            b.next(t(i * 10), t(i * 10));
            got.push(b.delay_ms / 1000);
        }
        assert_eq!(got, vec![10, 20, 40, 80, 160, 300, 300]);
    }

    // The reset rule: an event more than 2 × 300 s after the last update
    // starts over at 10 s.
    #[test]
    fn resets_after_ten_quiet_minutes() {
        let mut b = Backoff::default();
        b.next(t(0), t(0));
        b.next(t(10), t(10));
        assert_eq!(b.delay_ms, 20_000);
        b.next(t(10 + 600), t(10 + 600));
        assert_eq!(b.delay_ms, 40_000, "exactly 600 s later is not yet stale");
        b.next(t(610 + 601), t(610 + 601));
        assert_eq!(b.delay_ms, 10_000);
    }

    #[test]
    fn in_backoff_since_event() {
        let mut b = Backoff::default();
        assert!(!b.in_backoff_since(t(0), t(0)), "no entry, no back-off");
        b.next(t(100), t(101));
        assert!(b.in_backoff_since(t(100), t(109)));
        assert!(!b.in_backoff_since(t(100), t(110)), "10 s after the event it may restart");
        assert!(b.in_backoff_since_update(t(110)));
        assert!(!b.in_backoff_since_update(t(111)));
        assert_eq!(b.ready_after_update(), t(111));
    }

    // client-go util/flowcontrol/backoff_test.go (v1.32), with each test's
    // own initial delay and cap (step 1 s). `Get` is `delay_ms`; `Reset`
    // is a fresh entry. Left out: TestBackoffGC (Kubeplay keeps one entry
    // per container in its runtime record, dropped with it, not a keyed
    // map swept by GC) and TestBackoffWithJitter (the kubelet's back-offs
    // have no jitter).
    #[test]
    fn upstream_slow_backoff() {
        let (step, max) = (1000, 50_000);
        let mut b = Backoff::default();
        let mut clock = 0;
        for (ix, want) in [0, 1, 2, 4, 8, 16, 32, 50, 50, 50].into_iter().enumerate() {
            clock += step;
            assert_eq!(b.delay_ms, want * step, "input {ix}");
            b.next_with(Time::from_millis(clock), Time::from_millis(clock), step, max);
        }
        b.next_with(Time::from_millis(clock), Time::from_millis(clock), step, max);
        b = Backoff::default();
        assert_eq!(b.delay_ms, 0, "Reset clears the back-off");
    }

    #[test]
    fn upstream_backoff_reset() {
        let (step, max) = (1000, 5000);
        let mut b = Backoff::default();
        let mut clock = 0;
        for _ in 0..=max / step {
            clock += step;
            b.next_with(Time::from_millis(clock), Time::from_millis(clock), step, max);
        }
        let now = Time::from_millis(clock);
        assert!(b.in_backoff_since_with(now, now, max), "capped at the maximum, got {}", b.delay_ms);
        let last_update = now;
        clock += 2 * max + step;
        assert!(!b.in_backoff_since_with(last_update, Time::from_millis(clock), max));
    }

    #[test]
    fn upstream_backoff_high_water_mark() {
        let (step, max) = (1000, 5000);
        let mut b = Backoff::default();
        let mut clock = 0;
        for _ in 0..=max / step {
            clock += step;
            b.next_with(Time::from_millis(clock), Time::from_millis(clock), step, max);
        }
        // The high-water mark lasts until 2 × max has passed.
        clock += max + step;
        b.next_with(Time::from_millis(clock), Time::from_millis(clock), step, max);
        assert_eq!(b.delay_ms, max);
    }

    #[test]
    fn upstream_is_in_backoff_since_update() {
        let (step, max) = (1000, 10_000);
        let mut b = Backoff::default();
        let cases: [(i64, bool, i64); 38] = [
            (0, false, 0),
            (1, false, 1),
            (2, true, 2),
            (3, false, 2),
            (4, true, 4),
            (5, true, 4),
            (6, true, 4),
            (7, false, 4),
            (8, true, 8),
            (9, true, 8),
            (10, true, 8),
            (11, true, 8),
            (12, true, 8),
            (13, true, 8),
            (14, true, 8),
            (15, false, 8),
            (16, true, 10),
            (17, true, 10),
            (18, true, 10),
            (19, true, 10),
            (20, true, 10),
            (21, true, 10),
            (22, true, 10),
            (23, true, 10),
            (24, true, 10),
            (25, false, 10),
            (26, true, 10),
            (27, true, 10),
            (28, true, 10),
            (29, true, 10),
            (30, true, 10),
            (31, true, 10),
            (32, true, 10),
            (33, true, 10),
            (34, true, 10),
            (35, false, 10),
            (56, false, 0),
            (57, false, 1),
        ];
        for (tick, in_backoff, value) in cases {
            let now = Time::from_millis(tick * step);
            assert_eq!(b.in_backoff_since_update_with(now, max), in_backoff, "tick {tick}");
            if in_backoff {
                assert_eq!(b.delay_ms, value * step, "tick {tick}");
            } else {
                b.next_with(now, now, step, max);
            }
        }
    }
}
