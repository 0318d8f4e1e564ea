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
pub mod client;
pub mod controller;
pub mod controllers;
pub mod diff;
pub mod engine;
pub mod gomath;
pub mod kubelet;
pub mod network;
pub mod rng;
pub mod scheduler;
pub mod selfcheck;
pub mod sim;
pub mod step;
pub mod traffic;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
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
        e.reset_history();
        e
    }
}
