//! The scheduling queue: which pending pods are ready for a cycle
//! (activeQ), which wait out a back-off after failing (1s doubling to 10s),
//! and which wait for a cluster change that could help them
//! (unschedulable), plus the pods nominated to nodes by preemption.
//!
//! The engine's work queue carries the "active" pods: activating a pod
//! enqueues its key for the scheduler; a back-off is a timer.

use super::cache::PodInfo;
use imbl::{OrdMap, OrdSet};
use kubeplay_model::{ObjectKey, Time};
use std::collections::BTreeSet;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QState {
    /// Ready for a cycle (its key is on the work queue).
    Active,
    /// Failed recently; ready again at `backoff_until`.
    Backoff,
    /// Failed; waits for a cluster event one of `plugins` cares about.
    Unschedulable,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedPod {
    pub state: QState,
    /// Scheduling attempts so far.
    pub attempts: u32,
    pub backoff_until: Time,
    /// When the pod entered its current state.
    pub since: Time,
    /// Plugins that rejected the pod in its last attempt.
    pub plugins: BTreeSet<&'static str>,
}

impl QueuedPod {
    pub fn new(now: Time) -> QueuedPod {
        QueuedPod { state: QState::Active, attempts: 0, backoff_until: now, since: now, plugins: BTreeSet::new() }
    }
}

#[derive(Clone, Default)]
pub struct Queue {
    /// Every pending pod the scheduler knows, in any state.
    pods: OrdMap<ObjectKey, QueuedPod>,
    /// The keys of `pods` in the unschedulable pool: every assigned pod's
    /// change is a cluster event that looks at that pool, and walking all
    /// pending pods for it made a scale-up quadratic (kube-scheduler keeps
    /// the pool as a map of its own too).
    unschedulable: OrdSet<ObjectKey>,
    /// node → pods nominated to it (waiting for preemption victims to leave).
    nominated: OrdMap<String, OrdMap<ObjectKey, Arc<PodInfo>>>,
    nominated_to: OrdMap<ObjectKey, String>,
}

impl Queue {
    pub fn get(&self, key: &ObjectKey) -> Option<&QueuedPod> {
        self.pods.get(key)
    }

    pub fn contains_key(&self, key: &ObjectKey) -> bool {
        self.pods.contains_key(key)
    }

    /// Adds or replaces a pending pod's entry.
    pub fn set(&mut self, key: ObjectKey, q: QueuedPod) {
        if q.state == QState::Unschedulable {
            self.unschedulable.insert(key.clone());
        } else if self.pods.get(&key).is_some_and(|old| old.state == QState::Unschedulable) {
            self.unschedulable.remove(&key);
        }
        self.pods.insert(key, q);
    }

    pub fn remove(&mut self, key: &ObjectKey) {
        if self.pods.remove(key).is_some_and(|old| old.state == QState::Unschedulable) {
            self.unschedulable.remove(key);
        }
        self.set_nominated(key, None);
    }

    /// Records (or clears) a pending pod's nominated node.
    pub fn set_nominated(&mut self, key: &ObjectKey, to: Option<(String, Arc<PodInfo>)>) {
        if let Some(old) = self.nominated_to.remove(key) {
            if let Some(m) = self.nominated.get_mut(&old) {
                m.remove(key);
                if m.is_empty() {
                    self.nominated.remove(&old);
                }
            }
        }
        if let Some((node, info)) = to {
            self.nominated.entry(node.clone()).or_default().insert(key.clone(), info);
            self.nominated_to.insert(key.clone(), node);
        }
    }

    /// Whether any pod is nominated to any node.
    pub fn has_nominated(&self) -> bool {
        !self.nominated.is_empty()
    }

    pub fn nominated_on(&self, node: &str) -> Vec<Arc<PodInfo>> {
        // Asked for every node a cycle examines; nominations are rare.
        if self.nominated.is_empty() {
            return Vec::new();
        }
        self.nominated.get(node).map(|m| m.values().cloned().collect()).unwrap_or_default()
    }

    /// Pods waiting in the unschedulable pool.
    pub fn unschedulable(&self) -> impl Iterator<Item = (&ObjectKey, &QueuedPod)> {
        self.unschedulable.iter().filter_map(|k| self.pods.get_key_value(k))
    }

    pub fn has_unschedulable(&self) -> bool {
        !self.unschedulable.is_empty()
    }
}

#[cfg(test)]
#[path = "queue_timing_tests.rs"]
mod timing_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::time::EPOCH;
    use kubeplay_model::Kind;

    /// The unschedulable pool, after any sequence of state changes and
    /// removals, is the pods whose state says so, in key order.
    #[test]
    fn the_unschedulable_pool_follows_every_state_change() {
        let key = |i: u32| ObjectKey::new(Kind::Pod, "default", &format!("p{i}"));
        let state = |i: u32| [QState::Active, QState::Backoff, QState::Unschedulable][(i % 3) as usize];
        let mut q = Queue::default();
        for round in 0..4u32 {
            for i in 0..12u32 {
                match (i * 7 + round * 5) % 4 {
                    0 => q.remove(&key(i)),
                    _ => q.set(key(i), QueuedPod { state: state(i + round), ..QueuedPod::new(EPOCH) }),
                }
                let walked: Vec<&ObjectKey> = q.pods.iter().filter(|(_, p)| p.state == QState::Unschedulable).map(|(k, _)| k).collect();
                let pooled: Vec<&ObjectKey> = q.unschedulable().map(|(k, _)| k).collect();
                assert_eq!(pooled, walked, "round {round}, pod {i}");
                assert_eq!(q.has_unschedulable(), !walked.is_empty());
            }
        }
    }
}
