//! Static types for the checker: what a schema declares `self` to be,
//! and what each expression yields, named as cel-go prints them.

use std::fmt;
use std::rc::Rc;

#[derive(Debug, Clone, PartialEq)]
pub enum Type {
    /// Unknown until run time (int-or-string, preserved unknown fields).
    Dyn,
    Null,
    Bool,
    Int,
    Uint,
    Double,
    String,
    Bytes,
    Duration,
    Timestamp,
    List(Rc<Type>),
    Map(Rc<Type>, Rc<Type>),
    /// An object with declared fields (a schema with `properties`).
    Object(Rc<Object>),
    /// The type of a type value (`int`, `string` used as values).
    Type,
    /// Kubernetes' `kubernetes.Quantity`.
    Quantity,
    /// Kubernetes' `net.IP`, `net.CIDR` and `kubernetes.URL`.
    Ip,
    Cidr,
    Url,
    /// The authz library's `kubernetes.authorization.*` types.
    Authz(crate::authz::AuthzType),
    /// cel-go's optional types (`optional_type(int)`).
    Optional(Rc<Type>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    pub name: String,
    pub fields: Vec<(String, Type)>,
}

impl Object {
    pub fn field(&self, name: &str) -> Option<&Type> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, t)| t)
    }
}

impl Type {
    pub fn list(elem: Type) -> Type {
        Type::List(Rc::new(elem))
    }
    pub fn map(k: Type, v: Type) -> Type {
        Type::Map(Rc::new(k), Rc::new(v))
    }
    pub fn is_dyn(&self) -> bool {
        matches!(self, Type::Dyn)
    }
    pub(crate) fn is_numeric(&self) -> bool {
        matches!(self, Type::Int | Type::Uint | Type::Double)
    }

    /// Whether a value of type `other` may stand where `self` is expected
    /// (dyn matching anything, element types recursively).
    pub fn accepts(&self, other: &Type) -> bool {
        match (self, other) {
            (Type::Dyn, _) | (_, Type::Dyn) => true,
            (Type::List(a), Type::List(b)) => a.accepts(b),
            (Type::Map(ak, av), Type::Map(bk, bv)) => ak.accepts(bk) && av.accepts(bv),
            (Type::Object(a), Type::Object(b)) => a.name == b.name,
            (Type::Optional(a), Type::Optional(b)) => a.accepts(b),
            _ => self == other,
        }
    }

    /// The more specific of two types that accept each other.
    pub(crate) fn join(&self, other: &Type) -> Type {
        if self.is_dyn() {
            other.clone()
        } else {
            self.clone()
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Dyn => f.write_str("dyn"),
            Type::Null => f.write_str("null_type"),
            Type::Bool => f.write_str("bool"),
            Type::Int => f.write_str("int"),
            Type::Uint => f.write_str("uint"),
            Type::Double => f.write_str("double"),
            Type::String => f.write_str("string"),
            Type::Bytes => f.write_str("bytes"),
            Type::Duration => f.write_str("google.protobuf.Duration"),
            Type::Timestamp => f.write_str("google.protobuf.Timestamp"),
            Type::List(e) => write!(f, "list({e})"),
            Type::Map(k, v) => write!(f, "map({k}, {v})"),
            Type::Object(o) => f.write_str(&o.name),
            Type::Type => f.write_str("type"),
            Type::Quantity => f.write_str("kubernetes.Quantity"),
            Type::Ip => f.write_str("net.IP"),
            Type::Cidr => f.write_str("net.CIDR"),
            Type::Url => f.write_str("kubernetes.URL"),
            Type::Authz(a) => f.write_str(a.name()),
            Type::Optional(t) => write!(f, "optional_type({t})"),
        }
    }
}
