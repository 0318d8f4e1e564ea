//! Label selectors: the structured `matchLabels`/`matchExpressions` form
//! used in specs, the string form kubectl takes with `-l`
//! (`k8s.io/apimachinery/pkg/labels`), and field selectors (`--field-selector`).
//!
//! Parsing, printing, matching and the error messages follow upstream, so
//! `kubectl get pods -l 'a b'` fails here with the words a real cluster uses.

mod fields;
mod parse;

pub use fields::{FieldSelector, FieldSelectorError, FieldTerm};

use crate::names;
use crate::validation::field::{aggregate_message, BadValue, FieldError, Path};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// `metav1.LabelSelector`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelector {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub match_labels: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelectorRequirement {
    pub key: String,
    pub operator: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

/// How a requirement relates a key to its values (`selection.Operator`).
// Ord: the scheduler keys its index of pod-affinity terms by selector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Operator {
    In,
    NotIn,
    Equals,
    DoubleEquals,
    NotEquals,
    Exists,
    DoesNotExist,
    GreaterThan,
    LessThan,
}

impl Operator {
    /// The operator's name (`selection.Operator` string value).
    pub fn as_str(self) -> &'static str {
        match self {
            Operator::In => "in",
            Operator::NotIn => "notin",
            Operator::Equals => "=",
            Operator::DoubleEquals => "==",
            Operator::NotEquals => "!=",
            Operator::Exists => "exists",
            Operator::DoesNotExist => "!",
            Operator::GreaterThan => "gt",
            Operator::LessThan => "lt",
        }
    }
}

/// One requirement of a selector: key, operator and values.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Requirement {
    pub key: String,
    pub operator: Operator,
    pub values: Vec<String>,
}

/// Why a selector could not be built, worded as upstream.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelectorError {
    /// From parsing the string form: `unable to parse requirement: …`,
    /// `found ',', expected: …`.
    #[error("{0}")]
    Parse(String),
    /// A requirement whose key, values or operator are invalid (an
    /// aggregate of field errors).
    #[error("{}", aggregate_message(.0))]
    Invalid(Vec<FieldError>),
    /// A `matchExpressions` operator other than In, NotIn, Exists, DoesNotExist.
    #[error("{} is not a valid label selector operator", crate::validation::field::go_quote(.0))]
    UnknownOperator(String),
    /// `gt` or `lt` in a string selector made into a structured one.
    #[error("{} isn't supported in label selectors", crate::validation::field::go_quote(.0))]
    Unsupported(&'static str),
    /// A string selector that did not parse, made into a structured one.
    #[error("couldn't parse the selector string {}: {}", crate::validation::field::go_quote(.0), .1)]
    Unparsable(String, Box<SelectorError>),
}

impl Requirement {
    /// `labels.NewRequirement`: validates the key, the values and that the
    /// operator has the right number of values.
    pub fn new(key: &str, operator: Operator, values: Vec<String>) -> Result<Requirement, SelectorError> {
        let errs = requirement_errors(key, operator, &values);
        if errs.is_empty() {
            Ok(Requirement { key: key.to_string(), operator, values })
        } else {
            Err(SelectorError::Invalid(errs))
        }
    }

    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        let has = |v: &String| self.values.contains(v);
        match self.operator {
            Operator::In | Operator::Equals | Operator::DoubleEquals => labels.get(&self.key).is_some_and(has),
            Operator::NotIn | Operator::NotEquals => labels.get(&self.key).is_none_or(|v| !has(v)),
            Operator::Exists => labels.contains_key(&self.key),
            Operator::DoesNotExist => !labels.contains_key(&self.key),
            Operator::GreaterThan | Operator::LessThan => {
                let Some(Ok(have)) = labels.get(&self.key).map(|v| v.parse::<i64>()) else {
                    return false;
                };
                let [want] = self.values.as_slice() else {
                    return false;
                };
                let Ok(want) = want.parse::<i64>() else {
                    return false;
                };
                if self.operator == Operator::GreaterThan {
                    have > want
                } else {
                    have < want
                }
            }
        }
    }
}

/// The checks of `NewRequirement`, with upstream's paths (`key`, `values[0][app]`).
fn requirement_errors(key: &str, operator: Operator, values: &[String]) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let path = Path::new("");
    let msgs = names::is_qualified_name(key);
    if !msgs.is_empty() {
        errs.push(FieldError::invalid(&path.child("key"), BadValue::str(key), msgs.join("; ")));
    }
    let values_path = path.child("values");
    match operator {
        Operator::In | Operator::NotIn if values.is_empty() => {
            errs.push(FieldError::invalid(&values_path, BadValue::list(values), "for 'in', 'notin' operators, values set can't be empty"));
        }
        Operator::Equals | Operator::DoubleEquals | Operator::NotEquals if values.len() != 1 => {
            errs.push(FieldError::invalid(&values_path, BadValue::list(values), "exact-match compatibility requires one single value"));
        }
        Operator::Exists | Operator::DoesNotExist if !values.is_empty() => {
            errs.push(FieldError::invalid(&values_path, BadValue::list(values), "values set must be empty for exists and does not exist"));
        }
        Operator::GreaterThan | Operator::LessThan => {
            if values.len() != 1 {
                errs.push(FieldError::invalid(&values_path, BadValue::list(values), "for 'Gt', 'Lt' operators, exactly one value is required"));
            }
            for (i, v) in values.iter().enumerate() {
                if v.parse::<i64>().is_err() {
                    errs.push(FieldError::invalid(&values_path.index(i), BadValue::str(v), "for 'Gt', 'Lt' operators, the value must be an integer"));
                }
            }
        }
        _ => {}
    }
    for (i, v) in values.iter().enumerate() {
        let msgs = names::is_valid_label_value(v);
        if !msgs.is_empty() {
            errs.push(FieldError::invalid(&values_path.index(i).key(key), BadValue::str(v), msgs.join("; ")));
        }
    }
    errs
}

impl fmt::Display for Requirement {
    /// `x in (a,b)`, `!x`, `x!=y`; several values are printed sorted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.operator == Operator::DoesNotExist {
            f.write_str("!")?;
        }
        f.write_str(&self.key)?;
        let op = match self.operator {
            Operator::Exists | Operator::DoesNotExist => return Ok(()),
            Operator::Equals => "=",
            Operator::DoubleEquals => "==",
            Operator::NotEquals => "!=",
            Operator::In => " in ",
            Operator::NotIn => " notin ",
            Operator::GreaterThan => ">",
            Operator::LessThan => "<",
        };
        f.write_str(op)?;
        let set = matches!(self.operator, Operator::In | Operator::NotIn);
        if set {
            f.write_str("(")?;
        }
        let mut values = self.values.clone();
        crate::sort::sort(&mut values);
        f.write_str(&values.join(","))?;
        if set {
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// A parsed selector: requirements ANDed, sorted by key. The empty selector
/// matches everything; the "nothing" selector (from a missing
/// `LabelSelector`) matches nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Selector {
    pub requirements: Vec<Requirement>,
    nothing: bool,
}

impl Selector {
    pub fn everything() -> Selector {
        Selector::default()
    }
    pub fn nothing() -> Selector {
        Selector { requirements: Vec::new(), nothing: true }
    }

    /// Parses the `-l` form (`labels.Parse`): `app=web,tier in (a,b),!canary`.
    pub fn parse(s: &str) -> Result<Selector, SelectorError> {
        let mut requirements = parse::parse(s)?;
        crate::sort::sort_by(&mut requirements, |a, b| a.key.cmp(&b.key));
        Ok(Selector { requirements, nothing: false })
    }

    /// `labels.SelectorFromSet`: one `key=value` per entry, unvalidated.
    pub fn from_set(set: &BTreeMap<String, String>) -> Selector {
        let requirements = set.iter().map(|(k, v)| Requirement { key: k.clone(), operator: Operator::Equals, values: vec![v.clone()] }).collect();
        Selector { requirements, nothing: false }
    }

    /// Adds a requirement, keeping requirements sorted by key.
    pub fn add(&mut self, r: Requirement) {
        let at = self.requirements.partition_point(|x| x.key <= r.key);
        self.requirements.insert(at, r);
    }

    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        !self.nothing && self.requirements.iter().all(|r| r.matches(labels))
    }

    /// True when the selector does not restrict anything.
    pub fn is_empty(&self) -> bool {
        !self.nothing && self.requirements.is_empty()
    }

    /// The single value a label must have, if the selector demands one (`RequiresExactMatch`).
    pub fn requires_exact_match(&self, label: &str) -> Option<&str> {
        let r = self.requirements.iter().find(|r| r.key == label)?;
        match (r.operator, r.values.as_slice()) {
            (Operator::Equals | Operator::DoubleEquals | Operator::In, [v]) => Some(v),
            _ => None,
        }
    }
}

impl fmt::Display for Selector {
    /// Upstream's canonical string: requirements joined with `,`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.requirements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

impl LabelSelector {
    /// `metav1.ParseToLabelSelector`, as `kubectl create
    /// poddisruptionbudget --selector` builds its selector: `=` and `==`
    /// become `matchLabels` (a later value for a key wins), the set forms
    /// `matchExpressions` in key order; `!=` has no structured form.
    pub fn parse(s: &str) -> Result<LabelSelector, SelectorError> {
        let parsed = Selector::parse(s).map_err(|e| SelectorError::Unparsable(s.to_string(), Box::new(e)))?;
        let mut out = LabelSelector::default();
        for r in parsed.requirements {
            let operator = match r.operator {
                Operator::Equals | Operator::DoubleEquals => {
                    let [value] = <[String; 1]>::try_from(r.values).map_err(|_| SelectorError::Parse("equals operator must have exactly one value".into()))?;
                    out.match_labels.insert(r.key, value);
                    continue;
                }
                Operator::In => "In",
                Operator::NotIn => "NotIn",
                Operator::Exists => "Exists",
                Operator::DoesNotExist => "DoesNotExist",
                Operator::GreaterThan | Operator::LessThan => return Err(SelectorError::Unsupported(r.operator.as_str())),
                Operator::NotEquals => return Err(SelectorError::UnknownOperator(r.operator.as_str().into())),
            };
            out.match_expressions.push(LabelSelectorRequirement { key: r.key, operator: operator.into(), values: r.values });
        }
        Ok(out)
    }

    /// `metav1.LabelSelectorAsSelector`: an empty selector selects
    /// everything; keys, values and operators are validated.
    pub fn to_selector(&self) -> Result<Selector, SelectorError> {
        let mut sel = Selector::everything();
        for (k, v) in &self.match_labels {
            sel.add(Requirement::new(k, Operator::Equals, vec![v.clone()])?);
        }
        for e in &self.match_expressions {
            let op = match e.operator.as_str() {
                "In" => Operator::In,
                "NotIn" => Operator::NotIn,
                "Exists" => Operator::Exists,
                "DoesNotExist" => Operator::DoesNotExist,
                other => return Err(SelectorError::UnknownOperator(other.to_string())),
            };
            sel.add(Requirement::new(&e.key, op, e.values.clone())?);
        }
        Ok(sel)
    }

    /// Whether the selector selects these labels; an invalid selector selects nothing.
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        self.to_selector().map(|s| s.matches(labels)).unwrap_or(false)
    }

    pub fn is_empty(&self) -> bool {
        self.match_labels.is_empty() && self.match_expressions.is_empty()
    }

    /// The selector's canonical string form (`app=nginx,tier in (a,b)`),
    /// empty when it selects everything or is invalid.
    pub fn to_string_form(&self) -> String {
        self.to_selector().map(|s| s.to_string()).unwrap_or_default()
    }
}

/// `metav1.LabelSelectorAsSelector` on an optional selector: a missing one selects nothing.
pub fn label_selector_as_selector(s: Option<&LabelSelector>) -> Result<Selector, SelectorError> {
    match s {
        None => Ok(Selector::nothing()),
        Some(s) => s.to_selector(),
    }
}

/// `metav1.FormatLabelSelector`, as kubectl's SELECTOR columns and
/// `describe` print a selector: `<none>` when empty, `<error>` when invalid.
pub fn format_label_selector(s: Option<&LabelSelector>) -> String {
    match label_selector_as_selector(s) {
        Err(_) => "<error>".to_string(),
        Ok(sel) => {
            let text = sel.to_string();
            if text.is_empty() {
                "<none>".to_string()
            } else {
                text
            }
        }
    }
}

#[cfg(test)]
mod tests;
