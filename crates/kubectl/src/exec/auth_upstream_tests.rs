//! Upstream kubectl's cmd/auth/cani_test.go, run against RBAC objects in the
//! simulated cluster instead of a fake client, and the API server's
//! authorization as kubectl shows it (`--as`, whoami, create token).

use super::*;
use crate::exec::{execute, Io};
use kubeplay_engine::Engine;

fn run(e: &mut Engine, line: &str, stdin: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => execute(&inv, e, Io { stdin: Some(stdin), ..Io::default() }).unwrap_or_default(),
        Ok(other) => panic!("{line}: {other:?}"),
        Err(err) => {
            let mut out = Output::default();
            out.error(&err.to_string());
            out
        }
    }
}

fn kubectl(e: &mut Engine, line: &str) -> Output {
    run(e, line, "")
}

/// What the terminal shows.
fn shown(o: &Output) -> String {
    super::super::shown(&o.stdout, &o.stderr, &o.stderr_at)
}

/// The reviews every authenticated user may ask for (the bootstrap's
/// `system:basic-user`, under a name of the test's own).
const REVIEWS: &str = "
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: test-reviews
rules:
- apiGroups: [authorization.k8s.io]
  resources: [selfsubjectaccessreviews, selfsubjectrulesreviews]
  verbs: [create]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: test-reviews
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: test-reviews}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: Group, name: system:authenticated}
";

fn cluster(extra: &str) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    let out = run(&mut e, "kubectl apply -f -", REVIEWS);
    assert!(!out.failed, "{}", out.stderr);
    if !extra.is_empty() {
        let out = run(&mut e, "kubectl apply -f -", extra);
        assert!(!out.failed, "{}", out.stderr);
    }
    e
}

/// A Role in `ns` with one rule, bound to the user `jane`.
fn jane_may(ns: &str, rule: &str) -> String {
    format!(
        "
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {{name: jane, namespace: {ns}}}
rules:
- {rule}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {{name: jane, namespace: {ns}}}
roleRef: {{apiGroup: rbac.authorization.k8s.io, kind: Role, name: jane}}
subjects:
- {{apiGroup: rbac.authorization.k8s.io, kind: User, name: jane}}
"
    )
}

const TEST_NS: &str = "apiVersion: v1\nkind: Namespace\nmetadata: {name: test}\n---\n";

// cani_test.go's TestRunAccessCheck: the review each argument list sends,
// as its answer shows (kind's REST mapper maps replicasets to apps, not the
// fake mapper's extensions).
#[test]
fn run_access_check() {
    let rules = [
        TEST_NS.to_string(),
        jane_may("test", "{apiGroups: [apps], resources: [replicasets], verbs: [get]}"),
        "---\n".into(),
        jane_may("default", "{apiGroups: [apps], resources: [deployments], resourceNames: [foo], verbs: [get]}"),
    ]
    .concat();
    let mut e = cluster(&rules);
    let cases: &[(&str, &str, bool)] = &[
        // restmapping for args
        ("kubectl auth can-i get replicaset -n test --as=jane", "yes\n", true),
        // simple success
        ("kubectl auth can-i get deployments.apps/foo --as=jane", "yes\n", true),
        ("kubectl auth can-i get deployments.apps/bar --as=jane", "no\n", false),
        // all namespaces: the review has no namespace, which no RoleBinding answers
        ("kubectl auth can-i get deployments.apps/foo -A --as=jane", "no\n", false),
        // sub resource
        ("kubectl auth can-i get pods --subresource=log -A --as=jane", "no\n", false),
        // nonResourceURL
        ("kubectl auth can-i get /logs --as=jane", "no\n", false),
        ("kubectl auth can-i get /logs", "yes\n", true),
        ("kubectl auth can-i get replicaset -n test", "yes\n", true),
    ];
    for (line, want, allowed) in cases {
        let out = kubectl(&mut e, line);
        assert_eq!(shown(&out), *want, "{line}");
        assert_eq!(out.failed, !allowed, "{line}");
    }
    // -q prints nothing; the exit status still answers.
    let out = kubectl(&mut e, "kubectl auth can-i delete pods -q --as=jane");
    assert_eq!((out.stdout.as_str(), out.failed), ("", true));
}

// cani_test.go's TestRunAccessCheck, cluster-wide grants: -A and subresources.
#[test]
fn run_access_check_cluster_wide() {
    let rules = "
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: logs}
rules:
- {apiGroups: [''], resources: [pods/log], verbs: [get]}
- {nonResourceURLs: ['/logs'], verbs: [get]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: logs}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: logs}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: jane}
";
    let mut e = cluster(rules);
    for (line, want) in [
        ("kubectl auth can-i get pods --subresource=log -A --as=jane", "yes\n"),
        ("kubectl auth can-i get pods -A --as=jane", "no\n"),
        ("kubectl auth can-i get /logs --as=jane", "yes\n"),
        ("kubectl auth can-i post /logs --as=jane", "no\n"),
    ] {
        assert_eq!(shown(&kubectl(&mut e, line)), want, "{line}");
    }
}

// cani_test.go's TestRunAccessList: the SelfSubjectRulesReview's rules
// broken down, compacted and sorted.
#[test]
fn run_access_list() {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let rules = [
        PolicyRule { verbs: s(&["get", "list"]), api_groups: s(&["*"]), resources: s(&["pod", "job"]), resource_names: s(&["test-resource"]), ..Default::default() },
        PolicyRule { verbs: s(&["get"]), non_resource_urls: s(&["/apis/*", "/version"]), ..Default::default() },
    ];
    assert_eq!(
        access_table(&rules, false),
        "Resources   Non-Resource URLs   Resource Names    Verbs\n\
         job.*       []                  [test-resource]   [get list]\n\
         pod.*       []                  [test-resource]   [get list]\n\
         \x20           [/apis/*]           []                [get]\n\
         \x20           [/version]          []                [get]\n"
    );
}

// cani_test.go's TestRunResourceFor
#[test]
fn run_resource_for() {
    let cases: &[(&str, &str, &str, &str)] = &[
        // any resources
        ("*", "", "*", ""),
        // server-supported standard resources without group
        ("pods", "", "pods", ""),
        // server-supported standard resources with group
        ("jobs", "batch", "jobs", ""),
        // server-supported nonstandard resources
        ("users", "", "users", ""),
        // invalid resources
        ("invalid", "", "invalid", "Warning: the server doesn't have a resource type 'invalid'\n\n"),
    ];
    for (arg, group, resource, err) in cases {
        let mut out = Output::default();
        let r = resource_for(arg, &mut out);
        assert_eq!((r.group.as_str(), r.resource.as_str(), out.stderr.as_str()), (*group, *resource, *err), "{arg}");
    }
}

// cani.go's Complete and Validate: their errors and warnings.
#[test]
fn can_i_checks_its_arguments() {
    let mut e = cluster("");
    for (line, want) in [
        ("kubectl auth can-i get", "error: you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.\n"),
        ("kubectl auth can-i --list pods", "error: list option must be specified with no arguments\n"),
        ("kubectl auth can-i --list -A", "error: list option can't be specified with neither quiet, all-namespaces nor subresource options\n"),
        ("kubectl auth can-i get /healthz --subresource=x", "error: --subresource can not be used with NonResourceURL\n"),
        ("kubectl auth can-i get pods --no-headers", "error: --no-headers cannot be set without --list specified\n"),
        ("kubectl auth can-i list nodes", "Warning: resource 'nodes' is not namespace scoped\n\nyes\n"),
        ("kubectl auth can-i list clusterroles", "Warning: resource 'clusterroles' is not namespace scoped in group 'rbac.authorization.k8s.io'\n\nyes\n"),
        ("kubectl auth can-i list nodes -A", "yes\n"),
        ("kubectl auth can-i frob pods", "Warning: verb 'frob' is not a known verb\n\nyes\n"),
        ("kubectl auth can-i get foo.bar", "Warning: the server doesn't have a resource type 'foo' in group 'bar'\n\nyes\n"),
    ] {
        assert_eq!(shown(&kubectl(&mut e, line)), want, "{line}");
    }
}

const APP: &str = "
apiVersion: v1
kind: ServiceAccount
metadata: {name: app, namespace: default}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: default}
rules:
- {apiGroups: [''], resources: [pods], verbs: [get, list]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: app-reads-pods, namespace: default}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader}
subjects:
- {kind: ServiceAccount, name: app, namespace: default}
";

const SA: &str = "--as=system:serviceaccount:default:app";

// The API server's 403s, as kubectl prints them for an impersonated
// ServiceAccount.
#[test]
fn impersonated_requests_are_authorized() {
    let mut e = cluster(APP);
    kubectl(&mut e, "kubectl run web --image=nginx");
    let out = kubectl(&mut e, &format!("kubectl get pods {SA} -o name"));
    assert_eq!((out.stdout.as_str(), out.failed), ("pod/web\n", false));
    let f = |verb: &str, what: &str, scope: &str| format!("Error from server (Forbidden): {what} is forbidden: User \"system:serviceaccount:default:app\" cannot {verb} resource {scope}\n");
    for (line, want) in [
        (format!("kubectl delete pod web {SA}"), f("delete", "pods \"web\"", "\"pods\" in API group \"\" in the namespace \"default\"")),
        (format!("kubectl get deployments {SA}"), f("list", "deployments.apps", "\"deployments\" in API group \"apps\" in the namespace \"default\"")),
        (format!("kubectl get pods -n kube-system {SA}"), f("list", "pods", "\"pods\" in API group \"\" in the namespace \"kube-system\"")),
        (format!("kubectl get nodes {SA}"), f("list", "nodes", "\"nodes\" in API group \"\" at the cluster scope")),
        (format!("kubectl logs web {SA}"), f("get", "pods \"web\"", "\"pods/log\" in API group \"\" in the namespace \"default\"")),
        (format!("kubectl label pod web a=b {SA}"), f("patch", "pods \"web\"", "\"pods\" in API group \"\" in the namespace \"default\"")),
        (format!("kubectl create deployment d --image=x {SA}"), "error: failed to create deployment: deployments.apps is forbidden: User \"system:serviceaccount:default:app\" cannot create resource \"deployments\" in API group \"apps\" in the namespace \"default\"\n".into()),
    ] {
        let out = kubectl(&mut e, &line);
        assert_eq!(shown(&out), want, "{line}");
        assert!(out.failed, "{line}");
    }
    assert_eq!(shown(&kubectl(&mut e, &format!("kubectl auth can-i list pods {SA}"))), "yes\n");
    assert_eq!(shown(&kubectl(&mut e, &format!("kubectl auth can-i delete pods {SA}"))), "no\n");
    // The pod is still there, unchanged.
    assert_eq!(kubectl(&mut e, "kubectl get pod web -o jsonpath={.metadata.labels.a}").stdout, "");
}

// kubectl scale reads the object, then patches its scale subresource:
// the RBAC rule it needs is `deployments/scale`.
#[test]
fn scale_needs_the_scale_subresource() {
    let mut e = cluster(&jane_may("default", "{apiGroups: [apps], resources: [deployments], verbs: [get]}"));
    kubectl(&mut e, "kubectl create deployment web --image=nginx");
    assert_eq!(
        shown(&kubectl(&mut e, "kubectl scale deployment web --replicas=2 --as=jane")),
        "Error from server (Forbidden): deployments.apps \"web\" is forbidden: User \"jane\" cannot patch resource \"deployments/scale\" in API group \"apps\" in the namespace \"default\"\n"
    );
    assert_eq!(
        shown(&kubectl(&mut e, "kubectl scale deployment web --replicas=2 --as=bob")),
        "Error from server (Forbidden): deployments.apps \"web\" is forbidden: User \"bob\" cannot get resource \"deployments\" in API group \"apps\" in the namespace \"default\"\n"
    );
    let scaler = "
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: scaler, namespace: default}
rules:
- {apiGroups: [apps], resources: ['*/scale'], verbs: [patch]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: scaler, namespace: default}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: scaler}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: jane}
";
    assert!(!run(&mut e, "kubectl apply -f -", scaler).failed);
    assert_eq!(shown(&kubectl(&mut e, "kubectl scale deployment web --replicas=2 --as=jane")), "deployment.apps/web scaled\n");
}

// impersonation.go: --as-group needs --as (kubectl's client config refuses it).
#[test]
fn groups_need_a_user() {
    let mut e = cluster("");
    assert_eq!(
        shown(&kubectl(&mut e, "kubectl get pods --as-group=devs")),
        "Error in configuration: requesting uid, groups or user-extra for kind-kubeplay without impersonating a user\n"
    );
    let out = kubectl(&mut e, "kubectl get pods --as=jane --as-group=devs");
    assert_eq!(shown(&out), "Error from server (Forbidden): pods is forbidden: User \"jane\" cannot list resource \"pods\" in API group \"\" in the namespace \"default\"\n");
}

// whoami.go's table and its -o json (SelfSubjectReview).
#[test]
fn whoami() {
    let mut e = cluster("");
    assert_eq!(shown(&kubectl(&mut e, "kubectl auth whoami")), "ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]\n");
    assert_eq!(
        shown(&kubectl(&mut e, &format!("kubectl auth whoami {SA}"))),
        "ATTRIBUTE   VALUE\nUsername    system:serviceaccount:default:app\nGroups      [system:serviceaccounts system:serviceaccounts:default system:authenticated]\n"
    );
    assert_eq!(
        shown(&kubectl(&mut e, "kubectl auth whoami --as=jane --as-group=devs --as-uid=42 -o yaml")),
        "apiVersion: authentication.k8s.io/v1\nkind: SelfSubjectReview\nmetadata:\n  creationTimestamp: null\nstatus:\n  userInfo:\n    groups:\n    - devs\n    - system:authenticated\n    uid: \"42\"\n    username: jane\n"
    );
}

/// base64url without padding, read through the standard alphabet.
fn unurl(part: &str) -> Vec<u8> {
    let mut s: String = part.chars().map(|c| match c {
        '-' => '+',
        '_' => '/',
        c => c,
    }).collect();
    while !s.len().is_multiple_of(4) {
        s.push('=');
    }
    kubeplay_model::base64::decode(&s).expect("base64url")
}

fn decode(part: &str) -> serde_json::Value {
    let bytes = unurl(part);
    serde_json::from_slice(&bytes).expect("json")
}

// create_token.go's Validate, and the TokenRequest's token.
#[test]
fn create_token() {
    let mut e = cluster(APP);
    kubectl(&mut e, "kubectl run web --image=nginx");
    let runner = "apiVersion: v1\nkind: Pod\nmetadata: {name: runner}\nspec:\n  serviceAccountName: app\n  containers: [{name: c, image: nginx}]\n";
    assert!(!run(&mut e, "kubectl apply -f -", runner).failed);
    let out = kubectl(&mut e, "kubectl create token app --duration=2h");
    assert!(!out.failed, "{}", out.stderr);
    let parts: Vec<&str> = out.stdout.trim_end().split('.').collect();
    assert_eq!(parts.len(), 3);
    assert_eq!(decode(parts[0])["alg"], "RS256");
    let claims = decode(parts[1]);
    let keys: Vec<&str> = claims.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["aud", "exp", "iat", "iss", "jti", "kubernetes.io", "nbf", "sub"]);
    assert_eq!(claims["aud"], serde_json::json!(["https://kubernetes.default.svc.cluster.local"]));
    assert_eq!(claims["sub"], "system:serviceaccount:default:app");
    assert_eq!(claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(), 7200);
    assert_eq!(claims["kubernetes.io"]["serviceaccount"]["name"], "app");
    // 256 bytes: an RSA-2048 signature's length.
    assert_eq!(unurl(parts[2]).len(), 256);
    for (line, want) in [
        ("kubectl create token nosa", "error: failed to create token: serviceaccounts \"nosa\" not found\n"),
        ("kubectl create token app --duration=1m", "error: failed to create token: TokenRequest.authentication.k8s.io \"\" is invalid: spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes\n"),
        ("kubectl create token app --duration=1500ms", "error: --duration cannot be expressed in units less than seconds\n"),
        ("kubectl create token app --bound-object-name=x", "error: --bound-object-name can only be set if --bound-object-kind is provided\n"),
        ("kubectl create token app --bound-object-kind=Node", "error: supported --bound-object-kind values are Pod, Secret\n"),
        ("kubectl create token app --bound-object-kind=Pod", "error: --bound-object-name is required if --bound-object-kind is provided\n"),
        ("kubectl create token app --bound-object-kind=Pod --bound-object-name=x", "error: failed to create token: pods \"x\" not found\n"),
        ("kubectl create token app --audience=", "error: --audience must not be an empty string\n"),
        ("kubectl create token app --bound-object-kind=Pod --bound-object-name=web", "error: failed to create token: cannot bind token for serviceaccount \"app\" to pod running with different serviceaccount name.\n"),
        (
            "kubectl create token app --bound-object-kind=Pod --bound-object-name=runner --bound-object-uid=x",
            "error: failed to create token: Operation cannot be fulfilled on Pod \"runner\": the UID in the bound object reference (x) does not match the UID in record. The object might have been deleted and then recreated\n",
        ),
    ] {
        assert_eq!(shown(&kubectl(&mut e, line)), want, "{line}");
    }
    // A token bound to a pod of the account names the pod.
    let out = kubectl(&mut e, "kubectl create token app --bound-object-kind=Pod --bound-object-name=runner");
    let claims = decode(out.stdout.trim_end().split('.').nth(1).unwrap());
    assert_eq!(claims["kubernetes.io"]["pod"]["name"], "runner");
}
