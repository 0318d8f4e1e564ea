//! `Playground::export`: only what the user made, without server-set
//! fields, and applying it to a fresh cluster gives the same objects.

use kubeplay_playground::Playground;

const SETUP: &str = "\
apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  namespace: shop
data:
  color: blue
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
  namespace: shop
spec:
  rules:
  - http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service: {name: web, port: {number: 80}}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: only-web
  namespace: shop
spec:
  podSelector: {}
  ingress:
  - from:
    - podSelector:
        matchLabels: {app: web}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: reader
  namespace: shop
rules:
- apiGroups: [\"\"]
  resources: [pods]
  verbs: [get, list]
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: gvisor
handler: runsc
";

fn built() -> Playground {
    let mut pg = Playground::new(1);
    assert!(!pg.apply(SETUP).failed);
    for line in ["kubectl expose deployment web -n shop --port=80", "kubectl run solo --image=nginx:1.14.2", "kubectl create job once --image=busybox:1.36 -- echo hi"] {
        let out = pg.run(line, None);
        assert!(!out.failed, "{line}: {}", out.stderr);
    }
    assert!(pg.settle());
    pg
}

/// `kind/namespace/name` of each exported document, in order.
fn heads(yaml: &str) -> Vec<String> {
    yaml.split("---\n")
        .map(|doc| {
            let v = kubeplay_codec::parse_value(doc).unwrap();
            let m = &v["metadata"];
            format!("{}/{}/{}", v["kind"].as_str().unwrap(), m["namespace"].as_str().unwrap_or(""), m["name"].as_str().unwrap())
        })
        .collect()
}

#[test]
fn exports_only_the_users_objects_in_apply_order() {
    let out = built().export();
    // Pods of the Deployment and the Job, the ReplicaSet, Endpoints,
    // EndpointSlices, Events, the default ServiceAccount and root CA of
    // `shop`, and the default cluster are all left out.
    assert_eq!(
        heads(&out),
        [
            "Namespace//shop",
            "RuntimeClass//gvisor",
            "Role/shop/reader",
            "ConfigMap/shop/settings",
            "Service/shop/web",
            "NetworkPolicy/shop/only-web",
            "Ingress/shop/web",
            "Pod/default/solo",
            "Deployment/shop/web",
            "Job/default/once"
        ]
    );
    for server_set in ["status:", "uid:", "resourceVersion:", "creationTimestamp:", "generation:", "managedFields:", "last-applied-configuration", "ownerReferences:", "clusterIP", "nodeName:", "deployment.kubernetes.io/revision", "kube-api-access-"] {
        assert!(!out.contains(server_set), "export contains {server_set}:\n{out}");
    }
}

#[test]
fn the_export_applies_cleanly_to_a_fresh_cluster() {
    let out = built().export();
    let mut fresh = Playground::new(7);
    let applied = fresh.apply(&out);
    assert!(!applied.failed, "{}", applied.stderr);
    assert!(fresh.settle());
    assert_eq!(fresh.export(), out);
}

#[test]
fn a_fresh_cluster_exports_nothing() {
    assert_eq!(Playground::new(1).export(), "");
}

#[test]
fn custom_resources_follow_their_definition_and_round_trip() {
    let mut pg = Playground::new(1);
    let crd = "\
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: crontabs, singular: crontab, kind: CronTab, shortNames: [ct]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              cronSpec: {type: string}
              image: {type: string}
";
    assert!(!pg.apply(crd).failed);
    assert!(pg.settle());
    let cr = "\
apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  cronSpec: \"* * * * */5\"
  image: my-awesome-cron-image
";
    let applied = pg.apply(cr);
    assert!(!applied.failed, "{}", applied.stderr);
    let out = pg.export();
    assert_eq!(heads(&out), ["CustomResourceDefinition//crontabs.stable.example.com", "CronTab/default/my-new-cron-object"]);
    assert!(out.contains("cronSpec: '* * * * */5'") || out.contains("cronSpec: \"* * * * */5\""), "{out}");

    // As on a real cluster, one `kubectl apply -f` of the file creates the
    // definition but not yet its objects (discovery has not seen the new
    // kind); applying it again once the definition is served does.
    let mut fresh = Playground::new(7);
    let first = fresh.apply(&out);
    assert!(first.failed);
    assert!(first.stderr.contains("no matches for kind \"CronTab\" in version \"stable.example.com/v1\""), "{}", first.stderr);
    assert!(fresh.settle());
    let second = fresh.apply(&out);
    assert!(!second.failed, "{}", second.stderr);
    assert_eq!(fresh.export(), out);
}
