//! A serde `Deserializer` over the located tree, so decoding into the
//! model's typed structs behaves like Go's JSON decoding in Kubernetes
//! (null gives the zero value, a string is never an integer, ints must fit
//! their Go type, field names are case-sensitive) while every error knows
//! its line, column and field path, and unknown fields become warnings with
//! a "did you mean" suggestion, as kubectl's strict field validation reports them.

use crate::error::{ErrorKind, JsonValue, Step, Warning};
use crate::suggest::closest;
use crate::tree::{integral, Entry, Integral, Node, NodeValue};
use serde::de::{self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use std::cell::RefCell;
use std::fmt;

/// Where a node sits in its object, for messages: `spec.containers[0].image`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Path<'a> {
    Root,
    Field(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
    Key(&'a Path<'a>, &'a str),
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root => Ok(()),
            Path::Field(Path::Root, name) => f.write_str(name),
            Path::Field(parent, name) => write!(f, "{parent}.{name}"),
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
            Path::Key(parent, k) => write!(f, "{parent}[{k}]"),
        }
    }
}

impl Path<'_> {
    fn push_steps(&self, out: &mut Vec<Step>) {
        match self {
            Path::Root => {}
            Path::Field(parent, name) => {
                parent.push_steps(out);
                out.push(Step::Field(name.to_string()));
            }
            Path::Index(parent, i) => {
                parent.push_steps(out);
                out.push(Step::Index(*i));
            }
            Path::Key(parent, k) => {
                parent.push_steps(out);
                out.push(Step::Key(k.to_string()));
            }
        }
    }
}

/// A decode error with the place it happened, once known.
#[derive(Debug)]
pub(crate) struct DeError {
    pub kind: ErrorKind,
    pub at: Option<At>,
    /// The Go type of the number the field is (`int32`), for a wrong type.
    pub scalar: Option<&'static str>,
}

#[derive(Debug)]
pub(crate) struct At {
    pub line: usize,
    pub column: usize,
    pub path: String,
    pub steps: Vec<Step>,
    /// The offending value's JSON type.
    pub value: JsonValue,
}

impl DeError {
    /// Locates the error at `node` unless a deeper node already did.
    fn at(mut self, node: &Node, path: &Path<'_>) -> DeError {
        if self.at.is_none() {
            let mut steps = Vec::new();
            path.push_steps(&mut steps);
            self.at = Some(At { line: node.line, column: node.column, path: path.to_string(), steps, value: json_value(node) });
        }
        self
    }
}

/// A node's value as the JSON kubectl sends carries it.
fn json_value(node: &Node) -> JsonValue {
    match &node.value {
        NodeValue::Str(_) => JsonValue::String,
        NodeValue::Bool(_) => JsonValue::Bool,
        NodeValue::Int(i) => JsonValue::Number { text: i.to_string(), integral: true },
        NodeValue::Uint(u) => JsonValue::Number { text: u.to_string(), integral: true },
        NodeValue::Float(f) => match integral(*f) {
            Some(Integral::Int(i)) => JsonValue::Number { text: i.to_string(), integral: true },
            Some(Integral::Uint(u)) => JsonValue::Number { text: u.to_string(), integral: true },
            None => JsonValue::Number { text: crate::gofloat::format_json(*f), integral: false },
        },
        NodeValue::Seq(_) => JsonValue::Array,
        // Null never mismatches: it decodes to the zero value.
        NodeValue::Map(_) | NodeValue::Null => JsonValue::Object,
    }
}

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: fmt::Display>(msg: T) -> DeError {
        DeError { kind: ErrorKind::Invalid(msg.to_string()), at: None, scalar: None }
    }

    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn de::Expected) -> DeError {
        DeError { kind: ErrorKind::TypeMismatch { expected: exp.to_string(), got: describe(unexp) }, at: None, scalar: None }
    }

    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn de::Expected) -> DeError {
        DeError { kind: ErrorKind::Invalid(format!("invalid value {}, expected {exp}", describe(unexp))), at: None, scalar: None }
    }
}

/// serde's description of a value, in the words `Node::describe` uses.
fn describe(u: Unexpected<'_>) -> String {
    match u {
        Unexpected::Bool(b) => format!("boolean {b}"),
        Unexpected::Unsigned(n) => format!("integer {n}"),
        Unexpected::Signed(n) => format!("integer {n}"),
        Unexpected::Float(f) => format!("number {}", crate::gofloat::format_json(f)),
        Unexpected::Str(s) => format!("string {}", crate::tree::quote_short(s)),
        Unexpected::Unit | Unexpected::Option => "null".into(),
        Unexpected::Seq => "list".into(),
        Unexpected::Map => "map".into(),
        other => other.to_string(),
    }
}

/// Warnings gathered while decoding one object.
#[derive(Default)]
pub(crate) struct Ctx {
    pub warnings: RefCell<Vec<Warning>>,
}

/// Deserializes one node. `root` marks an object's top level, where
/// `apiVersion` and `kind` are expected and not part of the typed body.
pub(crate) struct NodeDe<'a> {
    pub node: &'a Node,
    pub path: &'a Path<'a>,
    pub ctx: &'a Ctx,
    pub root: bool,
}

impl<'a> NodeDe<'a> {
    fn err(&self, kind: ErrorKind) -> DeError {
        DeError { kind, at: None, scalar: None }.at(self.node, self.path)
    }

    fn mismatch(&self, expected: &str) -> DeError {
        self.err(ErrorKind::TypeMismatch { expected: expected.into(), got: self.node.describe() })
    }

    fn locate<T>(&self, r: Result<T, DeError>) -> Result<T, DeError> {
        r.map_err(|e| e.at(self.node, self.path))
    }

    /// The node as an integer the way Go's JSON decoding sees it: a float
    /// written without fraction (`3.0` reaches the API server as `3`) counts.
    fn integer(&self, go: &'static str) -> Result<i128, DeError> {
        let r = match &self.node.value {
            NodeValue::Null => Ok(0),
            NodeValue::Int(i) => Ok(*i as i128),
            NodeValue::Uint(u) => Ok(*u as i128),
            NodeValue::Float(f) if f.fract() == 0.0 && f.abs() < 1e21 => Ok(*f as i128),
            NodeValue::Float(f) if f.fract() == 0.0 => Err(self.err(ErrorKind::OutOfRange { value: crate::gofloat::format_json(*f), ty: "int64" })),
            _ => Err(self.mismatch("integer")),
        };
        r.map_err(|e| DeError { scalar: Some(go), ..e })
    }

    fn seq(&self) -> SeqDe<'a> {
        let items: &'a [Node] = match &self.node.value {
            NodeValue::Seq(items) => items,
            _ => &[],
        };
        SeqDe { items: items.iter(), index: 0, path: self.path, ctx: self.ctx }
    }

    fn entries(&self) -> &'a [Entry] {
        match &self.node.value {
            NodeValue::Map(entries) => entries,
            _ => &[],
        }
    }
}

macro_rules! integer_method {
    ($method:ident, $ty:ty, $visit:ident, $go:expr) => {
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
            let n = self.integer($go)?;
            let v = <$ty>::try_from(n).map_err(|_| DeError { scalar: Some($go), ..self.err(ErrorKind::OutOfRange { value: n.to_string(), ty: $go }) })?;
            self.locate(visitor.$visit(v))
        }
    };
}

impl<'de, 'a> Deserializer<'de> for NodeDe<'a> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let r = match &self.node.value {
            NodeValue::Null => visitor.visit_unit(),
            NodeValue::Bool(b) => visitor.visit_bool(*b),
            NodeValue::Int(i) => visitor.visit_i64(*i),
            NodeValue::Uint(u) => visitor.visit_u64(*u),
            NodeValue::Float(f) => match integral(*f) {
                Some(Integral::Int(i)) => visitor.visit_i64(i),
                Some(Integral::Uint(u)) => visitor.visit_u64(u),
                None => visitor.visit_f64(*f),
            },
            NodeValue::Str(s) => visitor.visit_str(s),
            NodeValue::Seq(_) => visitor.visit_seq(self.seq()),
            NodeValue::Map(entries) => visitor.visit_map(MapDe { entries: entries.iter(), current: None, path: self.path, ctx: self.ctx }),
        };
        self.locate(r)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let b = match self.node.value {
            NodeValue::Null => false,
            NodeValue::Bool(b) => b,
            _ => return Err(self.mismatch("boolean")),
        };
        self.locate(visitor.visit_bool(b))
    }

    integer_method!(deserialize_i8, i8, visit_i8, "int8");
    integer_method!(deserialize_i16, i16, visit_i16, "int16");
    integer_method!(deserialize_i32, i32, visit_i32, "int32");
    integer_method!(deserialize_i64, i64, visit_i64, "int64");
    integer_method!(deserialize_u8, u8, visit_u8, "uint8");
    integer_method!(deserialize_u16, u16, visit_u16, "uint16");
    integer_method!(deserialize_u32, u32, visit_u32, "uint32");
    integer_method!(deserialize_u64, u64, visit_u64, "uint64");

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let f = match self.node.value {
            NodeValue::Null => 0.0,
            NodeValue::Int(i) => i as f64,
            NodeValue::Uint(u) => u as f64,
            NodeValue::Float(f) => f,
            _ => return Err(DeError { scalar: Some("float64"), ..self.mismatch("number") }),
        };
        self.locate(visitor.visit_f64(f))
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let mut chars = self.node.as_str().unwrap_or("").chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self.locate(visitor.visit_char(c)),
            _ => Err(self.mismatch("a single character")),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let s = match &self.node.value {
            NodeValue::Null => "",
            NodeValue::Str(s) => s.as_str(),
            _ => return Err(self.mismatch("string")),
        };
        self.locate(visitor.visit_str(s))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        if self.node.is_null() {
            self.locate(visitor.visit_none())
        } else {
            let (node, path) = (self.node, self.path);
            visitor.visit_some(self).map_err(|e| e.at(node, path))
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        if self.node.is_null() {
            self.locate(visitor.visit_unit())
        } else {
            Err(self.mismatch("null"))
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        let (node, path) = (self.node, self.path);
        visitor.visit_newtype_struct(self).map_err(|e| e.at(node, path))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.node.value {
            NodeValue::Null | NodeValue::Seq(_) => self.locate(visitor.visit_seq(self.seq())),
            _ => Err(self.mismatch("list")),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(self, _name: &'static str, _len: usize, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.node.value {
            NodeValue::Null | NodeValue::Map(_) => {
                let access = MapDe { entries: self.entries().iter(), current: None, path: self.path, ctx: self.ctx };
                self.locate(visitor.visit_map(access))
            }
            _ => Err(self.mismatch("map")),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(self, _name: &'static str, fields: &'static [&'static str], visitor: V) -> Result<V::Value, DeError> {
        if !matches!(self.node.value, NodeValue::Null | NodeValue::Map(_)) {
            return Err(self.mismatch("map"));
        }
        let entries = self.entries();
        let access = StructDe {
            node: self.node,
            entries: entries.iter(),
            fields,
            present: Present::new(fields.len()),
            missing: 0,
            current: None,
            path: self.path,
            ctx: self.ctx,
            root: self.root,
        };
        self.locate(visitor.visit_map(access))
    }

    fn deserialize_enum<V: Visitor<'de>>(self, _name: &'static str, _variants: &'static [&'static str], visitor: V) -> Result<V::Value, DeError> {
        match &self.node.value {
            NodeValue::Str(s) => {
                let access: de::value::StrDeserializer<'_, DeError> = s.as_str().into_deserializer();
                self.locate(visitor.visit_enum(access))
            }
            _ => Err(self.mismatch("string")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.locate(visitor.visit_unit())
    }
}

struct SeqDe<'a> {
    items: std::slice::Iter<'a, Node>,
    index: usize,
    path: &'a Path<'a>,
    ctx: &'a Ctx,
}

impl<'de> SeqAccess<'de> for SeqDe<'_> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DeError> {
        let Some(node) = self.items.next() else { return Ok(None) };
        let path = Path::Index(self.path, self.index);
        self.index += 1;
        seed.deserialize(NodeDe { node, path: &path, ctx: self.ctx, root: false }).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// A map with arbitrary keys (labels, data, free-form JSON).
struct MapDe<'a> {
    entries: std::slice::Iter<'a, Entry>,
    current: Option<&'a Entry>,
    path: &'a Path<'a>,
    ctx: &'a Ctx,
}

impl<'de> MapAccess<'de> for MapDe<'_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        let Some(e) = self.entries.next() else { return Ok(None) };
        self.current = Some(e);
        let key: de::value::StrDeserializer<'_, DeError> = e.key.as_str().into_deserializer();
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        let Some(e) = self.current.take() else {
            return Err(de::Error::custom("map value requested before its key"));
        };
        let path = Path::Key(self.path, &e.key);
        seed.deserialize(NodeDe { node: &e.value, path: &path, ctx: self.ctx, root: false })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// A struct's fields: known keys in document order, then the absent fields
/// as nulls (Go leaves absent fields at their zero value; serde would call
/// them missing, so they are fed in as nulls, which decode to zero values);
/// unknown keys are skipped with a warning.
struct StructDe<'a> {
    node: &'a Node,
    entries: std::slice::Iter<'a, Entry>,
    fields: &'static [&'static str],
    /// Which fields the map has, noted as its keys are read.
    present: Present,
    /// The next field to check for absence, once the keys are read.
    missing: usize,
    current: Option<Field<'a>>,
    path: &'a Path<'a>,
    ctx: &'a Ctx,
    root: bool,
}

/// A set of field indexes: bits for the usual struct, a list past 128 fields.
enum Present {
    Bits(u128),
    List(Vec<bool>),
}

impl Present {
    fn new(fields: usize) -> Present {
        if fields <= 128 {
            Present::Bits(0)
        } else {
            Present::List(vec![false; fields])
        }
    }

    fn insert(&mut self, i: usize) {
        match self {
            Present::Bits(bits) => *bits |= 1 << i,
            Present::List(list) => list[i] = true,
        }
    }

    fn contains(&self, i: usize) -> bool {
        match self {
            Present::Bits(bits) => bits & (1 << i) != 0,
            Present::List(list) => list[i],
        }
    }
}

enum Field<'a> {
    Present(&'a Entry),
    Missing(&'static str),
}

impl<'de> MapAccess<'de> for StructDe<'_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        for e in self.entries.by_ref() {
            // The first byte rules out most names without a call to memcmp.
            let key = e.key.as_bytes();
            let field = self.fields.iter().position(|f| f.len() == key.len() && f.as_bytes().first() == key.first() && f.as_bytes() == key);
            if let Some(i) = field {
                self.present.insert(i);
            }
            if self.root && (e.key == "apiVersion" || e.key == "kind") {
                continue;
            }
            if field.is_some() {
                self.current = Some(Field::Present(e));
                let key: de::value::StrDeserializer<'_, DeError> = e.key.as_str().into_deserializer();
                return seed.deserialize(key).map(Some);
            }
            self.ctx.warnings.borrow_mut().push(Warning::UnknownField {
                path: Path::Field(self.path, &e.key).to_string(),
                line: e.key_line,
                column: e.key_column,
                suggestion: closest(&e.key, self.fields.iter().copied()).map(str::to_string),
            });
        }
        while self.missing < self.fields.len() {
            let i = self.missing;
            self.missing += 1;
            if !self.present.contains(i) {
                let name = self.fields[i];
                self.current = Some(Field::Missing(name));
                let key: de::value::StrDeserializer<'_, DeError> = name.into_deserializer();
                return seed.deserialize(key).map(Some);
            }
        }
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        match self.current.take() {
            Some(Field::Present(e)) => {
                let path = Path::Field(self.path, &e.key);
                seed.deserialize(NodeDe { node: &e.value, path: &path, ctx: self.ctx, root: false })
            }
            Some(Field::Missing(name)) => {
                let null = Node::new(NodeValue::Null, self.node.line, self.node.column);
                let path = Path::Field(self.path, name);
                seed.deserialize(NodeDe { node: &null, path: &path, ctx: self.ctx, root: false })
            }
            None => Err(de::Error::custom("struct value requested before its key")),
        }
    }
}

/// Decodes a whole node into `T`, collecting warnings.
pub(crate) fn decode<T: de::DeserializeOwned>(node: &Node, root: bool) -> Result<(T, Vec<Warning>), DeError> {
    decode_with(node, root, |d| T::deserialize(d))
}

/// Runs `f` on the node's deserializer, collecting warnings: for values
/// decoded by a function rather than a `Deserialize` type (an object of a
/// kind known only at run time).
pub(crate) fn decode_with<T>(node: &Node, root: bool, f: impl FnOnce(NodeDe<'_>) -> Result<T, DeError>) -> Result<(T, Vec<Warning>), DeError> {
    let ctx = Ctx::default();
    let path = Path::Root;
    let value = f(NodeDe { node, path: &path, ctx: &ctx, root })?;
    Ok((value, ctx.warnings.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use crate::reader::read_documents;
    use serde::Deserialize;
    use std::collections::BTreeMap;

    fn node(yaml: &str) -> Node {
        read_documents(yaml, &Limits::default()).remove(0).expect("document").root
    }

    #[derive(Debug, Default, PartialEq, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Spec {
        replicas: Option<i32>,
        name: String,
        #[serde(default)]
        ports: Vec<Port>,
        #[serde(default)]
        labels: BTreeMap<String, String>,
        paused: bool,
        ratio: f64,
    }

    #[derive(Debug, Default, PartialEq, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Port {
        container_port: i32,
        host_port: Option<u16>,
    }

    #[derive(Debug, Default, PartialEq, Deserialize)]
    struct Top {
        spec: Spec,
    }

    fn decode_top(yaml: &str) -> Result<(Top, Vec<Warning>), DeError> {
        decode::<Top>(&node(yaml), true)
    }

    /// Line, column, path and message of the one error.
    type Located = (usize, usize, String, String);

    fn err(yaml: &str) -> Located {
        let e = decode_top(yaml).expect_err("an error");
        let at = e.at.expect("located");
        (at.line, at.column, at.path, e.kind.to_string())
    }

    #[test]
    fn decodes_and_zeroes_absent_or_null_fields_like_go() {
        let (top, warnings) = decode_top("apiVersion: v1\nkind: X\nspec:\n  name: ~\n  ports:\n  - {}\n  labels: {a: null}\n").unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(top.spec.replicas, None);
        assert_eq!(top.spec.name, "");
        assert_eq!(top.spec.ports, vec![Port { container_port: 0, host_port: None }]);
        assert_eq!(top.spec.labels.get("a").map(String::as_str), Some(""));
        assert!(!top.spec.paused);
        let (top, _) = decode_top("spec: null\n").unwrap();
        assert_eq!(top, Top::default());
    }

    #[test]
    fn type_errors_are_located_with_their_path() {
        type Row<'a> = (&'a str, (usize, usize, &'a str, &'a str));
        let table: &[Row] = &[
            ("spec:\n  replicas: three\n", (2, 13, "spec.replicas", "expected integer, got string \"three\"")),
            ("spec:\n  replicas: \"3\"\n", (2, 13, "spec.replicas", "expected integer, got string \"3\"")),
            ("spec:\n  replicas: 1.5\n", (2, 13, "spec.replicas", "expected integer, got number 1.5")),
            ("spec:\n  replicas: 3000000000\n", (2, 13, "spec.replicas", "value 3000000000 is out of range for int32")),
            ("spec:\n  name: 80\n", (2, 9, "spec.name", "expected string, got integer 80")),
            ("spec:\n  name: yes\n", (2, 9, "spec.name", "expected string, got boolean true")),
            ("spec:\n  paused: \"true\"\n", (2, 11, "spec.paused", "expected boolean, got string \"true\"")),
            ("spec:\n  ports:\n  - containerPort: 80\n  - containerPort: http\n", (4, 20, "spec.ports[1].containerPort", "expected integer, got string \"http\"")),
            ("spec:\n  ports:\n  - hostPort: 70000\n", (3, 15, "spec.ports[0].hostPort", "value 70000 is out of range for uint16")),
            ("spec:\n  labels:\n    app: 1\n", (3, 10, "spec.labels[app]", "expected string, got integer 1")),
            ("spec:\n  ports: {a: 1}\n", (2, 10, "spec.ports", "expected list, got map")),
            ("spec: [1]\n", (1, 7, "spec", "expected map, got list")),
            ("spec:\n  ratio: x\n", (2, 10, "spec.ratio", "expected number, got string \"x\"")),
        ];
        for (yaml, (line, col, path, msg)) in table {
            assert_eq!(err(yaml), (*line, *col, path.to_string(), msg.to_string()), "{yaml}");
        }
    }

    #[test]
    fn integral_floats_are_integers_as_after_kubernetes_yaml_to_json() {
        let (top, _) = decode_top("spec:\n  replicas: 3.0\n  ports:\n  - containerPort: 1e3\n").unwrap();
        assert_eq!(top.spec.replicas, Some(3));
        assert_eq!(top.spec.ports[0].container_port, 1000);
    }

    #[test]
    fn unknown_fields_warn_with_path_and_suggestion() {
        let (_, w) = decode_top("apiVersion: v1\nkind: X\nspec:\n  replica: 3\n  ports:\n  - containerPort: 80\n    protocl: TCP\n  zzz: 1\nstatus: {}\n").unwrap();
        let got: Vec<_> = w.iter().map(|w| (w.to_string(), w.hint())).collect();
        assert_eq!(
            got,
            vec![
                ("unknown field \"spec.replica\"".to_string(), Some("did you mean \"replicas\"?".to_string())),
                ("unknown field \"spec.ports[0].protocl\"".to_string(), None),
                ("unknown field \"spec.zzz\"".to_string(), None),
                ("unknown field \"status\"".to_string(), None),
            ]
        );
        match &w[0] {
            Warning::UnknownField { line, column, .. } => assert_eq!((*line, *column), (4, 3)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn field_names_are_case_sensitive() {
        let (top, w) = decode_top("spec:\n  Replicas: 3\n").unwrap();
        assert_eq!(top.spec.replicas, None);
        assert_eq!(w[0].hint().as_deref(), Some("did you mean \"replicas\"?"));
    }

    #[test]
    fn free_form_json_keeps_values() {
        let (v, _) = decode::<serde_json::Value>(&node("a: [1, 2.5, yes, ~, x]\nb: 3.0\n"), false).unwrap();
        assert_eq!(v, serde_json::json!({"a": [1, 2.5, true, null, "x"], "b": 3}));
    }
}
