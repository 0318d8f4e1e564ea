//! Custom resources: what the API server does with an object of a kind a
//! CustomResourceDefinition serves, as apiextensions-apiserver's
//! `customResourceStrategy` does: the version must be served; unknown
//! fields are pruned (each one a warning for the client), the schema's
//! defaults applied, the schema checked; with the status subresource on,
//! a write of the main resource keeps the stored status.

use crate::error::{ApiError, Result};
use crate::store::Store;
use kubeplay_model::api::{CustomObject, CustomResourceDefinition, CustomResourceDefinitionVersion, JsonSchemaProps};
use kubeplay_model::custom_kind::{self, Identity, Served};
use kubeplay_model::{Kind, Object};

/// The CRD that defines `kind`, while it still defines it (a CRD deleted
/// and made again with another kind name or scope defines another kind).
pub fn crd_for(store: &Store, kind: Kind) -> Option<&CustomResourceDefinition> {
    let info = kind.info();
    let obj = store.get_by(Kind::CustomResourceDefinition, "", &format!("{}.{}", info.plural, info.group))?;
    let Object::CustomResourceDefinition(crd) = &**obj else { return None };
    (crd.spec.names.kind == info.kind && (crd.spec.scope == "Namespaced") == info.namespaced).then_some(&**crd)
}

/// The kind a CRD defines, numbered in the process's registry.
pub fn kind_of(crd: &CustomResourceDefinition) -> Option<Kind> {
    let storage = crd.spec.versions.iter().find(|v| v.storage).or(crd.spec.versions.first())?;
    custom_kind::register(&identity(crd), &storage.name).ok()
}

fn identity(crd: &CustomResourceDefinition) -> Identity {
    Identity { group: crd.spec.group.clone(), plural: crd.spec.names.plural.clone(), kind: crd.spec.names.kind.clone(), namespaced: crd.spec.scope == "Namespaced" }
}

/// Whether the CRD's Established condition is True: only then are its
/// objects served.
pub fn established(crd: &CustomResourceDefinition) -> bool {
    crd.status.conditions.iter().any(|c| c.type_ == "Established" && c.is_true())
}

/// The cluster's discovery of custom kinds: every established CRD not
/// being deleted, with its accepted names and served versions (preferred
/// first).
pub fn served(store: &Store) -> Vec<Served> {
    let mut out = Vec::new();
    for obj in store.list(Kind::CustomResourceDefinition, None) {
        let Object::CustomResourceDefinition(crd) = &**obj else { continue };
        if !established(crd) {
            continue;
        }
        let Some(kind) = kind_of(crd) else { continue };
        let names = &crd.status.accepted_names;
        let mut versions: Vec<String> = crd.spec.versions.iter().filter(|v| v.served).map(|v| v.name.clone()).collect();
        versions.sort_by(|a, b| custom_kind::compare_versions(a, b));
        if versions.is_empty() {
            continue;
        }
        let preferred = crd.spec.versions.iter().find(|v| v.name == versions[0]);
        let printer_columns = versions.iter().map(|n| crd.spec.versions.iter().find(|v| v.name == *n).map(|v| v.additional_printer_columns.clone()).unwrap_or_default()).collect();
        out.push(Served {
            kind,
            group: crd.spec.group.clone(),
            plural: crd.spec.names.plural.clone(),
            singular: if names.singular.is_empty() { crd.spec.names.kind.to_ascii_lowercase() } else { names.singular.clone() },
            short_names: names.short_names.clone(),
            categories: names.categories.clone(),
            namespaced: kind.namespaced(),
            versions,
            storage_version: crd.spec.versions.iter().find(|v| v.storage).map(|v| v.name.clone()).unwrap_or_default(),
            printer_columns,
            status_subresource: preferred.is_some_and(status_subresource),
            scale: preferred.and_then(|v| v.subresources.as_ref()).and_then(|s| s.scale.clone()),
        });
    }
    out
}

/// The finalizer a CRD's delete adds: the CRD stays until its objects
/// are gone.
pub const CLEANUP_FINALIZER: &str = "customresourcecleanup.apiextensions.k8s.io";

/// What the CRD registry's delete does before the store's: the cleanup
/// finalizer and a Terminating condition.
pub fn mark_for_deletion(crd: &mut CustomResourceDefinition, now: kubeplay_model::Time) {
    if !crd.metadata.finalizers.iter().any(|f| f == CLEANUP_FINALIZER) {
        crd.metadata.finalizers.push(CLEANUP_FINALIZER.into());
    }
    set_condition(crd, "Terminating", "True", "InstanceDeletionPending", "CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon", now);
}

/// Sets a CRD condition (`SetCRDCondition`): the transition time moves only
/// when the status does; a new condition goes last.
pub fn set_condition(crd: &mut CustomResourceDefinition, type_: &str, status: &str, reason: &str, message: &str, now: kubeplay_model::Time) {
    let c = kubeplay_model::Condition { type_: type_.into(), status: status.into(), last_transition_time: Some(now), reason: Some(reason.into()), message: Some(message.into()), ..Default::default() };
    kubeplay_model::meta::set_condition(&mut crd.status.conditions, c);
}

/// The CRD version an object is written in, if served.
fn version<'a>(crd: &'a CustomResourceDefinition, obj: &CustomObject) -> Option<&'a CustomResourceDefinitionVersion> {
    let (_, v) = obj.api_version.rsplit_once('/')?;
    crd.spec.versions.iter().find(|x| x.name == v && x.served)
}

/// The version the CRD stores its objects in.
pub fn storage_version(crd: &CustomResourceDefinition) -> Option<&str> {
    crd.spec.versions.iter().find(|v| v.storage).map(|v| v.name.as_str())
}

/// The `None` conversion strategy (`nopConverter` behind the delegating
/// converter): only `apiVersion` changes, and both ends must be versions
/// the CRD lists (served or not).
pub fn convert(crd: &CustomResourceDefinition, obj: &mut CustomObject, to: &str) -> std::result::Result<(), String> {
    let listed = |v: &str| crd.spec.versions.iter().any(|x| x.name == v);
    let group = &crd.spec.group;
    if !listed(to) {
        return Err(format!("request to convert CR to an invalid group/version: {group}/{to}"));
    }
    let from = obj.api_version.rsplit_once('/').filter(|(g, _)| g == group).map(|(_, v)| v);
    if !from.is_some_and(listed) {
        return Err(format!("request to convert CR from an invalid group/version: {}", obj.api_version));
    }
    obj.api_version = format!("{group}/{to}");
    Ok(())
}

/// A stored object as a request in `version` gets it: a custom resource
/// converted (a clone only when its version differs), anything else as is.
pub fn in_version(store: &Store, obj: &std::sync::Arc<Object>, version: &str) -> std::sync::Arc<Object> {
    let Object::Custom(c) = &**obj else { return obj.clone() };
    if c.api_version.rsplit_once('/').is_some_and(|(_, v)| v == version) {
        return obj.clone();
    }
    let Some(crd) = crd_for(store, c.kind) else { return obj.clone() };
    let mut converted = (**c).clone();
    match convert(crd, &mut converted, version) {
        Ok(()) => std::sync::Arc::new(Object::Custom(Box::new(converted))),
        Err(_) => obj.clone(),
    }
}

/// The warning every request through a deprecated version draws: the
/// CRD's own, or one naming the best served, not deprecated, newer version.
pub fn deprecation_warning(crd: &CustomResourceDefinition, version: &str) -> Option<String> {
    let v = crd.spec.versions.iter().find(|v| v.name == version && v.deprecated)?;
    if let Some(w) = &v.deprecation_warning {
        return Some(w.clone());
    }
    let (group, kind) = (&crd.spec.group, &crd.spec.names.kind);
    let newer = crd
        .spec
        .versions
        .iter()
        .filter(|v| v.served && !v.deprecated && custom_kind::compare_versions(&v.name, version).is_lt())
        .min_by(|a, b| custom_kind::compare_versions(&a.name, &b.name));
    Some(match newer {
        Some(n) => format!("{group}/{version} {kind} is deprecated; use {group}/{} {kind}", n.name),
        None => format!("{group}/{version} {kind} is deprecated"),
    })
}

/// A `.spec.replicas`-style path as a JSON pointer.
pub fn pointer(path: &str) -> String {
    path.split('.').filter(|s| !s.is_empty()).fold(String::new(), |acc, s| format!("{acc}/{s}"))
}

fn status_subresource(v: &CustomResourceDefinitionVersion) -> bool {
    v.subresources.as_ref().is_some_and(|s| s.status.is_some())
}

/// Prepares a custom resource for a create (`old` None) or an update of
/// the main resource, checks it against the schema of the version it was
/// written in, and converts it to the storage version. Returns the
/// client's warnings: the version's deprecation, then each pruned field.
pub fn admit(store: &Store, obj: &mut Object, old: Option<&Object>) -> Result<Vec<String>> {
    let Object::Custom(c) = obj else { return Ok(Vec::new()) };
    let kind = c.kind;
    let not_found = || ApiError::NotFound { resource: kind.info().group_resource(), name: c.metadata.name.clone() };
    let Some(crd) = crd_for(store, kind).filter(|crd| established(crd)) else {
        return Err(not_found());
    };
    let Some(v) = version(crd, c) else {
        return Err(not_found());
    };
    let mut warnings: Vec<String> = deprecation_warning(crd, &v.name).into_iter().collect();
    let status_on = status_subresource(v);
    match old {
        // Status is the status subresource's to write.
        None if status_on => {
            c.content.remove("status");
        }
        Some(Object::Custom(o)) if status_on => match o.content.get("status") {
            Some(s) => {
                c.content.insert("status".into(), s.clone());
            }
            None => {
                c.content.remove("status");
            }
        },
        _ => {}
    }
    let schema = v.schema.as_ref().and_then(|s| s.open_api_v3_schema.as_deref());
    if let Some(schema) = schema {
        let mut value = c.to_value();
        if !crd.spec.preserve_unknown_fields {
            let pruned = schema_engine::prune(schema, &mut value);
            warnings.extend(pruned.into_iter().map(|p| format!("unknown field {}", kubeplay_model::goquote::quote(&p))));
        }
        schema_engine::apply_defaults(schema, &mut value);
        c.set_content_from(value.clone());
        let old_value = match old {
            Some(Object::Custom(o)) => Some(o.to_value()),
            _ => None,
        };
        let (errs, ratcheted) = schema_engine::validate(schema, &value, old_value.as_ref());
        warnings.extend(ratcheted);
        if !errs.is_empty() {
            return Err(ApiError::invalid(kind, &c.metadata.name, errs));
        }
    }
    if let Some(storage) = storage_version(crd) {
        // Both ends are the CRD's versions, so this cannot fail.
        let _ = convert(crd, c, storage);
    }
    Ok(warnings)
}

/// The fields a create of `obj` would have pruned, as the decoder's
/// strict field validation names them (`spec.color`): kubectl's
/// `--validate` decides whether they are an error, a warning or nothing.
/// Empty for built-in kinds and for kinds with nothing to prune.
pub fn unknown_fields(store: &Store, obj: &Object) -> Vec<String> {
    let Object::Custom(c) = obj else { return Vec::new() };
    let Some(crd) = crd_for(store, c.kind).filter(|crd| established(crd) && !crd.spec.preserve_unknown_fields) else {
        return Vec::new();
    };
    let schema = version(crd, c).and_then(|v| v.schema.as_ref()).and_then(|s| s.open_api_v3_schema.as_deref());
    match schema {
        Some(schema) => schema_engine::prune(schema, &mut c.to_value()),
        None => Vec::new(),
    }
}

/// The schema engine's three passes, in the API server's order, with
/// the errors in its words.
mod schema_engine {
    use super::JsonSchemaProps;
    use serde_json::Value;

    pub fn prune(schema: &JsonSchemaProps, obj: &mut Value) -> Vec<String> {
        kubeplay_model::crd_schema::prune(schema, obj)
    }

    pub fn apply_defaults(schema: &JsonSchemaProps, obj: &mut Value) {
        kubeplay_model::crd_schema::apply_defaults(schema, obj)
    }

    /// The OpenAPI validation, then the CEL rules (transition rules and
    /// ratcheting against `old`, the stored object, on an update): the
    /// errors, and the warnings of failures that ratchet.
    pub fn validate(schema: &JsonSchemaProps, obj: &Value, old: Option<&Value>) -> (Vec<String>, Vec<String>) {
        let out = kubeplay_model::crd_schema::validate_with_rules(schema, obj, old);
        (out.errors.iter().map(|e| e.to_string()).collect(), out.warnings)
    }
}

#[cfg(test)]
#[path = "custom_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
#[path = "custom_unknown_tests.rs"]
mod unknown_tests;
