//! The change log: what the informers of a real control plane would see on
//! their watches.

use kubeplay_model::{Object, ObjectKey};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeType {
    Added,
    Modified,
    Deleted,
}

/// One watch event, with the object before and after.
#[derive(Clone, Debug)]
pub struct Change {
    pub type_: ChangeType,
    pub key: ObjectKey,
    pub old: Option<Arc<Object>>,
    pub new: Option<Arc<Object>>,
    pub resource_version: u64,
}

impl Change {
    /// The object as it is now, or as it was just before deletion.
    pub fn object(&self) -> &Arc<Object> {
        // Every change has at least one side: Added/Modified have `new`,
        // Deleted has `old`.
        self.new.as_ref().or(self.old.as_ref()).expect("a change always carries an object")
    }
}
