//! CEL validation rules (`x-kubernetes-validations`): the CEL types a
//! structural schema declares (apiextensions-apiserver's `SchemaDeclType`),
//! a custom resource's values as CEL sees them (`UnstructuredToVal`), and
//! the rules' evaluation over a resource (`cel.Validator`), in the API
//! server's words. The language itself is `kubeplay-cel`'s.

use super::additional;
use crate::api::JsonSchemaProps;
use crate::validation::{BadValue, ErrorType, FieldError};
use kubeplay_cel::{compile, CompileError, ListKind, Program, Type, Value};
use serde_json::Value as Json;
use std::borrow::Cow;
use std::rc::Rc;

/// CEL's reserved words: a property named so is written `__name__`.
const RESERVED: [&str; 21] = [
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

/// The name a property has in CEL, or None when it cannot be written
/// (upstream's `Escape`).
pub(crate) fn escape(name: &str) -> Option<String> {
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let ok_first = |c: char| c.is_ascii_alphabetic() || "_.-/".contains(c);
    let ok_rest = |c: char| c.is_ascii_alphanumeric() || "_.-/".contains(c);
    let mut chars = name.chars();
    if !chars.next().is_some_and(ok_first) || !chars.all(ok_rest) {
        return None;
    }
    Some(
        name.replace("__", "__underscores__")
            .replace('.', "__dot__")
            .replace('-', "__dash__")
            .replace('/', "__slash__"),
    )
}

/// A reserved word that is no literal (`if`, `namespace`) may also be
/// selected unescaped, as cel-go's parser allows it after a dot.
fn alias<'a>(name: &'a str, escaped: &str) -> Option<&'a str> {
    (escaped != name
        && RESERVED.contains(&name)
        && !["true", "false", "null", "in"].contains(&name))
    .then_some(name)
}

fn regex(pattern: &str, text: &str, start: usize) -> Result<Option<(usize, usize)>, String> {
    let re =
        crate::regex::Regex::new(pattern, crate::regex::Syntax::Ecma).map_err(|e| e.to_string())?;
    Ok(re.find_at(text, start))
}

/// Compiles `rule` for a node of schema `s` (`root` for a resource's root
/// or an embedded resource), with `self` and `oldSelf` declared; with
/// `optionalOldSelf`, `oldSelf` is an optional of `self`'s type.
pub(crate) fn compile_rule(
    s: &JsonSchemaProps,
    root: bool,
    rule: &str,
    optional_old: bool,
) -> Result<Program, CompileError> {
    kubeplay_cel::install_regex(regex);
    compile(rule, &rule_vars(s, root, optional_old))
}

fn rule_vars(s: &JsonSchemaProps, root: bool, optional_old: bool) -> [(&'static str, Type); 2] {
    let t = decl_type(s, root).unwrap_or(Type::Dyn);
    let old = if optional_old { Type::Optional(std::rc::Rc::new(t.clone())) } else { t.clone() };
    [("self", t), ("oldSelf", old)]
}

/// Whether a rule sets `optionalOldSelf: true`.
fn optional_old(rule: &Json) -> bool {
    rule.get("optionalOldSelf").and_then(Json::as_bool) == Some(true)
}

/// A resource root's schema as CEL sees it (upstream's
/// `WithTypeAndObjectMeta`): `apiVersion` and `kind` strings and a
/// `metadata` with `name` and `generateName`, unless all are declared.
fn with_type_and_object_meta(s: &JsonSchemaProps) -> Cow<'_, JsonSchemaProps> {
    let is =
        |p: Option<&JsonSchemaProps>, t: &str| p.is_some_and(|p| p.type_.as_deref() == Some(t));
    let meta = s.properties.get("metadata");
    if is(s.properties.get("kind"), "string")
        && is(s.properties.get("apiVersion"), "string")
        && is(meta, "object")
        && is(meta.and_then(|m| m.properties.get("name")), "string")
        && is(
            meta.and_then(|m| m.properties.get("generateName")),
            "string",
        )
    {
        return Cow::Borrowed(s);
    }
    let string = || JsonSchemaProps {
        type_: Some("string".into()),
        ..Default::default()
    };
    let mut out = s.clone();
    out.properties.insert("kind".into(), string());
    out.properties.insert("apiVersion".into(), string());
    let mut m = JsonSchemaProps {
        type_: Some("object".into()),
        ..Default::default()
    };
    m.properties.insert("name".into(), string());
    m.properties.insert("generateName".into(), string());
    out.properties.insert("metadata".into(), m);
    Cow::Owned(out)
}

/// The CEL type of values of schema `s` (`root` for a resource's root or
/// an embedded resource); None for data CEL cannot see (no type, unknown
/// fields preserved).
pub(crate) fn decl_type(s: &JsonSchemaProps, root: bool) -> Option<Type> {
    if root {
        let s = with_type_and_object_meta(s);
        return decl_type_of(&s);
    }
    decl_type_of(s)
}

fn decl_type_of(s: &JsonSchemaProps) -> Option<Type> {
    if s.x_kubernetes_int_or_string {
        return Some(Type::Dyn);
    }
    match s.type_.as_deref().unwrap_or_default() {
        "array" => s
            .item_schema()
            .and_then(|i| decl_type(i, i.x_kubernetes_embedded_resource))
            .map(Type::list),
        "object" => match additional(s) {
            Some(Some(ap)) => {
                decl_type(ap, ap.x_kubernetes_embedded_resource).map(|v| Type::map(Type::String, v))
            }
            _ => {
                let mut fields = Vec::new();
                for (name, prop) in &s.properties {
                    let (Some(n), Some(t)) = (
                        escape(name),
                        decl_type(prop, prop.x_kubernetes_embedded_resource),
                    ) else {
                        continue;
                    };
                    if let Some(raw) = alias(name, &n) {
                        fields.push((raw.to_string(), t.clone()));
                    }
                    fields.push((n, t));
                }
                Some(Type::Object(Rc::new(kubeplay_cel::Object {
                    name: "object".into(),
                    fields,
                })))
            }
        },
        "integer" => Some(Type::Int),
        "number" => Some(Type::Double),
        "boolean" => Some(Type::Bool),
        "string" => Some(match s.format.as_deref() {
            Some("byte") => Type::Bytes,
            Some("duration") => Type::Duration,
            Some("date" | "date-time" | "datetime") => Type::Timestamp,
            _ => Type::String,
        }),
        _ => None,
    }
}

/// `v` as CEL sees it under schema `s`: undeclared fields and nulls left
/// out, strings of the byte, date and duration formats decoded.
pub(crate) fn to_value(s: &JsonSchemaProps, v: &Json, root: bool) -> Option<Value> {
    if root {
        let s = with_type_and_object_meta(s);
        return value_of(&s, v);
    }
    value_of(s, v)
}

fn value_of(s: &JsonSchemaProps, v: &Json) -> Option<Value> {
    if s.x_kubernetes_int_or_string {
        return match v {
            Json::String(t) => Some(Value::string(t.as_str())),
            Json::Number(n) => n.as_i64().map(Value::Int),
            _ => None,
        };
    }
    match (v, s.type_.as_deref().unwrap_or_default()) {
        (Json::Null, _) => Some(Value::Null),
        (Json::Object(map), "object") => {
            if let Some(Some(ap)) = additional(s) {
                let entries = map
                    .iter()
                    .filter_map(|(k, x)| {
                        Some((
                            Value::string(k.as_str()),
                            to_value(ap, x, ap.x_kubernetes_embedded_resource)?,
                        ))
                    })
                    .collect();
                return Some(Value::map(entries));
            }
            let mut entries = Vec::new();
            for (k, x) in map.iter().filter(|(_, x)| !x.is_null()) {
                let Some(p) = s.properties.get(k) else {
                    continue;
                };
                let (Some(n), Some(val)) =
                    (escape(k), to_value(p, x, p.x_kubernetes_embedded_resource))
                else {
                    continue;
                };
                if let Some(raw) = alias(k, &n) {
                    entries.push((Value::string(raw), val.clone()));
                }
                entries.push((Value::string(n), val));
            }
            Some(Value::map(entries))
        }
        (Json::Array(items), "array") => {
            let is = s.item_schema()?;
            let items = items
                .iter()
                .map(|x| to_value(is, x, is.x_kubernetes_embedded_resource))
                .collect::<Option<Vec<_>>>()?;
            let kind = match s.x_kubernetes_list_type.as_deref() {
                Some("set") => ListKind::Set,
                Some("map") => ListKind::Map(
                    s.x_kubernetes_list_map_keys
                        .clone()
                        .unwrap_or_default()
                        .into(),
                ),
                _ => ListKind::Plain,
            };
            Some(Value::List(Rc::new(kubeplay_cel::List { items, kind })))
        }
        (Json::Number(n), "integer") => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
            .map(Value::Int),
        (Json::Number(n), "number") => n.as_f64().map(Value::Double),
        (Json::Bool(b), "boolean") => Some(Value::Bool(*b)),
        (Json::String(t), "string") => Some(match s.format.as_deref() {
            Some("byte") => Value::Bytes(crate::base64::decode(t)?.into()),
            Some("duration") => kubeplay_cel::duration(t)?,
            Some("date") => kubeplay_cel::timestamp(&format!("{t}T00:00:00Z"))?,
            Some("date-time" | "datetime") => kubeplay_cel::timestamp(t)?,
            _ => Value::string(t.as_str()),
        }),
        _ => None,
    }
}

fn text<'a>(rule: &'a Json, field: &str) -> &'a str {
    rule.get(field).and_then(Json::as_str).unwrap_or_default()
}

/// Upstream's `ruleErrorString`: the message, or else the rule.
fn rule_error_string(rule: &Json) -> String {
    let m = text(rule, "message").trim();
    if m.is_empty() {
        text(rule, "rule").trim()
    } else {
        m
    }
    .to_string()
}

fn child(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_string()
    } else {
        format!("{path}.{name}")
    }
}

fn shown(path: &str) -> String {
    if path.is_empty() {
        "<nil>".to_string()
    } else {
        path.to_string()
    }
}

/// What the rules found: errors, and the warnings of failures that
/// ratchet (a value unchanged by an update may keep failing a rule that
/// does not use `oldSelf`: upstream's CRDValidationRatcheting, on in v1.32).
#[derive(Debug, Default)]
pub struct RuleResults {
    pub errors: Vec<FieldError>,
    pub warnings: Vec<String>,
    /// A rule ran out of budget: no further rules run.
    pub exhausted: bool,
    /// Each rule compiled once per validation, by its schema node's
    /// address and index: a list's items share their rules.
    compiled: Vec<(*const JsonSchemaProps, usize, Result<Program, CompileError>)>,
}

/// Evaluates every rule of `schema` over `obj` (`old`, the stored object,
/// on an update: transition rules run only where an old value correlates).
pub fn validate_rules(schema: &JsonSchemaProps, obj: &Json, old: Option<&Json>) -> RuleResults {
    let mut out = RuleResults::default();
    walk(schema, obj, old, "", true, false, &mut out);
    out
}

/// The rules of `s` and below over its `default` (CRD validation's
/// `ValidateDefaults`), errors named below `path`. Transition rules, whose
/// old value would be the default itself, are skipped.
pub(crate) fn validate_default(s: &JsonSchemaProps, default: &Json, path: &str) -> Vec<FieldError> {
    let mut out = RuleResults::default();
    walk(
        s,
        default,
        None,
        path,
        s.x_kubernetes_embedded_resource,
        false,
        &mut out,
    );
    out.errors
}

/// Whether any schema below `s` (itself included) has rules.
pub fn has_rules(s: &JsonSchemaProps) -> bool {
    s.x_kubernetes_validations
        .as_ref()
        .is_some_and(|r| !r.is_empty())
        || s.properties.values().any(has_rules)
        || s.item_schema().is_some_and(has_rules)
        || additional(s).flatten().is_some_and(has_rules)
}

/// `anchor_eq`: whether the nearest ancestor with a correlated old value
/// equals it (what ratchets a node that has none of its own).
fn walk(
    s: &JsonSchemaProps,
    v: &Json,
    old: Option<&Json>,
    path: &str,
    root: bool,
    anchor_eq: bool,
    errs: &mut RuleResults,
) {
    if v.is_null() || errs.exhausted || !has_rules(s) {
        return;
    }
    let old = old.filter(|o| !o.is_null());
    let anchor_eq = old.map_or(anchor_eq, |o| o == v);
    rules_at(s, v, old, path, root, anchor_eq, errs);
    match v {
        Json::Object(map) => {
            let correlates = s.x_kubernetes_map_type.as_deref() != Some("atomic");
            let old_map = old.and_then(Json::as_object).filter(|_| correlates);
            if let Some(Some(ap)) = additional(s) {
                for (k, x) in map {
                    walk(
                        ap,
                        x,
                        old_map.and_then(|m| m.get(k)),
                        &format!("{}[{k}]", path),
                        ap.x_kubernetes_embedded_resource,
                        anchor_eq,
                        errs,
                    );
                }
            }
            for (k, x) in map {
                if let Some(p) = s.properties.get(k) {
                    walk(
                        p,
                        x,
                        old_map.and_then(|m| m.get(k)),
                        &child(path, k),
                        p.x_kubernetes_embedded_resource,
                        anchor_eq,
                        errs,
                    );
                }
            }
        }
        Json::Array(items) => {
            let Some(is) = s.item_schema() else { return };
            let keys = s.x_kubernetes_list_map_keys.as_deref().unwrap_or_default();
            let map_list = s.x_kubernetes_list_type.as_deref() == Some("map");
            let old_items = old.and_then(Json::as_array);
            for (i, x) in items.iter().enumerate() {
                // Only a map list's items correlate, by their keys.
                let o = old_items.filter(|_| map_list).and_then(|olds| {
                    olds.iter()
                        .find(|o| keys.iter().all(|k| o.get(k) == x.get(k)))
                });
                walk(
                    is,
                    x,
                    o,
                    &format!("{path}[{i}]"),
                    is.x_kubernetes_embedded_resource,
                    anchor_eq,
                    errs,
                );
            }
        }
        _ => {}
    }
}

fn rules_at(
    s: &JsonSchemaProps,
    v: &Json,
    old: Option<&Json>,
    path: &str,
    root: bool,
    ratchet: bool,
    out: &mut RuleResults,
) {
    let Some(rules) = s
        .x_kubernetes_validations
        .as_ref()
        .filter(|r| !r.is_empty())
    else {
        return;
    };
    let ty = s.type_.as_deref().unwrap_or_default();
    let bad = || BadValue::str(ty);
    let Some(self_v) = to_value(s, v, root) else {
        return;
    };
    let old_v = old.and_then(|o| to_value(s, o, root));
    for (i, rule) in rules.iter().enumerate() {
        let src = text(rule, "rule");
        if src.trim().is_empty() {
            continue;
        }
        let key = (s as *const JsonSchemaProps, i);
        let cached = out.compiled.iter().position(|(p, j, _)| (*p, *j) == key);
        let at = match cached {
            Some(at) => at,
            None => {
                out.compiled.push((key.0, i, compile_rule(s, root, src, optional_old(rule))));
                out.compiled.len() - 1
            }
        };
        let errs = &mut out.errors;
        let program = match &out.compiled[at].2 {
            Ok(p) => p,
            Err(e) => {
                errs.push(invalid(
                    path,
                    bad(),
                    format!("rule compile error: compilation failed: {e}"),
                ));
                continue;
            }
        };
        let uses_old = program.references("oldSelf");
        // A transition rule runs only on an update where the old value
        // correlates, unless `optionalOldSelf` lets it see none.
        if uses_old && old_v.is_none() && !optional_old(rule) {
            continue;
        }
        let mut vars = vec![("self", self_v.clone())];
        if optional_old(rule) {
            vars.push(("oldSelf", Value::Optional(old_v.clone().map(std::rc::Rc::new))));
        } else if let Some(o) = &old_v {
            vars.push(("oldSelf", o.clone()));
        }
        match program.eval(&vars) {
            Ok(Value::Bool(true)) => continue,
            Ok(Value::Bool(false)) => {}
            Ok(_) => {
                errs.push(invalid(path, bad(), format!("'no such overload': call arguments did not match a supported operator, function or macro signature for rule: {}", rule_error_string(rule))));
                continue;
            }
            Err(e)
                if e.0
                    .starts_with("operation cancelled: actual cost limit exceeded") =>
            {
                errs.push(invalid(path, bad(), format!("'{e}': no further validation rules will be run due to call cost exceeds limit for rule: {}", rule_error_string(rule))));
                out.exhausted = true;
                return;
            }
            Err(e) if e.0.starts_with("no such overload") => {
                errs.push(invalid(path, bad(), format!("'{e}': call arguments did not match a supported operator, function or macro signature for rule: {}", rule_error_string(rule))));
                continue;
            }
            Err(e) => {
                errs.push(invalid(
                    path,
                    bad(),
                    format!("{e} evaluating rule: {}", rule_error_string(rule)),
                ));
                continue;
            }
        }
        let mut at = path.to_string();
        let fp = text(rule, "fieldPath").trim();
        if !fp.is_empty() {
            at = normalized_field_path(path, fp);
        }
        let detail = message_expression(s, root, rule, &vars).unwrap_or_else(|| {
            let m = text(rule, "message").trim();
            if m.is_empty() {
                format!("failed rule: {}", rule_error_string(rule))
            } else {
                m.to_string()
            }
        });
        let e = match text(rule, "reason") {
            "FieldValueForbidden" => FieldError {
                type_: ErrorType::Forbidden,
                field: shown(&at),
                bad_value: BadValue::Omit,
                detail,
            },
            "FieldValueRequired" => FieldError {
                type_: ErrorType::Required,
                field: shown(&at),
                bad_value: BadValue::Omit,
                detail,
            },
            "FieldValueDuplicate" => FieldError {
                type_: ErrorType::Duplicate,
                field: shown(&at),
                bad_value: bad(),
                detail: String::new(),
            },
            _ => invalid(&at, bad(), detail),
        };
        if ratchet && !uses_old {
            out.warnings.push(e.to_string());
        } else {
            errs.push(e);
        }
    }
}

fn invalid(path: &str, bad_value: BadValue, detail: String) -> FieldError {
    FieldError {
        type_: ErrorType::Invalid,
        field: shown(path),
        bad_value,
        detail,
    }
}

/// A rule's `fieldPath` (`.spec.x`, `['a.b']`) below the rule's own path.
fn normalized_field_path(path: &str, fp: &str) -> String {
    let mut out = path.to_string();
    let mut rest = fp;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("['") {
            let end = r.find("']").unwrap_or(r.len());
            out = child(&out, &r[..end]);
            rest = r.get(end + 2..).unwrap_or_default();
        } else if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            out = child(&out, &r[..end]);
            rest = &r[end..];
        } else {
            break;
        }
    }
    out
}

/// A failed rule's `messageExpression`, when it yields a usable message.
fn message_expression(
    s: &JsonSchemaProps,
    root: bool,
    rule: &Json,
    vars: &[(&str, Value)],
) -> Option<String> {
    let src = text(rule, "messageExpression");
    if src.trim().is_empty() {
        return None;
    }
    let p = compile(src, &rule_vars(s, root, optional_old(rule))).ok()?;
    match p.eval(vars) {
        Ok(Value::String(m)) => {
            let m = m.trim();
            (!m.is_empty() && !m.contains('\n') && m.len() <= 5 * 1024).then(|| m.to_string())
        }
        _ => None,
    }
}

/// The CRD-time check of one node's rules (`cel.Compile` as CRD
/// validation reports it): each rule compiles, yields a bool, and uses
/// `oldSelf` only where old values correlate. `uncorrelatable` names the
/// list above whose items cannot be correlated, if any.
pub(crate) fn check_rules(
    s: &JsonSchemaProps,
    root: bool,
    p: &str,
    uncorrelatable: Option<&str>,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (i, rule) in s.x_kubernetes_validations.iter().flatten().enumerate() {
        let src = text(rule, "rule");
        if src.trim().is_empty() {
            continue;
        }
        let rp = format!("{p}.x-kubernetes-validations[{i}]");
        match compile_rule(s, root, src, optional_old(rule)) {
            Err(e) => errs.push(invalid(
                &format!("{rp}.rule"),
                BadValue::GoSyntax(go_rule(rule)),
                format!("compilation failed: {e}"),
            )),
            Ok(prog) if prog.result_type() != &Type::Bool => errs.push(invalid(
                &format!("{rp}.rule"),
                BadValue::GoSyntax(go_rule(rule)),
                "cel expression must evaluate to a bool".into(),
            )),
            Ok(prog) => {
                if let Some(d) = message_expression_error(s, root, rule) {
                    errs.push(invalid(
                        &format!("{rp}.messageExpression"),
                        BadValue::GoSyntax(go_rule(rule)),
                        d,
                    ));
                }
                if prog.references("oldSelf") {
                    if let Some(u) = uncorrelatable {
                        errs.push(invalid(
                            &format!("{rp}.rule"),
                            BadValue::str(src),
                            format!("oldSelf cannot be used on the uncorrelatable portion of the schema within {u}"),
                        ));
                    }
                } else if let Some(b) = rule.get("optionalOldSelf").and_then(Json::as_bool) {
                    errs.push(invalid(
                        &format!("{rp}.optionalOldSelf"),
                        BadValue::bool(b),
                        "may not be set if oldSelf is not used in rule".into(),
                    ));
                }
            }
        }
    }
    errs
}

/// Why a rule's `messageExpression` does not compile to a string.
fn message_expression_error(s: &JsonSchemaProps, root: bool, rule: &Json) -> Option<String> {
    let src = text(rule, "messageExpression");
    if src.is_empty() {
        return None;
    }
    match compile(src, &rule_vars(s, root, optional_old(rule))) {
        Err(e) => Some(format!("messageExpression compilation failed: {e}")),
        Ok(p) if p.result_type() != &Type::String => {
            Some("messageExpression must evaluate to a string".into())
        }
        Ok(_) => None,
    }
}

/// A rule as Go's `%#v` prints the internal `ValidationRule`.
fn go_rule(rule: &Json) -> String {
    let q = |f: &str| crate::goquote::quote(text(rule, f));
    let ptr = |f: &str, ty: &str| match rule.get(f) {
        Some(v) if !v.is_null() => format!("({ty})(0xc000000000)"),
        _ => format!("({ty})(nil)"),
    };
    format!(
        "apiextensions.ValidationRule{{Rule:{}, Message:{}, MessageExpression:{}, Reason:{}, FieldPath:{}, OptionalOldSelf:{}}}",
        q("rule"),
        q("message"),
        q("messageExpression"),
        ptr("reason", "*apiextensions.FieldValueErrorReason"),
        q("fieldPath"),
        ptr("optionalOldSelf", "*bool"),
    )
}

/// Whether a rule's `fieldPath` (`.a.b`, `['x.y']`) names a field the
/// schema declares (upstream's `ValidFieldPath`).
pub(crate) fn valid_field_path(s: &JsonSchemaProps, path: &str) -> bool {
    let mut cur = s;
    let mut rest = path;
    while !rest.is_empty() {
        let name = if let Some(r) = rest.strip_prefix("['") {
            let Some(end) = r.find("']") else {
                return false;
            };
            rest = &r[end + 2..];
            r[..end].to_string()
        } else if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            if end == 0 {
                return false;
            }
            rest = &r[end..];
            r[..end].to_string()
        } else {
            return false;
        };
        cur = if !cur.properties.is_empty() {
            match cur.properties.get(&name) {
                Some(p) => p,
                None => return false,
            }
        } else if let Some(Some(ap)) = additional(cur) {
            ap
        } else {
            return false;
        };
    }
    true
}
