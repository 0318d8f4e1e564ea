//! `kubectl proxy`: proxy.go's RunProxy (listen, then "Starting to serve
//! on ADDR") and the server it starts (kubectl/pkg/proxy: a mux under the
//! API prefix, the request filter, then the API server). The playground
//! has one terminal, so the proxy runs in the background, as `kubectl
//! proxy &` would; it is kept beside the port-forwards ([`Forwards`]) and
//! `curl localhost:8001/…` on this machine ([`super::host_net`]) reaches
//! it. Behind it the API server answers as `get --raw` does (the same
//! documents, pretty-printed because curl and wget ask in their user
//! agent), and its `pods/NAME[:PORT]/proxy/` and
//! `services/[SCHEME:]NAME[:PORT]/proxy/` subresources reach the
//! container listening there, with the API server's own errors when
//! nothing does.

#[path = "proxy_paths.rs"]
mod paths;

use super::pod_exec::net::{listener, reply, Request};
use super::pod_exec::tools::{Outcome, Reply};
use super::portforward::Forwards;
use super::{Cx, Output};
use crate::cli;
use crate::print::gojson;
use kubeplay_engine::Engine;
use kubeplay_model::api::{Pod, Service};
use kubeplay_model::regex::{Regex, Syntax};
use kubeplay_model::time::Time;
use kubeplay_model::{Kind, Object};
pub use paths::{split_scheme_name_port, Subresource};
use serde_json::{json, Map, Value};

/// One `kubectl proxy`, listening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProxyServer {
    /// The background process's id (`kill` and `jobs` name it).
    pub pid: u32,
    /// The address it listens on, as Go's listener reports it
    /// (`127.0.0.1`, `::` for all of them).
    pub address: String,
    pub port: u16,
    /// `--api-prefix`, ending in `/`.
    pub api_prefix: String,
    /// The request filter; None with `--disable-filter`.
    pub filter: Option<Filter>,
}

/// `FilterServer`'s four lists of regular expressions (Go's syntax; the
/// playground reads them as ECMA patterns, which the defaults are too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter {
    accept_paths: Vec<String>,
    reject_paths: Vec<String>,
    accept_hosts: Vec<String>,
    reject_methods: Vec<String>,
}

fn matches(patterns: &[String], text: &str) -> bool {
    patterns
        .iter()
        .any(|p| Regex::new(p, Syntax::Ecma).is_ok_and(|r| r.is_match(text)))
}

impl Filter {
    /// `MakeRegexpArray` for each list (comma-separated; empty: none).
    fn new(p: &cli::Proxy) -> Result<Filter, String> {
        let list = |s: &str| -> Result<Vec<String>, String> {
            if s.is_empty() {
                return Ok(Vec::new());
            }
            s.split(',')
                .map(|p| match Regex::new(p, Syntax::Ecma) {
                    Ok(_) => Ok(p.to_string()),
                    Err(e) => Err(format!("error: (playground) the proxy's pattern {p:?} is not one the playground can read: {e:?}")),
                })
                .collect()
        };
        Ok(Filter {
            accept_paths: list(&p.accept_paths)?,
            reject_paths: list(&p.reject_paths)?,
            accept_hosts: list(&p.accept_hosts)?,
            reject_methods: list(&p.reject_methods)?,
        })
    }

    /// `FilterServer.accept`: rejections first, then both accept lists.
    pub fn accept(&self, method: &str, path: &str, host: &str) -> bool {
        !matches(&self.reject_paths, path)
            && !matches(&self.reject_methods, method)
            && matches(&self.accept_paths, path)
            && matches(&self.accept_hosts, host)
    }
}

/// `net.JoinHostPort`.
fn host_port(address: &str, port: u16) -> String {
    if address.contains(':') {
        format!("[{address}]:{port}")
    } else {
        format!("{address}:{port}")
    }
}

/// Whether this machine has `ip` (loopback, the kind bridge's gateway).
fn local_ip(ip: &str) -> bool {
    match ip.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(v4)) => {
            v4.is_loopback() || v4.is_unspecified() || ip == super::host_net::HOST_IP
        }
        Ok(std::net::IpAddr::V6(v6)) => v6.is_loopback() || v6.is_unspecified(),
        Err(_) => false,
    }
}

/// Where `net.Listen("tcp", "ADDRESS:PORT")` binds, as its `Addr()`
/// prints the address, or Go's error.
pub fn listen_address(address: &str, port: i64) -> Result<String, String> {
    let joined = format!("{address}:{port}");
    let (host, port_text) = match joined.rsplit_once(':') {
        Some((h, p)) if h.starts_with('[') && h.ends_with(']') => (&h[1..h.len() - 1], p),
        Some((h, _)) if h.contains(':') => {
            return Err(format!(
                "listen tcp: address {joined}: too many colons in address"
            ))
        }
        Some((h, p)) => (h, p),
        None => (joined.as_str(), ""),
    };
    if !(0..=65535).contains(&port) {
        return Err(format!("listen tcp: address {port_text}: invalid port"));
    }
    let ip = match host {
        // All addresses, IPv4-mapped on one IPv6 socket.
        "" | "0.0.0.0" | "::" => "::".to_string(),
        "localhost" => "127.0.0.1".to_string(),
        h if h.parse::<std::net::IpAddr>().is_ok() => h.to_string(),
        h => {
            return Err(format!(
                "listen tcp: lookup {h} on 127.0.0.53:53: no such host"
            ))
        }
    };
    if !local_ip(&ip) {
        return Err(format!(
            "listen tcp {}: bind: cannot assign requested address",
            host_port(&ip, port as u16)
        ));
    }
    Ok(ip)
}

/// The first free port of the ephemeral range: what "a random port" is
/// here, so a run stays a function of its inputs.
pub(super) fn free_port(forwards: &Forwards) -> u16 {
    (32768..=60999u16)
        .find(|p| !forwards.port_taken(*p))
        .unwrap_or(32768)
}

/// klog's header for a line the background kubectl writes.
fn klog(level: char, now: Time, pid: u32, at: &str) -> String {
    let t = now.rfc3339_micro();
    let (day, time) = (
        t.get(5..10).unwrap_or_default().replace('-', ""),
        t.get(11..26).unwrap_or_default(),
    );
    format!("{level}{day} {time} {pid:>7} {at}]")
}

/// `kubectl proxy …` started in the background as process `pid`; false
/// when it did not start (the error is in `out`).
pub fn run(p: &cli::Proxy, forwards: &mut Forwards, pid: u32, now: Time, out: &mut Output) -> bool {
    if !p.www.is_empty() {
        out.error("error: (playground) kubectl proxy --www serves a directory of this machine, and the playground has none: run it without --www (the API is served all the same)");
        return false;
    }
    if !p.unix_socket.is_empty() {
        out.error("error: (playground) kubectl proxy --unix-socket is not simulated: curl reaches the proxy on a TCP port (--port)");
        return false;
    }
    let filter = if p.disable_filter {
        out.note(&format!("{} Request filter disabled, your proxy is vulnerable to XSRF attacks, please be cautious", klog('W', now, pid, "proxy.go:177")));
        None
    } else {
        match Filter::new(p) {
            Ok(f) => Some(f),
            Err(e) => {
                out.error(&e);
                return false;
            }
        }
    };
    let address = match listen_address(&p.address, p.port) {
        Ok(a) => a,
        Err(e) => {
            out.error(&format!("error: {e}"));
            return false;
        }
    };
    let port = if p.port == 0 {
        free_port(forwards)
    } else {
        p.port as u16
    };
    if forwards.address_taken(&address, port, address == "::") {
        out.error(&format!(
            "error: listen tcp {}: bind: address already in use",
            host_port(&address, port)
        ));
        return false;
    }
    out.out(&format!(
        "Starting to serve on {}",
        host_port(&address, port)
    ));
    forwards.proxies.push(ProxyServer {
        pid,
        address,
        port,
        api_prefix: p.api_prefix.clone(),
        filter,
    });
    true
}

/// An HTTP answer: status code, header lines (without the status line),
/// body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub code: u16,
    pub headers: Vec<String>,
    pub body: Option<String>,
    /// What the playground could not know, for a `(playground)` note.
    pub note: Option<String>,
}

impl Answer {
    /// The reply curl prints: the status line first when not 200 (see
    /// `tools::curl`).
    pub fn into_reply(self) -> (Reply, Option<String>) {
        let mut headers = Vec::new();
        if self.code != 200 {
            headers.push(format!("HTTP/1.1 {} {}", self.code, status_text(self.code)));
        }
        headers.extend(self.headers);
        (
            Reply {
                headers,
                body: self.body,
            },
            self.note,
        )
    }
}

fn status_text(code: u16) -> &'static str {
    match code {
        200 => "OK",
        301 => "Moved Permanently",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "",
    }
}

fn http_date(now: Time) -> String {
    crate::print::duration::rfc1123z(Some(now)).replace("+0000", "GMT")
}

/// A UUID-shaped id drawn from `seed` (the API server's audit ids and
/// flow-control uids are random; these only need to look like them).
fn uuid(seed: &str) -> String {
    let a = kubeplay_model::fnv::fnv1a(seed.as_bytes());
    let b = kubeplay_model::fnv::Fnv::new()
        .bytes(&a.to_le_bytes())
        .bytes(seed.as_bytes())
        .finish();
    let hex = format!("{a:016x}{b:016x}");
    format!(
        "{}-{}-4{}-a{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[13..16],
        &hex[17..20],
        &hex[20..32]
    )
}

/// What Go's own `http.Error` and `http.NotFound` send (kubectl's mux
/// and filter answer these themselves).
fn go_error(code: u16, body: &str, now: Time) -> Answer {
    let headers = vec![
        "Content-Type: text/plain; charset=utf-8".into(),
        "X-Content-Type-Options: nosniff".into(),
        format!("Date: {}", http_date(now)),
        format!("Content-Length: {}", body.len()),
    ];
    Answer {
        code,
        headers,
        body: Some(body.into()),
        note: None,
    }
}

/// The API server's answer, with the headers its filters add, sorted as
/// Go writes a handler's headers (kubectl's reverse proxy copies them).
fn api_answer(
    code: u16,
    content_type: Option<&str>,
    body: String,
    now: Time,
    seed: &str,
) -> Answer {
    let mut headers = vec![
        format!(
            "Audit-Id: {}",
            uuid(&format!("audit/{seed}/{}", now.millis()))
        ),
        "Cache-Control: no-cache, private".into(),
        format!("Content-Length: {}", body.len()),
        format!("Date: {}", http_date(now)),
        format!(
            "X-Kubernetes-Pf-Flowschema-Uid: {}",
            uuid("flowschema/exempt")
        ),
        format!(
            "X-Kubernetes-Pf-Prioritylevel-Uid: {}",
            uuid("prioritylevel/exempt")
        ),
    ];
    if let Some(t) = content_type {
        headers.insert(3, format!("Content-Type: {t}"));
    }
    Answer {
        code,
        headers,
        body: Some(body),
        note: None,
    }
}

/// A `Status` failure as the API server encodes it for curl (indented,
/// no final newline).
pub fn status_json(
    code: u16,
    reason: &str,
    message: &str,
    details: Option<(&str, &str, &str)>,
) -> String {
    let mut m = Map::new();
    m.insert("kind".into(), "Status".into());
    m.insert("apiVersion".into(), "v1".into());
    m.insert("metadata".into(), json!({}));
    m.insert("status".into(), "Failure".into());
    m.insert("message".into(), message.into());
    m.insert("reason".into(), reason.into());
    if let Some((name, group, kind)) = details {
        let mut d = Map::new();
        d.insert("name".into(), name.into());
        if !group.is_empty() {
            d.insert("group".into(), group.into());
        }
        d.insert("kind".into(), kind.into());
        m.insert("details".into(), Value::Object(d));
    }
    m.insert("code".into(), code.into());
    gojson::marshal_ordered(&Value::Object(m), Some("  "))
}

fn failure(
    code: u16,
    reason: &str,
    message: &str,
    details: Option<(&str, &str, &str)>,
    now: Time,
    seed: &str,
) -> Answer {
    api_answer(
        code,
        Some("application/json"),
        status_json(code, reason, message, details),
        now,
        seed,
    )
}

/// The API server's 404 for a named object.
fn not_found(kind: Kind, name: &str, now: Time, seed: &str) -> Answer {
    let e = kubeplay_apiserver::ApiError::not_found(kind, name);
    let info = kind.info();
    failure(
        404,
        "NotFound",
        &e.server_message(),
        Some((name, info.group, info.plural)),
        now,
        seed,
    )
}

/// The proxy on `address:port` (a wildcard listener takes every address).
pub fn find<'a>(forwards: &'a Forwards, address: &str, port: u16) -> Option<&'a ProxyServer> {
    forwards.proxies.iter().find(|p| {
        p.port == port
            && (p.address == address
                || p.address == "::"
                || (p.address == "0.0.0.0" && !address.contains(':')))
    })
}

/// A request from this machine to `address:port` (curl's `localhost`
/// tries `::1` too), answered by a proxy listening there; `host` is the
/// Host header's name, as the filter sees it (Go's SplitHostPort leaves
/// an IPv6 address without its brackets).
pub fn reach(
    forwards: &Forwards,
    host: &str,
    address: &str,
    port: u16,
    target: &str,
    engine: &Engine,
) -> Option<(Outcome, Option<String>)> {
    // A loopback address other than 127.0.0.1 reaches only a listener on all addresses.
    let address = if host.parse::<std::net::Ipv4Addr>().is_ok() {
        host
    } else {
        address
    };
    let proxy = find(forwards, address, port).or_else(|| {
        if host == "localhost" {
            find(forwards, "::1", port)
        } else {
            None
        }
    })?;
    let (reply, note) = serve(proxy, host, target, engine).into_reply();
    Some((
        Outcome::Answered {
            ip: address.to_string(),
            reply,
        },
        note,
    ))
}

/// One GET of `target` (path and query) with the Host header's `host`,
/// through `proxy` to the API server.
pub fn serve(proxy: &ProxyServer, host: &str, target: &str, engine: &Engine) -> Answer {
    let now = engine.now();
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let prefix = proxy.api_prefix.as_str();
    // http.ServeMux: the prefix's subtree, its bare name redirected to it.
    if prefix != "/" && format!("{path}/") == prefix {
        let mut a = go_error(
            301,
            &format!("<a href=\"{prefix}\">Moved Permanently</a>.\n\n"),
            now,
        );
        a.headers = vec![
            "Content-Type: text/html; charset=utf-8".into(),
            format!("Location: {prefix}"),
            format!("Date: {}", http_date(now)),
            format!("Content-Length: {}", a.body.as_ref().map_or(0, String::len)),
        ];
        return a;
    }
    let Some(rest) = path.strip_prefix(prefix) else {
        return go_error(404, "404 page not found\n", now);
    };
    // stripLeaveSlash, unless the prefix is under /api.
    let path = if prefix.starts_with("/api") {
        path.to_string()
    } else {
        format!("/{rest}")
    };
    if let Some(f) = &proxy.filter {
        if !f.accept("GET", &path, host) {
            return go_error(403, "Forbidden\n", now);
        }
    }
    api_server(&path, query, engine)
}

/// The API server's answer to a GET of `path?query` from curl.
pub fn api_server(path: &str, query: &str, engine: &Engine) -> Answer {
    let now = engine.now();
    if let Some(sub) = paths::subresource(path) {
        return match sub {
            Ok(sub) => proxied(&sub, path, query, engine),
            Err(message) => failure(400, "BadRequest", &message, None, now, path),
        };
    }
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    if let ["api", "v1", "nodes", _, "proxy", ..] = segments.as_slice() {
        let mut a = go_error(501, "", now);
        a.body = None;
        a.note = Some("(playground) the API server's proxy reaches pods and services here; a node's kubelet is not simulated behind it".into());
        return a;
    }
    if segments == ["api"] {
        let doc = json!({"kind": "APIVersions", "versions": ["v1"], "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": format!("{}:6443", kubeplay_engine::bootstrap::node_ip(0))}]});
        return api_answer(
            200,
            Some("application/json"),
            gojson::marshal_ordered(&doc, Some("  ")),
            now,
            path,
        );
    }
    // curl's and wget's user agents ask for indented JSON unless the query says otherwise.
    let mut pretty = true;
    let mut params = Vec::new();
    for param in query.split('&').filter(|p| !p.is_empty()) {
        match param.split_once('=').unwrap_or((param, "")) {
            ("pretty", v) => pretty = matches!(v, "true" | "1" | "t" | "T" | "TRUE" | "True"),
            _ => params.push(param),
        }
    }
    let cx = Cx {
        store: engine.store(),
        now,
        namespace: "default",
        explicit_namespace: false,
        io: super::Io::default(),
    };
    let mut notes = Vec::new();
    match super::raw::answer(path, pretty, &cx, &mut notes) {
        _ if !params.is_empty() => {
            let mut a = go_error(501, "", now);
            a.body = None;
            a.note = Some(format!("(playground) the simulated API server does not take the query {:?} here; kubectl get with flags does", params.join("&")));
            a
        }
        Ok((body, text)) => {
            let content_type = if text {
                "text/plain; charset=utf-8"
            } else {
                "application/json"
            };
            let mut a = api_answer(200, Some(content_type), body, now, path);
            if text {
                a.headers.push("X-Content-Type-Options: nosniff".into());
            }
            a
        }
        Err(super::raw::Refusal::NotFound(kind, name)) => not_found(kind, &name, now, path),
        Err(super::raw::Refusal::NoHandler) if path.starts_with("/api") => failure(
            404,
            "NotFound",
            "the server could not find the requested resource",
            None,
            now,
            path,
        ),
        Err(super::raw::Refusal::NoHandler) => api_answer(
            404,
            Some("text/plain; charset=utf-8"),
            "404 page not found\n".into(),
            now,
            path,
        ),
        Err(super::raw::Refusal::Playground(note)) => {
            let mut a = go_error(501, "", now);
            a.body = None;
            a.note = Some(note.trim_start_matches("error: ").to_string());
            a
        }
    }
}

/// Whether `kubectl get --raw PATH` asks for a pod's or a Service's
/// proxy subresource.
pub fn is_proxy_path(path: &str) -> bool {
    paths::subresource(path.split('?').next().unwrap_or(path)).is_some()
}

/// `kubectl get --raw` of a proxy path: the body as it arrives, or
/// kubectl's rendering of the API server's error.
pub fn get_raw(path: &str, engine: &Engine, out: &mut Output) {
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let answer = api_server(path, query, engine);
    if let Some(n) = &answer.note {
        out.note(n);
    }
    let body = answer.body.unwrap_or_default();
    if answer.code < 300 {
        out.stdout.push_str(&body);
        return;
    }
    // rawhttp reads a Status body into an error; anything else is the
    // server's text.
    let status: Option<Value> = serde_json::from_str(&body)
        .ok()
        .filter(|v: &Value| v["kind"] == "Status");
    match status {
        Some(s) => {
            let reason = s["reason"].as_str().unwrap_or_default();
            let message = s["message"].as_str().unwrap_or_default();
            out.error(&format!("Error from server ({reason}): {message}"));
        }
        // A redirect is followed to where it points.
        None if answer.code == 301 => get_raw(&format!("{path}/"), engine, out),
        None => out.error(&format!("Error from server: {}", body.trim_end())),
    }
}

/// The control-plane node's address: where the API server's requests
/// to pods come from.
fn api_server_ip() -> String {
    kubeplay_engine::bootstrap::node_ip(0)
}

/// Go's dial of `ip:port` (a service name as the port is looked up in
/// Go's own small table), then the pod's answer.
/// `target` is the path and query the container is asked for.
fn dial(
    engine: &Engine,
    pod: Option<&Pod>,
    ip: &str,
    port: &str,
    scheme: &str,
    target: &str,
    seed: &str,
) -> Answer {
    let now = engine.now();
    let unreachable = |why: String| {
        failure(
            503,
            "ServiceUnavailable",
            &format!("error trying to reach service: {why}"),
            None,
            now,
            seed,
        )
    };
    let number = match port {
        "" if scheme == "https" => 443,
        "" | "http" => 80,
        "https" => 443,
        p => match p.parse::<u16>() {
            Ok(n) => i32::from(n),
            Err(_) if p.bytes().all(|b| b.is_ascii_digit()) => {
                return unreachable(format!("dial tcp: address {p}: invalid port"))
            }
            Err(_) => return unreachable(format!("dial tcp: lookup tcp/{p}: unknown port")),
        },
    };
    let address = host_port(ip, number as u16);
    // The API server dials from the control-plane node: a NetworkPolicy
    // may drop it, and Go's dialer gives up after its 30 s.
    let url = kubeplay_engine::network::Url {
        host: ip.to_string(),
        port: number,
    };
    let plan = kubeplay_engine::network::plan(engine.world(), "", &api_server_ip(), &url);
    if let kubeplay_engine::network::Target::Fixed(route) = &plan.target {
        if route.failure() == Some(kubeplay_engine::network::Failure::Unanswered) {
            return unreachable(format!("dial tcp {address}: i/o timeout"));
        }
    }
    let Some(l) = pod.and_then(|p| listener(engine, p, number)) else {
        return unreachable(format!("dial tcp {address}: connect: connection refused"));
    };
    if scheme == "https" {
        return unreachable("tls: first record does not look like a TLS handshake".into());
    }
    let client = api_server_ip();
    let (mut reply, note) = reply(
        &l,
        &Request {
            path: target,
            client_ip: &client,
            keep_alive: true,
        },
        now,
    );
    if let Some(p) = pod {
        super::pod_exec::served_file(engine, p, target, &mut reply);
    }
    let code = reply.code();
    // The reverse proxies drop the hop-by-hop headers and Go writes the
    // rest sorted, after the API server's audit id; a body without a
    // length goes out chunked again.
    let hop = |h: &str| {
        ["connection:", "transfer-encoding:", "keep-alive:"]
            .iter()
            .any(|p| h.to_ascii_lowercase().starts_with(p))
    };
    let mut headers: Vec<String> = reply.header_lines().iter().filter(|h| !hop(h)).cloned().collect();
    headers.push(format!(
        "Audit-Id: {}",
        uuid(&format!("audit/{seed}/{}", now.millis()))
    ));
    kubeplay_model::sort::sort_by(&mut headers, |a, b| {
        a.split(':').next().cmp(&b.split(':').next())
    });
    if !headers.iter().any(|h| h.starts_with("Content-Length:")) {
        headers.push("Transfer-Encoding: chunked".into());
    }
    Answer {
        code,
        headers,
        body: reply.body,
        note,
    }
}

/// A pod's or a service's `proxy` subresource.
fn proxied(sub: &Subresource, path: &str, query: &str, engine: &Engine) -> Answer {
    let now = engine.now();
    if sub.rest.is_none() {
        // UpgradeAwareHandler's redirect of an empty path to one ending in '/'.
        let location = if query.is_empty() {
            format!("{path}/")
        } else {
            format!("{path}/?{query}")
        };
        let mut a = api_answer(301, None, String::new(), now, path);
        a.headers.insert(4, format!("Location: {location}"));
        return a;
    }
    let rest = sub.rest.as_deref().unwrap_or("/");
    let target = if query.is_empty() {
        rest.to_string()
    } else {
        format!("{rest}?{query}")
    };
    let store = engine.store();
    let not_found = |kind: Kind, name: &str| not_found(kind, name, now, path);
    if !sub.service {
        let Some(Object::Pod(pod)) = store
            .get_by(Kind::Pod, &sub.namespace, &sub.name)
            .map(|o| &**o)
        else {
            return not_found(Kind::Pod, &sub.name);
        };
        let pod: Pod = (**pod).clone();
        // Without a port, the first port any container declares.
        let port = match sub.port.as_str() {
            "" => pod
                .spec
                .containers
                .iter()
                .find_map(|c| c.ports.first())
                .map(|p| p.container_port.to_string())
                .unwrap_or_default(),
            p => p.to_string(),
        };
        let ip = pod.status.pod_ip.clone().unwrap_or_default();
        if ip.parse::<std::net::IpAddr>().is_err() {
            return failure(400, "BadRequest", "address not allowed", None, now, path);
        }
        return dial(engine, Some(&pod), &ip, &port, &sub.scheme, &target, path);
    }
    let Some(Object::Service(svc)) = store
        .get_by(Kind::Service, &sub.namespace, &sub.name)
        .map(|o| &**o)
    else {
        return not_found(Kind::Service, &sub.name);
    };
    let svc: Service = (**svc).clone();
    let mut port_name = sub.port.clone();
    if let Ok(n) = sub.port.parse::<i64>() {
        match svc.spec.ports.iter().find(|p| i64::from(p.port) == n) {
            Some(p) => port_name = p.name.clone().unwrap_or_default(),
            None => {
                return failure(
                    503,
                    "ServiceUnavailable",
                    &format!("no service port {n} found for service {:?}", sub.name),
                    None,
                    now,
                    path,
                )
            }
        }
    }
    let Some(Object::Endpoints(eps)) = store
        .get_by(Kind::Endpoints, &sub.namespace, &sub.name)
        .map(|o| &**o)
    else {
        return not_found(Kind::Endpoints, &sub.name);
    };
    if eps.subsets.is_empty() {
        return failure(
            503,
            "ServiceUnavailable",
            &format!("no endpoints available for service {:?}", sub.name),
            None,
            now,
            path,
        );
    }
    // A random subset and address, as the registry picks them: a stream
    // seeded by the Service and the time, so a replay picks the same.
    let seed =
        kubeplay_model::fnv::fnv1a(format!("{}/{}", svc.metadata.uid, now.millis()).as_bytes());
    let mut rng = kubeplay_model::rng::Rng::new(seed);
    let n = eps.subsets.len() as u64;
    let start = rng.below(n) as usize;
    for i in 0..eps.subsets.len() {
        let ss = &eps.subsets[(start + i) % eps.subsets.len()];
        if ss.addresses.is_empty() {
            continue;
        }
        if let Some(ep) = ss
            .ports
            .iter()
            .find(|p| p.name.as_deref().unwrap_or("") == port_name)
        {
            let addr = &ss.addresses[rng.below(ss.addresses.len() as u64) as usize];
            let pod = addr
                .target_ref
                .as_ref()
                .filter(|r| r.kind.as_deref() == Some("Pod"))
                .and_then(|r| {
                    let name = r.name.as_deref().unwrap_or_default();
                    let ns = r.namespace.as_deref().unwrap_or(&sub.namespace);
                    store
                        .get_by(Kind::Pod, ns, name)
                        .and_then(|o| o.as_pod().cloned())
                });
            let ip = addr.ip.clone();
            return dial(
                engine,
                pod.as_ref(),
                &ip,
                &ep.port.to_string(),
                &sub.scheme,
                &target,
                path,
            );
        }
    }
    failure(
        503,
        "ServiceUnavailable",
        &format!("no endpoints available for service {:?}", sub.id),
        None,
        now,
        path,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listen_addresses_as_go_reports_them() {
        let cases: &[(&str, i64, Result<&str, &str>)] = &[
            ("127.0.0.1", 8001, Ok("127.0.0.1")),
            ("localhost", 8001, Ok("127.0.0.1")),
            ("0.0.0.0", 8001, Ok("::")),
            ("", 8001, Ok("::")),
            ("[::1]", 8001, Ok("::1")),
            (
                "::1",
                8001,
                Err("listen tcp: address ::1:8001: too many colons in address"),
            ),
            (
                "127.0.0.1",
                70000,
                Err("listen tcp: address 70000: invalid port"),
            ),
            (
                "10.1.2.3",
                8001,
                Err("listen tcp 10.1.2.3:8001: bind: cannot assign requested address"),
            ),
            (
                "nohost",
                8001,
                Err("listen tcp: lookup nohost on 127.0.0.53:53: no such host"),
            ),
        ];
        for (address, port, want) in cases {
            let got = listen_address(address, *port);
            assert_eq!(
                got.as_deref().map_err(String::as_str),
                want.map(|s| s),
                "{address}:{port}"
            );
        }
    }

    #[test]
    fn the_default_filter_takes_local_hosts_and_refuses_exec() {
        let p = cli::Proxy {
            port: 8001,
            address: "127.0.0.1".into(),
            api_prefix: "/".into(),
            www: String::new(),
            unix_socket: String::new(),
            disable_filter: false,
            accept_hosts: r"^localhost$,^127\.0\.0\.1$,^\[::1\]$".into(),
            accept_paths: "^.*".into(),
            reject_paths: "^/api/.*/pods/.*/exec,^/api/.*/pods/.*/attach".into(),
            reject_methods: "^$".into(),
        };
        let f = Filter::new(&p).unwrap_or_else(|e| panic!("{e}"));
        let cases = [
            ("GET", "/api/v1/pods", "localhost", true),
            ("GET", "/api/v1/pods", "127.0.0.1", true),
            ("GET", "/api/v1/pods", "[::1]", true),
            ("GET", "/api/v1/pods", "evil.com", false),
            (
                "GET",
                "/api/v1/namespaces/default/pods/web/exec",
                "localhost",
                false,
            ),
            (
                "GET",
                "/api/v1/namespaces/default/pods/web/attach",
                "localhost",
                false,
            ),
            (
                "GET",
                "/api/v1/namespaces/default/pods/web/log",
                "localhost",
                true,
            ),
        ];
        for (method, path, host, want) in cases {
            assert_eq!(f.accept(method, path, host), want, "{method} {path} {host}");
        }
    }

    #[test]
    fn status_documents_are_indented_as_for_curl() {
        let s = status_json(
            404,
            "NotFound",
            "pods \"x\" not found",
            Some(("x", "", "pods")),
        );
        assert_eq!(
            s,
            "{\n  \"kind\": \"Status\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {},\n  \"status\": \"Failure\",\n  \"message\": \"pods \\\"x\\\" not found\",\n  \"reason\": \"NotFound\",\n  \"details\": {\n    \"name\": \"x\",\n    \"kind\": \"pods\"\n  },\n  \"code\": 404\n}"
        );
    }

    fn server(prefix: &str) -> ProxyServer {
        let p = cli::Proxy {
            port: 8001,
            address: "127.0.0.1".into(),
            api_prefix: prefix.into(),
            www: String::new(),
            unix_socket: String::new(),
            disable_filter: false,
            accept_hosts: r"^localhost$,^127\.0\.0\.1$,^\[::1\]$".into(),
            accept_paths: "^.*".into(),
            reject_paths: "^/api/.*/pods/.*/exec,^/api/.*/pods/.*/attach".into(),
            reject_methods: "^$".into(),
        };
        ProxyServer {
            pid: 1,
            address: "127.0.0.1".into(),
            port: 8001,
            api_prefix: prefix.into(),
            filter: Filter::new(&p).ok(),
        }
    }

    // What a real kubectl v1.32 proxy answered itself (its mux and filter).
    #[test]
    fn the_mux_and_the_filter_answer_as_kubectls() {
        let e = Engine::with_default_cluster(1);
        let cases: &[(&str, &str, &str, u16, &str)] = &[
            (
                "/k8s-api/",
                "localhost",
                "/k8s-api",
                301,
                "<a href=\"/k8s-api/\">Moved Permanently</a>.\n\n",
            ),
            (
                "/k8s-api/",
                "localhost",
                "/healthz",
                404,
                "404 page not found\n",
            ),
            ("/k8s-api/", "localhost", "/k8s-api/healthz", 200, "ok"),
            (
                "/k8s-api/",
                "localhost",
                "/k8s-api/api/v1/namespaces/default/pods/x/exec",
                403,
                "Forbidden\n",
            ),
            ("/", "evil.example", "/version", 403, "Forbidden\n"),
            ("/", "127.0.0.1", "/livez", 200, "ok"),
            (
                "/api/",
                "localhost",
                "/api/v1/namespaces/default/pods/nope",
                404,
                "",
            ),
            (
                "/",
                "localhost",
                "/nothing/here",
                404,
                "404 page not found\n",
            ),
        ];
        for (prefix, host, target, code, body) in cases {
            let a = serve(&server(prefix), host, target, &e);
            assert_eq!(a.code, *code, "{prefix} {target}");
            if !body.is_empty() {
                assert_eq!(a.body.as_deref(), Some(*body), "{prefix} {target}");
            }
        }
        let a = serve(&server("/k8s-api/"), "localhost", "/k8s-api", &e);
        assert!(
            a.headers.contains(&"Location: /k8s-api/".to_string()),
            "{:?}",
            a.headers
        );
    }
}
