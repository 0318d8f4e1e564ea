//! Cases ported from upstream's `pkg/apis/networking/validation/validation_test.go`
//! (v1.32): NetworkPolicy. Upstream builds each policy from a valid one with
//! tweaks; here each tweak is the JSON it leaves in the spec. Upstream only
//! asks whether validation fails; these also name the fields in error, as
//! validation.go reports them.

use super::*;
use serde_json::{json, Value};

fn policy(spec: Value) -> Object {
    Object::from_json(&json!({"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy", "metadata": {"name": "foo", "namespace": "bar"}, "spec": spec})).expect("test object decodes")
}

/// `makeValidNetworkPolicy` with `extra` merged into its spec.
fn valid_with(extra: Value) -> Object {
    let mut spec = json!({"podSelector": {"matchLabels": {"a": "b"}}});
    if let (Some(m), Value::Object(e)) = (spec.as_object_mut(), extra) {
        m.extend(e);
    }
    policy(spec)
}

fn fields(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.field.clone()).collect()
}

fn ingress_from(peer: Value) -> Value {
    json!({"ingress": [{"from": [peer]}]})
}

fn egress_to(peer: Value) -> Value {
    json!({"egress": [{"to": [peer]}]})
}

fn ipv4_block() -> Value {
    json!({"cidr": "192.168.0.0/16", "except": ["192.168.3.0/24", "192.168.4.0/24"]})
}

fn ipv6_block() -> Value {
    json!({"cidr": "fd00:192:168::/48", "except": ["fd00:192:168:3::/64", "fd00:192:168:4::/64"]})
}

fn ns_cd() -> Value {
    json!({"matchLabels": {"c": "d"}})
}

/// `makePort`: a zero port or end port is left out.
fn port(protocol: Option<&str>, port: Value, end: i32) -> Value {
    let mut p = json!({});
    if let Some(proto) = protocol {
        p["protocol"] = json!(proto);
    }
    if port != json!(0) && port != json!("") {
        p["port"] = port;
    }
    if end != 0 {
        p["endPort"] = json!(end);
    }
    p
}

fn all_kinds_of_ports() -> Value {
    json!([
        port(None, json!(80), 0),
        port(Some("TCP"), json!(0), 0),
        port(Some("TCP"), json!(443), 0),
        port(Some("UDP"), json!("dns"), 0),
        port(Some("SCTP"), json!(7777), 0)
    ])
}

// validation_test.go's TestValidateNetworkPolicy: the success cases.
#[test]
fn validate_network_policy_success() {
    let cases = vec![
        json!({"ingress": [{}]}),
        // setIngressFromEmptyFirstElement, then setIngressEmptyPorts, which
        // replaces the rule: only the empty port is left.
        json!({"ingress": [{"ports": [{}]}]}),
        json!({"ingress": [{"ports": all_kinds_of_ports()}]}),
        ingress_from(json!({"podSelector": {"matchLabels": {"c": "d"}}})),
        ingress_from(json!({"namespaceSelector": ns_cd()})),
        ingress_from(
            json!({"podSelector": {"matchLabels": {"e": "f"}}, "namespaceSelector": ns_cd()}),
        ),
        json!({"egress": [{"to": [{"namespaceSelector": ns_cd()}]}], "ingress": [{"from": [{"ipBlock": ipv4_block()}]}]}),
        ingress_from(json!({"ipBlock": ipv4_block()})),
        json!({"egress": [{"to": [{"ipBlock": ipv4_block()}]}], "policyTypes": ["Egress"]}),
        json!({"egress": [{"to": [{"ipBlock": ipv4_block()}]}], "policyTypes": ["Ingress", "Egress"]}),
        json!({"egress": [{"ports": all_kinds_of_ports()}]}),
        json!({"egress": [{"to": [{"namespaceSelector": ns_cd()}]}], "ingress": [{"from": [{"ipBlock": ipv6_block()}]}]}),
        ingress_from(json!({"ipBlock": ipv6_block()})),
        json!({"egress": [{"to": [{"ipBlock": ipv6_block()}]}], "policyTypes": ["Egress"]}),
        json!({"egress": [{"to": [{"ipBlock": ipv6_block()}]}], "policyTypes": ["Ingress", "Egress"]}),
        json!({"egress": [{"ports": [port(None, json!(32000), 32768), port(Some("UDP"), json!("dns"), 0)]}]}),
        json!({
            "egress": [{"to": [{"namespaceSelector": ns_cd()}], "ports": [port(None, json!(30000), 32768), port(None, json!(32000), 32768)]}],
            "ingress": [{"from": [{"podSelector": {"matchLabels": {"e": "f"}}}], "ports": [port(Some("TCP"), json!(32768), 32768)]}]
        }),
    ];
    for (i, extra) in cases.into_iter().enumerate() {
        let errs = validate(&valid_with(extra));
        assert!(errs.is_empty(), "success case {i}: {errs:?}");
    }
}

// validation_test.go's TestValidateNetworkPolicy: the error cases.
#[test]
fn validate_network_policy_errors() {
    let invalid_selector = json!({"matchLabels": {"NoUppercaseOrSpecialCharsLike=Equals": "b"}});
    let from0 = "spec.ingress[0].from[0]";
    let to0 = "spec.egress[0].to[0]";
    let ip_peer = |cidr: &str, except: Value| {
        ingress_from(json!({"ipBlock": {"cidr": cidr, "except": except}}))
    };
    let cases: Vec<(&str, Value, Vec<String>)> = vec![
        (
            "namespaceSelector and ipBlock",
            ingress_from(json!({"namespaceSelector": ns_cd(), "ipBlock": ipv4_block()})),
            vec![from0.into()],
        ),
        (
            "podSelector and ipBlock",
            egress_to(json!({"podSelector": ns_cd(), "ipBlock": ipv4_block()})),
            vec![to0.into()],
        ),
        (
            "missing from and to type",
            json!({"ingress": [{"from": [{}]}], "egress": [{"to": [{}]}]}),
            vec![from0.into(), to0.into()],
        ),
        (
            "invalid spec.podSelector",
            json!({"podSelector": invalid_selector}),
            vec!["spec.podSelector.matchLabels".into()],
        ),
        (
            "invalid ingress.ports.protocol",
            json!({"ingress": [{"ports": [port(Some("ICMP"), json!(80), 0)]}]}),
            vec!["spec.ingress[0].ports[0].protocol".into()],
        ),
        (
            "invalid ingress.ports.port (int)",
            json!({"ingress": [{"ports": [port(Some("TCP"), json!(123456789), 0)]}]}),
            vec!["spec.ingress[0].ports[0].port".into()],
        ),
        (
            "invalid ingress.ports.port (str)",
            json!({"ingress": [{"ports": [port(Some("TCP"), json!("!@#$"), 0)]}]}),
            vec!["spec.ingress[0].ports[0].port".into(); 2],
        ),
        (
            "invalid ingress.from.podSelector",
            ingress_from(json!({"podSelector": invalid_selector})),
            vec![format!("{from0}.podSelector.matchLabels")],
        ),
        (
            "invalid egress.to.podSelector",
            egress_to(json!({"podSelector": invalid_selector})),
            vec![format!("{to0}.podSelector.matchLabels")],
        ),
        (
            "invalid egress.ports.protocol",
            json!({"egress": [{"ports": [port(Some("ICMP"), json!(80), 0)]}]}),
            vec!["spec.egress[0].ports[0].protocol".into()],
        ),
        (
            "invalid egress.ports.port (int)",
            json!({"egress": [{"ports": [port(Some("TCP"), json!(123456789), 0)]}]}),
            vec!["spec.egress[0].ports[0].port".into()],
        ),
        (
            "invalid egress.ports.port (str)",
            json!({"egress": [{"ports": [port(Some("TCP"), json!("!@#$"), 0)]}]}),
            vec!["spec.egress[0].ports[0].port".into(); 2],
        ),
        (
            "invalid ingress.from.namespaceSelector",
            ingress_from(json!({"namespaceSelector": invalid_selector})),
            vec![format!("{from0}.namespaceSelector.matchLabels")],
        ),
        (
            "missing cidr field",
            ip_peer("", json!(["192.168.3.0/24", "192.168.4.0/24"])),
            vec![format!("{from0}.ipBlock.cidr")],
        ),
        (
            "invalid cidr format",
            ip_peer("192.168.5.6", json!(["192.168.3.0/24", "192.168.4.0/24"])),
            vec![format!("{from0}.ipBlock.cidr")],
        ),
        (
            "invalid ipv6 cidr format",
            ip_peer(
                "fd00:192:168::",
                json!(["fd00:192:168:3::/64", "fd00:192:168:4::/64"]),
            ),
            vec![format!("{from0}.ipBlock.cidr")],
        ),
        (
            "except field is an empty string",
            ip_peer("192.168.0.0/16", json!([""])),
            vec![format!("{from0}.ipBlock.except[0]")],
        ),
        (
            "except field is an space string",
            ip_peer("192.168.0.0/16", json!([" "])),
            vec![format!("{from0}.ipBlock.except[0]")],
        ),
        (
            "except field is an invalid ip",
            ip_peer("192.168.0.0/16", json!(["300.300.300.300"])),
            vec![format!("{from0}.ipBlock.except[0]")],
        ),
        (
            "except IP is outside of CIDR range",
            ip_peer("192.168.8.0/24", json!(["192.168.9.1/32"])),
            vec![format!("{from0}.ipBlock.except[0]")],
        ),
        (
            "except IP is not strictly within CIDR range",
            ip_peer("192.168.0.0/24", json!(["192.168.0.0/24"])),
            vec![format!("{from0}.ipBlock.except[0]")],
        ),
        (
            "except IPv6 is outside of CIDR range",
            ip_peer("fd00:192:168:1::/64", json!(["fd00:192:168:2::/64"])),
            vec![format!("{from0}.ipBlock.except[0]")],
        ),
        (
            "invalid policyTypes",
            json!({"egress": [{"to": [{"ipBlock": ipv4_block()}]}], "policyTypes": ["foo", "bar"]}),
            vec!["spec.policyTypes[0]".into(), "spec.policyTypes[1]".into()],
        ),
        (
            "too many policyTypes",
            json!({"egress": [{"to": [{"ipBlock": ipv4_block()}]}], "policyTypes": ["foo", "bar", "baz"]}),
            vec!["spec.policyTypes".into()],
        ),
        (
            "multiple ports defined, one port range is invalid",
            json!({"egress": [{"to": [{"namespaceSelector": ns_cd()}], "ports": [port(Some("UDP"), json!(35000), 32768), port(None, json!(32000), 32768)]}]}),
            vec!["spec.egress[0].ports[0].endPort".into()],
        ),
        (
            "endPort defined with named/string port",
            json!({"egress": [{"to": [{"namespaceSelector": ns_cd()}], "ports": [port(Some("UDP"), json!("dns"), 32768), port(None, json!(32000), 32768)]}]}),
            vec!["spec.egress[0].ports[0].endPort".into()],
        ),
        (
            "endPort defined without port defined",
            json!({"egress": [{"to": [{"namespaceSelector": ns_cd()}], "ports": [port(Some("TCP"), json!(0), 32768)]}]}),
            vec!["spec.egress[0].ports[0].endPort".into()],
        ),
        (
            "port is greater than endPort",
            json!({"egress": [{"to": [{"namespaceSelector": ns_cd()}], "ports": [port(Some("SCTP"), json!(35000), 32768)]}]}),
            vec!["spec.egress[0].ports[0].endPort".into()],
        ),
        (
            "multiple invalid port ranges defined",
            json!({"egress": [{"to": [{"namespaceSelector": ns_cd()}], "ports": [port(Some("UDP"), json!(35000), 32768), port(Some("TCP"), json!(0), 32768), port(Some("TCP"), json!("https"), 32768)]}]}),
            vec![
                "spec.egress[0].ports[0].endPort".into(),
                "spec.egress[0].ports[1].endPort".into(),
                "spec.egress[0].ports[2].endPort".into(),
            ],
        ),
        (
            "invalid endport range defined",
            json!({"egress": [{"to": [{"namespaceSelector": ns_cd()}], "ports": [port(Some("TCP"), json!(30000), 65537)]}]}),
            vec!["spec.egress[0].ports[0].endPort".into()],
        ),
    ];
    for (name, extra, want) in cases {
        let obj = if name == "invalid spec.podSelector" {
            policy(extra)
        } else {
            valid_with(extra)
        };
        let errs = validate(&obj);
        assert_eq!(
            fields(&errs),
            want,
            "{name}: {:?}",
            errs.iter().map(|e| e.to_string()).collect::<Vec<_>>()
        );
    }
}

// The messages behind some of those errors, as validation.go writes them.
#[test]
fn network_policy_error_texts() {
    let text = |extra: Value| {
        validate(&valid_with(extra))
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        text(json!({"ingress": [{"ports": [port(Some("ICMP"), json!(80), 0)]}]})),
        ["spec.ingress[0].ports[0].protocol: Unsupported value: \"ICMP\": supported values: \"TCP\", \"UDP\", \"SCTP\""]
    );
    assert_eq!(
        text(json!({"ingress": [{"from": [{}]}]})),
        ["spec.ingress[0].from[0]: Required value: must specify a peer"]
    );
    assert_eq!(
        text(ingress_from(
            json!({"namespaceSelector": ns_cd(), "ipBlock": ipv4_block()})
        )),
        ["spec.ingress[0].from[0]: Forbidden: may not specify both ipBlock and another peer"]
    );
    assert_eq!(text(ingress_from(json!({"ipBlock": {"cidr": "192.168.5.6"}}))), ["spec.ingress[0].from[0].ipBlock.cidr: Invalid value: \"192.168.5.6\": not a valid CIDR"]);
    assert_eq!(
        text(ingress_from(json!({"ipBlock": {"cidr": "192.168.8.0/24", "except": ["192.168.9.1/32"]}}))),
        ["spec.ingress[0].from[0].ipBlock.except[0]: Invalid value: \"192.168.9.1/32\": must be a strict subset of `cidr`"]
    );
    assert_eq!(
        text(json!({"policyTypes": ["foo", "bar", "baz"]})),
        ["spec.policyTypes: Invalid value: []networking.PolicyType{\"foo\", \"bar\", \"baz\"}: may not specify more than two policyTypes"]
    );
    assert_eq!(text(json!({"policyTypes": ["foo"]})), ["spec.policyTypes[0]: Unsupported value: \"foo\": supported values: \"Ingress\", \"Egress\""]);
    assert_eq!(
        text(json!({"egress": [{"ports": [port(Some("TCP"), json!(35000), 32768)]}]})),
        ["spec.egress[0].ports[0].endPort: Invalid value: 32768: must be greater than or equal to `port`"]
    );
    assert_eq!(
        text(json!({"egress": [{"ports": [port(Some("TCP"), json!("dns"), 32768)]}]})),
        ["spec.egress[0].ports[0].endPort: Invalid value: 32768: may not be specified when `port` is non-numeric"]
    );
    assert_eq!(
        text(json!({"egress": [{"ports": [port(Some("TCP"), json!(0), 32768)]}]})),
        ["spec.egress[0].ports[0].endPort: Invalid value: 32768: may not be specified when `port` is not specified"]
    );
}

// validation_test.go's TestValidateNetworkPolicyUpdate.
#[test]
fn validate_network_policy_update() {
    let with = |name: &str, selector: Value| {
        Object::from_json(&json!({"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy", "metadata": {"name": name, "namespace": "bar", "resourceVersion": "1"}, "spec": {"podSelector": selector}})).expect("policy")
    };
    let ab = json!({"matchLabels": {"a": "b"}});
    let cases: Vec<(&str, Object, Object, bool)> = vec![
        (
            "no change",
            with("foo", ab.clone()),
            with("foo", ab.clone()),
            true,
        ),
        (
            "change spec",
            with("foo", json!({})),
            with("foo", ab.clone()),
            true,
        ),
        (
            "change name",
            with("foo", json!({})),
            with("baz", json!({})),
            false,
        ),
    ];
    for (name, old, new, ok) in cases {
        let errs = validate_update(&old, &new);
        assert_eq!(errs.is_empty(), ok, "{name}: {errs:?}");
    }
}

// ValidationOptionsForNetworking: label values an older server accepted
// in the stored pod selector may stay on update; a new policy may not
// have them.
#[test]
fn stored_invalid_selector_values_may_stay() {
    let with = |rv: &str| {
        let selector = json!({"matchExpressions": [{"key": "a", "operator": "In", "values": ["not valid"]}]});
        Object::from_json(&json!({"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy", "metadata": {"name": "foo", "namespace": "bar", "resourceVersion": rv}, "spec": {"podSelector": selector}})).expect("policy")
    };
    assert_eq!(fields(&validate(&with("1"))), ["spec.podSelector.matchExpressions[0].values[0]"]);
    assert!(validate_update(&with("1"), &with("1")).is_empty());
}
