//! Creating and deleting the difference (`replica_set.go` manageReplicas
//! and `controller_utils.go` RealPodControl): creates go in slow-start
//! batches so a failing create (quota) costs one call, not five hundred;
//! deletes take the pods that matter least first.

use super::status::FailedOp;
use super::victims::{pods_to_delete, victim_reason, NodeRanks};
use crate::controller::Ctx;
use crate::controllers::controller_ref;
use kubeplay_apiserver::{ApiError, DeleteOptions};
use kubeplay_model::api::{Pod, PodTemplateSpec, ReplicaSet};
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta};

/// `BurstReplicas`: at most this many creates or deletes per sync.
pub const BURST_REPLICAS: usize = 500;
/// `SlowStartInitialBatchSize`.
pub const SLOW_START_INITIAL_BATCH: usize = 1;

/// What one sync did to the pods, for the step's explanation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Managed {
    pub created: Vec<String>,
    /// Deleted pods with why they were chosen.
    pub deleted: Vec<(String, String)>,
}

/// `slowStartBatch`: calls `f` `count` times in batches of 1, 2, 4, …; a
/// batch with a failure still finishes (its calls run concurrently
/// upstream) but no further batch starts. Returns the successes and the
/// first error.
pub fn slow_start_batch<E>(count: usize, initial: usize, mut f: impl FnMut() -> Result<(), E>) -> (usize, Option<E>) {
    let mut remaining = count;
    let mut successes = 0;
    let mut batch = remaining.min(initial.max(1));
    while batch > 0 {
        let mut first_err = None;
        for _ in 0..batch {
            match f() {
                Ok(()) => successes += 1,
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        if first_err.is_some() {
            return (successes, first_err);
        }
        remaining -= batch;
        batch = (batch * 2).min(remaining);
    }
    (successes, None)
}

/// `GetPodFromTemplate`: labels, annotations and finalizers from the
/// template, the owner's controller reference, a generated name.
pub fn pod_from_template(owner: &Object, template: &PodTemplateSpec) -> Pod {
    pod_from_template_named(owner, template, &format!("{}-", owner.name()))
}

/// [`pod_from_template`] with the generated-name prefix chosen by the
/// caller (an indexed Job's `<job>-<index>-`).
pub fn pod_from_template_named(owner: &Object, template: &PodTemplateSpec, generate_name: &str) -> Pod {
    Pod {
        metadata: ObjectMeta {
            generate_name: Some(generate_name.into()),
            namespace: owner.namespace().into(),
            labels: template.metadata.labels.clone(),
            annotations: template.metadata.annotations.clone(),
            finalizers: template.metadata.finalizers.clone(),
            owner_references: vec![controller_ref(owner)].into(),
            ..Default::default()
        },
        spec: template.spec.clone().into(),
        status: Default::default(),
    }
}

/// `manageReplicas`: creates or deletes the difference between the `have`
/// active pods and spec.replicas, at most [`BURST_REPLICAS`] at a time,
/// expecting to see each write come back (see `controllers::expectations`).
/// Events go on `owner`. Only a deletion reads the pods: then `active`
/// holds all `have` of them, and `related` the pods of ReplicaSets sharing
/// its owner.
pub fn manage_replicas(ctx: &mut Ctx, owner: &Object, rs: &ReplicaSet, have: usize, active: &[&Pod], related: &[&Pod]) -> Result<Managed, (FailedOp, String)> {
    let want = rs.spec.replicas.unwrap_or(1).max(0) as usize;
    let mut managed = Managed::default();
    let key = owner.key();
    let now = ctx.now();
    if have < want {
        let diff = (want - have).min(BURST_REPLICAS);
        ctx.world_mut().expectations.expect_creations(&key, diff, now);
        // Every pod of the batch is a copy of one: they share its labels,
        // annotations and owner reference (`Shared`).
        let pod = pod_from_template(owner, &rs.spec.template);
        let (successes, err) = slow_start_batch(diff, SLOW_START_INITIAL_BATCH, || {
            match ctx.create(Object::Pod(Box::new(pod.clone()))) {
                Ok(p) => {
                    ctx.event(owner, "Normal", "SuccessfulCreate", format!("Created pod: {}", p.name()));
                    managed.created.push(p.name().to_string());
                    Ok(())
                }
                // Nothing can be created in a namespace being deleted; not a failure.
                Err(ApiError::NamespaceTerminating { .. }) => Ok(()),
                Err(e) => {
                    ctx.event(owner, "Warning", "FailedCreate", format!("Error creating: {e}"));
                    Err(e.to_string())
                }
            }
        });
        // The pods never created will never be seen: expect them no more.
        // (A create refused because the namespace is going counts as done,
        // as upstream counts it.)
        let skipped = diff - successes;
        if skipped > 0 {
            ctx.world_mut().expectations.lower(&key, skipped as i64, 0);
        }
        return match err {
            Some(e) => Err((FailedOp::Create, e)),
            None => Ok(managed),
        };
    }
    if have > want {
        debug_assert_eq!(active.len(), have, "a deletion picks among all the active pods");
        let diff = (have - want).min(BURST_REPLICAS);
        let ranks = NodeRanks::of(related);
        let victims = pods_to_delete(active, &ranks, diff, ctx.now());
        let names: Vec<String> = victims.iter().map(|p| p.metadata.name.clone()).collect();
        ctx.world_mut().expectations.expect_deletions_of(&key, &names, now);
        let mut first_err = None;
        for pod in victims {
            let name = pod.metadata.name.clone();
            let rank = ranks.rank(pod);
            let key = ObjectKey::new(Kind::Pod, &pod.metadata.namespace, &name);
            match ctx.delete(&key, DeleteOptions::default()) {
                Ok(_) => {
                    ctx.event(owner, "Normal", "SuccessfulDelete", format!("Deleted pod: {name}"));
                    managed.deleted.push((name, victim_reason(pod, rank)));
                }
                // A pod already gone: its deletion will not be seen again.
                Err(ApiError::NotFound { .. }) => ctx.world_mut().expectations.deletion_observed_of(&key, &name),
                Err(e) => {
                    ctx.world_mut().expectations.deletion_observed_of(&key, &name);
                    ctx.event(owner, "Warning", "FailedDelete", format!("Error deleting: {e}"));
                    first_err.get_or_insert(format!("unable to delete pods: {e}"));
                }
            }
        }
        if let Some(e) = first_err {
            return Err((FailedOp::Delete, e));
        }
    }
    Ok(managed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    // TestSlowStartBatch: 10 calls, initial batch 1, the function succeeds
    // for the first `limit` calls.
    #[test]
    fn slow_start_batches() {
        for (limit, want_ok, want_err, want_calls) in [(0, 0, true, 1), (10, 10, false, 10), (5, 5, true, 7)] {
            let mut calls = 0;
            let (ok, err) = slow_start_batch(10, 1, || {
                calls += 1;
                if calls <= limit {
                    Ok(())
                } else {
                    Err("fake error")
                }
            });
            assert_eq!((ok, err.is_some(), calls), (want_ok, want_err, want_calls), "limit {limit}");
        }
    }

    #[test]
    fn a_failure_ends_the_batch_it_is_in() {
        // Batches of 1, 2, 4, 3 cover calls 1, 2-3, 4-7 and 8-10: the
        // first failing call's batch still completes, no later one starts.
        for (limit, want_calls) in [(0, 1), (1, 3), (2, 3), (3, 7), (6, 7), (7, 10), (9, 10)] {
            let mut calls = 0;
            let (ok, err) = slow_start_batch(10, 1, || {
                calls += 1;
                if calls <= limit {
                    Ok(())
                } else {
                    Err(())
                }
            });
            assert_eq!((ok, err, calls), (limit, Some(()), want_calls), "limit {limit}");
        }
    }

    #[test]
    fn pods_from_a_template_carry_its_metadata_and_the_owner() {
        let rs = ReplicaSet {
            metadata: ObjectMeta { name: "web-5d8f".into(), namespace: "ns".into(), uid: "u1".into(), ..Default::default() },
            spec: kubeplay_model::api::ReplicaSetSpec {
                template: PodTemplateSpec {
                    metadata: ObjectMeta {
                        labels: BTreeMap::from([("app".into(), "web".into())]).into(),
                        annotations: BTreeMap::from([("a".into(), "b".into())]).into(),
                        finalizers: vec!["f".into()].into(),
                        ..Default::default()
                    },
                    spec: Default::default(),
                },
                ..Default::default()
            },
            status: Default::default(),
        };
        let owner = Object::ReplicaSet(Box::new(rs.clone()));
        let pod = pod_from_template(&owner, &rs.spec.template);
        assert_eq!(pod.metadata.generate_name.as_deref(), Some("web-5d8f-"));
        assert_eq!(pod.metadata.namespace, "ns");
        assert_eq!(pod.metadata.labels, rs.spec.template.metadata.labels);
        assert_eq!(pod.metadata.annotations, rs.spec.template.metadata.annotations);
        assert_eq!(pod.metadata.finalizers, vec!["f".to_string()]);
        let r = pod.metadata.controller_ref().unwrap();
        assert_eq!((r.kind.as_str(), r.name.as_str(), r.uid.as_str(), r.block_owner_deletion), ("ReplicaSet", "web-5d8f", "u1", Some(true)));
    }
}
