//! `ValidatePodTemplate` and `ValidatePodTemplateUpdate`: the object's
//! metadata, then its template as every pod template is checked (labels,
//! annotations, the pod spec), under `template`.

use super::field::Path;
use super::common::Errs;
use super::{meta, pod};
use crate::api::PodTemplate;
use crate::names::NameRule;

pub(super) fn pod_template(t: &PodTemplate) -> Errs {
    let mut errs = meta::object_meta(&t.metadata, true, NameRule::DnsSubdomain);
    errs.extend(pod::pod_template(&t.template, &Path::new("template")));
    errs
}

pub(super) fn pod_template_update(new: &PodTemplate, old: &PodTemplate) -> Errs {
    let mut errs = meta::object_meta_update(&new.metadata, &old.metadata);
    errs.extend(pod::pod_template(&new.template, &Path::new("template")));
    errs
}
