//! The service account controller (`pkg/controller/serviceaccount`'s
//! ServiceAccountsController): every active namespace has a `default`
//! ServiceAccount, made again if someone deletes it. Pods that name no
//! ServiceAccount run as it (the API server's ServiceAccount admission).

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, Store};
use kubeplay_model::api::ServiceAccount;
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta};

pub struct ServiceAccountsController;

/// The ServiceAccount every namespace gets.
pub const DEFAULT: &str = "default";

/// The `default` ServiceAccount of a namespace, as the controller makes it.
pub fn default_service_account(namespace: &str) -> Object {
    Object::ServiceAccount(Box::new(ServiceAccount {
        metadata: ObjectMeta { name: DEFAULT.into(), namespace: namespace.into(), ..Default::default() },
        ..Default::default()
    }))
}

/// An active namespace (not being deleted) that lacks its default account.
fn lacks_default(store: &Store, namespace: &str) -> bool {
    store.get_by(Kind::Namespace, "", namespace).is_some_and(|ns| ns.meta().deletion_timestamp.is_none())
        && store.get_by(Kind::ServiceAccount, namespace, DEFAULT).is_none()
}

impl Controller for ServiceAccountsController {
    fn id(&self) -> ControllerId {
        ControllerId::ServiceAccounts
    }
    fn component(&self) -> &'static str {
        "serviceaccount-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        // A namespace that appeared, or a default account that went. The
        // lister answers at once for namespaces that already have one (the
        // default cluster's are made with it).
        let namespace = match change.key.kind {
            Kind::Namespace if change.type_ != ChangeType::Deleted => change.key.name.as_str(),
            Kind::ServiceAccount if change.type_ == ChangeType::Deleted && change.key.name.as_str() == DEFAULT => change.key.namespace.as_str(),
            _ => return,
        };
        if lacks_default(store, namespace) {
            enqueue(ObjectKey::new(Kind::Namespace, "", namespace));
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        if !lacks_default(ctx.store(), &key.name) {
            ctx.explain(format!("namespace {} has its default ServiceAccount, or is going", key.name));
            return;
        }
        if ctx.create_system(default_service_account(&key.name)).is_ok() {
            ctx.explain(format!("namespace {} had no default ServiceAccount: created it", key.name));
        }
    }
}
