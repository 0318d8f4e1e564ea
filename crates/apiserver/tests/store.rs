//! Store semantics as the real API server behaves: identity fields,
//! optimistic concurrency, generation, status subresource, graceful
//! deletion, finalizers, namespaces, and the change log.

use kubeplay_apiserver::{ApiError, ChangeType, DeleteOptions, Propagation, Store, WriteCtx};
use kubeplay_model::api::*;
use kubeplay_model::{time::EPOCH, Condition, Kind, Object, ObjectKey, ObjectMeta, Time};
use std::collections::BTreeMap;

fn ctx_at<'a>(now: Time, rng: &'a mut dyn FnMut() -> u64) -> WriteCtx<'a> {
    WriteCtx { now, rng }
}

fn ns(name: &str) -> Object {
    Object::Namespace(Box::new(Namespace { metadata: ObjectMeta { name: name.into(), ..Default::default() }, ..Default::default() }))
}

fn pod(name: &str, node: Option<&str>) -> Object {
    Object::Pod(Box::new(Pod {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: PodSpec {
            containers: vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into(),
            node_name: node.map(Into::into),
            ..Default::default()
        }.into(),
        status: Default::default(),
    }))
}

fn rs(name: &str, replicas: i32) -> Object {
    let labels = std::collections::BTreeMap::from([("app".to_string(), name.to_string())]);
    let mut r = ReplicaSet::default();
    r.metadata.name = name.into();
    r.metadata.namespace = "default".into();
    r.spec.replicas = Some(replicas);
    r.spec.selector = Some(kubeplay_model::LabelSelector { match_labels: labels.clone(), match_expressions: vec![] });
    r.spec.template.metadata.labels = labels.into();
    r.spec.template.spec.containers = vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into();
    Object::ReplicaSet(Box::new(r))
}

fn store() -> (Store, impl FnMut() -> u64) {
    let mut n = 0u64;
    let mut rng = move || {
        n += 1;
        n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    };
    let mut s = Store::new();
    s.create(ns("default"), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    s.take_changes();
    (s, rng)
}

#[test]
fn create_sets_identity_and_rejects_duplicates() {
    let (mut s, mut rng) = store();
    let created = s.create(rs("web", 1), &mut ctx_at(EPOCH.plus_secs(5), &mut rng)).unwrap();
    let m = created.meta();
    assert_eq!(m.uid.len(), 36);
    assert_eq!(m.generation, 1);
    assert_eq!(m.creation_timestamp, Some(EPOCH.plus_secs(5)));
    assert!(!m.resource_version.is_empty());
    let err = s.create(rs("web", 1), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.kubectl_message(), r#"Error from server (AlreadyExists): replicasets.apps "web" already exists"#);
}

/// kube-apiserver's registry validates and runs admission before storage
/// finds the name taken; a taken name of an object being deleted says so.
#[test]
fn a_taken_name_is_refused_after_validation_and_draws_no_randomness() {
    let (mut s, mut rng) = store();
    s.create(rs("web", 1), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let err = s.create(rs("web", -1), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert!(matches!(err, ApiError::Invalid { .. }), "{err}");
    let mut draws = 0;
    let mut counted = || {
        draws += 1;
        rng()
    };
    let err = s.create(rs("web", 1), &mut ctx_at(EPOCH, &mut counted)).unwrap_err();
    assert_eq!(err.to_string(), r#"replicasets.apps "web" already exists"#);
    assert_eq!(draws, 0, "a refused create leaves later uids and names as they were");
    let mut p = pod("p", Some("n1"));
    p.meta_mut().finalizers = vec!["example.com/hold".into()].into();
    s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    s.delete(&ObjectKey::new(Kind::Pod, "default", "p"), &DeleteOptions::default(), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let err = s.create(pod("p", None), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.kubectl_message(), r#"Error from server (AlreadyExists): object is being deleted: pods "p" already exists"#);
}

#[test]
fn generate_name_appends_five_safe_characters() {
    let (mut s, mut rng) = store();
    let mut p = pod("", None);
    p.meta_mut().generate_name = Some("web-".into());
    let created = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let suffix = created.name().strip_prefix("web-").unwrap();
    assert_eq!(suffix.len(), 5);
    assert!(suffix.chars().all(|c| "bcdfghjklmnpqrstvwxz2456789".contains(c)), "{suffix}");
}

#[test]
fn invalid_objects_are_rejected_with_every_field_error() {
    let (mut s, mut rng) = store();
    let mut bad = ReplicaSet::default();
    bad.metadata.name = "web".into();
    bad.metadata.namespace = "default".into();
    let err = s.create(Object::ReplicaSet(Box::new(bad)), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.reason(), "Invalid");
    assert_eq!(
        err.to_string(),
        "The ReplicaSet \"web\" is invalid: \n* spec.selector: Required value\n* spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`\n* spec.template.spec.containers: Required value"
    );
    assert!(s.get_by(Kind::ReplicaSet, "default", "web").is_none(), "nothing is stored");
}

#[test]
fn binding_sets_the_node_once_and_updates_may_not() {
    let (mut s, mut rng) = store();
    s.create(pod("p", None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let key = ObjectKey::new(Kind::Pod, "default", "p");
    let mut moved = (**s.get(&key).unwrap()).clone();
    if let Object::Pod(p) = &mut moved {
        p.spec_mut().node_name = Some("n1".into());
    }
    let err = s.update(moved, &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert!(err.to_string().starts_with("The Pod \"p\" is invalid: spec: Forbidden: pod updates may not change fields other than"), "{err}");
    let unbound = s.get(&key).unwrap().clone();
    let bound = s.bind(&key, "n1", &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(bound.as_pod().unwrap().node_name(), Some("n1"));
    // The bound version copies the spec, but not its lists: history holds
    // both versions, and the containers once.
    let (before, after) = (&unbound.as_pod().unwrap().spec, &bound.as_pod().unwrap().spec);
    assert!(kubeplay_model::shared::Shared::ptr_eq(&before.containers, &after.containers));
    assert!(kubeplay_model::shared::Shared::ptr_eq(&before.tolerations, &after.tolerations));
    assert_eq!(before.tolerations.len(), 2, "DefaultTolerationSeconds: not-ready and unreachable");
    let other = s.create(pod("q", None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert!(kubeplay_model::shared::Shared::ptr_eq(&other.as_pod().unwrap().spec.tolerations, &after.tolerations), "pods that tolerate nothing share the defaults");
    assert!(bound.as_pod().unwrap().status.conditions.iter().any(|c| c.type_ == "PodScheduled" && c.status == "True"));
    assert!(s.bind(&key, "n2", &mut ctx_at(EPOCH, &mut rng)).is_err(), "a bound pod cannot be bound again");
}

#[test]
fn cluster_scoped_lists_ignore_the_namespace() {
    let (s, _) = store();
    assert_eq!(s.list(Kind::Namespace, Some("default")).count(), 1);
}

// NamespaceLifecycle admission (plugin/namespace/lifecycle/admission.go):
// default, kube-system and kube-public may not be deleted; others may.
#[test]
fn immortal_namespaces_may_not_be_deleted() {
    let (mut s, mut rng) = store();
    for name in ["kube-system", "kube-public", "kube-node-lease", "team"] {
        s.create(ns(name), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    }
    for name in ["default", "kube-system", "kube-public"] {
        let key = ObjectKey::new(Kind::Namespace, "", name);
        let err = s.delete(&key, &DeleteOptions::default(), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
        assert_eq!(err.kubectl_message(), format!("Error from server (Forbidden): namespaces \"{name}\" is forbidden: this namespace may not be deleted"));
        assert!(s.get(&key).is_some_and(|n| n.meta().deletion_timestamp.is_none()));
    }
    for name in ["kube-node-lease", "team"] {
        s.delete(&ObjectKey::new(Kind::Namespace, "", name), &DeleteOptions::default(), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    }
}

#[test]
fn missing_namespace_is_not_found() {
    let (mut s, mut rng) = store();
    let mut p = pod("p", None);
    p.meta_mut().namespace = "nope".into();
    let err = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.kubectl_message(), r#"Error from server (NotFound): namespaces "nope" not found"#);
}

#[test]
fn stale_update_conflicts_and_generation_follows_spec_only() {
    let (mut s, mut rng) = store();
    let v1 = s.create(rs("web", 1), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut change = (*v1).clone();
    if let Object::ReplicaSet(r) = &mut change {
        r.spec.replicas = Some(3);
    }
    let v2 = s.update(change.clone(), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(v2.meta().generation, 2);
    // The same write again, carrying the old resourceVersion: Conflict.
    let err = s.update(change, &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert!(matches!(err, ApiError::Conflict { .. }));
    // A label change is not a spec change.
    let mut labelled = (*v2).clone();
    labelled.meta_mut().labels.insert("a".into(), "b".into());
    let v3 = s.update(labelled, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(v3.meta().generation, 2);
    assert!(v3.meta().resource_version.parse::<u64>().unwrap() > v2.meta().resource_version.parse::<u64>().unwrap());
}

fn deployment(name: &str) -> Object {
    let Object::ReplicaSet(r) = rs(name, 1) else { unreachable!() };
    let mut d = Deployment::default();
    d.metadata = r.metadata;
    d.spec.replicas = r.spec.replicas;
    d.spec.selector = r.spec.selector;
    d.spec.template = r.spec.template;
    Object::Deployment(Box::new(d))
}

// pkg/registry/apps/deployment/strategy.go: deploymentStrategy.PrepareForUpdate
// bumps the generation on a spec or annotation change;
// deploymentStatusStrategy.PrepareForUpdate resets only spec and labels, so
// a status write carries annotations and bumps nothing.
#[test]
fn a_deployment_annotation_bumps_its_generation_except_through_status() {
    let (mut s, mut rng) = store();
    let v1 = s.create(deployment("web"), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(v1.meta().generation, 1);
    let mut annotated = (*v1).clone();
    annotated.meta_mut().annotations.insert("note".into(), "a".into());
    let v2 = s.update(annotated, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(v2.meta().generation, 2);
    let mut labelled = (*v2).clone();
    labelled.meta_mut().labels.insert("tier".into(), "web".into());
    assert_eq!(s.update(labelled, &mut ctx_at(EPOCH, &mut rng)).unwrap().meta().generation, 2, "labels are not annotations");
    let mut through_status = (*s.get(&v1.key()).unwrap().clone()).clone();
    through_status.meta_mut().annotations.insert("deployment.kubernetes.io/revision".into(), "1".into());
    through_status.meta_mut().labels.insert("ignored".into(), "yes".into());
    if let Object::Deployment(d) = &mut through_status {
        d.spec.replicas = Some(5);
        d.status.observed_generation = Some(2);
    }
    let v4 = s.update_status(through_status, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let d = v4.as_deployment().unwrap();
    assert_eq!(d.metadata.generation, 2);
    assert_eq!(d.metadata.annotations.get("deployment.kubernetes.io/revision").map(String::as_str), Some("1"));
    assert!(!d.metadata.labels.contains_key("ignored"));
    assert_eq!((d.spec.replicas, d.status.observed_generation), (Some(1), Some(2)));
    // Other kinds keep their annotations out of the generation.
    let r1 = s.create(rs("other", 1), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut annotated = (*r1).clone();
    annotated.meta_mut().annotations.insert("note".into(), "a".into());
    assert_eq!(s.update(annotated, &mut ctx_at(EPOCH, &mut rng)).unwrap().meta().generation, 1);
}

// endpointslice/strategy.go: generation 1 on create, bumped when anything
// but metadata changes, or the labels do; a ConfigMap has none.
#[test]
fn endpoint_slices_have_a_generation_that_follows_content_and_labels() {
    let (mut s, mut rng) = store();
    let slice = EndpointSlice { metadata: ObjectMeta { name: "web-abc".into(), namespace: "default".into(), ..Default::default() }, address_type: "IPv4".into(), ..Default::default() };
    let v1 = s.create(Object::EndpointSlice(Box::new(slice)), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(v1.meta().generation, 1);
    let step = |s: &mut Store, rng: &mut dyn FnMut() -> u64, o: &Object, f: &dyn Fn(&mut EndpointSlice, &mut ObjectMeta)| {
        let mut o = o.clone();
        if let Object::EndpointSlice(e) = &mut o {
            let mut meta = e.metadata.clone();
            f(e, &mut meta);
            e.metadata = meta;
        }
        s.update(o, &mut ctx_at(EPOCH, rng)).unwrap()
    };
    let v2 = step(&mut s, &mut rng, &v1, &|e, _| e.endpoints.push(SliceEndpoint { addresses: vec!["10.244.1.2".into()], ..Default::default() }));
    assert_eq!(v2.meta().generation, 2);
    let v3 = step(&mut s, &mut rng, &v2, &|_, m| {
        m.annotations.insert("a".into(), "b".into());
    });
    assert_eq!(v3.meta().generation, 2, "an annotation is metadata");
    let v4 = step(&mut s, &mut rng, &v3, &|_, m| {
        m.labels.insert("a".into(), "b".into());
    });
    assert_eq!(v4.meta().generation, 3, "labels count");
    let cm = Object::ConfigMap(Box::new(ConfigMap { metadata: ObjectMeta { name: "c".into(), namespace: "default".into(), ..Default::default() }, ..Default::default() }));
    assert_eq!(s.create(cm, &mut ctx_at(EPOCH, &mut rng)).unwrap().meta().generation, 0);
}

#[test]
fn status_and_spec_are_written_separately() {
    let (mut s, mut rng) = store();
    let v1 = s.create(rs("web", 1), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut with_status = (*v1).clone();
    if let Object::ReplicaSet(r) = &mut with_status {
        r.status.replicas = 7;
        r.spec.replicas = Some(9); // ignored by a status write
    }
    let v2 = s.update_status(with_status, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let r = v2.as_replica_set().unwrap();
    assert_eq!((r.spec.replicas, r.status.replicas), (Some(1), 7));
    let mut spec_write = (*v2).clone();
    if let Object::ReplicaSet(r) = &mut spec_write {
        r.status.replicas = 0; // ignored by a main-resource write
    }
    let v3 = s.update(spec_write, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(v3.as_replica_set().unwrap().status.replicas, 7);
}

#[test]
fn bound_pods_are_deleted_gracefully_unbound_at_once() {
    let (mut s, mut rng) = store();
    s.create(pod("bound", Some("n1")), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    s.create(pod("free", None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    s.take_changes();
    let k = ObjectKey::new(Kind::Pod, "default", "bound");
    let running = PodStatus { phase: Some("Running".into()), ..Default::default() };
    let running = s.update_pod_status(&k, running, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    s.take_changes();
    let d = s.delete(&k, &DeleteOptions::default(), &mut ctx_at(EPOCH.plus_secs(10), &mut rng)).unwrap();
    assert_eq!(d.meta().deletion_timestamp, Some(EPOCH.plus_secs(40)));
    // The terminating version shares the status it did not change.
    assert!(kubeplay_model::shared::Shared::ptr_eq(&d.as_pod().unwrap().status, &running.as_pod().unwrap().status));
    assert_eq!(d.meta().deletion_grace_period_seconds, Some(30));
    assert!(s.get(&k).is_some());
    // The kubelet's final delete with grace 0 removes it.
    s.delete(&k, &DeleteOptions { grace_period_seconds: Some(0), ..Default::default() }, &mut ctx_at(EPOCH.plus_secs(12), &mut rng)).unwrap();
    assert!(s.get(&k).is_none());
    let free = ObjectKey::new(Kind::Pod, "default", "free");
    s.delete(&free, &DeleteOptions::default(), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert!(s.get(&free).is_none());
    let types: Vec<ChangeType> = s.take_changes().iter().map(|c| c.type_).collect();
    assert_eq!(types, [ChangeType::Modified, ChangeType::Deleted, ChangeType::Deleted]);
}

#[test]
fn foreground_deletion_waits_for_its_finalizer() {
    let (mut s, mut rng) = store();
    s.create(rs("web", 1), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let k = ObjectKey::new(Kind::ReplicaSet, "default", "web");
    let opts = DeleteOptions { grace_period_seconds: None, propagation: Propagation::Foreground };
    let d = s.delete(&k, &opts, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(*d.meta().finalizers, ["foregroundDeletion"]);
    assert!(d.meta().deletion_timestamp.is_some());
    let mut done = (*d).clone();
    done.meta_mut().finalizers.clear();
    s.update(done, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert!(s.get(&k).is_none());
}

#[test]
fn list_is_ordered_by_namespace_then_name_and_scoped() {
    let (mut s, mut rng) = store();
    s.create(ns("kube-system"), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    for (n, name) in [("kube-system", "b"), ("default", "z"), ("default", "a")] {
        let mut p = pod(name, None);
        p.meta_mut().namespace = n.into();
        s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    }
    let all: Vec<String> = s.list(Kind::Pod, None).map(|o| format!("{}/{}", o.namespace(), o.name())).collect();
    assert_eq!(all, ["default/a", "default/z", "kube-system/b"]);
    assert_eq!(s.list(Kind::Pod, Some("kube-system")).count(), 1);
    assert_eq!(s.list(Kind::Namespace, None).count(), 2);
    // From a name on: the name itself if stored, never past the namespace.
    let from = |ns: &'static str, name: &str| -> Vec<String> { s.list_from(Kind::Pod, ns, name).map(|o| o.name().to_string()).collect() };
    assert_eq!(from("default", "a"), ["a", "z"]);
    assert_eq!(from("default", "b"), ["z"]);
    assert_eq!(from("default", "zz"), Vec::<String>::new());
    assert_eq!(from("kube-system", ""), ["b"]);
    // Cluster-scoped kinds ignore the namespace, as `list` does.
    assert_eq!(s.list_from(Kind::Namespace, "default", "kube").count(), 1);
}

#[test]
fn admission_adds_default_tolerations_and_service_account() {
    let (mut s, mut rng) = store();
    let p = s.create(pod("p", None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let spec = &p.as_pod().unwrap().spec;
    assert_eq!(spec.service_account_name.as_deref(), Some("default"));
    let keys: Vec<_> = spec.tolerations.iter().map(|t| (t.key.clone().unwrap(), t.toleration_seconds)).collect();
    assert_eq!(
        keys,
        [("node.kubernetes.io/not-ready".to_string(), Some(300)), ("node.kubernetes.io/unreachable".to_string(), Some(300))]
    );
    assert_eq!(spec.priority, Some(0));
}

/// The ServiceAccount plugin's token mount (upstream's admission tests:
/// automount on and off on the pod and its account, the pod's word winning;
/// a container that mounts the path itself; an existing `kube-api-access-`
/// volume reused; init containers mounted too).
#[test]
fn admission_mounts_the_api_access_volume_unless_told_not_to() {
    const PATH: &str = "/var/run/secrets/kubernetes.io/serviceaccount";
    let sa = |name: &str, automount: Option<bool>| {
        Object::ServiceAccount(Box::new(ServiceAccount {
            metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
            automount_service_account_token: automount,
            ..Default::default()
        }))
    };
    let (mut s, mut rng) = store();
    s.create(sa("off", Some(false)), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    s.create(sa("on", Some(true)), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    // (account, pod's automount, container's own mount at the path, init container, an existing volume)
    type Case = (&'static str, Option<bool>, bool, bool, Option<&'static str>);
    let cases: [(&str, Case, Option<&str>); 8] = [
        ("default account", ("", None, false, false, None), Some("generated")),
        ("account says no", ("off", None, false, false, None), None),
        ("pod says yes over the account", ("off", Some(true), false, false, None), Some("generated")),
        ("pod says no over the account", ("on", Some(false), false, false, None), None),
        ("container mounts the path itself", ("", None, true, false, None), None),
        ("init containers too", ("", None, false, true, None), Some("generated")),
        ("existing volume reused", ("", None, false, false, Some("kube-api-access-mine")), Some("kube-api-access-mine")),
        ("other volumes kept", ("", None, false, false, Some("data")), Some("generated")),
    ];
    for (i, (what, (account, automount, own_mount, init, volume), want)) in cases.into_iter().enumerate() {
        let mut p = pod(&format!("p{i}"), None);
        if let Object::Pod(p) = &mut p {
            let spec = p.spec_mut();
            if !account.is_empty() {
                spec.service_account_name = Some(account.into());
            }
            spec.automount_service_account_token = automount;
            if own_mount {
                spec.volumes.push(Volume { name: "mine".into(), empty_dir: Some(std::sync::Arc::new(serde_json::json!({}))), ..Default::default() });
                spec.containers[0].volume_mounts = vec![VolumeMount { name: "mine".into(), mount_path: PATH.into(), ..Default::default() }].into();
            }
            if init {
                spec.init_containers.push(Container { name: "init".into(), image: Some("busybox".into()), ..Default::default() });
            }
            if let Some(v) = volume {
                spec.volumes.push(Volume { name: v.into(), empty_dir: Some(std::sync::Arc::new(serde_json::json!({}))), ..Default::default() });
            }
        }
        let created = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap();
        let spec = &created.as_pod().unwrap().spec;
        let token_volumes: Vec<&Volume> = spec.volumes.iter().filter(|v| v.name.starts_with("kube-api-access-")).collect();
        let mounts_of = |c: &Container| -> Vec<String> {
            c.volume_mounts.iter().filter(|m| m.mount_path == PATH).map(|m| format!("{}:{}", m.name, m.read_only.map_or("null".to_string(), |r| r.to_string()))).collect()
        };
        match want {
            None => {
                assert!(token_volumes.is_empty(), "{what}: {:?}", spec.volumes);
                if !own_mount {
                    assert!(mounts_of(&spec.containers[0]).is_empty(), "{what}");
                }
            }
            Some(name) => {
                assert_eq!(token_volumes.len(), 1, "{what}: {:?}", spec.volumes);
                let v = token_volumes[0];
                if name == "generated" {
                    let suffix = v.name.strip_prefix("kube-api-access-").unwrap();
                    assert_eq!(suffix.len(), 5, "{what}");
                    assert!(suffix.chars().all(|c| "bcdfghjklmnpqrstvwxz2456789".contains(c)), "{what}: {suffix}");
                    let projected = v.projected.as_ref().expect("a projected volume");
                    assert_eq!(projected["defaultMode"], 420);
                    assert_eq!(projected["sources"][0]["serviceAccountToken"]["expirationSeconds"], 3607);
                    assert_eq!(projected["sources"][1]["configMap"]["name"], "kube-root-ca.crt");
                    assert_eq!(projected["sources"][2]["downwardAPI"]["items"][0]["fieldRef"]["fieldPath"], "metadata.namespace");
                } else {
                    assert_eq!(v.name, name, "{what}");
                }
                let want_mount = vec![format!("{}:true", v.name)];
                for c in spec.init_containers.iter().chain(&spec.containers) {
                    assert_eq!(mounts_of(c), want_mount, "{what}: container {}", c.name);
                }
            }
        }
    }
}

/// The volume's five characters come from the pod's uid, not the store's
/// random source: adding it leaves every later generated name as it was.
#[test]
fn the_token_volume_draws_nothing_from_the_shared_random_source() {
    let names = |automount: bool| {
        let (mut s, mut rng) = store();
        let mut out = Vec::new();
        for _ in 0..3 {
            let mut p = pod("", None);
            p.meta_mut().generate_name = Some("web-".into());
            if let Object::Pod(p) = &mut p {
                p.spec_mut().automount_service_account_token = Some(automount);
            }
            out.push(s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap().name().to_string());
        }
        out
    };
    assert_eq!(names(true), names(false));
}

/// What admission adds to a pod stays with it for its life, in every
/// version history keeps: its lists hold no room for more.
#[test]
fn admission_adds_to_a_pods_lists_without_spare_room() {
    let (mut s, mut rng) = store();
    let mut p = pod("p", None);
    if let Object::Pod(p) = &mut p {
        p.spec_mut().tolerations = vec![kubeplay_model::api::Toleration { key: Some("gpu".into()), operator: Some("Exists".into()), ..Default::default() }].into();
    }
    let created = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let spec = &created.as_pod().unwrap().spec;
    assert_eq!(spec.tolerations.len(), 3, "its own and DefaultTolerationSeconds' two");
    assert_eq!(spec.tolerations.capacity(), 3);
    assert_eq!(spec.volumes.len(), 1, "the service account token");
    assert_eq!(spec.volumes.capacity(), 1);
    let mounts = &spec.containers[0].volume_mounts;
    assert_eq!((mounts.len(), mounts.capacity()), (1, 1), "the token is mounted");
}

fn service(name: &str, type_: &str, cluster_ip: Option<&str>, node_port: Option<i32>) -> Object {
    Object::Service(Box::new(Service {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: ServiceSpec {
            type_: Some(type_.into()),
            cluster_ip: cluster_ip.map(Into::into),
            ports: vec![ServicePort { port: 80, node_port, protocol: Some("TCP".into()), ..Default::default() }],
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn ip_in_dynamic_band(ip: &str) -> bool {
    let o: Vec<u32> = ip.split('.').map(|p| p.parse().unwrap()).collect();
    let v = o[0] << 24 | o[1] << 16 | o[2] << 8 | o[3];
    let base = 10u32 << 24 | 96 << 16;
    base + 256 <= v && v < base + (1 << 20) - 1
}

#[test]
fn services_get_cluster_ips_and_node_ports_from_their_ranges() {
    let (mut s, mut rng) = store();
    let a = s.create(service("a", "NodePort", None, None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let spec = &a.as_service().unwrap().spec;
    let ip = spec.cluster_ip.clone().unwrap();
    assert!(ip_in_dynamic_band(&ip), "{ip}");
    assert_eq!(spec.cluster_ips, [ip]);
    let port = spec.ports[0].node_port.unwrap();
    assert!((30086..=32767).contains(&port), "{port}");
    let h = s.create(service("h", "ClusterIP", Some("None"), None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(h.as_service().unwrap().spec.cluster_ip.as_deref(), Some("None"));
}

#[test]
fn service_allocation_errors_match_the_api_server() {
    // The Status messages (the rest storage's NewInvalid); kubectl prints
    // them as `The Service "a" is invalid: …`.
    let (mut s, mut rng) = store();
    let err = s.create(service("a", "NodePort", None, Some(8080)), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.server_message(), r#"Service "a" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767"#);
    assert_eq!(err.to_string(), r#"The Service "a" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767"#);
    s.create(service("b", "NodePort", None, Some(30036)), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let err = s.create(service("c", "NodePort", None, Some(30036)), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.server_message(), r#"Service "c" is invalid: spec.ports[0].nodePort: Invalid value: 30036: provided port is already allocated"#);
    let err = s.create(service("d", "ClusterIP", None, Some(30037)), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.server_message(), "Service \"d\" is invalid: spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'");
    let err = s.create(service("e", "ClusterIP", Some("1.1.1.1"), None), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(
        err.server_message(),
        r#"Service "e" is invalid: spec.clusterIPs: Invalid value: []string{"1.1.1.1"}: failed to allocate IP 1.1.1.1: provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12"#
    );
}

#[test]
fn indexes_follow_owners_and_nodes() {
    let (mut s, mut rng) = store();
    let owner = s.create(rs("web", 1), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut p = pod("p", None);
    p.meta_mut().owner_references.push(kubeplay_model::OwnerReference {
        api_version: "apps/v1".into(),
        kind: "ReplicaSet".into(),
        name: "web".into(),
        uid: owner.meta().uid.clone(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    });
    s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    s.create(pod("bare", None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let names = |it: Vec<String>| it;
    assert_eq!(names(s.controlled_by(Kind::Pod, &owner.meta().uid).map(|o| o.name().to_string()).collect()), ["p"]);
    assert_eq!(names(s.orphans(Kind::Pod, "default").map(|o| o.name().to_string()).collect()), ["bare"]);
    assert_eq!(s.pods_on_node("").count(), 2);
    // Binding moves a pod between node buckets; releasing it makes it an orphan.
    let key = ObjectKey::new(Kind::Pod, "default", "p");
    s.bind(&key, "n1", &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut released = (**s.get(&key).unwrap()).clone();
    released.meta_mut().owner_references.clear();
    s.update(released, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(s.pods_on_node("n1").count(), 1);
    assert_eq!(s.pods_on_node("").count(), 1);
    assert_eq!(s.controlled_by(Kind::Pod, &owner.meta().uid).count(), 0);
    assert_eq!(s.orphans(Kind::Pod, "default").count(), 2);
    s.delete(&ObjectKey::new(Kind::Pod, "default", "bare"), &DeleteOptions::default(), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(s.orphans(Kind::Pod, "default").count(), 1);
}

/// The store's indexes against plain walks over every object, through a
/// seeded run of creates, updates (owner references, labels, status),
/// bindings, graceful and finalizer-held deletes, and snapshots taken,
/// kept, forked and restored as the engine's time travel does: each index
/// must list exactly what the walk finds, in the walk's (key) order, and
/// hand out the object as currently stored.
#[test]
fn indexes_agree_with_plain_walks_through_writes_and_snapshots() {
    use kubeplay_model::OwnerReference;
    use std::sync::Arc;

    fn keys<'a>(it: impl Iterator<Item = &'a Arc<Object>>, s: &Store) -> Vec<ObjectKey> {
        it.map(|o| {
            let key = o.key();
            assert!(Arc::ptr_eq(o, s.get(&key).expect("indexed object is stored")), "{key:?}: an index holds a stale object");
            key
        })
        .collect()
    }

    fn check(s: &Store, uids: &[kubeplay_model::Uid]) {
        let all: Vec<&Arc<Object>> = s.iter().collect();
        // The store keeps one map per kind: together they are every
        // object once, in key order, and the count follows every write.
        let order: Vec<ObjectKey> = all.iter().map(|o| o.key()).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "iter() is in key order");
        assert_eq!(s.len(), all.len());
        for &kind in Kind::ALL {
            assert_eq!(keys(s.list(kind, None), s), order.iter().filter(|k| k.kind == kind).cloned().collect::<Vec<_>>(), "list({kind:?})");
        }
        let walk = |f: &dyn Fn(&Object) -> bool| -> Vec<ObjectKey> { all.iter().filter(|o| f(o)).map(|o| o.key()).collect() };
        let controller = |o: &Object| o.meta().controller_ref().map_or(String::new(), |r| r.uid.to_string());
        let mut controllers: Vec<String> = all.iter().map(|o| controller(o)).collect();
        controllers.extend(uids.iter().map(|u| u.to_string()));
        controllers.push("no-such-uid".into());
        for kind in [Kind::Pod, Kind::ReplicaSet, Kind::ConfigMap, Kind::Namespace] {
            for uid in &controllers {
                assert_eq!(keys(s.controlled_by(kind, uid), s), walk(&|o| o.kind() == kind && controller(o) == *uid), "controlled_by({kind:?}, {uid})");
                for ns in ["default", "other", "absent", "defaul", "default-x"] {
                    let want = walk(&|o| o.kind() == kind && controller(o) == *uid && (o.namespace() == ns || !kind.namespaced()));
                    assert_eq!(keys(s.controlled_in(kind, uid, ns), s), want, "controlled_in({kind:?}, {uid}, {ns})");
                }
            }
            for ns in ["default", "other", "absent"] {
                let want = walk(&|o| o.kind() == kind && o.meta().controller_ref().is_none() && (o.namespace() == ns || !kind.namespaced()));
                assert_eq!(keys(s.orphans(kind, ns), s), want, "orphans({kind:?}, {ns})");
            }
        }
        // Pods a selector selects, found per label set, in key order.
        let selectors: [(&str, &dyn Fn(&BTreeMap<String, String>) -> bool); 4] = [
            ("app=a0", &|l| l.get("app").is_some_and(|v| v == "a0")),
            ("app", &|l| l.contains_key("app")),
            ("app!=a1", &|l| l.get("app").is_none_or(|v| v != "a1")),
            ("nothing", &|_| false),
        ];
        for (name, selects) in selectors {
            for ns in ["default", "other", "absent", "defaul", "default-x"] {
                let want = walk(&|o| o.kind() == Kind::Pod && o.namespace() == ns && selects(&o.meta().labels));
                assert_eq!(keys(s.pods_selected(ns, selects).into_iter(), s), want, "pods_selected({ns}, {name})");
            }
        }
        // Active pods counted per controller and label set, Ready among them.
        for uid in &controllers {
            for ns in ["default", "other", "absent", "defaul", "default-x"] {
                let mut want: Vec<(BTreeMap<String, String>, usize, usize)> = Vec::new();
                for p in all.iter().filter_map(|o| o.as_pod()) {
                    if p.metadata.namespace != ns || !p.is_active() || p.metadata.controller_ref().is_none_or(|r| r.uid != *uid) {
                        continue;
                    }
                    match want.iter_mut().find(|(l, _, _)| *l == *p.metadata.labels) {
                        Some(g) => {
                            g.1 += 1;
                            g.2 += p.is_ready() as usize;
                        }
                        None => want.push(((*p.metadata.labels).clone(), 1, p.is_ready() as usize)),
                    }
                }
                want.sort();
                let mut got: Vec<_> = s.active_pod_groups(uid, ns).map(|g| (g.labels.clone(), g.active, g.ready)).collect();
                got.sort();
                assert_eq!(got, want, "active_pod_groups({uid}, {ns})");
            }
        }
        for node in ["", "n1", "n2", "n3"] {
            let want = walk(&|o| o.as_pod().is_some_and(|p| p.spec.node_name.as_deref().unwrap_or("") == node));
            assert_eq!(keys(s.pods_on_node(node), s), want, "pods_on_node({node})");
        }
        for uid in uids.iter().chain([&kubeplay_model::Uid::from("no-such-uid")]) {
            let want = walk(&|o| o.meta().owner_references.iter().any(|r| r.uid == *uid));
            assert_eq!(keys(s.dependents(uid), s), want, "dependents({uid})");
        }
        for kind in ["ReplicaSet", "Node", "Job"] {
            for name in ["r0", "r1", "r2", "n1", "j0", "x"] {
                let want = walk(&|o| o.meta().owner_references.iter().any(|r| r.kind == kind && r.name == name));
                assert_eq!(keys(s.dependents_named(kind, name, None), s), want, "dependents_named({kind}, {name})");
                for uid in uids.iter().take(3) {
                    let want = walk(&|o| o.meta().owner_references.iter().any(|r| r.kind == kind && r.name == name && r.uid != *uid));
                    assert_eq!(keys(s.dependents_named(kind, name, Some(uid)), s), want, "dependents_named({kind}, {name}, {uid})");
                }
            }
        }
    }

    for seed in 1..=6u64 {
        let (mut s, mut rng) = store();
        s.create(ns("other"), &mut ctx_at(EPOCH, &mut rng)).unwrap();
        // A name that "default" is a prefix of: namespace ranges must
        // still keep the two apart.
        s.create(ns("default-x"), &mut ctx_at(EPOCH, &mut rng)).unwrap();
        let mut x = seed.wrapping_mul(0x2545_F491_4F6C_DD1D);
        let mut next = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        // Every uid an owner ever had (so some references dangle), and
        // one that never belonged to anything.
        let mut uids: Vec<kubeplay_model::Uid> = vec!["uid-never".into()];
        let mut snapshots: Vec<Store> = Vec::new();
        let namespaces = ["default", "other", "default-x"];
        for step in 0..400 {
            let namespace = namespaces[next(3) as usize];
            let pick = |s: &Store, kind: Kind, next: &mut dyn FnMut(u64) -> u64| -> Option<ObjectKey> {
                let all: Vec<ObjectKey> = s.list(kind, None).map(|o| o.key()).collect();
                (!all.is_empty()).then(|| all[next(all.len() as u64) as usize].clone())
            };
            let refs = |s: &Store, next: &mut dyn FnMut(u64) -> u64| -> Vec<OwnerReference> {
                let mut out = Vec::new();
                let mut controller = false;
                for _ in 0..next(3) {
                    let (kind, name, uid) = match next(4) {
                        0 | 1 => match pick(s, Kind::ReplicaSet, next) {
                            Some(k) => ("ReplicaSet", k.name.to_string(), s.get(&k).unwrap().meta().uid.clone()),
                            None => continue,
                        },
                        2 => ("ReplicaSet", format!("r{}", next(3)), uids[next(uids.len() as u64) as usize].clone()),
                        _ => (if next(2) == 0 { "Node" } else { "Job" }, ["n1", "j0"][next(2) as usize].to_string(), uids[next(uids.len() as u64) as usize].clone()),
                    };
                    let is_controller = !controller && next(2) == 0;
                    controller |= is_controller;
                    out.push(OwnerReference {
                        api_version: "apps/v1".into(),
                        kind: kind.into(),
                        name,
                        uid,
                        controller: Some(is_controller),
                        block_owner_deletion: Some(true),
                    });
                }
                out
            };
            let mut c = ctx_at(EPOCH, &mut rng);
            match next(12) {
                0 | 1 => {
                    let node = [None, Some("n1"), Some("n2")][next(3) as usize];
                    let mut p = pod(&format!("p{}", next(12)), node);
                    p.meta_mut().namespace = namespace.into();
                    p.meta_mut().owner_references = refs(&s, &mut next).into();
                    p.meta_mut().labels.insert("app".into(), format!("a{}", next(2)));
                    let _ = s.create(p, &mut c);
                }
                2 => {
                    let mut r = rs(&format!("r{}", next(3)), 1);
                    r.meta_mut().namespace = namespace.into();
                    if let Ok(r) = s.create(r, &mut c) {
                        uids.push(r.meta().uid.clone());
                    }
                }
                3 => {
                    let mut cm = Object::ConfigMap(Box::default());
                    cm.meta_mut().name = format!("c{}", next(3));
                    cm.meta_mut().namespace = namespace.into();
                    cm.meta_mut().owner_references = refs(&s, &mut next).into();
                    let _ = s.create(cm, &mut c);
                }
                4 | 5 => {
                    // Owner references and labels changed.
                    let kind = [Kind::Pod, Kind::ConfigMap][next(2) as usize];
                    if let Some(k) = pick(&s, kind, &mut next) {
                        let mut o = (**s.get(&k).unwrap()).clone();
                        o.meta_mut().owner_references = refs(&s, &mut next).into();
                        if next(2) == 0 {
                            o.meta_mut().labels.insert("app".into(), format!("a{}", next(3)));
                        }
                        let _ = s.update(o, &mut c);
                    }
                }
                6 => {
                    if let Some(k) = pick(&s, Kind::Pod, &mut next) {
                        let _ = s.bind(&k, ["n1", "n2", "n3"][next(3) as usize], &mut c);
                    }
                }
                7 => {
                    // A status write replaces the object, not its buckets.
                    if let Some(k) = pick(&s, Kind::Pod, &mut next) {
                        // Terminal phases and the Ready condition change
                        // what the active-pod counts hold.
                        let ready = Condition { type_: "Ready".into(), status: ["True", "False"][next(2) as usize].into(), ..Default::default() };
                        let conditions = if next(3) == 0 { Vec::new() } else { vec![ready] };
                        let status = PodStatus { phase: Some(["Pending", "Running", "Running", "Succeeded", "Failed"][next(5) as usize].into()), conditions, ..Default::default() };
                        let _ = s.update_pod_status(&k, status, &mut c);
                    }
                }
                8 | 9 => {
                    let kind = [Kind::Pod, Kind::ReplicaSet, Kind::ConfigMap][next(3) as usize];
                    if let Some(k) = pick(&s, kind, &mut next) {
                        let propagation = [Propagation::Background, Propagation::Orphan][next(2) as usize];
                        let _ = s.delete(&k, &DeleteOptions { grace_period_seconds: None, propagation }, &mut c);
                    }
                }
                10 => {
                    // Let go of finalizers: an object being deleted goes.
                    if let Some(k) = pick(&s, [Kind::Pod, Kind::ReplicaSet][next(2) as usize], &mut next) {
                        let mut o = (**s.get(&k).unwrap()).clone();
                        o.meta_mut().finalizers.clear();
                        let _ = s.update(o, &mut c);
                    }
                }
                _ => {
                    // Time travel: keep a snapshot, or go back to one and
                    // fork from there.
                    if next(2) == 0 || snapshots.is_empty() {
                        snapshots.push(s.clone());
                    } else {
                        s = snapshots[next(snapshots.len() as u64) as usize].clone();
                    }
                }
            }
            s.take_changes();
            check(&s, &uids);
            if step % 50 == 49 {
                // Snapshots are untouched by what happened after them.
                for snap in &snapshots {
                    check(snap, &uids);
                }
            }
        }
    }
}

fn priority_class(name: &str, value: i32, global_default: bool) -> Object {
    Object::PriorityClass(Box::new(PriorityClass {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        value,
        global_default: Some(global_default),
        ..Default::default()
    }))
}

// plugin/pkg/admission/priority: a mutating plugin, so a pod made from
// generateName is named by its prefix; values that disagree with the
// class are refused; one global default at most (its Validate).
#[test]
fn priority_admission_resolves_classes_and_refuses_what_disagrees() {
    let (mut s, mut rng) = store();
    let mut p = pod("", None);
    p.meta_mut().generate_name = Some("web-7d4b9c-".into());
    p.as_pod_mut().unwrap().spec_mut().priority_class_name = Some("nope".into());
    let err = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.kubectl_message(), r#"Error from server (Forbidden): pods "web-7d4b9c-" is forbidden: no PriorityClass with name nope was found"#);
    s.create(priority_class("high", 1000, false), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut p = pod("stated", None);
    p.as_pod_mut().unwrap().spec_mut().priority_class_name = Some("high".into());
    p.as_pod_mut().unwrap().spec_mut().priority = Some(5);
    let err = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"pods "stated" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name"#
    );
    // The default class is the global default; without one, 0.
    let plain = s.create(pod("plain", None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(plain.as_pod().unwrap().spec.priority, Some(0));
    assert_eq!(plain.as_pod().unwrap().spec.priority_class_name, None);
    s.create(priority_class("low", 10, true), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let err = s.create(priority_class("second", 20, true), &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(
        err.kubectl_message(),
        r#"Error from server (Forbidden): priorityclasses.scheduling.k8s.io "second" is forbidden: PriorityClass low is already marked as default. Only one default can exist"#
    );
    let mut high = (**s.get_by(Kind::PriorityClass, "", "high").unwrap()).clone();
    if let Object::PriorityClass(pc) = &mut high {
        pc.global_default = Some(true);
    }
    assert!(matches!(s.update(high, &mut ctx_at(EPOCH, &mut rng)), Err(ApiError::Forbidden { .. })));
    let defaulted = s.create(pod("defaulted", None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let spec = &defaulted.as_pod().unwrap().spec;
    assert_eq!((spec.priority_class_name.as_deref(), spec.priority, spec.preemption_policy.as_deref()), (Some("low"), Some(10), Some("PreemptLowerPriority")));
}

fn limit_range(items: Vec<LimitRangeItem>) -> Object {
    Object::LimitRange(Box::new(LimitRange { metadata: ObjectMeta { name: "limits".into(), namespace: "default".into(), ..Default::default() }, spec: LimitRangeSpec { limits: items } }))
}

fn list(pairs: &[(&str, &str)]) -> ResourceList {
    pairs.iter().map(|(k, v)| (k.to_string(), kubeplay_model::Quantity::parse(v).unwrap())).collect()
}

fn with_resources(name: &str, containers: &[(&str, &[(&str, &str)], &[(&str, &str)])]) -> Object {
    let mut p = pod(name, None);
    let spec = p.as_pod_mut().unwrap().spec_mut();
    spec.containers = containers
        .iter()
        .map(|(n, req, lim)| {
            let mut c = Container { name: (*n).into(), image: Some("nginx".into()), ..Default::default() };
            c.resources.requests = list(req).into();
            c.resources.limits = list(lim).into();
            c
        })
        .collect();
    p
}

// plugin/pkg/admission/limitranger: the annotation says, per container,
// which requests then which limits it set, init containers labelled so.
#[test]
fn limit_ranger_annotates_what_it_set_per_container() {
    let (mut s, mut rng) = store();
    let item = LimitRangeItem { type_: "Container".into(), default: list(&[("cpu", "500m"), ("memory", "256Mi")]), default_request: list(&[("cpu", "250m"), ("memory", "128Mi")]), ..Default::default() };
    s.create(limit_range(vec![item]), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut p = with_resources("web", &[("web", &[], &[]), ("side", &[("cpu", "100m")], &[("cpu", "100m")])]);
    p.as_pod_mut().unwrap().spec_mut().init_containers.push(Container { name: "setup".into(), image: Some("busybox".into()), ..Default::default() });
    let created = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    assert_eq!(
        created.meta().annotation("kubernetes.io/limit-ranger"),
        Some("LimitRanger plugin set: cpu, memory request for container web; cpu, memory limit for container web; memory request for container side; memory limit for container side; cpu, memory request for init container setup; cpu, memory limit for init container setup")
    );
}

// PodValidateLimitFunc's bounds (its tests' error cases), every violation
// of a LimitRange in one error, Container and Pod items, ratios.
#[test]
fn limit_ranger_refuses_every_bound_a_pod_breaks() {
    let cases: Vec<(LimitRangeItem, Object, &str)> = vec![
        (
            LimitRangeItem { type_: "Container".into(), max: list(&[("cpu", "1")]), ..Default::default() },
            with_resources("a", &[("c", &[("cpu", "500m")], &[("cpu", "2")])]),
            "maximum cpu usage per Container is 1, but limit is 2",
        ),
        (
            LimitRangeItem { type_: "Container".into(), min: list(&[("memory", "64Mi")]), max: list(&[("memory", "1Gi")]), ..Default::default() },
            with_resources("b", &[("c", &[("memory", "32Mi")], &[("memory", "2Gi")])]),
            "[minimum memory usage per Container is 64Mi, but request is 32Mi, maximum memory usage per Container is 1Gi, but limit is 2Gi]",
        ),
        (
            LimitRangeItem { type_: "Container".into(), max_limit_request_ratio: list(&[("cpu", "2")]), ..Default::default() },
            with_resources("c", &[("c", &[("cpu", "100m")], &[("cpu", "300m")])]),
            "cpu max limit to request ratio per Container is 2, but provided ratio is 3.000000",
        ),
        (
            LimitRangeItem { type_: "Pod".into(), max: list(&[("memory", "1Gi")]), ..Default::default() },
            with_resources("d", &[("c1", &[("memory", "600Mi")], &[("memory", "600Mi")]), ("c2", &[("memory", "600Mi")], &[("memory", "600Mi")])]),
            "maximum memory usage per Pod is 1Gi, but limit is 1200Mi",
        ),
        (
            LimitRangeItem { type_: "Pod".into(), min: list(&[("cpu", "1")]), ..Default::default() },
            with_resources("e", &[("c", &[], &[])]),
            "minimum cpu usage per Pod is 1.  No request is specified",
        ),
    ];
    for (item, p, want) in cases {
        let (mut s, mut rng) = store();
        s.create(limit_range(vec![item]), &mut ctx_at(EPOCH, &mut rng)).unwrap();
        let name = p.name().to_string();
        let err = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
        assert_eq!(err.to_string(), format!("pods \"{name}\" is forbidden: {want}"));
    }
}

fn quota(hard: &[(&str, &str)]) -> Object {
    Object::ResourceQuota(Box::new(ResourceQuota {
        metadata: ObjectMeta { name: "compute".into(), namespace: "default".into(), ..Default::default() },
        spec: ResourceQuotaSpec { hard: list(hard), ..Default::default() },
        status: Default::default(),
    }))
}

// The pod evaluator's Constraints (pkg/quota/v1/evaluator/core/pods.go):
// each quota key as written, sorted, with the containers (init ones too,
// sorted) that do not state it.
#[test]
fn quota_names_what_each_container_must_specify() {
    let (mut s, mut rng) = store();
    s.create(quota(&[("cpu", "2"), ("limits.memory", "1Gi"), ("pods", "5")]), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut p = with_resources("web", &[("zeta", &[], &[]), ("alpha", &[("cpu", "100m")], &[("cpu", "100m")])]);
    p.as_pod_mut().unwrap().spec_mut().init_containers.push(Container { name: "init".into(), image: Some("busybox".into()), ..Default::default() });
    let err = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.to_string(), r#"pods "web" is forbidden: failed quota: compute: must specify cpu for: init,zeta; limits.memory for: alpha,init,zeta"#);
}

// The service evaluator handles updates: a type change that adds node
// ports is counted; other updates are not re-checked.
#[test]
fn quota_counts_what_an_update_adds() {
    let (mut s, mut rng) = store();
    let svc = s.create(service("web", "ClusterIP", None, None), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    s.create(quota(&[("services.nodeports", "0"), ("services", "1")]), &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut labelled = (*svc).clone();
    labelled.meta_mut().labels.insert("tier".into(), "web".into());
    let svc = s.update(labelled, &mut ctx_at(EPOCH, &mut rng)).unwrap();
    let mut node_port = (*svc).clone();
    if let Object::Service(v) = &mut node_port {
        v.spec.type_ = Some("NodePort".into());
    }
    let err = s.update(node_port, &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"services "web" is forbidden: exceeded quota: compute, requested: services.nodeports=1, used: services.nodeports=0, limited: services.nodeports=0"#
    );
}

// etcd3 store's Create: a resourceVersion that parses is refused (a 500
// with no reason, as clients report it); kubectl's helper clears it first.
#[test]
fn create_refuses_a_resource_version() {
    let (mut s, mut rng) = store();
    let mut p = pod("copied", None);
    p.meta_mut().resource_version = "12".into();
    let err = s.create(p, &mut ctx_at(EPOCH, &mut rng)).unwrap_err();
    assert_eq!(err.kubectl_message(), "Error from server: resourceVersion should not be set on objects to be created");
    let mut p = pod("odd", None);
    p.meta_mut().resource_version = "-1".into();
    assert!(s.create(p, &mut ctx_at(EPOCH, &mut rng)).is_ok(), "kubernetes#113847: not a version, not noticed");
}
