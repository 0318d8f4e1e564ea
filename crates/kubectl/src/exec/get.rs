//! `kubectl get`: fetch, optionally sort, print with the chosen printer,
//! and kubectl's "No resources found" when nothing at all was printed.

use super::fetch::{fetch, Scope};
use super::sort::sort_order;
use super::{Cx, Output};
use crate::cli::{Get, Targets};
use crate::print::columns;
use crate::print::custom_columns::CustomColumns;
use crate::print::{gotemplate, jsonpath};
use crate::print::output::OutputFormat;
use crate::print::structured::{json, list_value, object_name, object_value, yaml_checked};
use crate::print::duration;
use crate::print::table::{col, name_col, render_groups, Row, Table, TableOptions};
use kubeplay_model::{Kind, Object};
use serde_json::Value;
use std::sync::Arc;

/// `No resources found in default namespace.` / `No resources found`.
pub fn no_resources(cx: &Cx, all_namespaces: bool, kinds: &[Kind]) -> String {
    if !all_namespaces && kinds.iter().all(|k| k.namespaced()) {
        format!("No resources found in {} namespace.", cx.namespace)
    } else {
        "No resources found".to_string()
    }
}

/// Reorders `objs` by `--sort-by`.
pub(super) fn sorted(objs: Vec<Arc<Object>>, field: &str) -> Result<Vec<Arc<Object>>, String> {
    let values: Vec<Value> = objs.iter().map(|o| object_value(o, false)).collect();
    let order = sort_order(&values, field)?;
    Ok(order.into_iter().filter_map(|i| objs.get(i).cloned()).collect())
}

/// The table printer: one table per run of same-kind objects.
fn tables(g: &Get, objs: &[Arc<Object>], cx: &Cx, with_kind: bool) -> Result<String, String> {
    let mut groups: Vec<Vec<Arc<Object>>> = Vec::new();
    for o in objs {
        match groups.last_mut() {
            Some(last) if last.first().is_some_and(|f| f.kind() == o.kind()) => last.push(o.clone()),
            _ => groups.push(vec![o.clone()]),
        }
    }
    let mut out: Vec<Table> = Vec::new();
    for mut group in groups {
        // A list's table comes from the server in its printer's order.
        if matches!(g.targets, crate::cli::Targets::List { .. }) && group.first().is_some_and(|o| o.kind() == Kind::FlowSchema) {
            crate::print::columns::flowcontrol::sort_schemas(&mut group);
        }
        let group = match &g.sort_by {
            Some(field) => sorted(group, field)?,
            None => group,
        };
        let Some(kind) = group.first().map(|o| o.kind()) else { continue };
        if !g.server_print {
            out.push(meta_table(kind, &group, cx));
            continue;
        }
        let refs: Vec<&Object> = group.iter().map(|o| o.as_ref()).collect();
        out.push(columns::table(kind, &refs, cx.now));
    }
    let opts = TableOptions {
        wide: g.output == OutputFormat::Wide,
        no_headers: g.no_headers,
        all_namespaces: g.all_namespaces,
        with_kind: with_kind && g.server_print,
        show_labels: g.show_labels,
        label_columns: g.label_columns.clone(),
        watch_event: None,
    };
    Ok(render_groups(&out, &opts))
}

/// `--server-print=false`: without a server-side table kubectl's printer
/// falls back to its default handler, NAME and AGE from the metadata (a
/// new printer per kind as ever, but names without a `kind/` prefix).
fn meta_table(kind: Kind, objs: &[Arc<Object>], cx: &Cx) -> Table {
    let rows = objs
        .iter()
        .map(|o| Row {
            cells: vec![o.name().to_string(), duration::since(cx.now, o.meta().creation_timestamp)],
            namespace: o.namespace().to_string(),
            labels: (*o.meta().labels).clone(),
        })
        .collect();
    Table { kind, columns: vec![name_col(), col("Age")], rows }
}

/// The kinds' own tables, for `--subresource=status`.
pub(super) fn status_tables(g: &Get, objs: &[Arc<Object>], cx: &Cx) -> Result<String, String> {
    tables(g, objs, cx, g.show_kind)
}

/// Prints the objects with `-o`'s printer.
/// (A go-template writes part of its output before it fails.)
fn print(g: &Get, objs: Vec<Arc<Object>>, cx: &Cx, with_kind: bool) -> Result<String, gotemplate::Failure> {
    if matches!(g.output, OutputFormat::Default | OutputFormat::Wide) {
        return Ok(tables(g, &objs, cx, with_kind)?);
    }
    let objs = match &g.sort_by {
        Some(field) if objs.len() > 1 => sorted(objs, field)?,
        _ => objs,
    };
    let single = g.targets.single_item() && objs.len() == 1;
    let data = || -> Value {
        match objs.first() {
            Some(o) if single => object_value(o, false),
            _ => list_value(objs.iter().map(|o| object_value(o, false)).collect()),
        }
    };
    Ok(match &g.output {
        OutputFormat::Name => objs.iter().map(|o| format!("{}\n", object_name(o))).collect(),
        OutputFormat::Yaml => yaml_checked(&data())?,
        OutputFormat::Json => json(&data()),
        OutputFormat::JsonPath { template, allow_missing } => jsonpath::print(template, &data(), *allow_missing, false)?,
        OutputFormat::JsonPathAsJson { template, allow_missing } => jsonpath::print(template, &data(), *allow_missing, true)?,
        OutputFormat::GoTemplate { template, allow_missing } => gotemplate::print(template, &data(), *allow_missing)?,
        OutputFormat::CustomColumns(spec) => {
            let cc = CustomColumns::parse(spec)?;
            let values: Vec<Value> = objs.iter().map(|o| object_value(o, false)).collect();
            cc.render(&values, g.no_headers)?
        }
        OutputFormat::Default | OutputFormat::Wide => String::new(),
    })
}

pub fn run(g: &Get, cx: &Cx, out: &mut Output) {
    run_denied(g, cx, out, Vec::new())
}

/// [`run`] of the reads that were allowed, `denied` the 403s of the
/// others, which count among its errors.
pub fn run_denied(g: &Get, cx: &Cx, out: &mut Output, denied: Vec<String>) {
    if g.watch || g.watch_only {
        out.note("(playground) watching (-w) is not supported: this shows the objects as they are now; run `sim advance DURATION` and get again to see them change");
        if g.watch_only {
            return;
        }
    }
    if let Some(sub) = g.subresource {
        return super::get_subresource::run(g, sub, cx, out, denied);
    }
    for w in super::fetch::read_warnings(&g.targets, cx) {
        out.note(&w);
    }
    let fetched = fetch(&g.targets, Scope { all_namespaces: g.all_namespaces }, cx);
    let mut errors: Vec<String> = if g.ignore_not_found { fetched.errors.into_iter().filter(|e| !fetched.not_found.contains(e)).collect() } else { fetched.errors };
    errors.extend(denied);
    let objs = fetched.objects;
    // kubectl prefixes names with their kind when its results span several
    // kinds: every listed type yields a (possibly empty) table; named
    // objects count only when found.
    let mut kinds: Vec<Kind> = match &g.targets {
        Targets::List { kinds, .. } => kinds.clone(),
        _ => Vec::new(),
    };
    for o in &objs {
        if !kinds.contains(&o.kind()) {
            kinds.push(o.kind());
        }
    }
    let with_kind = g.show_kind || kinds.len() > 1;
    let human = matches!(g.output, OutputFormat::Default | OutputFormat::Wide);
    // One named object that is not there: the structured printers print
    // nothing, only the error (kubectl's printGeneric with a single item
    // implied), not an empty List.
    if !human && g.targets.single_item() && objs.is_empty() && !errors.is_empty() {
        for e in errors {
            out.error(&e);
        }
        return;
    }
    match print(g, objs, cx, with_kind) {
        Ok(text) => {
            // Only the table printer says so; the others print what they have.
            if human && text.is_empty() && !g.ignore_not_found && errors.is_empty() {
                out.note(&no_resources(cx, g.all_namespaces, &kinds));
            }
            out.stdout.push_str(&text);
        }
        Err(f) => out.printed(Err(f)),
    }
    for e in errors {
        out.error(&e);
    }
}
