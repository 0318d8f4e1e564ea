//! The Deployment controller (`pkg/controller/deployment`): one ReplicaSet
//! per pod template, rolled from old to new within maxSurge and
//! maxUnavailable (or all at once for Recreate), with revisions and
//! rollout conditions.

pub mod util;
mod status;

use crate::controller::{Controller, Ctx};
use crate::controllers::controller_ref;
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{Deployment, ReplicaSet, ReplicaSetSpec};
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta};
use std::sync::Arc;
use util::*;

pub struct DeploymentController;

impl Controller for DeploymentController {
    fn id(&self) -> ControllerId {
        ControllerId::Deployment
    }
    fn component(&self) -> &'static str {
        "deployment-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::Deployment => enqueue(change.key.clone()),
            Kind::ReplicaSet => {
                for side in [&change.old, &change.new].into_iter().flatten() {
                    let meta = side.meta();
                    match meta.controller_ref() {
                        Some(r) if r.kind == "Deployment" => enqueue(ObjectKey::new(Kind::Deployment, &meta.namespace, &r.name)),
                        Some(_) => {}
                        None => {
                            for d in store.list(Kind::Deployment, Some(&meta.namespace)) {
                                if let Object::Deployment(dep) = &**d {
                                    if dep.spec.selector.as_ref().is_some_and(|s| !s.is_empty() && s.matches(&meta.labels)) {
                                        enqueue(d.key());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Kind::Pod if change.new.is_none() => {
                // Recreate waits for old pods to be gone: a pod deletion may unblock it.
                let meta = change.object().meta();
                if let Some(r) = meta.controller_ref().filter(|r| r.kind == "ReplicaSet") {
                    if let Some(rs) = store.get_by(Kind::ReplicaSet, &meta.namespace, &r.name) {
                        if let Some(d) = rs.meta().controller_ref().filter(|r| r.kind == "Deployment") {
                            enqueue(ObjectKey::new(Kind::Deployment, &meta.namespace, &d.name));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!("Deployment {} no longer exists; nothing to do", key.name));
            return;
        };
        let Object::Deployment(d) = &*obj else { return };
        let d = d.clone();
        let rss = claim_replica_sets(ctx, &obj, d.spec.selector.as_ref());
        let mut sync = Sync { ctx, obj: obj.clone(), d, rss };
        sync.run();
    }
}

struct Sync<'c, 'w> {
    ctx: &'c mut Ctx<'w>,
    obj: Arc<Object>,
    d: Deployment,
    rss: Vec<ReplicaSet>,
}

impl Sync<'_, '_> {
    fn run(&mut self) {
        let replicas = self.d.spec.replicas.unwrap_or(1);
        self.ctx.desired(format!("{replicas} replicas of the current template"));
        if self.d.metadata.deletion_timestamp.is_some() {
            self.ctx.explain("the Deployment is being deleted: only its status is updated");
            self.sync_status(None);
            return;
        }
        let paused = self.d.spec.paused == Some(true);
        let new_idx = self.find_new_rs();
        self.ctx.observed(self.observed_summary(new_idx));
        if paused {
            self.sync_paused(new_idx);
            return;
        }
        if is_rolling(&self.d) {
            self.rollout_rolling(new_idx);
        } else {
            self.rollout_recreate(new_idx);
        }
    }

    fn observed_summary(&self, new_idx: Option<usize>) -> String {
        let mut parts: Vec<String> = self
            .rss
            .iter()
            .enumerate()
            .map(|(i, r)| {
                format!(
                    "{}{} {}/{} available",
                    r.metadata.name,
                    if Some(i) == new_idx { " (new)" } else { "" },
                    r.status.available_replicas.unwrap_or(0),
                    rs_replicas(r)
                )
            })
            .collect();
        if parts.is_empty() {
            parts.push("no ReplicaSets".into());
        }
        parts.join(", ")
    }

    /// The ReplicaSet whose template equals the deployment's (the oldest, if several).
    fn find_new_rs(&self) -> Option<usize> {
        let mut found: Vec<usize> = (0..self.rss.len()).filter(|&i| equal_ignore_hash(&self.rss[i].spec.template, &self.d.spec.template)).collect();
        found.sort_by_key(|&i| (self.rss[i].metadata.creation_timestamp, self.rss[i].metadata.name.clone()));
        found.first().copied()
    }

    fn old_indices(&self, new_idx: Option<usize>) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.rss.len()).filter(|&i| Some(i) != new_idx).collect();
        v.sort_by_key(|&i| (self.rss[i].metadata.creation_timestamp, self.rss[i].metadata.name.clone()));
        v
    }

    fn all_refs(&self) -> Vec<&ReplicaSet> {
        self.rss.iter().collect()
    }

    /// Ensures the new ReplicaSet exists (creating it when asked) and that
    /// revisions are in order; returns its index.
    fn sync_revision(&mut self, new_idx: Option<usize>, create: bool) -> Option<usize> {
        let old: Vec<&ReplicaSet> = self.old_indices(new_idx).into_iter().map(|i| &self.rss[i]).collect();
        let new_revision = max_revision(&old) + 1;
        match new_idx {
            Some(i) => {
                let mut rs = self.rss[i].clone();
                let mut changed = false;
                if revision(&rs) < new_revision {
                    rs.metadata.annotations.insert(REVISION.into(), new_revision.to_string());
                    changed = true;
                }
                if let Some(cause) = self.d.metadata.annotations.get(CHANGE_CAUSE) {
                    if rs.metadata.annotations.get(CHANGE_CAUSE) != Some(cause) {
                        rs.metadata.annotations.insert(CHANGE_CAUSE.into(), cause.clone());
                        changed = true;
                    }
                }
                if changed {
                    if let Ok(o) = self.ctx.update(Object::ReplicaSet(rs)) {
                        if let Object::ReplicaSet(r) = &*o {
                            self.rss[i] = r.clone();
                        }
                    }
                }
                let rev = revision(&self.rss[i]).to_string();
                self.set_deployment_revision(&rev);
                Some(i)
            }
            None if create => self.create_new_rs(new_revision),
            None => None,
        }
    }

    fn set_deployment_revision(&mut self, rev: &str) {
        if self.d.metadata.annotations.get(REVISION).map(String::as_str) != Some(rev) {
            self.d.metadata.annotations.insert(REVISION.into(), rev.to_string());
            if let Ok(o) = self.ctx.update(Object::Deployment(self.d.clone())) {
                if let Object::Deployment(d) = &*o {
                    self.d = d.clone();
                }
            }
        }
    }

    fn create_new_rs(&mut self, new_revision: i64) -> Option<usize> {
        let collision = self.d.status.collision_count;
        let hash = compute_hash(&self.d.spec.template, collision);
        let mut template = self.d.spec.template.clone();
        template.metadata.labels.insert(HASH_LABEL.into(), hash.clone());
        let mut selector: LabelSelector = self.d.spec.selector.clone().unwrap_or_default();
        selector.match_labels.insert(HASH_LABEL.into(), hash.clone());
        let mut annotations = self.d.metadata.annotations.clone();
        for skip in [kubeplay_apiserver::LAST_APPLIED, REVISION, "deployment.kubernetes.io/revision-history"] {
            annotations.remove(skip);
        }
        annotations.insert(REVISION.into(), new_revision.to_string());
        let replicas = self.d.spec.replicas.unwrap_or(1);
        annotations.insert(DESIRED_REPLICAS.into(), replicas.to_string());
        annotations.insert(MAX_REPLICAS.into(), (replicas + max_surge(&self.d)).to_string());
        let mut rs = ReplicaSet {
            metadata: ObjectMeta {
                name: format!("{}-{}", self.d.metadata.name, hash),
                namespace: self.d.metadata.namespace.clone(),
                labels: template.metadata.labels.clone(),
                annotations,
                owner_references: vec![controller_ref(&self.obj)],
                ..Default::default()
            },
            spec: ReplicaSetSpec {
                replicas: Some(0),
                min_ready_seconds: self.d.spec.min_ready_seconds,
                selector: Some(selector),
                template,
            },
            status: Default::default(),
        };
        let all: Vec<&ReplicaSet> = self.rss.iter().collect();
        let n = new_rs_new_replicas(&self.d, &all, &rs);
        rs.spec.replicas = Some(n);
        let name = rs.metadata.name.clone();
        match self.ctx.create(Object::ReplicaSet(rs)) {
            Ok(o) => {
                if n > 0 {
                    self.ctx.event(&self.obj, "Normal", "ScalingReplicaSet", format!("Scaled up replica set {name} from 0 to {n}"));
                }
                let Object::ReplicaSet(r) = &*o else { return None };
                self.rss.push(r.clone());
                self.set_deployment_revision(&new_revision.to_string());
                status::note_new_rs_created(self, &name);
                Some(self.rss.len() - 1)
            }
            Err(e) => {
                // A hash collision with a ReplicaSet we don't own: bump
                // collisionCount so the next sync picks another name.
                if matches!(e, kubeplay_apiserver::ApiError::AlreadyExists { .. }) {
                    let mut d = self.d.clone();
                    d.status.collision_count = Some(collision.unwrap_or(0) + 1);
                    let _ = self.ctx.update_status(Object::Deployment(d));
                } else {
                    self.ctx.event(&self.obj, "Warning", "FailedCreate", format!("Failed to create new replica set \"{name}\": {e}"));
                }
                None
            }
        }
    }

    /// Scales one ReplicaSet, with the deployment's event.
    fn scale(&mut self, i: usize, to: i32) -> bool {
        let from = rs_replicas(&self.rss[i]);
        let replicas = self.d.spec.replicas.unwrap_or(1);
        let desired = replicas.to_string();
        let max = (replicas + max_surge(&self.d)).to_string();
        let mut rs = self.rss[i].clone();
        let annotations_ok = rs.metadata.annotations.get(DESIRED_REPLICAS) == Some(&desired) && rs.metadata.annotations.get(MAX_REPLICAS) == Some(&max);
        if from == to && annotations_ok {
            return false;
        }
        rs.spec.replicas = Some(to);
        rs.metadata.annotations.insert(DESIRED_REPLICAS.into(), desired);
        rs.metadata.annotations.insert(MAX_REPLICAS.into(), max);
        let name = rs.metadata.name.clone();
        match self.ctx.update(Object::ReplicaSet(rs)) {
            Ok(o) => {
                if let Object::ReplicaSet(r) = &*o {
                    self.rss[i] = r.clone();
                }
                if from != to {
                    let dir = if to > from { "up" } else { "down" };
                    self.ctx.event(&self.obj, "Normal", "ScalingReplicaSet", format!("Scaled {dir} replica set {name} from {from} to {to}"));
                }
                from != to
            }
            Err(_) => false,
        }
    }

    fn rollout_rolling(&mut self, new_idx: Option<usize>) {
        let Some(n) = self.sync_revision(new_idx, true) else {
            self.sync_status(None);
            return;
        };
        let name = self.rss[n].metadata.name.clone();
        // reconcileNewReplicaSet
        let replicas = self.d.spec.replicas.unwrap_or(1);
        let current = rs_replicas(&self.rss[n]);
        let target = if current > replicas { replicas } else { new_rs_new_replicas(&self.d, &self.all_refs(), &self.rss[n]) };
        if target != current {
            self.scale(n, target);
            self.ctx.explain(format!(
                "rolling update: new ReplicaSet {name} scaled from {current} to {target} (at most {} pods in total with maxSurge {})",
                replicas + max_surge(&self.d),
                max_surge(&self.d)
            ));
            self.sync_status(Some(n));
            return;
        }
        // reconcileOldReplicaSets
        let olds = self.old_indices(Some(n));
        let old_pods: i32 = olds.iter().map(|&i| self.rss[i].status.replicas).sum();
        if old_pods > 0 {
            let all_pods = actual_replicas(&self.all_refs());
            let min_available = replicas - max_unavailable(&self.d);
            let new_unavailable = rs_replicas(&self.rss[n]) - self.rss[n].status.available_replicas.unwrap_or(0);
            let max_scaled_down = all_pods - min_available - new_unavailable;
            if max_scaled_down > 0 {
                let cleaned = self.cleanup_unhealthy(&olds, max_scaled_down);
                let scaled = self.scale_down_old(&olds, min_available);
                if cleaned + scaled > 0 {
                    self.ctx.explain(format!(
                        "rolling update: {} available, at least {min_available} must stay available (maxUnavailable {}): scaled old ReplicaSets down by {}",
                        available_replicas(&self.all_refs()) + scaled,
                        max_unavailable(&self.d),
                        cleaned + scaled
                    ));
                    self.sync_status(Some(n));
                    return;
                }
            }
            self.ctx.explain(format!(
                "rolling update waits: {} of {} new pods available; old pods can only go once new ones are available",
                self.rss[n].status.available_replicas.unwrap_or(0),
                rs_replicas(&self.rss[n])
            ));
        } else {
            self.ctx.explain(format!("ReplicaSet {name} has the current template; all replicas are up to date"));
        }
        if status::is_complete(&self.d, &self.rss[n]) {
            self.cleanup_history(&olds);
        }
        self.sync_status(Some(n));
    }

    /// Scales down old ReplicaSets' unavailable replicas first
    /// (`cleanupUnhealthyReplicas`).
    fn cleanup_unhealthy(&mut self, olds: &[usize], max_cleanup: i32) -> i32 {
        let mut total = 0;
        for &i in olds {
            if total >= max_cleanup {
                break;
            }
            let spec = rs_replicas(&self.rss[i]);
            let avail = self.rss[i].status.available_replicas.unwrap_or(0);
            if spec == 0 || avail == spec {
                continue;
            }
            let down = (max_cleanup - total).min(spec - avail);
            self.scale(i, spec - down);
            total += down;
        }
        total
    }

    /// `scaleDownOldReplicaSetsForRollingUpdate`.
    fn scale_down_old(&mut self, olds: &[usize], min_available: i32) -> i32 {
        let available = available_replicas(&self.all_refs());
        if available <= min_available {
            return 0;
        }
        let total = available - min_available;
        let mut done = 0;
        for &i in olds {
            if done >= total {
                break;
            }
            let spec = rs_replicas(&self.rss[i]);
            if spec == 0 {
                continue;
            }
            let down = spec.min(total - done);
            self.scale(i, spec - down);
            done += down;
        }
        done
    }

    fn rollout_recreate(&mut self, new_idx: Option<usize>) {
        let olds = self.old_indices(new_idx);
        let mut scaled = false;
        for &i in &olds {
            if rs_replicas(&self.rss[i]) > 0 {
                scaled |= self.scale(i, 0);
            }
        }
        if scaled {
            self.ctx.explain("Recreate: scaling every old ReplicaSet to 0 before creating new pods");
            self.sync_status(new_idx);
            return;
        }
        // Wait until no old pod is running.
        let old_uids: Vec<String> = olds.iter().map(|&i| self.rss[i].metadata.uid.clone()).collect();
        let ns = self.d.metadata.namespace.clone();
        let old_pods = self
            .ctx
            .store()
            .list(Kind::Pod, Some(&ns))
            .filter(|p| p.meta().controller_ref().is_some_and(|r| old_uids.contains(&r.uid)))
            .filter(|p| p.as_pod().is_some_and(|p| !matches!(p.phase(), "Succeeded" | "Failed")))
            .count();
        if old_pods > 0 {
            self.ctx.explain(format!("Recreate: waiting for {old_pods} old pods to terminate before creating new ones"));
            self.sync_status(new_idx);
            return;
        }
        let Some(n) = self.sync_revision(new_idx, true) else {
            self.sync_status(None);
            return;
        };
        let replicas = self.d.spec.replicas.unwrap_or(1);
        if rs_replicas(&self.rss[n]) != replicas {
            self.scale(n, replicas);
            self.ctx.explain(format!("Recreate: old pods are gone; scaling the new ReplicaSet to {replicas}"));
        } else {
            self.ctx.explain("Recreate: the new ReplicaSet has every replica");
        }
        if status::is_complete(&self.d, &self.rss[n]) {
            self.cleanup_history(&olds);
        }
        self.sync_status(Some(n));
    }

    /// While paused: no new ReplicaSet and no rollout; scaling still
    /// applies, proportionally when several ReplicaSets are active.
    fn sync_paused(&mut self, new_idx: Option<usize>) {
        let n = self.sync_revision(new_idx, false);
        let replicas = self.d.spec.replicas.unwrap_or(1);
        let active: Vec<usize> = (0..self.rss.len()).filter(|&i| rs_replicas(&self.rss[i]) > 0).collect();
        let target = match (active.len(), n) {
            (0, Some(n)) => Some(n),
            (1, _) => Some(active[0]),
            _ => None,
        };
        match target {
            Some(i) if rs_replicas(&self.rss[i]) != replicas => {
                self.scale(i, replicas);
                self.ctx.explain(format!("paused: scaling {} to {replicas}; template changes wait for resume", self.rss[i].metadata.name));
            }
            None if !active.is_empty() => {
                self.scale_proportionally(&active, replicas);
            }
            _ => self.ctx.explain("the Deployment is paused: template changes are not rolled out until it is resumed"),
        }
        self.sync_status(n);
    }

    /// Proportional scaling across active ReplicaSets (`scale()` in
    /// upstream `sync.go`), using the max-replicas annotation.
    fn scale_proportionally(&mut self, active: &[usize], replicas: i32) {
        let allowed = replicas + max_surge(&self.d);
        let current: i32 = active.iter().map(|&i| rs_replicas(&self.rss[i])).sum();
        let to_add = allowed - current;
        if to_add == 0 {
            self.ctx.explain("the Deployment is paused: template changes are not rolled out until it is resumed");
            return;
        }
        let prev_max: i32 = active
            .iter()
            .filter_map(|&i| self.rss[i].metadata.annotations.get(MAX_REPLICAS).and_then(|v| v.parse::<i32>().ok()))
            .max()
            .unwrap_or(current);
        let mut order: Vec<usize> = active.to_vec();
        // Larger first when scaling up; for scaling down, smaller first.
        order.sort_by(|&a, &b| {
            let (ra, rb) = (rs_replicas(&self.rss[a]), rs_replicas(&self.rss[b]));
            if to_add > 0 { rb.cmp(&ra) } else { ra.cmp(&rb) }.then(self.rss[b].metadata.creation_timestamp.cmp(&self.rss[a].metadata.creation_timestamp))
        });
        let mut added = 0;
        let mut targets = Vec::new();
        for &i in &order {
            let r = rs_replicas(&self.rss[i]);
            let share = if prev_max > 0 { (r as i64 * allowed as i64 / prev_max as i64) as i32 - r } else { 0 };
            let share = if to_add > 0 { share.min(to_add - added) } else { share.max(to_add - added) };
            added += share;
            targets.push((i, r + share));
        }
        if let Some(first) = targets.first_mut() {
            first.1 += to_add - added;
        }
        for (i, t) in targets {
            self.scale(i, t.max(0));
        }
        self.ctx.explain(format!("scaling during a rollout: {to_add:+} replicas shared across ReplicaSets in proportion to their size"));
    }

    /// Deletes old, empty ReplicaSets beyond `revisionHistoryLimit`, oldest revision first.
    fn cleanup_history(&mut self, olds: &[usize]) {
        let limit = self.d.spec.revision_history_limit.unwrap_or(10).max(0) as usize;
        let mut empty: Vec<usize> = olds.iter().copied().filter(|&i| rs_replicas(&self.rss[i]) == 0 && self.rss[i].status.replicas == 0 && self.rss[i].metadata.deletion_timestamp.is_none()).collect();
        if empty.len() <= limit {
            return;
        }
        empty.sort_by_key(|&i| revision(&self.rss[i]));
        let doomed = empty.len() - limit;
        for &i in &empty[..doomed] {
            let key = ObjectKey::new(Kind::ReplicaSet, &self.rss[i].metadata.namespace, &self.rss[i].metadata.name);
            let _ = self.ctx.delete(&key, DeleteOptions::default());
        }
    }

    fn sync_status(&mut self, new_idx: Option<usize>) {
        status::sync(self, new_idx);
    }
}

/// The ReplicaSets the deployment controls, after adoption and release.
fn claim_replica_sets(ctx: &mut Ctx, owner: &Object, selector: Option<&LabelSelector>) -> Vec<ReplicaSet> {
    crate::controllers::claim::claim(ctx, owner, Kind::ReplicaSet, selector)
        .iter()
        .filter_map(|o| o.as_replica_set().cloned())
        .collect()
}
