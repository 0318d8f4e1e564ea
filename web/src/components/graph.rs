//! The ownership graph, drawn in SVG. Columns, left to right: HPAs, the
//! roots (Deployments, StatefulSets, DaemonSets, CronJobs), what they own
//! (ReplicaSets, Jobs), pods, the NetworkPolicies that isolate them, the
//! claims pods mount, then EndpointSlices and the Services that own them,
//! whose edges come back to the pods they select, and the Ingresses that
//! route to those Services. Every object is a keyed `<g>` placed by a CSS transform, so it
//! stays the same DOM node as the cluster changes and moves smoothly when
//! others appear; rows are given in a stable order (owner, then revision or
//! creation), so nothing jumps when a new object arrives below it.
//!
//! Clicking an edge says why it exists (created, adopted, selected and
//! Ready or not, mounted, scaled, routed, isolated by a policy). Large pod sets collapse into counted
//! groups that expand on click.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use kubeplay_playground::{ClusterView, GraphEdge, GraphObject, GraphView, PodView, TrafficView, WorkloadView};
use yew::prelude::*;

use super::pods::{icon, state_class};
use crate::state::ObjRef;

const ROW: f64 = 40.0;
const TOP: f64 = 16.0;
const GAP: f64 = 28.0;
const BOX_W: f64 = 176.0;
const POD_W: f64 = 236.0;
const BOX_H: f64 = 30.0;
/// Above this many pods the whole graph shows pods as counted groups.
pub const AGGREGATE_AT: usize = 300;
/// In a normal graph, an owner with more pods than this is drawn as a group.
const GROUP_AT: usize = 24;

#[derive(Properties, PartialEq)]
pub struct GraphProps {
    pub view: Rc<ClusterView>,
    #[prop_or_default]
    pub graph: Rc<GraphView>,
    pub selected: Option<ObjRef>,
    /// `kind/name` (lowercase kind) of objects the current step touched.
    pub touched: BTreeSet<String>,
    pub on_select: Callback<ObjRef>,
    /// `sim traffic` streams: their recent requests fly Service → pod.
    #[prop_or_default]
    pub traffic: Rc<TrafficView>,
}

/// Requests younger than this (virtual time) are drawn as flying dots.
const DOT_WINDOW_MS: i64 = 1000;
/// At most this many dots per stream, so a fast stream stays cheap to draw.
const DOTS_PER_STREAM: usize = 24;

/// A drawn object.
enum Item<'a> {
    /// A workload box; the number is how many revisions old it is (0 = current).
    Workload(&'a WorkloadView, usize),
    Extra(&'a GraphObject),
    /// A scale target that does not exist (`Kind/name`).
    Missing(String, String),
    Pod(&'a Rc<PodView>),
    Group { owner: String, pods: Vec<&'a Rc<PodView>> },
}

struct Placed<'a> {
    item: Item<'a>,
    x: f64,
    row: usize,
}

impl Placed<'_> {
    fn id(&self) -> String {
        match &self.item {
            Item::Workload(w, _) => format!("{}/{}/{}", w.kind, w.namespace, w.name),
            Item::Extra(o) => format!("{}/{}/{}", o.kind, o.namespace, o.name),
            Item::Missing(id, _) => id.clone(),
            Item::Pod(p) => format!("Pod/{}/{}", p.namespace, p.name),
            Item::Group { owner, .. } => format!("group:{owner}"),
        }
    }
    fn width(&self) -> f64 {
        match self.item {
            Item::Pod(_) | Item::Group { .. } => POD_W,
            _ => BOX_W,
        }
    }
    fn y(&self) -> f64 {
        TOP + self.row as f64 * ROW
    }
}

/// The kinds of the facade's graph objects that are not custom resources.
const BUILT_IN_EXTRAS: &[&str] = &["Service", "EndpointSlice", "PersistentVolumeClaim", "HorizontalPodAutoscaler", "CronJob", "Ingress", "NetworkPolicy"];

/// The cluster's own machinery is left out, as the facade's graph does.
fn shown(ns: &str) -> bool {
    !kubeplay_playground::is_system_namespace(ns)
}

/// `Kind/name` (an owner as views give it) → `Kind/ns/name`.
fn qualify(owner: &str, ns: &str) -> String {
    match owner.split_once('/') {
        Some((k, n)) => format!("{k}/{ns}/{n}"),
        None => owner.to_string(),
    }
}

/// The x of each column; columns without objects take no room.
struct Columns {
    hpa: f64,
    root: f64,
    child: f64,
    pod: f64,
    policy: f64,
    claim: f64,
    slice: f64,
    service: f64,
    ingress: f64,
    width: f64,
}

fn columns(has_hpa: bool, has_policies: bool, has_claims: bool, has_services: bool, has_ingresses: bool) -> Columns {
    let hpa = 8.0;
    let root = if has_hpa { hpa + BOX_W + GAP } else { hpa };
    let child = root + BOX_W + GAP - 8.0;
    let pod = child + BOX_W + GAP - 8.0;
    // Policies right beside the pods they isolate: their edges stay short.
    let policy = pod + POD_W + GAP;
    let claim = if has_policies { policy + BOX_W + GAP } else { policy };
    let slice = if has_claims { claim + BOX_W + GAP } else { claim };
    let service = slice + BOX_W + GAP;
    let ingress = service + BOX_W + GAP;
    let width = if has_ingresses {
        ingress + BOX_W + 8.0
    } else if has_services {
        service + BOX_W + 8.0
    } else if has_claims {
        claim + BOX_W + 8.0
    } else if has_policies {
        policy + BOX_W + 8.0
    } else {
        pod + POD_W + 8.0
    };
    Columns { hpa, root, child, pod, policy, claim, slice, service, ingress, width }
}

/// Rows taken per column, to put a right-hand object on a free row near
/// the pods it points at.
#[derive(Default)]
struct Occupancy(BTreeMap<u64, BTreeSet<usize>>);

impl Occupancy {
    fn take(&mut self, x: f64, want: usize) -> usize {
        let rows = self.0.entry(x as u64).or_default();
        let row = (want..).find(|r| !rows.contains(r)).unwrap_or(want);
        rows.insert(row);
        row
    }
}

struct Layout<'a> {
    placed: Vec<Placed<'a>>,
    cols: Columns,
    rows: usize,
}

/// Places every object in rows: each root, then its children, then theirs.
fn layout<'a>(view: &'a ClusterView, graph: &'a GraphView, expanded: &BTreeSet<String>) -> Layout<'a> {
    let aggregate = view.pods.iter().filter(|p| shown(&p.namespace)).count() > AGGREGATE_AT;
    let extras = |kind: &'static str| graph.objects.iter().filter(move |o| o.kind == kind && shown(&o.namespace));
    let has_hpa = extras("HorizontalPodAutoscaler").next().is_some();
    let has_claims = extras("PersistentVolumeClaim").next().is_some();
    let has_services = extras("Service").next().is_some() || extras("EndpointSlice").next().is_some();
    let has_ingresses = extras("Ingress").next().is_some();
    let has_policies = extras("NetworkPolicy").next().is_some();
    let cols = columns(has_hpa, has_policies, has_claims, has_services || has_ingresses, has_ingresses);

    let mut children: BTreeMap<String, Vec<&WorkloadView>> = BTreeMap::new();
    let mut roots: Vec<Item> = Vec::new();
    for w in view.workloads.iter().filter(|w| shown(&w.namespace)) {
        match &w.owner {
            Some(o) => children.entry(qualify(o, &w.namespace)).or_default().push(w),
            None => roots.push(Item::Workload(w, 0)),
        }
    }
    roots.extend(extras("CronJob").map(Item::Extra));
    // Custom resources: roots of whatever their controllers own.
    roots.extend(graph.objects.iter().filter(|o| shown(&o.namespace) && !BUILT_IN_EXTRAS.contains(&o.kind.as_str())).map(Item::Extra));
    // Pods by namespace, then owner as the view gives it (`Kind/name`):
    // borrowed, so a thousand pods cost no strings.
    let mut pods_of: BTreeMap<&str, BTreeMap<&str, Vec<&Rc<PodView>>>> = BTreeMap::new();
    let mut bare = Vec::new();
    for p in view.pods.iter().filter(|p| shown(&p.namespace)) {
        match &p.owner {
            Some(o) => pods_of.entry(&p.namespace).or_default().entry(o).or_default().push(p),
            None => bare.push(p),
        }
    }
    for list in children.values_mut() {
        // Revisions in order; the newest (current) ReplicaSet last.
        kubeplay_playground::sort::sort_by_key(list, |w| (w.revision.as_deref().and_then(|r| r.parse::<u64>().ok()).unwrap_or(0), w.name.clone()));
    }
    // Claims each pod mounts, and HPAs by target.
    let mut claims_of: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut hpas_of: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for e in &graph.edges {
        match e.relation {
            kubeplay_playground::Relation::Mounts => claims_of.entry(e.from.as_str()).or_default().push(e.to.as_str()),
            kubeplay_playground::Relation::Scales => hpas_of.entry(e.to.as_str()).or_default().push(e.from.as_str()),
            _ => {}
        }
    }
    let object = |id: &str| graph.objects.iter().find(|o| format!("{}/{}/{}", o.kind, o.namespace, o.name) == id);

    let mut out: Vec<Placed> = Vec::new();
    let mut occ = Occupancy::default();
    let mut row = 0usize;
    let mut drawn_claims = BTreeSet::new();
    let mut drawn_hpas = BTreeSet::new();
    // Pods under one owner from `row` on (a group when there are many);
    // false when it has none.
    let place_pods = |owner: &str, out: &mut Vec<Placed<'a>>, occ: &mut Occupancy, row: &mut usize, drawn_claims: &mut BTreeSet<String>| -> bool {
        // `Kind/ns/name` → the namespace and `Kind/name`.
        let pods = match owner.splitn(3, '/').collect::<Vec<_>>()[..] {
            [kind, ns, name] => pods_of.get(ns).and_then(|m| m.get(format!("{kind}/{name}").as_str())).cloned().unwrap_or_default(),
            _ => Vec::new(),
        };
        if pods.is_empty() {
            return false;
        }
        let collapse = (aggregate || pods.len() > GROUP_AT) && !expanded.contains(owner);
        if collapse {
            // A group only counts its pods: no order needed.
            occ.take(cols.pod, *row);
            out.push(Placed { item: Item::Group { owner: owner.to_string(), pods }, x: cols.pod, row: *row });
            *row += 1;
            return true;
        }
        let mut pods = pods;
        kubeplay_playground::sort::sort_by(&mut pods, |a, b| (&a.created, &a.name).cmp(&(&b.created, &b.name)));
        for p in pods {
            let id = format!("Pod/{}/{}", p.namespace, p.name);
            occ.take(cols.pod, *row);
            out.push(Placed { item: Item::Pod(p), x: cols.pod, row: *row });
            for claim in claims_of.get(id.as_str()).into_iter().flatten() {
                if drawn_claims.insert(claim.to_string()) {
                    if let Some(o) = object(claim) {
                        let r = occ.take(cols.claim, *row);
                        out.push(Placed { item: Item::Extra(o), x: cols.claim, row: r });
                    }
                }
            }
            *row += 1;
        }
        true
    };
    for root in roots {
        let root_id = match &root {
            Item::Workload(w, _) => format!("{}/{}/{}", w.kind, w.namespace, w.name),
            Item::Extra(o) => format!("{}/{}/{}", o.kind, o.namespace, o.name),
            _ => continue,
        };
        for h in hpas_of.get(root_id.as_str()).into_iter().flatten() {
            if let Some(o) = object(h) {
                drawn_hpas.insert(h.to_string());
                let r = occ.take(cols.hpa, row);
                out.push(Placed { item: Item::Extra(o), x: cols.hpa, row: r });
            }
        }
        occ.take(cols.root, row);
        out.push(Placed { item: root, x: cols.root, row });
        let start = row;
        let kids = children.get(&root_id).cloned().unwrap_or_default();
        let newest = kids.len();
        for (i, kid) in kids.iter().enumerate() {
            // Old ReplicaSets are drawn faded: only the newest is current.
            let age = newest - i - 1;
            occ.take(cols.child, row);
            out.push(Placed { item: Item::Workload(kid, age), x: cols.child, row });
            let kid_id = format!("{}/{}/{}", kid.kind, kid.namespace, kid.name);
            if !place_pods(&kid_id, &mut out, &mut occ, &mut row, &mut drawn_claims) {
                row += 1;
            }
        }
        // Pods the root owns directly (StatefulSet, DaemonSet, Job).
        let had_pods = place_pods(&root_id, &mut out, &mut occ, &mut row, &mut drawn_claims);
        if row == start && !had_pods {
            row += 1;
        }
    }
    for p in bare {
        let id = format!("Pod/{}/{}", p.namespace, p.name);
        occ.take(cols.pod, row);
        out.push(Placed { item: Item::Pod(p), x: cols.pod, row });
        for claim in claims_of.get(id.as_str()).into_iter().flatten() {
            if drawn_claims.insert(claim.to_string()) {
                if let Some(o) = object(claim) {
                    let r = occ.take(cols.claim, row);
                    out.push(Placed { item: Item::Extra(o), x: cols.claim, row: r });
                }
            }
        }
        row += 1;
    }
    // HPAs whose target is not drawn: with a ghost of the missing target.
    for h in extras("HorizontalPodAutoscaler") {
        let id = format!("HorizontalPodAutoscaler/{}/{}", h.namespace, h.name);
        if drawn_hpas.contains(&id) {
            continue;
        }
        let r = occ.take(cols.hpa, row);
        out.push(Placed { item: Item::Extra(h), x: cols.hpa, row: r });
        if let Some(e) = graph.edges.iter().find(|e| e.from == id) {
            let label = e.to.split('/').next().map(|k| format!("{k} {}", e.to.rsplit('/').next().unwrap_or(""))).unwrap_or_default();
            occ.take(cols.root, r);
            out.push(Placed { item: Item::Missing(e.to.clone(), label), x: cols.root, row: r });
        }
        row = row.max(r + 1);
    }
    // Claims no drawn pod mounts yet (a StatefulSet's, before its pod).
    for c in extras("PersistentVolumeClaim") {
        let id = format!("PersistentVolumeClaim/{}/{}", c.namespace, c.name);
        if drawn_claims.insert(id) {
            let r = occ.take(cols.claim, row);
            out.push(Placed { item: Item::Extra(c), x: cols.claim, row: r });
            row = row.max(r + 1);
        }
    }
    // Slices and policies next to the first pod they list or select; each
    // Service beside its first slice.
    let by_pod = extras("EndpointSlice").next().is_some() || has_policies;
    let pod_row: BTreeMap<String, usize> = out
        .iter()
        .filter(|_| by_pod)
        .flat_map(|p| match &p.item {
            Item::Pod(pod) => vec![(format!("Pod/{}/{}", pod.namespace, pod.name), p.row)],
            Item::Group { pods, .. } => pods.iter().map(|pod| (format!("Pod/{}/{}", pod.namespace, pod.name), p.row)).collect(),
            _ => Vec::new(),
        })
        .collect();
    for np in extras("NetworkPolicy") {
        let id = format!("NetworkPolicy/{}/{}", np.namespace, np.name);
        let want = graph.edges.iter().filter(|e| e.from == id).filter_map(|e| pod_row.get(&e.to)).min().copied().unwrap_or(row);
        let r = occ.take(cols.policy, want);
        out.push(Placed { item: Item::Extra(np), x: cols.policy, row: r });
    }
    let mut slice_row: BTreeMap<String, usize> = BTreeMap::new();
    for s in extras("EndpointSlice") {
        let id = format!("EndpointSlice/{}/{}", s.namespace, s.name);
        let want = graph.edges.iter().filter(|e| e.from == id).filter_map(|e| pod_row.get(&e.to)).min().copied().unwrap_or(row);
        let r = occ.take(cols.slice, want);
        slice_row.insert(id, r);
        out.push(Placed { item: Item::Extra(s), x: cols.slice, row: r });
    }
    let mut service_row: BTreeMap<String, usize> = BTreeMap::new();
    for s in extras("Service") {
        let id = format!("Service/{}/{}", s.namespace, s.name);
        let want = graph.edges.iter().filter(|e| e.from == id).filter_map(|e| slice_row.get(&e.to)).min().copied().unwrap_or(row);
        let r = occ.take(cols.service, want);
        service_row.insert(id, r);
        out.push(Placed { item: Item::Extra(s), x: cols.service, row: r });
    }
    // Each Ingress beside the first Service it routes to.
    for i in extras("Ingress") {
        let id = format!("Ingress/{}/{}", i.namespace, i.name);
        let want = graph.edges.iter().filter(|e| e.from == id).filter_map(|e| service_row.get(&e.to)).min().copied().unwrap_or(row);
        let r = occ.take(cols.ingress, want);
        out.push(Placed { item: Item::Extra(i), x: cols.ingress, row: r });
    }
    let rows = out.iter().map(|p| p.row + 1).max().unwrap_or(0);
    Layout { placed: out, cols, rows }
}

fn edge_path(from: (f64, f64), to: (f64, f64)) -> String {
    let mid = (from.0 + to.0) / 2.0;
    format!("M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}", from.0, from.1, mid, from.1, mid, to.1, to.0, to.1)
}

/// Where placed objects are, by `Kind/namespace/name`.
struct At<'a> {
    objects: BTreeMap<String, usize>,
    /// namespace → name → index.
    pods: BTreeMap<&'a str, BTreeMap<&'a str, usize>>,
}

impl At<'_> {
    fn get(&self, id: &str) -> Option<&usize> {
        match id.strip_prefix("Pod/").and_then(|rest| rest.split_once('/')) {
            Some((ns, name)) => self.pods.get(ns).and_then(|m| m.get(name)).or_else(|| self.objects.get(id)),
            None => self.objects.get(id),
        }
    }
}

/// An edge between two placed objects, left to right on screen.
struct Drawn<'e> {
    key: String,
    from: (f64, f64),
    to: (f64, f64),
    edge: Option<&'e GraphEdge>,
    class: &'static str,
    faded: bool,
}

#[function_component]
pub fn Graph(props: &GraphProps) -> Html {
    let expanded = use_state(BTreeSet::<String>::new);
    let why = use_state(|| None::<(String, String, String, bool)>);
    // 0 = fit the panel's width (never larger than actual size).
    let zoom = use_state(|| 0.0_f64);
    let maximised = use_state(|| false);
    let Layout { placed, cols, rows } = layout(&props.view, &props.graph, &expanded);
    let height = TOP + rows as f64 * ROW + TOP;
    let width = cols.width;

    // Where each object is, by id (groups stand for each of their pods):
    // its index in `placed`. Pods by (namespace, name), without making ids.
    let mut objects_at: BTreeMap<String, usize> = BTreeMap::new();
    let mut pods_at: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
    for (i, p) in placed.iter().enumerate() {
        match &p.item {
            Item::Pod(pod) => drop(pods_at.entry(&pod.namespace).or_default().insert(&pod.name, i)),
            Item::Group { pods, .. } => {
                for pod in pods {
                    pods_at.entry(&pod.namespace).or_default().insert(&pod.name, i);
                }
            }
            _ => drop(objects_at.insert(p.id(), i)),
        }
    }
    let at = At { objects: objects_at, pods: pods_at };
    // The facade's edges by their ends (the first of any two alike), looked
    // up once per drawn object.
    let mut edge_of: BTreeMap<(&str, &str), &GraphEdge> = BTreeMap::new();
    for e in &props.graph.edges {
        edge_of.entry((e.from.as_str(), e.to.as_str())).or_insert(&**e);
    }
    let left = |p: &Placed| (p.x, p.y() + BOX_H / 2.0);
    let right = |p: &Placed| (p.x + p.width(), p.y() + BOX_H / 2.0);
    let mut drawn: Vec<Drawn> = Vec::new();
    // (from, to) indexes of the edges drawn: one line between two placed objects.
    let mut seen: BTreeSet<(usize, usize)> = BTreeSet::new();
    // Owner edges, from the views (always drawn, with the why when known).
    for (i, p) in placed.iter().enumerate() {
        let (owner, faded) = match &p.item {
            Item::Workload(w, age) => (w.owner.as_ref().map(|o| qualify(o, &w.namespace)), *age > 0),
            Item::Pod(pod) => (pod.owner.as_ref().map(|o| qualify(o, &pod.namespace)), pod.terminating),
            Item::Group { owner, .. } => (Some(owner.clone()), false),
            _ => (None, false),
        };
        let Some(owner) = owner else { continue };
        let Some(&parent) = at.get(&owner) else { continue };
        let id = p.id();
        let edge = edge_of.get(&(owner.as_str(), id.as_str())).copied();
        if seen.insert((parent, i)) {
            drawn.push(Drawn { key: format!("e-{owner}>{id}"), from: right(&placed[parent]), to: left(p), edge, class: "owns", faded });
        }
    }
    // The facade's other relations.
    for e in &props.graph.edges {
        let (Some(&a), Some(&b)) = (at.get(&e.from), at.get(&e.to)) else { continue };
        if !seen.insert((a, b)) {
            continue;
        }
        let (a, b) = (&placed[a], &placed[b]);
        use kubeplay_playground::Relation::*;
        let (from, to, class) = match e.relation {
            Created | Adopted => (right(a), left(b), "owns"),
            Scales => (right(a), left(b), "scales"),
            Mounts => (right(a), left(b), "mounts"),
            // Drawn right to left: the slice sits right of its pods, the Service right of its slice.
            ServiceSlice => (left(a), right(b), "selects"),
            Endpoint => (left(a), right(b), "selects"),
            NotSelected => (left(a), right(b), "unselected"),
            // The Ingress sits right of the Services it routes to.
            Routes => (left(a), right(b), "routes"),
            // The policy sits right of the pods it isolates.
            Isolates => (left(a), right(b), "isolates"),
        };
        drawn.push(Drawn { key: format!("e-{}>{}", e.from, e.to), from, to, edge: Some(&**e), class, faded: false });
    }
    // HPA → missing target ghosts.
    for p in &placed {
        if let Item::Missing(id, _) = &p.item {
            if let Some(e) = props.graph.edges.iter().find(|e| &e.to == id) {
                if let Some(&a) = at.get(&e.from) {
                    drawn.push(Drawn { key: format!("e-{}>{}", e.from, e.to), from: right(&placed[a]), to: left(p), edge: Some(&**e), class: "scales", faded: false });
                }
            }
        }
    }

    let edges = drawn.iter().map(|d| {
        let path = edge_path(d.from, d.to);
        let ok = d.edge.is_none_or(|e| e.ok);
        let onclick = d.edge.map(|e| {
            let why = why.clone();
            let e = e.clone();
            Callback::from(move |_: MouseEvent| why.set(Some((e.from.clone(), e.to.clone(), e.why.clone(), e.ok))))
        });
        let relation = d.edge.map(|e| format!("{:?}", e.relation)).unwrap_or_else(|| "Owns".into());
        html! {
            <g key={d.key.clone()} class={classes!("edge-g", d.class, (!ok).then_some("broken"), d.faded.then_some("faded"))}
               data-from={d.edge.map(|e| e.from.clone())} data-to={d.edge.map(|e| e.to.clone())} data-relation={relation} data-ok={ok.to_string()}>
                <path class={classes!("edge", d.faded.then_some("faded"))} d={path.clone()} />
                if let Some(onclick) = onclick {
                    <path class="edge-hit" d={path} {onclick}><title>{ "Why is this edge here? Click to see" }</title></path>
                }
            </g>
        }
    });

    // Traffic dots: one per recent request, from its Service to the pod that
    // answered. Keyed by the request's sequence number, so a dot is a new
    // element (and its CSS animation starts) exactly once.
    let now = props.traffic.now_ms;
    let at_ref = &at;
    let placed_ref = &placed;
    let dots = props.traffic.streams.iter().flat_map(|s| {
        let service = at_ref.get(&format!("Service/{}/{}", s.namespace, s.service)).map(|&i| left(&placed_ref[i]));
        let recent: Vec<_> = s.recent.iter().filter(|r| r.at_ms > now - DOT_WINDOW_MS && r.at_ms <= now).collect();
        let skip = recent.len().saturating_sub(DOTS_PER_STREAM);
        recent.into_iter().skip(skip).filter_map(move |r| {
            let from = service?;
            let pod = r.pod.as_ref()?;
            let to = right(&placed_ref[*at_ref.get(&format!("Pod/{}/{}", s.namespace, pod))?]);
            let style = format!("--x1: {:.0}px; --y1: {:.0}px; --x2: {:.0}px; --y2: {:.0}px", from.0, from.1, to.0, to.1);
            Some(html! {
                <circle key={format!("req-{}", r.seq)} class="traffic-dot" data-testid="traffic-dot" data-service={s.service.clone()} data-pod={pod.clone()} r="4" {style} />
            })
        })
    }).collect::<Vec<Html>>();

    let nodes = placed.iter().map(|p| {
        let style = format!("transform: translate({:.0}px, {:.0}px)", p.x, p.y());
        match &p.item {
            Item::Workload(w, age) => {
                let obj = ObjRef { kind: w.kind.clone(), namespace: w.namespace.clone(), name: w.name.clone() };
                let selected = props.selected.as_ref() == Some(&obj);
                let touched = props.touched.contains(&format!("{}/{}", w.kind.to_ascii_lowercase(), w.name));
                let onclick = props.on_select.reform(move |_: MouseEvent| obj.clone());
                let subtitle = match (&w.revision, &w.hash) {
                    (Some(rev), Some(hash)) => format!("rev {rev} · {hash}"),
                    (Some(rev), None) => format!("rev {rev}"),
                    _ => w.kind.clone(),
                };
                let counts = format!("{}/{}", w.ready, w.desired);
                html! {
                    <g key={p.id()}
                       class={classes!("gnode", "workload", (*age > 0).then_some("old"), selected.then_some("selected"), touched.then_some("touched"))}
                       style={style} data-kind={w.kind.clone()} data-name={w.name.clone()} data-namespace={w.namespace.clone()}
                       data-desired={w.desired.to_string()} data-ready-count={w.ready.to_string()}
                       role="button" tabindex="0" {onclick}>
                        <title>{ format!("{} {} — {} ready of {} desired", w.kind, w.name, w.ready, w.desired) }</title>
                        <rect class="box" width={BOX_W.to_string()} height={BOX_H.to_string()} rx="6" />
                        <text class="kind-badge" x="8" y="12">{ short_kind(&w.kind) }</text>
                        <text class="name" x="8" y="25">{ truncate(&w.name, 20) }</text>
                        <text class="sub" x={(BOX_W - 8.0).to_string()} y="12" text-anchor="end">{ subtitle }</text>
                        <text class="count" x={(BOX_W - 8.0).to_string()} y="25" text-anchor="end">{ counts }</text>
                    </g>
                }
            }
            Item::Extra(o) => {
                let obj = ObjRef { kind: o.kind.clone(), namespace: o.namespace.clone(), name: o.name.clone() };
                let selected = props.selected.as_ref() == Some(&obj);
                let touched = props.touched.contains(&format!("{}/{}", o.kind.to_ascii_lowercase(), o.name));
                let onclick = props.on_select.reform(move |_: MouseEvent| obj.clone());
                html! {
                    <g key={p.id()}
                       class={classes!("gnode", "workload", "extra", kind_class(&o.kind), (!o.ok).then_some("unhealthy"), selected.then_some("selected"), touched.then_some("touched"))}
                       style={style} data-kind={o.kind.clone()} data-name={o.name.clone()} data-namespace={o.namespace.clone()} data-ok={o.ok.to_string()}
                       role="button" tabindex="0" {onclick}>
                        <title>{ format!("{} {} — {}", o.kind, o.name, o.detail) }</title>
                        <rect class="box" width={BOX_W.to_string()} height={BOX_H.to_string()} rx="6" />
                        <text class="kind-badge" x="8" y="12">{ badge(&o.kind) }</text>
                        <text class="name" x="8" y="25">{ truncate(&o.name, 22) }</text>
                        <text class="sub" x={(BOX_W - 8.0).to_string()} y="12" text-anchor="end">{ truncate(&o.detail, 24) }</text>
                    </g>
                }
            }
            Item::Missing(id, label) => html! {
                <g key={format!("missing:{id}")} class="gnode workload missing" style={style} data-kind="Missing" data-name={id.clone()}>
                    <title>{ format!("{label} does not exist") }</title>
                    <rect class="box" width={BOX_W.to_string()} height={BOX_H.to_string()} rx="6" />
                    <text class="kind-badge" x="8" y="12">{ "MISSING" }</text>
                    <text class="name" x="8" y="25">{ truncate(label, 24) }</text>
                </g>
            },
            Item::Pod(pod) => {
                let selected = props.selected.as_ref().is_some_and(|s| s.kind == "Pod" && s.namespace == pod.namespace && s.name == pod.name);
                let touched = props.touched.contains(&format!("pod/{}", pod.name));
                html! { <PodNode key={p.id()} pod={(*pod).clone()} {style} {selected} {touched} on_select={props.on_select.clone()} /> }
            }
            Item::Group { owner, pods } => {
                let owner_key = owner.clone();
                let expanded_set = expanded.clone();
                let onclick = Callback::from(move |_: MouseEvent| {
                    let mut next = (*expanded_set).clone();
                    if !next.remove(&owner_key) {
                        next.insert(owner_key.clone());
                    }
                    expanded_set.set(next);
                });
                group_node(p, owner, pods, style, onclick)
            }
        }
    });

    // Collapse control for expanded groups.
    let collapse_all = {
        let expanded = expanded.clone();
        Callback::from(move |_: MouseEvent| expanded.set(BTreeSet::new()))
    };
    let zoom_by = |f: f64| {
        let zoom = zoom.clone();
        Callback::from(move |_: MouseEvent| {
            let current = if *zoom == 0.0 { 1.0 } else { *zoom };
            zoom.set(if f == 0.0 { 0.0 } else { (current * f).clamp(0.4, 2.5) })
        })
    };
    // Fitting never shrinks text below ~85%: wider graphs scroll instead.
    let svg_style = if *zoom == 0.0 { format!("max-width: {width:.0}px; min-width: {:.0}px", (width * 0.85).min(900.0)) } else { format!("width: {:.0}px; max-width: none; min-width: 0", width * *zoom) };
    let toggle_max = {
        let maximised = maximised.clone();
        Callback::from(move |_: MouseEvent| maximised.set(!*maximised))
    };
    let close_why = {
        let why = why.clone();
        Callback::from(move |_: MouseEvent| why.set(None))
    };
    let empty = placed.is_empty();
    let aggregate = props.view.pods.iter().filter(|p| shown(&p.namespace)).count() > AGGREGATE_AT;
    html! {
        <section class={classes!("panel", "graph-panel", maximised.then_some("maximised"))}>
            <header class="panel-header">
                <h2>{ "Ownership" }</h2>
                <span class="hint">{ if aggregate { "large cluster: pods grouped by owner · click a group to expand" } else { "click an object to inspect it, an edge to see why" } }</span>
                <span class="spacer" />
                if !expanded.is_empty() {
                    <button class="ghost small" onclick={collapse_all} title="Collapse expanded pod groups">{ "Collapse" }</button>
                }
                <div class="zoom" role="group" aria-label="Zoom">
                    <button class="ghost small" data-testid="zoom-out" aria-label="Zoom out" title="Zoom out" onclick={zoom_by(1.0 / 1.25)}>{ "−" }</button>
                    <button class="ghost small" data-testid="zoom-fit" aria-label="Fit to the panel" title="Fit to the panel" onclick={zoom_by(0.0)}>{ if *zoom == 0.0 { "Fit".to_string() } else { format!("{:.0}%", *zoom * 100.0) } }</button>
                    <button class="ghost small" data-testid="zoom-in" aria-label="Zoom in" title="Zoom in" onclick={zoom_by(1.25)}>{ "+" }</button>
                </div>
                <button class="ghost small" data-testid="graph-maximise" aria-pressed={maximised.to_string()} title={if *maximised { "Show the cluster view again" } else { "Maximise the ownership graph" }} onclick={toggle_max}>{ if *maximised { "⤡" } else { "⤢" } }</button>
            </header>
            <div class="graph-scroll">
                if empty {
                    <div class="empty-note">{ "Nothing here yet. Press Apply to create the manifest's objects, then step or play." }</div>
                }
                <svg data-testid="graph" class="graph" style={svg_style} viewBox={format!("0 0 {width} {height}")} role="img" aria-label="Ownership graph">
                    <g class="edges">{ for edges }</g>
                    <g class="nodes">{ for nodes }</g>
                    <g class="traffic">{ for dots }</g>
                </svg>
            </div>
            if let Some((from, to, text, ok)) = (*why).clone() {
                <div class={classes!("edge-why", (!ok).then_some("broken"))} data-testid="edge-why" role="status">
                    <div class="why-head">
                        <span class="why-ends">{ format!("{} → {}", short_id(&from), short_id(&to)) }</span>
                        <button class="ghost small close" aria-label="Close" onclick={close_why}>{ "✕" }</button>
                    </div>
                    <div class="why-text">{ text }</div>
                </div>
            }
        </section>
    }
}

/// `Kind/ns/name` → `Kind name`.
fn short_id(id: &str) -> String {
    let mut parts = id.splitn(3, '/');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(k), Some(_), Some(n)) => format!("{k} {n}"),
        _ => id.to_string(),
    }
}

#[derive(Properties, PartialEq)]
struct PodNodeProps {
    /// Shared with the previous view while the pod is unchanged: with the
    /// same place and flags, yew skips redrawing it.
    pod: Rc<PodView>,
    /// Its place (a CSS transform, so moving animates).
    style: String,
    selected: bool,
    touched: bool,
    on_select: Callback<ObjRef>,
}

#[function_component]
fn PodNode(props: &PodNodeProps) -> Html {
    let PodNodeProps { pod, style, selected, touched, .. } = props;
    let (selected, touched) = (*selected, *touched);
    let obj = ObjRef { kind: "Pod".into(), namespace: pod.namespace.clone(), name: pod.name.clone() };
    let onclick = props.on_select.reform(move |_: MouseEvent| obj.clone());
    let restarts = pod.restarts.split(' ').next().unwrap_or("0").to_string();
    // A Pending pod says why on the pod itself: the scheduler's one line.
    let sub = match &pod.unschedulable_reason {
        Some(reason) if pod.node.is_none() => reason_line(reason),
        _ => format!("{} · {}{}", pod.status, pod.ready_column, pod.node.as_ref().map(|n| format!(" · {n}")).unwrap_or_default()),
    };
    html! {
        <g class={classes!("gnode", "pod", state_class(pod), pod.ready.then_some("is-ready"), pod.unschedulable_reason.is_some().then_some("unschedulable"), selected.then_some("selected"), touched.then_some("touched"))}
           style={style.clone()} data-kind="Pod" data-name={pod.name.clone()} data-namespace={pod.namespace.clone()}
           data-phase={pod.phase.clone()} data-status={pod.status.clone()} data-ready={pod.ready.to_string()}
           data-node={pod.node.clone().unwrap_or_default()} data-reason={pod.unschedulable_reason.clone()}
           role="button" tabindex="0" {onclick}>
            <title>{ format!("{} — {} ({} ready){}", pod.name, pod.status, pod.ready_column, pod.unschedulable_reason.as_ref().map(|r| format!("\n{r}")).unwrap_or_default()) }</title>
            <rect class="hit" width={POD_W.to_string()} height={BOX_H.to_string()} rx="6" />
            <circle class="ring" cx="15" cy="15" r="13" />
            <circle class="dot" cx="15" cy="15" r="10" />
            <text class="icon" x="15" y="19" text-anchor="middle">{ icon(pod) }</text>
            <text class="name" x="34" y="13">{ truncate(&pod.name, 28) }</text>
            <text class={classes!("sub", pod.unschedulable_reason.is_some().then_some("reason"))} x="34" y="26" data-testid={pod.unschedulable_reason.is_some().then_some("pod-reason")}>{ truncate(&sub, 38) }</text>
            if restarts != "0" {
                <g class="badge" transform="translate(22, 0)">
                    <circle r="7" cx="0" cy="4" />
                    <text x="0" y="7" text-anchor="middle">{ restarts }</text>
                </g>
            }
        </g>
    }
}

/// The scheduler's message without the node count preamble and the
/// preemption tail: `0/4 nodes are available: 1 node(s) had untolerated
/// taint …, 3 Insufficient cpu. preemption: …` → `3 Insufficient cpu, 1 …`.
pub fn reason_short(message: &str) -> String {
    let body = message.split_once("are available: ").map(|(_, b)| b).unwrap_or(message);
    let body = body.split(". preemption").next().unwrap_or(body).trim_end_matches('.');
    body.to_string()
}

/// The scheduler's reasons in one short line for the pod itself: most
/// nodes first, taint details dropped (`3 Insufficient cpu, 1 node(s) had
/// untolerated taint`).
pub fn reason_line(message: &str) -> String {
    let short = reason_short(message);
    let mut parts: Vec<(u64, String)> = super::aggregate::split_reasons(&short)
        .into_iter()
        .map(|p| {
            let p = p.trim();
            // `{key: value}` details make the line too long to read on a pod.
            let p = match p.find(" {") {
                Some(i) => &p[..i],
                None => p,
            };
            let n = p.split(' ').next().and_then(|n| n.parse::<u64>().ok()).unwrap_or(0);
            (n, p.to_string())
        })
        .filter(|(_, p)| !p.is_empty())
        .collect();
    kubeplay_playground::sort::sort_by_key(&mut parts, |p| std::cmp::Reverse(p.0));
    parts.into_iter().map(|(_, p)| p).collect::<Vec<_>>().join(", ")
}

fn group_node(p: &Placed, owner: &str, pods: &[&Rc<PodView>], style: String, onclick: Callback<MouseEvent>) -> Html {
    // Counts per state colour, in a fixed order, as a stacked bar.
    let order = ["st-ready", "st-running", "st-creating", "st-pending", "st-pull", "st-crash", "st-terminating", "st-succeeded", "st-failed"];
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for pod in pods {
        *counts.entry(state_class(pod)).or_default() += 1;
    }
    let total = pods.len().max(1) as f64;
    let mut x = 0.0;
    let bar_w = POD_W - 44.0;
    let segments = order.iter().filter_map(|class| {
        let n = *counts.get(class)?;
        let w = n as f64 / total * bar_w;
        let seg = html! { <rect class={classes!("seg", *class)} x={format!("{:.1}", 34.0 + x)} y="19" width={format!("{w:.1}")} height="6" rx="1"><title>{ format!("{n} {}", class.trim_start_matches("st-")) }</title></rect> };
        x += w;
        Some(seg)
    });
    let ready = pods.iter().filter(|p| p.ready).count();
    html! {
        <g key={p.id()} class="gnode group" style={style} data-kind="PodGroup" data-owner={owner.to_string()} data-count={pods.len().to_string()}
           data-ready-count={ready.to_string()} role="button" tabindex="0" {onclick}>
            <title>{ format!("{} pods of {} ({} ready) — click to expand or collapse", pods.len(), short_id(owner), ready) }</title>
            <rect class="hit" width={POD_W.to_string()} height={BOX_H.to_string()} rx="6" />
            <rect class="stack s2" x="6" y="8" width="20" height="20" rx="5" />
            <rect class="stack s1" x="3" y="5" width="20" height="20" rx="5" />
            <rect class="stack" x="0" y="2" width="20" height="20" rx="5" />
            <text class="name" x="34" y="13">{ format!("{} pods · {} ready", pods.len(), ready) }</text>
            { for segments }
        </g>
    }
}

fn kind_class(kind: &str) -> &'static str {
    match kind {
        "Service" => "k-service",
        "EndpointSlice" => "k-slice",
        "PersistentVolumeClaim" => "k-claim",
        "HorizontalPodAutoscaler" => "k-hpa",
        "CronJob" => "k-cron",
        "Ingress" => "k-ingress",
        "NetworkPolicy" => "k-netpol",
        _ => "k-other",
    }
}

/// A graph object's badge: the short form of a built-in kind, a custom
/// resource's kind in capitals.
fn badge(kind: &str) -> String {
    match short_kind(kind) {
        "" => truncate(&kind.to_uppercase(), 12),
        short => short.to_string(),
    }
}

fn short_kind(kind: &str) -> &'static str {
    match kind {
        "Deployment" => "DEPLOY",
        "ReplicaSet" => "RS",
        "StatefulSet" => "STS",
        "DaemonSet" => "DS",
        "Job" => "JOB",
        "CronJob" => "CRONJOB",
        "Service" => "SVC",
        "EndpointSlice" => "SLICE",
        "PersistentVolumeClaim" => "PVC",
        "HorizontalPodAutoscaler" => "HPA",
        "ReplicationController" => "RC",
        "Ingress" => "ING",
        "NetworkPolicy" => "NETPOL",
        _ => "",
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let head: String = s.chars().take(max.saturating_sub(1)).collect();
        format!("{head}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_kinds_get_their_name_as_a_badge() {
        assert_eq!(badge("Deployment"), "DEPLOY");
        assert_eq!(badge("App"), "APP");
        assert_eq!(badge("VeryLongCustomKindName"), "VERYLONGCUS…");
    }

    #[test]
    fn the_schedulers_message_shortens_to_its_reasons() {
        // The wording of upstream's FitError.Error().
        assert_eq!(
            reason_short("0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod."),
            "1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu"
        );
        assert_eq!(reason_short("no nodes available to schedule pods"), "no nodes available to schedule pods");
        assert_eq!(
            reason_line("0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling."),
            "3 Insufficient cpu, 1 node(s) had untolerated taint"
        );
    }

    #[test]
    fn a_service_sits_right_of_its_slice_next_to_its_pods() {
        let mut pg = kubeplay_playground::Playground::new(1);
        pg.apply(kubeplay_playground::DEFAULT_EXAMPLE);
        pg.apply("apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector: {app: nginx}\n  ports:\n  - port: 80\n");
        pg.settle();
        let (view, graph) = (pg.view(), pg.graph());
        let l = layout(&view, &graph, &BTreeSet::new());
        let find = |kind: &str| l.placed.iter().find(|p| p.id().starts_with(kind)).map(|p| (p.x, p.row)).unwrap();
        let (pod_x, first_pod_row) = find("Pod/");
        let (slice_x, slice_row) = find("EndpointSlice/");
        let (svc_x, svc_row) = find("Service/");
        assert!(pod_x < slice_x && slice_x < svc_x);
        assert_eq!(slice_row, first_pod_row);
        assert_eq!(svc_row, slice_row);
    }

    #[test]
    fn a_network_policy_sits_between_its_pods_and_their_services() {
        let mut pg = kubeplay_playground::Playground::new(1);
        pg.apply(kubeplay_playground::DEFAULT_EXAMPLE);
        pg.apply("apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector: {app: nginx}\n  ports:\n  - port: 80\n");
        pg.apply("apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: web\nspec:\n  podSelector: {matchLabels: {app: nginx}}\n");
        pg.settle();
        let (view, graph) = (pg.view(), pg.graph());
        let l = layout(&view, &graph, &BTreeSet::new());
        let find = |kind: &str| l.placed.iter().find(|p| p.id().starts_with(kind)).map(|p| (p.x, p.row)).unwrap();
        let (pod_x, first_pod_row) = find("Pod/");
        let (np_x, np_row) = find("NetworkPolicy/");
        let (slice_x, _) = find("EndpointSlice/");
        assert!(pod_x < np_x && np_x < slice_x);
        assert_eq!(np_row, first_pod_row);
    }

    #[test]
    fn many_pods_collapse_into_a_group_that_expands() {
        let mut pg = kubeplay_playground::Playground::new(1);
        pg.apply(&kubeplay_playground::DEFAULT_EXAMPLE.replace("replicas: 3", "replicas: 30"));
        for _ in 0..40 {
            pg.step();
        }
        let (view, graph) = (pg.view(), pg.graph());
        let l = layout(&view, &graph, &BTreeSet::new());
        let groups: Vec<_> = l.placed.iter().filter(|p| matches!(p.item, Item::Group { .. })).collect();
        assert_eq!(groups.len(), 1);
        let Item::Group { owner, pods } = &groups[0].item else { unreachable!() };
        assert_eq!(pods.len(), view.pods.iter().filter(|p| p.namespace == "default").count());
        let open: BTreeSet<String> = [owner.clone()].into();
        let l = layout(&view, &graph, &open);
        assert!(l.placed.iter().all(|p| !matches!(p.item, Item::Group { .. })));
    }
}
