//! plugin/pkg/admission/storage/storageclass/setdefault/admission_test.go
//! (v1.32), through the store's create: the classes first, each at its
//! time, then the claim; the class the claim was stored with.

use crate::store::{Store, WriteCtx};
use kubeplay_model::{time::EPOCH, Object, Time};
use serde_json::json;

fn class(name: &str, default: Option<&str>) -> Object {
    let mut meta = json!({"name": name});
    if let Some(d) = default {
        meta["annotations"] = json!({"storageclass.kubernetes.io/is-default-class": d});
    }
    serde_json::from_value(json!({"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": meta, "provisioner": "rancher.io/local-path"})).map(|c| Object::StorageClass(Box::new(c))).expect("class")
}

fn admitted(classes: &[(Object, Time)], claim_class: Option<&str>) -> Option<String> {
    let mut n = 0u64;
    let mut rng = move || {
        n += 1;
        n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    };
    let mut s = Store::new();
    let ns = serde_json::from_value(
        json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "ns"}}),
    )
    .expect("namespace");
    s.create(
        Object::Namespace(Box::new(ns)),
        &mut WriteCtx {
            now: EPOCH,
            rng: &mut rng,
        },
    )
    .expect("namespace created");
    for (c, at) in classes {
        s.create(
            c.clone(),
            &mut WriteCtx {
                now: *at,
                rng: &mut rng,
            },
        )
        .expect("class created");
    }
    let mut spec =
        json!({"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}});
    if let Some(c) = claim_class {
        spec["storageClassName"] = json!(c);
    }
    let claim = serde_json::from_value(json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "claim", "namespace": "ns"}, "spec": spec})).expect("claim");
    let stored = s
        .create(
            Object::PersistentVolumeClaim(Box::new(claim)),
            &mut WriteCtx {
                now: Time::from_millis(9_000),
                rng: &mut rng,
            },
        )
        .expect("claim created");
    match &*stored {
        Object::PersistentVolumeClaim(c) => c.spec.storage_class_name.clone(),
        _ => None,
    }
}

#[test]
fn default_storage_class_admission() {
    let at = Time::from_millis;
    let cases: Vec<(&str, Vec<(Object, Time)>, Option<&str>, Option<&str>)> = vec![
        (
            "no default, no modification",
            vec![
                (class("nondefault1", None), at(0)),
                (class("nondefault2", Some("false")), at(0)),
            ],
            None,
            None,
        ),
        (
            "one default, modify",
            vec![
                (class("default1", Some("true")), at(0)),
                (class("nondefault1", None), at(0)),
            ],
            None,
            Some("default1"),
        ),
        (
            "class given, no modification",
            vec![(class("default1", Some("true")), at(0))],
            Some("foo"),
            Some("foo"),
        ),
        (
            "empty class given, no modification",
            vec![(class("default1", Some("true")), at(0))],
            Some(""),
            Some(""),
        ),
        (
            "two defaults, the newest",
            vec![
                (class("default1", Some("true")), at(2_000)),
                (class("default2", Some("true")), at(1_000)),
            ],
            None,
            Some("default1"),
        ),
        (
            "two defaults made at once, the lowest name",
            vec![
                (class("default2", Some("true")), at(0)),
                (class("default1", Some("true")), at(0)),
            ],
            None,
            Some("default1"),
        ),
        (
            "a newer default with a higher name",
            vec![
                (class("gold", Some("true")), at(0)),
                (class("standard", Some("true")), at(1_000)),
            ],
            None,
            Some("standard"),
        ),
    ];
    for (name, classes, given, want) in cases {
        assert_eq!(admitted(&classes, given).as_deref(), want, "{name}");
    }
}
