//! Tables ported from upstream kubectl's rollout command tests
//! (cmd/rollout/rollout_*_test.go) and the polymorphic helpers behind them
//! (polymorphichelpers/rollback_test.go, history_test.go,
//! objectpauser_test.go), run against the simulated cluster instead of a
//! fake REST client.

use super::*;
use kubeplay_engine::controllers::history::template_patch;
use kubeplay_model::api::{Container, DaemonSet, StatefulSet, Toleration, Volume};
use serde_json::json;

fn engine_with(manifests: &str) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    for o in kubeplay_codec::decode_manifests(manifests).objects() {
        client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e
}

fn run(e: &mut Engine, line: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => {
            super::super::execute(&inv, e, Io::default()).expect("output")
        }
        other => panic!("{line}: {other:?}"),
    }
}

fn deployment(name: &str, ns: &str, labels: &str) -> String {
    format!(
        "apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  namespace: {ns}
  labels: {{{labels}}}
spec:
  selector:
    matchLabels: {{app: {name}}}
  template:
    metadata:
      labels: {{app: {name}}}
    spec:
      containers:
      - name: nginx
        image: nginx
"
    )
}

fn workload(kind: &str) -> String {
    let extra = if kind == "StatefulSet" {
        "  serviceName: moons\n  replicas: 1\n"
    } else {
        ""
    };
    format!(
        "apiVersion: apps/v1
kind: {kind}
metadata:
  name: moons
  labels: {{foo: bar}}
spec:
{extra}  selector:
    matchLabels: {{foo: bar}}
  template:
    metadata:
      labels: {{foo: bar}}
    spec:
      containers:
      - name: test
        image: nginx
"
    )
}

// rollout_restart_test.go's TestRolloutRestartOne and TestRolloutRestartError:
// a second restart within the same second is an empty patch.
#[test]
fn restart_one_then_too_soon() {
    let mut e = engine_with(&deployment("nginx-deployment", "default", ""));
    let first = run(
        &mut e,
        "kubectl rollout restart deployment/nginx-deployment",
    );
    assert_eq!(
        (first.stdout.as_str(), first.stderr.as_str()),
        ("deployment.apps/nginx-deployment restarted\n", "")
    );
    let again = run(
        &mut e,
        "kubectl rollout restart deployment/nginx-deployment",
    );
    assert_eq!(again.stdout, "");
    assert_eq!(
        again.stderr,
        "error: failed to create patch for nginx-deployment: if restart has already been triggered within the past second, please wait before attempting to trigger another\n"
    );
    assert!(again.failed);
}

// rollout_restart_test.go's TestRolloutRestartSelectorNone and
// TestRolloutRestartSelectorMany.
#[test]
fn restart_by_selector() {
    let ns = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: test\n";
    let mut e = engine_with(&format!(
        "{ns}---\n{}---\n{}",
        deployment("nginx-deployment-1", "test", "app: test"),
        deployment("nginx-deployment-2", "test", "app: test")
    ));
    let none = run(
        &mut e,
        "kubectl rollout restart deployment -l app=none -n test",
    );
    assert_eq!(
        (none.stdout.as_str(), none.stderr.as_str(), none.failed),
        ("", "No resources found in test namespace.\n", false)
    );
    let many = run(
        &mut e,
        "kubectl rollout restart deployment -l app=test -n test",
    );
    assert_eq!(many.stdout, "deployment.apps/nginx-deployment-1 restarted\ndeployment.apps/nginx-deployment-2 restarted\n");
}

// rollout_pause_test.go's TestRolloutPause and objectpauser_test.go's
// TestDefaultObjectPauser: a running Deployment pauses, a paused one and a
// ReplicaSet are refused.
#[test]
fn pause() {
    let mut e = engine_with(&deployment("nginx-deployment", "default", ""));
    e.settle(60_000);
    let out = run(&mut e, "kubectl rollout pause deployment/nginx-deployment");
    assert_eq!(out.stdout, "deployment.apps/nginx-deployment paused\n");
    let again = run(&mut e, "kubectl rollout pause deployment/nginx-deployment");
    assert_eq!(
        again.stderr,
        "error: deployments.apps \"nginx-deployment\" is already paused\n"
    );
    let rs = run(&mut e, "kubectl get rs -o name");
    let rs = rs.stdout.trim().to_string();
    let refused = run(&mut e, &format!("kubectl rollout pause {rs}"));
    assert_eq!(
        refused.stderr,
        format!(
            "error: replicasets.apps \"{}\" pausing is not supported\n",
            rs.trim_start_matches("replicaset.apps/")
        )
    );
}

// objectresumer.go and objectrestarter.go (their tests only cover
// Deployments): only Deployments resume; DaemonSets and StatefulSets
// restart too.
#[test]
fn which_kinds_resume_and_restart() {
    let mut e = engine_with(&format!(
        "{}---\n{}",
        workload("DaemonSet"),
        workload("StatefulSet")
    ));
    for kind in ["daemonset", "statefulset"] {
        let resume = run(&mut e, &format!("kubectl rollout resume {kind}/moons"));
        assert_eq!(
            resume.stderr,
            format!("error: {kind}s.apps \"moons\" resuming is not supported\n")
        );
        let restart = run(&mut e, &format!("kubectl rollout restart {kind}/moons"));
        assert_eq!(restart.stdout, format!("{kind}.apps/moons restarted\n"));
    }
    let cm = run(&mut e, "kubectl create configmap c");
    assert!(!cm.failed);
    let restart = run(&mut e, "kubectl rollout restart configmap/c");
    assert_eq!(
        restart.stderr,
        "error: configmaps \"c\" restarting is not supported\n"
    );
}

// The commands aggregate their errors: the lookups' first, then each
// object's, every one on its own line.
#[test]
fn pause_aggregates_lookup_errors_first() {
    let mut e = engine_with(&workload("DaemonSet"));
    let out = run(&mut e, "kubectl rollout pause ds/moons deployment/nope");
    assert_eq!(out.stderr, "Error from server (NotFound): deployments.apps \"nope\" not found\nerror: daemonsets.apps \"moons\" pausing is not supported\n");
}

// rollout_history_test.go's TestMultipleResourceRolloutHistory (the
// viewer's own text is the table of revisions).
#[test]
fn history_of_several_deployments() {
    let mut e = engine_with(&format!(
        "{}---\n{}",
        deployment("foo", "default", ""),
        deployment("bar", "default", "")
    ));
    e.settle(60_000);
    let table = "REVISION  CHANGE-CAUSE\n1         <none>\n\n";
    let out = run(
        &mut e,
        "kubectl rollout history deployment/foo deployment/bar",
    );
    assert_eq!(
        out.stdout,
        format!("deployment.apps/foo \n{table}deployment.apps/bar \n{table}")
    );
}

// rollout_history_test.go's TestRolloutHistoryWithOutput ("name") and
// TestRolloutHistoryErrors: -o prints GetHistory's objects, a Deployment's
// ReplicaSets, and a missing revision is an error.
#[test]
fn history_with_output() {
    let mut e = engine_with(&deployment("foo", "default", ""));
    e.settle(60_000);
    let rs = run(&mut e, "kubectl get rs -o name").stdout;
    assert_eq!(
        run(&mut e, "kubectl rollout history deployment/foo -o name").stdout,
        rs
    );
    for format in ["yaml", "json"] {
        let out = run(
            &mut e,
            &format!("kubectl rollout history deployment/foo --revision=999 -o {format}"),
        );
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str()),
            ("", "error: unable to find the specified revision\n")
        );
    }
}

// history_test.go's TestViewHistory, for statefulSet and for daemonSet:
// the list, one revision's template (v1.32 adds Node-Selectors and
// Tolerations), and GetHistory, which gives the workload with the
// revision applied, not the ControllerRevision.
#[test]
fn view_history_of_controller_revisions() {
    for (kind, resource) in [("StatefulSet", "statefulset"), ("DaemonSet", "daemonset")] {
        let mut e = engine_with(&workload(kind));
        e.settle(60_000);
        let list = run(&mut e, &format!("kubectl rollout history {resource}/moons"));
        assert_eq!(
            list.stdout,
            format!("{resource}.apps/moons \nREVISION  CHANGE-CAUSE\n1         <none>\n\n"),
            "{kind}"
        );
        let one = run(
            &mut e,
            &format!("kubectl rollout history {resource}/moons --revision=1"),
        );
        assert_eq!(
            one.stdout,
            format!("{resource}.apps/moons with revision #1\nPod Template:\n  Labels:\tfoo=bar\n  Containers:\n   test:\n    Image:\tnginx\n    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n"),
            "{kind}"
        );
        let got = run(
            &mut e,
            &format!("kubectl rollout history {resource}/moons -o name"),
        );
        assert_eq!(got.stdout, format!("{resource}.apps/moons\n"), "{kind}");
    }
}

fn container(name: &str) -> Container {
    Container {
        name: name.into(),
        ..Default::default()
    }
}

fn volume(name: &str) -> Volume {
    serde_json::from_value(json!({ "name": name })).expect("volume")
}

fn template(
    version: Option<&str>,
    init: &[&str],
    containers: &[&str],
    volumes: &[&str],
) -> PodTemplateSpec {
    let mut t = PodTemplateSpec::default();
    if let Some(v) = version {
        t.metadata.annotations.insert("version".into(), v.into());
    }
    t.spec.init_containers = init.iter().map(|n| container(n)).collect::<Vec<_>>().into();
    t.spec.containers = containers
        .iter()
        .map(|n| container(n))
        .collect::<Vec<_>>()
        .into();
    t.spec.volumes = volumes.iter().map(|n| volume(n)).collect::<Vec<_>>().into();
    t
}

/// The cases of TestApplyDaemonSetHistory and TestStatefulSetApplyRevision:
/// (name, source template, expected template). The DaemonSet table's first
/// source also sets pull secrets, tolerations, host aliases and gates.
fn apply_cases() -> Vec<(&'static str, PodTemplateSpec, PodTemplateSpec)> {
    let mut less = template(Some("v3"), &["i0"], &["c0"], &["v0"]);
    less.spec.node_selector.insert("1dsa".into(), "n0".into());
    vec![
        ("test_less", less, template(None, &[], &["c1"], &[])),
        (
            "test_more",
            template(None, &["i0"], &[], &[]),
            template(Some("v3"), &["i1"], &["c1"], &["v1"]),
        ),
        (
            "test_equal",
            template(Some("v0"), &["i0"], &["c1"], &["v0"]),
            template(Some("v1"), &["i1"], &["c1"], &["v1"]),
        ),
    ]
}

fn as_object(kind: &str, t: &PodTemplateSpec) -> Object {
    match kind {
        "DaemonSet" => {
            let mut d = DaemonSet::default();
            d.spec.template = t.clone();
            Object::DaemonSet(Box::new(d))
        }
        _ => {
            let mut s = StatefulSet::default();
            s.spec.template = t.clone();
            Object::StatefulSet(Box::new(s))
        }
    }
}

// history_test.go's TestApplyDaemonSetHistory and rollback_test.go's
// TestStatefulSetApplyRevision: the revision's `$patch: replace` template
// takes the place of the live one whole.
#[test]
fn apply_revision_replaces_the_template() {
    for kind in ["DaemonSet", "StatefulSet"] {
        for (name, mut source, expected) in apply_cases() {
            if kind == "DaemonSet" && name == "test_less" {
                source.spec.image_pull_secrets = Some(Box::new(json!([{ "name": "ips0" }])));
                source.spec.tolerations = vec![Toleration {
                    key: Some("t0".into()),
                    ..Default::default()
                }]
                .into();
                source.spec.host_aliases = Some(Box::new(json!([{ "ip": "h0" }])));
                source.spec.readiness_gates =
                    Some(Box::new(json!([{ "conditionType": "PodScheduled" }])));
            }
            let data = template_patch(&expected);
            let applied = apply_revision(&as_object(kind, &source), Some(&data)).expect("applies");
            assert_eq!(template_of(&applied), Some(&expected), "{kind} {name}");
        }
    }
}

// rollout_status.go prints the status viewer's message for every Added or
// Modified watch event, with no de-duplication: a status write that moves
// only availableReplicas or replicas repeats the line, as real clusters
// show ("1 old replicas are pending termination..." twice).
#[test]
fn status_prints_a_line_per_watch_event() {
    let mut e = engine_with(
        &deployment("web", "default", "app: web")
            .replace("spec:\n  selector", "spec:\n  replicas: 3\n  selector"),
    );
    e.settle(60_000);
    run(&mut e, "kubectl set image deployment/web nginx=nginx:1.27");
    let out = run(&mut e, "kubectl rollout status deployment/web");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines.last().copied(),
        Some("deployment \"web\" successfully rolled out"),
        "{}",
        out.stdout
    );
    assert!(
        lines.windows(2).any(|w| w[0] == w[1]),
        "an unchanged message is printed again for the next event:\n{}",
        out.stdout
    );
    assert!(lines.contains(&"Waiting for deployment \"web\" rollout to finish: 1 old replicas are pending termination..."));
    assert!(!out.failed);
}
