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
    /// The entry went stale: `event` is more than twice the cap after the
    /// last update, so the next failure starts again at 10 s.
    fn expired(&self, event: Time) -> bool {
        event.millis() - self.last_update.millis() > 2 * MAX_MS
    }

    /// Records a failure (`Backoff.Next`): the first (or first after a
    /// quiet spell) is 10 s, each further one doubles up to 5 minutes.
    pub fn next(&mut self, event: Time, now: Time) {
        if self.delay_ms == 0 || self.expired(event) {
            self.delay_ms = INITIAL_MS;
        } else {
            self.delay_ms = (self.delay_ms * 2).min(MAX_MS);
        }
        self.last_update = now;
    }

    /// `IsInBackOffSince`: still waiting, counting from `event` (a
    /// container's finishedAt).
    pub fn in_backoff_since(&self, event: Time, now: Time) -> bool {
        self.delay_ms > 0 && !self.expired(event) && now.millis() - event.millis() < self.delay_ms
    }

    /// `IsInBackOffSinceUpdate`: still waiting, counting from the last
    /// failure (image pulls).
    pub fn in_backoff_since_update(&self, now: Time) -> bool {
        self.delay_ms > 0 && !self.expired(now) && now.millis() - self.last_update.millis() < self.delay_ms
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
}
