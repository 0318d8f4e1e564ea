//! The default profile's plugins, one module each, named as upstream names
//! them, with their table tests beside them.

use super::framework::Plugin;

pub mod balanced_allocation;
pub mod default_preemption;
pub mod image_locality;
pub mod inter_pod_affinity;
pub mod node_affinity;
pub mod node_name;
pub mod node_ports;
pub mod node_resources_fit;
pub mod node_unschedulable;
pub mod pod_topology_spread;
pub mod taint_toleration;
pub mod volume_binding;
pub mod volume_restrictions;

#[cfg(test)]
pub(crate) mod testutil;

/// Filter plugins in upstream's default order (default_plugins.go).
pub fn default_filters() -> Vec<&'static dyn Plugin> {
    vec![
        &node_unschedulable::NodeUnschedulable,
        &node_name::NodeName,
        &taint_toleration::TaintToleration,
        &node_affinity::NodeAffinity,
        &node_ports::NodePorts,
        &node_resources_fit::NodeResourcesFit,
        &volume_restrictions::VolumeRestrictions,
        &volume_binding::VolumeBinding,
        &pod_topology_spread::PodTopologySpread,
        &inter_pod_affinity::InterPodAffinity,
    ]
}

/// Score plugins with their default weights.
pub fn default_scorers() -> Vec<(&'static dyn Plugin, i64)> {
    vec![
        (&taint_toleration::TaintToleration, 3),
        (&node_affinity::NodeAffinity, 2),
        (&node_resources_fit::NodeResourcesFit, 1),
        (&pod_topology_spread::PodTopologySpread, 2),
        (&inter_pod_affinity::InterPodAffinity, 2),
        (&balanced_allocation::BalancedAllocation, 1),
        (&image_locality::ImageLocality, 1),
    ]
}
