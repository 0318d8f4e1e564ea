//! `events.k8s.io/v1` Event: the same stored Event as core `v1`, in the
//! newer group's shape. The API server keeps one Event and converts it
//! for either group (pkg/apis/events/v1's conversion): `regarding` is the
//! involved object, `note` the message, `reportingController` the
//! reporting component, and the core-only fields come back as
//! `deprecatedSource`, `deprecatedFirstTimestamp`, `deprecatedLastTimestamp`
//! and `deprecatedCount`. So this is a view, never a stored kind: a read
//! that names `events.events.k8s.io` asks for it
//! ([`request`]), and the printers convert each core Event as they write it.

use crate::api::core::{Event, EventSeries};
use crate::kind::{Kind, TypedResource};
use serde_json::{Map, Value};

pub const GROUP: &str = "events.k8s.io";
pub const VERSION: &str = "v1";
pub const API_VERSION: &str = "events.k8s.io/v1";

/// Whether a typed resource type names the group's Events
/// (`events.events.k8s.io`, `events.v1.events.k8s.io`, `ev.events.k8s.io`):
/// only with the group, since the bare names are the core group's.
pub fn names(typed: &str) -> bool {
    let t = TypedResource::new(typed);
    t.has_group() && t.names("Event", "events", &["ev"], GROUP, VERSION)
}

/// Records that the current command reads Events through this group
/// (until the command's [`crate::custom_kind::with_served`] ends).
pub fn request() {
    crate::custom_kind::request_version(Kind::Event, API_VERSION.to_string());
}

/// Whether the current command reads Events through this group.
pub fn requested() -> bool {
    crate::custom_kind::read_version(Kind::Event).as_deref() == Some(API_VERSION)
}

/// `Convert_core_Event_To_v1_Event`, as the API server encodes the result:
/// Go's field order; `eventTime` and the deprecated times are structs,
/// `null` when unset, and `regarding` and `deprecatedSource` are structs,
/// never left out; the rest are left out when empty.
pub fn to_json(e: &Event) -> Value {
    let mut m = Map::new();
    let mut put = |k: &str, v: Value| {
        m.insert(k.to_string(), v);
    };
    let text = |s: Option<&str>| s.filter(|s| !s.is_empty()).map(|s| Value::String(s.to_string()));
    put("apiVersion", API_VERSION.into());
    put("kind", "Event".into());
    put("metadata", serde_json::to_value(&e.metadata).unwrap_or_default());
    put("eventTime", e.event_time.as_deref().cloned().unwrap_or(Value::Null));
    if let Some(s) = &e.series {
        put("series", series(s));
    }
    let optional = [
        ("reportingController", text(e.reporting_component.as_deref())),
        ("reportingInstance", text(e.reporting_instance.as_deref())),
        ("action", text(e.action.as_deref())),
        ("reason", text(e.reason.as_deref())),
    ];
    for (k, v) in optional {
        if let Some(v) = v {
            put(k, v);
        }
    }
    put("regarding", serde_json::to_value(&e.involved_object).unwrap_or_default());
    if let Some(r) = &e.related {
        put("related", serde_json::to_value(r).unwrap_or_default());
    }
    for (k, v) in [("note", text(e.message.as_deref())), ("type", text(e.type_.as_deref()))] {
        if let Some(v) = v {
            put(k, v);
        }
    }
    put("deprecatedSource", e.source.as_ref().map_or_else(|| Value::Object(Map::new()), |s| serde_json::to_value(s).unwrap_or_default()));
    let time = |t: Option<crate::Time>| t.map_or(Value::Null, |t| Value::String(t.rfc3339()));
    put("deprecatedFirstTimestamp", time(e.first_timestamp));
    put("deprecatedLastTimestamp", time(e.last_timestamp));
    if let Some(c) = e.count.filter(|c| *c != 0) {
        put("deprecatedCount", c.into());
    }
    Value::Object(m)
}

/// `v1.EventSeries`: both fields always written.
fn series(s: &EventSeries) -> Value {
    let mut m = Map::new();
    m.insert("count".into(), s.count.unwrap_or(0).into());
    m.insert("lastObservedTime".into(), s.last_observed_time.clone().unwrap_or(Value::Null));
    Value::Object(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::core::{EventSource, ObjectReference};
    use crate::time::EPOCH;
    use crate::ObjectMeta;

    #[test]
    fn typed_names_need_the_group() {
        for (typed, want) in [
            ("events.events.k8s.io", true),
            ("events.v1.events.k8s.io", true),
            ("event.events.k8s.io", true),
            ("ev.events.k8s.io", true),
            ("events", false),
            ("ev", false),
            ("events.v1beta1.events.k8s.io", false),
            ("pods.events.k8s.io", false),
        ] {
            assert_eq!(names(typed), want, "{typed}");
        }
    }

    // conversion_test.go's round trip, one way: every core field lands in
    // its events.k8s.io/v1 field.
    #[test]
    fn core_fields_move_to_their_new_names() {
        let e = Event {
            metadata: ObjectMeta { name: "web.1".into(), namespace: "default".into(), ..Default::default() },
            involved_object: ObjectReference { kind: Some("Pod".into()), name: Some("web".into()), namespace: Some("default".into()), ..Default::default() },
            reason: Some("Pulled".into()),
            message: Some("pulled".into()),
            source: Some(EventSource { component: Some("kubelet".into()), host: Some("kind-worker".into()) }),
            first_timestamp: Some(EPOCH),
            last_timestamp: Some(EPOCH.plus_secs(5)),
            count: Some(2),
            type_: Some("Normal".into()),
            reporting_component: Some("kubelet".into()),
            reporting_instance: Some("kind-worker".into()),
            ..Default::default()
        };
        let j = to_json(&e);
        let keys: Vec<&str> = j.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "apiVersion", "kind", "metadata", "eventTime", "reportingController", "reportingInstance", "reason", "regarding", "note", "type", "deprecatedSource",
                "deprecatedFirstTimestamp", "deprecatedLastTimestamp", "deprecatedCount"
            ]
        );
        assert_eq!(j["eventTime"], Value::Null);
        assert_eq!(j["regarding"]["name"], "web");
        assert_eq!(j["note"], "pulled");
        assert_eq!(j["reportingController"], "kubelet");
        assert_eq!(j["deprecatedSource"]["host"], "kind-worker");
        assert_eq!(j["deprecatedFirstTimestamp"], "2025-01-01T00:00:00Z");
        assert_eq!(j["deprecatedCount"], 2);
        // An events.k8s.io recorder's event: a series, no core times.
        let s = Event { event_time: Some(Box::new("2025-01-01T00:00:01.000000Z".into())), series: Some(Box::new(EventSeries { count: Some(3), last_observed_time: Some("2025-01-01T00:06:00.000000Z".into()) })), ..Default::default() };
        let j = to_json(&s);
        assert_eq!(j["series"], serde_json::json!({"count": 3, "lastObservedTime": "2025-01-01T00:06:00.000000Z"}));
        assert_eq!(j["deprecatedSource"], serde_json::json!({}));
        assert_eq!(j["deprecatedLastTimestamp"], Value::Null);
        assert!(j.get("deprecatedCount").is_none() && j.get("note").is_none());
    }
}
