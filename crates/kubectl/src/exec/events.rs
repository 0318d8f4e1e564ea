//! `kubectl events`: a namespace's events (or every namespace's) in one
//! table, oldest first, optionally only one object's or one type's.

use super::{Cx, Output};
use crate::cli::Events;
use crate::describe::event_interval;
use crate::print::tabwriter::TabWriter;
use kubeplay_model::api::Event;
use kubeplay_model::{Kind, Object, Time};

/// When an event last happened, for ordering (`eventTime` in upstream's
/// events command): the series' last sighting, else the last timestamp,
/// else the MicroTime (never the first timestamp, unlike LAST SEEN).
fn last_seen(e: &Event) -> Option<Time> {
    e.series_last_observed().or(e.last_timestamp).or_else(|| e.event_time())
}

/// A cell cut at the first line break (`escapeCell`), so one event stays
/// one row, with escape characters shown as `^[` (`EscapeTerminal`).
fn cell(s: &str) -> String {
    let cut = match s.find(['\u{c}', '\n', '\r']) {
        Some(i) => format!("{}...", &s[..i]),
        None => s.to_string(),
    };
    cut.replace('\u{1b}', "^[")
}

pub fn run(e: &Events, cx: &Cx, out: &mut Output) {
    if e.output.is_some() {
        out.error("error: (playground) kubectl events -o is not supported; kubectl get events -o yaml|json|jsonpath=… prints the events as objects");
        return;
    }
    if e.watch {
        out.note("(playground) watching (-w) is not supported: this shows the events as they are now; run `sim advance DURATION` and list them again to see new ones");
    }
    let namespace = (!e.all_namespaces).then_some(cx.namespace);
    let mut events: Vec<&Event> = cx
        .store
        .list(Kind::Event, namespace)
        .filter_map(|o| match o.as_ref() {
            Object::Event(ev) => Some(&**ev),
            _ => None,
        })
        .filter(|ev| e.types.is_empty() || e.types.iter().any(|t| t.eq_ignore_ascii_case(ev.type_.as_deref().unwrap_or(""))))
        .filter(|ev| {
            e.for_object.as_ref().is_none_or(|(kind, name)| {
                ev.involved_object.kind.as_deref() == Some(kind.name()) && ev.involved_object.name.as_deref() == Some(name.as_str())
            })
        })
        .collect();
    if events.is_empty() {
        out.note(&match namespace {
            Some(ns) => format!("No events found in {ns} namespace."),
            None => "No events found.".into(),
        });
        return;
    }
    kubeplay_model::sort::sort_by_key(&mut events, |ev| last_seen(ev));
    let mut text = String::new();
    if !e.no_headers {
        if e.all_namespaces {
            text.push_str("NAMESPACE\t");
        }
        text.push_str("LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n");
    }
    for ev in events {
        if e.all_namespaces {
            text.push_str(&format!("{}\t", ev.metadata.namespace));
        }
        let o = &ev.involved_object;
        text.push_str(&format!(
            "{}\t{}\t{}\t{}/{}\t{}\n",
            event_interval(ev, cx.now),
            cell(ev.type_.as_deref().unwrap_or("")),
            cell(ev.reason.as_deref().unwrap_or("")),
            cell(o.kind.as_deref().unwrap_or("")),
            cell(o.name.as_deref().unwrap_or("")),
            cell(ev.message.as_deref().unwrap_or("").trim())
        ));
    }
    let mut w = TabWriter::kubectl();
    w.write(&text);
    out.stdout.push_str(&w.finish());
}

#[cfg(test)]
#[path = "events_upstream_tests.rs"]
mod upstream_tests;
