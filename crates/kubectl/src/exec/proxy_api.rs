//! The API server behind `kubectl proxy` (and `kubectl get --raw` of a
//! proxy path): its documents as curl is given them, the pod and Service
//! `proxy` subresources dialling the container listening there, and the
//! API server's and Go's HTTP errors on the way.

use super::paths::{self, Subresource};
use super::super::pod_exec::net::{listener, reply, Request};
use super::super::pod_exec::tools::Reply;
use super::super::{Cx, Output};
use super::host_port;
use crate::print::gojson;
use kubeplay_engine::Engine;
use kubeplay_model::api::{Pod, Service};
use kubeplay_model::time::Time;
use kubeplay_model::{Kind, Object};
use serde_json::{json, Map, Value};

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

pub(super) fn status_text(code: u16) -> &'static str {
    match code {
        200 => "OK",
        301 => "Moved Permanently",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "",
    }
}

pub(super) fn http_date(now: Time) -> String {
    crate::print::duration::rfc1123z(Some(now)).replace("+0000", "GMT")
}

/// A UUID-shaped id drawn from `seed` (the API server's audit ids and
/// flow-control uids are random; these only need to look like them).
pub(in crate::exec) fn uuid(seed: &str) -> String {
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
pub(super) fn go_error(code: u16, body: &str, now: Time) -> Answer {
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
pub(in crate::exec) fn api_answer(
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
/// no final newline). The details' fields are left out when empty, as
/// their `omitempty` tags say (a non-resource 403's are `{}`).
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
        for (field, value) in [("name", name), ("group", group), ("kind", kind)] {
            if !value.is_empty() {
                d.insert(field.into(), value.into());
            }
        }
        m.insert("details".into(), Value::Object(d));
    }
    m.insert("code".into(), code.into());
    gojson::marshal_ordered(&Value::Object(m), Some("  "))
}

pub(super) fn failure(
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
pub(super) fn not_found(kind: Kind, name: &str, now: Time, seed: &str) -> Answer {
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
    // The system Leases are presented to reads (`kubeplay_engine::leases`).
    let view = super::super::read_view(&crate::cli::Command::GetRaw(path.to_string()), engine);
    let cx = Cx {
        store: view.as_ref().unwrap_or(engine.store()),
        now,
        namespace: "default",
        explicit_namespace: false,
        io: super::super::Io::default(),
    };
    let mut notes = Vec::new();
    match super::super::raw::answer(path, pretty, &cx, &mut notes) {
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
        Err(super::super::raw::Refusal::NotFound(kind, name)) => not_found(kind, &name, now, path),
        Err(super::super::raw::Refusal::NoHandler) if path.starts_with("/api") => failure(
            404,
            "NotFound",
            "the server could not find the requested resource",
            None,
            now,
            path,
        ),
        Err(super::super::raw::Refusal::NoHandler) => api_answer(
            404,
            Some("text/plain; charset=utf-8"),
            "404 page not found\n".into(),
            now,
            path,
        ),
        Err(super::super::raw::Refusal::Playground(note)) => {
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
pub(super) fn api_server_ip() -> String {
    kubeplay_engine::bootstrap::node_ip(0)
}

/// Go's dial of `ip:port` (a service name as the port is looked up in
/// Go's own small table), then the pod's answer.
/// `target` is the path and query the container is asked for.
pub(super) fn dial(
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
            host: &address,
            agent: super::super::host_net::HOST_AGENT,
        },
        now,
    );
    if let Some(p) = pod {
        super::super::pod_exec::served_file(engine, p, target, &mut reply);
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
pub(super) fn proxied(sub: &Subresource, path: &str, query: &str, engine: &Engine) -> Answer {
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
