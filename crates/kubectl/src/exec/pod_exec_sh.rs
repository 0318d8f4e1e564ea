//! The scripts `kubectl exec POD -- sh -c '…'` can answer: simple
//! commands and pipelines joined by `;`, newlines, `&&` and `||`, with redirections
//! (`>`, `>>`, `2>`, `2>&1`, `<`) and the expansions the docs' one-liners
//! use (`$VAR`, `${VAR}`, `$?`, `$(command)`, `` `command` ``, `$((…))`), quoting
//! kept apart from expansion so `'$(hostname)'` stays literal. Words are
//! parsed once and expanded as each command runs, so a substitution sees
//! the files the commands before it wrote; `|` joins commands into
//! pipelines. `if`, `while`, `until` and `for`, variable assignments and
//! bash's arrays (`NAME=(…)`, `${NAME[$I]}`) are parsed too, and so are
//! `case`, `{ …; }`, `( … )` and function definitions ([`compound`]);
//! background jobs are refused by the caller with a playground note, as
//! is a malformed compound command (rather than guessing the shell's
//! message).

#[path = "pod_exec_sh_compound.rs"]
mod compound;

/// One piece of a word, as quoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Text, quoted or not (globbing is not simulated).
    Lit(String),
    /// `$NAME`, `${NAME}`, `$?`; `quoted` inside double quotes.
    Var { name: String, quoted: bool },
    /// `$(…)` or `` `…` ``.
    Subst { script: String, quoted: bool },
    /// `$((EXPR))`, EXPR as written.
    Arith { expr: String, quoted: bool },
}

pub type Word = Vec<Part>;

/// Where a redirection sends a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `> FILE`
    Write(Word),
    /// `>> FILE`
    Append(Word),
    /// `< FILE`
    Read(Word),
    /// `2>&1`: a copy of another descriptor.
    Dup(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redirect {
    pub fd: u32,
    pub target: Target,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Command {
    pub words: Vec<Word>,
    pub redirects: Vec<Redirect>,
    /// The script's line it starts on (1-based), which dash's messages name.
    pub line: usize,
    /// A compound command in the words' place (its redirections, if
    /// any, apply to all it runs; it may start a pipe, not read one).
    pub compound: Option<Box<Compound>>,
    /// `NAME=VALUE …` with no command after.
    pub assigns: Vec<(String, Word)>,
    /// bash's `NAME=(WORD…)`.
    pub arrays: Vec<(String, Vec<Word>)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compound {
    If(If),
    /// `while COND; do BODY; done`, or `until` (`until` true).
    While { until: bool, cond: List, body: List },
    /// `for NAME in WORDS; do BODY; done`.
    For { name: String, words: Vec<Word>, body: List },
    /// `{ LIST; }`: run in the shell itself.
    Group(List),
    /// `( LIST )`: run in a copy of the shell, whose variables, directory
    /// and `exit` stay there.
    Subshell(List),
    /// `case WORD in PATTERN[|PATTERN]…) LIST;; … esac`; the patterns
    /// with their quoted characters escaped by `\` (see [`Parser::pattern`]).
    Case { word: Word, arms: Vec<(Vec<Word>, List)> },
    /// `NAME() COMPOUND`, or bash's `function NAME { …; }` (`bash`).
    Function { name: String, body: Box<Compound>, bash: bool },
    /// `((EXPR))`: bash's arithmetic command; `subshell` is what dash and
    /// busybox ash read instead (`( (EXPR) )`'s outer body), when they can.
    Arith { expr: String, subshell: Option<List> },
}

/// An `if` command: each condition with the list it runs, and the `else`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct If {
    pub arms: Vec<(List, List)>,
    pub otherwise: Option<List>,
}

const KEYWORDS: &[&str] = &["if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "{", "}", "(", ")", "function"];

/// Commands joined by `|`, each one's output the next one's input.
pub type Pipeline = Vec<Command>;

/// The script's pipelines, each with the operator after it (`;`, `&&`,
/// `||`).
pub type List = Vec<(Pipeline, &'static str)>;

/// Why a script cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The shell itself rejects it (exit code 2), after running the lines
    /// before the one it could not parse, as dash and ash read a line at
    /// a time.
    Syntax(SyntaxError),
    /// A construct the playground does not run (a loop, a subshell, `&`).
    Unsupported,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The line the shell was reading when it gave up (1-based).
    pub line: usize,
    pub what: Unexpected,
    /// The complete lines before it, which run.
    pub before: List,
}

/// What the parser met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unexpected {
    Eof,
    /// The end inside `$(`.
    EofExpecting(char),
    Quote,
    Backquote,
    /// `${` without its `}`.
    Brace,
    /// An operator.
    Token(String),
    /// The end of a line (the shell has counted it by then).
    Newline,
}

impl Unexpected {
    /// The input ended inside something (an interactive shell would
    /// read on).
    pub fn unfinished(&self) -> bool {
        matches!(self, Unexpected::Eof | Unexpected::EofExpecting(_) | Unexpected::Quote | Unexpected::Backquote)
    }
}

impl SyntaxError {
    /// The shell's message: dash's (`dash`) or busybox ash's.
    pub fn message(&self, argv0: &str, dash: bool) -> String {
        let what = match (&self.what, dash) {
            (Unexpected::Eof, true) => "end of file unexpected".to_string(),
            (Unexpected::Eof, false) => "unexpected end of file".to_string(),
            (Unexpected::EofExpecting(c), true) => format!("end of file unexpected (expecting \"{c}\")"),
            (Unexpected::EofExpecting(c), false) => format!("unexpected end of file (expecting \"{c}\")"),
            (Unexpected::Quote, true) => "Unterminated quoted string".to_string(),
            (Unexpected::Quote, false) => "unterminated quoted string".to_string(),
            (Unexpected::Backquote, _) => "EOF in backquote substitution".to_string(),
            (Unexpected::Brace, true) => "Missing '}'".to_string(),
            (Unexpected::Brace, false) => "missing '}'".to_string(),
            (Unexpected::Token(t), true) => format!("\"{t}\" unexpected"),
            (Unexpected::Newline, true) => "newline unexpected".to_string(),
            (Unexpected::Newline, false) => "unexpected newline".to_string(),
            (Unexpected::Token(t), false) => format!("unexpected \"{t}\""),
        };
        if dash {
            format!("{argv0}: {}: Syntax error: {what}", self.line)
        } else {
            format!("{argv0}: syntax error: {what}")
        }
    }
}

/// A parser's failure: the syntax error and where (a char index).
#[derive(Debug)]
enum Bad {
    Syntax(Unexpected, usize),
    Unsupported,
}

/// Parses a script.
pub fn parse(script: &str) -> Result<List, Refusal> {
    let chars: Vec<char> = script.chars().collect();
    let mut p = Parser { chars, i: 0, pattern: false, depth: 0 };
    let mut list = Vec::new();
    let mut lines_done = 0;
    match parse_into(&mut p, &mut list, &mut lines_done, &[]) {
        Ok(_) => Ok(list),
        Err(Bad::Unsupported) => Err(Refusal::Unsupported),
        Err(Bad::Syntax(what, at)) => {
            let at = if what == Unexpected::Newline { at + 1 } else { at };
            let line = 1 + p.chars[..at.min(p.chars.len())].iter().filter(|c| **c == '\n').count();
            list.truncate(lines_done);
            if list.iter().flat_map(|(p, _)| p).any(|c| c.words.is_empty() && c.compound.is_none() && c.assigns.is_empty() && c.arrays.is_empty()) {
                return Err(Refusal::Unsupported);
            }
            Err(Refusal::Syntax(SyntaxError { line, what, before: list }))
        }
    }
}

/// The operator at `i` as the shell names it when it is unexpected.
fn token_at(chars: &[char], i: usize) -> Unexpected {
    let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
    match chars.get(i) {
        None => Unexpected::Eof,
        Some('\n') => Unexpected::Newline,
        _ if matches!(two.as_str(), "&&" | "||" | ";;" | ">>" | "<<") => Unexpected::Token(two),
        Some(c) => Unexpected::Token(c.to_string()),
    }
}

/// The rest of an `if` whose `if` was just read. A malformed one is
/// refused rather than answered with a message the shells may not print.
fn parse_if(p: &mut Parser) -> Result<If, Bad> {
    let mut cond = List::new();
    let mut compound = If::default();
    loop {
        let kw = parse_into(p, &mut cond, &mut 0, &["then"])?;
        if kw != Some("then") || cond.is_empty() {
            return Err(Bad::Unsupported);
        }
        let mut body = List::new();
        let kw = parse_into(p, &mut body, &mut 0, &["elif", "else", "fi"])?;
        if body.is_empty() {
            return Err(Bad::Unsupported);
        }
        compound.arms.push((std::mem::take(&mut cond), body));
        match kw {
            Some("elif") => continue,
            Some("else") => {
                let mut otherwise = List::new();
                if parse_into(p, &mut otherwise, &mut 0, &["fi"])? != Some("fi") || otherwise.is_empty() {
                    return Err(Bad::Unsupported);
                }
                compound.otherwise = Some(otherwise);
                return Ok(compound);
            }
            Some("fi") => return Ok(compound),
            _ => return Err(Bad::Unsupported),
        }
    }
}

/// The rest of `while`/`until` (just read) up to its `done`.
fn parse_while(p: &mut Parser, until: bool) -> Result<Compound, Bad> {
    let mut cond = List::new();
    if parse_into(p, &mut cond, &mut 0, &["do"])? != Some("do") || cond.is_empty() {
        return Err(Bad::Unsupported);
    }
    let mut body = List::new();
    if parse_into(p, &mut body, &mut 0, &["done"])? != Some("done") || body.is_empty() {
        return Err(Bad::Unsupported);
    }
    Ok(Compound::While { until, cond, body })
}

/// The rest of `for NAME in WORDS; do …; done` (`for` just read).
fn parse_for(p: &mut Parser) -> Result<Compound, Bad> {
    p.blanks();
    let name = match p.word()?.as_slice() {
        [Part::Lit(n)] if is_name(n) => n.clone(),
        _ => return Err(Bad::Unsupported),
    };
    p.blanks();
    if p.word()?.as_slice() != [Part::Lit("in".to_string())] {
        return Err(Bad::Unsupported);
    }
    let mut words = Vec::new();
    loop {
        p.blanks();
        match p.peek() {
            Some(';' | '\n') => {
                p.i += 1;
                break;
            }
            None | Some('&' | '|' | '(' | ')' | '<' | '>' | '#') => return Err(Bad::Unsupported),
            _ => words.push(p.word()?),
        }
    }
    p.blanks_and_newlines();
    if p.word()?.as_slice() != [Part::Lit("do".to_string())] {
        return Err(Bad::Unsupported);
    }
    let mut body = List::new();
    if parse_into(p, &mut body, &mut 0, &["done"])? != Some("done") || body.is_empty() {
        return Err(Bad::Unsupported);
    }
    Ok(Compound::For { name, words, body })
}

/// Parses into `list` up to the end, or up to one of the keywords `stop`
/// where a command would start (read, and returned); `lines_done` counts
/// the pipelines of the lines read completely.
fn parse_into(p: &mut Parser, list: &mut List, lines_done: &mut usize, stop: &[&'static str]) -> Result<Option<&'static str>, Bad> {
    if p.depth >= MAX_NESTING {
        return Err(Bad::Unsupported);
    }
    p.depth += 1;
    let found = parse_list_items(p, list, lines_done, stop);
    p.depth -= 1;
    found
}

fn parse_list_items(p: &mut Parser, list: &mut List, lines_done: &mut usize, stop: &[&'static str]) -> Result<Option<&'static str>, Bad> {
    let mut pipeline: Pipeline = Vec::new();
    let mut cmd = Command::default();
    let mut found = None;
    loop {
        p.blanks();
        let Some(c) = p.peek() else { break };
        // After `fi` only an operator (or a redirection, not simulated).
        // After `fi`, `}` or `)`: an operator, or a redirection of all
        // it runs (not of its stdin, which its commands do not read).
        if cmd.compound.is_some() && !matches!(c, '\n' | ';' | '&' | '|' | '#') && !(c == ')' && stop.contains(&")")) {
            match p.redirect()? {
                Some(r) if !matches!(r.target, Target::Read(_)) => {
                    cmd.redirects.push(r);
                    continue;
                }
                _ => return Err(Bad::Unsupported),
            }
        }
        match c {
            // The end of a `case` arm or of a subshell, the command before
            // it (if any) ending there too.
            ';' if p.chars.get(p.i + 1) == Some(&';') && stop.contains(&";;") => {
                compound::dangling(list, &pipeline, &cmd)?;
                p.i += 2;
                found = Some(";;");
                break;
            }
            ')' if stop.contains(&")") => {
                compound::dangling(list, &pipeline, &cmd)?;
                p.i += 1;
                found = Some(")");
                break;
            }
            '(' if cmd.words.is_empty() && cmd.redirects.is_empty() && cmd.compound.is_none() && cmd.assigns.is_empty() && cmd.arrays.is_empty() => {
                cmd.line = 1 + p.chars[..p.i].iter().filter(|c| **c == '\n').count();
                // `((…))`: bash's arithmetic command, two nested
                // subshells to dash and ash; kept both ways when they end
                // at the same `))`.
                let arith = compound::arith_command(p);
                p.i += 1;
                let sub = compound::subshell(p);
                cmd.compound = Some(Box::new(match arith {
                    Some((expr, end)) if sub.is_err() || p.i == end => {
                        p.i = end;
                        Compound::Arith { expr, subshell: sub.ok().map(|c| match c {
                            Compound::Subshell(body) => body,
                            _ => List::new(),
                        }) }
                    }
                    _ => sub?,
                }));
            }
            // A `#` starting a word starts a comment, after words too.
            '#' => p.comment(),
            '\n' | ';' | '&' | '|' => {
                let at = p.i;
                p.i += 1;
                let op = match (c, p.peek()) {
                    ('&', Some('&')) => "&&",
                    ('|', Some('|')) => "||",
                    ('|', _) => "|",
                    ('&', _) => return Err(Bad::Unsupported),
                    (';', Some(';')) => return Err(Bad::Syntax(token_at(&p.chars, at), at)),
                    _ => ";",
                };
                if op.len() == 2 {
                    p.i += 1;
                }
                // A compound command may start a pipe, not read one.
                if cmd.compound.is_some() && !pipeline.is_empty() {
                    return Err(Bad::Unsupported);
                }
                if cmd.words.is_empty() && cmd.redirects.is_empty() && cmd.compound.is_none() && cmd.assigns.is_empty() && cmd.arrays.is_empty() {
                    // `; ;` and a leading `&&` are syntax errors; blank lines are not.
                    if c == '\n' && pipeline.is_empty() {
                        *lines_done = list.len();
                        continue;
                    }
                    return Err(Bad::Syntax(token_at(&p.chars, at), at));
                }
                pipeline.push(std::mem::take(&mut cmd));
                if op == "|" {
                    // A command must follow, perhaps on the next line.
                    p.blanks_and_newlines();
                    if p.peek().is_none() {
                        return Err(Bad::Syntax(Unexpected::Eof, p.i));
                    }
                    continue;
                }
                list.push((std::mem::take(&mut pipeline), op));
                if c == '\n' {
                    *lines_done = list.len();
                }
                if op.len() == 2 {
                    // A command must follow `&&` and `||`, perhaps on the next line.
                    p.blanks_and_newlines();
                    if p.peek().is_none() {
                        return Err(Bad::Syntax(Unexpected::Eof, p.i));
                    }
                }
            }
            '(' | ')' => return Err(Bad::Unsupported),
            _ => {
                if cmd.words.is_empty() && cmd.redirects.is_empty() {
                    cmd.line = 1 + p.chars[..p.i].iter().filter(|c| **c == '\n').count();
                }
                if let Some(r) = p.redirect()? {
                    cmd.redirects.push(r);
                    continue;
                }
                let word = p.word()?;
                if cmd.words.is_empty() {
                    if let [Part::Lit(w)] = word.as_slice() {
                        let first = cmd.redirects.is_empty() && pipeline.is_empty();
                        if let Some(kw) = stop.iter().find(|k| **k == w.as_str()).filter(|_| first) {
                            found = Some(*kw);
                            break;
                        }
                        let first = cmd.redirects.is_empty() && cmd.assigns.is_empty() && cmd.arrays.is_empty();
                        let compound = match w.as_str() {
                            "if" if first => Some(Compound::If(parse_if(p)?)),
                            "while" | "until" if first => Some(parse_while(p, w == "until")?),
                            "for" if first => Some(parse_for(p)?),
                            "{" if first => Some(compound::group(p)?),
                            "case" if first => Some(compound::case(p)?),
                            "function" if first => Some(compound::function_keyword(p)?),
                            w if first && is_name(w) && compound::paren_follows(p) => Some(compound::function(p, w)?),
                            _ => None,
                        };
                        if let Some(c) = compound {
                            cmd.compound = Some(Box::new(c));
                            continue;
                        }
                        if KEYWORDS.contains(&w.as_str()) {
                            return Err(Bad::Unsupported);
                        }
                    }
                    // `NAME=VALUE` alone; before a command it is not simulated.
                    if let Some(Part::Lit(w)) = word.first() {
                        if let Some((name, rest)) = w.split_once('=').filter(|(n, _)| is_name(n)) {
                            if rest.is_empty() && word.len() == 1 && p.peek() == Some('(') {
                                p.i += 1;
                                let mut items = Vec::new();
                                loop {
                                    p.blanks_and_newlines();
                                    match p.peek() {
                                        Some(')') => break,
                                        None | Some(';' | '&' | '|' | '(' | '<' | '>' | '#') => return Err(Bad::Unsupported),
                                        _ => items.push(p.word()?),
                                    }
                                }
                                p.i += 1;
                                cmd.arrays.push((name.to_string(), items));
                                continue;
                            }
                            let mut value: Word = if rest.is_empty() { Vec::new() } else { vec![Part::Lit(rest.to_string())] };
                            value.extend(word[1..].iter().cloned());
                            cmd.assigns.push((name.to_string(), value));
                            continue;
                        }
                    }
                    if !cmd.assigns.is_empty() || !cmd.arrays.is_empty() {
                        return Err(Bad::Unsupported);
                    }
                }
                cmd.words.push(word);
            }
        }
    }
    if found.is_none() && !stop.is_empty() {
        // The input ended inside a compound command.
        return Err(Bad::Unsupported);
    }
    if cmd.compound.is_some() && !pipeline.is_empty() {
        return Err(Bad::Unsupported);
    }
    if !cmd.words.is_empty() || !cmd.redirects.is_empty() || cmd.compound.is_some() || !cmd.assigns.is_empty() || !cmd.arrays.is_empty() {
        pipeline.push(cmd);
    }
    if !pipeline.is_empty() {
        list.push((pipeline, ";"));
    }
    if list.iter().flat_map(|(p, _)| p).any(|c| c.words.is_empty() && c.compound.is_none() && c.assigns.is_empty() && c.arrays.is_empty()) {
        return Err(Bad::Unsupported);
    }
    Ok(found)
}

struct Parser {
    chars: Vec<char>,
    i: usize,
    /// Reading a `case` pattern: quoted characters keep a `\` before
    /// them, so they match only themselves.
    pattern: bool,
    /// Lists open around the one being read: each nests a call, so a
    /// script of thousands of `(` would exhaust the stack; past
    /// [`MAX_NESTING`] the script is refused.
    depth: usize,
}

/// How deep the playground nests compound commands in a script.
const MAX_NESTING: usize = 64;

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\r')) || self.peek() == Some('\\') && self.chars.get(self.i + 1) == Some(&'\n') {
            self.i += if self.peek() == Some('\\') { 2 } else { 1 };
        }
    }

    fn blanks_and_newlines(&mut self) {
        loop {
            self.blanks();
            if self.peek() != Some('\n') {
                break;
            }
            self.i += 1;
        }
    }

    /// A quoted (or `\`-escaped) character of a word; in a pattern, one
    /// the matcher would read as special keeps a `\` before it.
    fn quoted(&self, lit: &mut String, c: char) {
        if self.pattern && matches!(c, '*' | '?' | '[' | ']' | '\\') {
            lit.push('\\');
        }
        lit.push(c);
    }

    fn comment(&mut self) {
        while !matches!(self.peek(), None | Some('\n')) {
            self.i += 1;
        }
    }

    /// A redirection operator here (`>`, `2>>`, `2>&1`, `<`) and its target.
    fn redirect(&mut self) -> Result<Option<Redirect>, Bad> {
        let start = self.i;
        let mut fd = None;
        while let Some(d) = self.peek().filter(char::is_ascii_digit) {
            fd = Some(fd.unwrap_or(0) * 10 + d.to_digit(10).unwrap_or(0));
            self.i += 1;
        }
        let Some(op @ ('>' | '<')) = self.peek() else {
            self.i = start;
            return Ok(None);
        };
        self.i += 1;
        let append = op == '>' && self.peek() == Some('>');
        if append {
            self.i += 1;
        }
        if self.peek() == Some('<') || self.peek() == Some('>') && op == '<' {
            return Err(Bad::Unsupported); // here-documents, `<>`
        }
        let fd = fd.unwrap_or(if op == '<' { 0 } else { 1 });
        if self.peek() == Some('&') {
            self.i += 1;
            let start = self.i;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.i += 1;
            }
            let n: String = self.chars[start..self.i].iter().collect();
            return n.parse().map(|to| Some(Redirect { fd, target: Target::Dup(to) })).map_err(|_| Bad::Unsupported);
        }
        self.blanks();
        if matches!(self.peek(), None | Some('\n' | ';' | '&' | '|' | '<' | '>')) {
            return Err(Bad::Syntax(token_at(&self.chars, self.i), self.i));
        }
        let word = self.word()?;
        let target = match (op, append) {
            ('<', _) => Target::Read(word),
            (_, true) => Target::Append(word),
            _ => Target::Write(word),
        };
        Ok(Some(Redirect { fd, target }))
    }

    /// One word, up to an unquoted blank or operator.
    fn word(&mut self) -> Result<Word, Bad> {
        let mut parts = Vec::new();
        let mut lit = String::new();
        let flush = |parts: &mut Word, lit: &mut String| {
            if !lit.is_empty() {
                parts.push(Part::Lit(std::mem::take(lit)));
            }
        };
        let mut quoted_empty = false;
        // Tilde expansion: an unquoted `~` alone or before `/` is $HOME,
        // whose value is not split (`~user` stays as written).
        let ends_tilde = |c: Option<&char>| matches!(c, None | Some(' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')' | '/'));
        if self.peek() == Some('~') && ends_tilde(self.chars.get(self.i + 1)) {
            parts.push(Part::Var { name: "HOME".into(), quoted: true });
            self.i += 1;
        }
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')' => break,
                '\'' => {
                    let end = self.chars[self.i + 1..].iter().position(|&x| x == '\'').ok_or(Bad::Syntax(Unexpected::Quote, self.chars.len()))? + self.i + 1;
                    for &q in &self.chars[self.i + 1..end] {
                        self.quoted(&mut lit, q);
                    }
                    quoted_empty = true;
                    self.i = end + 1;
                }
                '"' => {
                    self.i += 1;
                    quoted_empty = true;
                    loop {
                        match self.peek().ok_or(Bad::Syntax(Unexpected::Quote, self.chars.len()))? {
                            '"' => break,
                            '\\' if matches!(self.chars.get(self.i + 1), Some('$' | '`' | '"' | '\\' | '\n')) => {
                                if self.chars[self.i + 1] != '\n' {
                                    self.quoted(&mut lit, self.chars[self.i + 1]);
                                }
                                self.i += 2;
                            }
                            '$' | '`' => {
                                if let Some(part) = self.dollar(true)? {
                                    flush(&mut parts, &mut lit);
                                    parts.push(part);
                                } else {
                                    lit.push('$');
                                    self.i += 1;
                                }
                            }
                            ch => {
                                self.quoted(&mut lit, ch);
                                self.i += 1;
                            }
                        }
                    }
                    self.i += 1;
                }
                '\\' => match self.chars.get(self.i + 1) {
                    Some('\n') => self.i += 2,
                    Some(&n) => {
                        self.quoted(&mut lit, n);
                        self.i += 2;
                    }
                    // The shells keep a backslash that ends the script.
                    None => {
                        lit.push('\\');
                        self.i += 1;
                    }
                },
                '$' | '`' => match self.dollar(false)? {
                    Some(part) => {
                        flush(&mut parts, &mut lit);
                        parts.push(part);
                    }
                    None => {
                        lit.push('$');
                        self.i += 1;
                    }
                },
                _ => {
                    lit.push(c);
                    self.i += 1;
                }
            }
        }
        flush(&mut parts, &mut lit);
        if parts.is_empty() && quoted_empty {
            parts.push(Part::Lit(String::new()));
        }
        Ok(parts)
    }

    /// An expansion starting at `$` or `` ` ``; None for a lone `$`.
    fn dollar(&mut self, quoted: bool) -> Result<Option<Part>, Bad> {
        if self.peek() == Some('`') {
            let end = self.chars[self.i + 1..].iter().position(|&x| x == '`').ok_or(Bad::Syntax(Unexpected::Backquote, self.chars.len()))? + self.i + 1;
            let script = self.chars[self.i + 1..end].iter().collect();
            self.i = end + 1;
            return Ok(Some(Part::Subst { script, quoted }));
        }
        match self.chars.get(self.i + 1).copied() {
            Some('(') => {
                if self.chars.get(self.i + 2) == Some(&'(') {
                    return self.arith(quoted).map(Some);
                }
                let mut depth = 0;
                let mut j = self.i + 1;
                // Inside double quotes the shells blame the quote the
                // substitution swallowed, not the missing `)`.
                let eof = if quoted { Unexpected::Quote } else { Unexpected::EofExpecting(')') };
                loop {
                    match self.chars.get(j).ok_or_else(|| Bad::Syntax(eof.clone(), self.chars.len()))? {
                        // A backslash hides the next character from the
                        // depth count: `$(a\)` is still open.
                        '\\' => j += 1,
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                let script = self.chars[self.i + 2..j].iter().collect();
                self.i = j + 1;
                Ok(Some(Part::Subst { script, quoted }))
            }
            Some('{') => {
                let end = self.chars[self.i + 2..].iter().position(|&x| x == '}').ok_or(Bad::Syntax(Unexpected::Brace, self.chars.len()))? + self.i + 2;
                let name: String = self.chars[self.i + 2..end].iter().collect();
                // bash's `${NAME[INDEX]}`, INDEX a number or `$VAR`.
                let element = name.strip_suffix(']').and_then(|n| n.split_once('[')).is_some_and(|(n, i)| is_name(n) && (i.parse::<usize>().is_ok() || i.strip_prefix('$').is_some_and(is_name)));
                let positional = !name.is_empty() && name.chars().all(|c| c.is_ascii_digit());
                if !is_name(&name) && !element && !positional && !matches!(name.as_str(), "?" | "$" | "#" | "@" | "*") {
                    return Err(Bad::Unsupported); // ${X:-y} and friends
                }
                self.i = end + 1;
                Ok(Some(Part::Var { name, quoted }))
            }
            Some(c @ ('?' | '$' | '#' | '@' | '*' | '0'..='9')) => {
                self.i += 2;
                Ok(Some(Part::Var { name: c.to_string(), quoted }))
            }
            Some(c) if c == '_' || c.is_ascii_alphabetic() => {
                let start = self.i + 1;
                let mut j = start;
                while self.chars.get(j).is_some_and(|c| *c == '_' || c.is_ascii_alphanumeric()) {
                    j += 1;
                }
                let name = self.chars[start..j].iter().collect();
                self.i = j;
                Ok(Some(Part::Var { name, quoted }))
            }
            _ => Ok(None),
        }
    }
}

impl Parser {
    /// `$((EXPR))` at `$`; a `)` that closes it alone (a substitution of
    /// a subshell) is refused, as is an unclosed one.
    fn arith(&mut self, quoted: bool) -> Result<Part, Bad> {
        let from = self.i + 3;
        let mut open = 0usize;
        let mut j = from;
        loop {
            match self.chars.get(j).copied().ok_or(Bad::Unsupported)? {
                '(' => open += 1,
                ')' if open > 0 => open -= 1,
                ')' if self.chars.get(j + 1) == Some(&')') => break,
                ')' => return Err(Bad::Unsupported),
                _ => {}
            }
            j += 1;
        }
        let expr = self.chars[from..j].iter().collect();
        self.i = j + 2;
        Ok(Part::Arith { expr, quoted })
    }
}

pub(super) fn is_name(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c == '_' || c.is_ascii_alphabetic()) && s.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
}

/// The word with every expansion as if double-quoted: an assignment's
/// value (`M=$(printf 'x  y')` keeps both blanks), which is not split.
pub fn unsplit(word: &Word) -> Word {
    word.iter()
        .map(|p| match p {
            Part::Lit(t) => Part::Lit(t.clone()),
            Part::Var { name, .. } => Part::Var { name: name.clone(), quoted: true },
            Part::Subst { script, .. } => Part::Subst { script: script.clone(), quoted: true },
            Part::Arith { expr, .. } => Part::Arith { expr: expr.clone(), quoted: true },
        })
        .collect()
}

/// Expands a word into fields: unquoted expansions split on blanks and
/// newlines (and vanish when empty), quoted ones stay whole. `value`
/// answers variables and `subst` runs substitutions (their output with
/// trailing newlines cut, as the shell does); `arith` evaluates `$((…))`
/// once the `$NAME`s in it are replaced by their values.
pub fn expand(word: &Word, value: &mut dyn FnMut(&str) -> String, subst: &mut dyn FnMut(&str) -> String, arith: &mut dyn FnMut(&str) -> String) -> Vec<String> {
    let mut fields: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut has = false;
    for part in word {
        // `"$@"`: each argument a field of its own (the value puts a NUL
        // before each one, as no argument can hold one).
        if let Part::Var { name, quoted: true } = part {
            if name == "@" {
                let text = value(name);
                let mut args = text.split('\0').skip(1);
                if let Some(first) = args.next() {
                    cur.push_str(first);
                    has = true;
                    for arg in args {
                        fields.push(std::mem::take(&mut cur));
                        cur.push_str(arg);
                    }
                }
                continue;
            }
        }
        let (text, quoted) = match part {
            Part::Var { name, quoted: false } if name == "@" => (value(name).split('\0').skip(1).collect::<Vec<_>>().join(" "), false),
            Part::Lit(s) => (s.clone(), true),
            Part::Var { name, quoted } => (value(name), *quoted),
            Part::Subst { script, quoted } => (subst(script).trim_end_matches('\n').to_string(), *quoted),
            Part::Arith { expr, quoted } => (arith(&arith_text(expr, value)), *quoted),
        };
        if quoted {
            cur.push_str(&text);
            has = true;
            continue;
        }
        let mut pieces = text.split([' ', '\t', '\n']).peekable();
        let starts_blank = text.starts_with([' ', '\t', '\n']);
        if starts_blank && has {
            fields.push(std::mem::take(&mut cur));
            has = false;
        }
        while let Some(p) = pieces.next() {
            if !p.is_empty() {
                cur.push_str(p);
                has = true;
            }
            if pieces.peek().is_some() && has {
                fields.push(std::mem::take(&mut cur));
                has = false;
            }
        }
    }
    if has || matches!(word.as_slice(), [Part::Lit(s)] if s.is_empty()) {
        fields.push(cur);
    }
    fields
}

/// An arithmetic expression with its `$NAME`, `${NAME}` and `$?`
/// replaced by their values, as the shells do before evaluating it.
pub(super) fn arith_text(expr: &str, value: &mut dyn FnMut(&str) -> String) -> String {
    let chars: Vec<char> = expr.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '$' {
            let rest = &chars[i + 1..];
            let (name, used) = match rest.first() {
                Some('{') => match rest.iter().position(|&c| c == '}') {
                    Some(end) => (rest[1..end].iter().collect::<String>(), end + 1),
                    None => (String::new(), 0),
                },
                Some('?') => ("?".to_string(), 1),
                _ => {
                    let n = rest.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == '_').count();
                    (rest[..n].iter().collect(), n)
                }
            };
            if used > 0 {
                out.push_str(&value(&name));
                i += 1 + used;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Word {
        vec![Part::Lit(s.into())]
    }

    fn words(script: &str) -> Vec<Vec<String>> {
        let mut value = |n: &str| if n == "HOSTNAME" { "web-0".to_string() } else { String::new() };
        let mut subst = |s: &str| format!("<{s}>\n");
        let mut arith = |e: &str| format!("[{e}]");
        parse(script).unwrap().iter().flat_map(|(p, _)| p).map(|c| c.words.iter().flat_map(|w| expand(w, &mut value, &mut subst, &mut arith)).collect()).collect()
    }

    #[test]
    fn if_commands() {
        // (script, arms' (condition, body) first words, else's, operators)
        type Case<'a> = (&'a str, Option<(Vec<(Vec<&'a str>, Vec<&'a str>)>, Option<Vec<&'a str>>)>);
        let cases: Vec<Case> = vec![
            ("if true; then echo a; fi", Some((vec![(vec!["true"], vec!["echo"])], None))),
            ("if [ -e f ]\nthen\n  cat f\n  echo\nelif false; then :; else echo no; fi", Some((vec![(vec!["["], vec!["cat", "echo"]), (vec!["false"], vec![":"])], Some(vec!["echo"])))),
            ("if a && b; then c | d; fi", Some((vec![(vec!["a", "b"], vec!["c"])], None))),
            // Malformed or not simulated: refused, not guessed at.
            ("if true; then echo a", None),
            ("if true; echo a; fi", None),
            ("if; then a; fi", None),
            ("if true; then fi", None),
            ("if true; then a; fi x", None),
            ("if true; then a; fi | cat", Some((vec![(vec!["true"], vec!["a"])], None))),
            ("cat | if true; then a; fi", None),
            ("then a", None),
            ("echo fi then", Some((vec![], None))),
        ];
        let first = |l: &List| l.iter().map(|(p, _)| match &p[0].words.first().map(|w| &w[..]) {
            Some([Part::Lit(w)]) => w.clone(),
            _ => String::new(),
        }).collect::<Vec<_>>();
        for (script, want) in cases {
            let got = parse(script).ok().map(|l| match l[0].0[0].compound.as_deref() {
                Some(Compound::If(c)) => (c.arms.iter().map(|(a, b)| (first(a), first(b))).collect::<Vec<_>>(), c.otherwise.as_ref().map(first)),
                _ => (Vec::new(), None),
            });
            let want = want.map(|(arms, e)| (arms.into_iter().map(|(a, b)| (a.iter().map(|s| s.to_string()).collect(), b.iter().map(|s| s.to_string()).collect())).collect::<Vec<(Vec<String>, Vec<String>)>>(), e.map(|e| e.iter().map(|s| s.to_string()).collect())));
            assert_eq!(got, want, "{script:?}");
        }
        // What follows `fi` runs after it.
        let l = parse("if true; then a; fi; echo b").unwrap();
        assert_eq!(l.len(), 2);
        assert_eq!(l[1].0[0].words[0], lit("echo"));
    }

    #[test]
    fn loops_and_assignments() {
        let one = |script: &str| parse(script).ok().and_then(|l| l[0].0[0].compound.as_deref().cloned());
        let Some(Compound::While { until: false, cond, body }) = one("while [ $n -ne 0 ]\ndo\n  echo $n; sleep 1\ndone") else { panic!() };
        assert_eq!((cond.len(), body.len()), (1, 2));
        assert!(matches!(one("until false; do :; done"), Some(Compound::While { until: true, .. })));
        let Some(Compound::For { name, words, body }) = one("for i in 0 1 \"2 3\"\ndo\n  echo $i\ndone") else { panic!() };
        assert_eq!((name.as_str(), words.len(), body.len()), ("i", 3, 1));
        // Nested, and a loop inside an if.
        assert!(matches!(one("for i in a b; do while false; do :; done; done"), Some(Compound::For { .. })));
        assert!(matches!(one("if true; then for i in a; do :; done; fi"), Some(Compound::If(_))));
        for bad in ["while true; do :", "for i; do :; done", "for 1 in a; do :; done", "for i in a b do :; done", "while true; do done", "for i in a; do :; done x", "sleep 1 & while :; do :; done"] {
            assert_eq!(parse(bad), Err(Refusal::Unsupported), "{bad:?}");
        }
        let l = parse("a=1 b=\"x $HOSTNAME\"; c=").unwrap();
        let assigns: Vec<&str> = l.iter().flat_map(|(p, _)| &p[0].assigns).map(|(n, _)| n.as_str()).collect();
        assert_eq!(assigns, ["a", "b", "c"]);
        assert!(l.iter().all(|(p, _)| p[0].words.is_empty()));
        // The Indexed Job page's bash.
        let l = parse("items=(foo bar\n baz)\necho ${items[$JOB_COMPLETION_INDEX]} ${items[1]} > /input/data.txt").unwrap();
        assert_eq!(l[0].0[0].arrays, [("items".to_string(), vec![lit("foo"), lit("bar"), lit("baz")])]);
        assert_eq!(l[1].0[0].words[1], vec![Part::Var { name: "items[$JOB_COMPLETION_INDEX]".into(), quoted: false }]);
        for bad in ["a=(1 2) echo", "a=(1; 2)", "echo ${a[$1]}", "echo ${a[x]}", "a=(1 2"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn commands_and_operators() {
        let l = parse("nslookup web && wget -q -O- 'http://web:80/' || echo failed").unwrap();
        assert_eq!(l.iter().map(|(_, op)| *op).collect::<Vec<_>>(), ["&&", "||", ";"]);
        assert_eq!(l[1].0[0].words[3], lit("http://web:80/"));
        assert_eq!(words(r#"curl -w "%{http_code}\n" -H "a\"b" web"#), [["curl", "-w", "%{http_code}\\n", "-H", "a\"b", "web"]]);
        assert_eq!(words("env; hostname\n\nls").len(), 3);
        let l = parse("wget -qO- http://web |\n head -1 | wc -l && ls").unwrap();
        assert_eq!(l.iter().map(|(p, op)| (p.len(), *op)).collect::<Vec<_>>(), [(3, "&&"), (1, ";")]);
        assert!(matches!(parse("ls |"), Err(Refusal::Syntax(_))));
        assert!(matches!(parse("| ls"), Err(Refusal::Syntax(_))));
        assert!(matches!(parse("ls | ; wc"), Err(Refusal::Syntax(_))));
        assert_eq!(parse("case x in x) :;; esac | cat"), Err(Refusal::Unsupported));
        assert_eq!(parse("sleep 1 &"), Err(Refusal::Unsupported));
        assert_eq!(parse("X=1 env"), Err(Refusal::Unsupported));
        assert!(matches!(parse("echo 'open"), Err(Refusal::Syntax(_))));
        assert!(matches!(parse("echo a &&"), Err(Refusal::Syntax(_))));
        assert!(matches!(parse("; echo a"), Err(Refusal::Syntax(_))));
        // dash -c 'echo x #c && echo y; echo a#b \#' prints "x" only.
        assert_eq!(words("echo x #c && echo y; echo z\necho a#b \\# #d"), [vec!["echo", "x"], vec!["echo", "a#b", "#"]]);
    }

    /// `$((…))` is a part of its own, its `$NAME`s replaced before the
    /// evaluator sees it; a `$((` closed by one `)` is a subshell's
    /// substitution, which the runner lacks.
    #[test]
    fn arithmetic_expansions() {
        let arith = |e: &str| Part::Arith { expr: e.into(), quoted: false };
        let l = parse("i=$((i + 1)); echo \"$(( (1+2) * $n ))\"x").unwrap();
        assert_eq!(l[0].0[0].assigns, [("i".to_string(), vec![arith("i + 1")])]);
        assert_eq!(l[1].0[0].words[1], vec![Part::Arith { expr: " (1+2) * $n ".into(), quoted: true }, Part::Lit("x".into())]);
        assert_eq!(words("echo $((1+$HOSTNAME)) a$((${HOSTNAME}))b"), [["echo", "[1+web-0]", "a[web-0]b"]]);
        assert_eq!(parse("echo $((ls) | wc)"), Err(Refusal::Unsupported));
        assert_eq!(parse("echo $((1+2)"), Err(Refusal::Unsupported));
    }

    /// The scripts' messages, and how many pipelines run before them, as
    /// dash 0.5.12 and busybox 1.35's ash print them for `sh -c`.
    #[test]
    fn syntax_errors_as_the_shells_say() {
        let cases: &[(&str, usize, &str, &str)] = &[
            ("echo a &&\n", 0, "sh: 2: Syntax error: end of file unexpected", "sh: syntax error: unexpected end of file"),
            ("echo a\necho >", 1, "sh: 2: Syntax error: end of file unexpected", "sh: syntax error: unexpected end of file"),
            ("echo > ; ls", 0, "sh: 1: Syntax error: \";\" unexpected", "sh: syntax error: unexpected \";\""),
            ("echo >\nls", 0, "sh: 2: Syntax error: newline unexpected", "sh: syntax error: unexpected newline"),
            ("| ls", 0, "sh: 1: Syntax error: \"|\" unexpected", "sh: syntax error: unexpected \"|\""),
            ("ls | ; wc", 0, "sh: 1: Syntax error: \";\" unexpected", "sh: syntax error: unexpected \";\""),
            ("ls ;; x", 0, "sh: 1: Syntax error: \";;\" unexpected", "sh: syntax error: unexpected \";;\""),
            ("echo $(ls", 0, "sh: 1: Syntax error: end of file unexpected (expecting \")\")", "sh: syntax error: unexpected end of file (expecting \")\")"),
            ("echo ${A", 0, "sh: 1: Syntax error: Missing '}'", "sh: syntax error: missing '}'"),
            ("echo `ls", 0, "sh: 1: Syntax error: EOF in backquote substitution", "sh: syntax error: EOF in backquote substitution"),
            ("echo a\necho 'a\nb", 1, "sh: 3: Syntax error: Unterminated quoted string", "sh: syntax error: unterminated quoted string"),
            ("ls && && x", 0, "sh: 1: Syntax error: \"&&\" unexpected", "sh: syntax error: unexpected \"&&\""),
            ("echo a; echo b\n\necho c; ;", 2, "sh: 3: Syntax error: \";\" unexpected", "sh: syntax error: unexpected \";\""),
        ];
        for (script, ran, dash, ash) in cases {
            let Err(Refusal::Syntax(e)) = parse(script) else { panic!("{script:?} parsed") };
            assert_eq!(e.before.len(), *ran, "{script:?}");
            assert_eq!(e.message("sh", true), *dash, "{script:?}");
            assert_eq!(e.message("sh", false), *ash, "{script:?}");
        }
    }

    #[test]
    fn redirections() {
        let l = parse(r#"echo "$(hostname)" > /usr/share/nginx/html/index.html"#).unwrap();
        assert_eq!(l[0].0[0].words.len(), 2);
        assert_eq!(l[0].0[0].redirects, [Redirect { fd: 1, target: Target::Write(lit("/usr/share/nginx/html/index.html")) }]);
        let l = parse("echo hi>>/f 2>/dev/null; cat</f 2>&1").unwrap();
        assert_eq!(l[0].0[0].redirects, [Redirect { fd: 1, target: Target::Append(lit("/f")) }, Redirect { fd: 2, target: Target::Write(lit("/dev/null")) }]);
        assert_eq!(l[1].0[0].redirects, [Redirect { fd: 0, target: Target::Read(lit("/f")) }, Redirect { fd: 2, target: Target::Dup(1) }]);
        assert!(matches!(parse("echo >"), Err(Refusal::Syntax(_))));
        assert_eq!(parse("cat <<EOF"), Err(Refusal::Unsupported));
    }

    #[test]
    fn expansions_keep_quoting() {
        assert_eq!(words(r#"echo "$(hostname)" '$(hostname)' $HOSTNAME "${HOSTNAME}x" `date`"#), [["echo", "<hostname>", "$(hostname)", "web-0", "web-0x", "<date>"]]);
        assert_eq!(words("echo $UNSET x \"\" \"$UNSET\""), [["echo", "x", "", ""]]);
        assert_eq!(words("echo $ a$"), [["echo", "$", "a$"]]);
        assert_eq!(words("echo $(echo a  b)"), [["echo", "<echo", "a", "b>"]]);
    }

    #[test]
    fn tilde_is_home_only_unquoted_at_a_word_start() {
        let mut value = |n: &str| if n == "HOME" { "/my home".to_string() } else { String::new() };
        let (mut subst, mut arith) = (|s: &str| s.to_string(), |e: &str| e.to_string());
        let cases: &[(&str, &[&str])] = &[
            ("echo ~", &["echo", "/my home"]),
            ("echo ~/tmp/f.txt", &["echo", "/my home/tmp/f.txt"]),
            ("echo '~' \"~/x\" \\~ a~ ~user ~x/y", &["echo", "~", "~/x", "~", "a~", "~user", "~x/y"]),
        ];
        for (script, want) in cases {
            let got: Vec<String> = parse(script).unwrap()[0].0[0].words.iter().flat_map(|w| expand(w, &mut value, &mut subst, &mut arith)).collect();
            assert_eq!(got, *want, "{script}");
        }
        let l = parse("echo x >> ~/tmp/curr-date.txt").unwrap();
        assert_eq!(l[0].0[0].redirects[0].target, Target::Append(vec![Part::Var { name: "HOME".into(), quoted: true }, Part::Lit("/tmp/curr-date.txt".into())]));
    }
}
