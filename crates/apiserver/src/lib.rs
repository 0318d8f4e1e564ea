//! The simulated API server and its etcd: the one place cluster state lives.
//!
//! Every write — from a user's `kubectl apply`, a controller, the scheduler
//! or a kubelet — goes through [`Store`], which assigns uids and
//! resourceVersions, applies defaults, validation and admission, enforces
//! optimistic concurrency, handles graceful deletion and finalizers, and
//! appends a [`Change`] to the change log that watchers (controllers, views)
//! consume.
//!
//! The store is a persistent (structurally shared) map, so cloning it is
//! O(1): the engine keeps a snapshot per step for time travel.
//!
//! Architecture invariant: knows nothing about controllers, time passing or
//! the UI. Time and randomness come in as arguments ([`WriteCtx`]).

mod active_pods;
mod admission;
mod policy_admission;
mod policy_checks;
mod policy_params;
mod policy_typecheck;
pub mod authz;
mod change;
pub mod custom;
mod error;
pub mod event_ttl;
pub mod limits;
mod patch;
mod pvc_resize;
mod pvc_warnings;
pub mod pod_security;
pub mod quota;
mod rules;
pub mod runtime_class;
pub mod scale;
mod service_alloc;
mod store;

pub use patch::{applied_patch, go_json_type, go_value, json_merge_patch, json_patch, json_patch_on_server, patch_on_server, strategic_merge_patch, JsonPatchError, three_way_apply, three_way_patch, try_three_way_apply, PatchType, SmpError};

pub use active_pods::PodGroup;
pub use admission::TOKEN_VOLUME_PREFIX;
pub use change::{Change, ChangeType};
pub use error::{ApiError, DenyReason, Result};

pub use store::{uuid, DeleteOptions, Propagation, Store, WriteCtx, LAST_APPLIED, MAX_EVENTS, MAX_OBJECTS};
