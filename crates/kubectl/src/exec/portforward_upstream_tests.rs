//! Upstream v1.32's port-forward tables: kubectl's
//! staging/src/k8s.io/kubectl/pkg/cmd/portforward/portforward_test.go and
//! client-go's tools/portforward/portforward_test.go, on this module's
//! pure parts.

use super::*;
use serde_json::{json, Value};

fn pod(ports: Value) -> Pod {
    serde_json::from_value(json!({"metadata": {"name": "foo"}, "spec": {"containers": [{"name": "c", "ports": ports}]}})).unwrap()
}

fn service(cluster_ip: Option<&str>, ports: Value) -> Service {
    let mut spec = json!({"ports": ports});
    if let Some(ip) = cluster_ip {
        spec["clusterIP"] = json!(ip);
    }
    serde_json::from_value(json!({"metadata": {"name": "svc"}, "spec": spec})).unwrap()
}

/// name, clusterIP, service ports, pod ports, ports asked, translated (None: an error).
type TranslateCase<'a> = (&'a str, Option<&'a str>, Value, Value, Vec<&'a str>, Option<Vec<&'a str>>);
/// name, pod ports, ports asked, converted (None: an error).
type ConvertCase<'a> = (&'a str, Value, Vec<&'a str>, Option<Vec<&'a str>>);

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

// portforward_test.go's TestTranslateServicePortToTargetPort.
#[test]
fn translate_service_port_to_target_port() {
    let http8080 = json!([{"name": "http", "containerPort": 8080}]);
    let both = json!([{"name": "http", "containerPort": 8080}, {"name": "https", "containerPort": 8443}]);
    let unnamed = json!([{"containerPort": 8080}, {"containerPort": 8443}]);
    let http80 = json!([{"name": "http", "containerPort": 80}]);
    let https443 = json!([{"name": "https", "containerPort": 443}]);
    let to8080 = json!([{"port": 80, "targetPort": 8080}]);
    let named_targets = json!([{"port": 80, "targetPort": "http"}, {"port": 443, "targetPort": "https"}]);
    let named_ports = json!([{"port": 80, "name": "http", "targetPort": 8080}, {"port": 443, "name": "https", "targetPort": 8443}]);
    let cases: Vec<TranslateCase> = vec![
        ("test success 1 (int port)", None, to8080.clone(), http8080.clone(), vec!["80"], Some(vec!["80:8080"])),
        ("test success 1 (int port with random local port)", None, to8080.clone(), http8080.clone(), vec![":80"], Some(vec![":8080"])),
        ("test success 1 (int port with explicit local port)", None, json!([{"port": 8080, "targetPort": 8080}]), http8080.clone(), vec!["8000:8080"], Some(vec!["8000:8080"])),
        ("test success 2 (clusterIP: None)", Some("None"), to8080.clone(), http8080.clone(), vec!["80"], Some(vec!["80"])),
        ("test success 2 (clusterIP: None with random local port)", Some("None"), to8080.clone(), http8080.clone(), vec![":80"], Some(vec![":80"])),
        ("test success 3 (named target port)", None, named_targets.clone(), both.clone(), vec!["80", "443"], Some(vec!["80:8080", "443:8443"])),
        ("test success 3 (named target port with random local port)", None, named_targets.clone(), both.clone(), vec![":80", ":443"], Some(vec![":8080", ":8443"])),
        ("test success 4 (named service port)", None, named_ports.clone(), unnamed.clone(), vec!["http", "https"], Some(vec!["80:8080", "443:8443"])),
        ("test success 4 (named service port with random local port)", None, named_ports.clone(), unnamed.clone(), vec![":http", ":https"], Some(vec![":8080", ":8443"])),
        ("test success 4 (named service port and named pod container port)", None, json!([{"port": 80, "name": "http", "targetPort": "http"}]), http80.clone(), vec!["http"], Some(vec!["80"])),
        ("test success (targetPort omitted)", None, json!([{"port": 80}]), http80.clone(), vec!["80"], Some(vec!["80"])),
        ("test success (targetPort omitted with random local port)", None, json!([{"port": 80}]), http80.clone(), vec![":80"], Some(vec![":80"])),
        ("test failure 1 (named target port lookup failure)", None, json!([{"port": 80, "targetPort": "http"}]), https443.clone(), vec!["80"], None),
        ("test failure 1 (named service port lookup failure)", None, json!([{"port": 80, "targetPort": "http"}]), http8080.clone(), vec!["https"], None),
        ("test failure 2 (service port not declared)", None, json!([{"port": 80, "targetPort": "http"}]), https443.clone(), vec!["443"], None),
    ];
    for (name, ip, svc_ports, pod_ports, ports, want) in cases {
        let got = translate_service_ports(&strings(&ports), &service(ip, svc_ports), &pod(pod_ports));
        match want {
            Some(w) => assert_eq!(got, Ok(strings(&w)), "{name}"),
            None => assert!(got.is_err(), "{name}: {got:?}"),
        }
    }
    // The errors' words (util's lookups).
    let svc = service(None, json!([{"port": 80, "targetPort": "http"}]));
    assert_eq!(translate_service_ports(&strings(&["https"]), &svc, &pod(json!([]))), Err("Service 'svc' does not have a named port 'https'".into()));
    assert_eq!(translate_service_ports(&strings(&["443"]), &svc, &pod(json!([]))), Err("Service svc does not have a service port 443".into()));
    assert_eq!(translate_service_ports(&strings(&["80"]), &svc, &pod(json!([]))), Err("Pod 'foo' does not have a named port 'http'".into()));
}

// portforward_test.go's TestConvertPodNamedPortToNumber.
#[test]
fn convert_pod_named_port_to_number() {
    let http80 = json!([{"name": "http", "containerPort": 80}]);
    let https443 = json!([{"name": "https", "containerPort": 443}]);
    let cases: Vec<ConvertCase> = vec![
        ("port number without local port", http80.clone(), vec!["80"], Some(vec!["80"])),
        ("port number with local port", http80.clone(), vec!["8000:80"], Some(vec!["8000:80"])),
        ("port number with random local port", http80.clone(), vec![":80"], Some(vec![":80"])),
        ("named port without local port", http80.clone(), vec!["http"], Some(vec!["80"])),
        ("named port with local port", http80.clone(), vec!["8000:http"], Some(vec!["8000:80"])),
        ("named port with random local port", http80.clone(), vec![":http"], Some(vec![":80"])),
        ("named port can not be found", https443.clone(), vec!["http"], None),
        ("one of the requested named ports can not be found", https443.clone(), vec!["https", "http"], None),
    ];
    for (name, pod_ports, ports, want) in cases {
        let got = convert_named_ports(&strings(&ports), &pod(pod_ports));
        match want {
            Some(w) => assert_eq!(got, Ok(strings(&w)), "{name}"),
            None => assert!(got.is_err(), "{name}: {got:?}"),
        }
    }
    assert_eq!(convert_named_ports(&strings(&["8000:"]), &pod(json!([]))), Err("remote port cannot be empty".into()));
}

// portforward_test.go's TestCheckUDPPort.
#[test]
fn check_udp_port() {
    let pod_cases: Vec<(&str, Value, &str, bool)> = vec![
        ("forward to a UDP port in a Pod", json!([{"protocol": "UDP", "containerPort": 53}]), "53", true),
        ("forward to a named UDP port in a Pod", json!([{"protocol": "UDP", "containerPort": 53, "name": "dns"}]), "dns", true),
        ("Pod has ports with both TCP and UDP protocol (UDP first)", json!([{"protocol": "UDP", "containerPort": 53}, {"protocol": "TCP", "containerPort": 53}]), ":53", false),
        ("Pod has ports with both TCP and UDP protocol (TCP first)", json!([{"protocol": "TCP", "containerPort": 53}, {"protocol": "UDP", "containerPort": 53}]), ":53", false),
    ];
    for (name, ports, spec, err) in pod_cases {
        assert_eq!(check_udp_in_pod(&strings(&[spec]), &pod(ports)).is_err(), err, "{name}");
    }
    let svc_cases: Vec<(&str, Value, &str, bool)> = vec![
        ("forward to a UDP port in a Service", json!([{"protocol": "UDP", "port": 53}]), "53", true),
        ("forward to a named UDP port in a Service", json!([{"protocol": "UDP", "port": 53, "name": "dns"}]), "10053:dns", true),
        ("Service has ports with both TCP and UDP protocol (UDP first)", json!([{"protocol": "UDP", "port": 53}, {"protocol": "TCP", "port": 53}]), "53", false),
        ("Service has ports with both TCP and UDP protocol (TCP first)", json!([{"protocol": "TCP", "port": 53}, {"protocol": "UDP", "port": 53}]), "53", false),
    ];
    for (name, ports, spec, err) in svc_cases {
        assert_eq!(check_udp_in_service(&strings(&[spec]), &service(None, ports)).is_err(), err, "{name}");
    }
    let e = check_udp_in_pod(&strings(&["dns"]), &pod(json!([{"protocol": "UDP", "containerPort": 53, "name": "dns"}])));
    assert_eq!(e, Err("UDP protocol is not supported for dns".into()));
}

// client-go portforward_test.go's TestParsePortsAndNew: the port
// specifications and the errors parsePorts and parseAddresses return.
#[test]
fn parse_ports_and_addresses() {
    let input = strings(&["5000", "5000:5000", "8888:5000", "5000:8888", ":5000", "0:5000"]);
    assert_eq!(parse_ports(&input), Ok(vec![(5000, 5000), (5000, 5000), (8888, 5000), (5000, 8888), (0, 5000), (0, 5000)]));
    let errors: Vec<(&str, &str)> = vec![
        ("a", "error parsing local port 'a': strconv.ParseUint: parsing \"a\": invalid syntax"),
        ("a:5000", "error parsing local port 'a': strconv.ParseUint: parsing \"a\": invalid syntax"),
        ("5000:a", "error parsing remote port 'a': strconv.ParseUint: parsing \"a\": invalid syntax"),
        (":a", "error parsing remote port 'a': strconv.ParseUint: parsing \"a\": invalid syntax"),
        ("-1", "error parsing local port '-1': strconv.ParseUint: parsing \"-1\": invalid syntax"),
        ("65536", "error parsing local port '65536': strconv.ParseUint: parsing \"65536\": value out of range"),
        ("0", "remote port must be > 0"),
        (":0", "remote port must be > 0"),
        ("", "error parsing local port '': strconv.ParseUint: parsing \"\": invalid syntax"),
        (":", "error parsing remote port '': strconv.ParseUint: parsing \"\": invalid syntax"),
        ("5000:5000:5000", "invalid port format '5000:5000:5000'"),
    ];
    for (input, want) in errors {
        assert_eq!(parse_ports(&strings(&[input])), Err(want.to_string()), "{input}");
    }
    assert_eq!(parse_addresses(&strings(&["localhost"])), Ok(strings(&["127.0.0.1", "::1"])));
    assert_eq!(parse_addresses(&strings(&["localhost", "127.0.0.1", "::1"])), Ok(strings(&["127.0.0.1", "::1"])));
    assert_eq!(parse_addresses(&strings(&["5.6.7.8", "localhost"])), Ok(strings(&["127.0.0.1", "5.6.7.8", "::1"])));
    assert_eq!(parse_addresses(&strings(&["host.invalid"])), Err("host.invalid is not a valid IP".into()));
}
