//! The parsed form of an expression. Every node keeps the byte offset
//! cel-go reports errors at: an operator's first character, a selection's
//! dot, a call's opening parenthesis.

use crate::value::Value;

#[derive(Debug, Clone)]
pub struct Expr {
    pub at: usize,
    pub kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Macro {
    All,
    Exists,
    ExistsOne,
    Map,
    Filter,
    /// `opt.optMap(v, e)`: `e` on the optional's value, kept optional.
    OptMap,
    /// `opt.optFlatMap(v, e)`: as `optMap`, `e` itself an optional.
    OptFlatMap,
}

#[derive(Debug, Clone)]
pub enum Kind {
    Lit(Value),
    Ident(String),
    /// `operand.field`; `has(operand.field)` when `test`.
    Select {
        operand: Box<Expr>,
        field: String,
        test: bool,
    },
    /// A function or operator by its CEL name (`_+_`, `size`, `_[_]`),
    /// with the receiver of a method call first in `args` when `member`.
    Call {
        func: String,
        member: bool,
        args: Vec<Expr>,
    },
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    List(Vec<Expr>),
    Map(Vec<(Expr, Expr)>),
    /// A comprehension macro over `range` binding `var`; `filter` is the
    /// middle argument of the three-argument `map`.
    Comprehension {
        mac: Macro,
        range: Box<Expr>,
        var: String,
        filter: Option<Box<Expr>>,
        body: Box<Expr>,
    },
}

impl Expr {
    pub fn new(at: usize, kind: Kind) -> Expr {
        Expr { at, kind }
    }

    /// Whether the identifier `name` is referenced (free) anywhere below.
    pub fn references(&self, name: &str) -> bool {
        match &self.kind {
            Kind::Lit(_) => false,
            Kind::Ident(n) => n == name,
            Kind::Select { operand, .. } => operand.references(name),
            Kind::Call { args, .. } | Kind::List(args) => args.iter().any(|a| a.references(name)),
            Kind::And(a, b) | Kind::Or(a, b) => a.references(name) || b.references(name),
            Kind::Cond(a, b, c) => a.references(name) || b.references(name) || c.references(name),
            Kind::Map(entries) => entries
                .iter()
                .any(|(k, v)| k.references(name) || v.references(name)),
            Kind::Comprehension {
                range,
                var,
                filter,
                body,
                ..
            } => {
                range.references(name)
                    || (var != name
                        && (body.references(name)
                            || filter.as_ref().is_some_and(|f| f.references(name))))
            }
        }
    }
}
