//! Importing a hand-written dump of a three-node EKS cluster
//! (`kubectl get nodes,deploy,rs,po,svc,ep,endpointslices,cm,ev,lease -A -o yaml`).

use kubeplay_playground::{ImportError, Playground};

const EKS: &str = include_str!("fixtures/eks-cluster.yaml");
const N1: &str = "ip-10-0-1-23.us-west-2.compute.internal";
const N2: &str = "ip-10-0-2-47.us-west-2.compute.internal";
const N3: &str = "ip-10-0-3-91.us-west-2.compute.internal";

fn imported() -> (Playground, kubeplay_playground::ImportReport) {
    let mut pg = Playground::new(1);
    let report = pg.import(EKS).expect("the fixture imports");
    pg.settle();
    (pg, report)
}

#[test]
fn nodes_replace_the_default_ones_with_their_labels_taints_and_resources() {
    let (mut pg, report) = imported();
    assert_eq!(report.removed_nodes, ["kubeplay-control-plane", "kubeplay-worker", "kubeplay-worker2", "kubeplay-worker3"]);
    let out = pg.run("kubectl get nodes -L topology.kubernetes.io/zone --no-headers", None);
    let rows: Vec<(String, String, String)> = out
        .stdout
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_string(), f[1].to_string(), f[f.len() - 1].to_string())
        })
        .collect();
    assert_eq!(
        rows,
        [
            (N1.to_string(), "Ready".to_string(), "us-west-2a".to_string()),
            (N2.to_string(), "Ready".to_string(), "us-west-2b".to_string()),
            (N3.to_string(), "Ready".to_string(), "us-west-2c".to_string()),
        ]
    );
    let node = pg.run(&format!("kubectl get node {N3} -o 'jsonpath={{.spec.taints}}|{{.status.capacity.cpu}}|{{.status.allocatable.cpu}}|{{.status.allocatable.memory}}|{{.status.allocatable.pods}}|{{.metadata.labels.node\\.kubernetes\\.io/instance-type}}'"), None);
    assert_eq!(node.stderr, "");
    assert_eq!(node.stdout, r#"[{"effect":"NoSchedule","key":"workload","value":"batch"}]|2|1930m|7244264Ki|29|m5.large"#);
}

#[test]
fn an_imported_node_keeps_its_own_annotations() {
    let (mut pg, _) = imported();
    let out = pg.run(&format!("kubectl get node {N1} -o jsonpath={{.metadata.annotations}}"), None);
    assert_eq!(
        out.stdout,
        r#"{"alpha.kubernetes.io/provided-node-ip":"10.0.1.23","node.alpha.kubernetes.io/ttl":"0","volumes.kubernetes.io/controller-managed-attach-detach":"true"}"#,
        "an EKS node has no kubeadm cri-socket annotation"
    );
}

/// With the first node tainted, every new web pod must go to the second:
/// 1930m allocatable less kindnet's 100m (and coredns' 100m if one runs
/// there) leaves room for at most 7 web pods (250m each), so 12 replicas
/// leave some Pending whatever the first placement was; without the taint
/// the two nodes hold at least 6 + 7 = 13.
#[test]
fn a_what_if_on_an_imported_cluster_shows_failed_scheduling_only_with_the_taint() {
    let (pg, _) = imported();
    let a = format!("kubectl taint nodes {N1} dedicated=x:NoSchedule\nkubectl scale deployment web -n shop --replicas=12\n");
    let b = "kubectl scale deployment web -n shop --replicas=12\n";
    let r = pg.what_if(&a, b, 60_000).expect("valid scripts");
    assert!(!r.a.failed && !r.b.failed, "{}\n{}", r.a.transcript, r.b.transcript);
    let failed = r.row("Events", "FailedScheduling").expect("a pod is unschedulable in A");
    assert_eq!(failed.b, "0", "{}", r.render());
    assert_ne!(failed.a, "0", "{}", r.render());
    let n1 = r.row("Pods per node", N1).expect("the node is compared");
    assert!(n1.a.parse::<i64>().unwrap() < n1.b.parse::<i64>().unwrap(), "{}", r.render());
}

#[test]
fn workloads_run_on_the_imported_nodes_and_respect_their_taints() {
    let (mut pg, _) = imported();
    let out = pg.run("kubectl get pods -n shop -o 'jsonpath={range .items[*]}{.spec.nodeName} {.status.phase}{\"\\n\"}{end}'", None);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{out:?}");
    for l in lines {
        let (node, phase) = l.split_once(' ').unwrap_or_default();
        assert_eq!(phase, "Running");
        // The third node is tainted workload=batch:NoSchedule and web has no toleration.
        assert!(node == N1 || node == N2, "web pod on {node}");
    }
    let zones = pg.run("kubectl get pods -n kube-system -l k8s-app=kube-dns -o jsonpath={.items[*].spec.nodeName}", None);
    assert_eq!(zones.stdout.split(' ').count(), 2, "{zones:?}");
    // The Service's endpoints come from the new pods, not the dump.
    let ep = pg.run("kubectl get endpoints web -n shop -o jsonpath={.subsets[0].addresses[*].ip}", None);
    assert_eq!(ep.stdout.split(' ').count(), 3, "{ep:?}");
    assert!(!ep.stdout.contains("10.0.1.100"));
    let cm = pg.run("kubectl get cm web-config -n shop -o jsonpath={.data.GREETING}", None);
    assert_eq!(cm.stdout, "hello from production");
}

#[test]
fn the_report_says_what_was_skipped_and_why() {
    let (_, report) = imported();
    let skipped: Vec<(String, String)> = report.skipped.iter().map(|e| (e.path(), e.note.clone())).collect();
    let has = |path: &str, why: &str| skipped.iter().any(|(p, n)| p == path && n.contains(why));
    assert!(has("ReplicaSet/shop/web-6d8f7b9c5d", "owned by Deployment/web: its controller recreates it"), "{skipped:#?}");
    assert!(has("Pod/shop/web-6d8f7b9c5d-x7k2p", "owned by ReplicaSet/web-6d8f7b9c5d"), "{skipped:#?}");
    // Its ReplicaSet is not in the dump: still skipped, or it would duplicate the one coredns makes.
    assert!(has("Pod/kube-system/coredns-54d6f577c6-2xk8w", "owned by ReplicaSet/coredns-54d6f577c6, which is not in the input"), "{skipped:#?}");
    assert!(has("Endpoints/shop/web", "endpoints controller"));
    assert!(has("EndpointSlice/shop/web-8kq2d", "owned by Service/web: its controller recreates it"));
    assert!(has("ConfigMap/shop/kube-root-ca.crt", "root CA"));
    assert!(has("Service/default/kubernetes", "API server"));
    assert!(skipped.iter().any(|(p, n)| p.starts_with("ENIConfig/") && n.contains("does not simulate ENIConfig")), "{skipped:#?}");
    assert!(report.failed.is_empty(), "{:#?}", report.failed);
    let imported: Vec<String> = report.imported.iter().map(|e| e.path()).collect();
    for p in ["Namespace/shop", "Deployment/shop/web", "Service/shop/web", "ConfigMap/shop/web-config", "Deployment/kube-system/coredns", "Service/kube-system/kube-dns"] {
        assert!(imported.iter().any(|i| i == p), "{p} not in {imported:#?}");
    }
    let text = report.render();
    assert!(text.contains("removed the default nodes: kubeplay-control-plane"));
}

#[test]
fn server_fields_are_stripped_and_cluster_ips_kept_or_reassigned() {
    let (mut pg, _) = imported();
    let d = pg.run("kubectl get deploy web -n shop -o 'jsonpath={.metadata.uid}|{.metadata.generation}|{.metadata.annotations.deployment\\.kubernetes\\.io/revision}'", None);
    let f: Vec<&str> = d.stdout.split('|').collect();
    assert_ne!(f[0], "9b0f4e2a-1c3d-4e5f-8a6b-7c8d9e0f1a2b", "the uid is the playground's own");
    assert_eq!(f[1], "1", "a fresh object starts at generation 1");
    assert_eq!(f[2], "1", "a fresh rollout starts at revision 1");
    // 172.20.x.x is outside the playground's 10.96.0.0/12 service range, so a new IP is given.
    let ip = pg.run("kubectl get svc web -n shop -o jsonpath={.spec.clusterIP}", None);
    let a: Vec<u8> = ip.stdout.split('.').filter_map(|o| o.parse().ok()).collect();
    assert!(a.len() == 4 && a[0] == 10 && (96..112).contains(&a[1]), "{ip:?}");
}

#[test]
fn bad_input_gets_an_error() {
    let mut pg = Playground::new(1);
    assert_eq!(pg.import("   \n"), Err(ImportError::Empty));
    assert!(matches!(pg.import("apiVersion: v1\nkind: List\nitems: [\n"), Err(ImportError::Decode(_))));
    // Nothing changed on error: the default nodes are still there.
    assert_eq!(pg.view().nodes.len(), 4);
}

#[test]
fn any_truncation_of_a_dump_is_reported_never_a_panic() {
    let bytes = EKS.as_bytes();
    for cut in (0..bytes.len()).step_by(1499) {
        let Ok(prefix) = std::str::from_utf8(&bytes[..cut]) else { continue };
        let mut pg = Playground::new(1);
        match pg.import(prefix) {
            Ok(r) => {
                // Whatever was read is accounted for, and the nodes imported are usable.
                for e in r.imported.iter().chain(&r.skipped).chain(&r.failed) {
                    assert!(!e.note.is_empty(), "{e:?}");
                }
                pg.settle();
            }
            Err(e) => assert!(e.to_string().starts_with("error: "), "{e}"),
        }
    }
}

#[test]
fn odd_objects_are_skipped_or_fixed_with_reasons() {
    let dump = "apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: bare}
- apiVersion: v1
  kind: Service
  metadata: {name: a, namespace: default}
  spec: {clusterIP: 10.96.50.5, ports: [{port: 80}], selector: {app: a}}
- apiVersion: v1
  kind: Service
  metadata: {name: b, namespace: default}
  spec: {clusterIP: 10.96.50.5, ports: [{port: 80}], selector: {app: b}}
- apiVersion: v1
  kind: Endpoints
  metadata: {name: external, namespace: default}
  subsets: [{addresses: [{ip: 192.168.1.10}], ports: [{port: 5432}]}]
- apiVersion: v1
  kind: Pod
  metadata:
    name: kube-apiserver-bare
    namespace: kube-system
    ownerReferences: [{apiVersion: v1, kind: Node, name: bare, uid: x, controller: true}]
  spec: {containers: [{name: c, image: k8s.gcr.io/kube-apiserver:v1.29.0}]}
- apiVersion: apps/v2
  kind: Deployment
  metadata: {name: old, namespace: default}
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: gone, namespace: default, deletionTimestamp: '2024-06-01T00:00:00Z'}
  spec: {selector: {matchLabels: {a: b}}, template: {metadata: {labels: {a: b}}, spec: {containers: [{name: c, image: nginx}]}}}
";
    let mut pg = Playground::new(1);
    let r = pg.import(dump).expect("imports");
    let note = |list: &[kubeplay_playground::ImportEntry], path: &str| list.iter().find(|e| e.path() == path).map(|e| e.note.clone());
    // A node without status still comes up (with the simulator's default size).
    assert_eq!(note(&r.imported, "Node/bare").as_deref(), Some("node/bare created"));
    // Both Services get in: the second cannot share the first's IP.
    assert_eq!(note(&r.imported, "Service/default/a").as_deref(), Some("service/a created"));
    let b = note(&r.imported, "Service/default/b").unwrap_or_default();
    assert!(b.starts_with("service/b created"), "{b}");
    let ip = |n: &str| pg.engine().store().get(&kubeplay_model::ObjectKey::new(kubeplay_model::Kind::Service, "default", n)).and_then(|s| s.as_service().and_then(|s| s.spec.cluster_ip.clone()));
    assert_eq!(ip("a").as_deref(), Some("10.96.50.5"));
    assert!(ip("b").is_some_and(|x| x != "10.96.50.5"));
    // Endpoints of a Service without a selector are the user's own: kept.
    assert_eq!(note(&r.imported, "Endpoints/default/external").as_deref(), Some("endpoints/external created"));
    assert!(note(&r.skipped, "Pod/kube-system/kube-apiserver-bare").is_some_and(|n| n.contains("static (mirror) pod of node bare")));
    assert!(note(&r.skipped, "<no kind>/").is_none());
    assert!(r.skipped.iter().any(|e| e.kind == "Deployment" && e.name == "old" && e.note == "apiVersion \"apps/v2\" of Deployment is not served by the playground"), "{:#?}", r.skipped);
    assert_eq!(note(&r.skipped, "Deployment/default/gone").as_deref(), Some("it was being deleted"));
}
