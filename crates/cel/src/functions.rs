//! The functions and operators: their overloads for the checker
//! ([`signature`]) and their behaviour for the evaluator ([`call`]):
//! CEL's standard library, cel-go's strings extension and Kubernetes'
//! lists and regex libraries, with cel-go's runtime error texts.

use crate::error::EvalError;
use crate::time;
use crate::types::Type;
use crate::value::{format_double, format_duration, List, ListKind, Value};
use std::cmp::Ordering;
use std::rc::Rc;
use std::sync::OnceLock;

/// A regex engine: the first match of `pattern` in `text` at or after
/// byte `start`, or why the pattern does not compile.
pub type RegexFn =
    fn(pattern: &str, text: &str, start: usize) -> Result<Option<(usize, usize)>, String>;

static REGEX: OnceLock<RegexFn> = OnceLock::new();

/// Installs the regex engine `matches`, `find` and `findAll` use (the
/// embedding crate owns one; this crate has none of its own).
pub fn install_regex(f: RegexFn) {
    let _ = REGEX.set(f);
}

pub(crate) fn regex_error(pattern: &str) -> Option<String> {
    REGEX.get().and_then(|f| f(pattern, "", 0).err())
}

fn regex_find(
    pattern: &str,
    text: &str,
    start: usize,
) -> Result<Option<(usize, usize)>, EvalError> {
    let f = REGEX
        .get()
        .ok_or_else(|| EvalError::new("(playground) no regex engine installed"))?;
    f(pattern, text, start).map_err(|e| EvalError::new(format!("error parsing regexp: {e}")))
}

use Type as T;

/// The result type of `func` applied to `args`: None when no function has
/// that name, Some(None) when none of its overloads fits.
pub(crate) fn signature(func: &str, member: bool, args: &[Type]) -> Option<Option<Type>> {
    if let Some(r) = crate::netlib::signature(func, member, args) {
        return Some(r);
    }
    if let Some(r) = crate::optional::signature(func, args) {
        return Some(r);
    }
    if member {
        if let Some(r) = crate::authz::signature(func, args) {
            return Some(r);
        }
    }
    let any_dyn = args.iter().any(Type::is_dyn);
    let all = |want: &[Type]| {
        args.len() == want.len() && want.iter().zip(args).all(|(w, a)| w.accepts(a))
    };
    let fits = |overloads: &[(&[Type], Type)]| -> Option<Type> {
        overloads.iter().find(|(p, _)| all(p)).map(|(_, r)| {
            if any_dyn && matches!(r, T::Dyn) {
                T::Dyn
            } else {
                r.clone()
            }
        })
    };
    let same = args.len() == 2 && args[0].accepts(&args[1]);
    let both = |t: &Type| args.len() == 2 && t.accepts(&args[0]) && t.accepts(&args[1]);
    let arith = |args: &[Type]| -> Option<Type> {
        [T::Int, T::Uint, T::Double]
            .into_iter()
            .find(|t| both(t))
            .map(|t| args[0].join(&args[1]).join(&t))
    };
    let r = match (func, member, args.len()) {
        ("_+_", false, 2) => {
            if let (T::List(a), T::List(b)) = (&args[0], &args[1]) {
                a.accepts(b).then(|| T::list(a.join(b)))
            } else if (both(&T::Timestamp) && !args[0].is_dyn() && !args[1].is_dyn())
                || (matches!(args[0], T::Timestamp) && matches!(args[1], T::Timestamp))
            {
                None
            } else if args[0].is_dyn() && args[1].is_dyn() {
                Some(T::Dyn)
            } else {
                arith(args)
                    .or_else(|| {
                        [T::String, T::Bytes, T::Duration]
                            .into_iter()
                            .find(|t| both(t))
                    })
                    .or_else(|| {
                        fits(&[
                            (&[T::Timestamp, T::Duration], T::Timestamp),
                            (&[T::Duration, T::Timestamp], T::Timestamp),
                        ])
                    })
                    .or_else(|| {
                        (matches!(args[0], T::List(_)) && args[1].is_dyn()
                            || args[0].is_dyn() && matches!(args[1], T::List(_)))
                        .then(|| args[0].join(&args[1]))
                    })
            }
        }
        ("_-_", false, 2) => {
            if args[0].is_dyn() && args[1].is_dyn() {
                Some(T::Dyn)
            } else {
                arith(args).or_else(|| {
                    fits(&[
                        (&[T::Timestamp, T::Timestamp], T::Duration),
                        (&[T::Timestamp, T::Duration], T::Timestamp),
                        (&[T::Duration, T::Duration], T::Duration),
                    ])
                })
            }
        }
        ("_*_" | "_/_", false, 2) => {
            if args[0].is_dyn() && args[1].is_dyn() {
                Some(T::Dyn)
            } else {
                arith(args)
            }
        }
        ("_%_", false, 2) => [T::Int, T::Uint]
            .into_iter()
            .find(|t| both(t))
            .map(|t| args[0].join(&args[1]).join(&t)),
        ("-_", false, 1) => [T::Int, T::Double]
            .into_iter()
            .find(|t| t.accepts(&args[0]))
            .map(|t| args[0].join(&t)),
        ("!_", false, 1) => T::Bool.accepts(&args[0]).then_some(T::Bool),
        ("_==_" | "_!=_", false, 2) => same.then_some(T::Bool),
        ("_<_" | "_<=_" | "_>_" | "_>=_", false, 2) => {
            let ordered = [T::Bool, T::String, T::Bytes, T::Timestamp, T::Duration];
            let ok = (args[0].is_numeric() || args[0].is_dyn())
                && (args[1].is_numeric() || args[1].is_dyn())
                || ordered.iter().any(both);
            ok.then_some(T::Bool)
        }
        ("@in", false, 2) => match &args[1] {
            T::List(e) => e.accepts(&args[0]).then_some(T::Bool),
            T::Map(k, _) => k.accepts(&args[0]).then_some(T::Bool),
            T::Dyn => Some(T::Bool),
            _ => None,
        },
        ("_[_]", false, 2) => match &args[0] {
            T::List(e) => T::Int.accepts(&args[1]).then(|| (**e).clone()),
            T::Map(k, v) => k.accepts(&args[1]).then(|| (**v).clone()),
            T::Dyn => Some(T::Dyn),
            _ => None,
        },
        ("size", _, 1) => (matches!(
            args[0],
            T::String | T::Bytes | T::List(_) | T::Map(..) | T::Dyn
        ))
        .then_some(T::Int),
        ("contains" | "startsWith" | "endsWith" | "matches", true, 2) => {
            all(&[T::String, T::String]).then_some(T::Bool)
        }
        ("matches", false, 2) => all(&[T::String, T::String]).then_some(T::Bool),
        ("int", false, 1) => fits(&[
            (&[T::Int], T::Int),
            (&[T::Uint], T::Int),
            (&[T::Double], T::Int),
            (&[T::String], T::Int),
            (&[T::Timestamp], T::Int),
        ]),
        ("uint", false, 1) => fits(&[
            (&[T::Int], T::Uint),
            (&[T::Uint], T::Uint),
            (&[T::Double], T::Uint),
            (&[T::String], T::Uint),
        ]),
        ("double", false, 1) => fits(&[
            (&[T::Int], T::Double),
            (&[T::Uint], T::Double),
            (&[T::Double], T::Double),
            (&[T::String], T::Double),
        ]),
        ("string", false, 1) => matches!(
            args[0],
            T::Int
                | T::Uint
                | T::Double
                | T::String
                | T::Bytes
                | T::Bool
                | T::Timestamp
                | T::Duration
                | T::Dyn
        )
        .then_some(T::String),
        ("bytes", false, 1) => fits(&[(&[T::String], T::Bytes), (&[T::Bytes], T::Bytes)]),
        ("bool", false, 1) => fits(&[(&[T::String], T::Bool), (&[T::Bool], T::Bool)]),
        ("type", false, 1) => Some(T::Type),
        ("dyn", false, 1) => Some(T::Dyn),
        ("duration", false, 1) => {
            fits(&[(&[T::String], T::Duration), (&[T::Duration], T::Duration)])
        }
        ("timestamp", false, 1) => fits(&[
            (&[T::String], T::Timestamp),
            (&[T::Timestamp], T::Timestamp),
            (&[T::Int], T::Timestamp),
        ]),
        (
            "getFullYear" | "getMonth" | "getDate" | "getDayOfMonth" | "getDayOfWeek"
            | "getDayOfYear",
            true,
            1 | 2,
        ) => (T::Timestamp.accepts(&args[0]) && args.get(1).is_none_or(|a| T::String.accepts(a)))
            .then_some(T::Int),
        ("getHours" | "getMinutes" | "getSeconds" | "getMilliseconds", true, 1 | 2) => {
            ((T::Timestamp.accepts(&args[0]) && args.get(1).is_none_or(|a| T::String.accepts(a)))
                || (args.len() == 1 && T::Duration.accepts(&args[0])))
            .then_some(T::Int)
        }
        ("charAt", true, 2) => all(&[T::String, T::Int]).then_some(T::String),
        ("indexOf" | "lastIndexOf", true, 2 | 3) => match &args[0] {
            T::List(e) if args.len() == 2 => e.accepts(&args[1]).then_some(T::Int),
            _ => (all(&[T::String, T::String]) || all(&[T::String, T::String, T::Int]))
                .then_some(T::Int),
        },
        ("lowerAscii" | "upperAscii" | "trim", true, 1) => {
            T::String.accepts(&args[0]).then_some(T::String)
        }
        ("replace", true, 3 | 4) => (all(&[T::String, T::String, T::String])
            || all(&[T::String, T::String, T::String, T::Int]))
        .then_some(T::String),
        ("split", true, 2 | 3) => (all(&[T::String, T::String])
            || all(&[T::String, T::String, T::Int]))
        .then_some(T::list(T::String)),
        ("substring", true, 2 | 3) => {
            (all(&[T::String, T::Int]) || all(&[T::String, T::Int, T::Int])).then_some(T::String)
        }
        ("join", true, 1 | 2) => (T::list(T::String).accepts(&args[0])
            && args.get(1).is_none_or(|a| T::String.accepts(a)))
        .then_some(T::String),
        ("find", true, 2) => all(&[T::String, T::String]).then_some(T::String),
        ("optional.none", false, 0) => Some(T::Optional(Rc::new(T::Dyn))),
        ("optional.of" | "optional.ofNonZeroValue", false, 1) => {
            Some(T::Optional(Rc::new(args[0].clone())))
        }
        ("hasValue", true, 1) => matches!(args[0], T::Optional(_) | T::Dyn).then_some(T::Bool),
        ("value", true, 1) => match &args[0] {
            T::Optional(t) => Some((**t).clone()),
            T::Dyn => Some(T::Dyn),
            _ => None,
        },
        ("orValue", true, 2) => match &args[0] {
            T::Optional(t) if t.accepts(&args[1]) => Some(t.join(&args[1])),
            T::Dyn => Some(T::Dyn),
            _ => None,
        },
        ("or", true, 2) => match (&args[0], &args[1]) {
            (T::Optional(a), T::Optional(b)) if a.accepts(b) => Some(T::Optional(Rc::new(a.join(b)))),
            (T::Dyn, _) | (_, T::Dyn) => Some(T::Dyn),
            _ => None,
        },
        ("format", true, 2) => (T::String.accepts(&args[0])
            && matches!(args[1], T::List(_) | T::Dyn))
        .then_some(T::String),
        ("findAll", true, 2 | 3) => (all(&[T::String, T::String])
            || all(&[T::String, T::String, T::Int]))
        .then_some(T::list(T::String)),
        ("sets.contains" | "sets.equivalent" | "sets.intersects", false, 2) => {
            match (&args[0], &args[1]) {
                (T::List(a), T::List(b)) => a.accepts(b).then_some(T::Bool),
                (T::Dyn, T::List(_) | T::Dyn) | (T::List(_), T::Dyn) => Some(T::Bool),
                _ => None,
            }
        }
        ("quantity", false, 1) => all(&[T::String]).then_some(T::Quantity),
        ("isQuantity", false, 1) => all(&[T::String]).then_some(T::Bool),
        ("sign" | "asInteger", true, 1) => all(&[T::Quantity]).then_some(T::Int),
        ("isInteger", true, 1) => all(&[T::Quantity]).then_some(T::Bool),
        ("asApproximateFloat", true, 1) => all(&[T::Quantity]).then_some(T::Double),
        ("add" | "sub", true, 2) => {
            (all(&[T::Quantity, T::Quantity]) || all(&[T::Quantity, T::Int])).then_some(T::Quantity)
        }
        ("isGreaterThan" | "isLessThan", true, 2) => {
            all(&[T::Quantity, T::Quantity]).then_some(T::Bool)
        }
        ("compareTo", true, 2) => all(&[T::Quantity, T::Quantity]).then_some(T::Int),
        ("isSorted" | "sum" | "min" | "max", true, 1) => match &args[0] {
            T::List(e) if func == "isSorted" => ordered(e).then_some(T::Bool),
            T::List(e) if func == "sum" => {
                matches!(**e, T::Int | T::Uint | T::Double | T::Duration | T::Dyn)
                    .then(|| (**e).clone())
            }
            T::List(e) => ordered(e).then(|| (**e).clone()),
            T::Dyn => Some(if func == "isSorted" { T::Bool } else { T::Dyn }),
            _ => None,
        },
        _ => {
            return KNOWN.contains(&func).then_some(None);
        }
    };
    Some(r)
}

/// Whether the Kubernetes list library orders elements of this type
/// (`isSorted`, `min`, `max`).
fn ordered(t: &T) -> bool {
    matches!(
        t,
        T::Int | T::Uint | T::Double | T::String | T::Bytes | T::Bool | T::Duration | T::Timestamp | T::Dyn
    )
}

/// Every function name the library defines (for "no matching overload"
/// rather than "undeclared reference" when the arity or target is wrong).
const KNOWN: [&str; 78] = [
    "format",
    "optional.none",
    "optional.of",
    "optional.ofNonZeroValue",
    "hasValue",
    "value",
    "orValue",
    "or",
    "quantity",
    "isQuantity",
    "sign",
    "asInteger",
    "isInteger",
    "asApproximateFloat",
    "add",
    "sub",
    "isGreaterThan",
    "isLessThan",
    "compareTo",
    "sets.contains",
    "sets.equivalent",
    "sets.intersects",
    "isSorted",
    "sum",
    "min",
    "max",
    "_+_",
    "_-_",
    "_*_",
    "_/_",
    "_%_",
    "-_",
    "!_",
    "_==_",
    "_!=_",
    "_<_",
    "_<=_",
    "_>_",
    "_>=_",
    "@in",
    "_[_]",
    "size",
    "contains",
    "startsWith",
    "endsWith",
    "matches",
    "int",
    "uint",
    "double",
    "string",
    "bytes",
    "bool",
    "type",
    "dyn",
    "duration",
    "timestamp",
    "getFullYear",
    "getMonth",
    "getDate",
    "getDayOfMonth",
    "getDayOfWeek",
    "getDayOfYear",
    "getHours",
    "getMinutes",
    "getSeconds",
    "getMilliseconds",
    "charAt",
    "indexOf",
    "lastIndexOf",
    "lowerAscii",
    "upperAscii",
    "trim",
    "replace",
    "split",
    "substring",
    "join",
    "find",
    "findAll",
];

type R = Result<Value, EvalError>;

/// The zero value of its type (`optional.ofNonZeroValue`).
fn is_zero(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Int(i) => *i == 0,
        Value::Uint(u) => *u == 0,
        Value::Double(d) => *d == 0.0,
        Value::String(s) => s.is_empty(),
        Value::Bytes(b) => b.is_empty(),
        Value::List(l) => l.items.is_empty(),
        Value::Map(m) => m.is_empty(),
        Value::Duration(d) => *d == 0,
        Value::Timestamp(t, _) => *t == 0,
        _ => false,
    }
}

fn overflow() -> EvalError {
    EvalError::new("integer overflow")
}
fn uoverflow() -> EvalError {
    EvalError::new("unsigned integer overflow")
}

/// Applies `func` to evaluated `args` (the receiver first for a method).
pub(crate) fn call(func: &str, args: &[Value]) -> R {
    if let Some(r) = crate::netlib::call(func, args) {
        return r;
    }
    if let Some(r) = crate::optional::call(func, args) {
        return r;
    }
    if let Some(r) = crate::authz::call(func, args) {
        return r;
    }
    use Value::*;
    match (func, args) {
        ("_+_", [a, b]) => add(a, b),
        ("_-_", [a, b]) => sub(a, b),
        ("_*_", [Int(a), Int(b)]) => a.checked_mul(*b).map(Int).ok_or_else(overflow),
        ("_*_", [Uint(a), Uint(b)]) => a.checked_mul(*b).map(Uint).ok_or_else(uoverflow),
        ("_*_", [Double(a), Double(b)]) => Ok(Double(a * b)),
        ("_/_", [Int(_), Int(0)]) | ("_/_", [Uint(_), Uint(0)]) => {
            Err(EvalError::new("division by zero"))
        }
        ("_/_", [Int(a), Int(b)]) => a.checked_div(*b).map(Int).ok_or_else(overflow),
        ("_/_", [Uint(a), Uint(b)]) => Ok(Uint(a / b)),
        ("_/_", [Double(a), Double(b)]) => Ok(Double(a / b)),
        ("_%_", [Int(_), Int(0)]) | ("_%_", [Uint(_), Uint(0)]) => {
            Err(EvalError::new("modulus by zero"))
        }
        ("_%_", [Int(a), Int(b)]) => a.checked_rem(*b).map(Int).ok_or_else(overflow),
        ("_%_", [Uint(a), Uint(b)]) => Ok(Uint(a % b)),
        ("-_", [Int(a)]) => a.checked_neg().map(Int).ok_or_else(overflow),
        ("-_", [Double(a)]) => Ok(Double(-a)),
        ("-_", [Duration(a)]) => a.checked_neg().map(Duration).ok_or_else(overflow),
        ("!_", [Bool(a)]) => Ok(Bool(!a)),
        ("_==_", [a, b]) => Ok(Bool(a.equals(b))),
        ("_!=_", [a, b]) => Ok(Bool(!a.equals(b))),
        ("_<_", [a, b]) => cmp(a, b, |o| o == Ordering::Less),
        ("_<=_", [a, b]) => cmp(a, b, |o| o != Ordering::Greater),
        ("_>_", [a, b]) => cmp(a, b, |o| o == Ordering::Greater),
        ("_>=_", [a, b]) => cmp(a, b, |o| o != Ordering::Less),
        ("@in", [x, List(l)]) => Ok(Bool(l.items.iter().any(|y| x.equals(y)))),
        ("@in", [x, m @ Map(_)]) => Ok(Bool(m.get(x).is_some())),
        ("_[_]", [List(l), i]) => {
            let idx = match i {
                Int(i) => *i,
                Uint(u) => i64::try_from(*u).unwrap_or(i64::MAX),
                Double(d) if d.fract() == 0.0 => *d as i64,
                _ => return Err(EvalError::no_overload()),
            };
            usize::try_from(idx)
                .ok()
                .and_then(|i| l.items.get(i))
                .cloned()
                .ok_or_else(|| EvalError::new(format!("index out of bounds: {idx}")))
        }
        ("_[_]", [m @ Map(_), k]) => m.get(k).cloned().ok_or_else(|| no_such_key(k)),
        ("size", [String(s)]) => Ok(Int(s.chars().count() as i64)),
        ("size", [Bytes(b)]) => Ok(Int(b.len() as i64)),
        ("size", [List(l)]) => Ok(Int(l.items.len() as i64)),
        ("size", [Map(m)]) => Ok(Int(m.len() as i64)),
        ("contains", [String(s), String(t)]) => Ok(Bool(s.contains(&**t))),
        ("startsWith", [String(s), String(t)]) => Ok(Bool(s.starts_with(&**t))),
        ("endsWith", [String(s), String(t)]) => Ok(Bool(s.ends_with(&**t))),
        ("matches", [String(s), String(re)]) => Ok(Bool(regex_find(re, s, 0)?.is_some())),
        ("find", [String(s), String(re)]) => Ok(Value::string(
            regex_find(re, s, 0)?.map_or("", |(a, b)| &s[a..b]),
        )),
        ("findAll", [String(s), String(re)]) => find_all(s, re, -1),
        ("optional.none", []) => Ok(Optional(None)),
        ("optional.of", [v]) => Ok(Optional(Some(Rc::new(v.clone())))),
        ("optional.ofNonZeroValue", [v]) => Ok(Optional((!is_zero(v)).then(|| Rc::new(v.clone())))),
        ("hasValue", [Optional(o)]) => Ok(Bool(o.is_some())),
        ("value", [Optional(o)]) => o
            .as_ref()
            .map(|v| (**v).clone())
            .ok_or_else(|| EvalError::new("optional.none() dereference")),
        ("orValue", [Optional(o), d]) => Ok(o.as_ref().map_or_else(|| d.clone(), |v| (**v).clone())),
        ("or", [Optional(a), b @ Optional(_)]) => Ok(if a.is_some() { Optional(a.clone()) } else { b.clone() }),
        ("format", [String(f), List(l)]) => crate::format::format(f, &l.items)
            .map(Value::string)
            .map_err(EvalError::new),
        ("findAll", [String(s), String(re), Int(n)]) => find_all(s, re, *n),
        ("int", [v]) => to_int(v),
        ("uint", [v]) => to_uint(v),
        ("double", [v]) => to_double(v),
        ("string", [v]) => to_string(v),
        ("bytes", [String(s)]) => Ok(Bytes(s.as_bytes().into())),
        ("bytes", [b @ Bytes(_)]) => Ok(b.clone()),
        ("bool", [b @ Bool(_)]) => Ok(b.clone()),
        ("bool", [String(s)]) => match &**s {
            "1" | "t" | "true" | "TRUE" | "True" => Ok(Bool(true)),
            "0" | "f" | "false" | "FALSE" | "False" => Ok(Bool(false)),
            _ => Err(EvalError::new(
                "type conversion error from 'string' to 'bool'",
            )),
        },
        ("type", [v]) => Ok(Type(v.type_name().into())),
        ("dyn", [v]) => Ok(v.clone()),
        ("duration", [String(s)]) => time::parse_duration(s).map(Duration).ok_or_else(|| {
            EvalError::new("type conversion error from 'string' to 'google.protobuf.Duration'")
        }),
        ("duration", [d @ Duration(_)]) => Ok(d.clone()),
        ("timestamp", [String(s)]) => time::parse_rfc3339(s)
            .map(|(t, o)| Timestamp(t, o))
            .ok_or_else(|| {
                EvalError::new("type conversion error from 'string' to 'google.protobuf.Timestamp'")
            }),
        ("timestamp", [t @ Timestamp(..)]) => Ok(t.clone()),
        ("timestamp", [Int(secs)]) => time::checked_ts(*secs as i128 * 1_000_000_000, 0),
        (
            "getFullYear" | "getMonth" | "getDate" | "getDayOfMonth" | "getDayOfWeek"
            | "getDayOfYear" | "getHours" | "getMinutes" | "getSeconds" | "getMilliseconds",
            [Timestamp(t, _), rest @ ..],
        ) => {
            let tz = match rest {
                [] => None,
                [String(z)] => Some(&**z),
                _ => return Err(EvalError::no_overload()),
            };
            time::field(*t, tz, func).map(Int)
        }
        ("getHours", [Duration(d)]) => Ok(Int(d / 3_600_000_000_000)),
        ("getMinutes", [Duration(d)]) => Ok(Int(d / 60_000_000_000)),
        ("getSeconds", [Duration(d)]) => Ok(Int(d / 1_000_000_000)),
        ("getMilliseconds", [Duration(d)]) => Ok(Int(d / 1_000_000)),
        ("charAt", [String(s), Int(i)]) => {
            let n = s.chars().count() as i64;
            if *i < 0 || *i > n {
                return Err(EvalError::new(format!("index out of range: {i}")));
            }
            Ok(Value::string(
                s.chars()
                    .nth(*i as usize)
                    .map(|c| c.to_string())
                    .unwrap_or_default(),
            ))
        }
        ("indexOf", [List(l), x]) => Ok(Int(l
            .items
            .iter()
            .position(|y| y.equals(x))
            .map_or(-1, |i| i as i64))),
        ("lastIndexOf", [List(l), x]) => Ok(Int(l
            .items
            .iter()
            .rposition(|y| y.equals(x))
            .map_or(-1, |i| i as i64))),
        ("indexOf", [String(s), String(t), rest @ ..]) => index_of(s, t, rest, false),
        ("lastIndexOf", [String(s), String(t), rest @ ..]) => index_of(s, t, rest, true),
        ("lowerAscii", [String(s)]) => Ok(Value::string(s.to_ascii_lowercase())),
        ("upperAscii", [String(s)]) => Ok(Value::string(s.to_ascii_uppercase())),
        ("trim", [String(s)]) => Ok(Value::string(s.trim())),
        ("replace", [String(s), String(a), String(b)]) => Ok(Value::string(s.replace(&**a, b))),
        ("replace", [String(s), String(a), String(b), Int(n)]) => Ok(Value::string(if *n < 0 {
            s.replace(&**a, b)
        } else {
            s.replacen(&**a, b, *n as usize)
        })),
        ("split", [String(s), String(sep)]) => Ok(split(s, sep, -1)),
        ("split", [String(s), String(sep), Int(n)]) => Ok(split(s, sep, *n)),
        ("substring", [String(s), Int(a)]) => substring(s, *a, s.chars().count() as i64),
        ("substring", [String(s), Int(a), Int(b)]) => substring(s, *a, *b),
        ("join", [List(l), rest @ ..]) => {
            let sep = match rest {
                [] => "",
                [String(s)] => s,
                _ => return Err(EvalError::no_overload()),
            };
            let mut parts = Vec::new();
            for it in &l.items {
                match it {
                    String(s) => parts.push(s.to_string()),
                    _ => return Err(EvalError::no_overload()),
                }
            }
            Ok(Value::string(parts.join(sep)))
        }
        ("sets.contains", [List(a), List(b)]) => Ok(Bool(
            b.items.iter().all(|x| a.items.iter().any(|y| y.equals(x))),
        )),
        ("sets.equivalent", [List(a), List(b)]) => Ok(Bool(
            b.items.iter().all(|x| a.items.iter().any(|y| y.equals(x)))
                && a.items.iter().all(|x| b.items.iter().any(|y| y.equals(x))),
        )),
        ("sets.intersects", [List(a), List(b)]) => Ok(Bool(
            a.items.iter().any(|x| b.items.iter().any(|y| y.equals(x))),
        )),
        ("quantity", [String(s)]) => crate::quantity::Quantity::parse(s)
            .map(Quantity)
            .ok_or_else(|| EvalError::new("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")),
        ("isQuantity", [String(s)]) => Ok(Bool(crate::quantity::Quantity::parse(s).is_some())),
        ("sign", [Quantity(q)]) => Ok(Int(q.sign())),
        ("isInteger", [Quantity(q)]) => Ok(Bool(q.is_integer())),
        ("asInteger", [Quantity(q)]) => q.as_integer().map(Int),
        ("asApproximateFloat", [Quantity(q)]) => Ok(Double(q.as_f64())),
        ("add", [Quantity(a), Quantity(b)]) => a.add(*b).map(Quantity),
        ("add", [Quantity(a), Int(b)]) => a.add(crate::quantity::from_int(*b)).map(Quantity),
        ("sub", [Quantity(a), Quantity(b)]) => a.add(b.neg()).map(Quantity),
        ("sub", [Quantity(a), Int(b)]) => a.add(crate::quantity::from_int(*b).neg()).map(Quantity),
        ("isGreaterThan", [Quantity(a), Quantity(b)]) => Ok(Bool(a.cmp(*b) == Ordering::Greater)),
        ("isLessThan", [Quantity(a), Quantity(b)]) => Ok(Bool(a.cmp(*b) == Ordering::Less)),
        ("compareTo", [Quantity(a), Quantity(b)]) => Ok(Int(a.cmp(*b) as i64)),
        ("isSorted", [List(l)]) => {
            for w in l.items.windows(2) {
                match w[0].compare(&w[1]) {
                    Some(Ordering::Greater) => return Ok(Bool(false)),
                    Some(_) => {}
                    None => return Err(EvalError::no_overload()),
                }
            }
            Ok(Bool(true))
        }
        ("sum", [List(l)]) => {
            let mut acc = match l.items.first() {
                Some(Uint(_)) => Uint(0),
                Some(Double(_)) => Double(0.0),
                Some(Duration(_)) => Duration(0),
                _ => Int(0),
            };
            for it in &l.items {
                acc = add(&acc, it)?;
            }
            Ok(acc)
        }
        ("min" | "max", [List(l)]) => {
            let want = if func == "min" {
                Ordering::Less
            } else {
                Ordering::Greater
            };
            let mut best = l
                .items
                .first()
                .ok_or_else(|| EvalError::new(format!("{func} called on empty list")))?;
            for it in &l.items[1..] {
                match it.compare(best) {
                    Some(o) if o == want => best = it,
                    Some(_) => {}
                    None => return Err(EvalError::no_overload()),
                }
            }
            Ok(best.clone())
        }
        _ => Err(EvalError::no_overload()),
    }
}

pub(crate) fn no_such_key(k: &Value) -> EvalError {
    let shown = match k {
        Value::String(s) => s.to_string(),
        other => to_string(other)
            .ok()
            .and_then(|v| match v {
                Value::String(s) => Some(s.to_string()),
                _ => None,
            })
            .unwrap_or_default(),
    };
    EvalError::new(format!("no such key: {shown}"))
}

fn cmp(a: &Value, b: &Value, f: fn(Ordering) -> bool) -> R {
    match a.compare(b) {
        Some(o) => Ok(Value::Bool(f(o))),
        // NaN compares false with everything.
        None if matches!(a, Value::Double(_)) || matches!(b, Value::Double(_)) => {
            if matches!(a, Value::Int(_) | Value::Uint(_) | Value::Double(_))
                && matches!(b, Value::Int(_) | Value::Uint(_) | Value::Double(_))
            {
                Ok(Value::Bool(false))
            } else {
                Err(EvalError::no_overload())
            }
        }
        None => Err(EvalError::no_overload()),
    }
}

fn add(a: &Value, b: &Value) -> R {
    use Value::*;
    match (a, b) {
        (Int(x), Int(y)) => x.checked_add(*y).map(Int).ok_or_else(overflow),
        (Uint(x), Uint(y)) => x.checked_add(*y).map(Uint).ok_or_else(uoverflow),
        (Double(x), Double(y)) => Ok(Double(x + y)),
        (String(x), String(y)) => Ok(Value::string(format!("{x}{y}"))),
        (Bytes(x), Bytes(y)) => Ok(Bytes([&x[..], &y[..]].concat().into())),
        (List(x), List(y)) => Ok(Value::List(Rc::new(concat(x, y)))),
        (Duration(x), Duration(y)) => x
            .checked_add(*y)
            .map(Duration)
            .ok_or_else(|| EvalError::new("duration overflow")),
        (Timestamp(t, o), Duration(d)) | (Duration(d), Timestamp(t, o)) => {
            time::checked_ts(t + *d as i128, *o)
        }
        _ => Err(EvalError::no_overload()),
    }
}

fn sub(a: &Value, b: &Value) -> R {
    use Value::*;
    match (a, b) {
        (Int(x), Int(y)) => x.checked_sub(*y).map(Int).ok_or_else(overflow),
        (Uint(x), Uint(y)) => x.checked_sub(*y).map(Uint).ok_or_else(uoverflow),
        (Double(x), Double(y)) => Ok(Double(x - y)),
        (Duration(x), Duration(y)) => x
            .checked_sub(*y)
            .map(Duration)
            .ok_or_else(|| EvalError::new("duration overflow")),
        (Timestamp(t, o), Duration(d)) => time::checked_ts(t - *d as i128, *o),
        (Timestamp(x, _), Timestamp(y, _)) => i64::try_from(x - y)
            .map(Duration)
            .map_err(|_| EvalError::new("duration overflow")),
        _ => Err(EvalError::no_overload()),
    }
}

/// `+` on lists: a set keeps the left's items and appends the right's new
/// ones; a map list merges by key (the right's value wins in place).
fn concat(x: &List, y: &List) -> List {
    let mut items = x.items.clone();
    match &x.kind {
        ListKind::Set => {
            for it in &y.items {
                if !items.iter().any(|e| e.equals(it)) {
                    items.push(it.clone());
                }
            }
        }
        ListKind::Map(keys) => {
            let key = |v: &Value| -> Vec<Option<Value>> {
                keys.iter()
                    .map(|k| v.get(&Value::string(k.as_str())).cloned())
                    .collect()
            };
            let same = |a: &Vec<Option<Value>>, b: &Vec<Option<Value>>| {
                a.iter().zip(b).all(|(p, q)| match (p, q) {
                    (Some(p), Some(q)) => p.equals(q),
                    (None, None) => true,
                    _ => false,
                })
            };
            for it in &y.items {
                let k = key(it);
                match items.iter().position(|e| same(&key(e), &k)) {
                    Some(i) => items[i] = it.clone(),
                    None => items.push(it.clone()),
                }
            }
        }
        ListKind::Plain => items.extend(y.items.iter().cloned()),
    }
    List {
        items,
        kind: x.kind.clone(),
    }
}

fn conversion_error(from: &Value, to: &str) -> EvalError {
    EvalError::new(format!(
        "type conversion error from '{}' to '{to}'",
        from.type_name()
    ))
}

fn to_int(v: &Value) -> R {
    use Value::*;
    match v {
        Int(i) => Ok(Int(*i)),
        Uint(u) => i64::try_from(*u)
            .map(Int)
            .map_err(|_| EvalError::new("integer overflow")),
        Double(d) => {
            if d.is_finite() && *d > -9.223372036854776e18 && *d < 9.223372036854776e18 {
                Ok(Int(d.trunc() as i64))
            } else {
                Err(EvalError::new("integer overflow"))
            }
        }
        String(s) => s.parse().map(Int).map_err(|_| conversion_error(v, "int")),
        Timestamp(t, _) => Ok(Int(t.div_euclid(1_000_000_000) as i64)),
        _ => Err(conversion_error(v, "int")),
    }
}

fn to_uint(v: &Value) -> R {
    use Value::*;
    match v {
        Uint(u) => Ok(Uint(*u)),
        Int(i) => u64::try_from(*i)
            .map(Uint)
            .map_err(|_| EvalError::new("unsigned integer overflow")),
        Double(d) => {
            if d.is_finite() && *d >= 0.0 && *d < 1.8446744073709552e19 {
                Ok(Uint(d.trunc() as u64))
            } else {
                Err(EvalError::new("unsigned integer overflow"))
            }
        }
        String(s) => s.parse().map(Uint).map_err(|_| conversion_error(v, "uint")),
        _ => Err(conversion_error(v, "uint")),
    }
}

fn to_double(v: &Value) -> R {
    use Value::*;
    match v {
        Double(d) => Ok(Double(*d)),
        Int(i) => Ok(Double(*i as f64)),
        Uint(u) => Ok(Double(*u as f64)),
        String(s) => s
            .parse()
            .map(Double)
            .map_err(|_| conversion_error(v, "double")),
        _ => Err(conversion_error(v, "double")),
    }
}

pub(crate) fn to_string(v: &Value) -> R {
    use Value::*;
    Ok(Value::string(match v {
        String(s) => return Ok(String(s.clone())),
        Int(i) => i.to_string(),
        Uint(u) => u.to_string(),
        Double(d) => format_double(*d),
        Bool(b) => b.to_string(),
        Bytes(b) => match std::str::from_utf8(b) {
            Ok(s) => s.to_string(),
            Err(_) => return Err(conversion_error(v, "string")),
        },
        Duration(d) => format_duration(*d),
        Timestamp(t, o) => time::format_rfc3339(*t, *o),
        _ => return Err(conversion_error(v, "string")),
    }))
}

fn index_of(s: &str, t: &str, rest: &[Value], last: bool) -> R {
    let chars: Vec<char> = s.chars().collect();
    let needle: Vec<char> = t.chars().collect();
    let n = chars.len() as i64;
    let start = match rest {
        [] => {
            if last {
                n
            } else {
                0
            }
        }
        [Value::Int(i)] => *i,
        _ => return Err(EvalError::no_overload()),
    };
    if start < 0 || start > n {
        return Err(EvalError::new(format!("index out of range: {start}")));
    }
    let fits = |i: usize| chars.get(i..i + needle.len()) == Some(&needle[..]);
    let found = if last {
        let top = (start as usize).min(chars.len().saturating_sub(needle.len()));
        (0..=top).rev().find(|&i| fits(i))
    } else {
        (start as usize..=chars.len()).find(|&i| fits(i))
    };
    Ok(Value::Int(found.map_or(-1, |i| i as i64)))
}

fn split(s: &str, sep: &str, n: i64) -> Value {
    let parts: Vec<Value> = match n {
        0 => Vec::new(),
        n if n < 0 => {
            if sep.is_empty() {
                s.chars().map(|c| Value::string(c.to_string())).collect()
            } else {
                s.split(sep).map(Value::string).collect()
            }
        }
        n => {
            if sep.is_empty() {
                let chars: Vec<char> = s.chars().collect();
                let k = (n as usize).min(chars.len());
                let mut out: Vec<Value> = chars[..k.saturating_sub(1)]
                    .iter()
                    .map(|c| Value::string(c.to_string()))
                    .collect();
                out.push(Value::string(
                    chars[k.saturating_sub(1)..]
                        .iter()
                        .collect::<std::string::String>(),
                ));
                out
            } else {
                s.splitn(n as usize, sep).map(Value::string).collect()
            }
        }
    };
    Value::list(parts)
}

fn substring(s: &str, a: i64, b: i64) -> R {
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len() as i64;
    if a < 0 || a > n {
        return Err(EvalError::new(format!("index out of range: {a}")));
    }
    if b < 0 || b > n {
        return Err(EvalError::new(format!("index out of range: {b}")));
    }
    if a > b {
        return Err(EvalError::new(format!(
            "invalid substring range. start: {a}, end: {b}"
        )));
    }
    Ok(Value::string(
        chars[a as usize..b as usize]
            .iter()
            .collect::<std::string::String>(),
    ))
}

fn find_all(s: &str, re: &str, limit: i64) -> R {
    let mut out = Vec::new();
    let mut at = 0;
    while limit < 0 || (out.len() as i64) < limit {
        match regex_find(re, s, at)? {
            Some((a, b)) => {
                out.push(Value::string(&s[a..b]));
                at = if b > a {
                    b
                } else {
                    b + s[b..].chars().next().map_or(1, char::len_utf8)
                };
                if at > s.len() {
                    break;
                }
            }
            None => break,
        }
    }
    Ok(Value::list(out))
}
