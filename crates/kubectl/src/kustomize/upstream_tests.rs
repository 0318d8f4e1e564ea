//! kustomize's own tests (api/krusty/*_test.go): their input trees, built
//! here. The expected outputs are what the real `kubectl kustomize`
//! (kubectl v1.32.4, kustomize v5.5.0) printed for the same trees: the
//! upstream harness keeps input order where kubectl sorts in the legacy
//! order, and kustomize v5.5 still wraps long Secret values in 70-column
//! lines (so their hash differs from upstream's newer expectation).

use super::tests::run;

fn check(files: &[(&str, &str)], dir: &str, want: &str) {
    assert_eq!(run(files, dir), Ok(want.to_string()));
}

fn check_err(files: &[(&str, &str)], dir: &str, want: &str) {
    match run(files, dir) {
        Err(e) => assert!(e.contains(want), "{e}"),
        Ok(out) => panic!("built:\n{out}"),
    }
}

// baseandoverlaysmall_test.go's TestOrderPreserved
#[test]
fn order_preserved() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
namePrefix: b-
resources:
- namespace.yaml
- role.yaml
- service.yaml
- deployment.yaml
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: myService
"##,
            ),
            (
                "/app/base/namespace.yaml",
                r##"
apiVersion: v1
kind: Namespace
metadata:
  name: myNs
"##,
            ),
            (
                "/app/base/role.yaml",
                r##"
apiVersion: v1
kind: Role
metadata:
  name: myRole
"##,
            ),
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: myDep
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
namePrefix: p-
resources:
- ../base
- service.yaml
- namespace.yaml
"##,
            ),
            (
                "/app/prod/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: myService2
"##,
            ),
            (
                "/app/prod/namespace.yaml",
                r##"
apiVersion: v1
kind: Namespace
metadata:
  name: myNs2
"##,
            ),
        ],
        "/app/prod",
        r##"apiVersion: v1
kind: Namespace
metadata:
  name: myNs
---
apiVersion: v1
kind: Namespace
metadata:
  name: myNs2
---
apiVersion: v1
kind: Role
metadata:
  name: p-b-myRole
---
apiVersion: v1
kind: Service
metadata:
  name: p-b-myService
---
apiVersion: v1
kind: Service
metadata:
  name: p-myService2
---
apiVersion: v1
kind: Deployment
metadata:
  name: p-b-myDep
"##,
    );
}

// baseandoverlaysmall_test.go's TestBaseInResourceList
#[test]
fn base_in_resource_list() {
    check(
        &[
            (
                "/app/prod/kustomization.yaml",
                r##"
namePrefix: b-
resources:
- ../base
"##,
            ),
            (
                "/app/base/kustomization.yaml",
                r##"
namePrefix: a-
resources:
- service.yaml
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: myService
spec:
  selector:
    backend: bungie
"##,
            ),
        ],
        "/app/prod",
        r##"apiVersion: v1
kind: Service
metadata:
  name: b-a-myService
spec:
  selector:
    backend: bungie
"##,
    );
}

// baseandoverlaysmall_test.go's TestTinyOverlay
#[test]
fn tiny_overlay() {
    check(
        &[
            (
                "base/kustomization.yaml",
                r##"
namePrefix: a-
resources:
- deployment.yaml
"##,
            ),
            (
                "base/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeployment
spec:
  template:
    spec:
      containers:
      - image: whatever
"##,
            ),
            (
                "overlay/kustomization.yaml",
                r##"
namePrefix: b-
resources:
- ../base
patchesStrategicMerge:
- depPatch.yaml
"##,
            ),
            (
                "overlay/depPatch.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeployment
spec:
  replicas: 999
"##,
            ),
        ],
        "overlay",
        r##"apiVersion: apps/v1
kind: Deployment
metadata:
  name: b-a-myDeployment
spec:
  replicas: 999
  template:
    spec:
      containers:
      - image: whatever
"##,
    );
}

// baseandoverlaysmall_test.go's TestSmallBase
#[test]
fn small_base() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
namePrefix: a-
commonLabels:
  app: myApp
resources:
- deployment.yaml
- service.yaml
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: myService
spec:
  selector:
    backend: bungie
  ports:
    - port: 7002
"##,
            ),
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeployment
spec:
  template:
    metadata:
      labels:
        backend: awesome
    spec:
      containers:
      - name: whatever
        image: whatever
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: myApp
  name: a-myService
spec:
  ports:
  - port: 7002
  selector:
    app: myApp
    backend: bungie
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: myApp
  name: a-myDeployment
spec:
  selector:
    matchLabels:
      app: myApp
  template:
    metadata:
      labels:
        app: myApp
        backend: awesome
    spec:
      containers:
      - image: whatever
        name: whatever
"##,
    );
}

// baseandoverlaysmall_test.go's TestSmallOverlay
#[test]
fn small_overlay() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
namePrefix: a-
commonLabels:
  app: myApp
resources:
- deployment.yaml
- service.yaml
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: myService
spec:
  selector:
    backend: bungie
  ports:
    - port: 7002
"##,
            ),
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeployment
spec:
  template:
    metadata:
      labels:
        backend: awesome
    spec:
      containers:
      - name: whatever
        image: whatever
"##,
            ),
            (
                "/app/overlay/kustomization.yaml",
                r##"
namePrefix: b-
commonLabels:
  env: prod
  quotedFruit: "peach"
  quotedBoolean: "true"
resources:
- ../base
patchesStrategicMerge:
- deployment/deployment.yaml
images:
- name: whatever
  newTag: 1.8.0
"##,
            ),
            (
                "/app/overlay/configmap/app.env",
                r##"
DB_USERNAME=admin
DB_PASSWORD=somepw
"##,
            ),
            (
                "/app/overlay/configmap/app-init.ini",
                r##"
FOO=bar
BAR=baz
"##,
            ),
            (
                "/app/overlay/deployment/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeployment
spec:
  replicas: 1000
"##,
            ),
        ],
        "/app/overlay",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: myApp
    env: prod
    quotedBoolean: "true"
    quotedFruit: peach
  name: b-a-myService
spec:
  ports:
  - port: 7002
  selector:
    app: myApp
    backend: bungie
    env: prod
    quotedBoolean: "true"
    quotedFruit: peach
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: myApp
    env: prod
    quotedBoolean: "true"
    quotedFruit: peach
  name: b-a-myDeployment
spec:
  replicas: 1000
  selector:
    matchLabels:
      app: myApp
      env: prod
      quotedBoolean: "true"
      quotedFruit: peach
  template:
    metadata:
      labels:
        app: myApp
        backend: awesome
        env: prod
        quotedBoolean: "true"
        quotedFruit: peach
    spec:
      containers:
      - image: whatever:1.8.0
        name: whatever
"##,
    );
}

// baseandoverlaysmall_test.go's TestSharedPatchDisAllowed
#[test]
fn shared_patch_dis_allowed() {
    check_err(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
namePrefix: a-
commonLabels:
  app: myApp
resources:
- deployment.yaml
- service.yaml
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: myService
spec:
  selector:
    backend: bungie
  ports:
    - port: 7002
"##,
            ),
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeployment
spec:
  template:
    metadata:
      labels:
        backend: awesome
    spec:
      containers:
      - name: whatever
        image: whatever
"##,
            ),
            (
                "/app/overlay/kustomization.yaml",
                r##"
commonLabels:
  env: prod
resources:
- ../base
patchesStrategicMerge:
- ../shared/deployment-patch.yaml
"##,
            ),
            (
                "/app/shared/deployment-patch.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeployment
spec:
  replicas: 1000
"##,
            ),
        ],
        "/app/overlay",
        r##"security; file '/app/shared/deployment-patch.yaml' is not in or below '/app/overlay'"##,
    );
}

// baseandoverlaysmall_test.go's TestSmallOverlayJSONPatch
#[test]
fn small_overlay_json_patch() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
namePrefix: a-
commonLabels:
  app: myApp
resources:
- deployment.yaml
- service.yaml
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: myService
spec:
  selector:
    backend: bungie
  ports:
    - port: 7002
"##,
            ),
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeployment
spec:
  template:
    metadata:
      labels:
        backend: awesome
    spec:
      containers:
      - name: whatever
        image: whatever
"##,
            ),
            (
                "/app/overlay/kustomization.yaml",
                r##"
resources:
- ../base
patchesJson6902:
- target:
    version: v1
    kind: Service
    name: a-myService
  path: service-patch.yaml
"##,
            ),
            (
                "/app/overlay/service-patch.yaml",
                r##"
- op: add
  path: /spec/selector/backend
  value: beagle
"##,
            ),
        ],
        "/app/overlay",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: myApp
  name: a-myService
spec:
  ports:
  - port: 7002
  selector:
    app: myApp
    backend: beagle
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: myApp
  name: a-myDeployment
spec:
  selector:
    matchLabels:
      app: myApp
  template:
    metadata:
      labels:
        app: myApp
        backend: awesome
    spec:
      containers:
      - image: whatever
        name: whatever
"##,
    );
}

// configmaps_test.go's TestGeneratorBasics
#[test]
fn generator_basics() {
    check(
        &[
            (
                "/app/kustomization.yaml",
                r##"
namePrefix: blah-
configMapGenerator:
- name: bob
  literals:
  - fruit=apple
  - vegetable=broccoli
  envs:
  - foo.env
  files:
  - passphrase=phrase.dat
  - forces.txt
- name: json
  literals:
  - 'v2=[{"path": "var/druid/segment-cache"}]'
  - >- 
    druid_segmentCache_locations=[{"path": 
    "var/druid/segment-cache", 
    "maxSize": 32000000000, 
    "freeSpacePercent": 1.0}]
secretGenerator:
- name: bob
  literals:
  - fruit=apple
  - vegetable=broccoli
  envs:
  - foo.env
  files:
  - passphrase=phrase.dat
  - forces.txt
"##,
            ),
            (
                "/app/foo.env",
                r##"
MOUNTAIN=everest
OCEAN=pacific
"##,
            ),
            (
                "/app/phrase.dat",
                r##"
Life is short.
But the years are long.
Not while the evil days come not.
"##,
            ),
            (
                "/app/forces.txt",
                r##"
gravitational
electromagnetic
strong nuclear
weak nuclear
"##,
            ),
        ],
        "/app",
        r##"apiVersion: v1
data:
  MOUNTAIN: everest
  OCEAN: pacific
  forces.txt: |2

    gravitational
    electromagnetic
    strong nuclear
    weak nuclear
  fruit: apple
  passphrase: |2

    Life is short.
    But the years are long.
    Not while the evil days come not.
  vegetable: broccoli
kind: ConfigMap
metadata:
  name: blah-bob-d87t8m8tgm
---
apiVersion: v1
data:
  druid_segmentCache_locations: '[{"path":  "var/druid/segment-cache",  "maxSize":
    32000000000,  "freeSpacePercent": 1.0}]'
  v2: '[{"path": "var/druid/segment-cache"}]'
kind: ConfigMap
metadata:
  name: blah-json-5298bc8g99
---
apiVersion: v1
data:
  MOUNTAIN: ZXZlcmVzdA==
  OCEAN: cGFjaWZpYw==
  forces.txt: |
    CmdyYXZpdGF0aW9uYWwKZWxlY3Ryb21hZ25ldGljCnN0cm9uZyBudWNsZWFyCndlYWsgbn
    VjbGVhcgo=
  fruit: YXBwbGU=
  passphrase: |
    CkxpZmUgaXMgc2hvcnQuCkJ1dCB0aGUgeWVhcnMgYXJlIGxvbmcuCk5vdCB3aGlsZSB0aG
    UgZXZpbCBkYXlzIGNvbWUgbm90Lgo=
  vegetable: YnJvY2NvbGk=
kind: Secret
metadata:
  name: blah-bob-9t25t44gg4
type: Opaque
"##,
    );
}

// configmaps_test.go's TestGeneratorOverlays
#[test]
fn generator_overlays() {
    check(
        &[
            (
                "/app/base1/kustomization.yaml",
                r##"
namePrefix: p1-
configMapGenerator:
- name: com1
  behavior: create
  literals:
  - from=base
"##,
            ),
            (
                "/app/base2/kustomization.yaml",
                r##"
namePrefix: p2-
configMapGenerator:
- name: com2
  behavior: create
  literals:
  - from=base
"##,
            ),
            (
                "/app/overlay/o1/kustomization.yaml",
                r##"
resources:
- ../../base1
configMapGenerator:
- name: com1
  behavior: merge
  literals:
  - from=overlay
"##,
            ),
            (
                "/app/overlay/o2/kustomization.yaml",
                r##"
resources:
- ../../base2
configMapGenerator:
- name: com2
  behavior: merge
  literals:
  - from=overlay
"##,
            ),
            (
                "/app/overlay/kustomization.yaml",
                r##"
resources:
- o1
- o2
configMapGenerator:
- name: com1
  behavior: merge
  literals:
  - foo=bar
  - baz=qux
"##,
            ),
        ],
        "/app/overlay",
        r##"apiVersion: v1
data:
  baz: qux
  foo: bar
  from: overlay
kind: ConfigMap
metadata:
  name: p1-com1-8tc62428t2
---
apiVersion: v1
data:
  from: overlay
kind: ConfigMap
metadata:
  name: p2-com2-87mcggf7d7
"##,
    );
}

// configmaps_test.go's TestConfigMapGeneratorMergeNamePrefix
#[test]
fn config_map_generator_merge_name_prefix() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
configMapGenerator:
- name: cm
  behavior: create
  literals:
  - foo=bar
"##,
            ),
            (
                "/app/o1/kustomization.yaml",
                r##"
resources:
- ../base
namePrefix: o1-
"##,
            ),
            (
                "/app/o2/kustomization.yaml",
                r##"
resources:
- ../base
nameSuffix: -o2
"##,
            ),
            (
                "/app/kustomization.yaml",
                r##"
resources:
- o1
- o2
configMapGenerator:
- name: o1-cm
  behavior: merge
  literals:
  - big=bang
- name: cm-o2
  behavior: merge
  literals:
  - big=crunch
"##,
            ),
        ],
        "/app",
        r##"apiVersion: v1
data:
  big: crunch
  foo: bar
kind: ConfigMap
metadata:
  name: cm-o2-5k95kd76ft
---
apiVersion: v1
data:
  big: bang
  foo: bar
kind: ConfigMap
metadata:
  name: o1-cm-ft9mmdc8c6
"##,
    );
}

// legacy_order_test.go's TestIssue4388
#[test]
fn issue4388() {
    check(
        &[
            (
                "kustomization.yaml",
                r##"
resources:
- resources.yaml
"##,
            ),
            (
                "resources.yaml",
                r##"
apiVersion: v1
kind: ConfigMap
metadata:
  name: testing
data:
  key: value
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: testing-one
data:
  key: value
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: testing-two
data:
  key: value
"##,
            ),
        ],
        ".",
        r##"apiVersion: v1
data:
  key: value
kind: ConfigMap
metadata:
  name: testing
---
apiVersion: v1
data:
  key: value
kind: ConfigMap
metadata:
  name: testing-one
---
apiVersion: v1
data:
  key: value
kind: ConfigMap
metadata:
  name: testing-two
"##,
    );
}

// generatoroptions_test.go's TestSecretGenerator
#[test]
fn secret_generator() {
    check(
        &[
            (
                "kustomization.yaml",
                r##"
secretGenerator:
- name: bob
  literals:
  - FRUIT=apple
  - VEGETABLE=carrot
  files:
  - foo.env
  - passphrase=phrase.dat
  envs:
  - foo.env
"##,
            ),
            (
                "foo.env",
                r##"
MOUNTAIN=everest
OCEAN=pacific
"##,
            ),
            ("phrase.dat", r##"dat phrase"##),
        ],
        ".",
        r##"apiVersion: v1
data:
  FRUIT: YXBwbGU=
  MOUNTAIN: ZXZlcmVzdA==
  OCEAN: cGFjaWZpYw==
  VEGETABLE: Y2Fycm90
  foo.env: Ck1PVU5UQUlOPWV2ZXJlc3QKT0NFQU49cGFjaWZpYwo=
  passphrase: ZGF0IHBocmFzZQ==
kind: Secret
metadata:
  name: bob-bh645k7tmg
type: Opaque
"##,
    );
}

// generatoroptions_test.go's TestGeneratorOptionsWithBases
#[test]
fn generator_options_with_bases() {
    check(
        &[
            (
                "base/kustomization.yaml",
                r##"
generatorOptions:
  disableNameSuffixHash: true
  labels:
    foo: bar
configMapGenerator:
- name: shouldNotHaveHash
  literals:
  - foo=bar
"##,
            ),
            (
                "overlay/kustomization.yaml",
                r##"
resources:
- ../base
generatorOptions:
  disableNameSuffixHash: false
  labels:
    fruit: apple
configMapGenerator:
- name: shouldHaveHash
  literals:
  - fruit=apple
"##,
            ),
        ],
        "overlay",
        r##"apiVersion: v1
data:
  fruit: apple
kind: ConfigMap
metadata:
  labels:
    fruit: apple
  name: shouldHaveHash-c9867f8446
---
apiVersion: v1
data:
  foo: bar
kind: ConfigMap
metadata:
  labels:
    foo: bar
  name: shouldNotHaveHash
"##,
    );
}

// generatoroptions_test.go's TestGeneratorOptionsOverlayDisableNameSuffixHash
#[test]
fn generator_options_overlay_disable_name_suffix_hash() {
    check(
        &[
            (
                "base/kustomization.yaml",
                r##"
generatorOptions:
  disableNameSuffixHash: false
  labels:
    foo: bar
configMapGenerator:
- name: baseShouldHaveHashButOverlayShouldNot
  literals:
  - foo=bar
"##,
            ),
            (
                "overlay/kustomization.yaml",
                r##"
resources:
- ../base
generatorOptions:
  disableNameSuffixHash: true
  labels:
    fruit: apple
configMapGenerator:
- name: baseShouldHaveHashButOverlayShouldNot
  behavior: merge
  literals:
  - fruit=apple
"##,
            ),
        ],
        "overlay",
        r##"apiVersion: v1
data:
  foo: bar
  fruit: apple
kind: ConfigMap
metadata:
  labels:
    foo: bar
    fruit: apple
  name: baseShouldHaveHashButOverlayShouldNot
"##,
    );
}

// generatormergeandreplace_test.go's TestSimpleBase
#[test]
fn simple_base() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namePrefix: team-foo-
commonLabels:
  app: mynginx
  org: example.com
  team: foo
commonAnnotations:
  note: This is a test annotation
resources:
  - service.yaml
  - deployment.yaml
  - networkpolicy.yaml
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
"##,
            ),
            (
                "/app/base/networkpolicy.yaml",
                r##"
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: nginx
spec:
  podSelector:
    matchExpressions:
      - {key: app, operator: In, values: [test]}
  ingress:
    - from:
        - podSelector:
            matchLabels:
              app: nginx
"##,
            ),
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    org: example.com
    team: foo
  name: team-foo-nginx
spec:
  ports:
  - port: 80
  selector:
    app: mynginx
    org: example.com
    team: foo
---
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    org: example.com
    team: foo
  name: team-foo-nginx
spec:
  selector:
    matchLabels:
      app: mynginx
      org: example.com
      team: foo
  template:
    metadata:
      annotations:
        note: This is a test annotation
      labels:
        app: mynginx
        org: example.com
        team: foo
    spec:
      containers:
      - image: nginx
        name: nginx
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    org: example.com
    team: foo
  name: team-foo-nginx
spec:
  ingress:
  - from:
    - podSelector:
        matchLabels:
          app: mynginx
          org: example.com
          team: foo
  podSelector:
    matchExpressions:
    - key: app
      operator: In
      values:
      - test
"##,
    );
}

// generatormergeandreplace_test.go's TestBaseWithGeneratorsAlone
#[test]
fn base_with_generators_alone() {
    check(
        &[
            (
                "/app/kustomization.yaml",
                r##"
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namePrefix: team-foo-
commonLabels:
  app: mynginx
  org: example.com
  team: foo
commonAnnotations:
  note: This is a test annotation
resources:
  - deployment.yaml
  - service.yaml
configMapGenerator:
- name: configmap-in-base
  literals:
  - foo=bar
secretGenerator:
- name: secret-in-base
  literals:
  - username=admin
  - password=somepw
"##,
            ),
            (
                "/app/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
"##,
            ),
        ],
        "/app",
        r##"apiVersion: v1
data:
  foo: bar
kind: ConfigMap
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    org: example.com
    team: foo
  name: team-foo-configmap-in-base-798k5k7g9f
---
apiVersion: v1
data:
  password: c29tZXB3
  username: YWRtaW4=
kind: Secret
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    org: example.com
    team: foo
  name: team-foo-secret-in-base-bgd6bkgdm2
type: Opaque
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    org: example.com
    team: foo
  name: team-foo-nginx
spec:
  ports:
  - port: 80
  selector:
    app: mynginx
    org: example.com
    team: foo
---
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    org: example.com
    team: foo
  name: team-foo-nginx
spec:
  selector:
    matchLabels:
      app: mynginx
      org: example.com
      team: foo
  template:
    metadata:
      annotations:
        note: This is a test annotation
      labels:
        app: mynginx
        org: example.com
        team: foo
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - emptyDir: {}
        name: nginx-persistent-storage
      - configMap:
          name: team-foo-configmap-in-base-798k5k7g9f
        name: configmap-in-base
"##,
    );
}

// generatormergeandreplace_test.go's TestMergeAndReplaceGenerators
#[test]
fn merge_and_replace_generators() {
    check(
        &[
            (
                "/app/kustomization.yaml",
                r##"
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namePrefix: team-foo-
commonLabels:
  app: mynginx
  org: example.com
  team: foo
commonAnnotations:
  note: This is a test annotation
resources:
  - deployment.yaml
  - service.yaml
configMapGenerator:
- name: configmap-in-base
  literals:
  - foo=bar
secretGenerator:
- name: secret-in-base
  literals:
  - username=admin
  - password=somepw
"##,
            ),
            (
                "/app/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
"##,
            ),
            (
                "/overlay/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  template:
    spec:
      volumes:
      - name: nginx-persistent-storage
        emptyDir: null
        gcePersistentDisk:
          pdName: nginx-persistent-storage
      - configMap:
          name: configmap-in-overlay
        name: configmap-in-overlay
"##,
            ),
            (
                "/overlay/kustomization.yaml",
                r##"
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namePrefix: staging-
commonLabels:
  env: staging
  team: override-foo
patchesStrategicMerge:
- deployment.yaml
resources:
- ../app
configMapGenerator:
- name: configmap-in-overlay
  literals:
  - hello=world
- name: configmap-in-base
  behavior: replace
  literals:
  - foo=override-bar
secretGenerator:
- name: secret-in-base
  behavior: merge
  literals:
  - proxy=haproxy
"##,
            ),
        ],
        "/overlay",
        r##"apiVersion: v1
data:
  hello: world
kind: ConfigMap
metadata:
  labels:
    env: staging
    team: override-foo
  name: staging-configmap-in-overlay-dc6fm46dhm
---
apiVersion: v1
data:
  foo: override-bar
kind: ConfigMap
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    env: staging
    org: example.com
    team: override-foo
  name: staging-team-foo-configmap-in-base-hc6g9dk6g9
---
apiVersion: v1
data:
  password: c29tZXB3
  proxy: aGFwcm94eQ==
  username: YWRtaW4=
kind: Secret
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    env: staging
    org: example.com
    team: override-foo
  name: staging-team-foo-secret-in-base-k2k4692t9g
type: Opaque
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    env: staging
    org: example.com
    team: override-foo
  name: staging-team-foo-nginx
spec:
  ports:
  - port: 80
  selector:
    app: mynginx
    env: staging
    org: example.com
    team: override-foo
---
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    env: staging
    org: example.com
    team: override-foo
  name: staging-team-foo-nginx
spec:
  selector:
    matchLabels:
      app: mynginx
      env: staging
      org: example.com
      team: override-foo
  template:
    metadata:
      annotations:
        note: This is a test annotation
      labels:
        app: mynginx
        env: staging
        org: example.com
        team: override-foo
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - gcePersistentDisk:
          pdName: nginx-persistent-storage
        name: nginx-persistent-storage
      - configMap:
          name: staging-configmap-in-overlay-dc6fm46dhm
        name: configmap-in-overlay
      - configMap:
          name: staging-team-foo-configmap-in-base-hc6g9dk6g9
        name: configmap-in-base
"##,
    );
}

// generatormergeandreplace_test.go's TestGeneratingIntoNamespaces
#[test]
fn generating_into_namespaces() {
    check(
        &[(
            "/app/kustomization.yaml",
            r##"
configMapGenerator:
- name: test
  namespace: default
  literals:
    - key=value
- name: test
  namespace: kube-system
  literals:
    - key=value
secretGenerator:
- name: test
  namespace: default
  literals:
  - username=admin
  - password=somepw
- name: test
  namespace: kube-system
  literals:
  - username=admin
  - password=somepw
"##,
        )],
        "/app",
        r##"apiVersion: v1
data:
  key: value
kind: ConfigMap
metadata:
  name: test-t757gk2bmf
  namespace: default
---
apiVersion: v1
data:
  key: value
kind: ConfigMap
metadata:
  name: test-t757gk2bmf
  namespace: kube-system
---
apiVersion: v1
data:
  password: c29tZXB3
  username: YWRtaW4=
kind: Secret
metadata:
  name: test-bgd6bkgdm2
  namespace: default
type: Opaque
---
apiVersion: v1
data:
  password: c29tZXB3
  username: YWRtaW4=
kind: Secret
metadata:
  name: test-bgd6bkgdm2
  namespace: kube-system
type: Opaque
"##,
    );
}

// generatormergeandreplace_test.go's TestConfigMapGeneratingIntoSameNamespace
#[test]
fn config_map_generating_into_same_namespace() {
    check_err(
        &[(
            "/app/kustomization.yaml",
            r##"
configMapGenerator:
- name: test
  namespace: default
  literals:
  - key=value
- name: test
  literals:
  - key=value
"##,
        )],
        "/app",
        r##"behavior must be merge or replace"##,
    );
}

// generatormergeandreplace_test.go's TestSecretGeneratingIntoSameNamespace
#[test]
fn secret_generating_into_same_namespace() {
    check_err(
        &[(
            "/app/kustomization.yaml",
            r##"
secretGenerator:
- name: test
  namespace: default
  literals:
  - username=admin
  - password=somepw
- name: test
  literals:
  - username=admin
  - password=somepw
"##,
        )],
        "/app",
        r##"behavior must be merge or replace"##,
    );
}

// nameupdateinroleref_test.go's TestNameUpdateInRoleRef
#[test]
fn name_update_in_role_ref() {
    check(
        &[
            (
                "/app/rbac.yaml",
                r##"
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: my-role
rules:
- apiGroups:
  - '*'
  resources:
  - '*'
  verbs:
  - get
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: my-role
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: my-role
subjects:
- kind: ServiceAccount
  name: default
  namespace: foo
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: my-role
rules:
- apiGroups:
  - ""
  resources:
  - secrets
  verbs:
  - get
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: my-role
roleRef:
  apiGroup: rbac.authorization.k8s.io
  version: v1
  kind: Role
  name: my-role
subjects:
- kind: ServiceAccount
  name: default
"##,
            ),
            (
                "/app/kustomization.yaml",
                r##"
namespace: foo
resources:
- rbac.yaml

patches:
- patch: |-
    - op: add
      path: /metadata/name
      value: prefix_my-role
  target:
    group: rbac.authorization.k8s.io
    version: v1
    kind: ClusterRole
    name: my-role
"##,
            ),
        ],
        "/app",
        r##"apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: my-role
  namespace: foo
rules:
- apiGroups:
  - ""
  resources:
  - secrets
  verbs:
  - get
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: prefix_my-role
rules:
- apiGroups:
  - '*'
  resources:
  - '*'
  verbs:
  - get
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: my-role
  namespace: foo
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: my-role
  version: v1
subjects:
- kind: ServiceAccount
  name: default
  namespace: foo
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: my-role
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: prefix_my-role
subjects:
- kind: ServiceAccount
  name: default
  namespace: foo
"##,
    );
}

// namespaces_test.go's TestNamespacedSecrets
#[test]
fn namespaced_secrets() {
    check(
        &[
            (
                "secrets.yaml",
                r##"
apiVersion: v1
kind: Secret
metadata:
  name: dummy
  namespace: default
type: Opaque
data:
  dummy: ""
---
apiVersion: v1
kind: Secret
metadata:
  name: dummy
  namespace: kube-system
type: Opaque
data:
  dummy: ""
"##,
            ),
            (
                "role.yaml",
                r##"
kind: ClusterRole
apiVersion: rbac.authorization.k8s.io/v1
metadata:
  name: dummy
rules:
- apiGroups: [""]
  resources: ["secrets"]
  resourceNames: ["dummy"]
  verbs: ["get"]
"##,
            ),
            (
                "kustomization.yaml",
                r##"
resources:
- secrets.yaml
- role.yaml
"##,
            ),
        ],
        ".",
        r##"apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: dummy
rules:
- apiGroups:
  - ""
  resourceNames:
  - dummy
  resources:
  - secrets
  verbs:
  - get
---
apiVersion: v1
data:
  dummy: ""
kind: Secret
metadata:
  name: dummy
  namespace: default
type: Opaque
---
apiVersion: v1
data:
  dummy: ""
kind: Secret
metadata:
  name: dummy
  namespace: kube-system
type: Opaque
"##,
    );
}

// namespaces_test.go's TestNameReferenceDeploymentIssue3489
#[test]
fn name_reference_deployment_issue3489() {
    check(
        &[
            (
                "base/kustomization.yaml",
                r##"
resources:
- cm.yaml
- dep.yaml
"##,
            ),
            (
                "base/cm.yaml",
                r##"
apiVersion: v1
kind: ConfigMap
metadata:
  name: myMap
"##,
            ),
            (
                "base/dep.yaml",
                r##"
apiVersion: v1
group: apps
kind: Deployment
metadata:
  name: myDep
spec:
  template:
    spec:
      containers:
      - env:
        - name: CM_FOO
          valueFrom:
            configMapKeyRef:
              key: foo
              name: myMap
"##,
            ),
            (
                "ov1/kustomization.yaml",
                r##"
resources:
- ../base
namePrefix: pp-
"##,
            ),
            (
                "ov2/kustomization.yaml",
                r##"
resources:
- ../base
nameSuffix: -ss
"##,
            ),
            (
                "ov3/kustomization.yaml",
                r##"
resources:
- ../base
namespace: fred
nameSuffix: -xx
"##,
            ),
            (
                "top/kustomization.yaml",
                r##"
resources:
- ../ov1
- ../ov2
- ../ov3
"##,
            ),
        ],
        "top",
        r##"apiVersion: v1
kind: ConfigMap
metadata:
  name: myMap-xx
  namespace: fred
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: myMap-ss
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: pp-myMap
---
apiVersion: v1
group: apps
kind: Deployment
metadata:
  name: myDep-xx
  namespace: fred
spec:
  template:
    spec:
      containers:
      - env:
        - name: CM_FOO
          valueFrom:
            configMapKeyRef:
              key: foo
              name: myMap-xx
---
apiVersion: v1
group: apps
kind: Deployment
metadata:
  name: myDep-ss
spec:
  template:
    spec:
      containers:
      - env:
        - name: CM_FOO
          valueFrom:
            configMapKeyRef:
              key: foo
              name: myMap-ss
---
apiVersion: v1
group: apps
kind: Deployment
metadata:
  name: pp-myDep
spec:
  template:
    spec:
      containers:
      - env:
        - name: CM_FOO
          valueFrom:
            configMapKeyRef:
              key: foo
              name: pp-myMap
"##,
    );
}

// namespaces_test.go's TestNameAndNsTransformation
#[test]
fn name_and_ns_transformation() {
    check(
        &[
            (
                "kustomization.yaml",
                r##"
namePrefix: p1-
nameSuffix: -s1
namespace: newnamespace
resources:
- resources.yaml
"##,
            ),
            (
                "resources.yaml",
                r##"
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm1
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm2
  namespace: ns1
---
apiVersion: v1
kind: Service
metadata:
  name: svc1
  namespace: ns1
---
apiVersion: v1
kind: Service
metadata:
  name: svc2
  namespace: ns1
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa1
  namespace: ns1
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa2
  namespace: ns1
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: manager-rolebinding
subjects:
- kind: ServiceAccount
  name: sa1
  namespace: ns1
- kind: ServiceAccount
  name: sa2
  namespace: ns1
- kind: ServiceAccount
  name: sa3
  namespace: random
- kind: ServiceAccount
  name: default
  namespace: irrelevant
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: example
webhooks:
  - name: example1
    clientConfig:
      service:
        name: svc1
        namespace: ns1
  - name: example2
    clientConfig:
      service:
        name: svc2
        namespace: ns1
  - name: example3
    clientConfig:
      service:
        name: svc3
        namespace: random
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crds.my.org
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: namespace.crds.my.org
spec:
  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          name: crd-svc
          namespace: random
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: cr1
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: crb1
subjects:
- kind: ServiceAccount
  name: default
  namespace: irrelevant
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv1
"##,
            ),
        ],
        ".",
        r##"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crds.my.org
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: namespace.crds.my.org
spec:
  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          name: crd-svc
          namespace: newnamespace
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: p1-sa1-s1
  namespace: newnamespace
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: p1-sa2-s1
  namespace: newnamespace
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: p1-cr1-s1
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: p1-crb1-s1
subjects:
- kind: ServiceAccount
  name: default
  namespace: newnamespace
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: p1-manager-rolebinding-s1
subjects:
- kind: ServiceAccount
  name: p1-sa1-s1
  namespace: newnamespace
- kind: ServiceAccount
  name: p1-sa2-s1
  namespace: newnamespace
- kind: ServiceAccount
  name: sa3
  namespace: random
- kind: ServiceAccount
  name: default
  namespace: newnamespace
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: p1-cm1-s1
  namespace: newnamespace
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: p1-cm2-s1
  namespace: newnamespace
---
apiVersion: v1
kind: Service
metadata:
  name: p1-svc1-s1
  namespace: newnamespace
---
apiVersion: v1
kind: Service
metadata:
  name: p1-svc2-s1
  namespace: newnamespace
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: p1-pv1-s1
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: p1-example-s1
webhooks:
- clientConfig:
    service:
      name: p1-svc1-s1
      namespace: newnamespace
  name: example1
- clientConfig:
    service:
      name: p1-svc2-s1
      namespace: newnamespace
  name: example2
- clientConfig:
    service:
      name: svc3
      namespace: random
  name: example3
"##,
    );
}

// namespaces_test.go's TestAddNamePrefixWithNamespace
#[test]
fn add_name_prefix_with_namespace() {
    check(
        &[
            (
                "serviceaccount.yaml",
                r##"
apiVersion: v1
kind: ServiceAccount
metadata:
  name: prometheus
"##,
            ),
            (
                "clusterrolebinding.yaml",
                r##"
apiVersion: rbac.authorization.k8s.io/v1beta1
kind: ClusterRoleBinding
metadata:
  name: prometheus
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: prometheus
subjects:
- kind: ServiceAccount
  name: prometheus
  namespace: iter8-monitoring
"##,
            ),
            (
                "kustomization.yaml",
                r##"
namePrefix: iter8-
namespace: iter8-monitoring
resources:
- clusterrolebinding.yaml
- serviceaccount.yaml
"##,
            ),
        ],
        ".",
        r##"apiVersion: v1
kind: ServiceAccount
metadata:
  name: iter8-prometheus
  namespace: iter8-monitoring
---
apiVersion: rbac.authorization.k8s.io/v1beta1
kind: ClusterRoleBinding
metadata:
  name: iter8-prometheus
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: prometheus
subjects:
- kind: ServiceAccount
  name: iter8-prometheus
  namespace: iter8-monitoring
"##,
    );
}

// patchdelete_test.go's TestPatchDeleteOfNotExistingAttributesShouldNotAddExtraElements
#[test]
fn patch_delete_of_not_existing_attributes_should_not_add_extra_elements() {
    check(
        &[
            (
                "resource.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: whatever
spec:
  template:
    spec:
      containers:
      - env:
        - name: EXISTING
          value: EXISTING_VALUE
        - name: FOR_REMOVAL
          value: FOR_REMOVAL_VALUE
        name: whatever
        image: helloworld
"##,
            ),
            (
                "patch.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: whatever
spec:
  template:
    spec:
      containers:
      - name: whatever
        env:
        - name: FOR_REMOVAL
          $patch: delete
        - name: NOT_EXISTING_FOR_REMOVAL
          $patch: delete
"##,
            ),
            (
                "kustomization.yaml",
                r##"
resources:
- resource.yaml
patches:
- path: patch.yaml
  target:
    kind: Deployment
"##,
            ),
        ],
        ".",
        r##"apiVersion: apps/v1
kind: Deployment
metadata:
  name: whatever
spec:
  template:
    spec:
      containers:
      - env:
        - name: EXISTING
          value: EXISTING_VALUE
        image: helloworld
        name: whatever
"##,
    );
}

// inlinelabels_test.go's TestKustomizationLabels
#[test]
fn kustomization_labels() {
    check(
        &[
            (
                "/app/kustomization.yaml",
                r##"
resources:
- deployment.yaml

labels:
- pairs:
    foo: bar
- pairs:
    a: b
  includeSelectors: true
- pairs:
    c: d
  fields:
  - path: spec/selector
    group: example.dev
    version: v1
    kind: MyCRD
    create: true
"##,
            ),
            (
                "/app/deployment.yaml",
                r##"apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  template:
    spec:
      containers:
      - name: my-deployment
        livenessProbe:
          httpGet:
            path: /healthz
            port: 8080
---
apiVersion: example.dev/v1
kind: MyCRD
metadata:
  name: crd
"##,
            ),
        ],
        "/app",
        r##"apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    a: b
    c: d
    foo: bar
  name: my-deployment
spec:
  selector:
    matchLabels:
      a: b
  template:
    metadata:
      labels:
        a: b
    spec:
      containers:
      - livenessProbe:
          httpGet:
            path: /healthz
            port: 8080
        name: my-deployment
---
apiVersion: example.dev/v1
kind: MyCRD
metadata:
  labels:
    a: b
    c: d
    foo: bar
  name: crd
spec:
  selector:
    c: d
"##,
    );
}

// inlinelabels_test.go's TestKustomizationLabelsInDeploymentTemplate
#[test]
fn kustomization_labels_in_deployment_template() {
    check(
        &[
            (
                "app/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app.kubernetes.io/component: a
    app.kubernetes.io/instance: b
    app.kubernetes.io/name: c
    app.kubernetes.io/part-of: d
  name: deployment
spec:
  replicas: 1
  selector:
    matchLabels:
      app.kubernetes.io/component: a
      app.kubernetes.io/instance: b
      app.kubernetes.io/name: c
      app.kubernetes.io/part-of: d
  template:
    metadata:
      labels:
        app.kubernetes.io/component: a
        app.kubernetes.io/instance: b
        app.kubernetes.io/name: c
        app.kubernetes.io/part-of: d
"##,
            ),
            (
                "app/kustomization.yaml",
                r##"
resources:
- deployment.yaml

labels:
- pairs:
    foo: bar
  includeSelectors: false
  includeTemplates: true
"##,
            ),
        ],
        "app",
        r##"apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app.kubernetes.io/component: a
    app.kubernetes.io/instance: b
    app.kubernetes.io/name: c
    app.kubernetes.io/part-of: d
    foo: bar
  name: deployment
spec:
  replicas: 1
  selector:
    matchLabels:
      app.kubernetes.io/component: a
      app.kubernetes.io/instance: b
      app.kubernetes.io/name: c
      app.kubernetes.io/part-of: d
  template:
    metadata:
      labels:
        app.kubernetes.io/component: a
        app.kubernetes.io/instance: b
        app.kubernetes.io/name: c
        app.kubernetes.io/part-of: d
        foo: bar
"##,
    );
}

// inlinelabels_test.go's TestKustomizationLabelsDoesNotCreateInvalidTemplatePaths
#[test]
fn kustomization_labels_does_not_create_invalid_template_paths() {
    check(
        &[
            (
                "app/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: deployment
spec:
  replicas: 1
  template:
    spec:
      containers:
      - name: test-server
        image: test-server
"##,
            ),
            (
                "app/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: service
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 9376
"##,
            ),
            (
                "app/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- service.yaml

commonLabels:
  app: test-server

labels:
- pairs:
    app.kubernetes.io/component: a
    app.kubernetes.io/instance: b
    app.kubernetes.io/name: c
    app.kubernetes.io/part-of: d
  includeSelectors: false
  includeTemplates: true
"##,
            ),
        ],
        "app",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: test-server
    app.kubernetes.io/component: a
    app.kubernetes.io/instance: b
    app.kubernetes.io/name: c
    app.kubernetes.io/part-of: d
  name: service
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 9376
  selector:
    app: test-server
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: test-server
    app.kubernetes.io/component: a
    app.kubernetes.io/instance: b
    app.kubernetes.io/name: c
    app.kubernetes.io/part-of: d
  name: deployment
spec:
  replicas: 1
  selector:
    matchLabels:
      app: test-server
  template:
    metadata:
      labels:
        app: test-server
        app.kubernetes.io/component: a
        app.kubernetes.io/instance: b
        app.kubernetes.io/name: c
        app.kubernetes.io/part-of: d
    spec:
      containers:
      - image: test-server
        name: test-server
"##,
    );
}

// inlinelabels_test.go's TestKustomizationLabelsInStatefulSetTemplateWithClaimTemplateAndIncludeVolumeClaimTemplatesTrue
#[test]
fn kustomization_labels_in_stateful_set_template_with_claim_template_and_include_volume_claim_templates_true(
) {
    check_err(
        &[
            (
                "app/sts.yaml",
                r##"
apiVersion: apps/v1
kind: StatefulSet
metadata:
  labels:
    app.kubernetes.io/name: set
  name: set
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: set
  serviceName: set
  template:
    metadata:
      labels:
        app.kubernetes.io/name: set
    volumeMounts:
    - mountPath: /usr/src/app/data
      name: usrdata
  volumeClaimTemplates:
  - metadata:
      name: usrdata
    spec:
      accessModes:
      - ReadWriteOnce
      resources:
        requests:
          storage: 10Gi
"##,
            ),
            (
                "app/kustomization.yaml",
                r##"
resources:
- sts.yaml

labels:
- pairs:
    foo: bar
  includeSelectors: false
  includeTemplates: true
  includeVolumeClaimTemplates: true
"##,
            ),
        ],
        "app",
        r##"json: unknown field "includeVolumeClaimTemplates""##,
    );
}

// inlinelabels_test.go's TestKustomizationLabelsInCronJobTemplate
#[test]
fn kustomization_labels_in_cron_job_template() {
    check(
        &[
            (
                "app/cjob.yaml",
                r##"
apiVersion: batch/v1
kind: CronJob
metadata:
  labels:
    app.kubernetes.io/name: job
  name: job
spec:
  jobTemplate:
    spec:
      backoffLimit: 4
      template:
        metadata:
          labels:
            app.kubernetes.io/name: job
        spec:
          restartPolicy: Never
  schedule: '* * * * *'
"##,
            ),
            (
                "app/kustomization.yaml",
                r##"
resources:
- cjob.yaml

labels:
- pairs:
    foo: bar
  includeSelectors: false
  includeTemplates: true
"##,
            ),
        ],
        "app",
        r##"apiVersion: batch/v1
kind: CronJob
metadata:
  labels:
    app.kubernetes.io/name: job
    foo: bar
  name: job
spec:
  jobTemplate:
    metadata:
      labels:
        foo: bar
    spec:
      backoffLimit: 4
      template:
        metadata:
          labels:
            app.kubernetes.io/name: job
            foo: bar
        spec:
          restartPolicy: Never
  schedule: '* * * * *'
"##,
    );
}

// inlinelabels_test.go's TestKustomizationLabelsInJobTemplate
#[test]
fn kustomization_labels_in_job_template() {
    check(
        &[
            (
                "app/job.yaml",
                r##"
apiVersion: batch/v1
kind: Job
metadata:
  labels:
    app.kubernetes.io/name: job
  name: job
spec:
  backoffLimit: 4
  template:
    metadata:
      labels:
        app.kubernetes.io/name: job
    spec:
      restartPolicy: Never
"##,
            ),
            (
                "app/kustomization.yaml",
                r##"
resources:
- job.yaml

labels:
- pairs:
    foo: bar
  includeSelectors: false
  includeTemplates: true
"##,
            ),
        ],
        "app",
        r##"apiVersion: batch/v1
kind: Job
metadata:
  labels:
    app.kubernetes.io/name: job
    foo: bar
  name: job
spec:
  backoffLimit: 4
  template:
    metadata:
      labels:
        app.kubernetes.io/name: job
        foo: bar
    spec:
      restartPolicy: Never
"##,
    );
}

// extendedpatch_test.go's TestExtendedPatchNameSelector
#[test]
fn extended_patch_name_selector() {
    check(
        &[
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - name: busybox
        image: busybox
        volumeMounts:
        - name: busybox-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: busybox-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
"##,
            ),
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- service.yaml
patches:
- path: patch.yaml
  target:
    name: busybox
"##,
            ),
            (
                "/app/base/patch.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  annotations:
    new-key: new-value
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  annotations:
    new-key: new-value
  labels:
    app: busybox
  name: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
---
apiVersion: v1
kind: Service
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  ports:
  - port: 80
  selector:
    app: nginx
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  annotations:
    new-key: new-value
  labels:
    app: busybox
  name: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - image: busybox
        name: busybox
        volumeMounts:
        - mountPath: /tmp/ps
          name: busybox-persistent-storage
      volumes:
      - emptyDir: {}
        name: busybox-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - emptyDir: {}
        name: nginx-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
    );
}

// extendedpatch_test.go's TestExtendedPatchGvkSelector
#[test]
fn extended_patch_gvk_selector() {
    check(
        &[
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - name: busybox
        image: busybox
        volumeMounts:
        - name: busybox-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: busybox-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
"##,
            ),
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- service.yaml
patches:
- path: patch.yaml
  target:
    kind: Deployment
"##,
            ),
            (
                "/app/base/patch.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  annotations:
    new-key: new-value
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: busybox
  name: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
---
apiVersion: v1
kind: Service
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  ports:
  - port: 80
  selector:
    app: nginx
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  annotations:
    new-key: new-value
  labels:
    app: busybox
  name: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - image: busybox
        name: busybox
        volumeMounts:
        - mountPath: /tmp/ps
          name: busybox-persistent-storage
      volumes:
      - emptyDir: {}
        name: busybox-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  annotations:
    new-key: new-value
  labels:
    app: nginx
  name: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - emptyDir: {}
        name: nginx-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
    );
}

// extendedpatch_test.go's TestExtendedPatchLabelSelector
#[test]
fn extended_patch_label_selector() {
    check(
        &[
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - name: busybox
        image: busybox
        volumeMounts:
        - name: busybox-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: busybox-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
"##,
            ),
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- service.yaml
patches:
- path: patch.yaml
  target:
    labelSelector: app=nginx
"##,
            ),
            (
                "/app/base/patch.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
  annotations:
    new-key: new-value
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: busybox
  name: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    new-key: new-value
  labels:
    app: nginx
  name: nginx
spec:
  ports:
  - port: 80
  selector:
    app: nginx
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  labels:
    app: busybox
  name: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - image: busybox
        name: busybox
        volumeMounts:
        - mountPath: /tmp/ps
          name: busybox-persistent-storage
      volumes:
      - emptyDir: {}
        name: busybox-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  annotations:
    new-key: new-value
  labels:
    app: nginx
  name: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - emptyDir: {}
        name: nginx-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
    );
}

// extendedpatch_test.go's TestExtendedPatchNameGvkSelector
#[test]
fn extended_patch_name_gvk_selector() {
    check(
        &[
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - name: busybox
        image: busybox
        volumeMounts:
        - name: busybox-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: busybox-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
"##,
            ),
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- service.yaml
patches:
- path: patch.yaml
  target:
    name: busybox
    kind: Deployment
"##,
            ),
            (
                "/app/base/patch.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  annotations:
    new-key: new-value
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: busybox
  name: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
---
apiVersion: v1
kind: Service
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  ports:
  - port: 80
  selector:
    app: nginx
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  annotations:
    new-key: new-value
  labels:
    app: busybox
  name: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - image: busybox
        name: busybox
        volumeMounts:
        - mountPath: /tmp/ps
          name: busybox-persistent-storage
      volumes:
      - emptyDir: {}
        name: busybox-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - emptyDir: {}
        name: nginx-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
    );
}

// extendedpatch_test.go's TestExtendedPatchNameLabelSelector
#[test]
fn extended_patch_name_label_selector() {
    check(
        &[
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - name: busybox
        image: busybox
        volumeMounts:
        - name: busybox-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: busybox-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
"##,
            ),
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- service.yaml
patches:
- path: patch.yaml
  target:
    name: .*
    labelSelector: app=busybox
"##,
            ),
            (
                "/app/base/patch.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  annotations:
    new-key: new-value
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  annotations:
    new-key: new-value
  labels:
    app: busybox
  name: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
---
apiVersion: v1
kind: Service
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  ports:
  - port: 80
  selector:
    app: nginx
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  annotations:
    new-key: new-value
  labels:
    app: busybox
  name: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - image: busybox
        name: busybox
        volumeMounts:
        - mountPath: /tmp/ps
          name: busybox-persistent-storage
      volumes:
      - emptyDir: {}
        name: busybox-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - emptyDir: {}
        name: nginx-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
    );
}

// extendedpatch_test.go's TestExtendedPatchGvkLabelSelector
#[test]
fn extended_patch_gvk_label_selector() {
    check(
        &[
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - name: busybox
        image: busybox
        volumeMounts:
        - name: busybox-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: busybox-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
"##,
            ),
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- service.yaml
patches:
- path: patch.yaml
  target:
    kind: Deployment
    labelSelector: app=busybox
"##,
            ),
            (
                "/app/base/patch.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  annotations:
    new-key: new-value
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: busybox
  name: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
---
apiVersion: v1
kind: Service
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  ports:
  - port: 80
  selector:
    app: nginx
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  annotations:
    new-key: new-value
  labels:
    app: busybox
  name: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - image: busybox
        name: busybox
        volumeMounts:
        - mountPath: /tmp/ps
          name: busybox-persistent-storage
      volumes:
      - emptyDir: {}
        name: busybox-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - emptyDir: {}
        name: nginx-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
    );
}

// extendedpatch_test.go's TestExtendedPatchNameGvkLabelSelector
#[test]
fn extended_patch_name_gvk_label_selector() {
    check(
        &[
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - name: busybox
        image: busybox
        volumeMounts:
        - name: busybox-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: busybox-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
"##,
            ),
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- service.yaml
patches:
- path: patch.yaml
  target:
    name: busybox
    kind: Deployment
    labelSelector: app=busybox
"##,
            ),
            (
                "/app/base/patch.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  annotations:
    new-key: new-value
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: busybox
  name: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
---
apiVersion: v1
kind: Service
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  ports:
  - port: 80
  selector:
    app: nginx
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  annotations:
    new-key: new-value
  labels:
    app: busybox
  name: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - image: busybox
        name: busybox
        volumeMounts:
        - mountPath: /tmp/ps
          name: busybox-persistent-storage
      volumes:
      - emptyDir: {}
        name: busybox-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - emptyDir: {}
        name: nginx-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
    );
}

// extendedpatch_test.go's TestExtendedPatchNoMatch
#[test]
fn extended_patch_no_match() {
    check(
        &[
            (
                "/app/base/deployment.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: nginx-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - name: busybox
        image: busybox
        volumeMounts:
        - name: busybox-persistent-storage
          mountPath: /tmp/ps
      volumes:
      - name: busybox-persistent-storage
        emptyDir: {}
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
            ),
            (
                "/app/base/service.yaml",
                r##"
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: busybox
  labels:
    app: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
"##,
            ),
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- service.yaml
patches:
- path: patch.yaml
  target:
    name: no-match
"##,
            ),
            (
                "/app/base/patch.yaml",
                r##"
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: busybox
  annotations:
    new-key: new-value
"##,
            ),
        ],
        "/app/base",
        r##"apiVersion: v1
kind: Service
metadata:
  labels:
    app: busybox
  name: busybox
spec:
  ports:
  - port: 8080
  selector:
    app: busybox
---
apiVersion: v1
kind: Service
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  ports:
  - port: 80
  selector:
    app: nginx
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  labels:
    app: busybox
  name: busybox
spec:
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - image: busybox
        name: busybox
        volumeMounts:
        - mountPath: /tmp/ps
          name: busybox-persistent-storage
      volumes:
      - emptyDir: {}
        name: busybox-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
---
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - emptyDir: {}
        name: nginx-persistent-storage
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
"##,
    );
}

// disablenamesuffix_test.go's TestDisableNameSuffixHash
#[test]
fn disable_name_suffix_hash() {
    check(
        &[
            (
                "/whatever/deployment.yaml",
                r##"
apiVersion: apps/v1
metadata:
  name: dply1
kind: Deployment
"##,
            ),
            (
                "/whatever/namespace.yaml",
                r##"
apiVersion: v1
kind: Namespace
metadata:
  name: ns1
"##,
            ),
            (
                "/whatever/jsonpatch.json",
                r##"[
    {"op": "add", "path": "/spec/replica", "value": "3"}
]"##,
            ),
            (
                "/whatever/kustomization.yaml",
                r##"
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namePrefix: foo-
nameSuffix: -bar
namespace: ns1
commonLabels:
  app: nginx
commonAnnotations:
  note: This is a test annotation
resources:
  - deployment.yaml
  - namespace.yaml
generatorOptions:
  disableNameSuffixHash: false
configMapGenerator:
- name: literalConfigMap
  literals:
  - DB_USERNAME=admin
  - DB_PASSWORD=somepw
secretGenerator:
- name: secret
  literals:
    - DB_USERNAME=admin
    - DB_PASSWORD=somepw
  type: Opaque
patchesJson6902:
- target:
    group: apps
    version: v1
    kind: Deployment
    name: dply1
  path: jsonpatch.json
"##,
            ),
        ],
        "/whatever",
        r##"apiVersion: v1
kind: Namespace
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: nginx
  name: ns1
---
apiVersion: v1
data:
  DB_PASSWORD: somepw
  DB_USERNAME: admin
kind: ConfigMap
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: nginx
  name: foo-literalConfigMap-bar-g5f6t456f5
  namespace: ns1
---
apiVersion: v1
data:
  DB_PASSWORD: c29tZXB3
  DB_USERNAME: YWRtaW4=
kind: Secret
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: nginx
  name: foo-secret-bar-82c2g5f8f6
  namespace: ns1
type: Opaque
---
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: nginx
  name: foo-dply1-bar
  namespace: ns1
spec:
  replica: "3"
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      annotations:
        note: This is a test annotation
      labels:
        app: nginx
"##,
    );
}

// disablenamesuffix_test.go's TestDisableNameSuffixHash (disabled)
#[test]
fn disable_name_suffix_hash_disabled() {
    check(
        &[
            (
                "/whatever/deployment.yaml",
                r##"
apiVersion: apps/v1
metadata:
  name: dply1
kind: Deployment
"##,
            ),
            (
                "/whatever/namespace.yaml",
                r##"
apiVersion: v1
kind: Namespace
metadata:
  name: ns1
"##,
            ),
            (
                "/whatever/jsonpatch.json",
                r##"[
    {"op": "add", "path": "/spec/replica", "value": "3"}
]"##,
            ),
            (
                "/whatever/kustomization.yaml",
                r##"
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namePrefix: foo-
nameSuffix: -bar
namespace: ns1
commonLabels:
  app: nginx
commonAnnotations:
  note: This is a test annotation
resources:
  - deployment.yaml
  - namespace.yaml
generatorOptions:
  disableNameSuffixHash: true
configMapGenerator:
- name: literalConfigMap
  literals:
  - DB_USERNAME=admin
  - DB_PASSWORD=somepw
secretGenerator:
- name: secret
  literals:
    - DB_USERNAME=admin
    - DB_PASSWORD=somepw
  type: Opaque
patchesJson6902:
- target:
    group: apps
    version: v1
    kind: Deployment
    name: dply1
  path: jsonpatch.json
"##,
            ),
        ],
        "/whatever",
        r##"apiVersion: v1
kind: Namespace
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: nginx
  name: ns1
---
apiVersion: v1
data:
  DB_PASSWORD: somepw
  DB_USERNAME: admin
kind: ConfigMap
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: nginx
  name: foo-literalConfigMap-bar
  namespace: ns1
---
apiVersion: v1
data:
  DB_PASSWORD: c29tZXB3
  DB_USERNAME: YWRtaW4=
kind: Secret
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: nginx
  name: foo-secret-bar
  namespace: ns1
type: Opaque
---
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: nginx
  name: foo-dply1-bar
  namespace: ns1
spec:
  replica: "3"
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      annotations:
        note: This is a test annotation
      labels:
        app: nginx
"##,
    );
}

// disablenamesuffix_test.go's TestDisableNameSuffixHashPerObject
#[test]
fn disable_name_suffix_hash_per_object() {
    check(
        &[(
            "/whatever/kustomization.yaml",
            r##"
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
generatorOptions:
  disableNameSuffixHash: false
secretGenerator:
- name: nohash
  options:
    disableNameSuffixHash: true
  literals:
    - DB_USERNAME=admin
    - DB_PASSWORD=somepw
  type: Opaque
- name: yeshash
  options:
    disableNameSuffixHash: false
  literals:
    - DB_USERNAME=admin
    - DB_PASSWORD=somepw
  type: Opaque
"##,
        )],
        "/whatever",
        r##"apiVersion: v1
data:
  DB_PASSWORD: c29tZXB3
  DB_USERNAME: YWRtaW4=
kind: Secret
metadata:
  name: nohash
type: Opaque
---
apiVersion: v1
data:
  DB_PASSWORD: c29tZXB3
  DB_USERNAME: YWRtaW4=
kind: Secret
metadata:
  name: yeshash-82c2g5f8f6
type: Opaque
"##,
    );
}

// namereference_test.go's TestIssue3489Simplified
#[test]
fn issue3489_simplified() {
    check(
        &[
            (
                "kustomization.yaml",
                r##"
namespace: kube-system
resources:
- aa
- bb
"##,
            ),
            (
                "aa/kustomization.yaml",
                r##"
resources:
- ../base
"##,
            ),
            (
                "bb/kustomization.yaml",
                r##"
resources:
- ../base
nameSuffix: -private
"##,
            ),
            (
                "base/kustomization.yaml",
                r##"
resources:
- deployment.yaml
- serviceAccount.yaml
"##,
            ),
            (
                "base/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDep
spec:
  template:
    spec:
      serviceAccountName: mySvcAcct
      containers:
      - name: whatever
        image: k8s.gcr.io/governmentCheese
"##,
            ),
            (
                "base/serviceAccount.yaml",
                r##"
apiVersion: v1
kind: ServiceAccount
metadata:
  name: mySvcAcct
"##,
            ),
        ],
        ".",
        r##"apiVersion: v1
kind: ServiceAccount
metadata:
  name: mySvcAcct
  namespace: kube-system
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: mySvcAcct-private
  namespace: kube-system
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDep
  namespace: kube-system
spec:
  template:
    spec:
      containers:
      - image: k8s.gcr.io/governmentCheese
        name: whatever
      serviceAccountName: mySvcAcct
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDep-private
  namespace: kube-system
spec:
  template:
    spec:
      containers:
      - image: k8s.gcr.io/governmentCheese
        name: whatever
      serviceAccountName: mySvcAcct-private
"##,
    );
}

// namereference_test.go's TestIssue3489
#[test]
fn issue3489() {
    check(
        &[
            (
                "kustomization.yaml",
                r##"
namespace: kube-system
resources:
- external-dns
- external-dns-private
"##,
            ),
            (
                "external-dns/kustomization.yaml",
                r##"
resources:
- ../base
commonLabels:
  app: external-dns
  instance: public
images:
- name: k8s.gcr.io/external-dns/external-dns
  newName: xxx.azurecr.io/external-dns
  newTag: v0.7.4_sylr.1
- name: quay.io/sylr/external-dns
  newName: xxx.azurecr.io/external-dns
  newTag: v0.7.4_sylr.1
secretGenerator:
- name: azure-config-file
  behavior: replace
  files:
  - assets/azure.json
patches:
- target:
    group: apps
    version: v1
    kind: Deployment
    name: external-dns
  patch: |-
    - op: replace
      path: /spec/template/spec/containers/0/args
      value:
      - --txt-owner-id="aks"
      - --txt-prefix=external-dns-
      - --source=service
      - --provider=azure
      - --registry=txt
      - --domain-filter=dev.company.com
"##,
            ),
            (
                "external-dns/assets/azure.json",
                r##"{
	"tenantId": "XXXXX-XXXXXX-XXXXX-XXXXXX-XXXXXX",
	"subscriptionId": "XXXXX-XXXXXX-XXXXX-XXXXXX-XXXXXX",
	"resourceGroup": "DNS-EUW-XXX-RG",
	"useManagedIdentityExtension": true,
	"userAssignedIdentityID": "XXXXX-XXXXXX-XXXXX-XXXXXX-XXXXXX"
}
"##,
            ),
            (
                "external-dns-private/kustomization.yaml",
                r##"
resources:
- ../base
nameSuffix: -private
commonLabels:
  app: external-dns
  instance: private
images:
- name: k8s.gcr.io/external-dns/external-dns
  newName: xxx.azurecr.io/external-dns
  newTag: v0.7.4_sylr.1
- name: quay.io/sylr/external-dns
  newName: xxx.azurecr.io/external-dns
  newTag: v0.7.4_sylr.1
secretGenerator:
- name: azure-config-file
  behavior: replace
  files:
  - assets/azure.json
patches:
- target:
    group: apps
    version: v1
    kind: Deployment
    name: external-dns
  patch: |-
    - op: replace
      path: /spec/template/spec/containers/0/args
      value:
      - --txt-owner-id="aks"
      - --txt-prefix=external-dns-private-
      - --source=service
      - --provider=azure-private-dns
      - --registry=txt
      - --domain-filter=static.company.az
"##,
            ),
            (
                "external-dns-private/assets/azure.json",
                r##"{
	"tenantId": "XXXXX-XXXXXX-XXXXX-XXXXXX-XXXXXX",
	"subscriptionId": "XXXXX-XXXXXX-XXXXX-XXXXXX-XXXXXX",
	"resourceGroup": "DNS-EUW-XXX-RG",
	"useManagedIdentityExtension": true,
	"userAssignedIdentityID": "XXXXX-XXXXXX-XXXXX-XXXXXX-XXXXXX"
}
"##,
            ),
            (
                "base/kustomization.yaml",
                r##"
resources:
- clusterrole.yaml
- clusterrolebinding.yaml
- deployment.yaml
- serviceaccount.yaml
commonLabels:
  app: external-dns
  instance: public
images:
- name: k8s.gcr.io/external-dns/external-dns
  newName: quay.io/sylr/external-dns
  newTag: v0.7.4-73-g00a9a0c7
secretGenerator:
- name: azure-config-file
  files:
  - assets/azure.json
"##,
            ),
            (
                "base/assets/azure.json",
                r##"{
	"tenantId": "XXXXX-XXXXXX-XXXXX-XXXXXX-XXXXXX",
	"subscriptionId": "XXXXX-XXXXXX-XXXXX-XXXXXX-XXXXXX",
	"resourceGroup": "DNS-EUW-XXX-RG",
	"useManagedIdentityExtension": true,
	"userAssignedIdentityID": "XXXXX-XXXXXX-XXXXX-XXXXXX-XXXXXX"
}
"##,
            ),
            (
                "base/clusterrolebinding.yaml",
                r##"
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: external-dns-viewer
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: external-dns
subjects:
- kind: ServiceAccount
  name: external-dns
"##,
            ),
            (
                "base/clusterrole.yaml",
                r##"
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: external-dns
rules:
- apiGroups: ['']
  resources: ['endpoints', 'pods', 'services', 'nodes']
  verbs: ['get', 'watch', 'list']
- apiGroups: ['extensions', 'networking.k8s.io']
  resources: ['ingresses']
  verbs: ['get', 'watch', 'list']
"##,
            ),
            (
                "base/deployment.yaml",
                r##"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: external-dns
spec:
  strategy:
    type: Recreate
  selector:
    matchLabels: {}
  template:
    metadata: {}
    spec:
      serviceAccountName: external-dns
      containers:
      - name: external-dns
        image: k8s.gcr.io/external-dns/external-dns
        args:
        - --domain-filter=""
        - --txt-owner-id=""
        - --txt-prefix=external-dns-
        - --source=service
        - --provider=azure
        - --registry=txt
        resources: {}
        volumeMounts:
        - name: azure-config-file
          mountPath: /etc/kubernetes
          readOnly: true
      volumes:
      - name: azure-config-file
        secret:
          secretName: azure-config-file
"##,
            ),
            (
                "base/serviceaccount.yaml",
                r##"
apiVersion: v1
kind: ServiceAccount
metadata:
  name: external-dns
"##,
            ),
        ],
        ".",
        r##"apiVersion: v1
kind: ServiceAccount
metadata:
  labels:
    app: external-dns
    instance: public
  name: external-dns
  namespace: kube-system
---
apiVersion: v1
kind: ServiceAccount
metadata:
  labels:
    app: external-dns
    instance: private
  name: external-dns-private
  namespace: kube-system
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  labels:
    app: external-dns
    instance: public
  name: external-dns
rules:
- apiGroups:
  - ""
  resources:
  - endpoints
  - pods
  - services
  - nodes
  verbs:
  - get
  - watch
  - list
- apiGroups:
  - extensions
  - networking.k8s.io
  resources:
  - ingresses
  verbs:
  - get
  - watch
  - list
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  labels:
    app: external-dns
    instance: private
  name: external-dns-private
rules:
- apiGroups:
  - ""
  resources:
  - endpoints
  - pods
  - services
  - nodes
  verbs:
  - get
  - watch
  - list
- apiGroups:
  - extensions
  - networking.k8s.io
  resources:
  - ingresses
  verbs:
  - get
  - watch
  - list
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  labels:
    app: external-dns
    instance: public
  name: external-dns-viewer
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: external-dns
subjects:
- kind: ServiceAccount
  name: external-dns
  namespace: kube-system
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  labels:
    app: external-dns
    instance: private
  name: external-dns-viewer-private
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: external-dns-private
subjects:
- kind: ServiceAccount
  name: external-dns-private
  namespace: kube-system
---
apiVersion: v1
data:
  azure.json: |
    ewoJInRlbmFudElkIjogIlhYWFhYLVhYWFhYWC1YWFhYWC1YWFhYWFgtWFhYWFhYIiwKCS
    JzdWJzY3JpcHRpb25JZCI6ICJYWFhYWC1YWFhYWFgtWFhYWFgtWFhYWFhYLVhYWFhYWCIs
    CgkicmVzb3VyY2VHcm91cCI6ICJETlMtRVVXLVhYWC1SRyIsCgkidXNlTWFuYWdlZElkZW
    50aXR5RXh0ZW5zaW9uIjogdHJ1ZSwKCSJ1c2VyQXNzaWduZWRJZGVudGl0eUlEIjogIlhY
    WFhYLVhYWFhYWC1YWFhYWC1YWFhYWFgtWFhYWFhYIgp9Cg==
kind: Secret
metadata:
  labels:
    app: external-dns
    instance: public
  name: azure-config-file-66cc4224mm
  namespace: kube-system
type: Opaque
---
apiVersion: v1
data:
  azure.json: |
    ewoJInRlbmFudElkIjogIlhYWFhYLVhYWFhYWC1YWFhYWC1YWFhYWFgtWFhYWFhYIiwKCS
    JzdWJzY3JpcHRpb25JZCI6ICJYWFhYWC1YWFhYWFgtWFhYWFgtWFhYWFhYLVhYWFhYWCIs
    CgkicmVzb3VyY2VHcm91cCI6ICJETlMtRVVXLVhYWC1SRyIsCgkidXNlTWFuYWdlZElkZW
    50aXR5RXh0ZW5zaW9uIjogdHJ1ZSwKCSJ1c2VyQXNzaWduZWRJZGVudGl0eUlEIjogIlhY
    WFhYLVhYWFhYWC1YWFhYWC1YWFhYWFgtWFhYWFhYIgp9Cg==
kind: Secret
metadata:
  labels:
    app: external-dns
    instance: private
  name: azure-config-file-private-66cc4224mm
  namespace: kube-system
type: Opaque
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: external-dns
    instance: public
  name: external-dns
  namespace: kube-system
spec:
  selector:
    matchLabels:
      app: external-dns
      instance: public
  strategy:
    type: Recreate
  template:
    metadata:
      labels:
        app: external-dns
        instance: public
    spec:
      containers:
      - args:
        - --txt-owner-id="aks"
        - --txt-prefix=external-dns-
        - --source=service
        - --provider=azure
        - --registry=txt
        - --domain-filter=dev.company.com
        image: xxx.azurecr.io/external-dns:v0.7.4_sylr.1
        name: external-dns
        resources: {}
        volumeMounts:
        - mountPath: /etc/kubernetes
          name: azure-config-file
          readOnly: true
      serviceAccountName: external-dns
      volumes:
      - name: azure-config-file
        secret:
          secretName: azure-config-file-66cc4224mm
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: external-dns
    instance: private
  name: external-dns-private
  namespace: kube-system
spec:
  selector:
    matchLabels:
      app: external-dns
      instance: private
  strategy:
    type: Recreate
  template:
    metadata:
      labels:
        app: external-dns
        instance: private
    spec:
      containers:
      - args:
        - --txt-owner-id="aks"
        - --txt-prefix=external-dns-private-
        - --source=service
        - --provider=azure-private-dns
        - --registry=txt
        - --domain-filter=static.company.az
        image: xxx.azurecr.io/external-dns:v0.7.4_sylr.1
        name: external-dns
        resources: {}
        volumeMounts:
        - mountPath: /etc/kubernetes
          name: azure-config-file
          readOnly: true
      serviceAccountName: external-dns-private
      volumes:
      - name: azure-config-file
        secret:
          secretName: azure-config-file-private-66cc4224mm
"##,
    );
}

// namereference_test.go's TestUnrelatedNameReferenceReplacement_Issue4254_Issue3418
#[test]
fn unrelated_name_reference_replacement_issue4254_issue3418() {
    check(
        &[
            (
                "role.yaml",
                r##"
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: cluster-autoscaler
rules:
- apiGroups: ["coordination.k8s.io"]
  resources: ["leases"]
  resourceNames: ["cluster-autoscaler"]
  verbs: ["get","update"]
"##,
            ),
            (
                "kustomization.yaml",
                r##"
resources:
- role.yaml
configMapGenerator:
- name: cluster-autoscaler
  namespace: kube-system
  literals:
  - AWS_REGION="us-east-1"
"##,
            ),
        ],
        ".",
        r##"apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: cluster-autoscaler
rules:
- apiGroups:
  - coordination.k8s.io
  resourceNames:
  - cluster-autoscaler-h8mmcct52k
  resources:
  - leases
  verbs:
  - get
  - update
---
apiVersion: v1
data:
  AWS_REGION: us-east-1
kind: ConfigMap
metadata:
  name: cluster-autoscaler-h8mmcct52k
  namespace: kube-system
"##,
    );
}

// component_test.go's TestComponent/basic-component
#[test]
fn component_basic_component() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

namePrefix: comp-
replicas:
- name: storefront
  count: 3
resources:
- stub.yaml
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - testValue=2
  - compValue=5
"##,
            ),
            (
                "/app/comp/stub.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: stub
spec:
  replicas: 1
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
resources:
- ../base
- db

components:
- ../comp
"##,
            ),
            (
                "/app/prod/db",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: db
spec:
  type: Logical
"##,
            ),
        ],
        "/app/prod",
        r##"apiVersion: v1
data:
  compValue: "5"
  otherValue: "10"
  testValue: "2"
kind: ConfigMap
metadata:
  name: comp-my-configmap-kc6k2kmkh9
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-db
spec:
  type: Logical
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-storefront
spec:
  replicas: 3
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-stub
spec:
  replicas: 1
"##,
    );
}

// component_test.go's TestComponent/multiple-components
#[test]
fn component_multiple_components() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

namePrefix: comp-
replicas:
- name: storefront
  count: 3
resources:
- stub.yaml
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - testValue=2
  - compValue=5
"##,
            ),
            (
                "/app/comp/stub.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: stub
spec:
  replicas: 1
"##,
            ),
            (
                "/app/prod/db",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: db
spec:
  type: Logical
"##,
            ),
            (
                "/app/additionalcomp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - otherValue=9
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
resources:
- ../base
- db

components:
- ../comp
- ../additionalcomp
"##,
            ),
        ],
        "/app/prod",
        r##"apiVersion: v1
data:
  compValue: "5"
  otherValue: "9"
  testValue: "2"
kind: ConfigMap
metadata:
  name: comp-my-configmap-55249mf5kb
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-db
spec:
  type: Logical
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-storefront
spec:
  replicas: 3
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-stub
spec:
  replicas: 1
"##,
    );
}

// component_test.go's TestComponent/nested-components
#[test]
fn component_nested_components() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

namePrefix: comp-
replicas:
- name: storefront
  count: 3
resources:
- stub.yaml
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - testValue=2
  - compValue=5
"##,
            ),
            (
                "/app/comp/stub.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: stub
spec:
  replicas: 1
"##,
            ),
            (
                "/app/prod/db",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: db
spec:
  type: Logical
"##,
            ),
            (
                "/app/additionalcomp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

components:
- ../comp
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:
  - otherValue=9
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
resources:
- ../base
- db

components:
- ../additionalcomp
"##,
            ),
        ],
        "/app/prod",
        r##"apiVersion: v1
data:
  compValue: "5"
  otherValue: "9"
  testValue: "2"
kind: ConfigMap
metadata:
  name: comp-my-configmap-55249mf5kb
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-db
spec:
  type: Logical
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-storefront
spec:
  replicas: 3
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-stub
spec:
  replicas: 1
"##,
    );
}

// component_test.go's TestComponent/basic-component-with-repeated-base
#[test]
fn component_basic_component_with_repeated_base() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

namePrefix: comp-
replicas:
- name: storefront
  count: 3
resources:
- stub.yaml
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - testValue=2
  - compValue=5
"##,
            ),
            (
                "/app/comp/stub.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: stub
spec:
  replicas: 1
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
resources:
- ../base
- db

components:
- ../comp
"##,
            ),
            (
                "/app/prod/db",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: db
spec:
  type: Logical
"##,
            ),
            (
                "/app/repeated/kustomization.yaml",
                r##"
resources:
- ../base
- ../prod
"##,
            ),
        ],
        "/app/repeated",
        r##"apiVersion: v1
data:
  compValue: "5"
  otherValue: "10"
  testValue: "2"
kind: ConfigMap
metadata:
  name: comp-my-configmap-kc6k2kmkh9
---
apiVersion: v1
data:
  otherValue: "10"
  testValue: "1"
kind: ConfigMap
metadata:
  name: my-configmap-2g9c94mhb8
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-db
spec:
  type: Logical
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-storefront
spec:
  replicas: 3
---
apiVersion: v1
kind: Deployment
metadata:
  name: comp-stub
spec:
  replicas: 1
---
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
    );
}

// component_test.go's TestComponent/applying-component-directly-should-be-same-as-kustomization
#[test]
fn component_applying_component_directly_should_be_same_as_kustomization() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

namePrefix: comp-
replicas:
- name: storefront
  count: 3
resources:
- stub.yaml
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - testValue=2
  - compValue=5
"##,
            ),
            (
                "/app/comp/stub.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: stub
spec:
  replicas: 1
"##,
            ),
            (
                "/app/direct-component/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

resources:
- ../base
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - compValue=5
  - testValue=2
"##,
            ),
        ],
        "/app/direct-component",
        r##"apiVersion: v1
data:
  compValue: "5"
  otherValue: "10"
  testValue: "2"
kind: ConfigMap
metadata:
  name: my-configmap-kc6k2kmkh9
---
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
    );
}

// component_test.go's TestComponent/missing-optional-component-api-version
#[test]
fn component_missing_optional_component_api_version() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
resources:
- ../base
- db

components:
- ../comp
"##,
            ),
            (
                "/app/prod/db",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: db
spec:
  type: Logical
"##,
            ),
            (
                "/app/comp/kustomization.yaml",
                r##"
kind: Component
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - otherValue=9
"##,
            ),
        ],
        "/app/prod",
        r##"apiVersion: v1
data:
  otherValue: "9"
  testValue: "1"
kind: ConfigMap
metadata:
  name: my-configmap-5g7gh5mgt5
---
apiVersion: v1
kind: Deployment
metadata:
  name: db
spec:
  type: Logical
---
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
    );
}

// component_test.go's TestComponent/components-can-add-the-same-base-if-the-first-renames-resources
#[test]
fn component_components_can_add_the_same_base_if_the_first_renames_resources() {
    check(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp-a/proxy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: proxy
spec:
  type: Logical
"##,
            ),
            (
                "/app/comp-a/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

resources:
- ../base

nameSuffix: "-a"
"##,
            ),
            (
                "/app/comp-b/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

resources:
- ../base

nameSuffix: "-b"
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
components:
- ../comp-a
- ../comp-b"##,
            ),
        ],
        "/app/prod",
        r##"apiVersion: v1
data:
  otherValue: "10"
  testValue: "1"
kind: ConfigMap
metadata:
  name: my-configmap-a-b-2g9c94mhb8
---
apiVersion: v1
data:
  otherValue: "10"
  testValue: "1"
kind: ConfigMap
metadata:
  name: my-configmap-b-2g9c94mhb8
---
apiVersion: v1
kind: Deployment
metadata:
  name: storefront-a-b
spec:
  replicas: 1
---
apiVersion: v1
kind: Deployment
metadata:
  name: storefront-b
spec:
  replicas: 1
"##,
    );
}

// component_test.go's TestComponent/multiple-bases-can-add-the-same-component-if-it-doesn-not-define-named-entities
#[test]
fn component_multiple_bases_can_add_the_same_component_if_it_doesn_not_define_named_entities() {
    check(
        &[
            (
                "/app/comp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

namespace: prod
"##,
            ),
            (
                "/app/base-a/kustomization.yaml",
                r##"
resources:
- proxy.yaml

components:
- ../comp
"##,
            ),
            (
                "/app/base-a/proxy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: proxy-a
spec:
  type: Logical
"##,
            ),
            (
                "/app/base-b/kustomization.yaml",
                r##"
resources:
- proxy.yaml

components:
- ../comp
"##,
            ),
            (
                "/app/base-b/proxy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: proxy-b
spec:
  type: Logical
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
resources:
- proxy.yaml
- ../base-a
- ../base-b
"##,
            ),
            (
                "/app/prod/proxy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: proxy-prod
spec:
  type: Logical
"##,
            ),
        ],
        "/app/prod",
        r##"apiVersion: v1
kind: Deployment
metadata:
  name: proxy-a
  namespace: prod
spec:
  type: Logical
---
apiVersion: v1
kind: Deployment
metadata:
  name: proxy-b
  namespace: prod
spec:
  type: Logical
---
apiVersion: v1
kind: Deployment
metadata:
  name: proxy-prod
spec:
  type: Logical
"##,
    );
}

// component_test.go's TestComponentErrors/components-cannot-be-added-to-resources
#[test]
fn component_errors_components_cannot_be_added_to_resources() {
    check_err(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

namePrefix: comp-
replicas:
- name: storefront
  count: 3
resources:
- stub.yaml
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - testValue=2
  - compValue=5
"##,
            ),
            (
                "/app/comp/stub.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: stub
spec:
  replicas: 1
"##,
            ),
            (
                "/app/compinres/kustomization.yaml",
                r##"
resources:
- ../base
- ../comp
"##,
            ),
        ],
        "/app/compinres",
        r##"expected kind != 'Component' for path '/app/comp'"##,
    );
}

// component_test.go's TestComponentErrors/kustomizations-cannot-be-added-to-components
#[test]
fn component_errors_kustomizations_cannot_be_added_to_components() {
    check_err(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

namePrefix: comp-
replicas:
- name: storefront
  count: 3
resources:
- stub.yaml
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - testValue=2
  - compValue=5
"##,
            ),
            (
                "/app/comp/stub.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: stub
spec:
  replicas: 1
"##,
            ),
            (
                "/app/kustincomponents/kustomization.yaml",
                r##"
components:
- ../base
- ../comp
"##,
            ),
        ],
        "/app/kustincomponents",
        r##"accumulating components: accumulateDirectory: "expected kind 'Component' for path '/app/base' but got 'Kustomization'"##,
    );
}

// component_test.go's TestComponentErrors/files-cannot-be-added-to-components-list
#[test]
fn component_errors_files_cannot_be_added_to_components_list() {
    check_err(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/filesincomponents/stub.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: stub
spec:
  replicas: 1
"##,
            ),
            (
                "/app/filesincomponents/kustomization.yaml",
                r##"
components:
- stub.yaml
- ../comp
"##,
            ),
        ],
        "/app/filesincomponents",
        r##"must build at directory: '/app/filesincomponents/stub.yaml': file is not directory"##,
    );
}

// component_test.go's TestComponentErrors/invalid-component-api-version
#[test]
fn component_errors_invalid_component_api_version() {
    check_err(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
resources:
- ../base
- db

components:
- ../comp
"##,
            ),
            (
                "/app/prod/db",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: db
spec:
  type: Logical
"##,
            ),
            (
                "/app/comp/kustomization.yaml",
                r##"
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Component
configMapGenerator:
- name: my-configmap
  behavior: merge
  literals:	
  - otherValue=9
"##,
            ),
        ],
        "/app/prod",
        r##"apiVersion for Component should be kustomize.config.k8s.io/v1alpha1"##,
    );
}

// component_test.go's TestComponentErrors/components-cannot-add-the-same-resource
#[test]
fn component_errors_components_cannot_add_the_same_resource() {
    check_err(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp-a/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

resources:
- proxy.yaml
"##,
            ),
            (
                "/app/comp-a/proxy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: proxy
spec:
  type: Logical
"##,
            ),
            (
                "/app/comp-b/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

resources:
- proxy.yaml
"##,
            ),
            (
                "/app/comp-b/proxy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: proxy
spec:
  type: Logical
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
resources:
- ../base

components:
- ../comp-a
- ../comp-b"##,
            ),
        ],
        "/app/prod",
        r##"may not add resource with an already registered id: Deployment.v1.[noGrp]/proxy.[noNs]"##,
    );
}

// component_test.go's TestComponentErrors/components-cannot-add-the-same-base
#[test]
fn component_errors_components_cannot_add_the_same_base() {
    check_err(
        &[
            (
                "/app/base/kustomization.yaml",
                r##"
resources:
- deploy.yaml
configMapGenerator:
- name: my-configmap
  literals:	
  - testValue=1
  - otherValue=10
"##,
            ),
            (
                "/app/base/deploy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: storefront
spec:
  replicas: 1
"##,
            ),
            (
                "/app/comp-a/proxy.yaml",
                r##"
apiVersion: v1
kind: Deployment
metadata:
  name: proxy
spec:
  type: Logical
"##,
            ),
            (
                "/app/comp-a/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

resources:
- ../base
"##,
            ),
            (
                "/app/comp-b/kustomization.yaml",
                r##"apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

resources:
- ../base
"##,
            ),
            (
                "/app/prod/kustomization.yaml",
                r##"
components:
- ../comp-a
- ../comp-b"##,
            ),
        ],
        "/app/prod",
        r##"may not add resource with an already registered id: Deployment.v1.[noGrp]/storefront.[noNs]"##,
    );
}
