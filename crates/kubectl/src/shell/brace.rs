//! bash's brace expansion, the first of a word's expansions:
//! `nginx{1..3}`, `{a,b}.yaml`, `{01..10}`, `{a..e}`, `{1..10..2}`,
//! nested and side by side, over a word's unquoted text only (quoted
//! text and `$…` expansions stand as they are inside it). A brace
//! without a top-level comma or a valid sequence is literal, as is one
//! never closed; the search then goes on after it, as bash's does.

use super::{Part, ShellWord};

/// Most words one word may expand to: bash would make them all, a page
/// cannot.
pub const MAX_WORDS: usize = 10_000;

/// A word that would expand to more than [`MAX_WORDS`] words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMany;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    /// An unquoted character, where braces and commas are syntax.
    Ch(char),
    /// Anything else: it is copied into every word as it is.
    Atom(Part),
}

/// The words `word` expands to; None when it has no brace expansion.
/// [`TooMany`] when there would be more than [`MAX_WORDS`].
pub fn expand(word: &ShellWord) -> Result<Option<Vec<ShellWord>>, TooMany> {
    let has_brace = word
        .parts
        .iter()
        .any(|p| matches!(p, Part::Text { text, quoted: false } if text.contains('{')));
    if !has_brace {
        return Ok(None);
    }
    let mut toks = Vec::new();
    for p in &word.parts {
        match p {
            Part::Text {
                text,
                quoted: false,
            } => toks.extend(text.chars().map(Tok::Ch)),
            other => toks.push(Tok::Atom(other.clone())),
        }
    }
    let Some(words) = expand_toks(&toks, 0)? else {
        return Ok(None);
    };
    Ok(Some(
        words
            .into_iter()
            .map(|t| ShellWord {
                parts: parts(t),
                start: word.start,
            })
            .collect(),
    ))
}

/// Whether an unquoted `word` would brace-expand (so quoting it back
/// must quote its braces).
pub fn expands(word: &str) -> bool {
    let w = ShellWord {
        parts: vec![Part::Text {
            text: word.to_string(),
            quoted: false,
        }],
        start: 0,
    };
    !matches!(expand(&w), Ok(None))
}

fn parts(toks: Vec<Tok>) -> Vec<Part> {
    let mut out = Vec::new();
    let mut text = String::new();
    for t in toks {
        match t {
            Tok::Ch(c) => text.push(c),
            Tok::Atom(p) => {
                if !text.is_empty() {
                    out.push(Part::Text {
                        text: std::mem::take(&mut text),
                        quoted: false,
                    });
                }
                out.push(p);
            }
        }
    }
    if !text.is_empty() {
        out.push(Part::Text {
            text,
            quoted: false,
        });
    }
    out
}

/// `toks` expanded, searching for a brace from `from`; None when no
/// brace there expands.
fn expand_toks(toks: &[Tok], from: usize) -> Result<Option<Vec<Vec<Tok>>>, TooMany> {
    let mut open = from;
    while open < toks.len() {
        if toks[open] != Tok::Ch('{') {
            open += 1;
            continue;
        }
        let Some((close, commas)) = matching(toks, open) else {
            open += 1;
            continue;
        };
        let inner = &toks[open + 1..close];
        let choices: Vec<Vec<Tok>> = if !commas.is_empty() {
            let mut cuts = vec![open];
            cuts.extend(&commas);
            cuts.push(close);
            cuts.windows(2)
                .map(|w| toks[w[0] + 1..w[1]].to_vec())
                .collect()
        } else if let Some(seq) = sequence(inner)? {
            seq.into_iter()
                .map(|s| s.chars().map(Tok::Ch).collect())
                .collect()
        } else {
            open += 1;
            continue;
        };
        let (pre, post) = (&toks[..open], &toks[close + 1..]);
        let mut words = Vec::new();
        for choice in choices {
            // Each choice expands on its own (nesting), then with what
            // follows it, so `{a,b}{1,2}` is a1 a2 b1 b2.
            let mut whole: Vec<Tok> = pre.to_vec();
            whole.extend(choice);
            whole.extend_from_slice(post);
            let more = expand_toks(&whole, open)?.unwrap_or_else(|| vec![whole]);
            words.extend(more);
            if words.len() > MAX_WORDS {
                return Err(TooMany);
            }
        }
        return Ok(Some(words));
    }
    Ok(None)
}

/// The `}` closing the `{` at `open`, and the commas at its top level.
fn matching(toks: &[Tok], open: usize) -> Option<(usize, Vec<usize>)> {
    let mut depth = 0usize;
    let mut commas = Vec::new();
    for (i, t) in toks.iter().enumerate().skip(open + 1) {
        match t {
            Tok::Ch('{') => depth += 1,
            Tok::Ch('}') if depth == 0 => return Some((i, commas)),
            Tok::Ch('}') => depth -= 1,
            Tok::Ch(',') if depth == 0 => commas.push(i),
            _ => {}
        }
    }
    None
}

/// `X..Y` or `X..Y..INCR` of integers or of single letters: its words.
fn sequence(inner: &[Tok]) -> Result<Option<Vec<String>>, TooMany> {
    let mut text = String::new();
    for t in inner {
        match t {
            Tok::Ch(c) => text.push(*c),
            Tok::Atom(_) => return Ok(None),
        }
    }
    let pieces: Vec<&str> = text.split("..").collect();
    let (lo, hi, step) = match pieces.as_slice() {
        [lo, hi] => (*lo, *hi, None),
        [lo, hi, step] => (*lo, *hi, Some(*step)),
        _ => return Ok(None),
    };
    let step = match step {
        None => 1,
        Some(s) => match number(s) {
            Some(n) => n.unsigned_abs().max(1),
            None => return Ok(None),
        },
    };
    let letter = |s: &str| {
        let mut cs = s.chars();
        cs.next()
            .filter(|c| c.is_ascii_alphabetic() && cs.next().is_none())
    };
    if let (Some(a), Some(b)) = (letter(lo), letter(hi)) {
        let (a, b) = (a as u64, b as u64);
        let n = a.abs_diff(b) / step + 1;
        if n as usize > MAX_WORDS {
            return Err(TooMany);
        }
        let at = |k: u64| if a <= b { a + k * step } else { a - k * step };
        return Ok(Some(
            (0..n)
                .filter_map(|k| char::from_u32(at(k) as u32))
                .map(String::from)
                .collect(),
        ));
    }
    let (Some(a), Some(b)) = (number(lo), number(hi)) else {
        return Ok(None);
    };
    // A leading zero pads every number to the wider end's width.
    let padded =
        |s: &str| s.trim_start_matches('-').len() > 1 && s.trim_start_matches('-').starts_with('0');
    let width = if padded(lo) || padded(hi) {
        lo.len().max(hi.len())
    } else {
        0
    };
    let n = a.abs_diff(b) / step + 1;
    if n > MAX_WORDS as u64 {
        return Err(TooMany);
    }
    let mut words = Vec::with_capacity(n as usize);
    for k in 0..n {
        let off = i128::from(k) * i128::from(step);
        let v = if a <= b {
            i128::from(a) + off
        } else {
            i128::from(a) - off
        };
        words.push(format!("{v:0width$}"));
    }
    Ok(Some(words))
}

/// An integer as bash reads a sequence's: optional sign, then digits.
fn number(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(parts: Vec<Part>) -> Vec<String> {
        let w = ShellWord { parts, start: 0 };
        match expand(&w) {
            Ok(Some(ws)) => ws
                .iter()
                .map(|w| w.parts.iter().map(Part::source).collect())
                .collect(),
            Ok(None) => vec!["<none>".into()],
            Err(TooMany) => vec!["<too many>".into()],
        }
    }

    fn text(s: &str) -> Part {
        Part::Text {
            text: s.into(),
            quoted: false,
        }
    }

    #[test]
    fn expands_as_bash() {
        // Each checked against `bash -c 'echo …'`.
        let cases: &[(&str, &str)] = &[
            ("nginx{1..3}", "nginx1 nginx2 nginx3"),
            ("{01..10}", "01 02 03 04 05 06 07 08 09 10"),
            ("{a..e}", "a b c d e"),
            ("{1..10..3}", "1 4 7 10"),
            ("{-2..2}", "-2 -1 0 1 2"),
            ("{5..1}", "5 4 3 2 1"),
            ("{a..3}", "<none>"),
            ("x{a,}y", "xay xy"),
            ("{,}x", "x x"),
            ("{a}{b,c}", "{a}b {a}c"),
            ("{{a,b}", "{a {b"),
            ("{a,b", "<none>"),
            ("a{b,c{1..2}}d", "abd ac1d ac2d"),
            ("{1..3..0}", "1 2 3"),
            ("{-01..3}", "-01 000 001 002 003"),
            ("{1..3..-1}", "1 2 3"),
            ("{Z..b}", "Z [ \\ ] ^ _ ` a b"),
            ("{a,b}{1,2}", "a1 a2 b1 b2"),
            ("{}", "<none>"),
            ("{a}", "<none>"),
            ("a=b", "<none>"),
            ("{1..100000}", "<too many>"),
        ];
        for (word, want) in cases {
            let got: Vec<String> = words(vec![text(word)])
                .into_iter()
                .filter(|w| !w.is_empty())
                .collect();
            assert_eq!(got.join(" "), *want, "{word}");
        }
    }

    #[test]
    fn quoted_text_is_no_syntax() {
        let quoted = |s: &str| Part::Text {
            text: s.into(),
            quoted: true,
        };
        // `"{c,d}"` and `\{e,f}` stay one word.
        assert_eq!(words(vec![quoted("{c,d}")]), ["<none>"]);
        assert_eq!(words(vec![quoted("{"), text("e,f}")]), ["<none>"]);
        // `{"a b",c}`: the quoted comma-free text is one choice.
        assert_eq!(
            words(vec![text("{"), quoted("a,b"), text(",c}")]),
            ["a,b", "c"]
        );
        // `$X{1,2}`: the variable in each.
        assert_eq!(
            words(vec![
                Part::Var {
                    name: "X".into(),
                    quoted: false
                },
                text("{1,2}")
            ]),
            ["$X1", "$X2"]
        );
        assert!(expands("{a,b}") && expands("{1..2}") && !expands("{.items}") && !expands("{a}"));
    }
}
