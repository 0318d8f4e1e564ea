//! Kinds that CustomResourceDefinitions define.
//!
//! Two layers, as in a real cluster:
//! - The **registry** gives each custom kind's identity (group, plural,
//!   kind, scope: what a CRD cannot change without being a different
//!   resource) a [`Kind::Custom`] number for the life of the process, so a
//!   custom kind is as cheap to key, compare and copy as a built-in one.
//!   It only grows; a number says nothing about whether any cluster serves
//!   the kind.
//! - **Discovery** ([`Served`]) is per cluster: which custom kinds its
//!   established CRDs serve now, under which names and versions. kubectl
//!   resolves what a user typed through it, as its RESTMapper resolves
//!   through the server's discovery documents. The engine publishes its
//!   cluster's discovery with [`with_served`] around each command; without
//!   it only built-in kinds resolve.
//!
//! ```
//! use kubeplay_model::custom_kind::{register, Identity};
//! let id = Identity { group: "stable.example.com".into(), plural: "crontabs".into(), kind: "CronTab".into(), namespaced: true };
//! let k = register(&id, "v1").unwrap();
//! assert_eq!(k.info().plural, "crontabs");
//! assert_eq!(register(&id, "v2").unwrap(), k);
//! ```

use crate::kind::{CustomKind, Kind, KindInfo};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::RwLock;

/// What makes a custom kind the same kind: a CRD's `metadata.name` is
/// `<plural>.<group>`, and its kind and scope are fixed while it exists.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Identity {
    pub group: String,
    pub plural: String,
    pub kind: String,
    pub namespaced: bool,
}

/// How many custom kinds one process may name (a page, a test run).
pub const MAX_CUSTOM_KINDS: usize = 4096;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("(playground) this session has defined {MAX_CUSTOM_KINDS} custom resource kinds, the most it can hold")]
pub struct RegistryFull;

static REGISTRY: RwLock<Vec<&'static KindInfo>> = RwLock::new(Vec::new());

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// The kind for `id`, numbering it on first sight; `version` is the one
/// recorded with a new number (a kind's objects carry their own).
pub fn register(id: &Identity, version: &str) -> Result<Kind, RegistryFull> {
    if let Some(k) = find(id) {
        return Ok(k);
    }
    let mut reg = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    // Looked up again under the write lock: another thread may have won.
    if let Some(i) = reg.iter().position(|i| same(i, id)) {
        return Ok(Kind::Custom(CustomKind(i as u16)));
    }
    if reg.len() >= MAX_CUSTOM_KINDS {
        return Err(RegistryFull);
    }
    // Leaked on purpose: a registered kind lives as long as the process,
    // as a built-in kind's static facts do, and there are few of them.
    let info: &'static KindInfo = Box::leak(Box::new(KindInfo {
        kind: leak(&id.kind),
        group: leak(&id.group),
        version: leak(version),
        plural: leak(&id.plural),
        short_names: &[],
        namespaced: id.namespaced,
        legacy_api_versions: &[],
    }));
    reg.push(info);
    Ok(Kind::Custom(CustomKind((reg.len() - 1) as u16)))
}

fn same(i: &KindInfo, id: &Identity) -> bool {
    i.group == id.group && i.plural == id.plural && i.kind == id.kind && i.namespaced == id.namespaced
}

/// The kind numbered for `id`, if any.
pub fn find(id: &Identity) -> Option<Kind> {
    let reg = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    reg.iter().position(|i| same(i, id)).map(|i| Kind::Custom(CustomKind(i as u16)))
}

pub(crate) fn info(c: CustomKind) -> &'static KindInfo {
    let reg = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    // A CustomKind is only made by `register`, so its number is in range.
    reg.get(c.id()).copied().unwrap_or(&UNKNOWN)
}

static UNKNOWN: KindInfo = KindInfo { kind: "", group: "", version: "", plural: "", short_names: &[], namespaced: false, legacy_api_versions: &[] };

/// Custom kinds in the order of their group, then kind name, then plural.
pub(crate) fn cmp(a: CustomKind, b: CustomKind) -> std::cmp::Ordering {
    let (a, b) = (info(a), info(b));
    (a.group, a.kind, a.plural, a.namespaced).cmp(&(b.group, b.kind, b.plural, b.namespaced))
}

/// One custom kind a cluster serves, with the names and versions its CRD
/// gives it now.
#[derive(Clone, Debug, PartialEq)]
pub struct Served {
    pub kind: Kind,
    pub group: String,
    pub plural: String,
    pub singular: String,
    pub short_names: Vec<String>,
    pub categories: Vec<String>,
    pub namespaced: bool,
    /// Served versions, the preferred (kube-aware highest) first.
    pub versions: Vec<String>,
    /// The version objects are stored in.
    pub storage_version: String,
    /// Each served version's `additionalPrinterColumns`, in the order of
    /// `versions`.
    pub printer_columns: Vec<Vec<crate::api::CustomResourceColumnDefinition>>,
    /// Whether the preferred version has the status subresource, and its
    /// scale subresource's paths.
    pub status_subresource: bool,
    pub scale: Option<crate::api::CustomResourceSubresourceScale>,
}

impl Served {
    /// `stable.example.com/v1` for the preferred version.
    pub fn api_version(&self) -> String {
        format!("{}/{}", self.group, self.versions.first().map_or("", |v| v.as_str()))
    }

    /// The printer columns of `version` (the server's table for a request
    /// in that version); none for a version not served.
    pub fn columns(&self, version: &str) -> &[crate::api::CustomResourceColumnDefinition] {
        self.versions.iter().position(|v| v == version).and_then(|i| self.printer_columns.get(i)).map_or(&[], |c| c.as_slice())
    }
}

thread_local! {
    static SERVED: RefCell<Rc<Vec<Served>>> = RefCell::new(Rc::new(Vec::new()));
    /// The versions a command named (`crontabs.v1beta1.stable.example.com`).
    static REQUESTED: RefCell<Vec<(Kind, String)>> = const { RefCell::new(Vec::new()) };
}

/// The served version `typed` names for `s` (`crontabs.v1beta1.stable.example.com`),
/// if it names one.
pub fn typed_version(typed: &str, s: &Served) -> Option<String> {
    let lower = typed.to_ascii_lowercase();
    let (_, rest) = lower.split_once('.')?;
    let v = rest.strip_suffix(s.group.as_str())?.strip_suffix('.')?;
    s.versions.iter().find(|x| x.as_str() == v).cloned()
}

/// Records that the current command asks for `kind` in `version`, as
/// kubectl's request path names a version (until [`with_served`] ends).
pub fn request_version(kind: Kind, version: String) {
    REQUESTED.with(|r| {
        let mut r = r.borrow_mut();
        r.retain(|(k, _)| *k != kind);
        r.push((kind, version));
    })
}

/// The version a read of `kind` asks the API server for: the one the
/// command named, else the preferred one.
pub fn read_version(kind: Kind) -> Option<String> {
    REQUESTED.with(|r| r.borrow().iter().find(|(k, _)| *k == kind).map(|(_, v)| v.clone())).or_else(|| served_kind(kind).and_then(|s| s.versions.first().cloned()))
}

/// Runs `f` with `served` as the cluster's discovery (restored after,
/// also when `f` nests another call).
pub fn with_served<R>(served: Rc<Vec<Served>>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Rc<Vec<Served>>>, Vec<(Kind, String)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(prev) = self.0.take() {
                SERVED.with(|s| *s.borrow_mut() = prev);
            }
            let requested = std::mem::take(&mut self.1);
            REQUESTED.with(|r| *r.borrow_mut() = requested);
        }
    }
    let prev = SERVED.with(|s| std::mem::replace(&mut *s.borrow_mut(), served));
    let requested = REQUESTED.with(|r| std::mem::take(&mut *r.borrow_mut()));
    let _restore = Restore(Some(prev), requested);
    f()
}

/// The discovery [`with_served`] published (empty outside it).
pub fn served() -> Rc<Vec<Served>> {
    SERVED.with(|s| s.borrow().clone())
}

/// The served custom kind `kind`, if the current discovery has it.
pub fn served_kind(kind: Kind) -> Option<Served> {
    SERVED.with(|s| s.borrow().iter().find(|x| x.kind == kind).cloned())
}

/// Kubernetes' version priority (`version.CompareKubeAwareVersionStrings`):
/// GA before beta before alpha, higher numbers first, then anything that
/// is not a Kubernetes version, alphabetically.
pub fn compare_versions(a: &str, b: &str) -> std::cmp::Ordering {
    fn parse(v: &str) -> Option<(u64, u8, u64)> {
        let rest = v.strip_prefix('v')?;
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        let major: u64 = rest[..digits].parse().ok()?;
        if major == 0 {
            return None;
        }
        let tail = &rest[digits..];
        if tail.is_empty() {
            return Some((major, 2, 0));
        }
        for (word, level) in [("beta", 1u8), ("alpha", 0u8)] {
            if let Some(n) = tail.strip_prefix(word) {
                if n.is_empty() {
                    return Some((major, level, 0));
                }
                if n.starts_with('0') || !n.chars().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                return Some((major, level, n.parse().ok()?));
            }
        }
        None
    }
    use std::cmp::Ordering;
    match (parse(a), parse(b)) {
        (Some((ma, la, na)), Some((mb, lb, nb))) => lb.cmp(&la).then(mb.cmp(&ma)).then(nb.cmp(&na)),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.cmp(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // helpers_test.go's TestCompareKubeAwareVersionStrings: "greater"
    // is first in priority order.
    #[test]
    fn versions_sort_as_kubernetes_sorts_them() {
        let table = [
            ("v1", "v2", false),
            ("v2", "v1", true),
            ("v10", "v2", true),
            ("v1", "v2alpha1", true),
            ("v1", "v2beta1", true),
            ("v1alpha2", "v1alpha1", true),
            ("v1beta1", "v2alpha3", true),
            ("v1alpha10", "v1alpha2", true),
            ("v1beta10", "v1beta2", true),
            ("foo", "v1beta2", false),
            ("bar", "foo", true),
            ("version1", "version2", true),
            ("version1", "version10", true),
        ];
        for (a, b, greater) in table {
            assert_eq!(compare_versions(a, b) == std::cmp::Ordering::Less, greater, "{a} vs {b}");
        }
    }

    #[test]
    fn custom_kinds_order_by_name_not_registration() {
        let z = register(&Identity { group: "z.example.com".into(), plural: "zs".into(), kind: "Z".into(), namespaced: true }, "v1").unwrap();
        let a = register(&Identity { group: "a.example.com".into(), plural: "as".into(), kind: "A".into(), namespaced: true }, "v1").unwrap();
        assert!(a < z);
        assert!(Kind::Event < a);
        assert_eq!(a.info().group, "a.example.com");
        assert!(!a.namespaced() || a.info().namespaced);
    }

    #[test]
    fn discovery_is_scoped() {
        let k = register(&Identity { group: "s.example.com".into(), plural: "things".into(), kind: "Thing".into(), namespaced: false }, "v1").unwrap();
        let served = Rc::new(vec![Served {
            kind: k,
            group: "s.example.com".into(),
            plural: "things".into(),
            singular: "thing".into(),
            short_names: vec!["th".into()],
            categories: vec![],
            namespaced: false,
            versions: vec!["v1".into()],
            storage_version: "v1".into(),
            printer_columns: vec![],
            status_subresource: false,
            scale: None,
        }]);
        assert_eq!(Kind::from_resource_name("th"), None);
        with_served(served, || {
            assert_eq!(Kind::from_resource_name("th"), Some(k));
            assert_eq!(Kind::from_resource_name("things.s.example.com"), Some(k));
            assert_eq!(Kind::from_api_version_kind("s.example.com/v1", "Thing").map(|x| x.0), Ok(k));
            assert_eq!(Kind::from_api_version_kind("s.example.com/v2", "Thing").map(|x| x.0), Err(crate::kind::KindLookupError::WrongVersion));
        });
        assert_eq!(Kind::from_resource_name("th"), None);
    }

    #[test]
    fn a_typed_version_and_the_read_version() {
        let k = register(&Identity { group: "v.example.com".into(), plural: "crontabs".into(), kind: "CronTab".into(), namespaced: true }, "v1").unwrap();
        let s = Served {
            kind: k,
            group: "v.example.com".into(),
            plural: "crontabs".into(),
            singular: "crontab".into(),
            short_names: vec![],
            categories: vec![],
            namespaced: true,
            versions: vec!["v1".into(), "v1beta1".into()],
            storage_version: "v1beta1".into(),
            printer_columns: vec![],
            status_subresource: false,
            scale: None,
        };
        assert_eq!(typed_version("crontabs.v1beta1.v.example.com", &s).as_deref(), Some("v1beta1"));
        assert_eq!(typed_version("CronTab.V1.v.example.com", &s).as_deref(), Some("v1"));
        assert_eq!(typed_version("crontabs.v.example.com", &s), None);
        assert_eq!(typed_version("crontabs.v2.v.example.com", &s), None);
        with_served(Rc::new(vec![s]), || {
            assert_eq!(read_version(k).as_deref(), Some("v1"));
            request_version(k, "v1beta1".into());
            assert_eq!(read_version(k).as_deref(), Some("v1beta1"));
            // A nested command starts without the outer one's request.
            with_served(served(), || assert_eq!(read_version(k).as_deref(), Some("v1")));
            assert_eq!(read_version(k).as_deref(), Some("v1beta1"));
        });
        assert_eq!(read_version(k), None);
    }
}
