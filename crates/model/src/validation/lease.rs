//! `coordination.k8s.io/v1` Lease (`pkg/apis/coordination/validation`):
//! a positive duration, a non-negative transition count, and the
//! coordinated-election fields, which the registry drops before this runs
//! while their feature gate is off (so they are checked only here, in the
//! table below, as upstream's own test checks them).

use super::common::{self, Errs};
use super::field::{BadValue, FieldError, Path};
use super::meta;
use crate::api::{Lease, LeaseSpec};
use crate::names::NameRule;

/// The one strategy Kubernetes defines.
const OLDEST_EMULATION_VERSION: &str = "OldestEmulationVersion";

/// `ValidateLease`.
pub(super) fn lease(l: &Lease) -> Errs {
    let mut errs = meta::object_meta(&l.metadata, true, NameRule::DnsSubdomain);
    errs.extend(lease_spec(&l.spec, &Path::new("spec")));
    errs
}

/// `ValidateLeaseUpdate`: nothing in the spec is immutable.
pub(super) fn lease_update(new: &Lease, old: &Lease) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(lease_spec(&new.spec, &Path::new("spec")));
    errs
}

/// `ValidateLeaseSpec`.
fn lease_spec(spec: &LeaseSpec, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if let Some(d) = spec.lease_duration_seconds.filter(|d| *d <= 0) {
        errs.push(FieldError::invalid(&path.child("leaseDurationSeconds"), BadValue::int(d), "must be greater than 0"));
    }
    if let Some(t) = spec.lease_transitions.filter(|t| *t < 0) {
        errs.push(FieldError::invalid(&path.child("leaseTransitions"), BadValue::int(t), "must be greater than or equal to 0"));
    }
    if let Some(s) = &spec.strategy {
        errs.extend(coordinated_lease_strategy(s, &path.child("strategy")));
    }
    if spec.preferred_holder.as_deref().is_some_and(|p| !p.is_empty()) && spec.strategy.as_deref().unwrap_or("").is_empty() {
        errs.push(FieldError::forbidden(&path.child("preferredHolder"), "may only be specified if `strategy` is defined"));
    }
    errs
}

/// `ValidateCoordinatedLeaseStrategy`: a bare name must be Kubernetes'
/// own; a prefixed one (`example.com/foo`) a qualified name.
fn coordinated_lease_strategy(strategy: &str, path: &Path) -> Errs {
    // Upstream appends `strategy` to the path it is given.
    let path = path.child("strategy");
    if !strategy.contains('/') {
        if strategy != OLDEST_EMULATION_VERSION {
            return vec![FieldError::not_supported(&path, BadValue::str(strategy), &[OLDEST_EMULATION_VERSION])];
        }
        return Vec::new();
    }
    common::qualified_name(strategy, &path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ObjectMeta;

    fn spec(holder: &str, duration: i32, transitions: i32) -> LeaseSpec {
        LeaseSpec { holder_identity: Some(holder.into()), lease_duration_seconds: Some(duration), lease_transitions: Some(transitions), ..Default::default() }
    }

    fn messages(errs: &Errs) -> Vec<String> {
        errs.iter().map(|e| e.to_string()).collect()
    }

    // TestValidateLease: a bad name and a bad namespace, two errors.
    #[test]
    fn bad_names_are_two_errors() {
        let l = Lease { metadata: ObjectMeta { name: "invalidName++".into(), namespace: "==invalid_Namespace==".into(), ..Default::default() }, spec: LeaseSpec::default() };
        assert_eq!(lease(&l).len(), 2, "{:?}", messages(&lease(&l)));
    }

    // TestValidateLeaseSpec, with the messages a v1.32 API server words.
    #[test]
    fn spec_table() {
        let with = |s: LeaseSpec, strategy: Option<&str>, preferred: Option<&str>| LeaseSpec { strategy: strategy.map(Into::into), preferred_holder: preferred.map(Into::into), ..s };
        let table: Vec<(LeaseSpec, Vec<&str>)> = vec![
            (spec("holder", 10, 1), vec![]),
            (with(spec("holder", 10, 1), Some("OldestEmulationVersion"), Some("someotherholder")), vec![]),
            (spec("holder", 0, -1), vec!["foo.leaseDurationSeconds: Invalid value: 0: must be greater than 0", "foo.leaseTransitions: Invalid value: -1: must be greater than or equal to 0"]),
            (
                with(spec("holder", 0, -1), None, Some("holder2")),
                vec!["foo.leaseDurationSeconds: Invalid value: 0: must be greater than 0", "foo.leaseTransitions: Invalid value: -1: must be greater than or equal to 0", "foo.preferredHolder: Forbidden: may only be specified if `strategy` is defined"],
            ),
            (LeaseSpec { lease_duration_seconds: Some(-5), ..Default::default() }, vec!["foo.leaseDurationSeconds: Invalid value: -5: must be greater than 0"]),
            (LeaseSpec::default(), vec![]),
        ];
        for (s, want) in table {
            assert_eq!(messages(&lease_spec(&s, &Path::new("foo"))), want, "{s:?}");
        }
    }

    // TestValidateLeaseSpecUpdate: the spec's rules on the new object
    // (upstream's third error is the missing resourceVersion, which the
    // store, not this check, refuses).
    #[test]
    fn update_checks_the_new_spec() {
        let meta = ObjectMeta { name: "holder".into(), namespace: "holder-namespace".into(), resource_version: "1".into(), ..Default::default() };
        let old = Lease { metadata: meta.clone(), spec: spec("oldHolder", 3, 3) };
        let bad = Lease { metadata: meta.clone(), spec: spec("holder", 0, -1) };
        assert_eq!(lease_update(&bad, &old).len(), 2);
        let good = Lease { metadata: meta, spec: spec("holder", 10, 20) };
        assert!(lease_update(&good, &old).is_empty());
    }

    // TestValidateCoordinatedLeaseStrategy.
    #[test]
    fn strategies() {
        for (s, bad) in [("foobar", true), ("example.com/foobar/toomanyslashes", true), ("OldestEmulationVersion", false), ("example.com/foobar", false)] {
            assert_eq!(!coordinated_lease_strategy(s, &Path::new("foo")).is_empty(), bad, "{s}");
        }
    }
}
