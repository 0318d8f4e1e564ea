//! Which other HPAs select the pods one HPA scales (upstream's
//! `hpaSelectors` and `hpasControllingPodsUnderSelector`): when two do,
//! both stop with ScalingActive=False, AmbiguousSelector, rather than
//! fight over the replica count.

use crate::world::World;
use kubeplay_model::Selector;

/// The HPAs (`namespace/name`) other than `me` whose selector, as their
/// last sync used it, selects a pod that `mine` selects. An HPA that has
/// not computed its metrics yet has no selector and selects nothing.
pub fn others(world: &World, namespace: &str, me: &str, mine: &Selector) -> Vec<String> {
    let mut out = Vec::new();
    for (key, memory) in world.sim.hpa.iter() {
        let Some(theirs) = &memory.selector else { continue };
        if key == me || key.split_once('/').is_none_or(|(ns, _)| ns != namespace) {
            continue;
        }
        // Pods are grouped by label set, so this reads the sets, not each pod.
        if !world.store.pods_selected(namespace, |labels| mine.matches(labels) && theirs.matches(labels)).is_empty() {
            out.push(key.clone());
        }
    }
    out
}
