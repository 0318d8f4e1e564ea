//! A stand-in for upstream's daemon controller test fixture
//! (`newTestController` with `fakePodControl`): a DaemonSet, nodes and
//! pods held in memory, and one sync that runs the controller's own
//! decisions. As upstream's fake pod control does, creations and deletions
//! land in the pod list at once, so the rolling update of the same sync
//! sees what `manage` did.

use super::eligibility::{add_daemon_tolerations, pin_to_node};
use super::plan::{manage, rolling_update, Backoff, Plan, Reason};
use super::{budget, count_status, delete_orphans, label_daemon_pod, node_view, template_generation};
use crate::controllers::deployment::util::compute_hash;
use crate::controllers::history::HASH_LABEL;
use kubeplay_model::api::{DaemonSet, DaemonSetStatus, Node, Pod};
use kubeplay_model::{Condition, IntOrString, Time};
use serde_json::{json, Value};
use std::collections::BTreeMap;

pub const DS_LABELS: &[(&str, &str)] = &[("name", "simple-daemon"), ("type", "production")];
pub const DS_LABELS2: &[(&str, &str)] = &[("name", "simple-daemon"), ("type", "test")];
pub const NODE_LABELS: &[(&str, &str)] = &[("color", "blue"), ("speed", "fast")];
pub const NODE_LABELS2: &[(&str, &str)] = &[("color", "red"), ("speed", "fast")];

pub fn map(pairs: &[(&str, &str)]) -> Value {
    Value::Object(pairs.iter().map(|(k, v)| (k.to_string(), json!(v))).collect())
}

/// `newDaemonSet`: OnDelete, selecting and labelled `simpleDaemonSetLabel`.
pub fn new_ds(name: &str) -> DaemonSet {
    serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": "default", "uid": format!("uid-{name}"), "generation": 1},
        "spec": {
            "revisionHistoryLimit": 2,
            "updateStrategy": {"type": "OnDelete"},
            "selector": {"matchLabels": map(DS_LABELS)},
            "template": {
                "metadata": {"labels": map(DS_LABELS)},
                "spec": {"containers": [{"name": "c", "image": "foo/bar"}], "dnsPolicy": "Default"}
            }
        }
    }))
    .expect("a valid DaemonSet")
}

/// `newRollingUpdateStrategy` (maxUnavailable 1).
pub fn rolling(ds: &mut DaemonSet, max_unavailable: IntOrString, max_surge: Option<IntOrString>) {
    ds.spec.update_strategy = serde_json::from_value(json!({
        "type": "RollingUpdate",
        "rollingUpdate": {"maxUnavailable": max_unavailable, "maxSurge": max_surge}
    }))
    .expect("a valid strategy");
}

/// `updateStrategies()`: each test runs once per strategy.
pub fn strategies() -> Vec<DaemonSet> {
    let on_delete = new_ds("foo");
    let mut rolling_one = new_ds("foo");
    rolling(&mut rolling_one, IntOrString::Int(1), None);
    vec![on_delete, rolling_one]
}

/// `newNode`: ready, with the given labels.
pub fn new_node(name: &str, labels: &[(&str, &str)]) -> Node {
    serde_json::from_value(json!({
        "metadata": {"name": name, "labels": map(labels)},
        "status": {"conditions": [{"type": "Ready", "status": "True"}]}
    }))
    .expect("a valid Node")
}

pub fn taint(node: &mut Node, key: &str, effect: &str) {
    node.spec.taints.push(serde_json::from_value(json!({"key": key, "value": "user1", "effect": effect})).expect("a valid taint"));
}

pub fn set_ready(pod: &mut Pod, ready: bool, at: Time) {
    pod.status.conditions.retain(|c| &*c.type_ != "Ready");
    let status = if ready { "True" } else { "False" };
    pod.status.conditions.push(Condition { type_: "Ready".into(), status: status.into(), last_transition_time: Some(at), ..Default::default() });
}

pub struct Cluster {
    pub ds: DaemonSet,
    pub nodes: Vec<Node>,
    pub pods: Vec<Pod>,
    pub now: Time,
    pub backoff: BTreeMap<String, Backoff>,
    next: usize,
}

impl Cluster {
    pub fn new(ds: DaemonSet) -> Cluster {
        Cluster { ds, nodes: Vec::new(), pods: Vec::new(), now: Time::from_millis(1_000_000), backoff: BTreeMap::new(), next: 0 }
    }

    /// `addNodes`: node-{start}..node-{start+n-1}.
    pub fn add_nodes(&mut self, start: usize, n: usize, labels: &[(&str, &str)]) {
        for i in start..start + n {
            self.nodes.push(new_node(&format!("node-{i}"), labels));
        }
    }

    pub fn hash(&self) -> String {
        compute_hash(&self.ds.spec.template, self.ds.status.collision_count)
    }

    /// `newPod`: bound to `node` (unless empty), owned by the DaemonSet when
    /// `owned`, carrying the current hash as upstream's does.
    pub fn new_pod(&mut self, node: &str, labels: &[(&str, &str)], owned: bool) -> Pod {
        self.next += 1;
        let mut meta = json!({"name": format!("{node}-{}", self.next), "namespace": "default", "labels": map(labels)});
        if owned {
            meta["labels"][HASH_LABEL] = json!(self.hash());
            meta["ownerReferences"] = json!([{"apiVersion": "apps/v1", "kind": "DaemonSet", "name": self.ds.metadata.name, "uid": self.ds.metadata.uid.to_string(), "controller": true}]);
        }
        let mut pod: Pod = serde_json::from_value(json!({"metadata": meta})).expect("a valid Pod");
        *pod.spec_mut() = self.ds.spec.template.spec.clone();
        if !node.is_empty() {
            pod.spec_mut().node_name = Some(node.into());
        }
        pod.metadata.creation_timestamp = Some(self.now);
        pod
    }

    /// `addPods`.
    pub fn add_pods(&mut self, node: &str, labels: &[(&str, &str)], n: usize) {
        for _ in 0..n {
            let p = self.new_pod(node, labels, true);
            self.pods.push(p);
        }
    }

    /// `addFailedPods`.
    pub fn add_failed_pods(&mut self, node: &str, labels: &[(&str, &str)], n: usize) {
        for _ in 0..n {
            let mut p = self.new_pod(node, labels, true);
            p.status.phase = Some("Failed".into());
            self.pods.push(p);
        }
    }

    /// `markPodsReady` at the current time.
    pub fn mark_ready(&mut self) {
        let now = self.now;
        for p in &mut self.pods {
            if !p.is_ready() {
                set_ready(p, true, now);
            }
        }
    }

    /// The pods `getDaemonPods` claims: owned or orphaned, and selected.
    pub fn claimed(&self) -> Vec<Pod> {
        let Some(selector) = self.ds.spec.selector.as_ref() else {
            return Vec::new();
        };
        self.pods
            .iter()
            .filter(|p| selector.matches(&p.metadata.labels))
            .filter(|p| p.metadata.controller_ref().is_none_or(|r| r.uid == self.ds.metadata.uid))
            .cloned()
            .collect()
    }

    fn view(&self) -> BTreeMap<String, super::plan::NodeView> {
        node_view(&self.ds, &self.claimed(), &self.nodes, &self.hash(), self.now)
    }

    /// `expectSyncDaemonSets`' numbers: (creates, deletes, events). Only
    /// the events the controller raises itself count, as upstream's fake
    /// pod control records none.
    pub fn sync(&mut self) -> (usize, usize, usize) {
        if self.ds.spec.selector.as_ref().is_none_or(|s| s.is_empty()) {
            return (0, 0, 1);
        }
        if self.ds.metadata.deletion_timestamp.is_some() {
            return (0, 0, 0);
        }
        let view = self.view();
        let desired = view.values().filter(|n| n.should_run).count() as i32;
        let b = budget(&self.ds, desired);
        let mut plan = manage(&view, b.allows_surge, &mut self.backoff, self.now);
        delete_orphans(&self.claimed(), &self.nodes, &mut plan);
        let events = plan.delete.iter().filter(|(_, r)| matches!(r, Reason::Failed | Reason::Succeeded)).count();
        let (mut creates, mut deletes) = self.apply(&plan);
        if b.rolling {
            let plan = rolling_update(&self.view(), desired, b.surge, b.unavailable);
            let (c, d) = self.apply(&plan);
            creates += c;
            deletes += d;
        }
        (creates, deletes, events)
    }

    /// The status `updateDaemonSetStatus` would write now.
    pub fn status(&self) -> DaemonSetStatus {
        count_status(&self.view())
    }

    fn apply(&mut self, plan: &Plan) -> (usize, usize) {
        let before = self.pods.len();
        self.pods.retain(|p| !plan.delete.iter().any(|(n, _)| *n == p.metadata.name));
        let deleted = before - self.pods.len();
        let hash = self.hash();
        let generation = template_generation(&self.ds);
        for node in &plan.create_on {
            let mut p = self.new_pod("", &[], true);
            p.metadata.labels = self.ds.spec.template.metadata.labels.clone();
            label_daemon_pod(&mut p.metadata.labels, generation.as_deref(), &hash);
            add_daemon_tolerations(p.spec_mut());
            pin_to_node(p.spec_mut(), node);
            self.pods.push(p);
        }
        (plan.create_on.len(), deleted)
    }
}
