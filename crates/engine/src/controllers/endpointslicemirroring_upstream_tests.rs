//! Upstream's tables for the EndpointSlice mirroring controller, ported:
//! pkg/controller/endpointslicemirroring/reconciler_test.go (on the plan
//! of writes, as upstream counts the fake clientset's actions and reads
//! its metrics), reconciler_helpers_test.go, utils_test.go and
//! endpointslicemirroring_controller_test.go (through one reconcile in a
//! world). Upstream fills slices from a set in random order; these tests
//! compare sets, as upstream's helpers do.

use super::*;
use crate::controller::Ctx;
use crate::step::{EmittedEvent, Write};
use crate::world::World;
use serde_json::{json, Value};

fn from<T: serde::de::DeserializeOwned>(v: Value) -> T {
    serde_json::from_value(v).unwrap()
}

fn port(name: &str, port: i32, protocol: &str) -> Value {
    json!({"name": name, "port": port, "protocol": protocol})
}

fn address(ip: &str, hostname: &str, node: Option<&str>) -> Value {
    let mut a = json!({"ip": ip, "hostname": hostname});
    if let Some(n) = node {
        a["nodeName"] = json!(n);
    }
    a
}

fn subset(ports: Vec<Value>, ready: Vec<Value>, not_ready: Vec<Value>) -> Value {
    json!({"ports": ports, "addresses": ready, "notReadyAddresses": not_ready})
}

fn http() -> Vec<Value> {
    vec![port("http", 80, "TCP")]
}

fn http_https() -> Vec<Value> {
    vec![port("http", 80, "TCP"), port("https", 443, "UDP")]
}

fn pod1() -> Value {
    address("10.0.0.1", "pod-1", Some("node-1"))
}

/// Upstream's usual pair: 80/443 on two addresses, 3000/3001 on three,
/// with the IPs given.
fn two_subsets(a: [&str; 2], b: [&str; 3]) -> Vec<Value> {
    vec![
        subset(
            http_https(),
            vec![
                address(a[0], "pod-1", Some("node-1")),
                address(a[1], "pod-2", Some("node-2")),
            ],
            vec![],
        ),
        subset(
            vec![port("http", 3000, "TCP"), port("https", 3001, "UDP")],
            vec![
                address(b[0], "pod-11", Some("node-1")),
                address(b[1], "pod-12", Some("node-2")),
                address(b[2], "pod-13", Some("node-3")),
            ],
            vec![],
        ),
    ]
}

fn two_subsets_v4() -> Vec<Value> {
    two_subsets(
        ["10.0.0.1", "10.0.0.2"],
        ["10.0.1.1", "10.0.1.2", "10.0.1.3"],
    )
}

fn endpoints(subsets: &[Value], labels: Value, annotations: Value, uid: &str) -> Endpoints {
    from(json!({
        "metadata": {"name": "test-ep", "namespace": "test", "labels": labels, "annotations": annotations, "uid": uid},
        "subsets": subsets,
    }))
}

/// An existing slice, labelled as upstream's test labels it.
fn existing(v: Value) -> EndpointSlice {
    let mut s: EndpointSlice = from(v);
    s.metadata.labels = [
        (SERVICE_NAME_LABEL.to_string(), "test-ep".to_string()),
        (MANAGED_BY_LABEL.to_string(), MANAGED_BY.to_string()),
    ]
    .into_iter()
    .collect::<BTreeMap<_, _>>()
    .into();
    s
}

/// The slices after the plan is written: creates get `<generateName><i>`.
fn apply(existing: &[EndpointSlice], p: &MirrorPlan) -> Vec<EndpointSlice> {
    let mut out: Vec<EndpointSlice> = existing
        .iter()
        .filter(|s| !p.delete.iter().any(|d| d.metadata.name == s.metadata.name))
        .map(|s| {
            p.update
                .iter()
                .find(|u| u.metadata.name == s.metadata.name)
                .unwrap_or(s)
                .clone()
        })
        .collect();
    for (i, c) in p.create.iter().enumerate() {
        let mut c = c.clone();
        c.metadata.name = format!(
            "{}{i}",
            c.metadata.generate_name.as_deref().unwrap_or_default()
        );
        out.push(c);
    }
    out
}

/// upstream portsMatch: the same ports, in any order.
fn ports_match(ep: &[EndpointPort], es: &[SlicePort]) -> bool {
    ep.len() == es.len()
        && es.iter().all(|s| {
            ep.iter().any(|p| {
                Some(p.port) == s.port
                    && p.name.clone().unwrap_or_default() == s.name.clone().unwrap_or_default()
                    && p.protocol.clone().unwrap_or_default()
                        == s.protocol.clone().unwrap_or_default()
                    && p.app_protocol == s.app_protocol
            })
        })
}

/// upstream expectEndpointSlices and expectMatchingAddresses.
fn expect_slices(name: &str, num: usize, max: usize, eps: &Endpoints, slices: &[EndpointSlice]) {
    assert_eq!(slices.len(), num, "{name}: slices");
    if num == 0 {
        return;
    }
    for s in slices {
        assert!(
            s.metadata.name.starts_with(&eps.metadata.name),
            "{name}: {}",
            s.metadata.name
        );
        assert_eq!(
            s.metadata.labels.get(SERVICE_NAME_LABEL),
            Some(&eps.metadata.name),
            "{name}"
        );
        for k in NOT_COPIED {
            assert!(
                !s.metadata.annotations.contains_key(k),
                "{name}: {k} copied"
            );
        }
        for (k, v) in eps
            .metadata
            .annotations
            .iter()
            .filter(|(k, _)| !NOT_COPIED.contains(&k.as_str()))
        {
            assert_eq!(
                s.metadata.annotations.get(k),
                Some(v),
                "{name}: annotation {k}"
            );
        }
    }
    for sub in repack_subsets(&eps.subsets) {
        if sub.addresses.is_empty() && sub.not_ready_addresses.is_empty() {
            continue;
        }
        let matching: Vec<&EndpointSlice> = slices
            .iter()
            .filter(|s| ports_match(&sub.ports, &s.ports))
            .collect();
        assert!(!matching.is_empty(), "{name}: no slice for {:?}", sub.ports);
        for t in ["IPv4", "IPv6"] {
            let mut want: BTreeMap<&str, (bool, &EndpointAddress)> = BTreeMap::new();
            for (list, ready) in [(&sub.addresses, true), (&sub.not_ready_addresses, false)] {
                for a in list {
                    if address_to_endpoint(a, ready).is_some_and(|(_, at)| at == t)
                        && want.len() < max
                    {
                        want.insert(&a.ip, (ready, a));
                    }
                }
            }
            let got: Vec<&SliceEndpoint> = matching
                .iter()
                .filter(|s| s.address_type == t)
                .flat_map(|s| &s.endpoints)
                .collect();
            assert_eq!(got.len(), want.len(), "{name}: {t} endpoints");
            for e in got {
                assert_eq!(e.addresses.len(), 1, "{name}");
                let (ready, a) = want
                    .get(e.addresses[0].as_str())
                    .unwrap_or_else(|| panic!("{name}: unexpected {}", e.addresses[0]));
                assert_eq!(
                    e.conditions.ready,
                    Some(*ready),
                    "{name}: ready of {}",
                    a.ip
                );
                assert_eq!(
                    e.hostname.as_deref().unwrap_or(""),
                    a.hostname.as_deref().unwrap_or(""),
                    "{name}: hostname of {}",
                    a.ip
                );
                if a.node_name.is_some() {
                    assert_eq!(e.node_name, a.node_name, "{name}: node of {}", a.ip);
                }
            }
        }
    }
}

/// upstream expectedMetrics, the ones a plan carries: desired slices and
/// endpoints; endpoints added, updated, removed and skipped; slices
/// created, updated and deleted.
#[derive(Debug, Default, PartialEq)]
struct Metrics {
    desired_slices: usize,
    desired_endpoints: usize,
    added: usize,
    updated: usize,
    removed: usize,
    skipped: usize,
    created: usize,
    updated_slices: usize,
    deleted: usize,
}

fn metrics(p: &MirrorPlan) -> Metrics {
    Metrics {
        desired_slices: p.desired_slices,
        desired_endpoints: p.desired_endpoints,
        added: p.totals.added,
        updated: p.totals.updated,
        removed: p.totals.removed,
        skipped: p.skipped,
        created: p.create.len(),
        updated_slices: p.update.len(),
        deleted: p.delete.len(),
    }
}

/// Shorthand for a Metrics literal: (desired slices, desired endpoints,
/// added, updated, removed, skipped, created, updated slices, deleted).
#[allow(clippy::type_complexity)]
fn m(
    v: (
        usize,
        usize,
        usize,
        usize,
        usize,
        usize,
        usize,
        usize,
        usize,
    ),
) -> Option<Metrics> {
    Some(Metrics {
        desired_slices: v.0,
        desired_endpoints: v.1,
        added: v.2,
        updated: v.3,
        removed: v.4,
        skipped: v.5,
        created: v.6,
        updated_slices: v.7,
        deleted: v.8,
    })
}

struct Case {
    name: &'static str,
    subsets: Vec<Value>,
    labels: Value,
    annotations: Value,
    uid: &'static str,
    deleting: bool,
    max: usize,
    existing: Vec<EndpointSlice>,
    slices: usize,
    actions: usize,
    metrics: Option<Metrics>,
}

impl Default for Case {
    fn default() -> Case {
        Case {
            name: "",
            subsets: vec![],
            labels: json!({}),
            annotations: json!({}),
            uid: "",
            deleting: false,
            max: MAX_PER_SUBSET,
            existing: vec![],
            slices: 0,
            actions: 0,
            metrics: None,
        }
    }
}

fn slice_json(name: &str, ports: Value, endpoints: Value) -> Value {
    json!({"metadata": {"name": name}, "addressType": "IPv4", "ports": ports, "endpoints": endpoints})
}

fn ready_ep(ip: &str, host: &str, node: Option<&str>) -> Value {
    let mut e = json!({"addresses": [ip], "hostname": host, "conditions": {"ready": true}});
    if let Some(n) = node {
        e["nodeName"] = json!(n);
    }
    e
}

const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

// reconciler_test.go's TestReconcile
#[test]
fn reconcile() {
    let http_slice_ports = json!([{"name": "http", "port": 80, "protocol": "TCP"}]);
    let both_slice_ports = json!([{"name": "http", "port": 80, "protocol": "TCP"}, {"name": "https", "port": 443, "protocol": "UDP"}]);
    let one_pod = || {
        vec![subset(
            http(),
            vec![address("10.0.0.1", "pod-1", None)],
            vec![],
        )]
    };
    let same_fields = |uid: &str| {
        let mut s = slice_json(
            "test-ep-1",
            http_slice_ports.clone(),
            json!([ready_ep("10.0.0.1", "pod-1", None)]),
        );
        s["metadata"]["namespace"] = json!("test");
        s["metadata"]["ownerReferences"] =
            json!([{"apiVersion": "v1", "kind": "Endpoints", "name": "test-ep", "uid": uid}]);
        existing(s)
    };
    let with_annotation = |k: &str, v: &str| {
        let mut s = slice_json(
            "test-ep-1",
            http_slice_ports.clone(),
            json!([ready_ep("10.0.0.1", "pod-1", None)]),
        );
        s["metadata"]["annotations"] = json!({k: v});
        existing(s)
    };
    let cases = vec![
        Case { name: "Endpoints with no subsets", metrics: m((0, 0, 0, 0, 0, 0, 0, 0, 0)), ..Default::default() },
        Case { name: "Endpoints with no addresses", subsets: vec![subset(http(), vec![], vec![])], metrics: m((0, 0, 0, 0, 0, 0, 0, 0, 0)), ..Default::default() },
        Case { name: "Endpoints with 1 subset, port, and address", subsets: vec![subset(http(), vec![pod1()], vec![])], slices: 1, actions: 1, metrics: m((1, 1, 1, 0, 0, 0, 1, 0, 0)), ..Default::default() },
        Case {
            name: "Endpoints with 2 subset, different port and address",
            subsets: vec![subset(http(), vec![pod1()], vec![]), subset(vec![port("https", 443, "TCP")], vec![address("10.0.0.2", "pod-2", Some("node-1"))], vec![])],
            slices: 2,
            actions: 2,
            metrics: m((2, 2, 2, 0, 0, 0, 2, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 2 subset, different port and same address",
            subsets: vec![subset(http(), vec![pod1()], vec![]), subset(vec![port("https", 443, "TCP")], vec![pod1()], vec![])],
            slices: 1,
            actions: 1,
            metrics: m((1, 1, 1, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 2 subset, different address and same port",
            subsets: vec![subset(http(), vec![pod1()], vec![]), subset(http(), vec![address("10.0.0.2", "pod-2", Some("node-1"))], vec![])],
            slices: 1,
            actions: 1,
            metrics: m((1, 2, 2, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case { name: "Endpoints with 1 subset, port, and address, pending deletion", subsets: vec![subset(http(), vec![pod1()], vec![])], deleting: true, ..Default::default() },
        Case {
            name: "Endpoints with 1 subset, port, and address and existing slice with same fields",
            subsets: one_pod(),
            uid: "d8f2c1f6-5285-4b3c-b3c1-9b89f9e7ed7a",
            existing: vec![same_fields("d8f2c1f6-5285-4b3c-b3c1-9b89f9e7ed7a")],
            slices: 1,
            ..Default::default()
        },
        Case {
            name: "Endpoints with 1 subset, port, and address and existing slice with same fields but different OwnerReferences",
            subsets: one_pod(),
            uid: "d8f2c1f6-5285-4b3c-b3c1-9b89f9e7ed7a",
            existing: vec![same_fields("fb91e798-1875-4857-b5eb-e2c878157b4d")],
            slices: 1,
            actions: 1,
            ..Default::default()
        },
        Case {
            name: "Endpoints with 1 subset, port, and address and existing slice with an additional annotation",
            subsets: one_pod(),
            existing: vec![with_annotation("foo", "bar")],
            slices: 1,
            actions: 1,
            ..Default::default()
        },
        Case {
            name: "Endpoints with 1 subset, port, label and address and existing slice with same fields but the label",
            subsets: one_pod(),
            labels: json!({"foo": "bar"}),
            existing: vec![with_annotation("foo", "bar")],
            slices: 1,
            actions: 1,
            ..Default::default()
        },
        Case {
            name: "Endpoints with 1 subset, 2 ports, and 2 addresses",
            subsets: vec![subset(http_https(), vec![pod1(), address("10.0.0.2", "pod-2", Some("node-2"))], vec![])],
            slices: 1,
            actions: 1,
            metrics: m((1, 2, 2, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 1 subset, 2 ports, and 2 not ready addresses",
            subsets: vec![subset(http_https(), vec![], vec![pod1(), address("10.0.0.2", "pod-2", Some("node-2"))])],
            slices: 1,
            actions: 1,
            metrics: m((1, 2, 2, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 1 subset, 2 ports, and 2 ready and 2 not ready addresses",
            subsets: vec![subset(
                http_https(),
                vec![address("10.1.1.1", "pod-11", Some("node-1")), address("10.1.1.2", "pod-12", Some("node-2"))],
                vec![pod1(), address("10.0.0.2", "pod-2", Some("node-2"))],
            )],
            slices: 1,
            actions: 1,
            metrics: m((1, 4, 4, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case { name: "Endpoints with 2 subsets, multiple ports and addresses", subsets: two_subsets_v4(), slices: 2, actions: 2, metrics: m((2, 5, 5, 0, 0, 0, 2, 0, 0)), ..Default::default() },
        Case {
            name: "Endpoints with 2 subsets, multiple ports and addresses, existing empty EndpointSlice",
            subsets: two_subsets_v4(),
            existing: vec![existing(slice_json("test-ep-1", both_slice_ports.clone(), json!([])))],
            slices: 2,
            actions: 2,
            metrics: m((2, 5, 5, 0, 0, 0, 1, 1, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 2 subsets, multiple ports and addresses, existing EndpointSlice with some addresses",
            subsets: two_subsets_v4(),
            existing: vec![existing(slice_json(
                "test-ep-1",
                both_slice_ports.clone(),
                json!([{"addresses": ["10.0.0.2"], "hostname": "pod-2"}, {"addresses": ["10.0.0.1", "10.0.0.3"], "hostname": "pod-1"}]),
            ))],
            slices: 2,
            actions: 2,
            metrics: m((2, 5, 4, 1, 1, 0, 1, 1, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 2 subsets, multiple ports and addresses, existing EndpointSlice identical to subset",
            subsets: two_subsets_v4(),
            existing: vec![existing(slice_json(
                "test-ep-1",
                both_slice_ports.clone(),
                json!([ready_ep("10.0.0.1", "pod-1", Some("node-1")), ready_ep("10.0.0.2", "pod-2", Some("node-2"))]),
            ))],
            slices: 2,
            actions: 1,
            metrics: m((2, 5, 3, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 2 subsets, multiple ports, and dual stack addresses",
            subsets: two_subsets(["2001:db8:2222:3333:4444:5555:6666:7777", "10.0.0.2"], ["10.0.1.1", "10.0.1.2", "2001:db8:3333:4444:5555:6666:7777:8888"]),
            slices: 4,
            actions: 4,
            metrics: m((4, 5, 5, 0, 0, 0, 4, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 2 subsets, multiple ports, ipv6 only addresses",
            subsets: two_subsets(
                ["2001:db8:1111:3333:4444:5555:6666:7777", "2001:db8:2222:3333:4444:5555:6666:7777"],
                ["2001:db8:3333:3333:4444:5555:6666:7777", "2001:db8:4444:3333:4444:5555:6666:7777", "2001:db8:5555:3333:4444:5555:6666:7777"],
            ),
            slices: 2,
            actions: 2,
            metrics: m((2, 5, 5, 0, 0, 0, 2, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 2 subsets, multiple ports, some invalid addresses",
            subsets: two_subsets(
                ["2001:db8:1111:3333:4444:5555:6666:7777", "this-is-not-an-ip"],
                ["this-is-also-not-an-ip", "2001:db8:4444:3333:4444:5555:6666:7777", "2001:db8:5555:3333:4444:5555:6666:7777"],
            ),
            slices: 2,
            actions: 2,
            metrics: m((2, 3, 3, 0, 0, 2, 2, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 2 subsets, multiple ports, all invalid addresses",
            subsets: two_subsets(["this-is-not-an-ip1", "this-is-not-an-ip12"], ["this-is-not-an-ip11", "this-is-not-an-ip12", "this-is-not-an-ip3"]),
            metrics: m((0, 0, 0, 0, 0, 5, 0, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Endpoints with 2 subsets, 1 exceeding maxEndpointsPerSubset",
            subsets: two_subsets_v4(),
            max: 2,
            slices: 2,
            actions: 2,
            metrics: m((2, 4, 4, 0, 0, 1, 2, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "The last-applied-configuration annotation should not get mirrored to created or updated endpoint slices",
            annotations: json!({LAST_APPLIED: "{\"apiVersion\":\"v1\",\"kind\":\"Endpoints\",\"subsets\":[]}"}),
            subsets: one_pod(),
            slices: 1,
            actions: 1,
            metrics: m((1, 1, 1, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "The last-applied-configuration annotation shouldn't get added to created endpoint slices",
            subsets: one_pod(),
            slices: 1,
            actions: 1,
            metrics: m((1, 1, 1, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "The last-applied-configuration shouldn't get mirrored to endpoint slices when it's value is empty",
            annotations: json!({LAST_APPLIED: ""}),
            subsets: one_pod(),
            slices: 1,
            actions: 1,
            metrics: m((1, 1, 1, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Annotations other than last-applied-configuration should get correctly mirrored",
            annotations: json!({LAST_APPLIED: "{\"apiVersion\":\"v1\",\"kind\":\"Endpoints\",\"subsets\":[]}", "foo": "bar"}),
            subsets: one_pod(),
            slices: 1,
            actions: 1,
            metrics: m((1, 1, 1, 0, 0, 0, 1, 0, 0)),
            ..Default::default()
        },
        Case {
            name: "Annotation mirroring should remove the last-applied-configuration annotation from existing endpoint slices",
            subsets: one_pod(),
            existing: vec![with_annotation(LAST_APPLIED, "{\"apiVersion\":\"v1\",\"kind\":\"Endpoints\",\"subsets\":[]}")],
            slices: 1,
            actions: 1,
            ..Default::default()
        },
    ];
    for c in cases {
        let mut eps = endpoints(&c.subsets, c.labels, c.annotations, c.uid);
        if c.deleting {
            eps.metadata.deletion_timestamp = Some(kubeplay_model::Time::from_millis(1000));
        }
        let p = plan(&eps, &c.existing, c.max);
        assert_eq!(
            p.create.len() + p.update.len() + p.delete.len(),
            c.actions,
            "{}: actions",
            c.name
        );
        if let Some(want) = c.metrics {
            assert_eq!(metrics(&p), want, "{}: metrics", c.name);
        }
        expect_slices(c.name, c.slices, c.max, &eps, &apply(&c.existing, &p));
    }
}

/// The InvalidIPAddress and TooManyAddressesToMirror events of
/// TestReconcile's invalid and over-the-limit cases.
#[test]
fn reconcile_warnings() {
    let invalid = endpoints(
        &two_subsets(
            [
                "2001:db8:1111:3333:4444:5555:6666:7777",
                "this-is-not-an-ip",
            ],
            ["this-is-also-not-an-ip", "10.0.1.2", "10.0.1.3"],
        ),
        json!({}),
        json!({}),
        "",
    );
    let w = warnings(&plan(&invalid, &[], MAX_PER_SUBSET), MAX_PER_SUBSET);
    assert_eq!(
        w,
        vec![(
            "InvalidIPAddress",
            "Skipped 2 invalid IP addresses when mirroring to EndpointSlices".to_string()
        )]
    );
    let over = endpoints(&two_subsets_v4(), json!({}), json!({}), "");
    let w = warnings(&plan(&over, &[], 2), 2);
    assert_eq!(w, vec![("TooManyAddressesToMirror", "A max of 2 addresses can be mirrored to EndpointSlices per Endpoints subset. 1 addresses were skipped".to_string())]);
}

fn simple_slice(name: &str, ip: &str, address_type: &str) -> EndpointSlice {
    from(
        json!({"metadata": {"name": name}, "addressType": address_type, "endpoints": [{"addresses": [ip]}]}),
    )
}

fn names_ips_types(v: &[EndpointSlice]) -> Vec<(String, String, String)> {
    v.iter()
        .map(|s| {
            (
                s.metadata.name.clone(),
                s.endpoints[0].addresses[0].clone(),
                s.address_type.clone(),
            )
        })
        .collect()
}

// reconciler_helpers_test.go's TestRecycleSlices
#[test]
fn recycle_slices() {
    let s = simple_slice;
    const V6A: &str = "2001:db8:1111:3333:4444:5555:6666:7777";
    const V6B: &str = "2001:db8:2222:3333:4444:5555:6666:7777";
    // (case, (create, update, delete) before, the same after)
    type Actions = (Vec<EndpointSlice>, Vec<EndpointSlice>, Vec<EndpointSlice>);
    let cases: Vec<(&str, Actions, Actions)> = vec![
        (
            "Empty slices",
            (vec![], vec![], vec![]),
            (vec![], vec![], vec![]),
        ),
        (
            "1 to create and 1 to delete",
            (
                vec![s("foo", "10.1.2.3", "IPv4")],
                vec![],
                vec![s("bar", "10.2.3.4", "IPv4")],
            ),
            (vec![], vec![s("bar", "10.1.2.3", "IPv4")], vec![]),
        ),
        (
            "1 to create, update, and delete",
            (
                vec![s("foo", "10.1.2.3", "IPv4")],
                vec![s("baz", "10.2.3.4", "IPv4")],
                vec![s("bar", "10.3.4.5", "IPv4")],
            ),
            (
                vec![],
                vec![s("baz", "10.2.3.4", "IPv4"), s("bar", "10.1.2.3", "IPv4")],
                vec![],
            ),
        ),
        (
            "2 to create and 1 to delete",
            (
                vec![s("foo1", "10.1.2.3", "IPv4"), s("foo2", "10.3.4.5", "IPv4")],
                vec![],
                vec![s("bar", "10.2.3.4", "IPv4")],
            ),
            (
                vec![s("foo2", "10.3.4.5", "IPv4")],
                vec![s("bar", "10.1.2.3", "IPv4")],
                vec![],
            ),
        ),
        (
            "1 to create and 2 to delete",
            (
                vec![s("foo1", "10.1.2.3", "IPv4")],
                vec![],
                vec![s("bar1", "10.2.3.4", "IPv4"), s("bar2", "10.3.4.5", "IPv4")],
            ),
            (
                vec![],
                vec![s("bar1", "10.1.2.3", "IPv4")],
                vec![s("bar2", "10.3.4.5", "IPv4")],
            ),
        ),
        (
            "1 to create and 1 to delete for each IP family",
            (
                vec![s("foo-v4", "10.1.2.3", "IPv4"), s("foo-v6", V6A, "IPv6")],
                vec![],
                vec![s("bar-v4", "10.2.2.3", "IPv4"), s("bar-v6", V6B, "IPv6")],
            ),
            (
                vec![],
                vec![s("bar-v4", "10.1.2.3", "IPv4"), s("bar-v6", V6A, "IPv6")],
                vec![],
            ),
        ),
        (
            "1 to create and 1 to delete, wrong IP family",
            (
                vec![s("foo-v4", "10.1.2.3", "IPv4")],
                vec![],
                vec![s("bar-v6", V6B, "IPv6")],
            ),
            (
                vec![s("foo-v4", "10.1.2.3", "IPv4")],
                vec![],
                vec![s("bar-v6", V6B, "IPv6")],
            ),
        ),
    ];
    for (name, (create, update, delete), (want_create, want_update, want_delete)) in cases {
        let mut p = MirrorPlan {
            create,
            update,
            delete,
            ..Default::default()
        };
        recycle(&mut p);
        assert_eq!(
            names_ips_types(&p.create),
            names_ips_types(&want_create),
            "{name}: create"
        );
        assert_eq!(
            names_ips_types(&p.update),
            names_ips_types(&want_update),
            "{name}: update"
        );
        assert_eq!(
            names_ips_types(&p.delete),
            names_ips_types(&want_delete),
            "{name}: delete"
        );
    }
}

// utils_test.go's TestNewEndpointSlice
#[test]
fn new_endpoint_slice() {
    let ports = vec![SlicePort {
        name: Some("foo".into()),
        protocol: Some("TCP".into()),
        ..Default::default()
    }];
    let owner = json!([{"apiVersion": "v1", "kind": "Endpoints", "name": "foo", "uid": "", "controller": true, "blockOwnerDeletion": true}]);
    let want = |labels: Value, annotations: Value| -> EndpointSlice {
        from(json!({
            "metadata": {"generateName": "foo-", "namespace": "test", "labels": labels, "annotations": annotations, "ownerReferences": owner},
            "ports": [{"name": "foo", "protocol": "TCP"}], "addressType": "IPv4", "endpoints": [],
        }))
    };
    let base = json!({SERVICE_NAME_LABEL: "foo", MANAGED_BY_LABEL: MANAGED_BY});
    let with_foo = json!({"foo": "bar", SERVICE_NAME_LABEL: "foo", MANAGED_BY_LABEL: MANAGED_BY});
    let cases = [
        (
            "create slice from endpoints",
            json!({}),
            json!({}),
            want(base.clone(), json!({})),
        ),
        (
            "create slice from endpoints with annotations",
            json!({}),
            json!({"foo": "bar"}),
            want(base.clone(), json!({"foo": "bar"})),
        ),
        (
            "create slice from endpoints with labels",
            json!({"foo": "bar"}),
            json!({}),
            want(with_foo.clone(), json!({})),
        ),
        (
            "create slice from endpoints with labels and annotations",
            json!({"foo": "bar"}),
            json!({"foo2": "bar2"}),
            want(with_foo.clone(), json!({"foo2": "bar2"})),
        ),
        (
            "create slice from endpoints with labels and annotations triggertime",
            json!({"foo": "bar"}),
            json!({"foo2": "bar2", "endpoints.kubernetes.io/last-change-trigger-time": "date"}),
            want(with_foo.clone(), json!({"foo2": "bar2"})),
        ),
    ];
    for (name, labels, annotations, want) in cases {
        let eps: Endpoints = from(
            json!({"metadata": {"name": "foo", "namespace": "test", "labels": labels, "annotations": annotations}, "subsets": [{"ports": [{"port": 80}]}]}),
        );
        let before = eps.metadata.labels.clone();
        assert_eq!(new_slice(&eps, ports.clone(), "IPv4", None), want, "{name}");
        assert_eq!(
            eps.metadata.labels, before,
            "{name}: the Endpoints' labels are left alone"
        );
    }
}

// utils_test.go's TestAddressToEndpoint
#[test]
fn address_to_endpoint_copies_fields() {
    let a: EndpointAddress = from(
        json!({"ip": "10.1.2.3", "hostname": "foo", "nodeName": "node-abc", "targetRef": {"apiVersion": "v1", "kind": "Pod", "namespace": "default", "name": "foo"}}),
    );
    let want: SliceEndpoint = from(json!({
        "addresses": ["10.1.2.3"], "hostname": "foo", "conditions": {"ready": true},
        "targetRef": {"apiVersion": "v1", "kind": "Pod", "namespace": "default", "name": "foo"}, "nodeName": "node-abc",
    }));
    assert_eq!(address_to_endpoint(&a, true), Some((want, "IPv4")));
}

/// addressToEndpoint parses with ParseIPSloppy and re-prints: leading
/// zeros are decimal, an IPv4-mapped IPv6 address is IPv4, IPv6 is
/// written in its canonical form.
#[test]
fn address_to_endpoint_canonical_ip() {
    let cases = [
        ("010.001.000.009", Some(("10.1.0.9", "IPv4"))),
        ("::ffff:10.0.0.1", Some(("10.0.0.1", "IPv4"))),
        ("2001:DB8:0:0:0:0:0:1", Some(("2001:db8::1", "IPv6"))),
        ("10.0.0.256", None),
        ("10.0.0", None),
        ("", None),
    ];
    for (ip, want) in cases {
        let got = address_to_endpoint(
            &EndpointAddress {
                ip: ip.into(),
                ..Default::default()
            },
            true,
        )
        .map(|(e, t)| (e.addresses[0].clone(), t));
        assert_eq!(got, want.map(|(a, t)| (a.to_string(), t)), "{ip}");
    }
}

// endpointslicemirroring_controller_test.go's TestShouldMirror
#[test]
fn should_mirror_cases() {
    let cases = [
        ("Standard Endpoints", json!({}), json!({}), true),
        (
            "Endpoints with skip-mirror=true",
            json!({SKIP_MIRROR_LABEL: "true"}),
            json!({}),
            false,
        ),
        (
            "Endpoints with skip-mirror=invalid",
            json!({SKIP_MIRROR_LABEL: "invalid"}),
            json!({}),
            true,
        ),
        (
            "Endpoints with leader election annotation",
            json!({}),
            json!({LEADER_ANNOTATION: ""}),
            false,
        ),
    ];
    for (name, labels, annotations, want) in cases {
        let eps: Endpoints = from(
            json!({"metadata": {"name": "test-endpoints", "labels": labels, "annotations": annotations}}),
        );
        assert_eq!(should_mirror(&eps), want, "{name}");
    }
}

// endpointslicemirroring_controller_test.go's TestEndpointSlicesMirroredForService
#[test]
fn endpoint_slices_mirrored_for_service() {
    let cases = [
        (
            "Service with matching EndpointSlice",
            "ns1",
            json!({SERVICE_NAME_LABEL: "svc1", MANAGED_BY_LABEL: MANAGED_BY}),
            true,
        ),
        (
            "Service with EndpointSlice that has different namespace",
            "ns2",
            json!({SERVICE_NAME_LABEL: "svc1", MANAGED_BY_LABEL: MANAGED_BY}),
            false,
        ),
        (
            "Service with EndpointSlice that has different service name",
            "ns1",
            json!({SERVICE_NAME_LABEL: "svc2", MANAGED_BY_LABEL: MANAGED_BY}),
            false,
        ),
        (
            "Service with EndpointSlice that has different controller name",
            "ns1",
            json!({SERVICE_NAME_LABEL: "svc1", MANAGED_BY_LABEL: format!("{MANAGED_BY}foo")}),
            false,
        ),
        (
            "Service with EndpointSlice that has missing controller name",
            "ns1",
            json!({SERVICE_NAME_LABEL: "svc1"}),
            false,
        ),
        (
            "Service with EndpointSlice that has missing service name",
            "ns1",
            json!({MANAGED_BY_LABEL: MANAGED_BY}),
            false,
        ),
    ];
    for (name, namespace, labels, want) in cases {
        let s: EndpointSlice = from(
            json!({"metadata": {"name": "example-1", "namespace": namespace, "labels": labels}, "addressType": "IPv4"}),
        );
        assert_eq!(mirrored(&s, "ns1", "svc1"), want, "{name}");
    }
}

const SYNC_NAME: &str = "testing-sync-endpoints";

/// One reconcile of the Service key in a store holding `objects`: its
/// writes, its events, and the mirrored slices left.
fn sync(objects: Vec<Object>) -> (Vec<Write>, Vec<EmittedEvent>, Vec<EndpointSlice>) {
    let (writes, events, slices, _) = sync_stored(objects);
    (writes, events, slices)
}

/// [`sync`], and the Endpoints as stored (defaulted).
fn sync_stored(
    objects: Vec<Object>,
) -> (
    Vec<Write>,
    Vec<EmittedEvent>,
    Vec<EndpointSlice>,
    Option<Endpoints>,
) {
    let mut world = World::new(1, kubeplay_model::time::EPOCH);
    world.store = crate::testing::store_with(objects);
    let key = ObjectKey::new(Kind::Service, "default", SYNC_NAME);
    let mut ctx = Ctx::new(
        &mut world,
        ControllerId::EndpointSliceMirroring,
        "endpointslicemirroring-controller",
    );
    EndpointSliceMirroringController.reconcile(&key, &mut ctx);
    let (writes, events) = (
        std::mem::take(&mut ctx.writes),
        std::mem::take(&mut ctx.events),
    );
    let slices = world
        .store
        .list(Kind::EndpointSlice, Some("default"))
        .filter_map(|o| match &**o {
            Object::EndpointSlice(s) => Some((**s).clone()),
            _ => None,
        })
        .filter(|s| mirrored(s, "default", SYNC_NAME))
        .collect();
    let eps = world
        .store
        .get_by(Kind::Endpoints, "default", SYNC_NAME)
        .and_then(|o| o.as_endpoints().cloned());
    (writes, events, slices, eps)
}

fn sync_service(spec: Value) -> Object {
    Object::Service(Box::new(from(
        json!({"metadata": {"name": SYNC_NAME, "namespace": "default"}, "spec": spec}),
    )))
}

fn hand_written(labels: Value, subsets: Value) -> Endpoints {
    from(
        json!({"metadata": {"name": SYNC_NAME, "namespace": "default", "labels": labels}, "subsets": subsets}),
    )
}

/// upstream generateAddresses: 10.0.<i/255>.<i%255>.
fn generate_addresses(n: usize) -> Value {
    Value::Array(
        (0..n)
            .map(|i| json!({"ip": format!("10.0.{}.{}", i / 255, i % 255)}))
            .collect(),
    )
}

// endpointslicemirroring_controller_test.go's TestSyncEndpoints
#[test]
fn sync_endpoints() {
    let no_selector = || {
        Some(sync_service(
            json!({"clusterIP": "None", "ports": [{"port": 80}]}),
        ))
    };
    let one_address = json!([{"ports": [{"port": 80}], "addresses": [{"ip": "10.0.0.1"}]}]);
    // The API server rejects a subset without addresses (and would repack
    // it away), so the store holds none.
    let no_addresses = json!([]);
    let slice = |managed_by: &str| -> EndpointSlice {
        from(json!({
            "metadata": {"name": format!("{SYNC_NAME}-1"), "namespace": "default", "labels": {SERVICE_NAME_LABEL: SYNC_NAME, MANAGED_BY_LABEL: managed_by}},
            "addressType": "IPv4",
        }))
    };
    // (case, service, endpoints, existing slices, actions (writes and events), slices left)
    type SyncCase = (
        &'static str,
        Option<Object>,
        Endpoints,
        Vec<EndpointSlice>,
        usize,
        usize,
    );
    let cases: Vec<SyncCase> = vec![
        (
            "Endpoints with no addresses",
            no_selector(),
            hand_written(json!({}), no_addresses.clone()),
            vec![],
            0,
            0,
        ),
        (
            "Endpoints with skip label true",
            no_selector(),
            hand_written(json!({SKIP_MIRROR_LABEL: "true"}), one_address.clone()),
            vec![],
            0,
            0,
        ),
        (
            "Endpoints with skip label false",
            no_selector(),
            hand_written(json!({SKIP_MIRROR_LABEL: "false"}), one_address.clone()),
            vec![],
            1,
            1,
        ),
        (
            "Endpoints with missing Service",
            None,
            hand_written(json!({}), one_address.clone()),
            vec![],
            0,
            0,
        ),
        (
            "Endpoints with Service with selector specified",
            Some(sync_service(
                json!({"selector": {"foo": "bar"}, "clusterIP": "None", "ports": [{"port": 80}]}),
            )),
            hand_written(json!({}), one_address.clone()),
            vec![],
            0,
            0,
        ),
        (
            "Existing EndpointSlices that need to be cleaned up",
            no_selector(),
            hand_written(json!({}), no_addresses.clone()),
            vec![slice(MANAGED_BY)],
            1,
            0,
        ),
        (
            "Existing EndpointSlices managed by a different controller, no addresses to sync",
            no_selector(),
            hand_written(json!({}), no_addresses.clone()),
            vec![slice("something-else")],
            0,
            0,
        ),
        (
            "Endpoints with 1000 addresses",
            no_selector(),
            hand_written(
                json!({}),
                json!([{"ports": [{"port": 80}], "addresses": generate_addresses(1000)}]),
            ),
            vec![],
            1,
            1,
        ),
        // An extra action for the TooManyAddressesToMirror event.
        (
            "Endpoints with 1001 addresses - 1 should not be mirrored",
            no_selector(),
            hand_written(
                json!({}),
                json!([{"ports": [{"port": 80}], "addresses": generate_addresses(1001)}]),
            ),
            vec![],
            2,
            1,
        ),
    ];
    for (name, svc, eps, slices, actions, left) in cases {
        let objects: Vec<Object> = svc
            .into_iter()
            .chain(std::iter::once(Object::Endpoints(Box::new(eps.clone()))))
            .chain(
                slices
                    .into_iter()
                    .map(|s| Object::EndpointSlice(Box::new(s))),
            )
            .collect();
        let (writes, events, after, stored) = sync_stored(objects);
        assert_eq!(
            writes.len() + events.len(),
            actions,
            "{name}: {writes:?} {events:?}"
        );
        expect_slices(name, left, MAX_PER_SUBSET, &stored.unwrap_or(eps), &after);
    }
}

/// syncEndpoints cleans up when the Service is gone or gains a selector,
/// and checks no Service type: an ExternalName Service without a selector
/// is mirrored like any other.
#[test]
fn sync_endpoints_cleanup_and_external_name() {
    let one_address = json!([{"ports": [{"port": 80}], "addresses": [{"ip": "10.0.0.1"}]}]);
    let mut eps = hand_written(json!({}), one_address);
    eps.metadata.uid = "eps-uid".into();
    let mirrored_slice = || {
        let mut s = new_slice(&eps, vec![], "IPv4", Some(&format!("{SYNC_NAME}-1")));
        s.metadata.namespace = "default".into();
        Object::EndpointSlice(Box::new(s))
    };
    let eps_obj = || Object::Endpoints(Box::new(eps.clone()));
    let (writes, _, left) = sync(vec![eps_obj(), mirrored_slice()]);
    assert_eq!(
        (writes.len(), left.len()),
        (1, 0),
        "missing Service: the mirrored slice is deleted"
    );
    let selector = sync_service(
        json!({"selector": {"foo": "bar"}, "clusterIP": "None", "ports": [{"port": 80}]}),
    );
    let (writes, _, left) = sync(vec![selector, eps_obj(), mirrored_slice()]);
    assert_eq!(
        (writes.len(), left.len()),
        (1, 0),
        "Service with a selector: the mirrored slice is deleted"
    );
    let external = sync_service(json!({"type": "ExternalName", "externalName": "example.com"}));
    let (writes, _, left) = sync(vec![external, eps_obj()]);
    assert_eq!((writes.len(), left.len()), (1, 1), "ExternalName: mirrored");
}

/// The controller in the engine: hand-written Endpoints of a Service
/// without a selector are mirrored, a change is written into the same
/// slice, and the slice goes when the Service does.
#[test]
fn mirrors_through_the_engine() {
    use crate::{client, Engine, DEFAULT_SETTLE_MS};
    let mut e = Engine::with_default_cluster(7);
    let slices = |e: &Engine| -> Vec<EndpointSlice> {
        e.store()
            .list(Kind::EndpointSlice, Some("default"))
            .filter_map(|o| match &**o {
                Object::EndpointSlice(s) if mirrored(s, "default", "db") => Some((**s).clone()),
                _ => None,
            })
            .collect()
    };
    let svc = Object::Service(Box::new(from(
        json!({"metadata": {"name": "db", "namespace": "default"}, "spec": {"ports": [{"port": 5432}]}}),
    )));
    client::create(&mut e, svc).unwrap();
    let eps = |ips: &[&str]| -> Object {
        let addresses: Vec<Value> = ips.iter().map(|ip| json!({"ip": ip})).collect();
        Object::Endpoints(Box::new(from(json!({
            "metadata": {"name": "db", "namespace": "default", "labels": {"tier": "data"}},
            "subsets": [{"addresses": addresses, "ports": [{"port": 5432}]}],
        }))))
    };
    client::create(&mut e, eps(&["192.168.1.10"])).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let first = slices(&e);
    assert_eq!(first.len(), 1);
    assert_eq!(
        first[0].metadata.labels.get("tier").map(String::as_str),
        Some("data")
    );
    assert_eq!(first[0].endpoints.len(), 1);
    client::apply(&mut e, eps(&["192.168.1.10", "192.168.1.11"]), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let second = slices(&e);
    assert_eq!(second.len(), 1);
    assert_eq!(
        second[0].metadata.name, first[0].metadata.name,
        "updated in place"
    );
    assert_eq!(second[0].endpoints.len(), 2);
    client::delete(
        &mut e,
        &ObjectKey::new(Kind::Service, "default", "db"),
        DeleteOptions::default(),
    )
    .unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(slices(&e).is_empty());
}
