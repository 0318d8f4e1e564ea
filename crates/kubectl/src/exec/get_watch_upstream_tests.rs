//! Cases from kubectl's get_test.go watch tests, run through the watch
//! printer: the server's pods `bar` and `foo` (no containers, no
//! timestamps), listed, then `foo` modified and deleted.

use super::*;
use crate::cli::parse_line;
use crate::cli::{Command, Line};
use kubeplay_model::api::Pod;
use kubeplay_model::time::EPOCH;

fn pod(name: &str, rv: &str) -> Arc<Object> {
    let mut p = Pod::default();
    p.metadata.name = name.into();
    p.metadata.namespace = "test".into();
    p.metadata.resource_version = rv.into();
    Arc::new(Object::from(p))
}

fn get(line: &str) -> Get {
    match parse_line(line) {
        Ok(Line::Kubectl(inv)) => match inv.command {
            Command::Get(g) => g,
            other => panic!("not a get: {other:?}"),
        },
        _ => panic!("not parsed: {line}"),
    }
}

/// The list (unless `--watch-only`), then the watch's MODIFIED and DELETED `foo`.
fn watched(line: &str) -> String {
    let g = get(line);
    let mut p = Printer {
        g: &g,
        tabs: TabWriter::kubectl().remembering_widths(),
        printed_headers: false,
        printed: 0,
        custom: None,
    };
    let mut out = Output::default();
    if !g.watch_only {
        assert!(p.print(
            &[pod("bar", "9"), pod("foo", "10")],
            Some(ADDED),
            EPOCH,
            &mut out
        ));
    }
    assert!(p.print(&[pod("foo", "11")], Some(MODIFIED), EPOCH, &mut out));
    assert!(p.print(&[pod("foo", "12")], Some(DELETED), EPOCH, &mut out));
    assert_eq!(out.stderr, "");
    out.stdout
}

// get_test.go's TestWatchResourceWatchEvents (-A --show-kind --output-watch-events)
#[test]
fn watch_resource_watch_events() {
    let flags = "kubectl get pods -w -A --show-kind --output-watch-events";
    let cases: &[(&str, &str)] = &[
        (
            "",
            "EVENT      NAMESPACE   NAME      READY   STATUS   RESTARTS   AGE\n\
             ADDED      test        pod/bar   0/0              0          <unknown>\n\
             ADDED      test        pod/foo   0/0              0          <unknown>\n\
             MODIFIED   test        pod/foo   0/0              0          <unknown>\n\
             DELETED    test        pod/foo   0/0              0          <unknown>\n",
        ),
        (
            "-o wide",
            "EVENT      NAMESPACE   NAME      READY   STATUS   RESTARTS   AGE         IP       NODE     NOMINATED NODE   READINESS GATES\n\
             ADDED      test        pod/bar   0/0              0          <unknown>   <none>   <none>   <none>           <none>\n\
             ADDED      test        pod/foo   0/0              0          <unknown>   <none>   <none>   <none>           <none>\n\
             MODIFIED   test        pod/foo   0/0              0          <unknown>   <none>   <none>   <none>           <none>\n\
             DELETED    test        pod/foo   0/0              0          <unknown>   <none>   <none>   <none>           <none>\n",
        ),
        (
            r#"-o jsonpath={.type},{.object.metadata.name},{.object.metadata.resourceVersion}{"\n"}"#,
            "ADDED,bar,9\nADDED,foo,10\nMODIFIED,foo,11\nDELETED,foo,12\n",
        ),
        (
            r#"-o go-template={{.type}},{{.object.metadata.name}},{{.object.metadata.resourceVersion}}{{"\n"}}"#,
            "ADDED,bar,9\nADDED,foo,10\nMODIFIED,foo,11\nDELETED,foo,12\n",
        ),
        (
            "-o custom-columns=TYPE:.type,NAME:.object.metadata.name,RSRC:.object.metadata.resourceVersion",
            "TYPE    NAME   RSRC\nADDED   bar    9\nADDED   foo    10\nMODIFIED   foo    11\nDELETED    foo    12\n",
        ),
        ("-o name", "pod/bar\npod/foo\npod/foo\npod/foo\n"),
    ];
    for (format, expected) in cases {
        let line = if format.is_empty() {
            flags.to_string()
        } else {
            format!("{flags} '{format}'").replacen("'-o ", "-o '", 1)
        };
        assert_eq!(watched(&line), *expected, "{format}");
    }
}

// get_test.go's TestWatchTableLabelSelector / TestWatchTableFieldSelector
// (the list, then the watch's events, one header)
#[test]
fn watch_table_list() {
    assert_eq!(
        watched("kubectl get pods -w"),
        "NAME   READY   STATUS   RESTARTS   AGE\nbar    0/0              0          <unknown>\nfoo    0/0              0          <unknown>\nfoo    0/0              0          <unknown>\nfoo    0/0              0          <unknown>\n"
    );
}

// get_test.go's TestWatchOnlyTableList / TestWatchOnlyTableResource
// (no list; the first event brings the header)
#[test]
fn watch_only_table() {
    let expected = "NAME   READY   STATUS   RESTARTS   AGE\nfoo    0/0              0          <unknown>\nfoo    0/0              0          <unknown>\n";
    assert_eq!(watched("kubectl get pods --watch-only"), expected);
    assert_eq!(watched("kubectl get pods foo --watch-only"), expected);
}
