//! Which pods a Job claims and which Jobs a pod wakes:
//! job_controller_test.go's TestGetPodsForJob and TestJobPodLookup.

use super::*;
use kubeplay_apiserver::{Change, ChangeType};

/// How a TestGetPodsForJob pod relates to the Job under test.
#[derive(Clone, Copy)]
enum Rel {
    /// Labelled and controlled by it (`job(job)`), with or without the
    /// tracking finalizer.
    Owned(bool),
    /// Labelled and controlled by the other Job.
    Other,
    /// Labelled for it but controlled by nobody (`clearOwner`).
    Orphan,
    /// Controlled by it but without its labels (`clearLabels`).
    Unlabelled,
    /// Neither (`ns(job.Namespace)` only).
    Stranger,
}

// job_controller_test.go's TestGetPodsForJob: (Job being deleted, pods)
// => (the pods it claims, those of them with the tracking finalizer).
// "no adopt when deleting race" needs a cache older than the API, which
// one reconcile against one store has not.
#[test]
fn get_pods_for_job() {
    type Case<'a> = (
        &'a str,
        bool,
        Vec<(&'a str, Rel)>,
        Vec<&'a str>,
        Vec<&'a str>,
    );
    let cases: Vec<Case> = vec![
        (
            "only matching",
            false,
            vec![
                ("pod1", Rel::Owned(true)),
                ("pod2", Rel::Other),
                ("pod3", Rel::Stranger),
                ("pod4", Rel::Owned(false)),
            ],
            vec!["pod1", "pod4"],
            vec!["pod1"],
        ),
        (
            "adopt",
            false,
            vec![
                ("pod1", Rel::Owned(false)),
                ("pod2", Rel::Orphan),
                ("pod3", Rel::Other),
            ],
            vec!["pod1", "pod2"],
            vec!["pod2"],
        ),
        (
            "no adopt when deleting",
            true,
            vec![("pod1", Rel::Owned(false)), ("pod2", Rel::Orphan)],
            vec!["pod1"],
            vec![],
        ),
        (
            "release",
            false,
            vec![("pod1", Rel::Owned(false)), ("pod2", Rel::Unlabelled)],
            vec!["pod1"],
            vec![],
        ),
    ];
    for (name, deleting, pods, want, want_finalizer) in cases {
        let mut world = World::new(1, NOW);
        let (job, other) = world.write(|s, c| {
            s.create(crate::testing::namespace("default"), c).unwrap();
            let mut job = new_job(1, 1, 6, false);
            if deleting {
                job.metadata.finalizers.push("kubeplay.test/hold".into());
            }
            let job = s.create(Object::Job(Box::new(job)), c).unwrap();
            let mut other = new_job(1, 1, 6, false);
            other.metadata.name = "other".into();
            (job, s.create(Object::Job(Box::new(other)), c).unwrap())
        });
        for (pod_name, rel) in pods {
            let mut pod: Pod = serde_json::from_value(json!({
                "metadata": {"name": pod_name, "namespace": "default"},
                "spec": {"containers": [{"name": "c", "image": "foo/bar"}]}
            }))
            .unwrap();
            let labelled = !matches!(rel, Rel::Unlabelled | Rel::Stranger);
            if labelled {
                pod.metadata.labels.insert("foo".into(), "bar".into());
            }
            match rel {
                Rel::Owned(_) | Rel::Unlabelled => pod
                    .metadata
                    .owner_references
                    .push(crate::controllers::controller_ref(&job)),
                Rel::Other => pod
                    .metadata
                    .owner_references
                    .push(crate::controllers::controller_ref(&other)),
                Rel::Orphan | Rel::Stranger => {}
            }
            if matches!(rel, Rel::Owned(true)) {
                pod.metadata
                    .finalizers
                    .push(math::TRACKING_FINALIZER.into());
            }
            world.write(|s, c| s.create(Object::Pod(Box::new(pod)), c).unwrap());
        }
        if deleting {
            world.write(|s, c| s.delete(&job_key(), &DeleteOptions::default(), c).unwrap());
        }
        let job_obj = world.store.get(&job_key()).cloned().unwrap();
        let job = job_obj.as_job().cloned().unwrap();
        let mut ctx = Ctx::new(&mut world, ControllerId::Job, "job-controller");
        let claimed = job_pods(&mut ctx, &job_obj, &job);
        let names: Vec<&str> = claimed.iter().map(|p| p.name()).collect();
        let tracked: Vec<&str> = claimed
            .iter()
            .filter(|p| p.as_pod().is_some_and(has_finalizer))
            .map(|p| p.name())
            .collect();
        assert_eq!(names, want, "{name}: pods");
        assert_eq!(tracked, want_finalizer, "{name}: pods with the finalizer");
    }
}

// job_controller_test.go's TestJobPodLookup (getPodJobs): the Jobs an
// orphan pod's change wakes. (Job name, namespace, selector) and the
// pod's (namespace, labels) => the Job woken.
#[test]
fn job_pod_lookup() {
    type Case<'a> = (
        &'a str,
        &'a str,
        Option<Value>,
        &'a str,
        Value,
        Option<&'a str>,
    );
    let cases: Vec<Case> = vec![
        // A Job without a selector gets a generated one no unlabelled pod matches.
        ("basic", "default", None, "default", json!({}), None),
        (
            "foo",
            "default",
            Some(json!({"matchLabels": {"foo": "bar"}})),
            "ns",
            json!({"foo": "bar"}),
            None,
        ),
        (
            "bar",
            "ns",
            Some(
                json!({"matchExpressions": [{"key": "foo", "operator": "In", "values": ["bar"]}]}),
            ),
            "ns",
            json!({"foo": "bar"}),
            Some("bar"),
        ),
    ];
    for (job_name, job_ns, selector, pod_ns, labels, want) in cases {
        let mut job = new_job(1, 1, 6, false);
        job.metadata.name = job_name.into();
        job.metadata.namespace = job_ns.into();
        match selector {
            Some(s) => job.spec.selector = Some(serde_json::from_value(s).unwrap()),
            None => {
                job.spec.selector = None;
                job.spec.manual_selector = None;
            }
        }
        let store = crate::testing::store_with([
            crate::testing::namespace("ns"),
            Object::Job(Box::new(job)),
        ]);
        let pod: Pod = serde_json::from_value(
            json!({"metadata": {"name": "foo1", "namespace": pod_ns, "labels": labels}}),
        )
        .unwrap();
        let change = Change {
            type_: ChangeType::Added,
            key: ObjectKey::new(Kind::Pod, pod_ns, "foo1"),
            old: None,
            new: Some(Arc::new(Object::Pod(Box::new(pod)))),
            resource_version: 2,
        };
        let mut woken = Vec::new();
        JobController.watch(&change, &store, &mut |k| {
            if k.kind == Kind::Job {
                woken.push(k.name.to_string());
            }
        });
        assert_eq!(
            woken,
            want.map(str::to_string).into_iter().collect::<Vec<_>>(),
            "{job_name}"
        );
    }
}
