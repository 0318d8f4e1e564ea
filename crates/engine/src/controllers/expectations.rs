//! Controller expectations (`pkg/controller/controller_utils.go`
//! ControllerExpectations and UIDTrackingControllerExpectations): the
//! creations and deletions a controller has asked for and not yet seen
//! come back through its informer. Until it has, its cache may not show
//! them, and acting on that cache would create or delete twice; so a
//! sync whose expectations are not met changes no pods (it still writes
//! status). Expectations older than five minutes count as met, so a lost
//! event cannot stall a controller for ever.
//!
//! The ReplicaSet and ReplicationController controllers track deletions
//! by pod (a pod's deletion is counted once, whether seen as its deletion
//! timestamp or its removal); the Job and DaemonSet controllers count
//! them. The controllers raise expectations before they write and lower
//! them for writes that failed or were skipped; the engine lowers them as
//! the informers deliver the changes ([`Expectations::observe`]).

use imbl::OrdMap;
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::{Kind, Object, ObjectKey, Time};
use kubeplay_model::object::KeyRef;
use std::collections::BTreeSet;

/// `ExpectationsTimeout`.
pub const TIMEOUT_MS: i64 = 5 * 60 * 1000;

/// One controller key's record (`ControlleeExpectations`, with the pod
/// keys of the UID-tracking variant).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectation {
    /// Creations and deletions still to be seen (may go below zero).
    pub add: i64,
    pub del: i64,
    /// What was expected when they were last set, for the explanation.
    pub expected_add: i64,
    pub expected_del: i64,
    /// When they were last set.
    pub at: Time,
    /// Names of the pods expected to go (ReplicaSets and
    /// ReplicationControllers only).
    pub deleting: BTreeSet<String>,
}

impl Expectation {
    /// `Fulfilled`.
    pub fn fulfilled(&self) -> bool {
        self.add <= 0 && self.del <= 0
    }

    /// "2 of 3 pod creations", "1 of 1 pod deletion", or both.
    pub fn waiting_for(&self) -> String {
        let mut parts = Vec::new();
        if self.add > 0 {
            parts.push(format!("{} of {} pod creation{}", self.add, self.expected_add, if self.expected_add == 1 { "" } else { "s" }));
        }
        if self.del > 0 {
            parts.push(format!("{} of {} pod deletion{}", self.del, self.expected_del, if self.expected_del == 1 { "" } else { "s" }));
        }
        parts.join(" and ")
    }
}

/// Every controller key's expectations (the controller is in the key's
/// kind), kept in the world so time travel restores them.
#[derive(Clone, Debug, Default)]
pub struct Expectations(OrdMap<ObjectKey, Expectation>);

impl Expectations {
    pub fn get(&self, key: &ObjectKey) -> Option<&Expectation> {
        self.0.get(key)
    }

    /// `SatisfiedExpectations`: met, expired, or never set.
    pub fn satisfied(&self, key: &ObjectKey, now: Time) -> bool {
        self.pending(key, now).is_none()
    }

    /// The record a sync must wait for, if it must.
    pub fn pending(&self, key: &ObjectKey, now: Time) -> Option<&Expectation> {
        self.0.get(key).filter(|e| !e.fulfilled() && now.millis() - e.at.millis() <= TIMEOUT_MS)
    }

    /// `SetExpectations`: replaces the counts and restarts the clock; the
    /// pods expected to go are kept (upstream keeps them apart).
    pub fn set(&mut self, key: &ObjectKey, add: i64, del: i64, now: Time) {
        let deleting = self.0.get(key).map(|e| e.deleting.clone()).unwrap_or_default();
        self.0.insert(key.clone(), Expectation { add, del, expected_add: add, expected_del: del, at: now, deleting });
    }

    /// `ExpectCreations`.
    pub fn expect_creations(&mut self, key: &ObjectKey, n: usize, now: Time) {
        self.set(key, n as i64, 0, now);
    }

    /// `ExpectDeletions`, counting.
    pub fn expect_deletions(&mut self, key: &ObjectKey, n: usize, now: Time) {
        self.set(key, 0, n as i64, now);
    }

    /// `UIDTrackingControllerExpectations.ExpectDeletions`: these pods.
    pub fn expect_deletions_of(&mut self, key: &ObjectKey, pods: &[String], now: Time) {
        let deleting: BTreeSet<String> = pods.iter().cloned().collect();
        let n = deleting.len() as i64;
        self.0.insert(key.clone(), Expectation { add: 0, del: n, expected_add: 0, expected_del: n, at: now, deleting });
    }

    /// `LowerExpectations`: no record, nothing to lower.
    pub fn lower(&mut self, key: &ObjectKey, add: i64, del: i64) {
        if let Some(e) = self.0.get_mut(key) {
            e.add -= add;
            e.del -= del;
        }
    }

    /// `CreationObserved`.
    pub fn creation_observed(&mut self, key: &ObjectKey) {
        self.lower(key, 1, 0);
    }

    /// `DeletionObserved`, counting.
    pub fn deletion_observed(&mut self, key: &ObjectKey) {
        self.lower(key, 0, 1);
    }

    /// The UID-tracking `DeletionObserved`: counts a pod once, and only a
    /// pod this controller deleted.
    pub fn deletion_observed_of(&mut self, key: &ObjectKey, pod: &str) {
        if let Some(e) = self.0.get_mut(key) {
            if e.deleting.remove(pod) {
                e.del -= 1;
            }
        }
    }

    /// `DeleteExpectations`.
    pub fn delete(&mut self, key: &ObjectKey) {
        self.0.remove(key);
    }

    /// The informer handlers' share (`addPod`, `updatePod`, `deletePod`
    /// and the ReplicaSet's `deleteRS` of each controller that keeps
    /// expectations): a pod created lowers its owner's creations, a pod
    /// deleted or given a deletion timestamp its deletions. The owner is
    /// resolved in `store`, the cache the change arrived in.
    pub fn observe(&mut self, change: &Change, store: &Store) {
        if self.0.is_empty() {
            return;
        }
        match change.key.kind {
            Kind::ReplicaSet | Kind::ReplicationController if change.new.is_none() => self.delete(&change.key),
            Kind::Pod => self.observe_pod(change, store),
            _ => {}
        }
    }

    fn observe_pod(&mut self, change: &Change, store: &Store) {
        match (change.old.as_deref(), change.new.as_deref()) {
            (None, Some(new)) if new.meta().deletion_timestamp.is_none() => {
                if let Some((key, _)) = self.owner(new, store) {
                    self.creation_observed(&key);
                }
            }
            (None, Some(gone)) | (Some(gone), None) => self.pod_deleted(gone, store),
            (Some(old), Some(new)) if new.meta().deletion_timestamp.is_some() => {
                self.pod_deleted(new, store);
                if old.meta().labels != new.meta().labels {
                    self.pod_deleted(old, store);
                }
            }
            _ => {}
        }
    }

    /// `deletePod`: the Job controller ignores pods of finished Jobs.
    fn pod_deleted(&mut self, pod: &Object, store: &Store) {
        let Some((key, owner)) = self.owner(pod, store) else { return };
        match &*owner {
            Object::ReplicaSet(_) | Object::ReplicationController(_) => self.deletion_observed_of(&key, pod.name()),
            Object::Job(job) if crate::controllers::job::is_finished(job) => {}
            _ => self.deletion_observed(&key),
        }
    }

    /// `resolveControllerRef`: the pod's controller, if it keeps
    /// expectations and still exists with that uid.
    fn owner(&self, pod: &Object, store: &Store) -> Option<(ObjectKey, std::sync::Arc<Object>)> {
        let r = pod.meta().controller_ref()?;
        let kind = match r.kind.as_str() {
            "ReplicaSet" => Kind::ReplicaSet,
            "ReplicationController" => Kind::ReplicationController,
            "Job" => Kind::Job,
            "DaemonSet" => Kind::DaemonSet,
            _ => return None,
        };
        let wanted = KeyRef::new(kind, pod.namespace(), &r.name);
        if !self.0.contains_key(wanted.view()) {
            return None;
        }
        let (key, owner) = store.get_entry_by(kind, pod.namespace(), &r.name)?;
        (owner.meta().uid == r.uid).then(|| (key.clone(), owner.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> ObjectKey {
        ObjectKey::new(Kind::ReplicaSet, "default", "rc")
    }

    // TestControllerExpectations (controller_utils_test.go), as the
    // reference notes tabulate it.
    #[test]
    fn counts_fall_to_fulfilled_and_expire_after_five_minutes() {
        let mut e = Expectations::default();
        let k = key();
        let t0 = Time::from_millis(1_000_000);
        assert!(e.satisfied(&k, t0), "no record: a new controller syncs");
        e.set(&k, 10, 30, t0);
        for _ in 0..11 {
            e.creation_observed(&k);
        }
        assert!(!e.satisfied(&k, t0), "deletions still pending");
        for _ in 0..31 {
            e.deletion_observed(&k);
        }
        assert!(e.satisfied(&k, t0));
        let rec = e.get(&k).unwrap();
        assert_eq!((rec.add, rec.del), (-1, -1));
        e.set(&k, 1, 2, t0);
        assert_eq!((e.get(&k).unwrap().add, e.get(&k).unwrap().del), (1, 2));
        assert!(!e.satisfied(&k, t0.plus_millis(TIMEOUT_MS)), "not older than the timeout yet");
        assert!(e.satisfied(&k, t0.plus_millis(TIMEOUT_MS + 1)), "expired");
    }

    // TestUIDExpectations: each pod's deletion counts once, and only the
    // pods expected to go count.
    #[test]
    fn tracked_deletions_count_each_expected_pod_once() {
        let mut e = Expectations::default();
        let k = key();
        let now = Time::from_millis(0);
        e.expect_deletions_of(&k, &["a".into(), "b".into()], now);
        e.deletion_observed_of(&k, "a");
        e.deletion_observed_of(&k, "a");
        e.deletion_observed_of(&k, "stranger");
        assert!(!e.satisfied(&k, now));
        assert_eq!(e.get(&k).unwrap().waiting_for(), "1 of 2 pod deletions");
        e.deletion_observed_of(&k, "b");
        assert!(e.satisfied(&k, now));
        e.expect_creations(&k, 3, now);
        e.creation_observed(&k);
        assert_eq!(e.get(&k).unwrap().waiting_for(), "2 of 3 pod creations");
        e.delete(&k);
        assert!(e.get(&k).is_none() && e.satisfied(&k, now));
    }
}
