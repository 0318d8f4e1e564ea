//! Deployment stories end to end on the default cluster: rolling updates
//! with their bounds checked at every step, a stuck rollout, pause and
//! resume, rollbacks, history limits, Recreate, scaling mid-rollout; and
//! ReplicaSet/ReplicationController behaviours (adoption, failures).

use kubeplay_engine::client::update_with;
use kubeplay_engine::controllers::deployment::{self, rollback_template, util, RollbackError};
use kubeplay_engine::{ControllerId, Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{IntOrString, Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Time};
use std::collections::BTreeMap;

const NAME: &str = "nginx-deployment";

fn labels(kv: &[(&str, &str)]) -> BTreeMap<String, String> {
    kv.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn nginx(replicas: i32, image: &str) -> Deployment {
    let l = labels(&[("app", "nginx")]);
    Deployment {
        metadata: ObjectMeta { name: NAME.into(), namespace: "default".into(), labels: l.clone().into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: l.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: l.into(), ..Default::default() },
                spec: PodSpec { containers: vec![Container { name: "nginx".into(), image: Some(image.into()), ..Default::default() }].into(), ..Default::default() },
            },
            ..Default::default()
        },
        status: Default::default(),
    }
}

fn key() -> ObjectKey {
    ObjectKey::new(Kind::Deployment, "default", NAME)
}

fn create(e: &mut Engine, d: Deployment) {
    kubeplay_engine::client::create(e, Object::Deployment(Box::new(d))).unwrap();
}

fn edit(e: &mut Engine, what: &str, f: impl FnOnce(&mut Deployment)) {
    update_with(e, &key(), what, |o| {
        if let Object::Deployment(d) = o {
            f(d);
        }
        Ok(())
    })
    .unwrap();
}

/// A tag nginx never published: the kubelet's pulls fail (ErrImagePull,
/// then ImagePullBackOff), so its pods never become ready.
fn set_broken_image(d: &mut Deployment) {
    d.spec.template.spec.containers[0].image = Some("nginx:1.91".into());
}

fn set_image(d: &mut Deployment, image: &str) {
    d.spec.template.spec.containers[0].image = Some(image.into());
}

fn get(e: &Engine) -> Deployment {
    e.store().get(&key()).and_then(|o| o.as_deployment().cloned()).unwrap()
}

/// The Deployment's ReplicaSets, oldest revision first.
fn replica_sets(e: &Engine) -> Vec<ReplicaSet> {
    let mut v: Vec<ReplicaSet> = e.store().list(Kind::ReplicaSet, Some("default")).filter_map(|o| o.as_replica_set().cloned()).collect();
    v.sort_by_key(|r| util::revision(r).unwrap_or(0));
    v
}

fn rs_with_image(e: &Engine, image: &str) -> ReplicaSet {
    replica_sets(e).into_iter().find(|r| r.spec.template.spec.containers[0].image.as_deref() == Some(image)).unwrap()
}

/// `kubectl get rs` columns: (DESIRED, CURRENT, READY).
fn get_rs(r: &ReplicaSet) -> (i32, i32, i32) {
    (r.spec.replicas.unwrap_or(1), r.status.replicas, r.status.ready_replicas.unwrap_or(0))
}

fn active_pods(e: &Engine) -> Vec<Pod> {
    e.store().list(Kind::Pod, Some("default")).filter_map(|o| o.as_pod().cloned()).filter(|p| p.is_active()).collect()
}

/// The Deployment's events in the order they were recorded.
fn events(e: &Engine) -> Vec<String> {
    e.trace().iter().flat_map(|s| s.events.iter()).filter(|ev| ev.object == key()).map(|ev| ev.message.clone()).collect()
}

fn condition(d: &Deployment, t: &str) -> (String, String, String) {
    let c = d.status.conditions.iter().find(|c| c.type_ == t).unwrap();
    (c.status.to_string(), c.reason.as_deref().unwrap_or_default().to_string(), c.message.as_deref().unwrap_or_default().to_string())
}

/// Pods the ReplicaSets still want: each ReplicaSet's active pods, up to
/// its spec. Pods beyond a spec are already being scaled away; a
/// ReplicaSet controller may not have deleted them yet when the Deployment
/// syncs again (as on a real cluster, where both react to the same event).
fn wanted_pods(e: &Engine) -> usize {
    let pods = active_pods(e);
    replica_sets(e)
        .iter()
        .map(|r| {
            let owned = pods.iter().filter(|p| p.metadata.controller_ref().is_some_and(|c| c.uid == r.metadata.uid)).count();
            owned.min(r.spec.replicas.unwrap_or(1).max(0) as usize)
        })
        .sum()
}

/// Steps until idle, checking after every step that the ReplicaSets want
/// no more than `max_pods` (`strict`: no more than that many are active at
/// all) and that at least `min_ready` active pods are ready.
fn run_within(e: &mut Engine, max_pods: usize, min_ready: usize, strict: bool) -> usize {
    let limit = e.now().plus_millis(DEFAULT_SETTLE_MS);
    let mut steps = 0;
    while e.step_until(limit).is_some() {
        steps += 1;
        let pods = active_pods(e);
        let ready = pods.iter().filter(|p| p.is_ready()).count();
        let count = if strict { pods.len() } else { wanted_pods(e) };
        let last = e.trace().last().map(|s| s.summary()).unwrap_or_default();
        assert!(count <= max_pods, "{count} pods after step {steps}: {last}");
        assert!(ready >= min_ready, "{ready} ready pods after step {steps}: {last}");
        assert!(steps < 100_000, "no convergence");
    }
    steps
}

fn run_checking(e: &mut Engine, max_pods: usize, min_ready: usize) -> usize {
    run_within(e, max_pods, min_ready, false)
}

fn started(replicas: i32, image: &str) -> Engine {
    let mut e = Engine::with_default_cluster(11);
    create(&mut e, nginx(replicas, image));
    let report = e.settle(DEFAULT_SETTLE_MS);
    assert!(report.converged, "{report:?}");
    e
}

#[test]
fn rolling_update_goes_one_pod_at_a_time_within_its_bounds() {
    let mut e = started(3, "nginx:1.14.2");
    let d = get(&e);
    assert_eq!((d.status.replicas, d.status.updated_replicas, d.status.available_replicas), (Some(3), Some(3), Some(3)));
    assert_eq!(d.metadata.annotations.get(util::REVISION).map(String::as_str), Some("1"));
    let first = &replica_sets(&e)[0];
    assert_eq!(first.metadata.name, format!("{NAME}-{}", first.metadata.labels[util::HASH_LABEL]));
    assert_eq!(events(&e), vec![format!("Scaled up replica set {} from 0 to 3", first.metadata.name)]);
    assert_eq!(condition(&d, "Available").1, "MinimumReplicasAvailable");
    assert_eq!(condition(&d, "Progressing"), ("True".into(), "NewReplicaSetAvailable".into(), format!("ReplicaSet \"{}\" has successfully progressed.", first.metadata.name)));

    let before = e.trace().len();
    edit(&mut e, "kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1", |d| set_image(d, "nginx:1.16.1"));
    // 25% of 3: maxSurge 1 (rounded up), maxUnavailable 0 (rounded down):
    // never more than 4 active pods, never fewer than 3 ready.
    run_within(&mut e, 4, 3, true);

    let (old, new) = (rs_with_image(&e, "nginx:1.14.2"), rs_with_image(&e, "nginx:1.16.1"));
    assert_eq!((get_rs(&new), get_rs(&old)), ((3, 3, 3), (0, 0, 0)));
    let (o, n) = (&old.metadata.name, &new.metadata.name);
    let rollout: Vec<String> = e.trace()[before..].iter().flat_map(|s| s.events.iter()).filter(|ev| ev.object == key()).map(|ev| ev.message.clone()).collect();
    assert_eq!(
        rollout,
        vec![
            format!("Scaled up replica set {n} from 0 to 1"),
            format!("Scaled down replica set {o} from 3 to 2"),
            format!("Scaled up replica set {n} from 1 to 2"),
            format!("Scaled down replica set {o} from 2 to 1"),
            format!("Scaled up replica set {n} from 2 to 3"),
            format!("Scaled down replica set {o} from 1 to 0"),
        ]
    );
    let d = get(&e);
    assert_eq!(d.metadata.annotations.get(util::REVISION).map(String::as_str), Some("2"));
    assert_eq!(new.metadata.annotations.get(util::REVISION).map(String::as_str), Some("2"));
    assert_eq!((d.status.replicas, d.status.updated_replicas, d.status.ready_replicas, d.status.available_replicas, d.status.unavailable_replicas), (Some(3), Some(3), Some(3), Some(3), None));
    assert_eq!(d.status.observed_generation, Some(d.metadata.generation));
    assert_eq!(condition(&d, "Progressing").1, "NewReplicaSetAvailable");
    // The new ReplicaSet's desired count went 1, 2, 3 as written over the trace.
    let sizes: Vec<i32> = e.trace()[before..]
        .iter()
        .flat_map(|s| s.writes.iter())
        .filter(|w| w.key.name == *n && w.verb == kubeplay_engine::Verb::Update)
        .filter_map(|w| w.after.as_ref().and_then(|o| o.as_replica_set()).and_then(|r| r.spec.replicas))
        .collect();
    let mut distinct = sizes.clone();
    distinct.dedup();
    assert_eq!(distinct, vec![2, 3], "scale-ups after creation at 1: {sizes:?}");
    assert!(e.trace().iter().all(|s| !s.explanation.is_empty()));
}

#[test]
fn a_stuck_rollout_times_out_stays_stuck_and_undo_brings_the_old_template_back() {
    let mut e = started(3, "nginx:1.14.2");
    let old_name = replica_sets(&e)[0].metadata.name.clone();
    edit(&mut e, "kubectl set image", set_broken_image);
    run_within(&mut e, 4, 3, true);
    let bad = rs_with_image(&e, "nginx:1.91");
    assert_eq!((get_rs(&bad), get_rs(&rs_with_image(&e, "nginx:1.14.2"))), ((1, 1, 0), (3, 3, 3)));
    let d = get(&e);
    assert_eq!((d.status.replicas, d.status.updated_replicas, d.status.available_replicas, d.status.unavailable_replicas), (Some(4), Some(1), Some(3), Some(1)));
    assert_eq!(condition(&d, "Progressing"), ("True".into(), "ReplicaSetUpdated".into(), format!("ReplicaSet \"{}\" is progressing.", bad.metadata.name)));
    let last_progress = d.status.conditions.iter().find(|c| c.type_ == "Progressing").and_then(|c| c.last_update_time).unwrap();

    // progressDeadlineSeconds defaults to 600: just before it, still progressing.
    let until = last_progress.plus_secs(600).millis() - e.now().millis();
    e.advance(until);
    assert_eq!(condition(&get(&e), "Progressing").1, "ReplicaSetUpdated");
    e.advance(2_000);
    let d = get(&e);
    assert_eq!(condition(&d, "Progressing"), ("False".into(), "ProgressDeadlineExceeded".into(), format!("ReplicaSet \"{}\" has timed out progressing.", bad.metadata.name)));
    assert_eq!(condition(&d, "Available").0, "True");
    // A stuck rollout is reported, not rolled back.
    e.advance(3_600_000);
    assert_eq!(condition(&get(&e), "Progressing").1, "ProgressDeadlineExceeded");
    assert_eq!((get_rs(&rs_with_image(&e, "nginx:1.91")), get_rs(&rs_with_image(&e, "nginx:1.14.2"))), ((1, 1, 0), (3, 3, 3)));

    // kubectl rollout undo
    let d = get(&e);
    let template = rollback_template(e.store(), &d, None).unwrap();
    assert_eq!(template.spec.containers[0].image.as_deref(), Some("nginx:1.14.2"));
    assert!(!template.metadata.labels.contains_key(util::HASH_LABEL));
    let before = e.trace().len();
    let restored = deployment::rollback::rollback(e.store(), &d, None).unwrap();
    edit(&mut e, "kubectl rollout undo", |d| {
        d.spec.template = restored.spec.template.clone();
        d.metadata.annotations = restored.metadata.annotations.clone();
    });
    run_checking(&mut e, 4, 3);
    let old = rs_with_image(&e, "nginx:1.14.2");
    assert_eq!(old.metadata.name, old_name, "the old ReplicaSet is reused, not recreated");
    assert_eq!((get_rs(&old), get_rs(&rs_with_image(&e, "nginx:1.91"))), ((3, 3, 3), (0, 0, 0)));
    assert_eq!(old.metadata.annotations.get(util::REVISION).map(String::as_str), Some("3"));
    assert_eq!(old.metadata.annotations.get(util::REVISION_HISTORY).map(String::as_str), Some("1"));
    let d = get(&e);
    assert_eq!(d.metadata.annotations.get(util::REVISION).map(String::as_str), Some("3"));
    assert_eq!(condition(&d, "Progressing"), ("True".into(), "NewReplicaSetAvailable".into(), format!("ReplicaSet \"{old_name}\" has successfully progressed.")));
    let after: Vec<String> = e.trace()[before..].iter().flat_map(|s| s.events.iter()).filter(|ev| ev.object == key()).map(|ev| ev.message.clone()).collect();
    assert_eq!(after, vec![format!("Scaled down replica set {} from 1 to 0", bad.metadata.name)]);
    // Undoing again goes back to revision 2's template.
    assert_eq!(rollback_template(e.store(), &d, None).unwrap().spec.containers[0].image.as_deref(), Some("nginx:1.91"));
}

#[test]
fn pause_two_edits_and_resume_make_exactly_one_new_replica_set() {
    let mut e = started(3, "nginx:1.14.2");
    edit(&mut e, "kubectl rollout pause", |d| d.spec.paused = Some(true));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(condition(&get(&e), "Progressing"), ("Unknown".into(), "DeploymentPaused".into(), "Deployment is paused".into()));
    edit(&mut e, "kubectl set image", |d| set_image(d, "nginx:1.16.1"));
    e.settle(DEFAULT_SETTLE_MS);
    edit(&mut e, "kubectl set resources", |d| {
        d.spec.template.spec.containers[0].resources.limits.insert("cpu".into(), kubeplay_model::Quantity::parse("200m").unwrap());
    });
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(replica_sets(&e).len(), 1, "no ReplicaSet while paused");
    // Scaling still works while paused.
    edit(&mut e, "kubectl scale --replicas=4", |d| d.spec.replicas = Some(4));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(get_rs(&replica_sets(&e)[0]), (4, 4, 4));
    edit(&mut e, "kubectl rollout resume", |d| d.spec.paused = None);
    run_checking(&mut e, 5, 3);
    let rss = replica_sets(&e);
    assert_eq!(rss.len(), 2);
    let new = &rss[1];
    assert_eq!(new.spec.template.spec.containers[0].image.as_deref(), Some("nginx:1.16.1"));
    assert!(new.spec.template.spec.containers[0].resources.limits.contains_key("cpu"));
    assert_eq!((get_rs(new), get_rs(&rss[0])), ((4, 4, 4), (0, 0, 0)));
    assert_eq!(get(&e).metadata.annotations.get(util::REVISION).map(String::as_str), Some("2"));
}

#[test]
fn undo_to_a_revision_and_its_errors() {
    let mut e = started(2, "nginx:1");
    for image in ["nginx:1.25.5", "nginx:1.26.3"] {
        edit(&mut e, "kubectl set image", |d| set_image(d, image));
        e.settle(DEFAULT_SETTLE_MS);
    }
    let d = get(&e);
    assert_eq!(rollback_template(e.store(), &d, Some(9)), Err(RollbackError::RevisionNotFound(9)));
    assert_eq!(RollbackError::RevisionNotFound(9).to_string(), "unable to find specified revision 9 in history");
    assert_eq!(rollback_template(e.store(), &d, Some(3)), Err(RollbackError::Skipped(3)));
    assert_eq!(RollbackError::Skipped(3).to_string(), "skipped rollback (current template already matches revision 3)");
    let history = deployment::history(e.store(), &d);
    assert_eq!(history.keys().copied().collect::<Vec<_>>(), vec![1, 2, 3]);

    let restored = deployment::rollback::rollback(e.store(), &d, Some(1)).unwrap();
    edit(&mut e, "kubectl rollout undo --to-revision=1", |d| d.spec.template = restored.spec.template.clone());
    e.settle(DEFAULT_SETTLE_MS);
    let back = rs_with_image(&e, "nginx:1");
    assert_eq!(get_rs(&back), (2, 2, 2));
    assert_eq!(back.metadata.annotations.get(util::REVISION).map(String::as_str), Some("4"));
    assert_eq!(back.metadata.annotations.get(util::REVISION_HISTORY).map(String::as_str), Some("1"));
    assert_eq!(deployment::history(e.store(), &get(&e)).keys().copied().collect::<Vec<_>>(), vec![2, 3, 4]);

    // The previous image set back by hand, undone before the controller
    // runs: kubectl's message names the revision asked for, 0 (rollback.go).
    edit(&mut e, "kubectl set image", |d| set_image(d, "nginx:1.26.3"));
    assert_eq!(rollback_template(e.store(), &get(&e), None), Err(RollbackError::Skipped(0)));
    assert_eq!(RollbackError::Skipped(0).to_string(), "skipped rollback (current template already matches revision 0)");
    assert_eq!(deployment::rollback_source(e.store(), &get(&e), Some(-1)).unwrap_err(), RollbackError::RevisionNotFound(-1));

    // Paused is checked before the templates are compared, but after the
    // revision is found, so a client dry run still prints it.
    edit(&mut e, "kubectl rollout pause", |d| d.spec.paused = Some(true));
    let source = deployment::rollback_source(e.store(), &get(&e), None).unwrap();
    assert_eq!(source.spec.template.spec.containers[0].image.as_deref(), Some("nginx:1.26.3"));
    assert!(source.spec.template.metadata.labels.contains_key(util::HASH_LABEL), "printed as the ReplicaSet keeps it");
    assert_eq!(rollback_template(e.store(), &get(&e), None), Err(RollbackError::Paused));
    assert_eq!(
        RollbackError::Paused.to_string(),
        "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again"
    );
}

#[test]
fn revision_history_limit_prunes_the_oldest_empty_replica_sets() {
    let mut d = nginx(2, "nginx:1");
    d.spec.revision_history_limit = Some(2);
    let mut e = Engine::with_default_cluster(5);
    create(&mut e, d);
    e.settle(DEFAULT_SETTLE_MS);
    // Real tags: the image catalogue refuses ones nginx never published.
    for image in ["nginx:1.25.5", "nginx:1.26.3", "nginx:1.27.3", "nginx:1.24.0"] {
        edit(&mut e, "kubectl set image", |d| set_image(d, image));
        e.settle(DEFAULT_SETTLE_MS);
    }
    let revisions: Vec<i64> = replica_sets(&e).iter().map(|r| util::revision(r).unwrap()).collect();
    assert_eq!(revisions, vec![3, 4, 5], "the current one plus the two before it");

    // With no history kept, there is nothing to undo to.
    edit(&mut e, "kubectl patch", |d| d.spec.revision_history_limit = Some(0));
    edit(&mut e, "kubectl set image", |d| set_image(d, "nginx:1.23.4"));
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(replica_sets(&e).len(), 1);
    let err = rollback_template(e.store(), &get(&e), None).unwrap_err();
    assert_eq!(err.to_string(), "no rollout history found for deployment \"nginx-deployment\"");
}

#[test]
fn recreate_stops_every_old_pod_before_starting_new_ones() {
    let mut d = nginx(3, "nginx:1");
    d.spec.strategy = Some(DeploymentStrategy { type_: Some("Recreate".into()), rolling_update: None });
    let mut e = Engine::with_default_cluster(3);
    create(&mut e, d);
    e.settle(DEFAULT_SETTLE_MS);
    let before = e.trace().len();
    edit(&mut e, "kubectl set image", |d| set_image(d, "nginx:1.25.5"));
    let limit = e.now().plus_millis(DEFAULT_SETTLE_MS);
    while e.step_until(limit).is_some() {
        let images: Vec<String> = e
            .store()
            .list(Kind::Pod, Some("default"))
            .filter_map(|o| o.as_pod())
            .map(|p| p.spec.containers[0].image.as_deref().unwrap_or_default().to_string())
            .collect();
        assert!(!(images.iter().any(|i| i == "nginx:1") && images.iter().any(|i| i == "nginx:1.25.5")), "old and new pods together: {images:?}");
    }
    let (old, new) = (rs_with_image(&e, "nginx:1"), rs_with_image(&e, "nginx:1.25.5"));
    assert_eq!((get_rs(&old), get_rs(&new)), ((0, 0, 0), (3, 3, 3)));
    let rollout: Vec<String> = e.trace()[before..].iter().flat_map(|s| s.events.iter()).filter(|ev| ev.object == key()).map(|ev| ev.message.clone()).collect();
    assert_eq!(
        rollout,
        vec![format!("Scaled down replica set {} from 3 to 0", old.metadata.name), format!("Scaled up replica set {} from 0 to 3", new.metadata.name)]
    );
}

#[test]
fn scaling_mid_rollout_is_proportional_as_in_the_docs() {
    // The example of the Kubernetes docs: 10 replicas, maxSurge 3,
    // maxUnavailable 2, an image that never comes up, then scale to 15.
    let mut d = nginx(10, "nginx:1.14.2");
    d.spec.strategy = Some(DeploymentStrategy {
        type_: Some("RollingUpdate".into()),
        rolling_update: Some(RollingUpdateDeployment { max_surge: Some(IntOrString::Int(3)), max_unavailable: Some(IntOrString::Int(2)) }),
    });
    let mut e = Engine::with_default_cluster(8);
    create(&mut e, d);
    e.settle(DEFAULT_SETTLE_MS);
    edit(&mut e, "kubectl set image", set_broken_image);
    run_checking(&mut e, 13, 8);
    let (old, bad) = (rs_with_image(&e, "nginx:1.14.2"), rs_with_image(&e, "nginx:1.91"));
    assert_eq!((get_rs(&old), get_rs(&bad)), ((8, 8, 8), (5, 5, 0)));
    let before = e.trace().len();
    edit(&mut e, "kubectl scale --replicas=15", |d| d.spec.replicas = Some(15));
    e.settle(DEFAULT_SETTLE_MS);
    let (old, bad) = (rs_with_image(&e, "nginx:1.14.2"), rs_with_image(&e, "nginx:1.91"));
    assert_eq!((get_rs(&old), get_rs(&bad)), ((11, 11, 11), (7, 7, 0)));
    let scaled: Vec<String> = e.trace()[before..].iter().flat_map(|s| s.events.iter()).filter(|ev| ev.object == key()).map(|ev| ev.message.clone()).collect();
    assert_eq!(
        scaled,
        vec![format!("Scaled up replica set {} from 8 to 11", old.metadata.name), format!("Scaled up replica set {} from 5 to 7", bad.metadata.name)]
    );
    for r in [&old, &bad] {
        assert_eq!((util::annotation_i32(r, util::DESIRED_REPLICAS), util::annotation_i32(r, util::MAX_REPLICAS)), (Some(15), Some(18)));
    }
}

#[test]
fn change_cause_and_restart_make_history() {
    let mut e = started(1, "nginx:1");
    edit(&mut e, "kubectl annotate", |d| {
        d.metadata.annotations.insert(util::CHANGE_CAUSE.into(), "kubectl set image deployment/nginx-deployment nginx=nginx:2".into());
        set_image(d, "nginx:1.25.5");
    });
    e.settle(DEFAULT_SETTLE_MS);
    let history = deployment::history(e.store(), &get(&e));
    let cause = |rev: i64| history[&rev].metadata.annotations.get(util::CHANGE_CAUSE).cloned();
    assert_eq!((cause(1), cause(2)), (None, Some("kubectl set image deployment/nginx-deployment nginx=nginx:2".into())));

    let now = e.now();
    let restarted = deployment::restart_template(&get(&e), now).unwrap();
    assert_eq!(restarted.metadata.annotations.get(deployment::rollback::RESTARTED_AT), Some(&now.rfc3339()));
    edit(&mut e, "kubectl rollout restart", |d| d.spec.template = restarted.clone());
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(replica_sets(&e).len(), 3);
    assert_eq!(get(&e).metadata.annotations.get(util::REVISION).map(String::as_str), Some("3"));
    edit(&mut e, "kubectl rollout pause", |d| d.spec.paused = Some(true));
    assert_eq!(deployment::restart_template(&get(&e), now).unwrap_err().to_string(), "can't restart paused deployment (run rollout resume first)");
}

#[test]
fn min_ready_seconds_delays_availability_by_whole_seconds() {
    let mut d = nginx(1, "nginx:1");
    d.spec.min_ready_seconds = Some(10);
    let mut e = Engine::with_default_cluster(2);
    create(&mut e, d);
    e.settle(DEFAULT_SETTLE_MS);
    let pod = active_pods(&e).remove(0);
    let ready_at = pod.status.conditions.iter().find(|c| c.type_ == "Ready").and_then(|c| c.last_transition_time).unwrap();
    let rs = &replica_sets(&e)[0];
    assert_eq!((rs.status.ready_replicas, rs.status.available_replicas), (Some(1), Some(1)));
    // The RS step that made it available ran strictly after ready (to the second) + 10 s.
    let step = e
        .trace()
        .iter()
        .find(|s| s.controller == ControllerId::ReplicaSet && s.writes.iter().any(|w| w.after.as_ref().and_then(|o| o.as_replica_set()).is_some_and(|r| r.status.available_replicas == Some(1))))
        .unwrap();
    let whole = Time::from_millis(ready_at.millis() - ready_at.millis().rem_euclid(1000));
    assert!(step.time > whole.plus_secs(10), "{} vs ready {}", step.time, ready_at);
    assert!(step.time <= ready_at.plus_secs(11), "checked again minReadySeconds + 1 s after ready");
}

#[test]
fn replica_sets_adopt_orphans_and_release_pods_that_stop_matching() {
    let mut e = Engine::with_default_cluster(4);
    let pod = Pod {
        metadata: ObjectMeta { name: "stray".into(), namespace: "default".into(), labels: labels(&[("app", "web")]).into(), ..Default::default() },
        spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() }.into(),
        status: Default::default(),
    };
    kubeplay_engine::client::create(&mut e, Object::Pod(Box::new(pod))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let rs = ReplicaSet {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: ReplicaSetSpec {
            replicas: Some(1),
            min_ready_seconds: None,
            selector: Some(LabelSelector { match_labels: labels(&[("app", "web")]), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels(&[("app", "web")]).into(), ..Default::default() },
                spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() },
            },
        },
        status: Default::default(),
    };
    kubeplay_engine::client::create(&mut e, Object::ReplicaSet(Box::new(rs))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let pods = active_pods(&e);
    assert_eq!(pods.len(), 1, "the orphan was adopted instead of creating a pod");
    assert_eq!(pods[0].metadata.controller_ref().map(|r| (r.kind.as_str(), r.name.as_str())), Some(("ReplicaSet", "web")));

    let stray = ObjectKey::new(Kind::Pod, "default", "stray");
    update_with(&mut e, &stray, "kubectl label pod stray app=other --overwrite", |o| {
        o.meta_mut().labels.insert("app".into(), "other".into());
        Ok(())
    })
    .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let stray_now = e.store().get(&stray).unwrap();
    assert!(stray_now.meta().owner_references.is_empty(), "released");
    let owned: Vec<Pod> = active_pods(&e).into_iter().filter(|p| p.metadata.controller_ref().is_some()).collect();
    assert_eq!(owned.len(), 1, "a replacement was created");
    assert!(owned[0].metadata.name.starts_with("web-"));
}

#[test]
fn a_failing_pod_create_sets_replica_failure_and_reaches_the_deployment() {
    let mut d = nginx(2, "nginx:1");
    d.spec.template.spec.priority_class_name = Some("no-such-class".into());
    let mut e = Engine::with_default_cluster(6);
    create(&mut e, d);
    e.settle(60_000);
    let rs = &replica_sets(&e)[0];
    let c = rs.status.conditions.iter().find(|c| c.type_ == "ReplicaFailure").unwrap();
    assert_eq!((c.status.as_str(), c.reason.as_deref()), ("True", Some("FailedCreate")));
    let message = c.message.clone().unwrap();
    assert!(message.contains("no PriorityClass with name no-such-class was found"), "{message}");
    let rs_events: Vec<&kubeplay_engine::step::EmittedEvent> =
        e.trace().iter().flat_map(|s| s.events.iter()).filter(|ev| ev.object.kind == Kind::ReplicaSet).collect();
    assert!(rs_events.iter().all(|ev| ev.reason == "FailedCreate" && ev.message == format!("Error creating: {message}")));
    // Slow start: one failed call per sync (a batch of 1), retried with a
    // back-off that doubles from 5 ms: a few dozen tries in a minute, not thousands.
    let syncs: Vec<&kubeplay_engine::Step> = e.trace().iter().filter(|s| s.controller == ControllerId::ReplicaSet && !s.events.is_empty()).collect();
    assert!(syncs.iter().all(|s| s.events.len() == 1), "one create attempt per sync");
    assert!((5..40).contains(&syncs.len()), "{} failing syncs", syncs.len());
    let gaps: Vec<i64> = syncs.windows(2).map(|w| w[1].time.millis() - w[0].time.millis()).collect();
    assert!(gaps.iter().max().is_some_and(|g| *g >= 10_000), "back-off reaches seconds: {gaps:?}");
    let d = get(&e);
    let (status, reason, msg) = condition(&d, "ReplicaFailure");
    assert_eq!((status.as_str(), reason.as_str(), msg), ("True", "FailedCreate", message.to_string()));
}

#[test]
fn replication_controllers_run_the_same_loop() {
    let mut e = Engine::with_default_cluster(9);
    let rc = ReplicationController {
        metadata: ObjectMeta { name: "legacy".into(), namespace: "default".into(), ..Default::default() },
        spec: ReplicationControllerSpec {
            replicas: Some(2),
            min_ready_seconds: None,
            selector: BTreeMap::new(),
            template: Some(PodTemplateSpec {
                metadata: ObjectMeta { labels: labels(&[("app", "legacy")]).into(), ..Default::default() },
                spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() },
            }),
        },
        status: Default::default(),
    };
    kubeplay_engine::client::create(&mut e, Object::ReplicationController(Box::new(rc))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let pods = active_pods(&e);
    assert_eq!(pods.len(), 2);
    for p in &pods {
        let r = p.metadata.controller_ref().unwrap();
        assert_eq!((r.api_version.as_str(), r.kind.as_str(), r.name.as_str()), ("v1", "ReplicationController", "legacy"));
        assert!(p.metadata.name.starts_with("legacy-"));
    }
    let rc = e.store().get_by(Kind::ReplicationController, "default", "legacy").unwrap();
    let Object::ReplicationController(rc) = &**rc else { panic!() };
    assert_eq!((rc.status.replicas, rc.status.ready_replicas, rc.status.available_replicas, rc.status.observed_generation), (2, Some(2), Some(2), Some(1)));
    let create_steps: Vec<_> = e.trace().iter().filter(|s| s.events.iter().any(|ev| ev.reason == "SuccessfulCreate")).collect();
    assert!(create_steps.iter().all(|s| s.component == "replication-controller"));
}

#[cfg(not(target_arch = "wasm32"))]
mod random_operations {
    //! A property over random sequences of what people do to a Deployment,
    //! checked at every step:
    //! - after each Deployment controller step, its ReplicaSets' sizes add
    //!   up to no more than replicas + maxSurge (upstream's guarantee);
    //! - the ReplicaSets want no more pods than that at any step;
    //! - rolling: once replicas − maxUnavailable pods are available, they
    //!   stay so until the user takes pods away (a kill, a scale);
    //! - Recreate: old and new pods never run together;
    //! - once idle, a pullable template is fully rolled out.
    //! Undo and restart go through the rollback helpers `kubectl rollout`
    //! itself calls.

    use super::*;
    use kubeplay_apiserver::DeleteOptions;
    use kubeplay_engine::controllers::deployment::rollback;
    use proptest::prelude::*;

    #[derive(Clone, Debug)]
    enum Op {
        Scale(i32),
        SetImage(usize),
        Pause,
        Resume,
        Undo(Option<i64>),
        Restart,
        Kill(usize),
    }

    const IMAGES: [&str; 4] = ["nginx:1.25", "nginx:1.26", "nginx:1.27", "nginx:1.91"];
    const BROKEN: usize = 3;

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            2 => (1..=6i32).prop_map(Op::Scale),
            3 => (0..IMAGES.len()).prop_map(Op::SetImage),
            1 => Just(Op::Pause),
            2 => Just(Op::Resume),
            2 => prop_oneof![3 => Just(None), 1 => (1..5i64).prop_map(Some)].prop_map(Op::Undo),
            1 => Just(Op::Restart),
            2 => (0..20usize).prop_map(Op::Kill),
        ]
    }

    /// A strategy: None is Recreate, else RollingUpdate's (maxSurge, maxUnavailable).
    fn strategy() -> impl Strategy<Value = Option<(IntOrString, IntOrString)>> {
        let pct = |s: &str| IntOrString::Str(s.into());
        prop_oneof![
            Just(Some((pct("25%"), pct("25%")))),
            Just(Some((IntOrString::Int(1), IntOrString::Int(0)))),
            Just(Some((IntOrString::Int(0), IntOrString::Int(1)))),
            Just(Some((IntOrString::Int(2), IntOrString::Int(1)))),
            Just(Some((pct("50%"), IntOrString::Int(0)))),
            Just(Some((IntOrString::Int(0), pct("50%")))),
            Just(Some((pct("30%"), pct("10%")))),
            Just(None),
        ]
    }

    fn ready(e: &Engine) -> usize {
        active_pods(e).iter().filter(|p| p.is_ready()).count()
    }

    /// Active pods ready for minReadySeconds (`IsPodAvailable`: the Ready
    /// transition, cut to whole seconds as the API keeps it, strictly
    /// before now − minReadySeconds).
    fn available(e: &Engine, min_ready_seconds: i32) -> i32 {
        let now = e.now();
        active_pods(e)
            .iter()
            .filter(|p| {
                let ready = p.status.conditions.iter().find(|c| c.type_ == "Ready" && c.status == "True");
                ready.is_some_and(|c| min_ready_seconds == 0 || c.last_transition_time.is_some_and(|t| util::api_time(t).plus_secs(min_ready_seconds as i64) < now))
            })
            .count() as i32
    }

    /// Σ spec.replicas over the Deployment's ReplicaSets.
    fn spec_sum(e: &Engine) -> i32 {
        let uid = get(e).metadata.uid;
        replica_sets(e).iter().filter(|r| r.metadata.controller_ref().is_some_and(|o| o.uid == uid)).map(|r| r.spec.replicas.unwrap_or(1)).sum()
    }

    /// The controllers have carried out the user's last change: the
    /// Deployment controller saw it, and no ReplicaSet has more active pods
    /// than it wants (a scale-down shares its cut among all ReplicaSets,
    /// available pods included, and takes effect as their pods go).
    fn cut_done(e: &Engine) -> bool {
        let d = get(e);
        let pods = active_pods(e);
        d.status.observed_generation == Some(d.metadata.generation)
            && replica_sets(e).iter().all(|r| pods.iter().filter(|p| p.metadata.controller_ref().is_some_and(|c| c.uid == r.metadata.uid)).count() as i32 <= r.spec.replicas.unwrap_or(1))
    }

    /// ReplicaSets with pods that are not terminal (terminating ones too:
    /// Recreate's `oldPodsRunning` waits for them).
    fn replica_sets_running(e: &Engine) -> Vec<String> {
        let mut owners: Vec<String> = e
            .store()
            .list(Kind::Pod, Some("default"))
            .filter_map(|o| o.as_pod())
            .filter(|p| !matches!(p.status.phase.as_deref(), Some("Succeeded") | Some("Failed")))
            .filter_map(|p| p.metadata.controller_ref().map(|r| r.name.clone()))
            .collect();
        owners.sort();
        owners.dedup();
        owners
    }

    fn apply(e: &mut Engine, op: &Op) {
        match op {
            Op::Scale(n) => edit(e, "kubectl scale", |d| d.spec.replicas = Some(*n)),
            Op::SetImage(i) if *i == BROKEN => edit(e, "kubectl set image", set_broken_image),
            Op::SetImage(i) => edit(e, "kubectl set image", |d| set_image(d, IMAGES[*i])),
            Op::Pause => edit(e, "kubectl rollout pause", |d| d.spec.paused = Some(true)),
            Op::Resume => edit(e, "kubectl rollout resume", |d| d.spec.paused = None),
            Op::Undo(to) => {
                // What `kubectl rollout undo` patches: template and annotations.
                if let Ok(restored) = rollback::rollback(e.store(), &get(e), *to) {
                    edit(e, "kubectl rollout undo", |d| {
                        d.spec.template = restored.spec.template.clone();
                        d.metadata.annotations = restored.metadata.annotations.clone();
                    });
                }
            }
            Op::Restart => {
                let now = e.now();
                if let Ok(t) = rollback::restart_template(&get(e), now) {
                    edit(e, "kubectl rollout restart", |d| d.spec.template = t);
                }
            }
            Op::Kill(k) => {
                let pods = active_pods(e);
                if !pods.is_empty() {
                    let victim = &pods[k % pods.len()];
                    let key = ObjectKey::new(Kind::Pod, "default", &victim.metadata.name);
                    kubeplay_engine::client::delete(e, &key, DeleteOptions::default()).unwrap();
                }
            }
        }
    }

    fn run(strategy: Option<(IntOrString, IntOrString)>, min_ready_seconds: i32, ops: Vec<Op>) -> Result<(), TestCaseError> {
        let mut d = nginx(3, IMAGES[0]);
        d.spec.strategy = Some(match strategy {
            Some((surge, unavailable)) => DeploymentStrategy {
                type_: Some("RollingUpdate".into()),
                rolling_update: Some(RollingUpdateDeployment { max_surge: Some(surge), max_unavailable: Some(unavailable) }),
            },
            None => DeploymentStrategy { type_: Some("Recreate".into()), rolling_update: None },
        });
        d.spec.min_ready_seconds = Some(min_ready_seconds).filter(|s| *s > 0);
        let mut e = Engine::with_default_cluster(21);
        create(&mut e, d);
        e.settle(DEFAULT_SETTLE_MS);
        let rolling = util::is_rolling(&get(&e));
        // replicas + maxSurge as the Deployment controller last saw them:
        // until it sees a change, the ReplicaSets keep the sizes it gave.
        let mut cap = (util::replicas(&get(&e)) + util::max_surge(&get(&e))) as usize;
        // Whether replicas − maxUnavailable pods have been available since
        // the user last took pods away; from then on they must stay so.
        let mut held = available(&e, min_ready_seconds) >= util::min_available(&get(&e));
        prop_assert!(held, "not available after creation");
        for op in &ops {
            apply(&mut e, op);
            if matches!(op, Op::Kill(_) | Op::Scale(_)) {
                held = false;
            }
            let limit = e.now().plus_millis(DEFAULT_SETTLE_MS);
            let mut steps = 0;
            while let Some(step) = e.step_until(limit) {
                let by_dc = step.controller == ControllerId::Deployment;
                let summary = step.summary();
                steps += 1;
                prop_assert!(steps < 20_000, "no end after {op:?}");
                let d = get(&e);
                if by_dc {
                    cap = (util::replicas(&d) + util::max_surge(&d)) as usize;
                    let sum = spec_sum(&e);
                    prop_assert!(sum as usize <= cap, "after {op:?}: the ReplicaSets' sizes add up to {sum}, more than {cap}: {summary}");
                }
                let wanted = wanted_pods(&e);
                prop_assert!(wanted <= cap, "after {op:?}: ReplicaSets want {wanted} pods, more than {cap}: {summary}");
                if rolling {
                    let (avail, min) = (available(&e, min_ready_seconds), util::min_available(&d));
                    prop_assert!(!held || avail >= min, "after {op:?}: {avail} available, fewer than {min}: {summary}");
                    held |= avail >= min && cut_done(&e);
                } else {
                    let running = replica_sets_running(&e);
                    prop_assert!(running.len() <= 1, "after {op:?}: Recreate runs pods of {running:?} together: {summary}");
                }
            }
            let d = get(&e);
            let image = d.spec.template.spec.containers[0].image.clone().unwrap_or_default();
            if util::is_paused(&d) || image == IMAGES[BROKEN] {
                continue;
            }
            // Converged: the current template has every replica, nothing else runs.
            let want = util::replicas(&d);
            let pods = active_pods(&e);
            prop_assert_eq!(pods.len() as i32, want, "after {:?}", op);
            prop_assert!(pods.iter().all(|p| p.is_ready() && p.spec.containers[0].image.as_deref() == Some(image.as_str())), "after {:?}: {:?}", op, pods.iter().map(|p| (&p.metadata.name, p.spec.containers[0].image.clone())).collect::<Vec<_>>());
            prop_assert_eq!(ready(&e) as i32, want);
            prop_assert_eq!((d.status.updated_replicas.unwrap_or(0), d.status.available_replicas.unwrap_or(0)), (want, want), "after {:?}", op);
            prop_assert_eq!(d.status.observed_generation, Some(d.metadata.generation));
            let new = replica_sets(&e).into_iter().filter(|r| r.spec.replicas.unwrap_or(1) > 0).collect::<Vec<_>>();
            prop_assert_eq!(new.len(), 1);
            prop_assert_eq!(&new[0].spec.template.spec.containers[0].image, &Some(image.clone()));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
        #[test]
        fn bounds_hold_at_every_step_and_pullable_templates_converge(
            strategy in strategy(),
            min_ready_seconds in prop_oneof![2 => Just(0), 1 => Just(5)],
            ops in prop::collection::vec(op(), 1..=12),
        ) {
            run(strategy, min_ready_seconds, ops)?;
        }
    }
}
