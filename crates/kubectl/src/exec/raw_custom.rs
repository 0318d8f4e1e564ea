//! `--raw` for what CustomResourceDefinitions serve: the group and
//! version documents apiextensions-apiserver's discovery controller
//! builds from the established CRDs, and custom resources, which the API
//! server encodes unstructured (every object's keys sorted, as Go encodes
//! a map; a list keeps each item's `apiVersion` and `kind`).

use crate::exec::generate::namehash::sha256;
use crate::exec::Cx;
use kubeplay_apiserver::custom;
use kubeplay_model::api::CustomResourceDefinition;
use kubeplay_model::custom_kind::compare_versions;
use kubeplay_model::{Kind, Object};
use serde_json::{json, Map, Value};

/// The group's established CRDs, by name.
fn crds<'a>(cx: &Cx<'a>, group: &str) -> Vec<&'a CustomResourceDefinition> {
    let store = cx.store;
    store
        .list(Kind::CustomResourceDefinition, None)
        .filter_map(|o| match &**o {
            Object::CustomResourceDefinition(c)
                if c.spec.group == group && custom::established(c) =>
            {
                Some(&**c)
            }
            _ => None,
        })
        .collect()
}

fn group_version(group: &str, version: &str) -> Value {
    json!({"groupVersion": format!("{group}/{version}"), "version": version})
}

/// `/apis/GROUP` (an `APIGroup`): every version some CRD serves,
/// preferred first; None while no CRD serves the group.
pub fn group_document(cx: &Cx, group: &str) -> Option<Value> {
    let mut versions: Vec<&str> = Vec::new();
    for crd in crds(cx, group) {
        for v in crd.spec.versions.iter().filter(|v| v.served) {
            if !versions.contains(&v.name.as_str()) {
                versions.push(&v.name);
            }
        }
    }
    versions.sort_by(|a, b| compare_versions(a, b));
    let preferred = group_version(group, versions.first()?);
    let versions: Vec<Value> = versions.iter().map(|v| group_version(group, v)).collect();
    Some(
        json!({"kind": "APIGroup", "apiVersion": "v1", "name": group, "versions": versions, "preferredVersion": preferred}),
    )
}

/// `discovery.StorageVersionHash`: the first 8 bytes of the SHA-256 of
/// `group/version/kind`, in base64.
pub fn storage_version_hash(group: &str, version: &str, kind: &str) -> String {
    kubeplay_model::base64::encode(&sha256(format!("{group}/{version}/{kind}").as_bytes())[..8])
}

/// `/apis/GROUP/VERSION` (an `APIResourceList`): each CRD serving the
/// version, with its status and scale subresources; None if none does.
pub fn version_document(cx: &Cx, group: &str, version: &str) -> Option<Value> {
    let mut resources = Vec::new();
    for crd in crds(cx, group) {
        let Some(v) = crd
            .spec
            .versions
            .iter()
            .find(|v| v.served && v.name == version)
        else {
            continue;
        };
        let names = &crd.status.accepted_names;
        let namespaced = crd.spec.scope == "Namespaced";
        let terminating = crd
            .status
            .conditions
            .iter()
            .any(|c| c.type_ == "Terminating" && c.is_true());
        let verbs: &[&str] = if terminating {
            &["delete", "deletecollection", "get", "list", "watch"]
        } else {
            &[
                "delete",
                "deletecollection",
                "get",
                "list",
                "patch",
                "create",
                "update",
                "watch",
            ]
        };
        let mut r = Map::new();
        r.insert("name".into(), names.plural.clone().into());
        r.insert("singularName".into(), names.singular.clone().into());
        r.insert("namespaced".into(), namespaced.into());
        r.insert("kind".into(), names.kind.clone().into());
        r.insert("verbs".into(), json!(verbs));
        if !names.short_names.is_empty() {
            r.insert("shortNames".into(), json!(names.short_names));
        }
        if !names.categories.is_empty() {
            r.insert("categories".into(), json!(names.categories));
        }
        // Only a served storage version has a hash.
        if let Some(s) = crd.spec.versions.iter().find(|v| v.served && v.storage) {
            r.insert(
                "storageVersionHash".into(),
                storage_version_hash(group, &s.name, &crd.spec.names.kind).into(),
            );
        }
        resources.push(Value::Object(r));
        let sub = v.subresources.as_ref();
        if sub.is_some_and(|s| s.status.is_some()) {
            resources.push(json!({"name": format!("{}/status", names.plural), "singularName": "", "namespaced": namespaced, "kind": names.kind, "verbs": ["get", "patch", "update"]}));
        }
        if sub.is_some_and(|s| s.scale.is_some()) {
            resources.push(json!({"name": format!("{}/scale", names.plural), "singularName": "", "namespaced": namespaced, "group": "autoscaling", "version": "v1", "kind": "Scale", "verbs": ["get", "patch", "update"]}));
        }
    }
    if resources.is_empty() {
        return None;
    }
    Some(
        json!({"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": format!("{group}/{version}"), "resources": resources}),
    )
}

/// The custom kind served at `GROUP/VERSION/PLURAL`, with its CRD.
pub fn kind_at<'a>(
    cx: &Cx<'a>,
    group: &str,
    version: &str,
    plural: &str,
) -> Option<(Kind, &'a CustomResourceDefinition)> {
    let crd = crds(cx, group).into_iter().find(|c| {
        c.status.accepted_names.plural == plural
            && c.spec
                .versions
                .iter()
                .any(|v| v.served && v.name == version)
    })?;
    Some((custom::kind_of(crd)?, crd))
}

/// A custom resource as the API server returns it in `version`.
pub fn object_value(crd: &CustomResourceDefinition, obj: &Object, version: &str) -> Value {
    let mut v = match obj {
        Object::Custom(c) => {
            let mut c = (**c).clone();
            // The CRD lists both versions: the object's and the one served.
            let _ = custom::convert(crd, &mut c, version);
            Object::Custom(Box::new(c)).to_json()
        }
        other => other.to_json(),
    };
    sort_keys(&mut v);
    v
}

/// An unstructured list: sorted keys, items whole.
pub fn list_value(
    kind: Kind,
    api_version: String,
    items: Vec<Value>,
    resource_version: u64,
) -> Value {
    let mut v = json!({
        "apiVersion": api_version,
        "items": items,
        "kind": format!("{}List", kind.name()),
        "metadata": {"continue": "", "resourceVersion": resource_version.to_string()},
    });
    sort_keys(&mut v);
    v
}

/// Go's encoding of a `map[string]interface{}`: keys in byte order, at
/// every depth.
fn sort_keys(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.sort_keys();
            m.values_mut().for_each(sort_keys);
        }
        Value::Array(a) => a.iter_mut().for_each(sort_keys),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Known hashes from a v1.32 cluster's discovery: apps/v1 Deployment
    // and the core group's Pod.
    #[test]
    fn storage_version_hashes() {
        assert_eq!(
            storage_version_hash("apps", "v1", "Deployment"),
            "8aSe+NMegvE="
        );
        assert_eq!(storage_version_hash("", "v1", "Pod"), "xPOwRZ+Yhw8=");
    }
}
