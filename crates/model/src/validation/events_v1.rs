//! `ValidateEventCreate` for an Event written through events.k8s.io/v1
//! (`pkg/apis/core/validation/events.go`): the "new" event's rules (a
//! reporting controller and instance, an action and a reason, each
//! within its length, the note within 1 KiB, a namespaced regarding
//! object outside `default`/`kube-system`), then the group's strict ones
//! (an event time, a type of Normal or Warning, none of the deprecated
//! core fields, a series of at least two). A core v1 create skips all of
//! this for compatibility; the caller knows which group the request used.

use super::common::Errs;
use super::field::{BadValue, FieldError, Path};
use crate::api::Event;

const REPORTING_INSTANCE_LIMIT: usize = 128;
const ACTION_LIMIT: usize = 128;
const REASON_LIMIT: usize = 128;
const NOTE_LIMIT: usize = 1024;

fn is_zero_time(v: Option<&serde_json::Value>) -> bool {
    v.is_none_or(|v| v.is_null() || v.as_str().is_some_and(str::is_empty))
}

/// The errors of creating `e` through events.k8s.io/v1.
pub fn event_create(e: &Event) -> Errs {
    let mut errs = Vec::new();
    let text = |s: Option<&str>| s.unwrap_or("").to_string();
    let invalid = |field: &str, detail: String| FieldError::invalid(&Path::new(field), BadValue::str(""), detail);
    if is_zero_time(e.event_time.as_deref()) {
        // legacyValidateEvent's "old" event checks the namespaces agree;
        // a v1 event without a time fails below anyway.
    } else {
        let regarding_ns = text(e.involved_object.namespace.as_deref());
        let ns = e.metadata.namespace.as_str();
        if regarding_ns.is_empty() && ns != "default" && ns != "kube-system" {
            errs.push(FieldError::invalid(&Path::new("involvedObject").child("namespace"), BadValue::str(""), "does not match event.namespace"));
        }
        let controller = text(e.reporting_component.as_deref());
        let path = Path::new("reportingController");
        if controller.is_empty() {
            errs.push(FieldError::required(&path, ""));
        }
        errs.extend(super::common::qualified_name(&controller, &path));
        let instance = text(e.reporting_instance.as_deref());
        if instance.is_empty() {
            errs.push(FieldError::required(&Path::new("reportingInstance"), ""));
        }
        if instance.len() > REPORTING_INSTANCE_LIMIT {
            errs.push(invalid("reportingInstance", format!("can have at most {REPORTING_INSTANCE_LIMIT} characters")));
        }
        let action = text(e.action.as_deref());
        if action.is_empty() {
            errs.push(FieldError::required(&Path::new("action"), ""));
        }
        if action.len() > ACTION_LIMIT {
            errs.push(invalid("action", format!("can have at most {ACTION_LIMIT} characters")));
        }
        let reason = text(e.reason.as_deref());
        if reason.is_empty() {
            errs.push(FieldError::required(&Path::new("reason"), ""));
        }
        if reason.len() > REASON_LIMIT {
            errs.push(invalid("reason", format!("can have at most {REASON_LIMIT} characters")));
        }
        if e.message.as_deref().unwrap_or("").len() > NOTE_LIMIT {
            errs.push(invalid("message", format!("can have at most {NOTE_LIMIT} characters")));
        }
    }
    errs.extend(super::common::dns1123_subdomain(e.metadata.namespace.as_str(), &Path::new("namespace")));
    // The strict rules of events.k8s.io/v1 and later.
    errs.extend(super::meta::object_meta(&e.metadata, true, crate::names::NameRule::DnsSubdomain));
    if let Some(s) = &e.series {
        if s.count.unwrap_or(0) < 2 {
            errs.push(invalid("series.count", "should be at least 2".into()));
        }
        if is_zero_time(s.last_observed_time.as_ref()) {
            errs.push(FieldError::required(&Path::new("series.lastObservedTime"), ""));
        }
    }
    if is_zero_time(e.event_time.as_deref()) {
        errs.push(FieldError::required(&Path::new("eventTime"), ""));
    }
    let type_ = text(e.type_.as_deref());
    if type_ != "Normal" && type_ != "Warning" {
        errs.push(invalid("type", format!("has invalid value: {type_}")));
    }
    if e.first_timestamp.is_some() {
        errs.push(invalid("firstTimestamp", "needs to be unset".into()));
    }
    if e.last_timestamp.is_some() {
        errs.push(invalid("lastTimestamp", "needs to be unset".into()));
    }
    if e.count.unwrap_or(0) != 0 {
        errs.push(invalid("count", "needs to be unset".into()));
    }
    if e.source.as_ref().is_some_and(|s| s.component.as_deref().is_some_and(|c| !c.is_empty()) || s.host.as_deref().is_some_and(|h| !h.is_empty())) {
        errs.push(invalid("source", "needs to be unset".into()));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::core::{EventSeries, EventSource, ObjectReference};
    use crate::ObjectMeta;

    fn good() -> Event {
        Event {
            metadata: ObjectMeta { name: "test".into(), namespace: "default".into(), ..Default::default() },
            involved_object: ObjectReference { kind: Some("Node".into()), name: Some("foo".into()), ..Default::default() },
            event_time: Some(Box::new("2025-01-01T00:00:00.000000Z".into())),
            reporting_component: Some("k8s.io/my-controller".into()),
            reporting_instance: Some("node-xyz".into()),
            action: Some("Do".into()),
            reason: Some("Because".into()),
            type_: Some("Normal".into()),
            ..Default::default()
        }
    }

    fn messages(e: &Event) -> Vec<String> {
        event_create(e).iter().map(|e| e.to_string()).collect()
    }

    // TestValidateEventForCoreV1Events / TestEventV1EventTimeImmutability's
    // create cases, for events.k8s.io/v1 requests.
    type Case = (&'static str, Box<dyn Fn(&mut Event)>, Vec<&'static str>);

    #[test]
    fn the_groups_rules() {
        assert_eq!(messages(&good()), Vec::<String>::new());
        let cases: Vec<Case> = vec![
            ("no event time", Box::new(|e| e.event_time = None), vec!["eventTime: Required value"]),
            ("no reporting fields", Box::new(|e| {
                e.reporting_component = None;
                e.reporting_instance = None;
                e.action = None;
                e.reason = None;
            }), vec![
                "reportingController: Required value",
                // Upstream checks the empty name's syntax too.
                r#"reportingController: Invalid value: "": name part must be non-empty"#,
                r#"reportingController: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"#,
                "reportingInstance: Required value",
                "action: Required value",
                "reason: Required value",
            ]),
            ("bad type", Box::new(|e| e.type_ = Some("Info".into())), vec![r#"type: Invalid value: "": has invalid value: Info"#]),
            ("deprecated fields", Box::new(|e| {
                e.count = Some(2);
                e.first_timestamp = Some(crate::time::EPOCH);
                e.source = Some(EventSource { component: Some("kubelet".into()), host: None });
            }), vec![r#"firstTimestamp: Invalid value: "": needs to be unset"#, r#"count: Invalid value: "": needs to be unset"#, r#"source: Invalid value: "": needs to be unset"#]),
            ("short series", Box::new(|e| e.series = Some(Box::new(EventSeries { count: Some(1), last_observed_time: None }))), vec![r#"series.count: Invalid value: "": should be at least 2"#, "series.lastObservedTime: Required value"]),
            ("regarding's namespace elsewhere", Box::new(|e| e.metadata.namespace = "team".into()), vec![r#"involvedObject.namespace: Invalid value: "": does not match event.namespace"#]),
            ("long action", Box::new(|e| e.action = Some("a".repeat(129).as_str().into())), vec![r#"action: Invalid value: "": can have at most 128 characters"#]),
        ];
        for (name, change, want) in cases {
            let mut e = good();
            change(&mut e);
            assert_eq!(messages(&e), want, "{name}");
        }
    }
}
