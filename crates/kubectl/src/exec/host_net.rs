//! `curl` and `wget` typed at the terminal: they run on the user's
//! machine, which kind's cluster runs beside. From there a port-forward
//! (`localhost:PORT`) reaches its pod directly, a `kubectl proxy` the API
//! server ([`super::proxy`]), and a node's address
//! with a NodePort reaches the Service through kube-proxy (kind's nodes
//! are containers on the host's bridge); the cluster's DNS names and its
//! pod and service networks are not reachable from the host.

use super::pod_exec::net::{api, is_ipv4, listener, path_of, reply, routed, Request};
use super::pod_exec::tools::{self, Outcome, Printed};
use super::portforward::{running_pod, Forwards};
use super::Output;
use kubeplay_engine::network::{self, Url};
use kubeplay_engine::Engine;
use kubeplay_model::Kind;

/// The host's address on kind's Docker network, as the nodes see it.
pub const HOST_IP: &str = "172.18.0.1";

/// The User-Agent this machine's clients send (a current Ubuntu's curl).
pub const HOST_AGENT: &str = "curl/8.5.0";

/// Runs `curl …` or `wget …` on the user's machine.
pub fn run(argv: &[String], engine: &mut Engine, forwards: &mut Forwards) -> Output {
    run_on(argv, engine, forwards, false)
}

/// [`run`], its stdout the terminal when `tty` (curl then shows no
/// progress meter).
pub fn run_on(argv: &[String], engine: &mut Engine, forwards: &mut Forwards, tty: bool) -> Output {
    let mut out = Output::default();
    for ended in forwards.prune(engine) {
        out.note(&format!("(playground) the port-forward to pod {} on port {} ended with its pod", ended.pod, ended.local));
    }
    let program = argv.first().map(String::as_str).unwrap_or_default();
    let args = argv.get(1..).unwrap_or_default();
    let code = if program == "wget" { wget(args, engine, forwards, &mut out) } else { curl(args, engine, forwards, tty, &mut out) };
    out.set_status(code);
    out
}

fn emit(p: Printed, out: &mut Output) -> i32 {
    for (to_err, text) in p.pieces {
        if to_err {
            out.note(&text);
        } else {
            out.stdout.push_str(&text);
        }
    }
    p.code
}

fn curl(args: &[String], engine: &mut Engine, forwards: &Forwards, tty: bool, out: &mut Output) -> i32 {
    let mut c = match tools::parse_curl(args) {
        Ok(c) => c,
        Err(p) => return emit(p, out),
    };
    c.tty = tty;
    let url = match network::parse_url(&c.url) {
        Ok(u) => u,
        Err(e) => return emit(Printed { pieces: vec![(true, format!("{e}\n"))], code: 3 }, out),
    };
    if let Some(ip) = api_server_ip(&url, forwards) {
        return api_server(&c, &url, ip, engine, out);
    }
    let answer = if c.writes() {
        match write_request(&url, &c, engine, forwards) {
            Some(answer) => Some(answer),
            None => {
                out.note(&format!("curl: (playground) only the API server behind kubectl proxy takes a {} request here; the servers in pods and behind NodePorts and forwards answer GET", c.method()));
                return 2;
            }
        }
    } else if let Some(note) = c.unread_headers() {
        out.note(&note);
        return 2;
    } else {
        request(&url, path_of(&c.url), engine, forwards, out)
    };
    match answer {
        Some((outcome, note)) => {
            let code = emit(tools::curl(&c, &url.host, url.port, &outcome), out);
            if let Some(n) = note {
                out.note(&n);
            }
            code
        }
        None => {
            // kubectl reached the pod, but nothing listens on the port there:
            // the forward drops the connection before any reply.
            if !c.silent || c.show_error {
                out.note("curl: (52) Empty reply from server");
            }
            52
        }
    }
}

/// kind's API server as this machine reaches it: its port published on
/// loopback (the kubeconfig's server, unless a forward or proxy of ours
/// holds that port) and the control-plane node's own address on the
/// bridge. The address curl connects to, or None.
fn api_server_ip(url: &Url, forwards: &Forwards) -> Option<String> {
    let published = network::parse_url(super::discovery::SERVER_URL).ok()?;
    let host = url.host.trim_start_matches('[').trim_end_matches(']');
    if let Some(address) = loopback(host) {
        let port = u16::try_from(published.port).ok()?;
        let ours = forwards.proxies.iter().any(|p| p.port == port) || forwards.find(address, port).is_some();
        return (url.port == published.port && address == published.host && !ours).then(|| address.to_string());
    }
    let node = kubeplay_engine::bootstrap::node_ip(0);
    (host == node && url.port == api::SECURE_PORT).then_some(node)
}

/// curl to the API server from here: the same checks and filters as from
/// a pod (`pod_exec_api`), with this machine's CA bundle, which does not
/// hold the cluster's CA.
fn api_server(c: &tools::Curl, url: &Url, ip: String, engine: &mut Engine, out: &mut Output) -> i32 {
    if c.cacert.is_some() && !c.insecure {
        out.note("curl: (playground) curl on this machine reads no --cacert file: -k (--insecure) skips the check, or curl from a pod, whose ca.crt it reads");
        return 2;
    }
    if let Some(note) = api::unread_header(c) {
        out.note(&note);
        return 2;
    }
    let (outcome, note) = api::request(c, url, ip, HOST_AGENT, None, engine);
    let code = emit(tools::curl(c, &url.host, url.port, &outcome), out);
    if let Some(n) = note {
        out.note(&n);
    }
    code
}

/// GNU wget, quiet only: what the playground knows how it prints.
fn wget(args: &[String], engine: &mut Engine, forwards: &Forwards, out: &mut Output) -> i32 {
    let quiet = args.iter().any(|a| a == "-q" || a == "--quiet" || (a.starts_with('-') && !a.starts_with("--") && a.contains('q')));
    let to_stdout = args.windows(2).any(|w| w[0] == "-O" && w[1] == "-") || args.iter().any(|a| a.starts_with('-') && !a.starts_with("--") && a.ends_with("O-")) || args.iter().any(|a| a == "--output-document=-");
    let urls: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).filter(|a| *a != "-").collect();
    let (true, true, [url]) = (quiet, to_stdout, urls.as_slice()) else {
        // Pages download their examples with `wget URL -O FILE`: say what
        // to do instead, not only what this wget cannot do.
        match urls.iter().find_map(|u| network::parse_url(u).ok()).filter(|u| is_internet_name(&u.host, engine)) {
            Some(u) => out.error(&format!("wget: {}", no_internet(&u.host))),
            None => out.error("wget: (playground) this machine's wget writes no files: it runs only as wget -qO- URL; curl URL shows more"),
        }
        return 1;
    };
    let mut path = path_of(url).to_string();
    let Ok(url) = network::parse_url(url) else { return 4 };
    let mut answer = request(&url, &path, engine, forwards, out);
    // wget follows a redirect to a path on the same server (a proxy's
    // `…/proxy` → `…/proxy/`), up to its limit of 20.
    for _ in 0..20 {
        let Some((Outcome::Answered { reply, .. }, _)) = &answer else { break };
        let moved = reply.headers.first().is_some_and(|h| h.starts_with("HTTP/1.1 3"));
        let Some(to) = reply.headers.iter().find_map(|h| h.strip_prefix("Location: ")).filter(|l| moved && l.starts_with('/')) else { break };
        path = to.to_string();
        answer = request(&url, &path, engine, forwards, out);
    }
    match answer {
        // An error status (a proxy's): GNU wget's "server issued an error
        // response", quietly.
        Some((Outcome::Answered { reply, .. }, _)) if reply.headers.first().is_some_and(|h| h.starts_with("HTTP/1.1 4") || h.starts_with("HTTP/1.1 5")) => 8,
        Some((Outcome::Answered { reply, .. }, note)) => {
            out.stdout.push_str(reply.body.as_deref().unwrap_or_default());
            if let Some(n) = note {
                out.note(&n);
            }
            0
        }
        // Network failures: GNU wget's exit status 4, quietly, and the
        // playground's word on why.
        Some((_, Some(note))) => {
            out.note(&note);
            4
        }
        _ => 4,
    }
}

/// The Host header curl sends: the port left out when it is 80.
fn url_host(url: &Url) -> String {
    if url.port == 80 {
        url.host.clone()
    } else {
        format!("{}:{}", url.host, url.port)
    }
}

/// The source address a pod sees for a request to `node_ip:port`:
/// kube-proxy (iptables) masquerades NodePort traffic unless the Service's
/// externalTrafficPolicy is Local. Masqueraded, the packet leaves with the
/// address of the interface it goes out of: the node's pod-network gateway
/// (the first address of its podCIDR) for a pod on that node, the node's
/// own address for a pod on another.
fn node_port_source(engine: &Engine, node_ip: &str, port: i32, route: &network::Route) -> String {
    let store = engine.store();
    let svc = store.list(Kind::Service, None).filter_map(|s| s.as_service()).find(|s| s.spec.ports.iter().any(|p| p.node_port == Some(port)));
    if svc.is_none_or(|s| s.spec.external_traffic_policy.as_deref() == Some("Local")) {
        return HOST_IP.to_string();
    }
    let network::Route::Pod { pod, namespace, .. } = route else {
        return HOST_IP.to_string();
    };
    let receiving = store.list(Kind::Node, None).filter_map(|n| n.as_node()).find(|n| n.status.addresses.iter().any(|a| a.address == node_ip));
    let backend_node = store.get_by(Kind::Pod, namespace, pod).and_then(|o| o.as_pod()).and_then(|p| p.spec.node_name.clone());
    match receiving {
        Some(n) if backend_node.as_deref() == Some(n.metadata.name.as_str()) => {
            let gateway = n.spec.pod_cidr.as_deref().and_then(|c| c.split_once('/')).and_then(|(net, _)| net.rsplit_once('.')).map(|(head, _)| format!("{head}.1"));
            gateway.unwrap_or_else(|| node_ip.to_string())
        }
        _ => node_ip.to_string(),
    }
}

/// `curl -X METHOD` (or with a body) to a `kubectl proxy` on this
/// machine; None when no proxy listens there.
fn write_request(url: &Url, c: &tools::Curl, engine: &mut Engine, forwards: &Forwards) -> Option<(Outcome, Option<String>)> {
    let host = url.host.trim_start_matches('[').trim_end_matches(']');
    let address = loopback(host)?;
    let port = u16::try_from(url.port).ok()?;
    let content_type = c.content_type();
    let request = super::proxy::write::Write { method: c.method(), body: c.data.as_deref(), content_type: content_type.as_deref() };
    super::proxy::reach_write(forwards, host, address, port, path_of(&c.url), &request, engine)
}

/// The address a loopback name stands for.
fn loopback(host: &str) -> Option<&'static str> {
    match host {
        "localhost" => Some("127.0.0.1"),
        "::1" => Some("::1"),
        h if h.starts_with("127.") && is_ipv4(h) => Some("127.0.0.1"),
        _ => None,
    }
}

/// How a request from this machine ends, with a playground note; None
/// when a forward's pod has nothing listening on the port.
fn request(url: &Url, path: &str, engine: &mut Engine, forwards: &Forwards, out: &mut Output) -> Option<(Outcome, Option<String>)> {
    let host = url.host.trim_start_matches('[').trim_end_matches(']');
    if let Some(address) = loopback(host) {
        let port = u16::try_from(url.port).ok();
        if let Some(answer) = port.and_then(|p| super::proxy::reach(forwards, host, address, p, path, engine)) {
            return Some(answer);
        }
        let forward = port.and_then(|p| forwards.find(address, p).or_else(|| if host == "localhost" { forwards.find("::1", p) } else { None }));
        let Some(f) = forward else {
            return Some((Outcome::Refused { ip: address.to_string() }, None));
        };
        // The background kubectl's line, where its output lands: this terminal.
        out.note(&format!("Handling connection for {}", f.local));
        let pod = running_pod(engine, f)?;
        let image = listener(engine, &pod, i32::from(f.remote));
        return match image {
            Some(l) => {
                let (mut reply, note) = reply(&l, &Request { path, client_ip: "127.0.0.1", keep_alive: true, host: &url_host(url), agent: HOST_AGENT }, engine.now());
                super::pod_exec::served_file(engine, &pod, path, &mut reply);
                Some((Outcome::Answered { ip: address.to_string(), reply }, note))
            }
            None => {
                // klog's line from the background kubectl (its sandbox
                // details left out).
                let t = engine.now().rfc3339_micro();
                let (day, time) = (t.get(5..10).unwrap_or_default().replace('-', ""), t.get(11..26).unwrap_or_default());
                out.note(&format!(
                    "E{day} {time} portforward.go:424] \"Unhandled Error\" err=\"an error occurred forwarding {} -> {}: error forwarding port {} to pod {}: dial tcp4 127.0.0.1:{}: connect: connection refused\"",
                    f.local, f.remote, f.remote, pod.metadata.name, f.remote
                ));
                None
            }
        };
    }
    let node = engine.store().list(Kind::Node, None).filter_map(|n| n.as_node()).any(|n| n.status.addresses.iter().any(|a| a.address == host));
    // A LoadBalancer's address is on the same Docker network (as kind's
    // cloud-provider-kind gives it), so this machine reaches it too.
    let balancer = engine.store().list(Kind::Service, None).filter_map(|s| s.as_service()).any(|s| s.status.load_balancer.as_ref().is_some_and(|lb| lb.ingress.iter().any(|i| i.ip.as_deref() == Some(host))));
    if node || balancer {
        let route = network::route(engine.world_mut(), "", HOST_IP, url);
        let source = if node { node_port_source(engine, host, url.port, &route) } else { HOST_IP.to_string() };
        return Some(routed(engine, route, host.to_string(), &Request { path, client_ip: &source, keep_alive: true, host: &url_host(url), agent: HOST_AGENT }));
    }
    if is_ipv4(host) {
        // No route to the pod or service networks from here: the SYNs go
        // out of the default gateway and nobody answers.
        let note = "(playground) this machine has no route to the cluster's pod and service addresses; a port-forward (localhost) or a node's address with a NodePort reaches them";
        return Some((Outcome::Unanswered { ip: host.to_string() }, Some(note.into())));
    }
    let note = if is_internet_name(host, engine) {
        no_internet(host)
    } else {
        format!(
            "(playground) {} is not a name this machine's resolver knows: the cluster's DNS answers inside pods only (try kubectl exec POD -- curl {}, or kubectl port-forward)",
            host, url.host
        )
    };
    Some((Outcome::Unresolved { blocked: false }, Some(note)))
}

/// A name on the internet (`kubernetes.io`, `raw.githubusercontent.com`),
/// not one of the cluster's (`web`, `web.default` when a namespace is
/// called `default`, `web.default.svc.cluster.local`).
fn is_internet_name(host: &str, engine: &Engine) -> bool {
    let host = host.trim_end_matches('.');
    let Some((_, tld)) = host.rsplit_once('.') else { return false };
    !is_ipv4(host) && !host.ends_with(".local") && !host.contains(".svc") && tld.len() >= 2 && tld.bytes().all(|b| b.is_ascii_alphabetic()) && engine.store().get_by(Kind::Namespace, "", tld).is_none()
}

fn no_internet(host: &str) -> String {
    format!("(playground) the playground has no internet, so nothing is downloaded from {host}: to follow a page that downloads a file, write the file with cat > FILE <<'EOF' (its text, then a line EOF)")
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_engine::network::curl as says;

    #[test]
    fn loopback_without_a_forward_is_refused_as_curl_says() {
        let mut e = Engine::with_default_cluster(1);
        let mut f = Forwards::default();
        let out = run(&["curl".into(), "-s".into(), "http://localhost:8080".into()], &mut e, &mut f);
        assert!(out.failed);
        assert_eq!(out.stdout, "");
        let out = run(&["curl".into(), "localhost:8080".into()], &mut e, &mut f);
        assert!(out.stderr.ends_with(&format!("{}\n", says::refused("localhost", 8080))));
        let out = run(&["curl".into(), "-sS".into(), "http://web".into()], &mut e, &mut f);
        assert!(out.stderr.starts_with("curl: (6) Could not resolve host: web\n"), "{}", out.stderr);
        let out = run(&["wget".into(), "-qO-".into(), "http://web".into()], &mut e, &mut f);
        assert!(out.failed && out.stdout.is_empty());
    }

    #[test]
    fn internet_names_are_told_apart_from_the_clusters() {
        let mut e = Engine::with_default_cluster(1);
        for (host, internet) in [
            ("kubernetes.io", true),
            ("raw.githubusercontent.com", true),
            ("k8s.io.", true),
            ("web", false),
            ("web.default", false),
            ("web.nosuchnamespace", true),
            ("web.default.svc", false),
            ("web.default.svc.cluster.local", false),
            ("10.96.0.1", false),
            ("localhost", false),
        ] {
            assert_eq!(is_internet_name(host, &e), internet, "{host}");
        }
        let mut f = Forwards::default();
        let out = run(&["wget".into(), "https://kubernetes.io/examples/configmap/game.properties".into(), "-O".into(), "game.properties".into()], &mut e, &mut f);
        assert!(out.failed && out.stderr.contains("no internet, so nothing is downloaded from kubernetes.io"), "{}", out.stderr);
        let out = run(&["wget".into(), "http://localhost:8080/".into()], &mut e, &mut f);
        assert!(out.stderr.contains("writes no files"), "{}", out.stderr);
    }

    const ECHO: &str = r#"
apiVersion: apps/v1
kind: Deployment
metadata: {name: echo}
spec:
  selector: {matchLabels: {app: echo}}
  template:
    metadata: {labels: {app: echo}}
    spec:
      containers: [{name: echo, image: "registry.k8s.io/echoserver:1.10"}]
---
apiVersion: v1
kind: Service
metadata: {name: echo}
spec:
  type: NodePort
  selector: {app: echo}
  ports: [{port: 80, targetPort: 8080, nodePort: 30080}]
"#;

    /// The source IP tutorial's table: what echoserver reports as
    /// client_address through each node's NodePort, by traffic policy.
    #[test]
    fn node_ports_masquerade_unless_the_policy_is_local() {
        let mut e = Engine::with_default_cluster(3);
        for o in kubeplay_codec::decode_manifests(ECHO).objects() {
            kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
        }
        e.advance(30_000);
        let pod = e.store().list(Kind::Pod, Some("default")).filter_map(|o| o.as_pod()).find(|p| p.metadata.name.starts_with("echo-")).cloned().expect("echo pod");
        let home = pod.spec.node_name.clone().expect("scheduled");
        let nodes: Vec<(String, String, String)> = e
            .store()
            .list(Kind::Node, None)
            .filter_map(|o| o.as_node())
            .map(|n| {
                let ip = n.status.addresses.iter().find(|a| a.type_ == "InternalIP").map(|a| a.address.clone()).unwrap_or_default();
                (n.metadata.name.to_string(), ip, n.spec.pod_cidr.clone().unwrap_or_default())
            })
            .collect();
        let mut f = Forwards::default();
        let mut client = |e: &mut Engine, ip: &str| {
            let out = run(&["curl".into(), "-s".into(), format!("{ip}:30080")], e, &mut f);
            out.stdout.lines().find_map(|l| l.trim().strip_prefix("client_address=").map(str::to_string))
        };
        for (name, ip, cidr) in &nodes {
            let gateway = cidr.replace(".0/24", ".1");
            let want = if *name == home.as_str() { gateway } else { ip.clone() };
            assert_eq!(client(&mut e, ip), Some(want), "{name}");
        }
        let patch = r#"kubectl patch svc echo -p '{"spec":{"externalTrafficPolicy":"Local"}}'"#;
        match crate::parse_line(patch) {
            Ok(crate::Line::Kubectl(inv)) => assert!(!crate::exec::execute(&inv, &mut e, crate::exec::Io::default()).unwrap_or_default().failed),
            other => panic!("{other:?}"),
        }
        for (name, ip, _) in &nodes {
            let want = (*name == home.as_str()).then(|| HOST_IP.to_string());
            assert_eq!(client(&mut e, ip), want, "{name}");
        }
        // Dropped, not rejected: curl waits for its timeout.
        let (_, elsewhere, _) = nodes.iter().find(|(n, _, _)| *n != home.as_str()).expect("another node");
        let out = run(&["curl".into(), format!("{elsewhere}:30080")], &mut e, &mut Forwards::default());
        assert!(out.stderr.contains("curl: (28)"), "{}", out.stderr);
    }

    #[test]
    fn odd_arguments_fail_without_panicking() {
        let mut e = Engine::with_default_cluster(1);
        let mut f = Forwards::default();
        for argv in [&["curl"][..], &["curl", "-m"], &["curl", "-x", "y"], &["curl", "http://:80"], &["curl", "[::1]:99999"], &["wget"], &["wget", "-qO-"], &["wget", "-q", "-O", "-", "http://172.18.0.2:1"]] {
            let argv: Vec<String> = argv.iter().map(|s| s.to_string()).collect();
            assert!(run(&argv, &mut e, &mut f).failed, "{argv:?}");
        }
    }

    // kind publishes the API server's port on loopback (the kubeconfig's
    // server) and the node's address is on the host's bridge: the page
    // "Access Clusters Using the Kubernetes API" curls it with a token and
    // --insecure.
    #[test]
    fn the_api_server_from_this_machine() {
        let mut e = Engine::with_default_cluster(1);
        let mut f = Forwards::default();
        let mut curl = |args: &[&str], e: &mut Engine| {
            let argv: Vec<String> = std::iter::once("curl").chain(args.iter().copied()).map(String::from).collect();
            run_on(&argv, e, &mut f, true)
        };
        let out = curl(&["-k", "https://127.0.0.1:6443/livez"], &mut e);
        assert_eq!((out.stdout.as_str(), out.failed), ("ok", false));
        let out = curl(&["-k", "https://172.18.0.2:6443/api"], &mut e);
        assert!(out.stdout.contains("forbidden: User \\\"system:anonymous\\\" cannot get path \\\"/api\\\""), "{}", out.stdout);
        let out = curl(&["https://127.0.0.1:6443/api"], &mut e);
        assert!(out.stderr.starts_with("curl: (60) SSL certificate problem: unable to get local issuer certificate\n"), "{}", out.stderr);
        let out = curl(&["-k", "-H", "Authorization: Bearer nope", "https://localhost:6443/api"], &mut e);
        assert!(out.stdout.contains("\"code\": 401"), "{}", out.stdout);
        // Another port on loopback is not the API server.
        let out = curl(&["-k", "https://127.0.0.1:6444/api"], &mut e);
        assert!(out.failed && out.stderr.contains("(7)"), "{}", out.stderr);
        let out = curl(&["--cacert", "ca.crt", "https://127.0.0.1:6443/api"], &mut e);
        assert!(out.stderr.starts_with("curl: (playground)"), "{}", out.stderr);
    }
}
