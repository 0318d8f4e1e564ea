//! `kubectl describe job` and `cronjob`: the Job page in kubectl's layout
//! (spec knobs, times, pod counts, then the pod template and events), and
//! the CronJob page (its schedule, its job template, its active jobs).

use super::{annotations_multiline, controlled_by, finish_with_events, describe_pod_template, labels_multiline, Writer};
use crate::print::duration::{human, rfc1123z};
use crate::print::format::label_selector;
use kubeplay_model::api::{CronJob, Event, Job};
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
        w.write(0, &format!("Completed Indexes:\t{}\n", cap_indexes(st.completed_indexes.as_deref().unwrap_or(""), 50)));
    }
    describe_pod_template(&mut w, &spec.template);
    finish_with_events(w, events, now)
}

/// `capIndexesListOrNone`: the list up to the first comma at or past
/// `soft_limit`, then `...`.
fn cap_indexes(indexes: &str, soft_limit: usize) -> String {
    if indexes.is_empty() {
        return "<none>".into();
    }
    match indexes.bytes().enumerate().skip(soft_limit).find(|(_, b)| *b == b',') {
        Some((i, _)) => format!("{}...", &indexes[..=i]),
        None => indexes.to_string(),
    }
}

/// `describeCronJob` (kubectl 1.32: no Time Zone line yet).
pub fn describe_cron_job(cj: &CronJob, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &cj.metadata;
    let spec = &cj.spec;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("Schedule:\t{}\n", spec.schedule));
    w.write(0, &format!("Concurrency Policy:\t{}\n", spec.concurrency_policy.as_deref().unwrap_or("")));
    // printBoolPtr: True/False, capitalized.
    let suspend = match spec.suspend {
        Some(true) => "True",
        Some(false) => "False",
        None => "<unset>",
    };
    w.write(0, &format!("Suspend:\t{suspend}\n"));
    let or_unset = |v: Option<String>| v.unwrap_or_else(|| "<unset>".into());
    w.write(0, &format!("Successful Job History Limit:\t{}\n", or_unset(spec.successful_jobs_history_limit.map(|n| n.to_string()))));
    w.write(0, &format!("Failed Job History Limit:\t{}\n", or_unset(spec.failed_jobs_history_limit.map(|n| n.to_string()))));
    w.write(0, &format!("Starting Deadline Seconds:\t{}\n", or_unset(spec.starting_deadline_seconds.map(|n| format!("{n}s")))));
    // describeJobTemplate.
    let jt = &spec.job_template.spec;
    w.write(0, &format!("Selector:\t{}\n", if jt.selector.is_some() { label_selector(jt.selector.as_ref()) } else { "<unset>".into() }));
    w.write(0, &format!("Parallelism:\t{}\n", or_unset(jt.parallelism.map(|n| n.to_string()))));
    w.write(0, &format!("Completions:\t{}\n", or_unset(jt.completions.map(|n| n.to_string()))));
    if let Some(a) = jt.active_deadline_seconds {
        w.write(0, &format!("Active Deadline Seconds:\t{a}s\n"));
    }
    describe_pod_template(&mut w, &jt.template);
    match cj.status.last_schedule_time {
        Some(t) => w.write(0, &format!("Last Schedule Time:\t{}\n", rfc1123z(Some(t)))),
        None => w.write(0, "Last Schedule Time:\t<unset>\n"),
    }
    let active: Vec<&str> = cj.status.active.iter().map(|r| r.name.as_deref().unwrap_or("")).collect();
    w.write(0, &format!("Active Jobs:\t{}\n", if active.is_empty() { "<none>".to_string() } else { active.join(", ") }));
    finish_with_events(w, events, now)
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

    /// describeCronJob and describeJobTemplate: unset knobs say <unset>,
    /// the suspend flag is capitalized (printBoolPtr), active jobs are
    /// comma-joined.
    #[test]
    fn cron_job_page_follows_kubectl() {
        let mut cj = CronJob::default();
        cj.metadata.name = "hello".into();
        cj.metadata.namespace = "default".into();
        cj.spec.schedule = "*/1 * * * *".into();
        cj.spec.concurrency_policy = Some("Allow".into());
        cj.spec.suspend = Some(false);
        cj.spec.successful_jobs_history_limit = Some(3);
        cj.spec.starting_deadline_seconds = Some(30);
        cj.spec.job_template.spec.active_deadline_seconds = Some(60);
        for name in ["hello-1", "hello-2"] {
            cj.status.active.push(kubeplay_model::api::ObjectReference { name: Some(name.into()), ..Default::default() });
        }
        let out = describe_cron_job(&cj, None, kubeplay_model::time::EPOCH);
        assert!(
            out.starts_with(
                "Name:                          hello\nNamespace:                     default\nLabels:                        <none>\nAnnotations:                   <none>\nSchedule:                      */1 * * * *\nConcurrency Policy:            Allow\nSuspend:                       False\nSuccessful Job History Limit:  3\nFailed Job History Limit:      <unset>\nStarting Deadline Seconds:     30s\nSelector:                      <unset>\nParallelism:                   <unset>\nCompletions:                   <unset>\nActive Deadline Seconds:       60s\nPod Template:\n"
            ),
            "{out}"
        );
        // A template without containers prints `Containers: <none>` with no
        // tab, which closes the aligned block: the last lines align anew.
        assert!(out.ends_with("  Tolerations:       <none>\nLast Schedule Time:  <unset>\nActive Jobs:         hello-1, hello-2\n"), "{out}");
    }
}
