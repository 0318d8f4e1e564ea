//! The cluster view: one card per node with the pods bound to it, its
//! condition, cordon, taints and how much of its cpu and memory is
//! requested, plus a lane for pods no node has taken yet. Above a few
//! hundred pods it switches to aggregates (see [`super::aggregate`]).

use std::rc::Rc;

use kubeplay_playground::{ClusterView, NodeView, PodView};
use yew::prelude::*;

use super::pods::{icon, state_class};
use crate::state::ObjRef;

#[derive(Properties, PartialEq)]
pub struct ClusterProps {
    pub view: Rc<ClusterView>,
    pub selected: Option<ObjRef>,
    pub on_select: Callback<ObjRef>,
}

#[derive(Properties, PartialEq)]
struct ChipProps {
    /// Shared with the previous view while the pod is unchanged, so an
    /// unchanged chip is not redrawn.
    pod: Rc<PodView>,
    selected: bool,
    on_select: Callback<ObjRef>,
}

#[function_component]
fn Chip(props: &ChipProps) -> Html {
    let pod = &props.pod;
    let onclick = {
        let pod = pod.clone();
        props.on_select.reform(move |_: MouseEvent| ObjRef { kind: "Pod".into(), namespace: pod.namespace.clone(), name: pod.name.clone() })
    };
    let system = kubeplay_playground::is_system_namespace(&pod.namespace);
    let title = format!(
        "{}/{} — {}{}",
        pod.namespace,
        pod.name,
        pod.status,
        pod.unschedulable_reason.as_ref().map(|r| format!("\n{r}")).unwrap_or_default()
    );
    html! {
        <button
            class={classes!("chip", state_class(pod), system.then_some("system"), props.selected.then_some("selected"))}
            data-kind="Pod" data-name={pod.name.clone()} data-namespace={pod.namespace.clone()}
            data-phase={pod.phase.clone()} data-status={pod.status.clone()} data-ready={pod.ready.to_string()}
            data-node={pod.node.clone().unwrap_or_default()}
            title={title} {onclick}>
            <span class="chip-dot" aria-hidden="true">{ icon(pod) }</span>
            <span class="chip-name">{ &pod.name }</span>
        </button>
    }
}

fn chip(pod: &Rc<PodView>, selected: &Option<ObjRef>, on_select: &Callback<ObjRef>) -> Html {
    let is_selected = selected.as_ref().is_some_and(|s| s.kind == "Pod" && s.namespace == pod.namespace && s.name == pod.name);
    html! { <Chip key={format!("{}/{}", pod.namespace, pod.name)} pod={pod.clone()} selected={is_selected} on_select={on_select.clone()} /> }
}

fn bar(label: &str, used: i64, total: i64, fmt: fn(i64) -> String) -> Html {
    let pct = if total > 0 { (used as f64 / total as f64 * 100.0).clamp(0.0, 100.0) } else { 0.0 };
    let level = if pct >= 90.0 { "high" } else if pct >= 70.0 { "mid" } else { "low" };
    html! {
        <div class="bar" title={format!("{label}: {} requested of {} allocatable ({pct:.0}%)", fmt(used), fmt(total))}>
            <span class="bar-label">{ label }</span>
            <span class="bar-track"><span class={classes!("bar-fill", level)} style={format!("transform: scaleX({:.3})", pct / 100.0)} /></span>
            <span class="bar-value">{ format!("{} / {}", fmt(used), fmt(total)) }</span>
        </div>
    }
}

fn cpu(m: i64) -> String {
    if m % 1000 == 0 {
        format!("{}", m / 1000)
    } else {
        format!("{m}m")
    }
}

fn mem(b: i64) -> String {
    const GI: i64 = 1 << 30;
    const MI: i64 = 1 << 20;
    if b >= GI && b % (GI / 10) == 0 {
        format!("{:.1}Gi", b as f64 / GI as f64).replace(".0Gi", "Gi")
    } else {
        format!("{}Mi", b / MI)
    }
}

fn node_card(node: &NodeView, pods: Vec<&Rc<PodView>>, props: &ClusterProps) -> Html {
    let obj = ObjRef { kind: "Node".into(), namespace: String::new(), name: node.name.clone() };
    let selected = props.selected.as_ref() == Some(&obj);
    let onclick = props.on_select.reform(move |_: MouseEvent| obj.clone());
    html! {
        <div key={node.name.clone()}
            class={classes!("node", (!node.ready).then_some("not-ready"), node.unschedulable.then_some("cordoned"), selected.then_some("selected"))}
            data-kind="Node" data-name={node.name.clone()} data-namespace="" data-ready={node.ready.to_string()}
            data-unschedulable={node.unschedulable.to_string()}>
            <button class="node-head" {onclick} title="Inspect this node">
                <span class="node-name">{ &node.name }</span>
                <span class={classes!("pill", if node.ready { "ok" } else { "bad" })}>{ if node.ready { "Ready" } else { "NotReady" } }</span>
                if node.unschedulable {
                    <span class="pill warn">{ "cordoned" }</span>
                }
            </button>
            <div class="node-meta">
                { node.zone.clone().unwrap_or_else(|| "no zone".into()) }
                { for node.taints.iter().map(|t| html! { <span class="taint" title="taint">{ t }</span> }) }
            </div>
            { bar("CPU", node.cpu_requested, node.cpu_allocatable, cpu) }
            { bar("Mem", node.memory_requested, node.memory_allocatable, mem) }
            <div class="node-pods">{ for pods.into_iter().map(|p| chip(p, &props.selected, &props.on_select)) }</div>
        </div>
    }
}

#[function_component]
pub fn Cluster(props: &ClusterProps) -> Html {
    let view = &props.view;
    let maximised = use_state(|| false);
    let toggle_max = {
        let maximised = maximised.clone();
        Callback::from(move |_: MouseEvent| maximised.set(!*maximised))
    };
    let max_button = html! {
        <button class="ghost small" data-testid="cluster-maximise" aria-pressed={maximised.to_string()} title={if *maximised { "Show the ownership graph again" } else { "Maximise the cluster view" }} onclick={toggle_max}>{ if *maximised { "⤡" } else { "⤢" } }</button>
    };
    let head = html! {
        <header class="panel-header"><h2>{ "Cluster" }</h2><span class="hint">{ format!("{} nodes · {} pods", view.nodes.len(), view.pods.len()) }</span><span class="spacer" />{ max_button }</header>
    };
    let class = classes!("panel", "cluster-panel", maximised.then_some("maximised"));
    if view.pods.len() > super::graph::AGGREGATE_AT {
        return html! {
            <section {class}>
                { head }
                <div class="cluster-scroll" data-testid="cluster">
                    <super::aggregate::LargeCluster view={view.clone()} on_select={props.on_select.clone()} />
                </div>
            </section>
        };
    }
    let unscheduled: Vec<&Rc<PodView>> = view.pods.iter().filter(|p| p.node.is_none()).collect();
    let cards = view.nodes.iter().map(|n| {
        let pods = view.pods.iter().filter(|p| p.node.as_deref() == Some(n.name.as_str())).collect();
        node_card(n, pods, props)
    });
    html! {
        <section {class}>
            { head }
            <div class="cluster-scroll" data-testid="cluster">
                <div class={classes!("lane", unscheduled.is_empty().then_some("empty"))} data-testid="unscheduled">
                    <div class="lane-title">{ "Unscheduled" }<span class="lane-count">{ unscheduled.len() }</span></div>
                    <div class="node-pods">
                        { for unscheduled.iter().map(|p| chip(p, &props.selected, &props.on_select)) }
                        if unscheduled.is_empty() {
                            <span class="lane-empty">{ "no pods waiting for a node" }</span>
                        }
                    </div>
                </div>
                <div class="nodes">{ for cards }</div>
            </div>
        </section>
    }
}
