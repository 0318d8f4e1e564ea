//! The ownership graph's relations and why each exists, for the UI: owner
//! references (created or adopted), Service → EndpointSlice → pod (ready
//! or not), pod → PersistentVolumeClaim, HPA → scale target, Ingress →
//! Service, NetworkPolicy → the pods it isolates, plus the objects that
//! are not workloads but appear in the graph (Services, EndpointSlices,
//! claims, HPAs, CronJobs, Ingresses, NetworkPolicies, custom resources).
//! Also the field diff of a
//! step's writes, for the step card.

use std::rc::Rc;

use kubeplay_engine::{Engine, Step};
use kubeplay_model::{Kind, Object};
use serde::Serialize;
use serde_json::Value;

use crate::cache::ViewCache;

/// An object drawn in the graph that [`crate::ClusterView`] does not list
/// as a workload or pod.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GraphObject {
    pub kind: String,
    pub namespace: String,
    pub name: String,
    /// One short line under the name: `ClusterIP 10.96.12.4`, `2/3 ready`,
    /// `Bound · 1Gi`, `*/5 * * * *`, `2 → 5 (max 10)`.
    pub detail: String,
    /// Whether the object is healthy (a claim Bound, an HPA able to scale).
    pub ok: bool,
}

/// Why an edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Relation {
    /// `from` made `to` and is its controller owner.
    Created,
    /// `to` existed without a controller and `from` adopted it.
    Adopted,
    /// An EndpointSlice belongs to its Service.
    ServiceSlice,
    /// `to` is an endpoint of the slice `from` (ready or not).
    Endpoint,
    /// A pod mounts the claim.
    Mounts,
    /// An HPA scales its target.
    Scales,
    /// An Ingress rule (or its default backend) leads to a Service.
    Routes,
    /// A NetworkPolicy's podSelector selects the pod, isolating it in the
    /// directions of its policyTypes.
    Isolates,
    /// Not an edge: a pod with the Service's selector keys whose label
    /// values differ, so the Service does not select it (drawn faint, to
    /// say why it gets no traffic).
    NotSelected,
}

/// One edge: `Kind/namespace/name` at both ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GraphEdge {
    pub from: String,
    pub to: String,
    pub relation: Relation,
    /// False for an edge that carries no traffic or points nowhere (a
    /// not-ready endpoint, a missing HPA target, an unbound claim).
    pub ok: bool,
    /// One or two plain sentences: why the edge exists.
    pub why: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GraphView {
    pub objects: Vec<GraphObject>,
    /// Edges of objects that did not change since the last view are the
    /// same `Rc`s (see the cache module).
    pub edges: Vec<Rc<GraphEdge>>,
}

fn id(kind: &str, ns: &str, name: &str) -> String {
    format!("{kind}/{ns}/{name}")
}

fn selector_text(labels: &std::collections::BTreeMap<String, String>) -> String {
    labels.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
}

fn hidden(ns: &str) -> bool {
    crate::is_system_namespace(ns)
}

pub fn graph_view(engine: &Engine, cache: &mut ViewCache) -> GraphView {
    let store = engine.store();
    let mut g = GraphView::default();
    // Owner edges: every controlled object, with created vs adopted.
    let kinds = [Kind::ReplicaSet, Kind::Pod, Kind::Job, Kind::EndpointSlice, Kind::PersistentVolumeClaim];
    for (kind, edges) in kinds.into_iter().zip(cache.owner_edges.iter_mut()) {
        for o in store.list(kind, None).filter(|o| !hidden(o.namespace())) {
            if let Some(edge) = edges.get(o, |_| true, || owner_edge(o, kind).map(Rc::new)) {
                g.edges.push(edge);
            }
        }
        edges.sweep();
    }
    // Services and their slices' endpoints.
    for o in store.list(Kind::Service, None).filter(|o| !hidden(o.namespace())) {
        let Some(s) = o.as_service() else { continue };
        // The API server's own Service: part of every cluster, not the user's.
        if s.metadata.namespace == "default" && s.metadata.name == "kubernetes" {
            continue;
        }
        let ty = s.spec.type_.clone().unwrap_or_else(|| "ClusterIP".into());
        let ip = s.spec.cluster_ip.clone().unwrap_or_default();
        let selects = if s.spec.selector.is_empty() { "no selector".to_string() } else { selector_text(&s.spec.selector) };
        g.objects.push(GraphObject { kind: "Service".into(), namespace: s.metadata.namespace.to_string(), name: s.metadata.name.clone(), detail: format!("{ty} {ip} · {selects}"), ok: true });
        // Near misses: pods with every selector key but some other value.
        if s.spec.selector.is_empty() {
            continue;
        }
        for p in store.list(Kind::Pod, Some(&s.metadata.namespace)).filter_map(|o| o.as_pod()) {
            let labels = &p.metadata.labels;
            if !s.spec.selector.keys().all(|k| labels.contains_key(k)) {
                continue;
            }
            let differ: Vec<String> = s
                .spec
                .selector
                .iter()
                .filter(|(k, v)| labels.get(*k) != Some(*v))
                .map(|(k, v)| format!("{k}={} (the selector wants {v})", labels.get(k).map(String::as_str).unwrap_or("")))
                .collect();
            if differ.is_empty() {
                continue;
            }
            g.edges.push(Rc::new(GraphEdge {
                from: id("Service", &s.metadata.namespace, &s.metadata.name),
                to: id("Pod", &p.metadata.namespace, &p.metadata.name),
                relation: Relation::NotSelected,
                ok: false,
                why: format!(
                    "Pod {} is not an endpoint of Service {}: its labels differ from the selector ({}), so the Service sends it no traffic whether it is Ready or not.",
                    p.metadata.name,
                    s.metadata.name,
                    differ.join(", ")
                ),
            }));
        }
    }
    for o in store.list(Kind::EndpointSlice, None).filter(|o| !hidden(o.namespace())) {
        let Object::EndpointSlice(slice) = &**o else { continue };
        if slice.metadata.namespace == "default" && slice.metadata.name == "kubernetes" {
            continue;
        }
        let ns = &slice.metadata.namespace;
        let service = slice.metadata.labels.get("kubernetes.io/service-name").cloned().unwrap_or_default();
        let ready = slice.endpoints.iter().filter(|e| e.conditions.ready == Some(true)).count();
        g.objects.push(GraphObject {
            kind: "EndpointSlice".into(),
            namespace: ns.to_string(),
            name: slice.metadata.name.clone(),
            detail: format!("{ready}/{} ready", slice.endpoints.len()),
            ok: ready > 0 || slice.endpoints.is_empty(),
        });
        let edges = cache.slice_edges.get(o, |_| true, || Rc::new(endpoint_edges(slice, &service)));
        g.edges.extend(edges.iter().cloned());
    }
    // Claims, and the pods that mount them.
    for o in store.list(Kind::PersistentVolumeClaim, None).filter(|o| !hidden(o.namespace())) {
        let Some(c) = o.as_pvc() else { continue };
        let phase = c.status.phase.clone().unwrap_or_else(|| "Pending".into());
        let size = c.spec.resources.requests.get("storage").map(|q| q.to_string()).unwrap_or_default();
        g.objects.push(GraphObject {
            kind: "PersistentVolumeClaim".into(),
            namespace: c.metadata.namespace.to_string(),
            name: c.metadata.name.clone(),
            detail: if size.is_empty() { phase.clone() } else { format!("{phase} · {size}") },
            ok: phase == "Bound",
        });
    }
    for o in store.list(Kind::Pod, None).filter(|o| !hidden(o.namespace())) {
        let Some(p) = o.as_pod() else { continue };
        for v in &p.spec.volumes {
            let Some(claim) = v.persistent_volume_claim.as_ref() else { continue };
            let ns = &p.metadata.namespace;
            let bound = store.get(&kubeplay_model::ObjectKey::new(Kind::PersistentVolumeClaim, ns, &claim.claim_name)).and_then(|c| c.as_pvc().and_then(|c| c.status.phase.clone()));
            let why = match bound.as_deref() {
                Some("Bound") => format!("Pod {} mounts claim {} as volume {:?}; the claim is Bound to a volume.", p.metadata.name, claim.claim_name, v.name),
                Some(phase) => format!("Pod {} mounts claim {} as volume {:?}; the claim is {phase}, so the pod cannot start until it is bound.", p.metadata.name, claim.claim_name, v.name),
                None => format!("Pod {} mounts claim {} as volume {:?}, but no such claim exists: the pod cannot be scheduled.", p.metadata.name, claim.claim_name, v.name),
            };
            g.edges.push(Rc::new(GraphEdge {
                from: id("Pod", ns, &p.metadata.name),
                to: id("PersistentVolumeClaim", ns, &claim.claim_name),
                relation: Relation::Mounts,
                ok: bound.as_deref() == Some("Bound"),
                why,
            }));
        }
    }
    // HPAs and their targets.
    for o in store.list(Kind::HorizontalPodAutoscaler, None).filter(|o| !hidden(o.namespace())) {
        let Some(h) = o.as_hpa() else { continue };
        let ns = &h.metadata.namespace;
        let target = &h.spec.scale_target_ref;
        let exists = Kind::ALL.iter().find(|k| k.name() == target.kind).and_then(|k| store.get(&kubeplay_model::ObjectKey::new(*k, ns, &target.name))).is_some();
        let (min, max) = (h.spec.min_replicas.unwrap_or(1), h.spec.max_replicas);
        g.objects.push(GraphObject {
            kind: "HorizontalPodAutoscaler".into(),
            namespace: ns.to_string(),
            name: h.metadata.name.clone(),
            detail: format!("{} → {} ({min}–{max})", h.status.current_replicas, h.status.desired_replicas),
            ok: exists,
        });
        let why = if exists {
            format!(
                "HPA {} scales {} {} (spec.scaleTargetRef) between {min} and {max} replicas; it now has {} and the HPA wants {}.",
                h.metadata.name, target.kind, target.name, h.status.current_replicas, h.status.desired_replicas
            )
        } else {
            format!("HPA {}'s scaleTargetRef names {} {}, which does not exist: the HPA cannot scale anything (condition AbleToScale=False).", h.metadata.name, target.kind, target.name)
        };
        g.edges.push(Rc::new(GraphEdge { from: id("HorizontalPodAutoscaler", ns, &h.metadata.name), to: id(&target.kind, ns, &target.name), relation: Relation::Scales, ok: exists, why }));
    }
    // Ingresses and the Services their paths lead to.
    for o in store.list(Kind::Ingress, None).filter(|o| !hidden(o.namespace())) {
        let Some(ing) = o.as_ingress() else { continue };
        ingress_edges(store, ing, &mut g);
    }
    for o in store.list(Kind::NetworkPolicy, None).filter(|o| !hidden(o.namespace())) {
        let Some(np) = o.as_network_policy() else { continue };
        policy_edges(store, np, &mut g);
    }
    // CronJobs are roots of Jobs.
    for o in store.list(Kind::CronJob, None).filter(|o| !hidden(o.namespace())) {
        let Some(c) = o.as_cron_job() else { continue };
        let suspended = c.spec.suspend == Some(true);
        g.objects.push(GraphObject {
            kind: "CronJob".into(),
            namespace: c.metadata.namespace.to_string(),
            name: c.metadata.name.clone(),
            detail: format!("{}{}", c.spec.schedule, if suspended { " · suspended" } else { "" }),
            ok: !suspended,
        });
    }
    // Custom resources are roots too: what an operator's controller makes
    // for one is owned by it.
    for kind in store.custom_kinds() {
        for o in store.list(kind, None).filter(|o| !hidden(o.namespace())) {
            let api_version = match &**o {
                Object::Custom(c) => c.api_version.clone(),
                _ => continue,
            };
            g.objects.push(GraphObject { kind: kind.name().into(), namespace: o.namespace().to_string(), name: o.name().to_string(), detail: api_version, ok: true });
        }
    }
    cache.slice_edges.sweep();
    g
}

/// An Ingress as the graph draws it: its hosts, and an edge to each
/// Service a path (or the default backend) names, broken when the Service
/// does not exist.
fn ingress_edges(store: &kubeplay_apiserver::Store, ing: &kubeplay_model::api::Ingress, g: &mut GraphView) {
    let ns = &ing.metadata.namespace;
    let hosts: Vec<&str> = ing.spec.rules.iter().filter_map(|r| r.host.as_deref()).filter(|h| !h.is_empty()).collect();
    let class = ing.spec.ingress_class_name.as_deref().unwrap_or("no class");
    let hosts = if hosts.is_empty() { "*".to_string() } else { hosts.join(",") };
    g.objects.push(GraphObject { kind: "Ingress".into(), namespace: ns.to_string(), name: ing.metadata.name.clone(), detail: format!("{hosts} · {class}"), ok: true });
    // Each Service once, with the first rule that names it.
    let mut routes: Vec<(String, String)> = Vec::new();
    if let Some(svc) = ing.spec.default_backend.as_ref().and_then(|b| b.service.as_ref()) {
        routes.push((svc.name.clone(), "its default backend (requests no rule matches)".into()));
    }
    for rule in &ing.spec.rules {
        for path in rule.http.iter().flat_map(|h| &h.paths) {
            let Some(svc) = &path.backend.service else { continue };
            if routes.iter().any(|(s, _)| *s == svc.name) {
                continue;
            }
            let host = rule.host.as_deref().filter(|h| !h.is_empty()).unwrap_or("any host");
            let what = format!("{host}, path {} ({})", path.path.as_deref().unwrap_or("/"), path.path_type.as_deref().unwrap_or(""));
            routes.push((svc.name.clone(), what));
        }
    }
    for (service, what) in routes {
        let exists = store.get(&kubeplay_model::ObjectKey::new(Kind::Service, ns, &service)).is_some();
        let why = if exists {
            format!("Ingress {} sends {what} to Service {service}. An ingress controller would route those requests to the Service's ready endpoints; this cluster, like kind with nothing installed, runs none.", ing.metadata.name)
        } else {
            format!("Ingress {} sends {what} to Service {service}, which does not exist: those requests would have nowhere to go.", ing.metadata.name)
        };
        g.edges.push(Rc::new(GraphEdge { from: id("Ingress", ns, &ing.metadata.name), to: id("Service", ns, &service), relation: Relation::Routes, ok: exists, why }));
    }
}

/// A NetworkPolicy as the graph draws it: its policy types and pod
/// selector, and an edge to each pod it selects. Pods on their node's
/// network are left out: no policy isolates them.
fn policy_edges(store: &kubeplay_apiserver::Store, np: &kubeplay_model::api::NetworkPolicy, g: &mut GraphView) {
    let ns = &np.metadata.namespace;
    let name = &np.metadata.name;
    let types = &np.spec.policy_types;
    let selector = np.spec.pod_selector.to_string_form();
    let who = if np.spec.pod_selector.is_empty() { "every pod".to_string() } else { selector.clone() };
    g.objects.push(GraphObject { kind: "NetworkPolicy".into(), namespace: ns.to_string(), name: name.clone(), detail: format!("{} · {who}", types.join(",")), ok: true });
    let Ok(sel) = np.spec.pod_selector.to_selector() else { return };
    let mut limits = Vec::new();
    if types.iter().any(|t| t == "Ingress") {
        limits.push(match np.spec.ingress.len() {
            0 => "it accepts no connection at all (the policy has no ingress rules)".to_string(),
            n => format!("it accepts only the connections its {n} ingress rule{} allow{}", if n == 1 { "" } else { "s" }, if n == 1 { "s" } else { "" }),
        });
    }
    if types.iter().any(|t| t == "Egress") {
        limits.push(match np.spec.egress.len() {
            0 => "it can open no connection, not even a DNS lookup (the policy has no egress rules)".to_string(),
            n => format!("it can open only the connections its {n} egress rule{} allow{}", if n == 1 { "" } else { "s" }, if n == 1 { "s" } else { "" }),
        });
    }
    if limits.is_empty() {
        limits.push("it is isolated in no direction (the policy lists no policyTypes)".to_string());
    }
    let selected = if np.spec.pod_selector.is_empty() { "its empty podSelector selects every pod of the namespace".to_string() } else { format!("its podSelector {selector} matches the pod's labels") };
    for p in store.list(Kind::Pod, Some(ns)).filter_map(|o| o.as_pod()) {
        if p.spec.host_network == Some(true) || !sel.matches(&p.metadata.labels) {
            continue;
        }
        let why = format!(
            "NetworkPolicy {name} isolates Pod {}: {selected}, so {}. Other policies that select the pod can only allow more; kindnet enforces this, and so does the playground.",
            p.metadata.name,
            limits.join(", and ")
        );
        g.edges.push(Rc::new(GraphEdge { from: id("NetworkPolicy", ns, name), to: id("Pod", ns, &p.metadata.name), relation: Relation::Isolates, ok: true, why }));
    }
}

/// A slice's endpoints as edges to their pods, with why each is (not) ready.
fn endpoint_edges(slice: &kubeplay_model::api::EndpointSlice, service: &str) -> Vec<Rc<GraphEdge>> {
    let ns = &slice.metadata.namespace;
    let mut edges = Vec::new();
    for e in &slice.endpoints {
        let Some(target) = e.target_ref.as_ref().filter(|t| t.kind.as_deref() == Some("Pod")) else { continue };
        let pod = target.name.clone().unwrap_or_default();
        let addr = e.addresses.first().cloned().unwrap_or_default();
        let ready = e.conditions.ready == Some(true);
        let why = if ready {
            format!("Pod {pod} matches Service {service}'s selector and is Ready, so its address {addr} is a ready endpoint: the Service sends traffic to it.")
        } else if e.conditions.terminating == Some(true) {
            format!("Pod {pod} is terminating: it stays in the slice with ready=false until it is gone, and gets no new traffic.")
        } else {
            format!("Pod {pod} matches Service {service}'s selector but is not Ready, so it is listed with ready=false: the Service sends it no traffic until its readiness probe passes.")
        };
        edges.push(Rc::new(GraphEdge { from: id("EndpointSlice", ns, &slice.metadata.name), to: id("Pod", ns, &pod), relation: Relation::Endpoint, ok: ready, why }));
    }
    edges
}

/// The edge from an object's controller owner to it, with why.
fn owner_edge(o: &Object, kind: Kind) -> Option<GraphEdge> {
    let m = o.meta();
    let owner = m.controller_ref()?;
    let from = id(&owner.kind, &m.namespace, &owner.name);
    let to = id(kind.name(), &m.namespace, &m.name);
    let edge = match (kind, owner.kind.as_str()) {
        (Kind::EndpointSlice, "Service") => GraphEdge {
            from,
            to,
            relation: Relation::ServiceSlice,
            ok: true,
            why: format!(
                "The EndpointSlice controller keeps this slice for Service {} (label kubernetes.io/service-name={}): it lists the addresses of the pods the Service selects.",
                owner.name, owner.name
            ),
        },
        // A StatefulSet's claims are made from its templates; they are
        // drawn from the pods that mount them instead.
        (Kind::PersistentVolumeClaim, _) => return None,
        _ => {
            // Controllers name what they create `OWNER-…` (generateName
            // or the StatefulSet's ordinal); anything else was adopted.
            let created = m.name.starts_with(&format!("{}-", owner.name)) || m.generate_name.as_deref().is_some_and(|g| g.starts_with(&owner.name));
            let what = created_sentence(o, &owner.kind, &owner.name);
            if created {
                GraphEdge { from, to, relation: Relation::Created, ok: true, why: what }
            } else {
                GraphEdge {
                    from,
                    to,
                    relation: Relation::Adopted,
                    ok: true,
                    why: format!(
                        "{} {} adopted this {}: it had no controller and its labels match the selector, so the controller set itself as the controlling ownerReference.",
                        owner.kind,
                        owner.name,
                        kind.name()
                    ),
                }
            }
        }
    };
    Some(edge)
}

fn created_sentence(o: &Object, owner_kind: &str, owner_name: &str) -> String {
    let kind = o.kind().name();
    let name = o.name();
    match (o, owner_kind) {
        (Object::ReplicaSet(rs), _) => format!(
            "Deployment {owner_name} created ReplicaSet {name} for its pod template (revision {}, pod-template-hash {}); the ReplicaSet's ownerReference names the Deployment as controller.",
            rs.metadata.annotations.get("deployment.kubernetes.io/revision").map(String::as_str).unwrap_or("?"),
            rs.metadata.labels.get("pod-template-hash").map(String::as_str).unwrap_or("?")
        ),
        (Object::Pod(_), "StatefulSet") => format!("StatefulSet {owner_name} created pod {name}: one pod per ordinal, made in order, each with a stable name."),
        (Object::Pod(p), "DaemonSet") => format!("DaemonSet {owner_name} created pod {name} for node {}: one pod per eligible node.", p.spec.node_name.as_deref().unwrap_or("?")),
        (Object::Pod(_), "Job") => format!("Job {owner_name} created pod {name} to run to completion; the Job counts it among its active, succeeded or failed pods."),
        (Object::Job(_), "CronJob") => format!("CronJob {owner_name} created Job {name} at a scheduled time (the name's suffix is that time in minutes since the epoch)."),
        _ => format!("{owner_kind} {owner_name} created {kind} {name} from its template; the {kind}'s ownerReference names {owner_name} as its controller, so {owner_name} counts it."),
    }
}

/// A changed field of a step's write: compact JSON before and after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldChangeView {
    pub path: String,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// One write of a step with its field diff (empty for creates and deletes,
/// which the step card names without listing every field).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WriteView {
    /// `update status replicaset/web-5d59d67564`
    pub write: String,
    pub changes: Vec<FieldChangeView>,
}

/// Noise a reader does not need in a step's diff.
fn compact(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

pub fn write_views(step: &Step) -> Vec<WriteView> {
    step.writes
        .iter()
        .map(|w| {
            let write = format!("{} {}/{}", w.verb.as_str(), w.key.kind.name().to_ascii_lowercase(), w.key.name);
            let changes = match (&w.before, &w.after) {
                (Some(_), Some(_)) => w
                    .diff()
                    .into_iter()
                    .filter(|c| !kubeplay_engine::diff::is_noise(&c.path))
                    .map(|c| FieldChangeView { path: c.path, before: c.before.as_ref().map(compact), after: c.after.as_ref().map(compact) })
                    .collect(),
                _ => Vec::new(),
            };
            WriteView { write, changes }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Playground, DEFAULT_EXAMPLE};

    const SERVICE: &str = "apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx\nspec:\n  selector:\n    app: nginx\n  ports:\n  - port: 80\n";

    #[test]
    fn service_slice_and_ready_endpoints_are_edges() {
        let mut pg = Playground::new(1);
        pg.apply(DEFAULT_EXAMPLE);
        pg.apply(SERVICE);
        pg.settle();
        let g = pg.graph();
        let slice_edges: Vec<_> = g.edges.iter().filter(|e| e.relation == Relation::ServiceSlice).collect();
        assert_eq!(slice_edges.len(), 1, "{:?}", g.edges);
        assert_eq!(slice_edges[0].from, "Service/default/nginx");
        assert!(slice_edges[0].to.starts_with("EndpointSlice/default/nginx-"));
        let endpoints: Vec<_> = g.edges.iter().filter(|e| e.relation == Relation::Endpoint).collect();
        assert_eq!(endpoints.len(), 3);
        assert!(endpoints.iter().all(|e| e.ok && e.why.contains("is Ready")));
        let pods: Vec<_> = g.edges.iter().filter(|e| e.to.starts_with("Pod/") && e.relation == Relation::Created).collect();
        assert_eq!(pods.len(), 3);
        assert!(pods[0].from.starts_with("ReplicaSet/default/nginx-deployment-"));
        let svc = g.objects.iter().find(|o| o.kind == "Service").unwrap();
        assert!(svc.detail.starts_with("ClusterIP 10."), "{svc:?}");
        assert!(svc.detail.ends_with("app=nginx"), "{svc:?}");
    }

    #[test]
    fn custom_resources_are_drawn_as_roots() {
        let mut pg = Playground::new(1);
        let crd = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: apps.ops.example.com\nspec:\n  group: ops.example.com\n  scope: Namespaced\n  names: {plural: apps, kind: App}\n  versions:\n  - name: v1alpha1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}\n";
        assert!(!pg.apply(crd).failed);
        pg.settle();
        let out = pg.apply("apiVersion: ops.example.com/v1alpha1\nkind: App\nmetadata:\n  name: shop\nspec: {size: 2}\n");
        assert!(!out.failed, "{out:?}");
        let g = pg.graph();
        let app = g.objects.iter().find(|o| o.kind == "App").expect("the custom resource is drawn");
        assert_eq!((app.namespace.as_str(), app.name.as_str(), app.detail.as_str()), ("default", "shop", "ops.example.com/v1alpha1"));
    }

    #[test]
    fn an_ingress_routes_to_each_service_it_names_once() {
        let mut pg = Playground::new(1);
        pg.apply(SERVICE);
        let ing = "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\nspec:\n  defaultBackend: {service: {name: missing, port: {number: 80}}}\n  rules:\n  - host: a.example.com\n    http:\n      paths:\n      - {path: /, pathType: Prefix, backend: {service: {name: nginx, port: {number: 80}}}}\n      - {path: /x, pathType: Exact, backend: {service: {name: nginx, port: {number: 80}}}}\n";
        assert!(!pg.apply(ing).failed);
        let g = pg.graph();
        let routes: Vec<_> = g.edges.iter().filter(|e| e.relation == Relation::Routes).collect();
        assert_eq!(routes.len(), 2, "{routes:?}");
        assert_eq!((routes[0].to.as_str(), routes[0].ok), ("Service/default/missing", false));
        assert!(routes[0].why.contains("does not exist"), "{}", routes[0].why);
        assert_eq!((routes[1].to.as_str(), routes[1].ok), ("Service/default/nginx", true));
        assert!(routes[1].why.contains("a.example.com, path / (Prefix)"), "{}", routes[1].why);
        let obj = g.objects.iter().find(|o| o.kind == "Ingress").expect("the Ingress is drawn");
        assert_eq!(obj.detail, "a.example.com · no class");
    }

    #[test]
    fn a_network_policy_isolates_each_pod_it_selects() {
        let mut pg = Playground::new(1);
        pg.apply(DEFAULT_EXAMPLE);
        pg.apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: other\n  labels: {app: other}\nspec:\n  containers:\n  - name: c\n    image: nginx\n");
        let np = "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: web-only\nspec:\n  podSelector:\n    matchLabels: {app: nginx}\n  ingress:\n  - from:\n    - podSelector: {matchLabels: {role: client}}\n";
        assert!(!pg.apply(np).failed);
        assert!(!pg.apply("apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: lockdown\nspec:\n  podSelector: {}\n  policyTypes: [Ingress, Egress]\n").failed);
        pg.settle();
        let g = pg.graph();
        let of = |policy: &str| g.edges.iter().filter(|e| e.relation == Relation::Isolates && e.from == format!("NetworkPolicy/default/{policy}")).cloned().collect::<Vec<_>>();
        let web = of("web-only");
        assert_eq!(web.len(), 3, "the Deployment's pods only: {web:?}");
        assert!(web.iter().all(|e| e.ok && e.to.starts_with("Pod/default/nginx-deployment-")));
        assert!(web[0].why.contains("podSelector app=nginx matches"), "{}", web[0].why);
        assert!(web[0].why.contains("only the connections its 1 ingress rule allows"), "{}", web[0].why);
        let all = of("lockdown");
        assert_eq!(all.len(), 4, "{all:?}");
        assert!(all[0].why.contains("accepts no connection at all") && all[0].why.contains("not even a DNS lookup"), "{}", all[0].why);
        let detail = |name: &str| g.objects.iter().find(|o| o.kind == "NetworkPolicy" && o.name == name).map(|o| o.detail.clone());
        assert_eq!(detail("web-only").as_deref(), Some("Ingress · app=nginx"));
        assert_eq!(detail("lockdown").as_deref(), Some("Ingress,Egress · every pod"));
    }

    #[test]
    fn a_pod_whose_labels_differ_is_explained_as_not_selected() {
        let mut pg = Playground::new(1);
        pg.apply(SERVICE);
        pg.apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: other\n  labels: {app: nginx2}\nspec:\n  containers:\n  - name: c\n    image: nginx\n");
        pg.apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: unrelated\n  labels: {tier: db}\nspec:\n  containers:\n  - name: c\n    image: nginx\n");
        pg.settle();
        let g = pg.graph();
        let misses: Vec<_> = g.edges.iter().filter(|e| e.relation == Relation::NotSelected).collect();
        assert_eq!(misses.len(), 1, "only the pod with the selector's key: {misses:?}");
        assert_eq!(misses[0].to, "Pod/default/other");
        assert!(misses[0].why.contains("app=nginx2 (the selector wants nginx)"), "{}", misses[0].why);
        assert!(!g.edges.iter().any(|e| e.relation == Relation::Endpoint && e.to == "Pod/default/other"));
    }

    #[test]
    fn a_bare_pod_with_matching_labels_is_adopted() {
        // The ReplicaSet controller adopts orphans its selector matches
        // (upstream's ClaimPods): the edge says so.
        let mut pg = Playground::new(1);
        pg.apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: stray\n  labels: {app: stray}\nspec:\n  containers:\n  - name: c\n    image: nginx\n");
        pg.settle();
        let rs = "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: keeper\nspec:\n  replicas: 1\n  selector:\n    matchLabels: {app: stray}\n  template:\n    metadata:\n      labels: {app: stray}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n";
        assert!(!pg.apply(rs).failed);
        pg.settle();
        let g = pg.graph();
        let e = g.edges.iter().find(|e| e.to == "Pod/default/stray").expect("stray is owned");
        assert_eq!(e.relation, Relation::Adopted);
        assert!(e.why.contains("adopted"));
    }

    #[test]
    fn an_hpa_with_a_missing_target_is_not_ok() {
        let mut pg = Playground::new(1);
        let out = pg.apply("apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: h\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: nope}\n  maxReplicas: 5\n");
        assert!(!out.failed, "{out:?}");
        let g = pg.graph();
        let e = g.edges.iter().find(|e| e.relation == Relation::Scales).unwrap();
        assert_eq!(e.to, "Deployment/default/nope");
        assert!(!e.ok);
        assert!(e.why.contains("does not exist"));
    }

    #[test]
    fn a_scale_step_shows_spec_replicas_old_and_new() {
        let mut pg = Playground::new(1);
        pg.apply(DEFAULT_EXAMPLE);
        pg.settle();
        pg.run("kubectl scale deployment nginx-deployment --replicas=5", None);
        let step = pg.engine().trace().last().unwrap().clone();
        let views = write_views(&step);
        assert_eq!(views[0].write, "update deployment/nginx-deployment");
        let c = views[0].changes.iter().find(|c| c.path == "spec.replicas").expect("spec.replicas changed");
        assert_eq!((c.before.as_deref(), c.after.as_deref()), (Some("3"), Some("5")));
        assert!(views[0].changes.iter().all(|c| c.path != "metadata.generation"));
    }
}
