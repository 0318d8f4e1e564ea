//! cel-go's strings extension `format`: the cases of ext/formatting_test.go
//! (the version Kubernetes v1.32 builds in) whose locale is en_US or
//! unset, each formatted and compared, or failing with cel-go's text.
//! Mixed list and map literals are wrapped in `dyn()`: Kubernetes'
//! environment requires homogeneous aggregate literals.

use crate::{compile, Value};

fn eval(src: &str) -> Result<Value, String> {
    let p = compile(src, &[]).map_err(|e| e.to_string())?;
    p.eval(&[]).map_err(|e| e.to_string())
}

#[test]
fn formats() {
    // (format string, argument list, output)
    let cases: &[(&str, &str, &str)] = &[
        ("no substitution", "", "no substitution"),
        ("str is %s and some more", r#""filler""#, "str is filler and some more"),
        ("%% and also %%", "", "% and also %"),
        ("%%%s%%", r#""text""#, "%text%"),
        ("%s%%", r#""percent on the right""#, "percent on the right%"),
        ("%%%s", r#""percent on the left""#, "%percent on the left"),
        ("%d %d %d, %s %s %s, %d %d %d, %s %s %s", r#"dyn(1), dyn(2), dyn(3), dyn("A"), dyn("B"), dyn("C"), dyn(4), dyn(5), dyn(6), dyn("D"), dyn("E"), dyn("F")"#, "1 2 3, A B C, 4 5 6, D E F"),
        ("%.3f", "1.2345", "1.234"),
        ("%.2f", "1234567.891", "1,234,567.89"),
        ("this is 5 in binary: %b", "5", "this is 5 in binary: 101"),
        ("this is -5 in binary: %b", "-5", "this is -5 in binary: -101"),
        ("unsigned 64 in binary: %b", "uint(64)", "unsigned 64 in binary: 1000000"),
        ("bit set from bool: %b", "true", "bit set from bool: 1"),
        ("%o", "11", "13"),
        ("%o", "-11", "-13"),
        ("this is an unsigned octal: %o", "uint(65535)", "this is an unsigned octal: 177777"),
        ("%x is 30 in hexadecimal", "30", "1e is 30 in hexadecimal"),
        ("%X is 20 in hexadecimal", "30", "1E is 20 in hexadecimal"),
        ("%x is -30 in hexadecimal", "-30", "-1e is -30 in hexadecimal"),
        ("%X is 6000 in hexadecimal", "uint(6000)", "1770 is 6000 in hexadecimal"),
        ("%x", r#""Hello world!""#, "48656c6c6f20776f726c6421"),
        ("%X", r#""Hello world!""#, "48656C6C6F20776F726C6421"),
        ("%x", r#"b"byte string""#, "6279746520737472696e67"),
        ("%X", r#"b"byte string""#, "6279746520737472696E67"),
        ("%.6e", "1052.032911275", "1.052033\u{202f}\u{d7}\u{202f}10\u{2070}\u{b3}"),
        ("%f", "2.71828", "2.718280"),
        ("%e", "2.71828", "2.718280\u{202f}\u{d7}\u{202f}10\u{2070}\u{2070}"),
        ("%s", "2.71", "2.71"),
        ("%s", "[2.71]", "[2.710000]"),
        ("%s", "0.000000002", "2e-09"),
        ("%s", "[0.000000002]", "[0.000000]"),
        ("%f", r#""NaN""#, "NaN"),
        ("%f", r#""Infinity""#, "∞"),
        ("%f", r#""-Infinity""#, "-∞"),
        ("%s", r#"double("NaN")"#, "NaN"),
        ("%s", r#"double("Inf")"#, "+Inf"),
        ("%s", r#"double("-Inf")"#, "-Inf"),
        ("%s", r#"[double("NaN"),double("+Inf"), double("-Inf")]"#, r#"["NaN", "+Inf", "-Inf"]"#),
        ("%d", "uint(64)", "64"),
        ("null: %s", "null", "null: null"),
        ("%s", "999999999999", "999999999999"),
        ("some bytes: %s", r#"b"xyz""#, "some bytes: xyz"),
        ("type is %s", r#"type("test string")"#, "type is string"),
        ("%s", r#"timestamp("2023-02-03T23:31:20+00:00")"#, "2023-02-03T23:31:20Z"),
        ("%s", r#"duration("1h45m47s")"#, "6347s"),
        ("%s", r#"duration("2ns")"#, "0.000000002s"),
        ("%s", r#"[dyn("abc"), dyn(3.14), dyn(null), dyn([9, 8, 7, 6]), dyn(timestamp("2023-02-03T23:31:20Z"))]"#, r#"["abc", 3.140000, null, [9, 8, 7, 6], timestamp("2023-02-03T23:31:20Z")]"#),
        ("%s", r#"{"key1": dyn(b"xyz"), "key5": dyn(null), "key2": dyn(duration("2h")), "key4": dyn(true), "key3": dyn(2.71828)}"#, r#"{"key1":b"xyz", "key2":duration("7200s"), "key3":2.718280, "key4":true, "key5":null}"#),
        ("map with multiple key types: %s", r#"{dyn(1): dyn("value1"), dyn(uint(2)): dyn("value2"), dyn(true): dyn(double("NaN"))}"#, r#"map with multiple key types: {1:"value1", 2:"value2", true:"NaN"}"#),
        ("true bool: %s, false bool: %s", "true, false", "true bool: true, false bool: false"),
        ("dynamic string: %s", r#"dyn("a string")"#, "dynamic string: a string"),
        ("dynIntStr: %s dynDoubleStr: %s", "dyn(32), dyn(56.8)", "dynIntStr: 32 dynDoubleStr: 56.8"),
        ("dynamic hex int: %X (uppercase)", "dyn(26)", "dynamic hex int: 1A (uppercase)"),
        ("dynamic double: %.3f", "dyn(4.5)", "dynamic double: 4.500"),
    ];
    for (fmt, args, want) in cases {
        let src = format!("{fmt:?}.format([{args}])");
        match eval(&src) {
            Ok(Value::String(s)) => assert_eq!(&*s, *want, "{src}"),
            other => panic!("{src}: {other:?}"),
        }
    }
}

#[test]
fn errors() {
    // (expression, error): run-time errors (the arguments not literals,
    // so cel-go's validator does not see them), then the validator's.
    let cases: &[(&str, &str)] = &[
        ("'%a'.format(dyn([1]))", "could not parse formatting clause: unrecognized formatting clause \"a\""),
        ("'%d %d %d'.format(dyn([0, 1]))", "index 2 out of range"),
        ("'string is %b'.format(dyn(['abc']))", "error during formatting: only integers and bools can be formatted as binary, was given string"),
        ("'%d'.format(dyn([duration('30m2s')]))", "error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration"),
        ("'octal: %o'.format(dyn(['a string']))", "error during formatting: octal clause can only be used on integers, was given string"),
        ("'double is %x'.format(dyn([0.5]))", "error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double"),
        ("'double is %E'.format(dyn([0.5]))", "could not parse formatting clause: unrecognized formatting clause \"E\""),
        ("'null: %d'.format(dyn([null]))", "error during formatting: decimal clause can only be used on integers, was given null_type"),
        ("'null: %e'.format(dyn([null]))", "error during formatting: scientific clause can only be used on doubles, was given null_type"),
        ("'null: %f'.format(dyn([null]))", "error during formatting: fixed-point clause can only be used on doubles, was given null_type"),
        ("'null: %X'.format(dyn([null]))", "error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given null_type"),
        ("'null: %b'.format(dyn([null]))", "error during formatting: only integers and bools can be formatted as binary, was given null_type"),
        ("'%s %s'.format(['abc'])", "ERROR: <input>:1:15: index 1 out of range\n | '%s %s'.format(['abc'])\n | ..............^"),
        ("'%s %s'.format(['abc', 'def', 'ghi'])", "ERROR: <input>:1:15: too many arguments supplied to string.format (expected 2, got 3)\n | '%s %s'.format(['abc', 'def', 'ghi'])\n | ..............^"),
        ("'%j'.format([123])", "ERROR: <input>:1:12: could not parse formatting clause: unrecognized formatting clause \"j\"\n | '%j'.format([123])\n | ...........^"),
        ("'int is %d'.format([5.2])", "ERROR: <input>:1:21: error during formatting: decimal clause can only be used on integers, was given double\n | 'int is %d'.format([5.2])\n | ....................^"),
        ("'double is %.34'.format([5.0])", "ERROR: <input>:1:24: could not parse formatting clause: error while parsing precision: could not find end of precision specifier\n | 'double is %.34'.format([5.0])\n | .......................^"),
    ];
    for (src, want) in cases {
        match eval(src) {
            Err(e) => assert_eq!(e, *want, "{src}"),
            other => panic!("{src}: {other:?}"),
        }
    }
}
