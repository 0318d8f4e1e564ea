//! The ReplicaSet controller (`pkg/controller/replicaset`): keeps the number
//! of active pods that match a ReplicaSet's selector equal to its replicas.

use crate::controller::{Controller, Ctx};
use crate::controllers::{controller_ref, plural};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{Pod, ReplicaSet};
use kubeplay_model::meta::{find_condition, set_condition};
use kubeplay_model::{Condition, Kind, Object, ObjectKey, ObjectMeta, Time};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Upstream's `BurstReplicas`: at most this many creates or deletes per sync.
pub const BURST_REPLICAS: usize = 500;

pub struct ReplicaSetController;

impl Controller for ReplicaSetController {
    fn id(&self) -> ControllerId {
        ControllerId::ReplicaSet
    }
    fn component(&self) -> &'static str {
        "replicaset-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::ReplicaSet => enqueue(change.key.clone()),
            Kind::Pod => {
                for side in [&change.old, &change.new].into_iter().flatten() {
                    let meta = side.meta();
                    match meta.controller_ref() {
                        Some(r) if r.kind == "ReplicaSet" => enqueue(ObjectKey::new(Kind::ReplicaSet, &meta.namespace, &r.name)),
                        Some(_) => {}
                        // An orphan: any ReplicaSet whose selector matches may adopt it.
                        None if side.meta().deletion_timestamp.is_none() => {
                            for rs in store.list(Kind::ReplicaSet, Some(&meta.namespace)) {
                                if let Object::ReplicaSet(r) = &**rs {
                                    if r.spec.selector.as_ref().is_some_and(|s| !s.is_empty() && s.matches(&meta.labels)) {
                                        enqueue(rs.key());
                                    }
                                }
                            }
                        }
                        None => {}
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!("ReplicaSet {} no longer exists; its pods are left to the garbage collector", key.name));
            return;
        };
        let Object::ReplicaSet(rs) = &*obj else { return };
        let pods = claim_pods(ctx, &obj, rs.spec.selector.as_ref());
        let active: Vec<Arc<Object>> = pods.iter().filter(|p| p.as_pod().is_some_and(Pod::is_active)).cloned().collect();
        let want = rs.spec.replicas.unwrap_or(1).max(0) as usize;
        let selector = rs.spec.selector.as_ref().map(|s| s.to_string_form()).unwrap_or_default();
        ctx.observed(format!("{} match {selector}", plural(active.len(), "active pod")));
        ctx.desired(format!("{} replicas", want));

        if rs.metadata.deletion_timestamp.is_none() {
            if active.len() < want {
                let n = (want - active.len()).min(BURST_REPLICAS);
                let created = create_pods(ctx, &obj, rs, n);
                ctx.explain(format!(
                    "{} match {selector}, {want} wanted: created {}",
                    plural(active.len(), "active pod"),
                    created.join(", ")
                ));
            } else if active.len() > want {
                let n = (active.len() - want).min(BURST_REPLICAS);
                let victims = pods_to_delete(&active, n);
                let mut names = Vec::new();
                for (victim, why) in victims {
                    let name = victim.name().to_string();
                    if ctx.delete(&victim.key(), DeleteOptions::default()).is_ok() {
                        ctx.event(&obj, "Normal", "SuccessfulDelete", format!("Deleted pod: {name}"));
                        names.push(format!("{name} ({why})"));
                    }
                }
                ctx.explain(format!(
                    "{} match {selector}, {want} wanted: deleting {}",
                    plural(active.len(), "active pod"),
                    names.join(", ")
                ));
            } else {
                ctx.explain(format!("{} match {selector}, as wanted; nothing to do", plural(active.len(), "pod")));
            }
        }
        let requeue = update_status(ctx, rs, &active, &pods);
        if let Some(ms) = requeue {
            ctx.requeue_after(key.clone(), ms);
        }
    }
}

/// Adopts matching orphans, releases owned pods whose labels no longer
/// match, and returns the pods this owner controls (upstream's
/// `ControllerRefManager.ClaimPods`).
pub fn claim_pods(ctx: &mut Ctx, owner: &Object, selector: Option<&kubeplay_model::LabelSelector>) -> Vec<Arc<Object>> {
    crate::controllers::claim::claim(ctx, owner, Kind::Pod, selector)
}

fn create_pods(ctx: &mut Ctx, owner: &Object, rs: &ReplicaSet, n: usize) -> Vec<String> {
    let mut created = Vec::new();
    // Slow start: batches of 1, 2, 4, … ; a failed batch stops the rest.
    let mut batch = 1;
    let mut remaining = n;
    'outer: while remaining > 0 {
        let size = batch.min(remaining);
        for _ in 0..size {
            let pod = pod_from_template(owner, &rs.spec.template, &format!("{}-", rs.metadata.name));
            match ctx.create(Object::Pod(pod)) {
                Ok(p) => {
                    ctx.event(owner, "Normal", "SuccessfulCreate", format!("Created pod: {}", p.name()));
                    created.push(p.name().to_string());
                }
                Err(e) => {
                    ctx.event(owner, "Warning", "FailedCreate", format!("Error creating: {e}"));
                    break 'outer;
                }
            }
        }
        remaining -= size;
        batch *= 2;
    }
    created
}

/// A pod for a workload, as `controller.GetPodFromTemplate` builds it.
pub fn pod_from_template(owner: &Object, template: &kubeplay_model::api::PodTemplateSpec, generate_name: &str) -> Pod {
    Pod {
        metadata: ObjectMeta {
            generate_name: Some(generate_name.to_string()),
            namespace: owner.namespace().to_string(),
            labels: template.metadata.labels.clone(),
            annotations: template.metadata.annotations.clone(),
            finalizers: template.metadata.finalizers.clone(),
            owner_references: vec![controller_ref(owner)],
            ..Default::default()
        },
        spec: template.spec.clone(),
        status: Default::default(),
    }
}

/// How long a pod has been ready, in ms, or None if it is not ready.
pub fn ready_since(pod: &Pod) -> Option<Time> {
    find_condition(&pod.status.conditions, "Ready").filter(|c| c.is_true()).and_then(|c| c.last_transition_time)
}

/// Ready for at least `min_ready_seconds` (`podutil.IsPodAvailable`).
pub fn is_available(pod: &Pod, min_ready_seconds: i32, now: Time) -> bool {
    match ready_since(pod) {
        Some(t) => min_ready_seconds <= 0 || t.plus_secs(min_ready_seconds as i64) <= now,
        None => pod.is_ready() && min_ready_seconds <= 0,
    }
}

/// Chooses `n` pods to delete in upstream's order (`ActivePodsWithRanks`):
/// unassigned first, then Pending before Unknown before Running, not ready
/// before ready, pods on nodes crowded with related pods first, then
/// shorter-ready, more restarts, newer.
pub fn pods_to_delete(pods: &[Arc<Object>], n: usize) -> Vec<(Arc<Object>, &'static str)> {
    let pods: Vec<(&Arc<Object>, &Pod)> = pods.iter().filter_map(|o| o.as_pod().map(|p| (o, p))).collect();
    let mut per_node: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, p) in &pods {
        if let Some(node) = p.node_name() {
            *per_node.entry(node).or_default() += 1;
        }
    }
    let phase_rank = |p: &Pod| match p.phase() {
        "Pending" | "" => 0,
        "Unknown" => 1,
        _ => 2,
    };
    let crowd = |p: &Pod| p.node_name().and_then(|n| per_node.get(n)).copied().unwrap_or(0);
    let restarts = |p: &Pod| p.status.container_statuses.iter().map(|c| c.restart_count).max().unwrap_or(0);
    let mut ranked = pods.clone();
    ranked.sort_by(|(a, pa), (b, pb)| {
        pa.node_name()
            .is_some()
            .cmp(&pb.node_name().is_some())
            .then(phase_rank(pa).cmp(&phase_rank(pb)))
            .then(pa.is_ready().cmp(&pb.is_ready()))
            .then(crowd(pb).cmp(&crowd(pa)))
            .then(ready_since(pb).cmp(&ready_since(pa)))
            .then(restarts(pb).cmp(&restarts(pa)))
            .then(pb.metadata.creation_timestamp.cmp(&pa.metadata.creation_timestamp))
            .then(a.name().cmp(b.name()))
    });
    ranked
        .into_iter()
        .take(n)
        .map(|(o, pod)| {
            let why = if pod.node_name().is_none() {
                "not scheduled"
            } else if phase_rank(pod) < 2 {
                "pending"
            } else if !pod.is_ready() {
                "not ready"
            } else {
                "newest"
            };
            (o.clone(), why)
        })
        .collect()
}

/// Writes status: counts, observedGeneration, ReplicaFailure. Returns a
/// requeue delay when a ready pod will become available later
/// (minReadySeconds).
fn update_status(ctx: &mut Ctx, rs: &ReplicaSet, active: &[Arc<Object>], _all: &[Arc<Object>]) -> Option<i64> {
    let now = ctx.now();
    let min_ready = rs.spec.min_ready_seconds.unwrap_or(0);
    let template_sel = &rs.spec.template.metadata.labels;
    let mut status = rs.status.clone();
    let pods: Vec<&Pod> = active.iter().filter_map(|p| p.as_pod()).collect();
    status.replicas = pods.len() as i32;
    status.fully_labeled_replicas = Some(pods.iter().filter(|p| template_sel.iter().all(|(k, v)| p.metadata.labels.get(k) == Some(v))).count() as i32);
    status.ready_replicas = Some(pods.iter().filter(|p| p.is_ready()).count() as i32);
    status.available_replicas = Some(pods.iter().filter(|p| is_available(p, min_ready, now)).count() as i32);
    status.observed_generation = Some(rs.metadata.generation);
    let _ = set_condition; // ReplicaFailure is set by create errors (kept as is here)
    let mut requeue = None;
    if min_ready > 0 {
        for p in &pods {
            if let Some(t) = ready_since(p) {
                let at = t.plus_secs(min_ready as i64);
                if at > now {
                    let d = at.millis() - now.millis();
                    requeue = Some(requeue.map_or(d, |r: i64| r.min(d)));
                }
            }
        }
    }
    if status != rs.status {
        let mut updated = rs.clone();
        updated.status = status;
        let _ = ctx.update_status(Object::ReplicaSet(updated));
    }
    requeue
}

#[allow(dead_code)]
fn condition(type_: &str, status: &str, reason: &str, message: &str, now: Time) -> Condition {
    Condition {
        type_: type_.into(),
        status: status.into(),
        reason: Some(reason.into()),
        message: Some(message.into()),
        last_transition_time: Some(now),
        ..Default::default()
    }
}
