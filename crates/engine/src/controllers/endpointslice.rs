//! The EndpointSlice controller (`pkg/controller/endpointslice`): the
//! same pods as Endpoints, as slices of at most 100 endpoints with
//! ready/serving/terminating conditions, owned by the Service.

use crate::controller::{Controller, Ctx};
use crate::controllers::controller_ref;
use crate::controllers::endpoints::{
    find_port, has_selector, is_headless, selected_pods, should_pod_be_in_endpoints,
    should_set_hostname, watch_services, HEADLESS_LABEL,
};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{
    EndpointSlice, Pod, Service, SliceConditions, SliceEndpoint, SlicePort,
};
use imbl::OrdMap;
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta};
use std::collections::BTreeMap;

pub struct EndpointSliceController;

pub const MAX_ENDPOINTS_PER_SLICE: usize = 100;
pub const SERVICE_NAME_LABEL: &str = "kubernetes.io/service-name";
pub const MANAGED_BY_LABEL: &str = "endpointslice.kubernetes.io/managed-by";
pub const MANAGED_BY: &str = "endpointslice-controller.k8s.io";

/// The informer handlers' share of the slice tracker
/// (`endpointSliceTracker.HandleDeletion`): a slice seen deleted is no
/// longer tracked.
pub fn observe(tracker: &mut OrdMap<ObjectKey, OrdMap<String, u64>>, change: &Change) {
    if change.key.kind != Kind::EndpointSlice || change.new.is_some() || tracker.is_empty() {
        return;
    }
    let Some(service) = change.old.as_deref().and_then(|o| o.meta().labels.get(SERVICE_NAME_LABEL)) else { return };
    let svc = ObjectKey::new(Kind::Service, &change.key.namespace, service);
    if let Some(slices) = tracker.get_mut(&svc) {
        slices.remove(change.key.name.as_str());
    }
}

/// `endpointSliceTracker.StaleSlices`: the cache lags what this
/// controller wrote (a slice it created or updated is missing or older
/// there, or one it deleted is still there). Acting on it would create
/// duplicates, so the sync waits, retried with back-off.
fn stale(tracked: Option<&OrdMap<String, u64>>, cached: &[EndpointSlice]) -> bool {
    let Some(tracked) = tracked else { return false };
    tracked.iter().any(|(name, &written)| {
        let seen = cached.iter().find(|s| &s.metadata.name == name).map(|s| s.metadata.resource_version.parse::<u64>().unwrap_or(0));
        match seen {
            Some(_) if written == 0 => true,
            None => written != 0,
            Some(rv) => rv < written,
        }
    })
}

/// Records a slice this sync wrote (`Update`) or deleted (`ExpectDeletion`).
fn track(ctx: &mut Ctx, svc: &ObjectKey, slice: &str, written: u64) {
    let tracker = &mut ctx.world_mut().sim.slice_tracker;
    tracker.entry(svc.clone()).or_default().insert(slice.to_string(), written);
}

fn rv(o: &Object) -> u64 {
    o.meta().resource_version.parse().unwrap_or(0)
}

/// The endpoint a pod contributes (`podToEndpoint`).
pub fn pod_to_endpoint(pod: &Pod, svc: &Service, zone: Option<String>) -> SliceEndpoint {
    let serving = pod.is_ready();
    let terminating = pod.metadata.deletion_timestamp.is_some();
    let publish = svc.spec.publish_not_ready_addresses == Some(true);
    SliceEndpoint {
        addresses: vec![pod.status.pod_ip.as_deref().unwrap_or_default().to_string()],
        conditions: SliceConditions {
            ready: Some(publish || (serving && !terminating)),
            serving: Some(serving),
            terminating: Some(terminating),
        },
        hostname: should_set_hostname(pod, svc)
            .then(|| pod.spec.hostname.clone().unwrap_or_default()),
        target_ref: Some(super::endpoints::pod_reference(pod)),
        node_name: pod.spec.node_name.clone(),
        zone,
        hints: None,
    }
}

fn slice_ports(pod: &Pod, svc: &Service) -> Vec<SlicePort> {
    svc.spec
        .ports
        .iter()
        .filter_map(|p| {
            find_port(pod, p).map(|n| SlicePort {
                name: Some(p.name.clone().unwrap_or_default()),
                protocol: Some(p.protocol.clone().unwrap_or_else(|| "TCP".into())),
                port: Some(n),
                app_protocol: p.app_protocol.clone(),
            })
        })
        .collect()
}

fn port_key(ports: &[SlicePort]) -> Vec<(String, i32, String)> {
    let mut k: Vec<_> = ports
        .iter()
        .map(|p| {
            (
                p.name.clone().unwrap_or_default(),
                p.port.unwrap_or(0),
                p.protocol.clone().unwrap_or_default(),
            )
        })
        .collect();
    kubeplay_model::sort::sort(&mut k);
    k
}

impl Controller for EndpointSliceController {
    fn id(&self) -> ControllerId {
        ControllerId::EndpointSlice
    }
    fn component(&self) -> &'static str {
        "endpointslice-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        watch_services(change, store, enqueue);
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let owned: Vec<EndpointSlice> = ctx
            .store()
            .list(Kind::EndpointSlice, Some(&key.namespace))
            .filter_map(|s| match &**s {
                Object::EndpointSlice(es)
                    if es.metadata.labels.get(SERVICE_NAME_LABEL).map(String::as_str) == Some(key.name.as_str())
                        && es.metadata.labels.get(MANAGED_BY_LABEL).map(String::as_str)
                            == Some(MANAGED_BY) =>
                {
                    Some((**es).clone())
                }
                _ => None,
            })
            .collect();
        let svc = match ctx.get(key).as_deref() {
            Some(Object::Service(s))
                if s.spec.type_.as_deref() != Some("ExternalName") && has_selector(s) =>
            {
                s.clone()
            }
            Some(Object::Service(_)) => {
                // Upstream returns at once for ExternalName and selector-less
                // Services: slices are then someone else's, and any this
                // controller wrote earlier stay as they were.
                ctx.explain(format!("Service {} has no selector (or is ExternalName): its EndpointSlices are not managed here", key.name));
                return;
            }
            // A deleted Service's slices go with it: the garbage collector
            // follows their owner reference.
            _ => {
                ctx.world_mut().sim.slice_tracker.remove(key);
                return;
            }
        };
        if stale(ctx.world().sim.slice_tracker.get(key), &owned) {
            ctx.requeue_backoff(key.clone(), 1_000, 1_000_000);
            ctx.explain(format!("Service {}: the EndpointSlice cache is out of date (it lags the slices this controller wrote), so it waits; retrying with back-off", key.name));
            return;
        }
        ctx.forget(key);
        let svc_obj = ctx
            .get(key)
            .unwrap_or_else(|| std::sync::Arc::new(Object::Service(svc.clone())));
        let pods_arc = selected_pods(ctx.store(), &svc);
        // Desired endpoints grouped by their resolved port list.
        let mut groups: BTreeMap<super::endpoints::PortSet, (Vec<SlicePort>, Vec<SliceEndpoint>)> =
            BTreeMap::new();
        for p in pods_arc.iter().filter_map(|p| p.as_pod()) {
            if !should_pod_be_in_endpoints(p, true) {
                continue;
            }
            let ports = slice_ports(p, &svc);
            if ports.is_empty() && !svc.spec.ports.is_empty() {
                continue;
            }
            let zone = p
                .node_name()
                .and_then(|n| ctx.store().get_by(Kind::Node, "", n))
                .and_then(|n| n.meta().labels.get("topology.kubernetes.io/zone").cloned());
            let entry = groups
                .entry(port_key(&ports))
                .or_insert_with(|| (ports, Vec::new()));
            entry.1.push(pod_to_endpoint(p, &svc, zone));
        }
        let mut labels = svc.metadata.labels.clone();
        labels.insert(SERVICE_NAME_LABEL.into(), svc.metadata.name.clone());
        labels.insert(MANAGED_BY_LABEL.into(), MANAGED_BY.into());
        if is_headless(&svc) {
            labels.insert(HEADLESS_LABEL.into(), String::new());
        }
        // Desired slices: chunks of at most 100 per port group; an empty
        // service still gets one empty slice, as upstream keeps a placeholder.
        let mut desired: Vec<(Vec<SlicePort>, Vec<SliceEndpoint>)> = Vec::new();
        for (_, (ports, mut eps)) in groups {
            kubeplay_model::sort::sort_by(&mut eps, |a, b| {
                a.target_ref
                    .as_ref()
                    .and_then(|r| r.name.clone())
                    .cmp(&b.target_ref.as_ref().and_then(|r| r.name.clone()))
            });
            for chunk in eps.chunks(MAX_ENDPOINTS_PER_SLICE) {
                desired.push((ports.clone(), chunk.to_vec()));
            }
        }
        if desired.is_empty() {
            desired.push((Vec::new(), Vec::new()));
        }
        let total: usize = desired.iter().map(|d| d.1.len()).sum();
        let ready = desired
            .iter()
            .flat_map(|d| d.1.iter())
            .filter(|e| e.conditions.ready == Some(true))
            .count();
        ctx.observed(format!(
            "{} pods selected by Service {}, {} slices exist",
            pods_arc.len(),
            key.name,
            owned.len()
        ));
        ctx.desired(format!(
            "{total} endpoints ({ready} ready) in {} slices",
            desired.len()
        ));
        // Reuse existing slices in name order; create or delete the difference.
        let mut existing = owned.clone();
        kubeplay_model::sort::sort_by(&mut existing, |a, b| a.metadata.name.cmp(&b.metadata.name));
        let mut changed = 0;
        let mut failed = false;
        for (i, (ports, eps)) in desired.into_iter().enumerate() {
            match existing.get(i) {
                Some(old) => {
                    if old.ports != ports || old.endpoints != eps || old.metadata.labels != labels {
                        let mut s = old.clone();
                        s.ports = ports;
                        s.endpoints = eps;
                        s.metadata.labels = labels.clone();
                        let name = s.metadata.name.clone();
                        match ctx.update(Object::EndpointSlice(Box::new(s))) {
                            Ok(o) => track(ctx, key, &name, rv(&o)),
                            Err(_) => failed = true,
                        }
                        changed += 1;
                    }
                }
                None => {
                    let s = EndpointSlice {
                        metadata: ObjectMeta {
                            generate_name: Some(format!("{}-", svc.metadata.name).into()),
                            namespace: svc.metadata.namespace.clone(),
                            labels: labels.clone(),
                            owner_references: vec![controller_ref(&svc_obj)].into(),
                            ..Default::default()
                        },
                        address_type: "IPv4".into(),
                        endpoints: eps,
                        ports,
                    };
                    match ctx.create(Object::EndpointSlice(Box::new(s))) {
                        Ok(o) => track(ctx, key, o.name(), rv(&o)),
                        Err(kubeplay_apiserver::ApiError::NamespaceTerminating { .. }) => {}
                        Err(_) => failed = true,
                    }
                    changed += 1;
                }
            }
        }
        let keep = total.div_ceil(MAX_ENDPOINTS_PER_SLICE).max(1);
        for extra in existing.iter().skip(keep) {
            match ctx.delete(&ObjectKey::new(Kind::EndpointSlice, &key.namespace, &extra.metadata.name), DeleteOptions::default()) {
                Ok(_) => track(ctx, key, &extra.metadata.name, 0),
                Err(kubeplay_apiserver::ApiError::NotFound { .. }) => {}
                Err(_) => failed = true,
            }
            changed += 1;
        }
        if failed {
            // `AddRateLimited` on the EndpointSlice queue (1 s, doubling).
            ctx.requeue_backoff(key.clone(), 1_000, 1_000_000);
        }
        if changed == 0 {
            ctx.explain(format!(
                "EndpointSlices of {} are up to date ({total} endpoints, {ready} ready)",
                key.name
            ));
        } else {
            ctx.explain(format!(
                "Service {}: {total} endpoints ({ready} ready) written to its EndpointSlices",
                key.name
            ));
        }
    }
}
