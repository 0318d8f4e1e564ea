//! CEL's runtime values, with its equality (numbers across types, set and
//! map lists regardless of order) and ordering.

use std::cmp::Ordering;
use std::rc::Rc;

/// How a list compares and concatenates (`x-kubernetes-list-type`).
#[derive(Debug, Clone, PartialEq)]
pub enum ListKind {
    Plain,
    Set,
    /// A map list, keyed by these item fields.
    Map(Rc<[String]>),
}

#[derive(Debug, Clone)]
pub struct List {
    pub items: Vec<Value>,
    pub kind: ListKind,
}

#[derive(Debug, Clone)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Double(f64),
    String(Rc<str>),
    Bytes(Rc<[u8]>),
    List(Rc<List>),
    /// Entries in insertion order; keys are unique.
    Map(Rc<Vec<(Value, Value)>>),
    /// Nanoseconds.
    Duration(i64),
    /// Nanoseconds since the Unix epoch, and the UTC offset in seconds
    /// it was written with (kept for printing, as Go's `time.Time` does).
    Timestamp(i128, i32),
    Type(Rc<str>),
    /// A Kubernetes resource quantity (`quantity('1.5Gi')`).
    Quantity(crate::quantity::Quantity),
    Ip(crate::net::Ip),
    Cidr(crate::net::Cidr),
    Url(Rc<crate::url::Url>),
    Authz(Rc<crate::authz::Authz>),
    /// An optional value: `optional.of(x)` or `optional.none()`.
    Optional(Option<Rc<Value>>),
}

impl Value {
    pub fn string(s: impl Into<Rc<str>>) -> Value {
        Value::String(s.into())
    }

    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(List {
            items,
            kind: ListKind::Plain,
        }))
    }

    pub fn map(entries: Vec<(Value, Value)>) -> Value {
        Value::Map(Rc::new(entries))
    }

    /// The name `type()` gives and errors print.
    pub fn type_name(&self) -> &str {
        match self {
            Value::Null => "null_type",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Uint(_) => "uint",
            Value::Double(_) => "double",
            Value::String(_) => "string",
            Value::Bytes(_) => "bytes",
            Value::List(_) => "list",
            Value::Map(_) => "map",
            Value::Duration(_) => "google.protobuf.Duration",
            Value::Timestamp(..) => "google.protobuf.Timestamp",
            Value::Type(_) => "type",
            Value::Quantity(_) => "kubernetes.Quantity",
            Value::Ip(_) => "net.IP",
            Value::Cidr(_) => "net.CIDR",
            Value::Url(_) => "kubernetes.URL",
            Value::Authz(a) => a.kind().name(),
            Value::Optional(_) => "optional_type",
        }
    }

    /// A map's value under `key` (numbers matching across types).
    pub fn get(&self, key: &Value) -> Option<&Value> {
        match self {
            Value::Map(m) => m.iter().find(|(k, _)| k.equals(key)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// CEL's `==` at runtime (heterogeneous: values of different kinds
    /// are unequal, numbers compare by value).
    pub fn equals(&self, other: &Value) -> bool {
        use Value::*;
        match (self, other) {
            (Null, Null) => true,
            (Bool(a), Bool(b)) => a == b,
            (String(a), String(b)) => a == b,
            (Bytes(a), Bytes(b)) => a == b,
            (Duration(a), Duration(b)) => a == b,
            (Timestamp(a, _), Timestamp(b, _)) => a == b,
            (Type(a), Type(b)) => a == b,
            (Quantity(a), Quantity(b)) => a.cmp(*b) == Ordering::Equal,
            (Ip(a), Ip(b)) => a == b,
            (Cidr(a), Cidr(b)) => a == b,
            (Url(a), Url(b)) => a == b,
            (Optional(a), Optional(b)) => match (a, b) {
                (None, None) => true,
                (Some(x), Some(y)) => x.equals(y),
                _ => false,
            },
            (List(a), List(b)) => list_equals(a, b),
            (Map(a), Map(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, v)| other.get(k).is_some_and(|w| v.equals(w)))
            }
            _ => numeric_cmp(self, other) == Some(Ordering::Equal),
        }
    }

    /// CEL's ordering for `<` and friends; None where no overload exists.
    pub fn compare(&self, other: &Value) -> Option<Ordering> {
        use Value::*;
        match (self, other) {
            (Bool(a), Bool(b)) => Some(a.cmp(b)),
            (String(a), String(b)) => Some(a.cmp(b)),
            (Bytes(a), Bytes(b)) => Some(a.cmp(b)),
            (Duration(a), Duration(b)) => Some(a.cmp(b)),
            (Timestamp(a, _), Timestamp(b, _)) => Some(a.cmp(b)),
            _ => numeric_cmp(self, other),
        }
    }
}

fn list_equals(a: &List, b: &List) -> bool {
    if a.items.len() != b.items.len() {
        return false;
    }
    match (&a.kind, &b.kind) {
        (ListKind::Set, _) | (_, ListKind::Set) | (ListKind::Map(_), _) | (_, ListKind::Map(_)) => {
            a.items.iter().all(|x| b.items.iter().any(|y| x.equals(y)))
                && b.items.iter().all(|y| a.items.iter().any(|x| x.equals(y)))
        }
        _ => a.items.iter().zip(&b.items).all(|(x, y)| x.equals(y)),
    }
}

/// Numbers of any of the three kinds, compared by value (NaN is unordered).
fn numeric_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    use Value::*;
    match (a, b) {
        (Int(x), Int(y)) => Some(x.cmp(y)),
        (Uint(x), Uint(y)) => Some(x.cmp(y)),
        (Int(x), Uint(y)) => Some(if *x < 0 {
            Ordering::Less
        } else {
            (*x as u64).cmp(y)
        }),
        (Uint(_), Int(_)) => numeric_cmp(b, a).map(Ordering::reverse),
        (Double(x), Double(y)) => x.partial_cmp(y),
        (Double(x), Int(y)) => cmp_double_int(*x, *y as i128),
        (Double(x), Uint(y)) => cmp_double_int(*x, *y as i128),
        (Int(_) | Uint(_), Double(_)) => numeric_cmp(b, a).map(Ordering::reverse),
        _ => None,
    }
}

fn cmp_double_int(x: f64, y: i128) -> Option<Ordering> {
    if x.is_nan() {
        return None;
    }
    if x < -1.0e19 {
        return Some(Ordering::Less);
    }
    if x > 1.9e19 {
        return Some(Ordering::Greater);
    }
    let t = x.trunc() as i128;
    match t.cmp(&y) {
        Ordering::Equal if x.fract() > 0.0 => Some(Ordering::Greater),
        Ordering::Equal if x.fract() < 0.0 => Some(Ordering::Less),
        o => Some(o),
    }
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64)`, as cel-go's `string(double)`.
pub fn format_double(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // Rust's `{:e}` gives the shortest digits that round-trip, as Go does.
    let e = format!("{f:e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mant}e{sign}{:02}", exp.abs());
    }
    format!("{f}")
}

/// cel-go's `string(duration)`: seconds as Go's shortest `'f'` form.
pub fn format_duration(nanos: i64) -> String {
    format!("{}s", nanos as f64 / 1e9)
}
