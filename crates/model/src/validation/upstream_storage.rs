//! Cases ported from upstream's `pkg/apis/core/validation/validation_test.go`
//! (v1.32) for PersistentVolumes and PersistentVolumeClaims. Each object
//! is a manifest decoded as is (upstream validates undefaulted objects).

use super::upstream_apps::merge;
use super::*;
use serde_json::{json, Value};

fn raw(v: Value) -> Object {
    Object::from_json(&v).expect("test object decodes")
}

fn texts(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

/// `testVolume` with the spec upstream's cases share, patched.
fn volume(name: &str, namespace: &str, patch: Value) -> Object {
    let mut meta = json!({"name": name});
    if !namespace.is_empty() {
        meta["namespace"] = json!(namespace);
    }
    let mut spec = json!({"capacity": {"storage": "10G"}, "accessModes": ["ReadWriteOnce"], "hostPath": {"path": "/foo", "type": "Directory"}});
    merge(&mut spec, &patch);
    raw(json!({"apiVersion": "v1", "kind": "PersistentVolume", "metadata": meta, "spec": spec}))
}

/// `testVolumeWithNodeAffinity`: a local volume.
fn local_volume(affinity: Value) -> Object {
    volume("test-volume-with-node-affinity", "", json!({"hostPath": null, "local": {"path": "/foo"}, "storageClassName": "test-storage-class", "nodeAffinity": affinity}))
}

/// `simpleVolumeNodeAffinity`.
fn simple_affinity(key: &str, value: &str) -> Value {
    json!({"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": key, "operator": "In", "values": [value]}]}]}})
}

// validation_test.go's TestValidatePersistentVolumes (the VolumeAttributesClass
// cases need a gate that is off in v1.32; "too-many-sources" pairs hostPath
// with nfs, as the playground does not model gcePersistentDisk)
#[test]
fn persistent_volumes() {
    let cases: Vec<(&str, bool, Object)> = vec![
        ("good-volume", false, volume("foo", "", json!({}))),
        ("good-volume-with-capacity-unit", false, volume("foo", "", json!({"capacity": {"storage": "10Gi"}}))),
        ("good-volume-without-capacity-unit", false, volume("foo", "", json!({"capacity": {"storage": "10"}}))),
        ("good-volume-with-storage-class", false, volume("foo", "", json!({"storageClassName": "valid"}))),
        ("good-volume-with-retain-policy", false, volume("foo", "", json!({"persistentVolumeReclaimPolicy": "Retain"}))),
        ("good-volume-with-volume-mode", false, volume("foo", "", json!({"volumeMode": "Filesystem"}))),
        ("invalid-accessmode", true, volume("foo", "", json!({"accessModes": ["fakemode"]}))),
        ("invalid-reclaimpolicy", true, volume("foo", "", json!({"persistentVolumeReclaimPolicy": "fakeReclaimPolicy"}))),
        ("invalid-volume-mode", true, volume("foo", "", json!({"volumeMode": "fakeVolumeMode"}))),
        ("with-read-write-once-pod", false, volume("foo", "", json!({"accessModes": ["ReadWriteOncePod"]}))),
        ("with-read-write-once-pod-and-others", true, volume("foo", "", json!({"accessModes": ["ReadWriteOncePod", "ReadWriteMany"]}))),
        ("unexpected-namespace", true, volume("foo", "unexpected-namespace", json!({}))),
        ("missing-volume-source", true, volume("foo", "", json!({"hostPath": null}))),
        ("bad-name", true, volume("123*Bad(Name", "unexpected-namespace", json!({}))),
        ("missing-name", true, volume("", "", json!({}))),
        ("missing-capacity", true, volume("foo", "", json!({"capacity": null}))),
        ("bad-volume-zero-capacity", true, volume("foo", "", json!({"capacity": {"storage": "0"}}))),
        ("missing-accessmodes", true, volume("goodname", "missing-accessmodes", json!({"accessModes": null}))),
        ("too-many-sources", true, volume("foo", "", json!({"capacity": {"storage": "5G"}, "accessModes": null, "nfs": {"server": "localhost", "path": "/srv"}}))),
        ("host mount of / with recycle reclaim policy", true, volume("bad-recycle-do-not-want", "", json!({"hostPath": {"path": "/"}, "persistentVolumeReclaimPolicy": "Recycle"}))),
        ("host mount of / with recycle reclaim policy 2", true, volume("bad-recycle-do-not-want", "", json!({"hostPath": {"path": "/a/.."}, "persistentVolumeReclaimPolicy": "Recycle"}))),
        ("invalid-storage-class-name", true, volume("invalid-storage-class-name", "", json!({"storageClassName": "-invalid-"}))),
        ("bad-hostpath-volume-backsteps", true, volume("foo", "", json!({"hostPath": {"path": "/foo/.."}, "storageClassName": "backstep-hostpath"}))),
        ("volume-node-affinity", false, local_volume(simple_affinity("foo", "bar"))),
        ("volume-empty-node-affinity", true, local_volume(json!({}))),
        ("volume-bad-node-affinity", true, local_volume(json!({"required": {"nodeSelectorTerms": [{"matchExpressions": [{"operator": "In", "values": ["test-label-value"]}]}]}}))),
    ];
    for (name, fails, o) in cases {
        let errs = texts(&validate(&o));
        assert_eq!(!errs.is_empty(), fails, "{name}: {errs:?}");
    }
}

/// The rules added for the cases above, with upstream's fields and wording.
#[test]
fn persistent_volume_messages() {
    let cases = [
        (volume("foo", "", json!({"capacity": {"storage": "0"}})), vec![r#"spec.capacity[storage]: Invalid value: "0": must be greater than zero"#]),
        (
            volume("foo", "", json!({"hostPath": {"path": "/", "type": null}, "persistentVolumeReclaimPolicy": "Recycle"})),
            vec!["spec.persistentVolumeReclaimPolicy: Forbidden: may not be 'recycle' for a hostPath mount of '/'"],
        ),
        (volume("foo", "", json!({"hostPath": {"path": "/foo/.."}})), vec![r#"spec.hostPath.path: Invalid value: "/foo/..": must not contain '..'"#]),
        (volume("foo", "", json!({"hostPath": {"path": ""}})), vec!["spec.hostPath.path: Required value"]),
        (
            volume("foo", "", json!({"hostPath": {"type": "Dir"}})),
            vec![r#"spec.hostPath.type: Unsupported value: "Dir": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket""#],
        ),
        (local_volume(json!({})), vec!["spec.nodeAffinity.required: Required value: must specify required node constraints"]),
        (volume("foo", "", json!({"hostPath": null, "local": {"path": "/foo"}})), vec!["spec.nodeAffinity: Required value: Local volume requires node affinity"]),
        (
            local_volume(json!({"required": {"nodeSelectorTerms": [{"matchExpressions": [{"operator": "In", "values": ["test-label-value"]}]}]}})),
            vec![
                r#"spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].key: Invalid value: "": name part must be non-empty"#,
                r#"spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].key: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"#,
            ],
        ),
    ];
    for (o, want) in cases {
        assert_eq!(texts(&validate(&o)), want);
    }
}

fn claim(name: &str, namespace: &str, spec: Value) -> Object {
    let mut meta = json!({"name": name});
    if !namespace.is_empty() {
        meta["namespace"] = json!(namespace);
    }
    raw(json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": meta, "spec": spec}))
}

/// `goodClaimSpec` in testValidatePVC, patched.
fn claim_spec(patch: Value) -> Value {
    let mut spec = json!({"selector": {"matchExpressions": [{"key": "key2", "operator": "Exists"}]}, "accessModes": ["ReadWriteOnce", "ReadOnlyMany"],
        "resources": {"requests": {"storage": "10G"}}, "storageClassName": "valid", "volumeMode": "Filesystem"});
    merge(&mut spec, &patch);
    spec
}

fn with_meta(meta: Value) -> Object {
    let mut v = json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "foo", "namespace": "ns"}, "spec": claim_spec(json!({}))});
    merge(&mut v, &json!({ "metadata": meta }));
    raw(v)
}

// validation_test.go's TestValidatePersistentVolumeClaim (testValidatePVC
// without the ephemeral variant; the VolumeAttributesClass case needs a
// gate that is off in v1.32)
#[test]
fn persistent_volume_claims() {
    let storage_only = |modes: Value| json!({"accessModes": modes, "resources": {"requests": {"storage": "10G"}}});
    let with_sources = |source: Value, source_ref: Value| {
        let mut s = json!({"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "10G"}}});
        if !source.is_null() {
            s["dataSource"] = source;
        }
        if !source_ref.is_null() {
            s["dataSourceRef"] = source_ref;
        }
        s
    };
    let cases: Vec<(&str, bool, Object)> = vec![
        ("good-claim", false, claim("foo", "ns", claim_spec(json!({})))),
        ("missing-name", true, claim("", "ns", claim_spec(json!({})))),
        ("missing-namespace", true, claim("foo", "", claim_spec(json!({})))),
        ("with-generate-name", false, with_meta(json!({"generateName": "pvc-"}))),
        ("with-uid", false, with_meta(json!({"uid": "ac051fac-2ead-46d9-b8b4-4e0fbeb7455d"}))),
        ("with-resource-version", false, with_meta(json!({"resourceVersion": "1"}))),
        ("with-generation", false, with_meta(json!({"generation": 100}))),
        ("with-creation-timestamp", false, with_meta(json!({"creationTimestamp": "2024-01-01T00:00:00Z"}))),
        ("with-deletion-grace-period-seconds", false, with_meta(json!({"deletionGracePeriodSeconds": 10}))),
        ("with-owner-references", false, with_meta(json!({"ownerReferences": [{"apiVersion": "v1", "kind": "pod", "name": "foo", "uid": "ac051fac-2ead-46d9-b8b4-4e0fbeb7455d"}]}))),
        ("with-finalizers", false, with_meta(json!({"finalizers": ["example.com/foo"]}))),
        ("with-good-labels", false, with_meta(json!({"labels": {"apps.kubernetes.io/name": "test"}}))),
        ("with-bad-labels", true, with_meta(json!({"labels": {"hello-world": "hyphen not allowed"}}))),
        ("with-good-annotations", false, with_meta(json!({"annotations": {"foo": "bar"}}))),
        ("with-read-write-once-pod", false, claim("foo", "ns", storage_only(json!(["ReadWriteOncePod"])))),
        ("with-read-write-once-pod-and-others", true, claim("foo", "ns", storage_only(json!(["ReadWriteOncePod", "ReadWriteMany"])))),
        ("invalid-claim-zero-capacity", true, claim("foo", "ns", claim_spec(json!({"resources": {"requests": {"storage": "0G"}}, "volumeMode": null})))),
        (
            "invalid-label-selector",
            true,
            claim(
                "foo",
                "ns",
                claim_spec(json!({"selector": {"matchExpressions": [{"key": "key2", "operator": "InvalidOp", "values": ["value1", "value2"]}]}, "storageClassName": null, "volumeMode": null})),
            ),
        ),
        ("invalid-accessmode", true, claim("foo", "ns", storage_only(json!(["fakemode"])))),
        ("no-access-modes", true, claim("foo", "ns", json!({"resources": {"requests": {"storage": "10G"}}}))),
        ("no-resource-requests", true, claim("foo", "ns", json!({"accessModes": ["ReadWriteOnce"]}))),
        ("invalid-resource-requests", true, claim("foo", "ns", json!({"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"memory": "10G"}}}))),
        ("negative-storage-request", true, claim("foo", "ns", claim_spec(json!({"resources": {"requests": {"storage": "-10G"}}, "storageClassName": null, "volumeMode": null})))),
        ("zero-storage-request", true, claim("foo", "ns", claim_spec(json!({"resources": {"requests": {"storage": "0G"}}, "storageClassName": null, "volumeMode": null})))),
        ("invalid-storage-class-name", true, claim("foo", "ns", claim_spec(json!({"storageClassName": "-invalid-", "volumeMode": null})))),
        ("invalid-volume-mode", true, claim("foo", "ns", claim_spec(json!({"selector": null, "storageClassName": null, "volumeMode": "fakeVolumeMode"})))),
        ("mismatch-data-source-and-ref", true, claim("foo", "ns", with_sources(json!({"kind": "PersistentVolumeClaim", "name": "pvc1"}), json!({"kind": "PersistentVolumeClaim", "name": "pvc2"})))),
        ("invaild-apigroup-in-data-source", true, claim("foo", "ns", with_sources(json!({"apiGroup": "^invalid", "kind": "Foo", "name": "foo1"}), Value::Null))),
        ("invaild-apigroup-in-data-source-ref", true, claim("foo", "ns", with_sources(Value::Null, json!({"apiGroup": "^invalid", "kind": "Foo", "name": "foo1"})))),
    ];
    for (name, fails, o) in cases {
        let errs = texts(&validate(&o));
        assert_eq!(!errs.is_empty(), fails, "{name}: {errs:?}");
    }
}

// validation_test.go's TestAlphaVolumeSnapshotDataSource
#[test]
fn volume_snapshot_data_source() {
    let spec = |name: &str, kind: &str| {
        json!({"accessModes": ["ReadOnlyMany"], "resources": {"requests": {"storage": "10G"}}, "storageClassName": "csi-plugin",
            "dataSource": {"apiGroup": "snapshot.storage.k8s.io", "kind": kind, "name": name}})
    };
    assert_eq!(texts(&validate(&claim("foo", "ns", spec("test_snapshot", "VolumeSnapshot")))), Vec::<String>::new());
    assert_eq!(texts(&validate(&claim("foo", "ns", spec("", "VolumeSnapshot")))), vec!["spec.dataSource.name: Required value"]);
    assert_eq!(texts(&validate(&claim("foo", "ns", spec("test_snapshot", "")))), vec!["spec.dataSource.kind: Required value"]);
}

/// The data source rules' messages.
#[test]
fn data_source_messages() {
    let spec = |source: Value, source_ref: Value| json!({"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}, "dataSource": source, "dataSourceRef": source_ref});
    let o = claim("foo", "ns", spec(json!({"kind": "PersistentVolumeClaim", "name": "pvc1"}), json!({"kind": "PersistentVolumeClaim", "name": "pvc2"})));
    assert_eq!(texts(&validate(&o)), vec!["spec: Invalid value: spec.dataSource: must match dataSourceRef"]);
    let o = claim("foo", "ns", spec(json!({"kind": "Pod", "name": "p"}), json!({"kind": "Pod", "name": "p"})));
    assert_eq!(
        texts(&validate(&o)),
        vec![
            r#"spec.dataSource: Invalid value: "Pod": must be 'PersistentVolumeClaim' when referencing the default apiGroup"#,
            r#"spec.dataSourceRef: Invalid value: "Pod": must be 'PersistentVolumeClaim' when referencing the default apiGroup"#
        ]
    );
}

/// A claim for the update table: spec fields, optional status phase and
/// capacity, optional annotations.
fn update_claim(spec: Value, phase: Option<&str>, capacity: Option<&str>, annotations: Value) -> Object {
    let mut v = json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "foo", "namespace": "ns", "resourceVersion": "1"}, "spec": spec});
    if !annotations.is_null() {
        v["metadata"]["annotations"] = annotations;
    }
    if let Some(p) = phase {
        v["status"] = json!({ "phase": p });
        if let Some(c) = capacity {
            v["status"]["capacity"] = json!({ "storage": c });
        }
    }
    raw(v)
}

// validation_test.go's TestValidatePersistentVolumeClaimUpdate (the
// VolumeAttributesClass cases need a gate that is off in v1.32, and the
// gate-off variants of RecoverVolumeExpansionFailure, including
// "invalid-size-update-resize-enabled", do not apply as the gate is on)
#[test]
fn persistent_volume_claim_updates() {
    let spec = |modes: Value, storage: &str, extra: Value| {
        let mut s = json!({"accessModes": modes, "resources": {"requests": {"storage": storage}}});
        merge(&mut s, &extra);
        s
    };
    let rwo_rox = || json!(["ReadWriteOnce", "ReadOnlyMany"]);
    let sc_ann = |v: &str| json!({ "volume.beta.kubernetes.io/storage-class": v });
    let valid_claim = update_claim(spec(rwo_rox(), "10G", json!({})), Some("Bound"), None, Value::Null);
    let valid_claim_storage_class = update_claim(spec(json!(["ReadOnlyMany"]), "10G", json!({})), None, None, sc_ann("fast"));
    let valid_claim_annotation = update_claim(spec(json!(["ReadOnlyMany"]), "10G", json!({})), None, None, json!({"description": "foo-description"}));
    let valid_update_claim = update_claim(spec(rwo_rox(), "10G", json!({"volumeName": "volume"})), None, None, Value::Null);
    let invalid_update_claim_resources = update_claim(spec(rwo_rox(), "20G", json!({"volumeName": "volume"})), None, None, Value::Null);
    let invalid_update_claim_access_modes = update_claim(spec(json!(["ReadWriteOnce"]), "10G", json!({"volumeName": "volume"})), None, None, Value::Null);
    let mode = |m: Option<&str>| update_claim(spec(json!(["ReadWriteOnce"]), "10G", json!({"volumeName": "volume", "volumeMode": m})), None, None, Value::Null);
    let invalid_update_claim_storage_class = update_claim(spec(json!(["ReadOnlyMany"]), "10G", json!({"volumeName": "volume"})), None, None, sc_ann("fast2"));
    let valid_update_claim_mutable_annotation =
        update_claim(spec(json!(["ReadOnlyMany"]), "10G", json!({"volumeName": "volume"})), None, None, json!({"description": "updated-or-added-foo-description"}));
    let valid_add_claim_annotation = update_claim(spec(rwo_rox(), "10G", json!({"volumeName": "volume"})), None, None, json!({"description": "updated-or-added-foo-description"}));
    let valid_size_update = update_claim(spec(rwo_rox(), "15G", json!({})), Some("Bound"), None, Value::Null);
    let unbound_size_update = update_claim(spec(rwo_rox(), "12G", json!({})), Some("Pending"), None, Value::Null);
    let in_spec = |sc: &str| update_claim(spec(json!(["ReadOnlyMany"]), "10G", json!({ "storageClassName": sc })), None, None, Value::Null);
    let sc_nil = update_claim(spec(json!(["ReadOnlyMany"]), "10G", json!({})), None, None, Value::Null);
    let ann_and_spec = |ann: &str, sc: &str| update_claim(spec(json!(["ReadOnlyMany"]), "10G", json!({ "storageClassName": sc })), None, None, sc_ann(ann));
    let ann_and_nil = update_claim(spec(json!(["ReadOnlyMany"]), "10G", json!({})), None, None, sc_ann("fast"));
    let rwop = update_claim(spec(json!(["ReadWriteOncePod"]), "10G", json!({"volumeName": "volume"})), None, None, Value::Null);
    let rwop_annotated = update_claim(spec(json!(["ReadWriteOncePod"]), "10G", json!({"volumeName": "volume"})), None, None, json!({"description": "updated-or-added-foo-description"}));
    let shrink = |size: &str, phase: &str| update_claim(spec(rwo_rox(), size, json!({})), Some(phase), Some("10G"), Value::Null);
    let bad_group = |field: &str| {
        update_claim(
            spec(json!(["ReadWriteOnce"]), "10G", json!({"volumeName": "volume", "volumeMode": "Filesystem", field: {"apiGroup": "^invalid", "kind": "Foo", "name": "foo"}})),
            None,
            None,
            Value::Null,
        )
    };
    let cases: Vec<(&str, bool, Object, Object)> = vec![
        ("valid-update-volumeName-only", false, valid_claim.clone(), valid_update_claim.clone()),
        ("valid-no-op-update", false, valid_update_claim.clone(), valid_update_claim.clone()),
        ("invalid-update-change-resources-on-bound-claim", true, valid_update_claim.clone(), invalid_update_claim_resources.clone()),
        ("invalid-update-change-access-modes-on-bound-claim", true, valid_update_claim.clone(), invalid_update_claim_access_modes.clone()),
        ("valid-update-volume-mode-block-to-block", false, mode(Some("Block")), mode(Some("Block"))),
        ("valid-update-volume-mode-file-to-file", false, mode(Some("Filesystem")), mode(Some("Filesystem"))),
        ("invalid-update-volume-mode-to-block", true, mode(Some("Filesystem")), mode(Some("Block"))),
        ("invalid-update-volume-mode-to-file", true, mode(Some("Block")), mode(Some("Filesystem"))),
        ("invalid-update-volume-mode-nil-to-file", true, mode(None), mode(Some("Filesystem"))),
        ("invalid-update-volume-mode-nil-to-block", true, mode(None), mode(Some("Block"))),
        ("invalid-update-volume-mode-block-to-nil", true, mode(Some("Block")), mode(None)),
        ("invalid-update-volume-mode-file-to-nil", true, mode(Some("Filesystem")), mode(None)),
        ("invalid-update-volume-mode-empty-to-mode", true, valid_claim.clone(), mode(Some("Block"))),
        ("invalid-update-volume-mode-mode-to-empty", true, mode(Some("Block")), valid_claim.clone()),
        ("invalid-update-change-storage-class-annotation-after-creation", true, valid_claim_storage_class.clone(), invalid_update_claim_storage_class.clone()),
        ("valid-update-mutable-annotation", false, valid_claim_annotation.clone(), valid_update_claim_mutable_annotation.clone()),
        ("valid-update-add-annotation", false, valid_claim.clone(), valid_add_claim_annotation.clone()),
        ("valid-size-update-resize-enabled", false, valid_claim.clone(), valid_size_update.clone()),
        ("unbound-size-update-resize-enabled", true, valid_claim.clone(), unbound_size_update.clone()),
        ("valid-upgrade-storage-class-annotation-to-spec", false, valid_claim_storage_class.clone(), in_spec("fast")),
        ("valid-upgrade-nil-storage-class-spec-to-spec", false, sc_nil.clone(), in_spec("fast")),
        ("invalid-upgrade-not-nil-storage-class-spec-to-spec", true, in_spec("fast"), in_spec("fast2")),
        ("invalid-upgrade-to-nil-storage-class-spec-to-spec", true, in_spec("fast"), sc_nil.clone()),
        ("valid-upgrade-storage-class-annotation-and-nil-spec-to-spec-retro", false, ann_and_nil.clone(), ann_and_spec("fast", "fast")),
        ("invalid-upgrade-storage-class-annotation-and-spec-to-spec-retro", true, ann_and_spec("fast", "fast"), in_spec("fast2")),
        ("invalid-upgrade-storage-class-annotation-and-no-spec", true, ann_and_nil.clone(), in_spec("fast2")),
        ("invalid-upgrade-storage-class-annotation-to-spec", true, valid_claim_storage_class.clone(), in_spec("fast2")),
        ("valid-upgrade-storage-class-annotation-to-annotation-and-spec", false, valid_claim_storage_class.clone(), ann_and_spec("fast", "fast")),
        ("invalid-upgrade-storage-class-annotation-to-annotation-and-spec", true, valid_claim_storage_class.clone(), ann_and_spec("fast2", "fast")),
        ("invalid-upgrade-storage-class-in-spec", true, in_spec("fast"), in_spec("fast2")),
        ("invalid-downgrade-storage-class-spec-to-annotation", true, in_spec("fast"), valid_claim_storage_class.clone()),
        ("valid-update-rwop-used-and-rwop-feature-disabled", false, rwop.clone(), rwop_annotated.clone()),
        ("valid-expand-shrink-resize-enabled", false, shrink("15G", "Bound"), shrink("13G", "Bound")),
        ("invalid-expand-shrink-resize-enabled", true, shrink("15G", "Bound"), shrink("3G", "Bound")),
        ("invalid-expand-shrink-to-status-resize-enabled", true, shrink("15G", "Bound"), shrink("10G", "Bound")),
        ("unbound-size-shrink-resize-enabled", true, shrink("15G", "Bound"), shrink("12G", "Pending")),
        ("allow-update-pvc-when-data-source-used", false, bad_group("dataSource"), bad_group("dataSource")),
        ("allow-update-pvc-when-data-source-ref-used", false, bad_group("dataSourceRef"), bad_group("dataSourceRef")),
    ];
    for (name, fails, old, new) in cases {
        let errs = texts(&validate_update(&old, &new));
        assert_eq!(!errs.is_empty(), fails, "{name}: {errs:?}");
    }
}

/// The shrink and storage-class annotation rules' messages.
#[test]
fn persistent_volume_claim_update_messages() {
    let claim = |size: &str, ann: &str| {
        let spec = json!({"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": size}}});
        update_claim(spec, Some("Bound"), Some("10G"), json!({"volume.beta.kubernetes.io/storage-class": ann}))
    };
    assert_eq!(texts(&validate_update(&claim("15G", "fast"), &claim("10G", "fast"))), vec!["spec.resources.requests.storage: Forbidden: field can not be less than status.capacity"]);
    assert_eq!(
        texts(&validate_update(&claim("15G", "fast"), &claim("15G", "slow"))),
        vec![r#"metadata.annotations.volume.beta.kubernetes.io/storage-class: Invalid value: "slow": field is immutable"#]
    );
}
