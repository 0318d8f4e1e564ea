//! Upstream's node port allocation tables, ported:
//! pkg/registry/core/service/storage/storage_test.go.

use super::*;
use kubeplay_model::api::ServicePort;

/// A NodePort Service named foo with ports of (name, port, protocol).
fn make(type_: &str, ports: &[(&str, i32, &str)], node_ports: &[i32]) -> Service {
    let mut s = Service::default();
    s.metadata.name = "foo".into();
    s.spec.type_ = Some(type_.into());
    s.spec.ports = ports
        .iter()
        .enumerate()
        .map(|(i, (name, port, protocol))| ServicePort {
            name: (!name.is_empty()).then(|| name.to_string()),
            protocol: Some(protocol.to_string()),
            port: *port,
            node_port: node_ports.get(i).copied(),
            ..Default::default()
        })
        .collect();
    s
}

fn node_ports_of(s: &Service) -> Vec<i32> {
    s.spec.ports.iter().filter_map(|p| p.node_port).collect()
}

fn counter() -> impl FnMut() -> u64 {
    let mut n = 0u64;
    move || {
        n += 1;
        n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

const TCP53: (&str, i32, &str) = ("port-tcp", 53, "TCP");
const UDP53: (&str, i32, &str) = ("port-udp", 53, "UDP");

// storage_test.go's TestInitNodePorts
#[test]
fn init_node_ports() {
    let store = Store::new();
    let mut rng = counter();
    let mut svc = make("NodePort", &[("", 80, "TCP")], &[]);
    allocate_missing(&store, &mut svc, None, &mut rng).unwrap();
    assert!(
        node_ports_of(&svc)
            .iter()
            .all(|p| (PORT_BASE..PORT_BASE + PORT_SIZE).contains(p)),
        "Service doesn't have specified NodePort"
    );
    for (name, ports, requested, want) in [
        ("Service has one specified NodePort", vec![TCP53], vec![30053], vec![30053]),
        ("Service has two same ports with different protocols and specifies same NodePorts", vec![TCP53, UDP53], vec![30054, 30054], vec![30054, 30054]),
        ("Service has two same ports with different protocols and specifies different NodePorts", vec![TCP53, UDP53], vec![30055, 30056], vec![30055, 30056]),
        ("Service has two different ports with different protocols and specifies different NodePorts", vec![TCP53, ("port-udp", 54, "UDP")], vec![30057, 30058], vec![30057, 30058]),
        ("Service has two same ports with different protocols but only specifies one NodePort", vec![TCP53, UDP53], vec![30059], vec![30059, 30059]),
    ] {
        let mut svc = make("NodePort", &ports, &requested);
        allocate_missing(&store, &mut svc, None, &mut rng).unwrap();
        assert_eq!(node_ports_of(&svc), want, "{name}");
    }
    // Two ports of one number left out share the one drawn.
    let mut svc = make("NodePort", &[TCP53, UDP53], &[]);
    allocate_missing(&store, &mut svc, None, &mut rng).unwrap();
    let got = node_ports_of(&svc);
    assert_eq!(got[0], got[1]);
}

// storage_test.go's TestUpdateNodePorts
#[test]
fn update_node_ports() {
    let store = Store::new();
    let mut rng = counter();
    let cases: Vec<(&str, Service, Service, Vec<i32>)> = vec![
        ("Old service and new service have the same NodePort", make("NodePort", &[("", 6502, "TCP")], &[30053]), make("NodePort", &[("", 6502, "TCP")], &[30053]), vec![30053]),
        ("Old service has more NodePorts than new service has", make("NodePort", &[TCP53, UDP53], &[30053, 30053]), make("NodePort", &[TCP53], &[30053]), vec![30053]),
        ("Change protocol of ServicePort without changing NodePort", make("NodePort", &[TCP53], &[30053]), make("NodePort", &[UDP53], &[30053]), vec![30053]),
        ("Add new ServicePort with a different protocol without changing port numbers", make("NodePort", &[TCP53], &[30053]), make("NodePort", &[TCP53, UDP53], &[30053, 30053]), vec![30053, 30053]),
        (
            "Change service type from ClusterIP to NodePort with same NodePort number but different protocols",
            make("ClusterIP", &[("", 53, "TCP")], &[]),
            make("NodePort", &[TCP53, UDP53], &[30053, 30053]),
            vec![30053, 30053],
        ),
    ];
    for (name, old, mut new, want) in cases {
        allocate_missing(&store, &mut new, Some(&old), &mut rng).unwrap();
        assert_eq!(node_ports_of(&new), want, "{name}");
    }
    // "Should allocate NodePort when changing service type to NodePort"
    let old = make("ClusterIP", &[("", 6502, "UDP")], &[]);
    let mut new = make("NodePort", &[("", 6502, "UDP")], &[]);
    allocate_missing(&store, &mut new, Some(&old), &mut rng).unwrap();
    assert!(node_ports_of(&new)
        .iter()
        .all(|p| (PORT_BASE..PORT_BASE + PORT_SIZE).contains(p)));
}

fn stored(objects: Vec<Service>) -> Store {
    let mut store = Store::new();
    let mut rng = counter();
    let mut ctx = crate::store::WriteCtx {
        now: kubeplay_model::time::EPOCH,
        rng: &mut rng,
    };
    let mut ns = kubeplay_model::api::Namespace::default();
    ns.metadata.name = "default".into();
    store.create(Object::Namespace(Box::new(ns)), &mut ctx).unwrap();
    for mut s in objects {
        s.metadata.namespace = "default".into();
        store
            .create(Object::Service(Box::new(s)), &mut ctx)
            .unwrap();
    }
    store
}

/// The registry's refusals of a requested node port, health check port or
/// cluster IP (storage_test.go's TestCreateInitNodePorts and
/// TestCreateInitIPFields error cases, in the API server's words).
#[test]
fn requested_values_that_are_refused() {
    let mut taken = make("NodePort", &[("", 80, "TCP")], &[30080]);
    taken.metadata.name = "taken".into();
    taken.spec.cluster_ip = Some("10.96.0.10".into());
    let store = stored(vec![taken]);
    let mut rng = counter();
    let err = |mut s: Service, rng: &mut dyn FnMut() -> u64| {
        allocate_missing(&store, &mut s, None, rng)
            .unwrap_err()
            .server_message()
    };
    assert_eq!(
        err(make("NodePort", &[("", 80, "TCP")], &[30080]), &mut rng),
        "Service \"foo\" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated"
    );
    assert_eq!(
        err(make("NodePort", &[("", 80, "TCP"), ("b", 81, "TCP")], &[30081, 80]), &mut rng),
        "Service \"foo\" is invalid: spec.ports[1].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767"
    );
    // Two port numbers may not share one node port.
    assert_eq!(
        err(make("NodePort", &[("a", 80, "TCP"), ("b", 81, "TCP")], &[30081, 30081]), &mut rng),
        "Service \"foo\" is invalid: spec.ports[1].nodePort: Invalid value: 30081: provided port is already allocated"
    );
    let mut ip = make("ClusterIP", &[("", 80, "TCP")], &[]);
    ip.spec.cluster_ip = Some("10.96.0.10".into());
    assert_eq!(
        err(ip.clone(), &mut rng),
        "Service \"foo\" is invalid: spec.clusterIPs: Invalid value: []string{\"10.96.0.10\"}: failed to allocate IP 10.96.0.10: provided IP is already allocated"
    );
    ip.spec.cluster_ip = Some("10.0.0.1".into());
    assert_eq!(
        err(ip, &mut rng),
        "Service \"foo\" is invalid: spec.clusterIPs: Invalid value: []string{\"10.0.0.1\"}: failed to allocate IP 10.0.0.1: provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12"
    );
    // A load balancer that allocates no node ports still takes those named.
    let mut lb = make(
        "LoadBalancer",
        &[("a", 80, "TCP"), ("b", 81, "TCP")],
        &[30090],
    );
    lb.spec.allocate_load_balancer_node_ports = Some(false);
    allocate_missing(&store, &mut lb, None, &mut rng).unwrap();
    assert_eq!(node_ports_of(&lb), [30090]);
    // A Local load balancer gets a health check port; one asked for must be free.
    let mut local = make("LoadBalancer", &[("", 80, "TCP")], &[]);
    local.spec.external_traffic_policy = Some("Local".into());
    allocate_missing(&store, &mut local, None, &mut rng).unwrap();
    assert!(local
        .spec
        .health_check_node_port
        .is_some_and(|p| (PORT_BASE..PORT_BASE + PORT_SIZE).contains(&p)));
    local.spec.health_check_node_port = Some(30080);
    assert_eq!(
        err(local, &mut rng),
        "Internal error occurred: failed to allocate requested HealthCheck NodePort 30080: provided port is already allocated"
    );
}

// storage_test.go's TestCreateInitIPFields, its single-stack IPv4 rows:
// what the registry writes into ipFamilyPolicy/ipFamilies, or the error.
#[test]
fn init_ip_fields_single_stack_v4() {
    type Row<'a> = (&'a str, Option<&'a str>, Vec<&'a str>, bool, bool, Result<(&'a str, Vec<&'a str>), &'a str>);
    let rows: Vec<Row> = vec![
        ("clusterIP: unset policy: unset families: unset", None, vec![], false, true, Ok(("SingleStack", vec!["IPv4"]))),
        ("clusterIP: unset policy: PreferDualStack families: unset", Some("PreferDualStack"), vec![], false, true, Ok(("PreferDualStack", vec!["IPv4"]))),
        ("clusterIP: unset policy: SingleStack families: v4", Some("SingleStack"), vec!["IPv4"], false, true, Ok(("SingleStack", vec!["IPv4"]))),
        ("clusterIP: unset policy: RequireDualStack", Some("RequireDualStack"), vec![], false, true, Err("spec.ipFamilyPolicy: Invalid value: \"RequireDualStack\": this cluster is not configured for dual-stack services")),
        ("clusterIP: unset policy: unset families: v6", None, vec!["IPv6"], false, true, Err("spec.ipFamilies[0]: Invalid value: \"IPv6\": not configured on this cluster")),
        ("clusterIP: unset policy: PreferDualStack families: v6v4", Some("PreferDualStack"), vec!["IPv6", "IPv4"], false, true, Err("spec.ipFamilies[0]: Invalid value: \"IPv6\": not configured on this cluster")),
        ("clusterIP: unset policy: SingleStack families: v4v6", Some("SingleStack"), vec!["IPv4", "IPv6"], false, true, Err("spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified")),
        ("Headless+selector policy: RequireDualStack", Some("RequireDualStack"), vec![], true, true, Err("spec.ipFamilyPolicy: Invalid value: \"RequireDualStack\": this cluster is not configured for dual-stack services")),
        ("Headless+selector policy: unset", None, vec![], true, true, Ok(("SingleStack", vec!["IPv4"]))),
        ("Headless+selectorless policy: unset families: unset", None, vec![], true, false, Ok(("RequireDualStack", vec!["IPv4", "IPv6"]))),
        ("Headless+selectorless policy: SingleStack", Some("SingleStack"), vec![], true, false, Ok(("SingleStack", vec!["IPv4"]))),
        ("Headless+selectorless policy: RequireDualStack families: v6", Some("RequireDualStack"), vec!["IPv6"], true, false, Ok(("RequireDualStack", vec!["IPv6", "IPv4"]))),
    ];
    for (name, policy, families, headless, selector, want) in rows {
        let mut svc = make("ClusterIP", &[("", 80, "TCP")], &[]);
        svc.spec.ip_family_policy = policy.map(String::from);
        svc.spec.ip_families = (!families.is_empty()).then(|| families.iter().map(|f| f.to_string()).collect());
        if headless {
            svc.spec.cluster_ip = Some("None".into());
        }
        if selector {
            svc.spec.selector.insert("app".into(), "foo".into());
        }
        let got = allocate_missing(&Store::new(), &mut svc, None, &mut counter());
        match want {
            Ok((p, f)) => {
                assert!(got.is_ok(), "{name}: {got:?}");
                assert_eq!(svc.spec.ip_family_policy.as_deref(), Some(p), "{name}");
                assert_eq!(svc.spec.ip_families.clone().unwrap_or_default(), f, "{name}");
            }
            Err(msg) => {
                let err = got.expect_err(name).to_string();
                assert!(err.contains(msg), "{name}: {err}");
            }
        }
    }
}
