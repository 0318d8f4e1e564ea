//! The lexer and recursive-descent parser of the label-selector string
//! form, following upstream's grammar and its exact error texts:
//!
//! ```text
//! selector    ::= requirement | requirement "," selector
//! requirement ::= ["!"] KEY [ set-restriction | exact-restriction ]
//! set-restriction   ::= ("in" | "notin") "(" VALUES ")"
//! exact-restriction ::= ("=" | "==" | "!=" | ">" | "<") VALUE
//! ```

use super::{requirement_errors, Operator, Requirement, SelectorError};
use crate::names;
use crate::validation::field::{aggregate_message, BadValue, FieldError, Path};
use std::collections::BTreeSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Error,
    End,
    ClosedPar,
    Comma,
    DoesNotExist,
    DoubleEquals,
    Equals,
    GreaterThan,
    Identifier,
    In,
    LessThan,
    NotEquals,
    NotIn,
    OpenPar,
}

fn keyword(s: &[u8]) -> Option<Tok> {
    Some(match s {
        b")" => Tok::ClosedPar,
        b"," => Tok::Comma,
        b"!" => Tok::DoesNotExist,
        b"==" => Tok::DoubleEquals,
        b"=" => Tok::Equals,
        b">" => Tok::GreaterThan,
        b"in" => Tok::In,
        b"<" => Tok::LessThan,
        b"!=" => Tok::NotEquals,
        b"notin" => Tok::NotIn,
        b"(" => Tok::OpenPar,
        _ => return None,
    })
}

fn is_whitespace(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

fn is_special(c: u8) -> bool {
    matches!(c, b'=' | b'!' | b'(' | b')' | b',' | b'>' | b'<')
}

struct Lexer<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Lexer<'_> {
    /// Next byte, or 0 at the end (upstream also treats a NUL byte as the end).
    fn read(&mut self) -> u8 {
        match self.s.get(self.pos) {
            Some(&c) => {
                self.pos += 1;
                c
            }
            None => 0,
        }
    }
    fn unread(&mut self) {
        self.pos = self.pos.saturating_sub(1);
    }

    fn lex(&mut self) -> (Tok, String) {
        let mut c = self.read();
        while is_whitespace(c) {
            c = self.read();
        }
        if c == 0 {
            return (Tok::End, String::new());
        }
        self.unread();
        if is_special(c) {
            self.scan_special()
        } else {
            self.scan_identifier()
        }
    }

    fn scan_identifier(&mut self) -> (Tok, String) {
        let mut buf = Vec::new();
        loop {
            let c = self.read();
            if c == 0 {
                break;
            }
            if is_special(c) || is_whitespace(c) {
                self.unread();
                break;
            }
            buf.push(c);
        }
        let lit = String::from_utf8_lossy(&buf).into_owned();
        (keyword(&buf).unwrap_or(Tok::Identifier), lit)
    }

    /// The longest operator made of special characters (`!=` over `!`).
    fn scan_special(&mut self) -> (Tok, String) {
        let mut buf = Vec::new();
        let mut last: Option<(Tok, usize)> = None;
        loop {
            let c = self.read();
            if c == 0 {
                break;
            }
            if !is_special(c) {
                self.unread();
                break;
            }
            buf.push(c);
            match keyword(&buf) {
                Some(t) => last = Some((t, buf.len())),
                None if last.is_some() => {
                    self.unread();
                    break;
                }
                None => {}
            }
        }
        match last {
            Some((t, n)) => (t, String::from_utf8_lossy(&buf[..n]).into_owned()),
            None => (Tok::Error, format!("error expected: keyword found '{}'", String::from_utf8_lossy(&buf))),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    KeyAndOperator,
    /// `in` and `notin` are plain identifiers where values are expected.
    Values,
}

struct Parser {
    items: Vec<(Tok, String)>,
    position: usize,
}

impl Parser {
    fn peek(&self, ctx: Context) -> (Tok, String) {
        let (t, l) = self.items.get(self.position).cloned().unwrap_or((Tok::End, String::new()));
        (map_in_values(t, ctx), l)
    }
    fn next(&mut self, ctx: Context) -> (Tok, String) {
        let item = self.peek(ctx);
        self.position += 1;
        item
    }

    fn parse(&mut self) -> Result<Vec<Requirement>, String> {
        let mut reqs = Vec::new();
        loop {
            let (tok, lit) = self.peek(Context::Values);
            match tok {
                Tok::Identifier | Tok::DoesNotExist => {
                    let r = self.requirement().map_err(|e| format!("unable to parse requirement: {e}"))?;
                    reqs.push(r);
                    let (t, l) = self.next(Context::Values);
                    match t {
                        Tok::End => return Ok(reqs),
                        Tok::Comma => {
                            let (t2, l2) = self.peek(Context::Values);
                            if t2 != Tok::Identifier && t2 != Tok::DoesNotExist {
                                return Err(format!("found '{l2}', expected: identifier after ','"));
                            }
                        }
                        _ => return Err(format!("found '{l}', expected: ',' or 'end of string'")),
                    }
                }
                Tok::End => return Ok(reqs),
                _ => return Err(format!("found '{lit}', expected: !, identifier, or 'end of string'")),
            }
        }
    }

    fn requirement(&mut self) -> Result<Requirement, String> {
        let (key, op) = self.key_and_inferred_operator()?;
        if let Some(op @ (Operator::Exists | Operator::DoesNotExist)) = op {
            return new_requirement(&key, op, Vec::new());
        }
        let op = self.operator()?;
        let values = match op {
            Operator::In | Operator::NotIn => self.values()?,
            _ => self.exact_value()?,
        };
        new_requirement(&key, op, values.into_iter().collect())
    }

    fn key_and_inferred_operator(&mut self) -> Result<(String, Option<Operator>), String> {
        let mut op = None;
        let (mut tok, mut lit) = self.next(Context::Values);
        if tok == Tok::DoesNotExist {
            op = Some(Operator::DoesNotExist);
            (tok, lit) = self.next(Context::Values);
        }
        if tok != Tok::Identifier {
            return Err(format!("found '{lit}', expected: identifier"));
        }
        let msgs = names::is_qualified_name(&lit);
        if !msgs.is_empty() {
            return Err(FieldError::invalid(&Path::nil(), BadValue::str(lit.as_str()), msgs.join("; ")).to_string());
        }
        let (next, _) = self.peek(Context::Values);
        if (next == Tok::End || next == Tok::Comma) && op != Some(Operator::DoesNotExist) {
            op = Some(Operator::Exists);
        }
        Ok((lit, op))
    }

    fn operator(&mut self) -> Result<Operator, String> {
        let (tok, lit) = self.next(Context::KeyAndOperator);
        Ok(match tok {
            Tok::In => Operator::In,
            Tok::Equals => Operator::Equals,
            Tok::DoubleEquals => Operator::DoubleEquals,
            Tok::GreaterThan => Operator::GreaterThan,
            Tok::LessThan => Operator::LessThan,
            Tok::NotIn => Operator::NotIn,
            Tok::NotEquals => Operator::NotEquals,
            _ => return Err(format!("found '{lit}', expected: in, notin, =, ==, !=, gt, lt")),
        })
    }

    fn values(&mut self) -> Result<BTreeSet<String>, String> {
        let (tok, lit) = self.next(Context::Values);
        if tok != Tok::OpenPar {
            return Err(format!("found '{lit}' expected: '('"));
        }
        let (tok, lit) = self.peek(Context::Values);
        match tok {
            Tok::Identifier | Tok::Comma => {
                let set = self.identifier_list()?;
                if self.next(Context::Values).0 != Tok::ClosedPar {
                    return Err(format!("found '{lit}', expected: ')'"));
                }
                Ok(set)
            }
            Tok::ClosedPar => {
                self.next(Context::Values);
                Ok(BTreeSet::from([String::new()]))
            }
            _ => Err(format!("found '{lit}', expected: ',', ')' or identifier")),
        }
    }

    /// A possibly empty list of possibly empty values: `(a,,b)`, `(,a)`, `(a,)`.
    fn identifier_list(&mut self) -> Result<BTreeSet<String>, String> {
        let mut set = BTreeSet::new();
        loop {
            let (tok, lit) = self.next(Context::Values);
            match tok {
                Tok::Identifier => {
                    set.insert(lit);
                    let (t2, l2) = self.peek(Context::Values);
                    match t2 {
                        Tok::Comma => continue,
                        Tok::ClosedPar => return Ok(set),
                        _ => return Err(format!("found '{l2}', expected: ',' or ')'")),
                    }
                }
                Tok::Comma => {
                    if set.is_empty() {
                        set.insert(String::new());
                    }
                    let (t2, _) = self.peek(Context::Values);
                    if t2 == Tok::ClosedPar {
                        set.insert(String::new());
                        return Ok(set);
                    }
                    if t2 == Tok::Comma {
                        self.next(Context::Values);
                        set.insert(String::new());
                    }
                }
                _ => return Err(format!("found '{lit}', expected: ',', or identifier")),
            }
        }
    }

    fn exact_value(&mut self) -> Result<BTreeSet<String>, String> {
        let (tok, _) = self.peek(Context::Values);
        if tok == Tok::End || tok == Tok::Comma {
            return Ok(BTreeSet::from([String::new()]));
        }
        let (tok, lit) = self.next(Context::Values);
        if tok == Tok::Identifier {
            Ok(BTreeSet::from([lit]))
        } else {
            Err(format!("found '{lit}', expected: identifier"))
        }
    }
}

fn map_in_values(t: Tok, ctx: Context) -> Tok {
    match (ctx, t) {
        (Context::Values, Tok::In | Tok::NotIn) => Tok::Identifier,
        _ => t,
    }
}

fn new_requirement(key: &str, op: Operator, values: Vec<String>) -> Result<Requirement, String> {
    let errs = requirement_errors(key, op, &values);
    if errs.is_empty() {
        Ok(Requirement { key: key.to_string(), operator: op, values })
    } else {
        Err(aggregate_message(&errs))
    }
}

/// Parses a selector string into requirements in input order.
pub(super) fn parse(s: &str) -> Result<Vec<Requirement>, SelectorError> {
    let mut lexer = Lexer { s: s.as_bytes(), pos: 0 };
    let mut items = Vec::new();
    loop {
        let item = lexer.lex();
        let end = item.0 == Tok::End;
        items.push(item);
        if end {
            break;
        }
    }
    Parser { items, position: 0 }.parse().map_err(SelectorError::Parse)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(s: &str) -> Vec<Tok> {
        let mut l = Lexer { s: s.as_bytes(), pos: 0 };
        let mut out = Vec::new();
        loop {
            let (t, _) = l.lex();
            if t == Tok::End {
                return out;
            }
            out.push(t);
        }
    }

    // TestLexer.
    #[test]
    fn lexes_single_tokens() {
        let table = [
            ("", Tok::End),
            (",", Tok::Comma),
            ("notin", Tok::NotIn),
            ("in", Tok::In),
            ("=", Tok::Equals),
            ("==", Tok::DoubleEquals),
            (">", Tok::GreaterThan),
            ("<", Tok::LessThan),
            ("!", Tok::DoesNotExist),
            ("!=", Tok::NotEquals),
            ("(", Tok::OpenPar),
            (")", Tok::ClosedPar),
            ("~", Tok::Identifier),
            ("||", Tok::Identifier),
        ];
        for (s, want) in table {
            let (t, lit) = Lexer { s: s.as_bytes(), pos: 0 }.lex();
            assert_eq!(t, want, "{s:?}");
            assert_eq!(lit, s);
        }
    }

    // TestLexerSequence.
    #[test]
    fn lexes_sequences() {
        use Tok::*;
        let table: [(&str, &[Tok]); 10] = [
            ("key in ( value )", &[Identifier, In, OpenPar, Identifier, ClosedPar]),
            ("key notin ( value )", &[Identifier, NotIn, OpenPar, Identifier, ClosedPar]),
            ("key in ( value1, value2 )", &[Identifier, In, OpenPar, Identifier, Comma, Identifier, ClosedPar]),
            ("key", &[Identifier]),
            ("!key", &[DoesNotExist, Identifier]),
            ("()", &[OpenPar, ClosedPar]),
            ("x in (),y", &[Identifier, In, OpenPar, ClosedPar, Comma, Identifier]),
            ("== != (), = notin", &[DoubleEquals, NotEquals, OpenPar, ClosedPar, Comma, Equals, NotIn]),
            ("key>2", &[Identifier, GreaterThan, Identifier]),
            ("key<1", &[Identifier, LessThan, Identifier]),
        ];
        for (s, want) in table {
            assert_eq!(tokens(s), want, "{s:?}");
        }
    }
}
