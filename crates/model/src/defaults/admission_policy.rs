//! `admissionregistration/v1`'s defaults for the admission policy kinds.

use crate::api::{MatchResources, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding};
use crate::selector::LabelSelector;

pub fn policy(p: &mut ValidatingAdmissionPolicy) {
    p.spec.failure_policy.get_or_insert_with(|| "Fail".into());
    if let Some(m) = &mut p.spec.match_constraints {
        match_resources(m);
    }
}

pub fn binding(b: &mut ValidatingAdmissionPolicyBinding) {
    if let Some(m) = &mut b.spec.match_resources {
        match_resources(m);
    }
}

fn match_resources(m: &mut MatchResources) {
    m.match_policy.get_or_insert_with(|| "Equivalent".into());
    m.namespace_selector
        .get_or_insert_with(LabelSelector::default);
    m.object_selector.get_or_insert_with(LabelSelector::default);
    for r in m
        .resource_rules
        .iter_mut()
        .chain(m.exclude_resource_rules.iter_mut())
    {
        r.scope.get_or_insert_with(|| "*".into());
    }
}
