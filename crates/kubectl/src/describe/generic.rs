//! kubectl's generic describer (`genericDescriber`), used for kinds without
//! a dedicated page: name, namespace, labels, annotations, then every other
//! field of the object with "smart" labels (`creationTimestamp` →
//! `Creation Timestamp`), then the events.

use super::{annotations_multiline, finish_with_events, labels_multiline, Writer};
use crate::print::custom_columns::go_sprint;
use kubeplay_model::api::Event;
use kubeplay_model::{Object, Time};
use serde_json::{Map, Value};

/// `camelcase.Split`: runs of one character class (lower, upper, digit,
/// other), with an upper run's last letter moved to a following lower run
/// (`HTTPServer` → `HTTP`, `Server`).
fn camel_split(s: &str) -> Vec<String> {
    fn class(c: char) -> u8 {
        if c.is_lowercase() {
            1
        } else if c.is_uppercase() {
            2
        } else if c.is_ascii_digit() {
            3
        } else {
            4
        }
    }
    let mut runs: Vec<Vec<char>> = Vec::new();
    let mut last = 0;
    for c in s.chars() {
        let k = class(c);
        match runs.last_mut() {
            Some(r) if k == last => r.push(c),
            _ => runs.push(vec![c]),
        }
        last = k;
    }
    for i in 0..runs.len().saturating_sub(1) {
        let upper_then_lower = runs[i].first().is_some_and(|c| c.is_uppercase()) && runs[i + 1].first().is_some_and(|c| c.is_lowercase());
        if upper_then_lower {
            if let Some(c) = runs[i].pop() {
                runs[i + 1].insert(0, c);
            }
        }
    }
    runs.into_iter().filter(|r| !r.is_empty()).map(|r| r.into_iter().collect()).collect()
}

/// `smartLabelFor`: Title Case words, common acronyms upper-cased; fields
/// with characters other than letters and `-` are left as they are.
pub fn smart_label(field: &str) -> String {
    if field.chars().any(|c| !c.is_alphabetic() && c != '-') {
        return field.to_string();
    }
    let mut words = Vec::new();
    for part in camel_split(field) {
        if part == "_" {
            continue;
        }
        let upper = part.to_uppercase();
        if ["API", "URL", "UID", "OSB", "GUID"].contains(&upper.as_str()) {
            words.push(upper);
        } else {
            let mut cs = part.chars();
            let titled: String = cs.next().map(|c| c.to_uppercase().chain(cs).collect()).unwrap_or_default();
            words.push(titled);
        }
    }
    words.join(" ")
}

const SKIP: &[&str] = &[".metadata.managedFields", ".metadata.name", ".metadata.namespace", ".metadata.labels", ".metadata.annotations"];

/// `printUnstructuredContent`: keys sorted, maps and lists nested one
/// level deeper, leaving out the `skip` paths (`.metadata.name`).
pub(super) fn content(w: &mut Writer, level: usize, map: &Map<String, Value>, prefix: &str, skip: &[&str]) {
    let mut keys: Vec<&String> = map.keys().collect();
    kubeplay_model::sort::sort(&mut keys);
    for key in keys {
        let path = format!("{prefix}.{key}");
        if skip.contains(&path.as_str()) {
            continue;
        }
        match map.get(key) {
            Some(Value::Object(m)) => {
                w.write(level, &format!("{}:\n", smart_label(key)));
                content(w, level + 1, m, &path, skip);
            }
            Some(Value::Array(items)) => {
                w.write(level, &format!("{}:\n", smart_label(key)));
                for item in items {
                    match item {
                        Value::Object(m) => content(w, level + 1, m, &path, skip),
                        other => w.write(level + 1, &format!("{}\n", go_sprint(other))),
                    }
                }
            }
            Some(v) => w.write(level, &format!("{}:\t{}\n", smart_label(key), go_sprint(v))),
            None => {}
        }
    }
}

/// The generic page for any object.
pub fn describe_generic(obj: &Object, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = obj.meta();
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    // The object as the request's group returns it (an Event read through
    // events.k8s.io/v1 is converted).
    if let Value::Object(map) = crate::print::structured::typed_value(obj, true) {
        content(&mut w, 0, &map, "", SKIP);
    }
    finish_with_events(w, events, now)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Cases from describe_test.go's TestSmartLabelFor (and fatih/camelcase's examples).
    #[test]
    fn smart_labels() {
        assert_eq!(smart_label("creationTimestamp"), "Creation Timestamp");
        assert_eq!(smart_label("apiVersion"), "API Version");
        assert_eq!(smart_label("uid"), "UID");
        assert_eq!(smart_label("resourceVersion"), "Resource Version");
        assert_eq!(smart_label("podIP"), "Pod IP");
        assert_eq!(smart_label("HTTPServer"), "HTTP Server");
        assert_eq!(smart_label("v1"), "v1");
        assert_eq!(smart_label("a.b"), "a.b");
        assert_eq!(smart_label("GlobalUrl"), "Global URL");
    }

    #[test]
    fn lays_out_nested_content() {
        let mut cm = kubeplay_model::api::ControllerRevision::default();
        cm.metadata.name = "web-1".into();
        cm.metadata.namespace = "default".into();
        cm.revision = 2;
        let out = describe_generic(&Object::from(cm), Some(&[]), kubeplay_model::time::EPOCH);
        assert_eq!(
            out,
            // A line without a tab ends a tabwriter column block, so the
            // lines after `Metadata:` align on their own; an unset
            // creationTimestamp is JSON null, which kubectl prints as <nil>.
            "Name:         web-1\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\nAPI Version:  apps/v1\nKind:         ControllerRevision\nMetadata:\n  Creation Timestamp:  <nil>\nRevision:              2\nEvents:                <none>\n"
        );
    }
}
