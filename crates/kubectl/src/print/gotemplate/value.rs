//! Values as Go sees unstructured JSON: their kinds, and how `fmt`
//! prints them.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum IntTy {
    /// JSON integers, as kubectl decodes them.
    I64,
    /// Literals and `len`.
    Int,
    /// A byte of a string (`index "abc" 0`).
    U8,
}

#[derive(Clone, Debug)]
pub(super) enum K<'a> {
    /// Go's zero `reflect.Value`: a missing key.
    Invalid,
    Nil,
    Bool(bool),
    Int(i64, IntTy),
    Float(f64),
    Str(Cow<'a, str>),
    Arr(&'a [Value]),
    Map(&'a Map<String, Value>),
}

/// A value and whether it still sits in an `interface{}`.
#[derive(Clone, Debug)]
pub(super) struct V<'a> {
    pub(super) k: K<'a>,
    pub(super) iface: bool,
}

impl<'a> V<'a> {
    pub(super) fn new(k: K<'a>) -> V<'a> {
        V { k, iface: false }
    }
    pub(super) fn invalid() -> V<'a> {
        V::new(K::Invalid)
    }
    /// A map entry or list element: an `interface{}` holding the JSON value.
    pub(super) fn element(v: &'a Value) -> V<'a> {
        V { k: json_kind(v), iface: true }
    }
    /// The end of a pipeline: Go digs the value out of its `interface{}`,
    /// a nil one becoming no value at all.
    pub(super) fn dug(self) -> V<'a> {
        match self.k {
            K::Nil if self.iface => V::invalid(),
            k => V::new(k),
        }
    }
    /// The Go type `reflect` reports.
    pub(super) fn type_name(&self) -> &'static str {
        if self.iface {
            return "interface {}";
        }
        self.concrete_type()
    }
    pub(super) fn concrete_type(&self) -> &'static str {
        match &self.k {
            K::Invalid | K::Nil => "interface {}",
            K::Bool(_) => "bool",
            K::Int(_, IntTy::I64) => "int64",
            K::Int(_, IntTy::Int) => "int",
            K::Int(_, IntTy::U8) => "uint8",
            K::Float(_) => "float64",
            K::Str(_) => "string",
            K::Arr(_) => "[]interface {}",
            K::Map(_) => "map[string]interface {}",
        }
    }
    pub(super) fn truth(&self) -> bool {
        match &self.k {
            K::Invalid | K::Nil => false,
            K::Bool(b) => *b,
            K::Int(i, _) => *i != 0,
            K::Float(f) => *f != 0.0,
            K::Str(s) => !s.is_empty(),
            K::Arr(a) => !a.is_empty(),
            K::Map(m) => !m.is_empty(),
        }
    }
}

pub(super) fn json_kind(v: &Value) -> K<'_> {
    match v {
        Value::Null => K::Nil,
        Value::Bool(b) => K::Bool(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => K::Int(i, IntTy::I64),
            None => K::Float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => K::Str(Cow::Borrowed(s)),
        Value::Array(a) => K::Arr(a),
        Value::Object(m) => K::Map(m),
    }
}

/// `fmt.Print` of one value (`%v`).
pub(super) fn go_print(v: &V, out: &mut String) {
    match &v.k {
        K::Invalid => out.push_str("<no value>"),
        K::Nil => out.push_str("<nil>"),
        _ => print_kind(&v.k, out),
    }
}

/// `fmt.Print` of a value below the top: `%v` with no flags, which is
/// what Go's `Sprint` is.
pub(super) fn print_kind(k: &K, out: &mut String) {
    fmt_value(&V::new(k.clone()), 'v', &Spec::PLAIN, false, out);
}

/// `%v` of a float64.
pub(super) fn float_v(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf".into() } else { "-Inf".into() };
    }
    gojson::float_text(f)
}
