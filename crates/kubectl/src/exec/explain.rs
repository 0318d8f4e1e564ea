//! `kubectl explain TYPE[.field…]`: the main fields of the simulated kinds,
//! with their types, enums and a short description written for the
//! playground (`schema.txt`), laid out as kubectl v1.32's plaintext explain
//! template (`explain/v2/templates/plaintext.tmpl`).
//!
//! `schema.txt` has one `TYPE Name|description` line per type, then one
//! `field type[!] [enum=A,B]|description` line per field (`!`: required).
//! A type may be qualified (`discovery.EndpointPort`) when two API groups
//! use the same name; kubectl shows the last part only.

use super::Output;
use crate::cli::Explain;

const SCHEMA: &str = include_str!("schema.txt");

struct Field<'a> {
    name: &'a str,
    ty: &'a str,
    required: bool,
    /// Allowed values, as the OpenAPI schema lists them (sorted).
    values: Vec<&'a str>,
    doc: &'a str,
}

struct Type<'a> {
    name: &'a str,
    doc: &'a str,
    fields: Vec<Field<'a>>,
}

fn types() -> Vec<Type<'static>> {
    types_in(SCHEMA)
}

fn types_in(src: &str) -> Vec<Type<'_>> {
    let mut out: Vec<Type> = Vec::new();
    for line in src.lines().filter(|l| !l.trim().is_empty()) {
        let (head, doc) = line.split_once('|').unwrap_or((line, ""));
        if let Some(name) = head.strip_prefix("TYPE ") {
            out.push(Type { name: name.trim(), doc, fields: Vec::new() });
        } else if let Some(t) = out.last_mut() {
            let mut words = head.split_whitespace();
            let (Some(name), Some(ty)) = (words.next(), words.next()) else { continue };
            let values = words.find_map(|w| w.strip_prefix("enum=")).map(|v| v.split(',').collect()).unwrap_or_default();
            t.fields.push(Field { name, ty: ty.trim_end_matches('!'), required: ty.ends_with('!'), values, doc });
        }
    }
    out
}

/// The schema's type of `field` in the type named `ty` (`[]Container`,
/// `integer`, `map[string]string`), and whether it lists enum values:
/// what the API server's decoding errors name (see `go_decode`).
pub(crate) fn schema_field(ty: &str, field: &str) -> Option<(&'static str, bool)> {
    let all = types();
    let t = all.iter().find(|t| t.name == ty)?;
    t.fields.iter().find(|f| f.name == field).map(|f| (f.ty, !f.values.is_empty()))
}

/// Whether the schema describes a type of this name (a struct, to Go).
pub(crate) fn schema_has_type(ty: &str) -> bool {
    types().iter().any(|t| t.name == ty)
}

/// The named type a field's type refers to (`[]Container` → `Container`).
fn element(ty: &str) -> &str {
    ty.trim_start_matches("[]")
}

/// The type as kubectl prints it: a qualified name loses its group part
/// (`[]discovery.Endpoint` → `[]Endpoint`).
fn shown(ty: &str) -> String {
    let (list, name) = match ty.strip_prefix("[]") {
        Some(rest) => ("[]", rest),
        None => ("", ty),
    };
    if name.starts_with("map[") {
        return ty.to_string();
    }
    format!("{list}{}", name.rsplit('.').next().unwrap_or(name))
}

/// The short enum line under a field in a list: at most four values.
fn enum_line(f: &Field, indent: usize) -> String {
    if f.values.is_empty() {
        return String::new();
    }
    let mut line = f.values.iter().take(4).copied().collect::<Vec<_>>().join(", ");
    if f.values.len() > 4 {
        line.push_str(", ....");
    }
    format!("{}enum: {line}\n", " ".repeat(indent))
}

/// Wraps text at 80 columns under a 4-space indent, as kubectl does.
fn wrap(text: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > 80 {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(indent);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn field_line(f: &Field, depth: usize) -> String {
    let req = if f.required { " -required-" } else { "" };
    let indent = 2 * (depth + 1);
    format!("{}{}\t<{}>{req}\n{}", " ".repeat(indent), f.name, shown(f.ty), enum_line(f, indent))
}

fn recursive(all: &[Type], t: &Type, depth: usize, out: &mut String, seen: &mut Vec<String>) {
    for f in &t.fields {
        out.push_str(&field_line(f, depth));
        let el = element(f.ty);
        if let Some(sub) = all.iter().find(|x| x.name == el) {
            if !seen.iter().any(|s| s == el) && depth < 8 {
                seen.push(el.to_string());
                recursive(all, sub, depth + 1, out, seen);
                seen.pop();
            }
        }
    }
}

/// The text `kubectl explain` prints, or its error.
pub fn text(e: &Explain) -> Result<String, String> {
    text_with(e, None, types())
}

/// [`text`] with a custom kind's types (from its CRD) ahead of the built-in ones.
fn text_with(e: &Explain, version: Option<&str>, all: Vec<Type>) -> Result<String, String> {
    let info = e.kind.info();
    let Some(mut t) = all.iter().find(|t| t.name == info.kind) else {
        return Err(format!("(playground) explain has no schema for {} yet", info.plural));
    };
    let mut field: Option<&Field> = None;
    for name in &e.fields {
        let Some(f) = t.fields.iter().find(|f| f.name == name) else {
            return Err(format!("field {} does not exist", crate::gofmt::quote(name)));
        };
        field = Some(f);
        match all.iter().find(|x| x.name == element(f.ty)) {
            Some(sub) => t = sub,
            None if Some(name) != e.fields.last() => {
                let next = e.fields.iter().skip_while(|n| *n != name).nth(1).cloned().unwrap_or_default();
                return Err(format!("field {} does not exist", crate::gofmt::quote(&next)));
            }
            None => {}
        }
    }
    let mut s = String::new();
    if !info.group.is_empty() {
        s.push_str(&format!("GROUP:      {}\n", info.group));
    }
    s.push_str(&format!("KIND:       {}\nVERSION:    {}\n\n", info.kind, version.unwrap_or(info.version)));
    let object = field.is_none_or(|f| all.iter().any(|x| x.name == element(f.ty)));
    if let Some(f) = field {
        s.push_str(&format!("FIELD: {} <{}>\n", f.name, shown(f.ty)));
        if !f.values.is_empty() {
            s.push_str("ENUM:");
            for v in &f.values {
                s.push_str("\n    ");
                s.push_str(v);
            }
        }
        s.push_str("\n\n");
        s.push_str("DESCRIPTION:\n");
        s.push_str(&wrap(f.doc, "    "));
        if object && t.doc != f.doc {
            s.push_str(&wrap(t.doc, "    "));
        }
    } else {
        s.push_str("DESCRIPTION:\n");
        s.push_str(&wrap(t.doc, "    "));
    }
    s.push_str("    \n");
    if object {
        s.push_str("FIELDS:\n");
        if e.recursive {
            let mut seen = vec![t.name.to_string()];
            recursive(&all, t, 0, &mut s, &mut seen);
        } else {
            for f in &t.fields {
                s.push_str(&field_line(f, 0));
                s.push_str(&wrap(f.doc, "    "));
                s.push('\n');
            }
        }
    }
    Ok(s)
}

/// `kubectl explain` for a kind a CRD serves: its preferred version's schema.
pub fn run_custom(e: &Explain, store: &kubeplay_apiserver::Store, out: &mut Output) {
    let served = kubeplay_model::custom_kind::served_kind(e.kind);
    let crd = kubeplay_apiserver::custom::crd_for(store, e.kind);
    let (Some(served), Some(crd)) = (served, crd) else {
        out.error(&format!("error: the server doesn't have a resource type \"{}\"", e.kind.info().plural));
        return;
    };
    let version = served.versions.first().cloned().unwrap_or_default();
    let schema = crd.spec.versions.iter().find(|v| v.name == version).and_then(|v| v.schema.as_ref()).and_then(|s| s.open_api_v3_schema.as_deref());
    let api_version = format!("{}/{version}", served.group);
    let custom = super::explain_custom::schema_text(e.kind.name(), &api_version, schema.unwrap_or(&Default::default()));
    let mut all = types_in(&custom);
    all.extend(types());
    match text_with(e, Some(&version), all) {
        Ok(t) => out.stdout.push_str(&t),
        Err(m) => out.error(&format!("error: {m}")),
    }
}

pub fn run(e: &Explain, out: &mut Output) {
    if let Some(v) = &e.api_version {
        let info = e.kind.info();
        if *v != info.api_version() {
            // The OpenAPI v3 renderer looks the group/version up first, then
            // the resource in it (explain/v2/explain.go, plaintext.tmpl).
            let (group, version) = v.split_once('/').unwrap_or(("", v.as_str()));
            let gvr = format!("{group}/{version}, Resource={}", info.plural);
            let served = kubeplay_model::Kind::ALL.iter().any(|k| k.info().group == group && k.info().version == version);
            if served {
                out.error(&format!("error: GVR ({gvr}) not found in OpenAPI schema"));
            } else {
                out.error(&format!("error: couldn't find resource for \"{gvr}\""));
            }
            return;
        }
    }
    match text(e) {
        Ok(t) => out.stdout.push_str(&t),
        Err(m) => out.error(&format!("error: {m}")),
    }
}

#[cfg(test)]
#[path = "explain_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Kind;

    fn explain(kind: Kind, fields: &[&str]) -> Result<String, String> {
        text(&Explain { kind, fields: fields.iter().map(|s| s.to_string()).collect(), recursive: false, api_version: None })
    }

    #[test]
    fn schema_types_all_resolve() {
        let all = types();
        for t in &all {
            for f in &t.fields {
                let el = element(f.ty);
                let known = all.iter().any(|x| x.name == el)
                    || matches!(el, "string" | "integer" | "number" | "boolean" | "Object" | "Quantity" | "IntOrString" | "RawExtension" | "FieldsV1")
                    || el.starts_with("map[");
                assert!(known, "{}.{}: unknown type {}", t.name, f.name, f.ty);
            }
        }
    }

    #[test]
    fn every_kind_has_a_schema() {
        for kind in Kind::ALL {
            let t = explain(*kind, &[]);
            assert!(t.is_ok(), "{kind:?}: {t:?}");
            let t = t.unwrap_or_default();
            assert!(t.contains("\nFIELDS:\n"), "{kind:?}");
            assert!(t.contains(&format!("KIND:       {}\n", kind.info().kind)), "{kind:?}");
        }
    }

    /// The layout of plaintext.tmpl: `FIELD:` followed by the long enum
    /// list (or nothing) and two line breaks; field lists show at most four
    /// enum values; no `-required-` on the FIELD line.
    #[test]
    fn layout() {
        let t = explain(Kind::Deployment, &["spec"]).unwrap();
        assert!(t.starts_with("GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: spec <DeploymentSpec>\n\n\nDESCRIPTION:\n"), "{t}");
        assert!(t.contains("FIELDS:\n  minReadySeconds\t<integer>\n"));
        assert!(t.contains("  selector\t<LabelSelector> -required-\n"));
        let p = explain(Kind::Pod, &[]).unwrap();
        assert!(p.starts_with("KIND:       Pod\nVERSION:    v1\n\nDESCRIPTION:\n"));
        let leaf = explain(Kind::Deployment, &["spec", "replicas"]).unwrap();
        assert!(!leaf.contains("FIELDS:"));
        assert_eq!(explain(Kind::Deployment, &["spec", "foo"]).unwrap_err(), "field \"foo\" does not exist");
        assert!(explain(Kind::Pod, &["spec", "containers", "image"]).unwrap().contains("FIELD: image <string>\n\n\n"));
        let strategy = explain(Kind::Deployment, &["spec", "strategy"]).unwrap();
        assert!(strategy.contains("  type\t<string>\n  enum: Recreate, RollingUpdate\n"), "{strategy}");
        let ty = explain(Kind::Deployment, &["spec", "strategy", "type"]).unwrap();
        assert!(ty.contains("FIELD: type <string>\nENUM:\n    Recreate\n    RollingUpdate\n\nDESCRIPTION:\n"), "{ty}");
        let status = explain(Kind::Pod, &["status"]).unwrap();
        assert!(status.contains("  phase\t<string>\n  enum: Failed, Pending, Running, Succeeded, ....\n"), "{status}");
        let slice = explain(Kind::EndpointSlice, &["endpoints"]).unwrap();
        assert!(slice.starts_with("GROUP:      discovery.k8s.io\nKIND:       EndpointSlice\nVERSION:    v1\n\nFIELD: endpoints <[]Endpoint>\n"), "{slice}");
        assert!(slice.contains("  conditions\t<EndpointConditions>\n"), "{slice}");
    }
}
