//! Allow/deny tables. The first three are ported from
//! kubernetes-sigs/kube-network-policies' pkg/networkpolicy tests (the
//! agent kindnet runs); the rest cover the API's semantics those leave out.

use super::*;
use serde_json::{json, Value};

/// A table row: name, policies, source, destination, port, verdict.
type Case<'a, E> = (&'a str, Vec<&'a NetworkPolicy>, E, E, i32, bool);
/// A ports row: name, ports, destination pod, port, protocol, verdict.
type PortCase<'a> = (
    &'a str,
    Vec<NetworkPolicyPort>,
    Option<&'a Pod>,
    i32,
    &'a str,
    bool,
);

fn pod(name: &str, ns: &str, ip: &str, labels: Value) -> Pod {
    serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": ns, "labels": labels},
        "spec": {"nodeName": "testnode", "containers": [{"name": "write-pod", "command": ["/bin/sh"], "ports": [{"name": "http", "containerPort": 80, "protocol": "TCP"}]}]},
        "status": {"podIP": ip, "podIPs": [{"ip": ip}]}
    }))
    .expect("pod")
}

fn policy(name: &str, ns: &str, spec: Value) -> NetworkPolicy {
    serde_json::from_value(json!({"metadata": {"name": name, "namespace": ns}, "spec": spec}))
        .expect("policy")
}

/// kube-network-policies' makeNamespace: its name label and `a=b`.
fn ns_labels(name: &str) -> BTreeMap<String, String> {
    BTreeMap::from([
        ("kubernetes.io/metadata.name".to_string(), name.to_string()),
        ("a".to_string(), "b".to_string()),
    ])
}

fn port(protocol: &str, port: Value, end: Option<i32>) -> NetworkPolicyPort {
    serde_json::from_value(json!({"protocol": protocol, "port": port, "endPort": end}))
        .expect("port")
}

// networkpolicy_test.go's TestSyncPacket (kube-network-policies): pods
// a (foo), b and d (bar), c (blocked, in no known namespace); d and c are
// labelled c=d, the others a=b.
#[test]
fn sync_packet() {
    let a = pod("a", "foo", "192.168.1.11", json!({"a": "b"}));
    let b = pod("b", "bar", "192.168.2.22", json!({"a": "b"}));
    let c = pod("c", "blocked", "192.168.3.33", json!({"c": "d"}));
    let d = pod("d", "bar", "192.168.4.44", json!({"c": "d"}));
    let (foo, bar) = (ns_labels("foo"), ns_labels("bar"));
    let namespaces = BTreeMap::from([("foo", &foo), ("bar", &bar)]);
    let pods = [&a, &b, &c, &d];
    let end = |ip: &'static str| End {
        ip,
        pod: pods
            .iter()
            .copied()
            .find(|p| p.status.pod_ip.as_deref() == Some(ip)),
    };

    let deny_ingress = policy(
        "default-deny-ingress",
        "bar",
        json!({"podSelector": {}, "policyTypes": ["Ingress"]}),
    );
    let deny_egress = policy(
        "default-deny-ingress",
        "bar",
        json!({"podSelector": {}, "policyTypes": ["Egress"]}),
    );
    let allow_ingress_ip_block = policy(
        "default-allow-ingress-ipBlock",
        "bar",
        json!({"podSelector": {}, "policyTypes": ["Ingress"], "ingress": [{"from": [{"ipBlock": {"cidr": "192.168.0.0/16"}}]}]}),
    );
    let egress = |name: &str, rule: Value| {
        policy(
            name,
            "foo",
            json!({"podSelector": {"matchLabels": {"a": "b"}}, "policyTypes": ["Egress"], "egress": [rule]}),
        )
    };
    let multi_port = egress(
        "multiport-egress",
        json!({"ports": [{"protocol": "TCP", "port": 30000, "endPort": 65537}]}),
    );
    let multi_port_ip_block = egress(
        "multiport-egress",
        json!({"to": [{"ipBlock": {"cidr": "192.168.0.0/16"}}]}),
    );
    let multi_port_pod = egress(
        "multiport-egress",
        json!({"to": [{"podSelector": {"matchLabels": {"a": "b"}}}]}),
    );
    let multi_port_ns = egress(
        "multiport-egress-ns",
        json!({"to": [{"namespaceSelector": {"matchLabels": {"a": "b"}}}]}),
    );
    let multi_port_pod_ns = egress(
        "multiport-egress-pod-ns",
        json!({"to": [{"podSelector": {"matchLabels": {"a": "b"}}, "namespaceSelector": {"matchLabels": {"a": "b"}}}]}),
    );
    let ingress_pod_ns = policy(
        "multiport-ingress-pod-ns",
        "bar",
        json!({"podSelector": {"matchLabels": {"a": "b"}}, "policyTypes": ["Ingress"], "ingress": [{"from": [{"podSelector": {"matchLabels": {"a": "b"}}, "namespaceSelector": {"matchLabels": {"a": "b"}}}]}]}),
    );

    let cases: Vec<Case<&str>> = vec![
        (
            "no network policy",
            vec![],
            "192.168.1.11",
            "192.168.2.22",
            80,
            true,
        ),
        (
            "deny ingress",
            vec![&deny_ingress],
            "192.168.1.11",
            "192.168.2.22",
            80,
            false,
        ),
        (
            "deny egress",
            vec![&deny_egress],
            "192.168.2.22",
            "192.168.1.11",
            80,
            false,
        ),
        (
            "deny egress on reply does not have effect",
            vec![&deny_egress],
            "192.168.1.11",
            "192.168.2.22",
            80,
            true,
        ),
        (
            "ip block override deny ingress",
            vec![&deny_ingress, &allow_ingress_ip_block],
            "192.168.1.11",
            "192.168.2.22",
            80,
            true,
        ),
        (
            "ip block deny ingress",
            vec![&allow_ingress_ip_block],
            "10.0.0.1",
            "192.168.2.22",
            80,
            false,
        ),
        (
            "multiport deny egress port",
            vec![&deny_egress, &multi_port],
            "192.168.1.11",
            "192.168.2.22",
            80,
            false,
        ),
        (
            "multiport allow egress port",
            vec![&deny_egress, &multi_port],
            "192.168.1.11",
            "192.168.2.22",
            30080,
            true,
        ),
        (
            "multiport allow egress",
            vec![&deny_egress, &multi_port, &multi_port_ip_block],
            "192.168.1.11",
            "192.168.2.22",
            80,
            true,
        ),
        (
            "multiport allow egress port selector not match ns",
            vec![&deny_egress, &multi_port, &multi_port_pod],
            "192.168.1.11",
            "192.168.2.22",
            80,
            false,
        ),
        (
            "multiport allow egress port selector not match pod selector",
            vec![&deny_egress, &multi_port, &multi_port_pod],
            "192.168.1.11",
            "192.168.3.33",
            80,
            false,
        ),
        (
            "multiport allow egress ns selector",
            vec![&deny_egress, &multi_port, &multi_port_ns],
            "192.168.1.11",
            "192.168.2.22",
            80,
            true,
        ),
        (
            "multiport allow egress ns selector fail",
            vec![&deny_egress, &multi_port, &multi_port_ns],
            "192.168.1.11",
            "192.168.3.33",
            80,
            false,
        ),
        (
            "multiport allow egress ns and pod selector",
            vec![&deny_egress, &multi_port, &multi_port_pod_ns],
            "192.168.1.11",
            "192.168.2.22",
            80,
            true,
        ),
        (
            "multiport allow egress ns and pod selector fail",
            vec![&deny_egress, &multi_port, &multi_port_pod_ns],
            "192.168.1.11",
            "192.168.3.33",
            80,
            false,
        ),
        (
            "multiport allow ingress ns and pod selector",
            vec![&deny_ingress, &ingress_pod_ns],
            "192.168.1.11",
            "192.168.2.22",
            80,
            true,
        ),
        (
            "multiport allow ingress ns and pod selector fail",
            vec![&deny_ingress, &ingress_pod_ns],
            "192.168.1.11",
            "192.168.4.44",
            80,
            false,
        ),
    ];
    for (name, policies, src, dst, dst_port, want) in cases {
        let p = Policies::new(policies, namespaces.clone());
        assert_eq!(
            p.allows(end(src), end(dst), dst_port, "TCP"),
            want,
            "{name}"
        );
    }
}

// networkpolicy_test.go's TestController_evaluateIPBlocks (its "empty"
// case is a peer without an ipBlock, which the peer rules cover).
#[test]
fn evaluate_ip_blocks() {
    let except = ["192.168.1.0/24".to_string()];
    let cases: [(&str, &[String], &str, bool); 4] = [
        ("match cidr", &[], "192.168.0.1", true),
        ("no match cidr", &[], "10.0.0.1", false),
        ("match cidr and not except", &except, "192.168.0.1", true),
        ("match cidr and  except", &except, "192.168.1.1", false),
    ];
    for (name, except, ip, want) in cases {
        assert_eq!(
            ip_block_contains("192.168.0.0/24", except, ip),
            want,
            "{name}"
        );
    }
}

// networkpolicy_test.go's TestController_evaluatePorts.
#[test]
fn evaluate_ports() {
    let a = pod("a", "b", "192.168.1.1", json!({"a": "b"}));
    let tcp = |p: i32, end: Option<i32>| port("TCP", json!(p), end);
    let udp = |p: i32, end: Option<i32>| port("UDP", json!(p), end);
    let cases: Vec<PortCase> = vec![
        ("empty", vec![], None, 0, "TCP", true),
        (
            "match TCP",
            vec![tcp(30000, None)],
            None,
            30000,
            "TCP",
            true,
        ),
        (
            "match UDP",
            vec![udp(30000, None)],
            None,
            30000,
            "UDP",
            true,
        ),
        (
            "no match TCP",
            vec![tcp(30000, None)],
            None,
            138,
            "TCP",
            false,
        ),
        (
            "no match UDP",
            vec![udp(30000, None)],
            None,
            138,
            "UDP",
            false,
        ),
        (
            "match TCP range",
            vec![tcp(30000, Some(65537))],
            None,
            30138,
            "TCP",
            true,
        ),
        (
            "match UDP range",
            vec![udp(30000, Some(65537))],
            None,
            30138,
            "UDP",
            true,
        ),
        (
            "no match TCP range",
            vec![tcp(30000, Some(65537))],
            None,
            138,
            "TCP",
            false,
        ),
        (
            "no match UDP range",
            vec![udp(30000, Some(65537))],
            None,
            138,
            "UDP",
            false,
        ),
        (
            "match TCP named port",
            vec![port("TCP", json!("http"), None)],
            Some(&a),
            80,
            "TCP",
            true,
        ),
        (
            "no match UDP named port",
            vec![port("UDP", json!("http"), None)],
            Some(&a),
            80,
            "TCP",
            false,
        ),
    ];
    for (name, ports, dst, p, protocol, want) in cases {
        let got = ports.is_empty() || ports.iter().any(|x| port_matches(x, dst, p, protocol));
        assert_eq!(got, want, "{name}");
    }
}

// The API's own words on what the agent's tables leave out: policy types,
// peers from outside the cluster, host-network pods, a pod selector alone
// looking only in the policy's namespace, a named port the destination
// does not have, a port without a protocol being TCP, and exceptions.
#[test]
fn api_semantics() {
    let web = pod("web", "default", "10.244.1.2", json!({"app": "web"}));
    let client = pod("client", "default", "10.244.2.3", json!({"role": "client"}));
    let other = pod("other", "default", "10.244.2.4", json!({}));
    let remote = pod("remote", "team", "10.244.3.5", json!({"role": "client"}));
    let mut host: Pod = pod("host", "default", "172.18.0.2", json!({"role": "client"}));
    host.spec_mut().host_network = Some(true);
    let (default, team) = (
        ns_labels("default"),
        BTreeMap::from([(
            "kubernetes.io/metadata.name".to_string(),
            "team".to_string(),
        )]),
    );
    let namespaces = BTreeMap::from([("default", &default), ("team", &team)]);
    fn e(p: &Pod) -> End<'_> {
        End {
            ip: p.status.pod_ip.as_deref().unwrap_or(""),
            pod: Some(p),
        }
    }
    let (web, client, other, remote, host) = (&web, &client, &other, &remote, &host);
    let outside = End {
        ip: "203.0.113.9",
        pod: None,
    };

    let allow_clients = policy(
        "allow-clients",
        "default",
        json!({"podSelector": {"matchLabels": {"app": "web"}}, "policyTypes": ["Ingress"], "ingress": [{"from": [{"podSelector": {"matchLabels": {"role": "client"}}}], "ports": [{"port": "http"}]}]}),
    );
    let egress_only = policy(
        "egress-only",
        "default",
        json!({"podSelector": {}, "policyTypes": ["Egress"], "egress": [{"to": [{"ipBlock": {"cidr": "10.244.0.0/16", "except": ["10.244.2.0/24"]}}]}]}),
    );
    let from_team = policy(
        "from-team",
        "default",
        json!({"podSelector": {"matchLabels": {"app": "web"}}, "policyTypes": ["Ingress"], "ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "team"}}}]}]}),
    );
    let any_source_port_81 = policy(
        "port-81",
        "default",
        json!({"podSelector": {"matchLabels": {"app": "web"}}, "policyTypes": ["Ingress"], "ingress": [{"ports": [{"port": 81}]}]}),
    );

    let cases: Vec<Case<End>> = vec![
        (
            "the labelled client reaches the named port",
            vec![&allow_clients],
            e(client),
            e(web),
            80,
            true,
        ),
        (
            "an unlabelled pod is dropped",
            vec![&allow_clients],
            e(other),
            e(web),
            80,
            false,
        ),
        (
            "a port other than the named one is dropped",
            vec![&allow_clients],
            e(client),
            e(web),
            8080,
            false,
        ),
        (
            "a pod selector alone does not reach into other namespaces",
            vec![&allow_clients],
            e(remote),
            e(web),
            80,
            false,
        ),
        (
            "outside the cluster matches no selector",
            vec![&allow_clients],
            outside,
            e(web),
            80,
            false,
        ),
        (
            "a host-network pod matches no selector",
            vec![&allow_clients],
            e(host),
            e(web),
            80,
            false,
        ),
        (
            "an unselected destination is not isolated",
            vec![&allow_clients],
            e(other),
            e(client),
            80,
            true,
        ),
        (
            "egress only leaves ingress open",
            vec![&egress_only],
            outside,
            e(web),
            80,
            true,
        ),
        (
            "egress to an address in the block",
            vec![&egress_only],
            e(web),
            e(remote),
            80,
            true,
        ),
        (
            "egress to an excepted address",
            vec![&egress_only],
            e(web),
            e(client),
            80,
            false,
        ),
        (
            "egress outside the block",
            vec![&egress_only],
            e(web),
            outside,
            443,
            false,
        ),
        (
            "a host-network pod is never isolated",
            vec![&egress_only],
            e(host),
            outside,
            443,
            true,
        ),
        (
            "a namespace selector admits that namespace",
            vec![&from_team],
            e(remote),
            e(web),
            80,
            true,
        ),
        (
            "and not the policy's own",
            vec![&from_team],
            e(client),
            e(web),
            80,
            false,
        ),
        (
            "rules of two policies add up",
            vec![&allow_clients, &from_team],
            e(remote),
            e(web),
            80,
            true,
        ),
        (
            "a rule without peers admits any source on its port",
            vec![&any_source_port_81],
            outside,
            e(web),
            81,
            true,
        ),
        (
            "and no other port",
            vec![&any_source_port_81],
            outside,
            e(web),
            80,
            false,
        ),
    ];
    for (name, policies, src, dst, p, want) in cases {
        let pol = Policies::new(policies, namespaces.clone());
        assert_eq!(pol.allows(src, dst, p, "TCP"), want, "{name}");
    }
    let pol = Policies::new(vec![&egress_only], namespaces.clone());
    assert!(pol.egress_isolated(e(web)));
    assert!(!pol.egress_isolated(e(host)));
    assert!(!pol.egress_isolated(outside));
    // UDP is not TCP: a rule naming TCP (the default) does not admit it.
    let pol = Policies::new(vec![&any_source_port_81], namespaces);
    assert!(!pol.allows(outside, e(web), 81, "UDP"));
}
