//! Which requests each command sends as an impersonated user, and what
//! kubectl shows when some are refused.

use super::*;
use crate::exec::{execute, Io};
use kubeplay_engine::Engine;

fn run(e: &mut Engine, line: &str, stdin: &str) -> Output {
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

fn shown(e: &mut Engine, line: &str) -> String {
    let o = run(e, line, "");
    super::super::shown(&o.stdout, &o.stderr, &o.stderr_at)
}

/// A ServiceAccount that may read pods in `default`, and `extra` rules.
fn cluster(extra: &str) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    let policy = format!(
        "
apiVersion: v1
kind: ServiceAccount
metadata: {{name: app, namespace: default}}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {{name: app, namespace: default}}
rules:
- {{apiGroups: [''], resources: [pods], verbs: [get, list]}}
{extra}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {{name: app, namespace: default}}
roleRef: {{apiGroup: rbac.authorization.k8s.io, kind: Role, name: app}}
subjects:
- {{kind: ServiceAccount, name: app, namespace: default}}
"
    );
    let out = run(&mut e, "kubectl apply -f -", &policy);
    assert!(!out.failed, "{}", out.stderr);
    for line in [
        "kubectl run web --image=nginx",
        "kubectl create deployment d --image=nginx",
        "kubectl create clusterrolebinding crb --clusterrole=view --user=bob",
    ] {
        assert!(!run(&mut e, line, "").failed, "{line}");
    }
    e
}

const SA: &str = "--as=system:serviceaccount:default:app";

fn forbidden(verb: &str, what: &str, resource: &str, group: &str) -> String {
    format!("Error from server (Forbidden): {what} is forbidden: User \"system:serviceaccount:default:app\" cannot {verb} resource \"{resource}\" in API group \"{group}\" in the namespace \"default\"\n")
}

// get.go goes on past a refused list (the builder's ContinueOnError): the
// allowed kinds' tables print, and the errors follow them.
#[test]
fn get_prints_what_it_may_and_the_403s() {
    let mut e = cluster("");
    let table = "NAME   READY   STATUS    RESTARTS   AGE\nweb    0/1     Pending   0          0s\n";
    let services = forbidden("list", "services", "services", "");
    assert_eq!(
        shown(&mut e, &format!("kubectl get pods,svc {SA}")),
        format!("{table}{services}")
    );
    assert_eq!(
        shown(&mut e, &format!("kubectl get svc,pods {SA}")),
        format!("{table}{services}")
    );
    let one = forbidden("get", "services \"kubernetes\"", "services", "");
    assert_eq!(
        shown(&mut e, &format!("kubectl get pod/web svc/kubernetes {SA}")),
        format!("{table}{one}")
    );
    // One object implied: its error alone, not an empty List.
    assert_eq!(
        shown(&mut e, &format!("kubectl get svc kubernetes -o yaml {SA}")),
        one
    );
}

// The API server authorizes a dry-run request as the request itself.
#[test]
fn server_dry_runs_are_authorized() {
    let mut e = cluster("");
    let pods = |verb: &str| forbidden(verb, "pods \"web\"", "pods", "");
    assert_eq!(
        shown(
            &mut e,
            &format!("kubectl label pod web a=b --dry-run=server {SA}")
        ),
        pods("patch")
    );
    assert_eq!(shown(&mut e, &format!("kubectl patch pod web -p '{{\"metadata\":{{\"labels\":{{\"a\":\"b\"}}}}}}' --dry-run=server {SA}")), pods("patch"));
    assert_eq!(
        shown(
            &mut e,
            &format!("kubectl delete pod web --dry-run=server {SA}")
        ),
        pods("delete")
    );
    assert_eq!(
        shown(&mut e, &format!("kubectl create configmap x --dry-run=server {SA}")),
        "error: failed to create configmap: configmaps is forbidden: User \"system:serviceaccount:default:app\" cannot create resource \"configmaps\" in API group \"\" in the namespace \"default\"\n"
    );
    assert_eq!(
        shown(
            &mut e,
            "kubectl get pod web -o jsonpath={.metadata.labels.a}"
        ),
        ""
    );
}

// A patch reads its object first, through the same subresource it then
// patches (resource.Builder's Subresource).
#[test]
fn patch_subresources_are_authorized() {
    let mut e =
        cluster("- {apiGroups: [apps], resources: [deployments/scale], verbs: [get, patch]}");
    assert_eq!(shown(&mut e, &format!("kubectl patch deployment d --subresource=scale -p '{{\"spec\":{{\"replicas\":2}}}}' {SA}")), "scale.autoscaling/d patched\n");
    assert_eq!(
        shown(
            &mut e,
            &format!(
                "kubectl patch deployment d --subresource=status -p '{{\"status\":{{}}}}' {SA}"
            )
        ),
        forbidden(
            "get",
            "deployments.apps \"d\"",
            "deployments/status",
            "apps"
        )
    );
    assert_eq!(
        shown(
            &mut e,
            &format!("kubectl patch deployment d -p '{{}}' {SA}")
        ),
        forbidden("get", "deployments.apps \"d\"", "deployments", "apps")
    );
}

// set subject reads the binding, then patches it.
#[test]
fn set_subject_is_authorized() {
    let mut e = cluster("");
    let refused = "Error from server (Forbidden): clusterrolebindings.rbac.authorization.k8s.io \"crb\" is forbidden: User \"system:serviceaccount:default:app\" cannot get resource \"clusterrolebindings\" in API group \"rbac.authorization.k8s.io\" at the cluster scope\n";
    assert_eq!(
        shown(
            &mut e,
            &format!("kubectl set subject clusterrolebinding crb --user=alice {SA}")
        ),
        refused
    );
    assert_eq!(
        shown(
            &mut e,
            &format!(
                "kubectl set subject clusterrolebinding crb --user=alice --dry-run=server {SA}"
            )
        ),
        refused
    );
}

// describe.go's describers ignore a failed event search and leave the
// Events section out.
#[test]
fn describe_without_events_access() {
    let mut e = cluster("");
    let admin = shown(&mut e, "kubectl describe pod web");
    assert!(admin.contains("\nEvents:"), "{admin}");
    let app = shown(&mut e, &format!("kubectl describe pod web {SA}"));
    assert!(!app.contains("Events:"), "{app}");
    assert!(app.starts_with("Name:             web\n"), "{app}");
}
