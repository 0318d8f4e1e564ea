//! Read-only commands against a fresh default cluster (shaped like a
//! four-node kind cluster). Expected texts are kubectl v1.32's: its fixed
//! messages, headers and layouts; cells that depend on the simulation are
//! computed from the store.

use kubeplay_engine::Engine;
use kubeplay_kubectl::exec::{execute, Io, Output};
use kubeplay_kubectl::{parse_line, Line};

const NGINX: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
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
        image: nginx:1.14.2
        ports:
        - containerPort: 80
";

fn cluster() -> Engine {
    Engine::with_default_cluster(7)
}

fn with_nginx() -> Engine {
    let mut e = cluster();
    for o in kubeplay_codec::decode_manifests(NGINX).objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e.settle(kubeplay_engine::DEFAULT_SETTLE_MS);
    // Ages below are read ten minutes after the cluster started, however
    // long settling took.
    let elapsed = e.now().millis() - kubeplay_model::time::EPOCH.millis();
    e.advance(600_000 - elapsed);
    e
}

fn run_io(e: &mut Engine, line: &str, io: Io) -> Output {
    match parse_line(line) {
        Ok(Line::Kubectl(inv)) => execute(&inv, e, io).expect("a read-only command"),
        other => panic!("{line}: {other:?}"),
    }
}

fn run(e: &mut Engine, line: &str) -> Output {
    run_io(e, line, Io::default())
}

fn ok(stdout: &str) -> Output {
    Output { stdout: stdout.into(), ..Output::default() }
}

fn failed(stderr: &str) -> Output {
    let mut out = Output::default();
    out.error(stderr);
    out
}

#[test]
fn empty_lists_say_no_resources_found_on_stderr() {
    let mut e = cluster();
    let none = |s: &str| {
        let mut out = Output::default();
        out.note(s);
        out
    };
    assert_eq!(run(&mut e, "kubectl get secrets"), none("No resources found in default namespace.\n"));
    assert_eq!(run(&mut e, "kubectl get deploy -n web"), none("No resources found in web namespace.\n"));
    assert_eq!(run(&mut e, "kubectl get pv"), none("No resources found\n"));
    assert_eq!(run(&mut e, "kubectl get jobs -A"), none("No resources found\n"));
    assert_eq!(run(&mut e, "kubectl get cronjobs -A"), none("No resources found\n"));
    // Every namespace has the root CA bundle (root-ca-cert-publisher), one
    // key; kubeadm brings CoreDNS's Corefile, kube-proxy's two files, its
    // own and the kubelet's configuration and kube-public's cluster-info,
    // the API server its client-CA bundle and token tracking, and kind the
    // local-path provisioner's configuration.
    assert_eq!(
        run(&mut e, "kubectl get configmaps -A"),
        ok("NAMESPACE            NAME                                                   DATA   AGE\n\
            default              kube-root-ca.crt                                       1      2s\n\
            kube-node-lease      kube-root-ca.crt                                       1      2s\n\
            kube-public          cluster-info                                           2      2s\n\
            kube-public          kube-root-ca.crt                                       1      2s\n\
            kube-system          coredns                                                1      2s\n\
            kube-system          extension-apiserver-authentication                     6      2s\n\
            kube-system          kube-apiserver-legacy-service-account-token-tracking   1      2s\n\
            kube-system          kube-proxy                                             2      2s\n\
            kube-system          kube-root-ca.crt                                       1      2s\n\
            kube-system          kubeadm-config                                         1      2s\n\
            kube-system          kubelet-config                                         1      2s\n\
            local-path-storage   kube-root-ca.crt                                       1      2s\n\
            local-path-storage   local-path-config                                      4      2s\n")
    );
    assert_eq!(run(&mut e, "kubectl describe deployments"), none("No resources found in default namespace.\n"));
    // -o json of nothing prints an empty List, so kubectl says nothing more.
    let json = run(&mut e, "kubectl get secrets -o json");
    assert_eq!(json.stderr, "");
    assert_eq!(json.stdout, "{\n    \"apiVersion\": \"v1\",\n    \"items\": [],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n");
}

#[test]
fn missing_objects_are_not_found_errors() {
    let mut e = cluster();
    assert_eq!(run(&mut e, "kubectl get deploy web"), failed("Error from server (NotFound): deployments.apps \"web\" not found\n"));
    assert_eq!(run(&mut e, "kubectl get pod/a"), failed("Error from server (NotFound): pods \"a\" not found\n"));
    assert_eq!(run(&mut e, "kubectl get deploy web --ignore-not-found"), ok(""));
    assert_eq!(run(&mut e, "kubectl describe node nope"), failed("Error from server (NotFound): nodes \"nope\" not found\n"));
    // Found objects print; the missing ones are reported after.
    let out = run(&mut e, "kubectl get ns default nope -o name");
    assert_eq!(out.stdout, "namespace/default\n");
    assert_eq!(out.stderr, "Error from server (NotFound): namespaces \"nope\" not found\n");
    assert!(out.failed);
}

#[test]
fn selectors_are_checked_as_the_api_server_does() {
    let mut e = cluster();
    assert_eq!(
        run(&mut e, "kubectl get events --field-selector message=whatever"),
        failed("Error from server (BadRequest): Unable to find \"/v1, Resource=events\" that match label selector \"\", field selector \"message=whatever\": field label not supported: message\n")
    );
    assert_eq!(
        run(&mut e, "kubectl get pod -l 'component not in (kube-apiserver)'"),
        failed("Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match label selector \"component not in (kube-apiserver)\", field selector \"\": unable to parse requirement: found 'not', expected: in, notin, =, ==, !=, gt, lt\n")
    );
    assert_eq!(
        run(&mut e, "kubectl get deploy --field-selector foo.bar=baz"),
        failed("Error from server (BadRequest): Unable to find \"apps/v1, Resource=deployments\" that match label selector \"\", field selector \"foo.bar=baz\": \"foo.bar\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\"\n")
    );
    let out = run(&mut e, "kubectl get svc -A --field-selector metadata.namespace!=default -o name");
    assert_eq!(out, ok("service/kube-dns\n"));
    let out = run(&mut e, "kubectl get nodes -l node-role.kubernetes.io/control-plane -o name");
    assert_eq!(out, ok("node/kubeplay-control-plane\n"));
    let out = run(&mut e, "kubectl get nodes --field-selector spec.unschedulable=false --no-headers -o custom-columns=N:.metadata.name");
    assert_eq!(out.stdout.lines().count(), 4);
}

#[test]
fn tables_follow_kubectl_layout() {
    let mut e = with_nginx();
    let nodes = run(&mut e, "kubectl get nodes");
    let lines: Vec<&str> = nodes.stdout.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["NAME", "STATUS", "ROLES", "AGE", "VERSION"]);
    assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["kubeplay-control-plane", "Ready", "control-plane", "10m", "v1.32.0"]);
    assert_eq!(lines.len(), 5);

    let deploy = run(&mut e, "kubectl get deployments");
    assert_eq!(deploy.stdout.lines().next(), Some("NAME               READY   UP-TO-DATE   AVAILABLE   AGE"));
    assert_eq!(deploy.stdout.lines().nth(1).map(|l| l.split_whitespace().take(4).collect::<Vec<_>>()), Some(vec!["nginx-deployment", "3/3", "3", "3"]));

    // Several kinds: kind/name names, one table per kind, a blank line between.
    let all = run(&mut e, "kubectl get deploy,svc");
    let blocks: Vec<&str> = all.stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    assert!(blocks[0].starts_with("NAME                               READY"));
    assert!(blocks[0].contains("\ndeployment.apps/nginx-deployment   3/3"));
    assert!(blocks[1].starts_with("NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\nservice/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   "));
    let nh = run(&mut e, "kubectl get deploy,svc --no-headers");
    assert!(!nh.stdout.contains("\n\n"));
    assert_eq!(nh.stdout.lines().count(), 2);

    let pods = run(&mut e, "kubectl get pods -A -o wide");
    let header: Vec<&str> = pods.stdout.lines().next().unwrap_or("").split("   ").map(str::trim).filter(|s| !s.is_empty()).collect();
    assert_eq!(header, ["NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"]);
    assert_eq!(pods.stdout.lines().filter(|l| l.starts_with("default ")).count(), 3);

    let labels = run(&mut e, "kubectl get deploy -L app --show-labels");
    assert!(labels.stdout.starts_with("NAME               READY   UP-TO-DATE   AVAILABLE   AGE     APP     LABELS\n"));
    assert!(labels.stdout.trim_end().ends_with("nginx   app=nginx"));
}

#[test]
fn structured_outputs() {
    let mut e = with_nginx();
    assert_eq!(run(&mut e, "kubectl get svc kubernetes -o jsonpath={.spec.clusterIP}"), ok("10.96.0.1"));
    assert_eq!(run(&mut e, "kubectl get ns -o jsonpath='{range .items[*]}{.metadata.name}{\"\\n\"}{end}'"), ok("default\nkube-node-lease\nkube-public\nkube-system\nlocal-path-storage\n"));
    assert_eq!(run(&mut e, "kubectl get ns -o name"), ok("namespace/default\nnamespace/kube-node-lease\nnamespace/kube-public\nnamespace/kube-system\nnamespace/local-path-storage\n"));
    let one = run(&mut e, "kubectl get ns default -o json");
    assert!(one.stdout.starts_with("{\n    \"apiVersion\": \"v1\",\n    \"kind\": \"Namespace\",\n    \"metadata\": {\n"));
    let list = run(&mut e, "kubectl get ns/default -o yaml");
    assert!(list.stdout.starts_with("apiVersion: v1\nkind: Namespace\nmetadata:\n"));
    let many = run(&mut e, "kubectl get ns default kube-system -o yaml");
    assert!(many.stdout.starts_with("apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Namespace\n"));
    assert!(many.stdout.ends_with("kind: List\nmetadata:\n  resourceVersion: \"\"\n"));
    assert_eq!(
        run(&mut e, "kubectl get deploy -o custom-columns=NAME:.metadata.name,REPLICAS:.spec.replicas,IMAGES:.spec.template.spec.containers[*].image"),
        ok("NAME               REPLICAS   IMAGES\nnginx-deployment   3          nginx:1.14.2\n")
    );
    // Printers other than the table say nothing about empty results.
    assert_eq!(run(&mut e, "kubectl get svc kubernetes -o jsonpath={.spec.nothing}"), ok(""));
    assert_eq!(run(&mut e, "kubectl get secrets -o name"), ok(""));
    assert_eq!(run(&mut e, "kubectl get secrets -o custom-columns=NAME:.metadata.name"), ok("NAME\n"));
}

#[test]
fn sort_by_orders_rows_and_reports_unknown_fields() {
    let mut e = cluster();
    assert_eq!(
        run(&mut e, "kubectl get ns --sort-by=.metadata.name --no-headers -o custom-columns=N:.metadata.name"),
        ok("default\nkube-node-lease\nkube-public\nkube-system\nlocal-path-storage\n")
    );
    let by_zone = run(&mut e, "kubectl get nodes --sort-by='{.metadata.labels.topology\\.kubernetes\\.io/zone}' -o name");
    // The control plane has no zone label, so it sorts first.
    assert_eq!(by_zone.stdout.lines().next(), Some("node/kubeplay-control-plane"));
    assert_eq!(
        run(&mut e, "kubectl get ns --sort-by=.spec.nope"),
        failed("error: couldn't find any field with path \"{.spec.nope}\" in the list of objects\n")
    );
}

#[test]
fn files_name_the_objects_to_get() {
    let mut e = with_nginx();
    let io = Io { stdin: Some(NGINX), read_file: None, kubeconfig: None };
    let out = run_io(&mut e, "kubectl get -f - -o name", io);
    assert_eq!(out, ok("deployment.apps/nginx-deployment\n"));
    let out = run_io(&mut e, "kubectl get -f - -n other", Io { stdin: Some("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: web\n"), read_file: None, kubeconfig: None });
    assert_eq!(
        out,
        failed("error: the namespace from the provided object \"web\" does not match the namespace \"other\". You must pass '--namespace=web' to perform this operation.\n")
    );
    let files = |p: &str| (p == "cm.yaml").then(|| "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n".to_string());
    let out = run_io(&mut e, "kubectl get -f cm.yaml", Io { stdin: None, read_file: Some(&files), kubeconfig: None });
    assert_eq!(out, failed("Error from server (NotFound): configmaps \"c\" not found\n"));
    let out = run_io(&mut e, "kubectl get -f nope.yaml", Io { stdin: None, read_file: Some(&files), kubeconfig: None });
    assert_eq!(out, failed("error: the path \"nope.yaml\" does not exist\n(playground) no file named nope.yaml here: write it first (cat <<EOF > nope.yaml … EOF) or pass the manifest on standard input with -f -\n"));
}

// What kubectl v1.32 printed for the same objects and files, served to it
// by a stub API server: it stops at the first problem in visiting order,
// and a missing last-applied configuration is an error only for an object
// named in a file.
#[test]
fn view_last_applied_stops_at_the_first_problem() {
    let mut e = cluster();
    let cm = |name: &str| format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}\n  namespace: default\n");
    for o in kubeplay_codec::decode_manifests(&cm("one")).objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    for o in kubeplay_codec::decode_manifests(&cm("plain")).objects() {
        kubeplay_engine::client::create(&mut e, o.object.clone()).expect("create");
    }
    let files = |p: &str| p.strip_suffix(".yaml").map(cm);
    let io = Io { stdin: None, read_file: Some(&files), kubeconfig: None };
    let one = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  annotations: {}\n  name: one\n  namespace: default\n";
    assert_eq!(run_io(&mut e, "kubectl apply view-last-applied -f one.yaml", io), ok(one));
    let no_config = "error: error when no last-applied-configuration annotation found on resource: plain\n \"plain.yaml\": <nil>\n";
    assert_eq!(run_io(&mut e, "kubectl apply view-last-applied -f one.yaml -f plain.yaml -f gone.yaml", io), failed(no_config));
    assert_eq!(run_io(&mut e, "kubectl apply view-last-applied -f gone.yaml -f plain.yaml", io), failed("Error from server (NotFound): configmaps \"gone\" not found\n"));
    // Paths are checked before any object is looked up.
    // A name ending in `/` asks for a directory: there are none here.
    let files = |p: &str| (p != "nope.yaml" && !p.ends_with('/')).then(|| cm(p.trim_end_matches(".yaml")));
    let io = Io { stdin: None, read_file: Some(&files), kubeconfig: None };
    assert_eq!(run_io(&mut e, "kubectl apply view-last-applied -f plain.yaml -f nope.yaml", io), failed("error: the path \"nope.yaml\" does not exist\n(playground) no file named nope.yaml here: write it first (cat <<EOF > nope.yaml … EOF) or pass the manifest on standard input with -f -\n"));
    // Named on the command line, it is skipped (exit status 0); the
    // playground says why.
    let out = run(&mut e, "kubectl apply view-last-applied cm plain one");
    assert_eq!((out.stdout.as_str(), out.failed), (one, false));
    assert!(out.stderr.starts_with("(playground) configmap/plain has no kubectl.kubernetes.io/last-applied-configuration annotation"));
}

#[test]
fn describe_pages() {
    let mut e = with_nginx();
    assert_eq!(
        run(&mut e, "kubectl describe ns default"),
        ok("Name:         default\nLabels:       kubernetes.io/metadata.name=default\nAnnotations:  <none>\nStatus:       Active\n\nNo resource quota.\n\nNo LimitRange resource.\n")
    );
    // Several objects are separated by two blank lines.
    let two = run(&mut e, "kubectl describe ns default kube-public");
    assert_eq!(two.stdout.matches("\n\n\nName:         kube-public\n").count(), 1);
    // A name that matches nothing exactly describes every object it prefixes.
    let pods = run(&mut e, "kubectl describe pod nginx-deployment");
    assert_eq!(pods.stdout.matches("\nControlled By:  ReplicaSet/nginx-deployment-").count(), 3);
    assert!(!pods.failed);
    let d = run(&mut e, "kubectl describe deploy nginx-deployment");
    assert!(d.stdout.contains("\nReplicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable\n"));
    assert!(d.stdout.contains("\nOldReplicaSets:  <none>\nNewReplicaSet:   nginx-deployment-"));
    assert!(d.stdout.contains("\nEvents:\n  Type    Reason             Age    From                   Message\n  ----    ------             ----   ----                   -------\n  Normal  ScalingReplicaSet  9m58s  deployment-controller  Scaled up replica set nginx-deployment-"));
    let quiet = run(&mut e, "kubectl describe deploy nginx-deployment --show-events=false");
    assert!(!quiet.stdout.contains("Events:"));
    let node = run(&mut e, "kubectl describe node kubeplay-worker");
    assert!(node.stdout.contains("\nLease:\n  HolderIdentity:  kubeplay-worker\n  AcquireTime:     <unset>\n  RenewTime:       "));
    let svc = run(&mut e, "kubectl describe svc kubernetes");
    assert!(svc.stdout.contains("\nEndpoints:                172.18.0.2:6443\n"));
}

#[test]
fn discovery_version_and_cluster_info() {
    let mut e = cluster();
    let api = run(&mut e, "kubectl api-resources");
    let rows: Vec<Vec<&str>> = api.stdout.lines().map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rows[0], ["NAME", "SHORTNAMES", "APIVERSION", "NAMESPACED", "KIND"]);
    assert_eq!(rows[1], ["componentstatuses", "cs", "v1", "false", "ComponentStatus"]);
    assert_eq!(rows[2], ["configmaps", "cm", "v1", "true", "ConfigMap"]);
    assert!(rows.contains(&vec!["deployments", "deploy", "apps/v1", "true", "Deployment"]));
    assert!(rows.contains(&vec!["secrets", "v1", "true", "Secret"]));
    // Sorted by group: the core group first, then apps, autoscaling, batch…
    let groups: Vec<&str> = rows[1..].iter().map(|r| r[r.len() - 3]).collect();
    let first_group = groups.iter().position(|g| *g != "v1").unwrap_or(0);
    assert!(first_group > 10 && groups[first_group..].iter().all(|g| *g != "v1"));
    assert_eq!(groups[first_group], "admissionregistration.k8s.io/v1");
    assert_eq!(run(&mut e, "kubectl api-resources --api-group=apps -o name"), ok("controllerrevisions.apps\ndaemonsets.apps\ndeployments.apps\nreplicasets.apps\nstatefulsets.apps\n"));
    assert_eq!(
        run(&mut e, "kubectl api-resources --namespaced=false --no-headers --api-group="),
        ok("componentstatuses   cs    v1    false   ComponentStatus\nnamespaces          ns    v1    false   Namespace\nnodes               no    v1    false   Node\npersistentvolumes   pv    v1    false   PersistentVolume\n")
    );
    let wide = run(&mut e, "kubectl api-resources -o wide --api-group=batch");
    assert!(wide.stdout.contains("create,delete,deletecollection,get,list,patch,update,watch   all\n"));

    assert_eq!(run(&mut e, "kubectl version --client"), ok("Client Version: v1.32.0\nKustomize Version: v5.5.0\n"));
    assert_eq!(run(&mut e, "kubectl version"), ok("Client Version: v1.32.0\nKustomize Version: v5.5.0\nServer Version: v1.32.0\n"));
    let yaml = run(&mut e, "kubectl version --client -o yaml");
    assert!(yaml.stdout.starts_with("clientVersion:\n  buildDate: "));
    assert!(yaml.stdout.ends_with("  platform: linux/amd64\nkustomizeVersion: v5.5.0\n\n"));

    assert_eq!(
        run(&mut e, "kubectl cluster-info"),
        ok("Kubernetes control plane is running at https://127.0.0.1:6443\nCoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n")
    );
}

#[test]
fn write_commands_run_here_too() {
    let mut e = cluster();
    let Ok(Line::Kubectl(inv)) = parse_line("kubectl scale deploy/x --replicas=2") else { panic!() };
    assert_eq!(execute(&inv, &mut e, Io::default()), Some(failed("Error from server (NotFound): deployments.apps \"x\" not found\n")));
}

#[test]
fn lines_are_parsed_run_or_handed_back() {
    use kubeplay_kubectl::exec::{run_line, LineOutcome};
    let mut e = cluster();
    assert_eq!(run_line("  ", &mut e, Io::default()), LineOutcome::Done(Output::default()));
    assert_eq!(run_line("kubectl get foo", &mut e, Io::default()), LineOutcome::Done(failed("error: the server doesn't have a resource type \"foo\"\n")));
    assert_eq!(run_line("kubectl get ns default -o name", &mut e, Io::default()), LineOutcome::Done(ok("namespace/default\n")));
    assert!(matches!(run_line("sim time", &mut e, Io::default()), LineOutcome::Sim(_)));
    assert_eq!(run_line("kubectl delete ns x", &mut e, Io::default()), LineOutcome::Done(failed("Error from server (NotFound): namespaces \"x\" not found\n")));
}
