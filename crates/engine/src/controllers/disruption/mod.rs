//! The disruption controller (`pkg/controller/disruption`): keeps each
//! PodDisruptionBudget's status — how many selected pods are healthy, how
//! many must stay healthy, and so how many voluntary disruptions (evictions
//! by `kubectl drain`, preemption) are allowed right now.

pub mod budget;

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use budget::{allowed, desired_and_expected, Expected};
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::api::{PodDisruptionBudget, PdbStatus, Pod};
use kubeplay_model::meta::set_condition;
use kubeplay_model::{Condition, Kind, Object, ObjectKey, Time, Uid};
use std::collections::BTreeMap;

/// How long an evicted pod counts as disrupted before it must be gone (`DeletionTimeout`).
pub const DELETION_TIMEOUT_MS: i64 = 120_000;

pub struct DisruptionController;

impl Controller for DisruptionController {
    fn id(&self) -> ControllerId {
        ControllerId::Disruption
    }
    fn component(&self) -> &'static str {
        "controllermanager"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::PodDisruptionBudget => enqueue(change.key.clone()),
            Kind::Pod | Kind::Deployment | Kind::ReplicaSet | Kind::StatefulSet | Kind::ReplicationController => {
                let ns = &change.key.namespace;
                for o in store.list(Kind::PodDisruptionBudget, Some(ns)) {
                    let Object::PodDisruptionBudget(pdb) = &**o else { continue };
                    let relevant = change.key.kind != Kind::Pod
                        || [&change.old, &change.new].into_iter().flatten().any(|p| pdb.spec.selector.as_ref().is_some_and(|s| s.matches(&p.meta().labels)));
                    if relevant {
                        enqueue(o.key());
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!("PodDisruptionBudget {} no longer exists", key.name));
            return;
        };
        let Object::PodDisruptionBudget(pdb) = &*obj else { return };
        let now = ctx.now();
        // A nil selector selects nothing; an empty one every pod of the namespace.
        let pods: Vec<Pod> = match &pdb.spec.selector {
            None => Vec::new(),
            // A valid selector is built once, not per pod. One that cannot be
            // built fails `getPodsForPdb`: trySync records NoPods and sync
            // falls back to failSafe, leaving the rest of the status as it
            // was (TestInvalidSelectors).
            Some(sel) => match sel.to_selector() {
                Err(e) => {
                    let e = e.to_string();
                    ctx.event(&obj, "Warning", "NoPods", format!("Failed to get pods: {e}"));
                    fail_safe(ctx, pdb, &e, now);
                    ctx.explain(format!("PodDisruptionBudget {}: its selector is invalid ({e}), so no disruption is allowed", key.name));
                    return;
                }
                Ok(sel) => ctx
                    .store()
                    .pods_selected(&pdb.metadata.namespace, |labels| sel.matches(labels))
                    .into_iter()
                    .filter_map(|o| o.as_pod())
                    .cloned()
                    .collect(),
            },
        };
        let expected = expected_scale(ctx.store(), &pods);
        let name = pdb.metadata.name.clone();
        let (desired, expected_count, unmanaged) = match desired_and_expected(pdb.spec.min_available.as_ref(), pdb.spec.max_unavailable.as_ref(), pods.len() as i32, &expected) {
            Ok(v) => v,
            Err(e) => {
                ctx.event(&obj, "Warning", "CalculateExpectedPodCountFailed", format!("Failed to calculate the number of expected pods: {e}"));
                fail_safe(ctx, pdb, &e, now);
                ctx.explain(format!("PodDisruptionBudget {name}: cannot tell how many pods to expect ({e}), so no disruption is allowed"));
                return;
            }
        };
        if unmanaged {
            let sel = pdb.spec.selector.as_ref().map(|s| s.to_string_form()).unwrap_or_default();
            ctx.event(
                &obj,
                "Warning",
                "UnmanagedPods",
                format!("Pods selected by this PodDisruptionBudget (selector: {sel}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set \".spec.minAvailable\" field of the PDB to an integer value."),
            );
        }
        let (disrupted, recheck) = disrupted_pods(pdb, &pods, now);
        let healthy = pods
            .iter()
            .filter(|p| p.metadata.deletion_timestamp.is_none())
            .filter(|p| disrupted.get(&p.metadata.name).is_none_or(|t| t.plus_millis(DELETION_TIMEOUT_MS) <= now))
            .filter(|p| p.is_ready())
            .count() as i32;
        let allowed = allowed(healthy, desired, expected_count);
        let mut st = PdbStatus {
            observed_generation: Some(pdb.metadata.generation),
            disrupted_pods: disrupted.iter().map(|(k, v)| (k.clone(), v.rfc3339())).collect(),
            disruptions_allowed: allowed,
            current_healthy: healthy,
            desired_healthy: desired,
            expected_pods: expected_count,
            conditions: pdb.status.conditions.clone(),
        };
        let (status, reason) = if allowed > 0 { ("True", "SufficientPods") } else { ("False", "InsufficientPods") };
        set_condition(&mut st.conditions, disruption_condition(status, reason, "", st.observed_generation, now));
        if let Err(e) = write(ctx, pdb, st) {
            // A Conflict (its cached copy was stale): retried with back-off.
            ctx.requeue_rate_limited(key.clone());
            ctx.explain(format!("PodDisruptionBudget {name}: writing its status failed ({e}); retrying with back-off"));
            return;
        }
        ctx.forget(key);
        if let Some(at) = recheck {
            ctx.requeue_after(key.clone(), at.millis() - now.millis());
        }
        ctx.observed(format!("{healthy} healthy of {expected_count} expected pods"));
        ctx.desired(format!("at least {desired} healthy"));
        ctx.explain(format!("PodDisruptionBudget {name}: {healthy} of {expected_count} pods are healthy and {desired} must stay healthy, so {allowed} disruptions are allowed"));
    }
}

/// The DisruptionAllowed condition; its observedGeneration is the status's
/// (`UpdateDisruptionAllowedCondition`, `failSafe`), omitted while zero.
fn disruption_condition(status: &str, reason: &str, message: &str, observed_generation: Option<i64>, now: Time) -> Condition {
    Condition {
        type_: "DisruptionAllowed".into(),
        status: status.into(),
        observed_generation: observed_generation.filter(|g| *g != 0).map(Box::new),
        last_transition_time: Some(now),
        reason: Some(reason.into()),
        message: Some(message.into()),
        ..Default::default()
    }
}

fn write(ctx: &mut Ctx, pdb: &PodDisruptionBudget, st: PdbStatus) -> Result<(), kubeplay_apiserver::ApiError> {
    if st != pdb.status {
        let mut p = pdb.clone();
        p.status = st;
        ctx.update_status(Object::PodDisruptionBudget(Box::new(p)))?;
    }
    Ok(())
}

/// `failSafe`: no disruptions while the status cannot be computed. Only
/// disruptionsAllowed and the condition change: the condition carries the
/// status's (last observed) generation, not the object's.
fn fail_safe(ctx: &mut Ctx, pdb: &PodDisruptionBudget, err: &str, now: Time) {
    let mut st = pdb.status.clone();
    st.disruptions_allowed = 0;
    set_condition(&mut st.conditions, disruption_condition("False", "SyncFailed", err, st.observed_generation, now));
    let _ = write(ctx, pdb, st);
}

/// The scale of each distinct controller of the pods (`getExpectedScale`):
/// Deployments (through their ReplicaSets), ReplicaSets, StatefulSets and
/// ReplicationControllers.
fn expected_scale(store: &Store, pods: &[Pod]) -> Expected {
    let mut scales: BTreeMap<Uid, i32> = BTreeMap::new();
    let mut unmanaged = false;
    for p in pods {
        let Some(r) = p.metadata.controller_ref() else {
            unmanaged = true;
            continue;
        };
        let ns = &p.metadata.namespace;
        let scale = match r.kind.as_str() {
            "ReplicaSet" => store.get_by(Kind::ReplicaSet, ns, &r.name).and_then(|o| {
                let rs = o.as_replica_set()?;
                // A ReplicaSet owned by a Deployment counts with the Deployment's scale.
                match rs.metadata.controller_ref().filter(|d| d.kind == "Deployment") {
                    Some(d) => store.get_by(Kind::Deployment, ns, &d.name).and_then(|o| o.as_deployment().map(|d| (d.metadata.uid.clone(), d.spec.replicas.unwrap_or(1)))),
                    None => Some((rs.metadata.uid.clone(), rs.spec.replicas.unwrap_or(1))),
                }
            }),
            "StatefulSet" => store.get_by(Kind::StatefulSet, ns, &r.name).and_then(|o| o.as_stateful_set().map(|s| (s.metadata.uid.clone(), s.spec.replicas.unwrap_or(1)))),
            "ReplicationController" => match store.get_by(Kind::ReplicationController, ns, &r.name).map(|o| (**o).clone()) {
                Some(Object::ReplicationController(rc)) => Some((rc.metadata.uid.clone(), rc.spec.replicas.unwrap_or(1))),
                _ => None,
            },
            // `getScaleController`: any other owner is asked for its scale
            // subresource, which only the kinds above (and Deployments) have.
            other => {
                let Some(kind) = Kind::ALL.iter().copied().find(|k| k.name() == other && k.info().api_version() == r.api_version) else {
                    return Expected::Error(format!("no matches for kind {:?} in version {:?}", r.kind, r.api_version));
                };
                if kind == Kind::Deployment {
                    store.get_by(kind, ns, &r.name).and_then(|o| o.as_deployment().filter(|d| d.metadata.uid == r.uid).map(|d| (d.metadata.uid.clone(), d.spec.replicas.unwrap_or(1))))
                } else {
                    return Expected::Error(format!("{} does not implement the scale subresource", kind.info().group_resource()));
                }
            }
        };
        match scale {
            Some((uid, n)) => {
                scales.insert(uid, n);
            }
            None => return Expected::Error(format!("found no controllers for pod {:?}", p.metadata.name)),
        }
    }
    Expected::Scale { total: scales.values().sum(), unmanaged }
}

/// Evicted pods still counted as disrupted, and when the next one expires.
fn disrupted_pods(pdb: &PodDisruptionBudget, pods: &[Pod], now: Time) -> (BTreeMap<String, Time>, Option<Time>) {
    let mut out = BTreeMap::new();
    let mut recheck: Option<Time> = None;
    for (name, at) in &pdb.status.disrupted_pods {
        let Some(t) = Time::parse_rfc3339(at) else { continue };
        let Some(p) = pods.iter().find(|p| &p.metadata.name == name) else { continue };
        if p.metadata.deletion_timestamp.is_some() {
            continue;
        }
        let expires = t.plus_millis(DELETION_TIMEOUT_MS);
        if expires <= now {
            continue;
        }
        recheck = Some(recheck.map_or(expires, |r: Time| r.min(expires)));
        out.insert(name.clone(), t);
    }
    (out, recheck)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Engine, DEFAULT_SETTLE_MS};
    use kubeplay_model::api::{Container, DaemonSet, DaemonSetSpec, PdbSpec, PodSpec, PodTemplateSpec};
    use kubeplay_model::time::EPOCH;
    use kubeplay_model::{IntOrString, LabelSelector, ObjectMeta};

    fn labels(app: &str) -> BTreeMap<String, String> {
        BTreeMap::from([("app".to_string(), app.to_string())])
    }

    fn meta(name: &str) -> ObjectMeta {
        ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() }
    }

    fn pdb(name: &str, app: &str, min: Option<IntOrString>, max: Option<IntOrString>) -> PodDisruptionBudget {
        PodDisruptionBudget {
            metadata: meta(name),
            spec: PdbSpec { min_available: min, max_unavailable: max, selector: Some(LabelSelector { match_labels: labels(app), match_expressions: vec![] }), ..Default::default() },
            status: Default::default(),
        }
    }

    fn create(e: &mut Engine, obj: Object) {
        let key = obj.key();
        e.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
    }

    fn status(e: &Engine, name: &str) -> PdbStatus {
        e.store().get_by(Kind::PodDisruptionBudget, "default", name).and_then(|o| o.as_pdb().cloned()).unwrap().status
    }

    /// TestUnavailable and TestNakedPod/TestNoSelector through the whole
    /// controller: the DisruptionAllowed condition follows
    /// disruptionsAllowed (`UpdateDisruptionAllowedCondition`) with the
    /// status's observedGeneration. (trySync's Normal NoPods event for an
    /// empty budget is not emitted: Kubeplay's first sync can run before a
    /// new Deployment's pods exist, where a real cluster's would not.)
    #[test]
    fn status_condition_and_no_pods_event() {
        let mut e = Engine::with_default_cluster(7);
        for n in ["a", "b"] {
            let pod = Pod { metadata: ObjectMeta { labels: labels("web").into(), ..meta(n) }, spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() }.into(), ..Default::default() };
            create(&mut e, Object::Pod(Box::new(pod)));
        }
        e.settle(DEFAULT_SETTLE_MS);
        create(&mut e, Object::PodDisruptionBudget(Box::new(pdb("web", "web", Some(IntOrString::Int(1)), None))));
        create(&mut e, Object::PodDisruptionBudget(Box::new(pdb("none", "nothing", Some(IntOrString::Int(1)), None))));
        e.settle(DEFAULT_SETTLE_MS);
        let s = status(&e, "web");
        assert_eq!((s.disruptions_allowed, s.current_healthy, s.desired_healthy, s.expected_pods), (1, 2, 1, 2));
        let c = &s.conditions[0];
        assert_eq!((c.type_.as_str(), c.status.as_str(), c.reason.as_deref(), c.observed_generation.as_deref()), ("DisruptionAllowed", "True", Some("SufficientPods"), Some(&1)));
        let s = status(&e, "none");
        assert_eq!((s.disruptions_allowed, s.current_healthy, s.desired_healthy, s.expected_pods), (0, 0, 1, 0));
        let c = &s.conditions[0];
        assert_eq!((c.status.as_str(), c.reason.as_deref()), ("False", Some("InsufficientPods")));
    }

    /// TestUnsupportedControllerPod's path (a controller without a scale):
    /// failSafe sets only disruptionsAllowed and a SyncFailed condition whose
    /// observedGeneration is the status's, here never observed, so omitted.
    #[test]
    fn fail_safe_keeps_the_status_observed_generation() {
        let mut e = Engine::with_default_cluster(26);
        let ds = DaemonSet {
            metadata: meta("agent"),
            spec: DaemonSetSpec {
                selector: Some(LabelSelector { match_labels: labels("agent"), match_expressions: vec![] }),
                template: PodTemplateSpec {
                    metadata: ObjectMeta { labels: labels("agent").into(), ..Default::default() },
                    spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some("agent:1".into()), ..Default::default() }].into(), ..Default::default() },
                },
                ..Default::default()
            },
            status: Default::default(),
        };
        create(&mut e, Object::DaemonSet(Box::new(ds)));
        e.settle(DEFAULT_SETTLE_MS);
        create(&mut e, Object::PodDisruptionBudget(Box::new(pdb("agent", "agent", None, Some(IntOrString::Str("50%".into()))))));
        e.settle(DEFAULT_SETTLE_MS);
        let s = status(&e, "agent");
        assert_eq!((s.disruptions_allowed, s.current_healthy, s.expected_pods, s.observed_generation), (0, 0, 0, None));
        let c = &s.conditions[0];
        assert_eq!((c.status.as_str(), c.reason.as_deref(), c.observed_generation.as_deref()), ("False", Some("SyncFailed"), None));
    }

    /// TestUpdateDisruptedPods: an entry is dropped when its pod is being
    /// deleted, is gone, or has outlived DeletionTimeout; the rest stay
    /// and are not counted healthy.
    #[test]
    fn disrupted_pods_map() {
        let now = EPOCH.plus_millis(600_000);
        let mut budget = pdb("p", "web", Some(IntOrString::Int(1)), None);
        for (name, at) in [("p1", now), ("p2", now.plus_millis(-180_000)), ("p3", now.plus_millis(-60_000)), ("notthere", now)] {
            budget.status.disrupted_pods.insert(name.into(), at.rfc3339());
        }
        let mut pods: Vec<Pod> = ["p1", "p2", "p3"].iter().map(|n| Pod { metadata: meta(n), ..Default::default() }).collect();
        pods[0].metadata.deletion_timestamp = Some(now);
        let (map, recheck) = disrupted_pods(&budget, &pods, now);
        assert_eq!(map.keys().collect::<Vec<_>>(), vec!["p3"]);
        assert_eq!(recheck, Some(now.plus_millis(-60_000 + DELETION_TIMEOUT_MS)));
    }
}
