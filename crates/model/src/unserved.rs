//! Kinds every real cluster serves that the simulated one does not model
//! (webhooks, access reviews, CSI drivers…). A pasted manifest or a
//! typed resource type naming one gets the real cluster's error for an
//! unknown kind, since the simulated API server does not serve it, plus a
//! playground hint saying so, so a correct manifest is not mistaken for a
//! wrong one.
//!
//! The list is `kubectl api-resources` of a v1.32 cluster (kind's, with
//! nothing installed) less what [`Kind::ALL`](crate::Kind::ALL) serves.

/// One built-in kind the simulator does not serve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unserved {
    pub kind: &'static str,
    /// `group/version`, or `v1` for the core group.
    pub group_version: &'static str,
    pub short_names: &'static [&'static str],
}

const fn u(kind: &'static str, group_version: &'static str, short_names: &'static [&'static str]) -> Unserved {
    Unserved { kind, group_version, short_names }
}

pub const UNSERVED: &[Unserved] = &[
    u("Binding", "v1", &[]),
    u("MutatingWebhookConfiguration", "admissionregistration.k8s.io/v1", &[]),
    u("ValidatingWebhookConfiguration", "admissionregistration.k8s.io/v1", &[]),
    u("SelfSubjectReview", "authentication.k8s.io/v1", &[]),
    u("TokenReview", "authentication.k8s.io/v1", &[]),
    u("LocalSubjectAccessReview", "authorization.k8s.io/v1", &[]),
    u("SelfSubjectAccessReview", "authorization.k8s.io/v1", &[]),
    u("SelfSubjectRulesReview", "authorization.k8s.io/v1", &[]),
    u("SubjectAccessReview", "authorization.k8s.io/v1", &[]),
    u("CSIDriver", "storage.k8s.io/v1", &[]),
    u("CSIStorageCapacity", "storage.k8s.io/v1", &[]),
    u("VolumeAttachment", "storage.k8s.io/v1", &[]),
];

impl Unserved {
    /// Its resource name. Every one of these is regular, so it is what
    /// upstream's `UnsafeGuessKindToResource` makes of the kind:
    /// lowercased, then `s`, `es` after an `s`, `ies` for a final `y`.
    pub fn plural(&self) -> String {
        let lower = self.kind.to_ascii_lowercase();
        match lower.strip_suffix('y') {
            Some(stem) => format!("{stem}ies"),
            None if lower.ends_with('s') => format!("{lower}es"),
            None => format!("{lower}s"),
        }
    }

    /// The kind a manifest's `kind:` names (exactly, as the API server
    /// matches kinds), whatever its apiVersion: a real cluster serves it
    /// at [`Unserved::group_version`].
    pub fn by_kind(kind: &str) -> Option<&'static Unserved> {
        UNSERVED.iter().find(|u| u.kind == kind)
    }

    /// A typed resource type (`ingress`, `ing`, `roles.rbac.authorization.k8s.io`),
    /// matched as [`Kind::from_resource_name`](crate::Kind::from_resource_name)
    /// matches the served ones.
    pub fn by_resource_name(typed: &str) -> Option<&'static Unserved> {
        let typed = crate::kind::TypedResource::new(typed);
        UNSERVED.iter().find(|u| {
            let (group, version) = u.group_version.rsplit_once('/').unwrap_or(("", u.group_version));
            typed.names(u.kind, &u.plural(), u.short_names, group, version)
        })
    }

    /// The playground's note on it (printed after kubectl's own error).
    pub fn hint(&self) -> String {
        format!("a real cluster serves {} as {}; the simulated cluster does not model it", self.kind, self.group_version)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn no_served_kind_is_listed() {
        for u in UNSERVED {
            assert!(Kind::ALL.iter().all(|k| k.name() != u.kind), "{} is served", u.kind);
            assert!(Kind::from_resource_name(&u.plural()).is_none(), "{} resolves to a served kind", u.plural());
            for s in u.short_names {
                assert!(Kind::from_resource_name(s).is_none(), "{s} resolves to a served kind");
            }
        }
    }

    #[test]
    fn plurals_are_the_api_servers_resource_names() {
        let plural = |k: &str| Unserved::by_kind(k).unwrap().plural();
        assert_eq!(plural("CSIDriver"), "csidrivers");
        assert_eq!(plural("CSIStorageCapacity"), "csistoragecapacities");
        assert_eq!(plural("VolumeAttachment"), "volumeattachments");
    }

    #[test]
    fn typed_names_resolve_as_kubectl_resolves_them() {
        let kind = |t: &str| Unserved::by_resource_name(t).map(|u| u.kind);
        assert_eq!(kind("csidrivers.storage.k8s.io"), Some("CSIDriver"));
        assert_eq!(kind("csidrivers.v1.storage.k8s.io"), Some("CSIDriver"));
        assert_eq!(kind("csidrivers.apps"), None);
        // Served now: no longer listed.
        assert_eq!(kind("cs"), None);
        assert_eq!(kind("leases"), None);
        assert_eq!(kind("csidriver"), Some("CSIDriver"));
        assert_eq!(kind("apiservices.apiregistration.k8s.io"), None);
        assert_eq!(kind("flowschemas"), None);
        assert_eq!(kind("podtemplates.core"), None);
        assert_eq!(kind("foo"), None);
        // Kinds match exactly in manifests, as the API server matches them.
        assert_eq!(Unserved::by_kind("CSIDriver").map(|u| u.group_version), Some("storage.k8s.io/v1"));
        assert_eq!(Unserved::by_kind("csidriver"), None);
    }
}
