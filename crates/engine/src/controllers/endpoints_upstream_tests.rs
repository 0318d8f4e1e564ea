//! Upstream's tables for the Endpoints controller, ported: the cases of
//! pkg/controller/endpoint/endpoints_controller_test.go that need no HTTP
//! server or informer timing, pkg/api/v1/endpoints/util_test.go
//! (TestPackSubsets, the cases a set of pods can produce) and
//! pkg/api/v1/pod/util_test.go (TestFindPort). Expected values are
//! upstream's; where upstream orders by an MD5 of a Go dump (ports within
//! a subset, subsets) these tests fix Kubeplay's order (the Service's).

use super::*;
use serde_json::{json, Value};

fn pod(v: Value) -> Pod {
    serde_json::from_value(v).unwrap()
}

fn service(v: Value) -> Service {
    serde_json::from_value(v).unwrap()
}

/// upstream testPod: pod<id> with IP 1.2.3.<4+id>, label foo=bar, ports
/// port<j> = 8080+j, Ready as asked.
fn test_pod(id: usize, n_ports: usize, ready: bool) -> Pod {
    let ports: Vec<Value> = (0..n_ports).map(|j| json!({"name": format!("port{j}"), "containerPort": 8080 + j})).collect();
    pod(json!({
        "metadata": {"name": format!("pod{id}"), "namespace": "other", "uid": format!("uid-{id}"), "labels": {"foo": "bar"}},
        "spec": {"containers": [{"name": "c", "ports": ports}]},
        "status": {"podIP": format!("1.2.3.{}", 4 + id), "conditions": [{"type": "Ready", "status": if ready { "True" } else { "False" }}]}
    }))
}

fn add_pods(n_ready: usize, n_ports: usize, n_not_ready: usize) -> Vec<Pod> {
    (0..n_ready + n_not_ready).map(|i| test_pod(i, n_ports, i < n_ready)).collect()
}

/// (ready IPs, not-ready IPs, ports as (name, port, protocol)) per subset.
type Shape = (Vec<String>, Vec<String>, Vec<(String, i32, String)>);

fn shape(subsets: &[EndpointSubset]) -> Vec<Shape> {
    subsets
        .iter()
        .map(|s| {
            (
                s.addresses.iter().map(|a| a.ip.clone()).collect(),
                s.not_ready_addresses.iter().map(|a| a.ip.clone()).collect(),
                s.ports.iter().map(|p| (p.name.clone().unwrap_or_default(), p.port, p.protocol.clone().unwrap_or_default())).collect(),
            )
        })
        .collect()
}

fn subsets_of(svc: &Service, pods: &[Pod]) -> Vec<EndpointSubset> {
    let refs: Vec<&Pod> = pods.iter().collect();
    desired_subsets(svc, &refs)
}

fn ips(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn ports(v: &[(&str, i32, &str)]) -> Vec<(String, i32, String)> {
    v.iter().map(|(n, p, r)| (n.to_string(), *p, r.to_string())).collect()
}

/// TestSyncEndpointsItems, ...EmptySelectorSelectsAll{,NotReady,Mixed},
/// ...ProtocolTCP/UDP/SCTP, ...HeadlessWithoutPort, ...ExcludeNotReadyPods*
/// (terminal pods), and the no-ports rule of syncService.
#[test]
fn sync_endpoints_items() {
    let two_ports = service(json!({"spec": {"selector": {"foo": "bar"}, "ports": [
        {"name": "port0", "port": 80, "protocol": "TCP", "targetPort": 8080},
        {"name": "port1", "port": 88, "protocol": "TCP", "targetPort": 8088}]}}));
    let one_port = |protocol: &str| service(json!({"spec": {"selector": {"foo": "bar"}, "ports": [{"port": 80, "protocol": protocol, "targetPort": 8080}]}}));
    let terminal = |restart: &str, phase: &str| {
        let mut p = test_pod(0, 1, false);
        p.spec_mut().restart_policy = Some(Atom::from(restart));
        p.status.phase = Some(Atom::from(phase));
        vec![p]
    };
    let headless_no_ports = service(json!({"spec": {"selector": {"foo": "bar"}, "clusterIP": "None"}}));
    let empty_ip_no_ports = service(json!({"spec": {"selector": {"foo": "bar"}, "clusterIP": ""}}));
    let cases: Vec<(&str, Service, Vec<Pod>, Vec<Shape>)> = vec![
        ("items", two_ports, add_pods(3, 2, 0),
            vec![(ips(&["1.2.3.4", "1.2.3.5", "1.2.3.6"]), vec![], ports(&[("port0", 8080, "TCP"), ("port1", 8088, "TCP")]))]),
        ("selects all", one_port("TCP"), add_pods(1, 1, 0), vec![(ips(&["1.2.3.4"]), vec![], ports(&[("", 8080, "TCP")]))]),
        ("selects all not ready", one_port("TCP"), add_pods(0, 1, 1), vec![(vec![], ips(&["1.2.3.4"]), ports(&[("", 8080, "TCP")]))]),
        ("selects all mixed", one_port("TCP"), add_pods(1, 1, 1), vec![(ips(&["1.2.3.4"]), ips(&["1.2.3.5"]), ports(&[("", 8080, "TCP")]))]),
        ("protocol UDP", one_port("UDP"), add_pods(1, 1, 0), vec![(ips(&["1.2.3.4"]), vec![], ports(&[("", 8080, "UDP")]))]),
        ("protocol SCTP", one_port("SCTP"), add_pods(1, 1, 0), vec![(ips(&["1.2.3.4"]), vec![], ports(&[("", 8080, "SCTP")]))]),
        ("headless without port", headless_no_ports, add_pods(1, 1, 0), vec![(ips(&["1.2.3.4"]), vec![], vec![])]),
        // Only clusterIP "None" gets port-less addresses.
        ("no ports, not None", empty_ip_no_ports, add_pods(1, 1, 0), vec![]),
        ("Never/Failed", one_port("TCP"), terminal("Never", "Failed"), vec![]),
        ("Never/Succeeded", one_port("TCP"), terminal("Never", "Succeeded"), vec![]),
        ("OnFailure/Succeeded", one_port("TCP"), terminal("OnFailure", "Succeeded"), vec![]),
    ];
    for (name, svc, pods, want) in cases {
        assert_eq!(shape(&subsets_of(&svc, &pods)), want, "{name}");
    }
}

/// TestSyncServiceAddresses: (phase, ready, terminating, publishNotReady)
/// → (ready, not-ready) address counts.
#[test]
fn sync_service_addresses() {
    let cases = [
        ("Running", true, false, false, 1, 0),
        ("Running", true, true, false, 0, 0),
        ("Unknown", true, false, false, 1, 0),
        ("Unknown", true, true, false, 0, 0),
        ("Pending", true, false, false, 1, 0),
        ("Pending", true, true, false, 0, 0),
        ("Unknown", false, false, false, 0, 1),
        ("Pending", false, false, false, 0, 1),
        ("Failed", false, false, false, 0, 0),
        ("Succeeded", false, false, false, 0, 0),
        ("Running", false, false, true, 1, 0),
        ("Running", false, true, true, 1, 0),
        ("Unknown", false, false, true, 1, 0),
        ("Unknown", false, true, true, 1, 0),
        ("Pending", false, false, true, 1, 0),
        ("Pending", false, true, true, 1, 0),
        ("Failed", false, false, true, 0, 0),
        ("Succeeded", false, false, true, 0, 0),
    ];
    for (phase, ready, terminating, publish, want_ready, want_unready) in cases {
        let svc = service(json!({"spec": {"selector": {"foo": "bar"}, "publishNotReadyAddresses": publish,
            "type": "ClusterIP", "clusterIP": "1.1.1.1", "ports": [{"port": 80}]}}));
        let mut meta = json!({"name": "fakepod", "namespace": "ns", "labels": {"foo": "bar"}});
        if terminating {
            meta["deletionTimestamp"] = json!("2024-01-01T00:00:00Z");
        }
        let p = pod(json!({"metadata": meta,
            "spec": {"containers": [{"name": "c", "ports": [{"name": "port1", "containerPort": 8080}]}]},
            "status": {"phase": phase, "podIP": "10.1.1.1", "conditions": [{"type": "Ready", "status": if ready { "True" } else { "False" }}]}}));
        let subsets = subsets_of(&svc, &[p]);
        let got_ready: usize = subsets.iter().map(|s| s.addresses.len()).sum();
        let got_unready: usize = subsets.iter().map(|s| s.not_ready_addresses.len()).sum();
        assert_eq!((got_ready, got_unready), (want_ready, want_unready), "{phase} ready={ready} terminating={terminating} publish={publish}");
    }
}

/// TestEndpointPortFromServicePort: the Service port's appProtocol is
/// carried over.
#[test]
fn endpoint_port_from_service_port() {
    for app_protocol in [None, Some("http")] {
        let mut port = json!({"name": "test", "port": 80, "targetPort": 80});
        if let Some(a) = app_protocol {
            port["appProtocol"] = json!(a);
        }
        let svc = service(json!({"spec": {"selector": {"foo": "bar"}, "ports": [port]}}));
        let subsets = subsets_of(&svc, &add_pods(1, 0, 0));
        assert_eq!(subsets[0].ports[0].app_protocol.as_deref(), app_protocol);
    }
}

/// TestPackSubsets, as pods produce it: each resolved port is offered by a
/// set of addresses; ports with the same set share a subset; addresses
/// sort by IP text, then UID. Each pod offers the ports named after the
/// numbers it lists (a named targetPort per port).
#[test]
fn pack_subsets() {
    let svc = service(json!({"spec": {"selector": {"foo": "bar"}, "ports": [
        {"name": "p111", "port": 111, "protocol": "TCP", "targetPort": "p111"},
        {"name": "p222", "port": 222, "protocol": "TCP", "targetPort": "p222"},
        {"name": "p333", "port": 333, "protocol": "TCP", "targetPort": "p333"}]}}));
    let offering = |ip: &str, uid: &str, ready: bool, nums: &[i32]| {
        let ports: Vec<Value> = nums.iter().map(|n| json!({"name": format!("p{n}"), "containerPort": n})).collect();
        pod(json!({"metadata": {"name": format!("{ip}-{uid}"), "namespace": "ns", "uid": uid, "labels": {"foo": "bar"}},
            "spec": {"containers": [{"name": "c", "ports": ports}]},
            "status": {"podIP": ip, "conditions": [{"type": "Ready", "status": if ready { "True" } else { "False" }}]}}))
    };
    let p = |n: &[i32]| n.iter().map(|n| (format!("p{n}"), *n, "TCP".to_string())).collect::<Vec<_>>();
    let cases: Vec<(&str, Vec<Pod>, Vec<Shape>)> = vec![
        ("one set, one ip, one port", vec![offering("1.2.3.4", "u", true, &[111])], vec![(ips(&["1.2.3.4"]), vec![], p(&[111]))]),
        ("one set, one ip, one port (IPv6)", vec![offering("beef::1:2:3:4", "u", true, &[111])], vec![(ips(&["beef::1:2:3:4"]), vec![], p(&[111]))]),
        ("one set, one notReady ip, one port", vec![offering("1.2.3.4", "u", false, &[111])], vec![(vec![], ips(&["1.2.3.4"]), p(&[111]))]),
        ("one set, two ips, one port", vec![offering("5.6.7.8", "a", true, &[111]), offering("1.2.3.4", "b", true, &[111])],
            vec![(ips(&["1.2.3.4", "5.6.7.8"]), vec![], p(&[111]))]),
        ("one set, two mixed ips, one port", vec![offering("1.2.3.4", "a", true, &[111]), offering("5.6.7.8", "b", false, &[111])],
            vec![(ips(&["1.2.3.4"]), ips(&["5.6.7.8"]), p(&[111]))]),
        ("one set, one ip, two ports", vec![offering("1.2.3.4", "u", true, &[111, 222])], vec![(ips(&["1.2.3.4"]), vec![], p(&[111, 222]))]),
        ("two sets, two ips, dup port", vec![offering("1.2.3.4", "a", true, &[111]), offering("5.6.7.8", "b", true, &[111])],
            vec![(ips(&["1.2.3.4", "5.6.7.8"]), vec![], p(&[111]))]),
        ("two set, dup ip, two uids, dup ports", vec![offering("1.2.3.4", "uid-2", true, &[111]), offering("1.2.3.4", "uid-1", true, &[111])],
            vec![(ips(&["1.2.3.4", "1.2.3.4"]), vec![], p(&[111]))]),
        ("two sets, two ips, two ports", vec![offering("1.2.3.4", "a", true, &[111]), offering("5.6.7.8", "b", true, &[222])],
            vec![(ips(&["1.2.3.4"]), vec![], p(&[111])), (ips(&["5.6.7.8"]), vec![], p(&[222]))]),
        ("four sets, three ips, three ports, jumbled",
            vec![offering("1.2.3.4", "a", true, &[111]), offering("1.2.3.5", "b", true, &[222, 333]), offering("1.2.3.6", "c", true, &[111])],
            vec![(ips(&["1.2.3.4", "1.2.3.6"]), vec![], p(&[111])), (ips(&["1.2.3.5"]), vec![], p(&[222, 333]))]),
        ("four sets, three mixed ips, three ports, jumbled",
            vec![offering("1.2.3.4", "a", true, &[111]), offering("1.2.3.5", "b", false, &[222, 333]), offering("1.2.3.6", "c", true, &[111])],
            vec![(ips(&["1.2.3.4", "1.2.3.6"]), vec![], p(&[111])), (vec![], ips(&["1.2.3.5"]), p(&[222, 333]))]),
        // LessEndpointAddress compares IPs as bytes: "1.2.3.10" < "1.2.3.9".
        ("IPs sort as text", vec![offering("1.2.3.9", "a", true, &[111]), offering("1.2.3.10", "b", true, &[111])],
            vec![(ips(&["1.2.3.10", "1.2.3.9"]), vec![], p(&[111]))]),
        // A pod offering a port its peer lacks is in two subsets (the port
        // map is built per endpoint port, not per pod).
        ("split by per-port address sets", vec![offering("1.2.3.4", "a", true, &[111, 222]), offering("1.2.3.5", "b", true, &[111])],
            vec![(ips(&["1.2.3.4", "1.2.3.5"]), vec![], p(&[111])), (ips(&["1.2.3.4"]), vec![], p(&[222]))]),
    ];
    for (name, pods, want) in cases {
        let got = subsets_of(&svc, &pods);
        assert_eq!(shape(&got), want, "{name}");
        if name.contains("uids") {
            let uids: Vec<_> = got[0].addresses.iter().map(|a| a.target_ref.as_ref().unwrap().uid.as_ref().unwrap().as_str().to_string()).collect();
            assert_eq!(uids, ["uid-1", "uid-2"], "{name}");
        }
    }
}

/// TestFindPort (Service port protocol TCP), plus the sidecar rule of
/// FindPort's source: a restartable init container's named ports count
/// after the regular containers'; other init containers' do not.
#[test]
fn find_port_table() {
    let port = |name: &str, n: i32, protocol: &str| json!({"name": name, "containerPort": n, "protocol": protocol});
    let cases: Vec<(&str, Value, Value, Option<i32>)> = vec![
        ("valid int, no ports", json!([{}]), json!(93), Some(93)),
        ("valid int, with ports", json!([{"ports": [port("", 11, "TCP"), port("p", 22, "TCP")]}]), json!(93), Some(93)),
        ("valid str, no ports", json!([{}]), json!("p"), None),
        ("valid str, one ctr with ports", json!([{"ports": [port("", 11, "UDP"), port("p", 22, "TCP"), port("q", 33, "TCP")]}]), json!("q"), Some(33)),
        ("valid str, two ctr with ports", json!([{}, {"ports": [port("", 11, "UDP"), port("p", 22, "TCP"), port("q", 33, "TCP")]}]), json!("q"), Some(33)),
        ("valid str, two ctr with same port", json!([{}, {"ports": [port("", 11, "UDP"), port("p", 22, "TCP"), port("q", 22, "TCP")]}]), json!("q"), Some(22)),
        ("valid str, invalid protocol", json!([{}, {"ports": [port("a", 11, "snmp")]}]), json!("a"), None),
        ("valid hostPort", json!([{}, {"ports": [{"name": "a", "containerPort": 11, "hostPort": 81, "protocol": "TCP"}]}]), json!("a"), Some(11)),
        ("invalid hostPort", json!([{}, {"ports": [{"name": "a", "containerPort": 11, "hostPort": -1, "protocol": "TCP"}]}]), json!("a"), Some(11)),
        ("invalid ContainerPort", json!([{}, {"ports": [port("a", -1, "TCP")]}]), json!("a"), Some(-1)),
        ("HostIP Address", json!([{}, {"ports": [{"name": "a", "containerPort": 11, "hostIP": "192.168.1.1", "protocol": "TCP"}]}]), json!("a"), Some(11)),
    ];
    for (name, mut containers, target, want) in cases {
        for (i, c) in containers.as_array_mut().unwrap().iter_mut().enumerate() {
            c["name"] = json!(format!("c{i}"));
        }
        let p = pod(json!({"spec": {"containers": containers}}));
        let sp: ServicePort = serde_json::from_value(json!({"port": 1, "protocol": "TCP", "targetPort": target})).unwrap();
        assert_eq!(find_port(&p, &sp), want, "{name}");
    }
    let sp: ServicePort = serde_json::from_value(json!({"port": 1, "protocol": "TCP", "targetPort": "s"})).unwrap();
    let with_init = |restart: Option<&str>, regular: Value| {
        let mut init = json!({"name": "side", "ports": [port("s", 9000, "TCP")]});
        if let Some(r) = restart {
            init["restartPolicy"] = json!(r);
        }
        pod(json!({"spec": {"initContainers": [init], "containers": [{"name": "c", "ports": regular}]}}))
    };
    assert_eq!(find_port(&with_init(Some("Always"), json!([])), &sp), Some(9000), "sidecar");
    assert_eq!(find_port(&with_init(None, json!([])), &sp), None, "plain init container");
    assert_eq!(find_port(&with_init(Some("Always"), json!([port("s", 80, "TCP")])), &sp), Some(80), "regular first");
}

/// TestTruncateEndpoints: per-subset (ready, not ready) counts in and out.
#[test]
fn truncate_endpoints_table() {
    type Counts = &'static [usize];
    let cases: [(&str, Counts, Counts, Counts, Counts); 5] = [
        ("empty", &[], &[], &[], &[]),
        ("total endpoints < max capacity", &[50, 100, 100, 100, 100], &[50, 100, 100, 100, 100], &[50, 100, 100, 100, 100], &[50, 100, 100, 100, 100]),
        ("total endpoints = max capacity", &[100, 100, 100, 100, 100], &[100, 100, 100, 100, 100], &[100, 100, 100, 100, 100], &[100, 100, 100, 100, 100]),
        ("total ready endpoints < max capacity, but total endpoints > max capacity",
            &[90, 110, 50, 10, 20], &[101, 200, 200, 201, 298], &[90, 110, 50, 10, 20], &[73, 144, 144, 145, 214]),
        ("total ready endpoints > max capacity", &[205, 400, 402, 400, 693], &[100, 200, 200, 200, 300], &[98, 191, 192, 191, 328], &[0, 0, 0, 0, 0]),
    ];
    for (name, ready, not_ready, want_ready, want_not_ready) in cases {
        let mut subsets: Vec<EndpointSubset> = ready
            .iter()
            .zip(not_ready)
            .map(|(&r, &n)| EndpointSubset {
                addresses: vec![EndpointAddress::default(); r],
                not_ready_addresses: vec![EndpointAddress::default(); n],
                ports: vec![],
            })
            .collect();
        truncate_endpoints(&mut subsets);
        let got_ready: Vec<usize> = subsets.iter().map(|s| s.addresses.len()).collect();
        let got_not_ready: Vec<usize> = subsets.iter().map(|s| s.not_ready_addresses.len()).collect();
        assert_eq!((got_ready.as_slice(), got_not_ready.as_slice()), (want_ready, want_not_ready), "{name}");
    }
}

/// What one sync writes, as the reconcile does it: nothing when up to
/// date, else the existing object with the desired subsets, truncated.
fn sync(existing: &Endpoints, svc: &Service, pods: &[Pod]) -> Option<Endpoints> {
    let subsets = subsets_of(svc, pods);
    if up_to_date(existing, &subsets, svc) {
        return None;
    }
    let mut e = existing.clone();
    e.subsets = subsets;
    set_capacity(&mut e);
    Some(e)
}

/// TestSyncServiceOverCapacity: (starting annotation, existing addresses,
/// desired ready, desired not ready) → (ready, not ready, annotated).
#[test]
fn sync_service_over_capacity() {
    let m = MAX_CAPACITY;
    let cases = [
        ("empty", None, 0, 0, 0, 0, 0, false),
        ("annotation added past capacity, < than maxCapacity of Ready Addresses", None, m - 1, m - 3, 4, m - 3, 3, true),
        ("annotation added past capacity, maxCapacity of Ready Addresses", None, m - 1, m, 10, m, 0, true),
        ("annotation removed below capacity", Some("truncated"), m - 1, m - 1, 0, m - 1, 0, false),
        ("annotation was set to warning previously, annotation removed at capacity", Some("warning"), m, m, 0, m, 0, false),
        ("annotation was set to warning previously but still over capacity", Some("warning"), m + 1, m + 1, 0, m, 0, true),
        ("annotation removed at capacity", Some("truncated"), m, m, 0, m, 0, false),
        ("no endpoints change, annotation value corrected", Some("invalid"), m + 1, m + 1, 0, m, 0, true),
    ];
    let svc = service(json!({"metadata": {"name": "foo", "namespace": "test"}, "spec": {"selector": {"foo": "bar"}, "ports": [{"port": 80}]}}));
    for (name, annotation, existing, ready, not_ready, want_ready, want_not_ready, want_annotation) in cases {
        let pods = add_pods(ready, 1, not_ready);
        let refs: Vec<&Pod> = pods.iter().collect();
        let all = desired_subsets(&svc, &refs);
        // The existing object: one port-less subset of the first pods' addresses.
        let mut ep = Endpoints::default();
        ep.subsets = vec![EndpointSubset {
            addresses: all.iter().flat_map(|s| s.addresses.iter().chain(&s.not_ready_addresses)).take(existing).cloned().collect(),
            ..Default::default()
        }];
        if let Some(a) = annotation {
            ep.metadata.annotations.insert(OVER_CAPACITY_ANNOTATION.into(), a.into());
        }
        let after = sync(&ep, &svc, &pods).unwrap_or(ep);
        let got_ready: usize = after.subsets.iter().map(|s| s.addresses.len()).sum();
        let got_not_ready: usize = after.subsets.iter().map(|s| s.not_ready_addresses.len()).sum();
        let got_annotation = after.metadata.annotations.get(OVER_CAPACITY_ANNOTATION).cloned();
        assert_eq!(
            (got_ready, got_not_ready, got_annotation),
            (want_ready, want_not_ready, want_annotation.then(|| "truncated".to_string())),
            "{name}"
        );
    }
}

/// TestEndpointSubsetsEqualIgnoreResourceVersion.
#[test]
fn subsets_equal_ignore_resource_version() {
    let addr = |ip: &str, name: &str, ns: &str, rv: &str| EndpointAddress {
        ip: ip.into(),
        target_ref: Some(ObjectReference {
            kind: Some("Pod".into()),
            name: Some(name.into()),
            namespace: Some(ns.into()),
            resource_version: Some(rv.into()),
            ..Default::default()
        }),
        ..Default::default()
    };
    let port = |n| vec![EndpointPort { port: n, protocol: Some("TCP".into()), ..Default::default() }];
    let es1 = EndpointSubset { addresses: vec![addr("1.1.1.1", "pod1-1", "ns", "1")], not_ready_addresses: vec![addr("1.1.1.2", "pod1-2", "ns2", "2")], ports: port(8081) };
    let es2 = EndpointSubset { addresses: vec![addr("2.2.2.1", "pod2-1", "ns", "3")], not_ready_addresses: vec![addr("2.2.2.2", "pod2-2", "ns2", "4")], ports: port(8082) };
    let mutate = |s: &EndpointSubset, f: &dyn Fn(&mut EndpointSubset)| {
        let mut s = s.clone();
        f(&mut s);
        s
    };
    let both = vec![es1.clone(), es2.clone()];
    let cases = [
        ("Subsets removed", vec![es1.clone()], false),
        ("Ready Pod IP changed", vec![mutate(&es1, &|s| s.addresses[0].ip = "1.1.1.10".into()), es2.clone()], false),
        ("NotReady Pod IP changed", vec![es1.clone(), mutate(&es2, &|s| s.not_ready_addresses[0].ip = "2.2.2.10".into())], false),
        ("Pod ResourceVersion changed", vec![es1.clone(), mutate(&es2, &|s| s.addresses[0].target_ref.as_mut().unwrap().resource_version = Some("100".into()))], true),
        ("Pod ResourceVersion removed", vec![es1.clone(), mutate(&es2, &|s| s.addresses[0].target_ref.as_mut().unwrap().resource_version = Some("".into()))], true),
        ("Ports changed", vec![es1.clone(), mutate(&es1, &|s| s.ports[0].port = 8082)], false),
    ];
    for (name, other, want) in cases {
        assert_eq!(subsets_equal_ignoring_rv(&both, &other), want, "{name}");
    }
}

/// The no-op syncs: TestSyncEndpointsExistingNilSubsets/EmptySubsets (no
/// pods), ...WithPodResourceVersionUpdateOnly, ...ItemsPreexistingIdentical,
/// ...HeadlessServiceLabel (the headless label on the Endpoints is not
/// compared); and the writes of ...ItemsPreexisting and
/// ...PreexistingLabelsChange (labels become the Service's).
#[test]
fn sync_writes_only_on_change() {
    let svc = |labels: Value| service(json!({"metadata": {"name": "foo", "labels": labels},
        "spec": {"selector": {"foo": "bar"}, "ports": [{"port": 80, "protocol": "TCP", "targetPort": 8080}]}}));
    let plain = svc(json!({}));
    // No pods, no subsets either way.
    assert!(sync(&Endpoints::default(), &plain, &[]).is_none(), "existing nil subsets");
    // Same addresses, target resourceVersions aside.
    let pods = add_pods(1, 1, 1);
    let mut ep = Endpoints { subsets: subsets_of(&plain, &pods), ..Default::default() };
    assert!(sync(&ep, &plain, &pods).is_none(), "preexisting identical");
    let s0 = &mut ep.subsets[0];
    for (i, a) in s0.addresses.iter_mut().chain(s0.not_ready_addresses.iter_mut()).enumerate() {
        a.target_ref.as_mut().unwrap().resource_version = Some((i + 1).to_string().into());
    }
    assert!(sync(&ep, &plain, &pods).is_none(), "pod resourceVersion update only");
    // The headless label alone is ignored.
    let mut headless = Endpoints::default();
    headless.metadata.labels.insert(HEADLESS_LABEL.into(), String::new());
    assert!(sync(&headless, &plain, &[]).is_none(), "headless service label");
    // Stale addresses are replaced; labels follow the Service.
    let stale = Endpoints {
        subsets: vec![EndpointSubset {
            addresses: vec![EndpointAddress { ip: "6.7.8.9".into(), ..Default::default() }],
            ports: vec![EndpointPort { port: 1000, ..Default::default() }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let written = sync(&stale, &plain, &add_pods(1, 1, 0)).expect("preexisting");
    assert_eq!(shape(&written.subsets), vec![(ips(&["1.2.3.4"]), vec![], ports(&[("", 8080, "TCP")]))]);
    let mut labelled = stale.clone();
    labelled.metadata.labels.insert("foo".into(), "bar".into());
    let relabelled = svc(json!({"baz": "blah"}));
    assert!(!up_to_date(&Endpoints { subsets: subsets_of(&relabelled, &[]), ..labelled.clone() }, &[], &relabelled), "labels change");
}
