//! Nothing a user types may crash the terminal once it runs either: random
//! kubectl lines over a small cluster with a Deployment, a pod, a Service
//! and a ConfigMap must print output or an error, never panic. The
//! timeouts are short so waiting commands stay cheap.

use kubeplay_engine::Engine;
use kubeplay_kubectl::exec::config::{self, Kubeconfig};
use kubeplay_kubectl::exec::{run_line, Io, LineOutcome, Output};
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "get", "describe", "create", "delete", "set", "image", "env", "resources", "rollout", "status", "undo", "history", "pause", "resume",
    "restart", "top", "pod", "node", "nodes", "taint", "label", "annotate", "logs", "wait", "explain", "scale", "autoscale", "expose", "run",
    "patch", "replace", "drain", "cordon", "uncordon", "deployment", "service", "clusterip", "configmap", "secret", "generic", "job",
    "cronjob", "namespace", "pods", "deploy/web", "svc/web", "cm/cfg", "pod/solo", "web", "solo", "cfg", "kubeplay-worker", "all", "-n",
    "kube-system", "-A", "-o", "yaml", "json", "name", "jsonpath={.spec}", "-l", "app=web", "--all", "--replicas=3", "--replicas=0",
    "--current-replicas=1", "--image=nginx", "nginx=nginx:2", "*=busybox", "--tcp=80:8080", "--port=80", "--for=condition=Ready",
    "--for=delete", "--for=jsonpath={.status.phase}=Running", "a=b:NoSchedule", "a:NoSchedule-", "key-", "app-", "x=y", "--overwrite",
    "--record", "--dry-run=client", "--dry-run=server", "--timeout=3s", "--to-revision=1", "--revision=2", "-p", "{\"spec\":{}}",
    "[{\"op\":\"remove\",\"path\":\"/spec\"}]", "--type=json", "--type=merge", "--force", "--grace-period=0", "--cascade=orphan",
    "--cascade=foreground", "--wait=false", "--ignore-daemonsets", "--delete-emptydir-data", "--max=3", "--min=1", "-c", "nginx",
    "--previous", "--tail=1", "--from-literal=a=b", "--", "echo", "hi", "--list", "--local", "-f", "-", "--help", "deployment.spec",
    "events", "--for=pod/solo", "--types=Warning", "api-versions", "config", "view", "--minify", "current-context", "get-contexts",
    "use-context", "set-context", "delete-context", "rename-context", "kind-kubeplay", "--current", "--namespace=kube-system",
    "--cluster=nowhere", "--context=other", "pdb", "priorityclass", "quota", "--selector=app=web", "--min-available=1",
    "--max-unavailable=50%", "--hard=pods=1,cpu=1", "--scopes=BestEffort", "--value=10", "docker-registry", "--docker-username=u",
    "--docker-password=p", "serviceaccount", "sa", "statefulset", "daemonset", "limitrange", "-i", "-it", "--rm", "--restart=Never",
    "--attach", "-q", "wget", "-qO-", "http://web", "sh", "-c", "port-forward", "8080:80", ":80", "http", "--address=0.0.0.0",
    "--pod-running-timeout=1s",
];

fn line() -> impl Strategy<Value = String> {
    let word = prop_oneof![6 => proptest::sample::select(WORDS).prop_map(str::to_string), 1 => "[ -~]{0,10}"];
    proptest::collection::vec(word, 1..8).prop_map(|w| format!("kubectl {}", w.join(" ")))
}

fn cluster() -> Engine {
    let mut e = Engine::with_default_cluster(3);
    for l in [
        "kubectl create deployment web --image=nginx --replicas=2",
        "kubectl expose deployment web --port=80",
        "kubectl run solo --image=nginx",
        "kubectl create configmap cfg --from-literal=a=b",
    ] {
        let _ = run_line(l, &mut e, Io::default());
    }
    e.settle(kubeplay_engine::DEFAULT_SETTLE_MS);
    e
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    #[test]
    fn running_never_panics(lines in proptest::collection::vec(line(), 1..4)) {
        let mut e = cluster();
        let stdin = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: c\n";
        // The kubeconfig changes as a terminal's would.
        let mut kc = Kubeconfig::default();
        for l in &lines {
            let outcome = run_line(l, &mut e, Io { stdin: Some(stdin), read_file: None, kubeconfig: Some(&kc) });
            if let LineOutcome::Config(cmd) = outcome {
                config::run(&cmd, &mut kc, &mut Output::default());
            }
        }
    }
}
