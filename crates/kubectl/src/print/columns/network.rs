//! Rows for Service, Endpoints, EndpointSlice, Ingress, IngressClass and
//! NetworkPolicy.

use crate::print::duration::since;
use crate::print::format::labels;
use crate::print::table::{col, name_col, wide, Column};
use kubeplay_model::api::*;
use kubeplay_model::Time;
use std::collections::BTreeSet;

pub const SERVICE: &[Column] = &[name_col(), col("Type"), col("Cluster-IP"), col("External-IP"), col("Port(s)"), col("Age"), wide("Selector")];
pub const ENDPOINTS: &[Column] = &[name_col(), col("Endpoints"), col("Age")];
pub const ENDPOINT_SLICE: &[Column] = &[name_col(), col("AddressType"), col("Ports"), col("Endpoints"), col("Age")];
pub const INGRESS: &[Column] = &[name_col(), col("Class"), col("Hosts"), col("Address"), col("Ports"), col("Age")];
pub const INGRESS_CLASS: &[Column] = &[name_col(), col("Controller"), col("Parameters"), col("Age")];
pub const NETWORK_POLICY: &[Column] = &[name_col(), col("Pod-Selector"), col("Age")];

const LOAD_BALANCER_WIDTH: usize = 16;

/// `net.JoinHostPort`: IPv6 addresses get brackets.
pub fn host_port(ip: &str, port: i32) -> String {
    if ip.contains(':') {
        format!("[{ip}]:{port}")
    } else {
        format!("{ip}:{port}")
    }
}

fn load_balancer_ips(s: &ServiceStatus, wide: bool) -> String {
    let set: BTreeSet<String> = s
        .load_balancer
        .iter()
        .flat_map(|lb| lb.ingress.iter())
        .filter_map(|i| i.ip.clone().filter(|x| !x.is_empty()).or_else(|| i.hostname.clone().filter(|x| !x.is_empty())))
        .collect();
    let r = set.into_iter().collect::<Vec<_>>().join(",");
    if !wide && r.len() > LOAD_BALANCER_WIDTH {
        format!("{}...", &r[..LOAD_BALANCER_WIDTH - 3])
    } else {
        r
    }
}

/// The EXTERNAL-IP cell (`getServiceExternalIP`).
pub fn external_ip(svc: &Service, wide: bool) -> String {
    let ext = &svc.spec.external_ips;
    match svc.spec.type_.as_deref().unwrap_or("") {
        "ClusterIP" | "NodePort" => {
            if ext.is_empty() {
                "<none>".into()
            } else {
                ext.join(",")
            }
        }
        "LoadBalancer" => {
            let lb = load_balancer_ips(&svc.status, wide);
            if !ext.is_empty() {
                let mut all: Vec<String> = if lb.is_empty() { Vec::new() } else { lb.split(',').map(str::to_string).collect() };
                all.extend(ext.iter().cloned());
                all.join(",")
            } else if !lb.is_empty() {
                lb
            } else {
                "<pending>".into()
            }
        }
        "ExternalName" => svc.spec.external_name.clone().unwrap_or_default(),
        _ => "<unknown>".into(),
    }
}

/// The PORT(S) cell (`makePortString`).
pub fn ports(ports: &[ServicePort]) -> String {
    ports
        .iter()
        .map(|p| {
            let proto = p.protocol.as_deref().unwrap_or("");
            match p.node_port.filter(|n| *n > 0) {
                Some(np) => format!("{}:{np}/{proto}", p.port),
                None => format!("{}/{proto}", p.port),
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The API server generates tables with `Wide: true`, so the EXTERNAL-IP
/// of a load balancer is never clipped in `kubectl get`.
/// `printIngress`: the first three hosts (`*` for none), the load
/// balancer's addresses (the server prints wide rows, so they are not
/// cut), and 443 beside 80 when there is TLS.
pub fn ingress(ing: &Ingress, now: Time) -> Vec<String> {
    const MAX_HOSTS: usize = 3;
    let rules = &ing.spec.rules;
    let (mut hosts, mut more) = (Vec::new(), false);
    for rule in rules {
        // Any rule seen once three hosts are listed makes "more".
        more |= hosts.len() == MAX_HOSTS;
        match rule.host.as_deref() {
            Some(h) if !more && !h.is_empty() => hosts.push(h),
            _ => {}
        }
    }
    let hosts = match (hosts.is_empty(), more) {
        (true, _) => "*".to_string(),
        (false, false) => hosts.join(","),
        (false, true) => format!("{} + {} more...", hosts.join(","), rules.len() - MAX_HOSTS),
    };
    vec![
        ing.metadata.name.clone(),
        ing.spec.ingress_class_name.clone().unwrap_or_else(|| "<none>".into()),
        hosts,
        ingress_addresses(&ing.status.load_balancer),
        if ing.spec.tls.is_empty() { "80" } else { "80, 443" }.into(),
        since(now, ing.metadata.creation_timestamp),
    ]
}

/// `ingressLoadBalancerStatusStringerV1`, wide: each address's IP, else
/// its hostname, sorted and without repeats.
pub fn ingress_addresses(lb: &IngressLoadBalancerStatus) -> String {
    let addresses: BTreeSet<&str> = lb.ingress.iter().filter_map(|i| i.ip.as_deref().filter(|x| !x.is_empty()).or_else(|| i.hostname.as_deref().filter(|x| !x.is_empty()))).collect();
    addresses.into_iter().collect::<Vec<_>>().join(",")
}

/// `printNetworkPolicy`.
pub fn network_policy(p: &NetworkPolicy, now: Time) -> Vec<String> {
    vec![p.metadata.name.clone(), crate::print::format::label_selector(Some(&p.spec.pod_selector)), since(now, p.metadata.creation_timestamp)]
}

/// `printIngressClass`: parameters as `Kind[.apiGroup]/name`.
pub fn ingress_class(c: &IngressClass, now: Time) -> Vec<String> {
    let parameters = match &c.spec.parameters {
        None => "<none>".to_string(),
        Some(p) => match &p.api_group {
            Some(g) => format!("{}.{g}/{}", p.kind, p.name),
            None => format!("{}/{}", p.kind, p.name),
        },
    };
    vec![c.metadata.name.clone(), c.spec.controller.clone().unwrap_or_default(), parameters, since(now, c.metadata.creation_timestamp)]
}

pub fn service(svc: &Service, now: Time) -> Vec<String> {
    let internal = svc.spec.cluster_ips.first().cloned().unwrap_or_else(|| "<none>".into());
    let p = ports(&svc.spec.ports);
    vec![
        svc.metadata.name.clone(),
        svc.spec.type_.clone().unwrap_or_default(),
        internal,
        external_ip(svc, true),
        if p.is_empty() { "<none>".into() } else { p },
        since(now, svc.metadata.creation_timestamp),
        labels(&svc.spec.selector),
    ]
}

/// `formatEndpoints` with all ports (or only those named in `port_names`): up to three `ip:port`.
pub fn format_endpoints(ep: &Endpoints, port_names: Option<&[&str]>) -> String {
    if ep.subsets.is_empty() {
        return "<none>".into();
    }
    const MAX: usize = 3;
    let mut list: Vec<String> = Vec::new();
    let mut more = false;
    let mut count = 0;
    for ss in &ep.subsets {
        if ss.ports.is_empty() {
            count += ss.addresses.len();
            for a in &ss.addresses {
                if list.len() == MAX {
                    more = true;
                    break;
                }
                list.push(a.ip.clone());
            }
            continue;
        }
        for port in &ss.ports {
            let name = port.name.as_deref().unwrap_or("");
            if port_names.is_none_or(|names| names.contains(&name)) {
                count += ss.addresses.len();
                for a in &ss.addresses {
                    if list.len() == MAX {
                        more = true;
                        break;
                    }
                    list.push(host_port(&a.ip, port.port));
                }
            }
        }
    }
    let ret = list.join(",");
    if more {
        format!("{ret} + {} more...", count - MAX)
    } else {
        ret
    }
}

pub fn endpoints(ep: &Endpoints, now: Time) -> Vec<String> {
    vec![ep.metadata.name.clone(), format_endpoints(ep, None), since(now, ep.metadata.creation_timestamp)]
}

fn list_with_more(list: Vec<String>, more: bool, count: usize) -> String {
    let ret = list.join(",");
    if more {
        format!("{ret} + {} more...", count - 3)
    } else if ret.is_empty() {
        "<unset>".into()
    } else {
        ret
    }
}

pub fn endpoint_slice(s: &EndpointSlice, now: Time) -> Vec<String> {
    let (mut list, mut more, mut count) = (Vec::new(), false, 0);
    for p in &s.ports {
        if list.len() < 3 {
            list.push(p.port.map(|n| n.to_string()).or_else(|| p.name.clone()).unwrap_or_else(|| "*".into()));
        } else {
            more = true;
        }
        count += 1;
    }
    let ports = list_with_more(list, more, count);
    let (mut list, mut more, mut count) = (Vec::new(), false, 0);
    for e in &s.endpoints {
        for a in &e.addresses {
            if list.len() < 3 {
                list.push(a.clone());
            } else {
                more = true;
            }
            count += 1;
        }
    }
    vec![s.metadata.name.clone(), s.address_type.clone(), ports, list_with_more(list, more, count), since(now, s.metadata.creation_timestamp)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::IntOrString;

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn svc(type_: &str, ports_: Vec<ServicePort>) -> Service {
        let mut s = Service::default();
        s.metadata.name = "test1".into();
        s.spec.type_ = Some(type_.into());
        s.spec.ports = ports_;
        s.spec.cluster_ips = vec!["10.9.8.7".into()];
        s.spec.selector.insert("foo".into(), "bar".into());
        s
    }

    fn port(p: i32, proto: &str, node_port: Option<i32>) -> ServicePort {
        ServicePort { port: p, protocol: Some(proto.into()), node_port, target_port: Some(IntOrString::Int(p)), ..Default::default() }
    }

    fn ingress(ips: &[&str]) -> ServiceStatus {
        ServiceStatus { load_balancer: Some(LoadBalancerStatus { ingress: ips.iter().map(|i| LoadBalancerIngress { ip: Some(i.to_string()), ..Default::default() }).collect() }), conditions: vec![] }
    }

    // TestPrintService.
    #[test]
    fn service_rows() {
        let s = svc("ClusterIP", vec![port(2233, "tcp", None)]);
        assert_eq!(service(&s, NOW), ["test1", "ClusterIP", "10.9.8.7", "<none>", "2233/tcp", "<unknown>", "foo=bar"]);
        let s = svc("NodePort", vec![port(8888, "tcp", Some(9999))]);
        assert_eq!(service(&s, NOW)[3..5], ["<none>", "8888:9999/tcp"]);
        let mut lb = svc("LoadBalancer", vec![port(8888, "tcp", Some(9999))]);
        assert_eq!(service(&lb, NOW)[3], "<pending>");
        lb.spec.external_ips = vec!["80.11.12.10".into()];
        assert_eq!(service(&lb, NOW)[3], "80.11.12.10");
        lb.status = ingress(&["3.4.5.6"]);
        assert_eq!(service(&lb, NOW)[3], "3.4.5.6,80.11.12.10");
        lb.status = ingress(&["3.4.5.6", "2.3.4.5"]);
        lb.spec.external_ips = vec!["80.11.12.10".into(), "80.11.12.11".into()];
        assert_eq!(service(&lb, NOW)[3], "2.3.4.5,3.4.5.6,80.11.12.10,80.11.12.11");
        let mut en = svc("ExternalName", vec![]);
        en.spec.cluster_ips.clear();
        en.spec.external_name = Some("my.database.example.com".into());
        assert_eq!(service(&en, NOW)[..6], ["test1", "ExternalName", "<none>", "my.database.example.com", "<none>", "<unknown>"]);
        let mut many = svc("LoadBalancer", vec![port(80, "TCP", None), port(8090, "UDP", None), port(8000, "TCP", None), port(7777, "SCTP", None)]);
        many.status = ingress(&["2.3.4.5", "3.4.5.6", "5.6.7.8"]);
        assert_eq!(service(&many, NOW)[3..5], ["2.3.4.5,3.4.5.6,5.6.7.8", "80/TCP,8090/UDP,8000/TCP,7777/SCTP"]);
        // printers_test.go calls the printer with Wide false, which clips at 16 bytes.
        assert_eq!(external_ip(&many, false), "2.3.4.5,3.4.5...");
    }

    fn address(ip: &str) -> EndpointAddress {
        EndpointAddress { ip: ip.into(), ..Default::default() }
    }

    // TestPrintEndpoint.
    #[test]
    fn endpoints_rows() {
        let mut ep = Endpoints::default();
        ep.metadata.name = "endpoint1".into();
        ep.metadata.creation_timestamp = Some(NOW);
        assert_eq!(endpoints(&ep, NOW), ["endpoint1", "<none>", "0s"]);
        ep.subsets = vec![EndpointSubset { addresses: vec![address("1.2.3.4"), address("5.6.7.8")], ..Default::default() }];
        assert_eq!(endpoints(&ep, NOW)[1], "1.2.3.4,5.6.7.8");
        ep.subsets[0].ports = vec![EndpointPort { port: 8001, protocol: Some("TCP".into()), ..Default::default() }];
        assert_eq!(endpoints(&ep, NOW)[1], "1.2.3.4:8001,5.6.7.8:8001");
        ep.subsets[0].addresses.extend([address("9.8.7.6"), address("6.6.6.6")]);
        assert_eq!(endpoints(&ep, NOW)[1], "1.2.3.4:8001,5.6.7.8:8001,9.8.7.6:8001 + 1 more...");
    }

    // TestPrintEndpointSlice.
    #[test]
    fn endpoint_slice_rows() {
        let mut s = EndpointSlice::default();
        s.metadata.name = "abcslice.123".into();
        s.metadata.creation_timestamp = Some(NOW);
        s.address_type = "IPv4".into();
        s.ports = vec![SlicePort { name: Some("http".into()), port: Some(80), protocol: Some("TCP".into()), ..Default::default() }];
        s.endpoints = vec![SliceEndpoint { addresses: vec!["10.1.2.3".into(), "2001:db8::1234:5678".into()], ..Default::default() }];
        assert_eq!(endpoint_slice(&s, NOW), ["abcslice.123", "IPv4", "80", "10.1.2.3,2001:db8::1234:5678", "0s"]);
        s.address_type = "IPv6".into();
        s.ports.push(SlicePort { name: Some("https".into()), port: Some(443), ..Default::default() });
        s.endpoints.push(SliceEndpoint { addresses: vec!["10.2.3.4".into()], ..Default::default() });
        s.endpoints.push(SliceEndpoint { addresses: vec!["2001:db8::2345:6789".into()], ..Default::default() });
        s.metadata.creation_timestamp = Some(NOW.plus_secs(-300));
        assert_eq!(endpoint_slice(&s, NOW), ["abcslice.123", "IPv6", "80,443", "10.1.2.3,2001:db8::1234:5678,10.2.3.4 + 1 more...", "5m"]);
        s.ports.clear();
        s.endpoints.clear();
        assert_eq!(endpoint_slice(&s, NOW)[2..4], ["<unset>", "<unset>"]);
    }
}

#[cfg(test)]
mod upstream_tables {
    //! Cases of upstream's TestPrintService(List), TestPrintServiceLoadBalancer
    //! and TestPrintEndpointSlice (pkg/printers/internalversion) that the first
    //! test module does not already cover, with their cells.
    use super::*;

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn svc(name: &str, type_: &str, ip: &str, ports_: &[(i32, &str)]) -> Service {
        let mut s = Service::default();
        s.metadata.name = name.into();
        s.spec.type_ = Some(type_.into());
        s.spec.cluster_ips = vec![ip.into()];
        s.spec.ports = ports_.iter().map(|(p, proto)| ServicePort { port: *p, protocol: Some((*proto).into()), ..Default::default() }).collect();
        s
    }

    fn lb(ingress: &[(&str, &str)]) -> ServiceStatus {
        let ingress = ingress
            .iter()
            .map(|(ip, host)| LoadBalancerIngress { ip: Some(ip.to_string()), hostname: Some(host.to_string()).filter(|h| !h.is_empty()), ..Default::default() })
            .collect();
        ServiceStatus { load_balancer: Some(LoadBalancerStatus { ingress }), conditions: vec![] }
    }

    #[test]
    fn services() {
        let s = svc("test3", "LoadBalancer", "10.9.8.7", &[(8888, "tcp")]);
        assert_eq!(service(&s, NOW)[..6], ["test3", "LoadBalancer", "10.9.8.7", "<pending>", "8888/tcp", "<unknown>"]);
        let s = svc("service2", "NodePort", "1.2.3.4", &[(5566, "udp")]);
        assert_eq!(service(&s, NOW)[..6], ["service2", "NodePort", "1.2.3.4", "<none>", "5566/udp", "<unknown>"]);

        // TestPrintServiceLoadBalancer.
        let mut s = svc("service1", "LoadBalancer", "1.2.3.4", &[(80, "TCP")]);
        s.status = lb(&[("2.3.4.5", ""), ("3.4.5.6", "")]);
        assert_eq!(service(&s, NOW)[..6], ["service1", "LoadBalancer", "1.2.3.4", "2.3.4.5,3.4.5.6", "80/TCP", "<unknown>"]);
        let s = svc("service2", "LoadBalancer", "1.3.4.5", &[(80, "TCP"), (8090, "UDP"), (8000, "TCP"), (7777, "SCTP")]);
        assert_eq!(service(&s, NOW)[..6], ["service2", "LoadBalancer", "1.3.4.5", "<pending>", "80/TCP,8090/UDP,8000/TCP,7777/SCTP", "<unknown>"]);
        let three = [(80, "TCP"), (8090, "UDP"), (8000, "TCP")];
        let mut s = svc("service3", "LoadBalancer", "1.4.5.6", &three);
        s.status = lb(&[("2.3.4.5", "")]);
        assert_eq!(service(&s, NOW)[..6], ["service3", "LoadBalancer", "1.4.5.6", "2.3.4.5", "80/TCP,8090/UDP,8000/TCP", "<unknown>"]);
        let mut s = svc("service4", "LoadBalancer", "1.5.6.7", &three);
        s.spec.selector.insert("foo".into(), "bar".into());
        s.status = lb(&[("2.3.4.5", ""), ("3.4.5.6", ""), ("5.6.7.8", "host5678")]);
        assert_eq!(external_ip(&s, false), "2.3.4.5,3.4.5...");
        assert_eq!(service(&s, NOW), ["service4", "LoadBalancer", "1.5.6.7", "2.3.4.5,3.4.5.6,5.6.7.8", "80/TCP,8090/UDP,8000/TCP", "<unknown>", "foo=bar"]);
    }

    // TestPrintEndpointSlice "multiportslice.123".
    #[test]
    fn endpoint_slice_many_ports() {
        let mut s = EndpointSlice::default();
        s.metadata.name = "multiportslice.123".into();
        s.metadata.creation_timestamp = Some(NOW.plus_secs(-300));
        s.address_type = "IPv4".into();
        s.ports = [("http", 80), ("https", 443), ("extra1", 3000), ("extra2", 3001)]
            .iter()
            .map(|(n, p)| SlicePort { name: Some(n.to_string()), port: Some(*p), protocol: Some("TCP".into()), ..Default::default() })
            .collect();
        s.endpoints = vec![
            SliceEndpoint { addresses: vec!["10.1.2.3".into(), "2001:db8::1234:5678".into()], ..Default::default() },
            SliceEndpoint { addresses: vec!["10.2.3.4".into(), "2001:db8::2345:6789".into()], ..Default::default() },
        ];
        assert_eq!(endpoint_slice(&s, NOW), ["multiportslice.123", "IPv4", "80,443,3000 + 1 more...", "10.1.2.3,2001:db8::1234:5678,10.2.3.4 + 1 more...", "5m"]);
    }

    // printNetworkPolicy: the pod selector as metav1.FormatLabelSelector
    // writes it, `<none>` for the empty one that selects every pod.
    #[test]
    fn network_policy_rows() {
        let np = |spec: serde_json::Value| -> NetworkPolicy { serde_json::from_value(serde_json::json!({"metadata": {"name": "np"}, "spec": spec})).expect("policy") };
        assert_eq!(network_policy(&np(serde_json::json!({"podSelector": {}})), NOW), ["np", "<none>", "<unknown>"]);
        let sel = serde_json::json!({"podSelector": {"matchLabels": {"app": "web"}, "matchExpressions": [{"key": "tier", "operator": "In", "values": ["a", "b"]}]}});
        assert_eq!(network_policy(&np(sel), NOW), ["np", "app=web,tier in (a,b)", "<unknown>"]);
    }
}
