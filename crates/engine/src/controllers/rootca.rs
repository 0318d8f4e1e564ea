//! The root CA certificate publisher (`pkg/controller/certificates/
//! rootcacertpublisher`): every active namespace has a `kube-root-ca.crt`
//! ConfigMap holding the CA bundle that verifies the API server, put back
//! if it is deleted or changed.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, Store};
use kubeplay_model::api::ConfigMap;
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta};
use std::collections::BTreeMap;

pub struct RootCaCertPublisher;

pub const NAME: &str = "kube-root-ca.crt";
const DESCRIPTION_ANNOTATION: &str = "kubernetes.io/description";
const DESCRIPTION: &str = "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.";

/// The simulated cluster has no certificate authority: a fixed,
/// certificate-shaped text stands where kind puts its CA's certificate
/// (it decodes to a sentence saying so).
const ROOT_CA: &str = "-----BEGIN CERTIFICATE-----
a3ViZXBsYXk6IHRoZSBzaW11bGF0ZWQgY2x1c3RlciBoYXMgbm8gcmVhbCBjZXJ0
aWZpY2F0ZSBhdXRob3JpdHk7IHRoaXMgdGV4dCBvbmx5IHN0YW5kcyB3aGVyZSBr
aW5kIHB1dHMgaXRzIHJvb3QgQ0EgY2VydGlmaWNhdGUu
-----END CERTIFICATE-----
";

fn data() -> BTreeMap<String, String> {
    BTreeMap::from([("ca.crt".to_string(), ROOT_CA.to_string())])
}

/// A namespace's `kube-root-ca.crt`, as the publisher makes it.
pub fn root_ca_config_map(namespace: &str) -> Object {
    Object::ConfigMap(Box::new(ConfigMap {
        metadata: ObjectMeta {
            name: NAME.into(),
            namespace: namespace.into(),
            annotations: BTreeMap::from([(DESCRIPTION_ANNOTATION.to_string(), DESCRIPTION.to_string())]).into(),
            ..Default::default()
        },
        data: data(),
        ..Default::default()
    }))
}

/// Whether the namespace is active and its ConfigMap is missing, or lacks
/// the bundle or the annotation describing it.
fn out_of_date(store: &Store, namespace: &str) -> bool {
    if store.get_by(Kind::Namespace, "", namespace).is_none_or(|ns| ns.meta().deletion_timestamp.is_some()) {
        return false;
    }
    match store.get_by(Kind::ConfigMap, namespace, NAME).map(|o| &**o) {
        Some(Object::ConfigMap(cm)) => cm.data != data() || cm.metadata.annotation(DESCRIPTION_ANNOTATION).is_none_or(str::is_empty),
        _ => true,
    }
}

impl Controller for RootCaCertPublisher {
    fn id(&self) -> ControllerId {
        ControllerId::RootCaCertPublisher
    }
    fn component(&self) -> &'static str {
        "root-ca-cert-publisher"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        let namespace = match change.key.kind {
            Kind::Namespace if change.type_ != ChangeType::Deleted => change.key.name.as_str(),
            Kind::ConfigMap if change.key.name.as_str() == NAME => change.key.namespace.as_str(),
            _ => return,
        };
        if out_of_date(store, namespace) {
            enqueue(ObjectKey::new(Kind::Namespace, "", namespace));
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        if !out_of_date(ctx.store(), &key.name) {
            ctx.explain(format!("namespace {} has its {NAME}, or is going", key.name));
            return;
        }
        match ctx.get(&ObjectKey::new(Kind::ConfigMap, &key.name, NAME)) {
            None => {
                if ctx.create_system(root_ca_config_map(&key.name)).is_ok() {
                    ctx.explain(format!("namespace {} had no {NAME}: published the cluster's CA bundle in it", key.name));
                }
            }
            Some(live) => {
                let mut cm = (*live).clone();
                if let Object::ConfigMap(c) = &mut cm {
                    c.data = data();
                    c.metadata.annotations.insert(DESCRIPTION_ANNOTATION.into(), DESCRIPTION.into());
                }
                if ctx.update(cm).is_ok() {
                    ctx.explain(format!("{NAME} in namespace {} was changed: put the CA bundle back", key.name));
                }
            }
        }
    }
}
