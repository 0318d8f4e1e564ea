//! Pod GC (`pkg/controller/podgc`), run by the node lifecycle controller.
//! It force-deletes the pods no kubelet will finish: pods bound to a node
//! that no longer exists (after a 40 s quarantine), terminating pods on a
//! NotReady node tainted `node.kubernetes.io/out-of-service`, terminating
//! pods that were never scheduled, and the oldest terminated pods beyond
//! `--terminated-pod-gc-threshold`. A pod that has not ended is marked
//! Failed first, so that its controller makes a replacement.

use super::{clock, is_ready, pods_on, set_condition};
use crate::controller::Ctx;
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::api::{Node, Pod};
use kubeplay_model::{Kind, Object, ObjectKey};
use std::cmp::Ordering;
use std::sync::Arc;

/// Pod GC waits this long before deleting pods of a vanished node.
pub const PODGC_QUARANTINE_MS: i64 = 40_000;
/// kube-controller-manager's `--terminated-pod-gc-threshold` default.
pub const TERMINATED_POD_GC_THRESHOLD: usize = 12_500;
/// `gcCheckPeriod`: the terminated-pod sweep runs on these ticks, so a
/// burst of terminations is collected in one pass.
pub const GC_CHECK_PERIOD_MS: i64 = 20_000;
pub const OUT_OF_SERVICE: &str = "node.kubernetes.io/out-of-service";

/// The key of the terminated-pod sweep: a pod key no pod can have.
pub fn sweep_key() -> ObjectKey {
    ObjectKey::new(Kind::Pod, "", "")
}

/// `isPodTerminated`.
pub fn is_terminated(p: &Pod) -> bool {
    matches!(p.phase(), "Succeeded" | "Failed")
}

/// NotReady and tainted out-of-service (with any value and effect): its
/// terminating pods are force-deleted.
pub fn out_of_service(n: &Node) -> bool {
    !is_ready(n) && n.spec.taints.iter().any(|t| t.key == OUT_OF_SERVICE)
}

/// `markFailedAndDeletePodWithCondition`: a pod that has not ended is
/// made Failed (with `condition`, a DisruptionTarget reason and message),
/// then deleted with no grace period. Whether the deletion went through.
fn mark_failed_and_delete(ctx: &mut Ctx, pod: &Pod, condition: Option<(&str, &str)>) -> bool {
    let key = ObjectKey::new(Kind::Pod, &pod.metadata.namespace, &pod.metadata.name);
    if !is_terminated(pod) {
        let now = ctx.now();
        let mut p = pod.clone();
        p.status.phase = Some("Failed".into());
        if let Some((reason, message)) = condition {
            set_condition(
                &mut p.status.conditions,
                "DisruptionTarget",
                reason,
                message,
                now,
            );
        }
        if ctx.update_status(Object::Pod(Box::new(p))).is_err() {
            return false;
        }
    }
    ctx.delete(
        &key,
        DeleteOptions {
            grace_period_seconds: Some(0),
            ..Default::default()
        },
    )
    .is_ok()
}

/// `gcOrphaned` for one node that is gone: its pods are deleted once the
/// quarantine has passed without the node coming back.
pub fn gc_orphans(node: &str, ctx: &mut Ctx) {
    let now = ctx.now();
    let pods = pods_on(ctx.store(), node);
    ctx.observed(format!(
        "node {node} is gone; {} pods are still bound to it",
        pods.len()
    ));
    ctx.desired(format!(
        "no pods bound to a node that no longer exists (after a {}s quarantine)",
        PODGC_QUARANTINE_MS / 1000
    ));
    if pods.is_empty() {
        ctx.world_mut().sim.orphaned_nodes.remove(node);
        ctx.explain(format!("node {node} is gone and no pods are bound to it"));
        return;
    }
    let seen = *ctx
        .world_mut()
        .sim
        .orphaned_nodes
        .entry(node.to_string())
        .or_insert(now);
    let due = seen.plus_millis(PODGC_QUARANTINE_MS);
    if now < due {
        ctx.requeue_after(
            ObjectKey::new(Kind::Node, "", node),
            due.millis() - now.millis(),
        );
        ctx.explain(format!(
            "node {node} is gone; pod GC deletes its {} pod(s) at {} after a {}s quarantine",
            pods.len(),
            clock(due),
            PODGC_QUARANTINE_MS / 1000
        ));
        return;
    }
    for pod in &pods {
        mark_failed_and_delete(
            ctx,
            pod,
            Some(("DeletionByPodGC", "PodGC: node no longer exists")),
        );
    }
    ctx.world_mut().sim.orphaned_nodes.remove(node);
    ctx.explain(format!(
        "node {node} no longer exists, so pod GC deleted its {} pod(s)",
        pods.len()
    ));
}

/// `gcTerminating` for one node: when it is out of service, its
/// terminating pods go at once. The note says what was done, if anything.
pub fn gc_terminating(ctx: &mut Ctx, node: &Node) -> Option<String> {
    if !out_of_service(node) {
        return None;
    }
    let mut pods: Vec<Pod> = pods_on(ctx.store(), &node.metadata.name)
        .into_iter()
        .filter(|p| p.metadata.deletion_timestamp.is_some())
        .collect();
    if pods.is_empty() {
        return None;
    }
    pods.sort_by(by_eviction_and_creation);
    let n = pods
        .iter()
        .filter(|p| mark_failed_and_delete(ctx, p, None))
        .count();
    Some(format!("{} is NotReady and tainted {OUT_OF_SERVICE}, so pod GC force-deleted its {n} terminating pod(s)", node.metadata.name))
}

/// `gcTerminating` and `gcUnscheduledTerminating` for one pod being
/// deleted: force-deleted when it was never scheduled or its node is out
/// of service. Whether it was.
pub fn gc_terminating_pod(ctx: &mut Ctx, pod: &Pod) -> bool {
    if pod.metadata.deletion_timestamp.is_none() {
        return false;
    }
    let abandoned = match pod.node_name() {
        None => true,
        Some(node) => ctx
            .store()
            .get_by(Kind::Node, "", node)
            .and_then(|n| n.as_node())
            .is_some_and(out_of_service),
    };
    abandoned && mark_failed_and_delete(ctx, pod, None)
}

/// `byEvictionAndCreationTimestamp`: evicted pods first, then the oldest,
/// then by name.
fn by_eviction_and_creation(a: &Pod, b: &Pod) -> Ordering {
    let evicted = |p: &Pod| p.phase() == "Failed" && p.status.reason.as_deref() == Some("Evicted");
    evicted(b)
        .cmp(&evicted(a))
        .then_with(|| {
            a.metadata
                .creation_timestamp
                .cmp(&b.metadata.creation_timestamp)
        })
        .then_with(|| a.metadata.name.cmp(&b.metadata.name))
}

/// The sweep's reconcile: on the next tick of the GC period, the
/// terminated pods beyond the threshold go.
pub fn sweep_terminated(ctx: &mut Ctx) {
    let count = ctx.store().terminated_pod_count();
    ctx.observed(format!("{count} terminated pods"));
    ctx.desired(format!(
        "at most {TERMINATED_POD_GC_THRESHOLD} terminated pods (--terminated-pod-gc-threshold)"
    ));
    if count <= TERMINATED_POD_GC_THRESHOLD {
        ctx.explain(format!(
            "{count} terminated pods are within the threshold of {TERMINATED_POD_GC_THRESHOLD}"
        ));
        return;
    }
    let wait = (GC_CHECK_PERIOD_MS - ctx.now().millis().rem_euclid(GC_CHECK_PERIOD_MS))
        % GC_CHECK_PERIOD_MS;
    if wait > 0 {
        ctx.requeue_after(sweep_key(), wait);
        ctx.explain(format!("{count} terminated pods exceed the threshold of {TERMINATED_POD_GC_THRESHOLD}; pod GC collects them on its next pass"));
        return;
    }
    let n = gc_terminated(ctx, TERMINATED_POD_GC_THRESHOLD);
    ctx.explain(format!("{count} terminated pods exceeded the threshold of {TERMINATED_POD_GC_THRESHOLD}, so pod GC deleted the {n} oldest"));
}

/// `gcTerminated`: deletes the terminated pods beyond `threshold` (0:
/// none), evicted and oldest first. How many it deleted.
pub fn gc_terminated(ctx: &mut Ctx, threshold: usize) -> usize {
    let count = ctx.store().terminated_pod_count();
    if threshold == 0 || count <= threshold {
        return 0;
    }
    // Only past the threshold, so the listing is paid for rarely.
    let mut pods: Vec<Arc<Object>> = ctx
        .store()
        .list(Kind::Pod, None)
        .filter(|o| o.as_pod().is_some_and(is_terminated))
        .cloned()
        .collect();
    pods.sort_by(|a, b| match (a.as_pod(), b.as_pod()) {
        (Some(a), Some(b)) => by_eviction_and_creation(a, b),
        _ => Ordering::Equal,
    });
    pods.truncate(count - threshold);
    pods.iter()
        .filter_map(|o| o.as_pod())
        .filter(|p| mark_failed_and_delete(ctx, p, None))
        .count()
}
