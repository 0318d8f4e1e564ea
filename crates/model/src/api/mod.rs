//! Typed API objects, one module per API group.

pub mod apps;
pub mod autoscaling;
pub mod batch;
pub mod certificates;
pub mod core;
pub mod crd;
pub mod custom;
pub mod networking;
pub mod other;
pub mod pod;
pub mod rbac;

pub use apps::*;
pub use autoscaling::*;
pub use batch::*;
pub use certificates::*;
pub use self::core::*;
pub use crd::*;
pub use custom::CustomObject;
pub use networking::*;
pub use other::*;
pub use pod::*;
pub use rbac::*;
