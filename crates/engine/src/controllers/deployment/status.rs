//! Deployment status and its two conditions, Available and Progressing
//! (upstream `sync.go` calculateStatus and `progress.go`).

use super::util::*;
use super::Sync;
use kubeplay_model::api::{Deployment, DeploymentStatus, ReplicaSet};
use kubeplay_model::meta::{find_condition, set_condition};
use kubeplay_model::{Condition, Object, Time};

fn cond(type_: &str, status: &str, reason: &str, message: String, now: Time) -> Condition {
    Condition {
        type_: type_.into(),
        status: status.into(),
        last_update_time: Some(now),
        last_transition_time: Some(now),
        reason: Some(reason.into()),
        message: Some(message),
        ..Default::default()
    }
}

/// Like `set_condition`, but keeps lastUpdateTime when nothing but the
/// times would change (so a steady condition doesn't churn).
fn put(conds: &mut Vec<Condition>, mut new: Condition) {
    if let Some(old) = find_condition(conds, &new.type_) {
        if old.status == new.status && old.reason == new.reason && old.message == new.message {
            new.last_update_time = old.last_update_time;
        }
    }
    set_condition(conds, new);
}

/// `DeploymentComplete`: every replica updated and available, no old ones left.
pub fn is_complete(d: &Deployment, new_rs: &ReplicaSet) -> bool {
    let replicas = d.spec.replicas.unwrap_or(1);
    let s = &d.status;
    s.updated_replicas.unwrap_or(0) == replicas
        && s.replicas.unwrap_or(0) == replicas
        && s.available_replicas.unwrap_or(0) == replicas
        && s.observed_generation.unwrap_or(0) >= d.metadata.generation
        && new_rs.status.available_replicas.unwrap_or(0) == replicas
}

pub(super) fn note_new_rs_created(sync: &mut Sync, name: &str) {
    if sync.d.spec.progress_deadline_seconds.is_some() {
        let now = sync.ctx.now();
        put(&mut sync.d.status.conditions, cond("Progressing", "True", "NewReplicaSetCreated", format!("Created new replica set \"{name}\""), now));
    }
}

pub(super) fn sync(sync: &mut Sync, new_idx: Option<usize>) {
    let now = sync.ctx.now();
    let d = &sync.d;
    let replicas = d.spec.replicas.unwrap_or(1);
    let all: Vec<&ReplicaSet> = sync.rss.iter().collect();
    let new_rs = new_idx.map(|i| &sync.rss[i]);
    let available = available_replicas(&all);
    let mut status = DeploymentStatus {
        observed_generation: Some(d.metadata.generation),
        replicas: Some(actual_replicas(&all)),
        updated_replicas: Some(new_rs.map(|r| r.status.replicas).unwrap_or(0)),
        ready_replicas: Some(ready_replicas(&all)),
        available_replicas: Some(available),
        unavailable_replicas: Some((spec_replicas(&all) - available).max(0)),
        conditions: d.status.conditions.clone(),
        collision_count: d.status.collision_count,
    };
    let min_available = replicas - max_unavailable(d);
    if available >= min_available {
        put(&mut status.conditions, cond("Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability.".into(), now));
    } else {
        put(&mut status.conditions, cond("Available", "False", "MinimumReplicasUnavailable", "Deployment does not have minimum availability.".into(), now));
    }
    let mut requeue = None;
    if let (Some(deadline), Some(rs)) = (d.spec.progress_deadline_seconds, new_rs) {
        let name = &rs.metadata.name;
        let probe = Deployment { status: status.clone(), ..d.clone() };
        let prev = find_condition(&d.status.conditions, "Progressing").cloned();
        if d.spec.paused == Some(true) {
            // Upstream skips progress checks while paused.
        } else if is_complete(&probe, rs) {
            put(&mut status.conditions, cond("Progressing", "True", "NewReplicaSetAvailable", format!("ReplicaSet \"{name}\" has successfully progressed."), now));
        } else if prev.as_ref().is_some_and(|c| c.reason.as_deref() == Some("ProgressDeadlineExceeded")) {
            // A stuck rollout stays stuck until the template changes.
        } else {
            let progressed = new_rs.map(|r| r.status.replicas).unwrap_or(0) != d.status.updated_replicas.unwrap_or(0)
                || status.ready_replicas != d.status.ready_replicas
                || status.available_replicas != d.status.available_replicas
                || prev.is_none();
            let started = prev.as_ref().and_then(|c| c.last_update_time).unwrap_or(now);
            if progressed {
                let keep_reason = prev.as_ref().and_then(|c| c.reason.as_deref()) == Some("NewReplicaSetCreated") && started == now;
                if !keep_reason {
                    put(&mut status.conditions, cond("Progressing", "True", "ReplicaSetUpdated", format!("ReplicaSet \"{name}\" is progressing."), now));
                    // A progress update restarts the deadline clock.
                    if let Some(c) = status.conditions.iter_mut().find(|c| c.type_ == "Progressing") {
                        c.last_update_time = Some(now);
                    }
                }
                requeue = Some(deadline as i64 * 1000 + 1000);
            } else if started.plus_secs(deadline as i64) <= now {
                put(&mut status.conditions, cond("Progressing", "False", "ProgressDeadlineExceeded", format!("ReplicaSet \"{name}\" has timed out progressing."), now));
            } else {
                requeue = Some(started.plus_secs(deadline as i64).millis() - now.millis() + 1000);
            }
        }
    }
    // Conditions are listed Available first, then Progressing, as upstream.
    status.conditions.sort_by_key(|c| match c.type_.as_str() {
        "Available" => 0,
        "Progressing" => 1,
        _ => 2,
    });
    if status != d.status {
        let mut updated = d.clone();
        updated.status = status;
        if let Ok(o) = sync.ctx.update_status(Object::Deployment(updated)) {
            if let Object::Deployment(nd) = &*o {
                sync.d = nd.clone();
            }
        }
    }
    if let Some(ms) = requeue {
        let key = sync.obj.key();
        sync.ctx.requeue_after(key, ms);
    }
}
