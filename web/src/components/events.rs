//! The events panel: the cluster's Event objects, newest first, as
//! `kubectl get events` would list them.

use std::rc::Rc;

use kubeplay_playground::ClusterView;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct EventsProps {
    pub view: Rc<ClusterView>,
}

#[function_component]
pub fn Events(props: &EventsProps) -> Html {
    let rows = props.view.events.iter().rev().take(100).map(|e| {
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
    });
    html! {
        <section class="panel events-panel" data-testid="events">
            <header class="panel-header"><h2>{ "Events" }</h2><span class="hint">{ format!("{} events", props.view.events.len()) }</span></header>
            <div class="events-scroll">
                if props.view.events.is_empty() {
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
