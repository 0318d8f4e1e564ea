//! Here-documents: where a line opens them (as bash's tokenizer finds
//! `<<WORD`, for every reader of multi-line text) and how their bodies
//! are read from the lines after it.

use super::MAX_NESTING;

/// A here-document operator: `<<WORD`, `<<-WORD` (leading tabs stripped
/// from the body and the closing line), or with a quoted delimiter
/// (`<<'EOF'`, `<<"EOF"`, `<<E\OF`: the body is taken literally).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HereDoc {
    /// The closing line's text, quotes removed.
    pub delimiter: String,
    pub strip_tabs: bool,
    pub quoted: bool,
}

/// The here-documents `line` opens, in order, found as bash's tokenizer
/// finds them: `<<` or `<<-` outside quotes, comments and backquotes (in
/// `$(…)` too: bash reads their bodies from the next lines as well), not a
/// here-string `<<<` nor a shift in `$((…))`, followed by a delimiter word. Every reader of multi-line text (scripts, transcripts,
/// lessons, what-if, the web terminal) uses this, so that the lines after
/// such a line are its here-documents' bodies (see [`read_heredocs`]),
/// never commands, even when the line has syntax the terminal refuses.
pub fn heredocs(line: &str) -> Vec<HereDoc> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    scan_heredocs(&chars, &mut i, 0, &mut out);
    out
}

fn scan_heredocs(chars: &[(usize, char)], i: &mut usize, depth: usize, out: &mut Vec<HereDoc>) {
    let at = |k: usize| chars.get(k).map(|&(_, c)| c);
    let mut word_start = true;
    while let Some(c) = at(*i) {
        let starts = word_start;
        word_start = matches!(c, ' ' | '\t' | '\n' | '\r' | ';' | '|' | '&' | '(' | ')' | '<' | '>');
        match c {
            '\\' => *i += 2,
            '\'' => {
                *i += 1;
                while at(*i).is_some_and(|c| c != '\'') {
                    *i += 1;
                }
                *i += 1;
            }
            '"' => {
                *i += 1;
                while let Some(c) = at(*i) {
                    *i += 1;
                    match c {
                        '\\' => *i += 1,
                        '"' => break,
                        '$' if at(*i) == Some('(') => {
                            *i += 1;
                            substitution(chars, i, depth, out);
                        }
                        '`' => skip_backquoted(chars, i),
                        _ => {}
                    }
                }
            }
            '`' => {
                *i += 1;
                skip_backquoted(chars, i);
            }
            '$' if at(*i + 1) == Some('(') => {
                *i += 2;
                substitution(chars, i, depth, out);
            }
            // A comment runs to the end of its line; a command over
            // several lines goes on after it.
            '#' if starts => {
                while at(*i).is_some_and(|c| c != '\n') {
                    *i += 1;
                }
            }
            ')' if depth > 0 => {
                *i += 1;
                return;
            }
            '<' if at(*i + 1) == Some('<') => {
                if at(*i + 2) == Some('<') {
                    *i += 3;
                    continue;
                }
                *i += 2;
                let strip_tabs = at(*i) == Some('-');
                if strip_tabs {
                    *i += 1;
                }
                while matches!(at(*i), Some(' ' | '\t')) {
                    *i += 1;
                }
                let (delimiter, quoted, end) = read_delimiter(&chars[(*i).min(chars.len())..]);
                *i += end;
                word_start = true;
                if let Some(delimiter) = delimiter.filter(|_| end > 0) {
                    out.push(HereDoc { delimiter, strip_tabs, quoted });
                }
            }
            _ => *i += 1,
        }
    }
}

/// Reads a `$(…)` whose `(` is just before `*i`, or skips a `$((…))`.
fn substitution(chars: &[(usize, char)], i: &mut usize, depth: usize, out: &mut Vec<HereDoc>) {
    if depth >= MAX_NESTING {
        // Too deep to be a command anyone runs: the rest of the line is its.
        *i = chars.len();
        return;
    }
    if chars.get(*i).map(|&(_, c)| c) == Some('(') {
        // Arithmetic: `<<` is a shift there.
        let mut open = 2;
        *i += 1;
        while let Some(&(_, c)) = chars.get(*i) {
            *i += 1;
            match c {
                '(' => open += 1,
                ')' if open == 1 => return,
                ')' => open -= 1,
                _ => {}
            }
        }
        return;
    }
    scan_heredocs(chars, i, depth + 1, out);
}

fn skip_backquoted(chars: &[(usize, char)], i: &mut usize) {
    while let Some(&(_, c)) = chars.get(*i) {
        *i += 1;
        match c {
            '\\' => *i += 1,
            '`' => return,
            _ => {}
        }
    }
}

/// A here-document's delimiter word at the start of `chars`: its text with
/// quotes removed (None when a quote is left open), whether any of it was
/// quoted, and how many characters it took (0: no word there).
pub(super) fn read_delimiter(chars: &[(usize, char)]) -> (Option<String>, bool, usize) {
    let mut text = String::new();
    let mut quoted = false;
    let mut j = 0;
    let at = |k: usize| chars.get(k).map(|&(_, c)| c);
    while let Some(c) = at(j) {
        match c {
            ' ' | '\t' | '\n' | '\r' | '|' | ';' | '&' | '<' | '>' | '(' | ')' => break,
            '\'' | '"' => {
                quoted = true;
                j += 1;
                loop {
                    match at(j) {
                        None => return (None, true, j),
                        Some(q) if q == c => break,
                        Some('\\') if c == '"' && matches!(at(j + 1), Some('$' | '`' | '"' | '\\')) => {
                            j += 1;
                            text.extend(at(j));
                        }
                        Some(ch) => text.push(ch),
                    }
                    j += 1;
                }
                j += 1;
            }
            '\\' => {
                quoted = true;
                j += 1;
                text.push(at(j).unwrap_or('\\'));
                j += 1;
            }
            c => {
                text.push(c);
                j += 1;
            }
        }
    }
    (Some(text), quoted, j.min(chars.len()))
}

/// The bodies of a line's here-documents, read from the lines after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HereDocBodies {
    /// Each body's lines (leading tabs stripped for `<<-`), each ending in a newline.
    pub bodies: Vec<String>,
    /// How many lines the bodies and their closing lines took.
    pub lines: usize,
    /// The first delimiter never found: its body ran to the end.
    pub unclosed: Option<String>,
}

/// Reads the bodies of `docs` (in order, one after another) from `lines`,
/// as bash does: each ends at a line equal to its delimiter (after leading
/// tabs are stripped, for `<<-`).
pub fn read_heredocs<'a>(docs: impl IntoIterator<Item = &'a HereDoc>, lines: &[&str]) -> HereDocBodies {
    let mut out = HereDocBodies::default();
    for d in docs {
        let mut body = String::new();
        let mut closed = false;
        while let Some(raw) = lines.get(out.lines) {
            out.lines += 1;
            let l = if d.strip_tabs { raw.trim_start_matches('\t') } else { raw };
            if l == d.delimiter {
                closed = true;
                break;
            }
            body.push_str(l);
            body.push('\n');
        }
        if !closed && out.unclosed.is_none() {
            out.unclosed = Some(d.delimiter.clone());
        }
        out.bodies.push(body);
    }
    out
}
