//! The located value tree a YAML (or JSON) document is read into: the
//! JSON data model Kubernetes sees after sigs.k8s.io/yaml's YAML→JSON step,
//! with every node remembering where it was written, so that typed decoding
//! can point at the exact line and column of a mistake.

use serde_json::{Map, Number, Value};

/// A node and where it starts in the input (1-based line and column, in characters).
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub value: NodeValue,
    pub line: usize,
    pub column: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum NodeValue {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    /// Always finite: the reader rejects `.inf` and `.nan` as values.
    Float(f64),
    Str(String),
    Seq(Vec<Node>),
    /// Keys are unique and kept in document order.
    Map(Vec<Entry>),
}

/// A map entry; the key is already a string, as in JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub key: String,
    pub key_line: usize,
    pub key_column: usize,
    pub value: Node,
}

impl Node {
    pub fn new(value: NodeValue, line: usize, column: usize) -> Node {
        Node { value, line, column }
    }

    /// The value of a map entry.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            NodeValue::Map(entries) => entries.iter().find(|e| e.key == key).map(|e| &e.value),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Node> {
        match &mut self.value {
            NodeValue::Map(entries) => entries.iter_mut().find(|e| e.key == key).map(|e| &mut e.value),
            _ => None,
        }
    }

    /// Removes a map entry, returning it.
    pub fn remove(&mut self, key: &str) -> Option<Entry> {
        match &mut self.value {
            NodeValue::Map(entries) => {
                let i = entries.iter().position(|e| e.key == key)?;
                Some(entries.remove(i))
            }
            _ => None,
        }
    }

    /// Sets a map entry (replacing any existing one), located at this node.
    pub fn set(&mut self, key: &str, value: NodeValue) {
        let (line, column) = (self.line, self.column);
        if let NodeValue::Map(entries) = &mut self.value {
            let node = Node::new(value, line, column);
            match entries.iter_mut().find(|e| e.key == key) {
                Some(e) => e.value = node,
                None => entries.push(Entry { key: key.to_string(), key_line: line, key_column: column, value: node }),
            }
        }
    }

    /// The map under `key`, made an empty map first if it is missing or
    /// not a map (`annotations:` left empty); `None` if this is not a map.
    pub fn map_at(&mut self, key: &str) -> Option<&mut Node> {
        if !matches!(self.value, NodeValue::Map(_)) {
            return None;
        }
        if !matches!(self.get(key), Some(Node { value: NodeValue::Map(_), .. })) {
            self.set(key, NodeValue::Map(Vec::new()));
        }
        self.get_mut(key)
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            NodeValue::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self.value, NodeValue::Null)
    }

    /// What kind of value this is, for messages (`string "three"`, `integer 80`).
    pub fn describe(&self) -> String {
        match &self.value {
            NodeValue::Null => "null".into(),
            NodeValue::Bool(b) => format!("boolean {b}"),
            NodeValue::Int(i) => format!("integer {i}"),
            NodeValue::Uint(u) => format!("integer {u}"),
            NodeValue::Float(f) => format!("number {}", crate::gofloat::format_json(*f)),
            NodeValue::Str(s) => format!("string {}", quote_short(s)),
            NodeValue::Seq(_) => "list".into(),
            NodeValue::Map(_) => "map".into(),
        }
    }

    /// The node as JSON, the form Kubernetes sees after its YAML→JSON step:
    /// a float with an integral value becomes an integer, as Go's JSON encoder
    /// writes `3.0` as `3`.
    pub fn to_json(&self) -> Value {
        match &self.value {
            NodeValue::Null => Value::Null,
            NodeValue::Bool(b) => Value::Bool(*b),
            NodeValue::Int(i) => Value::from(*i),
            NodeValue::Uint(u) => Value::from(*u),
            NodeValue::Float(f) => match integral(*f) {
                Some(Integral::Int(i)) => Value::from(i),
                Some(Integral::Uint(u)) => Value::from(u),
                None => Number::from_f64(*f).map(Value::Number).unwrap_or(Value::Null),
            },
            NodeValue::Str(s) => Value::String(s.clone()),
            NodeValue::Seq(items) => Value::Array(items.iter().map(Node::to_json).collect()),
            NodeValue::Map(entries) => {
                let mut m = Map::with_capacity(entries.len());
                for e in entries {
                    m.insert(e.key.clone(), e.value.to_json());
                }
                Value::Object(m)
            }
        }
    }

    /// [`Node::to_json`], taking the tree apart instead of copying its
    /// strings.
    pub fn into_json(self) -> Value {
        match self.value {
            NodeValue::Str(s) => Value::String(s),
            NodeValue::Seq(items) => Value::Array(items.into_iter().map(Node::into_json).collect()),
            NodeValue::Map(entries) => {
                let mut m = Map::with_capacity(entries.len());
                for e in entries {
                    m.insert(e.key, e.value.into_json());
                }
                Value::Object(m)
            }
            _ => self.to_json(),
        }
    }

    /// Builds a tree from JSON (every node at the given location), so values
    /// computed in code can be decoded through the same path as manifests.
    pub fn from_json(v: &Value, line: usize, column: usize) -> Node {
        let value = match v {
            Value::Null => NodeValue::Null,
            Value::Bool(b) => NodeValue::Bool(*b),
            Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
                (Some(i), _, _) => NodeValue::Int(i),
                (_, Some(u), _) => NodeValue::Uint(u),
                (_, _, Some(f)) => NodeValue::Float(f),
                _ => NodeValue::Null,
            },
            Value::String(s) => NodeValue::Str(s.clone()),
            Value::Array(items) => NodeValue::Seq(items.iter().map(|i| Node::from_json(i, line, column)).collect()),
            Value::Object(m) => NodeValue::Map(
                m.iter()
                    .map(|(k, v)| Entry { key: k.clone(), key_line: line, key_column: column, value: Node::from_json(v, line, column) })
                    .collect(),
            ),
        };
        Node::new(value, line, column)
    }
}

pub(crate) enum Integral {
    Int(i64),
    Uint(u64),
}

/// The integer Go's JSON encoder would write for this float, if it writes
/// one: integral values below 1e21 print without a fraction or exponent.
pub(crate) fn integral(f: f64) -> Option<Integral> {
    if f.fract() != 0.0 || f.abs() >= 1e21 {
        return None;
    }
    // i64::MAX as f64 is 2^63 and u64::MAX as f64 is 2^64, both exact.
    if (-(i64::MAX as f64)..i64::MAX as f64).contains(&f) {
        Some(Integral::Int(f as i64))
    } else if (0.0..u64::MAX as f64).contains(&f) {
        Some(Integral::Uint(f as u64))
    } else {
        None
    }
}

/// Quotes a string for a message, shortening long ones.
pub(crate) fn quote_short(s: &str) -> String {
    const MAX: usize = 60;
    if s.chars().count() <= MAX {
        format!("{s:?}")
    } else {
        let cut: String = s.chars().take(MAX).collect();
        format!("{cut:?}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integral_floats_become_json_integers() {
        let n = |v| Node::new(v, 1, 1);
        assert_eq!(n(NodeValue::Float(3.0)).to_json(), serde_json::json!(3));
        assert_eq!(n(NodeValue::Float(1.5)).to_json(), serde_json::json!(1.5));
        assert_eq!(n(NodeValue::Float(1e20)).to_json(), serde_json::json!(100000000000000000000.0));
    }

    #[test]
    fn into_json_is_to_json() {
        let n = |v| Node::new(v, 1, 1);
        let entry = |k: &str, v| Entry { key: k.into(), key_line: 1, key_column: 1, value: n(v) };
        let tree = n(NodeValue::Map(vec![
            entry("s", NodeValue::Str("x".into())),
            entry("f", NodeValue::Float(3.0)),
            entry("g", NodeValue::Float(1.5)),
            entry("u", NodeValue::Uint(u64::MAX)),
            entry("l", NodeValue::Seq(vec![n(NodeValue::Null), n(NodeValue::Bool(true)), n(NodeValue::Int(-2))])),
            entry("m", NodeValue::Map(vec![entry("z", NodeValue::Str("y".into())), entry("a", NodeValue::Map(vec![]))])),
        ]));
        let json = tree.to_json();
        assert_eq!(serde_json::to_string(&tree.into_json()).unwrap(), serde_json::to_string(&json).unwrap());
    }

    #[test]
    fn describes_values_for_messages() {
        let n = |v| Node::new(v, 1, 1).describe();
        assert_eq!(n(NodeValue::Str("three".into())), "string \"three\"");
        assert_eq!(n(NodeValue::Int(80)), "integer 80");
        assert_eq!(n(NodeValue::Float(1.5)), "number 1.5");
        assert_eq!(n(NodeValue::Bool(true)), "boolean true");
        assert_eq!(n(NodeValue::Seq(vec![])), "list");
    }
}
