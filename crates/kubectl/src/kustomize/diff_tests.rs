//! Trees on which a differential run (random kustomization trees built by
//! this engine and by the real `kubectl kustomize`, kubectl v1.32.4 with
//! kustomize v5.5.0, here) found the two disagreeing, minimised. The
//! expected outputs are what kubectl printed; where its error names Go
//! pointers or prints objects with its internal annotations, the test
//! says so and expects the playground's shorter message.

use super::tests::run;

/// Each images entry is its own transformer, run in order: a later entry sees the name an earlier one set, and of two for one name the later wins.
#[test]
fn images_entries_apply_in_order() {
    let files: &[(&str, &str)] = &[
        (
            "imgseq/kustomization.yaml",
            r##"resources: [p.yaml]
images:
- name: alpha
  newName: beta
- name: beta
  newTag: x
- name: gamma
  newTag: "1"
- name: gamma
  newTag: "2"
"##,
        ),
        (
            "imgseq/p.yaml",
            r##"apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: a
    image: alpha:1
  - name: b
    image: gamma
"##,
        ),
    ];
    assert_eq!(
        run(files, "imgseq"),
        Ok(r##"apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - image: beta:x
    name: a
  - image: gamma:2
    name: b
"##
        .to_string())
    );
}

/// A secretGenerator replacing one of another type leaves the new generator's type (Opaque).
#[test]
fn generator_replace_takes_the_new_secret_type() {
    let files: &[(&str, &str)] = &[
        (
            "sectype/base/kustomization.yaml",
            r##"secretGenerator:
- name: sec
  type: kubernetes.io/tls
  literals: [tls.crt=C, tls.key=K]
"##,
        ),
        (
            "sectype/mrg/kustomization.yaml",
            r##"resources: [../base]
secretGenerator:
- name: sec
  behavior: merge
  literals: [a=b]
"##,
        ),
        (
            "sectype/rep/kustomization.yaml",
            r##"resources: [../base]
secretGenerator:
- name: sec
  behavior: replace
  literals: [a=b]
"##,
        ),
    ];
    assert_eq!(
        run(files, "sectype/rep"),
        Ok(r##"apiVersion: v1
data:
  a: Yg==
kind: Secret
metadata:
  name: sec-k695gkmbtk
type: Opaque
"##
        .to_string())
    );
}

/// A secretGenerator merging into one of another type leaves the new generator's type too.
#[test]
fn generator_merge_takes_the_new_secret_type() {
    let files: &[(&str, &str)] = &[
        (
            "sectype2/base/kustomization.yaml",
            r##"secretGenerator:
- name: sec
  type: kubernetes.io/tls
  literals: [tls.crt=C, tls.key=K]
"##,
        ),
        (
            "sectype2/mrg/kustomization.yaml",
            r##"resources: [../base]
secretGenerator:
- name: sec
  behavior: merge
  literals: [a=b]
"##,
        ),
        (
            "sectype2/rep/kustomization.yaml",
            r##"resources: [../base]
secretGenerator:
- name: sec
  behavior: replace
  literals: [a=b]
"##,
        ),
    ];
    assert_eq!(
        run(files, "sectype2/mrg"),
        Ok(r##"apiVersion: v1
data:
  a: Yg==
  tls.crt: Qw==
  tls.key: Sw==
kind: Secret
metadata:
  name: sec-d78c2km798
type: Opaque
"##
        .to_string())
    );
}

/// A namespaced referrer with no namespace does not follow a name into the base's namespace; a ClusterRoleBinding's subject does.
#[test]
fn references_stay_in_the_referrers_namespace() {
    let files: &[(&str, &str)] = &[
        (
            "nsref/base/kustomization.yaml",
            r##"resources: [r.yaml]
namespace: ns0
namePrefix: p-
"##,
        ),
        (
            "nsref/base/r.yaml",
            r##"apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
"##,
        ),
        (
            "nsref/top/kustomization.yaml",
            r##"resources: [../base, r.yaml]
"##,
        ),
        (
            "nsref/top/r.yaml",
            r##"apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: rb
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: r
subjects:
- kind: ServiceAccount
  name: sa
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: crb
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: r
subjects:
- kind: ServiceAccount
  name: sa
---
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  serviceAccountName: sa
  containers:
  - name: a
    image: a
    envFrom:
    - configMapRef:
        name: cfg
"##,
        ),
    ];
    assert_eq!(
        run(files, "nsref/top"),
        Ok(r##"apiVersion: v1
kind: ServiceAccount
metadata:
  name: p-sa
  namespace: ns0
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: rb
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: r
subjects:
- kind: ServiceAccount
  name: sa
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: crb
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: r
subjects:
- kind: ServiceAccount
  name: p-sa
  namespace: ns0
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: p-cfg
  namespace: ns0
---
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - envFrom:
    - configMapRef:
        name: cfg
    image: a
    name: a
  serviceAccountName: sa
"##
        .to_string())
    );
}

/// A key a base's commonLabels added is one shared YAML node in kustomize: an overlay's `labels` (metadata only) changing it changes the selector and template too; `app`, there before, is not shared.
#[test]
fn overlay_labels_change_what_base_common_labels_added_everywhere() {
    let files: &[(&str, &str)] = &[
        (
            "alias/base/kustomization.yaml",
            r##"resources: [r.yaml]
commonLabels:
  env: dev
"##,
        ),
        (
            "alias/base/r.yaml",
            r##"apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
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
      - name: main
        image: nginx
"##,
        ),
        (
            "alias/jp/kustomization.yaml",
            r##"resources: [../base]
patches:
- patch: |-
    - op: replace
      path: /metadata/labels/env
      value: x
  target:
    kind: Deployment
"##,
        ),
        (
            "alias/svcbase/kustomization.yaml",
            r##"resources: [r.yaml]
commonLabels:
  env: dev
  app: a
"##,
        ),
        (
            "alias/svcbase/r.yaml",
            r##"apiVersion: v1
kind: Service
metadata:
  name: s
spec:
  selector:
    app: web
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: j
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers: []
"##,
        ),
        (
            "alias/svctop/kustomization.yaml",
            r##"resources: [../svcbase]
labels:
- pairs:
    env: prod
    app: z
"##,
        ),
        (
            "alias/top/kustomization.yaml",
            r##"resources: [../base]
labels:
- pairs:
    env: prod
    app: other
"##,
        ),
    ];
    assert_eq!(
        run(files, "alias/top"),
        Ok(r##"apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: other
    env: prod
  name: web
spec:
  selector:
    matchLabels:
      app: web
      env: prod
  template:
    metadata:
      labels:
        app: web
        env: prod
    spec:
      containers:
      - image: nginx
        name: main
"##
        .to_string())
    );
}

/// A JSON 6902 patch works on a copy: changing the shared key there changes only that place.
#[test]
fn json_patch_unshares_common_labels() {
    let files: &[(&str, &str)] = &[
        (
            "alias/base/kustomization.yaml",
            r##"resources: [r.yaml]
commonLabels:
  env: dev
"##,
        ),
        (
            "alias/base/r.yaml",
            r##"apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
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
      - name: main
        image: nginx
"##,
        ),
        (
            "alias/jp/kustomization.yaml",
            r##"resources: [../base]
patches:
- patch: |-
    - op: replace
      path: /metadata/labels/env
      value: x
  target:
    kind: Deployment
"##,
        ),
        (
            "alias/svcbase/kustomization.yaml",
            r##"resources: [r.yaml]
commonLabels:
  env: dev
  app: a
"##,
        ),
        (
            "alias/svcbase/r.yaml",
            r##"apiVersion: v1
kind: Service
metadata:
  name: s
spec:
  selector:
    app: web
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: j
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers: []
"##,
        ),
        (
            "alias/svctop/kustomization.yaml",
            r##"resources: [../svcbase]
labels:
- pairs:
    env: prod
    app: z
"##,
        ),
        (
            "alias/top/kustomization.yaml",
            r##"resources: [../base]
labels:
- pairs:
    env: prod
    app: other
"##,
        ),
    ];
    assert_eq!(
        run(files, "alias/jp"),
        Ok(r##"apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: web
    env: x
  name: web
spec:
  selector:
    matchLabels:
      app: web
      env: dev
  template:
    metadata:
      labels:
        app: web
        env: dev
    spec:
      containers:
      - image: nginx
        name: main
"##
        .to_string())
    );
}

/// Where commonLabels overwrote a key already in the selector, the selector keeps its own node.
#[test]
fn common_labels_key_already_in_selector_is_not_shared() {
    let files: &[(&str, &str)] = &[
        (
            "alias/base/kustomization.yaml",
            r##"resources: [r.yaml]
commonLabels:
  env: dev
"##,
        ),
        (
            "alias/base/r.yaml",
            r##"apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
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
      - name: main
        image: nginx
"##,
        ),
        (
            "alias/jp/kustomization.yaml",
            r##"resources: [../base]
patches:
- patch: |-
    - op: replace
      path: /metadata/labels/env
      value: x
  target:
    kind: Deployment
"##,
        ),
        (
            "alias/svcbase/kustomization.yaml",
            r##"resources: [r.yaml]
commonLabels:
  env: dev
  app: a
"##,
        ),
        (
            "alias/svcbase/r.yaml",
            r##"apiVersion: v1
kind: Service
metadata:
  name: s
spec:
  selector:
    app: web
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: j
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers: []
"##,
        ),
        (
            "alias/svctop/kustomization.yaml",
            r##"resources: [../svcbase]
labels:
- pairs:
    env: prod
    app: z
"##,
        ),
        (
            "alias/top/kustomization.yaml",
            r##"resources: [../base]
labels:
- pairs:
    env: prod
    app: other
"##,
        ),
    ];
    assert_eq!(
        run(files, "alias/svctop"),
        Ok(r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: z
    env: prod
  name: s
spec:
  selector:
    app: a
    env: prod
---
apiVersion: batch/v1
kind: CronJob
metadata:
  labels:
    app: z
    env: prod
  name: j
spec:
  jobTemplate:
    metadata:
      labels:
        app: z
        env: prod
    spec:
      template:
        metadata:
          labels:
            app: z
            env: prod
        spec:
          containers: []
  schedule: '* * * * *'
"##
        .to_string())
    );
}

/// `labels` with includeTemplates labels a StatefulSet's volumeClaimTemplates too (not only with includeSelectors).
#[test]
fn labels_include_templates_reach_volume_claim_templates() {
    let files: &[(&str, &str)] = &[
        (
            "vct/kustomization.yaml",
            r##"resources: [s.yaml]
labels:
- pairs:
    env: prod
  includeTemplates: true
"##,
        ),
        (
            "vct/s.yaml",
            r##"apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: db
        image: postgres:16
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
"##,
        ),
    ];
    assert_eq!(
        run(files, "vct"),
        Ok(r##"apiVersion: apps/v1
kind: StatefulSet
metadata:
  labels:
    env: prod
  name: db
spec:
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
        env: prod
    spec:
      containers:
      - image: postgres:16
        name: db
  volumeClaimTemplates:
  - metadata:
      labels:
        env: prod
      name: data
    spec:
      accessModes:
      - ReadWriteOnce
"##
        .to_string())
    );
}

/// A JSON 6902 patch may add under /metadata/annotations when the resource has none (kustomize keeps its own annotations there while patching), and its text is read as YAML 1.1 (`{x: y}` is `x: true`), while resources keep `n:` and `y:` keys as written.
#[test]
fn json_patch_adds_to_annotations_the_file_lacks_and_reads_yaml_1_1() {
    let files: &[(&str, &str)] = &[
        (
            "jpann/cm.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: c
data:
  n: "1"
  y: "2"
"##,
        ),
        (
            "jpann/kustomization.yaml",
            r##"resources: [cm.yaml]
patches:
- patch: |-
    - op: add
      path: /metadata/annotations/j
      value: "6902"
    - op: add
      path: /metadata/labels
      value: {x: y, n: "1"}
  target:
    kind: ConfigMap
"##,
        ),
    ];
    assert_eq!(
        run(files, "jpann"),
        Ok(r##"apiVersion: v1
data:
  "n": "1"
  "y": "2"
kind: ConfigMap
metadata:
  annotations:
    j: "6902"
  labels:
    "false": "1"
    x: true
  name: c
"##
        .to_string())
    );
}

/// commonLabels runs after labels: it wins a key both set.
#[test]
fn common_labels_win_over_labels() {
    let files: &[(&str, &str)] = &[
        (
            "lblorder/cm.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: c
"##,
        ),
        (
            "lblorder/kustomization.yaml",
            r##"resources: [cm.yaml]
commonLabels:
  app: common
labels:
- pairs:
    app: labels
    other: o
"##,
        ),
    ];
    assert_eq!(
        run(files, "lblorder"),
        Ok(r##"apiVersion: v1
kind: ConfigMap
metadata:
  labels:
    app: common
    other: o
  name: c
"##
        .to_string())
    );
}

/// An images entry with both newTag and digest writes `name:tag@digest`.
#[test]
fn images_new_tag_and_digest_together() {
    let files: &[(&str, &str)] = &[
        (
            "imgdig/kustomization.yaml",
            r##"resources: [p.yaml]
images:
- name: redis
  newTag: t1
  digest: sha256:feed
- name: nginx
  newName: my.reg/nginx
  newTag: v9
  digest: sha256:beef
"##,
        ),
        (
            "imgdig/p.yaml",
            r##"apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: a
    image: redis@sha256:abc
  - name: b
    image: nginx:1.25
"##,
        ),
    ];
    assert_eq!(
        run(files, "imgdig"),
        Ok(r##"apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - image: redis:t1@sha256:feed
    name: a
  - image: my.reg/nginx:v9@sha256:beef
    name: b
"##
        .to_string())
    );
}

/// A strategic merge patch without a target matches by group, version, kind and name: `v1` Role matches no rbac Role.
#[test]
fn strategic_patch_must_match_group_and_version() {
    let files: &[(&str, &str)] = &[
        (
            "smpgv/kustomization.yaml",
            r##"resources: [r.yaml]
patches:
- patch: |-
    apiVersion: v1
    kind: Role
    metadata:
      name: reader
      annotations:
        patched: "0"
"##,
        ),
        (
            "smpgv/r.yaml",
            r##"apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: reader
rules: []
"##,
        ),
    ];
    assert_eq!(
        run(files, "smpgv"),
        Err(r##"no resource matches strategic merge patch "Role.v1.[noGrp]/reader.[noNs]": no matches for Id Role.v1.[noGrp]/reader.[noNs]; failed to find unique target for patch Role.v1.[noGrp]/reader.[noNs]"##.to_string())
    );
}

/// A generator merging into a name two resources had fails. kustomize lists both objects (with its internal annotations) between "objects" and "that"; the playground leaves them out.
#[test]
fn generator_merge_with_two_candidates_fails() {
    let files: &[(&str, &str)] = &[
        (
            "genmulti/base/kustomization.yaml",
            r##"resources: [s.yaml]
namePrefix: p-
"##,
        ),
        (
            "genmulti/base/s.yaml",
            r##"apiVersion: v1
kind: Secret
metadata:
  name: sec
"##,
        ),
        (
            "genmulti/top/kustomization.yaml",
            r##"resources: [../base, s.yaml]
secretGenerator:
- name: sec
  behavior: merge
  literals: [a=b]
"##,
        ),
        (
            "genmulti/top/s.yaml",
            r##"apiVersion: v1
kind: Secret
metadata:
  name: sec
"##,
        ),
    ];
    assert_eq!(
        run(files, "genmulti/top"),
        Err(r##"merging from generator &{0xc0005ec1a0 <nil>}: found multiple objects that could accept merge of Secret.v1.[noGrp]/sec.[noNs]"##.to_string())
    );
}

/// Setting one namespace on two resources that differed only by namespace fails. kustomize prints both objects as JSON; the playground names them.
#[test]
fn namespace_that_makes_two_ids_one_fails() {
    let files: &[(&str, &str)] = &[
        (
            "nsconf/base/c.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: c
"##,
        ),
        (
            "nsconf/base/kustomization.yaml",
            r##"resources: [c.yaml]
namespace: a
"##,
        ),
        (
            "nsconf/top/c.yaml",
            r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: c
"##,
        ),
        (
            "nsconf/top/kustomization.yaml",
            r##"resources: [../base, c.yaml]
namespace: b
"##,
        ),
    ];
    assert_eq!(
        run(files, "nsconf/top"),
        Err(r##"namespace transformation produces ID conflict: [ConfigMap.v1.[noGrp]/c.b ConfigMap.v1.[noGrp]/c.b]"##.to_string())
    );
}
