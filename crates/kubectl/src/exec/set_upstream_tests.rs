//! Tables ported from upstream kubectl's set_env_test.go,
//! set_selector_test.go and set_serviceaccount_test.go, run against the
//! simulated cluster (or locally) instead of a fake REST client.

use super::*;
use crate::cli::Command;
use kubeplay_model::api::{
    DaemonSet, Deployment, Job, PersistentVolumeClaim, ReplicaSet, ReplicationController, Service,
    ServiceAccount,
};
use kubeplay_model::{LabelSelector, LabelSelectorRequirement};
use std::collections::BTreeMap;

fn engine_with(manifests: &str) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    for o in kubeplay_codec::decode_manifests(manifests).objects() {
        client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e
}

fn run_io(e: &mut Engine, line: &str, stdin: Option<&str>) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => super::super::execute(
            &inv,
            e,
            Io {
                stdin,
                ..Default::default()
            },
        )
        .expect("output"),
        other => panic!("{line}: {other:?}"),
    }
}

fn run(e: &mut Engine, line: &str) -> Output {
    run_io(e, line, None)
}

/// The env of every container (init containers last) of a deployment, as
/// JSON with sorted keys (the form of upstream's patch bodies).
fn env_json(e: &Engine, name: &str) -> String {
    let obj = e
        .store()
        .get_by(kubeplay_model::Kind::Deployment, "default", name)
        .expect("deployment");
    let spec = pod_spec(obj).expect("template");
    let env: Vec<&EnvVar> = spec
        .containers
        .iter()
        .chain(spec.init_containers.iter())
        .flat_map(|c| c.env.iter())
        .collect();
    let mut v = serde_json::to_value(&env).expect("json");
    crate::print::structured::sort_keys(&mut v);
    v.to_string()
}

const FROM: &str = "apiVersion: v1
kind: ConfigMap
metadata:
  name: testconfigmap
data:
  env: prod
  test-key: testValue
  test-key-two: testValueTwo
---
apiVersion: v1
kind: Secret
metadata:
  name: testsecret
data:
  env: cHJvZA==
  test-key: dGVzdFZhbHVl
  test-key-two: dGVzdFZhbHVlVHdv
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
";

// set_env_test.go's TestSetEnvFromResource
#[test]
fn set_env_from_resource() {
    let entry = |name: &str, r: &str, key: &str, from: &str| {
        format!(r#"{{"name":"{name}","valueFrom":{{"{r}":{{"key":"{key}","name":"{from}"}}}}}}"#)
    };
    let cm = |name: &str, key: &str| entry(name, "configMapKeyRef", key, "testconfigmap");
    let sec = |name: &str, key: &str| entry(name, "secretKeyRef", key, "testsecret");
    let cases: Vec<(&str, Vec<String>, Vec<String>)> = vec![
        (
            "--from=configmap/testconfigmap",
            vec![
                cm("ENV", "env"),
                cm("TEST_KEY", "test-key"),
                cm("TEST_KEY_TWO", "test-key-two"),
            ],
            vec![],
        ),
        (
            "--from=secret/testsecret",
            vec![
                sec("ENV", "env"),
                sec("TEST_KEY", "test-key"),
                sec("TEST_KEY_TWO", "test-key-two"),
            ],
            vec![],
        ),
        (
            "--from=configmap/testconfigmap --keys=env,test-key-two",
            vec![cm("ENV", "env"), cm("TEST_KEY_TWO", "test-key-two")],
            vec![cm("TEST_KEY", "test-key")],
        ),
        (
            "--from=secret/testsecret --keys=env,test-key-two",
            vec![sec("ENV", "env"), sec("TEST_KEY_TWO", "test-key-two")],
            vec![sec("TEST_KEY", "test-key")],
        ),
    ];
    for (flags, includes, excludes) in cases {
        let mut e = engine_with(FROM);
        let out = run(&mut e, &format!("kubectl set env deployment nginx {flags}"));
        assert_eq!(
            out.stdout, "deployment.apps/nginx env updated\n",
            "{flags}: {}",
            out.stderr
        );
        let env = env_json(&e, "nginx");
        for i in &includes {
            assert!(env.contains(i.as_str()), "{flags}: {env} lacks {i}");
        }
        for x in &excludes {
            assert!(!env.contains(x.as_str()), "{flags}: {env} has {x}");
        }
    }
}

const REDIS: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: redis
spec:
  selector:
    matchLabels:
      app: redis
  template:
    metadata:
      labels:
        app: redis
    spec:
      initContainers:
      - name: init
        image: redis
      containers:
      - name: redis
        image: redis
";

// set_env_test.go's TestSetEnvRemoteWithSpecificContainers
#[test]
fn set_env_specific_containers() {
    for (selector, containers) in [("*", 2), ("red*", 1), ("redis", 1)] {
        let mut e = engine_with(REDIS);
        run(
            &mut e,
            &format!("kubectl set env deployments redis env=prod -c {selector} --overwrite"),
        );
        assert_eq!(
            env_json(&e, "redis").matches(r#""value":"prod""#).count(),
            containers,
            "{selector}"
        );
    }
}

fn selector(labels: &[(&str, &str)], exprs: &[(&str, &str, &[&str])]) -> LabelSelector {
    LabelSelector {
        match_labels: labels
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        match_expressions: exprs
            .iter()
            .map(|(k, op, vs)| LabelSelectorRequirement {
                key: k.to_string(),
                operator: op.to_string(),
                values: vs.iter().map(|v| v.to_string()).collect(),
            })
            .collect(),
    }
}

// set_selector_test.go's TestUpdateSelectorForObjectTypes
#[test]
fn update_selector_for_object_types() {
    let cases: Vec<(&str, Object, bool)> = vec![
        ("rc", ReplicationController::default().into(), true),
        ("ser", Service::default().into(), false),
        ("dep", Deployment::default().into(), true),
        ("ds", DaemonSet::default().into(), true),
        ("rs", ReplicaSet::default().into(), true),
        ("job", Job::default().into(), true),
        (
            "pvc - no updates",
            PersistentVolumeClaim::default().into(),
            true,
        ),
        ("sa - no selector", ServiceAccount::default().into(), true),
    ];
    for (name, mut obj, refused) in cases {
        assert_eq!(
            replace_selector(&mut obj, &LabelSelector::default()).is_err(),
            refused,
            "{name}"
        );
    }
}

fn service_selector(o: &Object) -> BTreeMap<String, String> {
    match o {
        Object::Service(s) => s.spec.selector.clone(),
        _ => BTreeMap::new(),
    }
}

// set_selector_test.go's TestUpdateNewSelectorValuesForObject and
// TestUpdateOldSelectorValuesForObject
#[test]
fn update_selector_values() {
    for sel in [selector(&[], &[]), selector(&[("b", "u")], &[])] {
        let mut svc: Object = Service::default().into();
        assert_eq!(replace_selector(&mut svc, &sel), Ok(()));
        assert_eq!(service_selector(&svc), sel.match_labels);
    }
    let mut old = Service::default();
    old.spec.selector.insert("fee".into(), "true".into());
    for sel in [
        selector(&[], &[]),
        selector(&[("fee", "false"), ("x", "y")], &[]),
    ] {
        let mut svc: Object = old.clone().into();
        assert_eq!(replace_selector(&mut svc, &sel), Ok(()));
        assert_eq!(service_selector(&svc), sel.match_labels);
    }
    for sel in [
        selector(&[], &[("a", "In", &["x", "y"])]),
        selector(&[("b", "u")], &[("a", "In", &["x", "y"])]),
    ] {
        let mut svc: Object = old.clone().into();
        assert_eq!(
            replace_selector(&mut svc, &sel),
            Err("match expression [{a In [x y]}] not supported on this object".into())
        );
    }
}

// set_selector_test.go's TestGetResourcesAndSelector
#[test]
fn resources_and_selector() {
    let resolved = |line: &str| match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => match inv.command {
            Command::SetSelector(s) => Ok((s.targets, s.selector)),
            other => panic!("{other:?}"),
        },
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    };
    let rc_foo = crate::cli::Targets::Named(vec![(
        kubeplay_model::Kind::ReplicationController,
        "foo".into(),
    )]);
    assert_eq!(
        resolved("kubectl set selector rc/foo healthy=true"),
        Ok((rc_foo.clone(), selector(&[("healthy", "true")], &[])))
    );
    assert_eq!(
        resolved("kubectl set selector rc/foo 'buildType notin (debug, test)'"),
        Ok((
            rc_foo,
            selector(&[], &[("buildType", "NotIn", &["debug", "test"])])
        ))
    );
    assert!(resolved("kubectl set selector rc/foo 'buildType notthis (debug, test)'").is_err());
    // No arguments: no selector, which Validate refuses.
    assert_eq!(
        resolved("kubectl set selector"),
        Err("error: one selector is required".into())
    );
}

// set_selector_test.go's TestSelectorTest
#[test]
fn selector_run() {
    let mut e = engine_with("apiVersion: v1\nkind: Service\nmetadata:\n  name: cassandra\nspec:\n  ports:\n  - port: 80\n");
    let out = run(
        &mut e,
        "kubectl set selector service cassandra environment=qa -o name",
    );
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str()),
        ("service/cassandra\n", "")
    );
    assert_eq!(
        service_selector(
            e.store()
                .get_by(kubeplay_model::Kind::Service, "default", "cassandra")
                .expect("svc")
        ),
        BTreeMap::from([("environment".into(), "qa".into())])
    );
}

// set_serviceaccount_test.go's TestSetServiceAccountLocal: every kind with
// a pod template, updated from a file without the cluster.
#[test]
fn set_service_account_local() {
    let template = "template:\n    metadata:\n      labels:\n        a: b\n    spec:\n      containers:\n      - name: c\n        image: nginx\n";
    let manifests = [
        "apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: cassandra\nspec:\n  ".to_string() + template,
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: c\n    image: nginx\n".to_string(),
        "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  ".to_string() + template,
        "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: frontend\nspec:\n  selector:\n    matchLabels:\n      a: b\n  ".to_string() + template,
        "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      a: b\n  ".to_string() + template,
        "apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: ds\nspec:\n  selector:\n    matchLabels:\n      a: b\n  ".to_string() + template,
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\nspec:\n  selector:\n    matchLabels:\n      a: b\n  ".to_string() + template,
    ];
    for m in manifests {
        let mut e = Engine::with_default_cluster(7);
        let out = run_io(
            &mut e,
            "kubectl set serviceaccount -f - serviceaccount1 --local -o yaml",
            Some(&m),
        );
        assert!(
            out.stdout.contains("serviceAccountName: serviceaccount1"),
            "{m}\n{}{}",
            out.stdout,
            out.stderr
        );
    }
}

/// A workload of `kind` named nginx with one nginx container.
fn workload(api_version: &str, kind: &str) -> String {
    let selector = if kind == "ReplicationController" {
        "    app: nginx\n"
    } else {
        "    matchLabels:\n      app: nginx\n"
    };
    format!(
        "apiVersion: {api_version}\nkind: {kind}\nmetadata:\n  name: nginx\nspec:\n  selector:\n{selector}  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: nginx\n"
    )
}

// set_resources_test.go's TestSetResourcesRemote (the API versions a v1.32
// cluster serves; extensions/v1beta1 and apps/v1beta1/2 are gone, and a
// real API server refuses the Job case: its pod template is immutable).
#[test]
fn set_resources_remote() {
    for (api_version, kind, arg) in [
        ("apps/v1", "ReplicaSet", "replicaset"),
        ("apps/v1", "DaemonSet", "daemonset"),
        ("apps/v1", "Deployment", "deployment"),
        ("apps/v1", "StatefulSet", "statefulset"),
        ("v1", "ReplicationController", "replicationcontroller"),
    ] {
        let mut e = engine_with(&workload(api_version, kind));
        let out = run(
            &mut e,
            &format!("kubectl set resources {arg} nginx --limits=cpu=200m,memory=512Mi -o yaml"),
        );
        assert!(
            out.stdout.contains("cpu: 200m") && out.stdout.contains("memory: 512Mi"),
            "{kind}: {}{}",
            out.stdout,
            out.stderr
        );
    }
}

// set_resources_test.go's TestResourcesLocal and
// TestSetMultiResourcesLimitsLocal
#[test]
fn set_resources_local() {
    let rc = |name: &str| {
        workload("v1", "ReplicationController")
            .replace("name: nginx\nspec", &format!("name: {name}\nspec"))
    };
    let both = format!("{}---\n{}", rc("first-rc"), rc("second-rc"));
    let mut e = Engine::with_default_cluster(7);
    let line = "kubectl set resources -f - --local --limits=cpu=200m,memory=512Mi --requests=cpu=200m,memory=512Mi -c '*' -o name";
    let out = run_io(&mut e, line, Some(&rc("cassandra")));
    assert_eq!(
        out.stdout, "replicationcontroller/cassandra\n",
        "{}",
        out.stderr
    );
    let out = run_io(&mut e, line, Some(&both));
    assert_eq!(
        out.stdout, "replicationcontroller/first-rc\nreplicationcontroller/second-rc\n",
        "{}",
        out.stderr
    );
}
