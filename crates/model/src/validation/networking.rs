//! networking.k8s.io/v1: Ingress, IngressClass and NetworkPolicy
//! (pkg/apis/networking/validation).

use super::common::{self, Errs};
use super::field::{BadValue, FieldError, Path};
use super::meta;
use crate::api::{parse_cidr, cidr_contains, Ingress, IngressBackend, IngressClass, IngressClassParameters, IngressSpec, IpBlock, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort, NetworkPolicySpec, TypedLocalObjectReference};
use crate::intstr::IntOrString;
use crate::names::{self, NameRule};

/// The annotation older Ingresses name their class with.
pub const INGRESS_CLASS_ANNOTATION: &str = "kubernetes.io/ingress.class";
const INVALID_PATH_SEQUENCES: &[&str] = &["//", "/./", "/../", "%2f", "%2F"];
const INVALID_PATH_SUFFIXES: &[&str] = &["/..", "/."];
const MAX_LEN_INGRESS_CLASS_CONTROLLER: usize = 250;

/// What an update may keep that a create may not: values an older server
/// accepted and that are still stored.
#[derive(Default)]
struct Options {
    allow_invalid_secret_name: bool,
    allow_invalid_wildcard_host_rule: bool,
}

/// `ValidateIngressCreate`.
pub(super) fn ingress(ing: &Ingress) -> Errs {
    let mut errs = ingress_common(ing, &Options::default());
    let annotation = ing.metadata.annotations.get(INGRESS_CLASS_ANNOTATION);
    if let (Some(a), Some(class)) = (annotation, &ing.spec.ingress_class_name) {
        if a != class {
            // Upstream names the annotation as a child, not a key: `annotations.kubernetes.io/ingress.class`.
            let p = Path::new("annotations");
            errs.push(FieldError::invalid(&p.child(INGRESS_CLASS_ANNOTATION), BadValue::str(a.as_str()), "must match `ingressClassName` when both are specified"));
        }
    }
    errs
}

/// `ValidateIngressUpdate`.
pub(super) fn ingress_update(new: &Ingress, old: &Ingress) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    let opts = Options {
        allow_invalid_secret_name: old.spec.tls.iter().any(|t| !tls_secret_name(t.secret_name.as_deref()).is_empty()),
        allow_invalid_wildcard_host_rule: old.spec.rules.iter().any(|r| {
            r.host.as_deref().is_some_and(|h| h.contains('*')) && r.http.as_ref().is_some_and(|h| !http_rule(h, &Path::nil()).is_empty())
        }),
    };
    errs.extend(ingress_common(new, &opts));
    errs
}

fn ingress_common(ing: &Ingress, opts: &Options) -> Errs {
    let mut errs = meta::object_meta(&ing.metadata, true, NameRule::DnsSubdomain);
    errs.extend(spec(&ing.spec, &Path::new("spec"), opts));
    errs
}

/// `ValidateIngressSpec`.
fn spec(s: &IngressSpec, path: &Path, opts: &Options) -> Errs {
    let mut errs = Vec::new();
    if s.rules.is_empty() && s.default_backend.is_none() {
        // `%v` of the nil rules slice.
        errs.push(FieldError::invalid(path, BadValue::GoSyntax("[]networking.IngressRule(nil)".into()), "either `defaultBackend` or `rules` must be specified"));
    }
    if let Some(b) = &s.default_backend {
        errs.extend(backend(b, &path.child("defaultBackend")));
    }
    let rules = path.child("rules");
    for (i, rule) in s.rules.iter().enumerate() {
        let at = rules.index(i);
        let host = rule.host.as_deref().unwrap_or("");
        let mut wildcard = false;
        if !host.is_empty() {
            if names::is_ip(host) {
                errs.push(FieldError::invalid(&at.child("host"), BadValue::str(host), "must be a DNS name, not an IP address"));
            }
            if host.contains('*') {
                errs.extend(common::each(&at.child("host"), host, names::is_wildcard_dns1123_subdomain(host)));
                wildcard = true;
            } else {
                errs.extend(common::each(&at.child("host"), host, names::is_dns1123_subdomain(host)));
            }
        }
        if !wildcard || !opts.allow_invalid_wildcard_host_rule {
            if let Some(http) = &rule.http {
                errs.extend(http_rule(http, &at.child("http")));
            }
        }
    }
    let tls = path.child("tls");
    for (i, t) in s.tls.iter().enumerate() {
        let at = tls.index(i);
        let hosts = at.child("hosts");
        for (j, host) in t.hosts.iter().enumerate() {
            let msgs = if host.contains('*') { names::is_wildcard_dns1123_subdomain(host) } else { names::is_dns1123_subdomain(host) };
            errs.extend(common::each(&hosts.index(j), host, msgs));
        }
        if !opts.allow_invalid_secret_name {
            let name = t.secret_name.as_deref().unwrap_or("");
            errs.extend(common::each(&at.child("secretName"), name, tls_secret_name(Some(name))));
        }
    }
    if let Some(class) = &s.ingress_class_name {
        errs.extend(common::each(&path.child("ingressClassName"), class, NameRule::DnsSubdomain.check(class, false)));
    }
    errs
}

fn tls_secret_name(name: Option<&str>) -> Vec<String> {
    match name {
        None | Some("") => Vec::new(),
        Some(n) => NameRule::DnsSubdomain.check(n, false),
    }
}

/// `validateHTTPIngressRuleValue`.
fn http_rule(http: &crate::api::HttpIngressRuleValue, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let paths = path.child("paths");
    if http.paths.is_empty() {
        errs.push(FieldError::required(&paths, ""));
    }
    for (i, p) in http.paths.iter().enumerate() {
        let at = paths.index(i);
        let Some(path_type) = p.path_type.as_deref() else {
            errs.push(FieldError::required(&at.child("pathType"), "pathType must be specified"));
            continue;
        };
        let value = p.path.as_deref().unwrap_or("");
        let bad = |detail: String| FieldError::invalid(&at.child("path"), BadValue::str(value), detail);
        match path_type {
            "Exact" | "Prefix" => {
                if !value.starts_with('/') {
                    errs.push(bad("must be an absolute path".into()));
                }
                if !value.is_empty() {
                    for seq in INVALID_PATH_SEQUENCES.iter().filter(|s| value.contains(**s)) {
                        errs.push(bad(format!("must not contain '{seq}'")));
                    }
                    for suffix in INVALID_PATH_SUFFIXES.iter().filter(|s| value.ends_with(**s)) {
                        errs.push(bad(format!("cannot end with '{suffix}'")));
                    }
                }
            }
            "ImplementationSpecific" => {
                if !value.is_empty() && !value.starts_with('/') {
                    errs.push(bad("must be an absolute path".into()));
                }
            }
            other => errs.push(FieldError::not_supported(&at.child("pathType"), BadValue::str(other), &["Exact", "ImplementationSpecific", "Prefix"])),
        }
        errs.extend(backend(&p.backend, &at.child("backend")));
    }
    errs
}

/// `validateIngressBackend`.
fn backend(b: &IngressBackend, path: &Path) -> Errs {
    let mut errs = Vec::new();
    match (&b.resource, &b.service) {
        (Some(_), Some(_)) => errs.push(FieldError::invalid(path, BadValue::str(""), "cannot set both resource and service backends")),
        (Some(r), None) => errs.extend(typed_local_reference(r, &path.child("resource"))),
        (None, Some(svc)) => {
            let svc_path = path.child("service");
            if svc.name.is_empty() {
                errs.push(FieldError::required(&svc_path.child("name"), ""));
            } else {
                errs.extend(common::each(&svc_path.child("name"), &svc.name, NameRule::Dns1035Label.check(&svc.name, false)));
            }
            let port = svc.port.clone().unwrap_or_default();
            let name = port.name.as_deref().unwrap_or("");
            let number = port.number.unwrap_or(0);
            let port_path = svc_path.child("port");
            match (!name.is_empty(), number != 0) {
                (true, true) => errs.push(FieldError::invalid(path, BadValue::str(""), "cannot set both port name & port number")),
                (true, false) => errs.extend(common::each(&port_path.child("name"), name, names::is_valid_port_name(name))),
                (false, true) => {
                    for m in names::is_valid_port_num(number.into()) {
                        errs.push(FieldError::invalid(&port_path.child("number"), BadValue::int(number), m));
                    }
                }
                (false, false) => errs.push(FieldError::required(path, "port name or number is required")),
            }
        }
        (None, None) => errs.push(FieldError::invalid(path, BadValue::str(""), "resource or service backend is required")),
    }
    errs
}

/// `validateIngressTypedLocalObjectReference`.
fn typed_local_reference(r: &TypedLocalObjectReference, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if let Some(group) = &r.api_group {
        errs.extend(common::each(&path.child("apiGroup"), group, names::is_dns1123_subdomain(group)));
    }
    for (field, value, required) in [("kind", &r.kind, "kind is required"), ("name", &r.name, "name is required")] {
        if value.is_empty() {
            errs.push(FieldError::required(&path.child(field), required));
        } else {
            errs.extend(common::path_segment_name(value, &path.child(field)));
        }
    }
    errs
}

/// `ValidateIngressClass`.
pub(super) fn ingress_class(c: &IngressClass) -> Errs {
    let mut errs = meta::object_meta(&c.metadata, false, NameRule::DnsSubdomain);
    let sp = Path::new("spec");
    let controller = c.spec.controller.as_deref().unwrap_or("");
    if controller.len() > MAX_LEN_INGRESS_CLASS_CONTROLLER {
        errs.push(FieldError::too_long(&sp.child("controller"), MAX_LEN_INGRESS_CLASS_CONTROLLER));
    }
    errs.extend(common::domain_prefixed_path(controller, &sp.child("controller")));
    if let Some(p) = &c.spec.parameters {
        errs.extend(class_parameters(p, &sp.child("parameters")));
    }
    errs
}

/// `ValidateIngressClassUpdate`: the controller is immutable.
pub(super) fn ingress_class_update(new: &IngressClass, old: &IngressClass) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    if new.spec.controller != old.spec.controller {
        errs.push(common::immutable(BadValue::str(new.spec.controller.as_deref().unwrap_or("")), &Path::new("spec").child("controller")));
    }
    errs.extend(ingress_class(new));
    errs
}

/// `validateIngressClassParametersReference`.
fn class_parameters(p: &IngressClassParameters, path: &Path) -> Errs {
    let reference = TypedLocalObjectReference { api_group: p.api_group.clone(), kind: p.kind.clone(), name: p.name.clone() };
    let mut errs = typed_local_reference(&reference, path);
    let Some(scope) = p.scope.as_deref() else {
        errs.push(FieldError::required(&path.child("scope"), ""));
        return errs;
    };
    match scope {
        "Namespace" => match p.namespace.as_deref() {
            None => errs.push(FieldError::required(&path.child("namespace"), "`parameters.scope` is set to 'Namespace'")),
            Some(ns) => errs.extend(common::each(&path.child("namespace"), ns, NameRule::DnsLabel.check(ns, false))),
        },
        "Cluster" => {
            if p.namespace.is_some() {
                errs.push(FieldError::forbidden(&path.child("namespace"), "`parameters.scope` is set to 'Cluster'"));
            }
        }
        other => errs.push(FieldError::not_supported(&path.child("scope"), BadValue::str(other), &["Cluster", "Namespace"])),
    }
    errs
}

/// `ValidateNetworkPolicy`.
pub(super) fn network_policy(np: &NetworkPolicy) -> Errs {
    let mut errs = meta::object_meta(&np.metadata, true, NameRule::DnsSubdomain);
    errs.extend(network_policy_spec(&np.spec, false, &Path::new("spec")));
    errs
}

/// The strategy's `ValidateUpdate`: `ValidateNetworkPolicy` and then
/// `ValidateNetworkPolicyUpdate`, so spec errors come twice (the message
/// lists each once). A stored pod selector with label values an older
/// server accepted may stay.
pub(super) fn network_policy_update(new: &NetworkPolicy, old: &NetworkPolicy) -> Errs {
    let allow_invalid = !common::label_selector(Some(&old.spec.pod_selector), false, &Path::nil()).is_empty();
    let spec = Path::new("spec");
    let mut errs = meta::object_meta(&new.metadata, true, NameRule::DnsSubdomain);
    errs.extend(network_policy_spec(&new.spec, allow_invalid, &spec));
    errs.extend(meta::object_meta_update(&new.metadata, &old.metadata));
    errs.extend(network_policy_spec(&new.spec, allow_invalid, &spec));
    errs
}

/// `ValidateNetworkPolicySpec`.
fn network_policy_spec(spec: &NetworkPolicySpec, allow_invalid: bool, path: &Path) -> Errs {
    let mut errs = common::label_selector(Some(&spec.pod_selector), allow_invalid, &path.child("podSelector"));
    let ingress = path.child("ingress");
    for (i, rule) in spec.ingress.iter().enumerate() {
        let at = ingress.index(i);
        let ports = at.child("ports");
        for (j, port) in rule.ports.iter().enumerate() {
            errs.extend(network_policy_port(port, &ports.index(j)));
        }
        let from = at.child("from");
        for (j, peer) in rule.from.iter().enumerate() {
            errs.extend(network_policy_peer(peer, allow_invalid, &from.index(j)));
        }
    }
    let egress = path.child("egress");
    for (i, rule) in spec.egress.iter().enumerate() {
        let at = egress.index(i);
        let ports = at.child("ports");
        for (j, port) in rule.ports.iter().enumerate() {
            errs.extend(network_policy_port(port, &ports.index(j)));
        }
        let to = at.child("to");
        for (j, peer) in rule.to.iter().enumerate() {
            errs.extend(network_policy_peer(peer, allow_invalid, &to.index(j)));
        }
    }
    let types = path.child("policyTypes");
    if spec.policy_types.len() > 2 {
        let items: Vec<String> = spec.policy_types.iter().map(|t| crate::goquote::quote(t)).collect();
        let value = BadValue::GoSyntax(format!("[]networking.PolicyType{{{}}}", items.join(", ")));
        errs.push(FieldError::invalid(&types, value, "may not specify more than two policyTypes"));
        return errs;
    }
    for (i, t) in spec.policy_types.iter().enumerate() {
        if t != "Ingress" && t != "Egress" {
            errs.push(FieldError::not_supported(&types.index(i), BadValue::str(t.as_str()), &["Ingress", "Egress"]));
        }
    }
    errs
}

/// `ValidateNetworkPolicyPort`.
fn network_policy_port(port: &NetworkPolicyPort, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if let Some(p) = port.protocol.as_deref().filter(|p| !matches!(*p, "TCP" | "UDP" | "SCTP")) {
        errs.push(FieldError::not_supported(&path.child("protocol"), BadValue::str(p), &["TCP", "UDP", "SCTP"]));
    }
    let end_path = path.child("endPort");
    match (&port.port, port.end_port) {
        (Some(IntOrString::Int(n)), end) => {
            for m in names::is_valid_port_num((*n).into()) {
                errs.push(FieldError::invalid(&path.child("port"), BadValue::int(*n), m));
            }
            if let Some(end) = end {
                if end < *n {
                    errs.push(FieldError::invalid(&end_path, BadValue::int(end), "must be greater than or equal to `port`"));
                }
                for m in names::is_valid_port_num(end.into()) {
                    errs.push(FieldError::invalid(&end_path, BadValue::int(end), m));
                }
            }
        }
        (Some(IntOrString::Str(name)), end) => {
            if let Some(end) = end {
                errs.push(FieldError::invalid(&end_path, BadValue::int(end), "may not be specified when `port` is non-numeric"));
            }
            errs.extend(common::each(&path.child("port"), name, names::is_valid_port_name(name)));
        }
        (None, Some(end)) => errs.push(FieldError::invalid(&end_path, BadValue::int(end), "may not be specified when `port` is not specified")),
        (None, None) => {}
    }
    errs
}

/// `ValidateNetworkPolicyPeer`: exactly one kind of peer, except that a
/// pod and a namespace selector may go together.
fn network_policy_peer(peer: &NetworkPolicyPeer, allow_invalid: bool, path: &Path) -> Errs {
    let mut errs = common::label_selector(peer.pod_selector.as_ref(), allow_invalid, &path.child("podSelector"));
    errs.extend(common::label_selector(peer.namespace_selector.as_ref(), allow_invalid, &path.child("namespaceSelector")));
    if let Some(b) = &peer.ip_block {
        errs.extend(ip_block(b, &path.child("ipBlock")));
    }
    let peers = [peer.pod_selector.is_some(), peer.namespace_selector.is_some(), peer.ip_block.is_some()].iter().filter(|b| **b).count();
    if peers == 0 {
        errs.push(FieldError::required(path, "must specify a peer"));
    } else if peers > 1 && peer.ip_block.is_some() {
        errs.push(FieldError::forbidden(path, "may not specify both ipBlock and another peer"));
    }
    errs
}

/// `ValidateIPBlock` (v1.32, before strict CIDR validation): each except
/// must be a strictly smaller network inside `cidr`.
fn ip_block(b: &IpBlock, path: &Path) -> Errs {
    if b.cidr.is_empty() {
        return vec![FieldError::required(&path.child("cidr"), "")];
    }
    let Some(net) = parse_cidr(&b.cidr) else {
        return vec![FieldError::invalid(&path.child("cidr"), BadValue::str(b.cidr.as_str()), "not a valid CIDR")];
    };
    let mut errs = Vec::new();
    let except = path.child("except");
    for (i, e) in b.except.iter().enumerate() {
        let at = except.index(i);
        let Some(inner) = parse_cidr(e) else {
            // Upstream stops at the first unparsable except.
            errs.push(FieldError::invalid(&at, BadValue::str(e.as_str()), "not a valid CIDR"));
            return errs;
        };
        if !cidr_contains(net, inner.0) || net.1 >= inner.1 {
            errs.push(FieldError::invalid(&at, BadValue::str(e.as_str()), "must be a strict subset of `cidr`"));
        }
    }
    errs
}
