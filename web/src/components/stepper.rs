//! The reconciliation stepper: rewind, step back, play/pause, step, speed,
//! the virtual clock and a scrubber over every recorded step, and the card
//! that says what the current step's controller saw, wanted and did.

use kubeplay_playground::{StepView, WriteView};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::state::SPEEDS;

#[derive(Properties, PartialEq)]
pub struct StepperProps {
    pub position: (usize, usize),
    pub playing: bool,
    pub speed: usize,
    pub time: String,
    pub on_rewind: Callback<()>,
    pub on_back: Callback<()>,
    pub on_play: Callback<()>,
    pub on_step: Callback<()>,
    pub on_speed: Callback<usize>,
    pub on_jump: Callback<usize>,
    /// Step, back and play pass over steps that changed nothing.
    #[prop_or_default]
    pub hide_noops: bool,
    #[prop_or_default]
    pub on_hide_noops: Callback<bool>,
}

/// `2024-01-01T00:00:12Z` → `00:00:12`: the clock shows virtual time of day.
fn clock(time: &str) -> String {
    time.split('T').nth(1).map(|t| t.trim_end_matches('Z').to_string()).unwrap_or_else(|| time.to_string())
}

#[function_component]
pub fn Stepper(props: &StepperProps) -> Html {
    let (cursor, total) = props.position;
    let onchange = props.on_speed.reform(|e: Event| e.target_unchecked_into::<HtmlSelectElement>().value().parse::<usize>().unwrap_or(0));
    let oninput = props.on_jump.reform(|e: InputEvent| e.target_unchecked_into::<HtmlInputElement>().value().parse::<usize>().unwrap_or(0));
    let on_hide = props.on_hide_noops.reform(|e: Event| e.target_unchecked_into::<HtmlInputElement>().checked());
    html! {
        <div class="stepper" role="toolbar" aria-label="Reconciliation stepper">
            <button class="icon-btn" data-testid="reset" title="Back to the first step" aria-label="Rewind to the start" disabled={cursor == 0} onclick={props.on_rewind.reform(|_| ())}>{ "|◀◀" }</button>
            <button class="icon-btn" data-testid="step-back" title="Step back (←)" aria-label="Step back" disabled={cursor == 0} onclick={props.on_back.reform(|_| ())}>{ "◀" }</button>
            <button class={classes!("icon-btn", "play", props.playing.then_some("on"))} data-testid="play" title="Play / pause (space)" aria-label={if props.playing { "Pause" } else { "Play" }} aria-pressed={props.playing.to_string()} onclick={props.on_play.reform(|_| ())}>{ if props.playing { "⏸" } else { "▶" } }</button>
            <button class="icon-btn" data-testid="step" title="One reconcile step (→)" aria-label="Step forward" onclick={props.on_step.reform(|_| ())}>{ "▶|" }</button>
            <label class="speed" title="Play speed">
                <span class="visually-hidden">{ "Speed" }</span>
                <select data-testid="speed" {onchange}>
                    { for SPEEDS.iter().enumerate().map(|(i, (_, label))| html! { <option value={i.to_string()} selected={i == props.speed}>{ *label }</option> }) }
                </select>
            </label>
            <label class="hide-noops" title="Step, back and play pass over reconciles that changed nothing">
                <input type="checkbox" data-testid="hide-noops" checked={props.hide_noops} onchange={on_hide} />
                { "hide no-op steps" }
            </label>
            <span class="clock" data-testid="clock" title="Virtual cluster time">{ clock(&props.time) }</span>
            <input type="range" class="timeline" data-testid="timeline" aria-label="Timeline" min="0" max={total.to_string()} value={cursor.to_string()} {oninput} />
            <span class="step-count" data-testid="step-count">{ format!("step {cursor} / {total}") }</span>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct StepCardProps {
    pub step: Option<StepView>,
    /// The step's writes with their field diffs.
    #[prop_or_default]
    pub writes: Vec<WriteView>,
}

/// Most changed fields listed per write; the rest are counted.
const MAX_CHANGES: usize = 8;
/// Most writes and events listed on the card; the rest are counted. A
/// ReplicaSet sync can create hundreds of pods in one step: listing them
/// all made that step's frame hundreds of milliseconds long.
const MAX_LISTED: usize = 24;

fn write_item(w: &WriteView) -> Html {
    let shown = w.changes.iter().take(MAX_CHANGES).map(|c| {
        html! {
            <tr class="change" data-path={c.path.clone()}>
                <td class="path">{ &c.path }</td>
                <td class="old">{ c.before.clone().unwrap_or_else(|| "∅".into()) }</td>
                <td class="arrow" aria-label="becomes">{ "→" }</td>
                <td class="new">{ c.after.clone().unwrap_or_else(|| "∅".into()) }</td>
            </tr>
        }
    });
    let more = w.changes.len().saturating_sub(MAX_CHANGES);
    html! {
        <li class="write">
            <span class="write-what">{ &w.write }</span>
            if !w.changes.is_empty() {
                <table class="diff" data-testid="step-diff">
                    <tbody>{ for shown }</tbody>
                </table>
                if more > 0 { <div class="more">{ format!("+{more} more field{}", if more == 1 { "" } else { "s" }) }</div> }
            }
        </li>
    }
}

#[function_component]
pub fn StepCard(props: &StepCardProps) -> Html {
    let Some(step) = &props.step else {
        return html! {
            <div class="step-card empty" data-testid="step-card">
                <div class="step-sentence">{ "The beginning of the timeline. Apply a manifest, then press ▶| to watch the controllers react one step at a time." }</div>
            </div>
        };
    };
    let ns = if step.namespace.is_empty() { String::new() } else { format!("{}/", step.namespace) };
    html! {
        <div class={classes!("step-card", step.noop.then_some("noop"))} data-testid="step-card" data-component={step.component.clone()} data-step={step.index.to_string()}>
            <div class="step-head">
                <span class="step-index">{ format!("#{}", step.index) }</span>
                <span class="component">{ &step.component }</span>
                <span class="object">{ format!("{} {ns}{}", step.kind, step.name) }</span>
                if step.noop { <span class="pill">{ "no change" }</span> }
            </div>
            <div class="step-sentence">{ &step.explanation }</div>
            if !step.observed.is_empty() || !step.desired.is_empty() {
                <div class="step-od">
                    <div><span class="od-label">{ "observed" }</span>{ &step.observed }</div>
                    <div><span class="od-label">{ "desired" }</span>{ &step.desired }</div>
                </div>
            }
            if !step.writes.is_empty() || !step.events.is_empty() {
                <ul class="step-writes">
                    if props.writes.len() == step.writes.len() {
                        { for props.writes.iter().take(MAX_LISTED).map(write_item) }
                    } else {
                        { for step.writes.iter().take(MAX_LISTED).map(|w| html! { <li class="write"><span class="write-what">{ w }</span></li> }) }
                    }
                    if step.writes.len() > MAX_LISTED {
                        <li class="more" data-testid="more-writes">{ format!("… and {} more writes", step.writes.len() - MAX_LISTED) }</li>
                    }
                    { for step.events.iter().take(MAX_LISTED).map(|e| html! { <li class="event">{ format!("event: {e}") }</li> }) }
                    if step.events.len() > MAX_LISTED {
                        <li class="more">{ format!("… and {} more events", step.events.len() - MAX_LISTED) }</li>
                    }
                </ul>
            }
        </div>
    }
}
