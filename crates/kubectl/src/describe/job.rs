//! `kubectl describe job`: the Job page in kubectl's layout (spec knobs,
//! times, pod counts, then the pod template and events).

use super::{annotations_multiline, controlled_by, describe_events, describe_pod_template, labels_multiline, Writer};
use crate::print::duration::{human, rfc1123z};
use crate::print::format::label_selector;
use kubeplay_model::api::{Event, Job};
use kubeplay_model::Time;

/// `describeJob`.
pub fn describe_job(job: &Job, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &job.metadata;
    let (spec, st) = (&job.spec, &job.status);
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    w.write(0, &format!("Selector:\t{}\n", label_selector(spec.selector.as_ref())));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    if let Some(c) = controlled_by(m) {
        w.write(0, &format!("Controlled By:\t{c}\n"));
    }
    if let Some(p) = spec.parallelism {
        w.write(0, &format!("Parallelism:\t{p}\n"));
    }
    match spec.completions {
        Some(c) => w.write(0, &format!("Completions:\t{c}\n")),
        None => w.write(0, "Completions:\t<unset>\n"),
    }
    if let Some(c) = &spec.completion_mode {
        w.write(0, &format!("Completion Mode:\t{c}\n"));
    }
    if let Some(s) = spec.suspend {
        w.write(0, &format!("Suspend:\t{s}\n"));
    }
    if let Some(b) = spec.backoff_limit {
        w.write(0, &format!("Backoff Limit:\t{b}\n"));
    }
    if let Some(t) = spec.ttl_seconds_after_finished {
        w.write(0, &format!("TTL Seconds After Finished:\t{t}\n"));
    }
    if st.start_time.is_some() {
        w.write(0, &format!("Start Time:\t{}\n", rfc1123z(st.start_time)));
    }
    if st.completion_time.is_some() {
        w.write(0, &format!("Completed At:\t{}\n", rfc1123z(st.completion_time)));
    }
    if let (Some(s), Some(c)) = (st.start_time, st.completion_time) {
        w.write(0, &format!("Duration:\t{}\n", human(c.millis() - s.millis())));
    }
    if let Some(a) = spec.active_deadline_seconds {
        w.write(0, &format!("Active Deadline Seconds:\t{a}s\n"));
    }
    let (active, succeeded, failed) = (st.active.unwrap_or(0), st.succeeded.unwrap_or(0), st.failed.unwrap_or(0));
    match st.ready {
        Some(r) => w.write(0, &format!("Pods Statuses:\t{active} Active ({r} Ready) / {succeeded} Succeeded / {failed} Failed\n")),
        None => w.write(0, &format!("Pods Statuses:\t{active} Active / {succeeded} Succeeded / {failed} Failed\n")),
    }
    if spec.completion_mode.as_deref() == Some("Indexed") {
        w.write(0, &format!("Completed Indexes:\t{}\n", st.completed_indexes.as_deref().filter(|s| !s.is_empty()).unwrap_or("<none>")));
    }
    describe_pod_template(&mut w, &spec.template);
    if let Some(ev) = events {
        describe_events(&mut w, ev, now);
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::LabelSelector;

    #[test]
    fn job_page_follows_kubectl() {
        let mut j = Job::default();
        j.metadata.name = "pi".into();
        j.metadata.namespace = "default".into();
        j.spec.selector = Some(LabelSelector { match_labels: [("job-name".to_string(), "pi".to_string())].into(), ..Default::default() });
        j.spec.parallelism = Some(2);
        j.spec.completions = Some(5);
        j.spec.completion_mode = Some("NonIndexed".into());
        j.spec.suspend = Some(false);
        j.spec.backoff_limit = Some(6);
        j.status.start_time = Some(kubeplay_model::time::EPOCH);
        j.status.completion_time = Some(kubeplay_model::time::EPOCH.plus_millis(37_000));
        j.status.succeeded = Some(5);
        j.status.ready = Some(0);
        let page = describe_job(&j, None, kubeplay_model::time::EPOCH);
        assert!(page.starts_with("Name:             pi\nNamespace:        default\nSelector:         job-name=pi\n"), "{page}");
        assert!(page.contains("\nParallelism:      2\nCompletions:      5\nCompletion Mode:  NonIndexed\nSuspend:          false\nBackoff Limit:    6\n"), "{page}");
        assert!(page.contains("\nDuration:         37s\nPods Statuses:    0 Active (0 Ready) / 5 Succeeded / 0 Failed\n"), "{page}");
        assert!(page.contains("\nPod Template:\n"), "{page}");
    }
}
