//! The playground's own limits on what one object may ask for, checked
//! with validation so they read like the API server's own field errors.
//! A real cluster accepts `replicas: 100000000` and then runs out of
//! nodes and quota; a browser tab would run out of memory creating the
//! pods first. Every count that makes controllers create objects is
//! capped, well above any lesson's needs (a 50,000-pod experiment still
//! runs) and far below what would exhaust the store (`MAX_OBJECTS`).

use kubeplay_model::validation::{BadValue, FieldError, Path};
use kubeplay_model::Object;

/// Most pods one workload may ask for (replicas, parallelism, completions,
/// an autoscaler's maximum).
pub const MAX_REPLICAS: i32 = 100_000;

fn cap(value: Option<i32>, path: Path, errs: &mut Vec<FieldError>) {
    if let Some(v) = value.filter(|v| *v > MAX_REPLICAS) {
        errs.push(FieldError::invalid(&path, BadValue::int(v), format!("must be less than or equal to {MAX_REPLICAS} in the playground")));
    }
}

/// Field errors for counts over the playground's limits.
pub fn check(obj: &Object) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let spec = Path::new("spec");
    match obj {
        Object::Deployment(d) => cap(d.spec.replicas, spec.child("replicas"), &mut errs),
        Object::ReplicaSet(r) => cap(r.spec.replicas, spec.child("replicas"), &mut errs),
        Object::StatefulSet(s) => cap(s.spec.replicas, spec.child("replicas"), &mut errs),
        Object::Job(j) => {
            cap(j.spec.parallelism, spec.child("parallelism"), &mut errs);
            cap(j.spec.completions, spec.child("completions"), &mut errs);
        }
        Object::CronJob(c) => {
            let job_template = spec.child("jobTemplate");
            let job = job_template.child("spec");
            cap(c.spec.job_template.spec.parallelism, job.child("parallelism"), &mut errs);
            cap(c.spec.job_template.spec.completions, job.child("completions"), &mut errs);
        }
        Object::HorizontalPodAutoscaler(h) => cap(Some(h.spec.max_replicas), spec.child("maxReplicas"), &mut errs),
        _ => {}
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::validation::invalid_error_message;

    fn deployment(replicas: i32) -> Object {
        let mut d = kubeplay_model::api::Deployment::default();
        d.metadata.name = "big".into();
        d.spec.replicas = Some(replicas);
        Object::Deployment(Box::new(d))
    }

    #[test]
    fn replicas_over_the_cap_are_a_field_error() {
        let errs = check(&deployment(100_000_000));
        assert_eq!(
            invalid_error_message(kubeplay_model::Kind::Deployment, "big", &errs),
            "The Deployment \"big\" is invalid: spec.replicas: Invalid value: 100000000: must be less than or equal to 100000 in the playground"
        );
    }

    #[test]
    fn the_cap_itself_and_below_pass() {
        assert!(check(&deployment(MAX_REPLICAS)).is_empty());
        assert!(check(&deployment(3)).is_empty());
        // Negative counts are validation's business (its own message).
        assert!(check(&deployment(-1)).is_empty());
    }

    #[test]
    fn job_counts_are_capped_too() {
        let mut j = kubeplay_model::api::Job::default();
        j.spec.parallelism = Some(i32::MAX);
        j.spec.completions = Some(MAX_REPLICAS + 1);
        let fields: Vec<String> = check(&Object::Job(Box::new(j))).into_iter().map(|e| e.field).collect();
        assert_eq!(fields, ["spec.parallelism", "spec.completions"]);
    }
}
