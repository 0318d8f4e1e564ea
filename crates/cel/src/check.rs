//! The type checker: resolves identifiers, field selections and function
//! overloads against the declared types, reporting cel-go's messages
//! (`undefined field 'x'`, `found no matching overload for '_==_' applied
//! to '(int, bool)'`). Dyn matches anything, as in cel-go.

use crate::ast::{Expr, Kind, Macro};
use crate::error::CompileError;
use crate::functions::signature;
use crate::types::Type;
use crate::value::Value;

/// The built-in type names usable as values (`type(x) == string`).
pub(crate) const TYPE_NAMES: [&str; 11] = [
    "bool",
    "int",
    "uint",
    "double",
    "string",
    "bytes",
    "list",
    "map",
    "null_type",
    "type",
    "dyn",
];

/// The dotted type names usable as values (`type(x) == net.IP`).
pub(crate) const QUALIFIED_TYPE_NAMES: [&str; 5] = [
    "google.protobuf.Duration",
    "google.protobuf.Timestamp",
    "net.IP",
    "net.CIDR",
    "kubernetes.URL",
];

pub(crate) struct Checker<'a> {
    pub src: &'a str,
    pub scopes: Vec<(String, Type)>,
    /// The zero of each `sum()` (by the call's offset) whose list is not
    /// of ints: an empty list's sum has its element type.
    pub zeros: Vec<(usize, Value)>,
}

type Res = Result<Type, CompileError>;

impl Checker<'_> {
    fn err(&self, at: usize, msg: String) -> CompileError {
        CompileError::new(self.src, at, msg)
    }

    pub fn check(&mut self, e: &Expr) -> Res {
        match &e.kind {
            Kind::Lit(v) => Ok(lit_type(v)),
            Kind::Ident(name) => {
                if let Some((_, t)) = self.scopes.iter().rev().find(|(n, _)| n == name) {
                    return Ok(t.clone());
                }
                if TYPE_NAMES.contains(&name.as_str())
                    || QUALIFIED_TYPE_NAMES.contains(&name.as_str())
                {
                    return Ok(Type::Type);
                }
                Err(self.err(
                    e.at,
                    format!("undeclared reference to '{name}' (in container '')"),
                ))
            }
            Kind::Select {
                operand,
                field,
                test,
            } => {
                let t = self.check(operand)?;
                // Selecting into an optional keeps it optional.
                if let (Type::Optional(inner), false) = (&t, *test) {
                    let ft = self.field_type(inner, field, e.at)?;
                    return Ok(Type::Optional(std::rc::Rc::new(ft)));
                }
                let ft = self.field_type(&t, field, e.at)?;
                Ok(if *test { Type::Bool } else { ft })
            }
            Kind::Call { func, args, .. } if func == "_?._" => {
                let t = self.check(&args[0])?;
                let field = match args.get(1).map(|a| &a.kind) {
                    Some(Kind::Lit(Value::String(f))) => f.to_string(),
                    _ => String::new(),
                };
                let inner = match &t {
                    Type::Optional(inner) => (**inner).clone(),
                    other => other.clone(),
                };
                let ft = self.field_type(&inner, &field, e.at)?;
                Ok(Type::Optional(std::rc::Rc::new(ft)))
            }
            Kind::Call { func, member, args } => {
                let mut types = Vec::with_capacity(args.len());
                for a in args {
                    types.push(self.check(a)?);
                }
                // A constant regex is compiled now, as cel-go's checker does.
                if func == "matches" {
                    if let Some(Kind::Lit(Value::String(re))) = args.last().map(|a| &a.kind) {
                        if crate::functions::regex_error(re).is_some() {
                            let at = args.last().map_or(e.at, |a| a.at);
                            return Err(self.err(at, "invalid matches argument".into()));
                        }
                    }
                }
                // A literal format string with a literal list is checked
                // as cel-go's string.format validator does.
                if let (true, "format", [recv, list]) = (*member, func.as_str(), args.as_slice()) {
                    if let (Kind::Lit(Value::String(f)), Kind::List(items)) = (&recv.kind, &list.kind) {
                        let mut item_types = Vec::with_capacity(items.len());
                        for item in items {
                            item_types.push(self.check(item)?);
                        }
                        if let Err(fe) = crate::format::check(f, &item_types) {
                            let at = fe.arg.and_then(|n| items.get(n)).map_or(e.at, |i| i.at);
                            return Err(self.err(at, fe.message));
                        }
                    }
                }
                // So are constant durations and timestamps.
                if let (false, [arg]) = (*member, args.as_slice()) {
                    let bad = match (func.as_str(), &arg.kind) {
                        ("duration", Kind::Lit(Value::String(t))) => crate::duration(t)
                            .is_none()
                            .then_some("invalid duration argument"),
                        ("timestamp", Kind::Lit(Value::String(t))) => {
                            crate::timestamp(t).is_none().then_some("invalid timestamp")
                        }
                        ("timestamp", Kind::Lit(Value::Int(secs))) => {
                            crate::time::checked_ts(*secs as i128 * 1_000_000_000, 0)
                                .is_err()
                                .then_some("invalid timestamp")
                        }
                        _ => None,
                    };
                    if let Some(msg) = bad {
                        return Err(self.err(arg.at, msg.into()));
                    }
                }
                match signature(func, *member, &types) {
                    Some(Some(t)) => {
                        if func == "sum" {
                            let zero = match t {
                                Type::Uint => Some(Value::Uint(0)),
                                Type::Double => Some(Value::Double(0.0)),
                                Type::Duration => Some(Value::Duration(0)),
                                _ => None,
                            };
                            self.zeros.extend(zero.map(|z| (e.at, z)));
                        }
                        Ok(t)
                    }
                    Some(None) => Err(self.err(e.at, no_overload(func, *member, &types))),
                    None => Err(self.err(
                        e.at,
                        format!("undeclared reference to '{func}' (in container '')"),
                    )),
                }
            }
            Kind::And(a, b) | Kind::Or(a, b) => {
                let name = if matches!(e.kind, Kind::And(..)) {
                    "_&&_"
                } else {
                    "_||_"
                };
                let (ta, tb) = (self.check(a)?, self.check(b)?);
                if Type::Bool.accepts(&ta) && Type::Bool.accepts(&tb) {
                    Ok(Type::Bool)
                } else {
                    Err(self.err(e.at, no_overload(name, false, &[ta, tb])))
                }
            }
            Kind::Cond(c, y, n) => {
                let (tc, ty, tn) = (self.check(c)?, self.check(y)?, self.check(n)?);
                if Type::Bool.accepts(&tc) && ty.accepts(&tn) {
                    Ok(ty.join(&tn))
                } else {
                    Err(self.err(e.at, no_overload("_?_:_", false, &[tc, ty, tn])))
                }
            }
            Kind::List(items) => {
                let mut elem = Type::Dyn;
                let mut first = true;
                for it in items {
                    let t = self.check(it)?;
                    if first {
                        elem = t;
                        first = false;
                    } else if !elem.accepts(&t) {
                        return Err(
                            self.err(it.at, format!("expected type '{elem}' but found '{t}'"))
                        );
                    } else {
                        elem = elem.join(&t);
                    }
                }
                Ok(Type::list(elem))
            }
            Kind::Map(entries) => {
                let (mut kt, mut vt) = (Type::Dyn, Type::Dyn);
                for (n, (k, v)) in entries.iter().enumerate() {
                    let (tk, tv) = (self.check(k)?, self.check(v)?);
                    if n == 0 {
                        (kt, vt) = (tk, tv);
                        continue;
                    }
                    if !kt.accepts(&tk) {
                        return Err(
                            self.err(k.at, format!("expected type '{kt}' but found '{tk}'"))
                        );
                    }
                    if !vt.accepts(&tv) {
                        return Err(
                            self.err(v.at, format!("expected type '{vt}' but found '{tv}'"))
                        );
                    }
                    (kt, vt) = (kt.join(&tk), vt.join(&tv));
                }
                Ok(Type::map(kt, vt))
            }
            Kind::Comprehension {
                mac,
                range,
                var,
                filter,
                body,
            } => {
                if matches!(mac, Macro::OptMap | Macro::OptFlatMap) {
                    return self.opt_map(*mac, e.at, range, var, body);
                }
                let rt = self.check(range)?;
                let var_t = match &rt {
                    Type::List(el) => (**el).clone(),
                    Type::Map(k, _) => (**k).clone(),
                    Type::Dyn => Type::Dyn,
                    other => {
                        return Err(self.err(
                            range.at,
                            format!("expression of type '{other}' cannot be range of a comprehension (must be list, map, or dynamic)"),
                        ))
                    }
                };
                self.scopes.push((var.clone(), var_t.clone()));
                let out = self.comprehension(*mac, filter.as_deref(), body, var_t);
                self.scopes.pop();
                out
            }
        }
    }

    /// The type of `field` selected on a value of type `t`.
    fn field_type(&self, t: &Type, field: &str, at: usize) -> Res {
        Ok(match t {
            Type::Dyn => Type::Dyn,
            Type::Object(o) => match o.field(field) {
                Some(ft) => ft.clone(),
                None => return Err(self.err(at, format!("undefined field '{field}'"))),
            },
            Type::Map(k, v) if k.accepts(&Type::String) => (**v).clone(),
            Type::Authz(crate::authz::AuthzType::Authorizer) if field == "requestResource" => {
                Type::Authz(crate::authz::AuthzType::Resource)
            }
            other => {
                return Err(self.err(
                    at,
                    format!("type '{other}' does not support field selection"),
                ))
            }
        })
    }

    /// `optMap` and `optFlatMap`: cel-go expands them to a `hasValue()`
    /// test, so a target that is not optional fails as that call would.
    fn opt_map(&mut self, mac: Macro, at: usize, range: &Expr, var: &str, body: &Expr) -> Res {
        let rt = self.check(range)?;
        let var_t = match &rt {
            Type::Optional(inner) => (**inner).clone(),
            Type::Dyn => Type::Dyn,
            other => return Err(self.err(at, no_overload("hasValue", true, std::slice::from_ref(other)))),
        };
        self.scopes.push((var.to_string(), var_t));
        let tb = self.check(body);
        self.scopes.pop();
        let tb = tb?;
        match (mac, tb) {
            (Macro::OptFlatMap, t @ (Type::Optional(_) | Type::Dyn)) => Ok(t),
            (Macro::OptFlatMap, t) => Err(self.err(
                at,
                no_overload("_?_:_", false, &[Type::Bool, t, Type::Optional(std::rc::Rc::new(Type::Dyn))]),
            )),
            (_, t) => Ok(Type::Optional(std::rc::Rc::new(t))),
        }
    }

    fn comprehension(
        &mut self,
        mac: Macro,
        filter: Option<&Expr>,
        body: &Expr,
        var_t: Type,
    ) -> Res {
        if let Some(f) = filter {
            let tf = self.check(f)?;
            if !Type::Bool.accepts(&tf) {
                return Err(self.err(
                    f.at,
                    no_overload("_?_:_", false, &[tf, Type::Dyn, Type::Dyn]),
                ));
            }
        }
        let tb = self.check(body)?;
        match mac {
            Macro::Map | Macro::OptMap | Macro::OptFlatMap => Ok(Type::list(tb)),
            Macro::Filter => {
                if !Type::Bool.accepts(&tb) {
                    return Err(self.err(
                        body.at,
                        no_overload("_?_:_", false, &[tb, Type::Dyn, Type::Dyn]),
                    ));
                }
                Ok(Type::list(var_t))
            }
            Macro::All | Macro::Exists | Macro::ExistsOne => {
                if !Type::Bool.accepts(&tb) {
                    let op = match mac {
                        Macro::All => "_&&_",
                        Macro::Exists => "_||_",
                        _ => "_?_:_",
                    };
                    return Err(self.err(body.at, no_overload(op, false, &[Type::Bool, tb])));
                }
                Ok(Type::Bool)
            }
        }
    }
}

fn lit_type(v: &Value) -> Type {
    match v {
        Value::Null => Type::Null,
        Value::Bool(_) => Type::Bool,
        Value::Int(_) => Type::Int,
        Value::Uint(_) => Type::Uint,
        Value::Double(_) => Type::Double,
        Value::String(_) => Type::String,
        Value::Bytes(_) => Type::Bytes,
        _ => Type::Dyn,
    }
}

fn no_overload(func: &str, member: bool, types: &[Type]) -> String {
    let list = |ts: &[Type]| {
        ts.iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if member && !types.is_empty() {
        format!(
            "found no matching overload for '{func}' applied to '{}.({})'",
            types[0],
            list(&types[1..])
        )
    } else {
        format!(
            "found no matching overload for '{func}' applied to '({})'",
            list(types)
        )
    }
}
