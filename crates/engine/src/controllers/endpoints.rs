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

/// `FindPort`: a number is used as is; a name resolves to the first
/// container port with that name and protocol.
pub fn find_port(pod: &Pod, port: &ServicePort) -> Option<i32> {
    let protocol = port.protocol.as_deref().unwrap_or("TCP");
    match port.target_port.as_ref() {
        None => Some(port.port),
        Some(IntOrString::Int(n)) => Some(if *n == 0 { port.port } else { *n }),
        Some(IntOrString::Str(name)) => pod
            .spec
            .containers
            .iter()
            .flat_map(|c| c.ports.iter())
            .find(|p| {
                p.name.as_deref() == Some(name.as_str())
                    && p.protocol.as_deref().unwrap_or("TCP") == protocol
            })
            .map(|p| p.container_port),
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

fn ip_sort_key(ip: &str) -> Vec<u32> {
    ip.split('.').map(|p| p.parse().unwrap_or(0)).collect()
}

/// A resolved port list: (name, port, protocol) per Service port.
pub(crate) type PortSet = Vec<(String, i32, String)>;

/// The subsets a Service should have: addresses grouped by identical port
/// sets, sorted by IP (`RepackSubsets`).
pub fn desired_subsets(svc: &Service, pods: &[&Pod]) -> Vec<EndpointSubset> {
    let publish = svc.spec.publish_not_ready_addresses == Some(true);
    // port set → (ready, not ready)
    let mut groups: BTreeMap<PortSet, (Vec<EndpointAddress>, Vec<EndpointAddress>)> =
        BTreeMap::new();
    for pod in pods {
        if !should_pod_be_in_endpoints(pod, publish) {
            continue;
        }
        let addr = EndpointAddress {
            ip: pod.status.pod_ip.as_deref().unwrap_or_default().to_string(),
            hostname: should_set_hostname(pod, svc)
                .then(|| pod.spec.hostname.clone().unwrap_or_default()),
            node_name: pod.spec.node_name.clone(),
            target_ref: Some(ObjectReference {
                kind: Some("Pod".into()),
                namespace: Some(Atom::from(pod.metadata.namespace.as_str())),
                name: Some(pod.metadata.name.as_str().into()),
                uid: Some(pod.metadata.uid.as_str().into()),
                ..Default::default()
            }),
        };
        let ports: Vec<(String, i32, String)> = if svc.spec.ports.is_empty() {
            if !is_headless(svc) {
                continue;
            }
            Vec::new()
        } else {
            let resolved: Vec<_> = svc
                .spec
                .ports
                .iter()
                .filter_map(|p| {
                    find_port(pod, p).map(|n| {
                        (
                            p.name.clone().unwrap_or_default(),
                            n,
                            p.protocol.clone().unwrap_or_else(|| "TCP".into()),
                        )
                    })
                })
                .collect();
            if resolved.is_empty() {
                continue;
            }
            resolved
        };
        let ready = publish || pod.is_ready();
        let entry = groups.entry(ports).or_default();
        if ready {
            entry.0.push(addr);
        } else {
            entry.1.push(addr);
        }
    }
    groups
        .into_iter()
        .map(|(ports, (mut ready, mut not_ready))| {
            kubeplay_model::sort::sort_by_key(&mut ready, |a| ip_sort_key(&a.ip));
            kubeplay_model::sort::sort_by_key(&mut not_ready, |a| ip_sort_key(&a.ip));
            EndpointSubset {
                addresses: ready,
                not_ready_addresses: not_ready,
                ports: ports
                    .into_iter()
                    .map(|(name, port, protocol)| EndpointPort {
                        name: (!name.is_empty()).then_some(name),
                        port,
                        protocol: Some(protocol),
                        app_protocol: None,
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Pods in the service's namespace that it selects.
pub fn selected_pods(store: &Store, svc: &Service) -> Vec<Arc<Object>> {
    store
        .pods_selected(&svc.metadata.namespace, |labels| selects(svc, labels))
        .into_iter()
        .cloned()
        .collect()
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
        let mut labels = svc.metadata.labels.clone();
        if is_headless(svc) {
            labels.insert(HEADLESS_LABEL.into(), String::new());
        }
        match ctx.get(&ep_key).as_deref() {
            Some(Object::Endpoints(ep))
                if ep.subsets == subsets && ep.metadata.labels == labels =>
            {
                ctx.explain(format!(
                    "Endpoints {} already list {ready} ready addresses",
                    key.name
                ));
            }
            Some(Object::Endpoints(ep)) => {
                let mut e = ep.clone();
                e.subsets = subsets;
                e.metadata.labels = labels;
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
                let e = Endpoints {
                    metadata: ObjectMeta {
                        name: key.name.to_string(),
                        namespace: key.namespace.as_str().into(),
                        labels,
                        ..Default::default()
                    },
                    subsets,
                };
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
