//! The Progressing condition and the progress deadline (upstream
//! `progress.go`): a rollout that makes no progress for
//! progressDeadlineSeconds is marked ProgressDeadlineExceeded — and stays
//! so: the controller reports it, it does not roll back.

use super::sync::calculate_status;
use super::util::*;
use super::{Dc, SyncError};
use kubeplay_model::api::{Deployment, DeploymentStatus, ReplicaSet};
use kubeplay_model::{Condition, Time};

/// `getReplicaFailures`: the new ReplicaSet's ReplicaFailure conditions,
/// else any old one's, as Deployment conditions.
fn replica_failures(all: &[&ReplicaSet], new: Option<&ReplicaSet>) -> Vec<Condition> {
    let convert = |c: &Condition| Condition {
        last_update_time: c.last_transition_time,
        ..c.clone()
    };
    let of = |rs: &ReplicaSet| {
        rs.status
            .conditions
            .iter()
            .filter(|c| c.type_ == REPLICA_FAILURE)
            .map(convert)
            .collect::<Vec<_>>()
    };
    let from_new = new.map(of).unwrap_or_default();
    if !from_new.is_empty() {
        return from_new;
    }
    all.iter().flat_map(|r| of(r)).collect()
}

/// What happened to the Progressing condition, for the explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Progress {
    Unchanged,
    Complete,
    Progressing,
    TimedOut,
}

/// The new status of a rolling or recreating Deployment, with the
/// Progressing condition estimated (`syncRolloutStatus` before the write).
pub(crate) fn rollout_status(
    all: &[&ReplicaSet],
    new: Option<&ReplicaSet>,
    d: &Deployment,
    now: Time,
) -> (DeploymentStatus, Progress) {
    let mut status = calculate_status(all, new, d, now);
    let mut progress = Progress::Unchanged;
    if progress_deadline(d).is_none() {
        remove_condition(&mut status, PROGRESSING);
    }
    let current = get_condition(&d.status, PROGRESSING).cloned();
    let n = |v: Option<i32>| v.unwrap_or(0);
    let already_complete = n(status.replicas) == n(status.updated_replicas)
        && current
            .as_ref()
            .is_some_and(|c| c.reason.as_deref() == Some(NEW_RS_AVAILABLE));
    if progress_deadline(d).is_some() && !already_complete {
        let subject = match new {
            Some(rs) => format!("ReplicaSet {:?}", rs.metadata.name),
            None => format!("Deployment {:?}", d.metadata.name),
        };
        if deployment_complete(d, &status) {
            let c = new_condition(
                PROGRESSING,
                "True",
                NEW_RS_AVAILABLE,
                format!("{subject} has successfully progressed."),
                now,
            );
            set_condition(&mut status, c);
            progress = Progress::Complete;
        } else if deployment_progressing(d, &status) {
            // Unlike set_condition, a repeat of the same reason still moves
            // lastUpdateTime: progress restarts the deadline clock.
            let mut c = new_condition(
                PROGRESSING,
                "True",
                RS_UPDATED,
                format!("{subject} is progressing."),
                now,
            );
            if let Some(cur) = &current {
                if cur.status == "True" {
                    c.last_transition_time = cur.last_transition_time;
                }
                remove_condition(&mut status, PROGRESSING);
            }
            set_condition(&mut status, c);
            progress = Progress::Progressing;
        } else if deployment_timed_out(d, &status, now) {
            let c = new_condition(
                PROGRESSING,
                "False",
                TIMED_OUT,
                format!("{subject} has timed out progressing."),
                now,
            );
            set_condition(&mut status, c);
            progress = Progress::TimedOut;
        }
    }
    match replica_failures(all, new).into_iter().next() {
        Some(c) => set_condition(&mut status, c),
        None => remove_condition(&mut status, REPLICA_FAILURE),
    }
    (status, progress)
}

/// `requeueStuckDeployment`: when a rollout is neither complete nor timed
/// out, when to look again to judge the deadline: -1 never, 0 now (rate
/// limited), else the milliseconds left (the requeue adds a second).
pub(crate) fn requeue_stuck_after(d: &Deployment, new: &DeploymentStatus, now: Time) -> i64 {
    let Some(deadline) = progress_deadline(d) else {
        return -1;
    };
    let Some(cur) = get_condition(&d.status, PROGRESSING) else {
        return -1;
    };
    if deployment_complete(d, new) || cur.reason.as_deref() == Some(TIMED_OUT) {
        return -1;
    }
    let after = time_or_zero(cur.last_update_time)
        .plus_secs(deadline as i64)
        .millis()
        .saturating_sub(now.millis());
    if after < 1000 {
        0
    } else {
        after
    }
}

impl Dc<'_> {
    /// `syncRolloutStatus`: writes the status with the Progressing estimate;
    /// with nothing new to write, schedules the next deadline check.
    pub(crate) fn sync_rollout_status(
        &mut self,
        d: &mut Deployment,
        rss: &[ReplicaSet],
        new: Option<usize>,
        olds: &[usize],
    ) -> Result<(), SyncError> {
        let mut idx = olds.to_vec();
        idx.extend(new);
        let all: Vec<&ReplicaSet> = idx.iter().filter_map(|&i| rss.get(i)).collect();
        let new_rs = new.and_then(|i| rss.get(i));
        let now = self.api.now();
        let (status, progress) = rollout_status(&all, new_rs, d, now);
        match progress {
            Progress::Complete
                if get_condition(&d.status, PROGRESSING).and_then(|c| c.reason.as_deref())
                    != Some(NEW_RS_AVAILABLE) =>
            {
                self.did
                    .push("every replica is updated and available: the rollout is complete".into())
            }
            Progress::TimedOut
                if get_condition(&d.status, PROGRESSING).and_then(|c| c.reason.as_deref())
                    != Some(TIMED_OUT) =>
            {
                let secs = progress_deadline(d).unwrap_or(0);
                self.did.push(format!("no progress for {secs}s (progressDeadlineSeconds): Progressing is now False with reason ProgressDeadlineExceeded; the rollout is not rolled back"))
            }
            _ => {}
        }
        if status == d.status {
            match requeue_stuck_after(d, &status, now) {
                -1 => {}
                // Rate-limited, as upstream: a Deployment that lost
                // availability after completing is re-checked for ever (its
                // condition stays NewReplicaSetAvailable, the deadline long
                // past), at the pace of the queue's token bucket.
                0 => self.api.requeue_rate_limited(),
                after => self.api.check_deadline_after(after + 1000),
            }
            return Ok(());
        }
        d.status = status;
        *d = self.api.update_status(d)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
