//! A StatefulSet pod's stable identity (upstream `stateful_set_utils.go`):
//! its name `<set>-<ordinal>`, hostname and subdomain, identity labels,
//! its claims `<template>-<set>-<ordinal>` and who owns those claims
//! under the PVC retention policy.

use kubeplay_model::api::{PersistentVolumeClaim, Pod, PvcVolumeSource, StatefulSet, Volume};
use kubeplay_model::{IntOrString, ObjectMeta, OwnerReference};

pub const POD_NAME_LABEL: &str = "statefulset.kubernetes.io/pod-name";
pub const POD_INDEX_LABEL: &str = "apps.kubernetes.io/pod-index";

/// (parent, ordinal) from a pod name, as upstream's `(.*)-([0-9]+)$`.
pub fn parent_and_ordinal(name: &str) -> Option<(&str, i32)> {
    let (parent, ord) = name.rsplit_once('-')?;
    if ord.is_empty() || !ord.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((parent, ord.parse().ok()?))
}

pub fn pod_name(set: &str, ordinal: i32) -> String {
    format!("{set}-{ordinal}")
}

pub fn claim_name(template: &str, set: &str, ordinal: i32) -> String {
    format!("{template}-{set}-{ordinal}")
}

/// `spec.ordinals.start` (0 when unset).
pub fn start_ordinal(set: &StatefulSet) -> i32 {
    set.spec.ordinals.as_ref().and_then(|o| o.get("start")).and_then(|v| v.as_i64()).map(|v| v as i32).unwrap_or(0).max(0)
}

/// Whether the pod is this set's pod for its ordinal (`identityMatches`).
pub fn identity_matches(set: &StatefulSet, pod: &Pod) -> bool {
    match parent_and_ordinal(&pod.metadata.name) {
        Some((parent, ord)) => {
            ord >= 0
                && parent == set.metadata.name
                && pod.metadata.name == pod_name(&set.metadata.name, ord)
                && pod.metadata.namespace == set.metadata.namespace
                && pod.metadata.label(POD_NAME_LABEL) == Some(pod.metadata.name.as_str())
        }
        None => false,
    }
}

/// The claims a pod of this ordinal uses, one per volumeClaimTemplate:
/// template labels plus the set's selector labels.
pub fn claims_for(set: &StatefulSet, ordinal: i32) -> Vec<PersistentVolumeClaim> {
    let selector = set.spec.selector.as_ref().map(|s| s.match_labels.clone()).unwrap_or_default();
    set.spec
        .volume_claim_templates
        .iter()
        .map(|t| {
            let mut labels = t.metadata.labels.clone();
            labels.extend(selector.clone());
            PersistentVolumeClaim {
                metadata: ObjectMeta {
                    name: claim_name(&t.metadata.name, &set.metadata.name, ordinal),
                    namespace: set.metadata.namespace.clone(),
                    labels,
                    annotations: t.metadata.annotations.clone(),
                    ..Default::default()
                },
                spec: t.spec.clone(),
                status: Default::default(),
            }
        })
        .collect()
}

/// Points the pod's volumes at its claims (`updateStorage`): a pod volume
/// named like a template is replaced by the claim.
pub fn attach_claims(set: &StatefulSet, pod: &mut Pod, ordinal: i32) {
    for t in &set.spec.volume_claim_templates {
        let v = Volume {
            name: t.metadata.name.as_str().into(),
            persistent_volume_claim: Some(Box::new(PvcVolumeSource { claim_name: claim_name(&t.metadata.name, &set.metadata.name, ordinal), read_only: None })),
            ..Default::default()
        };
        pod.spec_mut().volumes.retain(|x| x.name != v.name);
        pod.spec_mut().volumes.push(v);
    }
}

/// The retention policy (`whenDeleted`, `whenScaled`); unknown values are Retain.
pub fn retention(set: &StatefulSet) -> (bool, bool) {
    let p = set.spec.persistent_volume_claim_retention_policy.as_ref();
    let delete = |v: Option<&String>| v.map(String::as_str) == Some("Delete");
    (delete(p.and_then(|p| p.when_deleted.as_ref())), delete(p.and_then(|p| p.when_scaled.as_ref())))
}

/// Which owners a claim should have (`updateClaimOwnerRefForSetAndPod`):
/// the set when whenDeleted=Delete (while the pod is in range); the pod
/// when whenScaled=Delete and the pod is being scaled away.
pub fn claim_owners(when_deleted_delete: bool, when_scaled_delete: bool, scaled_down: bool) -> (bool, bool) {
    if scaled_down && when_scaled_delete {
        (false, true)
    } else {
        (when_deleted_delete, false)
    }
}

/// `metav1.NewControllerRef`: since v1.32 (PR #122499) the set or pod
/// controls the claims it is to delete.
pub fn controller_ref(api_version: &str, kind: &str, name: &str, uid: &str) -> OwnerReference {
    OwnerReference { api_version: api_version.into(), kind: kind.into(), name: name.into(), uid: uid.into(), controller: Some(true), block_owner_deletion: Some(true) }
}

/// The set and the pod a claim belongs to, as owner references match them.
pub struct ClaimOwners<'a> {
    pub set_name: &'a str,
    pub set_uid: &'a str,
    pub pod_name: &'a str,
    /// Empty when the pod does not exist.
    pub pod_uid: &'a str,
}

impl ClaimOwners<'_> {
    fn is_set(&self, r: &OwnerReference) -> bool {
        r.api_version == "apps/v1" && r.kind == "StatefulSet" && r.name == self.set_name
    }
    fn is_pod(&self, r: &OwnerReference) -> bool {
        r.api_version == "v1" && r.kind == "Pod" && r.name == self.pod_name
    }
}

/// A claim's owner references under the retention policy
/// (`isClaimOwnerUpToDate` then `updateClaimOwnerRefForSetAndPod`), or None
/// when they are to be left alone: a reference to an earlier set or pod of
/// the same name (a UID mismatch) means the claim is not ours to touch, and
/// another controller keeps the claim once our references are scrubbed.
pub fn claim_owner_refs(refs: &[OwnerReference], owners: &ClaimOwners, when_deleted_delete: bool, when_scaled_delete: bool, scaled_down: bool) -> Option<Vec<OwnerReference>> {
    let stale = refs.iter().any(|r| (owners.is_set(r) && r.uid != owners.set_uid) || (owners.is_pod(r) && r.uid != owners.pod_uid));
    if stale {
        return None;
    }
    let ours = |r: &OwnerReference| owners.is_set(r) || owners.is_pod(r);
    let retain_all = !when_deleted_delete && !when_scaled_delete;
    let other_controller = !retain_all && refs.iter().any(|r| !ours(r) && r.controller == Some(true));
    let mut out: Vec<OwnerReference> = refs.iter().filter(|r| !ours(r)).cloned().collect();
    if !other_controller {
        let (want_set, want_pod) = claim_owners(when_deleted_delete, when_scaled_delete, scaled_down);
        if want_set {
            out.push(controller_ref("apps/v1", "StatefulSet", owners.set_name, owners.set_uid));
        }
        if want_pod && !owners.pod_uid.is_empty() {
            out.push(controller_ref("v1", "Pod", owners.pod_name, owners.pod_uid));
        }
    }
    // Unchanged but for order: nothing to write.
    let same = out.len() == refs.len() && out.iter().all(|r| refs.contains(r));
    (!same).then_some(out)
}

/// `getStatefulSetMaxUnavailable`: int or percent of replicas rounded
/// down, never below 1.
pub fn max_unavailable(v: Option<&IntOrString>, replicas: i32) -> i32 {
    let n = v.map(|v| v.scaled_value(replicas, false).unwrap_or(1)).unwrap_or(1);
    n.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::LabelSelector;
    use std::collections::BTreeMap;

    #[test]
    fn parent_and_ordinal_vectors() {
        assert_eq!(parent_and_ordinal("foo-1"), Some(("foo", 1)));
        assert_eq!(parent_and_ordinal("web-12"), Some(("web", 12)));
        assert_eq!(parent_and_ordinal("my-set-0"), Some(("my-set", 0)));
        assert_eq!(parent_and_ordinal("1-bar"), None);
        assert_eq!(parent_and_ordinal("web"), None);
        assert_eq!(parent_and_ordinal("web-"), None);
    }

    // TestGetStatefulSetMaxUnavailable (statefulset.md §8).
    #[test]
    fn max_unavailable_vectors() {
        let s = |v: &str| IntOrString::Str(v.into());
        let i = IntOrString::Int;
        let cases = [
            (None, 10, 1),
            (Some(i(3)), 10, 3),
            (Some(i(3)), 0, 3),
            (Some(i(0)), 0, 1),
            (Some(s("10%")), 25, 2),
            (Some(s("100%")), 5, 5),
            (Some(s("50%")), 5, 2),
            (Some(s("10%")), 5, 1),
            (Some(s("1%")), 0, 1),
            (Some(s("0%")), 0, 1),
        ];
        for (v, replicas, want) in cases {
            assert_eq!(max_unavailable(v.as_ref(), replicas), want, "{v:?} of {replicas}");
        }
    }

    // The four retention policies of statefulset.md §7: (set ref, pod ref).
    #[test]
    fn claim_owner_vectors() {
        for (deleted, scaled) in [(false, false), (true, false), (false, true), (true, true)] {
            let in_range = claim_owners(deleted, scaled, false);
            let condemned = claim_owners(deleted, scaled, true);
            match (deleted, scaled) {
                (false, false) => assert_eq!((in_range, condemned), ((false, false), (false, false))),
                (true, false) => assert_eq!((in_range, condemned), ((true, false), (true, false))),
                (false, true) => assert_eq!((in_range, condemned), ((false, false), (false, true))),
                (true, true) => assert_eq!((in_range, condemned), ((true, false), (false, true))),
            }
        }
    }

    // updateClaimOwnerRefForSetAndPod / isClaimOwnerUpToDate (v1.32,
    // stateful_set_utils_test.go TestClaimOwnerUpToDate shapes).
    #[test]
    fn claim_owner_ref_vectors() {
        let owners = ClaimOwners { set_name: "web", set_uid: "set-uid", pod_name: "web-1", pod_uid: "pod-uid" };
        let set = controller_ref("apps/v1", "StatefulSet", "web", "set-uid");
        let pod = controller_ref("v1", "Pod", "web-1", "pod-uid");
        let other = controller_ref("apps/v1", "ReplicaSet", "rs", "rs-uid");
        let non_controller_set = OwnerReference { controller: None, ..set.clone() };
        // whenDeleted=Delete: the set controls the claim.
        assert_eq!(claim_owner_refs(&[], &owners, true, false, false), Some(vec![set.clone()]));
        assert_eq!(claim_owner_refs(&[set.clone()], &owners, true, false, false), None);
        // A v1.28-style plain owner reference is replaced by a controller one.
        assert_eq!(claim_owner_refs(&[non_controller_set], &owners, true, false, false), Some(vec![set.clone()]));
        // Both Delete: the set while in range, only the pod once scaled down.
        assert_eq!(claim_owner_refs(&[set.clone()], &owners, true, true, true), Some(vec![pod.clone()]));
        // whenScaled=Delete only: the pod once scaled down, nothing before.
        assert_eq!(claim_owner_refs(&[], &owners, false, true, false), None);
        assert_eq!(claim_owner_refs(&[], &owners, false, true, true), Some(vec![pod.clone()]));
        // Retain: our references go.
        assert_eq!(claim_owner_refs(&[set.clone(), other.clone()], &owners, false, false, false), Some(vec![other.clone()]));
        // Another controller: ours are scrubbed and none added.
        assert_eq!(claim_owner_refs(&[other.clone()], &owners, true, true, false), None);
        assert_eq!(claim_owner_refs(&[other.clone(), set.clone()], &owners, true, false, false), Some(vec![other.clone()]));
        // A reference to an earlier set of the same name: left alone.
        let stale = controller_ref("apps/v1", "StatefulSet", "web", "old-uid");
        assert_eq!(claim_owner_refs(&[stale], &owners, true, true, false), None);
    }

    #[test]
    fn claims_carry_template_and_selector_labels() {
        let mut set = StatefulSet::default();
        set.metadata.name = "web".into();
        set.metadata.namespace = "default".into();
        set.spec.selector = Some(LabelSelector { match_labels: BTreeMap::from([("app".to_string(), "nginx".to_string())]), match_expressions: vec![] });
        let mut t = PersistentVolumeClaim::default();
        t.metadata.name = "www".into();
        t.metadata.labels.insert("tier".into(), "data".into());
        set.spec.volume_claim_templates.push(t);
        let claims = claims_for(&set, 2);
        assert_eq!(claims[0].metadata.name, "www-web-2");
        assert_eq!(claims[0].metadata.labels.get("app").map(String::as_str), Some("nginx"));
        assert_eq!(claims[0].metadata.labels.get("tier").map(String::as_str), Some("data"));
        let mut pod = Pod::default();
        pod.spec_mut().volumes.push(Volume { name: "www".into(), empty_dir: Some(std::sync::Arc::new(serde_json::json!({}))), ..Default::default() });
        attach_claims(&set, &mut pod, 2);
        assert_eq!(pod.spec.volumes.len(), 1);
        assert_eq!(pod.spec.volumes[0].persistent_volume_claim.as_ref().map(|c| c.claim_name.as_str()), Some("www-web-2"));
    }
}
