//! The Endpoints controller (`pkg/controller/endpoint`): for each Service
//! with a selector, the IPs of the matching pods, ready ones in
//! `addresses` and the rest in `notReadyAddresses`, per resolved port.
//! Also home of the rules the EndpointSlice controller shares.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{
    EndpointAddress, EndpointPort, EndpointSubset, Endpoints, ObjectReference, Pod, Service,
    ServicePort,
};
use kubeplay_model::{Atom, IntOrString, Kind, Object, ObjectKey, ObjectMeta};
use std::collections::BTreeMap;
use std::sync::Arc;

pub struct EndpointsController;

pub const HEADLESS_LABEL: &str = "service.kubernetes.io/headless";

/// `ShouldPodBeInEndpoints`: not terminal, has an IP, and not terminating
/// unless terminating pods are wanted.
pub fn should_pod_be_in_endpoints(pod: &Pod, include_terminating: bool) -> bool {
    !matches!(pod.phase(), "Succeeded" | "Failed")
        && pod
            .status
            .pod_ip
            .as_deref()
            .is_some_and(|ip| !ip.is_empty())
        && (include_terminating || pod.metadata.deletion_timestamp.is_none())
}

/// `FindPort`: a number is used as is; a name resolves to the first port
/// with that name and the Service port's protocol among the regular
/// containers, then among the sidecars (init containers with
/// `restartPolicy: Always`), which serve traffic too.
pub fn find_port(pod: &Pod, port: &ServicePort) -> Option<i32> {
    let protocol = port.protocol.as_deref().unwrap_or("TCP");
    match port.target_port.as_ref() {
        None => Some(port.port),
        Some(IntOrString::Int(n)) => Some(if *n == 0 { port.port } else { *n }),
        Some(IntOrString::Str(name)) => {
            let sidecars = pod.spec.init_containers.iter().filter(|c| c.restart_policy.as_deref() == Some("Always"));
            pod.spec
                .containers
                .iter()
                .chain(sidecars)
                .flat_map(|c| c.ports.iter())
                .find(|p| {
                    p.name.as_deref() == Some(name.as_str())
                        && p.protocol.as_deref().unwrap_or("TCP") == protocol
                })
                .map(|p| p.container_port)
        }
    }
}

/// `ShouldSetHostname`: the pod asked for a hostname under this service.
pub fn should_set_hostname(pod: &Pod, svc: &Service) -> bool {
    pod.spec.hostname.as_deref().is_some_and(|h| !h.is_empty())
        && pod.spec.subdomain.as_deref() == Some(svc.metadata.name.as_str())
        && pod.metadata.namespace == svc.metadata.namespace
}

pub fn is_headless(svc: &Service) -> bool {
    matches!(
        svc.spec.cluster_ip.as_deref(),
        None | Some("") | Some("None")
    )
}

/// Services whose selector matches these labels, in a namespace.
pub fn services_selecting(
    store: &Store,
    ns: &str,
    labels: &BTreeMap<String, String>,
) -> Vec<ObjectKey> {
    store
        .list(Kind::Service, Some(ns))
        .filter(|s| s.as_service().is_some_and(|svc| selects(svc, labels)))
        .map(|s| s.key())
        .collect()
}

/// A service with a selector (even empty) selects pods whose labels
/// include all of it; one without a selector selects nothing.
pub fn selects(svc: &Service, labels: &BTreeMap<String, String>) -> bool {
    svc.spec.type_.as_deref() != Some("ExternalName")
        && has_selector(svc)
        && svc
            .spec
            .selector
            .iter()
            .all(|(k, v)| labels.get(k) == Some(v))
}

/// Whether the Service has a selector at all. Upstream both controllers
/// skip a Service whose `spec.selector` is nil, and an empty map selects
/// every pod in Go; but `selector: {}` never reaches them as an empty map:
/// the field is `omitempty` and stored as protobuf, which has no empty-map
/// vs absent distinction, so the API server reads it back as nil and
/// clients never see it (kubernetes/kubernetes#25836; the API docs say "If
/// empty or not present, the service is assumed to have an external
/// process managing its endpoints"). So empty means no selector here too.
pub fn has_selector(svc: &Service) -> bool {
    !svc.spec.selector.is_empty()
}

/// Watch: a Service change queues it; a pod change queues every Service
/// that selects it now or did before.
pub fn watch_services(change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
    match change.key.kind {
        Kind::Service => enqueue(change.key.clone()),
        Kind::Pod => {
            // Most pod writes (status) keep the namespace and labels: the
            // Services selecting the old version then select the new, and
            // one search finds them.
            let moved = |o: &&Arc<Object>| {
                change.new.as_ref().is_none_or(|n| n.namespace() != o.namespace() || n.meta().labels != o.meta().labels)
            };
            let mut keys = Vec::new();
            for side in [change.old.as_ref().filter(moved), change.new.as_ref()].into_iter().flatten() {
                keys.extend(services_selecting(
                    store,
                    side.namespace(),
                    &side.meta().labels,
                ));
            }
            kubeplay_model::sort::sort(&mut keys);
            keys.dedup();
            for k in keys {
                enqueue(k);
            }
        }
        _ => {}
    }
}

/// `LessEndpointAddress`: by IP compared byte by byte as text (so
/// 10.0.0.10 sorts before 10.0.0.9), then by the target's UID.
fn less_address(a: &Pod, b: &Pod) -> std::cmp::Ordering {
    fn ip(p: &Pod) -> &[u8] {
        p.status.pod_ip.as_deref().unwrap_or_default().as_bytes()
    }
    ip(a).cmp(ip(b)).then_with(|| a.metadata.uid.as_str().cmp(b.metadata.uid.as_str()))
}

/// The reference an endpoint (in Endpoints or an EndpointSlice) makes to
/// its pod: kind, namespace, name and uid, no resourceVersion.
pub(crate) fn pod_reference(pod: &Pod) -> ObjectReference {
    ObjectReference {
        kind: Some("Pod".into()),
        namespace: Some(Atom::from(pod.metadata.namespace.as_str())),
        name: Some(pod.metadata.name.as_str().into()),
        uid: Some(pod.metadata.uid.as_str().into()),
        ..Default::default()
    }
}

/// A resolved port list: (name, port, protocol) per Service port.
pub(crate) type PortSet = Vec<(String, i32, String)>;

/// The most addresses one Endpoints object holds (`maxCapacity`).
pub const MAX_CAPACITY: usize = 1000;
pub const OVER_CAPACITY_ANNOTATION: &str = "endpoints.kubernetes.io/over-capacity";

/// The subsets a Service should have, in `RepackSubsets`' canonical form:
/// each resolved endpoint port (a Service port with the number one pod's
/// containers give it) is offered by a set of addresses, and ports offered
/// by the very same addresses share a subset. So a pod that resolves a
/// named port its peers lack is listed in two subsets. Addresses sort by
/// IP text, then UID. Upstream orders ports and subsets by an MD5 of their
/// Go dump (subsets' includes pointer addresses, so their order is not
/// even stable); here ports keep the Service's order and subsets follow
/// their first port.
pub fn desired_subsets(svc: &Service, pods: &[&Pod]) -> Vec<EndpointSubset> {
    let publish = svc.spec.publish_not_ready_addresses == Some(true);
    let mut included: Vec<&Pod> = pods.iter().copied().filter(|p| should_pod_be_in_endpoints(p, publish)).collect();
    kubeplay_model::sort::sort_by(&mut included, |a, b| less_address(a, b));
    let address = |pod: &Pod| EndpointAddress {
        ip: pod.status.pod_ip.as_deref().unwrap_or_default().to_string(),
        hostname: should_set_hostname(pod, svc).then(|| pod.spec.hostname.clone().unwrap_or_default()),
        node_name: pod.spec.node_name.clone(),
        target_ref: Some(pod_reference(pod)),
    };
    let subset = |members: &mut dyn Iterator<Item = &Pod>, ports: Vec<EndpointPort>| {
        let mut s = EndpointSubset { ports, ..Default::default() };
        for pod in members {
            if publish || pod.is_ready() {
                s.addresses.push(address(pod));
            } else {
                s.not_ready_addresses.push(address(pod));
            }
        }
        s
    };
    if svc.spec.ports.is_empty() {
        // Only a Service whose clusterIP is exactly "None" gets port-less
        // addresses (RepackSubsets keeps them under a sentinel port).
        if svc.spec.cluster_ip.as_deref() != Some("None") || included.is_empty() {
            return Vec::new();
        }
        return vec![subset(&mut included.iter().copied(), Vec::new())];
    }
    // (service port, resolved number, pod): one entry per pod and port it
    // resolves, sorted so that each endpoint port's pods are adjacent and
    // in address order.
    let mut offers: Vec<(usize, i32, usize)> = Vec::new();
    for (i, pod) in included.iter().enumerate() {
        for (j, port) in svc.spec.ports.iter().enumerate() {
            if let Some(n) = find_port(pod, port) {
                offers.push((j, n, i));
            }
        }
    }
    kubeplay_model::sort::sort(&mut offers);
    // Endpoint ports as ranges of `offers`, then grouped by equal pod lists.
    let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
    for (k, o) in offers.iter().enumerate() {
        match runs.last_mut() {
            Some(r) if offers[r.start].0 == o.0 && offers[r.start].1 == o.1 => r.end = k + 1,
            _ => runs.push(k..k + 1),
        }
    }
    let pods_of = |r: &std::ops::Range<usize>| offers[r.clone()].iter().map(|o| o.2);
    let mut taken = vec![false; runs.len()];
    let mut subsets = Vec::new();
    for a in 0..runs.len() {
        if taken[a] {
            continue;
        }
        let mut ports = Vec::new();
        for b in a..runs.len() {
            if !taken[b] && pods_of(&runs[a]).eq(pods_of(&runs[b])) {
                taken[b] = true;
                let (j, n, _) = offers[runs[b].start];
                let p = &svc.spec.ports[j];
                ports.push(EndpointPort {
                    name: p.name.clone().filter(|n| !n.is_empty()),
                    port: n,
                    protocol: Some(p.protocol.clone().unwrap_or_else(|| "TCP".into())),
                    app_protocol: p.app_protocol.clone(),
                });
            }
        }
        subsets.push(subset(&mut pods_of(&runs[a]).map(|i| included[i]), ports));
    }
    subsets
}

/// `truncateEndpoints`: past [`MAX_CAPACITY`] addresses, keep every ready
/// address and cut the not-ready ones, or, with more ready addresses than
/// that, drop every not-ready one and cut the ready ones; each subset keeps
/// its share of the budget, rounded up, while budget remains. Reports
/// whether it cut anything.
pub fn truncate_endpoints(subsets: &mut [EndpointSubset]) -> bool {
    let ready: usize = subsets.iter().map(|s| s.addresses.len()).sum();
    let not_ready: usize = subsets.iter().map(|s| s.not_ready_addresses.len()).sum();
    if ready + not_ready <= MAX_CAPACITY {
        return false;
    }
    let truncate_ready = ready > MAX_CAPACITY;
    let (max, total) = if truncate_ready { (MAX_CAPACITY, ready) } else { (MAX_CAPACITY - ready, not_ready) };
    let mut can_be_added = max;
    for s in subsets.iter_mut() {
        let in_subset = if truncate_ready { s.addresses.len() } else { s.not_ready_addresses.len() };
        let share = ((in_subset as f64 / total as f64) * max as f64).ceil() as usize;
        let keep = share.min(can_be_added);
        if truncate_ready {
            s.addresses.truncate(keep);
            s.not_ready_addresses.clear();
            can_be_added -= s.addresses.len();
        } else {
            s.not_ready_addresses.truncate(keep);
            can_be_added -= s.not_ready_addresses.len();
        }
    }
    true
}

/// `capacityAnnotationSetCorrectly`: no more than [`MAX_CAPACITY`]
/// addresses and no over-capacity annotation.
fn capacity_annotation_set_correctly(ep: &Endpoints) -> bool {
    let n: usize = ep.subsets.iter().map(|s| s.addresses.len() + s.not_ready_addresses.len()).sum();
    n <= MAX_CAPACITY && !ep.metadata.annotations.contains_key(OVER_CAPACITY_ANNOTATION)
}

/// `endpointSubsetsEqualIgnoreResourceVersion`: equal but for the target
/// references' resourceVersions (a pod write that changes nothing else
/// does not rewrite its Endpoints).
fn subsets_equal_ignoring_rv(a: &[EndpointSubset], b: &[EndpointSubset]) -> bool {
    let ref_eq = |x: &Option<ObjectReference>, y: &Option<ObjectReference>| match (x, y) {
        (Some(x), Some(y)) => {
            x.kind == y.kind && x.namespace == y.namespace && x.name == y.name && x.uid == y.uid
                && x.api_version == y.api_version && x.field_path == y.field_path
        }
        (x, y) => x.is_none() && y.is_none(),
    };
    let addrs_eq = |x: &[EndpointAddress], y: &[EndpointAddress]| {
        x.len() == y.len()
            && x.iter().zip(y).all(|(x, y)| {
                x.ip == y.ip && x.hostname == y.hostname && x.node_name == y.node_name && ref_eq(&x.target_ref, &y.target_ref)
            })
    };
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.ports == y.ports && addrs_eq(&x.addresses, &y.addresses) && addrs_eq(&x.not_ready_addresses, &y.not_ready_addresses)
        })
}

/// The Endpoints' labels equal the Service's once the headless label is
/// left out: it is never on the Service, and upstream ignores it here, so
/// its presence or absence alone does not cause a write.
fn labels_match_service(ep: &BTreeMap<String, String>, svc: &BTreeMap<String, String>) -> bool {
    let extra = usize::from(ep.contains_key(HEADLESS_LABEL));
    ep.len() - extra == svc.len() && ep.iter().filter(|(k, _)| *k != HEADLESS_LABEL).eq(svc.iter())
}

/// Pods in the service's namespace that it selects.
pub fn selected_pods(store: &Store, svc: &Service) -> Vec<Arc<Object>> {
    store
        .pods_selected(&svc.metadata.namespace, |labels| selects(svc, labels))
        .into_iter()
        .cloned()
        .collect()
}

/// Whether existing Endpoints need no write: same subsets (but for
/// target resourceVersions), the Service's labels, and a capacity
/// annotation that is right (an over-capacity object is always rewritten).
fn up_to_date(ep: &Endpoints, subsets: &[EndpointSubset], svc: &Service) -> bool {
    subsets_equal_ignoring_rv(&ep.subsets, subsets)
        && labels_match_service(&ep.metadata.labels, &svc.metadata.labels)
        && capacity_annotation_set_correctly(ep)
}

/// Truncates past [`MAX_CAPACITY`] and says so in the over-capacity
/// annotation ("truncated"), or clears a stale one.
fn set_capacity(e: &mut Endpoints) {
    if truncate_endpoints(&mut e.subsets) {
        e.metadata.annotations.insert(OVER_CAPACITY_ANNOTATION.into(), "truncated".into());
    } else if e.metadata.annotations.contains_key(OVER_CAPACITY_ANNOTATION) {
        e.metadata.annotations.remove(OVER_CAPACITY_ANNOTATION);
    }
}

impl Controller for EndpointsController {
    fn id(&self) -> ControllerId {
        ControllerId::Endpoints
    }
    fn component(&self) -> &'static str {
        "endpoint-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        watch_services(change, store, enqueue);
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let ep_key = ObjectKey::new(Kind::Endpoints, &key.namespace, &key.name);
        let Some(obj) = ctx.get(key) else {
            if ctx.get(&ep_key).is_some() {
                match ctx.delete(&ep_key, DeleteOptions::default()) {
                    Ok(_) | Err(kubeplay_apiserver::ApiError::NotFound { .. }) => ctx.explain(format!(
                        "Service {} is gone, so its Endpoints are deleted",
                        key.name
                    )),
                    Err(e) => {
                        ctx.requeue_rate_limited(key.clone());
                        ctx.explain(format!("Service {} is gone, but deleting its Endpoints failed ({e}); retrying with back-off", key.name));
                    }
                }
            }
            return;
        };
        let Object::Service(svc) = &*obj else { return };
        if svc.spec.type_.as_deref() == Some("ExternalName") || !has_selector(svc) {
            ctx.explain(format!(
                "Service {} has no selector; its Endpoints are managed by hand",
                key.name
            ));
            return;
        }
        let pods_arc = selected_pods(ctx.store(), svc);
        let pods: Vec<&Pod> = pods_arc.iter().filter_map(|p| p.as_pod()).collect();
        let subsets = desired_subsets(svc, &pods);
        let ready: usize = subsets.iter().map(|s| s.addresses.len()).sum();
        let not_ready: usize = subsets.iter().map(|s| s.not_ready_addresses.len()).sum();
        let selector: Vec<String> = svc
            .spec
            .selector
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        ctx.observed(format!("{} pods match {}", pods.len(), selector.join(",")));
        ctx.desired(format!("{ready} ready and {not_ready} not-ready addresses"));
        // Labels: the Service's, plus the headless label when it has no
        // cluster IP (and never otherwise).
        let mut labels = svc.metadata.labels.clone();
        if is_headless(svc) {
            labels.insert(HEADLESS_LABEL.into(), String::new());
        } else if labels.contains_key(HEADLESS_LABEL) {
            labels.remove(HEADLESS_LABEL);
        }
        match ctx.get(&ep_key).as_deref() {
            Some(Object::Endpoints(ep)) if up_to_date(ep, &subsets, svc) => {
                ctx.explain(format!(
                    "Endpoints {} already list {ready} ready addresses",
                    key.name
                ));
            }
            Some(Object::Endpoints(ep)) => {
                let mut e = ep.clone();
                e.subsets = subsets;
                e.metadata.labels = labels;
                set_capacity(&mut e);
                let endpoints = Object::Endpoints(e.clone());
                if let Err(err) = ctx.update(Object::Endpoints(e)) {
                    // Its cached Endpoints were stale (a Conflict): retried.
                    ctx.event(&endpoints, "Warning", "FailedToUpdateEndpoint", format!("Failed to update endpoint {}/{}: {err}", key.namespace, key.name));
                    ctx.requeue_rate_limited(key.clone());
                    ctx.explain(format!("Service {}: updating its Endpoints failed ({err}); retrying with back-off", key.name));
                    return;
                }
                ctx.forget(key);
                ctx.explain(format!("Service {}: {ready} ready pods in addresses, {not_ready} not ready in notReadyAddresses", key.name));
            }
            _ => {
                let mut e = Endpoints {
                    metadata: ObjectMeta {
                        name: key.name.to_string(),
                        namespace: key.namespace.as_str().into(),
                        labels,
                        ..Default::default()
                    },
                    subsets,
                };
                set_capacity(&mut e);
                match ctx.create(Object::Endpoints(Box::new(e))) {
                    Ok(_) => ctx.forget(key),
                    // Creates keep failing in a namespace being deleted: dropped.
                    Err(kubeplay_apiserver::ApiError::NamespaceTerminating { .. }) => {}
                    Err(err) => {
                        ctx.event(
                            &obj,
                            "Warning",
                            "FailedToCreateEndpoint",
                            format!(
                                "Failed to create endpoint for service {}/{}: {err}",
                                key.namespace, key.name
                            ),
                        );
                        // Already there but not yet in the cache, say: retried.
                        ctx.requeue_rate_limited(key.clone());
                    }
                }
                ctx.explain(format!(
                    "Service {} gets Endpoints with {ready} ready addresses",
                    key.name
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::ServiceSpec;

    fn svc(selector: &[(&str, &str)]) -> Service {
        Service {
            spec: ServiceSpec {
                selector: selector
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                ..Default::default()
            },
            ..Default::default()
        }
    }

    /// `selector: {}` is stored as no selector (see [`has_selector`]): the
    /// Service selects nothing and its Endpoints are left to the user, as
    /// upstream TestSyncEndpointsItemsPreserveNoSelector expects for nil.
    #[test]
    fn empty_selector_is_no_selector() {
        let labels: BTreeMap<String, String> = [("app".to_string(), "web".to_string())].into();
        assert!(!has_selector(&svc(&[])));
        assert!(!selects(&svc(&[]), &labels));
        assert!(selects(&svc(&[("app", "web")]), &labels));
        assert!(!selects(&svc(&[("app", "db")]), &labels));
        let mut external = svc(&[("app", "web")]);
        external.spec.type_ = Some("ExternalName".into());
        assert!(!selects(&external, &labels));
    }

    /// A pod change queues each Service that selects either version of
    /// the pod, once: both when its labels move it from one Service to
    /// another, the one when a write keeps them, and none of another
    /// namespace's.
    #[test]
    fn a_pod_change_queues_the_services_selecting_either_version() {
        use crate::testing::{create_at, namespace, store_with};
        use kubeplay_apiserver::ChangeType;
        use kubeplay_model::api::{Pod, ServicePort};
        let service = |ns: &str, name: &str, app: &str| {
            let mut s = svc(&[("app", app)]);
            s.metadata = ObjectMeta { name: name.into(), namespace: ns.into(), ..Default::default() };
            s.spec.ports = vec![ServicePort { port: 80, ..Default::default() }];
            Object::Service(Box::new(s))
        };
        let mut store = store_with([service("default", "a", "a"), service("default", "a-too", "a"), service("default", "b", "b")]);
        create_at(&mut store, namespace("other"), 0);
        create_at(&mut store, service("other", "a-elsewhere", "a"), 0);
        let pod = |app: Option<&str>, phase: &str| {
            let labels: BTreeMap<String, String> = app.map(|a| ("app".to_string(), a.to_string())).into_iter().collect();
            let mut p = Pod { metadata: ObjectMeta { name: "p".into(), namespace: "default".into(), labels: labels.into(), ..Default::default() }, ..Default::default() };
            p.status.phase = Some(phase.into());
            Some(Arc::new(Object::Pod(Box::new(p))))
        };
        let queued = |old: Option<Arc<Object>>, new: Option<Arc<Object>>| {
            let type_ = if old.is_none() { ChangeType::Added } else if new.is_none() { ChangeType::Deleted } else { ChangeType::Modified };
            let change = Change { type_, key: ObjectKey::new(Kind::Pod, "default", "p"), old, new, resource_version: 1 };
            let mut keys = Vec::new();
            watch_services(&change, &store, &mut |k| keys.push(k.name.to_string()));
            keys
        };
        assert_eq!(queued(pod(Some("a"), "Pending"), pod(Some("a"), "Running")), ["a", "a-too"]);
        assert_eq!(queued(pod(Some("a"), "Running"), pod(Some("b"), "Running")), ["a", "a-too", "b"]);
        assert_eq!(queued(pod(Some("b"), "Running"), pod(None, "Running")), ["b"]);
        assert_eq!(queued(pod(None, "Running"), pod(Some("a"), "Running")), ["a", "a-too"]);
        assert_eq!(queued(None, pod(Some("b"), "Pending")), ["b"]);
        assert_eq!(queued(pod(Some("a"), "Running"), None), ["a", "a-too"]);
        assert!(queued(pod(None, "Pending"), pod(None, "Running")).is_empty());
    }
}

#[cfg(test)]
#[path = "endpoints_upstream_tests.rs"]
mod upstream_tests;
