//! Field selectors (`k8s.io/apimachinery/pkg/fields`): `--field-selector
//! metadata.name=web,status.phase!=Running`. Only `=`, `==` and `!=` exist;
//! `\`, `,` and `=` inside values are escaped with a backslash.

use std::collections::BTreeMap;
use std::fmt;

/// `field=value` or `field!=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldTerm {
    pub field: String,
    pub value: String,
    /// True for `!=`.
    pub negated: bool,
}

/// A parsed field selector: terms ANDed, in sorted order as upstream keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldSelector {
    pub terms: Vec<FieldTerm>,
}

/// Field-selector errors, worded as upstream.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldSelectorError {
    #[error("invalid selector: '{selector}'; can't understand '{term}'")]
    Term { selector: String, term: String },
    #[error("invalid field selector: invalid escape sequence: {0}")]
    InvalidEscape(String),
    /// Upstream prints the rune with `%v`, i.e. as its number (`61` for `=`).
    #[error("invalid field selector: unescaped character in value: {}", *.0 as u32)]
    UnescapedRune(char),
}

/// Splits on commas not escaped by a backslash.
fn split_terms(s: &str) -> Vec<&str> {
    if s.is_empty() {
        return Vec::new();
    }
    let mut terms = Vec::new();
    let mut start = 0;
    let mut in_slash = false;
    for (i, c) in s.char_indices() {
        if in_slash {
            in_slash = false;
        } else if c == '\\' {
            in_slash = true;
        } else if c == ',' {
            terms.push(&s[start..i]);
            start = i + 1;
        }
    }
    terms.push(&s[start..]);
    terms
}

/// The first operator occurrence, trying `!=`, `==`, `=` at each position.
fn split_term(term: &str) -> Option<(&str, &str, &str)> {
    for (i, _) in term.char_indices() {
        let rest = &term[i..];
        for op in ["!=", "==", "="] {
            if rest.starts_with(op) {
                return Some((&term[..i], op, &term[i + op.len()..]));
            }
        }
    }
    None
}

fn unescape(s: &str) -> Result<String, FieldSelectorError> {
    let mut out = String::with_capacity(s.len());
    let mut in_slash = false;
    for c in s.chars() {
        if in_slash {
            if matches!(c, '\\' | ',' | '=') {
                out.push(c);
            } else {
                return Err(FieldSelectorError::InvalidEscape(format!("\\{c}")));
            }
            in_slash = false;
            continue;
        }
        match c {
            '\\' => in_slash = true,
            ',' | '=' => return Err(FieldSelectorError::UnescapedRune(c)),
            c => out.push(c),
        }
    }
    if in_slash {
        return Err(FieldSelectorError::InvalidEscape("\\".to_string()));
    }
    Ok(out)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(',', "\\,").replace('=', "\\=")
}

impl FieldSelector {
    /// `fields.ParseSelector`.
    pub fn parse(selector: &str) -> Result<FieldSelector, FieldSelectorError> {
        let mut parts = split_terms(selector);
        parts.sort_unstable();
        let mut terms = Vec::new();
        for part in parts.into_iter().filter(|p| !p.is_empty()) {
            let (lhs, op, rhs) = split_term(part).ok_or_else(|| FieldSelectorError::Term { selector: selector.to_string(), term: part.to_string() })?;
            terms.push(FieldTerm { field: lhs.to_string(), value: unescape(rhs)?, negated: op == "!=" });
        }
        Ok(FieldSelector { terms })
    }

    /// Whether the object's field values satisfy every term; a missing field counts as "".
    pub fn matches(&self, fields: &BTreeMap<String, String>) -> bool {
        self.terms.iter().all(|t| {
            let have = fields.get(&t.field).map(String::as_str).unwrap_or("");
            (have == t.value) != t.negated
        })
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// The value a field must equal, if the selector demands one (`RequiresExactMatch`).
    pub fn requires_exact_match(&self, field: &str) -> Option<&str> {
        self.terms.iter().find(|t| t.field == field && !t.negated).map(|t| t.value.as_str())
    }
}

impl fmt::Display for FieldSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.terms.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            let op = if t.negated { "!=" } else { "=" };
            write!(f, "{}{op}{}", t.field, escape(&t.value))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    // TestSelectorParse (fields).
    #[test]
    fn parses_and_prints_canonically() {
        for s in ["", "a=b", "a=b,c=d", "a!=b", "x=a\\,b", "x=a\\=b"] {
            assert_eq!(FieldSelector::parse(s).unwrap().to_string(), s, "{s}");
        }
        assert_eq!(FieldSelector::parse("b=2,a=1").unwrap().to_string(), "a=1,b=2");
        assert_eq!(FieldSelector::parse("metadata.name==web").unwrap().to_string(), "metadata.name=web");
        assert_eq!(FieldSelector::parse("x=").unwrap().terms[0].value, "");
        assert_eq!(FieldSelector::parse("x=a\\\\b").unwrap().terms[0].value, "a\\b");
        for s in ["a", "a b", "abc"] {
            assert_eq!(FieldSelector::parse(s).unwrap_err().to_string(), format!("invalid selector: '{s}'; can't understand '{s}'"));
        }
        assert_eq!(FieldSelector::parse("x=a=b").unwrap_err().to_string(), "invalid field selector: unescaped character in value: 61");
        assert_eq!(FieldSelector::parse("x=a\\b").unwrap_err().to_string(), "invalid field selector: invalid escape sequence: \\b");
        assert_eq!(FieldSelector::parse("x=a\\").unwrap_err().to_string(), "invalid field selector: invalid escape sequence: \\");
        assert_eq!(FieldSelector::parse("x>1").unwrap_err().to_string(), "invalid selector: 'x>1'; can't understand 'x>1'");
    }

    #[test]
    fn matches_fields() {
        let pod = fields(&[("metadata.name", "web"), ("status.phase", "Pending")]);
        assert!(FieldSelector::parse("metadata.name=web,status.phase!=Running").unwrap().matches(&pod));
        assert!(!FieldSelector::parse("status.phase=Running").unwrap().matches(&pod));
        assert!(FieldSelector::parse("spec.nodeName=").unwrap().matches(&pod));
        assert!(FieldSelector::parse("").unwrap().matches(&pod));
        let sel = FieldSelector::parse("metadata.name=web").unwrap();
        assert_eq!(sel.requires_exact_match("metadata.name"), Some("web"));
        assert_eq!(sel.requires_exact_match("spec.nodeName"), None);
    }
}
