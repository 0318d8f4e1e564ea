//! RollingUpdate (upstream `rolling.go`): scale the new ReplicaSet up as
//! far as maxSurge allows; otherwise scale old ones down as far as
//! maxUnavailable allows, unhealthy replicas first. One of the two per
//! sync, so every step stays within both bounds.

use super::util::*;
use super::{Dc, SyncError};
use kubeplay_model::api::{Deployment, ReplicaSet};

fn spec_sum(rss: &[ReplicaSet], idx: &[usize]) -> i32 {
    idx.iter().map(|&i| rs_replicas(&rss[i])).sum()
}

fn available_sum(rss: &[ReplicaSet], idx: &[usize]) -> i32 {
    idx.iter().map(|&i| rss[i].status.available_replicas.unwrap_or(0)).sum()
}

impl Dc<'_> {
    /// `rolloutRolling`.
    pub(crate) fn rollout_rolling(&mut self, d: &mut Deployment, rss: &mut Vec<ReplicaSet>) -> Result<(), SyncError> {
        let (new, olds) = self.new_and_old(d, rss, true)?;
        let Some(n) = new else {
            return self.sync_rollout_status(d, rss, None, &olds);
        };
        let mut all = olds.clone();
        all.push(n);
        if self.reconcile_new_replica_set(d, rss, &all, n)? {
            return self.sync_rollout_status(d, rss, Some(n), &olds);
        }
        let active_olds: Vec<usize> = olds.iter().copied().filter(|&i| rs_replicas(&rss[i]) > 0).collect();
        if self.reconcile_old_replica_sets(d, rss, &all, &active_olds, n)? {
            return self.sync_rollout_status(d, rss, Some(n), &olds);
        }
        if self.why.is_empty() && self.did.is_empty() {
            self.why = if active_olds.is_empty() && rs_replicas(&rss[n]) == replicas(d) {
                format!("ReplicaSet {} has the current template and all {} replicas", rss[n].metadata.name, replicas(d))
            } else {
                format!(
                    "rolling update waits: {} of {} new pods available, and old pods can only go while {} stay available",
                    rss[n].status.available_replicas.unwrap_or(0),
                    rs_replicas(&rss[n]),
                    min_available(d)
                )
            };
        }
        if deployment_complete(d, &d.status) {
            self.cleanup_deployment(d, rss, &olds)?;
        }
        self.sync_rollout_status(d, rss, Some(n), &olds)
    }

    /// `reconcileNewReplicaSet`: scale the new ReplicaSet down to replicas
    /// if above, else up as far as replicas + maxSurge pods in all allow.
    pub(crate) fn reconcile_new_replica_set(&mut self, d: &Deployment, rss: &mut [ReplicaSet], all: &[usize], n: usize) -> Result<bool, SyncError> {
        let want = replicas(d);
        let have = rs_replicas(&rss[n]);
        if have == want {
            return Ok(false);
        }
        if have > want {
            self.why = format!("the new ReplicaSet has more than the {want} replicas wanted");
            return self.scale_and_record(d, rss, n, want);
        }
        let refs: Vec<&ReplicaSet> = all.iter().map(|&i| &rss[i]).collect();
        let target = new_rs_new_replicas(d, &refs, &rss[n]).map_err(SyncError::Other)?;
        if target != have {
            self.why = format!("rolling update: up to {} pods may exist ({want} replicas + maxSurge {})", want + max_surge(d), max_surge(d));
        }
        self.scale_and_record(d, rss, n, target)
    }

    /// `reconcileOldReplicaSets`: how many old replicas may go without
    /// dropping below replicas − maxUnavailable available, counting the new
    /// ReplicaSet's unavailable pods against the budget; unhealthy old
    /// replicas go first.
    pub(crate) fn reconcile_old_replica_sets(&mut self, d: &Deployment, rss: &mut [ReplicaSet], all: &[usize], olds: &[usize], n: usize) -> Result<bool, SyncError> {
        if spec_sum(rss, olds) == 0 {
            return Ok(false);
        }
        let min_avail = replicas(d) - max_unavailable(d);
        let new_unavailable = rs_replicas(&rss[n]) - rss[n].status.available_replicas.unwrap_or(0);
        let max_scaled_down = spec_sum(rss, all) - min_avail - new_unavailable;
        if max_scaled_down <= 0 {
            return Ok(false);
        }
        let available = available_sum(rss, all);
        // Upstream drops a failed scale-down here (`return false, nil`): the
        // sync goes on to its status, and the ReplicaSet's change brings the
        // next one.
        let cleaned = match self.cleanup_unhealthy_replicas(d, rss, olds, max_scaled_down) {
            Ok(n) => n,
            Err(e) => return Ok(self.scale_down_failed(e)),
        };
        let mut all = olds.to_vec();
        all.push(n);
        let scaled = match self.scale_down_old_for_rolling_update(d, rss, &all, olds) {
            Ok(n) => n,
            Err(e) => return Ok(self.scale_down_failed(e)),
        };
        if cleaned + scaled > 0 {
            let first = if cleaned > 0 { "; unavailable old pods go first" } else { "" };
            self.why = format!(
                "rolling update: {available} pods are available and at least {min_avail} must stay so ({} replicas − maxUnavailable {}){first}",
                replicas(d),
                max_unavailable(d)
            );
        }
        Ok(cleaned + scaled > 0)
    }

    fn scale_down_failed(&mut self, e: SyncError) -> bool {
        self.did.push(format!("scaling down an old ReplicaSet failed ({e}); the next sync tries again"));
        false
    }

    /// `cleanupUnhealthyReplicas`: scale old ReplicaSets down by their
    /// unavailable replicas, oldest first, at most `max_cleanup` in all.
    pub(crate) fn cleanup_unhealthy_replicas(&mut self, d: &Deployment, rss: &mut [ReplicaSet], olds: &[usize], max_cleanup: i32) -> Result<i32, SyncError> {
        let mut order = olds.to_vec();
        kubeplay_model::sort::sort_by(&mut order, |a, b| by_creation(&rss[*a], &rss[*b]));
        let mut total = 0;
        for i in order {
            if total >= max_cleanup {
                break;
            }
            let spec = rs_replicas(&rss[i]);
            let available = rss[i].status.available_replicas.unwrap_or(0);
            if spec == 0 || spec == available {
                continue;
            }
            let down = (max_cleanup - total).min(spec - available);
            let to = spec - down;
            if to > spec {
                return Err(SyncError::Other(format!("when cleaning up unhealthy replicas, got invalid request to scale down {} {spec} -> {to}", rss[i].metadata.name)));
            }
            self.scale_and_record(d, rss, i, to)?;
            total += down;
        }
        Ok(total)
    }

    /// `scaleDownOldReplicaSetsForRollingUpdate`: scale old ReplicaSets
    /// down, oldest first, by the available pods above the minimum.
    pub(crate) fn scale_down_old_for_rolling_update(&mut self, d: &Deployment, rss: &mut [ReplicaSet], all: &[usize], olds: &[usize]) -> Result<i32, SyncError> {
        let min_avail = replicas(d) - max_unavailable(d);
        let available = available_sum(rss, all);
        if available <= min_avail {
            return Ok(0);
        }
        let mut order = olds.to_vec();
        kubeplay_model::sort::sort_by(&mut order, |a, b| by_creation(&rss[*a], &rss[*b]));
        let budget = available - min_avail;
        let mut total = 0;
        for i in order {
            if total >= budget {
                break;
            }
            let spec = rs_replicas(&rss[i]);
            if spec == 0 {
                continue;
            }
            let down = spec.min(budget - total);
            let to = spec - down;
            if to > spec {
                return Err(SyncError::Other(format!("when scaling down old ReplicaSet, got invalid request to scale down {} {spec} -> {to}", rss[i].metadata.name)));
            }
            self.scale_and_record(d, rss, i, to)?;
            total += down;
        }
        Ok(total)
    }
}

#[cfg(test)]
mod tests;
