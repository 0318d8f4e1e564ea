//! One step of the trace: one reconcile of one key, with what the
//! controller saw, what it wanted, what it wrote and why.

use crate::world::ControllerId;
use kubeplay_model::{Object, ObjectKey, Time};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Create,
    Update,
    UpdateStatus,
    Delete,
}

impl Verb {
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::Create => "create",
            Verb::Update => "update",
            Verb::UpdateStatus => "update status",
            Verb::Delete => "delete",
        }
    }
}

/// A write made during a step. The field diff is computed on demand from
/// the before/after objects, so recording costs two pointer copies.
#[derive(Clone, Debug)]
pub struct Write {
    pub verb: Verb,
    pub key: ObjectKey,
    pub before: Option<Arc<Object>>,
    pub after: Option<Arc<Object>>,
}

impl Write {
    pub fn diff(&self) -> Vec<crate::diff::FieldChange> {
        crate::diff::diff_objects(self.before.as_deref(), self.after.as_deref())
    }
}

/// An event emitted during a step (also stored as an Event object).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmittedEvent {
    pub type_: String,
    pub reason: String,
    pub object: ObjectKey,
    pub message: String,
}

#[derive(Clone, Debug)]
pub struct Step {
    /// 1-based position in the trace.
    pub index: usize,
    pub time: Time,
    pub controller: ControllerId,
    /// The component name as events show it (`deployment-controller`,
    /// `kubelet`, `default-scheduler`).
    pub component: &'static str,
    pub key: ObjectKey,
    /// A short summary of the actual state the controller saw.
    pub observed: String,
    /// The desired state it compared against.
    pub desired: String,
    /// One plain sentence saying why it did what it did.
    pub explanation: String,
    pub writes: Vec<Write>,
    pub events: Vec<EmittedEvent>,
}

impl Step {
    /// Nothing was written and nothing emitted.
    pub fn is_noop(&self) -> bool {
        self.writes.is_empty() && self.events.is_empty()
    }

    /// A stable one-line rendering, used for `sim trace` and trace hashes.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let _ = self.write_summary(&mut s);
        s
    }

    /// [`Step::summary`] written into `out`: the trace hash reads every
    /// step's summary, and need not allocate it to do so.
    pub fn write_summary(&self, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        // Pieces written one by one, not through `write!`: every step of a
        // run is hashed this way, and the formatting machinery and the
        // stamp's own text were a third of what hashing a step cost.
        out.write_char('#')?;
        out.write_str(kubeplay_model::decimal::decimal(self.index as u64, &mut [0; 20]))?;
        out.write_char(' ')?;
        self.time.write_rfc3339(out)?;
        out.write_char(' ')?;
        out.write_str(self.component)?;
        out.write_char(' ')?;
        out.write_str(self.key.kind.name())?;
        out.write_char('/')?;
        if !self.key.namespace.is_empty() {
            out.write_str(&self.key.namespace)?;
            out.write_char('/')?;
        }
        out.write_str(&self.key.name)?;
        if self.is_noop() {
            out.write_str(" (no-op)")?;
        }
        if !self.explanation.is_empty() {
            out.write_str(": ")?;
            out.write_str(&self.explanation)?;
        }
        Ok(())
    }
}
