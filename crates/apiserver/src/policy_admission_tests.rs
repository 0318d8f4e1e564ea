//! The plugin through the store's create and update: matching (resource
//! rules, selectors, bindings without policies), the messages of Deny and
//! Warn, and the checks of the two kinds. Cases after upstream's
//! validating/admission_test.go and matching_test.go (v1.32), written
//! anew.

use super::*;
use crate::store::WriteCtx;
use kubeplay_codec::object_from_json;
use kubeplay_model::time::EPOCH;
use serde_json::json;

fn ctx_rng() -> impl FnMut() -> u64 {
    let mut n = 0u64;
    move || {
        n += 1;
        n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

fn create(s: &mut Store, v: Json) -> Result<()> {
    let mut rng = ctx_rng();
    let obj = object_from_json(&v).expect("object");
    s.create(
        obj,
        &mut WriteCtx {
            now: EPOCH,
            rng: &mut rng,
        },
    )
    .map(|_| ())
}

fn update(s: &mut Store, v: Json) -> Result<()> {
    let mut rng = ctx_rng();
    let obj = object_from_json(&v).expect("object");
    s.update(
        obj,
        &mut WriteCtx {
            now: EPOCH,
            rng: &mut rng,
        },
    )
    .map(|_| ())
}

fn policy(name: &str, rule: Json, validations: Json) -> Json {
    json!({"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicy",
        "metadata": {"name": name},
        "spec": {"matchConstraints": {"resourceRules": [rule]}, "validations": validations}})
}

fn binding(name: &str, policy: &str, actions: &[&str], match_resources: Option<Json>) -> Json {
    let mut b = json!({"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicyBinding",
        "metadata": {"name": name}, "spec": {"policyName": policy, "validationActions": actions}});
    if let Some(m) = match_resources {
        b["spec"]["matchResources"] = m;
    }
    b
}

fn deployments_rule() -> Json {
    json!({"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["CREATE", "UPDATE"], "resources": ["deployments"]})
}

fn deployment(ns: &str, name: &str, replicas: i64, labels: Json) -> Json {
    json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name, "namespace": ns, "labels": labels},
        "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": "a"}},
            "template": {"metadata": {"labels": {"app": "a"}}, "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}})
}

/// A store with namespaces `test` (environment=test) and `prod`, and the
/// page's first policy.
fn store() -> Store {
    let mut s = Store::new();
    for (ns, env) in [("test", "test"), ("prod", "prod")] {
        create(&mut s, json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns, "labels": {"environment": env}}})).expect("namespace");
    }
    create(
        &mut s,
        policy(
            "demo-policy.example.com",
            deployments_rule(),
            json!([{"expression": "object.spec.replicas <= 5"}]),
        ),
    )
    .expect("policy");
    s
}

const PAGE_DENIAL: &str = "ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5";

#[test]
fn the_pages_first_example() {
    let mut s = store();
    // No binding: nothing is checked.
    create(&mut s, deployment("test", "early", 6, json!({}))).expect("unbound policy does nothing");
    let selector = json!({"namespaceSelector": {"matchLabels": {"environment": "test"}}});
    create(
        &mut s,
        binding(
            "demo-binding-test.example.com",
            "demo-policy.example.com",
            &["Deny"],
            Some(selector),
        ),
    )
    .expect("binding");
    let err = create(&mut s, deployment("test", "x", 6, json!({}))).expect_err("denied");
    assert_eq!(
        err.server_message(),
        format!("deployments.apps \"x\" is forbidden: {PAGE_DENIAL}")
    );
    assert_eq!(
        err.to_string(),
        format!("The deployments \"x\" is invalid: : {PAGE_DENIAL}")
    );
    assert_eq!(err.reason(), "Invalid");
    create(&mut s, deployment("test", "x", 5, json!({}))).expect("five allowed");
    create(&mut s, deployment("prod", "x", 6, json!({}))).expect("other namespace not selected");
    let err = update(&mut s, deployment("test", "x", 7, json!({}))).expect_err("update denied");
    assert_eq!(
        err.server_message(),
        format!("deployments.apps \"x\" is forbidden: {PAGE_DENIAL}")
    );
}

#[test]
fn a_binding_without_its_policy_does_nothing() {
    let mut s = Store::new();
    create(
        &mut s,
        json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "test"}}),
    )
    .expect("namespace");
    create(&mut s, binding("b", "missing", &["Deny"], None)).expect("binding");
    create(&mut s, deployment("test", "x", 60, json!({}))).expect("no policy, no check");
}

#[test]
fn warn_and_audit() {
    let mut s = store();
    create(
        &mut s,
        binding("warn", "demo-policy.example.com", &["Warn", "Audit"], None),
    )
    .expect("binding");
    s.take_warnings();
    create(&mut s, deployment("prod", "x", 6, json!({}))).expect("warned, not denied");
    assert_eq!(
        s.take_warnings(),
        ["Validation failed for ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'warn': failed expression: object.spec.replicas <= 5"]
    );
    create(
        &mut s,
        binding("audit", "demo-policy.example.com", &["Audit"], None),
    )
    .expect("binding");
    s.take_warnings();
    create(&mut s, deployment("prod", "y", 1, json!({}))).expect("valid");
    assert!(s.take_warnings().is_empty());
}

#[test]
fn messages() {
    // (validation, denial message after "denied request: ", reason)
    let cases: &[(Json, &str, &str)] = &[
        (
            json!({"expression": "false", "message": "  too many  "}),
            "too many",
            "Invalid",
        ),
        (
            json!({"expression": "false", "messageExpression": "'replicas: ' + string(object.spec.replicas)"}),
            "replicas: 6",
            "Invalid",
        ),
        // A message expression that fails, is empty or spans lines gives way
        // to the message, then to the expression.
        (
            json!({"expression": "false", "messageExpression": "object.nope", "message": "static"}),
            "static",
            "Invalid",
        ),
        (
            json!({"expression": "false", "messageExpression": "'a\\nb'"}),
            "failed expression: false",
            "Invalid",
        ),
        (
            json!({"expression": " false ", "messageExpression": "'  '"}),
            "failed expression: false",
            "Invalid",
        ),
        (
            json!({"expression": "false", "reason": "Forbidden"}),
            "failed expression: false",
            "Forbidden",
        ),
        (
            json!({"expression": "object.spec.nope > 1"}),
            "expression 'object.spec.nope > 1' resulted in error: no such key: nope",
            "Invalid",
        ),
    ];
    for (validation, message, reason) in cases {
        let mut s = store();
        create(&mut s, policy("p", deployments_rule(), json!([validation]))).expect("policy");
        create(&mut s, binding("b", "p", &["Deny"], None)).expect("binding");
        let err = create(&mut s, deployment("prod", "x", 6, json!({}))).expect_err("denied");
        assert_eq!(err.server_message(), format!("deployments.apps \"x\" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: {message}"), "{validation}");
        assert_eq!(err.reason(), *reason, "{validation}");
    }
}

#[test]
fn failure_policy_ignore_admits_errors() {
    let mut s = store();
    let mut p = policy(
        "p",
        deployments_rule(),
        json!([{"expression": "object.spec.nope > 1"}]),
    );
    p["spec"]["failurePolicy"] = json!("Ignore");
    create(&mut s, p).expect("policy");
    create(&mut s, binding("b", "p", &["Deny"], None)).expect("binding");
    create(&mut s, deployment("prod", "x", 6, json!({}))).expect("error ignored");
}

#[test]
fn matching() {
    // (policy rule, binding's matchResources, deployment labels, namespace, whether denied)
    let all =
        json!({"apiGroups": ["*"], "apiVersions": ["*"], "operations": ["*"], "resources": ["*"]});
    let cases: Vec<(Json, Option<Json>, Json, &str, bool)> = vec![
        (deployments_rule(), None, json!({}), "prod", true),
        (all.clone(), None, json!({}), "prod", true),
        (
            json!({"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["deployments"]}),
            None,
            json!({}),
            "prod",
            false,
        ),
        (
            json!({"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["UPDATE"], "resources": ["deployments"]}),
            None,
            json!({}),
            "prod",
            false,
        ),
        (
            json!({"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["replicasets"]}),
            None,
            json!({}),
            "prod",
            false,
        ),
        (
            json!({"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["deployments"], "resourceNames": ["other"]}),
            None,
            json!({}),
            "prod",
            false,
        ),
        (
            json!({"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["deployments"], "scope": "Cluster"}),
            None,
            json!({}),
            "prod",
            false,
        ),
        (
            json!({"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["deployments"], "scope": "Namespaced"}),
            None,
            json!({}),
            "prod",
            true,
        ),
        (
            all.clone(),
            Some(json!({"namespaceSelector": {"matchLabels": {"environment": "test"}}})),
            json!({}),
            "prod",
            false,
        ),
        (
            all.clone(),
            Some(json!({"namespaceSelector": {"matchLabels": {"environment": "test"}}})),
            json!({}),
            "test",
            true,
        ),
        (
            all.clone(),
            Some(json!({"objectSelector": {"matchLabels": {"tier": "web"}}})),
            json!({"tier": "web"}),
            "prod",
            true,
        ),
        (
            all.clone(),
            Some(json!({"objectSelector": {"matchLabels": {"tier": "web"}}})),
            json!({}),
            "prod",
            false,
        ),
        (
            all.clone(),
            Some(
                json!({"resourceRules": [{"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["statefulsets"]}]}),
            ),
            json!({}),
            "prod",
            false,
        ),
        (
            all.clone(),
            Some(json!({"excludeResourceRules": [deployments_rule()]})),
            json!({}),
            "prod",
            false,
        ),
    ];
    for (i, (rule, match_resources, labels, ns, denied)) in cases.into_iter().enumerate() {
        let mut s = store();
        create(
            &mut s,
            policy(
                "p",
                rule,
                json!([{"expression": "object.spec.replicas <= 5"}]),
            ),
        )
        .expect("policy");
        create(&mut s, binding("b", "p", &["Deny"], match_resources)).expect("binding");
        assert_eq!(
            create(&mut s, deployment(ns, "x", 6, labels)).is_err(),
            denied,
            "case {i}"
        );
    }
}

#[test]
fn request_variables_and_match_conditions() {
    let mut s = store();
    let mut p = policy(
        "p",
        deployments_rule(),
        json!([{"expression": "variables.big == false", "messageExpression": "request.operation + ' ' + request.namespace + '/' + request.name + ' by ' + request.userInfo.username"}]),
    );
    p["spec"]["variables"] = json!([{"name": "big", "expression": "object.spec.replicas > 5"}]);
    p["spec"]["matchConditions"] =
        json!([{"name": "only-labelled", "expression": "'checked' in object.metadata.labels"}]);
    create(&mut s, p).expect("policy");
    create(&mut s, binding("b", "p", &["Deny"], None)).expect("binding");
    create(
        &mut s,
        deployment("prod", "skipped", 6, json!({"other": "x"})),
    )
    .expect("match condition false");
    let err = create(
        &mut s,
        deployment("prod", "x", 6, json!({"checked": "yes"})),
    )
    .expect_err("denied");
    assert_eq!(err.server_message(), "deployments.apps \"x\" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: CREATE prod/x by kubernetes-admin");
}

#[test]
fn the_kinds_are_checked() {
    let mut s = Store::new();
    let err = create(
        &mut s,
        policy("p", deployments_rule(), json!([{"expression": "1 +"}])),
    )
    .expect_err("does not compile");
    assert!(err.to_string().starts_with("The ValidatingAdmissionPolicy \"p\" is invalid: spec.validations[0].expression: Invalid value: \"1 +\": compilation failed: ERROR: <input>:1:4: Syntax error:"), "{err}");
    let err =
        create(&mut s, policy("p", deployments_rule(), json!([]))).expect_err("no validations");
    assert_eq!(err.to_string(), "The ValidatingAdmissionPolicy \"p\" is invalid: spec.validations: Required value: validations or auditAnnotations must contain at least one item");
    let mut p = policy(
        "p",
        deployments_rule(),
        json!([{"expression": "true", "reason": "Teapot"}]),
    );
    p["spec"]["failurePolicy"] = json!("Sometimes");
    let err = create(&mut s, p).expect_err("bad values");
    assert_eq!(
        err.to_string(),
        "The ValidatingAdmissionPolicy \"p\" is invalid: \n* spec.failurePolicy: Unsupported value: \"Sometimes\": supported values: \"Fail\", \"Ignore\"\n* spec.validations[0].reason: Unsupported value: \"Teapot\": supported values: \"Unauthorized\", \"Forbidden\", \"Invalid\", \"RequestEntityTooLarge\""
    );
    let err = create(&mut s, binding("b", "", &["Deny", "Block", "Deny"], None))
        .expect_err("bad binding");
    assert_eq!(
        err.to_string(),
        "The ValidatingAdmissionPolicyBinding \"b\" is invalid: \n* spec.policyName: Required value\n* spec.validationActions[1]: Unsupported value: \"Block\": supported values: \"Audit\", \"Deny\", \"Warn\"\n* spec.validationActions[2]: Duplicate value: \"Deny\""
    );
}
