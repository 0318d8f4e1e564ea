//! `Object`: one value for any kind, so the store, the change log and the
//! printers can handle every kind uniformly while controllers match on the
//! variant they own.

use crate::api::*;
use crate::kind::Kind;
use crate::meta::ObjectMeta;
use serde::{Deserialize, Deserializer, Serialize};
use crate::atom::Atom;
use crate::shared_str::SharedStr;
use std::fmt;
use std::fmt::Write as _;

macro_rules! objects {
    ($($kind:ident),* $(,)?) => {
        /// Any API object.
        #[derive(Clone, Debug, PartialEq)]
        // Boxed: unboxed, every object took the size of the largest kind
        // (a CronJob, 3 KB), and the store, the change log and the trace
        // keep every version of every object, most of them events of a
        // quarter of that. Boxing cut a 10,000-pod Deployment's memory by
        // a quarter. `Object::from(pod)` builds one.
        pub enum Object { $($kind(Box<$kind>),)* Custom(Box<CustomObject>) }

        /// Functions that may keep an object they are given (`client::apply`
/// makes the new object from its manifest) take `impl Into<Cow<Object>>`:
/// a borrow is copied only when needed, an owned object never.
impl<'a> From<&'a Object> for std::borrow::Cow<'a, Object> {
    fn from(obj: &'a Object) -> Self {
        std::borrow::Cow::Borrowed(obj)
    }
}

impl From<Object> for std::borrow::Cow<'_, Object> {
    fn from(obj: Object) -> Self {
        std::borrow::Cow::Owned(obj)
    }
}

impl Object {
            pub fn kind(&self) -> Kind {
                match self { $(Object::$kind(_) => Kind::$kind,)* Object::Custom(o) => o.kind }
            }
            pub fn meta(&self) -> &ObjectMeta {
                match self { $(Object::$kind(o) => &o.metadata,)* Object::Custom(o) => &o.metadata }
            }
            pub fn meta_mut(&mut self) -> &mut ObjectMeta {
                match self { $(Object::$kind(o) => &mut o.metadata,)* Object::Custom(o) => &mut o.metadata }
            }
            /// Decodes the body of a manifest (everything but `apiVersion`
            /// and `kind`) as the given kind.
            pub fn deserialize_kind<'de, D: Deserializer<'de>>(kind: Kind, d: D) -> Result<Object, D::Error> {
                Ok(match kind {
                    $(Kind::$kind => Object::$kind(Box::new($kind::deserialize(d)?)),)*
                    Kind::Custom(_) => Object::Custom(Box::new(CustomObject::deserialize_body(kind, d)?)),
                })
            }
            /// The object's fields as JSON, without `apiVersion`/`kind`.
            fn body_json(&self) -> serde_json::Value {
                let r = match self { $(Object::$kind(o) => serde_json::to_value(o),)* Object::Custom(o) => serde_json::to_value(o) };
                // Serialising plain data structs to a JSON value cannot fail.
                r.unwrap_or(serde_json::Value::Null)
            }
            /// An empty object of the kind, for `kubectl create` generators and tests.
            pub fn empty(kind: Kind) -> Object {
                match kind { $(Kind::$kind => Object::$kind(Box::default()),)* Kind::Custom(_) => Object::Custom(Box::new(CustomObject::empty(kind))) }
            }
        }

        $(
            impl From<$kind> for Object {
                fn from(o: $kind) -> Object { Object::$kind(Box::new(o)) }
            }
        )*
    };
}

objects!(
    Namespace,
    Node,
    Pod,
    ReplicaSet,
    Deployment,
    StatefulSet,
    DaemonSet,
    ControllerRevision,
    Job,
    CronJob,
    HorizontalPodAutoscaler,
    Service,
    Endpoints,
    EndpointSlice,
    ConfigMap,
    Secret,
    ServiceAccount,
    PersistentVolumeClaim,
    PersistentVolume,
    StorageClass,
    PriorityClass,
    PodDisruptionBudget,
    Ingress,
    IngressClass,
    NetworkPolicy,
    Role,
    ClusterRole,
    RoleBinding,
    ClusterRoleBinding,
    ResourceQuota,
    LimitRange,
    ReplicationController,
    Event,
    CustomResourceDefinition,
    CertificateSigningRequest,
    RuntimeClass,
    Lease,
    ComponentStatus,
    PodTemplate,
    APIService,
    CSINode,
    ValidatingAdmissionPolicy,
    ValidatingAdmissionPolicyBinding,
    FlowSchema,
    PriorityLevelConfiguration,
);

/// Generates `as_<kind>` accessors: `obj.as_pod()` → `Option<&Pod>`.
macro_rules! accessors {
    ($($fn:ident, $fn_mut:ident => $kind:ident;)*) => {
        impl Object {
            $(
                pub fn $fn(&self) -> Option<&$kind> {
                    if let Object::$kind(o) = self { Some(o) } else { None }
                }
                pub fn $fn_mut(&mut self) -> Option<&mut $kind> {
                    if let Object::$kind(o) = self { Some(o) } else { None }
                }
            )*
        }
    };
}

accessors! {
    as_pod, as_pod_mut => Pod;
    as_node, as_node_mut => Node;
    as_namespace, as_namespace_mut => Namespace;
    as_deployment, as_deployment_mut => Deployment;
    as_replica_set, as_replica_set_mut => ReplicaSet;
    as_stateful_set, as_stateful_set_mut => StatefulSet;
    as_daemon_set, as_daemon_set_mut => DaemonSet;
    as_job, as_job_mut => Job;
    as_cron_job, as_cron_job_mut => CronJob;
    as_hpa, as_hpa_mut => HorizontalPodAutoscaler;
    as_service, as_service_mut => Service;
    as_endpoints, as_endpoints_mut => Endpoints;
    as_event, as_event_mut => Event;
    as_pvc, as_pvc_mut => PersistentVolumeClaim;
    as_pv, as_pv_mut => PersistentVolume;
    as_pdb, as_pdb_mut => PodDisruptionBudget;
    as_ingress, as_ingress_mut => Ingress;
    as_ingress_class, as_ingress_class_mut => IngressClass;
    as_network_policy, as_network_policy_mut => NetworkPolicy;
    as_role, as_role_mut => Role;
    as_cluster_role, as_cluster_role_mut => ClusterRole;
    as_role_binding, as_role_binding_mut => RoleBinding;
    as_cluster_role_binding, as_cluster_role_binding_mut => ClusterRoleBinding;
    as_controller_revision, as_controller_revision_mut => ControllerRevision;
    as_crd, as_crd_mut => CustomResourceDefinition;
    as_lease, as_lease_mut => Lease;
    as_component_status, as_component_status_mut => ComponentStatus;
    as_pod_template, as_pod_template_mut => PodTemplate;
    as_api_service, as_api_service_mut => APIService;
    as_csi_node, as_csi_node_mut => CSINode;
    as_flow_schema, as_flow_schema_mut => FlowSchema;
    as_priority_level, as_priority_level_mut => PriorityLevelConfiguration;
}

impl Object {
    pub fn name(&self) -> &str {
        &self.meta().name
    }
    pub fn namespace(&self) -> &str {
        &self.meta().namespace
    }
    pub fn key(&self) -> ObjectKey {
        // The metadata's own namespace word, not a lookup of its text.
        ObjectKey::in_namespace(self.kind(), &self.meta().namespace, self.name())
    }

    /// The full object as the API server returns it: `apiVersion` and `kind`
    /// first, then the kind's fields in Go struct order.
    pub fn to_json(&self) -> serde_json::Value {
        let info = self.kind().info();
        let mut map = serde_json::Map::new();
        match self {
            Object::Custom(c) => map.insert("apiVersion".into(), c.api_version.clone().into()),
            _ => map.insert("apiVersion".into(), info.api_version().into()),
        };
        map.insert("kind".into(), info.kind.into());
        if let serde_json::Value::Object(body) = self.body_json() {
            for (k, v) in body {
                // Empty `spec: {}`/`status: {}` are printed by the real API
                // server for kinds that have them, so they are kept.
                map.insert(k, v);
            }
        }
        serde_json::Value::Object(map)
    }

    /// Decodes an object from full JSON (with `apiVersion`/`kind`), for
    /// this crate's tests only: the product decodes through
    /// `kubeplay_codec::object_from_json`, so that each type's decoder is
    /// compiled for one deserializer only.
    #[cfg(test)]
    pub(crate) fn from_json(value: &serde_json::Value) -> Result<Object, String> {
        let kind_s = value.get("kind").and_then(|k| k.as_str()).ok_or("Object 'Kind' is missing")?;
        let api = value.get("apiVersion").and_then(|k| k.as_str()).unwrap_or("");
        let (kind, _) = Kind::from_api_version_kind(api, kind_s).map_err(|_| format!("no kind {kind_s:?} is registered for version {api:?}"))?;
        let mut body = value.clone();
        if let Some(m) = body.as_object_mut() {
            m.remove("kind");
            m.remove("apiVersion");
        }
        Object::deserialize_kind(kind, body).map_err(|e| e.to_string())
    }
}

impl Serialize for Object {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

/// Identifies an object in the store: kind, namespace (empty for
/// cluster-scoped kinds) and name. Orders by kind, then namespace, then name,
/// which is also the order `kubectl get` lists objects in.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ObjectKey {
    pub kind: Kind,
    /// Shared, not owned: keys are cloned on every persistent-map write
    /// (see [`SharedStr`]). The namespace is an [`Atom`], one word: every
    /// index of the store and the scheduler's cache keeps keys, and the
    /// same few namespaces repeat in all of them.
    pub namespace: Atom,
    pub name: SharedStr,
}

impl ObjectKey {
    pub fn new(kind: Kind, namespace: &str, name: &str) -> ObjectKey {
        ObjectKey::in_namespace(kind, &Atom::from(namespace), name)
    }

    /// [`ObjectKey::new`] with the namespace as a word already made. A
    /// cluster-scoped kind's key has none, whatever it is given.
    pub fn in_namespace(kind: Kind, namespace: &Atom, name: &str) -> ObjectKey {
        let namespace = if kind.namespaced() { namespace.clone() } else { Atom::default() };
        ObjectKey { kind, namespace, name: SharedStr::from(name) }
    }
}

impl fmt::Display for ObjectKey {
    /// `deployment.apps/nginx` style, with the namespace in front when set:
    /// `default/deployment.apps/nginx` is not kubectl's form, so the
    /// namespace is omitted; callers add it where they need it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.info().write_name_prefix(f)?;
        f.write_char('/')?;
        f.write_str(&self.name)
    }
}

/// An [`ObjectKey`] to look a stored object up by, without making a key:
/// a lookup by kind, namespace and name (`Store::get_by`, for every owner,
/// node and namespace a controller reads) copied the name into a new key,
/// an allocation each in wasm, where names are never held inline. Maps
/// keyed by `ObjectKey` take [`KeyRef::view`] as a borrowed key.
pub struct KeyRef<'a> {
    kind: Kind,
    namespace: Atom,
    name: &'a str,
}

impl<'a> KeyRef<'a> {
    /// As [`ObjectKey::new`]: a cluster-scoped kind's key has no namespace.
    pub fn new(kind: Kind, namespace: &str, name: &'a str) -> KeyRef<'a> {
        let namespace = if kind.namespaced() { Atom::from(namespace) } else { Atom::default() };
        KeyRef { kind, namespace, name }
    }

    pub fn view(&self) -> &(dyn KeyView + 'a) {
        self
    }
}

/// A key's parts, owned or borrowed.
pub trait KeyView {
    fn parts(&self) -> (Kind, &Atom, &str);
}

impl KeyView for ObjectKey {
    #[inline]
    fn parts(&self) -> (Kind, &Atom, &str) {
        (self.kind, &self.namespace, self.name.as_str())
    }
}

impl KeyView for KeyRef<'_> {
    #[inline]
    fn parts(&self) -> (Kind, &Atom, &str) {
        (self.kind, &self.namespace, self.name)
    }
}

// The same order as `ObjectKey`'s derived one, as `Borrow` requires.
impl Ord for dyn KeyView + '_ {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let ((k, ns, name), (ok, ons, oname)) = (self.parts(), other.parts());
        k.cmp(&ok).then_with(|| ns.cmp(ons)).then_with(|| name.cmp(oname))
    }
}

impl PartialOrd for dyn KeyView + '_ {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for dyn KeyView + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for dyn KeyView + '_ {}

impl<'a> std::borrow::Borrow<dyn KeyView + 'a> for ObjectKey {
    fn borrow(&self) -> &(dyn KeyView + 'a) {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A borrowed key orders as the key it stands for, so a map finds by
    /// it what it finds by the key.
    #[test]
    fn key_views_order_as_keys() {
        let mut keys = Vec::new();
        for kind in [Kind::Pod, Kind::Node, Kind::Service] {
            for ns in ["", "default", "kube-system", "defaulted"] {
                for name in ["", "a", "ab", "ab\0", "b", "web-7d8f9c6b5-abcde", "web-7d8f9c6b5-abcdf", "a-name-longer-than-twenty-two-bytes"] {
                    keys.push((kind, ns, name));
                }
            }
        }
        let mut map = std::collections::BTreeMap::new();
        for (i, (kind, ns, name)) in keys.iter().enumerate() {
            map.insert(ObjectKey::new(*kind, ns, name), i);
        }
        for (kind, ns, name) in &keys {
            let a = ObjectKey::new(*kind, ns, name);
            let r = KeyRef::new(*kind, ns, name);
            assert_eq!(map.get(r.view()), map.get(&a), "{a:?}");
            for (okind, ons, oname) in &keys {
                let b = ObjectKey::new(*okind, ons, oname);
                let rb = KeyRef::new(*okind, ons, oname);
                assert_eq!(r.view().cmp(rb.view()), a.cmp(&b), "{a:?} {b:?}");
            }
        }
        assert_eq!(map.get(KeyRef::new(Kind::Pod, "default", "nope").view()), None);
    }

    #[test]
    fn json_puts_api_version_and_kind_first_and_round_trips() {
        let mut d = Deployment::default();
        d.metadata.name = "web".into();
        d.metadata.namespace = "default".into();
        d.spec.replicas = Some(3);
        let obj = Object::from(d);
        let json = obj.to_json();
        let keys: Vec<_> = json.as_object().unwrap().keys().cloned().collect();
        assert_eq!(&keys[..3], ["apiVersion", "kind", "metadata"]);
        assert_eq!(json["apiVersion"], "apps/v1");
        let back = Object::from_json(&json).unwrap();
        assert_eq!(back, obj);
    }

    #[test]
    fn keys_drop_namespace_for_cluster_scoped_kinds() {
        assert_eq!(ObjectKey::new(Kind::Node, "default", "n1").namespace, "");
        assert_eq!(ObjectKey::new(Kind::Pod, "default", "p").to_string(), "pod/p");
        assert_eq!(ObjectKey::new(Kind::Deployment, "default", "web").to_string(), "deployment.apps/web");
    }
}

/// Kinds whose `metadata.generation` the API server sets to 1 on create
/// and bumps on spec changes (their registry strategies' PrepareForCreate
/// and PrepareForUpdate). EndpointSlice has no spec: its generation
/// follows everything but metadata, and its labels
/// (registry/discovery/endpointslice/strategy.go). A HorizontalPodAutoscaler
/// has none in v1.32 (the HPAGeneration gate came later), and its
/// controller writes no `status.observedGeneration`.
pub fn kind_has_generation(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Deployment
            | Kind::ReplicaSet
            | Kind::StatefulSet
            | Kind::DaemonSet
            | Kind::Job
            | Kind::CronJob
            | Kind::PodDisruptionBudget
            | Kind::ReplicationController
            | Kind::EndpointSlice
            | Kind::Ingress
            | Kind::IngressClass
            | Kind::NetworkPolicy
            | Kind::PodTemplate
            | Kind::ValidatingAdmissionPolicy
            | Kind::ValidatingAdmissionPolicyBinding
            | Kind::FlowSchema
            | Kind::PriorityLevelConfiguration
            | Kind::Custom(_)
    )
}

/// Whether an update from `old` to `new` bumps the generation of a kind
/// that has one: a spec change, and also an EndpointSlice's labels and a
/// Deployment's annotations (deploymentStrategy counts them, because the
/// controller copies a Deployment's annotations to its ReplicaSets).
pub fn generation_changes(old: &Object, new: &Object) -> bool {
    !new.spec_eq(old)
        || (new.kind() == Kind::EndpointSlice && new.meta().labels != old.meta().labels)
        || (new.kind() == Kind::Deployment && new.meta().annotations != old.meta().annotations)
}

macro_rules! status_kinds {
    ($($kind:ident),*) => {
        impl Object {
            /// Whether the kind has a `status` subresource: main-resource
            /// updates keep the stored status, status updates keep the rest.
            pub fn has_status(&self) -> bool {
                match self {
                    // Per CRD, as kubectl's discovery has it.
                    Object::Custom(c) => crate::custom_kind::served_kind(c.kind).is_some_and(|s| s.status_subresource),
                    _ => matches!(self, $(Object::$kind(_))|*),
                }
            }
            /// Copies `status` from another object of the same kind.
            pub fn copy_status_from(&mut self, other: &Object) {
                match (self, other) {
                    $((Object::$kind(a), Object::$kind(b)) => a.status = b.status.clone(),)*
                    (Object::Custom(a), Object::Custom(b)) => match b.content.get("status") {
                        Some(s) => {
                            a.content.insert("status".into(), s.clone());
                        }
                        None => {
                            a.content.remove("status");
                        }
                    },
                    _ => {}
                }
            }
            /// Whether everything but metadata and status is equal: what
            /// decides a generation bump.
            pub fn spec_eq(&self, other: &Object) -> bool {
                match (self, other) {
                    $((Object::$kind(a), Object::$kind(b)) => a.spec == b.spec,)*
                    _ => {
                        let strip = |o: &Object| {
                            let mut j = o.to_json();
                            if let Some(m) = j.as_object_mut() { m.remove("metadata"); m.remove("status"); }
                            j
                        };
                        strip(self) == strip(other)
                    }
                }
            }
        }
    };
}

status_kinds!(
    Namespace,
    Node,
    Pod,
    ReplicaSet,
    Deployment,
    StatefulSet,
    DaemonSet,
    Job,
    CronJob,
    HorizontalPodAutoscaler,
    Service,
    PersistentVolumeClaim,
    PersistentVolume,
    PodDisruptionBudget,
    Ingress,
    ResourceQuota,
    ReplicationController,
    CertificateSigningRequest,
    CustomResourceDefinition,
    ValidatingAdmissionPolicy,
    FlowSchema,
    PriorityLevelConfiguration
);
