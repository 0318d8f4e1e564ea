//! Field errors (`k8s.io/apimachinery/pkg/util/validation/field`) and the
//! ways the API server and kubectl render a list of them.
//!
//! A bad value prints as Go's `fmt` prints the Go value upstream passes:
//! strings quoted (`"ABC"`), numbers bare, and structs, maps and slices in
//! `%#v` syntax (`map[string]string{"app":"web"}`).

use crate::intstr::IntOrString;
use crate::kind::Kind;
use crate::selector::LabelSelector;
use std::collections::BTreeMap;
use std::fmt;

/// Go prints a non-nil pointer inside a struct as its address; Kubeplay
/// prints this fixed one so messages stay deterministic.
pub const GO_POINTER: &str = "0xc000012345";

/// Why a field is invalid (`field.ErrorType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorType {
    NotFound,
    Required,
    Duplicate,
    Invalid,
    NotSupported,
    Forbidden,
    TooLong,
    TooMany,
    Internal,
    TypeInvalid,
}

impl ErrorType {
    /// The words printed in messages (`Required value`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::Internal => "Internal error",
        }
    }
    /// The `StatusCause.type` of the API's Status object (`FieldValueRequired`).
    pub fn cause_type(self) -> &'static str {
        match self {
            ErrorType::NotFound => "FieldValueNotFound",
            ErrorType::Required => "FieldValueRequired",
            ErrorType::Duplicate => "FieldValueDuplicate",
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::TooLong => "FieldValueTooLong",
            ErrorType::TooMany => "FieldValueTooMany",
            ErrorType::Internal => "InternalError",
            ErrorType::TypeInvalid => "FieldValueTypeInvalid",
        }
    }
}

/// The offending value, already in the shape Go would print it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadValue {
    /// Not shown (upstream's `omitValue`).
    Omit,
    /// A Go `string` (or named string type): printed quoted.
    Str(String),
    /// A number or bool: printed bare.
    Plain(String),
    /// Anything else, already rendered in Go `%#v` syntax.
    GoSyntax(String),
}

impl BadValue {
    pub fn str(s: impl Into<String>) -> BadValue {
        BadValue::Str(s.into())
    }
    pub fn int(v: impl Into<i64>) -> BadValue {
        BadValue::Plain(v.into().to_string())
    }
    pub fn bool(v: bool) -> BadValue {
        BadValue::Plain(v.to_string())
    }
    /// A `map[string]string` such as template labels.
    pub fn map(m: &BTreeMap<String, String>) -> BadValue {
        BadValue::GoSyntax(go_string_map(m))
    }
    /// A `[]string`.
    pub fn list(v: &[String]) -> BadValue {
        BadValue::GoSyntax(go_string_slice(v))
    }
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadValue::Omit => Ok(()),
            BadValue::Str(s) => f.write_str(&go_quote(s)),
            BadValue::Plain(s) | BadValue::GoSyntax(s) => f.write_str(s),
        }
    }
}

/// A dotted field path: `spec.template.spec.containers[0].name`,
/// `metadata.labels[app]`. Each step borrows its parent and the path is
/// written out only for an error: validating one Deployment walks a few
/// hundred fields and finds none wrong, and building every path as a string
/// was a quarter of that.
#[derive(Clone, Copy, Debug)]
pub struct Path<'a>(Step<'a>);

#[derive(Clone, Copy, Debug)]
enum Step<'a> {
    Root(&'a str),
    /// Upstream's nil path, printed `<nil>`.
    Nil,
    Child(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
    Key(&'a Path<'a>, &'a str),
}

impl<'a> Path<'a> {
    pub const fn new(root: &'a str) -> Path<'a> {
        Path(Step::Root(root))
    }
    /// Upstream's nil path, printed `<nil>` (label-selector parsing uses it).
    pub fn nil() -> Path<'static> {
        Path(Step::Nil)
    }
    pub fn child<'b>(&'b self, name: &'b str) -> Path<'b> {
        Path(Step::Child(self, name))
    }
    pub fn index(&self, i: usize) -> Path<'_> {
        Path(Step::Index(self, i))
    }
    pub fn key<'b>(&'b self, k: &'b str) -> Path<'b> {
        Path(Step::Key(self, k))
    }
    /// The path as upstream prints it.
    pub fn as_string(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }
    fn write(&self, out: &mut String) {
        match self.0 {
            Step::Root(root) => out.push_str(root),
            Step::Nil => out.push_str("<nil>"),
            Step::Child(parent, name) => {
                parent.write(out);
                if out == "<nil>" {
                    out.clear();
                } else if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(name);
            }
            Step::Index(parent, i) => {
                parent.write(out);
                subscript(out, &i.to_string());
            }
            Step::Key(parent, k) => {
                parent.write(out);
                subscript(out, k);
            }
        }
    }
}

fn subscript(out: &mut String, s: &str) {
    if out == "<nil>" {
        out.clear();
    }
    out.push('[');
    out.push_str(s);
    out.push(']');
}

impl PartialEq for Path<'_> {
    fn eq(&self, other: &Path<'_>) -> bool {
        self.as_string() == other.as_string()
    }
}

impl Eq for Path<'_> {}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.as_string())
    }
}

/// One validation error (`field.Error`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub type_: ErrorType,
    pub field: String,
    pub bad_value: BadValue,
    pub detail: String,
}

impl FieldError {
    fn new(type_: ErrorType, path: &Path, bad_value: BadValue, detail: impl Into<String>) -> FieldError {
        FieldError { type_, field: path.as_string(), bad_value, detail: detail.into() }
    }
    pub fn required(path: &Path, detail: impl Into<String>) -> FieldError {
        FieldError::new(ErrorType::Required, path, BadValue::Omit, detail)
    }
    pub fn invalid(path: &Path, value: BadValue, detail: impl Into<String>) -> FieldError {
        FieldError::new(ErrorType::Invalid, path, value, detail)
    }
    /// `Unsupported value: "X": supported values: "A", "B"` (values quoted in the given order).
    pub fn not_supported(path: &Path, value: BadValue, supported: &[&str]) -> FieldError {
        let detail = if supported.is_empty() {
            String::new()
        } else {
            format!("supported values: {}", supported.iter().map(|s| go_quote(s)).collect::<Vec<_>>().join(", "))
        };
        FieldError::new(ErrorType::NotSupported, path, value, detail)
    }
    pub fn duplicate(path: &Path, value: BadValue) -> FieldError {
        FieldError::new(ErrorType::Duplicate, path, value, "")
    }
    pub fn not_found(path: &Path, value: BadValue) -> FieldError {
        FieldError::new(ErrorType::NotFound, path, value, "")
    }
    pub fn forbidden(path: &Path, detail: impl Into<String>) -> FieldError {
        FieldError::new(ErrorType::Forbidden, path, BadValue::Omit, detail)
    }
    /// `Too long: may not be more than N bytes`.
    pub fn too_long(path: &Path, max: usize) -> FieldError {
        let unit = if max == 1 { "byte" } else { "bytes" };
        FieldError::new(ErrorType::TooLong, path, BadValue::Omit, format!("may not be more than {max} {unit}"))
    }
    /// `Too many: 21: must have at most 20 items`.
    pub fn too_many(path: &Path, actual: usize, max: usize) -> FieldError {
        let unit = if max == 1 { "item" } else { "items" };
        FieldError::new(ErrorType::TooMany, path, BadValue::int(actual as i64), format!("must have at most {max} {unit}"))
    }
    pub fn internal(path: &Path, detail: impl Into<String>) -> FieldError {
        FieldError::new(ErrorType::Internal, path, BadValue::Omit, detail)
    }

    /// The message without the field (`ErrorBody`): `Invalid value: "ABC": detail`.
    pub fn body(&self) -> String {
        let mut s = match (&self.type_, &self.bad_value) {
            (ErrorType::Required | ErrorType::Forbidden | ErrorType::TooLong | ErrorType::Internal, _) | (_, BadValue::Omit) => self.type_.as_str().to_string(),
            (t, v) => format!("{}: {v}", t.as_str()),
        };
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.body())
    }
}

impl std::error::Error for FieldError {}

/// Distinct messages in order (upstream drops repeated messages when aggregating).
fn distinct(messages: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen = Vec::new();
    for m in messages {
        if !seen.contains(&m) {
            seen.push(m);
        }
    }
    seen
}

/// `ErrorList.ToAggregate().Error()`: one message as is, several as `[a, b]`.
pub fn aggregate_message(errs: &[FieldError]) -> String {
    let msgs = distinct(errs.iter().map(|e| e.to_string()));
    match msgs.len() {
        1 => msgs.into_iter().next().unwrap_or_default(),
        _ => format!("[{}]", msgs.join(", ")),
    }
}

/// The message of the API server's `Invalid` Status
/// (`Deployment.apps "web" is invalid: [a, b]`), as `-o json` clients and
/// `kubectl` verbose output see it.
pub fn status_message(kind: Kind, name: &str, errs: &[FieldError]) -> String {
    let info = kind.info();
    let group_kind = if info.group.is_empty() { info.kind.to_string() } else { format!("{}.{}", info.kind, info.group) };
    if errs.is_empty() {
        format!("{group_kind} {} is invalid", go_quote(name))
    } else {
        format!("{group_kind} {} is invalid: {}", go_quote(name), aggregate_message(errs))
    }
}

/// What kubectl prints for an `Invalid` response: one cause on the same
/// line, several as a `* ` list on following lines (kubectl's trailing
/// newline is not included).
///
/// `The Deployment "x" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`
pub fn invalid_error_message(kind: Kind, name: &str, errs: &[FieldError]) -> String {
    let prefix = format!("The {} {} is invalid", kind.name(), go_quote(name));
    let msgs = distinct(errs.iter().map(|e| e.to_string()));
    match msgs.len() {
        0 => prefix,
        1 => format!("{prefix}: {}", msgs[0]),
        _ => {
            let mut out = format!("{prefix}: ");
            for m in msgs {
                out.push_str("\n* ");
                out.push_str(&m);
            }
            out
        }
    }
}

pub use crate::goquote::quote as go_quote;

/// `%#v` of a `map[string]string` (keys sorted, as Go prints maps); an
/// empty map prints as the nil map the decoder leaves.
pub fn go_string_map(m: &BTreeMap<String, String>) -> String {
    if m.is_empty() {
        return "map[string]string(nil)".to_string();
    }
    let items: Vec<String> = m.iter().map(|(k, v)| format!("{}:{}", go_quote(k), go_quote(v))).collect();
    format!("map[string]string{{{}}}", items.join(", "))
}

/// `%#v` of a `[]string`.
pub fn go_string_slice(v: &[String]) -> String {
    if v.is_empty() {
        return "[]string(nil)".to_string();
    }
    let items: Vec<String> = v.iter().map(|s| go_quote(s)).collect();
    format!("[]string{{{}}}", items.join(", "))
}

/// `%#v` of a `metav1.LabelSelector`, the form of the famous
/// `spec.selector: Invalid value: v1.LabelSelector{…}: field is immutable`.
pub fn go_label_selector(s: &LabelSelector) -> String {
    let exprs = if s.match_expressions.is_empty() {
        "[]v1.LabelSelectorRequirement(nil)".to_string()
    } else {
        let items: Vec<String> = s
            .match_expressions
            .iter()
            .map(|e| format!("v1.LabelSelectorRequirement{{Key:{}, Operator:{}, Values:{}}}", go_quote(&e.key), go_quote(&e.operator), go_string_slice(&e.values)))
            .collect();
        format!("[]v1.LabelSelectorRequirement{{{}}}", items.join(", "))
    };
    format!("v1.LabelSelector{{MatchLabels:{}, MatchExpressions:{exprs}}}", go_string_map(&s.match_labels))
}

/// `%#v` of an `intstr.IntOrString`.
pub fn go_int_or_string(v: &IntOrString) -> String {
    match v {
        IntOrString::Int(i) => format!("intstr.IntOrString{{Type:0, IntVal:{i}, StrVal:\"\"}}"),
        IntOrString::Str(s) => format!("intstr.IntOrString{{Type:1, IntVal:0, StrVal:{}}}", go_quote(s)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_follow_field_error_body() {
        let spec = Path::new("spec");
        let p = spec.child("replicas");
        assert_eq!(FieldError::invalid(&p, BadValue::int(-1), "must be greater than or equal to 0").to_string(), "spec.replicas: Invalid value: -1: must be greater than or equal to 0");
        assert_eq!(FieldError::required(&Path::new("spec").child("selector"), "").to_string(), "spec.selector: Required value");
        assert_eq!(
            FieldError::not_supported(&Path::new("spec").child("restartPolicy"), BadValue::str("Foo"), &["Always", "OnFailure", "Never"]).to_string(),
            r#"spec.restartPolicy: Unsupported value: "Foo": supported values: "Always", "OnFailure", "Never""#
        );
        assert_eq!(FieldError::duplicate(&Path::new("spec").child("containers").index(1).child("name"), BadValue::str("web")).to_string(), r#"spec.containers[1].name: Duplicate value: "web""#);
        assert_eq!(FieldError::forbidden(&Path::new("spec"), "may not be set").to_string(), "spec: Forbidden: may not be set");
        assert_eq!(FieldError::too_long(&Path::new("metadata").child("annotations"), 262144).to_string(), "metadata.annotations: Too long: may not be more than 262144 bytes");
        assert_eq!(FieldError::too_many(&Path::new("rules"), 21, 20).to_string(), "rules: Too many: 21: must have at most 20 items");
        assert_eq!(FieldError::invalid(&Path::nil(), BadValue::str("a b"), "x").to_string(), r#"<nil>: Invalid value: "a b": x"#);
        assert_eq!(Path::new("metadata").child("labels").key("app").as_string(), "metadata.labels[app]");
        // Below an empty or nil root, a field starts the path; below nil a
        // subscript does too.
        assert_eq!(Path::new("").child("a").index(2).as_string(), "a[2]");
        assert_eq!(Path::nil().child("a").as_string(), "a");
        assert_eq!(Path::nil().index(0).child("b").as_string(), "[0].b");
        assert_eq!(Path::nil().key("k").as_string(), "[k]");
        assert_eq!(Path::nil().as_string(), "<nil>");
    }

    #[test]
    fn go_syntax_renderings() {
        let mut m = BTreeMap::new();
        m.insert("tier".to_string(), "web".to_string());
        m.insert("app".to_string(), "nginx".to_string());
        assert_eq!(go_string_map(&m), r#"map[string]string{"app":"nginx", "tier":"web"}"#);
        let sel = LabelSelector { match_labels: m, match_expressions: vec![] };
        // As real clusters print it (kubernetes/kubectl#573 and many reports).
        assert_eq!(go_label_selector(&sel), r#"v1.LabelSelector{MatchLabels:map[string]string{"app":"nginx", "tier":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}"#);
        assert_eq!(go_quote("tab\there \"q\" é\u{1}"), r#""tab\there \"q\" é\x01""#);
        assert_eq!(go_string_slice(&["a".into(), "b".into()]), r#"[]string{"a", "b"}"#);
    }

    #[test]
    fn kubectl_and_server_messages() {
        let mut labels = BTreeMap::new();
        labels.insert("app".to_string(), "web".to_string());
        let e1 = FieldError::invalid(&Path::new("spec.template.metadata.labels"), BadValue::map(&labels), "`selector` does not match template `labels`");
        assert_eq!(
            invalid_error_message(Kind::Deployment, "x", std::slice::from_ref(&e1)),
            r#"The Deployment "x" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`"#
        );
        let e2 = FieldError::required(&Path::new("spec.template.spec.containers"), "");
        assert_eq!(
            invalid_error_message(Kind::Deployment, "x", &[e1.clone(), e2.clone(), e2.clone()]),
            "The Deployment \"x\" is invalid: \n* spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"web\"}: `selector` does not match template `labels`\n* spec.template.spec.containers: Required value"
        );
        assert_eq!(
            status_message(Kind::Deployment, "x", std::slice::from_ref(&e2)),
            r#"Deployment.apps "x" is invalid: spec.template.spec.containers: Required value"#
        );
        assert!(status_message(Kind::Pod, "p", &[e2.clone(), e1]).contains(", "));
        assert_eq!(status_message(Kind::Pod, "p", &[e2]), r#"Pod "p" is invalid: spec.template.spec.containers: Required value"#);
    }
}
