//! Splits a terminal line into words the way a POSIX shell does, so quoted
//! selectors (`-l 'app in (a,b)'`) and JSON patches (`-p '{"spec":…}'`)
//! reach kubectl intact. [`split_words`] knows only quoting, escaping and
//! comments; [`parse_pipeline`] is the terminal's small shell on top: `|`
//! between commands, `$NAME`, `${NAME}` and `$(…)` (expanded by the caller,
//! which runs the commands), here-documents (`<<WORD`, whose bodies follow
//! the line: [`heredocs`] finds them for every reader of multi-line text),
//! `> FILE` / `>> FILE` after the last command, and refuses the rest of
//! sh's syntax by name.
//! Globs stay literal text.

use thiserror::Error;

/// One word of a command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    /// Byte offset where the word starts in the line.
    pub start: usize,
    /// Whether any part of the word was quoted or escaped (so `'|'` is not a pipe).
    pub quoted: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShellError {
    /// Column is 1-based and counts characters, for pointing at the quote.
    #[error("unexpected end of line while looking for the matching {quote} (opened at column {column})")]
    UnterminatedQuote { quote: char, column: usize },
    /// bash's words for a misplaced operator.
    #[error("syntax error near unexpected token `{token}'")]
    UnexpectedToken { token: String },
    /// A line ending in `|`.
    #[error("syntax error: unexpected end of file")]
    UnexpectedEnd,
    /// Shell syntax the terminal does not have, named.
    #[error("(playground) {what} (column {column}) is not supported here: the terminal runs one command or pipeline per line (with |, $NAME, $(…) and NAME=value)")]
    Unsupported { what: &'static str, column: usize },
    /// An error in an unquoted here-document's body, at its 1-based line.
    #[error("here-document line {line}: {error}")]
    InHereDoc { line: usize, error: Box<ShellError> },
}

/// Splits `line` into words.
pub fn split_words(line: &str) -> Result<Vec<Word>, ShellError> {
    let mut words = Vec::new();
    let mut chars = line.char_indices().peekable();
    let column_of = |byte: usize| line[..byte].chars().count() + 1;
    loop {
        // Skip blanks between words.
        while let Some(&(_, c)) = chars.peek() {
            if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
                chars.next();
            } else {
                break;
            }
        }
        let Some(&(start, first)) = chars.peek() else { break };
        if first == '#' {
            // A comment runs to the end of the line.
            break;
        }
        let mut text = String::new();
        let mut quoted = false;
        while let Some(&(pos, c)) = chars.peek() {
            match c {
                ' ' | '\t' | '\n' | '\r' => break,
                '\'' => {
                    quoted = true;
                    chars.next();
                    loop {
                        match chars.next() {
                            Some((_, '\'')) => break,
                            Some((_, ch)) => text.push(ch),
                            None => return Err(ShellError::UnterminatedQuote { quote: '\'', column: column_of(pos) }),
                        }
                    }
                }
                '"' => {
                    quoted = true;
                    chars.next();
                    loop {
                        match chars.next() {
                            Some((_, '"')) => break,
                            Some((_, '\\')) => match chars.peek() {
                                // Inside double quotes a backslash only escapes these.
                                Some(&(_, e @ ('$' | '`' | '"' | '\\'))) => {
                                    text.push(e);
                                    chars.next();
                                }
                                Some(&(_, '\n')) => {
                                    chars.next();
                                }
                                _ => text.push('\\'),
                            },
                            Some((_, ch)) => text.push(ch),
                            None => return Err(ShellError::UnterminatedQuote { quote: '"', column: column_of(pos) }),
                        }
                    }
                }
                '\\' => {
                    quoted = true;
                    chars.next();
                    match chars.next() {
                        Some((_, '\n')) => {}
                        Some((_, e)) => text.push(e),
                        // A trailing backslash stays literal, as `sh -c 'echo a\'` prints it.
                        None => text.push('\\'),
                    }
                }
                _ => {
                    text.push(c);
                    chars.next();
                }
            }
        }
        words.push(Word { text, start, quoted });
    }
    Ok(words)
}

/// Splits `line` into plain strings.
pub fn split(line: &str) -> Result<Vec<String>, ShellError> {
    Ok(split_words(line)?.into_iter().map(|w| w.text).collect())
}

/// One piece of a word of a pipeline, before expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Text that stands for itself.
    Text { text: String, quoted: bool },
    /// `$NAME` or `${NAME}`.
    Var { name: String, quoted: bool },
    /// `$(…)`: the command line inside.
    Command { line: String, quoted: bool },
}

impl Part {
    fn quoted(&self) -> bool {
        match self {
            Part::Text { quoted, .. } | Part::Var { quoted, .. } | Part::Command { quoted, .. } => *quoted,
        }
    }
}

/// One word of a pipeline stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShellWord {
    pub parts: Vec<Part>,
    /// Byte offset where the word starts in the line.
    pub start: usize,
}

impl ShellWord {
    /// The word's text when nothing in it expands.
    pub fn literal(&self) -> Option<String> {
        let mut text = String::new();
        for p in &self.parts {
            match p {
                Part::Text { text: t, .. } => text.push_str(t),
                _ => return None,
            }
        }
        Some(text)
    }

    /// `NAME=value`: the name, and the value's parts. The name must be
    /// unquoted text, as sh requires.
    pub fn assignment(&self) -> Option<(String, Vec<Part>)> {
        let Some(Part::Text { text, quoted: false }) = self.parts.first() else { return None };
        let (name, value) = text.split_once('=')?;
        if !is_name(name) {
            return None;
        }
        let mut parts = Vec::with_capacity(self.parts.len());
        if !value.is_empty() {
            parts.push(Part::Text { text: value.to_string(), quoted: false });
        }
        parts.extend(self.parts[1..].iter().cloned());
        Some((name.to_string(), parts))
    }
}

/// A shell variable's name: a letter or `_`, then letters, digits, `_`.
pub fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A line's commands, in pipe order; each is its words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pipeline {
    pub stages: Vec<Vec<ShellWord>>,
    /// The here-documents the line opens, in order, each with the stage
    /// whose standard input it is.
    pub heredocs: Vec<(usize, HereDoc)>,
    /// `> FILE` or `>> FILE` (true) after the last stage: its stdout goes
    /// to the playground's files.
    pub output: Option<(ShellWord, bool)>,
}

impl Pipeline {
    /// One command whose words are plain text: what [`split_words`] would
    /// have made of the line, so it runs exactly as a line without a shell.
    pub fn is_plain(&self) -> bool {
        if !self.heredocs.is_empty() || self.output.is_some() {
            return false;
        }
        match self.stages.as_slice() {
            [] => true,
            [words] => words.iter().all(|w| w.parts.iter().all(|p| matches!(p, Part::Text { .. }))) && words.first().is_none_or(|w| w.assignment().is_none()),
            _ => false,
        }
    }
}

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
            '#' if starts => return,
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
fn read_delimiter(chars: &[(usize, char)]) -> (Option<String>, bool, usize) {
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

/// The parts of an unquoted here-document's body, as bash expands it:
/// `$NAME`, `${NAME}` and `$(…)`; a backslash escapes only `$`, `` ` ``,
/// `\` and a newline; quotes are plain text; nothing is split.
pub fn parse_heredoc_body(body: &str) -> Result<Vec<Part>, ShellError> {
    let mut sc = Scanner { line: body, chars: body.char_indices().collect(), i: 0 };
    sc.heredoc_body().map_err(|error| {
        let line = sc.chars[..sc.i.min(sc.chars.len())].iter().filter(|&&(_, c)| c == '\n').count() + 1;
        ShellError::InHereDoc { line, error: Box::new(error) }
    })
}

/// How deep `$(…)` may nest: deeper is refused rather than risking the stack.
const MAX_NESTING: usize = 16;

/// Parses `line` as the terminal's shell reads it.
pub fn parse_pipeline(line: &str) -> Result<Pipeline, ShellError> {
    let mut sc = Scanner { line, chars: line.char_indices().collect(), i: 0 };
    let pipeline = sc.pipeline(0)?;
    Ok(pipeline)
}

struct Scanner<'a> {
    line: &'a str,
    chars: Vec<(usize, char)>,
    i: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|&(_, c)| c)
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).map(|&(_, c)| c)
    }

    fn pos(&self) -> usize {
        self.chars.get(self.i).map_or(self.line.len(), |&(p, _)| p)
    }

    fn column(&self) -> usize {
        self.column_at(self.i)
    }

    /// 1-based, in characters, from the start of the line holding char `i`
    /// (a here-document's body spans lines).
    fn column_at(&self, i: usize) -> usize {
        let i = i.min(self.chars.len());
        i - self.chars[..i].iter().rposition(|&(_, c)| c == '\n').map_or(0, |n| n + 1) + 1
    }

    fn unsupported(&self, what: &'static str) -> ShellError {
        ShellError::Unsupported { what, column: self.column() }
    }

    /// Reads stages up to the end of the line, or (inside `$(…)`, `depth`
    /// above 0) up to the unquoted `)` that closes it, which is left unread.
    fn pipeline(&mut self, depth: usize) -> Result<Pipeline, ShellError> {
        let mut pipeline = Pipeline::default();
        let mut stage: Vec<ShellWord> = Vec::new();
        // Whether the stage has a here-document (`<<EOF | cat` is a stage).
        let mut redirected = false;
        loop {
            while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
                self.i += 1;
            }
            let Some(c) = self.peek() else { break };
            match c {
                '#' => {
                    if depth > 0 {
                        // A comment would swallow the closing parenthesis.
                        return Err(self.unsupported("a comment inside $(…)"));
                    }
                    break;
                }
                ')' if depth > 0 => break,
                '|' => {
                    if self.peek_at(1) == Some('|') {
                        return Err(self.unsupported("|| (run if the previous command failed)"));
                    }
                    if stage.is_empty() && !redirected {
                        return Err(ShellError::UnexpectedToken { token: "|".into() });
                    }
                    if pipeline.output.is_some() {
                        return Err(self.unsupported("a pipe after a redirection with >"));
                    }
                    self.i += 1;
                    pipeline.stages.push(std::mem::take(&mut stage));
                    redirected = false;
                    continue;
                }
                '>' if depth == 0 => {
                    if pipeline.output.is_some() {
                        return Err(self.unsupported("a second redirection with >"));
                    }
                    let append = self.peek_at(1) == Some('>');
                    self.i += 1 + usize::from(append);
                    if matches!(self.peek(), Some('&' | '|')) {
                        return Err(self.unsupported("redirection with >& or >|"));
                    }
                    while matches!(self.peek(), Some(' ' | '\t')) {
                        self.i += 1;
                    }
                    match self.peek() {
                        None | Some('\n' | '\r' | '#') => return Err(ShellError::UnexpectedToken { token: "newline".into() }),
                        Some(c @ ('|' | '>' | '<' | ';' | '&' | '(' | ')')) => return Err(ShellError::UnexpectedToken { token: c.to_string() }),
                        _ => {}
                    }
                    pipeline.output = Some((self.word(depth)?, append));
                    continue;
                }
                '<' if self.peek_at(1) == Some('<') => {
                    if self.peek_at(2) == Some('<') {
                        return Err(self.unsupported("a here-string <<<"));
                    }
                    if depth > 0 {
                        return Err(self.unsupported("a here-document inside $(…)"));
                    }
                    let doc = self.heredoc_operator()?;
                    pipeline.heredocs.push((pipeline.stages.len(), doc));
                    redirected = true;
                    continue;
                }
                _ => {}
            }
            stage.push(self.word(depth)?);
        }
        if !stage.is_empty() || redirected {
            pipeline.stages.push(stage);
        } else if !pipeline.stages.is_empty() {
            return Err(ShellError::UnexpectedEnd);
        }
        Ok(pipeline)
    }

    fn word(&mut self, depth: usize) -> Result<ShellWord, ShellError> {
        let start = self.pos();
        let mut parts: Vec<Part> = Vec::new();
        let mut text = String::new();
        // Flushes the literal text gathered so far as one part.
        fn flush(parts: &mut Vec<Part>, text: &mut String) {
            if !text.is_empty() {
                parts.push(Part::Text { text: std::mem::take(text), quoted: false });
            }
        }
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\n' | '\r' | '|' => break,
                ')' if depth > 0 => break,
                ';' => return Err(self.unsupported("; (a list of commands)")),
                '&' if self.peek_at(1) == Some('&') => return Err(self.unsupported("&& (run if the previous command succeeded)")),
                '&' => return Err(self.unsupported("& (a background job)")),
                // The here-document operator ends the word (`cat<<EOF`).
                '<' if self.peek_at(1) == Some('<') => break,
                // `2>`: a descriptor's number before the operator.
                '>' if parts.is_empty() && !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) => {
                    return Err(self.unsupported("redirection of another descriptor (2>, 2>&1)"))
                }
                '>' if depth == 0 => break,
                '>' | '<' => return Err(self.unsupported("redirection with < (or with > inside $(…))")),
                '`' => return Err(self.unsupported("`…` (use $(…) instead)")),
                '(' | ')' => return Err(ShellError::UnexpectedToken { token: c.to_string() }),
                '\'' => {
                    flush(&mut parts, &mut text);
                    let open = self.i;
                    self.i += 1;
                    let mut lit = String::new();
                    loop {
                        match self.peek() {
                            Some('\'') => break,
                            Some(ch) => lit.push(ch),
                            None => return Err(ShellError::UnterminatedQuote { quote: '\'', column: self.column_at(open) }),
                        }
                        self.i += 1;
                    }
                    self.i += 1;
                    parts.push(Part::Text { text: lit, quoted: true });
                }
                '"' => {
                    flush(&mut parts, &mut text);
                    self.double_quoted(depth, &mut parts)?;
                }
                '\\' => {
                    self.i += 1;
                    match self.peek() {
                        Some('\n') => self.i += 1,
                        Some(e) => {
                            flush(&mut parts, &mut text);
                            parts.push(Part::Text { text: e.to_string(), quoted: true });
                            self.i += 1;
                        }
                        // A trailing backslash stays literal, as `sh -c 'echo a\'` prints it.
                        None => {
                            flush(&mut parts, &mut text);
                            parts.push(Part::Text { text: "\\".into(), quoted: true });
                        }
                    }
                }
                '$' => match self.dollar(depth, false)? {
                    Some(part) => {
                        flush(&mut parts, &mut text);
                            parts.push(part);
                    }
                    None => {
                        text.push('$');
                    }
                },
                c => {
                    text.push(c);
                    self.i += 1;
                }
            }
        }
        flush(&mut parts, &mut text);
        Ok(ShellWord { parts, start })
    }

    /// `<<WORD` or `<<-WORD` at the cursor: the delimiter with its quotes
    /// removed, which bash takes literally (no `$` expansion).
    fn heredoc_operator(&mut self) -> Result<HereDoc, ShellError> {
        self.i += 2;
        let strip_tabs = self.peek() == Some('-');
        if strip_tabs {
            self.i += 1;
        }
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.i += 1;
        }
        let (delimiter, quoted, end) = read_delimiter(&self.chars[self.i..]);
        if end == 0 {
            let token = match self.peek() {
                None | Some('\n' | '\r') => "newline".to_string(),
                Some(c) if c == '<' || c == '>' => self.chars[self.i..].iter().take_while(|&&(_, ch)| ch == c).take(2).map(|&(_, ch)| ch).collect(),
                Some(c) => c.to_string(),
            };
            return Err(ShellError::UnexpectedToken { token });
        }
        if delimiter.is_none() {
            let quote = self.chars[self.i..].iter().map(|&(_, c)| c).find(|&c| c == '\'' || c == '"').unwrap_or('\'');
            return Err(ShellError::UnterminatedQuote { quote, column: self.column() });
        }
        self.i += end;
        Ok(HereDoc { delimiter: delimiter.unwrap_or_default(), strip_tabs, quoted })
    }

    fn heredoc_body(&mut self) -> Result<Vec<Part>, ShellError> {
        let mut parts = Vec::new();
        let mut text = String::new();
        while let Some(c) = self.peek() {
            match c {
                '\\' => {
                    self.i += 1;
                    match self.peek() {
                        Some(e @ ('$' | '`' | '\\')) => {
                            text.push(e);
                            self.i += 1;
                        }
                        Some('\n') => self.i += 1,
                        _ => text.push('\\'),
                    }
                }
                '`' => return Err(self.unsupported("`…` (use $(…) instead)")),
                '$' => match self.dollar(0, true)? {
                    Some(part) => {
                        if !text.is_empty() {
                            parts.push(Part::Text { text: std::mem::take(&mut text), quoted: true });
                        }
                        parts.push(part);
                    }
                    None => text.push('$'),
                },
                c => {
                    text.push(c);
                    self.i += 1;
                }
            }
        }
        if !text.is_empty() {
            parts.push(Part::Text { text, quoted: true });
        }
        Ok(parts)
    }

    /// A `"…"` string at the cursor: its text and expansions, all quoted.
    fn double_quoted(&mut self, depth: usize, parts: &mut Vec<Part>) -> Result<(), ShellError> {
        let open = self.i;
        self.i += 1;
        let mut text = String::new();
        let mut any = false;
        loop {
            let Some(c) = self.peek() else { return Err(ShellError::UnterminatedQuote { quote: '"', column: self.column_at(open) }) };
            match c {
                '"' => {
                    self.i += 1;
                    break;
                }
                '\\' => {
                    self.i += 1;
                    match self.peek() {
                        // Inside double quotes a backslash only escapes these.
                        Some(e @ ('$' | '`' | '"' | '\\')) => {
                            text.push(e);
                            self.i += 1;
                        }
                        Some('\n') => self.i += 1,
                        _ => text.push('\\'),
                    }
                }
                '`' => return Err(self.unsupported("`…` (use $(…) instead)")),
                '$' => match self.dollar(depth, true)? {
                    Some(part) => {
                        if !text.is_empty() {
                            parts.push(Part::Text { text: std::mem::take(&mut text), quoted: true });
                        }
                        parts.push(part);
                        any = true;
                    }
                    None => text.push('$'),
                },
                c => {
                    text.push(c);
                    self.i += 1;
                }
            }
        }
        if !text.is_empty() || !any {
            parts.push(Part::Text { text, quoted: true });
        }
        Ok(())
    }

    /// An expansion at the `$` under the cursor; None (the `$` consumed)
    /// when the `$` stands for itself.
    fn dollar(&mut self, depth: usize, quoted: bool) -> Result<Option<Part>, ShellError> {
        let at = self.i;
        self.i += 1;
        match self.peek() {
            Some('(') if self.peek_at(1) == Some('(') => Err(ShellError::Unsupported { what: "arithmetic $((…))", column: self.column_at(at) }),
            Some('(') => {
                if depth + 1 > MAX_NESTING {
                    return Err(ShellError::Unsupported { what: "$(…) nested this deep", column: self.column_at(at) });
                }
                self.i += 1;
                let from = self.pos();
                self.pipeline(depth + 1)?;
                if self.peek() != Some(')') {
                    return Err(ShellError::UnterminatedQuote { quote: ')', column: self.column_at(at) });
                }
                let line = self.line[from..self.pos()].to_string();
                self.i += 1;
                Ok(Some(Part::Command { line, quoted }))
            }
            Some('{') => {
                self.i += 1;
                let from = self.i;
                while self.peek().is_some_and(|c| c != '}') {
                    self.i += 1;
                }
                if self.peek().is_none() {
                    return Err(ShellError::UnterminatedQuote { quote: '}', column: self.column_at(at) });
                }
                let name: String = self.chars[from..self.i].iter().map(|&(_, c)| c).collect();
                self.i += 1;
                if !is_name(&name) {
                    return Err(ShellError::Unsupported { what: "${…} other than ${NAME}", column: self.column_at(at) });
                }
                Ok(Some(Part::Var { name, quoted }))
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                let mut name = String::new();
                while let Some(c) = self.peek().filter(|c| c.is_ascii_alphanumeric() || *c == '_') {
                    name.push(c);
                    self.i += 1;
                }
                Ok(Some(Part::Var { name, quoted }))
            }
            Some(c) if c.is_ascii_digit() || "?$#@*!-".contains(c) => {
                Err(ShellError::Unsupported { what: "special parameters ($?, $1, $$, …)", column: self.column_at(at) })
            }
            _ => Ok(None),
        }
    }
}

/// Expands words into fields: each part's value from `value` (a
/// variable's, or a command's output with its trailing newlines removed),
/// unquoted values split on blanks as sh's default `IFS` does.
pub fn expand<E>(words: &[ShellWord], value: &mut dyn FnMut(&Part) -> Result<String, E>) -> Result<Vec<String>, E> {
    let mut fields = Vec::new();
    for w in words {
        expand_word(&w.parts, true, value, &mut fields)?;
    }
    Ok(fields)
}

/// Expands one word's parts (an assignment's value: not split).
pub fn expand_parts<E>(parts: &[Part], split: bool, value: &mut dyn FnMut(&Part) -> Result<String, E>) -> Result<Vec<String>, E> {
    let mut fields = Vec::new();
    expand_word(parts, split, value, &mut fields)?;
    Ok(fields)
}

fn expand_word<E>(parts: &[Part], split: bool, value: &mut dyn FnMut(&Part) -> Result<String, E>, fields: &mut Vec<String>) -> Result<(), E> {
    let mut cur = String::new();
    let mut live = false;
    for part in parts {
        let text = match part {
            Part::Text { text, .. } => {
                cur.push_str(text);
                live = true;
                continue;
            }
            _ => value(part)?,
        };
        if part.quoted() || !split {
            cur.push_str(&text);
            live = true;
            continue;
        }
        for c in text.chars() {
            if matches!(c, ' ' | '\t' | '\n') {
                if live {
                    fields.push(std::mem::take(&mut cur));
                    live = false;
                }
            } else {
                cur.push(c);
                live = true;
            }
        }
    }
    if live || (!split && fields.is_empty()) {
        fields.push(cur);
    }
    Ok(())
}

/// Quotes `word` so that [`split_words`] reads it back as itself.
pub fn quote(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,@%+^{}[]".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// A playground-only hint when a line with a shell pipe reaches kubectl's
/// own parser, which runs one command: the terminal's shell
/// ([`parse_pipeline`]) splits pipelines before that.
pub fn pipe_hint(words: &[Word]) -> Option<String> {
    words
        .iter()
        .any(|w| !w.quoted && w.text == "|")
        .then(|| "(playground) a pipe needs the terminal's shell: kubectl's parser runs one command".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(line: &str) -> Vec<String> {
        split(line).unwrap()
    }

    // Expected words are what `sh -c 'for w in LINE; do …'` (dash) produces.
    #[test]
    fn splits_like_posix_sh() {
        assert_eq!(s("kubectl get pods"), ["kubectl", "get", "pods"]);
        assert_eq!(s("  a\t b  "), ["a", "b"]);
        assert_eq!(s("get pods -l 'app in (a,b)'"), ["get", "pods", "-l", "app in (a,b)"]);
        assert_eq!(s(r#"-p '{"spec":{"replicas":3}}'"#), ["-p", r#"{"spec":{"replicas":3}}"#]);
        assert_eq!(s(r#"-p "{\"a\":1}""#), ["-p", r#"{"a":1}"#]);
        assert_eq!(s(r#"a"b"'c'd"#), ["abcd"]);
        assert_eq!(s(r"a\ b"), ["a b"]);
        assert_eq!(s(r#""a\nb""#), [r"a\nb"]);
        assert_eq!(s(r#""a\$b\\c\"d""#), [r#"a$b\c"d"#]);
        assert_eq!(s(r"'a\b'"), [r"a\b"]);
        assert_eq!(s("'' x"), ["", "x"]);
        assert_eq!(s("a $HOME | b > c"), ["a", "$HOME", "|", "b", ">", "c"]);
        assert_eq!(s("get pods # all of them"), ["get", "pods"]);
        assert_eq!(s("a#b"), ["a#b"]);
        assert_eq!(s(r"a\"), [r"a\"]);
        assert_eq!(s("a\\\nb"), ["ab"]);
        assert!(s("").is_empty());
    }

    #[test]
    fn unterminated_quotes_are_located() {
        assert_eq!(split("get -l 'app=x"), Err(ShellError::UnterminatedQuote { quote: '\'', column: 8 }));
        assert_eq!(split(r#"x "abc"#).unwrap_err().to_string(), "unexpected end of line while looking for the matching \" (opened at column 3)");
    }

    fn stages(line: &str) -> Vec<Vec<String>> {
        let p = parse_pipeline(line).unwrap();
        let mut vars = |part: &Part| -> Result<String, ()> {
            Ok(match part {
                Part::Var { name, .. } => match name.as_str() {
                    "POD" => "web-1".into(),
                    "TWO" => " a  b ".into(),
                    _ => String::new(),
                },
                Part::Command { line, .. } => format!("<{line}>"),
                Part::Text { text, .. } => text.clone(),
            })
        };
        p.stages.iter().map(|s| expand(s, &mut vars).unwrap()).collect()
    }

    // Expected fields are what bash prints for `printf '[%s]' WORDS` with
    // POD=web-1 and TWO=' a  b ' (and $(…) standing for its own text).
    #[test]
    fn pipelines_split_and_expand_like_bash() {
        assert_eq!(stages("kubectl get pods | grep nginx"), [vec!["kubectl", "get", "pods"], vec!["grep", "nginx"]]);
        assert_eq!(stages("a|b|c"), [["a"], ["b"], ["c"]]);
        assert_eq!(stages("echo '|' \\| \"|\""), [["echo", "|", "|", "|"]]);
        assert_eq!(stages("echo $POD ${POD}x \"$POD\" '$POD' \\$POD"), [["echo", "web-1", "web-1x", "web-1", "$POD", "$POD"]]);
        assert_eq!(stages("echo $TWO"), [["echo", "a", "b"]]);
        assert_eq!(stages("echo \"$TWO\""), [["echo", " a  b "]]);
        assert_eq!(stages("echo x$TWO"), [["echo", "x", "a", "b"]]);
        assert_eq!(stages("echo $NOPE \"$NOPE\" ''"), [["echo", "", ""]]);
        assert_eq!(stages("echo $ a$ \"$\""), [["echo", "$", "a$", "$"]]);
        assert_eq!(stages("kubectl logs $(kubectl get pods -o name | head -1)"), [["kubectl", "logs", "<kubectl", "get", "pods", "-o", "name", "|", "head", "-1>"]]);
        assert_eq!(stages("echo \"$(echo \"a )\")\""), [["echo", "<echo \"a )\">"]]);
        assert_eq!(stages("echo $(echo $(echo x))"), [["echo", "<echo", "$(echo", "x)>"]]);
        assert_eq!(stages("kubectl get pods # | grep x"), [["kubectl", "get", "pods"]]);
        assert!(parse_pipeline("").unwrap().stages.is_empty());
    }

    #[test]
    fn assignments_and_plain_lines() {
        let p = parse_pipeline("POD=$(kubectl get pods)").unwrap();
        let (name, parts) = p.stages[0][0].assignment().unwrap();
        assert_eq!(name, "POD");
        assert_eq!(parts, [Part::Command { line: "kubectl get pods".into(), quoted: false }]);
        assert!(parse_pipeline("'A'=1").unwrap().stages[0][0].assignment().is_none());
        assert!(parse_pipeline("1A=1").unwrap().stages[0][0].assignment().is_none());
        assert!(parse_pipeline("kubectl get pods -l 'a in (b)'").unwrap().is_plain());
        assert!(!parse_pipeline("A=1").unwrap().is_plain());
        assert!(!parse_pipeline("kubectl logs $P").unwrap().is_plain());
        assert!(!parse_pipeline("a | b").unwrap().is_plain());
    }

    // bash's own errors for these lines are in the comments.
    #[test]
    fn refuses_the_rest_of_sh_by_name() {
        let err = |line: &str| parse_pipeline(line).unwrap_err().to_string();
        assert_eq!(err("a | | b"), "syntax error near unexpected token `|'");
        assert_eq!(err("| b"), "syntax error near unexpected token `|'");
        assert_eq!(err("a |"), "syntax error: unexpected end of file");
        assert_eq!(err("echo a(b"), "syntax error near unexpected token `('");
        assert!(err("kubectl get pods; ls").starts_with("(playground) ; (a list of commands) (column 17) is not supported"));
        assert!(err("a && b").contains("&&"));
        assert!(err("a || b").contains("||"));
        assert!(err("a < f").contains("redirection"));
        assert!(err("a 2> f").contains("another descriptor"));
        assert!(err("a > f | b").contains("pipe after"));
        assert!(err("a > f > g").contains("second"));
        assert!(err("a >& f").contains(">&"));
        assert!(err("echo $(a > f)").contains("redirection"));
        assert_eq!(err("a >"), "syntax error near unexpected token `newline'");
        assert_eq!(err("a > | b"), "syntax error near unexpected token `|'");
        let p = parse_pipeline("cat <<EOF >>./out.yaml").unwrap();
        assert_eq!(p.output.as_ref().map(|(w, append)| (w.literal(), *append)), Some((Some("./out.yaml".into()), true)));
        assert!(!p.is_plain());
        assert_eq!(stages("kubectl get pods>f x"), [["kubectl", "get", "pods", "x"]]);
        assert!(err("a &").contains("background"));
        assert!(err("echo `x`").contains("$(…)"));
        assert!(err("echo $((1+2))").contains("arithmetic"));
        assert!(err("echo ${X:-d}").contains("${NAME}"));
        assert!(err("echo $1").contains("special"));
        assert_eq!(parse_pipeline("echo $(a"), Err(ShellError::UnterminatedQuote { quote: ')', column: 6 }));
        assert_eq!(parse_pipeline("echo ${a"), Err(ShellError::UnterminatedQuote { quote: '}', column: 6 }));
        assert_eq!(parse_pipeline("x 'a"), Err(ShellError::UnterminatedQuote { quote: '\'', column: 3 }));
        let deep = "$(".repeat(100) + &")".repeat(100);
        assert!(err(&deep).contains("nested"));
    }

    fn delimiters(line: &str) -> Vec<String> {
        heredocs(line).into_iter().map(|d| d.delimiter).collect()
    }

    // The delimiters bash waits for after each line: checked by feeding
    // `LINE`, then `body` and each delimiter line, to `bash -n` (5.2),
    // which warns when a here-document is left open and is silent when
    // one is closed by a line it did not expect.
    #[test]
    fn heredoc_markers_are_found_where_bash_finds_them() {
        let cases: &[(&str, &[&str])] = &[
            ("cat <<EOF | kubectl apply -f -", &["EOF"]),
            ("kubectl apply -f - <<'EOF'", &["EOF"]),
            ("kubectl apply -f - <<\"EOF\"", &["EOF"]),
            ("cat <<-EOF", &["EOF"]),
            ("cat<<EOF>f", &["EOF"]),
            ("cat << EOF", &["EOF"]),
            ("cat <<E\\OF", &["EOF"]),
            ("cat <<'E O'", &["E O"]),
            ("cat <<\"$X\"", &["$X"]),
            ("cat <<E\"O\"F", &["EOF"]),
            ("kubectl create -f- <<EOF", &["EOF"]),
            ("cat <<EOF|cat", &["EOF"]),
            ("cat <<A <<B", &["A", "B"]),
            ("cat <<A | cat <<-B", &["A", "B"]),
            ("cat <<EOF; echo done", &["EOF"]),
            ("cat <<EOF && echo \"<<X\"", &["EOF"]),
            ("echo a#<<EOF", &["EOF"]),
            ("echo \"[$(cat <<EOF)]\"", &["EOF"]),
            ("echo '<<EOF'", &[]),
            ("echo \"<<EOF\"", &[]),
            ("echo \\<<EOF", &[]),
            ("echo a # <<EOF", &[]),
            ("echo $((1<<2))", &[]),
            ("cat <<<EOF", &[]),
            ("x=`cat <<EOF`", &[]),
            ("cat <<", &[]),
            ("kubectl get pods", &[]),
        ];
        for (line, want) in cases {
            assert_eq!(delimiters(line), *want, "{line}");
        }
        let d = &heredocs("cat <<-'EOF' | x")[0];
        assert!(d.strip_tabs && d.quoted);
        let d = &heredocs("cat <<EOF")[0];
        assert!(!d.strip_tabs && !d.quoted);
        assert!(heredocs("cat <<E\\OF")[0].quoted);
        // Deep nesting neither overflows the stack nor finds anything.
        assert!(heredocs(&format!("{}<<EOF", "$(".repeat(100_000))).is_empty());
    }

    #[test]
    fn heredoc_bodies_end_at_their_delimiter_lines() {
        let docs = heredocs("cat <<A | cat <<-B");
        let read = read_heredocs(&docs, &["a1", "A ", "A", "\tb1", "\t\tB", "next"]);
        assert_eq!(read.bodies, ["a1\nA \n", "b1\n"]);
        assert_eq!(read.lines, 5);
        assert_eq!(read.unclosed, None);
        let read = read_heredocs(&docs, &["a1", "A", "b1"]);
        assert_eq!(read.unclosed.as_deref(), Some("B"));
        assert_eq!(read.lines, 3);
    }

    #[test]
    fn pipelines_attach_heredocs_to_their_stage() {
        let p = parse_pipeline("cat <<EOF | kubectl apply -f -").unwrap();
        assert_eq!(p.stages.len(), 2);
        assert_eq!(p.heredocs, [(0, HereDoc { delimiter: "EOF".into(), strip_tabs: false, quoted: false })]);
        assert!(!p.is_plain());
        let p = parse_pipeline("kubectl apply -f - <<'EOF'").unwrap();
        assert_eq!(p.stages[0].len(), 4);
        assert!(p.heredocs[0].1.quoted);
        assert_eq!(parse_pipeline("cat<<EOF").unwrap().stages[0].len(), 1);
        assert_eq!(parse_pipeline("echo x | <<EOF cat").unwrap().heredocs[0].0, 1);
        let err = |line: &str| parse_pipeline(line).unwrap_err().to_string();
        // bash: syntax error near unexpected token `newline' / `|'
        assert_eq!(err("cat <<"), "syntax error near unexpected token `newline'");
        assert_eq!(err("cat << | x"), "syntax error near unexpected token `|'");
        assert!(err("cat <<<x").contains("here-string"));
        assert!(err("echo $(cat <<EOF)").contains("inside $(…)"));
        assert_eq!(parse_pipeline("cat <<'EOF"), Err(ShellError::UnterminatedQuote { quote: '\'', column: 7 }));
    }

    fn body(text: &str) -> String {
        let parts = parse_heredoc_body(text).unwrap();
        let mut value = |p: &Part| -> Result<String, ()> {
            Ok(match p {
                Part::Var { name, .. } if name == "N" => "a  b".into(),
                Part::Var { .. } => String::new(),
                Part::Command { line, .. } => format!("<{line}>"),
                Part::Text { text, .. } => text.clone(),
            })
        };
        expand_parts(&parts, false, &mut value).unwrap().concat()
    }

    // Expected texts are what bash prints for `N='a  b' ; cat <<EOF` over
    // the same body ($(…) standing for its own text).
    #[test]
    fn unquoted_heredoc_bodies_expand_like_bash() {
        assert_eq!(body("name: $N\n"), "name: a  b\n");
        assert_eq!(body("x: ${N}-1 $NOPE.\n"), "x: a  b-1 .\n");
        assert_eq!(body("'$N' \"$N\"\n"), "'a  b' \"a  b\"\n");
        assert_eq!(body("\\$N \\\\ \\n \\\" $ a$\n"), "$N \\ \\n \\\" $ a$\n");
        assert_eq!(body("one \\\ntwo\n"), "one two\n");
        assert_eq!(body("node: $(kubectl get nodes -o name | head -1)\n"), "node: <kubectl get nodes -o name | head -1>\n");
        let err = parse_heredoc_body("ok\n`date`\n").unwrap_err().to_string();
        assert!(err.starts_with("here-document line 2: (playground) `…`"), "{err}");
        assert!(err.contains("(column 1)"), "{err}");
        assert!(parse_heredoc_body("a: $((1+2))\n").unwrap_err().to_string().contains("arithmetic $((…)) (column 4)"));
    }

    #[test]
    fn quoted_words_read_back_as_themselves() {
        for w in ["a", "", "a b", "it's", "$x", "#c", "{.items[0]}", "a\\b", "|"] {
            assert_eq!(split(&quote(w)).unwrap(), [w], "{w:?}");
        }
    }

    #[test]
    fn pipe_hint_only_for_bare_pipes() {
        assert!(pipe_hint(&split_words("kubectl get pods | grep x").unwrap()).is_some());
        assert!(pipe_hint(&split_words("kubectl get pods '|'").unwrap()).is_none());
        assert!(pipe_hint(&split_words("kubectl get pods a|b").unwrap()).is_none());
    }
}
