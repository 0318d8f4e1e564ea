//! describe_test.go's PersistentVolume, PersistentVolumeClaim and
//! StorageClass cases (kubectl v1.32), with the objects decoded from the
//! JSON of upstream's Go literals.

use super::storage::{
    describe_persistent_volume, describe_persistent_volume_claim, describe_storage_class,
    pods_for_claim,
};
use kubeplay_model::api::{PersistentVolume, PersistentVolumeClaim, Pod, StorageClass};
use kubeplay_model::Time;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

const NOW: Time = kubeplay_model::time::EPOCH;
const TEN_YEARS_SECS: i64 = 3653 * 86_400;

fn decode<T: DeserializeOwned>(v: Value) -> T {
    serde_json::from_value(v).expect("test object decodes")
}

fn check(out: &str, want: &[&str], unwanted: &[&str]) {
    for w in want {
        assert!(out.contains(w), "want {w:?} in:\n{out}");
    }
    for u in unwanted {
        assert!(!out.contains(u), "unexpected {u:?} in:\n{out}");
    }
}

// describe_test.go's TestPersistentVolumeDescriber. Its gluster cases
// (test5, test19) print a source the model does not keep; the other
// unkept sources (gce, ebs, iscsi, rbd, quobyte, cinder, fc) are still
// checked for their VolumeMode line.
#[test]
fn persistent_volume_cases() {
    let expressions = json!({"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "foo", "operator": "In", "values": ["val1", "val2"]}, {"key": "foo", "operator": "Exists"}]}]}});
    let no_mode: &[&str] = &["VolumeMode", "Filesystem"];
    let local = json!({"local": {}});
    let with = |source: Value, extra: Value| {
        let mut spec = source;
        if let (Some(s), Value::Object(e)) = (spec.as_object_mut(), extra) {
            s.extend(e);
        }
        spec
    };
    let cases: Vec<(Value, Value, Vec<&str>, &[&str])> = vec![
        (
            json!({"name": "bar"}),
            json!({"hostPath": {"type": ""}}),
            vec![],
            no_mode,
        ),
        (
            json!({"name": "bar"}),
            json!({"gcePersistentDisk": {}, "volumeMode": "Filesystem"}),
            vec!["VolumeMode", "Filesystem"],
            &[],
        ),
        (
            json!({"name": "bar"}),
            json!({"awsElasticBlockStore": {}}),
            vec![],
            no_mode,
        ),
        (json!({"name": "bar"}), json!({"nfs": {}}), vec![], no_mode),
        (
            json!({"name": "bar"}),
            json!({"iscsi": {}, "volumeMode": "Block"}),
            vec!["VolumeMode", "Block"],
            &[],
        ),
        (json!({"name": "bar"}), json!({"rbd": {}}), vec![], no_mode),
        (
            json!({"name": "bar"}),
            json!({"quobyte": {}}),
            vec![],
            no_mode,
        ),
        (
            json!({"name": "bar"}),
            json!({"cinder": {}}),
            vec![],
            no_mode,
        ),
        (
            json!({"name": "bar"}),
            json!({"fc": {}, "volumeMode": "Block"}),
            vec!["VolumeMode", "Block"],
            &[],
        ),
        (
            json!({"name": "bar"}),
            local.clone(),
            vec!["Node Affinity:   <none>"],
            &["Required Terms", "Term "],
        ),
        (
            json!({"name": "bar"}),
            with(local.clone(), json!({"nodeAffinity": {}})),
            vec!["Node Affinity:   <none>"],
            &["Required Terms", "Term "],
        ),
        (
            json!({"name": "bar"}),
            with(local.clone(), json!({"nodeAffinity": {"required": {}}})),
            vec!["Node Affinity", "Required Terms:  <none>"],
            &["Term "],
        ),
        (
            json!({"name": "bar"}),
            with(
                local.clone(),
                json!({"nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": []}, {"matchExpressions": []}]}}}),
            ),
            vec!["Node Affinity", "Required Terms", "Term 0", "Term 1"],
            &[],
        ),
        (
            json!({"name": "bar"}),
            with(local.clone(), json!({"nodeAffinity": expressions})),
            vec![
                "Node Affinity",
                "Required Terms",
                "Term 0",
                "foo in [val1, val2]",
                "foo exists",
            ],
            &[],
        ),
        (
            json!({"name": "bar", "generateName": "test-GenerateName", "uid": "test-UID", "creationTimestamp": NOW.rfc3339(), "deletionTimestamp": NOW.rfc3339(), "deletionGracePeriodSeconds": 0, "labels": {"label1": "label1", "label2": "label2", "label3": "label3"}, "annotations": {"annotation1": "annotation1", "annotation2": "annotation2", "annotation3": "annotation3"}}),
            with(local.clone(), json!({"nodeAffinity": expressions})),
            vec![
                "Node Affinity",
                "Required Terms",
                "Term 0",
                "foo in [val1, val2]",
                "foo exists",
            ],
            &[],
        ),
        (
            json!({"name": "bar", "deletionTimestamp": NOW.rfc3339()}),
            json!({"csi": {"driver": "drive", "volumeHandle": "handler", "readOnly": true, "volumeAttributes": {"Attribute1": "Value1", "Attribute2": "Value2", "Attribute3": "Value3"}}}),
            vec!["Driver", "VolumeHandle", "ReadOnly", "VolumeAttributes"],
            &[],
        ),
    ];
    for (meta, spec, want, unwanted) in cases {
        let pv: PersistentVolume = decode(json!({"metadata": meta, "spec": spec}));
        let out = describe_persistent_volume(&pv, Some(&[]), NOW);
        assert!(!out.is_empty());
        check(&out, &want, unwanted);
    }
    // test15: deleted ten years ago.
    let mut pv: PersistentVolume =
        decode(json!({"metadata": {"name": "bar"}, "spec": {"local": {}}}));
    pv.metadata.deletion_timestamp = Some(NOW.plus_secs(-TEN_YEARS_SECS));
    check(
        &describe_persistent_volume(&pv, Some(&[]), NOW),
        &["Terminating (lasts 10y)"],
        &[],
    );
}

fn claim(spec: Value, status: Value) -> PersistentVolumeClaim {
    let mut s = json!({"volumeName": "volume1", "storageClassName": "gold"});
    if let (Some(m), Value::Object(extra)) = (s.as_object_mut(), spec) {
        m.extend(extra);
    }
    decode(json!({"metadata": {"namespace": "foo", "name": "bar"}, "spec": s, "status": status}))
}

fn condition(fields: Value) -> Value {
    let mut c = json!({"type": "", "status": ""});
    if let (Some(m), Value::Object(extra)) = (c.as_object_mut(), fields) {
        m.extend(extra);
    }
    json!({"conditions": [c]})
}

// describe_test.go's TestPersistentVolumeClaimDescriber
#[test]
fn persistent_volume_claim_cases() {
    let bound = json!({"phase": "Bound"});
    let now = NOW.rfc3339();
    let stamp = crate::print::duration::rfc1123z(Some(NOW));
    let cases: Vec<(PersistentVolumeClaim, bool, Vec<&str>, &[&str])> = vec![
        (claim(json!({}), bound.clone()), true, vec!["Events"], &["VolumeMode", "Filesystem"]),
        (claim(json!({"volumeName": "volume2", "volumeMode": "Filesystem"}), bound.clone()), true, vec!["VolumeMode", "Filesystem"], &[]),
        (claim(json!({"volumeName": "volume3", "volumeMode": "Block"}), bound.clone()), true, vec!["VolumeMode", "Block"], &[]),
        (claim(json!({"volumeName": "volume4"}), condition(json!({"type": "Resizing"}))), true, vec!["Conditions", "Type", "Resizing"], &[]),
        (claim(json!({"volumeName": "volume5"}), condition(json!({"status": "True"}))), true, vec!["Conditions", "Status", "True"], &[]),
        (claim(json!({"volumeName": "volume6"}), condition(json!({"lastProbeTime": now}))), true, vec!["Conditions", "LastProbeTime", &stamp], &[]),
        (claim(json!({"volumeName": "volume7"}), condition(json!({"lastTransitionTime": now}))), true, vec!["Conditions", "LastTransitionTime", &stamp], &[]),
        (claim(json!({"volumeName": "volume8"}), condition(json!({"reason": "OfflineResize"}))), true, vec!["Conditions", "Reason", "OfflineResize"], &[]),
        (claim(json!({"volumeName": "volume9"}), condition(json!({"message": "User request resize"}))), true, vec!["Conditions", "Message", "User request resize"], &[]),
        (
            claim(json!({"volumeName": "volume10", "dataSource": {"name": "srcpvc", "kind": "PersistentVolumeClaim"}}), json!({})),
            true,
            vec!["\nDataSource:\n  Kind:   PersistentVolumeClaim\n  Name:   srcpvc"],
            &[],
        ),
        (
            claim(json!({"volumeName": "volume10", "dataSource": {"name": "src-snapshot", "kind": "VolumeSnapshot", "apiGroup": "snapshot.storage.k8s.io"}}), json!({})),
            true,
            vec!["DataSource:\n  APIGroup:  snapshot.storage.k8s.io\n  Kind:      VolumeSnapshot\n  Name:      src-snapshot\n"],
            &[],
        ),
        (claim(json!({}), bound.clone()), false, vec![], &["Events"]),
    ];
    for (pvc, show_events, want, unwanted) in cases {
        let out = describe_persistent_volume_claim(&pvc, &[], show_events.then_some(&[][..]), NOW);
        assert!(!out.is_empty());
        check(&out, &want, unwanted);
    }
    // deletion-timestamp
    let mut pvc = claim(json!({"volumeName": "volume10"}), json!({}));
    pvc.metadata.deletion_timestamp = Some(NOW.plus_secs(-TEN_YEARS_SECS));
    check(
        &describe_persistent_volume_claim(&pvc, &[], Some(&[]), NOW),
        &["Terminating (lasts 10y)"],
        &[],
    );
}

// describe_test.go's TestGetPodsForPVC
#[test]
fn pods_for_pvc() {
    let pvc = |owners: Value| -> PersistentVolumeClaim {
        decode(
            json!({"metadata": {"namespace": "ns", "name": "pvc-name", "ownerReferences": owners}, "spec": {"volumeName": "volume1", "storageClassName": "gold"}, "status": {"phase": "Bound"}}),
        )
    };
    let mounting: Pod = decode(
        json!({"metadata": {"namespace": "ns", "name": "pod-name"}, "spec": {"volumes": [{"name": "volume", "persistentVolumeClaim": {"claimName": "pvc-name"}}]}}),
    );
    let owner: Pod =
        decode(json!({"metadata": {"namespace": "ns", "name": "pod-name", "uid": "pod-uid"}}));
    let names = |pods: Vec<&Pod>| {
        pods.iter()
            .map(|p| p.metadata.name.clone())
            .collect::<Vec<_>>()
    };
    assert!(pods_for_claim(&pvc(json!([])), &[]).is_empty());
    assert_eq!(
        names(pods_for_claim(&pvc(json!([])), &[&mounting])),
        ["pod-name"]
    );
    let owned =
        pvc(json!([{"apiVersion": "v1", "kind": "Pod", "name": "pod-name", "uid": "pod-uid"}]));
    assert_eq!(names(pods_for_claim(&owned, &[&owner])), ["pod-name"]);
}

// describe_test.go's TestDescribeStorageClass
#[test]
fn storage_class_page() {
    let sc: StorageClass = decode(json!({
        "metadata": {"name": "foo", "resourceVersion": "4", "annotations": {"name": "foo"}},
        "provisioner": "my-provisioner",
        "parameters": {"param1": "value1", "param2": "value2"},
        "reclaimPolicy": "Retain",
        "volumeBindingMode": "bindingmode",
        "allowedTopologies": [
            {"matchLabelExpressions": [{"key": "failure-domain.beta.kubernetes.io/zone", "values": ["zone1"]}, {"key": "kubernetes.io/hostname", "values": ["node1"]}]},
            {"matchLabelExpressions": [{"key": "failure-domain.beta.kubernetes.io/zone", "values": ["zone2"]}, {"key": "kubernetes.io/hostname", "values": ["node2"]}]}
        ]
    }));
    let out = describe_storage_class(&sc, Some(&[]), NOW);
    check(
        &out,
        &[
            "foo",
            "my-provisioner",
            "param1",
            "param2",
            "value1",
            "value2",
            "Retain",
            "bindingmode",
            "failure-domain.beta.kubernetes.io/zone",
            "zone1",
            "kubernetes.io/hostname",
            "node1",
            "zone2",
            "node2",
        ],
        &[],
    );
}
