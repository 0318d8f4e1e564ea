//! What a fresh kind v1.32 cluster holds beyond the add-ons of
//! `bootstrap`: the control plane's mirror pods, the ServiceAccounts the
//! controller manager makes for its controllers
//! (`--use-service-account-credentials`), kindnet's account, the
//! ConfigMaps kubeadm uploads (`uploadconfig`, the kubelet's config,
//! `bootstraptoken/clusterinfo`) and the API server writes, and kind's
//! local-path provisioner (its `local-path-storage` manifest).
//!
//! Made after everything else, each with draws of its own, so that adding
//! them renamed nothing made before.

use crate::controller::Ctx;
use kubeplay_model::{Kind, Object};

/// The accounts kube-controller-manager v1.32 makes in kube-system, one per
/// controller it starts with kubeadm's `--controllers=*,bootstrapsigner,
/// tokencleaner` (its `ClientOrDie` names); without a cloud provider it
/// runs neither the service nor the route controller.
const CONTROLLER_ACCOUNTS: [&str; 33] = [
    "attachdetach-controller",
    "bootstrap-signer",
    "certificate-controller",
    "clusterrole-aggregation-controller",
    "cronjob-controller",
    "daemon-set-controller",
    "deployment-controller",
    "disruption-controller",
    "endpoint-controller",
    "endpointslice-controller",
    "endpointslicemirroring-controller",
    "ephemeral-volume-controller",
    "expand-controller",
    "generic-garbage-collector",
    "horizontal-pod-autoscaler",
    "job-controller",
    "legacy-service-account-token-cleaner",
    "namespace-controller",
    "node-controller",
    "persistent-volume-binder",
    "pod-garbage-collector",
    "pv-protection-controller",
    "pvc-protection-controller",
    "replicaset-controller",
    "replication-controller",
    "resourcequota-controller",
    "root-ca-cert-publisher",
    "service-account-controller",
    "statefulset-controller",
    "token-cleaner",
    "ttl-after-finished-controller",
    "ttl-controller",
    "validatingadmissionpolicy-status-controller",
];

/// The simulated cluster has no front-proxy CA either: a fixed,
/// certificate-shaped text stands for it (it decodes to a sentence saying
/// so), as `kube-root-ca.crt`'s does for the cluster CA.
const FRONT_PROXY_CA: &str = "-----BEGIN CERTIFICATE-----
a3ViZXBsYXk6IG5vIHJlYWwgZnJvbnQtcHJveHkgQ0E7IHRoaXMgdGV4dCBzdGFu
ZHMgd2hlcmUga2luZCBwdXRzIGl0cyBjZXJ0aWZpY2F0ZS4=
-----END CERTIFICATE-----
";

/// kind's kubeadm config as kubeadm v1.32 stores it (v1beta4, defaulted).
const CLUSTER_CONFIGURATION: &str = "apiServer:
  certSANs:
  - localhost
  - 127.0.0.1
  extraArgs:
  - name: runtime-config
    value: \"\"
apiVersion: kubeadm.k8s.io/v1beta4
caCertificateValidityPeriod: 87600h0m0s
certificateValidityPeriod: 8760h0m0s
certificatesDir: /etc/kubernetes/pki
clusterName: kubeplay
controlPlaneEndpoint: kubeplay-control-plane:6443
controllerManager:
  extraArgs:
  - name: enable-hostpath-provisioner
    value: \"true\"
dns: {}
encryptionAlgorithm: RSA-2048
etcd:
  local:
    dataDir: /var/lib/etcd
imageRepository: registry.k8s.io
kind: ClusterConfiguration
kubernetesVersion: v1.32.0
networking:
  dnsDomain: cluster.local
  podSubnet: 10.244.0.0/16
  serviceSubnet: 10.96.0.0/16
proxy: {}
scheduler: {}
";

/// The KubeletConfiguration kubeadm uploads, with kind's changes (no disk
/// eviction, the systemd cgroup driver under `/kubelet`, swap allowed).
const KUBELET_CONFIGURATION: &str = "apiVersion: kubelet.config.k8s.io/v1beta1
authentication:
  anonymous:
    enabled: false
  webhook:
    cacheTTL: 0s
    enabled: true
  x509:
    clientCAFile: /etc/kubernetes/pki/ca.crt
authorization:
  mode: Webhook
  webhook:
    cacheAuthorizedTTL: 0s
    cacheUnauthorizedTTL: 0s
cgroupDriver: systemd
cgroupRoot: /kubelet
clusterDNS:
- 10.96.0.10
clusterDomain: cluster.local
containerRuntimeEndpoint: \"\"
cpuManagerReconcilePeriod: 0s
evictionHard:
  imagefs.available: 0%
  nodefs.available: 0%
  nodefs.inodesFree: 0%
evictionPressureTransitionPeriod: 0s
failSwapOn: false
fileCheckFrequency: 0s
healthzBindAddress: 127.0.0.1
healthzPort: 10248
httpCheckFrequency: 0s
imageGCHighThresholdPercent: 100
imageMaximumGCAge: 0s
imageMinimumGCAge: 0s
kind: KubeletConfiguration
logging:
  flushFrequency: 0
  options:
    json:
      infoBufferSize: \"0\"
    text:
      infoBufferSize: \"0\"
  verbosity: 0
memorySwap: {}
nodeStatusReportFrequency: 0s
nodeStatusUpdateFrequency: 0s
rotateCertificates: true
runtimeRequestTimeout: 0s
shutdownGracePeriod: 0s
shutdownGracePeriodCriticalPods: 0s
staticPodPath: /etc/kubernetes/manifests
streamingConnectionIdleTimeout: 0s
syncFrequency: 0s
volumeStatsAggPeriod: 0s
";

/// kind's local-path provisioner (v0.26's manifest): its namespace's
/// objects after the namespace itself.
const LOCAL_PATH_CONFIG: &str = r#"
apiVersion: v1
kind: ConfigMap
metadata:
  name: local-path-config
  namespace: local-path-storage
data:
  config.json: |-
    {
            "nodePathMap":[
            {
                    "node":"DEFAULT_PATH_FOR_NON_LISTED_NODES",
                    "paths":["/var/local-path-provisioner"]
            }
            ]
    }
  helperPod.yaml: |-
    apiVersion: v1
    kind: Pod
    metadata:
      name: helper-pod
    spec:
      containers:
      - name: helper-pod
        image: docker.io/kindest/local-path-helper:v20241108-5c6d2daf
        imagePullPolicy: IfNotPresent
  setup: |-
    #!/bin/sh
    set -eu
    mkdir -m 0777 -p "$VOL_DIR"
  teardown: |-
    #!/bin/sh
    set -eu
    rm -rf "$VOL_DIR"
"#;

const LOCAL_PATH_PROVISIONER: &str = r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: local-path-provisioner
  namespace: local-path-storage
spec:
  replicas: 1
  selector:
    matchLabels: {app: local-path-provisioner}
  template:
    metadata:
      labels: {app: local-path-provisioner}
    spec:
      serviceAccountName: local-path-provisioner-service-account
      containers:
      - name: local-path-provisioner
        image: docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf
        imagePullPolicy: IfNotPresent
        command:
        - local-path-provisioner
        - --debug
        - start
        - --helper-image
        - docker.io/kindest/local-path-helper:v20241108-5c6d2daf
        - --config
        - /etc/config/config.json
        volumeMounts:
        - {name: config-volume, mountPath: /etc/config/}
        env:
        - name: POD_NAMESPACE
          valueFrom:
            fieldRef: {fieldPath: metadata.namespace}
      volumes:
      - name: config-volume
        configMap: {name: local-path-config}
      tolerations:
      - {key: node-role.kubernetes.io/control-plane, operator: Equal, effect: NoSchedule}
      - {key: node-role.kubernetes.io/master, operator: Equal, effect: NoSchedule}
      nodeSelector:
        kubernetes.io/os: linux
        node-role.kubernetes.io/control-plane: ""
"#;

fn config_map(namespace: &str, name: &str, data: &[(&str, String)]) -> Object {
    Object::ConfigMap(Box::new(kubeplay_model::api::ConfigMap {
        metadata: kubeplay_model::ObjectMeta {
            name: name.into(),
            namespace: namespace.into(),
            ..Default::default()
        },
        data: data
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
        ..Default::default()
    }))
}

/// The cluster's CA as `kube-root-ca.crt` holds it.
fn cluster_ca() -> String {
    match crate::controllers::rootca::root_ca_config_map("kube-system") {
        Object::ConfigMap(cm) => cm.data.get("ca.crt").cloned().unwrap_or_default(),
        _ => String::new(),
    }
}

/// The kubeconfig kubeadm publishes in kube-public's `cluster-info`: the
/// cluster's endpoint and CA, no credentials.
fn cluster_info_kubeconfig(ca: &str) -> String {
    let ca = kubeplay_model::base64::encode(ca.as_bytes());
    format!(
        "apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: {ca}\n    server: https://kubeplay-control-plane:6443\n  name: \"\"\ncontexts: null\ncurrent-context: \"\"\nkind: Config\npreferences: {{}}\nusers: null\n"
    )
}

fn config_maps(now: kubeplay_model::Time) -> Vec<Object> {
    let ca = cluster_ca();
    // The date the API server first saw a legacy token in use (`since`).
    let since = now.rfc3339().get(..10).unwrap_or_default().to_string();
    vec![
        config_map(
            "kube-system",
            "extension-apiserver-authentication",
            &[
                ("client-ca-file", ca.clone()),
                (
                    "requestheader-allowed-names",
                    "[\"front-proxy-client\"]".into(),
                ),
                ("requestheader-client-ca-file", FRONT_PROXY_CA.into()),
                (
                    "requestheader-extra-headers-prefix",
                    "[\"X-Remote-Extra-\"]".into(),
                ),
                ("requestheader-group-headers", "[\"X-Remote-Group\"]".into()),
                (
                    "requestheader-username-headers",
                    "[\"X-Remote-User\"]".into(),
                ),
            ],
        ),
        config_map(
            "kube-system",
            "kube-apiserver-legacy-service-account-token-tracking",
            &[("since", since)],
        ),
        config_map(
            "kube-system",
            "kubeadm-config",
            &[("ClusterConfiguration", CLUSTER_CONFIGURATION.into())],
        ),
        config_map(
            "kube-system",
            "kubelet-config",
            &[("kubelet", KUBELET_CONFIGURATION.into())],
        ),
        config_map(
            "kube-public",
            "cluster-info",
            &[
                (
                    &format!("jws-kubeconfig-{TOKEN_ID}"),
                    cluster_info_signature(),
                ),
                ("kubeconfig", cluster_info_kubeconfig(&ca)),
            ],
        ),
    ]
}

/// kind's fixed bootstrap token (its kubeadm config's `bootstrapTokens`),
/// which its workers join with.
const TOKEN_ID: &str = "abcdef";
const TOKEN_SECRET: &str = "0123456789abcdef";

/// The bootstrap signer's detached JWS of `cluster-info`'s kubeconfig for
/// the token: its real header, and a fixed text in place of the HMAC the
/// simulated cluster does not compute.
fn cluster_info_signature() -> String {
    let header = kubeplay_model::base64::encode_url(
        format!("{{\"alg\":\"HS256\",\"kid\":\"{TOKEN_ID}\"}}").as_bytes(),
    );
    format!("{header}..a3ViZXBsYXktZmFrZS1obWFjLW5vdC1hLXNpZ25hdHVyZQ")
}

/// `kubeadm init`'s bootstrap token Secret (its default 24h lifetime).
fn bootstrap_token(now: kubeplay_model::Time) -> Object {
    let data = [
        (
            "auth-extra-groups",
            "system:bootstrappers:kubeadm:default-node-token".to_string(),
        ),
        ("expiration", now.plus_secs(24 * 3600).rfc3339()),
        ("token-id", TOKEN_ID.to_string()),
        ("token-secret", TOKEN_SECRET.to_string()),
        ("usage-bootstrap-authentication", "true".to_string()),
        ("usage-bootstrap-signing", "true".to_string()),
    ];
    Object::Secret(Box::new(kubeplay_model::api::Secret {
        metadata: kubeplay_model::ObjectMeta {
            name: format!("bootstrap-token-{TOKEN_ID}"),
            namespace: "kube-system".into(),
            ..Default::default()
        },
        data: data
            .iter()
            .map(|(k, v)| (k.to_string(), kubeplay_model::base64::encode(v.as_bytes())))
            .collect(),
        type_: Some("bootstrap.kubernetes.io/token".into()),
        ..Default::default()
    }))
}

fn service_account(namespace: &str, name: &str) -> Object {
    Object::ServiceAccount(Box::new(kubeplay_model::api::ServiceAccount {
        metadata: kubeplay_model::ObjectMeta {
            name: name.into(),
            namespace: namespace.into(),
            ..Default::default()
        },
        ..Default::default()
    }))
}

/// Writes this module's objects into the default cluster.
pub fn install(ctx: &mut Ctx, control_plane: &str) {
    let now = ctx.now();
    if let Some(node) = ctx
        .store()
        .get_by(Kind::Node, "", control_plane)
        .and_then(|o| o.as_node())
        .cloned()
    {
        let ip = node
            .status
            .addresses
            .iter()
            .find(|a| a.type_ == "InternalIP")
            .map(|a| a.address.clone())
            .unwrap_or_default();
        let seen = node.metadata.creation_timestamp.unwrap_or(now);
        for pod in
            crate::bootstrap_static::mirror_pods(control_plane, &node.metadata.uid, &ip, seen)
        {
            let _ = ctx.create_system(Object::Pod(Box::new(pod)));
        }
    }
    for account in CONTROLLER_ACCOUNTS.iter().chain(&["kindnet"]) {
        let _ = ctx.create_system(service_account("kube-system", account));
    }
    for cm in config_maps(now) {
        let _ = ctx.create_system(cm);
    }
    let _ = ctx.create_system(bootstrap_token(now));
    let _ = ctx.create_system(crate::bootstrap::namespace("local-path-storage"));
    let _ = ctx.create_system(crate::controllers::serviceaccount::default_service_account(
        "local-path-storage",
    ));
    let _ = ctx.create_system(crate::controllers::rootca::root_ca_config_map(
        "local-path-storage",
    ));
    let _ = ctx.create_system(service_account(
        "local-path-storage",
        "local-path-provisioner-service-account",
    ));
    if let Some(obj) = crate::bootstrap::manifest(LOCAL_PATH_CONFIG) {
        let _ = ctx.create_system(obj);
    }
    if let Some(obj) = crate::bootstrap::manifest(LOCAL_PATH_PROVISIONER) {
        if let Ok(created) = ctx.create_system(obj) {
            local_path_provisioner(ctx, &created, control_plane);
        }
    }
}

/// The ReplicaSet and pod the deployment controller, the ReplicaSet
/// controller and the scheduler make for the provisioner (its node
/// selector leaves them one node), written here with draws of their own:
/// made by the controllers, they drew from the world's source and renamed
/// CoreDNS's pods and moved one.
fn local_path_provisioner(ctx: &mut Ctx, deployment: &Object, control_plane: &str) {
    use crate::controllers::deployment::util::{
        compute_hash, set_new_rs_annotations, HASH_LABEL, MAX_REV_HISTORY_CHARS,
    };
    use kubeplay_model::api::{ReplicaSet, ReplicaSetSpec};
    let Some(d) = deployment.as_deployment() else {
        return;
    };
    let mut template = d.spec.template.clone();
    let hash = compute_hash(&template, d.status.collision_count);
    template
        .metadata
        .labels
        .insert(HASH_LABEL.into(), hash.clone());
    let mut selector = d.spec.selector.clone().unwrap_or_default();
    selector
        .match_labels
        .insert(HASH_LABEL.into(), hash.clone());
    let owner = kubeplay_model::OwnerReference {
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        name: d.metadata.name.clone(),
        uid: d.metadata.uid.clone(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    };
    let mut rs = ReplicaSet {
        metadata: kubeplay_model::ObjectMeta {
            name: format!("{}-{hash}", d.metadata.name),
            namespace: d.metadata.namespace.clone(),
            owner_references: vec![owner].into(),
            labels: template.metadata.labels.clone(),
            ..Default::default()
        },
        spec: ReplicaSetSpec {
            replicas: d.spec.replicas,
            min_ready_seconds: d.spec.min_ready_seconds,
            selector: Some(selector),
            template,
        },
        status: Default::default(),
    };
    set_new_rs_annotations(d, &mut rs, "1", false, MAX_REV_HISTORY_CHARS);
    let Ok(rs) = ctx.create_system(Object::ReplicaSet(Box::new(rs))) else {
        return;
    };
    let Some(template) = rs.as_replica_set().map(|r| r.spec.template.clone()) else {
        return;
    };
    let mut pod = crate::controllers::replicaset::pod_from_template(&rs, &template);
    pod.spec_mut().node_name = Some(control_plane.into());
    let Ok(pod) = ctx.create_system(Object::Pod(Box::new(pod))) else {
        return;
    };
    // The events those three components would have recorded, with draws
    // of their own (the recorder writes them with the world's source).
    let name = pod.name().to_string();
    let seed = kubeplay_model::fnv::Fnv::new()
        .bytes(name.as_bytes())
        .finish();
    let world_rng = std::mem::replace(&mut ctx.world_mut().rng, crate::rng::Rng::new(seed));
    ctx.event_from(
        deployment,
        "Normal",
        "ScalingReplicaSet",
        format!("Scaled up replica set {} from 0 to 1", rs.name()),
        "deployment-controller",
        None,
    );
    ctx.event_from(
        &rs,
        "Normal",
        "SuccessfulCreate",
        format!("Created pod: {name}"),
        "replicaset-controller",
        None,
    );
    ctx.event_v1(
        &pod,
        None,
        "Normal",
        "Scheduled",
        "Binding",
        format!(
            "Successfully assigned {}/{name} to {control_plane}",
            pod.namespace()
        ),
    );
    ctx.world_mut().rng = world_rng;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The controller manager's accounts are those of the controllers'
    /// roles the API server's bootstrap policy binds (`CC` lines), less
    /// the cloud provider's, plus the two kubeadm turns on.
    #[test]
    fn controller_accounts_match_the_bootstrap_policys_controllers() {
        let mut from_policy: Vec<String> = include_str!("bootstrap_rbac.txt")
            .lines()
            .filter_map(|l| l.strip_prefix("CC "))
            .map(|n| n.trim().to_string())
            .filter(|n| n != "route-controller" && n != "service-controller")
            .chain(["bootstrap-signer".to_string(), "token-cleaner".to_string()])
            .collect();
        kubeplay_model::sort::sort(&mut from_policy);
        assert_eq!(from_policy, CONTROLLER_ACCOUNTS.map(String::from).to_vec());
    }

    #[test]
    fn cluster_info_carries_the_cluster_ca() {
        let kubeconfig = cluster_info_kubeconfig(&cluster_ca());
        let line = kubeconfig
            .lines()
            .find_map(|l| l.trim().strip_prefix("certificate-authority-data: "))
            .unwrap();
        let decoded = kubeplay_model::base64::decode(line).unwrap();
        assert!(String::from_utf8(decoded)
            .unwrap()
            .starts_with("-----BEGIN CERTIFICATE-----"));
    }
}
