//! curl in a container to the API server: `https://kubernetes.default.svc`
//! (and the other names of the `kubernetes` Service), its ClusterIP, or the
//! control plane's own address and port, as the task page "Accessing the
//! Kubernetes API from a Pod" does. curl first checks the server's
//! certificate (signed by the cluster CA, for the Service's names and
//! addresses), which `--cacert` with the pod's `ca.crt` lets it verify and
//! `-k` skips; then kube-apiserver's filters run in their order:
//! authentication of the `Authorization: Bearer` token (the pod's
//! projected token, or any the cluster issued; none is `system:anonymous`),
//! flow control (whose ids go in the headers), then RBAC on the request's
//! attributes as the server's RequestInfo resolver reads them from the
//! method and path; behind them the same handlers `kubectl proxy` reaches.

use crate::exec::config_authn;
use crate::exec::proxy::{self, api_answer, uuid, write::Write, Answer};
use super::super::fs::Fs;
use super::super::tools::{Curl, Outcome, Reply, Wget};
use crate::cli::Authenticated;
use kubeplay_apiserver::authz::{self, Attributes, Decision, UserInfo};
use kubeplay_engine::network::{Plan, Route, Target, Url};
use kubeplay_engine::Engine;
use kubeplay_model::api::certificates::x509::pem_decode;

/// The port the API server listens on, on the control-plane node.
pub const SECURE_PORT: i32 = 6443;

/// What the control-plane node's address and port are: the API server.
pub fn is_endpoint(ip: &str, port: i32) -> bool {
    port == SECURE_PORT && ip == kubeplay_engine::bootstrap::node_ip(0)
}

/// Whether every way a request can go ends at the API server (the
/// `kubernetes` Service's one endpoint, or the address itself).
pub fn reaches(plan: &Plan) -> bool {
    let api = |r: &Route| matches!(r, Route::External { ip, port } if is_endpoint(ip, *port));
    match &plan.target {
        Target::Fixed(r) => api(r),
        Target::PerAddress(rs) => !rs.is_empty() && rs.iter().all(api),
        Target::Service { backends, .. } => !backends.is_empty() && backends.iter().all(|b| is_endpoint(&b.ip, b.port)),
    }
}

/// kind's API server certificate's subject alternative names: the node's
/// name, the `kubernetes` Service's names and ClusterIP, the node's
/// address and loopback.
fn serves_name(engine: &Engine, host: &str) -> bool {
    let host = host.trim_end_matches('.');
    let service_ip = engine
        .store()
        .get_by(kubeplay_model::Kind::Service, "default", "kubernetes")
        .and_then(|o| o.as_service())
        .and_then(|s| s.spec.cluster_ip.clone())
        .unwrap_or_else(|| "10.96.0.1".into());
    let node_ip = kubeplay_engine::bootstrap::node_ip(0);
    let node = engine
        .store()
        .list(kubeplay_model::Kind::Node, None)
        .filter_map(|n| n.as_node())
        .find(|n| n.status.addresses.iter().any(|a| a.address == node_ip))
        .map(|n| n.metadata.name.to_string());
    let fixed = ["kubernetes", "kubernetes.default", "kubernetes.default.svc", "kubernetes.default.svc.cluster.local", "localhost", "127.0.0.1"];
    fixed.contains(&host) || host == service_ip || host == node_ip || node.as_deref() == Some(host)
}

/// curl's help after a certificate it could not verify (its wording
/// changed in 8.3, "web page" becoming "webpage").
fn ca_help(agent: &str) -> String {
    let newer = agent.strip_prefix("curl/").is_some_and(|v| !super::version_below(v, &[8, 3]));
    let page = if newer { "webpage" } else { "web page" };
    format!("More details here: https://curl.se/docs/sslcerts.html\n\ncurl failed to verify the legitimacy of the server and therefore could not\nestablish a secure connection to it. To learn more about this situation and\nhow to fix it, please visit the {page} mentioned above.")
}

/// The certificates in a PEM file, as DER.
fn certificates(text: &str) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut rest = text.as_bytes();
    while let Some((block, after)) = pem_decode(rest) {
        if block.type_ == "CERTIFICATE" {
            out.push(block.bytes);
        }
        rest = after;
    }
    out
}

/// The cluster CA's certificate, as DER.
fn cluster_ca() -> Vec<u8> {
    let ca = crate::exec::config::kind_cluster().certificate_authority_data;
    certificates(&String::from_utf8_lossy(&ca)).into_iter().next().unwrap_or_default()
}

/// curl's (OpenSSL's) checks of the server's certificate: `Err` is how it
/// gave up. `read` reads a file in the container.
pub fn verify(c: &Curl, host: &str, agent: &str, engine: &Engine, read: &dyn Fn(&str) -> Option<String>) -> Result<(), Outcome> {
    if c.insecure {
        // Without verification curl does not even load --cacert's file.
        return Ok(());
    }
    let trusted = match &c.cacert {
        Some(path) => {
            let certs = read(path).map(|t| certificates(&t)).unwrap_or_default();
            if certs.is_empty() {
                return Err(Outcome::Failed { code: 77, error: format!("curl: (77) error setting certificate file: {path}") });
            }
            certs.contains(&cluster_ca())
        }
        // The image's bundle holds public CAs, not the cluster's.
        None => false,
    };
    if !trusted {
        return Err(Outcome::Failed { code: 60, error: format!("curl: (60) SSL certificate problem: unable to get local issuer certificate\n{}", ca_help(agent)) });
    }
    if !serves_name(engine, host) {
        return Err(Outcome::Failed { code: 60, error: format!("curl: (60) SSL: no alternative certificate subject name matches target host name '{host}'\n{}", ca_help(agent)) });
    }
    Ok(())
}

/// What the API server's RequestInfo resolver reads from a request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RequestInfo {
    pub resource_request: bool,
    pub path: String,
    pub verb: String,
    pub api_group: String,
    pub namespace: String,
    pub resource: String,
    pub subresource: String,
    pub name: String,
}

impl RequestInfo {
    /// The request as the authorizer sees it.
    pub fn attributes<'a>(&'a self, user: &'a UserInfo) -> Attributes<'a> {
        Attributes {
            user: Some(user),
            verb: &self.verb,
            namespace: &self.namespace,
            api_group: &self.api_group,
            resource: &self.resource,
            subresource: &self.subresource,
            name: &self.name,
            path: (!self.resource_request).then_some(self.path.as_str()),
        }
    }
}

/// `RequestInfoFactory.NewRequestInfo` for kube-apiserver's prefixes
/// (`/api` without a group, `/apis` with one): a path too short for a
/// resource, or under neither prefix, is a non-resource request whose
/// verb is the method's; a resource request's verb is the method's REST
/// verb, a GET without a name being a list (a watch with `watch=true`).
pub fn request_info(method: &str, path: &str, query: &str) -> RequestInfo {
    let mut info = RequestInfo { path: path.to_string(), verb: method.to_ascii_lowercase(), ..Default::default() };
    let parts: Vec<&str> = path.trim_matches('/').split('/').filter(|p| !p.is_empty()).collect();
    let rest = match parts.as_slice() {
        ["api", version, rest @ ..] if !rest.is_empty() => (String::new(), *version, rest),
        ["apis", group, version, rest @ ..] if !rest.is_empty() => (group.to_string(), *version, rest),
        _ => return info,
    };
    let (group, _version, mut rest) = rest;
    info.resource_request = true;
    info.api_group = group;
    let mut verb_in_path = false;
    if matches!(rest[0], "proxy" | "watch") && rest.len() >= 2 {
        info.verb = rest[0].to_string();
        rest = &rest[1..];
        verb_in_path = true;
    } else {
        info.verb = match method {
            "POST" => "create",
            "GET" | "HEAD" => "get",
            "PUT" => "update",
            "PATCH" => "patch",
            "DELETE" => "delete",
            _ => "",
        }
        .to_string();
    }
    if rest[0] == "namespaces" {
        if let Some(ns) = rest.get(1) {
            info.namespace = ns.to_string();
            if rest.len() > 2 && !matches!(rest[2], "status" | "finalize") {
                rest = &rest[2..];
            }
        }
    }
    info.resource = rest[0].to_string();
    if let Some(name) = rest.get(1) {
        info.name = name.to_string();
    }
    // After `proxy`'s name comes the path to proxy to, not a subresource.
    if rest.len() >= 3 && info.verb != "proxy" {
        info.subresource = rest[2].to_string();
    }
    if info.name.is_empty() && info.verb == "get" && !verb_in_path {
        let params: Vec<(&str, &str)> = query.split('&').map(|p| p.split_once('=').unwrap_or((p, ""))).collect();
        // ListOptions' watch, a Go bool.
        let watch = params.iter().any(|(k, v)| *k == "watch" && matches!(*v, "1" | "t" | "T" | "true" | "TRUE" | "True"));
        info.verb = if watch { "watch" } else { "list" }.into();
        // A list of one name by field selector is authorized as that name.
        let named = params.iter().find(|(k, _)| *k == "fieldSelector").and_then(|(_, v)| v.strip_prefix("metadata.name==").or_else(|| v.strip_prefix("metadata.name=")));
        if let Some(name) = named.filter(|n| !n.is_empty() && !n.contains(['/', '%', ',', '=']) && *n != "." && *n != "..") {
            info.name = name.to_string();
        }
    }
    if info.name.is_empty() && info.verb == "delete" {
        info.verb = "deletecollection".into();
    }
    info
}

/// The flow schema and priority level API Priority and Fairness puts a
/// request in (kube-apiserver's suggested configuration), whose ids its
/// responses carry.
fn flow(user: &UserInfo, info: &RequestInfo) -> (&'static str, &'static str) {
    let in_group = |g: &str| user.groups.iter().any(|x| x == g);
    if in_group(authz::SYSTEM_MASTERS) {
        return ("exempt", "exempt");
    }
    if !info.resource_request && info.verb == "get" && matches!(info.path.as_str(), "/healthz" | "/readyz" | "/livez") {
        return ("probes", "exempt");
    }
    match authz::split_service_account(&user.name) {
        Some(("kube-system", _)) => ("kube-system-service-accounts", "workload-high"),
        Some(_) => ("service-accounts", "workload-low"),
        None => ("global-default", "global-default"),
    }
}

/// The answer's flow-control headers for the request's own flow (the
/// proxy's answers carry kind's admin's, which is exempt).
fn reflow(a: &mut Answer, (schema, level): (&str, &str)) {
    for h in &mut a.headers {
        if h.starts_with("X-Kubernetes-Pf-Flowschema-Uid:") {
            *h = format!("X-Kubernetes-Pf-Flowschema-Uid: {}", uuid(&format!("flowschema/{schema}")));
        } else if h.starts_with("X-Kubernetes-Pf-Prioritylevel-Uid:") {
            *h = format!("X-Kubernetes-Pf-Prioritylevel-Uid: {}", uuid(&format!("prioritylevel/{level}")));
        }
    }
}

/// A failure Status from the API server's filters.
fn status(code: u16, reason: &str, message: &str, details: Option<(&str, &str, &str)>, engine: &Engine, seed: &str) -> Answer {
    api_answer(code, Some("application/json"), proxy::status_json(code, reason, message, details), engine.now(), seed)
}

/// The headers a request may carry that the simulated API server reads;
/// None when all of them are, else the playground's refusal.
pub fn unread_header(c: &Curl) -> Option<String> {
    let unread = c.headers.iter().find(|h| {
        let (name, value) = h.split_once(':').unwrap_or((h, ""));
        let value = value.trim().to_ascii_lowercase();
        match name.trim().to_ascii_lowercase().as_str() {
            "authorization" | "content-type" => false,
            "accept" => !(value.is_empty() || value.starts_with("application/json") || value == "*/*"),
            _ => true,
        }
    })?;
    Some(format!("curl: (playground) the simulated API server reads the Authorization, Accept (JSON) and Content-Type headers, not -H {unread:?}"))
}

/// The API server's answer to `c`'s request for `target` (path and
/// query), past curl's own checks.
pub fn answer(c: &Curl, target: &str, engine: &mut Engine) -> Answer {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let now = engine.now();
    let who: Authenticated = match config_authn::bearer(c.header("Authorization"), engine.store(), now) {
        Ok(Some(who)) => who,
        Ok(None) => Authenticated { user: config_authn::anonymous(), extra: Vec::new() },
        Err(config_authn::Unauthorized) => {
            // Authentication runs before flow control: no flow headers.
            let mut a = status(401, "Unauthorized", "Unauthorized", None, engine, path);
            a.headers.retain(|h| !h.starts_with("X-Kubernetes-Pf-"));
            return a;
        }
    };
    let method = c.method().to_string();
    let info = request_info(&method, path, query);
    let flow = flow(&who.user, &info);
    let attributes = info.attributes(&who.user);
    let mut a = match authz::authorize(engine.store(), &attributes) {
        Decision::Deny { reason } => {
            let message = authz::forbidden(&attributes, &reason).server_message();
            let details = (info.name.as_str(), info.api_group.as_str(), info.resource.as_str());
            status(403, "Forbidden", &message, Some(details), engine, path)
        }
        Decision::Allow if method == "GET" => proxy::api_server(path, query, engine),
        Decision::Allow => {
            let content_type = c.content_type();
            let request = Write { method: &method, body: c.data.as_deref(), content_type: content_type.as_deref() };
            proxy::write::api_write(path, query, &request, engine)
        }
    };
    reflow(&mut a, flow);
    a
}

/// busybox wget's GET of the API server: its `--header` lines are sent,
/// nothing of the certificate is checked, and the answer comes over
/// HTTP/1.1.
pub fn wget_reply(w: &Wget, engine: &mut Engine) -> (Reply, Option<String>) {
    if !is_https(&w.url) {
        return (plain_http(), None);
    }
    answer(&as_curl(w), super::path_of(&w.url), engine).into_reply()
}

/// What the API server reads of a wget request, as curl's.
pub fn as_curl(w: &Wget) -> Curl {
    Curl { headers: w.headers.clone(), url: w.url.clone(), ..Default::default() }
}

/// What plain HTTP to the API server's TLS port gets: Go's TLS server
/// sees a request where a handshake should be and answers it so.
pub fn plain_http() -> Reply {
    Reply { headers: vec!["HTTP/1.0 400 Bad Request".into()], body: Some("Client sent an HTTP request to an HTTPS server.\n".into()) }
}

/// Whether curl speaks TLS for the URL.
pub fn is_https(url: &str) -> bool {
    url.get(..8).is_some_and(|s| s.eq_ignore_ascii_case("https://"))
}

/// Reads a file in the container as curl opens it (relative to the
/// working directory).
pub fn reader<'a>(files: Option<&'a Fs>, engine: &'a Engine) -> impl Fn(&str) -> Option<String> + 'a {
    move |path: &str| files.and_then(|fs| fs.read(engine, &fs.abs(path)).ok())
}

/// The request's route ended at the API server: curl's checks, then the
/// server's answer.
pub fn request(c: &Curl, url: &Url, ip: String, agent: &str, files: Option<&Fs>, engine: &mut Engine) -> (Outcome, Option<String>) {
    if !is_https(&c.url) {
        return (Outcome::Answered { ip, reply: plain_http() }, None);
    }
    if let Err(failed) = verify(c, &url.host, agent, engine, &reader(files, engine)) {
        return (failed, None);
    }
    let a = answer(c, super::path_of(&c.url), engine);
    let note = a.note.clone();
    (Outcome::Answered { ip, reply: over_http2(a) }, note)
}

/// The answer as curl reads it over HTTP/2, which it and the API server
/// agree on in the TLS handshake: a status line without a reason (curl
/// writes a space after the code), header names in lower case, Go's
/// HTTP/2 server writing the handler's headers sorted and then the
/// length and date it adds itself.
pub fn over_http2(a: Answer) -> Reply {
    let mut handler = Vec::new();
    let mut added = Vec::new();
    for h in &a.headers {
        let (name, value) = h.split_once(':').unwrap_or((h, ""));
        let line = format!("{}:{value}", name.to_ascii_lowercase());
        match name.to_ascii_lowercase().as_str() {
            "content-length" => added.insert(0, line),
            "date" => added.push(line),
            _ => handler.push(line),
        }
    }
    kubeplay_model::sort::sort_by(&mut handler, |x, y| x.split(':').next().cmp(&y.split(':').next()));
    let mut headers = vec![format!("HTTP/2 {} ", a.code)];
    headers.extend(handler);
    headers.extend(added);
    Reply { headers, body: a.body }
}

/// Whether a route ends at the API server.
pub fn endpoint_of(route: &Route) -> bool {
    matches!(route, Route::External { ip, port } if is_endpoint(ip, *port))
}

#[cfg(test)]
#[path = "pod_exec_api_tests.rs"]
mod tests;
