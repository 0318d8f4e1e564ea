//! A small interpreter of the Common Expression Language (CEL), enough for
//! the validation rules of CustomResourceDefinitions
//! (`x-kubernetes-validations`): parsing (`lexer`, `parser` into `ast`),
//! type checking against declared variable types (`check`, `types`), and
//! evaluation over JSON-shaped values (`eval`, `value`, `functions`,
//! `time`), with cel-go's error texts (`error`).
//!
//! It knows nothing of schemas or the API server: the embedding crate
//! turns a schema into [`Type`]s and an object into [`Value`]s, and
//! installs a regex engine for `matches` ([`install_regex`]).
//!
//! ```
//! use kubeplay_cel::{compile, Type, Value};
//! let p = compile("self.size() > 2", &[("self", Type::String)]).unwrap();
//! assert!(matches!(p.eval(&[("self", Value::string("abc"))]), Ok(Value::Bool(true))));
//! ```

mod ast;
mod authz;
mod check;
mod error;
mod eval;
mod format;
mod functions;
mod lexer;
mod net;
mod netlib;
mod optional;
mod parser;
mod quantity;
mod time;
mod types;
mod url;
mod value;

pub use authz::{authorizer, authorizer_type, AuthzDecision, AuthzQuery};
pub use error::{CompileError, EvalError, Issue};
pub use functions::{install_regex, RegexFn};
pub use types::{Object, Type};
pub use value::{format_double, List, ListKind, Value};

/// A parsed and checked expression.
#[derive(Debug, Clone)]
pub struct Program {
    expr: ast::Expr,
    result: Type,
    zeros: Vec<(usize, Value)>,
}

/// Parses `src` and checks it with the variables `vars` declared.
pub fn compile(src: &str, vars: &[(&str, Type)]) -> Result<Program, CompileError> {
    let expr = parser::parse(src)?;
    let mut checker = check::Checker {
        src,
        scopes: vars
            .iter()
            .map(|(n, t)| (n.to_string(), t.clone()))
            .collect(),
        zeros: Vec::new(),
    };
    let result = checker.check(&expr)?;
    Ok(Program {
        expr,
        result,
        zeros: checker.zeros,
    })
}

impl Program {
    /// The type the expression yields.
    pub fn result_type(&self) -> &Type {
        &self.result
    }

    /// Whether the expression refers to the variable `name`.
    pub fn references(&self, name: &str) -> bool {
        self.expr.references(name)
    }

    /// Evaluates with the variables bound to `vars`.
    pub fn eval(&self, vars: &[(&str, Value)]) -> Result<Value, EvalError> {
        let mut ev = eval::Eval {
            vars: vars.to_vec(),
            zeros: &self.zeros,
            steps: 0,
        };
        ev.eval(&self.expr)
    }
}

/// RFC 3339 text as a timestamp value (None when it does not parse).
pub fn timestamp(text: &str) -> Option<Value> {
    time::parse_rfc3339(text).map(|(t, o)| Value::Timestamp(t, o))
}

/// A Go duration text (`1h30m`) as a duration value.
pub fn duration(text: &str) -> Option<Value> {
    time::parse_duration(text).map(Value::Duration)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod net_tests;

#[cfg(test)]
mod format_tests;

#[cfg(test)]
mod authz_tests;

#[cfg(test)]
mod optional_tests;
