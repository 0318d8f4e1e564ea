//! Tables ported from upstream kubectl's cmd/events/events_test.go and
//! event_printer_test.go, run against events stored in the simulated
//! cluster instead of a fake client.

use super::super::{execute, Io};
use super::*;
use kubeplay_engine::Engine;

fn kubectl(e: &mut Engine, line: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => execute(&inv, e, Io::default()).unwrap_or_default(),
        Ok(other) => panic!("{line}: {other:?}"),
        Err(err) => {
            let mut out = Output::default();
            out.error(&err.to_string());
            out
        }
    }
}

/// A MicroTime `minutes` before now.
fn ago(e: &Engine, minutes: i64) -> String {
    let t = e.now().plus_millis(-minutes * 60_000).rfc3339();
    format!("{}.000000Z", t.trim_end_matches('Z'))
}

#[allow(clippy::too_many_arguments)]
fn event(
    e: &Engine,
    name: &str,
    ns: &str,
    type_: &str,
    obj: &str,
    first: i64,
    last: i64,
    message: &str,
) -> String {
    format!(
        "---
apiVersion: v1
kind: Event
metadata: {{name: {name}, namespace: {ns}}}
involvedObject: {{apiVersion: apps/v1, kind: Deployment, name: {obj}, namespace: {ns}, uid: 00000000-0000-0000-0000-000000000001}}
type: {type_}
reason: ScalingReplicaSet
message: {message}
reportingComponent: deployment-controller
reportingInstance: deployment-controller
action: Scale
eventTime: {}
series: {{count: 3, lastObservedTime: {}}}
",
        ago(e, first),
        ago(e, last)
    )
}

/// events_test.go's getFakeEvents, stored an hour into the run.
fn fake_events() -> Engine {
    let mut e = Engine::with_default_cluster(7);
    e.advance(60 * 60_000);
    for ns in ["foo", "otherfoo"] {
        assert!(!kubectl(&mut e, &format!("kubectl create namespace {ns}")).failed);
    }
    let msg = "Scaled up replica set bar-002 to 1";
    let manifests = [
        // Listed out of order: the command sorts them.
        event(&e, "bar-002", "otherfoo", "Normal", "bar", 25, 15, msg),
        event(&e, "bar-001", "foo", "Warning", "bar", 28, 18, msg),
        event(&e, "bar-000", "foo", "Normal", "bar", 30, 20, msg),
    ]
    .concat();
    let decoded = kubeplay_codec::decode_manifests(&manifests);
    assert_eq!(
        decoded.errors().count(),
        0,
        "{:?}",
        decoded.errors().collect::<Vec<_>>()
    );
    for o in decoded.objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e
}

// events_test.go's TestEventIsSorted.
#[test]
fn event_is_sorted() {
    let mut e = fake_events();
    let out = kubectl(&mut e, "kubectl events -A --for deployment/bar");
    assert_eq!(
        out.stdout,
        "NAMESPACE   LAST SEEN           TYPE      REASON              OBJECT           MESSAGE
foo         20m (x3 over 30m)   Normal    ScalingReplicaSet   Deployment/bar   Scaled up replica set bar-002 to 1
foo         18m (x3 over 28m)   Warning   ScalingReplicaSet   Deployment/bar   Scaled up replica set bar-002 to 1
otherfoo    15m (x3 over 25m)   Normal    ScalingReplicaSet   Deployment/bar   Scaled up replica set bar-002 to 1
"
    );
}

// events_test.go's TestEventNoHeaders.
#[test]
fn event_no_headers() {
    let mut e = fake_events();
    let out = kubectl(
        &mut e,
        "kubectl events -A --no-headers --for deployment/bar",
    );
    assert_eq!(
        out.stdout,
        "foo        20m (x3 over 30m)   Normal    ScalingReplicaSet   Deployment/bar   Scaled up replica set bar-002 to 1
foo        18m (x3 over 28m)   Warning   ScalingReplicaSet   Deployment/bar   Scaled up replica set bar-002 to 1
otherfoo   15m (x3 over 25m)   Normal    ScalingReplicaSet   Deployment/bar   Scaled up replica set bar-002 to 1
"
    );
}

// events_test.go's TestEventFiltered (--types matches ignoring case).
#[test]
fn event_filtered() {
    let mut e = fake_events();
    let out = kubectl(&mut e, "kubectl events -A --types=WARNING");
    assert_eq!(
        out.stdout,
        "NAMESPACE   LAST SEEN           TYPE      REASON              OBJECT           MESSAGE
foo         18m (x3 over 28m)   Warning   ScalingReplicaSet   Deployment/bar   Scaled up replica set bar-002 to 1
"
    );
    let out = kubectl(&mut e, "kubectl events -n otherfoo --types=Warning");
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str()),
        ("", "No events found in otherfoo namespace.\n")
    );
    let out = kubectl(&mut e, "kubectl events -A --for deployment/nothing");
    assert_eq!(out.stderr, "No events found.\n");
}

// event_printer_test.go's TestPrintObj: one namespace's table, and
// escape characters shown as ^[.
#[test]
fn print_obj() {
    let mut e = fake_events();
    let out = kubectl(&mut e, "kubectl events -n foo --types=Normal");
    assert_eq!(
        out.stdout,
        "LAST SEEN           TYPE     REASON              OBJECT           MESSAGE
20m (x3 over 30m)   Normal   ScalingReplicaSet   Deployment/bar   Scaled up replica set bar-002 to 1
"
    );
    assert_eq!(cell("test\u{1b}"), "test^[");
    assert_eq!(cell("\u{1b}"), "^[");
    assert_eq!(cell("first\nsecond"), "first...");
}

// events' flag errors, as kubectl v1.32 prints them.
#[test]
fn flag_errors() {
    let mut e = fake_events();
    for (line, want) in [
        (
            "kubectl events --types=foo",
            "error: valid --types are Normal or Warning",
        ),
        (
            "kubectl events --for=pod",
            "error: --for must be in resource/name form",
        ),
        (
            "kubectl events --for=a/b/c",
            "error: arguments in resource/name form may not have more than one slash",
        ),
        // The printer is chosen after --for is read and before --types is
        // checked; events' PrintFlags have no table printers.
        (
            "kubectl events --types=foo -o bogus",
            "error: unable to match a printer suitable for the output format \"bogus\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml",
        ),
        (
            "kubectl events --for=pod -o bogus",
            "error: --for must be in resource/name form",
        ),
        (
            "kubectl events -o wide",
            "error: unable to match a printer suitable for the output format \"wide\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml",
        ),
        (
            "kubectl events -o yaml --types=foo",
            "error: valid --types are Normal or Warning",
        ),
    ] {
        assert_eq!(
            kubectl(&mut e, line).stderr.lines().next(),
            Some(want),
            "{line}"
        );
    }
}

// events_test.go's TestEventIsSorted and TestEventFiltered through the
// objects printers: the same order and filter, over the EventList the
// command builds.
#[test]
fn sorted_and_filtered_objects() {
    let mut e = fake_events();
    let out = kubectl(&mut e, "kubectl events -A --for deployment/bar -o name");
    assert_eq!(out.stdout, "event/bar-000\nevent/bar-001\nevent/bar-002\n");
    let out = kubectl(
        &mut e,
        "kubectl events -A --types=WARNING -o jsonpath={.kind}/{.apiVersion}/{.metadata}/{.items[*].metadata.name}/{.items[*].kind}",
    );
    assert_eq!(out.stdout, "EventList/v1/{}/bar-001/Event");
    let out = kubectl(&mut e, "kubectl events -n foo -o json");
    let v: serde_json::Value = serde_json::from_str(&out.stdout).expect("json");
    let keys: Vec<&str> = v.as_object().map(|m| m.keys().map(String::as_str).collect()).unwrap_or_default();
    assert_eq!(keys, ["kind", "apiVersion", "metadata", "items"]);
    assert_eq!(v["metadata"], serde_json::json!({}));
    let names: Vec<&str> = v["items"].as_array().into_iter().flatten().filter_map(|i| i["metadata"]["name"].as_str()).collect();
    assert_eq!(names, ["bar-000", "bar-001"]);
    let out = kubectl(&mut e, "kubectl events -n foo -o yaml");
    assert!(out.stdout.starts_with("apiVersion: v1\nitems:\n- action: Scale\n  apiVersion: v1\n"), "{}", out.stdout);
    assert!(out.stdout.ends_with("kind: EventList\nmetadata: {}\n"), "{}", out.stdout);
}
