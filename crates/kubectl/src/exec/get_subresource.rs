//! `kubectl get --subresource=status|scale`: each named object read
//! through its subresource. The status endpoint answers with the object
//! itself (and the kind's own table); the scale endpoint with an
//! autoscaling/v1 Scale, which has a table of its own.

use super::fetch::{fetch, Scope};
use super::patch::NO_SUBRESOURCE;
use super::{Cx, Output};
use crate::cli::{Get, Subresource, Targets};
use crate::print::duration::since;
use crate::print::output::OutputFormat;
use crate::print::structured::{json, list_value, object_name, object_value, yaml_checked};
use crate::print::table::{col, name_col, render_groups, Column, Row, Table, TableOptions};
use crate::print::{gotemplate, jsonpath};
use kubeplay_apiserver::scale::scale_of;
use kubeplay_model::{Object, Time};
use serde_json::Value;
use std::sync::Arc;

/// printers.go's scaleColumnDefinitions.
const SCALE: &[Column] = &[name_col(), col("Desired"), col("Available"), col("Age")];

/// What the builder refuses before it sends anything.
pub const BULK: &str = "error: subresource cannot be used when bulk resources are specified";

pub fn run(g: &Get, sub: Subresource, cx: &Cx, out: &mut Output, denied: Vec<String>) {
    if matches!(g.targets, Targets::List { .. }) {
        return out.error(BULK);
    }
    let fetched = fetch(
        &g.targets,
        Scope {
            all_namespaces: g.all_namespaces,
        },
        cx,
    );
    let mut errors: Vec<String> = if g.ignore_not_found {
        fetched
            .errors
            .into_iter()
            .filter(|e| !fetched.not_found.contains(e))
            .collect()
    } else {
        fetched.errors
    };
    errors.extend(denied);
    let mut objs: Vec<Arc<Object>> = Vec::with_capacity(fetched.objects.len());
    for o in fetched.objects {
        let served = match sub {
            Subresource::Status => o.has_status(),
            Subresource::Scale => scale_of(&o).is_some(),
        };
        if served {
            objs.push(o);
        } else {
            errors.push(NO_SUBRESOURCE.to_string());
        }
    }
    let printed = match sub {
        Subresource::Status => print(
            g,
            &objs,
            |o| object_value(o, false),
            object_name,
            |objs| super::get::status_tables(g, objs, cx),
        ),
        Subresource::Scale => print(
            g,
            &objs,
            |o| scale_of(o).unwrap_or_default(),
            |o| format!("scale.autoscaling/{}", o.name()),
            |objs| Ok(scale_table(g, objs, cx.now)),
        ),
    };
    match printed {
        Ok(text) => out.stdout.push_str(&text),
        Err(f) => out.printed(Err(f)),
    }
    for e in errors {
        out.error(&e);
    }
}

fn print(
    g: &Get,
    objs: &[Arc<Object>],
    value: impl Fn(&Object) -> Value,
    name: impl Fn(&Object) -> String,
    table: impl FnOnce(&[Arc<Object>]) -> Result<String, String>,
) -> Result<String, gotemplate::Failure> {
    if objs.is_empty() {
        return Ok(String::new());
    }
    let data = || match objs {
        [one] if g.targets.single_item() => value(one),
        _ => list_value(objs.iter().map(|o| value(o)).collect()),
    };
    Ok(match &g.output {
        OutputFormat::Default | OutputFormat::Wide => table(objs)?,
        OutputFormat::Name => objs.iter().map(|o| format!("{}\n", name(o))).collect(),
        OutputFormat::Yaml => yaml_checked(&data())?,
        OutputFormat::Json => json(&data()),
        OutputFormat::JsonPath {
            template,
            allow_missing,
        } => jsonpath::print(template, &data(), *allow_missing, false)?,
        OutputFormat::JsonPathAsJson {
            template,
            allow_missing,
        } => jsonpath::print(template, &data(), *allow_missing, true)?,
        OutputFormat::GoTemplate {
            template,
            allow_missing,
        } => gotemplate::print(template, &data(), *allow_missing)?,
        OutputFormat::CustomColumns(spec) => {
            let cc = crate::print::custom_columns::CustomColumns::parse(spec)?;
            cc.render(
                &objs.iter().map(|o| value(o)).collect::<Vec<_>>(),
                g.no_headers,
            )?
        }
    })
}

/// printScale's rows.
fn scale_table(g: &Get, objs: &[Arc<Object>], now: Time) -> String {
    let rows = objs
        .iter()
        .filter_map(|o| {
            let s = scale_of(o)?;
            let n = |v: &Value| v.as_i64().unwrap_or(0).to_string();
            let cells = vec![
                o.name().to_string(),
                n(&s["spec"]["replicas"]),
                n(&s["status"]["replicas"]),
                since(now, o.meta().creation_timestamp),
            ];
            Some(Row {
                cells,
                namespace: o.namespace().to_string(),
                labels: Default::default(),
            })
        })
        .collect();
    let kind = objs
        .first()
        .map_or(kubeplay_model::Kind::Deployment, |o| o.kind());
    let opts = TableOptions {
        wide: g.output == OutputFormat::Wide,
        no_headers: g.no_headers,
        all_namespaces: g.all_namespaces,
        with_kind: g.show_kind,
        ..Default::default()
    };
    render_groups(
        &[Table {
            kind,
            columns: SCALE.to_vec(),
            rows,
        }],
        &opts,
    )
}
