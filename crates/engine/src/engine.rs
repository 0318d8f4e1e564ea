//! The driver: pops the next (controller, key) from the work queue, runs one
//! reconcile as one step, feeds the writes back through the watches, and
//! advances the virtual clock to the next timer when no work is queued.
//! Keeps a snapshot of the world after every step for time travel.

use kubeplay_model::fnv::Fnv;
use crate::controller::Ctx;
use crate::controllers;
use crate::step::Step;
use crate::work::{Work, WorkDone};
use crate::world::{ControllerId, World};
use kubeplay_model::{time::EPOCH, Kind, ObjectKey, Time};

/// How long `settle` runs at most by default: 10 minutes of virtual time.
pub const DEFAULT_SETTLE_MS: i64 = 10 * 60 * 1000;

/// Steps one `settle` or `advance` may take before it stops and reports
/// (a guard against controllers that never stop; a 100,000-pod Deployment,
/// the largest the API server admits, settles in about 600,000).
pub const MAX_SETTLE_STEPS: usize = 2_000_000;

/// Steps of history kept for time travel. Past it the oldest steps (and
/// their snapshots) are forgotten at once, down to nine tenths of it, so trimming costs
/// O(1) per step on average: the trace keeps its numbering, and jumping
/// before the oldest kept step is refused. Bounds memory however long a
/// session runs.
pub const MAX_HISTORY: usize = 200_000;

/// Memory the kept history may hold, as [`step_cost`] estimates it: past
/// it the oldest steps go as past [`MAX_HISTORY`]. 200,000 snapshots of a
/// large cluster would outgrow wasm32's 4 GiB; a gigabyte leaves room for
/// the live cluster and the page (about 20,000 steps of a 500-pod cluster).
pub const HISTORY_BYTES: usize = 1 << 30;

/// What a kept step costs in memory, an estimate that stays above the
/// measured cost (`tests/memory_per_step.rs` checks it): the step itself
/// (its record, its strings) and, with snapshots kept, the world's parts
/// the step copied — a path in each persistent map it changed, a little
/// for the queue, timers and caches every step touches, and more for each
/// object written (an Event for each event). Measured (session 27): at
/// 100 pods about 38 KiB a step with snapshots; without, 2.4 KiB (session
/// 39: 2.7 KiB counted the copy of the cluster history off used to keep).
pub fn step_cost(step: &Step, snapshots: bool) -> usize {
    let text = step.explanation.len() + step.observed.len() + step.desired.len();
    let touched = step.writes.len() + step.events.len();
    let (base, per_write) = if snapshots { (12 << 10, 20 << 10) } else { (1 << 10, 1536) };
    base + text + per_write * touched
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettleReport {
    pub steps: usize,
    /// Work was still queued or due within the bound when it stopped.
    pub converged: bool,
    pub elapsed_ms: i64,
}

/// Cloning is cheap (the worlds are persistent structures): a fuzzer or a
/// test can build the default cluster once and start every run from a copy.
#[derive(Clone)]
pub struct Engine {
    world: World,
    steps: Vec<Step>,
    /// `snapshots[i]` is the world after `steps[i]`; `base` is before any.
    snapshots: Vec<World>,
    base: World,
    /// How many steps of the trace are "applied": < steps.len() after a jump back.
    cursor: usize,
    record_history: bool,
    /// How many of the oldest steps were forgotten (see [`MAX_HISTORY`]);
    /// `steps[0]` is step number `dropped + 1`.
    dropped: usize,
    /// `trace_hash` over the forgotten steps, so the hash of a run does not
    /// depend on how much history is kept.
    dropped_hash: u64,
    /// [`MAX_HISTORY`] and [`MAX_SETTLE_STEPS`] unless a test lowers them.
    history_limit: usize,
    step_limit: usize,
    /// [`step_cost`] of the kept steps, and its cap ([`HISTORY_BYTES`]
    /// unless a test lowers it).
    history_bytes: usize,
    history_budget: usize,
    /// Who the kubectl command being run acts as, when its requests must
    /// be authorized one by one (impersonation, or an admin whose binding
    /// was taken away); `None` lets everything through. Client state, not
    /// the world's: time travel leaves it alone.
    requester: Option<Box<kubeplay_apiserver::authz::UserInfo>>,
}

/// Gives back most of a trace buffer that a long stretch grew and trimming
/// or clearing has since emptied: a limit lowered after a long run (the
/// benchmarks settle a large cluster, then keep 1,000 steps) would
/// otherwise hold the long run's buffer, 200 bytes a step, for good.
fn release_spare<T>(v: &mut Vec<T>) {
    if v.capacity() > 4 * v.len().max(64) {
        v.shrink_to(2 * v.len());
    }
}

fn fnv_step(h: u64, step: &Step) -> u64 {
    let mut f = Fnv(h);
    let _ = step.write_summary(&mut f);
    f.bytes(b"\n").finish()
}

/// Objects a user step's summaries name one by one; the rest are counted.
const SUMMARY_WRITES: usize = 3;
/// Changed fields a user step's summaries name per object.
const SUMMARY_FIELDS: usize = 3;
/// Longest field value a summary quotes.
const SUMMARY_VALUE: usize = 40;

/// What a user step found and asked for, read off its writes: an object
/// absent and then created, present and then deleted, or the changed
/// fields' old and new values (`spec.replicas=3` → `spec.replicas=5`).
/// Commands write their own when they know better.
fn user_summaries(writes: &[crate::step::Write], events: &[crate::step::EmittedEvent]) -> (String, String) {
    use crate::step::Verb;
    let mut observed = Vec::new();
    let mut desired = Vec::new();
    for w in writes.iter().take(SUMMARY_WRITES) {
        let what = format!("{}/{}", w.key.kind.name().to_ascii_lowercase(), w.key.name);
        match (&w.before, &w.after, w.verb) {
            (None, _, _) => {
                observed.push(format!("no {what}"));
                desired.push(format!("{what} created"));
            }
            (Some(_), None, _) => {
                observed.push(format!("{what} exists"));
                desired.push(format!("{what} deleted"));
            }
            (Some(_), Some(_), Verb::Delete) => {
                observed.push(format!("{what} exists"));
                desired.push(format!("{what} deleted once its finalizers and grace period allow"));
            }
            (Some(_), Some(_), _) => {
                let changes: Vec<_> = w
                    .diff()
                    .into_iter()
                    .filter(|c| !crate::diff::is_noise(&c.path) && !c.path.starts_with("metadata.annotations.kubectl.kubernetes.io/last-applied-configuration"))
                    .collect();
                let field = |c: &crate::diff::FieldChange, v: &Option<serde_json::Value>| {
                    let text = match v {
                        None => "(unset)".to_string(),
                        Some(serde_json::Value::String(s)) => s.clone(),
                        Some(other) => other.to_string(),
                    };
                    let text = match text.char_indices().nth(SUMMARY_VALUE) {
                        Some((i, _)) => format!("{}…", &text[..i]),
                        None => text,
                    };
                    format!("{}={text}", c.path)
                };
                let more = match changes.len().saturating_sub(SUMMARY_FIELDS) {
                    0 => String::new(),
                    n => format!(" (and {n} more fields)"),
                };
                let list = |after: bool| changes.iter().take(SUMMARY_FIELDS).map(|c| field(c, if after { &c.after } else { &c.before })).collect::<Vec<_>>().join(", ");
                if changes.is_empty() {
                    observed.push(format!("{what} as stored"));
                    desired.push(format!("{what} written again unchanged"));
                } else {
                    observed.push(format!("{what} with {}", list(false)));
                    desired.push(format!("{}{more}", list(true)));
                }
            }
        }
    }
    if writes.len() > SUMMARY_WRITES {
        let n = writes.len() - SUMMARY_WRITES;
        observed.push(format!("{n} more objects"));
        desired.push(format!("{n} more objects written"));
    }
    if writes.is_empty() {
        observed.push("no object changes".to_string());
        for e in events.iter().take(SUMMARY_WRITES) {
            desired.push(format!("event {} recorded", e.reason));
        }
    }
    (observed.join("; "), desired.join("; "))
}

impl Engine {
    /// An empty cluster (no nodes, no namespaces) at the epoch.
    pub fn empty(seed: u64) -> Engine {
        let world = World::new(seed, EPOCH);
        Engine {
            base: world.clone(),
            world,
            steps: Vec::new(),
            snapshots: Vec::new(),
            cursor: 0,
            record_history: true,
            dropped: 0,
            dropped_hash: kubeplay_model::fnv::OFFSET,
            history_limit: MAX_HISTORY,
            step_limit: MAX_SETTLE_STEPS,
            history_bytes: 0,
            history_budget: HISTORY_BYTES,
            requester: None,
        }
    }

    /// Sets who the client's requests run as (see [`client`]'s writes),
    /// returning who did before.
    ///
    /// [`client`]: crate::client
    pub fn set_requester(&mut self, who: Option<kubeplay_apiserver::authz::UserInfo>) -> Option<kubeplay_apiserver::authz::UserInfo> {
        std::mem::replace(&mut self.requester, who.map(Box::new)).map(|b| *b)
    }

    /// Who the client's requests run as: the impersonated user, or the
    /// playground's own admin.
    pub fn requester(&self) -> kubeplay_apiserver::authz::UserInfo {
        self.requester.as_deref().cloned().unwrap_or_else(kubeplay_apiserver::authz::cluster_admin)
    }

    /// The API server's authorization of one of the client's requests.
    pub fn authorize(&self, verb: &str, kind: kubeplay_model::Kind, namespace: &str, name: &str, subresource: &str) -> Result<(), kubeplay_apiserver::ApiError> {
        let Some(who) = &self.requester else { return Ok(()) };
        let a = kubeplay_apiserver::authz::Attributes { subresource, ..kubeplay_apiserver::authz::resource_attributes(who, verb, kind, namespace, name) };
        kubeplay_apiserver::authz::check(self.store(), &a)
    }

    /// The certificates admission plugins' `IsAuthorizedForSignerName`:
    /// may the requester `verb` (`approve`, `sign`) requests for this
    /// signer, named or as its domain's `example.com/*`?
    pub fn authorized_for_signer(&self, verb: &str, signer: &str) -> bool {
        let Some(who) = &self.requester else { return true };
        let allowed = |name: &str| {
            let attrs = kubeplay_apiserver::authz::Attributes {
                user: Some(&**who),
                verb,
                api_group: kubeplay_model::api::CERTIFICATES_GROUP,
                resource: "signers",
                name,
                ..Default::default()
            };
            kubeplay_apiserver::authz::authorize(self.store(), &attrs).allowed()
        };
        allowed(signer) || signer.split_once('/').is_some_and(|(domain, _)| allowed(&format!("{domain}/*")))
    }

    /// Turns per-step snapshots off (benchmarks of huge clusters) or on.
    /// Off drops the recorded future after a jump back (it could not be
    /// replayed without its snapshots); on forgets the steps taken while
    /// off, and jumps start from there.
    pub fn set_record_history(&mut self, on: bool) {
        if !on {
            self.fork();
        }
        if on && !self.record_history {
            // The steps taken while off have no snapshots to restore, and
            // `base` is from before them: they are forgotten (their hash
            // kept, as when the history is trimmed) and jumps start here.
            for s in &self.steps {
                self.dropped_hash = fnv_step(self.dropped_hash, s);
            }
            self.dropped += self.steps.len();
            self.steps.clear();
            self.cursor = 0;
            self.base = self.world.clone();
        }
        self.record_history = on;
        if !on {
            self.snapshots.clear();
            release_spare(&mut self.snapshots);
            // Nothing reads `base` while history is off (jumps are refused;
            // turning it on takes the world then), and kept, it would hold
            // every object as it was when history went off: a large
            // cluster's first version of each node, for as long as it runs.
            self.base = World::new(0, self.world.now);
        }
        self.history_bytes = self.steps.iter().map(|s| step_cost(s, on)).sum();
    }

    /// Lowers (or raises) the history's memory cap ([`HISTORY_BYTES`]).
    pub fn set_history_budget(&mut self, bytes: usize) {
        self.history_budget = bytes.max(1);
    }

    /// The kept history's estimated memory ([`step_cost`] summed).
    pub fn history_bytes(&self) -> usize {
        self.history_bytes
    }

    /// Lowers (or raises) the history cap ([`MAX_HISTORY`]), for tests.
    pub fn set_history_limit(&mut self, steps: usize) {
        self.history_limit = steps.max(1);
    }

    /// Lowers (or raises) the per-call step cap of `settle` and `advance`
    /// ([`MAX_SETTLE_STEPS`]), for tests.
    pub fn set_step_limit(&mut self, steps: usize) {
        self.step_limit = steps;
    }

    /// The per-call step cap of `settle` and `advance`.
    pub fn step_limit(&self) -> usize {
        self.step_limit
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    /// Direct access to the live world for read-mostly helpers (traffic,
    /// DNS) that only draw randomness or touch `SimState`; the next step
    /// snapshots whatever they changed.
    pub fn world_mut(&mut self) -> &mut World {
        self.fork();
        &mut self.world
    }

    pub fn now(&self) -> Time {
        self.world.now
    }

    pub fn store(&self) -> &kubeplay_apiserver::Store {
        &self.world.store
    }

    /// The warnings the API server owes the last writes' client (a custom
    /// resource's pruned fields), for kubectl to print as `Warning: …`.
    /// They are the client's, not the cluster's state (no snapshot keeps
    /// them), so taking them never drops a recorded future.
    pub fn take_warnings(&mut self) -> Vec<String> {
        self.world.store.take_warnings()
    }

    /// Owes the client what a dry run's scratch store warned (see
    /// [`Engine::take_warnings`]): the dry run changed nothing else.
    pub(crate) fn owe_warnings(&mut self, warnings: Vec<String>) {
        if !warnings.is_empty() {
            self.world.store.warn(warnings);
        }
    }

    /// The custom kinds this cluster serves (its discovery), for kubectl to
    /// resolve what a user types ([`kubeplay_model::custom_kind::with_served`]).
    pub fn served_custom_kinds(&self) -> std::rc::Rc<Vec<kubeplay_model::custom_kind::Served>> {
        std::rc::Rc::new(kubeplay_apiserver::custom::served(&self.world.store))
    }

    /// The applied part of the kept trace (see [`MAX_HISTORY`]).
    pub fn trace(&self) -> &[Step] {
        &self.steps[..self.cursor]
    }

    /// The whole recorded trace, including steps after the cursor (the
    /// future you can step forward into after jumping back).
    pub fn full_trace(&self) -> &[Step] {
        &self.steps
    }

    /// The number of the last applied step (0 before any).
    pub fn cursor(&self) -> usize {
        self.dropped + self.cursor
    }

    /// How many of the oldest steps were forgotten to bound memory: steps
    /// up to this number can no longer be jumped to.
    pub fn forgotten(&self) -> usize {
        self.dropped
    }

    /// The number of the last recorded step (more than `cursor()` after a
    /// jump back).
    pub fn recorded(&self) -> usize {
        self.dropped + self.steps.len()
    }

    /// Forgets the trace so far; the current state becomes the base. Used
    /// after bootstrapping the default cluster.
    pub fn reset_history(&mut self) {
        self.steps.clear();
        self.snapshots.clear();
        release_spare(&mut self.steps);
        release_spare(&mut self.snapshots);
        self.cursor = 0;
        self.dropped = 0;
        self.dropped_hash = kubeplay_model::fnv::OFFSET;
        self.history_bytes = 0;
        self.base = self.world.clone();
    }

    /// Forgets the oldest steps once the history is over [`MAX_HISTORY`]
    /// steps or [`HISTORY_BYTES`] of memory. Only ever called with the
    /// cursor at the end (right after a new step).
    fn trim_history(&mut self) {
        if self.steps.len() <= self.history_limit && self.history_bytes <= self.history_budget {
            return;
        }
        // Down to nine tenths of the limits, in one drain: a tenth at a
        // time keeps a step O(1) on average, and a limit just lowered far
        // below the trace must not cost a move of the whole trace per step.
        let by_count = if self.steps.len() > self.history_limit { self.steps.len() - self.history_limit + self.history_limit / 10 } else { 0 };
        let target = self.history_budget - self.history_budget / 10;
        let mut by_bytes = 0;
        let mut bytes = self.history_bytes;
        while bytes > target && by_bytes < self.steps.len() {
            bytes -= step_cost(&self.steps[by_bytes], self.record_history);
            by_bytes += 1;
        }
        let n = by_count.max(by_bytes).clamp(1, self.steps.len());
        for s in &self.steps[..n] {
            self.dropped_hash = fnv_step(self.dropped_hash, s);
            self.history_bytes -= step_cost(s, self.record_history);
        }
        if self.record_history && self.snapshots.len() >= n {
            self.base = self.snapshots[n - 1].clone();
            self.snapshots.drain(..n);
        }
        self.steps.drain(..n);
        self.dropped += n;
        self.cursor = self.steps.len();
        release_spare(&mut self.steps);
        release_spare(&mut self.snapshots);
    }

    /// Drops the recorded future after a jump back: something new is
    /// happening, so that future no longer exists.
    fn fork(&mut self) {
        if self.cursor < self.steps.len() {
            for s in &self.steps[self.cursor..] {
                self.history_bytes -= step_cost(s, self.record_history);
            }
            self.steps.truncate(self.cursor);
            self.snapshots.truncate(self.cursor);
        }
    }

    /// Keeps a change made outside any step (a file written through
    /// `kubectl exec`) in the history: it becomes part of the snapshot of
    /// the step the cursor is at, so going back and forward again finds
    /// it. After a jump back the recorded future, which never saw the
    /// change, is dropped, as a kubectl write drops it.
    pub(crate) fn keep_in_history(&mut self) {
        if !self.record_history {
            return;
        }
        self.fork();
        match self.cursor.checked_sub(1) {
            Some(i) => self.snapshots[i] = self.world.clone(),
            None => self.base = self.world.clone(),
        }
    }

    /// Runs `f` as a user action (a kubectl command): its writes form one
    /// step attributed to `kubectl`. After a jump back, only a command that
    /// writes or emits something forks: a read, a failed or an unchanged
    /// command leaves the world as the snapshot had it (a failed create
    /// may have drawn a uid) and the recorded future in place.
    pub fn user<R>(&mut self, what: &str, key: ObjectKey, f: impl FnOnce(&mut Ctx) -> R) -> R {
        let replaying = self.cursor < self.steps.len();
        let before = replaying.then(|| self.world.clone());
        let mut ctx = Ctx::new(&mut self.world, ControllerId::User, "kubectl");
        let r = f(&mut ctx);
        if ctx.explanation.is_empty() {
            ctx.explanation = what.to_string();
        }
        let (writes, events, observed, desired, explanation) = (
            std::mem::take(&mut ctx.writes),
            std::mem::take(&mut ctx.events),
            ctx.observed.clone(),
            ctx.desired.clone(),
            ctx.explanation.clone(),
        );
        if !writes.is_empty() || !events.is_empty() {
            let (observed, desired) = if observed.is_empty() && desired.is_empty() {
                user_summaries(&writes, &events)
            } else {
                (observed, desired)
            };
            self.fork();
            self.finish_step(
                ControllerId::User,
                "kubectl",
                key,
                observed,
                desired,
                explanation,
                writes,
                events,
            );
        } else if let Some(world) = before {
            // Nothing changed: the recorded future still follows.
            self.world = world;
        } else {
            // Nothing changed (e.g. a failed command): nothing to record.
            self.dispatch_changes();
        }
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_step(
        &mut self,
        controller: ControllerId,
        component: &'static str,
        key: ObjectKey,
        observed: String,
        desired: String,
        explanation: String,
        writes: Vec<crate::step::Write>,
        events: Vec<crate::step::EmittedEvent>,
    ) {
        self.dispatch_changes();
        let step = Step {
            index: self.dropped + self.steps.len() + 1,
            time: self.world.now,
            controller,
            component,
            key,
            observed,
            desired,
            explanation,
            writes,
            events,
        };
        self.history_bytes += step_cost(&step, self.record_history);
        self.steps.push(step);
        if self.record_history {
            self.snapshots.push(self.world.clone());
        }
        self.cursor = self.steps.len();
        self.trim_history();
    }

    /// Feeds the store's new changes to every controller's watch; the
    /// lagging controllers' watches get them `sim cache-lag` later (see
    /// [`crate::informer`]).
    fn dispatch_changes(&mut self) {
        let changes = self.world.store.take_changes();
        if changes.is_empty() {
            return;
        }
        // Watches read the store as it is after the whole batch, so the
        // kubelet's index must be too before any of them runs.
        for change in &changes {
            crate::kubelet::observe(&mut self.world.sim, change);
            crate::kubelet::volume_sync::observe(&mut self.world, change);
        }
        let deferred = self.world.informers.defers();
        if deferred {
            let now = self.world.now;
            let World { informers, store, .. } = &mut self.world;
            informers.record(now, store, &changes);
        } else {
            // The informers' own handlers, ahead of the watches' enqueues.
            let World { expectations, sim, store, .. } = &mut self.world;
            for change in &changes {
                crate::informer::handle(expectations, sim, change, store);
            }
        }
        // One buffer for every watch's keys: a fresh one per controller
        // and change was an allocation for each that enqueued anything.
        let mut keys = Vec::new();
        for change in &changes {
            // The scheduler keeps its cache and queue from the change feed, as its informers do.
            crate::scheduler::observe(&mut self.world, change);
            if change.key.kind == Kind::Event {
                continue;
            }
            for c in controllers::all() {
                let id = c.id();
                if deferred && crate::informer::lags(id) {
                    continue;
                }
                c.watch_world(change, &self.world, &mut |k| keys.push(k));
                for k in keys.drain(..) {
                    self.world.enqueue(id, k);
                }
            }
        }
    }

    /// Hands the changes due by now to the lagging controllers: their
    /// handlers observe them (expectations) and their watches enqueue,
    /// all reading the cache as it is now.
    fn deliver_due_changes(&mut self) {
        let now = self.world.now;
        let due = self.world.informers.take_due(now);
        if due.is_empty() {
            return;
        }
        let view = self.world.informers.view(now, &self.world.store);
        let World { expectations, sim, .. } = &mut self.world;
        for change in &due {
            crate::informer::handle(expectations, sim, change, &view);
        }
        for change in &due {
            if change.key.kind == Kind::Event {
                continue;
            }
            for c in controllers::all().iter().filter(|c| crate::informer::lags(c.id())) {
                let id = c.id();
                let mut keys = Vec::new();
                c.watch(change, &view, &mut |k| keys.push(k));
                for k in keys {
                    self.world.enqueue(id, k);
                }
            }
        }
    }

    /// Moves what fell due by now into the work queue: timers, and
    /// changes reaching the lagging watches.
    fn fire_due(&mut self) {
        self.world.fire_due_timers();
        self.deliver_due_changes();
    }

    /// Sets how far behind the store the caches of kube-controller-manager's
    /// controllers are (`sim cache-lag`; 0: not at all; at most
    /// [`MAX_LAG_MS`](crate::informer::MAX_LAG_MS)). Part of the world:
    /// time travel takes it back with everything else.
    pub fn set_cache_lag(&mut self, lag_ms: i64) {
        let lag_ms = lag_ms.clamp(0, crate::informer::MAX_LAG_MS);
        self.fork();
        self.dispatch_changes();
        let World { informers, store, now, .. } = &mut self.world;
        informers.set_lag(lag_ms, *now, store);
    }

    /// The lag set by [`set_cache_lag`](Self::set_cache_lag).
    pub fn cache_lag_ms(&self) -> i64 {
        self.world.cache_lag_ms()
    }

    /// Runs the next reconcile. When nothing is queued, the clock jumps to
    /// the next timer (never past `limit`). Returns None when there is no
    /// work before `limit`. After a jump back, stepping replays the
    /// recorded future instead of recomputing it.
    pub fn step_until(&mut self, limit: Time) -> Option<&Step> {
        if self.cursor < self.steps.len() && self.record_history {
            if self.steps[self.cursor].time > limit {
                return None;
            }
            self.world = self.snapshots[self.cursor].clone();
            self.cursor += 1;
            return self.steps.get(self.cursor - 1);
        }
        self.fork();
        self.dispatch_changes();
        // A delivery of changes may enqueue nothing: then on to the next.
        while self.world.queue_len() == 0 {
            let next = self.world.next_timer_at()?;
            if next > limit {
                return None;
            }
            crate::traffic::advance_clock(&mut self.world, next);
            self.fire_due();
        }
        let (id, key) = self.world.pop()?;
        let controller = controllers::get(id);
        let component = controller.component();
        let view = (self.world.cache_lag_ms() > 0 && crate::informer::lags(id)).then(|| self.world.informers.view(self.world.now, &self.world.store));
        let mut ctx = Ctx::new(&mut self.world, id, component);
        ctx.view = view;
        controller.reconcile(&key, &mut ctx);
        let Ctx {
            writes,
            events,
            observed,
            desired,
            explanation,
            ..
        } = ctx;
        self.finish_step(
            id,
            component,
            key,
            observed,
            desired,
            explanation,
            writes,
            events,
        );
        self.steps.last()
    }

    /// One step with no time bound.
    pub fn step(&mut self) -> Option<&Step> {
        self.step_until(Time::from_millis(i64::MAX))
    }

    /// Runs everything due within `ms` of virtual time, then sets the clock
    /// to exactly now + ms. Stops early, with the clock where the work got
    /// to, after [`MAX_SETTLE_STEPS`] steps (the caller can tell: the count
    /// equals [`step_limit`](Self::step_limit)). [`Work::advance`] is the
    /// same a slice at a time.
    pub fn advance(&mut self, ms: i64) -> usize {
        let mut work = Work::advance(self, ms);
        match self.work(&mut work, usize::MAX) {
            Some(WorkDone::Advance { steps, .. }) => steps,
            _ => work.steps(),
        }
    }

    /// Runs until no work is queued and no non-periodic timer is due within
    /// `max_ms`; periodic resyncs due on the way still run. [`Work::settle`]
    /// is the same a slice at a time.
    pub fn settle(&mut self, max_ms: i64) -> SettleReport {
        let mut work = Work::settle(self, max_ms);
        match self.work(&mut work, usize::MAX) {
            Some(WorkDone::Settle(report)) => report,
            _ => SettleReport {
                steps: work.steps(),
                converged: false,
                elapsed_ms: 0,
            },
        }
    }

    /// Moves the clock forward to `target` (firing what falls due), unless
    /// it is already there.
    pub(crate) fn set_clock_to(&mut self, target: Time) {
        if self.world.now < target {
            self.fork();
            crate::traffic::advance_clock(&mut self.world, target);
            self.fire_due();
        }
    }

    /// Nothing queued, no recorded future to replay, and no timer that
    /// keeps `settle` waiting due by `deadline`.
    pub(crate) fn is_idle_until(&mut self, deadline: Time) -> bool {
        self.dispatch_changes();
        self.world.queue_len() == 0
            && self.cursor == self.steps.len()
            && self.nothing_due_by(deadline)
    }

    pub(crate) fn nothing_due_by(&self, deadline: Time) -> bool {
        self.world.queue_len() == 0 && self.world.next_work_timer_at().is_none_or(|t| t > deadline)
    }

    /// Restores the cluster exactly as it was after step number `index` (0 =
    /// before the first step). The trace after it is kept until something
    /// new happens, so you can step forward again. False when that step is
    /// not recorded, or was forgotten (see [`forgotten`](Self::forgotten)).
    pub fn jump(&mut self, index: usize) -> bool {
        let Some(index) = index.checked_sub(self.dropped) else {
            return false;
        };
        if !self.record_history || index > self.steps.len() {
            return false;
        }
        self.world = if index == 0 {
            self.base.clone()
        } else {
            self.snapshots[index - 1].clone()
        };
        self.cursor = index;
        true
    }

    /// Where one step back from the cursor goes: to just after the step
    /// before it or, with `changes_only`, after the latest earlier step
    /// that changed something (the oldest kept point when none did).
    /// None at the oldest kept point already.
    pub fn back_target(&self, changes_only: bool) -> Option<usize> {
        if self.cursor == 0 {
            return None;
        }
        let target = self.steps[..self.cursor - 1]
            .iter()
            .rposition(|s| !changes_only || !s.is_noop())
            .map_or(0, |i| i + 1);
        Some(self.dropped + target)
    }

    /// A hash of the applied trace's summaries: equal hashes mean equal runs.
    pub fn trace_hash(&self) -> u64 {
        // FNV-1a, continued from the forgotten steps' hash.
        self.trace().iter().fold(self.dropped_hash, fnv_step)
    }
}

#[cfg(test)]
mod tests {
    use super::release_spare;

    #[test]
    fn a_trace_buffer_gives_back_what_a_lowered_limit_left_spare() {
        let mut v: Vec<u64> = (0..200_000).collect();
        v.drain(..199_100);
        release_spare(&mut v);
        assert!(v.capacity() <= 1_800, "capacity {} for 900 steps", v.capacity());
        assert_eq!(v.first(), Some(&199_100));
        // A buffer near full keeps its room: trimming a tenth at a time
        // must not reallocate on every trim.
        let mut full: Vec<u64> = Vec::with_capacity(262_144);
        full.extend(0..180_000);
        release_spare(&mut full);
        assert_eq!(full.capacity(), 262_144);
        let mut empty: Vec<u64> = Vec::with_capacity(10_000);
        release_spare(&mut empty);
        assert_eq!(empty.capacity(), 0);
    }

    /// With history off nothing can jump back, so the engine keeps no copy
    /// of the cluster from when it went off: that copy held a first version
    /// of every node for as long as a benchmark ran. Turned on again, the
    /// history starts from the world then.
    #[test]
    fn history_off_keeps_no_copy_of_the_cluster() {
        let mut e = super::Engine::with_default_cluster(3);
        assert!(!e.base.store.is_empty(), "the default cluster is the base");
        e.set_record_history(false);
        assert!(e.base.store.is_empty(), "history off keeps {} objects in the base", e.base.store.len());
        e.set_record_history(true);
        assert_eq!(e.base.store.len(), e.world.store.len());
    }
}
