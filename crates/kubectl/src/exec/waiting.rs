//! Commands that make kubectl wait (`rollout status`, `wait`, `delete`,
//! `drain`, `scale --timeout`) advance virtual time here: one reconcile at a
//! time, checking after each whether what they wait for has happened, as
//! kubectl's watch sees every change.

use kubeplay_engine::Engine;

/// What kubectl's "wait forever" (a zero timeout) means here: an hour of
/// virtual time, far past any deadline the controllers keep.
pub const FOREVER_MS: i64 = 60 * 60 * 1000;

/// What one check saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Poll {
    Pending,
    Done,
    /// Stop waiting with this error (already in kubectl's words).
    Fail(String),
}

/// How a wait ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Waited {
    Done,
    Failed(String),
    /// The deadline passed; `forever` when kubectl itself had no deadline.
    TimedOut {
        forever: bool,
    },
}

/// The playground's note when a wait kubectl would keep up forever gives up.
pub fn gave_up_note() -> String {
    format!(
        "(playground) gave up after {} of virtual time; real kubectl would still be waiting (pass --timeout to choose)",
        crate::print::duration::human(FOREVER_MS)
    )
}

/// Runs the cluster until `check` says done or fails, or `timeout_ms` of
/// virtual time passes (0: [`FOREVER_MS`]). `check` runs first on the
/// current state, then after every step.
pub fn wait_until(engine: &mut Engine, timeout_ms: i64, mut check: impl FnMut(&Engine) -> Poll) -> Waited {
    let forever = timeout_ms <= 0;
    let deadline = engine.now().plus_millis(if forever { FOREVER_MS } else { timeout_ms });
    loop {
        match check(engine) {
            Poll::Done => return Waited::Done,
            Poll::Fail(e) => return Waited::Failed(e),
            Poll::Pending => {}
        }
        if engine.step_until(deadline).is_none() {
            let left = deadline.millis() - engine.now().millis();
            if left > 0 {
                engine.advance(left);
            }
            return match check(engine) {
                Poll::Done => Waited::Done,
                Poll::Fail(e) => Waited::Failed(e),
                Poll::Pending => Waited::TimedOut { forever },
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_out_at_the_deadline_and_stops_when_done() {
        let mut e = Engine::with_default_cluster(1);
        let start = e.now();
        assert_eq!(wait_until(&mut e, 5_000, |_| Poll::Pending), Waited::TimedOut { forever: false });
        assert_eq!(e.now().millis() - start.millis(), 5_000);
        let mut n = 0;
        assert_eq!(
            wait_until(&mut e, 5_000, |_| {
                n += 1;
                if n > 1 {
                    Poll::Done
                } else {
                    Poll::Pending
                }
            }),
            Waited::Done
        );
        assert_eq!(wait_until(&mut e, 0, |_| Poll::Fail("error: x".into())), Waited::Failed("error: x".into()));
    }
}
