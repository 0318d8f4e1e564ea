//! The part of awk that one-liners over kubectl's tables use: rules of an
//! optional condition (`NR>1`, `$3=="Running"`, `/re/`, `$1 ~ /re/`) and
//! an action of `print` / `printf` statements over fields, `NF`, `NR`,
//! strings and numbers; `-F`. Anything else is refused by name rather than
//! run wrongly.

use super::args;
use super::tools::{lines, printf_once, read_inputs, Input, Out};
use kubeplay_model::regex::{Regex, Syntax};

const REFUSED: &str = "(playground) only programs of print/printf rules, each with an optional condition (NR>1, $3==\"Running\", /regex/), are supported here";

#[derive(Debug)]
enum Expr {
    Field(Box<Expr>),
    Nf,
    Nr,
    Str(String),
    Num(f64),
    Concat(Vec<Expr>),
    Arith(Box<Expr>, char, Box<Expr>),
    Cmp(Box<Expr>, &'static str, Box<Expr>),
    Match(Box<Expr>, bool, Regex),
    Not(Box<Expr>),
}

#[derive(Debug)]
enum Stmt {
    Print(Vec<Expr>),
    Printf(Vec<Expr>),
}

#[derive(Debug)]
struct Rule {
    cond: Option<Expr>,
    action: Option<Vec<Stmt>>,
}

/// A value as awk keeps it: a number, a string, or a field's text that
/// compares as a number when it looks like one.
#[derive(Clone, Debug)]
enum Value {
    Num(f64),
    Str(String),
    StrNum(String),
}

impl Value {
    fn text(&self) -> String {
        match self {
            Value::Num(n) => number_text(*n),
            Value::Str(s) | Value::StrNum(s) => s.clone(),
        }
    }

    fn number(&self) -> f64 {
        match self {
            Value::Num(n) => *n,
            Value::Str(s) | Value::StrNum(s) => leading_number(s),
        }
    }

    fn looks_numeric(&self) -> bool {
        match self {
            Value::Num(_) => true,
            Value::Str(_) => false,
            Value::StrNum(s) => {
                let t = s.trim_matches([' ', '\t', '\n']);
                !t.is_empty()
                    && t.parse::<f64>().is_ok()
                    && !t.contains(['i', 'I', 'n', 'N', 'x', 'X'])
            }
        }
    }

    fn truthy(&self) -> bool {
        match self {
            Value::Num(n) => *n != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::StrNum(_) if self.looks_numeric() => self.number() != 0.0,
            Value::StrNum(s) => !s.is_empty(),
        }
    }
}

/// awk's output of a number: integers whole, others as `%.6g`.
fn number_text(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e16 {
        return format!("{}", n as i64);
    }
    // The exponent %g decides by is the one after rounding to 6 digits.
    let sci = format!("{n:.5e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..6).contains(&exp) {
        let m = mantissa.trim_end_matches('0').trim_end_matches('.');
        return format!("{m}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    }
    let decimals = (5 - exp).max(0) as usize;
    let s = format!("{n:.decimals$}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn leading_number(s: &str) -> f64 {
    let t = s.trim_start_matches([' ', '\t', '\n']);
    let b = t.as_bytes();
    let mut end = 0;
    if end < b.len() && (b[end] == b'-' || b[end] == b'+') {
        end += 1;
    }
    while end < b.len() && (b[end].is_ascii_digit() || b[end] == b'.') {
        end += 1;
    }
    t[..end].parse().unwrap_or(0.0)
}

struct Parser {
    src: Vec<char>,
    i: usize,
}

impl Parser {
    fn ws(&mut self, newlines: bool) {
        while let Some(&c) = self.src.get(self.i) {
            if c == ' ' || c == '\t' || (newlines && c == '\n') {
                self.i += 1;
            } else {
                break;
            }
        }
    }

    fn peek(&self) -> Option<char> {
        self.src.get(self.i).copied()
    }

    fn eat(&mut self, s: &str) -> bool {
        let n = s.chars().count();
        if self.src.len() >= self.i + n
            && self.src[self.i..self.i + n].iter().copied().eq(s.chars())
        {
            self.i += n;
            true
        } else {
            false
        }
    }

    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            w.push(c);
            self.i += 1;
        }
        w
    }

    fn program(&mut self) -> Result<Vec<Rule>, ()> {
        let mut rules = Vec::new();
        loop {
            self.ws(true);
            while self.eat(";") {
                self.ws(true);
            }
            if self.peek().is_none() {
                break;
            }
            let cond = if self.peek() == Some('{') {
                None
            } else {
                Some(self.condition()?)
            };
            self.ws(false);
            let action = if self.eat("{") {
                Some(self.action()?)
            } else {
                None
            };
            if cond.is_none() && action.is_none() {
                return Err(());
            }
            rules.push(Rule { cond, action });
        }
        if rules.is_empty() {
            return Err(());
        }
        Ok(rules)
    }

    fn action(&mut self) -> Result<Vec<Stmt>, ()> {
        let mut stmts = Vec::new();
        loop {
            self.ws(true);
            if self.eat("}") {
                return Ok(stmts);
            }
            if self.eat(";") {
                continue;
            }
            let kw = self.word();
            let printf = match kw.as_str() {
                "print" => false,
                "printf" => true,
                _ => return Err(()),
            };
            self.ws(false);
            let parens = self.peek() == Some('(') && !printf && self.paren_list_ahead();
            if parens {
                self.i += 1;
            }
            let mut items = Vec::new();
            self.ws(false);
            if !matches!(self.peek(), Some(';' | '}' | '\n') | None) {
                loop {
                    items.push(self.concat()?);
                    self.ws(false);
                    if !self.eat(",") {
                        break;
                    }
                    self.ws(true);
                }
            }
            if parens && !self.eat(")") {
                return Err(());
            }
            if printf && items.is_empty() {
                return Err(());
            }
            stmts.push(if printf {
                Stmt::Printf(items)
            } else {
                Stmt::Print(items)
            });
            self.ws(false);
            if !matches!(self.peek(), Some(';' | '}' | '\n')) {
                return Err(());
            }
        }
    }

    /// Whether `print (` opens the whole list rather than a grouped term.
    fn paren_list_ahead(&self) -> bool {
        let mut depth = 0;
        for (k, &c) in self.src[self.i..].iter().enumerate() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        let rest: String = self.src[self.i + k + 1..].iter().collect();
                        return matches!(
                            rest.trim_start_matches([' ', '\t']).chars().next(),
                            Some(';' | '}' | '\n') | None
                        );
                    }
                }
                '"' => return false,
                _ => {}
            }
        }
        false
    }

    fn condition(&mut self) -> Result<Expr, ()> {
        self.ws(false);
        if self.eat("!") {
            return Ok(Expr::Not(Box::new(self.condition()?)));
        }
        if self.peek() == Some('/') {
            return Ok(Expr::Match(
                Box::new(Expr::Field(Box::new(Expr::Num(0.0)))),
                true,
                self.regex()?,
            ));
        }
        let left = self.concat()?;
        self.ws(false);
        for op in ["==", "!=", "<=", ">=", "!~", "~", "<", ">"] {
            if self.eat(op) {
                self.ws(false);
                if op.ends_with('~') {
                    if self.peek() != Some('/') {
                        return Err(());
                    }
                    return Ok(Expr::Match(Box::new(left), op == "~", self.regex()?));
                }
                let right = self.concat()?;
                return Ok(Expr::Cmp(Box::new(left), op, Box::new(right)));
            }
        }
        Ok(left)
    }

    fn regex(&mut self) -> Result<Regex, ()> {
        self.i += 1;
        let mut pat = String::new();
        loop {
            match self.peek() {
                None => return Err(()),
                Some('/') => {
                    self.i += 1;
                    break;
                }
                Some('\\') if self.src.get(self.i + 1) == Some(&'/') => {
                    pat.push('/');
                    self.i += 2;
                }
                Some(c) => {
                    pat.push(c);
                    self.i += 1;
                }
            }
        }
        Regex::new(&pat, Syntax::Extended).map_err(|_| ())
    }

    /// Terms written side by side: their texts joined.
    fn concat(&mut self) -> Result<Expr, ()> {
        let mut terms = vec![self.sum()?];
        loop {
            self.ws(false);
            match self.peek() {
                Some('$' | '"' | '(') => terms.push(self.sum()?),
                Some(c) if c.is_ascii_alphanumeric() || c == '.' => terms.push(self.sum()?),
                _ => break,
            }
        }
        Ok(if terms.len() == 1 {
            terms.remove(0)
        } else {
            Expr::Concat(terms)
        })
    }

    fn sum(&mut self) -> Result<Expr, ()> {
        let mut left = self.primary()?;
        loop {
            self.ws(false);
            let Some(op @ ('+' | '-' | '*' | '/' | '%')) = self.peek() else {
                break;
            };
            self.i += 1;
            self.ws(false);
            let right = self.primary()?;
            left = Expr::Arith(Box::new(left), op, Box::new(right));
        }
        Ok(left)
    }

    fn primary(&mut self) -> Result<Expr, ()> {
        self.ws(false);
        match self.peek() {
            Some('$') => {
                self.i += 1;
                Ok(Expr::Field(Box::new(self.primary()?)))
            }
            Some('(') => {
                self.i += 1;
                let e = self.sum()?;
                self.ws(false);
                if !self.eat(")") {
                    return Err(());
                }
                Ok(e)
            }
            Some('"') => {
                self.i += 1;
                let mut s = String::new();
                loop {
                    match self.peek() {
                        None => return Err(()),
                        Some('"') => {
                            self.i += 1;
                            break;
                        }
                        Some('\\') => {
                            self.i += 1;
                            let e = self.peek().ok_or(())?;
                            self.i += 1;
                            let c = match e {
                                'n' => '\n',
                                't' => '\t',
                                'r' => '\r',
                                '\\' | '"' | '/' => e,
                                other => {
                                    s.push('\\');
                                    other
                                }
                            };
                            s.push(c);
                        }
                        Some(c) => {
                            s.push(c);
                            self.i += 1;
                        }
                    }
                }
                Ok(Expr::Str(s))
            }
            Some(c) if c.is_ascii_digit() || c == '.' => {
                let mut n = String::new();
                while let Some(d) = self.peek().filter(|d| d.is_ascii_digit() || *d == '.') {
                    n.push(d);
                    self.i += 1;
                }
                n.parse().map(Expr::Num).map_err(|_| ())
            }
            Some('-') => {
                self.i += 1;
                let e = self.primary()?;
                Ok(Expr::Arith(Box::new(Expr::Num(0.0)), '-', Box::new(e)))
            }
            _ => match self.word().as_str() {
                "NF" => Ok(Expr::Nf),
                "NR" | "FNR" => Ok(Expr::Nr),
                _ => Err(()),
            },
        }
    }
}

struct Record<'a> {
    line: &'a str,
    fields: Vec<&'a str>,
    nr: usize,
}

fn eval(e: &Expr, r: &Record) -> Result<Value, String> {
    Ok(match e {
        Expr::Field(i) => {
            let n = eval(i, r)?.number();
            if n < 0.0 {
                return Err(format!(
                    "awk: cmd. line:1: (FILENAME=- FNR={}) fatal: attempt to access field {}\n",
                    r.nr, n as i64
                ));
            }
            let n = n as usize;
            Value::StrNum(if n == 0 {
                r.line.to_string()
            } else {
                r.fields.get(n - 1).map_or(String::new(), |f| f.to_string())
            })
        }
        Expr::Nf => Value::Num(r.fields.len() as f64),
        Expr::Nr => Value::Num(r.nr as f64),
        Expr::Str(s) => Value::Str(s.clone()),
        Expr::Num(n) => Value::Num(*n),
        Expr::Concat(parts) => {
            let mut s = String::new();
            for p in parts {
                s.push_str(&eval(p, r)?.text());
            }
            Value::Str(s)
        }
        Expr::Arith(a, op, b) => {
            let (x, y) = (eval(a, r)?.number(), eval(b, r)?.number());
            Value::Num(match op {
                '+' => x + y,
                '-' => x - y,
                '*' => x * y,
                _ if y == 0.0 => {
                    return Err(format!(
                        "awk: cmd. line:1: (FILENAME=- FNR={}) fatal: division by zero attempted\n",
                        r.nr
                    ))
                }
                '/' => x / y,
                _ => x % y,
            })
        }
        Expr::Cmp(a, op, b) => {
            let (x, y) = (eval(a, r)?, eval(b, r)?);
            let o = if x.looks_numeric() && y.looks_numeric() {
                x.number()
                    .partial_cmp(&y.number())
                    .unwrap_or(std::cmp::Ordering::Equal)
            } else {
                x.text().cmp(&y.text())
            };
            let yes = match *op {
                "==" => o.is_eq(),
                "!=" => o.is_ne(),
                "<" => o.is_lt(),
                "<=" => o.is_le(),
                ">" => o.is_gt(),
                _ => o.is_ge(),
            };
            Value::Num(f64::from(u8::from(yes)))
        }
        Expr::Match(a, want, re) => Value::Num(f64::from(u8::from(
            re.is_match(&eval(a, r)?.text()) == *want,
        ))),
        Expr::Not(a) => Value::Num(f64::from(u8::from(!eval(a, r)?.truthy()))),
    })
}

pub fn awk(name: &str, args: &[String], input: &Input) -> Out {
    let parsed = match args::parse(
        name,
        args,
        "F:v:f:",
        &[
            ("field-separator", 'F', Some(true)),
            ("assign", 'v', Some(true)),
            ("file", 'f', Some(true)),
        ],
    ) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 2),
    };
    let mut fs = " ".to_string();
    for (c, v) in &parsed.opts {
        match c {
            'F' => fs = v.clone().unwrap_or_default(),
            _ => return Out::fail(format!("{name}: {REFUSED} (not -{c})\n"), 2),
        }
    }
    let mut operands = parsed.operands.into_iter();
    let Some(source) = operands.next() else {
        return Out::fail(format!("usage: {name} [-F fs] 'program' [file ...]\n"), 2);
    };
    let files: Vec<String> = operands.collect();
    let mut parser = Parser {
        src: source.chars().collect(),
        i: 0,
    };
    let rules = match parser.program() {
        Ok(r) => r,
        Err(()) => return Out::fail(format!("{name}: {REFUSED}\n"), 2),
    };
    let splitter: Option<Regex> = match fs.as_str() {
        " " => None,
        "\\t" | "\t" => Regex::new("\t", Syntax::Fixed).ok(),
        f if f.chars().count() == 1 => Regex::new(f, Syntax::Fixed).ok(),
        f => match Regex::new(f, Syntax::Extended) {
            Ok(re) => Some(re),
            Err(e) => {
                return Out::fail(
                    format!("{name}: fatal: invalid field separator regex: {e}\n"),
                    2,
                )
            }
        },
    };
    let mut out = Out::default();
    let text = read_inputs(name, &files, input, &mut out);
    if out.status != 0 {
        out.status = 2;
        return out;
    }
    for (n, line) in lines(&text).into_iter().enumerate() {
        let fields: Vec<&str> = match &splitter {
            None => line
                .split([' ', '\t', '\n'])
                .filter(|f| !f.is_empty())
                .collect(),
            Some(_) if line.is_empty() => Vec::new(),
            Some(re) => {
                let mut v = Vec::new();
                let mut from = 0;
                let mut at = 0;
                while let Some((s, e)) = re.find_at(line, at) {
                    if e == s {
                        match line[e..].chars().next() {
                            Some(c) => at = e + c.len_utf8(),
                            None => break,
                        }
                        continue;
                    }
                    v.push(&line[from..s]);
                    from = e;
                    at = e;
                }
                v.push(&line[from..]);
                v
            }
        };
        let record = Record {
            line,
            fields,
            nr: n + 1,
        };
        for rule in &rules {
            if let Some(cond) = &rule.cond {
                match eval(cond, &record) {
                    Ok(v) if v.truthy() => {}
                    Ok(_) => continue,
                    Err(e) => {
                        return Out {
                            stderr: e,
                            status: 2,
                            ..out
                        }
                    }
                }
            }
            let Some(stmts) = &rule.action else {
                out.stdout.push_str(line);
                out.stdout.push('\n');
                continue;
            };
            for stmt in stmts {
                let (items, printf) = match stmt {
                    Stmt::Print(items) => (items, false),
                    Stmt::Printf(items) => (items, true),
                };
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    match eval(item, &record) {
                        Ok(v) => values.push(v.text()),
                        Err(e) => {
                            return Out {
                                stderr: e,
                                status: 2,
                                ..out
                            }
                        }
                    }
                }
                if printf {
                    let mut rest: &[String] = &values[1..];
                    let mut o = Out::default();
                    printf_once(&values[0], &mut rest, &mut o);
                    out.stdout.push_str(&o.stdout);
                } else if values.is_empty() {
                    out.stdout.push_str(line);
                    out.stdout.push('\n');
                } else {
                    out.stdout.push_str(&values.join(" "));
                    out.stdout.push('\n');
                }
            }
        }
    }
    out
}
