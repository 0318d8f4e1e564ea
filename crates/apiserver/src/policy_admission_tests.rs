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
    assert_eq!(err.to_string(), "The ValidatingAdmissionPolicy \"p\" is invalid: \n* spec.validations: Required value: validations or auditAnnotations must contain at least one item\n* spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item");
    let mut p = policy(
        "p",
        deployments_rule(),
        json!([{"expression": "true", "reason": "Teapot"}]),
    );
    p["spec"]["failurePolicy"] = json!("Sometimes");
    let err = create(&mut s, p).expect_err("bad values");
    assert_eq!(
        err.to_string(),
        "The ValidatingAdmissionPolicy \"p\" is invalid: \n* spec.failurePolicy: Unsupported value: \"Sometimes\": supported values: \"Fail\", \"Ignore\"\n* spec.validations[0].reason: Unsupported value: \"Teapot\": supported values: \"Forbidden\", \"Invalid\", \"RequestEntityTooLarge\", \"Unauthorized\""
    );
    let err = create(&mut s, binding("b", "", &["Deny", "Block", "Deny"], None))
        .expect_err("bad binding");
    assert_eq!(
        err.to_string(),
        "The ValidatingAdmissionPolicyBinding \"b\" is invalid: \n* spec.policyName: Required value\n* spec.validationActions[1]: Unsupported value: \"Block\": supported values: \"Audit\", \"Deny\", \"Warn\"\n* spec.validationActions[2]: Duplicate value: \"Deny\""
    );
}

fn delete(s: &mut Store, kind: Kind, ns: &str, name: &str) -> Result<()> {
    let mut rng = ctx_rng();
    s.delete(
        &kubeplay_model::ObjectKey::new(kind, ns, name),
        &crate::store::DeleteOptions::default(),
        &mut WriteCtx {
            now: EPOCH,
            rng: &mut rng,
        },
    )
    .map(|_| ())
}

fn configmap(ns: &str, name: &str, data: Json, labels: Json) -> Json {
    json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name, "namespace": ns, "labels": labels}, "data": data})
}

/// The page's replica limit with a ConfigMap as the param kind.
fn param_policy(failure_policy: &str) -> Json {
    let mut p = policy(
        "limit",
        deployments_rule(),
        json!([{"expression": "object.spec.replicas <= int(params.data.max)",
            "messageExpression": "'at most ' + params.data.max + ' replicas'"}]),
    );
    p["spec"]["paramKind"] = json!({"apiVersion": "v1", "kind": "ConfigMap"});
    p["spec"]["failurePolicy"] = json!(failure_policy);
    p
}

fn param_binding(name: &str, param_ref: Json) -> Json {
    let mut b = binding(name, "limit", &["Deny"], None);
    b["spec"]["paramRef"] = param_ref;
    b
}

fn denial(err: ApiError) -> String {
    err.server_message()
        .split_once("is forbidden: ")
        .map(|(_, m)| m.to_string())
        .unwrap_or_default()
}

#[test]
fn params_by_name_and_not_found_actions() {
    let mut s = store();
    create(&mut s, param_policy("Fail")).expect("policy");
    create(&mut s, param_binding("b", json!({"name": "limits", "namespace": "test", "parameterNotFoundAction": "Deny"}))).expect("binding");
    let err = create(&mut s, deployment("prod", "x", 1, json!({}))).expect_err("param missing");
    assert_eq!(denial(err), "ValidatingAdmissionPolicy 'limit' with binding 'b' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction");
    create(&mut s, configmap("test", "limits", json!({"max": "3"}), json!({}))).expect("param");
    let err = create(&mut s, deployment("prod", "x", 4, json!({}))).expect_err("over the limit");
    assert_eq!(denial(err), "ValidatingAdmissionPolicy 'limit' with binding 'b' denied request: at most 3 replicas");
    create(&mut s, deployment("prod", "x", 3, json!({}))).expect("at the limit");
    // Allow: no param, no evaluation.
    create(&mut s, param_binding("b", json!({"name": "other", "namespace": "test", "parameterNotFoundAction": "Allow"}))).map(|_| ()).ok();
    update(&mut s, param_binding("b", json!({"name": "other", "namespace": "test", "parameterNotFoundAction": "Allow"}))).expect("binding updated");
    create(&mut s, deployment("prod", "y", 40, json!({}))).expect("no params allowed");
}

#[test]
fn params_per_namespace_and_by_selector() {
    let mut s = store();
    create(&mut s, param_policy("Fail")).expect("policy");
    // No namespace: the request's.
    create(&mut s, param_binding("b", json!({"selector": {"matchLabels": {"role": "limit"}}, "parameterNotFoundAction": "Allow"}))).expect("binding");
    create(&mut s, configmap("test", "a", json!({"max": "5"}), json!({"role": "limit"}))).expect("param a");
    create(&mut s, configmap("test", "b", json!({"max": "2"}), json!({"role": "limit"}))).expect("param b");
    create(&mut s, configmap("test", "c", json!({"max": "1"}), json!({}))).expect("unselected");
    // Every selected param must pass: the first failure (by name) is the error.
    let err = create(&mut s, deployment("test", "x", 3, json!({}))).expect_err("over b's limit");
    assert_eq!(denial(err), "ValidatingAdmissionPolicy 'limit' with binding 'b' denied request: at most 2 replicas");
    create(&mut s, deployment("test", "x", 2, json!({}))).expect("within both");
    create(&mut s, deployment("prod", "x", 30, json!({}))).expect("no params in prod");
    // A cluster-scoped request has no namespace to look in.
    let mut ns_policy = param_policy("Fail");
    ns_policy["metadata"]["name"] = json!("ns-limit");
    ns_policy["spec"]["matchConstraints"]["resourceRules"] = json!([{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["namespaces"]}]);
    create(&mut s, ns_policy).expect("policy");
    let mut b = param_binding("nsb", json!({"name": "a", "parameterNotFoundAction": "Deny"}));
    b["spec"]["policyName"] = json!("ns-limit");
    create(&mut s, b).expect("binding");
    let err = create(&mut s, json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "new"}})).expect_err("no namespace for params");
    assert_eq!(denial(err), "ValidatingAdmissionPolicy 'ns-limit' with binding 'nsb' denied request: failed to configure binding: cannot use namespaced paramRef in policy binding that matches cluster-scoped resources");
}

#[test]
fn an_unknown_param_kind_is_a_configuration_error() {
    let mut s = store();
    let mut p = param_policy("Fail");
    p["spec"]["paramKind"] = json!({"apiVersion": "rules.example.com/v1", "kind": "ReplicaLimit"});
    create(&mut s, p.clone()).expect("policy");
    create(&mut s, param_binding("b", json!({"name": "x", "parameterNotFoundAction": "Deny"}))).expect("binding");
    let err = create(&mut s, deployment("prod", "x", 1, json!({}))).expect_err("kind unknown");
    assert_eq!(denial(err), "ValidatingAdmissionPolicy 'limit' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'rules.example.com/v1, Kind=ReplicaLimit'");
    p["spec"]["failurePolicy"] = json!("Ignore");
    update(&mut s, p).expect("policy");
    create(&mut s, deployment("prod", "x", 1, json!({}))).expect("ignored");
}

#[test]
fn delete_sees_old_object_only() {
    let mut s = store();
    let p = policy(
        "keep",
        json!({"apiGroups": [""], "apiVersions": ["v1"], "operations": ["DELETE"], "resources": ["configmaps"]}),
        json!([{"expression": "object == null && oldObject.metadata.name != 'keep-me'", "message": "this one stays"}]),
    );
    create(&mut s, p).expect("policy");
    create(&mut s, binding("b", "keep", &["Deny"], None)).expect("binding");
    create(&mut s, configmap("test", "keep-me", json!({}), json!({}))).expect("cm");
    create(&mut s, configmap("test", "other", json!({}), json!({}))).expect("cm");
    let err = delete(&mut s, Kind::ConfigMap, "test", "keep-me").expect_err("kept");
    assert_eq!(denial(err), "ValidatingAdmissionPolicy 'keep' with binding 'b' denied request: this one stays");
    delete(&mut s, Kind::ConfigMap, "test", "other").expect("deleted");
}

#[test]
fn audit_annotations_errors_only() {
    let mut s = store();
    let mut p = policy("audited", deployments_rule(), json!([]));
    p["spec"]["auditAnnotations"] = json!([{"key": "replicas", "valueExpression": "'replicas: ' + string(object.spec.replicas)"}]);
    create(&mut s, p.clone()).expect("audit annotations alone are enough");
    create(&mut s, binding("b", "audited", &["Audit"], None)).expect("binding");
    create(&mut s, deployment("prod", "x", 60, json!({}))).expect("values go to the audit log");
    p["spec"]["auditAnnotations"] = json!([{"key": "replicas", "valueExpression": "object.spec.replicas"}]);
    update(&mut s, p).expect("policy");
    let err = create(&mut s, deployment("prod", "y", 1, json!({}))).expect_err("not a string");
    assert_eq!(denial(err), "ValidatingAdmissionPolicy 'audited' with binding 'b' denied request: valueExpression 'object.spec.replicas' resulted in unsupported return type: int. Return type must be either string or null.");
}

#[test]
fn params_and_audit_annotations_are_checked() {
    let mut s = Store::new();
    // `params` is only declared with a paramKind.
    let err = create(&mut s, policy("p", deployments_rule(), json!([{"expression": "params != null"}]))).expect_err("undeclared");
    assert_eq!(err.to_string(), "The ValidatingAdmissionPolicy \"p\" is invalid: spec.validations[0].expression: Invalid value: \"params != null\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params != null\n | ^");
    let mut p = policy("p", deployments_rule(), json!([]));
    p["spec"]["auditAnnotations"] = json!([{"key": "a b", "valueExpression": ""}, {"key": "a b", "valueExpression": "'x'"}]);
    let err = create(&mut s, p).expect_err("bad annotations");
    assert_eq!(
        err.to_string(),
        "The ValidatingAdmissionPolicy \"p\" is invalid: \n* spec.auditAnnotations[0].key: Invalid value: \"p/a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\n* spec.auditAnnotations[0].valueExpression: Required value: valueExpression is not specified\n* spec.auditAnnotations[1].key: Invalid value: \"p/a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\n* spec.auditAnnotations[1].key: Duplicate value: \"a b\""
    );
    let err = create(&mut s, binding("b", "p", &["Deny", "Warn"], None)).expect_err("deny and warn");
    assert_eq!(err.to_string(), "The ValidatingAdmissionPolicyBinding \"b\" is invalid: spec.validationActions: Invalid value: []admissionregistration.ValidationAction{\"Deny\", \"Warn\"}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)");
    let mut b = binding("b", "p", &["Deny"], None);
    b["spec"]["paramRef"] = json!({"name": "x", "selector": {}});
    let err = create(&mut s, b).expect_err("bad paramRef");
    assert_eq!(
        err.to_string(),
        "The ValidatingAdmissionPolicyBinding \"b\" is invalid: \n* spec.paramRef.name: Forbidden: name and selector are mutually exclusive\n* spec.paramRef.selector: Forbidden: name and selector are mutually exclusive\n* spec.paramRef.parameterNotFoundAction: Required value"
    );
}

#[test]
fn type_checking_status() {
    let mut s = Store::new();
    let rule = json!({"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["replicasets", "deployments", "deployments/scale"]});
    // (validations, expected status)
    let cases: &[(Json, Json)] = &[
        (json!([{"expression": "object.spec.replicas > 1"}]), json!({"observedGeneration": 1, "typeChecking": {}})),
        (
            json!([{"expression": "true"}, {"expression": "object.replicas > 1", "messageExpression": "'x' + oldObject.kind"}]),
            json!({"observedGeneration": 1, "typeChecking": {"expressionWarnings": [{"fieldRef": "spec.validations[1].expression",
                "warning": "apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field 'replicas'\n | object.replicas > 1\n | ......^\n\napps/v1, Kind=ReplicaSet: ERROR: <input>:1:7: undefined field 'replicas'\n | object.replicas > 1\n | ......^\n"}]}}),
        ),
    ];
    for (i, (validations, want)) in cases.iter().enumerate() {
        let name = format!("p{i}");
        create(&mut s, policy(&name, rule.clone(), validations.clone())).expect("policy");
        let got = s.get_by(Kind::ValidatingAdmissionPolicy, "", &name).map(|o| o.to_json()["status"].clone());
        assert_eq!(got.as_ref(), Some(want), "{validations}");
    }
    // A fix bumps the generation and is checked again.
    update(&mut s, policy("p1", rule, json!([{"expression": "object.spec.replicas > 1"}]))).expect("fixed");
    let got = s.get_by(Kind::ValidatingAdmissionPolicy, "", "p1").map(|o| o.to_json()["status"].clone());
    assert_eq!(got, Some(json!({"observedGeneration": 2, "typeChecking": {}})));
}

fn scale(s: &mut Store, ns: &str, name: &str, replicas: i64) -> Result<()> {
    let mut rng = ctx_rng();
    let obj = object_from_json(&deployment(ns, name, replicas, json!({}))).expect("object");
    s.update_subresource(obj, "scale", &mut WriteCtx { now: EPOCH, rng: &mut rng }).map(|_| ())
}

/// `kubectl scale` writes `deployments/scale`: a rule listing only
/// `deployments` does not see it, one listing the subresource does, and
/// its expressions see the autoscaling/v1 Scale (upstream's
/// admission/plugin/policy/matching and rules matcher cases).
#[test]
fn the_scale_subresource() {
    let mut s = store();
    let selector = json!({"namespaceSelector": {"matchLabels": {"environment": "test"}}});
    create(&mut s, binding("demo-binding-test.example.com", "demo-policy.example.com", &["Deny"], Some(selector))).expect("binding");
    create(&mut s, deployment("test", "x", 5, json!({}))).expect("five allowed");
    scale(&mut s, "test", "x", 7).expect("a deployments rule does not see the scale subresource");
    let rule = json!({"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["UPDATE"], "resources": ["deployments/scale"]});
    let check = "object.kind == 'Scale' && request.subResource == 'scale' && request.kind.kind == 'Scale' && object.spec.replicas <= 8";
    create(&mut s, policy("scale-policy", rule, json!([{"expression": check}]))).expect("policy");
    create(&mut s, binding("scale-binding", "scale-policy", &["Deny"], None)).expect("binding");
    scale(&mut s, "test", "x", 8).expect("eight allowed");
    let err = scale(&mut s, "test", "x", 9).expect_err("the scale rule sees it");
    assert!(err.to_string().contains("ValidatingAdmissionPolicy 'scale-policy' with binding 'scale-binding' denied request"), "{err}");
    for (rule, resource, sub, want) in [
        ("deployments", "deployments", "", true),
        ("deployments", "deployments", "scale", false),
        ("*", "deployments", "scale", false),
        ("*/*", "deployments", "scale", true),
        ("*/*", "deployments", "", true),
        ("deployments/*", "deployments", "scale", true),
        ("deployments/*", "deployments", "", true),
        ("*/scale", "replicasets", "scale", true),
        ("*/scale", "replicasets", "status", false),
        ("deployments/scale", "replicasets", "scale", false),
    ] {
        assert_eq!(resource_matches(rule, resource, sub), want, "{rule} {resource}/{sub}");
    }
}
