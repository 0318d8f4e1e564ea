//! The no-panic short run for the surfaces added after `no_panic.rs`:
//! CEL (parser, checker, evaluation, the ip/cidr/url/format/optional
//! libraries), the container shells (`sh -c` on busybox, dash and bash:
//! arithmetic, `${var%pat}`, functions), the terminal's shell, grep/sed/awk
//! regexes, ValidatingAdmissionPolicies, CRD `x-kubernetes-validations`
//! and manifests with a wrong JSON type at a random path.
//!
//! Every input must come back (the products' own caps bound each run:
//! CEL's cost limit, the shells' loop and nesting caps, so a hang hangs
//! the test; nothing here reads a clock) without a panic, and a failure
//! must say something. Seeds are fixed (proptest's default deterministic
//! runner) and case counts small so the file runs in seconds.

use kubeplay_cel::{compile, Type, Value};
use kubeplay_playground::Playground;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// A runner with a fixed seed: the same cases on every run.
fn runner(cases: u32) -> TestRunner {
    let config = Config { cases, failure_persistence: None, ..Config::default() };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]))
}

fn check<S: Strategy>(cases: u32, strategy: S, test: impl Fn(S::Value)) {
    runner(cases)
        .run(&strategy, |v| {
            test(v);
            Ok(())
        })
        .unwrap();
}

/// A cluster with a busybox pod `b` and an nginx pod `n` (dash, bash),
/// built once per thread and cloned per case.
fn cluster() -> Playground {
    thread_local! {
        static TEMPLATE: Playground = {
            let mut pg = Playground::new(1);
            for line in ["kubectl run b --image=busybox -- sleep 3600", "kubectl run n --image=nginx", "sim settle"] {
                pg.run(line, None);
            }
            pg
        };
    }
    TEMPLATE.with(Playground::clone)
}

fn single_quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// Runs a line; a failure must say why.
fn run(pg: &mut Playground, line: &str, stdin: Option<&str>) -> kubeplay_playground::CommandOutput {
    let out = pg.run(line, stdin);
    assert!(!out.failed || !out.stderr.trim().is_empty() || !out.stdout.is_empty(), "{line:?} failed silently");
    out
}

// ---------------------------------------------------------------- CEL

/// `matches` uses the model's regex engine, as the API server installs it.
fn install_regex() {
    fn ecma(pattern: &str, text: &str, start: usize) -> Result<Option<(usize, usize)>, String> {
        let re = kubeplay_model::regex::Regex::new(pattern, kubeplay_model::regex::Syntax::Ecma).map_err(|e| e.to_string())?;
        Ok(re.find_at(text, start))
    }
    kubeplay_cel::install_regex(ecma);
}

const CEL_ATOMS: &[&str] = &[
    "self", "self.name", "self.n", "self.items", "self.m", "self.?name", "oldSelf", "1", "-1", "0", "1u", "2.5", "-0.0", "1e308",
    "9223372036854775807", "-9223372036854775808", "0x7f", "18446744073709551615u", "true", "false", "null", "'a'", "\"\"", "'é\\u00e9'",
    "r'\\d+'", "b'\\xff'", "'''x'''", "[]", "{}", "[1, 2, 3]", "['a', 'b']", "{'k': 1}", "{1: 'a', 2: 'b'}", "int", "string",
    "duration('1h')", "duration('-1s')", "timestamp('2024-01-01T00:00:00Z')", "ip('10.0.0.1')", "ip('::1')", "cidr('10.0.0.0/8')",
    "url('https://example.com:8080/p?q=1')", "quantity('1.5Gi')", "quantity('100m')", "optional.none()", "optional.of(1)",
    "'%s-%d'", "'%.3f'", "'%e'", "'%x'", "'%b'", "'%o'", "'%'", "'%.99999999999999999999f'", "'%.70000f'",
];

const CEL_METHODS: &[&str] = &[
    "size()", "startsWith('a')", "endsWith('')", "contains('x')", "matches('^[a-z]+$')", "matches('(a*)*b')", "matches('[')",
    "lowerAscii()", "upperAscii()", "split(',')", "split('', -1)", "replace('a', 'bb')", "replace('', 'x')", "substring(1)",
    "substring(2, 1)", "charAt(0)", "charAt(99)", "indexOf('a')", "lastIndexOf('a', -1)", "trim()", "join('-')", "sum()", "min()",
    "max()", "isSorted()", "indexOf(1)", "all(x, x > 0)", "exists(x, x == 'a')", "exists_one(x, true)", "map(x, x + x)",
    "map(x, x, x)", "filter(x, x != 0)", "orValue(0)", "hasValue()", "value()", "format([1])", "format(['a', 1])", "format([])",
    "format([1.0])", "getHours()", "getDayOfWeek('UTC')", "getFullYear('America/New_York')", "getMilliseconds()", "family()",
    "isLoopback()", "containsIP('10.1.1.1')", "containsCIDR('10.0.0.0/16')", "prefixLength()", "masked()", "ip()", "getHost()",
    "getPort()", "getQuery()", "getScheme()", "isInteger()", "asInteger()", "asApproximateFloat()", "add(quantity('1'))",
    "sub(1)", "compareTo(quantity('2'))", "isGreaterThan(quantity('1'))", "sign()", "optMap(x, x + 1)", "optFlatMap(x, optional.of(x))",
    "or(optional.none())", "k", "name",
];

const CEL_OPS: &[&str] = &[" + ", " - ", " * ", " / ", " % ", " == ", " != ", " < ", " <= ", " >= ", " > ", " && ", " || ", " in "];

const CEL_FUNCS: &[&str] = &[
    "size", "int", "uint", "double", "string", "bytes", "bool", "dyn", "type", "duration", "timestamp", "has", "ip", "cidr", "url",
    "quantity", "isIP", "isCIDR", "isURL", "isQuantity", "ip.isCanonical", "optional.of", "optional.ofNonZeroValue",
    "sets.contains", "sets.equivalent", "sets.intersects", "matches",
];

/// Expressions from a small CEL grammar: atoms, method calls, operators,
/// calls, macros, lists, maps, conditionals, indexing, optionals.
fn cel_expr() -> impl Strategy<Value = String> {
    let atom = proptest::sample::select(CEL_ATOMS).prop_map(str::to_string);
    atom.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (inner.clone(), proptest::sample::select(CEL_METHODS)).prop_map(|(e, m)| format!("{e}.{m}")),
            (inner.clone(), proptest::sample::select(CEL_OPS), inner.clone()).prop_map(|(a, op, b)| format!("({a}{op}{b})")),
            (proptest::sample::select(CEL_FUNCS), proptest::collection::vec(inner.clone(), 0..3)).prop_map(|(f, a)| format!("{f}({})", a.join(", "))),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| format!("{c} ? {a} : {b}")),
            proptest::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(", "))),
            (inner.clone(), inner.clone()).prop_map(|(k, v)| format!("{{{k}: {v}}}")),
            (inner.clone(), inner.clone()).prop_map(|(a, i)| format!("{a}[{i}]")),
            (inner.clone(), inner.clone()).prop_map(|(a, i)| format!("{a}[?{i}]")),
            inner.clone().prop_map(|e| format!("!{e}")),
            inner.clone().prop_map(|e| format!("-{e}")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("{a}.map(x, {b})")),
        ]
    })
}

/// A valid-looking expression with a few characters inserted or removed.
fn cel_mangled() -> impl Strategy<Value = String> {
    let bits = proptest::sample::select(&["(", ")", "[", "]", "{", "}", ".", "?", ":", ",", "'", "\"", "\\", "`", "!", "-", "$", "é", "\u{0}", " "][..]);
    (cel_expr(), proptest::collection::vec((any::<prop::sample::Index>(), bits, any::<bool>()), 0..4)).prop_map(|(mut s, edits)| {
        for (at, bit, insert) in edits {
            let bounds: Vec<usize> = s.char_indices().map(|(i, _)| i).chain(std::iter::once(s.len())).collect();
            let i = bounds[at.index(bounds.len())];
            if insert {
                s.insert_str(i, bit);
            } else if let Some(c) = s[i..].chars().next() {
                s.replace_range(i..i + c.len_utf8(), "");
            }
        }
        s
    })
}

fn cel_self() -> (Type, Value) {
    let t = Type::Dyn;
    let v = Value::map(vec![
        (Value::string("name"), Value::string("web-1")),
        (Value::string("n"), Value::Int(3)),
        (Value::string("items"), Value::list(vec![Value::string("a"), Value::string("b")])),
        (Value::string("m"), Value::map(vec![(Value::string("k"), Value::Int(1))])),
    ]);
    (t, v)
}

/// Compiles and evaluates; every error has text.
fn cel_one(src: &str) {
    let (t, v) = cel_self();
    match compile(src, &[("self", t.clone()), ("oldSelf", t)]) {
        Ok(program) => match program.eval(&[("self", v.clone()), ("oldSelf", v)]) {
            Ok(out) => drop(format!("{out:?}")),
            Err(e) => assert!(!e.to_string().is_empty(), "{src:?}: an evaluation error without text"),
        },
        Err(e) => assert!(!e.to_string().trim().is_empty(), "{src:?}: a compile error without text"),
    }
}

#[test]
fn cel_expressions_from_the_grammar() {
    install_regex();
    check(1500, cel_expr(), |src| cel_one(&src));
}

#[test]
fn cel_expressions_mangled_and_random_text() {
    install_regex();
    check(1000, cel_mangled(), |src| cel_one(&src));
    check(500, ".{0,40}", |src| cel_one(&src));
    check(300, proptest::collection::vec(any::<u8>(), 0..60), |b| cel_one(&String::from_utf8_lossy(&b)));
}

// ---------------------------------------------------------------- shells

/// Pieces of container scripts: the constructs added since exec_no_panic.
const SCRIPT_BITS: &[&str] = &[
    " ", ";", "\n", "&&", "||", "|", "'", "\"", "\\", "`", "$(", ")", "(", "((", "))", "$((", "{", "}", "${", "${x%", "${x%%", "${x#",
    "${x##", "${x/a/b}", "${x//?/z}", "${#x}", "${x:-d}", "${x:=d}", "${x:?gone}", "${x:1:2}", "*", "?", "[a-z]", ".*", "x=abc.tar.gz",
    "x=$((1<<62))", "i=0", "echo", "printf '%s\\n'", "$x", "\"$x\"", "$((x * x))", "$((1/0))", "$((i++))", "$((2**63))", "$((-1 % 0))",
    "$((9223372036854775807 + 1))", "(( i += 1 ))", "((x = 2, x * 3))", "f() { echo $1; }", "f", "f a b", "function g { return 2; }",
    "g", "local v=1", "return", "shift", "alias ll='ls -l'", "ll", "unalias ll", "for i in 1 2; do", "for ((i=0; i<3; i++)); do", "done",
    "while [ $i -lt 3 ]; do", "if", "then", "else", "fi", "case $x in", "*.gz)", ";;", "esac", "<<EOF", "EOF", "cat", "grep -E 'a+'",
    "sed 's/a/b/g'", "awk '{print $1}'", "exit 3", "true", "false", "!", "set -e", "test -n \"$x\"", "[ -z $x ]",
];

fn script() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(SCRIPT_BITS), 1..14).prop_map(|w| w.join(" "))
}

#[test]
fn container_scripts_in_every_shell() {
    check(120, script(), |s| {
        let mut pg = cluster();
        let q = single_quoted(&s);
        for line in [format!("kubectl exec b -- sh -c {q}"), format!("kubectl exec n -- sh -c {q}"), format!("kubectl exec n -- bash -c {q}")] {
            run(&mut pg, &line, None);
        }
    });
}

/// The terminal's own shell: the same pieces typed at the prompt.
#[test]
fn terminal_lines() {
    check(150, script(), |s| {
        kubeplay_fuzzcheck::playground(s.as_bytes());
    });
}

// ---------------------------------------------------------------- regexes

const REGEX_BITS: &[&str] = &[
    "a", "b", ".", "*", "+", "?", "{2}", "{1,3}", "{,2}", "{99999}", "\\{1,\\}", "(", ")", "\\(", "\\)", "|", "\\|", "[", "]", "[^a]",
    "[[:alpha:]]", "[[:foo:]]", "^", "$", "\\", "\\1", "\\2", "\\b", "\\w", "\\<", "\\>", "(a*)*", "(a|aa)+", "x*?", "-", "é",
];

#[test]
fn grep_sed_awk_patterns() {
    let long = "a".repeat(2000);
    let strategy = (proptest::collection::vec(proptest::sample::select(REGEX_BITS), 1..8), any::<bool>());
    check(120, strategy, |(bits, long_line)| {
        let pat = bits.concat();
        let mut pg = cluster();
        let text = if long_line { long.as_str() } else { "ab aab\nb é" };
        let q = single_quoted(&pat);
        let slash = pat.replace('/', "\\/");
        for line in [
            format!("echo {} | grep -E {q}", single_quoted(text)),
            format!("echo {} | grep -c {q}", single_quoted(text)),
            format!("echo {} | sed {}", single_quoted(text), single_quoted(&format!("s/{slash}/<&>/g"))),
            format!("echo {} | sed -E {}", single_quoted(text), single_quoted(&format!("s/{slash}/[\\1]/"))),
            format!("echo {} | awk {}", single_quoted(text), single_quoted(&format!("/{slash}/ {{print NR}}"))),
            format!("kubectl exec n -- sh -c {}", single_quoted(&format!("echo {} | grep -oE {q}", single_quoted(text)))),
        ] {
            // grep finding nothing fails in silence, as in a shell.
            let _ = pg.run(&line, None);
        }
    });
}

// ------------------------------------------------- admission policies, CRDs

/// A policy whose validations, match conditions, variables and message
/// expression are random expressions, bound to deny, then a create it
/// judges.
#[test]
fn validating_admission_policies() {
    let strategy = (cel_expr(), cel_expr(), cel_expr(), cel_mangled(), any::<bool>());
    check(60, strategy, |(validation, condition, variable, message, fail_open)| {
        let mut pg = cluster();
        let js = |s: &str| serde_json::to_string(s).unwrap_or_default();
        let policy = format!(
            "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: p}}\nspec:\n  failurePolicy: {}\n  matchConstraints:\n    resourceRules: [{{apiGroups: [''], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [configmaps]}}]\n  variables: [{{name: v, expression: {}}}]\n  matchConditions: [{{name: c, expression: {}}}]\n  validations:\n  - expression: {}\n    messageExpression: {}\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: pb}}\nspec: {{policyName: p, validationActions: [Deny, Warn]}}\n",
            if fail_open { "Ignore" } else { "Fail" },
            js(&variable.replace("self", "object")),
            js(&condition.replace("self", "object")),
            js(&validation.replace("self", "object").replace("oldSelf", "oldObject")),
            js(&message.replace("self", "object")),
        );
        run(&mut pg, "kubectl apply -f -", Some(&policy));
        run(&mut pg, "kubectl create configmap web --from-literal=name=web-1", None);
        run(&mut pg, "kubectl label configmap web a=b", None);
    });
}

/// A CRD with a random `x-kubernetes-validations` rule on its spec, then
/// a custom object with random values created and updated.
#[test]
fn crd_validation_rules() {
    let value = proptest::sample::select(&["1", "-1", "9223372036854775807", "'x'", "''", "[]", "['a', 'b']", "{}", "null", "1.5", "true"][..]);
    let strategy = (cel_expr(), value.clone(), value.clone(), value);
    check(60, strategy, |(rule, n, name, items)| {
        let mut pg = cluster();
        let crd = format!(
            "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {{name: widgets.example.com}}\nspec:\n  group: example.com\n  names: {{kind: Widget, plural: widgets, singular: widget}}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            x-kubernetes-validations: [{{rule: {}}}]\n            properties:\n              n: {{type: integer}}\n              name: {{type: string, maxLength: 20}}\n              items: {{type: array, maxItems: 5, items: {{type: string, maxLength: 5}}}}\n              m: {{type: object, additionalProperties: {{type: integer}}}}\n",
            serde_json::to_string(&rule).unwrap_or_default()
        );
        run(&mut pg, "kubectl apply -f -", Some(&crd));
        pg.run("sim settle", None);
        let cr = |n: &str| format!("apiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: w}}\nspec: {{n: {n}, name: {name}, items: {items}, m: {{k: 1}}}}\n");
        run(&mut pg, "kubectl apply -f -", Some(&cr(&n)));
        run(&mut pg, "kubectl apply -f -", Some(&cr("2")));
    });
}

// ---------------------------------------------------------------- wrong types

const TYPED_SEEDS: &[&str] = &[
    r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","labels":{"app":"web"}},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"nginx","ports":[{"containerPort":80}],"env":[{"name":"A","value":"b"}],"resources":{"requests":{"cpu":"100m"}}}]}}}}"#,
    r#"{"apiVersion":"v1","kind":"Service","metadata":{"name":"web"},"spec":{"type":"NodePort","selector":{"app":"web"},"ports":[{"port":80,"targetPort":8080,"nodePort":30080}]}}"#,
    r#"{"apiVersion":"batch/v1","kind":"CronJob","metadata":{"name":"c"},"spec":{"schedule":"*/5 * * * *","jobTemplate":{"spec":{"backoffLimit":2,"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"c","image":"busybox","command":["date"]}]}}}}}}"#,
    r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm","annotations":{"a":"b"}},"data":{"k":"v"},"binaryData":{"b":"AAE="}}"#,
    r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingAdmissionPolicy","metadata":{"name":"p"},"spec":{"failurePolicy":"Fail","matchConstraints":{"resourceRules":[{"apiGroups":["apps"],"apiVersions":["v1"],"operations":["CREATE"],"resources":["deployments"]}]},"validations":[{"expression":"object.spec.replicas <= 5","reason":"Invalid"}]}}"#,
];

/// Values of every JSON type, to put where another is wanted.
fn wrong_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::json;
    proptest::sample::select(vec![json!(null), json!(true), json!(-1), json!(1.5), json!(1e300), json!("x"), json!(""), json!([]), json!([1, "a"]), json!({}), json!({"a": 1})])
}

/// Replaces the value at a random path (walked by `steps`) with `v`.
fn replace_at(doc: &mut serde_json::Value, steps: &[prop::sample::Index], v: serde_json::Value) {
    let Some((step, rest)) = steps.split_first() else {
        *doc = v;
        return;
    };
    let child = match doc {
        serde_json::Value::Object(m) if !m.is_empty() => {
            let i = step.index(m.len());
            m.values_mut().nth(i)
        }
        serde_json::Value::Array(a) if !a.is_empty() => {
            let i = step.index(a.len());
            a.get_mut(i)
        }
        _ => None,
    };
    match child {
        Some(c) if c.is_object() || c.is_array() => replace_at(c, rest, v),
        Some(c) => *c = v,
        None => *doc = v,
    }
}

#[test]
fn manifests_with_a_wrong_type_at_a_random_path() {
    let strategy = (proptest::sample::select(TYPED_SEEDS), proptest::collection::vec(any::<prop::sample::Index>(), 1..8), wrong_value(), any::<bool>());
    check(150, strategy, |(seed, path, value, as_yaml)| {
        let mut doc: serde_json::Value = serde_json::from_str(seed).unwrap_or_default();
        replace_at(&mut doc, &path, value);
        let text = doc.to_string();
        // JSON is YAML too; the block form takes the YAML reader's path.
        let text = if as_yaml { text.replace(",\"", ",\n \"") } else { text };
        let out = kubeplay_codec::decode_manifests(&text);
        for item in out.items {
            if let Err(e) = item {
                assert!(!e.to_string().trim().is_empty(), "a decode error without text for {text}");
            }
        }
        let mut pg = cluster();
        run(&mut pg, "kubectl apply -f -", Some(&text));
        run(&mut pg, "kubectl create --dry-run=server -f -", Some(&text));
    });
}
