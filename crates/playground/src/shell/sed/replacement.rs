//! The replacement of sed's `s` command: GNU's `&`, `\0`…`\9`, the
//! case conversions `\U \L \u \l \E`, and escapes.

/// One piece of a replacement.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Piece {
    /// Text as written, escapes read.
    Text(String),
    /// `&` or `\0`: the whole match.
    Whole,
    /// `\N`: what group N matched (nothing when it took no part).
    Group(usize),
    /// `\U`, `\L`, `\u`, `\l` or `\E`: how later letters are cased.
    Case(Case),
}

/// GNU's case conversions in a replacement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Case {
    /// `\U`/`\L`: every letter until `\E` (or the other).
    Upper,
    Lower,
    /// `\u`/`\l`: the next character only.
    UpperNext,
    LowerNext,
    /// `\E`: neither.
    End,
}

/// The conversion in force while one replacement is written: `\u` and
/// `\l` hold for one character, and a later `\U`, `\L` or `\E` drops
/// them (`\u\L&` lowercases all, `\L\u&` capitalizes).
#[derive(Default)]
struct Casing {
    all: Option<bool>,
    next: Option<bool>,
}

impl Casing {
    fn set(&mut self, case: Case) {
        match case {
            Case::Upper => {
                *self = Casing {
                    all: Some(true),
                    next: None,
                }
            }
            Case::Lower => {
                *self = Casing {
                    all: Some(false),
                    next: None,
                }
            }
            Case::End => *self = Casing::default(),
            Case::UpperNext => self.next = Some(true),
            Case::LowerNext => self.next = Some(false),
        }
    }

    /// Appends `text` to `out`, cased.
    fn push(&mut self, out: &mut String, text: &str) {
        if self.all.is_none() && self.next.is_none() {
            out.push_str(text);
            return;
        }
        for c in text.chars() {
            match self.next.take().or(self.all) {
                Some(true) => out.extend(c.to_uppercase()),
                Some(false) => out.extend(c.to_lowercase()),
                None => out.push(c),
            }
        }
    }
}

/// A replacement's pieces: `&` (or `\0`) is the match, `\1`…`\9` a
/// group's, `\U \L \u \l \E` change case, `\&` is a literal `&`, `\n`
/// a newline, `\t` a tab, `\\` a backslash.
pub(super) fn pieces(text: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut cur = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '&' => {
                if !cur.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut cur)));
                }
                pieces.push(Piece::Whole);
            }
            '\\' => match chars.next() {
                Some('n') => cur.push('\n'),
                Some('t') => cur.push('\t'),
                Some(c @ ('U' | 'L' | 'u' | 'l' | 'E')) => {
                    if !cur.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut cur)));
                    }
                    pieces.push(Piece::Case(match c {
                        'U' => Case::Upper,
                        'L' => Case::Lower,
                        'u' => Case::UpperNext,
                        'l' => Case::LowerNext,
                        _ => Case::End,
                    }));
                }
                Some(d @ '0'..='9') => {
                    if !cur.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut cur)));
                    }
                    pieces.push(match d.to_digit(10).unwrap_or(0) {
                        0 => Piece::Whole,
                        n => Piece::Group(n as usize),
                    });
                }
                Some(other) => cur.push(other),
                None => cur.push('\\'),
            },
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        pieces.push(Piece::Text(cur));
    }
    pieces
}

/// Appends the replacement for one match to `out`: `spans` are the
/// match's (index 0) and its groups' (a group that took no part, or one
/// the search did not record, writes nothing, as in GNU sed).
pub(super) fn write(
    out: &mut String,
    pieces: &[Piece],
    line: &str,
    spans: &[Option<(usize, usize)>],
) {
    let mut casing = Casing::default();
    for p in pieces {
        match p {
            Piece::Text(t) => casing.push(out, t),
            Piece::Whole => casing.push(out, span(line, spans, 0)),
            Piece::Group(n) => casing.push(out, span(line, spans, *n)),
            Piece::Case(c) => casing.set(*c),
        }
    }
}

fn span<'l>(line: &'l str, spans: &[Option<(usize, usize)>], n: usize) -> &'l str {
    match spans.get(n) {
        Some(&Some((s, e))) => &line[s..e],
        _ => "",
    }
}
