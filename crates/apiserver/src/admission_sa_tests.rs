//! plugin/pkg/admission/serviceaccount/admission_test.go (v1.32):
//! TestAddImagePullSecrets and TestDoNotAddImagePullSecrets, through the
//! store's create, plus the cases around them (no account secrets, a
//! mirror pod).

use crate::store::{Store, WriteCtx};
use kubeplay_model::{time::EPOCH, Object};
use serde_json::{json, Value};

fn store_with_account(pull_secrets: Option<Value>) -> (Store, impl FnMut() -> u64) {
    let mut n = 0u64;
    let mut rng = move || {
        n += 1;
        n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    };
    let mut s = Store::new();
    let ns = object(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "myns"}}));
    s.create(ns, &mut WriteCtx { now: EPOCH, rng: &mut rng }).expect("namespace created");
    let mut sa = json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": "myns"}});
    if let Some(p) = pull_secrets {
        sa["imagePullSecrets"] = p;
    }
    s.create(object(sa), &mut WriteCtx { now: EPOCH, rng: &mut rng }).expect("account created");
    (s, rng)
}

fn object(v: Value) -> Object {
    match v["kind"].as_str() {
        Some("Namespace") => Object::Namespace(Box::new(serde_json::from_value(v).expect("namespace"))),
        Some("ServiceAccount") => Object::ServiceAccount(Box::new(serde_json::from_value(v).expect("account"))),
        _ => Object::Pod(Box::new(serde_json::from_value(v).expect("pod"))),
    }
}

/// The pull secrets a pod with these annotations and pull secrets is stored with.
fn admitted(account: Option<Value>, annotations: Value, own: Option<Value>) -> Option<Value> {
    let (mut s, mut rng) = store_with_account(account);
    let mut pod = json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "myname", "namespace": "myns", "annotations": annotations},
        "spec": {"containers": [{"name": "c", "image": "nginx"}]}});
    // A mirror pod is valid only bound to its node.
    if annotations.get("kubernetes.io/config.mirror").is_some() {
        pod["spec"]["nodeName"] = json!("node1");
    }
    if let Some(o) = own {
        pod["spec"]["imagePullSecrets"] = o;
    }
    let stored = s.create(object(pod), &mut WriteCtx { now: EPOCH, rng: &mut rng });
    match stored.as_deref() {
        Ok(Object::Pod(p)) => p.spec.image_pull_secrets.as_deref().cloned(),
        other => panic!("pod not created: {other:?}"),
    }
}

/// Name, the account's pull secrets, the pod's annotations, the pod's
/// own pull secrets, and those it is stored with.
type Case = (&'static str, Option<Value>, Value, Option<Value>, Option<Value>);

#[test]
fn image_pull_secrets_from_the_account() {
    let foo_bar = json!([{"name": "foo"}, {"name": "bar"}]);
    let cases: &[Case] = &[
        ("TestAddImagePullSecrets: the account's, in its order", Some(foo_bar.clone()), json!({}), None, Some(foo_bar.clone())),
        ("TestDoNotAddImagePullSecrets: the pod's own win", Some(foo_bar.clone()), json!({}), Some(json!([{"name": "foo"}])), Some(json!([{"name": "foo"}]))),
        ("an empty list of the pod's own is none", Some(foo_bar.clone()), json!({}), Some(json!([])), Some(foo_bar.clone())),
        ("an account without pull secrets adds none", None, json!({}), None, None),
        ("an account's empty list adds none", Some(json!([])), json!({}), None, None),
        ("a mirror pod is left alone", Some(foo_bar), json!({"kubernetes.io/config.mirror": "x"}), None, None),
    ];
    for (name, account, annotations, own, want) in cases {
        assert_eq!(&admitted(account.clone(), annotations.clone(), own.clone()), want, "{name}");
    }
}
