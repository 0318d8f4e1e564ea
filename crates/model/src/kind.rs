//! The kind registry: every resource type Kubeplay serves, with the names
//! kubectl resolves (plural, singular, short names), its API group and
//! version, whether it is namespaced, and the older apiVersions that
//! tutorials still use.

use std::fmt;

macro_rules! kinds {
    ($( $kind:ident { group: $group:expr, version: $version:expr, plural: $plural:expr, short: [$($short:expr),*], namespaced: $ns:expr, legacy: [$($legacy:expr),*] } )*) => {
        /// A resource type the simulated API server serves: a built-in
        /// kind, or one a CustomResourceDefinition defined
        /// ([`Kind::Custom`], see [`crate::custom_kind`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Kind { $($kind,)* Custom(CustomKind) }

        /// The built-in kinds' positions, for [`Kind::index`].
        #[derive(Clone, Copy)]
        enum Builtin { $($kind),* }

        impl Kind {
            /// Every built-in kind, in a fixed order (the order `kubectl api-resources` sorts by is computed elsewhere).
            pub const ALL: &'static [Kind] = &[$(Kind::$kind),*];

            pub fn info(self) -> &'static KindInfo {
                match self {
                    $(Kind::$kind => &KindInfo {
                        kind: stringify!($kind),
                        group: $group,
                        version: $version,
                        plural: $plural,
                        short_names: &[$($short),*],
                        namespaced: $ns,
                        legacy_api_versions: &[$($legacy),*],
                    },)*
                    Kind::Custom(c) => crate::custom_kind::info(c),
                }
            }

            /// A dense number: a built-in kind's position in [`Kind::ALL`],
            /// then custom kinds after them.
            pub fn index(self) -> usize {
                match self {
                    $(Kind::$kind => Builtin::$kind as usize,)*
                    Kind::Custom(c) => Kind::ALL.len() + c.id(),
                }
            }
        }
    };
}

/// A kind a CustomResourceDefinition defined: a number into the process's
/// [`crate::custom_kind`] registry, where its names live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CustomKind(pub(crate) u16);

impl CustomKind {
    pub fn id(self) -> usize {
        self.0 as usize
    }
}

/// Built-in kinds by their position; custom kinds after them, by group
/// and kind name, not by the order they were registered in (which depends
/// on what else the process ran): the same inputs list the same objects
/// in the same order everywhere.
impl Ord for Kind {
    fn cmp(&self, other: &Kind) -> std::cmp::Ordering {
        match (self, other) {
            (Kind::Custom(a), Kind::Custom(b)) if a != b => crate::custom_kind::cmp(*a, *b),
            _ => self.index().cmp(&other.index()),
        }
    }
}

impl PartialOrd for Kind {
    fn partial_cmp(&self, other: &Kind) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Static facts about a kind.
#[derive(Debug)]
pub struct KindInfo {
    /// `Deployment`
    pub kind: &'static str,
    /// `apps`; empty for the core group.
    pub group: &'static str,
    /// The version the server stores and prints (`v1`).
    pub version: &'static str,
    /// `deployments`
    pub plural: &'static str,
    pub short_names: &'static [&'static str],
    pub namespaced: bool,
    /// Other apiVersions a v1.32 API server still serves for the kind
    /// (`autoscaling/v1`), converted to this one. Versions removed since
    /// (`extensions/v1beta1`) are not here: the mapper finds no match.
    pub legacy_api_versions: &'static [&'static str],
}

kinds! {
    Namespace { group: "", version: "v1", plural: "namespaces", short: ["ns"], namespaced: false, legacy: [] }
    Node { group: "", version: "v1", plural: "nodes", short: ["no"], namespaced: false, legacy: [] }
    Pod { group: "", version: "v1", plural: "pods", short: ["po"], namespaced: true, legacy: [] }
    ReplicaSet { group: "apps", version: "v1", plural: "replicasets", short: ["rs"], namespaced: true, legacy: [] }
    Deployment { group: "apps", version: "v1", plural: "deployments", short: ["deploy"], namespaced: true, legacy: [] }
    StatefulSet { group: "apps", version: "v1", plural: "statefulsets", short: ["sts"], namespaced: true, legacy: [] }
    DaemonSet { group: "apps", version: "v1", plural: "daemonsets", short: ["ds"], namespaced: true, legacy: [] }
    ControllerRevision { group: "apps", version: "v1", plural: "controllerrevisions", short: [], namespaced: true, legacy: [] }
    Job { group: "batch", version: "v1", plural: "jobs", short: [], namespaced: true, legacy: [] }
    CronJob { group: "batch", version: "v1", plural: "cronjobs", short: ["cj"], namespaced: true, legacy: [] }
    HorizontalPodAutoscaler { group: "autoscaling", version: "v2", plural: "horizontalpodautoscalers", short: ["hpa"], namespaced: true, legacy: ["autoscaling/v1"] }
    Service { group: "", version: "v1", plural: "services", short: ["svc"], namespaced: true, legacy: [] }
    Endpoints { group: "", version: "v1", plural: "endpoints", short: ["ep"], namespaced: true, legacy: [] }
    EndpointSlice { group: "discovery.k8s.io", version: "v1", plural: "endpointslices", short: [], namespaced: true, legacy: [] }
    ConfigMap { group: "", version: "v1", plural: "configmaps", short: ["cm"], namespaced: true, legacy: [] }
    Secret { group: "", version: "v1", plural: "secrets", short: [], namespaced: true, legacy: [] }
    ServiceAccount { group: "", version: "v1", plural: "serviceaccounts", short: ["sa"], namespaced: true, legacy: [] }
    PersistentVolumeClaim { group: "", version: "v1", plural: "persistentvolumeclaims", short: ["pvc"], namespaced: true, legacy: [] }
    PersistentVolume { group: "", version: "v1", plural: "persistentvolumes", short: ["pv"], namespaced: false, legacy: [] }
    StorageClass { group: "storage.k8s.io", version: "v1", plural: "storageclasses", short: ["sc"], namespaced: false, legacy: [] }
    PriorityClass { group: "scheduling.k8s.io", version: "v1", plural: "priorityclasses", short: ["pc"], namespaced: false, legacy: [] }
    PodDisruptionBudget { group: "policy", version: "v1", plural: "poddisruptionbudgets", short: ["pdb"], namespaced: true, legacy: [] }
    Ingress { group: "networking.k8s.io", version: "v1", plural: "ingresses", short: ["ing"], namespaced: true, legacy: [] }
    IngressClass { group: "networking.k8s.io", version: "v1", plural: "ingressclasses", short: [], namespaced: false, legacy: [] }
    NetworkPolicy { group: "networking.k8s.io", version: "v1", plural: "networkpolicies", short: ["netpol"], namespaced: true, legacy: [] }
    Role { group: "rbac.authorization.k8s.io", version: "v1", plural: "roles", short: [], namespaced: true, legacy: [] }
    ClusterRole { group: "rbac.authorization.k8s.io", version: "v1", plural: "clusterroles", short: [], namespaced: false, legacy: [] }
    RoleBinding { group: "rbac.authorization.k8s.io", version: "v1", plural: "rolebindings", short: [], namespaced: true, legacy: [] }
    ClusterRoleBinding { group: "rbac.authorization.k8s.io", version: "v1", plural: "clusterrolebindings", short: [], namespaced: false, legacy: [] }
    ResourceQuota { group: "", version: "v1", plural: "resourcequotas", short: ["quota"], namespaced: true, legacy: [] }
    LimitRange { group: "", version: "v1", plural: "limitranges", short: ["limits"], namespaced: true, legacy: [] }
    ReplicationController { group: "", version: "v1", plural: "replicationcontrollers", short: ["rc"], namespaced: true, legacy: [] }
    Event { group: "", version: "v1", plural: "events", short: ["ev"], namespaced: true, legacy: [] }
    CustomResourceDefinition { group: "apiextensions.k8s.io", version: "v1", plural: "customresourcedefinitions", short: ["crd", "crds"], namespaced: false, legacy: [] }
    CertificateSigningRequest { group: "certificates.k8s.io", version: "v1", plural: "certificatesigningrequests", short: ["csr"], namespaced: false, legacy: [] }
    RuntimeClass { group: "node.k8s.io", version: "v1", plural: "runtimeclasses", short: [], namespaced: false, legacy: [] }
    Lease { group: "coordination.k8s.io", version: "v1", plural: "leases", short: [], namespaced: true, legacy: [] }
    ComponentStatus { group: "", version: "v1", plural: "componentstatuses", short: ["cs"], namespaced: false, legacy: [] }
    PodTemplate { group: "", version: "v1", plural: "podtemplates", short: [], namespaced: true, legacy: [] }
    APIService { group: "apiregistration.k8s.io", version: "v1", plural: "apiservices", short: [], namespaced: false, legacy: [] }
    CSINode { group: "storage.k8s.io", version: "v1", plural: "csinodes", short: [], namespaced: false, legacy: [] }
    ValidatingAdmissionPolicy { group: "admissionregistration.k8s.io", version: "v1", plural: "validatingadmissionpolicies", short: [], namespaced: false, legacy: ["admissionregistration.k8s.io/v1beta1"] }
    ValidatingAdmissionPolicyBinding { group: "admissionregistration.k8s.io", version: "v1", plural: "validatingadmissionpolicybindings", short: [], namespaced: false, legacy: ["admissionregistration.k8s.io/v1beta1"] }
    FlowSchema { group: "flowcontrol.apiserver.k8s.io", version: "v1", plural: "flowschemas", short: [], namespaced: false, legacy: [] }
    PriorityLevelConfiguration { group: "flowcontrol.apiserver.k8s.io", version: "v1", plural: "prioritylevelconfigurations", short: [], namespaced: false, legacy: [] }
}

impl KindInfo {
    /// `apps/v1`, or `v1` for the core group.
    pub fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.to_string()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }
    /// `deployments.apps`, or `pods` for the core group: how the API server names the resource in errors.
    pub fn group_resource(&self) -> String {
        if self.group.is_empty() {
            self.plural.to_string()
        } else {
            format!("{}.{}", self.plural, self.group)
        }
    }
    /// `deployment.apps`, or `pod`: the prefix kubectl's name printer uses.
    pub fn name_prefix(&self) -> String {
        let mut s = String::with_capacity(self.kind.len() + 1 + self.group.len());
        let _ = self.write_name_prefix(&mut s);
        s
    }

    /// [`KindInfo::name_prefix`] written out without building it (every
    /// object key printed, in every step's summary, starts with it).
    pub fn write_name_prefix(&self, out: &mut impl fmt::Write) -> fmt::Result {
        for c in self.kind.chars() {
            out.write_char(c.to_ascii_lowercase())?;
        }
        if !self.group.is_empty() {
            out.write_char('.')?;
            out.write_str(self.group)?;
        }
        Ok(())
    }
}

impl Kind {
    /// Its `kind` and `apiVersion` as shared words, made once per thread:
    /// every owner reference and every Event's reference carries both.
    pub fn words(self) -> (crate::Atom, crate::Atom) {
        thread_local! {
            static WORDS: std::cell::RefCell<Vec<Option<(crate::Atom, crate::Atom)>>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        WORDS.with(|w| {
            let mut w = w.borrow_mut();
            if w.is_empty() {
                w.resize(Kind::ALL.len(), None);
            }
            if w.len() <= self.index() {
                w.resize(self.index() + 1, None);
            }
            w[self.index()].get_or_insert_with(|| (crate::Atom::from(self.name()), crate::Atom::from(self.info().api_version().as_str()))).clone()
        })
    }

    pub fn name(self) -> &'static str {
        self.info().kind
    }
    pub fn namespaced(self) -> bool {
        self.info().namespaced
    }

    /// Resolves what a user typed as a resource type, as kubectl's RESTMapper
    /// does: plural, singular, short name or kind, case-insensitive, optionally
    /// qualified by group (`deployments.apps`, `deploy.apps`).
    pub fn from_resource_name(typed: &str) -> Option<Kind> {
        let events_v1 = crate::api::events_v1::names(typed);
        let typed = TypedResource::new(typed);
        let builtin = Kind::ALL.iter().copied().find(|k| {
            let i = k.info();
            typed.names(i.kind, i.plural, i.short_names, i.group, i.version)
        });
        // events.k8s.io/v1 serves the core group's Events in another shape.
        let builtin = builtin.or(events_v1.then_some(Kind::Event));
        builtin.or_else(|| {
            let served = crate::custom_kind::served();
            let found = served.iter().find(|s| {
                let shorts: Vec<&str> = s.short_names.iter().map(String::as_str).collect();
                s.versions.iter().any(|v| typed.names(s.kind.name(), &s.plural, &shorts, &s.group, v))
            });
            found.map(|s| s.kind)
        })
    }

    /// Looks up `apiVersion` + `kind` from a manifest.
    pub fn from_api_version_kind(api_version: &str, kind: &str) -> Result<(Kind, ApiVersionStatus), KindLookupError> {
        let found = Kind::ALL.iter().copied().find(|k| k.info().kind == kind);
        let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
        let served = crate::custom_kind::served();
        let custom = served.iter().filter(|s| s.group == group && s.kind.name() == kind);
        let mut wrong_version = false;
        for s in custom {
            if s.versions.iter().any(|v| v == version) {
                return Ok((s.kind, ApiVersionStatus::Current));
            }
            wrong_version = true;
        }
        let Some(k) = found else {
            return Err(if wrong_version { KindLookupError::WrongVersion } else { KindLookupError::UnknownKind });
        };
        let info = k.info();
        if api_version == info.api_version() {
            return Ok((k, ApiVersionStatus::Current));
        }
        if info.legacy_api_versions.contains(&api_version) {
            return Ok((k, ApiVersionStatus::Deprecated));
        }
        Err(KindLookupError::WrongVersion)
    }
}

/// Whether a manifest used the served apiVersion or an older one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApiVersionStatus {
    Current,
    Deprecated,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindLookupError {
    UnknownKind,
    WrongVersion,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A resource type as typed (`deploy`, `deployments.apps`,
/// `deployments.v1.apps`), lowercased and split once, to be matched against
/// kinds as kubectl's RESTMapper matches them.
pub(crate) struct TypedResource {
    name: String,
    group: Option<String>,
}

impl TypedResource {
    pub(crate) fn new(typed: &str) -> TypedResource {
        let lower = typed.to_ascii_lowercase();
        match lower.split_once('.') {
            Some((n, g)) => TypedResource { name: n.to_string(), group: Some(g.to_string()) },
            None => TypedResource { name: lower, group: None },
        }
    }

    /// Whether a group (or `VERSION.GROUP`) was typed after the name.
    pub(crate) fn has_group(&self) -> bool {
        self.group.is_some()
    }

    /// Plural, singular (the kind lowercased) or short name, case-insensitive;
    /// the group, if typed, as `apps`, `v1.apps`, or `core` for the core group.
    pub(crate) fn names(&self, kind: &str, plural: &str, short_names: &[&str], group: &str, version: &str) -> bool {
        let name = self.name.as_str();
        let names = name == plural || name == kind.to_ascii_lowercase() || short_names.contains(&name);
        let group_ok = match self.group.as_deref() {
            None => true,
            Some(g) => g == group || (group.is_empty() && g == "core") || g.strip_prefix(version).and_then(|r| r.strip_prefix('.')) == Some(group),
        };
        names && group_ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_kubectl_resource_names() {
        let table = [
            ("po", Some(Kind::Pod)),
            ("pods", Some(Kind::Pod)),
            ("pod", Some(Kind::Pod)),
            ("Pod", Some(Kind::Pod)),
            ("deploy", Some(Kind::Deployment)),
            ("deployments.apps", Some(Kind::Deployment)),
            ("rs", Some(Kind::ReplicaSet)),
            ("sts", Some(Kind::StatefulSet)),
            ("ds", Some(Kind::DaemonSet)),
            ("svc", Some(Kind::Service)),
            ("ep", Some(Kind::Endpoints)),
            ("no", Some(Kind::Node)),
            ("ns", Some(Kind::Namespace)),
            ("cm", Some(Kind::ConfigMap)),
            ("cj", Some(Kind::CronJob)),
            ("hpa", Some(Kind::HorizontalPodAutoscaler)),
            ("pvc", Some(Kind::PersistentVolumeClaim)),
            ("pv", Some(Kind::PersistentVolume)),
            ("endpointslices", Some(Kind::EndpointSlice)),
            ("deployments.batch", None),
            ("deployments.v1.apps", Some(Kind::Deployment)),
            ("deployments.v2.apps", None),
            ("pods.core", Some(Kind::Pod)),
            ("pods.v1.", Some(Kind::Pod)),
            ("leases", Some(Kind::Lease)),
            ("lease.coordination.k8s.io", Some(Kind::Lease)),
            ("leases.v1.coordination.k8s.io", Some(Kind::Lease)),
            ("events.events.k8s.io", Some(Kind::Event)),
            ("cs", Some(Kind::ComponentStatus)),
            ("podtemplate", Some(Kind::PodTemplate)),
            ("apiservices.apiregistration.k8s.io", Some(Kind::APIService)),
            ("APIService", Some(Kind::APIService)),
            ("csinodes.storage.k8s.io", Some(Kind::CSINode)),
            ("podtemplates.v1.", Some(Kind::PodTemplate)),
            ("componentstatuses.core", Some(Kind::ComponentStatus)),
            ("ev.events.k8s.io", Some(Kind::Event)),
            ("events.v1beta1.events.k8s.io", None),
            ("foo", None),
        ];
        for (typed, want) in table {
            assert_eq!(Kind::from_resource_name(typed), want, "{typed}");
        }
    }

    #[test]
    fn api_versions() {
        assert_eq!(Kind::from_api_version_kind("apps/v1", "Deployment"), Ok((Kind::Deployment, ApiVersionStatus::Current)));
        assert_eq!(Kind::from_api_version_kind("autoscaling/v1", "HorizontalPodAutoscaler"), Ok((Kind::HorizontalPodAutoscaler, ApiVersionStatus::Deprecated)));
        // Removed versions are no longer served: the mapper finds no match.
        assert_eq!(Kind::from_api_version_kind("extensions/v1beta1", "Deployment"), Err(KindLookupError::WrongVersion));
        assert_eq!(Kind::from_api_version_kind("v1", "Deployment"), Err(KindLookupError::WrongVersion));
        assert_eq!(Kind::from_api_version_kind("v1", "Foo"), Err(KindLookupError::UnknownKind));
        assert_eq!(Kind::Deployment.info().group_resource(), "deployments.apps");
        assert_eq!(Kind::Pod.info().name_prefix(), "pod");
        assert_eq!(Kind::HorizontalPodAutoscaler.info().name_prefix(), "horizontalpodautoscaler.autoscaling");
    }
}
