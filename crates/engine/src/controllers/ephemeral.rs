//! The ephemeral volume controller (`pkg/controller/volume/ephemeral`): a
//! pod's generic ephemeral volume gets a PersistentVolumeClaim named
//! `<pod>-<volume>`, made from the volume's `volumeClaimTemplate` and
//! owned by the pod, so the garbage collector deletes it with the pod.
//! The scheduler waits for the claim; from then on it is an ordinary claim.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, Store};
use kubeplay_model::api::{PersistentVolumeClaim, Pod, Volume};
use kubeplay_model::{Kind, Object, ObjectKey};
use serde_json::Value;

pub struct EphemeralVolumeController;

/// `ephemeral.VolumeClaimName`: the claim of a pod's ephemeral volume.
pub fn claim_name(pod: &str, volume: &str) -> String {
    format!("{pod}-{volume}")
}

/// The claims a pod's volumes use, ephemeral ones by the name the
/// controller gives them, each with whether it is ephemeral.
pub fn pod_claims(pod: &Pod) -> impl Iterator<Item = (String, bool)> + '_ {
    pod.spec.volumes.iter().filter_map(|v| match (&v.persistent_volume_claim, &v.ephemeral) {
        (Some(c), _) => Some((c.claim_name.clone(), false)),
        (None, Some(_)) => Some((claim_name(&pod.metadata.name, &v.name), true)),
        _ => None,
    })
}

/// `ephemeral.VolumeIsForPod`: the claim must be the pod's own.
pub fn volume_is_for_pod(pod: &Pod, pvc: &PersistentVolumeClaim) -> Result<(), String> {
    if pvc.metadata.owner_references.iter().any(|r| r.controller == Some(true) && r.uid == pod.metadata.uid) {
        return Ok(());
    }
    Err(format!(
        "PVC {}/{} was not created for pod {}/{} (pod is not owner)",
        pvc.metadata.namespace, pvc.metadata.name, pod.metadata.namespace, pod.metadata.name
    ))
}

/// A live pod with an ephemeral volume whose claim is missing.
fn needs_claims(store: &Store, pod: &Pod) -> bool {
    pod.metadata.deletion_timestamp.is_none()
        && pod
            .spec
            .volumes
            .iter()
            .any(|v| v.ephemeral.is_some() && store.get_by(Kind::PersistentVolumeClaim, &pod.metadata.namespace, &claim_name(&pod.metadata.name, &v.name)).is_none())
}

/// The claim the controller makes: the template's labels, annotations and
/// spec, named for the pod and volume, owned by the pod.
fn claim_for(pod: &Object, volume: &Volume) -> Result<Object, String> {
    let template = volume.ephemeral.as_deref().and_then(|e| e.get("volumeClaimTemplate")).cloned().unwrap_or(Value::Null);
    let mut metadata = serde_json::Map::new();
    for field in ["labels", "annotations"] {
        if let Some(v) = template.get("metadata").and_then(|m| m.get(field)) {
            metadata.insert(field.into(), v.clone());
        }
    }
    metadata.insert("name".into(), Value::String(claim_name(pod.name(), &volume.name)));
    metadata.insert("namespace".into(), Value::String(pod.namespace().to_string()));
    let claim = serde_json::json!({
        "apiVersion": "v1",
        "kind": "PersistentVolumeClaim",
        "metadata": metadata,
        "spec": template.get("spec").cloned().unwrap_or(Value::Object(Default::default())),
    });
    let mut obj = kubeplay_codec::object_from_json(&claim)?;
    obj.meta_mut().owner_references = vec![super::controller_ref(pod)].into();
    Ok(obj)
}

impl Controller for EphemeralVolumeController {
    fn id(&self) -> ControllerId {
        ControllerId::EphemeralVolume
    }
    fn component(&self) -> &'static str {
        "ephemeral-volume-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::Pod if change.type_ != ChangeType::Deleted && change.object().as_pod().is_some_and(|p| needs_claims(store, p)) => enqueue(change.key.clone()),
            // A deleted claim is made again for a pod that still needs it.
            Kind::PersistentVolumeClaim if change.type_ == ChangeType::Deleted => {
                let Some(owner) = change.object().meta().owner_references.iter().find(|r| r.controller == Some(true) && r.kind == "Pod") else { return };
                let key = ObjectKey::new(Kind::Pod, &change.key.namespace, &owner.name);
                if store.get(&key).and_then(|o| o.as_pod().map(|p| needs_claims(store, p))).unwrap_or(false) {
                    enqueue(key);
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!("pod {} is gone", key.name));
            return;
        };
        let Some(pod) = obj.as_pod() else { return };
        if pod.metadata.deletion_timestamp.is_some() {
            ctx.explain(format!("pod {} is being deleted", key.name));
            return;
        }
        for volume in pod.spec.volumes.iter().filter(|v| v.ephemeral.is_some()) {
            let name = claim_name(&pod.metadata.name, &volume.name);
            if ctx.get(&ObjectKey::new(Kind::PersistentVolumeClaim, &key.namespace, &name)).is_some() {
                continue;
            }
            let created = claim_for(&obj, volume).and_then(|claim| ctx.create(claim).map_err(|e| e.to_string()));
            match created {
                Ok(_) => ctx.explain(format!("created claim {name} for ephemeral volume {} of pod {}", volume.name, key.name)),
                Err(e) => {
                    ctx.event(&obj, "Warning", "FailedBinding", format!("PVC creation failed: {e}"));
                    ctx.requeue_rate_limited(key.clone());
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::PvcVolumeSource;
    use kubeplay_model::OwnerReference;
    use std::sync::Arc;

    fn pod_with(volumes: Vec<Volume>) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = "my-app".into();
        p.metadata.namespace = "default".into();
        p.metadata.uid = "uid-1".into();
        p.spec_mut().volumes = volumes.into();
        p
    }

    #[test]
    fn claims_of_a_pod() {
        let pvc = Volume { name: "data".into(), persistent_volume_claim: Some(Box::new(PvcVolumeSource { claim_name: "shared".into(), read_only: None })), ..Default::default() };
        let eph = Volume { name: "scratch-volume".into(), ephemeral: Some(Arc::new(serde_json::json!({"volumeClaimTemplate": {"spec": {}}}))), ..Default::default() };
        let other = Volume { name: "cache".into(), empty_dir: Some(Arc::new(serde_json::json!({}))), ..Default::default() };
        let pod = pod_with(vec![pvc, other, eph]);
        let got: Vec<(String, bool)> = pod_claims(&pod).collect();
        assert_eq!(got, vec![("shared".to_string(), false), ("my-app-scratch-volume".to_string(), true)]);
    }

    /// Upstream's `TestVolumeIsForPod` cases: only a controller reference
    /// with the pod's uid makes the claim the pod's.
    #[test]
    fn volume_is_for_pod_table() {
        let pod = pod_with(Vec::new());
        let owner = |uid: &str, controller: Option<bool>| OwnerReference {
            api_version: "v1".into(),
            kind: "Pod".into(),
            name: "my-app".into(),
            uid: uid.into(),
            controller,
            block_owner_deletion: Some(true),
        };
        let cases = [("owned", vec![owner("uid-1", Some(true))], true), ("no owner", vec![], false), ("other pod", vec![owner("uid-2", Some(true))], false), ("not controller", vec![owner("uid-1", None)], false)];
        for (name, refs, ok) in cases {
            let mut pvc = PersistentVolumeClaim::default();
            pvc.metadata.name = "my-app-scratch-volume".into();
            pvc.metadata.namespace = "default".into();
            pvc.metadata.owner_references = refs.into();
            let got = volume_is_for_pod(&pod, &pvc);
            assert_eq!(got.is_ok(), ok, "{name}");
            if !ok {
                assert_eq!(got.err().as_deref(), Some("PVC default/my-app-scratch-volume was not created for pod default/my-app (pod is not owner)"), "{name}");
            }
        }
    }
}
