//! The rollout budget of each Deployment, as the deployment controller
//! computes it (the same functions from the engine, not a copy): how many
//! pods may exist at most (replicas + maxSurge), how many must stay
//! available (replicas − maxUnavailable), and so how many the controller
//! may create or scale down right now.

use kubeplay_engine::controllers::deployment::util;
use kubeplay_engine::Engine;
use kubeplay_model::api::apps::ReplicaSet;
use kubeplay_model::Kind;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RolloutView {
    pub namespace: String,
    pub name: String,
    /// `RollingUpdate` or `Recreate`.
    pub strategy: String,
    pub replicas: i32,
    /// maxSurge and maxUnavailable resolved to pod counts (surge rounds
    /// up, unavailable down; both 0 makes unavailable 1).
    pub max_surge: i32,
    pub max_unavailable: i32,
    /// replicas + maxSurge: the most pods the rollout may have at once.
    pub max_total: i32,
    /// replicas − maxUnavailable: the fewest available pods allowed.
    pub min_available: i32,
    /// Pods the ReplicaSets are asked for now (the sum of spec.replicas).
    pub total: i32,
    /// Available pods over all ReplicaSets.
    pub available: i32,
    /// Pods of the current template (the new ReplicaSet's status.replicas).
    pub updated: i32,
    /// Pods in old ReplicaSets (status.replicas).
    pub old: i32,
    /// What the controller asks of the old and the new ReplicaSets (their
    /// spec.replicas): their sum is what maxSurge caps. The pod counts
    /// above lag behind these by a step or two.
    pub old_desired: i32,
    pub new_desired: i32,
    /// How many more pods the new ReplicaSet may get now.
    pub can_create: i32,
    /// How many old pods may be scaled down now.
    pub can_remove: i32,
    /// Old ReplicaSets still have pods, or the new one is not all available.
    pub in_progress: bool,
}

/// The budget of every Deployment outside the system namespaces, in store order.
pub fn rollouts(engine: &Engine) -> Vec<RolloutView> {
    let store = engine.store();
    let mut out = Vec::new();
    for d in store.list(Kind::Deployment, None).filter_map(|o| o.as_deployment()) {
        if crate::is_system_namespace(&d.metadata.namespace) {
            continue;
        }
        let rss: Vec<&ReplicaSet> = store
            .list(Kind::ReplicaSet, Some(&d.metadata.namespace))
            .filter_map(|o| o.as_replica_set())
            .filter(|r| r.metadata.controller_ref().is_some_and(|c| c.kind == "Deployment" && c.uid == d.metadata.uid))
            .collect();
        let new = util::find_new(d, &rss);
        let is_new = |r: &ReplicaSet| new.is_some_and(|n| std::ptr::eq(n, r));
        let replicas = util::replicas(d);
        let (max_surge, max_unavailable) = (util::max_surge(d), util::max_unavailable(d));
        let max_total = replicas + max_surge;
        let min_available = util::min_available(d);
        let total = util::total_spec(&rss);
        let updated = new.map(|n| n.status.replicas).unwrap_or(0);
        let old = rss.iter().filter(|r| !is_new(r)).map(|r| r.status.replicas).sum();
        let new_desired = new.map(util::rs_replicas).unwrap_or(0);
        // NewRSNewReplicas: room under replicas + maxSurge, never beyond replicas for the new set.
        let can_create = match new {
            _ if !util::is_rolling(d) => (replicas - updated).max(0),
            Some(n) => (max_total - total).min(replicas - util::rs_replicas(n)).max(0),
            None => (max_total - total).min(replicas).max(0),
        };
        // reconcileOldReplicaSets: all − minAvailable − the new set's unavailable pods.
        let new_unavailable = new.map(|n| util::rs_replicas(n) - n.status.available_replicas.unwrap_or(0)).unwrap_or(0);
        let can_remove = if util::is_rolling(d) { (total - min_available - new_unavailable).max(0).min(old) } else { old };
        let available = util::total_available(&rss);
        let in_progress = old > 0 || new.is_none_or(|n| n.status.available_replicas.unwrap_or(0) < replicas || n.status.replicas != replicas);
        out.push(RolloutView {
            namespace: d.metadata.namespace.to_string(),
            name: d.metadata.name.clone(),
            strategy: util::strategy_type(d).to_string(),
            replicas,
            max_surge,
            max_unavailable,
            max_total,
            min_available,
            total,
            available,
            updated,
            old,
            old_desired: total - new_desired,
            new_desired,
            can_create,
            can_remove,
            in_progress,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Playground, DEFAULT_EXAMPLE};

    fn deployment(replicas: i32, surge: &str, unavailable: &str) -> String {
        format!(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: {replicas}\n  strategy:\n    rollingUpdate:\n      maxSurge: {surge}\n      maxUnavailable: {unavailable}\n  selector:\n    matchLabels: {{app: web}}\n  template:\n    metadata:\n      labels: {{app: web}}\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.25\n"
        )
    }

    // Fence-posts as upstream's TestResolveFenceposts and the deployment
    // docs' examples: surge rounds up, unavailable rounds down.
    #[test]
    fn fenceposts_resolve_like_the_controller() {
        for (replicas, surge, unavailable, want) in [(3, "25%", "25%", (1, 0)), (10, "25%", "25%", (3, 2)), (10, "\"30%\"", "\"30%\"", (3, 3)), (5, "2", "1", (2, 1))] {
            let mut pg = Playground::new(1);
            let out = pg.apply(&deployment(replicas, surge, unavailable));
            assert!(!out.failed, "{out:?}");
            let r = rollouts(pg.engine());
            assert_eq!((r[0].max_surge, r[0].max_unavailable), want, "replicas {replicas} surge {surge} unavailable {unavailable}");
            assert_eq!(r[0].max_total, replicas + want.0);
            assert_eq!(r[0].min_available, replicas - want.1);
        }
    }

    #[test]
    fn a_settled_deployment_is_not_rolling_out_and_an_image_change_is() {
        let mut pg = Playground::new(1);
        pg.apply(DEFAULT_EXAMPLE);
        pg.settle();
        let r = &rollouts(pg.engine())[0];
        assert_eq!((r.replicas, r.available, r.updated, r.old, r.in_progress), (3, 3, 3, 0, false));
        // With 3 replicas and 25%: surge 1, unavailable 0. After the image
        // changes, the controller may create exactly one new pod and may
        // remove none until that pod is available.
        pg.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.25", None);
        let mut seen = None;
        for _ in 0..40 {
            pg.step();
            let r = rollouts(pg.engine()).remove(0);
            if r.total == 4 {
                seen = Some(r);
                break;
            }
        }
        let r = seen.expect("the new ReplicaSet was scaled up");
        assert!(r.in_progress);
        assert_eq!((r.old_desired, r.new_desired), (3, 1));
        assert_eq!((r.max_total, r.min_available, r.can_create), (4, 3, 0));
        assert_eq!(r.can_remove, 0, "the new pod is not available yet: {r:?}");
    }
}
