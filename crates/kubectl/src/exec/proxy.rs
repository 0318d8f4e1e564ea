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
#[path = "proxy_api.rs"]
mod api;
#[path = "proxy_write.rs"]
pub mod write;
#[path = "proxy_patch.rs"]
mod patch;

use super::pod_exec::tools::Outcome;
use super::portforward::Forwards;
use super::Output;
use crate::cli;
use kubeplay_engine::Engine;
use kubeplay_model::regex::{Regex, Syntax};
use kubeplay_model::time::Time;
pub use api::{api_server, get_raw, is_proxy_path, status_json, Answer};
use api::{go_error, http_date};
pub(super) use api::{api_answer, uuid};
pub use paths::{split_scheme_name_port, Subresource};

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

/// The proxy on `address:port` (a wildcard listener takes every address).
pub fn find<'a>(forwards: &'a Forwards, address: &str, port: u16) -> Option<&'a ProxyServer> {
    forwards.proxies.iter().find(|p| {
        p.port == port
            && (p.address == address
                || p.address == "::"
                || (p.address == "0.0.0.0" && !address.contains(':')))
    })
}

/// The proxy a request from this machine to `address:port` reaches, with
/// `host` as curl named it: a loopback address other than 127.0.0.1
/// reaches only a listener on all addresses, and `localhost` tries `::1`
/// too.
fn listener<'a>(forwards: &'a Forwards, host: &str, address: &str, port: u16) -> Option<&'a ProxyServer> {
    let address = if host.parse::<std::net::Ipv4Addr>().is_ok() { host } else { address };
    find(forwards, address, port).or_else(|| if host == "localhost" { find(forwards, "::1", port) } else { None })
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
    let proxy = listener(forwards, host, address, port)?;
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
    match route(proxy, host, target, "GET", engine.now()) {
        Ok((path, query)) => api_server(&path, query, engine),
        Err(a) => a,
    }
}

/// [`reach`] for a request that changes something (`curl -X DELETE`):
/// the proxy passes any method its filter accepts.
pub fn reach_write(
    forwards: &Forwards,
    host: &str,
    address: &str,
    port: u16,
    target: &str,
    request: &write::Write,
    engine: &mut Engine,
) -> Option<(Outcome, Option<String>)> {
    let proxy = listener(forwards, host, address, port)?;
    let answer = match route(proxy, host, target, request.method, engine.now()) {
        Ok((path, query)) => write::api_write(&path, query, request, engine),
        Err(a) => a,
    };
    let (reply, note) = answer.into_reply();
    Some((
        Outcome::Answered {
            ip: address.to_string(),
            reply,
        },
        note,
    ))
}

/// The API server's path and query for `target` as the proxy's mux and
/// filter pass it on, or the proxy's own answer.
fn route<'t>(proxy: &ProxyServer, host: &str, target: &'t str, method: &str, now: Time) -> Result<(String, &'t str), Answer> {
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
        return Err(a);
    }
    let Some(rest) = path.strip_prefix(prefix) else {
        return Err(go_error(404, "404 page not found\n", now));
    };
    // stripLeaveSlash, unless the prefix is under /api.
    let path = if prefix.starts_with("/api") {
        path.to_string()
    } else {
        format!("/{rest}")
    };
    if let Some(f) = &proxy.filter {
        if !f.accept(method, &path, host) {
            return Err(go_error(403, "Forbidden\n", now));
        }
    }
    Ok((path, query))
}

#[cfg(test)]
mod tests {
    use super::api::*;
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
