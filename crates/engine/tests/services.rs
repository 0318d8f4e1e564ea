//! Services: endpoints follow ready pods, slices carry conditions, load
//! balancers get an IP after a moment.

use kubeplay_engine::client;
use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{IntOrString, Kind, LabelSelector, Object, ObjectKey, ObjectMeta};
use kubeplay_apiserver::DeleteOptions;
use std::collections::BTreeMap;

fn web(replicas: i32) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "web".to_string())]);
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels.into(), ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "nginx".into(),
                        image: Some("nginx".into()),
                        ports: vec![ContainerPort { name: Some("http".into()), container_port: 80, ..Default::default() }],
                        ..Default::default()
                    }].into(),
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn svc(type_: &str, cluster_ip: Option<&str>) -> Object {
    Object::Service(Box::new(Service {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: ServiceSpec {
            selector: BTreeMap::from([("app".to_string(), "web".to_string())]),
            ports: vec![ServicePort { port: 8080, target_port: Some(IntOrString::Str("http".into())), ..Default::default() }],
            type_: Some(type_.into()),
            cluster_ip: cluster_ip.map(Into::into),
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn endpoints(e: &Engine) -> (Vec<String>, Vec<String>, Vec<i32>) {
    let ep = e.store().get_by(Kind::Endpoints, "default", "web").and_then(|o| o.as_endpoints().cloned()).unwrap();
    let ready = ep.subsets.iter().flat_map(|s| s.addresses.iter().map(|a| a.ip.clone())).collect();
    let not_ready = ep.subsets.iter().flat_map(|s| s.not_ready_addresses.iter().map(|a| a.ip.clone())).collect();
    let ports = ep.subsets.iter().flat_map(|s| s.ports.iter().map(|p| p.port)).collect();
    (ready, not_ready, ports)
}

fn pod_ips(e: &Engine) -> Vec<String> {
    let mut ips: Vec<(Vec<u32>, String)> = e
        .store()
        .list(Kind::Pod, Some("default"))
        .filter_map(|p| p.as_pod())
        .filter(|p| p.is_ready())
        .filter_map(|p| p.status.pod_ip.as_deref().map(str::to_string))
        .map(|ip| (ip.split('.').map(|x| x.parse().unwrap()).collect(), ip))
        .collect();
    ips.sort();
    ips.into_iter().map(|(_, ip)| ip).collect()
}

#[test]
fn a_service_lists_its_ready_pods_and_follows_replacements() {
    let mut e = Engine::with_default_cluster(1);
    client::apply(&mut e, &web(3), None).unwrap();
    client::apply(&mut e, &svc("ClusterIP", None), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let (ready, not_ready, ports) = endpoints(&e);
    assert_eq!(ready.len(), 3);
    assert!(not_ready.is_empty());
    // The named targetPort resolves to the container's port 80.
    assert_eq!(ports, [80]);
    assert_eq!(ready, pod_ips(&e), "addresses are the ready pods' IPs, sorted");

    // Delete one pod: its IP leaves, the replacement's IP arrives.
    let victim = e.store().list(Kind::Pod, Some("default")).next().unwrap().clone();
    let victim_ip = victim.as_pod().unwrap().status.pod_ip.as_deref().unwrap().to_string();
    client::delete(&mut e, &victim.key(), DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    let (ready, _, _) = endpoints(&e);
    assert_eq!(ready.len(), 3);
    assert!(!ready.contains(&victim_ip), "{victim_ip} still listed");
    assert_eq!(ready, pod_ips(&e));

    // The slice has the same three, ready, with zones from their nodes.
    // (The API server's own `kubernetes` slice is there too.)
    let slices: Vec<_> = e.store().list(Kind::EndpointSlice, Some("default")).filter_map(|s| match &**s { Object::EndpointSlice(es) if es.metadata.name != "kubernetes" => Some(es.clone()), _ => None }).collect();
    assert_eq!(slices.len(), 1);
    assert!(slices[0].metadata.name.starts_with("web-"));
    assert_eq!(slices[0].endpoints.len(), 3);
    assert!(slices[0].endpoints.iter().all(|ep| ep.conditions.ready == Some(true) && ep.zone.as_deref().is_some_and(|z| z.starts_with("zone-"))));
    assert_eq!(slices[0].ports[0].port, Some(80));
}

#[test]
fn deleting_the_service_removes_endpoints_and_slices() {
    let mut e = Engine::with_default_cluster(1);
    client::apply(&mut e, &web(1), None).unwrap();
    client::apply(&mut e, &svc("ClusterIP", None), None).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    client::delete(&mut e, &ObjectKey::new(Kind::Service, "default", "web"), DeleteOptions::default()).unwrap();
    e.settle(DEFAULT_SETTLE_MS);
    assert!(e.store().get_by(Kind::Endpoints, "default", "web").is_none());
    let names: Vec<String> = e.store().list(Kind::EndpointSlice, Some("default")).map(|s| s.name().to_string()).collect();
    assert_eq!(names, ["kubernetes"], "only the API server's own slice is left");
}

#[test]
fn load_balancer_is_pending_then_gets_an_ip() {
    let mut e = Engine::with_default_cluster(1);
    client::apply(&mut e, &svc("LoadBalancer", None), None).unwrap();
    let ingress = |e: &Engine| e.store().get_by(Kind::Service, "default", "web").and_then(|s| s.as_service().and_then(|s| s.status.load_balancer.clone())).map(|lb| lb.ingress.len()).unwrap_or(0);
    e.advance(1_000);
    assert_eq!(ingress(&e), 0);
    e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(ingress(&e), 1);
    let s = e.store().get_by(Kind::Service, "default", "web").unwrap().as_service().unwrap().clone();
    assert!(s.spec.ports[0].node_port.is_some());
}

#[test]
fn the_default_cluster_has_dns_endpoints() {
    let e = Engine::with_default_cluster(1);
    let ep = e.store().get_by(Kind::Endpoints, "kube-system", "kube-dns").and_then(|o| o.as_endpoints().cloned()).unwrap();
    let ready: usize = ep.subsets.iter().map(|s| s.addresses.len()).sum();
    assert_eq!(ready, 2, "both CoreDNS pods");
    let k = e.store().get_by(Kind::Endpoints, "default", "kubernetes").and_then(|o| o.as_endpoints().cloned()).unwrap();
    assert_eq!(k.subsets[0].addresses[0].ip, "172.18.0.2");
}

mod traffic {
    use super::*;
    use kubeplay_engine::network::{parse_url, resolve, route, Answer, Route};
    use std::collections::BTreeMap as Map;

    fn spread(e: &mut Engine, url: &str, n: usize) -> Map<String, usize> {
        let url = parse_url(url).unwrap();
        let mut counts = Map::new();
        for _ in 0..n {
            let world = e.world_mut();
            match route(world, "default", "10.244.1.200", &url) {
                Route::Pod { pod, .. } => *counts.entry(pod).or_default() += 1,
                other => panic!("{other:?}"),
            }
        }
        counts
    }

    #[test]
    fn dns_resolves_services_with_the_search_path() {
        let mut e = Engine::with_default_cluster(1);
        client::apply(&mut e, &web(1), None).unwrap();
        client::apply(&mut e, &svc("ClusterIP", None), None).unwrap();
        e.settle(DEFAULT_SETTLE_MS);
        let ip = e.store().get_by(Kind::Service, "default", "web").unwrap().as_service().unwrap().spec.cluster_ip.clone().unwrap();
        for name in ["web", "web.default", "web.default.svc", "web.default.svc.cluster.local"] {
            let (fqdn, answer) = resolve(e.world(), name, "default").unwrap();
            assert_eq!(fqdn, "web.default.svc.cluster.local");
            assert_eq!(answer, Answer::Addresses(vec![ip.clone()]));
        }
        assert!(resolve(e.world(), "web", "kube-system").is_none(), "short names resolve in the client's namespace");
        assert_eq!(resolve(e.world(), "kubernetes.default", "kube-system").unwrap().1, Answer::Addresses(vec!["10.96.0.1".into()]));
    }

    #[test]
    fn kube_proxy_spreads_requests_and_client_ip_affinity_sticks() {
        let mut e = Engine::with_default_cluster(1);
        client::apply(&mut e, &web(3), None).unwrap();
        client::apply(&mut e, &svc("ClusterIP", None), None).unwrap();
        e.settle(DEFAULT_SETTLE_MS);
        let counts = spread(&mut e, "http://web:8080/", 300);
        assert_eq!(counts.len(), 3, "{counts:?}");
        assert!(counts.values().all(|&c| c > 50), "{counts:?}");
        let key = ObjectKey::new(Kind::Service, "default", "web");
        client::patch(&mut e, &key, kubeplay_apiserver::PatchType::Merge, &serde_json::json!({"spec":{"sessionAffinity":"ClientIP"}})).unwrap();
        let counts = spread(&mut e, "http://web:8080/", 50);
        assert_eq!(counts.len(), 1, "{counts:?}");
    }

    #[test]
    fn no_ready_endpoints_is_connection_refused() {
        let mut e = Engine::with_default_cluster(1);
        client::apply(&mut e, &svc("ClusterIP", None), None).unwrap();
        e.settle(DEFAULT_SETTLE_MS);
        let url = parse_url("http://web:8080").unwrap();
        let r = route(e.world_mut(), "default", "10.244.1.200", &url);
        assert_eq!(r, Route::Failed("curl: (7) Failed to connect to web port 8080 after 0 ms: Couldn't connect to server".into()));
        let r = route(e.world_mut(), "default", "10.244.1.200", &parse_url("http://nope").unwrap());
        assert_eq!(r, Route::Failed("curl: (6) Could not resolve host: nope".into()));
    }
}
