//! clusterinfo_dump_test.go's tables (setupOutputWriter's three cases),
//! run through the whole command against the simulated cluster, and the
//! dump's shape as clusterinfo_dump.go prints it.

use super::super::{execute, Io};
use super::*;
use std::collections::BTreeMap;

fn kubectl_with(e: &mut Engine, line: &str, files: &BTreeMap<String, String>) -> Output {
    let read = |name: &str| -> Option<String> {
        match name.strip_suffix('/') {
            Some(dir) => {
                let prefix = format!("{dir}/");
                let names: Vec<&str> = files.keys().filter_map(|k| k.strip_prefix(&prefix)).collect();
                (!names.is_empty()).then(|| names.join("\n"))
            }
            None => files.get(name).cloned(),
        }
    };
    let io = Io { read_file: Some(&read), ..Io::default() };
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => execute(&inv, e, io).unwrap_or_default(),
        Ok(other) => panic!("{line}: {other:?}"),
        Err(err) => {
            let mut out = Output::default();
            out.error(&err.to_string());
            out
        }
    }
}

fn kubectl(e: &mut Engine, line: &str) -> Output {
    kubectl_with(e, line, &BTreeMap::new())
}

/// The kinds of the lists printed, in order (a JSON list's `kind` is the
/// only key at the first level of indent named so).
fn list_kinds(stdout: &str) -> Vec<String> {
    stdout.lines().filter_map(|l| l.strip_prefix("    \"kind\": \"")?.strip_suffix("\",").map(str::to_string)).collect()
}

fn settled() -> Engine {
    let mut e = Engine::with_default_cluster(7);
    e.settle(60_000);
    e
}

// TestSetupOutputWriterNoOp: an empty directory and `-` both mean stdout.
#[test]
fn setup_output_writer_no_op() {
    for dir in ["", "-"] {
        let mut e = settled();
        let line = if dir.is_empty() { "kubectl cluster-info dump".to_string() } else { format!("kubectl cluster-info dump --output-directory={dir}") };
        let out = kubectl(&mut e, &line);
        assert!(!out.failed, "{dir:?}: {}", out.stderr);
        assert!(out.local_writes.is_empty(), "{dir:?}");
        assert!(out.stdout.starts_with("{\n    \"kind\": \"NodeList\",\n    \"apiVersion\": \"v1\",\n    \"metadata\": {\n        \"resourceVersion\": \""), "{dir:?}");
        assert!(!out.stdout.contains("Cluster info dumped"), "{dir:?}");
    }
}

// TestSetupOutputWriterFile: the piece lands in DIR/NAME.EXT with what
// stdout would have shown.
#[test]
fn setup_output_writer_file() {
    let mut e = settled();
    let to_stdout = kubectl(&mut e, "kubectl cluster-info dump");
    let out = kubectl(&mut e, "kubectl cluster-info dump --output-directory out");
    assert_eq!((out.stdout.as_str(), out.stderr.as_str(), out.failed), ("Cluster info dumped to out\n", "", false));
    let files: BTreeMap<&str, &str> = out.local_writes.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let nodes = files["out/nodes.json"];
    assert!(to_stdout.stdout.starts_with(nodes));
    // Everything the files hold is what stdout showed, in the same order.
    let joined: String = out.local_writes.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(joined, to_stdout.stdout);
    for name in ["events", "replication-controllers", "services", "daemonsets", "deployments", "replicasets", "pods"] {
        assert!(files.contains_key(format!("out/default/{name}.json").as_str()), "{name}");
        assert!(files.contains_key(format!("out/kube-system/{name}.json").as_str()), "{name}");
    }
}

// TestSetupOutputWriterPermissions: a pod's logs go to NS/POD/logs.txt
// (the playground's files have no modes to check).
#[test]
fn setup_output_writer_logs_path() {
    let mut e = settled();
    let out = kubectl(&mut e, "kubectl cluster-info dump --output-directory=/tmp/state/ -o yaml");
    let coredns: Vec<&String> = out.local_writes.iter().map(|(k, _)| k).filter(|k| k.starts_with("/tmp/state/kube-system/coredns-") && k.ends_with("/logs.txt")).collect();
    assert_eq!(coredns.len(), 2, "{:?}", out.local_writes.iter().map(|(k, _)| k).collect::<Vec<_>>());
    assert!(out.local_writes.iter().any(|(k, _)| k == "/tmp/state/nodes.yaml"));
    assert_eq!(out.stdout, "Cluster info dumped to /tmp/state/\n");
}

#[test]
fn lists_in_kubectls_order() {
    let mut e = settled();
    let per_ns = ["EventList", "ReplicationControllerList", "ServiceList", "DaemonSetList", "DeploymentList", "ReplicaSetList", "PodList"];
    let expect = |namespaces: usize| -> Vec<String> {
        let mut v = vec!["NodeList".to_string()];
        for _ in 0..namespaces {
            v.extend(per_ns.iter().map(|s| s.to_string()));
        }
        v
    };
    let out = kubectl(&mut e, "kubectl cluster-info dump");
    assert_eq!(list_kinds(&out.stdout), expect(2));
    // kube-system first, then the current namespace.
    let system = out.stdout.find("==== START logs for container coredns of pod kube-system/").unwrap();
    assert!(out.stdout[..system].contains("\"namespace\": \"kube-system\""));
    assert!(out.stdout.find("\"namespace\": \"default\"").is_some_and(|at| at > system));
    // The current namespace given as kube-system is dumped twice.
    let twice = kubectl(&mut e, "kubectl cluster-info dump -n kube-system");
    assert_eq!(list_kinds(&twice.stdout), expect(2));
    let one = kubectl(&mut e, "kubectl cluster-info dump --namespaces default");
    assert_eq!(list_kinds(&one.stdout), expect(1));
    let all = kubectl(&mut e, "kubectl cluster-info dump -A");
    let namespaces = e.store().list(Kind::Namespace, None).count();
    assert_eq!(list_kinds(&all.stdout), expect(namespaces));
    // An unknown namespace lists nothing, without an error.
    let none = kubectl(&mut e, "kubectl cluster-info dump --namespaces nope");
    assert!(!none.failed);
    assert!(none.stdout.contains("\"kind\": \"PodList\",\n    \"apiVersion\": \"v1\",\n    \"metadata\": {\n        \"resourceVersion\": \""));
    assert!(none.stdout.ends_with("\"items\": []\n}\n"));
}

#[test]
fn items_are_typed_without_kind() {
    let mut e = settled();
    let out = kubectl(&mut e, "kubectl cluster-info dump --namespaces default");
    assert!(out.stdout.contains("    \"items\": [\n        {\n            \"metadata\": {\n                \"name\": \"kubeplay-control-plane\",\n                \"uid\": "), "{}", &out.stdout[..600]);
    assert!(!out.stdout.contains("managedFields"));
}

#[test]
fn logs_between_start_and_end_lines() {
    let mut e = settled();
    // nginx:1.14.2 logs nothing at start; 1.27.3 does.
    assert!(!kubectl(&mut e, "kubectl run web --image=nginx:1.27.3").failed);
    let out = kubectl(&mut e, "kubectl cluster-info dump --namespaces default");
    assert!(out.stdout.ends_with(
        "==== START logs for container web of pod default/web ====\nRequest log error: the server rejected our request for an unknown reason (get pods web)\n==== END logs for container web of pod default/web ====\n"
    ));
    e.settle(60_000);
    let out = kubectl(&mut e, "kubectl cluster-info dump --namespaces default");
    let logs = &out.stdout[out.stdout.find("==== START").unwrap()..];
    assert!(logs.starts_with("==== START logs for container web of pod default/web ====\n/docker-entrypoint.sh: "), "{logs}");
    assert!(logs.ends_with("start worker processes\n==== END logs for container web of pod default/web ====\n"), "{logs}");
}

#[test]
fn printers() {
    let mut e = settled();
    let yaml = kubectl(&mut e, "kubectl cluster-info dump --namespaces default -o yaml");
    assert!(yaml.stdout.starts_with("apiVersion: v1\nitems:\n"));
    // One printer for all the lists: every document after the first opens with ---.
    assert_eq!(yaml.stdout.matches("\n---\napiVersion: v1\nitems:").count() + yaml.stdout.matches("\n---\napiVersion: apps/v1\nitems:").count(), 7);
    let path = kubectl(&mut e, "kubectl cluster-info dump --namespaces default -o jsonpath={.kind}");
    assert!(path.stdout.starts_with("NodeListEventListReplicationControllerListServiceListDaemonSetListDeploymentListReplicaSetListPodList"), "{}", path.stdout);
    let tmpl = kubectl(&mut e, "kubectl cluster-info dump --namespaces default --template={{.kind}},");
    assert!(tmpl.stdout.starts_with("NodeList,EventList,"), "{}", tmpl.stdout);
    // With -o given, --template is not the printer.
    let json = kubectl(&mut e, "kubectl cluster-info dump --namespaces default -o json --template={{.kind}}");
    assert!(json.stdout.starts_with("{\n"));
    for o in ["-o name", "-o ''", "-o '' --template={{.kind}}"] {
        let out = kubectl(&mut e, &format!("kubectl cluster-info dump {o}"));
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", "error: list types are not supported by name printing: *v1.NodeList\n"), "{o}");
    }
    // The files' extension follows the word as typed.
    let upper = kubectl(&mut e, "kubectl cluster-info dump -o JSON --output-directory d");
    assert!(upper.local_writes.iter().any(|(k, _)| k == "d/nodes.txt"));
}

// Complete's checks, in its order: the printer, then the timeout.
#[test]
fn flag_errors() {
    let mut e = settled();
    let cases = [
        ("kubectl cluster-info dump -o wide", "error: unable to match a printer suitable for the output format \"wide\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n"),
        ("kubectl cluster-info dump -o wide --pod-running-timeout=0", "error: unable to match a printer suitable for the output format \"wide\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n"),
        ("kubectl cluster-info dump --pod-running-timeout=0", "error: --pod-running-timeout must be higher than zero\n"),
        ("kubectl cluster-info dump -o jsonpath", "error: template format specified but no template given\n"),
    ];
    for (line, want) in cases {
        let out = kubectl(&mut e, line);
        assert_eq!((out.stdout.as_str(), out.stderr.as_str(), out.failed), ("", want, true), "{line}");
    }
}

#[test]
fn a_file_where_the_directory_goes() {
    let mut e = settled();
    let files: BTreeMap<String, String> = [("out".to_string(), "x".to_string())].into();
    let out = kubectl_with(&mut e, "kubectl cluster-info dump --output-directory out/sub", &files);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", "error: mkdir out: not a directory\n"));
    assert!(out.local_writes.is_empty());
}

#[test]
fn impersonated_lists_stop_at_the_first_refusal() {
    let mut e = settled();
    let out = kubectl(&mut e, "kubectl cluster-info dump --as=jane");
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr, "Error from server (Forbidden): nodes is forbidden: User \"jane\" cannot list resource \"nodes\" in API group \"\" at the cluster scope\n");
}

// path.Clean's cases (Go's path_test.go), as setupOutputWriter's
// path.Join leaves a directory.
#[test]
fn clean_as_go() {
    let cases = [
        ("", "."),
        ("abc", "abc"),
        ("abc/def", "abc/def"),
        (".", "."),
        ("..", ".."),
        ("../..", "../.."),
        ("/", "/"),
        ("abc/", "abc"),
        ("/abc/", "/abc"),
        ("abc//def//ghi", "abc/def/ghi"),
        ("abc/./def", "abc/def"),
        ("/./abc/def", "/abc/def"),
        ("abc/def/../ghi/../jkl", "abc/jkl"),
        ("abc/../../././../def", "../../def"),
        ("/../abc", "/abc"),
        ("../abc", "../abc"),
    ];
    for (input, want) in cases {
        assert_eq!(crate::gofmt::path_clean(input), want, "{input:?}");
    }
}

#[test]
fn extensions() {
    assert_eq!(extension("json"), ".json");
    assert_eq!(extension("yaml"), ".yaml");
    assert_eq!(extension("JSON"), ".txt");
    assert_eq!(extension("jsonpath={.kind}"), ".txt");
    assert_eq!(extension(""), ".txt");
}
