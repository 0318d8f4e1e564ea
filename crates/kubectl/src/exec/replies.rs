//! What the servers in the images kubernetes.io's tutorials run answer to
//! an HTTP GET: nginx's and httpd's default pages, the Kubernetes Basics
//! bootcamp app, hello-app, node-hello, agnhost's `netexec`, the HPA
//! walkthrough's php page. An answer depends on what the real app reads:
//! the pod's hostname, the request's path and query, the client's
//! address, the time since the process started. The headers are the ones
//! each server writes, in its order (Go's net/http: Date, Content-Length,
//! Content-Type; Node's http: the app's own, then Date, Connection and
//! the length or chunking), as `curl -i` shows them.

use crate::exec::pod_exec::tools::Reply;
use kubeplay_engine::kubelet::image::ImageRef;
use kubeplay_model::time::civil;
use kubeplay_model::Time;

/// A container listening on the port a request reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listener {
    pub image: String,
    /// The container's `command` and `args` as the pod spells them
    /// (agnhost's subcommand is its first argument).
    pub argv: Vec<String>,
    /// The pod's hostname, which `os.Hostname()` and `$HOSTNAME` give.
    pub hostname: String,
    pub started: Time,
}

/// One request, as the server sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// Path and query (`/echo?msg=hi`); `/` when the URL has none.
    pub path: &'a str,
    /// The address the connection comes from.
    pub client_ip: &'a str,
    /// The client keeps the connection open (curl) or not (wget).
    pub keep_alive: bool,
    /// The Host header (`name` or `name:port`, as the client wrote it).
    pub host: &'a str,
    /// The User-Agent header (`Wget`, `curl/8.11.1`).
    pub agent: &'a str,
}

/// The path and query of a URL (`http://host:80/a?b` → `/a?b`), `/` when
/// it names none.
pub fn path_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    match rest.find(['/', '?']) {
        Some(i) if rest[i..].starts_with('/') => &rest[i..],
        _ => "/",
    }
}

/// Whether a tag's leading version is below `v` (`1.28`, `1.28.1-glibc`).
pub(in crate::exec) fn version_below(tag: &str, v: &[u32]) -> bool {
    let parts: Vec<u32> = tag
        .split(['-', '.'])
        .map_while(|p| p.parse().ok())
        .collect();
    !parts.is_empty() && parts.as_slice() < v
}

/// The server's release a `repo:tag` image runs (`registry_env`'s
/// resolution, which the env and the logs show too); empty for an image
/// outside the versioned repositories.
pub(in crate::exec) fn server_version(repo: &str, tag: &str) -> String {
    ImageRef::parse(&format!("{repo}:{tag}"))
        .ok()
        .and_then(|i| kubeplay_engine::kubelet::registry_env::software_version(&i))
        .unwrap_or_default()
}

/// nginx's default page from 1.21 on (615 bytes), and before (612).
pub(in crate::exec) const NGINX_PAGE: &str = include_str!("nginx_index.html");
pub(in crate::exec) const NGINX_PAGE_OLD: &str = include_str!("nginx_index_old.html");
const HTTPD_PAGE: &str = "<html><body><h1>It works!</h1></body></html>\n";

/// HTTP's date: Go's RFC 1123 layout, in GMT.
fn http_date(now: Time) -> String {
    crate::print::duration::rfc1123z(Some(now)).replace("+0000", "GMT")
}

/// Go's `time.Time.String()` of a reading of `time.Now()` in a UTC
/// container: the wall clock with trailing zeros of the fraction cut,
/// then the monotonic clock's seconds since the process started.
fn go_time_now(now: Time, started: Time) -> String {
    let ms = now.millis();
    let (y, mo, d, h, mi, s) = civil(ms.div_euclid(1000));
    let frac = ms.rem_euclid(1000);
    let frac = if frac == 0 {
        String::new()
    } else {
        format!(".{frac:03}").trim_end_matches('0').to_string()
    };
    let mono = (ms - started.millis()).max(0);
    format!(
        "{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}{frac} +0000 UTC m=+{}.{:03}000000",
        mono / 1000,
        mono % 1000
    )
}

/// `%XX` and `+` decoded, as Go's `FormValue` reads a query value.
fn query_value(path: &str, key: &str) -> Option<String> {
    let (_, query) = path.split_once('?')?;
    let raw = query.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
        (k == key).then_some(v)
    })?;
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                // A bad escape makes url.ParseQuery drop the pair: no value.
                let hex = raw
                    .get(i + 1..i + 3)
                    .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// Go net/http's reply with a body `fmt.Fprint` wrote (under its 2 kB
/// buffer, so with a length).
fn go_reply(body: String, date: String) -> Reply {
    let headers = vec![
        date,
        format!("Content-Length: {}", body.len()),
        "Content-Type: text/plain; charset=utf-8".into(),
    ];
    Reply {
        headers,
        body: Some(body),
    }
}

fn connection(keep_alive: bool) -> &'static str {
    if keep_alive {
        "Connection: keep-alive"
    } else {
        "Connection: close"
    }
}

/// What the server behind `l` answers to `req` at `now`, with a note when
/// the playground does not know.
pub(in crate::exec) fn reply(l: &Listener, req: &Request, now: Time) -> (Reply, Option<String>) {
    let r = ImageRef::parse(&l.image).ok();
    let repo = r.as_ref().map(ImageRef::repository).unwrap_or_default();
    let tag = r
        .as_ref()
        .and_then(|r| r.effective_tag())
        .unwrap_or("")
        .to_string();
    let date = format!("Date: {}", http_date(now));
    let unknown = |what: String| {
        (
            Reply {
                headers: vec![date.clone()],
                body: None,
            },
            Some(what),
        )
    };
    match repo.as_str() {
        "docker.io/library/nginx" => {
            let version = server_version(&repo, &tag);
            let old = version_below(&version, &[1, 21]);
            let body = if old { NGINX_PAGE_OLD } else { NGINX_PAGE };
            let headers = vec![format!("Server: nginx/{version}"), date, "Content-Type: text/html".into(), format!("Content-Length: {}", body.len()), connection(req.keep_alive).into(), "Accept-Ranges: bytes".into()];
            (Reply { headers, body: Some(body.into()) }, None)
        }
        // Kubernetes' own small nginx build, from before nginx's page grew;
        // which nginx release each tag holds is not known here, so the
        // header names none.
        "registry.k8s.io/nginx-slim" => {
            let body = NGINX_PAGE_OLD;
            let headers = vec!["Server: nginx".into(), date, "Content-Type: text/html".into(), format!("Content-Length: {}", body.len()), connection(req.keep_alive).into(), "Accept-Ranges: bytes".into()];
            (Reply { headers, body: Some(body.into()) }, None)
        }
        "docker.io/library/httpd" => {
            let version = server_version(&repo, &tag);
            let mut headers = vec![date, format!("Server: Apache/{version} (Unix)"), "Accept-Ranges: bytes".into(), format!("Content-Length: {}", HTTPD_PAGE.len())];
            if !req.keep_alive {
                headers.push(connection(false).into());
            }
            headers.push("Content-Type: text/html".into());
            (Reply { headers, body: Some(HTTPD_PAGE.into()) }, None)
        }
        // Bitnami's Apache build serves httpd's own page, on 8080 as a
        // non-root user; which 2.4 release a tag holds is not known here.
        "docker.io/bitnami/apache" => {
            let headers = vec![date, "Server: Apache".into(), "Accept-Ranges: bytes".into(), format!("Content-Length: {}", HTTPD_PAGE.len()), "Content-Type: text/html".into()];
            (Reply { headers, body: Some(HTTPD_PAGE.into()) }, None)
        }
        // server.js answers every path alike, in chunks (write, then end).
        "gcr.io/google-samples/kubernetes-bootcamp" | "docker.io/jocatalin/kubernetes-bootcamp" => {
            let v = if tag == "v2" { 2 } else { 1 };
            let body = format!("Hello Kubernetes bootcamp! | Running on: {} | v={v}\n", l.hostname);
            let headers = vec!["Content-Type: text/plain".into(), date, connection(req.keep_alive).into(), "Transfer-Encoding: chunked".into()];
            (Reply { headers, body: Some(body) }, None)
        }
        "gcr.io/google-samples/hello-app" | "us-docker.pkg.dev/google-samples/containers/gke/hello-app" => {
            let version = if tag.starts_with('2') { "2.0.0" } else { "1.0.0" };
            (go_reply(format!("Hello, world!\nVersion: {version}\nHostname: {}\n", l.hostname), date), None)
        }
        super::nodejs_hello::REPOSITORY => (super::nodejs_hello::reply(date, connection(req.keep_alive)), None),
        "gcr.io/google-samples/node-hello" => {
            let body = "Hello Kubernetes!".to_string();
            let headers = vec![date, connection(req.keep_alive).into(), format!("Content-Length: {}", body.len())];
            (Reply { headers, body: Some(body) }, None)
        }
        // index.php burns CPU on a loop of square roots, then says so.
        "registry.k8s.io/hpa-example" => {
            let body = "OK!".to_string();
            let headers = vec![date, format!("Content-Length: {}", body.len()), "Content-Type: text/html".into()];
            (Reply { headers, body: Some(body) }, None)
        }
        "registry.k8s.io/e2e-test-images/agnhost" => agnhost(l, req, now, date),
        // hashicorp/http-echo answers every path with its -text and a newline.
        "docker.io/hashicorp/http-echo" => match http_echo_text(&l.argv) {
            Some(text) => (go_reply(format!("{text}\n"), date), None),
            None => unknown(format!("(playground) {} without -text exits at once (\"Missing -text option!\")", l.image)),
        },
        // Debug Services' app, agnhost serve-hostname's ancestor: the bare
        // hostname, no newline, on every path.
        "registry.k8s.io/serve_hostname" | "k8s.gcr.io/serve_hostname" | "gcr.io/google_containers/serve_hostname" => (go_reply(l.hostname.clone(), date), None),
        "registry.k8s.io/echoserver" | "k8s.gcr.io/echoserver" | "gcr.io/google_containers/echoserver" => match echoserver(&tag, l, req) {
            Some(body) => {
                let headers = vec![date, "Content-Type: text/plain".into(), "Transfer-Encoding: chunked".into(), connection(req.keep_alive).into(), "Server: echoserver".into()];
                (Reply { headers, body: Some(body) }, None)
            }
            None => unknown(format!("(playground) the simulated server answered 200 with echoserver's page, whose layout in {} the playground does not know (it knows 1.4's and 1.10's)", l.image)),
        },
        // The "Connect a Front End to a Back End" task's pair. The backend
        // encodes its greeting with encoding/json's Encoder (a newline
        // after it) and sets no type, so net/http sniffs text. The frontend
        // is nginx proxying every path to the `hello` Service, so it
        // answers with the backend's body under nginx's headers, or with
        // nginx's 502 when nothing answers there ([`proxy_upstream`]).
        "gcr.io/google-samples/hello-go-gke" => (go_reply(HELLO_GO_GKE.into(), date), None),
        "gcr.io/google-samples/hello-frontend" => {
            let headers = vec!["Server: nginx".into(), date, "Content-Type: text/plain; charset=utf-8".into(), format!("Content-Length: {}", HELLO_GO_GKE.len()), connection(req.keep_alive).into()];
            (Reply { headers, body: Some(HELLO_GO_GKE.into()) }, None)
        }
        "us-docker.pkg.dev/google-samples/containers/gke/gb-frontend" => {
            unknown("(playground) the simulated server answered 200 with the guestbook's page (<title>Guestbook</title>), whose HTML the playground does not reproduce".into())
        }
        _ => unknown(format!("(playground) the simulated server answered 200, but the playground does not know what {} serves", l.image)),
    }
}

const HELLO_GO_GKE: &str = "{\"message\":\"Hello\"}\n";

/// The hello frontend's upstream, as its baked-in nginx.conf names it.
const HELLO_UPSTREAM: &str = "http://hello";

/// For a proxy whose answer is its upstream's (the hello frontend), the
/// answer when that upstream does not answer now: nginx's 502 page, as
/// when kube-proxy rejects a connection to a Service with no ready
/// endpoints. Leaves `reply` alone otherwise; true when it changed it.
pub(in crate::exec) fn proxy_upstream(engine: &kubeplay_engine::Engine, pod: &kubeplay_model::api::Pod, reply: &mut Reply) -> bool {
    let frontend = pod.spec.containers.iter().any(|c| {
        let repo = c.image.as_deref().and_then(|i| ImageRef::parse(i).ok()).map(|r| r.repository());
        repo.as_deref() == Some("gcr.io/google-samples/hello-frontend")
    });
    let Some(ip) = pod.status.pod_ip.as_deref().filter(|_| frontend) else { return false };
    let Ok(url) = kubeplay_engine::network::parse_url(HELLO_UPSTREAM) else { return false };
    let since = kubeplay_engine::network::answered_since(engine.world(), &pod.metadata.namespace, ip, &url);
    if since.is_some_and(|t| t <= engine.now()) {
        return false;
    }
    let body = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
    reply.set_status(502, "Bad Gateway");
    reply.headers.retain(|h| !h.starts_with("Content-Type: ") && !h.starts_with("Content-Length: "));
    // nginx's order: Server, Date, then the body's type and length.
    let at = reply.headers.iter().position(|h| h.starts_with("Date: ")).map_or(reply.headers.len(), |i| i + 1);
    reply.headers.insert(at, "Content-Type: text/html".into());
    reply.headers.insert(at + 1, format!("Content-Length: {}", body.len()));
    reply.body = Some(body.into());
    true
}

/// http-echo's `-text` flag (Go's flag package: one or two dashes, `=V`
/// or the next argument).
fn http_echo_text(argv: &[String]) -> Option<String> {
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        let Some(flag) = a.strip_prefix("--").or_else(|| a.strip_prefix('-')) else { continue };
        match flag.split_once('=') {
            Some(("text", v)) => return Some(v.to_string()),
            None if flag == "text" => return it.next().cloned(),
            _ => {}
        }
    }
    None
}

/// echoserver's page: nginx's Lua handler printing what the request
/// looked like on arrival, so `client_address` is the source address
/// after any NAT on the way. 1.4 printed it in capitals; 1.10 (nginx
/// 1.13.3) in sections with the pod's hostname. Headers come in name
/// order; the client's own (busybox wget: Connection, Host, User-Agent;
/// curl: Host, User-Agent, Accept) are the ones listed.
fn echoserver(tag: &str, l: &Listener, req: &Request) -> Option<String> {
    let (path, query) = req.path.split_once('?').unwrap_or((req.path, ""));
    let host_name = req.host.rsplit_once(':').filter(|(_, p)| p.parse::<u16>().is_ok()).map_or(req.host, |(h, _)| h);
    let mut headers = vec![("host", req.host.to_string()), ("user-agent", req.agent.to_string())];
    if req.keep_alive {
        headers.push(("accept", "*/*".into()));
    } else {
        headers.push(("connection", "close".into()));
    }
    headers.sort();
    let uri = format!("http://{host_name}:8080{}", req.path);
    match tag {
        "1.10" => {
            let list = headers.iter().map(|(k, v)| format!("\t{k}={v}\n")).collect::<String>();
            Some(format!(
                "\n\nHostname: {}\n\nPod Information:\n\t-no pod information available-\n\nServer values:\n\tserver_version=nginx: 1.13.3 - lua: 10008\n\nRequest Information:\n\tclient_address={}\n\tmethod=GET\n\treal path={path}\n\tquery={query}\n\trequest_version=1.1\n\trequest_scheme=http\n\trequest_uri={uri}\n\nRequest Headers:\n{list}\nRequest Body:\n\t-no body in request-\n\n",
                l.hostname, req.client_ip
            ))
        }
        "1.4" => {
            let list = headers.iter().map(|(k, v)| format!("{k}={v}\n")).collect::<String>();
            let query = if query.is_empty() { "nil" } else { query };
            Some(format!(
                "CLIENT VALUES:\nclient_address={}\ncommand=GET\nreal path={path}\nquery={query}\nrequest_version=1.1\nrequest_uri={uri}\n\nSERVER VALUES:\nserver_version=nginx: 1.10.0 - lua: 10001\n\nHEADERS RECEIVED:\n{list}BODY:\n-no body in request-",
                req.client_ip
            ))
        }
        _ => None,
    }
}

/// agnhost's subcommand (its first argument after the binary's name).
fn agnhost_subcommand(argv: &[String]) -> Option<&str> {
    argv.iter()
        .map(String::as_str)
        .find(|a| !a.ends_with("agnhost"))
}

/// agnhost: `netexec`'s endpoints (every path not listed is its root
/// handler, the ServeMux's `/`), `serve-hostname`'s hostname.
fn agnhost(l: &Listener, req: &Request, now: Time, date: String) -> (Reply, Option<String>) {
    let path = req.path.split('?').next().unwrap_or("/");
    match agnhost_subcommand(&l.argv) {
        Some("netexec") => match path {
            "/hostname" | "/hostName" => (go_reply(l.hostname.clone(), date), None),
            "/echo" => (go_reply(query_value(req.path, "msg").unwrap_or_default(), date), None),
            // The client's port: an ephemeral one the playground picks.
            "/clientip" => {
                let port = 32768 + (kubeplay_model::fnv::fnv1a(format!("{}/{}", req.client_ip, now.millis()).as_bytes()) % 28_000) as u32;
                (go_reply(format!("{}:{port}", req.client_ip), date), None)
            }
            "/healthz" => (Reply { headers: vec![date, "Content-Length: 0".into()], body: Some(String::new()) }, None),
            "/dial" | "/shell" | "/exit" | "/shutdown" | "/upload" | "/redirect" => {
                (Reply { headers: vec![date], body: None }, Some(format!("(playground) agnhost netexec's {path} is not simulated; /, /hostname, /echo?msg=, /clientip and /healthz are")))
            }
            _ => (go_reply(format!("NOW: {}", go_time_now(now, l.started)), date), None),
        },
        Some("serve-hostname") => (go_reply(l.hostname.clone(), date), None),
        _ => (Reply { headers: vec![date], body: None }, Some(format!("(playground) the simulated server answered 200, but the playground does not know what {} serves", l.image))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::time::EPOCH;

    fn listener(image: &str, argv: &[&str]) -> Listener {
        Listener {
            image: image.into(),
            argv: argv.iter().map(|s| s.to_string()).collect(),
            hostname: "web-5d9f8-abcde".into(),
            started: EPOCH.plus_millis(1_000),
        }
    }

    fn body(image: &str, argv: &[&str], path: &str, now_ms: i64) -> Option<String> {
        let req = Request {
            path,
            client_ip: "10.244.1.7",
            keep_alive: true,
            host: "web",
            agent: "curl/8.11.1",
        };
        reply(&listener(image, argv), &req, EPOCH.plus_millis(now_ms))
            .0
            .body
    }

    #[test]
    fn paths_of_urls() {
        for (url, want) in [
            ("http://a:8080", "/"),
            ("http://a:8080/", "/"),
            ("a/hostname", "/hostname"),
            ("http://a/echo?msg=x", "/echo?msg=x"),
            ("a?x=1", "/"),
            ("localhost:8080/b/c", "/b/c"),
        ] {
            assert_eq!(path_of(url), want, "{url}");
        }
    }

    /// The tutorials' apps, as their pages show them answering.
    #[test]
    fn tutorial_apps_answer_as_their_source_does() {
        let cases: &[(&str, &[&str], &str, &str)] = &[
            (
                "gcr.io/google-samples/kubernetes-bootcamp:v1",
                &[],
                "/",
                "Hello Kubernetes bootcamp! | Running on: web-5d9f8-abcde | v=1\n",
            ),
            (
                "docker.io/jocatalin/kubernetes-bootcamp:v2",
                &[],
                "/anything",
                "Hello Kubernetes bootcamp! | Running on: web-5d9f8-abcde | v=2\n",
            ),
            (
                "gcr.io/google-samples/hello-app:1.0",
                &[],
                "/",
                "Hello, world!\nVersion: 1.0.0\nHostname: web-5d9f8-abcde\n",
            ),
            (
                "us-docker.pkg.dev/google-samples/containers/gke/hello-app:2.0",
                &[],
                "/",
                "Hello, world!\nVersion: 2.0.0\nHostname: web-5d9f8-abcde\n",
            ),
            (
                "gcr.io/google-samples/node-hello:1.0",
                &[],
                "/",
                "Hello Kubernetes!",
            ),
            ("registry.k8s.io/hpa-example", &[], "/", "OK!"),
            // The CKA exercises' apache-lb.
            ("bitnami/apache:latest", &[], "/", "<html><body><h1>It works!</h1></body></html>\n"),
            ("hashicorp/http-echo:1.0", &["-text=just made some syscalls!"], "/", "just made some syscalls!\n"),
            ("hashicorp/http-echo:1.0", &["--text", "hi"], "/x", "hi\n"),
            ("gcr.io/google-samples/hello-go-gke:1.0", &[], "/", "{\"message\":\"Hello\"}\n"),
            ("gcr.io/google-samples/hello-frontend:1.0", &[], "/anything", "{\"message\":\"Hello\"}\n"),
            ("registry.k8s.io/serve_hostname", &[], "/", "web-5d9f8-abcde"),
            ("k8s.gcr.io/serve_hostname:1.1", &[], "/x", "web-5d9f8-abcde"),
            (
                "registry.k8s.io/e2e-test-images/agnhost:2.53",
                &["/agnhost", "netexec", "--http-port=8080"],
                "/hostname",
                "web-5d9f8-abcde",
            ),
            (
                "registry.k8s.io/e2e-test-images/agnhost:2.53",
                &["netexec"],
                "/echo?msg=hello+there%21",
                "hello there!",
            ),
            (
                "registry.k8s.io/e2e-test-images/agnhost:2.53",
                &["netexec"],
                "/",
                "NOW: 2025-01-01 00:01:05.25 +0000 UTC m=+64.250000000",
            ),
            (
                "registry.k8s.io/e2e-test-images/agnhost:2.53",
                &["serve-hostname"],
                "/",
                "web-5d9f8-abcde",
            ),
        ];
        for (image, argv, path, want) in cases {
            assert_eq!(
                body(image, argv, path, 65_250).as_deref(),
                Some(*want),
                "{image} {path}"
            );
        }
        assert_eq!(
            body(
                "registry.k8s.io/e2e-test-images/agnhost:2.53",
                &["netexec"],
                "/",
                3_000
            )
            .as_deref(),
            Some("NOW: 2025-01-01 00:00:03 +0000 UTC m=+2.000000000")
        );
        let ip = body(
            "registry.k8s.io/e2e-test-images/agnhost:2.53",
            &["netexec"],
            "/clientip",
            3_000,
        )
        .unwrap();
        assert!(ip.starts_with("10.244.1.7:"), "{ip}");
    }

    /// echoserver's page, as the source IP tutorial and minikube's docs
    /// show it for 1.10 and the older capitals of 1.4.
    #[test]
    fn echoserver_reports_the_request_as_it_arrived() {
        let wget = Request { path: "/a?b=1", client_ip: "10.244.3.1", keep_alive: false, host: "10.96.5.5", agent: "Wget" };
        let curl = Request { path: "/", client_ip: "172.18.0.1", keep_alive: true, host: "172.18.0.3:30080", agent: "curl/8.5.0" };
        let cases: &[(&str, &Request, Option<&str>)] = &[
            (
                "registry.k8s.io/echoserver:1.10",
                &wget,
                Some("\n\nHostname: web-5d9f8-abcde\n\nPod Information:\n\t-no pod information available-\n\nServer values:\n\tserver_version=nginx: 1.13.3 - lua: 10008\n\nRequest Information:\n\tclient_address=10.244.3.1\n\tmethod=GET\n\treal path=/a\n\tquery=b=1\n\trequest_version=1.1\n\trequest_scheme=http\n\trequest_uri=http://10.96.5.5:8080/a?b=1\n\nRequest Headers:\n\tconnection=close\n\thost=10.96.5.5\n\tuser-agent=Wget\n\nRequest Body:\n\t-no body in request-\n\n"),
            ),
            (
                "k8s.gcr.io/echoserver:1.4",
                &curl,
                Some("CLIENT VALUES:\nclient_address=172.18.0.1\ncommand=GET\nreal path=/\nquery=nil\nrequest_version=1.1\nrequest_uri=http://172.18.0.3:8080/\n\nSERVER VALUES:\nserver_version=nginx: 1.10.0 - lua: 10001\n\nHEADERS RECEIVED:\naccept=*/*\nhost=172.18.0.3:30080\nuser-agent=curl/8.5.0\nBODY:\n-no body in request-"),
            ),
            ("registry.k8s.io/echoserver:1.7", &curl, None),
        ];
        for (image, req, want) in cases {
            let (r, note) = reply(&listener(image, &[]), req, EPOCH);
            assert_eq!(r.body.as_deref(), *want, "{image}");
            assert_eq!(note.is_some(), want.is_none(), "{image}");
        }
    }

    #[test]
    fn go_and_node_headers_in_their_order() {
        let req = Request {
            path: "/",
            client_ip: "10.0.0.1",
            keep_alive: true,
            host: "web",
            agent: "curl/8.11.1",
        };
        let (r, _) = reply(
            &listener("gcr.io/google-samples/hello-app:1.0", &[]),
            &req,
            kubeplay_model::time::EPOCH,
        );
        assert_eq!(
            r.headers,
            vec![
                "Date: Wed, 01 Jan 2025 00:00:00 GMT",
                "Content-Length: 55",
                "Content-Type: text/plain; charset=utf-8"
            ]
        );
        let (r, _) = reply(
            &listener("gcr.io/google-samples/kubernetes-bootcamp:v1", &[]),
            &req,
            kubeplay_model::time::EPOCH,
        );
        assert_eq!(
            r.headers,
            vec![
                "Content-Type: text/plain",
                "Date: Wed, 01 Jan 2025 00:00:00 GMT",
                "Connection: keep-alive",
                "Transfer-Encoding: chunked"
            ]
        );
    }

    #[test]
    fn unknown_servers_say_so() {
        let req = Request {
            path: "/",
            client_ip: "10.0.0.1",
            keep_alive: false,
            host: "web",
            agent: "Wget",
        };
        let (r, note) = reply(
            &listener("myapp:v1", &[]),
            &req,
            kubeplay_model::time::EPOCH,
        );
        assert_eq!(r.body, None);
        assert!(note.is_some_and(|n| n.starts_with("(playground) ") && n.contains("myapp:v1")));
        let (r, note) = reply(
            &listener("registry.k8s.io/e2e-test-images/agnhost:2.53", &["netexec"]),
            &Request {
                path: "/shell?cmd=ls",
                ..req
            },
            kubeplay_model::time::EPOCH,
        );
        assert_eq!(r.body, None);
        assert!(note.is_some());
    }

    #[test]
    fn query_values_decode_as_go_does() {
        assert_eq!(
            query_value("/echo?msg=a%20b+c", "msg").as_deref(),
            Some("a b c")
        );
        assert_eq!(
            query_value("/echo?code=1&msg=x", "msg").as_deref(),
            Some("x")
        );
        assert_eq!(query_value("/echo?msg=100%", "msg"), None);
        assert_eq!(query_value("/echo?msg=%zz", "msg"), None);
        assert_eq!(query_value("/echo", "msg"), None);
    }

    /// The hello frontend answers with its upstream's body only while the
    /// `hello` Service has a backend that answers; otherwise nginx's 502.
    #[test]
    fn the_hello_frontend_needs_its_backend() {
        use kubeplay_engine::Engine;
        let run = |e: &mut Engine, line: &str| match crate::parse_line(line) {
            Ok(crate::Line::Kubectl(inv)) => drop(crate::exec::execute(&inv, e, crate::exec::Io::default())),
            other => panic!("{line}: {other:?}"),
        };
        let mut e = Engine::with_default_cluster(5);
        run(&mut e, "kubectl create deployment backend --image=gcr.io/google-samples/hello-go-gke:1.0 --port=80");
        run(&mut e, "kubectl run frontend --image=gcr.io/google-samples/hello-frontend:1.0");
        e.advance(30_000);
        let frontend = |e: &Engine| e.store().get_by(kubeplay_model::Kind::Pod, "default", "frontend").and_then(|o| o.as_pod().cloned()).expect("frontend pod");
        let answer = |e: &Engine| {
            let mut r = Reply { headers: vec!["Server: nginx".into(), "Date: x".into(), "Content-Type: text/plain".into(), "Content-Length: 20".into()], body: Some(HELLO_GO_GKE.into()) };
            let changed = proxy_upstream(e, &frontend(e), &mut r);
            (changed, r)
        };
        // No Service named hello yet: nothing answers there.
        let (changed, r) = answer(&e);
        assert!(changed && r.body.as_deref().is_some_and(|b| b.contains("502 Bad Gateway")), "{r:?}");
        run(&mut e, "kubectl expose deployment backend --name=hello --port=80");
        e.advance(10_000);
        let (changed, r) = answer(&e);
        assert!(!changed && r.body.as_deref() == Some(HELLO_GO_GKE), "{r:?}");
        run(&mut e, "kubectl scale deployment backend --replicas=0");
        e.advance(60_000);
        let (changed, r) = answer(&e);
        assert!(changed, "{r:?}");
        assert_eq!(r.headers.iter().filter(|h| !h.starts_with("HTTP/")).cloned().collect::<Vec<_>>(), ["Server: nginx", "Date: x", "Content-Type: text/html", "Content-Length: 150"]);
    }
}
