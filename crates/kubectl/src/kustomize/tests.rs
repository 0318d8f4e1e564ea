//! Builds checked against the real `kubectl kustomize` (v1.32.4, kustomize
//! v5.5.0) run on the same trees.

use super::*;
use std::collections::BTreeMap;

/// A read callback over an in-memory tree, answering directories as the
/// playground does.
pub fn tree(files: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let map: BTreeMap<String, String> = files
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |name: &str| {
        if let Some(dir) = name.strip_suffix('/') {
            let dir = if dir == "." { "" } else { dir };
            let prefix = if dir.is_empty() {
                String::new()
            } else {
                format!("{dir}/")
            };
            let mut entries: Vec<String> = map
                .keys()
                .filter_map(|k| k.strip_prefix(&prefix))
                .map(|rest| match rest.split_once('/') {
                    Some((d, _)) => format!("{d}/"),
                    None => rest.to_string(),
                })
                .collect();
            entries.dedup();
            return (dir.is_empty() || !entries.is_empty()).then(|| entries.join("\n"));
        }
        map.get(name).cloned()
    }
}

pub fn run(files: &[(&str, &str)], dir: &str) -> Result<String, String> {
    let read = tree(files);
    build(dir, &read)
        .result
        .map(|o| render(&o))
        .map_err(|e| e.0)
}

/// Builds a directory on disk (`KDIR=/tmp/x cargo test … disk -- --ignored --nocapture`).
#[test]
#[ignore]
fn disk() {
    let Ok(root) = std::env::var("KDIR") else {
        return;
    };
    let read = move |name: &str| -> Option<String> {
        let p = std::path::Path::new(&root).join(name.trim_end_matches('/'));
        if name.ends_with('/') {
            let mut v: Vec<String> = std::fs::read_dir(&p)
                .ok()?
                .filter_map(|e| e.ok())
                .map(|e| {
                    e.file_name().to_string_lossy().to_string()
                        + if e.path().is_dir() { "/" } else { "" }
                })
                .collect();
            v.sort();
            return Some(v.join("\n"));
        }
        std::fs::read_to_string(p).ok()
    };
    let b = build(&std::env::var("KSUB").unwrap_or(".".into()), &read);
    for w in &b.warnings {
        eprintln!("{w}");
    }
    match b.result {
        Ok(o) => print!("{}", render(&o)),
        Err(e) => eprintln!("ERR {e}"),
    }
}

/// Bases included twice at every level double the objects each time: the
/// build stops at the decoder's object limit instead of running away.
#[test]
fn doubling_bases_stop_at_the_object_limit() {
    let mut files: Vec<(String, String)> = vec![
        (
            "l0/kustomization.yaml".into(),
            "resources: [cm.yaml]\n".into(),
        ),
        (
            "l0/cm.yaml".into(),
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n".into(),
        ),
    ];
    for i in 1..40 {
        files.push((
            format!("l{i}/a/kustomization.yaml"),
            format!("namePrefix: a-\nresources: [../../l{}]\n", i - 1),
        ));
        files.push((
            format!("l{i}/kustomization.yaml"),
            format!("namePrefix: b-\nresources: [a, ../l{}]\n", i - 1),
        ));
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let err = run(&files, "l39").unwrap_err();
    assert!(
        err.ends_with("(playground) the kustomization builds more than 1000 objects"),
        "{err}"
    );
}

// Trees built here and with the real `kubectl kustomize` (kubectl v1.32.4,
// kustomize v5.5.0): the expected outputs are what it printed. Its errors
// name absolute paths (and a Go pointer), which the playground's files have
// no equivalent of; otherwise the messages are its own.

/// A base with a generated ConfigMap, an overlay setting namespace, prefix, commonLabels, annotations, image tag and replicas.
#[test]
fn overlay_with_generator_images_and_replicas() {
    let files: &[(&str, &str)] = &[
        (
            "base/deploy.yaml",
            r##"apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    zeta: z
    app: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        envFrom:
        - configMapRef:
            name: cfg
        ports:
        - containerPort: 80
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
    targetPort: 80
"##,
        ),
        (
            "base/kustomization.yaml",
            r##"resources:
- deploy.yaml
configMapGenerator:
- name: cfg
  literals:
  - A=1
  - B=two
"##,
        ),
        (
            "dev/kustomization.yaml",
            r##"resources:
- ../base
namespace: dev
namePrefix: dev-
commonLabels:
  env: dev
commonAnnotations:
  note: "hi"
images:
- name: nginx
  newTag: "1.27"
replicas:
- name: web
  count: 3
"##,
        ),
    ];
    assert_eq!(
        run(files, "dev"),
        Ok(r##"apiVersion: v1
data:
  A: "1"
  B: two
kind: ConfigMap
metadata:
  annotations:
    note: hi
  labels:
    env: dev
  name: dev-cfg-6b56fdfggc
  namespace: dev
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    note: hi
  labels:
    env: dev
  name: dev-web
  namespace: dev
spec:
  ports:
  - port: 80
    targetPort: 80
  selector:
    app: web
    env: dev
---
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    note: hi
  labels:
    app: web
    env: dev
    zeta: z
  name: dev-web
  namespace: dev
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
      env: dev
  template:
    metadata:
      annotations:
        note: hi
      labels:
        app: web
        env: dev
    spec:
      containers:
      - envFrom:
        - configMapRef:
            name: dev-cfg-6b56fdfggc
        image: nginx:1.27
        name: web
        ports:
        - containerPort: 80
"##
        .to_string())
    );
    let read = tree(files);
    assert_eq!(build("dev", &read).warnings, ["# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically."]);
}

/// Prefix and suffix (not on Namespaces and CRDs), namespace (a Namespace object renamed to it, binding subjects named default moved), labels with includeTemplates, images by name with a digest replaced.
#[test]
fn prefix_suffix_namespace_labels_and_images() {
    let files: &[(&str, &str)] = &[
        (
            "kustomization.yaml",
            r##"resources:
- r.yaml
namespace: nsx
namePrefix: p-
nameSuffix: -s
labels:
- pairs:
    team: t
  includeTemplates: true
images:
- name: busybox
  newName: reg/bb
  newTag: "2"
"##,
        ),
        (
            "r.yaml",
            r##"apiVersion: v1
kind: Namespace
metadata:
  name: ns1
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: cr
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: rb
  namespace: other
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: role1
subjects:
- kind: ServiceAccount
  name: sa
  namespace: other
- kind: ServiceAccount
  name: default
- kind: User
  name: bob
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: role1
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa
---
apiVersion: v1
kind: Pod
metadata:
  name: b
  namespace: zz
spec:
  serviceAccountName: sa
  containers:
  - name: c
    image: busybox
---
apiVersion: v1
kind: Pod
metadata:
  name: a
  namespace: zz
spec:
  containers:
  - name: c
    image: busybox@sha256:abc
---
apiVersion: batch/v1
kind: Job
metadata:
  name: j
spec:
  template:
    spec:
      containers:
      - name: c
        image: busybox
      restartPolicy: Never
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: foos.example.com
"##,
        ),
    ];
    assert_eq!(
        run(files, "."),
        Ok(r##"apiVersion: v1
kind: Namespace
metadata:
  labels:
    team: t
  name: nsx
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  labels:
    team: t
  name: foos.example.com
---
apiVersion: v1
kind: ServiceAccount
metadata:
  labels:
    team: t
  name: p-sa-s
  namespace: nsx
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  labels:
    team: t
  name: p-role1-s
  namespace: nsx
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  labels:
    team: t
  name: p-cr-s
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  labels:
    team: t
  name: p-rb-s
  namespace: nsx
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: p-role1-s
subjects:
- kind: ServiceAccount
  name: sa
  namespace: other
- kind: ServiceAccount
  name: default
  namespace: nsx
- kind: User
  name: bob
---
apiVersion: batch/v1
kind: Job
metadata:
  labels:
    team: t
  name: p-j-s
  namespace: nsx
spec:
  template:
    metadata:
      labels:
        team: t
    spec:
      containers:
      - image: reg/bb:2
        name: c
      restartPolicy: Never
---
apiVersion: v1
kind: Pod
metadata:
  labels:
    team: t
  name: p-a-s
  namespace: nsx
spec:
  containers:
  - image: reg/bb:2
    name: c
---
apiVersion: v1
kind: Pod
metadata:
  labels:
    team: t
  name: p-b-s
  namespace: nsx
spec:
  containers:
  - image: reg/bb:2
    name: c
  serviceAccountName: p-sa-s
"##
        .to_string())
    );
}

/// Env files (spaces and export kept), files, quoted literals, Secret types, per-generator and global options.
#[test]
fn generators_from_env_files_files_and_literals() {
    let files: &[(&str, &str)] = &[
        (
            "app.env",
            r##"A=1
# c

B = x y 
export C=3
"##,
        ),
        (
            "conf.txt",
            r##"hello
world
"##,
        ),
        (
            "kustomization.yaml",
            r##"configMapGenerator:
- name: c1
  envs:
  - app.env
  files:
  - conf.txt
  - other=conf.txt
  literals:
  - 'Q="quoted val"'
  - "R=it's"
secretGenerator:
- name: s1
  literals:
  - password=hunter2
- name: s2
  type: kubernetes.io/tls
  literals:
  - tls.crt=x
  - tls.key=y
  options:
    disableNameSuffixHash: true
    labels:
      l: v
generatorOptions:
  annotations:
    g: a
"##,
        ),
    ];
    assert_eq!(
        run(files, "."),
        Ok(r##"apiVersion: v1
data:
  A: "1"
  'B ': ' x y '
  Q: quoted val
  R: it's
  conf.txt: |
    hello
    world
  export C: "3"
  other: |
    hello
    world
kind: ConfigMap
metadata:
  annotations:
    g: a
  name: c1-487m2hhb85
---
apiVersion: v1
data:
  password: aHVudGVyMg==
kind: Secret
metadata:
  annotations:
    g: a
  name: s1-cf85kd65mm
type: Opaque
---
apiVersion: v1
data:
  tls.crt: eA==
  tls.key: eQ==
kind: Secret
metadata:
  annotations:
    g: a
  labels:
    l: v
  name: s2
type: kubernetes.io/tls
"##
        .to_string())
    );
}

/// Bases, patchesStrategicMerge (file and inline) and patchesJson6902, with their deprecation warnings.
#[test]
fn deprecated_patch_fields() {
    let files: &[(&str, &str)] = &[
        (
            "b/d.yaml",
            r##"apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
        env:
        - name: A
          value: "1"
      - name: side
        image: busybox
"##,
        ),
        (
            "b/kustomization.yaml",
            r##"resources:
- d.yaml
"##,
        ),
        (
            "kustomization.yaml",
            r##"resources:
- b
patches:
- target:
    kind: Deployment
    name: nomatch
  patch: |-
    - op: replace
      path: /spec/replicas
      value: 3
- target:
    kind: Deployment
  patch: |-
    - op: replace
      path: /spec/replicas
      value: 3
- target:
    kind: Deployment
    name: "w.*"
  patch: |-
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: whatever
      labels: {x: y}
- patch: |-
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: web
    spec:
      template:
        spec:
          containers:
          - name: side
            $patch: delete
"##,
        ),
        (
            "p.yaml",
            r##"apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: web
        env:
        - name: B
          value: "2"
"##,
        ),
    ];
    assert_eq!(
        run(files, "."),
        Ok(r##"apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    x: "y"
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - env:
        - name: A
          value: "1"
        image: nginx
        name: web
"##
        .to_string())
    );
}

/// Names followed into volumes, projected sources, env, imagePullSecrets, Ingress backends and TLS, HPA targets, StatefulSet serviceName, ServiceAccount secrets.
#[test]
fn name_references_in_workloads_ingress_hpa_and_service_accounts() {
    let files: &[(&str, &str)] = &[
        (
            "kustomization.yaml",
            r##"resources: [r.yaml]
namePrefix: x-
nameSuffix: -y
namespace: zz
commonAnnotations: {a: "1"}
images:
- name: busybox
  digest: sha256:def
- name: docker.io/library/nginx
  newName: my/nginx
- name: nginx
  newName: other
  newTag: "2"
secretGenerator:
- name: creds
  literals: [p=q]
- name: tls
  type: kubernetes.io/tls
  literals: [tls.crt=a, tls.key=b]
- name: regcred
  literals: [".dockerconfigjson={}"]
  type: kubernetes.io/dockerconfigjson
configMapGenerator:
- name: cfg
  literals: [a=b]
"##,
        ),
        (
            "r.yaml",
            r##"apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ing
spec:
  defaultBackend:
    service:
      name: web
      port: {number: 80}
  tls:
  - secretName: tls
  rules:
  - http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: web
            port: {number: 80}
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports: [{port: 80}]
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: hpa
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 3
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      serviceAccountName: sa
      imagePullSecrets: [{name: regcred}]
      initContainers:
      - name: init
        image: busybox:1.36@sha256:abc
        env:
        - name: P
          valueFrom: {secretKeyRef: {name: creds, key: p}}
      containers:
      - name: web
        image: docker.io/library/nginx
        volumeMounts: [{name: d, mountPath: /d}]
      volumes:
      - name: d
        persistentVolumeClaim: {claimName: data}
      - name: s
        secret: {secretName: creds}
      - name: p
        projected:
          sources:
          - configMap: {name: cfg}
          - secret: {name: creds}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa
imagePullSecrets: [{name: regcred}]
"##,
        ),
    ];
    assert_eq!(
        run(files, "."),
        Ok(r##"apiVersion: v1
imagePullSecrets:
- name: x-regcred-y-9fdfh69d2f
kind: ServiceAccount
metadata:
  annotations:
    a: "1"
  name: x-sa-y
  namespace: zz
---
apiVersion: v1
data:
  a: b
kind: ConfigMap
metadata:
  annotations:
    a: "1"
  name: x-cfg-y-4h2mbtbbt6
  namespace: zz
---
apiVersion: v1
data:
  p: cQ==
kind: Secret
metadata:
  annotations:
    a: "1"
  name: x-creds-y-hb2dth72f6
  namespace: zz
type: Opaque
---
apiVersion: v1
data:
  .dockerconfigjson: e30=
kind: Secret
metadata:
  annotations:
    a: "1"
  name: x-regcred-y-9fdfh69d2f
  namespace: zz
type: kubernetes.io/dockerconfigjson
---
apiVersion: v1
data:
  tls.crt: YQ==
  tls.key: Yg==
kind: Secret
metadata:
  annotations:
    a: "1"
  name: x-tls-y-m6h7bkm2dg
  namespace: zz
type: kubernetes.io/tls
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    a: "1"
  name: x-web-y
  namespace: zz
spec:
  ports:
  - port: 80
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  annotations:
    a: "1"
  name: x-data-y
  namespace: zz
spec:
  accessModes:
  - ReadWriteOnce
  resources:
    requests:
      storage: 1Gi
---
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    a: "1"
  name: x-web-y
  namespace: zz
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      annotations:
        a: "1"
      labels:
        app: web
    spec:
      containers:
      - image: other:2
        name: web
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  annotations:
    a: "1"
  name: x-web-y
  namespace: zz
spec:
  selector:
    matchLabels:
      app: web
  serviceName: x-web-y
  template:
    metadata:
      annotations:
        a: "1"
      labels:
        app: web
    spec:
      containers:
      - image: my/nginx
        name: web
        volumeMounts:
        - mountPath: /d
          name: d
      imagePullSecrets:
      - name: x-regcred-y-9fdfh69d2f
      initContainers:
      - env:
        - name: P
          valueFrom:
            secretKeyRef:
              key: p
              name: x-creds-y-hb2dth72f6
        image: busybox@sha256:def
        name: init
      serviceAccountName: x-sa-y
      volumes:
      - name: d
        persistentVolumeClaim:
          claimName: x-data-y
      - name: s
        secret:
          secretName: x-creds-y-hb2dth72f6
      - name: p
        projected:
          sources:
          - configMap:
              name: x-cfg-y-4h2mbtbbt6
          - secret:
              name: x-creds-y-hb2dth72f6
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  annotations:
    a: "1"
  name: x-hpa-y
  namespace: zz
spec:
  maxReplicas: 3
  minReplicas: 1
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: x-web-y
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  annotations:
    a: "1"
  name: x-ing-y
  namespace: zz
spec:
  defaultBackend:
    service:
      name: x-web-y
      port:
        number: 80
  rules:
  - http:
      paths:
      - backend:
          service:
            name: x-web-y
            port:
              number: 80
        path: /
        pathType: Prefix
  tls:
  - secretName: x-tls-y-m6h7bkm2dg
"##
        .to_string())
    );
}

/// ClusterRoleBinding subjects renamed and moved, CronJob job template labels and annotations, PDB selector.
#[test]
fn rbac_subjects_cronjob_and_pdb_selectors() {
    let files: &[(&str, &str)] = &[
        (
            "kustomization.yaml",
            r##"resources:
- r.yaml
namespace: nsx
namePrefix: p-
commonLabels:
  env: dev
commonAnnotations:
  a: b
"##,
        ),
        (
            "r.yaml",
            r##"apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: crb
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: view
subjects:
- kind: ServiceAccount
  name: sa
- kind: ServiceAccount
  name: default
  namespace: other
- kind: ServiceAccount
  name: ext
  namespace: other
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: cj
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: c
            image: busybox
          restartPolicy: Never
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: pdb
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: x
"##,
        ),
    ];
    assert_eq!(
        run(files, "."),
        Ok(r##"apiVersion: v1
kind: ServiceAccount
metadata:
  annotations:
    a: b
  labels:
    env: dev
  name: p-sa
  namespace: nsx
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  annotations:
    a: b
  labels:
    env: dev
  name: p-crb
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: view
subjects:
- kind: ServiceAccount
  name: p-sa
  namespace: nsx
- kind: ServiceAccount
  name: default
  namespace: nsx
- kind: ServiceAccount
  name: ext
  namespace: other
---
apiVersion: batch/v1
kind: CronJob
metadata:
  annotations:
    a: b
  labels:
    env: dev
  name: p-cj
  namespace: nsx
spec:
  jobTemplate:
    metadata:
      annotations:
        a: b
      labels:
        env: dev
    spec:
      template:
        metadata:
          annotations:
            a: b
          labels:
            env: dev
        spec:
          containers:
          - image: busybox
            name: c
          restartPolicy: Never
  schedule: '* * * * *'
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  annotations:
    a: b
  labels:
    env: dev
  name: p-pdb
  namespace: nsx
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: x
      env: dev
"##
        .to_string())
    );
    let read = tree(files);
    assert_eq!(build(".", &read).warnings, ["# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically."]);
}

/// Resources read as YAML 1.2 (y stays a string), keys in go-yaml order.
#[test]
fn yaml11_words_stay_strings_and_keys_sort_as_go_yaml() {
    let files: &[(&str, &str)] = &[
        (
            "cm.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: x
  labels: {a10: "1", a9: "2", B: "3", a_b: x, "1": y, "10": z, "2": w}
data:
  long: "line1\nline2\n"
  num: "0123"
  t: "true"
  e: ""
  sp: " lead"
  colon: "a: b"
"##,
        ),
        (
            "kustomization.yaml",
            r##"resources:
- cm.yaml
"##,
        ),
    ];
    assert_eq!(
        run(files, "."),
        Ok(r##"apiVersion: v1
data:
  colon: 'a: b'
  e: ""
  long: |
    line1
    line2
  num: "0123"
  sp: ' lead'
  t: "true"
kind: ConfigMap
metadata:
  labels:
    "1": "y"
    "2": w
    "10": z
    B: "3"
    a_b: x
    a9: "2"
    a10: "1"
  name: x
"##
        .to_string())
    );
}

/// SortOptions fifo keeps the order resources were accumulated in (generated ones last, ConfigMaps first).
#[test]
fn sort_options_fifo() {
    let files: &[(&str, &str)] = &[
        (
            "kustomization.yaml",
            r##"resources: [r.yaml]
namePrefix: x-
nameSuffix: -y
namespace: zz
commonAnnotations: {a: "1"}
images:
- name: busybox
  digest: sha256:def
- name: docker.io/library/nginx
  newName: my/nginx
- name: nginx
  newName: other
  newTag: "2"
secretGenerator:
- name: creds
  literals: [p=q]
- name: tls
  type: kubernetes.io/tls
  literals: [tls.crt=a, tls.key=b]
- name: regcred
  literals: [".dockerconfigjson={}"]
  type: kubernetes.io/dockerconfigjson
configMapGenerator:
- name: cfg
  literals: [a=b]
sortOptions:
  order: fifo
"##,
        ),
        (
            "r.yaml",
            r##"apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ing
spec:
  defaultBackend:
    service:
      name: web
      port: {number: 80}
  tls:
  - secretName: tls
  rules:
  - http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: web
            port: {number: 80}
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports: [{port: 80}]
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: hpa
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 3
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      serviceAccountName: sa
      imagePullSecrets: [{name: regcred}]
      initContainers:
      - name: init
        image: busybox:1.36@sha256:abc
        env:
        - name: P
          valueFrom: {secretKeyRef: {name: creds, key: p}}
      containers:
      - name: web
        image: docker.io/library/nginx
        volumeMounts: [{name: d, mountPath: /d}]
      volumes:
      - name: d
        persistentVolumeClaim: {claimName: data}
      - name: s
        secret: {secretName: creds}
      - name: p
        projected:
          sources:
          - configMap: {name: cfg}
          - secret: {name: creds}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa
imagePullSecrets: [{name: regcred}]
"##,
        ),
    ];
    assert_eq!(
        run(files, "."),
        Ok(r##"apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  annotations:
    a: "1"
  name: x-ing-y
  namespace: zz
spec:
  defaultBackend:
    service:
      name: x-web-y
      port:
        number: 80
  rules:
  - http:
      paths:
      - backend:
          service:
            name: x-web-y
            port:
              number: 80
        path: /
        pathType: Prefix
  tls:
  - secretName: x-tls-y-m6h7bkm2dg
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    a: "1"
  name: x-web-y
  namespace: zz
spec:
  ports:
  - port: 80
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  annotations:
    a: "1"
  name: x-hpa-y
  namespace: zz
spec:
  maxReplicas: 3
  minReplicas: 1
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: x-web-y
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  annotations:
    a: "1"
  name: x-data-y
  namespace: zz
spec:
  accessModes:
  - ReadWriteOnce
  resources:
    requests:
      storage: 1Gi
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  annotations:
    a: "1"
  name: x-web-y
  namespace: zz
spec:
  selector:
    matchLabels:
      app: web
  serviceName: x-web-y
  template:
    metadata:
      annotations:
        a: "1"
      labels:
        app: web
    spec:
      containers:
      - image: my/nginx
        name: web
        volumeMounts:
        - mountPath: /d
          name: d
      imagePullSecrets:
      - name: x-regcred-y-9fdfh69d2f
      initContainers:
      - env:
        - name: P
          valueFrom:
            secretKeyRef:
              key: p
              name: x-creds-y-hb2dth72f6
        image: busybox@sha256:def
        name: init
      serviceAccountName: x-sa-y
      volumes:
      - name: d
        persistentVolumeClaim:
          claimName: x-data-y
      - name: s
        secret:
          secretName: x-creds-y-hb2dth72f6
      - name: p
        projected:
          sources:
          - configMap:
              name: x-cfg-y-4h2mbtbbt6
          - secret:
              name: x-creds-y-hb2dth72f6
---
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    a: "1"
  name: x-web-y
  namespace: zz
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      annotations:
        a: "1"
      labels:
        app: web
    spec:
      containers:
      - image: other:2
        name: web
---
apiVersion: v1
imagePullSecrets:
- name: x-regcred-y-9fdfh69d2f
kind: ServiceAccount
metadata:
  annotations:
    a: "1"
  name: x-sa-y
  namespace: zz
---
apiVersion: v1
data:
  a: b
kind: ConfigMap
metadata:
  annotations:
    a: "1"
  name: x-cfg-y-4h2mbtbbt6
  namespace: zz
---
apiVersion: v1
data:
  p: cQ==
kind: Secret
metadata:
  annotations:
    a: "1"
  name: x-creds-y-hb2dth72f6
  namespace: zz
type: Opaque
---
apiVersion: v1
data:
  tls.crt: YQ==
  tls.key: Yg==
kind: Secret
metadata:
  annotations:
    a: "1"
  name: x-tls-y-m6h7bkm2dg
  namespace: zz
type: kubernetes.io/tls
---
apiVersion: v1
data:
  .dockerconfigjson: e30=
kind: Secret
metadata:
  annotations:
    a: "1"
  name: x-regcred-y-9fdfh69d2f
  namespace: zz
type: kubernetes.io/dockerconfigjson
"##
        .to_string())
    );
}

/// LegacySortOptions replaces the legacy kind lists; other kinds sort between them by group, version and kind.
#[test]
fn sort_options_legacy_with_kind_lists() {
    let files: &[(&str, &str)] = &[
        (
            "kustomization.yaml",
            r##"resources: [r.yaml]
namePrefix: x-
nameSuffix: -y
namespace: zz
commonAnnotations: {a: "1"}
images:
- name: busybox
  digest: sha256:def
- name: docker.io/library/nginx
  newName: my/nginx
- name: nginx
  newName: other
  newTag: "2"
secretGenerator:
- name: creds
  literals: [p=q]
- name: tls
  type: kubernetes.io/tls
  literals: [tls.crt=a, tls.key=b]
- name: regcred
  literals: [".dockerconfigjson={}"]
  type: kubernetes.io/dockerconfigjson
configMapGenerator:
- name: cfg
  literals: [a=b]
sortOptions:
  order: legacy
  legacySortOptions:
    orderFirst: [Deployment]
    orderLast: [Service]
"##,
        ),
        (
            "r.yaml",
            r##"apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ing
spec:
  defaultBackend:
    service:
      name: web
      port: {number: 80}
  tls:
  - secretName: tls
  rules:
  - http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: web
            port: {number: 80}
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports: [{port: 80}]
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: hpa
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 3
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      serviceAccountName: sa
      imagePullSecrets: [{name: regcred}]
      initContainers:
      - name: init
        image: busybox:1.36@sha256:abc
        env:
        - name: P
          valueFrom: {secretKeyRef: {name: creds, key: p}}
      containers:
      - name: web
        image: docker.io/library/nginx
        volumeMounts: [{name: d, mountPath: /d}]
      volumes:
      - name: d
        persistentVolumeClaim: {claimName: data}
      - name: s
        secret: {secretName: creds}
      - name: p
        projected:
          sources:
          - configMap: {name: cfg}
          - secret: {name: creds}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa
imagePullSecrets: [{name: regcred}]
"##,
        ),
    ];
    assert_eq!(
        run(files, "."),
        Ok(r##"apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    a: "1"
  name: x-web-y
  namespace: zz
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      annotations:
        a: "1"
      labels:
        app: web
    spec:
      containers:
      - image: other:2
        name: web
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  annotations:
    a: "1"
  name: x-web-y
  namespace: zz
spec:
  selector:
    matchLabels:
      app: web
  serviceName: x-web-y
  template:
    metadata:
      annotations:
        a: "1"
      labels:
        app: web
    spec:
      containers:
      - image: my/nginx
        name: web
        volumeMounts:
        - mountPath: /d
          name: d
      imagePullSecrets:
      - name: x-regcred-y-9fdfh69d2f
      initContainers:
      - env:
        - name: P
          valueFrom:
            secretKeyRef:
              key: p
              name: x-creds-y-hb2dth72f6
        image: busybox@sha256:def
        name: init
      serviceAccountName: x-sa-y
      volumes:
      - name: d
        persistentVolumeClaim:
          claimName: x-data-y
      - name: s
        secret:
          secretName: x-creds-y-hb2dth72f6
      - name: p
        projected:
          sources:
          - configMap:
              name: x-cfg-y-4h2mbtbbt6
          - secret:
              name: x-creds-y-hb2dth72f6
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  annotations:
    a: "1"
  name: x-hpa-y
  namespace: zz
spec:
  maxReplicas: 3
  minReplicas: 1
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: x-web-y
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  annotations:
    a: "1"
  name: x-ing-y
  namespace: zz
spec:
  defaultBackend:
    service:
      name: x-web-y
      port:
        number: 80
  rules:
  - http:
      paths:
      - backend:
          service:
            name: x-web-y
            port:
              number: 80
        path: /
        pathType: Prefix
  tls:
  - secretName: x-tls-y-m6h7bkm2dg
---
apiVersion: v1
data:
  a: b
kind: ConfigMap
metadata:
  annotations:
    a: "1"
  name: x-cfg-y-4h2mbtbbt6
  namespace: zz
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  annotations:
    a: "1"
  name: x-data-y
  namespace: zz
spec:
  accessModes:
  - ReadWriteOnce
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
data:
  p: cQ==
kind: Secret
metadata:
  annotations:
    a: "1"
  name: x-creds-y-hb2dth72f6
  namespace: zz
type: Opaque
---
apiVersion: v1
data:
  .dockerconfigjson: e30=
kind: Secret
metadata:
  annotations:
    a: "1"
  name: x-regcred-y-9fdfh69d2f
  namespace: zz
type: kubernetes.io/dockerconfigjson
---
apiVersion: v1
data:
  tls.crt: YQ==
  tls.key: Yg==
kind: Secret
metadata:
  annotations:
    a: "1"
  name: x-tls-y-m6h7bkm2dg
  namespace: zz
type: kubernetes.io/tls
---
apiVersion: v1
imagePullSecrets:
- name: x-regcred-y-9fdfh69d2f
kind: ServiceAccount
metadata:
  annotations:
    a: "1"
  name: x-sa-y
  namespace: zz
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    a: "1"
  name: x-web-y
  namespace: zz
spec:
  ports:
  - port: 80
"##
        .to_string())
    );
}

/// Images rewritten in every containers list (a custom kind's too, not a bare image field); ServiceAccount secrets, a ReplicaSet's ServiceAccount and a ReplicationController's ConfigMap left as kustomize's defaults leave them.
#[test]
fn images_in_any_containers_list_and_default_name_references() {
    let files: &[(&str, &str)] = &[
        (
            "kustomization.yaml",
            r##"resources: [r.yaml]
namePrefix: p-
images:
- name: nginx
  newTag: "9"
"##,
        ),
        (
            "r.yaml",
            r##"apiVersion: batch/v1
kind: CronJob
metadata: {name: cj}
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers: [{name: c, image: nginx}]
---
apiVersion: example.com/v1
kind: Thing
metadata: {name: t}
spec:
  deep:
    containers: [{name: c, image: nginx}]
  image: nginx
  other:
    image: nginx
---
apiVersion: v1
kind: PodTemplate
metadata: {name: pt}
template:
  spec:
    containers: [{name: c, image: nginx}]
    serviceAccountName: sa
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: rs}
spec:
  template:
    spec:
      serviceAccountName: sa
      containers: [{name: c, image: nginx, envFrom: [{configMapRef: {name: cm}}]}]
---
apiVersion: v1
kind: ReplicationController
metadata: {name: rc}
spec:
  template:
    spec:
      serviceAccountName: sa
      containers: [{name: c, image: nginx, envFrom: [{configMapRef: {name: cm}}]}]
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: sa}
secrets: [{name: s}]
---
apiVersion: v1
kind: Secret
metadata: {name: s}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: cm}
"##,
        ),
    ];
    assert_eq!(
        run(files, "."),
        Ok(r##"apiVersion: v1
kind: ServiceAccount
metadata:
  name: p-sa
secrets:
- name: s
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: p-cm
---
apiVersion: v1
kind: Secret
metadata:
  name: p-s
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: p-cj
spec:
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - image: nginx:9
            name: c
  schedule: '* * * * *'
---
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: p-rs
spec:
  template:
    spec:
      containers:
      - envFrom:
        - configMapRef:
            name: p-cm
        image: nginx:9
        name: c
      serviceAccountName: sa
---
apiVersion: example.com/v1
kind: Thing
metadata:
  name: p-t
spec:
  deep:
    containers:
    - image: nginx:9
      name: c
  image: nginx
  other:
    image: nginx
---
apiVersion: v1
kind: PodTemplate
metadata:
  name: p-pt
template:
  spec:
    containers:
    - image: nginx:9
      name: c
    serviceAccountName: sa
---
apiVersion: v1
kind: ReplicationController
metadata:
  name: p-rc
spec:
  template:
    spec:
      containers:
      - envFrom:
        - configMapRef:
            name: cm
        image: nginx:9
        name: c
      serviceAccountName: p-sa
"##
        .to_string())
    );
}

/// A Component (resources, prefix, generator merge, labels) applied to what its parent accumulated; a Component built directly.
#[test]
fn components_run_over_the_parents_resources() {
    let files: &[(&str, &str)] = &[
        (
            "app/kustomization.yaml",
            r##"resources:
- ../base
components:
- ../comp
namePrefix: app-
"##,
        ),
        (
            "base/cm.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
"##,
        ),
        (
            "base/kustomization.yaml",
            r##"resources: [cm.yaml]
"##,
        ),
        (
            "comp/kustomization.yaml",
            r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component
resources:
- svc.yaml
namePrefix: c-
configMapGenerator:
- name: cfg
  behavior: merge
  literals: [b=2]
commonLabels:
  comp: "yes"
"##,
        ),
        (
            "comp/svc.yaml",
            r##"apiVersion: v1
kind: Service
metadata:
  name: s
spec:
  selector: {app: x}
"##,
        ),
    ];
    assert_eq!(
        run(files, "app"),
        Ok(r##"apiVersion: v1
data:
  a: "1"
  b: "2"
kind: ConfigMap
metadata:
  labels:
    comp: "yes"
  name: app-c-cfg
---
apiVersion: v1
kind: Service
metadata:
  labels:
    comp: "yes"
  name: app-c-s
spec:
  selector:
    app: x
    comp: "yes"
"##
        .to_string())
    );
    let read = tree(files);
    assert_eq!(build("app", &read).warnings, ["# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically."]);
}

#[test]
fn kustomization_with_only_type_fields_is_empty() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"apiVersion: v9
"##,
    )];
    assert_eq!(
        run(files, "e"),
        Err(r##"kustomization.yaml is empty"##.to_string())
    );
}

#[test]
fn empty_string_fields_are_empty() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"namespace: ""
"##,
    )];
    assert_eq!(
        run(files, "e"),
        Err(r##"kustomization.yaml is empty"##.to_string())
    );
}

#[test]
fn wrong_kustomization_api_version() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Kustomization
namespace: x
"##,
    )];
    assert_eq!(
        run(files, "e"),
        Err(r##"Failed to read kustomization file under e:
apiVersion for Kustomization should be kustomize.config.k8s.io/v1beta1"##
            .to_string())
    );
}

#[test]
fn unknown_kustomization_kind() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"kind: Foo
namespace: x
"##,
    )];
    assert_eq!(
        run(files, "e"),
        Err(r##"Failed to read kustomization file under e:
kind should be Kustomization or Component"##
            .to_string())
    );
}

#[test]
fn component_as_resource() {
    let files: &[(&str, &str)] = &[
        (
            "e/kustomization.yaml",
            r##"resources: [../c]
"##,
        ),
        (
            "c/kustomization.yaml",
            r##"kind: Component
namespace: x
"##,
        ),
    ];
    assert_eq!(run(files, "e"), Err(r##"accumulating resources: accumulation err='accumulating resources from '../c': 'c' must resolve to a file': expected kind != 'Component' for path 'c'"##.to_string()));
}

#[test]
fn sort_options_unknown_order() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"sortOptions:
  order: bogus
"##,
    )];
    assert_eq!(
        run(files, "e"),
        Err(r##"the field 'sortOptions.order' must be one of [fifo, legacy]"##.to_string())
    );
}

#[test]
fn missing_resource_file() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"resources:
- missing.yaml
"##,
    )];
    assert_eq!(run(files, "e"), Err(r##"accumulating resources: accumulation err='accumulating resources from 'missing.yaml': evalsymlink failure on 'e/missing.yaml' : lstat e/missing.yaml: no such file or directory': must build at directory: not a valid directory: evalsymlink failure on 'e/missing.yaml' : lstat e/missing.yaml: no such file or directory"##.to_string()));
}

#[test]
fn unknown_field() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"resourcez:
- x.yaml
"##,
    )];
    assert_eq!(
        run(files, "e"),
        Err(r##"invalid Kustomization: json: unknown field "resourcez""##.to_string())
    );
}

#[test]
fn directory_without_kustomization() {
    let files: &[(&str, &str)] = &[
        (
            "e/kustomization.yaml",
            r##"resources:
- ../d
"##,
        ),
        (
            "d/x.yaml",
            r##"a: b
"##,
        ),
    ];
    assert_eq!(run(files, "e"), Err(r##"accumulating resources: accumulation err='accumulating resources from '../d': 'd' must resolve to a file': couldn't make target for path 'd': unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory 'd'"##.to_string()));
}

#[test]
fn cycle() {
    let files: &[(&str, &str)] = &[
        (
            "a/kustomization.yaml",
            r##"resources:
- ../b
"##,
        ),
        (
            "b/kustomization.yaml",
            r##"resources:
- ../a
"##,
        ),
    ];
    assert_eq!(run(files, "a"), Err(r##"accumulating resources: accumulation err='accumulating resources from '../b': 'b' must resolve to a file': recursed accumulation of path 'b': accumulating resources: accumulation err='accumulating resources from '../a': 'a' must resolve to a file': cycle detected: candidate root 'a' contains visited root 'a'"##.to_string()));
}

#[test]
fn empty_kustomization() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"# nothing
"##,
    )];
    assert_eq!(
        run(files, "e"),
        Err(r##"kustomization.yaml is empty"##.to_string())
    );
}

#[test]
fn duplicate_resource() {
    let files: &[(&str, &str)] = &[
        (
            "e/kustomization.yaml",
            r##"resources: [r.yaml, r.yaml]
"##,
        ),
        (
            "e/r.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: x
"##,
        ),
    ];
    assert_eq!(run(files, "e"), Err(r##"accumulating resources: accumulation err='merging resources from 'r.yaml': may not add resource with an already registered id: ConfigMap.v1.[noGrp]/x.[noNs]': must build at directory: 'e/r.yaml': file is not directory"##.to_string()));
}

#[test]
fn missing_kind() {
    let files: &[(&str, &str)] = &[
        (
            "e/kustomization.yaml",
            r##"resources: [r.yaml]
"##,
        ),
        (
            "e/r.yaml",
            r##"metadata:
  name: x
"##,
        ),
    ];
    assert_eq!(run(files, "e"), Err(r##"accumulating resources: accumulation err='accumulating resources from 'r.yaml': missing kind in object {{ } {{x } map[] map[]}}': must build at directory: 'e/r.yaml': file is not directory"##.to_string()));
}

#[test]
fn replicas_without_target() {
    let files: &[(&str, &str)] = &[
        (
            "e/kustomization.yaml",
            r##"resources: [r.yaml]
replicas:
- name: nothere
  count: 2
"##,
        ),
        (
            "e/r.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: x
"##,
        ),
    ];
    assert_eq!(run(files, "e"), Err(r##"resource with name nothere does not match a config with the following GVK [Deployment.[noVer].[noGrp] StatefulSet.[noVer].[noGrp] ReplicaSet.[noVer].[noGrp] ReplicationController.[noVer].[noGrp]]"##.to_string()));
}

#[test]
fn merge_without_base() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"configMapGenerator:
- name: x
  behavior: merge
  literals: [B=2]
"##,
    )];
    assert_eq!(run(files, "e"), Err(r##"merging from generator &{0xc0005ec1a0 <nil>}: id resid.ResId{Gvk:resid.Gvk{Group:"", Version:"v1", Kind:"ConfigMap", isClusterScoped:false}, Name:"x", Namespace:""} does not exist; cannot merge or replace"##.to_string()));
}

#[test]
fn invalid_literal() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"configMapGenerator:
- name: x
  literals: [C]
"##,
    )];
    assert_eq!(run(files, "e"), Err(r##"loading KV pairs: literal sources [C]: invalid literal source C, expected key=value"##.to_string()));
}

#[test]
fn resource_outside_the_root() {
    let files: &[(&str, &str)] = &[
        (
            "e/kustomization.yaml",
            r##"resources: [../r.yaml]
"##,
        ),
        (
            "r.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: x
"##,
        ),
    ];
    assert_eq!(run(files, "e"), Err(r##"accumulating resources: accumulation err='accumulating resources from '../r.yaml': security; file 'r.yaml' is not in or below 'e'': must build at directory: 'r.yaml': file is not directory"##.to_string()));
}

#[test]
fn wrong_type_reported_in_key_order() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"namePrefix: [a]
commonLabels: {a: 1}
"##,
    )];
    assert_eq!(run(files, "e"), Err(r##"invalid Kustomization: json: cannot unmarshal number into Go struct field Kustomization.commonLabels of type string"##.to_string()));
}

#[test]
fn json_patch_without_target() {
    let files: &[(&str, &str)] = &[
        (
            "e/kustomization.yaml",
            r##"resources: [r.yaml]
patches:
- patch: |-
    - op: replace
      path: /data
      value: {}
"##,
        ),
        (
            "e/r.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: x
"##,
        ),
    ];
    assert_eq!(run(files, "e"), Err(r##"must specify a target for JSON patch [patch: "- op: replace\n  path: /data\n  value: {}"]"##.to_string()));
}

#[test]
fn build_directory_is_a_file() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"resources: []
"##,
    )];
    assert_eq!(
        run(files, "e/kustomization.yaml"),
        Err(
            r##"must build at directory: 'e/kustomization.yaml': file is not directory"##
                .to_string()
        )
    );
}

#[test]
fn build_directory_missing() {
    let files: &[(&str, &str)] = &[(
        "e/kustomization.yaml",
        r##"resources: []
"##,
    )];
    assert_eq!(run(files, "nope"), Err(r##"must build at directory: not a valid directory: evalsymlink failure on 'nope' : lstat nope: no such file or directory"##.to_string()));
}
