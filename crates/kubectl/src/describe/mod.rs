//! `kubectl describe`: the human-readable pages of `describe.go`, laid out
//! with its prefix writer (two spaces per level) over a tabwriter (minwidth
//! 0, padding 2). Describers take the object and the related objects and
//! events as inputs, so they need no cluster.

pub mod certificates;
pub mod config;
mod containers;
pub mod endpoints;
pub mod generic;
pub mod hpa;
pub mod ingress;
#[cfg(test)]
mod ingress_upstream_tests;
pub mod job;
pub mod network_policy;
pub mod node;
pub mod pod;
#[cfg(test)]
mod pod_upstream_tests;
pub mod policy;
pub mod rbac;
pub mod service;
pub mod storage;
#[cfg(test)]
mod storage_upstream_tests;
pub mod workloads;
#[cfg(test)]
mod upstream_tests;

use crate::print::duration;
use crate::print::tabwriter::TabWriter;
use kubeplay_model::api::{Event, Taint, Toleration};
use kubeplay_model::Time;
use std::collections::BTreeMap;

pub use containers::describe_pod_template;

/// describe.go's `PrefixWriter`: over a tabwriter for `kubectl describe`,
/// or over a plain buffer where kubectl writes one so (`rollout history
/// --revision` and `rollout undo --dry-run`), whose tabs stay in the text.
pub struct Writer {
    sink: Sink,
}

enum Sink {
    Aligned(TabWriter),
    Plain(String),
}

impl Default for Writer {
    fn default() -> Self {
        Writer::new()
    }
}

impl Writer {
    pub fn new() -> Writer {
        Writer { sink: Sink::Aligned(TabWriter::describe()) }
    }
    /// A prefix writer over a `bytes.Buffer`: nothing aligns the columns.
    pub fn plain() -> Writer {
        Writer { sink: Sink::Plain(String::new()) }
    }
    fn put(&mut self, text: &str) {
        match &mut self.sink {
            Sink::Aligned(tw) => tw.write(text),
            Sink::Plain(s) => s.push_str(text),
        }
    }
    /// Writes `text` indented by `level` (two spaces each), escaping terminal control bytes.
    pub fn write(&mut self, level: usize, text: &str) {
        let mut s = "  ".repeat(level);
        s.push_str(text);
        self.put(&s.replace('\u{1b}', "^["));
    }
    /// `WriteLine`: the text and a newline, unindented.
    pub fn line(&mut self, text: &str) {
        self.put(&format!("{}\n", text.replace('\u{1b}', "^[")));
    }
    pub fn flush(&mut self) {
        if let Sink::Aligned(tw) = &mut self.sink {
            tw.flush();
        }
    }
    pub fn finish(self) -> String {
        match self.sink {
            Sink::Aligned(tw) => tw.finish(),
            Sink::Plain(s) => s,
        }
    }
}

/// `printLabelsMultiline`: `Title:\tk=v` with further pairs on aligned lines.
pub fn labels_multiline(w: &mut Writer, title: &str, labels: &BTreeMap<String, String>) {
    labels_multiline_indented(w, "", title, labels);
}

/// `printLabelsMultilineWithIndent` (inner indent a tab): the further
/// lines start with the same indent as the first.
pub fn labels_multiline_indented(w: &mut Writer, indent: &str, title: &str, labels: &BTreeMap<String, String>) {
    w.write(0, &format!("{indent}{title}:\t"));
    if labels.is_empty() {
        w.line("<none>");
        return;
    }
    for (i, (k, v)) in labels.iter().enumerate() {
        if i != 0 {
            w.write(0, &format!("{indent}\t"));
        }
        w.write(0, &format!("{k}={v}\n"));
    }
}

const MAX_ANNOTATION_LEN: usize = 140;
const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

fn shorten(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

/// `printAnnotationsMultiline`: skips kubectl's last-applied configuration
/// and folds long values onto their own lines.
pub fn annotations_multiline(w: &mut Writer, title: &str, annotations: &BTreeMap<String, String>) {
    w.write(0, &format!("{title}:\t"));
    let keys: Vec<&String> = annotations.keys().filter(|k| k.as_str() != LAST_APPLIED).collect();
    if keys.is_empty() {
        w.line("<none>");
        return;
    }
    for (i, k) in keys.iter().enumerate() {
        if i != 0 {
            w.write(0, "\t");
        }
        let value = annotations.get(*k).map(|v| v.strip_suffix('\n').unwrap_or(v)).unwrap_or("");
        if value.len() + k.len() + 2 > MAX_ANNOTATION_LEN || value.contains('\n') {
            w.write(0, &format!("{k}:\n"));
            for s in value.split('\n') {
                w.write(0, &format!("\t  {}\n", shorten(s, MAX_ANNOTATION_LEN - 2)));
            }
        } else {
            w.write(0, &format!("{k}: {value}\n"));
        }
    }
}

fn taint_text(t: &Taint) -> String {
    match t.value.as_deref().filter(|v| !v.is_empty()) {
        Some(v) => format!("{}={v}:{}", t.key, t.effect),
        None => format!("{}:{}", t.key, t.effect),
    }
}

/// `printNodeTaintsMultiline`, sorted by effect then key.
pub fn taints_multiline(w: &mut Writer, title: &str, taints: &[Taint]) {
    w.write(0, &format!("{title}:\t"));
    if taints.is_empty() {
        w.line("<none>");
        return;
    }
    let mut sorted: Vec<&Taint> = taints.iter().collect();
    kubeplay_model::sort::sort_by(&mut sorted, |a, b| format!("{},{}", a.effect, a.key).cmp(&format!("{},{}", b.effect, b.key)));
    for (i, t) in sorted.iter().enumerate() {
        if i != 0 {
            w.write(0, "\t");
        }
        w.write(0, &format!("{}\n", taint_text(t)));
    }
}

/// `printTolerationsMultilineWithIndent`, sorted by key.
pub fn tolerations_multiline(w: &mut Writer, title: &str, tolerations: &[Toleration]) {
    w.write(0, &format!("{title}:\t"));
    if tolerations.is_empty() {
        w.line("<none>");
        return;
    }
    let mut sorted: Vec<&Toleration> = tolerations.iter().collect();
    kubeplay_model::sort::sort_by(&mut sorted, |a, b| a.key.cmp(&b.key));
    for (i, t) in sorted.iter().enumerate() {
        if i != 0 {
            w.write(0, "\t");
        }
        let key = t.key.as_deref().unwrap_or("");
        let value = t.value.as_deref().unwrap_or("");
        let effect = t.effect.as_deref().unwrap_or("");
        let mut s = key.to_string();
        if !value.is_empty() {
            s.push_str(&format!("={value}"));
        }
        if !effect.is_empty() {
            s.push_str(&format!(":{effect}"));
        }
        if t.operator.as_deref() == Some("Exists") && value.is_empty() {
            s.push_str(if key.is_empty() && effect.is_empty() { "op=Exists" } else { " op=Exists" });
        }
        if let Some(secs) = t.toleration_seconds {
            s.push_str(&format!(" for {secs}s"));
        }
        w.write(0, &format!("{s}\n"));
    }
}

/// An event's MicroTime `eventTime`, when set.
fn event_time(e: &Event) -> Option<Time> {
    crate::print::columns::cluster::event_time(e)
}

/// When an event was seen, as `describe` and `kubectl events` print it
/// (their `getInterval`): its age, or for a repeated event the last
/// sighting's age, the count and the first sighting's (`5s (x3 over 2m)`).
pub fn event_interval(e: &Event, now: Time) -> String {
    let first = match event_time(e) {
        Some(t) => duration::since(now, Some(t)),
        None => duration::since(now, e.first_timestamp),
    };
    let count = e.count.unwrap_or(0);
    if let Some(series) = e.series.as_ref() {
        format!("{} (x{} over {first})", duration::since(now, e.series_last_observed()), series.count.unwrap_or(0))
    } else if count > 1 {
        format!("{} (x{count} over {first})", duration::since(now, e.last_timestamp))
    } else {
        first
    }
}

/// `DescribeEvents`: the events table, oldest first (by last timestamp).
/// The page's last section, its Events when they were asked for (kubectl's
/// `--show-events`), then the page.
pub fn finish_with_events(mut w: Writer, events: Option<&[&Event]>, now: Time) -> String {
    if let Some(ev) = events {
        describe_events(&mut w, ev, now);
    }
    w.finish()
}

pub fn describe_events(w: &mut Writer, events: &[&Event], now: Time) {
    if events.is_empty() {
        w.write(0, "Events:\t<none>\n");
        return;
    }
    w.flush();
    let mut sorted: Vec<&Event> = events.to_vec();
    kubeplay_model::sort::sort_by_key(&mut sorted, |e| e.last_timestamp);
    w.write(0, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n");
    w.write(1, "----\t------\t----\t----\t-------\n");
    for e in sorted {
        let interval = event_interval(e, now);
        let source = e.source.as_ref().and_then(|s| s.component.clone()).filter(|c| !c.is_empty()).or_else(|| e.reporting_component.clone()).unwrap_or_default();
        let message = e.message.as_deref().unwrap_or("").trim();
        w.write(1, &format!("{}\t{}\t{interval}\t{source}\t{message}\n", e.type_.as_deref().unwrap_or(""), e.reason.as_deref().unwrap_or("")));
    }
}

/// `Kind/Name` of the controlling owner, as `Controlled By:` shows it.
pub fn controlled_by(meta: &kubeplay_model::ObjectMeta) -> Option<String> {
    meta.controller_ref().map(|o| format!("{}/{}", o.kind, o.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::EventSource;

    #[test]
    fn multiline_blocks_align() {
        let mut w = Writer::new();
        w.write(0, "Name:\tweb\n");
        let mut labels = BTreeMap::new();
        labels.insert("app".to_string(), "web".to_string());
        labels.insert("tier".to_string(), "fe".to_string());
        labels_multiline(&mut w, "Labels", &labels);
        let mut ann = BTreeMap::new();
        ann.insert(LAST_APPLIED.to_string(), "{}".to_string());
        annotations_multiline(&mut w, "Annotations", &ann);
        assert_eq!(w.finish(), "Name:         web\nLabels:       app=web\n              tier=fe\nAnnotations:  <none>\n");
    }

    #[test]
    fn long_annotations_fold() {
        let mut w = Writer::new();
        let mut ann = BTreeMap::new();
        ann.insert("a".to_string(), "x".repeat(150));
        ann.insert("b".to_string(), "line1\nline2\n".to_string());
        annotations_multiline(&mut w, "Annotations", &ann);
        let out = w.finish();
        assert_eq!(out, format!("Annotations:  a:\n                {}...\n              b:\n                line1\n                line2\n", "x".repeat(138)));
    }

    #[test]
    fn taints_and_tolerations() {
        let mut w = Writer::new();
        taints_multiline(
            &mut w,
            "Taints",
            &[
                Taint { key: "b".into(), value: None, effect: "NoSchedule".into(), time_added: None },
                Taint { key: "a".into(), value: Some("x".into()), effect: "NoExecute".into(), time_added: None },
            ],
        );
        let tol = |k: &str, op: &str, e: &str, s: Option<i64>| Toleration { key: Some(k.into()), operator: Some(op.into()), value: None, effect: Some(e.into()), toleration_seconds: s };
        tolerations_multiline(&mut w, "Tolerations", &[tol("node.kubernetes.io/unreachable", "Exists", "NoExecute", Some(300)), tol("node.kubernetes.io/not-ready", "Exists", "NoExecute", Some(300))]);
        assert_eq!(
            w.finish(),
            "Taints:       a=x:NoExecute\n              b:NoSchedule\nTolerations:  node.kubernetes.io/not-ready:NoExecute op=Exists for 300s\n              node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n"
        );
    }

    #[test]
    fn events_table() {
        let now = kubeplay_model::time::EPOCH;
        let mut w = Writer::new();
        w.write(0, "Tolerations:\t<none>\n");
        describe_events(&mut w, &[], now);
        assert_eq!(w.finish(), "Tolerations:  <none>\nEvents:       <none>\n");
        let ev = |reason: &str, msg: &str, first: i64, last: i64, count: i32| Event {
            reason: Some(reason.into()),
            message: Some(msg.into()),
            type_: Some("Normal".into()),
            source: Some(EventSource { component: Some("deployment-controller".into()), host: None }),
            first_timestamp: Some(now.plus_secs(-first)),
            last_timestamp: Some(now.plus_secs(-last)),
            count: Some(count),
            ..Default::default()
        };
        let a = ev("ScalingReplicaSet", "Scaled up replica set web-1 to 3", 14, 14, 1);
        let b = ev("ScalingReplicaSet", "Scaled down replica set web-0 to 0 from 1", 100, 5, 3);
        let mut w = Writer::new();
        w.write(0, "NewReplicaSet:\tweb-1 (3/3 replicas created)\n");
        describe_events(&mut w, &[&b, &a], now);
        assert_eq!(
            w.finish(),
            "NewReplicaSet:  web-1 (3/3 replicas created)\nEvents:\n  Type    Reason             Age                From                   Message\n  ----    ------             ----               ----                   -------\n  Normal  ScalingReplicaSet  14s                deployment-controller  Scaled up replica set web-1 to 3\n  Normal  ScalingReplicaSet  5s (x3 over 100s)  deployment-controller  Scaled down replica set web-0 to 0 from 1\n"
        );
    }
}
