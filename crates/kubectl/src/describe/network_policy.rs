//! `kubectl describe networkpolicy` (describe.go's `describeNetworkPolicy`).
//! The page has no events: upstream's describer never looks them up.

use super::{annotations_multiline, labels_multiline, Writer};
use crate::print::format::label_selector;
use kubeplay_model::api::{NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort};
use kubeplay_model::Time;

/// Go's `time.Time.String()` of a creation timestamp, which the page
/// prints with `%s`: in the client's zone, here UTC.
fn go_time_string(t: Option<Time>) -> String {
    let secs = t.map_or(-62_135_596_800, |t| t.millis().div_euclid(1000));
    let (y, mo, d, h, mi, s) = kubeplay_model::time::civil(secs);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} +0000 UTC")
}

/// `describeNetworkPolicy` and `describeNetworkPolicySpec`.
pub fn describe_network_policy(np: &NetworkPolicy) -> String {
    let mut w = Writer::new();
    let (m, spec) = (&np.metadata, &np.spec);
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    w.write(
        0,
        &format!("Created on:\t{}\n", go_time_string(m.creation_timestamp)),
    );
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, "Spec:\n");
    // Upstream writes the label at one level and its value at the next,
    // so the value follows four more spaces.
    w.write(1, "PodSelector: ");
    let sel = &spec.pod_selector;
    if sel.match_labels.is_empty() && sel.match_expressions.is_empty() {
        w.write(
            2,
            "<none> (Allowing the specific traffic to all pods in this namespace)\n",
        );
    } else {
        w.write(2, &format!("{}\n", label_selector(Some(sel))));
    }
    let has = |t: &str| spec.policy_types.iter().any(|p| p == t);
    if has("Ingress") {
        w.write(1, "Allowing ingress traffic:\n");
        let rules: Vec<_> = spec
            .ingress
            .iter()
            .map(|r| (&r.ports[..], &r.from[..]))
            .collect();
        rules_section(&mut w, &rules, Direction::Ingress);
    } else {
        w.write(1, "Not affecting ingress traffic\n");
    }
    if has("Egress") {
        w.write(1, "Allowing egress traffic:\n");
        let rules: Vec<_> = spec
            .egress
            .iter()
            .map(|r| (&r.ports[..], &r.to[..]))
            .collect();
        rules_section(&mut w, &rules, Direction::Egress);
    } else {
        w.write(1, "Not affecting egress traffic\n");
    }
    w.write(
        1,
        &format!("Policy Types: {}\n", spec.policy_types.join(", ")),
    );
    w.finish()
}

#[derive(Clone, Copy)]
enum Direction {
    Ingress,
    Egress,
}

const INDENT: &str = "    ";

/// `printNetworkPolicySpecIngressFrom` and `printNetworkPolicySpecEgressTo`,
/// which differ only in their words.
fn rules_section(
    w: &mut Writer,
    rules: &[(&[NetworkPolicyPort], &[NetworkPolicyPeer])],
    dir: Direction,
) {
    let (isolated, peer_word, any_peer) = match dir {
        Direction::Ingress => (
            "ingress",
            "From",
            "From: <any> (traffic not restricted by source)",
        ),
        Direction::Egress => (
            "egress",
            "To",
            "To: <any> (traffic not restricted by destination)",
        ),
    };
    if rules.is_empty() {
        w.write(
            0,
            &format!("{INDENT}<none> (Selected pods are isolated for {isolated} connectivity)\n"),
        );
        return;
    }
    for (i, (ports, peers)) in rules.iter().enumerate() {
        if ports.is_empty() {
            w.write(
                0,
                &format!("{INDENT}To Port: <any> (traffic allowed to all ports)\n"),
            );
        }
        for port in ports.iter() {
            // `%s` of a nil *IntOrString.
            let number = port
                .port
                .as_ref()
                .map_or_else(|| "<nil>".to_string(), |p| p.to_string());
            let proto = port.protocol.as_deref().unwrap_or("TCP");
            match port.end_port {
                None => w.write(0, &format!("{INDENT}To Port: {number}/{proto}\n")),
                Some(end) => w.write(
                    0,
                    &format!("{INDENT}To Port Range: {number}-{end}/{proto}\n"),
                ),
            }
        }
        if peers.is_empty() {
            w.write(0, &format!("{INDENT}{any_peer}\n"));
        }
        for peer in peers.iter() {
            w.write(0, &format!("{INDENT}{peer_word}:\n"));
            match (&peer.pod_selector, &peer.namespace_selector, &peer.ip_block) {
                (Some(pods), Some(nss), _) => {
                    w.write(
                        1,
                        &format!("{INDENT}NamespaceSelector: {}\n", label_selector(Some(nss))),
                    );
                    w.write(
                        1,
                        &format!("{INDENT}PodSelector: {}\n", label_selector(Some(pods))),
                    );
                }
                (Some(pods), None, _) => w.write(
                    1,
                    &format!("{INDENT}PodSelector: {}\n", label_selector(Some(pods))),
                ),
                (None, Some(nss), _) => w.write(
                    1,
                    &format!("{INDENT}NamespaceSelector: {}\n", label_selector(Some(nss))),
                ),
                (None, None, Some(b)) => {
                    w.write(1, &format!("{INDENT}IPBlock:\n"));
                    w.write(2, &format!("{INDENT}CIDR: {}\n", b.cidr));
                    w.write(2, &format!("{INDENT}Except: {}\n", b.except.join(", ")));
                }
                (None, None, None) => {}
            }
        }
        if i + 1 != rules.len() {
            w.write(0, &format!("{INDENT}----------\n"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn policy(v: serde_json::Value) -> NetworkPolicy {
        serde_json::from_value(v).expect("policy")
    }

    // describe_test.go's TestDescribeNetworkPolicies (v1.32 words: the
    // egress rule without peers says "destination"). The creation time is
    // the same instant in UTC, the zone the playground's client prints.
    #[test]
    fn describe_network_policies() {
        let peers = json!([
            {"podSelector": {"matchLabels": {"id": "pod1", "id2": "pod2"}}, "namespaceSelector": {"matchLabels": {"id": "ns1", "id2": "ns2"}}},
            {"podSelector": {"matchLabels": {"id": "app2", "id2": "app3"}}},
            {"namespaceSelector": {"matchLabels": {"id": "app2", "id2": "app3"}}},
            {"namespaceSelector": {"matchLabels": {"id": "app2", "id2": "app3"}, "matchExpressions": [{"key": "foo", "operator": "In", "values": ["bar1", "bar2"]}]}},
            {"ipBlock": {"cidr": "192.168.0.0/16", "except": ["192.168.3.0/24", "192.168.4.0/24"]}}
        ]);
        let ports = json!([{"port": 80}, {"port": 82, "protocol": "TCP"}]);
        let np = policy(json!({
            "metadata": {"name": "network-policy-1", "namespace": "default", "creationTimestamp": "2017-06-05T04:45:56Z"},
            "spec": {
                "podSelector": {
                    "matchLabels": {"id1": "app1", "id2": "app2"},
                    "matchExpressions": [{"key": "foo", "operator": "In", "values": ["bar1", "bar2"]}, {"key": "foo2", "operator": "NotIn", "values": ["bar1", "bar2"]}]
                },
                "ingress": [{"ports": ports, "from": peers}, {}],
                "egress": [{"ports": ports, "to": peers}, {}],
                "policyTypes": ["Ingress", "Egress"]
            }
        }));
        let expected = "Name:         network-policy-1
Namespace:    default
Created on:   2017-06-05 04:45:56 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     foo in (bar1,bar2),foo2 notin (bar1,bar2),id1=app1,id2=app2
  Allowing ingress traffic:
    To Port: 80/TCP
    To Port: 82/TCP
    From:
      NamespaceSelector: id=ns1,id2=ns2
      PodSelector: id=pod1,id2=pod2
    From:
      PodSelector: id=app2,id2=app3
    From:
      NamespaceSelector: id=app2,id2=app3
    From:
      NamespaceSelector: foo in (bar1,bar2),id=app2,id2=app3
    From:
      IPBlock:
        CIDR: 192.168.0.0/16
        Except: 192.168.3.0/24, 192.168.4.0/24
    ----------
    To Port: <any> (traffic allowed to all ports)
    From: <any> (traffic not restricted by source)
  Allowing egress traffic:
    To Port: 80/TCP
    To Port: 82/TCP
    To:
      NamespaceSelector: id=ns1,id2=ns2
      PodSelector: id=pod1,id2=pod2
    To:
      PodSelector: id=app2,id2=app3
    To:
      NamespaceSelector: id=app2,id2=app3
    To:
      NamespaceSelector: foo in (bar1,bar2),id=app2,id2=app3
    To:
      IPBlock:
        CIDR: 192.168.0.0/16
        Except: 192.168.3.0/24, 192.168.4.0/24
    ----------
    To Port: <any> (traffic allowed to all ports)
    To: <any> (traffic not restricted by destination)
  Policy Types: Ingress, Egress
";
        assert_eq!(describe_network_policy(&np), expected);
    }

    // describeNetworkPolicySpec's other branches: an empty pod selector,
    // isolation without rules, a type not listed, a port range, a port
    // without a number and an ipBlock without exceptions.
    #[test]
    fn describe_isolation_and_ranges() {
        let deny = policy(
            json!({"metadata": {"name": "deny", "namespace": "default"}, "spec": {"podSelector": {}, "policyTypes": ["Ingress"]}}),
        );
        let page = describe_network_policy(&deny);
        assert!(
            page.contains("Created on:   0001-01-01 00:00:00 +0000 UTC\n"),
            "{page}"
        );
        assert!(page.ends_with(
            "Spec:\n  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)\n  Allowing ingress traffic:\n    <none> (Selected pods are isolated for ingress connectivity)\n  Not affecting egress traffic\n  Policy Types: Ingress\n"
        ), "{page}");
        let egress = policy(
            json!({"metadata": {"name": "e"}, "spec": {"podSelector": {"matchLabels": {"app": "web"}}, "egress": [{"ports": [{"port": 32000, "endPort": 32768, "protocol": "UDP"}, {"protocol": "SCTP"}], "to": [{"ipBlock": {"cidr": "10.0.0.0/8"}}]}], "policyTypes": ["Egress"]}}),
        );
        let page = describe_network_policy(&egress);
        assert!(page.ends_with(
            "  PodSelector:     app=web\n  Not affecting ingress traffic\n  Allowing egress traffic:\n    To Port Range: 32000-32768/UDP\n    To Port: <nil>/SCTP\n    To:\n      IPBlock:\n        CIDR: 10.0.0.0/8\n        Except: \n  Policy Types: Egress\n"
        ), "{page}");
    }
}
