//! The cluster view for large clusters (more pods than can be drawn one by
//! one): a bin-packing heat map with one cell per node, coloured by how
//! much of its CPU is requested, and a histogram of Pending pods by the
//! scheduler's reason.

use std::collections::BTreeMap;

use kubeplay_playground::{ClusterView, NodeView};
use yew::prelude::*;

use super::graph::reason_short;
use crate::state::ObjRef;

/// Pending pods counted by reason: each part of the scheduler's message
/// (`3 Insufficient cpu`, `1 node(s) had untolerated taint {…}`) without
/// its node count, so pods that failed for the same reasons on clusters
/// of any size land in the same bar. Unscheduled pods the scheduler has
/// not tried yet count as "not tried yet". Most pods first, then by name.
pub fn pending_histogram(view: &ClusterView) -> Vec<(String, usize)> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for p in view
        .pods
        .iter()
        .filter(|p| p.node.is_none() && !p.terminating && p.phase == "Pending")
    {
        let Some(message) = &p.unschedulable_reason else {
            *counts.entry("not tried yet".into()).or_default() += 1;
            continue;
        };
        let short = reason_short(message);
        let mut parts: Vec<String> = split_reasons(&short)
            .into_iter()
            .map(|part| {
                let part = part.trim();
                // Drop the leading node count (`3 Insufficient cpu`).
                match part.split_once(' ') {
                    Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) => rest.to_string(),
                    _ => part.to_string(),
                }
            })
            .filter(|s| !s.is_empty())
            .collect();
        kubeplay_playground::sort::sort(&mut parts);
        parts.dedup();
        for part in parts {
            *counts.entry(part).or_default() += 1;
        }
    }
    let mut out: Vec<(String, usize)> = counts.into_iter().collect();
    kubeplay_playground::sort::sort_by(&mut out, |a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out
}

/// Splits on the commas between reasons, not those inside `{…}` (taints).
pub fn split_reasons(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in s.char_indices() {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            ',' if depth <= 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// How full a node is, as the larger of its CPU and memory requests (0–1).
pub fn fullness(n: &NodeView) -> f64 {
    let f = |used: i64, total: i64| {
        if total > 0 {
            (used as f64 / total as f64).clamp(0.0, 1.0)
        } else {
            0.0
        }
    };
    f(n.cpu_requested, n.cpu_allocatable).max(f(n.memory_requested, n.memory_allocatable))
}

#[derive(Properties, PartialEq)]
pub struct LargeClusterProps {
    pub view: std::rc::Rc<ClusterView>,
    pub on_select: Callback<ObjRef>,
}

#[function_component]
pub fn LargeCluster(props: &LargeClusterProps) -> Html {
    let view = &props.view;
    let mut per_node: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &view.pods {
        if let Some(n) = &p.node {
            *per_node.entry(n.as_str()).or_default() += 1;
        }
    }
    let cells = view.nodes.iter().map(|n| {
        let full = fullness(n);
        let pods = per_node.get(n.name.as_str()).copied().unwrap_or(0);
        let obj = ObjRef { kind: "Node".into(), namespace: String::new(), name: n.name.clone() };
        let onclick = props.on_select.reform(move |_: MouseEvent| obj.clone());
        // Hue from green (empty) through amber to red (full).
        let hue = 140.0 - 140.0 * full;
        html! {
            <button key={n.name.clone()} class={classes!("heat-cell", (!n.ready).then_some("not-ready"), n.unschedulable.then_some("cordoned"))}
                style={format!("--heat: hsl({hue:.0} 70% 45% / {:.2})", 0.25 + 0.75 * full)}
                data-kind="Node" data-name={n.name.clone()} data-namespace="" data-fullness={format!("{full:.2}")}
                title={format!("{} — {pods} pods, {:.0}% requested{}{}", n.name, full * 100.0, if n.ready { "" } else { ", NotReady" }, if n.unschedulable { ", cordoned" } else { "" })}
                {onclick} />
        }
    });
    let hist = pending_histogram(view);
    let max = hist.iter().map(|h| h.1).max().unwrap_or(1).max(1);
    let pending: usize = view
        .pods
        .iter()
        .filter(|p| p.node.is_none() && p.phase == "Pending")
        .count();
    html! {
        <div class="large-cluster" data-testid="large-cluster">
            <div class="heat-head">
                <span>{ format!("{} nodes · {} pods · {} pending", view.nodes.len(), view.pods.len(), pending) }</span>
                <span class="legend"><span class="sw low" />{ "empty" }<span class="sw mid" />{ "half" }<span class="sw high" />{ "full" }</span>
            </div>
            <p class="aggregate-notice" data-testid="aggregate-notice">{ format!("More than {} pods: nodes are drawn by how full they are and pending pods are counted by reason, not drawn one by one (the simulation itself is complete).", super::graph::AGGREGATE_AT) }</p>
            <div class="heatmap" data-testid="heatmap" role="list" aria-label="Nodes by how full they are">{ for cells }</div>
            <h3 class="sub-title">{ "Pending pods by reason" }</h3>
            if hist.is_empty() {
                <div class="lane-empty">{ "no pods waiting for a node" }</div>
            } else {
                <div class="histogram" data-testid="pending-histogram">
                    { for hist.iter().map(|(reason, n)| html! {
                        <div class="hist-row" data-reason={reason.clone()} data-count={n.to_string()} title={reason.clone()}>
                            <span class="hist-label">{ reason }</span>
                            <span class="hist-track"><span class="hist-fill" style={format!("transform: scaleX({:.3})", *n as f64 / max as f64)} /></span>
                            <span class="hist-value">{ n }</span>
                        </div>
                    }) }
                </div>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_playground::PodView;

    fn pending(name: &str, reason: Option<&str>) -> PodView {
        PodView {
            name: name.into(),
            namespace: "default".into(),
            phase: "Pending".into(),
            status: "Pending".into(),
            ready_column: "0/1".into(),
            ready: false,
            node: None,
            restarts: "0".into(),
            owner: None,
            terminating: false,
            unschedulable_reason: reason.map(str::to_string),
            created: String::new(),
        }
    }

    #[test]
    fn pending_pods_are_counted_per_reason_across_cluster_sizes() {
        let view = ClusterView {
            time: String::new(),
            step: 0,
            nodes: vec![],
            workloads: vec![],
            pods: [
                pending("a", Some("0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.")),
                pending("b", Some("0/10 nodes are available: 10 Insufficient cpu. preemption: 0/10 nodes are available: 10 No preemption victims found for incoming pod.")),
                pending("c", Some("0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.")),
                pending("d", None),
            ]
            .into_iter()
            .map(std::rc::Rc::new)
            .collect(),
            events: vec![],
        };
        assert_eq!(
            pending_histogram(&view),
            vec![
                ("Insufficient cpu".to_string(), 2),
                (
                    "node(s) didn't match Pod's node affinity/selector".to_string(),
                    1
                ),
                (
                    "node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }"
                        .to_string(),
                    1
                ),
                ("not tried yet".to_string(), 1),
            ]
        );
    }
}
