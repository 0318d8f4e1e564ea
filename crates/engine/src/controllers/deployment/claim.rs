//! Which ReplicaSets and pods belong to a Deployment, and which changes
//! wake it (`deployment_controller.go`: getReplicaSetsForDeployment,
//! getPodMapForDeployment and the informer handlers).

use super::{util, Dc, SyncError};
use crate::controllers::replicaset::claim::{self, Claim};
use kubeplay_apiserver::{ApiError, Change, Store};
use kubeplay_model::api::{Deployment, Pod, ReplicaSet};
use kubeplay_model::selector::label_selector_as_selector;
use kubeplay_model::{Kind, Object, ObjectKey, OwnerReference, Uid};
use std::collections::BTreeMap;

/// The controller reference a Deployment puts on its ReplicaSets.
pub(crate) fn deployment_ref(d: &Deployment) -> OwnerReference {
    OwnerReference {
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        name: d.metadata.name.clone(),
        uid: d.metadata.uid.clone(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    }
}

/// Pods of the Deployment's ReplicaSets by owner uid, including inactive
/// ones: Recreate must see every old pod gone before starting new ones.
pub(crate) type PodMap = BTreeMap<Uid, Vec<Pod>>;

impl Dc<'_> {
    /// `getReplicaSetsForDeployment`: adopt matching orphans, release owned
    /// ReplicaSets that no longer match, keep going past errors and report
    /// the first at the end.
    pub(crate) fn claim_replica_sets(&mut self, d: &Deployment) -> Result<Vec<ReplicaSet>, SyncError> {
        let selector = label_selector_as_selector(d.spec.selector.as_ref()).map_err(|e| {
            SyncError::Other(format!("deployment {}/{} has invalid label selector: {e}", d.metadata.namespace, d.metadata.name))
        })?;
        let mut claimed = Vec::new();
        let mut first_err = None;
        for rs in self.api.replica_set_candidates(d) {
            let selected = selector.matches(&rs.metadata.labels);
            let result = match claim::decide(&d.metadata, &rs.metadata, selected) {
                Claim::Keep => {
                    claimed.push(rs);
                    Ok(())
                }
                Claim::Ignore => Ok(()),
                Claim::Adopt => {
                    let mut copy = rs.clone();
                    claim::adopt(&mut copy.metadata, deployment_ref(d));
                    self.api.update_rs(copy).map(|r| {
                        self.did.push(format!("adopted ReplicaSet {}", r.metadata.name));
                        claimed.push(r);
                    })
                }
                Claim::Release => {
                    let mut copy = rs.clone();
                    claim::release(&mut copy.metadata, &d.metadata.uid);
                    self.api.update_rs(copy).map(|r| self.did.push(format!("released ReplicaSet {} (its labels no longer match)", r.metadata.name)))
                }
            };
            match result {
                Ok(()) | Err(ApiError::NotFound { .. }) => {}
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        match first_err {
            Some(e) => Err(e.into()),
            None => Ok(claimed),
        }
    }

    /// `getPodMapForDeployment`.
    pub(crate) fn pod_map(&self, d: &Deployment, rss: &[ReplicaSet]) -> PodMap {
        let Ok(selector) = label_selector_as_selector(d.spec.selector.as_ref()) else {
            return rss.iter().map(|r| (r.metadata.uid.clone(), Vec::new())).collect();
        };
        rss.iter()
            .map(|r| {
                let pods = self.api.pods_controlled_by(&r.metadata.uid).into_iter().filter(|p| selector.matches(&p.metadata.labels)).collect();
                (r.metadata.uid.clone(), pods)
            })
            .collect()
    }
}

/// The Deployment a controller reference names, if it exists with that uid.
fn resolve(store: &Store, ns: &str, r: &OwnerReference) -> Option<ObjectKey> {
    if r.kind != "Deployment" {
        return None;
    }
    let d = store.get_by(Kind::Deployment, ns, &r.name)?;
    (d.meta().uid == r.uid).then(|| d.key())
}

/// Deployments whose selector matches an orphan ReplicaSet's labels.
fn selecting(store: &Store, rs: &Object) -> Vec<ObjectKey> {
    store
        .list(Kind::Deployment, Some(rs.namespace()))
        .filter(|o| {
            o.as_deployment().is_some_and(|d| {
                label_selector_as_selector(d.spec.selector.as_ref()).is_ok_and(|s| !s.is_empty() && s.matches(&rs.meta().labels))
            })
        })
        .map(|o| o.key())
        .collect()
}

/// addReplicaSet, updateReplicaSet and deleteReplicaSet.
pub(crate) fn watch_replica_set(change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
    let ns = change.key.namespace.as_str();
    let owner_of = |o: &Object| o.meta().controller_ref().and_then(|r| resolve(store, ns, r));
    match (change.old.as_deref(), change.new.as_deref()) {
        (None, Some(new)) => match new.meta().controller_ref() {
            Some(_) => owner_of(new).into_iter().for_each(&mut *enqueue),
            None if new.meta().deletion_timestamp.is_none() => selecting(store, new).into_iter().for_each(&mut *enqueue),
            None => {}
        },
        (Some(old), Some(new)) => {
            let (old_ref, new_ref) = (old.meta().controller_ref(), new.meta().controller_ref());
            let ref_changed = old_ref != new_ref;
            if ref_changed && old_ref.is_some() {
                owner_of(old).into_iter().for_each(&mut *enqueue);
            }
            if new_ref.is_some() {
                owner_of(new).into_iter().for_each(&mut *enqueue);
            } else if ref_changed || old.meta().labels != new.meta().labels {
                selecting(store, new).into_iter().for_each(&mut *enqueue);
            }
        }
        (Some(old), None) => owner_of(old).into_iter().for_each(&mut *enqueue),
        (None, None) => {}
    }
}

/// deletePod: a Recreate Deployment waits for its last pod to go.
pub(crate) fn watch_pod_deleted(change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
    let Some(pod) = change.old.as_deref() else { return };
    let ns = pod.namespace();
    let Some(rs_ref) = pod.meta().controller_ref().filter(|r| r.kind == "ReplicaSet") else { return };
    let Some(rs) = store.get_by(Kind::ReplicaSet, ns, &rs_ref.name).filter(|r| r.meta().uid == rs_ref.uid) else { return };
    let Some(dkey) = rs.meta().controller_ref().and_then(|r| resolve(store, ns, r)) else { return };
    let Some(d) = store.get(&dkey).and_then(|o| o.as_deployment()) else { return };
    if util::strategy_type(d) != "Recreate" {
        return;
    }
    let Ok(selector) = label_selector_as_selector(d.spec.selector.as_ref()) else { return };
    let remaining: usize = store
        .controlled_by(Kind::ReplicaSet, &d.metadata.uid)
        .filter(|r| selector.matches(&r.meta().labels))
        .map(|r| store.controlled_by(Kind::Pod, &r.meta().uid).filter(|p| selector.matches(&p.meta().labels)).count())
        .sum();
    if remaining == 0 {
        enqueue(dkey);
    }
}
