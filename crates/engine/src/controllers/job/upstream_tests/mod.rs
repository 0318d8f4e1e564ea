//! Upstream's tables for the Job controller, ported: the syncJob cases of
//! pkg/controller/job/job_controller_test.go, driven through one
//! reconcile against a store that stands in for the informers and the
//! fake pod control (this module's harness; `sync_job`, `policies`,
//! `success`, `lookup`), and the pure helpers' tables of
//! indexed_job_utils_test.go, backoff_utils_test.go (`utils`) and
//! success_policy_test.go (`success`).
//! Upstream runs most cases with the JobPodReplacementPolicy and
//! JobManagedBy gates off; v1.32 has both on, which delays the final
//! Complete/Failed condition and reports `status.terminating`. Where a
//! case ran with them off, only what those gates leave alone is checked.

mod lookup;
mod policies;
mod success;
mod sync_job;
mod utils;

use super::*;
use crate::step::{Verb, Write};
use crate::world::World;
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::time::EPOCH;
use serde_json::{json, Value};

/// When every sync runs.
const NOW: Time = EPOCH;
/// Upstream's `testFinishedAt` and zero creation times: long enough ago
/// that no back-off is left.
const LONG_AGO: Time = Time::from_millis(1_000);
const LONG_AGO_TEXT: &str = "1970-01-01T00:00:01Z";

/// upstream newJob(parallelism, completions, backoffLimit, mode): -1
/// leaves completions or parallelism unset; the selector is foo=bar.
fn new_job(parallelism: i32, completions: i32, backoff_limit: i32, indexed: bool) -> Job {
    let mut j: Job = serde_json::from_value(json!({
        "metadata": {"name": "foobar", "namespace": "default"},
        "spec": {
            "selector": {"matchLabels": {"foo": "bar"}},
            "manualSelector": true,
            "backoffLimit": backoff_limit,
            "template": {
                "metadata": {"labels": {"foo": "bar"}},
                "spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "foo/bar"}]}
            }
        }
    }))
    .unwrap();
    j.spec.completions = (completions >= 0).then_some(completions);
    j.spec.parallelism = (parallelism >= 0).then_some(parallelism);
    if indexed {
        j.spec.completion_mode = Some("Indexed".into());
    }
    j
}

/// A container status, terminated with `exit_code` at `finished_at`.
fn terminated(name: &str, exit_code: i32, finished_at: Option<&str>) -> Value {
    let mut t = json!({"exitCode": exit_code});
    if let Some(at) = finished_at {
        t["finishedAt"] = json!(at);
    }
    json!({"name": name, "state": {"terminated": t}, "ready": false, "restartCount": 0, "image": "foo/bar", "imageID": ""})
}

/// A pod of the Job to set up: its status, whether it still carries the
/// tracking finalizer, and whether it is being deleted.
#[derive(Clone)]
struct PodIn {
    name: String,
    annotations: Vec<(String, String)>,
    status: Value,
    finalizer: bool,
    terminating: bool,
}

impl PodIn {
    fn new(name: impl Into<String>, phase: &str) -> PodIn {
        PodIn {
            name: name.into(),
            annotations: Vec::new(),
            status: json!({"phase": phase}),
            finalizer: true,
            terminating: false,
        }
    }
    /// newPodList's pods: every container terminated at testFinishedAt.
    fn finished(mut self) -> PodIn {
        self.status["containerStatuses"] = json!([terminated("c", 0, Some(LONG_AGO_TEXT))]);
        self
    }
    fn ready(mut self) -> PodIn {
        self.status["conditions"] = json!([{"type": "Ready", "status": "True"}]);
        self
    }
    fn index(mut self, i: &str) -> PodIn {
        self.annotations
            .push((math::INDEX_ANNOTATION.into(), i.into()));
        self
    }
    fn failure_count(mut self, n: &str) -> PodIn {
        self.annotations
            .push((math::INDEX_FAILURE_COUNT.into(), n.into()));
        self
    }
    fn status(mut self, status: Value) -> PodIn {
        self.status = status;
        self
    }
    fn terminating(mut self) -> PodIn {
        self.terminating = true;
        self
    }
    fn untracked(mut self) -> PodIn {
        self.finalizer = false;
        self
    }
}

/// upstream setPodsStatuses: pending, running (the first `ready` Ready),
/// succeeded, failed and terminating pods, all finished long ago.
fn pods_by_phase(
    pending: usize,
    active: usize,
    ready: usize,
    succeeded: usize,
    failed: usize,
    terminating: usize,
) -> Vec<PodIn> {
    let mut out = Vec::new();
    let mut add = |prefix: &str, n: usize, phase: &str| {
        for i in 0..n {
            out.push(PodIn::new(format!("{prefix}-{i}"), phase).finished());
        }
    };
    add("pending", pending, "Pending");
    add("running", active, "Running");
    add("succeeded", succeeded, "Succeeded");
    add("failed", failed, "Failed");
    add("terminating", terminating, "Running");
    for p in out
        .iter_mut()
        .filter(|p| p.name.starts_with("running-"))
        .take(ready)
    {
        *p = p.clone().ready();
    }
    for p in out
        .iter_mut()
        .filter(|p| p.name.starts_with("terminating-"))
    {
        p.terminating = true;
    }
    out
}

/// upstream setPodsStatusesWithIndexes: (index, phase); "-" is no index;
/// only finished pods carry a container finish time.
fn pods_with_indexes(pods: &[(&str, &str)]) -> Vec<PodIn> {
    pods.iter()
        .enumerate()
        .map(|(n, (index, phase))| {
            let mut p = PodIn::new(format!("indexed-{n}"), phase);
            if matches!(*phase, "Succeeded" | "Failed") {
                p = p.finished();
            }
            if *index != "-" {
                p = p.index(index);
            }
            p
        })
        .collect()
}

/// The world a sync runs in: the Job (its status as given, deleted when
/// `deleting`) and its pods, written long ago; the clock then at NOW.
fn setup(job: Job, pods: Vec<PodIn>, deleting: bool) -> World {
    let mut world = World::new(1, LONG_AGO);
    let mut job = job;
    if deleting {
        job.metadata.finalizers.push("kubeplay.test/hold".into());
    }
    let status = job.status.clone();
    let job_obj = world.write(|s, c| {
        s.create(crate::testing::namespace("default"), c).unwrap();
        let created = s.create(Object::Job(Box::new(job)), c).unwrap();
        let mut with_status = (*created).clone();
        if let Object::Job(j) = &mut with_status {
            j.status = status;
        }
        s.update_status(with_status, c).unwrap()
    });
    let owner = crate::controllers::controller_ref(&job_obj);
    let mut doomed = Vec::new();
    for p in pods {
        let mut pod: Pod = serde_json::from_value(json!({
            "metadata": {"name": p.name, "namespace": "default", "labels": {"foo": "bar"}},
            "spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "foo/bar"}]}
        }))
        .unwrap();
        pod.metadata.owner_references.push(owner.clone());
        for (k, v) in &p.annotations {
            pod.metadata.annotations.insert(k.clone(), v.clone());
        }
        if p.finalizer {
            pod.metadata
                .finalizers
                .push(math::TRACKING_FINALIZER.into());
        }
        let status: kubeplay_model::api::PodStatus =
            serde_json::from_value(p.status.clone()).unwrap();
        let key = world.write(|s, c| {
            let created = s.create(Object::Pod(Box::new(pod)), c).unwrap();
            s.update_pod_status(&created.key(), status, c).unwrap();
            created.key()
        });
        if p.terminating {
            doomed.push(key);
        }
    }
    if deleting {
        doomed.push(job_key());
    }
    // Upstream's deletion timestamps are the sync's own time.
    world.now = NOW;
    for key in doomed {
        world.write(|s, c| s.delete(&key, &DeleteOptions::default(), c).unwrap());
    }
    world
}

fn job_key() -> ObjectKey {
    ObjectKey::new(Kind::Job, "default", "foobar")
}

/// What one sync did.
struct Synced {
    writes: Vec<Write>,
    job: Job,
}

impl Synced {
    fn pod_writes(&self, verb: Verb) -> Vec<&Write> {
        self.writes
            .iter()
            .filter(|w| w.key.kind == Kind::Pod && w.verb == verb)
            .collect()
    }
    fn created(&self) -> Vec<Pod> {
        self.pod_writes(Verb::Create)
            .iter()
            .filter_map(|w| w.after.as_ref()?.as_pod().cloned())
            .collect()
    }
    /// A removal of the last finalizer of a pod being deleted is recorded
    /// as its deletion: only a pod not yet being deleted was deleted here.
    fn releases_deletion(w: &Write) -> bool {
        w.before
            .as_ref()
            .is_some_and(|b| b.meta().deletion_timestamp.is_some())
    }
    fn deletions(&self) -> usize {
        self.pod_writes(Verb::Delete)
            .into_iter()
            .filter(|w| !Self::releases_deletion(w))
            .count()
    }
    /// Finalizer removals: the controller's only pod updates here.
    fn patches(&self) -> usize {
        self.pod_writes(Verb::Update).len()
            + self
                .pod_writes(Verb::Delete)
                .into_iter()
                .filter(|w| Self::releases_deletion(w))
                .count()
    }
    fn conditions(&self) -> Vec<(String, String, String, String)> {
        self.job
            .status
            .conditions
            .iter()
            .map(|c| {
                (
                    c.type_.to_string(),
                    c.status.to_string(),
                    c.reason.clone().unwrap_or_default().to_string(),
                    c.message.clone().unwrap_or_default().to_string(),
                )
            })
            .collect()
    }
}

fn sync_world(world: &mut World) -> Synced {
    let key = job_key();
    let mut ctx = Ctx::new(world, ControllerId::Job, "job-controller");
    JobController.reconcile(&key, &mut ctx);
    let writes = std::mem::take(&mut ctx.writes);
    let job = world
        .store
        .get(&key)
        .and_then(|o| o.as_job().cloned())
        .unwrap();
    Synced { writes, job }
}

/// Records a mismatch instead of stopping at the first one.
fn check<T: PartialEq + std::fmt::Debug>(
    errs: &mut Vec<String>,
    case: &str,
    what: &str,
    got: T,
    want: T,
) {
    if got != want {
        errs.push(format!("{case}: {what}: got {got:?}, want {want:?}"));
    }
}

type Cond = (&'static str, &'static str, &'static str, &'static str);

fn conds(want: &[Cond]) -> Vec<(String, String, String, String)> {
    want.iter()
        .map(|(t, s, r, m)| (t.to_string(), s.to_string(), r.to_string(), m.to_string()))
        .collect()
}

const BACKOFF: (&str, &str) = BACKOFF_LIMIT_EXCEEDED;
const SUSPENDED: Cond = ("Suspended", "True", "JobSuspended", "Job suspended");

/// new_job with more of the spec, as upstream's literal Jobs set it.
pub(super) fn job_with(
    parallelism: i32,
    completions: i32,
    backoff_limit: i32,
    indexed: bool,
    spec: Value,
) -> Job {
    let mut v =
        serde_json::to_value(new_job(parallelism, completions, backoff_limit, indexed)).unwrap();
    for (k, x) in spec.as_object().cloned().unwrap_or_default() {
        v["spec"][k] = x;
    }
    // Validation wants a rule's containerName among the template's.
    v["spec"]["template"]["spec"]["containers"][0]["name"] = json!("main-container");
    serde_json::from_value(v).unwrap()
}

/// What a policy case expects of the Job after one sync. `terminating`
/// is checked when upstream ran with JobPodReplacementPolicy on;
/// `conditions` unless the case ran with the delaying gates off and a pod
/// was still terminating, which v1.32 waits for before the final one.
struct Want {
    conditions: Option<Vec<Cond>>,
    active: i32,
    succeeded: i32,
    failed: i32,
    terminating: Option<i32>,
    completed: &'static str,
    failed_indexes: Option<&'static str>,
}

impl Default for Want {
    fn default() -> Self {
        Want {
            conditions: Some(vec![]),
            active: 0,
            succeeded: 0,
            failed: 0,
            terminating: None,
            completed: "",
            failed_indexes: None,
        }
    }
}

fn check_status(errs: &mut Vec<String>, name: &str, got: &Synced, want: Want) {
    let st = &got.job.status;
    if let Some(c) = &want.conditions {
        check(errs, name, "conditions", got.conditions(), conds(c));
    }
    check(errs, name, "active", st.active.unwrap_or(0), want.active);
    check(
        errs,
        name,
        "succeeded",
        st.succeeded.unwrap_or(0),
        want.succeeded,
    );
    check(errs, name, "failed", st.failed.unwrap_or(0), want.failed);
    if want.terminating.is_some() {
        check(errs, name, "terminating", st.terminating, want.terminating);
    }
    check(
        errs,
        name,
        "completedIndexes",
        st.completed_indexes.as_deref().unwrap_or(""),
        want.completed,
    );
    if let Some(fi) = want.failed_indexes {
        check(
            errs,
            name,
            "failedIndexes",
            st.failed_indexes.as_deref(),
            Some(fi),
        );
    }
}
