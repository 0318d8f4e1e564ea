//! The seccomp and AppArmor profiles of a pod and its containers
//! (`validateSeccompProfileField`, `ValidateAppArmorProfileField`), the
//! deprecated AppArmor annotations (`ValidateAppArmorPodAnnotations`), the
//! create-time check that annotation and field agree
//! (`validateAppArmorAnnotationsAndFieldsMatchOnCreate`), and the pod
//! strategy's sync of the two on create (`applyAppArmorVersionSkew`),
//! which also gives the annotation's deprecation warning.
//!
//! Security contexts are kept as opaque JSON; a field of the wrong JSON
//! type counts as unset here (the decoder's schema is what refuses it).

use super::common::Errs;
use super::field::{BadValue, FieldError, Path, GO_POINTER};
use crate::api::{Container, Pod, PodSpec};
use serde_json::Value;
use std::collections::BTreeMap;

/// The deprecated per-container AppArmor annotation's key prefix.
pub const APPARMOR_ANNOTATION_PREFIX: &str = "container.apparmor.security.beta.kubernetes.io/";
const PROFILE_TYPES: &[&str] = &["Localhost", "RuntimeDefault", "Unconfined"];
/// PATH_MAX - 1.
const MAX_APPARMOR_LOCALHOST_PROFILE: usize = 4095;

/// A profile as the API holds it: `type` and `localhostProfile` (None:
/// unset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    pub type_: String,
    pub localhost: Option<String>,
}

impl Profile {
    fn from_value(v: &Value) -> Profile {
        Profile { type_: v.get("type").and_then(Value::as_str).unwrap_or_default().to_string(), localhost: v.get("localhostProfile").and_then(Value::as_str).map(str::to_string) }
    }

    fn to_value(&self) -> Value {
        let mut m = serde_json::Map::new();
        if let Some(l) = &self.localhost {
            m.insert("localhostProfile".into(), Value::String(l.clone()));
        }
        m.insert("type".into(), Value::String(self.type_.clone()));
        Value::Object(m)
    }
}

/// The `field` profile (`seccompProfile`, `appArmorProfile`) of a security
/// context.
pub fn profile(sc: Option<&Value>, field: &str) -> Option<Profile> {
    sc?.get(field).filter(|v| v.is_object()).map(Profile::from_value)
}

/// The profile a container runs with: its own, else the pod's.
pub fn effective(spec: &PodSpec, c: &Container, field: &str) -> Option<Profile> {
    profile(c.security_context.as_deref(), field).or_else(|| profile(spec.security_context.as_deref(), field))
}

/// `validateSeccompProfileField`.
fn seccomp(p: &Profile, path: &Path) -> Errs {
    let mut errs = Vec::new();
    match p.type_.as_str() {
        "Localhost" | "RuntimeDefault" | "Unconfined" => {}
        "" => errs.push(FieldError::required(&path.child("type"), "type is required when seccompProfile is set")),
        t => errs.push(FieldError::not_supported(&path.child("type"), BadValue::str(t), PROFILE_TYPES)),
    }
    let lp = path.child("localhostProfile");
    match (p.type_.as_str(), &p.localhost) {
        ("Localhost", None) => errs.push(FieldError::required(&lp, "must be set when seccomp type is Localhost")),
        ("Localhost", Some(l)) => errs.extend(super::container::local_descending_path(l, &lp)),
        // Upstream passes the whole profile, printed as Go's %#v.
        (t, Some(_)) => errs.push(FieldError::invalid(&lp, BadValue::GoSyntax(format!("core.SeccompProfile{{Type:{}, LocalhostProfile:(*string)({GO_POINTER})}}", super::field::go_quote(t))), "can only be set when seccomp type is Localhost")),
        _ => {}
    }
    errs
}

/// `ValidateAppArmorProfileField`.
pub fn apparmor(p: &Profile, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let lp = path.child("localhostProfile");
    match (p.type_.as_str(), &p.localhost) {
        ("Localhost", None) => errs.push(FieldError::required(&lp, "must be set when AppArmor type is Localhost")),
        ("Localhost", Some(l)) => {
            if l.trim() != l {
                errs.push(FieldError::invalid(&lp, BadValue::str(l.as_str()), "must not be padded with whitespace"));
            } else if l.is_empty() {
                errs.push(FieldError::required(&lp, "must be set when AppArmor type is Localhost"));
            }
            if l.len() > MAX_APPARMOR_LOCALHOST_PROFILE {
                errs.push(FieldError::too_long(&lp, MAX_APPARMOR_LOCALHOST_PROFILE));
            }
        }
        ("RuntimeDefault" | "Unconfined", Some(l)) => errs.push(FieldError::invalid(&lp, BadValue::str(l.as_str()), "can only be set when AppArmor type is Localhost")),
        ("RuntimeDefault" | "Unconfined", None) => {}
        ("", _) => errs.push(FieldError::required(&path.child("type"), "type is required when appArmorProfile is set")),
        (t, _) => errs.push(FieldError::not_supported(&path.child("type"), BadValue::str(t), PROFILE_TYPES)),
    }
    errs
}

/// The profiles of a pod's security context (`path` is its
/// `securityContext`), in `validatePodSpecSecurityContext`'s order.
pub fn pod_security_context(sc: Option<&Value>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if let Some(p) = profile(sc, "seccompProfile") {
        errs.extend(seccomp(&p, &path.child("seccompProfile")));
    }
    if let Some(p) = profile(sc, "appArmorProfile") {
        errs.extend(apparmor(&p, &path.child("appArmorProfile")));
    }
    errs
}

/// The profiles of one container's security context (`path` is the
/// container), in `ValidateSecurityContext`'s order.
pub fn container_security_context(c: &Container, path: &Path) -> Errs {
    let sc_path = path.child("securityContext");
    pod_security_context(c.security_context.as_deref(), &sc_path)
}

/// Every container of the spec with its path, as `VisitContainersWithPath`
/// walks them: init, app, then ephemeral containers.
fn containers(spec: &PodSpec) -> Vec<(&'static str, usize, &Container)> {
    let init = spec.init_containers.iter().enumerate().map(|(i, c)| ("initContainers", i, c));
    let app = spec.containers.iter().enumerate().map(|(i, c)| ("containers", i, c));
    let eph = spec.ephemeral_containers.iter().enumerate().map(|(i, e)| ("ephemeralContainers", i, &e.container));
    init.chain(app).chain(eph).collect()
}

/// The deprecated annotation's profile reference is well formed
/// (`ValidateAppArmorProfileFormat`).
fn annotation_format(value: &str) -> Result<(), String> {
    if value.is_empty() || value == "runtime/default" || value == "unconfined" || value.starts_with("localhost/") {
        Ok(())
    } else {
        Err(format!("invalid AppArmor profile name: {}", super::field::go_quote(value)))
    }
}

/// `ValidateAppArmorPodAnnotations` (`path`: the annotations). Upstream
/// walks a Go map; the annotations here come in key order.
pub fn apparmor_annotations(annotations: &BTreeMap<String, String>, spec: &PodSpec, path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (k, v) in annotations {
        let Some(name) = k.strip_prefix(APPARMOR_ANNOTATION_PREFIX) else { continue };
        if !containers(spec).iter().any(|(_, _, c)| c.name == name) {
            errs.push(FieldError::invalid(&path.key(k), BadValue::str(name), "container not found"));
        }
        if let Err(e) = annotation_format(v) {
            errs.push(FieldError::invalid(&path.key(k), BadValue::str(v.as_str()), e));
        }
    }
    errs
}

/// `validateAppArmorAnnotationsAndFieldsMatchOnCreate`.
pub fn apparmor_match_on_create(p: &Pod) -> Errs {
    let mut errs = Vec::new();
    if is_windows(&p.spec) {
        return errs;
    }
    let spec_path = Path::new("spec");
    for (list, i, c) in containers(&p.spec) {
        let Some(profile) = effective(&p.spec, c, "appArmorProfile") else { continue };
        let Some(annotation) = p.metadata.annotations.get(&format!("{APPARMOR_ANNOTATION_PREFIX}{}", c.name)) else { continue };
        let list_path = spec_path.child(list);
        let c_path = list_path.index(i);
        let sc_path = c_path.child("securityContext");
        let path = sc_path.child("appArmorProfile");
        let type_mismatch = match profile.type_.as_str() {
            "Unconfined" => annotation != "unconfined",
            "RuntimeDefault" => annotation != "runtime/default",
            "Localhost" => !annotation.starts_with("localhost/"),
            _ => false,
        };
        if type_mismatch {
            errs.push(FieldError::forbidden(&path.child("type"), "apparmor type in annotation and field must match"));
        } else if profile.type_ == "Localhost" && profile.localhost.as_deref() != annotation.strip_prefix("localhost/") {
            errs.push(FieldError::forbidden(&path.child("localhostProfile"), "apparmor profile in annotation and field must match"));
        }
    }
    errs
}

fn is_windows(spec: &PodSpec) -> bool {
    spec.os.as_ref().and_then(|o| o.get("name")).and_then(Value::as_str) == Some("windows")
}

/// `appArmorAnnotationForField`: "" for a Localhost profile without a
/// name or an unknown type.
fn annotation_for(p: &Profile) -> String {
    match (p.type_.as_str(), &p.localhost) {
        ("Unconfined", _) => "unconfined".to_string(),
        ("RuntimeDefault", _) => "runtime/default".to_string(),
        ("Localhost", Some(l)) => format!("localhost/{l}"),
        _ => String::new(),
    }
}

/// `apparmorFieldForAnnotation`.
fn field_for(annotation: &str) -> Option<Profile> {
    match annotation {
        "unconfined" => Some(Profile { type_: "Unconfined".into(), localhost: None }),
        "runtime/default" => Some(Profile { type_: "RuntimeDefault".into(), localhost: None }),
        a => a.strip_prefix("localhost/").filter(|l| !l.is_empty()).map(|l| Profile { type_: "Localhost".into(), localhost: Some(l.to_string()) }),
    }
}

/// `applyAppArmorVersionSkew` (the pod strategy's PrepareForCreate): a
/// container's field (or the pod's) is copied to its annotation, and an
/// annotation without a field to the container's field (unless the pod's
/// is the same). Returns the API server's warnings.
pub fn apparmor_version_skew(p: &mut Pod) -> Vec<String> {
    let mut warnings = Vec::new();
    if is_windows(&p.spec) {
        return warnings;
    }
    let pod_profile = profile(p.spec.security_context.as_deref(), "appArmorProfile");
    let names: Vec<(&'static str, usize)> = containers(&p.spec).into_iter().map(|(l, i, _)| (l, i)).collect();
    for (list, i) in names {
        let c = match list {
            "initContainers" => &p.spec.init_containers[i],
            "containers" => &p.spec.containers[i],
            _ => &p.spec.ephemeral_containers[i].container,
        };
        let key = format!("{APPARMOR_ANNOTATION_PREFIX}{}", c.name);
        let own = profile(c.security_context.as_deref(), "appArmorProfile");
        match p.metadata.annotations.get(&key).cloned() {
            None => {
                let annotation = own.as_ref().or(pod_profile.as_ref()).map(annotation_for).unwrap_or_default();
                if !annotation.is_empty() {
                    p.metadata.annotations.insert(key, annotation);
                }
            }
            Some(annotation) if own.is_none() => {
                let field = field_for(&annotation).filter(|f| apparmor(f, &Path::new("")).is_empty());
                let mut warn = field.is_none();
                if let Some(f) = field.filter(|f| Some(f) != pod_profile.as_ref()) {
                    let spec = p.spec_mut();
                    let c = match list {
                        "initContainers" => &mut spec.init_containers[i],
                        "containers" => &mut spec.containers[i],
                        _ => &mut spec.ephemeral_containers[i].container,
                    };
                    let sc = c.security_context.get_or_insert_with(|| Box::new(Value::Object(Default::default())));
                    if !sc.is_object() {
                        **sc = Value::Object(Default::default());
                    }
                    if let Some(m) = sc.as_object_mut() {
                        m.insert("appArmorProfile".into(), f.to_value());
                    }
                    warn = true;
                }
                if warn {
                    warnings.push(format!("metadata.annotations[{key}]: deprecated since v1.30; use the \"appArmorProfile\" field instead"));
                }
            }
            Some(_) => {}
        }
    }
    warnings
}

#[cfg(test)]
#[path = "security_profiles_tests.rs"]
mod tests;
