//! `kubectl port-forward TYPE/NAME [LOCAL:]REMOTE…`: portforward.go's
//! Complete (the pod, and a Service's ports mapped to the pod's), its
//! RunPortForward (the pod must be running), then client-go's forwarder
//! (addresses, ports, listeners). The playground has one terminal, so a
//! forward runs in the background, as `kubectl port-forward … &` would:
//! it is kept in [`Forwards`] (client state, like the kubeconfig) until
//! its pod is gone, and `curl localhost:PORT` on this machine
//! ([`super::host_net`]) reaches that pod through it. `kubectl proxy`s
//! ([`super::proxy`]) are kept there too: one table of what listens on
//! this machine's ports, each with its background process's id.

use super::write::namespace;
use super::Output;
use crate::cli::{Invocation, PortForward};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Pod, Service};
use kubeplay_model::intstr::IntOrString;
use kubeplay_model::{Kind, Object};

/// One forward, listening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forward {
    /// The background kubectl's process id (`kill` and `jobs` name it).
    pub pid: u32,
    pub local: u16,
    pub remote: u16,
    /// The addresses it listens on (`127.0.0.1`, `::1`, `0.0.0.0`, …).
    pub addresses: Vec<String>,
    pub namespace: String,
    pub pod: String,
    pub uid: String,
}

/// The forwards and proxies running in the background, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Forwards {
    pub list: Vec<Forward>,
    pub proxies: Vec<super::proxy::ProxyServer>,
}

impl Forwards {
    /// Drops the forwards whose pod is gone or no longer running: the
    /// session ends with its pod (kubectl exits), freeing its ports.
    /// Returns the ended ones.
    pub fn prune(&mut self, engine: &Engine) -> Vec<Forward> {
        let (alive, ended): (Vec<Forward>, Vec<Forward>) = std::mem::take(&mut self.list).into_iter().partition(|f| running_pod(engine, f).is_some());
        self.list = alive;
        ended
    }

    /// Whether anything listens on `port`, at any address.
    pub fn port_taken(&self, port: u16) -> bool {
        self.list.iter().any(|f| f.local == port) || self.proxies.iter().any(|p| p.port == port)
    }

    /// Whether listening on `address:port` collides with a forward or a
    /// proxy (or kind's API server, on 127.0.0.1:6443). A forward's
    /// sockets are of one family each (`::` is IPv6's wildcard alone); a
    /// proxy's `::` is the dual-stack socket Go opens for all addresses,
    /// as is the new listener's when `dual`.
    pub fn address_taken(&self, address: &str, port: u16, dual: bool) -> bool {
        let v6 = |a: &str| a.contains(':');
        let one_family = |a: &str, b: &str| v6(a) == v6(b) && (a == b || a == "::" || a == "0.0.0.0" || b == "::" || b == "0.0.0.0");
        let clash = |a: &str, a_dual: bool| (dual || a_dual) || one_family(a, address);
        (port == 6443 && clash("127.0.0.1", false))
            || self.list.iter().filter(|f| f.local == port).flat_map(|f| f.addresses.iter()).any(|a| clash(a, false))
            || self.proxies.iter().filter(|p| p.port == port).any(|p| clash(&p.address, p.address == "::"))
    }

    /// Stops what process `pid` runs; whether there was any.
    pub fn stop(&mut self, pid: u32) -> bool {
        let before = self.list.len() + self.proxies.len();
        self.list.retain(|f| f.pid != pid);
        self.proxies.retain(|p| p.pid != pid);
        before != self.list.len() + self.proxies.len()
    }

    /// Whether process `pid` still runs: a proxy, or a forward whose pod
    /// still runs.
    pub fn alive(&self, pid: u32, engine: &Engine) -> bool {
        self.proxies.iter().any(|p| p.pid == pid) || self.list.iter().any(|f| f.pid == pid && running_pod(engine, f).is_some())
    }

    /// Whether process `pid` still serves anything.
    pub fn running(&self, pid: u32) -> bool {
        self.list.iter().any(|f| f.pid == pid) || self.proxies.iter().any(|p| p.pid == pid)
    }

    /// The forward listening on `port` at `address` (a loopback address
    /// also reaches a forward on all addresses).
    pub fn find(&self, address: &str, port: u16) -> Option<&Forward> {
        let family_any = if address.contains(':') { "::" } else { "0.0.0.0" };
        self.list.iter().find(|f| f.local == port && f.addresses.iter().any(|a| a == address || a == family_any))
    }
}

/// The forward's pod, while it runs.
pub(super) fn running_pod(engine: &Engine, f: &Forward) -> Option<Pod> {
    match engine.store().get_by(Kind::Pod, &f.namespace, &f.pod).map(|o| &**o) {
        Some(Object::Pod(p)) if p.metadata.uid == f.uid && p.phase() == "Running" && p.metadata.deletion_timestamp.is_none() => Some((**p).clone()),
        _ => None,
    }
}

/// `splitPort`: `[LOCAL:]REMOTE`.
fn split_port(spec: &str) -> (&str, &str) {
    let parts: Vec<&str> = spec.split(':').collect();
    match parts.as_slice() {
        [local, remote] => (local, remote),
        _ => (parts[0], parts[0]),
    }
}

fn join(local: &str, remote: &str) -> String {
    if local == remote {
        remote.to_string()
    } else {
        format!("{local}:{remote}")
    }
}

/// `LookupContainerPortNumberByName`: app containers, then init ones.
fn container_port_by_name(pod: &Pod, name: &str) -> Result<i32, String> {
    pod.spec
        .containers
        .iter()
        .chain(pod.spec.init_containers.iter())
        .flat_map(|c| c.ports.iter())
        .find(|p| p.name.as_deref() == Some(name))
        .map(|p| p.container_port)
        .ok_or_else(|| format!("Pod '{}' does not have a named port '{name}'", pod.metadata.name))
}

/// `LookupServicePortNumberByName`.
fn service_port_by_name(svc: &Service, name: &str) -> Result<i32, String> {
    svc.spec.ports.iter().find(|p| p.name.as_deref() == Some(name)).map(|p| p.port).ok_or_else(|| format!("Service '{}' does not have a named port '{name}'", svc.metadata.name))
}

/// `LookupContainerPortNumberByServicePort`: a headless Service's ports
/// are the pod's; otherwise the targetPort (a number, or a name looked
/// up in the pod; none: the port itself).
fn container_port_by_service_port(svc: &Service, pod: &Pod, port: i32) -> Result<i32, String> {
    if svc.spec.cluster_ip.as_deref() == Some("None") {
        return Ok(port);
    }
    let Some(sp) = svc.spec.ports.iter().find(|p| p.port == port) else {
        return Err(format!("Service {} does not have a service port {port}", svc.metadata.name));
    };
    match &sp.target_port {
        None | Some(IntOrString::Int(0)) => Ok(sp.port),
        Some(IntOrString::Int(n)) => Ok(*n),
        Some(IntOrString::Str(name)) => container_port_by_name(pod, name),
    }
}

/// `translateServicePortToTargetPort`.
pub(super) fn translate_service_ports(ports: &[String], svc: &Service, pod: &Pod) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for spec in ports {
        let (mut local, remote) = split_port(spec);
        let local_owned;
        let number = match remote.parse::<i32>() {
            Ok(n) => n,
            Err(_) => {
                let n = service_port_by_name(svc, remote)?;
                if local == remote {
                    local_owned = n.to_string();
                    local = &local_owned;
                }
                n
            }
        };
        let target = container_port_by_service_port(svc, pod, number)?;
        out.push(join(local, &target.to_string()));
    }
    Ok(out)
}

/// `convertPodNamedPortToNumber`.
pub(super) fn convert_named_ports(ports: &[String], pod: &Pod) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for spec in ports {
        let (local, remote) = split_port(spec);
        if remote.is_empty() {
            return Err("remote port cannot be empty".into());
        }
        let number = match remote.parse::<i32>() {
            Ok(_) => remote.to_string(),
            Err(_) => container_port_by_name(pod, remote)?.to_string(),
        };
        // The local part is compared with the name as typed, as upstream does.
        out.push(if local != remote { format!("{local}:{number}") } else { number });
    }
    Ok(out)
}

/// `checkUDPPorts`: a remote port only UDP serves cannot be forwarded.
/// `named` looks a port name up in the Service or the pod.
fn check_udp(udp_only: &[i32], ports: &[String], named: &dyn Fn(&str) -> Result<i32, String>) -> Result<(), String> {
    for spec in ports {
        let (_, remote) = split_port(spec);
        let number = match remote.parse::<i32>() {
            Ok(n) => n,
            Err(_) => named(remote)?,
        };
        if udp_only.contains(&number) {
            return Err(format!("UDP protocol is not supported for {remote}"));
        }
    }
    Ok(())
}

/// The port numbers only UDP serves (an unset protocol counts as neither,
/// as upstream's switch has it).
fn udp_only(ports: impl Iterator<Item = (i32, String)>) -> Vec<i32> {
    let ports: Vec<(i32, String)> = ports.collect();
    let tcp: Vec<i32> = ports.iter().filter(|(_, p)| p == "TCP").map(|(n, _)| *n).collect();
    ports.iter().filter(|(n, p)| p == "UDP" && !tcp.contains(n)).map(|(n, _)| *n).collect()
}

pub(super) fn check_udp_in_service(ports: &[String], svc: &Service) -> Result<(), String> {
    let udp = udp_only(svc.spec.ports.iter().map(|p| (p.port, p.protocol.clone().unwrap_or_default())));
    check_udp(&udp, ports, &|name| service_port_by_name(svc, name))
}

pub(super) fn check_udp_in_pod(ports: &[String], pod: &Pod) -> Result<(), String> {
    let udp = udp_only(pod.spec.containers.iter().flat_map(|c| c.ports.iter()).map(|p| (p.container_port, p.protocol.clone().unwrap_or_default())));
    check_udp(&udp, ports, &|name| container_port_by_name(pod, name))
}

/// Go's `strconv.ParseUint(s, 10, 16)` error, in its words.
fn parse_u16(s: &str) -> Result<u16, String> {
    let quoted = crate::gofmt::quote(s);
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.ParseUint: parsing {quoted}: invalid syntax"));
    }
    s.parse::<u16>().map_err(|_| format!("strconv.ParseUint: parsing {quoted}: value out of range"))
}

/// client-go's `parsePorts`: `(local, remote)` pairs; local 0 picks a free port.
pub(super) fn parse_ports(ports: &[String]) -> Result<Vec<(u16, u16)>, String> {
    let mut out = Vec::new();
    for spec in ports {
        let parts: Vec<&str> = spec.split(':').collect();
        let (local, remote) = match parts.as_slice() {
            [one] => (*one, *one),
            [local, remote] => (if local.is_empty() { "0" } else { *local }, *remote),
            _ => return Err(format!("invalid port format '{spec}'")),
        };
        let local = parse_u16(local).map_err(|e| format!("error parsing local port '{local}': {e}"))?;
        let remote = parse_u16(remote).map_err(|e| format!("error parsing remote port '{remote}': {e}"))?;
        if remote == 0 {
            return Err("remote port must be > 0".into());
        }
        out.push((local, remote));
    }
    Ok(out)
}

/// client-go's `parseAddresses`: `localhost` is both loopbacks; the
/// result is sorted and without repeats.
pub(super) fn parse_addresses(addresses: &[String]) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for a in addresses {
        if a == "localhost" {
            out.extend(["127.0.0.1".to_string(), "::1".to_string()]);
        } else if a.parse::<std::net::IpAddr>().is_ok() {
            out.push(a.clone());
        } else {
            return Err(format!("{a} is not a valid IP"));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// `net.JoinHostPort`.
fn host_port(address: &str, port: u16) -> String {
    if address.contains(':') {
        format!("[{address}]:{port}")
    } else {
        format!("{address}:{port}")
    }
}

/// Whether listening on `address:port` collides with a running forward
/// or proxy.
fn in_use(forwards: &Forwards, address: &str, port: u16) -> bool {
    forwards.address_taken(address, port, false)
}

/// The port the kernel would hand out for `:REMOTE`.
fn free_port(forwards: &Forwards) -> u16 {
    super::proxy::free_port(forwards)
}

/// Starts the forward as background process `pid`; whether it listens.
pub fn run(pf: &PortForward, inv: &Invocation, engine: &mut Engine, forwards: &mut Forwards, pid: u32, out: &mut Output) -> bool {
    forwards.prune(engine);
    match start(pf, inv, engine, forwards, pid, out) {
        Ok(()) => true,
        Err(e) => {
            out.error(&e);
            false
        }
    }
}

fn start(pf: &PortForward, inv: &Invocation, engine: &mut Engine, forwards: &mut Forwards, pid: u32, out: &mut Output) -> Result<(), String> {
    let ns = namespace(inv).to_string();
    // GetFirstPod watches for a first pod until the timeout.
    let mut found = None;
    let waited = super::waiting::wait_until(engine, pf.timeout_ms, |e| match super::logs::attachable_pods(e, &ns, pf.kind, &pf.name) {
        Ok(pods) => {
            found = Some(pods);
            super::waiting::Poll::Done
        }
        Err(err) if err.ends_with("timed out waiting for the condition") => super::waiting::Poll::Pending,
        Err(err) => super::waiting::Poll::Fail(err),
    });
    if let super::waiting::Waited::Failed(e) = waited {
        return Err(e);
    }
    let pods = found.ok_or("error: timed out waiting for the condition")?;
    let Some(Object::Pod(pod)) = pods.first().map(|p| &**p) else { return Err("error: timed out waiting for the condition".into()) };
    let target = engine.store().get_by(pf.kind, &ns, &pf.name).cloned();
    let ports = match target.as_deref() {
        Some(Object::Service(svc)) => {
            check_udp_in_service(&pf.ports, svc).map_err(|e| format!("error: {e}"))?;
            translate_service_ports(&pf.ports, svc, pod).map_err(|e| format!("error: {e}"))?
        }
        _ => {
            check_udp_in_pod(&pf.ports, pod).map_err(|e| format!("error: {e}"))?;
            convert_named_ports(&pf.ports, pod).map_err(|e| format!("error: {e}"))?
        }
    };
    if pod.phase() != "Running" {
        return Err(format!("error: unable to forward port because pod is not running. Current status={}", pod.phase()));
    }
    let addresses = parse_addresses(&pf.addresses).map_err(|e| format!("error: {e}"))?;
    let pairs = parse_ports(&ports).map_err(|e| format!("error: {e}"))?;
    let mut listening = false;
    let mut started = Vec::new();
    for (local, remote) in &pairs {
        let local = if *local == 0 { free_port(forwards) } else { *local };
        // localhost fails only if both loopbacks do; an explicit address must bind.
        let taken: Vec<&String> = addresses.iter().filter(|a| in_use(forwards, a, local)).collect();
        let loopbacks = |a: &&String| *a == "127.0.0.1" || *a == "::1";
        let all_loopbacks_taken = addresses.iter().filter(|a| loopbacks(a)).count() > 0 && addresses.iter().filter(|a| loopbacks(a)).all(|a| taken.contains(&a));
        let explicit_taken = taken.iter().any(|a| !loopbacks(a));
        if all_loopbacks_taken || explicit_taken {
            let errors: Vec<String> = taken
                .iter()
                .map(|a| format!("unable to create listener: Error listen tcp{} {}: bind: address already in use", if a.contains(':') { 6 } else { 4 }, host_port(a, local)))
                .collect();
            out.note(&format!("Unable to listen on port {local}: Listeners failed to create with the following errors: [{}]", errors.join(" ")));
            continue;
        }
        let bound: Vec<String> = addresses.iter().filter(|a| !taken.contains(a)).cloned().collect();
        for a in &bound {
            out.out(&format!("Forwarding from {} -> {remote}", host_port(a, local)));
        }
        listening = true;
        forwards.list.push(Forward { pid, local, remote: *remote, addresses: bound, namespace: ns.clone(), pod: pod.metadata.name.to_string(), uid: pod.metadata.uid.to_string() });
        started.push(local);
    }
    if !listening {
        let list: Vec<String> = pairs.iter().map(|(l, r)| format!("{{{l} {r}}}")).collect();
        return Err(format!("error: unable to listen on any of the requested ports: [{}]", list.join(" ")));
    }
    let ports: Vec<String> = started.iter().map(|p| p.to_string()).collect();
    out.note(&format!(
        "(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:{} on this machine reaches pod {}; it ends when the pod does",
        ports.join(","),
        pod.metadata.name
    ));
    Ok(())
}

#[cfg(test)]
#[path = "portforward_upstream_tests.rs"]
mod upstream_tests;
