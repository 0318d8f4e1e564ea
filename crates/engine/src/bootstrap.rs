//! The default cluster a fresh playground starts with, shaped like a fresh
//! four-node kind v1.32 cluster: a tainted control-plane node and three
//! workers in three zones, the system namespaces, the `kubernetes` Service,
//! CoreDNS and kube-proxy as kubeadm installs them (its
//! `phases/addons/{dns,proxy}` manifests), kindnet, the `standard`
//! StorageClass, the RBAC roles and bindings of the API server,
//! kubeadm and kind (`bootstrap_rbac`), and the rest of what a fresh kind
//! cluster shows (`bootstrap_kind`: the control plane's mirror pods from
//! `bootstrap_static`, the local-path provisioner, the controller
//! manager's service accounts, kubeadm's ConfigMaps). (Zones are the playground's own
//! addition, for the spreading lessons: kind sets none; the control plane
//! gets none.)

use crate::controller::Ctx;
use kubeplay_model::api::*;
use kubeplay_model::{Condition, IntOrString, LabelSelector, Object, ObjectMeta, Quantity, Time};
use std::collections::BTreeMap;

pub const KUBELET_VERSION: &str = "v1.32.0";

/// Shape of a simulated node.
#[derive(Clone, Debug)]
pub struct NodeSpecInput {
    pub name: String,
    pub cpu: Quantity,
    pub memory: Quantity,
    pub pods: i64,
    pub labels: BTreeMap<String, String>,
    pub taints: Vec<Taint>,
}

impl NodeSpecInput {
    pub fn worker(name: &str, zone: &str) -> NodeSpecInput {
        NodeSpecInput {
            name: name.into(),
            cpu: Quantity::from_value(4),
            memory: Quantity::parse("8Gi").unwrap_or_default(),
            pods: 110,
            labels: BTreeMap::from([("topology.kubernetes.io/zone".to_string(), zone.to_string())]),
            taints: Vec::new(),
        }
    }
}

/// The pod CIDR of the node with this index: kind's `10.244.N.0/24` for
/// the first 256 nodes; larger clusters continue in `10.128.0.0/9`, as a
/// cluster CIDR sized for thousands of nodes would.
pub fn pod_cidr(index: usize) -> String {
    if index < 256 {
        format!("10.244.{index}.0/24")
    } else {
        let i = index - 256;
        format!("10.{}.{}.0/24", 128 + (i / 256) % 116, i % 256)
    }
}

/// The node's InternalIP on the kind network (172.18.0.0/16).
pub fn node_ip(index: usize) -> String {
    let n = index + 2;
    format!("172.18.{}.{}", (n / 256) % 256, n % 256)
}

/// A Ready node object with the given index (for its IP and pod CIDR).
pub fn make_node(input: &NodeSpecInput, index: usize, now: Time) -> Node {
    let mut labels = BTreeMap::from([
        ("beta.kubernetes.io/arch".to_string(), "amd64".to_string()),
        ("beta.kubernetes.io/os".to_string(), "linux".to_string()),
        ("kubernetes.io/arch".to_string(), "amd64".to_string()),
        ("kubernetes.io/hostname".to_string(), input.name.clone()),
        ("kubernetes.io/os".to_string(), "linux".to_string()),
    ]);
    labels.extend(input.labels.clone());
    // What kubeadm (v1.32) and the controller manager put on every node.
    let annotations = BTreeMap::from([
        ("kubeadm.alpha.kubernetes.io/cri-socket".to_string(), "unix:///run/containerd/containerd.sock".to_string()),
        ("node.alpha.kubernetes.io/ttl".to_string(), "0".to_string()),
        ("volumes.kubernetes.io/controller-managed-attach-detach".to_string(), "true".to_string()),
    ]);
    let resources = BTreeMap::from([
        ("cpu".to_string(), input.cpu.clone()),
        ("ephemeral-storage".to_string(), Quantity::parse("100Gi").unwrap_or_default()),
        ("memory".to_string(), input.memory.clone()),
        ("pods".to_string(), Quantity::from_value(input.pods)),
    ]);
    let cond = |t: &str, s: &str, reason: &str, msg: &str| Condition {
        type_: t.into(),
        status: s.into(),
        last_heartbeat_time: Some(now),
        last_transition_time: Some(now),
        reason: Some(reason.into()),
        message: Some(msg.into()),
        ..Default::default()
    };
    Node {
        metadata: ObjectMeta { name: input.name.clone(), labels: labels.into(), annotations: annotations.into(), ..Default::default() },
        spec: NodeSpec {
            pod_cidr: Some(pod_cidr(index)),
            pod_cidrs: vec![pod_cidr(index)],
            provider_id: Some(format!("kind://docker/kubeplay/{}", input.name)),
            unschedulable: None,
            taints: input.taints.clone(),
        },
        status: NodeStatus {
            capacity: resources.clone(),
            allocatable: resources,
            phase: None,
            conditions: vec![
                cond("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
                cond("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
                cond("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
                cond("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
            ],
            addresses: vec![
                NodeAddress { type_: "InternalIP".into(), address: node_ip(index) },
                NodeAddress { type_: "Hostname".into(), address: input.name.clone() },
            ],
            daemon_endpoints: None,
            node_info: Some(NodeSystemInfo {
                machine_id: format!("{:032x}", index + 1),
                system_uuid: format!("{:08x}-0000-4000-8000-{:012x}", index + 1, index + 1),
                boot_id: format!("{:08x}-0000-4000-8000-{:012x}", index + 101, index + 101),
                kernel_version: "6.8.0-45-generic".into(),
                os_image: "Debian GNU/Linux 12 (bookworm)".into(),
                container_runtime_version: "containerd://1.7.24".into(),
                kubelet_version: KUBELET_VERSION.into(),
                kube_proxy_version: KUBELET_VERSION.into(),
                operating_system: "linux".into(),
                architecture: "amd64".into(),
            }),
            images: Vec::new(),
        },
    }
}

pub fn default_nodes() -> Vec<NodeSpecInput> {
    let mut cp = NodeSpecInput::worker("kubeplay-control-plane", "zone-a");
    cp.cpu = Quantity::from_value(2);
    cp.memory = Quantity::parse("4Gi").unwrap_or_default();
    // kubeadm labels the control plane so that load balancers leave it out.
    cp.labels = BTreeMap::from([
        ("node-role.kubernetes.io/control-plane".to_string(), String::new()),
        ("node.kubernetes.io/exclude-from-external-load-balancers".to_string(), String::new()),
    ]);
    cp.taints = vec![Taint { key: "node-role.kubernetes.io/control-plane".into(), value: None, effect: "NoSchedule".into(), time_added: None }];
    vec![
        cp,
        NodeSpecInput::worker("kubeplay-worker", "zone-a"),
        NodeSpecInput::worker("kubeplay-worker2", "zone-b"),
        NodeSpecInput::worker("kubeplay-worker3", "zone-c"),
    ]
}

pub(crate) fn namespace(name: &str) -> Object {
    Object::Namespace(Box::new(Namespace {
        metadata: ObjectMeta {
            name: name.into(),
            labels: BTreeMap::from([("kubernetes.io/metadata.name".to_string(), name.to_string())]).into(),
            ..Default::default()
        },
        spec: NamespaceSpec { finalizers: vec!["kubernetes".into()] },
        status: NamespaceStatus { phase: Some("Active".into()), conditions: Vec::new() },
    }))
}

/// kubeadm's CoreDNS Deployment for v1.32 (its probes on numbered ports;
/// named ones came in v1.34), in kind's image.
const COREDNS: &str = r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: coredns
  namespace: kube-system
  labels: {k8s-app: kube-dns}
spec:
  replicas: 2
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 1}
  selector:
    matchLabels: {k8s-app: kube-dns}
  template:
    metadata:
      labels: {k8s-app: kube-dns}
    spec:
      priorityClassName: system-cluster-critical
      serviceAccountName: coredns
      affinity:
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 100
            podAffinityTerm:
              labelSelector:
                matchExpressions:
                - {key: k8s-app, operator: In, values: [kube-dns]}
              topologyKey: kubernetes.io/hostname
      tolerations:
      - {key: CriticalAddonsOnly, operator: Exists}
      - {key: node-role.kubernetes.io/control-plane, effect: NoSchedule}
      nodeSelector: {kubernetes.io/os: linux}
      containers:
      - name: coredns
        image: registry.k8s.io/coredns/coredns:v1.11.3
        imagePullPolicy: IfNotPresent
        resources:
          limits: {memory: 170Mi}
          requests: {cpu: 100m, memory: 70Mi}
        args: [-conf, /etc/coredns/Corefile]
        volumeMounts:
        - {name: config-volume, mountPath: /etc/coredns, readOnly: true}
        ports:
        - {containerPort: 53, name: dns, protocol: UDP}
        - {containerPort: 53, name: dns-tcp, protocol: TCP}
        - {containerPort: 9153, name: metrics, protocol: TCP}
        livenessProbe:
          httpGet: {path: /health, port: 8080, scheme: HTTP}
          initialDelaySeconds: 60
          timeoutSeconds: 5
          successThreshold: 1
          failureThreshold: 5
        readinessProbe:
          httpGet: {path: /ready, port: 8181, scheme: HTTP}
        securityContext:
          allowPrivilegeEscalation: false
          capabilities:
            add: [NET_BIND_SERVICE]
            drop: [ALL]
          readOnlyRootFilesystem: true
      dnsPolicy: Default
      volumes:
      - name: config-volume
        configMap:
          name: coredns
          items:
          - {key: Corefile, path: Corefile}
"#;

/// CoreDNS's configuration as kubeadm v1.32 writes it for `cluster.local`.
const COREDNS_CONFIG: &str = r#"
apiVersion: v1
kind: ConfigMap
metadata:
  name: coredns
  namespace: kube-system
data:
  Corefile: |
    .:53 {
        errors
        health {
           lameduck 5s
        }
        ready
        kubernetes cluster.local in-addr.arpa ip6.arpa {
           pods insecure
           fallthrough in-addr.arpa ip6.arpa
           ttl 30
        }
        prometheus :9153
        forward . /etc/resolv.conf {
           max_concurrent 1000
        }
        cache 30 {
           disable success cluster.local
           disable denial cluster.local
        }
        loop
        reload
        loadbalance
    }
"#;

/// The Corefile the default cluster's CoreDNS starts with (what its
/// reload plugin digests into the start line `kubectl logs` shows).
pub fn default_corefile() -> String {
    match manifest(COREDNS_CONFIG) {
        Some(Object::ConfigMap(cm)) => cm.data.get("Corefile").cloned().unwrap_or_default(),
        _ => String::new(),
    }
}

/// kubeadm's kube-proxy DaemonSet (v1.32: privileged).
const KUBE_PROXY: &str = r#"
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: kube-proxy
  namespace: kube-system
  labels: {k8s-app: kube-proxy}
spec:
  selector:
    matchLabels: {k8s-app: kube-proxy}
  updateStrategy: {type: RollingUpdate}
  template:
    metadata:
      labels: {k8s-app: kube-proxy}
    spec:
      priorityClassName: system-node-critical
      containers:
      - name: kube-proxy
        image: registry.k8s.io/kube-proxy:v1.32.0
        imagePullPolicy: IfNotPresent
        command:
        - /usr/local/bin/kube-proxy
        - --config=/var/lib/kube-proxy/config.conf
        - --hostname-override=$(NODE_NAME)
        securityContext: {privileged: true}
        volumeMounts:
        - {mountPath: /var/lib/kube-proxy, name: kube-proxy}
        - {mountPath: /run/xtables.lock, name: xtables-lock, readOnly: false}
        - {mountPath: /lib/modules, name: lib-modules, readOnly: true}
        env:
        - name: NODE_NAME
          valueFrom:
            fieldRef: {fieldPath: spec.nodeName}
      hostNetwork: true
      serviceAccountName: kube-proxy
      volumes:
      - name: kube-proxy
        configMap: {name: kube-proxy}
      - name: xtables-lock
        hostPath: {path: /run/xtables.lock, type: FileOrCreate}
      - name: lib-modules
        hostPath: {path: /lib/modules}
      tolerations:
      - {key: CriticalAddonsOnly, operator: Exists}
      - {operator: Exists}
      nodeSelector: {kubernetes.io/os: linux}
"#;

/// kube-proxy's configuration and kubeconfig. kubeadm writes the whole
/// defaulted KubeProxyConfiguration; this keeps the settings kind's
/// kubeadm config changes (iptables mode, kind's pod subnet, conntrack,
/// sync period) and leaves the defaults out.
const KUBE_PROXY_CONFIG: &str = r#"
apiVersion: v1
kind: ConfigMap
metadata:
  name: kube-proxy
  namespace: kube-system
  labels: {app: kube-proxy}
data:
  config.conf: |-
    apiVersion: kubeproxy.config.k8s.io/v1alpha1
    kind: KubeProxyConfiguration
    bindAddress: 0.0.0.0
    clientConnection:
      kubeconfig: /var/lib/kube-proxy/kubeconfig.conf
    clusterCIDR: 10.244.0.0/16
    conntrack:
      maxPerCore: 0
    iptables:
      minSyncPeriod: 1s
    mode: iptables
  kubeconfig.conf: |-
    apiVersion: v1
    kind: Config
    clusters:
    - cluster:
        certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt
        server: https://kubeplay-control-plane:6443
      name: default
    contexts:
    - context:
        cluster: default
        namespace: default
        user: default
      name: default
    current-context: default
    users:
    - name: default
      user:
        tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token
"#;

/// One object of a manifest above, decoded as `kubectl apply` would.
pub(crate) fn manifest(yaml: &str) -> Option<Object> {
    kubeplay_codec::decode_manifests(yaml).items.into_iter().next()?.ok().map(|d| d.object)
}

/// A kube-system DaemonSet as kind installs it: on every node (it
/// tolerates every taint), Linux only.
fn system_daemonset(name: &str, image: &str, tolerations: Vec<Toleration>, requests: &[(&str, &str)]) -> Object {
    let labels = BTreeMap::from([("k8s-app".to_string(), name.to_string())]);
    let container = Container {
        name: name.into(),
        image: Some(image.into()),
        resources: ResourceRequirements {
            limits: Default::default(),
            requests: requests.iter().map(|(k, v)| (k.to_string(), Quantity::parse(v).unwrap_or_default())).collect(),
            claims: None,
        },
        ..Default::default()
    };
    Object::DaemonSet(Box::new(DaemonSet {
        metadata: ObjectMeta {
            name: name.into(),
            namespace: "kube-system".into(),
            labels: labels.clone().into(),
            annotations: BTreeMap::from([("deprecated.daemonset.template.generation".to_string(), "1".to_string())]).into(),
            ..Default::default()
        },
        spec: DaemonSetSpec {
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: Vec::new() }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels.into(), ..Default::default() },
                spec: PodSpec {
                    containers: vec![container].into(),
                    host_network: Some(true),
                    priority_class_name: Some("system-node-critical".into()),
                    node_selector: BTreeMap::from([("kubernetes.io/os".to_string(), "linux".to_string())]),
                    tolerations: tolerations.into(),
                    ..Default::default()
                },
            },
            update_strategy: Some(DaemonSetUpdateStrategy {
                type_: Some("RollingUpdate".into()),
                rolling_update: Some(RollingUpdateDeployment { max_unavailable: Some(IntOrString::Int(1)), max_surge: Some(IntOrString::Int(0)) }),
            }),
            revision_history_limit: Some(10),
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn kindnet() -> Object {
    let no_schedule = Toleration { operator: Some("Exists".into()), effect: Some("NoSchedule".into()), ..Default::default() };
    system_daemonset("kindnet", "docker.io/kindest/kindnetd:v20241108-5c6d2daf", vec![no_schedule], &[("cpu", "100m"), ("memory", "50Mi")])
}

/// kind's default StorageClass: the local-path provisioner, binding a
/// claim only once a pod using it is scheduled.
fn standard_storage_class() -> Object {
    Object::StorageClass(Box::new(StorageClass {
        metadata: ObjectMeta {
            name: "standard".into(),
            annotations: BTreeMap::from([("storageclass.kubernetes.io/is-default-class".to_string(), "true".to_string())]).into(),
            ..Default::default()
        },
        provisioner: "rancher.io/local-path".into(),
        parameters: BTreeMap::new(),
        reclaim_policy: Some("Delete".into()),
        mount_options: None,
        allow_volume_expansion: None,
        volume_binding_mode: Some("WaitForFirstConsumer".into()),
        allowed_topologies: None,
    }))
}

fn kubernetes_service() -> Object {
    Object::Service(Box::new(Service {
        metadata: ObjectMeta {
            name: "kubernetes".into(),
            namespace: "default".into(),
            labels: BTreeMap::from([
                ("component".to_string(), "apiserver".to_string()),
                ("provider".to_string(), "kubernetes".to_string()),
            ]).into(),
            ..Default::default()
        },
        spec: ServiceSpec {
            ports: vec![ServicePort { name: Some("https".into()), protocol: Some("TCP".into()), port: 443, target_port: Some(IntOrString::Int(6443)), ..Default::default() }],
            cluster_ip: Some("10.96.0.1".into()),
            cluster_ips: vec!["10.96.0.1".into()],
            type_: Some("ClusterIP".into()),
            session_affinity: Some("None".into()),
            ..Default::default()
        },
        status: Default::default(),
    }))
}

/// The API server maintains the `kubernetes` Service's endpoints itself:
/// the control-plane node's address on the secure port.
fn kubernetes_endpoints() -> Object {
    Object::Endpoints(Box::new(Endpoints {
        metadata: ObjectMeta {
            name: "kubernetes".into(),
            namespace: "default".into(),
            labels: BTreeMap::from([("endpointslice.kubernetes.io/skip-mirror".to_string(), "true".to_string())]).into(),
            ..Default::default()
        },
        subsets: vec![EndpointSubset {
            addresses: vec![EndpointAddress { ip: "172.18.0.2".into(), ..Default::default() }],
            not_ready_addresses: vec![],
            ports: vec![EndpointPort { name: Some("https".into()), port: 6443, protocol: Some("TCP".into()), app_protocol: None }],
        }],
    }))
}

/// The API server writes the same endpoints as a slice of its own name
/// (`endpointsadapter`): no managed-by label, and the Endpoints object's
/// skip-mirror label keeps the mirroring controller off it.
fn kubernetes_endpoint_slice() -> Object {
    Object::EndpointSlice(Box::new(EndpointSlice {
        metadata: ObjectMeta {
            name: "kubernetes".into(),
            namespace: "default".into(),
            labels: BTreeMap::from([("kubernetes.io/service-name".to_string(), "kubernetes".to_string())]).into(),
            ..Default::default()
        },
        address_type: "IPv4".into(),
        endpoints: vec![SliceEndpoint { addresses: vec!["172.18.0.2".into()], conditions: SliceConditions { ready: Some(true), ..Default::default() }, ..Default::default() }],
        ports: vec![SlicePort { name: Some("https".into()), protocol: Some("TCP".into()), port: Some(6443), app_protocol: None }],
    }))
}

fn kube_dns_service() -> Object {
    let labels = BTreeMap::from([
        ("k8s-app".to_string(), "kube-dns".to_string()),
        ("kubernetes.io/cluster-service".to_string(), "true".to_string()),
        ("kubernetes.io/name".to_string(), "CoreDNS".to_string()),
    ]);
    let port = |name: &str, port: i32, protocol: &str| ServicePort {
        name: Some(name.into()),
        protocol: Some(protocol.into()),
        port,
        target_port: Some(IntOrString::Int(port)),
        ..Default::default()
    };
    Object::Service(Box::new(Service {
        metadata: ObjectMeta {
            name: "kube-dns".into(),
            namespace: "kube-system".into(),
            labels: labels.into(),
            annotations: BTreeMap::from([("prometheus.io/port".to_string(), "9153".to_string()), ("prometheus.io/scrape".to_string(), "true".to_string())]).into(),
            ..Default::default()
        },
        spec: ServiceSpec {
            ports: vec![port("dns", 53, "UDP"), port("dns-tcp", 53, "TCP"), port("metrics", 9153, "TCP")],
            selector: BTreeMap::from([("k8s-app".to_string(), "kube-dns".to_string())]),
            cluster_ip: Some("10.96.0.10".into()),
            type_: Some("ClusterIP".into()),
            session_affinity: Some("None".into()),
            ..Default::default()
        },
        status: Default::default(),
    }))
}

/// The PriorityClasses every cluster has (scheduling's
/// `SystemPriorityClasses`): the API server creates them at start.
fn system_priority_classes() -> [Object; 2] {
    let pc = |name: &str, value: i32, description: &str| {
        Object::PriorityClass(Box::new(PriorityClass {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            value,
            global_default: Some(false),
            description: Some(description.into()),
            preemption_policy: Some("PreemptLowerPriority".into()),
        }))
    };
    [
        pc("system-node-critical", 2_000_001_000, "Used for system critical pods that must not be moved from their current node."),
        pc("system-cluster-critical", 2_000_000_000, "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary."),
    ]
}

fn service_account(namespace: &str, name: &str) -> Object {
    Object::ServiceAccount(Box::new(kubeplay_model::api::ServiceAccount {
        metadata: ObjectMeta { name: name.into(), namespace: namespace.into(), ..Default::default() },
        ..Default::default()
    }))
}

/// Writes the default cluster's objects.
pub fn install_default_cluster(ctx: &mut Ctx) {
    let now = ctx.now();
    for pc in system_priority_classes() {
        let _ = ctx.create_system(pc);
    }
    for n in ["default", "kube-system", "kube-public", "kube-node-lease"] {
        let _ = ctx.create(namespace(n));
        // What the service account controller and the root CA publisher
        // would have made by the time a user looks.
        let _ = ctx.create_system(crate::controllers::serviceaccount::default_service_account(n));
        let _ = ctx.create_system(crate::controllers::rootca::root_ca_config_map(n));
    }
    for (i, input) in default_nodes().iter().enumerate() {
        let _ = ctx.create(Object::Node(Box::new(make_node(input, i, now))));
    }
    let _ = ctx.create(kubernetes_service());
    let _ = ctx.create(kubernetes_endpoints());
    // Drawn apart from the world's random source, so that adding it
    // renamed nothing created after it.
    let _ = ctx.create_system(kubernetes_endpoint_slice());
    let _ = ctx.create(kube_dns_service());
    // kubeadm's add-ons run as their own service accounts, which it creates
    // with them (admission refuses a pod naming an account that is missing).
    for account in ["coredns", "kube-proxy"] {
        let _ = ctx.create_system(service_account("kube-system", account));
    }
    for addon in [COREDNS_CONFIG, COREDNS] {
        if let Some(obj) = manifest(addon) {
            let _ = ctx.create(obj);
        }
    }
    let _ = ctx.create(kindnet());
    for addon in [KUBE_PROXY_CONFIG, KUBE_PROXY] {
        if let Some(obj) = manifest(addon) {
            let _ = ctx.create(obj);
        }
    }
    let _ = ctx.create(standard_storage_class());
    // The API server writes its bootstrap policy before anything else
    // exists; made last here, with draws of their own, so that adding them
    // renamed nothing made before.
    for obj in crate::bootstrap_rbac::objects().unwrap_or_default() {
        let _ = ctx.create_system(obj);
    }
    if let Some(control_plane) = default_nodes().first() {
        crate::bootstrap_kind::install(ctx, &control_plane.name);
    }
    ctx.explain("the default cluster is created: 1 control-plane node, 3 workers, system namespaces, CoreDNS, kindnet and kube-proxy on every node, the standard StorageClass, the local-path provisioner, the control plane's static pods, and the RBAC roles and bindings of the API server, kubeadm and kind");
}
