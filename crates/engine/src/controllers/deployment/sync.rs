//! Finding or creating the new ReplicaSet with its revision, scaling
//! proportionally, pruning history and computing status (upstream
//! `sync.go`).

use super::claim::deployment_ref;
use super::util::*;
use super::{Dc, SyncError};
use kubeplay_apiserver::ApiError;
use kubeplay_model::api::{Deployment, DeploymentStatus, ReplicaSet, ReplicaSetSpec};
use kubeplay_model::{LabelSelector, ObjectMeta};

/// Zero counts are left out, as the Go struct's `omitempty` leaves them.
pub(crate) fn nz(v: i32) -> Option<i32> {
    (v != 0).then_some(v)
}

/// `calculateStatus`: counts summed over the ReplicaSets, the Available
/// condition; other conditions carried over.
pub(crate) fn calculate_status(all: &[&ReplicaSet], new: Option<&ReplicaSet>, d: &Deployment, now: kubeplay_model::Time) -> DeploymentStatus {
    let available = total_available(all);
    let unavailable = (total_spec(all) - available).max(0);
    let mut status = DeploymentStatus {
        observed_generation: Some(d.metadata.generation).filter(|g| *g != 0),
        replicas: nz(total_actual(all)),
        updated_replicas: nz(new.map_or(0, |r| r.status.replicas)),
        ready_replicas: nz(total_ready(all)),
        available_replicas: nz(available),
        unavailable_replicas: nz(unavailable),
        conditions: d.status.conditions.clone(),
        collision_count: d.status.collision_count,
    };
    if available >= replicas(d) - max_unavailable(d) {
        set_condition(&mut status, new_condition(AVAILABLE, "True", MIN_AVAILABLE, "Deployment has minimum availability.".into(), now));
    } else {
        set_condition(&mut status, new_condition(AVAILABLE, "False", MIN_UNAVAILABLE, "Deployment does not have minimum availability.".into(), now));
    }
    status
}

fn refs<'a>(rss: &'a [ReplicaSet], idx: &[usize]) -> Vec<&'a ReplicaSet> {
    idx.iter().filter_map(|&i| rss.get(i)).collect()
}

fn with_new(olds: &[usize], new: Option<usize>) -> Vec<usize> {
    let mut all = olds.to_vec();
    all.extend(new);
    all
}

impl Dc<'_> {
    /// `getAllReplicaSetsAndSyncRevision`: the new ReplicaSet (created when
    /// asked and missing) and the indices of the old ones.
    pub(crate) fn new_and_old(&mut self, d: &mut Deployment, rss: &mut Vec<ReplicaSet>, create: bool) -> Result<(Option<usize>, Vec<usize>), SyncError> {
        let all: Vec<&ReplicaSet> = rss.iter().collect();
        let existing = find_new(d, &all).and_then(|n| rss.iter().position(|r| std::ptr::eq(r, n)));
        let olds: Vec<usize> = (0..rss.len()).filter(|i| Some(*i) != existing).collect();
        let new = self.get_new_replica_set(d, rss, existing, &olds, create)?;
        Ok((new, olds))
    }

    /// `getNewReplicaSet`: brings an existing new ReplicaSet's annotations
    /// and revision up to date, or creates it named `<deployment>-<hash>`.
    /// The Deployment's revision annotation goes through the status
    /// endpoint, as upstream's `UpdateStatus` call: through the main one an
    /// annotation change would bump the generation on every rollout.
    fn get_new_replica_set(
        &mut self,
        d: &mut Deployment,
        rss: &mut Vec<ReplicaSet>,
        existing: Option<usize>,
        olds: &[usize],
        create: bool,
    ) -> Result<Option<usize>, SyncError> {
        let new_revision = (max_revision(&refs(rss, olds)) + 1).to_string();
        if let Some(i) = existing {
            // Upstream edits a copy of the ReplicaSet; only its
            // annotations can change (it exists), so they are edited in
            // place and put back, and the whole ReplicaSet, pod template
            // and all, is copied only for an update (most syncs need none).
            let saved = rss[i].metadata.annotations.clone();
            let annotations_updated = set_new_rs_annotations(d, &mut rss[i], &new_revision, true, MAX_REV_HISTORY_CHARS);
            let edited = std::mem::replace(&mut rss[i].metadata.annotations, saved);
            let min_ready_differs = rss[i].spec.min_ready_seconds.unwrap_or(0) != d.spec.min_ready_seconds.unwrap_or(0);
            if annotations_updated || min_ready_differs {
                let mut copy = rss[i].clone();
                copy.metadata.annotations = edited;
                copy.spec.min_ready_seconds = d.spec.min_ready_seconds;
                let before = rss[i].metadata.annotations.get(REVISION).cloned();
                rss[i] = self.api.update_rs(copy)?;
                let after = rss[i].metadata.annotations.get(REVISION).cloned();
                if before != after {
                    let rev = after.unwrap_or_default();
                    self.did.push(format!("ReplicaSet {} matches the template, so it becomes revision {rev}", rss[i].metadata.name));
                }
                return Ok(Some(i));
            }
            let rev = rss[i].metadata.annotations.get(REVISION).cloned().unwrap_or_default();
            let mut needs_update = set_deployment_revision(d, &rev);
            if progress_deadline(d).is_some() && get_condition(&d.status, PROGRESSING).is_none() {
                let msg = format!("Found new replica set {:?}", rss[i].metadata.name);
                set_condition(&mut d.status, new_condition(PROGRESSING, "True", FOUND_NEW_RS, msg, self.api.now()));
                needs_update = true;
            }
            if needs_update {
                *d = self.api.update_status(d)?;
            }
            return Ok(Some(i));
        }
        if !create {
            return Ok(None);
        }
        let mut template = d.spec.template.clone();
        let hash = compute_hash(&template, d.status.collision_count);
        template.metadata.labels.insert(HASH_LABEL.into(), hash.clone());
        let mut selector: LabelSelector = d.spec.selector.clone().unwrap_or_default();
        selector.match_labels.insert(HASH_LABEL.into(), hash.clone());
        let name = format!("{}-{hash}", d.metadata.name);
        let mut new_rs = ReplicaSet {
            metadata: ObjectMeta {
                name: name.clone(),
                namespace: d.metadata.namespace.clone(),
                owner_references: vec![deployment_ref(d)].into(),
                labels: template.metadata.labels.clone(),
                ..Default::default()
            },
            spec: ReplicaSetSpec { replicas: Some(0), min_ready_seconds: d.spec.min_ready_seconds, selector: Some(selector), template },
            status: Default::default(),
        };
        let mut all = refs(rss, olds);
        all.push(&new_rs);
        let count = new_rs_new_replicas(d, &all, &new_rs).map_err(SyncError::Other)?;
        new_rs.spec.replicas = Some(count);
        set_new_rs_annotations(d, &mut new_rs, &new_revision, false, MAX_REV_HISTORY_CHARS);
        let (created, already_existed) = match self.api.create_rs(new_rs) {
            Ok(rs) => (rs, false),
            Err(e @ ApiError::AlreadyExists { .. }) => {
                let found = self.api.get_rs(&d.metadata.namespace, &name).ok_or(e.clone())?;
                let ours = found.metadata.controller_ref().is_some_and(|r| r.uid == d.metadata.uid);
                if ours && equal_ignore_hash(&d.spec.template, &found.spec.template) {
                    (found, true)
                } else {
                    // A hash collision: count it, so the next sync hashes differently.
                    let before = d.status.collision_count.unwrap_or(0);
                    d.status.collision_count = Some(before + 1);
                    if let Ok(updated) = self.api.update_status(d) {
                        *d = updated;
                    }
                    self.did.push(format!("ReplicaSet {name} exists with another template (a hash collision): collisionCount {before} → {}", before + 1));
                    return Err(e.into());
                }
            }
            Err(e @ ApiError::NamespaceTerminating { .. }) => return Err(e.into()),
            Err(e) => {
                let msg = format!("Failed to create new replica set {name:?}: {e}");
                if progress_deadline(d).is_some() {
                    set_condition(&mut d.status, new_condition(PROGRESSING, "False", FAILED_RS_CREATE, msg.clone(), self.api.now()));
                    if let Ok(updated) = self.api.update_status(d) {
                        *d = updated;
                    }
                }
                self.api.event(d, "Warning", FAILED_RS_CREATE, msg);
                return Err(e.into());
            }
        };
        if !already_existed && count > 0 {
            self.api.event(d, "Normal", "ScalingReplicaSet", format!("Scaled up replica set {} from 0 to {count}", created.metadata.name));
        }
        if !already_existed {
            let n = crate::controllers::plural(count.max(0) as usize, "replica");
            self.did.push(format!("created ReplicaSet {} with {n} for the changed pod template (revision {new_revision})", created.metadata.name));
            if is_rolling(d) && self.why.is_empty() {
                self.why = format!("rolling update: up to {} pods may exist ({} replicas + maxSurge {})", replicas(d) + max_surge(d), replicas(d), max_surge(d));
            }
        }
        let mut needs_update = set_deployment_revision(d, &new_revision);
        if !already_existed && progress_deadline(d).is_some() {
            let msg = format!("Created new replica set {:?}", created.metadata.name);
            set_condition(&mut d.status, new_condition(PROGRESSING, "True", NEW_RS_CREATED, msg, self.api.now()));
            needs_update = true;
        }
        rss.push(created);
        if needs_update {
            *d = self.api.update_status(d)?;
        }
        Ok(Some(rss.len() - 1))
    }

    /// `scaleReplicaSetAndRecordEvent`: only when the size changes.
    pub(crate) fn scale_and_record(&mut self, d: &Deployment, rss: &mut [ReplicaSet], i: usize, to: i32) -> Result<bool, SyncError> {
        if rs_replicas(&rss[i]) == to {
            return Ok(false);
        }
        self.scale_replica_set(d, rss, i, to)
    }

    /// `scaleReplicaSet`: sets the size and the desired/max annotations;
    /// the event is recorded only when the size changed.
    pub(crate) fn scale_replica_set(&mut self, d: &Deployment, rss: &mut [ReplicaSet], i: usize, to: i32) -> Result<bool, SyncError> {
        let from = rs_replicas(&rss[i]);
        let (desired, max) = (replicas(d), replicas(d) + max_surge(d));
        let size_changes = from != to;
        if !size_changes && !replicas_annotations_need_update(&rss[i], desired, max) {
            return Ok(false);
        }
        let mut copy = rss[i].clone();
        copy.spec.replicas = Some(to);
        set_replicas_annotations(&mut copy, desired, max);
        rss[i] = self.api.update_rs(copy)?;
        if size_changes {
            let op = if from < to { "up" } else { "down" };
            let name = rss[i].metadata.name.clone();
            self.api.event(d, "Normal", "ScalingReplicaSet", format!("Scaled {op} replica set {name} from {from} to {to}"));
            self.did.push(format!("scaled {op} ReplicaSet {name} from {from} to {to}"));
        }
        Ok(size_changes)
    }

    /// `scale`: outside a rollout, the one active ReplicaSet takes every
    /// replica; with a saturated new one the old ones go to 0; otherwise
    /// the change is shared in proportion to size (larger first, leftovers
    /// to the first), so a scale mid-rollout does not hasten the rollout.
    pub(crate) fn scale(&mut self, d: &Deployment, rss: &mut [ReplicaSet], new: Option<usize>, olds: &[usize]) -> Result<(), SyncError> {
        let want = replicas(d);
        let mut olds = olds.to_vec();
        kubeplay_model::sort::sort_by(&mut olds, |a, b| by_creation(&rss[*b], &rss[*a]));
        let active: Vec<usize> = with_new(&olds, new).into_iter().filter(|&i| rs_replicas(&rss[i]) > 0).collect();
        let only = match active.len() {
            0 => new.or(olds.first().copied()),
            1 => active.first().copied(),
            _ => None,
        };
        if let Some(i) = only {
            if rs_replicas(&rss[i]) != want {
                self.why = format!("it was scaled to {want}, and {} is its only active ReplicaSet", rss[i].metadata.name);
                self.scale_and_record(d, rss, i, want)?;
            }
            return Ok(());
        }
        if is_saturated(d, new.map(|i| &rss[i])) {
            self.why = "the new ReplicaSet has every replica available, so the old ones go to 0".into();
            let active_olds: Vec<usize> = olds.iter().copied().filter(|&i| rs_replicas(&rss[i]) > 0).collect();
            for i in active_olds {
                self.scale_and_record(d, rss, i, 0)?;
            }
            return Ok(());
        }
        if !is_rolling(d) {
            return Ok(());
        }
        let allowed = if want > 0 { want + max_surge(d) } else { 0 };
        let to_add = allowed - total_spec(&refs(rss, &active));
        let mut order = active;
        if to_add > 0 {
            kubeplay_model::sort::sort_by(&mut order, |a, b| by_size_newer(&rss[*a], &rss[*b]));
        } else if to_add < 0 {
            kubeplay_model::sort::sort_by(&mut order, |a, b| by_size_older(&rss[*a], &rss[*b]));
        }
        let mut added = 0;
        let mut sizes: Vec<i32> = Vec::with_capacity(order.len());
        for &i in &order {
            let p = if to_add != 0 { proportion(&rss[i], d, to_add, added) } else { 0 };
            sizes.push(rs_replicas(&rss[i]) + p);
            added += p;
        }
        if to_add != 0 {
            if let Some(first) = sizes.first_mut() {
                *first = (*first + to_add - added).max(0);
            }
            self.why = format!(
                "it was scaled mid-rollout: {to_add:+} replicas (up to {allowed} pods with maxSurge) shared among its active ReplicaSets in proportion to their size"
            );
        }
        for (&i, &size) in order.iter().zip(&sizes) {
            self.scale_replica_set(d, rss, i, size)?;
        }
        Ok(())
    }

    /// `cleanupDeployment`: deletes the oldest revisions beyond
    /// revisionHistoryLimit, skipping any that still have or want pods or
    /// whose scale-down the ReplicaSet controller has not seen yet.
    pub(crate) fn cleanup_deployment(&mut self, d: &Deployment, rss: &[ReplicaSet], olds: &[usize]) -> Result<(), SyncError> {
        let Some(limit) = revision_history_limit(d) else { return Ok(()) };
        let mut cleanable: Vec<&ReplicaSet> = refs(rss, olds).into_iter().filter(|r| r.metadata.deletion_timestamp.is_none()).collect();
        let diff = cleanable.len() as i64 - limit as i64;
        if diff <= 0 {
            return Ok(());
        }
        crate::controllers::replicaset::victims::sort_by_less(&mut cleanable, &|a: &&ReplicaSet, b: &&ReplicaSet| by_revision(a, b).is_lt());
        for rs in cleanable.into_iter().take(diff as usize) {
            let observed = rs.status.observed_generation.unwrap_or(0);
            if rs.status.replicas != 0 || rs_replicas(rs) != 0 || rs.metadata.generation > observed || rs.metadata.deletion_timestamp.is_some() {
                continue;
            }
            match self.api.delete_rs(rs) {
                Ok(()) => self.did.push(format!(
                    "deleted ReplicaSet {} (revision {}) to keep revisionHistoryLimit {limit}",
                    rs.metadata.name,
                    rs.metadata.annotations.get(REVISION).map(String::as_str).unwrap_or("?")
                )),
                Err(ApiError::NotFound { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// `syncDeploymentStatus`: writes the computed status if it changed.
    pub(crate) fn sync_deployment_status(&mut self, d: &mut Deployment, rss: &[ReplicaSet], new: Option<usize>, olds: &[usize]) -> Result<(), SyncError> {
        let all = refs(rss, &with_new(olds, new));
        let status = calculate_status(&all, new.map(|i| &rss[i]), d, self.api.now());
        if status == d.status {
            return Ok(());
        }
        d.status = status;
        *d = self.api.update_status(d)?;
        Ok(())
    }

    /// `sync`: a paused Deployment or a scaling event — scale, prune
    /// history while paused, update status. Never creates a ReplicaSet.
    pub(crate) fn sync(&mut self, d: &mut Deployment, rss: &mut Vec<ReplicaSet>) -> Result<(), SyncError> {
        let (new, olds) = self.new_and_old(d, rss, false)?;
        if is_paused(d) && self.why.is_empty() {
            self.why = "it is paused: template changes wait for resume; scaling still applies".into();
        }
        self.scale(d, rss, new, &olds)?;
        if is_paused(d) && super::rollback::rollback_to(d).is_none() {
            self.cleanup_deployment(d, rss, &olds)?;
        }
        self.sync_deployment_status(d, rss, new, &olds)
    }

    /// `syncStatusOnly`.
    pub(crate) fn sync_status_only(&mut self, d: &mut Deployment, rss: &mut Vec<ReplicaSet>) -> Result<(), SyncError> {
        let (new, olds) = self.new_and_old(d, rss, false)?;
        self.sync_deployment_status(d, rss, new, &olds)
    }

    /// `isScalingEvent`: some active ReplicaSet was sized for a different
    /// replica count than the Deployment now asks for.
    pub(crate) fn is_scaling_event(&mut self, d: &mut Deployment, rss: &mut Vec<ReplicaSet>) -> Result<bool, SyncError> {
        let (new, olds) = self.new_and_old(d, rss, false)?;
        let want = replicas(d);
        Ok(refs(rss, &with_new(&olds, new))
            .into_iter()
            .filter(|r| rs_replicas(r) > 0)
            .any(|r| annotation_i32(r, DESIRED_REPLICAS).is_some_and(|desired| desired != want)))
    }

    /// `checkPausedConditions`: Progressing becomes Unknown/DeploymentPaused
    /// while paused and Unknown/DeploymentResumed on resume, so time spent
    /// paused never counts against the progress deadline. A timed-out
    /// rollout keeps its condition.
    pub(crate) fn check_paused_conditions(&mut self, d: &mut Deployment) -> Result<(), SyncError> {
        if progress_deadline(d).is_none() {
            return Ok(());
        }
        let reason = get_condition(&d.status, PROGRESSING).and_then(|c| c.reason.clone());
        if reason.as_deref() == Some(TIMED_OUT) {
            return Ok(());
        }
        let paused_cond = reason.as_deref() == Some(PAUSED);
        let now = self.api.now();
        let cond = match (is_paused(d), paused_cond) {
            (true, false) => new_condition(PROGRESSING, "Unknown", PAUSED, "Deployment is paused".into(), now),
            (false, true) => new_condition(PROGRESSING, "Unknown", RESUMED, "Deployment is resumed".into(), now),
            _ => return Ok(()),
        };
        set_condition(&mut d.status, cond);
        *d = self.api.update_status(d)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
