//! The checks on a CRD's `openAPIV3Schema`: what the API server supports
//! of OpenAPI (`ValidateCustomResourceDefinitionOpenAPISchema`), the
//! structural-schema rules (`pkg/apiserver/schema/validation.go` and
//! `complete.go`) and that `default`s validate and are pruned.
//!
//! CEL rules are compiled (`cel_rules`) where the schema around them is
//! sound. Not checked: the rules' estimated cost, and the metadata a
//! default inside `metadata` would produce.

mod structural;

use super::{Errs, Opts};
use crate::api::{CustomResourceValidation, JsonSchemaProps, SchemaOrArray, SchemaOrBool};
use crate::validation::field::{BadValue, FieldError, Path};
use structural::structural;

/// The fields a root schema may set when the status subresource is on
/// (Go's field names, as the message prints them).
const ALLOWED_AT_ROOT: &str =
    "[Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations]";
const OPENAPI_TYPES: [&str; 6] = ["array", "boolean", "integer", "number", "object", "string"];
const META_FIELDS: [&str; 3] = ["metadata", "kind", "apiVersion"];

fn child(p: &str, c: &str) -> String {
    format!("{p}.{c}")
}
fn key(p: &str, k: &str) -> String {
    format!("{p}[{k}]")
}
fn required(p: &str, detail: &str) -> FieldError {
    FieldError::required(&Path::new(p), detail)
}
fn forbidden(p: &str, detail: &str) -> FieldError {
    FieldError::forbidden(&Path::new(p), detail)
}
fn invalid(p: &str, v: BadValue, detail: &str) -> FieldError {
    FieldError::invalid(&Path::new(p), v, detail)
}
/// A Go `*string` as a field error prints it: what it points to, or null.
fn ptr_str(v: Option<&str>) -> BadValue {
    v.map_or(BadValue::str("null"), BadValue::str)
}

/// A schema's `type` (a plain Go string: unset is "").
fn type_str(v: Option<&str>) -> BadValue {
    BadValue::str(v.unwrap_or_default())
}

/// Every schema below `s`, `s` first (upstream's `SchemaHas`).
fn any_schema(s: &JsonSchemaProps, pred: &dyn Fn(&JsonSchemaProps) -> bool) -> bool {
    if pred(s) {
        return true;
    }
    let ap = match &s.additional_properties {
        Some(SchemaOrBool::Schema(b)) => Some(&**b),
        _ => None,
    };
    let ai = match &s.additional_items {
        Some(SchemaOrBool::Schema(b)) => Some(&**b),
        _ => None,
    };
    let items: Vec<&JsonSchemaProps> = match &s.items {
        Some(SchemaOrArray::Schema(b)) => vec![&**b],
        Some(SchemaOrArray::Array(list)) => list.iter().collect(),
        None => Vec::new(),
    };
    items
        .into_iter()
        .chain(s.not.iter().map(|b| &**b))
        .chain(ap)
        .chain(ai)
        .any(|c| any_schema(c, pred))
        || s.all_of
            .iter()
            .chain(&s.any_of)
            .chain(&s.one_of)
            .any(|c| any_schema(c, pred))
        || s.properties
            .values()
            .chain(s.pattern_properties.values())
            .chain(s.definitions.values())
            .any(|c| any_schema(c, pred))
}

pub(super) fn has_defaults(s: &JsonSchemaProps) -> bool {
    any_schema(s, &|s| s.default.is_some())
}

/// Upstream's `schemaHasKubernetesExtensions`.
pub(super) fn has_kubernetes_extensions(s: &JsonSchemaProps) -> bool {
    any_schema(s, &|s| {
        s.x_kubernetes_embedded_resource
            || s.x_kubernetes_preserve_unknown_fields.is_some()
            || s.x_kubernetes_int_or_string
            || s.x_kubernetes_list_map_keys
                .as_ref()
                .is_some_and(|k| !k.is_empty())
            || s.x_kubernetes_list_type.is_some()
            || s.x_kubernetes_validations
                .as_ref()
                .is_some_and(|v| !v.is_empty())
    })
}

/// A set list whose items are not atomic (allowed to stay in a stored CRD).
pub(super) fn has_non_atomic_set(s: &JsonSchemaProps) -> bool {
    any_schema(
        s,
        &|s| match (s.x_kubernetes_list_type.as_deref(), s.item_schema()) {
            (Some("set"), Some(is)) => match is.type_.as_deref() {
                Some("array") => is
                    .x_kubernetes_list_type
                    .as_deref()
                    .is_some_and(|t| t != "atomic"),
                Some("object") => is.x_kubernetes_map_type.as_deref() != Some("atomic"),
                _ => false,
            },
            _ => false,
        },
    )
}

/// Whether a stored schema is not structural (then it may stay so).
pub(super) fn is_non_structural(s: &JsonSchemaProps) -> bool {
    unsupported_field(s).is_some() || !structural(s, "").is_empty()
}

pub(super) fn has_invalid_types(s: &JsonSchemaProps) -> bool {
    any_schema(s, &|s| {
        s.type_
            .as_deref()
            .is_some_and(|t| !t.is_empty() && !OPENAPI_TYPES.contains(&t))
    })
}

/// `validateCustomResourceDefinitionValidation` at `path` (`spec.validation`
/// or `spec.versions[i].schema`).
pub(super) fn validation(
    cv: Option<&CustomResourceValidation>,
    status_enabled: bool,
    opts: Opts,
    path: &Path,
) -> Errs {
    let mut errs = Vec::new();
    let Some(s) = cv.and_then(|cv| cv.open_api_v3_schema.as_deref()) else {
        return errs;
    };
    let root = child(&path.as_string(), "openAPIV3Schema");
    if status_enabled {
        if s.id.is_some() || s.schema.is_some() || s.ref_.is_some() {
            errs.push(root_fields_error(&root));
        } else if s
            .type_
            .as_deref()
            .is_some_and(|t| !t.is_empty() && t != "object")
        {
            let msg = r#"only "object" is allowed as the type at the root of the schema if the status subresource is enabled"#;
            errs.push(invalid(
                &child(&root, "type"),
                type_str(s.type_.as_deref()),
                msg,
            ));
        } else if restricted_at_root(s) {
            errs.push(root_fields_error(&root));
        }
    }
    if s.nullable {
        errs.push(forbidden(
            &child(&root, "nullable"),
            "nullable cannot be true at the root",
        ));
    }
    let mut init_errs = Vec::new();
    let mut structural_ok = false;
    if opts.require_structural {
        if let Some(msg) = unsupported_field(s) {
            init_errs.push(invalid(&root, BadValue::str(""), &msg));
        } else {
            let found = structural(s, &root);
            structural_ok = found.is_empty();
            if found.is_empty() {
                defaults(s, &root, true, false, &mut errs);
            }
            errs.extend(found);
        }
    }
    let ssv = Ssv {
        allow_defaults: opts.allow_defaults,
        disallow_reason: String::new(),
        inside_meta: false,
        require_valid_type: opts.require_valid_property_type,
        require_map_list_keys: opts.require_map_list_keys,
        require_atomic_set_type: opts.require_atomic_set_type,
    };
    openapi(s, &root, &ssv, true, &mut errs);
    // CEL rules compile only against a structural schema, and only where
    // nothing at or below them is already wrong (upstream's CELErrors come
    // after its SchemaErrors).
    if structural_ok {
        let mut cel_errs = Vec::new();
        cel_rules(s, &root, true, None, &errs, &mut cel_errs);
        errs.extend(cel_errs);
    }
    if errs.is_empty() {
        errs.extend(init_errs);
    }
    errs
}

/// Whether an error names `p` or a field below it.
fn under(errs: &Errs, p: &str) -> bool {
    errs.iter().any(|e| {
        e.field
            .strip_prefix(p)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
    })
}

/// Compiles each node's CEL rules where the schema around them is sound;
/// `uncorrelatable` is the list or atomic map above whose old values
/// cannot be matched, where `oldSelf` is refused.
fn cel_rules(s: &JsonSchemaProps, p: &str, root: bool, uncorrelatable: Option<&str>, schema_errs: &Errs, errs: &mut Errs) {
    if !crate::crd_schema::has_rules(s) {
        return;
    }
    if !under(schema_errs, p) {
        errs.extend(crate::crd_schema::cel::check_rules(s, root, p, uncorrelatable));
    }
    let atomic_map = s.x_kubernetes_map_type.as_deref() == Some("atomic");
    let below = |forbid: bool| if forbid && uncorrelatable.is_none() { Some(p) } else { uncorrelatable };
    for (name, prop) in &s.properties {
        let pp = key(&child(p, "properties"), name);
        cel_rules(prop, &pp, prop.x_kubernetes_embedded_resource, below(atomic_map), schema_errs, errs);
    }
    if let Some(SchemaOrBool::Schema(ap)) = &s.additional_properties {
        let pp = child(p, "additionalProperties");
        cel_rules(ap, &pp, ap.x_kubernetes_embedded_resource, below(atomic_map), schema_errs, errs);
    }
    if let Some(items) = s.item_schema() {
        let map_list = s.x_kubernetes_list_type.as_deref() == Some("map");
        let pp = child(p, "items");
        let u = if map_list { uncorrelatable } else { uncorrelatable.or(Some(pp.as_str())) };
        cel_rules(items, &pp, items.x_kubernetes_embedded_resource, u, schema_errs, errs);
    }
}

fn root_fields_error(root: &str) -> FieldError {
    // Upstream prints the whole schema struct as the value; the playground
    // leaves it out.
    let detail = format!(
        "only {ALLOWED_AT_ROOT} fields are allowed at the root of the schema if the status subresource is enabled"
    );
    invalid(root, BadValue::Omit, &detail)
}

/// A field outside `ALLOWED_AT_ROOT` is set.
fn restricted_at_root(s: &JsonSchemaProps) -> bool {
    s.nullable
        || s.default.is_some()
        || s.enum_.is_some()
        || s.max_properties.is_some()
        || s.min_properties.is_some()
        || !s.all_of.is_empty()
        || !s.one_of.is_empty()
        || !s.any_of.is_empty()
        || s.not.is_some()
        || s.additional_properties.is_some()
        || !s.pattern_properties.is_empty()
        || s.dependencies.is_some()
        || s.additional_items.is_some()
        || !s.definitions.is_empty()
        || s.x_kubernetes_embedded_resource
        || s.x_kubernetes_int_or_string
        || s.x_kubernetes_list_map_keys.is_some()
        || s.x_kubernetes_list_type.is_some()
        || s.x_kubernetes_map_type.is_some()
}

/// Why `NewStructural` refuses the schema, for `$schema`, a false
/// `x-kubernetes-preserve-unknown-fields` and a list of `items` (the other unsupported fields are
/// reported by the OpenAPI checks, which hide this error).
fn unsupported_field(s: &JsonSchemaProps) -> Option<String> {
    if any_schema(s, &|s| s.schema.as_deref().is_some_and(|v| !v.is_empty())) {
        Some("OpenAPIV3Schema 'schema' is not supported".into())
    } else if any_schema(s, &|s| {
        s.x_kubernetes_preserve_unknown_fields == Some(false)
    }) {
        Some(
            "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined"
                .into(),
        )
    } else if any_schema(s, &|s| matches!(s.items, Some(SchemaOrArray::Array(_)))) {
        Some("OpenAPIV3Schema 'items' must be a schema, but is an array".into())
    } else {
        None
    }
}

/// The state `specStandardValidatorV3` carries down the schema.
#[derive(Clone)]
struct Ssv {
    allow_defaults: bool,
    disallow_reason: String,
    inside_meta: bool,
    require_valid_type: bool,
    require_map_list_keys: bool,
    require_atomic_set_type: bool,
}

impl Ssv {
    fn forbid_defaults(&self, reason: &str) -> Ssv {
        Ssv {
            allow_defaults: false,
            disallow_reason: reason.to_string(),
            ..self.clone()
        }
    }
    fn check(&self, s: &JsonSchemaProps, p: &str, errs: &mut Errs) {
        let ty = s.type_.as_deref().unwrap_or_default();
        if self.require_valid_type && !ty.is_empty() && !OPENAPI_TYPES.contains(&ty) {
            errs.push(FieldError::not_supported(
                &Path::new(&child(p, "type")),
                BadValue::str(ty),
                &OPENAPI_TYPES,
            ));
        }
        if s.default.is_some() && !self.allow_defaults {
            let mut detail = "must not be set".to_string();
            if !self.disallow_reason.is_empty() {
                detail = format!("{detail} {}", self.disallow_reason);
            }
            errs.push(forbidden(&child(p, "default"), &detail));
        }
        if s.id.as_deref().is_some_and(|i| !i.is_empty()) {
            errs.push(forbidden(&child(p, "id"), "id is not supported"));
        }
        if s.additional_items.is_some() {
            errs.push(forbidden(
                &child(p, "additionalItems"),
                "additionalItems is not supported",
            ));
        }
        if !s.pattern_properties.is_empty() {
            errs.push(forbidden(
                &child(p, "patternProperties"),
                "patternProperties is not supported",
            ));
        }
        if !s.definitions.is_empty() {
            errs.push(forbidden(
                &child(p, "definitions"),
                "definitions is not supported",
            ));
        }
        if s.dependencies.is_some() {
            errs.push(forbidden(
                &child(p, "dependencies"),
                "dependencies is not supported",
            ));
        }
        if s.ref_.is_some() {
            errs.push(forbidden(&child(p, "$ref"), "$ref is not supported"));
        }
        if matches!(s.items, Some(SchemaOrArray::Array(_))) {
            errs.push(forbidden(
                &child(p, "items"),
                "items must be a schema object and not an array",
            ));
        }
        if ty == "null" {
            errs.push(forbidden(
                &child(p, "type"),
                "type cannot be set to null, use nullable as an alternative",
            ));
        }
        if self.inside_meta && s.x_kubernetes_embedded_resource {
            errs.push(forbidden(
                &child(p, "x-kubernetes-embedded-resource"),
                "must not be used inside of resource meta",
            ));
        }
    }
}

/// `ValidateCustomResourceDefinitionOpenAPISchema` (CEL rules are only
/// checked for their shape).
fn openapi(s: &JsonSchemaProps, p: &str, ssv: &Ssv, is_root: bool, errs: &mut Errs) {
    ssv.check(s, p, errs);
    if s.unique_items {
        errs.push(forbidden(
            &child(p, "uniqueItems"),
            "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
        ));
    }
    if let Some(ap) = &s.additional_properties {
        if !s.properties.is_empty() && !matches!(ap, SchemaOrBool::Bool(true)) {
            errs.push(forbidden(
                &child(p, "additionalProperties"),
                "additionalProperties and properties are mutual exclusive",
            ));
        }
        if let SchemaOrBool::Schema(sub) = ap {
            let sub_ssv = if ssv.inside_meta {
                ssv.forbid_defaults("inside additionalProperties applying to object metadata")
            } else {
                ssv.clone()
            };
            openapi(
                sub,
                &child(p, "additionalProperties"),
                &sub_ssv,
                false,
                errs,
            );
        }
    }
    for (name, prop) in &s.properties {
        let mut sub = ssv.clone();
        if (is_root || s.x_kubernetes_embedded_resource) && META_FIELDS.contains(&name.as_str()) {
            sub.inside_meta = true;
            if is_root {
                sub = sub.forbid_defaults(&format!("in top-level {name}"));
            }
        }
        openapi(prop, &key(&child(p, "properties"), name), &sub, false, errs);
    }
    if let Some(not) = &s.not {
        openapi(not, &child(p, "not"), ssv, false, errs);
    }
    for (field, list) in [
        ("allOf", &s.all_of),
        ("oneOf", &s.one_of),
        ("anyOf", &s.any_of),
    ] {
        for (i, sub) in list.iter().enumerate() {
            openapi(sub, &format!("{p}.{field}[{i}]"), ssv, false, errs);
        }
    }
    for (name, sub) in &s.definitions {
        openapi(sub, &key(&child(p, "definitions"), name), ssv, false, errs);
    }
    match &s.items {
        Some(SchemaOrArray::Schema(items)) => openapi(items, &child(p, "items"), ssv, false, errs),
        Some(SchemaOrArray::Array(list)) => {
            for (i, item) in list.iter().enumerate() {
                openapi(item, &format!("{p}.items[{i}]"), ssv, false, errs);
            }
        }
        None => {}
    }
    extensions(s, p, ssv.require_atomic_set_type, errs);
    if ssv.require_map_list_keys {
        map_list_keys(s, p, errs);
    }
    rules(s, p, errs);
}

/// The `x-kubernetes-*` rules of `ValidateCustomResourceDefinitionOpenAPISchema`.
fn extensions(s: &JsonSchemaProps, p: &str, require_atomic_set_type: bool, errs: &mut Errs) {
    let ty = s.type_.as_deref().unwrap_or_default();
    if s.x_kubernetes_preserve_unknown_fields == Some(false) {
        errs.push(invalid(
            &child(p, "x-kubernetes-preserve-unknown-fields"),
            BadValue::bool(false),
            "must be true or undefined",
        ));
    }
    if let Some(map_type) = s.x_kubernetes_map_type.as_deref() {
        if ty != "object" {
            let msg = "must be object if x-kubernetes-map-type is specified";
            errs.push(if ty.is_empty() {
                required(&child(p, "type"), msg)
            } else {
                invalid(&child(p, "type"), BadValue::str(ty), msg)
            });
        }
        if map_type != "atomic" && map_type != "granular" {
            errs.push(FieldError::not_supported(
                &Path::new(&child(p, "x-kubernetes-map-type")),
                BadValue::str(map_type),
                &["atomic", "granular"],
            ));
        }
    }
    let list_type = s.x_kubernetes_list_type.as_deref();
    let items = s.item_schema();
    if list_type.is_some() && ty != "array" {
        let msg = "must be array if x-kubernetes-list-type is specified";
        errs.push(if ty.is_empty() {
            required(&child(p, "type"), msg)
        } else {
            invalid(&child(p, "type"), BadValue::str(ty), msg)
        });
    } else if let (true, Some("set"), Some(is)) = (require_atomic_set_type, list_type, items) {
        let msg = "must be atomic as item of a list with x-kubernetes-list-type=set";
        match is.type_.as_deref() {
            Some("array")
                if is
                    .x_kubernetes_list_type
                    .as_deref()
                    .is_some_and(|t| t != "atomic") =>
            {
                errs.push(invalid(
                    &child(&child(p, "items"), "x-kubernetes-list-type"),
                    ptr_str(is.x_kubernetes_list_type.as_deref()),
                    msg,
                ));
            }
            Some("object") if is.x_kubernetes_map_type.as_deref() != Some("atomic") => {
                errs.push(invalid(
                    &child(&child(p, "items"), "x-kubernetes-map-type"),
                    ptr_str(is.x_kubernetes_list_type.as_deref()),
                    msg,
                ));
            }
            _ => {}
        }
    }
    if let Some(lt) = list_type.filter(|t| !["atomic", "set", "map"].contains(t)) {
        errs.push(FieldError::not_supported(
            &Path::new(&child(p, "x-kubernetes-list-type")),
            BadValue::str(lt),
            &["atomic", "set", "map"],
        ));
    }
    let keys = s.x_kubernetes_list_map_keys.as_deref().unwrap_or_default();
    if !keys.is_empty() {
        let msg = "must be map if x-kubernetes-list-map-keys is non-empty";
        match list_type {
            None => errs.push(required(&child(p, "x-kubernetes-list-type"), msg)),
            Some(lt) if lt != "map" => errs.push(invalid(
                &child(p, "x-kubernetes-list-type"),
                BadValue::str(lt),
                msg,
            )),
            _ => {}
        }
    }
    if list_type == Some("map") {
        if keys.is_empty() {
            errs.push(required(
                &child(p, "x-kubernetes-list-map-keys"),
                "must not be empty if x-kubernetes-list-type is map",
            ));
        }
        match items {
            None if s.items.is_none() => errs.push(required(
                &child(p, "items"),
                "must have a schema if x-kubernetes-list-type is map",
            )),
            // Upstream prints the whole items struct; left out here.
            None => errs.push(invalid(
                &child(p, "items"),
                BadValue::Omit,
                "must only have a single schema if x-kubernetes-list-type is map",
            )),
            Some(is) if is.type_.as_deref() != Some("object") => {
                errs.push(invalid(
                    &child(&child(p, "items"), "type"),
                    type_str(is.type_.as_deref()),
                    "must be object if parent array's x-kubernetes-list-type is map",
                ));
            }
            Some(is) => {
                for (i, k) in keys.iter().enumerate() {
                    match is.properties.get(k) {
                        Some(ks) if matches!(ks.type_.as_deref(), Some("array" | "object")) => errs.push(invalid(
                            &child(&key(&child(&child(p, "items"), "properties"), k), "type"),
                            BadValue::str("object"),
                            "must be a scalar type if parent array's x-kubernetes-list-type is map",
                        )),
                        Some(_) => {}
                        None => errs.push(invalid(&child(p, "x-kubernetes-list-map-keys"), BadValue::list(keys), "entries must all be names of item properties")),
                    }
                    if keys[..i].contains(k) {
                        errs.push(invalid(
                            &child(p, "x-kubernetes-list-map-keys"),
                            BadValue::list(keys),
                            "must not contain duplicate entries",
                        ));
                    }
                }
            }
        }
    }
}

/// A stored schema that already breaks the rules of [`map_list_keys`]
/// may keep doing so.
pub(super) fn has_invalid_map_list_keys(s: &JsonSchemaProps) -> bool {
    any_schema(s, &|s| {
        let mut found = Vec::new();
        map_list_keys(s, "", &mut found);
        !found.is_empty()
    })
}

/// `validateMapListKeysMapSet`: the items of a set or map list are not
/// nullable, and a map list's keys are required or defaulted, never null.
fn map_list_keys(s: &JsonSchemaProps, p: &str, errs: &mut Errs) {
    let keys = s.x_kubernetes_list_map_keys.as_deref().unwrap_or_default();
    if let (Some(lt @ ("set" | "map")), Some(is)) =
        (s.x_kubernetes_list_type.as_deref(), s.item_schema())
    {
        if is.nullable {
            errs.push(forbidden(
                &child(&child(p, "items"), "nullable"),
                &format!("cannot be nullable when x-kubernetes-list-type is {lt}"),
            ));
        }
        if lt == "map" {
            for k in keys {
                let Some(ks) = is.properties.get(k) else {
                    continue;
                };
                let kp = key(&child(&child(p, "items"), "properties"), k);
                if !is.required.contains(k) && ks.default.is_none() {
                    errs.push(required(&child(&kp, "default"), "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property"));
                }
                if ks.nullable {
                    errs.push(forbidden(
                        &child(&kp, "nullable"),
                        "this property is in x-kubernetes-list-map-keys, so it cannot be nullable",
                    ));
                }
            }
        }
    }
}

/// The shape of CEL rules (`x-kubernetes-validations`); they are compiled
/// once the whole schema is checked ([`cel_rules`]).
fn rules(s: &JsonSchemaProps, p: &str, errs: &mut Errs) {
    for (i, rule) in s.x_kubernetes_validations.iter().flatten().enumerate() {
        let rp = format!("{p}.x-kubernetes-validations[{i}]");
        let text = |f: &str| {
            rule.get(f)
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string()
        };
        let (r, m) = (text("rule"), text("message"));
        if r.trim().is_empty() {
            errs.push(required(&child(&rp, "rule"), "rule is not specified"));
        } else if !m.is_empty() && m.trim().is_empty() {
            errs.push(invalid(
                &child(&rp, "message"),
                BadValue::str(m.as_str()),
                "message must be non-empty if specified",
            ));
        } else if m.trim().contains(['\n', '\r']) {
            errs.push(invalid(
                &child(&rp, "message"),
                BadValue::str(m.as_str()),
                "message must not contain line breaks",
            ));
        } else if r.trim().contains(['\n', '\r']) && m.trim().is_empty() {
            errs.push(required(
                &child(&rp, "message"),
                "message must be specified if rule contains line breaks",
            ));
        }
        let expr = text("messageExpression");
        if !expr.is_empty() && expr.trim().is_empty() {
            errs.push(required(
                &child(&rp, "messageExpression"),
                "messageExpression must be non-empty if specified",
            ));
        }
        const REASONS: [&str; 4] = [
            "FieldValueDuplicate",
            "FieldValueForbidden",
            "FieldValueInvalid",
            "FieldValueRequired",
        ];
        if let Some(reason) = rule
            .get("reason")
            .and_then(|v| v.as_str())
            .filter(|r| !REASONS.contains(r))
        {
            errs.push(FieldError::not_supported(
                &Path::new(&child(&rp, "reason")),
                BadValue::str(reason),
                &REASONS,
            ));
        }
        let fp = text("fieldPath");
        if !fp.is_empty() {
            let fpp = child(&rp, "fieldPath");
            if fp.trim().is_empty() {
                errs.push(invalid(&fpp, BadValue::str(fp.as_str()), "fieldPath must be non-empty if specified"));
            }
            if fp.contains(['\n', '\r']) {
                errs.push(invalid(&fpp, BadValue::str(fp.as_str()), "fieldPath must not contain line breaks"));
            }
            if !crate::crd_schema::cel::valid_field_path(s, &fp) {
                errs.push(invalid(&fpp, BadValue::str(fp.as_str()), "fieldPath must be a valid path"));
            }
        }
    }
}

/// `ValidateDefaults`: each `default` is already pruned and validates
/// against its own schema. A resource's root (and each embedded resource)
/// keeps its `apiVersion`, `kind` and `metadata`; defaults inside those are
/// not checked here.
fn defaults(s: &JsonSchemaProps, p: &str, embedded: bool, inside_meta: bool, errs: &mut Errs) {
    let embedded = embedded || s.x_kubernetes_embedded_resource;
    let inside_meta = inside_meta && !s.x_kubernetes_embedded_resource;
    if let Some(d) = s.default.as_ref().filter(|_| !inside_meta) {
        let mut pruned = d.clone();
        crate::crd_schema::prune_with(Some(s), &mut pruned, embedded);
        let dp = child(p, "default");
        if &pruned != d {
            errs.push(invalid(
                &dp,
                crate::crd_schema::go_value(d),
                "must not have unknown fields",
            ));
        } else {
            let found = crate::crd_schema::validate_under(s, d, &dp);
            if found.is_empty() {
                errs.extend(crate::crd_schema::cel::validate_default(s, d, &dp));
            }
            errs.extend(found);
        }
    }
    if let Some(items) = s.item_schema() {
        defaults(items, &child(p, "items"), false, inside_meta, errs);
    }
    for (k, prop) in &s.properties {
        let meta = embedded && META_FIELDS.contains(&k.as_str());
        defaults(
            prop,
            &key(&child(p, "properties"), k),
            false,
            inside_meta || meta,
            errs,
        );
    }
}
