//! `kubectl describe service` and `kubectl describe namespace`.

use super::policy::{describe_limit_ranges, describe_quotas};
use super::{annotations_multiline, finish_with_events, labels_multiline, Writer};
use crate::print::duration::rfc1123z;
use crate::print::format::labels;
use kubeplay_model::api::{EndpointSlice, Event, LimitRange, Namespace, ResourceQuota, Service, SliceEndpoint};
use kubeplay_model::{IntOrString, Time};

/// `formatEndpointSlices`: the ready (or unknown-readiness) endpoints'
/// `ip:port` for the ports named `port_name` (every port when `None`), the
/// first three then `+ N more...`; a slice without ports lists bare
/// addresses.
pub fn format_endpoint_slices(slices: &[&EndpointSlice], port_name: Option<&str>) -> String {
    const MAX: usize = 3;
    if slices.is_empty() {
        return "<none>".into();
    }
    let mut list: Vec<String> = Vec::new();
    let (mut more, mut count) = (false, 0usize);
    let mut add = |entry: String, ready: bool| {
        if list.len() == MAX {
            more = true;
        }
        if !ready {
            return;
        }
        if !more {
            list.push(entry);
        }
        count += 1;
    };
    for slice in slices {
        let ready = |e: &SliceEndpoint| e.conditions.ready != Some(false);
        let first = |e: &SliceEndpoint| e.addresses.first().cloned().unwrap_or_default();
        if slice.ports.is_empty() {
            for e in &slice.endpoints {
                add(first(e), ready(e));
            }
            continue;
        }
        for port in &slice.ports {
            if port_name.is_some_and(|n| port.name.as_deref().unwrap_or("") != n) {
                continue;
            }
            for e in &slice.endpoints {
                let addr = first(e);
                let host = if addr.contains(':') { format!("[{addr}]") } else { addr };
                add(format!("{host}:{}", port.port.unwrap_or(0)), ready(e));
            }
        }
    }
    let joined = list.join(",");
    if more {
        format!("{joined} + {} more...", count.saturating_sub(MAX))
    } else {
        joined
    }
}

/// `describeService`; `endpoint_slices` are the slices labelled with the
/// Service's name.
pub fn describe_service(svc: &Service, endpoint_slices: &[&EndpointSlice], events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let (m, spec) = (&svc.metadata, &svc.spec);
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("Selector:\t{}\n", labels(&spec.selector)));
    w.write(0, &format!("Type:\t{}\n", spec.type_.as_deref().unwrap_or("")));
    if let Some(p) = &spec.ip_family_policy {
        w.write(0, &format!("IP Family Policy:\t{p}\n"));
    }
    match spec.ip_families.as_ref().filter(|f| !f.is_empty()) {
        Some(f) => w.write(0, &format!("IP Families:\t{}\n", f.join(","))),
        None => w.write(0, "IP Families:\t<none>\n"),
    }
    w.write(0, &format!("IP:\t{}\n", spec.cluster_ip.as_deref().unwrap_or("")));
    if spec.cluster_ips.is_empty() {
        w.write(0, "IPs:\t<none>\n");
    } else {
        w.write(0, &format!("IPs:\t{}\n", spec.cluster_ips.join(",")));
    }
    if !spec.external_ips.is_empty() {
        w.write(0, &format!("External IPs:\t{}\n", spec.external_ips.join(",")));
    }
    if let Some(ip) = spec.load_balancer_ip.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("Desired LoadBalancer IP:\t{ip}\n"));
    }
    if let Some(en) = spec.external_name.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("External Name:\t{en}\n"));
    }
    let ingress = svc.status.load_balancer.as_ref().map(|lb| lb.ingress.as_slice()).unwrap_or(&[]);
    if !ingress.is_empty() {
        let list: Vec<String> = ingress
            .iter()
            .map(|i| match i.ip.as_deref().filter(|s| !s.is_empty()) {
                Some(ip) => match &i.ip_mode {
                    Some(mode) => format!("{ip} ({mode})"),
                    None => ip.to_string(),
                },
                None => i.hostname.clone().unwrap_or_default(),
            })
            .collect();
        w.write(0, &format!("LoadBalancer Ingress:\t{}\n", list.join(", ")));
    }
    for sp in &spec.ports {
        let name = sp.name.as_deref().filter(|n| !n.is_empty()).unwrap_or("<unset>");
        let proto = sp.protocol.as_deref().unwrap_or("");
        w.write(0, &format!("Port:\t{name}\t{}/{proto}\n", sp.port));
        match &sp.target_port {
            Some(IntOrString::Str(s)) => w.write(0, &format!("TargetPort:\t{s}/{proto}\n")),
            Some(IntOrString::Int(i)) => w.write(0, &format!("TargetPort:\t{i}/{proto}\n")),
            None => w.write(0, &format!("TargetPort:\t0/{proto}\n")),
        }
        if let Some(np) = sp.node_port.filter(|n| *n != 0) {
            w.write(0, &format!("NodePort:\t{name}\t{np}/{proto}\n"));
        }
        w.write(0, &format!("Endpoints:\t{}\n", format_endpoint_slices(endpoint_slices, Some(sp.name.as_deref().unwrap_or("")))));
    }
    w.write(0, &format!("Session Affinity:\t{}\n", spec.session_affinity.as_deref().unwrap_or("")));
    if let Some(p) = spec.external_traffic_policy.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("External Traffic Policy:\t{p}\n"));
    }
    if let Some(p) = &spec.internal_traffic_policy {
        w.write(0, &format!("Internal Traffic Policy:\t{p}\n"));
    }
    if let Some(p) = spec.health_check_node_port.filter(|p| *p != 0) {
        w.write(0, &format!("HealthCheck NodePort:\t{p}\n"));
    }
    if let Some(r) = spec.load_balancer_source_ranges.as_ref().and_then(|v| v.as_array()).filter(|a| !a.is_empty()) {
        let ranges: Vec<&str> = r.iter().filter_map(|x| x.as_str()).collect();
        w.write(0, &format!("LoadBalancer Source Ranges:\t{}\n", ranges.join(",")));
    }
    finish_with_events(w, events, now)
}

/// `describeNamespace` with the namespace's quotas and limit ranges.
pub fn describe_namespace(ns: &Namespace, quotas: &[&ResourceQuota], limit_ranges: &[&LimitRange]) -> String {
    let mut w = Writer::new();
    let m = &ns.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("Status:\t{}\n", ns.status.phase.as_deref().unwrap_or("")));
    if !ns.status.conditions.is_empty() {
        w.write(0, "Conditions:\n");
        w.write(1, "Type\tStatus\tLastTransitionTime\tReason\tMessage\n");
        w.write(1, "----\t------\t------------------\t------\t-------\n");
        for c in &ns.status.conditions {
            w.write(
                1,
                &format!("{}\t{}\t{}\t{}\t{}\n", c.type_, c.status, rfc1123z(c.last_transition_time), c.reason.as_deref().unwrap_or(""), c.message.as_deref().unwrap_or("")),
            );
        }
    }
    w.write(0, "\n");
    describe_quotas(&mut w, quotas);
    w.write(0, "\n");
    describe_limit_ranges(&mut w, limit_ranges);
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::*;

    const NOW: Time = kubeplay_model::time::EPOCH;

    // What `kubectl describe namespace default` prints on a fresh cluster.
    #[test]
    fn default_namespace() {
        let mut ns = Namespace::default();
        ns.metadata.name = "default".into();
        ns.metadata.labels.insert("kubernetes.io/metadata.name".into(), "default".into());
        ns.status.phase = Some("Active".into());
        assert_eq!(
            describe_namespace(&ns, &[], &[]),
            "Name:         default\nLabels:       kubernetes.io/metadata.name=default\nAnnotations:  <none>\nStatus:       Active\n\nNo resource quota.\n\nNo LimitRange resource.\n"
        );
    }

    // Layout of describe.go's describeService for a ClusterIP service with endpoints.
    #[test]
    fn cluster_ip_service() {
        let mut svc = Service::default();
        svc.metadata.name = "nginx".into();
        svc.metadata.namespace = "default".into();
        svc.metadata.labels.insert("app".into(), "nginx".into());
        svc.spec.selector.insert("app".into(), "nginx".into());
        svc.spec.type_ = Some("ClusterIP".into());
        svc.spec.ip_family_policy = Some("SingleStack".into());
        svc.spec.ip_families = Some(vec!["IPv4".into()]);
        svc.spec.cluster_ip = Some("10.96.120.15".into());
        svc.spec.cluster_ips = vec!["10.96.120.15".into()];
        svc.spec.ports = vec![ServicePort { port: 80, protocol: Some("TCP".into()), target_port: Some(IntOrString::Int(80)), ..Default::default() }];
        svc.spec.session_affinity = Some("None".into());
        svc.spec.internal_traffic_policy = Some("Cluster".into());
        let ready = |ip: &str| SliceEndpoint { addresses: vec![ip.into()], conditions: SliceConditions { ready: Some(true), ..Default::default() }, ..Default::default() };
        let slice = EndpointSlice {
            endpoints: vec![ready("10.244.1.2"), ready("10.244.2.2")],
            ports: vec![SlicePort { name: Some(String::new()), port: Some(80), protocol: Some("TCP".into()), ..Default::default() }],
            ..Default::default()
        };
        let out = describe_service(&svc, &[&slice], Some(&[]), NOW);
        let want = "\
Name:                     nginx
Namespace:                default
Labels:                   app=nginx
Annotations:              <none>
Selector:                 app=nginx
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.96.120.15
IPs:                      10.96.120.15
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
Endpoints:                10.244.1.2:80,10.244.2.2:80
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>
";
        assert_eq!(out, want);
        let out = describe_service(&svc, &[], None, NOW);
        assert!(out.contains("Endpoints:                <none>\n"), "{out}");
    }
}
