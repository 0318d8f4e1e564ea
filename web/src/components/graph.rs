//! The ownership graph: workloads on the left, the ReplicaSets (or other
//! children) they own in the middle, pods on the right, drawn in SVG. Every
//! object is a keyed `<g>` placed by a CSS transform, so an object stays the
//! same DOM node as the cluster changes and moves smoothly when others
//! appear. Rows are given in a stable order (owner, then revision or
//! creation), so nothing jumps when a new object arrives below it.

use std::collections::{BTreeMap, BTreeSet};

use kubeplay_playground::{ClusterView, PodView, WorkloadView};
use yew::prelude::*;

use super::pods::{icon, state_class};
use crate::state::ObjRef;

const ROW: f64 = 40.0;
const TOP: f64 = 16.0;
const COL: [f64; 3] = [8.0, 204.0, 400.0];
const BOX_W: f64 = 176.0;
const BOX_H: f64 = 30.0;

#[derive(Properties, PartialEq)]
pub struct GraphProps {
    pub view: std::rc::Rc<ClusterView>,
    pub selected: Option<ObjRef>,
    /// `kind/name` (lowercase kind) of objects the current step touched.
    pub touched: BTreeSet<String>,
    pub on_select: Callback<ObjRef>,
}

/// A drawn object: a box (workloads) or a dot (pods).
enum Item<'a> {
    Workload(&'a WorkloadView, usize),
    Pod(&'a PodView),
}

struct Placed<'a> {
    item: Item<'a>,
    x: f64,
    y: f64,
    parent: Option<(f64, f64)>,
}

fn shown(ns: &str) -> bool {
    ns != "kube-system"
}

fn owner_key(kind: &str, ns: &str, name: &str) -> String {
    format!("{kind}/{ns}/{name}")
}

/// Places every object in rows: each root, then its children, then theirs.
fn layout(view: &ClusterView) -> Vec<Placed<'_>> {
    let mut children: BTreeMap<String, Vec<&WorkloadView>> = BTreeMap::new();
    let mut roots = Vec::new();
    for w in view.workloads.iter().filter(|w| shown(&w.namespace)) {
        match &w.owner {
            Some(o) => children.entry(format!("{}/{}", o.replacen('/', &format!("/{}/", w.namespace), 1), "")).or_default().push(w),
            None => roots.push(w),
        }
    }
    // Keys are `Kind/ns/name/` so lookups below use the same shape.
    let mut pods_of: BTreeMap<String, Vec<&PodView>> = BTreeMap::new();
    let mut bare = Vec::new();
    for p in view.pods.iter().filter(|p| shown(&p.namespace)) {
        match &p.owner {
            Some(o) => pods_of.entry(format!("{}/", o.replacen('/', &format!("/{}/", p.namespace), 1))).or_default().push(p),
            None => bare.push(p),
        }
    }
    for list in pods_of.values_mut() {
        list.sort_by(|a, b| (&a.created, &a.name).cmp(&(&b.created, &b.name)));
    }
    for list in children.values_mut() {
        // Revisions in order; the newest (current) ReplicaSet last.
        list.sort_by_key(|w| (w.revision.as_deref().and_then(|r| r.parse::<u64>().ok()).unwrap_or(0), w.name.clone()));
    }
    let mut out = Vec::new();
    let mut row = 0usize;
    let y = |row: usize| TOP + row as f64 * ROW;
    for root in roots {
        let root_key = format!("{}/", owner_key(&root.kind, &root.namespace, &root.name));
        let kids = children.get(&root_key).cloned().unwrap_or_default();
        let newest = kids.len();
        out.push(Placed { item: Item::Workload(root, 0), x: COL[0], y: y(row), parent: None });
        let root_anchor = (COL[0] + BOX_W, y(row) + BOX_H / 2.0);
        for (i, kid) in kids.iter().enumerate() {
            let kid_row = row;
            // Old ReplicaSets are drawn faded: only the newest is current.
            let age = newest - i - 1;
            out.push(Placed { item: Item::Workload(kid, age), x: COL[1], y: y(kid_row), parent: Some(root_anchor) });
            let anchor = (COL[1] + BOX_W, y(kid_row) + BOX_H / 2.0);
            let pods = pods_of.get(&format!("{}/", owner_key(&kid.kind, &kid.namespace, &kid.name))).cloned().unwrap_or_default();
            for p in &pods {
                out.push(Placed { item: Item::Pod(p), x: COL[2], y: y(row), parent: Some(anchor) });
                row += 1;
            }
            if pods.is_empty() {
                row += 1;
            }
        }
        // Pods the root owns directly (StatefulSet, DaemonSet, Job).
        let pods = pods_of.get(&root_key).cloned().unwrap_or_default();
        for p in &pods {
            out.push(Placed { item: Item::Pod(p), x: COL[2], y: y(row), parent: Some(root_anchor) });
            row += 1;
        }
        if kids.is_empty() && pods.is_empty() {
            row += 1;
        }
    }
    for p in bare {
        out.push(Placed { item: Item::Pod(p), x: COL[2], y: y(row), parent: None });
        row += 1;
    }
    out
}

fn edge_path(from: (f64, f64), to: (f64, f64)) -> String {
    let mid = (from.0 + to.0) / 2.0;
    format!("M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}", from.0, from.1, mid, from.1, mid, to.1, to.0, to.1)
}

#[function_component]
pub fn Graph(props: &GraphProps) -> Html {
    let placed = layout(&props.view);
    let rows = placed.iter().map(|p| p.y).fold(0.0_f64, f64::max);
    let height = rows + ROW + TOP;
    let width = COL[2] + 240.0;

    let edges = placed.iter().filter_map(|p| {
        let (from, key, fade) = match (&p.item, p.parent) {
            (Item::Workload(w, age), Some(from)) => (from, format!("e-{}/{}", w.kind, w.name), *age > 0),
            (Item::Pod(pod), Some(from)) => (from, format!("e-Pod/{}", pod.name), pod.terminating),
            _ => return None,
        };
        let to = (p.x, p.y + BOX_H / 2.0);
        Some(html! { <path key={key} class={classes!("edge", fade.then_some("faded"))} d={edge_path(from, to)} /> })
    });

    let nodes = placed.iter().map(|p| {
        let style = format!("transform: translate({:.0}px, {:.0}px)", p.x, p.y);
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
                let label = truncate(&w.name, 20);
                html! {
                    <g key={format!("{}/{}/{}", w.kind, w.namespace, w.name)}
                       class={classes!("gnode", "workload", (*age > 0).then_some("old"), selected.then_some("selected"), touched.then_some("touched"))}
                       style={style} data-kind={w.kind.clone()} data-name={w.name.clone()} data-namespace={w.namespace.clone()}
                       data-desired={w.desired.to_string()} data-ready-count={w.ready.to_string()}
                       role="button" tabindex="0" {onclick}>
                        <title>{ format!("{} {} — {} ready of {} desired", w.kind, w.name, w.ready, w.desired) }</title>
                        <rect class="box" width={BOX_W.to_string()} height={BOX_H.to_string()} rx="6" />
                        <text class="kind-badge" x="8" y="12">{ short_kind(&w.kind) }</text>
                        <text class="name" x="8" y="25">{ label }</text>
                        <text class="sub" x={(BOX_W - 8.0).to_string()} y="12" text-anchor="end">{ subtitle }</text>
                        <text class="count" x={(BOX_W - 8.0).to_string()} y="25" text-anchor="end">{ counts }</text>
                    </g>
                }
            }
            Item::Pod(pod) => {
                let obj = ObjRef { kind: "Pod".into(), namespace: pod.namespace.clone(), name: pod.name.clone() };
                let selected = props.selected.as_ref() == Some(&obj);
                let touched = props.touched.contains(&format!("pod/{}", pod.name));
                let onclick = props.on_select.reform(move |_: MouseEvent| obj.clone());
                let restarts = pod.restarts.split(' ').next().unwrap_or("0").to_string();
                html! {
                    <g key={format!("Pod/{}/{}", pod.namespace, pod.name)}
                       class={classes!("gnode", "pod", state_class(pod), pod.ready.then_some("is-ready"), selected.then_some("selected"), touched.then_some("touched"))}
                       style={style} data-kind="Pod" data-name={pod.name.clone()} data-namespace={pod.namespace.clone()}
                       data-phase={pod.phase.clone()} data-status={pod.status.clone()} data-ready={pod.ready.to_string()}
                       data-node={pod.node.clone().unwrap_or_default()}
                       role="button" tabindex="0" {onclick}>
                        <title>{ format!("{} — {} ({} ready){}", pod.name, pod.status, pod.ready_column, pod.unschedulable_reason.as_ref().map(|r| format!("\n{r}")).unwrap_or_default()) }</title>
                        <rect class="hit" width="236" height={BOX_H.to_string()} rx="6" />
                        <circle class="ring" cx="15" cy="15" r="13" />
                        <circle class="dot" cx="15" cy="15" r="10" />
                        <text class="icon" x="15" y="19" text-anchor="middle">{ icon(pod) }</text>
                        <text class="name" x="34" y="13">{ truncate(&pod.name, 28) }</text>
                        <text class="sub" x="34" y="26">{ format!("{} · {}{}", pod.status, pod.ready_column, pod.node.as_ref().map(|n| format!(" · {n}")).unwrap_or_default()) }</text>
                        if restarts != "0" {
                            <g class="badge" transform="translate(22, 0)">
                                <circle r="7" cx="0" cy="4" />
                                <text x="0" y="7" text-anchor="middle">{ restarts }</text>
                            </g>
                        }
                    </g>
                }
            }
        }
    });

    html! {
        <section class="panel graph-panel">
            <header class="panel-header"><h2>{ "Ownership" }</h2><span class="hint">{ "click an object to inspect it" }</span></header>
            <div class="graph-scroll">
                if placed.is_empty() {
                    <div class="empty-note">{ "Nothing here yet. Press Apply to create the manifest's objects, then step or play." }</div>
                }
                <svg data-testid="graph" class="graph" style={format!("max-width: {width}px")} viewBox={format!("0 0 {width} {height}")} role="img" aria-label="Ownership graph">
                    <g class="edges">{ for edges }</g>
                    <g class="nodes">{ for nodes }</g>
                </svg>
            </div>
        </section>
    }
}

fn short_kind(kind: &str) -> &'static str {
    match kind {
        "Deployment" => "DEPLOY",
        "ReplicaSet" => "RS",
        "StatefulSet" => "STS",
        "DaemonSet" => "DS",
        "Job" => "JOB",
        _ => "",
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let head: String = s.chars().take(max - 1).collect();
        format!("{head}…")
    }
}
