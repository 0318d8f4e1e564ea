//! `kubectl get -w/--watch-only`: the listing as it is, then one line per
//! change to the watched objects while the simulation runs on in virtual
//! time, printed as kubectl's watch prints server events. kubectl keeps
//! watching until interrupted; here the watch ends when the cluster
//! settles or after [`WATCH_CAP_MS`], with a note saying which. A watch of
//! autoscalers, whose syncs come from a timer settling does not wait for,
//! goes on until a minute passes without a change.

use super::fetch::{fetch, Scope};
use super::get::sorted;
use super::{fields, write, Io, Output};
use crate::cli::{Get, Invocation, Targets};
use crate::print::columns;
use crate::print::custom_columns::CustomColumns;
use crate::print::output::OutputFormat;
use crate::print::structured::{json, object_name, object_value, yaml_checked};
use crate::print::table::{write_table, TableOptions};
use crate::print::tabwriter::TabWriter;
use crate::print::{gojson, gotemplate, jsonpath};
use kubeplay_engine::{Engine, Work, WorkDone, Write};
use kubeplay_model::selector::FieldSelector;
use kubeplay_model::{Kind, Object, Selector, Time};
use serde_json::json;
use std::sync::Arc;

/// How long a watch runs when the cluster never settles.
pub const WATCH_CAP_MS: i64 = 5 * 60 * 1000;

const ADDED: &str = "ADDED";
const MODIFIED: &str = "MODIFIED";
const DELETED: &str = "DELETED";

/// The EVENT cell: kubectl's table printer pads the type names to one
/// width, so rows line up whichever event comes first.
fn table_event(event: &'static str) -> &'static str {
    match event {
        ADDED => "ADDED   ",
        DELETED => "DELETED ",
        other => other,
    }
}

/// Which objects the server's watch reports: one kind, narrowed as the
/// list or get that started it was.
struct Filter {
    kind: Kind,
    namespace: Option<String>,
    name: Option<String>,
    labels: Selector,
    fields: FieldSelector,
}

impl Filter {
    fn matches(&self, o: &Object) -> bool {
        let m = o.meta();
        o.kind() == self.kind
            && self
                .namespace
                .as_deref()
                .is_none_or(|ns| &*m.namespace == ns)
            && self.name.as_deref().is_none_or(|n| m.name == n)
            && self.labels.matches(&m.labels)
            && (self.fields.is_empty() || self.fields.matches(&fields::field_set(o)))
    }

    /// The watch event one write makes, if any: an object that starts or
    /// stops matching a selector is ADDED or DELETED, as the API server's
    /// filtered watch reports it.
    fn event(&self, w: &Write) -> Option<(&'static str, Arc<Object>)> {
        let before = w.before.as_ref().filter(|o| self.matches(o));
        let after = w.after.as_ref().filter(|o| self.matches(o));
        match (before, after) {
            (None, Some(a)) => Some((ADDED, a.clone())),
            (Some(b), Some(a)) if b.meta().resource_version != a.meta().resource_version => {
                Some((MODIFIED, a.clone()))
            }
            (Some(b), None) => Some((DELETED, w.after.clone().unwrap_or_else(|| b.clone()))),
            _ => None,
        }
    }
}

/// Prints objects one watch event at a time through one writer, as
/// kubectl's watch does: the header once, columns remembered across rows.
struct Printer<'g> {
    g: &'g Get,
    tabs: TabWriter,
    printed_headers: bool,
    printed: usize,
    custom: Option<CustomColumns>,
}

impl Printer<'_> {
    fn print(
        &mut self,
        objs: &[Arc<Object>],
        event: Option<&'static str>,
        now: Time,
        out: &mut Output,
    ) -> bool {
        let g = self.g;
        let event = event.filter(|_| g.watch_events);
        if matches!(g.output, OutputFormat::Default | OutputFormat::Wide) {
            let Some(kind) = objs.first().map(|o| o.kind()) else {
                return true;
            };
            let refs: Vec<&Object> = objs.iter().map(|o| o.as_ref()).collect();
            let table = columns::table(kind, &refs, now);
            let opts = TableOptions {
                wide: g.output == OutputFormat::Wide,
                no_headers: g.no_headers || self.printed_headers,
                all_namespaces: g.all_namespaces,
                with_kind: g.show_kind,
                show_labels: g.show_labels,
                label_columns: g.label_columns.clone(),
                watch_event: event.map(table_event),
            };
            self.printed_headers |= !table.rows.is_empty();
            write_table(&table, &opts, &mut self.tabs);
            out.stdout.push_str(&self.tabs.take());
            return true;
        }
        for o in objs {
            let value = match event {
                Some(e) => json!({ "type": e, "object": object_value(o, false) }),
                None => object_value(o, false),
            };
            let text: Result<String, gotemplate::Failure> = match &g.output {
                OutputFormat::Name => Ok(format!("{}\n", object_name(o))),
                // kubectl's JSON printer writes watch events compactly, in
                // metav1.WatchEvent's field order.
                OutputFormat::Json => Ok(match event {
                    Some(e) => format!(
                        "{{\"type\":{},\"object\":{}}}\n",
                        gojson::quote(e),
                        gojson::marshal(&object_value(o, false))
                    ),
                    None => json(&value),
                }),
                OutputFormat::Yaml => yaml_checked(&value)
                    .map(|y| {
                        if self.printed > 0 {
                            format!("---\n{y}")
                        } else {
                            y
                        }
                    })
                    .map_err(Into::into),
                OutputFormat::JsonPath {
                    template,
                    allow_missing,
                } => jsonpath::print(template, &value, *allow_missing, false).map_err(Into::into),
                OutputFormat::JsonPathAsJson {
                    template,
                    allow_missing,
                } => jsonpath::print(template, &value, *allow_missing, true).map_err(Into::into),
                OutputFormat::GoTemplate {
                    template,
                    allow_missing,
                } => gotemplate::print(template, &value, *allow_missing),
                OutputFormat::CustomColumns(spec) => {
                    if self.custom.is_none() {
                        match CustomColumns::parse(spec) {
                            Ok(cc) => self.custom = Some(cc),
                            Err(e) => {
                                out.printed(Err(e.into()));
                                return false;
                            }
                        }
                    }
                    let no_headers = g.no_headers || self.printed > 0;
                    match &self.custom {
                        Some(cc) => cc
                            .write(&[value], no_headers, &mut self.tabs)
                            .map(|()| String::new())
                            .map_err(Into::into),
                        None => Ok(String::new()),
                    }
                }
                OutputFormat::Default | OutputFormat::Wide => Ok(String::new()),
            };
            self.printed += 1;
            match text {
                Ok(t) => out.stdout.push_str(&t),
                Err(f) => {
                    out.stdout.push_str(&self.tabs.take());
                    out.printed(Err(f));
                    return false;
                }
            }
        }
        // Custom columns went through the shared writer: one flush per event.
        out.stdout.push_str(&self.tabs.take());
        true
    }
}

fn selectors(
    kind: Kind,
    label: Option<&str>,
    field: Option<&str>,
) -> Option<(Selector, FieldSelector)> {
    let labels = Selector::parse(label.unwrap_or("").trim()).ok()?;
    let field_sel = FieldSelector::parse(field.unwrap_or("").trim()).ok()?;
    let field_sel = fields::convert(kind, &field_sel).ok()?;
    Some((labels, field_sel))
}

const MULTIPLE_KINDS: &str = "error: watch is only supported on individual resources and resource collections - more than 1 resource was found";
const MULTIPLE_SOURCES: &str =
    "error: you may only watch a single resource or type of resource at a time";

pub fn run(g: &Get, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    // The first list sees the system Leases; their renewals are not
    // writes, so the watch shows no change for them.
    let view = super::read_view(&inv.command, engine);
    let mut cx = write::cx(engine, inv, io);
    if let Some(v) = &view {
        cx.store = v;
    }
    let namespace = cx.namespace.to_string();
    let fetched = fetch(
        &g.targets,
        Scope {
            all_namespaces: g.all_namespaces,
        },
        &cx,
    );
    // kubectl's builder stops at the first error before printing anything.
    if let Some(e) = fetched.errors.first() {
        out.error(e);
        return;
    }
    let mut objs = fetched.objects;
    let mut kinds: Vec<Kind> = match &g.targets {
        Targets::List { kinds, .. } => kinds.clone(),
        _ => Vec::new(),
    };
    for o in &objs {
        if !kinds.contains(&o.kind()) {
            kinds.push(o.kind());
        }
    }
    if kinds.len() > 1 {
        out.error(MULTIPLE_KINDS);
        return;
    }
    let Some(kind) = kinds.first().copied() else {
        return;
    };
    let scoped_ns = (kind.namespaced() && !g.all_namespaces).then(|| namespace.clone());
    let filter = match &g.targets {
        Targets::List {
            selector,
            field_selector,
            ..
        } => selectors(kind, selector.as_deref(), field_selector.as_deref()).map(
            |(labels, fields)| Filter {
                kind,
                namespace: scoped_ns,
                name: None,
                labels,
                fields,
            },
        ),
        Targets::Named(v) if v.len() > 1 => None,
        Targets::Files { paths, .. } if paths.len() > 1 => None,
        _ if objs.len() != 1 => None,
        _ => objs.first().map(|o| Filter {
            kind,
            namespace: kind.namespaced().then(|| o.meta().namespace.to_string()),
            name: Some(o.meta().name.to_string()),
            labels: Selector::default(),
            fields: FieldSelector::default(),
        }),
    };
    if let Some(field) = &g.sort_by {
        match sorted(objs, field) {
            Ok(s) => objs = s,
            Err(e) => {
                out.error(&format!("error: {e}"));
                return;
            }
        }
    }
    let mut printer = Printer {
        g,
        tabs: TabWriter::kubectl().remembering_widths(),
        printed_headers: false,
        printed: 0,
        custom: None,
    };
    if !g.watch_only && !printer.print(&objs, Some(ADDED), cx.now, out) {
        return;
    }
    let Some(filter) = filter else {
        let message = match &g.targets {
            Targets::Files { paths, .. } if paths.len() == 1 => format!("error: watch is only supported on individual resources and resource collections - {} resources were found", objs.len()),
            _ => MULTIPLE_SOURCES.to_string(),
        };
        out.error(&message);
        return;
    };
    watch(&filter, &mut printer, engine, out);
}

/// Runs the cluster until it settles or the cap passes, printing each
/// event the filter lets through.
fn watch(filter: &Filter, printer: &mut Printer, engine: &mut Engine, out: &mut Output) {
    let start = engine.now();
    let mut last = start;
    let mut work = Work::settle(engine, WATCH_CAP_MS);
    let Some(done) = pump(&mut work, filter, printer, engine, out, &mut last) else { return };
    let human = crate::print::duration::human;
    match done {
        WorkDone::Settle(r) if r.converged && filter.kind == Kind::HorizontalPodAutoscaler => watch_autoscaler(start, last, filter, printer, engine, out),
        WorkDone::Settle(r) if r.converged => out.note(&format!(
            "(playground) stopped watching: the cluster settled after {} of virtual time; kubectl would keep watching until interrupted",
            human(r.elapsed_ms)
        )),
        WorkDone::Settle(r) => out.note(&format!(
            "(playground) stopped watching after {} of virtual time (the playground's limit); kubectl would keep watching until interrupted",
            human(r.elapsed_ms)
        )),
        WorkDone::Advance { .. } => {}
    }
}

/// How long a watch of autoscalers goes on printing nothing before it
/// stops: the autoscaler syncs every 15 s from a timer the cluster's
/// settling does not wait for (`kubectl get hpa --watch` while load
/// rises, the HPA walkthrough's), so its watch runs on until a minute
/// passes without a change, or the cap.
const AUTOSCALER_QUIET_MS: i64 = 60_000;

fn watch_autoscaler(start: Time, mut last: Time, filter: &Filter, printer: &mut Printer, engine: &mut Engine, out: &mut Output) {
    let human = crate::print::duration::human;
    loop {
        let now = engine.now().millis();
        let quiet_until = last.millis() + AUTOSCALER_QUIET_MS;
        let cap = start.millis() + WATCH_CAP_MS;
        if now >= cap {
            return out.note(&format!(
                "(playground) stopped watching after {} of virtual time (the playground's limit); kubectl would keep watching until interrupted",
                human(now - start.millis())
            ));
        }
        if now >= quiet_until {
            return out.note(&format!(
                "(playground) stopped watching: nothing changed for {} of virtual time; kubectl would keep watching until interrupted",
                human(AUTOSCALER_QUIET_MS)
            ));
        }
        let mut work = Work::advance(engine, quiet_until.min(cap) - now);
        if pump(&mut work, filter, printer, engine, out, &mut last).is_none() {
            return;
        }
    }
}

/// Runs `work` to its end, printing each event the filter lets through;
/// `last` is when the latest was printed. None when printing failed.
fn pump(work: &mut Work, filter: &Filter, printer: &mut Printer, engine: &mut Engine, out: &mut Output, last: &mut Time) -> Option<WorkDone> {
    loop {
        let before = engine.cursor();
        let result = engine.work(work, 1);
        if engine.cursor() > before {
            let now = engine.now();
            let events: Vec<(&'static str, Arc<Object>)> = engine
                .trace()
                .last()
                .map(|s| s.writes.iter().filter_map(|w| filter.event(w)).collect())
                .unwrap_or_default();
            for (event, obj) in events {
                if !printer.print(&[obj], Some(event), now, out) {
                    return None;
                }
                *last = now;
            }
        }
        if let Some(done) = result {
            return Some(done);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::{run_line, LineOutcome};

    fn run(engine: &mut Engine, line: &str) -> Output {
        match run_line(line, engine, Io::default()) {
            LineOutcome::Done(out) => out,
            _ => panic!("not run: {line}"),
        }
    }

    #[test]
    fn an_autoscaler_watch_runs_on_through_its_syncs() {
        let mut e = Engine::with_default_cluster(1);
        for line in [
            "kubectl create deployment php --image=registry.k8s.io/hpa-example",
            "kubectl set resources deployment php --requests=cpu=200m",
            "kubectl autoscale deployment php --cpu-percent=50 --min=1 --max=10",
        ] {
            run(&mut e, line);
        }
        // The first metrics come at a later sync, which settling does not
        // wait for; the watch prints them, then stops after a quiet minute.
        let out = run(&mut e, "kubectl get hpa php --watch");
        assert!(out.stdout.contains("cpu: <unknown>/50%"), "{}", out.stdout);
        assert!(out.stdout.contains("cpu: 0%/50%"), "{}", out.stdout);
        assert!(out.stderr.contains("stopped watching: nothing changed for 60s of virtual time"), "{}", out.stderr);
        // Pods still stop at the cluster's settling.
        let pods = run(&mut e, "kubectl get pods --watch-only");
        assert!(pods.stderr.contains("the cluster settled"), "{}", pods.stderr);
    }

    #[test]
    fn watch_prints_changes_then_stops_when_settled() {
        let mut e = Engine::with_default_cluster(1);
        run(
            &mut e,
            "kubectl create deployment web --image=nginx --replicas=1",
        );
        let out = run(&mut e, "kubectl get pods -w --output-watch-events");
        let lines: Vec<&str> = out.stdout.lines().collect();
        assert!(
            lines.first().is_some_and(|l| l.starts_with("EVENT ")),
            "{}",
            out.stdout
        );
        assert!(
            lines.iter().skip(1).all(|l| !l.starts_with("EVENT")),
            "{}",
            out.stdout
        );
        assert!(
            lines.iter().any(|l| l.starts_with("ADDED ")),
            "{}",
            out.stdout
        );
        assert!(out.stderr.contains("the cluster settled"), "{}", out.stderr);
        // Settled: a second watch sees nothing new.
        let again = run(&mut e, "kubectl get pods --watch-only");
        assert_eq!(again.stdout, "");
        assert!(!again.failed);
    }

    #[test]
    fn watch_refuses_several_kinds() {
        let mut e = Engine::with_default_cluster(1);
        let out = run(&mut e, "kubectl get pods,services -w");
        assert_eq!(out.stderr, format!("{MULTIPLE_KINDS}\n"));
        assert!(out.failed);
    }
}

#[cfg(test)]
#[path = "get_watch_upstream_tests.rs"]
mod upstream_tests;
