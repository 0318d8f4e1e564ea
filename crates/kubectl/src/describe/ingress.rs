//! `kubectl describe ingress` and `kubectl describe ingressclass`
//! (describe.go's `IngressDescriber.describeIngressV1` and
//! `IngressClassDescriber.describeIngressClassV1`).

use super::service::format_endpoint_slices;
use super::{annotations_multiline, finish_with_events, labels_multiline, Writer};
use crate::print::columns::network::ingress_addresses;
use kubeplay_model::api::{EndpointSlice, Event, Ingress, IngressBackend, IngressClass, IngressServiceBackend, Service};
use kubeplay_model::Time;

/// What a service backend leads to: the Services and EndpointSlices of the
/// Ingress's namespace.
pub struct Backends<'a> {
    pub services: &'a [&'a Service],
    pub slices: &'a [&'a EndpointSlice],
}

/// `serviceBackendStringer`: `name:port`, the port by number when set.
fn service_backend(b: &IngressServiceBackend) -> String {
    let port = b.port.as_ref();
    match port.and_then(|p| p.number).filter(|n| *n != 0) {
        Some(n) => format!("{}:{n}", b.name),
        None => format!("{}:{}", b.name, port.and_then(|p| p.name.as_deref()).unwrap_or("")),
    }
}

impl Backends<'_> {
    /// `describeBackendV1`: a service backend with the ready endpoints of
    /// the Service port it names (or why there are none to show), a
    /// resource backend by group, kind and name.
    fn describe(&self, b: &IngressBackend) -> String {
        if let Some(svc) = &b.service {
            let sb = service_backend(svc);
            let Some(service) = self.services.iter().find(|s| s.metadata.name == svc.name) else {
                return format!("{sb} (<error: services \"{}\" not found>)", svc.name);
            };
            let number = svc.port.as_ref().and_then(|p| p.number).unwrap_or(0);
            let name = svc.port.as_ref().and_then(|p| p.name.as_deref()).unwrap_or("");
            // The last matching port wins, as upstream's loop overwrites.
            let mut port_name = "";
            for sp in &service.spec.ports {
                let sp_name = sp.name.as_deref().unwrap_or("");
                if (number != 0 && number == sp.port) || (!name.is_empty() && name == sp_name) {
                    port_name = sp_name;
                }
            }
            let slices: Vec<&EndpointSlice> = self.slices.iter().copied().filter(|e| e.metadata.labels.get("kubernetes.io/service-name").is_some_and(|n| *n == svc.name)).collect();
            return format!("{sb} ({})", format_endpoint_slices(&slices, Some(port_name)));
        }
        if let Some(r) = &b.resource {
            return format!("APIGroup: {}, Kind: {}, Name: {}", r.api_group.as_deref().unwrap_or("<none>"), r.kind, r.name);
        }
        String::new()
    }
}

/// `describeIngressV1`: rules without an HTTP section are left out; with
/// none left, one `* *` row shows the default backend.
pub fn describe_ingress(ing: &Ingress, backends: &Backends, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let (m, spec) = (&ing.metadata, &ing.spec);
    w.write(0, &format!("Name:\t{}\n", m.name));
    labels_multiline(&mut w, "Labels", &m.labels);
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    w.write(0, &format!("Address:\t{}\n", ingress_addresses(&ing.status.load_balancer)));
    w.write(0, &format!("Ingress Class:\t{}\n", spec.ingress_class_name.as_deref().unwrap_or("<none>")));
    let default = spec.default_backend.as_ref().map_or_else(|| "<default>".to_string(), |b| backends.describe(b));
    w.write(0, &format!("Default backend:\t{default}\n"));
    if !spec.tls.is_empty() {
        w.write(0, "TLS:\n");
        for t in &spec.tls {
            match t.secret_name.as_deref().filter(|s| !s.is_empty()) {
                None => w.write(1, &format!("SNI routes {}\n", t.hosts.join(","))),
                Some(s) => w.write(1, &format!("{s} terminates {}\n", t.hosts.join(","))),
            }
        }
    }
    w.write(0, "Rules:\n  Host\tPath\tBackends\n");
    w.write(1, "----\t----\t--------\n");
    let mut count = 0;
    for rule in &spec.rules {
        let Some(http) = &rule.http else { continue };
        count += 1;
        w.write(1, &format!("{}\t\n", rule.host.as_deref().filter(|h| !h.is_empty()).unwrap_or("*")));
        for p in &http.paths {
            w.write(2, &format!("\t{} \t{}\n", p.path.as_deref().unwrap_or(""), backends.describe(&p.backend)));
        }
    }
    if count == 0 {
        w.write(1, &format!("*\t*\t{default}\n"));
    }
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    finish_with_events(w, events, now)
}

/// `describeIngressClassV1`.
pub fn describe_ingress_class(c: &IngressClass, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &c.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("Controller:\t{}\n", c.spec.controller.as_deref().unwrap_or("")));
    if let Some(p) = &c.spec.parameters {
        w.write(0, "Parameters:\n");
        if let Some(g) = &p.api_group {
            w.write(1, &format!("APIGroup:\t{g}\n"));
        }
        w.write(1, &format!("Kind:\t{}\n", p.kind));
        w.write(1, &format!("Name:\t{}\n", p.name));
    }
    finish_with_events(w, events, now)
}
