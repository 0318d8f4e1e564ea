//! Cases ported from upstream's create_role_test.go,
//! create_clusterrole_test.go, create_rolebinding_test.go and
//! create_clusterrolebinding_test.go (v1.32). Upstream's fake RESTMapper
//! serves `extensions`; a kind cluster does not (its Deployments and
//! ReplicaSets are `apps`), so those cases expect what the real binary
//! did against kind's discovery.

use super::*;

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

fn role_of(verbs: &[&str], resources: &[&str], names: &[&str]) -> Result<Value, String> {
    let (verbs, resources, names) = (s(verbs), s(resources), s(names));
    role("my-role", Some("test"), false, &RoleFlags { verbs: &verbs, resources: &resources, resource_names: &names, ..Default::default() }, &mut Vec::new())
}

fn rules(v: Result<Value, String>) -> Value {
    v.expect("role builds")["rules"].clone()
}

// create_role_test.go's TestCreateRole
#[test]
fn create_role() {
    let r = role_of(&["get", "watch", "list"], &["pods", "pods"], &[]).unwrap();
    assert_eq!(
        r,
        json!({"kind": "Role", "apiVersion": "rbac.authorization.k8s.io/v1", "metadata": {"name": "my-role", "namespace": "test", "creationTimestamp": null},
            "rules": [{"verbs": ["get", "watch", "list"], "apiGroups": [""], "resources": ["pods"]}]})
    );
    // test-subresources, test-subresources-with-apigroup (kind: apps)
    assert_eq!(
        rules(role_of(&["get", "watch", "list"], &["replicasets/scale"], &[])),
        json!([{"verbs": ["get", "watch", "list"], "apiGroups": ["apps"], "resources": ["replicasets/scale"]}])
    );
    assert_eq!(rules(role_of(&["get"], &["replicasets.apps/scale"], &[])), json!([{"verbs": ["get"], "apiGroups": ["apps"], "resources": ["replicasets/scale"]}]));
    // test-valid-case-with-multiple-apigroups: one rule per group, groups sorted.
    assert_eq!(
        rules(role_of(&["get"], &["deployments.apps", "pods"], &[])),
        json!([{"verbs": ["get"], "apiGroups": [""], "resources": ["pods"]}, {"verbs": ["get"], "apiGroups": ["apps"], "resources": ["deployments"]}])
    );
    assert_eq!(role_of(&["get"], &["deployments.extensions"], &[]), Err("the server doesn't have a resource type \"deployments\" in group \"extensions\"".into()));
}

// create_role_test.go's TestValidate
#[test]
fn validate_role() {
    let err = |verbs: &[&str], resources: &[&str], names: &[&str]| role_of(verbs, resources, names).err();
    assert_eq!(role("", None, false, &RoleFlags::default(), &mut Vec::new()).err().as_deref(), Some("error: name must be specified"));
    assert_eq!(err(&[], &["pods"], &[]).as_deref(), Some("error: at least one verb must be specified"));
    assert_eq!(err(&["get"], &[], &[]).as_deref(), Some("error: at least one resource must be specified"));
    assert_eq!(err(&["get"], &[".extensions"], &[]).as_deref(), Some("error: resource must be specified if apiGroup/subresource specified"));
    assert_eq!(err(&["get"], &["/scale"], &[]).as_deref(), Some("error: resource must be specified if apiGroup/subresource specified"));
    assert_eq!(err(&["invalid-verb"], &["pods"], &[]), None);
    assert_eq!(err(&["post"], &["pods"], &[]), None);
    assert_eq!(err(&["use"], &["pods"], &[]).as_deref(), Some("error: can not perform 'use' on 'pods' in group ''"));
    assert_eq!(err(&["impersonate", "use"], &["userextras/scopes"], &[]).as_deref(), Some("error: can not perform 'impersonate' on 'userextras' in group ''"));
    assert_eq!(err(&["impersonate"], &["userextras.extensions/scopes"], &[]).as_deref(), Some("error: can not perform 'impersonate' on 'userextras' in group 'extensions'"));
    assert_eq!(err(&["get"], &["invalid-resource"], &[]).as_deref(), Some("the server doesn't have a resource type \"invalid-resource\""));
    assert_eq!(err(&["get"], &["pods", "deployments.apps"], &["foo"]), None);
    assert_eq!(err(&["get", "list", "bind"], &["roles.rbac.authorization.k8s.io"], &["foo"]), None);
    assert_eq!(err(&["get", "list"], &["replicasets/scale"], &["bar"]), None);
    assert_eq!(err(&["impersonate"], &["userextras.authentication.k8s.io/scopes"], &[]), None);
    // Checked on the real binary: the first bare `*` ends the checks.
    assert_eq!(err(&["get"], &["foo", "*"], &[]), None);
    assert_eq!(err(&["get", "use"], &["podsecuritypolicies.policy"], &[]), None);
    let mut warnings = Vec::new();
    let (verbs, resources) = (s(&["get", "foo", "foo"]), s(&["nope"]));
    let r = role("x", None, false, &RoleFlags { verbs: &verbs, resources: &resources, ..Default::default() }, &mut warnings);
    assert_eq!(
        (r.err().as_deref(), warnings.as_slice()),
        (Some("the server doesn't have a resource type \"nope\""), ["Warning: 'foo' is not a standard resource verb".to_string()].as_slice())
    );
}

// create_role_test.go's TestComplete
#[test]
fn complete() {
    assert_eq!(complete_verbs(&s(&["get", "watch", "list", "get"])), s(&["get", "watch", "list"]));
    assert_eq!(complete_verbs(&s(&["get", "watch", "list", "*"])), s(&["*"]));
    let arg = |g: &str, r: &str, sub: &str| ResourceArg { group: g.into(), resource: r.into(), sub: sub.into() };
    assert_eq!(complete_resources(&s(&["pods", "deployments.extensions"])), [arg("", "pods", ""), arg("extensions", "deployments", "")]);
    assert_eq!(complete_resources(&s(&["*", "pods"])), [arg("", "*", "")]);
    assert_eq!(complete_resources(&s(&["*/scale", "pods"])), [arg("", "*", "scale"), arg("", "pods", "")]);
    assert_eq!(complete_resources(&s(&["*.*", "pods"])), [arg("*", "*", ""), arg("", "pods", "")]);
    assert_eq!(complete_resources(&s(&["*.*/scale", "pods"])), [arg("*", "*", "scale"), arg("", "pods", "")]);
    assert_eq!(complete_resources(&s(&["*.extensions", "pods"])), [arg("extensions", "*", ""), arg("", "pods", "")]);
    assert_eq!(complete_resources(&s(&["*.extensions/scale", "pods"])), [arg("extensions", "*", "scale"), arg("", "pods", "")]);
    // Duplicate resource names are dropped.
    assert_eq!(rules(role_of(&["*"], &["pods"], &["foo", "foo"])), json!([{"verbs": ["*"], "apiGroups": [""], "resources": ["pods"], "resourceNames": ["foo"]}]));
    // Checked on the real binary: names resolve in any case, short names
    // only as written.
    assert_eq!(
        rules(role_of(&["get"], &["Pod", "PODS.", "deploy.apps"], &[])),
        json!([{"verbs": ["get"], "apiGroups": [""], "resources": ["pods"]}, {"verbs": ["get"], "apiGroups": ["apps"], "resources": ["deployments"]}])
    );
    assert_eq!(role_of(&["get"], &["PO"], &[]), Err("the server doesn't have a resource type \"PO\"".into()));
    assert_eq!(role_of(&["get"], &["Deploy.apps"], &[]), Err("the server doesn't have a resource type \"Deploy\" in group \"apps\"".into()));
    assert_eq!(role_of(&["get"], &["deployments.APPS"], &[]), Err("the server doesn't have a resource type \"deployments\" in group \"APPS\"".into()));
    // Short names resolve; `*.*` sorts after the core group.
    assert_eq!(
        rules(role_of(&["get", "*", "list"], &["po", "services", "rs", "deploy.apps", "replicasets/scale"], &[])),
        json!([{"verbs": ["*"], "apiGroups": [""], "resources": ["pods", "services"]}, {"verbs": ["*"], "apiGroups": ["apps"], "resources": ["replicasets", "deployments", "replicasets/scale"]}])
    );
    assert_eq!(
        rules(role_of(&["get"], &["*.*", "pods"], &[])),
        json!([{"verbs": ["get"], "apiGroups": [""], "resources": ["pods"]}, {"verbs": ["get"], "apiGroups": ["*"], "resources": ["*"]}])
    );
}

fn cluster_role_of(verbs: &[&str], resources: &[&str], urls: &[&str], aggregation: &[(&str, &str)]) -> Result<Value, String> {
    let (verbs, resources, urls) = (s(verbs), s(resources), s(urls));
    let aggregation: Vec<(String, String)> = aggregation.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let f = RoleFlags { verbs: &verbs, resources: &resources, non_resource_urls: &urls, aggregation: &aggregation, ..Default::default() };
    role("my-cluster-role", Some("test"), true, &f, &mut Vec::new())
}

// create_clusterrole_test.go's TestCreateClusterRole
#[test]
fn create_cluster_role() {
    let r = cluster_role_of(&["get", "watch", "list"], &["pods", "pods"], &[], &[]).unwrap();
    assert_eq!(
        r,
        json!({"kind": "ClusterRole", "apiVersion": "rbac.authorization.k8s.io/v1", "metadata": {"name": "my-cluster-role", "creationTimestamp": null},
            "rules": [{"verbs": ["get", "watch", "list"], "apiGroups": [""], "resources": ["pods"]}]})
    );
    assert_eq!(rules(cluster_role_of(&["get"], &[], &["/logs/", "/healthz"], &[])), json!([{"verbs": ["get"], "nonResourceURLs": ["/logs/", "/healthz"]}]));
    assert_eq!(
        rules(cluster_role_of(&["get"], &["pods"], &["/logs/", "/healthz"], &[])),
        json!([{"verbs": ["get"], "apiGroups": [""], "resources": ["pods"]}, {"verbs": ["get"], "nonResourceURLs": ["/logs/", "/healthz"]}])
    );
    assert_eq!(
        cluster_role_of(&[], &[], &[], &[("foo1", "foo2"), ("foo3", "foo4")]).unwrap(),
        json!({"kind": "ClusterRole", "apiVersion": "rbac.authorization.k8s.io/v1", "metadata": {"name": "my-cluster-role", "creationTimestamp": null},
            "rules": null, "aggregationRule": {"clusterRoleSelectors": [{"matchLabels": {"foo1": "foo2", "foo3": "foo4"}}]}})
    );
}

// create_clusterrole_test.go's TestClusterRoleValidate
#[test]
fn validate_cluster_role() {
    let err = |verbs: &[&str], resources: &[&str], urls: &[&str], agg: &[(&str, &str)]| cluster_role_of(verbs, resources, urls, agg).err();
    assert_eq!(err(&[], &[], &[], &[]).as_deref(), Some("error: at least one verb must be specified"));
    assert_eq!(err(&["get"], &[], &[], &[]).as_deref(), Some("error: one of resource or nonResourceURL must be specified"));
    assert_eq!(err(&["get"], &[".extensions"], &[], &[]).as_deref(), Some("error: resource must be specified if apiGroup/subresource specified"));
    assert_eq!(err(&["get"], &["/scale"], &[], &[]).as_deref(), Some("error: resource must be specified if apiGroup/subresource specified"));
    // v1.32 only warns about these verbs on resources.
    assert_eq!(err(&["invalid-verb"], &["pods"], &[], &[]), None);
    assert_eq!(err(&["post"], &["pods"], &[], &[]), None);
    assert_eq!(err(&["use"], &["pods"], &[], &[]).as_deref(), Some("error: can not perform 'use' on 'pods' in group ''"));
    assert_eq!(err(&["impersonate", "use"], &["userextras/scopes"], &[], &[]).as_deref(), Some("error: can not perform 'impersonate' on 'userextras' in group ''"));
    assert!(err(&["get"], &["invalid-resource"], &[], &[]).is_some());
    assert_eq!(err(&["get"], &["pods", "deployments.apps"], &[], &[]), None);
    assert_eq!(err(&["get", "list", "bind"], &["roles.rbac.authorization.k8s.io"], &[], &[]), None);
    assert_eq!(err(&["get", "list"], &["replicasets/scale"], &[], &[]), None);
    assert_eq!(err(&["impersonate"], &["userextras.authentication.k8s.io/scopes"], &[], &[]), None);
    assert_eq!(err(&["create"], &[], &[""], &[]).as_deref(), Some("error: invalid verb: 'create' for nonResourceURL"));
    assert_eq!(err(&["get"], &[], &[""], &[]).as_deref(), Some("error: nonResourceURL should start with /"));
    assert_eq!(err(&["get"], &[], &["logs"], &[]).as_deref(), Some("error: nonResourceURL should start with /"));
    assert_eq!(err(&["get"], &[], &["/logs/*/"], &[]).as_deref(), Some("error: nonResourceURL only supports wildcard matches when '*' is at the end"));
    assert_eq!(err(&["get"], &[], &["/logs*/*"], &[]).as_deref(), Some("error: nonResourceURL only supports wildcard matches when '*' is at the end"));
    assert_eq!(err(&["create"], &[], &["/logs/"], &[]).as_deref(), Some("error: invalid verb: 'create' for nonResourceURL"));
    assert_eq!(err(&["get"], &["replicasets/scale"], &["/logs/", "/logs/*"], &[]), None);
    let agg_err = Some("error: aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames");
    assert_eq!(err(&["get"], &[], &[], &[("foo-key", "foo-vlue")]).as_deref(), agg_err);
    assert_eq!(err(&[], &["replicasets/scale"], &[], &[("foo-key", "foo-vlue")]).as_deref(), agg_err);
    assert_eq!(err(&[], &[], &["/logs/"], &[("foo-key", "foo-vlue")]).as_deref(), agg_err);
    assert_eq!(err(&[], &[], &[], &[("foo-key", "foo-vlue")]), None);
}

fn binding_of(cluster: bool, role: &str, cluster_role: &str, users: &[&str], groups: &[&str], sas: &[&str]) -> Result<Value, String> {
    let (users, groups, sas) = (s(users), s(groups), s(sas));
    binding("fake-binding", Some("test"), cluster, &BindingFlags { role, cluster_role, users: &users, groups: &groups, service_accounts: &sas })
}

// create_rolebinding_test.go's TestCreateRoleBinding and TestValidate
#[test]
fn create_role_binding() {
    assert_eq!(
        binding_of(false, "fake-role", "", &["fake-user"], &["fake-group"], &["fake-namespace:fake-account"]).unwrap(),
        json!({"kind": "RoleBinding", "apiVersion": "rbac.authorization.k8s.io/v1", "metadata": {"name": "fake-binding", "namespace": "test", "creationTimestamp": null},
            "subjects": [{"kind": "User", "apiGroup": "rbac.authorization.k8s.io", "name": "fake-user"}, {"kind": "Group", "apiGroup": "rbac.authorization.k8s.io", "name": "fake-group"},
                {"kind": "ServiceAccount", "name": "fake-account", "namespace": "fake-namespace"}],
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "fake-role"}})
    );
    assert_eq!(binding_of(false, "", "admin", &[], &[], &[]).unwrap()["roleRef"]["kind"], "ClusterRole");
    let one = Err("error: exactly one of clusterrole or role must be specified".to_string());
    assert_eq!(binding_of(false, "", "", &[], &[], &[]), one);
    assert_eq!(binding_of(false, "a", "b", &[], &[], &[]), one);
    let sa = Err("error: serviceaccount must be <namespace>:<name>".to_string());
    for bad in ["foo", ":foo", "foo:", "a:b:c"] {
        assert_eq!(binding_of(false, "a", "", &[], &[], &[bad]), sa, "{bad}");
    }
}

// create_clusterrolebinding_test.go's TestCreateClusterRoleBinding
#[test]
fn create_cluster_role_binding() {
    assert_eq!(
        binding_of(true, "", "fake-clusterrole", &["fake-user"], &["fake-group"], &["fake-namespace:fake-account"]).unwrap(),
        json!({"kind": "ClusterRoleBinding", "apiVersion": "rbac.authorization.k8s.io/v1", "metadata": {"name": "fake-binding", "creationTimestamp": null},
            "subjects": [{"kind": "User", "apiGroup": "rbac.authorization.k8s.io", "name": "fake-user"}, {"kind": "Group", "apiGroup": "rbac.authorization.k8s.io", "name": "fake-group"},
                {"kind": "ServiceAccount", "name": "fake-account", "namespace": "fake-namespace"}],
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "fake-clusterrole"}})
    );
    let v = binding_of(true, "", "view", &[], &[], &[]).unwrap();
    assert!(v.get("subjects").is_none());
}

/// test/cmd/rbac.sh's `{{range.rules}}{{range.FIELD}}{{.}}:{{end}}{{end}}`.
fn joined(v: &Value, field: &str) -> String {
    let rules = v["rules"].as_array().cloned().unwrap_or_default();
    rules.iter().flat_map(|r| r[field].as_array().cloned().unwrap_or_default()).map(|x| format!("{}:", x.as_str().unwrap_or(""))).collect()
}

// test/cmd/rbac.sh's run_role_tests
#[test]
fn cmd_role_tests() {
    let check = |verbs: &[&str], resources: &[&str], names: &[&str], want: [&str; 3]| {
        let r = role_of(verbs, resources, names).unwrap();
        assert_eq!([joined(&r, "verbs"), joined(&r, "resources"), joined(&r, "apiGroups")], want.map(String::from), "{resources:?}");
    };
    check(&["*"], &["pods"], &[], ["*:", "pods:", ":"]);
    check(&["get", "list"], &["deployments.apps"], &[], ["get:list:", "deployments:", "apps:"]);
    check(&["get", "list"], &["pods/status"], &[], ["get:list:", "pods/status:", ":"]);
    check(&["get", "list"], &["replicasets.apps/scale"], &[], ["get:list:", "replicasets/scale:", "apps:"]);
    check(&["get", "list"], &["pods"], &["foo"], ["get:list:", "pods:", ":"]);
    check(&["get", "list"], &["pods/status", "deployments.apps"], &[], ["get:list:get:list:", "pods/status:deployments:", ":apps:"]);
    assert_eq!(joined(&role_of(&["get"], &["pods"], &["foo"]).unwrap(), "resourceNames"), "foo:");
    let err = |resources: &[&str]| role_of(&["*"], resources, &[]).unwrap_err();
    assert_eq!(err(&["invalid-resource"]), "the server doesn't have a resource type \"invalid-resource\"");
    assert_eq!(err(&["deployments.invalid-group"]), "the server doesn't have a resource type \"deployments\" in group \"invalid-group\"");
    assert_eq!(err(&["rs.invalid-group/scale"]), "the server doesn't have a resource type \"rs\" in group \"invalid-group\"");
}

// test/cmd/rbac.sh's run_clusterroles_tests (the objects `create` builds)
#[test]
fn cmd_clusterroles_tests() {
    let r = cluster_role_of(&["get", "list"], &["pods", "deployments.apps"], &[], &[]).unwrap();
    assert_eq!([joined(&r, "verbs"), joined(&r, "resources"), joined(&r, "apiGroups")], ["get:list:get:list:", "pods:deployments:", ":apps:"]);
    let r = cluster_role_of(&["get"], &[], &["/logs/*", "/healthz/*"], &[]).unwrap();
    assert_eq!([joined(&r, "verbs"), joined(&r, "nonResourceURLs")], ["get:", "/logs/*:/healthz/*:"]);
    assert_eq!(cluster_role_of(&[], &[], &[], &[("foo1", "foo2")]).unwrap()["metadata"]["name"], "my-cluster-role");
    let names = |v: Value| v["subjects"].as_array().unwrap().iter().map(|s| format!("{}:", s["name"].as_str().unwrap())).collect::<String>();
    assert_eq!(names(binding_of(true, "", "admin", &["user-1", "user-2"], &[], &[]).unwrap()), "user-1:user-2:");
    assert_eq!(names(binding_of(true, "", "admin", &[], &["group-1", "group-2"], &[]).unwrap()), "group-1:group-2:");
    let sa = binding_of(true, "", "admin", &[], &[], &["otherns:sa-name"]).unwrap();
    assert_eq!((sa["subjects"][0]["namespace"].as_str(), sa["subjects"][0]["name"].as_str()), (Some("otherns"), Some("sa-name")));
    assert_eq!(binding_of(false, "", "admin", &["default-admin"], &[], &[]).unwrap()["roleRef"]["kind"], "ClusterRole");
    assert_eq!(binding_of(false, "localrole", "", &[], &["the-group"], &[]).unwrap()["roleRef"]["kind"], "Role");
}
