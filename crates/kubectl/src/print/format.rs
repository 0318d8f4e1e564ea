//! Small formatting helpers shared by table columns and `describe`:
//! label maps and selectors as apimachinery prints them, container lists,
//! and typed reads of the opaque JSON corners of the model.

use kubeplay_model::api::Container;
use kubeplay_model::LabelSelector;
use std::collections::BTreeMap;

/// `labels.FormatLabels`: `a=b,c=d` sorted by key, `<none>` when empty.
pub fn labels(m: &BTreeMap<String, String>) -> String {
    if m.is_empty() {
        return "<none>".into();
    }
    m.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
}

/// `LabelSelectorAsSelector(s).String()`: requirements sorted by key;
/// `None` for a selector with an unknown operator.
pub fn selector_string(s: Option<&LabelSelector>) -> Option<String> {
    let Some(s) = s else { return Some(String::new()) };
    let mut reqs: Vec<(String, String)> = s.match_labels.iter().map(|(k, v)| (k.clone(), format!("{k}={v}"))).collect();
    for e in &s.match_expressions {
        let mut values = e.values.clone();
        kubeplay_model::sort::sort(&mut values);
        let text = match e.operator.as_str() {
            "In" => format!("{} in ({})", e.key, values.join(",")),
            "NotIn" => format!("{} notin ({})", e.key, values.join(",")),
            "Exists" => e.key.clone(),
            "DoesNotExist" => format!("!{}", e.key),
            _ => return None,
        };
        reqs.push((e.key.clone(), text));
    }
    kubeplay_model::sort::sort_by(&mut reqs, |a, b| a.0.cmp(&b.0));
    Some(reqs.into_iter().map(|(_, t)| t).collect::<Vec<_>>().join(","))
}

/// `metav1.FormatLabelSelector`: `<none>` when empty, `<error>` when invalid.
pub fn label_selector(s: Option<&LabelSelector>) -> String {
    match selector_string(s) {
        None => "<error>".into(),
        Some(x) if x.is_empty() => "<none>".into(),
        Some(x) => x,
    }
}

/// `layoutContainerCells`: names and images, comma-joined.
pub fn container_cells(containers: &[Container]) -> (String, String) {
    let names = containers.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(",");
    let images = containers.iter().map(|c| c.image.as_deref().unwrap_or("")).collect::<Vec<_>>().join(",");
    (names, images)
}

/// A string field of an opaque JSON value (`obj.get(key)` as a string).
pub fn json_str<'a>(v: Option<&'a serde_json::Value>, key: &str) -> Option<&'a str> {
    v.and_then(|v| v.get(key)).and_then(|x| x.as_str())
}

/// `<none>` for an empty string.
pub fn or_none(s: &str) -> String {
    if s.is_empty() {
        "<none>".into()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::LabelSelectorRequirement;

    #[test]
    fn selectors_like_apimachinery() {
        let mut s = LabelSelector::default();
        assert_eq!(label_selector(Some(&s)), "<none>");
        assert_eq!(label_selector(None), "<none>");
        s.match_labels.insert("foo".into(), "bar".into());
        assert_eq!(label_selector(Some(&s)), "foo=bar");
        s.match_expressions.push(LabelSelectorRequirement { key: "env".into(), operator: "In".into(), values: vec!["qa".into(), "dev".into()] });
        s.match_expressions.push(LabelSelectorRequirement { key: "zz".into(), operator: "DoesNotExist".into(), values: vec![] });
        assert_eq!(label_selector(Some(&s)), "env in (dev,qa),foo=bar,!zz");
        s.match_expressions.push(LabelSelectorRequirement { key: "x".into(), operator: "Bad".into(), values: vec![] });
        assert_eq!(label_selector(Some(&s)), "<error>");
        let mut m = BTreeMap::new();
        assert_eq!(labels(&m), "<none>");
        m.insert("b".into(), "2".into());
        m.insert("a".into(), "1".into());
        assert_eq!(labels(&m), "a=1,b=2");
    }
}
