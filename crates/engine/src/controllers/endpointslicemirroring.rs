//! The EndpointSlice mirroring controller
//! (`pkg/controller/endpointslicemirroring`): a Service without a selector
//! gets its endpoints from an Endpoints object someone wrote by hand, and
//! this controller copies that object into EndpointSlices (one per set of
//! ports and address type, at most 1,000 addresses from each subset), so
//! that everything reading slices — kube-proxy, `kubectl describe
//! service` — sees them. Slices are owned by the Endpoints object, so
//! deleting it takes them away.

use super::endpoints::has_selector;
use super::endpointslice::{MANAGED_BY_LABEL, SERVICE_NAME_LABEL};
use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{EndpointAddress, EndpointPort, EndpointSlice, EndpointSubset, Endpoints, ObjectReference, SliceConditions, SliceEndpoint, SlicePort};
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta, OwnerReference};
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};

pub struct EndpointSliceMirroringController;

pub const MANAGED_BY: &str = "endpointslicemirroring-controller.k8s.io";
const SKIP_MIRROR_LABEL: &str = "endpointslice.kubernetes.io/skip-mirror";
/// `resourcelock.LeaderElectionRecordAnnotationKey`: Endpoints used as a
/// leader-election lock are not endpoints at all.
const LEADER_ANNOTATION: &str = "control-plane.alpha.kubernetes.io/leader";
/// `--mirroring-max-endpoints-per-subset`'s default.
pub(crate) const MAX_PER_SUBSET: usize = 1000;
/// Annotations a mirrored slice does not copy.
const NOT_COPIED: [&str; 2] = ["endpoints.kubernetes.io/last-change-trigger-time", "kubectl.kubernetes.io/last-applied-configuration"];

fn slice_key(s: &EndpointSlice) -> ObjectKey {
    ObjectKey::new(Kind::EndpointSlice, &s.metadata.namespace, &s.metadata.name)
}

/// `endpointSlicesMirroredForService`'s selector: this controller's slices
/// for the Endpoints `namespace/name`.
pub(crate) fn mirrored(slice: &EndpointSlice, namespace: &str, name: &str) -> bool {
    let label = |k: &str| slice.metadata.labels.get(k).map(String::as_str);
    &*slice.metadata.namespace == namespace && label(SERVICE_NAME_LABEL) == Some(name) && label(MANAGED_BY_LABEL) == Some(MANAGED_BY)
}

/// `shouldMirror`: not labelled skip-mirror=true, not a leader-election lock.
pub(crate) fn should_mirror(eps: &Endpoints) -> bool {
    eps.metadata.labels.get(SKIP_MIRROR_LABEL).map(String::as_str) != Some("true") && !eps.metadata.annotations.contains_key(LEADER_ANNOTATION)
}

/// Go's `ParseIPSloppy` and `String`: the address type and the canonical
/// text. IPv4 octets may have leading zeros (read as decimal), and an
/// IPv4-mapped IPv6 address is IPv4.
pub(crate) fn parse_ip(s: &str) -> Option<(String, &'static str)> {
    let ip = match s.parse::<IpAddr>() {
        Ok(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(v6),
        },
        Ok(ip) => ip,
        Err(_) => IpAddr::V4(sloppy_ipv4(s)?),
    };
    Some((ip.to_string(), if ip.is_ipv4() { "IPv4" } else { "IPv6" }))
}

fn sloppy_ipv4(s: &str) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut parts = s.split('.');
    for o in &mut octets {
        let part = parts.next().filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))?;
        *o = part.trim_start_matches('0').parse::<u8>().ok().or_else(|| part.bytes().all(|b| b == b'0').then_some(0))?;
    }
    parts.next().is_none().then_some(Ipv4Addr::from(octets))
}

/// `addressToEndpoint`: the endpoint an Endpoints address becomes, and its
/// address type; `None` for an address that is not an IP.
pub(crate) fn address_to_endpoint(address: &EndpointAddress, ready: bool) -> Option<(SliceEndpoint, &'static str)> {
    let (ip, address_type) = parse_ip(&address.ip)?;
    let endpoint = SliceEndpoint {
        addresses: vec![ip],
        conditions: SliceConditions { ready: Some(ready), ..Default::default() },
        hostname: address.hostname.clone().filter(|h| !h.is_empty()),
        target_ref: address.target_ref.clone(),
        node_name: address.node_name.clone(),
        ..Default::default()
    };
    Some((endpoint, address_type))
}

/// `endpoints.RepackSubsets`: every address once per port (by IP and
/// target uid; not ready wins over ready), ports offered by the same
/// addresses in one subset, addresses sorted by IP then uid. Addresses
/// without ports are kept in a subset without ports. Upstream then orders
/// ports and subsets by a hash; here they keep the order first seen.
pub(crate) fn repack_subsets(subsets: &[EndpointSubset]) -> Vec<EndpointSubset> {
    let uid = |a: &EndpointAddress| a.target_ref.as_ref().map(|r| r.uid.clone().unwrap_or_default());
    let mut addrs: Vec<&EndpointAddress> = Vec::new();
    // Per port (`None`: the no-ports sentinel), each address's readiness.
    let mut by_port: Vec<(Option<&EndpointPort>, BTreeMap<usize, bool>)> = Vec::new();
    for subset in subsets {
        let ports: Vec<Option<&EndpointPort>> = if subset.ports.is_empty() { vec![None] } else { subset.ports.iter().map(Some).collect() };
        for port in ports {
            let ready = subset.addresses.iter().map(|a| (a, true));
            for (addr, ready) in ready.chain(subset.not_ready_addresses.iter().map(|a| (a, false))) {
                let i = match addrs.iter().position(|a| a.ip == addr.ip && uid(a) == uid(addr)) {
                    Some(i) => i,
                    None => {
                        addrs.push(addr);
                        addrs.len() - 1
                    }
                };
                let p = match by_port.iter().position(|(p, _)| *p == port) {
                    Some(p) => p,
                    None => {
                        by_port.push((port, BTreeMap::new()));
                        by_port.len() - 1
                    }
                };
                let set = &mut by_port[p].1;
                if set.get(&i).copied().unwrap_or(true) {
                    set.insert(i, ready);
                }
            }
        }
    }
    let mut groups: Vec<(BTreeMap<usize, bool>, Vec<EndpointPort>)> = Vec::new();
    for (port, set) in by_port {
        let g = match groups.iter().position(|(s, _)| *s == set) {
            Some(g) => g,
            None => {
                groups.push((set, Vec::new()));
                groups.len() - 1
            }
        };
        groups[g].1.extend(port.cloned());
    }
    let order = |a: &&EndpointAddress, b: &&EndpointAddress| a.ip.as_bytes().cmp(b.ip.as_bytes()).then_with(|| uid(a).cmp(&uid(b)));
    groups
        .into_iter()
        .map(|(set, ports)| {
            let mut ready: Vec<&EndpointAddress> = set.iter().filter(|(_, r)| **r).map(|(i, _)| addrs[*i]).collect();
            let mut not_ready: Vec<&EndpointAddress> = set.iter().filter(|(_, r)| !**r).map(|(i, _)| addrs[*i]).collect();
            kubeplay_model::sort::sort_by(&mut ready, order);
            kubeplay_model::sort::sort_by(&mut not_ready, order);
            EndpointSubset { addresses: ready.into_iter().cloned().collect(), not_ready_addresses: not_ready.into_iter().cloned().collect(), ports }
        })
        .collect()
}

/// The address type and ports a slice serves: the key slices are grouped
/// by (upstream hashes the same fields, ports in any order).
pub(crate) type PortKey = (String, Vec<(String, i32, String, Option<String>)>);

fn port_key(address_type: &str, ports: &[SlicePort]) -> PortKey {
    let mut p: Vec<_> = ports.iter().map(|p| (p.name.clone().unwrap_or_default(), p.port.unwrap_or(0), p.protocol.clone().unwrap_or_default(), p.app_protocol.clone())).collect();
    kubeplay_model::sort::sort(&mut p);
    (address_type.to_string(), p)
}

/// `epPortsToEpsPorts`.
fn slice_ports(ports: &[EndpointPort]) -> Vec<SlicePort> {
    ports
        .iter()
        .map(|p| SlicePort { name: Some(p.name.clone().unwrap_or_default()), protocol: Some(p.protocol.clone().unwrap_or_default()), port: Some(p.port), app_protocol: p.app_protocol.clone() })
        .collect()
}

/// The `EndpointSet` key: the addresses, the hostname and the target's
/// namespace and name. Other fields may change in place.
fn identity(e: &SliceEndpoint) -> (Vec<&str>, &str, &str, &str) {
    let mut addresses: Vec<&str> = e.addresses.iter().map(String::as_str).collect();
    kubeplay_model::sort::sort(&mut addresses);
    let r = e.target_ref.as_ref();
    (addresses, e.hostname.as_deref().unwrap_or(""), r.and_then(|r| r.namespace.as_deref()).unwrap_or(""), r.and_then(|r| r.name.as_deref()).unwrap_or(""))
}

/// `EndpointsEqualBeyondHash`: the fields the identity leaves out, the
/// target's resourceVersion aside.
fn equal_beyond_identity(a: &SliceEndpoint, b: &SliceEndpoint) -> bool {
    let target = |r: &Option<ObjectReference>| r.clone().map(|r| ObjectReference { resource_version: None, ..r });
    a.node_name == b.node_name && a.zone == b.zone && a.conditions == b.conditions && target(&a.target_ref) == target(&b.target_ref)
}

/// One port key's desired slice: its ports and endpoints, one per
/// identity (a later address replaces an earlier one).
#[derive(Debug, Default)]
pub(crate) struct Group {
    pub ports: Vec<SlicePort>,
    pub endpoints: Vec<SliceEndpoint>,
}

impl Group {
    fn insert(&mut self, e: SliceEndpoint) {
        match self.endpoints.iter().position(|x| identity(x) == identity(&e)) {
            Some(i) => self.endpoints[i] = e,
            None => self.endpoints.push(e),
        }
    }
}

/// What the Endpoints object asks for, per port key, plus how many
/// addresses were not IPs and how many were skipped in all (not IPs or
/// past the `max` a subset may mirror).
#[derive(Debug, Default)]
pub(crate) struct Desired {
    pub groups: BTreeMap<PortKey, Group>,
    pub invalid: usize,
    pub skipped: usize,
}

pub(crate) fn desired(eps: &Endpoints, max: usize) -> Desired {
    let mut d = Desired::default();
    for subset in repack_subsets(&eps.subsets) {
        let ports = slice_ports(&subset.ports);
        let total = subset.addresses.len() + subset.not_ready_addresses.len();
        let mut added = 0;
        // Each list stops at the limit on its own; an address past it is
        // skipped, not judged.
        for (list, ready) in [(&subset.addresses, true), (&subset.not_ready_addresses, false)] {
            for address in list {
                if added >= max {
                    break;
                }
                let Some((endpoint, address_type)) = address_to_endpoint(address, ready) else {
                    d.invalid += 1;
                    continue;
                };
                let group = d.groups.entry(port_key(address_type, &ports)).or_default();
                group.ports.clone_from(&ports);
                group.insert(endpoint);
                added += 1;
            }
        }
        d.skipped += total - added;
    }
    d
}

/// The endpoints a sync adds, changes in place and removes (upstream's
/// per-sync metrics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    pub added: usize,
    pub updated: usize,
    pub removed: usize,
}

/// `totalChanges`: how far an existing slice is from the desired endpoints.
fn total_changes(existing: &EndpointSlice, desired: &[SliceEndpoint]) -> Totals {
    let mut t = Totals::default();
    let mut matches = 0;
    for e in &existing.endpoints {
        match desired.iter().find(|d| identity(d) == identity(e)) {
            None => t.removed += 1,
            Some(d) => {
                matches += 1;
                t.updated += usize::from(!equal_beyond_identity(d, e));
            }
        }
    }
    t.added = desired.len().saturating_sub(matches);
    t
}

fn copied_annotations(eps: &Endpoints) -> BTreeMap<String, String> {
    eps.metadata.annotations.iter().filter(|(k, _)| !NOT_COPIED.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// `getEndpointSlicePrefix`: the name and a dash, unless that is too long
/// to prefix a generated name.
fn slice_prefix(name: &str) -> String {
    if name.len() < 253 {
        format!("{name}-")
    } else {
        name.to_string()
    }
}

/// `newEndpointSlice`: the Endpoints' labels and annotations (but two),
/// the service-name and managed-by labels, owned by the Endpoints; named
/// `name`, or to be named by the API server.
pub(crate) fn new_slice(eps: &Endpoints, ports: Vec<SlicePort>, address_type: &str, name: Option<&str>) -> EndpointSlice {
    let mut labels = (*eps.metadata.labels).clone();
    labels.insert(SERVICE_NAME_LABEL.into(), eps.metadata.name.clone());
    labels.insert(MANAGED_BY_LABEL.into(), MANAGED_BY.into());
    let owner = OwnerReference {
        api_version: "v1".into(),
        kind: "Endpoints".into(),
        name: eps.metadata.name.clone(),
        uid: eps.metadata.uid.clone(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    };
    EndpointSlice {
        metadata: ObjectMeta {
            name: name.unwrap_or_default().into(),
            generate_name: name.is_none().then(|| slice_prefix(&eps.metadata.name).into()),
            namespace: eps.metadata.namespace.clone(),
            labels: labels.into(),
            annotations: copied_annotations(eps).into(),
            owner_references: vec![owner].into(),
            ..Default::default()
        },
        address_type: address_type.into(),
        endpoints: Vec::new(),
        ports,
    }
}

/// Whether a slice's labels, annotations and owner still say what the
/// Endpoints do: its labels but the two this controller sets are the
/// Endpoints' own, its annotations the copied ones, and it names no
/// earlier Endpoints of this name (another uid) as owner.
fn meta_up_to_date(existing: &EndpointSlice, eps: &Endpoints) -> bool {
    let labels = existing.metadata.labels.iter().filter(|(k, _)| k.as_str() != SERVICE_NAME_LABEL && k.as_str() != MANAGED_BY_LABEL);
    let recreated = existing.metadata.owner_references.iter().any(|o| &*o.kind == "Endpoints" && o.name == eps.metadata.name && o.uid != eps.metadata.uid);
    labels.eq(eps.metadata.labels.iter()) && *existing.metadata.annotations == copied_annotations(eps) && !recreated
}

/// The writes a sync makes, in `finalize`'s order, and what upstream
/// counts of them.
#[derive(Debug, Default)]
pub(crate) struct MirrorPlan {
    pub create: Vec<EndpointSlice>,
    pub update: Vec<EndpointSlice>,
    pub delete: Vec<EndpointSlice>,
    pub totals: Totals,
    pub invalid: usize,
    pub skipped: usize,
    /// Endpoints desired, after each identity is counted once.
    pub desired_endpoints: usize,
    /// Slices desired: one per port key with endpoints.
    pub desired_slices: usize,
}

/// `reconcile`: per port key, the first existing slice is kept (rewritten
/// when its endpoints, labels, annotations or owner differ) and the rest
/// go; a port key no longer desired loses its slices; slices to delete
/// are recycled for slices to create; and nothing is created while the
/// Endpoints are being deleted.
pub(crate) fn plan(eps: &Endpoints, existing: &[EndpointSlice], max: usize) -> MirrorPlan {
    let d = desired(eps, max);
    let mut by_key: BTreeMap<PortKey, Vec<&EndpointSlice>> = BTreeMap::new();
    for s in existing {
        by_key.entry(port_key(&s.address_type, &s.ports)).or_default().push(s);
    }
    let mut p = MirrorPlan { invalid: d.invalid, skipped: d.skipped, desired_slices: d.groups.len(), ..Default::default() };
    for (key, group) in d.groups {
        p.desired_endpoints += group.endpoints.len();
        let old = by_key.remove(&key).unwrap_or_default();
        let t = match old.first() {
            None => Totals { added: group.endpoints.len(), ..Default::default() },
            Some(first) => total_changes(first, &group.endpoints),
        };
        p.totals.added += t.added;
        p.totals.updated += t.updated;
        p.totals.removed += t.removed;
        p.delete.extend(old.iter().skip(1).map(|s| (*s).clone()));
        if old.first().is_some_and(|first| t == Totals::default() && meta_up_to_date(first, eps)) {
            continue;
        }
        let mut slice = new_slice(eps, group.ports, &key.0, old.first().map(|s| s.metadata.name.as_str()));
        slice.endpoints = group.endpoints;
        slice.endpoints.truncate(max);
        if old.is_empty() {
            p.create.push(slice);
        } else {
            p.update.push(slice);
        }
    }
    p.delete.extend(by_key.into_values().flatten().cloned());
    recycle(&mut p);
    if eps.metadata.deletion_timestamp.is_some() {
        p.create.clear();
    }
    p
}

/// `recycleSlices`: a slice to create takes the name of a slice of its
/// address type that was to be deleted, and is written as an update.
pub(crate) fn recycle(p: &mut MirrorPlan) {
    let mut i = 0;
    while i < p.create.len() {
        match p.delete.iter().position(|d| d.address_type == p.create[i].address_type) {
            Some(j) => {
                let old = p.delete.remove(j);
                let mut s = p.create.remove(i);
                s.metadata.name = old.metadata.name;
                p.update.push(s);
            }
            None => i += 1,
        }
    }
}

/// The warnings a sync records on the Endpoints: (reason, message).
pub(crate) fn warnings(p: &MirrorPlan, max: usize) -> Vec<(&'static str, String)> {
    let mut w = Vec::new();
    if p.invalid > 0 {
        w.push(("InvalidIPAddress", format!("Skipped {} invalid IP addresses when mirroring to EndpointSlices", p.invalid)));
    }
    if p.skipped > p.invalid {
        w.push(("TooManyAddressesToMirror", format!("A max of {max} addresses can be mirrored to EndpointSlices per Endpoints subset. {} addresses were skipped", p.skipped)));
    }
    w
}

/// Why the Endpoints `name` are not mirrored (`syncEndpoints`' checks in
/// its order), if they are not.
fn why_not_mirrored(eps: Option<&Endpoints>, svc: Option<&Object>) -> Option<&'static str> {
    let Some(eps) = eps else { return Some("has no Endpoints") };
    if !should_mirror(eps) {
        return Some(if eps.metadata.annotations.contains_key(LEADER_ANNOTATION) {
            "has Endpoints used as a leader-election lock"
        } else {
            "has Endpoints labelled endpointslice.kubernetes.io/skip-mirror=true"
        });
    }
    match svc.and_then(Object::as_service) {
        None => Some("is gone"),
        Some(svc) if has_selector(svc) => Some("has a selector, so the EndpointSlice controller makes its slices"),
        Some(_) => None,
    }
}

impl Controller for EndpointSliceMirroringController {
    fn id(&self) -> ControllerId {
        ControllerId::EndpointSliceMirroring
    }
    fn component(&self) -> &'static str {
        "endpointslicemirroring-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        let service = |key: &ObjectKey, name: &str| ObjectKey::new(Kind::Service, &key.namespace, name);
        match change.key.kind {
            // Upstream queues every change of these; only Services without
            // a selector (or that just lost or gained one) can need work.
            Kind::Endpoints => {
                let selectorless = store.get_by(Kind::Service, &change.key.namespace, &change.key.name).and_then(|o| o.as_service()).is_some_and(|s| !has_selector(s));
                if selectorless {
                    enqueue(service(&change.key, &change.key.name));
                }
            }
            Kind::Service => {
                let selectorless = |o: &Option<std::sync::Arc<Object>>| o.as_deref().and_then(Object::as_service).is_some_and(|s| !has_selector(s));
                if selectorless(&change.old) || selectorless(&change.new) {
                    enqueue(change.key.clone());
                }
            }
            Kind::EndpointSlice => {
                if let Object::EndpointSlice(s) = change.object().as_ref() {
                    if s.metadata.labels.get(MANAGED_BY_LABEL).map(String::as_str) == Some(MANAGED_BY) {
                        if let Some(svc) = s.metadata.labels.get(SERVICE_NAME_LABEL) {
                            enqueue(service(&change.key, svc));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let existing: Vec<EndpointSlice> = ctx.store().list(Kind::EndpointSlice, Some(&key.namespace)).filter_map(|o| match &**o { Object::EndpointSlice(s) if mirrored(s, &key.namespace, &key.name) => Some((**s).clone()), _ => None }).collect();
        let eps = ctx.get(&ObjectKey::new(Kind::Endpoints, &key.namespace, &key.name));
        let eps = eps.as_deref().and_then(Object::as_endpoints);
        let svc = ctx.get(key);
        let (Some(eps), None) = (eps, why_not_mirrored(eps, svc.as_deref())) else {
            let mut deleted = 0;
            for s in &existing {
                deleted += usize::from(ctx.delete(&slice_key(s), DeleteOptions::default()).is_ok());
            }
            let why = why_not_mirrored(eps, svc.as_deref()).unwrap_or_default();
            ctx.explain(format!("Service {} {why}: nothing to mirror{}", key.name, if deleted > 0 { format!("; deleted {}", super::plural(deleted, "mirrored slice")) } else { String::new() }));
            return;
        };
        if existing.iter().any(|s| s.metadata.deletion_timestamp.is_some()) {
            ctx.explain(format!("a mirrored slice of Service {} is being deleted: waiting for it to go", key.name));
            return;
        }
        ctx.observed(format!("Endpoints {} with {} and {}", key.name, super::plural(eps.subsets.len(), "subset"), super::plural(existing.len(), "mirrored slice")));
        let p = plan(eps, &existing, MAX_PER_SUBSET);
        ctx.desired(format!("Service {}'s hand-written Endpoints mirrored into {}", key.name, super::plural(p.desired_slices, "EndpointSlice")));
        let eps_obj = Object::Endpoints(Box::new(eps.clone()));
        for (reason, message) in warnings(&p, MAX_PER_SUBSET) {
            ctx.event(&eps_obj, "Warning", reason, message);
        }
        let (mut created, mut updated, mut deleted) = (0, 0, 0);
        for s in p.create {
            created += usize::from(ctx.create(Object::EndpointSlice(Box::new(s))).is_ok());
        }
        for s in p.update {
            updated += usize::from(ctx.update(Object::EndpointSlice(Box::new(s))).is_ok());
        }
        for s in &p.delete {
            deleted += usize::from(ctx.delete(&slice_key(s), DeleteOptions::default()).is_ok());
        }
        if created + updated + deleted == 0 {
            ctx.explain(format!("Service {}'s mirrored slices already match its Endpoints", key.name));
        } else {
            ctx.explain(format!("mirrored Endpoints {}: {} created, {} updated, {} deleted", key.name, super::plural(created, "slice"), updated, deleted));
        }
    }
}

#[cfg(test)]
#[path = "endpointslicemirroring_upstream_tests.rs"]
mod upstream_tests;
