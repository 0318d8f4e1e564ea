//! plugin/pkg/admission/network/defaultingressclass/admission_test.go
//! (v1.32), through the store's create: the classes are created first
//! (at the times the cases give them), then the Ingress.

use crate::store::{Store, WriteCtx};
use kubeplay_model::api::{Ingress, IngressClass, DEFAULT_INGRESS_CLASS_ANNOTATION};
use kubeplay_model::{time::EPOCH, Object, ObjectMeta, Time};
use serde_json::json;

fn class(name: &str, default: Option<&str>) -> Object {
    let mut c = IngressClass { metadata: ObjectMeta { name: name.into(), ..Default::default() }, ..Default::default() };
    // Upstream's classes name no controller; a stored one must.
    c.spec.controller = Some("example.com/ingress".into());
    if let Some(d) = default {
        c.metadata.annotations = [(DEFAULT_INGRESS_CLASS_ANNOTATION.to_string(), d.to_string())].into_iter().collect::<std::collections::BTreeMap<_, _>>().into();
    }
    Object::IngressClass(Box::new(c))
}

/// Creates the classes (each at its time), then an Ingress `testing` with
/// this class field and annotation; returns the class it was stored with.
fn admitted(classes: &[(Object, Time)], field: Option<&str>, annotation: Option<&str>) -> Option<String> {
    let mut n = 0u64;
    let mut rng = move || {
        n += 1;
        n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    };
    let mut s = Store::new();
    let ns = serde_json::from_value(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "testing"}})).expect("namespace");
    s.create(Object::Namespace(Box::new(ns)), &mut WriteCtx { now: EPOCH, rng: &mut rng }).expect("namespace created");
    for (c, at) in classes {
        s.create(c.clone(), &mut WriteCtx { now: *at, rng: &mut rng }).expect("class created");
    }
    let mut spec = json!({"defaultBackend": {"service": {"name": "svc", "port": {"number": 80}}}});
    if let Some(f) = field {
        spec["ingressClassName"] = json!(f);
    }
    let mut ing: Ingress = serde_json::from_value(json!({"metadata": {"name": "testing", "namespace": "testing"}, "spec": spec})).expect("ingress");
    if let Some(a) = annotation {
        ing.metadata.annotations = [("kubernetes.io/ingress.class".to_string(), a.to_string())].into_iter().collect::<std::collections::BTreeMap<_, _>>().into();
    }
    let stored = s.create(Object::Ingress(Box::new(ing)), &mut WriteCtx { now: EPOCH.plus_secs(60), rng: &mut rng });
    match stored.as_deref() {
        Ok(Object::Ingress(i)) => i.spec.ingress_class_name.clone(),
        other => panic!("ingress not created: {other:?}"),
    }
}

// admission_test.go's TestAdmission. An empty class name is not stored
// (validation refuses it), so the `class field=''` cases are checked on
// the plugin's own input, as upstream's are.
#[test]
fn default_ingress_class_admission() {
    let at = |ms: i64| EPOCH.plus_millis(ms);
    let non_defaults = || vec![(class("nondefault1", Some("false")), at(0)), (class("nondefault2", None), at(0)), (class("nondefault3", Some("")), at(0))];
    let with = |extra: Vec<(Object, Time)>| extra.into_iter().chain(non_defaults()).collect::<Vec<_>>();
    let default1 = || (class("default1", Some("true")), at(0));
    let default2 = || (class("default2", Some("true")), at(0));

    assert_eq!(admitted(&non_defaults(), None, None), None, "no default, no modification of Ingress");
    assert_eq!(admitted(&with(vec![default1()]), None, None).as_deref(), Some("default1"), "one default, modify Ingress with class=nil");
    assert_eq!(admitted(&with(vec![default1()]), Some("foo"), None).as_deref(), Some("foo"), "one default, no modification of Ingress with class field='foo'");
    assert_eq!(admitted(&with(vec![default1()]), None, Some("foo")), None, "one default, no modification of Ingress with class annotation='foo'");
    assert_eq!(
        admitted(&with(vec![default1(), default2()]), None, None).as_deref(),
        Some("default1"),
        "two defaults with the same creation time, choose the one with the lower name"
    );
    // Upstream's two times are a nanosecond apart; the playground keeps
    // milliseconds.
    assert_eq!(
        admitted(&with(vec![(class("default1", Some("true")), at(1)), (class("default2", Some("true")), at(0))]), None, None).as_deref(),
        Some("default1"),
        "two defaults, choose the one with the newer creation time"
    );
    assert_eq!(
        admitted(&with(vec![(class("default2", Some("true")), at(0)), (class("default1", Some("true")), at(1))]), None, None).as_deref(),
        Some("default1"),
        "the newer one wins whatever the order of the list"
    );

    for (case, classes) in [("one default", with(vec![default1()])), ("two defaults", with(vec![default1(), default2()]))] {
        let mut s = Store::new();
        let mut rng = || 7u64;
        for (c, t) in classes {
            s.create(c, &mut WriteCtx { now: t, rng: &mut rng }).expect("class created");
        }
        let mut ing = Ingress::default();
        ing.spec.ingress_class_name = Some(String::new());
        super::default_ingress_class(&s, &mut ing);
        assert_eq!(ing.spec.ingress_class_name.as_deref(), Some(""), "{case}, no modification of Ingress with class field=''");
    }
}

/// plugin/pkg/admission/runtimeclass/admission_test.go's cases that a
/// cluster without RuntimeClasses can meet (`TestAdmit`'s missing class,
/// `TestSetOverhead`'s overhead without a class), through the store's create.
#[test]
fn runtime_class_admission_without_classes() {
    let mut n = 0u64;
    let mut rng = move || {
        n += 1;
        n
    };
    let mut s = Store::new();
    let ns = serde_json::from_value(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "default"}})).expect("namespace");
    s.create(Object::Namespace(Box::new(ns)), &mut WriteCtx { now: EPOCH, rng: &mut rng }).expect("namespace created");
    let cases = [
        ("no class, no overhead", json!({}), None),
        ("missing class", json!({"runtimeClassName": "kata-fc"}), Some("pods \"test-pod\" is forbidden: pod rejected: RuntimeClass \"kata-fc\" not found")),
        (
            "overhead without a class",
            json!({"overhead": {"cpu": "250m"}}),
            Some("pods \"test-pod\" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead"),
        ),
    ];
    for (name, extra, want) in cases {
        let mut spec = json!({"containers": [{"name": "c", "image": "nginx"}]});
        for (k, v) in extra.as_object().into_iter().flatten() {
            spec[k] = v.clone();
        }
        let pod: kubeplay_model::api::Pod = serde_json::from_value(json!({"metadata": {"name": "test-pod", "namespace": "default"}, "spec": spec})).expect("pod");
        let got = s.create(Object::Pod(Box::new(pod)), &mut WriteCtx { now: EPOCH, rng: &mut rng }).err().map(|e| e.to_string());
        assert_eq!(got.as_deref(), want, "{name}");
        s = {
            let mut fresh = Store::new();
            let ns = serde_json::from_value(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "default"}})).expect("namespace");
            fresh.create(Object::Namespace(Box::new(ns)), &mut WriteCtx { now: EPOCH, rng: &mut rng }).expect("namespace created");
            fresh
        };
    }
}
