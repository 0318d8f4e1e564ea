//! Tables ported from cel-spec's conformance suite (basic, integer_math,
//! comparisons, logic, macros, string, lists, conversions) and cel-go's
//! strings extension tests: each expression, with no variables, must
//! evaluate to true, or fail with the given text.

use crate::{compile, Type, Value};

fn regex(pattern: &str, text: &str, start: usize) -> Result<Option<(usize, usize)>, String> {
    // A tiny engine for the tests: literal text, `^`/`$` anchors, `.*`.
    if pattern.contains(')') && !pattern.contains('(') {
        return Err("missing opening (".into());
    }
    let (anchored, p) = match pattern.strip_prefix('^') {
        Some(p) => (true, p),
        None => (false, pattern),
    };
    let (end, p) = match p.strip_suffix('$') {
        Some(p) => (true, p),
        None => (false, p),
    };
    let hit = if anchored {
        text[start..].starts_with(p).then_some(start)
    } else {
        text[start..].find(p).map(|i| i + start)
    };
    Ok(hit
        .filter(|i| !end || i + p.len() == text.len())
        .map(|i| (i, i + p.len())))
}

fn eval(src: &str) -> Result<Value, String> {
    crate::install_regex(regex);
    let p = compile(src, &[]).map_err(|e| e.to_string())?;
    p.eval(&[]).map_err(|e| e.to_string())
}

#[test]
fn true_expressions() {
    let cases = [
        // literals
        "1 == 1",
        "-1 < 0",
        "0x10 == 16",
        "1u == 1u",
        "1.5 == 1.5",
        "1e3 == 1000.0",
        ".5 == 0.5",
        "'a' == \"a\"",
        "'''x\ny''' == 'x\\ny'",
        "r'\\n' == '\\\\n'",
        "b'ab' == bytes('ab')",
        "'\\x41\\u0042\\101' == 'ABA'",
        "'\\xff' == '\\u00ff'",
        "size(b'\\xff') == 1",
        "size('\\xff') == 1",
        "null == null",
        "[1, 2] == [1, 2]",
        "{'a': 1} == {'a': 1}",
        "-9223372036854775808 < 0",
        // precedence
        "1 + 2 * 3 == 7",
        "(1 + 2) * 3 == 9",
        "10 - 2 - 3 == 5",
        "7 / 2 == 3",
        "-7 / 2 == -3",
        "7 % 3 == 1",
        "-7 % 3 == -1",
        "!false",
        "!!true",
        "true || false && false",
        "1 < 2 == true",
        "(2 > 1 ? 'a' : 'b') == 'a'",
        "(false ? 1 : true ? 2 : 3) == 2",
        // numbers across types at run time
        "dyn(1) == 1.0",
        "dyn(1u) == 1",
        "1 < 1.5",
        "2u > 1",
        "1.0 <= 1",
        // logic absorbs errors
        "true || 1 / 0 == 1",
        "1 / 0 == 1 || true",
        "!(false && 1 / 0 == 1)",
        "!(1 / 0 == 1 && false)",
        // in, size, strings
        "2 in [1, 2, 3]",
        "'a' in {'a': 1}",
        "!('b' in {'a': 1})",
        "size('héllo') == 5",
        "size([1, 2]) == 2",
        "size({'a': 1}) == 1",
        "'abc'.size() == 3",
        "'hello'.contains('ell')",
        "'hello'.startsWith('he')",
        "'hello'.endsWith('lo')",
        "'hello'.matches('^h')",
        "matches('hello', 'llo$')",
        "'ab' + 'cd' == 'abcd'",
        "[1] + [2] == [1, 2]",
        "b'a' + b'b' == b'ab'",
        // macros
        "[1, 2, 3].all(x, x > 0)",
        "[1, 2, 3].exists(x, x == 2)",
        "[1, 2, 3].exists_one(x, x > 2)",
        "![1, 2, 3].exists_one(x, x > 1)",
        "[1, 2, 3].map(x, x * 2) == [2, 4, 6]",
        "[1, 2, 3].filter(x, x > 1) == [2, 3]",
        "[1, 2, 3].map(x, x > 1, x * 10) == [20, 30]",
        "{'a': 1, 'b': 2}.all(k, k in ['a', 'b'])",
        "[].all(x, x > 0)",
        "![].exists(x, x > 0)",
        "[0, 1].exists(x, 1 / x == 1)",
        "![0, 1].all(x, 1 / x == 2)",
        "has({'a': 1}.a)",
        "!has({'a': 1}.b)",
        // conversions
        "int('42') == 42",
        "int(3.9) == 3",
        "int(-3.9) == -3",
        "uint(3) == 3u",
        "double(2) == 2.0",
        "string(12) == '12'",
        "string(1.5) == '1.5'",
        "string(1e20) == '1e+20'",
        "string(true) == 'true'",
        "string(b'ab') == 'ab'",
        "type(1) == int",
        "type('a') == string",
        "type([]) == list",
        "type({}) == map",
        "type(null) == null_type",
        "type(1.0) == double",
        "type(int) == type",
        // time
        "duration('1m') == duration('60s')",
        "duration('1h30m').getMinutes() == 90",
        "timestamp('2000-01-01T00:00:00Z') + duration('1h') == timestamp('2000-01-01T01:00:00Z')",
        "timestamp('2000-01-01T00:00:00Z') < timestamp('2000-01-02T00:00:00Z')",
        "timestamp('2023-03-15T10:20:30Z').getFullYear() == 2023",
        "timestamp('2023-03-15T10:20:30Z').getMonth() == 2",
        "timestamp('2023-03-15T10:20:30Z').getDayOfMonth() == 14",
        "timestamp('2023-03-15T10:20:30Z').getDate() == 15",
        "timestamp('2023-03-15T10:20:30Z').getHours('+01:00') == 11",
        "timestamp('2023-03-15T10:20:30Z').getDayOfWeek() == 3",
        "string(timestamp('2000-01-01T00:00:00.500+01:00')) == '2000-01-01T00:00:00.5+01:00'",
        "timestamp('2000-01-01T00:00:00+01:00') == timestamp('1999-12-31T23:00:00Z')",
        "string(duration('1m30s')) == '90s'",
        "timestamp('2000-01-02T00:00:00Z') - timestamp('2000-01-01T00:00:00Z') == duration('24h')",
        // strings extension
        "'TacoCat'.lowerAscii() == 'tacocat'",
        "'TacoCat'.upperAscii() == 'TACOCAT'",
        "'  x '.trim() == 'x'",
        "'a,b,c'.split(',') == ['a', 'b', 'c']",
        "'a,b,c'.split(',', 2) == ['a', 'b,c']",
        "['a', 'b'].join('-') == 'a-b'",
        "['a', 'b'].join() == 'ab'",
        "'hello'.indexOf('l') == 2",
        "'hello'.lastIndexOf('l') == 3",
        "'hello'.indexOf('') == 0",
        "'hello'.lastIndexOf('') == 5",
        "'hello'.indexOf('l', 3) == 3",
        "'hello'.replace('l', 'L') == 'heLLo'",
        "'hello'.replace('l', 'L', 1) == 'heLlo'",
        "'hello'.substring(1) == 'ello'",
        "'hello'.substring(1, 3) == 'el'",
        "'hello'.charAt(1) == 'e'",
        "'hello'.charAt(5) == ''",
        // Kubernetes' lists library
        "[1, 2, 3].isSorted()",
        "![2, 1].isSorted()",
        "[1, 2, 3].sum() == 6",
        "[1.5, 2.5].sum() == 4.0",
        "[].sum() == 0",
        "[3, 1, 2].min() == 1",
        "[3, 1, 2].max() == 3",
        "[1, 2, 1].indexOf(1) == 0",
        "[1, 2, 1].lastIndexOf(1) == 2",
        "['a', 'b'].indexOf('c') == -1",
        // Kubernetes' quantity library
        "quantity('1Gi') == quantity('1024Mi')",
        "quantity('1.5Gi').isGreaterThan(quantity('1G'))",
        "quantity('500m').isLessThan(quantity('1'))",
        "quantity('1k').compareTo(quantity('1000')) == 0",
        "quantity('200M').add(quantity('0.8G')) == quantity('1G')",
        "quantity('50k').add(20) == quantity('50020')",
        "quantity('50k').sub(20).asInteger() == 49980",
        "quantity('1.5').isInteger() == false",
        "quantity('-3').sign() == -1",
        "quantity('5e3').asApproximateFloat() == 5000.0",
        "isQuantity('1.3Gi')",
        "!isQuantity('1.3GiB')",
        "type(quantity('1')) != int",
        // Kubernetes' sets library
        "sets.contains(['a', 'b'], [])",
        "sets.contains(['a', 'b'], ['b'])",
        "!sets.contains(['a', 'b'], ['c'])",
        "sets.equivalent([], [])",
        "sets.equivalent(['c', 'b', 'a'], ['b', 'c', 'a'])",
        "!sets.equivalent(['a', 'b'], ['b', 'c'])",
        "sets.intersects(['a', 'b'], ['b', 'c'])",
        "!sets.intersects([], [])",
        "!sets.intersects(['a', 'b'], ['c', 'd'])",
        "sets.contains([{'a': 1}, {'b': 2}], [{'b': 2}])",
        "sets.contains([[1, 2], [3, 4]], [[3, 4]])",
    ];
    let mut failed = Vec::new();
    for src in cases {
        match eval(src) {
            Ok(Value::Bool(true)) => {}
            other => failed.push(format!("{src}: {other:?}")),
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn runtime_errors() {
    let cases = [
        ("1 / 0 == 1", "division by zero"),
        ("1 % 0 == 1", "modulus by zero"),
        ("9223372036854775807 + 1 == 0", "integer overflow"),
        ("-9223372036854775808 - 1 == 0", "integer overflow"),
        ("-9223372036854775808 / -1 == 0", "integer overflow"),
        ("0u - 1u == 0u", "unsigned integer overflow"),
        ("{'a': 1}['b'] == 1", "no such key: b"),
        ("{'a': 1}.b == 1", "no such key: b"),
        ("[1][3] == 1", "index out of bounds: 3"),
        (
            "int('x') == 1",
            "type conversion error from 'string' to 'int'",
        ),
        ("uint(-1) == 1u", "unsigned integer overflow"),
        ("int(1e19) == 1", "integer overflow"),
        ("[].min() == 1", "min called on empty list"),
        (
            "'abc'.substring(2, 1) == ''",
            "invalid substring range. start: 2, end: 1",
        ),
        ("'abc'.substring(4) == ''", "index out of range: 4"),
        ("dyn(1) + 'a' == 'a'", "no such overload"),
        ("[0].all(x, 1 / x == 1)", "division by zero"),
        (
            "{'a': 1, 'a': 2}.size() == 1",
            "Failed with repeated key: a",
        ),
        (
            "duration(dyn('1x')) == duration('1s')",
            "type conversion error from 'string' to 'google.protobuf.Duration'",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(eval(src).err().as_deref(), Some(want), "{src}");
    }
}

#[test]
fn compile_errors() {
    let cases: [(&str, &str); 20] = [
        ("duration('1d') == duration('1s')", "ERROR: <input>:1:10: invalid duration argument\n | duration('1d') == duration('1s')\n | .........^"),
        ("timestamp('1000-00-00T00:00:00Z') == timestamp(0)", "ERROR: <input>:1:11: invalid timestamp\n | timestamp('1000-00-00T00:00:00Z') == timestamp(0)\n | ..........^"),
        ("timestamp(-62135596801) == timestamp(0)", "ERROR: <input>:1:11: invalid timestamp\n | timestamp(-62135596801) == timestamp(0)\n | ..........^"),
        ("fail to compile test", "ERROR: <input>:1:6: Syntax error: mismatched input 'to' expecting <EOF>\n | fail to compile test\n | .....^"),
        ("1 + ", "ERROR: <input>:1:5: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | 1 + \n | ....^"),
        ("(1 == 1", "ERROR: <input>:1:8: Syntax error: missing ')' at '<EOF>'\n | (1 == 1\n | .......^"),
        ("1 == true", "ERROR: <input>:1:3: found no matching overload for '_==_' applied to '(int, bool)'\n | 1 == true\n | ..^"),
        ("'a' + 1 == 'a'", "ERROR: <input>:1:5: found no matching overload for '_+_' applied to '(string, int)'\n | 'a' + 1 == 'a'\n | ....^"),
        ("x > 1", "ERROR: <input>:1:1: undeclared reference to 'x' (in container '')\n | x > 1\n | ^"),
        ("has(1)", "ERROR: <input>:1:4: invalid argument to has() macro\n | has(1)\n | ...^"),
        ("1.startsWith('a')", "ERROR: <input>:1:13: found no matching overload for 'startsWith' applied to 'int.(string)'\n | 1.startsWith('a')\n | ............^"),
        ("[1, 'a'] == []", "ERROR: <input>:1:5: expected type 'int' but found 'string'\n | [1, 'a'] == []\n | ....^"),
        ("'a'.matches(')')", "ERROR: <input>:1:13: invalid matches argument\n | 'a'.matches(')')\n | ............^"),
        ("[1].all(1, true)", "ERROR: <input>:1:9: argument must be a simple name\n | [1].all(1, true)\n | ........^"),
        ("request.user = 'test'", "ERROR: <input>:1:14: Syntax error: token recognition error at: '= '\n | request.user = 'test'\n | .............^\nERROR: <input>:1:16: Syntax error: extraneous input ''test'' expecting <EOF>\n | request.user = 'test'\n | ...............^"),
        ("[1].filter(e, e = 1).all(e, e > 0", "ERROR: <input>:1:17: Syntax error: token recognition error at: '= '\n | [1].filter(e, e = 1).all(e, e > 0\n | ................^\nERROR: <input>:1:19: Syntax error: extraneous input '1' expecting ')'\n | [1].filter(e, e = 1).all(e, e > 0\n | ..................^\nERROR: <input>:1:34: Syntax error: missing ')' at '<EOF>'\n | [1].filter(e, e = 1).all(e, e > 0\n | .................................^"),
        ("1 # 2", "ERROR: <input>:1:3: Syntax error: token recognition error at: '#'\n | 1 # 2\n | ..^\nERROR: <input>:1:5: Syntax error: extraneous input '2' expecting <EOF>\n | 1 # 2\n | ....^"),
        ("self == '", "ERROR: <input>:1:9: Syntax error: token recognition error at: '''\n | self == '\n | ........^\nERROR: <input>:1:10: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self == '\n | .........^"),
        ("9223372036854775808 > 1", "ERROR: <input>:1:1: invalid int literal\n | 9223372036854775808 > 1\n | ^"),
        ("size(1) == 1", "ERROR: <input>:1:5: found no matching overload for 'size' applied to '(int)'\n | size(1) == 1\n | ....^"),
    ];
    for (src, want) in cases {
        assert_eq!(eval(src).err().as_deref(), Some(want), "{src}");
    }
}

#[test]
fn fields_and_types() {
    let obj = Type::Object(std::rc::Rc::new(crate::Object {
        name: "object".into(),
        fields: vec![
            ("replicas".into(), Type::Int),
            ("name".into(), Type::String),
        ],
    }));
    let vars = [("self", obj)];
    let err = compile("self.nonExistingField > 0", &vars)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "ERROR: <input>:1:5: undefined field 'nonExistingField'\n | self.nonExistingField > 0\n | ....^");
    let err = compile("self.replicas == true", &vars)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("found no matching overload for '_==_' applied to '(int, bool)'"),
        "{err}"
    );
    let p = compile("self.replicas > 1 && self.name.startsWith('a')", &vars).unwrap();
    assert_eq!(p.result_type(), &Type::Bool);
    let v = Value::map(vec![
        (Value::string("replicas"), Value::Int(2)),
        (Value::string("name"), Value::string("ab")),
    ]);
    assert!(matches!(
        p.eval(&[("self", v.clone())]),
        Ok(Value::Bool(true))
    ));
    let p = compile("has(self.name) && !has(self.replicas)", &vars).unwrap();
    let only_name = Value::map(vec![(Value::string("name"), Value::string("x"))]);
    assert!(matches!(
        p.eval(&[("self", only_name)]),
        Ok(Value::Bool(true))
    ));
    assert!(!compile("self.replicas", &vars)
        .unwrap()
        .result_type()
        .eq(&Type::Bool));
}

/// cel-spec's `logic` and `integer_math` sections: each expression and
/// the literal its value must equal.
#[test]
fn conformance_values() {
    let cases = [
        ("true ? 1 : 2", "1"),
        ("false ? 'foo' : 'bar'", "'bar'"),
        ("false && (2 / 0 > 3 ? false : true)", "false"),
        ("(2 / 0 > 3 ? false : true) && false", "false"),
        ("true || (2 / 0 > 3 ? false : true)", "true"),
        ("(2 / 0 > 3 ? false : true) || true", "true"),
        ("42 + 2", "44"),
        ("42 + (-2)", "40"),
        ("-42 - (-2)", "-40"),
        ("-42 * (-2)", "84"),
        ("-42 / 2", "-21"),
        ("-42 / (-2)", "21"),
        ("42 % (-5)", "2"),
        ("-42 % (-5)", "-2"),
        ("-(42)", "-42"),
        ("-(-42)", "42"),
        ("-(0)", "0"),
        ("15 * 0", "0"),
        ("42u + 2u", "44u"),
        ("42u - 2u", "40u"),
        ("42u * 2u", "84u"),
        ("42u / 2u", "21u"),
        ("42u % 5u", "2u"),
        ("15u * 0u", "0u"),
        ("1.5 * 2.0", "3.0"),
        ("[1, 2] + [3]", "[1, 2, 3]"),
        ("{'a': 1}['a']", "1"),
        ("'abc'[0:1] == 'a' || true", "true"),
    ];
    let mut failed = Vec::new();
    for (src, want) in cases {
        match (eval(src), eval(want)) {
            (Ok(got), Ok(w)) if got.equals(&w) && got.type_name() == w.type_name() => {}
            (got, w) => failed.push(format!("{src}: {got:?}, want {w:?}")),
        }
    }
    assert_eq!(failed.len(), 1, "{failed:#?}");
    // CEL has no slices: the last case is a syntax error.
    assert!(failed[0].starts_with("'abc'[0:1]"), "{failed:#?}");
    let errors = [
        ("2 / 0 > 4 ? 'baz' : 'quux'", "division by zero"),
        ("true && 1/0 != 0", "division by zero"),
        ("1/0 != 0 || false", "division by zero"),
        ("42 % 0", "modulus by zero"),
        ("15u / 0u", "division by zero"),
        ("42u % 0u", "modulus by zero"),
    ];
    for (src, want) in errors {
        assert_eq!(eval(src).err().as_deref(), Some(want), "{src}");
    }
    let unchecked = [
        (
            "-(5u) == 0u",
            "found no matching overload for '-_' applied to '(uint)'",
        ),
        (
            "'cows' ? false : 17",
            "found no matching overload for '_?_:_' applied to '(string, bool, int)'",
        ),
        (
            "'less filling' && 'tastes great'",
            "found no matching overload for '_&&_' applied to '(string, string)'",
        ),
    ];
    for (src, want) in unchecked {
        let got = eval(src).err().unwrap_or_default();
        assert!(got.contains(want), "{src}: {got}");
    }
}

#[test]
fn nesting_is_bounded() {
    let deep = format!("{}true", "!".repeat(100_000));
    assert!(eval(&deep)
        .unwrap_err()
        .contains("expression recursion limit exceeded: 250"));
    let long = format!("1{} == 0", " + 1".repeat(100_000));
    assert!(eval(&long)
        .unwrap_err()
        .contains("expression recursion limit exceeded: 250"));
    let nested = format!("{}1{} == 1", "(".repeat(100_000), ")".repeat(100_000));
    assert!(eval(&nested)
        .unwrap_err()
        .contains("expression recursion limit exceeded: 250"));
    let chain = format!("{{'a': 1}}{} == 1", ".a".repeat(100_000));
    assert!(eval(&chain)
        .unwrap_err()
        .contains("expression recursion limit exceeded: 250"));
    // Work is bounded too: nested comprehensions give up, in cel-go's words.
    let big = "[0,1,2,3,4,5,6,7,8,9]";
    let costly = format!("{big}.all(a, {big}.all(b, {big}.all(c, {big}.all(d, {big}.all(e, {big}.all(f, a + b + c + d + e + f >= 0))))))");
    assert_eq!(
        eval(&costly).err().as_deref(),
        Some("operation cancelled: actual cost limit exceeded")
    );
}
