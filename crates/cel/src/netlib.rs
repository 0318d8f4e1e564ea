//! The overloads of Kubernetes' `ip`, `cidr` and `url` libraries (the
//! values are in `net` and `url`), kept apart from the standard library's
//! table in `functions`.

use crate::error::EvalError;
use crate::types::Type as T;
use crate::value::Value;
use std::rc::Rc;

/// The function names these libraries define.
pub(crate) const NAMES: [&str; 23] = [
    "ip",
    "isIP",
    "ip.isCanonical",
    "family",
    "isUnspecified",
    "isLoopback",
    "isLinkLocalMulticast",
    "isLinkLocalUnicast",
    "isGlobalUnicast",
    "cidr",
    "isCIDR",
    "containsIP",
    "containsCIDR",
    "masked",
    "prefixLength",
    "url",
    "isURL",
    "getScheme",
    "getHost",
    "getHostname",
    "getPort",
    "getEscapedPath",
    "getQuery",
];

/// The result type, as `functions::signature`: None when the name is not
/// one of these libraries' (or `string` of another type).
pub(crate) fn signature(func: &str, member: bool, args: &[T]) -> Option<Option<T>> {
    let is = |want: &[T]| {
        args.len() == want.len() && want.iter().zip(args).all(|(w, a)| w.accepts(a))
    };
    let one = |want: T, result: T| is(&[want]).then_some(result);
    Some(match (func, member) {
        ("string", false) if matches!(args, [T::Ip] | [T::Cidr] | [T::Url]) => {
            (!matches!(args, [T::Url])).then_some(T::String)
        }
        ("ip", false) => one(T::String, T::Ip),
        ("ip", true) => one(T::Cidr, T::Ip),
        ("isIP" | "ip.isCanonical" | "isCIDR" | "isURL", false) => one(T::String, T::Bool),
        ("family", true) => one(T::Ip, T::Int),
        (
            "isUnspecified" | "isLoopback" | "isLinkLocalMulticast" | "isLinkLocalUnicast"
            | "isGlobalUnicast",
            true,
        ) => one(T::Ip, T::Bool),
        ("cidr", false) => one(T::String, T::Cidr),
        ("containsIP", true) => (is(&[T::Cidr, T::Ip]) || is(&[T::Cidr, T::String])).then_some(T::Bool),
        ("containsCIDR", true) => {
            (is(&[T::Cidr, T::Cidr]) || is(&[T::Cidr, T::String])).then_some(T::Bool)
        }
        ("masked", true) => one(T::Cidr, T::Cidr),
        ("prefixLength", true) => one(T::Cidr, T::Int),
        ("url", false) => one(T::String, T::Url),
        ("getScheme" | "getHost" | "getHostname" | "getPort" | "getEscapedPath", true) => {
            one(T::Url, T::String)
        }
        ("getQuery", true) => one(T::Url, T::map(T::String, T::list(T::String))),
        _ if NAMES.contains(&func) => None,
        _ => return None,
    })
}

/// Applies one of these functions; None when `func` on `args` is not one.
pub(crate) fn call(func: &str, args: &[Value]) -> Option<Result<Value, EvalError>> {
    use Value::*;
    let err = EvalError::new;
    let s = |v: std::string::String| Value::string(v);
    Some(match (func, args) {
        ("string", [Ip(a)]) => Ok(s(a.to_string())),
        ("string", [Cidr(c)]) => Ok(s(c.to_string())),
        ("ip", [String(t)]) => crate::net::Ip::parse(t).map(Ip).map_err(err),
        ("ip", [Cidr(c)]) => Ok(Ip(c.ip)),
        ("isIP", [String(t)]) => Ok(Bool(crate::net::Ip::parse(t).is_ok())),
        ("ip.isCanonical", [String(t)]) => crate::net::Ip::parse(t)
            .map(|a| Bool(a.to_string() == **t))
            .map_err(err),
        ("family", [Ip(a)]) => Ok(Int(a.family())),
        ("isUnspecified", [Ip(a)]) => Ok(Bool(a.is_unspecified())),
        ("isLoopback", [Ip(a)]) => Ok(Bool(a.is_loopback())),
        ("isLinkLocalMulticast", [Ip(a)]) => Ok(Bool(a.is_link_local_multicast())),
        ("isLinkLocalUnicast", [Ip(a)]) => Ok(Bool(a.is_link_local_unicast())),
        ("isGlobalUnicast", [Ip(a)]) => Ok(Bool(a.is_global_unicast())),
        ("cidr", [String(t)]) => crate::net::Cidr::parse(t).map(Cidr).map_err(err),
        ("isCIDR", [String(t)]) => Ok(Bool(crate::net::Cidr::parse(t).is_ok())),
        ("containsIP", [Cidr(c), Ip(a)]) => Ok(Bool(c.contains_ip(a))),
        ("containsIP", [Cidr(c), String(t)]) => {
            crate::net::Ip::parse(t).map(|a| Bool(c.contains_ip(&a))).map_err(err)
        }
        ("containsCIDR", [Cidr(c), Cidr(d)]) => Ok(Bool(c.contains_cidr(d))),
        ("containsCIDR", [Cidr(c), String(t)]) => crate::net::Cidr::parse(t)
            .map(|d| Bool(c.contains_cidr(&d)))
            .map_err(err),
        ("masked", [Cidr(c)]) => Ok(Cidr(c.masked())),
        ("prefixLength", [Cidr(c)]) => Ok(Int(c.prefix_length())),
        ("url", [String(t)]) => crate::url::Url::parse(t).map(|u| Url(Rc::new(u))).map_err(err),
        ("isURL", [String(t)]) => Ok(Bool(crate::url::Url::is_url(t))),
        ("getScheme", [Url(u)]) => Ok(s(u.scheme().to_string())),
        ("getHost", [Url(u)]) => Ok(s(u.host().to_string())),
        ("getHostname", [Url(u)]) => Ok(s(u.hostname().to_string())),
        ("getPort", [Url(u)]) => Ok(s(u.port().to_string())),
        ("getEscapedPath", [Url(u)]) => Ok(s(u.escaped_path())),
        ("getQuery", [Url(u)]) => Ok(Value::map(
            u.query()
                .into_iter()
                .map(|(k, vs)| (s(k), Value::list(vs.into_iter().map(s).collect())))
                .collect(),
        )),
        _ => return None,
    })
}
