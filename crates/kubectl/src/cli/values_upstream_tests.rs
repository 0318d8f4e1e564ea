//! Tables ported from upstream kubectl's unit tests for the small value
//! languages: label specs, annotation pairs and taint specs.

use super::*;

fn v(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

fn pairs(a: &[(&str, &str)]) -> Vec<(String, String)> {
    a.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Arguments, then the settings and removals they parse to.
type LabelCase<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a [&'a str]);

// label_test.go's TestParseLabels
#[test]
fn parse_labels_table() {
    let ok: &[LabelCase] = &[
        (&["a=b", "c=d"], &[("a", "b"), ("c", "d")], &[]),
        (&[], &[], &[]),
        (&["a=b", "c=d", "e-"], &[("a", "b"), ("c", "d")], &["e"]),
        (&["a="], &[("a", "")], &[]),
    ];
    for (args, set, remove) in ok {
        assert_eq!(
            parse_labels(&v(args)),
            Ok((pairs(set), v(remove))),
            "{args:?}"
        );
    }
    for args in [&["ab", "c=d"][..], &["a=b", "c=d", "a-"], &["a=%^$"]] {
        assert!(parse_labels(&v(args)).is_err(), "{args:?}");
    }
}

// annotate_test.go's TestParseAnnotations
#[test]
fn parse_annotations_table() {
    let url = "https://test.com/index.htm?id=123#u=user-name";
    let json = r#"'{"kind":"SerializedReference","apiVersion":"v1","reference":{"kind":"ReplicationController","namespace":"default","name":"my-nginx","uid":"c544ee78-2665-11e5-8051-42010af0c213","apiVersion":"v1","resourceVersion":"61368"}}'"#;
    let parse = |a: &[String]| parse_pairs(a, "annotation", true);
    assert_eq!(
        parse(&v(&["a=b", "c=d"])),
        Ok((pairs(&[("a", "b"), ("c", "d")]), vec![]))
    );
    assert_eq!(
        parse(&[
            format!("url={url}"),
            format!("fake.kubernetes.io/annotation={json}")
        ]),
        Ok((
            pairs(&[("url", url), ("fake.kubernetes.io/annotation", json)]),
            vec![]
        ))
    );
    assert_eq!(parse(&[]), Ok((vec![], vec![])));
    assert_eq!(
        parse(&v(&["a=b", "c=d", "e-"])),
        Ok((pairs(&[("a", "b"), ("c", "d")]), v(&["e"])))
    );
    assert_eq!(
        parse(&v(&["ab", "c=d"])).unwrap_err(),
        "invalid annotation format: ab"
    );
    assert_eq!(parse(&v(&["a="])), Ok((pairs(&[("a", "")]), vec![])));
    assert_eq!(
        parse(&v(&["ab", "a="])).unwrap_err(),
        "invalid annotation format: ab"
    );
    assert_eq!(
        parse(&v(&["-"])).unwrap_err(),
        "invalid annotation format: -"
    );
    assert_eq!(
        parse(&v(&["=bar"])).unwrap_err(),
        "invalid annotation format: =bar"
    );
}

fn add(key: &str, value: Option<&str>, effect: &str) -> TaintSpec {
    TaintSpec {
        key: key.into(),
        value: value.map(str::to_string),
        effect: effect.into(),
    }
}

fn rm(key: &str, effect: Option<&str>) -> TaintRemoval {
    TaintRemoval {
        key: key.into(),
        effect: effect.map(str::to_string),
    }
}

// taint/utils_test.go's TestParseTaints
#[test]
fn parse_taints_table() {
    for bad in [
        "",
        "foo=abc",
        "foo=abc=xyz:NoSchedule",
        "foo=abc:xyz:NoSchedule",
        "foo",
        "foo=abc:invalid_effect",
        "foo:invalid_effect-",
    ] {
        assert!(parse_taints(&v(&[bad])).is_err(), "{bad:?}");
    }
    // Adding needs an effect.
    assert_eq!(
        parse_taints(&v(&["foo"])).unwrap_err(),
        "invalid taint spec: foo"
    );
    let added = vec![
        add("foo", Some("abc"), "NoSchedule"),
        add("bar", Some("abc"), "NoSchedule"),
        add("baz", None, "NoSchedule"),
        add("qux", None, "NoSchedule"),
        add("foobar", None, "NoSchedule"),
    ];
    let specs = [
        "foo=abc:NoSchedule",
        "bar=abc:NoSchedule",
        "baz:NoSchedule",
        "qux:NoSchedule",
        "foobar=:NoSchedule",
    ];
    assert_eq!(parse_taints(&v(&specs)), Ok((added.clone(), vec![])));
    assert_eq!(
        parse_taints(&v(&[
            "foo:NoSchedule-",
            "bar:NoSchedule-",
            "qux=:NoSchedule-",
            "dedicated-"
        ])),
        Ok((
            vec![],
            vec![
                rm("foo", Some("NoSchedule")),
                rm("bar", Some("NoSchedule")),
                rm("qux", Some("NoSchedule")),
                rm("dedicated", None)
            ]
        ))
    );
    let both: Vec<&str> = specs
        .iter()
        .copied()
        .chain(["foo:NoSchedule-", "bar:NoSchedule-", "baz=:NoSchedule-"])
        .collect();
    assert_eq!(
        parse_taints(&v(&both)),
        Ok((
            added,
            vec![
                rm("foo", Some("NoSchedule")),
                rm("bar", Some("NoSchedule")),
                rm("baz", Some("NoSchedule"))
            ]
        ))
    );
}

// set/env/env_parse_test.go's ExampleParseEnv_* (the reader's settings
// are read when the command runs: `stdin_env_at` says where they go, after
// the three settings before the `-`; exec::set's tests read them)
#[test]
fn parse_env_examples() {
    let good = v(&["ENV=VARIABLE", "ENV.TEST=VARIABLE", "AND=ANOTHER", "REMOVE-", "-"]);
    assert_eq!(stdin_env_at(&good), Some(3));
    assert_eq!(parse_env(&good).map(|(set, remove)| (set.len(), remove)), Ok((3, v(&["REMOVE"]))));
    assert_eq!(stdin_env_at(&v(&["A=1"])), None);
    assert_eq!(
        parse_env(&v(&[
            "ENV=VARIABLE",
            "ENV.TEST=VARIABLE",
            "AND=ANOTHER",
            "REMOVE-"
        ])),
        Ok((
            pairs(&[
                ("ENV", "VARIABLE"),
                ("ENV.TEST", "VARIABLE"),
                ("AND", "ANOTHER")
            ]),
            v(&["REMOVE"])
        ))
    );
    let bad = |spec: &str| parse_env(&v(&[spec])).unwrap_err();
    assert_eq!(
        bad("This not in the key=value format."),
        "\"This not in the key\" is not a valid key name: a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')"
    );
    assert_eq!(
        bad(".=VARIABLE"),
        "\".\" is not a valid key name: must not be '.'"
    );
    assert_eq!(
        bad("..=VARIABLE"),
        "\"..\" is not a valid key name: must not be '..'"
    );
    assert_eq!(
        bad("..ENV=VARIABLE"),
        "\"..ENV\" is not a valid key name: must not start with '..'"
    );
    // env_parse.go: the same name set and removed.
    assert_eq!(
        parse_env(&v(&["A-", "A=2"])).unwrap_err(),
        "can not both modify and remove the same environment variable in the same command"
    );
}
