//! `kubectl exec POD -- wget|curl|nslookup|dig …`: the tutorials' connectivity
//! checks, answered by the simulated network ([`kubeplay_engine::network`]:
//! CoreDNS, kube-proxy, NetworkPolicies) with the same draws `sim curl`
//! makes, and printed as the real tools print them
//! ([`super::tools`]); what the server that a request reaches answers is
//! [`replies`]. Nothing here advances virtual time: like
//! `sim curl`, a request that would wait for a timeout reports the wait
//! without spending it. wget keeps what it fetched in the container's
//! files, as busybox's does (never over a name it chose itself).

use super::tools::{self, Dns, Lookup, Nslookup, Outcome, Printed, Reply};
use super::fs::Fs;
use super::Output;
use kubeplay_engine::kubelet::envvars;
use kubeplay_engine::kubelet::image::ImageRef;
use kubeplay_engine::network::{self, Answer, Failure, Route, CLUSTER_DOMAIN};
use kubeplay_engine::world::World;
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::time::Time;
use kubeplay_model::Kind;

#[path = "replies.rs"]
pub(in crate::exec) mod replies;
#[path = "app_nodejs_hello.rs"]
pub(in crate::exec) mod nodejs_hello;
#[path = "coredns_log.rs"]
pub(in crate::exec) mod coredns_log;
#[path = "pod_exec_dig.rs"]
mod dig;
#[path = "pod_exec_api.rs"]
pub(crate) mod api;
pub(in crate::exec) use replies::{path_of, reply, Listener, Request};
use replies::version_below;

/// A kind node's resolver, Docker's, as pods with the node's DNS see it.
const NODE_RESOLVER: &str = "172.18.0.1";

/// The programs answered here.
pub const PROGRAMS: &[&str] = &["wget", "curl", "nslookup", "dig"];

/// Which of them an image contains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tools {
    pub wget: bool,
    pub curl: bool,
    pub nslookup: Option<Nslookup>,
}

const NONE: Tools = Tools {
    wget: false,
    curl: false,
    nslookup: None,
};
const BUSYBOX: Tools = Tools {
    wget: true,
    curl: false,
    nslookup: Some(Nslookup::Busybox),
};

/// What the images tutorials run contain (busybox applets in the busybox
/// and Alpine-based ones, curl where the image installs it, BIND's
/// nslookup from bind-tools); None for images the playground does not know.
pub fn tools(image: &str) -> Option<Tools> {
    let r = ImageRef::parse(image).ok()?;
    let tag = r.effective_tag().unwrap_or("");
    let alpine = tag.contains("alpine");
    Some(match r.repository().as_str() {
        "docker.io/library/busybox" if version_below(tag, &[1, 29]) => Tools {
            nslookup: Some(Nslookup::BusyboxOld),
            ..BUSYBOX
        },
        // Debug Services' interactive pod: a 2014 busybox (1.2x) whose
        // nslookup prints the page's "Address 1: IP NAME" lines.
        "gcr.io/google-containers/busybox" => Tools {
            nslookup: Some(Nslookup::BusyboxOld),
            ..BUSYBOX
        },
        "docker.io/library/busybox"
        | "docker.io/library/alpine"
        // The official bash image: Alpine with bash added (the Indexed
        // Job page's worker).
        | "docker.io/library/bash"
        | "registry.k8s.io/e2e-test-images/busybox"
        // The task pages' busybox (kubernetes.io/examples/pods/*.yaml).
        | "registry.k8s.io/busybox"
        | "gcr.io/google_containers/busybox" => BUSYBOX,
        "docker.io/radial/busyboxplus" => Tools {
            curl: tag == "curl" || tag == "git",
            nslookup: Some(Nslookup::BusyboxOld),
            ..BUSYBOX
        },
        // alpine/curl: Alpine with curl added (the CKAD crash course's
        // API client).
        "docker.io/curlimages/curl" | "docker.io/alpine/curl" => Tools {
            curl: true,
            ..BUSYBOX
        },
        "docker.io/library/nginx" if tag.contains("alpine-slim") => BUSYBOX,
        "docker.io/library/nginx" if alpine => Tools {
            curl: true,
            ..BUSYBOX
        },
        "docker.io/library/nginx" => Tools { curl: true, ..NONE },
        nodejs_hello::REPOSITORY => Tools { curl: true, ..NONE },
        // Kubernetes' nginx build on an Ubuntu base; the StatefulSet
        // tutorial curls from inside it.
        "registry.k8s.io/nginx-slim" | "k8s.gcr.io/nginx-slim" => Tools { curl: true, ..NONE },
        "docker.io/library/httpd" | "docker.io/library/redis" if alpine => BUSYBOX,
        "docker.io/library/httpd" | "docker.io/library/ubuntu" | "docker.io/library/debian" | "docker.io/library/redis" => NONE,
        // node:6 on Debian with curl (the tutorial curls from inside it).
        "gcr.io/google-samples/kubernetes-bootcamp" | "docker.io/jocatalin/kubernetes-bootcamp" => Tools { curl: true, ..NONE },
        // The stateful tutorials' servers: ZooKeeper on Ubuntu 16.04 with
        // wget and netcat, Cassandra on debian-base.
        "registry.k8s.io/kubernetes-zookeeper" => Tools { wget: true, ..NONE },
        "gcr.io/google-samples/cassandra" => NONE,
        // The MySQL pages' servers and clients: no network tools.
        "docker.io/library/mysql" => NONE,
        // Go binaries on distroless images: no programs besides the app.
        "gcr.io/google-samples/hello-app" | "us-docker.pkg.dev/google-samples/containers/gke/hello-app" => NONE,
        // Debian jessie with dnsutils (BIND's nslookup and dig), nothing
        // that fetches URLs: the DNS debugging page's pod.
        "registry.k8s.io/e2e-test-images/jessie-dnsutils" | "gcr.io/kubernetes-e2e-test-images/dnsutils" => Tools {
            nslookup: Some(Nslookup::BindOld),
            ..NONE
        },
        // Ubuntu 14.04 with curl added (the CKA exercises' API client).
        "docker.io/tutum/curl" => Tools { curl: true, ..NONE },
        "docker.io/nicolaka/netshoot" | "registry.k8s.io/e2e-test-images/agnhost" => Tools {
            wget: true,
            curl: true,
            nslookup: Some(Nslookup::Bind),
        },
        _ => return None,
    })
}

impl Tools {
    /// Whether the image has `program` (one of [`PROGRAMS`]).
    pub fn contains(&self, program: &str) -> bool {
        match program {
            "wget" => self.wget,
            "curl" => self.curl,
            // dig comes with BIND's nslookup (dnsutils, bind-tools), not busybox's.
            "dig" => matches!(self.nslookup, Some(Nslookup::Bind | Nslookup::BindOld)),
            _ => self.nslookup.is_some(),
        }
    }
}

/// The shells an image has: every image [`tools`] knows has `/bin/sh`
/// (Debian's is dash, the others' busybox ash); some have bash too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shells {
    pub dash: bool,
    pub bash: bool,
}

pub fn shells(image: &str) -> Option<Shells> {
    tools(image)?;
    let r = ImageRef::parse(image).ok()?;
    let tag = r.effective_tag().unwrap_or("");
    let debian = match r.repository().as_str() {
        "docker.io/library/nginx" | "docker.io/library/httpd" | "docker.io/library/redis" => !tag.contains("alpine"),
        "docker.io/library/ubuntu" | "docker.io/library/debian" | "registry.k8s.io/nginx-slim" | "k8s.gcr.io/nginx-slim" => true,
        "registry.k8s.io/e2e-test-images/jessie-dnsutils" | "gcr.io/kubernetes-e2e-test-images/dnsutils" => true,
        "gcr.io/google-samples/kubernetes-bootcamp" | "docker.io/jocatalin/kubernetes-bootcamp" => true,
        "registry.k8s.io/kubernetes-zookeeper" | "gcr.io/google-samples/cassandra" => true,
        "docker.io/tutum/curl" => true,
        nodejs_hello::REPOSITORY => true,
        // mysql:5.6 and the -debian tags are Debian; 5.7 and later Oracle Linux, whose sh is bash.
        "docker.io/library/mysql" => tag.starts_with("5.6") || tag.starts_with("5.5") || tag.contains("debian"),
        // No shell at all, which `Shells` cannot say: as unknown.
        "gcr.io/google-samples/hello-app" | "us-docker.pkg.dev/google-samples/containers/gke/hello-app" => return None,
        _ => false,
    };
    // netshoot and the bash image are Alpine with bash added; agnhost is
    // plain Alpine.
    let with_bash = matches!(r.repository().as_str(), "docker.io/nicolaka/netshoot" | "docker.io/library/bash" | "docker.io/library/mysql");
    Some(Shells { dash: debian, bash: debian || with_bash })
}

/// The refusal for an image whose programs the playground does not know.
pub fn unknown_image(image: &str) -> String {
    format!("error: (playground) the playground does not know which programs {image} contains; it runs wget, curl and nslookup in the busybox, alpine, curlimages/curl, nginx, httpd, redis, ubuntu, debian, nicolaka/netshoot, agnhost and kubernetes-bootcamp images, and nslookup and dig in jessie-dnsutils (dig in nicolaka/netshoot and agnhost too)")
}

pub(in crate::exec) fn is_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4 && parts.iter().all(|p| p.parse::<u8>().is_ok())
}

/// Whether a name is for the internet, which the simulated CoreDNS would
/// forward and the playground does not simulate (`example.com`; not
/// `web.default`, which CoreDNS forwards too and gets NXDOMAIN for).
fn outside_cluster(world: &World, name: &str) -> bool {
    let name = name.trim_end_matches('.');
    let Some((_, last)) = name.rsplit_once('.') else {
        return false;
    };
    !name.ends_with(CLUSTER_DOMAIN)
        && last != "svc"
        && world.store.get_by(Kind::Namespace, "", last).is_none()
}

/// The container in `pod` listening on `port` now: its image, its
/// command line and the pod's hostname, which decide what it answers.
pub(in crate::exec) fn listener(engine: &Engine, pod: &Pod, port: i32) -> Option<Listener> {
    let now = engine.now().millis();
    let rt = engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|rt| rt.uid == pod.metadata.uid)?;
    rt.app.iter().find_map(|c| {
        let run = c.run.as_ref()?;
        let t = now - run.started_at.millis();
        let plan = &run.plan;
        let listens = plan.listen_after_ms.is_some_and(|l| t >= l) && plan.ports.as_ref().is_none_or(|ps| ps.contains(&port));
        let spec = pod.spec.containers.iter().find(|s| s.name == c.name);
        let argv = spec.map(|s| s.command.iter().chain(&s.args).cloned().collect()).unwrap_or_default();
        listens.then(|| Listener { image: run.image.to_string(), argv, hostname: envvars::hostname(pod), started: run.started_at })
    })
}

/// Sends one request as `sim curl` does (same DNS and backend draws) and
/// says how it ended, with a note for what the playground cannot know.
fn request(engine: &mut Engine, client: &Pod, client_ip: &str, url: &network::Url, path: &str, keep_alive: bool) -> (Outcome, Option<String>) {
    // Both clients leave the port out of Host when it is 80.
    let host = if url.port == 80 { url.host.clone() } else { format!("{}:{}", url.host, url.port) };
    let agent = if keep_alive { curl_agent(client) } else { "Wget".to_string() };
    if url.host == "localhost" || url.host.starts_with("127.") && is_ipv4(&url.host) {
        // The pod's own loopback: its containers share it, no policy applies.
        let ip = if url.host == "localhost" { "127.0.0.1".to_string() } else { url.host.clone() };
        return match listener(engine, client, url.port) {
            Some(l) => {
                let (mut reply, note) = reply(&l, &Request { path, client_ip: "127.0.0.1", keep_alive, host: &host, agent: &agent }, engine.now());
                super::served_file(engine, client, path, &mut reply);
                (Outcome::Answered { ip, reply }, note)
            }
            None => (Outcome::Refused { ip }, None),
        };
    }
    match resolve_route(engine, client, client_ip, url) {
        Ok((route, ip)) => routed(engine, route, ip, &Request { path, client_ip, keep_alive, host: &host, agent: &agent }),
        Err(ended) => ended,
    }
}

/// DNS (as the client pod's resolver asks) and kube-proxy's pick for a
/// request that leaves the pod: the route and the address connected to,
/// or how the request ended before that.
fn resolve_route(engine: &mut Engine, client: &Pod, client_ip: &str, url: &network::Url) -> Result<(Route, String), (Outcome, Option<String>)> {
    let client_ns: &str = &client.metadata.namespace;
    let world = engine.world();
    let answers = if is_ipv4(&url.host) {
        vec![url.host.clone()]
    } else {
        if !network::dns_reachable(world, client_ns, client_ip) {
            return Err((Outcome::Unresolved { blocked: true }, None));
        }
        match network::resolve(world, &url.host, client_ns) {
            Some((_, Answer::Addresses(ips))) if !ips.is_empty() => ips,
            Some((fqdn, Answer::Cname(target))) => {
                return Err((Outcome::Unresolved { blocked: false }, Some(format!("(playground) {fqdn} is an ExternalName for {target}, outside the simulated cluster"))));
            }
            _ => {
                let note = outside_cluster(world, &url.host).then(|| format!("(playground) the simulated CoreDNS knows only the cluster's names; {} would be forwarded to the node's resolver", url.host));
                return Err((Outcome::Unresolved { blocked: false }, note));
            }
        }
    };
    let route = network::route(engine.world_mut(), client_ns, client_ip, url);
    let ip = match &route {
        Route::Pod { ip, .. } | Route::External { ip, .. } if answers.len() > 1 => ip.clone(),
        _ => answers[0].clone(),
    };
    Ok((route, ip))
}

/// Whether a request from the client goes to the API server (decided
/// without kube-proxy's draw, which [`api_request`] then makes).
fn to_api_server(engine: &Engine, client: &Pod, client_ip: &str, url: &network::Url) -> bool {
    let loopback = url.host == "localhost" || url.host.starts_with("127.") && is_ipv4(&url.host);
    api::is_endpoint(&url.host, url.port) || !loopback && api::reaches(&network::plan(engine.world(), &client.metadata.namespace, client_ip, url))
}

/// A request for the API server, routed as any other (a policy may drop
/// it): the address it connected to, or how it ended on the way.
/// `keep_alive` tells curl (true) from busybox wget.
fn api_route(engine: &mut Engine, client: &Pod, client_ip: &str, url: &network::Url, path: &str, keep_alive: bool) -> Result<String, (Outcome, Option<String>)> {
    if api::is_endpoint(&url.host, url.port) {
        // The node's own address: no Service, nothing of kube-proxy's.
        return Ok(url.host.clone());
    }
    match resolve_route(engine, client, client_ip, url) {
        Ok((route, ip)) if api::endpoint_of(&route) => Ok(ip),
        Ok((route, ip)) => {
            let host = if url.port == 80 { url.host.clone() } else { format!("{}:{}", url.host, url.port) };
            let agent = if keep_alive { curl_agent(client) } else { "Wget".to_string() };
            Err(routed(engine, route, ip, &Request { path, client_ip, keep_alive, host: &host, agent: &agent }))
        }
        Err(ended) => Err(ended),
    }
}

/// curl's request to the API server: curl's TLS checks, then the
/// server's answer.
fn api_request(engine: &mut Engine, client: &Pod, client_ip: &str, c: &tools::Curl, url: &network::Url, files: Option<&Fs>) -> (Outcome, Option<String>) {
    match api_route(engine, client, client_ip, url, path_of(&c.url), true) {
        Ok(ip) => api::request(c, url, ip, &curl_agent(client), files, engine),
        Err(ended) => ended,
    }
}

/// curl's User-Agent in the client's image: curlimages/curl's tag is its
/// curl release; tutum/curl has Ubuntu 14.04's; the Debian-based images (nginx, httpd) have bookworm's.
fn curl_agent(client: &Pod) -> String {
    let image = client.spec.containers.first().and_then(|c| c.image.clone()).unwrap_or_default();
    let r = ImageRef::parse(&image).ok();
    let tag = r.as_ref().and_then(|r| r.effective_tag().map(str::to_string)).unwrap_or_default();
    match r.map(|r| r.repository()).as_deref() {
        Some("docker.io/curlimages/curl") if tag.starts_with(|c: char| c.is_ascii_digit()) => format!("curl/{tag}"),
        Some("docker.io/curlimages/curl") => "curl/8.11.1".into(),
        Some("docker.io/tutum/curl") => "curl/7.35.0".into(),
        _ => "curl/7.88.1".into(),
    }
}

/// curl's complaint about a URL, in the agent's release's words: before
/// its URL parser (7.62) a URL with no host was just "malformed".
fn url_error(agent: &str, modern: String) -> String {
    let old = agent.strip_prefix("curl/").is_some_and(|v| version_below(v, &[7, 62]));
    if old && modern.ends_with("No host part in the URL") {
        return "curl: (3) <url> malformed".into();
    }
    modern
}

/// How a routed request ended; `ip` is the address the client connected to.
pub(in crate::exec) fn routed(engine: &Engine, route: Route, ip: String, req: &Request) -> (Outcome, Option<String>) {
    match route {
        Route::Pod { pod, namespace, port, .. } => {
            let backend = engine.store().get_by(Kind::Pod, &namespace, &pod).and_then(|o| o.as_pod().cloned());
            match backend.as_ref().and_then(|p| Some((p, listener(engine, p, port)?))) {
                Some((p, l)) => {
                    let (mut reply, note) = reply(&l, req, engine.now());
                    super::served_file(engine, p, req.path, &mut reply);
                    (Outcome::Answered { ip, reply }, note)
                }
                // Nothing listens on the port: the pod's kernel resets.
                None => (Outcome::Refused { ip }, None),
            }
        }
        Route::External { ip: to, port } => (
            Outcome::Answered { ip, reply: Reply { headers: Vec::new(), body: None } },
            Some(format!("(playground) the request went to {to}:{port}, outside the simulated cluster: what answers there is not simulated")),
        ),
        failed => match failed.failure() {
            Some(Failure::Unresolved) => (Outcome::Unresolved { blocked: false }, None),
            Some(Failure::Unanswered) => (Outcome::Unanswered { ip }, None),
            _ => (Outcome::Refused { ip }, None),
        },
    }
}

/// The container runtime's refusal when the image lacks the program.
pub fn not_found(program: &str, pod: &Pod, container: &str, now: Time) -> String {
    let seed = format!(
        "{}/{container}/{program}/{}",
        pod.metadata.uid,
        now.millis()
    );
    let mut h = kubeplay_model::fnv::fnv1a(seed.as_bytes());
    let mut id = String::new();
    for _ in 0..4 {
        id.push_str(&format!("{h:016x}"));
        h = kubeplay_model::fnv::Fnv::new()
            .bytes(&h.to_le_bytes())
            .bytes(seed.as_bytes())
            .finish();
    }
    let why = if program.contains('/') {
        format!("stat {program}: no such file or directory")
    } else {
        "executable file not found in $PATH".into()
    };
    format!("error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec {}: OCI runtime exec failed: exec failed: unable to start container process: exec: {}: {why}: unknown", crate::gofmt::quote(&id), crate::gofmt::quote(program))
}

/// Prints what the tool printed; its exit code.
fn emit(p: Printed, note: Option<String>, out: &mut Output) -> i32 {
    for (to_err, text) in p.pieces {
        if to_err {
            out.note(&text);
        } else {
            out.stdout.push_str(&text);
        }
    }
    if let Some(n) = note {
        out.note(&n);
    }
    p.code
}

/// Runs `argv` (its program one of [`PROGRAMS`], which the image `has`)
/// from `pod`; its exit code, or None when the pod has no address yet.
/// `files` is the container's file system, which curl reads `--cacert`'s
/// file from.
pub fn run(argv: &[String], has: Tools, pod: &Pod, files: Option<&Fs>, engine: &mut Engine, out: &mut Output) -> Option<i32> {
    run_on(argv, has, pod, files, engine, out, false)
}

/// [`run`], its stdout a terminal when `tty` (`kubectl exec -t`): curl
/// then shows no progress meter.
pub fn run_on(argv: &[String], has: Tools, pod: &Pod, files: Option<&Fs>, engine: &mut Engine, out: &mut Output, tty: bool) -> Option<i32> {
    let program = argv.first().map(String::as_str).unwrap_or_default();
    let name = program.rsplit('/').next().unwrap_or(program);
    let Some((client_ns, client_ip)) = network::client_pod(engine.world(), &pod.metadata.namespace, &pod.metadata.name) else {
        out.error("error: (playground) the pod has no IP address yet");
        return None;
    };
    let args = &argv[1..];
    Some(match (name, has.nslookup) {
        ("nslookup", Some(kind)) => nslookup(kind, args, engine, (pod, &client_ns, &client_ip), out),
        ("dig", _) => {
            let server = args.iter().find_map(|a| a.strip_prefix('@')).map(str::to_string);
            let now = engine.now();
            // dig exits 0 on NXDOMAIN; its status line tells.
            let name = args.iter().find(|a| !a.starts_with(['@', '+', '-']) && !["A", "SRV", "CNAME"].contains(&a.to_ascii_uppercase().as_str())).map(String::as_str);
            let failed = |p: &Printed| p.pieces.iter().any(|(_, t)| t.contains("status: NXDOMAIN")) || p.pieces.iter().all(|(_, t)| t.is_empty());
            let (printed, note) = with_lookup(engine, (pod, &client_ns, &client_ip), server, name, &failed, &|l| dig::dig(args, l, now));
            // dig sends a dotless name as it is, and CoreDNS forwards
            // anything outside its zone: the root's NXDOMAIN is not simulated.
            let forwarded = name.filter(|n| failed(&printed) && !n.trim_end_matches('.').ends_with(CLUSTER_DOMAIN));
            let note = note.or_else(|| forwarded.map(|n| format!("(playground) the simulated CoreDNS knows only the cluster's names; {n} would be forwarded to the node's resolver")));
            emit(printed, note, out)
        }
        ("wget", _) => match tools::parse_wget(args) {
            Err(e) => {
                out.note(&e);
                1
            }
            Ok(w) => match network::parse_url(&w.url) {
                Err(_) => emit(tools::wget(&w, &w.url, 80, &Outcome::Unresolved { blocked: false }), None, out),
                Ok(url) if to_api_server(engine, pod, &client_ip, &url) => {
                    if let Some(refusal) = api::unread_header(&api::as_curl(&w)) {
                        out.note(&refusal.replacen("curl: ", "wget: ", 1).replacen("-H ", "--header ", 1));
                        return Some(1);
                    }
                    // busybox wget does not check certificates and speaks
                    // HTTP/1.1; its --header lines go along.
                    let (outcome, note) = match api_route(engine, pod, &client_ip, &url, path_of(&w.url), false) {
                        Ok(ip) => {
                            let (reply, note) = api::wget_reply(&w, engine);
                            (Outcome::Answered { ip, reply }, note)
                        }
                        Err(ended) => ended,
                    };
                    emit(tools::wget(&w, &url.host, url.port, &outcome), note, out)
                }
                Ok(url) => {
                    let (outcome, note) = request(engine, pod, &client_ip, &url, path_of(&w.url), false);
                    // What it fetched is saved in the container.
                    let target = files.zip(w.target()).map(|(fs, f)| (fs, fs.abs(&f)));
                    let exists = target.as_ref().is_some_and(|(fs, path)| fs.stat(engine, path).is_ok());
                    let w = tools::Wget { exists, ..w };
                    let printed = tools::wget(&w, &url.host, url.port, &outcome);
                    if let (0, Some((fs, path)), Outcome::Answered { reply, .. }) = (printed.code, &target, &outcome) {
                        let _ = fs.write(engine, path, reply.body.as_deref().unwrap_or_default(), false);
                    }
                    emit(printed, note, out)
                }
            },
        },
        _ => match tools::parse_curl(args).map(|c| tools::Curl { tty, ..c }) {
            Err(p) => emit(p, None, out),
            Ok(c) if network::parse_url(&c.url).is_ok_and(|url| to_api_server(engine, pod, &client_ip, &url)) => {
                if let Some(refusal) = api::unread_header(&c) {
                    out.note(&refusal);
                    return Some(2);
                }
                if c.head || !matches!(c.method(), "GET" | "DELETE") {
                    let asked = if c.head { "HEAD (-I)" } else { c.method() };
                    out.note(&format!("curl: (playground) the simulated API server answers GET and DELETE from a container, not {asked}: create and change objects with kubectl"));
                    return Some(2);
                }
                let Ok(url) = network::parse_url(&c.url) else { return Some(3) };
                let (outcome, note) = api_request(engine, pod, &client_ip, &c, &url, files);
                emit(tools::curl(&c, &url.host, url.port, &outcome), note, out)
            }
            // curl gives up on a URL it cannot parse before it sends anything.
            Ok(c) if network::parse_url(&c.url).is_err() => {
                let e = network::parse_url(&c.url).err().unwrap_or_default();
                emit(Printed { pieces: vec![(true, format!("{}\n", url_error(&curl_agent(pod), e)))], code: 3 }, None, out)
            }
            Ok(c) if c.unread_headers().is_some() && !c.writes() => {
                out.note(&c.unread_headers().unwrap_or_default());
                2
            }
            Ok(c) if c.writes() => {
                out.note(&format!("curl: (playground) the servers in pods answer GET requests only here, not {}; the API server takes a DELETE through kubectl proxy on your own machine", c.method()));
                2
            }
            Ok(c) => match network::parse_url(&c.url) {
                Err(e) => emit(Printed { pieces: vec![(true, format!("{e}\n"))], code: 3 }, None, out),
                Ok(url) => {
                    let (outcome, note) = request(engine, pod, &client_ip, &url, path_of(&c.url), true);
                    emit(tools::curl(&c, &url.host, url.port, &outcome), note, out)
                }
            },
        },
    })
}

fn nslookup(kind: Nslookup, args: &[String], engine: &Engine, client: (&Pod, &str, &str), out: &mut Output) -> i32 {
    let positional: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let server = positional.get(1).map(|s| s.to_string());
    let name = positional.first().map(|n| n.as_str());
    let (printed, note) = with_lookup(engine, client, server, name, &|p| p.code != 0, &|l| tools::nslookup(kind, args, l));
    emit(printed, note, out)
}

/// Runs a DNS tool against the cluster's CoreDNS as the client pod sees
/// it (its search path, the policies on its way), or against `server`
/// when one is named; what it printed, and the playground's note when the
/// answer is one the simulation cannot give (another server, or `name`
/// failing as the tool says by `failed` when CoreDNS would forward it).
fn with_lookup(
    engine: &Engine,
    (pod, client_ns, client_ip): (&Pod, &str, &str),
    server: Option<String>,
    name: Option<&str>,
    failed: &dyn Fn(&Printed) -> bool,
    run: &dyn Fn(&Lookup) -> Printed,
) -> (Printed, Option<String>) {
    let world = engine.world();
    let dns_ip = world
        .store
        .get_by(Kind::Service, "kube-system", "kube-dns")
        .and_then(|o| o.as_service())
        .and_then(|s| s.spec.cluster_ip.clone())
        .unwrap_or_else(|| "10.96.0.10".into());
    // The pod's own resolver, from the resolv.conf its DNS policy gave it.
    let conf = super::pod_fs_files::resolv_conf(pod);
    let first_server = conf.lines().find_map(|l| l.strip_prefix("nameserver ")).map(str::to_string);
    let search: Vec<String> = conf.lines().find_map(|l| l.strip_prefix("search ")).map(|l| l.split_whitespace().map(str::to_string).collect()).unwrap_or_default();
    let server = server.or(first_server).unwrap_or_else(|| dns_ip.clone());
    // The node's resolver (dnsPolicy Default, or ClusterFirst on the host
    // network) answers, but knows no cluster name.
    let node_resolver = server == NODE_RESOLVER;
    let foreign = !node_resolver
        && server != dns_ip
        && server != format!("kube-dns.kube-system.svc.{CLUSTER_DOMAIN}");
    let answer = |fqdn: &str| match network::lookup(world, fqdn).filter(|_| !node_resolver) {
        Some(Answer::Addresses(ips)) if !ips.is_empty() => Dns::A(ips),
        Some(Answer::Cname(t)) => Dns::Cname(t),
        _ => Dns::NxDomain,
    };
    let ptr = |ip: &str| {
        world
            .store
            .list(Kind::Service, None)
            .filter_map(|o| o.as_service())
            .find(|s| s.spec.cluster_ip.as_deref() == Some(ip))
            .map(|s| {
                format!(
                    "{}.{}.svc.{CLUSTER_DOMAIN}",
                    s.metadata.name, s.metadata.namespace
                )
            })
    };
    let srv = |fqdn: &str| network::srv(world, fqdn).filter(|_| !node_resolver);
    let lookup = Lookup {
        server: &server,
        server_ip: if foreign || node_resolver { &server } else { &dns_ip },
        blocked: foreign || (!node_resolver && !network::dns_reachable(world, client_ns, client_ip)),
        answer: &answer,
        ptr: &ptr,
        srv: &srv,
        search: &search,
    };
    let printed = run(&lookup);
    let mut note = foreign
        .then(|| format!("(playground) only the cluster's DNS Service ({dns_ip}) is simulated"))
        .or_else(|| node_resolver.then(|| format!("(playground) the pod asks the node's resolver ({NODE_RESOLVER}), which knows none of the cluster's names; what it answers for other names is not simulated")));
    if note.is_none() && !lookup.blocked && failed(&printed) {
        note = name.filter(|n| outside_cluster(world, n) && answer(n) == Dns::NxDomain).map(|n| format!("(playground) the simulated CoreDNS knows only the cluster's names; {n} would be forwarded to the node's resolver"));
    }
    if note.is_none() && !lookup.blocked {
        // An ExternalName's CNAME: CoreDNS would go on to resolve the
        // target upstream, which is not simulated.
        if let Some((_, Answer::Cname(target))) = name.and_then(|n| network::resolve(world, n, client_ns)) {
            if !target.trim_end_matches('.').ends_with(CLUSTER_DOMAIN) {
                note = Some(format!("(playground) {target} is outside the simulated cluster: the records CoreDNS would add for it upstream are not shown"));
            }
        }
    }
    (printed, note)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// exec's network tools and the kubelet's judgement of a container's
    /// command (`start_error`) agree on the images both know: what exec
    /// finds missing fails at start too, and the other way round.
    #[test]
    fn tools_agree_with_the_images_programs() {
        let images = [
            "busybox", "busybox:1.36", "registry.k8s.io/busybox", "alpine", "alpine:3.20", "nginx", "nginx:1.27", "nginx:alpine", "nginx:1.27-alpine-slim",
            "httpd", "httpd:2.4-alpine", "redis", "redis:7-alpine", "ubuntu", "ubuntu:22.04", "debian", "debian:bookworm-slim",
        ];
        for image in images {
            let tools = tools(image).unwrap();
            let contents = kubeplay_engine::kubelet::image_programs::contents(&ImageRef::parse(image).unwrap()).unwrap();
            for p in PROGRAMS {
                assert_eq!(tools.contains(p), contents.has(p), "{image} {p}");
            }
        }
    }

    #[test]
    fn which_tools_an_image_has() {
        let bb = Some(BUSYBOX);
        let cases: &[(&str, Option<Tools>)] = &[
            ("busybox", bb),
            ("busybox:1.36", bb),
            (
                "busybox:1.28",
                Some(Tools {
                    nslookup: Some(Nslookup::BusyboxOld),
                    ..BUSYBOX
                }),
            ),
            (
                "gcr.io/google-containers/busybox",
                Some(Tools {
                    nslookup: Some(Nslookup::BusyboxOld),
                    ..BUSYBOX
                }),
            ),
            (
                "radial/busyboxplus:curl",
                Some(Tools {
                    curl: true,
                    nslookup: Some(Nslookup::BusyboxOld),
                    ..BUSYBOX
                }),
            ),
            ("alpine:3.20", bb),
            (
                "curlimages/curl",
                Some(Tools {
                    curl: true,
                    ..BUSYBOX
                }),
            ),
            ("nginx", Some(Tools { curl: true, ..NONE })),
            (
                "nginx:1.27-alpine",
                Some(Tools {
                    curl: true,
                    ..BUSYBOX
                }),
            ),
            ("nginx:alpine-slim", bb),
            ("httpd", Some(NONE)),
            ("ubuntu:24.04", Some(NONE)),
            (
                "nicolaka/netshoot",
                Some(Tools {
                    wget: true,
                    curl: true,
                    nslookup: Some(Nslookup::Bind),
                }),
            ),
            (
                "registry.k8s.io/e2e-test-images/agnhost:2.53",
                Some(Tools {
                    wget: true,
                    curl: true,
                    nslookup: Some(Nslookup::Bind),
                }),
            ),
            ("gcr.io/google-samples/kubernetes-bootcamp:v1", Some(Tools { curl: true, ..NONE })),
            ("jocatalin/kubernetes-bootcamp:v2", Some(Tools { curl: true, ..NONE })),
            ("gcr.io/google-samples/hello-app:1.0", Some(NONE)),
            (
                "registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3",
                Some(Tools {
                    nslookup: Some(Nslookup::BindOld),
                    ..NONE
                }),
            ),
            ("tutum/curl:latest", Some(Tools { curl: true, ..NONE })),
            ("myapp:v1", None),
        ];
        for (image, want) in cases {
            assert_eq!(tools(image), *want, "{image}");
        }
    }

    #[test]
    fn which_shells_an_image_has() {
        let debian = Some(Shells { dash: true, bash: true });
        let cases: &[(&str, Option<Shells>)] = &[
            ("gcr.io/google-samples/kubernetes-bootcamp:v1", debian),
            ("docker.io/jocatalin/kubernetes-bootcamp:v2", debian),
            ("nginx:1.27", debian),
            ("busybox", Some(Shells { dash: false, bash: false })),
            ("docker.io/library/bash", Some(Shells { dash: false, bash: true })),
            ("tutum/curl", debian),
            // distroless: no shell, which is not a choice of Shells.
            ("gcr.io/google-samples/hello-app:1.0", None),
            ("myapp:v1", None),
        ];
        for (image, want) in cases {
            assert_eq!(shells(image), *want, "{image}");
        }
    }

    #[test]
    fn url_errors_in_each_curl_release() {
        let no_host = "curl: (3) URL rejected: No host part in the URL";
        let bad_port = "curl: (3) URL rejected: Port number was not a decimal number between 0 and 65535";
        let cases = [
            ("curl/7.35.0", no_host, "curl: (3) <url> malformed"),
            ("curl/7.61.1", no_host, "curl: (3) <url> malformed"),
            ("curl/7.62.0", no_host, no_host),
            ("curl/8.11.1", no_host, no_host),
            ("curl/7.35.0", bad_port, bad_port),
        ];
        for (agent, modern, want) in cases {
            assert_eq!(url_error(agent, modern.into()), want, "{agent}");
        }
    }

    #[test]
    fn server_versions() {
        use replies::server_version;
        let cases = [
            ("docker.io/library/nginx", "1.14.2", "1.14.2"),
            ("docker.io/library/nginx", "1.25", "1.25.5"),
            ("docker.io/library/nginx", "latest", "1.29.1"),
            ("docker.io/library/nginx", "stable-alpine", "1.28.0"),
            ("docker.io/library/nginx", "1.27.3-alpine", "1.27.3"),
            ("docker.io/library/httpd", "2.4", "2.4.63"),
        ];
        for (repo, tag, want) in cases {
            assert_eq!(server_version(repo, tag), want, "{repo}:{tag}");
        }
    }

    #[test]
    fn nginx_pages_are_the_real_sizes() {
        assert_eq!(replies::NGINX_PAGE.len(), 615);
        assert_eq!(replies::NGINX_PAGE_OLD.len(), 612);
        let l = |image: &str| Listener { image: image.into(), argv: Vec::new(), hostname: "h".into(), started: kubeplay_model::time::EPOCH };
        let req = Request { path: "/", client_ip: "10.0.0.1", keep_alive: false, host: "web", agent: "Wget" };
        let (old, _) = reply(&l("nginx:1.14.2"), &req, kubeplay_model::time::EPOCH);
        assert_eq!(old.body.map(|b| b.len()), Some(612));
        let (unknown, note) = reply(&l("myapp:v1"), &req, kubeplay_model::time::EPOCH);
        assert_eq!(unknown.body, None);
        assert!(note.is_some_and(|n| n.contains("myapp:v1")));
    }

    #[test]
    fn missing_programs_fail_as_runc_does() {
        let pod = Pod::default();
        let e = not_found("curl", &pod, "c", kubeplay_model::time::EPOCH);
        assert!(e.starts_with("error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec \""), "{e}");
        assert!(
            e.ends_with("exec: \"curl\": executable file not found in $PATH: unknown"),
            "{e}"
        );
        assert!(
            not_found("/usr/bin/curl", &pod, "c", kubeplay_model::time::EPOCH).ends_with(
                "exec: \"/usr/bin/curl\": stat /usr/bin/curl: no such file or directory: unknown"
            )
        );
    }

    fn kubectl(e: &mut Engine, line: &str) -> crate::exec::Output {
        match crate::parse_line(line) {
            Ok(crate::Line::Kubectl(inv)) => crate::exec::execute(&inv, e, crate::exec::Io::default()).unwrap_or_default(),
            other => panic!("{line}: {other:?}"),
        }
    }

    /// With CoreDNS scaled to zero the DNS Service has no backend: every
    /// client's queries time out, each in its own words.
    #[test]
    fn lookups_time_out_while_no_coredns_pod_is_ready() {
        let mut e = Engine::with_default_cluster(5);
        kubectl(&mut e, "kubectl run bb --image=busybox:1.36 -- sleep 3600");
        kubectl(&mut e, "kubectl run dns --image=registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3 -- sleep 3600");
        e.advance(30_000);
        let up = kubectl(&mut e, "kubectl exec dns -- nslookup kubernetes.default");
        assert!(up.stdout.contains("Address: 10.96.0.1"), "{}", up.stdout);
        kubectl(&mut e, "kubectl -n kube-system scale deployment coredns --replicas=0");
        e.advance(60_000);
        let cases = [
            ("kubectl exec dns -- nslookup kubernetes.default", ";; connection timed out; no servers could be reached\n\n"),
            ("kubectl exec bb -- nslookup kubernetes.default", ";; connection timed out; no servers could be reached\n\n"),
        ];
        for (line, want) in cases {
            let out = kubectl(&mut e, line);
            assert_eq!((out.stdout.as_str(), out.failed), (want, true), "{line}");
        }
        let out = kubectl(&mut e, "kubectl exec bb -- wget -qO- http://kubernetes.default");
        assert!(out.failed, "{}", out.stdout);
    }
}
