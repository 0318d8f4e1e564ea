//! What can go wrong while decoding a manifest, and the warnings a decode
//! can carry, as typed values: the kubectl crate renders them once, in
//! kubectl's words, with `error: ` / `Warning: ` in front.

use std::fmt;

/// A decode failure, located as precisely as the input allows.
///
/// `Display` gives `document 2, line 14, column 9: spec.replicas: expected
/// integer, got string "three"`; the caller adds kubectl's `error: `.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodeError {
    /// 1-based index of the document among the non-empty documents of the
    /// input; `None` for failures of the input as a whole (e.g. too large).
    pub document: Option<usize>,
    /// 1-based line and column (in characters) of the offending node.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// Field path inside the object (`spec.template.spec.containers[0].image`);
    /// empty when the error is about the document itself.
    pub path: String,
    pub kind: ErrorKind,
    /// For a value of the wrong JSON type: the object decoded with that
    /// value left out, and the value's place. Kubernetes' API server, not
    /// kubectl, finds such errors (kubectl sends the manifest untyped), so
    /// a writer that models the request words the refusal as the server
    /// does; every other reader keeps this error as it is.
    pub partial: Option<Box<Partial>>,
}

/// A manifest the API server's typed decoding refuses: [`Partial::decoded`]
/// is the object without the offending value (never to be written; it
/// names the object and its request), [`Partial::error`] what Go's
/// decoder reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Partial {
    pub decoded: crate::DecodedObject,
    pub error: TypeError,
}

/// A value whose JSON type does not fit its field, with what Go's JSON
/// decoding and the API server's unstructured converter need to word it.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeError {
    /// From the object's root: fields, list indexes and map keys.
    pub steps: Vec<Step>,
    /// The value as JSON carries it.
    pub value: JsonValue,
    /// The field's Go scalar type when the model types it as a number
    /// (`int32`, `int64`, `float64`): the schema says only "integer".
    pub scalar: Option<&'static str>,
}

/// One step of a path into an object.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Field(String),
    Index(usize),
    Key(String),
}

/// A JSON value's type, with a number's text (Go quotes it when it does
/// not fit an integer field: `number 1.5`).
#[derive(Clone, Debug, PartialEq)]
pub enum JsonValue {
    String,
    Number { text: String, integral: bool },
    Bool,
    Array,
    Object,
}

/// Why a decode failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ErrorKind {
    #[error("input is {size} bytes, more than the limit of {limit} bytes")]
    InputTooLarge { size: usize, limit: usize },
    #[error("more than {limit} documents in one input")]
    TooManyDocuments { limit: usize },
    #[error("more than {limit} objects in one input")]
    TooManyObjects { limit: usize },
    #[error("nesting deeper than {limit} levels")]
    TooDeep { limit: usize },
    #[error("document expands to more than {limit} nodes (aliases included)")]
    TooManyNodes { limit: usize },
    /// A YAML syntax error, in the parser's words.
    #[error("yaml: {0}")]
    Syntax(String),
    /// A key JSON cannot have, in the words of go-yaml or sigs.k8s.io/yaml.
    #[error("{0}")]
    InvalidKey(String),
    /// A line starting `---` with more than a comment after it, in the
    /// words of kubectl's YAML reader (which ends the input there).
    #[error("invalid Yaml document separator: {0}")]
    BadSeparator(String),
    /// Go's JSON encoder cannot represent `.inf`/`.nan`, so Kubernetes rejects them.
    #[error("json: unsupported value: {0}")]
    UnsupportedValue(String),
    /// An explicit tag that does not fit its value (`!!int abc`), as go-yaml says it.
    #[error("cannot decode {tag} `{value}` as a {wanted}")]
    BadTag { tag: String, value: String, wanted: String },
    /// The document is not a map, so it cannot be an object.
    #[error("cannot decode a {got} as an object: a manifest must be a map with apiVersion and kind")]
    NotAnObject { got: &'static str },
    /// kubectl's client-side validation wording.
    #[error("error validating data: {}", missing_type_info(*.api_version, *.kind))]
    MissingTypeInfo { api_version: bool, kind: bool },
    /// The RESTMapper's wording for a kind it does not know.
    #[error("no matches for kind {kind:?} in version {api_version:?}")]
    UnknownKind { api_version: String, kind: String, target: Target },
    /// Same wording as an unknown kind: the mapper cannot tell them apart.
    #[error("no matches for kind {kind:?} in version {api_version:?}")]
    WrongVersion { api_version: String, kind: String, served: String, target: Target },
    #[error("expected {expected}, got {got}")]
    TypeMismatch { expected: String, got: String },
    #[error("value {value} is out of range for {ty}")]
    OutOfRange { value: String, ty: &'static str },
    /// A nested `List` (kubectl does not flatten them either).
    #[error("a List cannot contain another List")]
    NestedList,
    /// A value a model type rejected (quantity, time, ...), in its words.
    #[error("{0}")]
    Invalid(String),
}

/// What kubectl's resource builder was mapping when the RESTMapper found
/// no match: it names a document's object in its error, but words a List's
/// item differently (mapper.go's infoForData against infoForObject).
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// A document of its own, `metadata.name`/`namespace` as written (empty
    /// when absent: the builder has not defaulted the namespace yet).
    Document { name: String, namespace: String },
    ListItem,
}

fn missing_type_info(api_version: bool, kind: bool) -> &'static str {
    match (api_version, kind) {
        (true, true) => "[apiVersion not set, kind not set]",
        (true, false) => "apiVersion not set",
        _ => "kind not set",
    }
}

impl DecodeError {
    pub(crate) fn whole_input(kind: ErrorKind) -> DecodeError {
        DecodeError { document: None, line: None, column: None, path: String::new(), kind, partial: None }
    }

    /// Where the error is: `document 2, line 14, column 9: spec.replicas`
    /// (empty for the input as a whole).
    pub fn location(&self) -> String {
        let mut parts = Vec::new();
        if let Some(d) = self.document {
            parts.push(format!("document {d}"));
        }
        if let Some(l) = self.line {
            parts.push(format!("line {l}"));
        }
        if let Some(c) = self.column {
            parts.push(format!("column {c}"));
        }
        let mut where_ = parts.join(", ");
        if !self.path.is_empty() {
            if !where_.is_empty() {
                where_.push_str(": ");
            }
            where_.push_str(&self.path);
        }
        where_
    }

    /// The RESTMapper's failure (an unknown kind, or a version of it that
    /// is not served), which kubectl words with the object it was mapping.
    pub fn mapping_target(&self) -> Option<&Target> {
        match &self.kind {
            ErrorKind::UnknownKind { target, .. } | ErrorKind::WrongVersion { target, .. } => Some(target),
            _ => None,
        }
    }

    /// A playground-only hint that real kubectl does not print (shown after
    /// the error, e.g. `did you mean apiVersion "apps/v1"?`).
    pub fn hint(&self) -> Option<String> {
        match &self.kind {
            ErrorKind::WrongVersion { kind, served, api_version, .. } => Some(match crate::convert::removed_in(api_version) {
                // Old tutorials' versions: say when it went, and what to write.
                Some(removed) => format!("{api_version} was removed in Kubernetes v{removed}; {kind} is served as apiVersion {served:?}"),
                None => format!("{kind} is served as apiVersion {served:?}"),
            }),
            ErrorKind::UnknownKind { kind, api_version, .. } => {
                if let Some(u) = kubeplay_model::unserved::Unserved::by_kind(kind) {
                    return Some(u.hint());
                }
                // A group no built-in kind is in is a CustomResourceDefinition's.
                let group = api_version.rsplit_once('/').map_or("", |(g, _)| g);
                if group.contains('.') && !kubeplay_model::Kind::ALL.iter().any(|k| k.info().group == group) {
                    return Some(format!("no CustomResourceDefinition serves {kind} in {api_version} yet: apply the CRD, wait until it is Established, then apply its objects"));
                }
                let names = kubeplay_model::Kind::ALL.iter().map(|k| k.name());
                crate::suggest::closest(kind, names).map(|s| format!("did you mean kind {s:?}?"))
            }
            _ => None,
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let where_ = self.location();
        if where_.is_empty() {
            write!(f, "{}", self.kind)
        } else {
            write!(f, "{where_}: {}", self.kind)
        }
    }
}

impl std::error::Error for DecodeError {}

/// Something accepted but worth telling the user.
#[derive(Clone, Debug, PartialEq)]
pub enum Warning {
    /// A field the kind does not have. `Display` is the API server's strict
    /// field validation wording (`unknown field "spec.replica"`), which kubectl
    /// prints as `Warning: unknown field "spec.replica"`.
    UnknownField { path: String, line: usize, column: usize, suggestion: Option<String> },
    /// An older apiVersion, converted to the served one. `Display` is the API
    /// server's deprecation warning.
    Deprecated { api_version: String, kind: String, message: String },
    /// A map key written twice. kubectl keeps the last value and says
    /// nothing (it sends a Go map); `Display` is the playground's note.
    DuplicateKey { key: String, line: usize, column: usize, first_line: usize },
}

impl Warning {
    /// The playground-only hint (`did you mean "replicas"?`).
    pub fn hint(&self) -> Option<String> {
        match self {
            Warning::UnknownField { suggestion: Some(s), .. } => Some(format!("did you mean {s:?}?")),
            _ => None,
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::UnknownField { path, .. } => write!(f, "unknown field {path:?}"),
            Warning::Deprecated { message, .. } => f.write_str(message),
            Warning::DuplicateKey { key, line, first_line, .. } => {
                write!(f, "line {line}: mapping key {key:?} already defined at line {first_line}; the last value is used, as kubectl uses it")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_then_path_then_message() {
        let e = DecodeError {
            document: Some(2),
            line: Some(14),
            column: Some(9),
            path: "spec.replicas".into(),
            kind: ErrorKind::TypeMismatch { expected: "integer".into(), got: "string \"three\"".into() },
            partial: None,
        };
        assert_eq!(e.to_string(), "document 2, line 14, column 9: spec.replicas: expected integer, got string \"three\"");
    }

    // kubectl: `error validating data: [apiVersion not set, kind not set]`.
    #[test]
    fn missing_type_info_wording() {
        let k = |a, b| ErrorKind::MissingTypeInfo { api_version: a, kind: b }.to_string();
        assert_eq!(k(true, true), "error validating data: [apiVersion not set, kind not set]");
        assert_eq!(k(true, false), "error validating data: apiVersion not set");
        assert_eq!(k(false, true), "error validating data: kind not set");
    }

    #[test]
    fn warning_wording() {
        let w = Warning::UnknownField { path: "spec.replica".into(), line: 3, column: 3, suggestion: Some("replicas".into()) };
        assert_eq!(w.to_string(), "unknown field \"spec.replica\"");
        assert_eq!(w.hint().as_deref(), Some("did you mean \"replicas\"?"));
    }
}
