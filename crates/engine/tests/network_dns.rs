//! What the simulated CoreDNS answers and where kube-proxy sends traffic
//! for the names and Services of kubernetes.io's "DNS for Services and
//! Pods" and "Service" pages. The tables follow the shape of CoreDNS's
//! kubernetes plugin tests (plugin/kubernetes/handler_test.go: a query,
//! its type, the records): SRV for named ports, headless endpoints by
//! hostname or dashed address, `pods insecure` pod records.

use kubeplay_engine::network::{self, Answer, Route, Srv};
use kubeplay_engine::{client, Engine, DEFAULT_SETTLE_MS};

const CLUSTER: &str = r#"
apiVersion: v1
kind: Namespace
metadata:
  name: prod
---
apiVersion: v1
kind: Service
metadata:
  name: svc1
  namespace: prod
spec:
  selector: {app: none}
  ports:
  - {name: http, port: 80}
  - {name: dns, port: 53, protocol: UDP}
---
apiVersion: v1
kind: Service
metadata:
  name: ext
  namespace: prod
spec:
  type: ExternalName
  externalName: my.database.example.com
---
apiVersion: v1
kind: Service
metadata:
  name: hdls
spec:
  clusterIP: None
  selector: {name: busybox}
  ports:
  - {name: foo, port: 1234}
---
apiVersion: v1
kind: Pod
metadata:
  name: busybox1
  labels: {name: busybox}
spec:
  hostname: busybox-1
  subdomain: hdls
  containers:
  - {name: busybox, image: busybox:1.36, command: [sleep, "3600"]}
---
apiVersion: v1
kind: Pod
metadata:
  name: busybox2
  labels: {name: busybox}
spec:
  containers:
  - {name: busybox, image: busybox:1.36, command: [sleep, "3600"]}
---
apiVersion: v1
kind: Service
metadata:
  name: manual
spec:
  ports:
  - {port: 80, targetPort: 9376}
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: manual-1
  labels:
    kubernetes.io/service-name: manual
    endpointslice.kubernetes.io/managed-by: staff
addressType: IPv4
ports:
- {name: "", protocol: TCP, port: 9376}
endpoints:
- addresses: ["10.4.5.6"]
- addresses: ["10.1.2.3"]
- addresses: ["10.7.8.9"]
  conditions: {ready: false}
"#;

fn cluster() -> Engine {
    let mut e = Engine::with_default_cluster(1);
    for item in kubeplay_codec::decode_manifests(CLUSTER).items {
        let d = item.expect("decodes");
        client::apply(&mut e, d.object, Some(d.raw)).expect("applies");
    }
    e.settle(DEFAULT_SETTLE_MS);
    e
}

fn pod_ip(e: &Engine, name: &str) -> String {
    let o = e
        .store()
        .get_by(kubeplay_model::Kind::Pod, "default", name)
        .expect("pod");
    o.as_pod()
        .and_then(|p| p.status.pod_ip.clone())
        .expect("pod IP")
        .to_string()
}

fn srv(port: i32, weight: u16, target: &str) -> Srv {
    Srv {
        priority: 0,
        weight,
        port,
        target: target.to_string(),
    }
}

#[test]
fn srv_records_for_named_ports() {
    let e = cluster();
    let w = e.world();
    let cases: Vec<(&str, Option<Vec<Srv>>)> = vec![
        (
            "_http._tcp.svc1.prod.svc.cluster.local",
            Some(vec![srv(80, 100, "svc1.prod.svc.cluster.local")]),
        ),
        (
            "_dns._udp.svc1.prod.svc.cluster.local",
            Some(vec![srv(53, 100, "svc1.prod.svc.cluster.local")]),
        ),
        // The protocol label is matched without regard to case.
        (
            "_http._TCP.svc1.prod.svc.cluster.local.",
            Some(vec![srv(80, 100, "svc1.prod.svc.cluster.local")]),
        ),
        // The name exists, no port answers: no records.
        ("_http._udp.svc1.prod.svc.cluster.local", Some(vec![])),
        ("_http._tcp.nope.prod.svc.cluster.local", None),
        ("_http._tcp.ext.prod.svc.cluster.local", None),
        ("http.tcp.svc1.prod.svc.cluster.local", None),
        ("_http._tcp.svc1.prod.svc.example.com", None),
    ];
    for (q, want) in cases {
        assert_eq!(network::srv(w, q), want, "{q}");
    }
    // Headless: one record per ready endpoint, named by its hostname (its
    // subdomain is the Service) or its dashed address, weights sharing 100.
    let dashed = pod_ip(&e, "busybox2").replace('.', "-");
    let mut got = network::srv(w, "_foo._tcp.hdls.default.svc.cluster.local").expect("records");
    got.sort_by(|a, b| a.target.cmp(&b.target));
    let mut want = vec![
        srv(1234, 50, "busybox-1.hdls.default.svc.cluster.local"),
        srv(
            1234,
            50,
            &format!("{dashed}.hdls.default.svc.cluster.local"),
        ),
    ];
    want.sort_by(|a, b| a.target.cmp(&b.target));
    assert_eq!(got, want);
}

#[test]
fn a_records_for_services_endpoints_and_pods() {
    let e = cluster();
    let w = e.world();
    let (ip1, ip2) = (pod_ip(&e, "busybox1"), pod_ip(&e, "busybox2"));
    let a = |ips: &[&str]| {
        Some(Answer::Addresses(
            ips.iter().map(|s| s.to_string()).collect(),
        ))
    };
    let cases: Vec<(String, Option<Answer>)> = vec![
        (
            "ext.prod.svc.cluster.local".into(),
            Some(Answer::Cname("my.database.example.com".into())),
        ),
        (
            "busybox-1.hdls.default.svc.cluster.local".into(),
            a(&[&ip1]),
        ),
        (
            format!("{}.hdls.default.svc.cluster.local", ip2.replace('.', "-")),
            a(&[&ip2]),
        ),
        // A pod with a hostname is known by it, not by its address.
        (
            format!("{}.hdls.default.svc.cluster.local", ip1.replace('.', "-")),
            None,
        ),
        // `pods insecure`: any dashed address in an existing namespace.
        ("1-2-3-4.prod.pod.cluster.local".into(), a(&["1.2.3.4"])),
        (
            format!("{}.default.pod.cluster.local", ip1.replace('.', "-")),
            a(&[&ip1]),
        ),
        ("1-2-3-4.nosuchns.pod.cluster.local".into(), None),
        ("1-2-3.prod.pod.cluster.local".into(), None),
        ("1-2-3-400.prod.pod.cluster.local".into(), None),
        ("x.ext.prod.svc.cluster.local".into(), None),
    ];
    for (q, want) in cases {
        assert_eq!(network::lookup(w, &q), want, "{q}");
    }
}

#[test]
fn a_service_without_selector_routes_to_its_hand_written_slice() {
    let mut e = cluster();
    let url = network::parse_url("http://manual/").unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        match network::route(e.world_mut(), "default", "10.244.9.9", &url) {
            Route::External { ip, port } => {
                seen.insert(format!("{ip}:{port}"));
            }
            other => panic!("routed elsewhere: {other:?}"),
        }
    }
    // The endpoint marked not ready gets nothing.
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        ["10.1.2.3:9376", "10.4.5.6:9376"]
    );
}

const ZONED: &str = r#"
apiVersion: v1
kind: Service
metadata:
  name: close
spec:
  trafficDistribution: PreferClose
  selector: {app: close}
  ports:
  - {port: 80}
---
apiVersion: v1
kind: Pod
metadata: {name: in-a, labels: {app: close}}
spec:
  nodeName: kubeplay-worker
  containers: [{name: c, image: nginx}]
---
apiVersion: v1
kind: Pod
metadata: {name: in-b, labels: {app: close}}
spec:
  nodeName: kubeplay-worker2
  containers: [{name: c, image: nginx}]
---
apiVersion: v1
kind: Pod
metadata: {name: client-a}
spec:
  nodeName: kubeplay-worker
  containers: [{name: c, image: busybox, command: [sleep, "3600"]}]
"#;

// kube-proxy's topology filter (pkg/proxy/topology_test.go's shape): with
// every endpoint hinted, a client in zone-a reaches only zone-a's
// endpoint; a client on a node without a zone reaches all of them.
#[test]
fn prefer_close_keeps_traffic_in_the_clients_zone() {
    let mut e = Engine::with_default_cluster(1);
    for item in kubeplay_codec::decode_manifests(ZONED).items {
        let d = item.expect("decodes");
        client::apply(&mut e, d.object, Some(d.raw)).expect("applies");
    }
    e.settle(DEFAULT_SETTLE_MS);
    let url = network::parse_url("http://close.default.svc.cluster.local/").unwrap();
    let client_ip = pod_ip(&e, "client-a");
    let reached = |e: &mut Engine, ip: &str| {
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..30 {
            if let Route::Pod { pod, .. } = network::route(e.world_mut(), "default", ip, &url) {
                seen.insert(pod);
            }
        }
        seen.into_iter().collect::<Vec<_>>()
    };
    assert_eq!(reached(&mut e, &client_ip), ["in-a"]);
    // 10.244.0.250: sim curl's client on the control plane, which has no zone.
    assert_eq!(reached(&mut e, "10.244.0.250"), ["in-a", "in-b"]);
}
