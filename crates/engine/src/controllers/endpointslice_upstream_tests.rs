//! Upstream's tables for the EndpointSlice reconciler, ported:
//! staging/src/k8s.io/endpointslice/reconciler_test.go (the IPv4 cases;
//! Kubeplay clusters are single-stack) and utils_test.go's podToEndpoint
//! and label rules. Upstream checks which API calls the reconciler makes
//! and the slices' lengths, ignoring order; so do these, on the plan.

use super::*;
use kubeplay_model::IntOrString;
use serde_json::{json, Value};

fn service(v: Value) -> Service {
    serde_json::from_value(v).unwrap()
}

/// upstream newServiceAndEndpointMeta("foo", "test"): port "foo" 80→80
/// TCP, selector foo=bar, no cluster IP (so headless), uid "test-foo".
fn test_service() -> Service {
    service(json!({
        "metadata": {"name": "foo", "namespace": "test", "uid": "test-foo"},
        "spec": {"selector": {"foo": "bar"}, "ipFamilies": ["IPv4"],
                 "ports": [{"name": "foo", "port": 80, "targetPort": 80, "protocol": "TCP"}]}
    }))
}

/// upstream newPod(n, "test", ready, 1, terminating) on node-1.
fn new_pod(n: usize, ready: bool, terminating: bool) -> Pod {
    let mut meta = json!({"name": format!("pod{n}"), "namespace": "test", "labels": {"foo": "bar"}});
    if terminating {
        meta["deletionTimestamp"] = json!("2024-01-01T00:00:00Z");
    }
    serde_json::from_value(json!({
        "metadata": meta,
        "spec": {"nodeName": "node-1", "containers": [{"name": "container-1", "ports": [{"name": "foo", "containerPort": 8081, "protocol": "TCP"}]}]},
        "status": {"phase": "Running", "podIP": format!("1.2.3.{}", 4 + n), "podIPs": [{"ip": format!("1.2.3.{}", 4 + n)}],
                   "conditions": [{"type": "Ready", "status": if ready { "True" } else { "False" }}]}
    }))
    .unwrap()
}

fn pods(n: usize) -> Vec<Pod> {
    (0..n).map(|i| new_pod(i, i % 3 != 0, false)).collect()
}

fn owner(svc: &Service) -> OwnerReference {
    controller_ref(&Object::Service(Box::new(svc.clone())))
}

fn ports_of(svc: &Service) -> Vec<SlicePort> {
    slice_ports(&new_pod(0, true, false), svc)
}

/// upstream newEmptyEndpointSlice(n, ...): `<svc>-<n>`, owned, labelled.
fn empty_slice(n: usize, svc: &Service, ports: Vec<SlicePort>) -> EndpointSlice {
    let mut s = new_slice(svc, &owner(svc), ports);
    s.metadata.name = format!("{}-{n}", svc.metadata.name);
    s.metadata.generate_name = None;
    s
}

fn ep(p: &Pod, svc: &Service) -> SliceEndpoint {
    pod_to_endpoint(p, svc, None)
}

fn plan_with(svc: &Service, pods: &[Pod], existing: &[EndpointSlice], max: usize) -> (SlicePlan, bool) {
    let (groups, missing) = group_endpoints(svc, pods.iter(), |_| Some(None));
    (plan_slices(svc, &owner(svc), groups, existing.to_vec(), max), missing)
}

fn plan(svc: &Service, pods: &[Pod], existing: &[EndpointSlice]) -> SlicePlan {
    plan_with(svc, pods, existing, MAX_ENDPOINTS_PER_SLICE).0
}

/// The API calls, as upstream's fake clientset counts them.
fn calls(p: &SlicePlan) -> (usize, usize, usize) {
    (p.create.len(), p.update.len(), p.delete.len())
}

/// The slices after the plan is written: creates are named `gen-<i>`.
fn apply(existing: &[EndpointSlice], p: &SlicePlan) -> Vec<EndpointSlice> {
    let mut out: Vec<EndpointSlice> = existing
        .iter()
        .filter(|s| !p.delete.iter().any(|d| d.metadata.name == s.metadata.name))
        .map(|s| p.update.iter().find(|u| u.metadata.name == s.metadata.name).unwrap_or(s).clone())
        .collect();
    for (i, c) in p.create.iter().enumerate() {
        let mut c = c.clone();
        c.metadata.name = format!("gen-{i}");
        out.push(c);
    }
    out
}

fn lengths(slices: &[EndpointSlice]) -> Vec<usize> {
    let mut v: Vec<usize> = slices.iter().map(|s| s.endpoints.len()).collect();
    kubeplay_model::sort::sort(&mut v);
    v
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    kubeplay_model::sort::sort(&mut v);
    v
}

fn labels(kv: &[(&str, &str)]) -> BTreeMap<String, String> {
    kv.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// TestReconcileEmpty: no pods still get one placeholder slice.
#[test]
fn reconcile_empty() {
    let svc = test_service();
    let p = plan(&svc, &[], &[]);
    assert_eq!(calls(&p), (1, 0, 0));
    let s = &p.create[0];
    assert_eq!(s.metadata.generate_name.as_deref(), Some("foo-"));
    assert_eq!(s.metadata.labels.get(SERVICE_NAME_LABEL).map(String::as_str), Some("foo"));
    assert!(s.ports.is_empty() && s.endpoints.is_empty());
    assert_eq!(s.address_type, "IPv4");
    assert_eq!(s.metadata.owner_references.len(), 1);
    let o = &s.metadata.owner_references[0];
    assert_eq!((&*o.kind, &*o.api_version, o.name.as_str(), o.controller, o.block_owner_deletion), ("Service", "v1", "foo", Some(true), Some(true)));
}

/// TestReconcile1Pod (IPv4 cases): the endpoint and the slice's labels.
#[test]
fn reconcile_1_pod() {
    let mut p1 = new_pod(1, true, false);
    p1.spec_mut().hostname = Some("example-hostname".into());
    let with = |f: &dyn Fn(&mut Service)| {
        let mut s = test_service();
        f(&mut s);
        s
    };
    let base = labels(&[(MANAGED_BY_LABEL, MANAGED_BY), (SERVICE_NAME_LABEL, "foo")]);
    let headless = labels(&[(MANAGED_BY_LABEL, MANAGED_BY), (SERVICE_NAME_LABEL, "foo"), (HEADLESS_LABEL, "")]);
    let cases: Vec<(&str, Service, BTreeMap<String, String>)> = vec![
        ("no-family-service", with(&|s| { s.spec.cluster_ip = Some("10.0.0.10".into()); s.spec.ip_families = None; }), base.clone()),
        ("ipv4", test_service(), headless.clone()),
        ("ipv4-clusterip", with(&|s| s.spec.cluster_ip = Some("1.1.1.1".into())), base.clone()),
        ("ipv4-labels", with(&|s| { s.metadata.labels.insert("foo".into(), "bar".into()); }), {
            let mut l = headless.clone();
            l.insert("foo".into(), "bar".into());
            l
        }),
        ("ipv4-bad-labels", with(&|s| {
            s.metadata.labels = labels(&[(SERVICE_NAME_LABEL, "bad"), (MANAGED_BY_LABEL, "actor"), (HEADLESS_LABEL, "invalid")]).into();
        }), headless.clone()),
    ];
    for (name, svc, want_labels) in cases {
        let (groups, _) = group_endpoints(&svc, std::iter::once(&p1), |_| Some(Some("us-central1-a".into())));
        let p = plan_slices(&svc, &owner(&svc), groups, vec![], MAX_ENDPOINTS_PER_SLICE);
        assert_eq!(calls(&p), (1, 0, 0), "{name}");
        let s = &p.create[0];
        assert!(s.metadata.generate_name.as_deref().unwrap().starts_with("foo"), "{name}");
        assert_eq!(*s.metadata.labels, want_labels, "{name}");
        assert_eq!(s.endpoints.len(), 1, "{name}");
        let e = &s.endpoints[0];
        assert_eq!(e.addresses, vec!["1.2.3.5".to_string()], "{name}");
        assert_eq!((e.conditions.ready, e.conditions.serving, e.conditions.terminating), (Some(true), Some(true), Some(false)), "{name}");
        assert_eq!(e.zone.as_deref(), Some("us-central1-a"), "{name}");
        assert_eq!(e.node_name.as_deref(), Some("node-1"), "{name}");
        // The hostname is set only for a pod whose subdomain is the Service.
        assert_eq!(e.hostname, None, "{name}");
        let r = e.target_ref.as_ref().unwrap();
        assert_eq!((r.kind.as_deref(), r.namespace.as_deref(), r.name.as_deref()), (Some("Pod"), Some("test"), Some("pod1")), "{name}");
    }
}

/// TestReconcile1EndpointSlice: an existing placeholder is kept as is, or
/// rewritten in place when it differs (labels); never deleted and made
/// again.
#[test]
fn reconcile_1_endpoint_slice() {
    let svc = test_service();
    let same = empty_slice(1, &svc, Vec::new());
    let mut different = empty_slice(1, &svc, ports_of(&svc));
    different.metadata.labels = labels(&[("bar", "baz")]).into();
    let cases: Vec<(&str, Vec<EndpointSlice>, (usize, usize, usize))> = vec![
        ("No existing placeholder", vec![], (1, 0, 0)),
        ("Existing placeholder that's the same", vec![same], (0, 0, 0)),
        ("Existing placeholder that's different", vec![different], (0, 1, 0)),
    ];
    for (name, existing, want) in cases {
        let p = plan(&svc, &[], &existing);
        assert_eq!(calls(&p), want, "{name}");
        let after = apply(&existing, &p);
        assert_eq!(after.len(), 1, "{name}");
        assert!(after[0].ports.is_empty() && after[0].endpoints.is_empty(), "{name}");
        assert_eq!(after[0].metadata.labels.get(SERVICE_NAME_LABEL).map(String::as_str), Some("foo"), "{name}");
    }
}

/// TestPlaceHolderSliceCompare: the name and creation time do not count;
/// labels and the address type do.
#[test]
fn placeholder_slice_compare() {
    let base = EndpointSlice::default();
    let with = |f: &dyn Fn(&mut EndpointSlice)| {
        let mut s = EndpointSlice::default();
        f(&mut s);
        s
    };
    let cases = [
        ("Both are empty", base.clone(), base.clone(), true),
        ("Only name differs", with(&|s| s.metadata.name = "foo".into()), with(&|s| s.metadata.name = "bar".into()), true),
        ("Only labels differ", with(&|s| s.metadata.labels = labels(&[("foo", "true")]).into()), with(&|s| s.metadata.labels = labels(&[("bar", "true")]).into()), false),
        ("Creation time differs", with(&|s| s.metadata.creation_timestamp = Some(kubeplay_model::Time::from_millis(1000))), with(&|s| s.metadata.creation_timestamp = Some(kubeplay_model::Time::from_millis(2000))), true),
        ("Different except for ObjectMeta", with(&|s| s.address_type = "IPv4".into()), with(&|s| s.address_type = "IPv6".into()), false),
    ];
    for (name, x, y, want) in cases {
        assert_eq!(same_placeholder(&x, &y), want, "{name}");
    }
}

/// TestReconcile1EndpointSlicePublishNotReadyAddresses: 50 pods, a third
/// not ready, all published ready in one slice.
#[test]
fn reconcile_publish_not_ready_addresses() {
    let mut svc = test_service();
    svc.spec.publish_not_ready_addresses = Some(true);
    let p = plan(&svc, &pods(50), &[]);
    assert_eq!(calls(&p), (1, 0, 0));
    assert_eq!(lengths(&p.create), vec![50]);
    assert!(p.create[0].endpoints.iter().all(|e| e.conditions.ready == Some(true)));
}

/// TestReconcileManyPods and TestReconcileMaxEndpointsPerSlice: 250 pods
/// and no slices fill whole slices first.
#[test]
fn reconcile_many_pods_and_max_endpoints_per_slice() {
    let svc = test_service();
    let pods = pods(250);
    let cases: [(usize, &[usize]); 6] = [
        (100, &[100, 100, 50]),
        (50, &[50, 50, 50, 50, 50]),
        (80, &[80, 80, 80, 10]),
        (150, &[150, 100]),
        (250, &[250]),
        (500, &[250]),
    ];
    for (max, want) in cases {
        let (p, _) = plan_with(&svc, &pods, &[], max);
        assert_eq!(calls(&p), (want.len(), 0, 0), "max {max}");
        assert_eq!(lengths(&p.create), sorted(want.to_vec()), "max {max}");
    }
}

/// Two slices holding every 4th pod from 1 and from 3 (upstream's setup
/// for the "some preexisting" tests).
fn quarter_slices(svc: &Service, pods: &[Pod]) -> Vec<EndpointSlice> {
    let mut s1 = empty_slice(1, svc, ports_of(svc));
    s1.endpoints = (1..pods.len() - 4).step_by(4).map(|i| ep(&pods[i], svc)).collect();
    let mut s2 = empty_slice(2, svc, ports_of(svc));
    s2.endpoints = (3..pods.len() - 4).step_by(4).map(|i| ep(&pods[i], svc)).collect();
    vec![s1, s2]
}

/// TestReconcileEndpointSlicesSomePreexisting{,WorseAllocation}: whole
/// new slices for each 100 left over; the rest into the existing slice
/// it fills closest to full, or a new one when none has room.
#[test]
fn reconcile_some_preexisting() {
    let svc = test_service();
    let cases: [(usize, (usize, usize, usize), &[usize]); 2] = [
        // 62 + 61 exist, 127 to add: 1 create (100) + 1 update (62 → 89).
        (250, (1, 1, 0), &[89, 61, 100]),
        // 74 + 74 exist, 152 to add: 52 fit in neither, so 2 creates.
        (300, (2, 0, 0), &[74, 74, 100, 52]),
    ];
    for (n, want_calls, want_lengths) in cases {
        let pods = pods(n);
        let existing = quarter_slices(&svc, &pods);
        let p = plan(&svc, &pods, &existing);
        assert_eq!(calls(&p), want_calls, "{n} pods");
        assert_eq!(lengths(&apply(&existing, &p)), sorted(want_lengths.to_vec()), "{n} pods");
    }
}

/// TestReconcileEndpointSlicesUpdating, ...ServicesLabelsUpdating and
/// ...ServicesReservedLabels: a port change or a new Service label
/// rewrites each slice in place; the reserved labels change nothing.
#[test]
fn reconcile_updating() {
    let pods = pods(250);
    let svc = test_service();
    let first = plan(&svc, &pods, &[]);
    assert_eq!(calls(&first), (3, 0, 0));
    let existing = apply(&[], &first);
    assert_eq!(lengths(&existing), vec![50, 100, 100]);

    let mut port_change = svc.clone();
    port_change.spec.ports[0].target_port = Some(IntOrString::Int(81));
    let mut new_labels = svc.clone();
    new_labels.metadata.labels = labels(&[("foo", "bar")]).into();
    let mut reserved = svc.clone();
    reserved.metadata.labels = labels(&[(SERVICE_NAME_LABEL, "bad"), (MANAGED_BY_LABEL, "actor"), (HEADLESS_LABEL, "invalid")]).into();
    let cases = [("port change", port_change, (0, 3, 0)), ("service labels", new_labels, (0, 3, 0)), ("reserved labels", reserved, (0, 0, 0))];
    for (name, svc, want) in cases {
        let p = plan(&svc, &pods, &existing);
        assert_eq!(calls(&p), want, "{name}");
        let after = apply(&existing, &p);
        assert_eq!(lengths(&after), vec![50, 100, 100], "{name}");
        if name == "service labels" {
            assert!(after.iter().all(|s| s.metadata.labels.get("foo").map(String::as_str) == Some("bar")), "{name}");
        }
        if name == "port change" {
            assert!(after.iter().all(|s| s.ports[0].port == Some(81)), "{name}");
        }
    }
}

/// TestReconcileEndpointSlicesRecycling: 10 slices of 30 are left alone;
/// after a port change they are repacked into 3 by updating 3 and deleting 7.
#[test]
fn reconcile_recycling() {
    let svc = test_service();
    let pods = pods(300);
    let existing: Vec<EndpointSlice> = pods
        .chunks(30)
        .enumerate()
        .map(|(n, chunk)| {
            let mut s = empty_slice(n, &svc, ports_of(&svc));
            s.endpoints = chunk.iter().map(|p| ep(p, &svc)).collect();
            s
        })
        .collect();
    assert_eq!(calls(&plan(&svc, &pods, &existing)), (0, 0, 0));
    let mut svc2 = svc.clone();
    svc2.spec.ports[0].target_port = Some(IntOrString::Int(81));
    let p = plan(&svc2, &pods, &existing);
    assert_eq!(calls(&p), (0, 3, 7));
    assert_eq!(lengths(&apply(&existing, &p)), vec![100, 100, 100]);
}

/// TestReconcileEndpointSlicesUpdatePacking: new endpoints go to the
/// fuller of the slices already being updated.
#[test]
fn reconcile_update_packing() {
    let svc = test_service();
    let mut pods: Vec<Pod> = (0..80).chain(100..120).map(|i| new_pod(i, true, false)).collect();
    let mut s1 = empty_slice(1, &svc, ports_of(&svc));
    s1.endpoints = pods[..80].iter().map(|p| ep(p, &svc)).collect();
    let mut s2 = empty_slice(2, &svc, ports_of(&svc));
    s2.endpoints = pods[80..].iter().map(|p| ep(p, &svc)).collect();
    let existing = vec![s1, s2];
    for (i, p) in pods.iter_mut().enumerate() {
        if i % 10 == 0 {
            p.status.conditions[0].status = "False".into();
        }
    }
    pods.extend((200..215).map(|i| new_pod(i, true, false)));
    let p = plan(&svc, &pods, &existing);
    assert_eq!(calls(&p), (0, 2, 0));
    assert_eq!(lengths(&apply(&existing, &p)), vec![20, 95]);
}

/// TestReconcileEndpointSlicesReplaceDeprecated: slices of the old "IP"
/// address type are deleted, not reused; the new ones are packed.
#[test]
fn reconcile_replace_deprecated() {
    let svc = test_service();
    let pods: Vec<Pod> = (0..80).chain(100..150).map(|i| new_pod(i, true, false)).collect();
    let mut s1 = empty_slice(1, &svc, ports_of(&svc));
    s1.address_type = "IP".into();
    s1.endpoints = pods[..80].iter().map(|p| ep(p, &svc)).collect();
    let mut s2 = empty_slice(2, &svc, ports_of(&svc));
    s2.address_type = "IP".into();
    s2.endpoints = pods[80..].iter().map(|p| ep(p, &svc)).collect();
    let existing = vec![s1, s2];
    let p = plan(&svc, &pods, &existing);
    assert_eq!(calls(&p), (2, 0, 2));
    let after = apply(&existing, &p);
    assert_eq!(lengths(&after), vec![30, 100]);
    assert!(after.iter().all(|s| s.address_type == "IPv4"));
}

/// TestReconcileEndpointSlicesRecreation: a slice owned by an earlier
/// Service of the same name (another uid) is replaced: create + delete.
#[test]
fn reconcile_recreation() {
    let svc = test_service();
    let pod = new_pod(1, true, false);
    for (name, owned, want) in [("owned by Service", true, (0, 0, 0)), ("owned by other Service UID", false, (1, 0, 1))] {
        let mut s = empty_slice(1, &svc, ports_of(&svc));
        s.endpoints = vec![ep(&pod, &svc)];
        if !owned {
            s.metadata.owner_references[0].uid = "different".into();
        }
        let existing = vec![s];
        let p = plan(&svc, std::slice::from_ref(&pod), &existing);
        assert_eq!(calls(&p), want, "{name}");
        assert_eq!(apply(&existing, &p).len(), 1, "{name}");
    }
}

/// TestReconcileEndpointSlicesNamedPorts: a named target port resolving
/// to 5 different numbers makes 5 slices of 60, one per port.
#[test]
fn reconcile_named_ports() {
    let svc = service(json!({
        "metadata": {"name": "named-port-example", "namespace": "test", "uid": "u"},
        "spec": {"selector": {"foo": "bar"}, "ports": [{"port": 80, "targetPort": "http", "protocol": "TCP"}]}
    }));
    let pods: Vec<Pod> = (0..300)
        .map(|i| {
            let mut p = new_pod(i, i % 3 != 0, false);
            let c = &mut p.spec_mut().containers[0];
            c.ports[0].name = Some("http".into());
            c.ports[0].container_port = 8080 + (i % 5) as i32;
            p
        })
        .collect();
    let p = plan(&svc, &pods, &[]);
    assert_eq!(calls(&p), (5, 0, 0));
    assert_eq!(lengths(&p.create), vec![60; 5]);
    let mut got: Vec<(Option<String>, Option<String>, Option<i32>)> =
        p.create.iter().map(|s| (s.ports[0].name.clone(), s.ports[0].protocol.clone(), s.ports[0].port)).collect();
    kubeplay_model::sort::sort(&mut got);
    let want: Vec<_> = (0..5).map(|i| (Some(String::new()), Some("TCP".to_string()), Some(8080 + i))).collect();
    assert_eq!(got, want);
    assert!(p.create.iter().all(|s| s.address_type == "IPv4"));
}

/// TestReconcileEndpointSlicesMetrics: 20 pods, then 10 of them: one
/// create, then one update removing 10.
#[test]
fn reconcile_shrinking() {
    let svc = test_service();
    let pods: Vec<Pod> = (0..20).map(|i| new_pod(i, true, false)).collect();
    let p = plan(&svc, &pods, &[]);
    assert_eq!(calls(&p), (1, 0, 0));
    let existing = apply(&[], &p);
    let p = plan(&svc, &pods[..10], &existing);
    assert_eq!(calls(&p), (0, 1, 0));
    assert_eq!(lengths(&apply(&existing, &p)), vec![10]);
}

/// TestReconcilerFinalizeSvcDeletionTimestamp, through the planner: a
/// Service being deleted gets no new slices, but a slice to create still
/// takes the place of one to delete (an update).
#[test]
fn finalize_service_deletion_timestamp() {
    let mut svc = test_service();
    let pods = pods(3);
    // The only existing slice has other ports: it is recycled.
    let mut other = empty_slice(1, &svc, ports_of(&svc));
    other.ports[0].port = Some(9999);
    let cases: [(&str, bool, Vec<EndpointSlice>, (usize, usize, usize)); 4] = [
        ("create, nil deletion timestamp", false, vec![], (1, 0, 0)),
        ("create, deletion timestamp set", true, vec![], (0, 0, 0)),
        ("recycling, nil deletion timestamp", false, vec![other.clone()], (0, 1, 0)),
        ("recycling, deletion timestamp set", true, vec![other], (0, 1, 0)),
    ];
    for (name, deleting, existing, want) in cases {
        svc.metadata.deletion_timestamp = deleting.then(|| kubeplay_model::Time::from_millis(1000));
        assert_eq!(calls(&plan(&svc, &pods, &existing)), want, "{name}");
    }
}

/// TestReconcilerPodMissingNode: pod0 on node-0, pod1 on node-1; a pod
/// whose node is missing is left out (and the sync fails) unless the
/// Service publishes not-ready addresses.
#[test]
fn reconcile_pod_missing_node() {
    let svc = test_service();
    let mut pods = vec![new_pod(0, true, false), new_pod(1, true, false)];
    pods[0].spec_mut().node_name = Some("node-0".into());
    let both = || {
        let mut s = empty_slice(1, &svc, ports_of(&svc));
        s.endpoints = pods.iter().map(|p| ep(p, &svc)).collect();
        vec![s]
    };
    // (case, publishNotReady, nodes, existing, calls, endpoints after, error)
    let cases: Vec<(&str, bool, &[&str], Vec<EndpointSlice>, (usize, usize, usize), usize, bool)> = vec![
        ("Create and publishNotReady false", false, &["node-0"], vec![], (1, 0, 0), 1, true),
        ("Create and publishNotReady true", true, &["node-0"], vec![], (1, 0, 0), 2, false),
        ("Update and publishNotReady false", false, &["node-0"], both(), (0, 1, 0), 1, true),
        ("Update and publishNotReady true and all nodes missing", true, &[], both(), (0, 0, 0), 2, false),
        ("Update and publishNotReady true", true, &["node-0"], both(), (0, 0, 0), 2, false),
        // The emptied slice is recycled as the placeholder: updated, not deleted.
        ("Update if publishNotReady false and no nodes are present", false, &[], both(), (0, 1, 0), 0, true),
    ];
    for (name, publish, nodes, existing, want, endpoints, error) in cases {
        let mut svc = svc.clone();
        svc.spec.publish_not_ready_addresses = Some(publish);
        let (groups, missing) = group_endpoints(&svc, pods.iter(), |n| nodes.contains(&n).then_some(None));
        let p = plan_slices(&svc, &owner(&svc), groups, existing.clone(), MAX_ENDPOINTS_PER_SLICE);
        assert_eq!(calls(&p), want, "{name}");
        assert_eq!(missing, error, "{name}");
        let after = apply(&existing, &p);
        assert_eq!(after.len(), 1, "{name}");
        assert_eq!(after[0].endpoints.len(), endpoints, "{name}");
    }
}

/// utils_test.go TestPodToEndpoint (the IPv4 rows): conditions for each
/// pod state, publishNotReadyAddresses and the hostname.
#[test]
fn pod_to_endpoint_conditions() {
    let svc = test_service();
    let mut publish = test_service();
    publish.spec.publish_not_ready_addresses = Some(true);
    let mut hostname_pod = new_pod(1, true, false);
    hostname_pod.spec_mut().hostname = Some("example-hostname".into());
    hostname_pod.spec_mut().subdomain = Some("foo".into());
    // (case, pod, service, ready, serving, terminating, hostname)
    let cases = [
        ("ready pod", new_pod(1, true, false), &svc, true, true, false, None),
        ("ready pod, publishNotReadyAddresses", new_pod(1, true, false), &publish, true, true, false, None),
        ("unready pod", new_pod(1, false, false), &svc, false, false, false, None),
        ("unready pod, publishNotReadyAddresses", new_pod(1, false, false), &publish, true, false, false, None),
        ("ready pod, hostname and subdomain", hostname_pod, &svc, true, true, false, Some("example-hostname")),
        ("ready terminating pod", new_pod(1, true, true), &svc, false, true, true, None),
        ("not ready terminating pod", new_pod(1, false, true), &svc, false, false, true, None),
        ("ready terminating pod, publishNotReadyAddresses", new_pod(1, true, true), &publish, true, true, true, None),
    ];
    for (name, pod, svc, ready, serving, terminating, hostname) in cases {
        let e = pod_to_endpoint(&pod, svc, None);
        assert_eq!((e.conditions.ready, e.conditions.serving, e.conditions.terminating), (Some(ready), Some(serving), Some(terminating)), "{name}");
        assert_eq!(e.hostname.as_deref(), hostname, "{name}");
        assert_eq!(e.addresses, vec!["1.2.3.5".to_string()], "{name}");
        assert_eq!(e.node_name.as_deref(), Some("node-1"), "{name}");
    }
}

/// getEndpointPorts: a pod whose named port does not resolve still gets
/// an endpoint, in a slice without that port.
#[test]
fn unresolved_named_port_keeps_the_pod() {
    let svc = service(json!({
        "metadata": {"name": "foo", "namespace": "test", "uid": "test-foo"},
        "spec": {"selector": {"foo": "bar"}, "clusterIP": "10.0.0.1", "ports": [{"port": 80, "targetPort": "http", "protocol": "TCP"}]}
    }));
    let p = plan(&svc, &[new_pod(1, true, false)], &[]);
    assert_eq!(calls(&p), (1, 0, 0));
    assert!(p.create[0].ports.is_empty());
    assert_eq!(p.create[0].endpoints.len(), 1);
}

// trafficdist_test.go's TestPreferCloseHeuristic, per endpoint: with
// trafficDistribution PreferClose an endpoint is hinted to its own zone;
// one without a zone, or a Service without the field, gets no hint.
#[test]
fn prefer_close_hints() {
    let pod = new_pod(1, true, false);
    let mut prefer = test_service();
    prefer.spec.traffic_distribution = Some("PreferClose".into());
    let plain = test_service();
    let hint = |zone: &str| Some(json!({"forZones": [{"name": zone}]}));
    let cases: Vec<(&str, &Service, Option<&str>, Option<Value>)> = vec![
        ("PreferClose, zone-a", &prefer, Some("zone-a"), hint("zone-a")),
        ("PreferClose, no zone", &prefer, None, None),
        ("PreferClose, empty zone", &prefer, Some(""), None),
        ("no trafficDistribution", &plain, Some("zone-a"), None),
    ];
    for (name, svc, zone, want) in cases {
        let e = pod_to_endpoint(&pod, svc, zone.map(String::from));
        assert_eq!(e.hints, want, "{name}");
    }
}
