//! The Deployment controller (`pkg/controller/deployment`): one ReplicaSet
//! per pod template, rolled from old to new within maxSurge and
//! maxUnavailable (or all at once for Recreate), scaled proportionally
//! mid-rollout, with revisions, pause/resume, rollback and the Available
//! and Progressing conditions.
//!
//! The algorithms are written against a small [`Api`] (what the real
//! controller asks of its clientset), so upstream's table tests can drive
//! them with a fake; the engine's adapter runs them on the store.

mod claim;
mod progress;
mod recreate;
pub mod rollback;
mod rolling;
mod sync;
pub mod util;

#[cfg(test)]
mod fake;

pub use rollback::{history, restart_template, revisions, rollback, rollback_source, rollback_template, RestartError, RollbackError};

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{ApiError, Change, DeleteOptions, Store};
use kubeplay_model::api::{Deployment, Pod, ReplicaSet};
use kubeplay_model::{Kind, Object, ObjectKey, Time};
use std::sync::Arc;

/// `maxRetries`: a Deployment whose sync keeps failing is dropped from the
/// queue after this many rate-limited retries.
const MAX_RETRIES: u32 = 15;

pub struct DeploymentController;

/// Why a sync stopped early; the key is retried with back-off.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SyncError {
    #[error(transparent)]
    Api(#[from] ApiError),
    #[error("{0}")]
    Other(String),
}

/// What the deployment algorithms ask of the API server.
pub(crate) trait Api {
    fn now(&self) -> Time;
    /// The ReplicaSets a Deployment may claim: its own and the orphans in
    /// its namespace (others' are never claimable).
    fn replica_set_candidates(&self, d: &Deployment) -> Vec<ReplicaSet>;
    /// The pods a ReplicaSet controls.
    fn pods_controlled_by(&self, uid: &str) -> Vec<Pod>;
    fn get_rs(&self, namespace: &str, name: &str) -> Option<ReplicaSet>;
    fn create_rs(&mut self, rs: ReplicaSet) -> Result<ReplicaSet, ApiError>;
    fn update_rs(&mut self, rs: ReplicaSet) -> Result<ReplicaSet, ApiError>;
    fn delete_rs(&mut self, rs: &ReplicaSet) -> Result<(), ApiError>;
    /// Metadata and spec (the status stays as stored).
    fn update_deployment(&mut self, d: &Deployment) -> Result<Deployment, ApiError>;
    fn update_status(&mut self, d: &Deployment) -> Result<Deployment, ApiError>;
    fn event(&mut self, d: &Deployment, type_: &str, reason: &str, message: String);
    fn requeue_after(&mut self, ms: i64);
    /// `enqueueRateLimited`: through the queue's rate limiter (the fake
    /// records it as a requeue after 0 ms).
    fn requeue_rate_limited(&mut self) {
        self.requeue_after(0);
    }
    /// A check at the progress deadline: a timeout, not pending work, so
    /// the engine's implementation does not keep `sim settle` busy.
    fn check_deadline_after(&mut self, ms: i64) {
        self.requeue_after(ms);
    }
}

/// One sync of one Deployment: the API plus what was done, in words.
pub(crate) struct Dc<'a> {
    pub api: &'a mut dyn Api,
    /// The situation as the controller judged it.
    pub why: String,
    /// Each write that matters to a reader ("scaled up … from 1 to 2").
    pub did: Vec<String>,
}

impl<'a> Dc<'a> {
    pub fn new(api: &'a mut dyn Api) -> Dc<'a> {
        Dc {
            api,
            why: String::new(),
            did: Vec::new(),
        }
    }

    /// `syncDeployment`: claim ReplicaSets, then status only (deleting),
    /// paused sync, legacy rollback, proportional scaling, or a rollout.
    pub fn sync_deployment(&mut self, mut d: Deployment) -> Result<(), SyncError> {
        if d.spec.selector.as_ref().is_some_and(|s| s.is_empty()) {
            let msg = "This deployment is selecting all pods. A non-empty selector is required.";
            self.api
                .event(&d, "Warning", "SelectingAll", msg.to_string());
            if d.status.observed_generation.unwrap_or(0) < d.metadata.generation {
                d.status.observed_generation = Some(d.metadata.generation);
                // Upstream ignores a failure here too: there is nothing else to do.
                let _ = self.api.update_status(&d);
            }
            self.why =
                "its selector is empty and would select every pod, so it does nothing".into();
            return Ok(());
        }
        let mut rss = self.claim_replica_sets(&d)?;
        // Only Recreate looks at pods (upstream lists them on every sync).
        let pods = if util::strategy_type(&d) == "Recreate" {
            self.pod_map(&d, &rss)
        } else {
            claim::PodMap::new()
        };
        if d.metadata.deletion_timestamp.is_some() {
            self.why = "it is being deleted, so only its status is updated".into();
            return self.sync_status_only(&mut d, &mut rss);
        }
        self.check_paused_conditions(&mut d)?;
        if util::is_paused(&d) {
            return self.sync(&mut d, &mut rss);
        }
        if rollback::rollback_to(&d).is_some() {
            return self.rollback(&mut d, &mut rss);
        }
        if self.is_scaling_event(&mut d, &mut rss)? {
            return self.sync(&mut d, &mut rss);
        }
        match util::strategy_type(&d) {
            "Recreate" => self.rollout_recreate(&mut d, &mut rss, &pods),
            "RollingUpdate" => self.rollout_rolling(&mut d, &mut rss),
            other => Err(SyncError::Other(format!(
                "unexpected deployment strategy type: {other}"
            ))),
        }
    }
}

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
            Kind::ReplicaSet => claim::watch_replica_set(change, store, enqueue),
            Kind::Pod if change.new.is_none() => claim::watch_pod_deleted(change, store, enqueue),
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.forget(key);
            ctx.explain(format!(
                "Deployment {} no longer exists; its ReplicaSets are left to the garbage collector",
                key.name
            ));
            return;
        };
        let Object::Deployment(d) = &*obj else { return };
        ctx.observed(observed(ctx.store(), d));
        ctx.desired(format!(
            "{} of the current template",
            crate::controllers::plural(util::replicas(d).max(0) as usize, "replica")
        ));
        let (result, why, did) = {
            let mut api = EngineApi {
                ctx,
                key: key.clone(),
            };
            let mut dc = Dc::new(&mut api);
            let r = dc.sync_deployment(Deployment::clone(d));
            (r, std::mem::take(&mut dc.why), std::mem::take(&mut dc.did))
        };
        let text = match (did.is_empty(), why.is_empty()) {
            (false, false) => format!("Deployment {}: {} — {why}", d.metadata.name, did.join("; ")),
            (false, true) => format!("Deployment {}: {}", d.metadata.name, did.join("; ")),
            (true, false) => format!("Deployment {}: {why}", d.metadata.name),
            (true, true) => format!("Deployment {}: nothing to change", d.metadata.name),
        };
        let mut text = text;
        match result {
            Ok(()) => ctx.forget(key),
            Err(e) => {
                if ctx.num_requeues(key) < MAX_RETRIES {
                    ctx.requeue_rate_limited(key.clone());
                    text.push_str(&format!(
                        "; the sync failed ({e}) and will be retried with back-off"
                    ));
                } else {
                    ctx.forget(key);
                    text.push_str(&format!("; the sync failed ({e}) too many times, so it is dropped until something changes"));
                }
            }
        }
        ctx.explain(text);
    }
}

/// "nginx-7c5ddbdf54 (new) 1/3 available, nginx-5d59d67564 2/2 available".
fn observed(store: &Store, d: &Deployment) -> String {
    let rss: Vec<&ReplicaSet> = store
        .controlled_by(Kind::ReplicaSet, &d.metadata.uid)
        .filter_map(|o| o.as_replica_set())
        .collect();
    let new = util::find_new(d, &rss).map(|r| r.metadata.name.clone());
    let parts: Vec<String> = rss
        .iter()
        .map(|r| {
            let tag = if Some(&r.metadata.name) == new.as_ref() {
                " (new)"
            } else {
                ""
            };
            format!(
                "{}{tag} {}/{} available",
                r.metadata.name,
                r.status.available_replicas.unwrap_or(0),
                util::rs_replicas(r)
            )
        })
        .collect();
    if parts.is_empty() {
        "no ReplicaSets".into()
    } else {
        parts.join(", ")
    }
}

/// The engine's side of [`Api`]: the store, through the step's context.
struct EngineApi<'c, 'w> {
    ctx: &'c mut Ctx<'w>,
    key: ObjectKey,
}

fn rs_of(o: Arc<Object>) -> Result<ReplicaSet, ApiError> {
    o.as_replica_set()
        .cloned()
        .ok_or_else(|| ApiError::BadRequest {
            message: format!("{} is not a ReplicaSet", o.key()),
        })
}

fn deployment_of(o: Arc<Object>) -> Result<Deployment, ApiError> {
    o.as_deployment()
        .cloned()
        .ok_or_else(|| ApiError::BadRequest {
            message: format!("{} is not a Deployment", o.key()),
        })
}

impl Api for EngineApi<'_, '_> {
    fn now(&self) -> Time {
        self.ctx.now()
    }
    fn replica_set_candidates(&self, d: &Deployment) -> Vec<ReplicaSet> {
        let store = self.ctx.store();
        let mut v: Vec<ReplicaSet> = store
            .controlled_by(Kind::ReplicaSet, &d.metadata.uid)
            .chain(store.orphans(Kind::ReplicaSet, &d.metadata.namespace))
            .filter_map(|o| o.as_replica_set().cloned())
            .collect();
        kubeplay_model::sort::sort_by(&mut v, |a, b| a.metadata.name.cmp(&b.metadata.name));
        v
    }
    fn pods_controlled_by(&self, uid: &str) -> Vec<Pod> {
        self.ctx
            .store()
            .controlled_by(Kind::Pod, uid)
            .filter_map(|o| o.as_pod().cloned())
            .collect()
    }
    fn get_rs(&self, namespace: &str, name: &str) -> Option<ReplicaSet> {
        self.ctx
            .store()
            .get_by(Kind::ReplicaSet, namespace, name)
            .and_then(|o| o.as_replica_set().cloned())
    }
    fn create_rs(&mut self, rs: ReplicaSet) -> Result<ReplicaSet, ApiError> {
        rs_of(self.ctx.create(Object::ReplicaSet(Box::new(rs)))?)
    }
    fn update_rs(&mut self, rs: ReplicaSet) -> Result<ReplicaSet, ApiError> {
        rs_of(self.ctx.update(Object::ReplicaSet(Box::new(rs)))?)
    }
    fn delete_rs(&mut self, rs: &ReplicaSet) -> Result<(), ApiError> {
        let key = ObjectKey::new(Kind::ReplicaSet, &rs.metadata.namespace, &rs.metadata.name);
        self.ctx.delete(&key, DeleteOptions::default()).map(|_| ())
    }
    fn update_deployment(&mut self, d: &Deployment) -> Result<Deployment, ApiError> {
        deployment_of(self.ctx.update(Object::Deployment(Box::new(d.clone())))?)
    }
    fn update_status(&mut self, d: &Deployment) -> Result<Deployment, ApiError> {
        deployment_of(self.ctx.update_status(Object::Deployment(Box::new(d.clone())))?)
    }
    fn event(&mut self, d: &Deployment, type_: &str, reason: &str, message: String) {
        self.ctx
            .event(&Object::Deployment(Box::new(d.clone())), type_, reason, message);
    }
    fn requeue_after(&mut self, ms: i64) {
        self.ctx.requeue_after(self.key.clone(), ms);
    }
    fn requeue_rate_limited(&mut self) {
        self.ctx.requeue_rate_limited(self.key.clone());
    }
    fn check_deadline_after(&mut self, ms: i64) {
        self.ctx.resync_after(self.key.clone(), ms);
    }
}
