//! The ClusterRole aggregation controller (`pkg/controller/
//! clusterroleaggregation`): a ClusterRole with an `aggregationRule` holds
//! the rules of every ClusterRole its selectors pick, which is how `admin`,
//! `edit` and `view` grow when a ClusterRole labelled
//! `rbac.authorization.k8s.io/aggregate-to-view: "true"` appears.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::api::{ClusterRole, PolicyRule};
use kubeplay_model::selector::SelectorError;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey};
use std::collections::BTreeMap;

pub struct ClusterRoleAggregationController;

/// The rules an aggregated role should hold (`syncClusterRole`): for each
/// selector in order, the roles it picks by name, leaving the role itself
/// out, each rule once, where it first appears.
pub fn aggregated_rules(role: &ClusterRole, all: &[&ClusterRole]) -> Result<Vec<PolicyRule>, SelectorError> {
    let mut rules: Vec<PolicyRule> = Vec::new();
    let Some(aggregation) = &role.aggregation_rule else { return Ok(rules) };
    for selector in &aggregation.cluster_role_selectors {
        let selector = selector.to_selector()?;
        let mut picked: Vec<&ClusterRole> = all.iter().copied().filter(|r| r.metadata.name != role.metadata.name && selector.matches(&r.metadata.labels)).collect();
        kubeplay_model::sort::sort_by(&mut picked, |a, b| a.metadata.name.cmp(&b.metadata.name));
        for rule in picked.iter().flat_map(|r| r.rules.iter().flatten()) {
            if !rules.contains(rule) {
                rules.push(rule.clone());
            }
        }
    }
    Ok(rules)
}

/// Whether any selector of an aggregated role may pick these labels. The
/// common selector, labels only, is compared in place; a watch may queue
/// more than it must, never less.
fn picks(role: &ClusterRole, labels: &BTreeMap<String, String>) -> bool {
    let selects = |s: &LabelSelector| match s.match_expressions.is_empty() {
        true => s.match_labels.iter().all(|(k, v)| labels.get(k) == Some(v)),
        false => s.matches(labels),
    };
    role.aggregation_rule.iter().flat_map(|a| &a.cluster_role_selectors).any(selects)
}

/// Fills every aggregated ClusterRole among `objects` as the controller
/// would once settled: a role aggregated into another (edit into admin) is
/// filled first, whatever the order, by going over them until nothing
/// changes.
pub fn aggregate_all(objects: &mut [Object]) {
    // Each pass settles at least one more level of nesting; a cycle of
    // aggregated roles must not loop forever. Going backwards settles the
    // bootstrap's admin, edit and view (listed by name, each aggregated
    // into the one before it) in one pass.
    for _ in 0..=objects.len() {
        let mut changed = false;
        for i in (0..objects.len()).rev() {
            let rules = {
                let Some(role) = objects[i].as_cluster_role().filter(|r| r.aggregation_rule.is_some()) else { continue };
                let all: Vec<&ClusterRole> = objects.iter().filter_map(Object::as_cluster_role).collect();
                match aggregated_rules(role, &all) {
                    Ok(rules) if rules.as_slice() != role.rules.as_deref().unwrap_or_default() => rules,
                    _ => continue,
                }
            };
            if let Some(role) = objects[i].as_cluster_role_mut() {
                role.rules = (!rules.is_empty()).then_some(rules);
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

impl Controller for ClusterRoleAggregationController {
    fn id(&self) -> ControllerId {
        ControllerId::ClusterRoleAggregation
    }
    fn component(&self) -> &'static str {
        "clusterrole-aggregation-controller"
    }

    /// Upstream queues every aggregated role on any ClusterRole change;
    /// this queues only those the change can matter to: the role itself
    /// when it aggregates and does not hold what it picks, and the roles
    /// whose selectors pick it before or after. What they end up holding
    /// is the same, without a no-op sync of every aggregated role for each
    /// change.
    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind != Kind::ClusterRole {
            return;
        }
        let old = change.old.as_deref().and_then(Object::as_cluster_role);
        let new = change.new.as_deref().and_then(Object::as_cluster_role);
        if let Some(n) = new.filter(|r| r.aggregation_rule.is_some()) {
            // Its own write leaves it holding what it picks, and needs no
            // second look; a new selector or someone else's edit does.
            let all: Vec<&ClusterRole> = store.list(Kind::ClusterRole, None).filter_map(|o| o.as_cluster_role()).collect();
            if !aggregated_rules(n, &all).is_ok_and(|rules| rules.as_slice() == n.rules.as_deref().unwrap_or_default()) {
                enqueue(change.key.clone());
            }
        }
        // A write that changes neither its labels nor its rules changes
        // nothing another role aggregates.
        if let (Some(o), Some(n)) = (old, new) {
            if o.metadata.labels == n.metadata.labels && o.rules == n.rules {
                return;
            }
        }
        for obj in store.list(Kind::ClusterRole, None) {
            let Some(aggregator) = obj.as_cluster_role() else { continue };
            if aggregator.aggregation_rule.is_none() || aggregator.metadata.name == change.key.name.as_str() {
                continue;
            }
            if old.iter().chain(&new).any(|r| picks(aggregator, &r.metadata.labels)) {
                enqueue(ObjectKey::new(Kind::ClusterRole, "", &aggregator.metadata.name));
            }
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        ctx.desired("each ClusterRole with an aggregationRule holds the rules of the ClusterRoles its selectors pick");
        let Some(obj) = ctx.get(key) else {
            ctx.observed(format!("ClusterRole {} is gone", key.name));
            ctx.explain(format!("ClusterRole {} is gone: nothing to aggregate", key.name));
            return;
        };
        let Object::ClusterRole(role) = &*obj else { return };
        if role.aggregation_rule.is_none() {
            ctx.observed(format!("ClusterRole {} has no aggregationRule", key.name));
            ctx.explain(format!("ClusterRole {} aggregates nothing", key.name));
            return;
        }
        let all: Vec<&ClusterRole> = ctx.store().list(Kind::ClusterRole, None).filter_map(|o| o.as_cluster_role()).collect();
        let rules = match aggregated_rules(role, &all) {
            Ok(rules) => rules,
            Err(e) => {
                ctx.observed(format!("ClusterRole {} has a selector that does not parse", key.name));
                ctx.requeue_rate_limited(key.clone());
                ctx.explain(format!("ClusterRole {}: {e}; retrying with back-off", key.name));
                return;
            }
        };
        let current = role.rules.as_deref().unwrap_or_default();
        ctx.observed(format!("ClusterRole {} holds {}; its selectors pick {}", key.name, crate::controllers::plural(current.len(), "rule"), crate::controllers::plural(rules.len(), "rule")));
        if rules == current {
            ctx.explain(format!("ClusterRole {} already holds the rules its selectors pick", key.name));
            return;
        }
        let (held, picked) = (current.len(), rules.len());
        let mut updated = (**role).clone();
        // Upstream applies the rules it computed; with none, the field is unset.
        updated.rules = (!rules.is_empty()).then_some(rules);
        if let Err(e) = ctx.update(Object::ClusterRole(Box::new(updated))) {
            ctx.requeue_rate_limited(key.clone());
            ctx.explain(format!("updating ClusterRole {} failed ({e}); retrying with back-off", key.name));
            return;
        }
        ctx.explain(format!("ClusterRole {} now holds the {picked} rules of the ClusterRoles its aggregationRule selects (it held {held})", key.name));
    }
}

#[cfg(test)]
#[path = "clusterroleaggregation_upstream_tests.rs"]
mod upstream_tests;
