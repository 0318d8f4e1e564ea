//! `kubectl top pods|nodes`: the usage metrics-server would report, read
//! from the simulated kubelets (`kubelet::usage`), printed as kubectl's
//! metrics printer does (every cell tab-terminated, CPU in `m`, memory in
//! `Mi`, node percentages against allocatable).

use super::write::namespace;
use super::Output;
use crate::cli::{Invocation, Top};
use crate::print::tabwriter::TabWriter;
use kubeplay_engine::kubelet::usage::{node_usage, pod_usage};
use kubeplay_engine::Engine;
use kubeplay_model::{Kind, Selector};

const MIB: i64 = 1024 * 1024;

fn cpu(milli: i64) -> String {
    format!("{milli}m")
}

fn mem(bytes: i64) -> String {
    format!("{}Mi", bytes / MIB)
}

/// One table row: each cell followed by a tab, as kubectl's printer writes them.
fn row(tw: &mut TabWriter, cells: &[String]) {
    for c in cells {
        tw.write(c);
        tw.write("\t");
    }
    tw.write("\n");
}

fn selector(s: &Option<String>, out: &mut Output) -> Option<Option<Selector>> {
    match s.as_deref().map(Selector::parse).transpose() {
        Ok(sel) => Some(sel),
        Err(e) => {
            out.error(&format!("error: {e}"));
            None
        }
    }
}

pub fn run(t: &Top, inv: &Invocation, engine: &Engine, out: &mut Output) {
    match t {
        Top::Pods { name, selector: sel, all_namespaces, containers, no_headers, sort_by, sum } => {
            let Some(sel) = selector(sel, out) else { return };
            pods(engine, inv, PodsQuery { name: name.as_deref(), sel: sel.as_ref(), all: *all_namespaces, containers: *containers, no_headers: *no_headers, sort_by: sort_by.as_deref(), sum: *sum }, out)
        }
        Top::Nodes { name, selector: sel, no_headers, sort_by, show_capacity } => {
            let Some(sel) = selector(sel, out) else { return };
            nodes(engine, name.as_deref(), sel.as_ref(), *no_headers, sort_by.as_deref(), *show_capacity, out)
        }
    }
}

struct PodsQuery<'a> {
    name: Option<&'a str>,
    sel: Option<&'a Selector>,
    all: bool,
    containers: bool,
    no_headers: bool,
    sort_by: Option<&'a str>,
    sum: bool,
}

/// One pod's metrics: namespace, name, and per-container (name, cpu, memory).
type PodMetrics = (String, String, Vec<(String, i64, i64)>);

/// How long metrics-server may take to report a new pod before kubectl
/// calls its absence an error (`metricsCreationDelay`).
const METRICS_CREATION_DELAY_MS: i64 = 2 * 60 * 1000;

fn pods(engine: &Engine, inv: &Invocation, q: PodsQuery, out: &mut Output) {
    let ns = namespace(inv);
    let world = engine.world();
    let scope = if q.all { None } else { Some(ns) };
    let selected = |p: &kubeplay_model::api::Pod| q.sel.is_none_or(|s| s.matches(&p.metadata.labels));
    let mut metrics: Vec<PodMetrics> = Vec::new();
    for o in engine.store().list(Kind::Pod, scope) {
        let Some(p) = o.as_pod() else { continue };
        if q.name.is_some_and(|n| n != p.metadata.name) || !selected(p) {
            continue;
        }
        if let Some(u) = pod_usage(world, p) {
            metrics.push((p.metadata.namespace.to_string(), p.metadata.name.clone(), u.into_iter().map(|c| (c.name, c.cpu_milli, c.memory_bytes)).collect()));
        }
    }
    // metrics-server answers a named pod it has no figures for with NotFound.
    if let (Some(n), true) = (q.name, metrics.is_empty()) {
        out.error(&format!("Error from server (NotFound): podmetrics.metrics.k8s.io \"{ns}/{n}\" not found"));
        return;
    }
    if metrics.is_empty() {
        // verifyEmptyMetrics: it lists the current namespace's pods, even with -A.
        let now = engine.now().millis();
        let mut any = false;
        for o in engine.store().list(Kind::Pod, Some(ns)) {
            let Some(p) = o.as_pod().filter(|p| selected(p)) else { continue };
            any = true;
            let age = p.metadata.creation_timestamp.map_or(now, |t| now - t.millis());
            if age > METRICS_CREATION_DELAY_MS {
                let age = crate::gofmt::format_duration_millis(age);
                out.error(&format!("error: Metrics not available for pod {}/{}, age: {age}", p.metadata.namespace, p.metadata.name));
                return;
            }
        }
        if any {
            out.error("error: metrics not available yet");
        } else if q.all {
            out.note("No resources found");
        } else {
            out.note(&format!("No resources found in {ns} namespace."));
        }
        return;
    }
    let total = |m: &PodMetrics, cpu: bool| m.2.iter().map(|c| if cpu { c.1 } else { c.2 }).sum::<i64>();
    // PodMetricsSorter, through Go's sort.Sort: pods with the same figure
    // come out in the order its unstable sort leaves them.
    use kubeplay_model::sort::sort_as_go;
    match q.sort_by {
        Some("cpu") => sort_as_go(&mut metrics, |a, b| total(a, true) > total(b, true)),
        Some("memory") => sort_as_go(&mut metrics, |a, b| total(a, false) > total(b, false)),
        _ if q.all => kubeplay_model::sort::sort_by(&mut metrics, |a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1))),
        _ => kubeplay_model::sort::sort_by(&mut metrics, |a, b| a.1.cmp(&b.1)),
    }
    // ContainerMetricsSorter: by name unless sorting by a figure.
    for m in &mut metrics {
        match q.sort_by {
            Some("cpu") => sort_as_go(&mut m.2, |a, b| a.1 > b.1),
            Some("memory") => sort_as_go(&mut m.2, |a, b| a.2 > b.2),
            _ => kubeplay_model::sort::sort_by(&mut m.2, |a, b| a.0.cmp(&b.0)),
        }
    }
    let mut tw = TabWriter::kubectl();
    if !q.no_headers {
        let mut h: Vec<String> = Vec::new();
        if q.all {
            h.push("NAMESPACE".into());
        }
        if q.containers {
            h.push("POD".into());
        }
        h.extend(["NAME", "CPU(cores)", "MEMORY(bytes)"].map(String::from));
        row(&mut tw, &h);
    }
    let (mut sum_cpu, mut sum_mem) = (0, 0);
    for m in &metrics {
        let lead = |name: &str| -> Vec<String> {
            let mut r = Vec::new();
            if q.all {
                r.push(m.0.clone());
            }
            if q.containers {
                r.push(m.1.clone());
            }
            r.push(name.to_string());
            r
        };
        if q.containers {
            for (c, cm, mm) in &m.2 {
                let mut r = lead(c);
                r.extend([cpu(*cm), mem(*mm)]);
                row(&mut tw, &r);
            }
        } else {
            let mut r = lead(&m.1);
            r.extend([cpu(total(m, true)), mem(total(m, false))]);
            row(&mut tw, &r);
        }
        sum_cpu += total(m, true);
        sum_mem += total(m, false);
    }
    if q.sum {
        // kubectl's --sum: a line of underscores under the figures, then the
        // totals; its column count grows with the headers it printed only.
        let blanks = if q.no_headers { 1 } else { usize::from(q.all) + usize::from(q.containers) + 1 };
        let mut r: Vec<String> = vec![String::new(); blanks];
        r.extend(["________".to_string(), "________".to_string()]);
        row(&mut tw, &r);
        let mut r: Vec<String> = vec![String::new(); blanks];
        r.extend([cpu(sum_cpu), mem(sum_mem)]);
        row(&mut tw, &r);
    }
    out.stdout.push_str(&tw.finish());
}

/// A node's name, its usage (None: no metrics), and its cpu (milli) and memory available.
type NodeRow = (String, Option<(i64, i64)>, i64, i64);

fn nodes(engine: &Engine, name: Option<&str>, sel: Option<&Selector>, no_headers: bool, sort_by: Option<&str>, show_capacity: bool, out: &mut Output) {
    let world = engine.world();
    let mut rows: Vec<NodeRow> = Vec::new();
    for o in engine.store().list(Kind::Node, None) {
        let Some(n) = o.as_node() else { continue };
        if name.is_some_and(|x| x != n.metadata.name) || sel.is_some_and(|s| !s.matches(&n.metadata.labels)) {
            continue;
        }
        let res = if show_capacity { &n.status.capacity } else { &n.status.allocatable };
        let avail_cpu = res.get("cpu").map(|q| q.milli_value()).unwrap_or(0);
        let avail_mem = res.get("memory").map(|q| q.value()).unwrap_or(0);
        rows.push((n.metadata.name.clone(), node_usage(world, &n.metadata.name), avail_cpu, avail_mem));
    }
    if rows.is_empty() {
        match name {
            Some(n) => out.error(&format!("Error from server (NotFound): nodes \"{n}\" not found")),
            None => out.note("No resources found"),
        }
        return;
    }
    // Nodes without figures come after the sorted ones, as kubectl prints
    // them (in Go's map order there; by name here). NodeMetricsSorter goes
    // through Go's unstable sort.Sort, which decides the order of ties.
    let (mut rows, mut missing): (Vec<NodeRow>, Vec<NodeRow>) = rows.into_iter().partition(|r| r.1.is_some());
    let usage = |r: &NodeRow| r.1.unwrap_or_default();
    match sort_by {
        Some("cpu") => kubeplay_model::sort::sort_as_go(&mut rows, |a, b| usage(a).0 > usage(b).0),
        Some("memory") => kubeplay_model::sort::sort_as_go(&mut rows, |a, b| usage(a).1 > usage(b).1),
        _ => kubeplay_model::sort::sort_by(&mut rows, |a, b| a.0.cmp(&b.0)),
    }
    kubeplay_model::sort::sort_by(&mut missing, |a, b| a.0.cmp(&b.0));
    rows.append(&mut missing);
    let mut tw = TabWriter::kubectl();
    if !no_headers {
        row(&mut tw, &["NAME", "CPU(cores)", "CPU(%)", "MEMORY(bytes)", "MEMORY(%)"].map(String::from));
    }
    let pct = |used: i64, avail: i64| if avail > 0 { format!("{}%", used * 100 / avail) } else { "<unknown>".into() };
    for (n, usage, ac, am) in &rows {
        match usage {
            Some((c, m)) => row(&mut tw, &[n.clone(), cpu(*c), pct(*c, *ac), mem(*m), pct(*m, *am)]),
            // A node metrics-server has no figures for (its kubelet is down).
            None => row(&mut tw, &[n.clone(), "<unknown>".into(), "<unknown>".into(), "<unknown>".into(), "<unknown>".into()]),
        }
    }
    out.stdout.push_str(&tw.finish());
}

#[cfg(test)]
#[path = "top_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_kubectls() {
        // metricsutil prints MilliValue with "m" and Value/2^20 with "Mi".
        assert_eq!(cpu(0), "0m");
        assert_eq!(cpu(1250), "1250m");
        assert_eq!(mem(5 * MIB + MIB - 1), "5Mi");
        assert_eq!(mem(0), "0Mi");
    }

    #[test]
    fn every_cell_is_padded() {
        let mut tw = TabWriter::kubectl();
        row(&mut tw, &["NAME".into(), "CPU(cores)".into(), "MEMORY(bytes)".into()]);
        row(&mut tw, &["web".into(), "1m".into(), "3Mi".into()]);
        // As the real `kubectl top pod` output: trailing padding after the last column too.
        assert_eq!(tw.finish(), "NAME   CPU(cores)   MEMORY(bytes)   \nweb    1m           3Mi             \n");
    }
}
