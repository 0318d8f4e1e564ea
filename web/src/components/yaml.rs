//! A small YAML tokeniser for the editor's colours: line by line, it marks
//! keys, quoted and plain string values, numbers, booleans and null,
//! comments, list dashes, block scalars and `---` document separators. It
//! never fails: whatever it does not recognise is plain text, and joining
//! the tokens of a line gives the line back exactly.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    Plain,
    Key,
    Str,
    Num,
    /// true/false/null/~ and YAML 1.1's yes/no/on/off.
    Word,
    Comment,
    /// `-`, `:`, `|`, `>`, flow brackets.
    Punct,
    /// `---` and `...`.
    Doc,
}

impl Tok {
    pub fn class(self) -> &'static str {
        match self {
            Tok::Plain => "tok-plain",
            Tok::Key => "tok-key",
            Tok::Str => "tok-str",
            Tok::Num => "tok-num",
            Tok::Word => "tok-word",
            Tok::Comment => "tok-comment",
            Tok::Punct => "tok-punct",
            Tok::Doc => "tok-doc",
        }
    }
}

pub type Line<'a> = Vec<(Tok, &'a str)>;

/// The tokens of every line of `text` (split on `\n`).
pub fn highlight(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    // Inside a block scalar (`key: |`): lines indented deeper than the key are text.
    let mut block: Option<usize> = None;
    for line in text.split('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let blank = line.trim().is_empty();
        if let Some(key_indent) = block {
            if blank || indent > key_indent {
                out.push(if blank { vec![(Tok::Plain, line)] } else { vec![(Tok::Plain, &line[..indent]), (Tok::Str, &line[indent..])] });
                continue;
            }
            block = None;
        }
        let (tokens, opens_block) = tokenize_line(line);
        if opens_block {
            block = Some(indent);
        }
        out.push(tokens);
    }
    out
}

fn is_doc_marker(line: &str) -> bool {
    let rest = line.strip_prefix("---").or_else(|| line.strip_prefix("..."));
    rest.is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
}

/// Where a comment starts: `#` at the start or after whitespace, outside quotes.
fn comment_start(s: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    let mut prev_space = true;
    for (i, c) in s.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' && prev_space => return Some(i),
            None => {}
        }
        prev_space = c == ' ' || c == '\t';
    }
    None
}

/// The `:` that ends a mapping key: followed by a space or the end, outside quotes and flows.
fn key_colon(s: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    let bytes = s.as_bytes();
    for (i, c) in s.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if (c == '"' || c == '\'') && i == 0 => quote = Some(c),
            None if c == '{' || c == '[' => return None,
            None if c == ':' && matches!(bytes.get(i + 1), None | Some(b' ') | Some(b'\t')) => return Some(i),
            None => {}
        }
    }
    None
}

fn scalar_kind(v: &str) -> Tok {
    let t = v.trim();
    if t.starts_with('"') || t.starts_with('\'') {
        return Tok::Str;
    }
    if matches!(t, "true" | "false" | "True" | "False" | "TRUE" | "FALSE" | "null" | "Null" | "NULL" | "~" | "yes" | "no" | "on" | "off" | "Yes" | "No" | "On" | "Off") {
        return Tok::Word;
    }
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    let numeric = !digits.is_empty()
        && (digits.chars().all(|c| c.is_ascii_digit() || c == '.' || c == '_') && digits.chars().any(|c| c.is_ascii_digit())
            || digits.starts_with("0x") && digits.len() > 2 && digits[2..].chars().all(|c| c.is_ascii_hexdigit()));
    if numeric {
        Tok::Num
    } else if t.starts_with(['{', '[', '|', '>', '&', '*', '!']) {
        Tok::Punct
    } else {
        Tok::Str
    }
}

/// Tokens of one line, and whether it opens a block scalar (`key: |`).
fn tokenize_line(line: &str) -> (Line<'_>, bool) {
    let mut out: Line = Vec::new();
    if is_doc_marker(line) {
        return (vec![(Tok::Doc, line)], false);
    }
    let (body, comment) = match comment_start(line) {
        Some(i) => (&line[..i], Some(&line[i..])),
        None => (line, None),
    };
    let mut rest = body;
    let indent = rest.len() - rest.trim_start().len();
    if indent > 0 {
        out.push((Tok::Plain, &rest[..indent]));
        rest = &rest[indent..];
    }
    // List dashes: `- `, possibly nested (`- - x`).
    while rest.starts_with("- ") || rest == "-" {
        out.push((Tok::Punct, &rest[..1]));
        rest = &rest[1..];
        let sp = rest.len() - rest.trim_start().len();
        if sp > 0 {
            out.push((Tok::Plain, &rest[..sp]));
            rest = &rest[sp..];
        }
    }
    let mut opens_block = false;
    if let Some(colon) = key_colon(rest) {
        out.push((Tok::Key, &rest[..colon]));
        out.push((Tok::Punct, &rest[colon..colon + 1]));
        rest = &rest[colon + 1..];
        let sp = rest.len() - rest.trim_start().len();
        if sp > 0 {
            out.push((Tok::Plain, &rest[..sp]));
            rest = &rest[sp..];
        }
        let value = rest.trim_end();
        opens_block = value.starts_with(['|', '>']) && value.len() <= 3;
    }
    if !rest.is_empty() {
        let trimmed = rest.trim_end();
        let kind = scalar_kind(trimmed);
        if !trimmed.is_empty() {
            out.push((kind, trimmed));
        }
        if trimmed.len() < rest.len() {
            out.push((Tok::Plain, &rest[trimmed.len()..]));
        }
    }
    if let Some(c) = comment {
        out.push((Tok::Comment, c));
    }
    if out.is_empty() {
        out.push((Tok::Plain, line));
    }
    (out, opens_block)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(line: &str) -> Vec<(Tok, String)> {
        highlight(line).remove(0).into_iter().map(|(t, s)| (t, s.to_string())).collect()
    }

    #[test]
    fn table() {
        use Tok::*;
        let cases: &[(&str, &[(Tok, &str)])] = &[
            ("apiVersion: apps/v1", &[(Key, "apiVersion"), (Punct, ":"), (Plain, " "), (Str, "apps/v1")]),
            ("  replicas: 3", &[(Plain, "  "), (Key, "replicas"), (Punct, ":"), (Plain, " "), (Num, "3")]),
            ("---", &[(Doc, "---")]),
            ("--- # next", &[(Doc, "--- # next")]),
            ("# a comment", &[(Comment, "# a comment")]),
            ("  - name: nginx # the app", &[(Plain, "  "), (Punct, "-"), (Plain, " "), (Key, "name"), (Punct, ":"), (Plain, " "), (Str, "nginx"), (Plain, " "), (Comment, "# the app")]),
            ("    image: \"nginx:1.25\"", &[(Plain, "    "), (Key, "image"), (Punct, ":"), (Plain, " "), (Str, "\"nginx:1.25\"")]),
            ("url: http://x#y", &[(Key, "url"), (Punct, ":"), (Plain, " "), (Str, "http://x#y")]),
            ("msg: 'a # b'", &[(Key, "msg"), (Punct, ":"), (Plain, " "), (Str, "'a # b'")]),
            ("paused: false", &[(Key, "paused"), (Punct, ":"), (Plain, " "), (Word, "false")]),
            ("cpu: -1.5", &[(Key, "cpu"), (Punct, ":"), (Plain, " "), (Num, "-1.5")]),
            ("labels: {app: web}", &[(Key, "labels"), (Punct, ":"), (Plain, " "), (Punct, "{app: web}")]),
            ("- 80", &[(Punct, "-"), (Plain, " "), (Num, "80")]),
            ("spec:", &[(Key, "spec"), (Punct, ":")]),
            ("\"quoted key\": 1", &[(Key, "\"quoted key\""), (Punct, ":"), (Plain, " "), (Num, "1")]),
            ("", &[(Plain, "")]),
        ];
        for (line, want) in cases {
            let want: Vec<(Tok, String)> = want.iter().map(|(t, s)| (*t, s.to_string())).collect();
            assert_eq!(toks(line), want, "line {line:?}");
        }
    }

    #[test]
    fn block_scalars_are_text_until_dedent() {
        let lines = highlight("data:\n  script: |\n    echo a: b\n    # not a comment\n  next: 1");
        assert_eq!(lines[2][1], (Tok::Str, "echo a: b"));
        assert_eq!(lines[3][1], (Tok::Str, "# not a comment"));
        assert_eq!(lines[4][1], (Tok::Key, "next"));
    }

    #[test]
    fn tokens_join_back_to_the_text() {
        let text = "a: 1\n  - b: \"x\" # c\n---\n\tweird: [1, 2]\n: lone\né: ü # ö\n'unterminated: x\n";
        let lines = highlight(text);
        let rebuilt: Vec<String> = lines.iter().map(|l| l.iter().map(|(_, s)| *s).collect()).collect();
        assert_eq!(rebuilt.join("\n"), text);
    }
}
