//! The PersistentVolumeClaimResize admission plugin
//! (`plugin/pkg/admission/storage/persistentvolume/resize`): a claim may
//! grow only once bound, and only when its StorageClass, unchanged by the
//! update, sets `allowVolumeExpansion: true`.

use crate::error::{ApiError, Result};
use crate::store::Store;
use kubeplay_model::api::PersistentVolumeClaim;
use kubeplay_model::{Kind, Object};

/// `GetPersistentVolumeClaimClass`: the beta annotation wins over the field.
fn class_of(pvc: &PersistentVolumeClaim) -> &str {
    pvc.metadata.annotation("volume.beta.kubernetes.io/storage-class").or(pvc.spec.storage_class_name.as_deref()).unwrap_or_default()
}

/// The plugin's `Validate` on an update of a claim (not its status).
pub fn validate(store: &Store, old: &Object, new: &Object) -> Result<()> {
    let (Object::PersistentVolumeClaim(old), Object::PersistentVolumeClaim(new)) = (old, new) else { return Ok(()) };
    let size = |c: &PersistentVolumeClaim| c.spec.resources.requests.get("storage").cloned().unwrap_or_default();
    if size(new) <= size(old) {
        return Ok(());
    }
    let refuse = |why: &str| ApiError::Forbidden { message: format!("persistentvolumeclaims \"{}\" is forbidden: {why}", new.metadata.name) };
    if old.status.phase.as_deref() != Some("Bound") {
        return Err(refuse("Only bound persistent volume claims can be expanded"));
    }
    let (class, old_class) = (class_of(new), class_of(old));
    let allowed = !class.is_empty()
        && class == old_class
        && matches!(store.get_by(Kind::StorageClass, "", class).map(|o| &**o), Some(Object::StorageClass(sc)) if sc.allow_volume_expansion == Some(true));
    if !allowed {
        return Err(refuse("only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::StorageClass;
    use kubeplay_model::Quantity;

    fn claim(size: &str, class: Option<&str>, phase: &str) -> Object {
        let mut pvc = PersistentVolumeClaim::default();
        pvc.metadata.name = "data".into();
        pvc.metadata.namespace = "default".into();
        pvc.spec.storage_class_name = class.map(str::to_string);
        pvc.spec.resources.requests.insert("storage".into(), Quantity::parse(size).expect("quantity"));
        pvc.status.phase = Some(phase.into());
        Object::PersistentVolumeClaim(Box::new(pvc))
    }

    /// Cases of upstream's admission_test.go `TestPVCResizeAdmission`.
    #[test]
    fn pvc_resize_admission() {
        let mut store = Store::default();
        let mut seed = 0u64;
        let mut rng = || {
            seed += 1;
            seed
        };
        let mut ctx = crate::store::WriteCtx { now: kubeplay_model::time::EPOCH, rng: &mut rng };
        for (name, expand) in [("gold", Some(true)), ("silver", Some(false)), ("bronze", None)] {
            let mut sc = StorageClass { provisioner: "kubernetes.io/glusterfs".into(), allow_volume_expansion: expand, ..Default::default() };
            sc.metadata.name = name.into();
            store.create(Object::StorageClass(Box::new(sc)), &mut ctx).expect("created");
        }
        let not_supported = "persistentvolumeclaims \"data\" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize";
        let cases: [(&str, Object, Object, Option<&str>); 7] = [
            ("pvc-resize, update, no error", claim("1Gi", Some("gold"), "Bound"), claim("2Gi", Some("gold"), "Bound"), None),
            ("class does not allow expansion", claim("1Gi", Some("silver"), "Bound"), claim("2Gi", Some("silver"), "Bound"), Some(not_supported)),
            ("class without the field", claim("1Gi", Some("bronze"), "Bound"), claim("2Gi", Some("bronze"), "Bound"), Some(not_supported)),
            ("no class", claim("1Gi", None, "Bound"), claim("2Gi", None, "Bound"), Some(not_supported)),
            ("class changed", claim("1Gi", Some("silver"), "Bound"), claim("2Gi", Some("gold"), "Bound"), Some(not_supported)),
            (
                "unbound claim",
                claim("1Gi", Some("gold"), "Pending"),
                claim("2Gi", Some("gold"), "Pending"),
                Some("persistentvolumeclaims \"data\" is forbidden: Only bound persistent volume claims can be expanded"),
            ),
            ("shrink or same size is not this plugin's business", claim("2Gi", Some("silver"), "Bound"), claim("1Gi", Some("silver"), "Bound"), None),
        ];
        for (name, old, new, want) in cases {
            let got = validate(&store, &old, &new).err().map(|e| e.to_string());
            assert_eq!(got.as_deref(), want, "{name}");
        }
    }
}
