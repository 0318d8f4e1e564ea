//! Tables ported from upstream's `labels/selector_test.go` and
//! `meta/v1/helpers_test.go`.

use super::*;
use proptest::prelude::*;

fn set(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn req(key: &str, op: Operator, values: &[&str]) -> Requirement {
    let mut values: Vec<String> = values.iter().map(|s| s.to_string()).collect();
    crate::sort::sort(&mut values);
    values.dedup();
    Requirement::new(key, op, values).unwrap()
}

// TestSelectorParse.
#[test]
fn good_strings_print_back_without_spaces() {
    for s in ["x=a,y=b,z=c", "", "x!=a,y=b", "x=", "x= ", "x=,z= ", "x= ,z= ", "!x", "x>1", "x>1,z<5"] {
        let sel = Selector::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(sel.to_string(), s.replace(' ', ""), "{s}");
    }
    for s in ["x=a||y=b", "x==a==b", "!x=a", "x<a"] {
        assert!(Selector::parse(s).is_err(), "{s}");
    }
}

// TestDeterministicParse.
#[test]
fn parse_is_deterministic() {
    assert_eq!(Selector::parse("x=a,a=x").unwrap().to_string(), Selector::parse("a=x,x=a").unwrap().to_string());
}

// TestSelectorMatches.
#[test]
fn matches_labels() {
    let yes = [
        ("", set(&[("x", "y")])),
        ("x=y", set(&[("x", "y")])),
        ("x=y,z=w", set(&[("x", "y"), ("z", "w")])),
        ("x!=y,z!=w", set(&[("x", "z"), ("z", "a")])),
        ("notin=in", set(&[("notin", "in")])),
        ("x", set(&[("x", "z")])),
        ("!x", set(&[("y", "z")])),
        ("x>1", set(&[("x", "2")])),
        ("x<1", set(&[("x", "0")])),
        ("foo=bar,baz=blah", set(&[("foo", "bar"), ("baz", "blah")])),
    ];
    for (s, labels) in yes {
        assert!(Selector::parse(s).unwrap().matches(&labels), "{s} should match {labels:?}");
    }
    let no = [
        ("x=z", set(&[])),
        ("x=y", set(&[("x", "z")])),
        ("x=y,z=w", set(&[("x", "w"), ("z", "w")])),
        ("x!=y,z!=w", set(&[("x", "z"), ("z", "w")])),
        ("x", set(&[("y", "z")])),
        ("!x", set(&[("x", "z")])),
        ("x>1", set(&[("x", "0")])),
        ("x<1", set(&[("x", "2")])),
        ("foo=bar,foobar=bar,baz=blah", set(&[("foo", "bar"), ("baz", "blah")])),
    ];
    for (s, labels) in no {
        assert!(!Selector::parse(s).unwrap().matches(&labels), "{s} should not match {labels:?}");
    }
    assert!(Selector::everything().matches(&set(&[("x", "y")])));
    assert!(Selector::everything().is_empty());
    assert!(!Selector::nothing().matches(&set(&[])));
    assert!(!Selector::nothing().is_empty());
}

// TestToString.
#[test]
fn prints_requirements() {
    let mut s = Selector::everything();
    s.add(req("x", Operator::In, &["abc", "def"]));
    s.add(req("y", Operator::NotIn, &["jkl"]));
    s.add(req("z", Operator::Exists, &[]));
    assert_eq!(s.to_string(), "x in (abc,def),y notin (jkl),z");
    let mut s = Selector::everything();
    s.add(req("x", Operator::NotIn, &["abc", "def"]));
    s.add(req("y", Operator::NotEquals, &["jkl"]));
    s.add(req("z", Operator::DoesNotExist, &[]));
    assert_eq!(s.to_string(), "x notin (abc,def),y!=jkl,!z");
    let mut s = Selector::everything();
    s.add(req("x", Operator::NotIn, &["abc"]));
    s.add(req("y", Operator::In, &["jkl", "mno"]));
    s.add(req("z", Operator::NotIn, &[""]));
    assert_eq!(s.to_string(), "x notin (abc),y in (jkl,mno),z notin ()");
    let mut s = Selector::everything();
    s.add(req("x", Operator::Equals, &["abc"]));
    s.add(req("y", Operator::DoubleEquals, &["jkl"]));
    s.add(req("z", Operator::NotEquals, &["a"]));
    s.add(req("z", Operator::Exists, &[]));
    assert_eq!(s.to_string(), "x=abc,y==jkl,z!=a,z");
    let mut s = Selector::everything();
    s.add(req("x", Operator::GreaterThan, &["2"]));
    s.add(req("y", Operator::LessThan, &["8"]));
    s.add(req("z", Operator::Exists, &[]));
    assert_eq!(s.to_string(), "x>2,y<8,z");
}

// TestRequirementConstructor.
#[test]
fn requirement_constructor() {
    let long = "a".repeat(254);
    let table: Vec<(&str, Operator, Vec<&str>, bool)> = vec![
        ("x", Operator::In, vec![], false),
        ("x", Operator::NotIn, vec![], false),
        ("x", Operator::In, vec!["foo"], true),
        ("x", Operator::NotIn, vec!["foo"], true),
        ("x", Operator::Exists, vec![], true),
        ("x", Operator::DoesNotExist, vec![], true),
        ("1foo", Operator::In, vec!["bar"], true),
        ("1234", Operator::In, vec!["bar"], true),
        ("y", Operator::GreaterThan, vec!["1"], true),
        ("z", Operator::LessThan, vec!["6"], true),
        ("foo", Operator::GreaterThan, vec!["bar"], false),
        ("barz", Operator::LessThan, vec!["blah"], false),
        (long.as_str(), Operator::Exists, vec![], false),
    ];
    for (key, op, vals, ok) in table {
        let r = Requirement::new(key, op, vals.iter().map(|s| s.to_string()).collect());
        assert_eq!(r.is_ok(), ok, "{key} {op:?} {vals:?}: {r:?}");
    }
    assert_eq!(
        Requirement::new("x", Operator::In, vec![]).unwrap_err().to_string(),
        "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty"
    );
}

// TestRequirementSelectorMatching.
#[test]
fn requirement_matching() {
    let table: Vec<(BTreeMap<String, String>, Vec<Requirement>, bool)> = vec![
        (set(&[("x", "foo"), ("y", "baz")]), vec![req("x", Operator::In, &["foo"]), req("y", Operator::NotIn, &["alpha"])], true),
        (set(&[("x", "foo"), ("y", "baz")]), vec![req("x", Operator::In, &["foo"]), req("y", Operator::In, &["alpha"])], false),
        (set(&[("y", "")]), vec![req("x", Operator::NotIn, &[""]), req("y", Operator::Exists, &[])], true),
        (set(&[("y", "")]), vec![req("x", Operator::DoesNotExist, &[]), req("y", Operator::Exists, &[])], true),
        (set(&[("y", "")]), vec![req("x", Operator::NotIn, &[""]), req("y", Operator::DoesNotExist, &[])], false),
        (set(&[("y", "baz")]), vec![req("x", Operator::In, &[""])], false),
        (set(&[("z", "2")]), vec![req("z", Operator::GreaterThan, &["1"])], true),
        (set(&[("z", "v2")]), vec![req("z", Operator::GreaterThan, &["1"])], false),
    ];
    for (labels, reqs, want) in table {
        let sel = Selector { requirements: reqs, nothing: false };
        assert_eq!(sel.matches(&labels), want, "{sel} on {labels:?}");
    }
}

// TestSetSelectorParser: valid inputs and the requirements they yield.
#[test]
fn set_based_parsing() {
    let good: Vec<(&str, Vec<Requirement>)> = vec![
        ("", vec![]),
        ("\rx", vec![req("x", Operator::Exists, &[])]),
        ("this-is-a-dns.domain.com/key-with-dash", vec![req("this-is-a-dns.domain.com/key-with-dash", Operator::Exists, &[])]),
        ("this-is-another-dns.domain.com/key-with-dash in (so,what)", vec![req("this-is-another-dns.domain.com/key-with-dash", Operator::In, &["so", "what"])]),
        ("0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)", vec![req("0.1.2.domain/99", Operator::NotIn, &["10.10.100.1", "tick.tack.clock"])]),
        ("foo  in\t (abc)", vec![req("foo", Operator::In, &["abc"])]),
        ("x notin\n (abc)", vec![req("x", Operator::NotIn, &["abc"])]),
        ("x  notin\t\t\t(abc,def)", vec![req("x", Operator::NotIn, &["abc", "def"])]),
        ("x in (abc,def)", vec![req("x", Operator::In, &["abc", "def"])]),
        ("x in (abc,)", vec![req("x", Operator::In, &["abc", ""])]),
        ("x in ()", vec![req("x", Operator::In, &[""])]),
        ("x notin (abc,,def),bar,z in (),w", vec![req("bar", Operator::Exists, &[]), req("w", Operator::Exists, &[]), req("x", Operator::NotIn, &["abc", "", "def"]), req("z", Operator::In, &[""])]),
        ("x=a", vec![req("x", Operator::Equals, &["a"])]),
        ("x>1", vec![req("x", Operator::GreaterThan, &["1"])]),
        ("x<7", vec![req("x", Operator::LessThan, &["7"])]),
        ("x=a,y!=b", vec![req("x", Operator::Equals, &["a"]), req("y", Operator::NotEquals, &["b"])]),
        ("x=a,y!=b,z in (h,i,j)", vec![req("x", Operator::Equals, &["a"]), req("y", Operator::NotEquals, &["b"]), req("z", Operator::In, &["h", "i", "j"])]),
        ("x notin ( )", vec![req("x", Operator::NotIn, &[""])]),
        ("x notin (, a)", vec![req("x", Operator::NotIn, &["", "a"])]),
        ("a ", vec![req("a", Operator::Exists, &[])]),
        ("a in (x,y,notin, z,in)", vec![req("a", Operator::In, &["in", "notin", "x", "y", "z"])]),
    ];
    for (s, want) in good {
        let got = Selector::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        assert_eq!(got.requirements, want, "{s:?}");
    }
    for s in ["x=a||y=b", ",x,y", "x nott in (y)", "a in (xyz),", "a in (xyz)b notin ()", "a in (xyz abc)", "a notin(", "a (", "("] {
        assert!(Selector::parse(s).is_err(), "{s:?} parsed");
    }
    // Upstream's table also lists "x,y" as invalid, but its parser (which
    // this follows) accepts it as two Exists requirements.
    assert_eq!(Selector::parse("x,y").unwrap().to_string(), "x,y");
}

#[test]
fn parse_errors_use_upstream_words() {
    let err = |s: &str| Selector::parse(s).unwrap_err().to_string();
    // As seen in real kubectl output.
    assert_eq!(
        err("app:monolith"),
        "unable to parse requirement: <nil>: Invalid value: \"app:monolith\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
    );
    assert_eq!(err("x nott in (y)"), "unable to parse requirement: found 'nott', expected: in, notin, =, ==, !=, gt, lt");
    // The value is read up to the next special character and then validated.
    assert!(err("x=a||y=b").starts_with("unable to parse requirement: values[0][x]: Invalid value: \"a||y\": a valid label must be"));
    assert_eq!(err("x==a==b"), "found '==', expected: ',' or 'end of string'");
    assert_eq!(err("a in (xyz),"), "found '', expected: identifier after ','");
    assert_eq!(err("("), "found '(', expected: !, identifier, or 'end of string'");
    assert_eq!(err("a in (xyz abc)"), "unable to parse requirement: found 'abc', expected: ',' or ')'");
    assert_eq!(err("a notin("), "unable to parse requirement: found '', expected: ',', ')' or identifier");
    assert_eq!(err("x in y"), "unable to parse requirement: found 'y' expected: '('");
    assert_eq!(err("x<a"), "unable to parse requirement: values[0]: Invalid value: \"a\": for 'Gt', 'Lt' operators, the value must be an integer");
    assert_eq!(
        err("x=-bad"),
        "unable to parse requirement: values[0][x]: Invalid value: \"-bad\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
    );
}

// helpers_test.go TestLabelSelectorAsSelector.
#[test]
fn converts_label_selectors() {
    let ls = LabelSelector {
        match_labels: set(&[("foo", "bar")]),
        match_expressions: vec![LabelSelectorRequirement { key: "baz".into(), operator: "In".into(), values: vec!["qux".into(), "norf".into()] }],
    };
    assert_eq!(ls.to_selector().unwrap().to_string(), "baz in (norf,qux),foo=bar");
    assert!(LabelSelector::default().to_selector().unwrap().is_empty());
    assert!(label_selector_as_selector(None).unwrap().to_string().is_empty());
    assert!(!label_selector_as_selector(None).unwrap().matches(&set(&[])));
    let bad = LabelSelector { match_labels: BTreeMap::new(), match_expressions: vec![LabelSelectorRequirement { key: "baz".into(), operator: "Bogus".into(), values: vec![] }] };
    assert_eq!(bad.to_selector().unwrap_err().to_string(), "\"Bogus\" is not a valid label selector operator");
    let bad_value = LabelSelector { match_labels: set(&[("app", "-x")]), match_expressions: vec![] };
    assert!(bad_value.to_selector().unwrap_err().to_string().starts_with("values[0][app]: Invalid value: \"-x\": a valid label must be"));
    assert_eq!(format_label_selector(None), "<none>");
    assert_eq!(format_label_selector(Some(&LabelSelector::default())), "<none>");
    assert_eq!(format_label_selector(Some(&bad)), "<error>");
    assert_eq!(format_label_selector(Some(&ls)), "baz in (norf,qux),foo=bar");
}

#[test]
fn exact_match_lookup() {
    let s = Selector::parse("app=web,tier in (db),x notin (y)").unwrap();
    assert_eq!(s.requires_exact_match("app"), Some("web"));
    assert_eq!(s.requires_exact_match("tier"), Some("db"));
    assert_eq!(s.requires_exact_match("x"), None);
    assert_eq!(Selector::from_set(&set(&[("b", "2"), ("a", "1")])).to_string(), "a=1,b=2");
}

/// `metav1.ParseToLabelSelector`, each case checked against `kubectl
/// create pdb p --selector=… --min-available=1 --dry-run=client -o json`
/// (kubectl 1.32).
#[test]
fn string_selectors_become_structured_ones_as_kubectl_builds_them() {
    let json = |s: &str| LabelSelector::parse(s).map(|l| serde_json::to_string(&l).unwrap()).map_err(|e| e.to_string());
    assert_eq!(json("app=web"), Ok(r#"{"matchLabels":{"app":"web"}}"#.into()));
    assert_eq!(json("app==web,b=c"), Ok(r#"{"matchLabels":{"app":"web","b":"c"}}"#.into()));
    assert_eq!(json("a=b,a=c"), Ok(r#"{"matchLabels":{"a":"c"}}"#.into()));
    assert_eq!(
        json("app in (a,b),!x,env"),
        Ok(r#"{"matchExpressions":[{"key":"app","operator":"In","values":["a","b"]},{"key":"env","operator":"Exists"},{"key":"x","operator":"DoesNotExist"}]}"#.into())
    );
    assert_eq!(json("a notin (z,b,b)"), Ok(r#"{"matchExpressions":[{"key":"a","operator":"NotIn","values":["b","z"]}]}"#.into()));
    assert_eq!(json("app in (a,b),!x,tier!=fe,env"), Err(r#""!=" is not a valid label selector operator"#.into()));
    assert_eq!(json("a>3"), Err(r#""gt" isn't supported in label selectors"#.into()));
    assert_eq!(json("a=("), Err(r#"couldn't parse the selector string "a=(": unable to parse requirement: found '(', expected: identifier"#.into()));
}

proptest! {
    #[test]
    fn parse_never_panics(s in "\\PC{0,40}") {
        let _ = Selector::parse(&s);
        let _ = FieldSelector::parse(&s);
    }

    #[test]
    fn printed_selectors_parse_back(s in "[a-z!=(), ]{0,20}") {
        if let Ok(sel) = Selector::parse(&s) {
            let printed = sel.to_string();
            let again = Selector::parse(&printed).unwrap_or_else(|e| panic!("{s:?} printed {printed:?}: {e}"));
            prop_assert_eq!(again.to_string(), printed);
        }
    }
}

// TestRequirementConstructor (the table with expected field errors): the
// path and bad value of the first error. Upstream's unsupported-operator
// row has no counterpart: an Operator here is always a known one.
#[test]
fn requirement_constructor_error_paths() {
    let long = "a".repeat(254);
    let table: Vec<(&str, Operator, Vec<&str>, Option<&str>)> = vec![
        ("x1", Operator::In, vec![], Some("values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty")),
        ("x2", Operator::NotIn, vec![], Some("values: Invalid value: []string(nil): for 'in', 'notin' operators")),
        ("x3", Operator::In, vec!["foo"], None),
        ("x4", Operator::NotIn, vec!["foo"], None),
        ("x5", Operator::Equals, vec!["bar", "foo"], Some("values: Invalid value: []string{\"bar\", \"foo\"}: exact-match compatibility requires one single value")),
        ("x6", Operator::Exists, vec![], None),
        ("x7", Operator::DoesNotExist, vec![], None),
        ("x8", Operator::Exists, vec!["foo"], Some("values: Invalid value: []string{\"foo\"}: values set must be empty for exists and does not exist")),
        ("x9", Operator::In, vec!["bar"], None),
        ("x10", Operator::In, vec!["bar"], None),
        ("x11", Operator::GreaterThan, vec!["1"], None),
        ("x12", Operator::LessThan, vec!["6"], None),
        ("x13", Operator::GreaterThan, vec![], Some("values: Invalid value: []string(nil): for 'Gt', 'Lt' operators, exactly one value is required")),
        ("x14", Operator::GreaterThan, vec!["bar"], Some("values[0]: Invalid value: \"bar\": for 'Gt', 'Lt' operators, the value must be an integer")),
        ("x15", Operator::LessThan, vec!["bar"], Some("values[0]: Invalid value: \"bar\": for 'Gt', 'Lt' operators, the value must be an integer")),
        (long.as_str(), Operator::Exists, vec![], Some("key: Invalid value: \"aaaa")),
        ("x16", Operator::Equals, vec![long.as_str()], Some("values[0][x16]: Invalid value: \"aaaa")),
        ("x17", Operator::Equals, vec!["a b"], Some("values[0][x17]: Invalid value: \"a b\": a valid label must be")),
    ];
    for (key, op, vals, want) in table {
        let got = Requirement::new(key, op, vals.iter().map(|s| s.to_string()).collect());
        match (want, got) {
            (None, Ok(_)) => {}
            (Some(prefix), Err(e)) => assert!(e.to_string().starts_with(prefix), "{key}: {e}"),
            (want, got) => panic!("{key} {op:?} {vals:?}: want {want:?}, got {got:?}"),
        }
    }
}

// TestSetSelectorParser rows added upstream since the table above.
#[test]
fn set_based_parsing_newer_rows() {
    let sel = Selector::parse("x,y in (a)").unwrap();
    assert_eq!(sel.requirements, vec![req("x", Operator::Exists, &[]), req("y", Operator::In, &["a"])]);
    assert!(Selector::parse("x,,y").is_err());
    assert_eq!(Selector::parse("x,,y").unwrap_err().to_string(), "found ',', expected: identifier after ','");
}

// TestAdd and TestRequiresExactMatch.
#[test]
fn adds_and_finds_exact_matches() {
    let mut s = Selector::everything();
    s.add(req("key", Operator::In, &["value"]));
    assert_eq!(s.requirements, vec![req("key", Operator::In, &["value"])]);
    s.add(req("key2", Operator::Equals, &["value2"]));
    assert_eq!(s.requirements, vec![req("key", Operator::In, &["value"]), req("key2", Operator::Equals, &["value2"])]);

    let sel = |rs: Vec<Requirement>| Selector { requirements: rs, nothing: false };
    let table: Vec<(Selector, &str, Option<&str>)> = vec![
        (sel(vec![req("key", Operator::In, &["value"])]), "key", Some("value")),
        (sel(vec![req("key", Operator::In, &["value", "value2"])]), "key", None),
        (sel(vec![req("key", Operator::In, &["value", "value1"]), req("key2", Operator::In, &["value2"])]), "key2", Some("value2")),
        (sel(vec![req("key", Operator::Equals, &["value"])]), "key", Some("value")),
        (sel(vec![req("key", Operator::DoubleEquals, &["value"])]), "key", Some("value")),
        (sel(vec![req("key", Operator::NotEquals, &["value"])]), "key", None),
        (sel(vec![req("key", Operator::In, &["value"]), req("key2", Operator::In, &["value2"])]), "key", Some("value")),
    ];
    for (s, label, want) in table {
        assert_eq!(s.requires_exact_match(label), want, "{s} {label}");
    }
    // TestSetMatches / TestNilMapIsValid / TestSetIsEmpty.
    let labels = set(&[("foo", "bar"), ("baz", "blah")]);
    for sub in [set(&[]), set(&[("foo", "bar")]), set(&[("baz", "blah")]), set(&[("foo", "bar"), ("baz", "blah")])] {
        assert!(Selector::from_set(&sub).matches(&labels), "{sub:?}");
    }
    assert!(Selector::from_set(&set(&[])).is_empty());
}
