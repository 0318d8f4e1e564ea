//! Go's `json.Unmarshal` into a `map[string]interface{}`, as far as its
//! error messages go: the API server checks that a docker config secret's
//! payload is such a map and prints Go's error when it is not. Syntax
//! errors are the shared scanner's ([`crate::gojson`]); the top-level
//! value's kind is all the map decoding can still object to.

use crate::gojson::{check_valid, is_space};

/// `Err` carries Go's message.
pub(super) fn unmarshal_map(data: &[u8]) -> Result<(), String> {
    check_valid(data).map_err(|e| e.0)?;
    // Valid JSON: its first non-space byte names the kind.
    let kind = match data.iter().find(|c| !is_space(**c)) {
        Some(b'{' | b'n') => return Ok(()),
        Some(b'[') => "array",
        Some(b'"') => "string",
        Some(b't' | b'f') => "bool",
        _ => "number",
    };
    Err(format!("json: cannot unmarshal {kind} into Go value of type map[string]interface {{}}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Messages as Go's `json.Unmarshal(data, &map[string]interface{}{})` returns them.
    #[test]
    fn go_messages() {
        let cases: &[(&str, Result<(), &str>)] = &[
            ("{}", Ok(())),
            (" {\"auths\": {\"r\": {\"auth\": \"eA==\", \"n\": [1, -2.5e3, true, null]}}} ", Ok(())),
            ("null", Ok(())),
            ("", Err("unexpected end of JSON input")),
            ("bad", Err("invalid character 'b' looking for beginning of value")),
            ("{\"a\"", Err("unexpected end of JSON input")),
            ("{\"a\" 1}", Err("invalid character '1' after object key")),
            ("{\"a\":1 \"b\"}", Err("invalid character '\"' after object key:value pair")),
            ("{a:1}", Err("invalid character 'a' looking for beginning of object key string")),
            ("{\"a\":1,}", Err("invalid character '}' looking for beginning of object key string")),
            ("[1 2]", Err("invalid character '2' after array element")),
            ("{} x", Err("invalid character 'x' after top-level value")),
            ("{\"a\":tru}", Err("invalid character '}' in literal true (expecting 'e')")),
            ("{\"a\":-x}", Err("invalid character 'x' in numeric literal")),
            ("{\"a\":1.}", Err("invalid character '}' after decimal point in numeric literal")),
            ("{\"a\":\"\\q\"}", Err("invalid character 'q' in string escape code")),
            ("[]", Err("json: cannot unmarshal array into Go value of type map[string]interface {}")),
            ("\"x\"", Err("json: cannot unmarshal string into Go value of type map[string]interface {}")),
            ("12", Err("json: cannot unmarshal number into Go value of type map[string]interface {}")),
            ("true", Err("json: cannot unmarshal bool into Go value of type map[string]interface {}")),
        ];
        for (input, want) in cases {
            assert_eq!(unmarshal_map(input.as_bytes()), want.map_err(String::from), "{input}");
        }
    }

    /// Where Go's `checkValid` differs from a recursive descent: a value cut
    /// short is finished with a space (`scanner.eof`), nesting is capped,
    /// and a byte is quoted as the rune of the same number.
    #[test]
    fn go_messages_at_the_edges() {
        let cases: &[(&[u8], &str)] = &[
            (b"tru", "invalid character ' ' in literal true (expecting 'e')"),
            (b"{\"a\":1.", "invalid character ' ' after decimal point in numeric literal"),
            (b"\xc3", "invalid character '\u{c3}' looking for beginning of value"),
            (b"{\"a\":1}\x80", "invalid character '\\u0080' after top-level value"),
        ];
        for (input, want) in cases {
            assert_eq!(unmarshal_map(input), Err(want.to_string()), "{input:?}");
        }
        let deep = "[".repeat(crate::gojson::MAX_DEPTH + 1);
        assert_eq!(unmarshal_map(deep.as_bytes()), Err("invalid character '[' exceeded max depth".to_string()));
    }
}
