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
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta, OwnerReference};
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
        hints: prefer_close_hint(svc, zone.as_deref()),
        zone,
    }
}

/// `trafficDistribution: PreferClose` (ServiceTrafficDistribution, on by
/// default since v1.31): the trafficdist heuristic hints every endpoint
/// that has a zone to its own zone, for kube-proxy to prefer.
fn prefer_close_hint(svc: &Service, zone: Option<&str>) -> Option<serde_json::Value> {
    let zone = zone.filter(|z| !z.is_empty())?;
    (svc.spec.traffic_distribution.as_deref() == Some("PreferClose"))
        .then(|| serde_json::json!({"forZones": [{"name": zone}]}))
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

/// One port list and the endpoints that resolve to it.
pub(crate) type PortGroup = (Vec<SlicePort>, Vec<SliceEndpoint>);

/// Desired endpoints by port list (`reconcileByAddressType`'s first loop):
/// each group's ports and its endpoints in pod-name order, plus whether a
/// pod was left out because its node is missing (the sync then fails and
/// is retried). `node` answers `None` for a missing node, else the node's
/// zone label.
pub(crate) fn group_endpoints<'a>(
    svc: &Service,
    pods: impl Iterator<Item = &'a Pod>,
    node: impl Fn(&str) -> Option<Option<String>>,
) -> (Vec<PortGroup>, bool) {
    let publish = svc.spec.publish_not_ready_addresses == Some(true);
    let mut missing = false;
    let mut groups: BTreeMap<super::endpoints::PortSet, (Vec<SlicePort>, Vec<SliceEndpoint>)> = BTreeMap::new();
    for p in pods {
        if !should_pod_be_in_endpoints(p, true) {
            continue;
        }
        // A pod none of whose ports resolve still has an endpoint, in a
        // slice without ports (`getEndpointPorts` just leaves the port out).
        let ports = slice_ports(p, svc);
        let zone = match node(p.node_name().unwrap_or_default()) {
            Some(zone) => zone,
            // Upstream skips a pod whose Node is not in the cache (unless
            // the Service publishes not-ready addresses) and fails the sync
            // so it is retried.
            None if !publish => {
                missing = true;
                continue;
            }
            None => None,
        };
        let entry = groups.entry(port_key(&ports)).or_insert_with(|| (ports, Vec::new()));
        entry.1.push(pod_to_endpoint(p, svc, zone));
    }
    let groups = groups
        .into_values()
        .map(|(ports, mut eps)| {
            kubeplay_model::sort::sort_by(&mut eps, |a, b| ep_name(a).cmp(&ep_name(b)));
            (ports, eps)
        })
        .collect();
    (groups, missing)
}

fn ep_name(e: &SliceEndpoint) -> Option<&str> {
    e.target_ref.as_ref().and_then(|r| r.name.as_deref())
}

/// The slices to write, in `finalize`'s order: creates, updates, deletes.
#[derive(Debug, Default)]
pub(crate) struct SlicePlan {
    pub create: Vec<EndpointSlice>,
    pub update: Vec<EndpointSlice>,
    pub delete: Vec<EndpointSlice>,
}

/// `isReservedLabelKey`: the labels this controller owns on a slice.
fn reserved_label(k: &str) -> bool {
    k == SERVICE_NAME_LABEL || k == MANAGED_BY_LABEL || k == HEADLESS_LABEL
}

/// `setEndpointSliceLabels`: the Service's labels but the reserved ones,
/// then the headless, service-name and managed-by labels. The second value
/// says whether the slice's own unreserved labels differ from the
/// Service's: only that makes an otherwise unchanged slice worth updating.
fn slice_labels(slice: &BTreeMap<String, String>, svc: &Service) -> (BTreeMap<String, String>, bool) {
    let unreserved = |m: &'_ BTreeMap<String, String>| {
        m.iter().filter(|(k, _)| !reserved_label(k)).map(|(k, v)| (k.clone(), v.clone())).collect::<BTreeMap<_, _>>()
    };
    let mut labels = unreserved(&svc.metadata.labels);
    let changed = !slice.iter().filter(|(k, _)| !reserved_label(k)).eq(labels.iter());
    if is_headless(svc) {
        labels.insert(HEADLESS_LABEL.into(), String::new());
    }
    labels.insert(SERVICE_NAME_LABEL.into(), svc.metadata.name.clone());
    labels.insert(MANAGED_BY_LABEL.into(), MANAGED_BY.into());
    (labels, changed)
}

/// `ownedBy`: the slice names this Service (its uid) as an owner. A slice
/// left by an earlier Service of the same name is replaced, not reused.
fn owned_by(slice: &EndpointSlice, svc: &Service) -> bool {
    slice
        .metadata
        .owner_references
        .iter()
        .any(|o| o.uid == svc.metadata.uid && &*o.kind == "Service" && &*o.api_version == "v1")
}

/// `newEndpointSlice`: an unnamed slice for the Service with these ports.
fn new_slice(svc: &Service, owner: &OwnerReference, ports: Vec<SlicePort>) -> EndpointSlice {
    EndpointSlice {
        metadata: ObjectMeta {
            generate_name: Some(format!("{}-", svc.metadata.name).into()),
            namespace: svc.metadata.namespace.clone(),
            labels: slice_labels(&BTreeMap::new(), svc).0.into(),
            owner_references: vec![owner.clone()].into(),
            ..Default::default()
        },
        address_type: ADDRESS_TYPE.into(),
        endpoints: Vec::new(),
        ports,
    }
}

/// `placeholderSliceCompare`: equal but for the name and the other
/// server-set metadata (namespace, labels and owners still count).
fn same_placeholder(a: &EndpointSlice, b: &EndpointSlice) -> bool {
    a.metadata.namespace == b.metadata.namespace
        && a.metadata.labels == b.metadata.labels
        && a.metadata.owner_references == b.metadata.owner_references
        && a.address_type == b.address_type
        && a.endpoints == b.endpoints
        && a.ports == b.ports
}

/// The only address type here: clusters are single-stack IPv4.
const ADDRESS_TYPE: &str = "IPv4";

/// Where an existing endpoint's pod is among the desired ones (sorted by
/// name): the `EndpointSet` key is the addresses, hostname and pod.
fn find_desired(desired: &[SliceEndpoint], ep: &SliceEndpoint) -> Option<usize> {
    let name = ep_name(ep)?;
    let i = desired.binary_search_by(|d| ep_name(d).cmp(&Some(name))).ok()?;
    let d = &desired[i];
    let ns = |e: &SliceEndpoint| e.target_ref.as_ref().and_then(|r| r.namespace.clone());
    (d.addresses == ep.addresses && d.hostname == ep.hostname && ns(d) == ns(ep)).then_some(i)
}

#[derive(Clone, Copy, PartialEq)]
enum Fate {
    Unchanged,
    Update,
    Delete,
}

/// `reconcileByPortMapping`: existing slices keep the endpoints still
/// desired (in their order; a changed one is rewritten in place); the
/// rest go first into slices being updated anyway, fullest first, then
/// into the unchanged slice they would fill closest to full, and only
/// then into new slices. Upstream pops the leftovers in map order; here
/// in pod-name order.
fn reconcile_port_group(
    svc: &Service,
    owner: &OwnerReference,
    existing: Vec<EndpointSlice>,
    ports: Vec<SlicePort>,
    desired: Vec<SliceEndpoint>,
    max: usize,
    plan: &mut SlicePlan,
) {
    let mut left = desired.len();
    // Which desired endpoints each existing slice still holds, found
    // before any is moved out (an endpoint found once is not found again).
    let mut taken = vec![false; desired.len()];
    let mut found: Vec<(EndpointSlice, Vec<usize>, bool)> = Vec::with_capacity(existing.len());
    for slice in existing {
        let mut kept = Vec::with_capacity(slice.endpoints.len());
        let mut updated = false;
        for ep in &slice.endpoints {
            if let Some(i) = find_desired(&desired, ep).filter(|&i| !taken[i]) {
                taken[i] = true;
                left -= 1;
                updated |= &desired[i] != ep;
                kept.push(i);
            }
        }
        found.push((slice, kept, updated));
    }
    let mut desired: Vec<Option<SliceEndpoint>> = desired.into_iter().map(Some).collect();
    let mut slices: Vec<(EndpointSlice, Fate)> = Vec::with_capacity(found.len());
    for (mut slice, kept, updated) in found {
        let (labels, labels_changed) = slice_labels(&slice.metadata.labels, svc);
        let fate = if updated || kept.len() != slice.endpoints.len() {
            if kept.is_empty() {
                Fate::Delete
            } else {
                slice.endpoints = kept.iter().map(|&i| desired[i].take().expect("kept once")).collect();
                slice.metadata.labels = labels.into();
                Fate::Update
            }
        } else {
            for &i in &kept {
                desired[i] = None;
            }
            if labels_changed {
                slice.metadata.labels = labels.into();
                Fate::Update
            } else {
                Fate::Unchanged
            }
        };
        slices.push((slice, fate));
    }
    let mut next = 0;
    let mut pop = |desired: &mut Vec<Option<SliceEndpoint>>| loop {
        if let Some(e) = desired[next].take() {
            return e;
        }
        next += 1;
    };
    // 2. Fill the slices being updated, fullest first.
    if left > 0 {
        let mut order: Vec<usize> = (0..slices.len()).filter(|&i| slices[i].1 == Fate::Update).collect();
        kubeplay_model::sort::sort_by(&mut order, |&a, &b| slices[b].0.endpoints.len().cmp(&slices[a].0.endpoints.len()));
        for i in order {
            while left > 0 && slices[i].0.endpoints.len() < max {
                let e = pop(&mut desired);
                slices[i].0.endpoints.push(e);
                left -= 1;
            }
        }
    }
    // 3. What is left goes into the unchanged slice it fills closest to
    // full (`getSliceToFill`), only when less than a full slice is left;
    // otherwise into new slices.
    while left > 0 {
        let mut fill = None;
        if left < max {
            let mut closest = max;
            for (i, (s, fate)) in slices.iter().enumerate() {
                if *fate != Fate::Unchanged || left + s.endpoints.len() > max {
                    continue;
                }
                let diff = max - (left + s.endpoints.len());
                if diff < closest {
                    closest = diff;
                    fill = Some(i);
                    if diff == 0 {
                        break;
                    }
                }
            }
        }
        let target = match fill {
            Some(i) => {
                slices[i].1 = Fate::Update;
                &mut slices[i].0
            }
            None => {
                plan.create.push(new_slice(svc, owner, ports.clone()));
                plan.create.last_mut().expect("pushed")
            }
        };
        while left > 0 && target.endpoints.len() < max {
            target.endpoints.push(pop(&mut desired));
            left -= 1;
        }
    }
    for (s, fate) in slices {
        match fate {
            Fate::Update => plan.update.push(s),
            Fate::Delete => plan.delete.push(s),
            Fate::Unchanged => {}
        }
    }
}

/// `Reconcile` for the one address type: slices of another address type
/// or of another Service go; each port group is reconciled; a group no
/// longer desired goes; a Service with nothing keeps one empty
/// placeholder slice; and (`finalize`) a slice to create takes the place
/// of one to delete, as an update. A Service being deleted gets no new
/// slices (the garbage collector is removing them).
pub(crate) fn plan_slices(
    svc: &Service,
    owner: &OwnerReference,
    groups: Vec<PortGroup>,
    existing: Vec<EndpointSlice>,
    max: usize,
) -> SlicePlan {
    let mut plan = SlicePlan::default();
    let mut other_type = Vec::new();
    let mut of_type = 0;
    let mut by_ports: BTreeMap<super::endpoints::PortSet, Vec<EndpointSlice>> = BTreeMap::new();
    for s in existing {
        if s.address_type != ADDRESS_TYPE {
            other_type.push(s);
            continue;
        }
        of_type += 1;
        if owned_by(&s, svc) {
            by_ports.entry(port_key(&s.ports)).or_default().push(s);
        } else {
            plan.delete.push(s);
        }
    }
    for slices in by_ports.values_mut() {
        kubeplay_model::sort::sort_by(slices, |a, b| a.metadata.name.cmp(&b.metadata.name));
    }
    for (ports, eps) in groups {
        let existing = by_ports.remove(&port_key(&ports)).unwrap_or_default();
        reconcile_port_group(svc, owner, existing, ports, eps, max, &mut plan);
    }
    for (_, slices) in by_ports {
        plan.delete.extend(slices);
    }
    if of_type == plan.delete.len() && plan.create.is_empty() {
        let placeholder = new_slice(svc, owner, Vec::new());
        if plan.delete.len() == 1 && same_placeholder(&plan.delete[0], &placeholder) {
            plan.delete.clear();
        } else {
            plan.create.push(placeholder);
        }
    }
    // finalize: recycle slices to delete for the last slices to create.
    let mut i = 0;
    while i < plan.delete.len() && !plan.create.is_empty() {
        if plan.delete[i].address_type == ADDRESS_TYPE && owned_by(&plan.delete[i], svc) {
            let old = plan.delete.remove(i);
            let mut s = plan.create.pop().expect("not empty");
            s.metadata.name = old.metadata.name;
            s.metadata.uid = old.metadata.uid;
            s.metadata.resource_version = old.metadata.resource_version;
            s.metadata.creation_timestamp = old.metadata.creation_timestamp;
            plan.update.push(s);
        } else {
            i += 1;
        }
    }
    if svc.metadata.deletion_timestamp.is_some() {
        plan.create.clear();
    }
    plan.delete.extend(other_type);
    plan
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
        let store = ctx.store();
        let (groups, node_missing) = group_endpoints(
            &svc,
            pods_arc.iter().filter_map(|p| p.as_pod()),
            |name| {
                store
                    .get_by(Kind::Node, "", name)
                    .map(|n| n.meta().labels.get("topology.kubernetes.io/zone").cloned())
            },
        );
        let total: usize = groups.iter().map(|g| g.1.len()).sum();
        let ready = groups
            .iter()
            .flat_map(|g| g.1.iter())
            .filter(|e| e.conditions.ready == Some(true))
            .count();
        let existing_count = owned.len();
        let plan = plan_slices(&svc, &controller_ref(&svc_obj), groups, owned, MAX_ENDPOINTS_PER_SLICE);
        ctx.observed(format!(
            "{} pods selected by Service {}, {} slices exist",
            pods_arc.len(),
            key.name,
            existing_count
        ));
        ctx.desired(format!(
            "{total} endpoints ({ready} ready) in {} slices",
            existing_count + plan.create.len() - plan.delete.len()
        ));
        // `finalize`: creates, then updates, then deletes, stopping at the
        // first failure (the sync is retried).
        let changed = plan.create.len() + plan.update.len() + plan.delete.len();
        let mut failed = node_missing;
        'finalize: {
            for s in plan.create {
                match ctx.create(Object::EndpointSlice(Box::new(s))) {
                    Ok(o) => track(ctx, key, o.name(), rv(&o)),
                    // The namespace is going away: creates would keep
                    // failing, so upstream drops the item, writing nothing
                    // more.
                    Err(kubeplay_apiserver::ApiError::NamespaceTerminating { .. }) => break 'finalize,
                    Err(_) => {
                        failed = true;
                        break 'finalize;
                    }
                }
            }
            for s in plan.update {
                let name = s.metadata.name.clone();
                match ctx.update(Object::EndpointSlice(Box::new(s))) {
                    Ok(o) => track(ctx, key, &name, rv(&o)),
                    Err(_) => {
                        failed = true;
                        break 'finalize;
                    }
                }
            }
            for s in plan.delete {
                match ctx.delete(&ObjectKey::new(Kind::EndpointSlice, &key.namespace, &s.metadata.name), DeleteOptions::default()) {
                    Ok(_) => track(ctx, key, &s.metadata.name, 0),
                    Err(kubeplay_apiserver::ApiError::NotFound { .. }) => {}
                    Err(_) => {
                        failed = true;
                        break 'finalize;
                    }
                }
            }
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

#[cfg(test)]
#[path = "endpointslice_upstream_tests.rs"]
mod upstream_tests;
