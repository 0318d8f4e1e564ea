//! Upstream's tables for the StatefulSet controller, ported:
//! pkg/controller/statefulset/stateful_set_utils_test.go (the helpers
//! Kubeplay has a counterpart of) and stateful_set_control_test.go's
//! scenarios, driven through the engine: its store stands in for the
//! informers and the fake object manager, its kubelets move pods to
//! Running and Ready instead of setPodRunning/setPodReady.

use super::plan::{plan, Action, Input, PodState};
use super::*;
use crate::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::{
    PersistentVolumeClaim, PvcRetentionPolicy, RollingUpdateStatefulSet, StatefulSetUpdateStrategy,
};
use kubeplay_model::IntOrString;
use serde_json::json;

/// upstream newStatefulSet(replicas): "foo" in default, selector and
/// template labels foo=bar, one container "nginx" mounting the claim
/// template "datadir" and a pod volume "home", governing service
/// "governingsvc", RollingUpdate, revisionHistoryLimit 2.

/// Upstream's tables change the image to "foo", which its fake pod
/// control never pulls; here kubelets do, and a one-word name that is no
/// Docker Hub official image is refused, so the new image is a user's.
const FOO: &str = "example/foo";

fn new_stateful_set(replicas: i32) -> StatefulSet {
    serde_json::from_value(json!({
        "metadata": {"name": "foo", "namespace": "default"},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"foo": "bar"}},
            "template": {
                "metadata": {"labels": {"foo": "bar"}},
                "spec": {
                    "containers": [{"name": "nginx", "image": "nginx", "volumeMounts": [
                        {"name": "datadir", "mountPath": "/tmp/zookeeper"},
                        {"name": "home", "mountPath": "/home"}
                    ]}],
                    "volumes": [{"name": "home", "hostPath": {"path": "/tmp/home"}}]
                }
            },
            "volumeClaimTemplates": [{"metadata": {"name": "datadir"}, "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1"}}}}],
            "serviceName": "governingsvc",
            "updateStrategy": {"type": "RollingUpdate"},
            "revisionHistoryLimit": 2
        }
    }))
    .unwrap()
}

fn burst(mut set: StatefulSet) -> StatefulSet {
    set.spec.pod_management_policy = Some("Parallel".into());
    set
}

fn revision(name: &str) -> ControllerRevision {
    let mut r = ControllerRevision::default();
    r.metadata.name = name.into();
    r
}

/// upstream newStatefulSetPod(set, ordinal): the pod the controller makes.
fn new_stateful_set_pod(set: &StatefulSet, ordinal: i32) -> Pod {
    let obj = Object::StatefulSet(Box::new(set.clone()));
    let input = Input {
        start: 0,
        replicas: set.spec.replicas.unwrap_or(1),
        monotonic: true,
        rolling: true,
        partition: 0,
        max_unavailable: None,
        update_revision: "r1".into(),
        pods: vec![],
    };
    let mut pod = new_pod(&obj, set, &revision("r1"), &revision("r1"), &input, ordinal);
    pod.metadata.namespace = set.metadata.namespace.clone();
    pod
}

/// upstream storageMatches: each claim template has a volume of its name
/// pointing at the ordinal's claim.
fn storage_matches(set: &StatefulSet, pod: &Pod) -> bool {
    let Some((_, ordinal)) = parent_and_ordinal(&pod.metadata.name) else {
        return false;
    };
    set.spec.volume_claim_templates.iter().all(|t| {
        pod.spec.volumes.iter().any(|v| {
            v.name == t.metadata.name
                && v.persistent_volume_claim.as_ref().is_some_and(|c| {
                    c.claim_name == claim_name(&t.metadata.name, &set.metadata.name, ordinal)
                })
        })
    })
}

// stateful_set_utils_test.go's TestIsMemberOf
#[test]
fn is_member_of() {
    let set = new_stateful_set(3);
    let pod = new_stateful_set_pod(&set, 1);
    let member =
        |set: &str| parent_and_ordinal(&pod.metadata.name).is_some_and(|(parent, _)| parent == set);
    assert!(member("foo"));
    assert!(!member("foo2"));
}

// stateful_set_utils_test.go's TestIdentityMatches
#[test]
fn identity_matches_table() {
    let set = new_stateful_set(3);
    assert!(
        identity_matches(&set, &new_stateful_set_pod(&set, 1)),
        "a new pod"
    );
    let mut pod = new_stateful_set_pod(&set, 1);
    pod.metadata.name = "foo".into();
    assert!(!identity_matches(&set, &pod), "wrong name");
    let mut pod = new_stateful_set_pod(&set, 1);
    pod.metadata.namespace = "".into();
    assert!(!identity_matches(&set, &pod), "wrong namespace");
    let mut pod = new_stateful_set_pod(&set, 1);
    pod.metadata.labels.remove(POD_NAME_LABEL);
    assert!(!identity_matches(&set, &pod), "no pod-name label");
}

// stateful_set_utils_test.go's TestUpdateIdentity
#[test]
fn update_identity_table() {
    let set = new_stateful_set(3);
    let mut pod = new_stateful_set_pod(&set, 1);
    pod.metadata.namespace = "".into();
    assert!(!identity_matches(&set, &pod));
    update_identity(&set, &mut pod);
    assert!(identity_matches(&set, &pod), "namespace restored");
    pod.metadata.labels.remove(POD_NAME_LABEL);
    update_identity(&set, &mut pod);
    assert!(identity_matches(&set, &pod), "pod-name label restored");
    assert_eq!(pod.metadata.label(POD_INDEX_LABEL), Some("1"));
}

// stateful_set_utils_test.go's TestStorageMatches and TestUpdateStorage
// (attach_claims is updateStorage).
#[test]
fn update_storage_table() {
    let set = new_stateful_set(3);
    let pod = new_stateful_set_pod(&set, 1);
    assert!(storage_matches(&set, &pod), "a new pod");
    let mut renamed = pod.clone();
    renamed.metadata.name = "bar".into();
    assert!(!storage_matches(&set, &renamed), "no ordinal");
    let breakers: [fn(&mut Pod); 3] = [
        |p| p.spec_mut().volumes.clear(),
        |p| {
            p.spec_mut()
                .volumes
                .iter_mut()
                .for_each(|v| v.persistent_volume_claim = None)
        },
        |p| {
            p.spec_mut()
                .volumes
                .iter_mut()
                .filter_map(|v| v.persistent_volume_claim.as_mut())
                .for_each(|c| c.claim_name = "foo".into())
        },
    ];
    for (i, broken) in breakers.into_iter().enumerate() {
        let mut pod = new_stateful_set_pod(&set, 1);
        broken(&mut pod);
        assert!(!storage_matches(&set, &pod), "case {i} breaks storage");
        attach_claims(&set, &mut pod, 1);
        assert!(storage_matches(&set, &pod), "case {i} repaired");
    }
    // The pod volume that is not a claim stays.
    assert!(pod
        .spec
        .volumes
        .iter()
        .any(|v| v.name == "home" && v.host_path.is_some()));
}

// stateful_set_utils_test.go's TestGetPersistentVolumeClaimRetentionPolicy
#[test]
fn retention_policy_table() {
    let mut set = StatefulSet::default();
    let policy = |deleted: &str, scaled: &str| {
        Some(PvcRetentionPolicy {
            when_deleted: Some(deleted.into()),
            when_scaled: Some(scaled.into()),
        })
    };
    set.spec.persistent_volume_claim_retention_policy = policy("Retain", "Retain");
    assert_eq!(retention(&set), (false, false));
    set.spec.persistent_volume_claim_retention_policy = policy("Retain", "Delete");
    assert_eq!(retention(&set), (false, true));
}

// stateful_set_utils_test.go's TestGetPersistentVolumeClaims: the set's
// selector labels are merged into the template's, and win.
#[test]
fn persistent_volume_claims_table() {
    let labels = |kv: &[(&str, &str)]| {
        kv.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    type Labels<'a> = &'a [(&'a str, &'a str)];
    let cases: [(Labels, Labels, Labels); 4] = [
        (&[], &[], &[]),
        (&[("test", "test")], &[], &[("test", "test")]),
        (
            &[("name", "foo")],
            &[("test", "test")],
            &[("test", "test"), ("name", "foo")],
        ),
        (&[("test", "foo")], &[("test", "test")], &[("test", "foo")]),
    ];
    for (selector, template, want) in cases {
        let mut set = new_stateful_set(1);
        set.spec.selector.as_mut().unwrap().match_labels = labels(selector);
        set.spec.volume_claim_templates[0].metadata.labels = labels(template).into();
        let claims: Vec<PersistentVolumeClaim> = claims_for(&set, 0);
        assert_eq!(claims.len(), 1);
        assert_eq!(
            (
                claims[0].metadata.name.as_str(),
                &*claims[0].metadata.namespace
            ),
            ("datadir-foo-0", "default")
        );
        assert_eq!(
            *claims[0].metadata.labels,
            labels(want),
            "selector {selector:?}, template {template:?}"
        );
    }
}

// stateful_set_utils_test.go's TestNewPodControllerRef
#[test]
fn new_pod_controller_ref() {
    let mut set = new_stateful_set(1);
    set.metadata.uid = "test".into();
    let pod = new_stateful_set_pod(&set, 0);
    let r = pod
        .metadata
        .controller_ref()
        .expect("a controller reference");
    assert_eq!(
        (
            r.api_version.as_str(),
            r.kind.as_str(),
            r.name.as_str(),
            &*r.uid,
            r.controller
        ),
        ("apps/v1", "StatefulSet", "foo", "test", Some(true))
    );
}

fn pod_state(ordinal: i32, ready: bool, revision: &str) -> PodState {
    let phase = if ready { "Running" } else { "Pending" };
    PodState {
        name: format!("foo-{ordinal}"),
        ordinal,
        phase: phase.into(),
        ready,
        available: ready,
        terminating: false,
        revision: revision.into(),
        identity_ok: true,
    }
}

fn input(replicas: i32, monotonic: bool, pods: Vec<PodState>) -> Input {
    Input {
        start: 0,
        replicas,
        monotonic,
        rolling: true,
        partition: 0,
        max_unavailable: None,
        update_revision: "new".into(),
        pods,
    }
}

// stateful_set_control_test.go's RecreatesPVCForPendingPod: a Pending
// pod's claims are made again (createMissingPersistentVolumeClaims), in
// both modes, and OrderedReady still waits for the pod.
#[test]
fn recreates_pvc_for_pending_pod() {
    for monotonic in [true, false] {
        let p = plan(&input(3, monotonic, vec![pod_state(0, false, "new")]));
        assert_eq!(
            p.actions.first(),
            Some(&Action::EnsureClaims(0)),
            "monotonic={monotonic}"
        );
    }
}

// upstream updateStatefulSet with Parallel: a missing ordinal is created
// and the rolling update goes on from the top in the same sync; the new
// pod (at the update revision, not Ready) stops it only when reached.
#[test]
fn burst_rolling_update_does_not_wait_for_a_missing_lower_ordinal() {
    let p = plan(&input(
        3,
        false,
        vec![pod_state(1, true, "old"), pod_state(2, true, "old")],
    ));
    assert_eq!(
        p.actions,
        vec![
            Action::Create(0),
            Action::Delete {
                name: "foo-2".into(),
                why: Why::Update
            }
        ]
    );
    // A missing top ordinal is reached first: nothing is deleted.
    let p = plan(&input(
        3,
        false,
        vec![pod_state(0, true, "old"), pod_state(1, true, "old")],
    ));
    assert_eq!(p.actions, vec![Action::Create(2)]);
}

// stateful_set_control_test.go's UpdatePodFailure: a pod whose identity
// no longer matches is updated (UpdateStatefulPod) once it is Ready.
#[test]
fn a_pod_with_a_broken_identity_is_updated() {
    let mut broken = pod_state(1, true, "new");
    broken.identity_ok = false;
    for monotonic in [true, false] {
        let p = plan(&input(
            3,
            monotonic,
            vec![
                pod_state(0, true, "new"),
                broken.clone(),
                pod_state(2, true, "new"),
            ],
        ));
        assert_eq!(
            p.actions,
            vec![Action::Restore("foo-1".into())],
            "monotonic={monotonic}"
        );
    }
    // OrderedReady reaches it only once every lower ordinal is Ready.
    let p = plan(&input(
        3,
        true,
        vec![
            pod_state(0, false, "new"),
            broken,
            pod_state(2, true, "new"),
        ],
    ));
    assert!(!p.actions.contains(&Action::Restore("foo-1".into())));
}

// ------------------------------------------------- through the engine

fn apply(e: &mut Engine, set: StatefulSet) {
    let obj = Object::StatefulSet(Box::new(set));
    let key = obj.key();
    e.user("apply", key, |ctx| ctx.create(obj).map(|_| ()))
        .unwrap();
}

fn set_key() -> ObjectKey {
    ObjectKey::new(Kind::StatefulSet, "default", "foo")
}

fn get_set(e: &Engine) -> StatefulSet {
    e.store()
        .get(&set_key())
        .and_then(|o| o.as_stateful_set().cloned())
        .unwrap()
}

fn change(e: &mut Engine, f: impl FnOnce(&mut StatefulSet)) {
    let mut set = get_set(e);
    f(&mut set);
    e.user("update", set_key(), |ctx| {
        ctx.update(Object::StatefulSet(Box::new(set))).map(|_| ())
    })
    .unwrap();
}

/// The set's pods in ordinal order.
fn pods(e: &Engine) -> Vec<Pod> {
    let mut pods: Vec<Pod> = e
        .store()
        .list(Kind::Pod, Some("default"))
        .filter_map(|o| o.as_pod().cloned())
        .collect();
    pods.sort_by_key(|p| parent_and_ordinal(&p.metadata.name).map_or(-1, |(_, o)| o));
    pods
}

fn images(e: &Engine) -> Vec<String> {
    pods(e)
        .iter()
        .map(|p| {
            p.spec.containers[0]
                .image
                .as_deref()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

fn event_messages(e: &Engine, reason: &str) -> Vec<String> {
    e.store()
        .list(Kind::Event, None)
        .filter_map(|o| o.as_event().cloned())
        .filter(|ev| ev.reason.as_deref() == Some(reason))
        .filter_map(|ev| ev.message)
        .collect()
}

fn settled(set: StatefulSet) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    apply(&mut e, set);
    e.settle(DEFAULT_SETTLE_MS);
    e
}

/// (replicas, ready, updated, current, available)
fn counts(set: &StatefulSet) -> (i32, i32, i32, i32, i32) {
    let s = &set.status;
    (
        s.replicas,
        s.ready_replicas.unwrap_or(0),
        s.updated_replicas.unwrap_or(0),
        s.current_replicas.unwrap_or(0),
        s.available_replicas.unwrap_or(0),
    )
}

// stateful_set_control_test.go's TestStatefulSetControl, Monotonic and
// Burst: CreatesPods, ScalesUp, ScalesDown.
#[test]
fn creates_scales_up_and_scales_down() {
    for set in [new_stateful_set(3), burst(new_stateful_set(3))] {
        let mut e = settled(set);
        let set = get_set(&e);
        assert_eq!(counts(&set), (3, 3, 3, 3, 3));
        // updateStatefulSet always writes the collision count.
        assert_eq!(set.status.collision_count, Some(0));
        for (i, pod) in pods(&e).iter().enumerate() {
            assert_eq!(
                pod.metadata.label(POD_INDEX_LABEL),
                Some(i.to_string().as_str()),
                "{}",
                pod.metadata.name
            );
        }
        change(&mut e, |s| s.spec.replicas = Some(4));
        e.settle(DEFAULT_SETTLE_MS);
        assert_eq!(counts(&get_set(&e)), (4, 4, 4, 4, 4));
        change(&mut e, |s| s.spec.replicas = Some(0));
        e.settle(DEFAULT_SETTLE_MS);
        assert_eq!(counts(&get_set(&e)), (0, 0, 0, 0, 0));
        assert!(pods(&e).is_empty());
    }
}

// stateful_set_control_test.go's ReplacesPods: five pods, 0, 2 and 4
// deleted, all five back; Retain leaves no pod owner on the claims.
#[test]
fn replaces_pods() {
    for set in [new_stateful_set(5), burst(new_stateful_set(5))] {
        let mut e = settled(set);
        for name in ["foo-0", "foo-2", "foo-4"] {
            let key = ObjectKey::new(Kind::Pod, "default", name);
            e.user("delete", key.clone(), |ctx| {
                ctx.delete(&key, DeleteOptions::default()).map(|_| ())
            })
            .unwrap();
        }
        e.settle(DEFAULT_SETTLE_MS);
        assert_eq!(counts(&get_set(&e)).0, 5);
        assert_eq!(pods(&e).iter().filter(|p| p.is_ready()).count(), 5);
        for c in e.store().list(Kind::PersistentVolumeClaim, Some("default")) {
            assert!(
                c.meta().owner_references.iter().all(|r| r.kind != "Pod"),
                "{}",
                c.name()
            );
        }
    }
}

// stateful_set_control_test.go's TestStatefulSetControlWithStartOrdinal
// (CreatesPodsWithStartOrdinal): ordinals.start 2 gives foo-2…foo-4.
#[test]
fn creates_pods_with_start_ordinal() {
    let mut set = new_stateful_set(3);
    set.spec.ordinals = Some(json!({"start": 2}));
    let e = settled(set);
    assert_eq!(counts(&get_set(&e)), (3, 3, 3, 3, 3));
    let names: Vec<String> = pods(&e).into_iter().map(|p| p.metadata.name).collect();
    assert_eq!(names, ["foo-2", "foo-3", "foo-4"]);
}

/// The initial sets of TestStatefulSetControlRollingUpdate and its
/// siblings: (name, set, replicas after the update).
fn rollout_cases() -> Vec<(&'static str, StatefulSet, i32)> {
    vec![
        ("monotonic image update", new_stateful_set(3), 3),
        (
            "monotonic image update and scale up",
            new_stateful_set(3),
            5,
        ),
        (
            "monotonic image update and scale down",
            new_stateful_set(5),
            3,
        ),
        ("burst image update", burst(new_stateful_set(3)), 3),
        (
            "burst image update and scale up",
            burst(new_stateful_set(3)),
            5,
        ),
        (
            "burst image update and scale down",
            burst(new_stateful_set(5)),
            3,
        ),
    ]
}

// stateful_set_control_test.go's TestStatefulSetControlRollingUpdate
#[test]
fn rolling_update_table() {
    for (name, set, replicas) in rollout_cases() {
        let mut e = settled(set);
        change(&mut e, |s| {
            s.spec.replicas = Some(replicas);
            s.spec.template.spec.containers[0].image = Some(FOO.into());
        });
        e.settle(DEFAULT_SETTLE_MS);
        assert_eq!(images(&e), vec![FOO; replicas as usize], "{name}");
        let set = get_set(&e);
        assert_eq!(
            set.status.current_revision, set.status.update_revision,
            "{name}: the rollout completed"
        );
        assert_eq!(
            counts(&set),
            (replicas, replicas, replicas, replicas, replicas),
            "{name}"
        );
    }
}

// stateful_set_control_test.go's TestStatefulSetControlOnDeleteUpdate,
// over runTestOverPVCRetentionPolicies' policies: OnDelete leaves the
// pods as they are (new ordinals get the new template); after a scale to
// zero and back every pod has it; no claim keeps a pod owner.
#[test]
fn on_delete_update_table() {
    let policies = [
        None,
        Some(("Retain", "Retain")),
        Some(("Retain", "Delete")),
        Some(("Delete", "Retain")),
        Some(("Delete", "Delete")),
    ];
    for policy in policies {
        for (name, mut set, replicas) in rollout_cases() {
            set.spec.update_strategy = Some(StatefulSetUpdateStrategy {
                type_: Some("OnDelete".into()),
                rolling_update: None,
            });
            set.spec.persistent_volume_claim_retention_policy =
                policy.map(|(d, s)| PvcRetentionPolicy {
                    when_deleted: Some(d.into()),
                    when_scaled: Some(s.into()),
                });
            let before = set.spec.replicas.unwrap_or(1).min(replicas) as usize;
            let mut e = settled(set);
            change(&mut e, |s| {
                s.spec.replicas = Some(replicas);
                s.spec.template.spec.containers[0].image = Some(FOO.into());
            });
            e.settle(DEFAULT_SETTLE_MS);
            let mut want = vec!["nginx"; before];
            want.resize(replicas as usize, FOO);
            assert_eq!(images(&e), want, "{name} {policy:?}");
            let pod_owned = |e: &Engine| {
                e.store()
                    .list(Kind::PersistentVolumeClaim, Some("default"))
                    .filter(|c| c.meta().owner_references.iter().any(|r| r.kind == "Pod"))
                    .count()
            };
            assert_eq!(pod_owned(&e), 0, "{name} {policy:?}");
            change(&mut e, |s| s.spec.replicas = Some(0));
            e.settle(DEFAULT_SETTLE_MS);
            assert_eq!(pod_owned(&e), 0, "{name} {policy:?}: after scaling to zero");
            change(&mut e, |s| s.spec.replicas = Some(replicas));
            e.settle(DEFAULT_SETTLE_MS);
            assert_eq!(
                images(&e),
                vec![FOO; replicas as usize],
                "{name} {policy:?}: after the restart"
            );
        }
    }
}

// stateful_set_control_test.go's TestStatefulSetControlRollingUpdateWithPartition
// (partition 2): ordinals below it keep the old template.
#[test]
fn rolling_update_with_partition_table() {
    for (name, mut set, replicas) in rollout_cases()
        .into_iter()
        .filter(|(n, ..)| !n.ends_with("scale down"))
    {
        set.spec.update_strategy = Some(StatefulSetUpdateStrategy {
            type_: Some("RollingUpdate".into()),
            rolling_update: Some(RollingUpdateStatefulSet {
                partition: Some(2),
                max_unavailable: None,
            }),
        });
        let mut e = settled(set);
        change(&mut e, |s| {
            s.spec.replicas = Some(replicas);
            s.spec.template.spec.containers[0].image = Some(FOO.into());
        });
        e.settle(DEFAULT_SETTLE_MS);
        let mut want = vec!["nginx"; 2];
        want.resize(replicas as usize, FOO);
        assert_eq!(images(&e), want, "{name}");
        let set = get_set(&e);
        assert_eq!(
            (set.status.current_replicas, set.status.updated_replicas),
            (Some(2), Some(replicas - 2)),
            "{name}"
        );
    }
}

fn revisions(e: &Engine) -> Vec<ControllerRevision> {
    let mut revs: Vec<ControllerRevision> = e
        .store()
        .list(Kind::ControllerRevision, Some("default"))
        .filter_map(|o| o.as_controller_revision().cloned())
        .collect();
    revs.sort_by_key(|r| r.revision);
    revs
}

// stateful_set_control_test.go's TestStatefulSetControl_getSetRevisions
// adopting through ListRevisions (ControllerRefManager's
// ClaimControllerRevisions): the set deleted with orphan propagation
// leaves its pods and revision; the same set created again adopts both,
// at the same revision, and replaces no pod.
#[test]
fn a_recreated_set_adopts_orphaned_pods_and_revisions() {
    let mut e = settled(new_stateful_set(2));
    let uids: Vec<String> = pods(&e).iter().map(|p| p.metadata.uid.to_string()).collect();
    let before: Vec<String> = revisions(&e).iter().map(|r| r.metadata.name.clone()).collect();
    e.user("delete", set_key(), |ctx| ctx.delete(&set_key(), kubeplay_apiserver::DeleteOptions { grace_period_seconds: None, propagation: kubeplay_apiserver::Propagation::Orphan }).map(|_| ())).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(revisions(&e).iter().all(|r| r.metadata.controller_ref().is_none()), "orphaned");
    apply(&mut e, new_stateful_set(2));
    e.settle(DEFAULT_SETTLE_MS);
    let set = get_set(&e);
    assert_eq!(pods(&e).iter().map(|p| p.metadata.uid.to_string()).collect::<Vec<_>>(), uids, "no pod replaced");
    assert_eq!(revisions(&e).iter().map(|r| r.metadata.name.clone()).collect::<Vec<_>>(), before);
    assert!(revisions(&e).iter().all(|r| r.metadata.controller_ref().is_some_and(|c| c.uid == set.metadata.uid)), "adopted");
    assert_eq!(set.status.collision_count.unwrap_or(0), 0);
    assert!(event_messages(&e, "SuccessfulDelete").is_empty());
}

// stateful_set_control_test.go's TestStatefulSetControlLimitsHistory and
// TestStatefulSetHonorRevisionHistoryLimit: ten template changes keep at
// most revisionHistoryLimit (2) revisions besides the live ones.
#[test]
fn limits_history() {
    for set in [new_stateful_set(3), burst(new_stateful_set(3))] {
        let mut e = settled(set);
        for i in 0..10 {
            change(&mut e, |s| {
                s.spec.template.spec.containers[0].image = Some(format!("{FOO}-{i}").into())
            });
            e.settle(DEFAULT_SETTLE_MS);
            assert!(
                revisions(&e).len() <= 2 + 2,
                "after update {i}: {}",
                revisions(&e).len()
            );
        }
    }
}

// stateful_set_control_test.go's TestStatefulSetControlRollback: update,
// then the oldest revision's template again: every pod back on it.
#[test]
fn rollback_table() {
    for (name, set, replicas) in rollout_cases() {
        let mut e = settled(set);
        change(&mut e, |s| {
            s.spec.replicas = Some(replicas);
            s.spec.template.spec.containers[0].image = Some(FOO.into());
        });
        e.settle(DEFAULT_SETTLE_MS);
        assert_eq!(images(&e), vec![FOO; replicas as usize], "{name}");
        let oldest = history::template_of(&revisions(&e)[0]).expect("a template in the revision");
        change(&mut e, |s| s.spec.template = oldest);
        e.settle(DEFAULT_SETTLE_MS);
        assert_eq!(images(&e), vec!["nginx"; replicas as usize], "{name}");
    }
}

// stateful_set_control_test.go's TestStatefulSetControl_getSetRevisions:
// the first sync makes revision 1; a new template makes revision 2 with
// the status's current revision kept; syncing again makes nothing; going
// back to an earlier template reuses its revision, renumbered after the
// newest (rev1 becomes 4 after rev2 existed).
#[test]
fn get_set_revisions_table() {
    let mut e = settled(new_stateful_set(3));
    let revs = revisions(&e);
    assert_eq!(
        revs.iter().map(|r| r.revision).collect::<Vec<_>>(),
        [1],
        "creates initial revision"
    );
    let rev0 = revs[0].metadata.name.clone();
    assert_eq!(
        get_set(&e).status.current_revision.as_deref(),
        Some(rev0.as_str())
    );
    change(&mut e, |s| {
        s.spec.template.spec.containers[0].image = Some(FOO.into())
    });
    e.step();
    let revs = revisions(&e);
    assert_eq!(revs.len(), 2, "creates revision on update");
    let rev1 = revs[1].metadata.name.clone();
    let set = get_set(&e);
    assert_eq!(
        (
            set.status.current_revision.as_deref(),
            set.status.update_revision.as_deref()
        ),
        (Some(rev0.as_str()), Some(rev1.as_str()))
    );
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(
        revisions(&e).len(),
        2,
        "must not recreate a new revision of same set"
    );
    change(&mut e, |s| {
        s.spec
            .template
            .metadata
            .labels
            .insert("new".into(), "label".into());
    });
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(revisions(&e).len(), 3);
    change(&mut e, |s| {
        s.spec.template.metadata.labels.remove("new");
    });
    e.settle(DEFAULT_SETTLE_MS);
    let revs = revisions(&e);
    assert_eq!(revs.len(), 3, "must rollback to a previous revision");
    let back = revs
        .iter()
        .find(|r| r.metadata.name == rev1)
        .expect("rev1 kept");
    assert_eq!(back.revision, 4);
    assert_eq!(
        get_set(&e).status.update_revision.as_deref(),
        Some(rev1.as_str())
    );
}

// stateful_set_control_test.go's TestStatefulSetAvailability: with
// minReadySeconds 3600 a pod Ready for 30 minutes is not available, one
// Ready for two hours is.
#[test]
fn availability_with_min_ready_seconds() {
    let mut set = new_stateful_set(1);
    set.spec.min_ready_seconds = Some(3600);
    let mut e = settled(burst(set));
    let s = get_set(&e);
    assert_eq!(
        (s.status.ready_replicas, s.status.available_replicas),
        (Some(1), Some(0))
    );
    e.advance(30 * 60 * 1000);
    assert_eq!(
        get_set(&e).status.available_replicas,
        Some(0),
        "Ready for 30 minutes"
    );
    e.advance(90 * 60 * 1000);
    assert_eq!(
        get_set(&e).status.available_replicas,
        Some(1),
        "Ready for two hours"
    );
}

// TestStatefulSetControlRollingUpdateWithMaxUnavailable's set (6 pods,
// partition 3, maxUnavailable 2) with MaxUnavailableStatefulSet off, as
// in v1.32 by default: pods go one at a time, from foo-5 down to foo-3.
#[test]
fn max_unavailable_is_ignored_with_its_gate_off() {
    for set in [new_stateful_set(6), burst(new_stateful_set(6))] {
        let mut set = set;
        set.spec.update_strategy = Some(StatefulSetUpdateStrategy {
            type_: Some("RollingUpdate".into()),
            rolling_update: Some(RollingUpdateStatefulSet {
                partition: Some(3),
                max_unavailable: Some(IntOrString::Int(2)),
            }),
        });
        let mut e = settled(set);
        change(&mut e, |s| {
            s.spec.template.spec.containers[0].image = Some(FOO.into())
        });
        let mut order = Vec::new();
        for _ in 0..10_000 {
            if e.step().is_none() {
                break;
            }
            let down: Vec<String> = pods(&e)
                .into_iter()
                .filter(|p| p.metadata.deletion_timestamp.is_some() || !p.is_ready())
                .map(|p| p.metadata.name)
                .collect();
            assert!(down.len() <= 1, "more than one pod unavailable: {down:?}");
            for n in down {
                if !order.contains(&n) {
                    order.push(n);
                }
            }
        }
        assert_eq!(order, ["foo-5", "foo-4", "foo-3"]);
        assert_eq!(images(&e), ["nginx", "nginx", "nginx", FOO, FOO, FOO]);
    }
}

// stateful_set_control_test.go's UpdatePodFailure, the update it expects:
// a pod whose pod-name label was removed gets it back (UpdateStatefulPod).
#[test]
fn a_removed_pod_name_label_is_restored() {
    for set in [new_stateful_set(3), burst(new_stateful_set(3))] {
        let mut e = settled(set);
        let key = ObjectKey::new(Kind::Pod, "default", "foo-0");
        let mut pod = e
            .store()
            .get(&key)
            .and_then(|o| o.as_pod().cloned())
            .unwrap();
        pod.metadata.labels.remove(POD_NAME_LABEL);
        e.user("label", key.clone(), |ctx| {
            ctx.update(Object::Pod(Box::new(pod))).map(|_| ())
        })
        .unwrap();
        e.settle(DEFAULT_SETTLE_MS);
        let pod = e
            .store()
            .get(&key)
            .and_then(|o| o.as_pod().cloned())
            .unwrap();
        assert_eq!(pod.metadata.label(POD_NAME_LABEL), Some("foo-0"));
        assert_eq!(
            event_messages(&e, "SuccessfulUpdate"),
            ["update Pod foo-0 in StatefulSet foo successful"]
        );
    }
}

// stateful_pod_control.go's createPersistentVolumeClaims (v1.32): a claim
// that is being deleted fails the pod's creation, with the pod's
// FailedCreate event; once it is gone a fresh one is made.
#[test]
fn a_claim_being_deleted_blocks_its_pod() {
    let mut e = Engine::with_default_cluster(7);
    let mut claim = new_stateful_set(1).spec.volume_claim_templates[0].clone();
    claim.metadata.name = "datadir-foo-0".into();
    claim.metadata.namespace = "default".into();
    claim.metadata.finalizers = vec!["example.com/hold".into()].into();
    let key = ObjectKey::new(Kind::PersistentVolumeClaim, "default", "datadir-foo-0");
    let obj = Object::PersistentVolumeClaim(Box::new(claim));
    e.user("create", key.clone(), |ctx| ctx.create(obj).map(|_| ()))
        .unwrap();
    e.user("delete", key.clone(), |ctx| {
        ctx.delete(&key, DeleteOptions::default()).map(|_| ())
    })
    .unwrap();
    apply(&mut e, new_stateful_set(1));
    e.settle(DEFAULT_SETTLE_MS);
    assert!(pods(&e).is_empty());
    let failed = event_messages(&e, "FailedCreate");
    assert!(failed.iter().any(|m| m == "create Pod foo-0 in StatefulSet foo failed error: pvc datadir-foo-0 is being deleted"), "{failed:?}");
    let mut claim = e.store().get(&key).cloned().unwrap();
    std::sync::Arc::make_mut(&mut claim).meta_mut().finalizers = Default::default();
    let claim = (*claim).clone();
    e.user("unhold", key.clone(), |ctx| ctx.update(claim).map(|_| ()))
        .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(pods(&e).iter().filter(|p| p.is_ready()).count(), 1);
    assert!(
        e.store()
            .get(&key)
            .is_some_and(|c| c.meta().deletion_timestamp.is_none()),
        "a fresh claim"
    );
}

// stateful_pod_control.go's PodClaimIsStale (v1.32): with whenScaled=Delete,
// scaling back up while the claim still names the pod scaled away waits
// for that claim to go; the pod comes back on a fresh claim.
#[test]
fn scale_up_waits_for_a_claim_of_the_scaled_away_pod() {
    let mut set = new_stateful_set(2);
    set.spec.persistent_volume_claim_retention_policy = Some(PvcRetentionPolicy {
        when_deleted: Some("Retain".into()),
        when_scaled: Some("Delete".into()),
    });
    let mut e = settled(set);
    let key = ObjectKey::new(Kind::PersistentVolumeClaim, "default", "datadir-foo-1");
    let old_uid = e.store().get(&key).unwrap().meta().uid.clone();
    change(&mut e, |s| s.spec.replicas = Some(1));
    // Until foo-1 has left the store while its claim, owned by it, remains.
    let pod_key = ObjectKey::new(Kind::Pod, "default", "foo-1");
    for _ in 0..10_000 {
        let owned = e
            .store()
            .get(&key)
            .is_some_and(|c| c.meta().owner_references.iter().any(|r| r.kind == "Pod"));
        if owned && e.store().get(&pod_key).is_none() {
            break;
        }
        assert!(
            e.step().is_some(),
            "foo-1 went with its claim before the test could scale up"
        );
    }
    change(&mut e, |s| s.spec.replicas = Some(2));
    while e.step().is_some() {
        let old_claim = e.store().get(&key).is_some_and(|c| c.meta().uid == old_uid);
        assert!(
            !(old_claim && e.store().get(&pod_key).is_some()),
            "foo-1 made while the old claim remains"
        );
        if e.store()
            .get(&pod_key)
            .is_some_and(|p| p.as_pod().is_some_and(|p| p.is_ready()))
        {
            break;
        }
    }
    let pod = e
        .store()
        .get(&pod_key)
        .and_then(|o| o.as_pod().cloned())
        .expect("foo-1 is back");
    assert!(pod.is_ready());
    let claim = e.store().get(&key).expect("a claim for foo-1");
    assert_ne!(claim.meta().uid, old_uid, "a fresh claim");
    assert!(claim.meta().deletion_timestamp.is_none());
}

// stateful_set_control_test.go's NewRevisionDeletePodFailure, the sync
// that works: the new template's first sync deletes the top pod and
// counts it out of currentReplicas at once (a terminating pod is neither
// current nor updated), while replicas still counts it.
#[test]
fn new_revision_delete_pod_counts() {
    let mut e = settled(new_stateful_set(3));
    change(&mut e, |s| {
        s.spec.template.spec.containers[0].image = Some("nginx-new".into())
    });
    while let Some(step) = e.step() {
        if step.component == "statefulset-controller" {
            break;
        }
    }
    let set = get_set(&e);
    assert_ne!(
        set.status.current_revision, set.status.update_revision,
        "a new revision"
    );
    assert_eq!(counts(&set), (3, 3, 0, 2, 3));
}

// stateful_set_control_test.go's TestStatefulSetStatusUpdate ("sync
// error"): a sync whose pod creation fails still writes the status.
#[test]
fn status_is_written_when_a_sync_fails() {
    let mut e = Engine::with_default_cluster(7);
    let quota: kubeplay_model::api::ResourceQuota =
        serde_json::from_value(json!({"metadata": {"name": "pods", "namespace": "default"}, "spec": {"hard": {"pods": "0"}}})).unwrap();
    crate::client::create(&mut e, Object::ResourceQuota(Box::new(quota))).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    apply(&mut e, new_stateful_set(3));
    e.settle(DEFAULT_SETTLE_MS);
    let set = get_set(&e);
    assert_eq!(
        set.status.observed_generation,
        Some(set.metadata.generation)
    );
    assert!(set.status.update_revision.is_some());
    assert_eq!(counts(&set), (0, 0, 0, 0, 0));
    let failed = event_messages(&e, "FailedCreate");
    assert!(failed.iter().any(|m| m.starts_with("create Pod foo-0 in StatefulSet foo failed error: pods \"foo-0\" is forbidden: exceeded quota: pods")), "{failed:?}");
}
