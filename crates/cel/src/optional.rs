//! cel-go's optional syntax, which Kubernetes turns on in every CEL
//! environment: `a.?f` and `m[?k]` give `optional.none()` where plain
//! selection or indexing would fail on an absent field, key or index, and
//! selecting or indexing into an optional keeps the result optional, so
//! an empty optional stays empty down a chain (`a.?b.c[0]`).

use std::rc::Rc;

use crate::error::EvalError;
use crate::types::Type;
use crate::value::Value;

/// The checker's result for `_[?_]`, and for `_[_]` on an optional.
pub(crate) fn signature(func: &str, args: &[Type]) -> Option<Option<Type>> {
    let [target, key] = args else { return None };
    let (inner, wrapped) = match target {
        Type::Optional(inner) => ((**inner).clone(), true),
        other => (other.clone(), false),
    };
    if func != "_[?_]" && !(func == "_[_]" && wrapped) {
        return None;
    }
    let elem = match &inner {
        Type::List(e) => Type::Int.accepts(key).then(|| (**e).clone()),
        Type::Map(k, v) => k.accepts(key).then(|| (**v).clone()),
        Type::Dyn => Some(Type::Dyn),
        _ => None,
    };
    Some(elem.map(|e| Type::Optional(Rc::new(e))))
}

/// The value of `_[?_]`, and of `_[_]` on an optional.
pub(crate) fn call(func: &str, args: &[Value]) -> Option<Result<Value, EvalError>> {
    let [target, key] = args else { return None };
    let target = match target {
        Value::Optional(None) if func == "_[?_]" || func == "_[_]" => {
            return Some(Ok(Value::Optional(None)))
        }
        Value::Optional(Some(v)) if func == "_[?_]" || func == "_[_]" => &**v,
        _ if func == "_[?_]" => target,
        _ => return None,
    };
    let found = match (target, key) {
        (Value::List(l), Value::Int(i)) => usize::try_from(*i).ok().and_then(|i| l.items.get(i)),
        (Value::List(l), Value::Uint(u)) => usize::try_from(*u).ok().and_then(|i| l.items.get(i)),
        (m @ Value::Map(_), k) => m.get(k),
        _ => return Some(Err(EvalError::no_overload())),
    };
    Some(Ok(Value::Optional(found.map(|v| Rc::new(v.clone())))))
}

/// `target.?field`, or `target.field` where `target` is an optional.
pub(crate) fn select(target: &Value, field: &str) -> Result<Value, EvalError> {
    let target = match target {
        Value::Optional(None) => return Ok(Value::Optional(None)),
        Value::Optional(Some(v)) => &**v,
        other => other,
    };
    match target {
        Value::Map(_) => Ok(Value::Optional(
            target
                .get(&Value::string(field))
                .map(|v| Rc::new(v.clone())),
        )),
        _ => Err(EvalError::no_overload()),
    }
}
