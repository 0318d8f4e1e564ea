//! Parsing: tokens into the tree of text, actions and control
//! structures, with text/template's parse errors.

use super::*;

#[derive(Clone, Debug)]
pub(super) enum Node {
    Text(String),
    Action(Pipe),
    If(Control),
    Range(Control),
    With(Control),
    Break,
    Continue,
    /// `{{template "name" …}}`: with no `{{define}}` here, never defined.
    Template { pos: usize, name: String, shown: String, pipe: Option<Pipe> },
}

#[derive(Clone, Debug)]
pub(super) struct Control {
    pub(super) pipe: Pipe,
    pub(super) list: Vec<Node>,
    pub(super) else_list: Option<Vec<Node>>,
}

#[derive(Clone, Debug)]
pub(super) struct Pipe {
    pub(super) pos: usize,
    pub(super) decl: Vec<String>,
    pub(super) is_assign: bool,
    pub(super) cmds: Vec<Cmd>,
}

#[derive(Clone, Debug)]
pub(super) struct Cmd {
    pub(super) pos: usize,
    pub(super) args: Vec<Arg>,
}

#[derive(Clone, Debug)]
pub(super) enum Num {
    Int(i64),
    Float(f64),
}

#[derive(Clone, Debug)]
pub(super) enum Arg {
    Field { pos: usize, idents: Vec<String> },
    Var { pos: usize, name: String, idents: Vec<String> },
    Chain { pos: usize, node: Box<Arg>, idents: Vec<String> },
    Ident { pos: usize, name: String },
    Pipe(Box<Pipe>),
    Dot(usize),
    Nil(usize),
    Bool(usize, bool),
    Number { pos: usize, text: String, num: Num },
    Str { pos: usize, quoted: String, text: String },
}

impl Arg {
    pub(super) fn pos(&self) -> usize {
        match self {
            Arg::Field { pos, .. } | Arg::Var { pos, .. } | Arg::Chain { pos, .. } | Arg::Ident { pos, .. } | Arg::Number { pos, .. } | Arg::Str { pos, .. } => *pos,
            Arg::Pipe(p) => p.pos,
            Arg::Dot(p) | Arg::Nil(p) | Arg::Bool(p, _) => *p,
        }
    }
}

pub(super) fn fields_text(idents: &[String]) -> String {
    idents.iter().map(|i| format!(".{i}")).collect()
}

impl std::fmt::Display for Arg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Arg::Field { idents, .. } => write!(f, "{}", fields_text(idents)),
            Arg::Var { name, idents, .. } => write!(f, "{name}{}", fields_text(idents)),
            Arg::Chain { node, idents, .. } => match &**node {
                Arg::Pipe(p) => write!(f, "({p}){}", fields_text(idents)),
                n => write!(f, "{n}{}", fields_text(idents)),
            },
            Arg::Ident { name, .. } => write!(f, "{name}"),
            Arg::Pipe(p) => write!(f, "{p}"),
            Arg::Dot(_) => write!(f, "."),
            Arg::Nil(_) => write!(f, "nil"),
            Arg::Bool(_, b) => write!(f, "{b}"),
            Arg::Number { text, .. } => write!(f, "{text}"),
            Arg::Str { quoted, .. } => write!(f, "{quoted}"),
        }
    }
}

impl std::fmt::Display for Cmd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, a) in self.args.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            match a {
                Arg::Pipe(p) => write!(f, "({p})")?,
                a => write!(f, "{a}")?,
            }
        }
        Ok(())
    }
}

impl std::fmt::Display for Pipe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.decl.is_empty() {
            write!(f, "{} {} ", self.decl.join(", "), if self.is_assign { "=" } else { ":=" })?;
        }
        for (i, c) in self.cmds.iter().enumerate() {
            if i > 0 {
                write!(f, " | ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

pub(super) const FUNCS: &[&str] = &[
    "and", "base64decode", "call", "exists", "html", "index", "js", "len", "not", "or", "print", "printf", "println", "slice", "urlquery", "eq", "ge", "gt", "le", "lt", "ne",
];

/// What `{{end}}`/`{{else}}` ended a list.
pub(super) enum Ender {
    End,
    Else,
}

pub(super) struct Parser {
    pub(super) items: Vec<Item>,
    pub(super) i: usize,
    /// Line of the token most recently read, which parse errors name.
    pub(super) line: usize,
    pub(super) vars: Vec<String>,
    pub(super) range_depth: usize,
    pub(super) depth: usize,
    pub(super) action_line: usize,
    pub(super) defined: Vec<(String, Vec<Node>)>,
}

pub(super) type PResult<T> = Result<T, String>;

impl Parser {
    pub(super) fn next(&mut self) -> Item {
        let it = self.items.get(self.i).cloned().unwrap_or(Item { tok: Tok::Eof, pos: 0, line: self.line });
        if self.i < self.items.len() {
            self.i += 1;
        }
        self.line = it.line;
        it
    }
    pub(super) fn backup(&mut self) {
        self.i = self.i.saturating_sub(1);
    }
    pub(super) fn peek(&self) -> Tok {
        self.items.get(self.i).map_or(Tok::Eof, |i| i.tok.clone())
    }
    pub(super) fn next_non_space(&mut self) -> Item {
        loop {
            let t = self.next();
            if t.tok != Tok::Space {
                return t;
            }
        }
    }
    /// The next token that is not a space, leaving the spaces consumed.
    pub(super) fn peek_non_space(&mut self) -> Item {
        while self.peek() == Tok::Space {
            self.i += 1;
        }
        self.items.get(self.i).cloned().unwrap_or(Item { tok: Tok::Eof, pos: 0, line: self.line })
    }
    pub(super) fn err<T>(&self, msg: String) -> PResult<T> {
        Err(format!("template: {NAME}:{}: {msg}", self.line))
    }
    pub(super) fn unexpected<T>(&self, item: &Item, context: &str) -> PResult<T> {
        if let Tok::Error(e) = &item.tok {
            let mut extra = String::new();
            if self.action_line != 0 && self.action_line != item.line {
                extra = format!(" in action started at {NAME}:{}", self.action_line);
                if e.ends_with(" action") {
                    extra = extra[" in action".len()..].to_string();
                }
            }
            return self.err(format!("{e}{extra}"));
        }
        self.err(format!("unexpected {} in {context}", item.describe()))
    }

    pub(super) fn parse(&mut self) -> PResult<Vec<Node>> {
        let mut list = Vec::new();
        while self.peek() != Tok::Eof {
            if self.peek() == Tok::LeftDelim {
                let save = self.i;
                self.next();
                if self.next_non_space().tok == Tok::Keyword("define") {
                    self.definition()?;
                    continue;
                }
                self.i = save;
            }
            match self.text_or_action()? {
                (_, Some(Ender::End)) => return self.err("unexpected {{end}}".into()),
                (_, Some(Ender::Else)) => return self.err("unexpected {{else}}".into()),
                (Some(n), None) => list.push(n),
                (None, None) => {}
            }
        }
        Ok(list)
    }

    /// `{{define "name"}} … {{end}}`, the keyword read; its own variables.
    pub(super) fn definition(&mut self) -> PResult<()> {
        let name = self.next_non_space();
        let (Tok::Str(q) | Tok::RawStr(q)) = &name.tok else { return self.unexpected(&name, "define clause") };
        let Some(unquoted) = unquote(q) else { return self.err("invalid syntax".into()) };
        let t = self.next_non_space();
        if t.tok != Tok::RightDelim {
            return self.unexpected(&t, "define clause");
        }
        let outer = std::mem::replace(&mut self.vars, vec!["$".into()]);
        let (list, end) = self.item_list()?;
        self.vars = outer;
        if let Ender::Else = end {
            return self.err("unexpected {{else}} in define clause".into());
        }
        self.defined.retain(|(n, _)| *n != unquoted);
        self.defined.push((unquoted, list));
        Ok(())
    }

    pub(super) fn item_list(&mut self) -> PResult<(Vec<Node>, Ender)> {
        let mut list = Vec::new();
        while self.peek_non_space().tok != Tok::Eof {
            match self.text_or_action()? {
                (_, Some(e)) => return Ok((list, e)),
                (Some(n), None) => list.push(n),
                (None, None) => {}
            }
        }
        self.err("unexpected EOF".into())
    }

    pub(super) fn text_or_action(&mut self) -> PResult<(Option<Node>, Option<Ender>)> {
        let t = self.next_non_space();
        match t.tok {
            Tok::Text(s) => Ok((Some(Node::Text(s)), None)),
            Tok::LeftDelim => {
                self.action_line = t.line;
                let r = self.action();
                self.action_line = 0;
                r
            }
            _ => self.unexpected(&t, "input"),
        }
    }

    pub(super) fn action(&mut self) -> PResult<(Option<Node>, Option<Ender>)> {
        let t = self.next_non_space();
        match t.tok {
            Tok::Keyword("else") => {
                let p = self.peek_non_space();
                if matches!(p.tok, Tok::Keyword("if" | "with")) {
                    return Ok((None, Some(Ender::Else)));
                }
                let t = self.next_non_space();
                if t.tok != Tok::RightDelim {
                    return self.unexpected(&t, "else");
                }
                Ok((None, Some(Ender::Else)))
            }
            Tok::Keyword("end") => {
                let t = self.next_non_space();
                if t.tok != Tok::RightDelim {
                    return self.unexpected(&t, "end");
                }
                Ok((None, Some(Ender::End)))
            }
            Tok::Keyword(k @ ("if" | "range" | "with")) => Ok((Some(self.control(k)?), None)),
            Tok::Keyword(k @ ("break" | "continue")) => {
                let t = self.next_non_space();
                if t.tok != Tok::RightDelim {
                    return self.unexpected(&t, &format!("{{{{{k}}}}}"));
                }
                if self.range_depth == 0 {
                    return self.err(format!("{{{{{k}}}}} outside {{{{range}}}}"));
                }
                Ok((Some(if k == "break" { Node::Break } else { Node::Continue }), None))
            }
            Tok::Keyword("block") => {
                let name = self.next_non_space();
                let (Tok::Str(q) | Tok::RawStr(q)) = &name.tok else { return self.unexpected(&name, "block clause") };
                let Some(unquoted) = unquote(q) else { return self.err("invalid syntax".into()) };
                let pipe = self.pipeline("block clause", Tok::RightDelim)?;
                let outer = std::mem::replace(&mut self.vars, vec!["$".into()]);
                let (list, end) = self.item_list()?;
                self.vars = outer;
                if let Ender::Else = end {
                    return self.err("unexpected {{else}} in block clause".into());
                }
                self.defined.retain(|(n, _)| *n != unquoted);
                self.defined.push((unquoted.clone(), list));
                let shown = format!("{{{{template {} {pipe}}}}}", gofmt::quote(&unquoted));
                Ok((Some(Node::Template { pos: name.pos, name: unquoted, shown, pipe: Some(pipe) }), None))
            }
            Tok::Keyword("template") => {
                let name = self.next_non_space();
                let quoted = match &name.tok {
                    Tok::Str(q) | Tok::RawStr(q) => q.clone(),
                    _ => return self.unexpected(&name, "template clause"),
                };
                let Some(unquoted) = unquote(&quoted) else { return self.err("invalid syntax".into()) };
                let mut text = format!("{{{{template {}", gofmt::quote(&unquoted));
                let mut pipe = None;
                if self.next_non_space().tok != Tok::RightDelim {
                    self.backup();
                    let p = self.pipeline("template clause", Tok::RightDelim)?;
                    text.push_str(&format!(" {p}"));
                    pipe = Some(p);
                }
                text.push_str("}}");
                Ok((Some(Node::Template { pos: name.pos, name: unquoted, shown: text, pipe }), None))
            }
            Tok::Keyword(k) => self.err(format!("(playground) {{{{{k}}}}} is not supported here")),
            _ => {
                self.backup();
                Ok((Some(Node::Action(self.pipeline("command", Tok::RightDelim)?)), None))
            }
        }
    }

    fn control(&mut self, context: &'static str) -> PResult<Node> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("max expression depth exceeded".into());
        }
        let mark = self.vars.len();
        let pipe = self.pipeline(context, Tok::RightDelim)?;
        if context == "range" {
            self.range_depth += 1;
        }
        let (list, ender) = self.item_list()?;
        if context == "range" {
            self.range_depth -= 1;
        }
        let else_list = match ender {
            Ender::End => None,
            Ender::Else => {
                let nested = match self.peek_non_space().tok {
                    Tok::Keyword("if") if context == "if" => Some("if"),
                    Tok::Keyword("with") if context == "with" => Some("with"),
                    _ => None,
                };
                match nested {
                    Some(k) => {
                        self.next_non_space();
                        Some(vec![self.control(k)?])
                    }
                    None => {
                        let (l, e) = self.item_list()?;
                        if let Ender::Else = e {
                            return self.err("expected end; found {{else}}".into());
                        }
                        Some(l)
                    }
                }
            }
        };
        self.vars.truncate(mark);
        self.depth -= 1;
        let c = Control { pipe, list, else_list };
        Ok(match context {
            "if" => Node::If(c),
            "range" => Node::Range(c),
            _ => Node::With(c),
        })
    }

    fn pipeline(&mut self, context: &str, end: Tok) -> PResult<Pipe> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("max expression depth exceeded".into());
        }
        let start = self.peek_non_space();
        let mut pipe = Pipe { pos: start.pos, decl: Vec::new(), is_assign: false, cmds: Vec::new() };
        // Declarations: `$x :=`, `$x =`, `$i, $e :=`.
        loop {
            let v = self.peek_non_space();
            let Tok::Variable(name) = &v.tok else { break };
            let save = self.i;
            self.next_non_space();
            let n = self.peek_non_space();
            match n.tok {
                Tok::Declare | Tok::Assign => {
                    pipe.is_assign = n.tok == Tok::Assign;
                    self.next_non_space();
                    pipe.decl.push(name.clone());
                    self.vars.push(name.clone());
                    break;
                }
                Tok::Char(',') => {
                    self.next_non_space();
                    pipe.decl.push(name.clone());
                    self.vars.push(name.clone());
                    if context == "range" && pipe.decl.len() < 2 {
                        match self.peek_non_space().tok {
                            Tok::Variable(_) | Tok::RightDelim | Tok::RParen => continue,
                            _ => return self.err("range can only initialize variables".into()),
                        }
                    }
                    return self.err(format!("too many declarations in {context}"));
                }
                _ => {
                    self.i = save;
                    break;
                }
            }
        }
        loop {
            let t = self.next_non_space();
            match &t.tok {
                tok if *tok == end => {
                    if pipe.cmds.is_empty() {
                        return self.err(format!("missing value for {context}"));
                    }
                    for (i, c) in pipe.cmds.iter().enumerate().skip(1) {
                        if matches!(c.args.first(), Some(Arg::Bool(..) | Arg::Dot(_) | Arg::Nil(_) | Arg::Number { .. } | Arg::Str { .. })) {
                            return self.err(format!("non executable command in pipeline stage {}", i + 1));
                        }
                    }
                    self.depth -= 1;
                    return Ok(pipe);
                }
                Tok::Bool(_) | Tok::CharConst(_) | Tok::Dot | Tok::Field(_) | Tok::Ident(_) | Tok::Number(_) | Tok::Nil | Tok::RawStr(_) | Tok::Str(_) | Tok::Variable(_) | Tok::LParen => {
                    self.backup();
                    let c = self.command()?;
                    pipe.cmds.push(c);
                }
                _ => return self.unexpected(&t, context),
            }
        }
    }

    fn command(&mut self) -> PResult<Cmd> {
        let pos = self.peek_non_space().pos;
        let mut cmd = Cmd { pos, args: Vec::new() };
        loop {
            self.peek_non_space();
            if let Some(a) = self.operand()? {
                cmd.args.push(a);
            }
            let t = self.next();
            match t.tok {
                Tok::Space => continue,
                Tok::RightDelim | Tok::RParen => self.backup(),
                Tok::Pipe => {}
                _ => return self.unexpected(&t, "operand"),
            }
            break;
        }
        if cmd.args.is_empty() {
            return self.err("empty command".into());
        }
        Ok(cmd)
    }

    fn operand(&mut self) -> PResult<Option<Arg>> {
        let Some(node) = self.term()? else { return Ok(None) };
        if !matches!(self.peek(), Tok::Field(_)) {
            return Ok(Some(node));
        }
        let chain_pos = self.items.get(self.i).map_or(0, |i| i.pos);
        let mut idents = Vec::new();
        while let Tok::Field(f) = self.peek() {
            self.next();
            idents.push(f[1..].to_string());
        }
        Ok(Some(match node {
            Arg::Field { idents: mut first, .. } => {
                first.extend(idents);
                Arg::Field { pos: chain_pos, idents: first }
            }
            Arg::Var { name, idents: mut first, .. } => {
                first.extend(idents);
                Arg::Var { pos: chain_pos, name, idents: first }
            }
            Arg::Bool(..) | Arg::Str { .. } | Arg::Number { .. } | Arg::Nil(_) | Arg::Dot(_) => {
                return self.err(format!("unexpected . after term {}", gofmt::quote(&node.to_string())));
            }
            node => Arg::Chain { pos: chain_pos, node: Box::new(node), idents },
        }))
    }

    fn term(&mut self) -> PResult<Option<Arg>> {
        let t = self.next_non_space();
        Ok(Some(match t.tok {
            Tok::Ident(name) => {
                if !FUNCS.contains(&name.as_str()) {
                    return self.err(format!("function {} not defined", gofmt::quote(&name)));
                }
                Arg::Ident { pos: t.pos, name }
            }
            Tok::Dot => Arg::Dot(t.pos),
            Tok::Nil => Arg::Nil(t.pos),
            Tok::Variable(name) => {
                if !self.vars.contains(&name) {
                    return self.err(format!("undefined variable {}", gofmt::quote(&name)));
                }
                Arg::Var { pos: t.pos, name, idents: Vec::new() }
            }
            Tok::Field(f) => Arg::Field { pos: t.pos, idents: vec![f[1..].to_string()] },
            Tok::Bool(b) => Arg::Bool(t.pos, b),
            Tok::Number(text) | Tok::CharConst(text) => {
                let num = number(&text).ok_or(()).or_else(|_| self.err(format!("illegal number syntax: {}", gofmt::quote(&text))))?;
                Arg::Number { pos: t.pos, text, num }
            }
            Tok::LParen => Arg::Pipe(Box::new(self.pipeline("parenthesized pipeline", Tok::RParen)?)),
            Tok::Str(q) | Tok::RawStr(q) => match unquote(&q) {
                Some(text) => Arg::Str { pos: t.pos, quoted: q, text },
                None => return self.err("invalid syntax".into()),
            },
            _ => {
                self.backup();
                return Ok(None);
            }
        }))
    }
}

/// A number literal's value as Go's `idealConstant` gives it: `int` when
/// integral (a character constant too), else `float64`.
pub(super) fn number(text: &str) -> Option<Num> {
    if text.starts_with('\'') {
        let s = unquote(text)?;
        return s.chars().next().map(|c| Num::Int(c as i64));
    }
    if text.ends_with('i') {
        return None;
    }
    let clean = text.replace('_', "");
    let (neg, body) = match clean.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, clean.strip_prefix('+').unwrap_or(&clean)),
    };
    let lower = body.to_ascii_lowercase();
    let int = if let Some(h) = lower.strip_prefix("0x") {
        i64::from_str_radix(h, 16).ok()
    } else if let Some(o) = lower.strip_prefix("0o") {
        i64::from_str_radix(o, 8).ok()
    } else if let Some(b) = lower.strip_prefix("0b") {
        i64::from_str_radix(b, 2).ok()
    } else if lower.len() > 1 && lower.starts_with('0') && lower.bytes().all(|b| b.is_ascii_digit()) {
        i64::from_str_radix(&lower[1..], 8).ok()
    } else {
        lower.parse::<i64>().ok()
    };
    if let Some(i) = int {
        return Some(Num::Int(if neg { -i } else { i }));
    }
    if lower.starts_with("0x") || lower.is_empty() || lower == "." {
        return None;
    }
    let f: f64 = lower.parse().ok()?;
    if f.is_infinite() {
        return None;
    }
    Some(Num::Float(if neg { -f } else { f }))
}
