//! Cases ported from upstream's `pkg/apis/rbac/validation/validation_test.go`
//! (v1.32): each object is a manifest decoded as is, and, as upstream
//! checks, every error it gets has the case's type and field.

use super::*;
use crate::validation::field::ErrorType;
use serde_json::{json, Value};

const GROUP: &str = "rbac.authorization.k8s.io";

fn obj(kind: &str, v: Value) -> Object {
    let mut v = v;
    v["apiVersion"] = json!("rbac.authorization.k8s.io/v1");
    v["kind"] = json!(kind);
    Object::from_json(&v).expect("test object decodes")
}

/// Every error is of `type_` at `field`, and there is at least one.
fn all_at(errs: &[FieldError], type_: ErrorType, field: &str, case: &str) {
    assert!(!errs.is_empty(), "{case}: expected failure");
    for e in errs {
        assert_eq!((e.type_, e.field.as_str()), (type_, field), "{case}: {e}");
    }
}

fn sa(name: &str, namespace: &str) -> Value {
    json!({"kind": "ServiceAccount", "name": name, "namespace": namespace})
}

// validation_test.go's TestValidateClusterRoleBinding
#[test]
fn cluster_role_binding() {
    let ok = obj(
        "ClusterRoleBinding",
        json!({"metadata": {"name": "master"}, "roleRef": {"apiGroup": GROUP, "kind": "ClusterRole", "name": "valid"},
            "subjects": [sa("validsaname", "foo"), {"kind": "User", "apiGroup": GROUP, "name": "valid@username"}, {"kind": "Group", "apiGroup": GROUP, "name": "valid@groupname"}]}),
    );
    assert_eq!(validate(&ok), vec![]);
    let role_ref = |group: &str, kind: &str, name: &str| json!({"apiGroup": group, "kind": kind, "name": name});
    let valid = role_ref(GROUP, "ClusterRole", "valid");
    let cases = [
        ("bad group", json!({"metadata": {"name": "default"}, "roleRef": role_ref("rbac.GroupName", "ClusterRole", "valid")}), ErrorType::NotSupported, "roleRef.apiGroup"),
        ("bad kind", json!({"metadata": {"name": "default"}, "roleRef": role_ref(GROUP, "Type", "valid")}), ErrorType::NotSupported, "roleRef.kind"),
        ("reference role", json!({"metadata": {"name": "default"}, "roleRef": role_ref(GROUP, "Role", "valid")}), ErrorType::NotSupported, "roleRef.kind"),
        ("zero-length name", json!({"metadata": {}, "roleRef": valid}), ErrorType::Required, "metadata.name"),
        ("bad role", json!({"metadata": {"name": "default"}, "roleRef": role_ref(GROUP, "ClusterRole", "")}), ErrorType::Required, "roleRef.name"),
        ("bad subject kind", json!({"metadata": {"name": "master"}, "roleRef": valid, "subjects": [{"name": "subject"}]}), ErrorType::NotSupported, "subjects[0].kind"),
        ("bad subject name", json!({"metadata": {"name": "master"}, "roleRef": valid, "subjects": [sa("subject:bad", "foo")]}), ErrorType::Invalid, "subjects[0].name"),
        ("missing SA namespace", json!({"metadata": {"name": "master"}, "roleRef": valid, "subjects": [sa("good", "")]}), ErrorType::Required, "subjects[0].namespace"),
        ("missing subject name", json!({"metadata": {"name": "master"}, "roleRef": valid, "subjects": [sa("", "foo")]}), ErrorType::Required, "subjects[0].name"),
    ];
    for (case, v, type_, field) in cases {
        all_at(&validate(&obj("ClusterRoleBinding", v)), type_, field, case);
    }
}

// validation_test.go's TestValidateRoleBinding
#[test]
fn role_binding() {
    let ok = obj(
        "RoleBinding",
        json!({"metadata": {"name": "master", "namespace": "default"}, "roleRef": {"apiGroup": GROUP, "kind": "Role", "name": "valid"},
            "subjects": [sa("validsaname", ""), {"kind": "User", "apiGroup": GROUP, "name": "valid@username"}, {"kind": "Group", "apiGroup": GROUP, "name": "valid@groupname"}]}),
    );
    assert_eq!(validate(&ok), vec![]);
    let role_ref = |group: &str, kind: &str, name: &str| json!({"apiGroup": group, "kind": kind, "name": name});
    let valid = role_ref(GROUP, "Role", "valid");
    let meta = |name: &str| json!({"name": name, "namespace": "default"});
    let cases = [
        ("bad group", json!({"metadata": meta("default"), "roleRef": role_ref("rbac.GroupName", "ClusterRole", "valid")}), ErrorType::NotSupported, "roleRef.apiGroup"),
        ("bad kind", json!({"metadata": meta("default"), "roleRef": role_ref(GROUP, "Type", "valid")}), ErrorType::NotSupported, "roleRef.kind"),
        ("zero-length namespace", json!({"metadata": {"name": "default"}, "roleRef": valid}), ErrorType::Required, "metadata.namespace"),
        ("zero-length name", json!({"metadata": {"namespace": "default"}, "roleRef": valid}), ErrorType::Required, "metadata.name"),
        ("bad role", json!({"metadata": meta("default"), "roleRef": role_ref(GROUP, "Role", "")}), ErrorType::Required, "roleRef.name"),
        ("bad subject kind", json!({"metadata": meta("master"), "roleRef": valid, "subjects": [{"name": "subject"}]}), ErrorType::NotSupported, "subjects[0].kind"),
        ("bad subject name", json!({"metadata": meta("master"), "roleRef": valid, "subjects": [sa("subject:bad", "")]}), ErrorType::Invalid, "subjects[0].name"),
        ("missing subject name", json!({"metadata": meta("master"), "roleRef": valid, "subjects": [sa("", "")]}), ErrorType::Required, "subjects[0].name"),
    ];
    for (case, v, type_, field) in cases {
        all_at(&validate(&obj("RoleBinding", v)), type_, field, case);
    }
}

// validation_test.go's TestValidateRoleBindingUpdate
#[test]
fn role_binding_update() {
    let binding = |name: &str| {
        obj("RoleBinding", json!({"metadata": {"name": "master", "namespace": "default", "resourceVersion": "1"}, "roleRef": {"apiGroup": GROUP, "kind": "Role", "name": name}}))
    };
    let old = binding("valid");
    assert_eq!(validate_update(&old, &binding("valid")), vec![]);
    let errs = validate_update(&old, &binding("changed"));
    all_at(&errs, ErrorType::Invalid, "roleRef", "changedRef");
    // The struct prints in Go's %#v, as the API server's Invalid error shows it.
    assert_eq!(errs[0].to_string(), "roleRef: Invalid value: rbac.RoleRef{APIGroup:\"rbac.authorization.k8s.io\", Kind:\"Role\", Name:\"changed\"}: cannot change roleRef");
}

fn role_case(kind: &str, meta: Value, rules: Value) -> Vec<FieldError> {
    validate(&obj(kind, json!({"metadata": meta, "rules": rules})))
}

// validation_test.go's TestValidateRole* and TestValidateClusterRole* cases
#[test]
fn roles() {
    let ns = json!({"name": "default", "namespace": "default"});
    let cluster = json!({"name": "default"});
    // TestValidateRoleZeroLengthNamespace, TestValidateRoleZeroLengthName
    all_at(&role_case("Role", cluster.clone(), json!([])), ErrorType::Required, "metadata.namespace", "zero-length namespace");
    all_at(&role_case("Role", json!({"namespace": "default"}), json!([])), ErrorType::Required, "metadata.name", "zero-length name");
    // TestValidateRoleValidRole, TestValidateRoleValidRoleNoNamespace
    assert_eq!(role_case("Role", ns.clone(), Value::Null), vec![]);
    assert_eq!(role_case("ClusterRole", cluster.clone(), Value::Null), vec![]);
    // TestValidateRoleNonResourceURL
    assert_eq!(role_case("ClusterRole", cluster.clone(), json!([{"verbs": ["get"], "nonResourceURLs": ["/*"]}])), vec![]);
    // TestValidateRoleNamespacedNonResourceURL
    let errs = role_case("Role", ns.clone(), json!([{"verbs": ["get"], "nonResourceURLs": ["/*"]}]));
    all_at(&errs, ErrorType::Invalid, "rules[0].nonResourceURLs", "namespaced non-resource URL");
    assert_eq!(errs[0].to_string(), "rules[0].nonResourceURLs: Invalid value: []string{\"/*\"}: namespaced rules cannot apply to non-resource URLs");
    // TestValidateRoleNonResourceURLNoVerbs
    let errs = role_case("ClusterRole", cluster.clone(), json!([{"verbs": [], "nonResourceURLs": ["/*"]}]));
    all_at(&errs, ErrorType::Required, "rules[0].verbs", "no verbs");
    // TestValidateRoleMixedNonResourceAndResource
    let errs = role_case("ClusterRole", cluster.clone(), json!([{"verbs": ["get"], "nonResourceURLs": ["/*"], "apiGroups": ["v1"], "resources": ["pods"]}]));
    all_at(&errs, ErrorType::Invalid, "rules[0].nonResourceURLs", "mixed");
    // TestValidateRoleValidResource
    assert_eq!(role_case("Role", ns.clone(), json!([{"verbs": ["get"], "apiGroups": ["v1"], "resources": ["pods"]}])), vec![]);
    // TestValidateRoleNoAPIGroup, TestValidateRoleNoResources
    all_at(&role_case("Role", ns.clone(), json!([{"verbs": ["get"], "resources": ["pods"]}])), ErrorType::Required, "rules[0].apiGroups", "no api group");
    all_at(&role_case("Role", ns, json!([{"verbs": ["get"], "apiGroups": ["v1"]}])), ErrorType::Required, "rules[0].resources", "no resources");
}

// ValidateRBACName (path.IsValidPathSegmentName): names a DNS subdomain
// rejects are fine, but not those a URL path cannot hold.
#[test]
fn rbac_names() {
    assert_eq!(role_case("ClusterRole", json!({"name": "system:controller:Foo_bar"}), Value::Null), vec![]);
    let texts = |name: &str| role_case("ClusterRole", json!({"name": name}), Value::Null).iter().map(|e| e.to_string()).collect::<Vec<_>>();
    assert_eq!(texts(".."), ["metadata.name: Invalid value: \"..\": may not be '..'"]);
    assert_eq!(texts("a/b%c"), ["metadata.name: Invalid value: \"a/b%c\": may not contain '/'", "metadata.name: Invalid value: \"a/b%c\": may not contain '%'"]);
}

// ValidateClusterRole's aggregation rule: at least one selector, each valid.
#[test]
fn aggregation_rule() {
    let role = |agg: Value| validate(&obj("ClusterRole", json!({"metadata": {"name": "monitoring"}, "aggregationRule": agg})));
    assert_eq!(role(json!({"clusterRoleSelectors": [{"matchLabels": {"rbac.example.com/aggregate-to-monitoring": "true"}}]})), vec![]);
    let texts = |errs: Vec<FieldError>| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>();
    assert_eq!(texts(role(json!({}))), ["aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil"]);
    let errs = role(json!({"clusterRoleSelectors": [{"matchExpressions": [{"key": "a", "operator": "In"}]}]}));
    assert_eq!(
        texts(errs),
        [
            "aggregationRule.clusterRoleSelectors[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
            "aggregationRule.clusterRoleSelectors[0]: Invalid value: \"null\": invalid label selector."
        ]
    );
}
