//! The rollout budget bar: while a Deployment rolls out, how many pods it
//! may have at once (replicas + maxSurge), how many must stay available
//! (replicas − maxUnavailable), how many old and new pods exist, and so how
//! many the deployment controller may create or remove right now. The
//! numbers come from the controller's own arithmetic through the facade.

use std::rc::Rc;

use kubeplay_playground::RolloutView;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RolloutBudgetProps {
    pub rollouts: Rc<Vec<RolloutView>>,
}

/// Most slots drawn one by one; above this the bar draws proportional segments.
const MAX_CELLS: i32 = 40;

/// `count` slots of `class` on a track of `scale` slots.
fn cells(count: i32, scale: i32, class: &'static str, title: String) -> Html {
    if scale > MAX_CELLS {
        let width = format!("width: {:.2}%", count.max(0) as f64 / scale as f64 * 100.0);
        return html! { <span class={classes!("seg", class)} style={width} title={format!("{count}: {title}")} /> };
    }
    (0..count.max(0)).map(|_| html! { <span class={classes!("cell", class)} title={title.clone()} /> }).collect::<Html>()
}

fn budget(r: &RolloutView) -> Html {
    // The controller's view: what each ReplicaSet is asked for, capped by
    // replicas + maxSurge in all.
    let scale = r.max_total.max(r.total).max(r.available).max(1);
    let pct = |n: i32| format!("{:.2}%", n as f64 / scale as f64 * 100.0);
    let room = (r.max_total - r.total).max(0);
    html! {
        <div class="rollout" data-testid="rollout-budget" data-name={r.name.clone()} data-namespace={r.namespace.clone()}
            data-replicas={r.replicas.to_string()} data-max-surge={r.max_surge.to_string()} data-max-unavailable={r.max_unavailable.to_string()}
            data-available={r.available.to_string()} data-can-create={r.can_create.to_string()} data-can-remove={r.can_remove.to_string()}>
            <div class="rollout-head">
                <span class="kind-badge">{ "DEPLOY" }</span>
                <strong>{ &r.name }</strong>
                <span class="hint">{ format!("{} rollout", r.strategy) }</span>
                <span class="spacer" />
                <span class="fact" title="spec.replicas">{ "replicas " }<b>{ r.replicas }</b></span>
                <span class="fact" title="maxSurge, resolved (percentages round up)">{ "maxSurge " }<b>{ r.max_surge }</b></span>
                <span class="fact" title="maxUnavailable, resolved (percentages round down)">{ "maxUnavailable " }<b>{ r.max_unavailable }</b></span>
            </div>
            <div class="budget-row">
                <span class="budget-label">{ "Pods" }</span>
                <div class={classes!("budget-track", (scale > MAX_CELLS).then_some("continuous"))} style={format!("--slots: {scale}")}>
                    { cells(r.old_desired, scale, "old", "a pod the old ReplicaSets are asked for".into()) }
                    { cells(r.new_desired, scale, "new", "a pod the new ReplicaSet is asked for".into()) }
                    { cells(room, scale, "room", "room under replicas + maxSurge".into()) }
                    <span class="marker" style={format!("left: {}", pct(r.replicas))} title={format!("replicas: {}", r.replicas)} />
                </div>
                <span class="budget-value" title={format!("pods that exist now: {} old, {} new", r.old, r.updated)}>{ format!("{} old + {} new, at most {}", r.old_desired, r.new_desired, r.max_total) }</span>
            </div>
            <div class="budget-row">
                <span class="budget-label">{ "Available" }</span>
                <div class={classes!("budget-track", (scale > MAX_CELLS).then_some("continuous"))} style={format!("--slots: {scale}")}>
                    { cells(r.available, scale, "available", "an available pod".into()) }
                    <span class="marker min" style={format!("left: {}", pct(r.min_available))} title={format!("must stay available: {}", r.min_available)} />
                </div>
                <span class="budget-value">{ format!("{} available, at least {} must stay", r.available, r.min_available) }</span>
            </div>
            <div class="budget-now">
                <span class={classes!("now", (r.can_create > 0).then_some("go"))} data-testid="rollout-can-create">{ format!("may create {} now", r.can_create) }</span>
                <span class={classes!("now", (r.can_remove > 0).then_some("go"))} data-testid="rollout-can-remove">{ format!("may remove {} old now", r.can_remove) }</span>
            </div>
        </div>
    }
}

#[function_component]
pub fn RolloutBudget(props: &RolloutBudgetProps) -> Html {
    let active: Vec<&RolloutView> = props.rollouts.iter().filter(|r| r.in_progress && r.strategy == "RollingUpdate").take(2).collect();
    if active.is_empty() {
        return html! {};
    }
    html! { <div class="rollouts" aria-label="Rollout budget">{ for active.into_iter().map(budget) }</div> }
}
