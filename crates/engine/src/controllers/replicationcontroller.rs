//! The ReplicationController controller (`pkg/controller/replication`):
//! upstream runs the ReplicaSet controller's code on RCs converted to
//! ReplicaSets, and so does this — only the kind, the selector form and
//! the event source (`replication-controller`) differ.

use crate::controller::{Controller, Ctx};
use crate::controllers::replicaset;
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::{Kind, ObjectKey};

pub struct ReplicationManager;

impl Controller for ReplicationManager {
    fn id(&self) -> ControllerId {
        ControllerId::ReplicationController
    }
    fn component(&self) -> &'static str {
        "replication-controller"
    }
    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        replicaset::watch(Kind::ReplicationController, change, store, enqueue);
    }
    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        replicaset::sync(key, ctx);
    }
}
