//! `kubectl explain` for a custom kind: its CRD's `openAPIV3Schema`,
//! written out in `schema.txt`'s format so the built-in kinds' layout
//! code prints it. The API server publishes a CRD's schema with
//! `apiVersion`, `kind` and `metadata` added; a property without a
//! description shows `<no description>`, a root without one `<empty>`.

use kubeplay_model::api::{JsonSchemaProps, SchemaOrBool};

/// The schema lines for `kind` (its root type named after it).
pub fn schema_text(kind: &str, api_version: &str, schema: &JsonSchemaProps) -> String {
    let mut out = String::new();
    let root_doc = one_line(schema.description.as_deref().unwrap_or("<empty>"));
    out.push_str(&format!("TYPE {kind}|{root_doc}\n"));
    let mut fields = vec![
        format!("apiVersion string|The versioned schema of this object ({api_version})."),
        format!("kind string|The kind of object ({kind})."),
        "metadata ObjectMeta|Name, namespace, labels and other identifying data.".to_string(),
    ];
    let mut nested = Vec::new();
    for (name, prop) in &schema.properties {
        if matches!(name.as_str(), "apiVersion" | "kind" | "metadata") {
            continue;
        }
        fields.push(field_line(kind, name, prop, schema.required.contains(name), &mut nested));
    }
    kubeplay_model::sort::sort(&mut fields);
    for f in fields {
        out.push_str(&f);
        out.push('\n');
    }
    out.push_str(&nested.concat());
    out
}

/// Object types are named `<kind>:<path>.Object`, which kubectl's type
/// display shortens to `Object`.
fn field_line(path: &str, name: &str, p: &JsonSchemaProps, required: bool, nested: &mut Vec<String>) -> String {
    let ty = type_of(&format!("{path}.{name}"), p, nested);
    let req = if required { "!" } else { "" };
    let values: Vec<String> = p.enum_.iter().flatten().map(crate::print::jsonpath::value_text).collect();
    let enums = if !values.is_empty() && values.iter().all(|v| !v.is_empty() && !v.contains([',', ' ', '\t', '|'])) { format!(" enum={}", values.join(",")) } else { String::new() };
    let doc = one_line(p.description.as_deref().unwrap_or("<no description>"));
    format!("{name} {ty}{req}{enums}|{doc}")
}

fn type_of(path: &str, p: &JsonSchemaProps, nested: &mut Vec<String>) -> String {
    if p.x_kubernetes_int_or_string {
        return "IntOrString".into();
    }
    match p.type_.as_deref() {
        Some("array") => match p.item_schema() {
            Some(items) => format!("[]{}", type_of(&format!("{path}[]"), items, nested)),
            None => "[]Object".into(),
        },
        Some("object") | None if !p.properties.is_empty() => {
            let name = format!("{}.Object", path.replace('.', ":"));
            let mut text = format!("TYPE {name}|{}\n", one_line(p.description.as_deref().unwrap_or("<no description>")));
            let mut fields = Vec::new();
            for (n, sub) in &p.properties {
                fields.push(field_line(path, n, sub, p.required.contains(n), nested));
            }
            kubeplay_model::sort::sort(&mut fields);
            for f in fields {
                text.push_str(&f);
                text.push('\n');
            }
            nested.push(text);
            name
        }
        Some("object") => match &p.additional_properties {
            Some(SchemaOrBool::Schema(s)) if s.type_.as_deref().is_some_and(|t| t != "object" && t != "array") => format!("map[string]{}", s.type_.as_deref().unwrap_or("string")),
            _ => "Object".into(),
        },
        Some(t) => t.to_string(),
        None => "Object".into(),
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
