//! Tables ported from upstream kubectl's taint/utils_test.go,
//! drain/filter_test.go and cmd/drain/drain_test.go (the filters' verdict
//! for each kind of pod; eviction itself is covered by transcripts).

use super::*;
use kubeplay_model::meta::OwnerReference;
use kubeplay_model::ObjectKey;

fn t(key: &str, value: Option<&str>, effect: &str) -> Taint {
    Taint {
        key: key.into(),
        value: value.map(str::to_string),
        effect: effect.into(),
        time_added: None,
    }
}
fn add(key: &str, effect: &str) -> TaintSpec {
    TaintSpec {
        key: key.into(),
        value: None,
        effect: effect.into(),
    }
}
fn rm(key: &str, effect: Option<&str>) -> TaintRemoval {
    TaintRemoval {
        key: key.into(),
        effect: effect.map(str::to_string),
    }
}

// taint/utils_test.go's TestReorganizeTaints
#[test]
fn reorganize_taints() {
    let old = vec![t("foo", Some("bar"), "NoSchedule")];
    let run = |add: &[TaintSpec], remove: &[TaintRemoval], overwrite: bool| {
        reorganize("node", &old, add, remove, overwrite)
    };
    assert_eq!(run(&[], &[], true), Ok((old.clone(), "modified")));
    assert_eq!(run(&[], &[], false), Ok((old.clone(), "untainted")));
    let new = t("foo_1", None, "NoExecute");
    assert_eq!(
        run(&[add("foo_1", "NoExecute")], &[], false),
        Ok((vec![new, old[0].clone()], "tainted"))
    );
    assert_eq!(
        run(&[], &[rm("foo", Some("NoSchedule"))], false),
        Ok((vec![], "untainted"))
    );
    assert_eq!(
        run(&[], &[rm("foo", None)], false),
        Ok((vec![], "untainted"))
    );
    assert_eq!(
        run(&[], &[rm("foo_1", Some("NoSchedule"))], false),
        Err(vec!["taint \"foo_1:NoSchedule\" not found".to_string()])
    );
    assert_eq!(
        run(
            &[add("foo_1", "NoSchedule")],
            &[rm("foo", Some("NoSchedule"))],
            false
        ),
        Ok((vec![t("foo_1", None, "NoSchedule")], "modified"))
    );
}

// taint/utils_test.go's TestCheckIfTaintsAlreadyExists, through the
// message it feeds (taint.go's updateTaints).
#[test]
fn taints_already_exist() {
    let old = vec![
        t("foo_1", Some("bar"), "NoSchedule"),
        t("foo_2", Some("bar"), "NoSchedule"),
        t("foo_3", Some("bar"), "NoSchedule"),
    ];
    let exists = |add: &[TaintSpec]| match reorganize("n", &old, add, &[], false) {
        Ok(_) => String::new(),
        Err(e) => e.join(""),
    };
    assert_eq!(exists(&[]), "");
    assert_eq!(exists(&[add("foo_1", "NoExecute")]), "");
    assert_eq!(
        exists(&[add("foo_2", "NoSchedule")]),
        "node n already has foo_2 taint(s) with same effect(s) and --overwrite is false"
    );
    assert_eq!(
        exists(&[add("foo_2", "NoSchedule"), add("foo_3", "NoSchedule")]),
        "node n already has foo_2,foo_3 taint(s) with same effect(s) and --overwrite is false"
    );
}

// taint/utils_test.go's TestDeleteTaint and TestDeleteTaintByKey: a
// removal that matches nothing leaves the taints and is an error.
#[test]
fn delete_taint() {
    let old = vec![t("foo", None, "NoSchedule")];
    let missing = |r: TaintRemoval| reorganize("n", &old, &[], &[r], false).is_err();
    assert!(missing(rm("foo_1", Some("NoSchedule"))));
    assert!(missing(rm("foo", Some("NoExecute"))));
    assert_eq!(
        reorganize("n", &old, &[], &[rm("foo", Some("NoSchedule"))], false),
        Ok((vec![], "untainted"))
    );
    assert!(reorganize("n", &[], &[], &[rm("foo", Some("NoSchedule"))], false).is_err());
    let valued = vec![t("foo", Some("bar"), "NoSchedule")];
    assert!(reorganize("n", &valued, &[], &[rm("foo_1", None)], false).is_err());
    assert_eq!(
        reorganize("n", &valued, &[], &[rm("foo", None)], false),
        Ok((vec![], "untainted"))
    );
    assert!(reorganize("n", &[], &[], &[rm("foo", None)], false).is_err());
}

fn drain(args: &[&str]) -> Drain {
    Drain {
        targets: crate::cli::Targets::Named(vec![]),
        force: args.contains(&"--force"),
        ignore_daemonsets: args.contains(&"--ignore-daemonsets"),
        delete_emptydir_data: args.contains(&"--delete-emptydir-data"),
        disable_eviction: false,
        grace_period: None,
        timeout_ms: 0,
        pod_selector: None,
        skip_wait_for_delete_timeout: 0,
        dry_run: DryRun::None,
    }
}

fn pod(owner: Option<&str>, empty_dir: bool, phase: Option<&str>) -> Pod {
    let mut p = Pod::default();
    p.metadata.name = "bar".into();
    p.metadata.namespace = "default".into();
    if let Some(kind) = owner {
        let name = kind.to_ascii_lowercase();
        p.metadata.owner_references.push(OwnerReference {
            api_version: "v1".into(),
            kind: kind.into(),
            name: if kind == "DaemonSet" {
                "ds".into()
            } else {
                name
            },
            uid: "123".into(),
            controller: Some(true),
            block_owner_deletion: Some(true),
        });
    }
    if empty_dir {
        p.spec_mut().volumes.push(kubeplay_model::api::Volume {
            name: "scratch".into(),
            empty_dir: Some(Arc::new(serde_json::json!({}))),
            ..Default::default()
        });
    }
    p.status.phase = phase.map(Into::into);
    p
}

const DS: &str = "apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ds
  namespace: default
spec:
  selector:
    matchLabels:
      my_key: my_value
  template:
    metadata:
      labels:
        my_key: my_value
    spec:
      containers:
      - name: c
        image: nginx
";

// cmd/drain/drain_test.go's TestDrain: each kind of pod through the
// filters (a DaemonSet "ds" exists).
#[test]
fn drain_filters_table() {
    let mut e = Engine::with_default_cluster(7);
    for o in kubeplay_codec::decode_manifests(DS).objects() {
        client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    let now = e.now();
    let judged = |p: &Pod, args: &[&str]| judge(p, &drain(args), e.store(), now);
    let fatal = |m: &str| Verdict::Fatal(m.into());
    let (done, failed) = (Some("Succeeded"), Some("Failed"));
    let cases: &[(&str, Pod, &[&str], Verdict)] = &[
        (
            "RC-managed pod",
            pod(Some("ReplicationController"), false, None),
            &[],
            Verdict::Delete,
        ),
        (
            "DS-managed pod",
            pod(Some("DaemonSet"), false, None),
            &[],
            fatal(DS_FATAL),
        ),
        (
            "DS-managed terminated pod",
            pod(Some("DaemonSet"), false, done),
            &[],
            Verdict::Delete,
        ),
        (
            "orphaned DS-managed pod",
            pod(None, false, None),
            &[],
            fatal(UNMANAGED_FATAL),
        ),
        (
            "orphaned DS-managed pod with --force",
            pod(None, false, None),
            &["--force"],
            Verdict::Warn(UNMANAGED_WARNING.into()),
        ),
        (
            "DS-managed pod with --ignore-daemonsets",
            pod(Some("DaemonSet"), false, None),
            &["--ignore-daemonsets"],
            Verdict::Skip(DS_WARNING.into()),
        ),
        (
            "DS-managed pod with emptyDir with --ignore-daemonsets",
            pod(Some("DaemonSet"), true, None),
            &["--ignore-daemonsets"],
            Verdict::Skip(DS_WARNING.into()),
        ),
        (
            "Job-managed pod with local storage",
            pod(Some("Job"), true, None),
            &["--force", "--delete-emptydir-data"],
            Verdict::Delete,
        ),
        (
            "Job-managed terminated pod",
            pod(Some("Job"), true, done),
            &[],
            Verdict::Delete,
        ),
        (
            "RS-managed pod",
            pod(Some("ReplicaSet"), false, None),
            &[],
            Verdict::Delete,
        ),
        (
            "naked pod",
            pod(None, false, None),
            &[],
            fatal(UNMANAGED_FATAL),
        ),
        (
            "naked pod with --force",
            pod(None, false, None),
            &["--force"],
            Verdict::Warn(UNMANAGED_WARNING.into()),
        ),
        (
            "pod with EmptyDir",
            pod(None, true, None),
            &["--force"],
            fatal(LOCAL_FATAL),
        ),
        (
            "terminated pod with emptyDir",
            pod(None, true, failed),
            &[],
            Verdict::Delete,
        ),
        (
            "pod with EmptyDir and --delete-emptydir-data",
            pod(None, true, None),
            &["--force", "--delete-emptydir-data"],
            Verdict::Warn(UNMANAGED_WARNING.into()),
        ),
    ];
    for (what, p, args, want) in cases {
        assert_eq!(&judged(p, args), want, "{what}");
    }
    // filters.go: a DaemonSet that is gone is the lookup's error, whatever
    // --ignore-daemonsets says; --force lets the pod go.
    let mut orphan = pod(Some("DaemonSet"), false, None);
    orphan.metadata.owner_references[0].name = "missing-ds".into();
    assert_eq!(
        judged(&orphan, &["--ignore-daemonsets"]),
        fatal("daemonsets.apps \"missing-ds\" not found")
    );
    assert_eq!(judged(&orphan, &["--force"]), Verdict::Delete);
}

// drain/filter_test.go's TestSkipDeletedFilter
#[test]
fn skip_deleted_filter() {
    let store = kubeplay_apiserver::Store::new();
    let now = kubeplay_model::time::EPOCH.plus_secs(1_000);
    let mut d = drain(&["--force"]);
    d.skip_wait_for_delete_timeout = 20;
    for (age, deletes) in [(0, true), (1, true), (100, false)] {
        let mut p = pod(Some("ReplicaSet"), false, None);
        if age > 0 {
            p.metadata.deletion_timestamp = Some(now.plus_secs(-age));
        }
        assert_eq!(
            judge(&p, &d, &store, now).deletes(),
            deletes,
            "deleted {age}s ago"
        );
    }
}

/// A default cluster whose worker carries `taints`.
fn tainted_worker(taints: &[Taint]) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    let key = ObjectKey::new(Kind::Node, "", "kubeplay-worker");
    let taints = taints.to_vec();
    client::update_with(&mut e, &key, "test setup", |o| {
        if let Object::Node(n) = o {
            n.spec.taints = taints.clone();
        }
        Ok(())
    })
    .expect("taint the worker");
    e
}

fn worker_taints(e: &Engine) -> Vec<(String, Option<String>, String)> {
    let mut out: Vec<_> = match e
        .store()
        .get(&ObjectKey::new(Kind::Node, "", "kubeplay-worker"))
        .map(|o| o.as_ref())
    {
        Some(Object::Node(n)) => n
            .spec
            .taints
            .iter()
            .map(|t| (t.key.clone(), t.value.clone(), t.effect.clone()))
            .collect(),
        _ => Vec::new(),
    };
    out.sort();
    out
}

/// A `taint` command line's output, or its refusal before the cluster.
fn run_taint(e: &mut Engine, args: &str) -> crate::exec::Output {
    match crate::parse_line(&format!("kubectl taint {args}")) {
        Ok(crate::Line::Kubectl(inv)) => {
            crate::exec::execute(&inv, e, Io::default()).expect("output")
        }
        Ok(other) => panic!("{other:?}"),
        Err(err) => crate::exec::Output {
            stderr: err.to_string(),
            failed: true,
            ..Default::default()
        },
    }
}

// taint_test.go's TestTaint: the taints the node ends with, or a failure
// that leaves it as it was.
#[test]
fn taint_table() {
    let dedicated = |effect: &str| t("dedicated", Some("namespaceA"), effect);
    type Case<'a> = (&'a str, Vec<Taint>, &'a str, Option<Vec<Taint>>);
    let cases: Vec<Case> = vec![
        (
            "NoSchedule",
            vec![],
            "foo=bar:NoSchedule",
            Some(vec![t("foo", Some("bar"), "NoSchedule")]),
        ),
        (
            "PreferNoSchedule",
            vec![],
            "foo=bar:PreferNoSchedule",
            Some(vec![t("foo", Some("bar"), "PreferNoSchedule")]),
        ),
        (
            "overwrite a value",
            vec![t("foo", Some("bar"), "NoSchedule")],
            "foo=barz:NoSchedule --overwrite",
            Some(vec![t("foo", Some("barz"), "NoSchedule")]),
        ),
        (
            "two taints",
            vec![],
            "dedicated=namespaceA:NoSchedule foo=bar:PreferNoSchedule",
            Some(vec![
                dedicated("NoSchedule"),
                t("foo", Some("bar"), "PreferNoSchedule"),
            ]),
        ),
        (
            "remove by key and effect",
            vec![dedicated("NoSchedule"), dedicated("PreferNoSchedule")],
            "dedicated:NoSchedule-",
            Some(vec![dedicated("PreferNoSchedule")]),
        ),
        (
            "remove by key",
            vec![dedicated("NoSchedule"), dedicated("PreferNoSchedule")],
            "dedicated-",
            Some(vec![]),
        ),
        (
            "update one, remove the other",
            vec![
                dedicated("NoSchedule"),
                t("foo", Some("bar"), "PreferNoSchedule"),
            ],
            "dedicated:NoSchedule- foo=barz:PreferNoSchedule --overwrite",
            Some(vec![t("foo", Some("barz"), "PreferNoSchedule")]),
        ),
        (
            "invalid taint key",
            vec![],
            "nospecialchars^@=banana:NoSchedule",
            None,
        ),
        ("invalid taint effect", vec![], "foo=bar:NoExcute", None),
        (
            "duplicated taints",
            vec![],
            "foo=bar:NoExcute foo=barz:NoExcute",
            None,
        ),
        (
            "add and remove the same taint",
            vec![],
            "foo=:NoExcute foo=:NoExcute-",
            None,
        ),
        (
            "existing taint without --overwrite",
            vec![t("foo", Some("bar"), "NoSchedule")],
            "foo=bar:NoSchedule",
            None,
        ),
    ];
    for (what, old, args, want) in cases {
        let mut e = tainted_worker(&old);
        let before = worker_taints(&e);
        let out = run_taint(&mut e, &format!("node kubeplay-worker {args}"));
        match want {
            Some(taints) => {
                assert!(!out.failed, "{what}: {}", out.stderr);
                let mut want: Vec<_> = taints
                    .into_iter()
                    .map(|t| (t.key, t.value, t.effect))
                    .collect();
                want.sort();
                assert_eq!(worker_taints(&e), want, "{what}");
            }
            None => {
                assert!(out.failed, "{what}: {}", out.stdout);
                assert_eq!(worker_taints(&e), before, "{what}");
            }
        }
    }
}

// taint_test.go's TestValidateFlags
#[test]
fn taint_validate_flags() {
    let refused = |args: &str| run_taint(&mut Engine::with_default_cluster(7), args).failed;
    assert!(!refused(
        "node -l kubernetes.io/hostname=kubeplay-worker a=b:NoSchedule"
    ));
    assert!(!refused("node --all a=b:NoSchedule"));
    assert!(refused("node -l myLabel=X --all a=b:NoSchedule"));
    assert!(refused("node a=b:NoSchedule"));
    assert!(!refused("node kubeplay-worker a=b:NoSchedule"));
}

// kubectl v1.31 removed drain's --delete-local-data (deprecated in v1.20
// for --delete-emptydir-data): the real v1.32 refuses it as unknown.
#[test]
fn drain_delete_local_data_is_gone() {
    let err = crate::parse_line("kubectl drain kubeplay-worker --delete-local-data").expect_err("refused");
    assert_eq!(err.to_string(), "error: unknown flag: --delete-local-data\nSee 'kubectl drain --help' for usage.");
    assert!(crate::parse_line("kubectl drain kubeplay-worker --delete-emptydir-data").is_ok());
}
