//! The control plane's static pods, as kubeadm v1.32 writes their
//! manifests into the control-plane node's `/etc/kubernetes/manifests`
//! (`phases/controlplane/manifests.go`, `phases/etcd/local.go`) with kind's
//! settings (cluster name, pod subnet, empty `runtime-config`), and the
//! mirror pods the kubelet posts for them. Probes are left out: they
//! would tick for every static pod in every session, and nothing probes
//! these processes in the playground.

use kubeplay_model::api::Pod;
use kubeplay_model::{Object, OwnerReference, Time};
use std::collections::BTreeMap;

/// The four components, each `(name, manifest)`; the manifest's `@NODE@`
/// and `@IP@` are the node's name and InternalIP.
const COMPONENTS: [(&str, &str); 4] = [
    ("etcd", ETCD),
    ("kube-apiserver", APISERVER),
    ("kube-controller-manager", CONTROLLER_MANAGER),
    ("kube-scheduler", SCHEDULER),
];

const ETCD: &str = r#"
apiVersion: v1
kind: Pod
metadata:
  name: etcd-@NODE@
  namespace: kube-system
  labels: {component: etcd, tier: control-plane}
  annotations: {kubeadm.kubernetes.io/etcd.advertise-client-urls: "https://@IP@:2379"}
spec:
  containers:
  - name: etcd
    image: registry.k8s.io/etcd:3.5.16-0
    imagePullPolicy: IfNotPresent
    command:
    - etcd
    - --advertise-client-urls=https://@IP@:2379
    - --cert-file=/etc/kubernetes/pki/etcd/server.crt
    - --client-cert-auth=true
    - --data-dir=/var/lib/etcd
    - --experimental-initial-corrupt-check=true
    - --experimental-watch-progress-notify-interval=5s
    - --initial-advertise-peer-urls=https://@IP@:2380
    - --initial-cluster=@NODE@=https://@IP@:2380
    - --key-file=/etc/kubernetes/pki/etcd/server.key
    - --listen-client-urls=https://127.0.0.1:2379,https://@IP@:2379
    - --listen-metrics-urls=http://127.0.0.1:2381
    - --listen-peer-urls=https://@IP@:2380
    - --name=@NODE@
    - --peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt
    - --peer-client-cert-auth=true
    - --peer-key-file=/etc/kubernetes/pki/etcd/peer.key
    - --peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt
    - --snapshot-count=10000
    - --trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt
    resources:
      requests: {cpu: 100m, memory: 100Mi}
    volumeMounts:
    - {mountPath: /var/lib/etcd, name: etcd-data}
    - {mountPath: /etc/kubernetes/pki/etcd, name: etcd-certs}
  hostNetwork: true
  priorityClassName: system-node-critical
  securityContext:
    seccompProfile: {type: RuntimeDefault}
  tolerations:
  - {effect: NoExecute, operator: Exists}
  volumes:
  - hostPath: {path: /etc/kubernetes/pki/etcd, type: DirectoryOrCreate}
    name: etcd-certs
  - hostPath: {path: /var/lib/etcd, type: DirectoryOrCreate}
    name: etcd-data
"#;

const APISERVER: &str = r#"
apiVersion: v1
kind: Pod
metadata:
  name: kube-apiserver-@NODE@
  namespace: kube-system
  labels: {component: kube-apiserver, tier: control-plane}
  annotations: {kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint: "@IP@:6443"}
spec:
  containers:
  - name: kube-apiserver
    image: registry.k8s.io/kube-apiserver:v1.32.0
    imagePullPolicy: IfNotPresent
    command:
    - kube-apiserver
    - --advertise-address=@IP@
    - --allow-privileged=true
    - --authorization-mode=Node,RBAC
    - --client-ca-file=/etc/kubernetes/pki/ca.crt
    - --enable-admission-plugins=NodeRestriction
    - --enable-bootstrap-token-auth=true
    - --etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt
    - --etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt
    - --etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key
    - --etcd-servers=https://127.0.0.1:2379
    - --kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt
    - --kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key
    - --kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname
    - --proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt
    - --proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key
    - --requestheader-allowed-names=front-proxy-client
    - --requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt
    - --requestheader-extra-headers-prefix=X-Remote-Extra-
    - --requestheader-group-headers=X-Remote-Group
    - --requestheader-username-headers=X-Remote-User
    - --runtime-config=
    - --secure-port=6443
    - --service-account-issuer=https://kubernetes.default.svc.cluster.local
    - --service-account-key-file=/etc/kubernetes/pki/sa.pub
    - --service-account-signing-key-file=/etc/kubernetes/pki/sa.key
    - --service-cluster-ip-range=10.96.0.0/16
    - --tls-cert-file=/etc/kubernetes/pki/apiserver.crt
    - --tls-private-key-file=/etc/kubernetes/pki/apiserver.key
    resources:
      requests: {cpu: 250m}
    volumeMounts:
    - {mountPath: /etc/ssl/certs, name: ca-certs, readOnly: true}
    - {mountPath: /etc/ca-certificates, name: etc-ca-certificates, readOnly: true}
    - {mountPath: /etc/kubernetes/pki, name: k8s-certs, readOnly: true}
    - {mountPath: /usr/local/share/ca-certificates, name: usr-local-share-ca-certificates, readOnly: true}
    - {mountPath: /usr/share/ca-certificates, name: usr-share-ca-certificates, readOnly: true}
  hostNetwork: true
  priorityClassName: system-node-critical
  securityContext:
    seccompProfile: {type: RuntimeDefault}
  tolerations:
  - {effect: NoExecute, operator: Exists}
  volumes:
  - hostPath: {path: /etc/ssl/certs, type: DirectoryOrCreate}
    name: ca-certs
  - hostPath: {path: /etc/ca-certificates, type: DirectoryOrCreate}
    name: etc-ca-certificates
  - hostPath: {path: /etc/kubernetes/pki, type: DirectoryOrCreate}
    name: k8s-certs
  - hostPath: {path: /usr/local/share/ca-certificates, type: DirectoryOrCreate}
    name: usr-local-share-ca-certificates
  - hostPath: {path: /usr/share/ca-certificates, type: DirectoryOrCreate}
    name: usr-share-ca-certificates
"#;

const CONTROLLER_MANAGER: &str = r#"
apiVersion: v1
kind: Pod
metadata:
  name: kube-controller-manager-@NODE@
  namespace: kube-system
  labels: {component: kube-controller-manager, tier: control-plane}
spec:
  containers:
  - name: kube-controller-manager
    image: registry.k8s.io/kube-controller-manager:v1.32.0
    imagePullPolicy: IfNotPresent
    command:
    - kube-controller-manager
    - --allocate-node-cidrs=true
    - --authentication-kubeconfig=/etc/kubernetes/controller-manager.conf
    - --authorization-kubeconfig=/etc/kubernetes/controller-manager.conf
    - --bind-address=127.0.0.1
    - --client-ca-file=/etc/kubernetes/pki/ca.crt
    - --cluster-cidr=10.244.0.0/16
    - --cluster-name=kubeplay
    - --cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt
    - --cluster-signing-key-file=/etc/kubernetes/pki/ca.key
    - --controllers=*,bootstrapsigner,tokencleaner
    - --enable-hostpath-provisioner=true
    - --kubeconfig=/etc/kubernetes/controller-manager.conf
    - --leader-elect=true
    - --requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt
    - --root-ca-file=/etc/kubernetes/pki/ca.crt
    - --service-account-private-key-file=/etc/kubernetes/pki/sa.key
    - --service-cluster-ip-range=10.96.0.0/16
    - --use-service-account-credentials=true
    resources:
      requests: {cpu: 200m}
    volumeMounts:
    - {mountPath: /etc/ssl/certs, name: ca-certs, readOnly: true}
    - {mountPath: /etc/ca-certificates, name: etc-ca-certificates, readOnly: true}
    - {mountPath: /usr/libexec/kubernetes/kubelet-plugins/volume/exec, name: flexvolume-dir}
    - {mountPath: /etc/kubernetes/pki, name: k8s-certs, readOnly: true}
    - {mountPath: /etc/kubernetes/controller-manager.conf, name: kubeconfig, readOnly: true}
    - {mountPath: /usr/local/share/ca-certificates, name: usr-local-share-ca-certificates, readOnly: true}
    - {mountPath: /usr/share/ca-certificates, name: usr-share-ca-certificates, readOnly: true}
  hostNetwork: true
  priorityClassName: system-node-critical
  securityContext:
    seccompProfile: {type: RuntimeDefault}
  tolerations:
  - {effect: NoExecute, operator: Exists}
  volumes:
  - hostPath: {path: /etc/ssl/certs, type: DirectoryOrCreate}
    name: ca-certs
  - hostPath: {path: /etc/ca-certificates, type: DirectoryOrCreate}
    name: etc-ca-certificates
  - hostPath: {path: /usr/libexec/kubernetes/kubelet-plugins/volume/exec, type: DirectoryOrCreate}
    name: flexvolume-dir
  - hostPath: {path: /etc/kubernetes/pki, type: DirectoryOrCreate}
    name: k8s-certs
  - hostPath: {path: /etc/kubernetes/controller-manager.conf, type: FileOrCreate}
    name: kubeconfig
  - hostPath: {path: /usr/local/share/ca-certificates, type: DirectoryOrCreate}
    name: usr-local-share-ca-certificates
  - hostPath: {path: /usr/share/ca-certificates, type: DirectoryOrCreate}
    name: usr-share-ca-certificates
"#;

const SCHEDULER: &str = r#"
apiVersion: v1
kind: Pod
metadata:
  name: kube-scheduler-@NODE@
  namespace: kube-system
  labels: {component: kube-scheduler, tier: control-plane}
spec:
  containers:
  - name: kube-scheduler
    image: registry.k8s.io/kube-scheduler:v1.32.0
    imagePullPolicy: IfNotPresent
    command:
    - kube-scheduler
    - --authentication-kubeconfig=/etc/kubernetes/scheduler.conf
    - --authorization-kubeconfig=/etc/kubernetes/scheduler.conf
    - --bind-address=127.0.0.1
    - --kubeconfig=/etc/kubernetes/scheduler.conf
    - --leader-elect=true
    resources:
      requests: {cpu: 100m}
    volumeMounts:
    - {mountPath: /etc/kubernetes/scheduler.conf, name: kubeconfig, readOnly: true}
  hostNetwork: true
  priorityClassName: system-node-critical
  securityContext:
    seccompProfile: {type: RuntimeDefault}
  tolerations:
  - {effect: NoExecute, operator: Exists}
  volumes:
  - hostPath: {path: /etc/kubernetes/scheduler.conf, type: FileOrCreate}
    name: kubeconfig
"#;

/// The annotation whose presence makes a pod a mirror pod.
pub const MIRROR_ANNOTATION: &str = "kubernetes.io/config.mirror";

/// The mirror pod the kubelet on `node` posts for its static pod
/// `component`, or `None` for a name that is not one of kubeadm's four.
/// The config hash stands for the md5 of the manifest the kubelet hashes:
/// a fixed function of the manifest, like the real one.
pub fn mirror_pod(
    component: &str,
    node: &str,
    node_uid: &str,
    node_ip: &str,
    seen: Time,
) -> Option<Pod> {
    let (_, template) = COMPONENTS.iter().find(|(name, _)| *name == component)?;
    let yaml = template.replace("@NODE@", node).replace("@IP@", node_ip);
    let Object::Pod(mut pod) = kubeplay_codec::decode_manifests(&yaml)
        .items
        .into_iter()
        .next()?
        .ok()?
        .object
    else {
        return None;
    };
    let hash = config_hash(&yaml);
    let annotations = BTreeMap::from([
        ("kubernetes.io/config.hash".to_string(), hash.clone()),
        (MIRROR_ANNOTATION.to_string(), hash),
        ("kubernetes.io/config.seen".to_string(), seen.rfc3339()),
        (
            "kubernetes.io/config.source".to_string(),
            "file".to_string(),
        ),
    ]);
    pod.metadata.annotations.extend(annotations);
    pod.metadata.owner_references = vec![OwnerReference {
        api_version: "v1".into(),
        kind: "Node".into(),
        name: node.into(),
        uid: node_uid.into(),
        controller: Some(true),
        block_owner_deletion: None,
    }]
    .into();
    pod.spec_mut().node_name = Some(node.into());
    Some(*pod)
}

/// The mirror pods of a kubeadm control-plane node, in kubeadm's order.
pub fn mirror_pods(node: &str, node_uid: &str, node_ip: &str, seen: Time) -> Vec<Pod> {
    COMPONENTS
        .iter()
        .filter_map(|(c, _)| mirror_pod(c, node, node_uid, node_ip, seen))
        .collect()
}

/// The static pod a mirror pod's name stands for on a control-plane node:
/// `(component, node)` when the name is `<component>-<node>`.
pub fn component_of<'a>(name: &'a str, node: &str) -> Option<&'a str> {
    let component = name.strip_suffix(node)?.strip_suffix('-')?;
    COMPONENTS
        .iter()
        .any(|(c, _)| *c == component)
        .then_some(component)
}

fn config_hash(manifest: &str) -> String {
    let hi = kubeplay_model::fnv::Fnv::new()
        .bytes(manifest.as_bytes())
        .finish();
    let lo = kubeplay_model::fnv::Fnv::new()
        .bytes(&[0x5a])
        .bytes(manifest.as_bytes())
        .finish();
    format!("{hi:016x}{lo:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What kubeadm's manifests request (manifests.go, local.go), and the
    /// marks of a mirror pod the kubelet posts.
    #[test]
    fn mirror_pods_carry_kubeadms_requests_and_the_kubelets_marks() {
        let pods = mirror_pods("cp", "uid-1", "172.18.0.2", Time::from_millis(0));
        let got: Vec<(String, String)> = pods
            .iter()
            .map(|p| {
                let r = &p.spec.containers[0].resources.requests;
                (
                    p.metadata.name.clone(),
                    r.iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect::<Vec<_>>()
                        .join(","),
                )
            })
            .collect();
        let want = [
            ("etcd-cp", "cpu=100m,memory=100Mi"),
            ("kube-apiserver-cp", "cpu=250m"),
            ("kube-controller-manager-cp", "cpu=200m"),
            ("kube-scheduler-cp", "cpu=100m"),
        ];
        assert_eq!(got, want.map(|(a, b)| (a.to_string(), b.to_string())));
        for p in &pods {
            assert_eq!(p.spec.node_name.as_deref(), Some("cp"));
            assert_eq!(p.spec.host_network, Some(true));
            assert_eq!(
                p.metadata.annotations.get(MIRROR_ANNOTATION),
                p.metadata.annotations.get("kubernetes.io/config.hash")
            );
            assert_eq!(p.metadata.owner_references[0].kind.as_str(), "Node");
            assert_eq!(
                p.metadata.labels.get("tier").map(String::as_str),
                Some("control-plane")
            );
        }
        assert!(pods[1].spec.containers[0]
            .command
            .iter()
            .any(|a| a == "--advertise-address=172.18.0.2"));
    }

    #[test]
    fn component_of_reads_the_mirror_name() {
        assert_eq!(component_of("etcd-cp", "cp"), Some("etcd"));
        assert_eq!(
            component_of("kube-scheduler-cp", "cp"),
            Some("kube-scheduler")
        );
        assert_eq!(component_of("etcd-cp", "other"), None);
        assert_eq!(component_of("web-cp", "cp"), None);
        assert_eq!(component_of("cp", "cp"), None);
    }
}
