//! Fixtures the engine's unit tests share: writing objects straight into a
//! store, as the API server would, without an engine around it.

use std::sync::Arc;

use kubeplay_apiserver::{Store, WriteCtx};
use kubeplay_model::api::Namespace;
use kubeplay_model::{Object, ObjectMeta, Time};

/// Creates `obj` at virtual time `now` (ms). Uids and generated names come
/// from a counter kept across calls, so owner references by uid stay apart.
pub(crate) fn create_at(store: &mut Store, obj: Object, now: i64) -> Arc<Object> {
    thread_local!(static DRAWS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) });
    let mut rng = || {
        DRAWS.with(|d| {
            d.set(d.get() + 1);
            d.get()
        })
    };
    let mut ctx = WriteCtx { now: Time::from_millis(now), rng: &mut rng };
    store.create(obj, &mut ctx).unwrap()
}

/// A Namespace object named `name`.
pub(crate) fn namespace(name: &str) -> Object {
    Object::Namespace(Box::new(Namespace { metadata: ObjectMeta { name: name.into(), ..Default::default() }, ..Default::default() }))
}

/// A store holding the `default` namespace and `objs`, created at time zero.
pub(crate) fn store_with(objs: impl IntoIterator<Item = Object>) -> Store {
    let mut s = Store::new();
    create_at(&mut s, namespace("default"), 0);
    for o in objs {
        create_at(&mut s, o, 0);
    }
    s
}
