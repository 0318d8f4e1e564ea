//! `node.k8s.io/v1` RuntimeClass (`pkg/apis/node/validation`): the handler
//! is a DNS label that never changes; the overhead is checked as a
//! container's limits, and the scheduling constraints as a pod's.

use super::common::{self, Errs};
use super::field::{BadValue, Path};
use super::meta;
use crate::api::{ResourceRequirements, RuntimeClass};
use crate::names::NameRule;

/// `ValidateRuntimeClass`.
pub(super) fn runtime_class(rc: &RuntimeClass) -> Errs {
    let mut errs = meta::object_meta(&rc.metadata, false, NameRule::DnsSubdomain);
    errs.extend(common::dns1123_label(&rc.handler, &Path::new("handler")));
    if let Some(pod_fixed) = rc.overhead.as_ref().and_then(|o| o.pod_fixed.as_ref()) {
        // Upstream reuses the resource-requirements check with the
        // overhead as limits, so the errors name `overhead.limits[...]`.
        let as_limits = ResourceRequirements {
            limits: pod_fixed.clone().into(),
            ..Default::default()
        };
        errs.extend(super::container::resources(
            &as_limits,
            &Path::new("overhead"),
        ));
    }
    if let Some(s) = &rc.scheduling {
        let sp = Path::new("scheduling");
        if let Some(sel) = &s.node_selector {
            errs.extend(common::labels(sel, &sp.child("nodeSelector")));
        }
        errs.extend(super::scheduling::tolerations(
            &s.tolerations,
            &sp.child("tolerations"),
        ));
    }
    errs
}

/// The strategy's update check: the create rules on the new object, then
/// `ValidateRuntimeClassUpdate` (only the handler is immutable).
pub(super) fn runtime_class_update(new: &RuntimeClass, old: &RuntimeClass) -> Errs {
    let mut errs: Errs = runtime_class(new)
        .into_iter()
        .filter(|e| !e.field.starts_with("metadata."))
        .collect();
    errs.extend(meta::object_meta_update(&new.metadata, &old.metadata));
    if new.handler != old.handler {
        errs.push(common::immutable(
            BadValue::str(new.handler.as_str()),
            &Path::new("handler"),
        ));
    }
    errs
}
