//! Upstream's tables for the RBAC authorizer: plugin/pkg/auth/authorizer/
//! rbac/rbac_test.go, pkg/registry/rbac/validation/rule_test.go, and the
//! matchers of pkg/apis/rbac/v1/evaluation_helpers.go.

use super::*;
use kubeplay_model::api::{RoleRef, RBAC_GROUP};
use kubeplay_model::ObjectMeta;

/// Upstream's `StaticRoles`, with its listers' errors.
#[derive(Default)]
struct Static {
    roles: Vec<Role>,
    role_bindings: Vec<RoleBinding>,
    cluster_roles: Vec<ClusterRole>,
    cluster_role_bindings: Vec<ClusterRoleBinding>,
}

impl Policy for Static {
    fn cluster_role_bindings(&self) -> Vec<&ClusterRoleBinding> {
        self.cluster_role_bindings.iter().collect()
    }
    fn role_bindings<'a>(&'a self, namespace: &'a str) -> Result<Vec<&'a RoleBinding>, String> {
        if namespace.is_empty() {
            return Err("must provide namespace when listing role bindings".into());
        }
        Ok(self.role_bindings.iter().filter(|b| b.metadata.namespace == namespace).collect())
    }
    fn role(&self, namespace: &str, name: &str) -> Result<&Role, String> {
        if namespace.is_empty() {
            return Err("must provide namespace when getting role".into());
        }
        self.roles.iter().find(|r| r.metadata.namespace == namespace && r.metadata.name == name).ok_or_else(|| "role not found".into())
    }
    fn cluster_role(&self, name: &str) -> Result<&ClusterRole, String> {
        self.cluster_roles.iter().find(|r| r.metadata.name == name).ok_or_else(|| "clusterrole not found".into())
    }
}

fn list(s: &str) -> Vec<String> {
    s.split(',').map(str::to_string).collect()
}

/// rbac_test.go's `newRule`: each field split on commas (an empty one is `[""]`).
fn new_rule(verbs: &str, groups: &str, resources: &str, urls: &str) -> PolicyRule {
    PolicyRule { verbs: list(verbs), api_groups: list(groups), resources: list(resources), resource_names: vec![], non_resource_urls: list(urls) }
}

fn meta(ns: &str, name: &str) -> ObjectMeta {
    ObjectMeta { namespace: ns.into(), name: name.into(), ..Default::default() }
}

fn cluster_role(name: &str, rules: Vec<PolicyRule>) -> ClusterRole {
    ClusterRole { metadata: meta("", name), rules: Some(rules), aggregation_rule: None }
}

/// `Kind:name` subjects, as rbac_test.go writes them.
fn subjects(list: &[&str]) -> Vec<Subject> {
    list.iter()
        .map(|s| {
            let (kind, name) = s.split_once(':').unwrap();
            let api_group = if kind == "ServiceAccount" { "" } else { RBAC_GROUP };
            Subject { kind: kind.into(), api_group: api_group.into(), name: name.into(), namespace: String::new() }
        })
        .collect()
}

fn cluster_role_binding(role: &str, subs: &[&str]) -> ClusterRoleBinding {
    ClusterRoleBinding { metadata: meta("", ""), subjects: subjects(subs), role_ref: RoleRef { api_group: RBAC_GROUP.into(), kind: "ClusterRole".into(), name: role.into() } }
}

fn role_binding(ns: &str, role: &str, to_cluster_role: bool, subs: &[&str]) -> RoleBinding {
    let kind = if to_cluster_role { "ClusterRole" } else { "Role" };
    RoleBinding { metadata: meta(ns, ""), subjects: subjects(subs), role_ref: RoleRef { api_group: RBAC_GROUP.into(), kind: kind.into(), name: role.into() } }
}

fn user(name: &str, groups: &str) -> UserInfo {
    UserInfo { name: name.into(), uid: String::new(), groups: list(groups) }
}

/// rbac_test.go's `defaultAttributes`: (user, groups, verb, resource, subresource, namespace, apiGroup).
type Def<'a> = (&'a str, &'a str, &'a str, &'a str, &'a str, &'a str, &'a str);

fn check_defaults(p: &Static, case: usize, pass: &[Def], fail: &[Def]) {
    for (want, cases) in [(true, pass), (false, fail)] {
        for &(u, g, verb, resource, subresource, namespace, api_group) in cases {
            let who = user(u, g);
            let a = Attributes { user: Some(&who), verb, namespace, api_group, resource, subresource, ..Default::default() };
            assert_eq!(rbac_authorize(p, &who, &a).allowed(), want, "case {case}: {a:?}");
        }
    }
}

fn check_paths(p: &Static, case: usize, pass: &[(&UserInfo, &str, &str)], fail: &[(&UserInfo, &str, &str)]) {
    for (want, cases) in [(true, pass), (false, fail)] {
        for &(who, verb, path) in cases {
            let a = Attributes { user: Some(who), verb, path: Some(path), ..Default::default() };
            assert_eq!(rbac_authorize(p, who, &a).allowed(), want, "case {case}: {a:?}");
        }
    }
}

// rbac_test.go's TestAuthorizer
#[test]
fn authorizer() {
    // 0: a ClusterRole bound in one namespace; verbs are case-sensitive.
    let p = Static {
        cluster_roles: vec![cluster_role("admin", vec![new_rule("*", "*", "*", "*")])],
        role_bindings: vec![role_binding("ns1", "admin", true, &["User:admin", "Group:admins"])],
        ..Default::default()
    };
    check_defaults(
        &p,
        0,
        &[
            ("admin", "", "get", "Pods", "", "ns1", ""),
            ("admin", "", "watch", "Pods", "", "ns1", ""),
            ("admin", "group1", "watch", "Foobar", "", "ns1", ""),
            ("joe", "admins", "watch", "Foobar", "", "ns1", ""),
            ("joe", "group1,admins", "watch", "Foobar", "", "ns1", ""),
        ],
        &[
            ("admin", "", "GET", "Pods", "", "ns2", ""),
            ("admin", "", "GET", "Nodes", "", "", ""),
            ("admin", "admins", "GET", "Pods", "", "ns2", ""),
            ("admin", "admins", "GET", "Nodes", "", "", ""),
        ],
    );

    // 1: non-resource URLs.
    let p = Static {
        cluster_roles: vec![
            cluster_role("non-resource-url-getter", vec![new_rule("get", "", "", "/apis")]),
            cluster_role("non-resource-url", vec![new_rule("*", "", "", "/apis")]),
            cluster_role("non-resource-url-prefix", vec![new_rule("get", "", "", "/apis/*")]),
        ],
        cluster_role_bindings: vec![
            cluster_role_binding("non-resource-url-getter", &["User:foo", "Group:bar"]),
            cluster_role_binding("non-resource-url", &["User:admin", "Group:admin"]),
            cluster_role_binding("non-resource-url-prefix", &["User:prefixed", "Group:prefixed"]),
        ],
        ..Default::default()
    };
    let named = |n: &str| UserInfo { name: n.into(), ..Default::default() };
    let grouped = |g: &str| UserInfo { groups: vec![g.into()], ..Default::default() };
    let (foo, bar, admin, admin_g, prefixed, prefixed_g) = (named("foo"), grouped("bar"), named("admin"), grouped("admin"), named("prefixed"), grouped("prefixed"));
    check_paths(
        &p,
        1,
        &[
            (&foo, "get", "/apis"),
            (&bar, "get", "/apis"),
            (&admin, "get", "/apis"),
            (&admin_g, "get", "/apis"),
            (&admin, "watch", "/apis"),
            (&admin_g, "watch", "/apis"),
            (&prefixed, "get", "/apis/v1"),
            (&prefixed_g, "get", "/apis/v1"),
            (&prefixed, "get", "/apis/v1/foobar"),
            (&prefixed_g, "get", "/apis/v1/foorbar"),
        ],
        &[
            (&foo, "watch", "/apis"),
            (&bar, "watch", "/apis"),
            (&foo, "get", "/api/v1"),
            (&bar, "get", "/api/v1"),
            (&admin, "get", "/api/v1"),
            (&admin_g, "get", "/api/v1"),
            (&prefixed, "get", "/api/v1"),
            (&prefixed_g, "get", "/api/v1"),
        ],
    );

    // 2 and 3: a subresource is its own resource.
    let p = Static {
        cluster_roles: vec![cluster_role("admin", vec![new_rule("*", "*", "pods", "*")])],
        role_bindings: vec![role_binding("ns1", "admin", true, &["User:admin", "Group:admins"])],
        ..Default::default()
    };
    check_defaults(&p, 2, &[("admin", "", "get", "pods", "", "ns1", "")], &[("admin", "", "get", "pods", "status", "ns1", "")]);
    let p = Static {
        cluster_roles: vec![cluster_role("admin", vec![new_rule("*", "*", "pods/status", "*")])],
        role_bindings: vec![role_binding("ns1", "admin", true, &["User:admin", "Group:admins"])],
        ..Default::default()
    };
    check_defaults(&p, 3, &[("admin", "", "get", "pods", "status", "ns1", "")], &[("admin", "", "get", "pods", "", "ns1", "")]);
}

fn rule(verbs: &[&str], groups: &[&str], resources: &[&str], urls: &[&str]) -> PolicyRule {
    let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect();
    PolicyRule { verbs: v(verbs), api_groups: v(groups), resources: v(resources), resource_names: vec![], non_resource_urls: v(urls) }
}

fn res<'a>(verb: &'a str, group: &'a str, resource: &'a str, subresource: &'a str) -> Attributes<'a> {
    Attributes { verb, api_group: group, resource, subresource, ..Default::default() }
}

fn url<'a>(verb: &'a str, path: &'a str) -> Attributes<'a> {
    Attributes { verb, path: Some(path), ..Default::default() }
}

// rbac_test.go's TestRuleMatches
#[test]
fn rule_matches() {
    let resources = |r: &PolicyRule, sub: &str, expected: [bool; 8]| {
        let mut i = 0;
        for verb in ["verb1", "verb2"] {
            for (group, resource) in [("group1", "resource1"), ("group2", "resource1"), ("group1", "resource2"), ("group2", "resource2")] {
                // "subresource expansion" asks group2/resource1 for another subresource.
                let s = if sub.is_empty() { "" } else if (group, resource) == ("group2", "resource1") { "subresource2" } else { sub };
                assert_eq!(rule_allows(&res(verb, group, resource, s), r), expected[i], "{r:?} {verb} {group} {resource} {s}");
                i += 1;
            }
        }
    };
    const T: bool = true;
    const F: bool = false;
    // star verb, exact match other
    resources(&rule(&["*"], &["group1"], &["resource1"], &[]), "", [T, F, F, F, T, F, F, F]);
    // star group, exact match other
    resources(&rule(&["verb1"], &["*"], &["resource1"], &[]), "", [T, T, F, F, F, F, F, F]);
    // star resource, exact match other
    resources(&rule(&["verb1"], &["group1"], &["*"], &[]), "", [T, F, T, F, F, F, F, F]);
    // tuple expansion
    resources(&rule(&["verb1", "verb2"], &["group1", "group2"], &["resource1", "resource2"], &[]), "", [T; 8]);
    // subresource expansion
    resources(&rule(&["*"], &["*"], &["resource1/subresource1"], &[]), "subresource1", [T, F, F, F, T, F, F, F]);

    let urls = |r: &PolicyRule, cases: &[(&str, &str, bool)]| {
        for &(verb, path, want) in cases {
            assert_eq!(rule_allows(&url(verb, path), r), want, "{r:?} {verb} {path}");
        }
    };
    let paths = ["/foo", "/foo/bar", "/foo/baz", "/foo/bar/one", "/foo/baz/one"];
    // star nonresource, exact match other
    let r = rule(&["verb1"], &[], &[], &["*"]);
    for p in paths {
        urls(&r, &[("verb1", p, true), ("verb2", p, false)]);
    }
    // star nonresource subpath
    let r = rule(&["verb1"], &[], &[], &["/foo/*"]);
    urls(
        &r,
        &[
            ("verb1", "/foo", false),
            ("verb1", "/foo/bar", true),
            ("verb1", "/foo/baz", true),
            ("verb1", "/foo/bar/one", true),
            ("verb1", "/foo/baz/one", true),
            ("verb1", "/notfoo", false),
            ("verb1", "/notfoo/bar", false),
            ("verb1", "/notfoo/baz", false),
            ("verb1", "/notfoo/bar/one", false),
            ("verb1", "/notfoo/baz/one", false),
        ],
    );
    // star verb, exact nonresource
    let r = rule(&["*"], &[], &[], &["/foo", "/foo/bar/one"]);
    for verb in ["verb1", "verb2"] {
        urls(&r, &[(verb, "/foo", true), (verb, "/foo/bar", false), (verb, "/foo/baz", false), (verb, "/foo/bar/one", true), (verb, "/foo/baz/one", false)]);
    }
}

// evaluation_helpers.go's matchers: `*/subresource`, resourceNames, URL prefixes.
#[test]
fn evaluation_helpers() {
    let scale = rule(&["get"], &["apps"], &["*/scale"], &[]);
    assert!(rule_allows(&res("get", "apps", "deployments", "scale"), &scale));
    assert!(!rule_allows(&res("get", "apps", "deployments", ""), &scale));
    assert!(!rule_allows(&res("get", "apps", "deployments", "status"), &scale));
    // `*/scale` needs the whole subresource, not a suffix of it.
    assert!(!rule_allows(&res("get", "apps", "deployments", "xscale"), &scale));
    let mut named = rule(&["get"], &[""], &["pods"], &[]);
    named.resource_names = vec!["web".into()];
    assert!(rule_allows(&Attributes { name: "web", ..res("get", "", "pods", "") }, &named));
    assert!(!rule_allows(&Attributes { name: "db", ..res("get", "", "pods", "") }, &named));
    // A list has no name, so a rule limited to names never allows it.
    assert!(!rule_allows(&res("list", "", "pods", ""), &named));
    let healthz = rule(&["get"], &[], &[], &["/healthz*"]);
    assert!(rule_allows(&url("get", "/healthz"), &healthz));
    assert!(rule_allows(&url("get", "/healthz/etcd"), &healthz));
    assert!(!rule_allows(&url("get", "/livez"), &healthz));
}

// rule_test.go's TestDefaultRuleResolver
#[test]
fn default_rule_resolver() {
    let read_pods = rule(&["GET", "WATCH"], &["v1"], &["pods"], &[]);
    let read_services = rule(&["GET", "WATCH"], &["v1"], &["services"], &[]);
    let write_nodes = rule(&["PUT", "CREATE", "UPDATE"], &["v1"], &["nodes"], &[]);
    let admin = rule(&["*"], &["*"], &["*"], &[]);
    let p = Static {
        roles: vec![Role { metadata: meta("namespace1", "readthings"), rules: Some(vec![read_pods.clone(), read_services.clone()]) }],
        cluster_roles: vec![cluster_role("cluster-admin", vec![admin.clone()]), cluster_role("write-nodes", vec![write_nodes])],
        role_bindings: vec![RoleBinding {
            metadata: meta("namespace1", ""),
            subjects: vec![
                Subject { kind: "User".into(), name: "foobar".into(), ..Default::default() },
                Subject { kind: "Group".into(), name: "group1".into(), ..Default::default() },
            ],
            role_ref: RoleRef { api_group: RBAC_GROUP.into(), kind: "Role".into(), name: "readthings".into() },
        }],
        cluster_role_bindings: vec![ClusterRoleBinding {
            metadata: meta("", ""),
            subjects: vec![
                Subject { kind: "User".into(), name: "admin".into(), ..Default::default() },
                Subject { kind: "Group".into(), name: "admin".into(), ..Default::default() },
            ],
            role_ref: RoleRef { api_group: RBAC_GROUP.into(), kind: "ClusterRole".into(), name: "cluster-admin".into() },
        }],
    };
    let foobar = UserInfo { name: "foobar".into(), ..Default::default() };
    let cases: [(UserInfo, &str, Vec<PolicyRule>); 4] = [
        (foobar.clone(), "namespace1", vec![read_pods, read_services]),
        (foobar.clone(), "namespace2", vec![]),
        // Without a namespace only cluster rules apply.
        (UserInfo { groups: vec!["admin".into()], ..foobar }, "", vec![admin]),
        (UserInfo::default(), "", vec![]),
    ];
    for (i, (who, ns, want)) in cases.into_iter().enumerate() {
        let (rules, errors) = rules_for(&p, &who, ns);
        assert!(errors.is_empty(), "case {i}: {errors:?}");
        assert_eq!(rules, want, "case {i}");
    }
}

// rule_test.go's TestAppliesTo
#[test]
fn applies_to() {
    let s = |kind: &str, ns: &str, name: &str| Subject { kind: kind.into(), namespace: ns.into(), name: name.into(), ..Default::default() };
    let u = |name: &str, groups: &[&str]| UserInfo { name: name.into(), uid: String::new(), groups: groups.iter().map(|g| g.to_string()).collect() };
    let cases = [
        (vec![s("User", "", "foobar")], u("foobar", &[]), "", true, "single subject that matches username"),
        (vec![s("User", "", "barfoo"), s("User", "", "foobar")], u("foobar", &[]), "", true, "multiple subjects, one that matches username"),
        (vec![s("User", "", "barfoo"), s("User", "", "foobar")], u("zimzam", &[]), "", false, "multiple subjects, none that match username"),
        (vec![s("User", "", "barfoo"), s("Group", "", "foobar")], u("zimzam", &["foobar"]), "", true, "multiple subjects, one that match group"),
        (vec![s("User", "", "barfoo"), s("Group", "", "foobar")], u("zimzam", &["foobar"]), "namespace1", true, "one that match group, should ignore namespace"),
        (
            vec![s("User", "", "barfoo"), s("Group", "", "foobar"), s("ServiceAccount", "kube-system", "default")],
            u("system:serviceaccount:kube-system:default", &[]),
            "default",
            true,
            "multiple subjects with a service account that matches",
        ),
        (vec![s("User", "", "*")], u("foobar", &[]), "default", false, "* user subject name doesn't match all users"),
        (
            vec![s("Group", "", "system:authenticated"), s("Group", "", "system:unauthenticated")],
            u("foobar", &["system:authenticated"]),
            "default",
            true,
            "binding to all authenticated and unauthenticated subjects matches authenticated user",
        ),
        (
            vec![s("Group", "", "system:authenticated"), s("Group", "", "system:unauthenticated")],
            u("system:anonymous", &["system:unauthenticated"]),
            "default",
            true,
            "binding to all authenticated and unauthenticated subjects matches anonymous user",
        ),
    ];
    for (subjects, who, ns, want, name) in cases {
        assert_eq!(applies(&who, &subjects, ns), want, "{name}");
    }
}

// A RoleBinding's ServiceAccount subject without a namespace is the
// binding's own namespace's account; its groups come with the account.
#[test]
fn service_accounts_and_their_groups() {
    let p = Static {
        roles: vec![Role { metadata: meta("default", "pod-reader"), rules: Some(vec![rule(&["get", "list"], &[""], &["pods"], &[])]) }],
        role_bindings: vec![role_binding("default", "pod-reader", false, &["ServiceAccount:app"]), role_binding("default", "pod-reader", false, &["Group:system:serviceaccounts:dev"])],
        ..Default::default()
    };
    let app = UserInfo::service_account("default", "app");
    assert_eq!(app.groups, ["system:serviceaccounts", "system:serviceaccounts:default", "system:authenticated"]);
    let list = |who: &UserInfo, ns: &str| authorize(&p, &Attributes { namespace: ns, ..resource_attributes(who, "list", Kind::Pod, ns, "") });
    assert!(list(&app, "default").allowed());
    assert!(!list(&app, "kube-system").allowed());
    assert!(list(&UserInfo::service_account("dev", "x"), "default").allowed());
    assert!(!list(&UserInfo::service_account("other", "app"), "default").allowed());
    assert_eq!(split_service_account("system:serviceaccount:a:b:c"), None);
    assert_eq!(split_service_account("system:serviceaccount::b"), None);
}

// responsewriters' forbiddenMessage and NewForbidden, as kubectl shows them.
#[test]
fn forbidden_messages() {
    let jane = UserInfo { name: "jane".into(), ..Default::default() };
    let p = Static::default();
    let denied = |a: Attributes| check(&p, &a).unwrap_err().to_string();
    assert_eq!(denied(resource_attributes(&jane, "list", Kind::Pod, "default", "")), r#"pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default""#);
    assert_eq!(denied(resource_attributes(&jane, "get", Kind::Pod, "default", "web")), r#"pods "web" is forbidden: User "jane" cannot get resource "pods" in API group "" in the namespace "default""#);
    assert_eq!(denied(resource_attributes(&jane, "list", Kind::Node, "default", "")), r#"nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope"#);
    assert_eq!(
        denied(Attributes { subresource: "scale", ..resource_attributes(&jane, "patch", Kind::Deployment, "default", "web") }),
        r#"deployments.apps "web" is forbidden: User "jane" cannot patch resource "deployments/scale" in API group "apps" in the namespace "default""#
    );
    assert_eq!(denied(Attributes { user: Some(&jane), verb: "get", path: Some("/healthz"), ..Default::default() }), r#"forbidden: User "jane" cannot get path "/healthz""#);
    // A binding to a missing role is the reason.
    let p = Static { role_bindings: vec![role_binding("default", "gone", false, &["User:jane"])], ..Default::default() };
    assert_eq!(
        check(&p, &resource_attributes(&jane, "list", Kind::Pod, "default", "")).unwrap_err().to_string(),
        r#"pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default": RBAC: role not found"#
    );
    let masters = UserInfo { name: "x".into(), groups: vec![SYSTEM_MASTERS.into()], ..Default::default() };
    assert!(check(&p, &resource_attributes(&masters, "delete", Kind::Node, "", "n")).is_ok());
}

// impersonation.go: what the requester must be allowed, and the groups the
// impersonated identity gets.
#[test]
fn impersonation() {
    let p = Static {
        cluster_roles: vec![cluster_role("impersonate-users", vec![rule(&["impersonate"], &[""], &["users"], &[])])],
        cluster_role_bindings: vec![cluster_role_binding("impersonate-users", &["User:ops"])],
        ..Default::default()
    };
    let ops = UserInfo { name: "ops".into(), ..Default::default() };
    let imp = |user: &str, groups: &[&str]| Impersonation { user: user.into(), groups: groups.iter().map(|g| g.to_string()).collect(), uid: String::new() };
    assert_eq!(impersonate(&p, &ops, &imp("jane", &[])).unwrap().groups, ["system:authenticated"]);
    assert_eq!(
        impersonate(&p, &ops, &imp("jane", &["devs"])).unwrap_err().to_string(),
        r#"groups "devs" is forbidden: User "ops" cannot impersonate resource "groups" in API group "" at the cluster scope"#
    );
    assert_eq!(
        impersonate(&p, &ops, &imp("system:serviceaccount:default:app", &[])).unwrap_err().to_string(),
        r#"serviceaccounts "app" is forbidden: User "ops" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "default""#
    );
    let root = UserInfo { name: "root".into(), groups: vec![SYSTEM_MASTERS.into()], ..Default::default() };
    let sa = impersonate(&p, &root, &imp("system:serviceaccount:default:app", &[])).unwrap();
    assert_eq!(sa, UserInfo::service_account("default", "app"));
    let anon = impersonate(&p, &root, &imp("system:anonymous", &[])).unwrap();
    assert_eq!(anon.groups, ["system:unauthenticated"]);
}

// impersonation_test.go's TestImpersonationFilter (the cases kubectl can
// send: a user or ServiceAccount, groups, a uid; its test authorizer's
// grants written as RBAC bindings to the requester's groups).
#[test]
fn impersonation_filter() {
    let grant = |name: &str, group: &str, resource: &str, names: &[&str]| {
        let mut r = rule(&["impersonate"], &[group], &[resource], &[]);
        r.resource_names = names.iter().map(|n| n.to_string()).collect();
        cluster_role(name, vec![r])
    };
    let p = Static {
        cluster_roles: vec![
            cluster_role("everything", vec![rule(&["*"], &["*"], &["*"], &[])]),
            grant("users", "", "users", &[]),
            grant("serviceaccounts", "", "serviceaccounts", &[]),
            grant("groups", "", "groups", &[]),
            grant("some-uid", "authentication.k8s.io", "uids", &["some-uid"]),
        ],
        cluster_role_bindings: vec![
            cluster_role_binding("everything", &["User:system:admin"]),
            cluster_role_binding("users", &["Group:wheel", "Group:regular-impersonater", "Group:everything-impersonater"]),
            cluster_role_binding("serviceaccounts", &["Group:sa-impersonater"]),
            cluster_role_binding("groups", &["Group:group-impersonater", "Group:everything-impersonater"]),
            cluster_role_binding("some-uid", &["Group:everything-impersonater"]),
        ],
        ..Default::default()
    };
    let who = |name: &str, groups: &[&str]| UserInfo { name: name.into(), uid: String::new(), groups: groups.iter().map(|g| g.to_string()).collect() };
    // (name, requester, --as, --as-group, --as-uid, the identity, or None for a 403)
    type Case<'a> = (&'a str, UserInfo, &'a str, &'a [&'a str], &'a str, Option<(&'a [&'a str], &'a str)>);
    let cases: Vec<Case> = vec![
        ("impersonating-error", who("tester", &[]), "anyone", &[], "", None),
        ("disallowed-group", who("dev", &["wheel"]), "system:admin", &["some-group"], "", None),
        ("allowed-group", who("dev", &["wheel", "group-impersonater"]), "system:admin", &["some-group"], "", Some((&["some-group", "system:authenticated"], ""))),
        ("allowed-users-impersonation", who("dev", &["regular-impersonater"]), "tester", &[], "", Some((&["system:authenticated"], ""))),
        ("disallowed-impersonating", who("dev", &["sa-impersonater"]), "tester", &[], "", None),
        (
            "allowed-sa-impersonating",
            who("dev", &["sa-impersonater"]),
            "system:serviceaccount:foo:default",
            &[],
            "",
            Some((&["system:serviceaccounts", "system:serviceaccounts:foo", "system:authenticated"], "")),
        ),
        ("anonymous-username-prevents-adding-authenticated-group", who("system:admin", &[]), "system:anonymous", &[], "", Some((&["system:unauthenticated"], ""))),
        ("unauthenticated-group-prevents-adding-authenticated-group", who("system:admin", &[]), "unknown", &["system:unauthenticated"], "", Some((&["system:unauthenticated"], ""))),
        ("unauthenticated-group-prevents-double-adding-authenticated-group", who("system:admin", &[]), "unknown", &["system:authenticated"], "", Some((&["system:authenticated"], ""))),
        (
            "specified-authenticated-group-prevents-double-adding-authenticated-group",
            who("dev", &["wheel", "group-impersonater"]),
            "system:admin",
            &["some-group", "system:authenticated"],
            "",
            Some((&["some-group", "system:authenticated"], "")),
        ),
        ("anonymous-user-prevents-double-adding-unauthenticated-group", who("system:admin", &[]), "system:anonymous", &["system:unauthenticated"], "", Some((&["system:unauthenticated"], ""))),
        ("allowed-user-impersonation-with-uid", who("dev", &["everything-impersonater"]), "tester", &[], "some-uid", Some((&["system:authenticated"], "some-uid"))),
        ("disallowed-user-impersonation-with-uid", who("dev", &["everything-impersonater"]), "tester", &[], "disallowed-uid", None),
        ("allowed-impersonation-with-all-headers", who("dev", &["everything-impersonater"]), "tester", &["system:authenticated"], "some-uid", Some((&["system:authenticated"], "some-uid"))),
    ];
    for (name, requester, user, groups, uid, want) in cases {
        let imp = Impersonation { user: user.into(), groups: groups.iter().map(|g| g.to_string()).collect(), uid: uid.into() };
        let got = impersonate(&p, &requester, &imp);
        match want {
            None => assert!(matches!(got, Err(ApiError::Forbidden { .. })), "{name}: {got:?}"),
            Some((groups, uid)) => {
                let got = got.unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!((got.name.as_str(), got.groups.iter().map(String::as_str).collect::<Vec<_>>(), got.uid.as_str()), (user, groups.to_vec(), uid), "{name}");
            }
        }
    }
}
