//! `advance` and `settle` as work that can run a slice at a time: the page
//! runs a few milliseconds of a long `sim settle` per animation frame and
//! stays responsive, and the blocking calls are the same work run to the
//! end in one go, so both take exactly the same steps.
//!
//! ```
//! use kubeplay_engine::{Engine, Work};
//! let mut sliced = Engine::with_default_cluster(1);
//! let mut whole = sliced.clone();
//! let mut work = Work::settle(&sliced, 60_000);
//! let report = loop {
//!     if let Some(done) = sliced.work(&mut work, 3) {
//!         break done;
//!     }
//! };
//! assert_eq!(Some(whole.settle(60_000)), report.settle());
//! assert_eq!(sliced.trace_hash(), whole.trace_hash());
//! ```

use crate::engine::{Engine, SettleReport};
use kubeplay_model::Time;

/// A long engine command in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Work {
    /// Everything due until `target`, then the clock set to it.
    Advance { target: Time, steps: usize },
    /// Until nothing is queued and no non-periodic timer is due by `deadline`.
    Settle {
        start: Time,
        deadline: Time,
        steps: usize,
    },
}

/// How a [`Work`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkDone {
    /// `steps` ran; `capped`: stopped by the engine's step limit, with the
    /// clock where the work got to rather than at the target.
    Advance {
        steps: usize,
        capped: bool,
    },
    Settle(SettleReport),
}

impl WorkDone {
    pub fn settle(self) -> Option<SettleReport> {
        match self {
            WorkDone::Settle(r) => Some(r),
            WorkDone::Advance { .. } => None,
        }
    }
}

impl Work {
    pub fn advance(engine: &Engine, ms: i64) -> Work {
        Work::Advance {
            target: engine.now().plus_millis(ms.max(0)),
            steps: 0,
        }
    }

    pub fn settle(engine: &Engine, max_ms: i64) -> Work {
        let start = engine.now();
        Work::Settle {
            start,
            deadline: start.plus_millis(max_ms.max(0)),
            steps: 0,
        }
    }

    /// Steps run so far.
    pub fn steps(&self) -> usize {
        match self {
            Work::Advance { steps, .. } | Work::Settle { steps, .. } => *steps,
        }
    }
}

impl Engine {
    /// Runs at most `budget` more steps of `work`; `Some` once it is done.
    pub fn work(&mut self, work: &mut Work, budget: usize) -> Option<WorkDone> {
        match work {
            Work::Advance { target, steps } => self.advance_some(*target, steps, budget),
            Work::Settle {
                start,
                deadline,
                steps,
            } => self.settle_some(*start, *deadline, steps, budget),
        }
    }

    fn advance_some(&mut self, target: Time, steps: &mut usize, budget: usize) -> Option<WorkDone> {
        let mut left = budget;
        loop {
            if *steps >= self.step_limit() {
                // Stopped by the cap: the clock stays where the work got to.
                return Some(WorkDone::Advance {
                    steps: *steps,
                    capped: true,
                });
            }
            if left == 0 {
                return None;
            }
            if self.step_until(target).is_none() {
                break;
            }
            *steps += 1;
            left -= 1;
        }
        self.set_clock_to(target);
        Some(WorkDone::Advance {
            steps: *steps,
            capped: false,
        })
    }

    fn settle_some(
        &mut self,
        start: Time,
        deadline: Time,
        steps: &mut usize,
        budget: usize,
    ) -> Option<WorkDone> {
        let mut left = budget;
        let report = |e: &Engine, steps: usize, converged: bool| {
            Some(WorkDone::Settle(SettleReport {
                steps,
                converged,
                elapsed_ms: e.now().millis() - start.millis(),
            }))
        };
        loop {
            if self.is_idle_until(deadline) {
                return report(self, *steps, true);
            }
            if left == 0 {
                return None;
            }
            if *steps >= self.step_limit() || self.step_until(deadline).is_none() {
                let converged = self.nothing_due_by(deadline);
                return report(self, *steps, converged);
            }
            *steps += 1;
            left -= 1;
        }
    }
}
