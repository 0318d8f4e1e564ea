//! CustomResourceDefinition validation (apiextensions-apiserver's
//! `ValidateCustomResourceDefinition` and `…Update`).
//!
//! Upstream validates the internal version, into which the v1 object
//! converts: when every version carries the same schema (so always with
//! one version), the same subresources or the same printer columns, they
//! move to the top of the spec, and errors name them there
//! (`spec.validation.openAPIV3Schema…`, `spec.subresources…`,
//! `spec.additionalPrinterColumns[0]…`). [`Internal`] is that view.

mod schema;

use super::common::{immutable, Errs};
use super::field::{go_quote, BadValue, FieldError, Path, GO_POINTER};
use super::meta;
use crate::api::{CustomResourceColumnDefinition, CustomResourceDefinition, CustomResourceDefinitionNames, CustomResourceDefinitionVersion, CustomResourceSubresources, CustomResourceValidation};
use crate::names::{self, NameRule};
use serde_json::Value;

/// The annotation a CRD in a `k8s.io` or `kubernetes.io` group must carry.
const API_APPROVED: &str = "api-approved.kubernetes.io";

/// Which of upstream's `validationOptions` apply: all on a create; an
/// update keeps what the stored object already got away with.
#[derive(Clone, Copy, Default)]
pub(super) struct Opts {
    pub(super) allow_defaults: bool,
    pub(super) require_open_api_schema: bool,
    pub(super) require_valid_property_type: bool,
    pub(super) require_structural: bool,
    pub(super) require_atomic_set_type: bool,
    pub(super) require_map_list_keys: bool,
    pub(super) require_immutable_names: bool,
    pub(super) require_recognized_review_version: bool,
}

impl Opts {
    /// Everything a new object must meet.
    fn create() -> Opts {
        Opts {
            allow_defaults: true,
            require_open_api_schema: true,
            require_valid_property_type: true,
            require_structural: true,
            require_atomic_set_type: true,
            require_map_list_keys: true,
            require_immutable_names: false,
            require_recognized_review_version: true,
        }
    }
}

/// The internal version's spec: what was lifted to the top, and the
/// per-version fields left behind.
struct Internal<'a> {
    crd: &'a CustomResourceDefinition,
    validation: Option<&'a CustomResourceValidation>,
    subresources: Option<&'a CustomResourceSubresources>,
    columns: &'a [CustomResourceColumnDefinition],
    schema_lifted: bool,
    subresources_lifted: bool,
    columns_lifted: bool,
}

impl<'a> Internal<'a> {
    fn new(crd: &'a CustomResourceDefinition) -> Internal<'a> {
        let versions = &crd.spec.versions;
        let first = versions.first();
        let same = |f: &dyn Fn(&CustomResourceDefinitionVersion) -> bool| !versions.is_empty() && versions.iter().all(f);
        let schema_lifted = same(&|v| Some(&v.schema) == first.map(|f| &f.schema));
        let subresources_lifted = same(&|v| Some(&v.subresources) == first.map(|f| &f.subresources));
        let columns_lifted = same(&|v| Some(&v.additional_printer_columns) == first.map(|f| &f.additional_printer_columns));
        Internal {
            crd,
            validation: first.filter(|_| schema_lifted).and_then(|f| f.schema.as_ref()),
            subresources: first.filter(|_| subresources_lifted).and_then(|f| f.subresources.as_ref()),
            columns: first.filter(|_| columns_lifted).map(|f| f.additional_printer_columns.as_slice()).unwrap_or_default(),
            schema_lifted,
            subresources_lifted,
            columns_lifted,
        }
    }
    fn schema_of(&self, v: &'a CustomResourceDefinitionVersion) -> Option<&'a CustomResourceValidation> {
        v.schema.as_ref().filter(|_| !self.schema_lifted)
    }
    fn subresources_of(&self, v: &'a CustomResourceDefinitionVersion) -> Option<&'a CustomResourceSubresources> {
        v.subresources.as_ref().filter(|_| !self.subresources_lifted)
    }
    fn columns_of(&self, v: &'a CustomResourceDefinitionVersion) -> &'a [CustomResourceColumnDefinition] {
        if self.columns_lifted {
            &[]
        } else {
            &v.additional_printer_columns
        }
    }
    /// The top-level schema, else every version's (upstream's `HasSchemaWith`).
    fn schemas(&self) -> impl Iterator<Item = &'a crate::api::JsonSchemaProps> + '_ {
        let top = self.validation.and_then(|v| v.open_api_v3_schema.as_deref());
        top.into_iter().chain(self.crd.spec.versions.iter().filter_map(|v| self.schema_of(v)).filter_map(|v| v.open_api_v3_schema.as_deref()))
    }
    /// `%#v` of the internal `[]CustomResourceDefinitionVersion`.
    fn go_versions(&self) -> BadValue {
        let items: Vec<String> = self.crd.spec.versions.iter().map(|v| self.go_version(v)).collect();
        BadValue::GoSyntax(format!("[]apiextensions.CustomResourceDefinitionVersion{{{}}}", items.join(", ")))
    }
    fn go_version(&self, v: &CustomResourceDefinitionVersion) -> String {
        let ptr = |set: bool, ty: &str| if set { format!("(*{ty})({GO_POINTER})") } else { format!("(*{ty})(nil)") };
        let columns = self.columns_of(v);
        let columns = if columns.is_empty() {
            "[]apiextensions.CustomResourceColumnDefinition(nil)".to_string()
        } else {
            let items: Vec<String> = columns
                .iter()
                .map(|c| {
                    format!(
                        "apiextensions.CustomResourceColumnDefinition{{Name:{}, Type:{}, Format:{}, Description:{}, Priority:{}, JSONPath:{}}}",
                        go_quote(&c.name),
                        go_quote(&c.type_),
                        go_quote(&c.format),
                        go_quote(&c.description),
                        c.priority,
                        go_quote(&c.json_path)
                    )
                })
                .collect();
            format!("[]apiextensions.CustomResourceColumnDefinition{{{}}}", items.join(", "))
        };
        let selectable = if v.selectable_fields.is_empty() {
            "[]apiextensions.SelectableField(nil)".to_string()
        } else {
            let items: Vec<String> = v.selectable_fields.iter().map(|f| format!("apiextensions.SelectableField{{JSONPath:{}}}", go_quote(&f.json_path))).collect();
            format!("[]apiextensions.SelectableField{{{}}}", items.join(", "))
        };
        format!(
            "apiextensions.CustomResourceDefinitionVersion{{Name:{}, Served:{}, Storage:{}, Deprecated:{}, DeprecationWarning:{}, Schema:{}, Subresources:{}, AdditionalPrinterColumns:{columns}, SelectableFields:{selectable}}}",
            go_quote(&v.name),
            v.served,
            v.storage,
            v.deprecated,
            ptr(v.deprecation_warning.is_some(), "string"),
            ptr(self.schema_of(v).is_some(), "apiextensions.CustomResourceValidation"),
            ptr(self.subresources_of(v).is_some(), "apiextensions.CustomResourceSubresources"),
        )
    }
}

pub fn crd(o: &CustomResourceDefinition) -> Vec<FieldError> {
    let opts = Opts::create();
    let mut errs = meta::object_meta(&o.metadata, false, NameRule::DnsSubdomain);
    name_matches(o, &mut errs);
    let internal = Internal::new(o);
    errs.extend(spec(&internal, opts));
    errs.extend(status(o));
    errs.extend(stored_versions(o));
    errs.extend(api_approval(o, None));
    errs.extend(preserve_unknown_fields(o, None));
    errs
}

pub fn crd_update(n: &CustomResourceDefinition, o: &CustomResourceDefinition) -> Vec<FieldError> {
    let old = Internal::new(o);
    let opts = Opts {
        allow_defaults: true,
        require_structural: !old.schemas().any(schema::is_non_structural),
        require_atomic_set_type: !old.schemas().any(schema::has_non_atomic_set),
        require_open_api_schema: old.validation.is_some_and(|v| v.open_api_v3_schema.is_some())
            || o.spec.versions.iter().all(|v| v.schema.as_ref().is_some_and(|s| s.open_api_v3_schema.is_some())),
        require_valid_property_type: !old.schemas().any(schema::has_invalid_types),
        require_map_list_keys: !old.schemas().any(schema::has_invalid_map_list_keys),
        require_immutable_names: o.status.conditions.iter().any(|c| &*c.type_ == "Established" && &*c.status == "True"),
        // Versions the stored object already lists without a known one stay allowed.
        require_recognized_review_version: {
            let old_versions = review_versions(o.spec.conversion.as_ref().and_then(|c| c.webhook.as_ref()));
            old_versions.is_empty() || old_versions.iter().any(|v| v == "v1" || v == "v1beta1")
        },
    };
    let mut errs = meta::object_meta_update(&n.metadata, &o.metadata);
    let internal = Internal::new(n);
    errs.extend(spec(&internal, opts));
    let (path, s, old_s) = (Path::new("spec"), &n.spec, &o.spec);
    if opts.require_immutable_names {
        if s.scope != old_s.scope {
            errs.push(immutable(BadValue::str(s.scope.as_str()), &path.child("scope")));
        }
        if s.names.kind != old_s.names.kind {
            errs.push(immutable(BadValue::str(s.names.kind.as_str()), &path.child("names").child("kind")));
        }
    }
    if s.group != old_s.group {
        errs.push(immutable(BadValue::str(s.group.as_str()), &path.child("group")));
    }
    if s.names.plural != old_s.names.plural {
        errs.push(immutable(BadValue::str(s.names.plural.as_str()), &path.child("names").child("plural")));
    }
    errs.extend(status(n));
    errs.extend(stored_versions(n));
    errs.extend(api_approval(n, Some(o)));
    errs.extend(preserve_unknown_fields(n, Some(o)));
    errs
}

/// The name check upstream adds to the DNS-subdomain one: the name is
/// `<plural>.<group>` (for a generateName too, which can never match).
fn name_matches(o: &CustomResourceDefinition, errs: &mut Errs) {
    let required = format!("{}.{}", o.spec.names.plural, o.spec.group);
    let msg = r#"must be spec.names.plural+"."+spec.group"#;
    let path = Path::new("metadata");
    let mut add = |field: &str, value: &str| {
        let p = path.child(field);
        let p = p.as_string();
        // Right after the field's own syntax errors, where upstream's name
        // function reports it.
        let at = errs.iter().rposition(|e| e.field == p).map_or_else(|| errs.iter().take_while(|e| e.field.starts_with("metadata.generateName") || e.field == p).count(), |i| i + 1);
        errs.insert(at, FieldError::invalid(&Path::new(&p), BadValue::str(value), msg));
    };
    if let Some(gen) = o.metadata.generate_name.as_deref().filter(|g| !g.is_empty()) {
        add("generateName", gen);
    }
    if !o.metadata.name.is_empty() && o.metadata.name != required {
        add("name", &o.metadata.name);
    }
}

/// Upstream joins a checker's messages with commas into one error.
fn joined(msgs: Vec<String>) -> Option<String> {
    (!msgs.is_empty()).then(|| msgs.join(","))
}

fn dns1035(value: &str) -> Option<String> {
    joined(names::is_dns1035_label(value))
}

fn spec(int: &Internal, mut opts: Opts) -> Errs {
    let s = &int.crd.spec;
    // Pruning, defaults and the Kubernetes extensions all need a structural schema.
    if !s.preserve_unknown_fields || int.schemas().any(schema::has_defaults) || int.schemas().any(schema::has_kubernetes_extensions) {
        opts.require_structural = true;
    }
    let path = Path::new("spec");
    let mut errs = Vec::new();
    let group = path.child("group");
    if s.group.is_empty() {
        errs.push(FieldError::required(&group, ""));
    } else if let Some(e) = joined(names::is_dns1123_subdomain(&s.group)) {
        errs.push(FieldError::invalid(&group, BadValue::str(s.group.as_str()), e));
    } else if !s.group.contains('.') {
        errs.push(FieldError::invalid(&group, BadValue::str(s.group.as_str()), "should be a domain with at least one dot"));
    }
    let scope = path.child("scope");
    match s.scope.as_str() {
        "" => errs.push(FieldError::required(&scope, "")),
        "Cluster" | "Namespaced" => {}
        other => errs.push(FieldError::not_supported(&scope, BadValue::str(other), &["Cluster", "Namespaced"])),
    }
    let versions = path.child("versions");
    let has_top_schema = int.validation.is_some_and(|v| v.open_api_v3_schema.is_some());
    if !has_top_schema {
        for (i, v) in s.versions.iter().enumerate() {
            let missing = int.schema_of(v).is_none_or(|v| v.open_api_v3_schema.is_none());
            let p = versions.index(i);
            let p = p.child("schema");
            let p = p.child("openAPIV3Schema");
            if opts.require_open_api_schema && missing {
                errs.push(FieldError::required(&p, "schemas are required"));
            } else if !opts.require_open_api_schema && !s.preserve_unknown_fields && v.served && missing {
                errs.push(FieldError::required(&p, "because otherwise all fields are pruned"));
            }
        }
    }
    if s.preserve_unknown_fields && int.schemas().any(schema::has_defaults) {
        errs.push(FieldError::invalid(&path.child("preserveUnknownFields"), BadValue::bool(true), "must be false in order to use defaults in the schema"));
    }
    let mut storage = 0;
    let mut unique = true;
    for (i, v) in s.versions.iter().enumerate() {
        storage += usize::from(v.storage);
        unique &= !s.versions[..i].iter().any(|w| w.name == v.name);
        let p = versions.index(i);
        if let Some(e) = dns1035(&v.name) {
            errs.push(FieldError::invalid(&p.child("name"), BadValue::str(v.name.as_str()), e));
        }
        let status_enabled = if int.subresources_lifted { int.subresources } else { v.subresources.as_ref() }.is_some_and(|r| r.status.is_some());
        errs.extend(version(int, v, &p, status_enabled, opts));
    }
    if !unique {
        errs.push(FieldError::invalid(&versions, int.go_versions(), "must contain unique version names"));
    }
    if storage != 1 {
        errs.push(FieldError::invalid(&versions, int.go_versions(), "must have exactly one version marked as storage version"));
    }
    // The internal `spec.version`, copied from the first version.
    if let Some(e) = s.versions.first().filter(|v| !v.name.is_empty()).and_then(|v| dns1035(&v.name).map(|e| (v, e))) {
        errs.push(FieldError::invalid(&path.child("version"), BadValue::str(e.0.name.as_str()), e.1));
    }
    let names = path.child("names");
    for (value, field) in [(&s.names.plural, "plural"), (&s.names.singular, "singular"), (&s.names.kind, "kind"), (&s.names.list_kind, "listKind")] {
        if value.is_empty() {
            errs.push(FieldError::required(&names.child(field), ""));
        }
    }
    errs.extend(crd_names(&s.names, &names));
    let any_status = int.subresources.is_some_and(|r| r.status.is_some()) || s.versions.iter().any(|v| int.subresources_of(v).is_some_and(|r| r.status.is_some()));
    errs.extend(schema::validation(int.validation, any_status, opts, &path.child("validation")));
    errs.extend(subresources(int.subresources, &path.child("subresources")));
    let columns = path.child("additionalPrinterColumns");
    for (i, c) in int.columns.iter().enumerate() {
        errs.extend(column(c, &columns.index(i)));
    }
    let conversion = path.child("conversion");
    if let Some(c) = &s.conversion {
        if c.strategy != "None" && s.preserve_unknown_fields {
            errs.push(FieldError::invalid(&conversion.child("strategy"), BadValue::str(c.strategy.as_str()), "must be None if spec.preserveUnknownFields is true"));
        }
        errs.extend(conversion_rules(&c.strategy, c.webhook.as_ref(), opts.require_recognized_review_version, &conversion));
    }
    errs
}

fn version(int: &Internal, v: &CustomResourceDefinitionVersion, path: &Path, status_enabled: bool, opts: Opts) -> Errs {
    let mut errs = Vec::new();
    let warning = path.child("deprecationWarning");
    for msg in deprecation_warning(v.deprecated, v.deprecation_warning.as_deref()) {
        // A pointer is printed as what it points to.
        errs.push(FieldError::invalid(&warning, BadValue::str(v.deprecation_warning.as_deref().unwrap_or_default()), msg));
    }
    errs.extend(schema::validation(int.schema_of(v), status_enabled, opts, &path.child("schema")));
    errs.extend(subresources(int.subresources_of(v), &path.child("subresources")));
    let columns = path.child("additionalPrinterColumns");
    for (i, c) in int.columns_of(v).iter().enumerate() {
        errs.extend(column(c, &columns.index(i)));
    }
    errs
}

pub(super) fn deprecation_warning(deprecated: bool, warning: Option<&str>) -> Vec<String> {
    let Some(w) = warning else { return Vec::new() };
    if !deprecated {
        return vec!["can only be set for deprecated versions".into()];
    }
    let mut errs = Vec::new();
    if w.len() > 256 {
        errs.push("must be <= 256 characters long".into());
    }
    if w.is_empty() {
        errs.push("must not be an empty string".into());
    }
    // Go's `unicode.IsPrint`, near enough: no controls, and of the spaces
    // only the ASCII one.
    if let Some((i, _)) = w.char_indices().find(|&(_, c)| c.is_control() || (c.is_whitespace() && c != ' ') || ('\u{200b}'..='\u{200f}').contains(&c)) {
        errs.push(format!("must only contain printable UTF-8 characters; non-printable character found at index {i}"));
    }
    errs
}

fn status(o: &CustomResourceDefinition) -> Errs {
    crd_names(&o.status.accepted_names, &Path::new("status").child("acceptedNames"))
}

/// `ValidateCustomResourceDefinitionNames`.
fn crd_names(n: &CustomResourceDefinitionNames, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let mixed = |e: String| format!("may have mixed case, but should otherwise match: {e}");
    if let Some(e) = dns1035(&n.plural).filter(|_| !n.plural.is_empty()) {
        errs.push(FieldError::invalid(&path.child("plural"), BadValue::str(n.plural.as_str()), e));
    }
    if let Some(e) = dns1035(&n.singular).filter(|_| !n.singular.is_empty()) {
        errs.push(FieldError::invalid(&path.child("singular"), BadValue::str(n.singular.as_str()), e));
    }
    if let Some(e) = dns1035(&n.kind.to_lowercase()).filter(|_| !n.kind.is_empty()) {
        errs.push(FieldError::invalid(&path.child("kind"), BadValue::str(n.kind.as_str()), mixed(e)));
    }
    if let Some(e) = dns1035(&n.list_kind.to_lowercase()).filter(|_| !n.list_kind.is_empty()) {
        errs.push(FieldError::invalid(&path.child("listKind"), BadValue::str(n.list_kind.as_str()), mixed(e)));
    }
    let short = path.child("shortNames");
    for (i, s) in n.short_names.iter().enumerate() {
        if let Some(e) = dns1035(s) {
            errs.push(FieldError::invalid(&short.index(i), BadValue::str(s.as_str()), e));
        }
    }
    if !n.kind.is_empty() && n.kind == n.list_kind {
        errs.push(FieldError::invalid(&path.child("listKind"), BadValue::str(n.list_kind.as_str()), "kind and listKind may not be the same"));
    }
    let categories = path.child("categories");
    for (i, c) in n.categories.iter().enumerate() {
        if let Some(e) = dns1035(c) {
            errs.push(FieldError::invalid(&categories.index(i), BadValue::str(c.as_str()), e));
        }
    }
    errs
}

/// `ValidateCustomResourceColumnDefinition`.
fn column(c: &CustomResourceColumnDefinition, path: &Path) -> Errs {
    const TYPES: [&str; 5] = ["boolean", "date", "integer", "number", "string"];
    const FORMATS: [&str; 8] = ["byte", "date", "date-time", "double", "float", "int32", "int64", "password"];
    let mut errs = Vec::new();
    if c.name.is_empty() {
        errs.push(FieldError::required(&path.child("name"), ""));
    }
    let types_msg = format!("must be one of {}", TYPES.join(","));
    if c.type_.is_empty() {
        errs.push(FieldError::required(&path.child("type"), types_msg));
    } else if !TYPES.contains(&c.type_.as_str()) {
        errs.push(FieldError::invalid(&path.child("type"), BadValue::str(c.type_.as_str()), types_msg));
    }
    if !c.format.is_empty() && !FORMATS.contains(&c.format.as_str()) {
        errs.push(FieldError::invalid(&path.child("format"), BadValue::str(c.format.as_str()), format!("must be one of {}", FORMATS.join(","))));
    }
    let json_path = path.child("JSONPath");
    if c.json_path.is_empty() {
        errs.push(FieldError::required(&json_path, ""));
    } else {
        errs.extend(simple_json_path(&c.json_path, &json_path));
    }
    errs
}

/// `validateSimpleJSONPath`: a path in dot notation starting with `.`.
fn simple_json_path(s: &str, path: &Path) -> Errs {
    if s.is_empty() {
        vec![FieldError::invalid(path, BadValue::str(s), "must not be empty")]
    } else if !s.starts_with('.') {
        vec![FieldError::invalid(path, BadValue::str(s), "must be a simple json path starting with .")]
    } else {
        Vec::new()
    }
}

/// `ValidateCustomResourceDefinitionSubresources`: the scale paths.
fn subresources(r: Option<&CustomResourceSubresources>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let Some(scale) = r.and_then(|r| r.scale.as_ref()) else { return errs };
    for (value, field, prefix, msg) in [
        (&scale.spec_replicas_path, "scale.specReplicasPath", ".spec.", "should be a json path under .spec"),
        (&scale.status_replicas_path, "scale.statusReplicasPath", ".status.", "should be a json path under .status"),
    ] {
        let p = path.child(field);
        if value.is_empty() {
            errs.push(FieldError::required(&p, ""));
        } else {
            let found = simple_json_path(value, &p);
            if !found.is_empty() {
                errs.extend(found);
            } else if !value.starts_with(prefix) {
                errs.push(FieldError::invalid(&p, BadValue::str(value.as_str()), msg));
            }
        }
    }
    if let Some(selector) = scale.label_selector_path.as_deref().filter(|s| !s.is_empty()) {
        let p = path.child("scale.labelSelectorPath");
        let found = simple_json_path(selector, &p);
        if !found.is_empty() {
            errs.extend(found);
        } else if !selector.starts_with(".spec.") && !selector.starts_with(".status.") {
            errs.push(FieldError::invalid(&p, BadValue::str(selector), "should be a json path under either .spec or .status"));
        }
    }
    errs
}

/// `validateCustomResourceConversion`, on the v1 `webhook` converted to the
/// internal `webhookClientConfig` and `conversionReviewVersions`.
/// `validateCustomResourceDefinitionValidation` alone, as upstream's
/// `TestValidateCustomResourceDefinitionValidation` calls it.
#[cfg(test)]
pub(super) fn schema_validation(s: crate::api::JsonSchemaProps, status_enabled: bool, opts: Opts) -> Errs {
    let cv = CustomResourceValidation { open_api_v3_schema: Some(Box::new(s)) };
    schema::validation(Some(&cv), status_enabled, opts, &Path::new("spec").child("validation"))
}

fn review_versions(webhook: Option<&Value>) -> Vec<String> {
    webhook.and_then(|w| w.get("conversionReviewVersions")).and_then(Value::as_array).map(|a| a.iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect()).unwrap_or_default()
}

fn conversion_rules(strategy: &str, webhook: Option<&Value>, require_recognized: bool, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let client = path.child("webhookClientConfig");
    let review = path.child("conversionReviewVersions");
    let config = webhook.and_then(|w| w.get("clientConfig")).filter(|c| !c.is_null());
    let versions = review_versions(webhook);
    match strategy {
        "" => errs.push(FieldError::required(&path.child("strategy"), "")),
        "None" | "Webhook" => {}
        other => errs.push(FieldError::not_supported(&path.child("strategy"), BadValue::str(other), &["None", "Webhook"])),
    }
    if strategy != "Webhook" {
        if config.is_some() {
            errs.push(FieldError::forbidden(&client, "should not be set when strategy is not set to Webhook"));
        }
        if !versions.is_empty() {
            errs.push(FieldError::forbidden(&review, "should not be set when strategy is not set to Webhook"));
        }
        return errs;
    }
    match config {
        None => errs.push(FieldError::required(&client, "required when strategy is set to Webhook")),
        Some(cc) => {
            let (url, service) = (cc.get("url").filter(|u| !u.is_null()), cc.get("service").filter(|s| !s.is_null()));
            if url.is_some() == service.is_some() {
                errs.push(FieldError::required(&client, "exactly one of url or service is required"));
            } else if let Some(svc) = service {
                let sp = client.child("service");
                for field in ["name", "namespace"] {
                    if svc.get(field).and_then(Value::as_str).unwrap_or_default().is_empty() {
                        errs.push(FieldError::required(&sp.child(field), format!("service {field} is required")));
                    }
                }
                if let Some(port) = svc.get("port").and_then(Value::as_i64).filter(|p| !(1..=65535).contains(p)) {
                    errs.push(FieldError::invalid(&sp.child("port"), BadValue::int(port), "port is not valid: must be between 1 and 65535, inclusive"));
                }
            }
        }
    }
    if versions.is_empty() {
        errs.push(FieldError::required(&review, ""));
    } else {
        let mut accepted = false;
        for (i, v) in versions.iter().enumerate() {
            if versions[..i].contains(v) {
                errs.push(FieldError::invalid(&review.index(i), BadValue::str(v.as_str()), "duplicate version"));
                continue;
            }
            for e in names::is_dns1035_label(v) {
                errs.push(FieldError::invalid(&review.index(i), BadValue::str(v.as_str()), e));
            }
            accepted |= v == "v1" || v == "v1beta1";
        }
        if require_recognized && !accepted {
            errs.push(FieldError::invalid(&review, BadValue::list(&versions), "must include at least one of v1, v1beta1"));
        }
    }
    errs
}

/// `ValidateCustomResourceDefinitionStoredVersions`.
fn stored_versions(o: &CustomResourceDefinition) -> Errs {
    let status = Path::new("status");
    let path = status.child("storedVersions");
    let stored = &o.status.stored_versions;
    if stored.is_empty() {
        return vec![FieldError::invalid(&path, BadValue::list(stored), "must have at least one stored version")];
    }
    let mut errs = Vec::new();
    for v in &o.spec.versions {
        if v.storage && !stored.contains(&v.name) {
            errs.push(FieldError::invalid(&path, BadValue::list(stored), format!("must have the storage version {}", v.name)));
        }
    }
    for (i, v) in stored.iter().enumerate() {
        // Upstream keeps the last index of a repeated name.
        if o.spec.versions.iter().any(|w| &w.name == v) || stored[i + 1..].contains(v) {
            continue;
        }
        errs.push(FieldError::invalid(
            &path.index(i),
            BadValue::str(v.as_str()),
            format!("missing from spec.versions; {v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in {v} and removes {v} from status.storedVersions"),
        ));
    }
    errs
}

/// `validateAPIApproval`: the groups Kubernetes itself owns need a link to
/// the approved API review (or a reason starting with "unapproved").
fn api_approval(n: &CustomResourceDefinition, old: Option<&CustomResourceDefinition>) -> Errs {
    let g = n.spec.group.as_str();
    let protected = g == "k8s.io" || g == "kubernetes.io" || g.ends_with(".k8s.io") || g.ends_with(".kubernetes.io");
    if !protected {
        return Vec::new();
    }
    let state = |o: &CustomResourceDefinition| approval_state(o.metadata.annotations.get(API_APPROVED).map(String::as_str));
    let new_state = state(n);
    if old.is_some_and(|o| state(o) == new_state) {
        return Vec::new();
    }
    let p = Path::new("metadata");
    let p = p.child("annotations");
    let p = p.key(API_APPROVED);
    match new_state {
        Approval::Approved | Approval::Bypassed => Vec::new(),
        Approval::Missing => vec![FieldError::required(&p, format!("protected groups must have approval annotation {}, see https://github.com/kubernetes/enhancements/pull/1111", go_quote(API_APPROVED)))],
        Approval::Invalid => vec![FieldError::invalid(
            &p,
            BadValue::str(n.metadata.annotations.get(API_APPROVED).map(String::as_str).unwrap_or_default()),
            format!("protected groups must have approval annotation {} with either a URL or a reason starting with \"unapproved\", see https://github.com/kubernetes/enhancements/pull/1111", go_quote(API_APPROVED)),
        )],
    }
}

#[derive(PartialEq)]
enum Approval {
    Approved,
    Bypassed,
    Missing,
    Invalid,
}

fn approval_state(value: Option<&str>) -> Approval {
    match value {
        None => Approval::Missing,
        Some(v) if v.starts_with("unapproved") => Approval::Bypassed,
        // `url.Parse` succeeds and names a scheme and host.
        Some(v) if v.split_once("://").is_some_and(|(scheme, rest)| !scheme.is_empty() && scheme.bytes().all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)) && !rest.is_empty() && !v.contains(' ')) => Approval::Approved,
        Some(_) => Approval::Invalid,
    }
}

/// `validatePreserveUnknownFields`: v1 only allows `false` (pruning),
/// unless the stored object already had `true`.
fn preserve_unknown_fields(n: &CustomResourceDefinition, old: Option<&CustomResourceDefinition>) -> Errs {
    if old.is_some_and(|o| o.spec.preserve_unknown_fields) || !n.spec.preserve_unknown_fields {
        return Vec::new();
    }
    vec![FieldError::invalid(
        &Path::new("spec").child("preserveUnknownFields"),
        BadValue::bool(true),
        "cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
    )]
}

#[cfg(test)]
mod tests;
