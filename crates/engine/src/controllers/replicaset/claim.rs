//! Who owns what (`controller_ref_manager.go` ClaimObject): a controller
//! keeps what it owns and still selects, adopts matching orphans, and
//! releases what it owns but no longer selects. Shared by every workload
//! controller that claims pods or ReplicaSets.

use kubeplay_model::{ObjectMeta, OwnerReference};

/// What a controller does with one candidate object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Already ours and selected: claimed, nothing to write.
    Keep,
    /// An orphan we select: set our controller reference on it.
    Adopt,
    /// Ours but no longer selected: remove our reference.
    Release,
    /// Someone else's, or not ours to take: leave it alone.
    Ignore,
}

/// The decision of `ClaimObject`. `selected` is whether the owner's
/// selector matches the object's labels.
pub fn decide(owner: &ObjectMeta, obj: &ObjectMeta, selected: bool) -> Claim {
    let owner_deleting = owner.deletion_timestamp.is_some();
    match obj.controller_ref() {
        Some(r) if r.uid != owner.uid => Claim::Ignore,
        // Keeping what we own needs no write, so it is allowed even while
        // the owner is being deleted.
        Some(_) if selected => Claim::Keep,
        Some(_) if owner_deleting => Claim::Ignore,
        Some(_) => Claim::Release,
        None if owner_deleting || !selected => Claim::Ignore,
        None if obj.deletion_timestamp.is_some() => Claim::Ignore,
        None if !owner.namespace.is_empty() && owner.namespace != obj.namespace => Claim::Ignore,
        None => Claim::Adopt,
    }
}

/// The adoption patch: our controller reference replaces any reference
/// with the same uid.
pub fn adopt(obj: &mut ObjectMeta, owner_ref: OwnerReference) {
    obj.owner_references.retain(|r| r.uid != owner_ref.uid);
    obj.owner_references.push(owner_ref);
}

/// The release patch: every reference to the owner's uid goes.
pub fn release(obj: &mut ObjectMeta, owner_uid: &str) {
    obj.owner_references.retain(|r| r.uid != owner_uid);
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Time;

    fn owner(deleting: bool) -> ObjectMeta {
        ObjectMeta {
            name: "rs".into(),
            namespace: "default".into(),
            uid: "owner".into(),
            deletion_timestamp: deleting.then_some(Time::from_millis(1)),
            ..Default::default()
        }
    }

    fn obj(controller: Option<&str>, deleting: bool, ns: &str) -> ObjectMeta {
        ObjectMeta {
            name: "p".into(),
            namespace: ns.into(),
            deletion_timestamp: deleting.then_some(Time::from_millis(1)),
            owner_references: controller
                .map(|uid| OwnerReference { uid: uid.into(), controller: Some(true), ..Default::default() })
                .into_iter()
                .collect(),
            ..Default::default()
        }
    }

    // The ClaimObject table of the reference notes (§6).
    #[test]
    fn claim_table() {
        use Claim::*;
        let cases = [
            // (owned by, object deleting, namespace, selected, owner deleting) => claim
            ((Some("other"), false, "default", true, false), Ignore),
            ((Some("other"), false, "default", true, true), Ignore),
            ((Some("owner"), false, "default", true, false), Keep),
            ((Some("owner"), false, "default", true, true), Keep),
            ((Some("owner"), false, "default", false, false), Release),
            ((Some("owner"), true, "default", false, false), Release),
            ((Some("owner"), false, "default", false, true), Ignore),
            ((None, false, "default", true, false), Adopt),
            ((None, false, "default", true, true), Ignore),
            ((None, false, "default", false, false), Ignore),
            ((None, true, "default", true, false), Ignore),
            ((None, false, "other-ns", true, false), Ignore),
        ];
        for ((by, deleting, ns, selected, owner_deleting), want) in cases {
            let got = decide(&owner(owner_deleting), &obj(by, deleting, ns), selected);
            assert_eq!(got, want, "{by:?} deleting={deleting} ns={ns} selected={selected} owner_deleting={owner_deleting}");
        }
    }

    #[test]
    fn adopt_and_release_patch_owner_references() {
        let mut m = obj(None, false, "default");
        m.owner_references.push(OwnerReference { uid: "owner".into(), controller: Some(false), ..Default::default() });
        adopt(&mut m, OwnerReference { uid: "owner".into(), controller: Some(true), ..Default::default() });
        assert_eq!(m.owner_references.len(), 1);
        assert_eq!(m.controller_ref().map(|r| r.uid.as_str()), Some("owner"));
        release(&mut m, "owner");
        assert!(m.owner_references.is_empty());
    }
}
