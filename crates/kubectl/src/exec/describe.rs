//! `kubectl describe`: finds the objects (falling back to a name-prefix
//! match, as kubectl does for `describe TYPE NAME`), gathers what each page
//! needs from the store (events, ReplicaSets, pods, endpoints…) and joins
//! the pages.

use super::fetch::{fetch, Scope};
use super::get::no_resources;
use super::{Cx, Output};
use crate::cli::{Describe, Targets};
use crate::describe::generic::describe_generic;
use crate::describe::hpa::describe_hpa;
use crate::describe::job::{describe_cron_job, describe_job};
use crate::describe::node::{describe_node, NodeLease};
use crate::describe::pod::describe_pod;
use crate::describe::service::{describe_namespace, describe_service};
use crate::describe::workloads::{describe_daemon_set, describe_deployment, describe_replica_set, describe_replication_controller, describe_stateful_set};
use kubeplay_model::api::{EndpointSlice, Event, Pod, ReplicaSet, Service};
use kubeplay_model::{Kind, Object};
use std::sync::Arc;

/// `searchEvents`: events whose involved object is `obj`, oldest first.
fn events_for<'a>(cx: &Cx<'a>, obj: &Object) -> Vec<&'a Event> {
    let m = obj.meta();
    let kind = obj.kind();
    let mut out: Vec<&Event> = cx
        .store
        .list(Kind::Event, None)
        .filter_map(|o| o.as_event())
        .filter(|e| {
            let r = &e.involved_object;
            let uid_ok = match r.uid.as_deref() {
                None | Some("") => true,
                // Kubelets report node events with the node's name as UID.
                Some(u) => u == m.uid || (kind == Kind::Node && u == m.name),
            };
            r.kind.as_deref() == Some(kind.name())
                && r.name.as_deref() == Some(m.name.as_str())
                && r.namespace.as_deref().unwrap_or("") == (if kind.namespaced() { m.namespace.as_str() } else { "" })
                && uid_ok
        })
        .collect();
    // SortableEvents compares lastTimestamp as the client reads it, in
    // whole seconds, with Go's unstable sort.
    let secs = |e: &Event| e.last_timestamp.map(|t| t.millis().div_euclid(1000));
    kubeplay_model::sort::sort_as_go(&mut out, |a, b| secs(a) < secs(b));
    out
}

fn pods_in<'a>(cx: &'a Cx, namespace: Option<&'a str>) -> Vec<&'a Pod> {
    cx.store.list(Kind::Pod, namespace).filter_map(|o| o.as_pod()).collect()
}

/// The deployment's ReplicaSets split as `GetAllReplicaSets` does: the one
/// whose template matches (ignoring the hash label) is new, the rest old.
fn deployment_replica_sets<'a>(cx: &'a Cx, obj: &'a Object) -> (Vec<&'a ReplicaSet>, Option<&'a ReplicaSet>) {
    let Some(d) = obj.as_deployment() else { return (Vec::new(), None) };
    let mut owned: Vec<&ReplicaSet> = cx
        .store
        .list(Kind::ReplicaSet, Some(&d.metadata.namespace))
        .filter_map(|o| o.as_replica_set())
        .filter(|rs| rs.metadata.controller_ref().is_some_and(|r| r.uid == d.metadata.uid))
        .collect();
    // The oldest matching one wins, as FindNewReplicaSet sorts by creation.
    let mut by_age = owned.clone();
    kubeplay_model::sort::sort_by(&mut by_age, |a, b| a.metadata.creation_timestamp.cmp(&b.metadata.creation_timestamp).then_with(|| a.metadata.name.cmp(&b.metadata.name)));
    let new = by_age.into_iter().find(|rs| kubeplay_engine::controllers::deployment::util::equal_ignore_hash(&rs.spec.template, &d.spec.template));
    if let Some(n) = new {
        owned.retain(|rs| rs.metadata.uid != n.metadata.uid);
    }
    (owned, new)
}

/// The node's Lease in `kube-node-lease`, as describe GETs it (the read's
/// store holds the one the kubelet renews: `kubeplay_engine::leases`).
fn node_lease(cx: &Cx, name: &str) -> Option<NodeLease> {
    let l = cx.store.get_by(Kind::Lease, kubeplay_engine::leases::NODE_LEASE_NAMESPACE, name)?.as_lease()?;
    let t = |m: Option<kubeplay_model::api::MicroTime>| m.map(|m| m.to_time());
    Some(NodeLease { holder: l.spec.holder_identity.clone(), acquire_time: t(l.spec.acquire_time), renew_time: t(l.spec.renew_time) })
}

/// One object's page.
fn page(obj: &Object, cx: &Cx, show_events: bool) -> String {
    let events = events_for(cx, obj);
    let ev = show_events.then_some(events.as_slice());
    match obj {
        Object::Pod(p) => describe_pod(p, ev, cx.now),
        Object::Deployment(d) => {
            let (old, new) = deployment_replica_sets(cx, obj);
            describe_deployment(d, &old, new, ev, cx.now)
        }
        Object::ReplicaSet(rs) => {
            let pods = pods_in(cx, Some(&rs.metadata.namespace));
            describe_replica_set(rs, &pods, ev, cx.now)
        }
        Object::ReplicationController(rc) => {
            let pods = pods_in(cx, Some(&rc.metadata.namespace));
            describe_replication_controller(rc, &pods, ev, cx.now)
        }
        Object::Node(n) => {
            let pods: Vec<&Pod> = pods_in(cx, None)
                .into_iter()
                .filter(|p| p.spec.node_name.as_deref() == Some(n.metadata.name.as_str()))
                .filter(|p| !matches!(p.status.phase.as_deref(), Some("Succeeded") | Some("Failed")))
                .collect();
            let lease = node_lease(cx, &n.metadata.name);
            describe_node(n, &pods, lease.as_ref(), ev, cx.now)
        }
        Object::Service(s) => {
            // The slices labelled with the Service's name, as kubectl lists them.
            let slices: Vec<&EndpointSlice> = cx
                .store
                .list(Kind::EndpointSlice, Some(&s.metadata.namespace))
                .filter_map(|o| match o.as_ref() {
                    Object::EndpointSlice(e) => Some(&**e),
                    _ => None,
                })
                .filter(|e| e.metadata.labels.get("kubernetes.io/service-name").is_some_and(|n| *n == s.metadata.name))
                .collect();
            describe_service(s, &slices, ev, cx.now)
        }
        Object::Endpoints(e) => crate::describe::endpoints::describe_endpoints(e, ev, cx.now),
        Object::StorageClass(sc) => crate::describe::storage::describe_storage_class(sc, ev, cx.now),
        Object::CSINode(c) => crate::describe::storage::describe_csi_node(c, ev, cx.now),
        Object::PersistentVolume(pv) => crate::describe::storage::describe_persistent_volume(pv, ev, cx.now),
        Object::PersistentVolumeClaim(pvc) => {
            let pods = pods_in(cx, Some(&pvc.metadata.namespace));
            let users = crate::describe::storage::pods_for_claim(pvc, &pods);
            crate::describe::storage::describe_persistent_volume_claim(pvc, &users, ev, cx.now)
        }
        Object::EndpointSlice(e) => crate::describe::endpoints::describe_endpoint_slice(e, ev, cx.now),
        Object::Namespace(ns) => {
            let quotas: Vec<_> = cx.store.list(Kind::ResourceQuota, Some(&ns.metadata.name)).filter_map(|o| match o.as_ref() { Object::ResourceQuota(q) => Some(&**q), _ => None }).collect();
            let limits: Vec<_> = cx.store.list(Kind::LimitRange, Some(&ns.metadata.name)).filter_map(|o| match o.as_ref() { Object::LimitRange(l) => Some(&**l), _ => None }).collect();
            describe_namespace(ns, &quotas, &limits)
        }
        Object::Job(j) => describe_job(j, ev, cx.now),
        Object::CronJob(cj) => describe_cron_job(cj, ev, cx.now),
        Object::StatefulSet(ss) => describe_stateful_set(ss, &pods_in(cx, Some(&ss.metadata.namespace)), ev, cx.now),
        Object::DaemonSet(ds) => describe_daemon_set(ds, &pods_in(cx, Some(&ds.metadata.namespace)), ev, cx.now),
        Object::HorizontalPodAutoscaler(h) => describe_hpa(h, ev, cx.now),
        Object::ConfigMap(c) => crate::describe::config::describe_config_map(c, ev, cx.now),
        Object::Secret(s) => crate::describe::config::describe_secret(s),
        Object::ServiceAccount(sa) => {
            // Upstream lists the namespace's Secrets for legacy tokens and missing references.
            let secrets: Vec<&kubeplay_model::api::Secret> = cx.store.list(Kind::Secret, Some(&sa.metadata.namespace)).filter_map(|o| match o.as_ref() { Object::Secret(s) => Some(&**s), _ => None }).collect();
            crate::describe::config::describe_service_account(sa, &secrets, ev, cx.now)
        }
        Object::Ingress(ing) => {
            let ns = Some(ing.metadata.namespace.as_str());
            let services: Vec<&Service> = cx.store.list(Kind::Service, ns).filter_map(|o| o.as_service()).collect();
            let slices: Vec<&EndpointSlice> = cx.store.list(Kind::EndpointSlice, ns).filter_map(|o| match o.as_ref() { Object::EndpointSlice(e) => Some(&**e), _ => None }).collect();
            crate::describe::ingress::describe_ingress(ing, &crate::describe::ingress::Backends { services: &services, slices: &slices }, ev, cx.now)
        }
        Object::IngressClass(c) => crate::describe::ingress::describe_ingress_class(c, ev, cx.now),
        Object::NetworkPolicy(p) => crate::describe::network_policy::describe_network_policy(p),
        Object::Role(r) => crate::describe::rbac::describe_role(&r.metadata, r.rules.as_deref().unwrap_or_default()),
        Object::ClusterRole(r) => crate::describe::rbac::describe_role(&r.metadata, r.rules.as_deref().unwrap_or_default()),
        Object::RoleBinding(b) => crate::describe::rbac::describe_binding(&b.metadata, &b.role_ref, &b.subjects),
        Object::ClusterRoleBinding(b) => crate::describe::rbac::describe_binding(&b.metadata, &b.role_ref, &b.subjects),
        Object::PriorityClass(pc) => crate::describe::policy::describe_priority_class(pc, ev, cx.now),
        Object::PodDisruptionBudget(p) => crate::describe::policy::describe_pdb(p, ev, cx.now),
        Object::ResourceQuota(q) => crate::describe::policy::describe_quota(q),
        Object::LimitRange(l) => crate::describe::policy::describe_limit_range(l),
        // Validation keeps unparseable requests out of the store.
        Object::CertificateSigningRequest(c) => crate::describe::certificates::describe_csr(c, ev, cx.now).unwrap_or_else(|e| e),
        other => describe_generic(other, ev, cx.now),
    }
}

/// `DescribeMatchingResources`: `describe TYPE PREFIX` when no object has
/// exactly that name.
fn by_prefix(kind: Kind, prefix: &str, cx: &Cx) -> Vec<Arc<Object>> {
    let ns = kind.namespaced().then_some(cx.namespace);
    cx.store.list(kind, ns).filter(|o| o.name().starts_with(prefix)).cloned().collect()
}

pub fn run(d: &Describe, cx: &Cx, out: &mut Output) {
    for w in super::fetch::read_warnings(&d.targets, cx) {
        out.note(&w);
    }
    let fetched = fetch(&d.targets, Scope { all_namespaces: d.all_namespaces }, cx);
    if let (Targets::Named(names), [_]) = (&d.targets, fetched.not_found.as_slice()) {
        if let [(kind, prefix)] = names.as_slice() {
            let matches = by_prefix(*kind, prefix, cx);
            if !matches.is_empty() {
                for obj in matches {
                    out.stdout.push_str(&page(&obj, cx, d.show_events));
                    out.stdout.push('\n');
                }
                return;
            }
        }
    }
    for (i, obj) in fetched.objects.iter().enumerate() {
        if i > 0 {
            out.stdout.push_str("\n\n");
        }
        out.stdout.push_str(&page(obj, cx, d.show_events));
    }
    if fetched.objects.is_empty() && fetched.errors.is_empty() {
        out.note(&no_resources(cx, d.all_namespaces, &d.targets.kinds()));
    }
    for e in &fetched.errors {
        out.error(e);
    }
}
