//! The scheduling queue: which pending pods are ready for a cycle
//! (activeQ), which wait out a back-off after failing (1s doubling to 10s),
//! and which wait for a cluster change that could help them
//! (unschedulable), plus the pods nominated to nodes by preemption.
//!
//! The engine's work queue carries the "active" pods: activating a pod
//! enqueues its key for the scheduler; a back-off is a timer.

use super::cache::PodInfo;
use imbl::OrdMap;
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
    pub pods: OrdMap<ObjectKey, QueuedPod>,
    /// node → pods nominated to it (waiting for preemption victims to leave).
    nominated: OrdMap<String, OrdMap<ObjectKey, Arc<PodInfo>>>,
    nominated_to: OrdMap<ObjectKey, String>,
}

impl Queue {
    pub fn remove(&mut self, key: &ObjectKey) {
        self.pods.remove(key);
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
        self.pods.iter().filter(|(_, q)| q.state == QState::Unschedulable)
    }
}
