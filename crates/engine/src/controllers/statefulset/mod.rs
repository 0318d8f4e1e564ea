//! The StatefulSet controller (`pkg/controller/statefulset`): pods with
//! stable names `<set>-0…<set>-(N-1)`, stable storage (one claim per
//! volumeClaimTemplate and ordinal, kept across pod deletion and
//! scale-down unless the retention policy says otherwise), created in
//! order and removed in reverse order (OrderedReady) or all at once
//! (Parallel), and updated from the highest ordinal down to the
//! partition. Each template is a ControllerRevision; pods carry its name
//! in `controller-revision-hash`.

pub mod identity;
pub mod plan;
#[cfg(test)]
mod upstream_tests;

use crate::controller::{Controller, Ctx};
use crate::controllers::history::{self, HASH_LABEL};
use crate::controllers::claim::claim_pods;
use crate::controllers::replicaset::{is_available, pod_from_template_named};
use crate::world::ControllerId;
use identity::*;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{ControllerRevision, Pod, PodTemplateSpec, StatefulSet};
use kubeplay_model::{Kind, Object, ObjectKey};
use plan::{plan, Action, Input, PodState, Why};
use std::collections::BTreeSet;
use std::sync::Arc;

/// MaxUnavailableStatefulSet is alpha (off) through v1.32, so real
/// clusters ignore `rollingUpdate.maxUnavailable`; so does Kubeplay.
pub const MAX_UNAVAILABLE_GATE: bool = false;

pub struct StatefulSetController;

impl Controller for StatefulSetController {
    fn id(&self) -> ControllerId {
        ControllerId::StatefulSet
    }
    fn component(&self) -> &'static str {
        "statefulset-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::StatefulSet => enqueue(change.key.clone()),
            Kind::Pod => {
                for side in [&change.old, &change.new].into_iter().flatten() {
                    let meta = side.meta();
                    match meta.controller_ref() {
                        Some(r) if r.kind == "StatefulSet" => enqueue(ObjectKey::new(Kind::StatefulSet, &meta.namespace, &r.name)),
                        Some(_) => {}
                        None => {
                            for s in store.list(Kind::StatefulSet, Some(&meta.namespace)) {
                                if let Object::StatefulSet(set) = &**s {
                                    if set.spec.selector.as_ref().is_some_and(|sel| !sel.is_empty() && sel.matches(&meta.labels)) {
                                        enqueue(s.key());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!("StatefulSet {} no longer exists; its pods are left to the garbage collector", key.name));
            return;
        };
        let Object::StatefulSet(set) = &*obj else { return };
        let set = set.clone();
        let pods: Vec<Pod> = claim_pods(ctx, &obj, set.spec.selector.as_ref()).iter().filter_map(|p| p.as_pod().cloned()).collect();
        let Some((current, update)) = revisions(ctx, &obj, &set) else {
            ctx.explain(format!("StatefulSet {}: its revision name collided with another object; collisionCount was raised to try another", set.metadata.name));
            return;
        };
        let replicas = set.spec.replicas.unwrap_or(1);
        let name = set.metadata.name.clone();
        let monotonic = set.spec.pod_management_policy.as_deref() != Some("Parallel");
        ctx.desired(format!("{replicas} pods {name}-0…{name}-{} of revision {}", replicas.saturating_sub(1), update.metadata.name));
        let mut did: Vec<String> = Vec::new();
        let mut waiting = None;
        let mut failed: Option<String> = None;
        if set.metadata.deletion_timestamp.is_none() {
            let now = ctx.now();
            let min_ready = set.spec.min_ready_seconds.unwrap_or(0);
            let states: Vec<PodState> = pods
                .iter()
                .filter(|p| identity_matches(&set, p) || parent_and_ordinal(&p.metadata.name).is_some_and(|(parent, _)| parent == name))
                .filter_map(|p| {
                    let (_, ordinal) = parent_and_ordinal(&p.metadata.name)?;
                    Some(PodState {
                        name: p.metadata.name.clone(),
                        ordinal,
                        phase: p.phase().to_string(),
                        ready: p.phase() == "Running" && p.is_ready(),
                        available: p.phase() == "Running" && is_available(p, min_ready, now),
                        terminating: p.metadata.deletion_timestamp.is_some(),
                        revision: p.metadata.label(HASH_LABEL).unwrap_or("").to_string(),
                        identity_ok: identity_matches(&set, p),
                    })
                })
                .collect();
            let strategy = set.spec.update_strategy.as_ref();
            let rolling = strategy.and_then(|s| s.type_.as_deref()).unwrap_or("RollingUpdate") == "RollingUpdate";
            let ru = strategy.and_then(|s| s.rolling_update.as_ref());
            let input = Input {
                start: start_ordinal(&set),
                replicas,
                monotonic,
                rolling,
                partition: ru.and_then(|r| r.partition).unwrap_or(0),
                max_unavailable: MAX_UNAVAILABLE_GATE.then(|| max_unavailable(ru.and_then(|r| r.max_unavailable.as_ref()), replicas)),
                update_revision: update.metadata.name.clone(),
                pods: states,
            };
            let p = plan(&input);
            waiting = p.waiting_on.clone();
            for action in &p.actions {
                match execute(ctx, &obj, &set, &current, &update, &input, action) {
                    Ok(Some(d)) => did.push(d),
                    Ok(None) => {}
                    Err(e) => {
                        failed.get_or_insert(e);
                        // OrderedReady stops at the first failure; Parallel goes on.
                        if monotonic {
                            break;
                        }
                    }
                }
            }
            if let Err(e) = fix_claim_owners(ctx, &set, &input) {
                failed.get_or_insert(e);
            }
            truncate_history(ctx, &obj, &set, &current, &update);
        }
        let (status, status_err) = update_status(ctx, &set, &current, &update);
        match failed.or(status_err) {
            Some(e) => {
                // A stale cache shows up here (a pod or claim that already
                // exists, a Conflict): retried with back-off, as upstream.
                ctx.requeue_rate_limited(key.clone());
                did.push(format!("{e}; retrying with back-off"));
            }
            None => ctx.forget(key),
        }
        ctx.observed(format!(
            "{} pods, {} ready, {} at {} (current {})",
            status.replicas,
            status.ready_replicas.unwrap_or(0),
            status.updated_replicas.unwrap_or(0),
            update.metadata.name,
            status.current_revision.clone().unwrap_or_default()
        ));
        let mut what = if did.is_empty() { "nothing to create or delete".to_string() } else { did.join("; ") };
        if let Some(w) = waiting {
            what.push_str(&format!("; waiting for {w}"));
        }
        let policy = if monotonic { "OrderedReady" } else { "Parallel" };
        // Pods and replicas apart: while scaling down there are more pods than replicas.
        let wanted = if replicas == 1 { "1 replica".to_string() } else { format!("{replicas} replicas") };
        ctx.explain(format!("StatefulSet {name} ({policy}): {} pods, {} ready, for {wanted}: {what}", status.replicas, status.ready_replicas.unwrap_or(0)));
    }
}

/// The current and update revisions (`getStatefulSetRevisions`): the
/// update revision holds the set's template; the current one is the
/// status's, or the update revision for a new set.
fn revisions(ctx: &mut Ctx, obj: &Arc<Object>, set: &StatefulSet) -> Option<(ControllerRevision, ControllerRevision)> {
    // `ListRevisions` claims them as it does pods: a set created again
    // after `delete --cascade=orphan` adopts its predecessor's revisions
    // (their labels are the template's), so the pods it adopts are at its
    // revision already and stay.
    crate::controllers::claim::claim(ctx, obj, Kind::ControllerRevision, set.spec.selector.as_ref());
    let mut revs = history::owned(ctx, obj);
    let data = history::template_patch(&set.spec.template);
    // A count of 0 hashes as none, so names made before status carried it stay.
    let hash = history::hash_revision(&data, set.status.collision_count.filter(|&c| c != 0));
    let mut labels = (*set.spec.template.metadata.labels).clone();
    labels.insert(HASH_LABEL.into(), hash.clone());
    let update = match history::ensure(ctx, obj, &mut revs, &format!("{}-{hash}", set.metadata.name), labels, data) {
        Some(r) => r,
        None => {
            let mut s = set.clone();
            s.status.collision_count = Some(set.status.collision_count.unwrap_or(0) + 1);
            let _ = ctx.update_status(Object::StatefulSet(Box::new(s)));
            return None;
        }
    };
    let current = set
        .status
        .current_revision
        .as_ref()
        .and_then(|c| revs.iter().find(|r| &r.metadata.name == c))
        .cloned()
        .unwrap_or_else(|| update.clone());
    Some((current, update))
}

/// The pod for an ordinal (`newVersionedStatefulSetPod`): ordinals below
/// the partition keep the current revision's template.
fn new_pod(obj: &Object, set: &StatefulSet, current: &ControllerRevision, update: &ControllerRevision, input: &Input, ordinal: i32) -> Pod {
    let keep_current = input.rolling && ordinal < input.start.saturating_add(input.partition);
    let (template, rev): (PodTemplateSpec, &ControllerRevision) = if keep_current {
        (history::template_of(current).unwrap_or_else(|| set.spec.template.clone()), current)
    } else {
        (set.spec.template.clone(), update)
    };
    let name = pod_name(&set.metadata.name, ordinal);
    let mut pod = pod_from_template_named(obj, &template, "");
    pod.metadata.generate_name = None;
    pod.metadata.name = name.clone();
    pod.metadata.labels.insert(POD_NAME_LABEL.into(), name.clone());
    pod.metadata.labels.insert(POD_INDEX_LABEL.into(), ordinal.to_string());
    pod.metadata.labels.insert(HASH_LABEL.into(), rev.metadata.name.clone());
    pod.spec_mut().hostname = Some(name);
    if !set.spec.service_name.is_empty() {
        pod.spec_mut().subdomain = Some(set.spec.service_name.clone());
    }
    attach_claims(set, &mut pod, ordinal);
    pod
}

fn execute(ctx: &mut Ctx, obj: &Arc<Object>, set: &StatefulSet, current: &ControllerRevision, update: &ControllerRevision, input: &Input, action: &Action) -> Result<Option<String>, String> {
    let ns = set.metadata.namespace.clone();
    let name = &set.metadata.name;
    match action {
        Action::EnsureClaims(ordinal) => {
            let made = create_claims(ctx, obj, set, *ordinal).map_err(|errs| format!("creating the claims of {} failed ({})", pod_name(name, *ordinal), aggregate(&errs)))?;
            Ok((!made.is_empty()).then(|| format!("created claims {}", made.join(", "))))
        }
        Action::Create(ordinal) => {
            let pod = new_pod(obj, set, current, update, input, *ordinal);
            let pod_name = pod.metadata.name.clone();
            if let Some(claim) = stale_claim(ctx, set, *ordinal) {
                // `PodClaimIsStale`: the claim is on its way out with the
                // pod scaled away before; a pod made now would lose it.
                // Upstream waits for a later sync; the queue stands in for
                // the informers' resync.
                ctx.requeue_after(obj.key(), 1_000);
                return Ok(Some(format!("not creating {pod_name} yet: claim {claim} still belongs to the {pod_name} scaled away before")));
            }
            let claims = match create_claims(ctx, obj, set, *ordinal) {
                Ok(made) => made,
                Err(errs) => {
                    // `CreateStatefulPod` records the pod's failure too, whatever the claims' error.
                    let e = aggregate(&errs);
                    ctx.event(obj, "Warning", "FailedCreate", format!("create Pod {pod_name} in StatefulSet {name} failed error: {e}"));
                    return Err(format!("creating {pod_name} failed ({e})"));
                }
            };
            match ctx.create(Object::Pod(Box::new(pod))) {
                Ok(_) => {
                    ctx.event(obj, "Normal", "SuccessfulCreate", format!("create Pod {pod_name} in StatefulSet {name} successful"));
                    let with = if claims.is_empty() { String::new() } else { format!(" with claims {}", claims.join(", ")) };
                    Ok(Some(format!("created {pod_name}{with}")))
                }
                // Upstream sinks this one (no event): the pod is there, the
                // cache has not shown it yet.
                Err(e @ kubeplay_apiserver::ApiError::AlreadyExists { .. }) => Err(format!("creating {pod_name} failed ({e})")),
                Err(e) => {
                    ctx.event(obj, "Warning", "FailedCreate", format!("create Pod {pod_name} in StatefulSet {name} failed error: {e}"));
                    Err(format!("creating {pod_name} failed ({e})"))
                }
            }
        }
        Action::Restore(pod_name) => {
            let Some(mut pod) = ctx.store().get_by(Kind::Pod, &ns, pod_name).and_then(|o| o.as_pod().cloned()) else { return Ok(None) };
            update_identity(set, &mut pod);
            match ctx.update(Object::Pod(Box::new(pod))) {
                Ok(_) => {
                    ctx.event(obj, "Normal", "SuccessfulUpdate", format!("update Pod {pod_name} in StatefulSet {name} successful"));
                    Ok(Some(format!("restored the identity labels of {pod_name}")))
                }
                Err(e) => {
                    ctx.event(obj, "Warning", "FailedUpdate", format!("update Pod {pod_name} in StatefulSet {name} failed error: {e}"));
                    Err(format!("updating {pod_name} failed ({e})"))
                }
            }
        }
        Action::Delete { name: pod_name, why } => {
            match ctx.delete(&ObjectKey::new(Kind::Pod, &ns, pod_name), DeleteOptions::default()) {
                Ok(_) => {
                    ctx.event(obj, "Normal", "SuccessfulDelete", format!("delete Pod {pod_name} in StatefulSet {name} successful"));
                    let why = match why {
                        Why::Finished => "it has finished running; it is recreated once it is gone",
                        Why::ScaleDown => "scaling down, highest ordinal first",
                        Why::Update => "it runs an old revision; it will be recreated with the new one",
                    };
                    Ok(Some(format!("deleted {pod_name} ({why})")))
                }
                Err(e) => {
                    ctx.event(obj, "Warning", "FailedDelete", format!("delete Pod {pod_name} in StatefulSet {name} failed error: {e}"));
                    Err(format!("deleting {pod_name} failed ({e})"))
                }
            }
        }
    }
}

/// Creates the ordinal's missing claims; returns their names, or
/// upstream's error texts (`createPersistentVolumeClaims`: then no pod is
/// made). A claim being deleted counts as a failure: a pod made on it
/// would lose its storage.
fn create_claims(ctx: &mut Ctx, obj: &Arc<Object>, set: &StatefulSet, ordinal: i32) -> Result<Vec<String>, Vec<String>> {
    let mut made = Vec::new();
    let mut errs = Vec::new();
    let pod = pod_name(&set.metadata.name, ordinal);
    let (when_deleted, _) = retention(set);
    for mut claim in claims_for(set, ordinal) {
        if let Some(existing) = ctx.store().get_by(Kind::PersistentVolumeClaim, &claim.metadata.namespace, &claim.metadata.name) {
            if existing.meta().deletion_timestamp.is_some() {
                errs.push(format!("pvc {} is being deleted", claim.metadata.name));
            }
            continue;
        }
        if when_deleted {
            claim.metadata.owner_references.push(controller_ref("apps/v1", "StatefulSet", &set.metadata.name, &set.metadata.uid));
        }
        let claim_name = claim.metadata.name.clone();
        match ctx.create(Object::PersistentVolumeClaim(Box::new(claim))) {
            Ok(_) => {
                ctx.event(obj, "Normal", "SuccessfulCreate", format!("create Claim {claim_name} Pod {pod} in StatefulSet {} success", set.metadata.name));
                made.push(claim_name);
            }
            // Already there (the cache lags): no claim event.
            Err(e @ kubeplay_apiserver::ApiError::AlreadyExists { .. }) => errs.push(format!("failed to create PVC {claim_name}: {e}")),
            Err(e) => {
                ctx.event(obj, "Warning", "FailedCreate", format!("create Claim {claim_name} for Pod {pod} in StatefulSet {} failed error: {e}", set.metadata.name));
                errs.push(format!("failed to create PVC {claim_name}: {e}"));
            }
        }
    }
    if errs.is_empty() {
        Ok(made)
    } else {
        Err(errs)
    }
}

/// `utilerrors.NewAggregate(..).Error()`: one error as itself, more in brackets.
fn aggregate(errs: &[String]) -> String {
    match errs {
        [one] => one.clone(),
        _ => format!("[{}]", errs.join(", ")),
    }
}

/// A claim of this ordinal that still names a pod of its name as owner
/// (`PodClaimIsStale`): the pod to be made has no UID yet, so any such
/// reference is to the pod scaled away before, whose claims are to go.
/// Only when whenScaled=Delete: otherwise claims are kept for reuse.
fn stale_claim(ctx: &Ctx, set: &StatefulSet, ordinal: i32) -> Option<String> {
    if !retention(set).1 {
        return None;
    }
    let pod = pod_name(&set.metadata.name, ordinal);
    set.spec.volume_claim_templates.iter().map(|t| claim_name(&t.metadata.name, &set.metadata.name, ordinal)).find(|c| {
        ctx.store()
            .get_by(Kind::PersistentVolumeClaim, &set.metadata.namespace, c)
            .is_some_and(|o| o.meta().owner_references.iter().any(|r| r.api_version == "v1" && r.kind == "Pod" && r.name == pod))
    })
}

/// Keeps claim owner references in line with the retention policy
/// (`UpdatePodClaimForRetentionPolicy`): the set controls in-range claims
/// when whenDeleted=Delete; a condemned pod controls its claims when
/// whenScaled=Delete, so they go with it.
fn fix_claim_owners(ctx: &mut Ctx, set: &StatefulSet, input: &Input) -> Result<(), String> {
    if set.spec.volume_claim_templates.is_empty() {
        return Ok(());
    }
    let mut failed = Ok(());
    let (when_deleted, when_scaled) = retention(set);
    let end = input.start + input.replicas;
    for p in &input.pods {
        let scaled_down = p.ordinal >= end || p.ordinal < input.start;
        let pod_uid = ctx.store().get_by(Kind::Pod, &set.metadata.namespace, &p.name).map(|o| o.meta().uid.clone()).unwrap_or_default();
        let owners = ClaimOwners { set_name: &set.metadata.name, set_uid: &set.metadata.uid, pod_name: &p.name, pod_uid: &pod_uid };
        for claim in claims_for(set, p.ordinal) {
            let Some(existing) = ctx.store().get_by(Kind::PersistentVolumeClaim, &claim.metadata.namespace, &claim.metadata.name).cloned() else { continue };
            let Some(refs) = claim_owner_refs(&existing.meta().owner_references, &owners, when_deleted, when_scaled, scaled_down) else { continue };
            let mut c = (*existing).clone();
            c.meta_mut().owner_references = refs.into();
            if let Err(e) = ctx.update(c) {
                failed = Err(format!("updating the owners of claim {} failed ({e})", existing.name()));
            }
        }
    }
    failed
}

fn truncate_history(ctx: &mut Ctx, obj: &Arc<Object>, set: &StatefulSet, current: &ControllerRevision, update: &ControllerRevision) {
    let revs = history::owned(ctx, obj);
    let mut live: BTreeSet<String> = [current.metadata.name.clone(), update.metadata.name.clone()].into();
    for p in ctx.store().list(Kind::Pod, Some(&set.metadata.namespace)) {
        if p.meta().controller_ref().is_some_and(|r| r.uid == set.metadata.uid) {
            if let Some(h) = p.meta().label(HASH_LABEL) {
                live.insert(h.to_string());
            }
        }
    }
    history::truncate(ctx, &revs, &live, set.spec.revision_history_limit.unwrap_or(10));
}

/// Status from the pods as they are after this sync, and the end of a
/// rolling update (`completeRollingUpdate`).
fn update_status(ctx: &mut Ctx, set: &StatefulSet, current: &ControllerRevision, update: &ControllerRevision) -> (kubeplay_model::api::StatefulSetStatus, Option<String>) {
    let now = ctx.now();
    let min_ready = set.spec.min_ready_seconds.unwrap_or(0);
    let pods: Vec<Pod> = ctx
        .store()
        .list(Kind::Pod, Some(&set.metadata.namespace))
        .filter(|p| p.meta().controller_ref().is_some_and(|r| r.uid == set.metadata.uid))
        .filter_map(|p| p.as_pod().cloned())
        .collect();
    let mut st = set.status.clone();
    st.observed_generation = Some(set.metadata.generation);
    // Upstream always writes the count, 0 included.
    st.collision_count = Some(st.collision_count.unwrap_or(0));
    st.replicas = pods.len() as i32;
    st.ready_replicas = Some(pods.iter().filter(|p| p.phase() == "Running" && p.is_ready()).count() as i32);
    st.available_replicas = Some(pods.iter().filter(|p| p.phase() == "Running" && is_available(p, min_ready, now)).count() as i32);
    let at = |rev: &str| pods.iter().filter(|p| p.metadata.deletion_timestamp.is_none() && p.metadata.label(HASH_LABEL) == Some(rev)).count() as i32;
    st.current_replicas = Some(at(&current.metadata.name));
    st.updated_replicas = Some(at(&update.metadata.name));
    st.current_revision = Some(current.metadata.name.clone());
    st.update_revision = Some(update.metadata.name.clone());
    let rolling = set.spec.update_strategy.as_ref().and_then(|s| s.type_.as_deref()).unwrap_or("RollingUpdate") == "RollingUpdate";
    if rolling && st.updated_replicas == Some(st.replicas) && st.ready_replicas == Some(st.replicas) {
        st.current_replicas = st.updated_replicas;
        st.current_revision = st.update_revision.clone();
    }
    let mut err = None;
    if st != set.status {
        let mut s = set.clone();
        s.status = st.clone();
        if let Err(e) = ctx.update_status(Object::StatefulSet(Box::new(s))) {
            err = Some(format!("writing its status failed ({e})"));
        }
    }
    if min_ready > 0 && st.ready_replicas != st.available_replicas {
        ctx.requeue_after(ObjectKey::new(Kind::StatefulSet, &set.metadata.namespace, &set.metadata.name), min_ready as i64 * 1000);
    }
    (st, err)
}
