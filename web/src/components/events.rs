//! The events panel: the cluster's Event objects, newest first, as
//! `kubectl get events` would list them.

use std::rc::Rc;

use kubeplay_playground::{ClusterView, EventView};
use yew::prelude::*;

/// Rows the panel shows.
const SHOWN: usize = 100;

#[derive(Properties, PartialEq)]
pub struct EventsProps {
    pub view: Rc<ClusterView>,
}

#[derive(Properties, PartialEq)]
struct RowProps {
    event: Rc<EventView>,
}

#[function_component]
fn Row(props: &RowProps) -> Html {
    let e = &props.event;
    let time = e.last.split('T').nth(1).unwrap_or("").trim_end_matches('Z').to_string();
    html! {
        <tr class={classes!((e.type_ == "Warning").then_some("warning"))}>
            <td class="ev-time">{ time }</td>
            <td class="ev-type">{ &e.type_ }</td>
            <td class="ev-reason">{ &e.reason }</td>
            <td class="ev-object">{ &e.object }</td>
            <td class="ev-message">{ &e.message }{ if e.count > 1 { format!(" (×{})", e.count) } else { String::new() } }</td>
        </tr>
    }
}

#[function_component]
pub fn Events(props: &EventsProps) -> Html {
    // Unchanged events are the same `Rc`s from one view to the next: keyed
    // by that address, a row is one component per event object while it
    // lives, so a new event inserts one row and the others are not redrawn.
    let events = &props.view.events;
    let rows = events.iter().rev().take(SHOWN).map(|e| html! { <Row key={Rc::as_ptr(e) as usize} event={e.clone()} /> });
    html! {
        <section class="panel events-panel" data-testid="events">
            <header class="panel-header"><h2>{ "Events" }</h2><span class="hint">{ format!("{} events", events.len()) }</span></header>
            <div class="events-scroll">
                if events.is_empty() {
                    <div class="empty-note">{ "No events yet." }</div>
                } else {
                    <table>
                        <thead><tr><th>{ "TIME" }</th><th>{ "TYPE" }</th><th>{ "REASON" }</th><th>{ "OBJECT" }</th><th>{ "MESSAGE" }</th></tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                }
            </div>
        </section>
    }
}
