//! Go's `strconv.Quote` and `strconv.QuoteRune` (`%q` of a string or a
//! rune), with which the API server, kubectl and the libraries they use
//! quote values in their messages: printable characters as they are, the
//! rest as Go escapes them.

/// `strconv.Quote`: `"a\tb"`.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        push_escaped(&mut out, c, '"');
    }
    out.push('"');
    out
}

/// `strconv.QuoteRune`: `'z'`, `'\''`, `'"'`.
pub fn quote_rune(c: char) -> String {
    let mut out = String::from("'");
    push_escaped(&mut out, c, '\'');
    out.push('\'');
    out
}

/// One character as `appendEscapedRune` writes it inside `quote` quotes:
/// only that quote and the backslash are escaped among the printable ones.
fn push_escaped(out: &mut String, c: char, quote: char) {
    match c {
        '\\' => out.push_str("\\\\"),
        c if c == quote => {
            out.push('\\');
            out.push(c);
        }
        '\u{7}' => out.push_str("\\a"),
        '\u{8}' => out.push_str("\\b"),
        '\u{c}' => out.push_str("\\f"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\u{b}' => out.push_str("\\v"),
        c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\x{:02x}", c as u32)),
        c if printable(c) => out.push(c),
        c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
        c => out.push_str(&format!("\\U{:08x}", c as u32)),
    }
}

/// `unicode.IsPrint`, as far as it can be told without Go's category
/// tables: not a control, not a space other than ASCII's, not a format or
/// private-use character (unassigned code points count as printable).
fn printable(c: char) -> bool {
    let u = c as u32;
    !(c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(u, 0xad | 0x600..=0x605 | 0x61c | 0x6dd | 0x70f | 0x180e | 0x200b..=0x200f | 0x202a..=0x202e | 0x2060..=0x2064 | 0x2066..=0x206f | 0xfeff | 0xfff9..=0xfffb)
        || matches!(u, 0xe000..=0xf8ff | 0xe0001 | 0xe0020..=0xe007f | 0xf0000..=0x10ffff))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_as_go_does() {
        assert_eq!(quote("a\tb\"c\\"), r#""a\tb\"c\\""#);
        assert_eq!(quote("it's"), r#""it's""#);
        assert_eq!(quote("\u{1}\u{7f}é"), r#""\x01\x7fé""#);
        // Not printable in Go: a no-break space, a zero-width space, the
        // byte-order mark, a private-use character, a C1 control.
        assert_eq!(quote("\u{a0}\u{200b}\u{feff}\u{e000}\u{85}"), r#""\u00a0\u200b\ufeff\ue000\u0085""#);
        assert_eq!(quote("\u{f0000}"), r#""\U000f0000""#);
        assert_eq!(quote_rune('z'), "'z'");
        assert_eq!(quote_rune('\''), r"'\''");
        assert_eq!(quote_rune('"'), "'\"'");
        assert_eq!(quote_rune('\u{1}'), r"'\x01'");
    }
}
