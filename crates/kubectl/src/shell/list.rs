//! Lists and compound commands on one line: `a; b`, `a && b || c`,
//! `! a`, `for NAME in WORDS; do LIST; done`, `if LIST; then LIST; [elif
//! …;] [else LIST;] fi`, `while`/`until LIST; do LIST; done`, `case WORD
//! in PATTERN) LIST;; … esac`, `{ LIST; }`, `( LIST )` and `LIST &` (a background job, its text kept for `jobs`), parsed as
//! bash parses them (`&&` and `||` of equal precedence, left to right;
//! reserved words only where a command starts). A command may span lines
//! (the readers of lines join them: see the `lines` module), newlines
//! separating commands as `;` does; a compound command can be piped (`… |
//! while read l; do …; done`), not redirected.

use super::{is_name, Pipeline, Scanner, ShellError, ShellWord};

/// Commands separated by `;` (or newlines, inside `$(…)`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct List {
    pub items: Vec<AndOr>,
}

/// `first && second || third …`: `rest` holds each operator (true for
/// `&&`) and the command after it. `background` holds the list's text
/// (what `jobs` shows) when a `&` ends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AndOr {
    pub first: Item,
    pub rest: Vec<(bool, Item)>,
    pub background: Option<String>,
}

/// A command, its status inverted by a leading `!`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub negated: bool,
    pub command: Command,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Pipeline(Pipeline),
    For {
        name: String,
        words: Vec<ShellWord>,
        body: List,
    },
    /// Each `if`/`elif` condition with its `then` list, and the `else` list.
    If {
        branches: Vec<(List, List)>,
        otherwise: Option<List>,
    },
    While {
        until: bool,
        condition: List,
        body: List,
    },
    /// Commands joined by `|` where one (at least) is compound: each
    /// one's stdout is the next one's stdin.
    Piped(Vec<Command>),
    /// `{ LIST; }`: run in the shell itself.
    Group(List),
    /// `( LIST )`: run in a subshell, whose variables go with it.
    Subshell(List),
    /// `case WORD in PATTERN[|PATTERN]…) LIST;; … esac`: the first arm
    /// one of whose patterns matches runs.
    Case {
        subject: ShellWord,
        arms: Vec<(Vec<ShellWord>, List)>,
    },
    /// `NAME() COMPOUND` or `function NAME [()] COMPOUND`: defines NAME.
    Function { name: String, body: Box<Command> },
    /// `(( EXPR ))`: status 0 when EXPR is not zero.
    Arith(String),
    /// `for (( INIT; TEST; STEP )); do LIST; done`.
    ArithFor {
        init: String,
        test: String,
        step: String,
        body: List,
    },
}

impl List {
    /// The one pipeline a line holds when it is no more than that.
    pub fn simple(&self) -> Option<&Pipeline> {
        match self.items.as_slice() {
            [AndOr {
                first:
                    Item {
                        negated: false,
                        command: Command::Pipeline(p),
                    },
                rest,
                background: None,
            }] if rest.is_empty() => Some(p),
            [] => None,
            _ => None,
        }
    }
}

/// Parses `line` as the terminal's shell reads it.
pub fn parse_list(line: &str) -> Result<List, ShellError> {
    let mut sc = Scanner::new(line);
    let (list, _) = sc.list(0, &[])?;
    Ok(list)
}

/// Words that are reserved where a command starts.
const RESERVED: &[&str] = &[
    "!", "for", "in", "do", "done", "if", "then", "elif", "else", "fi", "while", "until", "case",
    "esac", "select", "function", "{", "}", "[[", "]]", "coproc", "time",
];

/// The word that ends each compound command's parts.
const CLOSERS: &[&str] = &[
    "do", "done", "then", "elif", "else", "fi", "esac", "}", "]]",
];

/// What ends an arm of a `case`.
const CASE_ARM: &[&str] = &[";;", "esac"];

impl Scanner<'_> {
    /// A reserved word at the cursor (an unquoted word on its own).
    pub(super) fn keyword(&self) -> Option<&'static str> {
        let mut end = self.i;
        while let Some(&(_, c)) = self.chars.get(end) {
            if matches!(
                c,
                ' ' | '\t' | '\n' | '\r' | ';' | '&' | '|' | '(' | ')' | '<' | '>'
            ) {
                break;
            }
            if matches!(c, '\'' | '"' | '\\' | '$' | '`') {
                return None;
            }
            end += 1;
        }
        let word: String = self.chars[self.i..end].iter().map(|&(_, c)| c).collect();
        RESERVED.iter().copied().find(|k| *k == word)
    }

    fn skip_keyword(&mut self, k: &str) {
        self.i += k.chars().count();
    }

    /// The control operator at the cursor, if any.
    pub(super) fn operator(&self) -> Option<&'static str> {
        Some(match (self.peek()?, self.peek_at(1)) {
            (';', Some(';')) => ";;",
            (';', _) => ";",
            ('&', Some('&')) => "&&",
            ('&', _) => "&",
            ('|', Some('|')) => "||",
            ('|', _) => "|",
            (')', _) => ")",
            ('\n', _) => "newline",
            _ => return None,
        })
    }

    /// Whether a `|` at the cursor is followed by a compound command.
    pub(super) fn compound_follows(&self) -> bool {
        let mut probe = Scanner {
            line: self.line,
            chars: Vec::new(),
            i: 0,
            docs: 0,
            compound: 0,
            opened: 0,
        };
        probe.chars = self.chars[self.i + 1..].to_vec();
        probe.blanks(true);
        probe.peek() == Some('(') || matches!(probe.keyword(), Some("for" | "if" | "while" | "until" | "{" | "case"))
    }

    pub(super) fn compound_in_pipe(&self, k: &str) -> ShellError {
        if CLOSERS.contains(&k) {
            return ShellError::UnexpectedToken {
                token: k.to_string(),
            };
        }
        self.unsupported("this compound command after |")
    }

    fn skip_comment(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.i += 1;
        }
    }

    fn blanks(&mut self, newlines: bool) {
        while matches!(self.peek(), Some(' ' | '\t' | '\r'))
            || (newlines && self.peek() == Some('\n'))
        {
            self.i += 1;
        }
    }

    /// Commands up to the end of the line, the `)` closing a `$(…)` (left
    /// unread) or one of `closers` (read, and returned) where a command
    /// would start.
    pub(super) fn list(
        &mut self,
        depth: usize,
        closers: &[&'static str],
    ) -> Result<(List, Option<&'static str>), ShellError> {
        let mut list = List::default();
        loop {
            self.blanks(true);
            match self.peek() {
                None => return Ok((list, None)),
                Some(')') if depth > 0 => return Ok((list, None)),
                Some('#') if depth == 0 => {
                    // To the end of its line: more commands may follow.
                    self.skip_comment();
                    continue;
                }
                _ => {}
            }
            if closers == CASE_ARM {
                if self.operator() == Some(";;") {
                    self.i += 2;
                    return Ok((list, Some(";;")));
                }
                if self.keyword() == Some("esac") {
                    self.skip_keyword("esac");
                    return Ok((list, Some("esac")));
                }
            }
            if let Some(k) = self.keyword() {
                if closers.contains(&k) && !list.items.is_empty() {
                    self.skip_keyword(k);
                    return Ok((list, Some(k)));
                }
                if CLOSERS.contains(&k) {
                    return Err(ShellError::UnexpectedToken {
                        token: k.to_string(),
                    });
                }
            }
            if let Some(op) = self.operator() {
                return Err(ShellError::UnexpectedToken {
                    token: op.to_string(),
                });
            }
            let start = self.i;
            list.items.push(self.and_or(depth)?);
            let end = self.i;
            self.blanks(false);
            match self.operator() {
                Some(";") => self.i += 1,
                Some("newline") => {}
                Some("&") => {
                    self.i += 1;
                    let text: String = self.chars[start..end].iter().map(|&(_, c)| c).collect();
                    if let Some(last) = list.items.last_mut() {
                        last.background = Some(text.trim_end().to_string());
                    }
                }
                Some(";;") if closers == CASE_ARM => {}
                Some(op @ ";;") => {
                    return Err(ShellError::UnexpectedToken {
                        token: op.to_string(),
                    })
                }
                _ => {}
            }
        }
    }

    fn and_or(&mut self, depth: usize) -> Result<AndOr, ShellError> {
        let first = self.item(depth)?;
        let mut rest = Vec::new();
        loop {
            self.blanks(false);
            let and = match self.operator() {
                Some("&&") => true,
                Some("||") => false,
                _ => return Ok(AndOr { first, rest, background: None }),
            };
            self.i += 2;
            // bash reads on past newlines after && and ||.
            self.operand_follows()?;
            rest.push((and, self.item(depth)?));
        }
    }

    /// After `&&`, `||` or `|`: blanks and newlines, then a command must
    /// follow (bash's syntax errors otherwise).
    fn operand_follows(&mut self) -> Result<(), ShellError> {
        self.blanks(true);
        if self.peek().is_none() {
            return Err(ShellError::UnexpectedEnd);
        }
        match self.operator() {
            Some(op) => Err(ShellError::UnexpectedToken { token: op.to_string() }),
            None => Ok(()),
        }
    }

    fn item(&mut self, depth: usize) -> Result<Item, ShellError> {
        let mut negated = false;
        while self.keyword() == Some("!") {
            self.skip_keyword("!");
            negated = !negated;
            self.blanks(false);
        }
        let mut segments = vec![self.segment(depth)?];
        loop {
            self.blanks(false);
            if self.peek() != Some('|') || self.peek_at(1) == Some('|') {
                break;
            }
            self.i += 1;
            self.operand_follows()?;
            segments.push(self.segment(depth)?);
        }
        let command = if segments.len() == 1 {
            segments.pop().unwrap_or(Command::Piped(Vec::new()))
        } else {
            Command::Piped(segments)
        };
        Ok(Item { negated, command })
    }

    /// A pipeline, or one compound command.
    fn segment(&mut self, depth: usize) -> Result<Command, ShellError> {
        let column = self.column();
        // `(` opens a subshell where a command starts; it is no word.
        let keyword = if self.peek() == Some('(') { Some("(") } else { self.keyword() };
        if keyword == Some("(") && self.peek_at(1) == Some('(') {
            let expr = self.arith_command()?;
            return self.after_compound(Command::Arith(expr), column, depth);
        }
        if let Some(k @ ("function" | "")) = keyword.or_else(|| self.definition().map(|_| "")) {
            if self.compound >= super::MAX_NESTING {
                return Err(self.unsupported("compound commands nested this deep"));
            }
            self.compound += 1;
            let command = self.function(depth, k == "function");
            self.compound -= 1;
            return command;
        }
        if matches!(keyword, Some("for" | "if" | "while" | "until" | "{" | "(" | "case"))
            && self.compound >= super::MAX_NESTING
        {
            return Err(self.unsupported("compound commands nested this deep"));
        }
        self.compound += 1;
        let outer = std::mem::replace(&mut self.opened, column);
        let command = match keyword {
            Some("for") => self.for_loop(depth),
            Some("if") => self.if_command(depth),
            Some(k @ ("while" | "until")) => self.while_loop(depth, k == "until"),
            Some("{") => self.group(depth),
            Some("(") => self.subshell(depth),
            Some("case") => self.case_command(depth),
            _ => Err(ShellError::UnexpectedEnd),
        };
        self.compound -= 1;
        self.opened = outer;
        let command = match keyword {
            Some("for" | "if" | "while" | "until" | "{" | "(" | "case") => command?,
            Some("select") => return Err(self.unsupported("select")),
            Some("[[" | "]]") => {
                return Err(
                    self.unsupported("[[ … ]] (use an if around grep, or kubectl's own checks)")
                )
            }
            Some("coproc") => return Err(self.unsupported("coproc")),
            Some("time") => return Err(self.unsupported("time")),
            Some(k) if CLOSERS.contains(&k) => {
                return Err(ShellError::UnexpectedToken {
                    token: k.to_string(),
                })
            }
            _ => {
                let p = self.pipeline(depth)?;
                if p.stages.is_empty() {
                    return Err(match self.operator() {
                        Some(op) => ShellError::UnexpectedToken {
                            token: op.to_string(),
                        },
                        None => ShellError::UnexpectedEnd,
                    });
                }
                return Ok(Command::Pipeline(p));
            }
        };
        self.after_compound(command, column, depth)
    }

    /// What follows a compound command: a separator, or the end.
    fn after_compound(&mut self, command: Command, column: usize, depth: usize) -> Result<Command, ShellError> {
        self.blanks(false);
        match self.peek() {
            Some('<' | '>') => Err(ShellError::Unsupported {
                what: "a redirection of a compound command (for, if, while)",
                column,
            }),
            Some('(') => Err(ShellError::UnexpectedToken { token: "(".into() }),
            Some(c) if !matches!(c, ';' | '&' | '|' | '\n' | '#' | ')') => {
                let token = self.keyword().map_or_else(
                    || {
                        self.word(depth)
                            .map(|w| w.literal().unwrap_or_default())
                            .unwrap_or_default()
                    },
                    str::to_string,
                );
                Err(ShellError::UnexpectedToken { token })
            }
            _ => Ok(command),
        }
    }

    /// The rest of a compound command's part, which must end in `closer`.
    fn part(
        &mut self,
        depth: usize,
        closers: &[&'static str],
    ) -> Result<(List, &'static str), ShellError> {
        let (list, closer) = self.list(depth, closers)?;
        match closer {
            Some(k) => Ok((list, k)),
            None if self.peek().is_none() || self.peek() == Some('#') => {
                Err(ShellError::Unclosed {
                    column: self.opened,
                })
            }
            None => Err(ShellError::UnexpectedToken { token: ")".into() }),
        }
    }

    /// A function's body: the compound command at the cursor.
    pub(super) fn compound_segment(&mut self, depth: usize) -> Result<Command, ShellError> {
        self.segment(depth)
    }

    /// A loop's `LIST; done`, its `do` just read.
    pub(super) fn do_body(&mut self, depth: usize) -> Result<List, ShellError> {
        Ok(self.part(depth, &["done"])?.0)
    }

    fn for_loop(&mut self, depth: usize) -> Result<Command, ShellError> {
        self.skip_keyword("for");
        self.blanks(false);
        if self.peek() == Some('(') && self.peek_at(1) == Some('(') {
            return self.arith_for(depth);
        }
        if self.operator().is_some() || self.peek().is_none() {
            return Err(self.operator().map_or(ShellError::UnexpectedEnd, |op| {
                ShellError::UnexpectedToken {
                    token: op.to_string(),
                }
            }));
        }
        let name_word = self.word(depth)?;
        let name = name_word.literal().unwrap_or_default();
        if !is_name(&name) {
            return Err(ShellError::NotAnIdentifier {
                word: name_word.parts.iter().map(super::Part::source).collect(),
            });
        }
        self.blanks(false);
        if self.keyword() != Some("in") {
            return Err(self.unsupported("for NAME without in WORDS"));
        }
        self.skip_keyword("in");
        let mut words = Vec::new();
        loop {
            self.blanks(false);
            match self.operator() {
                Some(";" | "newline") => {
                    self.i += 1;
                    break;
                }
                Some(op) => {
                    return Err(ShellError::UnexpectedToken {
                        token: op.to_string(),
                    })
                }
                None if self.peek() == Some('#') => self.skip_comment(),
                None if self.peek().is_none() => {
                    return Err(self
                        .part(depth, &["do"])
                        .err()
                        .unwrap_or(ShellError::UnexpectedEnd))
                }
                None => {
                    let at = self.column();
                    let word = self.word(depth)?;
                    match super::brace::expand(&word) {
                        Ok(None) => words.push(word),
                        Ok(Some(more)) if words.len() + more.len() <= super::brace::MAX_WORDS => words.extend(more),
                        Ok(Some(_)) | Err(super::brace::TooMany) => return Err(ShellError::Unsupported { what: "a brace expansion to more than 10000 words", column: at }),
                    }
                }
            }
        }
        self.blanks(true);
        if self.keyword() != Some("do") {
            return Err(match self.peek() {
                None => self
                    .part(depth, &[])
                    .err()
                    .unwrap_or(ShellError::UnexpectedEnd),
                Some(_) => ShellError::UnexpectedToken {
                    token: self.word(depth)?.literal().unwrap_or_default(),
                },
            });
        }
        self.skip_keyword("do");
        let (body, _) = self.part(depth, &["done"])?;
        Ok(Command::For { name, words, body })
    }

    /// `{ LIST; }`: the `}` closes it only where a command would start.
    fn group(&mut self, depth: usize) -> Result<Command, ShellError> {
        self.skip_keyword("{");
        let (list, _) = self.part(depth, &["}"])?;
        Ok(Command::Group(list))
    }

    /// `( LIST )`: read as `$(…)`'s list is, up to its `)`.
    fn subshell(&mut self, depth: usize) -> Result<Command, ShellError> {
        self.i += 1;
        let (list, _) = self.list(depth + 1, &[])?;
        match self.peek() {
            Some(')') if list.items.is_empty() => Err(ShellError::UnexpectedToken { token: ")".into() }),
            Some(')') => {
                self.i += 1;
                Ok(Command::Subshell(list))
            }
            _ => Err(ShellError::Unclosed { column: self.opened }),
        }
    }

    /// `case WORD in … esac`, over lines or on one, each arm's patterns
    /// after an optional `(`, separated by `|`, closed by `)`.
    fn case_command(&mut self, depth: usize) -> Result<Command, ShellError> {
        self.skip_keyword("case");
        self.blanks(false);
        // bash's complaint about what stands at the cursor.
        let token = |sc: &mut Self| match sc.operator() {
            Some(op) => ShellError::UnexpectedToken { token: op.to_string() },
            None if sc.peek().is_none() => ShellError::Unclosed { column: sc.opened },
            None => {
                let word = sc.word(depth + 1).ok().and_then(|w| w.literal()).filter(|w| !w.is_empty());
                ShellError::UnexpectedToken { token: word.or_else(|| sc.peek().map(String::from)).unwrap_or_default() }
            }
        };
        if self.operator().is_some() || self.peek().is_none() {
            return Err(token(self));
        }
        let subject = self.word(depth)?;
        self.blanks(true);
        if self.keyword() != Some("in") {
            return Err(match self.peek() {
                None => ShellError::Unclosed { column: self.opened },
                Some(_) if self.operator().is_some() => token(self),
                Some(_) => ShellError::UnexpectedToken { token: self.word(depth)?.literal().unwrap_or_default() },
            });
        }
        self.skip_keyword("in");
        let mut arms = Vec::new();
        loop {
            self.blanks(true);
            if self.peek() == Some('#') {
                self.skip_comment();
                continue;
            }
            if self.keyword() == Some("esac") {
                self.skip_keyword("esac");
                return Ok(Command::Case { subject, arms });
            }
            if self.peek() == Some('(') {
                self.i += 1;
                self.blanks(false);
            }
            let mut patterns = Vec::new();
            loop {
                self.blanks(false);
                if self.operator().is_some() || self.peek().is_none() {
                    return Err(token(self));
                }
                // Inside, `)` ends the word, as in `$(…)`.
                patterns.push(self.word(depth + 1)?);
                self.blanks(false);
                match self.peek() {
                    Some('|') if self.peek_at(1) != Some('|') => self.i += 1,
                    Some(')') => {
                        self.i += 1;
                        break;
                    }
                    _ => return Err(token(self)),
                }
            }
            let (body, closer) = self.list(depth, CASE_ARM)?;
            arms.push((patterns, body));
            match closer {
                Some("esac") => return Ok(Command::Case { subject, arms }),
                Some(_) => {}
                None if self.peek().is_none() => return Err(ShellError::Unclosed { column: self.opened }),
                None => return Err(token(self)),
            }
        }
    }

    fn if_command(&mut self, depth: usize) -> Result<Command, ShellError> {
        self.skip_keyword("if");
        let mut branches = Vec::new();
        loop {
            let (condition, _) = self.part(depth, &["then"])?;
            let (then, closer) = self.part(depth, &["elif", "else", "fi"])?;
            branches.push((condition, then));
            match closer {
                "elif" => continue,
                "else" => {
                    let (otherwise, _) = self.part(depth, &["fi"])?;
                    return Ok(Command::If {
                        branches,
                        otherwise: Some(otherwise),
                    });
                }
                _ => {
                    return Ok(Command::If {
                        branches,
                        otherwise: None,
                    })
                }
            }
        }
    }

    fn while_loop(&mut self, depth: usize, until: bool) -> Result<Command, ShellError> {
        let column = self.column();
        self.skip_keyword(if until { "until" } else { "while" });
        let (condition, _) = self.part(depth, &["do"])?;
        let (body, _) = self.part(depth, &["done"])?;
        // A condition that cannot change would loop until the cap: say so now.
        let constant = condition.simple().and_then(|p| match p.stages.as_slice() {
            [words] if p.output.is_none() && words.len() == 1 => words[0].literal(),
            _ => None,
        });
        if matches!(
            (until, constant.as_deref()),
            (false, Some("true" | ":")) | (true, Some("false"))
        ) {
            return Err(ShellError::Endless { column });
        }
        Ok(Command::While {
            until,
            condition,
            body,
        })
    }
}
