//! Go's `json.Indent`, as `kubectl apply view-last-applied -o json` runs
//! the stored configuration through it: the text is re-spaced, never
//! re-encoded (string escapes such as `\u0026` stay as written), empty
//! objects and arrays stay `{}` and `[]`, and whitespace after the value
//! is kept (the annotation's trailing newline ends the output). Invalid
//! JSON fails with the error text of Go's scanner, which model's
//! [`kubeplay_model::gojson`] follows state for state.

use kubeplay_model::gojson::{Op, Scanner};
pub use kubeplay_model::gojson::SyntaxError;
#[cfg(test)]
use kubeplay_model::gojson::MAX_DEPTH;

fn newline(out: &mut Vec<u8>, indent: &str, depth: usize) {
    out.push(b'\n');
    for _ in 0..depth {
        out.extend_from_slice(indent.as_bytes());
    }
}

/// `json.Indent(dst, src, "", indent)`.
pub fn indent(src: &str, indent: &str) -> Result<String, SyntaxError> {
    let mut sc = Scanner::new();
    let mut out = Vec::with_capacity(src.len() * 2);
    // `{` and `[` wait for their first element before breaking the line,
    // so that empty ones stay `{}` and `[]`.
    let mut need_indent = false;
    let mut depth = 0usize;
    for &c in src.as_bytes() {
        let op = sc.step(c);
        match op {
            Op::SkipSpace => continue,
            Op::Error => break,
            _ => {}
        }
        if need_indent && op != Op::EndObject && op != Op::EndArray {
            need_indent = false;
            depth += 1;
            newline(&mut out, indent, depth);
        }
        if op == Op::Continue {
            out.push(c);
            continue;
        }
        match c {
            b'{' | b'[' => {
                need_indent = true;
                out.push(c);
            }
            b',' => {
                out.push(c);
                newline(&mut out, indent, depth);
            }
            b':' => out.extend_from_slice(b": "),
            b'}' | b']' => {
                if need_indent {
                    need_indent = false;
                } else {
                    depth = depth.saturating_sub(1);
                    newline(&mut out, indent, depth);
                }
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    sc.finish()?;
    // Only ASCII whitespace was dropped and only ASCII added, so the text
    // is still UTF-8.
    Ok(String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected texts are what kubectl v1.32's `apply view-last-applied -o
    // json` printed for these annotations (Go's json.Indent with "" and two
    // spaces), served to it by a stub API server.
    #[test]
    fn indents_as_go_does() {
        let cases: &[(&str, &str)] = &[
            ("{\"a\":1,\"b\":{\"c\":[1,2]}}", "{\n  \"a\": 1,\n  \"b\": {\n    \"c\": [\n      1,\n      2\n    ]\n  }\n}"),
            ("{}", "{}"),
            ("[]", "[]"),
            ("{\"a\":{},\"b\":[],\"c\":[{}]}", "{\n  \"a\": {},\n  \"b\": [],\n  \"c\": [\n    {}\n  ]\n}"),
            ("{ \"a\" : [ ] ,\n\t\"b\" : { } }", "{\n  \"a\": [],\n  \"b\": {}\n}"),
            // Strings are copied byte for byte: escapes stay escapes.
            (r#"{"s":"a\u0026b \"q\" \\ \t\/ é,:{}[]"}"#, "{\n  \"s\": \"a\\u0026b \\\"q\\\" \\\\ \\t\\/ é,:{}[]\"\n}"),
            ("[-1.5e+3,0,true,false,null]", "[\n  -1.5e+3,\n  0,\n  true,\n  false,\n  null\n]"),
            // Leading whitespace is dropped, trailing whitespace kept.
            ("  {\"a\":1}\n", "{\n  \"a\": 1\n}\n"),
            ("{\"a\":1} \t\n", "{\n  \"a\": 1\n} \t\n"),
            ("\"x\"", "\"x\""),
        ];
        for (src, want) in cases {
            assert_eq!(indent(src, "  ").as_deref(), Ok(*want), "{src}");
        }
    }

    // The errors kubectl v1.32 printed (after "error: ") for the same setup.
    #[test]
    fn reports_go_syntax_errors() {
        let cases: &[(&str, &str)] = &[
            ("stale", "invalid character 's' looking for beginning of value"),
            ("foo", "invalid character 'o' in literal false (expecting 'a')"),
            // A cut-off literal or number is finished with a space, as Go's scanner does.
            ("nul", "invalid character ' ' in literal null (expecting 'l')"),
            ("t", "invalid character ' ' in literal true (expecting 'r')"),
            ("-", "invalid character ' ' in numeric literal"),
            ("1.5e", "invalid character ' ' in exponent of numeric literal"),
            ("[1,", "unexpected end of JSON input"),
            ("\"abc", "unexpected end of JSON input"),
            ("", "unexpected end of JSON input"),
            ("{\"a\":1", "unexpected end of JSON input"),
            ("{\"a\" 1}", "invalid character '1' after object key"),
            ("{\"a\":1 \"b\"}", "invalid character '\"' after object key:value pair"),
            ("[1 2]", "invalid character '2' after array element"),
            ("{1:2}", "invalid character '1' looking for beginning of object key string"),
            ("{\"a\":1}x", "invalid character 'x' after top-level value"),
            ("[01]", "invalid character '1' after array element"),
            ("[1.]", "invalid character ']' after decimal point in numeric literal"),
            ("[1e]", "invalid character ']' in exponent of numeric literal"),
            ("[-]", "invalid character ']' in numeric literal"),
            ("\"a\\x\"", "invalid character 'x' in string escape code"),
            ("\"\\u12g4\"", "invalid character 'g' in \\u hexadecimal character escape"),
            ("\"a\nb\"", "invalid character '\\n' in string literal"),
            ("{'a':1}", "invalid character '\\'' looking for beginning of object key string"),
            ("1 2", "invalid character '2' after top-level value"),
            ("{\"a\":1}}", "invalid character '}' after top-level value"),
            ("\u{1}", "invalid character '\\x01' looking for beginning of value"),
            // The first byte of a multi-byte character, read as a Latin-1 rune.
            ("é", "invalid character 'Ã' looking for beginning of value"),
        ];
        for (src, want) in cases {
            assert_eq!(indent(src, "  "), Err(SyntaxError(want.to_string())), "{src:?}");
        }
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(indent(&deep, "  "), Err(SyntaxError("invalid character '[' exceeded max depth".into())));
    }
}
