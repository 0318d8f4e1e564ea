//! Mirror pods: the API's view of the static pods a kubelet runs from its
//! manifest directory (kubeadm's control plane). The kubelet, not the API,
//! owns them: deleting a mirror pod neither stops its containers nor
//! lasts, since the kubelet deletes what is left of it at once and posts a
//! new one (a new uid) for the same running containers (upstream's
//! `syncPod`: an outdated or deleted mirror pod is deleted and recreated).

use crate::bootstrap_static::{component_of, mirror_pod, MIRROR_ANNOTATION};
use crate::controller::Ctx;
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::{Kind, Object, ObjectKey};

const CONTROL_PLANE_LABEL: &str = "node-role.kubernetes.io/control-plane";

/// Replaces a static pod's mirror that is being deleted or is gone with a
/// new one, before the pod worker syncs the key.
pub(super) fn replace_deleted(key: &ObjectKey, ctx: &mut Ctx) {
    // Only kubeadm's control plane runs static pods here, in kube-system.
    if key.namespace.as_str() != "kube-system" {
        return;
    }
    // Every sync of a kube-system pod passes here: the common case (a
    // pod not being deleted) returns before anything is built.
    let present = ctx.get(key);
    if present
        .as_deref()
        .and_then(Object::as_pod)
        .is_some_and(|p| p.metadata.deletion_timestamp.is_none())
    {
        return;
    }
    let slot = super::pod_slot(&key.namespace, &key.name);
    let node = match present {
        Some(obj) => {
            let Some(pod) = obj.as_pod() else { return };
            if pod.metadata.deletion_timestamp.is_none()
                || !pod.metadata.annotations.contains_key(MIRROR_ANNOTATION)
            {
                return;
            }
            let Some(node) = pod.spec.node_name.clone() else {
                return;
            };
            node.to_string()
        }
        None => match ctx.world().sim.pods.get(&slot) {
            Some(rt) => rt.node.to_string(),
            None => return,
        },
    };
    let Some(component) = component_of(&key.name, &node) else {
        return;
    };
    // The runtime must be this static pod's, not a user's pod of that name.
    let runs_it = ctx
        .world()
        .sim
        .pods
        .get(&slot)
        .is_some_and(|rt| rt.app.first().is_some_and(|c| c.name.as_str() == component));
    if !runs_it || ctx.world().sim.failed_nodes.contains(&node) {
        return;
    }
    let Some(node_obj) = ctx.store().get_by(Kind::Node, "", &node).cloned() else {
        return;
    };
    let Some(n) = node_obj.as_node() else { return };
    if !n.metadata.labels.contains_key(CONTROL_PLANE_LABEL) {
        return;
    }
    let ip = n
        .status
        .addresses
        .iter()
        .find(|a| a.type_ == "InternalIP")
        .map(|a| a.address.clone())
        .unwrap_or_default();
    // The kubelet first saw its manifests when it registered the node.
    let seen = n.metadata.creation_timestamp.unwrap_or_else(|| ctx.now());
    let Some(fresh) = mirror_pod(component, &node, &n.metadata.uid, &ip, seen) else {
        return;
    };
    if ctx.get(key).is_some()
        && ctx
            .delete(
                key,
                DeleteOptions {
                    grace_period_seconds: Some(0),
                    ..Default::default()
                },
            )
            .is_err()
    {
        return;
    }
    let Ok(created) = ctx.create(Object::Pod(Box::new(fresh))) else {
        return;
    };
    let Some(uid) = created.as_pod().map(|p| p.metadata.uid.clone()) else {
        return;
    };
    let now = ctx.now();
    // The pod worker syncs the static pod at once, and the status manager
    // writes its status to the new mirror pod.
    ctx.world_mut().sim.pods.update(&slot, |rt| {
        rt.uid = uid;
        rt.retry_at = Some(now);
    });
    ctx.explain(format!("kubelet on {node}: the mirror pod {} of static pod {component} was deleted; the static pod keeps running and the kubelet posts a new mirror pod", key.name));
    // The pod worker goes on to sync the new mirror pod in this same pass.
}

#[cfg(test)]
mod tests {
    use crate::engine::Engine;
    use kubeplay_apiserver::DeleteOptions;
    use kubeplay_model::{Kind, ObjectKey};

    fn pod(e: &Engine, name: &str) -> Option<(String, Option<String>)> {
        let p = e
            .world()
            .store
            .get_by(Kind::Pod, "kube-system", name)?
            .as_pod()?
            .clone();
        Some((
            p.metadata.uid.to_string(),
            p.status.phase.as_ref().map(|s| s.to_string()),
        ))
    }

    /// Deleted gracefully or at once, a mirror pod comes back Running with a
    /// new uid, and its container was never restarted.
    #[test]
    fn a_deleted_mirror_pod_is_posted_again() {
        let mut e = Engine::with_default_cluster(1);
        let name = "etcd-kubeplay-control-plane";
        let key = ObjectKey::new(Kind::Pod, "kube-system", name);
        let (uid, phase) = pod(&e, name).expect("the default cluster has the etcd mirror pod");
        assert_eq!(phase.as_deref(), Some("Running"));
        for grace in [None, Some(0)] {
            let before = pod(&e, name).unwrap().0;
            let _ = e.user("delete", key.clone(), |ctx| {
                ctx.delete(
                    &key,
                    DeleteOptions {
                        grace_period_seconds: grace,
                        ..Default::default()
                    },
                )
            });
            e.settle(10_000);
            let (after, phase) = pod(&e, name).expect("posted again");
            assert_ne!(after, before);
            assert_ne!(after, uid);
            assert_eq!(phase.as_deref(), Some("Running"));
            let restarts = e
                .world()
                .store
                .get_by(Kind::Pod, "kube-system", name)
                .and_then(|o| {
                    o.as_pod()
                        .map(|p| p.status.container_statuses.first().map(|c| c.restart_count))
                });
            assert_eq!(restarts, Some(Some(0)));
        }
    }

    /// A pod the user made is not a static pod, whatever its name.
    #[test]
    fn other_pods_stay_deleted() {
        let mut e = Engine::with_default_cluster(1);
        let name = "coredns-9b77b5867-ms8nc";
        let key = ObjectKey::new(Kind::Pod, "kube-system", name);
        assert!(pod(&e, name).is_some());
        let _ = e.user("delete", key.clone(), |ctx| {
            ctx.delete(
                &key,
                DeleteOptions {
                    grace_period_seconds: Some(0),
                    ..Default::default()
                },
            )
        });
        e.settle(10_000);
        assert!(pod(&e, name).is_none());
    }
}
