//! A precedence-climbing parser for CEL's grammar, expanding the macros
//! (`has`, `all`, `exists`, `exists_one`, `map`, `filter`) as it goes.
//! Syntax errors are reported in the words of cel-go's ANTLR parser for
//! the common cases (unexpected token, missing closer, leftover input).

use crate::ast::{Expr, Kind, Macro};
use crate::error::CompileError;
use crate::lexer::{lex, Tok, Token};
use crate::value::Value;

/// What ANTLR says it expected where an operand was missing.
const EXPECTING_OPERAND: &str = "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";

/// cel-go's limit on nesting, against stack exhaustion.
const MAX_DEPTH: usize = 250;

pub fn parse(src: &str) -> Result<Expr, CompileError> {
    let (toks, lex_issues) = lex(src);
    let mut p = Parser {
        src,
        toks,
        pos: 0,
        depth: 0,
        recovered: Vec::new(),
    };
    let parsed = p.expr().and_then(|e| {
        if p.peek() == &Tok::Eof {
            Ok(e)
        } else {
            Err(p.error_here(&format!("{} input '{{}}' expecting <EOF>", p.unwanted())))
        }
    });
    let mut lex_issues = lex_issues;
    lex_issues.append(&mut p.recovered);
    lex_issues.sort_by_key(|i| i.offset);
    match parsed {
        Ok(e) if lex_issues.is_empty() => Ok(e),
        Ok(_) => Err(CompileError {
            source: src.to_string(),
            issues: lex_issues,
        }),
        Err(mut e) => {
            // ANTLR reports in the order it met them: the lexer's first.
            let mut issues = lex_issues;
            for issue in e.issues.drain(..) {
                let at = issues
                    .iter()
                    .position(|i| i.offset > issue.offset)
                    .unwrap_or(issues.len());
                issues.insert(at, issue);
            }
            e.issues = issues;
            Err(e)
        }
    }
}

struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    depth: usize,
    /// Errors ANTLR reports and parses on past (a stray token dropped).
    recovered: Vec<crate::error::Issue>,
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }
    fn at(&self) -> usize {
        self.toks[self.pos].start
    }
    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn is(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    fn eat(&mut self, p: &str) -> bool {
        if self.is(p) {
            self.bump();
            true
        } else {
            false
        }
    }
    /// ANTLR's word for an unexpected token: "extraneous" when dropping it
    /// would leave what was expected (the token after it ends the input),
    /// else "mismatched".
    fn unwanted(&self) -> &'static str {
        match self.toks.get(self.pos + 1).map(|t| &t.tok) {
            Some(Tok::Eof) => "extraneous",
            _ => "mismatched",
        }
    }
    fn cur_text(&self) -> String {
        let t = &self.toks[self.pos];
        t.tok.text(self.src, t.start, t.end)
    }
    /// An error at the current token; `{}` in `fmt` stands for its text.
    fn error_here(&self, fmt: &str) -> CompileError {
        let msg = fmt.replace("{}", &self.cur_text());
        CompileError::new(self.src, self.at(), format!("Syntax error: {msg}"))
    }
    fn expect(&mut self, p: &str) -> Result<(), CompileError> {
        if self.eat(p) {
            return Ok(());
        }
        // ANTLR drops one stray token when the expected one follows it.
        if matches!(self.toks.get(self.pos + 1).map(|t| &t.tok), Some(Tok::Punct(q)) if *q == p) {
            let err = self.error_here(&format!("extraneous input '{{}}' expecting '{p}'"));
            self.recovered.extend(err.issues);
            self.bump();
            self.bump();
            return Ok(());
        }
        Err(self.error_here(&format!("missing '{p}' at '{{}}'")))
    }

    /// One level deeper in the tree being built; cel-go refuses past 250.
    fn enter(&mut self) -> Result<(), CompileError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(CompileError::new(
                self.src,
                self.at(),
                "expression recursion limit exceeded: 250",
            ));
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Expr, CompileError> {
        self.enter()?;
        let cond = self.binary(0)?;
        let out = if self.is("?") {
            let at = self.bump().start;
            let yes = self.binary(0)?;
            self.expect(":")?;
            let no = self.expr()?;
            Expr::new(at, Kind::Cond(Box::new(cond), Box::new(yes), Box::new(no)))
        } else {
            cond
        };
        self.depth -= 1;
        Ok(out)
    }

    /// Binary operators by precedence climbing (one frame per level of
    /// the tree, so deep nesting stays within the stack): each operator
    /// binding at least as tight as `min` joins the left operand.
    fn binary(&mut self, min: u8) -> Result<Expr, CompileError> {
        let mut l = self.unary()?;
        let mut levels = 0;
        while let Some((func, prec)) = binary_op(self.peek()).filter(|(_, p)| *p >= min) {
            self.enter()?;
            levels += 1;
            let at = self.bump().start;
            let r = self.binary(prec + 1)?;
            l = match func {
                "&&" => Expr::new(at, Kind::And(Box::new(l), Box::new(r))),
                "||" => Expr::new(at, Kind::Or(Box::new(l), Box::new(r))),
                _ => call(at, func, false, vec![l, r]),
            };
        }
        self.depth -= levels;
        Ok(l)
    }

    fn unary(&mut self) -> Result<Expr, CompileError> {
        if self.is("!") {
            self.enter()?;
            let at = self.bump().start;
            let operand = self.unary()?;
            self.depth -= 1;
            return Ok(call(at, "!_", false, vec![operand]));
        }
        if self.is("-") {
            let at = self.bump().start;
            // A negative literal is one constant (so the smallest int parses).
            if let Tok::Int(text) = self.peek().clone() {
                self.bump();
                let lit = self.int_literal(&format!("-{text}"), at)?;
                let e = Expr::new(at, Kind::Lit(lit));
                return self.member_suffix(e);
            }
            self.enter()?;
            let operand = self.unary()?;
            self.depth -= 1;
            return Ok(call(at, "-_", false, vec![operand]));
        }
        let e = self.primary()?;
        self.member_suffix(e)
    }

    fn int_literal(&self, text: &str, at: usize) -> Result<Value, CompileError> {
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        let parsed = match digits
            .strip_prefix("0x")
            .or_else(|| digits.strip_prefix("0X"))
        {
            Some(hex) => i128::from_str_radix(hex, 16).ok(),
            None => digits.parse::<i128>().ok(),
        };
        let v = parsed.map(|v| if neg { -v } else { v });
        match v.and_then(|v| i64::try_from(v).ok()) {
            Some(v) => Ok(Value::Int(v)),
            None => Err(CompileError::new(self.src, at, "invalid int literal")),
        }
    }

    fn member_suffix(&mut self, mut e: Expr) -> Result<Expr, CompileError> {
        let mut levels = 0;
        loop {
            if self.is(".") || self.is("[") {
                self.enter()?;
                levels += 1;
            }
            if self.is(".") {
                let dot = self.bump().start;
                // `a.?f`: cel-go's optional field selection.
                let opt = self.is("?");
                if opt {
                    self.bump();
                }
                let Tok::Ident(name) = self.peek().clone() else {
                    return Err(self.error_here("mismatched input '{}' expecting IDENTIFIER"));
                };
                self.bump();
                if opt {
                    let field = Expr::new(dot, Kind::Lit(Value::string(name.as_str())));
                    e = call(dot, "_?._", false, vec![e, field]);
                } else if self.is("(") {
                    let open = self.bump().start;
                    let args = self.args(")")?;
                    e = self.member_call(open, e, &name, args)?;
                } else if let Some(q) = qualified(&e, &name) {
                    // `google.protobuf.Duration` names a type, not a selection.
                    e = Expr::new(e.at, Kind::Ident(q));
                } else {
                    e = Expr::new(
                        dot,
                        Kind::Select {
                            operand: Box::new(e),
                            field: name,
                            test: false,
                        },
                    );
                }
            } else if self.is("[") {
                let open = self.bump().start;
                let opt = self.is("?");
                if opt {
                    self.bump();
                }
                let index = self.expr()?;
                self.expect("]")?;
                let func = if opt { "_[?_]" } else { "_[_]" };
                e = call(open, func, false, vec![e, index]);
            } else {
                self.depth -= levels;
                return Ok(e);
            }
        }
    }

    /// Comma-separated expressions up to `close` (a trailing comma allowed).
    fn args(&mut self, close: &str) -> Result<Vec<Expr>, CompileError> {
        let mut out = Vec::new();
        while !self.is(close) {
            out.push(self.expr()?);
            if !self.eat(",") {
                break;
            }
        }
        self.expect(close)?;
        Ok(out)
    }

    fn primary(&mut self) -> Result<Expr, CompileError> {
        let t = self.bump();
        let at = t.start;
        let lit = |v| Ok(Expr::new(at, Kind::Lit(v)));
        match t.tok {
            Tok::Int(text) => lit(self.int_literal(&text, at)?),
            Tok::Uint(text) => {
                let digits = text.trim_end_matches(['u', 'U']);
                let v = match digits
                    .strip_prefix("0x")
                    .or_else(|| digits.strip_prefix("0X"))
                {
                    Some(hex) => u64::from_str_radix(hex, 16).ok(),
                    None => digits.parse().ok(),
                };
                match v {
                    Some(v) => lit(Value::Uint(v)),
                    None => Err(CompileError::new(self.src, at, "invalid uint literal")),
                }
            }
            Tok::Double(d) => lit(Value::Double(d)),
            Tok::Str(s) => lit(Value::string(s)),
            Tok::Bytes(b) => lit(Value::Bytes(b.into())),
            Tok::True => lit(Value::Bool(true)),
            Tok::False => lit(Value::Bool(false)),
            Tok::Null => lit(Value::Null),
            Tok::Ident(name) => {
                if self.is("(") {
                    let open = self.bump().start;
                    let args = self.args(")")?;
                    return self.global_call(open, &name, args);
                }
                Ok(Expr::new(at, Kind::Ident(name)))
            }
            Tok::Punct("(") => {
                // A group costs two levels: its frames are the deepest.
                self.enter()?;
                let e = self.expr()?;
                self.expect(")")?;
                self.depth -= 1;
                Ok(e)
            }
            Tok::Punct("[") => {
                let items = self.args("]")?;
                Ok(Expr::new(at, Kind::List(items)))
            }
            Tok::Punct("{") => {
                let mut entries = Vec::new();
                while !self.is("}") {
                    let k = self.expr()?;
                    self.expect(":")?;
                    let v = self.expr()?;
                    entries.push((k, v));
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect("}")?;
                Ok(Expr::new(at, Kind::Map(entries)))
            }
            Tok::Punct(".") => {
                // A leading dot names the root scope: `.self` is `self`.
                match self.bump().tok {
                    Tok::Ident(name) => Ok(Expr::new(at, Kind::Ident(name))),
                    _ => Err(CompileError::new(
                        self.src,
                        at,
                        format!("Syntax error: mismatched input '.' expecting {EXPECTING_OPERAND}"),
                    )),
                }
            }
            _ => {
                let msg = format!(
                    "Syntax error: mismatched input '{}' expecting {EXPECTING_OPERAND}",
                    t.tok.text(self.src, t.start, t.end)
                );
                Err(CompileError::new(self.src, at, msg))
            }
        }
    }

    fn global_call(
        &mut self,
        open: usize,
        name: &str,
        args: Vec<Expr>,
    ) -> Result<Expr, CompileError> {
        if name == "has" && args.len() == 1 {
            let mut args = args;
            return match args.pop().map(|a| (a.at, a.kind)) {
                Some((
                    at,
                    Kind::Select {
                        operand,
                        field,
                        test: false,
                    },
                )) => Ok(Expr::new(
                    at,
                    Kind::Select {
                        operand,
                        field,
                        test: true,
                    },
                )),
                _ => Err(CompileError::new(
                    self.src,
                    open,
                    "invalid argument to has() macro",
                )),
            };
        }
        Ok(call(open, name, false, args))
    }

    fn member_call(
        &mut self,
        open: usize,
        target: Expr,
        name: &str,
        mut args: Vec<Expr>,
    ) -> Result<Expr, CompileError> {
        let mac = match (name, args.len()) {
            ("all", 2) => Some(Macro::All),
            ("exists", 2) => Some(Macro::Exists),
            ("exists_one", 2) => Some(Macro::ExistsOne),
            ("map", 2 | 3) => Some(Macro::Map),
            ("filter", 2) => Some(Macro::Filter),
            ("optMap", 2) => Some(Macro::OptMap),
            ("optFlatMap", 2) => Some(Macro::OptFlatMap),
            _ => None,
        };
        let Some(mac) = mac else {
            // Kubernetes' `sets` library is namespaced: `sets.contains(a, b)`.
            if matches!(&target.kind, Kind::Ident(ns) if ns == "sets") {
                return Ok(call(open, &format!("sets.{name}"), false, args));
            }
            // So are `optional.of(x)`, `optional.none()`.
            if matches!(name, "of" | "none" | "ofNonZeroValue")
                && matches!(&target.kind, Kind::Ident(ns) if ns == "optional")
            {
                return Ok(call(open, &format!("optional.{name}"), false, args));
            }
            // So is `ip.isCanonical(s)`.
            if name == "isCanonical" && matches!(&target.kind, Kind::Ident(ns) if ns == "ip") {
                return Ok(call(open, "ip.isCanonical", false, args));
            }
            args.insert(0, target);
            return Ok(call(open, name, true, args));
        };
        let var = match &args[0].kind {
            Kind::Ident(v) => v.clone(),
            _ => {
                return Err(CompileError::new(
                    self.src,
                    args[0].at,
                    "argument must be a simple name",
                ))
            }
        };
        let body = args.pop().map(Box::new);
        let filter = if args.len() == 2 {
            args.pop().map(Box::new)
        } else {
            None
        };
        Ok(Expr::new(
            open,
            Kind::Comprehension {
                mac,
                range: Box::new(target),
                var,
                filter,
                body: body.unwrap_or_else(|| Box::new(Expr::new(open, Kind::Lit(Value::Null)))),
            },
        ))
    }
}

fn call(at: usize, func: &str, member: bool, args: Vec<Expr>) -> Expr {
    Expr::new(
        at,
        Kind::Call {
            func: func.to_string(),
            member,
            args,
        },
    )
}

/// The dotted name `e.name` when it is (a prefix of) a qualified type name.
fn qualified(e: &Expr, name: &str) -> Option<String> {
    let Kind::Ident(base) = &e.kind else {
        return None;
    };
    let joined = format!("{base}.{name}");
    crate::check::QUALIFIED_TYPE_NAMES
        .iter()
        .any(|q| *q == joined || q.starts_with(&format!("{joined}.")))
        .then_some(joined)
}

/// A binary operator's CEL name and precedence (higher binds tighter).
fn binary_op(t: &Tok) -> Option<(&'static str, u8)> {
    Some(match t {
        Tok::Punct("||") => ("||", 1),
        Tok::Punct("&&") => ("&&", 2),
        Tok::In => ("@in", 3),
        Tok::Punct("==") => ("_==_", 3),
        Tok::Punct("!=") => ("_!=_", 3),
        Tok::Punct("<") => ("_<_", 3),
        Tok::Punct("<=") => ("_<=_", 3),
        Tok::Punct(">") => ("_>_", 3),
        Tok::Punct(">=") => ("_>=_", 3),
        Tok::Punct("+") => ("_+_", 4),
        Tok::Punct("-") => ("_-_", 4),
        Tok::Punct("*") => ("_*_", 5),
        Tok::Punct("/") => ("_/_", 5),
        Tok::Punct("%") => ("_%_", 5),
        _ => return None,
    })
}
