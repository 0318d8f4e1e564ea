//! `metadata` checks on create and update (`ValidateObjectMeta`,
//! `ValidateObjectMetaUpdate`), with the core group's finalizer rule.

use super::common::{self, immutable, Errs};
use super::field::{go_quote, go_string_slice, BadValue, FieldError, Path, GO_POINTER};
use crate::meta::{ObjectMeta, OwnerReference};
use crate::names::NameRule;

/// Finalizers Kubernetes itself understands without a domain prefix.
const STANDARD_FINALIZERS: &[&str] = &["kubernetes", "orphan", "foregroundDeletion"];

/// `ValidateObjectMeta` for a create: name (or generateName) syntax,
/// namespace, labels, annotations, owner references and finalizers.
pub(super) fn object_meta(meta: &ObjectMeta, namespaced: bool, rule: NameRule) -> Errs {
    let path = Path::new("metadata");
    let mut errs = Vec::new();
    if let Some(gen) = meta.generate_name.as_deref().filter(|g| !g.is_empty()) {
        errs.extend(common::each(&path.child("generateName"), gen, rule.check(gen, true)));
    }
    if meta.name.is_empty() {
        errs.push(FieldError::required(&path.child("name"), "name or generateName is required"));
    } else {
        errs.extend(common::each(&path.child("name"), &meta.name, rule.check(&meta.name, false)));
    }
    if namespaced {
        if meta.namespace.is_empty() {
            errs.push(FieldError::required(&path.child("namespace"), ""));
        } else {
            errs.extend(common::each(&path.child("namespace"), &meta.namespace, NameRule::DnsLabel.check(&meta.namespace, false)));
        }
    } else if !meta.namespace.is_empty() {
        errs.push(FieldError::forbidden(&path.child("namespace"), "not allowed on this type"));
    }
    errs.extend(common::nonnegative(meta.generation, &path.child("generation")));
    errs.extend(common_meta(meta, &path));
    errs
}

/// The parts checked on both create and update.
fn common_meta(meta: &ObjectMeta, path: &Path) -> Errs {
    // An empty list or map has nothing to report: its field path (an
    // allocated string) is built only when there is something to check,
    // as most objects the controllers write (events above all) have none.
    let mut errs = Vec::new();
    if !meta.labels.is_empty() {
        errs.extend(common::labels(&meta.labels, &path.child("labels")));
    }
    if !meta.annotations.is_empty() {
        errs.extend(common::annotations(&meta.annotations, &path.child("annotations")));
    }
    if !meta.owner_references.is_empty() {
        errs.extend(owner_references(&meta.owner_references, &path.child("ownerReferences")));
    }
    if !meta.finalizers.is_empty() {
        let path = path.child("finalizers");
        errs.extend(finalizers(&meta.finalizers, &path));
        for (i, f) in meta.finalizers.iter().enumerate() {
            errs.extend(kube_finalizer_name(f, &path.index(i)));
        }
    }
    errs
}

/// `ValidateObjectMetaUpdate`. Server-owned fields (uid when omitted,
/// timestamps, generation, resourceVersion) are copied from the stored
/// object by the API server before this runs, as upstream's
/// `BeforeUpdate` does, so only client-visible changes are checked.
pub(super) fn object_meta_update(new: &ObjectMeta, old: &ObjectMeta) -> Errs {
    let path = Path::new("metadata");
    let mut errs = Vec::new();
    if old.deletion_timestamp.is_some() {
        let extra: Vec<String> = new.finalizers.iter().filter(|f| !old.finalizers.contains(f)).cloned().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
        if !extra.is_empty() {
            errs.push(FieldError::forbidden(
                &path.child("finalizers"),
                format!("no new finalizers can be added if the object is being deleted, found new finalizers {}", go_string_slice(&extra)),
            ));
        }
    }
    if new.name != old.name {
        errs.push(immutable(BadValue::str(new.name.as_str()), &path.child("name")));
    }
    if new.namespace != old.namespace {
        errs.push(immutable(BadValue::str(new.namespace.as_str()), &path.child("namespace")));
    }
    if !new.uid.is_empty() && new.uid != old.uid {
        errs.push(immutable(BadValue::str(new.uid.as_str()), &path.child("uid")));
    }
    errs.extend(common_meta(new, &path));
    errs
}

fn finalizers(list: &[String], path: &Path) -> Errs {
    let mut errs = Vec::new();
    for f in list {
        errs.extend(common::qualified_name(f, path));
    }
    if list.iter().any(|f| f == "orphan") && list.iter().any(|f| f == "foregroundDeletion") {
        errs.push(FieldError::invalid(path, BadValue::list(list), "finalizer orphan and foregroundDeletion cannot be both set"));
    }
    errs
}

/// `validateKubeFinalizerName`: a finalizer without a domain must be one Kubernetes knows.
pub(super) fn kube_finalizer_name(name: &str, path: &Path) -> Errs {
    if !name.contains('/') && !STANDARD_FINALIZERS.contains(&name) {
        vec![FieldError::invalid(path, BadValue::str(name), "name is neither a standard finalizer name nor is it fully qualified")]
    } else {
        Vec::new()
    }
}

fn go_bool_ptr(v: Option<bool>) -> String {
    match v {
        None => "(*bool)(nil)".to_string(),
        Some(_) => format!("(*bool)({GO_POINTER})"),
    }
}

fn go_owner_reference(r: &OwnerReference) -> String {
    format!(
        "v1.OwnerReference{{APIVersion:{}, Kind:{}, Name:{}, UID:{}, Controller:{}, BlockOwnerDeletion:{}}}",
        go_quote(&r.api_version),
        go_quote(&r.kind),
        go_quote(&r.name),
        go_quote(&r.uid),
        go_bool_ptr(r.controller),
        go_bool_ptr(r.block_owner_deletion)
    )
}

/// `ValidateOwnerReferences`.
fn owner_references(refs: &[OwnerReference], path: &Path) -> Errs {
    let mut errs = Vec::new();
    let mut first_controller: Option<String> = None;
    for r in refs {
        let (group_version, kind) = (r.api_version.as_str(), r.kind.as_str());
        let version = group_version.rsplit('/').next().unwrap_or("");
        if version.is_empty() {
            errs.push(FieldError::invalid(&path.child("apiVersion"), BadValue::str(group_version), "version must not be empty"));
        }
        if kind.is_empty() {
            errs.push(FieldError::invalid(&path.child("kind"), BadValue::str(kind), "kind must not be empty"));
        }
        if r.name.is_empty() {
            errs.push(FieldError::invalid(&path.child("name"), BadValue::str(""), "name must not be empty"));
        }
        if r.uid.is_empty() {
            errs.push(FieldError::invalid(&path.child("uid"), BadValue::str(""), "uid must not be empty"));
        }
        if group_version == "v1" && kind == "Event" {
            errs.push(FieldError::invalid(path, BadValue::GoSyntax(go_owner_reference(r)), "/v1, Kind=Event is disallowed from being an owner"));
        }
        if r.controller == Some(true) {
            let this = format!("{}/{}", r.kind, r.name);
            match &first_controller {
                Some(first) => {
                    let all: Vec<String> = refs.iter().map(go_owner_reference).collect();
                    errs.push(FieldError::invalid(
                        path,
                        BadValue::GoSyntax(format!("[]v1.OwnerReference{{{}}}", all.join(", "))),
                        format!("Only one reference can have Controller set to true. Found \"true\" in references for {first} and {this}"),
                    ));
                }
                None => first_controller = Some(this),
            }
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(name: &str, ns: &str) -> ObjectMeta {
        ObjectMeta { name: name.into(), namespace: ns.into(), ..Default::default() }
    }

    #[test]
    fn names_follow_the_kind_rule() {
        assert!(object_meta(&meta("web", "default"), true, NameRule::DnsSubdomain).is_empty());
        let errs = object_meta(&meta("MyPod", "default"), true, NameRule::DnsSubdomain);
        assert_eq!(errs.len(), 1);
        assert!(errs[0].to_string().starts_with("metadata.name: Invalid value: \"MyPod\": a lowercase RFC 1123 subdomain"));
        assert_eq!(object_meta(&meta("", "default"), true, NameRule::DnsSubdomain)[0].to_string(), "metadata.name: Required value: name or generateName is required");
        assert_eq!(object_meta(&meta("n", ""), true, NameRule::DnsSubdomain)[0].to_string(), "metadata.namespace: Required value");
        assert_eq!(object_meta(&meta("n", "x"), false, NameRule::DnsLabel)[0].to_string(), "metadata.namespace: Forbidden: not allowed on this type");
        assert!(object_meta(&meta("1svc", "default"), true, NameRule::Dns1035Label)[0].to_string().starts_with("metadata.name: Invalid value: \"1svc\": a DNS-1035 label"));
        let mut m = meta("x", "default");
        m.generate_name = Some("web-".into());
        assert!(object_meta(&m, true, NameRule::DnsSubdomain).is_empty());
    }

    #[test]
    fn labels_and_finalizers() {
        let mut m = meta("x", "default");
        m.labels.insert("app".into(), "-bad".into());
        m.finalizers = vec!["example.com/f".into(), "custom".into()].into();
        let errs: Vec<String> = object_meta(&m, true, NameRule::DnsSubdomain).iter().map(|e| e.to_string()).collect();
        assert!(errs[0].starts_with("metadata.labels: Invalid value: \"-bad\": a valid label must be"));
        assert_eq!(errs[1], "metadata.finalizers[1]: Invalid value: \"custom\": name is neither a standard finalizer name nor is it fully qualified");
        assert_eq!(errs.len(), 2);
    }

    #[test]
    fn owner_references_need_one_controller() {
        let r = |name: &str| OwnerReference { api_version: "apps/v1".into(), kind: "ReplicaSet".into(), name: name.into(), uid: "u".into(), controller: Some(true), block_owner_deletion: None };
        let mut m = meta("p", "default");
        m.owner_references = vec![r("a"), r("b")].into();
        let errs = object_meta(&m, true, NameRule::DnsSubdomain);
        assert!(errs[0].detail.contains("Only one reference can have Controller set to true. Found \"true\" in references for ReplicaSet/a and ReplicaSet/b"));
    }

    #[test]
    fn update_rules() {
        let old = meta("x", "default");
        let mut new = old.clone();
        new.uid = "other".into();
        assert_eq!(object_meta_update(&new, &ObjectMeta { uid: "u1".into(), ..old.clone() })[0].to_string(), "metadata.uid: Invalid value: \"other\": field is immutable");
        let mut deleting = old.clone();
        deleting.deletion_timestamp = Some(crate::time::EPOCH);
        let mut new = deleting.clone();
        new.finalizers = vec!["example.com/x".into()].into();
        assert_eq!(
            object_meta_update(&new, &deleting)[0].to_string(),
            "metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{\"example.com/x\"}"
        );
    }
}
