//! Typed API objects, one module per API group.

pub mod admission_policy;
pub mod apiservice;
pub mod apps;
pub mod autoscaling;
pub mod batch;
pub mod certificates;
pub mod component_status;
pub mod core;
pub mod crd;
pub mod csinode;
pub mod events_v1;
pub mod custom;
pub mod lease;
pub mod networking;
pub mod other;
pub mod pod;
pub mod pod_template;
pub mod rbac;

pub use apps::*;
pub use autoscaling::*;
pub use batch::*;
pub use admission_policy::*;
pub use apiservice::*;
pub use certificates::*;
pub use component_status::*;
pub use self::core::*;
pub use crd::*;
pub use csinode::*;
pub use custom::CustomObject;
pub use lease::*;
pub use networking::*;
pub use other::*;
pub use pod::*;
pub use pod_template::*;
pub use rbac::*;
