//! Where go-yaml (a port of libyaml) and saphyr disagree about a chunk's
//! syntax, a line scan that finds the places and makes saphyr read them as
//! go-yaml does.
//!
//! - go-yaml does not look at indentation inside a flow collection or a
//!   quoted scalar: a `command: [` whose `]` sits under the key, or a
//!   `"…"` value continued at column 0, is fine for kubectl, while saphyr
//!   (following YAML 1.2) wants those lines indented past the enclosing
//!   block. Such lines get spaces in front, which changes nothing there
//!   (leading white space of a flow or quoted line is folded away).
//! - go-yaml takes a tab after a mapping's `:` (`key:<TAB>value`); saphyr
//!   does not. The tab becomes a space (same width, same meaning).
//! - go-yaml refuses a tab after a block sequence's `-`, or a complex
//!   key's `?` or `:` ("found character that cannot start any token");
//!   saphyr takes it. That one is checked on every chunk saphyr reads.
//!
//! The scan knows plain, quoted and block scalars, flow collections and
//! comments line by line; it is no parser. So the reader uses the rewrite
//! only where saphyr refused the text as written, and reports saphyr's
//! first error if the rewrite fails too: a misread can cost a fix, never
//! change a document saphyr already reads.

/// What the scan found in one chunk.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Scan {
    /// (0-based line, spaces to put in front) for flow and quoted
    /// continuation lines indented less than saphyr wants.
    pads: Vec<(usize, usize)>,
    /// Byte offsets of tabs right after a block mapping's `:`.
    tabs: Vec<usize>,
    /// 0-based line and 1-based column of the first tab after a block
    /// sequence entry's `-` or a complex key's `?` or `:`.
    pub bad_tab: Option<(usize, usize)>,
}

/// A chunk rewritten for saphyr, with what is needed to report positions
/// in the text as written.
#[derive(Debug, PartialEq)]
pub(crate) struct Rewrite {
    pub text: String,
    /// Spaces added in front of each 0-based line (only lines up to the
    /// last padded one).
    shifts: Vec<usize>,
}

impl Rewrite {
    /// The 1-based column in the text as written of `column` (1-based) on
    /// 0-based `line` of the rewritten text.
    pub fn column(&self, line: usize, column: usize) -> usize {
        let shift = self.shifts.get(line).copied().unwrap_or(0);
        if column > shift {
            column - shift
        } else {
            1
        }
    }
}

impl Scan {
    /// The chunk as saphyr should read it, when there is anything to change.
    pub fn rewrite(&self, text: &str) -> Option<Rewrite> {
        if self.pads.is_empty() && self.tabs.is_empty() {
            return None;
        }
        let mut shifts = Vec::new();
        if let Some(&(last, _)) = self.pads.last() {
            shifts.resize(last + 1, 0);
            for &(line, pad) in &self.pads {
                shifts[line] = pad;
            }
        }
        let mut out = String::with_capacity(text.len() + self.pads.iter().map(|p| p.1).sum::<usize>());
        let (mut tabs, mut line) = (self.tabs.iter().peekable(), 0usize);
        let mut at_line_start = true;
        for (i, c) in text.char_indices() {
            if at_line_start {
                if let Some(&pad) = shifts.get(line) {
                    out.extend(std::iter::repeat_n(' ', pad));
                }
                at_line_start = false;
            }
            if tabs.peek() == Some(&&i) {
                tabs.next();
                out.push(' ');
            } else {
                out.push(c);
            }
            if c == '\n' {
                line += 1;
                at_line_start = true;
            }
        }
        Some(Rewrite { text: out, shifts })
    }
}

/// Where the scan is between lines.
#[derive(Clone, Copy, Debug)]
enum Ctx {
    Block,
    /// Inside a block scalar: lines indented more than `parent` (or blank)
    /// are its content. `parent` is the header line's indentation, or when
    /// the header starts its line, the previous line's (-1 at the top). The
    /// real bound can be deeper, as in `- key: |`: the scan stays inside
    /// the scalar at least as long as the parser does.
    BlockScalar { parent: isize },
    /// Inside a flow collection `depth` deep whose outermost bracket is at
    /// character column `open` (0-based), maybe inside a quoted scalar.
    Flow { depth: usize, open: usize, quote: Option<u8> },
    /// Inside a quoted scalar of the block context opened at column `open`.
    Quote { quote: u8, open: usize },
}

/// Scans one chunk.
pub(crate) fn scan(text: &str) -> Scan {
    let mut s = Scan::default();
    let mut ctx = Ctx::Block;
    let mut offset = 0usize;
    // Indentation of the last line with content, in the block context.
    let mut previous: isize = -1;
    // When the last line ended inside a plain scalar, the column of its
    // key or `-`: a line indented more continues the scalar (its brackets
    // and quotes are text).
    let mut plain: Option<isize> = None;
    for (no, raw) in text.split_inclusive('\n').enumerate() {
        let line = raw.trim_end_matches(['\n', '\r']);
        let b = line.as_bytes();
        let spaces = b.iter().take_while(|&&c| c == b' ').count();
        let lead = b.iter().take_while(|&&c| c == b' ' || c == b'\t').count();
        let blank = lead == b.len();
        let mut l = LineScan { s: &mut s, b, line, no, offset, previous, ended_plain: None };
        ctx = match ctx {
            Ctx::BlockScalar { parent } if blank || spaces as isize > parent => ctx,
            Ctx::Block if blank => ctx,
            Ctx::Block if plain.is_some_and(|p| spaces as isize > p) && b[lead] != b'#' => {
                // A comment ends the scalar.
                if line.contains(" #") || line.contains("\t#") {
                    plain = None;
                }
                ctx
            }
            Ctx::Block | Ctx::BlockScalar { .. } => {
                if document_marker(b) {
                    previous = -1;
                } else if !matches!(b[lead], b'#' | b'&' | b'!') {
                    previous = spaces as isize;
                }
                let next = l.block(0, spaces);
                plain = l.ended_plain;
                next
            }
            Ctx::Quote { quote, open } => {
                l.pad(blank, lead, open);
                match close_quote(b, lead, quote) {
                    Some(end) => l.block(end, spaces),
                    None => ctx,
                }
            }
            Ctx::Flow { depth, open, quote } => {
                l.pad(blank, lead, open);
                match quote {
                    None => l.flow(lead, depth, open),
                    Some(q) => match close_quote(b, lead, q) {
                        Some(end) => l.flow(end, depth, open),
                        None => ctx,
                    },
                }
            }
        };
        offset += raw.len();
    }
    s
}

struct LineScan<'s, 'a> {
    s: &'s mut Scan,
    b: &'a [u8],
    line: &'a str,
    no: usize,
    /// Byte offset of the line in the chunk.
    offset: usize,
    /// Indentation of the line before with content (-1 for none).
    previous: isize,
    /// When the line ends inside a plain scalar of the block context, the
    /// column its continuation lines must be indented past.
    ended_plain: Option<isize>,
}

fn blank_or_end(b: &[u8], i: usize) -> bool {
    matches!(b.get(i), None | Some(b' ' | b'\t'))
}

/// A line at column 0 that would end the document inside a flow or quote.
fn document_marker(b: &[u8]) -> bool {
    (b.starts_with(b"---") || b.starts_with(b"...")) && blank_or_end(b, 3)
}

impl LineScan<'_, '_> {
    fn column(&self, i: usize) -> usize {
        self.line[..i].chars().count()
    }

    /// Pads a continuation line indented `lead` to one past the opening
    /// column, which is always deeper than the enclosing block's indent.
    fn pad(&mut self, blank: bool, lead: usize, open: usize) {
        if !blank && lead <= open && !document_marker(self.b) {
            self.s.pads.push((self.no, open + 1 - lead));
        }
    }

    /// Scans from `i` in the block context; `indent` is the line's.
    fn block(&mut self, mut i: usize, indent: usize) -> Ctx {
        let b = self.b;
        // Whether the last thing read is a scalar (a key, when a `:` follows).
        let mut after_scalar = i > 0;
        // Whether anything but node properties came before on the line.
        let mut first = i == 0;
        // The column of the last `-`, `?` or key read on the line (or one
        // less than the line's indentation): a plain scalar's parent.
        let (mut parent, mut start) = (indent as isize - 1, i as isize);
        if i == 0 && document_marker(b) {
            i = 3;
        }
        loop {
            while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
                i += 1;
            }
            let Some(&c) = b.get(i) else { return Ctx::Block };
            match c {
                b'#' => return Ctx::Block,
                b'-' | b'?' | b':' if blank_or_end(b, i + 1) => {
                    // After a simple key's `:` go-yaml skips tabs; after
                    // `-`, `?` or a `:` opening a line it does not.
                    let after_key = c == b':' && after_scalar;
                    if after_key && b.get(i + 1) == Some(&b'\t') {
                        self.s.tabs.push(self.offset + i + 1);
                    }
                    if !after_key && self.s.bad_tab.is_none() {
                        let run = b[i + 1..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
                        if let Some(t) = b[i + 1..i + 1 + run].iter().position(|&c| c == b'\t') {
                            self.s.bad_tab = Some((self.no, self.column(i + 1 + t) + 1));
                        }
                    }
                    parent = if after_key { start } else { i as isize };
                    i += 1;
                    (after_scalar, first) = (false, false);
                }
                b'|' | b'>' => return Ctx::BlockScalar { parent: if first { self.previous } else { indent as isize } },
                b'[' | b'{' => return self.flow(i + 1, 1, self.column(i)),
                b'"' | b'\'' => match close_quote(b, i + 1, c) {
                    Some(end) => (start, i, after_scalar, first) = (i as isize, end, true, false),
                    None => return Ctx::Quote { quote: c, open: self.column(i) },
                },
                b'&' | b'!' | b'*' => {
                    while i < b.len() && b[i] != b' ' && b[i] != b'\t' {
                        i += 1;
                    }
                    after_scalar = c == b'*';
                }
                _ => {
                    // A plain scalar runs to `: `, ` #` or the line's end.
                    let mut j = i + 1;
                    loop {
                        match b.get(j) {
                            None => {
                                self.ended_plain = Some(parent);
                                return Ctx::Block;
                            }
                            Some(b':') if blank_or_end(b, j + 1) => break,
                            Some(b'#') if matches!(b[j - 1], b' ' | b'\t') => return Ctx::Block,
                            _ => j += 1,
                        }
                    }
                    (start, i, after_scalar, first) = (i as isize, j, true, false);
                }
            }
        }
    }

    /// Scans from `i` inside a flow collection.
    fn flow(&mut self, mut i: usize, mut depth: usize, open: usize) -> Ctx {
        let b = self.b;
        loop {
            while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
                i += 1;
            }
            let Some(&c) = b.get(i) else { return Ctx::Flow { depth, open, quote: None } };
            match c {
                b'#' if i == 0 || matches!(b[i - 1], b' ' | b'\t') => return Ctx::Flow { depth, open, quote: None },
                b'[' | b'{' => {
                    depth += 1;
                    i += 1;
                }
                b']' | b'}' => {
                    depth -= 1;
                    i += 1;
                    if depth == 0 {
                        let indent = b.iter().take_while(|&&c| c == b' ').count();
                        return self.block(i, indent);
                    }
                }
                b',' => i += 1,
                b'"' | b'\'' => match close_quote(b, i + 1, c) {
                    Some(end) => i = end,
                    None => return Ctx::Flow { depth, open, quote: Some(c) },
                },
                b':' => i += 1,
                _ => {
                    // A plain scalar (or a node's properties) runs to a flow
                    // indicator, `: `, ` #`, or the line's end.
                    let mut j = i + 1;
                    while let Some(&d) = b.get(j) {
                        let ends = match d {
                            b',' | b'[' | b']' | b'{' | b'}' => true,
                            b':' => blank_or_end(b, j + 1) || matches!(b.get(j + 1), Some(b',' | b'[' | b']' | b'{' | b'}')),
                            b'#' => matches!(b[j - 1], b' ' | b'\t'),
                            b' ' | b'\t' => matches!(c, b'&' | b'!' | b'*'),
                            _ => false,
                        };
                        if ends {
                            break;
                        }
                        j += 1;
                    }
                    i = j;
                }
            }
        }
    }
}

/// Index just past the quote closing a scalar opened before `from`, if it
/// closes on this line. A `\` at the line's end (an escaped line break)
/// leaves it open.
fn close_quote(b: &[u8], mut from: usize, quote: u8) -> Option<usize> {
    while from < b.len() {
        match b[from] {
            b'\\' if quote == b'"' => from += 2,
            b'\'' if quote == b'\'' && b.get(from + 1) == Some(&b'\'') => from += 2,
            c if c == quote => return Some(from + 1),
            _ => from += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(text: &str) -> Option<String> {
        scan(text).rewrite(text).map(|r| r.text)
    }

    #[test]
    fn pads_flow_and_quoted_continuation_lines() {
        let cases: &[(&str, Option<&str>)] = &[
            ("a: [\n  1, 2\n]\n", Some("a: [\n    1, 2\n    ]\n")),
            ("  a: [\n  1]\n", Some("  a: [\n      1]\n")),
            ("a: [1,\n     2]\n", None),
            ("a: \"x\ny\"\n", Some("a: \"x\n    y\"\n")),
            ("a: 'it''s\nb'\n", Some("a: 'it''s\n    b'\n")),
            ("a: \"x\\\ny\"\n", Some("a: \"x\\\n    y\"\n")),
            ("a: {b: [\n1\n], c: 2}\n", Some("a: {b: [\n    1\n    ], c: 2}\n")),
            // A `[` inside a plain scalar or a block scalar opens nothing.
            ("a: b[c\nd: 1\n", None),
            ("a: |\n  [\nb\n", None),
            ("- |\n  x: [\n- y\n", None),
            // A comment in a flow holds no bracket.
            ("a: [ # ]\n1]\n", Some("a: [ # ]\n    1]\n")),
            // Blank lines and document markers are left alone.
            ("a: [\n\n1]\n", Some("a: [\n\n    1]\n")),
            ("a: [\n...\n", None),
        ];
        for (input, want) in cases {
            assert_eq!(rewritten(input).as_deref(), *want, "{input:?}");
        }
    }

    #[test]
    fn tabs_after_a_mapping_colon_become_spaces() {
        assert_eq!(rewritten("a:\tb\nc: 'x:\ty'\n").as_deref(), Some("a: b\nc: 'x:\ty'\n"));
        assert_eq!(rewritten("a: |\n  b:\tc\n"), None);
    }

    #[test]
    fn finds_a_tab_after_a_sequence_dash() {
        assert_eq!(scan("a:\n-\tb\n").bad_tab, Some((1, 2)));
        assert_eq!(scan("a:\n- \tb\n").bad_tab, Some((1, 3)));
        assert_eq!(scan("a:\n- b\t\n- \"\t\"\n").bad_tab, None);
        assert_eq!(scan("a: |\n  -\tb\n").bad_tab, None);
        assert_eq!(scan("? a\n:\tb\n").bad_tab, Some((1, 2)));
        assert_eq!(scan("a:\tb\n'c':\td\n").bad_tab, None);
    }

    #[test]
    fn columns_map_back() {
        let text = "a: [\n1]\n";
        let r = scan(text).rewrite(text).unwrap();
        assert_eq!(r.column(1, 5), 1);
        assert_eq!(r.column(1, 6), 2);
        assert_eq!(r.column(0, 4), 4);
        assert_eq!(r.column(7, 4), 4);
    }
}
