//! The evaluator: a tree walk over the checked expression with variables
//! in scope, absorbing errors in `&&`, `||`, `all` and `exists` as CEL's
//! commutative logic does (a decisive operand wins over an error).

use crate::ast::{Expr, Kind, Macro};
use crate::check::TYPE_NAMES;
use crate::error::EvalError;
use crate::functions::{call, no_such_key};
use crate::value::Value;

type R = Result<Value, EvalError>;

pub(crate) const COST_EXCEEDED: &str = "operation cancelled: actual cost limit exceeded";

/// The nodes one evaluation may visit: a stand-in for cel-go's cost
/// limit (Kubernetes allows a rule a million cost units), so a rule with
/// nested comprehensions over long lists cannot hang the page.
const MAX_STEPS: u64 = 1_000_000;

pub(crate) struct Eval<'a> {
    pub vars: Vec<(&'a str, Value)>,
    pub zeros: &'a [(usize, Value)],
    pub steps: u64,
}

impl<'a> Eval<'a> {
    fn bool_of(&mut self, e: &'a Expr) -> Result<bool, EvalError> {
        match self.eval(e)? {
            Value::Bool(b) => Ok(b),
            _ => Err(EvalError::no_overload()),
        }
    }

    /// cel-go charges a call that builds a string, bytes or list a tenth
    /// of a unit per element (`common.StringTraversalCostFactor`), so
    /// doubling a string in a chain of `map`s runs into the cost limit
    /// long before it runs out of memory.
    fn charge(&mut self, v: &Value) -> Result<(), EvalError> {
        let size = match v {
            Value::String(s) => s.len(),
            Value::Bytes(b) => b.len(),
            Value::List(l) => l.items.len(),
            _ => return Ok(()),
        };
        self.steps += size as u64 / 10;
        if self.steps > MAX_STEPS {
            return Err(EvalError::new(COST_EXCEEDED));
        }
        Ok(())
    }

    pub fn eval(&mut self, e: &'a Expr) -> R {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(EvalError::new(COST_EXCEEDED));
        }
        match &e.kind {
            Kind::Lit(v) => Ok(v.clone()),
            Kind::Ident(name) => {
                if let Some((_, v)) = self.vars.iter().rev().find(|(n, _)| n == name) {
                    return Ok(v.clone());
                }
                if TYPE_NAMES.contains(&name.as_str())
                    || crate::check::QUALIFIED_TYPE_NAMES.contains(&name.as_str())
                {
                    return Ok(Value::Type(name.as_str().into()));
                }
                Err(EvalError::new(format!("no such attribute(s): {name}")))
            }
            Kind::Select {
                operand,
                field,
                test,
            } => {
                let v = self.eval(operand)?;
                if let (Value::Optional(_), false) = (&v, *test) {
                    return crate::optional::select(&v, field);
                }
                let key = Value::string(field.as_str());
                match &v {
                    Value::Authz(a) if field == "requestResource" => {
                        crate::authz::request_resource(a).ok_or_else(EvalError::no_overload)
                    }
                    Value::Map(_) => match (v.get(&key), test) {
                        (Some(_), true) => Ok(Value::Bool(true)),
                        (None, true) => Ok(Value::Bool(false)),
                        (Some(x), false) => Ok(x.clone()),
                        (None, false) => Err(no_such_key(&key)),
                    },
                    _ => Err(EvalError::no_overload()),
                }
            }
            Kind::Call { func, args, .. } if func == "_?._" => {
                let v = self.eval(&args[0])?;
                match args.get(1).map(|a| &a.kind) {
                    Some(Kind::Lit(Value::String(f))) => crate::optional::select(&v, f),
                    _ => Err(EvalError::no_overload()),
                }
            }
            Kind::Call { func, args, .. } => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(a)?);
                }
                if let (true, [Value::List(l)]) = (func == "sum", vals.as_slice()) {
                    if l.items.is_empty() {
                        if let Some((_, z)) = self.zeros.iter().find(|(at, _)| *at == e.at) {
                            return Ok(z.clone());
                        }
                    }
                }
                let out = call(func, &vals)?;
                // Indexing hands out a part of a value, building nothing.
                if !func.starts_with("_[") {
                    self.charge(&out)?;
                }
                Ok(out)
            }
            Kind::And(a, b) => {
                let l = self.bool_of(a);
                if l == Ok(false) {
                    return Ok(Value::Bool(false));
                }
                let r = self.bool_of(b);
                match (l, r) {
                    (_, Ok(false)) => Ok(Value::Bool(false)),
                    (Ok(true), Ok(true)) => Ok(Value::Bool(true)),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                    _ => Ok(Value::Bool(false)),
                }
            }
            Kind::Or(a, b) => {
                let l = self.bool_of(a);
                if l == Ok(true) {
                    return Ok(Value::Bool(true));
                }
                let r = self.bool_of(b);
                match (l, r) {
                    (_, Ok(true)) => Ok(Value::Bool(true)),
                    (Ok(false), Ok(false)) => Ok(Value::Bool(false)),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                    _ => Ok(Value::Bool(true)),
                }
            }
            Kind::Cond(c, y, n) => {
                if self.bool_of(c)? {
                    self.eval(y)
                } else {
                    self.eval(n)
                }
            }
            Kind::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(self.eval(it)?);
                }
                Ok(Value::list(out))
            }
            Kind::Map(entries) => {
                let mut out: Vec<(Value, Value)> = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    let k = self.eval(k)?;
                    let v = self.eval(v)?;
                    if out.iter().any(|(x, _)| x.equals(&k)) {
                        return Err(EvalError::new(format!(
                            "Failed with repeated key: {}",
                            crate::functions::to_string(&k)
                                .map(|s| match s {
                                    Value::String(s) => s.to_string(),
                                    _ => String::new(),
                                })
                                .unwrap_or_default()
                        )));
                    }
                    out.push((k, v));
                }
                Ok(Value::map(out))
            }
            Kind::Comprehension {
                mac,
                range,
                var,
                filter,
                body,
            } => {
                let r = self.eval(range)?;
                if matches!(mac, Macro::OptMap | Macro::OptFlatMap) {
                    let Value::Optional(inner) = r else {
                        return Err(EvalError::no_overload());
                    };
                    let Some(inner) = inner else {
                        return Ok(Value::Optional(None));
                    };
                    self.vars.push((var, (*inner).clone()));
                    let out = self.eval(body);
                    self.vars.pop();
                    return match (mac, out?) {
                        (Macro::OptMap, v) => Ok(Value::Optional(Some(std::rc::Rc::new(v)))),
                        (_, v @ Value::Optional(_)) => Ok(v),
                        _ => Err(EvalError::no_overload()),
                    };
                }
                let elems: Vec<Value> = match &r {
                    Value::List(l) => l.items.clone(),
                    Value::Map(m) => m.iter().map(|(k, _)| k.clone()).collect(),
                    _ => return Err(EvalError::no_overload()),
                };
                self.comprehension(*mac, var, elems, filter.as_deref(), body)
            }
        }
    }

    fn comprehension(
        &mut self,
        mac: Macro,
        var: &'a str,
        elems: Vec<Value>,
        filter: Option<&'a Expr>,
        body: &'a Expr,
    ) -> R {
        let mut first_err = None;
        let mut count = 0;
        let mut out = Vec::new();
        for el in elems {
            self.vars.push((var, el.clone()));
            let res = (|| -> Result<Option<bool>, EvalError> {
                match mac {
                    Macro::Map => {
                        if let Some(f) = filter {
                            if !self.bool_of(f)? {
                                return Ok(None);
                            }
                        }
                        out.push(self.eval(body)?);
                        Ok(None)
                    }
                    _ => self.bool_of(body).map(Some),
                }
            })();
            self.vars.pop();
            match (mac, res) {
                (Macro::All, Ok(Some(false))) => return Ok(Value::Bool(false)),
                (Macro::Exists, Ok(Some(true))) => return Ok(Value::Bool(true)),
                (Macro::All | Macro::Exists, Err(e)) => {
                    first_err.get_or_insert(e);
                }
                (Macro::ExistsOne, Ok(Some(true))) => count += 1,
                (Macro::Filter, Ok(Some(true))) => out.push(el),
                (_, Err(e)) => return Err(e),
                _ => {}
            }
        }
        if let Some(e) = first_err {
            return Err(e);
        }
        Ok(match mac {
            Macro::All => Value::Bool(true),
            Macro::Exists => Value::Bool(false),
            Macro::ExistsOne => Value::Bool(count == 1),
            Macro::Map | Macro::Filter | Macro::OptMap | Macro::OptFlatMap => Value::list(out),
        })
    }
}
