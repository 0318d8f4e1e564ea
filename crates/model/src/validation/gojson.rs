//! Go's `json.Unmarshal` into a `map[string]interface{}`, as far as its
//! error messages go: the API server checks that a docker config secret's
//! payload is such a map and prints Go's error when it is not. The syntax
//! check follows the order and wording of Go's scanner (`encoding/json`,
//! `scanner.go`): the first offending byte and what was expected there.

/// `Err` carries Go's message.
pub(super) fn unmarshal_map(data: &[u8]) -> Result<(), String> {
    let mut s = Scanner { data, pos: 0 };
    let top = s.value("looking for beginning of value")?;
    s.ws();
    if let Some(c) = s.peek() {
        return Err(invalid(c, "after top-level value"));
    }
    match top {
        Kind::Object | Kind::Null => Ok(()),
        k => Err(format!("json: cannot unmarshal {} into Go value of type map[string]interface {{}}", k.word())),
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Object,
    Array,
    String,
    Number,
    Bool,
    Null,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Object => "object",
            Kind::Array => "array",
            Kind::String => "string",
            Kind::Number => "number",
            Kind::Bool => "bool",
            Kind::Null => "null",
        }
    }
}

const EOF: &str = "unexpected end of JSON input";

/// Go's `quoteChar`: the byte in single quotes, escaped as `strconv.Quote` would.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".to_string(),
        b'"' => "'\"'".to_string(),
        b'\\' => "'\\\\'".to_string(),
        0x07 => "'\\a'".to_string(),
        0x08 => "'\\b'".to_string(),
        0x0c => "'\\f'".to_string(),
        b'\n' => "'\\n'".to_string(),
        b'\r' => "'\\r'".to_string(),
        b'\t' => "'\\t'".to_string(),
        0x0b => "'\\v'".to_string(),
        0x20..=0x7e => format!("'{}'", c as char),
        _ => format!("'\\x{c:02x}'"),
    }
}

fn invalid(c: u8, context: &str) -> String {
    format!("invalid character {} {context}", quote_char(c))
}

struct Scanner<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    fn next(&mut self) -> Result<u8, String> {
        let c = self.peek().ok_or(EOF)?;
        self.pos += 1;
        Ok(c)
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn value(&mut self, context: &str) -> Result<Kind, String> {
        self.ws();
        match self.next()? {
            b'{' => self.object().map(|_| Kind::Object),
            b'[' => self.array().map(|_| Kind::Array),
            b'"' => self.string().map(|_| Kind::String),
            c @ (b'-' | b'0'..=b'9') => self.number(c).map(|_| Kind::Number),
            b't' => self.literal("rue", "true").map(|_| Kind::Bool),
            b'f' => self.literal("alse", "false").map(|_| Kind::Bool),
            b'n' => self.literal("ull", "null").map(|_| Kind::Null),
            c => Err(invalid(c, context)),
        }
    }

    fn object(&mut self) -> Result<(), String> {
        self.ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            match self.next()? {
                b'"' => self.string()?,
                c => return Err(invalid(c, "looking for beginning of object key string")),
            }
            self.ws();
            match self.next()? {
                b':' => {}
                c => return Err(invalid(c, "after object key")),
            }
            self.value("looking for beginning of value")?;
            self.ws();
            match self.next()? {
                b',' => self.ws(),
                b'}' => return Ok(()),
                c => return Err(invalid(c, "after object key:value pair")),
            }
        }
    }

    fn array(&mut self) -> Result<(), String> {
        self.ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            self.value("looking for beginning of value")?;
            self.ws();
            match self.next()? {
                b',' => {}
                b']' => return Ok(()),
                c => return Err(invalid(c, "after array element")),
            }
        }
    }

    fn string(&mut self) -> Result<(), String> {
        loop {
            match self.next()? {
                b'"' => return Ok(()),
                b'\\' => match self.next()? {
                    b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {}
                    b'u' => {
                        for _ in 0..4 {
                            let h = self.next()?;
                            if !h.is_ascii_hexdigit() {
                                return Err(invalid(h, "in \\u hexadecimal character escape"));
                            }
                        }
                    }
                    c => return Err(invalid(c, "in string escape code")),
                },
                c if c < 0x20 => return Err(invalid(c, "in string literal")),
                _ => {}
            }
        }
    }

    fn digits(&mut self) {
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
    }

    /// Go ends a number at the first byte that cannot continue it; what
    /// follows is then judged by the enclosing context.
    fn number(&mut self, first: u8) -> Result<(), String> {
        let lead = if first == b'-' {
            let c = self.next()?;
            if !c.is_ascii_digit() {
                return Err(invalid(c, "in numeric literal"));
            }
            c
        } else {
            first
        };
        if lead != b'0' {
            self.digits();
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            let c = self.next()?;
            if !c.is_ascii_digit() {
                return Err(invalid(c, "after decimal point in numeric literal"));
            }
            self.digits();
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            let mut c = self.next()?;
            if c == b'+' || c == b'-' {
                c = self.next()?;
            }
            if !c.is_ascii_digit() {
                return Err(invalid(c, "in exponent of numeric literal"));
            }
            self.digits();
        }
        Ok(())
    }

    fn literal(&mut self, rest: &str, word: &str) -> Result<(), String> {
        for expected in rest.bytes() {
            let c = self.next()?;
            if c != expected {
                return Err(invalid(c, &format!("in literal {word} (expecting {})", quote_char(expected))));
            }
        }
        Ok(())
    }
}

/// Standard base64 with padding, as a Secret's `data` holds it; `None` if malformed.
pub(super) fn decode_base64(s: &str) -> Option<Vec<u8>> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let bytes = s.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3);
    for chunk in bytes.chunks(4) {
        let pad = chunk.iter().rev().take_while(|c| **c == b'=').count();
        let mut n: u32 = 0;
        for (i, c) in chunk.iter().enumerate() {
            let v = if i >= 4 - pad { 0 } else { val(*c)? as u32 };
            n = (n << 6) | v;
        }
        let b = n.to_be_bytes();
        out.extend_from_slice(&b[1..4 - pad]);
    }
    Some(out)
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

    #[test]
    fn base64_round_trip() {
        assert_eq!(decode_base64("eyJhdXRocyI6e319").as_deref(), Some(&b"{\"auths\":{}}"[..]));
        assert_eq!(decode_base64("YQ==").as_deref(), Some(&b"a"[..]));
        assert_eq!(decode_base64("YWE=").as_deref(), Some(&b"aa"[..]));
        assert_eq!(decode_base64("").as_deref(), Some(&b""[..]));
        assert_eq!(decode_base64("a"), None);
    }
}
