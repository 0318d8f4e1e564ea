//! The simulation engine: a virtual clock, the control loops of
//! kube-controller-manager, the scheduler and the kubelets, each reconcile
//! recorded as a step with an explanation, and time travel over steps.
//!
//! Data flows one way: a write reaches the store (the API server), the
//! change log feeds every controller's watch, watches enqueue keys, each
//! reconcile of one key is one [`Step`] that reads the store and writes
//! back through it.
//!
//! Architecture invariant: deterministic. No wall-clock time, no OS
//! randomness, no hash-map iteration order: one seeded [`rng::Rng`] and
//! one virtual clock own all of it. No knowledge of any UI.

pub mod bench;
pub mod bootstrap;
mod bootstrap_kind;
pub mod bootstrap_rbac;
pub mod bootstrap_static;
pub mod client;
pub mod component_status;
pub mod api_services;
pub mod csi_nodes;
pub mod flowcontrol;
pub mod controller;
pub mod controllers;
pub mod diff;
pub mod engine;
pub mod gomath;
pub mod informer;
pub mod kubelet;
pub mod leases;
pub mod network;
pub mod network_policy;
pub mod recorder;
pub mod rng;
pub mod scheduler;
pub mod selfcheck;
pub mod sim;
pub mod step;
#[cfg(test)]
mod testing;
pub mod traffic;
#[cfg(any(test, all(target_arch = "wasm32", target_os = "unknown")))]
mod wasm_heap;
#[cfg(any(test, all(target_arch = "wasm32", target_os = "unknown")))]
mod wasm_mem;
pub mod work;
pub mod world;

pub use controller::{Controller, Ctx};
pub use engine::{Engine, SettleReport, DEFAULT_SETTLE_MS};
pub use step::{Step, Verb, Write};
pub use work::{Work, WorkDone};
pub use world::{ControllerId, World};

use kubeplay_model::{Kind, ObjectKey};

impl Engine {
    /// A fresh default cluster (see [`bootstrap`]), settled, with its
    /// bootstrap steps forgotten: the trace starts empty, as a user finds it.
    pub fn with_default_cluster(seed: u64) -> Engine {
        let mut e = Engine::empty(seed);
        e.user(
            "create the default cluster",
            ObjectKey::new(Kind::Namespace, "", "default"),
            bootstrap::install_default_cluster,
        );
        e.settle(DEFAULT_SETTLE_MS);
        // The session draws from a stream of its own, fixed by the seed
        // alone: how many draws the default cluster's set-up took (uids,
        // tie-breaks) changes whenever that cluster does, and must not
        // change the names and choices every session after it draws.
        e.world_mut().rng = rng::Rng::new(seed ^ SESSION_STREAM);
        e.reset_history();
        e
    }
}

/// Mixed into the seed for the session's random stream (any constant,
/// fixed forever: changing it changes every session's names).
const SESSION_STREAM: u64 = 0x7365_7373_696f_6e31;

#[cfg(test)]
mod tests {
    use super::*;

    /// The session's stream is a function of the seed alone, whatever the
    /// default cluster's set-up drew (it drew plenty: uids, tie-breaks).
    #[test]
    fn a_session_draws_from_a_stream_fixed_by_its_seed() {
        for seed in [1, 2, 99] {
            let e = Engine::with_default_cluster(seed);
            assert_eq!(e.world().rng, rng::Rng::new(seed ^ SESSION_STREAM));
            let mut bootstrap_only = Engine::empty(seed);
            bootstrap_only.user("bootstrap", ObjectKey::new(Kind::Namespace, "", "default"), bootstrap::install_default_cluster);
            assert_ne!(bootstrap_only.world().rng, rng::Rng::new(seed), "the set-up draws from the seed's own stream");
        }
    }
}
