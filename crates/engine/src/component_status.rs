//! The API server's ComponentStatuses (`kubectl get cs`), presented to
//! reads, never stored.
//!
//! A v1.32 API server answers every read of `componentstatuses` by
//! probing, there and then, kube-controller-manager's and kube-scheduler's
//! `/healthz` on its own host and each etcd it stores in (one on kind:
//! `etcd-0`); nothing is kept, the objects have no uid, version or
//! creation time, and writes are refused (`MethodNotAllowed`). On kind
//! the three run as static pods beside the API server, so they answer
//! whenever the API server does: all three are Healthy with `ok`.
//!
//! A list is put together as the probes come back, in no fixed order
//! upstream; the one shown here is the order seen most, the scheduler's
//! first (see [`NAMES`]).

use kubeplay_apiserver::Store;
use kubeplay_model::api::{ComponentCondition, ComponentStatus};
use kubeplay_model::{Object, ObjectMeta};
use std::sync::Arc;

/// The components the API server probes, in the order a list shows them.
pub const NAMES: [&str; 3] = ["scheduler", "controller-manager", "etcd-0"];

/// The warning every request for them draws (their REST storage is
/// marked deprecated).
pub const DEPRECATION_WARNING: &str = "v1 ComponentStatus is deprecated in v1.19+";

/// One component's status as a probe that succeeded reports it.
pub fn healthy(name: &str) -> ComponentStatus {
    ComponentStatus {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        conditions: vec![ComponentCondition { type_: "Healthy".into(), status: "True".into(), message: Some("ok".into()), error: None }],
    }
}

/// Every ComponentStatus a read finds.
pub fn component_statuses() -> Vec<ComponentStatus> {
    NAMES.iter().map(|n| healthy(n)).collect()
}

/// Puts them into a read's throwaway copy of the store (`Store::present`).
pub fn present(view: &mut Store) {
    for c in component_statuses() {
        view.present(Arc::new(Object::from(c)));
    }
}

/// Where `name` comes in a list (unknown names last).
pub fn list_position(name: &str) -> usize {
    NAMES.iter().position(|n| *n == name).unwrap_or(NAMES.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Kind;

    #[test]
    fn a_read_sees_three_healthy_components_and_the_store_keeps_none() {
        let e = crate::engine::Engine::with_default_cluster(1);
        let mut view = e.store().clone();
        present(&mut view);
        let mut names: Vec<&str> = view.list(Kind::ComponentStatus, None).map(|o| o.name()).collect();
        names.sort_by_key(|n| list_position(n));
        assert_eq!(names, NAMES);
        for o in view.list(Kind::ComponentStatus, None) {
            let c = o.as_component_status().expect("a ComponentStatus");
            assert_eq!(c.conditions.len(), 1);
            assert_eq!((c.conditions[0].type_.as_str(), c.conditions[0].status.as_str(), c.conditions[0].message.as_deref()), ("Healthy", "True", Some("ok")));
            assert!(c.metadata.uid.as_str().is_empty() && c.metadata.creation_timestamp.is_none());
        }
        assert_eq!(e.store().list(Kind::ComponentStatus, None).count(), 0);
    }
}
