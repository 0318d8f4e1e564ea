//! Cases ported from upstream's `pkg/apis/apps/validation/validation_test.go`
//! (v1.32): TestValidateStatefulSet, TestValidateStatefulSetUpdate,
//! TestValidateDaemonSet, TestValidateDeployment and
//! TestValidateDeploymentUpdate. Upstream builds internal objects and
//! compares each error's type and field (ignoring value and detail, order
//! sorted); here each case is a manifest, defaulted as the API server
//! defaults it, and the expectations are the same (type, field) pairs.
//! Cases whose input defaulting rewrites (an empty podManagementPolicy or
//! update strategy type) cannot come from a manifest and are left out.

use super::*;
use serde_json::{json, Value};

/// A manifest, defaulted as the API server does before validating.
pub(super) fn defaulted(v: Value) -> Object {
    let mut o = Object::from_json(&v).expect("test object decodes");
    crate::defaults::apply_defaults(&mut o);
    o
}

/// The (type, field) pairs, sorted as upstream's tests sort them.
pub(super) fn pairs(errs: &[FieldError]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = errs.iter().map(|e| (e.type_.as_str().to_string(), e.field.clone())).collect();
    v.sort();
    v
}

pub(super) fn want(list: &[(ErrorType, &str)]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = list.iter().map(|(t, f)| (t.as_str().to_string(), f.to_string())).collect();
    v.sort();
    v
}

/// Merges `patch` into `base` (objects recursively; a null deletes).
pub(super) fn merge(base: &mut Value, patch: &Value) {
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            for (k, v) in p {
                if v.is_null() {
                    b.remove(k);
                } else {
                    merge(b.entry(k.clone()).or_insert(Value::Null), v);
                }
            }
        }
        (b, p) => *b = p.clone(),
    }
}

fn sts(patch: Value) -> Object {
    let mut v = json!({"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "abc", "namespace": "default"}, "spec": {
        "podManagementPolicy": "OrderedReady", "selector": {"matchLabels": {"a": "b"}},
        "template": {"metadata": {"labels": {"a": "b"}}, "spec": {"restartPolicy": "Always", "dnsPolicy": "ClusterFirst", "containers": [{"name": "abc", "image": "image", "imagePullPolicy": "IfNotPresent"}]}},
        "updateStrategy": {"type": "RollingUpdate"}}});
    merge(&mut v, &patch);
    defaulted(v)
}

use ErrorType::*;

#[test]
fn stateful_set_create() {
    let ok = [
        sts(json!({})),
        sts(json!({"metadata": {"name": "abc-123"}})),
        sts(json!({"spec": {"template": {"spec": {"hostNetwork": true, "containers": [{"name": "abc", "image": "image", "ports": [{"containerPort": 12345, "protocol": "TCP"}]}]}}}})),
        sts(json!({"spec": {"podManagementPolicy": "Parallel"}})),
        sts(json!({"spec": {"replicas": 3, "updateStrategy": {"rollingUpdate": {"partition": 2}}}})),
        sts(json!({"spec": {"persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Delete", "whenScaled": "Retain"}}})),
        sts(json!({"spec": {"replicas": 3, "updateStrategy": {"rollingUpdate": {"partition": 2, "maxUnavailable": 2}}}})),
        sts(json!({"spec": {"replicas": 3, "ordinals": {"start": 2}}})),
    ];
    for o in &ok {
        assert_eq!(pairs(&validate(o)), vec![], "{o:?}");
    }
    let bad_labels = json!({"NoUppercaseOrSpecialCharsLike=Equals": "b"});
    let cases: Vec<(&str, Object, Vec<(ErrorType, &str)>)> = vec![
        ("zero-length name", sts(json!({"metadata": {"name": ""}})), vec![(Required, "metadata.name")]),
        ("name-with-dots", sts(json!({"metadata": {"name": "abc.123"}})), vec![(Invalid, "metadata.name")]),
        ("long name", sts(json!({"metadata": {"name": "a".repeat(64)}})), vec![(Invalid, "metadata.name")]),
        ("missing-namespace", sts(json!({"metadata": {"namespace": null}})), vec![(Required, "metadata.namespace")]),
        ("empty selector", sts(json!({"spec": {"selector": null}})), vec![(Required, "spec.selector"), (Invalid, "spec.template.metadata.labels")]),
        ("selector_doesnt_match", sts(json!({"spec": {"selector": {"matchLabels": {"a": null, "foo": "bar"}}}})), vec![(Invalid, "spec.template.metadata.labels")]),
        ("negative_replicas", sts(json!({"spec": {"replicas": -1}})), vec![(Invalid, "spec.replicas")]),
        ("invalid_label", sts(json!({"metadata": {"labels": {"NoUppercaseOrSpecialCharsLike=Equals": "bar"}}})), vec![(Invalid, "metadata.labels")]),
        (
            "invalid_label 2",
            sts(json!({"metadata": {"labels": {"NoUppercaseOrSpecialCharsLike=Equals": "bar"}}, "spec": {"selector": {"matchLabels": bad_labels.clone()}, "template": {"metadata": {"labels": bad_labels}, "spec": {"containers": []}}}})),
            vec![(Invalid, "metadata.labels"), (Invalid, "spec.selector"), (Invalid, "spec.selector.matchLabels")],
        ),
        ("invalid_annotation", sts(json!({"metadata": {"annotations": {"NoUppercaseOrSpecialCharsLike=Equals": "bar"}}})), vec![(Invalid, "metadata.annotations")]),
        ("invalid restart policy 1", sts(json!({"spec": {"template": {"spec": {"restartPolicy": "OnFailure"}}}})), vec![(NotSupported, "spec.template.spec.restartPolicy")]),
        ("invalid restart policy 2", sts(json!({"spec": {"template": {"spec": {"restartPolicy": "Never"}}}})), vec![(NotSupported, "spec.template.spec.restartPolicy")]),
        ("invalid update strategy", sts(json!({"spec": {"replicas": 3, "updateStrategy": {"type": "foo"}}})), vec![(Invalid, "spec.updateStrategy")]),
        ("invalid rolling update", sts(json!({"spec": {"replicas": 3, "updateStrategy": {"type": "OnDelete", "rollingUpdate": {"partition": 1}}}})), vec![(Invalid, "spec.updateStrategy.rollingUpdate")]),
        ("negative partition", sts(json!({"spec": {"replicas": 3, "updateStrategy": {"rollingUpdate": {"partition": -1}}}})), vec![(Invalid, "spec.updateStrategy.rollingUpdate.partition")]),
        ("invalid pod management policy", sts(json!({"spec": {"podManagementPolicy": "foo"}})), vec![(Invalid, "spec.podManagementPolicy")]),
        ("set active deadline seconds", sts(json!({"spec": {"replicas": 3, "template": {"spec": {"activeDeadlineSeconds": 60, "containers": []}}}})), vec![(Forbidden, "spec.template.spec.activeDeadlineSeconds")]),
        (
            "invalid PersistentVolumeClaimRetentionPolicy",
            sts(json!({"spec": {"persistentVolumeClaimRetentionPolicy": {"whenDeleted": "invalid-retention-policy", "whenScaled": "invalid-retention-policy"}}})),
            vec![(NotSupported, "spec.persistentVolumeClaimRetentionPolicy.whenDeleted"), (NotSupported, "spec.persistentVolumeClaimRetentionPolicy.whenScaled")],
        ),
        ("zero maxUnavailable", sts(json!({"spec": {"replicas": 3, "updateStrategy": {"rollingUpdate": {"maxUnavailable": 0}}}})), vec![(Invalid, "spec.updateStrategy.rollingUpdate.maxUnavailable")]),
        ("zero percent maxUnavailable", sts(json!({"spec": {"replicas": 3, "updateStrategy": {"rollingUpdate": {"maxUnavailable": "0%"}}}})), vec![(Invalid, "spec.updateStrategy.rollingUpdate.maxUnavailable")]),
        ("greater than 100 percent maxUnavailable", sts(json!({"spec": {"replicas": 3, "updateStrategy": {"rollingUpdate": {"maxUnavailable": "101%"}}}})), vec![(Invalid, "spec.updateStrategy.rollingUpdate.maxUnavailable")]),
        ("invalid ordinals.start", sts(json!({"spec": {"replicas": 3, "ordinals": {"start": -2}}})), vec![(Invalid, "spec.ordinals.start")]),
    ];
    for (name, o, w) in cases {
        assert_eq!(pairs(&validate(&o)), want(&w), "{name}");
    }
}

#[test]
fn stateful_set_update() {
    let base = sts(json!({}));
    let ok = [
        sts(json!({"spec": {"replicas": 3}})),
        sts(json!({"spec": {"template": {"spec": {"containers": [{"name": "abc", "image": "image"}, {"name": "def", "image": "image2"}]}}}})),
        sts(json!({"spec": {"persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Retain", "whenScaled": "Retain"}}})),
        sts(json!({"spec": {"updateStrategy": {"type": "OnDelete", "rollingUpdate": null}}})),
        sts(json!({"spec": {"minReadySeconds": 10}})),
        sts(json!({"spec": {"ordinals": {"start": 3}}})),
    ];
    for o in &ok {
        assert_eq!(pairs(&validate_update(&base, o)), vec![], "{o:?}");
    }
    let pvc = |size: &str, class: &str| json!({"metadata": {"name": "pvc-abc"}, "spec": {"storageClassName": class, "accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": size}}}});
    let with_pvc = sts(json!({"spec": {"volumeClaimTemplates": [pvc("1Gi", "storage-class1")]}}));
    let cases: Vec<(&str, Object, Object, Vec<(ErrorType, &str)>)> = vec![
        ("update name", base.clone(), sts(json!({"metadata": {"name": "abc2"}})), vec![(Invalid, "metadata.name")]),
        ("update namespace", base.clone(), sts(json!({"metadata": {"namespace": "default1"}})), vec![(Invalid, "metadata.namespace")]),
        (
            "update selector",
            base.clone(),
            sts(json!({"spec": {"selector": {"matchLabels": {"a": null, "c": "d"}}, "template": {"metadata": {"labels": {"a": null, "c": "d"}}}}})),
            vec![(Forbidden, "spec")],
        ),
        ("update pod management policy 2", sts(json!({"spec": {"podManagementPolicy": "Parallel"}})), base.clone(), vec![(Forbidden, "spec")]),
        ("update to negative replicas", base.clone(), sts(json!({"spec": {"replicas": -1}})), vec![(Invalid, "spec.replicas")]),
        ("update pvc template size", with_pvc.clone(), sts(json!({"spec": {"volumeClaimTemplates": [pvc("2Gi", "storage-class1")]}})), vec![(Forbidden, "spec")]),
        ("update pvc template storage class", with_pvc.clone(), sts(json!({"spec": {"volumeClaimTemplates": [pvc("1Gi", "storage-class2")]}})), vec![(Forbidden, "spec")]),
        ("add new pvc template", with_pvc, sts(json!({"spec": {"volumeClaimTemplates": [pvc("1Gi", "storage-class1"), pvc("2Gi", "storage-class2")]}})), vec![(Forbidden, "spec")]),
    ];
    for (name, old, new, w) in cases {
        assert_eq!(pairs(&validate_update(&old, &new)), want(&w), "{name}");
    }
}

fn ds(patch: Value) -> Object {
    let mut v = json!({"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "abc", "namespace": "default"}, "spec": {
        "selector": {"matchLabels": {"a": "b"}},
        "template": {"metadata": {"labels": {"a": "b"}}, "spec": {"containers": [{"name": "ctr", "image": "image"}]}},
        "updateStrategy": {"type": "OnDelete"}}});
    merge(&mut v, &patch);
    defaulted(v)
}

/// TestValidateDaemonSet checks only that each error case fails with
/// errors under the expected fields; the fields here are the ones its
/// inputs produce through upstream's rules.
#[test]
fn daemon_set_create() {
    for o in [ds(json!({})), ds(json!({"metadata": {"name": "abc-123"}})), ds(json!({"spec": {"template": {"spec": {"hostNetwork": true, "containers": [{"name": "abc", "image": "image", "ports": [{"containerPort": 12345, "protocol": "TCP"}]}]}}}}))] {
        assert_eq!(pairs(&validate(&o)), vec![], "{o:?}");
    }
    let cases: Vec<(&str, Object, Vec<(ErrorType, &str)>)> = vec![
        ("zero-length ID", ds(json!({"metadata": {"name": ""}})), vec![(Required, "metadata.name")]),
        ("missing-namespace", ds(json!({"metadata": {"namespace": null}})), vec![(Required, "metadata.namespace")]),
        // A nil selector becomes labels.Nothing(), which matches no labels.
        ("nil selector", ds(json!({"spec": {"selector": null}})), vec![(Invalid, "spec.template.metadata.labels")]),
        ("empty selector", ds(json!({"spec": {"selector": {"matchLabels": null}}})), vec![(Invalid, "spec.selector")]),
        ("selector_doesnt_match", ds(json!({"spec": {"selector": {"matchLabels": {"a": null, "foo": "bar"}}}})), vec![(Invalid, "spec.template.metadata.labels")]),
        ("invalid template", ds(json!({"spec": {"template": null}})), vec![(Invalid, "spec.template.metadata.labels"), (Required, "spec.template.spec.containers")]),
        ("invalid_label", ds(json!({"metadata": {"labels": {"NoUppercaseOrSpecialCharsLike=Equals": "bar"}}})), vec![(Invalid, "metadata.labels")]),
        ("invalid_annotation", ds(json!({"metadata": {"annotations": {"NoUppercaseOrSpecialCharsLike=Equals": "bar"}}})), vec![(Invalid, "metadata.annotations")]),
        ("invalid restart policy 1", ds(json!({"spec": {"template": {"spec": {"restartPolicy": "OnFailure"}}}})), vec![(NotSupported, "spec.template.spec.restartPolicy")]),
        ("invalid restart policy 2", ds(json!({"spec": {"template": {"spec": {"restartPolicy": "Never"}}}})), vec![(NotSupported, "spec.template.spec.restartPolicy")]),
        (
            "template may not contain ephemeral containers",
            ds(json!({"spec": {"template": {"spec": {"ephemeralContainers": [{"name": "debug", "image": "image", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}}}})),
            vec![(Forbidden, "spec.template.spec.ephemeralContainers")],
        ),
    ];
    for (name, o, w) in cases {
        assert_eq!(pairs(&validate(&o)), want(&w), "{name}");
    }
}

/// TestValidateDaemonSetUpdate counts errors; the selector's
/// immutability (apps/v1's strategy, not `ValidateDaemonSetUpdate`) adds
/// one where the selector changes, as it does on a real server.
#[test]
fn daemon_set_update() {
    let base = ds(json!({}));
    let ok = [ds(json!({"spec": {"template": {"spec": {"nodeSelector": {"foo": "bar"}}}}})), ds(json!({"spec": {"updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 1}}}}))];
    for o in &ok {
        assert_eq!(pairs(&validate_update(&base, o)), vec![], "{o:?}");
    }
    let cases: Vec<(&str, Object, Object, Vec<(ErrorType, &str)>)> = vec![
        ("change daemon name", ds(json!({"metadata": {"name": ""}})), base.clone(), vec![(Invalid, "metadata.name")]),
        (
            "invalid selector",
            base.clone(),
            ds(json!({"spec": {"selector": {"matchLabels": {"a": null, "NoUppercaseOrSpecialCharsLike=Equals": "b"}}}})),
            // The bad key also fails LabelSelectorAsSelector, so the template is not matched.
            vec![(Invalid, "spec.selector.matchLabels"), (Invalid, "spec.selector")],
        ),
        ("invalid pod", base.clone(), ds(json!({"spec": {"template": {"spec": {"containers": []}}}})), vec![(Required, "spec.template.spec.containers")]),
        ("invalid update strategy", base.clone(), ds(json!({"spec": {"updateStrategy": {"type": "Random"}}})), vec![(NotSupported, "spec.updateStrategy")]),
    ];
    for (name, old, new, w) in cases {
        assert_eq!(pairs(&validate_update(&old, &new)), want(&w), "{name}");
    }
}

fn deploy(patch: Value) -> Object {
    let mut v = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "abc", "namespace": "default"}, "spec": {
        "selector": {"matchLabels": {"name": "abc"}},
        "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 1, "maxUnavailable": 1}},
        "template": {"metadata": {"labels": {"name": "abc"}}, "spec": {"containers": [{"name": "ctr", "image": "image"}]}}}});
    merge(&mut v, &patch);
    defaulted(v)
}

/// TestValidateDeployment: each case's first error contains the text.
#[test]
fn deployment_create() {
    for o in [deploy(json!({})), deploy(json!({"spec": {"template": {"spec": {"hostNetwork": true, "containers": [{"name": "ctr", "image": "image", "ports": [{"containerPort": 12345, "protocol": "TCP"}]}]}}}}))] {
        assert_eq!(pairs(&validate(&o)), vec![], "{o:?}");
    }
    let cases: Vec<(&str, Object)> = vec![
        ("metadata.name: Required value", deploy(json!({"metadata": {"name": ""}}))),
        ("`selector` does not match template `labels`", deploy(json!({"spec": {"selector": {"matchLabels": {"name": "def"}}}}))),
        ("Unsupported value: \"Never\"", deploy(json!({"spec": {"template": {"spec": {"restartPolicy": "Never"}}}}))),
        ("supported values: \"Recreate\", \"RollingUpdate\"", deploy(json!({"spec": {"strategy": {"type": "randomType"}}}))),
        ("may not be specified when strategy `type` is 'Recreate'", deploy(json!({"spec": {"strategy": {"type": "Recreate", "rollingUpdate": {}}}}))),
        ("a valid percent string must be", deploy(json!({"spec": {"strategy": {"rollingUpdate": {"maxSurge": "20Percent", "maxUnavailable": null}}}}))),
        ("may not be 0 when `maxSurge` is 0", deploy(json!({"spec": {"strategy": {"rollingUpdate": {"maxSurge": "0%", "maxUnavailable": 0}}}}))),
        ("must not be greater than 100%", deploy(json!({"spec": {"strategy": {"rollingUpdate": {"maxSurge": null, "maxUnavailable": "110%"}}}}))),
        ("must be greater than minReadySeconds", deploy(json!({"spec": {"progressDeadlineSeconds": 600, "minReadySeconds": 600}}))),
        ("ephemeral containers not allowed", deploy(json!({"spec": {"template": {"spec": {"ephemeralContainers": [{"name": "ec", "image": "image", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}}}}))),
    ];
    for (text, o) in cases {
        let errs = validate(&o);
        assert!(errs.first().is_some_and(|e| e.to_string().contains(text)), "{text}: {:?}", errs.iter().map(|e| e.to_string()).collect::<Vec<_>>());
    }
}

/// TestValidateDeploymentUpdate counts errors; as for DaemonSets the
/// apps/v1 strategy's immutable selector adds one when it changes.
#[test]
fn deployment_update() {
    let base = deploy(json!({"spec": {"strategy": {"type": "Recreate", "rollingUpdate": null}}}));
    let ok = deploy(json!({"spec": {"replicas": 2, "strategy": {"type": "Recreate", "rollingUpdate": null}}}));
    assert_eq!(pairs(&validate_update(&base, &ok)), vec![]);
    let bad = json!({"name": null, "NoUppercaseOrSpecialCharsLike=Equals": "b"});
    let cases: Vec<(&str, Object, Object, Vec<(ErrorType, &str)>)> = vec![
        (
            "invalid selector",
            deploy(json!({"metadata": {"name": ""}, "spec": {"strategy": {"type": "Recreate", "rollingUpdate": null}}})),
            deploy(json!({"spec": {"replicas": 2, "selector": {"matchLabels": {"name": null, "NoUppercaseOrSpecialCharsLike=Equals": "b"}}, "strategy": {"type": "Recreate", "rollingUpdate": null}}})),
            // Upstream's three (name, matchLabels, "invalid label selector") plus the immutable selector.
            vec![(Invalid, "metadata.name"), (Invalid, "spec.selector.matchLabels"), (Invalid, "spec.selector"), (Invalid, "spec.selector")],
        ),
        (
            "invalid pod",
            deploy(json!({"metadata": {"name": ""}, "spec": {"strategy": {"type": "Recreate", "rollingUpdate": null}}})),
            deploy(json!({"spec": {"replicas": 2, "strategy": {"type": "Recreate", "rollingUpdate": null}, "template": {"metadata": {"labels": bad}, "spec": {"containers": []}}}})),
            vec![(Invalid, "metadata.name"), (Invalid, "spec.template.metadata.labels"), (Invalid, "spec.template.labels"), (Required, "spec.template.spec.containers")],
        ),
        ("negative replicas", base.clone(), deploy(json!({"spec": {"replicas": -1, "strategy": {"type": "Recreate", "rollingUpdate": null}}})), vec![(Invalid, "spec.replicas")]),
    ];
    for (name, old, new, w) in cases {
        assert_eq!(pairs(&validate_update(&old, &new)), want(&w), "{name}");
    }
}
