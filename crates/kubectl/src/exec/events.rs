//! `kubectl events`: a namespace's events (or every namespace's) in one
//! table, oldest first, optionally only one object's or one type's; with
//! `-o`, the same events as one `EventList` through the objects printers.

use super::{Cx, Output};
use crate::cli::Events;
use crate::describe::event_interval;
use crate::print::gotemplate::{self, Failure};
use crate::print::output::OutputFormat;
use crate::print::structured::{json, name, sort_keys, typed_value, yaml_checked};
use crate::print::tabwriter::TabWriter;
use crate::print::jsonpath;
use kubeplay_model::api::Event;
use kubeplay_model::{Kind, Object, Time};
use serde_json::{json, Value};

/// When an event last happened, for ordering (`eventTime` in upstream's
/// events command): the series' last sighting, else the last timestamp,
/// else the MicroTime (never the first timestamp, unlike LAST SEEN).
/// `eventTime` as kubectl compares it: `lastTimestamp` reaches the client
/// in whole seconds, the series' and `eventTime` in microseconds.
fn sort_time(e: &Event) -> Option<i64> {
    match (e.series_last_observed(), e.last_timestamp) {
        (Some(t), _) => Some(t.millis()),
        (None, Some(t)) => Some(t.millis().div_euclid(1000) * 1000),
        (None, None) => e.event_time().map(Time::millis),
    }
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

/// The events as the typed `EventList` kubectl builds from its list
/// calls: `kind` and `apiVersion` set on the list and on every item, an
/// empty ListMeta (no resourceVersion: the list is kubectl's own), the
/// items in Go struct order.
fn event_list(events: &[&Object], show_managed_fields: bool) -> Value {
    let items: Vec<Value> = events.iter().map(|o| typed_value(o, show_managed_fields)).collect();
    json!({"kind": "EventList", "apiVersion": "v1", "metadata": {}, "items": items})
}

/// `-o`'s printers over the sorted events. The JSON printer marshals the
/// typed list as is; the YAML printer goes through a map (keys sorted);
/// JSONPath sees the list decoded into `interface{}` (float numbers); the
/// name printer walks the items.
fn print_list(format: &OutputFormat, events: &[&Object], show_managed_fields: bool) -> Result<String, Failure> {
    let list = event_list(events, show_managed_fields);
    Ok(match format {
        OutputFormat::Name => events.iter().map(|ev| format!("{}\n", name(Kind::Event, ev.name()))).collect(),
        OutputFormat::Json => json(&list),
        OutputFormat::Yaml => {
            let mut sorted = list;
            sort_keys(&mut sorted);
            yaml_checked(&sorted)?
        }
        OutputFormat::JsonPath { template, allow_missing } => jsonpath::print(template, &jsonpath::float_numbers(&list), *allow_missing, false)?,
        OutputFormat::JsonPathAsJson { template, allow_missing } => jsonpath::print(template, &jsonpath::float_numbers(&list), *allow_missing, true)?,
        OutputFormat::GoTemplate { template, allow_missing } => gotemplate::print(template, &list, *allow_missing)?,
        // The resolver lets through only the objects printers.
        OutputFormat::Default | OutputFormat::Wide | OutputFormat::CustomColumns(_) => return Err(Failure::from("kubectl events -o prints no tables".to_string())),
    })
}

pub fn run(e: &Events, cx: &Cx, out: &mut Output) {
    if e.watch {
        out.note("(playground) watching (-w) is not supported: this shows the events as they are now; run `sim advance DURATION` and list them again to see new ones");
    }
    let namespace = (!e.all_namespaces).then_some(cx.namespace);
    let mut events: Vec<(&Object, &Event)> = cx
        .store
        .list(Kind::Event, namespace)
        .filter_map(|o| match o.as_ref() {
            Object::Event(ev) => Some((o.as_ref(), &**ev)),
            _ => None,
        })
        .filter(|(_, ev)| e.types.is_empty() || e.types.iter().any(|t| t.eq_ignore_ascii_case(ev.type_.as_deref().unwrap_or(""))))
        .filter(|(_, ev)| {
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
    kubeplay_model::sort::sort_as_go(&mut events, |(_, a), (_, b)| sort_time(a) < sort_time(b));
    if let Some(format) = &e.output {
        let objects: Vec<&Object> = events.iter().map(|(o, _)| *o).collect();
        return out.printed(print_list(format, &objects, e.show_managed_fields));
    }
    let mut text = String::new();
    if !e.no_headers {
        if e.all_namespaces {
            text.push_str("NAMESPACE\t");
        }
        text.push_str("LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n");
    }
    for (_, ev) in events {
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
