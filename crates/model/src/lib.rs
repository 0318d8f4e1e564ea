//! The Kubernetes API as data: typed objects for every kind Kubeplay knows,
//! the kind registry (groups, versions, plurals, short names), quantities,
//! label selectors, time stamps, and the API server's defaulting and
//! validation rules.
//!
//! This is the bottom crate. It owns no behaviour over time and no I/O: no
//! clock, no randomness, no store. Everything above (codec, apiserver,
//! engine, kubectl, web) speaks in these types.
//!
//! Architecture invariant: depends only on serde, serde_json and thiserror;
//! never on the engine, the codec or anything web-related.

pub mod api;
pub mod atom;
pub mod base64;
pub mod crd_schema;
pub mod cron;
pub mod custom_kind;
pub mod decimal;
pub mod fnv;
pub mod defaults;
pub mod fifo;
pub mod gofloat;
pub mod gojson;
pub mod goquote;
pub mod hashed;
pub mod intstr;
pub mod kind;
pub mod meta;
pub mod names;
pub mod object;
pub mod quantity;
pub mod regex;
pub mod rng;
pub mod selector;
pub mod sha256;
pub mod shared;
pub mod shared_str;
pub mod sort;
pub mod time;
pub mod uid;
pub mod unserved;
pub mod validation;

pub use atom::Atom;
pub use intstr::IntOrString;
pub use kind::{Kind, KindInfo};
pub use meta::{Condition, ObjectMeta, OwnerReference};
pub use object::{Object, ObjectKey};
pub use quantity::Quantity;
pub use selector::{LabelSelector, LabelSelectorRequirement, Selector};
pub use shared_str::SharedStr;
pub use time::Time;
pub use uid::Uid;
