//! component-helpers' auth/rbac/reconciliation tests (reconcile_role_test.go,
//! reconcile_rolebindings_test.go) and validation's Covers, then the
//! command as kubectl runs it.

use super::*;
use crate::exec::{execute, Io};
use kubeplay_model::api::{ClusterRole, ClusterRoleBinding};
use kubeplay_model::LabelSelector;

fn rules(resources: &[&str]) -> Vec<PolicyRule> {
    resources
        .iter()
        .map(|r| PolicyRule {
            api_groups: vec![String::new()],
            verbs: vec!["get".into()],
            resources: vec![r.to_string()],
            ..Default::default()
        })
        .collect()
}

fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn role(resources: &[&str], labels: &[(&str, &str)], annotations: &[(&str, &str)]) -> Object {
    let mut r = ClusterRole {
        rules: Some(rules(resources)),
        ..Default::default()
    };
    *r.metadata.labels = map(labels);
    *r.metadata.annotations = map(annotations);
    Object::ClusterRole(Box::new(r))
}

fn aggregated(selectors: Option<&[&[(&str, &str)]]>) -> Object {
    let rule = selectors.map(|s| AggregationRule {
        cluster_role_selectors: s
            .iter()
            .map(|m| LabelSelector {
                match_labels: map(m),
                match_expressions: Vec::new(),
            })
            .collect(),
    });
    Object::ClusterRole(Box::new(ClusterRole {
        aggregation_rule: rule,
        ..Default::default()
    }))
}

/// Semantic.DeepEqual treats nil and empty rules alike.
fn normalized(o: &Object) -> Object {
    let mut o = o.clone();
    let r = super::rules(&o).to_vec();
    set_rules(&mut o, Some(r));
    o
}

type RoleCase<'a> = (&'a str, Object, Object, bool, Option<Object>);

fn check_roles(cases: Vec<RoleCase>) {
    for (name, expected, actual, remove_extra, want) in cases {
        let r = reconcile_role(&actual, &expected, remove_extra);
        assert_eq!(
            r.operation != Operation::None,
            want.is_some(),
            "{name}: {:?}",
            r.operation
        );
        if let Some(want) = want {
            assert_eq!(normalized(&r.object), normalized(&want), "{name}");
        }
    }
}

// reconcile_role_test.go's TestComputeReconciledRoleRules.
#[test]
fn compute_reconciled_role_rules() {
    let r = role;
    let cases: Vec<RoleCase> = vec![
        ("empty", r(&[], &[], &[]), r(&[], &[], &[]), true, None),
        (
            "match without union",
            r(&["a"], &[], &[]),
            r(&["a"], &[], &[]),
            true,
            None,
        ),
        (
            "match with union",
            r(&["a"], &[], &[]),
            r(&["a"], &[], &[]),
            false,
            None,
        ),
        (
            "different rules without union",
            r(&["a"], &[], &[]),
            r(&["b"], &[], &[]),
            true,
            Some(r(&["a"], &[], &[])),
        ),
        (
            "different rules with union",
            r(&["a"], &[], &[]),
            r(&["b"], &[], &[]),
            false,
            Some(r(&["b", "a"], &[], &[])),
        ),
        (
            "match labels without union",
            r(&["a"], &[("1", "a")], &[]),
            r(&["a"], &[("1", "a")], &[]),
            true,
            None,
        ),
        (
            "match labels with union",
            r(&["a"], &[("1", "a")], &[]),
            r(&["a"], &[("1", "a")], &[]),
            false,
            None,
        ),
        (
            "different labels without union",
            r(&["a"], &[("1", "a")], &[]),
            r(&["a"], &[("2", "b")], &[]),
            true,
            Some(r(&["a"], &[("1", "a"), ("2", "b")], &[])),
        ),
        (
            "different labels with union",
            r(&["a"], &[("1", "a")], &[]),
            r(&["a"], &[("2", "b")], &[]),
            false,
            Some(r(&["a"], &[("1", "a"), ("2", "b")], &[])),
        ),
        (
            "different labels and rules without union",
            r(&["a"], &[("1", "a")], &[]),
            r(&["b"], &[("2", "b")], &[]),
            true,
            Some(r(&["a"], &[("1", "a"), ("2", "b")], &[])),
        ),
        (
            "different labels and rules with union",
            r(&["a"], &[("1", "a")], &[]),
            r(&["b"], &[("2", "b")], &[]),
            false,
            Some(r(&["b", "a"], &[("1", "a"), ("2", "b")], &[])),
        ),
        (
            "conflicting labels and rules without union",
            r(&["a"], &[("1", "a")], &[]),
            r(&["b"], &[("1", "b")], &[]),
            true,
            Some(r(&["a"], &[("1", "b")], &[])),
        ),
        (
            "conflicting labels and rules with union",
            r(&["a"], &[("1", "a")], &[]),
            r(&["b"], &[("1", "b")], &[]),
            false,
            Some(r(&["b", "a"], &[("1", "b")], &[])),
        ),
        (
            "match annotations without union",
            r(&["a"], &[], &[("1", "a")]),
            r(&["a"], &[], &[("1", "a")]),
            true,
            None,
        ),
        (
            "match annotations with union",
            r(&["a"], &[], &[("1", "a")]),
            r(&["a"], &[], &[("1", "a")]),
            false,
            None,
        ),
        (
            "different annotations without union",
            r(&["a"], &[], &[("1", "a")]),
            r(&["a"], &[], &[("2", "b")]),
            true,
            Some(r(&["a"], &[], &[("1", "a"), ("2", "b")])),
        ),
        (
            "different annotations with union",
            r(&["a"], &[], &[("1", "a")]),
            r(&["a"], &[], &[("2", "b")]),
            false,
            Some(r(&["a"], &[], &[("1", "a"), ("2", "b")])),
        ),
        (
            "different annotations and rules without union",
            r(&["a"], &[], &[("1", "a")]),
            r(&["b"], &[], &[("2", "b")]),
            true,
            Some(r(&["a"], &[], &[("1", "a"), ("2", "b")])),
        ),
        (
            "different annotations and rules with union",
            r(&["a"], &[], &[("1", "a")]),
            r(&["b"], &[], &[("2", "b")]),
            false,
            Some(r(&["b", "a"], &[], &[("1", "a"), ("2", "b")])),
        ),
        (
            "conflicting annotations and rules without union",
            r(&["a"], &[], &[("1", "a")]),
            r(&["b"], &[], &[("1", "b")]),
            true,
            Some(r(&["a"], &[], &[("1", "b")])),
        ),
        (
            "conflicting annotations and rules with union",
            r(&["a"], &[], &[("1", "a")]),
            r(&["b"], &[], &[("1", "b")]),
            false,
            Some(r(&["b", "a"], &[], &[("1", "b")])),
        ),
        (
            "conflicting labels/annotations and rules without union",
            r(&["a"], &[("3", "d")], &[("1", "a")]),
            r(&["b"], &[("4", "e")], &[("1", "b")]),
            true,
            Some(r(&["a"], &[("3", "d"), ("4", "e")], &[("1", "b")])),
        ),
        (
            "conflicting labels/annotations and rules with union",
            r(&["a"], &[("3", "d")], &[("1", "a")]),
            r(&["b"], &[("4", "e")], &[("1", "b")]),
            false,
            Some(r(&["b", "a"], &[("3", "d"), ("4", "e")], &[("1", "b")])),
        ),
        (
            "complex labels/annotations and rules without union",
            r(
                &["pods", "nodes", "secrets"],
                &[("env", "prod"), ("color", "blue")],
                &[("description", "fancy"), ("system", "true")],
            ),
            r(
                &["nodes", "images", "projects"],
                &[("color", "red"), ("team", "pm")],
                &[("system", "false"), ("owner", "admin"), ("vip", "yes")],
            ),
            true,
            Some(r(
                &["pods", "nodes", "secrets"],
                &[("env", "prod"), ("color", "red"), ("team", "pm")],
                &[
                    ("description", "fancy"),
                    ("system", "false"),
                    ("owner", "admin"),
                    ("vip", "yes"),
                ],
            )),
        ),
        (
            "complex labels/annotations and rules with union",
            r(
                &["pods", "nodes", "secrets"],
                &[("env", "prod"), ("color", "blue"), ("manager", "randy")],
                &[("description", "fancy"), ("system", "true"), ("up", "true")],
            ),
            r(
                &["nodes", "images", "projects"],
                &[("color", "red"), ("team", "pm")],
                &[
                    ("system", "false"),
                    ("owner", "admin"),
                    ("vip", "yes"),
                    ("rate", "down"),
                ],
            ),
            false,
            Some(r(
                &["nodes", "images", "projects", "pods", "secrets"],
                &[
                    ("env", "prod"),
                    ("manager", "randy"),
                    ("color", "red"),
                    ("team", "pm"),
                ],
                &[
                    ("description", "fancy"),
                    ("system", "false"),
                    ("owner", "admin"),
                    ("vip", "yes"),
                    ("rate", "down"),
                    ("up", "true"),
                ],
            )),
        ),
    ];
    check_roles(cases);
}

// reconcile_role_test.go's TestComputeReconciledRoleAggregationRules.
#[test]
fn compute_reconciled_role_aggregation_rules() {
    let foo: &[(&str, &str)] = &[("foo", "bar")];
    let alpha: &[(&str, &str)] = &[("alpha", "bravo")];
    let with_deployments = {
        let mut r = aggregated(Some(&[alpha]));
        set_rules(&mut r, Some(rules(&["deployments"])));
        r
    };
    let cases: Vec<RoleCase> = vec![
        ("empty", aggregated(Some(&[])), aggregated(None), true, None),
        (
            "empty-2",
            aggregated(Some(&[])),
            aggregated(Some(&[])),
            true,
            None,
        ),
        (
            "match without union",
            aggregated(Some(&[foo])),
            aggregated(Some(&[foo])),
            true,
            None,
        ),
        (
            "match with union",
            aggregated(Some(&[foo])),
            aggregated(Some(&[foo])),
            false,
            None,
        ),
        (
            "different rules without union",
            aggregated(Some(&[foo])),
            aggregated(Some(&[alpha])),
            true,
            Some(aggregated(Some(&[foo]))),
        ),
        (
            "different rules with union",
            aggregated(Some(&[foo])),
            aggregated(Some(&[alpha])),
            false,
            Some(aggregated(Some(&[alpha, foo]))),
        ),
        (
            "unexpected aggregation",
            role(&["pods", "nodes", "secrets"], &[], &[]),
            aggregated(Some(&[alpha])),
            false,
            Some(role(&["pods", "nodes", "secrets"], &[], &[])),
        ),
        (
            "unexpected aggregation with differing permissions",
            role(&["pods", "nodes", "secrets"], &[], &[]),
            with_deployments,
            false,
            Some(role(&["deployments", "pods", "nodes", "secrets"], &[], &[])),
        ),
    ];
    check_roles(cases);
}

fn subjects(names: &[&str]) -> Vec<Subject> {
    names
        .iter()
        .map(|n| Subject {
            name: n.to_string(),
            ..Default::default()
        })
        .collect()
}

fn crb(role: &str, names: &[&str]) -> Object {
    Object::ClusterRoleBinding(Box::new(ClusterRoleBinding {
        role_ref: RoleRef {
            name: role.into(),
            ..Default::default()
        },
        subjects: subjects(names),
        ..Default::default()
    }))
}

// reconcile_rolebindings_test.go's TestDiffObjectReferenceLists.
#[test]
fn diff_object_reference_lists() {
    type Case<'a> = (
        &'a str,
        &'a [&'a str],
        &'a [&'a str],
        &'a [&'a str],
        &'a [&'a str],
    );
    let cases: [Case; 5] = [
        ("empty", &[], &[], &[], &[]),
        (
            "matching, order-independent",
            &["foo", "bar"],
            &["bar", "foo"],
            &[],
            &[],
        ),
        (
            "partial match",
            &["foo", "bar"],
            &["foo", "baz"],
            &["bar"],
            &["baz"],
        ),
        ("missing", &["foo"], &["bar"], &["foo"], &["bar"]),
        (
            "remove duplicates",
            &["foo", "foo"],
            &["bar", "bar"],
            &["foo"],
            &["bar"],
        ),
    ];
    for (name, a, b, only_a, only_b) in cases {
        assert_eq!(
            diff_subjects(&subjects(a), &subjects(b)),
            (subjects(only_a), subjects(only_b)),
            "{name}"
        );
    }
}

// reconcile_rolebindings_test.go's TestComputeUpdate.
#[test]
fn compute_update() {
    let cases = [
        (
            "match without union",
            crb("role", &["a"]),
            crb("role", &["a"]),
            true,
            None,
        ),
        (
            "match with union",
            crb("role", &["a"]),
            crb("role", &["a"]),
            false,
            None,
        ),
        (
            "different roleref with identical subjects",
            crb("role", &["a"]),
            crb("differentRole", &["a"]),
            false,
            Some(crb("role", &["a"])),
        ),
        (
            "extra subjects without union",
            crb("role", &["a"]),
            crb("role", &["a", "b"]),
            true,
            Some(crb("role", &["a"])),
        ),
        (
            "extra subjects with union",
            crb("role", &["a"]),
            crb("role", &["a", "b"]),
            false,
            None,
        ),
        (
            "missing subjects without union",
            crb("role", &["a", "c"]),
            crb("role", &["a", "b"]),
            true,
            Some(crb("role", &["a", "c"])),
        ),
        (
            "missing subjects with union",
            crb("role", &["a", "c"]),
            crb("role", &["a", "b"]),
            false,
            Some(crb("role", &["a", "b", "c"])),
        ),
    ];
    for (name, expected, actual, remove_extra, want) in cases {
        let r = reconcile_binding(&actual, &expected, remove_extra);
        assert_eq!(
            r.operation != Operation::None,
            want.is_some(),
            "{name}: {:?}",
            r.operation
        );
        if let Some(want) = want {
            assert_eq!(r.object, want, "{name}");
        }
    }
}

fn kubectl(e: &mut Engine, line: &str, stdin: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => execute(
            &inv,
            e,
            Io {
                stdin: Some(stdin),
                ..Io::default()
            },
        )
        .unwrap_or_default(),
        other => panic!("{line}: {other:?}"),
    }
}

const POLICY: &str = "
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: reader}
rules:
- {apiGroups: [''], resources: [pods], verbs: [get, list]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: readers, namespace: team}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: reader}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: alice}
";

// reconcile.go's printResults: the object's name, then on stderr what
// reconciling it required; a Role's or RoleBinding's missing namespace is
// made (the RoleModifier's tryEnsureNamespace).
#[test]
fn reconcile_creates_then_adds() {
    let mut e = Engine::with_default_cluster(7);
    let out = kubectl(&mut e, "kubectl auth reconcile -f -", POLICY);
    assert_eq!(out.stdout, "clusterrole.rbac.authorization.k8s.io/reader reconciled\nrolebinding.rbac.authorization.k8s.io/readers reconciled\n");
    assert_eq!(
        out.stderr,
        "\treconciliation required create\n\tmissing rules added:\n\t\t{Verbs:[get list] APIGroups:[] Resources:[pods] ResourceNames:[] NonResourceURLs:[]}\n\treconciliation required create\n\tmissing subjects added:\n\t\t{Kind:User APIGroup:rbac.authorization.k8s.io Name:alice Namespace:}\n"
    );
    assert!(e.store().get_by(Kind::Namespace, "", "team").is_some());
    // Again: nothing to do.
    let out = kubectl(&mut e, "kubectl auth reconcile -f -", POLICY);
    assert_eq!((out.stderr.as_str(), out.failed), ("", false));
    // Live additions stay unless asked to go.
    assert!(
        !kubectl(
            &mut e,
            "kubectl create clusterrole reader2 --verb=get --resource=pods",
            ""
        )
        .failed
    );
    assert!(
        !kubectl(
            &mut e,
            "kubectl set subject rolebinding readers -n team --user=bob",
            ""
        )
        .failed
    );
    let out = kubectl(
        &mut e,
        "kubectl auth reconcile -f - --remove-extra-subjects --dry-run=client",
        POLICY,
    );
    assert_eq!(out.stdout, "clusterrole.rbac.authorization.k8s.io/reader reconciled (dry run)\nrolebinding.rbac.authorization.k8s.io/readers reconciled (dry run)\n");
    assert_eq!(out.stderr, "\treconciliation required update\n\textra subjects removed:\n\t\t{Kind:User APIGroup:rbac.authorization.k8s.io Name:bob Namespace:}\n");
    let out = kubectl(
        &mut e,
        "kubectl auth reconcile -f - --remove-extra-subjects",
        POLICY,
    );
    assert!(!out.failed, "{out:?}");
    let subjects = kubectl(
        &mut e,
        "kubectl get rolebinding readers -n team -o jsonpath='{.subjects[*].name}'",
        "",
    );
    assert_eq!(subjects.stdout, "alice");
}

fn rule(
    groups: &[&str],
    verbs: &[&str],
    resources: &[&str],
    names: &[&str],
    urls: &[&str],
) -> PolicyRule {
    let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    PolicyRule {
        api_groups: v(groups),
        verbs: v(verbs),
        resources: v(resources),
        resource_names: v(names),
        non_resource_urls: v(urls),
    }
}

fn res(groups: &[&str], verbs: &[&str], resources: &[&str]) -> PolicyRule {
    rule(groups, verbs, resources, &[], &[])
}

fn urls(urls: &[&str], verbs: &[&str]) -> PolicyRule {
    rule(&[], verbs, &[], &[], urls)
}

// policy_comparator_test.go's TestCovers* cases: the broken-down rules the
// owner's do not cover (rulesMatch ignores their order).
#[test]
fn covers() {
    let v1 = &["v1"][..];
    let g12 = &["group1", "group2"][..];
    type Case<'a> = (&'a str, Vec<PolicyRule>, Vec<PolicyRule>, Vec<PolicyRule>);
    let cases: Vec<Case> = vec![
        (
            "ExactMatch",
            vec![res(v1, &["get"], &["builds"])],
            vec![res(v1, &["get"], &["builds"])],
            vec![],
        ),
        (
            "SubresourceWildcard",
            vec![res(v1, &["get"], &["*/scale"])],
            vec![res(v1, &["get"], &["foo/scale"])],
            vec![],
        ),
        (
            "MultipleRulesCoveringSingleRule",
            vec![
                res(v1, &["delete"], &["deployments"]),
                res(v1, &["delete"], &["builds"]),
                res(v1, &["update"], &["builds", "deployments"]),
            ],
            vec![res(v1, &["delete", "update"], &["builds", "deployments"])],
            vec![],
        ),
        (
            "MultipleAPIGroupsCoveringSingleRule",
            vec![
                res(&["group1"], &["delete"], &["deployments"]),
                res(&["group1"], &["delete"], &["builds"]),
                res(&["group1"], &["update"], &["builds", "deployments"]),
                res(&["group2"], &["delete"], &["deployments"]),
                res(&["group2"], &["delete"], &["builds"]),
                res(&["group2"], &["update"], &["builds", "deployments"]),
            ],
            vec![res(g12, &["delete", "update"], &["builds", "deployments"])],
            vec![],
        ),
        (
            "SingleAPIGroupsCoveringMultiple",
            vec![res(g12, &["delete", "update"], &["builds", "deployments"])],
            vec![
                res(&["group1"], &["delete"], &["deployments"]),
                res(&["group1"], &["delete"], &["builds"]),
                res(&["group1"], &["update"], &["builds", "deployments"]),
                res(&["group2"], &["delete"], &["deployments"]),
                res(&["group2"], &["delete"], &["builds"]),
                res(&["group2"], &["update"], &["builds", "deployments"]),
            ],
            vec![],
        ),
        (
            "MultipleRulesMissingSingleVerbResourceCombination",
            vec![
                res(v1, &["delete", "update"], &["builds", "deployments"]),
                res(v1, &["delete"], &["pods"]),
            ],
            vec![res(
                v1,
                &["delete", "update"],
                &["builds", "deployments", "pods"],
            )],
            vec![res(v1, &["update"], &["pods"])],
        ),
        (
            "APIGroupStarCoveringMultiple",
            vec![res(&["*"], &["get"], &["roles"])],
            vec![res(g12, &["get"], &["roles"])],
            vec![],
        ),
        (
            "EnumerationNotCoveringAPIGroupStar",
            vec![res(&["dummy-group"], &["get"], &["roles"])],
            vec![res(&["*"], &["get"], &["roles"])],
            vec![res(&["*"], &["get"], &["roles"])],
        ),
        (
            "APIGroupStarCoveringStar",
            vec![res(&["*"], &["get"], &["roles"])],
            vec![res(&["*"], &["get"], &["roles"])],
            vec![],
        ),
        (
            "VerbStarCoveringMultiple",
            vec![res(v1, &["*"], &["roles"])],
            vec![res(v1, &["watch", "list"], &["roles"])],
            vec![],
        ),
        (
            "EnumerationNotCoveringVerbStar",
            vec![res(
                v1,
                &["get", "list", "watch", "create", "update", "delete", "exec"],
                &["roles"],
            )],
            vec![res(v1, &["*"], &["roles"])],
            vec![res(v1, &["*"], &["roles"])],
        ),
        (
            "VerbStarCoveringStar",
            vec![res(v1, &["*"], &["roles"])],
            vec![res(v1, &["*"], &["roles"])],
            vec![],
        ),
        (
            "ResourceStarCoveringMultiple",
            vec![res(v1, &["get"], &["*"])],
            vec![res(v1, &["get"], &["resourcegroup:deployments"])],
            vec![],
        ),
        (
            "EnumerationNotCoveringResourceStar",
            vec![res(v1, &["get"], &["roles", "resourcegroup:deployments"])],
            vec![res(v1, &["get"], &["*"])],
            vec![res(v1, &["get"], &["*"])],
        ),
        (
            "ResourceStarCoveringStar",
            vec![res(v1, &["get"], &["*"])],
            vec![res(v1, &["get"], &["*"])],
            vec![],
        ),
        (
            "ResourceNameEmptyCoveringMultiple",
            vec![res(v1, &["get"], &["pods"])],
            vec![rule(v1, &["get"], &["pods"], &["foo", "bar"], &[])],
            vec![],
        ),
        (
            "EnumerationNotCoveringResourceNameEmpty",
            vec![rule(v1, &["get"], &["pods"], &["foo", "bar"], &[])],
            vec![res(v1, &["get"], &["pods"])],
            vec![res(v1, &["get"], &["pods"])],
        ),
        (
            "NonResourceURLs",
            vec![urls(&["/apis"], &["*"])],
            vec![urls(&["/apis"], &["*"])],
            vec![],
        ),
        (
            "NonResourceURLsStar",
            vec![urls(&["*"], &["*"])],
            vec![urls(&["/apis", "/apis/v1", "/"], &["*"])],
            vec![],
        ),
        (
            "NonResourceURLsStarAfterPrefixDoesntCover",
            vec![urls(&["/apis/*"], &["*"])],
            vec![urls(&["/apis", "/apis/v1"], &["get"])],
            vec![urls(&["/apis"], &["get"])],
        ),
        (
            "NonResourceURLsStarAfterPrefix",
            vec![urls(&["/apis/*"], &["*"])],
            vec![urls(&["/apis/v1/foo", "/apis/v1"], &["get"])],
            vec![],
        ),
        (
            "NonResourceURLsWithOtherFields",
            vec![rule(v1, &["get"], &["builds"], &[], &["/apis"])],
            vec![rule(v1, &["get"], &["builds"], &[], &["/apis"])],
            vec![],
        ),
        (
            "NonResourceURLsWithOtherFieldsFailure",
            vec![res(v1, &["get"], &["builds"])],
            vec![rule(v1, &["get"], &["builds"], &[], &["/apis"])],
            vec![urls(&["/apis"], &["get"])],
        ),
    ];
    for (name, owner, servant, want) in cases {
        let got = uncovered(&owner, &servant);
        assert!(
            got.len() == want.len() && want.iter().all(|w| got.contains(w)),
            "{name}: {got:?}"
        );
    }
}

// policy_comparator_test.go's TestNonResourceURLCovers.
#[test]
fn non_resource_url_covers() {
    let cases = [
        ("*", "", true),
        ("*", "/", true),
        ("*", "/api", true),
        ("/*", "", false),
        ("/*", "/", true),
        ("/*", "/foo", true),
        ("/api", "/api", true),
        ("/apis", "/api", false),
        ("/api/v1", "/api", false),
        ("/api/v1", "/api/v1", true),
        ("/api/*", "/api/v1", true),
        ("/api/*", "/api", false),
        ("/api/*/*", "/api/v1", false),
        ("/*/v1/*", "/api/v1", false),
    ];
    for (owner, requested, want) in cases {
        assert_eq!(
            url_covers(owner, requested),
            want,
            "{owner:?} {requested:?}"
        );
    }
}
