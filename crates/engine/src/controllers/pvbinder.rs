//! A small stand-in for the PersistentVolume controller and kind's
//! local-path provisioner: a pending claim of a StorageClass with a
//! provisioner gets a new volume (at once, or — for WaitForFirstConsumer —
//! once a pod using it is bound to a node, with the volume pinned to that
//! node); a claim without a class binds to a matching Available volume
//! (one pre-bound to it by claimRef first), and a claim naming its volume
//! in spec.volumeName binds to that one only. Binding leaves upstream's
//! marks: `pv.kubernetes.io/bind-completed` on the claim, and
//! `pv.kubernetes.io/bound-by-controller` on whichever side the user did
//! not point at the other. Deleting a bound claim releases its volume,
//! which is deleted with it under reclaimPolicy Delete.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, DeleteOptions, Store};
use kubeplay_model::api::{ObjectReference, PersistentVolume, PersistentVolumeClaim, PvSpec, PvStatus, StorageClass};
use kubeplay_model::{Atom, Kind, Object, ObjectKey, ObjectMeta, Quantity};
use serde_json::json;
use std::collections::BTreeMap;

pub struct PersistentVolumeController;

pub const DEFAULT_CLASS_ANNOTATION: &str = "storageclass.kubernetes.io/is-default-class";

/// The StorageClass a claim asks for: its own, or the cluster default.
pub fn class_for(store: &Store, claim: &PersistentVolumeClaim) -> Option<StorageClass> {
    let name = match claim.spec.storage_class_name.as_deref() {
        Some("") => return None,
        Some(n) => n.to_string(),
        None => default_class(store)?,
    };
    match store.get_by(Kind::StorageClass, "", &name).map(|o| (**o).clone()) {
        Some(Object::StorageClass(c)) => Some(*c),
        _ => None,
    }
}

/// The default StorageClass's name: of several, the newest, then the
/// lowest name (`GetDefaultClass`).
fn default_class(store: &Store) -> Option<String> {
    let newest = store
        .list(Kind::StorageClass, None)
        .filter(|c| c.meta().annotation(DEFAULT_CLASS_ANNOTATION) == Some("true"))
        .min_by(|a, b| b.meta().creation_timestamp.cmp(&a.meta().creation_timestamp).then_with(|| a.name().cmp(b.name())))?;
    Some(newest.name().to_string())
}

/// Whether a volume can serve a claim: same class, enough capacity, and
/// every access mode the claim asks for.
pub fn volume_fits(pv: &PersistentVolume, claim: &PersistentVolumeClaim) -> bool {
    let class_ok = pv.spec.storage_class_name.as_deref().unwrap_or("") == claim.spec.storage_class_name.as_deref().unwrap_or("");
    let want = claim.spec.resources.requests.get("storage").map(|q| q.value()).unwrap_or(0);
    let have = pv.spec.capacity.get("storage").map(|q| q.value()).unwrap_or(0);
    let modes_ok = claim.spec.access_modes.iter().all(|m| pv.spec.access_modes.contains(m));
    class_ok && have >= want && modes_ok
}

/// The node of the first bound pod that mounts the claim.
fn consumer_node(store: &Store, claim: &PersistentVolumeClaim) -> Option<String> {
    store.list(Kind::Pod, Some(&claim.metadata.namespace)).find_map(|o| {
        let p = o.as_pod()?;
        let uses = super::ephemeral::pod_claims(p).any(|(c, _)| c == claim.metadata.name.as_str());
        if uses {
            p.node_name().map(String::from)
        } else {
            None
        }
    })
}

impl Controller for PersistentVolumeController {
    fn id(&self) -> ControllerId {
        ControllerId::PersistentVolume
    }
    fn component(&self) -> &'static str {
        "persistentvolume-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::PersistentVolumeClaim => enqueue(change.key.clone()),
            // A new volume nobody claims is Pending until the controller
            // makes it Available; so is a Released one whose claimRef (or
            // its uid) a user cleared, the ReadWriteOncePod migration
            // page's step (upstream syncVolume: no claimRef, or one
            // without a uid, is Available whatever the phase was).
            Kind::PersistentVolume => {
                if let Some(Object::PersistentVolume(pv)) = change.new.as_deref() {
                    if !claimed(pv) && matches!(pv.status.phase.as_deref(), Some("Pending" | "Released" | "Failed")) {
                        enqueue(change.key.clone());
                    }
                }
            }
            // A class made default: upstream's periodic claim resync gives
            // it to the claims made while there was none.
            Kind::StorageClass if change.new.as_deref().is_some_and(|c| c.meta().annotation(DEFAULT_CLASS_ANNOTATION) == Some("true")) => {
                for c in store.list(Kind::PersistentVolumeClaim, None).filter(|o| o.as_pvc().is_some_and(|c| c.spec.storage_class_name.is_none() && c.spec.volume_name.is_none())) {
                    enqueue(c.key());
                }
            }
            // A pod bound to a node may be the first consumer a claim waits for.
            Kind::Pod => {
                if let Some(Object::Pod(p)) = change.new.as_deref() {
                    let newly_bound = change.old.as_deref().and_then(Object::as_pod).is_none_or(|o| o.node_name().is_none());
                    if p.node_name().is_some() && newly_bound {
                        for (claim, _) in super::ephemeral::pod_claims(p) {
                            enqueue(ObjectKey::new(Kind::PersistentVolumeClaim, &p.metadata.namespace, &claim));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        if key.kind == Kind::PersistentVolume {
            make_available(ctx, key);
            return;
        }
        let Some(obj) = ctx.get(key) else {
            ctx.observed(format!("claim {} is gone", key.name));
            ctx.desired("volumes of a deleted claim released (deleted under reclaimPolicy Delete)");
            release_volumes(ctx, key);
            return;
        };
        let Object::PersistentVolumeClaim(claim) = &*obj else { return };
        let volume = claim.spec.volume_name.as_deref().map_or(String::new(), |v| format!(", volume {v}"));
        ctx.observed(format!("claim {} {}{volume}", claim.metadata.name, claim.status.phase.as_deref().unwrap_or("with no phase yet")));
        ctx.desired(format!("claim {} bound to a volume of its StorageClass (or a matching PersistentVolume)", claim.metadata.name));
        if claim.status.phase.as_deref() == Some("Bound") || claim.metadata.deletion_timestamp.is_some() {
            ctx.explain(format!("claim {} is bound to {}", claim.metadata.name, claim.spec.volume_name.clone().unwrap_or_default()));
            return;
        }
        if claim.spec.volume_name.is_some() {
            bind_requested(ctx, &obj, claim);
            return;
        }
        if claim.spec.storage_class_name.is_none() && !static_fit(ctx.store(), claim) {
            if let Some(class) = default_class(ctx.store()) {
                // RetroactiveDefaultStorageClass (GA in v1.28): a claim
                // made while there was no default, which no volume
                // serves, gets the default there is now.
                let mut c = claim.clone();
                c.spec.storage_class_name = Some(class.clone());
                let _ = ctx.update(Object::PersistentVolumeClaim(c));
                ctx.explain(format!("claim {} had no StorageClass: it is given the default, {class}", claim.metadata.name));
                return;
            }
        }
        let Some(class) = class_for(ctx.store(), claim) else {
            bind_static(ctx, &obj, claim);
            return;
        };
        let node = consumer_node(ctx.store(), claim);
        let wait = class.volume_binding_mode.as_deref() == Some("WaitForFirstConsumer");
        if wait && node.is_none() {
            if claim.status.phase.is_none() {
                let mut c = claim.clone();
                c.status.phase = Some("Pending".into());
                let _ = ctx.update_status(Object::PersistentVolumeClaim(c));
            }
            ctx.event(&obj, "Normal", "WaitForFirstConsumer", "waiting for first consumer to be created before binding");
            ctx.explain(format!("claim {} uses StorageClass {} (WaitForFirstConsumer): its volume is made once a pod using it is scheduled", claim.metadata.name, class.metadata.name));
            return;
        }
        if class.provisioner != LOCAL_PATH && class.provisioner != NO_PROVISIONER {
            wait_for_external(ctx, &obj, claim, &class);
            return;
        }
        provision(ctx, &obj, claim, &class, node);
    }
}

/// kind's one provisioner.
const LOCAL_PATH: &str = "rancher.io/local-path";
/// Local volumes made by hand: the class names no provisioner.
const NO_PROVISIONER: &str = "kubernetes.io/no-provisioner";

/// A class whose provisioner nobody runs here (kind runs only
/// local-path): upstream's controller hands the claim over, says so, and
/// the claim waits, Pending.
fn wait_for_external(ctx: &mut Ctx, obj: &Object, claim: &PersistentVolumeClaim, class: &StorageClass) {
    if claim.status.phase.is_none() {
        let mut c = claim.clone();
        c.status.phase = Some("Pending".into());
        let _ = ctx.update_status(Object::PersistentVolumeClaim(Box::new(c)));
    }
    ctx.event(obj, "Normal", "ExternalProvisioning", external_waiting(&class.provisioner));
    ctx.explain(format!("claim {} of StorageClass {} waits for provisioner {}, which this kind cluster does not run", claim.metadata.name, class.metadata.name, class.provisioner));
}

fn external_waiting(provisioner: &str) -> String {
    format!("Waiting for a volume to be created either by the external provisioner '{provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.")
}

/// A volume without a claim becomes Available, and the claims without a
/// class that wait for one are looked at again (upstream finds them on
/// its periodic claim resync).
fn make_available(ctx: &mut Ctx, key: &ObjectKey) {
    let Some(obj) = ctx.get(key) else {
        ctx.explain(format!("volume {} is gone", key.name));
        return;
    };
    let unclaimed = obj.as_pv().is_some_and(|pv| !claimed(pv) && obj.meta().deletion_timestamp.is_none());
    if !unclaimed {
        ctx.explain(format!("volume {} is claimed or going", key.name));
        return;
    }
    ctx.observed(format!("volume {} has no claim", key.name));
    set_volume_phase(ctx, &obj, "Available");
    let waiting: Vec<ObjectKey> = ctx
        .store()
        .list(Kind::PersistentVolumeClaim, None)
        .filter(|o| o.as_pvc().is_some_and(|c| c.status.phase.as_deref() == Some("Pending") && c.spec.volume_name.is_none()))
        .map(|o| o.key())
        .collect();
    for k in waiting {
        ctx.enqueue(ControllerId::PersistentVolume, k);
    }
    ctx.explain(format!("volume {} is Available for a claim", key.name));
}

/// Creates a volume for the claim the way the local-path provisioner
/// does, and binds both.
fn provision(ctx: &mut Ctx, obj: &Object, claim: &PersistentVolumeClaim, class: &StorageClass, node: Option<String>) {
    let pv_name = format!("pvc-{}", claim.metadata.uid);
    let ns = &claim.metadata.namespace;
    let size = claim.spec.resources.requests.get("storage").cloned().unwrap_or_else(|| Quantity::from_value(0));
    let mut annotations = BTreeMap::from([("pv.kubernetes.io/provisioned-by".to_string(), class.provisioner.clone())]);
    let mut node_affinity = None;
    let mut host_path = None;
    if let Some(n) = &node {
        annotations.insert("local.path.provisioner/selected-node".into(), n.clone());
        node_affinity = Some(json!({"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "In", "values": [n]}]}]}}));
        host_path = Some(json!({"path": format!("/var/local-path-provisioner/{pv_name}_{ns}_{}", claim.metadata.name), "type": "DirectoryOrCreate"}));
    }
    let pv = PersistentVolume {
        metadata: ObjectMeta { name: pv_name.clone(), annotations: annotations.into(), ..Default::default() },
        spec: PvSpec {
            capacity: BTreeMap::from([("storage".to_string(), size.clone())]),
            host_path,
            access_modes: claim.spec.access_modes.clone(),
            claim_ref: Some(claim_ref(claim)),
            persistent_volume_reclaim_policy: Some(class.reclaim_policy.clone().unwrap_or_else(|| "Delete".into())),
            storage_class_name: Some(class.metadata.name.clone()),
            volume_mode: Some(claim.spec.volume_mode.clone().unwrap_or_else(|| "Filesystem".into())),
            node_affinity,
            ..Default::default()
        },
        status: PvStatus::default(),
    };
    // Upstream's controller hands the claim to the external provisioner
    // and says so; the provisioner announces its work on the claim.
    let from = format!("{}_local-path-provisioner", class.provisioner);
    ctx.event(obj, "Normal", "ExternalProvisioning", external_waiting(&class.provisioner));
    let working = format!("External provisioner is provisioning volume for claim \"{ns}/{}\"", claim.metadata.name);
    ctx.event_from(obj, "Normal", "Provisioning", working, &from, None);
    let Ok(created) = ctx.create(Object::PersistentVolume(Box::new(pv))) else {
        ctx.explain(format!("claim {} could not get a volume: {pv_name} already exists", claim.metadata.name));
        return;
    };
    // The API server creates a volume Pending; binding makes it Bound.
    set_volume_phase(ctx, &created, "Bound");
    let mut c = claim.clone();
    c.spec.volume_name = Some(pv_name.clone());
    c.spec.storage_class_name = Some(class.metadata.name.clone());
    for (k, v) in [
        ("pv.kubernetes.io/bind-completed", "yes".to_string()),
        ("pv.kubernetes.io/bound-by-controller", "yes".to_string()),
        ("volume.beta.kubernetes.io/storage-provisioner", class.provisioner.clone()),
        ("volume.kubernetes.io/storage-provisioner", class.provisioner.clone()),
    ] {
        c.metadata.annotations.insert(k.into(), v);
    }
    if let Some(n) = &node {
        c.metadata.annotations.insert("volume.kubernetes.io/selected-node".into(), n.clone());
    }
    let updated = ctx.update(Object::PersistentVolumeClaim(Box::new(c))).ok();
    if let Some(Object::PersistentVolumeClaim(mut c)) = updated.map(|o| (*o).clone()) {
        c.status.phase = Some("Bound".into());
        c.status.access_modes = claim.spec.access_modes.clone();
        c.status.capacity = BTreeMap::from([("storage".to_string(), size)]);
        let _ = ctx.update_status(Object::PersistentVolumeClaim(c));
    }
    ctx.event_from(obj, "Normal", "ProvisioningSucceeded", format!("Successfully provisioned volume {pv_name}"), &from, None);
    let on = node.map(|n| format!(" on {n}")).unwrap_or_default();
    ctx.explain(format!("claim {} of StorageClass {}: provisioned volume {pv_name}{on} and bound them", claim.metadata.name, class.metadata.name));
}

/// `updateVolumePhase`: a status write only when the phase changes.
fn set_volume_phase(ctx: &mut Ctx, volume: &Object, phase: &str) {
    if let Object::PersistentVolume(p) = volume {
        if p.status.phase.as_deref() != Some(phase) {
            let mut p = p.clone();
            p.status.phase = Some(phase.into());
            let _ = ctx.update_status(Object::PersistentVolume(p));
        }
    }
}

fn claim_ref(claim: &PersistentVolumeClaim) -> ObjectReference {
    ObjectReference {
        kind: Some("PersistentVolumeClaim".into()),
        namespace: Some(Atom::from(claim.metadata.namespace.as_str())),
        name: Some(claim.metadata.name.as_str().into()),
        uid: Some(claim.metadata.uid.as_str().into()),
        api_version: Some("v1".into()),
        resource_version: Some(claim.metadata.resource_version.as_str().into()),
        field_path: None,
    }
}

/// Whether a volume belongs to a claim that exists: a claimRef without a
/// uid is a user's pre-binding, and such a volume stays Available until
/// that claim comes (upstream `syncVolume`).
fn claimed(pv: &PersistentVolume) -> bool {
    pv.spec.claim_ref.as_ref().is_some_and(|r| r.uid.as_deref().is_some_and(|u| !u.is_empty()))
}

/// Whether the volume's claimRef names this claim (upstream
/// `IsVolumeBoundToClaim`: a uid, when set, must match too).
fn bound_to(pv: &PersistentVolume, claim: &PersistentVolumeClaim) -> bool {
    pv.spec.claim_ref.as_ref().is_some_and(|r| {
        r.name.as_deref() == Some(claim.metadata.name.as_str())
            && r.namespace.as_deref() == Some(claim.metadata.namespace.as_str())
            && r.uid.as_deref().is_none_or(|u| u.is_empty() || u == claim.metadata.uid.as_str())
    })
}

/// The annotations upstream's `bind` leaves on the volume and the claim.
/// The volume is marked bound-by-controller unless its claimRef already
/// named the claim (a user's pre-binding, or a provisioner's volume); the
/// claim is unless its spec.volumeName already named the volume.
#[derive(Debug, PartialEq, Eq)]
pub struct BindMarks {
    pub volume_by_controller: bool,
    pub claim_by_controller: bool,
}

pub fn bind_marks(pv: &PersistentVolume, claim: &PersistentVolumeClaim) -> BindMarks {
    BindMarks {
        volume_by_controller: !bound_to(pv, claim),
        claim_by_controller: claim.spec.volume_name.as_deref() != Some(pv.metadata.name.as_str()),
    }
}

/// Fills `claim`'s status from the volume, as a bound claim shows it.
fn set_claim_bound(ctx: &mut Ctx, updated: &Object, pv_name: &str, modes: &[String]) {
    let Object::PersistentVolumeClaim(c) = updated else { return };
    let mut c = c.clone();
    c.status.phase = Some("Bound".into());
    c.status.access_modes = modes.to_vec();
    if let Some(Object::PersistentVolume(p)) = ctx.store().get_by(Kind::PersistentVolume, "", pv_name).map(|o| (**o).clone()) {
        c.status.capacity = p.spec.capacity.clone();
    }
    let _ = ctx.update_status(Object::PersistentVolumeClaim(c));
}

/// Upstream `bind`: the volume's claimRef (and phase Bound), then the
/// claim's volumeName and annotations (and phase Bound).
fn bind(ctx: &mut Ctx, mut pv: PersistentVolume, claim: &PersistentVolumeClaim) {
    let marks = bind_marks(&pv, claim);
    let pv_name = pv.metadata.name.clone();
    pv.spec.claim_ref = Some(claim_ref(claim));
    if marks.volume_by_controller {
        pv.metadata.annotations.entry("pv.kubernetes.io/bound-by-controller".into()).or_insert_with(|| "yes".into());
    }
    // The volume's access modes, not the claim's: a claim bound to a
    // volume with more modes shows them all (upstream copies the volume's).
    let modes = pv.spec.access_modes.clone();
    if let Ok(o) = ctx.update(Object::PersistentVolume(Box::new(pv))) {
        set_volume_phase(ctx, &o, "Bound");
    }
    let mut c = claim.clone();
    c.spec.volume_name = Some(pv_name.clone());
    if marks.claim_by_controller {
        c.metadata.annotations.entry("pv.kubernetes.io/bound-by-controller".into()).or_insert_with(|| "yes".into());
    }
    c.metadata.annotations.entry("pv.kubernetes.io/bind-completed".into()).or_insert_with(|| "yes".into());
    if let Ok(o) = ctx.update(Object::PersistentVolumeClaim(Box::new(c))) {
        set_claim_bound(ctx, &o, &pv_name, &modes);
    }
}

fn set_claim_pending(ctx: &mut Ctx, claim: &PersistentVolumeClaim) {
    if claim.status.phase.is_none() {
        let mut c = claim.clone();
        c.status.phase = Some("Pending".into());
        let _ = ctx.update_status(Object::PersistentVolumeClaim(Box::new(c)));
    }
}

/// A claim whose spec.volumeName the user set binds to that volume only
/// (upstream `syncUnboundClaim`, "volume requested by user").
fn bind_requested(ctx: &mut Ctx, obj: &Object, claim: &PersistentVolumeClaim) {
    let name = claim.spec.volume_name.clone().unwrap_or_default();
    let Some(pv) = ctx.store().get_by(Kind::PersistentVolume, "", &name).and_then(|o| o.as_pv().cloned()) else {
        set_claim_pending(ctx, claim);
        ctx.explain(format!("claim {} asks for volume {name}, which does not exist yet", claim.metadata.name));
        return;
    };
    if pv.spec.claim_ref.is_none() {
        if let Some(why) = mismatch(&pv, claim) {
            set_claim_pending(ctx, claim);
            ctx.event(obj, "Warning", "VolumeMismatch", format!("Cannot bind to requested volume \"{name}\": {why}"));
            ctx.explain(format!("claim {} asks for volume {name}, which does not fit it: {why}", claim.metadata.name));
            return;
        }
    } else if !bound_to(&pv, claim) {
        set_claim_pending(ctx, claim);
        ctx.event(obj, "Warning", "FailedBinding", format!("volume \"{name}\" already bound to a different claim."));
        ctx.explain(format!("claim {} asks for volume {name}, which another claim holds", claim.metadata.name));
        return;
    }
    bind(ctx, pv, claim);
    ctx.explain(format!("claim {} bound to the volume {name} it asked for", claim.metadata.name));
}

/// Upstream `checkVolumeSatisfyClaim`'s reasons, in its words.
fn mismatch(pv: &PersistentVolume, claim: &PersistentVolumeClaim) -> Option<&'static str> {
    let want = claim.spec.resources.requests.get("storage").map(|q| q.value()).unwrap_or(0);
    let have = pv.spec.capacity.get("storage").map(|q| q.value()).unwrap_or(0);
    if have < want {
        return Some("requested PV is too small");
    }
    if pv.spec.storage_class_name.as_deref().unwrap_or("") != claim.spec.storage_class_name.as_deref().unwrap_or("") {
        return Some("storageClassName does not match");
    }
    if pv.spec.volume_mode.as_deref().unwrap_or("Filesystem") != claim.spec.volume_mode.as_deref().unwrap_or("Filesystem") {
        return Some("incompatible volumeMode");
    }
    if !claim.spec.access_modes.iter().all(|m| pv.spec.access_modes.contains(m)) {
        return Some("incompatible accessMode");
    }
    None
}

/// Whether an unclaimed volume (or one pre-bound to the claim) serves it.
fn static_fit(store: &Store, claim: &PersistentVolumeClaim) -> bool {
    store.list(Kind::PersistentVolume, None).filter_map(|o| o.as_pv()).any(|pv| (pv.spec.claim_ref.is_none() || bound_to(pv, claim)) && volume_fits(pv, claim))
}

/// A claim without a class binds to the smallest Available volume that
/// fits; a volume pre-bound to it by name comes first.
fn bind_static(ctx: &mut Ctx, obj: &Object, claim: &PersistentVolumeClaim) {
    let mut fits: Vec<PersistentVolume> = ctx
        .store()
        .list(Kind::PersistentVolume, None)
        .filter_map(|o| o.as_pv().cloned())
        .filter(|pv| (pv.spec.claim_ref.is_none() || bound_to(pv, claim)) && volume_fits(pv, claim))
        .collect();
    kubeplay_model::sort::sort_by_key(&mut fits, |pv| (pv.spec.claim_ref.is_none(), pv.spec.capacity.get("storage").map(|q| q.value()).unwrap_or(0), pv.metadata.name.clone()));
    let Some(pv) = fits.into_iter().next() else {
        set_claim_pending(ctx, claim);
        // A class that does not exist: provisioning finds no plugin
        // (`findProvisionablePlugin`'s lister error).
        match claim.spec.storage_class_name.as_deref().filter(|c| !c.is_empty()) {
            Some(class) => {
                ctx.event(obj, "Warning", "ProvisioningFailed", format!("storageclass.storage.k8s.io \"{class}\" not found"));
                ctx.explain(format!("claim {} asks for StorageClass {class}, which does not exist, and no Available volume of that class fits it, so it stays Pending", claim.metadata.name));
            }
            None => {
                ctx.event(obj, "Normal", "FailedBinding", "no persistent volumes available for this claim and no storage class is set");
                ctx.explain(format!("claim {} has no StorageClass and no Available volume fits it, so it stays Pending", claim.metadata.name));
            }
        }
        return;
    };
    let pv_name = pv.metadata.name.clone();
    bind(ctx, pv, claim);
    ctx.explain(format!("claim {} bound to the Available volume {pv_name}", claim.metadata.name));
}

/// The claim is gone: its volumes are Released, or deleted under reclaimPolicy Delete.
fn release_volumes(ctx: &mut Ctx, key: &ObjectKey) {
    let bound: Vec<PersistentVolume> = ctx
        .store()
        .list(Kind::PersistentVolume, None)
        .filter_map(|o| o.as_pv().cloned())
        .filter(|pv| pv.spec.claim_ref.as_ref().is_some_and(|r| r.name.as_deref() == Some(key.name.as_str()) && r.namespace.as_deref() == Some(key.namespace.as_str())))
        .collect();
    let mut did = Vec::new();
    for pv in bound {
        let name = pv.metadata.name.clone();
        // Released first, as upstream's syncVolume does: a Bound volume
        // keeps its pv-protection finalizer, so its deletion would hang.
        if !matches!(pv.status.phase.as_deref(), Some("Released" | "Failed")) {
            set_volume_phase(ctx, &Object::PersistentVolume(Box::new(pv.clone())), "Released");
        }
        if pv.spec.persistent_volume_reclaim_policy.as_deref() == Some("Delete") {
            if pv.metadata.deletion_timestamp.is_none() {
                let _ = ctx.delete(&ObjectKey::new(Kind::PersistentVolume, "", &name), DeleteOptions::default());
                did.push(format!("deleted volume {name} (reclaimPolicy Delete)"));
            }
        } else if pv.status.phase.as_deref() != Some("Released") {
            did.push(format!("volume {name} is Released (reclaimPolicy Retain)"));
        }
    }
    if did.is_empty() {
        ctx.explain(format!("claim {} is gone and no volume was bound to it", key.name));
    } else {
        ctx.explain(format!("claim {} is gone: {}", key.name, did.join(", ")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(class: Option<&str>, size: &str, modes: &[&str]) -> PersistentVolumeClaim {
        let mut c = PersistentVolumeClaim::default();
        c.spec.storage_class_name = class.map(String::from);
        c.spec.resources.requests.insert("storage".into(), Quantity::parse(size).unwrap());
        c.spec.access_modes = modes.iter().map(|m| m.to_string()).collect();
        c
    }

    fn volume(class: Option<&str>, size: &str, modes: &[&str]) -> PersistentVolume {
        let mut v = PersistentVolume::default();
        v.spec.storage_class_name = class.map(String::from);
        v.spec.capacity.insert("storage".into(), Quantity::parse(size).unwrap());
        v.spec.access_modes = modes.iter().map(|m| m.to_string()).collect();
        v
    }

    #[test]
    fn volume_matching() {
        let c = claim(Some(""), "1Gi", &["ReadWriteOnce"]);
        assert!(volume_fits(&volume(None, "1Gi", &["ReadWriteOnce", "ReadOnlyMany"]), &c));
        assert!(volume_fits(&volume(Some(""), "2Gi", &["ReadWriteOnce"]), &c));
        assert!(!volume_fits(&volume(None, "500Mi", &["ReadWriteOnce"]), &c), "too small");
        assert!(!volume_fits(&volume(None, "1Gi", &["ReadOnlyMany"]), &c), "missing access mode");
        assert!(!volume_fits(&volume(Some("fast"), "1Gi", &["ReadWriteOnce"]), &c), "other class");
    }

    fn named_volume(name: &str, claim_ref: Option<(&str, &str)>) -> PersistentVolume {
        let mut v = volume(Some(""), "1Gi", &["ReadWriteOnce"]);
        v.metadata.name = name.into();
        v.spec.claim_ref = claim_ref.map(|(n, uid)| ObjectReference {
            namespace: Some(Atom::from("default")),
            name: Some(n.into()),
            uid: (!uid.is_empty()).then(|| uid.into()),
            ..Default::default()
        });
        v
    }

    fn named_claim(name: &str, uid: &str, volume_name: Option<&str>) -> PersistentVolumeClaim {
        let mut c = claim(Some(""), "1Gi", &["ReadWriteOnce"]);
        c.metadata.name = name.into();
        c.metadata.namespace = "default".into();
        c.metadata.uid = uid.into();
        c.spec.volume_name = volume_name.map(String::from);
        c
    }

    // Rows of upstream binder_test.go's TestSync sets 1 and 2 (by their
    // names): who gets pv.kubernetes.io/bound-by-controller on binding.
    #[test]
    fn bound_by_controller_marks() {
        let rows: &[(&str, PersistentVolume, PersistentVolumeClaim, bool, bool)] = &[
            ("1-1 successful bind", named_volume("volume1-1", None), named_claim("claim1-1", "uid1-1", None), true, true),
            ("2-3 claim prebound to unbound volume", named_volume("volume2-3", None), named_claim("claim2-3", "uid2-3", Some("volume2-3")), true, false),
            ("1-5 prebound volume by name", named_volume("volume1-5", Some(("claim1-5", ""))), named_claim("claim1-5", "uid1-5", None), false, true),
            ("1-6 prebound volume by UID", named_volume("volume1-6", Some(("claim1-6", "uid1-6"))), named_claim("claim1-6", "uid1-6", None), false, true),
            ("2-4 claim prebound to prebound volume by name", named_volume("volume2-4", Some(("claim2-4", ""))), named_claim("claim2-4", "uid2-4", Some("volume2-4")), false, false),
            // A provisioner's volume names the claim's uid already.
            ("provisioned", named_volume("pvc-uid1", Some(("claim", "uid1"))), named_claim("claim", "uid1", None), false, true),
            // 1-7: a claimRef with another uid is another claim of that
            // name (such a volume is no candidate: see bound_to).
            ("1-7 prebound volume to different claim", named_volume("volume1-7", Some(("claim1-7", "uid1-777"))), named_claim("claim1-7", "uid1-7", None), true, true),
        ];
        for (what, pv, c, on_volume, on_claim) in rows {
            assert_eq!(bind_marks(pv, c), BindMarks { volume_by_controller: *on_volume, claim_by_controller: *on_claim }, "{what}");
        }
    }

    #[test]
    fn requested_volume_mismatch_reasons() {
        let c = claim(Some(""), "1Gi", &["ReadWriteOnce"]);
        assert_eq!(mismatch(&volume(None, "1Gi", &["ReadWriteOnce"]), &c), None);
        assert_eq!(mismatch(&volume(None, "500Mi", &["ReadWriteOnce"]), &c), Some("requested PV is too small"));
        assert_eq!(mismatch(&volume(Some("gold"), "1Gi", &["ReadWriteOnce"]), &c), Some("storageClassName does not match"));
        assert_eq!(mismatch(&volume(None, "1Gi", &["ReadOnlyMany"]), &c), Some("incompatible accessMode"));
    }

    #[test]
    fn prebound_to_a_different_claim_is_no_candidate() {
        let c = named_claim("claim1-7", "uid1-7", None);
        assert!(!bound_to(&named_volume("volume1-7", Some(("claim1-7", "uid1-777"))), &c));
        assert!(bound_to(&named_volume("volume1-5", Some(("claim1-7", ""))), &c));
        assert!(!bound_to(&named_volume("v", Some(("other", ""))), &c));
    }

    #[test]
    fn pre_bound_by_name_only_is_not_claimed() {
        assert!(!claimed(&named_volume("v", None)));
        assert!(!claimed(&named_volume("v", Some(("c", "")))));
        assert!(claimed(&named_volume("v", Some(("c", "uid")))));
    }
}

#[cfg(test)]
mod external_tests {
    use super::*;
    use crate::Engine;

    // The Cassandra tutorial's class names minikube's provisioner, which a
    // kind cluster does not run: the claim stays Pending, no volume is
    // made, and the controller says whom it waits for.
    #[test]
    fn a_provisioner_kind_does_not_run_leaves_the_claim_pending() {
        let mut e = Engine::with_default_cluster(1);
        let mut class = StorageClass { provisioner: "k8s.io/minikube-hostpath".into(), ..Default::default() };
        class.metadata.name = "fast".into();
        let mut c = PersistentVolumeClaim::default();
        c.metadata.name = "data".into();
        c.metadata.namespace = "default".into();
        c.spec.storage_class_name = Some("fast".into());
        c.spec.access_modes = vec!["ReadWriteOnce".into()];
        c.spec.resources.requests.insert("storage".into(), Quantity::parse("1Gi").unwrap());
        let volumes_before = e.world().store.list(Kind::PersistentVolume, None).count();
        e.user("create", ObjectKey::new(Kind::StorageClass, "", "fast"), |ctx| ctx.create(Object::StorageClass(Box::new(class))).map(|_| ())).unwrap();
        e.user("create", ObjectKey::new(Kind::PersistentVolumeClaim, "default", "data"), |ctx| ctx.create(Object::PersistentVolumeClaim(Box::new(c))).map(|_| ())).unwrap();
        e.settle(crate::DEFAULT_SETTLE_MS);
        let claim = e.world().store.get_by(Kind::PersistentVolumeClaim, "default", "data").and_then(|o| o.as_pvc().cloned()).unwrap();
        assert_eq!((claim.status.phase.as_deref(), claim.spec.volume_name.as_deref()), (Some("Pending"), None));
        assert_eq!(e.world().store.list(Kind::PersistentVolume, None).count(), volumes_before);
        let reasons: Vec<String> = e.world().store.list(Kind::Event, Some("default")).filter_map(|o| match &**o {
            Object::Event(ev) => Some(ev.reason.clone().unwrap_or_default().to_string()),
            _ => None,
        }).collect();
        assert!(reasons.contains(&"ExternalProvisioning".to_string()), "{reasons:?}");
        assert!(!reasons.contains(&"Provisioning".to_string()), "{reasons:?}");
    }

    // A claim naming a class no StorageClass has, and no volume of that
    // class: provisioning cannot start (the CKAD exercises' "manual"),
    // unlike a claim with no class at all.
    #[test]
    fn a_missing_class_fails_provisioning_and_no_class_fails_binding() {
        let cases: &[(&str, &str, &str, &str)] = &[
            ("manual", "Warning", "ProvisioningFailed", "storageclass.storage.k8s.io \"manual\" not found"),
            ("", "Normal", "FailedBinding", "no persistent volumes available for this claim and no storage class is set"),
        ];
        for (class, kind, reason, message) in cases {
            let mut e = Engine::with_default_cluster(1);
            let mut c = PersistentVolumeClaim::default();
            c.metadata.name = "mypvc".into();
            c.metadata.namespace = "default".into();
            c.spec.storage_class_name = Some(class.to_string());
            c.spec.access_modes = vec!["ReadWriteOnce".into()];
            c.spec.resources.requests.insert("storage".into(), Quantity::parse("4Gi").unwrap());
            e.user("create", ObjectKey::new(Kind::PersistentVolumeClaim, "default", "mypvc"), |ctx| ctx.create(Object::PersistentVolumeClaim(Box::new(c))).map(|_| ())).unwrap();
            e.settle(crate::DEFAULT_SETTLE_MS);
            let events: Vec<(String, String, String)> = e.world().store.list(Kind::Event, Some("default")).filter_map(|o| match &**o {
                Object::Event(ev) => Some((ev.type_.clone().unwrap_or_default().to_string(), ev.reason.clone().unwrap_or_default().to_string(), ev.message.clone().unwrap_or_default().to_string())),
                _ => None,
            }).collect();
            assert_eq!(events, vec![(kind.to_string(), reason.to_string(), message.to_string())], "class {class:?}");
        }
    }
}

#[cfg(test)]
#[path = "pvbinder_default_tests.rs"]
mod default_tests;
