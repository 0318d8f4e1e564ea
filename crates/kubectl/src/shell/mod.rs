//! Splits a terminal line into words the way a POSIX shell does, so quoted
//! selectors (`-l 'app in (a,b)'`) and JSON patches (`-p '{"spec":…}'`)
//! reach kubectl intact. [`split_words`] knows only quoting, escaping and
//! comments; [`parse_list`] is the terminal's small shell on top: lists
//! and compound commands ([`List`], [`Command`]), and in each pipeline `|`
//! between commands, `$NAME`, `${NAME}`, `${NAME:-word}`, `${#NAME}`,
//! `${NAME%pattern}` and its kin (trimmed by [`pattern::trim`]), `~`
//! (`${HOME-/root}`, at a word's start or after an assignment's `=` or
//! `:`), `$?`, `$((…))` ([`arith`] evaluates it) and `$(…)` or `` `…` `` (expanded by
//! the caller, which runs the commands), brace expansion ([`brace`], as
//! words are read), here-documents (`<<WORD`, whose bodies follow
//! the line: [`heredocs`] finds them for every reader of multi-line text),
//! `> FILE` / `>> FILE` after the last command; it refuses the rest of
//! sh's syntax by name. Globs stay literal text.

use thiserror::Error;

pub mod arith;
pub mod brace;
mod heredoc;
mod lines;
mod functions;
mod list;
pub mod pattern;

pub use heredoc::{heredocs, read_heredocs, HereDoc, HereDocBodies};
use heredoc::read_delimiter;
pub use lines::{read_command, read_text, CommandReader, Incomplete};

pub use list::{parse_list, AndOr, Command, Item, List};

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
    /// Column is 1-based and counts characters, where the quote opened;
    /// bash's message names only the quote.
    #[error("unexpected EOF while looking for matching `{quote}'")]
    UnterminatedQuote { quote: char, column: usize },
    /// bash's words for a misplaced operator.
    #[error("syntax error near unexpected token `{token}'")]
    UnexpectedToken { token: String },
    /// A line ending in `|`.
    #[error("syntax error: unexpected end of file")]
    UnexpectedEnd,
    /// Shell syntax the terminal does not have, named.
    #[error("(playground) {what} (column {column}) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, {{ …; }}, ( … ), $NAME, ${{NAME:-word}}, $(…), $((…)) and NAME=value")]
    Unsupported { what: &'static str, column: usize },
    /// A `for`, `if` or `while` whose closing word never came (the
    /// readers of lines wait for it: this is the end of the input).
    #[error("syntax error: unexpected end of file")]
    Unclosed { column: usize },
    /// `while true`: refused rather than run up to the loop cap.
    #[error("(playground) this loop (column {column}) would never end and would stop the page: use kubectl get -w or kubectl wait, or a for loop with sleep (for i in $(seq 10); do …; sleep 5; done)")]
    Endless { column: usize },
    /// `for 1 in …`: bash's words.
    #[error("`{word}': not a valid identifier")]
    NotAnIdentifier { word: String },
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
    /// `$((…))`: the expression's text, expanded and evaluated on use.
    Arith { expr: String, quoted: bool },
    /// `${#NAME}`: the value's length in characters.
    Length { name: String, quoted: bool },
    /// `${NAME:-word}` and its kin: `word`'s parts, used (or assigned)
    /// per `op`.
    Param { name: String, op: ParamOp, word: Vec<Part>, quoted: bool },
}

/// The operator of `${NAME<op>word}`; `colon` (`:-` rather than `-`)
/// treats an empty value as unset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamOp {
    pub colon: bool,
    pub kind: ParamKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `-`: the word when unset.
    Default,
    /// `=`: the word when unset, also assigned.
    Assign,
    /// `+`: the word when set.
    Alternative,
    /// `%`, `%%`, `#` and `##`: the value without what the word, as a
    /// pattern, matches at one end.
    Trim(pattern::Trim),
}

impl Part {
    pub fn quoted(&self) -> bool {
        match self {
            Part::Text { quoted, .. }
            | Part::Var { quoted, .. }
            | Part::Command { quoted, .. }
            | Part::Arith { quoted, .. }
            | Part::Length { quoted, .. }
            | Part::Param { quoted, .. } => *quoted,
        }
    }

    /// The part as it was written (for bash's messages that quote a word).
    pub fn source(&self) -> String {
        match self {
            Part::Text { text, .. } => text.clone(),
            Part::Var { name, .. } => format!("${name}"),
            Part::Command { line, .. } => format!("$({line})"),
            Part::Arith { expr, .. } => format!("$(({expr}))"),
            Part::Length { name, .. } => format!("${{#{name}}}"),
            Part::Param { name, op, word, .. } => {
                let sign = match op.kind {
                    ParamKind::Default => "-",
                    ParamKind::Assign => "=",
                    ParamKind::Alternative => "+",
                    ParamKind::Trim(pattern::Trim::SmallestPrefix) => "#",
                    ParamKind::Trim(pattern::Trim::LargestPrefix) => "##",
                    ParamKind::Trim(pattern::Trim::SmallestSuffix) => "%",
                    ParamKind::Trim(pattern::Trim::LargestSuffix) => "%%",
                };
                let colon = if op.colon { ":" } else { "" };
                format!("${{{name}{colon}{sign}{}}}", word.iter().map(Part::source).collect::<String>())
            }
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
    /// How many here-documents the line opens before this pipeline's
    /// (their bodies follow the line in order).
    pub first_heredoc: usize,
    /// `2>/dev/null` (false) and `2>&1` (true), each with its stage.
    pub stderr: Vec<(usize, bool)>,
    /// The stages whose stdout `1>&2` (or `>&2`) sends to stderr.
    pub stdout_to_stderr: Vec<usize>,
    /// A word was brace-expanded (`nginx{1..3}`): the words differ from
    /// the line's.
    pub braced: bool,
}

impl Pipeline {
    /// One command whose words are plain text: what [`split_words`] would
    /// have made of the line, so it runs exactly as a line without a shell.
    pub fn is_plain(&self) -> bool {
        if self.braced || !self.heredocs.is_empty() || self.output.is_some() || !self.stderr.is_empty() || !self.stdout_to_stderr.is_empty() {
            return false;
        }
        match self.stages.as_slice() {
            [] => true,
            [words] => words.iter().all(|w| w.parts.iter().all(|p| matches!(p, Part::Text { .. }))) && words.first().is_none_or(|w| w.assignment().is_none()),
            _ => false,
        }
    }
}

/// The parts of an unquoted here-document's body, as bash expands it:
/// `$NAME`, `${NAME}` and `$(…)`; a backslash escapes only `$`, `` ` ``,
/// `\` and a newline; quotes are plain text; nothing is split.
pub fn parse_heredoc_body(body: &str) -> Result<Vec<Part>, ShellError> {
    let mut sc = Scanner::new(body);
    sc.heredoc_body().map_err(|error| {
        let line = sc.chars[..sc.i.min(sc.chars.len())].iter().filter(|&&(_, c)| c == '\n').count() + 1;
        ShellError::InHereDoc { line, error: Box::new(error) }
    })
}

/// How deep `$(…)` may nest: deeper is refused rather than risking the stack.
const MAX_NESTING: usize = 16;

/// Parses `line` as one pipeline (see [`parse_list`] for the whole of
/// the terminal's shell).
pub fn parse_pipeline(line: &str) -> Result<Pipeline, ShellError> {
    let mut list = parse_list(line)?;
    if list.items.is_empty() {
        return Ok(Pipeline::default());
    }
    if list.simple().is_none() {
        return Err(ShellError::Unsupported { what: "a list of commands", column: 1 });
    }
    match list.items.pop().map(|a| a.first.command) {
        Some(Command::Pipeline(p)) => Ok(p),
        _ => Ok(Pipeline::default()),
    }
}

struct Scanner<'a> {
    line: &'a str,
    chars: Vec<(usize, char)>,
    i: usize,
    /// Here-documents opened so far (outside `$(…)`).
    docs: usize,
    /// Compound commands open around the cursor.
    compound: usize,
    /// The column of the innermost one's first word.
    opened: usize,
}

impl<'a> Scanner<'a> {
    fn new(line: &'a str) -> Scanner<'a> {
        Scanner { line, chars: line.char_indices().collect(), i: 0, docs: 0, compound: 0, opened: 1 }
    }

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
        let mut pipeline = Pipeline { first_heredoc: self.docs, ..Pipeline::default() };
        let mut stage: Vec<ShellWord> = Vec::new();
        // Whether the stage has a here-document (`<<EOF | cat` is a stage).
        let mut redirected = false;
        // After a `|`, newlines are blanks; elsewhere they end the pipeline.
        let mut piped = false;
        loop {
            while matches!(self.peek(), Some(' ' | '\t' | '\r')) || (piped && self.peek() == Some('\n')) {
                self.i += 1;
            }
            if piped {
                if let Some(k) = self.keyword().filter(|k| *k != "!" && *k != "in") {
                    return Err(self.compound_in_pipe(k));
                }
            }
            piped = false;
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
                // bash's `&> FILE` and `&>> FILE`: `> FILE 2>&1` in one.
                '&' if depth == 0 && self.peek_at(1) == Some('>') => {
                    if pipeline.output.is_some() {
                        return Err(self.unsupported("a second redirection with >"));
                    }
                    let append = self.peek_at(2) == Some('>');
                    self.i += 2 + usize::from(append);
                    pipeline.output = Some((self.redirection_target(depth)?, append));
                    pipeline.stderr.push((pipeline.stages.len(), true));
                    continue;
                }
                ';' | '&' | '\n' => break,
                '|' => {
                    if self.peek_at(1) == Some('|') || (!stage.is_empty() && self.compound_follows()) {
                        // `a | for …`: the list's reader chains them.
                        break;
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
                    piped = true;
                    continue;
                }
                '1' | '>' if depth == 0 && self.stdout_to_stderr_ahead() => {
                    self.i += if c == '1' { 4 } else { 3 };
                    pipeline.stdout_to_stderr.push(pipeline.stages.len());
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
                    pipeline.output = Some((self.redirection_target(depth)?, append));
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
                    self.docs += 1;
                    pipeline.heredocs.push((pipeline.stages.len(), doc));
                    redirected = true;
                    continue;
                }
                _ => {}
            }
            if c == '2' && self.peek_at(1) == Some('>') {
                let to_stdout = self.stderr_redirection(depth)?;
                pipeline.stderr.push((pipeline.stages.len(), to_stdout));
                continue;
            }
            let at = self.column();
            let word = self.word(depth)?;
            // The assignments before a command are not brace-expanded.
            if stage.iter().all(|w| w.assignment().is_some()) && word.assignment().is_some() {
                stage.push(word);
                continue;
            }
            match brace::expand(&word) {
                Ok(None) => stage.push(word),
                // Many words each under the limit must not add up past it.
                Ok(Some(words)) if stage.len() + words.len() <= brace::MAX_WORDS => {
                    pipeline.braced = true;
                    stage.extend(words);
                }
                Ok(Some(_)) | Err(brace::TooMany) => return Err(ShellError::Unsupported { what: "a brace expansion to more than 10000 words", column: at }),
            }
        }
        if !stage.is_empty() || redirected {
            pipeline.stages.push(stage);
        } else if !pipeline.stages.is_empty() {
            return Err(match self.operator() {
                Some(token) => ShellError::UnexpectedToken { token: token.to_string() },
                None => ShellError::UnexpectedEnd,
            });
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
                ' ' | '\t' | '\n' | '\r' | '|' | ';' | '&' => break,
                ')' if depth > 0 => break,
                // The here-document operator ends the word (`cat<<EOF`).
                '<' if self.peek_at(1) == Some('<') => break,
                // `2>`: a descriptor's number before the operator.
                '>' if parts.is_empty() && !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) => {
                    return Err(self.unsupported("redirection of another descriptor (1>, 3>, …)"))
                }
                '>' if depth == 0 => break,
                '>' | '<' => return Err(self.unsupported("redirection with < (or with > inside $(…))")),
                '`' => {
                    flush(&mut parts, &mut text);
                    parts.push(self.backquoted(depth, false)?);
                }
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
                '~' if self.tilde_prefix(&parts, &text) => {
                    flush(&mut parts, &mut text);
                    parts.push(home());
                    self.i += 1;
                }
                c => {
                    text.push(c);
                    self.i += 1;
                }
            }
        }
        flush(&mut parts, &mut text);
        Ok(ShellWord { parts, start })
    }

    /// Whether the `~` at the cursor is a tilde-prefix bash expands: alone
    /// or before `/` at the word's start, or in an assignment after its
    /// `=` or a `:` (`KUBECONFIG=~/a:~/b`).
    fn tilde_prefix(&self, parts: &[Part], text: &str) -> bool {
        let next = self.peek_at(1);
        let ends = |extra: char| matches!(next, None | Some(' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | '<' | '>' | ')' | '/')) || next == Some(extra);
        if parts.is_empty() && text.is_empty() {
            return ends('/');
        }
        // The assignment's name is the word's first text, unquoted.
        let first = match parts.first() {
            Some(Part::Text { text, quoted: false }) => text.as_str(),
            Some(_) => return false,
            None => text,
        };
        let assignment = first.split_once('=').is_some_and(|(name, _)| is_name(name));
        assignment && (text.ends_with(':') || (parts.is_empty() && text.ends_with('=') && text.find('=') == Some(text.len() - 1))) && ends(':')
    }

    /// The word a redirection names, after its blanks; bash's syntax
    /// error when the line ends or an operator stands there instead.
    fn redirection_target(&mut self, depth: usize) -> Result<ShellWord, ShellError> {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.i += 1;
        }
        match self.peek() {
            None | Some('\n' | '\r' | '#') => Err(ShellError::UnexpectedToken { token: "newline".into() }),
            Some(c @ ('|' | '>' | '<' | ';' | '&' | '(' | ')')) => Err(ShellError::UnexpectedToken { token: c.to_string() }),
            _ => self.word(depth),
        }
    }

    /// `2>/dev/null` or `2>&1` at the cursor: whether stderr joins stdout
    /// (else it is dropped). Other targets are refused by name.
    /// Whether `1>&2` or `>&2`, alone as a word, starts at the cursor.
    fn stdout_to_stderr_ahead(&self) -> bool {
        let skip = usize::from(self.peek() == Some('1'));
        let ends = |k: usize| matches!(self.peek_at(k), None | Some(' ' | '\t' | '\r' | '\n' | ';' | '&' | '|'));
        self.peek_at(skip) == Some('>') && self.peek_at(skip + 1) == Some('&') && self.peek_at(skip + 2) == Some('2') && ends(skip + 3)
    }

    fn stderr_redirection(&mut self, depth: usize) -> Result<bool, ShellError> {
        let column = self.column();
        self.i += 2;
        let refused = ShellError::Unsupported { what: "redirection of stderr other than 2>/dev/null and 2>&1", column };
        if self.peek() == Some('&') {
            self.i += 1;
            let target = self.word(depth)?;
            return if target.literal().as_deref() == Some("1") { Ok(true) } else { Err(refused) };
        }
        if self.peek() == Some('>') {
            return Err(refused);
        }
        let target = self.redirection_target(depth)?;
        if target.literal().as_deref() == Some("/dev/null") {
            Ok(false)
        } else {
            Err(refused)
        }
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
                '`' => {
                    if !text.is_empty() {
                        parts.push(Part::Text { text: std::mem::take(&mut text), quoted: true });
                    }
                    parts.push(self.backquoted(0, true)?);
                }
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
                '`' => {
                    if !text.is_empty() {
                        parts.push(Part::Text { text: std::mem::take(&mut text), quoted: true });
                    }
                    parts.push(self.backquoted(depth, true)?);
                    any = true;
                }
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

    /// `` `…` `` at the cursor: the command inside, as `$(…)` holds it.
    /// There a backslash escapes only `$`, `` ` `` and `\\` (and `"`
    /// inside double quotes), so `` \` `` nests one inside another.
    fn backquoted(&mut self, depth: usize, quoted: bool) -> Result<Part, ShellError> {
        let at = self.i;
        if depth + 1 > MAX_NESTING {
            return Err(ShellError::Unsupported { what: "`…` nested this deep", column: self.column_at(at) });
        }
        self.i += 1;
        let mut line = String::new();
        loop {
            match self.peek() {
                None => return Err(ShellError::UnterminatedQuote { quote: '`', column: self.column_at(at) }),
                Some('`') => break,
                Some('\\') => match self.peek_at(1) {
                    Some(e @ ('$' | '`' | '\\')) => {
                        line.push(e);
                        self.i += 1;
                    }
                    Some('"') if quoted => {
                        line.push('"');
                        self.i += 1;
                    }
                    _ => line.push('\\'),
                },
                Some(c) => line.push(c),
            }
            self.i += 1;
        }
        self.i += 1;
        // Read now as `$(…)` reads its inside, for the same errors.
        let mut inner = Scanner::new(&line);
        inner.list(depth + 1, &[])?;
        if let Some(c) = inner.peek() {
            return Err(ShellError::UnexpectedToken { token: c.to_string() });
        }
        Ok(Part::Command { line, quoted })
    }

    /// An expansion at the `$` under the cursor; None (the `$` consumed)
    /// when the `$` stands for itself.
    fn dollar(&mut self, depth: usize, quoted: bool) -> Result<Option<Part>, ShellError> {
        let at = self.i;
        self.i += 1;
        match self.peek() {
            Some('(') if self.peek_at(1) == Some('(') => {
                self.i += 2;
                let from = self.pos();
                let mut open = 0usize;
                loop {
                    match self.peek() {
                        None => return Err(ShellError::UnterminatedQuote { quote: ')', column: self.column_at(at) }),
                        Some('(') => open += 1,
                        Some(')') if open > 0 => open -= 1,
                        Some(')') => {
                            if self.peek_at(1) != Some(')') {
                                return Err(ShellError::Unsupported { what: "$((…)) closed by a single )", column: self.column_at(at) });
                            }
                            let expr = self.line[from..self.pos()].to_string();
                            self.i += 2;
                            return Ok(Some(Part::Arith { expr, quoted }));
                        }
                        Some(_) => {}
                    }
                    self.i += 1;
                }
            }
            Some('(') => {
                if depth + 1 > MAX_NESTING {
                    return Err(ShellError::Unsupported { what: "$(…) nested this deep", column: self.column_at(at) });
                }
                self.i += 1;
                let from = self.pos();
                self.list(depth + 1, &[])?;
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
                // The closing brace: the first outside quotes and inner `${…}`.
                let (mut nested, mut quote) = (0usize, None);
                loop {
                    match (self.peek(), quote) {
                        (None, _) => return Err(ShellError::UnterminatedQuote { quote: '}', column: self.column_at(at) }),
                        (Some('\\'), _) => self.i += 1,
                        (Some(c), Some(q)) if c == q => quote = None,
                        (Some(_), Some(_)) => {}
                        (Some(c @ ('\'' | '"')), None) => quote = Some(c),
                        (Some('$'), None) if self.peek_at(1) == Some('{') => {
                            nested += 1;
                            // Each level is scanned again by a recursive
                            // call: thousands would exhaust the stack.
                            if depth + nested > MAX_NESTING {
                                return Err(ShellError::Unsupported { what: "${…} nested this deep", column: self.column_at(at) });
                            }
                            self.i += 1;
                        }
                        (Some('}'), None) if nested == 0 => break,
                        (Some('}'), None) => nested -= 1,
                        _ => {}
                    }
                    self.i += 1;
                }
                let inner: String = self.chars[from..self.i].iter().map(|&(_, c)| c).collect();
                self.i += 1;
                let column = self.column_at(at);
                // bash's "bad substitution"; kubernetes.io's cheat sheet
                // has zsh's `${$(…)%?}`.
                let what = if inner.starts_with("$(") {
                    "zsh's ${$(…)…}, a command's output trimmed in place,"
                } else {
                    "${…} other than ${NAME}, ${#NAME}, ${NAME:-word} and ${NAME%pattern}"
                };
                braced(&inner, quoted).map(Some).ok_or(ShellError::Unsupported { what, column })
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                let mut name = String::new();
                while let Some(c) = self.peek().filter(|c| c.is_ascii_alphanumeric() || *c == '_') {
                    name.push(c);
                    self.i += 1;
                }
                Ok(Some(Part::Var { name, quoted }))
            }
            Some('?') => {
                self.i += 1;
                Ok(Some(Part::Var { name: "?".into(), quoted }))
            }
            // A function's arguments (none outside one).
            Some(c) if c.is_ascii_digit() || "#@*".contains(c) => {
                self.i += 1;
                Ok(Some(Part::Var { name: c.to_string(), quoted }))
            }
            Some(c) if "$!-".contains(c) => {
                Err(ShellError::Unsupported { what: "special parameters ($1, $$, $#, …)", column: self.column_at(at) })
            }
            _ => Ok(None),
        }
    }
}

/// What a tilde-prefix stands for: `$HOME`, or root's home when HOME is
/// unset (`${HOME-/root}`), never split into fields.
fn home() -> Part {
    let word = vec![Part::Text { text: "/root".into(), quoted: true }];
    Part::Param { name: "HOME".into(), op: ParamOp { colon: false, kind: ParamKind::Default }, word, quoted: true }
}

/// The expansion `${INNER}` stands for; None for forms the shell lacks.
fn braced(inner: &str, quoted: bool) -> Option<Part> {
    if matches!(inner, "?" | "#" | "@" | "*") {
        return Some(Part::Var { name: inner.into(), quoted });
    }
    if let Some(name) = inner.strip_prefix('#').filter(|n| is_name(n)) {
        return Some(Part::Length { name: name.into(), quoted });
    }
    let end = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(inner.len());
    let (name, rest) = inner.split_at(end);
    // `${1}`, `${10:-x}`: a function's arguments.
    let positional = !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit());
    if !is_name(name) && !positional {
        return None;
    }
    if rest.is_empty() {
        return Some(Part::Var { name: name.into(), quoted });
    }
    let (colon, rest) = match rest.strip_prefix(':') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let trims = [("##", pattern::Trim::LargestPrefix), ("#", pattern::Trim::SmallestPrefix), ("%%", pattern::Trim::LargestSuffix), ("%", pattern::Trim::SmallestSuffix)];
    let (kind, word) = match trims.iter().find_map(|&(sign, how)| Some((how, rest.strip_prefix(sign)?))) {
        // `${NAME:%x}` is bash's "bad substitution".
        Some(_) if colon => return None,
        Some((how, word)) => (ParamKind::Trim(how), word),
        None => {
            let mut chars = rest.chars();
            let kind = match chars.next()? {
                '-' => ParamKind::Default,
                '=' => ParamKind::Assign,
                '+' => ParamKind::Alternative,
                _ => return None,
            };
            (kind, chars.as_str())
        }
    };
    let word = param_word(word).ok()?;
    Some(Part::Param { name: name.into(), op: ParamOp { colon, kind }, word, quoted })
}

/// The word of `${NAME:-word}`: quotes and expansions as in a word, its
/// blanks kept (they split later, when the expansion is unquoted).
fn param_word(text: &str) -> Result<Vec<Part>, ShellError> {
    let mut sc = Scanner::new(text);
    let mut parts = Vec::new();
    while let Some(c) = sc.peek() {
        if matches!(c, ' ' | '\t' | '\n' | '|' | ';' | '&' | '<' | '>' | '(' | ')') {
            parts.push(Part::Text { text: c.to_string(), quoted: false });
            sc.i += 1;
            continue;
        }
        let before = sc.i;
        parts.extend(sc.word(1)?.parts);
        if sc.i == before {
            return Err(ShellError::UnexpectedToken { token: c.to_string() });
        }
    }
    Ok(parts)
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
            // `"$@"`: each argument a field of its own (the value puts a
            // NUL before each, as no argument holds one).
            Part::Var { name, quoted } if name == "@" => {
                let text = value(part)?;
                if *quoted && split {
                    let mut args = text.split('\0').skip(1);
                    if let Some(first) = args.next() {
                        cur.push_str(first);
                        live = true;
                        for arg in args {
                            fields.push(std::mem::take(&mut cur));
                            cur.push_str(arg);
                        }
                    }
                    continue;
                }
                text.split('\0').skip(1).collect::<Vec<_>>().join(" ")
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
    if !word.is_empty() && word.chars().all(safe) && !brace::expands(word) {
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
mod tests;
