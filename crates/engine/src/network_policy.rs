//! NetworkPolicy enforcement, as kindnet's built-in policy agent
//! (kube-network-policies) decides the first packet of a connection: the
//! source pod's egress policies and the destination pod's ingress
//! policies must both let it through. The packet is judged after
//! kube-proxy's DNAT, so the destination is a pod's address and target
//! port, never a Service's.
//!
//! A pod is isolated in one direction when some policy of its namespace
//! selects it and lists that direction in `policyTypes`; an isolated pod
//! takes only what some rule of those policies allows. A rule's peers
//! match pods by pod and namespace selectors and any address by
//! `ipBlock`; an address that is no pod's (outside the cluster) matches
//! only an `ipBlock`. A rule's ports are the destination's: a named port
//! is looked up in the destination pod's container ports. Host-network
//! pods are never isolated and never match selectors, since their
//! address is their node's.
//!
//! A dropped packet gets no answer, so the client waits until its connect
//! times out.

use kubeplay_apiserver::Store;
use kubeplay_model::api::{
    cidr_contains, parse_cidr, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort, Pod,
};
use kubeplay_model::{IntOrString, Kind, LabelSelector};
use std::collections::BTreeMap;

/// One end of a connection: an address, and the pod that has it if any.
#[derive(Clone, Copy, Debug)]
pub struct End<'a> {
    pub ip: &'a str,
    pub pod: Option<&'a Pod>,
}

impl<'a> End<'a> {
    /// The pod that policies may select: not one on its node's network.
    fn policy_pod(&self) -> Option<&'a Pod> {
        self.pod.filter(|p| p.spec.host_network != Some(true))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Ingress,
    Egress,
}

impl Direction {
    fn policy_type(self) -> &'static str {
        match self {
            Direction::Ingress => "Ingress",
            Direction::Egress => "Egress",
        }
    }
}

/// The cluster's NetworkPolicies and the namespace labels their
/// namespace selectors read, gathered once per plan.
pub struct Policies<'s> {
    policies: Vec<&'s NetworkPolicy>,
    namespaces: BTreeMap<&'s str, &'s BTreeMap<String, String>>,
}

impl<'s> Policies<'s> {
    /// `None` when no NetworkPolicy exists: nothing is isolated, and the
    /// caller does no per-pod work.
    pub fn load(store: &'s Store) -> Option<Policies<'s>> {
        let policies: Vec<&NetworkPolicy> = store
            .list(Kind::NetworkPolicy, None)
            .filter_map(|o| o.as_network_policy())
            .collect();
        if policies.is_empty() {
            return None;
        }
        let namespaces = store
            .list(Kind::Namespace, None)
            .filter_map(|o| o.as_namespace())
            .map(|n| (n.metadata.name.as_str(), &*n.metadata.labels))
            .collect();
        Some(Policies {
            policies,
            namespaces,
        })
    }

    /// Built from parts, for tests.
    pub fn new(
        policies: Vec<&'s NetworkPolicy>,
        namespaces: BTreeMap<&'s str, &'s BTreeMap<String, String>>,
    ) -> Policies<'s> {
        Policies {
            policies,
            namespaces,
        }
    }

    /// Whether a connection from `src` to `dst` on `port`/`protocol`
    /// gets through.
    pub fn allows(&self, src: End, dst: End, port: i32, protocol: &str) -> bool {
        self.direction_allows(Direction::Egress, src, dst, dst, port, protocol)
            && self.direction_allows(Direction::Ingress, dst, src, dst, port, protocol)
    }

    /// Whether `subject` is isolated for egress (so that, for one, its DNS
    /// lookups need a rule too).
    pub fn egress_isolated(&self, subject: End) -> bool {
        subject
            .policy_pod()
            .is_some_and(|pod| self.selecting(pod, Direction::Egress).next().is_some())
    }

    fn selecting<'p>(
        &'p self,
        pod: &'p Pod,
        dir: Direction,
    ) -> impl Iterator<Item = &'s NetworkPolicy> + 'p {
        self.policies.iter().copied().filter(move |np| {
            np.metadata.namespace == pod.metadata.namespace
                && np.spec.policy_types.iter().any(|t| t == dir.policy_type())
                && selects(&np.spec.pod_selector, &pod.metadata.labels, false)
        })
    }

    /// One direction's verdict for `subject`, whose peer is `peer`; `dst`
    /// is the destination either way (its ports are the ones rules name).
    fn direction_allows(
        &self,
        dir: Direction,
        subject: End,
        peer: End,
        dst: End,
        port: i32,
        protocol: &str,
    ) -> bool {
        let Some(pod) = subject.policy_pod() else {
            return true;
        };
        let mut isolated = false;
        for np in self.selecting(pod, dir) {
            isolated = true;
            let ns = np.metadata.namespace.as_str();
            let allowed =
                match dir {
                    Direction::Ingress => np.spec.ingress.iter().any(|r| {
                        self.rule_allows(&r.ports, &r.from, ns, peer, dst, port, protocol)
                    }),
                    Direction::Egress => {
                        np.spec.egress.iter().any(|r| {
                            self.rule_allows(&r.ports, &r.to, ns, peer, dst, port, protocol)
                        })
                    }
                };
            if allowed {
                return true;
            }
        }
        !isolated
    }

    #[allow(clippy::too_many_arguments)]
    fn rule_allows(
        &self,
        ports: &[NetworkPolicyPort],
        peers: &[NetworkPolicyPeer],
        policy_ns: &str,
        peer: End,
        dst: End,
        port: i32,
        protocol: &str,
    ) -> bool {
        let port_ok = ports.is_empty()
            || ports
                .iter()
                .any(|p| port_matches(p, dst.policy_pod(), port, protocol));
        port_ok && (peers.is_empty() || peers.iter().any(|p| self.peer_matches(p, policy_ns, peer)))
    }

    fn peer_matches(&self, peer: &NetworkPolicyPeer, policy_ns: &str, end: End) -> bool {
        if let Some(block) = &peer.ip_block {
            return ip_block_contains(&block.cidr, &block.except, end.ip);
        }
        let Some(pod) = end.policy_pod() else {
            return false;
        };
        if let Some(sel) = &peer.pod_selector {
            if !selects(sel, &pod.metadata.labels, true) {
                return false;
            }
        }
        match &peer.namespace_selector {
            // A pod selector alone looks in the policy's own namespace.
            None => peer.pod_selector.is_some() && pod.metadata.namespace == policy_ns,
            Some(sel) => self
                .namespaces
                .get(pod.metadata.namespace.as_str())
                .is_some_and(|labels| selects(sel, labels, true)),
        }
    }
}

/// Whether a selector matches; one that does not parse (validation keeps
/// them out) matches `on_error`.
fn selects(sel: &LabelSelector, labels: &BTreeMap<String, String>, on_error: bool) -> bool {
    if sel.match_labels.is_empty() && sel.match_expressions.is_empty() {
        return true;
    }
    sel.to_selector().map_or(on_error, |s| s.matches(labels))
}

/// A rule's port: the protocol (TCP when unset), then no port (all of
/// them), a number or range, or a name the destination pod gives one of
/// its container ports.
fn port_matches(p: &NetworkPolicyPort, dst: Option<&Pod>, port: i32, protocol: &str) -> bool {
    if p.protocol.as_deref().unwrap_or("TCP") != protocol {
        return false;
    }
    match &p.port {
        None => true,
        Some(IntOrString::Int(n)) => {
            port == *n || p.end_port.is_some_and(|end| port > *n && port <= end)
        }
        Some(IntOrString::Str(name)) => dst.is_some_and(|pod| {
            pod.spec
                .containers
                .iter()
                .flat_map(|c| c.ports.iter())
                .any(|cp| {
                    cp.name.as_deref() == Some(name.as_str())
                        && cp.container_port == port
                        && cp.protocol.as_deref().unwrap_or("TCP") == protocol
                })
        }),
    }
}

/// In `cidr` and in none of `except`. Validation keeps unparsable CIDRs
/// out; one that slipped through matches nothing.
fn ip_block_contains(cidr: &str, except: &[String], ip: &str) -> bool {
    let (Some(net), Ok(addr)) = (parse_cidr(cidr), ip.parse::<std::net::IpAddr>()) else {
        return false;
    };
    cidr_contains(net, addr)
        && !except
            .iter()
            .filter_map(|e| parse_cidr(e))
            .any(|e| cidr_contains(e, addr))
}

#[cfg(test)]
mod tests;
