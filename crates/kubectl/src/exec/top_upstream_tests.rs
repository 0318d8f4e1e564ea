//! Cases ported from upstream kubectl's cmd/top/top_pod_test.go and
//! top_node_test.go and the metrics printer they drive
//! (metricsutil/metrics_printer.go), run against the simulated
//! metrics instead of a fake metrics client. Figures come from `sim load`.

use super::super::{execute, sim, Io, Output};
use super::*;

fn kubectl(e: &mut Engine, line: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => execute(&inv, e, Io::default()).unwrap_or_default(),
        Ok(crate::Line::Sim(s)) => {
            let mut out = Output::default();
            sim::run(&s, e, &mut out);
            out
        }
        Ok(other) => panic!("{line}: {other:?}"),
        Err(err) => {
            let mut out = Output::default();
            out.error(&err.to_string());
            out
        }
    }
}

fn pod(name: &str, ns: &str, containers: &[&str]) -> String {
    let cs: String = containers
        .iter()
        .map(|c| format!("  - {{name: {c}, image: nginx}}\n"))
        .collect();
    format!("---\napiVersion: v1\nkind: Pod\nmetadata: {{name: {name}, namespace: {ns}, labels: {{key: value}}}}\nspec:\n  containers:\n{cs}")
}

fn cluster(manifests: &str) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    for ns in ["testns", "secondtestns"] {
        kubectl(&mut e, &format!("kubectl create namespace {ns}"));
    }
    for o in kubeplay_codec::decode_manifests(manifests).objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e.advance(30_000);
    e
}

/// Column `i` of each row after the header.
fn column(out: &Output, i: usize) -> Vec<String> {
    out.stdout
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().nth(i).unwrap_or_default().to_string())
        .collect()
}

fn three_pods() -> Engine {
    let pods = pod("pod1", "testns", &["container1-1", "container1-2"])
        + &pod(
            "pod2",
            "testns",
            &["container2-3", "container2-1", "container2-2"],
        )
        + &pod("pod3", "testns", &["container3-1"])
        + &pod("other", "secondtestns", &["c"]);
    let mut e = cluster(&pods);
    // The load lands on each pod's first container.
    for (p, load) in [
        ("pod1", "cpu=50m memory=20Mi"),
        ("pod2", "cpu=300m memory=300Mi"),
        ("pod3", "cpu=200m memory=100Mi"),
    ] {
        let out = kubectl(&mut e, &format!("sim load pod/{p} {load} -n testns"));
        assert!(!out.failed, "{}", out.stderr);
    }
    e.advance(10_000);
    e
}

// top_pod_test.go's TestTopPod: "all namespaces", "all in namespace",
// "pod with name", "pod with label selector".
#[test]
fn top_pod_scopes() {
    let mut e = three_pods();
    let out = kubectl(&mut e, "kubectl top pod -A -l key=value");
    assert!(out.stdout.starts_with("NAMESPACE"), "{}", out.stdout);
    assert_eq!(column(&out, 1), ["other", "pod1", "pod2", "pod3"]);
    assert_eq!(
        column(&out, 0),
        ["secondtestns", "testns", "testns", "testns"]
    );
    let out = kubectl(&mut e, "kubectl top pod -n testns");
    assert!(out.stdout.starts_with("NAME "), "{}", out.stdout);
    assert_eq!(column(&out, 0), ["pod1", "pod2", "pod3"]);
    let out = kubectl(&mut e, "kubectl top pod pod1 -n testns");
    assert_eq!(column(&out, 0), ["pod1"]);
    let out = kubectl(&mut e, "kubectl top pod -l key=value -n testns");
    assert_eq!(column(&out, 0), ["pod1", "pod2", "pod3"]);
    let out = kubectl(&mut e, "kubectl top pod -l key=other -n testns");
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str()),
        ("", "No resources found in testns namespace.\n")
    );
}

// top_pod_test.go's TestTopPod: "pod with container metrics", "pod sort
// by cpu|memory", "container sort by cpu|memory"; containers are listed by
// name unless sorted by a figure (ContainerMetricsSorter).
#[test]
fn top_pod_sorting() {
    let mut e = three_pods();
    let out = kubectl(&mut e, "kubectl top pod pod1 --containers -n testns");
    assert!(out.stdout.starts_with("POD "), "{}", out.stdout);
    assert_eq!(column(&out, 1), ["container1-1", "container1-2"]);
    for by in ["cpu", "memory"] {
        let out = kubectl(&mut e, &format!("kubectl top pod --sort-by={by} -n testns"));
        assert_eq!(column(&out, 0), ["pod2", "pod3", "pod1"], "{by}");
        let out = kubectl(
            &mut e,
            &format!("kubectl top pod --containers --sort-by={by} -n testns"),
        );
        assert_eq!(
            column(&out, 0),
            ["pod2", "pod2", "pod2", "pod3", "pod1", "pod1"],
            "{by}"
        );
        assert_eq!(
            column(&out, 1)[..2],
            ["container2-3".to_string(), "container2-1".into()],
            "{by}"
        );
    }
    let out = kubectl(&mut e, "kubectl top pod pod2 --containers -n testns");
    assert_eq!(
        column(&out, 1),
        ["container2-1", "container2-2", "container2-3"]
    );
}

// top_pod_test.go's TestTopPodNoResourcesFound, and top_pod.go's
// verifyEmptyMetrics: pods without figures yet, and a named pod's NotFound.
#[test]
fn top_pod_without_metrics() {
    let mut e = cluster("");
    let out = kubectl(&mut e, "kubectl top pod -A -l nothing=here");
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str(), out.failed),
        ("", "No resources found\n", false)
    );
    let out = kubectl(&mut e, "kubectl top pod -n testns");
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str(), out.failed),
        ("", "No resources found in testns namespace.\n", false)
    );
    // A pod that cannot be scheduled never gets figures.
    let stuck = "apiVersion: v1\nkind: Pod\nmetadata: {name: stuck, namespace: testns}\nspec:\n  nodeSelector: {no: where}\n  containers:\n  - {name: c, image: nginx}\n";
    for o in kubeplay_codec::decode_manifests(stuck).objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e.advance(60_000);
    let out = kubectl(&mut e, "kubectl top pod -n testns");
    assert_eq!(out.stderr, "error: metrics not available yet\n");
    e.advance(120_000);
    let out = kubectl(&mut e, "kubectl top pod -n testns");
    assert_eq!(
        out.stderr,
        "error: Metrics not available for pod testns/stuck, age: 3m0s\n"
    );
    let out = kubectl(&mut e, "kubectl top pod stuck -n testns");
    assert_eq!(
        out.stderr,
        "Error from server (NotFound): podmetrics.metrics.k8s.io \"testns/stuck\" not found\n"
    );
}

// metrics_printer.go's printPodResourcesSum: its blank cells count the
// header columns it printed, so --no-headers shifts the sum left.
#[test]
fn top_pod_sum() {
    let mut e = three_pods();
    let out = kubectl(&mut e, "kubectl top pod --sum -n testns");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines[4].split_whitespace().collect::<Vec<_>>(),
        ["________", "________"]
    );
    assert!(lines[4].starts_with(' '), "{}", out.stdout);
    let out = kubectl(
        &mut e,
        "kubectl top pod --sum --containers --no-headers -n testns",
    );
    let lines: Vec<&str> = out.stdout.lines().collect();
    let width = lines[0].find("container").unwrap_or(0);
    assert_eq!(lines[6].find('_'), Some(width), "{}", out.stdout);
}

// top_node_test.go's TestTopNodeAllMetrics, TestTopNodeWithNameMetrics,
// TestTopNodeWithLabelSelectorMetrics and the sort cases; flag errors
// as kubectl v1.32 prints them.
#[test]
fn top_node() {
    let mut e = cluster("");
    let out = kubectl(&mut e, "kubectl top node");
    assert_eq!(
        out.stdout
            .lines()
            .next()
            .map(str::split_whitespace)
            .map(Iterator::collect::<Vec<_>>),
        Some(vec![
            "NAME",
            "CPU(cores)",
            "CPU(%)",
            "MEMORY(bytes)",
            "MEMORY(%)"
        ])
    );
    assert_eq!(
        column(&out, 0),
        [
            "kubeplay-control-plane",
            "kubeplay-worker",
            "kubeplay-worker2",
            "kubeplay-worker3"
        ]
    );
    let out = kubectl(&mut e, "kubectl top node kubeplay-worker");
    assert_eq!(column(&out, 0), ["kubeplay-worker"]);
    let out = kubectl(&mut e, "kubectl top node --sort-by=cpu --no-headers");
    assert_eq!(
        out.stdout
            .lines()
            .next()
            .and_then(|l| l.split_whitespace().next()),
        Some("kubeplay-control-plane")
    );
    let out = kubectl(&mut e, "kubectl top node nosuch");
    assert_eq!(
        out.stderr,
        "Error from server (NotFound): nodes \"nosuch\" not found\n"
    );
    let errors = [
        (
            "kubectl top node --sort-by=x",
            "error: --sort-by accepts only cpu or memory",
        ),
        (
            "kubectl top node a -l x=y",
            "error: only one of NAME or --selector can be provided",
        ),
        (
            "kubectl top pod a -l x=y",
            "error: only one of NAME or selector can be provided",
        ),
        (
            "kubectl top pod a --field-selector=x=y",
            "error: only one of NAME or selector can be provided",
        ),
        (
            "kubectl top pod a -l x=y --sort-by=name",
            "error: --sort-by accepts only cpu or memory",
        ),
    ];
    for (line, want) in errors {
        let out = kubectl(&mut e, line);
        assert_eq!(out.stderr.lines().next(), Some(want), "{line}");
    }
}
