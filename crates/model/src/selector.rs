//! Label selectors: the structured `matchLabels`/`matchExpressions` form
//! used in specs, and the string form kubectl takes with `-l`.
//!
//! STUB: a helper completes the string parser with the real errors.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

/// One requirement of a parsed selector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Requirement {
    Equals(String, String),
    NotEquals(String, String),
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    Exists(String),
    DoesNotExist(String),
}

/// A parsed selector: requirements ANDed. The empty selector matches everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selector {
    pub requirements: Vec<Requirement>,
}

impl Requirement {
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        match self {
            Requirement::Equals(k, v) => labels.get(k) == Some(v),
            Requirement::NotEquals(k, v) => labels.get(k) != Some(v),
            Requirement::In(k, vs) => labels.get(k).is_some_and(|l| vs.contains(l)),
            Requirement::NotIn(k, vs) => labels.get(k).is_none_or(|l| !vs.contains(l)),
            Requirement::Exists(k) => labels.contains_key(k),
            Requirement::DoesNotExist(k) => !labels.contains_key(k),
        }
    }
}

impl Selector {
    pub fn everything() -> Selector {
        Selector::default()
    }
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        self.requirements.iter().all(|r| r.matches(labels))
    }
    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
    }
}

impl LabelSelector {
    /// Converts to a matcher, as `metav1.LabelSelectorAsSelector` does.
    /// An unknown operator is an error.
    pub fn to_selector(&self) -> Result<Selector, String> {
        let mut reqs = Vec::new();
        for (k, v) in &self.match_labels {
            reqs.push(Requirement::Equals(k.clone(), v.clone()));
        }
        for e in &self.match_expressions {
            reqs.push(match e.operator.as_str() {
                "In" => Requirement::In(e.key.clone(), e.values.clone()),
                "NotIn" => Requirement::NotIn(e.key.clone(), e.values.clone()),
                "Exists" => Requirement::Exists(e.key.clone()),
                "DoesNotExist" => Requirement::DoesNotExist(e.key.clone()),
                op => return Err(format!("{op:?} is not a valid label selector operator")),
            });
        }
        Ok(Selector { requirements: reqs })
    }

    /// Whether the selector selects these labels; an invalid selector selects nothing.
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        self.to_selector().map(|s| s.matches(labels)).unwrap_or(false)
    }

    pub fn is_empty(&self) -> bool {
        self.match_labels.is_empty() && self.match_expressions.is_empty()
    }

    /// The string form kubectl prints (`app=nginx,tier in (a,b)`).
    pub fn to_string_form(&self) -> String {
        let mut parts: Vec<String> = self.match_labels.iter().map(|(k, v)| format!("{k}={v}")).collect();
        for e in &self.match_expressions {
            parts.push(match e.operator.as_str() {
                "In" => format!("{} in ({})", e.key, e.values.join(",")),
                "NotIn" => format!("{} notin ({})", e.key, e.values.join(",")),
                "Exists" => e.key.clone(),
                "DoesNotExist" => format!("!{}", e.key),
                _ => String::new(),
            });
        }
        parts.join(",")
    }
}
