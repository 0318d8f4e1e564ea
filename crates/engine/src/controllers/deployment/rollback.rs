//! Going back to an earlier template. Modern kubectl does `rollout undo`,
//! `rollout history` and `rollout restart` on the client: it reads the
//! revisions off the ReplicaSets and writes the Deployment's template
//! (kubectl `polymorphichelpers/rollback.go` and `history.go`); the helpers
//! for that are here, and kubeplay's kubectl calls them, so the engine's
//! tests of them test what users run. The controller side handles the deprecated
//! `rollbackTo` field that apps/v1 carries as an annotation (upstream
//! `rollback.go`).

use super::util::*;
use super::{Dc, SyncError};
use kubeplay_apiserver::Store;
use kubeplay_model::api::{Deployment, PodTemplateSpec, ReplicaSet};
use kubeplay_model::selector::label_selector_as_selector;
use kubeplay_model::{Kind, Object, Time};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The template annotation `kubectl rollout restart` sets.
pub const RESTARTED_AT: &str = "kubectl.kubernetes.io/restartedAt";

/// Why `kubectl rollout undo` did not roll back, in kubectl's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RollbackError {
    #[error("unable to find specified revision {0} in history")]
    RevisionNotFound(i64),
    #[error("no rollout history found for deployment {0:?}")]
    NoHistory(String),
    #[error("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again")]
    Paused,
    /// Not a failure: kubectl prints `deployment.apps/x skipped rollback (…)`.
    #[error("skipped rollback (current template already matches revision {0})")]
    Skipped(i64),
}

/// Why `kubectl rollout restart` refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestartError {
    #[error("can't restart paused deployment (run rollout resume first)")]
    Paused,
}

/// `GetAllReplicaSets` as kubectl calls it: the ReplicaSets the Deployment
/// controls among those its selector matches (kubectl lists by label
/// selector, then keeps the controlled ones; no adoption).
fn owned_replica_sets<'a>(store: &'a Store, d: &Deployment) -> Vec<&'a Arc<Object>> {
    let Ok(selector) = label_selector_as_selector(d.spec.selector.as_ref()) else { return Vec::new() };
    store.controlled_by(Kind::ReplicaSet, &d.metadata.uid).filter(|o| o.as_replica_set().is_some() && selector.matches(&o.meta().labels)).collect()
}

fn as_rs(o: &Arc<Object>) -> Option<&ReplicaSet> {
    o.as_replica_set()
}

/// kubectl's `deploymentRevision`: the ReplicaSet of revision `to` (0:
/// the one before the latest).
fn revision_rs<'a>(store: &'a Store, d: &Deployment, to: i64) -> Result<&'a ReplicaSet, RollbackError> {
    let mut latest: (i64, Option<&ReplicaSet>) = (-1, None);
    let mut previous: (i64, Option<&ReplicaSet>) = (-1, None);
    for rs in owned_replica_sets(store, d).into_iter().filter_map(as_rs) {
        let Ok(v) = revision(rs) else { continue };
        if to == 0 {
            if latest.0 < v {
                previous = latest;
                latest = (v, Some(rs));
            } else if previous.0 < v {
                previous = (v, Some(rs));
            }
        } else if v == to {
            return Ok(rs);
        }
    }
    if to > 0 {
        return Err(RollbackError::RevisionNotFound(to));
    }
    previous.1.ok_or_else(|| RollbackError::NoHistory(d.metadata.name.clone()))
}

/// The ReplicaSet whose template `kubectl rollout undo [--to-revision=N]`
/// restores, found before anything else is checked: `--dry-run=client`
/// prints its template even for a paused Deployment.
pub fn rollback_source<'a>(store: &'a Store, d: &Deployment, to_revision: Option<i64>) -> Result<&'a ReplicaSet, RollbackError> {
    let to = to_revision.unwrap_or(0);
    if to < 0 {
        return Err(RollbackError::RevisionNotFound(to));
    }
    revision_rs(store, d, to)
}

/// `kubectl rollout undo [--to-revision=N]` (kubectl's
/// `DeploymentRollbacker`): the Deployment with that revision's template
/// (hash label removed) and annotations, as kubectl's patch writes them.
/// Write it back with an update. `Skipped` names the revision asked for
/// (0 without `--to-revision`), as kubectl's message does.
pub fn rollback(store: &Store, d: &Deployment, to_revision: Option<i64>) -> Result<Deployment, RollbackError> {
    let rs = rollback_source(store, d, to_revision)?;
    if is_paused(d) {
        return Err(RollbackError::Paused);
    }
    if equal_ignore_hash(&rs.spec.template, &d.spec.template) {
        return Err(RollbackError::Skipped(to_revision.unwrap_or(0)));
    }
    let mut out = d.clone();
    out.spec.template = rs.spec.template.clone();
    out.spec.template.metadata.labels.remove(HASH_LABEL);
    let mut annotations: BTreeMap<String, String> = d.metadata.annotations.iter().filter(|(k, _)| skip_copy_annotation(k)).map(|(k, v)| (k.clone(), v.clone())).collect();
    for (k, v) in &rs.metadata.annotations {
        if !skip_copy_annotation(k) {
            annotations.insert(k.clone(), v.clone());
        }
    }
    out.metadata.annotations = annotations.into();
    Ok(out)
}

/// The template `kubectl rollout undo` would restore.
pub fn rollback_template(store: &Store, d: &Deployment, to_revision: Option<i64>) -> Result<PodTemplateSpec, RollbackError> {
    rollback(store, d, to_revision).map(|d| d.spec.template)
}

/// The Deployment's ReplicaSets by revision (kubectl's `GetHistory`, what
/// `rollout history -o yaml` prints); ReplicaSets without a readable
/// revision are left out.
pub fn revisions<'a>(store: &'a Store, d: &Deployment) -> BTreeMap<i64, &'a Arc<Object>> {
    let mut out = BTreeMap::new();
    for o in owned_replica_sets(store, d) {
        if let Some(Ok(v)) = as_rs(o).map(revision) {
            out.insert(v, o);
        }
    }
    out
}

/// `kubectl rollout history`: each revision's template, with its
/// ReplicaSet's `kubernetes.io/change-cause` as a template annotation.
pub fn history(store: &Store, d: &Deployment) -> BTreeMap<i64, PodTemplateSpec> {
    let mut out = BTreeMap::new();
    for (v, o) in revisions(store, d) {
        let Some(rs) = as_rs(o) else { continue };
        let mut t = rs.spec.template.clone();
        if let Some(cause) = rs.metadata.annotations.get(CHANGE_CAUSE).filter(|c| !c.is_empty()) {
            t.metadata.annotations.insert(CHANGE_CAUSE.into(), cause.clone());
        }
        out.insert(v, t);
    }
    out
}

/// `kubectl rollout restart`: the template with `restartedAt` set to now,
/// which makes a new revision.
pub fn restart_template(d: &Deployment, now: Time) -> Result<PodTemplateSpec, RestartError> {
    if is_paused(d) {
        return Err(RestartError::Paused);
    }
    let mut t = d.spec.template.clone();
    t.metadata.annotations.insert(RESTARTED_AT.into(), now.rfc3339());
    Ok(t)
}

/// The deprecated rollbackTo revision, if a valid one is set (`getRollbackTo`).
pub fn rollback_to(d: &Deployment) -> Option<i64> {
    d.metadata.annotations.get(ROLLBACK_TO).filter(|v| !v.is_empty()).and_then(|v| parse_go_int(v))
}

impl Dc<'_> {
    /// `rollback`: the controller copies the requested revision's template
    /// back (0: the previous one) and clears the request in any case.
    pub(crate) fn rollback(&mut self, d: &mut Deployment, rss: &mut Vec<ReplicaSet>) -> Result<(), SyncError> {
        let (new, olds) = self.new_and_old(d, rss, true)?;
        let mut idx = olds;
        idx.extend(new);
        let all: Vec<&ReplicaSet> = idx.iter().map(|&i| &rss[i]).collect();
        let mut to = rollback_to(d).unwrap_or(0);
        if to == 0 {
            to = last_revision(&all);
            if to == 0 {
                self.api.event(d, "Warning", "DeploymentRollbackRevisionNotFound", "Unable to find last revision.".into());
                self.why = "a rollback was requested but there is no earlier revision".into();
                return self.clear_rollback_to(d);
            }
        }
        let Some(rs) = all.iter().find(|r| revision(r) == Ok(to)).map(|r| (*r).clone()) else {
            self.api.event(d, "Warning", "DeploymentRollbackRevisionNotFound", "Unable to find the revision to rollback to.".into());
            self.why = format!("a rollback to revision {to} was requested but it is not in the history");
            return self.clear_rollback_to(d);
        };
        if equal_ignore_hash(&d.spec.template, &rs.spec.template) {
            let msg = format!("The rollback revision contains the same template as current deployment {:?}", d.metadata.name);
            self.api.event(d, "Warning", "DeploymentRollbackTemplateUnchanged", msg);
            self.why = format!("revision {to} already has the current template");
            return self.clear_rollback_to(d);
        }
        d.spec.template = rs.spec.template.clone();
        d.spec.template.metadata.labels.remove(HASH_LABEL);
        set_deployment_annotations_to(d, &rs);
        self.clear_rollback_to(d)?;
        self.api.event(d, "Normal", "DeploymentRollback", format!("Rolled back deployment {:?} to revision {to}", d.metadata.name));
        self.why = format!("rolled back to revision {to}'s template");
        Ok(())
    }

    /// `updateDeploymentAndClearRollbackTo`: a full update (upstream's
    /// `Update`, not `UpdateStatus`), which bumps the generation.
    fn clear_rollback_to(&mut self, d: &mut Deployment) -> Result<(), SyncError> {
        d.metadata.annotations.remove(ROLLBACK_TO);
        let kept = d.status.clone();
        *d = self.api.update_deployment(d)?;
        d.status = kept;
        Ok(())
    }
}
