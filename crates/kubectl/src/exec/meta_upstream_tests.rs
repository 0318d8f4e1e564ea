//! Tables ported from upstream kubectl's label_test.go and
//! annotate_test.go. Where v1.32 differs from the tables (setting a key to
//! the value it already has is no conflict there), the case follows the
//! v1.32 binary.

use super::*;
use crate::cli::{Targets, WriteOptions};
use kubeplay_model::api::Pod;

fn map(a: &[(&str, &str)]) -> BTreeMap<String, String> {
    a.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn update(set: &[(&str, &str)], remove: &[&str], overwrite: bool) -> MetaUpdate {
    MetaUpdate {
        targets: Targets::Named(vec![]),
        all_namespaces: false,
        set: set
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        remove: remove.iter().map(|s| s.to_string()).collect(),
        overwrite,
        list: false,
        local: false,
        resource_version: None,
        write: WriteOptions::default(),
    }
}

/// The map after the update, or the refusal.
fn apply(
    before: &[(&str, &str)],
    u: &MetaUpdate,
    labels: bool,
) -> Result<BTreeMap<String, String>, Vec<String>> {
    let mut m = map(before);
    update_map(&mut m, u, labels).map(|_| m)
}

/// The object's map, the keys set, and whether that is refused without
/// --overwrite.
type OverwriteCase<'a> = (&'a [(&'a str, &'a str)], &'a [(&'a str, &'a str)], bool);

// label_test.go's TestValidateLabels
#[test]
fn validate_labels() {
    let cases: &[OverwriteCase] = &[
        (&[("a", "b"), ("c", "d")], &[("a", "c"), ("d", "b")], true),
        (&[("a", "b"), ("c", "d")], &[("b", "d"), ("c", "a")], true),
        (&[("a", "b"), ("c", "d")], &[("b", "a"), ("d", "c")], false),
        (&[], &[("b", "a"), ("d", "c")], false),
    ];
    for (meta, labels, refused) in cases {
        assert_eq!(
            apply(meta, &update(labels, &[], false), true).is_err(),
            *refused,
            "{meta:?} {labels:?}"
        );
    }
}

// label_test.go's TestLabelFunc
#[test]
fn label_func() {
    // The same value again is no conflict in v1.32.
    assert_eq!(
        apply(&[("a", "b")], &update(&[("a", "b")], &[], false), true),
        Ok(map(&[("a", "b")]))
    );
    assert_eq!(
        apply(&[("a", "b")], &update(&[("a", "c")], &[], true), true),
        Ok(map(&[("a", "c")]))
    );
    assert_eq!(
        apply(&[("a", "b")], &update(&[("c", "d")], &[], false), true),
        Ok(map(&[("a", "b"), ("c", "d")]))
    );
    assert_eq!(
        apply(&[("a", "b")], &update(&[], &["a"], false), true),
        Ok(map(&[]))
    );
    assert_eq!(
        apply(
            &[("a", "b"), ("c", "d")],
            &update(&[("e", "f")], &["a"], false),
            true
        ),
        Ok(map(&[("c", "d"), ("e", "f")]))
    );
    assert_eq!(
        apply(&[], &update(&[("a", "b")], &[], false), true),
        Ok(map(&[("a", "b")]))
    );
    assert_eq!(
        apply(&[("a", "b")], &update(&[("a", "c")], &[], false), true),
        Err(vec![
            "'a' already has a value (b), and --overwrite is false".to_string()
        ])
    );
}

fn pod(labels: &[(&str, &str)]) -> Object {
    let mut p = Pod::default();
    p.metadata.labels = map(labels).into();
    Object::from(p)
}

// label_test.go's TestLabelMsg
#[test]
fn label_msg() {
    let msg = |before: &[(&str, &str)], u: &MetaUpdate| {
        let old = pod(before);
        let mut new = old.clone();
        let meta = new.meta_mut();
        update_map(&mut meta.labels, u, true).expect("no conflict");
        label_message(&old, &new, u.overwrite)
    };
    assert_eq!(
        msg(&[("a", "b")], &update(&[("a", "b")], &[], false)),
        "not labeled"
    );
    assert_eq!(msg(&[], &update(&[("a", "b")], &[], false)), "labeled");
    assert_eq!(
        msg(&[("a", "b")], &update(&[("a", "c")], &[], true)),
        "labeled"
    );
    assert_eq!(
        msg(&[("a", "b")], &update(&[("c", "d")], &[], false)),
        "labeled"
    );
    assert_eq!(msg(&[("a", "b")], &update(&[], &["a"], false)), "unlabeled");
    assert_eq!(
        msg(
            &[("a", "b"), ("c", "d")],
            &update(&[("e", "f")], &["a"], false)
        ),
        "labeled"
    );
    // With --resource-version the version read is cleared before the
    // change is measured, so the object always changes.
    let mut u = update(&[("c", "d")], &[], false);
    u.resource_version = Some("2".into());
    let mut old = pod(&[("a", "b")]);
    old.meta_mut().resource_version = "2".into();
    let mut new = old.clone();
    update_map(&mut new.meta_mut().labels, &u, true).expect("no conflict");
    assert_eq!(
        label_message(&read_as_sent(&old, &u), &new, false),
        "labeled"
    );
}

/// The error a command line stops at before reaching the cluster.
fn refusal(line: &str) -> String {
    match crate::parse_line(line) {
        Err(e) => e.to_string(),
        Ok(other) => panic!("{line}: expected an error, got {other:?}"),
    }
}

// label_test.go's TestLabelErrors
#[test]
fn label_errors() {
    let cases = [
        ("kubectl label", "one or more resources must be specified"),
        (
            "kubectl label pods",
            "at least one label update is required",
        ),
        (
            "kubectl label pods -",
            "at least one label update is required",
        ),
        (
            "kubectl label pods =bar",
            "at least one label update is required",
        ),
        (
            "kubectl label pods-",
            "one or more resources must be specified",
        ),
        (
            "kubectl label pods=bar",
            "one or more resources must be specified",
        ),
        (
            "kubectl label pods app=bar",
            "resource(s) were provided, but no name was specified",
        ),
        (
            "kubectl label pods,deployments app=bar",
            "resource(s) were provided, but no name was specified",
        ),
    ];
    for (line, want) in cases {
        assert!(refusal(line).contains(want), "{line}: {}", refusal(line));
    }
}

// annotate_test.go's TestValidateAnnotationOverwrites
#[test]
fn validate_annotation_overwrites() {
    let cases: &[OverwriteCase] = &[
        (&[("a", "A"), ("b", "B")], &[("a", "a"), ("c", "C")], true),
        (&[("a", "A"), ("c", "C")], &[("b", "B"), ("c", "c")], true),
        (&[("a", "A"), ("c", "C")], &[("b", "B"), ("d", "D")], false),
        (&[], &[("a", "A"), ("b", "B")], false),
    ];
    for (meta, annotations, refused) in cases {
        assert_eq!(
            apply(meta, &update(annotations, &[], false), false).is_err(),
            *refused,
            "{meta:?} {annotations:?}"
        );
    }
}

// annotate_test.go's TestValidateAnnotations
#[test]
fn validate_annotations() {
    assert_eq!(
        refusal("kubectl annotate pods foo a=b c=d a-"),
        "error: can not both modify and remove the following annotation(s) in the same command: a"
    );
    assert_eq!(
        refusal("kubectl annotate pods foo a=b c=d a- c-"),
        "error: can not both modify and remove the following annotation(s) in the same command: a, c"
    );
}

// annotate_test.go's TestUpdateAnnotations
#[test]
fn update_annotations() {
    let ab = &[("a", "b")][..];
    let abcd = &[("a", "b"), ("c", "d")][..];
    assert_eq!(apply(ab, &update(ab, &[], false), false), Ok(map(ab)));
    assert_eq!(
        apply(ab, &update(&[("a", "c")], &[], false), false),
        Err(vec!["--overwrite is false but found the following declared annotation(s): 'a' already has a value (b)".to_string()])
    );
    assert_eq!(
        apply(ab, &update(&[("a", "c")], &[], true), false),
        Ok(map(&[("a", "c")]))
    );
    assert_eq!(
        apply(ab, &update(&[("c", "d")], &[], false), false),
        Ok(map(abcd))
    );
    assert_eq!(apply(ab, &update(&[], &["a"], false), false), Ok(map(&[])));
    assert_eq!(
        apply(abcd, &update(&[("e", "f")], &["a"], false), false),
        Ok(map(&[("c", "d"), ("e", "f")]))
    );
    assert_eq!(
        apply(abcd, &update(&[("e", "f")], &["g"], false), false),
        Ok(map(&[("a", "b"), ("c", "d"), ("e", "f")]))
    );
    assert_eq!(
        apply(abcd, &update(&[], &["e"], false), false),
        Ok(map(abcd))
    );
    assert_eq!(apply(&[], &update(ab, &[], false), false), Ok(map(ab)));
    // annotate.go: the change-cause annotation may always be overwritten.
    let cause = &[(CHANGE_CAUSE, "old")][..];
    assert_eq!(
        apply(cause, &update(&[(CHANGE_CAUSE, "new")], &[], false), false),
        Ok(map(&[(CHANGE_CAUSE, "new")]))
    );
}

// annotate_test.go's TestAnnotateErrors
#[test]
fn annotate_errors() {
    let cases = [
        (
            "kubectl annotate",
            "one or more resources must be specified",
        ),
        (
            "kubectl annotate pods",
            "at least one annotation update is required",
        ),
        (
            "kubectl annotate pods -",
            "at least one annotation update is required",
        ),
        (
            "kubectl annotate pods =bar",
            "at least one annotation update is required",
        ),
        (
            "kubectl annotate pods-",
            "one or more resources must be specified",
        ),
        (
            "kubectl annotate pods=bar",
            "one or more resources must be specified",
        ),
    ];
    for (line, want) in cases {
        assert!(refusal(line).contains(want), "{line}: {}", refusal(line));
    }
}
