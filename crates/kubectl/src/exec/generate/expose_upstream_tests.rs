//! Upstream kubectl v1.32's table for expose's `createService`
//! (staging/src/k8s.io/kubectl/pkg/cmd/expose/expose_test.go's
//! TestGenerateService), run against the generator itself.

use super::{exposed_service, ExposeParams};
use serde_json::{json, Value};

/// A port as the generator writes it: name (when set), protocol, port,
/// target port.
fn port(name: &str, protocol: &str, port: i64, target: Value) -> Value {
    let mut m = serde_json::Map::new();
    if !name.is_empty() {
        m.insert("name".into(), json!(name));
    }
    m.insert("protocol".into(), json!(protocol));
    m.insert("port".into(), json!(port));
    m.insert("targetPort".into(), target);
    Value::Object(m)
}

/// `8080/UDP,8081/TCP` as `parseProtocols` reads it.
fn protocols(spec: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for item in spec.split(',').filter(|s| !s.is_empty()) {
        let (port, proto) = item.split_once('/').unwrap_or((item, ""));
        match out.iter_mut().find(|(p, _)| p == port) {
            Some((_, list)) => list.push(proto.to_string()),
            None => out.push((port.to_string(), vec![proto.to_string()])),
        }
    }
    out
}

// expose_test.go's TestGenerateService: (selector, name, port, protocol,
// protocols, target port, cluster IP, labels, external IP, type, session
// affinity) and the expected ports and the rest of the spec.
#[test]
fn generate_service() {
    let fb = json!({"foo": "bar", "baz": "blah"});
    let f = json!({"foo": "bar"});
    let p = port;
    #[allow(clippy::type_complexity)]
    let cases: Vec<([&str; 11], Value, Value)> = vec![
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "TCP",
                "",
                "1234",
                "",
                "",
                "",
                "",
                "",
            ],
            json!([p("", "TCP", 80, json!(1234))]),
            json!({"selector": fb}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "UDP",
                "",
                "foobar",
                "",
                "",
                "",
                "",
                "",
            ],
            json!([p("", "UDP", 80, json!("foobar"))]),
            json!({"selector": fb}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "TCP",
                "",
                "1234",
                "",
                "key1=value1,key2=value2",
                "",
                "",
                "",
            ],
            json!([p("", "TCP", 80, json!(1234))]),
            json!({"selector": fb}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "UDP",
                "",
                "foobar",
                "",
                "",
                "1.2.3.4",
                "",
                "",
            ],
            json!([p("", "UDP", 80, json!("foobar"))]),
            json!({"selector": fb, "externalIPs": ["1.2.3.4"]}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "UDP",
                "",
                "foobar",
                "",
                "",
                "1.2.3.4",
                "LoadBalancer",
                "",
            ],
            json!([p("", "UDP", 80, json!("foobar"))]),
            json!({"selector": fb, "type": "LoadBalancer", "externalIPs": ["1.2.3.4"]}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "UDP",
                "",
                "foobar",
                "",
                "",
                "",
                "NodePort",
                "",
            ],
            json!([p("", "UDP", 80, json!("foobar"))]),
            json!({"selector": fb, "type": "NodePort"}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "UDP",
                "",
                "foobar",
                "",
                "",
                "",
                "NodePort",
                "",
            ],
            json!([p("", "UDP", 80, json!("foobar"))]),
            json!({"selector": fb, "type": "NodePort"}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "TCP",
                "",
                "1234",
                "",
                "",
                "",
                "",
                "",
            ],
            json!([p("", "TCP", 80, json!(1234))]),
            json!({"selector": fb}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "TCP",
                "",
                "1234",
                "",
                "",
                "",
                "",
                "ClientIP",
            ],
            json!([p("", "TCP", 80, json!(1234))]),
            json!({"selector": fb, "sessionAffinity": "ClientIP"}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "TCP",
                "",
                "1234",
                "10.10.10.10",
                "",
                "",
                "",
                "",
            ],
            json!([p("", "TCP", 80, json!(1234))]),
            json!({"selector": fb, "clusterIP": "10.10.10.10"}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "TCP",
                "",
                "1234",
                "None",
                "",
                "",
                "",
                "",
            ],
            json!([p("", "TCP", 80, json!(1234))]),
            json!({"selector": fb, "clusterIP": "None"}),
        ),
        (
            [
                "foo=bar", "test", "80,443", "TCP", "", "foobar", "", "", "", "", "",
            ],
            json!([
                p("port-1", "TCP", 80, json!("foobar")),
                p("port-2", "TCP", 443, json!("foobar"))
            ]),
            json!({"selector": f}),
        ),
        (
            [
                "foo=bar", "test", "80,443", "UDP", "", "1234", "", "", "", "", "",
            ],
            json!([
                p("port-1", "UDP", 80, json!(1234)),
                p("port-2", "UDP", 443, json!(1234))
            ]),
            json!({"selector": f}),
        ),
        (
            [
                "foo=bar", "test", "80,443", "TCP", "", "", "", "", "", "", "",
            ],
            json!([
                p("port-1", "TCP", 80, json!(80)),
                p("port-2", "TCP", 443, json!(443))
            ]),
            json!({"selector": f}),
        ),
        (
            [
                "foo=bar", "test", "80,8080", "", "8080/UDP", "", "", "", "", "", "",
            ],
            json!([
                p("port-1", "TCP", 80, json!(80)),
                p("port-2", "UDP", 8080, json!(8080))
            ]),
            json!({"selector": f}),
        ),
        (
            [
                "foo=bar",
                "test",
                "80,8080,8081",
                "",
                "8080/UDP,8081/TCP",
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            json!([
                p("port-1", "TCP", 80, json!(80)),
                p("port-2", "UDP", 8080, json!(8080)),
                p("port-3", "TCP", 8081, json!(8081))
            ]),
            json!({"selector": f}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "",
                "TCP",
                "",
                "",
                "None",
                "",
                "",
                "",
                "",
            ],
            Value::Null,
            json!({"selector": fb, "clusterIP": "None"}),
        ),
        (
            ["foo=bar", "test", "", "", "", "", "None", "", "", "", ""],
            Value::Null,
            json!({"selector": f, "clusterIP": "None"}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "SCTP",
                "",
                "1234",
                "",
                "",
                "",
                "",
                "",
            ],
            json!([p("", "SCTP", 80, json!(1234))]),
            json!({"selector": fb}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "SCTP",
                "",
                "1234",
                "",
                "key1=value1,key2=value2",
                "",
                "",
                "",
            ],
            json!([p("", "SCTP", 80, json!(1234))]),
            json!({"selector": fb}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "SCTP",
                "",
                "1234",
                "",
                "",
                "",
                "",
                "",
            ],
            json!([p("", "SCTP", 80, json!(1234))]),
            json!({"selector": fb}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "SCTP",
                "",
                "1234",
                "",
                "",
                "",
                "",
                "ClientIP",
            ],
            json!([p("", "SCTP", 80, json!(1234))]),
            json!({"selector": fb, "sessionAffinity": "ClientIP"}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "SCTP",
                "",
                "1234",
                "10.10.10.10",
                "",
                "",
                "",
                "",
            ],
            json!([p("", "SCTP", 80, json!(1234))]),
            json!({"selector": fb, "clusterIP": "10.10.10.10"}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "80",
                "SCTP",
                "",
                "1234",
                "None",
                "",
                "",
                "",
                "",
            ],
            json!([p("", "SCTP", 80, json!(1234))]),
            json!({"selector": fb, "clusterIP": "None"}),
        ),
        (
            [
                "foo=bar", "test", "80,443", "SCTP", "", "foobar", "", "", "", "", "",
            ],
            json!([
                p("port-1", "SCTP", 80, json!("foobar")),
                p("port-2", "SCTP", 443, json!("foobar"))
            ]),
            json!({"selector": f}),
        ),
        (
            [
                "foo=bar", "test", "80,443", "SCTP", "", "", "", "", "", "", "",
            ],
            json!([
                p("port-1", "SCTP", 80, json!(80)),
                p("port-2", "SCTP", 443, json!(443))
            ]),
            json!({"selector": f}),
        ),
        (
            [
                "foo=bar",
                "test",
                "80,8080",
                "",
                "8080/SCTP",
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            json!([
                p("port-1", "TCP", 80, json!(80)),
                p("port-2", "SCTP", 8080, json!(8080))
            ]),
            json!({"selector": f}),
        ),
        (
            [
                "foo=bar",
                "test",
                "80,8080,8081,8082",
                "",
                "8080/UDP,8081/TCP,8082/SCTP",
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            json!([
                p("port-1", "TCP", 80, json!(80)),
                p("port-2", "UDP", 8080, json!(8080)),
                p("port-3", "TCP", 8081, json!(8081)),
                p("port-4", "SCTP", 8082, json!(8082))
            ]),
            json!({"selector": f}),
        ),
        (
            [
                "foo=bar,baz=blah",
                "test",
                "",
                "SCTP",
                "",
                "1234",
                "None",
                "",
                "",
                "",
                "",
            ],
            Value::Null,
            json!({"selector": fb, "clusterIP": "None"}),
        ),
    ];
    for (
        [selector, name, ports, protocol, protos, target_port, cluster_ip, labels, external_ip, type_, session_affinity],
        want_ports,
        mut want_spec,
    ) in cases
    {
        let protos = protocols(protos);
        let params = ExposeParams {
            selector,
            name,
            ports,
            protocol,
            protocols: &protos,
            target_port,
            cluster_ip,
            labels,
            external_ip,
            type_,
            session_affinity,
            ..Default::default()
        };
        let svc = exposed_service(&params).unwrap_or_else(|e| panic!("{ports} {protocol}: {e}"));
        if !want_ports.is_null() {
            want_spec["ports"] = want_ports;
        }
        let mut got = svc["spec"].clone();
        // Compare as maps: the spec's key order is checked by the printers' tests.
        assert_eq!(
            got.as_object_mut().map(|m| m
                .clone()
                .into_iter()
                .collect::<std::collections::BTreeMap<_, _>>()),
            want_spec
                .as_object()
                .map(|m| m.clone().into_iter().collect()),
            "{selector} {ports} {protocol}"
        );
        let want_labels = if labels.is_empty() {
            Value::Null
        } else {
            json!({"key1": "value1", "key2": "value2"})
        };
        assert_eq!(svc["metadata"]["labels"], want_labels, "{labels}");
        assert_eq!(svc["metadata"]["name"], json!(name));
    }
    // "check selector" and "check name".
    let no_selector = ExposeParams {
        name: "test",
        protocol: "SCTP",
        target_port: "1234",
        cluster_ip: "None",
        ..Default::default()
    };
    assert_eq!(
        exposed_service(&no_selector).err().as_deref(),
        Some("selector must be specified")
    );
    let no_name = ExposeParams {
        selector: "foo=bar,baz=blah",
        protocol: "SCTP",
        target_port: "1234",
        cluster_ip: "None",
        ..Default::default()
    };
    assert_eq!(
        exposed_service(&no_name).err().as_deref(),
        Some("name must be specified")
    );
}
