//! A fake API for the deployment algorithms' table tests, in the spirit of
//! upstream's fake clientset: it keeps objects, records every write, and
//! can be told to fail updates of some ReplicaSets.

use super::util;
use super::Api;
use kubeplay_apiserver::ApiError;
use kubeplay_model::api::{Container, Deployment, DeploymentSpec, DeploymentStrategy, Pod, PodSpec, PodTemplateSpec, ReplicaSet, ReplicaSetSpec, RollingUpdateDeployment};
use kubeplay_model::{IntOrString, Kind, LabelSelector, ObjectMeta, Time};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    CreateRs(ReplicaSet),
    UpdateRs(ReplicaSet),
    DeleteRs(String),
    UpdateDeployment(Deployment),
    UpdateStatus(Deployment),
}

#[derive(Default)]
pub struct FakeApi {
    pub now: Time,
    pub rss: Vec<ReplicaSet>,
    pub pods: Vec<Pod>,
    pub actions: Vec<Action>,
    pub events: Vec<(String, String, String)>,
    pub requeues: Vec<i64>,
    /// Names of ReplicaSets whose updates fail.
    pub fail_updates: BTreeSet<String>,
    pub next_uid: u32,
}

impl FakeApi {
    pub fn at(now: Time) -> FakeApi {
        FakeApi { now, ..Default::default() }
    }

    /// The size each ReplicaSet was last updated to, by name.
    pub fn sizes(&self) -> BTreeMap<String, i32> {
        let mut out = BTreeMap::new();
        for a in &self.actions {
            if let Action::UpdateRs(rs) | Action::CreateRs(rs) = a {
                out.insert(rs.metadata.name.clone(), util::rs_replicas(rs));
            }
        }
        out
    }

    pub fn rs_updates(&self) -> Vec<&ReplicaSet> {
        self.actions.iter().filter_map(|a| if let Action::UpdateRs(r) = a { Some(r) } else { None }).collect()
    }

    pub fn event_messages(&self) -> Vec<String> {
        self.events.iter().map(|(_, _, m)| m.clone()).collect()
    }
}

impl Api for FakeApi {
    fn now(&self) -> Time {
        self.now
    }
    fn replica_set_candidates(&self, _d: &Deployment) -> Vec<ReplicaSet> {
        self.rss.clone()
    }
    fn pods_controlled_by(&self, uid: &str) -> Vec<Pod> {
        self.pods.iter().filter(|p| p.metadata.controller_ref().is_some_and(|r| r.uid == uid)).cloned().collect()
    }
    fn get_rs(&self, _ns: &str, name: &str) -> Option<ReplicaSet> {
        self.rss.iter().find(|r| r.metadata.name == name).cloned()
    }
    fn create_rs(&mut self, mut rs: ReplicaSet) -> Result<ReplicaSet, ApiError> {
        if self.rss.iter().any(|r| r.metadata.name == rs.metadata.name) {
            return Err(ApiError::already_exists(Kind::ReplicaSet, &rs.metadata.name));
        }
        self.next_uid += 1;
        rs.metadata.uid = format!("uid-{}", self.next_uid).into();
        rs.metadata.creation_timestamp = Some(self.now);
        rs.metadata.generation = 1;
        self.rss.push(rs.clone());
        self.actions.push(Action::CreateRs(rs.clone()));
        Ok(rs)
    }
    fn update_rs(&mut self, rs: ReplicaSet) -> Result<ReplicaSet, ApiError> {
        if self.fail_updates.contains(&rs.metadata.name) {
            return Err(ApiError::conflict(Kind::ReplicaSet, &rs.metadata.name));
        }
        self.actions.push(Action::UpdateRs(rs.clone()));
        if let Some(slot) = self.rss.iter_mut().find(|r| r.metadata.name == rs.metadata.name) {
            *slot = rs.clone();
        }
        Ok(rs)
    }
    fn delete_rs(&mut self, rs: &ReplicaSet) -> Result<(), ApiError> {
        self.rss.retain(|r| r.metadata.name != rs.metadata.name);
        self.actions.push(Action::DeleteRs(rs.metadata.name.clone()));
        Ok(())
    }
    fn update_deployment(&mut self, d: &Deployment) -> Result<Deployment, ApiError> {
        self.actions.push(Action::UpdateDeployment(d.clone()));
        Ok(d.clone())
    }
    fn update_status(&mut self, d: &Deployment) -> Result<Deployment, ApiError> {
        self.actions.push(Action::UpdateStatus(d.clone()));
        Ok(d.clone())
    }
    fn event(&mut self, _d: &Deployment, type_: &str, reason: &str, message: String) {
        self.events.push((type_.into(), reason.into(), message));
    }
    fn requeue_after(&mut self, ms: i64) {
        self.requeues.push(ms);
    }
}

fn labels(sel: &[(&str, &str)]) -> BTreeMap<String, String> {
    sel.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// Upstream's `newDeployment` test helper: RollingUpdate with maxSurge and
/// maxUnavailable 0 unless given, image `foo/bar`.
pub fn deployment(name: &str, replicas: i32, history: Option<i32>, surge: Option<IntOrString>, unavailable: Option<IntOrString>, sel: &[(&str, &str)]) -> Deployment {
    Deployment {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), uid: format!("{name}-uid").into(), generation: 1, ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels(sel), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels(sel).into(), ..Default::default() },
                spec: PodSpec { containers: vec![Container { image: Some("foo/bar".into()), ..Default::default() }].into(), ..Default::default() },
            },
            strategy: Some(DeploymentStrategy {
                type_: Some("RollingUpdate".into()),
                rolling_update: Some(RollingUpdateDeployment {
                    max_surge: Some(surge.unwrap_or(IntOrString::Int(0))),
                    max_unavailable: Some(unavailable.unwrap_or(IntOrString::Int(0))),
                }),
            }),
            revision_history_limit: history,
            progress_deadline_seconds: Some(i32::MAX),
            ..Default::default()
        },
        status: Default::default(),
    }
}

/// Upstream's `rs` test helper: a ReplicaSet of `size` with that many
/// available, created at `created`.
pub fn rs(name: &str, size: i32, sel: &[(&str, &str)], created: Time) -> ReplicaSet {
    let mut r = ReplicaSet {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), uid: format!("{name}-uid").into(), creation_timestamp: Some(created), ..Default::default() },
        spec: ReplicaSetSpec { replicas: Some(size), selector: Some(LabelSelector { match_labels: labels(sel), match_expressions: vec![] }), ..Default::default() },
        status: Default::default(),
    };
    r.status.replicas = size;
    r.status.available_replicas = Some(size);
    r
}
