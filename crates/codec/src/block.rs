//! A reader for the YAML nearly every manifest is written in, in one pass
//! over its lines: block mappings and sequences, plain and quoted scalars
//! on one line, flow collections on one line, comments. It feeds the tree
//! builder the events saphyr would, at the same lines and columns, and is
//! about ten times faster than saphyr's character-at-a-time scanner (most
//! of a large paste's decoding time was there).
//!
//! Anything else gives up, and the chunk is read by saphyr as before:
//! block scalars (`|`, `>`), anchors, aliases, tags, multi-line scalars and
//! flows, complex keys, tabs, carriage returns, non-ASCII text, and every
//! input saphyr would reject or the builder refuses. So a document read
//! here is one saphyr reads alike, and every error still comes from the
//! one full parser; debug builds read every chunk both ways and compare.

use saphyr_parser::{Event, ScalarStyle};
use crate::swar;
use std::borrow::Cow;

/// This reader does not read the chunk: saphyr will.
#[derive(Debug)]
pub(crate) struct GiveUp;

type R<T> = Result<T, GiveUp>;

/// Where the events go: 1-based line within the chunk, 1-based column.
pub(crate) trait Sink {
    fn event(&mut self, event: Event<'_>, line: usize, column: usize) -> R<()>;
}

/// Reads the one document of `text` (a chunk from the reader's split: at
/// most one `---` line, before any content) into `sink`.
pub(crate) fn read<S: Sink>(text: &str, sink: &mut S) -> R<()> {
    let mut r = Reader { text, offset: 0, line_no: 0, peeked: None, content_seen: false, sink, depth: 0 };
    let first = r.peek()?.ok_or(GiveUp)?;
    r.block(first)?;
    match r.peek()? {
        None => Ok(()),
        Some(_) => Err(GiveUp),
    }
}

/// Deeper than this is left to saphyr (the builder's depth limit is lower
/// by default, and saphyr bounds flow nesting itself).
const MAX_DEPTH: usize = 200;

/// saphyr finds no simple key longer than 1024 characters.
const MAX_KEY: usize = 1000;

/// One line holding content. The text is ASCII, so byte offsets are columns.
#[derive(Clone, Copy, Debug)]
struct Line<'a> {
    text: &'a str,
    /// 0-based line within the chunk.
    no: usize,
    /// Where this line's content starts: its indentation, or for the first
    /// entry of a mapping written after a sequence's `- `, that entry's column.
    indent: usize,
}

struct Reader<'a, 's, S> {
    text: &'a str,
    /// Start of the first line not yet looked at.
    offset: usize,
    /// Its 0-based number.
    line_no: usize,
    peeked: Option<Line<'a>>,
    /// Whether a content line was seen (a `---` may only come before).
    content_seen: bool,
    sink: &'s mut S,
    depth: usize,
}

impl<'a, S: Sink> Reader<'a, '_, S> {
    /// The next line with content, skipping blank and comment lines.
    fn peek(&mut self) -> R<Option<Line<'a>>> {
        if self.peeked.is_some() {
            return Ok(self.peeked);
        }
        while self.offset < self.text.len() {
            let rest = &self.text[self.offset..];
            // Printable ASCII lines only: no tabs, carriage returns or
            // other characters whose rules (or columns) differ.
            let len = match swar::first_unprintable(rest.as_bytes()) {
                None => rest.len(),
                Some(i) if rest.as_bytes()[i] == b'\n' => i,
                Some(_) => return Err(GiveUp),
            };
            let text = &rest[..len];
            let no = self.line_no;
            self.offset += len + 1;
            self.line_no += 1;
            let indent = skip_spaces(text, 0);
            let body = &text[indent..];
            if body.is_empty() || body.starts_with('#') {
                continue;
            }
            if indent == 0 && (body.starts_with("---") || body.starts_with("...") || body.starts_with('%')) {
                // One document start marker before the content, alone on
                // its line (or with a comment).
                if self.content_seen || !body.starts_with("---") || !ends_line(text, 3) {
                    return Err(GiveUp);
                }
                self.content_seen = true;
                continue;
            }
            self.content_seen = true;
            self.peeked = Some(Line { text, no, indent });
            return Ok(self.peeked);
        }
        Ok(None)
    }

    fn consume(&mut self) {
        self.peeked = None;
    }

    fn emit(&mut self, event: Event<'_>, line: usize, column: usize) -> R<()> {
        self.sink.event(event, line + 1, column + 1)
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(GiveUp);
        }
        Ok(())
    }

    /// A block collection starting on `line`.
    fn block(&mut self, line: Line<'a>) -> R<()> {
        self.enter()?;
        if is_entry(line) {
            self.sequence(line, false)?;
        } else if key_at(line.text, line.indent)?.is_some() {
            self.mapping(line)?;
        } else {
            // A scalar on its own line (a multi-line value, a scalar document).
            return Err(GiveUp);
        }
        self.depth -= 1;
        Ok(())
    }

    /// A block mapping whose first key starts `first`.
    fn mapping(&mut self, first: Line<'a>) -> R<()> {
        let n = first.indent;
        self.emit(Event::MappingStart(0, None), first.no, n)?;
        while let Some(line) = self.peek()? {
            if line.indent < n {
                break;
            }
            if line.indent > n {
                return Err(GiveUp);
            }
            let key = key_at(line.text, n)?.ok_or(GiveUp)?;
            self.consume();
            self.emit(Event::Scalar(key.text, key.style, 0, None), line.no, n)?;
            let at = skip_spaces(line.text, key.colon + 1);
            if at < line.text.len() && line.text.as_bytes()[at] != b'#' {
                self.inline(line, at)?;
                self.no_deeper_than(n)?;
                continue;
            }
            // Nothing after the colon: the value is below, or null.
            match self.peek()? {
                Some(next) if next.indent > n => self.block(next)?,
                Some(next) if next.indent == n && is_entry(next) => {
                    self.enter()?;
                    self.sequence(next, true)?;
                    self.depth -= 1;
                }
                // saphyr places the empty value at the colon.
                _ => self.emit(Event::Scalar(Cow::Borrowed(""), ScalarStyle::Plain, 0, None), line.no, key.colon)?,
            }
        }
        self.emit(Event::MappingEnd, first.no, n)
    }

    /// A block sequence whose first `-` starts `first`. An indentless one
    /// (the value of a key at the same indentation) ends at the next key.
    fn sequence(&mut self, first: Line<'a>, indentless: bool) -> R<()> {
        let n = first.indent;
        // saphyr places an indented sequence at its first `-`, an
        // indentless one where its first entry's content starts.
        let column = if indentless { skip_spaces(first.text, n + 1) } else { n };
        self.emit(Event::SequenceStart(0, None), first.no, column)?;
        while let Some(line) = self.peek()? {
            if line.indent < n {
                break;
            }
            if line.indent > n {
                return Err(GiveUp);
            }
            if !is_entry(line) {
                if indentless {
                    break;
                }
                return Err(GiveUp);
            }
            let c = skip_spaces(line.text, n + 1);
            let rest = &line.text.as_bytes()[c..];
            // An empty entry, or a sequence in an entry: left to saphyr.
            if rest.is_empty() || rest[0] == b'#' || (rest[0] == b'-' && rest.get(1).is_none_or(|&b| b == b' ')) {
                return Err(GiveUp);
            }
            if key_at(line.text, c)?.is_some() {
                // A mapping starting on the entry's line, indented to its first key.
                let entry = Line { indent: c, ..line };
                self.peeked = Some(entry);
                self.enter()?;
                self.mapping(entry)?;
                self.depth -= 1;
            } else {
                self.consume();
                self.inline(line, c)?;
            }
            self.no_deeper_than(n)?;
        }
        self.emit(Event::SequenceEnd, first.no, n)
    }

    /// After a value that ended its line, a deeper line would continue it
    /// (a multi-line scalar) or be an error: either way, saphyr's.
    fn no_deeper_than(&mut self, n: usize) -> R<()> {
        match self.peek()? {
            Some(next) if next.indent > n => Err(GiveUp),
            _ => Ok(()),
        }
    }

    /// A value written after `key: ` or `- `, at byte `at`: the rest of
    /// the line, up to a comment.
    fn inline(&mut self, line: Line<'a>, at: usize) -> R<()> {
        let bytes = line.text.as_bytes();
        let end = match bytes[at] {
            b'"' | b'\'' => {
                let (text, style, end) = quoted(line.text, at)?;
                self.emit(Event::Scalar(text, style, 0, None), line.no, at)?;
                end
            }
            b'[' | b'{' => self.flow(line, at)?,
            _ => {
                let (text, end) = plain_block(line.text, at)?;
                self.emit(Event::Scalar(Cow::Borrowed(text), ScalarStyle::Plain, 0, None), line.no, at)?;
                end
            }
        };
        if ends_line(line.text, end) {
            Ok(())
        } else {
            Err(GiveUp)
        }
    }

    /// A flow collection opening at byte `at` and closing on the same line;
    /// returns the offset after its closing bracket.
    fn flow(&mut self, line: Line<'a>, at: usize) -> R<usize> {
        self.enter()?;
        let bytes = line.text.as_bytes();
        let (close, start, end) = match bytes[at] {
            b'[' => (b']', Event::SequenceStart(0, None), Event::SequenceEnd),
            _ => (b'}', Event::MappingStart(0, None), Event::MappingEnd),
        };
        let map = close == b'}';
        self.emit(start, line.no, at)?;
        let mut i = skip_spaces(line.text, at + 1);
        if bytes.get(i) != Some(&close) {
            loop {
                if map {
                    let key = key_at(line.text, i)?.ok_or(GiveUp)?;
                    // `{a:b}` and `{a: }` are left to saphyr.
                    if bytes.get(key.colon + 1) != Some(&b' ') {
                        return Err(GiveUp);
                    }
                    self.emit(Event::Scalar(key.text, key.style, 0, None), line.no, i)?;
                    i = skip_spaces(line.text, key.colon + 1);
                }
                i = self.flow_item(line, i)?;
                i = skip_spaces(line.text, i);
                match bytes.get(i) {
                    Some(b',') => {
                        i = skip_spaces(line.text, i + 1);
                        // A trailing comma is left to saphyr.
                        if bytes.get(i) == Some(&close) {
                            return Err(GiveUp);
                        }
                    }
                    Some(&b) if b == close => break,
                    _ => return Err(GiveUp),
                }
            }
        }
        self.emit(end, line.no, i)?;
        self.depth -= 1;
        Ok(i + 1)
    }

    /// One value inside a flow collection; returns the offset after it.
    fn flow_item(&mut self, line: Line<'a>, at: usize) -> R<usize> {
        match line.text.as_bytes().get(at) {
            Some(b'"' | b'\'') => {
                let (text, style, end) = quoted(line.text, at)?;
                self.emit(Event::Scalar(text, style, 0, None), line.no, at)?;
                Ok(end)
            }
            Some(b'[' | b'{') => self.flow(line, at),
            Some(_) => {
                let (text, end) = plain_flow(line.text, at)?;
                self.emit(Event::Scalar(Cow::Borrowed(text), ScalarStyle::Plain, 0, None), line.no, at)?;
                Ok(end)
            }
            None => Err(GiveUp),
        }
    }
}

/// A `- ` (or a lone `-`) at the line's indentation.
fn is_entry(line: Line<'_>) -> bool {
    let bytes = line.text.as_bytes();
    bytes.get(line.indent) == Some(&b'-') && bytes.get(line.indent + 1).is_none_or(|&b| b == b' ')
}

fn skip_spaces(text: &str, mut i: usize) -> usize {
    let bytes = text.as_bytes();
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    i
}

/// Whether only spaces, or spaces and then a comment, follow byte `i`.
fn ends_line(text: &str, i: usize) -> bool {
    let j = skip_spaces(text, i);
    j == text.len() || (j > i && text.as_bytes()[j] == b'#')
}

/// The characters of plain keys read here: letters, digits, `-`, `_`, `.`
/// and `/` (a key may not start with `-`).
const KEY: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.' | b'/');
        b += 1;
    }
    table
};

/// A map key at byte `at` and the offset of the colon after it.
struct Key<'a> {
    text: Cow<'a, str>,
    style: ScalarStyle,
    colon: usize,
}

/// The key starting at byte `at`, if the line holds `key:` there (the colon
/// followed by a space or the end of the line). Plain keys are limited to
/// the characters of label keys and names; others are left to saphyr.
fn key_at(text: &str, at: usize) -> R<Option<Key<'_>>> {
    let bytes = text.as_bytes();
    let (key, style, colon) = match bytes.get(at) {
        Some(b'"' | b'\'') => {
            let Ok((key, style, end)) = quoted(text, at) else { return Ok(None) };
            (key, style, end)
        }
        Some(&b) if b != b'-' && KEY[b as usize] => {
            let len = bytes[at..].iter().take_while(|&&b| KEY[b as usize]).count();
            (Cow::Borrowed(&text[at..at + len]), ScalarStyle::Plain, at + len)
        }
        _ => return Ok(None),
    };
    if bytes.get(colon) != Some(&b':') || !matches!(bytes.get(colon + 1), None | Some(b' ')) {
        return Ok(None);
    }
    if colon - at > MAX_KEY {
        return Err(GiveUp);
    }
    Ok(Some(Key { text: key, style, colon }))
}

/// A quoted scalar at byte `at`, closed on the same line: its text, style
/// and the offset after the closing quote. Escapes other than `\\`, `\"`,
/// `\/`, `\n` and `\t` are left to saphyr.
fn quoted(text: &str, at: usize) -> R<(Cow<'_, str>, ScalarStyle, usize)> {
    let bytes = text.as_bytes();
    let quote = bytes[at];
    let start = at + 1;
    let mut owned: Option<String> = None;
    let mut run = start;
    let mut i = start;
    // The quote, or in double quotes an escape: a 1 KB value is one pass.
    let (a, b) = if quote == b'"' { (b'"', b'\\') } else { (b'\'', b'\'') };
    while let Some(at) = swar::first_of(bytes, i, a, b) {
        i = at;
        let b = bytes[i];
        if quote == b'\'' && b == b'\'' {
            if bytes.get(i + 1) == Some(&b'\'') {
                let s = owned.get_or_insert_with(String::new);
                s.push_str(&text[run..=i]);
                i += 2;
                run = i;
                continue;
            }
        } else if quote == b'"' && b == b'\\' {
            let unescaped = match bytes.get(i + 1) {
                Some(b'\\') => '\\',
                Some(b'"') => '"',
                Some(b'/') => '/',
                Some(b'n') => '\n',
                Some(b't') => '\t',
                _ => return Err(GiveUp),
            };
            let s = owned.get_or_insert_with(String::new);
            s.push_str(&text[run..i]);
            s.push(unescaped);
            i += 2;
            run = i;
            continue;
        }
        if b == quote {
            let style = if quote == b'"' { ScalarStyle::DoubleQuoted } else { ScalarStyle::SingleQuoted };
            let value = match owned {
                None => Cow::Borrowed(&text[start..i]),
                Some(mut s) => {
                    s.push_str(&text[run..i]);
                    Cow::Owned(s)
                }
            };
            return Ok((value, style, i + 1));
        }
        i += 1;
    }
    // Not closed on this line.
    Err(GiveUp)
}

/// Characters a plain scalar may not start with (YAML's indicators; `-`
/// followed by a space starts an entry, and is checked apart).
fn indicator(b: u8) -> bool {
    matches!(b, b'?' | b':' | b',' | b'[' | b']' | b'{' | b'}' | b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'\'' | b'"' | b'%' | b'@' | b'`')
}

/// A plain scalar in block context at byte `at`: the rest of the line up
/// to a comment, trailing spaces trimmed, and the offset after it. One
/// holding `: ` (or ending in `:`) is an error saphyr reports.
fn plain_block(text: &str, at: usize) -> R<(&str, usize)> {
    let bytes = text.as_bytes();
    if indicator(bytes[at]) || (bytes[at] == b'-' && bytes.get(at + 1).is_none_or(|&b| b == b' ')) {
        return Err(GiveUp);
    }
    let mut end = bytes.len();
    let mut i = at;
    while i < bytes.len() {
        match bytes[i] {
            b'#' if bytes[i - 1] == b' ' => {
                end = i;
                break;
            }
            b':' if bytes.get(i + 1).is_none_or(|&b| b == b' ') => return Err(GiveUp),
            _ => {}
        }
        i += 1;
    }
    let value = text[at..end].trim_end_matches(' ');
    if value.starts_with("---") || value.starts_with("...") {
        return Err(GiveUp);
    }
    Ok((value, at + value.len()))
}

/// A plain scalar inside a flow collection at byte `at`, ending before the
/// next `,`, `]` or `}`. Colons and comments there are left to saphyr.
fn plain_flow(text: &str, at: usize) -> R<(&str, usize)> {
    let bytes = text.as_bytes();
    let b = bytes[at];
    if indicator(b) || (b == b'-' && bytes.get(at + 1).is_none_or(|&b| b == b' ' || matches!(b, b',' | b'[' | b']' | b'{' | b'}'))) {
        return Err(GiveUp);
    }
    let mut i = at;
    while i < bytes.len() {
        match bytes[i] {
            b',' | b'[' | b']' | b'{' | b'}' => {
                let value = text[at..i].trim_end_matches(' ');
                return if value.is_empty() { Err(GiveUp) } else { Ok((value, at + value.len())) };
            }
            b':' => return Err(GiveUp),
            b'#' if bytes[i - 1] == b' ' => return Err(GiveUp),
            _ => {}
        }
        i += 1;
    }
    Err(GiveUp)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Events as saphyr prints them, with 1-based positions.
    #[derive(Default)]
    struct Events(Vec<String>);

    impl Sink for Events {
        fn event(&mut self, event: Event<'_>, line: usize, column: usize) -> R<()> {
            self.0.push(format!("{line}:{column} {event:?}"));
            Ok(())
        }
    }

    fn ours(text: &str) -> Option<Vec<String>> {
        let mut events = Events::default();
        read(text, &mut events).ok().map(|()| events.0)
    }

    /// saphyr's events for the same text (none if it fails), starts and
    /// scalars located (ends are placed differently, and the builder does
    /// not read their place).
    fn saphyr(text: &str) -> Option<Vec<String>> {
        let mut parser = saphyr_parser::Parser::new_from_str(text);
        let mut out = Vec::new();
        for next in parser.by_ref() {
            match next.ok()? {
                (Event::StreamStart | Event::StreamEnd | Event::DocumentStart(_) | Event::DocumentEnd | Event::Nothing, _) => {}
                (e, span) => out.push(format!("{}:{} {e:?}", span.start.line(), span.start.col() + 1)),
            }
        }
        Some(out)
    }

    fn without_end_places(events: &[String]) -> Vec<String> {
        events.iter().map(|e| if e.ends_with("End") { e.split_once(' ').map_or(e.clone(), |(_, ev)| ev.to_string()) } else { e.clone() }).collect()
    }

    #[track_caller]
    fn same_as_saphyr(text: &str) {
        let got = ours(text).unwrap_or_else(|| panic!("gave up on {text:?}"));
        let expected = saphyr(text).unwrap_or_else(|| panic!("saphyr fails on {text:?}"));
        assert_eq!(without_end_places(&got), without_end_places(&expected), "{text}");
    }

    #[test]
    fn reads_what_manifests_are_made_of_as_saphyr_does() {
        for text in [
            "a: 1\n",
            "a:\nb: # c\n  # x\nc:\n- x\n- y: \n  z:\nd:\n  - e\n  -   f: g\n      h: {i: j, \"k\": [l]}\ne: []\nf: {}\n",
            "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x  # the name\ndata:\n  a: \"it's \\\"quoted\\\"\\n\"\n  b: 'it''s'\n",
            "# leading\n\n--- # marker\n  a: 1\n  b:\n    - c\n",
            "- a\n- b: 1\n  c: [1, \"2\", '3', {x: y}]\n-   d\n",
            "spec:\n  containers:\n  - name: web\n    args: [\"--port=8080\", -v, a b]\n    ports:\n    - containerPort: 80\n      protocol: TCP\n  url: http://x/#y\n  k: a#b\n",
            "\"quoted key\": 1\n'single': 2\nkey.with/slash-and_dash: 3\n",
        ] {
            same_as_saphyr(text);
        }
    }


    #[test]
    fn gives_up_on_everything_else() {
        for text in [
            "a: |\n  x\n",
            "a: >\n  x\n",
            "a: &x 1\nb: *x\n",
            "a: !!str 1\n",
            "a: b\n  c\n",
            "a:\n  b\n",
            "a: \"b\n  c\"\n",
            "a: [b,\n  c]\n",
            "a:\tb\n",
            "a: b\r\n",
            "a: caf\u{e9}\n",
            "a: b: c\n",
            "a: b:\n",
            "? a\n: b\n",
            "a:\n-\n  b\n",
            "- - a\n",
            "a: 1\n...\n",
            "%YAML 1.2\n---\na: 1\n",
            "---\na: 1\n---\nb: 2\n",
            "--- a: 1\n",
            "scalar\n",
            "{a: 1}\n",
            "a: [b, ]\n",
            "a: {b:c}\n",
            "a: {b: }\n",
            "a: [b: c]\n",
            "a: \"\\u00e9\"\n",
            "a: \"b\" c\n",
            "a: 1\n b: 2\n",
            "a:\n    b: 1\n  c: 2\n",
            "- a\nb: 1\n",
            "a: 1\n  # deeper comment is fine, deeper content is not\n  b: 2\n",
            "<<: {a: 1}\n",
            "a: ---\n",
        ] {
            assert_eq!(ours(text), None, "{text:?}");
        }
    }

    #[test]
    fn positions_of_collections_follow_saphyr() {
        // An indented sequence starts at its dash, an indentless one at its
        // first entry's content; a mapping at its first key; an empty value
        // at its colon.
        let got = ours("a:\n  - x\nb:\n-   y\nc:\n").unwrap();
        assert_eq!(
            got,
            [
                "1:1 MappingStart(0, None)",
                "1:1 Scalar(\"a\", Plain, 0, None)",
                "2:3 SequenceStart(0, None)",
                "2:5 Scalar(\"x\", Plain, 0, None)",
                "2:3 SequenceEnd",
                "3:1 Scalar(\"b\", Plain, 0, None)",
                "4:5 SequenceStart(0, None)",
                "4:5 Scalar(\"y\", Plain, 0, None)",
                "4:1 SequenceEnd",
                "5:1 Scalar(\"c\", Plain, 0, None)",
                "5:2 Scalar(\"\", Plain, 0, None)",
                "1:1 MappingEnd",
            ]
        );
        same_as_saphyr("a:\n  - x\nb:\n-   y\nc:\n");
    }

    /// A YAML value to render in block style.
    #[derive(Clone, Debug)]
    enum Tree {
        Scalar(&'static str),
        Map(Vec<(&'static str, Tree)>),
        Seq(Vec<Tree>),
    }

    fn pick(style: &mut impl Iterator<Item = u8>) -> u8 {
        style.next().unwrap_or(0)
    }

    /// Renders `t` as the value after `key:` (or `- `) at indentation `n`,
    /// with `style` choosing among the ways YAML allows (indentless or
    /// indented sequences, two or four spaces).
    fn render(t: &Tree, n: usize, style: &mut impl Iterator<Item = u8>, out: &mut String) {
        match t {
            Tree::Scalar(s) => {
                out.push(' ');
                out.push_str(s);
                out.push('\n');
            }
            Tree::Map(entries) if entries.is_empty() => out.push_str(" {}\n"),
            Tree::Seq(items) if items.is_empty() => out.push_str(" []\n"),
            Tree::Map(entries) => {
                out.push('\n');
                let m = n + if pick(style).is_multiple_of(2) { 2 } else { 4 };
                for (k, v) in entries {
                    out.push_str(&format!("{}{k}:", " ".repeat(m)));
                    render(v, m, style, out);
                }
            }
            Tree::Seq(items) => {
                out.push('\n');
                let m = if pick(style).is_multiple_of(2) { n } else { n + 2 };
                for item in items {
                    out.push_str(&format!("{}-", " ".repeat(m)));
                    match item {
                        // A mapping written on the entry's line.
                        Tree::Map(entries) if !entries.is_empty() && !pick(style).is_multiple_of(3) => {
                            for (i, (k, v)) in entries.iter().enumerate() {
                                let pad = if i == 0 { " ".to_string() } else { " ".repeat(m + 2) };
                                out.push_str(&format!("{pad}{k}:"));
                                render(v, m + 2, style, out);
                            }
                        }
                        _ => render(item, m, style, out),
                    }
                }
            }
        }
    }

    /// Block YAML built from the pieces manifests are made of, then edited
    /// a little: whatever this reader reads, saphyr reads alike, and it
    /// reads most of it.
    #[test]
    fn random_block_yaml_reads_as_saphyr_reads_it() {
        use proptest::prelude::*;
        use proptest::test_runner::{Config, TestRunner};
        let scalar = prop_oneof![
            Just("a"), Just("x y"), Just("1"), Just("yes"), Just("~"), Just("-1"), Just("--port=80"), Just("\"q\\\"x\\n\""),
            Just("'it''s'"), Just("\"\""), Just("[a, \"b\", 'c']"), Just("{k: v, \"q\": [1]}"), Just("[[a], {b: c}]"),
            Just("http://x/#y"), Just("a#b"), Just("a:b"), Just("v # comment"), Just("\"s\"  # c"), Just("nginx:1.25"),
            Just("[ a ,b ]"), Just("{ }"), Just("[-a]"), Just("'\\'"), Just("\"\\/\\t\""),
        ];
        let key = prop_oneof![Just("a"), Just("b"), Just("name"), Just("app.kubernetes.io/name"), Just("1"), Just("on"), Just("\"q k\""), Just("'s'"), Just("x_y")];
        let tree = scalar.prop_map(Tree::Scalar).prop_recursive(4, 40, 5, move |inner| {
            prop_oneof![
                proptest::collection::vec((key.clone(), inner.clone()), 0..5).prop_map(Tree::Map),
                proptest::collection::vec(inner, 0..4).prop_map(Tree::Seq),
            ]
        });
        let edit = (any::<usize>(), prop_oneof![Just(""), Just(" "), Just("  "), Just("- "), Just(": "), Just("#"), Just("x: "), Just("---\n"), Just("\n"), Just("&a "), Just("|\n")]);
        let doc = (tree, proptest::collection::vec(any::<u8>(), 64), proptest::collection::vec(edit, 0..3)).prop_map(|(t, style, edits)| {
            let mut text = String::new();
            render(&Tree::Map(vec![("root", t)]), 0, &mut style.into_iter(), &mut text);
            let mut text = text.trim_start().to_string();
            for (at, piece) in edits {
                let mut at = at % (text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.insert_str(at, piece);
            }
            text
        });
        let (read, total) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
        let cases = std::env::var("CODEC_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000);
        let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
        runner
            .run(&doc, |text| {
                total.set(total.get() + 1);
                if let Some(got) = ours(&text) {
                    read.set(read.get() + 1);
                    let expected = saphyr(&text);
                    prop_assert!(expected.is_some(), "saphyr fails on {text:?}, which this reader read");
                    prop_assert_eq!(without_end_places(&got), without_end_places(&expected.unwrap_or_default()), "{:?}", text);
                }
                Ok(())
            })
            .unwrap();
        let (read, total) = (read.get(), total.get());
        // The rest are the edits' errors and what is left to saphyr.
        assert!(read * 3 > total, "read only {read} of {total}");
    }
}
