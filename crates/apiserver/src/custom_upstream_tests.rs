//! apiextensions-apiserver's tables for the `None` conversion strategy
//! and deprecated versions' warnings.

use super::{convert, deprecation_warning};
use kubeplay_model::api::{
    CustomObject, CustomResourceDefinition, CustomResourceDefinitionVersion,
};
use kubeplay_model::Kind;

fn crd(group: &str, versions: &[(&str, bool, bool)]) -> CustomResourceDefinition {
    let mut crd = CustomResourceDefinition::default();
    crd.spec.group = group.into();
    crd.spec.names.kind = "Widget".into();
    crd.spec.versions = versions
        .iter()
        .map(
            |(name, served, deprecated)| CustomResourceDefinitionVersion {
                name: name.to_string(),
                served: *served,
                deprecated: *deprecated,
                ..Default::default()
            },
        )
        .collect();
    crd
}

fn object(api_version: &str, name: &str, other: &str) -> CustomObject {
    let mut o = CustomObject::empty(Kind::Pod);
    o.api_version = api_version.into();
    o.metadata.name = name.into();
    o.content.insert("other".into(), other.into());
    o
}

// converter_test.go's TestConversion: a list converts item by item, and
// fails if any item is in a version the CRD does not list.
#[test]
fn none_strategy_changes_only_the_api_version() {
    struct Case {
        name: &'static str,
        to: &'static str,
        items: &'static [&'static str],
        failure: &'static str,
    }
    let cases = [
        Case {
            name: "simple_conversion",
            to: "v2",
            items: &["example.com/v1"],
            failure: "",
        },
        Case {
            name: "failed_conversion_invalid_gv",
            to: "v3",
            items: &["example.com/v1"],
            failure: "invalid group/version: example.com/v3",
        },
        Case {
            name: "simple_list_conversion",
            to: "v2",
            items: &["example.com/v1", "example.com/v1"],
            failure: "",
        },
        Case {
            name: "list_with_invalid_gv",
            to: "v2",
            items: &["example.com/v1", "example.com/v3"],
            failure: "invalid group/version: example.com/v3",
        },
    ];
    let crd = crd("example.com", &[("v1", true, false), ("v2", true, false)]);
    for c in cases {
        let mut items: Vec<CustomObject> = c
            .items
            .iter()
            .enumerate()
            .map(|(i, v)| object(v, &format!("foo{}", i + 1), "data"))
            .collect();
        let result: Result<(), String> = items.iter_mut().try_for_each(|o| convert(&crd, o, c.to));
        if c.failure.is_empty() {
            assert_eq!(result, Ok(()), "{}", c.name);
            for (i, o) in items.iter().enumerate() {
                assert_eq!(
                    *o,
                    object(
                        &format!("example.com/{}", c.to),
                        &format!("foo{}", i + 1),
                        "data"
                    ),
                    "{}",
                    c.name
                );
            }
        } else {
            assert!(
                result.as_ref().is_err_and(|e| e.contains(c.failure)),
                "{}: {result:?}",
                c.name
            );
        }
    }
}

/// A version as the tables write it: name, served, deprecated.
type Version = (&'static str, bool, bool);

// customresource_handler_test.go's Test_defaultDeprecationWarning.
#[test]
fn default_deprecation_warning_names_the_best_newer_version() {
    let replacement_sorting: Vec<Version> = [
        "v1", "v1alpha1", "v1alpha2", "v1beta1", "v1beta2", "v2", "v2alpha1", "v2alpha2",
        "v2beta1", "v2beta2",
    ]
    .into_iter()
    .map(|v| (v, true, v == "v1"))
    .chain(
        ["v3", "v3alpha1", "v3alpha2", "v3beta1", "v3beta2"]
            .into_iter()
            .map(|v| (v, false, false)),
    )
    .collect();
    let cases: [(&str, &str, Vec<Version>, &str); 3] = [
        (
            "no replacement",
            "v1",
            vec![("v1", true, true), ("v2", true, true), ("v3", false, false)],
            "example.com/v1 Widget is deprecated",
        ),
        (
            "replacement sorting",
            "v1",
            replacement_sorting,
            "example.com/v1 Widget is deprecated; use example.com/v2 Widget",
        ),
        (
            "no newer replacement of equal stability",
            "v2",
            vec![
                ("v1", true, false),
                ("v2", true, true),
                ("v3", false, false),
                ("v3alpha1", true, false),
                ("v3beta1", true, false),
                ("v4", true, true),
            ],
            "example.com/v2 Widget is deprecated",
        ),
    ];
    for (name, deprecated, versions, want) in cases {
        assert_eq!(
            deprecation_warning(&crd("example.com", &versions), deprecated).as_deref(),
            Some(want),
            "{name}"
        );
    }
}

#[test]
fn a_crd_deprecation_warning_replaces_the_default_and_others_do_not_warn() {
    let mut c = crd("example.com", &[("v1", true, true), ("v2", true, false)]);
    assert_eq!(deprecation_warning(&c, "v2"), None);
    c.spec.versions[0].deprecation_warning = Some("im deprecated!".into());
    assert_eq!(
        deprecation_warning(&c, "v1").as_deref(),
        Some("im deprecated!")
    );
}
