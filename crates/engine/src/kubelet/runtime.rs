//! What a node's kubelet and container runtime know about each pod that the
//! API does not hold: the sandbox, every container instance with its
//! process plan, back-off entries, probe counters, the reason cache, and
//! what the pod worker is busy with. Kept in `SimState`, keyed by pod uid,
//! so it is cloned (and time-travels) with the world.

use super::backoff::Backoff;
use super::process::Plan;
use crate::scheduler::resources::Resources;
use kubeplay_model::{Atom, SharedStr, Time, Uid};

#[derive(Clone, Debug, PartialEq)]
pub struct PodRuntime {
    pub uid: Uid,
    pub node: Atom,
    /// The sandbox's IP once it exists.
    pub ip: Option<SharedStr>,
    pub sandbox: bool,
    pub init: Vec<Ctr>,
    pub app: Vec<Ctr>,
    /// What the pod worker is blocked on (a sandbox, a pull, a kill):
    /// boxed, since a running pod waits on nothing and an operation is
    /// a quarter of the record.
    pub op: Option<Box<Op>>,
    /// Containers the current sync still has to start, in order; `true`
    /// when the container was just killed in this sync (no back-off).
    pub to_start: Vec<(CtrRef, bool)>,
    /// The current sync hit an error (the worker retries in 10 s).
    pub sync_failed: bool,
    /// Earliest runtime change no sync has seen yet (PLEG).
    pub dirty_since: Option<Time>,
    /// The pod worker's retry after an errored sync.
    pub retry_at: Option<Time>,
    /// Containers whose liveness or startup probe failed: kill and restart.
    pub kill_requests: Vec<(CtrRef, KillCause)>,
    /// Deletion in progress: containers are stopping until this time.
    pub stopping_until: Option<Time>,
    /// All containers are done and will not restart: the sandbox is gone.
    pub finished: bool,
    /// The container images of the spec as last synced (an edit syncs now).
    pub spec_images: Vec<Option<Atom>>,
    /// Timers already armed for this pod: (work, periodic tick).
    pub armed: (Option<Time>, Option<Time>),
    /// Evicted by the node-pressure eviction manager, with its message:
    /// the containers are stopped and the pod ends Failed.
    pub evicted: Option<String>,
    /// Past its `activeDeadlineSeconds` (`activeDeadlineHandler`): the
    /// containers are stopped and the pod ends Failed, DeadlineExceeded.
    pub deadline_exceeded: bool,
    /// The pod's requests as admission counts them, worked out when the
    /// runtime is made: a pod's requests never change, and admission sums
    /// those of every pod on the node for each pod it admits.
    pub requests: Resources,
    /// The pod's ephemeral containers (`kubectl debug`), once it has any:
    /// boxed, since nearly no pod does.
    pub ephemeral: Option<Box<Vec<super::ephemeral::EphemeralCtr>>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CtrRef {
    pub init: bool,
    pub idx: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KillCause {
    Liveness,
    Startup,
    /// The container's image in the pod spec changed.
    Changed,
    /// The regular containers are done for good, so the sidecars still
    /// running are stopped (`computePodActions`' KillPod); none restarts.
    PodDone,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Waiting for volumes (a ConfigMap or Secret that does not exist yet).
    Mount { until: Time, delay_ms: i64 },
    Sandbox { until: Time },
    Pull { until: Time, ctr: CtrRef, pull: PullJob },
    Kill { until: Time, ctrs: Vec<(CtrRef, KillCause)> },
}

impl Op {
    pub fn until(&self) -> Time {
        match self {
            Op::Mount { until, .. } | Op::Sandbox { until } | Op::Pull { until, .. } | Op::Kill { until, .. } => *until,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PullJob {
    /// The image as the pod spells it (event messages quote it).
    pub image: Atom,
    pub normalized: String,
    pub ok: bool,
    pub size: i64,
    /// Time spent pulling, and including the wait for the node's puller.
    pub pull_ms: i64,
    pub total_ms: i64,
}

/// Why the last start attempt failed (`kubelet.reasonCache`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    pub reason: String,
    pub message: String,
}

impl PodRuntime {
    pub fn new(uid: &str, node: &str, init: &[Atom], app: &[Atom]) -> PodRuntime {
        PodRuntime {
            uid: uid.into(),
            node: node.into(),
            ip: None,
            sandbox: false,
            init: init.iter().map(|n| Ctr::new(n.clone())).collect(),
            app: app.iter().map(|n| Ctr::new(n.clone())).collect(),
            op: None,
            to_start: Vec::new(),
            sync_failed: false,
            dirty_since: None,
            retry_at: None,
            kill_requests: Vec::new(),
            stopping_until: None,
            finished: false,
            spec_images: Vec::new(),
            armed: (None, None),
            evicted: None,
            deadline_exceeded: false,
            requests: Resources::default(),
            ephemeral: None,
        }
    }

    pub fn ctr(&self, r: CtrRef) -> Option<&Ctr> {
        if r.init { self.init.get(r.idx) } else { self.app.get(r.idx) }
    }

    pub fn ctr_mut(&mut self, r: CtrRef) -> Option<&mut Ctr> {
        if r.init { self.init.get_mut(r.idx) } else { self.app.get_mut(r.idx) }
    }

    /// Every container with its reference, init containers first.
    pub fn refs(&self) -> Vec<CtrRef> {
        (0..self.init.len()).map(|idx| CtrRef { init: true, idx }).chain((0..self.app.len()).map(|idx| CtrRef { init: false, idx })).collect()
    }

    pub fn mark_dirty(&mut self, at: Time) {
        self.dirty_since = Some(self.dirty_since.map_or(at, |d| d.min(at)));
    }
}

impl Reason {
    pub fn new(reason: &str, message: impl Into<String>) -> Reason {
        Reason { reason: reason.into(), message: message.into() }
    }
}

/// One container of the pod, across its restarts.
#[derive(Clone, Debug, PartialEq)]
pub struct Ctr {
    pub name: Atom,
    /// The latest instance.
    pub run: Option<Run>,
    /// The instance before it (`lastState`). This and the reasons below
    /// are boxed, as is [`Run::exited`]: a running container that never
    /// restarted has none of them, and a cluster runs one of these per
    /// container (720 bytes unboxed, 512 boxed).
    pub prev: Option<Box<Exited>>,
    pub restarts: i32,
    /// The reason cache, and what it held when status was last generated
    /// (the status shows the outcome of the previous sync).
    pub cache: Option<Box<Reason>>,
    pub shown: Option<Box<Reason>>,
    pub crash: Backoff,
    /// Pull back-off, which belongs to one image (`podUID_image`).
    pub pull: Backoff,
    pub pull_image: Atom,
    /// The variables the latest instance was created with, as `kubectl
    /// exec … env` shows them (fixed at creation: a Service made later is
    /// not in them until the container restarts). Kept with the container,
    /// so they go when the kubelet forgets the pod; replicas created one
    /// after another share them.
    pub env: Option<super::envvars::EnvVars>,
}

impl Ctr {
    pub fn new(name: Atom) -> Ctr {
        Ctr { name, run: None, prev: None, restarts: 0, cache: None, shown: None, crash: Backoff::default(), pull: Backoff::default(), pull_image: Atom::default(), env: None }
    }

    pub fn running(&self) -> Option<&Run> {
        self.run.as_ref().filter(|r| r.exited.is_none())
    }

    pub fn exited(&self) -> Option<&Exited> {
        self.run.as_ref().and_then(|r| r.exited.as_deref())
    }
}

/// One container instance.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// `containerd://…`
    pub id: SharedStr,
    /// `docker.io/library/nginx:1.7.9`
    pub image: Atom,
    pub image_id: Atom,
    pub started_at: Time,
    /// Shared: replicas created one after another are given the same plan
    /// (see `SimState::plan_last`), and a running container keeps it.
    pub plan: std::sync::Arc<Plan>,
    pub exited: Option<Box<Exited>>,
    /// Being stopped: it exits at this time with this code.
    pub stopping: Option<(Time, i32)>,
    /// Startup probe passed (or there is none).
    pub started: bool,
    pub ready: bool,
    pub probes: Probes,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exited {
    pub code: i32,
    pub reason: String,
    pub started_at: Time,
    pub finished_at: Time,
    pub id: SharedStr,
}

/// Per-instance probe workers (`prober.worker`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Probes {
    pub startup: ProbeState,
    pub liveness: ProbeState,
    pub readiness: ProbeState,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProbeState {
    /// The next probe time not yet evaluated.
    pub next: Option<Time>,
    /// Consecutive results of the same kind, and whether they were successes.
    pub run_len: i32,
    pub last_ok: Option<bool>,
    /// The applied result (after thresholds).
    pub result: Option<bool>,
    /// Stopped (startup succeeded, or liveness is on hold after a kill).
    pub stopped: bool,
}

#[cfg(test)]
mod tests {
    /// A cluster keeps one `Ctr` per container it runs and one
    /// `PodRuntime` per pod: what a running, never-restarted container and
    /// a pod waiting on nothing leave unset stays boxed (an operation, an
    /// init container's wait for a Service, ephemeral containers), and a
    /// container's process plan, the same for its replicas, is shared.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_container_record_stays_small() {
        assert!(std::mem::size_of::<super::Ctr>() <= 224, "Ctr is {} bytes", std::mem::size_of::<super::Ctr>());
        assert!(std::mem::size_of::<super::PodRuntime>() <= 328, "PodRuntime is {} bytes", std::mem::size_of::<super::PodRuntime>());
    }
}
