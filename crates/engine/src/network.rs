//! Cluster networking as a pod sees it: CoreDNS name resolution and
//! kube-proxy's choice of backend, for `sim curl`.
//!
//! DNS follows the CoreDNS kubernetes plugin: `<svc>.<ns>.svc.cluster.local`
//! answers the ClusterIP (headless: the ready pods' IPs; ExternalName: a
//! CNAME), `<host>.<svc>.<ns>.svc.cluster.local` answers a pod with that
//! hostname and subdomain, and short names are completed with the pod's
//! search path (`<ns>.svc.cluster.local svc.cluster.local cluster.local`).
//! kube-proxy (iptables mode) picks a ready endpoint at random, or sticks
//! to one per client IP with `sessionAffinity: ClientIP`. A Service without
//! a selector routes (and, headless, resolves) to the EndpointSlices
//! labelled with its name, written by hand or mirrored from hand-written
//! Endpoints: a pod, an address outside the cluster, or a stale pod
//! address where nothing answers. NetworkPolicies ([`crate::network_policy`])
//! drop connections silently, as a stale address does: the client times
//! out. A client pod isolated for egress needs a rule to reach CoreDNS
//! too, or it cannot resolve names.

use crate::network_policy::{End, Policies};
use crate::world::World;
use kubeplay_model::api::{Pod, Service};
use kubeplay_model::{Kind, Object, ObjectKey, Time};

pub const CLUSTER_DOMAIN: &str = "cluster.local";

/// What a name resolves to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A records.
    Addresses(Vec<String>),
    /// An ExternalName service.
    Cname(String),
}

/// Resolves `name` as a pod in `namespace` would (search path, ndots 5).
pub fn resolve(world: &World, name: &str, namespace: &str) -> Option<(String, Answer)> {
    let name = name.trim_end_matches('.');
    let dots = name.matches('.').count();
    let search = [
        format!("{namespace}.svc.{CLUSTER_DOMAIN}"),
        format!("svc.{CLUSTER_DOMAIN}"),
        CLUSTER_DOMAIN.to_string(),
    ];
    let mut candidates: Vec<String> = Vec::new();
    if dots >= 5 {
        candidates.push(name.to_string());
    }
    candidates.extend(search.iter().map(|s| format!("{name}.{s}")));
    if dots < 5 {
        candidates.push(name.to_string());
    }
    candidates
        .into_iter()
        .find_map(|fqdn| lookup(world, &fqdn).map(|a| (fqdn, a)))
}

/// Looks up a fully qualified name.
pub fn lookup(world: &World, fqdn: &str) -> Option<Answer> {
    if let Some(rest) = fqdn.strip_suffix(&format!(".pod.{CLUSTER_DOMAIN}")) {
        return pod_record(world, rest).map(|ip| Answer::Addresses(vec![ip]));
    }
    let rest = fqdn.strip_suffix(&format!(".svc.{CLUSTER_DOMAIN}"))?;
    let parts: Vec<&str> = rest.split('.').collect();
    match parts.as_slice() {
        [svc, ns] => {
            let s = service(world, ns, svc)?;
            match s.spec.type_.as_deref() {
                Some("ExternalName") => Some(Answer::Cname(
                    s.spec.external_name.clone().unwrap_or_default(),
                )),
                _ if crate::controllers::endpoints::is_headless(&s) => {
                    let ips: Vec<String> = headless_records(world, &s)
                        .into_iter()
                        .map(|(_, ip)| ip)
                        .collect();
                    (!ips.is_empty()).then_some(Answer::Addresses(ips))
                }
                _ => s
                    .spec
                    .cluster_ip
                    .clone()
                    .map(|ip| Answer::Addresses(vec![ip])),
            }
        }
        // An endpoint of the Service by its name in CoreDNS: its hostname,
        // or else its dashed address (`10-244-1-2.my-svc.ns.svc…`), for
        // any Service with endpoints, headless or not.
        [host, svc, ns] => {
            let s = service(world, ns, svc)?;
            if s.spec.type_.as_deref() == Some("ExternalName") {
                return None;
            }
            headless_records(world, &s)
                .into_iter()
                .find(|(h, ip)| h.clone().unwrap_or_else(|| ip.replace('.', "-")) == *host)
                .map(|(_, ip)| Answer::Addresses(vec![ip]))
        }
        _ => None,
    }
}

/// `<a-b-c-d>.<ns>` under `pod.cluster.local`, as CoreDNS's `pods
/// insecure` mode (kubeadm's and kind's Corefile) answers it: the dashed
/// address itself, whether or not a pod has it, when the namespace exists.
fn pod_record(world: &World, rest: &str) -> Option<String> {
    let (dashed, ns) = rest.split_once('.')?;
    if ns.contains('.') || world.store.get_by(Kind::Namespace, "", ns).is_none() {
        return None;
    }
    let ip = dashed.replace('-', ".");
    is_ip(&ip).then_some(ip)
}

/// One SRV record: priority, weight, port, target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Srv {
    pub priority: u16,
    pub weight: u16,
    pub port: i32,
    pub target: String,
}

/// The SRV records CoreDNS's kubernetes plugin answers for
/// `_<port-name>._<protocol>.<svc>.<ns>.svc.cluster.local`: a Service
/// port with that name and protocol, pointing at the Service's own name
/// (headless: at each ready endpoint's name, its hostname or its dashed
/// address, with the endpoint's port). The weights share 100 between the
/// records, rounded down, as the plugin's SRV answer does. None is
/// NXDOMAIN; an empty list is a name that exists with no such records.
pub fn srv(world: &World, fqdn: &str) -> Option<Vec<Srv>> {
    let rest = fqdn.trim_end_matches('.').strip_suffix(&format!(".svc.{CLUSTER_DOMAIN}"))?;
    let parts: Vec<&str> = rest.split('.').collect();
    let [port_name, proto, svc_name, ns] = parts.as_slice() else {
        return None;
    };
    let port_name = port_name.strip_prefix('_')?;
    let proto = proto.strip_prefix('_')?;
    let svc = service(world, ns, svc_name)?;
    if svc.spec.type_.as_deref() == Some("ExternalName") {
        return None;
    }
    let ports: Vec<&kubeplay_model::api::ServicePort> = svc
        .spec
        .ports
        .iter()
        .filter(|p| {
            p.name.as_deref().unwrap_or_default() == port_name
                && p.protocol.as_deref().unwrap_or("TCP").eq_ignore_ascii_case(proto)
        })
        .collect();
    let zone = format!("{svc_name}.{ns}.svc.{CLUSTER_DOMAIN}");
    let mut records: Vec<(i32, String)> = Vec::new();
    if crate::controllers::endpoints::is_headless(&svc) {
        for pod in endpoint_pods(world, &svc) {
            let Some(ip) = pod.status.pod_ip.as_deref() else { continue };
            let host = pod
                .spec
                .hostname
                .clone()
                .filter(|_| pod.spec.subdomain.as_deref() == Some(*svc_name))
                .unwrap_or_else(|| ip.replace('.', "-"));
            for p in &ports {
                let port = crate::controllers::endpoints::find_port(&pod, p).unwrap_or(p.port);
                records.push((port, format!("{host}.{zone}")));
            }
        }
    } else {
        records.extend(ports.iter().map(|p| (p.port, zone.clone())));
    }
    let weight = if records.is_empty() { 0 } else { (100 / records.len()) as u16 };
    Some(records.into_iter().map(|(port, target)| Srv { priority: 0, weight, port, target }).collect())
}

/// The ready addresses CoreDNS knows for a Service (all of a headless
/// one's A records; any one's endpoint names), with the hostname each is
/// known by: the selected pods (hostname when its subdomain is the
/// Service), or, without a selector, the hand-written Endpoints' and
/// EndpointSlices' addresses.
fn headless_records(world: &World, svc: &Service) -> Vec<(Option<String>, String)> {
    if crate::controllers::endpoints::has_selector(svc) {
        return endpoint_pods(world, svc)
            .into_iter()
            .filter_map(|p| {
                let host = (p.spec.subdomain.as_deref() == Some(svc.metadata.name.as_str()))
                    .then(|| p.spec.hostname.clone())
                    .flatten();
                p.status.pod_ip.as_deref().map(|ip| (host, ip.to_string()))
            })
            .collect();
    }
    let mut records: Vec<(Option<String>, String)> = match world
        .store
        .get_by(Kind::Endpoints, &svc.metadata.namespace, &svc.metadata.name)
        .map(|o| &**o)
    {
        Some(Object::Endpoints(ep)) => ep
            .subsets
            .iter()
            .flat_map(|s| s.addresses.iter().map(|a| (a.hostname.clone(), a.ip.clone())))
            .collect(),
        _ => Vec::new(),
    };
    let sliced = service_slices(world, svc)
        .flat_map(|es| es.endpoints.iter())
        .filter(|e| e.conditions.ready != Some(false))
        .flat_map(|e| e.addresses.iter().map(|ip| (e.hostname.clone(), ip.clone())));
    for r in sliced {
        if !records.iter().any(|(_, ip)| *ip == r.1) {
            records.push(r);
        }
    }
    records
}

/// The IPv4 EndpointSlices written by hand for this Service (labelled
/// `kubernetes.io/service-name` with its name). Mirrored slices are left
/// out: their source, the hand-written Endpoints, is read directly, so an
/// address works as soon as it is written, as it does in a cluster a
/// moment later, and a mirror one step behind never shows stale entries.
fn service_slices<'w>(
    world: &'w World,
    svc: &'w Service,
) -> impl Iterator<Item = &'w kubeplay_model::api::EndpointSlice> + 'w {
    world
        .store
        .list(Kind::EndpointSlice, Some(&svc.metadata.namespace))
        .filter_map(|o| match &**o {
            Object::EndpointSlice(es) => Some(&**es),
            _ => None,
        })
        .filter(move |es| {
            let label = |k: &str| es.metadata.labels.get(k).map(String::as_str);
            es.address_type == "IPv4"
                && label(crate::controllers::endpointslice::MANAGED_BY_LABEL)
                    != Some(crate::controllers::endpointslicemirroring::MANAGED_BY)
                && es
                    .metadata
                    .labels
                    .get(crate::controllers::endpointslice::SERVICE_NAME_LABEL)
                    .map(String::as_str)
                    == Some(svc.metadata.name.as_str())
        })
}

/// curl 8's failure lines, shared by `sim curl` and `kubectl exec … curl`.
/// lib/connect.c words every failed connect the same way, with
/// `curl_easy_strerror` of the result (not the socket's errno), and
/// turns the result into 28 when the kernel's errno was ETIMEDOUT; the
/// host is the one curl was given, never the address kube-proxy rewrote
/// it to.
pub mod curl {
    /// `curl_easy_strerror(CURLE_COULDNT_CONNECT)`.
    pub const COULDNT_CONNECT: &str = "Couldn't connect to server";
    /// `curl_easy_strerror(CURLE_OPERATION_TIMEDOUT)`.
    pub const TIMEOUT_REACHED: &str = "Timeout was reached";
    /// The kernel gives up on unanswered SYNs after about this long
    /// (`tcp_syn_retries` 6: 1+2+4+…+64 s, plus the last wait).
    pub const SYN_GIVE_UP_MS: u64 = 130_000;

    pub fn connect_failed(code: u8, host: &str, port: i32, after_ms: u64, why: &str) -> String {
        format!("curl: ({code}) Failed to connect to {host} port {port} after {after_ms} ms: {why}")
    }

    /// A reset (nothing listens) or kube-proxy's reject (no endpoints).
    pub fn refused(host: &str, port: i32) -> String {
        connect_failed(7, host, port, 0, COULDNT_CONNECT)
    }

    /// No answer until the kernel gives up (dropped, or nobody there).
    pub fn unanswered(host: &str, port: i32) -> String {
        connect_failed(28, host, port, SYN_GIVE_UP_MS, COULDNT_CONNECT)
    }

    /// lib/hostip.c's resolver failure.
    pub fn unresolved(host: &str) -> String {
        format!("curl: (6) Could not resolve host: {host}")
    }
}

/// Whether the address is in some node's pod range (`10.244.N.0/24`).
fn in_pod_network(world: &World, ip: &str) -> bool {
    let Some((net, _)) = ip.rsplit_once('.') else {
        return false;
    };
    world.store.list(Kind::Node, None).any(|n| {
        n.as_node()
            .and_then(|n| n.spec.pod_cidr.as_deref())
            .and_then(|c| c.split('/').next())
            .and_then(|base| base.rsplit_once('.'))
            .is_some_and(|(prefix, _)| prefix == net)
    })
}

/// Whether some Endpoints or EndpointSlice lists this address (a
/// hand-written one can point outside the cluster).
fn listed_in_endpoints(world: &World, ip: &str) -> bool {
    world.store.list(Kind::Endpoints, None).any(|o| matches!(&**o, Object::Endpoints(ep) if ep.subsets.iter().any(|s| s.addresses.iter().any(|a| a.ip == ip))))
        || world.store.list(Kind::EndpointSlice, None).any(|o| matches!(&**o, Object::EndpointSlice(es) if es.endpoints.iter().any(|e| e.addresses.iter().any(|a| a == ip))))
}

fn service(world: &World, ns: &str, name: &str) -> Option<Service> {
    world
        .store
        .get_by(Kind::Service, ns, name)
        .and_then(|o| o.as_service().cloned())
}

/// The pods a Service routes to: selected, with an IP, ready (or any, with
/// publishNotReadyAddresses), not terminating.
pub fn endpoint_pods(world: &World, svc: &Service) -> Vec<Pod> {
    let publish = svc.spec.publish_not_ready_addresses == Some(true);
    crate::controllers::endpoints::selected_pods(&world.store, svc)
        .iter()
        .filter_map(|p| p.as_pod())
        .filter(|p| {
            crate::controllers::endpoints::should_pod_be_in_endpoints(p, publish)
                && (publish || p.is_ready())
        })
        .cloned()
        .collect()
}

/// Where a request lands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// Reached this pod on this port.
    Pod {
        pod: String,
        namespace: String,
        ip: String,
        port: i32,
    },
    /// Sent to an address outside the cluster (a hand-written endpoint of
    /// a Service without a selector): the simulator cannot know what answers.
    External { ip: String, port: i32 },
    /// curl's own failure line.
    Failed(String),
}

/// How a request failed, read from the curl code of its line, for clients
/// that word their failures their own way (`kubectl exec … wget`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No address for the name (curl's 6).
    Unresolved,
    /// Refused at once: a Service without endpoints, a port nothing serves.
    Refused,
    /// Nothing answers (curl's 28): dropped, or an address no one has.
    Unanswered,
}

impl Route {
    pub fn failure(&self) -> Option<Failure> {
        let Route::Failed(line) = self else { return None };
        Some(if line.starts_with("curl: (6)") {
            Failure::Unresolved
        } else if line.starts_with("curl: (28)") {
            Failure::Unanswered
        } else {
            Failure::Refused
        })
    }
}

/// Whether the client's DNS queries reach CoreDNS (an egress
/// NetworkPolicy may drop them: the resolver then times out).
pub fn dns_reachable(world: &World, client_ns: &str, client_ip: &str) -> bool {
    dns_serving(world) && Guard::new(world, client_ns, client_ip).is_none_or(|g| g.resolves(world))
}

/// Whether a CoreDNS pod stands behind the DNS Service: with none ready
/// (scaled to zero, all crashing), kube-proxy has no backend for
/// 10.96.0.10:53 and every query goes unanswered until the resolver gives up.
fn dns_serving(world: &World) -> bool {
    service(world, "kube-system", "kube-dns").is_some_and(|dns| !endpoint_pods(world, &dns).is_empty())
}

/// A parsed `http://host[:port][/path]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url {
    pub host: String,
    pub port: i32,
}

pub fn parse_url(url: &str) -> Result<Url, String> {
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))
        .unwrap_or(url);
    let default_port = if url.starts_with("https://") { 443 } else { 80 };
    let hostport = rest.split('/').next().unwrap_or("");
    if hostport.is_empty() {
        return Err("curl: (3) URL rejected: No host part in the URL".to_string());
    }
    let (host, port) = match hostport.rsplit_once(':') {
        Some((h, p)) => (h, p.parse::<i32>().map_err(|_| "curl: (3) URL rejected: Port number was not a decimal number between 0 and 65535".to_string())?),
        None => (hostport, default_port),
    };
    if !(0..=65535).contains(&port) {
        return Err(
            "curl: (3) URL rejected: Port number was not a decimal number between 0 and 65535"
                .into(),
        );
    }
    Ok(Url {
        host: host.to_string(),
        port,
    })
}

fn is_ip(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4 && parts.iter().all(|p| p.parse::<u8>().is_ok())
}

/// Routes one request from a client (a pod's namespace and IP, or a
/// machine outside the cluster) as DNS and kube-proxy would.
pub fn route(world: &mut World, client_ns: &str, client_ip: &str, url: &Url) -> Route {
    let p = plan(world, client_ns, client_ip, url);
    let World { rng, sim, .. } = world;
    p.pick(rng, &mut sim.affinity, client_ip)
}

/// Where requests for one URL from one client can go, with the cluster as
/// it is at one instant: the DNS answer and kube-proxy's candidates. The
/// cluster only changes in steps, so a plan holds between two steps and a
/// stream of requests ([`crate::traffic`]) reuses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// A records the name resolved to (0: the URL held an IP): the client
    /// picks one at random per request.
    pub dns_answers: usize,
    pub target: Target,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Every request ends the same way (a failure, or a pod addressed by IP).
    Fixed(Route),
    /// Headless: one outcome per A record, in answer order.
    PerAddress(Vec<Route>),
    /// A Service through kube-proxy: a random backend, or the client's
    /// sticky one with ClientIP affinity.
    Service {
        key: ObjectKey,
        backends: Vec<Backend>,
        affinity: bool,
        /// curl's line for a backend where nothing answers.
        unanswered: String,
    },
}

/// What is at a backend's address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A running pod.
    Pod,
    /// An address outside the pod network (see [`Route::External`]).
    Outside,
    /// A pod-network address no running pod has (a stale hand-written
    /// endpoint): packets go nowhere.
    Nothing,
    /// A NetworkPolicy drops the client's packets to this backend.
    Dropped,
}

/// A ready endpoint kube-proxy may send to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backend {
    /// The pod's name; for an address that is no pod's, `IP:port`.
    pub pod: String,
    pub reach: Reach,
    pub namespace: String,
    pub node: Option<kubeplay_model::Atom>,
    pub ip: String,
    pub port: i32,
}

impl Backend {
    /// The request's outcome at this backend; `unanswered` is curl's line
    /// when nothing answers.
    pub fn route(&self, unanswered: &str) -> Route {
        match self.reach {
            Reach::Pod => Route::Pod {
                pod: self.pod.clone(),
                namespace: self.namespace.clone(),
                ip: self.ip.clone(),
                port: self.port,
            },
            Reach::Outside => Route::External {
                ip: self.ip.clone(),
                port: self.port,
            },
            Reach::Nothing | Reach::Dropped => Route::Failed(unanswered.to_string()),
        }
    }
}

impl Plan {
    fn fixed(r: Route) -> Plan {
        Plan {
            dns_answers: 0,
            target: Target::Fixed(r),
        }
    }

    /// The Service the requests go through, if any.
    pub fn service(&self) -> Option<&ObjectKey> {
        match &self.target {
            Target::Service { key, .. } => Some(key),
            _ => None,
        }
    }

    /// Sends one request: draws the DNS answer, then the backend, as the
    /// client's resolver and kube-proxy's iptables rules do.
    pub fn pick(
        &self,
        rng: &mut crate::rng::Rng,
        affinity: &mut imbl::OrdMap<(ObjectKey, String), String>,
        client_ip: &str,
    ) -> Route {
        let answer = if self.dns_answers > 0 {
            rng.below(self.dns_answers as u64) as usize
        } else {
            0
        };
        match &self.target {
            Target::Fixed(r) => r.clone(),
            Target::PerAddress(routes) => routes
                .get(answer)
                .cloned()
                .unwrap_or_else(|| Route::Failed(curl::unresolved(""))),
            Target::Service {
                key,
                backends,
                affinity: sticky,
                unanswered,
            } => {
                let remembered = sticky
                    .then(|| affinity.get(&(key.clone(), client_ip.to_string())).cloned())
                    .flatten();
                let chosen = match remembered
                    .and_then(|name| backends.iter().find(|b| b.pod == name))
                {
                    Some(b) => b.clone(),
                    None => {
                        let i = rng.below(backends.len() as u64) as usize;
                        let Some(b) = backends.get(i).cloned() else {
                            return Route::Failed(unanswered.clone());
                        };
                        if *sticky {
                            affinity.insert((key.clone(), client_ip.to_string()), b.pod.clone());
                        }
                        b
                    }
                };
                chosen.route(unanswered)
            }
        }
    }
}

/// The cluster's NetworkPolicies and the client they judge, when any
/// policy exists.
struct Guard<'w> {
    policies: Policies<'w>,
    client: End<'w>,
}

impl<'w> Guard<'w> {
    fn new(world: &'w World, client_ns: &'w str, client_ip: &'w str) -> Option<Guard<'w>> {
        let policies = Policies::load(&world.store)?;
        let pod = world.store.list(Kind::Pod, Some(client_ns)).filter_map(|o| o.as_pod()).find(|p| p.status.pod_ip.as_deref() == Some(client_ip) && p.spec.host_network != Some(true));
        Some(Guard { policies, client: End { ip: client_ip, pod } })
    }

    fn drops(&self, ip: &str, pod: Option<&Pod>, port: i32) -> bool {
        !self.policies.allows(self.client, End { ip, pod }, port, "TCP")
    }

    /// Whether the client's DNS queries reach a CoreDNS pod: an egress
    /// policy must allow them (and CoreDNS's ingress, if isolated).
    fn resolves(&self, world: &World) -> bool {
        if !self.policies.egress_isolated(self.client) {
            return true;
        }
        let Some(dns) = service(world, "kube-system", "kube-dns") else { return false };
        let Some(udp) = dns.spec.ports.iter().find(|p| p.port == 53 && p.protocol.as_deref() == Some("UDP")) else { return false };
        endpoint_pods(world, &dns).iter().any(|p| {
            let dst = End { ip: p.status.pod_ip.as_deref().unwrap_or_default(), pod: Some(p) };
            let port = crate::controllers::endpoints::find_port(p, udp).unwrap_or(udp.port);
            self.policies.allows(self.client, dst, port, "UDP")
        })
    }
}

/// Resolves the URL's host and works out kube-proxy's candidates.
pub fn plan(world: &World, client_ns: &str, client_ip: &str, url: &Url) -> Plan {
    let guard = Guard::new(world, client_ns, client_ip);
    let guard = guard.as_ref();
    if is_ip(&url.host) {
        return plan_ip(world, guard, client_ip, url, &url.host);
    }
    if !dns_serving(world) || guard.is_some_and(|g| !g.resolves(world)) {
        // The resolver's queries time out; curl reports the name.
        return Plan::fixed(Route::Failed(curl::unresolved(&url.host)));
    }
    match resolve(world, &url.host, client_ns) {
        Some((_, Answer::Addresses(ips))) if ips.len() == 1 => Plan { dns_answers: 1, ..plan_ip(world, guard, client_ip, url, &ips[0]) },
        Some((_, Answer::Addresses(ips))) => {
            let routes = ips.iter().map(|ip| match plan_ip(world, guard, client_ip, url, ip).target {
                Target::Fixed(r) => r,
                // A record that is itself a Service IP does not happen
                // (headless answers are pod IPs); treat it as unreachable.
                _ => Route::Failed(curl::refused(&url.host, url.port)),
            });
            Plan { dns_answers: ips.len(), target: Target::PerAddress(routes.collect()) }
        }
        Some((_, Answer::Cname(target))) => Plan::fixed(Route::Failed(format!("{} (an ExternalName for {target}, outside the simulated cluster)", curl::unresolved(&url.host)))),
        None => Plan::fixed(Route::Failed(curl::unresolved(&url.host))),
    }
}

fn plan_ip(world: &World, guard: Option<&Guard>, client_ip: &str, url: &Url, ip: &str) -> Plan {
    // A Service's cluster IP, or a node IP with a node port.
    let services: Vec<Service> = world
        .store
        .list(Kind::Service, None)
        .filter_map(|s| s.as_service().cloned())
        .collect();
    let by_cluster_ip = services.iter().find_map(|s| {
        (s.spec.cluster_ip.as_deref() == Some(ip)).then(|| {
            s.spec
                .ports
                .iter()
                .find(|p| p.port == url.port)
                .map(|p| (s.clone(), p.clone()))
        })
    });
    let node_ip = world.store.list(Kind::Node, None).find_map(|n| {
        n.as_node()
            .filter(|n| n.status.addresses.iter().any(|a| a.address == ip))
            .map(|n| n.metadata.name.clone())
    });
    let lb_ip = services.iter().find_map(|s| {
        let ingress = s
            .status
            .load_balancer
            .as_ref()
            .is_some_and(|lb| lb.ingress.iter().any(|i| i.ip.as_deref() == Some(ip)));
        ingress.then(|| {
            s.spec
                .ports
                .iter()
                .find(|p| p.port == url.port)
                .map(|p| (s.clone(), p.clone()))
        })
    });
    let target = match (by_cluster_ip, lb_ip, &node_ip) {
        (Some(Some(t)), _, _) | (_, Some(Some(t)), _) => Some((t, None)),
        (Some(None), _, _) | (_, Some(None), _) => {
            return Plan::fixed(Route::Failed(curl::unanswered(&url.host, url.port)));
        }
        (None, None, Some(node)) => {
            let found = services.iter().find_map(|s| {
                s.spec
                    .ports
                    .iter()
                    .find(|p| p.node_port == Some(url.port))
                    .map(|p| (s.clone(), p.clone()))
            });
            match found {
                Some(t) => Some((t, Some(node.clone()))),
                None => return Plan::fixed(Route::Failed(curl::refused(&url.host, url.port))),
            }
        }
        (None, None, None) => None,
    };
    let Some(((svc, port), via_node)) = target else {
        // A pod IP, directly.
        let pod = world
            .store
            .list(Kind::Pod, None)
            .filter_map(|p| p.as_pod())
            .find(|p| {
                p.status.pod_ip.as_deref() == Some(ip) && p.metadata.deletion_timestamp.is_none()
            })
            .cloned();
        if guard.is_some_and(|g| g.drops(ip, pod.as_ref().filter(|p| p.phase() == "Running"), url.port)) {
            return Plan::fixed(Route::Failed(curl::unanswered(&url.host, url.port)));
        }
        return Plan::fixed(match pod {
            Some(p) if p.phase() == "Running" => Route::Pod { pod: p.metadata.name, namespace: p.metadata.namespace.to_string(), ip: ip.to_string(), port: url.port },
            Some(_) => Route::Failed(curl::refused(&url.host, url.port)),
            None if listed_in_endpoints(world, ip) && !in_pod_network(world, ip) => Route::External { ip: ip.to_string(), port: url.port },
            None => Route::Failed(curl::unanswered(&url.host, url.port)),
        });
    };
    let mut backends = if crate::controllers::endpoints::has_selector(&svc) {
        endpoint_pods(world, &svc)
            .iter()
            .map(|p| Backend {
                pod: p.metadata.name.clone(),
                reach: Reach::Pod,
                namespace: p.metadata.namespace.to_string(),
                node: p.spec.node_name.clone(),
                ip: p.status.pod_ip.as_deref().unwrap_or_default().to_string(),
                port: crate::controllers::endpoints::find_port(p, &port).unwrap_or(port.port),
            })
            .collect()
    } else {
        manual_backends(world, &svc, &port)
    };
    let local_only = match &via_node {
        Some(_) => svc.spec.external_traffic_policy.as_deref() == Some("Local"),
        None => svc.spec.internal_traffic_policy.as_deref() == Some("Local"),
    };
    if local_only {
        let node = via_node.as_deref().map(kubeplay_model::Atom::from).or_else(|| {
            world
                .store
                .list(Kind::Pod, None)
                .filter_map(|p| p.as_pod())
                .find(|p| p.status.pod_ip.as_deref() == Some(client_ip))
                .and_then(|p| p.spec.node_name.clone())
        });
        let any = !backends.is_empty();
        backends.retain(|b| b.node == node);
        if any && backends.is_empty() {
            // kube-proxy drops, rather than rejects, traffic for a Local
            // policy that has endpoints only on other nodes.
            return Plan::fixed(Route::Failed(curl::unanswered(&url.host, url.port)));
        }
    }
    if via_node.is_none() && svc.spec.traffic_distribution.as_deref() == Some("PreferClose") {
        prefer_close(world, client_ip, &mut backends);
    }
    if backends.is_empty() {
        // kube-proxy rejects traffic to a Service without endpoints.
        return Plan::fixed(Route::Failed(curl::refused(&url.host, url.port)));
    }
    if let Some(g) = guard {
        for b in backends.iter_mut().filter(|b| b.reach != Reach::Nothing) {
            let pod = match b.reach {
                Reach::Pod => world.store.get_by(Kind::Pod, &b.namespace, &b.pod).and_then(|o| o.as_pod()),
                _ => None,
            };
            if g.drops(&b.ip, pod, b.port) {
                b.reach = Reach::Dropped;
            }
        }
    }
    let key = ObjectKey::new(Kind::Service, &svc.metadata.namespace, &svc.metadata.name);
    Plan {
        dns_answers: 0,
        target: Target::Service {
            key,
            backends,
            affinity: svc.spec.session_affinity.as_deref() == Some("ClientIP"),
            unanswered: curl::unanswered(&url.host, url.port),
        },
    }
}

/// kube-proxy's topology filter for `trafficDistribution: PreferClose`:
/// when every endpoint carries a zone hint (its node's zone) and some are
/// in the client's node's zone, only those are used; otherwise all are.
fn prefer_close(world: &World, client_ip: &str, backends: &mut Vec<Backend>) {
    let zone_of = |node: Option<&str>| {
        let node = world.store.get_by(Kind::Node, "", node?)?;
        node.meta().labels.get("topology.kubernetes.io/zone").cloned()
    };
    let client_node = world
        .store
        .list(Kind::Pod, None)
        .filter_map(|p| p.as_pod())
        .find(|p| p.status.pod_ip.as_deref() == Some(client_ip) && p.metadata.deletion_timestamp.is_none())
        .and_then(|p| p.spec.node_name.clone());
    let Some(zone) = zone_of(client_node.as_deref()) else { return };
    let zones: Vec<Option<String>> = backends.iter().map(|b| zone_of(b.node.as_deref())).collect();
    if zones.iter().any(Option::is_none) || !zones.iter().any(|z| z.as_deref() == Some(zone.as_str())) {
        return;
    }
    let mut keep = zones.iter().map(|z| z.as_deref() == Some(zone.as_str()));
    backends.retain(|_| keep.next().unwrap_or(false));
}

/// The ready addresses kube-proxy has for a selector-less Service's port:
/// its hand-written Endpoints', then those of the EndpointSlices written
/// for it by hand. As kube-proxy's endpoint cache does, a slice serves the
/// port when it has a port of the same name and protocol; an address
/// listed twice counts once; an endpoint whose `ready` is unset counts as
/// ready.
fn manual_backends(
    world: &World,
    svc: &Service,
    port: &kubeplay_model::api::ServicePort,
) -> Vec<Backend> {
    let ns = &svc.metadata.namespace;
    let want = port.name.clone().unwrap_or_default();
    let protocol = port.protocol.as_deref().unwrap_or("TCP");
    let mut out = endpoints_backends(world, svc, port);
    for slice in service_slices(world, svc) {
        let Some(target) = slice.ports.iter().find(|p| {
            p.name.clone().unwrap_or_default() == want
                && p.protocol.as_deref().unwrap_or("TCP") == protocol
        }) else {
            continue;
        };
        let Some(target_port) = target.port else { continue };
        let ready = slice.endpoints.iter().filter(|e| e.conditions.ready != Some(false));
        for (e, ip) in ready.flat_map(|e| e.addresses.iter().map(move |ip| (e, ip))) {
            if out.iter().any(|b| &b.ip == ip && b.port == target_port) {
                continue;
            }
            let pod = world
                .store
                .list(Kind::Pod, Some(ns))
                .filter_map(|p| p.as_pod())
                .find(|p| p.status.pod_ip.as_deref() == Some(ip.as_str()) && p.phase() == "Running")
                .cloned();
            out.push(match pod {
                Some(p) => Backend {
                    pod: p.metadata.name.clone(),
                    reach: Reach::Pod,
                    namespace: ns.to_string(),
                    node: p.spec.node_name.clone(),
                    ip: ip.clone(),
                    port: target_port,
                },
                None => Backend {
                    pod: format!("{ip}:{target_port}"),
                    reach: if in_pod_network(world, ip) { Reach::Nothing } else { Reach::Outside },
                    namespace: ns.to_string(),
                    node: e.node_name.clone(),
                    ip: ip.clone(),
                    port: target_port,
                },
            });
        }
    }
    out
}

/// The ready addresses of a selector-less Service's hand-written
/// Endpoints, for one Service port. kube-proxy reads EndpointSlices, which
/// the EndpointSlice mirroring controller copies from such Endpoints; the
/// copy holds the same addresses, so they are read here directly. A
/// subset serves the port when it has a port of the same name (or, for a
/// single-port Service, its only port).
fn endpoints_backends(
    world: &World,
    svc: &Service,
    port: &kubeplay_model::api::ServicePort,
) -> Vec<Backend> {
    let ns = &svc.metadata.namespace;
    let Some(Object::Endpoints(ep)) = world
        .store
        .get_by(Kind::Endpoints, ns, &svc.metadata.name)
        .map(|o| &**o)
    else {
        return Vec::new();
    };
    let want = port.name.clone().unwrap_or_default();
    let mut out = Vec::new();
    for subset in &ep.subsets {
        let matching = subset.ports.iter().find(|p| {
            p.name.clone().unwrap_or_default() == want
                && p.protocol.as_deref().unwrap_or("TCP")
                    == port.protocol.as_deref().unwrap_or("TCP")
        });
        let Some(target) = matching.or(if svc.spec.ports.len() == 1 && subset.ports.len() == 1 {
            subset.ports.first()
        } else {
            None
        }) else {
            continue;
        };
        for a in &subset.addresses {
            let pod = world
                .store
                .list(Kind::Pod, Some(ns))
                .filter_map(|p| p.as_pod())
                .find(|p| {
                    p.status.pod_ip.as_deref() == Some(a.ip.as_str()) && p.phase() == "Running"
                })
                .cloned();
            out.push(match pod {
                Some(p) => Backend {
                    pod: p.metadata.name.clone(),
                    reach: Reach::Pod,
                    namespace: ns.to_string(),
                    node: p.spec.node_name.clone(),
                    ip: a.ip.clone(),
                    port: target.port,
                },
                None => Backend {
                    pod: format!("{}:{}", a.ip, target.port),
                    reach: if in_pod_network(world, &a.ip) {
                        Reach::Nothing
                    } else {
                        Reach::Outside
                    },
                    namespace: ns.to_string(),
                    node: a.node_name.clone(),
                    ip: a.ip.clone(),
                    port: target.port,
                },
            });
        }
    }
    out
}

/// Since when `fqdn` resolves for the client, as a wait loop's
/// `nslookup` sees it: since the Service was made (headless: since its
/// first ready pod became ready); None when it does not resolve now (no
/// such name, no ready endpoints, or DNS dropped by a policy).
pub fn resolves_since(world: &World, client_ns: &str, client_ip: &str, fqdn: &str) -> Option<Time> {
    if !dns_reachable(world, client_ns, client_ip) {
        return None;
    }
    lookup(world, fqdn)?;
    let rest = fqdn.strip_suffix(&format!(".svc.{CLUSTER_DOMAIN}"))?;
    let (name, ns) = rest.split_once('.')?;
    let svc = service(world, ns, name)?;
    let created = svc.metadata.creation_timestamp?;
    if !crate::controllers::endpoints::is_headless(&svc) || !crate::controllers::endpoints::has_selector(&svc) {
        return Some(created);
    }
    let first_ready = endpoint_pods(world, &svc).iter().filter_map(ready_since).min()?;
    Some(created.max(first_ready))
}

/// Since when requests for `url` from the client are answered, as a wait
/// loop's `wget` or `curl` sees it: the earliest a backend they can reach
/// (not dropped by a policy) was both ready and listening on the port,
/// possibly still ahead; None when no backend answers now or later
/// without some other change.
pub fn answered_since(world: &World, client_ns: &str, client_ip: &str, url: &Url) -> Option<Time> {
    let p = plan(world, client_ns, client_ip, url);
    let pods: Vec<(&str, &str, i32)> = match &p.target {
        Target::Fixed(r) => vec![r].into_iter().filter_map(pod_route).collect(),
        Target::PerAddress(routes) => routes.iter().filter_map(pod_route).collect(),
        Target::Service { backends, .. } => backends.iter().filter(|b| b.reach == Reach::Pod).map(|b| (b.namespace.as_str(), b.pod.as_str(), b.port)).collect(),
    };
    let outside = match &p.target {
        Target::Fixed(Route::External { .. }) => true,
        Target::PerAddress(routes) => routes.iter().any(|r| matches!(r, Route::External { .. })),
        Target::Service { backends, .. } => backends.iter().any(|b| b.reach == Reach::Outside),
        _ => false,
    };
    // What answers outside the cluster is not simulated: taken to answer.
    let outside = outside.then_some(kubeplay_model::time::EPOCH);
    let since = pods.into_iter().filter_map(|(ns, name, port)| {
        let pod = world.store.get_by(Kind::Pod, ns, name)?.as_pod()?;
        let rt = world.sim.pods.of_pod(ns, name).filter(|rt| rt.uid == pod.metadata.uid)?;
        let listens = rt.app.iter().filter_map(|c| c.running()).filter(|run| run.plan.ports.as_ref().is_none_or(|ps| ps.contains(&port))).filter_map(|run| Some(run.started_at.plus_millis(run.plan.listen_after_ms?))).min()?;
        // Behind a Service it answers once ready too (a pod published
        // while not ready, or hand-listed, as soon as it listens).
        Some(match p.service() {
            Some(_) => ready_since(pod).map_or(listens, |r| r.max(listens)),
            None => listens,
        })
    });
    let since = since.chain(outside).min()?;
    // Not before the name it was asked by existed.
    let created = p.service().and_then(|k| world.store.get(k)).and_then(|o| o.meta().creation_timestamp);
    Some(created.map_or(since, |c| c.max(since)))
}

fn pod_route(r: &Route) -> Option<(&str, &str, i32)> {
    match r {
        Route::Pod { pod, namespace, port, .. } => Some((namespace.as_str(), pod.as_str(), *port)),
        _ => None,
    }
}

/// When a ready pod last became ready.
fn ready_since(p: &Pod) -> Option<Time> {
    kubeplay_model::meta::find_condition(&p.status.conditions, "Ready").filter(|c| c.is_true()).and_then(|c| c.last_transition_time)
}

/// Whether an object is a pod the client may send from (exists, has an IP).
pub fn client_pod(world: &World, ns: &str, name: &str) -> Option<(String, String)> {
    match world.store.get_by(Kind::Pod, ns, name).map(|o| &**o) {
        Some(Object::Pod(p)) => p
            .status
            .pod_ip
            .clone()
            .map(|ip| (p.metadata.namespace.to_string(), ip.to_string())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        assert_eq!(
            parse_url("http://web:8080/x"),
            Ok(Url {
                host: "web".into(),
                port: 8080
            })
        );
        assert_eq!(
            parse_url("10.96.0.10"),
            Ok(Url {
                host: "10.96.0.10".into(),
                port: 80
            })
        );
        assert_eq!(
            parse_url("https://a.b"),
            Ok(Url {
                host: "a.b".into(),
                port: 443
            })
        );
        assert!(parse_url("http://").is_err());
        assert!(parse_url("http://a:99999").is_err());
    }

    // curl 8's lib/connect.c: every failed connect reads "Couldn't connect
    // to server"; only the code tells a timeout (28) from a refusal (7).
    #[test]
    fn curl_failure_lines() {
        assert_eq!(curl::refused("web", 80), "curl: (7) Failed to connect to web port 80 after 0 ms: Couldn't connect to server");
        assert_eq!(curl::unanswered("web", 80), "curl: (28) Failed to connect to web port 80 after 130000 ms: Couldn't connect to server");
        assert_eq!(curl::unresolved("nope"), "curl: (6) Could not resolve host: nope");
        let failure = |line: String| Route::Failed(line).failure();
        assert_eq!(failure(curl::refused("web", 80)), Some(Failure::Refused));
        assert_eq!(failure(curl::unanswered("web", 80)), Some(Failure::Unanswered));
        assert_eq!(failure(curl::unresolved("web")), Some(Failure::Unresolved));
    }
}
