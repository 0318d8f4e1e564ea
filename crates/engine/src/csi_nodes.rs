//! The CSINodes the kubelets keep (`storage.k8s.io/v1`), presented to
//! reads, never stored.
//!
//! Each kubelet creates one named after its node when it starts, owned by
//! the Node (so deleting the node deletes it), with the in-tree volume
//! plugins whose CSI migration is on in v1.32 in an annotation and, on
//! kind with no CSI driver installed, no drivers. Nothing here changes
//! after that, so a read builds them from the nodes: one per node that is
//! not being deleted, created with it, the same uid from read to read.
//!
//! What this gives up: a real kubelet creates its CSINode a moment after
//! it registers the node, not at the same instant; and users may label or
//! annotate one, which the playground refuses with a `(playground)` line
//! (kubectl's `exec/lease_writes.rs`) rather than keep a second copy.

use kubeplay_apiserver::Store;
use kubeplay_model::api::{CSINode, CsiNodeSpec, Node};
use kubeplay_model::{Kind, Object, ObjectMeta, OwnerReference};
use std::collections::BTreeMap;
use std::sync::Arc;

pub const MIGRATED_PLUGINS: &str = "storage.alpha.kubernetes.io/migrated-plugins";

/// The in-tree plugins a v1.32 kubelet migrates to CSI (every
/// `CSIMigration*` gate on by default), sorted as the kubelet joins them.
const MIGRATED: &str = "kubernetes.io/aws-ebs,kubernetes.io/azure-disk,kubernetes.io/azure-file,kubernetes.io/cinder,kubernetes.io/gce-pd,kubernetes.io/portworx-volume,kubernetes.io/vsphere-volume";

fn stable_uid(node: &Node) -> kubeplay_model::Uid {
    let seed = ["csinode", node.metadata.name.as_str(), node.metadata.uid.as_str()].iter().fold(kubeplay_model::fnv::Fnv::new(), |h, p| h.bytes(p.as_bytes()).bytes(&[0xff])).finish();
    let mut rng = kubeplay_model::rng::Rng::new(seed);
    kubeplay_apiserver::uuid(&mut || rng.next_u64())
}

/// `node`'s CSINode.
pub fn csi_node(node: &Node) -> CSINode {
    let (kind, api_version) = Kind::Node.words();
    let name = node.metadata.name.clone();
    CSINode {
        metadata: ObjectMeta {
            uid: stable_uid(node),
            creation_timestamp: node.metadata.creation_timestamp,
            annotations: BTreeMap::from([(MIGRATED_PLUGINS.to_string(), MIGRATED.to_string())]).into(),
            owner_references: vec![OwnerReference { api_version, kind, name: name.clone(), uid: node.metadata.uid.clone(), controller: None, block_owner_deletion: None }].into(),
            name,
            ..Default::default()
        },
        spec: CsiNodeSpec::default(),
    }
}

/// Every CSINode a read finds in `store`.
pub fn csi_nodes(store: &Store) -> Vec<CSINode> {
    store.list(Kind::Node, None).filter_map(|o| o.as_node()).filter(|n| n.metadata.deletion_timestamp.is_none()).map(csi_node).collect()
}

/// Puts them into a read's throwaway copy of the store (`Store::present`),
/// at the store's revision.
pub fn present(view: &mut Store) {
    let version = kubeplay_model::shared_str::SharedStr::from(view.resource_version().to_string().as_str());
    for mut c in csi_nodes(view) {
        c.metadata.resource_version = version.clone();
        view.present(Arc::new(Object::from(c)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_per_node_owned_by_it_with_no_drivers() {
        let e = crate::engine::Engine::with_default_cluster(1);
        let nodes: Vec<&Node> = e.store().list(Kind::Node, None).filter_map(|o| o.as_node()).collect();
        let all = csi_nodes(e.store());
        assert_eq!(all.len(), nodes.len());
        for (c, n) in all.iter().zip(&nodes) {
            assert_eq!(c.metadata.name, n.metadata.name);
            assert_eq!(c.metadata.owner_references[0].uid, n.metadata.uid);
            assert_eq!(c.metadata.creation_timestamp, n.metadata.creation_timestamp);
            assert!(c.spec.drivers.is_empty());
            assert_eq!(csi_node(n).metadata.uid, c.metadata.uid, "stable from read to read");
        }
        assert_eq!(serde_json::to_value(&all[0].spec).unwrap(), serde_json::json!({"drivers": null}));
        assert_eq!(e.store().list(Kind::CSINode, None).count(), 0);
    }
}
