//! Tables checked against kubectl 1.32 and Go's text/template tests.

use super::*;
use proptest::prelude::*;
use serde_json::json;

/// `kubectl create configmap c --from-literal=a=b --from-literal=n=5 --dry-run=client -o json`.
fn configmap() -> Value {
    json!({"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": "c", "creationTimestamp": null}, "data": {"a": "b", "n": "5"}})
}

fn run(t: &str, data: &Value, allow_missing: bool) -> Result<String, String> {
    Template::parse(t)?.execute(data, allow_missing).map_err(|(_, e)| e)
}

// Every expectation is what real kubectl v1.32 printed for
// `kubectl create configmap c --from-literal=a=b --from-literal=n=5
// --dry-run=client -o go-template=TEMPLATE` (errors without kubectl's
// "error parsing/executing template" wrapping).
#[test]
fn matches_kubectl() {
    let cases: &[(&str, Result<&str, &str>)] = &[
    ("{{.data}} {{len .data}} {{printf \"%q\" .metadata.name}} {{.missing}}", Ok("map[a:b n:5] 2 \"c\" <no value>")),
    ("{{not .missing}} {{eq .missing \"x\"}} {{index .data \"zz\"}} {{index .metadata.name 0}}", Ok("true false <no value> 99")),
    ("{{.metadata.creationTimestamp}}|{{print .metadata.creationTimestamp}}|{{print .missing}}", Ok("<no value>|<nil>|<nil>")),
    ("{{printf \"%d\" .data}} {{printf \"%s %v\"}} {{printf \"%5.1f|%-4d|%x\" 1.25 3 \"hi\"}}", Ok("map[%!d(string=a):%!d(string=b) %!d(string=n):%!d(string=5)] %!s(MISSING) %!v(MISSING)   1.2|3   |6869")),
    ("{{printf \"%T %T %T %T %T\" 1 .metadata 1.5 .data.a (len .data)}}", Ok("int map[string]interface {} float64 string int")),
    ("{{$x := 1}}{{$x = 2}}{{$x}}", Ok("2")),
    ("{{range $k, $v := .data}}{{$k}}={{$v}};{{end}}", Ok("a=b;n=5;")),
    ("{{range .data}}{{.}},{{else}}none{{end}}{{range .missing}}x{{else}}none{{end}}", Ok("b,5,none")),
    ("{{if .data}}yes{{else if .x}}x{{else}}no{{end}} {{with .nope}}a{{else}}b{{end}}", Ok("yes b")),
    ("{{- .kind -}}   {{- /* c */ -}}  [{{ .apiVersion }}]", Ok("ConfigMap[v1]")),
    ("{{.kind | printf \"%s!\"}} {{\"a\" | len}} {{and 1 0 2}} {{or 0 \"\" \"z\"}} {{not 0}}", Ok("ConfigMap! 1 0 z true")),
    ("{{print 1 2 \"a\" 3 nil}} {{println \"a\" 1}}", Ok("1 2a3 <nil> a 1\n")),
    ("{{html \"<a&b>\"}} {{js \"it's <x>\"}} {{urlquery \"a b&c\"}}", Ok("&lt;a&amp;b&gt; it\\'s \\u003Cx\\u003E a+b%26c")),
    ("{{slice \"abcdef\" 1 3}} {{slice .metadata.name 0}}", Ok("bc c")),
    ("{{range $i, $e := .data}}{{if eq $i \"n\"}}{{break}}{{end}}{{$i}}{{end}}", Ok("a")),
    ("{{lt 1 2}} {{le 2 2}} {{gt \"b\" \"a\"}} {{ge 1 2}} {{ne 1 2}} {{eq 1 2 1}} {{eq \"a\" \"b\"}}", Ok("true true true false true true false")),
    ("{{exists . \"data\" \"a\"}} {{exists . \"data\" \"zz\"}} {{base64decode \"aGk=\"}}", Ok("true false hi")),
    ("{{1.5}} {{1e6}} {{1e20}} {{0.000001}} {{-3}} {{0x10}} {{'a'}} {{true}}", Ok("1.5 1e+06 1e+20 1e-06 -3 16 97 true")),
    ("{{printf \"%#v\" .data}} {{printf \"%#v|%#v|%#v\" .metadata.name 1 .metadata.creationTimestamp}} {{printf \"%#q %#q\" \"ab\" \"a`b\"}}", Ok("map[string]interface {}{\"a\":\"b\", \"n\":\"5\"} \"c\"|1|<nil> `ab` \"a`b\"")),
    ("{{printf \"%#v\" .metadata}} {{printf \"%#v\" (index .data.a 0)}} {{printf \"%#6v|\" .data}}", Ok("map[string]interface {}{\"creationTimestamp\":interface {}(nil), \"name\":\"c\"} 0x62 map[string]interface {}{   \"a\":   \"b\",    \"n\":   \"5\"}|")),
    ("{{printf \"%q %v %s %d\" 65 1e6 true 1.5}}", Ok("'A' 1e+06 %!s(bool=true) %!d(float64=1.5)")),
    ("{{printf \"%05d|%+d|%x|%X|%o|%c|%8.3f|%-8s|%e\" -42 5 255 255 8 65 3.14159 \"ab\" 1234.5678}}", Ok("-0042|+5|ff|FF|10|A|   3.142|ab      |1.234568e+03")),
    ("{{printf \"%s\" nil}} {{printf \"%v\" .metadata}} {{printf \"%d\" 1 2}}", Ok("%!s(<nil>) map[creationTimestamp:<nil> name:c] 1%!(EXTRA int=2)")),
    ("{{.}}", Ok("map[apiVersion:v1 data:map[a:b n:5] kind:ConfigMap metadata:map[creationTimestamp:<nil> name:c]]")),
    ("{{define \"x\"}}a{{.}}{{end}}[{{template \"x\" .data.a}}][{{template \"x\"}}]", Ok("[ab][a<no value>]")),
    ("{{block \"b\" .kind}}<{{.}}>{{end}}", Ok("<ConfigMap>")),
    ("{{with $x := .data.a}}{{$x}}{{.}}{{end}} {{eq nil nil}}", Ok("bb true")),
    ("{{.a", Err("template: output:1: unclosed action")),
    ("{{len .missing}}", Err("template: output:1:2: executing \"output\" at <len .missing>: error calling len: reflect: call of reflect.Value.Type on zero Value")),
    ("{{index .missing 1}}", Err("template: output:1:2: executing \"output\" at <index .missing 1>: error calling index: index of untyped nil")),
    ("{{range 3}}{{.}}{{end}}", Err("template: output:1:8: executing \"output\" at <3>: range can't iterate over 3")),
    ("{{.metadata.creationTimestamp.x}}", Err("template: output:1:11: executing \"output\" at <.metadata.creationTimestamp.x>: nil pointer evaluating interface {}.x")),
    ("{{len .metadata.name.x}}", Err("template: output:1:15: executing \"output\" at <.metadata.name.x>: can't evaluate field x in type interface {}")),
    ("{{(index .data \"a\").x}}", Err("template: output:1:15: executing \"output\" at <\"a\">: can't evaluate field x in type string")),
    ("{{with .metadata.name}}{{.x}}{{end}}", Err("template: output:1:25: executing \"output\" at <.x>: can't evaluate field x in type string")),
    ("{{eq 1.5 1}}", Err("template: output:1:2: executing \"output\" at <eq 1.5 1>: error calling eq: incompatible types for comparison")),
    ("{{base64decode .metadata.name}}", Err("template: output:1:2: executing \"output\" at <base64decode .metadata.name>: error calling base64decode: base64 decode failed: illegal base64 data at input byte 0")),
    ("{{len}}", Err("template: output:1:2: executing \"output\" at <len>: wrong number of args for len: want 1 got 0")),
    ("{{printf 1}}", Err("template: output:1:9: executing \"output\" at <1>: expected string; found 1")),
    ("{{.a b}}", Err("template: output:1: function \"b\" not defined")),
    ("{{lt 1 \"a\"}}", Err("template: output:1:2: executing \"output\" at <lt 1 \"a\">: error calling lt: incompatible types for comparison")),
    ("{{lt true false}}", Err("template: output:1:2: executing \"output\" at <lt true false>: error calling lt: invalid type for comparison")),
    ("{{}}", Err("template: output:1: missing value for command")),
    ("{{end}}", Err("template: output:1: unexpected {{end}}")),
    ("{{if 1}}", Err("template: output:1: unexpected EOF")),
    ("{{else}}", Err("template: output:1: unexpected {{else}}")),
    ("{{\"abc}}", Err("template: output:1: unterminated quoted string")),
    ("{{.a.}}", Err("template: output:1: unexpected <.> in operand")),
    ("{{.a | 3}}", Err("template: output:1: non executable command in pipeline stage 2")),
    ("{{(.a}}", Err("template: output:1: unclosed left paren")),
    ("{{.a)}}", Err("template: output:1: unexpected right paren")),
    ("{{$x}}", Err("template: output:1: undefined variable \"$x\"")),
    ("{{range $a, $b, $c := .}}{{end}}", Err("template: output:1: too many declarations in range")),
    ("{{break}}", Err("template: output:1: {{break}} outside {{range}}")),
    ("{{template \"x\"}}", Err("template: output:1:11: executing \"output\" at <{{template \"x\"}}>: template \"x\" not defined")),
    ("{{nil}}", Err("template: output:1:2: executing \"output\" at <nil>: nil is not a command")),
    ("{{3 4}}", Err("template: output:1:2: executing \"output\" at <3>: can't give argument to non-function 3")),
    ("{{.metadata 1}}", Err("template: output:1:2: executing \"output\" at <.metadata>: metadata is not a method but has arguments")),
    ("{{.kind.x.y}}", Err("template: output:1:7: executing \"output\" at <.kind.x.y>: can't evaluate field x in type interface {}")),
    ("{{index .data 1}}", Err("template: output:1:2: executing \"output\" at <index .data 1>: error calling index: value has type int; should be string")),
    ("{{index 1 1}}", Err("template: output:1:2: executing \"output\" at <index 1 1>: error calling index: can't index item of type int")),
    ("{{len 3}}", Err("template: output:1:2: executing \"output\" at <len 3>: error calling len: len of type int")),
    ("{{\"a\" .kind}}", Err("template: output:1:2: executing \"output\" at <\"a\">: can't give argument to non-function \"a\"")),
    ("{{.kind#}}", Err("template: output:1: bad character U+0023 '#'")),
    ("{{@}}", Err("template: output:1: unexpected \"@\" in command")),
    ("{{/* x }}", Err("template: output:1: unclosed comment")),
    ("{{/* x */ }}", Err("template: output:1: comment ends before closing delimiter")),
    ("{{printf \"%s\" 1 | len}}", Ok("10")),
    ("{{.data.a.b | len}}", Err("template: output:1:7: executing \"output\" at <.data.a.b>: can't evaluate field b in type interface {}")),
    ("{{not}}", Err("template: output:1:2: executing \"output\" at <not>: wrong number of args for not: want 1 got 0")),
    ];
    let data = configmap();
    for (t, want) in cases {
        let got = run(t, &data, true);
        assert_eq!(got.as_deref().map_err(String::as_str), *want, "template {t:?}");
    }
}

// Cases after Go's text/template exec_test.go, adapted to JSON data
// (so numbers are int64/float64 and maps print sorted as fmt does).
#[test]
fn go_exec_tests() {
    let data = json!({"I": 17, "U16": 16, "X": "x", "FloatZero": 0.0, "SI": [3, 4, 5], "SIEmpty": [], "MSI": {"one": 1, "two": 2, "three": 3}, "MSIEmpty": {}, "Empty0": null, "True": true, "False": false, "F": 1.5});
    let cases: &[(&str, &str)] = &[
        ("{{.X}}", "x"),
        ("{{.I}}", "17"),
        ("{{.MSI.one}}", "1"),
        ("{{$}}", "map[Empty0:<nil> F:1.5 False:false FloatZero:0 I:17 MSI:map[one:1 three:3 two:2] MSIEmpty:map[] SI:[3 4 5] SIEmpty:[] True:true U16:16 X:x]"),
        ("{{$x := 2}}{{$x}}", "2"),
        ("{{$x := .MSI}}{{$x.one}}", "1"),
        ("{{with $x := 3}}{{$x}}{{end}}", "3"),
        ("{{if true}}TRUE{{end}}", "TRUE"),
        ("{{if false}}TRUE{{else}}FALSE{{end}}", "FALSE"),
        ("{{if 1.5}}NON-ZERO{{else}}ZERO{{end}}", "NON-ZERO"),
        ("{{if .FloatZero}}NON-ZERO{{else}}ZERO{{end}}", "ZERO"),
        ("{{if .SIEmpty}}NON-EMPTY{{else}}EMPTY{{end}}", "EMPTY"),
        ("{{if .MSIEmpty}}NON-EMPTY{{else}}EMPTY{{end}}", "EMPTY"),
        ("{{if .Empty0}}NON-EMPTY{{else}}EMPTY{{end}}", "EMPTY"),
        ("{{if false}}FALSE{{else if true}}TRUE{{end}}", "TRUE"),
        ("{{if 0}}ZERO{{else if 1}}ONE{{end}}", "ONE"),
        ("{{if .X}}X{{else if .Y}}Y{{else}}Z{{end}}", "X"),
        ("{{range .SI}}<{{.}}>{{end}}", "<3><4><5>"),
        ("{{range .SIEmpty}}-{{.}}-{{else}}EMPTY{{end}}", "EMPTY"),
        ("{{range $x := .SI}}<{{$x}}>{{end}}", "<3><4><5>"),
        ("{{range $x, $y := .SI}}<{{$x}}={{$y}}>{{end}}", "<0=3><1=4><2=5>"),
        ("{{range .MSI}}-{{.}}-{{end}}", "-1--3--2-"),
        ("{{range $x, $y := .MSI}}<{{$x}}={{$y}}>{{end}}", "<one=1><three=3><two=2>"),
        ("{{range .SI}}{{if eq . 4}}{{break}}{{end}}<{{.}}>{{end}}", "<3>"),
        ("{{range .SI}}{{if eq . 4}}{{continue}}{{end}}<{{.}}>{{end}}", "<3><5>"),
        ("{{with .I}}{{.}}{{end}}", "17"),
        ("{{with .SIEmpty}}{{.}}{{else}}EMPTY{{end}}", "EMPTY"),
        ("{{with 0}}{{.}}{{else with 1}}ONE{{end}}", "ONE"),
        ("{{and 1 0}} {{and 1 1}} {{or 0 0}} {{or 1 0}}", "0 1 0 1"),
        ("{{not true}} {{not false}}", "false true"),
        ("{{index .SI 0}} {{index .SI 2}} {{index .MSI `two`}}", "3 5 2"),
        ("{{slice .SI 1 2}} {{slice .SI}}", "[4] [3 4 5]"),
        ("{{len .SI}} {{len .MSI}} {{len \"abc\"}}", "3 3 3"),
        ("{{print \"hello, print\"}}", "hello, print"),
        ("{{printf \"%04x\" 127}}", "007f"),
        ("{{printf \"%-3s|\" \"a\"}}", "a  |"),
        ("{{\"\\\"\"}}", "\""),
        ("{{`\"`}}", "\""),
        ("{{.I | printf \"%d\"}}", "17"),
        ("{{(.I)}} {{(1)}}", "17 1"),
        ("{{.X | print}}", "x"),
        ("{{html `<script>`}}", "&lt;script&gt;"),
        ("{{js `'`}}", "\\'"),
        ("{{urlquery `http://www.example.org/`}}", "http%3A%2F%2Fwww.example.org%2F"),
        ("{{eq .I 17}} {{ne .X `x`}} {{lt .F 2.0}} {{ge .I 18}}", "true false true false"),
        ("a{{- \"b\" -}}\n  c", "abc"),
        ("{{/* comment */}}x{{- /* trimmed */ -}}  y", "xy"),
        ("{{.Nope}} {{.MSI.nope}}", "<no value> <no value>"),
    ];
    for (t, want) in cases {
        assert_eq!(run(t, &data, true).as_deref(), Ok(*want), "template {t:?}");
    }
}

#[test]
fn errors_and_positions() {
    let data = configmap();
    // Line and column count from the start of the action's line.
    assert_eq!(run("a\n{{.kind.x}}", &data, true).unwrap_err(), "template: output:2:7: executing \"output\" at <.kind.x>: can't evaluate field x in type interface {}");
    assert_eq!(run("a\n{{.b", &data, true).unwrap_err(), "template: output:2: unclosed action");
    assert_eq!(run("{{if .a}}\n{{end", &data, true).unwrap_err(), "template: output:2: unclosed action");
    assert_eq!(run("{{.nope}}", &data, false).unwrap_err(), "template: output:1:2: executing \"output\" at <.nope>: map has no entry for key \"nope\"");
    assert_eq!(run("{{.nope.x}}", &data, true), Ok("<no value>".into()));
    assert_eq!(run("{{range .data}}", &data, true).unwrap_err(), "template: output:1: unexpected EOF");
    // The printer: partial output, then kubectl's debugging dump.
    let f = print("{{.kind}} {{.kind.x}}", &data, true).unwrap_err();
    assert!(f.stdout.starts_with("ConfigMap Error executing template: template: output:1:17:"), "{}", f.stdout);
    assert!(f.stdout.contains("\traw data was:\n\t\t{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"c\",\"creationTimestamp\":null},\"data\":{\"a\":\"b\",\"n\":\"5\"}}\n"));
    assert!(f.stdout.ends_with("\tobject given to template engine was:\n\t\tmap[apiVersion:v1 data:map[a:b n:5] kind:ConfigMap metadata:map[creationTimestamp:<nil> name:c]]\n\n"));
    assert_eq!(f.error, "error executing template \"{{.kind}} {{.kind.x}}\": template: output:1:17: executing \"output\" at <.kind.x>: can't evaluate field x in type interface {}");
    assert_eq!(print("{{.a", &data, true).unwrap_err().error, "error parsing template {{.a, template: output:1: unclosed action");
}

#[test]
fn floats_print_as_go_does() {
    let data = json!({"a": 1.5, "b": 1000000.0, "c": 0.0001, "d": 1e21, "e": [1.25, 2]});
    assert_eq!(run("{{.a}} {{.b}} {{.c}} {{.d}} {{.e}}", &data, true), Ok("1.5 1e+06 0.0001 1e+21 [1.25 2]".into()));
}

#[test]
fn runaway_templates_stop() {
    let data = json!({"l": (0..200).collect::<Vec<i32>>()});
    let t = "{{range .l}}{{range $.l}}{{range $.l}}{{range $.l}}x{{end}}{{end}}{{end}}{{end}}";
    assert!(run(t, &data, true).unwrap_err().contains("too much work"));
    let deep = "(".repeat(5000) + "1" + &")".repeat(5000);
    assert!(run(&format!("{{{{{deep}}}}}"), &data, true).is_err());
}

proptest! {
    #[test]
    fn never_panics(t in "[{}.$a-c0-9 ()|\"'`:=,\\-/*\\n]{0,40}|\\PC{0,30}") {
        let data = json!({"a": {"b": [1, "x", null, 2.5]}, "c": "s"});
        let _ = print(&t, &data, true);
        let _ = print(&t, &data, false);
    }

    #[test]
    fn actions_never_panic(body in "(\\.a|\\.b|\\$|\\.|\\$x|\\$x :=|range|if|with|else|end|index|len|printf|eq|lt|not|and|slice|print|\"%d\"|\"s\"|1|-2|1\\.5|nil|\\(|\\)|\\|| ){1,12}") {
        let data = json!({"a": {"b": [1, "x", null, 2.5]}, "c": "s"});
        let t = format!("{{{{{body}}}}}{{{{range .a.b}}}}{{{{{body}}}}}{{{{end}}}}");
        let _ = print(&t, &data, true);
    }
}
