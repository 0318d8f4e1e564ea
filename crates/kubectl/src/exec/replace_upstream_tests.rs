//! Tables ported from upstream kubectl's replace_test.go, run against the
//! simulated cluster instead of a fake REST client (whose responses named
//! other objects; here the server answers with the objects sent).

use crate::exec::{execute, Io, Output};
use kubeplay_engine::Engine;

const RC: &str = "apiVersion: v1
kind: ReplicationController
metadata:
  name: redis-master
spec:
  replicas: 1
  selector:
    app: redis
  template:
    metadata:
      labels:
        app: redis
    spec:
      containers:
      - name: master
        image: redis
";

const SVC: &str = "apiVersion: v1
kind: Service
metadata:
  name: frontend
spec:
  selector:
    app: guestbook
  ports:
  - port: 80
";

fn run(e: &mut Engine, line: &str, stdin: &str) -> Output {
    let inv = match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => inv,
        other => panic!("{line}: {other:?}"),
    };
    execute(
        &inv,
        e,
        Io {
            stdin: Some(stdin),
            ..Default::default()
        },
    )
    .expect("output")
}

fn with(manifests: &str) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    let out = run(&mut e, "kubectl create -f -", manifests);
    assert!(!out.failed, "{out:?}");
    e
}

// replace_test.go's TestReplaceObject and TestReplaceMultipleObject: a
// replace prints each object; with --force every object is deleted (and
// printed by name) before any is created again.
#[test]
fn replace_objects() {
    let both = format!("{RC}---\n{SVC}");
    let cases: &[(&str, &str, &str)] = &[
        (RC, "", "replicationcontroller/redis-master\n"),
        (RC, "--force --cascade=false", "replicationcontroller/redis-master\nreplicationcontroller/redis-master\n"),
        (&both, "", "replicationcontroller/redis-master\nservice/frontend\n"),
        (&both, "--force --cascade=false", "replicationcontroller/redis-master\nservice/frontend\nreplicationcontroller/redis-master\nservice/frontend\n"),
    ];
    for (manifests, flags, want) in cases {
        let mut e = with(manifests);
        let out = run(
            &mut e,
            &format!("kubectl replace -f - -o name {flags}"),
            manifests,
        );
        assert_eq!(
            (out.stdout.as_str(), out.failed),
            (*want, false),
            "{flags}: {}",
            out.stderr
        );
    }
}

// replace_test.go's TestForceReplaceObjectNotFound: an object that is not
// there is only created.
#[test]
fn force_replace_object_not_found() {
    let mut e = Engine::with_default_cluster(7);
    let out = run(
        &mut e,
        "kubectl replace -f - --force --cascade=false -o name",
        RC,
    );
    assert_eq!(
        (out.stdout.as_str(), out.failed),
        ("replicationcontroller/redis-master\n", false),
        "{}",
        out.stderr
    );
}

// replace.go's Validate (v1.32, as the binary words it): the deletion
// flags need --force, and --force refuses a dry run.
#[test]
fn validate() {
    let cases: &[(&str, &str)] = &[
        (
            "--grace-period=0",
            "error: --grace-period must have --force specified",
        ),
        (
            "--grace-period=3",
            "error: --grace-period must have --force specified",
        ),
        (
            "--timeout=5s",
            "error: --timeout must have --force specified",
        ),
        (
            "--force --dry-run=server",
            "error: --dry-run can not be used when --force is set",
        ),
        (
            "--raw=/api -f b.yaml",
            "error: --raw can only use a single local file or stdin",
        ),
        (
            "--raw=/api -o json",
            "error: --raw and --output are mutually exclusive",
        ),
        (
            "--raw=/api -R",
            "error: --raw and --recursive are mutually exclusive",
        ),
        (
            "--raw=api",
            "error: --raw must be a valid URL path: parse \"api\": invalid URI for request",
        ),
    ];
    for (flags, want) in cases {
        let got = crate::parse_line(&format!("kubectl replace -f a.yaml {flags}"))
            .err()
            .map(|e| e.to_string());
        assert_eq!(got.as_deref(), Some(*want), "{flags}");
    }
}
